
-- 45_title_indexes: title key indexes over the catalog tables of
-- 40_tables.sql, used by pith.title_candidates and the %% operator.  Two per
-- table: the key (equal keys, and keys starting with the same characters)
-- and the reversed key (keys ending with the same characters), both
-- COLLATE "C" so that a prefix is a byte range.  They depend on ICU through
-- pith.title_key: REINDEX them after an ICU major upgrade.  Each indexes the
-- first 256 characters only (at most 1,024 bytes, well under a btree row's
-- ~2,700-byte limit), so a long title (950 CJK characters, a 3,000-letter
-- raw reference) is stored like any other; candidate search compares at
-- most 16 characters, and the same bounded expression, so it finds it.

CREATE INDEX papers_title_key_idx ON pith.papers ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX papers_title_rkey_idx ON pith.papers ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_key_idx ON pith.paper_versions ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_rkey_idx ON pith.paper_versions ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX cited_works_title_key_idx ON pith.cited_works ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX cited_works_title_rkey_idx ON pith.cited_works ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
