#!/usr/bin/env bash
# test/checks/ids_dump_restore.sh -- pg_dump / pg_restore of user tables that
# use pith.arxiv_id and pith.doi: plain and custom format (COPY text), plus a
# binary COPY out and in through a client pipe.  The restored tables, their
# btree/hash indexes and hash partitions must hold exactly the same values.
set -euo pipefail
source test/lib.sh
src=pith_ids_dump_src dst=pith_ids_dump_dst dst2=pith_ids_dump_dst2
dir=$(mktemp -d /tmp/pith-ids-dump.XXXXXX)
cleanup() {
    psql -qX -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $src" -c "DROP DATABASE IF EXISTS $dst" \
         -c "DROP DATABASE IF EXISTS $dst2" >/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
cleanup; mkdir -p "$dir"; chmod 777 "$dir"
for db in $src $dst $dst2; do psql -qX -c "CREATE DATABASE $db" >/dev/null; done
psql -qX -d $src -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION pith CASCADE;
SET search_path = public, pith;
CREATE TABLE works (a pith.arxiv_id, d pith.doi, note text);
INSERT INTO works
SELECT 'arXiv:' || (1501 + g % 9)::text || '.' || lpad(g::text, 5, '0') || CASE WHEN g % 4 = 0 THEN 'v' || (g % 11 + 1) ELSE '' END,
       'https://doi.org/10.' || (1000 + g % 37) || '/Paper.' || g || '%3C1%3E', 'n' || g
FROM generate_series(1, 3000) AS g;
INSERT INTO works VALUES ('hep-th/9711200v3', '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0', 'sici'),
                         ('math.AG/0309136', '10.1234/Étude', 'utf8');
CREATE INDEX ON works (a);
CREATE INDEX ON works USING hash (d);
CREATE TABLE parts (d pith.doi PRIMARY KEY) PARTITION BY HASH (d);
CREATE TABLE parts0 PARTITION OF parts FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE parts1 PARTITION OF parts FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE parts2 PARTITION OF parts FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO parts SELECT d FROM works;
SQL

fingerprint() {   # one digest over every value, in type order, and per partition counts
    psql -qAtX -d "$1" -v ON_ERROR_STOP=1 -c "SET search_path = public, pith" -c "SET enable_seqscan = off" -c "
        SELECT md5(string_agg(a::text || ' ' || d::text || ' ' || note, ',' ORDER BY a, d)) FROM works;" -c "
        SELECT string_agg(c::text, ',' ORDER BY t) FROM (SELECT tableoid::regclass::text AS t, count(*) AS c FROM parts GROUP BY 1) s;" -c "
        SELECT count(*) FROM works w JOIN parts p USING (d) WHERE w.d = p.d;"
}
want=$(fingerprint $src)
echo "source: $want"

"$PG_BIN/pg_dump" -Fc -d $src -f "$dir/src.dump"
"$PG_BIN/pg_restore" -d $dst --exit-on-error "$dir/src.dump"
got=$(fingerprint $dst)
echo "custom: $got"
[ "$got" = "$want" ] || { echo "custom-format restore differs"; exit 1; }

"$PG_BIN/pg_dump" -Fp -d $src | psql -qX -d $dst2 -v ON_ERROR_STOP=1 >/dev/null
got=$(fingerprint $dst2)
echo "plain:  $got"
[ "$got" = "$want" ] || { echo "plain-format restore differs"; exit 1; }

# binary COPY through the client: send then recv
psql -qX -d $dst2 -v ON_ERROR_STOP=1 -c "TRUNCATE works"
psql -qX -d $src -v ON_ERROR_STOP=1 -c "\\copy works TO '$dir/works.bin' WITH (FORMAT binary)"
psql -qX -d $dst2 -v ON_ERROR_STOP=1 -c "\\copy works FROM '$dir/works.bin' WITH (FORMAT binary)"
got=$(fingerprint $dst2)
echo "binary: $got"
[ "$got" = "$want" ] || { echo "binary COPY round trip differs"; exit 1; }
echo "ok"
