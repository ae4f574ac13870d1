#!/usr/bin/env bash
# test/checks/loaders_citus.sh -- the loaders after pith.distribute() on a
# real Citus cluster (a coordinator and two workers): the four fixtures of
# test/data/loaders_* load with the same counts, rows, events and receipts
# as on a single server, the golden record still comes back byte for byte,
# and a second load writes nothing; then history: a loader update and a
# plain UPDATE after pith.distribute() keep the old snapshots on every node
# and the golden record still comes back for its as_of.  Skips (77) without Citus.
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
scale_require_citus
fail() { echo "FAIL: $*"; exit 1; }
DB=loaders_citus_$$
trap 'rm -f /tmp/$DB.*; scale_stop_all' EXIT

# load HOST: the four sources twice (counts of both rounds), then the golden record
load() {
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$DB" \
        -v doc="$(cat test/data/golden_2506.06472.json)" <<'SQL'
CREATE TEMP TABLE stage_arxiv (line_number bigint GENERATED ALWAYS AS IDENTITY, line text);
\copy stage_arxiv (line) FROM 'test/data/loaders_arxiv_snapshot.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
CREATE TEMP TABLE stage_crossref (line text);
\copy stage_crossref FROM 'test/data/loaders_crossref_works.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
CREATE TEMP TABLE stage_rw ("Record ID" text, "Title" text, "Subject" text, "Institution" text, "Journal" text,
    "Publisher" text, "Country" text, "Author" text, "URLS" text, "ArticleType" text, "RetractionDate" text,
    "RetractionDOI" text, "RetractionPubMedID" text, "OriginalPaperDate" text, "OriginalPaperDOI" text,
    "OriginalPaperPubMedID" text, "RetractionNature" text, "Reason" text, "Paywalled" text, "Notes" text);
\copy stage_rw FROM 'test/data/loaders_retraction_watch.csv' WITH (FORMAT csv, HEADER true)
CREATE TEMP TABLE stage_openalex (line text);
\copy stage_openalex FROM 'test/data/loaders_openalex_works.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-01T00:00:00Z') - 'observed_at';
SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T06:00:00Z', coverage => 'full') - 'observed_at';
SELECT pith.load_retraction_watch('stage_rw', '2026-09-01T07:00:00Z') - 'observed_at';
SELECT pith.load_openalex_works('stage_openalex');
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-02T00:00:00Z') - 'observed_at';
SELECT pith.load_crossref_works('stage_crossref', '2026-09-02T06:00:00Z', coverage => 'delta') - 'observed_at';
SELECT pith.load_retraction_watch('stage_rw', '2026-09-02T07:00:00Z') - 'observed_at';
SELECT pith.load_openalex_works('stage_openalex');
SELECT (pith.ingest_record(:'doc'::jsonb) ->> 'observations_inserted') || ' observations ingested';
SQL
}
# what HOST holds: the loaded rows, events and receipts, and the golden record's digest
state() {
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$DB" <<'SQL'
SET TimeZone = 'UTC';
SELECT arxiv_id || ' ' || title || ' ' || latest_version || ' ' || snapshot_observed_at FROM pith.papers
WHERE snapshot_observed_at >= '2026-09-01' ORDER BY arxiv_id::text;
SELECT count(*) || ' versions' FROM pith.paper_versions;
SELECT doi || ' ' || metadata_source || ' ' || coalesce(title, '-') FROM pith.cited_works WHERE doi IS NOT NULL ORDER BY doi::text;
SELECT w.doi || ' ' || e.source || ' ' || e.event_type || ' ' || e.event_date FROM pith.scholarly_work_events e
JOIN pith.cited_works w USING (work_id) ORDER BY 1;
SELECT w.doi || ' ' || r.source || ' ' || r.observed_at FROM pith.cited_works w
CROSS JOIN LATERAL pith.work_receipts(w.work_id) r WHERE w.doi IS NOT NULL ORDER BY 1;
SELECT arxiv_id || ' ' || cited_by_count || ' ' || measured_at FROM pith.citation_measurements ORDER BY 1;
SELECT line_number || ' ' || sqlstate || ' ' || source FROM pith.load_rejects ORDER BY source, loaded_at, line_number;
SELECT 'golden ' || pith.json_digest(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'));
SQL
}

psql -X -q -v ON_ERROR_STOP=1 -c "CREATE DATABASE $DB" -c "\\c $DB" -c "CREATE EXTENSION pith CASCADE" >/dev/null \
    || fail "single-server database"
load "$PGHOST" >/tmp/$DB.single-load || fail "single-server loads"
state "$PGHOST" >/tmp/$DB.single || fail "single-server state"
psql -X -q -c "DROP DATABASE $DB" >/dev/null
golden=$(sha256sum test/data/golden_2506.06472.json | cut -d' ' -f1)
grep -q "^golden sha256:$golden\$" /tmp/$DB.single || fail "single server does not reproduce the golden file"
grep -q '"unchanged": 4' /tmp/$DB.single-load || fail "the second arXiv load was not all unchanged"

scale_citus_start "$DB" || fail "could not start the Citus cluster"
C=$CITUS_COORD
psql -X -q -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "CREATE EXTENSION pith CASCADE" \
    || fail "CREATE EXTENSION pith on the coordinator"
psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT object || ': ' || action FROM pith.distribute(8)" >/tmp/$DB.distribute \
    || fail "pith.distribute"
# the receipts' tables are read by every record, on the worker that builds
# it: distribute() must have made them reference tables.
for t in pith.source_snapshots pith.source_coverage; do
    [ "$(psql -X -At -h "$C" -p 5432 -U postgres -d "$DB" -c "
        SELECT partmethod FROM pg_dist_partition WHERE logicalrelid = '$t'::regclass")" = n ] \
        || fail "$t is not a reference table after pith.distribute()"
done
load "$C" >/tmp/$DB.citus-load || fail "loads on the cluster"
diff /tmp/$DB.single-load /tmp/$DB.citus-load || fail "the loaders' counts on the cluster differ from the single server"
state "$C" >/tmp/$DB.citus || fail "state on the cluster"
diff /tmp/$DB.single /tmp/$DB.citus || fail "the loaded rows on the cluster differ from the single server"
echo "loads identical: $(wc -l </tmp/$DB.citus) lines of state"
cat /tmp/$DB.citus-load

# History after pith.distribute(): the arXiv loader gives the cited paper of
# the golden record's reference 20 a version 4 with another title, a plain
# UPDATE corrects the title of reference 39's work.  Every placement of the
# history tables (one per node) keeps the old snapshots, the golden record
# comes back byte for byte for its as_of, and a record now shows the new state.
q() { psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" "$@"; }
grep keep_history /tmp/$DB.distribute
grep -q '^pith.papers papers_keep_history: history trigger on each of its 3 placements' /tmp/$DB.distribute \
    || fail "pith.distribute() did not put the history trigger on the placements of pith.papers"
q -c "SELECT pith.load_arxiv_record('{\"id\": \"1710.03740\", \"title\": \"Mixed Precision Training of Deep Networks\",
        \"categories\": \"cs.AI cs.LG\", \"versions\": [
        {\"version\": \"v1\", \"created\": \"Tue, 10 Oct 2017 17:42:04 GMT\"},
        {\"version\": \"v2\", \"created\": \"Tue, 14 Nov 2017 09:00:00 GMT\"},
        {\"version\": \"v3\", \"created\": \"Thu, 15 Feb 2018 20:04:02 GMT\"},
        {\"version\": \"v4\", \"created\": \"Thu, 20 Aug 2026 10:00:00 GMT\"}]}', '2026-09-20T00:00:00Z') -> 'papers'" \
    >/tmp/$DB.hist-load || fail "the arXiv loader's update on the cluster"
grep -q '"changed": 1' /tmp/$DB.hist-load || { cat /tmp/$DB.hist-load; fail "the loader did not change arXiv:1710.03740"; }
q -c "UPDATE pith.cited_works SET title = 'FlashGPU: Placing New Flash Next to GPU Cores',
        snapshot_observed_at = '2026-09-21T00:00:00Z' WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5'" \
    || fail "a plain UPDATE of a work on the cluster"
# one line per placement (coordinator and both workers): the kept snapshot
q -c "SELECT result FROM run_command_on_placements('pith.papers_history',
        \$\$SELECT title || ' v' || latest_version || ' until ' || valid_until FROM %s WHERE arxiv_id::text = '1710.03740'\$\$)
      UNION ALL
      SELECT result FROM run_command_on_placements('pith.cited_works_history',
        \$\$SELECT title || ' until ' || valid_until FROM %s WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5'\$\$)
      ORDER BY 1" >/tmp/$DB.hist-placements || fail "reading the history placements"
cat /tmp/$DB.hist-placements
[ "$(grep -c '^Mixed Precision Training v3 until 2026-09-20 00:00:00+00$' /tmp/$DB.hist-placements)" = 3 ] \
    || fail "not every placement of pith.papers_history kept the old snapshot of arXiv:1710.03740"
[ "$(grep -c '^Flashgpu: Placing new flash next to gpu cores until 2026-09-21 00:00:00+00$' /tmp/$DB.hist-placements)" = 3 ] \
    || fail "not every placement of pith.cited_works_history kept the old snapshot of the work"
q -v doc="$(cat test/data/golden_2506.06472.json)" >/tmp/$DB.hist-records <<'SQL' || fail "records after the update"
SELECT 'golden byte for byte: ' || (pith.citation_record_text('2506.06472', '2026-08-08T05:57:00Z') = :'doc');
SELECT 'now: ' || (o -> 'citation' -> 'cited_paper' ->> 'title') || ' v' || (o -> 'citation' -> 'cited_paper' ->> 'version')
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-09-25T00:00:00Z') -> 'outbound') o
WHERE o -> 'citation' -> 'reference_index' = '20';
SELECT 'now: ' || (o -> 'citation' -> 'cited_work' ->> 'title')
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-09-25T00:00:00Z') -> 'outbound') o
WHERE o -> 'citation' -> 'reference_index' = '39';
SQL
cat /tmp/$DB.hist-records
grep -qx 'golden byte for byte: true' /tmp/$DB.hist-records || fail "the golden record changed after a catalog update on the cluster"
grep -qx 'now: Mixed Precision Training of Deep Networks v4' /tmp/$DB.hist-records || fail "a record now does not show the loaded version"
grep -qx 'now: FlashGPU: Placing New Flash Next to GPU Cores' /tmp/$DB.hist-records || fail "a record now does not show the corrected work"
echo ok
