-- 70_splitter.sql -- 0.2.0 -> 0.3.0: the reference splitter (issue 19).
-- New objects: pith.split_references(text), pith.split_references_status(text),
-- pith.reference_observation_id(arxiv_id, int, text, int),
-- pith.ingest_paper_text(arxiv_id, int, text, timestamptz, text).
-- A copy of src/sql/57_ingest_text.sql.

-- 57_ingest_text.sql -- from a paper's full text to its references:
-- pith.split_references (find the reference section(s), split them into one
-- string per reference; src/refsplit.c), pith.split_references_status (what
-- was found, or why nothing), pith.reference_observation_id (the stable id of
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

