-- refsplit_golden: the whole path text -> references -> parse -> resolve on
-- a real paper, arXiv:2506.06472: its 39 references laid out as pdftotext
-- lays out the PDF (test/data/refsplit_2506.06472.txt, written by
-- test/data/make_refsplit_texts.py), with a catalog holding the 15 arXiv
-- papers among the works it cites.  Checks that every reference comes back
-- with its own text (test/data/refsplit_2506.06472.refs) and which state
-- each reaches.  One transaction, rolled back.
BEGIN;
SET LOCAL search_path = pith, public;
\set text `cat test/data/refsplit_2506.06472.txt`
\set refs `cat test/data/refsplit_2506.06472.refs`
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
 ('2506.06472', 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading via GPUDirect Storage', 1, '2025-06-06T18:57:20Z', '2025-06-06T18:57:20Z', 'cs.DC', '2026-08-07T05:53:41.891682Z'),
 ('1810.04805', 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding', 2, '2018-10-11T00:50:01Z', '2019-05-24T20:37:26Z', 'cs.CL', '2026-07-30T09:12:38.100527Z'),
 ('2407.21783', 'The Llama 3 Herd of Models', 3, '2024-07-31T17:54:27Z', '2024-11-23T23:27:33Z', 'cs.AI', '2026-07-06T18:55:11.576666Z'),
 ('2001.08361', 'Scaling Laws for Neural Language Models', 1, '2020-01-23T03:59:20Z', '2020-01-23T03:59:20Z', 'cs.LG', '2026-07-06T08:52:12.656082Z'),
 ('1807.02037', 'TFLMS: Large Model Support in TensorFlow by Graph Rewriting', 2, '2018-07-05T14:56:39Z', '2019-10-02T06:54:46Z', 'cs.LG', '2026-08-05T09:05:28.183733Z'),
 ('2410.06511', 'TorchTitan: One-stop PyTorch native solution for production ready LLM pre-training', 3, '2024-10-09T03:26:11Z', '2025-06-07T19:16:22Z', 'cs.CL', '2026-08-07T00:12:09.462694Z'),
 ('2403.06504', 'LoHan: Low-Cost High-Performance Framework to Fine-Tune 100B Model on a Consumer GPU', 2, '2024-03-11T08:25:53Z', '2024-12-24T13:41:08Z', NULL, '2026-07-06T17:42:29.208344Z'),
 ('1812.06162', 'An Empirical Model of Large-Batch Training', 1, '2018-12-14T20:49:09Z', '2018-12-14T20:49:09Z', 'cs.LG', '2026-07-06T07:21:19.842962Z'),
 ('1710.03740', 'Mixed Precision Training', 3, '2017-10-10T17:42:04Z', '2018-02-15T20:04:02Z', 'cs.AI', '2026-07-06T06:03:37.247241Z'),
 ('2303.02868', 'Angel-PTM: A Scalable and Economical Large-scale Pre-training System in Tencent', 1, '2023-03-06T03:36:26Z', '2023-03-06T03:36:26Z', NULL, '2026-07-31T13:29:57.932652Z'),
 ('2002.05645', 'Training Large Neural Networks with Constant Memory using a New Execution Algorithm', 5, '2020-02-13T17:29:47Z', '2020-06-05T03:00:26Z', NULL, '2026-07-06T08:57:05.093819Z'),
 ('2408.10013', 'SSDTrain: An Activation Offloading Framework to SSDs for Faster Large Language Model Training', 2, '2024-08-19T14:09:48Z', '2025-02-15T22:39:05Z', NULL, '2026-07-06T19:02:51.711095Z'),
 ('1811.06965', 'GPipe: Efficient Training of Giant Neural Networks using Pipeline Parallelism', 5, '2018-11-16', '2019-07-25', 'cs.CV', DEFAULT),
 ('1910.10683', 'Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer', 4, '2019-10-23', '2023-09-19', 'cs.LG', DEFAULT),
 ('2104.07857', 'ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning', 1, '2021-04-16', '2021-04-16', 'cs.DC', DEFAULT),
 ('2212.09748', 'Scalable Diffusion Models with Transformers', 2, '2022-12-19', '2023-03-02', 'cs.CV', DEFAULT)
ON CONFLICT (arxiv_id) DO NOTHING;

-- the split: 39 references, each one's own text (one differs only where
-- the line-end hyphen repair joins "Zero-" and "infinity" as the parser would)
SELECT count(*) AS references, count(*) FILTER (WHERE s.raw_text = g.raw) AS same_text
  FROM pith.split_references(:'text') s
  JOIN unnest(string_to_array(rtrim(:'refs', E'\n'), E'\n')) WITH ORDINALITY g(raw, i) ON g.i = s.reference_index;
SELECT s.reference_index, s.raw_text, g.raw
  FROM pith.split_references(:'text') s
  JOIN unnest(string_to_array(rtrim(:'refs', E'\n'), E'\n')) WITH ORDINALITY g(raw, i) ON g.i = s.reference_index
 WHERE s.raw_text <> g.raw;

-- text -> references -> parse -> resolve (whatever an earlier test loaded
-- for this paper goes first, so the summary is the same in any order)
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
SELECT pith.ingest_paper_text('2506.06472', 1, :'text', '2026-08-07T06:00:32.204819Z') - 'reason';
SELECT r.reference_index, l.status, w.arxiv_id AS linked_arxiv_id, r.pith_arxiv_id, r.year
  FROM pith.paper_references r
  JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
  LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
 WHERE r.citing_arxiv_id = '2506.06472'
 ORDER BY r.reference_index;
-- of the references whose work the catalog holds, how many reach verified_*
SELECT count(*) FILTER (WHERE l.status IN ('verified_exact', 'verified_fuzzy')) AS verified, count(*) AS in_catalog
  FROM pith.paper_references r
  JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
 WHERE r.citing_arxiv_id = '2506.06472'
   AND r.reference_index IN (3, 4, 9, 14, 16, 17, 18, 19, 20, 22, 24, 25, 28, 29, 36);
ROLLBACK;
