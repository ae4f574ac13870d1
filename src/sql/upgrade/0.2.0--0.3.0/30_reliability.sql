-- 30_reliability.sql -- issue 13 (reliability), the objects it changed:
--   pith.ingest_record(jsonb, boolean): advisory locks in one global order
--     before the stored-data checks, rows written in key order, missing
--     NOT NULL fields and clashing catalog works named;
--   pith.citation_record_text(...): P0002 (not 22008) for as_of -infinity;
--   view pith.citation_records: only papers observed by now;
--   pith.render_integrity(jsonb): "not checked" for records nested over
--     1,000 levels (never raises);
--   the six title key indexes: the first 256 characters of the key, and
--     pith.title_similar / pith.title_candidates_search comparing the same bounded
--     expression.

CREATE OR REPLACE FUNCTION pith.title_similar(a text, b text) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    -- a standard SQL body: names are bound now, not at call time, so the
    -- function stays inlinable (index-assisted) and search_path-proof
RETURN (    ((pg_catalog.left(pith.title_key(a), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=) pg_catalog.left(pith.title_key(b), 8)
             AND (pg_catalog.left(pith.title_key(a), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pith.title_key(b), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111)))
        OR  ((pg_catalog.left(pg_catalog.reverse(pith.title_key(a)), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=)
                 pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8)
             AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(a)), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111))))
   AND pith.title_key(b) OPERATOR(pg_catalog.<>) ''
   AND pith.title_similar_anchored(a, b);

DROP INDEX pith.papers_title_key_idx;
DROP INDEX pith.papers_title_rkey_idx;
DROP INDEX pith.paper_versions_title_key_idx;
DROP INDEX pith.paper_versions_title_rkey_idx;
DROP INDEX pith.cited_works_title_key_idx;
DROP INDEX pith.cited_works_title_rkey_idx;
CREATE INDEX papers_title_key_idx ON pith.papers ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX papers_title_rkey_idx ON pith.papers ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_key_idx ON pith.paper_versions ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_rkey_idx ON pith.paper_versions ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX cited_works_title_key_idx ON pith.cited_works ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX cited_works_title_rkey_idx ON pith.cited_works ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
