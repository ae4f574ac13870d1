-- 70_render.sql -- a citation record as the text of its page and as a
-- standalone HTML page.
--
-- pith.render_text reproduces the layout of the SmartSwap page (seed 000)
-- byte for byte; pith.render_html shows the same text plus the sections the
-- text only names, every value escaped by the C core html_escape.  Both
-- layouts are C (src/render_page.c); the integrity state and sentence are
-- PL/pgSQL over pith.verify_record (pith.record_integrity), and the HTML
-- layout takes the state as a value.  Everything reads nothing but its
-- argument.

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

CREATE FUNCTION pith.render_integrity(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (pith.record_integrity(record)).sentence;
COMMENT ON FUNCTION pith.render_integrity(jsonb) IS
    'One sentence saying whether every digest in the record verifies (pith.verify_record), naming the paths that do not; "not checked" when the record''s shape cannot be verified. The sentence of pith.record_integrity.';

CREATE FUNCTION pith.html_page(record jsonb, state text, integrity text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_html_page'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.html_page(jsonb, text, text) IS
    'The HTML page of a record with the given integrity state (ok, bad or not checked: the line''s style) and sentence, as pith.record_integrity gives them; for callers that verified the record already. Error 22023 if the record is not a JSON object or the state is none of the three.';

CREATE FUNCTION pith.render_html_page(record jsonb, integrity text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_render_html_page'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.render_html_page(jsonb, text) IS
    'The HTML page of a record with the given integrity sentence (0.2.0''s form of pith.html_page: the state is read from the sentence''s wording, "Integrity: all" ok, "Integrity: not checked" not checked, anything else bad); for callers that verified the record already. Error 22023 if the record is not a JSON object.';

CREATE FUNCTION pith.render_html(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT pith.html_page(record, i.state, i.sentence) FROM pith.record_integrity(record) AS i;
END;
COMMENT ON FUNCTION pith.render_html(jsonb) IS
    'A pith.paper-citation-record.v1 record as one standalone HTML5 page (inline CSS, no script, no external requests, a Content-Security-Policy that forbids both): the text of pith.render_text plus the thesis, an integrity line (pith.verify_record), the record''s links and tables for the coverage vector, state counts, standing sources, Pith citing papers and external measurements. Every record value is HTML-escaped; only same-origin link targets become links.';
