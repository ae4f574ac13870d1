#!/usr/bin/env bash
# test/checks/scale_partitioned.sh -- pith's per-paper tables hash-
# partitioned by their ids (PARTITION BY HASH with pith's hash operator
# classes), then with half of the partitions moved to a second server as
# postgres_fdw foreign tables (pith named in the server's `extensions`
# option, so pith's operators and functions are shipped).  Both layouts must
# give the same records, digest for digest, as an unpartitioned database:
# the golden paper and every paper it cites (whose inbound observations come
# from the golden paper's references).
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
trap scale_stop_all EXIT
fail() { echo "FAIL: $*"; exit 1; }

AS_OF='2026-08-08T05:57:00Z'
PLAIN=scale_plain_$$ PART=scale_part_$$ REMOTE=scale_remote_$$
Q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
digests() {
    Q -h "$1" -d "$2" -c "
        SELECT p.arxiv_id::text || ' ' || pith.json_digest(pith.citation_record(p.arxiv_id, '$AS_OF'))
        FROM pith.papers p ORDER BY p.arxiv_id::text"
}
load() {
    Q -h "$1" -d "$2" -v doc="$(cat test/data/golden_2506.06472.json)" \
        <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null
}
expected=
cleanup() {
    psql -X -q -c "DROP DATABASE IF EXISTS $PLAIN" -c "DROP DATABASE IF EXISTS $PART" >/dev/null 2>&1
    [ -n "$expected" ] && rm -f "$expected"
    scale_stop_all
}
trap cleanup EXIT

# the reference answer: an unpartitioned database
Q -c "CREATE DATABASE $PLAIN" && Q -d "$PLAIN" -c "CREATE EXTENSION pith CASCADE" || fail "plain database"
load "$PGHOST" "$PLAIN" || fail "ingest into the plain database"
expected=$(mktemp /tmp/scale_plain.XXXXXX)
digests "$PGHOST" "$PLAIN" >"$expected" || fail "records of the plain database"
golden=$(sha256sum test/data/golden_2506.06472.json | cut -d' ' -f1)
grep -q "^2506.06472 sha256:$golden\$" "$expected" || fail "the plain database does not reproduce the golden file"
[ "$(wc -l <"$expected")" -ge 5 ] || fail "expected the golden paper and the papers it cites"
views=$(scale_view_digests "$PGHOST" "$PLAIN") || fail "views of the plain database"

# without Citus in the database, pith.distribute() is a clear error:
# 0A000 when the server has no Citus at all, 55000 when it is not created here
state=$(Q -d "$PLAIN" <<<"\\set VERBOSITY sqlstate
SELECT pith.distribute()" 2>&1)
case $state in *0A000*|*55000*) echo "distribute without citus: $state" ;; *) fail "pith.distribute() without citus: $state" ;; esac

# step 1: hash-partitioned tables, loaded through ingest
Q -c "CREATE DATABASE $PART" && Q -d "$PART" -c "CREATE EXTENSION pith CASCADE" || fail "partitioned database"
Q -d "$PART" -v modulus=4 -f test/scale/partition.sql >/dev/null || fail "partitioning the tables"
[ "$(Q -d "$PART" -c "SELECT count(*) FROM pg_partitioned_table WHERE partrelid::regclass::text LIKE 'pith.%'")" = 4 ] \
    || fail "expected four partitioned tables"
[ "$(Q -d "$PART" -c "SELECT o.opcname FROM pg_partitioned_table t JOIN pg_opclass o ON o.oid = t.partclass[0]
                       WHERE t.partrelid = 'pith.paper_references'::regclass")" = arxiv_id_hash_ops ] \
    || fail "paper_references is not partitioned with pith.arxiv_id_hash_ops"
load "$PGHOST" "$PART" || fail "ingest into the partitioned database"
n=$(Q -d "$PART" -c "SELECT count(DISTINCT tableoid) FROM pith.paper_references")
[ "$n" -ge 1 ] || fail "no partition holds references"
# a paper's references come from one partition only (pruning by the hash)
plan=$(Q -d "$PART" -c "EXPLAIN (COSTS OFF) SELECT * FROM pith.paper_references WHERE citing_arxiv_id OPERATOR(pith.=) '2506.06472'")
[ "$(grep -cE 'Scan on paper_references_p[0-9]+ ' <<<"$plan")" = 1 ] || { echo "$plan"; fail "no partition pruning on citing_arxiv_id"; }
digests "$PGHOST" "$PART" | diff "$expected" - || fail "partitioned records differ from the plain database"
echo "partitioned: $(wc -l <"$expected") records identical"
[ "$(scale_view_digests "$PGHOST" "$PART")" = "$views" ] || fail "partitioned views differ from the plain database"

