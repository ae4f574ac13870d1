-- record_golden: the golden file loaded with pith.ingest_record() comes back
-- out of pith.citation_record() byte for byte, every digest verifies, and
-- loading it twice changes nothing.
SET search_path = pith, public;
\set doc `cat test/data/golden_2506.06472.json`

-- start from no golden rows at all (other tests may have loaded it already)
BEGIN;
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
DELETE FROM pith.cited_works
WHERE work_id IN (SELECT (o -> 'citation' -> 'cited_work' ->> 'work_id')::uuid
                  FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
DELETE FROM pith.papers
WHERE arxiv_id = '2506.06472'
   OR arxiv_id IN (SELECT (o -> 'citation' -> 'cited_paper' ->> 'arxiv_id')::pith.arxiv_id
                   FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
SELECT pith.ingest_record(:'doc'::jsonb);
COMMIT;
-- a second load inserts nothing
SELECT pith.ingest_record(:'doc'::jsonb);

-- the canonical text of the record is the golden file, byte for byte
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes,
       octet_length(pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'))) AS bytes,
       octet_length(:'doc') AS golden_file_bytes;

-- all 40 digests verify
SELECT count(*) AS digests, count(*) FILTER (WHERE ok) AS ok
FROM pith.verify_record(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'));

-- the digests are the golden ones
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z') ->> 'context_digest' AS context_digest;
SELECT o ->> 'observation_digest' AS first_observation_digest
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z') -> 'outbound') WITH ORDINALITY AS a(o, n)
WHERE n = 1;

-- a versioned identifier asks for the paper's record
SELECT pith.citation_record('2506.06472v1', '2026-08-08T05:57:00Z') = pith.citation_record('2506.06472', '2026-08-08T05:57:00Z') AS version_ignored;

-- the rows it loaded
SELECT (SELECT count(*) FROM pith.papers WHERE snapshot_observed_at < '2026-08-08') AS papers,
       (SELECT count(*) FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472') AS refs,
       (SELECT count(*) FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id)
         WHERE r.citing_arxiv_id = '2506.06472') AS links,
       (SELECT count(*) FROM pith.cited_works w
         WHERE EXISTS (SELECT 1 FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id)
                       WHERE l.work_id = w.work_id AND r.citing_arxiv_id = '2506.06472')) AS works;

-- the 11 cited papers came in as papers, latest_version = the cited version
SELECT arxiv_id, latest_version, primary_category IS NULL AS category_unknown, title
FROM pith.papers
WHERE arxiv_id IN (SELECT pith.arxiv_base(pith_arxiv_id) FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472')
ORDER BY arxiv_id;

-- an unlinked reference keeps its own title, year and arXiv id
SELECT reference_index, title, raw_text = title AS raw_is_title, year, pith_arxiv_id
FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472' AND reference_index IN (3, 9)
ORDER BY reference_index;
