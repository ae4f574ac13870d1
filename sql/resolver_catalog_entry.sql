-- resolver_catalog_entry: pith.catalog_entry, what the catalog holds of a
-- resolve_reference candidate for its evidence (the work's row, its
-- authors, every year it may be cited under).  One transaction, rolled
-- back.
BEGIN;
SET LOCAL search_path = pith, public;
INSERT INTO pith.papers (arxiv_id, title, submitted_at, last_updated, snapshot_observed_at) VALUES
 ('1901.00001', 'A paper of three years', '2019-01-02 00:30+00', '2021-06-01 12:00+00', '2025-01-01');
INSERT INTO pith.paper_versions (arxiv_id, version, title, submitted_at) VALUES
 ('1901.00001', 1, 'A paper of three years', '2019-01-02 00:30+00'),
 ('1901.00001', 2, 'A paper of three years, revised', '2020-03-01 00:00+00');
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-0000000000e1', 'A paper of three years', '10.5555/entry.1', '1901.00001', 'J. Things', 2022, 'crossref'),
 ('00000000-0000-4000-8000-0000000000e2', 'A work without authors or year', NULL, NULL, NULL, NULL, 'raw_reference');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-0000000000e1', ARRAY['Smith, A.', 'B. Jones']);
-- a paper alone: no work row, no authors; its submission, last update and
-- versions' years (2019 twice: as a set, the years are 2019, 2020, 2021)
SELECT doi, year, venue, title, metadata_source, authors,
       ARRAY(SELECT DISTINCT u FROM unnest(years) u ORDER BY u) AS years
  FROM pith.catalog_entry('1901.00001', NULL);
-- a version-suffixed id names the same paper
SELECT ARRAY(SELECT DISTINCT u FROM unnest(years) u ORDER BY u) AS years
  FROM pith.catalog_entry('1901.00001v2', NULL);
-- a work with an arXiv id: its row, its authors, its year beside the paper's
SELECT doi, year, venue, title, metadata_source, authors,
       ARRAY(SELECT DISTINCT u FROM unnest(years) u ORDER BY u) AS years
  FROM pith.catalog_entry('1901.00001', '00000000-0000-4000-8000-0000000000e1');
-- a work with no year and no authors: no years (NULL, not '{}')
SELECT title, metadata_source, authors, years, years IS NULL AS no_years
  FROM pith.catalog_entry(NULL, '00000000-0000-4000-8000-0000000000e2');
-- nothing known: still one row, all NULL
SELECT count(*) AS rows, count(doi) AS dois, count(authors) AS authors, count(years) AS years
  FROM pith.catalog_entry('9912.99999', '00000000-0000-4000-8000-0000000000ff');
SELECT count(*) AS rows FROM pith.catalog_entry(NULL, NULL);
-- what lets the planner inline it into resolve_reference's statements: a
-- set-returning SQL function, not STRICT, not VOLATILE, no SET clause
SELECT p.proretset, p.proisstrict, p.provolatile, p.proconfig IS NULL AS no_set, l.lanname
  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
 WHERE p.oid = 'pith.catalog_entry(pith.arxiv_id, uuid)'::regprocedure;
ROLLBACK;
