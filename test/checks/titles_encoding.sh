#!/usr/bin/env bash
# test/checks/titles_encoding.sh -- the title functions refuse a database
# that is not UTF-8 with SQLSTATE 0A000 (feature_not_supported) instead of
# giving wrong answers, and a 1 MB title returns in bounded time.
set -uo pipefail
db=pith_titles_latin1_$$
psql -X -q -v ON_ERROR_STOP=1 -d postgres \
    -c "CREATE DATABASE $db ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0" || exit 1
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
if ! psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION pith CASCADE' 2>/tmp/$db.err; then
    # the whole install script may already refuse LATIN1; then call the C function directly
    cat /tmp/$db.err
    psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c "CREATE SCHEMA pith; CREATE FUNCTION pith.normalize_title(text) RETURNS text AS '\$libdir/pith', 'pith_normalize_title' LANGUAGE C IMMUTABLE STRICT; CREATE FUNCTION pith.title_key(text) RETURNS text AS '\$libdir/pith', 'pith_title_key_fn' LANGUAGE C IMMUTABLE STRICT" || exit 1
fi
rm -f /tmp/$db.err
fail=0
for q in "SELECT pith.normalize_title('Schr\\366dinger')" "SELECT pith.title_key('abc')"; do
    out=$(psql -X -q -d "$db" -v VERBOSITY=verbose -c "$q" 2>&1)
    echo "$out"
    if ! grep -q '0A000' <<<"$out" || ! grep -q 'require a UTF-8 database' <<<"$out"; then
        echo "expected SQLSTATE 0A000 for: $q"; fail=1
    fi
done
# bounded time on 1 MB in the UTF-8 database (limit documented in the README)
db2=pith_titles_big_$$
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db2 TEMPLATE template0 ENCODING 'UTF8'" || exit 1
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS $db2" >/dev/null' EXIT
out=$(psql -X -q -At -v ON_ERROR_STOP=1 -d "$db2" <<'SQL'
CREATE EXTENSION pith CASCADE;
SET statement_timeout = '20s';
SELECT length(pith.normalize_title(repeat('Schrödinger Équation ', 50000))),
       length(pith.title_key(repeat('Schrödinger Équation ', 50000))),
       pith.title_similarity(repeat('Schrödinger Équation ', 50000), repeat('Schrödinger Équation ', 49999)) > 0.99;
SQL
)
echo "$out"
[ "$out" = "1049999|950000|t" ] || { echo "1 MB answers wrong: $out"; fail=1; }
exit $fail
