#!/usr/bin/env bash
# test/checks/scale_citus_upgrade.sh -- the 0.1.0 -> 0.2.0 upgrade of a
# *distributed* install, on a real Citus cluster (a coordinator and two
# workers on unix sockets, as in scale_citus.sh).  Proves the procedure the
# README gives (test/scale/citus_undistribute.sql holds its first step):
#   1. pith 0.1.0 created on the coordinator reaches the workers; 0.1.0's
#      pith.distribute(8) places it; the golden record and a second paper
#      citing 2506.06472 (written the 0.1.0 way: links without a citing paper
#      id, plus one link whose reference is gone, which 0.1.0 on Citus let
#      happen) are loaded; every paper's record is digested at two moments;
#   2. ALTER EXTENSION pith UPDATE refuses (0A000) and changes nothing;
#   3. test/scale/citus_undistribute.sql (Citus' undistribute_table() refuses
#      extension tables), ALTER EXTENSION pith UPDATE, pith.distribute(8)
#      then give: 0.2.0 on every node, every record digest as before, inbound
#      rows that a rebuild leaves alone, links and inbound_references
#      distributed and colocated with paper_references, a one-task delegated
#      plan for a record, working writers;
#   4. 0.2.0 -> 0.3.0: the update refuses (0A000) while distributed; the
#      script, ALTER EXTENSION pith UPDATE TO '0.3.0' and pith.distribute(8)
#      give 0.3.0 on every node with every record as before;
#   5. 0.3.0's own procedure: SELECT pith.undistribute() (every table of the
#      layout back on the coordinator, no shard left on the workers, the
#      rows all there, a second call a no-op), ALTER EXTENSION pith UPDATE,
#      pith.distribute(8): records unchanged, writers working, inbound rows
#      exact -- and the same catalog, node by node, as a fresh install
#      distributed the same way.
# Skips (77) when Citus is not installed on this machine.
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
scale_require_citus
fail() { echo "FAIL: $*"; exit 1; }

AS_OF='2026-08-08T05:57:00Z'
LATER='2026-10-01T00:00:00Z'
DB=scale_upgrade_$$
FRESH=scale_fresh_$$
trap 'rm -f /tmp/$DB.*; scale_stop_all' EXIT
Q() { local h=$1 d=$2; shift 2; psql -X -q -At -v ON_ERROR_STOP=1 -h "$h" -p 5432 -U postgres -d "$d" "$@"; }
# digests: one line per paper and moment, "arxiv_id moment digest" over its
# canonical record (caps far above any count here)
digests() {
    Q "$1" "$2" -c "
        SELECT p.arxiv_id::text || ' ' || m.at || ' '
               || pith.json_digest(pith.citation_record(p.arxiv_id, m.at::timestamptz, 100000, 100000))
        FROM pith.papers p, (VALUES ('$AS_OF'), ('$LATER')) AS m(at)
        ORDER BY p.arxiv_id::text, m.at"
}
versions() {
    local h
    for h in "$C" "$CITUS_W1" "$CITUS_W2"; do
        Q "$h" "$1" -c "SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'pith'), 'none')"
    done | tr '\n' ' '
}
# catalog: what an install is made of on one node, without object ids, shard
# ids or colocation ids: pith's member objects, its tables' columns,
# constraints, indexes and triggers, its functions' settings, the Citus
# placement of its tables and functions (colocation named by the group's
# first table)
catalog() {
    Q "$1" "$2" -c "
        WITH ext AS (SELECT oid FROM pg_extension WHERE extname = 'pith'),
        member AS (SELECT d.classid, d.objid FROM pg_depend d, ext
                   WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = ext.oid AND d.deptype = 'e'),
        rel AS (SELECT c.oid FROM pg_class c JOIN member m ON m.classid = 'pg_class'::regclass AND m.objid = c.oid),
        grp AS (SELECT p.colocationid, min(p.logicalrelid::text) AS first FROM pg_dist_partition p GROUP BY 1)
        SELECT 'member ' || pg_describe_object(m.classid, m.objid, 0) FROM member m
        UNION ALL
        SELECT 'config ' || c::text FROM ext, pg_extension e, unnest(e.extconfig::regclass[]) c WHERE e.oid = ext.oid
        UNION ALL
        SELECT 'column ' || a.attrelid::regclass || ' ' || a.attnum || ' ' || a.attname || ' '
               || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
               || coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), '')
        FROM pg_attribute a JOIN rel ON rel.oid = a.attrelid
        LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
        WHERE a.attnum > 0 AND NOT a.attisdropped
        UNION ALL
        SELECT 'constraint ' || co.conrelid::regclass || ' ' || co.conname || ' ' || pg_get_constraintdef(co.oid)
        FROM pg_constraint co JOIN rel ON rel.oid = co.conrelid
        UNION ALL
        SELECT 'index ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN rel ON rel.oid = i.indrelid
        UNION ALL
        SELECT 'trigger ' || t.tgrelid::regclass || ' ' || CASE WHEN t.tgisinternal THEN '(internal)' ELSE t.tgname END
               || ' ' || t.tgfoid::regproc
        FROM pg_trigger t JOIN rel ON rel.oid = t.tgrelid
        WHERE NOT t.tgisinternal OR t.tgconstraint = 0
        UNION ALL
        SELECT 'acl ' || c.oid::regclass || ' ' || coalesce(c.relacl::text, '-') FROM pg_class c JOIN rel ON rel.oid = c.oid
        UNION ALL
        SELECT 'setting ' || p.oid::regprocedure || ' ' || array_to_string(p.proconfig, ' ')
        FROM pg_proc p JOIN member m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
        WHERE p.proconfig IS NOT NULL
        UNION ALL
        SELECT 'placement ' || p.logicalrelid::regclass || ' ' || p.partmethod::text || ' ' || p.repmodel::text || ' '
               || coalesce(column_to_column_name(p.logicalrelid, p.partkey), '-') || ' with ' || g.first
               || ' shards ' || (SELECT count(*) FROM pg_dist_shard s WHERE s.logicalrelid = p.logicalrelid)
        FROM pg_dist_partition p JOIN grp g USING (colocationid)
        UNION ALL
        SELECT 'function ' || pg_describe_object(o.classid, o.objid, o.objsubid) || ' arg '
               || coalesce(o.distribution_argument_index::text, '-') || ' with ' || coalesce(g.first, '-')
        FROM pg_dist_object o LEFT JOIN grp g USING (colocationid)
        WHERE o.classid = 'pg_proc'::regclass
        ORDER BY 1"
}

