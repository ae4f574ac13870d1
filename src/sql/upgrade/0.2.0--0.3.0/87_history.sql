-- 87_history.sql -- the catalog keeps every snapshot (issue 16).
-- New objects: the tables pith.papers_history, pith.cited_works_history and
-- pith.paper_versions_history (empty: the rows stored under 0.2.0 are each
-- paper's and work's current, first snapshot), the trigger function
-- pith.keep_history() and its three triggers, the views
-- pith.read_papers_history and pith.read_works_history.  Changed:
-- pith.refresh_inbound (keeps the inbound rows of every paper a work named
-- in an earlier snapshot), pith.distribution_layout() (the history tables
-- are reference tables) and pith.distribute() (drops the history triggers:
-- a distributed catalog keeps no history yet).  The record builder (C)
-- reads the history through the new views.  Same text as
-- src/sql/42_history.sql, the end of 46_read_views.sql, 48_inbound.sql and
-- 80_distribute.sql.

CREATE TABLE pith.papers_history (
    arxiv_id             pith.arxiv_id NOT NULL REFERENCES pith.papers (arxiv_id) ON DELETE CASCADE,
    title                text NOT NULL,
    latest_version       integer,
    submitted_at         timestamptz,
    last_updated         timestamptz,
    primary_category     text,
    snapshot_observed_at timestamptz NOT NULL,
    valid_until          timestamptz NOT NULL,
    CONSTRAINT papers_history_pkey PRIMARY KEY (arxiv_id, snapshot_observed_at),
    CONSTRAINT papers_history_valid_after_observed
        CHECK (valid_until OPERATOR(pg_catalog.>) snapshot_observed_at)
);
COMMENT ON TABLE pith.papers_history IS
    'earlier snapshots of pith.papers rows, each valid from snapshot_observed_at until valid_until (exclusive); written by a trigger on pith.papers';

CREATE TABLE pith.cited_works_history (
    work_id              uuid NOT NULL REFERENCES pith.cited_works (work_id) ON DELETE CASCADE,
    title                text,
    doi                  pith.doi,
    arxiv_id             pith.arxiv_id,
    venue                text,
    year                 integer,
    metadata_source      text NOT NULL,
    snapshot_observed_at timestamptz NOT NULL,
    valid_until          timestamptz NOT NULL,
    CONSTRAINT cited_works_history_pkey PRIMARY KEY (work_id, snapshot_observed_at),
    CONSTRAINT cited_works_history_valid_after_observed
        CHECK (valid_until OPERATOR(pg_catalog.>) snapshot_observed_at)
);
COMMENT ON TABLE pith.cited_works_history IS
    'earlier snapshots of pith.cited_works rows, each valid from snapshot_observed_at until valid_until (exclusive); written by a trigger on pith.cited_works';
-- refresh_inbound keeps the inbound rows of every paper a work ever named
CREATE INDEX cited_works_history_arxiv_base_idx ON pith.cited_works_history (pith.arxiv_base(arxiv_id))
    WHERE arxiv_id IS NOT NULL;

CREATE TABLE pith.paper_versions_history (
    arxiv_id      pith.arxiv_id NOT NULL,
    version       integer NOT NULL,
    title         text,
    submitted_at  timestamptz,
    superseded_at timestamptz NOT NULL,
    CONSTRAINT paper_versions_history_pkey PRIMARY KEY (arxiv_id, version, superseded_at),
    CONSTRAINT paper_versions_history_version_fkey FOREIGN KEY (arxiv_id, version)
        REFERENCES pith.paper_versions (arxiv_id, version) ON DELETE CASCADE
);
COMMENT ON TABLE pith.paper_versions_history IS
    'earlier rows of pith.paper_versions, each with the moment (transaction time) it was replaced; written by a trigger on pith.paper_versions';

-- The trigger: one function for the three tables.  TG_ARGV: the history
-- table and the key columns (comma-separated, for messages).
CREATE FUNCTION pith.keep_history()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    history text := TG_ARGV[0];
    keys text[] := string_to_array(TG_ARGV[1], ',');
    old_row jsonb;
    new_row jsonb;
    changed text;
    key_changed boolean;
    k text;
