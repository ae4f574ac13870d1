-- 42_history.sql -- the catalog keeps every snapshot (issue 16): papers,
-- paper_versions and cited_works hold the current row of each paper,
-- version and work, under the SPEC's column names, readable and writable as
-- before; the tables *_history hold every earlier row with the moment it
-- stopped being current.  A trigger on each current table writes the
-- history, so it is kept whoever writes: pith.ingest_record(), the loaders,
-- a user's plain UPDATE or INSERT ... ON CONFLICT DO UPDATE.
--
-- Validity.  A snapshot of a paper or work is valid from its
-- snapshot_observed_at until the snapshot_observed_at of the one that
-- replaced it (valid_until, exclusive); the current row is valid from its
-- snapshot_observed_at on.  The intervals of one key never overlap, so at
-- any moment at most one snapshot is valid, and before the first one none:
-- a paper or work first observed after a moment did not exist then.
-- pith.citation_record(id, as_of) reads the current row when its snapshot
-- was observed by as_of, else the history row valid at as_of.
--
-- The rules of an UPDATE of a current row (the trigger enforces them):
--   * a later snapshot_observed_at is a new snapshot: the old row goes to
--     the history, valid until the new row's snapshot_observed_at;
--   * the same snapshot_observed_at may only fill in values that were NULL
--     (completing the same snapshot, as pith.ingest_record() does); changing
--     or removing a stored value without a new snapshot_observed_at is
--     refused (23000): the records issued from that snapshot would change;
--   * an earlier snapshot_observed_at is refused (23000): history only
--     grows forward (a loader that meets an older file skips its rows);
--   * the key (arxiv_id; work_id; arxiv_id and version) cannot change
--     (23000): a snapshot is of one paper or work.
-- An UPDATE that changes nothing writes no history.  A DELETE removes the
-- paper or work with its history (foreign keys, ON DELETE CASCADE), as it
-- removes a paper's references and measurements.
--
-- paper_versions has no observation time of its own (SPEC section 1): its
-- history says when a row was replaced (superseded_at, the transaction's
-- time).  Records do not read versions; the resolver reads the current ones.

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
-- table and the key columns (comma-separated, for messages); on a Citus
-- install a third, the placement of the history table beside the
-- placement the trigger is on (see pith.distribute_history() in
-- 80_distribute.sql): the trigger then writes there.
CREATE FUNCTION pith.keep_history()
RETURNS trigger
LANGUAGE plpgsql
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    history text := TG_ARGV[0];
    keys text[] := string_to_array(TG_ARGV[1], ',');
    placement text := CASE WHEN TG_NARGS > 2 THEN TG_ARGV[2] END;
    -- for messages: the table's own name, also on a Citus placement (papers_102008)
    tname text := CASE WHEN TG_NARGS > 2 THEN regexp_replace(TG_TABLE_NAME, '_[0-9]+$', '') ELSE TG_TABLE_NAME END;
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
        RAISE EXCEPTION 'the key of a %.% row cannot change', TG_TABLE_SCHEMA, tname
            USING ERRCODE = 'integrity_constraint_violation',
                  DETAIL = format('%s would change from %s to %s.', k, old_row -> k, new_row -> k),
                  HINT = 'A snapshot belongs to one paper or work: insert a new row instead.';
    END IF;

    IF history = 'paper_versions_history' THEN
        -- paper_versions: every change keeps the row it replaces; within one
        -- transaction only the row as it stood before it
        IF placement IS NOT NULL THEN
            EXECUTE format('INSERT INTO %s SELECT ($1).*, now() ON CONFLICT DO NOTHING', placement) USING OLD;
        ELSE
            INSERT INTO pith.paper_versions_history SELECT OLD.*, now() ON CONFLICT DO NOTHING;
        END IF;
        RETURN NEW;
    END IF;

    IF NEW.snapshot_observed_at > OLD.snapshot_observed_at THEN
        IF placement IS NOT NULL THEN
            EXECUTE format('INSERT INTO %s SELECT ($1).*, $2', placement) USING OLD, NEW.snapshot_observed_at;
        ELSIF history = 'papers_history' THEN
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
        RAISE EXCEPTION 'a %.% row cannot go back to an earlier snapshot', TG_TABLE_SCHEMA, tname
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
                        TG_TABLE_SCHEMA, tname
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
