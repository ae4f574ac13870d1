-- loaders_e2e: the four sources loaded from their fixtures, then the golden
-- record ingested (still byte for byte at its as_of), its references
-- resolved, and the standing notices that the Crossref and Retraction
-- Watch loads produced, with their receipts: "no event" for PipeDream
-- (a real work the golden paper cites), and two events for a fixture work
-- cited by a paper written here.  Rolled back at the end.
SET search_path = pith, public;
SET TimeZone = 'UTC';
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
BEGIN;
-- no golden rows (record_golden, which runs later, loads them itself)
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
DELETE FROM pith.cited_works
WHERE work_id IN (SELECT (o -> 'citation' -> 'cited_work' ->> 'work_id')::uuid
                  FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
DELETE FROM pith.papers
WHERE arxiv_id = '2506.06472'
   OR arxiv_id IN (SELECT (o -> 'citation' -> 'cited_paper' ->> 'arxiv_id')::pith.arxiv_id
                   FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);

-- 1. the four sources
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
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-01T00:00:00Z') -> 'papers' AS arxiv;
SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T06:00:00Z', coverage => 'full') -> 'cited_works' AS crossref;
SELECT pith.load_retraction_watch('stage_rw', '2026-09-01T07:00:00Z') -> 'scholarly_work_events' AS retraction_watch;
SELECT pith.load_openalex_works('stage_openalex') -> 'citation_measurements' AS openalex;

-- 2. the golden record: ingested, and still the golden file at its as_of
SELECT pith.ingest_record(:'doc'::jsonb) ->> 'observations_inserted' AS ingested;
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;

-- 3. resolve: reference 21 (PipeDream) now links to the Crossref work
SELECT pith.resolve_paper('2506.06472', true) IS NOT NULL AS resolved;
SELECT o -> 'resolution' ->> 'status' AS status,
       o -> 'citation' -> 'cited_work' ->> 'doi' AS doi,
       o -> 'citation' -> 'cited_work' ->> 'metadata_source' AS metadata_source,
       jsonb_pretty(o -> 'standing_notice') AS notice
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2030-01-01T00:00:00Z') -> 'outbound') AS o
WHERE (o -> 'citation' ->> 'reference_index')::int = 21;
-- as of a moment between the two loads only the Crossref load had checked it
SELECT r.source, r.observed_at
FROM pith.cited_works w CROSS JOIN LATERAL pith.work_receipts(w.work_id, '2026-09-01T06:30:00Z') r
WHERE w.doi = '10.1145/3341301.3359646';

-- 4. a paper that cites the retracted fixture work: both loads' events and receipts
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at)
VALUES ('2609.00001', 'A Pith Fixture Paper Citing a Retracted Study', 1, '2026-09-01T00:00:00Z', '2026-09-01T00:00:00Z', 'cs.DL', '2026-09-01T08:00:00Z');
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, raw_text, title, year, doi, source_observed_at)
VALUES ('2609.00001', 1, 1, 'A. Example. A fabricated study of imaginary crystals. J. Pith Fixtures, 2021. doi:10.5555/pith.fixture.1',
        'A fabricated study of imaginary crystals', 2021, '10.5555/pith.fixture.1', '2026-09-01T08:00:00Z');
SELECT pith.resolve_paper('2609.00001') IS NOT NULL AS resolved;
SELECT o -> 'resolution' ->> 'status' AS status, jsonb_pretty(o -> 'standing_notice') AS notice
FROM jsonb_array_elements(pith.citation_record('2609.00001', '2030-01-01T00:00:00Z') -> 'outbound') AS o;
SELECT r -> 'standing_sources' AS standing_sources,
       r -> 'coverage' -> 1 ->> 'source_observed_at' AS notices_lane_observed_at,
       (SELECT bool_and(ok) FROM pith.verify_record(r)) AS digests_verify
FROM (SELECT pith.citation_record('2609.00001', '2030-01-01T00:00:00Z') AS r) x;
-- the measurements: GPipe's OpenAlex count is in its record
SELECT pith.citation_record('1811.06965', '2030-01-01T00:00:00Z') -> 'external_citation_measurements' AS gpipe_measurements;
ROLLBACK;
