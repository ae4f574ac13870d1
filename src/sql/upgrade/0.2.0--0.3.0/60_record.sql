-- 60_record.sql -- the record in one pass (issue 15): the record, its
-- jsonb form and pith.observation_rows are built by one C writer
-- (src/record_build.c, src/record_write.c) instead of PL/pgSQL assembly.
-- Changed objects: pith.observation_rows, pith.citation_record_text and
-- pith.citation_record (now C), the comment of pith.observation_text,
-- pith.record_seal (dropped: the writer seals the record itself) and
-- pith.record_shape() (new: the key table of the v1 record).  (The view
-- pith.citation_records is issue 13's, fragment 30_reliability.)

DROP FUNCTION pith.record_seal(text, text, text);

-- The shape of a v1 record, declared once in C (src/core/record_shape.c):
-- every object with its keys in the order the canonical text writes them.
-- The record writer writes from the same table.
CREATE FUNCTION pith.record_shape()
RETURNS TABLE (object text, key text, "position" integer)
AS 'MODULE_PATHNAME', 'pith_record_shape'
LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 80;
COMMENT ON FUNCTION pith.record_shape() IS
    'the objects of a pith.paper-citation-record.v1 record and their keys, in the code point order its canonical text writes them (the C writer''s own key table)';

COMMENT ON FUNCTION pith.observation_text(pith.paper_references, pith.papers, pith.papers, pith.paper_reference_links, pith.cited_works, text[], timestamptz[], jsonb, bigint, timestamptz) IS
    'canonical JSON text of the observation of one reference (SPEC section 2) from its joined rows, with its observation_digest; cited, link and work may be NULL; receipts are the latest per source, sorted by source; for callers that hold the rows (the record builder writes observations itself, through the same C writer)';

CREATE OR REPLACE FUNCTION pith.observation_rows(
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

CREATE OR REPLACE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
AS 'MODULE_PATHNAME', 'pith_citation_record_text'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;

CREATE OR REPLACE FUNCTION pith.citation_record(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'pith_citation_record'
LANGUAGE C STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan;
