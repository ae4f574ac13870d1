-- 98_ingest.sql -- ingest at load speed, second step (issue 18, deliver 3):
-- the typed rows of a batch from one C pass per kind, the checks against
-- stored rows column by column.
--
-- Changed objects: pith.ingest_rows() (new: the typed rows of one kind of a
-- batch's documents, in C, from src/core/ingest_rows.c's table),
-- pith.ingest_records() (reads its rows through it; copies the stored rows
-- of the batch's keys into work tables and compares them column by column
-- instead of through to_jsonb, so that the same statements run set-wise on
-- Citus too; writes only the observations not stored, without ON
-- CONFLICT; on one server its statements are planned generically, once
-- per transaction, but for its reads of stored rows, planned on every
-- call), pith.discard_outgrown_plans() (new: the writers discard the
-- session's cached plans once a table they write has more than doubled
-- since the plans were made) and pith.ingest_document() (calls it; its
-- text is in 94_scale.sql).  Same text as src/sql/55_ingest.sql.

-- The typed rows of one kind that documents hold, for ingest_records: one
-- C pass over each document records[ord] (ord in ords), the columns read
-- by the record's key table (src/core/ingest_rows.c) and put through their
-- types' input functions as jsonb_populate_record would.  Kinds: documents
-- (paper, as_of), papers, references, works, links, unlinked
-- (observation_id), receipts, events, measurements; the caller names its
-- columns (ord integer, inbound boolean, and the kind's columns or one of
-- its table's row type).
CREATE FUNCTION pith.ingest_rows(records jsonb[], ords integer[], kind text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pith_ingest_rows'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.ingest_rows(jsonb[], integer[], text) IS
    'the typed rows of one kind (papers, references, works, links, ...) that the given documents of records hold, as pith.ingest_records reads them; name the columns: AS t(ord integer, r pith.paper_references)';

-- Plans made while the written tables were a page or two (the first
-- documents loaded into an empty database) scan them sequentially, and are
-- kept while the tables grow: within a transaction (ANALYZE does not see
-- its rows) and until autovacuum next analyzes them.  Among them are the
-- foreign-key checks of every row written.  The writers call this first:
-- once one of the tables has more than doubled since the session's plans were
-- made (src/core/plan_growth.c), it discards them (as DISCARD PLANS does),
-- and each is made again for the tables as they are.
CREATE FUNCTION pith.discard_outgrown_plans()
RETURNS boolean
LANGUAGE c VOLATILE STRICT PARALLEL UNSAFE
AS 'MODULE_PATHNAME', 'pith_discard_outgrown_plans';
COMMENT ON FUNCTION pith.discard_outgrown_plans() IS
    'for the writers: discard the session''s cached plans (as DISCARD PLANS) when a table pith writes has more than doubled (plus 16 kB) since they were last made; true when it did';

-- Many documents at once: every guarantee of ingest_record per document --
-- all or nothing, contradictions refused (with stored rows and between the
-- documents, as if they were loaded one after the other), idempotent -- at
-- the cost of a few statements per batch instead of some sixty per
-- document.  The documents are parsed, checked and written set-wise (one
-- statement per table for the whole batch); a document any check has
-- doubts about (malformed, stale digests, contradicting itself, another
-- document of the batch or the stored rows) is not written by the batch
-- but afterwards, on its own, by ingest_record in a subtransaction, which
-- loads it or refuses it with its exact error.  The locks are ingest_record's
-- (step 5), for the whole batch in one order; then the doubtful documents'
-- own ingest_record calls take only locks the batch already holds.  The
-- stored rows the checks need are first copied into work tables by their
-- keys, so that every check and write joins work tables only: the same
-- statements run on one server and on a Citus cluster (there the reads and
-- writes of a distributed table go to the shards holding the batch's
-- papers).
-- Returns one row per document, in input order.
CREATE OR REPLACE FUNCTION pith.ingest_records(records jsonb[], verify boolean DEFAULT true)
RETURNS TABLE (ord integer, paper text, loaded boolean, observations_inserted bigint,
               error_sqlstate text, error_message text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
-- its work tables are temporary and never analyzed: the planner's guesses
-- would put JIT compilation (a second or more) in front of every statement
SET jit = off
AS $fn$
#variable_conflict use_column
DECLARE
    parsed boolean := true;
    written boolean := true;
    need_catalog boolean;
    lock_keys bigint[];
    lock_key bigint;
    own pith.arxiv_id[];
    todo integer[];
    d record;
    res jsonb;
    st text;
    msg text;
    plan_mode text;
    v record;
    pass integer;
    paper_keys pith.arxiv_id[];
    citing_keys pith.arxiv_id[];
    work_keys uuid[];
    base_keys pith.arxiv_id[];
    obs_keys uuid[];
    written_papers pith.arxiv_id[];
    work_sig text;
    work_life text;
    stale pg_catalog.regclass;
    stale_def record;
    on_citus boolean := false;
BEGIN
    PERFORM pith.discard_outgrown_plans();
    -- The work tables live for the transaction (made by its first call,
    -- dropped at its commit), or with pith.ingest_work_tables = session for
    -- the session (made once, emptied at each commit): then a call in a new
    -- transaction of the same session plans nothing again (making them and
    -- planning every statement against them cost about a quarter of a call
    -- of 40 documents), but the idle session holds tables that depend on
    -- pith's types, and DROP EXTENSION pith fails until it ends.  They are
    -- made again when missing (a new transaction, a new session, DISCARD
    -- TEMP), when the setting changed, or when the tables they copy have
    -- changed columns since (an ALTER EXTENSION UPDATE seen by a pooled
    -- session): pith_ir_docs' comment holds the setting and a digest of the
    -- columns they were made from (sha256, not md5: md5() fails on a
    -- server in FIPS mode).
    work_life := CASE WHEN pg_catalog.current_setting('pith.ingest_work_tables', true) = 'session'
                      THEN 'DELETE ROWS' ELSE 'DROP' END;
    work_sig := work_life || ' ' || (
                SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.string_agg(
                           a.attrelid::pg_catalog.regclass::text || '.' || a.attname || ':' || a.atttypid::text, ','
                           ORDER BY a.attrelid::pg_catalog.regclass::text, a.attnum), 'UTF8')), 'hex')
                FROM pg_catalog.pg_attribute a
                WHERE a.attrelid IN ('pith.papers'::pg_catalog.regclass, 'pith.paper_versions'::pg_catalog.regclass,
                                     'pith.cited_works'::pg_catalog.regclass,
                                     'pith.retraction_status_cache'::pg_catalog.regclass,
                                     'pith.scholarly_work_events'::pg_catalog.regclass,
                                     'pith.paper_references'::pg_catalog.regclass,
                                     'pith.paper_reference_links'::pg_catalog.regclass,
                                     'pith.citation_measurements'::pg_catalog.regclass)
                  AND a.attnum > 0 AND NOT a.attisdropped);
    IF pg_catalog.obj_description(pg_catalog.to_regclass('pg_temp.pith_ir_docs'), 'pg_class') IS DISTINCT FROM work_sig THEN
        FOR stale IN
            SELECT c.oid::pg_catalog.regclass FROM pg_catalog.pg_class c
            WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relkind = 'r'
              AND c.relname IN ('pith_ir_docs', 'pith_ir_papers', 'pith_ir_refs', 'pith_ir_works', 'pith_ir_links',
                                'pith_ir_nolink', 'pith_ir_receipts', 'pith_ir_events', 'pith_ir_meas',
                                'pith_ir_versions', 'pith_ir_s_papers', 'pith_ir_s_versions', 'pith_ir_s_works',
                                'pith_ir_s_receipts', 'pith_ir_s_events', 'pith_ir_s_refs', 'pith_ir_s_links',
                                'pith_ir_s_meas')
        LOOP
            EXECUTE pg_catalog.format('DROP TABLE %s', stale);
        END LOOP;
        -- the documents themselves are read from the array (records), not
        -- copied here: writing them to a temporary table (TOAST) cost more
        -- than any statement of the batch
        -- (no index on any of them: emptying an index rebuilds it, and
        -- that invalidates every plan of the tables, so each call would
        -- plan every statement again)
        FOR stale_def IN
            SELECT * FROM (VALUES
                ('pith_ir_docs', 'ord int NOT NULL, paper pith.arxiv_id, as_of timestamptz,
                                  doubt boolean NOT NULL DEFAULT false, inserted bigint,
                                  loaded boolean, error_sqlstate text, error_message text'),
                ('pith_ir_papers', 'ord int, r pith.papers'),
                ('pith_ir_refs', 'ord int, inbound boolean, r pith.paper_references'),
                ('pith_ir_works', 'ord int, r pith.cited_works'),
                ('pith_ir_links', 'ord int, r pith.paper_reference_links'),
                ('pith_ir_nolink', 'ord int, observation_id uuid'),
                ('pith_ir_receipts', 'ord int, r pith.retraction_status_cache'),
                ('pith_ir_events', 'ord int, r pith.scholarly_work_events'),
                ('pith_ir_meas', 'ord int, r pith.citation_measurements'),
                ('pith_ir_versions', 'ord int, r pith.paper_versions'),
                -- the stored rows of the batch's keys (step 4)
                ('pith_ir_s_papers', 'LIKE pith.papers'),
                ('pith_ir_s_versions', 'LIKE pith.paper_versions'),
                ('pith_ir_s_works', 'LIKE pith.cited_works'),
                ('pith_ir_s_receipts', 'LIKE pith.retraction_status_cache'),
                ('pith_ir_s_events', 'LIKE pith.scholarly_work_events'),
                ('pith_ir_s_refs', 'LIKE pith.paper_references'),
                ('pith_ir_s_links', 'LIKE pith.paper_reference_links'),
                ('pith_ir_s_meas', 'LIKE pith.citation_measurements')) AS t(name, columns)
        LOOP
            EXECUTE pg_catalog.format('CREATE TEMP TABLE %I (%s) ON COMMIT %s',
                                      stale_def.name, stale_def.columns, work_life);
        END LOOP;
        EXECUTE pg_catalog.format('COMMENT ON TABLE pg_temp.pith_ir_docs IS %L', work_sig);
    ELSIF EXISTS (SELECT 1 FROM pith_ir_docs) THEN
        -- rows of an earlier call of this transaction (every call writes
        -- its documents here first; its rows stay until the commit drops
        -- or empties the tables).  Deleted while the tables are small: a
        -- TRUNCATE of session tables gives them new files (the first one
        -- in a transaction), and every statement then plans again.
        -- Truncated once the rows left deleted would slow the scans down
        -- (4 MB of references).
        IF pg_catalog.pg_relation_size('pg_temp.pith_ir_refs') > 4194304 THEN
            TRUNCATE pith_ir_docs, pith_ir_papers, pith_ir_refs, pith_ir_works, pith_ir_links,
                     pith_ir_nolink, pith_ir_receipts, pith_ir_events, pith_ir_meas, pith_ir_versions,
                     pith_ir_s_papers, pith_ir_s_versions, pith_ir_s_works, pith_ir_s_receipts, pith_ir_s_events,
                     pith_ir_s_refs, pith_ir_s_links, pith_ir_s_meas;
        ELSE
            DELETE FROM pith_ir_docs;
            DELETE FROM pith_ir_papers;
            DELETE FROM pith_ir_refs;
            DELETE FROM pith_ir_works;
            DELETE FROM pith_ir_links;
            DELETE FROM pith_ir_nolink;
            DELETE FROM pith_ir_receipts;
            DELETE FROM pith_ir_events;
            DELETE FROM pith_ir_meas;
            DELETE FROM pith_ir_versions;
            DELETE FROM pith_ir_s_papers;
            DELETE FROM pith_ir_s_versions;
            DELETE FROM pith_ir_s_works;
            DELETE FROM pith_ir_s_receipts;
            DELETE FROM pith_ir_s_events;
            DELETE FROM pith_ir_s_refs;
            DELETE FROM pith_ir_s_links;
            DELETE FROM pith_ir_s_meas;
        END IF;
    END IF;

    -- the documents by position, records[ord] (ord from 1 as unnest's
    -- ordinality: any other bounds or dimensions are renumbered)
    IF array_ndims(records) <> 1 OR array_lower(records, 1) <> 1 THEN
        records := ARRAY(SELECT u.d FROM unnest(records) WITH ORDINALITY AS u(d, o) ORDER BY u.o);
    END IF;

    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p
                                WHERE p.logicalrelid = ''pith.paper_references''::regclass)' INTO on_citus;
    END IF;

    -- the statements of the set-wise path (steps 1 to 6, and the answer)
    -- are planned generically: a custom plan (the first five runs of each)
    -- of a statement that reads the documents holds the whole array as a
    -- constant and copies it several times while planning, which cost more
    -- than some of these statements' execution; and a generic plan is made
    -- once per transaction (once per session with session work tables),
    -- not once per call (the work tables are emptied in place, which
    -- leaves their plans valid).  Only these statements:
    -- ingest_record (step 7) and refresh_inbound plan as the caller's
    -- setting says.  (Not on a Citus cluster, whose planner cannot make a
    -- generic plan of a statement that reads distributed tables.)
    IF NOT on_citus THEN
        plan_mode := pg_catalog.current_setting('plan_cache_mode');
        PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
    END IF;

    -- 1. shape: a document in doubt is left to ingest_record
    INSERT INTO pith_ir_docs (ord, doubt)
    SELECT u.o, COALESCE(jsonb_typeof(u.d) <> 'object'
                         OR (u.d ->> 'schema') IS DISTINCT FROM 'pith.paper-citation-record.v1'
                         OR jsonb_typeof(u.d -> 'paper') IS DISTINCT FROM 'object'
                         OR jsonb_typeof(u.d -> 'outbound') IS DISTINCT FROM 'array'
                         OR jsonb_typeof(u.d -> 'inbound') IS DISTINCT FROM 'array'
                         OR jsonb_typeof(u.d -> 'external_citation_measurements') IS DISTINCT FROM 'array'
                         OR u.d -> 'paper' ->> 'arxiv_id' IS NULL OR u.d ->> 'as_of' IS NULL
                         OR pith.record_shape_problem(u.d) IS NOT NULL, true)
    FROM unnest(records) WITH ORDINALITY AS u(d, o);

    -- 2. the rows, as ingest_record reads them (a value that does not fit
    --    its column anywhere in the batch: every document on its own)
    IF parsed THEN
    BEGIN
        IF verify THEN
            UPDATE pith_ir_docs x SET doubt = true
            WHERE NOT x.doubt AND EXISTS (SELECT 1 FROM pith.verify_record(records[x.ord]) v WHERE v.ok IS NOT TRUE);
        END IF;
        -- (one C pass per kind over the documents, pith.ingest_rows)
        todo := ARRAY(SELECT x.ord FROM pith_ir_docs x WHERE NOT x.doubt ORDER BY x.ord);
        UPDATE pith_ir_docs x SET paper = t.paper, as_of = t.as_of
        FROM pith.ingest_rows(records, todo, 'documents') AS t(ord integer, paper pith.arxiv_id, as_of timestamptz)
        WHERE x.ord = t.ord;
        UPDATE pith_ir_docs x SET doubt = true WHERE NOT x.doubt AND pith.arxiv_base(x.paper) <> x.paper;
        todo := ARRAY(SELECT x.ord FROM pith_ir_docs x WHERE NOT x.doubt ORDER BY x.ord);
        INSERT INTO pith_ir_papers
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'papers') AS t(ord integer, r pith.papers);
        INSERT INTO pith_ir_refs
        SELECT t.ord, t.inbound, t.r
        FROM pith.ingest_rows(records, todo, 'references') AS t(ord integer, inbound boolean, r pith.paper_references);
        INSERT INTO pith_ir_works
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'works') AS t(ord integer, r pith.cited_works);
        -- every observation is a link row or the absence of one ("unlinked":
        -- no work, no resolver, unresolved, observed with the reference)
        INSERT INTO pith_ir_links
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'links') AS t(ord integer, r pith.paper_reference_links);
        INSERT INTO pith_ir_nolink
        SELECT t.ord, t.observation_id
        FROM pith.ingest_rows(records, todo, 'unlinked') AS t(ord integer, observation_id uuid);
        INSERT INTO pith_ir_receipts
        SELECT DISTINCT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'receipts') AS t(ord integer, r pith.retraction_status_cache);
        INSERT INTO pith_ir_events
        SELECT DISTINCT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'events') AS t(ord integer, r pith.scholarly_work_events);
        INSERT INTO pith_ir_meas
        SELECT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'measurements') AS t(ord integer, r pith.citation_measurements);
    EXCEPTION WHEN OTHERS THEN
        parsed := false;
    END;
    END IF;

    IF parsed THEN
        -- 3. doubts inside the batch: what ingest_record would refuse in a
        --    document (its step 4 and the missing values), and any key two
        --    documents describe differently (one of them would be refused)
        UPDATE pith_ir_docs x SET doubt = true
        WHERE NOT x.doubt AND x.ord IN (
            SELECT f.ord FROM pith_ir_refs f
            WHERE (f.r).observation_id IS NULL OR (f.r).citing_arxiv_id IS NULL OR (f.r).citing_version IS NULL
               OR (f.r).reference_index IS NULL OR (f.r).source IS NULL OR (f.r).source_observed_at IS NULL
            UNION ALL
            SELECT f.ord FROM pith_ir_refs f JOIN pith_ir_docs y ON y.ord = f.ord
            WHERE ((f.r).citing_arxiv_id = y.paper) = f.inbound
            UNION ALL
            SELECT p.ord FROM pith_ir_papers p
            WHERE (p.r).arxiv_id IN (SELECT (q.r).arxiv_id FROM pith_ir_papers q GROUP BY (q.r).arxiv_id
                                     HAVING count(DISTINCT (q.r).title) > 1 OR count(DISTINCT (q.r).latest_version) > 1
                                         OR count(DISTINCT (q.r).submitted_at) > 1 OR count(DISTINCT (q.r).last_updated) > 1
                                         OR count(DISTINCT (q.r).primary_category) > 1
                                         OR count(DISTINCT (q.r).snapshot_observed_at) > 1)
            UNION ALL
            SELECT p.ord FROM pith_ir_papers p GROUP BY p.ord, (p.r).arxiv_id
            HAVING bool_and((p.r).title IS NULL) OR bool_and((p.r).snapshot_observed_at IS NULL)
            UNION ALL
            SELECT f.ord FROM pith_ir_refs f
            -- (the contents compared only where an id comes more than once)
            WHERE (f.r).observation_id IN (
                      SELECT (g.r).observation_id FROM pith_ir_refs g
                      WHERE (g.r).observation_id IN (SELECT (h.r).observation_id FROM pith_ir_refs h GROUP BY 1
                                                     HAVING count(*) > 1)
                      GROUP BY 1 HAVING count(DISTINCT g.r) > 1)
               OR ((f.r).citing_arxiv_id, (f.r).reference_index) IN (
                      SELECT (g.r).citing_arxiv_id, (g.r).reference_index FROM pith_ir_refs g
                      WHERE ((g.r).citing_arxiv_id, (g.r).reference_index) IN (
                                SELECT (h.r).citing_arxiv_id, (h.r).reference_index FROM pith_ir_refs h
                                GROUP BY 1, 2 HAVING count(*) > 1)
                      GROUP BY 1, 2 HAVING count(DISTINCT (g.r).observation_id) > 1)
            UNION ALL
            SELECT w.ord FROM pith_ir_works w
            -- (distinct works hashed first: every document repeats the works it cites)
            WHERE (w.r).work_id IN (SELECT (v.r).work_id FROM (SELECT DISTINCT v.r FROM pith_ir_works v) v
                                    GROUP BY 1 HAVING count(*) > 1)
               OR ((w.r).metadata_source = 'arxiv' AND pith.arxiv_base((w.r).arxiv_id) IN (
                      SELECT pith.arxiv_base((v.r).arxiv_id) FROM pith_ir_works v
                      WHERE (v.r).metadata_source = 'arxiv' AND (v.r).arxiv_id IS NOT NULL GROUP BY 1
                      HAVING count(DISTINCT (v.r).work_id) > 1))
               OR (w.r).metadata_source IS NULL OR (w.r).snapshot_observed_at IS NULL
            UNION ALL
            SELECT l.ord FROM pith_ir_links l
            WHERE (l.r).status IS NULL OR (l.r).observed_at IS NULL
               OR ((l.r).citing_arxiv_id, (l.r).observation_id) IN (
                      SELECT (k.r).citing_arxiv_id, (k.r).observation_id FROM pith_ir_links k
                      WHERE (k.r).observation_id IN (SELECT (h.r).observation_id FROM pith_ir_links h GROUP BY 1
                                                     HAVING count(*) > 1)
                      GROUP BY 1, 2 HAVING count(DISTINCT ((k.r).work_id, (k.r).status, (k.r).resolver_source, (k.r).observed_at)) > 1)
            UNION ALL
            -- one document's unresolved reference that another links before
            -- the first one's as_of: loaded in order, one would be refused
            SELECT n.ord FROM pith_ir_nolink n JOIN pith_ir_docs y ON y.ord = n.ord
            JOIN pith_ir_links l ON (l.r).observation_id = n.observation_id AND (l.r).observed_at <= y.as_of
            UNION ALL
            SELECT l.ord FROM pith_ir_links l JOIN pith_ir_nolink n ON n.observation_id = (l.r).observation_id
            UNION ALL
            SELECT e.ord FROM pith_ir_receipts e WHERE (e.r).source IS NULL OR (e.r).observed_at IS NULL
            UNION ALL
            SELECT e.ord FROM pith_ir_events e
            WHERE (e.r).source IS NULL OR (e.r).event_type IS NULL OR (e.r).observed_at IS NULL
               OR ((e.r).work_id, (e.r).source, (e.r).event_type, (e.r).event_date, (e.r).notice_doi) IN (
                      SELECT (v.r).work_id, (v.r).source, (v.r).event_type, (v.r).event_date, (v.r).notice_doi
                      FROM pith_ir_events v GROUP BY 1, 2, 3, 4, 5 HAVING count(DISTINCT v.r) > 1)
            UNION ALL
            SELECT m.ord FROM pith_ir_meas m
            WHERE (m.r).source IS NULL OR (m.r).cited_by_count IS NULL OR (m.r).measured_at IS NULL
               OR ((m.r).arxiv_id, (m.r).source, (m.r).measured_at) IN (
                      SELECT (v.r).arxiv_id, (v.r).source, (v.r).measured_at FROM pith_ir_meas v GROUP BY 1, 2, 3
                      HAVING count(DISTINCT (v.r).cited_by_count) > 1));

        -- the versions, from each document's merged papers, as ingest_record
        INSERT INTO pith_ir_versions
        SELECT DISTINCT q.ord, ROW(q.arxiv_id, q.latest_version, q.title, q.last_updated)::pith.paper_versions
        FROM (SELECT p.ord, (p.r).arxiv_id, max((p.r).title) AS title, max((p.r).latest_version) AS latest_version,
                     max((p.r).last_updated) AS last_updated
              FROM pith_ir_papers p GROUP BY p.ord, (p.r).arxiv_id) q
        WHERE q.latest_version IS NOT NULL;

        -- 4. the stored rows the checks compare with, copied into work
        --    tables by their keys: one uncorrelated "= ANY (keys)" read per
        --    table (through the tables' indexes; on Citus one query per
        --    shard, run on the workers), so that the checks of step 5 and
        --    the writes of step 6 join work tables only -- the same
        --    statements on one server and on a Citus cluster.
        --    The catalog rows first: whether the batch brings catalog rows
        --    decides which locks it takes (ingest_record's step 5, for
        --    every parsed document of the batch, in doubt or not: their own
        --    ingest_record calls below then find them held).  When it does,
        --    they are read again under those locks (pass 2); when it does
        --    not, every catalog row the batch names is stored, and stored
        --    catalog rows are never changed but for missing values.
        paper_keys := ARRAY(SELECT DISTINCT (p.r).arxiv_id FROM pith_ir_papers p);
        work_keys := ARRAY(SELECT DISTINCT (w.r).work_id FROM pith_ir_works w WHERE (w.r).work_id IS NOT NULL);
        base_keys := ARRAY(SELECT DISTINCT pith.arxiv_base((w.r).arxiv_id) FROM pith_ir_works w
                           WHERE (w.r).metadata_source = 'arxiv' AND (w.r).arxiv_id IS NOT NULL);
        --    These reads are planned afresh on every call (force_custom_plan,
        --    on one server): a generic plan made while the tables were
        --    small (the first batch of a load into an empty database) is a
        --    sequential scan that compares every stored row with every key,
        --    and it would be kept for the rest of the transaction -- or of
        --    the session, with session work tables -- while the tables grow.
        FOR pass IN 1 .. 2 LOOP
            IF pass = 2 THEN
                -- (empty before pass 1: every call starts with empty tables)
                DELETE FROM pith_ir_s_papers;
                DELETE FROM pith_ir_s_versions;
                DELETE FROM pith_ir_s_works;
                DELETE FROM pith_ir_s_receipts;
                DELETE FROM pith_ir_s_events;
            END IF;
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
            END IF;
            INSERT INTO pith_ir_s_papers SELECT s.* FROM pith.papers s WHERE s.arxiv_id = ANY (paper_keys);
            INSERT INTO pith_ir_s_versions SELECT s.* FROM pith.paper_versions s WHERE s.arxiv_id = ANY (paper_keys);
            INSERT INTO pith_ir_s_works
            SELECT s.* FROM pith.cited_works s
            WHERE s.work_id = ANY (work_keys)
               OR (s.arxiv_id IS NOT NULL AND pith.arxiv_base(s.arxiv_id) = ANY (base_keys) AND s.metadata_source = 'arxiv');
            INSERT INTO pith_ir_s_receipts SELECT s.* FROM pith.retraction_status_cache s WHERE s.work_id = ANY (work_keys);
            INSERT INTO pith_ir_s_events SELECT s.* FROM pith.scholarly_work_events s WHERE s.work_id = ANY (work_keys);
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
            END IF;
            EXIT WHEN pass = 2;

            own := ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                         UNION SELECT x.paper FROM pith_ir_docs x WHERE x.paper IS NOT NULL);
            -- (counted, not EXISTS: the planner would pick a fast-start
            -- nested loop for EXISTS, quadratic when no row qualifies)
            need_catalog :=
                (SELECT count(*) FROM pith_ir_papers i LEFT JOIN pith_ir_s_papers s ON s.arxiv_id = (i.r).arxiv_id
                        WHERE s.arxiv_id IS NULL
                           OR (s.latest_version IS NULL AND (i.r).latest_version IS NOT NULL)
                           OR (s.submitted_at IS NULL AND (i.r).submitted_at IS NOT NULL)
                           OR (s.last_updated IS NULL AND (i.r).last_updated IS NOT NULL)
                           OR (s.primary_category IS NULL AND (i.r).primary_category IS NOT NULL)) > 0
                OR (SELECT count(*) FROM pith_ir_versions i LEFT JOIN pith_ir_s_versions s
                             ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version WHERE s.arxiv_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_works i LEFT JOIN pith_ir_s_works s ON s.work_id = (i.r).work_id
                           WHERE s.work_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_receipts i LEFT JOIN pith_ir_s_receipts s
                             ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.observed_at = (i.r).observed_at
                           WHERE s.work_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_events i LEFT JOIN pith_ir_s_events s
                             ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
                            AND s.event_date IS NOT DISTINCT FROM (i.r).event_date
                            AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
                           WHERE s.work_id IS NULL) > 0;
            lock_keys := ARRAY(
                SELECT DISTINCT k.key
                FROM (SELECT pg_catalog.hashtextextended('pith.paper:' || (q.r).arxiv_id::text, 0) AS key
                      FROM pith_ir_papers q WHERE need_catalog
                      UNION ALL
                      SELECT pg_catalog.hashtextextended('pith.paper:' || q::text, 0) FROM unnest(own) AS q
                      UNION ALL
                      SELECT pg_catalog.hashtextextended('pith.work:' || (q.r).work_id::text, 0)
                      FROM pith_ir_works q WHERE need_catalog
                      UNION ALL
                      SELECT pg_catalog.hashtextextended('pith.arxiv_work:' || pith.arxiv_base((q.r).arxiv_id)::text, 0)
                      FROM pith_ir_works q WHERE need_catalog AND (q.r).arxiv_id IS NOT NULL) k
                ORDER BY k.key);
            FOREACH lock_key IN ARRAY lock_keys LOOP
                PERFORM pg_catalog.pg_advisory_xact_lock(lock_key);
            END LOOP;
            PERFORM pith.lock_papers(own);
            EXIT WHEN NOT need_catalog;
        END LOOP;

        --    The per-paper rows, under the papers' locks: every stored
        --    reference with an observation id of the batch (whichever paper
        --    holds it) and every stored reference and link of the batch's
        --    citing papers (none for a paper seen for the first time); a
        --    stored link's observation is a stored reference of its paper,
        --    its foreign key, so the links of the references read here are
        --    all read too.  The measurements of the batch's papers.
        obs_keys := ARRAY(SELECT DISTINCT (f.r).observation_id FROM pith_ir_refs f WHERE (f.r).observation_id IS NOT NULL);
        citing_keys := ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                             WHERE (f.r).citing_arxiv_id IS NOT NULL);
        IF plan_mode IS NOT NULL THEN
            PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
        END IF;
        INSERT INTO pith_ir_s_refs
        SELECT s.* FROM pith.paper_references s
        WHERE s.observation_id = ANY (obs_keys) OR s.citing_arxiv_id = ANY (citing_keys);
        INSERT INTO pith_ir_s_links
        SELECT s.* FROM pith.paper_reference_links s WHERE s.citing_arxiv_id = ANY (citing_keys);
        INSERT INTO pith_ir_s_meas
        SELECT s.* FROM pith.citation_measurements s
        WHERE s.arxiv_id = ANY (ARRAY(SELECT DISTINCT (m.r).arxiv_id FROM pith_ir_meas m));
        IF plan_mode IS NOT NULL THEN
            PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
        END IF;

        -- 5. doubts against the stored rows (ingest_record's step 6), column
        --    by column on the typed rows: where ingest_record's row_conflict
        --    compares two NULL-tolerant values, "a <> b" (NULL when either is
        --    NULL: they agree); where it compares strictly, IS DISTINCT FROM.
        --    (Each type's = is equality of the text to_jsonb shows.)
        UPDATE pith_ir_docs x SET doubt = true
        WHERE NOT x.doubt AND x.ord IN (
            SELECT i.ord FROM pith_ir_papers i JOIN pith_ir_s_papers s ON s.arxiv_id = (i.r).arxiv_id
            WHERE (s.title <> (i.r).title OR s.latest_version <> (i.r).latest_version
                   OR s.submitted_at <> (i.r).submitted_at OR s.last_updated <> (i.r).last_updated
                   OR s.primary_category <> (i.r).primary_category
                   OR s.snapshot_observed_at <> (i.r).snapshot_observed_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_versions i
            JOIN pith_ir_s_versions s ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version
            WHERE (s.title <> (i.r).title OR s.submitted_at <> (i.r).submitted_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_works i JOIN pith_ir_s_works s ON s.work_id = (i.r).work_id
            WHERE s.title IS DISTINCT FROM (i.r).title OR s.doi IS DISTINCT FROM (i.r).doi
               OR s.arxiv_id IS DISTINCT FROM (i.r).arxiv_id OR s.venue IS DISTINCT FROM (i.r).venue
               OR s.year IS DISTINCT FROM (i.r).year OR s.metadata_source IS DISTINCT FROM (i.r).metadata_source
               OR s.snapshot_observed_at IS DISTINCT FROM (i.r).snapshot_observed_at
            UNION ALL
            SELECT i.ord FROM pith_ir_works i
            JOIN pith_ir_s_works s ON pith.arxiv_base(s.arxiv_id) = pith.arxiv_base((i.r).arxiv_id)
                                  AND s.metadata_source = 'arxiv'
            WHERE (i.r).metadata_source = 'arxiv' AND (i.r).arxiv_id IS NOT NULL AND s.work_id <> (i.r).work_id
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i JOIN pith_ir_s_refs s ON s.observation_id = (i.r).observation_id
            WHERE (s.citing_arxiv_id <> (i.r).citing_arxiv_id OR s.citing_version <> (i.r).citing_version
                   OR s.reference_index <> (i.r).reference_index OR s.raw_text <> (i.r).raw_text
                   OR s.title <> (i.r).title OR s.year <> (i.r).year
                   OR s.pith_arxiv_id <> (i.r).pith_arxiv_id OR s.doi <> (i.r).doi
                   OR s.source <> (i.r).source
                   OR s.source_observed_at <> (i.r).source_observed_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i
            JOIN pith_ir_s_refs s ON s.citing_arxiv_id = (i.r).citing_arxiv_id AND s.reference_index = (i.r).reference_index
            WHERE s.observation_id <> (i.r).observation_id
            UNION ALL
            -- (every column but the score, strictly)
            SELECT i.ord FROM pith_ir_links i
            JOIN pith_ir_s_links s ON s.citing_arxiv_id = (i.r).citing_arxiv_id AND s.observation_id = (i.r).observation_id
            WHERE s.work_id IS DISTINCT FROM (i.r).work_id OR s.status IS DISTINCT FROM (i.r).status
               OR s.resolver_source IS DISTINCT FROM (i.r).resolver_source
               OR s.observed_at IS DISTINCT FROM (i.r).observed_at
            UNION ALL
            SELECT n.ord FROM pith_ir_nolink n JOIN pith_ir_docs y ON y.ord = n.ord
            JOIN pith_ir_s_refs r ON r.observation_id = n.observation_id
            JOIN pith_ir_s_links s ON s.citing_arxiv_id = r.citing_arxiv_id AND s.observation_id = r.observation_id
            WHERE s.observed_at <= y.as_of
            UNION ALL
            SELECT i.ord FROM pith_ir_events i
            JOIN pith_ir_s_events s
              ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
             AND s.event_date IS NOT DISTINCT FROM (i.r).event_date AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
            WHERE s.observed_at IS DISTINCT FROM (i.r).observed_at
            UNION ALL
            SELECT i.ord FROM pith_ir_meas i
            JOIN pith_ir_s_meas s
              ON s.arxiv_id = (i.r).arxiv_id AND s.source = (i.r).source AND s.measured_at = (i.r).measured_at
            WHERE s.cited_by_count <> (i.r).cited_by_count);

        -- 6. write what the documents beyond doubt hold, one statement per
        --    table (ingest_record's step 7 and 8); should any statement
        --    fail (a CHECK constraint, a catalog work created meanwhile, an
        --    observation id another transaction stored meanwhile under a
        --    paper outside the batch), none of it stays and every document
        --    goes on its own
        BEGIN
            IF need_catalog THEN
                INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated,
                                         primary_category, snapshot_observed_at)
                SELECT q.arxiv_id, max(q.title), max(q.latest_version), max(q.submitted_at), max(q.last_updated),
                       max(q.primary_category), max(q.snapshot_observed_at)
                FROM (SELECT (p.r).* FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt) q
                GROUP BY q.arxiv_id ORDER BY q.arxiv_id
                ON CONFLICT DO NOTHING;
                -- (a stored paper's missing values: rare, one keyed
                -- statement per paper)
                FOR v IN
                    SELECT i.* FROM (SELECT (p.r).arxiv_id, max((p.r).latest_version) AS latest_version,
                                            max((p.r).submitted_at) AS submitted_at, max((p.r).last_updated) AS last_updated,
                                            max((p.r).primary_category) AS primary_category
                                     FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt
                                     GROUP BY 1) i
                    JOIN pith_ir_s_papers s ON s.arxiv_id = i.arxiv_id
                    WHERE (s.latest_version IS NULL AND i.latest_version IS NOT NULL)
                       OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
                       OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
                       OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL)
                    ORDER BY i.arxiv_id
                LOOP
                    UPDATE pith.papers s
                    SET latest_version = COALESCE(s.latest_version, v.latest_version),
                        submitted_at = COALESCE(s.submitted_at, v.submitted_at),
                        last_updated = COALESCE(s.last_updated, v.last_updated),
                        primary_category = COALESCE(s.primary_category, v.primary_category)
                    WHERE s.arxiv_id = v.arxiv_id;
                END LOOP;
                INSERT INTO pith.paper_versions
                SELECT DISTINCT (v.r).* FROM pith_ir_versions v JOIN pith_ir_docs x ON x.ord = v.ord AND NOT x.doubt
                ORDER BY 1, 2 ON CONFLICT DO NOTHING;
                INSERT INTO pith.cited_works
                SELECT q.* FROM (SELECT DISTINCT (w.r).* FROM pith_ir_works w
                                 JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt) q
                ORDER BY q.metadata_source IS DISTINCT FROM 'arxiv', pith.arxiv_base(q.arxiv_id), q.work_id
                ON CONFLICT DO NOTHING;
                work_keys := ARRAY(SELECT DISTINCT (w.r).work_id FROM pith_ir_works w
                                   JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt);
                IF (SELECT count(*) FROM pith.cited_works s WHERE s.work_id = ANY (work_keys))
                   < pg_catalog.cardinality(work_keys) THEN
                    RAISE EXCEPTION 'a catalog work was created meanwhile';
                END IF;
                INSERT INTO pith.retraction_status_cache
                SELECT DISTINCT (e.r).* FROM pith_ir_receipts e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING;
                INSERT INTO pith.scholarly_work_events
                SELECT DISTINCT (e.r).* FROM pith_ir_events e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ON CONFLICT DO NOTHING;
            END IF;
            -- the new observations: those no stored row holds (step 4 read
            -- every stored row of the batch's observation ids, under the
            -- papers' locks), one row per observation id (step 3: its
            -- documents agree on its row), each counted for the first
            -- document holding it
            INSERT INTO pith.paper_references
            SELECT DISTINCT ON ((f.r).observation_id) (f.r).*
            FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s WHERE s.observation_id = (f.r).observation_id)
            ORDER BY (f.r).observation_id;
            UPDATE pith_ir_docs x SET inserted = COALESCE(c.n, 0)
            FROM pith_ir_docs y
            LEFT JOIN (SELECT m.ord, count(*) AS n
                       FROM (SELECT min(f.ord) AS ord
                             FROM pith_ir_refs f JOIN pith_ir_docs z ON z.ord = f.ord AND NOT z.doubt
                             WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s
                                               WHERE s.observation_id = (f.r).observation_id)
                             GROUP BY (f.r).observation_id) m
                       GROUP BY m.ord) c ON c.ord = y.ord
            WHERE y.ord = x.ord AND NOT x.doubt;
            -- the papers whose references or links this batch writes (new
            -- observations, new links, below: filled observations), whose
            -- inbound rows are refreshed at the end
            written_papers := ARRAY(
                SELECT (f.r).citing_arxiv_id
                FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt
                WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s WHERE s.observation_id = (f.r).observation_id)
                UNION
                SELECT (l.r).citing_arxiv_id
                FROM pith_ir_links l JOIN pith_ir_docs x ON x.ord = l.ord AND NOT x.doubt
                WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_links s
                                  WHERE s.citing_arxiv_id = (l.r).citing_arxiv_id
                                    AND s.observation_id = (l.r).observation_id));
            -- (a stored observation's missing values: rare, one keyed
            -- statement per observation)
            FOR v IN
                SELECT DISTINCT i.citing_arxiv_id, i.observation_id, i.raw_text, i.title, i.year, i.pith_arxiv_id
                FROM (SELECT DISTINCT (f.r).* FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt) i
                JOIN pith_ir_s_refs s ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
                WHERE (s.raw_text IS NULL AND i.raw_text IS NOT NULL) OR (s.title IS NULL AND i.title IS NOT NULL)
                   OR (s.year IS NULL AND i.year IS NOT NULL) OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL)
                ORDER BY i.citing_arxiv_id, i.observation_id
            LOOP
                UPDATE pith.paper_references s
                SET raw_text = COALESCE(s.raw_text, v.raw_text), title = COALESCE(s.title, v.title),
                    year = COALESCE(s.year, v.year), pith_arxiv_id = COALESCE(s.pith_arxiv_id, v.pith_arxiv_id)
                WHERE s.citing_arxiv_id = v.citing_arxiv_id AND s.observation_id = v.observation_id;
                written_papers := written_papers || v.citing_arxiv_id;
            END LOOP;
            -- (the same for the links and the measurements)
            INSERT INTO pith.paper_reference_links
            SELECT DISTINCT ON ((l.r).citing_arxiv_id, (l.r).observation_id) (l.r).*
            FROM pith_ir_links l JOIN pith_ir_docs x ON x.ord = l.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_links s
                              WHERE s.citing_arxiv_id = (l.r).citing_arxiv_id AND s.observation_id = (l.r).observation_id)
            ORDER BY (l.r).citing_arxiv_id, (l.r).observation_id;
            INSERT INTO pith.citation_measurements
            SELECT DISTINCT (m.r).* FROM pith_ir_meas m JOIN pith_ir_docs x ON x.ord = m.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_meas s
                              WHERE s.arxiv_id = (m.r).arxiv_id AND s.source = (m.r).source
                                AND s.measured_at = (m.r).measured_at);
            -- the inbound rows of every paper whose references or links
            -- were written (8. of ingest_record), one call for the batch,
            -- its reads of the stored rows planned for this call's papers
            -- (as the copies of step 4, and for the same reason: a generic
            -- plan of its earlier calls may be a scan of then small tables)
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
            END IF;
            PERFORM pith.refresh_inbound(written_papers, false);
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
            END IF;
            UPDATE pith_ir_docs x SET loaded = true WHERE NOT x.doubt;
        EXCEPTION WHEN OTHERS THEN
            written := false;
        END;
    END IF;
    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', plan_mode, true);
    END IF;

    -- 7. every document the batch did not write, on its own, in order
    --    (the loop's query not even planned when the batch wrote them all)
    IF NOT parsed OR NOT written OR EXISTS (SELECT 1 FROM pith_ir_docs x WHERE x.doubt) THEN
    FOR d IN SELECT x.ord, records[x.ord] AS doc FROM pith_ir_docs x
             WHERE x.doubt OR NOT parsed OR NOT written ORDER BY x.ord LOOP
        BEGIN
            IF d.doc IS NULL THEN
                RAISE EXCEPTION 'a citation record is null' USING ERRCODE = 'null_value_not_allowed';
            END IF;
            res := pith.ingest_record(d.doc, verify);
            UPDATE pith_ir_docs x SET loaded = true, inserted = (res ->> 'observations_inserted')::bigint,
                                      error_sqlstate = NULL, error_message = NULL
            WHERE x.ord = d.ord;
        EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
            UPDATE pith_ir_docs x SET loaded = false, inserted = 0, error_sqlstate = st, error_message = msg WHERE x.ord = d.ord;
        END;
    END LOOP;
    END IF;

    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
    END IF;
    RETURN QUERY
    SELECT x.ord, COALESCE(x.paper::text, records[x.ord] -> 'paper' ->> 'arxiv_id'), x.loaded, x.inserted,
           x.error_sqlstate, x.error_message
    FROM pith_ir_docs x ORDER BY x.ord;
    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', plan_mode, true);
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.ingest_records(jsonb[], boolean) IS
    'load many pith.paper-citation-record.v1 documents at once, with every guarantee of ingest_record per document (all or nothing, contradictions refused, idempotent); one row per document: loaded or refused with its SQLSTATE and message';

