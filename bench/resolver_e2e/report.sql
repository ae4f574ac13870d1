-- bench/resolver_e2e/report.sql -- precision, recall and F1 per source from
-- e2e_result (resolve.sql).  A link is right when it is the true work; a
-- reference whose work was left out is right only with no link.
-- P = right links / links made; R = right links / references whose work is
-- in the catalog; F1 their harmonic mean.  "titled" rows count only the
-- references whose gold record has a title.
\set ON_ERROR_STOP on
\pset format aligned
\pset tuples_only off
WITH per AS (
    SELECT source, titled,
           count(*) AS refs,
           count(*) FILTER (WHERE truth IS NOT NULL) AS in_catalog,
           count(*) FILTER (WHERE linked IS NOT NULL) AS links,
           count(*) FILTER (WHERE linked IS NOT NULL AND linked = truth) AS right_links,
           count(*) FILTER (WHERE linked IS NOT NULL AND truth IS NULL) AS links_to_left_out,
           count(*) FILTER (WHERE linked IS NOT NULL AND truth IS NOT NULL AND linked <> truth) AS wrong_work
    FROM e2e_result GROUP BY GROUPING SETS ((source), (), (titled))
), lab AS (
    SELECT CASE WHEN source IS NOT NULL THEN source
                WHEN titled IS NULL THEN 'all'
                WHEN titled THEN 'all, titled'
                ELSE 'all, no gold title' END AS source_,
           refs, in_catalog, links, right_links, wrong_work, links_to_left_out,
           right_links::float8 / NULLIF(links, 0) AS p,
           right_links::float8 / NULLIF(in_catalog, 0) AS r
    FROM per
)
SELECT source_ AS source, refs, in_catalog, links, right_links AS "right", wrong_work, links_to_left_out,
       round(p::numeric, 3) AS "P", round(r::numeric, 3) AS "R",
       round((2 * p * r / NULLIF(p + r, 0))::numeric, 3) AS "F1"
FROM lab
ORDER BY (source_ LIKE 'all%'), source_;
SELECT status, count(*) AS refs,
       count(*) FILTER (WHERE truth IS NOT NULL) AS work_in_catalog,
       count(*) FILTER (WHERE linked IS NOT NULL AND linked = truth) AS right_links
FROM e2e_result GROUP BY 1 ORDER BY 1;
