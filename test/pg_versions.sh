#!/usr/bin/env bash
# test/pg_versions.sh -- PostgreSQL majors other than the system's, for testing
# pith against them.  `bash test/pg_versions.sh 17` prints the pg_config of a
# server + headers of PostgreSQL 17, obtaining it first if the cache lacks it.
#
# Debian bookworm (this machine) ships only PostgreSQL 15.  Everything here
# comes from Debian's archive, through apt with a private configuration under
# $PITH_PG_CACHE/apt, so the machine's own apt setup is never changed:
#
#   17  trixie's binary packages postgresql-17, -client-17, -server-dev-17
#       (server and headers of one minor).  trixie's source package cannot be
#       downloaded, and its binaries need trixie's C library (GLIBC_2.38), so
#       trixie's runtime libraries are unpacked beside them and the programs'
#       ELF interpreter and RPATH point there (patchelf).  JIT is left out.
#   18  sid's source package postgresql-18: its upstream (orig) tarball,
#       configured and built with bookworm's toolchain -- a server built from
#       source, the way a user without packages has one.
#
# Cache: $PITH_PG_CACHE/pg-MAJOR/VERSION-RECIPE/ (default /var/cache/pith); a tree
# counts only once its .complete marker is written, so an interrupted build
# is redone.  A cached tree is used without touching the network.
set -euo pipefail

PITH_PG_CACHE=${PITH_PG_CACHE:-/var/cache/pith}
# Revision of each recipe below: bump it when the recipe changes, and trees
# made by another revision are not used.
recipe() { case $1 in 17) echo r3 ;; 18) echo r3 ;; esac; }

log() { printf '== %s\n' "$*" >&2; }

# papt CMD ARGS...: apt-get/apt-cache against trixie + sid, private state.
papt() {
    local cmd=$1; shift
    local a=$PITH_PG_CACHE/apt
    "$cmd" -o Dir::Etc::SourceList="$a/sources.list" -o Dir::Etc::SourceParts=/nonexistent \
        -o Dir::State::Lists="$a/lists" -o Dir::State::Status="$a/status" \
        -o Dir::Cache="$a/cache" -o Dir::Cache::Archives="$a/archives" \
        -o APT::Architecture=amd64 -o APT::Sandbox::User=root -q "$@"
}

papt_update() {
    local a=$PITH_PG_CACHE/apt
    mkdir -p "$a/lists/partial" "$a/archives/partial" "$a/cache"
    touch "$a/status"
    cat >"$a/sources.list" <<'EOF'
deb http://deb.debian.org/debian trixie main
deb http://deb.debian.org/debian sid main
deb-src http://deb.debian.org/debian sid main
EOF
    # One index download per hour at most.
    if [ -z "$(find "$a/lists" -maxdepth 1 -name '*Packages*' -mmin -60 2>/dev/null | head -n1)" ]; then
        log "apt: reading trixie and sid indexes"
        papt apt-get update >/dev/null
    fi
}

# candidate PKG SUITE: the version SUITE offers.
candidate() {
    papt apt-cache madison "$1" | awk -v s="$2" '$0 ~ "/" s "/" || $0 ~ " " s "/" {print $3; exit}'
}

