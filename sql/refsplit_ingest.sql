-- refsplit_ingest: pith.ingest_paper_text writes a paper's references from
-- its text with stable observation ids (the same text twice changes
-- nothing; a re-extraction that fixes one reference changes only that
-- one), parses and resolves them; a text without references changes
-- nothing and says why; bad arguments are clear errors.  One transaction,
-- rolled back.
BEGIN;
SET LOCAL search_path = pith, public;
\set SHOW_CONTEXT never
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
 ('1810.04805', 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding', 2, '2018-10-11T00:50:01Z', '2019-05-24T20:37:26Z', 'cs.CL', '2026-07-30T09:12:38.100527Z'),
 ('2001.08361', 'Scaling Laws for Neural Language Models', 1, '2020-01-23T03:59:20Z', '2020-01-23T03:59:20Z', 'cs.LG', '2026-07-06T08:52:12.656082Z')
ON CONFLICT (arxiv_id) DO NOTHING;
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
 ('2601.00101', 'A Synthetic Citing Paper', 2, '2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z', 'cs.LG', '2026-08-01T00:00:00Z');

\set v1 'Conclusion\nThat is all.\n\nReferences\n[1] Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. Bert: Pre-training\nof deep bidirectional transformers for language understanding. arXiv preprint\narXiv:1810.04805, 2018.\n[2] Jared Kaplan, Sam McCandlish, Tom Henighan, Tom B. Brown, Benjamin Chess, Rewon Child,\nScott Gray, Alec Radford, Jeffrey Wu, and Dario Amodei. Scaling laws for neural language\nmodels. arXiv preprint arXiv:2001.08361, 2020.\n[3] A. Nobody. A paper that is in no catalog. Journal of Nothing, 3:1-2, 2011.\n'
SELECT pith.ingest_paper_text('2601.00101', 2, E:'v1', '2026-08-02T00:00:00Z');
SELECT r.reference_index, r.observation_id, r.citing_version, r.title, r.year, r.pith_arxiv_id, r.source,
       r.source_observed_at, l.status, l.resolver_source
  FROM pith.paper_references r
  LEFT JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
 WHERE r.citing_arxiv_id = '2601.00101' ORDER BY r.reference_index;
CREATE TEMP TABLE before AS
  SELECT r.*, l.status, l.observed_at AS link_observed_at FROM pith.paper_references r
  LEFT JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
  WHERE r.citing_arxiv_id = '2601.00101';

-- the same text again, later: nothing changes
SELECT pith.ingest_paper_text('2601.00101', 2, E:'v1', '2026-08-03T00:00:00Z');
SELECT count(*) AS rows_differing FROM (
  (SELECT r.*, l.status, l.observed_at FROM pith.paper_references r
     LEFT JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
    WHERE r.citing_arxiv_id = '2601.00101'
   EXCEPT SELECT * FROM before)
  UNION ALL
  (SELECT * FROM before
   EXCEPT SELECT r.*, l.status, l.observed_at FROM pith.paper_references r
     LEFT JOIN pith.paper_reference_links l USING (citing_arxiv_id, observation_id)
    WHERE r.citing_arxiv_id = '2601.00101')) d;

-- a re-extraction that fixes reference 3 only: only its observation changes
\set v2 'Conclusion\nThat is all.\n\nReferences\n[1] Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. Bert: Pre-training\nof deep bidirectional transformers for language understanding. arXiv preprint\narXiv:1810.04805, 2018.\n[2] Jared Kaplan, Sam McCandlish, Tom Henighan, Tom B. Brown, Benjamin Chess, Rewon Child,\nScott Gray, Alec Radford, Jeffrey Wu, and Dario Amodei. Scaling laws for neural language\nmodels. arXiv preprint arXiv:2001.08361, 2020.\n[3] A. Nobody. A paper that is in no catalog. Journal of Nothing, 3:1-9, 2011.\n'
SELECT pith.ingest_paper_text('2601.00101', 2, E:'v2', '2026-08-04T00:00:00Z') - 'state_counts';
SELECT r.reference_index, r.observation_id, r.observation_id IN (SELECT observation_id FROM before) AS kept,
       r.source_observed_at
  FROM pith.paper_references r WHERE r.citing_arxiv_id = '2601.00101' ORDER BY r.reference_index;

-- a text without references: a clear answer, and the stored references stay
SELECT pith.ingest_paper_text('2601.00101', 2, 'A scanned page with no text layer.');
SELECT count(*) FROM pith.paper_references WHERE citing_arxiv_id = '2601.00101';

-- the ids are the documented function of paper, version, text and occurrence
SELECT pith.reference_observation_id('2601.00101v2', 2, 'x') = pith.reference_observation_id('2601.00101', 2, 'x') AS base_id,
       pith.reference_observation_id('2601.00101', 2, 'x') <> pith.reference_observation_id('2601.00101', 1, 'x') AS by_version,
       pith.reference_observation_id('2601.00101', 2, 'x', 2) <> pith.reference_observation_id('2601.00101', 2, 'x') AS by_occurrence,
       substr(pith.reference_observation_id('2601.00101', 2, 'x')::text, 15, 1) AS uuid_version;

-- bad arguments
SAVEPOINT s;
SELECT pith.ingest_paper_text('2601.99999', 1, E:'v1');
\echo :LAST_ERROR_SQLSTATE
ROLLBACK TO s;
SELECT pith.ingest_paper_text('2601.00101', 3, E:'v1');
\echo :LAST_ERROR_SQLSTATE
ROLLBACK TO s;
SELECT pith.ingest_paper_text('2601.00101', 0, E:'v1');
\echo :LAST_ERROR_SQLSTATE
ROLLBACK TO s;
SELECT pith.ingest_paper_text('2601.00101', 1, NULL);
\echo :LAST_ERROR_SQLSTATE
ROLLBACK TO s;
ROLLBACK;
