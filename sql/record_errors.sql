-- record_errors: bad input is a clear error with its SQLSTATE, and a refused
-- ingest leaves every table exactly as it was.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;

-- a fingerprint of every row of the reference tables
CREATE TEMP VIEW fingerprint AS
SELECT md5(string_agg(t, '|' ORDER BY t)) AS fp, count(*) AS rows FROM (
    SELECT 'p' || to_jsonb(x)::text AS t FROM pith.papers x
    UNION ALL SELECT 'v' || to_jsonb(x)::text FROM pith.paper_versions x
    UNION ALL SELECT 'r' || to_jsonb(x)::text FROM pith.paper_references x
    UNION ALL SELECT 'w' || to_jsonb(x)::text FROM pith.cited_works x
    UNION ALL SELECT 'l' || to_jsonb(x)::text FROM pith.paper_reference_links x
    UNION ALL SELECT 'e' || to_jsonb(x)::text FROM pith.scholarly_work_events x
    UNION ALL SELECT 'c' || to_jsonb(x)::text FROM pith.retraction_status_cache x
    UNION ALL SELECT 'm' || to_jsonb(x)::text FROM pith.citation_measurements x) s;
CREATE TEMP TABLE before AS SELECT * FROM fingerprint;

-- an unknown paper is an error, not an empty record
SELECT pith.citation_record('2512.99999', '2026-08-08T05:57:00Z');
\echo :LAST_ERROR_SQLSTATE
-- a cap below 1
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', 0, 0);
\echo :LAST_ERROR_SQLSTATE

-- a tampered document: one title changed, digests left as they were
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,0,citation,cited_work,title}', '"A Different Title"'));
\echo :LAST_ERROR_SQLSTATE
-- a tampered context: the record's paper title changed
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{paper,title}', '"Another Paper"'));
\echo :LAST_ERROR_SQLSTATE
-- another schema, a JSON array, a record without its lists
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{schema}', '"pith.paper-citation-record.v2"'));
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record('[1, 2]');
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record('{"schema": "pith.paper-citation-record.v1", "paper": {"arxiv_id": "2506.06472"}}', verify => false);
\echo :LAST_ERROR_SQLSTATE
-- values that do not fit their columns
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,3,citation,reference_index}', '"fourth"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,3,citation,cited_work,pith_arxiv_id}', '"2413.00001"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,0,resolution,status}', '"probably_fine"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
-- a document that contradicts itself: one observation id, two contents
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,1,observation_id}', :'doc'::jsonb -> 'outbound' -> 0 -> 'observation_id'), verify => false);
\echo :LAST_ERROR_SQLSTATE
-- an outbound observation of another paper
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,5,citation,citing_paper,arxiv_id}', '"1810.04805"'), verify => false);
\echo :LAST_ERROR_SQLSTATE

-- the paper's title changed in one place only: the document disagrees with itself
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{paper,title}', '"Another Paper"'), verify => false);
\echo :LAST_ERROR_SQLSTATE

-- documents that contradict stored rows (digests not checked, so the
-- contradiction is what refuses them)
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{paper,primary_category}', '"cs.LG"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,0,citation,cited_work,venue}', '"FAST 21"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,0,resolution,status}', '"verified_exact"'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,2,citation,reference_index}', '4'), verify => false);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,2,citation,cited_paper,version}', '3'), verify => false);
\echo :LAST_ERROR_SQLSTATE

-- nothing was written by any of them
SELECT b.fp = f.fp AS tables_unchanged, b.rows = f.rows AS same_row_count FROM before b, fingerprint f;

