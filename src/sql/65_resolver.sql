-- 65_resolver.sql -- pith's own resolver (SPEC section 4): one reference to
-- one of the six states against the catalog (papers, paper_versions,
-- cited_works), and all of a paper's references into paper_reference_links.
--
-- Rules, in order:
--   1. an arXiv id or DOI (given, or found in the text by parse_reference)
--      that names a known paper or work: its titles -- the paper's, every
--      version's, the work's -- are compared with the reference's title:
--      equal keys -> verified_exact; score at or above
--      pith.title_similarity_threshold and no year contradiction ->
--      verified_fuzzy; otherwise metadata_mismatch; no title at all ->
--      parse_uncertain;
--   2. identifier-looking text that failed validation -> malformed_identifier;
--   3. a "title" that is not one (author list, access date, URL, venue,
--      empty) -> parse_uncertain;
--   4. fuzzy candidates (pith.title_candidates): the best one at or above the
--      threshold whose year agrees within one year when both are known and
--      whose identifiers do not contradict the reference's -> verified_fuzzy;
--   5. otherwise unresolved.
-- A work created from this same raw reference (metadata_source
-- 'raw_reference' with the reference's own title key) is never a candidate.

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

-- Does a reference year agree with a set of catalog years (within one)?
CREATE FUNCTION pith.year_agrees(ref_year int, years int[])
    RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path = pg_catalog, pith
    AS $$
    SELECT $1 IS NULL OR $2 IS NULL OR pg_catalog.cardinality($2) OPERATOR(pg_catalog.=) 0
        OR EXISTS (SELECT 1 FROM pg_catalog.unnest($2) y
                   WHERE pg_catalog.abs(y OPERATOR(pg_catalog.-) $1) OPERATOR(pg_catalog.<=) 1)
$$;
COMMENT ON FUNCTION pith.year_agrees(int, int[]) IS
    'true when the reference year is unknown, no catalog year is known, or one catalog year is within one year of it';

CREATE FUNCTION pith.resolve_reference(raw_text text, title text DEFAULT NULL, year int DEFAULT NULL,
                                       arxiv pith.arxiv_id DEFAULT NULL, doi pith.doi DEFAULT NULL)
    RETURNS TABLE (status pith.resolution_status, arxiv_id pith.arxiv_id, work_id uuid,
                   matched_title text, score float8, resolver_source text)
    LANGUAGE plpgsql STABLE PARALLEL SAFE
    SET search_path = pg_catalog, pith
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
    own_keys  text[];
    thr       float8 := pith.title_similarity_threshold();
    c         record;
    best      record;
    hit       boolean := false;
BEGIN
    IF raw_text IS NOT NULL THEN
        pr := pith.parse_reference(raw_text);
    END IF;
    IF title IS NOT NULL THEN
        pt := pith.parse_reference(title);
    END IF;
    t := coalesce(pt.title, pr.title);
    tkey := pith.title_key(t);
    IF tkey OPERATOR(pg_catalog.=) '' THEN
        t := NULL;
        tkey := NULL;
    END IF;
    -- a year read from the text wins over the year argument: stored years
    -- have been seen taken from arXiv ids (2001 for arXiv:2001.08361)
    y := coalesce(pr.year, pt.year, year);
    ax := pith.arxiv_base(coalesce(arxiv, pr.arxiv_id, pt.arxiv_id));
    d := coalesce(doi, pr.doi, pt.doi);
    malformed := coalesce(pr.malformed_identifier, pt.malformed_identifier);
    -- keys of the works a raw reference like this one would have created
    own_keys := ARRAY[pith.title_key(title), pith.title_key(raw_text), tkey];

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
            SELECT tg.a, tg.w, tg.via, tt.title AS ttl
              FROM targets tg
              CROSS JOIN LATERAL (
                  SELECT p.title FROM pith.papers p
                   WHERE p.arxiv_id OPERATOR(pith.=) pith.arxiv_base(tg.a)
                  UNION ALL
                  SELECT v.title FROM pith.paper_versions v
                   WHERE v.arxiv_id OPERATOR(pith.=) pith.arxiv_base(tg.a) AND v.title IS NOT NULL
                  UNION ALL
                  SELECT cw.title FROM pith.cited_works cw
                   WHERE cw.work_id OPERATOR(pg_catalog.=) tg.w AND cw.title IS NOT NULL
              ) tt
        )
        SELECT ti.a, ti.w, ti.via, ti.ttl,
               CASE WHEN tkey IS NULL THEN NULL
                    WHEN pith.title_key(ti.ttl) OPERATOR(pg_catalog.=) tkey THEN 1.0::float8
                    ELSE pith.title_key_similarity(pith.title_key(ti.ttl), tkey) END AS s
          FROM titled ti
         ORDER BY 5 DESC NULLS LAST, (ti.w IS NULL), ti.via
         LIMIT 1
          INTO best;
        hit := FOUND;
        IF hit THEN
            arxiv_id := best.a;
            matched_title := best.ttl;
            score := best.s;
            resolver_source := 'pith.resolve_reference:' OPERATOR(pg_catalog.||) best.via;
            IF t IS NULL THEN
                status := 'parse_uncertain';
                work_id := NULL;
                score := NULL;
            ELSIF best.s OPERATOR(pg_catalog.=) 1.0 THEN
                status := 'verified_exact';
                work_id := best.w;
            ELSIF best.s OPERATOR(pg_catalog.>=) thr
                  AND pith.year_agrees(y, pith.catalog_years(best.a, best.w)) THEN
                status := 'verified_fuzzy';
                work_id := best.w;
            ELSE
                status := 'metadata_mismatch';
                work_id := NULL;
            END IF;
            RETURN NEXT;
            RETURN;
        END IF;
    END IF;

    -- 2. broken identifiers
    IF malformed IS NOT NULL AND ax IS NULL AND d IS NULL THEN
        status := 'malformed_identifier';
        resolver_source := 'pith.resolve_reference:identifier';
        RETURN NEXT;
        RETURN;
    END IF;

    -- 3. no title to search with
    IF t IS NULL THEN
        status := 'parse_uncertain';
        resolver_source := 'pith.resolve_reference:parse';
        RETURN NEXT;
        RETURN;
    END IF;

    -- 4. fuzzy candidates
    hit := false;
    FOR c IN
        SELECT tc.arxiv_id AS a, tc.work_id AS w, tc.title AS ttl, tc.score AS s
          FROM pith.title_candidates(t, 10) tc
          LEFT JOIN pith.cited_works cw ON cw.work_id OPERATOR(pg_catalog.=) tc.work_id
         WHERE NOT (cw.metadata_source IS NOT DISTINCT FROM 'raw_reference'
                    AND pith.title_key(cw.title) OPERATOR(pg_catalog.=) ANY (own_keys))
           -- an identifier of the reference that names something else contradicts
           AND NOT (ax IS NOT NULL AND tc.arxiv_id IS NOT NULL
                    AND pith.arxiv_base(tc.arxiv_id) OPERATOR(pith.<>) ax)
           AND NOT (d IS NOT NULL AND cw.doi IS NOT NULL AND cw.doi OPERATOR(pith.<>) d)
         ORDER BY tc.score DESC, (tc.work_id IS NULL), tc.arxiv_id
    LOOP
        IF NOT hit THEN
            best := c;
            hit := true;
        END IF;
        IF c.s OPERATOR(pg_catalog.>=) thr
           AND pith.year_agrees(y, pith.catalog_years(c.a, c.w)) THEN
            status := 'verified_fuzzy';
            arxiv_id := c.a;
            work_id := c.w;
            matched_title := c.ttl;
            score := c.s;
            resolver_source := 'pith.resolve_reference:title';
            RETURN NEXT;
            RETURN;
        END IF;
    END LOOP;

    -- 5. nothing known matches
    status := 'unresolved';
    resolver_source := 'pith.resolve_reference:title';
    IF hit THEN
        score := best.s;    -- the best score seen, for the record
    END IF;
    RETURN NEXT;
