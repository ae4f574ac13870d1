-- 91_loaders.sql -- history under pith.distribute() (issue 16, deliver 5).
-- Changed: pith.keep_history() (a third trigger argument: the placement of
-- the history table to write, on a Citus node), pith.distribute_history()
-- (new: the history triggers on every placement of papers, cited_works and
-- paper_versions), pith.distribute() (moves the history triggers to the
-- placements instead of dropping them) and pith.undistribute() (puts the
-- plain tables' history triggers back), and the view pith.citation_records
-- (also a paper whose current snapshot is dated in the future, from the
-- earlier snapshot valid now).  Same text as src/sql/42_history.sql,
-- src/sql/50_record.sql and src/sql/80_distribute.sql.

CREATE OR REPLACE FUNCTION pith.keep_history()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    history text := TG_ARGV[0];
    keys text[] := string_to_array(TG_ARGV[1], ',');
    placement text := CASE WHEN TG_NARGS > 2 THEN TG_ARGV[2] END;
    -- for messages: the table's own name, also on a Citus placement (papers_102008)
    tname text := CASE WHEN TG_NARGS > 2 THEN regexp_replace(TG_TABLE_NAME, '_[0-9]+$', '') ELSE TG_TABLE_NAME END;
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
        RAISE EXCEPTION 'the key of a %.% row cannot change', TG_TABLE_SCHEMA, tname
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s.', k, old_row -> k, new_row -> k),
                  HINT = 'A snapshot belongs to one paper or work: insert a new row instead.';
    END IF;

    IF history = 'paper_versions_history' THEN
        -- paper_versions: every change keeps the row it replaces; within one
        -- transaction only the row as it stood before it
        IF placement IS NOT NULL THEN
            EXECUTE format('INSERT INTO %s SELECT ($1).*, now() ON CONFLICT DO NOTHING', placement) USING OLD;
        ELSE
            INSERT INTO pith.paper_versions_history SELECT OLD.*, now() ON CONFLICT DO NOTHING;
        END IF;
        RETURN NEW;
    END IF;

    IF NEW.snapshot_observed_at > OLD.snapshot_observed_at THEN
        IF placement IS NOT NULL THEN
            EXECUTE format('INSERT INTO %s SELECT ($1).*, $2', placement) USING OLD, NEW.snapshot_observed_at;
        ELSIF history = 'papers_history' THEN
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
        RAISE EXCEPTION 'a %.% row cannot go back to an earlier snapshot', TG_TABLE_SCHEMA, tname
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
                        TG_TABLE_SCHEMA, tname
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

-- History on a distributed install (42_history.sql).  Citus places no
-- table that has a trigger, so pith.distribute() drops the history
-- triggers before it places the tables and this puts them back on the
-- reference tables papers, cited_works and paper_versions, with
-- citus.enable_unsafe_triggers on for that statement: Citus then creates
-- the trigger on every placement of the table (one per node, in the same
-- transaction, and on any placement it makes later, as when a node is
-- added).  A trigger that wrote pith.papers_history would write the
-- distributed table again from every placement (each row once per node,
-- over connections of their own); so the trigger is told the name of the
-- history table's placement (a reference table has one shard, placed on
-- every node under the same name) and writes the old row there, on its own
-- node, in the writer's transaction.  Every write of a reference table
-- reaches every placement, so every node keeps the same history whoever
-- writes: the loaders, pith.ingest_record(), a plain UPDATE.  The shell
-- table's own trigger (on the coordinator) never fires: Citus runs the
-- statement on the placements.  Idempotent (CREATE OR REPLACE TRIGGER).
CREATE FUNCTION pith.distribute_history()
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    h record;
    n bigint;
    hist_shard text;
BEGIN
    FOR h IN
        SELECT v.t::regclass AS t, v.hist::regclass AS hist, v.trg, v.hname, v.keys
        FROM (VALUES ('pith.papers', 'pith.papers_history', 'papers_keep_history', 'papers_history', 'arxiv_id'),
                     ('pith.cited_works', 'pith.cited_works_history', 'cited_works_keep_history',
                      'cited_works_history', 'work_id'),
                     ('pith.paper_versions', 'pith.paper_versions_history', 'paper_versions_keep_history',
                      'paper_versions_history', 'arxiv_id,version')) AS v(t, hist, trg, hname, keys)
        ORDER BY 1
    LOOP
        -- a reference table has one shard, placed on every node under the
        -- same name: the history's is where the trigger writes
        EXECUTE 'SELECT shard_name($1, s.shardid) FROM pg_catalog.pg_dist_shard s WHERE s.logicalrelid = $1'
            INTO hist_shard USING h.hist;
        IF hist_shard IS NULL THEN
            RAISE EXCEPTION '% is not a reference table', h.hist
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'pith.distribute() places it first.';
        END IF;
        -- on the distributed table, so that Citus puts it on every
        -- placement (in this transaction, and on placements it makes later)
        PERFORM pg_catalog.set_config('citus.enable_unsafe_triggers', 'on', true);
        EXECUTE pg_catalog.format('CREATE OR REPLACE TRIGGER %I BEFORE UPDATE ON %s FOR EACH ROW '
                                  'WHEN (OLD.* IS DISTINCT FROM NEW.*) '
                                  'EXECUTE FUNCTION pith.keep_history(%L, %L, %L)',
                                  h.trg, h.t, h.hname, h.keys, hist_shard);
        EXECUTE 'SELECT pg_catalog.count(*) FROM pg_catalog.pg_dist_placement p
                 JOIN pg_catalog.pg_dist_shard s ON s.shardid = p.shardid WHERE s.logicalrelid = $1'
            INTO n USING h.t;
        IF n OPERATOR(pg_catalog.=) 0 THEN
            RAISE EXCEPTION '% has no placement', h.t
                USING ERRCODE = 'object_not_in_prerequisite_state',
                      HINT = 'pith.distribute() places it first.';
        END IF;
        object := h.t::text || ' ' || h.trg;
        action := pg_catalog.format('history trigger on each of its %s placements, writing %s on the same node',
                                    n, h.hist);
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.distribute_history() IS
    'pith.distribute() helper: the history triggers (pith.keep_history) on every placement of papers, cited_works and paper_versions, each writing the history table''s placement on its node; idempotent';

