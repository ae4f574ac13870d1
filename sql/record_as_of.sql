-- record_as_of: only rows observed at or before as_of take part; a record
-- asked for with an earlier as_of is the record as it stood then.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;

-- what the golden file says was observed when (the known answers below)
SELECT count(*) FILTER (WHERE (o -> 'citation' ->> 'source_observed_at')::timestamptz <= '2026-08-07T06:00:32.25Z') AS refs_by_32_25,
       count(*) FILTER (WHERE o -> 'resolution' ->> 'resolver_source' IS NOT NULL
                          AND (o -> 'resolution' ->> 'observed_at')::timestamptz <= '2026-08-07T06:00:36Z'
                          AND (o -> 'citation' -> 'cited_work' ->> 'snapshot_observed_at')::timestamptz <= '2026-08-07T06:00:36Z') AS links_by_36
FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o;

-- 1. before some references were parsed: they are absent, counts follow
CREATE TEMP TABLE early AS
SELECT pith.citation_record('2506.06472', '2026-08-07T06:00:32.25Z') AS r;
SELECT r ->> 'as_of' AS as_of, r -> 'reference_resolution' AS reference_resolution, r ->> 'thesis' AS thesis FROM early;
SELECT array_agg((o -> 'citation' ->> 'reference_index')::int) AS shown,
       array_agg(DISTINCT o -> 'resolution' ->> 'status') AS statuses,
       array_agg(DISTINCT o -> 'standing_notice' ->> 'state') AS notice_states,
       count(*) FILTER (WHERE o -> 'citation' -> 'cited_paper' <> 'null') AS with_cited_paper
FROM early, jsonb_array_elements(r -> 'outbound') AS o;
SELECT c ->> 'lane' AS lane, c -> 'denominator' AS denominator, c -> 'records_observed' AS observed,
       c ->> 'source_observed_at' AS source_observed_at
FROM early, jsonb_array_elements(r -> 'coverage') AS c;
SELECT r -> 'standing_sources' AS standing_sources FROM early;
-- an unresolved observation then: resolution at the reference's own time
SELECT o -> 'resolution' AS resolution, o -> 'citation' -> 'cited_work' ->> 'title' AS cited_work_title
FROM early, jsonb_array_elements(r -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' = '1';

-- 2. all references parsed, only the links observed by 06:00:36 count
SELECT r -> 'reference_resolution' -> 'state_counts' AS state_counts
FROM (SELECT pith.citation_record('2506.06472', '2026-08-07T06:00:36Z') AS r) s;

-- 3. all links, but no standing source queried yet (receipts came at 06:34):
--    a linked work whose sources were not queried has no notice to give
CREATE TEMP TABLE before_receipts AS
SELECT pith.citation_record('2506.06472', '2026-08-07T06:30:00Z') AS r;
SELECT r -> 'reference_resolution' -> 'state_counts' AS state_counts, r -> 'standing_sources' AS standing_sources
FROM before_receipts;
SELECT o -> 'standing_notice' AS notice, count(*)
FROM before_receipts, jsonb_array_elements(r -> 'outbound') AS o
GROUP BY 1 ORDER BY 2;
SELECT c ->> 'source_observed_at' IS NULL AS notice_lane_time_null
FROM before_receipts, jsonb_array_elements(r -> 'coverage') AS c
WHERE c ->> 'lane' = 'standing_notices';

-- 4. every digest verifies at every moment, and the context digest does
--    not depend on as_of once nothing changes any more
SELECT bool_and(v.ok) AS all_ok
FROM (VALUES ('2026-08-07T06:00:32.25Z'::timestamptz), ('2026-08-07T06:00:36Z'), ('2026-08-07T06:30:00Z')) AS t(at),
     pith.verify_record(pith.citation_record('2506.06472', t.at)) AS v;
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z') ->> 'context_digest'
     = pith.citation_record('2506.06472', '2026-08-08T06:00:00Z') ->> 'context_digest' AS same_context_digest,
       pith.citation_record('2506.06472', '2026-08-08T05:57:00Z') ->> 'as_of' AS as_of_1,
       pith.citation_record('2506.06472', '2026-08-08T06:00:00.5Z') ->> 'as_of' AS as_of_2;

-- 5. before the paper itself was observed: an error, not an empty record
SELECT pith.citation_record('2506.06472', '2026-08-07T05:00:00Z');
\echo :LAST_ERROR_SQLSTATE

-- 6. a later snapshot of the paper does not hide the earlier one: a record
--    as of a moment between the two uses the snapshot valid then
--    (src/sql/42_history.sql), and is still refused before the first
BEGIN;
UPDATE pith.papers SET title = 'Cost-Efficient LLM Training (revised)', latest_version = 2,
       snapshot_observed_at = '2026-09-01T00:00:00Z'
WHERE arxiv_id = '2506.06472';
SELECT pith.iso_utc(t.at) AS as_of, r -> 'paper' ->> 'title' AS title, r -> 'paper' -> 'latest_version' AS latest_version,
       r -> 'paper' ->> 'snapshot_observed_at' AS snapshot_observed_at
FROM (VALUES ('2026-08-08T05:57:00Z'::timestamptz), ('2026-09-01T00:00:00Z')) AS t(at),
     pith.citation_record('2506.06472', t.at) AS r
ORDER BY 1;
SELECT pith.citation_record('2506.06472', '2026-08-07T05:00:00Z');
\echo :LAST_ERROR_SQLSTATE
ROLLBACK;
