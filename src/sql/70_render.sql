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
    RETURN pg_catalog.regexp_replace(value, '[\u0001-\u001f\u007f-\u009f]', ' ', 'g');
COMMENT ON FUNCTION pith.render_line(text) IS
    'The value with every control character (C0, DEL, C1; tab and newline included) replaced by a space: one line of a rendered page.';

-- The title under which an observation's cited work is shown, NULL when the
-- record has none (the page then says "an unresolved cited work").
CREATE FUNCTION pith.render_cited_title(observation jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN COALESCE(
        NULLIF(pg_catalog.btrim(observation #>> '{citation,cited_work,title}'), ''),
        NULLIF(pg_catalog.btrim(observation #>> '{citation,cited_paper,title}'), ''));
COMMENT ON FUNCTION pith.render_cited_title(jsonb) IS
    'Title shown for an observation''s cited work: citation.cited_work.title, else citation.cited_paper.title, NULL when both are absent or blank.';

-- The paper title a page is headed with.
CREATE FUNCTION pith.render_paper_title(record jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN COALESCE(NULLIF(pg_catalog.btrim(record #>> '{paper,title}'), ''),
                    'arXiv:' || (record #>> '{paper,arxiv_id}'),
                    'Untitled paper');
COMMENT ON FUNCTION pith.render_paper_title(jsonb) IS
    'Title a record page is headed with: paper.title, else "arXiv:" and paper.arxiv_id, else "Untitled paper".';

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

-- One external citation measurement as a line of text.
CREATE FUNCTION pith.render_text_measurement(measurement jsonb) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN COALESCE(measurement ->> 'source', 'an unnamed source') || ': '
        || COALESCE(measurement ->> 'cited_by_count', 'no') || ' citing works'
        || COALESCE(', measured ' || (measurement ->> 'measured_at'), '');
COMMENT ON FUNCTION pith.render_text_measurement(jsonb) IS
    'One external citation measurement as a line of the record page: "<source>: <cited_by_count> citing works, measured <measured_at>".';

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
    lines := ARRAY[pith.render_paper_title(record) || ' | Paper Citation Record'];
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
            lines := lines || pith.render_text_measurement(m);
        END LOOP;
    END IF;
    RETURN (SELECT pg_catalog.string_agg(pith.render_line(l.line), E'\n\n' ORDER BY l.n)
            FROM pg_catalog.unnest(lines) WITH ORDINALITY AS l(line, n));
END
$fn$;
COMMENT ON FUNCTION pith.render_text(jsonb) IS
    'A pith.paper-citation-record.v1 record as the text of its page (the layout of the SmartSwap seed page): title line, one block per outbound then inbound observation, the closing section headings; lines separated by blank lines, no trailing newline.';

-- ---------------------------------------------------------------------------
-- HTML
-- ---------------------------------------------------------------------------

-- A record value as HTML text: one line (controls become spaces), escaped,
-- isolated from the surrounding text's direction so that a right-to-left
-- override inside it cannot reorder what follows.
CREATE FUNCTION pith.render_html_value(value text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN '<bdi>' || pith.html_escape(pith.render_line(value)) || '</bdi>';
COMMENT ON FUNCTION pith.render_html_value(text) IS
    'A record value as HTML text: controls replaced by spaces, HTML-escaped, wrapped in <bdi> so bidi controls inside it stay inside it.';

-- An HTML link to target showing label_html; just the label when target is
-- NULL or not a safe same-origin path.
CREATE FUNCTION pith.render_html_link(target text, label_html text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE
        WHEN COALESCE(pith.html_safe_href(target), false) THEN
            '<a href="' || pith.html_escape(target) || '">' || label_html || '</a>'
        ELSE label_html
    END;
COMMENT ON FUNCTION pith.render_html_link(text, text) IS
    'HTML for a record link: <a href> around label_html when the target is a safe same-origin path (pith.html_safe_href), label_html alone otherwise (NULL, javascript:, other origins). label_html must already be HTML.';

-- The HTML of one observation block: the lines of render_text_observation,
-- with the titles linked through the observation's own links.
CREATE FUNCTION pith.render_html_observation(observation jsonb, direction text, ordinal integer) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    lines text[] := pith.render_text_observation(observation, direction);
    cited text := pith.render_cited_title(observation);
    citing text := COALESCE(
        NULLIF(pg_catalog.btrim(observation #>> '{citation,citing_paper,title}'), ''),
        'arXiv:' || (observation #>> '{citation,citing_paper,arxiv_id}'),
        'An unknown citing paper');
    status text := observation #>> '{resolution,status}';
    citing_html text := pith.render_html_link(observation #>> '{links,citing_paper}', pith.render_html_value(citing));
    cited_html text := pith.render_html_link(observation #>> '{links,cited_paper}',
                           pith.render_html_value(COALESCE(cited, 'Unresolved cited work')));
    html text;
    i integer;
BEGIN
    html := '<article class="observation ' || direction || '" id="' || direction || '-' || ordinal || '">'
        || E'\n<h2>Observation ' || pith.render_html_value(COALESCE(observation ->> 'observation_id', '(no id)'))
        || ' · ' || direction || '</h2>';
    IF direction = 'outbound' THEN
        html := html || E'\n<p class="cites">' || CASE WHEN cited IS NULL
                    THEN 'This paper cites an unresolved cited work.'
                    ELSE 'This paper cites ' || pith.render_html_value(cited) || '.' END || '</p>';
    ELSE
        html := html || E'\n<p class="cites">' || citing_html || ' cites this paper.</p>';
    END IF;
    html := html
        || E'\n<p class="pair">' || citing_html || ' ' || cited_html || '</p>'
        || E'\n<p class="ref">' || pith.render_html_value(lines[4]) || '</p>'
        || E'\n<p class="resolution'
        || CASE WHEN status IN ('verified_exact', 'verified_fuzzy', 'metadata_mismatch', 'parse_uncertain',
                                'malformed_identifier', 'unresolved')
                THEN ' s-' || status ELSE '' END
        || '">' || pith.render_html_value(lines[5]) || '</p>'
        || E'\n<h3>' || lines[6] || '</h3>'
        || E'\n<p class="notice">' || pith.render_html_value(lines[7]) || '</p>';
    IF pg_catalog.array_length(lines, 1) > 7 THEN
        html := html || E'\n<ul class="events">';
        FOR i IN 8 .. pg_catalog.array_length(lines, 1) LOOP
            html := html || E'\n<li>' || pith.render_html_value(lines[i]) || '</li>';
        END LOOP;
        html := html || E'\n</ul>';
    END IF;
    RETURN html || E'\n</article>';
END
$fn$;
COMMENT ON FUNCTION pith.render_html_observation(jsonb, text, integer) IS
    'The HTML <article> of one observation block (direction outbound or inbound, ordinal for its element id): the text lines of pith.render_text_observation, escaped, titles linked through the observation''s links.';

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

-- A table row of HTML cells, each value escaped.
CREATE FUNCTION pith.render_html_row(cells text[], header boolean DEFAULT false) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN '<tr>' || (SELECT pg_catalog.string_agg(
                          CASE WHEN header THEN '<th>' ELSE '<td>' END
                          || COALESCE(CASE WHEN header THEN pith.html_escape(c.cell)
                                           ELSE pith.render_html_value(c.cell) END, '')
                          || CASE WHEN header THEN '</th>' ELSE '</td>' END, '' ORDER BY c.n)
                      FROM pg_catalog.unnest(cells) WITH ORDINALITY AS c(cell, n)) || '</tr>';
COMMENT ON FUNCTION pith.render_html_row(text[], boolean) IS
    'An HTML table row, one <td> (or <th> when header) per element, every value escaped; NULL elements give empty cells.';

CREATE FUNCTION pith.render_html(record jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    title text;
    integrity text := pith.render_integrity(record);
    html text;
    obs jsonb;
    dir text;
    n integer;
    x jsonb;
    k text;
    label text;
    rows text;
BEGIN
    IF pg_catalog.jsonb_typeof(record) <> 'object' THEN
        RAISE EXCEPTION 'a citation record must be a JSON object'
            USING ERRCODE = '22023', DETAIL = 'The argument is a JSON ' || pg_catalog.jsonb_typeof(record) || '.';
    END IF;
    title := pith.render_paper_title(record);
    html := E'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">'
        || E'\n<meta http-equiv="Content-Security-Policy" content="default-src ''none''; style-src ''unsafe-inline''; base-uri ''none''; form-action ''none''">'
        || E'\n<meta name="referrer" content="no-referrer">'
        || E'\n<meta name="viewport" content="width=device-width, initial-scale=1">'
        || E'\n<title>' || pith.html_escape(pith.render_line(title)) || E' | Paper Citation Record</title>\n<style>\n'
        || $css$
:root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #ffffff; --bg: #f6f8fa; --link: #0550ae; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink);
       font: 16px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; }
header, main { max-width: 64rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 2rem; padding-bottom: .5rem; }
h1 { font-size: 1.65rem; line-height: 1.25; margin: 0 0 .75rem; overflow-wrap: anywhere; }
h1 .kind { color: var(--muted); font-weight: 400; }
a { color: var(--link); }
p, li, td, th { overflow-wrap: anywhere; }
.thesis { font-size: 1.1rem; margin: .25rem 0; }
.refusal { color: var(--muted); font-style: italic; margin: .25rem 0; }
.integrity { display: inline-block; margin: .5rem 0; padding: .2rem .6rem; border-radius: 6px; font-size: .9rem; }
.integrity.ok { background: #dafbe1; color: #116329; }
.integrity.bad { background: #ffebe9; color: #a40e26; }
.integrity.unknown { background: #fff8c5; color: #7d4e00; }
nav { font-size: .9rem; margin: .25rem 0 1rem; }
nav a, nav span { margin-right: 1rem; }
.refused { color: #a40e26; }
.observation { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .85rem 1.15rem; margin: 0 0 .9rem; }
.observation h2 { font: 600 .8rem/1.4 ui-monospace, "DejaVu Sans Mono", monospace; color: var(--muted); margin: 0 0 .35rem; }
.observation.inbound { border-left: 4px solid #8250df; }
.observation .cites { font-size: 1.05rem; font-weight: 600; margin: 0 0 .35rem; }
.observation p { margin: .15rem 0; }
.observation .pair, .observation .ref { color: var(--muted); font-size: .92rem; }
.observation .resolution { font-size: .92rem; }
.observation .s-verified_exact, .observation .s-verified_fuzzy { color: #116329; }
.observation .s-unresolved, .observation .s-parse_uncertain { color: #7d4e00; }
.observation .s-metadata_mismatch, .observation .s-malformed_identifier { color: #a40e26; }
.observation h3 { font-size: .85rem; margin: .6rem 0 .1rem; color: var(--muted); }
.observation .notice { font-size: .92rem; }
.observation .events { margin: .2rem 0 0; padding-left: 1.25rem; font-size: .92rem; }
section.closing { margin: 1.75rem 0; }
section.closing h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
table { border-collapse: collapse; width: 100%; background: var(--card); font-size: .9rem; }
th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
th { background: #eef1f4; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
footer { max-width: 64rem; margin: 0 auto 2rem; padding: 0 1.25rem; color: var(--muted); font-size: .85rem; }
$css$
        || E'</style>\n</head>\n<body>\n<header>\n<h1>'
        || pith.render_html_value(title)
        || E' <span class="kind">| Paper Citation Record</span></h1>'
        || COALESCE(E'\n<p class="thesis">' || pith.render_html_value(record ->> 'thesis') || '</p>', '')
        || COALESCE(E'\n<p class="refusal">' || pith.render_html_value(record ->> 'refusal') || '</p>', '')
        || E'\n<p class="integrity '
        || CASE WHEN integrity LIKE 'Integrity: all %' THEN 'ok'
                WHEN integrity LIKE 'Integrity: not checked%' THEN 'unknown' ELSE 'bad' END
        || '">' || pith.render_html_value(integrity) || '</p>';

    -- the record's own links
    IF pg_catalog.jsonb_typeof(record -> 'links') = 'object' THEN
        rows := '';
        FOREACH k IN ARRAY ARRAY['paper', 'json', 'integrity', 'evidence', 'html'] LOOP
            CONTINUE WHEN record -> 'links' ->> k IS NULL;
            label := CASE k WHEN 'paper' THEN 'Paper' WHEN 'json' THEN 'Record as JSON'
                            WHEN 'integrity' THEN 'Integrity check' WHEN 'evidence' THEN 'Evidence'
                            ELSE 'This page' END;
            rows := rows || E'\n' || CASE
                WHEN pith.html_safe_href(record -> 'links' ->> k) THEN pith.render_html_link(record -> 'links' ->> k, label)
                ELSE '<span class="refused">' || label || ': ' || pith.render_html_value(record -> 'links' ->> k)
                     || ' (not a same-origin link)</span>' END;
        END LOOP;
        IF rows <> '' THEN
            html := html || E'\n<nav aria-label="Record links">' || rows || E'\n</nav>';
        END IF;
    END IF;
    html := html || E'\n</header>\n<main>\n<section class="observations" aria-label="Observations">';

    FOREACH dir IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        CONTINUE WHEN pg_catalog.jsonb_typeof(record -> dir) IS DISTINCT FROM 'array';
        FOR obs, n IN SELECT o.value, o.n FROM pg_catalog.jsonb_array_elements(record -> dir) WITH ORDINALITY AS o(value, n)
                      ORDER BY o.n
        LOOP
            html := html || E'\n' || pith.render_html_observation(obs, dir, n);
        END LOOP;
    END LOOP;
    html := html || E'\n</section>';

    -- Coverage vector
    html := html || E'\n<section class="closing" id="coverage">\n<h2>Coverage vector</h2>';
    IF pg_catalog.jsonb_typeof(record -> 'coverage') = 'array' AND pg_catalog.jsonb_array_length(record -> 'coverage') > 0 THEN
        html := html || E'\n<table>\n' || pith.render_html_row(ARRAY['Lane', 'State', 'Records observed', 'Denominator',
                                                                    'Source', 'Source observed at', 'Note'], true);
        FOR x IN SELECT c.value FROM pg_catalog.jsonb_array_elements(record -> 'coverage') WITH ORDINALITY AS c(value, n)
                 ORDER BY c.n
        LOOP
            html := html || E'\n' || pith.render_html_row(ARRAY[x ->> 'lane', x ->> 'state', x ->> 'records_observed',
                x ->> 'denominator', x ->> 'source', COALESCE(x ->> 'source_observed_at', 'none'), x ->> 'note']);
        END LOOP;
        html := html || E'\n</table>';
    ELSE
        html := html || E'\n<p>The record has no coverage vector.</p>';
    END IF;
    html := html || E'\n</section>';

    -- Reference resolution: the six states in SPEC order, then any others
    html := html || E'\n<section class="closing" id="resolution">\n<h2>Reference resolution</h2>';
    x := record #> '{reference_resolution,state_counts}';
    IF pg_catalog.jsonb_typeof(x) = 'object' THEN
        html := html || E'\n<table>\n' || pith.render_html_row(ARRAY['State', 'References'], true);
        FOR k IN SELECT s.key FROM pg_catalog.jsonb_object_keys(x) AS s(key)
                 ORDER BY pg_catalog.array_position(ARRAY['verified_exact', 'verified_fuzzy', 'metadata_mismatch',
                              'parse_uncertain', 'malformed_identifier', 'unresolved'], s.key) NULLS LAST, s.key
        LOOP
            html := html || E'\n' || pith.render_html_row(ARRAY[k, x ->> k]);
        END LOOP;
        html := html || E'\n</table>';
    ELSE
        html := html || E'\n<p>The record has no state counts.</p>';
    END IF;
    html := html || E'\n</section>';

    -- Outbound references: what is displayed of how many, and the standing sources
    html := html || E'\n<section class="closing" id="outbound">\n<h2>Outbound references</h2>'
        || E'\n<p>' || pith.render_html_value(
               'Displayed ' || COALESCE(record #>> '{reference_resolution,displayed}',
                                        pg_catalog.jsonb_array_length(CASE WHEN pg_catalog.jsonb_typeof(record -> 'outbound') = 'array'
                                                                           THEN record -> 'outbound' ELSE '[]' END)::text)
               || ' of ' || COALESCE(record #>> '{reference_resolution,total_outbound_references}', 'an unknown number of')
               || ' outbound references' || COALESCE(' (page cap ' || (record #>> '{caps,outbound}') || ')', '') || '.')
        || '</p>' || E'\n<h3>Standing sources</h3>';
    IF pg_catalog.jsonb_typeof(record -> 'standing_sources') = 'array' AND pg_catalog.jsonb_array_length(record -> 'standing_sources') > 0 THEN
        html := html || E'\n<table>\n' || pith.render_html_row(ARRAY['Source', 'Latest receipt'], true);
        FOR x IN SELECT s.value FROM pg_catalog.jsonb_array_elements(record -> 'standing_sources') WITH ORDINALITY AS s(value, n)
                 ORDER BY s.n
        LOOP
            html := html || E'\n' || pith.render_html_row(ARRAY[x ->> 'source', x ->> 'observed_at']);
        END LOOP;
        html := html || E'\n</table>';
    ELSE
        html := html || E'\n<p>No standing source was queried for the displayed references.</p>';
    END IF;
    html := html || E'\n</section>';

    -- Pith citing papers: one item per inbound observation
    html := html || E'\n<section class="closing" id="inbound">\n<h2>Pith citing papers</h2>';
    IF pg_catalog.jsonb_typeof(record -> 'inbound') = 'array' AND pg_catalog.jsonb_array_length(record -> 'inbound') > 0 THEN
        html := html || E'\n<ul>';
        FOR x, n IN SELECT o.value, o.n FROM pg_catalog.jsonb_array_elements(record -> 'inbound') WITH ORDINALITY AS o(value, n)
                    ORDER BY o.n
        LOOP
            html := html || E'\n<li>' || pith.render_html_link(x #>> '{links,citing_paper}',
                    pith.render_html_value(COALESCE(NULLIF(pg_catalog.btrim(x #>> '{citation,citing_paper,title}'), ''),
                                                    'An unknown citing paper')))
                || COALESCE(' ' || pith.render_html_value('(arXiv:' || (x #>> '{citation,citing_paper,arxiv_id}') || ')'), '')
                || COALESCE(', ' || pith.render_html_value('reference ' || (x #>> '{citation,reference_index}')), '')
                || ' — <a href="#inbound-' || n || '">observation</a></li>';
        END LOOP;
        html := html || E'\n</ul>';
    ELSE
        html := html || E'\n<p>No Pith citing paper is itemized.</p>';
    END IF;
    html := html || COALESCE(E'\n<p>' || pith.render_html_value(
                (SELECT 'Itemized ' || (c.value ->> 'records_observed') || ' of '
                        || (c.value ->> 'denominator') || ' inbound observations.'
                 FROM pg_catalog.jsonb_array_elements(CASE WHEN pg_catalog.jsonb_typeof(record -> 'coverage') = 'array'
                                                           THEN record -> 'coverage' ELSE '[]' END) AS c(value)
                 WHERE c.value ->> 'lane' = 'inbound_itemization' LIMIT 1)) || '</p>', '')
        || E'\n</section>';

    -- External citation measurements
    html := html || E'\n<section class="closing" id="measurements">\n<h2>External citation measurements</h2>';
    IF pg_catalog.jsonb_typeof(record -> 'external_citation_measurements') = 'array'
       AND pg_catalog.jsonb_array_length(record -> 'external_citation_measurements') > 0 THEN
        html := html || E'\n<ul>';
        FOR x IN SELECT m.value FROM pg_catalog.jsonb_array_elements(record -> 'external_citation_measurements')
                 WITH ORDINALITY AS m(value, n) ORDER BY m.n
        LOOP
            html := html || E'\n<li>' || pith.render_html_value(pith.render_text_measurement(x)) || '</li>';
        END LOOP;
        html := html || E'\n</ul>\n<p>Each measurement is its source''s own count; counts are never added across sources.</p>';
    ELSE
        html := html || E'\n<p>No external citation measurement is on record.</p>';
    END IF;
    html := html || E'\n</section>\n</main>\n<footer>'
        || pith.render_html_value(COALESCE(record ->> 'schema', 'no schema')
                                  || COALESCE(' · as of ' || (record ->> 'as_of'), '')
                                  || COALESCE(' · ' || (record ->> 'context_digest'), ''))
        || E'</footer>\n</body>\n</html>\n';
    RETURN html;
END
$fn$;
COMMENT ON FUNCTION pith.render_html(jsonb) IS
    'A pith.paper-citation-record.v1 record as one standalone HTML5 page (inline CSS, no script, no external requests, a Content-Security-Policy that forbids both): the text of pith.render_text plus the thesis, an integrity line (pith.verify_record), the record''s links and tables for the coverage vector, state counts, standing sources, Pith citing papers and external measurements. Every record value is HTML-escaped; only same-origin link targets become links.';
