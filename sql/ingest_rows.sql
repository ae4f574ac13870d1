-- ingest_rows: pith.ingest_rows(records, ords, kind), the typed rows that
-- pith.ingest_records reads from its documents in one C pass per kind,
-- against the same rows read with jsonb operators and
-- jsonb_populate_record (how ingest_records read them before): equal for
-- every kind, on the golden record and on a variant of it with an inbound
-- observation, a cited paper, an event, a measurement and a work whose
-- title is not the reference's.  Then the rules, the errors, and that
-- ingest_records loads ordinary documents without falling back to
-- ingest_record one by one.
SET search_path = pith, public;
\set doc `cat test/data/golden_2506.06472.json`
CREATE TEMP TABLE ir_docs AS
SELECT 1 AS n, :'doc'::jsonb AS d
UNION ALL
SELECT 2, jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(:'doc'::jsonb,
           '{outbound,0,citation,cited_work,metadata_source}', '"crossref"'),
           '{outbound,0,standing_notice,events}',
           '[{"event_date": "2025-01-02", "event_type": "retraction", "notice_doi": "10.1234/Notice",
              "observed_at": "2026-01-01T00:00:00Z", "source": "crossref"}]'),
           '{external_citation_measurements}',
           '[{"cited_by_count": 5, "measured_at": "2026-01-01T00:00:00Z", "source": "openalex"}]'),
           '{inbound}', jsonb_build_array(jsonb_set(jsonb_set(:'doc'::jsonb -> 'outbound' -> 3,
               '{citation,citing_paper,arxiv_id}', '"2401.00001"'),
               '{observation_id}', '"00000000-0000-4000-8000-000000000001"'))),
           '{outbound,1,citation,reference_index}', '41');
CREATE TEMP VIEW ir_obs AS
SELECT x.n AS ord, o, false AS inbound FROM ir_docs x, jsonb_array_elements(x.d -> 'outbound') o
UNION ALL
SELECT x.n, o, true FROM ir_docs x, jsonb_array_elements(x.d -> 'inbound') o;
\set all 'ARRAY(SELECT d FROM ir_docs ORDER BY n), ''{1,2}'''

-- the rows as jsonb operators and jsonb_populate_record read them
CREATE TEMP TABLE sql_rows (kind text, ord int, inbound boolean, r text);
INSERT INTO sql_rows
SELECT 'documents', n, NULL::boolean, ROW((d -> 'paper' ->> 'arxiv_id')::arxiv_id, (d ->> 'as_of')::timestamptz)::text FROM ir_docs
UNION ALL
-- (each distinct paper row once per document)
SELECT * FROM (SELECT DISTINCT 'papers', q.ord, NULL::boolean, jsonb_populate_record(NULL::papers, q.p)::text
FROM (SELECT n AS ord, d -> 'paper' AS p FROM ir_docs
      UNION ALL
      SELECT b.ord, (b.o -> 'citation' -> 'citing_paper') - 'version' - 'latest_version' - 'primary_category' FROM ir_obs b
      UNION ALL
      SELECT b.ord, (b.o -> 'citation' -> 'cited_paper') - 'latest_version' - 'primary_category'
                    || jsonb_build_object('latest_version', b.o -> 'citation' -> 'cited_paper' -> 'version')
      FROM ir_obs b WHERE jsonb_typeof(b.o -> 'citation' -> 'cited_paper') = 'object') q) dq
UNION ALL
SELECT 'references', b.ord, b.inbound, jsonb_populate_record(NULL::paper_references, jsonb_build_object(
           'observation_id', b.o ->> 'observation_id',
           'citing_arxiv_id', b.o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
           'citing_version', b.o -> 'citation' -> 'citing_paper' -> 'version',
           'reference_index', b.o -> 'citation' -> 'reference_index',
           'raw_text', y.t, 'title', y.t, 'year', y.y,
           'pith_arxiv_id', b.o -> 'citation' -> 'cited_work' ->> 'pith_arxiv_id',
           'source', b.o -> 'citation' ->> 'source',
           'source_observed_at', b.o -> 'citation' ->> 'source_observed_at'))::text
FROM ir_obs b
CROSS JOIN LATERAL (SELECT CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference' THEN w -> 'title' END AS t,
                           CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference' THEN w -> 'year' END AS y
                    FROM (SELECT b.o -> 'citation' -> 'cited_work' AS w) z) y
UNION ALL
SELECT 'works', b.ord, NULL, jsonb_populate_record(NULL::cited_works, (b.o -> 'citation' -> 'cited_work') - 'pith_arxiv_id')::text
FROM ir_obs b WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL
UNION ALL
SELECT CASE WHEN u THEN 'unlinked' ELSE 'links' END, b.ord, NULL,
       CASE WHEN u THEN ROW((b.o ->> 'observation_id')::uuid)::text
            ELSE jsonb_populate_record(NULL::paper_reference_links, jsonb_build_object(
                     'observation_id', b.o ->> 'observation_id',
                     'citing_arxiv_id', b.o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                     'work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id',
                     'status', b.o -> 'resolution' ->> 'status',
                     'resolver_source', b.o -> 'resolution' ->> 'resolver_source',
                     'observed_at', b.o -> 'resolution' ->> 'observed_at'))::text END
