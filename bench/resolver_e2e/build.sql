-- bench/resolver_e2e/build.sql -- the end-to-end resolver benchmark's
-- catalog and references, built from the corpora loaded into e2e_gold and
-- e2e_refs (load.py), for the split :'split' (dev to tune, test to report).
--
-- The catalog (pith.cited_works + pith.cited_work_authors +
-- pith.cited_work_locators), about 28,000 works:
--   * the true works of the split's references (references with the same
--     DOI, arXiv id, or title key + year cite one work), 80% of
--     them: a fifth, chosen by a hash of the work, is left out, so that for
--     their references "no link" is the right answer;
--   * three near-duplicate distractors of every true work with a title of
--     three words or more (left out or not), three of five kinds in turn:
--     the same title with another subtitle, one word replaced, a longer
--     title, the same title 6-12 years earlier or later, the same title by
--     other authors (the "donor": a train-split work);
--   * filler works from the other splits (train; train and dev for test)
--     whose title key is not a title key of the split's works.
--   * locators (pith.cited_work_locators: the gold volume and first page)
--     of the catalogued true works and fillers that have both, and two
--     locator distractors per true work with one (the same volume and
--     first page, a donor's title, authors and journal, the same year and
--     one year later); -v locators=off leaves all of them out.
-- Every work has a DOI (its own, else a synthetic 10.5555/ one that no
-- reference carries), as in a Crossref-sized catalog.  Everything is
-- derived by md5 hashes: two builds give the same catalog.

\set ON_ERROR_STOP on
SET client_min_messages = warning;
SET search_path = public, pith;

-- a DOI or arXiv id the pith types accept, else NULL
CREATE FUNCTION e2e_doi(t text) RETURNS pith.doi LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN RETURN t::pith.doi; EXCEPTION WHEN OTHERS THEN RETURN NULL; END $$;
CREATE FUNCTION e2e_arxiv(t text) RETURNS pith.arxiv_id LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN RETURN pith.arxiv_base(t::pith.arxiv_id); EXCEPTION WHEN OTHERS THEN RETURN NULL; END $$;
-- a number in [0, n) from a string
CREATE FUNCTION e2e_hash(t text, n int) RETURNS int LANGUAGE sql IMMUTABLE
RETURN (('x' || substr(md5(t), 1, 8))::bit(32)::bigint % n)::int;
-- title with one word of four letters or more (the first from a hashed
-- position) replaced by such a word of the donor title
CREATE FUNCTION e2e_replace_word(title text, donor text, seed text) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    w text[] := regexp_split_to_array(title, '\s+');
    d text[] := array(SELECT x FROM unnest(regexp_split_to_array(donor, '\s+')) x
                      WHERE length(regexp_replace(x, '\W', '', 'g')) >= 4
                        AND lower(x) <> ALL (SELECT lower(y) FROM unnest(w) y));
    n int := cardinality(w);
    start int := e2e_hash(seed, n);
BEGIN
    IF cardinality(d) = 0 THEN
        d := ARRAY['methods'];
    END IF;
    FOR k IN 0 .. n - 1 LOOP
        IF length(regexp_replace(w[1 + (start + k) % n], '\W', '', 'g')) >= 4 THEN
            w[1 + (start + k) % n] := d[1 + e2e_hash(seed || 'd', cardinality(d))];
            RETURN array_to_string(w, ' ');
        END IF;
    END LOOP;
    RETURN title || ' ' || d[1];
END $$;

CREATE TABLE e2e_gold_n AS
SELECT g.*, (substring(g.year FROM '\d{4}'))::int AS y,
       e2e_doi(g.doi) AS d, e2e_arxiv(g.arxiv_id) AS ax,
       CASE WHEN g.title IS NOT NULL THEN nullif(pith.title_key(g.title), '') END AS tk
FROM e2e_gold g;
ALTER TABLE e2e_gold_n ADD COLUMN wkey text;
UPDATE e2e_gold_n SET wkey = COALESCE('doi:' || d::text, 'arxiv:' || ax::text,
                                      't:' || tk || '|' || COALESCE(y::text, ''),
                                      'item:' || source || ':' || item_id);

