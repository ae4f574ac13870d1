-- record_inbound: other papers' references to a paper appear in its
-- record's inbound list, byte-identical (digest included) to the same
-- observation in the citing paper's own outbound list.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;

-- two citing papers, observed after the golden record's as_of
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
    ('2601.00001', 'Offloading Revisited', 2, '2026-01-02T10:00:00Z', '2026-02-03T11:00:00.5Z', 'cs.LG', '2026-08-09T09:00:00Z'),
    ('2601.00002', 'Tensor Lifetimes in Practice', 1, '2026-01-05T08:00:00Z', '2026-01-05T08:00:00Z', 'cs.DC', '2026-08-09T09:00:00Z');
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year, pith_arxiv_id, source, source_observed_at) VALUES
    -- names the golden paper by its arXiv id, not resolved
    ('a0000000-0000-4000-8000-000000000001', '2601.00001', 2, 1, 'Cost-efficient LLM training... arXiv:2506.06472, 2025', 'Cost-efficient LLM training with lifetime-aware tensor offloading', 2025, '2506.06472', 'pdf_text', '2026-08-09T10:00:00Z'),
    -- no arXiv id in the text, but linked to a work that is the golden paper
    ('a0000000-0000-4000-8000-000000000002', '2601.00001', 2, 2, 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading via GPUDirect Storage, 2025', 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading via GPUDirect Storage', 2025, NULL, 'pdf_text', '2026-08-09T10:00:01Z'),
    -- cites BERT, not the golden paper
    ('a0000000-0000-4000-8000-000000000003', '2601.00001', 2, 3, 'BERT. arXiv:1810.04805', 'BERT', 2018, '1810.04805', 'pdf_text', '2026-08-09T10:00:02Z'),
    -- names a version of the golden paper
    ('a0000000-0000-4000-8000-000000000004', '2601.00001', 2, 4, 'arXiv:2506.06472v1', NULL, NULL, '2506.06472v1', 'pdf_text', '2026-08-09T10:00:03Z'),
    ('a0000000-0000-4000-8000-000000000005', '2601.00002', 1, 7, 'GPUDirect offloading, arXiv:2506.06472', 'GPUDirect offloading', 2025, '2506.06472', 'pdf_text', '2026-08-09T10:01:00Z');
