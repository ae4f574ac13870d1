-- record_notices: standing notices from receipts and integrity events, and
-- external citation measurements per source, never summed.
SET search_path = pith, public;
\set SHOW_CONTEXT never

INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
    ('2602.00010', 'A Paper That Cites a Retracted Work', 1, '2026-02-01T00:00:00Z', '2026-02-01T00:00:00Z', 'q-bio.GN', '2026-03-01T00:00:00Z'),
    ('2602.00011', 'A Later Cited Paper', 3, '2025-12-01T00:00:00Z', '2026-01-15T12:30:00Z', 'cs.CL', '2026-03-05T00:00:00Z');
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at) VALUES
    ('c0000000-0000-4000-8000-000000000001', 'Fabricated Results in Gene Expression', '10.1000/RETRACTED.1', NULL, 'Journal of Examples', 2019, 'crossref', '2026-03-01T01:00:00Z'),
    ('c0000000-0000-4000-8000-000000000002', 'A Sound Study', '10.1000/sound.2', NULL, 'Journal of Examples', 2020, 'crossref', '2026-03-01T01:00:00Z');
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year, pith_arxiv_id, doi, source, source_observed_at) VALUES
    ('d0000000-0000-4000-8000-000000000001', '2602.00010', 1, 1, 'Fabricated results in gene expression. J. Ex. 2019. doi:10.1000/retracted.1', 'Fabricated results in gene expression', 2019, NULL, '10.1000/retracted.1', 'pdf_text', '2026-03-01T00:30:00Z'),
    ('d0000000-0000-4000-8000-000000000002', '2602.00010', 1, 2, 'A sound study. 2020', 'A sound study', 2020, NULL, NULL, 'pdf_text', '2026-03-01T00:30:01Z'),
    ('d0000000-0000-4000-8000-000000000003', '2602.00010', 1, 3, 'A later cited paper. arXiv:2602.00011', 'A later cited paper', 2026, '2602.00011', NULL, 'pdf_text', '2026-03-01T00:30:02Z'),
    ('d0000000-0000-4000-8000-000000000004', '2602.00010', 1, 4, 'Accessed: 2024-12', 'Accessed: 2024-12', NULL, NULL, NULL, 'pdf_text', '2026-03-01T00:30:03Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score) VALUES
    ('d0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'verified_exact', 'crossref_doi', '2026-03-01T02:00:00Z', 1),
    ('d0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'verified_fuzzy', 'title_match', '2026-03-01T02:00:01Z', 0.93),
    ('d0000000-0000-4000-8000-000000000004', NULL, 'parse_uncertain', 'pith', '2026-03-01T02:00:02Z', NULL);
-- receipts: two checks by crossref (the later one counts), one by retraction_watch
INSERT INTO pith.retraction_status_cache (work_id, source, observed_at) VALUES
    ('c0000000-0000-4000-8000-000000000001', 'crossref', '2026-03-02T00:00:00Z'),
    ('c0000000-0000-4000-8000-000000000001', 'crossref', '2026-03-04T00:00:00.25Z'),
    ('c0000000-0000-4000-8000-000000000001', 'retraction_watch', '2026-03-03T00:00:00Z'),
    ('c0000000-0000-4000-8000-000000000002', 'crossref', '2026-03-02T00:00:00Z');
-- a retraction and a correction on the first work
INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at) VALUES
    ('c0000000-0000-4000-8000-000000000001', 'retraction_watch', 'retraction', '2021-06-30', '10.1000/notice.7', '2026-03-03T00:00:00Z'),
    ('c0000000-0000-4000-8000-000000000001', 'crossref', 'correction', '2020-01-15', NULL, '2026-03-04T00:00:00.25Z');
-- measurements from two sources, two dates each
INSERT INTO pith.citation_measurements (arxiv_id, source, cited_by_count, measured_at) VALUES
    ('2602.00010', 'openalex', 3, '2026-03-01T00:00:00Z'),
    ('2602.00010', 'openalex', 5, '2026-03-06T00:00:00Z'),
    ('2602.00010', 'semantic_scholar', 4, '2026-03-02T12:00:00.123456Z'),
    ('2602.00010', 'semantic_scholar', 9, '2026-04-01T00:00:00Z');

CREATE TEMP TABLE rec AS SELECT pith.citation_record('2602.00010', '2026-03-10T00:00:00Z') AS r;

-- the retracted work: a measured notice with both events, oldest first, and the sentence
SELECT jsonb_pretty(o -> 'standing_notice') AS notice
FROM rec, jsonb_array_elements(r -> 'outbound') AS o WHERE o -> 'citation' -> 'reference_index' = '1';
-- the sound work: no event found, as of its latest receipt
SELECT o -> 'standing_notice' ->> 'observation' AS observation, o -> 'standing_notice' -> 'source_receipts' AS receipts
FROM rec, jsonb_array_elements(r -> 'outbound') AS o WHERE o -> 'citation' -> 'reference_index' = '2';
-- no canonical work link: unavailable; a link without a work keeps its status
SELECT o -> 'citation' -> 'reference_index' AS ref, o -> 'resolution' ->> 'status' AS status,
       o -> 'standing_notice' AS notice
FROM rec, jsonb_array_elements(r -> 'outbound') AS o WHERE o -> 'citation' -> 'reference_index' IN ('3', '4');
-- a linked work shows its own fields; the reference keeps its pith_arxiv_id
SELECT jsonb_pretty(o -> 'citation' -> 'cited_work') AS cited_work
FROM rec, jsonb_array_elements(r -> 'outbound') AS o WHERE o -> 'citation' -> 'reference_index' = '1';
-- the cited paper: version is its latest_version, microseconds only when non-zero
SELECT o -> 'citation' -> 'cited_paper' AS cited_paper, o -> 'links' AS links
FROM rec, jsonb_array_elements(r -> 'outbound') AS o WHERE o -> 'citation' -> 'reference_index' = '3';

-- standing sources: the latest receipt per source among the displayed observations
SELECT r -> 'standing_sources' AS standing_sources, r -> 'coverage' -> 1 AS notice_lane FROM rec;
SELECT r -> 'reference_resolution' AS reference_resolution FROM rec;

-- measurements: one per source, the latest at or before as_of, never summed
SELECT r -> 'external_citation_measurements' AS measurements, r -> 'coverage' -> 3 AS lane FROM rec;
SELECT r -> 'external_citation_measurements' AS measurements_later, r -> 'coverage' -> 3 -> 'source_observed_at' AS lane_time
FROM (SELECT pith.citation_record('2602.00010', '2026-05-01T00:00:00Z') AS r) s;
SELECT r -> 'external_citation_measurements' AS measurements_first_day, r -> 'coverage' -> 3 -> 'records_observed' AS shown
FROM (SELECT pith.citation_record('2602.00010', '2026-03-01T12:00:00Z') AS r) s;

-- as of before the correction was observed: one event, an earlier receipt
SELECT o -> 'standing_notice' ->> 'observation' AS observation, jsonb_array_length(o -> 'standing_notice' -> 'events') AS events
FROM jsonb_array_elements(pith.citation_record('2602.00010', '2026-03-03T12:00:00Z') -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' = '1';
-- as of before the cited paper's snapshot: no cited_paper, no cited_paper link
SELECT o -> 'citation' -> 'cited_paper' AS cited_paper, o -> 'links' AS links
FROM jsonb_array_elements(pith.citation_record('2602.00010', '2026-03-04T00:00:00Z') -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' = '3';

-- every digest verifies
SELECT bool_and(ok) AS all_ok, count(*) AS digests FROM rec, pith.verify_record(r);

-- the record's canonical text survives a round trip through ingest in a
-- fresh transaction that first empties this paper's rows
BEGIN;
CREATE TEMP TABLE doc AS SELECT r FROM rec;
DELETE FROM pith.citation_measurements WHERE arxiv_id = '2602.00010';
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2602.00010';
DELETE FROM pith.scholarly_work_events WHERE work_id::text LIKE 'c0000000%';
DELETE FROM pith.retraction_status_cache WHERE work_id::text LIKE 'c0000000%';
DELETE FROM pith.cited_works WHERE work_id::text LIKE 'c0000000%';
DELETE FROM pith.papers WHERE arxiv_id IN ('2602.00010', '2602.00011');
SELECT pith.ingest_record(r) -> 'rows_inserted' AS inserted FROM doc;
SELECT pith.canonical_json(pith.citation_record('2602.00010', '2026-03-10T00:00:00Z')) = pith.canonical_json(r) AS round_trip
FROM doc;
ROLLBACK;
