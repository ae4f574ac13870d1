-- 85_loaders.sql -- the loaders of the catalog's sources and the bulk
-- receipts of the standing sources (issue 16).  New objects only, the same
-- as src/sql/75_loaders.sql (which explains them): tables
-- pith.source_snapshots, pith.source_coverage, pith.load_rejects; views
-- pith.read_source_snapshots, pith.read_source_coverage; functions
-- pith.work_receipts, pith.loader_* (shared machinery, among them
-- pith.loader_work_table), pith.load_arxiv_metadata,
-- pith.load_arxiv_record, pith.load_arxiv_raw, pith.load_crossref_works,
-- pith.load_crossref_work, pith.load_retraction_watch,
-- pith.load_retraction_watch_record, pith.load_openalex_works,
-- pith.load_openalex_work.  The record builder's receipt statement (C,
-- src/record_build.c) reads the two new views; nothing stored changes.
-- ---- receipts of the standing sources ----

-- One row per load of a standing source: a check of its coverage at observed_at.
CREATE TABLE pith.source_snapshots (
    source      text COLLATE "C" NOT NULL,
    observed_at timestamptz NOT NULL,
    scope       text NOT NULL,
    loaded_at   timestamptz NOT NULL DEFAULT pg_catalog.now(),
    counts      jsonb,
    PRIMARY KEY (source, observed_at),
    CONSTRAINT source_snapshots_scope CHECK (scope OPERATOR(pg_catalog.=) ANY ('{full,delta}'::text[])),
    CONSTRAINT source_snapshots_source_nonempty CHECK (source OPERATOR(pg_catalog.<>) '')
);
COMMENT ON TABLE pith.source_snapshots IS
    'receipts in bulk: one row per load of a standing source (crossref, retraction_watch), a check at observed_at of every work in its coverage; scope full = the whole source, delta = every change since its previous load';

-- One row per work and standing source: from when that source's loads check
-- it.  No foreign key into cited_works: a TRUNCATE of the catalog's tables
-- need not name this one, and a deleted work's rows are never read (the
-- record asks for the works it shows).
CREATE TABLE pith.source_coverage (
    work_id      uuid NOT NULL,
    source       text COLLATE "C" NOT NULL,
    covered_from timestamptz NOT NULL,
    PRIMARY KEY (work_id, source)
);
COMMENT ON TABLE pith.source_coverage IS
    'receipts in bulk: a work is checked by every snapshot of the source (pith.source_snapshots) observed at or after covered_from, the first full load that saw it in the catalog with a DOI';

-- Lines a loader could not load, with why.
CREATE TABLE pith.load_rejects (
    source       text NOT NULL,
    loaded_at    timestamptz NOT NULL DEFAULT pg_catalog.now(),
    staged_table text NOT NULL,
    line_number  bigint,
    sqlstate     text NOT NULL,
    message      text NOT NULL,
    line         text
);
CREATE INDEX load_rejects_source_idx ON pith.load_rejects (source, loaded_at);
COMMENT ON TABLE pith.load_rejects IS
    'lines a loader rejected: source, when, the staged table, line number, SQLSTATE, message and the line itself';

SELECT pg_catalog.pg_extension_config_dump('pith.source_snapshots', '');
SELECT pg_catalog.pg_extension_config_dump('pith.source_coverage', '');
SELECT pg_catalog.pg_extension_config_dump('pith.load_rejects', '');

CREATE VIEW pith.read_source_snapshots AS
    SELECT source, observed_at, scope, loaded_at, counts
    FROM pith.source_snapshots;
COMMENT ON VIEW pith.read_source_snapshots IS
    'pith.source_snapshots as citation records read it: readers need SELECT on this view, not on the table';

CREATE VIEW pith.read_source_coverage AS
    SELECT work_id, source, covered_from
    FROM pith.source_coverage;
COMMENT ON VIEW pith.read_source_coverage IS
    'pith.source_coverage as citation records read it: readers need SELECT on this view, not on the table';

-- Every receipt of a work, as the record reads them: the SPEC's per-work
-- rows and, per covered source, the latest snapshot at or before as_of.
CREATE FUNCTION pith.work_receipts(work uuid, as_of timestamptz DEFAULT pg_catalog.now())
RETURNS TABLE (source text, observed_at timestamptz)
LANGUAGE sql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
BEGIN ATOMIC
    SELECT x.source, max(x.observed_at)
    FROM (SELECT c.source, c.observed_at
          FROM pith.read_receipts c
          WHERE c.work_id = work_receipts.work AND c.observed_at <= work_receipts.as_of
          UNION ALL
          SELECT v.source,
                 (SELECT max(s.observed_at) FROM pith.read_source_snapshots s
                  WHERE s.source = v.source AND s.observed_at >= v.covered_from
                    AND s.observed_at <= work_receipts.as_of)
          FROM pith.read_source_coverage v
          WHERE v.work_id = work_receipts.work) x
    WHERE x.observed_at IS NOT NULL
    GROUP BY x.source
    ORDER BY x.source;
END;
COMMENT ON FUNCTION pith.work_receipts(uuid, timestamptz) IS
    'the latest receipt per standing source of a work as of a moment: its retraction_status_cache rows and the loads (pith.source_snapshots) of the sources that cover it (pith.source_coverage); what a record''s source_receipts shows';

-- ---- the machinery every loader shares ----

-- The staged table's line number and document expressions (alias t):
-- its column line_number when it has one, else the row's position in the
-- table's physical order (the file's order after one COPY into a new
-- table); and its document, the first other column, as doc_type.
CREATE FUNCTION pith.loader_staged(staged regclass, doc_type text,
                                   OUT line_expr text, OUT doc_expr text, OUT raw_expr text)
LANGUAGE plpgsql STABLE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    col name;
    typ regtype;
BEGIN
    IF EXISTS (SELECT 1 FROM pg_attribute a
               WHERE a.attrelid = staged AND a.attname = 'line_number' AND a.attnum > 0
                 AND NOT a.attisdropped) THEN
        line_expr := 't.line_number::bigint';
    ELSE
        line_expr := 'row_number() OVER ()';
    END IF;
    IF doc_type = 'row' THEN
        doc_expr := 'NULL::jsonb';
        raw_expr := 't::text';
        RETURN;
    END IF;
    SELECT a.attname, a.atttypid::regtype INTO col, typ
    FROM pg_attribute a
    WHERE a.attrelid = staged AND a.attnum > 0 AND NOT a.attisdropped AND a.attname <> 'line_number'
    ORDER BY a.attnum
    LIMIT 1;
    IF col IS NULL THEN
        RAISE EXCEPTION 'staged table % has no document column', staged
            USING ERRCODE = 'undefined_column',
                  HINT = 'Stage the file into a table with one text, json, jsonb or xml column (and optionally line_number).';
    END IF;
    IF typ NOT IN ('text'::regtype, 'json'::regtype, 'jsonb'::regtype, 'xml'::regtype,
                   'character varying'::regtype) THEN
        RAISE EXCEPTION 'column % of staged table % is of type %', col, staged, typ
            USING ERRCODE = 'datatype_mismatch',
                  DETAIL = 'A staged document column is text, json, jsonb or xml.';
    END IF;
    doc_expr := format('t.%I::%s', col, doc_type);
    raw_expr := format('t.%I::text', col);
END
$fn$;
COMMENT ON FUNCTION pith.loader_staged(regclass, text) IS
    'for the loaders: the line number, document and raw text expressions of a staged table (alias t)';