-- the split's references and their works
CREATE TABLE e2e_items AS
SELECT g.source, g.item_id, g.wkey, r.text, (g.tk IS NOT NULL) AS titled, g.authors, g.container
FROM e2e_gold_n g JOIN e2e_refs r USING (source, item_id)
WHERE g.split = :'split';
CREATE TABLE e2e_truth AS
SELECT DISTINCT ON (g.wkey) g.wkey, md5('pith-e2e:' || g.wkey)::uuid AS work_id,
       g.title, g.tk, g.authors, g.y, g.container, g.d, g.ax, g.volume, g.pages,
       (e2e_hash('pith-e2e-left-out:' || g.wkey, 5) = 0) AS left_out
FROM e2e_gold_n g WHERE g.split = :'split'
ORDER BY g.wkey, g.source, g.item_id;

-- donors: works of the train split with authors and a title of three words or more
CREATE TABLE e2e_donors AS
SELECT row_number() OVER (ORDER BY g.source, g.item_id) - 1 AS i, g.title, g.authors, g.container
FROM e2e_gold_n g WHERE g.split = 'train' AND g.tk IS NOT NULL AND g.authors IS NOT NULL
  AND array_length(regexp_split_to_array(g.title, '\s+'), 1) >= 3;

-- the catalog
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, venue, year, metadata_source)
SELECT t.work_id, t.title, COALESCE(t.d, ('10.5555/pith-e2e.' || substr(md5(t.wkey), 1, 16))::pith.doi),
       t.ax, t.container, CASE WHEN t.y BETWEEN 1000 AND 9999 THEN t.y END, 'crossref'
FROM e2e_truth t WHERE NOT t.left_out;
INSERT INTO pith.cited_work_authors (work_id, authors)
SELECT t.work_id, string_to_array(t.authors, ' ; ')
FROM e2e_truth t WHERE NOT t.left_out AND t.authors IS NOT NULL;

CREATE TABLE e2e_distractors AS
WITH base AS (
    SELECT t.*, k.k, (e2e_hash('pith-e2e-kind:' || t.wkey, 5) + k.k) % 5 AS kind,
           dn.title AS dtitle, dn.authors AS dauthors, dn.container AS dcontainer,
           'pith-e2e-distractor:' || t.wkey || ':' || k.k AS seed
    FROM e2e_truth t
    CROSS JOIN generate_series(0, 2) k(k)
    JOIN e2e_donors dn ON dn.i = e2e_hash('pith-e2e-donor:' || t.wkey || ':' || k.k, (SELECT count(*)::int FROM e2e_donors))
    WHERE t.tk IS NOT NULL AND array_length(regexp_split_to_array(t.title, '\s+'), 1) >= 3
)
SELECT md5(b.seed)::uuid AS work_id, b.wkey AS of_wkey, b.kind,
       CASE b.kind
           WHEN 0 THEN split_part(b.title, ':', 1) || ': '
                       || array_to_string((regexp_split_to_array(b.dtitle, '\s+'))[1:4], ' ')
           WHEN 1 THEN e2e_replace_word(b.title, b.dtitle, b.seed)
           WHEN 2 THEN b.title || ' and ' || lower(array_to_string((regexp_split_to_array(b.dtitle, '\s+'))[1:3], ' '))
           ELSE b.title END AS title,
       CASE WHEN b.kind IN (2, 3) THEN b.authors ELSE b.dauthors END AS authors,
       CASE b.kind
           WHEN 2 THEN b.y + 1
           WHEN 3 THEN b.y + (6 + e2e_hash(b.seed || 'y', 7)) * (CASE WHEN e2e_hash(b.seed || 's', 2) = 0 THEN -1 ELSE 1 END)
           WHEN 4 THEN b.y
           ELSE b.y + e2e_hash(b.seed || 'y', 3) - 1 END AS y,
       CASE WHEN b.kind IN (2, 3) THEN b.container ELSE b.dcontainer END AS container,
       ('10.5555/pith-e2e.' || substr(md5(b.seed), 1, 16))::pith.doi AS d
FROM base b
-- a year shift needs a year
WHERE NOT (b.kind = 3 AND b.y IS NULL);
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source)
SELECT work_id, title, d, container, CASE WHEN y BETWEEN 1000 AND 9999 THEN y END, 'crossref' FROM e2e_distractors;
INSERT INTO pith.cited_work_authors (work_id, authors)
SELECT work_id, string_to_array(authors, ' ; ') FROM e2e_distractors WHERE authors IS NOT NULL;

-- fillers up to about 28,000 works
CREATE TABLE e2e_fillers AS
SELECT DISTINCT ON (g.wkey) md5('pith-e2e-filler:' || g.wkey)::uuid AS work_id, g.wkey, g.title, g.tk, g.authors, g.y, g.container, g.d,
       g.volume, g.pages
