#!/usr/bin/env bash
# test/checks/scale_citus_concurrency.sh -- concurrent writers on a real
# Citus cluster (a coordinator and two workers, see scale_citus.sh), the
# distributed counterpart of test/t/002_concurrency.pl.
#
# Nine documents (the golden record and eight clones that each also cite the
# golden paper, so ingests touch shared papers, works and inbound rows) are
# built on the single server; four more papers with the golden references
# and no links are there for resolve_paper (which creates shared works).  A
# serial run on the single server is the reference.  On the cluster, after
# pith.distribute(8), pgbench clients on the coordinator ingest the nine
# documents in random order, over and over (ingest_record runs on the
# coordinator), resolve the four papers (delegated to the worker holding the
# paper) and read records (delegated too).  Then: no failed transaction and
# no server error, the same rows in every pith table as the serial run,
# every record byte-identical (digest for digest), every resolver link says
# what the serial run's says, resolving again without force writes nothing,
# and a full refresh_inbound() changes no row.  Skips (77) when Citus is not
# installed on this machine.
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
scale_require_citus
fail() { echo "FAIL: $*"; exit 1; }

CLIENTS=${PITH_CONCURRENCY_CLIENTS:-4}
SECONDS_RUN=${PITH_CONCURRENCY_SECONDS:-10}
AS_OF='2026-08-08T05:57:00Z'
DB=scale_citus_conc_$$
TMP=$(mktemp -d /tmp/$DB.XXXXXX)
# PITH_KEEP=1 keeps the scratch folder and the three clusters (to read their logs)
if [ -n "${PITH_KEEP:-}" ]; then
    echo "PITH_KEEP: keeping $TMP and the clusters"
else
    trap 'rm -rf "$TMP"; psql -X -q -d postgres -c "DROP DATABASE IF EXISTS ${DB}_gen" -c "DROP DATABASE IF EXISTS ${DB}_serial" >/dev/null 2>&1; scale_stop_all' EXIT
fi

# q HOST DB SQL...: one psql, stop at the first error, unaligned output
q() { local h=$1 d=$2; shift 2; psql -X -q -At -v ON_ERROR_STOP=1 -h "$h" -p 5432 -U postgres -d "$d" "$@"; }

# --- the documents, built on the single server --------------------------------
q "$PGHOST" postgres -c "CREATE DATABASE ${DB}_gen" -c "CREATE DATABASE ${DB}_serial" || fail "databases"
GEN=${DB}_gen
q "$PGHOST" "$GEN" -c "CREATE EXTENSION pith CASCADE" || fail "CREATE EXTENSION in $GEN"
q "$PGHOST" "$GEN" -v doc="$(cat test/data/golden_2506.06472.json)" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null \
    || fail "golden ingest"
q "$PGHOST" "$GEN" -f test/data/clone_paper.sql || fail "clone_paper.sql"
q "$PGHOST" "$GEN" -f test/data/concurrency_docs.sql >/dev/null || fail "building the documents"
# docs.tsv (COPY text format): i and document, 0..8 the nine documents, 9..12 the four papers to resolve
q "$PGHOST" "$GEN" -c "
    COPY (SELECT row_number() OVER (ORDER BY arxiv_id) - 1, pith.canonical_json(pith.citation_record(arxiv_id, '$AS_OF', 1000, 1000))
            FROM pith.papers p
           WHERE EXISTS (SELECT 1 FROM pith.paper_references r WHERE r.citing_arxiv_id OPERATOR(pith.=) p.arxiv_id)
           ORDER BY arxiv_id) TO STDOUT" >"$TMP/docs.tsv" || fail "exporting the documents"
