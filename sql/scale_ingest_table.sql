-- scale_ingest_table: ingest's shape check reads the v1 key table
-- (pith.record_shape_problem(), from the C table pith.record_shape()
-- shows): a missing key, an unknown key, a scalar where an object goes, and
-- the optional keys left out are refused or accepted by ingest_record and
-- ingest_records alike.  And pith.ingest_table() loads a staged table of
-- documents in batches: every document in primary-key order, refusals with
-- their SQLSTATE beside documents that load, the golden record back byte for
-- byte, idempotent.  Everything in one transaction, rolled back.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
\set ss `cat test/data/smartswap_record.json`
BEGIN;
SET LOCAL client_min_messages = warning;    -- the tables the CASCADE reaches vary
TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works, pith.paper_reference_links,
         pith.scholarly_work_events, pith.retraction_status_cache, pith.citation_measurements,
         pith.inbound_references, pith.cited_work_authors, pith.paper_write_locks CASCADE;
RESET client_min_messages;

-- the shape check: the golden and smartswap records are right (the golden
-- record has observations without links.cited_paper and notices without an
-- observation: the optional keys)
SELECT pith.record_shape_problem(:'doc'::jsonb) AS golden, pith.record_shape_problem(:'ss'::jsonb) AS smartswap;
SELECT count(*) FILTER (WHERE NOT o ? 'observation') AS notices_without_observation,
       count(*) FILTER (WHERE NOT l ? 'cited_paper') AS links_without_cited_paper
FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') x,
     LATERAL (SELECT x -> 'standing_notice' AS o, x -> 'links' AS l) y;
SELECT pith.record_shape_problem(v.d) AS problem
FROM (VALUES (:'doc'::jsonb #- '{outbound,3,citation,cited_work,doi}'),
             (jsonb_set(:'doc'::jsonb, '{outbound,0,resolution,confidence}', '0.5')),
             (:'doc'::jsonb || '{"extra": 1}'),
             (:'doc'::jsonb #- '{paper,title}'),
             (jsonb_set(:'doc'::jsonb, '{outbound,1,standing_notice,source_receipts}', '[1]')),
             (jsonb_set(:'doc'::jsonb, '{inbound}', '[{"citation": 1}]')),
             (jsonb_set(:'doc'::jsonb, '{reference_resolution,state_counts}', '"none"')),
             (jsonb_set(:'doc'::jsonb, '{outbound,2,citation,cited_paper}', 'null'))) v(d);
-- ingest_record refuses a document of the wrong shape, naming the object and the key
SAVEPOINT s;
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,0,resolution,confidence}', '0.5'), false);
ROLLBACK TO SAVEPOINT s;

-- a staged table: golden, a wrong shape, null, smartswap, not an object
CREATE TEMP TABLE staged (k int PRIMARY KEY, note text, record jsonb);
INSERT INTO staged VALUES (40, 'not an object', '[1]'), (10, 'golden', :'doc'), (30, 'null', NULL),
                          (20, 'shape', :'doc'::jsonb #- '{outbound,3,citation,cited_work,doi}'), (50, 'smartswap', :'ss');
SELECT ord, paper, loaded, observations_inserted, error_sqlstate, error_message
FROM pith.ingest_table('staged', batch_size => 2);
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;
-- idempotent, and the batch size does not change the answer
SELECT ord, loaded, observations_inserted, error_sqlstate FROM pith.ingest_table('staged', batch_size => 200);
-- the column is found by its type, or named
SAVEPOINT s;
ALTER TABLE staged ADD COLUMN other jsonb;
SELECT count(*) FROM pith.ingest_table('staged');
ROLLBACK TO SAVEPOINT s;
SELECT count(*) FILTER (WHERE loaded) AS loaded FROM pith.ingest_table('staged', column_name => 'record');
SAVEPOINT s;
SELECT count(*) FROM pith.ingest_table('staged', batch_size => 0);
ROLLBACK TO SAVEPOINT s;
ROLLBACK;