BEGIN
    -- (each table's fields in its own expression: plpgsql resolves a
    -- record's fields when it prepares the expression)
    IF history = 'papers_history' THEN
        key_changed := NEW.arxiv_id IS DISTINCT FROM OLD.arxiv_id;
    ELSIF history = 'cited_works_history' THEN
        key_changed := NEW.work_id IS DISTINCT FROM OLD.work_id;
    ELSE
        key_changed := NEW.arxiv_id IS DISTINCT FROM OLD.arxiv_id OR NEW.version IS DISTINCT FROM OLD.version;
    END IF;
    IF key_changed THEN
        old_row := to_jsonb(OLD);
        new_row := to_jsonb(NEW);
        SELECT c INTO k FROM unnest(keys) AS c WHERE (old_row -> c) IS DISTINCT FROM (new_row -> c) LIMIT 1;
        RAISE EXCEPTION 'the key of a %.% row cannot change', TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s.', k, old_row -> k, new_row -> k),
                  HINT = 'A snapshot belongs to one paper or work: insert a new row instead.';
    END IF;

    IF history = 'paper_versions_history' THEN
        -- paper_versions: every change keeps the row it replaces; within one
        -- transaction only the row as it stood before it
        INSERT INTO pith.paper_versions_history SELECT OLD.*, now() ON CONFLICT DO NOTHING;
        RETURN NEW;
    END IF;

    IF NEW.snapshot_observed_at > OLD.snapshot_observed_at THEN
        IF history = 'papers_history' THEN
            INSERT INTO pith.papers_history SELECT OLD.*, NEW.snapshot_observed_at;
        ELSE
            INSERT INTO pith.cited_works_history SELECT OLD.*, NEW.snapshot_observed_at;
        END IF;
        RETURN NEW;
    END IF;

    old_row := to_jsonb(OLD);
    new_row := to_jsonb(NEW);
    k := (SELECT string_agg(format('%s %s', c, old_row ->> c), ', ') FROM unnest(keys) AS c);
    IF NEW.snapshot_observed_at < OLD.snapshot_observed_at THEN
        RAISE EXCEPTION 'a %.% row cannot go back to an earlier snapshot', TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('The stored snapshot of %s was observed at %s, the new one at %s.',
                                  k, pith.iso_utc(OLD.snapshot_observed_at), pith.iso_utc(NEW.snapshot_observed_at)),
                  HINT = 'History only grows forward: skip rows older than the stored snapshot.';
    END IF;
    -- the same snapshot: only NULLs may be filled in
    SELECT o.key INTO changed
    FROM jsonb_each(old_row) AS o
    WHERE o.value <> 'null'::jsonb
      AND (new_row -> o.key) IS DISTINCT FROM o.value
    ORDER BY o.key COLLATE "C"
    LIMIT 1;
    IF changed IS NOT NULL THEN
        RAISE EXCEPTION 'changing a %.% row without a new snapshot_observed_at would rewrite the records issued from its snapshot',
                        TG_TABLE_SCHEMA, TG_TABLE_NAME
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s in the snapshot of %s observed at %s.',
                                  changed, old_row -> changed, COALESCE(new_row -> changed, 'null'::jsonb),
                                  k, pith.iso_utc(OLD.snapshot_observed_at)),
                  HINT = 'Set snapshot_observed_at to when the new values were observed (for example now()): the old snapshot is kept in the history.';
    END IF;
    RETURN NEW;
END
$fn$;
COMMENT ON FUNCTION pith.keep_history() IS
    'trigger on pith.papers, pith.cited_works and pith.paper_versions: an UPDATE to a later snapshot_observed_at keeps the old row in the history table; filling NULLs of the same snapshot is allowed; other changes are refused (see 42_history.sql)';

CREATE TRIGGER papers_keep_history
    BEFORE UPDATE ON pith.papers
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('papers_history', 'arxiv_id');
CREATE TRIGGER cited_works_keep_history
    BEFORE UPDATE ON pith.cited_works
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('cited_works_history', 'work_id');
CREATE TRIGGER paper_versions_keep_history
    BEFORE UPDATE ON pith.paper_versions
    FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
    EXECUTE FUNCTION pith.keep_history('paper_versions_history', 'arxiv_id,version');

SELECT pg_catalog.pg_extension_config_dump('pith.papers_history', '');
SELECT pg_catalog.pg_extension_config_dump('pith.cited_works_history', '');
SELECT pg_catalog.pg_extension_config_dump('pith.paper_versions_history', '');

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

