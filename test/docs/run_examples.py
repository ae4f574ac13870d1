#!/usr/bin/env python3
"""test/docs/run_examples.py FILE.md... -- run every ```sql example of the docs.

Each file gets its own database holding pith and the golden record
(test/data/golden_2506.06472.json, loaded with pith.ingest_record); its
```sql blocks run there in order, each in a new psql session
(`psql -X -q -v ON_ERROR_STOP=1`, from the top of the checkout, so
`\\set doc `cat test/data/...`` works).  A block fails on any error.  A
```sql block directly followed by a ```text block must print exactly that
text (trailing blanks of each line ignored).  Markers on the line before a
block:
    <!-- doc-test: skip REASON -->   not run (say why)
    <!-- doc-test: fresh -->         run in a new empty database instead
Tables with an "example" and a "result" column (docs/reference.md) are
examples too: each row whose example is one `code span` is run as
`SELECT <example>` (search_path pith first, psql -At) in the file's
database, and where the result is one `code span` too, its output must be
that text (a result ending in "…" is compared as a prefix).  A row the
test cannot run as written says so in its result cell: "(not run: REASON)".
Connection: PGHOST, PGPORT, PGUSER of a running cluster.  Prints one line
per block, "ok FILE:LINE" / "FAILED FILE:LINE" / "skip FILE:LINE (reason)",
and exits non-zero when a block failed.
"""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, 'test/data/golden_2506.06472.json')
FENCE = re.compile(r'^```(\w*)\s*$')
MARK = re.compile(r'^<!--\s*doc-test:\s*(skip|fresh)\b\s*(.*?)\s*-->\s*$')


def blocks(path):
    """(line, lang, code, marker, reason, expected-or-None) for every fenced block."""
    lines = open(path, encoding='utf-8').read().split('\n')
    out, i = [], 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m or not m.group(1):
            if m:  # an unlabelled opening fence: skip to its end
                i += 1
                while i < len(lines) and not FENCE.match(lines[i]):
                    i += 1
            i += 1
            continue
        lang, start = m.group(1), i
        j = i + 1
        while j < len(lines) and lines[j].rstrip() != '```':
            j += 1
        code = '\n'.join(lines[i + 1:j]) + '\n'
        mk = MARK.match(lines[start - 1]) if start > 0 else None
        expected = None
        k = j + 1
        if k < len(lines) and lines[k].rstrip() == '```text':
            e = k + 1
            while e < len(lines) and lines[e].rstrip() != '```':
                e += 1
            expected = '\n'.join(lines[k + 1:e])
            j = e
        out.append((start + 1, lang, code, mk.group(1) if mk else None,
                    mk.group(2) if mk else '', expected))
        i = j + 1
    return out


CODE = re.compile(r'^`([^`]+)`$')


def table_rows(path):
    """(line, example, expected-or-None, skip-reason) for example/result tables."""
    lines = open(path, encoding='utf-8').read().split('\n')
    out, cols = [], None
    for n, line in enumerate(lines, 1):
        if not line.startswith('|'):
            cols = None
            continue
        cells = [c.strip() for c in re.split(r'(?<!\\)\|', line.strip())[1:-1]]
        if cols is None:
            low = [c.lower() for c in cells]
            cols = (low.index('example'), low.index('result')) if 'example' in low and 'result' in low else False
            continue
        if not cols or set(line) <= set('|- '):
            continue
        ex, res = cells[cols[0]], cells[cols[1]] if cols[1] < len(cells) else ''
        m = CODE.match(ex)
        if not m:
            continue
        skip = re.search(r'\(not run: ([^)]*)\)', res)
        r = CODE.match(res.split(' (')[0].strip()) if res else None
        out.append((n, m.group(1).replace('\\|', '|'), r.group(1).replace('\\|', '|') if r else None,
                    skip.group(1) if skip else None))
    return out


def psql(db, sql, stop=True):
    cmd = ['psql', '-X', '-q', '-d', db]
    if stop:
        cmd += ['-v', 'ON_ERROR_STOP=1']
    return subprocess.run(cmd, input=sql, capture_output=True, text=True, cwd=ROOT)


