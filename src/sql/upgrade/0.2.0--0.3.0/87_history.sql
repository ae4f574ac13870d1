-- 87_history.sql -- the catalog keeps every snapshot (issue 16).
-- New objects: the tables pith.papers_history, pith.cited_works_history and
-- pith.paper_versions_history (empty: the rows stored under 0.2.0 are each
-- paper's and work's current, first snapshot), the trigger function
-- pith.keep_history() and its three triggers, the views
-- pith.read_papers_history and pith.read_works_history.  Changed:
-- pith.refresh_inbound (keeps the inbound rows of every paper a work named
-- in an earlier snapshot), pith.distribution_layout() (the history tables
-- are reference tables) and pith.distribute() (drops the history triggers:
-- a distributed catalog keeps no history yet).  The record builder (C)
-- reads the history through the new views.  Same text as
-- src/sql/42_history.sql, the end of 46_read_views.sql, 48_inbound.sql and
-- 80_distribute.sql.

CREATE TABLE pith.papers_history (
    arxiv_id             pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    title                text NOT NULL,
    latest_version       integer,
    submitted_at         timestamptz,
    last_updated         timestamptz,
    primary_category     text,
    snapshot_observed_at timestamptz NOT NULL,
    valid_until          timestamptz NOT NULL,
    CONSTRAINT papers_history_pkey PRIMARY KEY (arxiv_id, snapshot_observed_at),
    CONSTRAINT papers_history_valid_after_observed
        CHECK (valid_until OPERATOR(pg_catalog.>) snapshot_observed_at)
);
COMMENT ON TABLE pith.papers_history IS
    'earlier snapshots of pith.papers rows, each valid from snapshot_observed_at until valid_until (exclusive); written by a trigger on pith.papers';

CREATE TABLE pith.cited_works_history (
    work_id              uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    title                text,
    doi                  pith.doi,
    arxiv_id             pith.arxiv_id,
    venue                text,
    year                 integer,
    metadata_source      text NOT NULL,
    snapshot_observed_at timestamptz NOT NULL,
    valid_until          timestamptz NOT NULL,
    CONSTRAINT cited_works_history_pkey PRIMARY KEY (work_id, snapshot_observed_at),
    CONSTRAINT cited_works_history_valid_after_observed
        CHECK (valid_until OPERATOR(pg_catalog.>) snapshot_observed_at)
);
COMMENT ON TABLE pith.cited_works_history IS
    'earlier snapshots of pith.cited_works rows, each valid from snapshot_observed_at until valid_until (exclusive); written by a trigger on pith.cited_works';
-- refresh_inbound keeps the inbound rows of every paper a work ever named
CREATE INDEX cited_works_history_arxiv_base_idx ON pith.cited_works_history (pith.arxiv_base(arxiv_id))
    WHERE arxiv_id IS NOT NULL;

CREATE TABLE pith.paper_versions_history (
    arxiv_id      pith.arxiv_id NOT NULL,
    version       integer NOT NULL,
    title         text,
    submitted_at  timestamptz,
    superseded_at timestamptz NOT NULL,
    CONSTRAINT paper_versions_history_pkey PRIMARY KEY (arxiv_id, version, superseded_at),
    CONSTRAINT paper_versions_history_version_fkey FOREIGN KEY (arxiv_id, version)
        REFERENCES pith.paper_versions (arxiv_id, version) ON DELETE CASCADE
);
COMMENT ON TABLE pith.paper_versions_history IS
    'earlier rows of pith.paper_versions, each with the moment (transaction time) it was replaced; written by a trigger on pith.paper_versions';

-- The trigger: one function for the three tables.  TG_ARGV: the history
-- table and the key columns (comma-separated, for messages).
CREATE FUNCTION pith.keep_history()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    history text := TG_ARGV[0];
    keys text[] := string_to_array(TG_ARGV[1], ',');
    old_row jsonb;
    new_row jsonb;
    changed text;
    key_changed boolean;
    k text;
