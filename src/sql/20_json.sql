-- 20_json.sql -- canonical JSON text and sha256 digests (SPEC section 3).
-- The four digest/text functions are C (src/canonical_json.c); verify_record
-- is PL/pgSQL over them.

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
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    doc pg_catalog.jsonb := verify_record.record;
    side pg_catalog.text;
    arr pg_catalog.jsonb;
    obs pg_catalog.jsonb;
    n pg_catalog.int4;
    i pg_catalog.int4;
BEGIN
    IF pg_catalog.jsonb_typeof(doc) OPERATOR(pg_catalog.<>) 'object' THEN
        RAISE EXCEPTION 'verify_record expects a JSON object'
            USING ERRCODE = '22023',
                  DETAIL = pg_catalog.format('The argument is a JSON %s.', pg_catalog.jsonb_typeof(doc));
    END IF;

    path := 'context_digest';
    stored := doc OPERATOR(pg_catalog.->>) 'context_digest';
    computed := pith.context_digest(doc);
    ok := COALESCE(stored OPERATOR(pg_catalog.=) computed, false);
    RETURN NEXT;

    FOREACH side IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        arr := doc OPERATOR(pg_catalog.->) side;
        CONTINUE WHEN arr IS NULL OR pg_catalog.jsonb_typeof(arr) OPERATOR(pg_catalog.=) 'null';
        IF pg_catalog.jsonb_typeof(arr) OPERATOR(pg_catalog.<>) 'array' THEN
            RAISE EXCEPTION 'verify_record expects "%" to be a JSON array', side
                USING ERRCODE = '22023',
                      DETAIL = pg_catalog.format('The record''s "%s" is a JSON %s.', side, pg_catalog.jsonb_typeof(arr));
        END IF;
        n := pg_catalog.jsonb_array_length(arr);
        i := 0;
        WHILE i OPERATOR(pg_catalog.<) n LOOP
            obs := arr OPERATOR(pg_catalog.->) i;
            path := pg_catalog.format('%s[%s]', side, i);
            IF pg_catalog.jsonb_typeof(obs) OPERATOR(pg_catalog.<>) 'object' THEN
                RAISE EXCEPTION 'verify_record expects every observation to be a JSON object'
                    USING ERRCODE = '22023',
                          DETAIL = pg_catalog.format('Element %s is a JSON %s.', path, pg_catalog.jsonb_typeof(obs));
            END IF;
            stored := obs OPERATOR(pg_catalog.->>) 'observation_digest';
            computed := pith.observation_digest(obs);
            ok := COALESCE(stored OPERATOR(pg_catalog.=) computed, false);
            RETURN NEXT;
            i := i OPERATOR(pg_catalog.+) 1;
        END LOOP;
    END LOOP;
END
$fn$;

COMMENT ON FUNCTION pith.verify_record(pg_catalog.jsonb) IS
'Recomputes every digest in a citation record: one row for context_digest, then one per observation in outbound (outbound[0], ...) and inbound, in array order. stored is the digest the record carries (NULL when missing), computed the recomputed one, ok whether they are equal. Absent or null outbound/inbound yield no rows; any other non-array, or an observation that is not an object, is error 22023.';