-- Type every staged line into the temporary table target with the query
-- template (its {src} is replaced by the staged lines: pith_line, pith_doc,
-- pith_tid (the staged row's ctid) and the staged columns, alias s).  A statement that fails as a
-- whole is run again line by line: the lines that fail go to
-- pg_temp.pith_load_rejects (or, strict, raise).
CREATE FUNCTION pith.loader_type_lines(staged regclass, doc_type text, template text, target text,
                                       strict boolean)
RETURNS void
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    e record;
    r record;
    src text;
    one text;
    st text;
    msg text;
BEGIN
    e := pith.loader_staged(staged, doc_type);
    src := format('(SELECT %s AS pith_line, %s AS pith_doc, t.ctid AS pith_tid, t.* FROM %s t OFFSET 0) s',
                  e.line_expr, e.doc_expr, staged);
    BEGIN
        EXECUTE format('INSERT INTO %s %s', target, replace(template, '{src}', src));
        RETURN;
    EXCEPTION WHEN data_exception THEN
        NULL;   -- some line fails a cast the template cannot test for: go line by line
    END;
    one := format('(SELECT $2::bigint AS pith_line, %s AS pith_doc, t.ctid AS pith_tid, t.* FROM %s t WHERE t.ctid = $1 OFFSET 0) s',
                  e.doc_expr, staged);
    one := format('INSERT INTO %s %s', target, replace(template, '{src}', one));
    FOR r IN EXECUTE format('SELECT t.ctid AS tid, %s AS line, %s AS raw FROM %s t', e.line_expr, e.raw_expr, staged) LOOP
        BEGIN
            EXECUTE one USING r.tid, r.line;
        EXCEPTION WHEN data_exception THEN
            GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
            IF strict THEN
                RAISE EXCEPTION 'line %: %', r.line, msg
                    USING ERRCODE = st, DETAIL = format('Staged table %s; nothing was loaded (strict => true).', staged);
            END IF;
            INSERT INTO pg_temp.pith_load_rejects (line_number, sqlstate, message, line) VALUES (r.line, st, msg, r.raw);
        END;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.loader_type_lines(regclass, text, text, text, boolean) IS
    'for the loaders: type every staged line into a temporary table in one statement, or line by line when that statement fails, rejects split off';

-- A loader's temporary work table, empty: made by the transaction's first
-- load (ON COMMIT DROP), emptied by each later one.  Never dropped and made
-- again within a transaction: each dropped table's lock is held until the
-- commit, so a statement calling a single-document loader once per row
-- (SELECT pith.load_crossref_work(doc) FROM ...) ran out of the server's
-- shared lock table after a few hundred rows.  Emptied by DELETE while
-- small, by TRUNCATE past 256 kB: the deleted rows stay in the table until
-- the commit and every scan reads them, and each TRUNCATE writes a new
-- version of the table's pg_class row, which every later look-up of the
-- table in the transaction walks past (either alone made a long run of
-- one-document loads slow down with the square of their number).  A work
-- table's index is made once too (CREATE INDEX IF NOT EXISTS, after the
-- first fill): one more index per call made every later insert slower.
CREATE FUNCTION pith.loader_work_table(name text, columns text)
RETURNS void
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    work pg_catalog.regclass := pg_catalog.to_regclass(pg_catalog.format('pg_temp.%I', name));
BEGIN
    IF work IS NULL THEN
        EXECUTE pg_catalog.format('CREATE TEMP TABLE %I (%s) ON COMMIT DROP', name, columns);
    ELSIF pg_catalog.pg_relation_size(work) > 262144 THEN
        EXECUTE pg_catalog.format('TRUNCATE %s', work);
    ELSE
        EXECUTE pg_catalog.format('DELETE FROM %s', work);
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.loader_work_table(text, text) IS
    'for the loaders: an empty temporary work table, made once per transaction';

-- Start a load: the temporary tables, the source's lock.
CREATE FUNCTION pith.loader_begin(source text)
RETURNS void
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    -- plans made while the tables were small are not kept while they grow
    PERFORM pith.discard_outgrown_plans();
    -- one load of a source at a time (not one lock per row)
    PERFORM pg_advisory_xact_lock(hashtext('pith.loader'), hashtext(source));
    PERFORM pith.loader_work_table('pith_load_rejects',
        'line_number bigint, sqlstate text, message text, line text,
         written boolean NOT NULL DEFAULT false');
END
$fn$;
COMMENT ON FUNCTION pith.loader_begin(text) IS
    'for the loaders: take the source''s load lock and prepare the rejects of this load';

-- Move the typed lines whose bad_state is set to the rejects; end a strict
-- load at the first reject.  Returns the number of rejects of the load.
CREATE FUNCTION pith.loader_rejects(typed text, staged regclass, doc_type text, source text, strict boolean)
RETURNS bigint
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    r record;
    n bigint;
BEGIN
    -- the rejected lines' own text, from the staged rows (by ctid): the
    -- typed table does not carry every line's text
    EXECUTE format('INSERT INTO pg_temp.pith_load_rejects (line_number, sqlstate, message, line)
                    SELECT x.pith_line, x.bad_state, x.bad, (SELECT %s FROM %s t WHERE t.ctid = x.pith_tid)
                    FROM %s x WHERE x.bad_state IS NOT NULL',
                   (pith.loader_staged(staged, doc_type)).raw_expr, staged, typed);
    EXECUTE format('DELETE FROM %s WHERE bad_state IS NOT NULL', typed);
    SELECT * INTO r FROM pg_temp.pith_load_rejects WHERE NOT written ORDER BY line_number LIMIT 1;
    IF FOUND AND strict THEN
        RAISE EXCEPTION 'line %: %', r.line_number, r.message
            USING ERRCODE = r.sqlstate, DETAIL = format('Staged table %s; nothing was loaded (strict => true).', staged);
    END IF;
    INSERT INTO pith.load_rejects (source, staged_table, line_number, sqlstate, message, line)
    SELECT source, staged::text, j.line_number, j.sqlstate, j.message, j.line
    FROM pg_temp.pith_load_rejects j
    WHERE NOT j.written
    ORDER BY j.line_number;
    GET DIAGNOSTICS n = ROW_COUNT;
    UPDATE pg_temp.pith_load_rejects SET written = true WHERE NOT written;
    RETURN n;
END
$fn$;
COMMENT ON FUNCTION pith.loader_rejects(text, regclass, text, text, boolean) IS
    'for the loaders: move the lines that failed a check to pith.load_rejects (strict: raise at the first)';

-- Record a load of a standing source: its snapshot row, and the works that
-- enter its coverage (a full load: every work in the catalog with a DOI
-- then).  A delta needs an earlier load of the source.  Idempotent: the same
-- source and observed_at writes nothing again.
CREATE FUNCTION pith.loader_receipt(source text, observed_at timestamptz, scope text, counts jsonb)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    n_snap bigint;
    n_cov bigint := 0;
    n_back bigint := 0;
BEGIN
    IF scope = 'none' THEN
        RETURN jsonb_build_object('scope', 'none');
    END IF;
    IF scope NOT IN ('full', 'delta') THEN
        RAISE EXCEPTION 'coverage must be full, delta or none, not %', scope
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF scope = 'delta' AND NOT EXISTS (SELECT 1 FROM pith.source_snapshots s
                                       WHERE s.source = loader_receipt.source
                                         AND s.observed_at < loader_receipt.observed_at) THEN
        RAISE EXCEPTION 'a delta load of % needs an earlier load of it', source
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'A delta holds the changes since the previous load; there is none before this one.',
                  HINT = 'Load the source''s full data first (coverage => ''full'').';
    END IF;
    INSERT INTO pith.source_snapshots AS s (source, observed_at, scope, counts)
    VALUES (source, observed_at, scope, counts)
    ON CONFLICT ON CONSTRAINT source_snapshots_pkey DO NOTHING;
    GET DIAGNOSTICS n_snap = ROW_COUNT;
    IF scope = 'full' THEN
        -- works the catalog held with a DOI at that moment, not yet covered
        INSERT INTO pith.source_coverage (work_id, source, covered_from)
        SELECT w.work_id, loader_receipt.source, loader_receipt.observed_at
        FROM pith.cited_works w
        WHERE w.doi IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pith.source_coverage c
                          WHERE c.work_id = w.work_id AND c.source = loader_receipt.source)
        ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_cov = ROW_COUNT;
        -- an older full load loaded later moves the start back
        UPDATE pith.source_coverage c SET covered_from = loader_receipt.observed_at
        FROM pith.cited_works w
        WHERE c.source = loader_receipt.source AND c.covered_from > loader_receipt.observed_at
          AND w.work_id = c.work_id AND w.doi IS NOT NULL;
        GET DIAGNOSTICS n_back = ROW_COUNT;
    END IF;
    RETURN jsonb_build_object('scope', scope, 'snapshot_inserted', n_snap,
                              'works_entering_coverage', n_cov, 'coverage_moved_back', n_back);
END
$fn$;
COMMENT ON FUNCTION pith.loader_receipt(text, timestamptz, text, jsonb) IS
    'for the loaders: record one load of a standing source as a check (pith.source_snapshots) and the works entering its coverage (pith.source_coverage)';

-- A one-row staged table holding one document, for the single-document loaders.
CREATE FUNCTION pith.loader_stage_one(doc text)
RETURNS regclass
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    PERFORM pith.loader_work_table('pith_load_one', 'line_number bigint, line text');
    INSERT INTO pg_temp.pith_load_one VALUES (1, doc);
    RETURN 'pg_temp.pith_load_one'::regclass;
END
$fn$;
COMMENT ON FUNCTION pith.loader_stage_one(text) IS
    'for the single-document loaders: a temporary staged table of one line';

-- ---- arXiv: papers and paper_versions ----

-- The common arXiv step: the documents of staged (the snapshot's shape: id,
-- title, categories, versions[] {version, created}) into papers and
-- paper_versions.
CREATE FUNCTION pith.loader_arxiv_write(staged regclass, doc_type text, source text,
                                        observed_at timestamptz, strict boolean)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    n_lines bigint;
    n_rej bigint;
    n_ins bigint;
    n_chg bigint;
    n_same bigint;
    n_stale bigint;
    v_ins bigint;
    v_chg bigint;
    v_same bigint;
BEGIN
    DROP TABLE IF EXISTS pg_temp.pith_arxiv_typed;
    CREATE TEMP TABLE pith_arxiv_typed (
        pith_line bigint, pith_tid tid, arxiv_id pith.arxiv_id, title text, primary_category text,
        versions integer[], created timestamptz[], bad_state text, bad text) ON COMMIT DROP;
    PERFORM pith.loader_type_lines(staged, doc_type, $q$
        SELECT s.pith_line, s.pith_tid, i.id, i.title, i.cat, v.nums, v.ats,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN '22023'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN '23502'
                    WHEN i.id IS NULL THEN '22P02'
                    WHEN i.title IS NULL THEN '23502'
                    WHEN v.n = 0 OR v.n_bad > 0 OR v.n <> v.n_distinct THEN '22007'
                    WHEN v.ats[array_length(v.ats, 1)] < v.ats[1] THEN '23514' END,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN 'the line is not a JSON object'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN 'the record has no "id"'
                    WHEN i.id IS NULL THEN format('"id" %s is not an arXiv identifier', s.pith_doc -> 'id')
                    WHEN i.title IS NULL THEN format('arXiv:%s has no "title"', i.id)
                    WHEN v.n = 0 THEN format('arXiv:%s has no "versions"', i.id)
                    WHEN v.n_bad > 0 THEN format('arXiv:%s has a version that is not {"version": "vN", "created": "<RFC 2822 date>"}', i.id)
                    WHEN v.n <> v.n_distinct THEN format('arXiv:%s lists a version twice', i.id)
                    WHEN v.ats[array_length(v.ats, 1)] < v.ats[1] THEN format('arXiv:%s: its latest version is dated before its first', i.id) END
        FROM {src}
        LEFT JOIN LATERAL (
            SELECT pith.arxiv_base(pith.try_arxiv_id(s.pith_doc ->> 'id')) AS id,
                   NULLIF(btrim(regexp_replace(s.pith_doc ->> 'title', '\s+', ' ', 'g')), '') AS title,
                   NULLIF(split_part(btrim(s.pith_doc ->> 'categories'), ' ', 1), '') AS cat
            WHERE jsonb_typeof(s.pith_doc) = 'object') i ON true
        CROSS JOIN LATERAL (
            SELECT count(*) AS n, count(*) FILTER (WHERE x.num IS NULL OR x.at IS NULL) AS n_bad,
                   count(DISTINCT x.num) AS n_distinct,
                   array_agg(x.num ORDER BY x.num) AS nums, array_agg(x.at ORDER BY x.num) AS ats
            FROM (SELECT substring(e ->> 'version' FROM '^v([1-9][0-9]{0,5})$')::integer AS num,
                         CASE WHEN e ->> 'created' ~ '^[A-Z][a-z]{2}, [0-9]{1,2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$'
                              THEN (e ->> 'created')::timestamptz END AS at
                  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s.pith_doc -> 'versions') = 'array'
                                                 THEN s.pith_doc -> 'versions' ELSE '[]'::jsonb END) AS e) x) v
    $q$, 'pg_temp.pith_arxiv_typed', strict);
    SELECT count(*) INTO n_lines FROM pg_temp.pith_arxiv_typed;
    n_lines := n_lines + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    n_rej := pith.loader_rejects('pg_temp.pith_arxiv_typed', staged, doc_type, source, strict);

    -- one row per paper: the line with the most versions (then the last
    -- line), with what the catalog holds: new, unchanged, changed, or stale
    -- (the catalog already holds a later version, or a later snapshot)
    DROP TABLE IF EXISTS pg_temp.pith_arxiv_papers;
    CREATE TEMP TABLE pith_arxiv_papers ON COMMIT DROP AS
    SELECT n.*,
           CASE WHEN p.arxiv_id IS NULL THEN 'new'
                WHEN COALESCE(p.latest_version, 0) > n.latest_version OR p.snapshot_observed_at > observed_at THEN 'stale'
                WHEN (p.title, p.latest_version, p.submitted_at, p.last_updated, p.primary_category)
                     IS NOT DISTINCT FROM (n.title, n.latest_version, n.submitted_at, n.last_updated, n.primary_category)
                    THEN 'unchanged'
                ELSE 'changed' END AS state
    FROM (SELECT DISTINCT ON (t.arxiv_id)
                 t.arxiv_id, t.title, t.versions[array_length(t.versions, 1)] AS latest_version,
                 t.created[1] AS submitted_at, t.created[array_length(t.created, 1)] AS last_updated,
                 t.primary_category, t.versions, t.created
          FROM pg_temp.pith_arxiv_typed t
          ORDER BY t.arxiv_id, t.versions[array_length(t.versions, 1)] DESC, t.pith_line DESC) n
    LEFT JOIN pith.papers p ON p.arxiv_id = n.arxiv_id;
    SELECT count(*) FILTER (WHERE state = 'stale'), count(*) FILTER (WHERE state = 'unchanged')
    INTO n_stale, n_same FROM pg_temp.pith_arxiv_papers;

    WITH w AS (
        INSERT INTO pith.papers AS p (arxiv_id, title, latest_version, submitted_at, last_updated,
                                      primary_category, snapshot_observed_at)
        SELECT n.arxiv_id, n.title, n.latest_version, n.submitted_at, n.last_updated, n.primary_category,
               observed_at
        FROM pg_temp.pith_arxiv_papers n
        WHERE n.state IN ('new', 'changed')
        ORDER BY n.arxiv_id
        ON CONFLICT (arxiv_id) DO UPDATE
            SET title = EXCLUDED.title, latest_version = EXCLUDED.latest_version,
                submitted_at = EXCLUDED.submitted_at, last_updated = EXCLUDED.last_updated,
                primary_category = EXCLUDED.primary_category,
                snapshot_observed_at = EXCLUDED.snapshot_observed_at
            WHERE (p.title, p.latest_version, p.submitted_at, p.last_updated, p.primary_category)
                  IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.latest_version, EXCLUDED.submitted_at,
                                    EXCLUDED.last_updated, EXCLUDED.primary_category)
              AND p.snapshot_observed_at <= EXCLUDED.snapshot_observed_at
              AND COALESCE(p.latest_version, 0) <= EXCLUDED.latest_version
        RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) INTO n_ins, n_chg FROM w;

    -- versions of the papers that are not stale: every version with its
    -- date; the latest with the paper's title (the sources give only the
    -- current title), an earlier one keeps the title it was stored with
    DROP TABLE IF EXISTS pg_temp.pith_arxiv_versions;
    CREATE TEMP TABLE pith_arxiv_versions ON COMMIT DROP AS
    SELECT n.arxiv_id, n.version, n.title, n.at,
           CASE WHEN pv.arxiv_id IS NULL THEN 'new'
                WHEN (COALESCE(n.title, pv.title), n.at) IS NOT DISTINCT FROM (pv.title, pv.submitted_at) THEN 'unchanged'
                ELSE 'changed' END AS state
    FROM (SELECT n0.arxiv_id, v.version, CASE WHEN v.version = n0.latest_version THEN n0.title END AS title, v.at
          FROM pg_temp.pith_arxiv_papers n0
          CROSS JOIN LATERAL unnest(n0.versions, n0.created) AS v(version, at)
          WHERE n0.state <> 'stale') n
    LEFT JOIN pith.paper_versions pv ON pv.arxiv_id = n.arxiv_id AND pv.version = n.version;
    SELECT count(*) FILTER (WHERE state = 'unchanged') INTO v_same FROM pg_temp.pith_arxiv_versions;
    WITH w AS (
        INSERT INTO pith.paper_versions AS pv (arxiv_id, version, title, submitted_at)
        SELECT n.arxiv_id, n.version, n.title, n.at
        FROM pg_temp.pith_arxiv_versions n
        WHERE n.state <> 'unchanged'
        ORDER BY n.arxiv_id, n.version
        ON CONFLICT (arxiv_id, version) DO UPDATE
            SET title = COALESCE(EXCLUDED.title, pv.title), submitted_at = EXCLUDED.submitted_at
            WHERE (COALESCE(EXCLUDED.title, pv.title), EXCLUDED.submitted_at) IS DISTINCT FROM (pv.title, pv.submitted_at)
        RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted), count(*) FILTER (WHERE NOT inserted) INTO v_ins, v_chg FROM w;

    RETURN jsonb_build_object(
        'source', source, 'observed_at', observed_at, 'lines', n_lines,
        'rejected', (SELECT count(*) FROM pg_temp.pith_load_rejects),
        'papers', jsonb_build_object('inserted', n_ins, 'changed', n_chg, 'unchanged', n_same, 'stale', n_stale),
        'paper_versions', jsonb_build_object('inserted', v_ins, 'changed', v_chg, 'unchanged', v_same));
