-- 20_resolver.sql -- 0.2.0 -> 0.3.0: the resolver weighs evidence beside the
-- title (issue 12).  Objects changed (same text as src/sql/65_resolver.sql):
--   new:      tables pith.cited_work_authors, pith.cited_work_locators
--             (and its index cited_work_locators_key_idx); functions
--             pith.locator_volume, pith.locator_page, pith.year_evidence,
--             pith.author_family, pith.author_evidence,
--             pith.container_evidence (defined in 99_resolver.sql), pith.title_key_anchors,
--             pith.identifier_verdict, pith.candidate_accepted;
--   replaced: pith.year_agrees (no integer overflow), pith.resolve_reference
--             (dropped and created: two new arguments, authors and container).

-- resolve_reference takes two more arguments (authors, container)
DROP FUNCTION pith.resolve_reference(text, text, int, pith.arxiv_id, pith.doi);

-- Authors of catalog works, for the author evidence: names in any common
-- form ("LeCun, Yann", "Y. LeCun", "LeCun Y").  Kept beside cited_works so
-- that the work rows (and the records built from them) do not change; no
-- foreign key, so that emptying or distributing the catalog tables need
-- not know about it (rows of works that are gone are never read).
CREATE TABLE pith.cited_work_authors (
    work_id uuid PRIMARY KEY,
    authors text[] NOT NULL
);
COMMENT ON TABLE pith.cited_work_authors IS
    'author names of a catalog work, in order, as the resolver''s author evidence (any common name form)';
SELECT pg_catalog.pg_extension_config_dump('pith.cited_work_authors', '');

