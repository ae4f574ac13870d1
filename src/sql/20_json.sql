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