scale_citus_start "$DB" || fail "could not start the Citus cluster"
C=$CITUS_COORD

# 1. pith 0.1.0, distributed, with data
Q "$C" "$DB" -c "CREATE EXTENSION pith VERSION '0.1.0' CASCADE" || fail "CREATE EXTENSION pith VERSION '0.1.0'"
[ "$(versions "$DB")" = "0.1.0 0.1.0 0.1.0 " ] || fail "pith 0.1.0 is not on every node: $(versions "$DB")"
Q "$C" "$DB" -c "SELECT * FROM pith.distribute(8)" >/dev/null || fail "pith.distribute(8) of 0.1.0"
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_dist_partition")" = 8 ] || fail "0.1.0 did not place its 8 tables"
Q "$C" "$DB" -v doc="$(cat test/data/golden_2506.06472.json)" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null \
    || fail "ingest_record of 0.1.0 on the cluster"
golden=$(sha256sum test/data/golden_2506.06472.json | cut -d' ' -f1)
[ "$(Q "$C" "$DB" -c "SELECT pith.json_digest(pith.citation_record('2506.06472', '$AS_OF'))")" = "sha256:$golden" ] \
    || fail "0.1.0 on the cluster does not reproduce the golden file"
# A second paper whose references name 2506.06472 (by its arXiv id; by a DOI
# linked to a work that is 2506.06472, linked only after AS_OF) and 1810.04805,
# with a receipt and an event on the work and a measurement of 2506.06472;
# 0.1.0's links have no citing paper id.  Then a link whose reference does
# not exist: 0.1.0 on Citus keeps no key from links to references.
Q "$C" "$DB" <<'SQL' || fail "0.1.0 data for a second paper"
BEGIN;
SET LOCAL citus.multi_shard_modify_mode = sequential;
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at)
VALUES ('2507.01234', 'Offloading tensors to storage, revisited', 2, '2025-07-01T10:00:00Z', '2025-07-20T10:00:00Z',
        'cs.LG', '2026-08-01T00:00:00Z');
INSERT INTO pith.paper_versions (arxiv_id, version, title, submitted_at)
VALUES ('2507.01234', 1, 'Offloading tensors to storage', '2025-07-01T10:00:00Z'),
       ('2507.01234', 2, 'Offloading tensors to storage, revisited', '2025-07-20T10:00:00Z');
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at)
VALUES ('00000000-0000-4000-8000-00000000a001',
        'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading via GPUDirect Storage',
        '10.48550/arXiv.2506.06472', '2506.06472', 'arXiv', 2025, 'arxiv', '2026-08-02T00:00:00Z');
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title,
                                   year, pith_arxiv_id, doi, source, source_observed_at)
