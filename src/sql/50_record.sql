-- 50_record.sql -- the citation record (SPEC section 2): the timestamp text,
-- the one builder of an observation object, the one query that turns a
-- paper's outbound or inbound references into observations, the record
-- itself, and the views that existing apps read.
--
-- Every observation -- in a record's outbound or inbound list and in both
-- views -- comes out of pith.observation_rows(), and its object out of
-- pith.build_observation(), so the bytes (digest included) are the same
-- wherever an app reads them.

CREATE FUNCTION pith.iso_utc(ts timestamptz, offset_form boolean DEFAULT false)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_iso_utc'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.iso_utc(timestamptz, boolean) IS
    'ISO 8601 text of a timestamp in UTC as a citation record prints it: microseconds only when non-zero, suffix Z (or +00:00 when offset_form)';

-- The canonical JSON text of one observation, sealed with its digest, from
-- its joined rows (src/record.c).  Reads no table.  The one place where an
-- observation's shape is decided.
CREATE FUNCTION pith.observation_text(
    ref pith.paper_references,
    citing pith.papers,
    cited pith.papers,
    link pith.paper_reference_links,
    work pith.cited_works,
    receipt_sources text[],
    receipt_times timestamptz[],
    events jsonb,
    event_count bigint,
    event_latest timestamptz)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_observation_text'
LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION pith.observation_text(pith.paper_references, pith.papers, pith.papers, pith.paper_reference_links, pith.cited_works, text[], timestamptz[], jsonb, bigint, timestamptz) IS
    'canonical JSON text of the observation of one reference (SPEC section 2) from its joined rows, with its observation_digest; cited, link and work may be NULL; receipts are the latest per source, sorted by source; used by pith.observation_rows';

-- The canonical text of a whole record from its members (src/record.c):
-- as_of and caps as JSON text, rest = the members from "coverage" on with the
-- closing brace; adds the context_digest.
CREATE FUNCTION pith.record_seal(as_of text, caps text, rest text)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_record_seal'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.record_seal(text, text, text) IS
    'for pith.citation_record_text: {"as_of":as_of,"caps":caps,"context_digest":...,rest with the digest taken over the record without as_of and context_digest';

