-- data.sql -- benchmark data for bench/record: synthetic papers with n
-- references each, shaped like the golden record (about half linked to
-- raw_reference works with two standing-source receipts, a quarter naming
-- arXiv papers in the catalog, the rest unresolved), plus a few inbound
-- references to each.  Deterministic: the same rows every run.
SET search_path = pith, public;

CREATE FUNCTION pg_temp.bench_paper(id text, n int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    base timestamptz := '2026-08-07T06:00:00Z';
BEGIN
    INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at)
    VALUES (id::pith.arxiv_id, 'Benchmark paper with ' || n || ' references', 2, '2026-01-01T00:00:00Z', '2026-02-01T12:00:00.5Z', 'cs.DB', '2026-08-07T05:00:00Z');
    -- cited arXiv papers (a quarter of the references name one)
    INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, snapshot_observed_at)
    SELECT format('%s.%s', 2400 + (i % 12) + 1, lpad((i + n * 10)::text, 5, '0'))::pith.arxiv_id,
           'Cited paper number ' || i, 1 + i % 3, '2024-01-01T00:00:00Z'::timestamptz + i * interval '1 day',
           '2024-06-01T00:00:00Z'::timestamptz + i * interval '1 day', '2026-07-06T06:03:37.247241Z'
    FROM generate_series(1, n) AS i WHERE i % 4 = 3
    ON CONFLICT DO NOTHING;
    INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year, pith_arxiv_id, source, source_observed_at)
    SELECT md5(id || ':' || i)::uuid, id::pith.arxiv_id, 1, i,
           'Reference ' || i || ' of ' || id || ': A study of “things” — part ' || i || ', 2021',
           'Reference ' || i || ' of ' || id || ': A study of “things” — part ' || i || ', 2021',
           2000 + i % 25,
           CASE WHEN i % 4 = 3 THEN format('%s.%s', 2400 + (i % 12) + 1, lpad((i + n * 10)::text, 5, '0'))::pith.arxiv_id END,
           'pdf_text', base + i * interval '6113 microseconds'
    FROM generate_series(1, n) AS i;
    -- half of them linked to a work made from the raw reference
    INSERT INTO pith.cited_works (work_id, title, year, metadata_source, snapshot_observed_at)
    SELECT md5('work:' || id || ':' || i)::uuid, 'Reference ' || i || ' of ' || id || ', 2021', 2000 + i % 25,
           'raw_reference', base + interval '5 seconds' + i * interval '7 microseconds'
    FROM generate_series(1, n) AS i WHERE i % 4 IN (0, 1);
    INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
    SELECT md5(id || ':' || i)::uuid, md5('work:' || id || ':' || i)::uuid, 'verified_fuzzy', 'raw_fallback',
           base + interval '6 seconds' + i * interval '11 microseconds', 0.9
    FROM generate_series(1, n) AS i WHERE i % 4 IN (0, 1);
    INSERT INTO pith.retraction_status_cache (work_id, source, observed_at)
    SELECT md5('work:' || id || ':' || i)::uuid, s, base + interval '34 minutes' + i * interval '13 microseconds'
    FROM generate_series(1, n) AS i, unnest(ARRAY['crossref', 'retraction_watch']) AS s WHERE i % 4 IN (0, 1);
    -- every 50th linked work has a correction on record
    INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, observed_at)
    SELECT md5('work:' || id || ':' || i)::uuid, 'crossref', 'correction', '2022-03-01', base + interval '35 minutes'
    FROM generate_series(1, n) AS i WHERE i % 4 IN (0, 1) AND i % 50 = 0;
    -- two measurement sources
    INSERT INTO pith.citation_measurements (arxiv_id, source, cited_by_count, measured_at) VALUES
        (id::pith.arxiv_id, 'openalex', n / 10, '2026-08-01T00:00:00Z'),
        (id::pith.arxiv_id, 'semantic_scholar', n / 8, '2026-08-02T00:00:00Z');
END $$;

SELECT pg_temp.bench_paper('2609.00100', 100);
SELECT pg_temp.bench_paper('2609.00300', 300);
SELECT pg_temp.bench_paper('2609.01000', 1000);

-- a few inbound references: the small papers cite the big one (within the
-- benchmark's as_of) and the golden one (after it, so that the golden
-- record stays the golden file)
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, title, year, pith_arxiv_id, source, source_observed_at)
SELECT md5('in:' || c || ':' || t)::uuid, c::pith.arxiv_id, 1, 1000 + k, 'Inbound reference', 2026, t::pith.arxiv_id, 'pdf_text', at
FROM (VALUES ('2609.00100', '2609.01000', 1, '2026-08-07T07:00:00Z'::timestamptz),
             ('2609.00300', '2609.01000', 1, '2026-08-07T07:00:00Z'),
             ('2609.00100', '2506.06472', 2, '2026-08-09T00:00:00Z'),
             ('2609.00300', '2506.06472', 2, '2026-08-09T00:00:00Z')) AS v(c, t, k, at);
-- the rows above were written by hand: their inbound side too
SELECT pith.refresh_inbound() AS inbound_rows;
ANALYZE;
