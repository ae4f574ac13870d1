-- 60_parse_reference.sql -- pith.parse_reference: one raw bibliography entry
-- (as PDF text extraction gives it) split into its fields by a learned
-- sequence labeller (a linear-chain CRF, model file pith_reference.model),
-- with rule-based identifiers and a verdict on whether the "title" found is
-- really a title.

CREATE TYPE pith.parsed_reference AS (
    title                text,
    year                 int,
    arxiv_id             pith.arxiv_id,
    doi                  pith.doi,
    url                  text,
    malformed_identifier text,
    quality              text,
    authors              text[],
    container            text,
    volume               text,
    issue                text,
    pages                text,
    publisher            text,
    location             text
);
COMMENT ON TYPE pith.parsed_reference IS
    'a parsed reference: title (NULL unless quality = ok), year, arXiv id (without version), DOI, first URL, identifier-looking text that failed validation, the quality verdict, the authors as printed (one per person), container (journal, proceedings, book), volume, issue, pages, publisher and location';

CREATE FUNCTION pith.parse_reference(raw text) RETURNS pith.parsed_reference
    AS 'MODULE_PATHNAME', 'pith_parse_reference'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.parse_reference(text) IS
    'parse one raw reference string with the CRF reference labeller (model: setting pith.reference_model, default pith_reference.model in the extension directory): title, year (never from an identifier), arXiv id, DOI, URL, malformed identifier text, quality (ok, empty, author_list, access_date, bare_url, venue_only, identifier_only, too_long), authors, container, volume, issue, pages, publisher, location';

-- Parses depend on the model file as title keys depend on ICU: an index on an
-- expression using pith.parse_reference (say on (pith.parse_reference(raw)).title)
-- must be rebuilt (REINDEX) when pith.reference_model_version() changes.
CREATE FUNCTION pith.reference_model_version() RETURNS text
    AS 'MODULE_PATHNAME', 'pith_reference_model_version'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.reference_model_version() IS
    'identity of the reference model pith.parse_reference uses: sha256:<hex> of its file; REINDEX indexes on expressions using pith.parse_reference when it changes';
