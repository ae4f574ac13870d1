-- 60_record.sql -- the record in one pass (issue 15): the record, its
-- jsonb form and pith.observation_rows are built by one C writer
-- (src/record_build.c, src/record_write.c) instead of PL/pgSQL assembly.
-- Changed objects: pith.observation_rows, pith.citation_record_text and
-- pith.citation_record (now C), the comment of pith.observation_text,
-- pith.record_seal (dropped: the writer seals the record itself),
-- pith.record_shape() (new: the key table of the v1 record); and the
-- integrity state as a value: pith.record_integrity (new: state and
-- sentence), pith.render_integrity (now its sentence, SQL), pith.html_page
-- (new: the HTML page given the state), the comment of
-- pith.render_html_page and pith.render_html (now through the two new ones).
-- (The view pith.citation_records is issue 13's, fragment 30_reliability.)

DROP FUNCTION pith.record_seal(text, text, text);

-- The shape of a v1 record, declared once in C (src/core/record_shape.c):
-- every object with its keys in the order the canonical text writes them.
-- The record writer writes from the same table.
CREATE FUNCTION pith.record_shape()
RETURNS TABLE (object text, key text, "position" integer)
AS 'MODULE_PATHNAME', 'pith_record_shape'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 80;
COMMENT ON FUNCTION pith.record_shape() IS
    'the objects of a pith.paper-citation-record.v1 record and their keys, in the code point order its canonical text writes them (the C writer''s own key table)';

COMMENT ON FUNCTION pith.observation_text(pith.paper_references, pith.papers, pith.papers, pith.paper_reference_links, pith.cited_works, text[], timestamptz[], jsonb, bigint, timestamptz) IS
    'canonical JSON text of the observation of one reference (SPEC section 2) from its joined rows, with its observation_digest; cited, link and work may be NULL; receipts are the latest per source, sorted by source; for callers that hold the rows (the record builder writes observations itself, through the same C writer)';

CREATE OR REPLACE FUNCTION pith.observation_rows(
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
AS 'MODULE_PATHNAME', 'pith_observation_rows'
LANGUAGE C STABLE PARALLEL SAFE ROWS 100
SET search_path = pg_catalog, pith
-- the builder's statements are planned once per session (their best plans
-- do not depend on the arguments); pith.distribute() turns this into
-- custom plans so that Citus can route them
SET plan_cache_mode = force_generic_plan;

CREATE OR REPLACE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_citation_record_text'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;

CREATE OR REPLACE FUNCTION pith.citation_record(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'pith_citation_record'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;

-- The integrity of a record: does every digest in it verify?  The state
-- (ok, bad, not checked) is decided here, where the digests are verified,
-- and handed to the page renderer as a value beside the sentence.
CREATE FUNCTION pith.record_integrity(record jsonb, OUT state text, OUT sentence text)
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    side text;
    total integer;
    bad integer;
    bad_paths text;
BEGIN
    state := 'not checked';
    -- verify_record raises on shapes it cannot check; say so instead
    IF pg_catalog.jsonb_typeof(record) <> 'object' THEN
        sentence := 'Integrity: not checked; the record is not a JSON object.';
        RETURN;
    END IF;
    -- a record nested deeper than any real one would exhaust the stack of
    -- the digest's recursive walk (54001); the probe itself recurses at
    -- most 1,000 levels
    IF pg_catalog.jsonb_path_exists(record, 'lax $.**{1000}') THEN
        sentence := 'Integrity: not checked; the record is nested more than 1,000 levels deep.';
        RETURN;
    END IF;
    FOREACH side IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        IF COALESCE(pg_catalog.jsonb_typeof(record -> side), 'null') NOT IN ('null', 'array')
           OR (pg_catalog.jsonb_typeof(record -> side) = 'array'
               AND EXISTS (SELECT FROM pg_catalog.jsonb_array_elements(record -> side) AS o(value)
                           WHERE pg_catalog.jsonb_typeof(o.value) <> 'object')) THEN
            sentence := 'Integrity: not checked; the record''s ' || side || ' is not a list of observation objects.';
            RETURN;
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
    IF bad = 0 THEN
        state := 'ok';
        IF total = 1 THEN
            sentence := 'Integrity: all 1 digests verify (the context digest; the record has no observations).';
        ELSE
            sentence := 'Integrity: all ' || total || ' digests verify (the context digest and '
                || (total - 1) || ' observation digest' || CASE WHEN total = 2 THEN '' ELSE 's' END || ').';
        END IF;
        RETURN;
    END IF;
    state := 'bad';
    sentence := 'Integrity: ' || bad || ' of ' || total || ' digests do not verify: ' || bad_paths || '.';
END
$fn$;
COMMENT ON FUNCTION pith.record_integrity(jsonb) IS
    'Whether every digest in the record verifies (pith.verify_record): state is ok, bad (some digest does not verify) or not checked (the record''s shape cannot be verified), sentence says so in one line, naming the paths that do not verify.';

CREATE OR REPLACE FUNCTION pith.render_integrity(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (pith.record_integrity(record)).sentence;
COMMENT ON FUNCTION pith.render_integrity(jsonb) IS
    'One sentence saying whether every digest in the record verifies (pith.verify_record), naming the paths that do not; "not checked" when the record''s shape cannot be verified. The sentence of pith.record_integrity.';

CREATE FUNCTION pith.html_page(record jsonb, state text, integrity text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_html_page'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.html_page(jsonb, text, text) IS
    'The HTML page of a record with the given integrity state (ok, bad or not checked: the line''s style) and sentence, as pith.record_integrity gives them; for callers that verified the record already. Error 22023 if the record is not a JSON object or the state is none of the three.';

COMMENT ON FUNCTION pith.render_html_page(jsonb, text) IS
    'The HTML page of a record with the given integrity sentence (0.2.0''s form of pith.html_page: the state is read from the sentence''s wording, "Integrity: all" ok, "Integrity: not checked" not checked, anything else bad); for callers that verified the record already. Error 22023 if the record is not a JSON object.';

CREATE OR REPLACE FUNCTION pith.render_html(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT pith.html_page(record, i.state, i.sentence) FROM pith.record_integrity(record) AS i;
END;
