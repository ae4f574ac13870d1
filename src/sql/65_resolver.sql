-- 65_resolver.sql -- pith's own resolver (SPEC section 4): one reference to
-- one of the six states against the catalog (papers, paper_versions,
-- cited_works and the authors of works in cited_work_authors), and all of a
-- paper's references into paper_reference_links.
--
-- The evidence a reference gives beside its title: its year, its first
-- author's family name and its container (journal, proceedings), each
-- compared with the catalog entry as agree (+1), contradict (-1) or unknown
-- (0).  Years agree within one year (with no year parsed, the first of
-- the text's year-like numbers when they are all within one year of each
-- other); a family name agrees when it is one of
-- the work's authors' names; a container only ever agrees (abbreviations
-- make a disagreement meaningless).  A DOI that is a prefix of the
-- other's contradicts nothing (pith.contradicting_doi).
--
-- Rules, in order:
--   1. an arXiv id or DOI (given, or found in the text by parse_reference)
--      that names a known paper or work is linked when anything supports it
--      (pith.identifier_verdict): equal title keys -> verified_exact; a title
--      at or above pith.title_similarity_threshold, or one title key holding
--      the other -> verified_fuzzy unless the year contradicts and the
--      author does not agree; a weaker title (score >= 0.5) with the year or
--      the author agreeing and neither contradicting, or any title with both
--      agreeing -> verified_fuzzy; otherwise metadata_mismatch; no title and
--      no agreeing author -> parse_uncertain;
--   2. a "title" that is not one (author list, access date, URL, venue,
--      empty): no title search; rules 4 to 6 may still link it;
--   3. fuzzy candidates (titles with the same key first, then titles sharing
--      the first or last characters of the key): the best one at or above
--      the threshold with no contradicting year, author or identifier, and
--      some support (the year, the author or the container agreeing; a
--      missing year is no support) -> verified_fuzzy; candidates rank by
--      title score plus evidence, then by a stable key (arXiv id, DOI, year,
--      title, work id).  Two different identified works tied at the top is
--      no answer.  Also accepted: a catalog title beginning with the
--      reference's (16 characters or more: cut at a subtitle) with the
--      author agreeing and the very year.  A catalog author list with no
--      usable name asks no author agreement of a reference naming none;
--   4. catalog titles found in the raw text (the parser's title boundaries
--      are often wrong): catalog keys starting at a word of the raw key,
--      scored against as much of it as they are long, at or above the
--      threshold, accepted as in rule 3 with the first author agreeing
--      when the raw text holds the work's first author's family name and
--      contradicting when it does not; beside a parsed title, an author or
--      the container must agree -> verified_fuzzy (resolver_source
--      raw_title);
--   5. a reference without a usable title: the catalog work whose first
--      page and volume (pith.cited_work_locators) are numbers of the
--      text (whatever the parser labelled them), the year agreeing
--      and the first author or the container (or the parsed title, or
--      the venue printed in the text) agreeing, neither contradicting;
--      of two, the one more of whose authors the text names ->
--      verified_fuzzy (resolver_source locator: no title was compared;
--      the locator, the year and an author or the venue agree);
--   6. the works of the reference's first author (same family name of
--      their first author) with the year agreeing and no locator the
--      text lacks: one whose title is in the text (short titles, titles
--      past rule 4's 32 words) -> verified_fuzzy (raw_title), or, with no
--      title in the catalog, one whose venue agrees with the container,
--      the title or the text -> verified_fuzzy (venue);
--   7. otherwise malformed_identifier when broken identifier text was seen
--      (it never stops the title search), else parse_uncertain when there
--      was no title (rule 2), else unresolved.
-- A work created from this same raw reference (metadata_source
-- 'raw_reference' with the reference's own title key) is never a candidate.
-- A title given as an argument is used as given (keyed, not re-parsed)
-- unless the parser finds it is no title at all.

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

-- Years a catalog entry may be cited under: submission, last update and
-- every version's submission for an arXiv paper; the year of a work.
CREATE FUNCTION pith.catalog_years(paper pith.arxiv_id, work uuid)
    RETURNS int[]
    LANGUAGE sql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, pith
    AS $$
    SELECT pg_catalog.array_agg(DISTINCT y) FILTER (WHERE y IS NOT NULL)
    FROM (
        SELECT pg_catalog.date_part('year', p.submitted_at AT TIME ZONE 'UTC')::int AS y
          FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base($1)
        UNION ALL
        SELECT pg_catalog.date_part('year', p.last_updated AT TIME ZONE 'UTC')::int
          FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base($1)
        UNION ALL
        SELECT pg_catalog.date_part('year', v.submitted_at AT TIME ZONE 'UTC')::int
          FROM pith.paper_versions v WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base($1)
        UNION ALL
        SELECT w.year FROM pith.cited_works w WHERE w.work_id OPERATOR(pg_catalog.=) $2
    ) s
$$;
COMMENT ON FUNCTION pith.catalog_years(pith.arxiv_id, uuid) IS
    'years a catalog paper (submission, last update, each version) or work (its year) may be cited under; NULL when none is known';

-- Year evidence: +1 when a catalog year is within one year of the
-- reference's, -1 when years are known on both sides and none is, 0 when
-- either side has none (src/core/resolve_evidence.c; no year overflows).
CREATE FUNCTION pith.year_evidence(ref_year int, years int[]) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_year_evidence_fn'
    LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.year_evidence(int, int[]) IS
    'year evidence: 1 when a catalog year is within one year of the reference year, -1 when both are known and none is, 0 when either is unknown';

-- Does a reference year agree with a set of catalog years (within one)?
CREATE FUNCTION pith.year_agrees(ref_year int, years int[])
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

-- The family name of a work's first author, for rule 6 of
-- resolve_reference: the works a reference may cite by its author, year
-- and venue when the catalog holds no title for them.
CREATE INDEX cited_work_authors_family_idx
    ON pith.cited_work_authors (pith.author_family(authors[1]), work_id);

-- Author evidence: +1 when the reference's first-author family name is a
-- run of whole words of one of the work's author names (normalized), -1
-- when both are known and it is none of them, 0 when either is unknown.
CREATE FUNCTION pith.author_evidence(family text, authors text[]) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_author_evidence_fn'
    LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.author_evidence(text, text[]) IS
    'author evidence: 1 when the family name (pith.author_family form) is a name of one of the authors, -1 when both are known and it is not, 0 when either is unknown';

-- Container evidence: +1 when the two container keys are equal (3
-- characters or more: "ApJ"), one holds the other or they score at least
-- 0.85 (4 characters or more), or one abbreviates the other word by word
-- ("Phys. Rev. D" ~ "Physical Review D", "J. Am. Chem. Soc." ~ "Journal
-- of the American Chemical Society"); 0 otherwise (never -1: "Proc.
-- NeurIPS" and "Advances in Neural Information Processing Systems" are
-- the same venue).
CREATE FUNCTION pith.container_evidence(ref_container text, venue text) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_container_evidence_fn'
    LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.container_evidence(text, text) IS
    'container evidence: 1 when the reference''s container and the work''s venue key the same, one holds the other, they score at or above 0.85, or one abbreviates the other word by word; 0 otherwise';

-- How many of a work's authors are named in a raw reference (their
-- family names as whole words of its text): rule 5 prefers the work more
-- of whose authors the reference names.
CREATE FUNCTION pith.author_names_in_text(authors text[], raw text) RETURNS int
    AS 'MODULE_PATHNAME', 'pith_author_names_in_text_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.author_names_in_text(text[], text) IS
    'how many of the authors (the first 100) have a family name (pith.author_family) that is a run of whole words of the raw text';

-- Title anchors of a raw reference: its key (pith.normalize_title form
-- with no separators, as pith.title_key writes a title) from each of its
-- first max_words words on, at most 256 characters each.  Rule 4 below
-- looks catalog titles up at these places.
CREATE FUNCTION pith.title_key_anchors(raw text, max_words int) RETURNS text[]
    AS 'MODULE_PATHNAME', 'pith_title_key_anchors_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key_anchors(text, int) IS
    'the key of a raw reference from each of its first max_words words on (at most 256 characters each): where a catalog title may start in it';

-- Does a reference's DOI name another work than the catalog's DOI?  Not
-- when either is a prefix of the other (12 characters or more): a DOI
-- cut short at a line break or by the catalog's source names no other
-- work.  NULL on either side contradicts nothing.
CREATE FUNCTION pith.contradicting_doi(ref_doi text, work_doi text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN COALESCE(ref_doi OPERATOR(pg_catalog.<>) work_doi
                AND NOT (pg_catalog.length(work_doi) OPERATOR(pg_catalog.>=) 12
                         AND pg_catalog.starts_with(ref_doi, work_doi))
                AND NOT (pg_catalog.length(ref_doi) OPERATOR(pg_catalog.>=) 12
                         AND pg_catalog.starts_with(work_doi, ref_doi)), false);
COMMENT ON FUNCTION pith.contradicting_doi(text, text) IS
    'whether a reference''s DOI names another work than the catalog''s (both in pith.doi text form): they differ and neither (12 characters or more) is a prefix of the other; false when either is NULL';

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

CREATE FUNCTION pith.resolve_reference(raw_text text, title text DEFAULT NULL, year int DEFAULT NULL,
                                       arxiv pith.arxiv_id DEFAULT NULL, doi pith.doi DEFAULT NULL,
                                       authors text[] DEFAULT NULL, container text DEFAULT NULL)
    RETURNS TABLE (status pith.resolution_status, arxiv_id pith.arxiv_id, work_id uuid,
                   matched_title text, score float8, resolver_source text)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, pith
    -- one cached plan per statement: planning them costs more than running them
    SET plan_cache_mode = force_generic_plan
    SET jit = off
    AS $$
#variable_conflict use_variable
DECLARE
    pr        pith.parsed_reference;
    pt        pith.parsed_reference;
    t         text;
    tkey      text;
    y         int;
    ax        pith.arxiv_id;
    d         pith.doi;
    malformed text;
    fam       text;
    ctr       text;
    own_keys  text[];
    thr       float8 := pith.title_similarity_threshold();
    best      record;
    second    record;
    pass      int;
    n         int;
    alen      int;
    head      text;
    head_end  text;
    tail      text;
    tail_end  text;
    c         record;
    seen      float8;
    anchors   text[];
    rbest     record;
    rsecond   record;
    raw_ok    boolean;
    lbest     record;
    lsecond   record;
    vbest     record;
    rkey      text;
    tyears    int[];
    vsecond   record;
    nums      text[];
    digits    text[];
BEGIN
    IF raw_text IS NOT NULL THEN
        pr := pith.parse_reference(raw_text);
    END IF;
    IF title IS NOT NULL THEN
        pt := pith.parse_reference(title);
        -- a given title is used as given, unless it is no title at all
        IF pt.quality OPERATOR(pg_catalog.=) 'ok' THEN
            t := title;
        END IF;
    END IF;
    t := coalesce(t, pr.title);
    tkey := pith.title_key(t);
    IF tkey OPERATOR(pg_catalog.=) '' THEN
        t := NULL;
        tkey := NULL;
    END IF;
    -- a year read from the text wins over the year argument: stored years
    -- have been seen taken from arXiv ids (2001 for arXiv:2001.08361)
    y := coalesce(pr.year, pt.year, year);
    -- the year-like numbers of the text (not part of an arXiv id or a
    -- DOI: no ".digit" after them); with no year parsed ("2016년 3월",
    -- "Imprévue 2 1996", "1996-1997"), the first of them when they are
    -- all within one year of each other
    IF raw_text IS NOT NULL THEN
        SELECT pg_catalog.array_agg(DISTINCT m.m[1]::int)
          INTO tyears
          FROM (SELECT mm AS m FROM pg_catalog.regexp_matches(raw_text, '(?<![0-9])((?:18|19|20)[0-9]{2})(?![0-9]|\.[0-9])', 'g') mm
                 LIMIT 20) m;
        IF y IS NULL AND tyears IS NOT NULL
           AND tyears[pg_catalog.cardinality(tyears)] OPERATOR(pg_catalog.-) tyears[1] OPERATOR(pg_catalog.<=) 1 THEN
            y := tyears[1];
        END IF;
    END IF;
    ax := pith.arxiv_base(coalesce(arxiv, pr.arxiv_id, pt.arxiv_id));
    d := coalesce(doi, pr.doi, pt.doi);
    malformed := coalesce(pr.malformed_identifier, pt.malformed_identifier);
    -- authors and container: as given, else as the parser gives them
    fam := pith.author_family(COALESCE(authors[1], pr.authors[1]));
    ctr := COALESCE(container, pr.container);
    -- keys of the works a raw reference like this one would have created
    -- (the given title's key is tkey when that title is the one used)
    own_keys := ARRAY[CASE WHEN tkey IS NOT NULL AND t OPERATOR(pg_catalog.=) title THEN tkey
                           ELSE pith.title_key(title) END,
                      pith.title_key(raw_text), tkey];

    -- 1. identifiers that name a known paper or work
    IF ax IS NOT NULL OR d IS NOT NULL THEN
        WITH targets AS (
            SELECT p.arxiv_id AS a, NULL::uuid AS w, 'arxiv_id' AS via
              FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) ax
            UNION ALL
            SELECT cw.arxiv_id, cw.work_id, CASE WHEN ax IS NOT NULL
                   AND pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.=) ax THEN 'arxiv_id' ELSE 'doi' END
              FROM pith.cited_works cw
             WHERE (pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.=) ax OR cw.doi OPERATOR(pith.=) d)
               AND NOT (cw.metadata_source OPERATOR(pg_catalog.=) 'raw_reference'
                        AND pith.title_key(cw.title) OPERATOR(pg_catalog.=) ANY (own_keys))
        ), titled AS (
            SELECT tg.a, tg.w, tg.via, tt.title AS ttl, pith.title_key(tt.title) AS k
              FROM targets tg
              -- a work without a title is named by its identifier all the
              -- same: its title evidence is unknown (ttl NULL)
              LEFT JOIN LATERAL (
                  SELECT p.title FROM pith.papers p
                   WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(tg.a)
                  UNION ALL
                  SELECT v.title FROM pith.paper_versions v
                   WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(tg.a) AND v.title IS NOT NULL
                  UNION ALL
                  SELECT cw.title FROM pith.cited_works cw
                   WHERE cw.work_id OPERATOR(pg_catalog.=) tg.w AND cw.title IS NOT NULL
              ) tt ON true
        ), scored AS (
            SELECT ti.a, ti.w, ti.via, ti.ttl,
                   CASE WHEN tkey IS NULL THEN NULL
                        WHEN ti.k OPERATOR(pg_catalog.=) tkey THEN 1.0::float8
                        ELSE pith.title_key_similarity(ti.k, tkey) END AS s,
                   (tkey IS NOT NULL AND ti.k OPERATOR(pg_catalog.<>) ''
                    AND ((pg_catalog.length(ti.k) OPERATOR(pg_catalog.>=) 10 AND pg_catalog.strpos(tkey, ti.k) OPERATOR(pg_catalog.>) 0)
                      OR (pg_catalog.length(tkey) OPERATOR(pg_catalog.>=) 10 AND pg_catalog.strpos(ti.k, tkey) OPERATOR(pg_catalog.>) 0))) AS inside
              FROM titled ti
        ), judged AS (
            SELECT sc.*, e.ya, e.aa,
                   pith.identifier_verdict(sc.s, sc.inside, e.ya, e.aa, thr) AS verdict
              FROM scored sc
              LEFT JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                  WHERE cw0.work_id OPERATOR(pg_catalog.=) sc.w OFFSET 0) cw ON true
              LEFT JOIN LATERAL (SELECT wa0.* FROM pith.cited_work_authors wa0
                                  WHERE wa0.work_id OPERATOR(pg_catalog.=) sc.w OFFSET 0) wa ON true
              CROSS JOIN LATERAL (SELECT NULLIF(ARRAY(SELECT yy.y
                                       FROM (SELECT pg_catalog.unnest(ARRAY[
                                                 pg_catalog.date_part('year', p.submitted_at AT TIME ZONE 'UTC')::int,
                                                 pg_catalog.date_part('year', p.last_updated AT TIME ZONE 'UTC')::int]) AS y
                                               FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(sc.a)
                                             UNION ALL
                                             SELECT pg_catalog.date_part('year', v.submitted_at AT TIME ZONE 'UTC')::int
                                               FROM pith.paper_versions v WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(sc.a)
                                             UNION ALL
                                             SELECT cw.year) yy WHERE yy.y IS NOT NULL), '{}'::int[]) AS years
                                   OFFSET 0) cy
              CROSS JOIN LATERAL (SELECT pith.year_evidence(y, cy.years) AS ya,
                                         pith.author_evidence(fam, wa.authors) AS aa
                                  OFFSET 0) e
        )
        SELECT j.a, j.w, j.via, j.ttl, j.s, j.verdict
          FROM judged j
         -- a work without a title counts only when the evidence links it
         -- (else the rules below may still find the reference's work)
         WHERE j.ttl IS NOT NULL OR j.verdict IN ('verified_exact', 'verified_fuzzy')
         ORDER BY j.verdict, j.s DESC NULLS LAST, (j.w IS NULL), j.via, j.a, j.ttl, j.w
         LIMIT 1
          INTO best;
        IF FOUND THEN
            status := best.verdict;
            arxiv_id := best.a;
            matched_title := best.ttl;
            score := best.s;
            resolver_source := 'pith.resolve_reference:' OPERATOR(pg_catalog.||) best.via;
            IF status IN ('verified_exact', 'verified_fuzzy') THEN
                work_id := best.w;
            END IF;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;

    -- 2. no title to search with: only the raw text (rule 4) is searched

    -- 3. fuzzy candidates: the same title key first, then titles sharing the
    -- key's first or last A characters (A = 8..20, a third of the key),
    -- through the title key indexes of 45_title_indexes.sql (on the first
    -- 256 characters of the key and of the reversed key)
    alen := LEAST(20, GREATEST(8, pg_catalog.length(tkey) OPERATOR(pg_catalog./) 3));
    head := pg_catalog.left(tkey, alen);
    head_end := head OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    tail := pg_catalog.left(pg_catalog.reverse(tkey), alen);
    tail_end := tail OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    FOR pass IN 1..(CASE WHEN t IS NULL THEN 0 ELSE 2 END) LOOP
        n := 0;
        -- one statement per pass: each plan holds only its own probes
        IF pass OPERATOR(pg_catalog.=) 1 THEN
            FOR c IN
                WITH probe AS (
                    -- the same title key
                    SELECT p.arxiv_id AS a, NULL::uuid AS w, p.title AS ttl
                      FROM pith.papers p
                     WHERE (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.=) pg_catalog.left(tkey, 256)
                       -- (a key shorter than the indexed 256 characters is equal already)
                       AND (pg_catalog.length(tkey) OPERATOR(pg_catalog.<) 256
                            OR pith.title_key(p.title) OPERATOR(pg_catalog.=) tkey)
                    UNION ALL
                    SELECT v.arxiv_id, NULL::uuid, v.title
                      FROM pith.paper_versions v
                     WHERE (pg_catalog.left(pith.title_key(v.title), 256) COLLATE "C") OPERATOR(pg_catalog.=) pg_catalog.left(tkey, 256)
                       -- (a key shorter than the indexed 256 characters is equal already)
                       AND (pg_catalog.length(tkey) OPERATOR(pg_catalog.<) 256
                            OR pith.title_key(v.title) OPERATOR(pg_catalog.=) tkey)
                    UNION ALL
                    SELECT w.arxiv_id, w.work_id, w.title
                      FROM pith.cited_works w
                     WHERE (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.=) pg_catalog.left(tkey, 256)
                       -- (a key shorter than the indexed 256 characters is equal already)
                       AND (pg_catalog.length(tkey) OPERATOR(pg_catalog.<) 256
                            OR pith.title_key(w.title) OPERATOR(pg_catalog.=) tkey)
                ), best_titles AS (
                    -- an equal key scores 1; the reference's title holds the
                    -- whole catalog title when it is 20 characters or more
                    SELECT pr0.a, pr0.w, pr0.ttl, 1.0::float8 AS s,
                           pg_catalog.length(tkey) OPERATOR(pg_catalog.>=) 20 AS inside
                      FROM probe pr0
                ), judged AS (
                    SELECT b.a, b.w, b.ttl, b.s, cw.doi AS dd, cw.year AS wy, cw.metadata_source AS ms,
                           b.s OPERATOR(pg_catalog.+) (0.02 OPERATOR(pg_catalog.*)
                               (e.ya OPERATOR(pg_catalog.+) e.aa OPERATOR(pg_catalog.+) e.ca)) AS rank,
                           pith.candidate_accepted(b.s, b.inside, e.ya, e.aa, e.ca, cy.years IS NOT NULL,
                               COALESCE(pg_catalog.cardinality(wa.authors), 0) OPERATOR(pg_catalog.>) 0
                               AND (fam IS NOT NULL OR pith.author_family(wa.authors[1]) IS NOT NULL), thr) AS ok
                      FROM best_titles b
                      -- lateral lookups: by key for each candidate, whatever the plan
                      LEFT JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                          WHERE cw0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) cw ON true
                      LEFT JOIN LATERAL (SELECT wa0.* FROM pith.cited_work_authors wa0
                                          WHERE wa0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) wa ON true
                      CROSS JOIN LATERAL (SELECT NULLIF(ARRAY(SELECT yy.y
                                           FROM (SELECT pg_catalog.unnest(ARRAY[
                                                     pg_catalog.date_part('year', p.submitted_at AT TIME ZONE 'UTC')::int,
                                                     pg_catalog.date_part('year', p.last_updated AT TIME ZONE 'UTC')::int]) AS y
                                                   FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                                 UNION ALL
                                                 SELECT pg_catalog.date_part('year', v.submitted_at AT TIME ZONE 'UTC')::int
                                                   FROM pith.paper_versions v WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                                 UNION ALL
                                                 SELECT cw.year) yy WHERE yy.y IS NOT NULL), '{}'::int[]) AS years
                                           OFFSET 0) cy
                      CROSS JOIN LATERAL (SELECT pith.year_evidence(y, cy.years) AS ya,
                                                 pith.author_evidence(fam, wa.authors) AS aa,
                                                 pith.container_evidence(ctr, cw.venue) AS ca
                                          OFFSET 0) e
                     WHERE NOT (cw.metadata_source IS NOT DISTINCT FROM 'raw_reference'
                                AND pith.title_key(cw.title) OPERATOR(pg_catalog.=) ANY (own_keys))
                       -- an identifier of the reference that names something else contradicts
                       AND NOT (ax IS NOT NULL AND b.a IS NOT NULL AND pith.arxiv_base(b.a) OPERATOR(pith.<>) ax)
                       AND NOT pith.contradicting_doi(d::text, cw.doi::text)
                )
                SELECT j.* FROM judged j
                 ORDER BY j.ok DESC, j.rank DESC, j.s DESC,
                          (j.ms IS NOT DISTINCT FROM 'raw_reference'), (j.w IS NULL),
                          j.a, j.dd, j.wy, j.ttl, j.w
                 LIMIT 2
            LOOP
                n := n OPERATOR(pg_catalog.+) 1;
                IF n OPERATOR(pg_catalog.=) 1 THEN
                    best := c;
                    seen := GREATEST(seen, c.s);
                ELSE
                    second := c;
                END IF;
            END LOOP;
        ELSE
            FOR c IN
                WITH probe AS (
                    -- titles sharing the first or last A characters of the key
                    SELECT p.arxiv_id AS a, NULL::uuid AS w, p.title AS ttl
                      FROM pith.papers p
                     WHERE (((pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                             AND (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
                         OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(p.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                             AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(p.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end))
                    UNION ALL
                    SELECT v.arxiv_id, NULL::uuid, v.title
                      FROM pith.paper_versions v
                     WHERE (((pg_catalog.left(pith.title_key(v.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                             AND (pg_catalog.left(pith.title_key(v.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
                         OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(v.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                             AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(v.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end))
                    UNION ALL
                    SELECT w.arxiv_id, w.work_id, w.title
                      FROM pith.cited_works w
                     WHERE (((pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                             AND (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
                         OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(w.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                             AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(w.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end))
                ), best_titles AS (
                    -- scored (a paper found by its row and by a version's title
                    -- is one entity: it ranks by its better title)
                    SELECT pr0.a, pr0.w, pr0.ttl, sc0.s,
                           -- the reference's title holds the whole catalog title
                           (pg_catalog.length(sc0.k) OPERATOR(pg_catalog.>=) 20
                            AND pg_catalog.strpos(tkey, sc0.k) OPERATOR(pg_catalog.>) 0) AS inside,
                           -- the catalog title begins with the reference's (the
                           -- parser cut it at a subtitle or a quote)
                           (pg_catalog.length(tkey) OPERATOR(pg_catalog.>=) 16
                            AND pg_catalog.starts_with(sc0.k, tkey)) AS pre
                      FROM probe pr0
                     CROSS JOIN LATERAL (SELECT k0.k, pith.title_key_similarity(k0.k, tkey) AS s
                                           FROM (SELECT pith.title_key(pr0.ttl) AS k) k0
                                         OFFSET 0) sc0
                     WHERE sc0.s OPERATOR(pg_catalog.>=) 0.5
                        OR (pg_catalog.length(sc0.k) OPERATOR(pg_catalog.>=) 20
                            AND pg_catalog.strpos(tkey, sc0.k) OPERATOR(pg_catalog.>) 0)
                        OR (pg_catalog.length(tkey) OPERATOR(pg_catalog.>=) 16
                            AND pg_catalog.starts_with(sc0.k, tkey))
                ), judged AS (
                    SELECT b.a, b.w, b.ttl, b.s, cw.doi AS dd, cw.year AS wy, cw.metadata_source AS ms,
                           b.s OPERATOR(pg_catalog.+) (0.02 OPERATOR(pg_catalog.*)
                               (e.ya OPERATOR(pg_catalog.+) e.aa OPERATOR(pg_catalog.+) e.ca)) AS rank,
                           (pith.candidate_accepted(b.s, b.inside, e.ya, e.aa, e.ca, cy.years IS NOT NULL,
                               COALESCE(pg_catalog.cardinality(wa.authors), 0) OPERATOR(pg_catalog.>) 0
                               AND (fam IS NOT NULL OR pith.author_family(wa.authors[1]) IS NOT NULL), thr)
                            -- a title cut short: the author agreeing and the very year
                            OR COALESCE(b.pre AND e.aa OPERATOR(pg_catalog.=) 1
                                        AND y OPERATOR(pg_catalog.=) ANY (cy.years), false)) AS ok
                      FROM best_titles b
                      -- lateral lookups: by key for each candidate, whatever the plan
                      LEFT JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                          WHERE cw0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) cw ON true
                      LEFT JOIN LATERAL (SELECT wa0.* FROM pith.cited_work_authors wa0
                                          WHERE wa0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) wa ON true
                      CROSS JOIN LATERAL (SELECT NULLIF(ARRAY(SELECT yy.y
                                           FROM (SELECT pg_catalog.unnest(ARRAY[
                                                     pg_catalog.date_part('year', p.submitted_at AT TIME ZONE 'UTC')::int,
                                                     pg_catalog.date_part('year', p.last_updated AT TIME ZONE 'UTC')::int]) AS y
                                                   FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                                 UNION ALL
                                                 SELECT pg_catalog.date_part('year', v.submitted_at AT TIME ZONE 'UTC')::int
                                                   FROM pith.paper_versions v WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                                 UNION ALL
                                                 SELECT cw.year) yy WHERE yy.y IS NOT NULL), '{}'::int[]) AS years
                                           OFFSET 0) cy
                      CROSS JOIN LATERAL (SELECT pith.year_evidence(y, cy.years) AS ya,
                                                 pith.author_evidence(fam, wa.authors) AS aa,
                                                 pith.container_evidence(ctr, cw.venue) AS ca
                                          OFFSET 0) e
                     WHERE NOT (cw.metadata_source IS NOT DISTINCT FROM 'raw_reference'
                                AND pith.title_key(cw.title) OPERATOR(pg_catalog.=) ANY (own_keys))
                       -- an identifier of the reference that names something else contradicts
                       AND NOT (ax IS NOT NULL AND b.a IS NOT NULL AND pith.arxiv_base(b.a) OPERATOR(pith.<>) ax)
                       AND NOT pith.contradicting_doi(d::text, cw.doi::text)
                )
                SELECT j.* FROM judged j
                 ORDER BY j.ok DESC, j.rank DESC, j.s DESC,
                          (j.ms IS NOT DISTINCT FROM 'raw_reference'), (j.w IS NULL),
                          j.a, j.dd, j.wy, j.ttl, j.w
                 LIMIT 2
            LOOP
                n := n OPERATOR(pg_catalog.+) 1;
                IF n OPERATOR(pg_catalog.=) 1 THEN
                    best := c;
                    seen := GREATEST(seen, c.s);
                ELSE
                    second := c;
                END IF;
            END LOOP;
        END IF;
        IF n OPERATOR(pg_catalog.=) 0 THEN
            CONTINUE;
        END IF;
        IF best.ok THEN
            -- two works that are certainly different, tied on every piece
            -- of evidence: no answer rather than a coin toss
            IF n OPERATOR(pg_catalog.=) 2 THEN
                IF second.ok
                   AND second.rank OPERATOR(pg_catalog.=) best.rank AND second.s OPERATOR(pg_catalog.=) best.s
                   AND ((best.dd IS NOT NULL AND second.dd IS NOT NULL AND best.dd OPERATOR(pith.<>) second.dd)
                        OR (best.a IS NOT NULL AND second.a IS NOT NULL
                            AND pith.arxiv_base(best.a) OPERATOR(pith.<>) pith.arxiv_base(second.a))) THEN
                    EXIT;
                END IF;
            END IF;
            status := 'verified_fuzzy';
            arxiv_id := best.a;
            work_id := best.w;
            matched_title := best.ttl;
            score := best.s;
            resolver_source := 'pith.resolve_reference:title';
            RETURN NEXT;
            RETURN;
        END IF;
    END LOOP;

    -- 4. catalog titles found in the raw text, whatever the parser made
    -- of the title's boundaries: at each of the first 32 words of the
    -- reference, the catalog keys that start with the raw key's next 16
    -- characters and sort nearest at or before the rest of it (on the
    -- title key indexes of papers and cited_works, 4 from each: a title
    -- printed whole is a prefix of the rest of the key and so sorts just
    -- before it; older arXiv titles in paper_versions are left to rule 3),
    -- scored against as much of the raw key as the catalog key is long; accepted at or above the threshold like a title candidate,
    -- the first author counting as agreeing when the reference's text
    -- holds the work's first author's family name, and as contradicting
    -- when it does not
    IF raw_text IS NOT NULL THEN
        anchors := pith.title_key_anchors(raw_text, 32);
        n := 0;
        FOR c IN
            WITH anchor AS (
                SELECT DISTINCT ON (x.ak) x.ak, x.pre, x.pre OPERATOR(pg_catalog.||) pg_catalog.chr(1114111) AS pre_end
                  FROM (SELECT u.ak, pg_catalog.left(u.ak, 16) AS pre, u.i
                          FROM pg_catalog.unnest(anchors) WITH ORDINALITY u(ak, i)
                         WHERE pg_catalog.length(u.ak) OPERATOR(pg_catalog.>=) 16) x
                 ORDER BY x.ak, x.i
            ), probe AS (
                SELECT an.ak, h.a, h.w, h.ttl
                  FROM anchor an
                 CROSS JOIN LATERAL (
                     (SELECT p.arxiv_id AS a, NULL::uuid AS w, p.title AS ttl
                        FROM pith.papers p
                       WHERE (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) an.pre
                         AND (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.<=) an.ak
                       ORDER BY (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") DESC
                       LIMIT 4)
                     UNION ALL
                     (SELECT w.arxiv_id, w.work_id, w.title
                        FROM pith.cited_works w
                       WHERE (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) an.pre
                         AND (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.<=) an.ak
                       ORDER BY (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") DESC
                       LIMIT 4)) h
            ), best_titles AS (
                -- one row per entity, at its best anchor
                SELECT DISTINCT ON (sc0.a, sc0.w) sc0.a, sc0.w, sc0.ttl, sc0.k, sc0.s
                  FROM (SELECT pr0.a, pr0.w, pr0.ttl, k0.k,
                               pith.title_key_similarity(k0.k, pg_catalog.left(pr0.ak, pg_catalog.length(k0.k))) AS s
                          FROM probe pr0
                         CROSS JOIN LATERAL (SELECT pith.title_key(pr0.ttl) AS k OFFSET 0) k0) sc0
                 WHERE sc0.s OPERATOR(pg_catalog.>=) thr
                 ORDER BY sc0.a, sc0.w, sc0.s DESC, sc0.ttl
            ), judged AS (
                SELECT b.a, b.w, b.ttl, b.s, b.k, cw.doi AS dd, cw.year AS wy, cw.metadata_source AS ms,
                       b.s OPERATOR(pg_catalog.+) (0.02 OPERATOR(pg_catalog.*)
                           (e.ya OPERATOR(pg_catalog.+) e.aa OPERATOR(pg_catalog.+) e.ca)) AS rank,
                       pith.candidate_accepted(b.s, false, e.ya, e.aa, e.ca, cy.years IS NOT NULL,
                           COALESCE(pg_catalog.cardinality(wa.authors), 0) OPERATOR(pg_catalog.>) 0
                               AND (fam IS NOT NULL OR pith.author_family(wa.authors[1]) IS NOT NULL), thr)
                       -- beside a parsed title that found nothing, a title found in
                       -- the text is too often another work's (the book the
                       -- reference is a chapter of): an author or the container
                       -- must agree then
                       AND (e.aa OPERATOR(pg_catalog.=) 1 OR e.ca OPERATOR(pg_catalog.=) 1 OR t IS NULL) AS ok
                  FROM best_titles b
                  LEFT JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                      WHERE cw0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) cw ON true
                  LEFT JOIN LATERAL (SELECT wa0.* FROM pith.cited_work_authors wa0
                                      WHERE wa0.work_id OPERATOR(pg_catalog.=) b.w OFFSET 0) wa ON true
                  CROSS JOIN LATERAL (SELECT NULLIF(ARRAY(SELECT yy.y
                                       FROM (SELECT pg_catalog.unnest(ARRAY[
                                                 pg_catalog.date_part('year', p.submitted_at AT TIME ZONE 'UTC')::int,
                                                 pg_catalog.date_part('year', p.last_updated AT TIME ZONE 'UTC')::int]) AS y
                                               FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                             UNION ALL
                                             SELECT pg_catalog.date_part('year', v.submitted_at AT TIME ZONE 'UTC')::int
                                               FROM pith.paper_versions v WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(b.a)
                                             UNION ALL
                                             SELECT cw.year) yy WHERE yy.y IS NOT NULL), '{}'::int[]) AS years
                                       OFFSET 0) cy
                  CROSS JOIN LATERAL (SELECT pith.year_evidence(y, cy.years) AS ya,
                                             pith.author_evidence(fam, wa.authors) AS pa,
                                             pith.author_evidence(pith.author_family(wa.authors[1]), ARRAY[raw_text]) AS ra,
                                             pith.container_evidence(ctr, cw.venue) AS ca
                                      OFFSET 0) e0
                  CROSS JOIN LATERAL (SELECT e0.ya, e0.ca,
                                             CASE WHEN e0.pa OPERATOR(pg_catalog.=) 1 OR e0.ra OPERATOR(pg_catalog.=) 1 THEN 1
                                                  WHEN e0.pa OPERATOR(pg_catalog.=) -1 OR e0.ra OPERATOR(pg_catalog.=) -1 THEN -1
                                                  ELSE 0 END AS aa
                                      OFFSET 0) e
                 WHERE NOT (cw.metadata_source IS NOT DISTINCT FROM 'raw_reference'
                            AND pith.title_key(cw.title) OPERATOR(pg_catalog.=) ANY (own_keys))
                   AND NOT (ax IS NOT NULL AND b.a IS NOT NULL AND pith.arxiv_base(b.a) OPERATOR(pith.<>) ax)
                   AND NOT pith.contradicting_doi(d::text, cw.doi::text)
            )
            SELECT j.* FROM judged j
             ORDER BY j.ok DESC, j.rank DESC, j.s DESC, pg_catalog.length(j.k) DESC,
                      (j.ms IS NOT DISTINCT FROM 'raw_reference'), (j.w IS NULL),
                      j.a, j.dd, j.wy, j.ttl, j.w
             LIMIT 2
        LOOP
            n := n OPERATOR(pg_catalog.+) 1;
            IF n OPERATOR(pg_catalog.=) 1 THEN
                rbest := c;
            ELSE
                rsecond := c;
            END IF;
        END LOOP;
        raw_ok := false;
        IF n OPERATOR(pg_catalog.>) 0 THEN
            raw_ok := rbest.ok;
            IF raw_ok AND n OPERATOR(pg_catalog.=) 2 THEN
                -- two certainly different works tied on everything: no answer
                IF rsecond.ok AND rsecond.rank OPERATOR(pg_catalog.=) rbest.rank
                   AND rsecond.s OPERATOR(pg_catalog.=) rbest.s
                   AND pg_catalog.length(rsecond.k) OPERATOR(pg_catalog.=) pg_catalog.length(rbest.k)
                   AND ((rbest.dd IS NOT NULL AND rsecond.dd IS NOT NULL AND rbest.dd OPERATOR(pith.<>) rsecond.dd)
                        OR (rbest.a IS NOT NULL AND rsecond.a IS NOT NULL
                            AND pith.arxiv_base(rbest.a) OPERATOR(pith.<>) pith.arxiv_base(rsecond.a))) THEN
                    raw_ok := false;
                END IF;
            END IF;
        END IF;
        IF raw_ok THEN
            status := 'verified_fuzzy';
            arxiv_id := rbest.a;
            work_id := rbest.w;
            matched_title := rbest.ttl;
            score := rbest.s;
            resolver_source := 'pith.resolve_reference:raw_title';
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;

    -- 5. no title, or none found: a work whose locator the catalog holds
    -- (pith.cited_work_locators) with its first page and its volume among
    -- the numbers of the text, the year agreeing, the first author (as in
    -- rule 4) or the container agreeing and neither contradicting
    IF raw_text IS NOT NULL THEN
        -- the numbers of the text (the parser often labels a page a volume,
        -- or leaves one out): "Phys. Lett. B 689 66", "J. Phys. G39, 063001"
        SELECT pg_catalog.array_agg(DISTINCT pg_catalog.lower(m.m[1])),
               pg_catalog.array_agg(DISTINCT pith.locator_volume(m.m[1]))
          INTO nums, digits
          FROM (SELECT mm AS m FROM pg_catalog.regexp_matches(raw_text, '([[:alnum:]]*[0-9][[:alnum:]]*)', 'g') mm
                 LIMIT 40) m;
        n := 0;
        FOR c IN
            WITH judged AS (
                SELECT cw.arxiv_id AS a, cw.work_id AS w, cw.title AS ttl, cw.doi AS dd, cw.year AS wy,
                       e.ya, e.aa, e.ca,
                       (e.ya OPERATOR(pg_catalog.>=) 0 AND e.aa OPERATOR(pg_catalog.>=) 0
                        AND (e.aa OPERATOR(pg_catalog.=) 1 OR e.ca OPERATOR(pg_catalog.=) 1)
                        AND (e.ya OPERATOR(pg_catalog.=) 1 OR e.ca OPERATOR(pg_catalog.=) 1)) AS ok,
                       e.aa OPERATOR(pg_catalog.+) e.ca AS rank,
                       -- then the work more of whose authors the text names
                       COALESCE(pith.author_names_in_text(wa.authors, raw_text), 0) AS named
                  FROM pith.cited_work_locators l
                  JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                 WHERE cw0.work_id OPERATOR(pg_catalog.=) l.work_id OFFSET 0) cw ON true
                  LEFT JOIN LATERAL (SELECT wa0.* FROM pith.cited_work_authors wa0
                                      WHERE wa0.work_id OPERATOR(pg_catalog.=) l.work_id OFFSET 0) wa ON true
                  CROSS JOIN LATERAL (SELECT pith.year_evidence(y, ARRAY[cw.year]) AS ya,
                                             pith.author_evidence(fam, wa.authors) AS pa,
                                             pith.author_evidence(pith.author_family(wa.authors[1]), ARRAY[raw_text]) AS ra,
                                             -- the venue agrees with the container, with the
                                             -- "title" (often the journal in such a reference),
                                             -- or is printed in the text (8 characters or more)
                                             GREATEST(pith.container_evidence(ctr, cw.venue),
                                                      pith.container_evidence(t, cw.venue),
                                                      CASE WHEN pg_catalog.length(pith.normalize_title(cw.venue)) OPERATOR(pg_catalog.>=) 8
                                                           THEN pith.author_evidence(pith.normalize_title(cw.venue), ARRAY[raw_text])
                                                           ELSE 0 END) AS ca
                                      OFFSET 0) e0
                  CROSS JOIN LATERAL (SELECT e0.ya, e0.ca,
                                             CASE WHEN e0.pa OPERATOR(pg_catalog.=) 1 OR e0.ra OPERATOR(pg_catalog.=) 1 THEN 1
                                                  WHEN e0.pa OPERATOR(pg_catalog.=) -1 OR e0.ra OPERATOR(pg_catalog.=) -1 THEN -1
                                                  ELSE 0 END AS aa
                                      OFFSET 0) e
                 WHERE pith.locator_page(l.first_page) OPERATOR(pg_catalog.=) ANY (nums)
                   AND pith.locator_volume(l.volume) OPERATOR(pg_catalog.=) ANY (digits)
                   AND NOT (cw.metadata_source OPERATOR(pg_catalog.=) 'raw_reference')
                   AND NOT (ax IS NOT NULL AND cw.arxiv_id IS NOT NULL AND pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.<>) ax)
                   AND NOT pith.contradicting_doi(d::text, cw.doi::text)
            )
            SELECT j.* FROM judged j
             ORDER BY j.ok DESC, j.rank DESC, j.named DESC, j.dd, j.wy, j.ttl, j.w
             LIMIT 2
        LOOP
            n := n OPERATOR(pg_catalog.+) 1;
            IF n OPERATOR(pg_catalog.=) 1 THEN
                lbest := c;
            ELSE
                lsecond := c;
            END IF;
        END LOOP;
        raw_ok := false;
        IF n OPERATOR(pg_catalog.>) 0 THEN
            raw_ok := lbest.ok;
            -- two works with the same locator and the same evidence: no answer
            IF raw_ok AND n OPERATOR(pg_catalog.=) 2 THEN
                IF lsecond.ok AND lsecond.rank OPERATOR(pg_catalog.=) lbest.rank
                   AND lsecond.named OPERATOR(pg_catalog.=) lbest.named THEN
                    raw_ok := false;
                END IF;
            END IF;
        END IF;
        IF raw_ok THEN
            status := 'verified_fuzzy';
            arxiv_id := lbest.a;
            work_id := lbest.w;
            matched_title := lbest.ttl;
            score := NULL;
            resolver_source := 'pith.resolve_reference:locator';
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;

    -- 6. the works of the reference's first author (the family name of
    -- their first author, cited_work_authors_family_idx) with the year
    -- agreeing: one whose title (6 characters of key or more) is in the
    -- text at a word's start (16 or more: anywhere) -- a short title the
    -- raw text search (rule 4) does not look up, or one past its first 32
    -- words --, or, when the catalog holds no title for it (a journal
    -- article whose record lost its title, a book known by its series or
    -- collection), whose venue agrees with the reference's container or is
    -- its title (a book cited by the name the catalog holds as its venue)
    -- or is printed in the text; a locator of the work that the text does
    -- not print contradicts.  Two such works tied on the exact year and
    -- the authors named: no answer
    IF fam IS NOT NULL AND (y IS NOT NULL OR tyears IS NOT NULL) THEN
        rkey := pith.title_key(raw_text);
        n := 0;
        FOR c IN
            WITH judged AS (
                SELECT cw.arxiv_id AS a, cw.work_id AS w, cw.doi AS dd, cw.year AS wy,
                       (cw.year OPERATOR(pg_catalog.=) y)::int AS exact_year,
                       COALESCE(pith.author_names_in_text(wa.authors, raw_text), 0) AS named,
                       (pith.container_evidence(ctr, cw.venue) OPERATOR(pg_catalog.=) 1
                        OR (tkey IS NOT NULL
                            AND pith.title_key_similarity(pith.title_key(cw.venue), tkey) OPERATOR(pg_catalog.>=) thr)
                        OR (raw_text IS NOT NULL
                            AND pg_catalog.length(pith.normalize_title(cw.venue)) OPERATOR(pg_catalog.>=) 8
                            AND pith.author_evidence(pith.normalize_title(cw.venue), ARRAY[raw_text]) OPERATOR(pg_catalog.=) 1)) AS venue_ok,
                       cw.title AS ttl, tk.k
                  -- (at most 500 works of one first author, in work_id order
                  -- along the index: a bounded, repeatable look)
                  FROM (SELECT wa0.* FROM pith.cited_work_authors wa0
                         WHERE pith.author_family(wa0.authors[1]) OPERATOR(pg_catalog.=) fam
                         ORDER BY wa0.work_id
                         LIMIT 500) wa
                  JOIN LATERAL (SELECT cw0.* FROM pith.cited_works cw0
                                 WHERE cw0.work_id OPERATOR(pg_catalog.=) wa.work_id OFFSET 0) cw ON true
                  CROSS JOIN LATERAL (SELECT pith.title_key(cw.title) AS k OFFSET 0) tk
                  LEFT JOIN LATERAL (SELECT l0.* FROM pith.cited_work_locators l0
                                      WHERE l0.work_id OPERATOR(pg_catalog.=) wa.work_id OFFSET 0) l ON true
                 WHERE (pith.year_evidence(y, ARRAY[cw.year]) OPERATOR(pg_catalog.=) 1
                        -- a title found whole in the text may take its year
                        -- from any year of the text (the parser's may be
                        -- a conference's or a title's)
                        OR (cw.title IS NOT NULL AND pith.year_evidence(cw.year, tyears) OPERATOR(pg_catalog.=) 1))
                   AND NOT (cw.metadata_source OPERATOR(pg_catalog.=) 'raw_reference')
                   AND (l.work_id IS NULL
                        OR (pith.locator_page(l.first_page) OPERATOR(pg_catalog.=) ANY (nums)
                            AND pith.locator_volume(l.volume) OPERATOR(pg_catalog.=) ANY (digits)))
                   AND NOT (ax IS NOT NULL AND cw.arxiv_id IS NOT NULL AND pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.<>) ax)
                   AND NOT pith.contradicting_doi(d::text, cw.doi::text)
            )
            SELECT j.* FROM judged j
             WHERE CASE WHEN j.ttl IS NULL THEN COALESCE(j.venue_ok, false)
                        ELSE pg_catalog.length(j.k) OPERATOR(pg_catalog.>=) 6
                             AND ((pg_catalog.length(j.k) OPERATOR(pg_catalog.>=) 16
                                   AND pg_catalog.strpos(rkey, j.k) OPERATOR(pg_catalog.>) 0)
                                  OR EXISTS (SELECT 1 FROM pg_catalog.unnest(anchors) an(ak)
                                              WHERE pg_catalog.starts_with(an.ak, j.k))) END
             ORDER BY j.exact_year DESC, j.named DESC, j.dd, j.wy, j.w
             LIMIT 2
        LOOP
            n := n OPERATOR(pg_catalog.+) 1;
            IF n OPERATOR(pg_catalog.=) 1 THEN
                vbest := c;
            ELSE
                vsecond := c;
            END IF;
        END LOOP;
        raw_ok := n OPERATOR(pg_catalog.>) 0;
        IF n OPERATOR(pg_catalog.=) 2 THEN
            IF vsecond.exact_year OPERATOR(pg_catalog.=) vbest.exact_year
               AND vsecond.named OPERATOR(pg_catalog.=) vbest.named THEN
                raw_ok := false;
            END IF;
        END IF;
        IF raw_ok THEN
            status := 'verified_fuzzy';
            arxiv_id := vbest.a;
            work_id := vbest.w;
            matched_title := vbest.ttl;
            -- a title found whole in the text; none compared for a venue
            score := CASE WHEN vbest.ttl IS NOT NULL THEN 1.0::float8 END;
            resolver_source := CASE WHEN vbest.ttl IS NULL THEN 'pith.resolve_reference:venue'
                                    ELSE 'pith.resolve_reference:raw_title' END;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;

    -- 7. nothing known matches: no title to search with (rule 2), or no
    -- title found
    IF malformed IS NOT NULL AND ax IS NULL AND d IS NULL THEN
        status := 'malformed_identifier';
        resolver_source := 'pith.resolve_reference:identifier';
    ELSIF t IS NULL THEN
        status := 'parse_uncertain';
        resolver_source := 'pith.resolve_reference:parse';
    ELSE
        status := 'unresolved';
        resolver_source := 'pith.resolve_reference:title';
        score := seen;    -- the best score seen, for the record
    END IF;
    RETURN NEXT;
END
$$;
COMMENT ON FUNCTION pith.resolve_reference(text, text, int, pith.arxiv_id, pith.doi, text[], text) IS
    'resolve one reference against papers, paper_versions, cited_works and cited_work_authors: exactly one row with its state (SPEC section 4), the arXiv id and work it names or matches, the matched title, the score and the rule that decided';

-- Partial unique index: at most one work per arXiv paper created from the
-- catalog, so concurrent resolvers never create it twice.
CREATE UNIQUE INDEX cited_works_arxiv_catalog_uidx ON pith.cited_works (pith.arxiv_base(arxiv_id))
    WHERE metadata_source OPERATOR(pg_catalog.=) 'arxiv';

-- The canonical work of an arXiv paper: an existing non-raw_reference work
-- with its id, else one created from the papers row (metadata_source 'arxiv').
CREATE FUNCTION pith.paper_work(paper pith.arxiv_id)
    RETURNS uuid
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, pith
    AS $$
DECLARE
    w uuid;
    p record;
BEGIN
    SELECT cw.work_id INTO w
      FROM pith.cited_works cw
     WHERE pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.=) pith.arxiv_base(paper)
       AND cw.metadata_source OPERATOR(pg_catalog.<>) 'raw_reference'
     ORDER BY (cw.metadata_source OPERATOR(pg_catalog.=) 'arxiv') DESC, cw.snapshot_observed_at, cw.work_id
     LIMIT 1;
    IF w IS NOT NULL THEN
        RETURN w;
    END IF;
    -- the papers row first, then INSERT ... VALUES: on Citus an INSERT ...
    -- SELECT into a reference table counts the rows it tried, not the rows
    -- it wrote, and with RETURNING INTO a conflict (another session created
    -- the work meanwhile) fails "consistency check on SPI tuple count"
    SELECT pp.title, pp.arxiv_id, pg_catalog.date_part('year', pp.submitted_at AT TIME ZONE 'UTC')::int AS year,
           pp.snapshot_observed_at INTO p
      FROM pith.papers pp
     WHERE pp.arxiv_id OPERATOR(pith.=) pith.arxiv_base(paper);
    IF FOUND THEN
        INSERT INTO pith.cited_works (title, arxiv_id, year, metadata_source, snapshot_observed_at)
        VALUES (p.title, p.arxiv_id, p.year, 'arxiv', p.snapshot_observed_at)
        ON CONFLICT (pith.arxiv_base(arxiv_id)) WHERE metadata_source OPERATOR(pg_catalog.=) 'arxiv' DO NOTHING
        RETURNING cited_works.work_id INTO w;
    END IF;
    IF w IS NULL THEN
        SELECT cw.work_id INTO w
          FROM pith.cited_works cw
         WHERE pith.arxiv_base(cw.arxiv_id) OPERATOR(pith.=) pith.arxiv_base(paper)
           AND cw.metadata_source OPERATOR(pg_catalog.=) 'arxiv';
    END IF;
    RETURN w;
END
$$;
COMMENT ON FUNCTION pith.paper_work(pith.arxiv_id) IS
    'work_id of the canonical work of an arXiv paper in pith.papers, created from the papers row (metadata_source arxiv) when there is none; NULL when the paper is unknown';

CREATE FUNCTION pith.resolve_paper(arxiv_id pith.arxiv_id, force boolean DEFAULT false)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, pith
    AS $$
#variable_conflict use_variable
DECLARE
    paper   pith.arxiv_id := pith.arxiv_base(arxiv_id);
    written integer := 0;
    k       integer;
    r       record;
BEGIN
    IF force IS NULL THEN
        RAISE EXCEPTION 'force must not be NULL' USING ERRCODE = '22004';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) paper) THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', paper::text
            USING ERRCODE = '22023', DETAIL = 'Only papers of the catalog have references to resolve.';
    END IF;
    -- plans made while the tables were small are not kept while they grow
    PERFORM pith.discard_outgrown_plans();
    -- one resolver per paper at a time; other papers go on in parallel
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('pith.resolve_paper:' OPERATOR(pg_catalog.||) paper::text, 0));

    -- (the arrays live in this block only)
    DECLARE
        -- the references to resolve (q_) and their answers (o_), in one order;
        -- the works created for arXiv papers linked without one (pw_)
        q_id     uuid[];
        q_raw    text[];
        q_title  text[];
        q_year   int[];
        q_arxiv  pith.arxiv_id[];
        q_doi    pith.doi[];
        o_id     uuid[];
        o_status pith.resolution_status[];
        o_arxiv  pith.arxiv_id[];
        o_work   uuid[];
        o_score  float8[];
        o_source text[];
        pw_arxiv pith.arxiv_id[] := '{}';
        pw_work  uuid[] := '{}';
    BEGIN
        -- resolve first, write afterwards: the catalog works that verified links
        -- need are created last and in arXiv-id order, so sessions that create
        -- the same work wait on each other only briefly and never deadlock.
        -- The paper's references are read first, then resolved in one statement
        -- over those arrays: on Citus, a function that reads the catalog must
        -- not run per row inside the distributed query over paper_references.
        -- (Arrays, not a temporary table: creating one per transaction costs
        -- catalog writes.)
        SELECT pg_catalog.array_agg(pr.observation_id), pg_catalog.array_agg(pr.raw_text),
               pg_catalog.array_agg(pr.title), pg_catalog.array_agg(pr.year),
               pg_catalog.array_agg(pr.pith_arxiv_id), pg_catalog.array_agg(pr.doi)
          INTO q_id, q_raw, q_title, q_year, q_arxiv, q_doi
          FROM pith.paper_references pr
         WHERE pr.citing_arxiv_id OPERATOR(pith.=) paper
           AND (force OR NOT EXISTS (SELECT 1 FROM pith.paper_reference_links l
                                      WHERE l.citing_arxiv_id OPERATOR(pith.=) pr.citing_arxiv_id
                                        AND l.observation_id OPERATOR(pg_catalog.=) pr.observation_id));
        SELECT pg_catalog.array_agg(t.id ORDER BY t.i), pg_catalog.array_agg(rr.status ORDER BY t.i),
               pg_catalog.array_agg(rr.arxiv_id ORDER BY t.i), pg_catalog.array_agg(rr.work_id ORDER BY t.i),
               pg_catalog.array_agg(rr.score ORDER BY t.i), pg_catalog.array_agg(rr.resolver_source ORDER BY t.i)
          INTO o_id, o_status, o_arxiv, o_work, o_score, o_source
          FROM ROWS FROM (pg_catalog.unnest(q_id), pg_catalog.unnest(q_raw), pg_catalog.unnest(q_title),
                          pg_catalog.unnest(q_year), pg_catalog.unnest(q_arxiv), pg_catalog.unnest(q_doi))
                   WITH ORDINALITY AS t(id, raw, title, year, ax, doi, i)
         CROSS JOIN LATERAL pith.resolve_reference(t.raw, t.title, t.year, t.ax, t.doi) rr;

        -- the paper's write row, as ingest_record and refresh_inbound lock it,
        -- before the first write: a row of one shard on Citus (a row lock on
        -- pith.papers would lock that reference table's whole shard, and every
        -- other writer with it).  The catalog works below are the only rows of
        -- a reference table this writes, and only those not stored yet.
        PERFORM pith.lock_papers(ARRAY[paper]);
        FOR r IN SELECT DISTINCT t.a FROM ROWS FROM (pg_catalog.unnest(o_status), pg_catalog.unnest(o_arxiv),
                                                     pg_catalog.unnest(o_work)) AS t(status, a, w)
                  WHERE t.status IN ('verified_exact', 'verified_fuzzy') AND t.w IS NULL
                  ORDER BY 1
        LOOP
            pw_arxiv := pw_arxiv OPERATOR(pg_catalog.||) r.a;
            pw_work := pw_work OPERATOR(pg_catalog.||) pith.paper_work(r.a);
        END LOOP;

        IF force THEN
            INSERT INTO pith.paper_reference_links AS l
                   (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
            SELECT paper, t.id, COALESCE(t.w, pw.w), t.status, t.source, pg_catalog.now(), t.score
              FROM ROWS FROM (pg_catalog.unnest(o_id), pg_catalog.unnest(o_status), pg_catalog.unnest(o_arxiv),
                              pg_catalog.unnest(o_work), pg_catalog.unnest(o_score), pg_catalog.unnest(o_source))
                       WITH ORDINALITY AS t(id, status, a, w, score, source, i)
              LEFT JOIN ROWS FROM (pg_catalog.unnest(pw_arxiv), pg_catalog.unnest(pw_work)) AS pw(a, w)
                ON t.w IS NULL AND t.status IN ('verified_exact', 'verified_fuzzy') AND pw.a OPERATOR(pith.=) t.a
             ORDER BY t.i
            ON CONFLICT (citing_arxiv_id, observation_id) DO UPDATE
               SET work_id = excluded.work_id, status = excluded.status,
                   resolver_source = excluded.resolver_source, observed_at = excluded.observed_at,
                   score = excluded.score;
        ELSE
            INSERT INTO pith.paper_reference_links
                   (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
            SELECT paper, t.id, COALESCE(t.w, pw.w), t.status, t.source, pg_catalog.now(), t.score
              FROM ROWS FROM (pg_catalog.unnest(o_id), pg_catalog.unnest(o_status), pg_catalog.unnest(o_arxiv),
                              pg_catalog.unnest(o_work), pg_catalog.unnest(o_score), pg_catalog.unnest(o_source))
                       WITH ORDINALITY AS t(id, status, a, w, score, source, i)
              LEFT JOIN ROWS FROM (pg_catalog.unnest(pw_arxiv), pg_catalog.unnest(pw_work)) AS pw(a, w)
                ON t.w IS NULL AND t.status IN ('verified_exact', 'verified_fuzzy') AND pw.a OPERATOR(pith.=) t.a
             ORDER BY t.i
            ON CONFLICT (citing_arxiv_id, observation_id) DO NOTHING;
        END IF;
        GET DIAGNOSTICS k = ROW_COUNT;
        written := written OPERATOR(pg_catalog.+) k;
        -- the inbound rows of the papers these references name: a forced run
        -- may have moved a link to another work, so stale rows go too
        IF k OPERATOR(pg_catalog.>) 0 THEN
            PERFORM pith.refresh_inbound(ARRAY[paper], force);
        END IF;
    END;
    RETURN written;
END
$$;
COMMENT ON FUNCTION pith.resolve_paper(pith.arxiv_id, boolean) IS
    'resolve every reference of a paper (only those without a link unless force) into paper_reference_links in one transaction; returns the number of links written';
