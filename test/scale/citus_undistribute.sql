-- test/scale/citus_undistribute.sql -- move pith's tables back from a Citus
-- cluster into plain tables on the coordinator, rows and all, so that
-- ALTER EXTENSION pith UPDATE may change them; pith.distribute() places
-- them again afterwards.  Run on the coordinator as the owner of pith's
-- tables (psql -f); one transaction, so a failure changes nothing.
-- For installs of 0.1.0 and 0.2.0 only: from 0.3.0 on the same steps are
-- the function pith.undistribute() (src/sql/80_distribute.sql).
--
-- Citus' own undistribute_table() refuses every table that belongs to an
-- extension ("cannot alter table because an extension depends on it"; it
-- rebuilds the table as a new one and drops the old).  So this does
-- what Citus does when a distributed table is dropped -- its metadata on
-- the workers, its shards, its metadata here (the functions Citus' drop
-- trigger calls) -- without dropping the table, then drops the TRUNCATE
-- trigger Citus put on it and puts the rows back into the table itself.
-- The workers keep their own copies of pith's tables: the extension's, which
-- ALTER EXTENSION pith UPDATE (propagated by Citus) updates too.
BEGIN;
-- one connection per node: Citus refuses DDL after parallel reads otherwise
SET LOCAL citus.multi_shard_modify_mode = sequential;
DO $undistribute$
DECLARE
    t regclass;
    g record;
BEGIN
    -- the rows, in layout order (a table after the tables it references)
    FOR t IN SELECT d.table_name FROM pith.distribution_layout() d LOOP
        EXECUTE format('CREATE TEMP TABLE %I ON COMMIT DROP AS SELECT * FROM %s', 'pith_keep_' || t::oid, t);
    END LOOP;
    PERFORM master_remove_distributed_table_metadata_from_workers(p.logicalrelid, n.nspname, c.relname),
            citus_drop_all_shards(p.logicalrelid, n.nspname, c.relname),
            master_remove_partition_metadata(p.logicalrelid, n.nspname, c.relname)
    FROM pg_dist_partition p
    JOIN pg_class c ON c.oid = p.logicalrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'pith';
    FOR g IN SELECT tg.tgname, tg.tgrelid::regclass AS t
             FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
             WHERE c.relnamespace = 'pith'::regnamespace
               AND tg.tgfoid = 'citus_truncate_trigger'::regproc LOOP
        EXECUTE format('DROP TRIGGER %I ON %s', g.tgname, g.t);
    END LOOP;
    -- plain tables now; what they hold locally is what create_distributed_table
    -- left behind (invisible while distributed), not the current rows
    EXECUTE 'TRUNCATE ' || (SELECT string_agg(d.table_name::text, ', ') FROM pith.distribution_layout() d);
    FOR t IN SELECT d.table_name FROM pith.distribution_layout() d LOOP
        EXECUTE format('INSERT INTO %s SELECT * FROM %I', t, 'pith_keep_' || t::oid);
    END LOOP;
END
$undistribute$;
COMMIT;
