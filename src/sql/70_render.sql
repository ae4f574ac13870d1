-- 70_render.sql -- a citation record as the text of its page and as a
-- standalone HTML page.
--
-- pith.render_text reproduces the layout of the SmartSwap page (seed 000)
-- byte for byte; pith.render_html shows the same text plus the sections the
-- text only names, every value escaped by the C function pith.html_escape.
-- Both read nothing but their argument.

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

-- One line of text: controls (tab and newline included) become spaces, so
-- that no value can break the one-field-per-line layout.
CREATE FUNCTION pith.render_line(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
    RETURN pg_catalog.regexp_replace(value, '[\u0001-\u001f\u007f-\u009f]', ' ', 'g');
COMMENT ON FUNCTION pith.render_line(text) IS
    'The value with every control character (C0, DEL, C1; tab and newline included) replaced by a space: one line of a rendered page.';

-- The title under which an observation's cited work is shown, NULL when the
-- record has none (the page then says "an unresolved cited work").
CREATE FUNCTION pith.render_cited_title(observation jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
    RETURN COALESCE(
        NULLIF(pg_catalog.btrim(observation #>> '{citation,cited_work,title}'), ''),
        NULLIF(pg_catalog.btrim(observation #>> '{citation,cited_paper,title}'), ''));
COMMENT ON FUNCTION pith.render_cited_title(jsonb) IS
    'Title shown for an observation''s cited work: citation.cited_work.title, else citation.cited_paper.title, NULL when both are absent or blank.';

-- The text lines of one observation block, in page order.
CREATE FUNCTION pith.render_text_observation(observation jsonb, direction text) RETURNS text[]
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    cited text := pith.render_cited_title(observation);
    citing text := COALESCE(
        NULLIF(pg_catalog.btrim(observation #>> '{citation,citing_paper,title}'), ''),
        'arXiv:' OPERATOR(pg_catalog.||) (observation #>> '{citation,citing_paper,arxiv_id}'),
        'An unknown citing paper');
    res jsonb := observation -> 'resolution';
    notice jsonb := observation -> 'standing_notice';
    lines text[];
    ev jsonb;
BEGIN
    IF direction NOT IN ('outbound', 'inbound') THEN
        RAISE EXCEPTION 'invalid observation direction "%"', direction
            USING ERRCODE = '22023', DETAIL = 'The direction must be outbound or inbound.';
    END IF;
    lines := ARRAY['Observation ' || COALESCE(observation ->> 'observation_id', '(no id)') || ' · ' || direction];
    IF direction = 'outbound' THEN
        lines := lines || CASE WHEN cited IS NULL THEN 'This paper cites an unresolved cited work.'
                               ELSE 'This paper cites ' || cited || '.' END;
    ELSE
        lines := lines || (citing || ' cites this paper.');
    END IF;
    lines := lines
        || (citing || ' ' || COALESCE(cited, 'Unresolved cited work'))
        || ('Reference ' || COALESCE(observation #>> '{citation,reference_index}', '(no index)'))
        || ('Resolution: ' || COALESCE(res ->> 'status', 'unresolved') || '; '
            || CASE WHEN res ->> 'resolver_source' IS NULL THEN 'no resolver link'
                    ELSE 'resolver ' || (res ->> 'resolver_source') END
            || COALESCE(', observed ' || (res ->> 'observed_at'), ''))
        || 'Source-reported events for the cited work'::text;
    IF notice ->> 'state' = 'measured' THEN
        lines := lines || COALESCE(notice ->> 'observation', 'Measured.');
        FOR ev IN SELECT e.value FROM pg_catalog.jsonb_array_elements(
                      CASE WHEN pg_catalog.jsonb_typeof(notice -> 'events') = 'array'
                           THEN notice -> 'events' ELSE '[]'::jsonb END) WITH ORDINALITY AS e(value, n)
                  ORDER BY e.n
        LOOP
            lines := lines || (
                pg_catalog.replace(COALESCE(ev ->> 'event_type', 'event'), '_', ' ')
                || ' reported by ' || COALESCE(ev ->> 'source', 'an unnamed source')
                || COALESCE(' on ' || (ev ->> 'event_date'), ', undated')
                || COALESCE('; notice doi:' || (ev ->> 'notice_doi'), '; no notice DOI')
                || COALESCE(', observed ' || (ev ->> 'observed_at'), ''));
        END LOOP;
    ELSE
        lines := lines || (
            pg_catalog.upper(pg_catalog.left(COALESCE(notice ->> 'state', 'unavailable'), 1))
            || pg_catalog.replace(pg_catalog.substr(COALESCE(notice ->> 'state', 'unavailable'), 2), '_', ' ')
            || COALESCE(': ' || pg_catalog.replace(notice ->> 'reason', '_', ' '), '') || '.');
    END IF;
    RETURN lines;
END
$fn$;
COMMENT ON FUNCTION pith.render_text_observation(jsonb, text) IS
    'The text lines of one observation block of a record page (direction outbound or inbound), in page order, unflattened.';

CREATE FUNCTION pith.render_text(record jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    lines text[];
    obs jsonb;
    dir text;
    m jsonb;
BEGIN
    IF pg_catalog.jsonb_typeof(record) <> 'object' THEN
        RAISE EXCEPTION 'a citation record must be a JSON object'
            USING ERRCODE = '22023', DETAIL = 'The argument is a JSON ' || pg_catalog.jsonb_typeof(record) || '.';
    END IF;
    lines := ARRAY[COALESCE(
        NULLIF(pg_catalog.btrim(record #>> '{paper,title}'), ''),
        'arXiv:' || (record #>> '{paper,arxiv_id}'),
        'Untitled paper') || ' | Paper Citation Record'];
    FOREACH dir IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        CONTINUE WHEN pg_catalog.jsonb_typeof(record -> dir) IS DISTINCT FROM 'array';
        FOR obs IN SELECT o.value FROM pg_catalog.jsonb_array_elements(record -> dir) WITH ORDINALITY AS o(value, n)
                   ORDER BY o.n
        LOOP
            lines := lines || pith.render_text_observation(obs, dir);
        END LOOP;
    END LOOP;
    lines := lines || ARRAY['Coverage vector', 'Reference resolution', 'Outbound references', 'Pith citing papers'];
    IF pg_catalog.jsonb_typeof(record -> 'external_citation_measurements') = 'array'
       AND pg_catalog.jsonb_array_length(record -> 'external_citation_measurements') > 0 THEN
        lines := lines || 'External citation measurements'::text;
        FOR m IN SELECT e.value FROM pg_catalog.jsonb_array_elements(record -> 'external_citation_measurements')
                 WITH ORDINALITY AS e(value, n) ORDER BY e.n
        LOOP
            lines := lines || (COALESCE(m ->> 'source', 'an unnamed source') || ': '
                || COALESCE(m ->> 'cited_by_count', 'no') || ' citing works'
                || COALESCE(', measured ' || (m ->> 'measured_at'), ''));
        END LOOP;
    END IF;
    RETURN (SELECT pg_catalog.string_agg(pith.render_line(l.line), E'\n\n' ORDER BY l.n)
            FROM pg_catalog.unnest(lines) WITH ORDINALITY AS l(line, n));
END
$fn$;
COMMENT ON FUNCTION pith.render_text(jsonb) IS
    'A pith.paper-citation-record.v1 record as the text of its page (the layout of the SmartSwap seed page): title line, one block per outbound then inbound observation, the closing section headings; lines separated by blank lines, no trailing newline.';
