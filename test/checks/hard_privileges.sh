#!/usr/bin/env bash
# test/checks/hard_privileges.sh -- the privilege model: pith has no
# SECURITY DEFINER function, so every function runs with its caller's rights.
#   * a role with nothing on schema pith can neither read nor write (42501);
#   * a reader with USAGE on the schema and SELECT on pith's views -- and
#     nothing on its tables -- reads records, views and verifications (the
#     record functions read the tables through the pith.read_* views, which
#     run with their owner's rights); it cannot read a table directly, and
#     every write fails with 42501;
#   * a writer needs explicit INSERT and UPDATE grants (ingest fills stored
#     NULLs in), and then ingests; it still cannot delete or truncate.
set -uo pipefail
db=pith_hard_privileges
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" -c "DROP ROLE IF EXISTS pith_t_nobody, pith_t_reader, pith_t_writer" >/dev/null 2>&1' EXIT
golden=$(cat test/data/golden_2506.06472.json)
psql -qX -d $db -v ON_ERROR_STOP=1 -v golden="$golden" >/dev/null <<'SQL'
CREATE EXTENSION pith CASCADE;
DROP ROLE IF EXISTS pith_t_nobody;
DROP ROLE IF EXISTS pith_t_reader;
DROP ROLE IF EXISTS pith_t_writer;
CREATE ROLE pith_t_nobody;
CREATE ROLE pith_t_reader;
CREATE ROLE pith_t_writer;
GRANT USAGE ON SCHEMA pith TO pith_t_reader, pith_t_writer;
-- the reader: SELECT on every view of pith, nothing on its tables (README, Privileges)
SELECT format('GRANT SELECT ON %s TO pith_t_reader', c.oid::regclass)
FROM pg_class c WHERE c.relnamespace = 'pith'::regnamespace AND c.relkind = 'v' \gexec
GRANT SELECT ON ALL TABLES IN SCHEMA pith TO pith_t_writer;
GRANT INSERT, UPDATE ON ALL TABLES IN SCHEMA pith TO pith_t_writer;
CREATE TABLE docs AS SELECT :'golden'::jsonb AS doc;
GRANT SELECT ON docs TO PUBLIC;
SQL
fails=0
# as ROLE WANT SQL: the answer (or SQLSTATE) of SQL run as ROLE must be WANT.
as() {
    local got
    got=$(psql -qAtX -d $db 2>&1 <<SQL
\\set VERBOSITY sqlstate
SET ROLE $1;
$3
SQL
)
    if [ "$got" = "$2" ]; then echo "ok    $1: $3"; else echo "FAIL  $1: $3: want [$2] got [${got:0:300}]"; fails=$((fails+1)); fi
}
as pith_t_writer "t" "SELECT (pith.ingest_record(doc)->>'observations_inserted')::int = 39 FROM docs;"
as pith_t_nobody "ERROR:  42501" "SELECT pith.citation_record('2506.06472');"
as pith_t_nobody "ERROR:  42501" "SELECT count(*) FROM pith.citation_records;"
as pith_t_reader "t" "SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = (SELECT pith.canonical_json(doc) FROM docs);"
as pith_t_reader "12" "SELECT count(*) FROM pith.citation_records;"
as pith_t_reader "39" "SELECT count(*) FROM pith.outbound_observations;"
as pith_t_reader "40" "SELECT count(*) FROM pith.verify_record(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) WHERE ok;"
as pith_t_reader "ERROR:  42501" "SELECT count(*) FROM pith.papers;"
as pith_t_reader "ERROR:  42501" "SELECT count(*) FROM pith.paper_references;"
as pith_t_reader "t" "SELECT bool_and(has_table_privilege('pith_t_reader', c.oid, 'SELECT') = (c.relkind = 'v')) FROM pg_class c WHERE c.relnamespace = 'pith'::regnamespace AND c.relkind IN ('r', 'v');"
as pith_t_reader "11" "SELECT count(*) FROM pith.inbound_observations;"
as pith_t_reader "t" "SELECT pith.render_text(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) LIKE 'Cost-Efficient LLM Training%| Paper Citation Record%';"
as pith_t_reader "ERROR:  42501" "SELECT pith.ingest_record(doc) FROM docs;"
as pith_t_reader "ERROR:  42501" "INSERT INTO pith.citation_measurements VALUES ('2506.06472', 'openalex', 1, now());"
as pith_t_reader "ERROR:  42501" "DELETE FROM pith.paper_reference_links;"
as pith_t_reader "ERROR:  42501" "SELECT pith.resolve_paper('2506.06472', true);"
as pith_t_writer "ERROR:  42501" "DELETE FROM pith.paper_reference_links;"
as pith_t_writer "ERROR:  42501" "TRUNCATE pith.citation_measurements;"
as pith_t_writer "t" "SELECT (pith.ingest_record(doc)->>'observations_unchanged')::int = 39 FROM docs;"
as pith_t_writer "t" "SELECT pith.resolve_paper('2506.06472') >= 0;"
secdef=$(psql -qAtX -d $db -c "SELECT count(*) FROM pg_proc WHERE prosecdef AND pronamespace = 'pith'::regnamespace")
[ "$secdef" = 0 ] && echo "ok    no SECURITY DEFINER function" || { echo "FAIL  $secdef SECURITY DEFINER functions"; fails=$((fails+1)); }
echo "$fails failed"
[ $fails -eq 0 ]
