-- scale_ingest_worktables: pith.ingest_records()'s work tables live for
-- the transaction (dropped at its commit), or with pith.ingest_work_tables
-- = session for the session, so that a call in a later transaction plans
-- nothing again.  Whatever an earlier call or anyone else left in them
-- never reaches the next call (rows of an earlier call of the same
-- transaction, rows written into them by hand, more than the 4 MB after
-- which they are truncated rather than deleted); a commit empties them;
-- they are made again when the tables they copy change (an ALTER
-- EXTENSION UPDATE in a pooled session) or the setting does.  Nothing
-- stored stays: the transactions that load roll back.
SET search_path = pith, public;
\set doc `cat test/data/golden_2506.06472.json`
\set ss `cat test/data/smartswap_record.json`
-- by default they are gone with the transaction
SELECT count(*) AS answers FROM pith.ingest_records('{}'::jsonb[]);
SELECT count(*) AS work_tables FROM pg_catalog.pg_class c
WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relname LIKE 'pith\_ir\_%';
SET pith.ingest_work_tables = 'forever';
-- for the session: an empty batch makes them, and answers nothing
SET pith.ingest_work_tables = session;
SELECT count(*) AS answers FROM pith.ingest_records('{}'::jsonb[]);
BEGIN;
SET LOCAL client_min_messages = warning;    -- the tables the CASCADE reaches vary
TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works, pith.paper_reference_links,
         pith.scholarly_work_events, pith.retraction_status_cache, pith.citation_measurements,
         pith.inbound_references, pith.cited_work_authors, pith.paper_write_locks CASCADE;
RESET client_min_messages;
SELECT ord, paper, loaded, observations_inserted FROM pith.ingest_records(ARRAY[:'doc'::jsonb]);

-- rows left in them by hand: a document in doubt, references, a stored
-- copy of a paper that says another title
INSERT INTO pg_temp.pith_ir_docs (ord, doubt) VALUES (1, true), (2, true);
INSERT INTO pg_temp.pith_ir_refs (ord, inbound) SELECT 1, false FROM generate_series(1, 10);
INSERT INTO pg_temp.pith_ir_s_papers (arxiv_id, title, snapshot_observed_at)
VALUES ('2510.04567', 'Another title', '2026-08-08T05:57:00Z');
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'ss'::jsonb, :'doc'::jsonb]);

-- more than 4 MB left in them: truncated, and the call as before
INSERT INTO pg_temp.pith_ir_refs (ord, inbound, r)
SELECT 1, false, r FROM pith.paper_references r, generate_series(1, 200);
SELECT pg_catalog.pg_relation_size('pg_temp.pith_ir_refs') > 4194304 AS grown;
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'doc'::jsonb, :'ss'::jsonb]);
SELECT pg_catalog.pg_relation_size('pg_temp.pith_ir_refs') < 4194304 AS truncated,
       (SELECT count(*) FROM pg_temp.pith_ir_refs) AS refs_of_this_call;
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;

-- a column added to a table they copy: made again, and the load works
ALTER TABLE pith.paper_references ADD COLUMN test_extra integer;
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'doc'::jsonb]);
SELECT count(*) AS copies_extra_column FROM pg_catalog.pg_attribute
WHERE attrelid = 'pg_temp.pith_ir_s_refs'::regclass AND attname = 'test_extra';
ROLLBACK;

-- the tables as the empty batch made them, empty; and a commit empties
-- them
SELECT count(*) AS work_tables, (SELECT count(*) FROM pg_temp.pith_ir_docs) AS docs_left
FROM pg_catalog.pg_class c
WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relname LIKE 'pith\_ir\_%';
BEGIN;
INSERT INTO pg_temp.pith_ir_docs (ord, doubt) VALUES (1, true);
COMMIT;
SELECT count(*) AS docs_after_commit FROM pg_temp.pith_ir_docs;

-- back to the transaction: made again as the transaction's, gone after it
SET pith.ingest_work_tables = transaction;
SELECT count(*) AS answers FROM pith.ingest_records('{}'::jsonb[]);
SELECT count(*) AS work_tables FROM pg_catalog.pg_class c
WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relname LIKE 'pith\_ir\_%';
RESET pith.ingest_work_tables;
