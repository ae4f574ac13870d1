-- scale_replan: plans a session cached while pith's tables were small are
-- made again once one of them has more than doubled.
-- pith.discard_outgrown_plans(), which every writer (ingest_record,
-- ingest_records, ingest_paper_text, resolve_paper, the loaders) calls
-- first, answers false until a table it watches has grown beyond
-- twice its size (plus 16 kB) since the session first asked or it last
-- discarded; then it discards every cached plan of the session, as DISCARD
-- PLANS does, and answers true, once.  A generic plan made on a one-page
-- table (a sequential scan), kept while that table grew, is then made for
-- the table as it is (an index scan).  Rolled back.
BEGIN;
SET LOCAL search_path = public, pith;
SET LOCAL client_min_messages = warning;
TRUNCATE pith.paper_write_locks;
RESET client_min_messages;
SELECT pith.discard_outgrown_plans() AS first_asked;
SELECT pith.discard_outgrown_plans() AS nothing_grew;

-- a generic plan made on a one-page table
SET LOCAL plan_cache_mode = force_generic_plan;
CREATE TEMP TABLE keyed (k integer PRIMARY KEY, pad text);
INSERT INTO keyed VALUES (1, 'one');
ANALYZE keyed;
PREPARE by_key(integer) AS SELECT k, length(pad) AS pad_length FROM keyed WHERE k = $1;
EXPLAIN (COSTS OFF) EXECUTE by_key(1);
-- the table grows: the cached plan stays
INSERT INTO keyed SELECT g, repeat('x', 100) FROM generate_series(2, 20000) g;
EXPLAIN (COSTS OFF) EXECUTE by_key(1);
-- a table pith writes grows, but not beyond twice plus 16 kB: it stays
INSERT INTO pith.paper_write_locks SELECT format('2401.%s', lpad(g::text, 5, '0'))::pith.arxiv_id
FROM generate_series(1, 100) g;
SELECT pith.discard_outgrown_plans() AS within_bound;
EXPLAIN (COSTS OFF) EXECUTE by_key(1);
-- beyond it: discarded once, and the plan is made for the table as it is
INSERT INTO pith.paper_write_locks SELECT format('2402.%s', lpad(g::text, 5, '0'))::pith.arxiv_id
FROM generate_series(1, 2000) g;
SELECT pith.discard_outgrown_plans() AS outgrown;
SELECT pith.discard_outgrown_plans() AS again;
EXPLAIN (COSTS OFF) EXECUTE by_key(1);
EXECUTE by_key(20000);
DEALLOCATE by_key;
RESET plan_cache_mode;

-- the writers ask before they write: once per ingest_record, once per
-- ingest_records call (and once more for each document it leaves to
-- ingest_record: none here)
SET LOCAL track_functions = 'all';
CREATE FUNCTION pg_temp.asked() RETURNS bigint LANGUAGE sql AS $$
    SELECT COALESCE((SELECT f.calls FROM pg_catalog.pg_stat_xact_user_functions f
                     WHERE f.schemaname = 'pith' AND f.funcname = 'discard_outgrown_plans'), 0)
$$;
SELECT pg_temp.asked() AS asked_before \gset
\set doc `cat test/data/golden_2506.06472.json`
SELECT pith.ingest_record(:'doc'::jsonb) ->> 'observations_inserted' IS NOT NULL AS ingested;
SELECT count(*) AS batch FROM pith.ingest_records(ARRAY[:'doc'::jsonb]);
SELECT pg_temp.asked() - :asked_before AS writers_asked;
-- so do resolve_paper, ingest_paper_text (and the resolve_paper it calls)
-- and every loader
SELECT pg_temp.asked() AS asked_before \gset
SELECT pith.resolve_paper('2506.06472') IS NOT NULL AS resolved;
SELECT pg_temp.asked() - :asked_before AS resolve_paper_asked;
SELECT pg_temp.asked() AS asked_before \gset
\set text `cat test/data/refsplit_2506.06472.txt`
SELECT pith.ingest_paper_text('2506.06472', 1, :'text', '2026-08-08T05:57:00Z') ->> 'references' AS text_references;
SELECT pg_temp.asked() - :asked_before AS ingest_paper_text_asked;
SELECT pg_temp.asked() AS asked_before \gset
SELECT pith.load_arxiv_record('{"id": "2311.00001", "title": "A paper", "versions": [{"version": "v1", "created": "Mon, 12 Jun 2023 17:57:34 GMT"}]}',
                              '2026-09-01T00:00:00Z') ->> 'lines' AS arxiv_lines;
SELECT pg_temp.asked() - :asked_before AS loader_asked;

-- a table it watches missing (renamed by hand): its size is unknown and
-- counts for nothing; no error
ALTER TABLE pith.paper_write_locks RENAME TO paper_write_locks_gone;
SELECT pith.discard_outgrown_plans() AS table_missing;
ROLLBACK;
