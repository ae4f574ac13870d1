#!/usr/bin/env bash
# test/checks/refsplit_limits.sh -- pith.split_references on bad input:
# a 50 MB text (a long body, then 50 references) finds the 50 with the
# backend's peak memory bounded; 20,000 numbered references on 20,000 lines
# all come back; 20,000 lines of numbers after a heading come back bounded;
# binary-looking text and text in many scripts give a clear status; a text
# over the 64 MB limit is refused with 54000; statement_timeout cancels a
# split of the 50 MB text (57014).
set -euo pipefail
db=pith_refsplit_limits
psql -qX -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" >/dev/null 2>&1
trap 'psql -qX -c "DROP DATABASE IF EXISTS '$db'" >/dev/null' EXIT
psql -qX -d $db -v ON_ERROR_STOP=1 -c 'CREATE EXTENSION pith CASCADE' >/dev/null
bad=0
check() {  # check NAME GOT WANT
    if [ "$2" = "$3" ]; then echo "ok    $1: $2"; else echo "FAIL  $1: got '$2', want '$3'"; bad=$((bad+1)); fi
}
q() { psql -qAtX -d $db -v ON_ERROR_STOP=1 "$@"; }

refs50="$(for i in $(seq 1 50); do printf '[%d] A. Author%d and B. Writer. Title number %d about things. Journal %d, 20%02d.\\n' $i $i $i $i $((i % 25)); done)"

# 1. 50 MB: the body is 50 MB of prose lines, the reference list comes
#    last.  The text is stored first; a fresh session then measures its
#    peak resident memory (VmHWM) around the split: the text itself (50 MB,
#    read from the table) and what the splitter holds.
q <<SQL >/dev/null
CREATE TABLE big AS SELECT repeat(E'This line of body text talks about results and methods at length.\n', 780000)
    || E'\nReferences\n' || E'$refs50' AS doc;
SQL
out=$(q <<'SQL'
SET jit = off;
SELECT substring(pg_read_file('/proc/self/status') from 'VmHWM:\s*(\d+)')::bigint AS hwm0 \gset
SELECT octet_length(doc) / 1048576 AS mb FROM big \gset
SELECT count(*) AS n, max(reference_index) AS last FROM big, pith.split_references(big.doc) \gset
SELECT :mb, :n, :last, (substring(pg_read_file('/proc/self/status') from 'VmHWM:\s*(\d+)')::bigint - :hwm0) / 1024;
SQL
)
read -r mb n last peak <<<"$(tr '|' ' ' <<<"$out")"
check "50 MB text (${mb} MB): references found" "$n/$last" "50/50"
echo "      peak resident memory of the backend grew by ${peak} MB"
[ "$peak" -lt 200 ] || { echo "FAIL  peak memory ${peak} MB >= 200 MB"; bad=$((bad+1)); }

# 2. 20,000 numbered references, one per line
out=$(q <<'SQL'
SELECT count(*), min(reference_index), max(reference_index),
       bool_and(raw_text = format('[%s] A. Author. Title %s. Venue, 2001.', reference_index, reference_index))
FROM pith.split_references((SELECT E'References\n' || string_agg(format('[%s] A. Author. Title %s. Venue, 2001.', g, g), E'\n')
                            FROM generate_series(1, 20000) g));
SQL
)
check "20,000 numbered references" "$out" "20000|1|20000|t"

# 3. 20,000 lines of numbers after a heading: it returns, with a status
out=$(q <<'SQL'
SELECT status, "references" <= 20000, NOT truncated
FROM pith.split_references_status((SELECT E'References\n' || string_agg(format('%s %s.%s 2019', g, g % 97, g % 13), E'\n')
                                   FROM generate_series(1, 20000) g));
SQL
)
check "20,000 lines of numbers" "$(cut -d'|' -f2,3 <<<"$out")" "t|t"

# 4. binary-looking text and many scripts: a status, no error
out=$(q <<'SQL'
SELECT status IN ('ok', 'no_section', 'empty_section')
FROM pith.split_references_status((SELECT string_agg(chr(1 + (g * 7919) % 126), '') FROM generate_series(1, 200000) g));
SQL
)
check "binary-looking text" "$out" "t"
out=$(q <<'SQL'
SELECT s.status, s."references"
FROM pith.split_references_status((SELECT string_agg(chr(c), '') || E'\nReferences\n[1] Ω. Ψ. Заголовок статьи. Журнал, 2001.\n[2] 李. 论文标题. 期刊, 2002.\n[3] أحمد. عنوان. مجلة, 2003.\n'
                                   FROM (SELECT (ARRAY[65, 913, 1040, 1488, 1575, 2309, 3585, 12354, 19968, 44032, 128512, 10])[1 + g % 12] + g % 20 AS c
                                         FROM generate_series(1, 100000) g) x)) s;
SQL
)
check "many scripts" "$out" "ok|3"

# 5. over the limit: 54000
out=$(q -c "SELECT count(*) FROM pith.split_references(repeat('x', 65 * 1024 * 1024))" 2>&1 || true)
check "a 65 MB text is refused" "$(grep -o 'text too long for the reference splitter' <<<"$out" | head -1)" "text too long for the reference splitter"
state=$(psql -qAtX -d $db <<'SQL' 2>/dev/null || true
\set VERBOSITY sqlstate
SELECT count(*) FROM pith.split_references(repeat('x', 65 * 1024 * 1024));
\echo :LAST_ERROR_SQLSTATE
SQL
)
check "its SQLSTATE" "$(tail -n1 <<<"$state")" "54000"

# 6. statement_timeout cancels the split of the 50 MB text
state=$(psql -qAtX -d $db <<'SQL' 2>/dev/null || true
\set VERBOSITY sqlstate
SET statement_timeout = '30ms';
SELECT count(*) FROM big, pith.split_references(big.doc);
\echo :LAST_ERROR_SQLSTATE
SQL
)
check "statement_timeout cancels" "$(tail -n1 <<<"$state")" "57014"

echo "$bad failures"
[ $bad -eq 0 ]