need_host_packages() {
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing ${missing[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
        || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }
}

# cached MAJOR: the newest complete tree's pg_config, if any.
cached() {
    local d
    for d in $(ls -d "$PITH_PG_CACHE/pg-$1"/*-"$(recipe "$1")"/ 2>/dev/null | sort -rV); do
        [ -f "$d/.complete" ] && [ -x "$(cat "$d/.complete")" ] && { cat "$d/.complete"; return 0; }
    done
    return 1
}

# Debian packages of this machine each recipe needs (`--packages` lists them).
HOST_PACKAGES_17="patchelf"
HOST_PACKAGES_18="gcc make pkg-config bison flex libicu-dev libxml2-dev zlib1g-dev perl libipc-run-perl bzip2 dpkg-dev"

# --- 17: trixie binaries on trixie's runtime libraries -----------------------
# Shared libraries the server, client and pg_config need (their NEEDED lists,
# followed through), from trixie.
TRIXIE_RUNTIME="libc6 libgcc-s1 libstdc++6 libicu76 libssl3t64 libxml2 libzstd1 liblz4-1 zlib1g
  liblzma5 libldap2 libsasl2-2 libgssapi-krb5-2 libkrb5-3 libk5crypto3 libkrb5support0 libcom-err2
  libkeyutils1 libpam0g libaudit1 libcap-ng0 libselinux1 libpcre2-8-0 libsystemd0 libcap2 libuuid1
  libpq5 libreadline8t64 libtinfo6 libgnutls30t64 libp11-kit0 libidn2-0 libunistring5 libtasn1-6
  libnettle8t64 libhogweed6t64 libgmp10 libffi8 libedit2 libbsd0 libmd0 libxslt1.1 libgcrypt20 libgpg-error0 libxxhash0"

obtain_17() {
    papt_update
    local v; v=$(candidate postgresql-17 trixie)
    [ -n "$v" ] || { echo "trixie offers no postgresql-17" >&2; return 1; }
    local dir=$PITH_PG_CACHE/pg-17/$v-$(recipe 17) root debs
    [ -f "$dir/.complete" ] && { cat "$dir/.complete"; return 0; }
    need_host_packages $HOST_PACKAGES_17
    rm -rf "$dir"; mkdir -p "$dir/debs"; root=$dir/root; debs=$dir/debs
    log "17: downloading trixie's postgresql-17 $v and its runtime libraries"
    local pkgs=("postgresql-17=$v" "postgresql-client-17=$v" "postgresql-server-dev-17=$v") p
    for p in $TRIXIE_RUNTIME; do pkgs+=("$p/trixie"); done
    (cd "$debs" && papt apt-get download "${pkgs[@]}" >/dev/null)
    for p in "$debs"/*.deb; do dpkg-deb -x "$p" "$root"; done
    # No JIT (libllvm19 is left out): no llvmjit.so, and PGXS builds no bitcode.
    rm -f "$root"/usr/lib/postgresql/17/lib/llvmjit*.so; rm -rf "$root"/usr/lib/postgresql/17/lib/bitcode
    sed -i "s/^with_llvm\t*= *yes/with_llvm\t= no/" "$root"/usr/lib/postgresql/17/lib/pgxs/src/Makefile.global
    local interp=$root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2
    [ -e "$interp" ] || interp=$root/lib64/ld-linux-x86-64.so.2
    local rpath=$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu:$root/usr/lib/postgresql/17/lib
    # Every program (bin/, and pg_regress & co. under lib/pgxs): anything with
    # an ELF interpreter; loadable modules run inside the server and need none.
    while IFS= read -r p; do
        patchelf --print-interpreter "$p" >/dev/null 2>&1 || continue
        patchelf --set-interpreter "$interp" --force-rpath --set-rpath "$rpath" "$p"
    done < <(find "$root"/usr/lib/postgresql/17 -type f -perm -u+x)
    # Every library the programs load must come from trixie.
    local bad
    bad=$("$interp" --library-path "$rpath" --list "$root/usr/lib/postgresql/17/bin/postgres" | grep -v "$root" | grep -vE 'linux-vdso|^\s*/' || true)
    [ -z "$bad" ] || { echo "17: libraries missing from the trixie root:" >&2; echo "$bad" >&2; return 1; }
    "$root/usr/lib/postgresql/17/bin/postgres" --version >&2
    rm -rf "$debs"
    echo "$root/usr/lib/postgresql/17/bin/pg_config" >"$dir/.complete"
    cat "$dir/.complete"
}

# --- 18: sid's source, built here ---------------------------------------------
obtain_18() {
    papt_update
    local v; v=$(papt apt-cache showsrc postgresql-18 | sed -n 's/^Version: //p' | sort -rV | head -n1)
    [ -n "$v" ] || { echo "sid offers no postgresql-18 source" >&2; return 1; }
    local up=${v%-*}
    local dir=$PITH_PG_CACHE/pg-18/$up-$(recipe 18)
    [ -f "$dir/.complete" ] && { cat "$dir/.complete"; return 0; }
    need_host_packages $HOST_PACKAGES_18
    rm -rf "$dir"; mkdir -p "$dir/src"
    log "18: downloading sid's postgresql-18 $v source"
    (cd "$dir/src" && papt apt-get source --download-only "postgresql-18=$v" >/dev/null)
    tar -xjf "$dir"/src/postgresql-18_"$up".orig.tar.bz2 -C "$dir/src"
    local s=$dir/src/postgresql-$up start=$SECONDS
    log "18: building PostgreSQL $up from source (configure, make -j$(nproc))"
    (cd "$s" && ./configure --prefix="$dir/root" --with-icu --with-libxml --enable-tap-tests --without-readline \
        CFLAGS="-O2" >"$dir/configure.log" 2>&1 \
      && make -s -j"$(nproc)" >"$dir/build.log" 2>&1 \
      && make -s install >>"$dir/build.log" 2>&1 \
      && for c in pg_trgm fuzzystrmatch postgres_fdw; do make -s -C contrib/$c install >>"$dir/build.log" 2>&1 || exit 1; done) \
      || { tail -n 40 "$dir/build.log" "$dir/configure.log" >&2; return 1; }
    log "18: built in $((SECONDS-start)) s"
    rm -rf "$dir/src"
    echo "$dir/root/bin/pg_config" >"$dir/.complete"
    cat "$dir/.complete"
}

# pith_pg_config MAJOR: pg_config of MAJOR (the system's for the system major).
# One process at a time makes a major's tree (flock on pg-MAJOR.lock); the
# others wait for it and then find it cached.
pith_pg_config() {
    case $1 in
        17|18) cached "$1" && return 0
               mkdir -p "$PITH_PG_CACHE"
               ( flock 9; cached "$1" || "obtain_$1" ) 9>"$PITH_PG_CACHE/pg-$1.lock" ;;
        *) local c=/usr/lib/postgresql/$1/bin/pg_config
           [ -x "$c" ] || { echo "no PostgreSQL $1 here and no recipe for it" >&2; return 1; }
           echo "$c" ;;
    esac
}

main() {
    [ $# -gt 0 ] || { echo "usage: $0 MAJOR... | --packages" >&2; exit 2; }
    if [ "$1" = --packages ]; then echo $HOST_PACKAGES_17 $HOST_PACKAGES_18; exit 0; fi
    local m
    for m in "$@"; do pith_pg_config "$m"; done
}
# (main and exit on one line: bash never reads past it, even if this file
# is edited while it runs.)
if [ "${BASH_SOURCE[0]}" = "$0" ]; then main "$@"; exit; fi
