-- record_caps: the outbound and inbound caps limit what is itemized, never
-- what is counted; a cap below 1 is an error; NULL arguments give NULL.
SET search_path = pith, public;
\set SHOW_CONTEXT never
\set doc `cat test/data/golden_2506.06472.json`
SELECT (pith.ingest_record(:'doc'::jsonb)) ->> 'paper' AS loaded;

CREATE TEMP TABLE capped AS
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', outbound_cap => 10) AS r;

-- 10 displayed, counted over all 39
SELECT jsonb_array_length(r -> 'outbound') AS displayed_objects,
       r -> 'caps' AS caps,
       r -> 'reference_resolution' AS reference_resolution,
       r ->> 'thesis' AS thesis
FROM capped;

-- the first ten, in reference order, exactly the golden file's first ten
SELECT array_agg((o -> 'citation' ->> 'reference_index')::int ORDER BY n) AS indexes,
       bool_and(o = (:'doc'::jsonb -> 'outbound' -> (n::int - 1))) AS same_as_golden
FROM capped, jsonb_array_elements(r -> 'outbound') WITH ORDINALITY AS a(o, n);

-- coverage: resolution over all 39, 10 observed; notices over the 10 shown
SELECT c ->> 'lane' AS lane, c -> 'denominator' AS denominator, c -> 'records_observed' AS observed,
       c ->> 'source_observed_at' AS source_observed_at
FROM capped, jsonb_array_elements(r -> 'coverage') AS c;

-- the latest source_observed_at among the 10 shown, not among all 39
SELECT max(o -> 'citation' ->> 'source_observed_at') AS latest_shown
FROM capped, jsonb_array_elements(r -> 'outbound') AS o;

-- standing_sources come from the displayed observations' receipts
SELECT r -> 'standing_sources' AS standing_sources FROM capped;

-- digests still verify
SELECT bool_and(ok) AS all_ok, count(*) AS digests FROM capped, pith.verify_record(r);

-- a cap at least the total shows everything
SELECT jsonb_array_length(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', outbound_cap => 39) -> 'outbound') AS cap_39,
       jsonb_array_length(pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', outbound_cap => 1) -> 'outbound') AS cap_1;

-- the caps are disclosed as asked
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', 7, 3) -> 'caps' AS caps;

-- a cap below 1 is an error
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', outbound_cap => 0);
\echo :LAST_ERROR_SQLSTATE
SELECT pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', inbound_cap => -5);
\echo :LAST_ERROR_SQLSTATE

-- NULL in, NULL out (STRICT)
SELECT pith.citation_record(NULL) IS NULL AS null_paper,
       pith.citation_record('2506.06472', NULL) IS NULL AS null_as_of,
       pith.citation_record('2506.06472', '2026-08-08T05:57:00Z', NULL) IS NULL AS null_cap;
