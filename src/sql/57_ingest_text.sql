-- 57_ingest_text.sql -- from a paper's full text to its references:
-- pith.split_references (find the reference section(s), split them into one
-- string per reference; src/refsplit.c), pith.split_references_status (what
-- was found, or why nothing), pith.split_references_with_status (both from
-- one split), pith.reference_observation_id (the stable id of
-- a reference observation) and pith.ingest_paper_text (split, parse, write
-- the paper's paper_references, resolve them).

CREATE FUNCTION pith.split_references(text text)
    RETURNS TABLE (reference_index int, raw_text text, start_offset int, end_offset int)
    AS 'MODULE_PATHNAME', 'pith_split_references'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 50;
COMMENT ON FUNCTION pith.split_references(text) IS
    'the references of a paper''s full text (as PDF text extraction writes it): the reference section(s) found by their headings (or, in a text without one, by the density of reference-like lines near its end), split into one string per reference by a learned line labeller (model pith_refsplit.model), lines joined and line-end hyphenation repaired; start_offset/end_offset: 0-based character offsets of the reference''s span in the input, end exclusive';

CREATE FUNCTION pith.split_references_status(text text)
    RETURNS TABLE (status text, reason text, sections int, "references" int, truncated boolean)
    AS 'MODULE_PATHNAME', 'pith_split_references_status'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 1;
COMMENT ON FUNCTION pith.split_references_status(text) IS
    'what split_references finds in a text: status (ok, no_section, empty_section), a sentence saying what was found or why nothing, the number of reference sections and references, and whether a section was longer than the splitter reads (200000 lines)';

CREATE FUNCTION pith.split_references_with_status(text text)
    RETURNS TABLE (reference_index int, raw_text text, start_offset int, end_offset int,
                   status text, reason text, sections int, "references" int, truncated boolean)
    AS 'MODULE_PATHNAME', 'pith_split_references_with_status'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 50;
COMMENT ON FUNCTION pith.split_references_with_status(text) IS
    'split_references and split_references_status from one split of the text: one row per reference, each with the status columns; a text without references gives one row whose reference columns are NULL';

-- The stable id of a reference observation: a name-based uuid (version 8,
-- RFC 9562) of the citing paper, its version, the reference's text and its
-- occurrence number among equal texts of the paper (1 for the first).  The
-- same text loaded twice gives the same ids; a re-extraction that changes
-- one reference changes only that reference's id.
CREATE FUNCTION pith.reference_observation_id(paper pith.arxiv_id, version int, raw_text text, occurrence int DEFAULT 1)
    RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
    AS $$
    SELECT pg_catalog.encode(
               pg_catalog.set_byte(pg_catalog.set_byte(h, 6, (pg_catalog.get_byte(h, 6) OPERATOR(pg_catalog.&) 15) OPERATOR(pg_catalog.|) 128),
                                   8, (pg_catalog.get_byte(h, 8) OPERATOR(pg_catalog.&) 63) OPERATOR(pg_catalog.|) 128),
               'hex')::uuid
      FROM (SELECT pg_catalog.substring(pg_catalog.sha256(pg_catalog.convert_to(
                       'pith.reference:' OPERATOR(pg_catalog.||) pith.arxiv_base(paper)::text OPERATOR(pg_catalog.||)
                       'v' OPERATOR(pg_catalog.||) version::text OPERATOR(pg_catalog.||) ':' OPERATOR(pg_catalog.||)
                       occurrence::text OPERATOR(pg_catalog.||) ':' OPERATOR(pg_catalog.||) raw_text, 'UTF8')), 1, 16) AS h) s
$$;
COMMENT ON FUNCTION pith.reference_observation_id(pith.arxiv_id, int, text, int) IS
    'stable observation id of a reference: a version-8 uuid from sha256 of the citing paper (base id), version, occurrence number among equal reference texts, and the reference text';

CREATE FUNCTION pith.ingest_paper_text(arxiv_id pith.arxiv_id, version int, text text,
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