VALUES ('00000000-0000-4000-8000-00000000b001', '2507.01234', 2, 1,
        'Cost-efficient LLM training with lifetime-aware tensor offloading via GPUDirect storage. arXiv:2506.06472v1, 2025',
        'Cost-efficient LLM training with lifetime-aware tensor offloading via GPUDirect storage', 2025,
        '2506.06472v1', NULL, 'pdf_text', '2026-08-02T00:00:00Z'),
       ('00000000-0000-4000-8000-00000000b002', '2507.01234', 2, 2,
        'Lifetime-aware tensor offloading via GPUDirect storage. doi:10.48550/arXiv.2506.06472',
        'Lifetime-aware tensor offloading via GPUDirect storage', 2025,
        NULL, '10.48550/arXiv.2506.06472', 'pdf_text', '2026-08-02T00:00:00Z'),
       ('00000000-0000-4000-8000-00000000b003', '2507.01234', 2, 3,
        'BERT: Pre-training of deep bidirectional transformers for language understanding. arXiv:1810.04805',
        'BERT: Pre-training of deep bidirectional transformers for language understanding', 2019,
        '1810.04805', NULL, 'pdf_text', '2026-08-02T00:00:00Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
VALUES ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001', 'verified_exact', 'arxiv_id',
        '2026-08-02T01:00:00Z', 1),
       ('00000000-0000-4000-8000-00000000b002', '00000000-0000-4000-8000-00000000a001', 'verified_fuzzy', 'title',
        '2026-09-01T00:00:00Z', 0.93),
       ('00000000-0000-4000-8000-0000000dead1', NULL, 'unresolved', 'title', '2026-08-02T01:00:00Z', NULL);
INSERT INTO pith.retraction_status_cache (work_id, source, observed_at)
VALUES ('00000000-0000-4000-8000-00000000a001', 'crossref', '2026-08-03T00:00:00Z');
INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at)
VALUES ('00000000-0000-4000-8000-00000000a001', 'crossref', 'correction', '2026-07-15', '10.48550/arXiv.2506.06472v2',
        '2026-08-03T00:00:00Z');
INSERT INTO pith.citation_measurements (arxiv_id, source, cited_by_count, measured_at)
VALUES ('2506.06472', 'openalex', 3, '2026-08-04T00:00:00Z');
COMMIT;
SQL
digests "$C" "$DB" >/tmp/$DB.before || fail "records on 0.1.0"
[ "$(wc -l </tmp/$DB.before)" = 26 ] || fail "expected 13 papers at 2 moments, got $(wc -l </tmp/$DB.before) lines"
# the second paper really shows on the inbound side: 1 observation as of
# AS_OF, 2 later (the DOI reference's link came after AS_OF)
inbound=$(Q "$C" "$DB" -c "
    SELECT jsonb_array_length(pith.citation_record('2506.06472', '$AS_OF', 100000, 100000)->'inbound') || ' '
        || jsonb_array_length(pith.citation_record('2506.06472', '$LATER', 100000, 100000)->'inbound')")
[ "$inbound" = "1 2" ] || fail "inbound observations of 2506.06472 on 0.1.0: $inbound, expected 1 2"
echo "0.1.0 distributed: $(wc -l </tmp/$DB.before) record digests, inbound of 2506.06472: $inbound"

# 2. the update refuses while pith's tables are distributed
out=$(Q "$C" "$DB" -v VERBOSITY=verbose -c "ALTER EXTENSION pith UPDATE TO '0.2.0'" 2>&1) && fail "ALTER EXTENSION pith UPDATE ran on a distributed install"
echo "$out" | grep -q 'ERROR:  0A000:' || fail "ALTER EXTENSION pith UPDATE failed, but not with 0A000: $out"
echo "$out" | grep '^HINT:'
[ "$(versions "$DB")" = "0.1.0 0.1.0 0.1.0 " ] || fail "the refused update changed the version: $(versions "$DB")"
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_dist_partition")
$(Q "$C" "$DB" -c "SELECT to_regclass('pith.inbound_references') IS NULL")
$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_attribute WHERE attrelid = 'pith.paper_reference_links'::regclass AND attname = 'citing_arxiv_id'")" \
    = "8
t
0" ] || fail "the refused update changed pith's tables"

# 3. the procedure: tables back to the coordinator, update, distribute again
start=$(date +%s.%N)
Q "$C" "$DB" -f test/scale/citus_undistribute.sql >/dev/null 2>/tmp/$DB.err || fail "citus_undistribute.sql: $(cat /tmp/$DB.err)"
t1=$(date +%s.%N)
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_dist_partition")" = 0 ] || fail "pith's tables are still in pg_dist_partition"
digests "$C" "$DB" | diff /tmp/$DB.before - || fail "records differ once the tables are back on the coordinator"
t2=$(date +%s.%N)
Q "$C" "$DB" -c "ALTER EXTENSION pith UPDATE TO '0.2.0'" 2>/tmp/$DB.err || fail "ALTER EXTENSION pith UPDATE: $(cat /tmp/$DB.err)"
grep -q 'removed 1 link(s) whose reference no longer exists' /tmp/$DB.err \
    || fail "the update did not report the link without a reference: $(cat /tmp/$DB.err)"
