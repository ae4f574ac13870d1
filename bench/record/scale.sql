-- scale.sql -- grow the catalog around the benchmark papers about 100-fold:
-- 100 other papers with 1,440 references each (about 100 times the
-- references the benchmark loads), half of them linked to their own works
-- with two standing-source receipts each.  Nothing here names a benchmark
-- paper, so every record's bytes stay the same: only the tables grow.
SET search_path = pith, public;
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, snapshot_observed_at)
SELECT format('2701.%s', lpad(p::text, 5, '0'))::pith.arxiv_id, 'Catalog paper ' || p, 1,
       '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-08-01T00:00:00Z'
FROM generate_series(1, 100) AS p;
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, title, year, source, source_observed_at)
SELECT md5('scale:' || p || ':' || i)::uuid, format('2701.%s', lpad(p::text, 5, '0'))::pith.arxiv_id, 1, i,
       'Catalog reference ' || i || ' of paper ' || p, 2000 + i % 25, 'pdf_text', '2026-08-01T00:00:00Z'
FROM generate_series(1, 100) AS p, generate_series(1, 1440) AS i;
INSERT INTO pith.cited_works (work_id, title, year, metadata_source, snapshot_observed_at)
SELECT md5('scale-work:' || p || ':' || i)::uuid, 'Catalog reference ' || i || ' of paper ' || p, 2000 + i % 25,
       'raw_reference', '2026-08-01T00:00:00Z'
FROM generate_series(1, 100) AS p, generate_series(1, 1440) AS i WHERE i % 2 = 0;
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score, citing_arxiv_id)
SELECT md5('scale:' || p || ':' || i)::uuid, md5('scale-work:' || p || ':' || i)::uuid, 'verified_fuzzy', 'raw_fallback',
       '2026-08-01T00:00:00Z', 0.9, format('2701.%s', lpad(p::text, 5, '0'))::pith.arxiv_id
FROM generate_series(1, 100) AS p, generate_series(1, 1440) AS i WHERE i % 2 = 0;
INSERT INTO pith.retraction_status_cache (work_id, source, observed_at)
SELECT md5('scale-work:' || p || ':' || i)::uuid, s, '2026-08-01T00:00:00Z'
FROM generate_series(1, 100) AS p, generate_series(1, 1440) AS i, unnest(ARRAY['crossref', 'retraction_watch']) AS s
WHERE i % 2 = 0;
ANALYZE;
