-- render_text: a citation record as the text of its page.
\pset null '(null)'

-- 1. The SmartSwap record (built by test/make_smartswap_record.py from the
--    page) renders to the page, byte for byte, with no trailing newline.
\set page `cat test/data/smartswap_page.txt`
\set smartswap `cat test/data/smartswap_record.json`
SELECT pith.render_text(:'smartswap'::jsonb) = :'page' AS smartswap_byte_identical,
       pg_catalog.octet_length(pith.render_text(:'smartswap'::jsonb)) AS octets,
       pg_catalog.octet_length(:'page') AS page_octets,
       pg_catalog.right(pith.render_text(:'smartswap'::jsonb), 19) AS ends_with;
-- The psql variable holds the file as is: the same check on raw bytes.
SELECT pg_catalog.sha256(pg_catalog.convert_to(pith.render_text(:'smartswap'::jsonb), 'UTF8'))
     = pg_catalog.sha256(pg_catalog.convert_to(:'page', 'UTF8')) AS same_sha256;

-- The generated record is a real record: canonical text, every digest verifies.
SELECT pith.canonical_json(:'smartswap'::jsonb) = :'smartswap' AS canonical,
       pg_catalog.count(*) AS digests, pg_catalog.count(*) FILTER (WHERE v.ok) AS verified
FROM pith.verify_record(:'smartswap'::jsonb) AS v;

-- 2. The golden record: 39 blocks; verified_fuzzy links name their resolver,
--    measured notices print their sentence.
\set golden `cat test/data/golden_2506.06472.json`
SELECT l.n, l.line
FROM pg_catalog.regexp_split_to_table(pith.render_text(:'golden'::jsonb), E'\n\n') WITH ORDINALITY AS l(line, n)
WHERE l.n <= 15 OR l.n > 273 - 5
ORDER BY l.n;
SELECT pg_catalog.count(*) FILTER (WHERE line LIKE 'Observation % · outbound') AS blocks,
       pg_catalog.count(*) FILTER (WHERE line LIKE 'Resolution: verified_fuzzy; resolver raw_fallback, observed %') AS fuzzy_lines,
       pg_catalog.count(*) FILTER (WHERE line LIKE 'No event found in the named queried sources as of %+00:00.') AS measured_notices,
       pg_catalog.count(*) FILTER (WHERE line = 'Unavailable: canonical work link unavailable.') AS unavailable_notices,
       pg_catalog.count(*) AS lines
FROM pg_catalog.regexp_split_to_table(pith.render_text(:'golden'::jsonb), E'\n\n') AS line;

-- 3. What the seed does not show: an inbound observation, a measured notice
--    with events, a cited paper's title standing in for a missing work title,
--    a non-measured notice without a reason, a title with line breaks,
--    external measurements.
SELECT pith.render_text($${
  "paper": {"arxiv_id": "2401.00001", "title": "A Paper\nWith a Broken Title"},
  "outbound": [
    {"observation_id": "00000000-0000-4000-8000-000000000001",
     "citation": {"citing_paper": {"arxiv_id": "2401.00001", "title": "A Paper\nWith a Broken Title"},
                  "cited_paper": {"arxiv_id": "1810.04805", "title": "BERT"},
                  "cited_work": {"title": "Attention Is All You Need"},
                  "reference_index": 3},
     "resolution": {"observed_at": "2026-08-07T06:00:38.224953Z", "resolver_source": "arxiv_id", "status": "verified_exact"},
     "standing_notice": {"state": "measured",
        "observation": "2 event(s) found in the named queried sources as of 2026-08-07T06:34:17.273281+00:00.",
        "events": [
          {"event_date": "2023-05-01", "event_type": "correction", "notice_doi": "10.1000/fix.1", "observed_at": "2026-08-07T06:34:17.273281+00:00", "source": "crossref"},
          {"event_date": null, "event_type": "expression_of_concern", "notice_doi": null, "observed_at": "2026-08-07T06:34:11.927384+00:00", "source": "retraction_watch"}]}},
    {"observation_id": "00000000-0000-4000-8000-000000000002",
     "citation": {"citing_paper": {"arxiv_id": "2401.00001", "title": "A Paper\nWith a Broken Title"},
                  "cited_paper": {"arxiv_id": "1706.03762", "title": "Transformers"},
                  "cited_work": {"title": "  "},
                  "reference_index": 4},
     "resolution": {"observed_at": "2026-08-07T06:00:39Z", "resolver_source": null, "status": "parse_uncertain"},
     "standing_notice": {"state": "not_checked", "reason": null}}],
  "inbound": [
    {"observation_id": "00000000-0000-4000-8000-000000000003",
     "citation": {"citing_paper": {"arxiv_id": "2502.00002", "title": "A Later Paper"},
                  "cited_work": {"title": "A paper with a broken title"},
                  "reference_index": 17},
     "resolution": {"observed_at": "2026-08-07T07:00:00Z", "resolver_source": "title_fuzzy", "status": "verified_fuzzy"},
     "standing_notice": {"events": [], "reason": "canonical_work_link_unavailable", "source_receipts": [], "state": "unavailable"}}],
  "external_citation_measurements": [
    {"cited_by_count": 12, "measured_at": "2026-08-01T00:00:00Z", "source": "openalex"},
    {"cited_by_count": 9, "measured_at": "2026-07-30T12:00:00Z", "source": "semantic_scholar"}]
}$$::jsonb);

-- 4. The least a record can be: an object with nothing in it.
SELECT pith.render_text('{}'::jsonb);

-- Controls of every kind (C0, DEL, C1) become spaces; a multibyte first
-- letter of a notice state is capitalized like upper() does it.
SELECT pg_catalog.split_part(pith.render_text('{"paper": {"title": "a\u0085b\tc\u007fd\re\u009ff"}}'::jsonb), E'\n', 1) AS title_line;
SELECT l.line FROM pg_catalog.regexp_split_to_table(pith.render_text(
    '{"outbound": [{"standing_notice": {"state": "état_inconnu", "reason": "source_hors_ligne"}}]}'::jsonb), E'\n\n')
    WITH ORDINALITY AS l(line, n) WHERE l.n = 8;

-- 5. NULL in, NULL out; anything but an object is an error.
SELECT pith.render_text(NULL) AS null_record;
SELECT pith.render_text('[]'::jsonb);
SELECT pith.render_text('"a record"'::jsonb);
SELECT pith.render_text('null'::jsonb);
-- elements that are not observations, and fields of the wrong kind, print
-- the fallbacks instead of failing
SELECT pith.render_text('{"paper": {"title": "  ", "arxiv_id": 2401.00001},
  "outbound": [7, {"observation_id": ["x"], "citation": "none", "resolution": {"status": 3},
                   "standing_notice": {"state": "not_measured_yet", "reason": "why_not"}}],
  "inbound": {"not": "a list"}, "external_citation_measurements": [null]}'::jsonb);

-- 6. Volatility as declared.
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel
FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'pith' AND p.proname IN ('render_text', 'render_html', 'render_html_page', 'render_integrity')
ORDER BY p.proname;
