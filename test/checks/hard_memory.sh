#!/usr/bin/env bash
# test/checks/hard_memory.sh -- calling a pith function a million times in
# one session must not grow the backend.  For each line "COUNT|EXPR" of
# test/data/memory_calls.txt (EXPR uses g, the row number), one session runs
# EXPR COUNT/2 times to reach its steady state (caches filled, malloc's
# high-water mark reached), measures the backend's resident set
# (RssAnon: private memory; shared buffers do not count) and its palloc'd memory (pg_backend_memory_contexts), runs EXPR
# COUNT times more and measures again.  Growth must stay under 4 MB of RssAnon
# (malloc'd memory such as ICU's is only visible there) and 1 MB of contexts.
# Then loading the reference parser's CRF model must take under 50 MB.
set -euo pipefail
db=pith_hard_memory
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" >/dev/null' EXIT
psql -qX -d $db -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith CASCADE' >/dev/null
golden=$(cat test/data/golden_2506.06472.json)
[ -f test/data/search_path_setup.sql ] && psql -qX -d $db -v ON_ERROR_STOP=1 -v golden="$golden" -f test/data/search_path_setup.sql >/dev/null

rss_kb_limit=4096 ctx_limit=1048576
n=0 bad=0
while IFS='|' read -r count expr; do
    case "$count" in ''|\#*) continue ;; esac
    n=$((n+1))
    warm=$((count / 2))
    out=$(psql -qAtX -d $db -v ON_ERROR_STOP=1 -v golden="$golden" -F ' ' <<SQL
SET jit = off;  -- loading LLVM on first use would count as ~12 MB of growth
CREATE TEMP TABLE golden AS SELECT :'golden'::jsonb AS doc;
SELECT count((x) IS NULL) FROM (SELECT ($expr) AS x FROM generate_series(1, $warm) g, golden) s \gset w_
SELECT substring(pg_read_file('/proc/self/status') from 'RssAnon:\s*(\d+)')::bigint AS rss,
       (SELECT sum(total_bytes) FROM pg_backend_memory_contexts) AS ctx \gset a_
SELECT count((x) IS NULL) FROM (SELECT ($expr) AS x FROM generate_series(1, $count) g, golden) s \gset r_
SELECT substring(pg_read_file('/proc/self/status') from 'RssAnon:\s*(\d+)')::bigint - :a_rss,
       (SELECT sum(total_bytes) FROM pg_backend_memory_contexts) - :a_ctx, :r_count;
SQL
    ) || { bad=$((bad+1)); echo "ERROR: $expr"; echo "$out"; continue; }
    read -r drss dctx rows <<<"$out"
    verdict=ok
    if [ "$drss" -gt $rss_kb_limit ] || [ "$dctx" -gt $ctx_limit ] || [ "$rows" -ne "$count" ]; then
        verdict=GROWS; bad=$((bad+1))
    fi
    printf '%-6s %8d calls  rss %+6d kB  contexts %+9d B  %s\n' "$verdict" "$count" "$drss" "$dctx" "$expr"
done < test/data/memory_calls.txt

# The reference parser's model is loaded once per backend on first use: the
# load (file buffer, weights, hash table) must stay under 50 MB of the
# backend's private memory, and a second parse must not load it again.
model_kb_limit=51200
out=$(psql -qAtX -d $db -v ON_ERROR_STOP=1 -F ' ' <<'SQL'
SET jit = off;
SELECT substring(pg_read_file('/proc/self/status') from 'RssAnon:\s*(\d+)')::bigint AS rss,
       (SELECT sum(total_bytes) FROM pg_backend_memory_contexts) AS ctx \gset a_
SELECT (pith.parse_reference('Devlin, J. (2019). BERT. In Proc. NAACL.')).quality \gset
SELECT substring(pg_read_file('/proc/self/status') from 'RssAnon:\s*(\d+)')::bigint AS rss,
       (SELECT sum(total_bytes) FROM pg_backend_memory_contexts) AS ctx \gset b_
SELECT (pith.parse_reference('LeCun, Y. Deep learning. Nature 521 (2015).')).quality \gset
SELECT :b_rss - :a_rss, :b_ctx - :a_ctx,
       substring(pg_read_file('/proc/self/status') from 'RssAnon:\s*(\d+)')::bigint - :b_rss;
SQL
) || { bad=$((bad+1)); echo "ERROR: reference model load"; echo "$out"; }
read -r load_rss load_ctx second_rss <<<"$out"
n=$((n+1))
verdict=ok
if [ "${load_rss:-999999}" -gt $model_kb_limit ] || [ "${load_ctx:-999999999}" -gt $((model_kb_limit * 1024)) ] ||
   [ "${second_rss:-999999}" -gt 1024 ]; then
    verdict=GROWS; bad=$((bad+1))
fi
printf '%-6s reference model load: rss %+6d kB  contexts %+9d B  (limit %d kB); second parse rss %+d kB\n' \
    "$verdict" "${load_rss:-0}" "${load_ctx:-0}" $model_kb_limit "${second_rss:-0}"

echo "$n functions checked, $bad over the bound"
[ $n -gt 0 ] && [ $bad -eq 0 ]