-- Locators of catalog works -- volume and first page as printed (a
-- Crossref record's volume and page) -- for references that cite a work
-- without its title (J. P. Collman. Acc. Chem. Res. 10, 265 (1977)).
-- Like cited_work_authors: beside cited_works, no foreign key, filled by
-- whoever loads the catalog.
CREATE TABLE pith.cited_work_locators (
    work_id uuid PRIMARY KEY,
    volume text NOT NULL,
    first_page text NOT NULL
);
COMMENT ON TABLE pith.cited_work_locators IS
    'volume and first page of a catalog work, as printed, for the resolver''s title-less references (rule 5 of resolve_reference)';
SELECT pg_catalog.pg_extension_config_dump('pith.cited_work_locators', '');

-- Comparable forms of a volume (its first run of digits: "D26" and "26"
-- are one volume of Phys. Rev. D) and of a page range (its first run of
-- letters and digits, lower case: "29-37" -> 29, "L09605", "A11").
CREATE FUNCTION pith.locator_volume(volume text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.substring(volume, '[0-9]+');
COMMENT ON FUNCTION pith.locator_volume(text) IS
    'the first run of digits of a volume ("D26" -> 26), NULL when it has none';
CREATE FUNCTION pith.locator_page(pages text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN pg_catalog.lower(pg_catalog.substring(pages, '[[:alnum:]]+'));
COMMENT ON FUNCTION pith.locator_page(text) IS
    'the first page of a page range in comparable form: its first run of letters and digits, lower case ("29-37" -> 29, "L09605" -> l09605)';
CREATE INDEX cited_work_locators_key_idx
    ON pith.cited_work_locators (pith.locator_page(first_page), pith.locator_volume(volume));

-- Year evidence: +1 when a catalog year is within one year of the
-- reference's, -1 when years are known on both sides and none is, 0 when
-- either side has none (src/core/resolve_evidence.c; no year overflows).
CREATE FUNCTION pith.year_evidence(ref_year int, years int[]) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_year_evidence_fn'
    LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.year_evidence(int, int[]) IS
    'year evidence: 1 when a catalog year is within one year of the reference year, -1 when both are known and none is, 0 when either is unknown';

-- Does a reference year agree with a set of catalog years (within one)?
CREATE OR REPLACE FUNCTION pith.year_agrees(ref_year int, years int[])
    RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN pith.year_evidence(ref_year, years) OPERATOR(pg_catalog.>=) 0;
COMMENT ON FUNCTION pith.year_agrees(int, int[]) IS
    'true when the reference year is unknown, no catalog year is known, or one catalog year is within one year of it';

-- The family name in an author name, in normalize_title form: the part
-- before a comma ("LeCun, Y."), else the words left before trailing
-- initials and suffixes ("LeCun Y", "Smith JR Jr"), else the last word with
-- the particles before it ("Yann LeCun", "Vincent van Gogh").  NULL for
-- initials alone, "et al." and the like.
CREATE FUNCTION pith.author_family(name text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_author_family_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.author_family(text) IS
    'family name of an author name ("LeCun, Y.", "Y. LeCun", "LeCun Y" -> lecun), normalized; NULL for initials alone or "et al."';

-- Author evidence: +1 when the reference's first-author family name is a
-- run of whole words of one of the work's author names (normalized), -1
-- when both are known and it is none of them, 0 when either is unknown.
CREATE FUNCTION pith.author_evidence(family text, authors text[]) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_author_evidence_fn'
    LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.author_evidence(text, text[]) IS
    'author evidence: 1 when the family name (pith.author_family form) is a name of one of the authors, -1 when both are known and it is not, 0 when either is unknown';

-- Title anchors of a raw reference: its key (pith.normalize_title form
-- with no separators, as pith.title_key writes a title) from each of its
-- first max_words words on, at most 256 characters each.  Rule 4 below
-- looks catalog titles up at these places.
CREATE FUNCTION pith.title_key_anchors(raw text, max_words int) RETURNS text[]
    AS 'MODULE_PATHNAME', 'pith_title_key_anchors_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key_anchors(text, int) IS
    'the key of a raw reference from each of its first max_words words on (at most 256 characters each): where a catalog title may start in it';

-- The state an identifier match gets from the evidence (rule 1 above):
-- title score s (NULL without a reference title), whether one title key
-- holds the other, year evidence ya and author evidence aa.
CREATE FUNCTION pith.identifier_verdict(s float8, contained boolean, ya int, aa int, threshold float8)
    RETURNS pith.resolution_status
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN s IS NULL THEN
        CASE WHEN aa OPERATOR(pg_catalog.=) 1 AND ya OPERATOR(pg_catalog.>=) 0
             THEN 'verified_fuzzy'::pith.resolution_status ELSE 'parse_uncertain'::pith.resolution_status END
    WHEN s OPERATOR(pg_catalog.>=) 1.0 THEN 'verified_exact'::pith.resolution_status
    WHEN s OPERATOR(pg_catalog.>=) threshold OR contained THEN
        CASE WHEN ya OPERATOR(pg_catalog.<) 0 AND aa OPERATOR(pg_catalog.<) 1
             THEN 'metadata_mismatch'::pith.resolution_status ELSE 'verified_fuzzy'::pith.resolution_status END
    WHEN s OPERATOR(pg_catalog.>=) 0.5 THEN
        CASE WHEN (ya OPERATOR(pg_catalog.=) 1 OR aa OPERATOR(pg_catalog.=) 1)
                  AND ya OPERATOR(pg_catalog.>=) 0 AND aa OPERATOR(pg_catalog.>=) 0
             THEN 'verified_fuzzy'::pith.resolution_status ELSE 'metadata_mismatch'::pith.resolution_status END
    WHEN ya OPERATOR(pg_catalog.=) 1 AND aa OPERATOR(pg_catalog.=) 1 THEN 'verified_fuzzy'::pith.resolution_status
    ELSE 'metadata_mismatch'::pith.resolution_status END;
COMMENT ON FUNCTION pith.identifier_verdict(float8, boolean, int, int, float8) IS
    'state of a reference whose identifier names a known work, from the title score, title containment, year and author evidence (see 65_resolver.sql, rule 1)';

-- Is a title candidate (not named by an identifier) the reference's work?
-- (rule 3 above): no year or author contradiction, and either a title score
-- at or above the threshold with as many of year, author and container
-- agreeing as the catalog entry has of year and authors (an arXiv paper,
-- whose authors the catalog does not hold, needs one; a work with both
-- needs two; a bare title, none), or both year and author agreeing with a
-- score of at least 0.7 or a reference title that holds the whole catalog
-- title (inside: the parser kept a venue or a note with it).
CREATE FUNCTION pith.candidate_accepted(s float8, inside boolean, ya int, aa int, ca int,
                                        has_year boolean, has_authors boolean, threshold float8)
    RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN ya OPERATOR(pg_catalog.>=) 0 AND aa OPERATOR(pg_catalog.>=) 0
   AND ((s OPERATOR(pg_catalog.>=) threshold
         AND ((ya OPERATOR(pg_catalog.=) 1)::int OPERATOR(pg_catalog.+) (aa OPERATOR(pg_catalog.=) 1)::int
              OPERATOR(pg_catalog.+) (ca OPERATOR(pg_catalog.=) 1)::int)
             OPERATOR(pg_catalog.>=) (has_year::int OPERATOR(pg_catalog.+) has_authors::int))
        OR ((s OPERATOR(pg_catalog.>=) 0.7 OR inside)
            AND ya OPERATOR(pg_catalog.=) 1 AND aa OPERATOR(pg_catalog.=) 1));
COMMENT ON FUNCTION pith.candidate_accepted(float8, boolean, int, int, int, boolean, boolean, float8) IS
    'whether a title candidate is accepted from its title score, whether the reference title holds it, its year, author and container evidence and which of year and authors the catalog knows (see 65_resolver.sql, rule 3)';