BEGIN
    -- (each table's fields in its own expression: plpgsql resolves a
    -- record's fields when it prepares the expression)
    IF history = 'papers_history' THEN
        key_changed := NEW.arxiv_id IS DISTINCT FROM OLD.arxiv_id;
    ELSIF history = 'cited_works_history' THEN
        key_changed := NEW.work_id IS DISTINCT FROM OLD.work_id;
    ELSE
        key_changed := NEW.arxiv_id IS DISTINCT FROM OLD.arxiv_id OR NEW.version IS DISTINCT FROM OLD.version;
    END IF;
    IF key_changed THEN
        old_row := to_jsonb(OLD);
        new_row := to_jsonb(NEW);
        SELECT c INTO k FROM unnest(keys) AS c WHERE (old_row -> c) IS DISTINCT FROM (new_row -> c) LIMIT 1;
        RAISE EXCEPTION 'the key of a %.% row cannot change', TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s.', k, old_row -> k, new_row -> k),
                  HINT = 'A snapshot belongs to one paper or work: insert a new row instead.';
    END IF;

    IF history = 'paper_versions_history' THEN
        -- paper_versions: every change keeps the row it replaces; within one
        -- transaction only the row as it stood before it
        INSERT INTO pith.paper_versions_history SELECT OLD.*, now() ON CONFLICT DO NOTHING;
        RETURN NEW;
    END IF;

    IF NEW.snapshot_observed_at > OLD.snapshot_observed_at THEN
        IF history = 'papers_history' THEN
            INSERT INTO pith.papers_history SELECT OLD.*, NEW.snapshot_observed_at;
        ELSE
            INSERT INTO pith.cited_works_history SELECT OLD.*, NEW.snapshot_observed_at;
        END IF;
        RETURN NEW;
    END IF;

    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    k := (SELECT string_agg(format('%s %s', c, old_row ->> c), ', ') FROM unnest(keys) AS c);
    IF NEW.snapshot_observed_at < OLD.snapshot_observed_at THEN
        RAISE EXCEPTION 'a %.% row cannot go back to an earlier snapshot', TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('The stored snapshot of %s was observed at %s, the new one at %s.',
                                  k, pith.iso_utc(OLD.snapshot_observed_at), pith.iso_utc(NEW.snapshot_observed_at)),
                  HINT = 'History only grows forward: skip rows older than the stored snapshot.';
    END IF;
    -- the same snapshot: only NULLs may be filled in
    SELECT o.key INTO changed
    FROM jsonb_each(old_row) AS o
    WHERE o.value <> 'null'::jsonb
      AND (new_row -> o.key) IS DISTINCT FROM o.value
    ORDER BY o.key COLLATE "C"
    LIMIT 1;
    IF changed IS NOT NULL THEN
        RAISE EXCEPTION 'changing a %.% row without a new snapshot_observed_at would rewrite the records issued from its snapshot',
                        TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s in the snapshot of %s observed at %s.',
                                  changed, old_row -> changed, COALESCE(new_row -> changed, 'null'::jsonb),
                                  k, pith.iso_utc(OLD.snapshot_observed_at)),
                  HINT = 'Set snapshot_observed_at to when the new values were observed (for example now()): the old snapshot is kept in the history.';
    END IF;
    RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION pith.keep_history() IS
    'trigger on pith.papers, pith.cited_works and pith.paper_versions: an UPDATE to a later snapshot_observed_at keeps the old row in the history table; filling NULLs of the same snapshot is allowed; other changes are refused (see 42_history.sql)';

CREATE TRIGGER papers_keep_history
    BEFORE UPDATE ON pith.papers
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('papers_history', 'arxiv_id');
CREATE TRIGGER cited_works_keep_history
    BEFORE UPDATE ON pith.cited_works
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('cited_works_history', 'work_id');
CREATE TRIGGER paper_versions_keep_history
    BEFORE UPDATE ON pith.paper_versions
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('paper_versions_history', 'arxiv_id,version');

