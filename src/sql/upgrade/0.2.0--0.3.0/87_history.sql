-- 87_history.sql -- the catalog keeps every snapshot (issue 16).
-- New objects: the tables pith.papers_history, pith.cited_works_history and
-- pith.paper_versions_history (empty: the rows stored under 0.2.0 are each
-- paper's and work's current, first snapshot), the trigger function
-- pith.keep_history() and its three triggers, the views
-- pith.read_papers_history and pith.read_works_history.  Changed:
-- pith.refresh_inbound (keeps the inbound rows of every paper a work named
-- in an earlier snapshot).  The record builder (C) reads the history
-- through the new views.  Same text as src/sql/42_history.sql, the end of
-- 46_read_views.sql and 48_inbound.sql.

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

CREATE OR REPLACE FUNCTION pith.refresh_inbound(citing pith.arxiv_id[] DEFAULT NULL, prune boolean DEFAULT true)
RETURNS bigint
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
-- the copies are to_jsonb() of the rows: the same text whatever the
-- session's time zone, and floats that read back exactly
SET TimeZone = 'UTC'
SET extra_float_digits = 1
AS $fn$
DECLARE
    papers_in pith.arxiv_id[];
    want pith.inbound_references[];
    have pith.inbound_references[];
    want_keys text[];
    k bigint;
    changed bigint := 0;
BEGIN
    IF prune IS NULL THEN
        RAISE EXCEPTION 'prune must not be NULL' USING ERRCODE = 'null_value_not_allowed';
    END IF;
    IF citing IS NULL THEN
        -- every paper, 1,000 papers per step, so that a rebuild after a
        -- bulk load holds one step's rows in memory, not the catalog's
        FOR papers_in IN
            SELECT array_agg(q.arxiv_id ORDER BY q.arxiv_id)
            FROM (SELECT p.arxiv_id, (row_number() OVER (ORDER BY p.arxiv_id) - 1) / 1000 AS step
                  FROM pith.papers p) q
            GROUP BY q.step
            ORDER BY q.step
        LOOP
            changed := changed + pith.refresh_inbound(papers_in, prune);
        END LOOP;
        RETURN changed;
    END IF;
    SELECT array_agg(DISTINCT pith.arxiv_base(c) ORDER BY pith.arxiv_base(c)) INTO papers_in
    FROM unnest(citing) AS c
    WHERE c IS NOT NULL;
    IF papers_in IS NULL THEN
        RETURN 0;
    END IF;

    -- one writer per paper from here to commit
    PERFORM 1 FROM pith.papers p
    WHERE p.arxiv_id = ANY (papers_in)
    ORDER BY p.arxiv_id
    FOR NO KEY UPDATE;

    -- what the rows should be: every reference of these papers that names
    -- another paper, once per paper it names (its own arXiv id, its
    -- link's work in its current or any earlier snapshot), with its
    -- reference and link rows as stored
    SELECT array_agg(ROW(t.cited, r.observation_id, r.citing_arxiv_id, r.reference_index,
                         to_jsonb(r), to_jsonb(l))::pith.inbound_references
                     ORDER BY t.cited, r.observation_id),
           array_agg(t.cited::text || ' ' || r.observation_id::text)
    INTO want, want_keys
    FROM pith.paper_references r
    LEFT JOIN pith.paper_reference_links l
           ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
    LEFT JOIN pith.cited_works w ON w.work_id = l.work_id
    CROSS JOIN LATERAL (
        SELECT DISTINCT v.cited
        FROM (VALUES (pith.arxiv_base(r.pith_arxiv_id)), (pith.arxiv_base(w.arxiv_id))
              UNION ALL
              -- every paper the work named in an earlier snapshot: records
              -- as of then still list the reference (42_history.sql)
              SELECT pith.arxiv_base(wh.arxiv_id) FROM pith.cited_works_history wh
              WHERE wh.work_id = l.work_id) AS v(cited)
        WHERE v.cited IS NOT NULL AND v.cited <> r.citing_arxiv_id
    ) t
    WHERE r.citing_arxiv_id = ANY (papers_in);

    IF prune THEN
        DELETE FROM pith.inbound_references ib
        WHERE ib.citing_arxiv_id = ANY (papers_in)
          AND NOT (ib.cited_arxiv_id::text || ' ' || ib.observation_id::text) = ANY (COALESCE(want_keys, '{}'));
        GET DIAGNOSTICS k = ROW_COUNT;
        changed := changed + k;
    END IF;

    IF want IS NOT NULL THEN
        -- only rows that are missing or differ are written: a refresh of an
        -- unchanged paper writes nothing (and counts nothing, on Citus too)
        SELECT array_agg(ROW(ib.*)::pith.inbound_references) INTO have
        FROM pith.inbound_references ib
        WHERE ib.cited_arxiv_id = ANY (ARRAY(SELECT w.cited_arxiv_id FROM unnest(want) AS w))
          AND ib.citing_arxiv_id = ANY (papers_in);
        SELECT array_agg(w ORDER BY w.cited_arxiv_id, w.observation_id) INTO want
        FROM unnest(want) AS w
        WHERE NOT EXISTS (SELECT 1 FROM unnest(have) AS h
                          WHERE h.cited_arxiv_id = w.cited_arxiv_id
                            AND h.observation_id = w.observation_id
                            AND h.reference = w.reference
                            AND h.link IS NOT DISTINCT FROM w.link);
    END IF;
    IF want IS NOT NULL THEN
        INSERT INTO pith.inbound_references AS ib
        SELECT * FROM unnest(want)
        ON CONFLICT (cited_arxiv_id, observation_id) DO UPDATE
           SET reference = excluded.reference,
               link = excluded.link;
        changed := changed + cardinality(want);
    END IF;
    RETURN changed;
END
$fn$;
COMMENT ON FUNCTION pith.refresh_inbound(pith.arxiv_id[], boolean) IS
    'make pith.inbound_references say what the references and links of the given citing papers say (NULL: every paper); prune => false only adds and updates rows; returns the rows written or removed';
