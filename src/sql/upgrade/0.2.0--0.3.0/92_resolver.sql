-- 92_resolver.sql -- 0.2.0 -> 0.3.0: a faster resolver and text ingest
-- (issues 12 and 19).  Objects changed (same text as
-- src/sql/65_resolver.sql and src/sql/57_ingest_text.sql):
--   replaced: pith.resolve_reference (a work without a title is named
--             by its identifier too; rule 3's two passes are two
--             statements; the parser's authors and container read as
--             fields), pith.resolve_paper (its references resolved in one
--             statement over arrays, no temporary table),
--             pith.ingest_paper_text (one split of the text, not two);
--   new:      pith.split_references_with_status.

CREATE OR REPLACE FUNCTION pith.resolve_paper(arxiv_id pith.arxiv_id, force boolean DEFAULT false)
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

CREATE FUNCTION pith.split_references_with_status(text text)
    RETURNS TABLE (reference_index int, raw_text text, start_offset int, end_offset int,
                   status text, reason text, sections int, "references" int, truncated boolean)
    AS 'MODULE_PATHNAME', 'pith_split_references_with_status'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 50;
COMMENT ON FUNCTION pith.split_references_with_status(text) IS
    'split_references and split_references_status from one split of the text: one row per reference, each with the status columns; a text without references gives one row whose reference columns are NULL';

CREATE OR REPLACE FUNCTION pith.ingest_paper_text(arxiv_id pith.arxiv_id, version int, text text,
                                       observed_at timestamptz DEFAULT pg_catalog.now(),
                                       source text DEFAULT 'pdf_text')
    RETURNS jsonb
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, pith
    AS $$
