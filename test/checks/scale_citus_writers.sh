#!/usr/bin/env bash
# test/checks/scale_citus_writers.sh -- writers of different papers never
# wait for each other: on a single server, then on a Citus coordinator with
# two workers (pith.distribute(8)).
#
# Two clones of the golden paper, X = 2601.00001 and Y = 2601.00002: disjoint
# papers citing the same works (the golden paper's, and the golden paper).
#   ingest:  session A loads X's catalog (pith.ingest_catalog, committed),
#            then BEGIN; pith.ingest_record(X) and keeps the transaction
#            open; session B loads Y (ingest_catalog, ingest_record) and must
#            be done while A is still open, never seen waiting for a lock on
#            any node (target: within 2 s; on a busy machine later, said so).
#   resolve: A: BEGIN; pith.resolve_paper(X, true), kept open; B:
#            pith.resolve_paper(Y, true) within 2 s.  The catalog works
#            both would create (of the arXiv papers they cite) are made
#            beforehand by pith.paper_work() in their own transaction, as a
#            catalog loader does: creating one is a catalog write.
#   control: (between the two) while A holds X, B ingesting X itself must
#            wait (seen waiting on a lock) and finish once A commits -- the
#            harness sees a wait when there is one.
# Bound by time, not lock_timeout (on Citus a lock_timeout set in B's session
# does not reach the workers): B is watched until it is done, and any
# backend of the database waiting for a lock on any of the three nodes
# while A is idle in its transaction fails the check at once, naming it.  Then: refresh_inbound() changes nothing, and the
# records of X, Y and the golden paper are the ones a serial load gives.
# The Citus part skips (77) when Citus is not installed; the single-server
# part has run by then.
set -uo pipefail
source test/lib.sh
source test/scale/lib.sh
fail() { echo "FAIL: $*"; exit 1; }

DEADLINE=${PITH_WRITER_DEADLINE:-2}
AS_OF='2026-08-08T05:57:00Z'
DB=scale_writers_$$
TMP=$(mktemp -d /tmp/$DB.XXXXXX)
trap 'exec {A_IN}>&- 2>/dev/null; rm -rf "$TMP"; psql -X -q -d postgres -c "DROP DATABASE IF EXISTS ${DB}_gen" -c "DROP DATABASE IF EXISTS ${DB}_serial" -c "DROP DATABASE IF EXISTS ${DB}" >/dev/null 2>&1; scale_stop_all' EXIT
q() { local h=$1 d=$2; shift 2; psql -X -q -At -v ON_ERROR_STOP=1 -h "$h" -p 5432 -U postgres -d "$d" "$@"; }

# --- the documents ----------------------------------------------------------
q "$PGHOST" postgres -c "CREATE DATABASE ${DB}_gen" || fail "database"
GEN=${DB}_gen
q "$PGHOST" "$GEN" -c "CREATE EXTENSION pith CASCADE" || fail "CREATE EXTENSION in $GEN"
q "$PGHOST" "$GEN" -v doc="$(cat test/data/golden_2506.06472.json)" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null \
    || fail "golden ingest"
q "$PGHOST" "$GEN" -f test/data/clone_paper.sql || fail "clone_paper.sql"
q "$PGHOST" "$GEN" -f test/data/concurrency_docs.sql >/dev/null || fail "building the documents"
for p in 2506.06472 2601.00001 2601.00002; do
    q "$PGHOST" "$GEN" -c "SELECT pith.canonical_json(pith.citation_record('$p', '$AS_OF', 1000, 1000))" >"$TMP/$p.json" \
        || fail "exporting $p"
done
q "$PGHOST" postgres -c "DROP DATABASE $GEN" >/dev/null

# load HOST DB: create pith, load the golden paper (the shared works)
load_base() {
    q "$1" "$2" -v doc="$(cat "$TMP/2506.06472.json")" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null
}
# digests HOST DB: the records of the three papers
digests() {
    q "$1" "$2" -c "SELECT p || ' ' || pith.json_digest(pith.citation_record(p::pith.arxiv_id, '$AS_OF', 1000, 1000))
                     FROM unnest(ARRAY['2506.06472', '2601.00001', '2601.00002']) p ORDER BY 1"
}

# the catalog works (metadata_source arxiv) of every cited arXiv paper
CATALOG_WORKS="SELECT count(pith.paper_work(arxiv_id)) FROM pith.papers WHERE arxiv_id::text NOT LIKE '2601.%'"