FROM ir_obs b
CROSS JOIN LATERAL (SELECT b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NULL
                           AND b.o -> 'resolution' ->> 'resolver_source' IS NULL
                           AND b.o -> 'resolution' ->> 'status' = 'unresolved'
                           AND (b.o -> 'resolution' ->> 'observed_at')::timestamptz
                               = (b.o -> 'citation' ->> 'source_observed_at')::timestamptz AS u) l
UNION ALL
SELECT 'receipts', b.ord, NULL, jsonb_populate_record(NULL::retraction_status_cache, jsonb_build_object(
           'work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id', 'source', s ->> 'source', 'observed_at', s ->> 'observed_at'))::text
FROM ir_obs b CROSS JOIN LATERAL jsonb_array_elements(COALESCE(b.o -> 'standing_notice' -> 'source_receipts', '[]')) AS s
WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL
UNION ALL
SELECT 'events', b.ord, NULL, jsonb_populate_record(NULL::scholarly_work_events,
           e || jsonb_build_object('work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id'))::text
FROM ir_obs b CROSS JOIN LATERAL jsonb_array_elements(COALESCE(b.o -> 'standing_notice' -> 'events', '[]')) AS e
WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL
UNION ALL
SELECT 'measurements', x.n, NULL, jsonb_populate_record(NULL::citation_measurements,
           m || jsonb_build_object('arxiv_id', x.d -> 'paper' ->> 'arxiv_id'))::text
FROM ir_docs x, jsonb_array_elements(x.d -> 'external_citation_measurements') AS m;

-- the same rows from pith.ingest_rows
CREATE TEMP TABLE c_rows (kind text, ord int, inbound boolean, r text);
INSERT INTO c_rows
SELECT 'documents', t.ord, NULL::boolean, ROW(t.paper, t.as_of)::text FROM ingest_rows(:all, 'documents') AS t(ord int, paper arxiv_id, as_of timestamptz)
UNION ALL SELECT 'papers', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'papers') AS t(ord int, r papers)
UNION ALL SELECT 'references', t.ord, t.inbound, t.r::text FROM ingest_rows(:all, 'references') AS t(ord int, inbound boolean, r paper_references)
UNION ALL SELECT 'works', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'works') AS t(ord int, r cited_works)
UNION ALL SELECT 'links', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'links') AS t(ord int, r paper_reference_links)
UNION ALL SELECT 'unlinked', t.ord, NULL, ROW(t.observation_id)::text FROM ingest_rows(:all, 'unlinked') AS t(ord int, observation_id uuid)
UNION ALL SELECT 'receipts', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'receipts') AS t(ord int, r retraction_status_cache)
UNION ALL SELECT 'events', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'events') AS t(ord int, r scholarly_work_events)
UNION ALL SELECT 'measurements', t.ord, NULL, t.r::text FROM ingest_rows(:all, 'measurements') AS t(ord int, r citation_measurements);

-- per kind and document: rows, and rows only one side has (none)
SELECT k.kind, d.n AS ord,
       (SELECT count(*) FROM c_rows c WHERE c.kind = k.kind AND c.ord = d.n) AS rows,
       (SELECT count(*) FROM (SELECT ord, inbound, r FROM c_rows c WHERE c.kind = k.kind AND c.ord = d.n
                              EXCEPT ALL SELECT ord, inbound, r FROM sql_rows s WHERE s.kind = k.kind AND s.ord = d.n) z) AS c_only,
       (SELECT count(*) FROM (SELECT ord, inbound, r FROM sql_rows s WHERE s.kind = k.kind AND s.ord = d.n
                              EXCEPT ALL SELECT ord, inbound, r FROM c_rows c WHERE c.kind = k.kind AND c.ord = d.n) z) AS sql_only
FROM unnest('{documents,papers,references,works,links,unlinked,receipts,events,measurements}'::text[]) WITH ORDINALITY AS k(kind, i),
     ir_docs d
ORDER BY k.i, d.n;

-- known values: the variant's event (its DOI canonical), measurement and
-- inbound reference; the reference whose work is crossref's keeps no title
SELECT t.r FROM ingest_rows(:all, 'events') AS t(ord int, r scholarly_work_events);
SELECT t.r FROM ingest_rows(:all, 'measurements') AS t(ord int, r citation_measurements);
SELECT t.ord, (t.r).observation_id, (t.r).citing_arxiv_id, (t.r).reference_index
FROM ingest_rows(:all, 'references') AS t(ord int, inbound boolean, r paper_references) WHERE t.inbound;
SELECT t.ord, (t.r).reference_index, (t.r).title IS NULL AS no_title, (t.r).raw_text IS NULL AS no_raw_text, (t.r).year
FROM ingest_rows(:all, 'references') AS t(ord int, inbound boolean, r paper_references)
WHERE (t.r).reference_index = 1 ORDER BY t.ord;
-- only the documents asked for, in the order asked
SELECT t.ord, count(*) FROM ingest_rows(ARRAY(SELECT d FROM ir_docs ORDER BY n), '{2,1,2}', 'works') AS t(ord int) GROUP BY t.ord ORDER BY t.ord;

