-- test/scale/partition.sql -- turn pith's per-paper tables into hash-
-- partitioned tables of the same name, in a database where pith was just
-- created (empty tables).  Used by test/checks/scale_partitioned.sh and
-- bench/scale/run; psql variable :modulus is the number of partitions.
--
-- What it does, per table (paper_references and paper_reference_links by
-- citing_arxiv_id, citation_measurements by arxiv_id, inbound_references by
-- cited_arxiv_id; the partition key is hashed with the type's default hash
-- operator class, for arXiv ids pith.arxiv_id_hash_ops):
--   * saves the definitions of everything that depends on the table or its
--     row type (functions, views) and its indexes and keys;
--   * replaces the table by a partitioned one with the same columns,
--     defaults and checks, and :modulus partitions <table>_p<i>;
--   * puts the keys back, widened by the partition key where they lack it
--     (a partitioned table cannot enforce uniqueness across partitions),
--     and the foreign keys that still have a unique key to point at;
--   * recreates the dependent functions and views and gives every new
--     object back to the extension.
SET client_min_messages = warning;
SELECT set_config('scale.modulus', :'modulus', false) \gset
DO $do$
DECLARE
    modulus integer := current_setting('scale.modulus')::integer;
    t record;
    d record;
    fn_defs text[] := '{}';
    fn_comments text[] := '{}';
    fn_names text[] := '{}';
    view_defs text[] := '{}';
    view_names text[] := '{}';
    view_comments text[] := '{}';
    idx_defs text[] := '{}';
    key_defs text[] := '{}';
    fk_defs text[] := '{}';
    i integer;
    cols text;
