-- test/data/concurrency_docs.sql -- the papers behind the nine documents of
-- the concurrency tests (test/t/002_concurrency.pl on one server,
-- test/checks/scale_citus_concurrency.sh on Citus): eight clones of the
-- golden paper (test/data/clone_paper.sql must be loaded, and the golden
-- record ingested), each with one more reference that cites the golden
-- paper, so ingests share papers, works and inbound rows.
SELECT pith_test.clone_paper('2506.06472', format('2601.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1)
  FROM generate_series(1, 8) k;
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
       raw_text, title, year, pith_arxiv_id, source, source_observed_at)
SELECT md5('inbound' || k)::uuid, format('2601.%s', lpad(k::text, 5, '0'))::pith.arxiv_id, 1, 40,
       'Cost-efficient LLM training. arXiv:2506.06472', 'Cost-efficient LLM training', 2025,
       '2506.06472', 'pdf_text', '2026-08-07T07:00:00Z'
  FROM generate_series(1, 8) k;
-- written by hand: their inbound side too
SELECT pith.refresh_inbound();
