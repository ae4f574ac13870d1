#!/usr/bin/env bash
# test/checks/titles_accuracy.sh -- title matching accuracy on the real-title
# set test/data/titles_pairs.tsv (built by test/data/titles_make_pairs.py):
# pith.title_similarity at the default pith.title_similarity_threshold must
# reach F1 >= 0.99.  Prints the pg_trgm and levenshtein baselines beside it.
set -uo pipefail
db=pith_titles_acc_$$
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db TEMPLATE template0 ENCODING 'UTF8'" || exit 1
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
out=$(psql -X -q -d "$db" -v ON_ERROR_STOP=1 -f bench/titles/accuracy.sql) || { echo "$out"; exit 1; }
echo "$out"
f1=$(psql -X -q -At -d "$db" -v ON_ERROR_STOP=1 <<'SQL'
CREATE TEMP TABLE p (kind text, label int, a text, b text);
\copy p FROM 'test/data/titles_pairs.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01')
SELECT 2.0 * count(*) FILTER (WHERE label = 1 AND a OPERATOR(pith.%%) b)
       / (count(*) FILTER (WHERE label = 1) + count(*) FILTER (WHERE a OPERATOR(pith.%%) b))
  FROM p;
SQL
) || exit 1
echo "F1 of the %% operator at the default threshold: $f1"
awk -v f="$f1" 'BEGIN { exit !(f >= 0.99) }' || { echo "F1 below 0.99"; exit 1; }
