-- 01_distributed_guard.sql -- like 0.1.0 -> 0.2.0, the update refuses on a
-- distributed install, before any fragment changes anything: an extension
-- script cannot change Citus shards (on a worker with Citus metadata, DDL on
-- a distributed table is even sent on to the other nodes and fails there),
-- and this update changes tables.  The procedure: docs/reference.md,
-- "Upgrading a distributed install".  No object changes here.

DO $do$
BEGIN
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
        IF EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p
                   JOIN pg_catalog.pg_class c ON c.oid OPERATOR(pg_catalog.=) p.logicalrelid
                   WHERE c.relnamespace OPERATOR(pg_catalog.=) 'pith'::regnamespace) THEN
            RAISE EXCEPTION 'pith 0.3.0 changes tables that Citus has distributed'
                USING ERRCODE = 'feature_not_supported',
                      DETAIL = 'An extension script cannot change the shards of a distributed table; nothing was changed.',
                      HINT = 'Move pith''s tables back to the coordinator as docs/reference.md "Upgrading a distributed install" shows (0.2.0 has no pith.undistribute(): use test/scale/citus_undistribute.sql), run ALTER EXTENSION pith UPDATE, then SELECT * FROM pith.distribute() again.';
        END IF;
    END IF;
END
$do$;