END
$$;
COMMENT ON FUNCTION pith.resolve_reference(text, text, int, pith.arxiv_id, pith.doi) IS
    'resolve one reference against papers, paper_versions and cited_works: exactly one row with its state (SPEC section 4), the arXiv id and work it names or matches, the matched title, the score and the rule that decided';

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
    -- one resolver per paper at a time; other papers go on in parallel
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('pith.resolve_paper:' OPERATOR(pg_catalog.||) paper::text, 0));

    -- resolve first, write afterwards: the catalog works that verified links
    -- need are created last and in arXiv-id order, so sessions that create
    -- the same work wait on each other only briefly and never deadlock
    IF pg_catalog.to_regclass('pg_temp.pith_resolve_paper_tmp') IS NULL THEN
        CREATE TEMP TABLE pith_resolve_paper_tmp (
            observation_id uuid, status pith.resolution_status, arxiv_id pith.arxiv_id, work_id uuid,
            score float8, resolver_source text) ON COMMIT DROP;
    END IF;
    TRUNCATE pith_resolve_paper_tmp;
    -- the paper's references are read first and resolved one by one: on
    -- Citus, a function that reads the catalog must not run per row inside
    -- the distributed query over paper_references
    FOR r IN SELECT pr.observation_id, pr.raw_text, pr.title, pr.year, pr.pith_arxiv_id, pr.doi
               FROM pith.paper_references pr
              WHERE pr.citing_arxiv_id OPERATOR(pith.=) paper
                AND (force OR NOT EXISTS (SELECT 1 FROM pith.paper_reference_links l
                                           WHERE l.citing_arxiv_id OPERATOR(pith.=) pr.citing_arxiv_id
                                             AND l.observation_id OPERATOR(pg_catalog.=) pr.observation_id))
    LOOP
        INSERT INTO pith_resolve_paper_tmp
        SELECT r.observation_id, rr.status, rr.arxiv_id, rr.work_id, rr.score, rr.resolver_source
          FROM pith.resolve_reference(r.raw_text, r.title, r.year, r.pith_arxiv_id, r.doi) rr;
    END LOOP;

    -- the paper's row, as refresh_inbound will lock it, before the first
    -- write: on Citus this lock is an exclusive lock on the papers
    -- reference table's shard, and an ingest holding it may be waiting to
    -- write the works paper_work would create first
    PERFORM 1 FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) paper FOR NO KEY UPDATE;
    FOR r IN SELECT DISTINCT t.arxiv_id FROM pith_resolve_paper_tmp t
              WHERE t.status IN ('verified_exact', 'verified_fuzzy') AND t.work_id IS NULL
              ORDER BY 1
    LOOP
        UPDATE pith_resolve_paper_tmp t SET work_id = pith.paper_work(r.arxiv_id)
         WHERE t.arxiv_id OPERATOR(pith.=) r.arxiv_id AND t.work_id IS NULL
           AND t.status IN ('verified_exact', 'verified_fuzzy');
    END LOOP;

    IF force THEN
        INSERT INTO pith.paper_reference_links AS l
               (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
        SELECT paper, t.observation_id, t.work_id, t.status, t.resolver_source, pg_catalog.now(), t.score
          FROM pith_resolve_paper_tmp t
        ON CONFLICT (citing_arxiv_id, observation_id) DO UPDATE
           SET work_id = excluded.work_id, status = excluded.status,
               resolver_source = excluded.resolver_source, observed_at = excluded.observed_at,
               score = excluded.score;
    ELSE
        INSERT INTO pith.paper_reference_links
               (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
        SELECT paper, t.observation_id, t.work_id, t.status, t.resolver_source, pg_catalog.now(), t.score
          FROM pith_resolve_paper_tmp t
        ON CONFLICT (citing_arxiv_id, observation_id) DO NOTHING;
    END IF;
    GET DIAGNOSTICS k = ROW_COUNT;
    written := written OPERATOR(pg_catalog.+) k;
    -- the inbound rows of the papers these references name: a forced run
    -- may have moved a link to another work, so stale rows go too
    IF k OPERATOR(pg_catalog.>) 0 THEN
        PERFORM pith.refresh_inbound(ARRAY[paper], force);
    END IF;
    TRUNCATE pith_resolve_paper_tmp;
    RETURN written;
END
$$;
COMMENT ON FUNCTION pith.resolve_paper(pith.arxiv_id, boolean) IS
    'resolve every reference of a paper (only those without a link unless force) into paper_reference_links in one transaction; returns the number of links written';
