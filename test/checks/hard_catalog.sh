#!/usr/bin/env bash
# test/checks/hard_catalog.sh -- audits what pith installs, from the catalog:
# every function has a COMMENT, none is SECURITY DEFINER, every SQL or
# PL/pgSQL function pins its search_path with pg_catalog first (or is a
# BEGIN ATOMIC body, whose names are bound at CREATE time), and every
# table is registered with pg_extension_config_dump (so pg_dump keeps rows).
set -euo pipefail
db=pith_hard_catalog
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" >/dev/null' EXIT
psql -qX -d $db -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith CASCADE' >/dev/null

problems=$(psql -qAtX -d $db -v ON_ERROR_STOP=1 <<'SQL'
WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'pith'),
fns AS (
    SELECT p.oid, p.oid::regprocedure::text AS sig, p.prosecdef, p.proconfig, l.lanname,
           p.prosqlbody IS NOT NULL AS atomic_body
      FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid AND d.classid = 'pg_proc'::regclass
      JOIN pg_language l ON l.oid = p.prolang, ext
     WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
),
io AS (   -- type support functions need no comment of their own
    SELECT unnest(ARRAY[typinput, typoutput, typreceive, typsend])::oid AS oid
      FROM pg_type t JOIN pg_depend d ON d.objid = t.oid AND d.classid = 'pg_type'::regclass, ext
     WHERE d.refobjid = ext.oid AND d.deptype = 'e'
),
tbls AS (
    SELECT c.oid, c.oid::regclass::text AS name
      FROM pg_depend d JOIN pg_class c ON c.oid = d.objid AND d.classid = 'pg_class'::regclass, ext
     WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'
       AND c.relkind IN ('r', 'p')
)
SELECT 'no COMMENT on function ' || sig FROM fns
 WHERE obj_description(oid, 'pg_proc') IS NULL AND oid NOT IN (SELECT oid FROM io)
UNION ALL
SELECT 'SECURITY DEFINER: ' || sig FROM fns WHERE prosecdef
UNION ALL
SELECT 'search_path not pinned with pg_catalog first: ' || sig FROM fns
 WHERE lanname IN ('sql', 'plpgsql') AND NOT atomic_body   -- BEGIN ATOMIC bodies bind at CREATE
   AND NOT EXISTS (SELECT 1 FROM unnest(proconfig) c WHERE c ~ '^search_path="?pg_catalog"?')
UNION ALL
SELECT 'table not registered with pg_extension_config_dump: ' || t.name FROM tbls t, pg_extension e
 WHERE e.extname = 'pith' AND NOT (t.oid = ANY (coalesce(e.extconfig, '{}')))
ORDER BY 1;
SQL
)
nfn=$(psql -qAtX -d $db -c "SELECT count(*) FROM pg_depend WHERE refobjid = (SELECT oid FROM pg_extension WHERE extname = 'pith') AND classid = 'pg_proc'::regclass AND deptype = 'e'")
echo "audited $nfn functions"
[ "$nfn" -gt 0 ] || { echo "no functions found: is pith installed?"; exit 1; }
if [ -n "$problems" ]; then
    echo "$problems"
    exit 1
fi
