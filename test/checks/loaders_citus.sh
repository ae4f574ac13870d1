#!/usr/bin/env bash
# test/checks/loaders_citus.sh -- the loaders after pith.distribute() on a
# real Citus cluster (a coordinator and two workers): the four fixtures of
# test/data/loaders_* load with the same counts, rows, events and receipts
# as on a single server, the golden record still comes back byte for byte,
# and a second load writes nothing.  Skips (77) without Citus.
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
psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "SELECT * FROM pith.distribute(8)" >/dev/null \
    || fail "pith.distribute"
# the receipts' tables are read by every record, on the worker that builds
# it: reference tables.  Until pith.distribution_layout() lists them, place
# them here (what distribute() will do).
for t in pith.source_snapshots pith.source_coverage; do
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$C" -p 5432 -U postgres -d "$DB" -c "
        SELECT create_reference_table('$t')
        WHERE NOT EXISTS (SELECT 1 FROM pg_dist_partition WHERE logicalrelid = '$t'::regclass)" >/dev/null \
        || fail "$t as a reference table"
done
load "$C" >/tmp/$DB.citus-load || fail "loads on the cluster"
diff /tmp/$DB.single-load /tmp/$DB.citus-load || fail "the loaders' counts on the cluster differ from the single server"
state "$C" >/tmp/$DB.citus || fail "state on the cluster"
diff /tmp/$DB.single /tmp/$DB.citus || fail "the loaded rows on the cluster differ from the single server"
echo "loads identical: $(wc -l </tmp/$DB.citus) lines of state"
cat /tmp/$DB.citus-load
echo ok
