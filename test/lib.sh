# test/lib.sh -- shell helpers shared by the README's two commands and CI:
# installing Debian packages, building, a staged install, and a throwaway
# PostgreSQL cluster run by an unprivileged user on a private unix socket.
#
# Source it; it defines functions and sets PITH_ROOT, PG_MAJOR, PG_BIN.

PITH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PG_MAJOR=${PG_MAJOR:-15}
PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
PG_CONFIG=$PG_BIN/pg_config
PITH_STAGE=${PITH_STAGE:-$PITH_ROOT/.stage}
export PG_MAJOR PG_CONFIG

# pith_log: one progress line on stderr.
pith_log() { printf '== %s\n' "$*" >&2; }

# pith_require_root: re-run the calling script as root through sudo.
pith_require_root() {
    if [ "$(id -u)" -ne 0 ]; then
        exec sudo -E bash "$0" "$@"
    fi
}

# pith_install_packages PKG...: apt-get install whatever is not installed yet.
pith_install_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    pith_log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# pith_base_packages: what building and running pith needs.
pith_base_packages() {
    echo postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR postgresql-contrib libicu-dev \
         make gcc pkg-config python3 ca-certificates
}

# pith_build [make args...]: compile the extension (warnings are errors under CI).
pith_build() {
    make -C "$PITH_ROOT" -s PG_CONFIG="$PG_CONFIG" PITH_STRICT=1 "$@" >&2
}

# pith_stage_install: install into $PITH_STAGE; the server reads it through
# Debian's extension_destdir setting, so tests never touch the system install.
pith_stage_install() {
    rm -rf "$PITH_STAGE"
    make -C "$PITH_ROOT" -s PG_CONFIG="$PG_CONFIG" PITH_STRICT=1 install DESTDIR="$PITH_STAGE" >/dev/null
    chmod -R a+rX "$PITH_STAGE"
}

# pith_cluster_start [staged]: initdb + start a cluster in a scratch folder as
# the postgres user, listening on a unix socket only.  Exports PGHOST, PGPORT,
# PGUSER, PGDATABASE and PITH_CLUSTER (the scratch folder).
pith_cluster_start() {
    local extra=""
    [ "${1:-}" = staged ] && extra="-c extension_destdir=$PITH_STAGE"
    PITH_CLUSTER=$(mktemp -d /tmp/pith-cluster.XXXXXX)
    chown postgres: "$PITH_CLUSTER"
    chmod 755 "$PITH_CLUSTER"
    runuser -u postgres -- "$PG_BIN/initdb" -D "$PITH_CLUSTER/data" -A trust -U postgres \
        -E UTF8 --locale=C.UTF-8 >"$PITH_CLUSTER/initdb.log" 2>&1 \
        || { cat "$PITH_CLUSTER/initdb.log" >&2; return 1; }
    runuser -u postgres -- "$PG_BIN/pg_ctl" -D "$PITH_CLUSTER/data" -l "$PITH_CLUSTER/server.log" -w \
        -o "-c listen_addresses='' -k $PITH_CLUSTER -p 5432 -c unix_socket_permissions=0700 -c fsync=off $extra ${PITH_SERVER_OPTS:-}" \
        start >/dev/null \
        || { cat "$PITH_CLUSTER/server.log" >&2; return 1; }
    export PITH_CLUSTER PGHOST=$PITH_CLUSTER PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
    pith_log "cluster up: PGHOST=$PGHOST PGPORT=$PGPORT PGUSER=$PGUSER"
}

# pith_cluster_stop: stop the cluster by the postmaster's pid and remove it.
pith_cluster_stop() {
    [ -n "${PITH_CLUSTER:-}" ] && [ -d "$PITH_CLUSTER" ] || return 0
    local pidfile="$PITH_CLUSTER/data/postmaster.pid" pid i
    if [ -f "$pidfile" ]; then
        pid=$(head -n 1 "$pidfile")
        kill -INT "$pid" 2>/dev/null
        for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -rf "$PITH_CLUSTER"
    PITH_CLUSTER=
}
