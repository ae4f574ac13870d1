#!/usr/bin/env bash
# test/checks/resolver_corpus.sh -- accuracy of pith.parse_reference on the
# corpus test/data/references_corpus.tsv (real references from the
# bibliographies of real papers, plus the golden file's 39 and SmartSwap's
# 62).  Titles count as extracted when pith.title_key of the parsed title
# equals that of the true one.  Fails below the targets: title 90%, year
# 95%, arXiv id and DOI 99% where present, zero false identifiers, and
# every quality verdict of the seeds (golden + SmartSwap) as recorded.
# This is a regression set (the 0.2.0 heuristic parser was written against
# it: 97.3% titles); the 0.3.0 CRF parser is measured on the held-out test
# split of the public corpora (bench/parser/run), and keeps 90.6% here.
set -euo pipefail
db=pith_resolver_corpus_$$
psql -X -q -d postgres -c "CREATE DATABASE $db" >/dev/null
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
run() { psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }
run -c "CREATE EXTENSION pith CASCADE"
run -c "CREATE TABLE corpus (line serial, source text, raw text, title text, year int, arxiv_id text, doi text, quality text)"
grep -v '^#' test/data/references_corpus.tsv \
    | run -c "\\copy corpus (source, raw, title, year, arxiv_id, doi, quality) FROM STDIN"

run -At -F ' ' <<'SQL' > "${TMPDIR:-/tmp}/resolver_corpus_$$.txt"
CREATE TEMP TABLE scored AS
SELECT c.*, (p).title AS p_title, (p).year AS p_year, (p).arxiv_id::text AS p_arxiv,
       (p).doi::text AS p_doi, (p).quality AS p_quality,
       CASE WHEN c.source LIKE 'golden:%' OR c.source LIKE 'smartswap%' THEN 'seeds' ELSE 'papers' END AS grp
FROM corpus c, LATERAL (SELECT pith.parse_reference(coalesce(c.raw, '')) AS p) x;

-- one line per group and one for everything
SELECT coalesce(grp, 'all'),
       count(*),
       count(*) FILTER (WHERE title IS NOT NULL),
       count(*) FILTER (WHERE title IS NOT NULL AND p_title IS NOT NULL
                        AND pith.title_key(p_title) = pith.title_key(title)),
       count(*) FILTER (WHERE year IS NOT NULL),
       count(*) FILTER (WHERE year IS NOT NULL AND p_year = year),
       count(*) FILTER (WHERE arxiv_id IS NOT NULL),
       count(*) FILTER (WHERE arxiv_id IS NOT NULL AND p_arxiv = arxiv_id),
       count(*) FILTER (WHERE doi IS NOT NULL),
       count(*) FILTER (WHERE doi IS NOT NULL AND p_doi = doi),
       count(*) FILTER (WHERE (p_arxiv IS NOT NULL AND p_arxiv IS DISTINCT FROM arxiv_id)
                           OR (p_doi IS NOT NULL AND p_doi IS DISTINCT FROM doi)),
       count(*) FILTER (WHERE title IS NULL AND p_title IS NOT NULL),
       count(*) FILTER (WHERE year IS NULL AND p_year IS NOT NULL),
       count(*) FILTER (WHERE quality IS NOT NULL),
       count(*) FILTER (WHERE quality IS NOT NULL AND p_quality = quality)
FROM scored GROUP BY ROLLUP (grp) ORDER BY grp NULLS LAST;
SQL
out="${TMPDIR:-/tmp}/resolver_corpus_$$.txt"
status=0
while read -r grp n tn t yn y an a dn d falseid ftitle fyear qn q; do
    pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.1f%%", 100 * a / b }'; }
    echo "$grp: $n references; title $t/$tn ($(pct $t $tn)); year $y/$yn ($(pct $y $yn));" \
         "arXiv $a/$an ($(pct $a $an)); DOI $d/$dn ($(pct $d $dn)); false identifiers $falseid;" \
         "titles where none is true $ftitle; years where none is true $fyear; quality $q/$qn"
    if [ "$grp" = seeds ] && [ "$q" -ne "$qn" ]; then
        echo "seed verdicts changed"; status=1
    fi
    if [ "$grp" = all ]; then
        awk -v t="$t" -v tn="$tn" -v y="$y" -v yn="$yn" -v a="$a" -v an="$an" -v d="$d" -v dn="$dn" -v f="$falseid" \
            'BEGIN { exit !(t >= 0.90 * tn && y >= 0.95 * yn && a >= 0.99 * an && d >= 0.99 * dn && f == 0) }' \
            || { echo "below target"; status=1; }
    fi
done < "$out"
rm -f "$out"
if [ $status -ne 0 ]; then
    echo "misses (first 40):"
    run -At <<'SQL' || true
SELECT c.source || ' | ' || c.raw || ' | want: ' || coalesce(c.title, '-') || ' / ' || coalesce(c.year::text, '-')
       || ' | got: ' || coalesce((p).title, '-') || ' / ' || coalesce((p).year::text, '-') || ' ' || (p).quality
FROM corpus c, LATERAL (SELECT pith.parse_reference(coalesce(c.raw, '')) AS p) x
WHERE (c.title IS NOT NULL AND pith.title_key(coalesce((p).title, '')) IS DISTINCT FROM pith.title_key(c.title))
   OR (c.year IS NOT NULL AND (p).year IS DISTINCT FROM c.year)
ORDER BY c.line LIMIT 40;
SQL
fi
exit $status
