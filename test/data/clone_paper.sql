-- test/data/clone_paper.sql -- test-only helper (schema pith_test, never part
-- of the extension): pith_test.clone_paper(src, dst, copies) copies paper src
-- and its references, links, receipts and events into a new paper dst with
-- `copies` times as many references.  Observation ids are derived from dst
-- (md5), so the same call always produces the same rows and records.
CREATE SCHEMA IF NOT EXISTS pith_test;

CREATE OR REPLACE FUNCTION pith_test.clone_paper(src pith.arxiv_id, dst pith.arxiv_id, copies int DEFAULT 1)
RETURNS bigint
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    step int;
    n bigint;
BEGIN
    INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated,
                             primary_category, snapshot_observed_at)
    SELECT dst, 'Clone ' || dst::text || ' of ' || p.title, p.latest_version, p.submitted_at,
           p.last_updated, p.primary_category, p.snapshot_observed_at
      FROM pith.papers p WHERE p.arxiv_id = src;
    SELECT max(reference_index) INTO step FROM pith.paper_references WHERE citing_arxiv_id = src;
    INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
                                       raw_text, title, year, pith_arxiv_id, doi, source, source_observed_at)
    SELECT md5(dst::text || '/' || c || '/' || r.observation_id::text)::uuid, dst, r.citing_version,
           (c - 1) * step + r.reference_index, r.raw_text, r.title, r.year, r.pith_arxiv_id, r.doi,
           r.source, r.source_observed_at
      FROM pith.paper_references r, generate_series(1, copies) c
     WHERE r.citing_arxiv_id = src;
    GET DIAGNOSTICS n = ROW_COUNT;
    INSERT INTO pith.paper_reference_links (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
    SELECT dst, md5(dst::text || '/' || c || '/' || l.observation_id::text)::uuid, l.work_id, l.status,
           l.resolver_source, l.observed_at, l.score
      FROM pith.paper_reference_links l
      JOIN pith.paper_references r ON r.observation_id = l.observation_id
     CROSS JOIN generate_series(1, copies) c
     WHERE r.citing_arxiv_id = src;
    PERFORM pith.refresh_inbound(ARRAY[dst]);
    RETURN n;
END
$fn$;
