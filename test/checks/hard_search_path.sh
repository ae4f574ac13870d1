#!/usr/bin/env bash
# test/checks/hard_search_path.sh -- a hostile search_path must not change
# any answer of pith.  A schema "evil", first in the path, shadows the
# pg_catalog functions and operators pith's SQL uses (=, <>, ||, lower,
# upper, replace, length, concat, jsonb_build_object, to_jsonb, ...) with
# versions that lie.  Every query in test/data/search_path_queries.sql runs
# once with a clean path and once with the hostile one; the md5 of each
# answer must be equal, and at least one shadow must demonstrably bite.
set -euo pipefail
db=pith_hard_search_path
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" >/dev/null' EXIT
run() { psql -qAtX -d $db -v ON_ERROR_STOP=1 "$@"; }
run -c 'CREATE EXTENSION pith CASCADE' >/dev/null
golden=$(cat test/data/golden_2506.06472.json)
[ -f test/data/search_path_setup.sql ] && run -v golden="$golden" -f test/data/search_path_setup.sql >/dev/null

run >/dev/null <<'SQL'
CREATE SCHEMA evil;
CREATE FUNCTION evil.lower(text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE FUNCTION evil.upper(text) RETURNS text LANGUAGE sql AS $$ SELECT 'EVIL' $$;
CREATE FUNCTION evil.length(text) RETURNS int LANGUAGE sql AS $$ SELECT 666 $$;
CREATE FUNCTION evil.replace(text, text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE FUNCTION evil.concat(text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE FUNCTION evil.btrim(text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE FUNCTION evil.now() RETURNS timestamptz LANGUAGE sql AS $$ SELECT '1999-01-01'::timestamptz $$;
CREATE FUNCTION evil.to_jsonb(text) RETURNS jsonb LANGUAGE sql AS $$ SELECT '"evil"'::jsonb $$;
CREATE FUNCTION evil.jsonb_build_object(text, text) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{"evil":1}'::jsonb $$;
CREATE FUNCTION evil.jsonb_build_object(text, jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{"evil":1}'::jsonb $$;
CREATE FUNCTION evil.coalesce_text(text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE FUNCTION evil.text_eq(text, text) RETURNS boolean LANGUAGE sql AS $$ SELECT NOT pg_catalog.texteq($1, $2) $$;
CREATE OPERATOR evil.= (LEFTARG = text, RIGHTARG = text, FUNCTION = evil.text_eq);
CREATE FUNCTION evil.int_eq(int, int) RETURNS boolean LANGUAGE sql AS $$ SELECT NOT pg_catalog.int4eq($1, $2) $$;
CREATE OPERATOR evil.= (LEFTARG = int, RIGHTARG = int, FUNCTION = evil.int_eq);
CREATE FUNCTION evil.text_cat(text, text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE OPERATOR evil.|| (LEFTARG = text, RIGHTARG = text, FUNCTION = evil.text_cat);
CREATE FUNCTION evil.jsonb_cat(jsonb, jsonb) RETURNS jsonb LANGUAGE sql AS $$ SELECT '{"evil":1}'::jsonb $$;
CREATE OPERATOR evil.|| (LEFTARG = jsonb, RIGHTARG = jsonb, FUNCTION = evil.jsonb_cat);
CREATE FUNCTION evil.jsonb_field(jsonb, text) RETURNS jsonb LANGUAGE sql AS $$ SELECT '"evil"'::jsonb $$;
CREATE OPERATOR evil.-> (LEFTARG = jsonb, RIGHTARG = text, FUNCTION = evil.jsonb_field);
CREATE FUNCTION evil.jsonb_field_text(jsonb, text) RETURNS text LANGUAGE sql AS $$ SELECT 'evil' $$;
CREATE OPERATOR evil.->> (LEFTARG = jsonb, RIGHTARG = text, FUNCTION = evil.jsonb_field_text);
GRANT USAGE ON SCHEMA evil TO PUBLIC;
SQL

# The shadows must bite: with the hostile path, plain SQL gives wrong answers.
bite=$(run -c "SET search_path = evil, pg_catalog, pith, public" -c "SELECT ('a' = 'a')::text || lower('X')")
[ "$bite" = "evil" ] || { echo "hostile schema does not shadow pg_catalog (got '$bite')"; exit 1; }

clean_path="pith, public"
evil_path="evil, pg_catalog, pith, public"
n=0 bad=0
while IFS= read -r q; do
    case "$q" in ''|--*) continue ;; esac
    n=$((n+1))
    # psql interpolates :'golden' only in scripts, not in -c, hence stdin.
    if ! a=$(printf 'SET search_path = %s;\nSELECT md5(coalesce((%s)::text, %s));\n' "$clean_path" "$q" "'<null>'" \
             | run -v golden="$golden" 2>&1); then
        bad=$((bad+1)); echo "FAILS with a clean search_path: $q"; echo "  $a"; continue
    fi
    b=$(printf 'SET search_path = %s;\nSELECT md5(coalesce((%s)::text, %s));\n' "$evil_path" "$q" "'<null>'" \
        | run -v golden="$golden" 2>&1) || true
    if [ "$a" != "$b" ]; then
        bad=$((bad+1)); echo "DIFFERS under hostile search_path: $q"; echo "  clean: $a"; echo "  evil:  $b"
    fi
done < test/data/search_path_queries.sql
echo "$n queries compared, $bad differ"
[ $n -gt 0 ] && [ $bad -eq 0 ]