# the serial answer
S=${DB}_serial
q "$PGHOST" postgres -c "CREATE DATABASE $S" && q "$PGHOST" "$S" -c "CREATE EXTENSION pith CASCADE" || fail "serial database"
load_base "$PGHOST" "$S" || fail "serial golden ingest"
for p in 2601.00001 2601.00002; do
    q "$PGHOST" "$S" -v doc="$(cat "$TMP/$p.json")" <<<"SELECT pith.ingest_record(:'doc'::jsonb)" >/dev/null || fail "serial ingest of $p"
done
q "$PGHOST" "$S" -c "$CATALOG_WORKS" \
    -c "SELECT pith.resolve_paper('2601.00001', true) + pith.resolve_paper('2601.00002', true)" >/dev/null \
    || fail "serial resolve_paper"
digests "$PGHOST" "$S" >"$TMP/serial.digests" || fail "serial records"

# --- session A: one psql kept open on a pipe ---------------------------------
# a_start HOST DB: start it; a_run SQL: send SQL and wait for it to finish
# (its output in $TMP/a.out); a_stop: end it
a_start() {
    rm -f "$TMP/a.in"; mkfifo "$TMP/a.in"
    psql -X -q -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$2" <"$TMP/a.in" >"$TMP/a.out" 2>&1 &
    A_PID=$!
    exec {A_IN}>"$TMP/a.in"
}
a_run() {
    local mark="a-done-$RANDOM$RANDOM" i
    printf '%s\n\\echo %s\n' "$1" "$mark" >&"$A_IN"
    for i in $(seq 1 600); do
        grep -q "^$mark\$" "$TMP/a.out" && { grep -q ERROR "$TMP/a.out" && return 1; return 0; }
        kill -0 "$A_PID" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}
a_stop() { exec {A_IN}>&-; wait "$A_PID"; }

# waiting HOST...: every backend of DB on these nodes that waits for a lock
waiting() {
    local h
    for h in "$@"; do
        q "$h" "$DB" -c "SELECT '$h ' || pid || ' ' || wait_event_type || '/' || wait_event || ': ' || left(query, 120)
                          FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    done
}

# b_timed LABEL SQL HOSTS...: run SQL as session B on the first host while
# A's transaction is open.  B fails the moment any backend of DB on any node
# waits for a lock (A is idle in its transaction: a waiter waits for A), or
# when it is not done after 60 s.  Done within DEADLINE seconds is the
# target; later without ever waiting for a lock (a busy machine) is said so.
b_timed() {
    local label=$1 sql=$2; shift 2
    local start end pid i seen
    start=$(date +%s.%N)
    # a file: each statement its own transaction (one -c would be one)
    printf '%s\n' "$sql" >"$TMP/b.sql"
    q "$1" "$DB" -f "$TMP/b.sql" >"$TMP/b.out" 2>&1 &
    pid=$!
    for i in $(seq 1 1200); do
        kill -0 "$pid" 2>/dev/null || break
        seen=$(waiting "$@")
        if [ -n "$seen" ]; then
            echo "$label: waits for a lock while A is open:"
            echo "$seen"
            kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
            return 1
        fi
        sleep 0.05
    done
    if kill -0 "$pid" 2>/dev/null; then
        echo "$label: not done after 60 s"
        kill "$pid"; wait "$pid" 2>/dev/null
        return 1
    fi
    wait "$pid" || { cat "$TMP/b.out"; return 1; }
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" -v l="$label" -v d="$DEADLINE" -v load="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
        t = b - a
        if (t <= d) printf "%s: done in %.2fs while A is open (target %ss)\n", l, t, d
        else printf "%s: done in %.2fs while A is open, over the %ss target but never waiting for a lock (load average %s)\n", l, t, d, load }'
}