FROM e2e_gold_n g
WHERE g.split <> :'split' AND g.split <> 'test' AND g.tk IS NOT NULL
  AND g.tk NOT IN (SELECT tk FROM e2e_truth WHERE tk IS NOT NULL)
  AND g.wkey NOT IN (SELECT wkey FROM e2e_truth)
ORDER BY g.wkey, g.source, g.item_id;
-- a filler that is a true work under a slightly different title (the same
-- paper cited in two splits) would make a right link look wrong
DELETE FROM e2e_fillers f
WHERE EXISTS (SELECT 1 FROM e2e_truth t
              WHERE t.tk IS NOT NULL
                AND left(t.tk, 8) = left(f.tk, 8)
                AND pith.title_key_similarity(t.tk, f.tk) >= 0.7);
DELETE FROM e2e_fillers f
WHERE f.work_id IN (SELECT work_id FROM e2e_fillers ORDER BY md5(wkey)
                    OFFSET GREATEST(0, 28000 - (SELECT count(*) FROM pith.cited_works)));
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source)
SELECT f.work_id, f.title,
       COALESCE(CASE WHEN NOT EXISTS (SELECT 1 FROM pith.cited_works w WHERE w.doi = f.d) THEN f.d END,
                ('10.5555/pith-e2e.' || substr(md5('filler:' || f.wkey), 1, 16))::pith.doi),
       f.container, f.y, 'crossref'
FROM e2e_fillers f;
INSERT INTO pith.cited_work_authors (work_id, authors)
SELECT work_id, string_to_array(authors, ' ; ') FROM e2e_fillers WHERE authors IS NOT NULL;

-- locators (volume, first page) as a Crossref load would give them, unless
-- -v locators=off: of the catalogued true works and the fillers, and two
-- distractors per true work with a locator, left out or not: the same
-- volume and first page in another journal by other authors, in the same
-- year and one year later (a donor's title, authors and container)
\if :{?locators}
\else
\set locators on
\endif
SELECT :'locators' = 'on' AS with_locators \gset
\if :with_locators
INSERT INTO pith.cited_work_locators (work_id, volume, first_page)
SELECT t.work_id, t.volume, t.pages FROM e2e_truth t
WHERE NOT t.left_out AND t.volume IS NOT NULL AND t.pages IS NOT NULL;
INSERT INTO pith.cited_work_locators (work_id, volume, first_page)
SELECT f.work_id, f.volume, f.pages FROM e2e_fillers f
WHERE f.volume IS NOT NULL AND f.pages IS NOT NULL;
CREATE TABLE e2e_locator_distractors AS
SELECT md5(s.seed)::uuid AS work_id, s.*
FROM (SELECT t.wkey AS of_wkey, t.volume, t.pages, t.y + k.k AS y, dn.title, dn.authors, dn.container,
             'pith-e2e-locator:' || t.wkey || ':' || k.k AS seed
      FROM e2e_truth t
      CROSS JOIN generate_series(0, 1) k(k)
      JOIN e2e_donors dn ON dn.i = e2e_hash('pith-e2e-locator-donor:' || t.wkey || ':' || k.k,
                                             (SELECT count(*)::int FROM e2e_donors))
      WHERE t.volume IS NOT NULL AND t.pages IS NOT NULL) s;
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source)
SELECT work_id, title, ('10.5555/pith-e2e.' || substr(md5(seed), 1, 16))::pith.doi, container,
       CASE WHEN y BETWEEN 1000 AND 9999 THEN y END, 'crossref'
FROM e2e_locator_distractors;
INSERT INTO pith.cited_work_authors (work_id, authors)
SELECT work_id, string_to_array(authors, ' ; ') FROM e2e_locator_distractors WHERE authors IS NOT NULL;
INSERT INTO pith.cited_work_locators (work_id, volume, first_page)
SELECT work_id, volume, pages FROM e2e_locator_distractors;
\endif
ANALYZE;

SELECT (SELECT count(*) FROM e2e_items) AS references,
       (SELECT count(*) FROM e2e_truth) AS true_works,
       (SELECT count(*) FROM e2e_truth WHERE left_out) AS left_out,
       (SELECT count(*) FROM e2e_distractors) AS distractors,
       (SELECT count(*) FROM e2e_fillers) AS fillers,
       (SELECT count(*) FROM pith.cited_work_locators) AS locators,
       (SELECT count(*) FROM pith.cited_works) AS catalog_works;
