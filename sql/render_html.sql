-- render_html: a citation record as one standalone HTML page.
\pset null '(null)'

-- 1. The golden record's page: structure, the header as written, the links.
\set golden `cat test/data/golden_2506.06472.json`
CREATE TEMP TABLE render_html_golden AS SELECT pith.render_html(:'golden'::jsonb) AS page;
SELECT pg_catalog.left(page, 15) AS starts,
       pg_catalog.right(page, 8) = E'</html>\n' AS ends_with_html,
       (SELECT pg_catalog.count(*) FROM pg_catalog.regexp_matches(page, '<article class="observation outbound"', 'g')) AS outbound_articles,
       (SELECT pg_catalog.count(*) FROM pg_catalog.regexp_matches(page, '<article class="observation inbound"', 'g')) AS inbound_articles,
       pg_catalog.strpos(page, '<script') = 0 AS no_script,
       pg_catalog.strpos(pg_catalog.lower(page), 'javascript:') = 0 AS no_javascript_url,
       pg_catalog.strpos(page, 'src=') = 0 AS no_src,
       pg_catalog.strpos(page, 'url(') + pg_catalog.strpos(page, '@import') = 0 AS no_css_fetch,
       pg_catalog.strpos(page, $$content="default-src 'none'; style-src 'unsafe-inline'$$) > 0 AS has_csp
FROM render_html_golden;
-- the header, as written
SELECT pg_catalog.substring(page, '<body>.*</header>') AS header FROM render_html_golden;
-- every link target on the page
SELECT m[1] AS href, pg_catalog.count(*) AS links
FROM render_html_golden, pg_catalog.regexp_matches(page, 'href="([^"]*)"', 'g') AS m
GROUP BY m[1] ORDER BY m[1];
-- the first observation and the closing sections, as written
SELECT pg_catalog.substring(page, '<article class="observation outbound" id="outbound-1">.*?</article>') AS first_observation
FROM render_html_golden;
SELECT pg_catalog.substring(page, '<section class="closing" id="coverage">.*') AS closing
FROM render_html_golden;

-- 2. A small record with hostile values: every value escaped and isolated,
--    unsafe link targets dropped (observation links) or shown as text (record
--    links), measured notice with an event, an inbound observation,
--    a measurement, digests that do not verify.  The CSS is elided here.
--    Unaligned: the U+202E override is zero-width for some psql versions.
\pset format unaligned
SELECT pg_catalog.regexp_replace(pith.render_html($${
  "paper": {"arxiv_id": "2401.00001", "title": "<script>alert(1)</script> \u202Egnp.exe"},
  "thesis": "As of 1 January 2026, x \"><img src=x onerror=alert(2)>",
  "refusal": "A & B",
  "context_digest": "sha256:0000",
  "links": {"paper": "javascript:alert(3)", "json": "/paper/2401.00001/citation-record.json", "html": "//evil.example/"},
  "caps": {"outbound": 100},
  "coverage": [{"lane": "inbound_itemization", "state": "measured", "records_observed": 1, "denominator": 1,
                "source": "paper_references", "source_observed_at": null, "note": "<b>n</b>"}],
  "reference_resolution": {"displayed": 1, "total_outbound_references": 2,
                           "state_counts": {"unresolved": 1, "verified_exact": 1, "<i>odd</i>": 0}},
  "standing_sources": [{"observed_at": "2026-08-07T06:34:17.273281+00:00", "source": "crossref"}],
  "outbound": [
    {"observation_id": "\u202E<id>",
     "citation": {"citing_paper": {"arxiv_id": "2401.00001", "title": "<script>alert(1)</script> \u202Egnp.exe"},
                  "cited_work": {"title": "O'Brien & \"Sons\" <3"}, "reference_index": 1},
     "links": {"citing_paper": "/paper/2401.00001", "cited_paper": "javascript:alert(4)"},
     "resolution": {"observed_at": "2026-08-07T06:00:38Z", "resolver_source": "arxiv_id", "status": "verified_exact"},
     "standing_notice": {"state": "measured", "observation": "1 event(s) found in the named queried sources as of 2026-08-07T06:34:17.273281+00:00.",
        "events": [{"event_date": "2023-05-01", "event_type": "retraction", "notice_doi": "10.1000/<x>", "observed_at": "2026-08-07T06:34:17.273281+00:00", "source": "crossref"}]},
     "observation_digest": "sha256:0001"}],
  "inbound": [
    {"observation_id": "00000000-0000-4000-8000-000000000009",
     "citation": {"citing_paper": {"arxiv_id": "2502.00002", "title": "Later & Greater"}, "cited_work": {"title": null}, "reference_index": 7},
     "links": {"citing_paper": "/paper/2502.00002"},
     "resolution": {"observed_at": "2026-08-07T07:00:00Z", "resolver_source": null, "status": "unresolved"},
     "standing_notice": {"events": [], "reason": "canonical_work_link_unavailable", "source_receipts": [], "state": "unavailable"}}],
  "external_citation_measurements": [{"cited_by_count": 3, "measured_at": "2026-08-01T00:00:00Z", "source": "openalex"}],
  "schema": "pith.paper-citation-record.v1"
}$$::jsonb), '<style>.*</style>', '<style>…</style>') AS page;
\pset format aligned

-- 3. The integrity line on its own: all verify, some do not, cannot check.
\set smartswap `cat test/data/smartswap_record.json`
SELECT pith.render_integrity(:'golden'::jsonb) AS golden;
SELECT pith.render_integrity(:'smartswap'::jsonb) AS smartswap;
SELECT pith.render_integrity(pg_catalog.jsonb_set(:'golden'::jsonb, '{outbound,2,citation,reference_index}', '99')) AS one_changed;
SELECT pith.render_integrity(pg_catalog.jsonb_set(:'smartswap'::jsonb, '{paper,title}', '"retitled"')
                             #- '{outbound,0,observation_digest}') AS context_and_missing;
SELECT pith.render_integrity(pg_catalog.jsonb_set(:'smartswap'::jsonb, '{refusal}', '"changed"')
       || pg_catalog.jsonb_build_object('outbound',
            (SELECT pg_catalog.jsonb_agg(o.value - 'observation_digest' ORDER BY o.n)
             FROM pg_catalog.jsonb_array_elements(:'smartswap'::jsonb -> 'outbound') WITH ORDINALITY AS o(value, n)))) AS many_broken;
SELECT pith.render_integrity('{"outbound": []}'::jsonb) AS empty;
SELECT pith.render_integrity('{"outbound": {"not": "a list"}}'::jsonb) AS bad_shape;
SELECT pith.render_integrity('{"inbound": [1, 2]}'::jsonb) AS bad_observations;
SELECT pith.render_integrity('[]'::jsonb) AS not_an_object;

-- 4. NULL in, NULL out; anything but an object is an error; the least record.
SELECT pith.render_html(NULL) AS null_record;
SELECT pith.render_html('[1]'::jsonb);
SELECT pith.render_html_page('"x"'::jsonb, 'Integrity: all 1 digests verify.');
-- a caller that verified the record already can pass its own sentence
SELECT pg_catalog.substring(pith.render_html_page('{"paper": {"title": "T"}}'::jsonb, 'Integrity: checked elsewhere.'),
                            '<p class="integrity[^\n]*') AS integrity_line;
SELECT pg_catalog.regexp_replace(pith.render_html('{}'::jsonb), '<style>.*</style>', '<style>…</style>') AS empty_record;

-- 5. Volatility as declared: render_html reads only its argument (and
--    verify_record is IMMUTABLE too).
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel
FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'pith' AND (p.proname LIKE 'render\_%' OR p.proname = 'verify_record')
ORDER BY p.proname;

-- 6. Nothing depends on the caller's search_path.
\set page `cat test/data/smartswap_page.txt`
SET search_path = '';
SELECT pg_catalog.octet_length(pith.render_html(:'golden'::jsonb)) = pg_catalog.octet_length(page) AS same_page,
       pith.render_text(:'smartswap'::jsonb) = :'page' AS smartswap_text_identical
FROM render_html_golden;
RESET search_path;
