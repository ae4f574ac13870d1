-- resolver_catalog_entry: pith.catalog_entry, what the catalog holds of a
-- resolve_reference candidate for its evidence (the work's row, its
-- authors, every year it may be cited under), and
-- pith.title_candidate_judged, the judging of a title candidate that rules
-- 3 and 4 share.  One transaction, rolled back.
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
-- pith.title_candidate_judged(arxiv, work, score, inside, cut, from_text,
--   ref_year, ref_family, ref_container, ref_titled, ref_raw, ref_arxiv,
--   ref_doi, own_keys, threshold)
-- year, author and container agree: rank 1 + 3 x 0.02, accepted
SELECT doi, year, metadata_source, round(rank::numeric, 4) AS rank, ok
  FROM pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 1.0, false, false, false,
                                   2020, 'smith', 'J. Things', true, NULL, NULL, NULL, '{}', 0.85);
-- another first author contradicts: 1 + (1 - 1 + 1) x 0.02, refused
SELECT round(rank::numeric, 4) AS rank, ok
  FROM pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 1.0, false, false, false,
                                   2020, 'nobody', 'J. Things', true, NULL, NULL, NULL, '{}', 0.85);
-- found in the text (rule 4), no author parsed: the text naming the
-- work's first author agrees, naming another contradicts
SELECT round(rank::numeric, 4) AS rank, ok
  FROM pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 0.9, false, false, true,
                                   2020, NULL, NULL, true, 'A. Smith. A paper of three years. 2020.', NULL, NULL, '{}', 0.85);
SELECT round(rank::numeric, 4) AS rank, ok
  FROM pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 0.9, false, false, true,
                                   2020, NULL, NULL, true, 'C. Nobody. A paper of three years. 2020.', NULL, NULL, '{}', 0.85);
-- an arXiv paper (no authors in the catalog) found in the text with only
-- its year agreeing: refused beside a parsed title, accepted without one
SELECT ref_titled, round(j.rank::numeric, 4) AS rank, j.ok
  FROM (VALUES (true), (false)) v(ref_titled),
       pith.title_candidate_judged('1901.00001', NULL, 0.9, false, false, true,
                                   2020, NULL, NULL, v.ref_titled, 'A paper of three years. 2020.', NULL, NULL, '{}', 0.85) j;
-- a title cut short (score 0.6): accepted with the author agreeing and
-- the very year (2021), not within one year (2023), not without the cut
SELECT ref_year, cut, j.ok
  FROM (VALUES (2021, true), (2023, true), (2021, false)) v(ref_year, cut),
       pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 0.6, false, v.cut, false,
                                   v.ref_year, 'jones', NULL, true, NULL, NULL, NULL, '{}', 0.85) j;
-- no row: the reference's own raw_reference work, an arXiv id or a DOI of
-- the reference naming another work (a DOI cut short names none)
SELECT count(*) AS own_work
  FROM pith.title_candidate_judged(NULL, '00000000-0000-4000-8000-0000000000e2', 1.0, false, false, false,
                                   NULL, NULL, NULL, true, NULL, NULL, NULL,
                                   ARRAY[pith.title_key('A work without authors or year')], 0.85);
SELECT count(*) AS other_arxiv
  FROM pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 1.0, false, false, false,
                                   2020, 'smith', NULL, true, NULL, '2001.00001', NULL, '{}', 0.85);
SELECT d AS ref_doi, count(j.*) AS rows
  FROM (VALUES ('10.5555/other.9'), ('10.5555/entry.1'), ('10.5555/entr')) v(d)
  LEFT JOIN LATERAL pith.title_candidate_judged('1901.00001', '00000000-0000-4000-8000-0000000000e1', 1.0, false, false, false,
                                   2020, 'smith', NULL, true, NULL, NULL, v.d::pith.doi, '{}', 0.85) j ON true
 GROUP BY d ORDER BY d;
-- pith.text_author_evidence(parsed, in_text): either agreeing agrees,
-- else either contradicting contradicts
SELECT p AS parsed, array_agg(pith.text_author_evidence(p, r) ORDER BY r DESC) AS "in_text 1, 0, -1"
  FROM (VALUES (1), (0), (-1)) a(p), (VALUES (1), (0), (-1)) b(r)
 GROUP BY p ORDER BY p DESC;
SELECT pith.text_author_evidence(NULL, NULL) AS both_null, pith.text_author_evidence(NULL, -1) AS null_and_minus;
-- what lets the planner inline both into resolve_reference's statements:
-- set-returning SQL functions, not STRICT, not VOLATILE, no SET clause
SELECT p.proname, p.proretset, p.proisstrict, p.provolatile, p.proconfig IS NULL AS no_set, l.lanname
  FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
 WHERE p.oid IN ('pith.catalog_entry(pith.arxiv_id, uuid)'::regprocedure,
                 'pith.title_candidate_judged(pith.arxiv_id, uuid, float8, boolean, boolean, boolean, int, text, text, boolean, text, pith.arxiv_id, pith.doi, text[], float8)'::regprocedure)
 ORDER BY 1;
ROLLBACK;
