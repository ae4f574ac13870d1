-- loaders_sources: each loader on its fixture in test/data/ (real formats):
-- known counts, the rows written, rejects with line numbers and SQLSTATEs,
-- the same file twice writes nothing, a changed file writes only what
-- changed, strict => true refuses the whole batch.  Run in a transaction
-- that is rolled back, so later tests see none of it.
SET search_path = pith, public;
SET TimeZone = 'UTC';
\set SHOW_CONTEXT never
BEGIN;

-- ---- arXiv metadata snapshot (JSON lines, staged raw) ----
CREATE TEMP TABLE stage_arxiv (line_number bigint GENERATED ALWAYS AS IDENTITY, line text);
\copy stage_arxiv (line) FROM 'test/data/loaders_arxiv_snapshot.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-01T00:00:00Z') AS first_load;
SELECT line_number, sqlstate, message FROM pith.load_rejects WHERE staged_table = 'stage_arxiv' ORDER BY line_number;
-- each reject keeps its line as staged
SELECT line_number, line FROM pith.load_rejects WHERE staged_table = 'stage_arxiv' AND line_number >= 6 ORDER BY line_number;
SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at
FROM pith.papers WHERE arxiv_id IN ('1811.06965', '2212.09748', '1910.10683', 'math/0309136') ORDER BY arxiv_id;
SELECT arxiv_id, version, title, submitted_at FROM pith.paper_versions WHERE arxiv_id = '2212.09748' ORDER BY version;
-- the same file again, later: nothing written, every row unchanged
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-02T00:00:00Z') -> 'papers' AS again_papers,
       pith.load_arxiv_metadata('stage_arxiv', '2026-09-02T00:00:00Z') -> 'paper_versions' AS again_versions;
SELECT count(*) AS moved FROM pith.papers WHERE snapshot_observed_at > '2026-09-01T00:00:00Z';
-- a newer file: one paper retitled with a new version, one unchanged
CREATE TEMP TABLE stage_arxiv2 (line_number bigint GENERATED ALWAYS AS IDENTITY, line text);
\copy stage_arxiv2 (line) FROM 'test/data/loaders_arxiv_snapshot_2.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
SELECT pith.load_arxiv_metadata('stage_arxiv2', '2026-09-03T00:00:00Z') AS second_file;
SELECT arxiv_id, title, latest_version, last_updated, snapshot_observed_at FROM pith.papers WHERE arxiv_id = '2212.09748';
-- version 2 keeps the title it had when it was the latest
SELECT version, title FROM pith.paper_versions WHERE arxiv_id = '2212.09748' ORDER BY version;
-- the older file loaded after the newer one does not go back
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-04T00:00:00Z') -> 'papers' AS older_file_papers;
SELECT title, latest_version FROM pith.papers WHERE arxiv_id = '2212.09748';
-- strict: the first reject is the error, and nothing is written
SAVEPOINT s;
DELETE FROM pith.papers WHERE arxiv_id = 'math/0309136';
SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-05T00:00:00Z', strict => true);
ROLLBACK TO SAVEPOINT s;
-- one document
SELECT pith.load_arxiv_record('{"id": "arXiv:1706.03762v7", "title": "Attention Is All You Need", "categories": "cs.CL cs.LG", "versions": [{"version": "v1", "created": "Mon, 12 Jun 2017 17:57:34 GMT"}, {"version": "v2", "created": "Mon, 19 Jun 2017 16:49:45 GMT"}]}', '2026-09-01T00:00:00Z') -> 'papers' AS one_document;
SELECT arxiv_id, latest_version, submitted_at, last_updated FROM pith.papers WHERE arxiv_id = '1706.03762';
SAVEPOINT s;
SELECT pith.load_arxiv_record('{"id": "1706.03762", "title": "x", "versions": []}');
ROLLBACK TO SAVEPOINT s;

-- ---- OAI-PMH arXivRaw (one ListRecords document per staged row) ----
CREATE TEMP TABLE stage_raw (doc text);
\set raw `cat test/data/loaders_arxiv_raw.xml`
INSERT INTO stage_raw VALUES (:'raw'), ('<not xml');
SELECT pith.load_arxiv_raw('stage_raw', '2026-09-03T00:00:00Z') AS arxiv_raw;
SELECT line_number, sqlstate, message FROM pith.load_rejects WHERE staged_table = 'stage_raw';
SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category
FROM pith.papers WHERE arxiv_id = '1807.02037';
SELECT pith.load_arxiv_raw('stage_raw', '2026-09-04T00:00:00Z') -> 'papers' AS arxiv_raw_again;

