-- hard_reliability: the defects of issue 13 that one session can show
-- (the concurrent ones are test/t/005_ingest_races.pl).
SET client_min_messages = warning;
-- the SQLSTATE, message and DETAIL of the error a statement raises
CREATE FUNCTION pg_temp.error_of(q text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE st text; msg text; det text;
BEGIN
    EXECUTE q;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT, det = PG_EXCEPTION_DETAIL;
    RETURN st || ': ' || msg || COALESCE(' / ' || NULLIF(det, ''), '');
END $$;

-- 3. The search_path advice: a user's public.= for two arxiv_ids is
-- chosen over pith's when public comes first, never when pith does.
CREATE TABLE public.trap_log (fired text);
CREATE FUNCTION public.trap_eq(a pith.arxiv_id, b pith.arxiv_id) RETURNS boolean
    LANGUAGE sql AS $$ INSERT INTO public.trap_log VALUES ('fired') RETURNING true $$;
CREATE OPERATOR public.= (LEFTARG = pith.arxiv_id, RIGHTARG = pith.arxiv_id, FUNCTION = public.trap_eq);
CREATE TABLE public.my_papers (arxiv_id pith.arxiv_id);
INSERT INTO public.my_papers VALUES ('2506.06472v2');
SET search_path = "$user", public, pith;   -- the old advice
SELECT count(*) FROM public.my_papers WHERE arxiv_base(arxiv_id) = '2506.06472';
SELECT count(*) AS trap_fired FROM public.trap_log;
TRUNCATE public.trap_log;
SET search_path = "$user", pith, public;   -- the README's advice now
SELECT count(*) FROM public.my_papers WHERE arxiv_base(arxiv_id) = '2506.06472';
SELECT count(*) AS trap_fired FROM public.trap_log;
RESET search_path;
DROP OPERATOR public.= (pith.arxiv_id, pith.arxiv_id);
DROP FUNCTION public.trap_eq(pith.arxiv_id, pith.arxiv_id);
DROP TABLE public.trap_log, public.my_papers;

-- 4. A percent-encoded doi.org URL in a reference gives the stored DOI.
SELECT doi, doi::pith.doi OPERATOR(pith.=) 'doi:10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0'::pith.doi AS same
FROM pith.parse_reference('Smith, J. Some title. JASIS 49(8), 1998. https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-0');

-- 5. Long titles (past a btree row's ~2,700 bytes of key) are stored and
-- found by candidate search.
INSERT INTO pith.papers (arxiv_id, title, snapshot_observed_at)
VALUES ('2501.00001', repeat('量子', 475) || ' tail', '2026-01-01'),
       ('2501.00002', repeat('abc ', 750) || 'end', '2026-01-01');
INSERT INTO pith.cited_works (work_id, title, metadata_source, snapshot_observed_at)
VALUES ('00000000-0000-0000-0000-00000000000a', repeat('word ', 600) || 'final', 'raw_reference', '2026-01-01');
SELECT arxiv_id, work_id, round(score::numeric, 3) AS score
FROM pith.title_candidates(repeat('abc ', 750) || 'end', 3);
SELECT arxiv_id FROM pith.title_candidates(repeat('量子', 475) || ' tail', 1);
SELECT work_id FROM pith.title_candidates(repeat('word ', 600) || 'final', 1);
SELECT count(*) FROM pith.papers p WHERE p.title OPERATOR(pith.%%) (repeat('abc ', 750) || 'end');

-- 6. One paper observed "in the future" does not break the view.
INSERT INTO pith.papers (arxiv_id, title, snapshot_observed_at) VALUES ('2501.00004', 'x', now() + interval '1 hour');
SELECT count(record) AS records, bool_and(arxiv_id OPERATOR(pith.<>) '2501.00004') AS future_paper_left_out
FROM pith.citation_records;

-- 7. Clear errors where raw ones were.
SELECT pg_temp.error_of($$SELECT pith.citation_record('2501.00001', as_of => '-infinity')$$);
CREATE TEMP TABLE doc AS
SELECT jsonb_build_object('schema', 'pith.paper-citation-record.v1', 'as_of', '2026-08-08T05:57:00Z',
       'paper', jsonb_build_object('arxiv_id', '2501.00005', 'title', 'A paper', 'snapshot_observed_at', '2026-01-01T00:00:00Z',
                                   'latest_version', NULL, 'submitted_at', NULL, 'last_updated', NULL, 'primary_category', NULL),
       -- every key of the v1 shape (ingest refuses a missing one), NULL where this test needs no value
       'caps', NULL, 'context_digest', NULL, 'coverage', NULL, 'links', NULL, 'reference_resolution', NULL,
       'refusal', NULL, 'standing_sources', NULL, 'thesis', NULL,
       'outbound', '[]'::jsonb, 'inbound', '[]'::jsonb, 'external_citation_measurements', '[]'::jsonb) AS d;
SELECT pg_temp.error_of($$SELECT pith.ingest_record(d #- '{paper,title}', false) FROM doc$$);
SELECT pg_temp.error_of($$SELECT pith.ingest_record(d #- '{paper,snapshot_observed_at}', false) FROM doc$$);
-- a catalog work for arXiv:2501.00001 under one uuid, then a document
-- naming another uuid for it
INSERT INTO pith.cited_works (work_id, title, arxiv_id, metadata_source, snapshot_observed_at)
VALUES ('00000000-0000-0000-0000-0000000000b1', 'Quantum', '2501.00001', 'arxiv', '2026-01-01');
UPDATE doc SET d = jsonb_set(d, '{outbound}', jsonb_build_array(jsonb_build_object(
    'observation_id', '00000000-0000-0000-0000-0000000000c1',
    'observation_digest', NULL, 'links', NULL, 'standing_notice', NULL,
    'citation', jsonb_build_object(
        'citing_paper', jsonb_build_object('arxiv_id', '2501.00005', 'title', 'A paper', 'version', 1,
                                           'snapshot_observed_at', '2026-01-01T00:00:00Z',
                                           'submitted_at', NULL, 'last_updated', NULL),
        'cited_paper', NULL,
        'reference_index', 1, 'source', 'pdf_text', 'source_observed_at', '2026-01-02T00:00:00Z',
        'cited_work', jsonb_build_object('work_id', '00000000-0000-0000-0000-0000000000b2', 'title', 'Quantum',
                                         'arxiv_id', '2501.00001', 'metadata_source', 'arxiv',
                                         'snapshot_observed_at', '2026-01-01T00:00:00Z',
                                         'doi', NULL, 'venue', NULL, 'year', NULL, 'pith_arxiv_id', NULL)),
    'resolution', jsonb_build_object('status', 'verified_exact', 'resolver_source', 'arxiv_id',
                                     'observed_at', '2026-01-02T00:00:00Z'))));
SELECT pg_temp.error_of($$SELECT pith.ingest_record(d, false) FROM doc$$);
SELECT count(*) AS nothing_written FROM pith.papers WHERE arxiv_id OPERATOR(pith.=) '2501.00005';
-- a record nested 9,000 levels deep: the integrity line says so, the page renders
CREATE TEMP TABLE deep AS
SELECT jsonb_set(d, '{paper,title}', (repeat('[', 9000) || repeat(']', 9000))::jsonb) AS r FROM doc;
SELECT pith.render_integrity(r) FROM deep;
SELECT pith.render_html(r) LIKE '<!DOCTYPE html>%' AS page FROM deep;

-- 8. No value adds a line to the text page; no bidi control reaches <title>.
SELECT split_part(t, E'\n', 1) AS first_line,
       pg_catalog.length(t) - pg_catalog.length(replace(t, E'\n', '')) AS newlines,
       (SELECT pg_catalog.length(u) - pg_catalog.length(replace(u, E'\n', ''))
        FROM (SELECT pith.render_text(d) AS u FROM doc) p) AS newlines_with_a_plain_title,
       t LIKE E'%\u2028%' OR t LIKE E'%\u2029%' AS separator_kept
FROM (SELECT pith.render_text(jsonb_set(d, '{paper,title}', to_jsonb(E'One\u2028Two\u2029Three\u0085Four'::text))) AS t
      FROM doc) s;
SELECT substring(h FROM '<title>(.*)</title>') AS tab_title, h LIKE E'%<bdi>gnp.exe\u202E%' AS heading_keeps_it_isolated
FROM (SELECT pith.render_html(jsonb_set(d, '{paper,title}', to_jsonb(E'gnp.exe\u202Etxt'::text))) AS h FROM doc) s;

-- leave the shared regression database as it was
DELETE FROM pith.cited_works WHERE work_id IN ('00000000-0000-0000-0000-00000000000a', '00000000-0000-0000-0000-0000000000b1');
DELETE FROM pith.papers WHERE arxiv_id OPERATOR(pith.=) ANY ('{2501.00001,2501.00002,2501.00004}');
SELECT (SELECT count(*) FROM pith.papers) AS papers, (SELECT count(*) FROM pith.cited_works) AS works;