INSERT INTO pith.cited_works (work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at) VALUES
    ('b0000000-0000-4000-8000-000000000001', 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading via GPUDirect Storage',
     '10.48550/arXiv.2506.06472', '2506.06472v1', NULL, 2025, 'arxiv', '2026-08-09T10:04:00Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score) VALUES
    ('a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'verified_exact', 'pith', '2026-08-09T10:05:00Z', 1.0);
INSERT INTO pith.retraction_status_cache (work_id, source, observed_at) VALUES
    ('b0000000-0000-4000-8000-000000000001', 'crossref', '2026-08-09T11:00:00Z');

-- rows written by hand reach the inbound side once refreshed: until then
-- the golden paper's record lists none of them
SELECT jsonb_array_length(pith.citation_record('2506.06472', '2026-08-10T00:00:00Z') -> 'inbound') AS inbound_before_refresh;
SELECT pith.refresh_inbound(ARRAY['2601.00001', '2601.00002']::pith.arxiv_id[]) AS inbound_rows_written;
-- one row per (cited paper, reference): four for the golden paper, one for BERT
SELECT cited_arxiv_id, citing_arxiv_id, reference_index, link IS NOT NULL AS has_link
FROM pith.inbound_references WHERE citing_arxiv_id IN ('2601.00001', '2601.00002')
ORDER BY 1, 2, 3;
-- a second refresh writes nothing
SELECT pith.refresh_inbound(ARRAY['2601.00001', '2601.00002']::pith.arxiv_id[]) AS rewritten;

-- the golden record at its own as_of is unchanged
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_unchanged;

CREATE TEMP TABLE golden_later AS
SELECT pith.citation_record('2506.06472', '2026-08-10T00:00:00Z') AS r;

-- four inbound observations, ordered by citing paper then reference index
SELECT o -> 'citation' -> 'citing_paper' ->> 'arxiv_id' AS citing, o -> 'citation' -> 'reference_index' AS ref,
       o -> 'citation' -> 'cited_work' ->> 'pith_arxiv_id' AS pith_arxiv_id,
       o -> 'citation' -> 'cited_work' ->> 'arxiv_id' AS work_arxiv_id,
       o -> 'citation' -> 'cited_paper' ->> 'arxiv_id' AS cited_paper,
       o -> 'links' AS links, o -> 'resolution' ->> 'status' AS status
FROM golden_later, jsonb_array_elements(r -> 'inbound') AS o;

-- each is byte-identical (digest included) to the citing paper's outbound entry
SELECT i ->> 'observation_id' AS observation_id,
       pith.canonical_json(i) = pith.canonical_json(o) AS same_bytes,
       i ->> 'observation_digest' = pith.observation_digest(i) AS digest_ok
FROM golden_later, jsonb_array_elements(r -> 'inbound') AS i
JOIN LATERAL (
    SELECT x AS o
    FROM jsonb_array_elements(pith.citation_record((i -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id,
                                                   '2026-08-10T00:00:00Z') -> 'outbound') AS x
    WHERE x ->> 'observation_id' = i ->> 'observation_id') m ON true
ORDER BY 1;

-- the cited paper in an inbound observation is the paper itself, at its latest version
SELECT i -> 'citation' -> 'cited_paper' AS cited_paper
FROM golden_later, jsonb_array_elements(r -> 'inbound') AS i
WHERE i ->> 'observation_id' = 'a0000000-0000-4000-8000-000000000001';
-- the linked one carries its work and a measured notice
SELECT i -> 'citation' -> 'cited_work' AS cited_work, i -> 'standing_notice' AS notice, i -> 'resolution' AS resolution
FROM golden_later, jsonb_array_elements(r -> 'inbound') AS i
WHERE i ->> 'observation_id' = 'a0000000-0000-4000-8000-000000000002';

-- coverage and thesis count them; outbound is unchanged
SELECT c -> 'denominator' AS denominator, c -> 'records_observed' AS observed, c ->> 'source_observed_at' AS source_observed_at
FROM golden_later, jsonb_array_elements(r -> 'coverage') AS c WHERE c ->> 'lane' = 'inbound_itemization';
SELECT r ->> 'thesis' AS thesis, r -> 'outbound' = (:'doc'::jsonb -> 'outbound') AS outbound_unchanged FROM golden_later;

-- inbound_cap itemizes fewer, the denominator stays
SELECT jsonb_array_length(r -> 'inbound') AS itemized, r -> 'coverage' -> 2 -> 'denominator' AS denominator,
       r -> 'coverage' -> 2 ->> 'source_observed_at' AS source_observed_at, r ->> 'thesis' AS thesis
FROM (SELECT pith.citation_record('2506.06472', '2026-08-10T00:00:00Z', inbound_cap => 2) AS r) s;

-- before the link was observed (10:05), the linked reference is not inbound yet
SELECT array_agg(i ->> 'observation_id' ORDER BY i ->> 'observation_id') AS inbound_at_10_02
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-08-09T10:02:00Z') -> 'inbound') AS i;

-- a golden observation is inbound for the paper it cites: BERT's record
-- holds golden reference 3 with exactly the golden file's digest
SELECT i -> 'citation' -> 'citing_paper' ->> 'arxiv_id' AS citing, i ->> 'observation_digest' AS digest,
       i = (SELECT o FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o WHERE o ->> 'observation_id' = i ->> 'observation_id') AS same_as_golden
FROM jsonb_array_elements(pith.citation_record('1810.04805', '2026-08-08T05:57:00Z') -> 'inbound') AS i;

-- the views hold the same objects as the records
SELECT count(*) AS inbound_rows,
       bool_and(v.observation = (SELECT x FROM jsonb_array_elements(pith.citation_record('2506.06472') -> 'inbound') AS x
                                 WHERE x ->> 'observation_id' = v.observation_id::text)) AS same_as_record,
       bool_and(v.observation = (SELECT o.observation FROM pith.outbound_observations o
                                 WHERE o.citing_arxiv_id = v.citing_arxiv_id AND o.reference_index = v.reference_index)) AS same_as_outbound_view
FROM pith.inbound_observations v
WHERE v.cited_arxiv_id = '2506.06472';
SELECT v.citing_arxiv_id, v.reference_index, v.observation_id
FROM pith.inbound_observations v WHERE v.cited_arxiv_id = '2506.06472'
ORDER BY 1, 2;
SELECT count(*) AS outbound_rows,
       bool_and(v.observation = (SELECT x FROM jsonb_array_elements(pith.citation_record('2506.06472') -> 'outbound') AS x
                                 WHERE x ->> 'observation_id' = v.observation_id::text)) AS same_as_record
FROM pith.outbound_observations v
WHERE v.citing_arxiv_id = '2506.06472';
SELECT c.record = pith.citation_record('2601.00001') AS view_is_record
FROM pith.citation_records c WHERE c.arxiv_id = '2601.00001';

-- the inbound lookup is keyed by the cited id: index scans of the rows
-- keyed by the paper, no scan of other papers' references
SET enable_seqscan = off;
EXPLAIN (COSTS OFF)
SELECT ib.observation_id FROM pith.inbound_references ib
WHERE ib.cited_arxiv_id = '2506.06472'
ORDER BY ib.citing_arxiv_id, ib.reference_index;
RESET enable_seqscan;

-- the rows follow the references and links they copy
BEGIN;
-- a reference deleted by hand disappears on refresh
DELETE FROM pith.paper_references WHERE observation_id = 'a0000000-0000-4000-8000-000000000005';
SELECT pith.refresh_inbound(ARRAY['2601.00002']::pith.arxiv_id[]) AS removed;
-- a link moved to another work: the old paper loses the row, the new one gains it
INSERT INTO pith.cited_works (work_id, title, arxiv_id, metadata_source, snapshot_observed_at)
VALUES ('b0000000-0000-4000-8000-000000000009', 'BERT', '1810.04805', 'arxiv', '2026-08-09T10:04:00Z');
UPDATE pith.paper_reference_links SET work_id = 'b0000000-0000-4000-8000-000000000009'
WHERE observation_id = 'a0000000-0000-4000-8000-000000000002';
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[]) AS moved;
SELECT cited_arxiv_id, citing_arxiv_id, reference_index
FROM pith.inbound_references WHERE citing_arxiv_id IN ('2601.00001', '2601.00002')
ORDER BY 1, 2, 3;
-- prune => false only adds: the moved link's old row stays until a pruning refresh
UPDATE pith.paper_reference_links SET work_id = 'b0000000-0000-4000-8000-000000000001'
WHERE observation_id = 'a0000000-0000-4000-8000-000000000002';
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[], prune => false) AS added_only;
SELECT count(*) AS rows_for_the_reference FROM pith.inbound_references
WHERE observation_id = 'a0000000-0000-4000-8000-000000000002';
-- a pruning refresh removes it, and BERT's record no longer lists the reference
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[]) AS pruned;
SELECT count(*) AS rows_for_the_reference FROM pith.inbound_references
WHERE observation_id = 'a0000000-0000-4000-8000-000000000002';
SELECT o -> 'citation' -> 'citing_paper' ->> 'arxiv_id' AS citing, o -> 'citation' -> 'reference_index' AS ref
FROM jsonb_array_elements(pith.citation_record('1810.04805', '2026-08-10T00:00:00Z') -> 'inbound') AS o
WHERE o -> 'citation' -> 'citing_paper' ->> 'arxiv_id' = '2601.00001';
-- every paper at once (NULL), and nulls are refused where they mean nothing
SELECT pith.refresh_inbound() >= 0 AS rebuilt;
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[], NULL);
ROLLBACK;

-- a paper's reference to itself is outbound only, never inbound
BEGIN;
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index, title, pith_arxiv_id, source, source_observed_at)
VALUES ('a0000000-0000-4000-8000-000000000009', '2601.00002', 1, 8, 'Our earlier version', '2601.00002v1', 'pdf_text', '2026-08-09T10:02:00Z');
SELECT pith.refresh_inbound(ARRAY['2601.00002']::pith.arxiv_id[]) AS self_rows;
SELECT jsonb_array_length(r -> 'outbound') AS outbound, jsonb_array_length(r -> 'inbound') AS inbound
FROM (SELECT pith.citation_record('2601.00002', '2026-08-10T00:00:00Z') AS r) s;
ROLLBACK;
