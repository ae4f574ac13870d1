
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
