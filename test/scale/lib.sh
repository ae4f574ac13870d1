# test/scale/lib.sh -- helpers for the scale-out checks and benchmark: extra
# throwaway clusters beside the one test/run-all started (each its own unix
# socket folder, no TCP), and a Citus coordinator with two workers.
#
# Source after test/lib.sh.  Every cluster started here is recorded in
# SCALE_CLUSTERS and stopped by scale_stop_all (call it from an EXIT trap);
# the caller's own cluster (PITH_CLUSTER, PGHOST...) is never touched.

SCALE_CLUSTERS=()

# scale_cluster_start VAR [server options]: start one more staged cluster and
# store its socket folder in VAR; the caller's PG* environment is kept.
scale_cluster_start() {
    local var=$1; shift
    local v saved=()
    for v in PITH_CLUSTER PGHOST PGPORT PGUSER PGDATABASE; do
        if [ -n "${!v+x}" ]; then saved+=("$v=${!v}"); fi
    done
    unset PITH_CLUSTER PGHOST PGPORT PGUSER PGDATABASE
    PITH_SERVER_OPTS="$*" pith_cluster_start staged || { scale_restore_env "${saved[@]}"; return 1; }
    SCALE_CLUSTERS+=("$PITH_CLUSTER")
    printf -v "$var" '%s' "$PITH_CLUSTER"
    unset PITH_CLUSTER PGHOST PGPORT PGUSER PGDATABASE
    scale_restore_env "${saved[@]}"
    return 0
}

# scale_restore_env NAME=VALUE...: export the saved variables again.
scale_restore_env() {
    local kv
    for kv in "$@"; do export "${kv%%=*}=${kv#*=}"; done
}

# scale_stop_all: stop every cluster scale_cluster_start started.
scale_stop_all() {
    set +e    # an EXIT trap under set -e must not stop at the first failed kill
    local saved=${PITH_CLUSTER:-} c
    for c in "${SCALE_CLUSTERS[@]}"; do
        PITH_CLUSTER=$c pith_cluster_stop
    done
    SCALE_CLUSTERS=()
    PITH_CLUSTER=$saved
}

# scale_citus_installed: true when this machine has Citus for this PostgreSQL.
scale_citus_installed() {
    [ -f "$("$PG_CONFIG" --sharedir)/extension/citus.control" ]
}

# scale_require_citus: a check that needs Citus skips (exit 77) without it
scale_require_citus() {
    if ! scale_citus_installed; then
        echo "SKIP: citus not installed"
        exit 77
    fi
}

# scale_citus_start: a coordinator and two workers, Citus preloaded, nodes
# naming each other by socket folder (a unix-socket host path), no TCP port.
# Sets CITUS_COORD, CITUS_W1, CITUS_W2 (socket folders) and creates database
# $1 with citus and pith on all three.
scale_citus_start() {
    local db=$1 opts="-c shared_preload_libraries=citus -c max_prepared_transactions=50 -c max_connections=60"
    scale_cluster_start CITUS_COORD "$opts" && scale_cluster_start CITUS_W1 "$opts" \
        && scale_cluster_start CITUS_W2 "$opts" || return 1
    local h
    for h in "$CITUS_COORD" "$CITUS_W1" "$CITUS_W2"; do
        psql -X -q -v ON_ERROR_STOP=1 -h "$h" -p 5432 -U postgres -d postgres \
            -c "ALTER SYSTEM SET citus.local_hostname = '$h'" -c "SELECT pg_reload_conf()" \
            -c "CREATE DATABASE $db" >/dev/null || return 1
        psql -X -q -v ON_ERROR_STOP=1 -h "$h" -p 5432 -U postgres -d "$db" \
            -c "CREATE EXTENSION citus" >/dev/null || return 1
    done
    psql -X -q -v ON_ERROR_STOP=1 -h "$CITUS_COORD" -p 5432 -U postgres -d "$db" \
        -c "SELECT citus_set_coordinator_host('$CITUS_COORD', 5432)" \
        -c "SELECT citus_add_node('$CITUS_W1', 5432)" \
        -c "SELECT citus_add_node('$CITUS_W2', 5432)" >/dev/null
}

# scale_view_digests HOST DB: one line per view of pith (row count and md5
# over its observations or records, in a fixed order), to compare layouts.
# Records are taken without as_of, context_digest and thesis (they name now()).
scale_view_digests() {
    psql -X -At -v ON_ERROR_STOP=1 -h "$1" -p 5432 -U postgres -d "$2" \
        -c "SELECT 'outbound_observations ' || count(*) || ' ' || md5(string_agg(observation::text, ','
                    ORDER BY citing_arxiv_id::text, reference_index)) FROM pith.outbound_observations" \
        -c "SELECT 'inbound_observations ' || count(*) || ' ' || md5(string_agg(observation::text, ','
                    ORDER BY cited_arxiv_id::text, citing_arxiv_id::text, reference_index)) FROM pith.inbound_observations" \
        -c "SELECT 'citation_records ' || count(*) || ' ' || md5(string_agg(pith.canonical_json(record - 'as_of'
                    - 'context_digest' - 'thesis'), ',' ORDER BY arxiv_id::text)) FROM pith.citation_records"
}
