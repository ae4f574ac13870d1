#!/usr/bin/env bash
# test/checks/resolver_concurrency.sh -- pith.resolve_paper from two
# sessions: on different papers neither waits for the other; on the same
# paper the second waits, then writes nothing, and no link is duplicated;
# an error half-way leaves nothing written.
set -euo pipefail
db=pith_resolver_conc_$$
psql -X -q -d postgres -c "CREATE DATABASE $db" >/dev/null
trap 'wait; psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null' EXIT
run() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$db" "$@"; }
run -c "CREATE EXTENSION pith CASCADE"
run <<'SQL'
INSERT INTO pith.papers (arxiv_id, title, submitted_at) VALUES
 ('2301.00001', 'Citing paper one', '2023-01-01'),
 ('2301.00002', 'Citing paper two', '2023-01-01'),
 ('2301.00003', 'Citing paper three', '2023-01-01'),
 ('1810.04805', 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding', '2018-10-11'),
 ('1706.03762', 'Attention Is All You Need', '2017-06-12');
-- paper one cites BERT, paper two cites the Transformer, paper three both
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, raw_text)
SELECT '2301.00001', 1, g, 'J. Devlin et al. BERT: Pre-training of deep bidirectional transformers for language understanding. arXiv:1810.04805, 2018.'
FROM generate_series(1, 20) g;
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, raw_text)
SELECT '2301.00002', 1, g, 'A. Vaswani et al. Attention is all you need. In NeurIPS, 2017.'
FROM generate_series(1, 20) g;
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, raw_text)
SELECT '2301.00003', 1, g, CASE WHEN g % 2 = 0 THEN 'Attention is all you need, 2017' ELSE 'Accessed: 2024-12' END
FROM generate_series(1, 20) g;
SQL

fail() { echo "FAIL: $*"; exit 1; }

# 1. different papers: session A holds its transaction open for 3 s; B must not wait for it
( run -c "BEGIN; SELECT pith.resolve_paper('2301.00001'); SELECT pg_sleep(3); COMMIT;" >/dev/null ) &
sleep 1
start=$(date +%s%N)
b=$(run -c "SELECT pith.resolve_paper('2301.00002')")
took=$(( ($(date +%s%N) - start) / 1000000 ))
wait
echo "different papers: session B wrote $b links in ${took} ms while A held its transaction"
[ "$b" = 20 ] || fail "session B wrote $b links, not 20"
[ "$took" -lt 2000 ] || fail "session B waited ${took} ms for session A"

# 2. the same paper from two sessions: one writes all links, the other nothing
( run -c "BEGIN; SELECT pith.resolve_paper('2301.00003'); SELECT pg_sleep(2); COMMIT;" > /tmp/pith_conc_a_$$ ) &
sleep 0.5
b=$(run -c "SELECT pith.resolve_paper('2301.00003')")
wait
a=$(grep -E '^[0-9]+$' /tmp/pith_conc_a_$$ | head -1); rm -f /tmp/pith_conc_a_$$
echo "same paper: session A wrote $a links, session B $b"
[ "$a" = 20 ] && [ "$b" = 0 ] || fail "expected 20 and 0 links, got $a and $b"
n=$(run -c "SELECT count(*) FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id) WHERE r.citing_arxiv_id::text = '2301.00003'")
[ "$n" = 20 ] || fail "$n links for 20 references"
dup=$(run -c "SELECT count(*) - count(DISTINCT pith.arxiv_base(arxiv_id)) FROM pith.cited_works WHERE metadata_source = 'arxiv'")
[ "$dup" = 0 ] || fail "$dup duplicate catalog works"
states=$(run -c "SELECT string_agg(status || '=' || n, ' ' ORDER BY status) FROM (SELECT l.status, count(*) n FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id) WHERE r.citing_arxiv_id::text = '2301.00003' GROUP BY 1) s")
echo "paper three: $states"
[ "$states" = "verified_fuzzy=10 parse_uncertain=10" ] || fail "states $states"

# 3. an error half-way: nothing half-written
run <<'SQL' >/dev/null 2>&1 && fail "the failing resolve succeeded"
INSERT INTO pith.paper_references (citing_arxiv_id, citing_version, reference_index, raw_text)
SELECT '2301.00001', 2, g, 'Attention is all you need, 2017' FROM generate_series(1, 5) g;
BEGIN;
CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$;
CREATE CONSTRAINT TRIGGER boom AFTER INSERT ON pith.paper_reference_links
    DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW EXECUTE FUNCTION boom();
SELECT pith.resolve_paper('2301.00001');
COMMIT;
SQL
n=$(run -c "SELECT count(*) FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id) WHERE r.citing_arxiv_id::text = '2301.00001' AND r.citing_version = 2")
[ "$n" = 0 ] || fail "$n links written by a failed resolve"
echo "failed resolve: nothing written"
echo "ok"
