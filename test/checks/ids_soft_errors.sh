#!/usr/bin/env bash
# test/checks/ids_soft_errors.sh -- on PostgreSQL 16 and later the input
# functions of pith.arxiv_id and pith.doi report bad input as soft errors:
# pg_input_is_valid() answers false instead of raising, and
# pg_input_error_info() gives the message, DETAIL and SQLSTATE the cast
# would raise.  Skipped (77) on 15, which has no soft errors.
set -euo pipefail
db=pith_soft_errors_$$
trap 'psql -qX -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
v=$(psql -XAt -d postgres -c 'SHOW server_version_num')
if [ "$v" -lt 160000 ]; then echo "SKIP: PostgreSQL $v has no soft input errors"; exit 77; fi
psql -qX -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE $db"
psql -qX -d "$db" -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith'
long_doi="10.1234/$(printf 'x%.0s' $(seq 1 1100))"
expected=$(cat <<EOT
t|2506.06472v2|pith.arxiv_id|||
f|1513.06472|pith.arxiv_id|invalid input syntax for type arxiv_id: "1513.06472"|The month 13 is not between 01 and 12.|22P02
f|1412.12345|pith.arxiv_id|invalid input syntax for type arxiv_id: "1412.12345"|Identifiers from 0704 to 1412 have 4 digits after the dot, not 5.|22P02
t|https://doi.org/10.1038/NATURE14539|pith.doi|||
f|10.1038/nature 14539|pith.doi|invalid input syntax for type doi: "10.1038/nature 14539"|The suffix contains whitespace or a control character.|22P02
f|long|pith.doi|value too long for type doi|The DOI is longer than 1024 bytes, the most pith stores.|54000
EOT
)
got=$(psql -XAt -d "$db" -v ON_ERROR_STOP=1 -v long="$long_doi" <<'SQL'
SELECT pg_input_is_valid(i, t), CASE WHEN length(i) > 100 THEN 'long' ELSE i END, t,
       e.message, e.detail, e.sql_error_code
FROM (VALUES ('2506.06472v2', 'pith.arxiv_id'), ('1513.06472', 'pith.arxiv_id'),
             ('1412.12345', 'pith.arxiv_id'), ('https://doi.org/10.1038/NATURE14539', 'pith.doi'),
             ('10.1038/nature 14539', 'pith.doi'), (:'long', 'pith.doi')) AS x(i, t),
     LATERAL pg_input_error_info(i, t) AS e;
SQL
)
if [ "$got" = "$expected" ]; then echo "ok: soft errors for both types"; exit 0; fi
echo "FAILED: pg_input_is_valid / pg_input_error_info"
diff <(echo "$expected") <(echo "$got") || true
exit 1
