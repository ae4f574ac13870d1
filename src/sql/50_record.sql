-- 50_record.sql -- the citation record (SPEC section 2): declarations only.
-- The record is built in C, in one pass (src/record_build.c): the builder
-- runs its own index lookups through the pith.read_* views (so a reader
-- needs the rights it always needed) and writes every member -- top level
-- and observations -- in code point order from the key table of
-- src/core/record_shape.h, hashing as it writes.  Every observation, in a
-- record's outbound or inbound list and in both views, is written by the
-- same C writer (src/record_write.c), so the bytes (digest included) are
-- the same wherever an app reads them.

CREATE FUNCTION pith.iso_utc(ts timestamptz, offset_form boolean DEFAULT false)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_iso_utc'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.iso_utc(timestamptz, boolean) IS
    'ISO 8601 text of a timestamp in UTC as a citation record prints it: microseconds only when non-zero, suffix Z (or +00:00 when offset_form)';

-- The shape of a v1 record, declared once in C (src/core/record_shape.c):
-- every object with its keys in the order the canonical text writes them.
-- The record writer writes from the same table.
CREATE FUNCTION pith.record_shape()
RETURNS TABLE (object text, key text, "position" integer)
AS 'MODULE_PATHNAME', 'pith_record_shape'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 80;
COMMENT ON FUNCTION pith.record_shape() IS
    'the objects of a pith.paper-citation-record.v1 record and their keys, in the code point order its canonical text writes them (the C writer''s own key table)';

-- The canonical JSON text of one observation, sealed with its digest, from
-- its joined rows (src/record.c), through the record's one writer.  Reads
-- no table.
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
    'canonical JSON text of the observation of one reference (SPEC section 2) from its joined rows, with its observation_digest; cited, link and work may be NULL; receipts are the latest per source, sorted by source; for callers that hold the rows (the record builder writes observations itself, through the same C writer)';

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
AS 'MODULE_PATHNAME', 'pith_observation_rows'
LANGUAGE C STABLE PARALLEL SAFE ROWS 100
SET search_path = pg_catalog, pith
-- the builder's statements are planned once per session (their best plans
-- do not depend on the arguments); pith.distribute() turns this into
-- custom plans so that Citus can route them
SET plan_cache_mode = force_generic_plan;
COMMENT ON FUNCTION pith.observation_rows(pith.arxiv_id, boolean, timestamptz, integer) IS
    'the outbound (inbound = false) or inbound observations of a paper as of a moment, numbered in record order; observation objects for the first cap rows';

-- The citation record of one paper (SPEC section 2) as its canonical JSON
-- text, the bytes the JSON endpoint serves.  At most five statements read
-- tables: the paper with its measurements, its outbound observations, the
-- inbound rows keyed by the paper, and the receipts and events of the works
-- shown.
CREATE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_citation_record_text'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;
COMMENT ON FUNCTION pith.citation_record_text(pith.arxiv_id, timestamptz, integer, integer) IS
    'the canonical JSON text of the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment: what the JSON endpoint serves';

-- The citation record of one paper (SPEC section 2) as jsonb: the same
-- text, parsed once.
CREATE FUNCTION pith.citation_record(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'pith_citation_record'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;
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

-- Only papers with a snapshot observed by now: a record asked for before
-- its paper's first snapshot is an error (P0002), and one such row (a
-- snapshot dated in the future) must not make the whole view fail.  A
-- current snapshot dated in the future leaves the snapshot it replaced
-- (pith.papers_history) valid now, and citation_record(id) builds the
-- record from it: the view shows that record too (issue 16: a record now
-- is the catalog's state now, history included).
CREATE VIEW pith.citation_records AS
SELECT p.arxiv_id, pith.citation_record(p.arxiv_id) AS record
FROM pith.papers p
WHERE p.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now()
   OR EXISTS (SELECT 1 FROM pith.papers_history h
              WHERE h.arxiv_id OPERATOR(pith.=) p.arxiv_id
                AND h.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now());
COMMENT ON VIEW pith.citation_records IS
    'the citation record, as of now with the default caps, of every paper with a snapshot observed by now (its current one, or an earlier one in pith.papers_history)';
