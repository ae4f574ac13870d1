#!/usr/bin/env bash
# model/refsplit/eval_pdf.sh OWNER/NAME=GIT_DIR ... [--split dev|test] -- the
# reference splitter on real PDF extraction: public PDFs that the
# repositories of GROBID, science-parse, CERMINE, s2orc-doc2json,
# pdffigures2, scipdf_parser, pdfact, papermage, mmda, pawls, MinerU,
# docling, grobid_client_python, datastet and unstructured ship as test
# and demo files (none of them in the reference-segmenter corpus; a few
# are documents without references, which must give none), taken
# at the commits the manifest pins,
# turned into text by pdftotext (Debian package poppler-utils; written
# with pdftotext 22.12.0 of bookworm), and split through the same core as
# pith.split_references (split_text.c).  Give each repository's git
# directory: kermitt2/grobid=DIR, allenai/science-parse=DIR,
# CeON/CERMINE=DIR, allenai/s2orc-doc2json=DIR, allenai/pdffigures2=DIR,
# titipata/scipdf_parser=DIR, ad-freiburg/pdfact=DIR,
# allenai/papermage=DIR, allenai/mmda=DIR, allenai/pawls=DIR,
# opendatalab/MinerU=DIR, docling-project/docling=DIR,
# kermitt2/grobid_client_python=DIR, kermitt2/datastet=DIR,
# Unstructured-IO/unstructured=DIR; the papers of a repository not given
# are left out (and said so).
# model/refsplit/pdf_docs.tsv names each PDF (repository, commit, path)
# with its sha256, the sha256 of its text, its split (dev: looked at while
# writing rules; test: counted only, with the code frozen) and its gold
# references as byte offsets into that text (checked by hand against the
# text, reference by reference; "-": the text holds no reference list).
# No text of the papers is in this repository.  A reference counts as
# right when its first and last bytes are a gold reference's.  Prints one
# line per paper and the totals per split.
set -euo pipefail
declare -A repo_dir
only=
while [ $# -gt 0 ]; do
    case "$1" in
        --split) only=$2; shift 2 ;;
        */*=*) repo_dir[${1%%=*}]=${1#*=}; shift ;;
        *) echo "usage: model/refsplit/eval_pdf.sh OWNER/NAME=GIT_DIR ... [--split dev|test]" >&2; exit 2 ;;
    esac
done
[ ${#repo_dir[@]} -gt 0 ] || { echo "usage: model/refsplit/eval_pdf.sh OWNER/NAME=GIT_DIR ... [--split dev|test]" >&2; exit 2; }
cd "$(dirname "$0")/../.."
command -v pdftotext >/dev/null || { echo "eval_pdf.sh: needs pdftotext (apt-get install poppler-utils)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bash model/refsplit/build_tools.sh "$work" split_text
tail -n +2 model/refsplit/pdf_docs.tsv | while IFS=$'\t' read -r split name repo commit path pdf_sha text_sha gold; do
    [ -z "$only" ] || [ "$only" = "$split" ] || continue
    if [ -z "${repo_dir[$repo]:-}" ]; then
        echo "$name: left out ($repo not given)" >&2
        continue
    fi
    git -C "${repo_dir[$repo]}" show "$commit:$path" > "$work/doc.pdf"
    [ "$(sha256sum < "$work/doc.pdf" | cut -d' ' -f1)" = "$pdf_sha" ] || { echo "$name: not the PDF of the manifest" >&2; exit 1; }
    pdftotext "$work/doc.pdf" "$work/doc.txt" 2>/dev/null
    if [ "$(sha256sum < "$work/doc.txt" | cut -d' ' -f1)" != "$text_sha" ]; then
        echo "$name: pdftotext wrote another text than the gold's (another poppler release?); skipped" >&2
        continue
    fi
    "$work/split_text" model/pith_refsplit.model "$work/doc.txt" | awk -F'\t' '{print $1 "-" $2}' > "$work/pred"
    if [ "$gold" = "-" ]; then : > "$work/gold"; else tr ',' '\n' <<<"$gold" > "$work/gold"; fi
    g=$(grep -c . "$work/gold" || true); p=$(grep -c . "$work/pred" || true)
    r=$(sort "$work/gold" | comm -12 - <(sort "$work/pred") | grep -c . || true)
    printf '%s\t%s\tgold %d\tpredicted %d\tright %d\n' "$split" "$name" "$g" "$p" "$r"
done | tee "$work/rows"
awk -F'\t' '{split($3, g, " "); split($4, p, " "); split($5, r, " ");
             G[$1] += g[2]; P[$1] += p[2]; R[$1] += r[2];
             papers[$1]++; if (g[2] == r[2] && p[2] == r[2]) whole[$1]++}
     END {for (s in G) printf "%s: %d papers (%d split exactly), %d gold references, %d predicted, %d right: F1 %.3f\n",
                              s, papers[s], whole[s], G[s], P[s], R[s], (P[s] + G[s]) ? 2 * R[s] / (P[s] + G[s]) : 1}' "$work/rows"