-- an unresolved reference whose status is null is a link row (whose own
-- check then leaves the document to ingest_record), not "unlinked"
SELECT (SELECT count(*) FROM ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{outbound,2,resolution,status}', 'null')], '{1}', 'links')
                        AS t(ord int, r paper_reference_links) WHERE (t.r).status IS NULL) AS null_status_links,
       (SELECT count(*) FROM ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{outbound,2,resolution,status}', 'null')], '{1}', 'unlinked')
                        AS t(ord int, observation_id uuid)) AS unlinked;

-- errors: a value that does not fit its column (as jsonb_populate_record),
-- an unknown kind, a column the kind has not, a document not there, a
-- standing notice's receipts that are not an array, no column list
\set VERBOSITY terse
SELECT count(*) FROM ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{outbound,0,observation_id}', '"not-a-uuid"')], '{1}', 'references')
    AS t(ord int, inbound boolean, r paper_references);
SELECT count(*) FROM ingest_rows(ARRAY[:'doc'::jsonb], '{1}', 'citations') AS t(ord int);
SELECT count(*) FROM ingest_rows(ARRAY[:'doc'::jsonb], '{1}', 'documents') AS t(ord int, title text);
SELECT count(*) FROM ingest_rows(ARRAY[:'doc'::jsonb], '{1}', 'papers') AS t(ord int, r paper_references);
SELECT count(*) FROM ingest_rows(ARRAY[:'doc'::jsonb], '{2}', 'papers') AS t(ord int);
SELECT count(*) FROM ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{outbound,0,standing_notice,source_receipts}', 'null')], '{1}', 'receipts')
    AS t(ord int, r retraction_status_cache);
SELECT ingest_rows(ARRAY[:'doc'::jsonb], '{1}', 'papers');
\set VERBOSITY default

-- ingest_records loads ordinary documents set-wise: the golden record and
-- another paper's, in one batch, without one ingest_record call (nine
-- ingest_rows calls: one per kind)
\set ss `cat test/data/smartswap_record.json`
BEGIN;
SET LOCAL client_min_messages = warning;
TRUNCATE pith.papers, pith.paper_versions, pith.paper_references, pith.cited_works, pith.paper_reference_links,
         pith.scholarly_work_events, pith.retraction_status_cache, pith.citation_measurements,
         pith.inbound_references, pith.cited_work_authors, pith.paper_write_locks CASCADE;
RESET client_min_messages;
SET LOCAL track_functions = 'all';
SELECT ord, paper, loaded, observations_inserted, error_sqlstate FROM ingest_records(ARRAY[:'doc'::jsonb, :'ss'::jsonb]);
SELECT f.funcname, f.calls FROM pg_stat_xact_user_functions f
WHERE f.schemaname = 'pith' AND f.funcname IN ('ingest_document', 'ingest_record', 'ingest_records', 'ingest_rows') ORDER BY 1;
SELECT pith.canonical_json(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z')) = :'doc' AS golden_bytes;
ROLLBACK;

-- the record's own UTC timestamps ("...T05:57:00Z", "+00:00") are read
-- without the general date parser: the same value as ::timestamptz for
-- each of these, those it reads itself and those it leaves to
-- timestamptz_in (another offset, a space, 24:00, seven fraction digits)
SELECT s, t.as_of = s::timestamptz AS same, t.as_of AT TIME ZONE 'UTC' AS utc
FROM unnest(ARRAY['2026-08-08T05:57:00Z', '2024-02-29T23:59:59.999999+00:00', '0001-01-01T00:00:00Z',
                  '9999-12-31T23:59:59.5Z', '1999-12-31T23:59:59.000001Z', '1900-03-01T00:00:00Z',
                  '2026-08-08T05:57:00+02:00', '2026-08-08 05:57:00Z', '2026-08-08T24:00:00Z',
                  '2026-08-08T05:57:00.1234567Z']) WITH ORDINALITY AS u(s, k),
     LATERAL ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{as_of}', to_jsonb(u.s))], '{1}', 'documents')
             AS t(ord int, paper arxiv_id, as_of timestamptz)
ORDER BY u.k;
-- a date that is not one is refused as timestamptz_in refuses it
SELECT t.as_of FROM ingest_rows(ARRAY[jsonb_set(:'doc'::jsonb, '{as_of}', '"2023-02-29T00:00:00Z"')], '{1}', 'documents')
     AS t(ord int, paper arxiv_id, as_of timestamptz);
