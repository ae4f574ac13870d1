#!/usr/bin/env python3
"""bench/resolver_e2e/load.py CORPORA_DIR -- print the corpora files written
by model/prepare_corpora.py (gold.tsv, references.tsv) as two COPY ... FROM
STDIN blocks for the tables e2e_gold and e2e_refs that build.sql creates.
The files are read as they are (tab-separated, no quoting); nothing of them
is ever written anywhere but into the throwaway benchmark database."""
import os
import sys


def rows(path, ncols):
    with open(path, encoding='utf-8', newline='') as f:
        lines = f.read().split('\n')
    header = lines[0].split('\t')
    if len(header) != ncols:
        sys.exit(f'{path}: expected {ncols} columns, found {len(header)}')
    for line in lines[1:]:
        if line == '':
            continue
        cols = line.split('\t')
        if len(cols) != ncols:
            sys.exit(f'{path}: a line with {len(cols)} columns')
        yield cols


def copy_field(v):
    if v == '':
        return '\\N'
    return v.replace('\\', '\\\\').replace('\t', '\\t').replace('\n', '\\n').replace('\r', '\\r')


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: load.py CORPORA_DIR')
    d = sys.argv[1]
    out = sys.stdout
    out.write('COPY e2e_gold (source, item_id, split, title, authors, first_author_family, year, container, '
              'volume, issue, pages, publisher, doi, arxiv_id) FROM STDIN;\n')
    for cols in rows(os.path.join(d, 'gold.tsv'), 14):
        out.write('\t'.join(copy_field(c) for c in cols) + '\n')
    out.write('\\.\n')
    out.write('COPY e2e_refs (source, item_id, split, text) FROM STDIN;\n')
    for cols in rows(os.path.join(d, 'references.tsv'), 5):
        out.write('\t'.join(copy_field(c) for c in cols[:4]) + '\n')
    out.write('\\.\n')


main()