[ "$(wc -l <"$TMP/docs.tsv")" = 9 ] || fail "expected 9 documents, got $(wc -l <"$TMP/docs.tsv")"
q "$PGHOST" "$GEN" >/dev/null <<'SQL' || fail "building the papers to resolve"
SELECT pith_test.clone_paper('2506.06472', format('2602.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1)
  FROM generate_series(1, 4) k;
SQL
q "$PGHOST" "$GEN" -c "
    COPY (SELECT 8 + row_number() OVER (ORDER BY arxiv_id), pith.canonical_json(pith.citation_record(arxiv_id, '$AS_OF', 1000, 1000))
            FROM pith.papers p WHERE arxiv_id::text LIKE '2602.%' ORDER BY arxiv_id) TO STDOUT" >>"$TMP/docs.tsv" \
    || fail "exporting the papers to resolve"
[ "$(wc -l <"$TMP/docs.tsv")" = 13 ] || fail "expected 13 documents"

# setup HOST DB: the docs table, the golden record, and the four papers to
# resolve (ingested, then their links removed and their inbound rows refreshed)
setup() {
    q "$1" "$2" -c "CREATE TABLE public.docs (i int PRIMARY KEY, doc jsonb NOT NULL)" \
        -c "\\copy public.docs FROM '$TMP/docs.tsv'" || return 1
    q "$1" "$2" >/dev/null <<'SQL'
SELECT pith.ingest_record(doc) FROM public.docs WHERE i = 0;
SELECT pith.ingest_record(doc) FROM public.docs WHERE i BETWEEN 9 AND 12 ORDER BY i;
DELETE FROM pith.paper_reference_links WHERE citing_arxiv_id::text LIKE '2602.%';
SELECT pith.refresh_inbound(ARRAY(SELECT arxiv_id FROM pith.papers WHERE arxiv_id::text LIKE '2602.%'));
SQL
}
# the pith tables, in name order
tables() { q "$1" "$2" -c "SELECT relname FROM pg_class WHERE relnamespace = 'pith'::regnamespace AND relkind IN ('r', 'p') ORDER BY relname"; }
# counts HOST DB: "table=rows ..." for every pith table
counts() {
    local t out=()
    for t in $(tables "$1" "$2"); do out+=("$t=$(q "$1" "$2" -c "SELECT count(*) FROM pith.$t")") || return 1; done
    echo "${out[*]}"
}
# digests HOST DB: "arxiv_id digest" of every paper's record
digests() {
    q "$1" "$2" -c "SELECT p.arxiv_id::text || ' ' || pith.json_digest(pith.citation_record(p.arxiv_id, '$AS_OF', 1000, 1000))
                     FROM pith.papers p ORDER BY p.arxiv_id::text"
}
# links HOST DB: what the resolver decided (without the link's time and the work's random id)
links() {
    q "$1" "$2" -c "
        SELECT format('%s %s %s %s %s %s', r.citing_arxiv_id, r.reference_index, l.status, l.resolver_source,
                      coalesce(w.arxiv_id::text, w.doi::text, w.title), l.score)
          FROM pith.paper_references r
          JOIN pith.paper_reference_links l ON l.citing_arxiv_id OPERATOR(pith.=) r.citing_arxiv_id
                                           AND l.observation_id = r.observation_id
          LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
         WHERE r.citing_arxiv_id::text LIKE '2602.%'
         ORDER BY r.citing_arxiv_id::text, r.reference_index"
}
RESOLVE_ALL="SELECT sum(pith.resolve_paper(('2602.' || lpad(k::text, 5, '0'))::pith.arxiv_id)) FROM generate_series(1, 4) k"

# --- the serial run on the single server --------------------------------------
S=${DB}_serial
q "$PGHOST" "$S" -c "CREATE EXTENSION pith CASCADE" || fail "CREATE EXTENSION in $S"
setup "$PGHOST" "$S" || fail "serial setup"
q "$PGHOST" "$S" -c "SELECT count(pith.ingest_record(doc)) FROM public.docs WHERE i <= 8" >/dev/null || fail "serial ingest"
n=$(q "$PGHOST" "$S" -c "$RESOLVE_ALL") || fail "serial resolve_paper"
echo "serial run: 9 documents, resolve_paper wrote $n links"
[ "$n" -gt 0 ] || fail "the serial run resolved nothing"
counts "$PGHOST" "$S" >"$TMP/serial.counts" || fail "serial counts"
digests "$PGHOST" "$S" >"$TMP/serial.digests" || fail "serial records"
links "$PGHOST" "$S" >"$TMP/serial.links" || fail "serial links"
echo "serial rows: $(cat "$TMP/serial.counts")"

# --- the cluster --------------------------------------------------------------
scale_citus_start "$DB" || fail "could not start the Citus cluster"
C=$CITUS_COORD
echo "coordinator $C, workers $CITUS_W1 $CITUS_W2"
q "$C" "$DB" -c "CREATE EXTENSION pith CASCADE" || fail "CREATE EXTENSION pith on the coordinator"
q "$C" "$DB" -c "SELECT count(*) FROM pith.distribute(8)" >/dev/null || fail "pith.distribute"
setup "$C" "$DB" || fail "cluster setup"

cat >"$TMP/ingest.sql" <<'EOF'
\set i random(0, 8)
SELECT pith.ingest_record(doc) IS NOT NULL FROM public.docs WHERE i = :i;
EOF
cat >"$TMP/resolve.sql" <<'EOF'
\set k random(1, 4)
SELECT pith.resolve_paper(('2602.' || lpad(:k::text, 5, '0'))::pith.arxiv_id);
EOF
cat >"$TMP/read.sql" <<'EOF'
\set k random(0, 8)
SELECT pith.citation_record((CASE WHEN :k = 0 THEN '2506.06472' ELSE '2601.' || lpad(:k::text, 5, '0') END)::pith.arxiv_id) IS NOT NULL;
SELECT count(*) FROM pith.inbound_references WHERE cited_arxiv_id OPERATOR(pith.=) '2506.06472';
EOF
pgbench -n -c "$CLIENTS" -j 2 -T "$SECONDS_RUN" --failures-detailed --verbose-errors \
    -f "$TMP/ingest.sql@3" -f "$TMP/resolve.sql@1" -f "$TMP/read.sql@1" \
    -h "$C" -p 5432 -U postgres "$DB" >"$TMP/pgbench.out" 2>"$TMP/pgbench.err"
rc=$?
cat "$TMP/pgbench.out"
done_=$(sed -n 's/^number of transactions actually processed: \([0-9]*\).*/\1/p' "$TMP/pgbench.out")
failed=$(sed -n 's/^number of failed transactions: \([0-9]*\).*/\1/p' "$TMP/pgbench.out")
echo "pgbench: $CLIENTS clients, ${SECONDS_RUN} s, ${done_:-?} transactions, ${failed:-0} failed, exit $rc"
if [ "$rc" != 0 ] || grep -q ERROR "$TMP/pgbench.err"; then
    grep -E 'ERROR|DETAIL|CONTEXT' "$TMP/pgbench.err" | sort | uniq -c | sort -rn | head -20
    fail "pgbench reported errors (exit $rc)"
fi
[ "${failed:-0}" = 0 ] || { sed -E "s/client [0-9]+/client N/; s/transaction [0-9]+/transaction N/" "$TMP/pgbench.err" | sort | uniq -c | sort -rn | head -20; fail "$failed failed transactions"; }
[ -n "$done_" ] && [ "$done_" -gt 9 ] || fail "pgbench ran only ${done_:-no} transactions"
# every script ran: ingest, resolve, read
per_script=$(sed -n 's/^ - \([0-9]*\) transactions .*/\1/p' "$TMP/pgbench.out" | tr '\n' ' ')
[ "$(wc -w <<<"$per_script")" = 3 ] && ! grep -qw 0 <<<"$per_script" || fail "not every script ran: $per_script"
echo "transactions per script (ingest resolve read): $per_script"

# every document once more (the ones no client happened to pick), every paper
# resolved, then compare
q "$C" "$DB" -c "SELECT count(pith.ingest_record(doc)) FROM public.docs WHERE i <= 8" >/dev/null || fail "final ingest"
q "$C" "$DB" -c "$RESOLVE_ALL" >/dev/null || fail "final resolve_paper"
again=$(q "$C" "$DB" -c "$RESOLVE_ALL") || fail "resolve_paper again"
[ "$again" = 0 ] || fail "resolving again without force wrote $again links"
counts "$C" "$DB" >"$TMP/citus.counts" || fail "cluster counts"
diff "$TMP/serial.counts" "$TMP/citus.counts" || fail "row counts differ from the serial run"
digests "$C" "$DB" >"$TMP/citus.digests" || fail "cluster records"
diff "$TMP/serial.digests" "$TMP/citus.digests" || fail "records differ from the serial run"
echo "records identical: $(wc -l <"$TMP/citus.digests") papers"
links "$C" "$DB" >"$TMP/citus.links" || fail "cluster links"
diff "$TMP/serial.links" "$TMP/citus.links" || fail "resolver links differ from the serial run"
echo "links identical: $(wc -l <"$TMP/citus.links")"
r=$(q "$C" "$DB" -c "SELECT pith.refresh_inbound()") || fail "refresh_inbound"
[ "$r" = 0 ] || fail "a full refresh_inbound() changed $r rows: the inbound rows kept by concurrent writers were not exact"
echo "ok"