-- All observations of one paper, outbound (its references) or inbound
-- (other papers' references to it), numbered in record order.  Only rows
-- observed at or before as_of take part.  Every row carries the status and
-- times the record counts; the observation object (with its digest) is built
-- (canonical text, digest included) only for the first cap rows (all rows
-- when cap is NULL).
CREATE FUNCTION pith.observation_rows(
    paper pith.arxiv_id,
    inbound boolean,
    as_of timestamptz,
    cap integer)
RETURNS TABLE (
    n bigint,
    citing_arxiv_id pith.arxiv_id,
    reference_index integer,
    observation_id uuid,
    status pith.resolution_status,
    source_observed_at timestamptz,
    latest_receipt timestamptz,
    receipt_sources text[],
    receipt_times timestamptz[],
    observation text)
LANGUAGE plpgsql STABLE PARALLEL SAFE ROWS 100
SET search_path = pg_catalog, pith
-- one plan, made once per session: planning this query costs more than
-- running it, and its best plan does not depend on the arguments
SET plan_cache_mode = force_generic_plan
AS $fn$
BEGIN
    RETURN QUERY
    WITH x AS MATERIALIZED (
        SELECT d.n, d.r, d.cp, cp.dp, lw.l, lw.w
        FROM (
            -- the references taking part, in record order, each with its
            -- citing paper and its stored link (if any)
            SELECT s.r, s.cp, s.l,
                   row_number() OVER (ORDER BY (s.r).citing_arxiv_id, (s.r).reference_index) AS n
            FROM (
                -- outbound: the paper's own references
                SELECT ROW(r.*)::pith.paper_references AS r, ROW(cp.*)::pith.papers AS cp,
                       CASE WHEN l.observation_id IS NOT NULL
                            THEN ROW(l.*)::pith.paper_reference_links END AS l
                FROM pith.read_references r
                JOIN pith.read_papers cp ON cp.arxiv_id = r.citing_arxiv_id
                LEFT JOIN pith.read_links l
                       ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
                WHERE NOT inbound
                  AND r.citing_arxiv_id = paper
                  AND r.source_observed_at <= as_of
                  AND cp.snapshot_observed_at <= as_of
                UNION ALL
                -- inbound: other papers' references that name the paper, by
                -- their own arXiv id or by their link's work, from the rows
                -- keyed by the paper (pith.inbound_references), checked as
                -- of the moment
                SELECT i.r, ROW(cp.*)::pith.papers AS cp, i.l
                FROM pith.read_inbound ib
                CROSS JOIN LATERAL (
                    SELECT jsonb_populate_record(NULL::pith.paper_references, ib.reference) AS r,
                           CASE WHEN ib.link IS NOT NULL
                                THEN jsonb_populate_record(NULL::pith.paper_reference_links, ib.link) END AS l
                ) i
                JOIN pith.read_papers cp ON cp.arxiv_id = ib.citing_arxiv_id
                WHERE inbound
                  AND ib.cited_arxiv_id = paper
                  AND (i.r).source_observed_at <= as_of
                  AND cp.snapshot_observed_at <= as_of
                  AND ((i.r).pith_arxiv_id IS NOT NULL AND pith.arxiv_base((i.r).pith_arxiv_id) = paper
                       OR EXISTS (SELECT 1
                                  FROM pith.read_works w
                                  WHERE w.work_id = (i.l).work_id
                                    AND w.arxiv_id IS NOT NULL
                                    AND pith.arxiv_base(w.arxiv_id) = paper
                                    AND w.snapshot_observed_at <= as_of
                                    AND (i.l).observed_at <= as_of))
            ) s
        ) d
        -- the cited paper, when the reference names one the catalog knew
        -- then.  LATERAL ... OFFSET 0 keeps these lookups one index probe
        -- per reference (never a hash of a whole table), whatever the
        -- catalog's size.
        LEFT JOIN LATERAL (
            SELECT ROW(p0.*)::pith.papers AS dp
            FROM pith.read_papers p0
            WHERE p0.arxiv_id = pith.arxiv_base((d.r).pith_arxiv_id)
              AND p0.snapshot_observed_at <= as_of
            OFFSET 0
        ) cp ON (d.r).pith_arxiv_id IS NOT NULL
        -- the link and its work, when both were observed by then
        LEFT JOIN LATERAL (
            SELECT d.l AS l, ROW(w0.*)::pith.cited_works AS w
            FROM (SELECT 1) one
            LEFT JOIN pith.read_works w0 ON w0.work_id = (d.l).work_id
            WHERE (d.l).observed_at <= as_of
              AND ((d.l).work_id IS NULL OR w0.snapshot_observed_at <= as_of)
            OFFSET 0
        ) lw ON (d.l).observation_id IS NOT NULL
    ),
    -- the linked works whose notices are shown
    shown AS (
        SELECT DISTINCT (x.w).work_id AS work_id
        FROM x
        WHERE (x.w).work_id IS NOT NULL
          AND (cap IS NULL OR x.n <= cap)
    ),
    -- their latest receipt per standing source, sources in code point order
    -- (source is COLLATE "C"), one sort for the whole record
    rc AS (
        SELECT q.work_id, array_agg(q.source) AS sources, array_agg(q.t) AS times, max(q.t) AS latest
        FROM (SELECT c.work_id, c.source, max(c.observed_at) AS t
              FROM shown
              JOIN pith.read_receipts c ON c.work_id = shown.work_id
              WHERE c.observed_at <= as_of
              GROUP BY c.work_id, c.source
              ORDER BY c.work_id, c.source) q
        GROUP BY q.work_id
    ),
    -- their events, ordered by event_date, source, event_type, notice_doi
    ev AS (
        SELECT q.work_id, jsonb_agg(q.e) AS events, count(*) AS n, max(q.observed_at) AS latest
        FROM (SELECT e.work_id, e.observed_at,
                     jsonb_build_object(
                         'event_date', to_char(e.event_date, 'YYYY-MM-DD'),
                         'event_type', e.event_type,
                         'notice_doi', e.notice_doi::text,
                         'observed_at', pith.iso_utc(e.observed_at, false),
                         'source', e.source) AS e
              FROM shown
              JOIN pith.read_events e ON e.work_id = shown.work_id
              WHERE e.observed_at <= as_of
              ORDER BY e.work_id, e.event_date, e.source, e.event_type,
                       e.notice_doi::text COLLATE "C") q
        GROUP BY q.work_id
    )
    SELECT x.n,
           (x.r).citing_arxiv_id,
           (x.r).reference_index,
           (x.r).observation_id,
           CASE WHEN (x.l).observation_id IS NULL THEN 'unresolved'::pith.resolution_status
                ELSE (x.l).status END,
           (x.r).source_observed_at,
           rc.latest,
           rc.sources,
           rc.times,
           CASE WHEN cap IS NULL OR x.n <= cap THEN
               pith.observation_text(x.r, x.cp, x.dp, x.l, x.w, rc.sources, rc.times,
                                     ev.events, ev.n, ev.latest)
           END
    FROM x
    LEFT JOIN rc ON rc.work_id = (x.w).work_id
    LEFT JOIN ev ON ev.work_id = (x.w).work_id
    ORDER BY x.n;
END
$fn$;
COMMENT ON FUNCTION pith.observation_rows(pith.arxiv_id, boolean, timestamptz, integer) IS
    'the outbound (inbound = false) or inbound observations of a paper as of a moment, numbered in record order; observation objects for the first cap rows';

-- The citation record of one paper (SPEC section 2) as its canonical JSON
-- text, the bytes the JSON endpoint serves.  At most six statements read
-- tables: the paper with its measurements, the outbound observations (one
-- statement calling pith.observation_rows, which runs one), a probe for
-- possible inbound references and, when there may be some, the inbound
-- observations (the same two).
CREATE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan
AS $fn$
DECLARE
    paper pith.arxiv_id := pith.arxiv_base(arxiv_id);
    id text := paper::text;
    p_title text;
    p_latest_version integer;
    p_submitted_at timestamptz;
    p_last_updated timestamptz;
    p_primary_category text;
    p_snapshot timestamptz;
    meas text;
    meas_shown bigint;
    meas_latest timestamptz;
    out_obs text;
    out_total bigint;
    out_shown bigint;
    out_latest timestamptz;
    out_counts jsonb;
    notice_latest timestamptz;
    sources jsonb;
    in_obs text;
    in_total bigint;
    in_shown bigint;
    in_latest timestamptz;
    caps text;
    rest text;
BEGIN
    IF outbound_cap < 1 OR inbound_cap < 1 THEN
        RAISE EXCEPTION 'citation record caps must be at least 1'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('outbound_cap is %s and inbound_cap is %s.', outbound_cap, inbound_cap);
    END IF;

    -- statement 1: the paper and its latest measurement per source
    SELECT pp.title, pp.latest_version, pp.submitted_at, pp.last_updated,
           pp.primary_category, pp.snapshot_observed_at, m.list, m.shown, m.latest
    INTO p_title, p_latest_version, p_submitted_at, p_last_updated,
         p_primary_category, p_snapshot, meas, meas_shown, meas_latest
    FROM pith.read_papers pp
    LEFT JOIN LATERAL (
        SELECT pith.canonical_json(COALESCE(jsonb_agg(jsonb_build_object(
                   'cited_by_count', q.cited_by_count,
                   'measured_at', pith.iso_utc(q.measured_at, false),
                   'source', q.source) ORDER BY q.source COLLATE "C"), '[]'::jsonb)) AS list,
               count(*) AS shown,
               max(q.measured_at) AS latest
        FROM (SELECT DISTINCT ON (cm.source) cm.source, cm.cited_by_count, cm.measured_at
              FROM pith.read_measurements cm
              WHERE cm.arxiv_id = paper
                AND cm.measured_at <= as_of
              ORDER BY cm.source, cm.measured_at DESC) q
    ) m ON true
    WHERE pp.arxiv_id = paper;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', id
            USING ERRCODE = 'no_data_found',
                  HINT = 'Load it with pith.ingest_record() or insert it into pith.papers.';
    END IF;
    IF p_snapshot > as_of THEN
        -- (as_of may be -infinity: before every snapshot, and without an
        -- ISO 8601 form)
        RAISE EXCEPTION 'paper % was not yet observed as of %', id,
                        CASE WHEN isfinite(as_of) THEN pith.iso_utc(as_of, false) ELSE as_of::text END
            USING ERRCODE = 'no_data_found',
                  DETAIL = format('Its snapshot was observed at %s.', pith.iso_utc(p_snapshot, false));
    END IF;

    -- statements 2 and 3: outbound observations, counted over all of them
    WITH o AS (
        SELECT * FROM pith.observation_rows(paper, false, as_of, outbound_cap)
    )
    SELECT '[' || COALESCE(string_agg(o.observation, ',' ORDER BY o.n) FILTER (WHERE o.n <= outbound_cap), '') || ']',
           count(*),
           count(*) FILTER (WHERE o.n <= outbound_cap),
           max(o.source_observed_at) FILTER (WHERE o.n <= outbound_cap),
           max(o.latest_receipt) FILTER (WHERE o.n <= outbound_cap),
           jsonb_build_object(
               'malformed_identifier', count(*) FILTER (WHERE o.status = 'malformed_identifier'),
               'metadata_mismatch', count(*) FILTER (WHERE o.status = 'metadata_mismatch'),
               'parse_uncertain', count(*) FILTER (WHERE o.status = 'parse_uncertain'),
               'unresolved', count(*) FILTER (WHERE o.status = 'unresolved'),
               'verified_exact', count(*) FILTER (WHERE o.status = 'verified_exact'),
               'verified_fuzzy', count(*) FILTER (WHERE o.status = 'verified_fuzzy')),
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('observed_at', pith.iso_utc(z.t, true),
                                                         'source', z.s)
                                      ORDER BY z.s COLLATE "C"), '[]'::jsonb)
            FROM (SELECT u.s, max(u.t) AS t
                  FROM o AS o2, unnest(o2.receipt_sources, o2.receipt_times) AS u(s, t)
                  WHERE o2.n <= outbound_cap
                  GROUP BY u.s) z)
    INTO out_obs, out_total, out_shown, out_latest, notice_latest, out_counts, sources
    FROM o;

    -- statement 4: could anything be inbound?  One index probe of the rows
    -- keyed by the paper, a superset of what observation_rows counts; most
    -- papers are cited by nobody in the catalog, and this spares them
    -- statement 5.
    IF EXISTS (SELECT 1 FROM pith.read_inbound ib
               WHERE ib.cited_arxiv_id = paper) THEN
        -- statements 5 and 6: inbound observations, counted over all of them
        SELECT '[' || COALESCE(string_agg(i.observation, ',' ORDER BY i.n) FILTER (WHERE i.n <= inbound_cap), '') || ']',
               count(*),
               count(*) FILTER (WHERE i.n <= inbound_cap),
               max(i.source_observed_at) FILTER (WHERE i.n <= inbound_cap)
        INTO in_obs, in_total, in_shown, in_latest
        FROM pith.observation_rows(paper, true, as_of, inbound_cap) i;
    ELSE
        in_obs := '[]';
        in_total := 0;
        in_shown := 0;
        in_latest := NULL;
    END IF;

    -- the record's members in code point order; "as_of" and
    -- "context_digest" go around the caps once the digest is known
    caps := format('{"database_statements":6,"inbound":%s,"outbound":%s}', inbound_cap, outbound_cap);
    rest := concat(
        '"coverage":', pith.canonical_json(jsonb_build_array(
            jsonb_build_object(
                'denominator', out_total,
                'lane', 'reference_resolution',
                'note', 'Typed states for the displayed outbound observations.',
                'records_observed', out_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(out_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', out_shown,
                'lane', 'standing_notices',
                'note', 'One-hop event checks from named stored sources.',
                'records_observed', out_shown,
                'source', 'scholarly_work_events, retraction_status_cache',
                'source_observed_at', pith.iso_utc(notice_latest, true),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', in_total,
                'lane', 'inbound_itemization',
                'note', 'Pith citing papers itemized under the disclosed page cap.',
                'records_observed', in_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(in_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', 1,
                'lane', 'external_citation_measurements',
                'note', 'A source-named dated measurement, never combined with another source.',
                'records_observed', meas_shown,
                'source', 'cited_works',
                'source_observed_at', pith.iso_utc(meas_latest, false),
                'state', 'measured'))),
        ',"external_citation_measurements":', meas,
        ',"inbound":', in_obs,
        ',"links":', pith.canonical_json(jsonb_build_object(
            'evidence', '/evidence',
            'html', '/paper/' || id || '/citation-record',
            'integrity', '/paper/' || id || '/integrity',
            'json', '/paper/' || id || '/citation-record.json',
            'paper', '/paper/' || id)),
        ',"outbound":', out_obs,
        ',"paper":', pith.canonical_json(jsonb_build_object(
            'arxiv_id', id,
            'last_updated', pith.iso_utc(p_last_updated, false),
            'latest_version', p_latest_version,
            'primary_category', p_primary_category,
            'snapshot_observed_at', pith.iso_utc(p_snapshot, false),
            'submitted_at', pith.iso_utc(p_submitted_at, false),
            'title', p_title)),
        ',"reference_resolution":', pith.canonical_json(jsonb_build_object(
            'displayed', out_shown,
            'state_counts', out_counts,
            'total_outbound_references', out_total)),
        ',"refusal":"A citation records a reference. It does not transfer a finding from one paper to another."',
        ',"schema":"pith.paper-citation-record.v1"',
        ',"standing_sources":', pith.canonical_json(sources),
        ',"thesis":', pith.canonical_json(to_jsonb(format(
            'As of %s, this Paper Citation Record lists %s of %s outbound references'
            ' and %s inbound Pith citation observations for arXiv:%s.',
            to_char(as_of AT TIME ZONE 'UTC', 'FMDD FMMonth YYYY'),
            out_shown, out_total, in_shown, id))),
        '}');
    -- as_of, caps and context_digest (over the record without as_of and
    -- context_digest) in front of the rest
    RETURN pith.record_seal('"' || pith.iso_utc(as_of, false) || '"', caps, rest);
END
$fn$;
COMMENT ON FUNCTION pith.citation_record_text(pith.arxiv_id, timestamptz, integer, integer) IS
    'the canonical JSON text of the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment: what the JSON endpoint serves';

-- The citation record of one paper (SPEC section 2) as jsonb.
CREATE FUNCTION pith.citation_record(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS jsonb
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
AS $fn$
BEGIN
    RETURN pith.citation_record_text(arxiv_id, as_of, outbound_cap, inbound_cap)::jsonb;
END
$fn$;
COMMENT ON FUNCTION pith.citation_record(pith.arxiv_id, timestamptz, integer, integer) IS
    'the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment, from the reference tables; pith.canonical_json() of it is pith.citation_record_text()';

CREATE VIEW pith.outbound_observations AS
SELECT p.arxiv_id AS citing_arxiv_id, o.reference_index, o.observation_id, o.observation::jsonb AS observation
FROM pith.papers p
CROSS JOIN LATERAL pith.observation_rows(p.arxiv_id, false, pg_catalog.now(), NULL) o;
COMMENT ON VIEW pith.outbound_observations IS
    'every paper''s outbound citation observations as of now, the same objects (digest included) as in pith.citation_record()';

CREATE VIEW pith.inbound_observations AS
SELECT p.arxiv_id AS cited_arxiv_id, o.citing_arxiv_id, o.reference_index, o.observation_id, o.observation::jsonb AS observation
FROM pith.papers p
CROSS JOIN LATERAL pith.observation_rows(p.arxiv_id, true, pg_catalog.now(), NULL) o;
COMMENT ON VIEW pith.inbound_observations IS
    'other papers'' references to each paper as of now, the same objects (digest included) as in the citing paper''s record';

-- Only papers observed by now: a record asked for before its paper's
-- snapshot is an error (P0002), and one such row (a snapshot dated in the
-- future) must not make the whole view fail.
CREATE VIEW pith.citation_records AS
SELECT p.arxiv_id, pith.citation_record(p.arxiv_id) AS record
FROM pith.papers p
WHERE p.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now();
COMMENT ON VIEW pith.citation_records IS
    'the citation record of every paper observed by now (snapshot_observed_at <= now()), as of now, with the default caps';