# writers HOST DB NODES...: the three scenarios on one layout
writers() {
    local h=$1; shift
    # ingest
    a_start "$h" "$DB"
    a_run "SELECT pith.ingest_catalog(pg_read_file('$TMP/2601.00001.json')::jsonb) IS NOT NULL;" || { cat "$TMP/a.out"; return 1; }
    a_run "BEGIN; SELECT pith.ingest_record(pg_read_file('$TMP/2601.00001.json')::jsonb) IS NOT NULL;" || { cat "$TMP/a.out"; return 1; }
    b_timed "ingest of Y" "SELECT pith.ingest_catalog(pg_read_file('$TMP/2601.00002.json')::jsonb) IS NOT NULL;
                           SELECT pith.ingest_record(pg_read_file('$TMP/2601.00002.json')::jsonb) IS NOT NULL;" "$@" \
        || { a_run "ROLLBACK;"; a_stop; return 1; }
    a_run "COMMIT;" || { cat "$TMP/a.out"; return 1; }
    # control: the same paper waits
    a_run "BEGIN; SELECT pith.ingest_record(pg_read_file('$TMP/2601.00001.json')::jsonb) IS NOT NULL;" || { cat "$TMP/a.out"; return 1; }
    q "$h" "$DB" -c "SELECT pith.ingest_record(pg_read_file('$TMP/2601.00001.json')::jsonb) IS NOT NULL" >"$TMP/c.out" 2>&1 &
    local cpid=$! seen="" i
    for i in $(seq 1 200); do
        seen=$(waiting "$@")
        [ -n "$seen" ] && break
        sleep 0.05
    done
    [ -n "$seen" ] || { kill "$cpid"; a_run "ROLLBACK;"; a_stop; echo "control: a second writer of X was never seen waiting"; return 1; }
    kill -0 "$cpid" 2>/dev/null || { a_run "ROLLBACK;"; a_stop; echo "control: a second writer of X did not wait for A"; return 1; }
    echo "control: a second writer of X waits while A is open: $(head -1 <<<"$seen" | cut -d' ' -f3)"
    a_run "COMMIT;" || { cat "$TMP/a.out"; return 1; }
    wait "$cpid" || { cat "$TMP/c.out"; echo "control: the second writer of X failed"; return 1; }
    # resolve.  The catalog works of the cited arXiv papers (metadata_source
    # arxiv) are created first, in their own short transaction, as a catalog
    # loader does: a resolve_paper that creates a catalog work writes a
    # reference table, and a second one creating the same work waits for it.
    q "$h" "$DB" -c "$CATALOG_WORKS" >/dev/null || return 1
    a_run "BEGIN; SELECT pith.resolve_paper('2601.00001', true);" || { cat "$TMP/a.out"; return 1; }
    b_timed "resolve_paper of Y" "SELECT pith.resolve_paper('2601.00002', true);" "$@" \
        || { a_run "ROLLBACK;"; a_stop; return 1; }
    a_run "COMMIT;" || { cat "$TMP/a.out"; return 1; }
    a_stop
    [ "$(q "$h" "$DB" -c "SELECT pith.refresh_inbound()")" = 0 ] || { echo "refresh_inbound() changed rows"; return 1; }
    digests "$h" "$DB" >"$TMP/got.digests" || return 1
    diff "$TMP/serial.digests" "$TMP/got.digests" || { echo "records differ from the serial load"; return 1; }
    echo "records of X, Y and the golden paper identical to a serial load; refresh_inbound() = 0"
}
chmod 755 "$TMP"; chmod 644 "$TMP"/*.json

# --- single server ------------------------------------------------------------
q "$PGHOST" postgres -c "CREATE DATABASE $DB" && q "$PGHOST" "$DB" -c "CREATE EXTENSION pith CASCADE" || fail "single-server database"
load_base "$PGHOST" "$DB" || fail "single-server golden ingest"
echo "== single server"
writers "$PGHOST" "$PGHOST" || fail "single server: writers of different papers waited for each other"

# --- Citus: coordinator and two workers ------------------------------------------
if ! scale_citus_installed; then
    echo "SKIP: citus not installed (the single-server part passed)"
    exit 77
fi
scale_citus_start "$DB" || fail "could not start the Citus cluster"
C=$CITUS_COORD
q "$C" "$DB" -c "CREATE EXTENSION pith CASCADE" || fail "CREATE EXTENSION pith on the coordinator"
q "$C" "$DB" -c "SELECT count(*) FROM pith.distribute(8)" >/dev/null || fail "pith.distribute"
load_base "$C" "$DB" || fail "golden ingest on the cluster"
echo "== Citus: coordinator $C, workers $CITUS_W1 $CITUS_W2"
writers "$C" "$C" "$CITUS_W1" "$CITUS_W2" || fail "Citus: writers of different papers waited for each other"
echo "ok"