-- Distribute pith's tables and functions over a Citus cluster.
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
    -- The history triggers (42_history.sql) too: step 8 puts them on the
    -- tables' placements instead (pith.distribute_history()).
    -- A table placed by an earlier distribute() keeps its placement
    -- triggers (Citus refuses DROP TRIGGER on a reference table; step 8
    -- replaces them in place).
    FOR fk IN EXECUTE
        'SELECT t.tgname::text AS conname, t.tgrelid::regclass AS t
         FROM pg_catalog.pg_trigger t
         WHERE t.tgname OPERATOR(pg_catalog.=) ANY (''{papers_keep_history,cited_works_keep_history,paper_versions_keep_history}'')
           AND t.tgrelid OPERATOR(pg_catalog.=) ANY (''{pith.papers,pith.cited_works,pith.paper_versions}''::regclass[])
           AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid OPERATOR(pg_catalog.=) t.tgrelid)
         ORDER BY 1'
    LOOP
        PERFORM pith.distribute_ddl(pg_catalog.format('DROP TRIGGER IF EXISTS %I ON %s', fk.conname, fk.t));
        object := fk.t::text || ' ' || fk.conname;
        action := 'trigger moved to the placements (below)';
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

    --    A key widened in step 2 no longer serves a lookup by the row id
    --    alone, which ingest makes (is an observation of the document
    --    stored under another paper?): without an index of its own, each
    --    such lookup would read every shard of the references whole.
    IF pg_catalog.to_regclass('pith.paper_references_observation_idx') IS NULL THEN
        CREATE INDEX paper_references_observation_idx ON pith.paper_references (observation_id);
        object := 'pith.paper_references paper_references_observation_idx';
        action := 'index on observation_id: lookups by observation id alone, on every shard';
        RETURN NEXT;
    END IF;

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
    --    Citus needs them on one connection per node.  And a writer's
    --    statements over several shards (its papers' rows, which it has
    --    locked first: pith.lock_papers()) must not lock those shards against
    --    each other's: with deadlock prevention on, Citus takes a
    --    self-conflicting lock per shard for every multi-shard UPDATE or
    --    upsert until commit, and writers of different papers would run one
    --    at a time.  Writers of one paper serialize on its row, writers of
    --    different papers touch different rows, so there is no deadlock
    --    to prevent (and Citus' distributed deadlock detection stays on).
    FOR fn IN
        SELECT v.f::regprocedure AS f
        FROM (VALUES ('pith.ingest_record(jsonb, boolean)'),
                     ('pith.ingest_records(jsonb[], boolean)'),
                     ('pith.ingest_catalog(jsonb, boolean)'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)'),
                     ('pith.refresh_inbound(pith.arxiv_id[], boolean)')) AS v(f)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'citus.multi_shard_modify_mode = sequential');
        PERFORM pith.distribute_alter_function(fn.f, 'citus.enable_deadlock_prevention = off');
        object := fn.f::text; action := 'writes over one connection per node, without shard-wide locks'; RETURN NEXT;
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

    -- 8. History: a trigger on every placement of the catalog tables.
    RETURN QUERY SELECT * FROM pith.distribute_history();
END
$fn$;
COMMENT ON FUNCTION pith.distribute(integer) IS
    'spread pith''s tables over a Citus cluster as pith.distribution_layout() says (per-paper tables by arXiv id, colocated; catalog tables replicated) and run the per-paper functions where the paper lives';

