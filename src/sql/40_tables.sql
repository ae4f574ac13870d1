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
CREATE TABLE pith.paper_reference_links (
    observation_id  uuid PRIMARY KEY REFERENCES pith.paper_references (observation_id) ON DELETE CASCADE,
    work_id         uuid REFERENCES pith.cited_works (work_id),
    status          pith.resolution_status NOT NULL,
    resolver_source text,
    observed_at     timestamptz NOT NULL DEFAULT pg_catalog.now(),
    score           double precision,
    CONSTRAINT paper_reference_links_verified_has_work
        CHECK (status NOT IN ('verified_exact', 'verified_fuzzy') OR work_id IS NOT NULL),
    CONSTRAINT paper_reference_links_score_range
        CHECK (score OPERATOR(pg_catalog.>=) 0 AND score OPERATOR(pg_catalog.<=) 1)
);
COMMENT ON TABLE pith.paper_reference_links IS
    'the resolution of one reference: its state, the work it names (if any), who decided and the score that justified it';
CREATE INDEX paper_reference_links_work_idx ON pith.paper_reference_links (work_id)
    WHERE work_id IS NOT NULL;

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
