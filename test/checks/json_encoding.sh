#!/usr/bin/env bash
# test/checks/json_encoding.sh -- canonical JSON text is UTF-8: in a LATIN1
# database every canonical JSON function refuses with SQLSTATE 0A000 instead
# of hashing bytes in another encoding.
set -euo pipefail
db=pith_json_latin1_$$
trap 'psql -qX -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
psql -qX -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE DATABASE $db TEMPLATE template0 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C'"
psql -qX -d "$db" -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith CASCADE'
fail=0
for q in "SELECT pith.canonical_json('[1]')" "SELECT pith.json_digest('{}')" \
         "SELECT pith.observation_digest('{}')" "SELECT pith.context_digest('{}')" \
         "SELECT * FROM pith.verify_record('{}')"; do
    got=$(psql -X -d "$db" -At -v VERBOSITY=sqlstate -c "$q" 2>&1 || true)
    if [ "$got" = "ERROR:  0A000" ]; then echo "ok: $q -> 0A000"
    else echo "FAILED: $q gave: $got"; fail=1; fi
done
exit $fail
