-- scale_ingest_records: pith.ingest_records() loads many documents as
-- pith.ingest_record() loads them one after the other: the golden file back
-- byte for byte, idempotent, every refusal of ingest_record (with its
-- SQLSTATE) for the documents it refuses while the others load -- also a
-- document that contradicts another one of the same batch.  And
-- pith.ingest_catalog() writes the catalog only; pith.undistribute() does
-- nothing where nothing is distributed.  Everything in one transaction,
-- rolled back.
SET search_path = pith, public;
\set doc `cat test/data/golden_2506.06472.json`
\set ss `cat test/data/smartswap_record.json`
BEGIN;
SET LOCAL client_min_messages = warning;    -- the tables the CASCADE reaches vary
TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works, pith.paper_reference_links,
         pith.scholarly_work_events, pith.retraction_status_cache, pith.citation_measurements,
         pith.inbound_references, pith.cited_work_authors, pith.paper_write_locks CASCADE;
RESET client_min_messages;

-- the serial answer: ingest_record, one document after the other
SAVEPOINT empty;
SELECT pith.ingest_record(:'doc'::jsonb) IS NOT NULL AS golden, pith.ingest_record(:'ss'::jsonb) IS NOT NULL AS smartswap;
-- (kept in psql variables: the savepoint's rollback keeps those)
SELECT md5(string_agg(p.arxiv_id::text || ' ' || pith.canonical_json(pith.citation_record(p.arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000)),
                      ',' ORDER BY p.arxiv_id::text)) AS serial_records,
       (SELECT count(*) FROM pith.papers) || ' ' || (SELECT count(*) FROM pith.paper_references) || ' '
       || (SELECT count(*) FROM pith.paper_reference_links) || ' ' || (SELECT count(*) FROM pith.inbound_references) || ' '
       || (SELECT count(*) FROM pith.cited_works) || ' ' || (SELECT count(*) FROM pith.retraction_status_cache) AS serial_counts
FROM pith.papers p \gset
ROLLBACK TO SAVEPOINT empty;

-- the batch: both documents in one call
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'doc'::jsonb, :'ss'::jsonb]);
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;
SELECT md5(string_agg(p.arxiv_id::text || ' ' || pith.canonical_json(pith.citation_record(p.arxiv_id, '2026-08-08T05:57:00Z', 1000, 1000)),
                      ',' ORDER BY p.arxiv_id::text)) = :'serial_records' AS records_as_serial,
       (SELECT count(*) FROM pith.papers) || ' ' || (SELECT count(*) FROM pith.paper_references) || ' '
       || (SELECT count(*) FROM pith.paper_reference_links) || ' ' || (SELECT count(*) FROM pith.inbound_references) || ' '
       || (SELECT count(*) FROM pith.cited_works) || ' ' || (SELECT count(*) FROM pith.retraction_status_cache) = :'serial_counts' AS rows_as_serial
FROM pith.papers p;
SELECT pith.refresh_inbound() AS stale_inbound_rows;

-- idempotent: again, nothing inserted
SELECT ord, loaded, observations_inserted FROM pith.ingest_records(ARRAY[:'doc'::jsonb, :'ss'::jsonb]);

-- refusals, each with ingest_record's SQLSTATE, beside a document that loads
SELECT ord, paper, loaded, error_sqlstate, left(error_message, 45) AS error
FROM pith.ingest_records(ARRAY[
    jsonb_set(:'doc'::jsonb, '{outbound,0,citation,cited_work,title}', '"Another work title"'),  -- a stored work retitled
    '{"schema": "pith.paper-citation-record.v0"}'::jsonb,                                         -- another schema
    '[1, 2]'::jsonb,                                                                              -- not an object
    jsonb_set(:'ss'::jsonb, '{as_of}', '"not a time"'),                                           -- malformed
    :'ss'::jsonb], false);                                                                        -- loads (nothing new)

-- two documents of one batch that contradict each other: the first loads,
-- the second is refused as if it had come afterwards
ROLLBACK TO SAVEPOINT empty;
SELECT ord, paper, loaded, observations_inserted, error_sqlstate
FROM pith.ingest_records(ARRAY[:'doc'::jsonb,
                               jsonb_set(:'doc'::jsonb, '{outbound,0,citation,cited_work,title}', '"Another work title"')], false);
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;

-- the catalog part alone: papers and works, no references
ROLLBACK TO SAVEPOINT empty;
SELECT pith.ingest_catalog(:'doc'::jsonb) -> 'rows_inserted' ->> 'paper_references' AS refs_written;
SELECT count(*) > 0 AS papers, (SELECT count(*) FROM pith.paper_references) AS refs,
       (SELECT count(*) FROM pith.paper_write_locks) AS locked
FROM pith.papers;
-- then ingest_record writes the per-paper rows and the paper's write row
SELECT (pith.ingest_record(:'doc'::jsonb) -> 'rows_inserted' ->> 'cited_works')::int AS works_written_again;
SELECT (SELECT count(*) FROM pith.paper_references) AS refs, (SELECT count(*) > 0 FROM pith.paper_write_locks) AS locked;
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;

-- nothing is distributed here (no Citus): undistribute does nothing
SELECT count(*) AS undistributed FROM pith.undistribute();
ROLLBACK;
