-- history_as_of: the catalog keeps every snapshot (src/sql/42_history.sql).
-- After the catalog is updated -- a new version of a cited paper with
-- another title, a corrected work title, a retraction event added later --
-- the golden record comes back byte for byte for its as_of, while a record
-- as of now shows the new state and its digests change with it.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
-- from the golden rows alone (other tests may have loaded them already)
BEGIN;
DELETE FROM pith.papers WHERE arxiv_id = '2601.00001';
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
DELETE FROM pith.cited_works
WHERE work_id IN (SELECT (o -> 'citation' -> 'cited_work' ->> 'work_id')::uuid
                  FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
DELETE FROM pith.papers
WHERE arxiv_id = '2506.06472'
   OR arxiv_id IN (SELECT (o -> 'citation' -> 'cited_paper' ->> 'arxiv_id')::pith.arxiv_id
                   FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;
COMMIT;
-- the rows stored by ingest are each paper's and work's first snapshot
SELECT (SELECT count(*) FROM pith.papers_history) AS paper_snapshots,
       (SELECT count(*) FROM pith.cited_works_history) AS work_snapshots,
       (SELECT count(*) FROM pith.paper_versions_history) AS version_rows;

-- 1. the catalog moves on: arXiv:1710.03740 (cited by reference 20) gets a
--    version 4 with another title, the work of reference 39 a corrected
--    title, and Retraction Watch a retraction of that work
UPDATE pith.papers
SET title = 'Mixed Precision Training of Deep Networks', latest_version = 4,
    last_updated = '2026-08-20T10:00:00Z', snapshot_observed_at = '2026-09-01T00:00:00Z'
WHERE arxiv_id = '1710.03740';
INSERT INTO pith.paper_versions (arxiv_id, version, title, submitted_at)
VALUES ('1710.03740', 4, 'Mixed Precision Training of Deep Networks', '2026-08-20T10:00:00Z');
UPDATE pith.cited_works
SET title = 'FlashGPU: Placing New Flash Next to GPU Cores', snapshot_observed_at = '2026-09-02T00:00:00Z'
WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5';
INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at)
VALUES ('02f76510-4e3b-44dd-ae49-1b61de32f4f5', 'retraction_watch', 'retraction', '2026-08-25',
        '10.1145/3316781.3317827.retraction', '2026-09-03T00:00:00Z');
-- the replaced rows, with their validity
SELECT arxiv_id, title, latest_version, iso_utc(snapshot_observed_at) AS observed, iso_utc(valid_until) AS valid_until
FROM pith.papers_history;
SELECT work_id, title, iso_utc(snapshot_observed_at) AS observed, iso_utc(valid_until) AS valid_until
FROM pith.cited_works_history;

-- 2. the golden record, byte for byte, and all its digests
SELECT pith.citation_record_text('2506.06472', '2026-08-08T05:57:00Z') = :'doc' AS golden_byte_for_byte;
SELECT count(*) FILTER (WHERE ok) AS verified, count(*) AS digests
FROM pith.verify_record(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z'));

-- 3. as of now: the new state, sealed with new digests
CREATE TEMP TABLE now_rec AS SELECT pith.citation_record('2506.06472', '2026-09-10T00:00:00Z') AS r;
SELECT o -> 'citation' -> 'reference_index' AS ref,
       o -> 'citation' -> 'cited_paper' ->> 'title' AS cited_paper_title,
       o -> 'citation' -> 'cited_paper' -> 'version' AS version,
       o -> 'citation' -> 'cited_paper' ->> 'snapshot_observed_at' AS cited_paper_snapshot,
       o -> 'citation' -> 'cited_work' ->> 'title' AS cited_work_title,
       o -> 'citation' -> 'cited_work' ->> 'snapshot_observed_at' AS cited_work_snapshot,
       o -> 'standing_notice' -> 'events' AS events,
       o -> 'standing_notice' ->> 'observation' AS observation
FROM now_rec, jsonb_array_elements(r -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' IN ('20', '39')
ORDER BY 1;
-- exactly the two observations that show the changes have new digests,
-- and the record's context digest changed with them
SELECT n.o -> 'citation' -> 'reference_index' AS ref_with_new_digest
FROM now_rec, jsonb_array_elements(r -> 'outbound') WITH ORDINALITY AS n(o, i)
JOIN jsonb_array_elements(:'doc'::jsonb -> 'outbound') WITH ORDINALITY AS g(o, i) USING (i)
WHERE n.o ->> 'observation_digest' <> g.o ->> 'observation_digest'
ORDER BY 1;
SELECT r ->> 'context_digest' <> (:'doc'::jsonb ->> 'context_digest') AS context_digest_changed FROM now_rec;
SELECT count(*) FILTER (WHERE ok) AS verified, count(*) AS digests FROM now_rec, pith.verify_record(r);

-- 4. in between (the paper's new version observed, the work's correction
--    and the event not yet): each row as it stood then
SELECT o -> 'citation' -> 'reference_index' AS ref,
       o -> 'citation' -> 'cited_paper' ->> 'title' AS cited_paper_title,
       o -> 'citation' -> 'cited_work' ->> 'title' AS cited_work_title,
       jsonb_array_length(o -> 'standing_notice' -> 'events') AS events
FROM jsonb_array_elements(pith.citation_record('2506.06472', '2026-09-01T12:00:00Z') -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' IN ('20', '39')
ORDER BY 1;
-- validity is [observed, valid_until): at the very moment of the new
-- snapshot the new row counts, a microsecond before it the old one
SELECT pith.iso_utc(t.at) AS as_of, o -> 'citation' -> 'cited_paper' ->> 'title' AS cited_paper_title
FROM (VALUES ('2026-08-31T23:59:59.999999Z'::timestamptz), ('2026-09-01T00:00:00Z')) AS t(at),
     jsonb_array_elements(pith.citation_record('2506.06472', t.at) -> 'outbound') AS o
WHERE o -> 'citation' -> 'reference_index' = '20'
ORDER BY 1;

-- 5. the paper itself: a plain UPDATE (as the README allows) keeps its old
--    snapshot; the golden record still comes back, a record now shows the
--    new title, and a record before the first snapshot is still refused
UPDATE pith.papers SET title = 'Cost-Efficient LLM Training with Lifetime-Aware Tensor Offloading', latest_version = 2,
       snapshot_observed_at = '2026-09-05T00:00:00Z'
WHERE arxiv_id = '2506.06472';
SELECT pith.citation_record_text('2506.06472', '2026-08-08T05:57:00Z') = :'doc' AS golden_byte_for_byte;
SELECT r -> 'paper' ->> 'title' AS title, r -> 'paper' -> 'latest_version' AS latest_version,
       r -> 'outbound' -> 0 -> 'citation' -> 'citing_paper' ->> 'title' AS citing_paper_title
FROM (SELECT pith.citation_record('2506.06472', '2026-09-10T00:00:00Z') AS r) s;
SELECT pith.citation_record('2506.06472', '2026-08-07T05:00:00Z');
\echo :LAST_ERROR_SQLSTATE
-- the per-paper views follow the same snapshots
SELECT count(*) AS outbound_rows FROM pith.outbound_observations WHERE citing_arxiv_id = '2506.06472';

-- 6. the loaders' way: INSERT ... ON CONFLICT DO UPDATE keeps history too
INSERT INTO pith.cited_works AS w (work_id, title, year, metadata_source, snapshot_observed_at)
VALUES ('02f76510-4e3b-44dd-ae49-1b61de32f4f5', 'FlashGPU: Placing New Flash Next to GPU Cores', 2019,
        'crossref', '2026-09-06T00:00:00Z')
ON CONFLICT (work_id) DO UPDATE
SET title = excluded.title, metadata_source = excluded.metadata_source,
    snapshot_observed_at = excluded.snapshot_observed_at
WHERE w.snapshot_observed_at < excluded.snapshot_observed_at;
SELECT string_agg(metadata_source || ' until ' || iso_utc(valid_until), ', ' ORDER BY valid_until) AS work_snapshots
FROM pith.cited_works_history WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5';
SELECT pith.citation_record_text('2506.06472', '2026-08-08T05:57:00Z') = :'doc' AS golden_byte_for_byte;
-- the golden document loads again and writes nothing: its paper and work
-- rows are compared with the snapshots of their own snapshot_observed_at,
-- which history keeps, not with the later current rows
SELECT pith.ingest_record(:'doc'::jsonb) AS reloaded;
SELECT pith.citation_record_text('2506.06472', '2026-08-08T05:57:00Z') = :'doc' AS golden_byte_for_byte;
-- a document that contradicts a kept snapshot is still refused
SELECT pith.ingest_record(jsonb_set(:'doc'::jsonb, '{outbound,19,citation,cited_paper,title}', '"Another title"'), false);
\echo :LAST_ERROR_SQLSTATE

-- 7. the rules of an UPDATE
-- changing a stored value without a new snapshot_observed_at: refused
UPDATE pith.cited_works SET title = 'Flash GPU' WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5';
\echo :LAST_ERROR_SQLSTATE
UPDATE pith.papers SET latest_version = NULL WHERE arxiv_id = '1710.03740';
-- going back to an earlier snapshot: refused
UPDATE pith.papers SET title = 'Old', snapshot_observed_at = '2026-01-01T00:00:00Z' WHERE arxiv_id = '1710.03740';
-- changing the key: refused
UPDATE pith.papers SET arxiv_id = '1710.03741', snapshot_observed_at = '2026-10-01T00:00:00Z' WHERE arxiv_id = '1710.03740';
UPDATE pith.cited_works SET work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f6' WHERE work_id = '02f76510-4e3b-44dd-ae49-1b61de32f4f5';
-- filling a NULL of the same snapshot completes it: allowed, no history
SELECT count(*) AS paper_snapshots_before FROM pith.papers_history;
UPDATE pith.papers SET primary_category = 'cs.LG' WHERE arxiv_id = '1710.03740';
SELECT primary_category, (SELECT count(*) FROM pith.papers_history) AS paper_snapshots_after
FROM pith.papers WHERE arxiv_id = '1710.03740';
-- an UPDATE that changes nothing writes nothing
UPDATE pith.papers SET title = title;
SELECT count(*) AS paper_snapshots FROM pith.papers_history;

-- 8. paper_versions carries no observation time: its history says when a
--    row was replaced (the transaction's time), once per transaction
BEGIN;
UPDATE pith.paper_versions SET title = 'Mixed precision training (v4)' WHERE arxiv_id = '1710.03740' AND version = 4;
UPDATE pith.paper_versions SET title = 'Mixed Precision Training, v4' WHERE arxiv_id = '1710.03740' AND version = 4;
SELECT arxiv_id, version, title, superseded_at = now() AS superseded_now FROM pith.paper_versions_history;
COMMIT;

-- 9. inbound: a work whose arXiv id was corrected still lists the
--    reference in the record of the paper it named before (refresh_inbound
--    keeps the rows of every paper a work ever named)
INSERT INTO pith.papers (arxiv_id, title, latest_version, snapshot_observed_at)
VALUES ('2601.00001', 'Offloading Revisited', 1, '2026-08-09T09:00:00Z');
INSERT INTO pith.paper_references (observation_id, citing_arxiv_id, citing_version, reference_index,
       raw_text, title, year, source, source_observed_at)
VALUES ('a0000000-0000-4000-8000-000000000002', '2601.00001', 1, 1, 'Cost-Efficient LLM Training, 2025',
        'Cost-Efficient LLM Training', 2025, 'pdf_text', '2026-08-09T10:00:01Z');
INSERT INTO pith.cited_works (work_id, title, arxiv_id, year, metadata_source, snapshot_observed_at)
VALUES ('b0000000-0000-4000-8000-000000000001', 'Cost-Efficient LLM Training', '2506.06472v1', 2025,
        'arxiv', '2026-08-09T10:04:00Z');
INSERT INTO pith.paper_reference_links (observation_id, work_id, status, resolver_source, observed_at, score)
VALUES ('a0000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'verified_exact',
        'pith', '2026-08-09T10:05:00Z', 1);
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[]) AS inbound_rows_written;
-- the work is found to be another paper (a corrected arXiv id)
UPDATE pith.cited_works SET arxiv_id = '2410.06511', title = 'TorchTitan', snapshot_observed_at = '2026-09-07T00:00:00Z'
WHERE work_id = 'b0000000-0000-4000-8000-000000000001';
SELECT pith.refresh_inbound(ARRAY['2601.00001']::pith.arxiv_id[]) AS inbound_rows_written;
SELECT cited_arxiv_id, observation_id FROM pith.inbound_references ORDER BY 1;
SELECT t.paper, t.at,
       jsonb_array_length(pith.citation_record(t.paper, t.at) -> 'inbound') AS inbound
FROM (VALUES ('2506.06472'::pith.arxiv_id, '2026-09-01T00:00:00Z'::timestamptz),
             ('2506.06472', '2026-09-10T00:00:00Z'),
             ('2410.06511', '2026-09-01T00:00:00Z'),
             ('2410.06511', '2026-09-10T00:00:00Z')) AS t(paper, at)
ORDER BY 1, 2;

-- 10. a DELETE takes the paper's or work's history with it
DELETE FROM pith.paper_reference_links WHERE work_id = 'b0000000-0000-4000-8000-000000000001';
DELETE FROM pith.cited_works WHERE work_id = 'b0000000-0000-4000-8000-000000000001';
SELECT count(*) AS history_of_deleted_work FROM pith.cited_works_history
WHERE work_id = 'b0000000-0000-4000-8000-000000000001';

-- 8. pith.citation_records shows every paper with a snapshot valid now: a
--    current snapshot dated in the future leaves the one it replaced valid,
--    and the view holds the record built from it (the same one
--    citation_record gives as of now), not nothing
BEGIN;
UPDATE pith.papers SET title = 'A title observed tomorrow', snapshot_observed_at = now() + interval '1 day'
WHERE arxiv_id = '2506.06472';
SELECT v.record -> 'paper' ->> 'title' AS view_title,
       v.record -> 'paper' ->> 'title' = pith.citation_record('2506.06472') -> 'paper' ->> 'title' AS same_as_now
FROM pith.citation_records v WHERE v.arxiv_id = '2506.06472';
ROLLBACK;

-- leave no golden rows behind: the tests after this one load what they need
BEGIN;
DELETE FROM pith.papers WHERE arxiv_id = '2601.00001';
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
DELETE FROM pith.cited_works
WHERE work_id IN (SELECT (o -> 'citation' -> 'cited_work' ->> 'work_id')::uuid
                  FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
DELETE FROM pith.papers
WHERE arxiv_id = '2506.06472'
   OR arxiv_id IN (SELECT (o -> 'citation' -> 'cited_paper' ->> 'arxiv_id')::pith.arxiv_id
                   FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
COMMIT;
SELECT (SELECT count(*) FROM pith.papers_history) AS paper_snapshots,
       (SELECT count(*) FROM pith.cited_works_history) AS work_snapshots,
       (SELECT count(*) FROM pith.paper_versions_history) AS version_rows;
