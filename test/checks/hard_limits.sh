#!/usr/bin/env bash
# test/checks/hard_limits.sh -- documented limits, each bounded in time
# (statement_timeout) and answered correctly or refused with a clear error:
#   * a 10 MB title: refused by the title functions (54000, they take 4 MB),
#     carried byte for byte by canonical_json and the renderers;
#   * a 100 MB jsonb document: digested, and the digest equals sha256 of its
#     canonical text;
#   * nesting 10,000 levels deep: canonical text exact, or a clear
#     stack-depth error (54001) -- never a crash;
#   * a paper with 100,035 references: its record (default caps) counts all
#     of them, displays 100 and its 101 digests verify.
set -uo pipefail
db=pith_hard_limits
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" >/dev/null' EXIT
psql -qX -d $db -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith CASCADE' >/dev/null
fails=0
# expect NAME WANT SQL: the single-value answer of SQL must equal WANT.
expect() {
    local got
    got=$(psql -qAtX -d $db -v golden="$(cat test/data/golden_2506.06472.json)" 2>&1 <<SQL
SET statement_timeout = '120s';
\\set VERBOSITY sqlstate
$3
SQL
)
    if [ "$got" = "$2" ]; then echo "ok    $1"; else echo "FAIL  $1: want [$2] got [${got:0:300}]"; fails=$((fails+1)); fi
}

expect "10 MB title: normalize_title refuses with 54000" "ERROR:  54000" \
  "SELECT pith.normalize_title(repeat('Ab ', 3500000));"
expect "10 MB title: title_key refuses with 54000" "ERROR:  54000" \
  "SELECT pith.title_key(repeat('Ab ', 3500000));"
expect "10 MB title: title_similarity refuses with 54000" "ERROR:  54000" \
  "SELECT pith.title_similarity(repeat('Ab ', 3500000), 'Ab');"
expect "1 MB title: title_similarity answers" "t" \
  "SELECT pith.title_similarity(repeat('deep learning ', 75000), repeat('deep learning ', 75000)) = 1;"
expect "10 MB title: parse_reference answers or refuses cleanly" "ok" \
  "SELECT CASE WHEN (pith.parse_reference(repeat('Ab ', 3500000))).quality IS NOT NULL THEN 'ok' END;"
expect "10 MB title: canonical_json carries it byte for byte" "t" \
  "SELECT pith.canonical_json(jsonb_build_object('title', repeat('Ab ', 3500000))) = '{\"title\":\"' || repeat('Ab ', 3500000) || '\"}';"
expect "10 MB title: render_text of a record carrying it" "t" \
  "SELECT position(repeat('Ab ', 3500000) IN pith.render_text(jsonb_set(:'golden'::jsonb, '{paper,title}', to_jsonb(repeat('Ab ', 3500000))))) > 0;"
expect "10 MB title: render_html of a record carrying it, escaped" "t" \
  "SELECT position(repeat('&lt;b ', 2000000) IN pith.render_html(jsonb_set(:'golden'::jsonb, '{paper,title}', to_jsonb(repeat('<b ', 3500000))))) > 0;"
expect "100 MB document: json_digest = sha256 of the canonical text" "t" \
  "CREATE TEMP TABLE big AS SELECT jsonb_build_object('a', repeat('x', 50000000), 'b', repeat('é', 25000000)) AS doc;
   SELECT pith.json_digest(doc) = 'sha256:' || encode(sha256(convert_to(pith.canonical_json(doc), 'UTF8')), 'hex') FROM big;"
expect "nesting 10,000 deep: exact canonical text or 54001" "ok" \
  "DO \$\$ DECLARE d text := repeat('[', 10000) || repeat(']', 10000); BEGIN
     IF pith.canonical_json(d::jsonb) <> d THEN RAISE EXCEPTION 'wrong canonical text'; END IF;
   EXCEPTION WHEN statement_too_complex THEN NULL; END \$\$; SELECT 'ok';"
expect "nesting 10,000 deep objects: digest or 54001" "ok" \
  "DO \$\$ DECLARE d text := repeat('{\"k\":', 10000) || '1' || repeat('}', 10000); BEGIN
     IF pith.json_digest(d::jsonb) <> 'sha256:' || encode(sha256(convert_to(d, 'UTF8')), 'hex') THEN RAISE EXCEPTION 'wrong digest'; END IF;
   EXCEPTION WHEN statement_too_complex THEN NULL; END \$\$; SELECT 'ok';"
expect "100,035 references: record counts all, displays 100" "100035|100|101|100035" \
  "\\o /dev/null
   SELECT pith.ingest_record(:'golden'::jsonb);
   \\i test/data/clone_paper.sql
   SELECT pith_test.clone_paper('2506.06472', '2601.00001', 2565);
   \\o
   SELECT r->'reference_resolution'->>'total_outbound_references', jsonb_array_length(r->'outbound'),
          (SELECT count(*) FROM pith.verify_record(r) WHERE ok),
          (SELECT sum(v::int) FROM jsonb_each_text(r->'reference_resolution'->'state_counts') s(k, v))
     FROM pith.citation_record('2601.00001', '2026-08-08T05:57:00Z') r;" 
echo "$fails failed"
[ $fails -eq 0 ]
