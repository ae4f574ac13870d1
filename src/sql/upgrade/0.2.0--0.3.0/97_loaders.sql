-- 97_loaders.sql -- the arXiv and Retraction Watch loaders' first loads
-- within 2x of a plain INSERT ... SELECT (issue 16, deliver 4).
-- Changed: pith.loader_arxiv_write() (one sort of each line's versions
-- instead of three) and pith.loader_rw_date() (now in C, same answers).
-- Same text as src/sql/75_loaders.sql.

CREATE OR REPLACE FUNCTION pith.loader_arxiv_write(staged regclass, doc_type text, source text,
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
    PERFORM pith.loader_work_table('pith_arxiv_typed',
        'pith_line bigint, pith_tid tid, arxiv_id pith.arxiv_id, title text, primary_category text,
         versions integer[], created timestamptz[], bad_state text, bad text');
    PERFORM pith.loader_type_lines(staged, doc_type, $q$
        SELECT s.pith_line, s.pith_tid, i.id, i.title, i.cat, v.nums, v.ats,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN '22023'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN '23502'
                    WHEN i.id IS NULL THEN '22P02'
                    WHEN i.title IS NULL THEN '23502'
                    WHEN v.n = 0 OR v.n_bad > 0 OR v.n_twice > 0 THEN '22007'
                    WHEN v.ats[array_length(v.ats, 1)] < v.ats[1] THEN '23514' END,
               CASE WHEN jsonb_typeof(s.pith_doc) IS DISTINCT FROM 'object' THEN 'the line is not a JSON object'
                    WHEN s.pith_doc ->> 'id' IS NULL THEN 'the record has no "id"'
                    WHEN i.id IS NULL THEN format('"id" %s is not an arXiv identifier', s.pith_doc -> 'id')
                    WHEN i.title IS NULL THEN format('arXiv:%s has no "title"', i.id)
                    WHEN v.n = 0 THEN format('arXiv:%s has no "versions"', i.id)
                    WHEN v.n_bad > 0 THEN format('arXiv:%s has a version that is not {"version": "vN", "created": "<RFC 2822 date>"}', i.id)
                    WHEN v.n_twice > 0 THEN format('arXiv:%s lists a version twice', i.id)
                    WHEN v.ats[array_length(v.ats, 1)] < v.ats[1] THEN format('arXiv:%s: its latest version is dated before its first', i.id) END
        FROM {src}
        LEFT JOIN LATERAL (
            SELECT pith.arxiv_base(pith.try_arxiv_id(s.pith_doc ->> 'id')) AS id,
                   NULLIF(btrim(regexp_replace(s.pith_doc ->> 'title', '\s+', ' ', 'g')), '') AS title,
                   NULLIF(split_part(btrim(s.pith_doc ->> 'categories'), ' ', 1), '') AS cat
            WHERE jsonb_typeof(s.pith_doc) = 'object') i ON true
        -- one sort of the versions by number per line: the aggregates read
        -- them in that order, and a number equal to the one before it is a
        -- version listed twice (n_twice counts only when no number is NULL,
        -- which n_bad reports first)
        CROSS JOIN LATERAL (
            SELECT count(*) AS n, count(*) FILTER (WHERE x.num IS NULL OR x.at IS NULL) AS n_bad,
                   count(*) FILTER (WHERE x.num = x.prev) AS n_twice,
                   array_agg(x.num) AS nums, array_agg(x.at) AS ats
            FROM (SELECT y.num, y.at, lag(y.num) OVER (ORDER BY y.num) AS prev
                  FROM (SELECT substring(e ->> 'version' FROM '^v([1-9][0-9]{0,5})$')::integer AS num,
                               CASE WHEN e ->> 'created' ~ '^[A-Z][a-z]{2}, [0-9]{1,2} [A-Z][a-z]{2} [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$'
                                    THEN (e ->> 'created')::timestamptz END AS at
                        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(s.pith_doc -> 'versions') = 'array'
                                                       THEN s.pith_doc -> 'versions' ELSE '[]'::jsonb END) AS e) y) x) v
    $q$, 'pg_temp.pith_arxiv_typed', strict);
    SELECT count(*) INTO n_lines FROM pg_temp.pith_arxiv_typed;
    n_lines := n_lines + (SELECT count(*) FROM pg_temp.pith_load_rejects WHERE NOT written);
    n_rej := pith.loader_rejects('pg_temp.pith_arxiv_typed', staged, doc_type, source, strict);

    -- one row per paper: the line with the most versions (then the last
    -- line), with what the catalog holds: new, unchanged, changed, or stale
    -- (the catalog already holds a later version, or a later snapshot)
    PERFORM pith.loader_work_table('pith_arxiv_papers',
        'arxiv_id pith.arxiv_id, title text, latest_version integer, submitted_at timestamptz,
         last_updated timestamptz, primary_category text, versions integer[], created timestamptz[],
         state text');
    INSERT INTO pg_temp.pith_arxiv_papers
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
    PERFORM pith.loader_work_table('pith_arxiv_versions',
        'arxiv_id pith.arxiv_id, version integer, title text, at timestamptz, state text');
    INSERT INTO pg_temp.pith_arxiv_versions
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

CREATE OR REPLACE FUNCTION pith.loader_rw_date(d text)
RETURNS date
AS 'MODULE_PATHNAME', 'pith_loader_rw_date'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.loader_rw_date(text) IS
    'for the Retraction Watch loader: a date as the database publishes it (M/D/YYYY H:MM, or YYYY-MM-DD), NULL when it is not one';
