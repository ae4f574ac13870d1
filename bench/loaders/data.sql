-- bench/loaders/data.sql -- :rows synthetic source rows per source, staged
-- as a user stages the real files: JSON lines as text (arXiv snapshot,
-- Crossref works, OpenAlex works), the Retraction Watch CSV in its columns.
\set QUIET on
SET search_path = pith, public;
-- arXiv snapshot lines: ids YYMM.NNNNN, two versions each
CREATE UNLOGGED TABLE stage_arxiv (line_number bigint GENERATED ALWAYS AS IDENTITY, line text);
INSERT INTO stage_arxiv (line)
SELECT json_build_object(
           'id', pg_catalog.format('%s%s.%s', 15 + (i / 1199988) % 10,
                                   lpad((1 + (i / 99999) % 12)::text, 2, '0'), lpad((1 + i % 99999)::text, 5, '0')),
           'submitter', 'A. Submitter', 'authors', 'A. Author, B. Author',
           'title', 'A synthetic study number ' || i || E' of things\n  at scale',
           'comments', '10 pages', 'journal-ref', NULL, 'doi', NULL, 'report-no', NULL,
           'categories', (ARRAY['cs.LG cs.AI', 'hep-th', 'math.AG math.CO', 'cs.DC'])[1 + i % 4],
           'license', NULL, 'abstract', '  An abstract of some length for the synthetic paper.',
           'versions', json_build_array(json_build_object('version', 'v1', 'created', 'Mon, 2 Apr 2018 19:18:42 GMT'),
                                        json_build_object('version', 'v2', 'created', 'Tue, 24 Jul 2018 20:10:27 GMT')),
           'update_date', '2018-07-25',
           'authors_parsed', json_build_array(json_build_array('Author', 'A.', '')))::text
FROM generate_series(0, :rows - 1) AS i;
-- Crossref works: bare works as in the public data file; one in 100 a
-- retraction notice of the work before it
CREATE UNLOGGED TABLE stage_crossref (line text);
INSERT INTO stage_crossref
SELECT json_build_object(
           'DOI', '10.5555/bench.' || i, 'type', 'journal-article', 'publisher', 'Bench Press',
           'title', json_build_array('A synthetic work number ' || i),
           'container-title', json_build_array('Journal of Benchmarks'),
           'author', json_build_array(json_build_object('given', 'Ada', 'family', 'Example', 'sequence', 'first')),
           'issued', json_build_object('date-parts', json_build_array(json_build_array(2000 + i % 25, 1 + i % 12, 1 + i % 28))),
           'update-to', CASE WHEN i % 100 = 99 THEN json_build_array(json_build_object(
                              'updated', json_build_object('date-parts', json_build_array(json_build_array(2024, 1, 9))),
                              'DOI', '10.5555/bench.' || (i - 1), 'type', 'retraction', 'label', 'Retraction')) END)::text
FROM generate_series(0, :rows - 1) AS i;
-- Retraction Watch rows, in the CSV's columns
CREATE UNLOGGED TABLE stage_rw ("Record ID" text, "Title" text, "Subject" text, "Institution" text, "Journal" text,
    "Publisher" text, "Country" text, "Author" text, "URLS" text, "ArticleType" text, "RetractionDate" text,
    "RetractionDOI" text, "RetractionPubMedID" text, "OriginalPaperDate" text, "OriginalPaperDOI" text,
    "OriginalPaperPubMedID" text, "RetractionNature" text, "Reason" text, "Paywalled" text, "Notes" text);
INSERT INTO stage_rw
SELECT i::text, 'A retracted synthetic work ' || i, '(PHY) Physics;', 'Bench University', 'Journal of Benchmarks',
       'Bench Press', 'Atlantis', 'Ada Example;Bob Sample', '', 'Research Article;',
       (1 + i % 12) || '/' || (1 + i % 28) || '/2023 0:00', '10.5555/rwnotice.' || i, '0',
       (1 + i % 12) || '/' || (1 + i % 28) || '/2020 0:00', '10.5555/rw.' || i, '0',
       (ARRAY['Retraction', 'Correction', 'Expression of concern'])[1 + i % 3], '+Error in Data;', 'No', ''
FROM generate_series(0, :rows - 1) AS i;
-- OpenAlex works of the arXiv papers, by their arXiv DOI
CREATE UNLOGGED TABLE stage_openalex (line text);
INSERT INTO stage_openalex
SELECT json_build_object(
           'id', 'https://openalex.org/W' || (4000000000 + i),
           'doi', 'https://doi.org/10.48550/arxiv.' || (a.line::jsonb ->> 'id'),
           'title', 'A synthetic study', 'cited_by_count', i % 500,
           'counts_by_year', json_build_array(json_build_object('year', 2025, 'cited_by_count', i % 50)),
           'updated_date', '2026-08-28T05:12:44.123456')::text
FROM stage_arxiv a, LATERAL (SELECT a.line_number - 1 AS i) x;
VACUUM ANALYZE stage_arxiv, stage_crossref, stage_rw, stage_openalex;