t3=$(date +%s.%N)
Q "$C" "$DB" -c "SELECT * FROM pith.distribute(8)" >/dev/null 2>/tmp/$DB.err || fail "pith.distribute(8) of 0.2.0: $(cat /tmp/$DB.err)"
# what create_distributed_table copied stays on the coordinator's disk until this
Q "$C" "$DB" -c "SELECT truncate_local_data_after_distributing_table(table_name) FROM pith.distribution_layout()" \
    >/dev/null 2>&1 || fail "truncate_local_data_after_distributing_table"
t4=$(date +%s.%N)
awk -v a="$start" -v b="$t1" -v c="$t2" -v d="$t3" -v e="$t4" \
    'BEGIN { printf "procedure: undistribute %.2fs, update %.2fs, distribute %.2fs\n", b - a, d - c, e - d }'

[ "$(versions "$DB")" = "0.2.0 0.2.0 0.2.0 " ] || fail "pith is not 0.2.0 on every node: $(versions "$DB")"
digests "$C" "$DB" >/tmp/$DB.after || fail "records on 0.2.0"
diff /tmp/$DB.before /tmp/$DB.after || fail "records differ after the upgrade"
echo "records identical after the upgrade: $(wc -l </tmp/$DB.after) digests"
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pith.paper_reference_links WHERE observation_id = '00000000-0000-4000-8000-0000000dead1'")" = 0 ] \
    || fail "the link without a reference is still there"
