-- bench/scale/synthetic.sql -- a synthetic catalog for bench/scale/run, the
-- same rows in every layout: :n papers with 30 references each (the first 10
-- cite other synthetic papers by arXiv id, so every paper has inbound
-- observations), 500 works, links for every second reference, two standing
-- receipts per work.  Plain INSERT ... SELECT, so it also runs on Citus.
-- Paper i is 2601.i for i <= 99,999, then 2602.(i - 99,999) and so on (up to
-- 899,991 papers, 27M references: bench/scale/sizes's 10M-reference run).
SET client_min_messages = warning;
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated,
                         primary_category, snapshot_observed_at)
SELECT ('260' || (1 + (i - 1) / 99999) || '.' || lpad((1 + (i - 1) % 99999)::text, 5, '0'))::pith.arxiv_id, 'Synthetic paper ' || i, 1,
       '2026-01-05T10:00:00Z', '2026-01-05T10:00:00Z', 'cs.DC', '2026-02-01T00:00:00Z'
FROM generate_series(1, :n) AS i;
INSERT INTO pith.cited_works (work_id, title, venue, year, metadata_source, snapshot_observed_at)
SELECT md5('work' || k)::uuid, 'Synthetic work ' || k, 'Venue ' || (k % 17), 2000 + k % 25,
       'crossref', '2026-02-02T00:00:00Z'
FROM generate_series(1, 500) AS k;
INSERT INTO pith.retraction_status_cache (work_id, source, observed_at)
SELECT md5('work' || k)::uuid, s, '2026-02-03T00:00:00Z'
FROM generate_series(1, 500) AS k, unnest(ARRAY['crossref', 'retraction_watch']) AS s;
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
                                   raw_text, title, year, pith_arxiv_id, source, source_observed_at)
SELECT md5('ref' || i || '/' || j)::uuid, ('260' || (1 + (i - 1) / 99999) || '.' || lpad((1 + (i - 1) % 99999)::text, 5, '0'))::pith.arxiv_id, 1, j,
       'A. Author. Synthetic reference ' || j || ' of paper ' || i || '. 2025.',
       'Synthetic reference ' || j || ' of paper ' || i, 2025,
       CASE WHEN j <= 10 THEN ('260' || (1 + ((i * 7 + j * 13) % :n) / 99999) || '.' || lpad((1 + ((i * 7 + j * 13) % :n) % 99999)::text, 5, '0'))::pith.arxiv_id END,
       'pdf_text', '2026-02-01T00:00:00Z'
FROM generate_series(1, :n) AS i, generate_series(1, 30) AS j;
INSERT INTO pith.paper_reference_links (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
SELECT ('260' || (1 + (i - 1) / 99999) || '.' || lpad((1 + (i - 1) % 99999)::text, 5, '0'))::pith.arxiv_id, md5('ref' || i || '/' || j)::uuid, md5('work' || (1 + (i * j) % 500))::uuid, 'verified_fuzzy',
       'bench', '2026-02-04T00:00:00Z', 0.9
FROM generate_series(1, :n) AS i, generate_series(2, 30, 2) AS j;
-- written by hand: the inbound side keyed by the cited papers too
SELECT pith.refresh_inbound() AS inbound_rows;
