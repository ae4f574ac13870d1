-- resolver_untitled_work: rule 1 of pith.resolve_reference names a catalog
-- work that has a DOI or arXiv id but no title (a Crossref record without
-- one, a work known only by its identifier): linked when the first author
-- agrees and the year does not contradict; otherwise the later rules still
-- run.  And pith.split_references_with_status gives what split_references
-- and split_references_status give, from one split.  One transaction,
-- rolled back.
BEGIN;
SET LOCAL search_path = pith, public;
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-0000000000a1', NULL, '10.5555/untitled.1', NULL, 2011, 'crossref'),
 ('00000000-0000-4000-8000-0000000000a2', NULL, NULL, '1101.1783', 2011, 'crossref'),
 ('00000000-0000-4000-8000-0000000000a3', NULL, '10.5555/untitled.3', NULL, 1977, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-0000000000a1', ARRAY['E. Cancellieri', 'A. Bramati']),
 ('00000000-0000-4000-8000-0000000000a2', ARRAY['E. Cancellieri']),
 ('00000000-0000-4000-8000-0000000000a3', ARRAY['J. P. Collman']);
INSERT INTO pith.cited_work_locators (work_id, volume, first_page) VALUES
 ('00000000-0000-4000-8000-0000000000a3', '10', '265');
-- the DOI and the first author agree, no year printed: linked
SELECT status, work_id, score, resolver_source
  FROM pith.resolve_reference('E. Cancellieri, et al., doi:10.5555/untitled.1.');
-- the arXiv id names it, author and year agree: linked
SELECT status, work_id, score, resolver_source
  FROM pith.resolve_reference('E. Cancellieri, et al., arXiv:1101.1783 (2011).');
-- the year contradicts (2011 against 1990): not linked by the identifier
SELECT status, work_id, resolver_source
  FROM pith.resolve_reference('E. Cancellieri, et al., doi:10.5555/untitled.1 (1990).');
-- another first author: the identifier does not link it; the locator rule
-- runs after it (volume 10, page 265, the year agree) but the author
-- contradicts there too: nothing
SELECT status, work_id, resolver_source
  FROM pith.resolve_reference('A. Nobody. Acc. Chem. Res. 10, 265 (1977). doi:10.5555/untitled.3');
-- the right author: linked by its DOI
SELECT status, work_id, resolver_source
  FROM pith.resolve_reference('J. P. Collman. Acc. Chem. Res. 10, 265 (1977). doi:10.5555/untitled.3');

-- split_references_with_status: the same references and status as the two
-- functions it stands for
\set doc 'Body text [1].\n\nReferences\n\n[1] A. Smith and B. Jones. A study of some-\nthing. In Proc. Things, 2019.\n[2] C. Brown. Another title. J. Stuff, 2020.\n'
SELECT (SELECT count(*) FROM pith.split_references(E:'doc')) AS refs,
       (SELECT count(*) FROM (SELECT reference_index, raw_text, start_offset, end_offset
                                FROM pith.split_references_with_status(E:'doc')
                              EXCEPT
                              SELECT * FROM pith.split_references(E:'doc')) d) AS differ,
       (SELECT count(*) FROM (SELECT DISTINCT status, reason, sections, "references", truncated
                                FROM pith.split_references_with_status(E:'doc')
                              EXCEPT
                              SELECT * FROM pith.split_references_status(E:'doc')) d) AS status_differ;
SELECT reference_index, raw_text, status, sections, "references", truncated
  FROM pith.split_references_with_status('No bibliography here.');
SELECT count(*) FROM pith.split_references_with_status('No bibliography here.') s
  JOIN pith.split_references_status('No bibliography here.') t USING (status, reason, sections, "references", truncated);
ROLLBACK;
