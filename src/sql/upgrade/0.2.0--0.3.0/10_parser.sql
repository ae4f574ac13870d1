-- 10_parser.sql -- 0.2.0 -> 0.3.0: the CRF reference parser (issue 12).
-- Changed objects: type pith.parsed_reference (seven attributes appended
-- after quality), its comment, and the comment of pith.parse_reference(text)
-- (same C symbol, new model-based parser in the module); new function
-- pith.reference_model_version() (the model file's sha256).

ALTER TYPE pith.parsed_reference
    ADD ATTRIBUTE authors   text[],
    ADD ATTRIBUTE container text,
    ADD ATTRIBUTE volume    text,
    ADD ATTRIBUTE issue     text,
    ADD ATTRIBUTE pages     text,
    ADD ATTRIBUTE publisher text,
    ADD ATTRIBUTE location  text;

COMMENT ON TYPE pith.parsed_reference IS
    'a parsed reference: title (NULL unless quality = ok), year, arXiv id (without version), DOI, first URL, identifier-looking text that failed validation, the quality verdict, the authors as printed (one per person), container (journal, proceedings, book), volume, issue, pages, publisher and location';

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