#variable_conflict use_variable
DECLARE
    paper     pith.arxiv_id;
    -- what the split found (split_references_status's columns)
    st_status    text;
    st_reason    text;
    st_sections  int;
    st_truncated boolean;
    latest    int;
    n_refs    int;
    n_kept    int := 0;
    n_new     int := 0;
    n_gone    int := 0;
    n_moved   int := 0;
    n_links   int := 0;
    -- the text's references, parsed: parallel arrays in reference order
    -- (no temporary table: creating one per transaction costs catalog writes)
    r_id      uuid[];
    r_index   int[];
    r_raw     text[];
    r_title   text[];
    r_year    int[];
    r_arxiv   pith.arxiv_id[];
    r_doi     pith.doi[];
BEGIN
    IF arxiv_id IS NULL OR version IS NULL OR text IS NULL OR observed_at IS NULL OR source IS NULL THEN
        RAISE EXCEPTION 'ingest_paper_text: arguments must not be NULL' USING ERRCODE = '22004';
    END IF;
    IF version OPERATOR(pg_catalog.<) 1 THEN
        RAISE EXCEPTION 'ingest_paper_text: version must be 1 or more, not %', version
            USING ERRCODE = '22023';
    END IF;
    paper := pith.arxiv_base(arxiv_id);
    -- plans made while the tables were small are not kept while they grow
    -- (a loop of calls in one transaction, or between two ANALYZEs)
    PERFORM pith.discard_outgrown_plans();

    -- the one paper this call writes: its advisory lock (the key ingest_record
    -- takes for it), then its write row (pith.lock_papers, as ingest_record
    -- and resolve_paper do: a distributed row, so that on Citus writers of
    -- other papers do not wait for this one), before the first look at
    -- stored data
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('pith.paper:' OPERATOR(pg_catalog.||) paper::text, 0));
    PERFORM pith.lock_papers(ARRAY[paper]);
    SELECT p.latest_version INTO latest FROM pith.papers p
     WHERE p.arxiv_id OPERATOR(pith.=) paper;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', paper::text
            USING ERRCODE = '22023', DETAIL = 'Load the paper (ingest_record, or an INSERT into pith.papers) before its text.';
    END IF;
    IF latest IS NOT NULL AND version OPERATOR(pg_catalog.>) latest THEN
        RAISE EXCEPTION 'paper % has no version %: its latest version is %', paper::text, version, latest
            USING ERRCODE = '22023';
    END IF;

    -- one split gives the references and what was found (a text without
    -- references: one row with the status only)
    SELECT pg_catalog.min(x.status), pg_catalog.min(x.reason), pg_catalog.min(x.sections),
           pg_catalog.bool_or(x.truncated),
           pg_catalog.array_agg(x.observation_id ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.reference_index ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.raw_text ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.title ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.year ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.arxiv_id ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL),
           pg_catalog.array_agg(x.doi ORDER BY x.reference_index) FILTER (WHERE x.reference_index IS NOT NULL)
      INTO st_status, st_reason, st_sections, st_truncated,
           r_id, r_index, r_raw, r_title, r_year, r_arxiv, r_doi
      FROM (SELECT pith.reference_observation_id(paper, version, s.raw_text,
                       (pg_catalog.row_number() OVER (PARTITION BY s.raw_text ORDER BY s.reference_index))::int)
                       AS observation_id,
                   s.reference_index, s.raw_text, p.title,
                   CASE WHEN p.year OPERATOR(pg_catalog.>=) 1000 AND p.year OPERATOR(pg_catalog.<=) 9999 THEN p.year END
                       AS year,
                   p.arxiv_id, p.doi, s.status, s.reason, s.sections, s.truncated
              FROM pith.split_references_with_status(text) s
             CROSS JOIN LATERAL pith.parse_reference(s.raw_text) p) x;
    n_refs := COALESCE(pg_catalog.cardinality(r_id), 0);
    -- a text in which no reference was found changes nothing: what is
    -- stored (from an earlier, better extraction) stays
    IF n_refs OPERATOR(pg_catalog.=) 0 THEN
        RETURN pg_catalog.jsonb_build_object(
            'arxiv_id', paper::text, 'version', version, 'status', st_status, 'reason', st_reason,
            'sections', st_sections, 'references', 0, 'truncated', st_truncated,
            'inserted', 0, 'unchanged', 0, 'moved', 0, 'removed', 0, 'links_written', 0,
            'stored_references_kept', (SELECT pg_catalog.count(*) FROM pith.paper_references r
                                        WHERE r.citing_arxiv_id OPERATOR(pith.=) paper));
    END IF;

    -- references of the paper that the text no longer has (their links go with them)
    DELETE FROM pith.paper_references r
     WHERE r.citing_arxiv_id OPERATOR(pith.=) paper
       AND NOT (r.observation_id OPERATOR(pg_catalog.=) ANY (r_id));
    GET DIAGNOSTICS n_gone = ROW_COUNT;
    -- kept references whose place in the list moved: out of the way first
    -- (reference_index is unique per paper), then to their new place
    UPDATE pith.paper_references r SET reference_index = t.reference_index OPERATOR(pg_catalog.+) 1000000000
      FROM ROWS FROM (pg_catalog.unnest(r_id), pg_catalog.unnest(r_index)) AS t(observation_id, reference_index)
     WHERE r.citing_arxiv_id OPERATOR(pith.=) paper AND r.observation_id OPERATOR(pg_catalog.=) t.observation_id
       AND r.reference_index OPERATOR(pg_catalog.<>) t.reference_index;
    GET DIAGNOSTICS n_moved = ROW_COUNT;
    IF n_moved OPERATOR(pg_catalog.>) 0 THEN
        UPDATE pith.paper_references r SET reference_index = r.reference_index OPERATOR(pg_catalog.-) 1000000000
         WHERE r.citing_arxiv_id OPERATOR(pith.=) paper AND r.reference_index OPERATOR(pg_catalog.>) 1000000000;
    END IF;
    SELECT pg_catalog.count(*) INTO n_kept FROM pith.paper_references r
     WHERE r.citing_arxiv_id OPERATOR(pith.=) paper;
    INSERT INTO pith.paper_references
           (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year,
            pith_arxiv_id, doi, source, source_observed_at)
    SELECT t.observation_id, paper, version, t.reference_index, t.raw_text, t.title, t.year,
           t.arxiv_id, t.doi, source, observed_at
      FROM ROWS FROM (pg_catalog.unnest(r_id), pg_catalog.unnest(r_index), pg_catalog.unnest(r_raw),
                      pg_catalog.unnest(r_title), pg_catalog.unnest(r_year), pg_catalog.unnest(r_arxiv),
                      pg_catalog.unnest(r_doi))
               AS t(observation_id, reference_index, raw_text, title, year, arxiv_id, doi)
     WHERE NOT EXISTS (SELECT 1 FROM pith.paper_references r
                        WHERE r.citing_arxiv_id OPERATOR(pith.=) paper
                          AND r.observation_id OPERATOR(pg_catalog.=) t.observation_id)
     ORDER BY t.reference_index;
    GET DIAGNOSTICS n_new = ROW_COUNT;

    -- the inbound rows of what was removed or moved, then resolution of the new ones
    IF n_gone OPERATOR(pg_catalog.>) 0 OR n_moved OPERATOR(pg_catalog.>) 0 THEN
        PERFORM pith.refresh_inbound(ARRAY[paper], true);
    END IF;
    n_links := pith.resolve_paper(paper);

    RETURN pg_catalog.jsonb_build_object(
        'arxiv_id', paper::text,
        'version', version,
        'status', st_status,
        'reason', st_reason,
        'sections', st_sections,
        'references', n_refs,
        'truncated', st_truncated,
        'inserted', n_new,
        'unchanged', n_kept OPERATOR(pg_catalog.-) n_moved,
        'moved', n_moved,
        'removed', n_gone,
        'links_written', n_links,
        'state_counts', (SELECT pg_catalog.jsonb_object_agg(l.status::text, l.n ORDER BY l.status::text)
                           FROM (SELECT l.status, pg_catalog.count(*) AS n
                                   FROM pith.paper_reference_links l
                                  WHERE l.citing_arxiv_id OPERATOR(pith.=) paper
                                  GROUP BY l.status) l));
END
$$;
COMMENT ON FUNCTION pith.ingest_paper_text(pith.arxiv_id, int, text, timestamptz, text) IS
    'split a paper''s full text into references, parse each, make them the paper''s paper_references (stable observation ids: unchanged references are left as they are, removed ones deleted with their links, new ones inserted), resolve the new ones (resolve_paper); returns a summary; a text without references changes nothing and says why (status, reason)';