END
$fn$;
COMMENT ON FUNCTION pith.loader_arxiv_write(regclass, text, text, timestamptz, boolean) IS
    'for the arXiv loaders: type the staged snapshot-shaped documents and write papers and paper_versions';

CREATE FUNCTION pith.load_arxiv_metadata(staged regclass, observed_at timestamptz DEFAULT pg_catalog.now(),
                                         strict boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    PERFORM pith.loader_begin('arxiv');
    RETURN pith.loader_arxiv_write(staged, 'jsonb', 'arxiv', observed_at, strict);
END
$fn$;
COMMENT ON FUNCTION pith.load_arxiv_metadata(regclass, timestamptz, boolean) IS
    'load the arXiv metadata snapshot (JSON lines: id, title, categories, versions[] {version, created}) staged in a table into papers and paper_versions; returns counts; idempotent and incremental';

CREATE FUNCTION pith.load_arxiv_record(doc jsonb, observed_at timestamptz DEFAULT pg_catalog.now(),
                                       strict boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    RETURN pith.load_arxiv_metadata(pith.loader_stage_one(doc::text), observed_at, strict);
END
$fn$;
COMMENT ON FUNCTION pith.load_arxiv_record(jsonb, timestamptz, boolean) IS
    'load one arXiv metadata snapshot record (a jsonb document) into papers and paper_versions';

-- OAI-PMH arXivRaw: each staged row is one OAI-PMH document (a ListRecords
-- or GetRecord response, or one <record>); its records become snapshot-
-- shaped documents, then the common step.
CREATE FUNCTION pith.load_arxiv_raw(staged regclass, observed_at timestamptz DEFAULT pg_catalog.now(),
                                    strict boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    n_docs bigint;
    n_deleted bigint;
    res jsonb;
BEGIN
    PERFORM pith.loader_begin('arxiv');
    PERFORM pith.loader_work_table('pith_arxivraw_docs',
        'pith_line bigint, pith_tid tid, line_number bigint, doc jsonb, deleted boolean,
         bad_state text, bad text');
    PERFORM pith.loader_type_lines(staged, 'xml', $q$
        SELECT s.pith_line, s.pith_tid, s.pith_line, d.doc, r.status IS NOT DISTINCT FROM 'deleted',
               CASE WHEN r.ord IS NULL THEN '22023' END,
               CASE WHEN r.ord IS NULL THEN 'the document holds no OAI-PMH record' END
        FROM {src}
        LEFT JOIN LATERAL XMLTABLE(
            XMLNAMESPACES('http://www.openarchives.org/OAI/2.0/' AS oai, 'http://arxiv.org/OAI/arXivRaw/' AS raw),
            '//oai:record' PASSING s.pith_doc
            COLUMNS ord FOR ORDINALITY,
                    status text PATH 'oai:header/@status',
                    id text PATH 'oai:metadata/raw:arXivRaw/raw:id',
                    title text PATH 'oai:metadata/raw:arXivRaw/raw:title',
                    categories text PATH 'oai:metadata/raw:arXivRaw/raw:categories',
                    raw xml PATH 'oai:metadata/raw:arXivRaw') r ON true
        LEFT JOIN LATERAL (
            SELECT jsonb_build_object(
                       'id', r.id, 'title', r.title, 'categories', r.categories,
                       'versions', (SELECT COALESCE(jsonb_agg(jsonb_build_object('version', v.version, 'created', v.created)
                                                              ORDER BY v.ord), '[]'::jsonb)
                                    FROM XMLTABLE(XMLNAMESPACES('http://arxiv.org/OAI/arXivRaw/' AS raw),
                                                  '/raw:arXivRaw/raw:version' PASSING r.raw
                                                  COLUMNS ord FOR ORDINALITY,
                                                          version text PATH '@version',
                                                          created text PATH 'raw:date') v)) AS doc
            WHERE r.ord IS NOT NULL AND r.status IS DISTINCT FROM 'deleted') d ON true
    $q$, 'pg_temp.pith_arxivraw_docs', strict);
    SELECT count(DISTINCT pith_line) INTO n_docs FROM pg_temp.pith_arxivraw_docs;
    n_docs := n_docs + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    PERFORM pith.loader_rejects('pg_temp.pith_arxivraw_docs', staged, 'xml', 'arxiv', strict);
    DELETE FROM pg_temp.pith_arxivraw_docs WHERE deleted;
    GET DIAGNOSTICS n_deleted = ROW_COUNT;
    -- the records, numbered by the line of their document
    PERFORM pith.loader_work_table('pith_arxivraw_records', 'line_number bigint, doc jsonb');
    INSERT INTO pg_temp.pith_arxivraw_records
        SELECT line_number, doc FROM pg_temp.pith_arxivraw_docs;
    res := pith.loader_arxiv_write('pg_temp.pith_arxivraw_records'::regclass, 'jsonb', 'arxiv', observed_at, strict);
    RETURN res || jsonb_build_object('lines', n_docs, 'records', res -> 'lines', 'deleted_records', n_deleted);
END
$fn$;
COMMENT ON FUNCTION pith.load_arxiv_raw(regclass, timestamptz, boolean) IS
    'load OAI-PMH arXivRaw records (each staged row one OAI-PMH XML document) into papers and paper_versions; a record''s line number is its document''s; returns counts';

-- ---- Crossref: cited_works and the events of update-to notices ----

CREATE FUNCTION pith.load_crossref_works(staged regclass, observed_at timestamptz DEFAULT pg_catalog.now(),
                                         coverage text DEFAULT 'none', strict boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    n_batch bigint;
    n_lines bigint;
    n_items bigint;
    n_rej bigint;
    n_ins bigint;
    n_chg bigint;
    n_same bigint;
    n_stub bigint;
    e_ins bigint;
    e_same bigint;
    n_ignored bigint;
    counts jsonb;
BEGIN
    PERFORM pith.loader_begin('crossref');
    IF coverage NOT IN ('full', 'delta', 'none') THEN
        RAISE EXCEPTION 'coverage must be full, delta or none, not %', coverage
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    PERFORM pith.loader_work_table('pith_crossref_typed',
        'pith_line bigint, pith_tid tid, doi pith.doi, title text, venue text, year integer,
         arxiv_id pith.arxiv_id, updates jsonb, bad_state text, bad text');
    -- a line is a work, a REST envelope {"message-type": "work", "message": ...}
    -- or a work list {"message": {"items": [...]}}
    PERFORM pith.loader_type_lines(staged, 'jsonb', $q$
        SELECT s.pith_line, s.pith_tid, f.doi, f.title, f.venue, f.year, f.arxiv_id, f.updates,
               CASE WHEN w.item IS NULL OR jsonb_typeof(w.item) <> 'object' THEN '22023'
                    WHEN w.item ->> 'DOI' IS NULL THEN '23502'
                    WHEN f.doi IS NULL THEN '22P02' END,
               CASE WHEN w.item IS NULL OR jsonb_typeof(w.item) <> 'object' THEN 'the line is not a Crossref work'
                    WHEN w.item ->> 'DOI' IS NULL THEN 'the work has no "DOI"'
                    WHEN f.doi IS NULL THEN format('"DOI" %s is not a DOI', w.item -> 'DOI') END
        FROM {src}
        LEFT JOIN LATERAL (
            SELECT it AS item
            FROM jsonb_array_elements(
                     CASE WHEN jsonb_typeof(s.pith_doc -> 'message' -> 'items') = 'array' THEN s.pith_doc -> 'message' -> 'items'
                          WHEN jsonb_typeof(s.pith_doc -> 'message') = 'object' THEN jsonb_build_array(s.pith_doc -> 'message')
                          ELSE jsonb_build_array(s.pith_doc) END) AS it) w ON true
        LEFT JOIN LATERAL (
            SELECT pith.try_doi(w.item ->> 'DOI') AS doi,
                   NULLIF(btrim(regexp_replace(w.item -> 'title' ->> 0, '\s+', ' ', 'g')), '') AS title,
                   NULLIF(btrim(w.item -> 'container-title' ->> 0), '') AS venue,
                   CASE WHEN (w.item -> 'issued' -> 'date-parts' -> 0 ->> 0) ~ '^[1-9][0-9]{3}$'
                        THEN (w.item -> 'issued' -> 'date-parts' -> 0 ->> 0)::integer END AS year,
                   (SELECT pith.arxiv_base(pith.try_arxiv_id(substring(lower(p ->> 'id') FROM '^10\.48550/arxiv\.(.+)$')))
                    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(w.item -> 'relation' -> 'has-preprint') = 'array'
                                                   THEN w.item -> 'relation' -> 'has-preprint' ELSE '[]' END) AS p
                    WHERE p ->> 'id-type' = 'doi' AND lower(p ->> 'id') LIKE '10.48550/arxiv.%'
                    LIMIT 1) AS arxiv_id,
                   CASE WHEN jsonb_typeof(w.item -> 'update-to') = 'array' THEN w.item -> 'update-to' END AS updates
            WHERE jsonb_typeof(w.item) = 'object') f ON true
    $q$, 'pg_temp.pith_crossref_typed', strict);
    SELECT count(DISTINCT pith_line), count(*) INTO n_lines, n_items FROM pg_temp.pith_crossref_typed;
    n_lines := n_lines + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    n_rej := pith.loader_rejects('pg_temp.pith_crossref_typed', staged, 'jsonb', 'crossref', strict);

    -- one row per DOI: the last line that has it
    PERFORM pith.loader_work_table('pith_crossref_works',
        'doi pith.doi, title text, venue text, year integer, arxiv_id pith.arxiv_id');
    INSERT INTO pg_temp.pith_crossref_works
    SELECT DISTINCT ON (t.doi) t.doi, t.title, t.venue, t.year, t.arxiv_id
    FROM pg_temp.pith_crossref_typed t
    ORDER BY t.doi, t.pith_line DESC;
    GET DIAGNOSTICS n_batch = ROW_COUNT;
    CREATE INDEX IF NOT EXISTS pith_crossref_works_doi ON pg_temp.pith_crossref_works (doi);
    -- (statistics for a batch worth planning for; not for a few rows, which
    -- need none: each ANALYZE writes new statistics rows, and a long run of
    -- one-document loads in one transaction would walk past all of them)
    IF n_batch > 1000 THEN
        ANALYZE pg_temp.pith_crossref_works;
    END IF;

    SELECT count(*) INTO n_same
    FROM pg_temp.pith_crossref_works n
    WHERE EXISTS (SELECT 1 FROM pith.cited_works w
                  WHERE w.doi = n.doi AND w.metadata_source = 'crossref')
      AND NOT EXISTS (SELECT 1 FROM pith.cited_works w
                      WHERE w.doi = n.doi AND w.metadata_source = 'crossref'
                        AND (w.title, w.venue, w.year, w.arxiv_id) IS DISTINCT FROM (n.title, n.venue, n.year, n.arxiv_id));
    -- changed: the Crossref works of that DOI whose fields differ (a later
    -- snapshot is not overwritten by an earlier one)
    -- (an upsert on the work's key rather than UPDATE ... FROM: Citus
    -- cannot update a reference table from a temporary table)
    INSERT INTO pith.cited_works AS w (work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at)
    SELECT c.work_id, n.title, n.doi, n.arxiv_id, n.venue, n.year, 'crossref', observed_at
    FROM pg_temp.pith_crossref_works n
    JOIN pith.cited_works c ON c.doi = n.doi AND c.metadata_source = 'crossref'
    WHERE (c.title, c.venue, c.year, c.arxiv_id) IS DISTINCT FROM (n.title, n.venue, n.year, n.arxiv_id)
      AND c.snapshot_observed_at <= observed_at
    ORDER BY c.work_id
    ON CONFLICT (work_id) DO UPDATE
        SET title = EXCLUDED.title, venue = EXCLUDED.venue, year = EXCLUDED.year, arxiv_id = EXCLUDED.arxiv_id,
            snapshot_observed_at = EXCLUDED.snapshot_observed_at;
    GET DIAGNOSTICS n_chg = ROW_COUNT;
    INSERT INTO pith.cited_works (title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at)
    SELECT n.title, n.doi, n.arxiv_id, n.venue, n.year, 'crossref', observed_at
    FROM pg_temp.pith_crossref_works n
    WHERE NOT EXISTS (SELECT 1 FROM pith.cited_works w WHERE w.doi = n.doi AND w.metadata_source = 'crossref')
    ORDER BY n.doi;
    GET DIAGNOSTICS n_ins = ROW_COUNT;

    -- the notices: update-to entries of the kinds a record reports, on the
    -- updated work (its DOI), with the notice's DOI and date
    PERFORM pith.loader_work_table('pith_crossref_events',
        'target pith.doi, event_type text, event_date date, notice_doi pith.doi');
    INSERT INTO pg_temp.pith_crossref_events
    SELECT DISTINCT pith.try_doi(u ->> 'DOI') AS target,
           CASE lower(u ->> 'type')
               WHEN 'retraction' THEN 'retraction'
               WHEN 'correction' THEN 'correction'
               WHEN 'corrigendum' THEN 'correction'
               WHEN 'erratum' THEN 'correction'
               WHEN 'expression_of_concern' THEN 'expression_of_concern'
               WHEN 'withdrawal' THEN 'withdrawal' END AS event_type,
           pith.loader_date_parts(u -> 'updated' -> 'date-parts' -> 0) AS event_date,
           t.doi AS notice_doi
    FROM pg_temp.pith_crossref_typed t
    CROSS JOIN LATERAL jsonb_array_elements(t.updates) AS u
    WHERE t.updates IS NOT NULL;
    DELETE FROM pg_temp.pith_crossref_events WHERE event_type IS NULL OR target IS NULL;
    SELECT count(*) INTO n_ignored
    FROM pg_temp.pith_crossref_typed t CROSS JOIN LATERAL jsonb_array_elements(t.updates) AS u
    WHERE t.updates IS NOT NULL;
    n_ignored := n_ignored - (SELECT count(*) FROM pg_temp.pith_crossref_events);
    -- an updated work the catalog does not know yet becomes a Crossref work
    -- with only its DOI (the source's identifier, not an invented one)
    INSERT INTO pith.cited_works (doi, metadata_source, snapshot_observed_at)
    SELECT DISTINCT e.target, 'crossref', observed_at
    FROM pg_temp.pith_crossref_events e
    WHERE NOT EXISTS (SELECT 1 FROM pith.cited_works w WHERE w.doi = e.target)
    ORDER BY e.target;
    GET DIAGNOSTICS n_stub = ROW_COUNT;
    -- many new works: let the planner see them before joining on them
    IF n_ins + n_stub > 1000 THEN
        ANALYZE pith.cited_works;
    END IF;
    -- the events on every work of the updated DOI, new or already known
    PERFORM pith.loader_work_table('pith_crossref_event_rows',
        'work_id uuid, event_type text, event_date date, notice_doi pith.doi, known boolean');
    INSERT INTO pg_temp.pith_crossref_event_rows
    SELECT DISTINCT w.work_id, e.event_type, e.event_date, e.notice_doi,
           EXISTS (SELECT 1 FROM pith.scholarly_work_events x
                   WHERE x.work_id = w.work_id AND x.source = 'crossref' AND x.event_type = e.event_type
                     AND x.event_date IS NOT DISTINCT FROM e.event_date
                     AND x.notice_doi IS NOT DISTINCT FROM e.notice_doi) AS known
    FROM pg_temp.pith_crossref_events e JOIN pith.cited_works w ON w.doi = e.target;
    SELECT count(*) FILTER (WHERE NOT known), count(*) FILTER (WHERE known)
    INTO e_ins, e_same FROM pg_temp.pith_crossref_event_rows;
    INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at)
    SELECT r.work_id, 'crossref', r.event_type, r.event_date, r.notice_doi, observed_at
    FROM pg_temp.pith_crossref_event_rows r
    WHERE NOT r.known
    ORDER BY r.work_id, r.event_date, r.event_type, r.notice_doi
    ON CONFLICT ON CONSTRAINT scholarly_work_events_key DO NOTHING;

    counts := jsonb_build_object(
        'source', 'crossref', 'observed_at', observed_at, 'lines', n_lines, 'works_in_lines', n_items,
        'rejected', (SELECT count(*) FROM pg_temp.pith_load_rejects),
        'cited_works', jsonb_build_object('inserted', n_ins + n_stub, 'changed', n_chg, 'unchanged', n_same,
                                          'inserted_from_update_to', n_stub),
        'scholarly_work_events', jsonb_build_object('inserted', e_ins, 'changed', 0, 'unchanged', e_same,
                                                    'update_to_ignored', n_ignored));
    RETURN counts || jsonb_build_object('receipt', pith.loader_receipt('crossref', observed_at, coverage, counts));
END
$fn$;
COMMENT ON FUNCTION pith.load_crossref_works(regclass, timestamptz, text, boolean) IS
    'load Crossref works (REST API JSON: a work, a work envelope or a work list per staged line) into cited_works (metadata_source crossref) and their update-to notices into scholarly_work_events of the updated work; coverage full/delta makes the load a receipt (pith.source_snapshots); returns counts';

CREATE FUNCTION pith.load_crossref_work(doc jsonb, observed_at timestamptz DEFAULT pg_catalog.now(),
                                        strict boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    RETURN pith.load_crossref_works(pith.loader_stage_one(doc::text), observed_at, 'none', strict);
END
$fn$;
COMMENT ON FUNCTION pith.load_crossref_work(jsonb, timestamptz, boolean) IS
    'load one Crossref work document (no receipt: one work is not a check of the source)';

-- ---- Retraction Watch: events (and the works they are on) ----

-- A calendar date from its parts, NULL unless it is one (no error: the
-- conditions are arithmetic, so constant folding cannot raise either).
-- These three small functions have SQL-standard bodies, bound when they
-- are created (so no search_path can change them) and inlined into the
-- loaders' typing statements: no SET clause, which would stop inlining.
CREATE FUNCTION pith.loader_date(y integer, m integer, d integer)
RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN y BETWEEN 1 AND 9999 AND m BETWEEN 1 AND 12 AND d >= 1
         AND d <= CASE WHEN m = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
                       WHEN m IN (4, 6, 9, 11) THEN 30 ELSE 31 END
    THEN make_date(y, m, d) END;
COMMENT ON FUNCTION pith.loader_date(integer, integer, integer) IS
    'for the loaders: the date y-m-d, or NULL when it is not a calendar date';

-- Crossref's date-parts [y, m, d] as a date; NULL when a part is missing.
CREATE FUNCTION pith.loader_date_parts(parts jsonb)
RETURNS date
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT CASE WHEN parts ->> 0 ~ '^[0-9]{1,4}$' AND parts ->> 1 ~ '^[0-9]{1,2}$' AND parts ->> 2 ~ '^[0-9]{1,2}$'
                THEN pith.loader_date((parts ->> 0)::integer, (parts ->> 1)::integer, (parts ->> 2)::integer) END;
END;
COMMENT ON FUNCTION pith.loader_date_parts(jsonb) IS
    'for the Crossref loader: date-parts [y, m, d] as a date, NULL when incomplete or impossible';

-- RetractionDate / OriginalPaperDate as published (M/D/YYYY H:MM) or ISO.
CREATE FUNCTION pith.loader_rw_date(d text)
RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN d ~ '^ *[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}( [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)? *$'
        THEN pith.loader_date(split_part(split_part(btrim(d), '/', 3), ' ', 1)::integer,
                              split_part(btrim(d), '/', 1)::integer, split_part(btrim(d), '/', 2)::integer)
    WHEN d ~ '^ *[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9:.]*)? *$'
        THEN pith.loader_date(substr(btrim(d), 1, 4)::integer, substr(btrim(d), 6, 2)::integer,
                              substr(btrim(d), 9, 2)::integer)
    END;
COMMENT ON FUNCTION pith.loader_rw_date(text) IS
    'for the Retraction Watch loader: a date as the database publishes it (M/D/YYYY H:MM, or YYYY-MM-DD), NULL when it is not one';

CREATE FUNCTION pith.load_retraction_watch(staged regclass, observed_at timestamptz DEFAULT pg_catalog.now(),
                                           coverage text DEFAULT 'full', strict boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    missing text;
    n_lines bigint;
    n_rej bigint;
    n_nodoi bigint;
    n_ins bigint;
    n_chg bigint;
    n_same bigint;
    e_ins bigint;
    e_same bigint;
    counts jsonb;
BEGIN
    PERFORM pith.loader_begin('retraction_watch');
    IF coverage NOT IN ('full', 'delta', 'none') THEN
        RAISE EXCEPTION 'coverage must be full, delta or none, not %', coverage
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT string_agg(c, ', ' ORDER BY o) INTO missing
    FROM unnest('{Record ID,Title,Journal,RetractionDate,RetractionDOI,OriginalPaperDate,OriginalPaperDOI,RetractionNature}'::text[])
         WITH ORDINALITY AS u(c, o)
    WHERE NOT EXISTS (SELECT 1 FROM pg_attribute a
                      WHERE a.attrelid = staged AND a.attname = c AND a.attnum > 0 AND NOT a.attisdropped);
    IF missing IS NOT NULL THEN
        RAISE EXCEPTION 'staged table % lacks the Retraction Watch column(s) %', staged, missing
            USING ERRCODE = 'undefined_column',
                  HINT = 'Stage the CSV with COPY ... (FORMAT csv, HEADER true) into a table whose columns are named as the CSV''s header.';
    END IF;
    PERFORM pith.loader_work_table('pith_rw_typed',
        'pith_line bigint, pith_tid tid, record_id text, title text, venue text, year integer,
         doi pith.doi, event_type text, event_date date, notice_doi pith.doi, bad_state text,
         bad text');
    -- "unavailable" (or empty) is the database's own word for no DOI
    PERFORM pith.loader_type_lines(staged, 'row', $q$
        SELECT s.pith_line, s.pith_tid, btrim(s."Record ID"::text), f.title, f.venue,
               extract(year FROM f.odate)::integer, f.doi, f.kind, f.rdate, f.ndoi,
               CASE WHEN NULLIF(btrim(s."Record ID"::text), '') IS NULL THEN '23502'
                    WHEN f.has_doi AND f.doi IS NULL THEN '22P02'
                    WHEN f.has_ndoi AND f.ndoi IS NULL THEN '22P02'
                    WHEN f.kind IS NULL THEN '22023'
                    WHEN f.rdate IS NULL AND NULLIF(btrim(s."RetractionDate"::text), '') IS NOT NULL THEN '22007'
                    WHEN f.odate IS NULL AND NULLIF(btrim(s."OriginalPaperDate"::text), '') IS NOT NULL THEN '22007' END,
               CASE WHEN NULLIF(btrim(s."Record ID"::text), '') IS NULL THEN 'the row has no Record ID'
                    WHEN f.has_doi AND f.doi IS NULL THEN format('record %s: OriginalPaperDOI "%s" is not a DOI', btrim(s."Record ID"::text), s."OriginalPaperDOI")
                    WHEN f.has_ndoi AND f.ndoi IS NULL THEN format('record %s: RetractionDOI "%s" is not a DOI', btrim(s."Record ID"::text), s."RetractionDOI")
                    WHEN f.kind IS NULL THEN format('record %s: RetractionNature "%s" is not Retraction, Correction, Expression of concern or Reinstatement', btrim(s."Record ID"::text), s."RetractionNature")
                    WHEN f.rdate IS NULL AND NULLIF(btrim(s."RetractionDate"::text), '') IS NOT NULL THEN format('record %s: RetractionDate "%s" is not a date', btrim(s."Record ID"::text), s."RetractionDate")
                    WHEN f.odate IS NULL AND NULLIF(btrim(s."OriginalPaperDate"::text), '') IS NOT NULL THEN format('record %s: OriginalPaperDate "%s" is not a date', btrim(s."Record ID"::text), s."OriginalPaperDate") END
        FROM {src}
        CROSS JOIN LATERAL (
            SELECT NULLIF(btrim(regexp_replace(s."Title"::text, '\s+', ' ', 'g')), '') AS title,
                   NULLIF(btrim(s."Journal"::text), '') AS venue,
                   lower(btrim(COALESCE(s."OriginalPaperDOI"::text, ''))) NOT IN ('', 'unavailable', 'na', 'n/a') AS has_doi,
                   pith.try_doi(btrim(s."OriginalPaperDOI"::text)) AS doi,
                   lower(btrim(COALESCE(s."RetractionDOI"::text, ''))) NOT IN ('', 'unavailable', 'na', 'n/a') AS has_ndoi,
                   pith.try_doi(btrim(s."RetractionDOI"::text)) AS ndoi,
                   CASE lower(btrim(s."RetractionNature"::text))
                       WHEN 'retraction' THEN 'retraction'
                       WHEN 'correction' THEN 'correction'
                       WHEN 'expression of concern' THEN 'expression_of_concern'
                       WHEN 'reinstatement' THEN 'reinstatement' END AS kind,
                   pith.loader_rw_date(s."RetractionDate"::text) AS rdate,
                   pith.loader_rw_date(s."OriginalPaperDate"::text) AS odate) f
    $q$, 'pg_temp.pith_rw_typed', strict);
    SELECT count(*) INTO n_lines FROM pg_temp.pith_rw_typed;
    n_lines := n_lines + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    n_rej := pith.loader_rejects('pg_temp.pith_rw_typed', staged, 'row', 'retraction_watch', strict);
    -- a record without the original paper's DOI cannot be matched to a work
    DELETE FROM pg_temp.pith_rw_typed WHERE doi IS NULL;
    GET DIAGNOSTICS n_nodoi = ROW_COUNT;
    CREATE INDEX IF NOT EXISTS pith_rw_typed_doi ON pg_temp.pith_rw_typed (doi);
    -- (statistics for a batch worth planning for, as for Crossref's works)
    IF n_lines - n_rej - n_nodoi > 1000 THEN
        ANALYZE pg_temp.pith_rw_typed;
    END IF;

    -- the works: a DOI no work has yet becomes a work described by the
    -- database's row (title, journal, year); works the database described
    -- itself follow its changes
    PERFORM pith.loader_work_table('pith_rw_works', 'doi pith.doi, title text, venue text, year integer');
    INSERT INTO pg_temp.pith_rw_works
    SELECT DISTINCT ON (t.doi) t.doi, t.title, t.venue, t.year
    FROM pg_temp.pith_rw_typed t
    ORDER BY t.doi, t.pith_line DESC;
    SELECT count(*) INTO n_same
    FROM pg_temp.pith_rw_works n
    WHERE EXISTS (SELECT 1 FROM pith.cited_works w WHERE w.doi = n.doi)
      AND NOT EXISTS (SELECT 1 FROM pith.cited_works w
                      WHERE w.doi = n.doi AND w.metadata_source = 'retraction_watch'
                        AND (w.title, w.venue, w.year) IS DISTINCT FROM (n.title, n.venue, n.year));
    INSERT INTO pith.cited_works AS w (work_id, title, doi, arxiv_id, venue, year, metadata_source, snapshot_observed_at)
    SELECT c.work_id, n.title, n.doi, c.arxiv_id, n.venue, n.year, 'retraction_watch', observed_at
    FROM pg_temp.pith_rw_works n
    JOIN pith.cited_works c ON c.doi = n.doi AND c.metadata_source = 'retraction_watch'
    WHERE (c.title, c.venue, c.year) IS DISTINCT FROM (n.title, n.venue, n.year)
      AND c.snapshot_observed_at <= observed_at
    ORDER BY c.work_id
    ON CONFLICT (work_id) DO UPDATE
        SET title = EXCLUDED.title, venue = EXCLUDED.venue, year = EXCLUDED.year,
            snapshot_observed_at = EXCLUDED.snapshot_observed_at;
    GET DIAGNOSTICS n_chg = ROW_COUNT;
    INSERT INTO pith.cited_works (title, doi, venue, year, metadata_source, snapshot_observed_at)
    SELECT n.title, n.doi, n.venue, n.year, 'retraction_watch', observed_at
    FROM pg_temp.pith_rw_works n
    WHERE NOT EXISTS (SELECT 1 FROM pith.cited_works w WHERE w.doi = n.doi)
    ORDER BY n.doi;
    GET DIAGNOSTICS n_ins = ROW_COUNT;
    -- many new works: let the planner see them before joining on them
    IF n_ins > 1000 THEN
        ANALYZE pith.cited_works;
    END IF;

    -- the events, on every work of that DOI
    PERFORM pith.loader_work_table('pith_rw_event_rows',
        'work_id uuid, event_type text, event_date date, notice_doi pith.doi, known boolean');
    INSERT INTO pg_temp.pith_rw_event_rows
    SELECT e.*,
           EXISTS (SELECT 1 FROM pith.scholarly_work_events x
                   WHERE x.work_id = e.work_id AND x.source = 'retraction_watch' AND x.event_type = e.event_type
                     AND x.event_date IS NOT DISTINCT FROM e.event_date
                     AND x.notice_doi IS NOT DISTINCT FROM e.notice_doi) AS known
    FROM (SELECT DISTINCT w.work_id, t.event_type, t.event_date, t.notice_doi
          FROM pg_temp.pith_rw_typed t JOIN pith.cited_works w ON w.doi = t.doi) e;
    SELECT count(*) FILTER (WHERE NOT known), count(*) FILTER (WHERE known)
    INTO e_ins, e_same FROM pg_temp.pith_rw_event_rows;
    INSERT INTO pith.scholarly_work_events (work_id, source, event_type, event_date, notice_doi, observed_at)
    SELECT r.work_id, 'retraction_watch', r.event_type, r.event_date, r.notice_doi, observed_at
    FROM pg_temp.pith_rw_event_rows r
    WHERE NOT r.known
    ORDER BY r.work_id, r.event_date, r.event_type, r.notice_doi
    ON CONFLICT ON CONSTRAINT scholarly_work_events_key DO NOTHING;

    counts := jsonb_build_object(
        'source', 'retraction_watch', 'observed_at', observed_at, 'lines', n_lines,
        'rejected', (SELECT count(*) FROM pg_temp.pith_load_rejects), 'without_original_doi', n_nodoi,
        'cited_works', jsonb_build_object('inserted', n_ins, 'changed', n_chg, 'unchanged', n_same),
        'scholarly_work_events', jsonb_build_object('inserted', e_ins, 'changed', 0, 'unchanged', e_same));
    RETURN counts || jsonb_build_object('receipt', pith.loader_receipt('retraction_watch', observed_at, coverage, counts));
END
$fn$;
COMMENT ON FUNCTION pith.load_retraction_watch(regclass, timestamptz, text, boolean) IS
    'load the Retraction Watch database (its CSV staged with its own column names) into scholarly_work_events (source retraction_watch) of the works of OriginalPaperDOI; the whole database is a full check (pith.source_snapshots); returns counts';

CREATE FUNCTION pith.load_retraction_watch_record(doc jsonb, observed_at timestamptz DEFAULT pg_catalog.now(),
                                                  strict boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    PERFORM pith.loader_work_table('pith_load_rw_one',
        'line_number bigint, "Record ID" text, "Title" text, "Journal" text, "RetractionDate" text,
         "RetractionDOI" text, "OriginalPaperDate" text, "OriginalPaperDOI" text,
         "RetractionNature" text');
    INSERT INTO pg_temp.pith_load_rw_one
    SELECT 1, doc ->> 'Record ID', doc ->> 'Title', doc ->> 'Journal', doc ->> 'RetractionDate',
           doc ->> 'RetractionDOI', doc ->> 'OriginalPaperDate', doc ->> 'OriginalPaperDOI', doc ->> 'RetractionNature';
    RETURN pith.load_retraction_watch('pg_temp.pith_load_rw_one'::regclass, observed_at, 'none', strict);
END
$fn$;
COMMENT ON FUNCTION pith.load_retraction_watch_record(jsonb, timestamptz, boolean) IS
    'load one Retraction Watch row given as a jsonb object keyed by the CSV''s column names (no receipt: one row is not a check of the database)';

-- ---- OpenAlex: citation_measurements ----

CREATE FUNCTION pith.load_openalex_works(staged regclass, strict boolean DEFAULT false)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
DECLARE
    n_lines bigint;
    n_rej bigint;
    n_unmatched bigint;
    n_ins bigint;
    n_chg bigint;
    n_same bigint;
BEGIN
    PERFORM pith.loader_begin('openalex');
    PERFORM pith.loader_work_table('pith_openalex_typed',
        'pith_line bigint, pith_tid tid, openalex_id text, doi pith.doi, arxiv_direct pith.arxiv_id,
         cited_by_count bigint, measured_at timestamptz, bad_state text, bad text');
    -- the arXiv id: the arXiv DOI (10.48550/arXiv.X), or an arxiv.org
    -- location; else the DOI, through a catalog work that has both
    PERFORM pith.loader_type_lines(staged, 'jsonb', $q$
        SELECT s.pith_line, s.pith_tid, s.pith_doc ->> 'id', f.doi, f.arxiv_direct, f.n, f.at,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN '22023'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN '23502'
                    WHEN f.has_doi AND f.doi IS NULL THEN '22P02'
                    WHEN f.n IS NULL THEN '22023'
                    WHEN f.at IS NULL THEN '22007' END,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN 'the line is not a JSON object'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN 'the work has no "id"'
                    WHEN f.has_doi AND f.doi IS NULL THEN format('%s: "doi" %s is not a DOI', s.pith_doc ->> 'id', s.pith_doc -> 'doi')
                    WHEN f.n IS NULL THEN format('%s: "cited_by_count" %s is not a count', s.pith_doc ->> 'id', COALESCE(s.pith_doc -> 'cited_by_count', 'null'))
                    WHEN f.at IS NULL THEN format('%s: "updated_date" %s is not a date', s.pith_doc ->> 'id', COALESCE(s.pith_doc -> 'updated_date', 'null')) END
        FROM {src}
        LEFT JOIN LATERAL (
            SELECT COALESCE(s.pith_doc ->> 'doi', s.pith_doc -> 'ids' ->> 'doi') IS NOT NULL AS has_doi,
                   pith.try_doi(COALESCE(s.pith_doc ->> 'doi', s.pith_doc -> 'ids' ->> 'doi')) AS doi,
                   COALESCE(
                       pith.arxiv_base(pith.try_arxiv_id(substring(lower(COALESCE(s.pith_doc ->> 'doi', s.pith_doc -> 'ids' ->> 'doi'))
                                                                    FROM '10\.48550/arxiv\.(.+)$'))),
                       (SELECT pith.arxiv_base(pith.try_arxiv_id(u))
                        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s.pith_doc -> 'locations') = 'array'
                                                       THEN s.pith_doc -> 'locations' ELSE '[]' END) AS l,
                             LATERAL (VALUES (l ->> 'landing_page_url'), (l ->> 'pdf_url')) AS v(u)
                        WHERE u ~* '^https?://(www\.|export\.)?arxiv\.org/(abs|pdf)/'
                          AND pith.try_arxiv_id(u) IS NOT NULL
                        LIMIT 1)) AS arxiv_direct,
                   CASE WHEN jsonb_typeof(s.pith_doc -> 'cited_by_count') = 'number'
                             AND (s.pith_doc ->> 'cited_by_count') ~ '^[0-9]{1,18}$'
                        THEN (s.pith_doc ->> 'cited_by_count')::bigint END AS n,
                   CASE WHEN s.pith_doc ->> 'updated_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?)?$'
                        THEN (s.pith_doc ->> 'updated_date')::timestamp AT TIME ZONE 'UTC' END AS at
            WHERE jsonb_typeof(s.pith_doc) = 'object') f ON true
    $q$, 'pg_temp.pith_openalex_typed', strict);
    SELECT count(*) INTO n_lines FROM pg_temp.pith_openalex_typed;
    n_lines := n_lines + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    n_rej := pith.loader_rejects('pg_temp.pith_openalex_typed', staged, 'jsonb', 'openalex', strict);

    -- matched to papers: a direct arXiv id first, then the DOI of a work
    -- that is the paper; one measurement per paper and moment (the direct
    -- match, then the larger count, then the OpenAlex id)
    PERFORM pith.loader_work_table('pith_openalex_matched',
        'arxiv_id pith.arxiv_id, cited_by_count bigint, measured_at timestamptz');
    INSERT INTO pg_temp.pith_openalex_matched
    SELECT DISTINCT ON (m.arxiv_id, m.measured_at) m.arxiv_id, m.cited_by_count, m.measured_at
    FROM (SELECT p.arxiv_id, t.cited_by_count, t.measured_at, 0 AS how, t.openalex_id
          FROM pg_temp.pith_openalex_typed t JOIN pith.papers p ON p.arxiv_id = t.arxiv_direct
          UNION ALL
          SELECT p.arxiv_id, t.cited_by_count, t.measured_at, 1, t.openalex_id
          FROM pg_temp.pith_openalex_typed t
          JOIN pith.cited_works w ON w.doi = t.doi AND w.arxiv_id IS NOT NULL
          JOIN pith.papers p ON p.arxiv_id = pith.arxiv_base(w.arxiv_id)
          WHERE t.arxiv_direct IS NULL) m
    ORDER BY m.arxiv_id, m.measured_at, m.how, m.cited_by_count DESC, m.openalex_id;
    SELECT count(*) INTO n_unmatched
    FROM pg_temp.pith_openalex_typed t
    WHERE NOT EXISTS (SELECT 1 FROM pith.papers p WHERE p.arxiv_id = t.arxiv_direct)
      AND NOT EXISTS (SELECT 1 FROM pith.cited_works w JOIN pith.papers p ON p.arxiv_id = pith.arxiv_base(w.arxiv_id)
                      WHERE w.doi = t.doi AND w.arxiv_id IS NOT NULL AND t.arxiv_direct IS NULL);
    -- what the catalog holds for those papers and moments, read by a
    -- subquery on the temporary table (a plan Citus can make when
    -- citation_measurements is distributed), then compared here
    PERFORM pith.loader_work_table('pith_openalex_stored',
        'arxiv_id pith.arxiv_id, measured_at timestamptz, cited_by_count bigint');
    INSERT INTO pg_temp.pith_openalex_stored
    SELECT c.arxiv_id, c.measured_at, c.cited_by_count
    FROM pith.citation_measurements c
    WHERE c.source = 'openalex' AND c.arxiv_id IN (SELECT m.arxiv_id FROM pg_temp.pith_openalex_matched m);
    PERFORM pith.loader_work_table('pith_openalex_write',
        'arxiv_id pith.arxiv_id, cited_by_count bigint, measured_at timestamptz, state text');
    INSERT INTO pg_temp.pith_openalex_write
    SELECT n.arxiv_id, n.cited_by_count, n.measured_at,
           CASE WHEN c.arxiv_id IS NULL THEN 'new'
                WHEN c.cited_by_count = n.cited_by_count THEN 'unchanged' ELSE 'changed' END AS state
    FROM pg_temp.pith_openalex_matched n
    LEFT JOIN pg_temp.pith_openalex_stored c ON c.arxiv_id = n.arxiv_id AND c.measured_at = n.measured_at;
    SELECT count(*) FILTER (WHERE state = 'new'), count(*) FILTER (WHERE state = 'changed'),
           count(*) FILTER (WHERE state = 'unchanged')
    INTO n_ins, n_chg, n_same FROM pg_temp.pith_openalex_write;
    INSERT INTO pith.citation_measurements AS c (arxiv_id, source, cited_by_count, measured_at)
    SELECT n.arxiv_id, 'openalex', n.cited_by_count, n.measured_at
    FROM pg_temp.pith_openalex_write n
    WHERE n.state <> 'unchanged'
    ORDER BY n.arxiv_id, n.measured_at
    ON CONFLICT (arxiv_id, source, measured_at) DO UPDATE SET cited_by_count = EXCLUDED.cited_by_count
        WHERE c.cited_by_count <> EXCLUDED.cited_by_count;

    RETURN jsonb_build_object(
        'source', 'openalex', 'lines', n_lines,
        'rejected', (SELECT count(*) FROM pg_temp.pith_load_rejects), 'unmatched', n_unmatched,
        'citation_measurements', jsonb_build_object('inserted', n_ins, 'changed', n_chg, 'unchanged', n_same));
END
$fn$;
COMMENT ON FUNCTION pith.load_openalex_works(regclass, boolean) IS
    'load OpenAlex works (JSON lines: id, doi, ids, locations, cited_by_count, updated_date) into citation_measurements (source openalex, measured_at = updated_date), matched to papers by arXiv id or DOI; returns counts';

CREATE FUNCTION pith.load_openalex_work(doc jsonb, strict boolean DEFAULT true)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
SET client_min_messages = warning
AS $fn$
BEGIN
    RETURN pith.load_openalex_works(pith.loader_stage_one(doc::text), strict);
END
$fn$;
COMMENT ON FUNCTION pith.load_openalex_work(jsonb, boolean) IS
    'load one OpenAlex work document into citation_measurements';
