-- pith install script, assembled by the Makefile from src/sql/[0-9]*.sql in
-- file-name order.  Every object is schema-qualified and every operator in a
-- function body is written OPERATOR(pg_catalog.x), so no search_path can
-- change what pith computes.

\echo Use "CREATE EXTENSION pith" to load this file. \quit

-- ---------------------------------------------------------------------------
-- 10_types.sql -- identifier types pith.arxiv_id and pith.doi (SPEC 5).
-- A value stores its canonical text; = is byte equality; btree orders arXiv
-- ids by (era, archive, year-month, number, version) and DOIs by the bytes
-- of their canonical text; hash opclasses carry both support functions.
-- ---------------------------------------------------------------------------

CREATE TYPE pith.arxiv_id;

CREATE FUNCTION pith.arxiv_id_in(cstring) RETURNS pith.arxiv_id
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.arxiv_id_out(pith.arxiv_id) RETURNS cstring
    AS 'MODULE_PATHNAME', 'pith_identifier_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.arxiv_id_recv(internal) RETURNS pith.arxiv_id
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.arxiv_id_send(pith.arxiv_id) RETURNS bytea
    AS 'MODULE_PATHNAME', 'pith_identifier_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE pith.arxiv_id (
    INPUT = pith.arxiv_id_in,
    OUTPUT = pith.arxiv_id_out,
    RECEIVE = pith.arxiv_id_recv,
    SEND = pith.arxiv_id_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = extended,
    ALIGNMENT = int4,
    CATEGORY = 'U'
);
COMMENT ON TYPE pith.arxiv_id IS 'arXiv identifier (2506.06472, 2506.06472v2, hep-th/9901001), stored canonically';

COMMENT ON FUNCTION pith.arxiv_id_in(cstring) IS 'text input of arxiv_id: accepts arXiv: prefixes and arxiv.org URLs, raises 22P02 on bad input';
COMMENT ON FUNCTION pith.arxiv_id_out(pith.arxiv_id) IS 'text output of arxiv_id: the canonical identifier';
COMMENT ON FUNCTION pith.arxiv_id_recv(internal) IS 'binary input of arxiv_id: the text, validated again';
COMMENT ON FUNCTION pith.arxiv_id_send(pith.arxiv_id) IS 'binary output of arxiv_id: the canonical text';

