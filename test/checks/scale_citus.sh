#!/usr/bin/env bash
# test/checks/scale_citus.sh -- pith on a real Citus cluster: a coordinator
# and two workers, each a throwaway cluster on its own unix socket folder (no
# TCP port; the nodes name each other by socket folder).  Loads the golden
# record on a single server and on the cluster (after pith.distribute()),
# and requires the same records (digest for digest) for the golden paper and
# every paper it cites, and a one-task router plan for one record's
# references; then pith.ingest_table() on the cluster, and
# pith.ingest_records() set-wise there (six new papers, records equal to
# their documents).  Skips (77) when Citus is not installed on this machine.
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
scale_require_citus
fail() { echo "FAIL: $*"; exit 1; }

AS_OF='2026-08-08T05:57:00Z'
DB=scale_citus_$$
trap 'rm -f /tmp/$DB.*; scale_stop_all' EXIT
# digests: one line per paper, "arxiv_id digest" over its canonical record text
digests() {
    psql -X -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$2" -c "
        SELECT p.arxiv_id::text || ' ' || pith.json_digest(pith.citation_record(p.arxiv_id, '$AS_OF'))
        FROM pith.papers p ORDER BY p.arxiv_id::text"
}
# resolve_paper on the golden paper, then its links (observed_at aside)
resolved() {
    psql -X -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$2" \
        -c "SELECT pith.resolve_paper('2506.06472', true)" \
        -c "SELECT r.reference_index || ' ' || l.status || ' ' || coalesce(l.resolver_source, '-') || ' '
                   || coalesce(round(l.score::numeric, 6)::text, '-') || ' ' || coalesce(w.arxiv_id::text, '-')
            FROM pith.paper_references r
            JOIN pith.paper_reference_links l ON l.citing_arxiv_id OPERATOR(pith.=) r.citing_arxiv_id AND l.observation_id = r.observation_id
            LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
            WHERE r.citing_arxiv_id OPERATOR(pith.=) '2506.06472' ORDER BY r.reference_index"
}
load() {
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$2" \
        -v doc="$(cat test/data/golden_2506.06472.json)" \
        <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null
}

# single server: the reference answer
psql -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $DB" -c "\\c $DB" -c "CREATE EXTENSION pith CASCADE" \
    || fail "single-server database"
