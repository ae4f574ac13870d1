-- bench/resolver_e2e/resolve.sql -- resolve every reference of the split
-- with pith.resolve_reference(raw text) and keep the answer beside the
-- truth; prints the time taken.  Run after build.sql in the same database.
-- With -v mode=gold_authors the gold authors and container are passed as
-- well (an upper bound for a parser that finds them; never a reported
-- figure).
\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET search_path = public, pith;
\if :{?mode}
\else
\set mode raw
\endif
DROP TABLE IF EXISTS e2e_result;
SELECT clock_timestamp() AS t0 \gset
SELECT :'mode' = 'gold_authors' AS gold_mode \gset
\if :gold_mode
CREATE TABLE e2e_result AS
SELECT i.source, i.item_id, i.titled, t.left_out,
       CASE WHEN NOT t.left_out THEN t.work_id END AS truth,
       rr.status::text AS status, rr.work_id AS linked, rr.resolver_source,
       rr.arxiv_id::text AS linked_arxiv, rr.matched_title, rr.score
FROM e2e_items i
JOIN e2e_truth t USING (wkey)
CROSS JOIN LATERAL pith.resolve_reference(i.text, authors => string_to_array(i.authors, ' ; '),
                                          container => i.container) rr;
\else
CREATE TABLE e2e_result AS
SELECT i.source, i.item_id, i.titled, t.left_out,
       CASE WHEN NOT t.left_out THEN t.work_id END AS truth,
       rr.status::text AS status, rr.work_id AS linked, rr.resolver_source,
       rr.arxiv_id::text AS linked_arxiv, rr.matched_title, rr.score
FROM e2e_items i
JOIN e2e_truth t USING (wkey)
CROSS JOIN LATERAL pith.resolve_reference(i.text) rr;
\endif
SELECT count(*) AS resolved,
       round((extract(epoch FROM clock_timestamp() - :'t0'::timestamptz) * 1000)::numeric) AS ms
FROM e2e_result;