CREATE OR REPLACE FUNCTION pith.undistribute()
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    t regclass;
    g record;
    n bigint;
    placed boolean;
    kept text[] := '{}';
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'citus') THEN
        RETURN;    -- no Citus here: nothing is distributed
    END IF;
    -- one connection per node: Citus refuses DDL after parallel reads otherwise
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);
    -- the rows of every placed table, in layout order (a table after the
    -- tables it references), kept in temporary tables until the end
    FOR t IN
        SELECT d.table_name FROM pith.distribution_layout() d
        WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) d.table_name)
    LOOP
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1)'
            INTO placed USING t;
        IF placed THEN
            EXECUTE pg_catalog.format('CREATE TEMP TABLE %I ON COMMIT DROP AS SELECT * FROM %s',
                                      'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text, t);
            kept := kept || t::text;
        END IF;
    END LOOP;
    IF pg_catalog.cardinality(kept) OPERATOR(pg_catalog.=) 0 THEN
        RETURN;
    END IF;
    EXECUTE $q$
        SELECT pg_catalog.count(*) FROM (
            SELECT master_remove_distributed_table_metadata_from_workers(p.logicalrelid, n.nspname, c.relname),
                   citus_drop_all_shards(p.logicalrelid, n.nspname, c.relname),
                   master_remove_partition_metadata(p.logicalrelid, n.nspname, c.relname)
            FROM pg_catalog.pg_dist_partition p
            JOIN pg_catalog.pg_class c ON c.oid = p.logicalrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE p.logicalrelid::text = ANY ($1)) q$q$
        INTO n USING kept;
    FOR g IN
        SELECT tg.tgname, tg.tgrelid::regclass AS t
        FROM pg_catalog.pg_trigger tg
        JOIN pg_catalog.pg_proc f ON f.oid OPERATOR(pg_catalog.=) tg.tgfoid
        WHERE tg.tgrelid::regclass::text OPERATOR(pg_catalog.=) ANY (kept)
          AND f.proname OPERATOR(pg_catalog.=) 'citus_truncate_trigger'
    LOOP
        EXECUTE pg_catalog.format('DROP TRIGGER %I ON %s', g.tgname, g.t);
    END LOOP;
    -- plain tables now; what they hold locally is what create_distributed_table
    -- left behind (invisible while distributed), not the current rows
    EXECUTE 'TRUNCATE ' OPERATOR(pg_catalog.||) pg_catalog.array_to_string(kept, ', ');
    FOR t IN SELECT d.table_name FROM pith.distribution_layout() d
             WHERE d.table_name::text OPERATOR(pg_catalog.=) ANY (kept) LOOP
        EXECUTE pg_catalog.format('INSERT INTO %s SELECT * FROM %I', t, 'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text);
        GET DIAGNOSTICS n = ROW_COUNT;
        EXECUTE pg_catalog.format('DROP TABLE %I', 'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text);
        object := t::text;
        action := pg_catalog.format('back on the coordinator as a plain table, %s rows', n);
        RETURN NEXT;
    END LOOP;
    -- the history triggers of a fresh install (42_history.sql) on the plain
    -- tables here (the workers' copies are Citus tables there until this
    -- transaction commits; pith.distribute() replaces their triggers)
    FOR g IN
        SELECT v.t, v.trg, v.hname, v.keys
        FROM (VALUES ('pith.papers', 'papers_keep_history', 'papers_history', 'arxiv_id'),
                     ('pith.cited_works', 'cited_works_keep_history', 'cited_works_history', 'work_id'),
                     ('pith.paper_versions', 'paper_versions_keep_history', 'paper_versions_history',
                      'arxiv_id,version')) AS v(t, trg, hname, keys)
        WHERE v.t OPERATOR(pg_catalog.=) ANY (kept)
        ORDER BY 1
    LOOP
        EXECUTE pg_catalog.format(
            'CREATE OR REPLACE TRIGGER %I BEFORE UPDATE ON %s FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) '
            'EXECUTE FUNCTION pith.keep_history(%L, %L)', g.trg, g.t, g.hname, g.keys);
        object := g.t || ' ' || g.trg;
        action := 'history trigger back on the plain table';
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.undistribute() IS
    'move pith''s tables from a Citus cluster back into plain tables on the coordinator, rows and all, so that ALTER EXTENSION pith UPDATE can change them (then pith.distribute() again); does nothing where nothing is distributed';


-- Only papers with a snapshot observed by now: a record asked for before
-- its paper's first snapshot is an error (P0002), and one such row (a
-- snapshot dated in the future) must not make the whole view fail.  A
-- current snapshot dated in the future leaves the snapshot it replaced
-- (pith.papers_history) valid now, and citation_record(id) builds the
-- record from it: the view shows that record too (issue 16: a record now
-- is the catalog's state now, history included).
CREATE OR REPLACE VIEW pith.citation_records AS
SELECT p.arxiv_id, pith.citation_record(p.arxiv_id) AS record
FROM pith.papers p
WHERE p.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now()
   OR EXISTS (SELECT 1 FROM pith.papers_history h
              WHERE h.arxiv_id OPERATOR(pith.=) p.arxiv_id
                AND h.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now());
COMMENT ON VIEW pith.citation_records IS
    'the citation record, as of now with the default caps, of every paper with a snapshot observed by now (its current one, or an earlier one in pith.papers_history)';
