-- loaders_repeated: the single-document loaders called once per row, many
-- rows in one statement (SELECT pith.load_crossref_work(doc) FROM ...).
-- Each call used to drop its temporary work tables and make them again,
-- and every dropped table's lock is held until the commit: such a
-- statement ran out of the server's shared lock table after a few hundred
-- rows ("out of shared memory"), for every session of the server.  The
-- work tables are now made once per transaction and emptied by later
-- calls, their indexes made once.  Counted here: the locks this backend
-- holds and the temporary relations it has, after 20 and after 120 calls
-- of each loader -- the same, not growing.  Then pith.loader_work_table
-- on its own: known answers and bad input.  Rolled back.
SET search_path = pith, public;
SET TimeZone = 'UTC';
\set SHOW_CONTEXT never
BEGIN;
\set crossref `head -n 1 test/data/loaders_crossref_works.jsonl`
\set openalex `head -n 1 test/data/loaders_openalex_works.jsonl`

CREATE FUNCTION pg_temp.load_some(n integer, first integer) RETURNS bigint LANGUAGE sql AS $$
    SELECT count(*) FILTER (WHERE a IS NOT NULL AND c IS NOT NULL AND r IS NOT NULL AND o IS NOT NULL)
    FROM generate_series(first, first + n - 1) k,
    LATERAL (SELECT
        pith.load_arxiv_record(pg_catalog.format(
            '{"id": "2311.%s", "title": "Repeated paper %s", "categories": "cs.DB", '
            '"versions": [{"version": "v1", "created": "Mon, 12 Jun 2023 17:57:34 GMT"}]}',
            lpad(k::text, 5, '0'), k)::jsonb, '2026-09-01T00:00:00Z') AS a,
        pith.load_crossref_work(jsonb_set(jsonb_set(current_setting('pith_test.crossref')::jsonb,
                                                    '{message,DOI}', to_jsonb('10.5555/repeated.' || k)),
                                          '{message,title}', jsonb_build_array('Repeated work ' || k)),
                                '2026-09-01T00:00:00Z') AS c,
        pith.load_retraction_watch_record(jsonb_build_object(
            'Record ID', (800000 + k)::text, 'Title', 'Repeated retracted work ' || k,
            'Journal', 'Journal of Repetition', 'RetractionDate', '2/14/2023 0:00',
            'RetractionDOI', '10.5555/repeated.notice.' || k, 'OriginalPaperDate', '4/1/2021 0:00',
            'OriginalPaperDOI', '10.5555/repeated.rw.' || k, 'RetractionNature', 'Retraction'),
            '2026-09-01T00:00:00Z') AS r,
        pith.load_openalex_work(jsonb_set(current_setting('pith_test.openalex')::jsonb,
                                          '{id}', to_jsonb('https://openalex.org/W77' || k))) AS o) x
$$;
SELECT set_config('pith_test.crossref', :'crossref', true) IS NOT NULL AS staged,
       set_config('pith_test.openalex', :'openalex', true) IS NOT NULL AS staged_too;
CREATE FUNCTION pg_temp.held() RETURNS TABLE (locks bigint, temp_relations bigint, work_table_indexes bigint)
LANGUAGE sql AS $$
    SELECT (SELECT count(*) FROM pg_catalog.pg_locks l WHERE l.pid = pg_catalog.pg_backend_pid()),
           (SELECT count(*) FROM pg_catalog.pg_class c WHERE c.relnamespace = pg_catalog.pg_my_temp_schema()),
           (SELECT count(*) FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class c ON c.oid = i.indrelid
             WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relname LIKE 'pith\_%')
$$;

SELECT pg_temp.load_some(20, 1) AS loaded;
SELECT * FROM pg_temp.held() \gset after20_
SELECT pg_temp.load_some(100, 21) AS loaded;
SELECT * FROM pg_temp.held() \gset after120_
SELECT :after120_locks = :after20_locks AS locks_not_growing,
       :after120_temp_relations = :after20_temp_relations AS temp_relations_not_growing,
       :after120_work_table_indexes = :after20_work_table_indexes AS indexes_not_growing,
       :after120_work_table_indexes AS work_table_indexes;
-- what the 120 calls of each wrote
SELECT (SELECT count(*) FROM pith.papers WHERE arxiv_id::text LIKE '2311.%') AS papers,
       (SELECT count(*) FROM pith.cited_works WHERE doi::text LIKE '10.5555/repeated.%' AND metadata_source = 'crossref') AS crossref_works,
       (SELECT count(*) FROM pith.scholarly_work_events e JOIN pith.cited_works w USING (work_id)
         WHERE w.doi::text LIKE '10.5555/repeated.rw.%' AND e.source = 'retraction_watch') AS retractions;

-- pith.loader_work_table itself: made once, then emptied -- rows deleted
-- while it is small (its file keeps its pages), truncated past 256 kB
-- (its file empty again); the same relation throughout
SELECT pith.loader_work_table('pith_test_work', 'k int, pad text') IS NOT NULL AS made;
SELECT 'pg_temp.pith_test_work'::regclass::oid AS work_oid \gset
INSERT INTO pg_temp.pith_test_work SELECT k, repeat('x', 100) FROM generate_series(1, 100) k;
SELECT pith.loader_work_table('pith_test_work', 'k int, pad text') IS NOT NULL AS emptied;
SELECT count(*) AS rows_left, pg_relation_size('pg_temp.pith_test_work') > 0 AS pages_kept,
       'pg_temp.pith_test_work'::regclass::oid = :work_oid AS same_table
FROM pg_temp.pith_test_work;
INSERT INTO pg_temp.pith_test_work SELECT k, repeat('x', 100) FROM generate_series(1, 5000) k;
SELECT pg_relation_size('pg_temp.pith_test_work') > 262144 AS past_256_kb;
SELECT pith.loader_work_table('pith_test_work', 'k int, pad text') IS NOT NULL AS emptied_again;
SELECT count(*) AS rows_left, pg_relation_size('pg_temp.pith_test_work') AS bytes_left,
       'pg_temp.pith_test_work'::regclass::oid = :work_oid AS same_table
FROM pg_temp.pith_test_work;
-- bad input: NULL arguments do nothing (STRICT); a column list that is not
-- one is the server's syntax error, and the transaction goes on from a
-- savepoint
SELECT pith.loader_work_table(NULL, 'k int') IS NULL AS null_name,
       pith.loader_work_table('pith_test_other', NULL) IS NULL AS null_columns,
       pg_catalog.to_regclass('pg_temp.pith_test_other') IS NULL AS nothing_made;
SAVEPOINT bad_columns;
SELECT pith.loader_work_table('pith_test_other', 'k int,');
ROLLBACK TO SAVEPOINT bad_columns;
ROLLBACK;