-- a stored link observed before the document's as_of contradicts the
-- document's "unresolved" (reference 3, BERT)
BEGIN;
INSERT INTO pith.cited_works (work_id, title, arxiv_id, year, metadata_source, snapshot_observed_at)
VALUES ('e0000000-0000-4000-8000-000000000001', 'BERT', '1810.04805', 2018, 'arxiv', '2026-08-07T07:00:00Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', 'e0000000-0000-4000-8000-000000000001', 'verified_exact', 'pith', '2026-08-07T07:00:00Z', 1);
SELECT pith.ingest_record(:'doc'::jsonb);
\echo :LAST_ERROR_SQLSTATE
ROLLBACK;
-- ... but a link observed after the document's as_of does not
BEGIN;
INSERT INTO pith.cited_works (work_id, title, arxiv_id, year, metadata_source, snapshot_observed_at)
VALUES ('e0000000-0000-4000-8000-000000000001', 'BERT', '1810.04805', 2018, 'arxiv', '2026-09-01T00:00:00Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', 'e0000000-0000-4000-8000-000000000001', 'verified_exact', 'pith', '2026-09-01T00:00:00Z', 1);
SELECT pith.ingest_record(:'doc'::jsonb) ->> 'observations_unchanged' AS unchanged;
-- and the golden record as of its moment is still the golden file
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_then;
SELECT o -> 'resolution' AS resolution_later
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-09-02T00:00:00Z') -> 'outbound') AS o
WHERE o ->> 'observation_id' = '75a2931f-a17e-40b1-a1bb-47b4253cdbf5';
ROLLBACK;

-- the tables refuse nonsense themselves
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, source, source_observed_at)
VALUES ('f2e46f6e-6bdf-45b9-938b-f02312d76d6c', '2506.06472', 1, 40, 'pdf_text', '2026-08-08T00:00:00Z');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, source) VALUES ('2506.06472', 1, 1, 'pdf_text');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, source) VALUES ('2512.99999', 1, 1, 'pdf_text');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, source, source_observed_at)
VALUES ('f0000000-0000-4000-8000-000000000001', '2506.06472', 1, 0, 'pdf_text', '2026-08-08T00:00:00Z');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_reference_links (observation_id, work_id, status) VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', 'f0000000-0000-4000-8000-00000000000a', 'verified_exact');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_reference_links (observation_id, status) VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', 'resolved');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_reference_links (observation_id, status, observed_at) VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', 'verified_fuzzy', '2026-08-08T00:00:00Z');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_reference_links (observation_id, status) VALUES ('f0000000-0000-4000-8000-00000000000b', 'unresolved');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, observed_at, score) VALUES ('75a2931f-a17e-40b1-a1bb-47b4253cdbf5', NULL, 'metadata_mismatch', '2026-08-08T00:00:00Z', 1.5);
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.papers (arxiv_id, title, snapshot_observed_at) VALUES ('2506.06472v2', 'A version is not a paper', '2026-08-08T00:00:00Z');
\echo :LAST_ERROR_SQLSTATE
INSERT INTO pith.papers (arxiv_id, title) VALUES ('2506.06472', 'Twice');
\echo :LAST_ERROR_SQLSTATE
SELECT b.fp = f.fp AS tables_unchanged FROM before b, fingerprint f;

-- the observation builder takes its receipts as flat lists
SELECT pith.observation_text(r, p, NULL, NULL, NULL, ARRAY[['crossref']], ARRAY[[now()]], NULL, 0, NULL)
FROM pith.paper_references r JOIN pith.papers p ON p.arxiv_id = r.citing_arxiv_id LIMIT 1;
\echo :LAST_ERROR_SQLSTATE
SELECT pith.observation_text(r, p, NULL, NULL, NULL, ARRAY['crossref', 'retraction_watch'], ARRAY[now()], NULL, 0, NULL)
FROM pith.paper_references r JOIN pith.papers p ON p.arxiv_id = r.citing_arxiv_id LIMIT 1;
\echo :LAST_ERROR_SQLSTATE

-- the six states, in order
SELECT enum_range(NULL::pith.resolution_status) AS states;
-- every table is extension configuration, so pg_dump keeps its rows
SELECT c.relname
FROM pg_extension e, unnest(e.extconfig) AS t(oid) JOIN pg_class c ON c.oid = t.oid
WHERE e.extname = 'pith'
ORDER BY 1;
