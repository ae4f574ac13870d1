-- scale_ingest_batch: pith.ingest_records() over a batch of several papers
-- (clones of the golden paper, test/data/clone_paper.sql) writes the same
-- rows as pith.ingest_record() one document after the other -- every table,
-- row for row -- is idempotent, fills what a stored reference lacks, and
-- refuses a document that contradicts the stored rows (a reference, a link,
-- a reference the document calls unresolved that a stored link resolved
-- before its as_of) alone, with ingest_record's SQLSTATE, while the others
-- load.  The caller's plan_cache_mode is the same afterwards.  Everything
-- in one transaction (the test helper too), rolled back.
\set doc `cat test/data/golden_2506.06472.json`
BEGIN;
SET LOCAL search_path = public, pith;    -- pith.arxiv_id's operators
SET LOCAL client_min_messages = warning;    -- the tables the CASCADE reaches vary
\set ECHO none
\i test/data/clone_paper.sql
\set ECHO all
TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works, pith.paper_reference_links,
         pith.scholarly_work_events, pith.retraction_status_cache, pith.citation_measurements,
         pith.inbound_references, pith.cited_work_authors, pith.paper_write_locks CASCADE;
RESET client_min_messages;
SELECT pith.ingest_record(:'doc'::jsonb) IS NOT NULL AS golden;
-- every row of the tables a document writes, as one digest
CREATE FUNCTION pg_temp.all_rows() RETURNS text LANGUAGE sql AS $$
    SELECT md5(concat_ws('|',
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.papers x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.paper_versions x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.paper_references x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.paper_reference_links x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.inbound_references x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.cited_works x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.retraction_status_cache x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.scholarly_work_events x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.citation_measurements x),
        (SELECT string_agg(x::text, ',' ORDER BY x::text) FROM pith.paper_write_locks x)))
$$;
-- what ingest_record alone says of a document: 'loaded' or its SQLSTATE
CREATE FUNCTION pg_temp.alone(d jsonb) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pith.ingest_record(d, false);
    RETURN 'loaded';
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END
$$;
-- (the rows of 1,500 more papers, written directly; and the links read by
-- sequential scan in this transaction: for the checks at the end)
CREATE FUNCTION pg_temp.grow() RETURNS bigint LANGUAGE sql AS $$
INSERT INTO pith.papers (arxiv_id, title, snapshot_observed_at)
SELECT format('2404.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 'Paper ' || k, '2026-08-08T05:57:00Z'
FROM generate_series(1, 1500) k;
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text,
                                   title, year, pith_arxiv_id, doi, source, source_observed_at)
SELECT md5(k || '/' || r.observation_id::text)::uuid, format('2404.%s', lpad(k::text, 5, '0'))::pith.arxiv_id,
       1, r.reference_index, r.raw_text, r.title, r.year, r.pith_arxiv_id, r.doi, r.source, r.source_observed_at