-- ---- Crossref works (a work envelope, a work list, two bad lines) ----
CREATE TEMP TABLE stage_crossref (line text);
\copy stage_crossref FROM 'test/data/loaders_crossref_works.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T06:00:00Z', coverage => 'full') AS crossref;
SELECT line_number, sqlstate, message FROM pith.load_rejects WHERE staged_table = 'stage_crossref' ORDER BY line_number;
SELECT doi, title, arxiv_id, venue, year, metadata_source FROM pith.cited_works
WHERE metadata_source = 'crossref' ORDER BY doi;
SELECT w.doi, e.source, e.event_type, e.event_date, e.notice_doi, e.observed_at
FROM pith.scholarly_work_events e JOIN pith.cited_works w USING (work_id) ORDER BY w.doi, e.source;
SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T06:00:00Z', coverage => 'full') - 'observed_at' AS crossref_again;
-- a delta needs an earlier load; a full one is there now
SAVEPOINT s;
SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T05:00:00Z', coverage => 'delta');
ROLLBACK TO SAVEPOINT s;
SELECT pith.load_crossref_work('{"DOI": "10.5555/pith.fixture.1", "title": ["A Fabricated Study of Imaginary Crystals, Corrected"], "container-title": ["Journal of Pith Fixtures"], "issued": {"date-parts": [[2021, 4, 2]]}}', '2026-09-02T00:00:00Z') -> 'cited_works' AS one_work;
SELECT title FROM pith.cited_works WHERE doi = '10.5555/pith.fixture.1';

-- ---- Retraction Watch (the CSV, staged with its own header) ----
CREATE TEMP TABLE stage_rw ("Record ID" text, "Title" text, "Subject" text, "Institution" text, "Journal" text,
    "Publisher" text, "Country" text, "Author" text, "URLS" text, "ArticleType" text, "RetractionDate" text,
    "RetractionDOI" text, "RetractionPubMedID" text, "OriginalPaperDate" text, "OriginalPaperDOI" text,
    "OriginalPaperPubMedID" text, "RetractionNature" text, "Reason" text, "Paywalled" text, "Notes" text);
\copy stage_rw FROM 'test/data/loaders_retraction_watch.csv' WITH (FORMAT csv, HEADER true)
SELECT pith.load_retraction_watch('stage_rw', '2026-09-01T07:00:00Z') AS retraction_watch;
SELECT line_number, sqlstate, message FROM pith.load_rejects WHERE staged_table = 'stage_rw' ORDER BY line_number;
SELECT line_number, left(line, 40) AS line FROM pith.load_rejects WHERE staged_table = 'stage_rw' ORDER BY line_number;
SELECT w.doi, w.metadata_source, e.event_type, e.event_date, e.notice_doi
FROM pith.scholarly_work_events e JOIN pith.cited_works w USING (work_id)
WHERE e.source = 'retraction_watch' ORDER BY w.doi;
SELECT pith.load_retraction_watch('stage_rw', '2026-09-01T07:00:00Z') - 'observed_at' AS retraction_watch_again;
CREATE TEMP TABLE stage_rw_bad (line text);
SAVEPOINT s;
SELECT pith.load_retraction_watch('stage_rw_bad');
ROLLBACK TO SAVEPOINT s;

-- ---- receipts: one row per load, coverage once per work ----
SELECT source, observed_at, scope FROM pith.source_snapshots ORDER BY source, observed_at;
SELECT w.doi, r.source, r.observed_at
FROM pith.cited_works w CROSS JOIN LATERAL pith.work_receipts(w.work_id, '2030-01-01T00:00:00Z') r
WHERE w.doi IN ('10.5555/pith.fixture.1', '10.5555/pith.fixture.6') ORDER BY w.doi, r.source;
-- a second daily load adds one snapshot row and no coverage row
SELECT pith.load_retraction_watch('stage_rw', '2026-09-02T07:00:00Z') -> 'receipt' AS next_day;
SELECT count(*) AS coverage_rows FROM pith.source_coverage;
SELECT r.source, r.observed_at
FROM pith.cited_works w CROSS JOIN LATERAL pith.work_receipts(w.work_id, '2026-09-01T12:00:00Z') r
WHERE w.doi = '10.5555/pith.fixture.6';
SELECT r.source, r.observed_at
FROM pith.cited_works w CROSS JOIN LATERAL pith.work_receipts(w.work_id) r
WHERE w.doi = '10.5555/pith.fixture.6';

-- ---- OpenAlex works (matched by the arXiv DOI or an arxiv.org location) ----
CREATE TEMP TABLE stage_openalex (line text);
\copy stage_openalex FROM 'test/data/loaders_openalex_works.jsonl' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02')
SELECT pith.load_openalex_works('stage_openalex') AS openalex;
SELECT line_number, sqlstate, message FROM pith.load_rejects WHERE staged_table = 'stage_openalex' ORDER BY line_number;
SELECT arxiv_id, source, cited_by_count, measured_at FROM pith.citation_measurements ORDER BY arxiv_id;
SELECT pith.load_openalex_works('stage_openalex') -> 'citation_measurements' AS openalex_again;
SELECT pith.load_openalex_work('{"id": "https://openalex.org/W2901210721", "doi": "https://doi.org/10.48550/arxiv.1811.06965", "cited_by_count": 1700, "updated_date": "2026-08-28T05:12:44.123456"}') -> 'citation_measurements' AS recount;

ROLLBACK;
