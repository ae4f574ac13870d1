-- 40_tables.sql -- the reference tables every citation record is derived from
-- (SPEC section 1), the enum of the six resolution states, and the indexes
-- that make one record cost index lookups proportional to its size.
--
-- Conventions:
--   * identifiers use pith.arxiv_id / pith.doi; papers.arxiv_id is always the
--     base identifier (no "vN"), references may cite a version;
--   * every "observed at" column defaults to now(), so a row written without
--     one is observed when it is written; citation_record(as_of) ignores rows
--     observed after as_of;
--   * every table is registered with pg_extension_config_dump, so pg_dump
--     keeps its rows;
--   * standing-source and measurement source names are COLLATE "C": records
--     list them in code point order, and their indexes then deliver that
--     order without a sort.

CREATE TYPE pith.resolution_status AS ENUM (
    'verified_exact',
    'verified_fuzzy',
    'metadata_mismatch',
    'parse_uncertain',
    'malformed_identifier',
    'unresolved'
);
COMMENT ON TYPE pith.resolution_status IS
    'how one reference was resolved to a known work: the six states of SPEC section 4';

-- One row per arXiv paper known to the catalog.
CREATE TABLE pith.papers (
    arxiv_id             pith.arxiv_id PRIMARY KEY,
    title                text NOT NULL,
    latest_version       integer,
    submitted_at         timestamptz,
    last_updated         timestamptz,
    primary_category     text,
    snapshot_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT papers_arxiv_id_is_base
        CHECK (pith.arxiv_base(arxiv_id) OPERATOR(pith.=) arxiv_id),
    CONSTRAINT papers_latest_version_positive CHECK (latest_version OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT papers_updated_after_submitted
        CHECK (last_updated OPERATOR(pg_catalog.>=) submitted_at)
);
COMMENT ON TABLE pith.papers IS
    'arXiv papers known to the catalog, one row per paper (base identifier, no version)';

-- One row per arXiv paper version whose title is known.
CREATE TABLE pith.paper_versions (
    arxiv_id     pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    version      integer NOT NULL,
    title        text,
    submitted_at timestamptz,
    PRIMARY KEY (arxiv_id, version),
    CONSTRAINT paper_versions_version_positive CHECK (version OPERATOR(pg_catalog.>=) 1)
);
COMMENT ON TABLE pith.paper_versions IS
    'arXiv paper versions and their titles, so a paper retitled between versions is still recognised';

-- One row per reference parsed from a citing paper's text.
CREATE TABLE pith.paper_references (
    observation_id     uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid(),
    citing_arxiv_id    pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    citing_version     integer NOT NULL,
    reference_index    integer NOT NULL,
    raw_text           text,
    title              text,
    year               integer,
    pith_arxiv_id      pith.arxiv_id,
    doi                pith.doi,
    source             text NOT NULL DEFAULT 'pdf_text',
    source_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT paper_references_citing_reference_index_key UNIQUE (citing_arxiv_id, reference_index),
    -- what links point at: an observation together with the paper that owns
    -- it, so a link can live with its reference when tables are spread by
    -- paper (see pith.distribute())
    CONSTRAINT paper_references_citing_observation_key UNIQUE (citing_arxiv_id, observation_id),
    CONSTRAINT paper_references_citing_version_positive CHECK (citing_version OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT paper_references_reference_index_positive CHECK (reference_index OPERATOR(pg_catalog.>=) 1),
    CONSTRAINT paper_references_year_range
        CHECK (year OPERATOR(pg_catalog.>=) 1000 AND year OPERATOR(pg_catalog.<=) 9999)
);
COMMENT ON TABLE pith.paper_references IS
    'references parsed from a citing paper''s text; observation_id is the stable id of the citation observation';
-- The inbound side: references citing a given paper, by the base of the
-- arXiv id found in the reference.
CREATE INDEX paper_references_cited_base_idx ON pith.paper_references (pith.arxiv_base(pith_arxiv_id))
    WHERE pith_arxiv_id IS NOT NULL;

-- One row per canonical work a reference can be linked to.
CREATE TABLE pith.cited_works (
    work_id              uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid(),
    title                text,
    doi                  pith.doi,
    arxiv_id             pith.arxiv_id,
    venue                text,
    year                 integer,
    metadata_source      text NOT NULL,
    snapshot_observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT cited_works_year_range
        CHECK (year OPERATOR(pg_catalog.>=) 1000 AND year OPERATOR(pg_catalog.<=) 9999)
);
COMMENT ON TABLE pith.cited_works IS
    'canonical works that references are linked to (metadata_source: raw_reference, crossref, arxiv, ...)';
-- The inbound side through links: works that are a given arXiv paper.
CREATE INDEX cited_works_arxiv_base_idx ON pith.cited_works (pith.arxiv_base(arxiv_id))
    WHERE arxiv_id IS NOT NULL;
CREATE INDEX cited_works_doi_idx ON pith.cited_works (doi) WHERE doi IS NOT NULL;

-- One row per resolved reference: at most one link per observation.
-- citing_arxiv_id (the paper that owns the observation; an internal column,
-- SPEC section 1 allows them) comes last because 0.2.0 added it.
CREATE TABLE pith.paper_reference_links (
    observation_id  uuid NOT NULL,
    work_id         uuid REFERENCES pith.cited_works (work_id),
    status          pith.resolution_status NOT NULL,
    resolver_source text,
    observed_at     timestamptz NOT NULL DEFAULT pg_catalog.now(),
    score           double precision,
    citing_arxiv_id pith.arxiv_id NOT NULL,
    CONSTRAINT paper_reference_links_pkey PRIMARY KEY (citing_arxiv_id, observation_id),
    CONSTRAINT paper_reference_links_observation_fkey FOREIGN KEY (citing_arxiv_id, observation_id)
        REFERENCES pith.paper_references (citing_arxiv_id, observation_id) ON DELETE CASCADE,
    CONSTRAINT paper_reference_links_verified_has_work
        CHECK (status NOT IN ('verified_exact', 'verified_fuzzy') OR work_id IS NOT NULL),
    CONSTRAINT paper_reference_links_score_range
        CHECK (score OPERATOR(pg_catalog.>=) 0 AND score OPERATOR(pg_catalog.<=) 1)
);
COMMENT ON TABLE pith.paper_reference_links IS
    'the resolution of one reference: its state, the work it names (if any), who decided and the score that justified it; citing_arxiv_id is the paper that owns the reference';
-- A link written the SPEC's way (without citing_arxiv_id) gets the paper
-- that owns its observation (the trigger fires only for such rows).
-- pith.distribute() drops this trigger: on a distributed install the writer
-- names the paper (pith's writers do).
CREATE FUNCTION pith.paper_reference_links_owner()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
BEGIN
    SELECT r.citing_arxiv_id INTO NEW.citing_arxiv_id
    FROM pith.paper_references r
    WHERE r.observation_id = NEW.observation_id;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'observation % is not in pith.paper_references', NEW.observation_id
            USING ERRCODE = 'foreign_key_violation',
                  DETAIL = 'A link resolves a stored reference; store the reference first.';
    END IF;
    RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION pith.paper_reference_links_owner() IS
    'trigger on pith.paper_reference_links: a link written without citing_arxiv_id gets the paper that owns its observation';
CREATE TRIGGER paper_reference_links_owner
    BEFORE INSERT OR UPDATE OF observation_id, citing_arxiv_id ON pith.paper_reference_links
    FOR EACH ROW WHEN (NEW.citing_arxiv_id IS NULL)
    EXECUTE FUNCTION pith.paper_reference_links_owner();
CREATE INDEX paper_reference_links_work_idx ON pith.paper_reference_links (work_id)
    WHERE work_id IS NOT NULL;

-- The inbound side, keyed by the cited paper: one row per (paper, reference
-- of another paper that names it), holding a copy of the reference and its
-- link as they are stored.  A reference names a paper through its own
-- arXiv id or through its link's work, so it has at most two rows here.
-- This is what lets a record read its inbound observations from the rows
-- keyed by its own paper -- one shard's rows once pith.distribute() has
-- spread the tables by paper -- instead of searching every paper's
-- references.  It is derived data: pith.ingest_record() and
-- pith.resolve_paper() keep it current in the same transaction, and
-- pith.refresh_inbound() rebuilds it after references or links were
-- written by hand.  Rows are a superset: a record still checks, as of its
-- moment, that the reference names the paper.
CREATE TABLE pith.inbound_references (
    cited_arxiv_id  pith.arxiv_id NOT NULL,
    observation_id  uuid NOT NULL,
    citing_arxiv_id pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    reference_index integer NOT NULL,
    reference       jsonb NOT NULL,
    link            jsonb,
    CONSTRAINT inbound_references_pkey PRIMARY KEY (cited_arxiv_id, observation_id),
    CONSTRAINT inbound_references_cited_is_base
        CHECK (pith.arxiv_base(cited_arxiv_id) OPERATOR(pith.=) cited_arxiv_id),
    CONSTRAINT inbound_references_not_self
        CHECK (cited_arxiv_id OPERATOR(pith.<>) citing_arxiv_id)
);
COMMENT ON TABLE pith.inbound_references IS
    'derived: other papers'' references to each paper (by its own arXiv id or its link''s work), keyed by the cited paper, with copies of the reference and link rows (to_jsonb); kept by ingest_record and resolve_paper, rebuilt by refresh_inbound';
-- a record reads its inbound rows in record order
CREATE INDEX inbound_references_order_idx
    ON pith.inbound_references (cited_arxiv_id, citing_arxiv_id, reference_index);
-- refresh_inbound finds a citing paper's rows
CREATE INDEX inbound_references_citing_idx ON pith.inbound_references (citing_arxiv_id);

-- One row per integrity event on a work.
CREATE TABLE pith.scholarly_work_events (
    work_id     uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    source      text COLLATE "C" NOT NULL,
    event_type  text COLLATE "C" NOT NULL,
    event_date  date,
    notice_doi  pith.doi,
    observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    CONSTRAINT scholarly_work_events_key
        UNIQUE NULLS NOT DISTINCT (work_id, source, event_type, event_date, notice_doi),
    CONSTRAINT scholarly_work_events_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) ''),
    CONSTRAINT scholarly_work_events_type_nonempty CHECK (event_type OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.scholarly_work_events IS
    'integrity events (retraction, correction, expression_of_concern, withdrawal, ...) on a work, by source';

-- One row per check of one work against one standing source.
CREATE TABLE pith.retraction_status_cache (
    work_id     uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    source      text COLLATE "C" NOT NULL,
    observed_at timestamptz NOT NULL DEFAULT pg_catalog.now(),
    PRIMARY KEY (work_id, source, observed_at),
    CONSTRAINT retraction_status_cache_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.retraction_status_cache IS
    'receipts: when a work was checked against a standing source (crossref, retraction_watch, ...)';

-- One row per dated external citation count of a paper.
CREATE TABLE pith.citation_measurements (
    arxiv_id       pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    source         text COLLATE "C" NOT NULL,
    cited_by_count bigint NOT NULL,
    measured_at    timestamptz NOT NULL,
    PRIMARY KEY (arxiv_id, source, measured_at),
    CONSTRAINT citation_measurements_count_nonnegative CHECK (cited_by_count OPERATOR(pg_catalog.>=) 0),
    CONSTRAINT citation_measurements_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.citation_measurements IS
    'dated external citation counts of a paper, one row per source and measurement; never summed across sources';

SELECT pg_catalog.pg_extension_config_dump('pith.papers', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_versions', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_references', '');
SELECT pg_catalog.pg_extension_config_dump('pith.cited_works', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_reference_links', '');
SELECT pg_catalog.pg_extension_config_dump('pith.scholarly_work_events', '');
SELECT pg_catalog.pg_extension_config_dump('pith.retraction_status_cache', '');
SELECT pg_catalog.pg_extension_config_dump('pith.citation_measurements', '');
SELECT pg_catalog.pg_extension_config_dump('pith.inbound_references', '');