FROM pith.paper_references r CROSS JOIN generate_series(1, 1500) k
WHERE r.citing_arxiv_id = '2506.06472';
INSERT INTO pith.paper_reference_links (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
SELECT format('2404.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, md5(k || '/' || l.observation_id::text)::uuid,
       l.work_id, l.status, l.resolver_source, l.observed_at, l.score
FROM pith.paper_reference_links l CROSS JOIN generate_series(1, 1500) k
WHERE l.citing_arxiv_id = '2506.06472';
SELECT count(*) FROM pith.paper_reference_links
$$;
CREATE FUNCTION pg_temp.links_scanned() RETURNS bigint LANGUAGE sql AS $$
    SELECT s.seq_tup_read FROM pg_catalog.pg_stat_xact_user_tables s
    WHERE s.relid = 'pith.paper_reference_links'::regclass
$$;
SAVEPOINT golden;

-- the documents: six clones' records (kept in psql variables), one of them
-- also as it reads without its first linked reference's link
SELECT count(pith_test.clone_paper('2506.06472', format('2401.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1)) AS clones
FROM generate_series(1, 6) k;
SELECT jsonb_agg(pith.citation_record(format('2401.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000)
                 ORDER BY k) AS docs
FROM generate_series(1, 6) k \gset
SELECT l.observation_id AS unlinked_obs
FROM pith.paper_reference_links l JOIN pith.paper_references r USING (citing_arxiv_id, observation_id)
WHERE l.citing_arxiv_id = '2401.00003' AND l.work_id IS NOT NULL
ORDER BY r.reference_index LIMIT 1 \gset
DELETE FROM pith.paper_reference_links WHERE citing_arxiv_id = '2401.00003' AND observation_id = :'unlinked_obs';
SELECT pith.refresh_inbound(ARRAY['2401.00003'::pith.arxiv_id]) >= 0 AS inbound_refreshed;
SELECT pith.citation_record('2401.00003', '2026-08-08T05:57:00Z', 1000, 1000) AS unlinked_doc \gset
ROLLBACK TO SAVEPOINT golden;

-- the serial answer: ingest_record, one document after the other
SAVEPOINT serial;
SELECT count(*) FILTER (WHERE (pith.ingest_record(d) ->> 'observations_inserted')::int = 39) AS serial_loaded
FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o);
SELECT pg_temp.all_rows() AS serial_rows \gset
ROLLBACK TO SAVEPOINT serial;

-- the batch: the same rows, every table
SHOW plan_cache_mode;
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY(SELECT u.d FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o) ORDER BY u.o), false);
SHOW plan_cache_mode;
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_as_serial;
-- (refresh_inbound() also writes every paper's write row: rolled back)
SAVEPOINT inbound;
SELECT pith.refresh_inbound() AS stale_inbound_rows;
ROLLBACK TO SAVEPOINT inbound;

-- idempotent: again (digests verified this time), nothing inserted, nothing changed
SELECT count(*) FILTER (WHERE loaded AND observations_inserted = 0) AS loaded_again
FROM pith.ingest_records(ARRAY(SELECT u.d FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o) ORDER BY u.o));
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_unchanged;

-- a stored reference that lacks its title gets it back, as ingest_record
-- fills it (and its inbound rows follow)
UPDATE pith.paper_references SET title = NULL
WHERE citing_arxiv_id IN ('2401.00002', '2401.00005') AND reference_index <= 3;
SET LOCAL plan_cache_mode = force_custom_plan;
SELECT ord, loaded, observations_inserted
FROM pith.ingest_records(ARRAY(SELECT u.d FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o) ORDER BY u.o), false)
WHERE ord IN (2, 5);
SHOW plan_cache_mode;
RESET plan_cache_mode;
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_as_serial;
SAVEPOINT inbound;
SELECT pith.refresh_inbound() AS stale_inbound_rows;
ROLLBACK TO SAVEPOINT inbound;

-- contradictions with the stored rows, each refused alone with ingest_record's
-- SQLSTATE (shown beside it), the rest of the batch loaded
CREATE TEMP TABLE batch_docs AS
SELECT 1 AS ord, jsonb_set(:'docs'::jsonb -> 0, '{outbound,0,citation,reference_index}', '99') AS d   -- a reference moved
UNION ALL SELECT 2, jsonb_set(:'docs'::jsonb -> 1, '{outbound,0,resolution,observed_at}', '"2026-08-07T07:00:00Z"')  -- a link re-observed
UNION ALL SELECT 3, :'unlinked_doc'::jsonb                                                           -- a resolved reference called unresolved
UNION ALL SELECT 4, :'docs'::jsonb -> 3                                                              -- agrees: loads
UNION ALL SELECT 5, jsonb_set(:'docs'::jsonb -> 4, '{outbound,1,citation,cited_work,title}', '"Another work title"');  -- a stored work retitled
SELECT b.ord, b.loaded, b.observations_inserted, b.error_sqlstate, pg_temp.alone(d.d) AS ingest_record_alone
FROM pith.ingest_records(ARRAY(SELECT d FROM batch_docs ORDER BY ord), false) b
JOIN batch_docs d ON d.ord = b.ord ORDER BY b.ord;
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_unchanged;

-- in one fresh batch: a document contradicting another one is refused alone
ROLLBACK TO SAVEPOINT golden;
SELECT ord, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY(SELECT u.d FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o) ORDER BY u.o)
                         || jsonb_set(:'docs'::jsonb -> 2, '{outbound,0,citation,reference_index}', '99'), false);
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_as_serial;
-- a fresh paper (none of its references stored) whose first observation
-- id is stored under another paper: refused alone, as ingest_record
-- refuses it
ROLLBACK TO SAVEPOINT golden;
SELECT count(*) FILTER (WHERE (pith.ingest_record(u.d, false) ->> 'observations_inserted')::int = 39) AS first_three
FROM jsonb_array_elements(:'docs'::jsonb) WITH ORDINALITY AS u(d, o) WHERE u.o <= 3;
SELECT r.observation_id AS stored_obs
FROM pith.paper_references r WHERE r.citing_arxiv_id = '2401.00001' ORDER BY r.reference_index LIMIT 1 \gset
CREATE TEMP TABLE fresh_docs AS
SELECT 1 AS ord, :'docs'::jsonb -> 3 AS d
UNION ALL SELECT 2, jsonb_set(:'docs'::jsonb -> 5, '{outbound,0,observation_id}', to_jsonb(:'stored_obs'::text))
UNION ALL SELECT 3, :'docs'::jsonb -> 4;
SELECT b.ord, b.paper, b.loaded, b.observations_inserted, b.error_sqlstate, pg_temp.alone(d.d) AS ingest_record_alone
FROM pith.ingest_records(ARRAY(SELECT d FROM fresh_docs ORDER BY ord), false) b
JOIN fresh_docs d ON d.ord = b.ord ORDER BY b.ord;
SELECT count(*) AS refs_of_refused FROM pith.paper_references WHERE citing_arxiv_id = '2401.00006';
SAVEPOINT inbound;
SELECT pith.refresh_inbound() AS stale_inbound_rows;
ROLLBACK TO SAVEPOINT inbound;
-- the document as it is then loads, and the tables hold what one-by-one
-- ingest writes
SELECT ord, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'docs'::jsonb -> 5], false);
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_as_serial;

