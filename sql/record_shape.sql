-- record_shape: the key table the C writer writes from (pith.record_shape())
-- is the shape of the records it writes: every object of a record with
-- events, measurements and an inbound observation has exactly the declared
-- keys, in the declared (code point) order, only the two optional keys
-- ever missing.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;

-- a measurement, an event on a linked work, and a paper citing the golden
-- one (rolled back at the end: later tests see the tables as they were)
BEGIN;
INSERT INTO pith.citation_measurements (arxiv_id, source, cited_by_count, measured_at)
VALUES ('2506.06472', 'openalex', 3, '2026-08-09T00:00:00Z');
INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, observed_at)
SELECT l.work_id, 'crossref', 'correction', '2026-01-02', '2026-08-09T00:00:00Z'
FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id)
WHERE r.citing_arxiv_id = '2506.06472' AND l.work_id IS NOT NULL
ORDER BY r.reference_index LIMIT 1;
INSERT INTO pith.papers (arxiv_id, title, latest_version, snapshot_observed_at)
VALUES ('2601.09001', 'A citing paper', 1, '2026-08-09T00:00:00Z');
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, title, year, pith_arxiv_id, source, source_observed_at)
VALUES ('a0000000-0000-4000-8000-00000000f001', '2601.09001', 1, 1, 'Cost-efficient LLM training', 2025, '2506.06472', 'pdf_text', '2026-08-09T00:00:00Z');
SELECT pith.refresh_inbound(ARRAY['2601.09001']::pith.arxiv_id[]) AS inbound_rows;

-- the declaration
SELECT object, string_agg(key, ',' ORDER BY "position") AS keys
FROM pith.record_shape() GROUP BY object ORDER BY object;

-- every object of the record against it
CREATE TEMP TABLE rec AS SELECT pith.citation_record('2506.06472', '2026-08-10T00:00:00Z') AS d;
WITH obs(o) AS (
    SELECT o FROM rec, jsonb_array_elements(rec.d -> 'outbound') o
    UNION ALL SELECT o FROM rec, jsonb_array_elements(rec.d -> 'inbound') o
),
objs(object, o) AS (
    SELECT 'record', d FROM rec
    UNION ALL SELECT 'caps', d -> 'caps' FROM rec
    UNION ALL SELECT 'coverage[]', c FROM rec, jsonb_array_elements(d -> 'coverage') c
    UNION ALL SELECT 'external_citation_measurements[]', c FROM rec, jsonb_array_elements(d -> 'external_citation_measurements') c
    UNION ALL SELECT 'links', d -> 'links' FROM rec
    UNION ALL SELECT 'paper', d -> 'paper' FROM rec
    UNION ALL SELECT 'reference_resolution', d -> 'reference_resolution' FROM rec
    UNION ALL SELECT 'reference_resolution.state_counts', d -> 'reference_resolution' -> 'state_counts' FROM rec
    UNION ALL SELECT 'standing_sources[]', c FROM rec, jsonb_array_elements(d -> 'standing_sources') c
    UNION ALL SELECT 'observation', o FROM obs
    UNION ALL SELECT 'observation.citation', o -> 'citation' FROM obs
    UNION ALL SELECT 'observation.citation.citing_paper', o -> 'citation' -> 'citing_paper' FROM obs
    UNION ALL SELECT 'observation.citation.citing_paper', o -> 'citation' -> 'cited_paper' FROM obs
        WHERE jsonb_typeof(o -> 'citation' -> 'cited_paper') = 'object'
    UNION ALL SELECT 'observation.citation.cited_work', o -> 'citation' -> 'cited_work' FROM obs
    UNION ALL SELECT 'observation.links', o -> 'links' FROM obs
    UNION ALL SELECT 'observation.resolution', o -> 'resolution' FROM obs
    UNION ALL SELECT 'observation.standing_notice', o -> 'standing_notice' FROM obs
    UNION ALL SELECT 'observation.standing_notice.source_receipts[]', c FROM obs, jsonb_array_elements(o -> 'standing_notice' -> 'source_receipts') c
    UNION ALL SELECT 'observation.standing_notice.events[]', c FROM obs, jsonb_array_elements(o -> 'standing_notice' -> 'events') c
),
checked AS (
    SELECT objs.object,
           ARRAY(SELECT k FROM jsonb_object_keys(objs.o) k ORDER BY k COLLATE "C") AS present,
           ARRAY(SELECT s.key FROM pith.record_shape() s
                 WHERE s.object = objs.object AND objs.o ? s.key ORDER BY s."position") AS declared_present,
           ARRAY(SELECT s.key FROM pith.record_shape() s
                 WHERE s.object = objs.object AND NOT objs.o ? s.key ORDER BY s."position") AS missing
    FROM objs
)
SELECT object, count(*) AS objects,
       count(*) FILTER (WHERE present <> declared_present) AS not_as_declared,
       string_agg(DISTINCT array_to_string(missing, ','), ' / ') FILTER (WHERE cardinality(missing) > 0) AS missing_keys
FROM checked GROUP BY object ORDER BY object;
-- the jsonb form is the text parsed (src/record_jsonb.c converts the text
-- itself; builds with assertions compare it with jsonb_in byte for byte),
-- also with escapes and controls in a title and more than 32 list items
UPDATE pith.papers SET title = E'Tab\there "quoted" back\\slash \x01 ctl \x1f new\nline é 😀 /slash',
       snapshot_observed_at = '2026-08-09T06:00:00Z'   -- a new snapshot (42_history.sql)
WHERE arxiv_id = '2601.09001';
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, title, year, source, source_observed_at)
SELECT md5('shape:' || i)::uuid, '2601.09001', 1, 1 + i, repeat(E'a\\"\u00e9\b\f\r', i), NULL, 'pdf_text', '2026-08-09T00:00:00Z'
FROM generate_series(1, 40) AS i;
SELECT pith.citation_record(p, t) = pith.citation_record_text(p, t)::jsonb AS jsonb_is_the_text,
       pith.canonical_json(pith.citation_record(p, t)) = pith.citation_record_text(p, t) AS canonical_text_round_trips,
       jsonb_array_length(pith.citation_record(p, t) -> 'outbound') AS outbound
FROM (VALUES ('2506.06472'::pith.arxiv_id, '2026-08-10T00:00:00Z'::timestamptz),
             ('2601.09001', '2026-08-10T00:00:00Z')) AS v(p, t);
ROLLBACK;
