-- bench/loaders/bench.sql -- the measurements (see bench/loaders/run).
SET search_path = pith, public;
\set QUIET on
-- the floors write into tables shaped like pith's: keys, indexes, checks
-- and the same foreign keys (LIKE copies no foreign key: they are added
-- here, as a user's INSERT into pith's own tables would check them); no
-- triggers (pith's fire on UPDATE only, which a first load does not do)
CREATE TABLE f_papers (LIKE pith.papers INCLUDING ALL);
CREATE TABLE f_versions (LIKE pith.paper_versions INCLUDING ALL,
                         FOREIGN KEY (arxiv_id) REFERENCES f_papers (arxiv_id) ON DELETE CASCADE);
CREATE TABLE f_works (LIKE pith.cited_works INCLUDING ALL);
CREATE TABLE f_events (LIKE pith.scholarly_work_events INCLUDING ALL,
                       FOREIGN KEY (work_id) REFERENCES f_works (work_id) ON DELETE CASCADE);
CREATE TABLE f_meas (LIKE pith.citation_measurements INCLUDING ALL,
                     FOREIGN KEY (arxiv_id) REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE);
CREATE TABLE timings (name text, rows bigint, seconds float8, cpu_seconds float8, result jsonb);
-- the backend's own CPU time (user + system, /proc/self/stat fields 14 and
-- 15, in clock ticks of 1/100 s): on a machine shared with other work the
-- wall time of one statement depends on what else runs; the CPU time the
-- statement costs does not (the bench runs as a superuser, which may read it)
CREATE FUNCTION backend_cpu() RETURNS float8 LANGUAGE sql AS $$
  SELECT (f[12]::float8 + f[13]::float8) / 100
  FROM (SELECT string_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ') AS f) s $$;
CREATE FUNCTION timed(name text, rows bigint, sql text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz := clock_timestamp(); c0 float8 := backend_cpu();
  res jsonb;
BEGIN IF sql LIKE 'SELECT pith.%' THEN EXECUTE sql INTO res; ELSE EXECUTE sql; END IF;
  INSERT INTO timings VALUES (name, rows, extract(epoch FROM clock_timestamp() - t0), backend_cpu() - c0, res); END $$;
-- which sources to measure (bench/loaders/run's BENCH_SOURCES; OpenAlex
-- matches the papers the arXiv load wrote, so it needs arxiv too)
SELECT :'sources' = 'all' OR 'arxiv' = ANY (string_to_array(:'sources', ' ')) AS do_arxiv,
       :'sources' = 'all' OR 'crossref' = ANY (string_to_array(:'sources', ' ')) AS do_crossref,
       :'sources' = 'all' OR 'retraction_watch' = ANY (string_to_array(:'sources', ' ')) AS do_rw,
       :'sources' = 'all' OR 'openalex' = ANY (string_to_array(:'sources', ' ')) AS do_openalex \gset
\set QUIET off
\timing off

\if :do_arxiv
-- arXiv: floor = papers + versions straight from the lines
SELECT timed('arxiv floor', (SELECT count(*) FROM stage_arxiv), $q$
  INSERT INTO f_papers SELECT (j ->> 'id')::pith.arxiv_id, j ->> 'title', 2,
         (j -> 'versions' -> 0 ->> 'created')::timestamptz, (j -> 'versions' -> 1 ->> 'created')::timestamptz,
         split_part(j ->> 'categories', ' ', 1), now()
  FROM (SELECT line::jsonb AS j FROM stage_arxiv OFFSET 0) s;
  INSERT INTO f_versions SELECT (j ->> 'id')::pith.arxiv_id, v.n, NULL, (v.e ->> 'created')::timestamptz
  FROM (SELECT line::jsonb AS j FROM stage_arxiv OFFSET 0) s,
       jsonb_array_elements(j -> 'versions') WITH ORDINALITY AS v(e, n)$q$);
SELECT timed('arxiv loader', (SELECT count(*) FROM stage_arxiv),
             $q$SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-01T00:00:00Z')$q$);
SELECT timed('arxiv loader, same file again', (SELECT count(*) FROM stage_arxiv),
             $q$SELECT pith.load_arxiv_metadata('stage_arxiv', '2026-09-02T00:00:00Z')$q$);

\endif
\if :do_crossref
-- Crossref: floor = works + notice events
SELECT timed('crossref floor', (SELECT count(*) FROM stage_crossref), $q$
  INSERT INTO f_works (title, doi, venue, year, metadata_source, snapshot_observed_at)
  SELECT j -> 'title' ->> 0, (j ->> 'DOI')::pith.doi, j -> 'container-title' ->> 0,
         (j -> 'issued' -> 'date-parts' -> 0 ->> 0)::int, 'crossref', now()
  FROM (SELECT line::jsonb AS j FROM stage_crossref OFFSET 0) s;
  INSERT INTO f_events (work_id, source, event_type, event_date, notice_doi)
  SELECT w.work_id, 'crossref', u ->> 'type', make_date(2024, 1, 9), (j ->> 'DOI')::pith.doi
  FROM (SELECT line::jsonb AS j FROM stage_crossref OFFSET 0) s
  CROSS JOIN LATERAL jsonb_array_elements(j -> 'update-to') u
  JOIN f_works w ON w.doi = (u ->> 'DOI')::pith.doi
  WHERE jsonb_typeof(j -> 'update-to') = 'array'$q$);
SELECT timed('crossref loader', (SELECT count(*) FROM stage_crossref),
             $q$SELECT pith.load_crossref_works('stage_crossref', '2026-09-01T06:00:00Z', coverage => 'full')$q$);
SELECT timed('crossref loader, same file again', (SELECT count(*) FROM stage_crossref),
             $q$SELECT pith.load_crossref_works('stage_crossref', '2026-09-02T06:00:00Z', coverage => 'full')$q$);

\endif
\if :do_rw
-- Retraction Watch: floor = works + events
SELECT timed('retraction_watch floor', (SELECT count(*) FROM stage_rw), $q$
  INSERT INTO f_works (title, doi, venue, year, metadata_source, snapshot_observed_at)
  SELECT "Title", "OriginalPaperDOI"::pith.doi, "Journal",
         extract(year FROM to_date("OriginalPaperDate", 'MM/DD/YYYY'))::int, 'retraction_watch', now()
  FROM stage_rw;
  INSERT INTO f_events (work_id, source, event_type, event_date, notice_doi)
  SELECT w.work_id, 'retraction_watch', lower(replace("RetractionNature", ' ', '_')),
         to_date("RetractionDate", 'MM/DD/YYYY'), "RetractionDOI"::pith.doi
  FROM stage_rw JOIN f_works w ON w.doi = "OriginalPaperDOI"::pith.doi AND w.metadata_source = 'retraction_watch'$q$);
SELECT timed('retraction_watch loader', (SELECT count(*) FROM stage_rw),
             $q$SELECT pith.load_retraction_watch('stage_rw', '2026-09-01T07:00:00Z')$q$);
SELECT timed('retraction_watch loader, same file again', (SELECT count(*) FROM stage_rw),
             $q$SELECT pith.load_retraction_watch('stage_rw', '2026-09-02T07:00:00Z')$q$);

\endif
\if :do_openalex
-- OpenAlex: floor = measurements of the papers named by the arXiv DOI
SELECT timed('openalex floor', (SELECT count(*) FROM stage_openalex), $q$
  INSERT INTO f_meas SELECT p.arxiv_id, 'openalex', (j ->> 'cited_by_count')::bigint,
         (j ->> 'updated_date')::timestamp AT TIME ZONE 'UTC'
  FROM (SELECT line::jsonb AS j FROM stage_openalex OFFSET 0) s
  JOIN pith.papers p ON p.arxiv_id = substring(j ->> 'doi' FROM 'arxiv\.(.*)$')::pith.arxiv_id$q$);
SELECT timed('openalex loader', (SELECT count(*) FROM stage_openalex),
             $q$SELECT pith.load_openalex_works('stage_openalex')$q$);
SELECT timed('openalex loader, same file again', (SELECT count(*) FROM stage_openalex),
             $q$SELECT pith.load_openalex_works('stage_openalex')$q$);

\endif

SELECT split_part(name, ' ', 1) AS source, name, rows, round(seconds::numeric, 2) AS seconds,
       round(rows / seconds) AS rows_per_s,
       round((seconds / (SELECT t.seconds FROM timings t
                         WHERE t.name = split_part(timings.name, ' ', 1) || ' floor'))::numeric, 2) AS x_floor_time,
       round(cpu_seconds::numeric, 2) AS cpu_seconds,
       round((cpu_seconds / NULLIF((SELECT t.cpu_seconds FROM timings t
                                    WHERE t.name = split_part(timings.name, ' ', 1) || ' floor'), 0))::numeric, 2) AS x_floor_cpu
FROM timings ORDER BY 1, name LIKE '%floor' DESC, name;

-- BENCH_DIGEST=1: what the loaders returned and an md5 of what they wrote,
-- to compare two versions of the loaders on the same synthetic data
\if :digest
SELECT name, result FROM timings WHERE result IS NOT NULL ORDER BY name;
SELECT 'papers' AS t, count(*), md5(string_agg(x::text, '|' ORDER BY x::text)) FROM pith.papers x
UNION ALL SELECT 'paper_versions', count(*), md5(string_agg(x::text, '|' ORDER BY x::text)) FROM pith.paper_versions x
UNION ALL SELECT 'cited_works', count(*), md5(string_agg((x.title, x.doi, x.arxiv_id, x.venue, x.year, x.metadata_source, x.snapshot_observed_at)::text, '|' ORDER BY (x.title, x.doi, x.arxiv_id, x.venue, x.year, x.metadata_source, x.snapshot_observed_at)::text)) FROM pith.cited_works x
UNION ALL SELECT 'scholarly_work_events', count(*), md5(string_agg((w.doi, x.source, x.event_type, x.event_date, x.notice_doi, x.observed_at)::text, '|' ORDER BY (w.doi, x.source, x.event_type, x.event_date, x.notice_doi, x.observed_at)::text)) FROM pith.scholarly_work_events x JOIN pith.cited_works w USING (work_id)
UNION ALL SELECT 'citation_measurements', count(*), md5(string_agg(x::text, '|' ORDER BY x::text)) FROM pith.citation_measurements x
UNION ALL SELECT 'source_coverage', count(*), md5(string_agg((w.doi, x.source, x.covered_from)::text, '|' ORDER BY (w.doi, x.source, x.covered_from)::text)) FROM pith.source_coverage x JOIN pith.cited_works w USING (work_id)
UNION ALL SELECT 'load_rejects', count(*), md5(string_agg((x.source, x.line_number, x.sqlstate, x.message, x.line)::text, '|' ORDER BY (x.source, x.line_number, x.sqlstate, x.message, x.line)::text)) FROM pith.load_rejects x;
\endif
