#!/usr/bin/env bash
# test/checks/json_property.sh -- property test of pith's canonical JSON:
# a few thousand random documents (test/property/json_gen.py: every control
# character, quotes, backslashes, U+2028/2029, astral-plane characters, empty
# and deeply nested containers, long strings, big, negative and fractional
# numbers) are parsed by the server, and canonical_json, json_digest,
# observation_digest and context_digest must equal Python's json.dumps(...,
# sort_keys=True, separators=(",", ":"), ensure_ascii=False) and hashlib
# byte for byte.  Fails on any difference.
#   PITH_PROPERTY_COUNT (default 3000) documents, PITH_PROPERTY_SEED (default 2506).
set -euo pipefail
command -v python3 >/dev/null || { echo "python3 not found"; exit 77; }
count=${PITH_PROPERTY_COUNT:-3000}
seed=${PITH_PROPERTY_SEED:-2506}
db=pith_json_property_$$
work=$(mktemp -d /tmp/pith-json-property.XXXXXX)
chmod 755 "$work"
cleanup() { psql -qX -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT

echo "generating $count documents, seed $seed"
python3 test/property/json_gen.py "$count" "$seed" > "$work/docs.csv"

psql -qX -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE $db TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'"
psql -qX -d "$db" -v ON_ERROR_STOP=1 <<SQL
CREATE EXTENSION pith CASCADE;
CREATE TABLE docs (id int PRIMARY KEY, input text, canonical text, digest text, obs text, ctx text);
\copy docs FROM '$work/docs.csv' WITH (FORMAT csv, QUOTE E'\x01', DELIMITER E'\x02', ENCODING 'UTF8')
SQL

# one row per disagreement: id, which function, where the texts first differ
psql -X -At -d "$db" -v ON_ERROR_STOP=1 > "$work/diff.txt" <<'SQL'
WITH r AS (
    SELECT d.*, j.doc,
           pith.canonical_json(j.doc) AS got_canonical,
           pith.json_digest(j.doc) AS got_digest,
           CASE WHEN pg_catalog.jsonb_typeof(j.doc) = 'object' THEN pith.observation_digest(j.doc) ELSE '' END AS got_obs,
           CASE WHEN pg_catalog.jsonb_typeof(j.doc) = 'object' THEN pith.context_digest(j.doc) ELSE '' END AS got_ctx
      FROM docs d, LATERAL (SELECT d.input::jsonb AS doc) j
)
SELECT format('doc %s: canonical_json differs (got %s bytes, want %s): got ...%s... want ...%s...', id,
              octet_length(got_canonical), octet_length(canonical),
              left(got_canonical, 200), left(canonical, 200))
  FROM r WHERE got_canonical IS DISTINCT FROM canonical
UNION ALL
SELECT format('doc %s: json_digest %s, python %s', id, got_digest, digest) FROM r WHERE got_digest IS DISTINCT FROM digest
UNION ALL
SELECT format('doc %s: observation_digest %s, python %s', id, got_obs, obs) FROM r WHERE got_obs IS DISTINCT FROM coalesce(obs, '')
UNION ALL
SELECT format('doc %s: context_digest %s, python %s', id, got_ctx, ctx) FROM r WHERE got_ctx IS DISTINCT FROM coalesce(ctx, '');
SQL

checked=$(psql -X -At -d "$db" -c "SELECT count(*) || ' documents, ' || pg_size_pretty(sum(octet_length(canonical))) || ' of canonical text' FROM docs")
if [ -s "$work/diff.txt" ]; then
    echo "FAILED: $(wc -l < "$work/diff.txt") disagreements with python3 over $checked (seed $seed)"
    head -n 20 "$work/diff.txt"
    exit 1
fi
echo "ok: canonical_json, json_digest, observation_digest and context_digest agree with python3 on $checked (seed $seed)"