BEGIN
    CREATE TEMP TABLE part_plan (tab text, key text, ord int);
    INSERT INTO part_plan VALUES ('paper_references', 'citing_arxiv_id', 1),
                                 ('citation_measurements', 'arxiv_id', 2),
                                 ('paper_reference_links', 'citing_arxiv_id', 3),
                                 ('inbound_references', 'cited_arxiv_id', 4);

    -- functions and views that depend on the tables or their row types
    FOR d IN
        SELECT DISTINCT dep.classid::regclass AS cls, dep.objid
        FROM pg_depend dep
        JOIN part_plan p ON dep.refobjid IN (('pith.' || p.tab)::regclass::oid,
                                             ('pith.' || p.tab)::regclass::oid)
                         OR dep.refobjid = (SELECT c.reltype FROM pg_class c
                                            WHERE c.oid = ('pith.' || p.tab)::regclass)
        WHERE dep.classid IN ('pg_proc'::regclass, 'pg_rewrite'::regclass)
    LOOP
        IF d.cls = 'pg_proc'::regclass THEN
            IF NOT d.objid::regprocedure::text = ANY (fn_names) THEN
                fn_names := fn_names || d.objid::regprocedure::text;
                fn_defs := fn_defs || pg_get_functiondef(d.objid);
                fn_comments := fn_comments || obj_description(d.objid, 'pg_proc');
            END IF;
        ELSE
            SELECT r.ev_class::regclass::text INTO cols FROM pg_rewrite r WHERE r.oid = d.objid;
            IF cols IS NOT NULL AND NOT cols = ANY (view_names)
               AND cols NOT IN (SELECT 'pith.' || tab FROM part_plan) THEN
                view_names := view_names || cols;
                view_defs := view_defs || pg_get_viewdef(cols::regclass);
                view_comments := view_comments || obj_description(cols::regclass, 'pg_class');
            END IF;
        END IF;
    END LOOP;
    -- views over those functions (pith.outbound_observations ... call them)
    FOR d IN
        SELECT DISTINCT r.ev_class::regclass::text AS v
        FROM pg_depend dep JOIN pg_rewrite r ON r.oid = dep.objid
        WHERE dep.classid = 'pg_rewrite'::regclass
          AND dep.refclassid = 'pg_proc'::regclass
          AND dep.refobjid::regprocedure::text = ANY (fn_names)
    LOOP
        IF NOT d.v = ANY (view_names) THEN
            view_names := view_names || d.v;
            view_defs := view_defs || pg_get_viewdef(d.v::regclass);
            view_comments := view_comments || obj_description(d.v::regclass, 'pg_class');
        END IF;
    END LOOP;

    FOR i IN 1 .. COALESCE(array_length(view_names, 1), 0) LOOP
        EXECUTE format('ALTER EXTENSION pith DROP VIEW %s', view_names[i]);
        EXECUTE format('DROP VIEW %s', view_names[i]);
    END LOOP;
    FOR i IN 1 .. COALESCE(array_length(fn_names, 1), 0) LOOP
        EXECUTE format('ALTER EXTENSION pith DROP FUNCTION %s', fn_names[i]);
        EXECUTE format('DROP FUNCTION %s', fn_names[i]);
    END LOOP;

    -- foreign keys into or out of the tables
    FOR d IN
        SELECT c.conname, c.conrelid::regclass::text AS t, pg_get_constraintdef(c.oid) AS def
        FROM pg_constraint c
        WHERE c.contype = 'f'
          AND (c.conrelid IN (SELECT ('pith.' || tab)::regclass FROM part_plan)
               OR c.confrelid IN (SELECT ('pith.' || tab)::regclass FROM part_plan))
    LOOP
        fk_defs := fk_defs || format('ALTER TABLE %s ADD CONSTRAINT %I %s', d.t, d.conname, d.def);
        EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', d.t, d.conname);
    END LOOP;

    FOR t IN SELECT * FROM part_plan ORDER BY ord LOOP
        -- keys (widened by the partition key when they lack it) and indexes
        FOR d IN
            SELECT c.conname, c.contype,
                   (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY k.ord)
                    FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS cols,
                   (SELECT bool_or(a.attname = t.key)
                    FROM unnest(c.conkey) k(attnum)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS has_key
            FROM pg_constraint c
            WHERE c.conrelid = ('pith.' || t.tab)::regclass AND c.contype IN ('p', 'u')
        LOOP
            key_defs := key_defs || format('ALTER TABLE pith.%I ADD CONSTRAINT %I %s (%s)', t.tab, d.conname,
                                           CASE d.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END,
                                           CASE WHEN d.has_key THEN d.cols
                                                ELSE quote_ident(t.key) || ', ' || d.cols END);
        END LOOP;
        FOR d IN
            SELECT pg_get_indexdef(x.indexrelid) AS def
            FROM pg_index x
            WHERE x.indrelid = ('pith.' || t.tab)::regclass
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
        LOOP
            idx_defs := idx_defs || d.def;
        END LOOP;

        EXECUTE format('ALTER EXTENSION pith DROP TABLE pith.%I', t.tab);
        EXECUTE format('ALTER TABLE pith.%I RENAME TO %I', t.tab, t.tab || '_unpartitioned');
        EXECUTE format('CREATE TABLE pith.%I (LIKE pith.%I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)'
                       ' PARTITION BY HASH (%I)', t.tab, t.tab || '_unpartitioned', t.key);
        FOR i IN 0 .. modulus - 1 LOOP
            EXECUTE format('CREATE TABLE pith.%I PARTITION OF pith.%I FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                           t.tab || '_p' || i, t.tab, modulus, i);
        END LOOP;
        EXECUTE format('DROP TABLE pith.%I', t.tab || '_unpartitioned');
        EXECUTE format('ALTER EXTENSION pith ADD TABLE pith.%I', t.tab);
    END LOOP;

    FOR i IN 1 .. COALESCE(array_length(key_defs, 1), 0) LOOP
        EXECUTE key_defs[i];
    END LOOP;
    FOR i IN 1 .. COALESCE(array_length(idx_defs, 1), 0) LOOP
        EXECUTE idx_defs[i];
    END LOOP;
    -- a foreign key that no longer has a unique key to point at stays off
    FOR i IN 1 .. COALESCE(array_length(fk_defs, 1), 0) LOOP
        BEGIN
            EXECUTE fk_defs[i];
        EXCEPTION WHEN invalid_foreign_key THEN
            RAISE NOTICE 'not kept: %', fk_defs[i];
        END;
    END LOOP;
    FOR i IN 1 .. COALESCE(array_length(fn_names, 1), 0) LOOP
        EXECUTE fn_defs[i];
        EXECUTE format('ALTER EXTENSION pith ADD FUNCTION %s', fn_names[i]);
        IF fn_comments[i] IS NOT NULL THEN
            EXECUTE format('COMMENT ON FUNCTION %s IS %L', fn_names[i], fn_comments[i]);
        END IF;
    END LOOP;
    FOR i IN 1 .. COALESCE(array_length(view_names, 1), 0) LOOP
        EXECUTE format('CREATE VIEW %s AS %s', view_names[i], view_defs[i]);
        EXECUTE format('ALTER EXTENSION pith ADD VIEW %s', view_names[i]);
        IF view_comments[i] IS NOT NULL THEN
            EXECUTE format('COMMENT ON VIEW %s IS %L', view_names[i], view_comments[i]);
        END IF;
    END LOOP;
    DROP TABLE part_plan;
END
$do$;