# step 2: partitions 0 and 2 of every table move to a second server (the
# golden paper's references and their links hash to partition 2; the
# inbound rows, keyed by the cited papers, spread over all four)
scale_cluster_start REMOTE_HOST || fail "second server"
Q -h "$REMOTE_HOST" -c "CREATE DATABASE $REMOTE" && Q -h "$REMOTE_HOST" -d "$REMOTE" -c "CREATE EXTENSION pith CASCADE" \
    || fail "remote database"
Q -d "$PART" -c "CREATE EXTENSION postgres_fdw" \
    -c "CREATE SERVER shard2 FOREIGN DATA WRAPPER postgres_fdw
        OPTIONS (host '$REMOTE_HOST', port '5432', dbname '$REMOTE', extensions 'pith')" \
    -c "CREATE USER MAPPING FOR CURRENT_USER SERVER shard2 OPTIONS (user 'postgres')" || fail "foreign server"
for t in paper_references citation_measurements paper_reference_links inbound_references; do
    # a partitioned table with a foreign partition cannot keep unique indexes
    # (the foreign keys pointing at it first: they depend on its keys)
    for c in $(Q -d "$PART" -c "SELECT conname FROM pg_constraint WHERE confrelid = 'pith.$t'::regclass AND contype = 'f' AND conparentid = 0"); do
        Q -d "$PART" -c "ALTER TABLE $(Q -d "$PART" -c "SELECT conrelid::regclass FROM pg_constraint WHERE conname = '$c' AND conparentid = 0") DROP CONSTRAINT $c" \
            || fail "drop $c"
    done
    for c in $(Q -d "$PART" -c "SELECT conname FROM pg_constraint WHERE conrelid = 'pith.$t'::regclass AND contype IN ('p','u','f')"); do
        Q -d "$PART" -c "ALTER TABLE pith.$t DROP CONSTRAINT $c" || fail "drop $c"
    done
    for r in 0 2; do
        p=${t}_p$r
        Q -h "$REMOTE_HOST" -d "$REMOTE" -c "CREATE TABLE public.$p (LIKE pith.$t)" || fail "remote $p"
        Q -d "$PART" -c "COPY pith.$p TO STDOUT" | Q -h "$REMOTE_HOST" -d "$REMOTE" -c "COPY public.$p FROM STDIN" \
            || fail "copy $p"
        Q -d "$PART" -c "ALTER TABLE pith.$t DETACH PARTITION pith.$p" -c "DROP TABLE pith.$p" \
            -c "CREATE FOREIGN TABLE pith.$p PARTITION OF pith.$t FOR VALUES WITH (MODULUS 4, REMAINDER $r)
                SERVER shard2 OPTIONS (schema_name 'public', table_name '$p')" || fail "foreign $p"
    done
done
remote_refs=$(Q -h "$REMOTE_HOST" -d "$REMOTE" -c "SELECT count(*) FROM public.paper_references_p2")
remote_links=$(Q -h "$REMOTE_HOST" -d "$REMOTE" -c "SELECT count(*) FROM public.paper_reference_links_p2")
total_links=$(Q -d "$PART" -c "SELECT count(*) FROM pith.paper_reference_links")
remote_inbound=$(Q -h "$REMOTE_HOST" -d "$REMOTE" -c "SELECT (SELECT count(*) FROM public.inbound_references_p0)
                                                            + (SELECT count(*) FROM public.inbound_references_p2)")
total_inbound=$(Q -d "$PART" -c "SELECT count(*) FROM pith.inbound_references")
echo "on the second server: $remote_refs references, $remote_links of $total_links links, $remote_inbound of $total_inbound inbound rows"
[ "$remote_refs" = 39 ] || fail "the golden paper's references are not on the second server"
[ "$remote_links" = "$total_links" ] && [ "$total_links" -gt 0 ] || fail "the links do not live with their references"
[ "$remote_inbound" -gt 0 ] && [ "$remote_inbound" -lt "$total_inbound" ] || fail "the inbound rows are not split over the two servers"
digests "$PGHOST" "$PART" | diff "$expected" - || fail "records over postgres_fdw differ from the plain database"
echo "postgres_fdw: $(wc -l <"$expected") records identical"
[ "$(scale_view_digests "$PGHOST" "$PART")" = "$views" ] || fail "views over postgres_fdw differ from the plain database"
echo "views identical: $views" | tr '\n' ';'; echo
# pith's operator is shipped: the remote scan filters by the cited id
plan=$(Q -d "$PART" -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT observation_id FROM pith.paper_references_p2 WHERE pith_arxiv_id OPERATOR(pith.=) '1810.04805'")
grep -q 'Remote SQL:.*WHERE.*pith_arxiv_id' <<<"$plan" || { echo "$plan"; fail "pith's = is not shipped to the remote server"; }
rm -f "$expected"
echo ok