SELECT pg_catalog.pg_extension_config_dump('pith.papers_history', '');
SELECT pg_catalog.pg_extension_config_dump('pith.cited_works_history', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_versions_history', '');

-- The earlier snapshots (42_history.sql): a record as of a moment before a
-- paper's or work's current snapshot reads the one valid then.
CREATE VIEW pith.read_papers_history AS
    SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category,
           snapshot_observed_at, valid_until
    FROM pith.papers_history;
COMMENT ON VIEW pith.read_papers_history IS
    'pith.papers_history as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_works_history AS
    SELECT work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at, valid_until
    FROM pith.cited_works_history;
COMMENT ON VIEW pith.read_works_history IS
    'pith.cited_works_history as citation records read it: readers need SELECT on this view, not on the table';

CREATE OR REPLACE FUNCTION pith.refresh_inbound(citing pith.arxiv_id[] DEFAULT NULL, prune boolean DEFAULT true)
RETURNS bigint
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
-- the copies are to_jsonb() of the rows: the same text whatever the
-- session's time zone, and floats that read back exactly
SET TimeZone = 'UTC'
SET extra_float_digits = 1
AS $fn$
DECLARE
    papers_in pith.arxiv_id[];
    want pith.inbound_references[];
    earlier pith.inbound_references[];
    have pith.inbound_references[];
    want_keys text[];
    k bigint;
    changed bigint := 0;
BEGIN
    IF prune IS NULL THEN
        RAISE EXCEPTION 'prune must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF citing IS NULL THEN
        -- every paper, 1,000 papers per step, so that a rebuild after a
        -- bulk load holds one step's rows in memory, not the catalog's
        FOR papers_in IN
            SELECT array_agg(q.arxiv_id ORDER BY q.arxiv_id)
            FROM (SELECT p.arxiv_id, (row_number() OVER (ORDER BY p.arxiv_id) - 1) / 1000 AS step
                  FROM pith.papers p) q
            GROUP BY q.step
            ORDER BY q.step
        LOOP
            changed := changed + pith.refresh_inbound(papers_in, prune);
        END LOOP;
        RETURN changed;
    END IF;
    SELECT array_agg(DISTINCT pith.arxiv_base(c) ORDER BY pith.arxiv_base(c)) INTO papers_in
    FROM unnest(citing) AS c
    WHERE c IS NOT NULL;
    IF papers_in IS NULL THEN
        RETURN 0;
    END IF;

    -- one writer per paper from here to commit
    PERFORM 1 FROM pith.papers p
    WHERE p.arxiv_id = ANY (papers_in)
    ORDER BY p.arxiv_id
    FOR NO KEY UPDATE;

    -- what the rows should be: every reference of these papers that names
    -- another paper, once per paper it names (its own arXiv id, its
    -- link's work), with its reference and link rows as stored
    SELECT array_agg(ROW(t.cited, r.observation_id, r.citing_arxiv_id, r.reference_index,
                         to_jsonb(r), to_jsonb(l))::pith.inbound_references
                     ORDER BY t.cited, r.observation_id),
           array_agg(t.cited::text || ' ' || r.observation_id::text)
    INTO want, want_keys
    FROM pith.paper_references r
    LEFT JOIN pith.paper_reference_links l
           ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
    LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
    CROSS JOIN LATERAL (
        SELECT DISTINCT v.cited
        FROM (VALUES (pith.arxiv_base(r.pith_arxiv_id)), (pith.arxiv_base(w.arxiv_id))) AS v(cited)
        WHERE v.cited IS NOT NULL AND v.cited <> r.citing_arxiv_id
    ) t
    WHERE r.citing_arxiv_id = ANY (papers_in);
    -- and once per paper a linked work named in an earlier snapshot
    -- (42_history.sql): records as of then still list the reference.  A
    -- statement of its own, plain joins (Citus pushes them down; it cannot
    -- push a UNION with VALUES), merged without duplicates.
    SELECT array_agg(ROW(pith.arxiv_base(wh.arxiv_id), r.observation_id, r.citing_arxiv_id, r.reference_index,
                         to_jsonb(r), to_jsonb(l))::pith.inbound_references)
    INTO earlier
    FROM pith.paper_references r
    JOIN pith.paper_reference_links l
      ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
    JOIN pith.cited_works_history wh ON wh.work_id = l.work_id
    WHERE r.citing_arxiv_id = ANY (papers_in)
      AND wh.arxiv_id IS NOT NULL
      AND pith.arxiv_base(wh.arxiv_id) <> r.citing_arxiv_id;
    IF earlier IS NOT NULL THEN
        SELECT array_agg(ROW(u.*)::pith.inbound_references ORDER BY u.cited_arxiv_id, u.observation_id),
               array_agg(u.cited_arxiv_id::text || ' ' || u.observation_id::text)
        INTO want, want_keys
        FROM (SELECT DISTINCT ON (x.cited_arxiv_id, x.observation_id) x.*
              FROM unnest(COALESCE(want, '{}') || earlier) AS x
              ORDER BY x.cited_arxiv_id, x.observation_id) u;
    END IF;

    IF prune THEN
        DELETE FROM pith.inbound_references ib
        WHERE ib.citing_arxiv_id = ANY (papers_in)
          AND NOT (ib.cited_arxiv_id::text || ' ' || ib.observation_id::text) = ANY (COALESCE(want_keys, '{}'));
        GET DIAGNOSTICS k = ROW_COUNT;
        changed := changed + k;
    END IF;

    IF want IS NOT NULL THEN
        -- only rows that are missing or differ are written: a refresh of an
        -- unchanged paper writes nothing (and counts nothing, on Citus too)
        SELECT array_agg(ROW(ib.*)::pith.inbound_references) INTO have
        FROM pith.inbound_references ib
        WHERE ib.cited_arxiv_id = ANY (ARRAY(SELECT w.cited_arxiv_id FROM unnest(want) AS w))
          AND ib.citing_arxiv_id = ANY (papers_in);
        SELECT array_agg(w ORDER BY w.cited_arxiv_id, w.observation_id) INTO want
        FROM unnest(want) AS w
        WHERE NOT EXISTS (SELECT 1 FROM unnest(have) AS h
                          WHERE h.cited_arxiv_id = w.cited_arxiv_id
                            AND h.observation_id = w.observation_id
                            AND h.reference = w.reference
                            AND h.link IS NOT DISTINCT FROM w.link);
    END IF;
    IF want IS NOT NULL THEN
        INSERT INTO pith.inbound_references AS ib
        SELECT * FROM unnest(want)
        ON CONFLICT (cited_arxiv_id, observation_id) DO UPDATE
           SET reference = excluded.reference,
               link = excluded.link;
        changed := changed + cardinality(want);
    END IF;
    RETURN changed;
END
$fn$;
COMMENT ON FUNCTION pith.refresh_inbound(pith.arxiv_id[], boolean) IS
    'make pith.inbound_references say what the references and links of the given citing papers say (NULL: every paper); prune => false only adds and updates rows; returns the rows written or removed';

CREATE OR REPLACE FUNCTION pith.distribution_layout()
RETURNS TABLE (table_name regclass, placement text, distribution_column text, reason text)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT v.t::regclass, v.p, v.c, v.r
    FROM (VALUES
        (1, 'pith.papers', 'reference', NULL::text,
         'read by other papers'' records (cited and citing papers)'),
        (2, 'pith.paper_versions', 'reference', NULL,
         'read by the resolver for any candidate paper'),
        (3, 'pith.cited_works', 'reference', NULL,
         'read by every record that links to a work'),
        (4, 'pith.scholarly_work_events', 'reference', NULL,
         'read with the works'),
        (5, 'pith.retraction_status_cache', 'reference', NULL,
         'read with the works'),
        (6, 'pith.paper_references', 'distributed', 'citing_arxiv_id',
         'a paper''s references: its outbound observations'),
        (7, 'pith.citation_measurements', 'distributed', 'arxiv_id',
         'a paper''s external citation counts'),
        (8, 'pith.paper_reference_links', 'distributed', 'citing_arxiv_id',
         'a paper''s resolutions, with its references'),
        (9, 'pith.inbound_references', 'distributed', 'cited_arxiv_id',
         'other papers'' references to a paper, with the paper: its inbound observations'),
        (10, 'pith.cited_work_authors', 'reference', NULL,
         'read by the resolver with the works'),
        (11, 'pith.papers_history', 'reference', NULL,
         'earlier snapshots of papers, read with them by records as of an earlier moment'),
        (12, 'pith.paper_versions_history', 'reference', NULL,
         'earlier rows of paper versions, with them'),
        (13, 'pith.cited_works_history', 'reference', NULL,
         'earlier snapshots of works, read with them by records as of an earlier moment')
    ) AS v(o, t, p, c, r)
    ORDER BY v.o;
END;
COMMENT ON FUNCTION pith.distribution_layout() IS
    'where pith.distribute() puts each of pith''s tables on a Citus cluster: reference (replicated) or distributed by the owning paper''s arXiv id';

CREATE OR REPLACE FUNCTION pith.distribute(shard_count integer DEFAULT 32)
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    l record;
    fk record;
    anchor regclass;
    placement_now text;
    fks text[] := '{}';
    fk_tables regclass[] := '{}';
    fk_defs text[] := '{}';
    i integer;
    fk_targets regclass[] := '{}';
    fk_cols text[] := '{}';
    fk_refcols text[] := '{}';
    ref_kind text;
    target_kind text;
    dist_col text;
    placed boolean;
    target_col text;
    fn record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_available_extensions e
                   WHERE e.name OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not installed'
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'pith.distribute() spreads pith''s tables over a Citus cluster; this server has no citus extension.',
                  HINT = 'Install Citus on every node, add citus to shared_preload_libraries, then CREATE EXTENSION citus.';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not created in this database'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Citus is installed on this server but not created in the current database.',
                  HINT = 'Run CREATE EXTENSION citus, add the worker nodes, then call pith.distribute() again.';
    END IF;
    IF shard_count OPERATOR(pg_catalog.<) 1 OR shard_count OPERATOR(pg_catalog.>) 64000 THEN
        RAISE EXCEPTION 'shard_count must be between 1 and 64000'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('shard_count is %s.', shard_count);
    END IF;

    -- Foreign keys into reference tables need one connection per node for
    -- the whole transaction.
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);

    -- 0. Triggers: Citus places no table that has one.  The only one fills
    --    in a link's citing paper for writers that leave it out; on a
    --    distributed install writers name it (pith's own writers do).
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t
               WHERE t.tgrelid OPERATOR(pg_catalog.=) 'pith.paper_reference_links'::regclass
                 AND t.tgname OPERATOR(pg_catalog.=) 'paper_reference_links_owner') THEN
        PERFORM pith.distribute_ddl('DROP TRIGGER IF EXISTS paper_reference_links_owner ON pith.paper_reference_links');
        object := 'pith.paper_reference_links paper_reference_links_owner';
        action := 'trigger dropped: writers must give citing_arxiv_id';
        RETURN NEXT;
    END IF;
    -- The history triggers (42_history.sql) too: on a distributed install
    -- the catalog keeps no history yet (a trigger on a reference table's
    -- placements cannot write another reference table).
    FOR fk IN
        SELECT t.tgname::text AS conname, t.tgrelid::regclass AS t
        FROM pg_catalog.pg_trigger t
        WHERE t.tgname OPERATOR(pg_catalog.=) ANY ('{papers_keep_history,cited_works_keep_history,paper_versions_keep_history}')
          AND t.tgrelid OPERATOR(pg_catalog.=) ANY ('{pith.papers,pith.cited_works,pith.paper_versions}'::regclass[])
        ORDER BY 1
    LOOP
        PERFORM pith.distribute_ddl(pg_catalog.format('DROP TRIGGER IF EXISTS %I ON %s', fk.conname, fk.t));
        object := fk.t::text || ' ' || fk.conname;
        action := 'trigger dropped: a distributed catalog keeps no history';
        RETURN NEXT;
    END LOOP;

    -- 1. Foreign keys between pith's tables come off first (Citus creates
    --    tables one at a time and checks each key against the other side's
    --    placement); the ones Citus can keep go back on at the end.
    FOR fk IN
        SELECT c.conname, c.conrelid::regclass AS t, c.confrelid::regclass AS r,
               pg_catalog.pg_get_constraintdef(c.oid) AS def,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.conkey)) AS cols,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.confrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.confkey)) AS refcols
        FROM pg_catalog.pg_constraint c
        JOIN pith.distribution_layout() d ON d.table_name OPERATOR(pg_catalog.=) c.conrelid
        WHERE c.contype OPERATOR(pg_catalog.=) 'f'
        ORDER BY c.conrelid::regclass::text, c.conname
    LOOP
        fks := fks || fk.conname::text;
        fk_tables := fk_tables || fk.t;
        fk_defs := fk_defs || fk.def;
        fk_targets := fk_targets || fk.r;
        fk_cols := fk_cols || fk.cols;
        fk_refcols := fk_refcols || fk.refcols;
        -- a table Citus already placed gets the change through Citus; the
        -- workers' own copies only while the table is still local
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1)'
            INTO placed USING fk.t;
        IF placed THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', fk.t, fk.conname);
        ELSE
            PERFORM pith.distribute_ddl(pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I',
                                                          fk.t, fk.conname));
        END IF;
    END LOOP;

    -- 2. A distributed table's unique keys must contain its distribution
    --    column: a key on the row id alone becomes (paper id, row id).
    FOR l IN SELECT * FROM pith.distribution_layout() d WHERE d.placement OPERATOR(pg_catalog.=) 'distributed' LOOP
        FOR fk IN
            SELECT c.conname, c.contype,
                   pg_catalog.array_agg(pg_catalog.quote_ident(a.attname) ORDER BY k.ord) AS cols
            FROM pg_catalog.pg_constraint c
            CROSS JOIN LATERAL pg_catalog.unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                                          AND a.attnum OPERATOR(pg_catalog.=) k.attnum
            WHERE c.conrelid OPERATOR(pg_catalog.=) l.table_name
              AND c.contype OPERATOR(pg_catalog.=) ANY ('{p,u}'::"char"[])
            GROUP BY c.conname, c.contype
            HAVING NOT pg_catalog.bool_or(a.attname OPERATOR(pg_catalog.=) l.distribution_column)
        LOOP
            PERFORM pith.distribute_ddl(pg_catalog.format(
                'ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I, ADD CONSTRAINT %I %s (%I, %s)',
                l.table_name, fk.conname, fk.conname,
                CASE fk.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END,
                l.distribution_column, pg_catalog.array_to_string(fk.cols, ', ')));
            object := l.table_name::text || ' ' || fk.conname;
            action := pg_catalog.format('key widened to (%s, %s): unique per paper',
                                        l.distribution_column, pg_catalog.array_to_string(fk.cols, ', '));
            RETURN NEXT;
        END LOOP;
    END LOOP;

    -- 3. Place the tables: reference tables first, then the per-paper
    --    tables, all colocated with the first one.
    FOR l IN SELECT * FROM pith.distribution_layout() d
             ORDER BY d.placement OPERATOR(pg_catalog.<>) 'reference', d.table_name::text LOOP
        EXECUTE 'SELECT p.partmethod::text FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1'
            INTO placement_now USING l.table_name;
        IF l.placement OPERATOR(pg_catalog.=) 'reference' THEN
            IF placement_now IS NULL THEN
                EXECUTE 'SELECT create_reference_table($1)' USING l.table_name;
                object := l.table_name::text; action := 'reference table'; RETURN NEXT;
            END IF;
        ELSE
            IF placement_now OPERATOR(pg_catalog.=) 'n' THEN
                -- a reference table in an older layout (0.1.0 replicated the
                -- links).  Citus cannot make it local again by itself: its
                -- undistribute_table() refuses a table that belongs to an
                -- extension.
                RAISE EXCEPTION '% is a reference table, and pith''s layout distributes it', l.table_name
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          DETAIL = 'Citus'' undistribute_table() refuses tables that belong to an extension, so pith.distribute() cannot move it.',
                          HINT = 'Move pith''s tables back to the coordinator as README "Upgrading a distributed install" shows, then call pith.distribute() again.';
            END IF;
            IF placement_now IS NULL THEN
                IF anchor IS NULL THEN
                    EXECUTE 'SELECT create_distributed_table($1, $2, shard_count => $3, colocate_with => ''none'')'
                        USING l.table_name, l.distribution_column, shard_count;
                ELSE
                    EXECUTE 'SELECT create_distributed_table($1, $2, colocate_with => $3)'
                        USING l.table_name, l.distribution_column, anchor::text;
                END IF;
                object := l.table_name::text;
                action := pg_catalog.format('distributed by %s%s', l.distribution_column,
                                            CASE WHEN anchor IS NULL
                                                 THEN pg_catalog.format(', %s shards', shard_count)
                                                 ELSE ', colocated with ' || anchor::text END);
                RETURN NEXT;
            END IF;
            anchor := COALESCE(anchor, l.table_name);
        END IF;
    END LOOP;

    -- 4. Foreign keys back on, where Citus can enforce them: into a
    --    reference table, or between colocated tables through the paper id
    --    on both sides.  A reference table cannot point into a distributed
    --    one; such a key stays off and the row says so.
    FOR i IN 1 .. COALESCE(pg_catalog.array_length(fks, 1), 0) LOOP
        SELECT d.placement, d.distribution_column INTO ref_kind, dist_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_tables[i];
        SELECT d.placement, d.distribution_column INTO target_kind, target_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_targets[i];
        object := fk_tables[i]::text || ' ' || fks[i];
        IF target_kind OPERATOR(pg_catalog.=) 'reference'
           OR (ref_kind OPERATOR(pg_catalog.=) 'distributed'
               AND dist_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_cols[i], ','))
               AND target_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_refcols[i], ','))) THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk_tables[i], fks[i], fk_defs[i]);
            action := 'foreign key kept';
        ELSE
            action := pg_catalog.format('foreign key not enforced (%s table into %s table): %s',
                                        ref_kind, target_kind, fk_defs[i]);
        END IF;
        RETURN NEXT;
    END LOOP;

    -- 5. Writers touch reference tables that distributed tables point to:
    --    Citus needs them on one connection per node.
    FOR fn IN
        SELECT v.f::regprocedure AS f
        FROM (VALUES ('pith.ingest_record(jsonb, boolean)'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)')) AS v(f)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'citus.multi_shard_modify_mode = sequential');
        object := fn.f::text; action := 'writes over one connection per node'; RETURN NEXT;
    END LOOP;

    -- 6. Readers plan each statement with the paper id as a constant, so
    --    Citus can route it to the one shard that holds the paper (a generic
    --    plan keeps it a parameter, which Citus cannot route inside a join):
    --    every pith function pinned to generic plans gets custom plans, on
    --    the workers too (Citus does not propagate ALTER FUNCTION of an
    --    extension's function, and delegated calls run there).
    FOR fn IN
        SELECT p.oid::regprocedure AS f
        FROM pg_catalog.pg_proc p
        WHERE p.pronamespace OPERATOR(pg_catalog.=) 'pith'::regnamespace
          AND 'plan_cache_mode=force_generic_plan' OPERATOR(pg_catalog.=) ANY (p.proconfig)
        ORDER BY 1
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'plan_cache_mode = force_custom_plan');
        object := fn.f::text; action := 'plans with the paper id as a constant'; RETURN NEXT;
    END LOOP;

    -- 7. The functions that work on one paper run on the node holding it.
    --    pith.ingest_record() stays on the coordinator: one document writes
    --    rows of many papers (the cited and the citing ones) and the
    --    catalog; CREATE EXTENSION already put it on every node.
    FOR fn IN
        SELECT v.f::regprocedure AS f, v.arg
        FROM (VALUES ('pith.citation_record(pith.arxiv_id, timestamptz, integer, integer)', '$1'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)', '$1')) AS v(f, arg)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        EXECUTE 'SELECT create_distributed_function($1, $2, colocate_with => $3)'
            USING fn.f, fn.arg, anchor::text;
        object := fn.f::text;
        action := 'distributed function: runs on the node holding the paper';
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.distribute(integer) IS
    'spread pith''s tables over a Citus cluster as pith.distribution_layout() says (per-paper tables by arXiv id, colocated; catalog tables replicated) and run the per-paper functions where the paper lives';
