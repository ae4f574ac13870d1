
-- 45_title_indexes: title key indexes over the catalog tables of
-- 40_tables.sql, used by pith.title_candidates and the %% operator.  Two per
-- table: the key (equal keys, and keys starting with the same characters)
-- and the reversed key (keys ending with the same characters), both
-- COLLATE "C" so that a prefix is a byte range.  They depend on ICU through
-- pith.title_key: REINDEX them after an ICU major upgrade.

CREATE INDEX papers_title_key_idx ON pith.papers ((pith.title_key(title)) COLLATE "C");
CREATE INDEX papers_title_rkey_idx ON pith.papers ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
CREATE INDEX paper_versions_title_key_idx ON pith.paper_versions ((pith.title_key(title)) COLLATE "C");
CREATE INDEX paper_versions_title_rkey_idx ON pith.paper_versions ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
CREATE INDEX cited_works_title_key_idx ON pith.cited_works ((pith.title_key(title)) COLLATE "C");
CREATE INDEX cited_works_title_rkey_idx ON pith.cited_works ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
