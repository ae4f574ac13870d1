# test/lib.sh -- shell helpers shared by the README's two commands and CI:
# installing Debian packages, building, a staged install, and a throwaway
# PostgreSQL cluster run by an unprivileged user on a private unix socket.
#
# Source it; it defines functions and sets PITH_ROOT, PG_CONFIG, PG_MAJOR,
# PG_BIN and PITH_STAGE.
#
# Which PostgreSQL: PG_CONFIG names it (any installation: Debian's packages,
# one built from source, test/pg_versions.sh's); without PG_CONFIG it is the
# system's, Debian's postgresql-$PG_MAJOR (default 15, bookworm's), whose
# packages pith_base_packages installs.

PITH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [ -n "${PG_CONFIG:-}" ] && [ "$PG_CONFIG" != pg_config ]; then
    PITH_PG_PACKAGED=0
    case $PG_CONFIG in /usr/lib/postgresql/*/bin/pg_config) PITH_PG_PACKAGED=1 ;; esac
else
    PG_MAJOR=${PG_MAJOR:-15}
    PG_CONFIG=/usr/lib/postgresql/$PG_MAJOR/bin/pg_config
    PITH_PG_PACKAGED=1
fi
PITH_STAGE=${PITH_STAGE:-$PITH_ROOT/.stage}
export PG_CONFIG PITH_STAGE

# pith_pg_env: PG_MAJOR, PG_BIN from PG_CONFIG (once it exists).
pith_pg_env() {
    [ -x "$PG_CONFIG" ] || return 0
    PG_BIN=$("$PG_CONFIG" --bindir)
    PG_MAJOR=$("$PG_CONFIG" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
    export PG_MAJOR PG_BIN
}
pith_pg_env
PG_BIN=${PG_BIN:-/usr/lib/postgresql/${PG_MAJOR:-15}/bin}
export PG_MAJOR PG_BIN

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
    if [ ${#missing[@]} -gt 0 ]; then
        pith_log "installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    pith_pg_env
}

# pith_base_packages: what building and running pith needs (the server
# packages only for the system's PostgreSQL).
pith_base_packages() {
    [ "$PITH_PG_PACKAGED" = 1 ] && echo postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR postgresql-contrib
    echo libicu-dev make gcc pkg-config python3 ca-certificates
}

# pith_build [make args...]: compile the extension (warnings are errors under CI).
pith_build() {
    make -C "$PITH_ROOT" -s PG_CONFIG="$PG_CONFIG" PITH_STRICT=1 "$@" >&2
}

# pith_stage_install [make args...]: a private copy of the PostgreSQL
# installation in $PITH_STAGE (its bin, lib and share folders, hard links
# where possible) with pith installed into it.  PostgreSQL finds its
# folders relative to its own binaries, so the copy's server and pg_config
# use the copy: the tests never touch the real installation, and this works
# the same for Debian's packages and for a server built from source.  Sets
# PITH_STAGE_PG_CONFIG and PITH_STAGE_BIN.
pith_stage_install() {
    pith_pg_env
    local bindir pkglibdir sharedir d
    bindir=$("$PG_CONFIG" --bindir); pkglibdir=$("$PG_CONFIG" --pkglibdir); sharedir=$("$PG_CONFIG" --sharedir)
    # Each folder is copied to $PITH_STAGE/<its absolute path>, so the paths
    # between them stay what the binaries were built with.
    rm -rf "$PITH_STAGE"
    for d in "$bindir" "$pkglibdir" "$sharedir"; do
        mkdir -p "$PITH_STAGE${d%/*}"
        [ -e "$PITH_STAGE$d" ] && continue    # a folder inside another one (pkglibdir in bindir's parent)
        cp -al "$d" "$PITH_STAGE$d" 2>/dev/null || cp -a "$d" "$PITH_STAGE$d" || return 1
    done
    # An older pith in the real installation must not be written through a
    # hard link: remove the copy's pith files before installing.
    rm -rf "$PITH_STAGE$pkglibdir"/pith.so "$PITH_STAGE$pkglibdir"/bitcode/pith* \
           "$PITH_STAGE$sharedir"/extension/pith.control "$PITH_STAGE$sharedir"/extension/pith--*.sql
    PITH_STAGE_PG_CONFIG=$PITH_STAGE$bindir/pg_config
    PITH_STAGE_BIN=$PITH_STAGE$bindir
    export PITH_STAGE_PG_CONFIG PITH_STAGE_BIN
    [ "$("$PITH_STAGE_PG_CONFIG" --sharedir)" = "$PITH_STAGE$sharedir" ] \
        || { echo "the copy of $bindir does not find its own share folder" >&2; return 1; }
    make -C "$PITH_ROOT" -s PG_CONFIG="$PITH_STAGE_PG_CONFIG" PITH_STRICT=1 "$@" install >/dev/null || return 1
    chmod a+rX "$PITH_STAGE" "$PITH_STAGE$pkglibdir"/pith.so "$PITH_STAGE$sharedir"/extension/pith*
    find "$PITH_STAGE" -type d -exec chmod a+rx {} +
}

# pith_stage_env: PITH_STAGE_PG_CONFIG and PITH_STAGE_BIN of an existing stage.
pith_stage_env() {
    PITH_STAGE_BIN=$PITH_STAGE$("$PG_CONFIG" --bindir)
    PITH_STAGE_PG_CONFIG=$PITH_STAGE_BIN/pg_config
    export PITH_STAGE_PG_CONFIG PITH_STAGE_BIN
}

# pith_cluster_start [staged]: initdb + start a cluster in a scratch folder as
# the postgres user, listening on a unix socket only; "staged" runs the
# server of $PITH_STAGE (pith_stage_install), otherwise PG_BIN's.  Exports
# PGHOST, PGPORT, PGUSER, PGDATABASE and PITH_CLUSTER (the scratch folder).
pith_cluster_start() {
    local bin=$PG_BIN
    if [ "${1:-}" = staged ]; then pith_stage_env; bin=$PITH_STAGE_BIN; fi
    PITH_CLUSTER=$(mktemp -d /tmp/pith-cluster.XXXXXX)
    chown postgres: "$PITH_CLUSTER"
    chmod 755 "$PITH_CLUSTER"
    runuser -u postgres -- "$bin/initdb" -D "$PITH_CLUSTER/data" -A trust -U postgres \
        -E UTF8 --locale=C.UTF-8 >"$PITH_CLUSTER/initdb.log" 2>&1 \
        || { cat "$PITH_CLUSTER/initdb.log" >&2; rm -rf "$PITH_CLUSTER"; PITH_CLUSTER=; return 1; }
    runuser -u postgres -- "$bin/pg_ctl" -D "$PITH_CLUSTER/data" -l "$PITH_CLUSTER/server.log" -w \
        -o "-c listen_addresses='' -k $PITH_CLUSTER -p 5432 -c unix_socket_permissions=0700 -c fsync=off ${PITH_SERVER_OPTS:-}" \
        start >/dev/null \
        || { cat "$PITH_CLUSTER/server.log" >&2; return 1; }
    export PITH_CLUSTER PGHOST=$PITH_CLUSTER PGPORT=5432 PGUSER=postgres PGDATABASE=postgres
    pith_log "cluster up: PGHOST=$PGHOST PGPORT=$PGPORT PGUSER=$PGUSER ($("$bin/postgres" --version))"
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