load "$PGHOST" "$DB" || fail "single-server ingest"
digests "$PGHOST" "$DB" >/tmp/$DB.single || fail "single-server records"
scale_view_digests "$PGHOST" "$DB" >/tmp/$DB.single-views || fail "single-server views"
resolved "$PGHOST" "$DB" >/tmp/$DB.single-links || fail "single-server resolve_paper"
# seven clones of the golden paper (new papers citing the same works), their
# records as documents for the cluster, one per line: six for a batch, the
# seventh for ingest_record
psql -X -q -v ON_ERROR_STOP=1 -d "$DB" -f test/data/clone_paper.sql >/dev/null || fail "clone_paper"
psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" \
    -c "SELECT count(pith_test.clone_paper('2506.06472', format('2401.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1))
        FROM generate_series(1, 7) k" \
    -c "SELECT pith.canonical_json(pith.citation_record(p.arxiv_id, '$AS_OF', 1000, 1000))
        FROM pith.papers p WHERE p.arxiv_id::text LIKE '2401.%' ORDER BY p.arxiv_id::text" \
    | tail -n 7 >/tmp/$DB.all-clones || fail "clone documents"
head -n 6 /tmp/$DB.all-clones >/tmp/$DB.clones
tail -n 1 /tmp/$DB.all-clones >/tmp/$DB.clone7
[ "$(wc -l </tmp/$DB.clones)" = 6 ] || fail "expected 6 clone documents"
psql -X -q -c "DROP DATABASE $DB" >/dev/null
golden=$(sha256sum test/data/golden_2506.06472.json | cut -d' ' -f1)
grep -q "^2506.06472 sha256:$golden\$" /tmp/$DB.single || fail "single server does not reproduce the golden file"

scale_citus_start "$DB" || fail "could not start the Citus cluster"
C=$CITUS_COORD
psql -X -q -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "CREATE EXTENSION pith CASCADE" \
    || fail "CREATE EXTENSION pith on the coordinator"
for w in "$CITUS_W1" "$CITUS_W2"; do
    [ "$(psql -X -At -h "$w" -p 5432 -U postgres -d "$DB" -c "SELECT count(*) FROM pg_extension WHERE extname = 'pith'")" = 1 ] \
        || fail "pith did not reach worker $w"
done
psql -X -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT * FROM pith.distribute(8)" \
    || fail "pith.distribute"
psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT count(*) FROM pith.distribute(8)" >/dev/null \
    || fail "pith.distribute() a second time (it must be idempotent)"
load "$C" "$DB" || fail "ingest on the cluster"
digests "$C" "$DB" >/tmp/$DB.citus || fail "records on the cluster"
if ! diff /tmp/$DB.single /tmp/$DB.citus; then fail "cluster records differ from the single server"; fi
echo "records identical: $(wc -l </tmp/$DB.citus) papers"
# what ingest_record says it wrote is what it wrote: the golden record again
# writes nothing; a new paper citing stored works (further down) writes its
# paper row, its version and references, and no work (Citus counts the rows an
# INSERT ... SELECT ... ON CONFLICT DO NOTHING tried, citusdata/citus#3377:
# pith counts them through RETURNING)
counts() {
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -v doc="$1" <<<"
        SELECT r ->> 'observations_inserted', r ->> 'observations_unchanged',
               (SELECT string_agg(e.key || '=' || e.value, ',' ORDER BY e.key) FROM jsonb_each_text(r -> 'rows_inserted') e)
        FROM pith.ingest_record(:'doc'::jsonb) r"
}
got=$(counts "$(cat test/data/golden_2506.06472.json)") || fail "ingest_record of the golden record again"
[ "$got" = "0|39|citation_measurements=0,cited_works=0,paper_reference_links=0,paper_references=0,paper_versions=0,papers=0,retraction_status_cache=0,scholarly_work_events=0" ] \
    || fail "the golden record loaded again on the cluster: $got"
echo "golden record again: $got"
scale_view_digests "$C" "$DB" | diff /tmp/$DB.single-views - || fail "the views on the cluster differ from the single server"
echo "views identical: $(tr '\n' ';' </tmp/$DB.single-views)"

# shards really are spread over both workers
n=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    SELECT count(DISTINCT pl.groupid) FROM pg_dist_shard s JOIN pg_dist_placement pl USING (shardid)
    WHERE s.logicalrelid = 'pith.paper_references'::regclass")
[ "$n" = 2 ] || fail "paper_references shards are on $n nodes, expected 2"
# the observation id alone is indexed on every shard of the references
# (their key is widened to (paper, observation); ingest looks observations
# up by id alone)
n=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    SELECT (SELECT count(*) FROM pg_indexes WHERE schemaname = 'pith' AND indexname = 'paper_references_observation_idx')
           || ' ' || (SELECT sum(result::int) FROM run_command_on_shards('pith.paper_references',
                 \$\$SELECT count(*) FROM pg_index x JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[0]
                   WHERE x.indrelid = '%s'::regclass AND x.indnatts = 1 AND a.attname = 'observation_id'\$\$))
           || ' ' || (SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = 'pith.paper_references'::regclass)")
set -- $n
[ "$1" = 1 ] && [ "$2" = "$3" ] || fail "the observation id index: on the coordinator $1, on $2 of $3 shards"
echo "observation id index on $2 of $3 shards"
# rows of the golden paper live on one worker only
rows=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    SELECT count(*) FROM pith.paper_references WHERE citing_arxiv_id OPERATOR(pith.=) '2506.06472'")
[ "$rows" = 39 ] || fail "expected 39 references of the golden paper, got $rows"

# one record: the call is delegated to the worker holding the paper
plan=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    EXPLAIN (COSTS OFF) SELECT pith.citation_record('2506.06472', '$AS_OF')")
echo "$plan"
echo "$plan" | grep -q 'Task Count: 1' || fail "citation_record is not a single-task plan"
echo "$plan" | grep -Eq "Node: host=($CITUS_W1|$CITUS_W2) " || fail "citation_record is not delegated to a worker"
# and executed there: the delegated call gives the golden file's digest
got=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    SELECT pith.json_digest(pith.citation_record('2506.06472', '$AS_OF'))")
[ "$got" = "sha256:$golden" ] || fail "delegated citation_record gives $got"
# the outbound references of one paper: a router query to one shard
plan=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    EXPLAIN (COSTS OFF) SELECT * FROM pith.paper_references WHERE citing_arxiv_id OPERATOR(pith.=) '2506.06472'")
echo "$plan" | grep -q 'Task Count: 1' || fail "a paper's references are not a router query"
# the inbound side of one paper: a router query too, to the shard of the
# paper's own rows (inbound_references is distributed by the cited id)
plan=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    EXPLAIN (COSTS OFF) SELECT * FROM pith.inbound_references WHERE cited_arxiv_id OPERATOR(pith.=) '1810.04805'")
echo "$plan" | grep -q 'Task Count: 1' || fail "a paper's inbound rows are not a router query"
colocated=$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
    SELECT (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'pith.inbound_references'::regclass)
         = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'pith.paper_references'::regclass)")
[ "$colocated" = t ] || fail "inbound_references is not colocated with paper_references"
# what ingest kept on the cluster is what a rebuild computes
[ "$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT pith.refresh_inbound()")" = 0 ] \
    || fail "the inbound rows on the cluster differ from a rebuild: $(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT pith.refresh_inbound()" 2>&1)"
# resolve_paper, delegated to the worker holding the paper, writes the same
# links as on one server (it changes the records, so it comes last)
resolved "$C" "$DB" >/tmp/$DB.citus-links || fail "resolve_paper on the cluster"
diff /tmp/$DB.single-links /tmp/$DB.citus-links || fail "resolve_paper on the cluster differs from the single server"
echo "resolve_paper identical: $(($(wc -l </tmp/$DB.citus-links) - 1)) links"
# a new paper citing stored works, through ingest_record (see above)
got=$(counts "$(cat /tmp/$DB.clone7)") || fail "ingest_record of a new paper"
echo "a new paper: $got"
case $got in
    "39|0|"*cited_works=0,*paper_references=39,paper_versions=1,papers=1,retraction_status_cache=0,scholarly_work_events=0) ;;
    *) fail "a new paper citing stored works on the cluster: $got" ;;
esac
# the batch path on the cluster: a staged table with the golden record
# again (refused, 23000: resolve_paper above rewrote its links, which the
# document now contradicts), the smartswap record (loads) and a document
# that is no object
got=$(psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" \
    -v doc="$(cat test/data/golden_2506.06472.json)" -v ss="$(cat test/data/smartswap_record.json)" <<'SQL'
CREATE TEMP TABLE staged (k int PRIMARY KEY, d jsonb);
INSERT INTO staged VALUES (1, :'doc'), (2, :'ss'), (3, '[]');
SELECT string_agg(ord || ':' || loaded || ':' || observations_inserted || ':' || coalesce(error_sqlstate, '-'), ' ' ORDER BY ord)
FROM pith.ingest_table('staged');
SQL
)
[ "$got" = "1:false:0:23000 2:true:62:- 3:false:0:22023" ] || fail "ingest_table on the cluster: $got"
[ "$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT pith.refresh_inbound()")" = 0 ] \
    || fail "the inbound rows after ingest_table differ from a rebuild"
echo "ingest_table on the cluster: $got"
# ingest_records runs set-wise on the cluster (not one ingest_record call:
# the work tables joined with the shards' rows read by their keys), also
# when the batch brings catalog rows (the clones are new papers): each
# clone's record on the cluster is then its document byte for byte; the
# same batch again inserts nothing, set-wise too, also twice more with
# pith.ingest_work_tables = session (the second time in tables an earlier
# transaction made)
# (one batch of the clones in its own transaction: loaded:inserted, then
# the ingest_record calls it made)
batch="BEGIN;
SELECT count(*) FILTER (WHERE r.loaded) || ':' || sum(r.observations_inserted)
FROM pith.ingest_records(ARRAY(SELECT d FROM clones ORDER BY k)) r;
SELECT coalesce(sum(f.calls), 0) FROM pg_stat_xact_user_functions f
WHERE f.schemaname = 'pith' AND f.funcname IN ('ingest_record', 'ingest_document');
COMMIT;"
got=$(psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" <<SQL
CREATE TEMP TABLE clones (k serial, d jsonb);
\\copy clones (d) FROM '/tmp/$DB.clones'
SET track_functions = 'all';
$batch
SELECT count(*) FROM clones c
WHERE pith.canonical_json(pith.citation_record((c.d -> 'paper' ->> 'arxiv_id')::pith.arxiv_id, '$AS_OF', 1000, 1000))
      = pith.canonical_json(c.d);
$batch
SET pith.ingest_work_tables = session;
$batch
$batch
SQL
)
[ "$(echo $got)" = "6:234 0 6 6:0 0 6:0 0 6:0 0" ] || fail "ingest_records of six new papers on the cluster (loaded:inserted, one-by-one calls, records equal to their documents; then again, and twice with session work tables): $(echo $got)"
[ "$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT pith.refresh_inbound()")" = 0 ] \
    || fail "the inbound rows after the batch differ from a rebuild"
echo "ingest_records on the cluster, set-wise: $(echo $got)"
rm -f /tmp/$DB.single /tmp/$DB.citus /tmp/$DB.single-views /tmp/$DB.single-links /tmp/$DB.citus-links /tmp/$DB.clones /tmp/$DB.clone7 /tmp/$DB.all-clones
echo "ok"
