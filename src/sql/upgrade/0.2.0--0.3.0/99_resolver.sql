-- 99_resolver.sql -- 0.2.0 -> 0.3.0: the resolver's end-to-end recall
-- (issue 12).  Objects changed (same text as src/sql/65_resolver.sql):
--   replaced: pith.container_evidence (equal short keys and word-by-word
--             abbreviations agree; moved here from 20_resolver.sql),
--             pith.resolve_reference (rule 6: the works of the first
--             author by title in the text or, untitled, by venue; a title
--             cut at a subtitle; the text's one year when none is parsed;
--             a DOI cut short contradicts nothing; an unusable catalog
--             author list asks no author agreement of a reference naming
--             none; rule 5 prefers the work more of whose authors the text
--             names and takes the venue from the title or the text; moved
--             here from 92_resolver.sql);
--   new:      pith.author_names_in_text, pith.contradicting_doi, index
--             cited_work_authors_family_idx.
--   (pith.author_family, unchanged in SQL, now reads a one-word name in
--   capitals as a family name: its C code.)

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

-- The family name of a work's first author, for rule 6 of
-- resolve_reference: the works a reference may cite by its author, year
-- and venue when the catalog holds no title for them.
CREATE INDEX cited_work_authors_family_idx
    ON pith.cited_work_authors (pith.author_family(authors[1]), work_id);

CREATE OR REPLACE FUNCTION pith.resolve_reference(raw_text text, title text DEFAULT NULL, year int DEFAULT NULL,
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