CREATE FUNCTION pith.arxiv_id_cmp(pith.arxiv_id, pith.arxiv_id) RETURNS int4
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.arxiv_id_eq(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_identifier_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_ne(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_identifier_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_lt(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_le(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_gt(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_ge(pith.arxiv_id, pith.arxiv_id) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.arxiv_id_hash(pith.arxiv_id) RETURNS int4
    AS 'MODULE_PATHNAME', 'pith_identifier_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.arxiv_id_hash_extended(pith.arxiv_id, int8) RETURNS int8
    AS 'MODULE_PATHNAME', 'pith_identifier_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.arxiv_id_cmp(pith.arxiv_id, pith.arxiv_id) IS 'btree comparison of arxiv_id: old-style first, then year-month, number, version (numeric)';
COMMENT ON FUNCTION pith.arxiv_id_eq(pith.arxiv_id, pith.arxiv_id) IS 'implements = for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_ne(pith.arxiv_id, pith.arxiv_id) IS 'implements <> for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_lt(pith.arxiv_id, pith.arxiv_id) IS 'implements < for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_le(pith.arxiv_id, pith.arxiv_id) IS 'implements <= for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_gt(pith.arxiv_id, pith.arxiv_id) IS 'implements > for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_ge(pith.arxiv_id, pith.arxiv_id) IS 'implements >= for arxiv_id';
COMMENT ON FUNCTION pith.arxiv_id_hash(pith.arxiv_id) IS 'hash of arxiv_id (hash index, hash joins)';
COMMENT ON FUNCTION pith.arxiv_id_hash_extended(pith.arxiv_id, int8) IS 'seeded 64-bit hash of arxiv_id (hash partitioning, Citus)';

CREATE OPERATOR pith.= (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_eq,
    COMMUTATOR = OPERATOR(pith.=), NEGATOR = OPERATOR(pith.<>),
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR pith.<> (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_ne,
    COMMUTATOR = OPERATOR(pith.<>), NEGATOR = OPERATOR(pith.=),
    RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR pith.< (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_lt,
    COMMUTATOR = OPERATOR(pith.>), NEGATOR = OPERATOR(pith.>=),
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR pith.<= (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_le,
    COMMUTATOR = OPERATOR(pith.>=), NEGATOR = OPERATOR(pith.>),
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR pith.> (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_gt,
    COMMUTATOR = OPERATOR(pith.<), NEGATOR = OPERATOR(pith.<=),
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR pith.>= (
    LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = pith.arxiv_id_ge,
    COMMUTATOR = OPERATOR(pith.<=), NEGATOR = OPERATOR(pith.<),
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS pith.arxiv_id_ops DEFAULT FOR TYPE pith.arxiv_id USING btree AS
    OPERATOR 1 pith.< ,
    OPERATOR 2 pith.<= ,
    OPERATOR 3 pith.= ,
    OPERATOR 4 pith.>= ,
    OPERATOR 5 pith.> ,
    FUNCTION 1 pith.arxiv_id_cmp(pith.arxiv_id, pith.arxiv_id),
    FUNCTION 4 pg_catalog.btequalimage(oid);

CREATE OPERATOR CLASS pith.arxiv_id_hash_ops DEFAULT FOR TYPE pith.arxiv_id USING hash AS
    OPERATOR 1 pith.= ,
    FUNCTION 1 pith.arxiv_id_hash(pith.arxiv_id),
    FUNCTION 2 pith.arxiv_id_hash_extended(pith.arxiv_id, int8);

CREATE CAST (text AS pith.arxiv_id) WITH INOUT AS ASSIGNMENT;
CREATE CAST (pith.arxiv_id AS text) WITH INOUT AS ASSIGNMENT;

CREATE FUNCTION pith.try_arxiv_id(text) RETURNS pith.arxiv_id
    AS 'MODULE_PATHNAME', 'pith_try_arxiv_id' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.try_arxiv_id(text) IS 'the text as an arxiv_id, or NULL when it is not a valid arXiv identifier';

CREATE FUNCTION pith.arxiv_base(pith.arxiv_id) RETURNS pith.arxiv_id
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_base' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.arxiv_base(pith.arxiv_id) IS 'the identifier without its version: 2506.06472v2 -> 2506.06472';

CREATE FUNCTION pith.arxiv_version(pith.arxiv_id) RETURNS int4
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_version' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.arxiv_version(pith.arxiv_id) IS 'the version number (2 for 2506.06472v2), NULL when the identifier has none';

CREATE FUNCTION pith.arxiv_yymm(pith.arxiv_id) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_arxiv_id_yymm' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.arxiv_yymm(pith.arxiv_id) IS 'the year and month digits YYMM of the identifier (2506 for 2506.06472, 9901 for hep-th/9901001)';

-- ---------------------------------------------------------------------------

CREATE TYPE pith.doi;

CREATE FUNCTION pith.doi_in(cstring) RETURNS pith.doi
    AS 'MODULE_PATHNAME', 'pith_doi_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.doi_out(pith.doi) RETURNS cstring
    AS 'MODULE_PATHNAME', 'pith_identifier_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.doi_recv(internal) RETURNS pith.doi
    AS 'MODULE_PATHNAME', 'pith_doi_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.doi_send(pith.doi) RETURNS bytea
    AS 'MODULE_PATHNAME', 'pith_identifier_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE pith.doi (
    INPUT = pith.doi_in,
    OUTPUT = pith.doi_out,
    RECEIVE = pith.doi_recv,
    SEND = pith.doi_send,
    INTERNALLENGTH = VARIABLE,
    STORAGE = extended,
    ALIGNMENT = int4,
    CATEGORY = 'U'
);
COMMENT ON TYPE pith.doi IS 'Digital Object Identifier (10.1038/nature14539), stored lower-case without doi: or URL';

COMMENT ON FUNCTION pith.doi_in(cstring) IS 'text input of doi: accepts doi: prefixes and doi.org URLs, raises 22P02 on bad input';
COMMENT ON FUNCTION pith.doi_out(pith.doi) IS 'text output of doi: the canonical lower-case DOI';
COMMENT ON FUNCTION pith.doi_recv(internal) IS 'binary input of doi: the text, validated again';
COMMENT ON FUNCTION pith.doi_send(pith.doi) IS 'binary output of doi: the canonical text';

CREATE FUNCTION pith.doi_cmp(pith.doi, pith.doi) RETURNS int4
    AS 'MODULE_PATHNAME', 'pith_doi_cmp' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.doi_eq(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_identifier_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_ne(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_identifier_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_lt(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_doi_lt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_le(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_doi_le' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_gt(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_doi_gt' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_ge(pith.doi, pith.doi) RETURNS bool
    AS 'MODULE_PATHNAME', 'pith_doi_ge' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE LEAKPROOF;
CREATE FUNCTION pith.doi_hash(pith.doi) RETURNS int4
    AS 'MODULE_PATHNAME', 'pith_identifier_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION pith.doi_hash_extended(pith.doi, int8) RETURNS int8
    AS 'MODULE_PATHNAME', 'pith_identifier_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.doi_cmp(pith.doi, pith.doi) IS 'btree comparison of doi: byte order of the canonical text';
COMMENT ON FUNCTION pith.doi_eq(pith.doi, pith.doi) IS 'implements = for doi';
COMMENT ON FUNCTION pith.doi_ne(pith.doi, pith.doi) IS 'implements <> for doi';
COMMENT ON FUNCTION pith.doi_lt(pith.doi, pith.doi) IS 'implements < for doi';
COMMENT ON FUNCTION pith.doi_le(pith.doi, pith.doi) IS 'implements <= for doi';
COMMENT ON FUNCTION pith.doi_gt(pith.doi, pith.doi) IS 'implements > for doi';
COMMENT ON FUNCTION pith.doi_ge(pith.doi, pith.doi) IS 'implements >= for doi';
COMMENT ON FUNCTION pith.doi_hash(pith.doi) IS 'hash of doi (hash index, hash joins)';
COMMENT ON FUNCTION pith.doi_hash_extended(pith.doi, int8) IS 'seeded 64-bit hash of doi (hash partitioning, Citus)';

CREATE OPERATOR pith.= (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_eq,
    COMMUTATOR = OPERATOR(pith.=), NEGATOR = OPERATOR(pith.<>),
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR pith.<> (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_ne,
    COMMUTATOR = OPERATOR(pith.<>), NEGATOR = OPERATOR(pith.=),
    RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR pith.< (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_lt,
    COMMUTATOR = OPERATOR(pith.>), NEGATOR = OPERATOR(pith.>=),
    RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR pith.<= (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_le,
    COMMUTATOR = OPERATOR(pith.>=), NEGATOR = OPERATOR(pith.>),
    RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR pith.> (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_gt,
    COMMUTATOR = OPERATOR(pith.<), NEGATOR = OPERATOR(pith.<=),
    RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR pith.>= (
    LEFTARG = pith.doi, RIGHTARG = pith.doi, FUNCTION = pith.doi_ge,
    COMMUTATOR = OPERATOR(pith.<=), NEGATOR = OPERATOR(pith.<),
    RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS pith.doi_ops DEFAULT FOR TYPE pith.doi USING btree AS
    OPERATOR 1 pith.< ,
    OPERATOR 2 pith.<= ,
    OPERATOR 3 pith.= ,
    OPERATOR 4 pith.>= ,
    OPERATOR 5 pith.> ,
    FUNCTION 1 pith.doi_cmp(pith.doi, pith.doi),
    FUNCTION 4 pg_catalog.btequalimage(oid);

CREATE OPERATOR CLASS pith.doi_hash_ops DEFAULT FOR TYPE pith.doi USING hash AS
    OPERATOR 1 pith.= ,
    FUNCTION 1 pith.doi_hash(pith.doi),
    FUNCTION 2 pith.doi_hash_extended(pith.doi, int8);

CREATE CAST (text AS pith.doi) WITH INOUT AS ASSIGNMENT;
CREATE CAST (pith.doi AS text) WITH INOUT AS ASSIGNMENT;

CREATE FUNCTION pith.try_doi(text) RETURNS pith.doi
    AS 'MODULE_PATHNAME', 'pith_try_doi' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.try_doi(text) IS 'the text as a doi, or NULL when it is not a valid DOI';

CREATE FUNCTION pith.doi_prefix(pith.doi) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_doi_prefix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.doi_prefix(pith.doi) IS 'the prefix of a DOI, before the first slash: 10.1038';

CREATE FUNCTION pith.doi_suffix(pith.doi) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_doi_suffix' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.doi_suffix(pith.doi) IS 'the suffix of a DOI, after the first slash: nature14539';
-- 20_json.sql -- canonical JSON text and sha256 digests (SPEC section 3).
-- All five are C (src/canonical_json.c).

CREATE FUNCTION pith.canonical_json(doc pg_catalog.jsonb)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'pith_canonical_json'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.canonical_json(pg_catalog.jsonb) IS
'Canonical JSON text of a jsonb value: keys sorted by Unicode code point, no whitespace, UTF-8 with only control characters escaped; the same bytes as Python json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False). Numbers print as jsonb stores them.';

CREATE FUNCTION pith.json_digest(doc pg_catalog.jsonb)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'pith_json_digest'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.json_digest(pg_catalog.jsonb) IS
'''sha256:'' followed by the 64 lowercase hex digits of the SHA-256 of pith.canonical_json(doc), hashed while serializing (the text is never built).';

CREATE FUNCTION pith.observation_digest(observation pg_catalog.jsonb)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'pith_observation_digest'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.observation_digest(pg_catalog.jsonb) IS
'Digest (as pith.json_digest) of an observation object without its top-level observation_digest key. Error 22023 if the argument is not a JSON object.';

CREATE FUNCTION pith.context_digest(record pg_catalog.jsonb)
RETURNS pg_catalog.text
AS 'MODULE_PATHNAME', 'pith_context_digest'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION pith.context_digest(pg_catalog.jsonb) IS
'Digest (as pith.json_digest) of a citation record without its top-level as_of and context_digest keys, so it does not change with the moment the record was asked for. Error 22023 if the argument is not a JSON object.';

CREATE FUNCTION pith.verify_record(record pg_catalog.jsonb)
RETURNS TABLE (path pg_catalog.text, stored pg_catalog.text,
               computed pg_catalog.text, ok pg_catalog.bool)
AS 'MODULE_PATHNAME', 'pith_verify_record'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 40;

COMMENT ON FUNCTION pith.verify_record(pg_catalog.jsonb) IS
'Recomputes every digest in a citation record: one row for context_digest, then one per observation in outbound (outbound[0], ...) and inbound, in array order. stored is the digest the record carries (NULL when missing), computed the recomputed one, ok whether they are equal. Absent or null outbound/inbound yield no rows; any other non-array, or an observation that is not an object, is error 22023.';

-- 30_titles: title normalization, title keys, the fuzzy title score, its
-- threshold operator and the ICU version (src/title.c, src/core/title_*.c).
-- normalize_title and title_key are IMMUTABLE so they can be indexed; their
-- answers depend on the ICU version (pith.icu_version()): REINDEX indexes on
-- them after an ICU major upgrade.

CREATE FUNCTION pith.normalize_title(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_normalize_title'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.normalize_title(text) IS
    'title in comparable form: ICU NFKC, case folded, diacritics and spacing accents removed, apostrophes dropped, every other non-letter, non-digit run one space';

CREATE FUNCTION pith.title_key(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_title_key_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key(text) IS
    'matching key of a title: reference debris (venue tails, arXiv notes, URLs, trailing years) cut, normalized, no separators';

CREATE FUNCTION pith.title_similarity(a text, b text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity(text, text) IS
    'fuzzy title score in [0, 1]: 2 * LCS / total length of the two title keys; 1 exactly when the keys are equal and not empty';

CREATE FUNCTION pith.title_key_similarity(a_key text, b_key text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_key_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key_similarity(text, text) IS
    'title_similarity for two keys already computed with pith.title_key (skips keying)';

CREATE FUNCTION pith.title_similarity_threshold() RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_threshold_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity_threshold() IS
    'current value of the setting pith.title_similarity_threshold';

CREATE FUNCTION pith.title_similar_anchored(a text, b text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pith_title_similar_anchored_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similar_anchored(text, text) IS
    'true when pith.title_similarity(a, b) is at least pith.title_similarity_threshold and the two title keys share their first or last 8 characters';

-- The operator's function is plain SQL without a SET clause so that the
-- planner inlines it: with a title column on the left and a constant on the
-- right, the two range conditions below become index scans on the title key
-- indexes of 45_title_indexes.sql (key, and reversed key, COLLATE "C"), and
-- title_similar_anchored rechecks the rows they return.  Every name is
-- schema-qualified and every operator written OPERATOR(pg_catalog.x), so no
-- search_path changes it.
CREATE FUNCTION pith.title_similar(a text, b text) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    -- a standard SQL body: names are bound now, not at call time, so the
    -- function stays inlinable (index-assisted) and search_path-proof
RETURN (    ((pith.title_key(a) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=) pg_catalog.left(pith.title_key(b), 8)
             AND (pith.title_key(a) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pith.title_key(b), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111)))
        OR  ((pg_catalog.reverse(pith.title_key(a)) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=)
                 pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8)
             AND (pg_catalog.reverse(pith.title_key(a)) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111))))
   AND pith.title_key(b) OPERATOR(pg_catalog.<>) ''
   AND pith.title_similar_anchored(a, b);
COMMENT ON FUNCTION pith.title_similar(text, text) IS
    'the %% operator: same work by title (score at least pith.title_similarity_threshold, keys sharing their first or last 8 characters); index-assisted when the title column is on the left';

CREATE OPERATOR pith.%% (
    LEFTARG = text,
    RIGHTARG = text,
    FUNCTION = pith.title_similar,
    COMMUTATOR = OPERATOR(pith.%%),
    RESTRICT = contsel,
    JOIN = contjoinsel
);
COMMENT ON OPERATOR pith.%% (text, text) IS
    'titles of the same work: pith.title_similarity at or above pith.title_similarity_threshold, keys sharing their first or last 8 characters';

-- Candidate search over the catalog tables of 40_tables.sql.  Written in
-- PL/pgSQL so that this file does not depend on those tables at install
-- time.  Probes: titles whose key starts with the query key's first A
-- characters, or ends with its last A (A = 8..16, half the key), through the
-- indexes of 45_title_indexes.sql; every title with the same key is among
-- them.  The candidates are scored with title_key_similarity and the best k
-- returned, whatever their score; compare with the threshold yourself.
CREATE FUNCTION pith.title_candidates_search(query text, k integer)
    RETURNS TABLE (arxiv_id pith.arxiv_id, work_id uuid, title text, score float8)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
    -- one cached plan: planning the three probes costs more than running them
    SET plan_cache_mode = force_generic_plan
    SET jit = off
    AS $$
#variable_conflict use_column
DECLARE
    qkey     text := pith.title_key($1);
    alen     integer;
    head     text;
    head_end text;
    tail     text;
    tail_end text;
BEGIN
    IF k OPERATOR(pg_catalog.<) 1 OR k OPERATOR(pg_catalog.>) 1000 THEN
        RAISE EXCEPTION 'k must be between 1 and 1000'
            USING ERRCODE = '22023', DETAIL = pg_catalog.format('k was %s.', k);
    END IF;
    IF qkey OPERATOR(pg_catalog.=) '' THEN
        RETURN;
    END IF;
    alen := LEAST(16, GREATEST(8, pg_catalog.length(qkey) OPERATOR(pg_catalog./) 2));
    head := pg_catalog.left(qkey, alen);
    head_end := head OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    tail := pg_catalog.left(pg_catalog.reverse(qkey), alen);
    tail_end := tail OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    RETURN QUERY
    WITH hits AS (
        SELECT p.arxiv_id AS arxiv_id, NULL::uuid AS work_id, p.title AS title, 0 AS src
          FROM pith.papers p
         WHERE ((pith.title_key(p.title) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pith.title_key(p.title) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.reverse(pith.title_key(p.title)) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.reverse(pith.title_key(p.title)) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
        UNION ALL
        SELECT v.arxiv_id, NULL::uuid, v.title, 1
          FROM pith.paper_versions v
         WHERE ((pith.title_key(v.title) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pith.title_key(v.title) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.reverse(pith.title_key(v.title)) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.reverse(pith.title_key(v.title)) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
        UNION ALL
        SELECT w.arxiv_id, w.work_id, w.title, 2
          FROM pith.cited_works w
         WHERE ((pith.title_key(w.title) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pith.title_key(w.title) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.reverse(pith.title_key(w.title)) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.reverse(pith.title_key(w.title)) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
    ), scored AS (
        SELECT DISTINCT ON (h.arxiv_id, h.work_id)
               h.arxiv_id, h.work_id, h.title,
               pith.title_key_similarity(pith.title_key(h.title), qkey) AS score
          FROM hits h
         ORDER BY h.arxiv_id, h.work_id, 4 DESC, h.src
    )
    SELECT s.arxiv_id, s.work_id, s.title, s.score
      FROM scored s
     ORDER BY s.score DESC, s.arxiv_id, s.work_id
     LIMIT k;
END
$$;
COMMENT ON FUNCTION pith.title_candidates_search(text, integer) IS
    'worker of pith.title_candidates (PL/pgSQL cannot name an argument like a result column)';

CREATE FUNCTION pith.title_candidates(title text, k integer DEFAULT 5)
    RETURNS TABLE (arxiv_id pith.arxiv_id, work_id uuid, title text, score float8)
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT * FROM pith.title_candidates_search($1, $2);
END;
COMMENT ON FUNCTION pith.title_candidates(text, integer) IS
    'best k catalog titles (papers, paper_versions, cited_works) for a title, best first, found through the title key indexes';

CREATE FUNCTION pith.icu_version() RETURNS text
    AS 'MODULE_PATHNAME', 'pith_icu_version'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.icu_version() IS
    'version of the ICU library pith normalizes titles with; REINDEX title indexes after an ICU major upgrade';
-- 40_tables.sql -- the reference tables every citation record is derived from
-- (SPEC section 1), the enum of the six resolution states, and the indexes
-- that make one record cost index lookups proportional to its size.
--
-- Conventions:
--   * identifiers use pith.arxiv_id / pith.doi; papers.arxiv_id is always the
--     base identifier (no "vN"), references may cite a version;
--   * every "observed at" column defaults to now(), so a row written without
--     one is observed when it is written; citation_record(as_of) ignores rows
--     observed after as_of;
--   * every table is registered with pg_extension_config_dump, so pg_dump
--     keeps its rows;
--   * standing-source and measurement source names are COLLATE "C": records
--     list them in code point order, and their indexes then deliver that
--     order without a sort.

CREATE TYPE pith.resolution_status AS ENUM (
    'verified_exact',
    'verified_fuzzy',
    'metadata_mismatch',
    'parse_uncertain',
    'malformed_identifier',
    'unresolved'
);
COMMENT ON TYPE pith.resolution_status IS
    'how one reference was resolved to a known work: the six states of SPEC section 4';

-- One row per arXiv paper known to the catalog.
CREATE TABLE pith.papers (
    arxiv_id             pith.arxiv_id PRIMARY KEY,
    title                text NOT NULL,
    latest_version       integer,
    submitted_at         timestamptz,
    last_updated         timestamptz,
    primary_category     text,
    snapshot_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT papers_arxiv_id_is_base
        CHECK (pith.arxiv_base(arxiv_id) OPERATOR(pith.=) arxiv_id),
    CONSTRAINT papers_latest_version_positive CHECK (latest_version OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT papers_updated_after_submitted
        CHECK (last_updated OPERATOR(pg_catalog.>=) submitted_at)
);
COMMENT ON TABLE pith.papers IS
    'arXiv papers known to the catalog, one row per paper (base identifier, no version)';

-- One row per arXiv paper version whose title is known.
CREATE TABLE pith.paper_versions (
    arxiv_id     pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    version      integer NOT NULL,
    title        text,
    submitted_at timestamptz,
    PRIMARY KEY (arxiv_id, version),
    CONSTRAINT paper_versions_version_positive CHECK (version OPERATOR(pg_catalog.>=) 1)
);
COMMENT ON TABLE pith.paper_versions IS
    'arXiv paper versions and their titles, so a paper retitled between versions is still recognised';

-- One row per reference parsed from a citing paper's text.
CREATE TABLE pith.paper_references (
    observation_id     uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid(),
    citing_arxiv_id    pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    citing_version     integer NOT NULL,
    reference_index    integer NOT NULL,
    raw_text           text,
    title              text,
    year               integer,
    pith_arxiv_id      pith.arxiv_id,
    doi                pith.doi,
    source             text NOT NULL DEFAULT 'pdf_text',
    source_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT paper_references_citing_reference_index_key UNIQUE (citing_arxiv_id, reference_index),
    -- what links point at: an observation together with the paper that owns
    -- it, so a link can live with its reference when tables are spread by
    -- paper (see pith.distribute())
    CONSTRAINT paper_references_citing_observation_key UNIQUE (citing_arxiv_id, observation_id),
    CONSTRAINT paper_references_citing_version_positive CHECK (citing_version OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT paper_references_reference_index_positive CHECK (reference_index OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT paper_references_year_range
        CHECK (year OPERATOR(pg_catalog.>=) 1000 AND year OPERATOR(pg_catalog.<=) 9999)
);
COMMENT ON TABLE pith.paper_references IS
    'references parsed from a citing paper''s text; observation_id is the stable id of the citation observation';
-- The inbound side: references citing a given paper, by the base of the
-- arXiv id found in the reference.
CREATE INDEX paper_references_cited_base_idx ON pith.paper_references (pith.arxiv_base(pith_arxiv_id))
    WHERE pith_arxiv_id IS NOT NULL;

-- One row per canonical work a reference can be linked to.
CREATE TABLE pith.cited_works (
    work_id              uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid(),
    title                text,
    doi                  pith.doi,
    arxiv_id             pith.arxiv_id,
    venue                text,
    year                 integer,
    metadata_source      text NOT NULL,
    snapshot_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT cited_works_year_range
        CHECK (year OPERATOR(pg_catalog.>=) 1000 AND year OPERATOR(pg_catalog.<=) 9999)
);
COMMENT ON TABLE pith.cited_works IS
    'canonical works that references are linked to (metadata_source: raw_reference, crossref, arxiv, ...)';
-- The inbound side through links: works that are a given arXiv paper.
CREATE INDEX cited_works_arxiv_base_idx ON pith.cited_works (pith.arxiv_base(arxiv_id))
    WHERE arxiv_id IS NOT NULL;
CREATE INDEX cited_works_doi_idx ON pith.cited_works (doi) WHERE doi IS NOT NULL;

-- One row per resolved reference: at most one link per observation.
-- citing_arxiv_id (the paper that owns the observation; an internal column,
-- SPEC section 1 allows them) comes last because 0.2.0 added it.
CREATE TABLE pith.paper_reference_links (
    observation_id  uuid NOT NULL,
    work_id         uuid REFERENCES pith.cited_works (work_id),
    status          pith.resolution_status NOT NULL,
    resolver_source text,
    observed_at     timestamptz NOT NULL DEFAULT pg_catalog.now(),
    score           double precision,
    citing_arxiv_id pith.arxiv_id NOT NULL,
    CONSTRAINT paper_reference_links_pkey PRIMARY KEY (citing_arxiv_id, observation_id),
    CONSTRAINT paper_reference_links_observation_fkey FOREIGN KEY (citing_arxiv_id, observation_id)
        REFERENCES pith.paper_references (citing_arxiv_id, observation_id) ON DELETE CASCADE,
    CONSTRAINT paper_reference_links_verified_has_work
        CHECK (status NOT IN ('verified_exact', 'verified_fuzzy') OR work_id IS NOT NULL),
    CONSTRAINT paper_reference_links_score_range
        CHECK (score OPERATOR(pg_catalog.>=) 0 AND score OPERATOR(pg_catalog.<=) 1)
);
COMMENT ON TABLE pith.paper_reference_links IS
    'the resolution of one reference: its state, the work it names (if any), who decided and the score that justified it; citing_arxiv_id is the paper that owns the reference';
-- A link written the SPEC's way (without citing_arxiv_id) gets the paper
-- that owns its observation (the trigger fires only for such rows).
-- pith.distribute() drops this trigger: on a distributed install the writer
-- names the paper (pith's writers do).
CREATE FUNCTION pith.paper_reference_links_owner()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
BEGIN
    SELECT r.citing_arxiv_id INTO NEW.citing_arxiv_id
    FROM pith.paper_references r
    WHERE r.observation_id = NEW.observation_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'observation % is not in pith.paper_references', NEW.observation_id
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = 'A link resolves a stored reference; store the reference first.';
    END IF;
    RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION pith.paper_reference_links_owner() IS
    'trigger on pith.paper_reference_links: a link written without citing_arxiv_id gets the paper that owns its observation';
CREATE TRIGGER paper_reference_links_owner
    BEFORE INSERT OR UPDATE OF observation_id, citing_arxiv_id ON pith.paper_reference_links
    FOR EACH ROW WHEN (NEW.citing_arxiv_id IS NULL)
    EXECUTE FUNCTION pith.paper_reference_links_owner();
CREATE INDEX paper_reference_links_work_idx ON pith.paper_reference_links (work_id)
    WHERE work_id IS NOT NULL;

-- The inbound side, keyed by the cited paper: one row per (paper, reference
-- of another paper that names it), holding a copy of the reference and its
-- link as they are stored.  A reference names a paper through its own
-- arXiv id or through its link's work, so it has at most two rows here.
-- This is what lets a record read its inbound observations from the rows
-- keyed by its own paper -- one shard's rows once pith.distribute() has
-- spread the tables by paper -- instead of searching every paper's
-- references.  It is derived data: pith.ingest_record() and
-- pith.resolve_paper() keep it current in the same transaction, and
-- pith.refresh_inbound() rebuilds it after references or links were
-- written by hand.  Rows are a superset: a record still checks, as of its
-- moment, that the reference names the paper.
CREATE TABLE pith.inbound_references (
    cited_arxiv_id  pith.arxiv_id NOT NULL,
    observation_id  uuid NOT NULL,
    citing_arxiv_id pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    reference_index integer NOT NULL,
    reference       jsonb NOT NULL,
    link            jsonb,
    CONSTRAINT inbound_references_pkey PRIMARY KEY (cited_arxiv_id, observation_id),
    CONSTRAINT inbound_references_cited_is_base
        CHECK (pith.arxiv_base(cited_arxiv_id) OPERATOR(pith.=) cited_arxiv_id),
    CONSTRAINT inbound_references_not_self
        CHECK (cited_arxiv_id OPERATOR(pith.<>) citing_arxiv_id)
);
COMMENT ON TABLE pith.inbound_references IS
    'derived: other papers'' references to each paper (by its own arXiv id or its link''s work), keyed by the cited paper, with copies of the reference and link rows (to_jsonb); kept by ingest_record and resolve_paper, rebuilt by refresh_inbound';
-- a record reads its inbound rows in record order
CREATE INDEX inbound_references_order_idx
    ON pith.inbound_references (cited_arxiv_id, citing_arxiv_id, reference_index);
-- refresh_inbound finds a citing paper's rows
CREATE INDEX inbound_references_citing_idx ON pith.inbound_references (citing_arxiv_id);

-- One row per integrity event on a work.
CREATE TABLE pith.scholarly_work_events (
    work_id     uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    source      text COLLATE "C" NOT NULL,
    event_type  text COLLATE "C" NOT NULL,
    event_date  date,
    notice_doi  pith.doi,
    observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT scholarly_work_events_key
        UNIQUE NULLS NOT DISTINCT (work_id, source, event_type, event_date, notice_doi),
    CONSTRAINT scholarly_work_events_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) ''),
    CONSTRAINT scholarly_work_events_type_nonempty CHECK (event_type OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.scholarly_work_events IS
    'integrity events (retraction, correction, expression_of_concern, withdrawal, ...) on a work, by source';

-- One row per check of one work against one standing source.
CREATE TABLE pith.retraction_status_cache (
    work_id     uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    source      text COLLATE "C" NOT NULL,
    observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    PRIMARY KEY (work_id, source, observed_at),
    CONSTRAINT retraction_status_cache_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.retraction_status_cache IS
    'receipts: when a work was checked against a standing source (crossref, retraction_watch, ...)';

-- One row per dated external citation count of a paper.
CREATE TABLE pith.citation_measurements (
    arxiv_id       pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    source         text COLLATE "C" NOT NULL,
    cited_by_count bigint NOT NULL,
    measured_at    timestamptz NOT NULL,
    PRIMARY KEY (arxiv_id, source, measured_at),
    CONSTRAINT citation_measurements_count_nonnegative CHECK (cited_by_count OPERATOR(pg_catalog.>=) 0),
    CONSTRAINT citation_measurements_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.citation_measurements IS
    'dated external citation counts of a paper, one row per source and measurement; never summed across sources';

SELECT pg_catalog.pg_extension_config_dump('pith.papers', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_versions', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_references', '');
SELECT pg_catalog.pg_extension_config_dump('pith.cited_works', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_reference_links', '');
SELECT pg_catalog.pg_extension_config_dump('pith.scholarly_work_events', '');
SELECT pg_catalog.pg_extension_config_dump('pith.retraction_status_cache', '');
SELECT pg_catalog.pg_extension_config_dump('pith.citation_measurements', '');
SELECT pg_catalog.pg_extension_config_dump('pith.inbound_references', '');

-- 45_title_indexes: title key indexes over the catalog tables of
-- 40_tables.sql, used by pith.title_candidates and the %% operator.  Two per
-- table: the key (equal keys, and keys starting with the same characters)
-- and the reversed key (keys ending with the same characters), both
-- COLLATE "C" so that a prefix is a byte range.  They depend on ICU through
-- pith.title_key: REINDEX them after an ICU major upgrade.

CREATE INDEX papers_title_key_idx ON pith.papers ((pith.title_key(title)) COLLATE "C");
CREATE INDEX papers_title_rkey_idx ON pith.papers ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
CREATE INDEX paper_versions_title_key_idx ON pith.paper_versions ((pith.title_key(title)) COLLATE "C");
CREATE INDEX paper_versions_title_rkey_idx ON pith.paper_versions ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
CREATE INDEX cited_works_title_key_idx ON pith.cited_works ((pith.title_key(title)) COLLATE "C");
CREATE INDEX cited_works_title_rkey_idx ON pith.cited_works ((pg_catalog.reverse(pith.title_key(title))) COLLATE "C");
-- 46_read_views.sql -- the rows a citation record is built from, as views.
--
-- pith has no SECURITY DEFINER function, so a function runs with its
-- caller's rights; a view, though, reads its tables with its owner's.  The
-- record functions (pith.citation_record and what it calls) read these
-- views, never the tables, so a reader needs USAGE on schema pith and
-- SELECT on pith's views -- nothing on the tables, and no right to write.
-- Each view is its table's columns in the table's order (the record builds
-- rows of the table's type from them); the planner flattens them, so a
-- record's plans are the tables' plans.

CREATE VIEW pith.read_papers AS
    SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category,
           snapshot_observed_at
    FROM pith.papers;
COMMENT ON VIEW pith.read_papers IS
    'pith.papers as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_references AS
    SELECT observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year,
           pith_arxiv_id, doi, source, source_observed_at
    FROM pith.paper_references;
COMMENT ON VIEW pith.read_references IS
    'pith.paper_references as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_links AS
    SELECT observation_id, work_id, status, resolver_source, observed_at, score, citing_arxiv_id
    FROM pith.paper_reference_links;
COMMENT ON VIEW pith.read_links IS
    'pith.paper_reference_links as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_works AS
    SELECT work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at
    FROM pith.cited_works;
COMMENT ON VIEW pith.read_works IS
    'pith.cited_works as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_events AS
    SELECT work_id, source, event_type, event_date, notice_doi, observed_at
    FROM pith.scholarly_work_events;
COMMENT ON VIEW pith.read_events IS
    'pith.scholarly_work_events as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_receipts AS
    SELECT work_id, source, observed_at
    FROM pith.retraction_status_cache;
COMMENT ON VIEW pith.read_receipts IS
    'pith.retraction_status_cache as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_measurements AS
    SELECT arxiv_id, source, cited_by_count, measured_at
    FROM pith.citation_measurements;
COMMENT ON VIEW pith.read_measurements IS
    'pith.citation_measurements as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_inbound AS
    SELECT cited_arxiv_id, observation_id, citing_arxiv_id, reference_index, reference, link
    FROM pith.inbound_references;
COMMENT ON VIEW pith.read_inbound IS
    'pith.inbound_references as citation records read it: readers need SELECT on this view, not on the table';
-- 48_inbound.sql -- keeping pith.inbound_references (the inbound side keyed
-- by the cited paper, see 40_tables.sql) equal to what the references and
-- links say.
--
-- One function does it, for every writer: pith.ingest_record() and
-- pith.resolve_paper() call it for the papers whose references or links
-- they wrote, in their own transaction; whoever writes paper_references or
-- paper_reference_links by hand calls it afterwards (or once, for every
-- paper, after a bulk load).  Writers of one paper are serialized on its
-- pith.papers row (FOR NO KEY UPDATE, taken in arXiv-id order, so writers
-- of several papers never deadlock): the last transaction to refresh a
-- paper sees every committed change to it.

CREATE FUNCTION pith.refresh_inbound(citing pith.arxiv_id[] DEFAULT NULL, prune boolean DEFAULT true)
RETURNS bigint
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
-- the copies are to_jsonb() of the rows: the same text whatever the
-- session's time zone, and floats that read back exactly
SET TimeZone = 'UTC'
SET extra_float_digits = 1
AS $fn$
DECLARE
    papers_in pith.arxiv_id[];
    want pith.inbound_references[];
    have pith.inbound_references[];
    want_keys text[];
    k bigint;
    changed bigint := 0;
BEGIN
    IF prune IS NULL THEN
        RAISE EXCEPTION 'prune must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF citing IS NULL THEN
        -- every paper, 1,000 papers per step, so that a rebuild after a
        -- bulk load holds one step's rows in memory, not the catalog's
        FOR papers_in IN
            SELECT array_agg(q.arxiv_id ORDER BY q.arxiv_id)
            FROM (SELECT p.arxiv_id, (row_number() OVER (ORDER BY p.arxiv_id) - 1) / 1000 AS step
                  FROM pith.papers p) q
            GROUP BY q.step
            ORDER BY q.step
        LOOP
            changed := changed + pith.refresh_inbound(papers_in, prune);
        END LOOP;
        RETURN changed;
    END IF;
    SELECT array_agg(DISTINCT pith.arxiv_base(c) ORDER BY pith.arxiv_base(c)) INTO papers_in
    FROM unnest(citing) AS c
    WHERE c IS NOT NULL;
    IF papers_in IS NULL THEN
        RETURN 0;
    END IF;

    -- one writer per paper from here to commit
    PERFORM 1 FROM pith.papers p
    WHERE p.arxiv_id = ANY (papers_in)
    ORDER BY p.arxiv_id
    FOR NO KEY UPDATE;

    -- what the rows should be: every reference of these papers that names
    -- another paper, once per paper it names (its own arXiv id, its
    -- link's work), with its reference and link rows as stored
    SELECT array_agg(ROW(t.cited, r.observation_id, r.citing_arxiv_id, r.reference_index,
                         to_jsonb(r), to_jsonb(l))::pith.inbound_references
                     ORDER BY t.cited, r.observation_id),
           array_agg(t.cited::text || ' ' || r.observation_id::text)
    INTO want, want_keys
    FROM pith.paper_references r
    LEFT JOIN pith.paper_reference_links l
           ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
    LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
    CROSS JOIN LATERAL (
        SELECT DISTINCT v.cited
        FROM (VALUES (pith.arxiv_base(r.pith_arxiv_id)), (pith.arxiv_base(w.arxiv_id))) AS v(cited)
        WHERE v.cited IS NOT NULL AND v.cited <> r.citing_arxiv_id
    ) t
    WHERE r.citing_arxiv_id = ANY (papers_in);

    IF prune THEN
        DELETE FROM pith.inbound_references ib
        WHERE ib.citing_arxiv_id = ANY (papers_in)
          AND NOT (ib.cited_arxiv_id::text || ' ' || ib.observation_id::text) = ANY (COALESCE(want_keys, '{}'));
        GET DIAGNOSTICS k = ROW_COUNT;
        changed := changed + k;
    END IF;

    IF want IS NOT NULL THEN
        -- only rows that are missing or differ are written: a refresh of an
        -- unchanged paper writes nothing (and counts nothing, on Citus too)
        SELECT array_agg(ROW(ib.*)::pith.inbound_references) INTO have
        FROM pith.inbound_references ib
        WHERE ib.cited_arxiv_id = ANY (ARRAY(SELECT w.cited_arxiv_id FROM unnest(want) AS w))
          AND ib.citing_arxiv_id = ANY (papers_in);
        SELECT array_agg(w ORDER BY w.cited_arxiv_id, w.observation_id) INTO want
        FROM unnest(want) AS w
        WHERE NOT EXISTS (SELECT 1 FROM unnest(have) AS h
                          WHERE h.cited_arxiv_id = w.cited_arxiv_id
                            AND h.observation_id = w.observation_id
                            AND h.reference = w.reference
                            AND h.link IS NOT DISTINCT FROM w.link);
    END IF;
    IF want IS NOT NULL THEN
        INSERT INTO pith.inbound_references AS ib
        SELECT * FROM unnest(want)
        ON CONFLICT (cited_arxiv_id, observation_id) DO UPDATE
           SET reference = excluded.reference,
               link = excluded.link;
        changed := changed + cardinality(want);
    END IF;
    RETURN changed;
END
$fn$;
COMMENT ON FUNCTION pith.refresh_inbound(pith.arxiv_id[], boolean) IS
    'make pith.inbound_references say what the references and links of the given citing papers say (NULL: every paper); prune => false only adds and updates rows; returns the rows written or removed';
-- 50_record.sql -- the citation record (SPEC section 2): the timestamp text,
-- the one builder of an observation object, the one query that turns a
-- paper's outbound or inbound references into observations, the record
-- itself, and the views that existing apps read.
--
-- Every observation -- in a record's outbound or inbound list and in both
-- views -- comes out of pith.observation_rows(), and its object out of
-- pith.build_observation(), so the bytes (digest included) are the same
-- wherever an app reads them.

CREATE FUNCTION pith.iso_utc(ts timestamptz, offset_form boolean DEFAULT false)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_iso_utc'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.iso_utc(timestamptz, boolean) IS
    'ISO 8601 text of a timestamp in UTC as a citation record prints it: microseconds only when non-zero, suffix Z (or +00:00 when offset_form)';

-- The canonical JSON text of one observation, sealed with its digest, from
-- its joined rows (src/record.c).  Reads no table.  The one place where an
-- observation's shape is decided.
CREATE FUNCTION pith.observation_text(
    ref pith.paper_references,
    citing pith.papers,
    cited pith.papers,
    link pith.paper_reference_links,
    work pith.cited_works,
    receipt_sources text[],
    receipt_times timestamptz[],
    events jsonb,
    event_count bigint,
    event_latest timestamptz)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_observation_text'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.observation_text(pith.paper_references, pith.papers, pith.papers, pith.paper_reference_links, pith.cited_works, text[], timestamptz[], jsonb, bigint, timestamptz) IS
    'canonical JSON text of the observation of one reference (SPEC section 2) from its joined rows, with its observation_digest; cited, link and work may be NULL; receipts are the latest per source, sorted by source; used by pith.observation_rows';

-- The canonical text of a whole record from its members (src/record.c):
-- as_of and caps as JSON text, rest = the members from "coverage" on with the
-- closing brace; adds the context_digest.
CREATE FUNCTION pith.record_seal(as_of text, caps text, rest text)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_record_seal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.record_seal(text, text, text) IS
    'for pith.citation_record_text: {"as_of":as_of,"caps":caps,"context_digest":...,rest with the digest taken over the record without as_of and context_digest';

-- All observations of one paper, outbound (its references) or inbound
-- (other papers' references to it), numbered in record order.  Only rows
-- observed at or before as_of take part.  Every row carries the status and
-- times the record counts; the observation object (with its digest) is built
-- (canonical text, digest included) only for the first cap rows (all rows
-- when cap is NULL).
CREATE FUNCTION pith.observation_rows(
    paper pith.arxiv_id,
    inbound boolean,
    as_of timestamptz,
    cap integer)
RETURNS TABLE (
    n bigint,
    citing_arxiv_id pith.arxiv_id,
    reference_index integer,
    observation_id uuid,
    status pith.resolution_status,
    source_observed_at timestamptz,
    latest_receipt timestamptz,
    receipt_sources text[],
    receipt_times timestamptz[],
    observation text)
LANGUAGE plpgsql STABLE PARALLEL SAFE ROWS 100
SET search_path = pg_catalog, pith
-- one plan, made once per session: planning this query costs more than
-- running it, and its best plan does not depend on the arguments
SET plan_cache_mode = force_generic_plan
AS $fn$
BEGIN
    RETURN QUERY
    WITH x AS MATERIALIZED (
        SELECT d.n, d.r, d.cp, cp.dp, lw.l, lw.w
        FROM (
            -- the references taking part, in record order, each with its
            -- citing paper and its stored link (if any)
            SELECT s.r, s.cp, s.l,
                   row_number() OVER (ORDER BY (s.r).citing_arxiv_id, (s.r).reference_index) AS n
            FROM (
                -- outbound: the paper's own references
                SELECT ROW(r.*)::pith.paper_references AS r, ROW(cp.*)::pith.papers AS cp,
                       CASE WHEN l.observation_id IS NOT NULL
                            THEN ROW(l.*)::pith.paper_reference_links END AS l
                FROM pith.read_references r
                JOIN pith.read_papers cp ON cp.arxiv_id = r.citing_arxiv_id
                LEFT JOIN pith.read_links l
                       ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
                WHERE NOT inbound
                  AND r.citing_arxiv_id = paper
                  AND r.source_observed_at <= as_of
                  AND cp.snapshot_observed_at <= as_of
                UNION ALL
                -- inbound: other papers' references that name the paper, by
                -- their own arXiv id or by their link's work, from the rows
                -- keyed by the paper (pith.inbound_references), checked as
                -- of the moment
                SELECT i.r, ROW(cp.*)::pith.papers AS cp, i.l
                FROM pith.read_inbound ib
                CROSS JOIN LATERAL (
                    SELECT jsonb_populate_record(NULL::pith.paper_references, ib.reference) AS r,
                           CASE WHEN ib.link IS NOT NULL
                                THEN jsonb_populate_record(NULL::pith.paper_reference_links, ib.link) END AS l
                ) i
                JOIN pith.read_papers cp ON cp.arxiv_id = ib.citing_arxiv_id
                WHERE inbound
                  AND ib.cited_arxiv_id = paper
                  AND (i.r).source_observed_at <= as_of
                  AND cp.snapshot_observed_at <= as_of
                  AND ((i.r).pith_arxiv_id IS NOT NULL AND pith.arxiv_base((i.r).pith_arxiv_id) = paper
                       OR EXISTS (SELECT 1
                                  FROM pith.read_works w
                                  WHERE w.work_id = (i.l).work_id
                                    AND w.arxiv_id IS NOT NULL
                                    AND pith.arxiv_base(w.arxiv_id) = paper
                                    AND w.snapshot_observed_at <= as_of
                                    AND (i.l).observed_at <= as_of))
            ) s
        ) d
        -- the cited paper, when the reference names one the catalog knew
        -- then.  LATERAL ... OFFSET 0 keeps these lookups one index probe
        -- per reference (never a hash of a whole table), whatever the
        -- catalog's size.
        LEFT JOIN LATERAL (
            SELECT ROW(p0.*)::pith.papers AS dp
            FROM pith.read_papers p0
            WHERE p0.arxiv_id = pith.arxiv_base((d.r).pith_arxiv_id)
              AND p0.snapshot_observed_at <= as_of
            OFFSET 0
        ) cp ON (d.r).pith_arxiv_id IS NOT NULL
        -- the link and its work, when both were observed by then
        LEFT JOIN LATERAL (
            SELECT d.l AS l, ROW(w0.*)::pith.cited_works AS w
            FROM (SELECT 1) one
            LEFT JOIN pith.read_works w0 ON w0.work_id = (d.l).work_id
            WHERE (d.l).observed_at <= as_of
              AND ((d.l).work_id IS NULL OR w0.snapshot_observed_at <= as_of)
            OFFSET 0
        ) lw ON (d.l).observation_id IS NOT NULL
    ),
    -- the linked works whose notices are shown
    shown AS (
        SELECT DISTINCT (x.w).work_id AS work_id
        FROM x
        WHERE (x.w).work_id IS NOT NULL
          AND (cap IS NULL OR x.n <= cap)
    ),
    -- their latest receipt per standing source, sources in code point order
    -- (source is COLLATE "C"), one sort for the whole record
    rc AS (
        SELECT q.work_id, array_agg(q.source) AS sources, array_agg(q.t) AS times, max(q.t) AS latest
        FROM (SELECT c.work_id, c.source, max(c.observed_at) AS t
              FROM shown
              JOIN pith.read_receipts c ON c.work_id = shown.work_id
              WHERE c.observed_at <= as_of
              GROUP BY c.work_id, c.source
              ORDER BY c.work_id, c.source) q
        GROUP BY q.work_id
    ),
    -- their events, ordered by event_date, source, event_type, notice_doi
    ev AS (
        SELECT q.work_id, jsonb_agg(q.e) AS events, count(*) AS n, max(q.observed_at) AS latest
        FROM (SELECT e.work_id, e.observed_at,
                     jsonb_build_object(
                         'event_date', to_char(e.event_date, 'YYYY-MM-DD'),
                         'event_type', e.event_type,
                         'notice_doi', e.notice_doi::text,
                         'observed_at', pith.iso_utc(e.observed_at, false),
                         'source', e.source) AS e
              FROM shown
              JOIN pith.read_events e ON e.work_id = shown.work_id
              WHERE e.observed_at <= as_of
              ORDER BY e.work_id, e.event_date, e.source, e.event_type,
                       e.notice_doi::text COLLATE "C") q
        GROUP BY q.work_id
    )
    SELECT x.n,
           (x.r).citing_arxiv_id,
           (x.r).reference_index,
           (x.r).observation_id,
           CASE WHEN (x.l).observation_id IS NULL THEN 'unresolved'::pith.resolution_status
                ELSE (x.l).status END,
           (x.r).source_observed_at,
           rc.latest,
           rc.sources,
           rc.times,
           CASE WHEN cap IS NULL OR x.n <= cap THEN
               pith.observation_text(x.r, x.cp, x.dp, x.l, x.w, rc.sources, rc.times,
                                     ev.events, ev.n, ev.latest)
           END
    FROM x
    LEFT JOIN rc ON rc.work_id = (x.w).work_id
    LEFT JOIN ev ON ev.work_id = (x.w).work_id
    ORDER BY x.n;
END
$fn$;
COMMENT ON FUNCTION pith.observation_rows(pith.arxiv_id, boolean, timestamptz, integer) IS
    'the outbound (inbound = false) or inbound observations of a paper as of a moment, numbered in record order; observation objects for the first cap rows';

-- The citation record of one paper (SPEC section 2) as its canonical JSON
-- text, the bytes the JSON endpoint serves.  At most six statements read
-- tables: the paper with its measurements, the outbound observations (one
-- statement calling pith.observation_rows, which runs one), a probe for
-- possible inbound references and, when there may be some, the inbound
-- observations (the same two).
CREATE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan
AS $fn$
DECLARE
    paper pith.arxiv_id := pith.arxiv_base(arxiv_id);
    id text := paper::text;
    p_title text;
    p_latest_version integer;
    p_submitted_at timestamptz;
    p_last_updated timestamptz;
    p_primary_category text;
    p_snapshot timestamptz;
    meas text;
    meas_shown bigint;
    meas_latest timestamptz;
    out_obs text;
    out_total bigint;
    out_shown bigint;
    out_latest timestamptz;
    out_counts jsonb;
    notice_latest timestamptz;
    sources jsonb;
    in_obs text;
    in_total bigint;
    in_shown bigint;
    in_latest timestamptz;
    caps text;
    rest text;
BEGIN
    IF outbound_cap < 1 OR inbound_cap < 1 THEN
        RAISE EXCEPTION 'citation record caps must be at least 1'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('outbound_cap is %s and inbound_cap is %s.', outbound_cap, inbound_cap);
    END IF;

    -- statement 1: the paper and its latest measurement per source
    SELECT pp.title, pp.latest_version, pp.submitted_at, pp.last_updated,
           pp.primary_category, pp.snapshot_observed_at, m.list, m.shown, m.latest
    INTO p_title, p_latest_version, p_submitted_at, p_last_updated,
         p_primary_category, p_snapshot, meas, meas_shown, meas_latest
    FROM pith.read_papers pp
    LEFT JOIN LATERAL (
        SELECT pith.canonical_json(COALESCE(jsonb_agg(jsonb_build_object(
                   'cited_by_count', q.cited_by_count,
                   'measured_at', pith.iso_utc(q.measured_at, false),
                   'source', q.source) ORDER BY q.source COLLATE "C"), '[]'::jsonb)) AS list,
               count(*) AS shown,
               max(q.measured_at) AS latest
        FROM (SELECT DISTINCT ON (cm.source) cm.source, cm.cited_by_count, cm.measured_at
              FROM pith.read_measurements cm
              WHERE cm.arxiv_id = paper
                AND cm.measured_at <= as_of
              ORDER BY cm.source, cm.measured_at DESC) q
    ) m ON true
    WHERE pp.arxiv_id = paper;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', id
            USING ERRCODE = 'no_data_found',
                  HINT = 'Load it with pith.ingest_record() or insert it into pith.papers.';
    END IF;
    IF p_snapshot > as_of THEN
        RAISE EXCEPTION 'paper % was not yet observed as of %', id, pith.iso_utc(as_of, false)
            USING ERRCODE = 'no_data_found',
                  DETAIL = format('Its snapshot was observed at %s.', pith.iso_utc(p_snapshot, false));
    END IF;

    -- statements 2 and 3: outbound observations, counted over all of them
    WITH o AS (
        SELECT * FROM pith.observation_rows(paper, false, as_of, outbound_cap)
    )
    SELECT '[' || COALESCE(string_agg(o.observation, ',' ORDER BY o.n) FILTER (WHERE o.n <= outbound_cap), '') || ']',
           count(*),
           count(*) FILTER (WHERE o.n <= outbound_cap),
           max(o.source_observed_at) FILTER (WHERE o.n <= outbound_cap),
           max(o.latest_receipt) FILTER (WHERE o.n <= outbound_cap),
           jsonb_build_object(
               'malformed_identifier', count(*) FILTER (WHERE o.status = 'malformed_identifier'),
               'metadata_mismatch', count(*) FILTER (WHERE o.status = 'metadata_mismatch'),
               'parse_uncertain', count(*) FILTER (WHERE o.status = 'parse_uncertain'),
               'unresolved', count(*) FILTER (WHERE o.status = 'unresolved'),
               'verified_exact', count(*) FILTER (WHERE o.status = 'verified_exact'),
               'verified_fuzzy', count(*) FILTER (WHERE o.status = 'verified_fuzzy')),
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('observed_at', pith.iso_utc(z.t, true),
                                                         'source', z.s)
                                      ORDER BY z.s COLLATE "C"), '[]'::jsonb)
            FROM (SELECT u.s, max(u.t) AS t
                  FROM o AS o2, unnest(o2.receipt_sources, o2.receipt_times) AS u(s, t)
                  WHERE o2.n <= outbound_cap
                  GROUP BY u.s) z)
    INTO out_obs, out_total, out_shown, out_latest, notice_latest, out_counts, sources
    FROM o;

    -- statement 4: could anything be inbound?  One index probe of the rows
    -- keyed by the paper, a superset of what observation_rows counts; most
    -- papers are cited by nobody in the catalog, and this spares them
    -- statement 5.
    IF EXISTS (SELECT 1 FROM pith.read_inbound ib
               WHERE ib.cited_arxiv_id = paper) THEN
        -- statements 5 and 6: inbound observations, counted over all of them
        SELECT '[' || COALESCE(string_agg(i.observation, ',' ORDER BY i.n) FILTER (WHERE i.n <= inbound_cap), '') || ']',
               count(*),
               count(*) FILTER (WHERE i.n <= inbound_cap),
               max(i.source_observed_at) FILTER (WHERE i.n <= inbound_cap)
        INTO in_obs, in_total, in_shown, in_latest
        FROM pith.observation_rows(paper, true, as_of, inbound_cap) i;
    ELSE
        in_obs := '[]';
        in_total := 0;
        in_shown := 0;
        in_latest := NULL;
    END IF;

    -- the record's members in code point order; "as_of" and
    -- "context_digest" go around the caps once the digest is known
    caps := format('{"database_statements":6,"inbound":%s,"outbound":%s}', inbound_cap, outbound_cap);
    rest := concat(
        '"coverage":', pith.canonical_json(jsonb_build_array(
            jsonb_build_object(
                'denominator', out_total,
                'lane', 'reference_resolution',
                'note', 'Typed states for the displayed outbound observations.',
                'records_observed', out_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(out_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', out_shown,
                'lane', 'standing_notices',
                'note', 'One-hop event checks from named stored sources.',
                'records_observed', out_shown,
                'source', 'scholarly_work_events, retraction_status_cache',
                'source_observed_at', pith.iso_utc(notice_latest, true),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', in_total,
                'lane', 'inbound_itemization',
                'note', 'Pith citing papers itemized under the disclosed page cap.',
                'records_observed', in_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(in_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', 1,
                'lane', 'external_citation_measurements',
                'note', 'A source-named dated measurement, never combined with another source.',
                'records_observed', meas_shown,
                'source', 'cited_works',
                'source_observed_at', pith.iso_utc(meas_latest, false),
                'state', 'measured'))),
        ',"external_citation_measurements":', meas,
        ',"inbound":', in_obs,
        ',"links":', pith.canonical_json(jsonb_build_object(
            'evidence', '/evidence',
            'html', '/paper/' || id || '/citation-record',
            'integrity', '/paper/' || id || '/integrity',
            'json', '/paper/' || id || '/citation-record.json',
            'paper', '/paper/' || id)),
        ',"outbound":', out_obs,
        ',"paper":', pith.canonical_json(jsonb_build_object(
            'arxiv_id', id,
            'last_updated', pith.iso_utc(p_last_updated, false),
            'latest_version', p_latest_version,
            'primary_category', p_primary_category,
            'snapshot_observed_at', pith.iso_utc(p_snapshot, false),
            'submitted_at', pith.iso_utc(p_submitted_at, false),
            'title', p_title)),
        ',"reference_resolution":', pith.canonical_json(jsonb_build_object(
            'displayed', out_shown,
            'state_counts', out_counts,
            'total_outbound_references', out_total)),
        ',"refusal":"A citation records a reference. It does not transfer a finding from one paper to another."',
        ',"schema":"pith.paper-citation-record.v1"',
        ',"standing_sources":', pith.canonical_json(sources),
        ',"thesis":', pith.canonical_json(to_jsonb(format(
            'As of %s, this Paper Citation Record lists %s of %s outbound references'
            ' and %s inbound Pith citation observations for arXiv:%s.',
            to_char(as_of AT TIME ZONE 'UTC', 'FMDD FMMonth YYYY'),
            out_shown, out_total, in_shown, id))),
        '}');
    -- as_of, caps and context_digest (over the record without as_of and
    -- context_digest) in front of the rest
    RETURN pith.record_seal('"' || pith.iso_utc(as_of, false) || '"', caps, rest);
END
$fn$;
COMMENT ON FUNCTION pith.citation_record_text(pith.arxiv_id, timestamptz, integer, integer) IS
    'the canonical JSON text of the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment: what the JSON endpoint serves';

-- The citation record of one paper (SPEC section 2) as jsonb.
CREATE FUNCTION pith.citation_record(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS jsonb
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
AS $fn$
BEGIN
    RETURN pith.citation_record_text(arxiv_id, as_of, outbound_cap, inbound_cap)::jsonb;
END
$fn$;
COMMENT ON FUNCTION pith.citation_record(pith.arxiv_id, timestamptz, integer, integer) IS
    'the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment, from the reference tables; pith.canonical_json() of it is pith.citation_record_text()';

CREATE VIEW pith.outbound_observations AS
SELECT p.arxiv_id AS citing_arxiv_id, o.reference_index, o.observation_id, o.observation::jsonb AS observation
FROM pith.papers p
CROSS JOIN LATERAL pith.observation_rows(p.arxiv_id, false, pg_catalog.now(), NULL) o;
COMMENT ON VIEW pith.outbound_observations IS
    'every paper''s outbound citation observations as of now, the same objects (digest included) as in pith.citation_record()';

CREATE VIEW pith.inbound_observations AS
SELECT p.arxiv_id AS cited_arxiv_id, o.citing_arxiv_id, o.reference_index, o.observation_id, o.observation::jsonb AS observation
FROM pith.papers p
CROSS JOIN LATERAL pith.observation_rows(p.arxiv_id, true, pg_catalog.now(), NULL) o;
COMMENT ON VIEW pith.inbound_observations IS
    'other papers'' references to each paper as of now, the same objects (digest included) as in the citing paper''s record';

CREATE VIEW pith.citation_records AS
SELECT p.arxiv_id, pith.citation_record(p.arxiv_id) AS record
FROM pith.papers p;
COMMENT ON VIEW pith.citation_records IS
    'the citation record of every paper as of now, with the default caps';
-- 55_ingest.sql -- pith.ingest_record(): load a pith.paper-citation-record.v1
-- document into the reference tables (the paper, the papers it cites and that
-- cite it, references, works, links, receipts, events, measurements).
--
-- One statement's worth of work: every check runs before the first write,
-- and any error leaves the tables as they were.  Loading the same document
-- twice changes nothing.  A stored value is never overwritten: a stored NULL
-- may be filled in, but a stored value that differs from the document's is a
-- contradiction and an error.

-- The first column on which two rows (as jsonb) disagree.  Only keys of
-- incoming are compared; a NULL on either side is "unknown" and agrees with
-- anything, unless strict, where NULL is a value like any other.
CREATE FUNCTION pith.row_conflict(stored jsonb, incoming jsonb, strict boolean DEFAULT false)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
AS $fn$
SELECT pg_catalog.format('%s is %s in the table but %s in the record',
                         e.key, COALESCE(stored OPERATOR(pg_catalog.->) e.key, 'null'::jsonb), e.value)
FROM pg_catalog.jsonb_each(incoming) AS e(key, value)
WHERE (stored OPERATOR(pg_catalog.->) e.key) IS DISTINCT FROM e.value
  AND (strict OR (e.value OPERATOR(pg_catalog.<>) 'null'::jsonb
                  AND (stored OPERATOR(pg_catalog.->) e.key) OPERATOR(pg_catalog.<>) 'null'::jsonb))
ORDER BY e.key COLLATE "C"
LIMIT 1
$fn$;
COMMENT ON FUNCTION pith.row_conflict(jsonb, jsonb, boolean) IS
    'for ingest: the first key of incoming whose value differs from stored (NULLs agree with anything unless strict), as a sentence fragment; NULL when the rows agree';

CREATE FUNCTION pith.ingest_record(record jsonb, verify boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    doc_paper pith.arxiv_id;
    doc_as_of timestamptz;
    obs jsonb;
    inc_papers pith.papers[];
    inc_versions pith.paper_versions[];
    inc_works pith.cited_works[];
    inc_refs pith.paper_references[];
    inc_links pith.paper_reference_links[];
    inc_receipts pith.retraction_status_cache[];
    inc_events pith.scholarly_work_events[];
    inc_meas pith.citation_measurements[];
    no_link uuid[];
    bad text;
    bad_detail text;
    n_bad bigint;
    n_papers bigint;
    n_papers_filled bigint;
    n_versions bigint;
    n_works bigint;
    n_refs bigint;
    n_links bigint;
    n_receipts bigint;
    n_events bigint;
    n_meas bigint;
    n_inbound bigint;
    citing_papers pith.arxiv_id[];
BEGIN
    -- 1. the document's shape
    IF jsonb_typeof(record) <> 'object' THEN
        RAISE EXCEPTION 'a citation record must be a JSON object'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('The document is a JSON %s.', jsonb_typeof(record));
    END IF;
    IF (record ->> 'schema') IS DISTINCT FROM 'pith.paper-citation-record.v1' THEN
        RAISE EXCEPTION 'unsupported citation record schema %', COALESCE(record -> 'schema', 'null'::jsonb)
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Only documents with "schema": "pith.paper-citation-record.v1" can be loaded.';
    END IF;
    IF jsonb_typeof(record -> 'paper') IS DISTINCT FROM 'object'
       OR jsonb_typeof(record -> 'outbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(record -> 'inbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(record -> 'external_citation_measurements') IS DISTINCT FROM 'array' THEN
        RAISE EXCEPTION 'citation record is incomplete'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A record needs a "paper" object and "outbound", "inbound" and "external_citation_measurements" arrays.';
    END IF;

    -- 2. its digests
    IF verify THEN
        SELECT count(*), min(v.path) INTO n_bad, bad
        FROM pith.verify_record(record) AS v
        WHERE v.ok IS NOT TRUE;
        IF n_bad > 0 THEN
            RAISE EXCEPTION 'citation record digests do not verify'
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = format('%s digest(s) do not match the content, the first at %s.', n_bad, bad),
                      HINT = 'Pass verify => false to load a document whose digests are known to be stale.';
        END IF;
    END IF;

    obs := (record -> 'outbound') || (record -> 'inbound');

    -- 3. the rows the document holds, typed; a value that does not fit its
    --    column is a malformed document
    BEGIN
        doc_paper := (record -> 'paper' ->> 'arxiv_id')::pith.arxiv_id;
        doc_as_of := (record ->> 'as_of')::timestamptz;
        IF doc_paper IS NULL OR doc_as_of IS NULL THEN
            RAISE EXCEPTION 'the record has no paper.arxiv_id or no as_of';
        END IF;

        -- papers: the record's paper, every citing paper and every cited paper
        SELECT array_agg(jsonb_populate_record(NULL::pith.papers, q.p))
        INTO inc_papers
        FROM (
            SELECT record -> 'paper' AS p
            UNION ALL
            SELECT (o -> 'citation' -> 'citing_paper') - 'version' - 'latest_version' - 'primary_category'
            FROM jsonb_array_elements(obs) AS o
            UNION ALL
            SELECT (o -> 'citation' -> 'cited_paper') - 'latest_version' - 'primary_category'
                   || jsonb_build_object('latest_version', o -> 'citation' -> 'cited_paper' -> 'version')
            FROM jsonb_array_elements(obs) AS o
            WHERE jsonb_typeof(o -> 'citation' -> 'cited_paper') = 'object'
        ) q;

        -- the references, one per observation
        SELECT array_agg(jsonb_populate_record(NULL::pith.paper_references, jsonb_build_object(
                   'observation_id', o ->> 'observation_id',
                   'citing_arxiv_id', o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'citing_version', o -> 'citation' -> 'citing_paper' -> 'version',
                   'reference_index', o -> 'citation' -> 'reference_index',
                   'raw_text', x.ref_title,
                   'title', x.ref_title,
                   'year', x.ref_year,
                   'pith_arxiv_id', x.w ->> 'pith_arxiv_id',
                   'source', o -> 'citation' ->> 'source',
                   'source_observed_at', o -> 'citation' ->> 'source_observed_at')))
        INTO inc_refs
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL (
            SELECT w,
                   -- an unlinked reference shows its own title and year; a
                   -- work made from the raw reference carries them too
                   CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference'
                        THEN w -> 'title' END AS ref_title,
                   CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference'
                        THEN w -> 'year' END AS ref_year
            FROM (SELECT o -> 'citation' -> 'cited_work' AS w) y
        ) x;

        -- works linked from the observations
        SELECT array_agg(jsonb_populate_record(NULL::pith.cited_works,
                             (o -> 'citation' -> 'cited_work') - 'pith_arxiv_id'))
        INTO inc_works
        FROM jsonb_array_elements(obs) AS o
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        -- links: every resolution that is not the "no link row" default
        SELECT array_agg(jsonb_populate_record(NULL::pith.paper_reference_links, jsonb_build_object(
                   'observation_id', o ->> 'observation_id',
                   'citing_arxiv_id', o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'work_id', o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'status', o -> 'resolution' ->> 'status',
                   'resolver_source', o -> 'resolution' ->> 'resolver_source',
                   'observed_at', o -> 'resolution' ->> 'observed_at')))
               FILTER (WHERE NOT x.default_resolution),
               array_agg((o ->> 'observation_id')::uuid) FILTER (WHERE x.default_resolution)
        INTO inc_links, no_link
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL (
            SELECT o -> 'citation' -> 'cited_work' ->> 'work_id' IS NULL
                   AND o -> 'resolution' ->> 'resolver_source' IS NULL
                   AND o -> 'resolution' ->> 'status' = 'unresolved'
                   AND (o -> 'resolution' ->> 'observed_at')::timestamptz
                       = (o -> 'citation' ->> 'source_observed_at')::timestamptz AS default_resolution
        ) x;

        -- receipts and events of the linked works
        SELECT array_agg(DISTINCT jsonb_populate_record(NULL::pith.retraction_status_cache, jsonb_build_object(
                   'work_id', o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'source', s ->> 'source',
                   'observed_at', s ->> 'observed_at')))
        INTO inc_receipts
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(o -> 'standing_notice' -> 'source_receipts', '[]')) AS s
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        SELECT array_agg(DISTINCT jsonb_populate_record(NULL::pith.scholarly_work_events,
                   e || jsonb_build_object('work_id', o -> 'citation' -> 'cited_work' ->> 'work_id')))
        INTO inc_events
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(o -> 'standing_notice' -> 'events', '[]')) AS e
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        SELECT array_agg(jsonb_populate_record(NULL::pith.citation_measurements,
                   m || jsonb_build_object('arxiv_id', doc_paper::text)))
        INTO inc_meas
        FROM jsonb_array_elements(record -> 'external_citation_measurements') AS m;
    EXCEPTION
        WHEN data_exception OR raise_exception THEN
            RAISE EXCEPTION 'citation record is malformed'
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = SQLERRM;
    END;

    -- 4. consistency inside the document
    IF pith.arxiv_base(doc_paper) <> doc_paper THEN
        RAISE EXCEPTION 'citation record names a paper version, not a paper: %', doc_paper::text
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(inc_refs) AS r
               WHERE r.observation_id IS NULL OR r.citing_arxiv_id IS NULL OR r.citing_version IS NULL
                  OR r.reference_index IS NULL OR r.source IS NULL OR r.source_observed_at IS NULL) THEN
        RAISE EXCEPTION 'citation record is malformed'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every observation needs an observation_id, a citing paper and version, a reference_index, a source and its source_observed_at.';
    END IF;
    SELECT format('observation %s (reference %s) is not one of arXiv:%s''s own references',
                  r.observation_id, r.reference_index, doc_paper::text)
    INTO bad
    FROM jsonb_array_elements(record -> 'outbound') AS o,
         LATERAL (SELECT (o ->> 'observation_id')::uuid AS observation_id,
                         o -> 'citation' -> 'reference_index' AS reference_index,
                         (o -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id AS citing) r
    WHERE r.citing <> doc_paper
    LIMIT 1;
    IF bad IS NULL THEN
        SELECT format('inbound observation %s is arXiv:%s''s own reference', o ->> 'observation_id', doc_paper::text)
        INTO bad
        FROM jsonb_array_elements(record -> 'inbound') AS o
        WHERE (o -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id = doc_paper
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper %s is described in two different ways', q.arxiv_id::text) INTO bad
        FROM unnest(inc_papers) AS q
        GROUP BY q.arxiv_id
        HAVING count(DISTINCT q.title) > 1 OR count(DISTINCT q.latest_version) > 1
            OR count(DISTINCT q.submitted_at) > 1 OR count(DISTINCT q.last_updated) > 1
            OR count(DISTINCT q.primary_category) > 1 OR count(DISTINCT q.snapshot_observed_at) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('observation %s appears twice with different content', q.observation_id) INTO bad
        FROM unnest(inc_refs) AS q
        GROUP BY q.observation_id
        HAVING count(DISTINCT to_jsonb(q)) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('reference %s of arXiv:%s appears under two observation ids', q.reference_index, q.citing_arxiv_id::text)
        INTO bad
        FROM unnest(inc_refs) AS q
        GROUP BY q.citing_arxiv_id, q.reference_index
        HAVING count(DISTINCT q.observation_id) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('work %s is described in two different ways', q.work_id) INTO bad
        FROM unnest(inc_works) AS q
        GROUP BY q.work_id
        HAVING count(DISTINCT to_jsonb(q)) > 1
        LIMIT 1;
    END IF;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record contradicts itself'
            USING ERRCODE = 'invalid_parameter_value', DETAIL = bad || '.';
    END IF;

    -- merge the descriptions of each paper (they agree where known)
    SELECT array_agg(ROW(q.arxiv_id, q.title, q.latest_version, q.submitted_at, q.last_updated,
                         q.primary_category, q.snapshot_observed_at)::pith.papers)
    INTO inc_papers
    FROM (SELECT u.arxiv_id, max(u.title) AS title, max(u.latest_version) AS latest_version,
                 max(u.submitted_at) AS submitted_at, max(u.last_updated) AS last_updated,
                 max(u.primary_category) AS primary_category,
                 max(u.snapshot_observed_at) AS snapshot_observed_at
          FROM unnest(inc_papers) AS u
          GROUP BY u.arxiv_id) q;
    SELECT array_agg(DISTINCT ROW(q.arxiv_id, q.latest_version, q.title, q.last_updated)::pith.paper_versions)
    INTO inc_versions
    FROM unnest(inc_papers) AS q
    WHERE q.latest_version IS NOT NULL;
    SELECT array_agg(DISTINCT q) INTO inc_refs FROM unnest(inc_refs) AS q;
    SELECT array_agg(DISTINCT q) INTO inc_works FROM unnest(inc_works) AS q;

    -- 5. agreement with what is stored
    SELECT format('papers row %s: %s', s.arxiv_id::text, c.msg) INTO bad
    FROM unnest(inc_papers) AS i
    JOIN pith.papers s ON s.arxiv_id = i.arxiv_id
    CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg) c
    WHERE c.msg IS NOT NULL LIMIT 1;
    IF bad IS NULL THEN
        SELECT format('paper_versions row %s v%s: %s', s.arxiv_id::text, s.version, c.msg) INTO bad
        FROM unnest(inc_versions) AS i
        JOIN pith.paper_versions s ON s.arxiv_id = i.arxiv_id AND s.version = i.version
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('cited_works row %s: %s', s.work_id, c.msg) INTO bad
        FROM unnest(inc_works) AS i
        JOIN pith.cited_works s ON s.work_id = i.work_id
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_references row %s: %s', c.observation_id, c.msg) INTO bad
        FROM (SELECT s.observation_id, pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg
              FROM unnest(inc_refs) AS i
              JOIN pith.paper_references s ON s.observation_id = i.observation_id) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('reference %s of arXiv:%s is stored as observation %s, the record says %s',
                      i.reference_index, i.citing_arxiv_id::text, s.observation_id, i.observation_id) INTO bad
        FROM unnest(inc_refs) AS i
        JOIN pith.paper_references s
          ON s.citing_arxiv_id = i.citing_arxiv_id AND s.reference_index = i.reference_index
        WHERE s.observation_id <> i.observation_id LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_reference_links row %s: %s', c.observation_id, c.msg) INTO bad
        FROM (SELECT s.observation_id, pith.row_conflict(to_jsonb(s), to_jsonb(i) - 'score', true) AS msg
              FROM unnest(inc_links) AS i
              JOIN pith.paper_reference_links s
                ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_reference_links row %s: the reference is stored as resolved (%s) at %s, the record says it was unresolved as of %s',
                      s.observation_id, s.status, pith.iso_utc(s.observed_at, false), pith.iso_utc(doc_as_of, false)) INTO bad
        FROM pith.paper_reference_links s
        WHERE s.observation_id = ANY (no_link) AND s.observed_at <= doc_as_of
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('scholarly_work_events row of work %s: %s', s.work_id, c.msg) INTO bad
        FROM unnest(inc_events) AS i
        JOIN pith.scholarly_work_events s
          ON s.work_id = i.work_id AND s.source = i.source AND s.event_type = i.event_type
         AND s.event_date IS NOT DISTINCT FROM i.event_date AND s.notice_doi IS NOT DISTINCT FROM i.notice_doi
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('citation_measurements row %s %s at %s: %s', c.arxiv_id::text, c.source,
                      pith.iso_utc(c.measured_at, false), c.msg) INTO bad
        FROM (SELECT s.arxiv_id, s.source, s.measured_at,
                     pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg
              FROM unnest(inc_meas) AS i
              JOIN pith.citation_measurements s
                ON s.arxiv_id = i.arxiv_id AND s.source = i.source AND s.measured_at = i.measured_at) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record contradicts stored data'
            USING ERRCODE = 'integrity_constraint_violation', DETAIL = bad || '.',
                  HINT = 'Nothing was written.  Correct the stored rows or the document, then load it again.';
    END IF;

    -- 6. write: new rows, and stored NULLs filled in.  First the rows of
    --    the papers whose references are written (and of the document's
    --    paper), as step 7 will lock them (FOR NO KEY UPDATE, id order):
    --    writers of one paper wait here, before writing anything.  On Citus
    --    this lock is an exclusive lock on the papers reference table's
    --    shard; taken after the INSERT below (which takes a weaker lock,
    --    RowExclusiveLock, that two ingests can hold at once), each of two
    --    ingests would wait for the other to give its weaker lock up.
    citing_papers := ARRAY(SELECT DISTINCT r.citing_arxiv_id FROM unnest(inc_refs) AS r);
    PERFORM 1 FROM pith.papers p
    WHERE p.arxiv_id = ANY (citing_papers || doc_paper)
    ORDER BY p.arxiv_id
    FOR NO KEY UPDATE;
    INSERT INTO pith.papers SELECT * FROM unnest(inc_papers) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_papers = ROW_COUNT;
    UPDATE pith.papers s
    SET title = COALESCE(s.title, i.title),
        latest_version = COALESCE(s.latest_version, i.latest_version),
        submitted_at = COALESCE(s.submitted_at, i.submitted_at),
        last_updated = COALESCE(s.last_updated, i.last_updated),
        primary_category = COALESCE(s.primary_category, i.primary_category)
    FROM unnest(inc_papers) AS i
    WHERE s.arxiv_id = i.arxiv_id
      AND ((s.latest_version IS NULL AND i.latest_version IS NOT NULL)
        OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
        OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
        OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL));
    GET DIAGNOSTICS n_papers_filled = ROW_COUNT;
    INSERT INTO pith.paper_versions SELECT * FROM unnest(inc_versions) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_versions = ROW_COUNT;
    INSERT INTO pith.cited_works SELECT * FROM unnest(inc_works) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_works = ROW_COUNT;
    INSERT INTO pith.paper_references SELECT * FROM unnest(inc_refs) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_refs = ROW_COUNT;
    UPDATE pith.paper_references s
    SET raw_text = COALESCE(s.raw_text, i.raw_text),
        title = COALESCE(s.title, i.title),
        year = COALESCE(s.year, i.year),
        pith_arxiv_id = COALESCE(s.pith_arxiv_id, i.pith_arxiv_id)
    FROM unnest(inc_refs) AS i
    WHERE s.observation_id = i.observation_id
      AND ((s.raw_text IS NULL AND i.raw_text IS NOT NULL)
        OR (s.title IS NULL AND i.title IS NOT NULL)
        OR (s.year IS NULL AND i.year IS NOT NULL)
        OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL));
    INSERT INTO pith.paper_reference_links SELECT * FROM unnest(inc_links) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_links = ROW_COUNT;
    INSERT INTO pith.retraction_status_cache SELECT * FROM unnest(inc_receipts) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_receipts = ROW_COUNT;
    INSERT INTO pith.scholarly_work_events SELECT * FROM unnest(inc_events) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_events = ROW_COUNT;
    INSERT INTO pith.citation_measurements SELECT * FROM unnest(inc_meas) ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_meas = ROW_COUNT;

    -- 7. the inbound rows keyed by the cited papers, for every paper whose
    --    references were written.  Ingest only adds: it never changes a
    --    stored arXiv id or link, so no row can have become stale.
    n_inbound := pith.refresh_inbound(citing_papers, false);

    RETURN jsonb_build_object(
        'paper', doc_paper::text,
        'observations_inserted', n_refs,
        'observations_unchanged', COALESCE(cardinality(inc_refs), 0) - n_refs,
        'rows_inserted', jsonb_build_object(
            'papers', n_papers,
            'paper_versions', n_versions,
            'cited_works', n_works,
            'paper_references', n_refs,
            'paper_reference_links', n_links,
            'retraction_status_cache', n_receipts,
            'scholarly_work_events', n_events,
            'citation_measurements', n_meas),
        'inbound_rows_written', n_inbound,
        'papers_completed', n_papers_filled);
END
$fn$;
COMMENT ON FUNCTION pith.ingest_record(jsonb, boolean) IS
    'load a pith.paper-citation-record.v1 document into the reference tables; refuses tampered digests (unless verify => false), another schema, and data contradicting stored rows; idempotent';
-- 60_parse_reference.sql -- pith.parse_reference: one raw bibliography entry
-- (as PDF text extraction gives it) split into title, year, identifiers and
-- a verdict on whether the "title" found is really a title.

CREATE TYPE pith.parsed_reference AS (
    title                text,
    year                 int,
    arxiv_id             pith.arxiv_id,
    doi                  pith.doi,
    url                  text,
    malformed_identifier text,
    quality              text
);
COMMENT ON TYPE pith.parsed_reference IS
    'a parsed reference: title (NULL unless quality = ok), year, arXiv id (without version), DOI, first URL, identifier-looking text that failed validation, and the quality verdict';

CREATE FUNCTION pith.parse_reference(raw text) RETURNS pith.parsed_reference
    AS 'MODULE_PATHNAME', 'pith_parse_reference'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.parse_reference(text) IS
    'parse one raw reference string: title, year (never from an identifier), arXiv id, DOI, URL, malformed identifier text, and quality (ok, empty, author_list, access_date, bare_url, venue_only, identifier_only, too_long)';
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
-- 70_render.sql -- a citation record as the text of its page and as a
-- standalone HTML page.
--
-- pith.render_text reproduces the layout of the SmartSwap page (seed 000)
-- byte for byte; pith.render_html shows the same text plus the sections the
-- text only names, every value escaped by the C core html_escape.  Both
-- layouts are C (src/render_page.c); the integrity sentence is PL/pgSQL over
-- pith.verify_record.  Everything reads nothing but its argument.

CREATE FUNCTION pith.html_escape(value text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_html_escape_text'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.html_escape(text) IS
    'The text escaped for HTML text and quoted attributes: & < > " '' become character references; controls other than tab, LF, CR and malformed UTF-8 become U+FFFD.';

CREATE FUNCTION pith.html_safe_href(target text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pith_html_safe_href_text'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.html_safe_href(text) IS
    'True when the text is a same-origin path ("/..." but not "//" or "/\") without spaces, controls or backslashes, so it may be used as a link target; javascript:, data: and other-origin URLs are false.';

CREATE FUNCTION pith.render_text(record jsonb) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_render_text'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.render_text(jsonb) IS
    'A pith.paper-citation-record.v1 record as the text of its page (the layout of the SmartSwap seed page): title line, one block per outbound then inbound observation, the closing section headings; lines separated by blank lines, no trailing newline. Error 22023 if the record is not a JSON object.';

-- The integrity line: does every digest in the record verify?
CREATE FUNCTION pith.render_integrity(record jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    side text;
    total integer;
    bad integer;
    bad_paths text;
BEGIN
    -- verify_record raises on shapes it cannot check; say so instead
    IF pg_catalog.jsonb_typeof(record) <> 'object' THEN
        RETURN 'Integrity: not checked; the record is not a JSON object.';
    END IF;
    FOREACH side IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        IF COALESCE(pg_catalog.jsonb_typeof(record -> side), 'null') NOT IN ('null', 'array')
           OR (pg_catalog.jsonb_typeof(record -> side) = 'array'
               AND EXISTS (SELECT FROM pg_catalog.jsonb_array_elements(record -> side) AS o(value)
                           WHERE pg_catalog.jsonb_typeof(o.value) <> 'object')) THEN
            RETURN 'Integrity: not checked; the record''s ' || side || ' is not a list of observation objects.';
        END IF;
    END LOOP;
    SELECT pg_catalog.count(*), pg_catalog.count(*) FILTER (WHERE NOT v.ok),
           pg_catalog.string_agg(v.path, ', ' ORDER BY v.n) FILTER (WHERE NOT v.ok AND v.bad_rank <= 10)
      INTO total, bad, bad_paths
      FROM (SELECT r.path, r.ok, r.n,
                   pg_catalog.count(*) FILTER (WHERE NOT r.ok) OVER (ORDER BY r.n) AS bad_rank
            FROM pith.verify_record(record) WITH ORDINALITY AS r(path, stored, computed, ok, n)) AS v;
    IF bad > 10 THEN
        bad_paths := bad_paths || ' and ' || (bad - 10) || ' more';
    END IF;
    IF bad = 0 AND total = 1 THEN
        RETURN 'Integrity: all 1 digests verify (the context digest; the record has no observations).';
    ELSIF bad = 0 THEN
        RETURN 'Integrity: all ' || total || ' digests verify (the context digest and '
            || (total - 1) || ' observation digest' || CASE WHEN total = 2 THEN '' ELSE 's' END || ').';
    END IF;
    RETURN 'Integrity: ' || bad || ' of ' || total || ' digests do not verify: ' || bad_paths || '.';
END
$fn$;
COMMENT ON FUNCTION pith.render_integrity(jsonb) IS
    'One sentence saying whether every digest in the record verifies (pith.verify_record), naming the paths that do not; "not checked" when the record''s shape cannot be verified.';

CREATE FUNCTION pith.render_html_page(record jsonb, integrity text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_render_html_page'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.render_html_page(jsonb, text) IS
    'The HTML page of a record with the given integrity sentence (pith.render_html passes pith.render_integrity(record)); for callers that verified the record already. Error 22023 if the record is not a JSON object.';

CREATE FUNCTION pith.render_html(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN pith.render_html_page(record, pith.render_integrity(record));
COMMENT ON FUNCTION pith.render_html(jsonb) IS
    'A pith.paper-citation-record.v1 record as one standalone HTML5 page (inline CSS, no script, no external requests, a Content-Security-Policy that forbids both): the text of pith.render_text plus the thesis, an integrity line (pith.verify_record), the record''s links and tables for the coverage vector, state counts, standing sources, Pith citing papers and external measurements. Every record value is HTML-escaped; only same-origin link targets become links.';
-- 80_distribute.sql -- scale-out: pith.distribution_layout() says where every
-- reference table goes on a Citus cluster, and pith.distribute() puts it
-- there.  Citus is optional: every call into it is dynamic SQL, so pith
-- installs and works on a plain server, and distribute() without Citus is a
-- clear error.
--
-- The layout: the tables a record of paper P reads only for P (its
-- references and their links, its external measurements, and the copies of
-- other papers' references to P in inbound_references) are distributed by
-- P's arXiv id and colocated, so one record is one shard's work; the catalog
-- every record reads for other papers and works (papers, versions, works,
-- events, receipts) is replicated to every node as reference tables.

-- Where each of pith's tables goes on a distributed install.
CREATE FUNCTION pith.distribution_layout()
RETURNS TABLE (table_name regclass, placement text, distribution_column text, reason text)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT v.t::regclass, v.p, v.c, v.r
    FROM (VALUES
        (1, 'pith.papers', 'reference', NULL::text,
         'read by other papers'' records (cited and citing papers)'),
        (2, 'pith.paper_versions', 'reference', NULL,
         'read by the resolver for any candidate paper'),
        (3, 'pith.cited_works', 'reference', NULL,
         'read by every record that links to a work'),
        (4, 'pith.scholarly_work_events', 'reference', NULL,
         'read with the works'),
        (5, 'pith.retraction_status_cache', 'reference', NULL,
         'read with the works'),
        (6, 'pith.paper_references', 'distributed', 'citing_arxiv_id',
         'a paper''s references: its outbound observations'),
        (7, 'pith.citation_measurements', 'distributed', 'arxiv_id',
         'a paper''s external citation counts'),
        (8, 'pith.paper_reference_links', 'distributed', 'citing_arxiv_id',
         'a paper''s resolutions, with its references'),
        (9, 'pith.inbound_references', 'distributed', 'cited_arxiv_id',
         'other papers'' references to a paper, with the paper: its inbound observations')
    ) AS v(o, t, p, c, r)
    ORDER BY v.o;
END;
COMMENT ON FUNCTION pith.distribution_layout() IS
    'where pith.distribute() puts each of pith''s tables on a Citus cluster: reference (replicated) or distributed by the owning paper''s arXiv id';

-- Run one DDL command here (unless workers_only) and on every Citus worker:
-- CREATE EXTENSION made each worker its own copy of pith's tables, and a
-- constraint changed before a table is distributed must change there too.
CREATE FUNCTION pith.distribute_ddl(command text, workers_only boolean DEFAULT false)
RETURNS void
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    failed text;
BEGIN
    IF NOT workers_only THEN
        EXECUTE command;
    END IF;
    EXECUTE 'SELECT pg_catalog.string_agg(w.nodename || '':'' || w.nodeport || '': '' || w.result, ''; '')
             FROM run_command_on_workers($1) w WHERE NOT w.success'
        INTO failed USING command;
    IF failed IS NOT NULL THEN
        RAISE EXCEPTION 'could not change pith''s tables on every worker'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = pg_catalog.format('%s failed on %s.', command, failed);
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.distribute_ddl(text, boolean) IS
    'pith.distribute() helper: run a DDL command on this node and on every Citus worker (workers only when asked)';

-- Give one of pith's functions a setting on every node: through Citus once
-- it is a distributed function, else here and on each worker's copy.
CREATE FUNCTION pith.distribute_alter_function(fn regprocedure, setting text)
RETURNS void
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    distributed boolean;
BEGIN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_object o
                            WHERE o.classid = ''pg_catalog.pg_proc''::regclass AND o.objid = $1)'
        INTO distributed USING fn;
    IF distributed THEN
        EXECUTE pg_catalog.format('ALTER FUNCTION %s SET %s', fn, setting);
    ELSE
        PERFORM pith.distribute_ddl(pg_catalog.format('ALTER FUNCTION %s SET %s', fn, setting));
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.distribute_alter_function(regprocedure, text) IS
    'pith.distribute() helper: set a configuration parameter of a function on the coordinator and every Citus worker';

-- Distribute pith's tables and functions over a Citus cluster.
CREATE FUNCTION pith.distribute(shard_count integer DEFAULT 32)
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    l record;
    fk record;
    anchor regclass;
    placement_now text;
    fks text[] := '{}';
    fk_tables regclass[] := '{}';
    fk_defs text[] := '{}';
    i integer;
    fk_targets regclass[] := '{}';
    fk_cols text[] := '{}';
    fk_refcols text[] := '{}';
    ref_kind text;
    target_kind text;
    dist_col text;
    placed boolean;
    target_col text;
    fn record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_available_extensions e
                   WHERE e.name OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not installed'
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'pith.distribute() spreads pith''s tables over a Citus cluster; this server has no citus extension.',
                  HINT = 'Install Citus on every node, add citus to shared_preload_libraries, then CREATE EXTENSION citus.';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not created in this database'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Citus is installed on this server but not created in the current database.',
                  HINT = 'Run CREATE EXTENSION citus, add the worker nodes, then call pith.distribute() again.';
    END IF;
    IF shard_count OPERATOR(pg_catalog.<) 1 OR shard_count OPERATOR(pg_catalog.>) 64000 THEN
        RAISE EXCEPTION 'shard_count must be between 1 and 64000'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('shard_count is %s.', shard_count);
    END IF;

    -- Foreign keys into reference tables need one connection per node for
    -- the whole transaction.
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);

    -- 0. Triggers: Citus places no table that has one.  The only one fills
    --    in a link's citing paper for writers that leave it out; on a
    --    distributed install writers name it (pith's own writers do).
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t
               WHERE t.tgrelid OPERATOR(pg_catalog.=) 'pith.paper_reference_links'::regclass
                 AND t.tgname OPERATOR(pg_catalog.=) 'paper_reference_links_owner') THEN
        PERFORM pith.distribute_ddl('DROP TRIGGER IF EXISTS paper_reference_links_owner ON pith.paper_reference_links');
        object := 'pith.paper_reference_links paper_reference_links_owner';
        action := 'trigger dropped: writers must give citing_arxiv_id';
        RETURN NEXT;
    END IF;

    -- 1. Foreign keys between pith's tables come off first (Citus creates
    --    tables one at a time and checks each key against the other side's
    --    placement); the ones Citus can keep go back on at the end.
    FOR fk IN
        SELECT c.conname, c.conrelid::regclass AS t, c.confrelid::regclass AS r,
               pg_catalog.pg_get_constraintdef(c.oid) AS def,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.conkey)) AS cols,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.confrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.confkey)) AS refcols
        FROM pg_catalog.pg_constraint c
        JOIN pith.distribution_layout() d ON d.table_name OPERATOR(pg_catalog.=) c.conrelid
        WHERE c.contype OPERATOR(pg_catalog.=) 'f'
        ORDER BY c.conrelid::regclass::text, c.conname
    LOOP
        fks := fks || fk.conname::text;
        fk_tables := fk_tables || fk.t;
        fk_defs := fk_defs || fk.def;
        fk_targets := fk_targets || fk.r;
        fk_cols := fk_cols || fk.cols;
        fk_refcols := fk_refcols || fk.refcols;
        -- a table Citus already placed gets the change through Citus; the
        -- workers' own copies only while the table is still local
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1)'
            INTO placed USING fk.t;
        IF placed THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', fk.t, fk.conname);
        ELSE
            PERFORM pith.distribute_ddl(pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I',
                                                          fk.t, fk.conname));
        END IF;
    END LOOP;

    -- 2. A distributed table's unique keys must contain its distribution
    --    column: a key on the row id alone becomes (paper id, row id).
    FOR l IN SELECT * FROM pith.distribution_layout() d WHERE d.placement OPERATOR(pg_catalog.=) 'distributed' LOOP
        FOR fk IN
            SELECT c.conname, c.contype,
                   pg_catalog.array_agg(pg_catalog.quote_ident(a.attname) ORDER BY k.ord) AS cols
            FROM pg_catalog.pg_constraint c
            CROSS JOIN LATERAL pg_catalog.unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                                          AND a.attnum OPERATOR(pg_catalog.=) k.attnum
            WHERE c.conrelid OPERATOR(pg_catalog.=) l.table_name
              AND c.contype OPERATOR(pg_catalog.=) ANY ('{p,u}'::"char"[])
            GROUP BY c.conname, c.contype
            HAVING NOT pg_catalog.bool_or(a.attname OPERATOR(pg_catalog.=) l.distribution_column)
        LOOP
            PERFORM pith.distribute_ddl(pg_catalog.format(
                'ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I, ADD CONSTRAINT %I %s (%I, %s)',
                l.table_name, fk.conname, fk.conname,
                CASE fk.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END,
                l.distribution_column, pg_catalog.array_to_string(fk.cols, ', ')));
            object := l.table_name::text || ' ' || fk.conname;
            action := pg_catalog.format('key widened to (%s, %s): unique per paper',
                                        l.distribution_column, pg_catalog.array_to_string(fk.cols, ', '));
            RETURN NEXT;
        END LOOP;
    END LOOP;

    -- 3. Place the tables: reference tables first, then the per-paper
    --    tables, all colocated with the first one.
    FOR l IN SELECT * FROM pith.distribution_layout() d
             ORDER BY d.placement OPERATOR(pg_catalog.<>) 'reference', d.table_name::text LOOP
        EXECUTE 'SELECT p.partmethod::text FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1'
            INTO placement_now USING l.table_name;
        IF l.placement OPERATOR(pg_catalog.=) 'reference' THEN
            IF placement_now IS NULL THEN
                EXECUTE 'SELECT create_reference_table($1)' USING l.table_name;
                object := l.table_name::text; action := 'reference table'; RETURN NEXT;
            END IF;
        ELSE
            IF placement_now OPERATOR(pg_catalog.=) 'n' THEN
                -- a reference table in an older layout (0.1.0 replicated the
                -- links).  Citus cannot make it local again by itself: its
                -- undistribute_table() refuses a table that belongs to an
                -- extension.
                RAISE EXCEPTION '% is a reference table, and pith''s layout distributes it', l.table_name
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          DETAIL = 'Citus'' undistribute_table() refuses tables that belong to an extension, so pith.distribute() cannot move it.',
                          HINT = 'Move pith''s tables back to the coordinator as README "Upgrading a distributed install" shows, then call pith.distribute() again.';
            END IF;
            IF placement_now IS NULL THEN
                IF anchor IS NULL THEN
                    EXECUTE 'SELECT create_distributed_table($1, $2, shard_count => $3, colocate_with => ''none'')'
                        USING l.table_name, l.distribution_column, shard_count;
                ELSE
                    EXECUTE 'SELECT create_distributed_table($1, $2, colocate_with => $3)'
                        USING l.table_name, l.distribution_column, anchor::text;
                END IF;
                object := l.table_name::text;
                action := pg_catalog.format('distributed by %s%s', l.distribution_column,
                                            CASE WHEN anchor IS NULL
                                                 THEN pg_catalog.format(', %s shards', shard_count)
                                                 ELSE ', colocated with ' || anchor::text END);
                RETURN NEXT;
            END IF;
            anchor := COALESCE(anchor, l.table_name);
        END IF;
    END LOOP;

    -- 4. Foreign keys back on, where Citus can enforce them: into a
    --    reference table, or between colocated tables through the paper id
    --    on both sides.  A reference table cannot point into a distributed
    --    one; such a key stays off and the row says so.
    FOR i IN 1 .. COALESCE(pg_catalog.array_length(fks, 1), 0) LOOP
        SELECT d.placement, d.distribution_column INTO ref_kind, dist_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_tables[i];
        SELECT d.placement, d.distribution_column INTO target_kind, target_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_targets[i];
        object := fk_tables[i]::text || ' ' || fks[i];
        IF target_kind OPERATOR(pg_catalog.=) 'reference'
           OR (ref_kind OPERATOR(pg_catalog.=) 'distributed'
               AND dist_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_cols[i], ','))
               AND target_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_refcols[i], ','))) THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk_tables[i], fks[i], fk_defs[i]);
            action := 'foreign key kept';
        ELSE
            action := pg_catalog.format('foreign key not enforced (%s table into %s table): %s',
                                        ref_kind, target_kind, fk_defs[i]);
        END IF;
        RETURN NEXT;
    END LOOP;

    -- 5. Writers touch reference tables that distributed tables point to:
    --    Citus needs them on one connection per node.
    FOR fn IN
        SELECT v.f::regprocedure AS f
        FROM (VALUES ('pith.ingest_record(jsonb, boolean)'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)')) AS v(f)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'citus.multi_shard_modify_mode = sequential');
        object := fn.f::text; action := 'writes over one connection per node'; RETURN NEXT;
    END LOOP;

    -- 6. Readers plan each statement with the paper id as a constant, so
    --    Citus can route it to the one shard that holds the paper (a generic
    --    plan keeps it a parameter, which Citus cannot route inside a join):
    --    every pith function pinned to generic plans gets custom plans, on
    --    the workers too (Citus does not propagate ALTER FUNCTION of an
    --    extension's function, and delegated calls run there).
    FOR fn IN
        SELECT p.oid::regprocedure AS f
        FROM pg_catalog.pg_proc p
        WHERE p.pronamespace OPERATOR(pg_catalog.=) 'pith'::regnamespace
          AND 'plan_cache_mode=force_generic_plan' OPERATOR(pg_catalog.=) ANY (p.proconfig)
        ORDER BY 1
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'plan_cache_mode = force_custom_plan');
        object := fn.f::text; action := 'plans with the paper id as a constant'; RETURN NEXT;
    END LOOP;

    -- 7. The functions that work on one paper run on the node holding it.
    --    pith.ingest_record() stays on the coordinator: one document writes
    --    rows of many papers (the cited and the citing ones) and the
    --    catalog; CREATE EXTENSION already put it on every node.
    FOR fn IN
        SELECT v.f::regprocedure AS f, v.arg
        FROM (VALUES ('pith.citation_record(pith.arxiv_id, timestamptz, integer, integer)', '$1'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)', '$1')) AS v(f, arg)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        EXECUTE 'SELECT create_distributed_function($1, $2, colocate_with => $3)'
            USING fn.f, fn.arg, anchor::text;
        object := fn.f::text;
        action := 'distributed function: runs on the node holding the paper';
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.distribute(integer) IS
    'spread pith''s tables over a Citus cluster as pith.distribution_layout() says (per-paper tables by arXiv id, colocated; catalog tables replicated) and run the per-paper functions where the paper lives';