-- a paper with some of its references stored (the others are written,
-- its inbound rows by refresh_inbound) beside a fresh one
DELETE FROM pith.paper_references
WHERE citing_arxiv_id = '2401.00006' OR (citing_arxiv_id = '2401.00005' AND reference_index > 20);
SELECT pith.refresh_inbound(ARRAY['2401.00005', '2401.00006']::pith.arxiv_id[]) > 0 AS inbound_pruned;
SELECT ord, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'docs'::jsonb -> 4, :'docs'::jsonb -> 5], false);
SELECT pg_temp.all_rows() = :'serial_rows' AS rows_as_serial;
SAVEPOINT inbound;
SELECT pith.refresh_inbound() AS stale_inbound_rows;
ROLLBACK TO SAVEPOINT inbound;

-- a record that lists many citing papers in its inbound side (a cited
-- paper's: 150 clones and the golden paper cite it) loads again writing
-- nothing, and in work that grows with its entries, not with their square:
-- at most 10 arXiv id comparisons per entry (counted, not timed; the code
-- before this check made 14 and 58 per entry, by ingest_record and by
-- ingest_records), and no inbound row is stale afterwards
ROLLBACK TO SAVEPOINT golden;
SELECT count(pith_test.clone_paper('2506.06472', format('2402.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1)) AS clones
FROM generate_series(1, 150) k;
SELECT cited_arxiv_id AS popular, count(*) AS entries
FROM pith.inbound_references GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1 \gset
SELECT :'popular' AS popular, :entries AS entries;
SELECT pith.citation_record(:'popular', '2026-08-08T05:57:00Z', 1000, 1000) AS popular_doc \gset
SET LOCAL track_functions = 'all';
CREATE FUNCTION pg_temp.id_comparisons() RETURNS bigint LANGUAGE sql AS $$
    SELECT COALESCE((SELECT f.calls FROM pg_stat_xact_user_functions f
                     WHERE f.schemaname = 'pith' AND f.funcname = 'arxiv_id_eq'), 0)
$$;
SELECT pg_temp.id_comparisons() AS before_one \gset
SELECT pith.ingest_record(:'popular_doc'::jsonb) ->> 'observations_inserted' AS reloaded_one;
SELECT pg_temp.id_comparisons() AS before_batch \gset
SELECT loaded, observations_inserted FROM pith.ingest_records(ARRAY[:'popular_doc'::jsonb]);
SELECT :before_batch - :before_one <= 10 * :entries AS one_linear,
       pg_temp.id_comparisons() - :before_batch <= 10 * :entries AS batch_linear;
SAVEPOINT inbound;
SELECT pith.refresh_inbound() AS stale_inbound_rows;
ROLLBACK TO SAVEPOINT inbound;

-- a batch after the tables grew, in a transaction whose first batch ran
-- while they were small: the stored references of its keys are read
-- through the indexes (those reads are planned again on every call), not
-- by the sequential scan that the first batch's plan would keep, which
-- compares every stored reference with every key of the batch (the code
-- before this check read the whole table, twice).  The tables grow by
-- 1,500 papers' rows (the golden paper's references and links, written
-- directly).
ROLLBACK TO SAVEPOINT golden;
SELECT ord, loaded, observations_inserted FROM pith.ingest_records(ARRAY[:'docs'::jsonb -> 0]);
SELECT pg_temp.grow() AS links;
CREATE FUNCTION pg_temp.scanned() RETURNS bigint LANGUAGE sql AS $$
    SELECT s.seq_tup_read FROM pg_catalog.pg_stat_xact_user_tables s WHERE s.relid = 'pith.paper_references'::regclass
$$;
SELECT pg_temp.scanned() AS scanned_before \gset
SELECT ord, loaded, observations_inserted
FROM pith.ingest_records(ARRAY[:'docs'::jsonb -> 1, :'docs'::jsonb -> 2, :'docs'::jsonb -> 3, :'docs'::jsonb -> 4, :'docs'::jsonb -> 5]);
SELECT pg_temp.scanned() - :scanned_before AS references_scanned;

-- one document at a time on tables never analyzed (truncated in this
-- transaction: no statistics), after they grew by the same 1,500 papers'
-- rows: ingest_record's inbound refresh reads the paper's links by their
-- key, not every link by a sequential scan (the code before this check
-- read them all twice, 66,088 rows: the planner, without statistics,
-- expected 0.5 % of the references per paper and hashed the whole links
-- table, in the refresh's two reads of the paper's references and links)
ROLLBACK TO SAVEPOINT golden;
SELECT pg_temp.grow() AS links;
SELECT pg_temp.links_scanned() AS links_scanned_before \gset
SELECT pith.ingest_record(:'docs'::jsonb -> 1) ->> 'observations_inserted' AS one_document;
SELECT pg_temp.links_scanned() - :links_scanned_before AS links_scanned;
ROLLBACK;