def norm(text):
    return '\n'.join(l.rstrip() for l in text.strip('\n').split('\n'))


def fresh_db(name, golden):
    psql('postgres', f'DROP DATABASE IF EXISTS {name};')
    r = psql('postgres', f"CREATE DATABASE {name} ENCODING 'UTF8' TEMPLATE template0;")
    if r.returncode:
        sys.exit(f'cannot create database {name}: {r.stderr}')
    if golden:
        r = psql(name, "CREATE EXTENSION pith;\n\\set doc `cat test/data/golden_2506.06472.json`\n"
                       "SELECT pith.ingest_record(:'doc'::jsonb) \\g /dev/null\n")
        if r.returncode:
            sys.exit(f'cannot load the golden record into {name}: {r.stderr}')


def run_row(db, rel, line, example, expected, skip):
    """One table row: True passed, False failed, None skipped (prints its line)."""
    where = f'{rel}:{line}'
    if skip:
        print(f'skip    {where} ({skip})')
        return None
    stmt = example if re.match(r'(?i)^(SELECT|SET|WITH|VALUES)\b', example) else f'SELECT {example}'
    script = ('\\set doc `cat test/data/golden_2506.06472.json`\n'
              'SET search_path = pith, public;\n' + stmt + ';\n')
    r = subprocess.run(['psql', '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', db],
                       input=script, capture_output=True, text=True, cwd=ROOT)
    got = r.stdout.strip('\n')
    problem = None
    if r.returncode or 'ERROR:' in r.stderr:
        problem = r.stderr.strip()
    elif expected is not None:
        want = {'NULL': '', 'true': 't', 'false': 'f'}.get(expected, expected)
        if not (got.startswith(want[:-1]) if want.endswith('…') else got == want):
            problem = f'shown {expected!r}, printed {got!r}'
    if problem:
        print(f'FAILED  {where}: {stmt}\n{problem}')
        return False
    print(f'ok      {where}' + (' (result compared)' if expected is not None else ''))
    return True


def main(files):
    failed = passed = skipped = 0
    for fi, path in enumerate(files):
        rel = os.path.relpath(path, ROOT)
        db = f'pith_docs_{fi}'
        fresh_db(db, True)
        # blocks and table rows in the order a reader meets them
        items = [(b[0], 'block', b) for b in blocks(path) if b[1] == 'sql'] + \
                [(t[0], 'row', t) for t in table_rows(path)]
        for n, (_, kind, item) in enumerate(sorted(items, key=lambda i: i[0])):
            if kind == 'row':
                ok = run_row(db, rel, *item)
                if ok is None:
                    skipped += 1
                elif ok:
                    passed += 1
                else:
                    failed += 1
                continue
            line, lang, code, mark, reason, expected = item
            where = f'{rel}:{line}'
            if mark == 'skip':
                skipped += 1
                print(f'skip    {where} ({reason or "no reason given"})')
                continue
            target = db
            if mark == 'fresh':
                target = f'pith_docs_{fi}_{n}'
                fresh_db(target, False)
            r = psql(target, code)
            problem = None
            if r.returncode or 'ERROR:' in r.stderr:
                problem = r.stderr.strip() or f'psql exited {r.returncode}'
            elif expected is not None and norm(r.stdout) != norm(expected):
                problem = 'output differs:\n--- shown\n' + norm(expected) + '\n--- printed\n' + norm(r.stdout)
            if mark == 'fresh':
                psql('postgres', f'DROP DATABASE IF EXISTS {target};')
            if problem:
                failed += 1
                print(f'FAILED  {where}\n{problem}\n--- the block\n{code}')
            else:
                passed += 1
                print(f'ok      {where}' + (' (output compared)' if expected is not None else ''))
        psql('postgres', f'DROP DATABASE IF EXISTS {db};')
    print(f'docs: {passed} passed, {failed} failed, {skipped} skipped')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
