-- 46_read_views.sql -- the rows a citation record is built from, as views.
--
-- pith has no SECURITY DEFINER function, so a function runs with its
-- caller's rights; a view, though, reads its tables with its owner's.  The
-- record functions (pith.citation_record and what it calls) read these
-- views, never the tables, so a reader needs USAGE on schema pith and
-- SELECT on pith's views -- nothing on the tables, and no right to write.
-- Each view is its table's columns in the table's order (the record builds
-- rows of the table's type from them); the planner flattens them, so a
-- record's plans are the tables' plans.

CREATE VIEW pith.read_papers AS
    SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category,
           snapshot_observed_at
    FROM pith.papers;
COMMENT ON VIEW pith.read_papers IS
    'pith.papers as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_references AS
    SELECT observation_id, citing_arxiv_id, citing_version, reference_index, raw_text, title, year,
           pith_arxiv_id, doi, source, source_observed_at
    FROM pith.paper_references;
COMMENT ON VIEW pith.read_references IS
    'pith.paper_references as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_links AS
    SELECT observation_id, work_id, status, resolver_source, observed_at, score, citing_arxiv_id
    FROM pith.paper_reference_links;
COMMENT ON VIEW pith.read_links IS
    'pith.paper_reference_links as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_works AS
    SELECT work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at
    FROM pith.cited_works;
COMMENT ON VIEW pith.read_works IS
    'pith.cited_works as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_events AS
    SELECT work_id, source, event_type, event_date, notice_doi, observed_at
    FROM pith.scholarly_work_events;
COMMENT ON VIEW pith.read_events IS
    'pith.scholarly_work_events as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_receipts AS
    SELECT work_id, source, observed_at
    FROM pith.retraction_status_cache;
COMMENT ON VIEW pith.read_receipts IS
    'pith.retraction_status_cache as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_measurements AS
    SELECT arxiv_id, source, cited_by_count, measured_at
    FROM pith.citation_measurements;
COMMENT ON VIEW pith.read_measurements IS
    'pith.citation_measurements as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_inbound AS
    SELECT cited_arxiv_id, observation_id, citing_arxiv_id, reference_index, reference, link
    FROM pith.inbound_references;
COMMENT ON VIEW pith.read_inbound IS
    'pith.inbound_references as citation records read it: readers need SELECT on this view, not on the table';

-- The earlier snapshots (42_history.sql): a record as of a moment before a
-- paper's or work's current snapshot reads the one valid then.
CREATE VIEW pith.read_papers_history AS
    SELECT arxiv_id, title, latest_version, submitted_at, last_updated, primary_category,
           snapshot_observed_at, valid_until
    FROM pith.papers_history;
COMMENT ON VIEW pith.read_papers_history IS
    'pith.papers_history as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_works_history AS
    SELECT work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at, valid_until
    FROM pith.cited_works_history;
COMMENT ON VIEW pith.read_works_history IS
    'pith.cited_works_history as citation records read it: readers need SELECT on this view, not on the table';