n=$(Q "$C" "$DB" -c "SELECT count(*) FROM pith.inbound_references WHERE cited_arxiv_id OPERATOR(pith.=) '2506.06472'")
[ "$n" = 2 ] || fail "expected 2 inbound rows for 2506.06472, got $n"
r=$(Q "$C" "$DB" -c "SELECT pith.refresh_inbound()")
[ "$r" = 0 ] || fail "refresh_inbound() rewrote $r inbound rows after the upgrade"
placed=$(Q "$C" "$DB" -c "
    SELECT string_agg(p.logicalrelid::text || ' ' || p.partmethod::text || ' '
                      || (p.colocationid = r.colocationid)::text, ', ' ORDER BY p.logicalrelid::text)
    FROM pg_dist_partition p, pg_dist_partition r
    WHERE r.logicalrelid = 'pith.paper_references'::regclass
      AND p.logicalrelid IN ('pith.paper_reference_links'::regclass, 'pith.inbound_references'::regclass)")
[ "$placed" = "pith.inbound_references h true, pith.paper_reference_links h true" ] \
    || fail "links and inbound_references are not distributed with paper_references: $placed"
n=$(Q "$C" "$DB" -c "
    SELECT count(DISTINCT pl.groupid) FROM pg_dist_shard s JOIN pg_dist_placement pl USING (shardid)
    WHERE s.logicalrelid = 'pith.paper_reference_links'::regclass")
[ "$n" = 2 ] || fail "paper_reference_links shards are on $n nodes, expected 2"
plan=$(Q "$C" "$DB" -c "EXPLAIN (COSTS OFF) SELECT pith.citation_record('2506.06472', '$AS_OF', 100000, 100000)")
echo "$plan"
echo "$plan" | grep -q 'Task Count: 1' || fail "citation_record is not a single-task plan"
echo "$plan" | grep -Eq "Node: host=($CITUS_W1|$CITUS_W2) " || fail "citation_record is not delegated to a worker"
got=$(Q "$C" "$DB" -c "SELECT pith.json_digest(pith.citation_record('2506.06472', '$LATER', 100000, 100000))")
grep -qx "2506.06472 $LATER $got" /tmp/$DB.before || fail "the delegated citation_record gives $got"

# the writers work on the upgraded cluster: ingest again (nothing changes),
# resolve_paper on the worker holding the paper, inbound rows kept current
Q "$C" "$DB" -v doc="$(cat test/data/golden_2506.06472.json)" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null \
    || fail "ingest_record on the upgraded cluster"
digests "$C" "$DB" | diff /tmp/$DB.before - || fail "ingesting the golden record again changed records"
Q "$C" "$DB" -c "SELECT pith.resolve_paper('2507.01234', true)" >/dev/null || fail "resolve_paper on the upgraded cluster"
r=$(Q "$C" "$DB" -c "SELECT pith.refresh_inbound()")
[ "$r" = 0 ] || fail "refresh_inbound() rewrote $r inbound rows after resolve_paper"

# 4. 0.2.0 -> 0.3.0: refused while distributed, then the same procedure
#    (0.2.0 has no pith.undistribute(): the script)
digests "$C" "$DB" >/tmp/$DB.resolved || fail "records after resolve_paper"
out=$(Q "$C" "$DB" -v VERBOSITY=verbose -c "ALTER EXTENSION pith UPDATE TO '0.3.0'" 2>&1) && fail "ALTER EXTENSION pith UPDATE TO '0.3.0' ran on a distributed install"
echo "$out" | grep -q 'ERROR:  0A000:' || fail "the update to 0.3.0 failed, but not with 0A000: $out"
[ "$(versions "$DB")" = "0.2.0 0.2.0 0.2.0 " ] || fail "the refused update changed the version: $(versions "$DB")"
Q "$C" "$DB" -f test/scale/citus_undistribute.sql >/dev/null 2>/tmp/$DB.err || fail "citus_undistribute.sql on 0.2.0: $(cat /tmp/$DB.err)"
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_dist_partition")" = 0 ] || fail "0.2.0's tables are still in pg_dist_partition"
digests "$C" "$DB" | diff /tmp/$DB.resolved - || fail "records differ once 0.2.0's tables are back on the coordinator"
Q "$C" "$DB" -c "ALTER EXTENSION pith UPDATE TO '0.3.0'" >/dev/null 2>/tmp/$DB.err || fail "ALTER EXTENSION pith UPDATE TO '0.3.0': $(cat /tmp/$DB.err)"
Q "$C" "$DB" -c "SELECT * FROM pith.distribute(8)" -c "SELECT truncate_local_data_after_distributing_table(table_name) FROM pith.distribution_layout()" \
    >/dev/null 2>/tmp/$DB.err || fail "pith.distribute(8) of 0.3.0: $(cat /tmp/$DB.err)"
[ "$(versions "$DB")" = "0.3.0 0.3.0 0.3.0 " ] || fail "pith is not 0.3.0 on every node: $(versions "$DB")"
digests "$C" "$DB" | diff /tmp/$DB.resolved - || fail "records differ after the upgrade to 0.3.0"
echo "0.3.0 distributed: records identical"

# 5. from 0.3.0 on, the procedure is three statements on the coordinator:
#    SELECT pith.undistribute(); ALTER EXTENSION pith UPDATE; SELECT pith.distribute();
#    (there is no later version yet: the update is the no-op one, and the
#    refusal of a table-changing update is what step 4 showed)
before_rows=$(Q "$C" "$DB" -c "SELECT sum(n) FROM (SELECT (SELECT count(*) FROM pith.paper_references) + (SELECT count(*) FROM pith.inbound_references)
                                                   + (SELECT count(*) FROM pith.paper_reference_links) + (SELECT count(*) FROM pith.paper_write_locks) AS n) q")
out=$(Q "$C" "$DB" -c "SELECT object || ': ' || action FROM pith.undistribute()" 2>/tmp/$DB.err) || fail "pith.undistribute(): $(cat /tmp/$DB.err)"
echo "$out"
[ "$(grep -c 'back on the coordinator' <<<"$out")" = "$(Q "$C" "$DB" -c "SELECT count(*) FROM pith.distribution_layout()")" ] \
    || fail "pith.undistribute() did not bring back every table of the layout"
[ "$(Q "$C" "$DB" -c "SELECT count(*) FROM pg_dist_partition")" = 0 ] || fail "pith's tables are still in pg_dist_partition after pith.undistribute()"
for w in "$CITUS_W1" "$CITUS_W2"; do
    [ "$(Q "$w" "$DB" -c "SELECT count(*) FROM pg_dist_partition")" = 0 ] || fail "worker $w still has pith's tables in its metadata"
    [ "$(Q "$w" "$DB" -c "SELECT count(*) FROM pg_class WHERE relname ~ '^(paper_references|papers)_[0-9]+\$'")" = 0 ] \
        || fail "worker $w still has shards of pith's tables"
done
[ -z "$(Q "$C" "$DB" -c "SELECT * FROM pith.undistribute()")" ] || fail "pith.undistribute() a second time did something"
digests "$C" "$DB" | diff /tmp/$DB.resolved - || fail "records differ after pith.undistribute()"
after_rows=$(Q "$C" "$DB" -c "SELECT sum(n) FROM (SELECT (SELECT count(*) FROM pith.paper_references) + (SELECT count(*) FROM pith.inbound_references)
                                                  + (SELECT count(*) FROM pith.paper_reference_links) + (SELECT count(*) FROM pith.paper_write_locks) AS n) q")
[ "$before_rows" = "$after_rows" ] || fail "pith.undistribute() kept $after_rows of $before_rows per-paper rows"
# plain tables: the rows are in the coordinator's own tables now
[ "$(Q "$C" "$DB" -c "SELECT count(*) > 0 FROM ONLY pith.paper_references")" = t ] || fail "the coordinator's paper_references is empty"
Q "$C" "$DB" -c "ALTER EXTENSION pith UPDATE" 2>/tmp/$DB.err || fail "ALTER EXTENSION pith UPDATE after pith.undistribute(): $(cat /tmp/$DB.err)"
Q "$C" "$DB" -c "SELECT * FROM pith.distribute(8)" -c "SELECT truncate_local_data_after_distributing_table(table_name) FROM pith.distribution_layout()" \
    >/dev/null 2>/tmp/$DB.err || fail "pith.distribute(8) after pith.undistribute(): $(cat /tmp/$DB.err)"
digests "$C" "$DB" | diff /tmp/$DB.resolved - || fail "records differ after pith.undistribute() and pith.distribute()"
# the writers on the cluster again: a new ingest, a resolve, inbound exact
Q "$C" "$DB" -v doc="$(cat test/data/golden_2506.06472.json)" <<<"SELECT pith.ingest_catalog(:'doc'::jsonb); SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null \
    || fail "ingest on the redistributed cluster"
digests "$C" "$DB" | diff /tmp/$DB.resolved - || fail "ingesting the golden record again changed records"
Q "$C" "$DB" -c "SELECT pith.resolve_paper('2507.01234')" >/dev/null || fail "resolve_paper on the redistributed cluster"
r=$(Q "$C" "$DB" -c "SELECT pith.refresh_inbound()")
[ "$r" = 0 ] || fail "refresh_inbound() rewrote $r inbound rows after pith.undistribute() and pith.distribute()"
echo "0.3.0 through pith.undistribute(), ALTER EXTENSION pith UPDATE, pith.distribute(): records identical"

# the same catalog, node by node, as a fresh install distributed the same
# way (a second database on the same three servers)
for h in "$C" "$CITUS_W1" "$CITUS_W2"; do
    Q "$h" postgres -c "CREATE DATABASE $FRESH" && Q "$h" "$FRESH" -c "CREATE EXTENSION citus" \
        || fail "database $FRESH on $h"
done
Q "$C" "$FRESH" -c "SELECT citus_set_coordinator_host('$C', 5432)" -c "SELECT citus_add_node('$CITUS_W1', 5432)" \
    -c "SELECT citus_add_node('$CITUS_W2', 5432)" -c "CREATE EXTENSION pith CASCADE" \
    -c "SELECT * FROM pith.distribute(8)" >/dev/null || fail "a fresh distributed install"
for h in "$C" "$CITUS_W1" "$CITUS_W2"; do
    catalog "$h" "$FRESH" >/tmp/$DB.fresh || fail "catalog of the fresh install on $h"
    catalog "$h" "$DB" >/tmp/$DB.upgraded || fail "catalog of the upgraded install on $h"
    diff /tmp/$DB.fresh /tmp/$DB.upgraded || fail "on $h the upgraded install differs from a fresh one"
    echo "catalog of $h identical to a fresh install: $(wc -l </tmp/$DB.upgraded) lines"
done
echo "ok"
