-- 90_scale.sql -- scale-out (issue 18): writers of different papers never
-- wait for each other on Citus, and pith.undistribute().
--
-- Changed objects: pith.paper_write_locks (new table), pith.lock_papers()
-- (new), pith.ingest_document() (new: ingest_record's body),
-- pith.ingest_record() (now a wrapper), pith.ingest_catalog() (new),
-- pith.ingest_records() (new: many documents at once),
-- pith.refresh_inbound() and pith.resolve_paper() (lock the paper's
-- pith.paper_write_locks row instead of its pith.papers row),
-- pith.distribution_layout() and pith.distribute() (the new table, the new
-- writer, cited_work_locators a reference table), pith.undistribute() (new;
-- was test/scale/citus_undistribute.sql).
--
-- The refusal on a distributed install is 01_distributed_guard.sql (it must
-- come before the first fragment that changes a table).

CREATE TABLE pith.paper_write_locks (
    arxiv_id pith.arxiv_id PRIMARY KEY
);
COMMENT ON TABLE pith.paper_write_locks IS
    'one row per paper whose own rows were ever written; writers of those rows (ingest_record, resolve_paper, refresh_inbound) lock it, see pith.lock_papers()';
SELECT pg_catalog.pg_extension_config_dump('pith.paper_write_locks', '');

-- Lock the write rows of the given papers (arXiv versions count as their
-- paper), one statement per paper in arXiv-id order, so that every writer
-- takes them in the same order -- also across Citus shards, where one
-- multi-row statement would lock them shard by shard.
CREATE FUNCTION pith.lock_papers(papers pith.arxiv_id[])
RETURNS integer
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    p pith.arxiv_id;
    n integer := 0;
BEGIN
    FOR p IN SELECT DISTINCT pith.arxiv_base(x) FROM unnest(papers) AS x WHERE x IS NOT NULL ORDER BY 1 LOOP
        PERFORM 1 FROM pith.paper_write_locks l WHERE l.arxiv_id = p FOR UPDATE;
        IF NOT FOUND THEN
            -- a new row; a concurrent first writer makes this wait for its end
            INSERT INTO pith.paper_write_locks (arxiv_id) VALUES (p) ON CONFLICT DO NOTHING;
            PERFORM 1 FROM pith.paper_write_locks l WHERE l.arxiv_id = p FOR UPDATE;
        END IF;
        n := n + 1;
    END LOOP;
    RETURN n;
END
$fn$;
COMMENT ON FUNCTION pith.lock_papers(pith.arxiv_id[]) IS
    'lock the write rows (pith.paper_write_locks) of the given papers until the end of the transaction, in arXiv-id order; returns the number of papers locked';

CREATE FUNCTION pith.ingest_document(record jsonb, verify boolean, catalog_only boolean)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    doc_paper pith.arxiv_id;
    doc_as_of timestamptz;
    obs jsonb;
    inc_papers pith.papers[];
    inc_versions pith.paper_versions[];
    inc_works pith.cited_works[];
    inc_refs pith.paper_references[];
    inc_links pith.paper_reference_links[];
    inc_receipts pith.retraction_status_cache[];
    inc_events pith.scholarly_work_events[];
    inc_meas pith.citation_measurements[];
    no_link uuid[];
    bad text;
    bad_detail text;
    n_bad bigint;
    n_papers bigint;
    n_papers_filled bigint;
    n_versions bigint;
    n_works bigint;
    n_refs bigint;
    n_links bigint;
    n_receipts bigint;
    n_events bigint;
    n_meas bigint;
    n_inbound bigint;
    citing_papers pith.arxiv_id[];
    lock_keys bigint[];
    lock_key bigint;
    need_catalog boolean;
    own_papers pith.arxiv_id[];
BEGIN
    -- 1. the document's shape
    IF jsonb_typeof(record) <> 'object' THEN
        RAISE EXCEPTION 'a citation record must be a JSON object'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('The document is a JSON %s.', jsonb_typeof(record));
    END IF;
    IF (record ->> 'schema') IS DISTINCT FROM 'pith.paper-citation-record.v1' THEN
        RAISE EXCEPTION 'unsupported citation record schema %', COALESCE(record -> 'schema', 'null'::jsonb)
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Only documents with "schema": "pith.paper-citation-record.v1" can be loaded.';
    END IF;
    IF jsonb_typeof(record -> 'paper') IS DISTINCT FROM 'object'
       OR jsonb_typeof(record -> 'outbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(record -> 'inbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(record -> 'external_citation_measurements') IS DISTINCT FROM 'array' THEN
        RAISE EXCEPTION 'citation record is incomplete'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'A record needs a "paper" object and "outbound", "inbound" and "external_citation_measurements" arrays.';
    END IF;

    -- 2. its digests
    IF verify THEN
        SELECT count(*), min(v.path) INTO n_bad, bad
        FROM pith.verify_record(record) AS v
        WHERE v.ok IS NOT TRUE;
        IF n_bad > 0 THEN
            RAISE EXCEPTION 'citation record digests do not verify'
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = format('%s digest(s) do not match the content, the first at %s.', n_bad, bad),
                      HINT = 'Pass verify => false to load a document whose digests are known to be stale.';
        END IF;
    END IF;

    obs := (record -> 'outbound') || (record -> 'inbound');

    -- 3. the rows the document holds, typed; a value that does not fit its
    --    column is a malformed document
    BEGIN
        doc_paper := (record -> 'paper' ->> 'arxiv_id')::pith.arxiv_id;
        doc_as_of := (record ->> 'as_of')::timestamptz;
        IF doc_paper IS NULL OR doc_as_of IS NULL THEN
            RAISE EXCEPTION 'the record has no paper.arxiv_id or no as_of';
        END IF;

        -- papers: the record's paper, every citing paper and every cited paper
        SELECT array_agg(jsonb_populate_record(NULL::pith.papers, q.p))
        INTO inc_papers
        FROM (
            SELECT record -> 'paper' AS p
            UNION ALL
            SELECT (o -> 'citation' -> 'citing_paper') - 'version' - 'latest_version' - 'primary_category'
            FROM jsonb_array_elements(obs) AS o
            UNION ALL
            SELECT (o -> 'citation' -> 'cited_paper') - 'latest_version' - 'primary_category'
                   || jsonb_build_object('latest_version', o -> 'citation' -> 'cited_paper' -> 'version')
            FROM jsonb_array_elements(obs) AS o
            WHERE jsonb_typeof(o -> 'citation' -> 'cited_paper') = 'object'
        ) q;

        -- the references, one per observation
        SELECT array_agg(jsonb_populate_record(NULL::pith.paper_references, jsonb_build_object(
                   'observation_id', o ->> 'observation_id',
                   'citing_arxiv_id', o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'citing_version', o -> 'citation' -> 'citing_paper' -> 'version',
                   'reference_index', o -> 'citation' -> 'reference_index',
                   'raw_text', x.ref_title,
                   'title', x.ref_title,
                   'year', x.ref_year,
                   'pith_arxiv_id', x.w ->> 'pith_arxiv_id',
                   'source', o -> 'citation' ->> 'source',
                   'source_observed_at', o -> 'citation' ->> 'source_observed_at')))
        INTO inc_refs
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL (
            SELECT w,
                   -- an unlinked reference shows its own title and year; a
                   -- work made from the raw reference carries them too
                   CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference'
                        THEN w -> 'title' END AS ref_title,
                   CASE WHEN w ->> 'work_id' IS NULL OR w ->> 'metadata_source' = 'raw_reference'
                        THEN w -> 'year' END AS ref_year
            FROM (SELECT o -> 'citation' -> 'cited_work' AS w) y
        ) x;

        -- works linked from the observations
        SELECT array_agg(jsonb_populate_record(NULL::pith.cited_works,
                             (o -> 'citation' -> 'cited_work') - 'pith_arxiv_id'))
        INTO inc_works
        FROM jsonb_array_elements(obs) AS o
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        -- links: every resolution that is not the "no link row" default
        SELECT array_agg(jsonb_populate_record(NULL::pith.paper_reference_links, jsonb_build_object(
                   'observation_id', o ->> 'observation_id',
                   'citing_arxiv_id', o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'work_id', o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'status', o -> 'resolution' ->> 'status',
                   'resolver_source', o -> 'resolution' ->> 'resolver_source',
                   'observed_at', o -> 'resolution' ->> 'observed_at')))
               FILTER (WHERE NOT x.default_resolution),
               array_agg((o ->> 'observation_id')::uuid) FILTER (WHERE x.default_resolution)
        INTO inc_links, no_link
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL (
            SELECT o -> 'citation' -> 'cited_work' ->> 'work_id' IS NULL
                   AND o -> 'resolution' ->> 'resolver_source' IS NULL
                   AND o -> 'resolution' ->> 'status' = 'unresolved'
                   AND (o -> 'resolution' ->> 'observed_at')::timestamptz
                       = (o -> 'citation' ->> 'source_observed_at')::timestamptz AS default_resolution
        ) x;

        -- receipts and events of the linked works
        SELECT array_agg(DISTINCT jsonb_populate_record(NULL::pith.retraction_status_cache, jsonb_build_object(
                   'work_id', o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'source', s ->> 'source',
                   'observed_at', s ->> 'observed_at')))
        INTO inc_receipts
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(o -> 'standing_notice' -> 'source_receipts', '[]')) AS s
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        SELECT array_agg(DISTINCT jsonb_populate_record(NULL::pith.scholarly_work_events,
                   e || jsonb_build_object('work_id', o -> 'citation' -> 'cited_work' ->> 'work_id')))
        INTO inc_events
        FROM jsonb_array_elements(obs) AS o
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(o -> 'standing_notice' -> 'events', '[]')) AS e
        WHERE o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;

        SELECT array_agg(jsonb_populate_record(NULL::pith.citation_measurements,
                   m || jsonb_build_object('arxiv_id', doc_paper::text)))
        INTO inc_meas
        FROM jsonb_array_elements(record -> 'external_citation_measurements') AS m;
    EXCEPTION
        WHEN data_exception OR raise_exception THEN
            RAISE EXCEPTION 'citation record is malformed'
                USING ERRCODE = 'invalid_parameter_value',
                      DETAIL = SQLERRM;
    END;

    -- 4. consistency inside the document
    IF pith.arxiv_base(doc_paper) <> doc_paper THEN
        RAISE EXCEPTION 'citation record names a paper version, not a paper: %', doc_paper::text
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(inc_refs) AS r
               WHERE r.observation_id IS NULL OR r.citing_arxiv_id IS NULL OR r.citing_version IS NULL
                  OR r.reference_index IS NULL OR r.source IS NULL OR r.source_observed_at IS NULL) THEN
        RAISE EXCEPTION 'citation record is malformed'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = 'Every observation needs an observation_id, a citing paper and version, a reference_index, a source and its source_observed_at.';
    END IF;
    SELECT format('observation %s (reference %s) is not one of arXiv:%s''s own references',
                  r.observation_id, r.reference_index, doc_paper::text)
    INTO bad
    FROM jsonb_array_elements(record -> 'outbound') AS o,
         LATERAL (SELECT (o ->> 'observation_id')::uuid AS observation_id,
                         o -> 'citation' -> 'reference_index' AS reference_index,
                         (o -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id AS citing) r
    WHERE r.citing <> doc_paper
    LIMIT 1;
    IF bad IS NULL THEN
        SELECT format('inbound observation %s is arXiv:%s''s own reference', o ->> 'observation_id', doc_paper::text)
        INTO bad
        FROM jsonb_array_elements(record -> 'inbound') AS o
        WHERE (o -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id = doc_paper
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper %s is described in two different ways', q.arxiv_id::text) INTO bad
        FROM unnest(inc_papers) AS q
        GROUP BY q.arxiv_id
        HAVING count(DISTINCT q.title) > 1 OR count(DISTINCT q.latest_version) > 1
            OR count(DISTINCT q.submitted_at) > 1 OR count(DISTINCT q.last_updated) > 1
            OR count(DISTINCT q.primary_category) > 1 OR count(DISTINCT q.snapshot_observed_at) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('observation %s appears twice with different content', q.observation_id) INTO bad
        FROM unnest(inc_refs) AS q
        GROUP BY q.observation_id
        HAVING count(DISTINCT to_jsonb(q)) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('reference %s of arXiv:%s appears under two observation ids', q.reference_index, q.citing_arxiv_id::text)
        INTO bad
        FROM unnest(inc_refs) AS q
        GROUP BY q.citing_arxiv_id, q.reference_index
        HAVING count(DISTINCT q.observation_id) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('work %s is described in two different ways', q.work_id) INTO bad
        FROM unnest(inc_works) AS q
        GROUP BY q.work_id
        HAVING count(DISTINCT to_jsonb(q)) > 1
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('works %s and %s are both the catalog work of arXiv:%s', min(q.work_id::text), max(q.work_id::text),
                      pith.arxiv_base(q.arxiv_id)::text) INTO bad
        FROM unnest(inc_works) AS q
        WHERE q.metadata_source = 'arxiv' AND q.arxiv_id IS NOT NULL
        GROUP BY pith.arxiv_base(q.arxiv_id)
        HAVING count(DISTINCT q.work_id) > 1
        LIMIT 1;
    END IF;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record contradicts itself'
            USING ERRCODE = 'invalid_parameter_value', DETAIL = bad || '.';
    END IF;

    -- merge the descriptions of each paper (they agree where known)
    SELECT array_agg(ROW(q.arxiv_id, q.title, q.latest_version, q.submitted_at, q.last_updated,
                         q.primary_category, q.snapshot_observed_at)::pith.papers)
    INTO inc_papers
    FROM (SELECT u.arxiv_id, max(u.title) AS title, max(u.latest_version) AS latest_version,
                 max(u.submitted_at) AS submitted_at, max(u.last_updated) AS last_updated,
                 max(u.primary_category) AS primary_category,
                 max(u.snapshot_observed_at) AS snapshot_observed_at
          FROM unnest(inc_papers) AS u
          GROUP BY u.arxiv_id) q;
    SELECT array_agg(DISTINCT ROW(q.arxiv_id, q.latest_version, q.title, q.last_updated)::pith.paper_versions)
    INTO inc_versions
    FROM unnest(inc_papers) AS q
    WHERE q.latest_version IS NOT NULL;
    SELECT array_agg(DISTINCT q) INTO inc_refs FROM unnest(inc_refs) AS q;
    SELECT array_agg(DISTINCT q) INTO inc_works FROM unnest(inc_works) AS q;

    -- a value every row needs (a NOT NULL column without a default the
    -- document could rely on) is missing: name the object and the field
    SELECT COALESCE(
        (SELECT format('paper %s has no %s', q.arxiv_id::text,
                       CASE WHEN q.title IS NULL THEN 'title' ELSE 'snapshot_observed_at' END)
         FROM unnest(inc_papers) AS q
         WHERE q.title IS NULL OR q.snapshot_observed_at IS NULL
         ORDER BY q.arxiv_id LIMIT 1),
        (SELECT format('cited_work %s has no %s', q.work_id,
                       CASE WHEN q.metadata_source IS NULL THEN 'metadata_source' ELSE 'snapshot_observed_at' END)
         FROM unnest(inc_works) AS q
         WHERE q.metadata_source IS NULL OR q.snapshot_observed_at IS NULL
         ORDER BY q.work_id LIMIT 1),
        (SELECT format('the resolution of observation %s has no %s', q.observation_id,
                       CASE WHEN q.status IS NULL THEN 'status' ELSE 'observed_at' END)
         FROM unnest(inc_links) AS q
         WHERE q.status IS NULL OR q.observed_at IS NULL
         ORDER BY q.observation_id LIMIT 1),
        (SELECT format('a source receipt of work %s has no %s', q.work_id,
                       CASE WHEN q.source IS NULL THEN 'source' ELSE 'observed_at' END)
         FROM unnest(inc_receipts) AS q
         WHERE q.source IS NULL OR q.observed_at IS NULL
         ORDER BY q.work_id LIMIT 1),
        (SELECT format('an event of work %s has no %s', q.work_id,
                       CASE WHEN q.source IS NULL THEN 'source'
                            WHEN q.event_type IS NULL THEN 'event_type' ELSE 'observed_at' END)
         FROM unnest(inc_events) AS q
         WHERE q.source IS NULL OR q.event_type IS NULL OR q.observed_at IS NULL
         ORDER BY q.work_id LIMIT 1),
        (SELECT format('an external citation measurement has no %s',
                       CASE WHEN q.source IS NULL THEN 'source'
                            WHEN q.cited_by_count IS NULL THEN 'cited_by_count' ELSE 'measured_at' END)
         FROM unnest(inc_meas) AS q
         WHERE q.source IS NULL OR q.cited_by_count IS NULL OR q.measured_at IS NULL
         LIMIT 1))
    INTO bad;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record is malformed'
            USING ERRCODE = 'invalid_parameter_value', DETAIL = bad || '.';
    END IF;

    -- 5. locks, in one global order, before the first look at stored
    --    rows.  First, when the document adds to the catalog (a paper,
    --    version, work, receipt or event not stored, or a stored NULL it
    --    fills in): a transaction-level advisory lock per paper of the
    --    document, per work and per arXiv paper a catalog work names, in the
    --    order of their keys.  Two ingests that add to the same catalog
    --    rows serialize here -- also on empty tables, where there is no row
    --    to lock yet -- so the checks below always see what the other one
    --    committed (a contradiction is 23000 whatever the timing).  A
    --    document whose catalog rows are all stored and agree takes only
    --    the keys of its own papers (below): stored catalog values never
    --    change, so there is nothing to race on.
    citing_papers := ARRAY(SELECT DISTINCT r.citing_arxiv_id FROM unnest(inc_refs) AS r);
    own_papers := citing_papers || doc_paper;
    need_catalog :=
        EXISTS (SELECT 1 FROM unnest(inc_papers) AS i
                LEFT JOIN pith.papers s ON s.arxiv_id = i.arxiv_id
                WHERE s.arxiv_id IS NULL
                   OR (s.latest_version IS NULL AND i.latest_version IS NOT NULL)
                   OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
                   OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
                   OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL))
        OR EXISTS (SELECT 1 FROM unnest(inc_versions) AS i
                   LEFT JOIN pith.paper_versions s ON s.arxiv_id = i.arxiv_id AND s.version = i.version
                   WHERE s.arxiv_id IS NULL)
        OR EXISTS (SELECT 1 FROM unnest(inc_works) AS i
                   LEFT JOIN pith.cited_works s ON s.work_id = i.work_id
                   WHERE s.work_id IS NULL)
        OR EXISTS (SELECT 1 FROM unnest(inc_receipts) AS i
                   LEFT JOIN pith.retraction_status_cache s
                     ON s.work_id = i.work_id AND s.source = i.source AND s.observed_at = i.observed_at
                   WHERE s.work_id IS NULL)
        OR EXISTS (SELECT 1 FROM unnest(inc_events) AS i
                   LEFT JOIN pith.scholarly_work_events s
                     ON s.work_id = i.work_id AND s.source = i.source AND s.event_type = i.event_type
                    AND s.event_date IS NOT DISTINCT FROM i.event_date
                    AND s.notice_doi IS NOT DISTINCT FROM i.notice_doi
                   WHERE s.work_id IS NULL);
    lock_keys := ARRAY(
        SELECT DISTINCT k.key
        FROM (SELECT pg_catalog.hashtextextended('pith.paper:' || q.arxiv_id::text, 0) AS key
              FROM unnest(inc_papers) AS q
              WHERE need_catalog
              UNION ALL
              -- the keys of the papers whose own rows are written, always:
              -- pith.ingest_paper_text() takes its paper's key too
              SELECT pg_catalog.hashtextextended('pith.paper:' || q::text, 0)
              FROM unnest(own_papers) AS q
              WHERE NOT catalog_only
              UNION ALL
              SELECT pg_catalog.hashtextextended('pith.work:' || q.work_id::text, 0)
              FROM unnest(inc_works) AS q
              WHERE need_catalog
              UNION ALL
              SELECT pg_catalog.hashtextextended('pith.arxiv_work:' || pith.arxiv_base(q.arxiv_id)::text, 0)
              FROM unnest(inc_works) AS q
              WHERE need_catalog AND q.arxiv_id IS NOT NULL) k
        ORDER BY k.key);
    FOREACH lock_key IN ARRAY lock_keys LOOP
        PERFORM pg_catalog.pg_advisory_xact_lock(lock_key);
    END LOOP;
    --    Then the write rows of the papers whose own rows this ingest
    --    writes (the citing papers of its observations and the document's
    --    paper), in arXiv-id order: resolve_paper and refresh_inbound take
    --    the same rows, and on Citus they are rows of one shard each, so
    --    writers of different papers do not wait for each other.
    IF NOT catalog_only THEN
        PERFORM pith.lock_papers(own_papers);
    END IF;

    -- 6. agreement with what is stored
    --    A document's paper or work is compared with the stored snapshot of
    --    the same snapshot_observed_at: the current row, or the earlier one
    --    that pith.papers_history / cited_works_history keeps, so that a
    --    document issued before a later snapshot loads again unchanged.
    SELECT format('papers row %s: %s', s.arxiv_id::text, c.msg) INTO bad
    FROM unnest(inc_papers) AS i
    JOIN pith.papers s ON s.arxiv_id = i.arxiv_id
    LEFT JOIN pith.papers_history h ON h.arxiv_id = i.arxiv_id AND h.snapshot_observed_at = i.snapshot_observed_at
    CROSS JOIN LATERAL (SELECT pith.row_conflict(CASE WHEN h.arxiv_id IS NULL THEN to_jsonb(s)
                                                      ELSE to_jsonb(h) OPERATOR(pg_catalog.-) 'valid_until' END,
                                                 to_jsonb(i)) AS msg) c
    WHERE c.msg IS NOT NULL LIMIT 1;
    IF bad IS NULL THEN
        SELECT format('paper_versions row %s v%s: %s', s.arxiv_id::text, s.version, c.msg) INTO bad
        FROM unnest(inc_versions) AS i
        JOIN pith.paper_versions s ON s.arxiv_id = i.arxiv_id AND s.version = i.version
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('cited_works row %s: %s', s.work_id, c.msg) INTO bad
        FROM unnest(inc_works) AS i
        JOIN pith.cited_works s ON s.work_id = i.work_id
        LEFT JOIN pith.cited_works_history h ON h.work_id = i.work_id AND h.snapshot_observed_at = i.snapshot_observed_at
        CROSS JOIN LATERAL (SELECT pith.row_conflict(CASE WHEN h.work_id IS NULL THEN to_jsonb(s)
                                                          ELSE to_jsonb(h) OPERATOR(pg_catalog.-) 'valid_until' END,
                                                     to_jsonb(i), true) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('cited_works row %s: arXiv:%s already has the catalog work %s (metadata_source arxiv)',
                      i.work_id, pith.arxiv_base(i.arxiv_id)::text, s.work_id) INTO bad
        FROM unnest(inc_works) AS i
        JOIN pith.cited_works s
          ON pith.arxiv_base(s.arxiv_id) = pith.arxiv_base(i.arxiv_id) AND s.metadata_source = 'arxiv'
        WHERE i.metadata_source = 'arxiv' AND i.arxiv_id IS NOT NULL AND s.work_id <> i.work_id
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_references row %s: %s', c.observation_id, c.msg) INTO bad
        FROM (SELECT s.observation_id, pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg
              FROM unnest(inc_refs) AS i
              JOIN pith.paper_references s ON s.observation_id = i.observation_id) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('reference %s of arXiv:%s is stored as observation %s, the record says %s',
                      i.reference_index, i.citing_arxiv_id::text, s.observation_id, i.observation_id) INTO bad
        FROM unnest(inc_refs) AS i
        JOIN pith.paper_references s
          ON s.citing_arxiv_id = i.citing_arxiv_id AND s.reference_index = i.reference_index
        WHERE s.observation_id <> i.observation_id LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_reference_links row %s: %s', c.observation_id, c.msg) INTO bad
        FROM (SELECT s.observation_id, pith.row_conflict(to_jsonb(s), to_jsonb(i) - 'score', true) AS msg
              FROM unnest(inc_links) AS i
              JOIN pith.paper_reference_links s
                ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('paper_reference_links row %s: the reference is stored as resolved (%s) at %s, the record says it was unresolved as of %s',
                      s.observation_id, s.status, pith.iso_utc(s.observed_at, false), pith.iso_utc(doc_as_of, false)) INTO bad
        FROM pith.paper_reference_links s
        WHERE s.observation_id = ANY (no_link) AND s.observed_at <= doc_as_of
        LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('scholarly_work_events row of work %s: %s', s.work_id, c.msg) INTO bad
        FROM unnest(inc_events) AS i
        JOIN pith.scholarly_work_events s
          ON s.work_id = i.work_id AND s.source = i.source AND s.event_type = i.event_type
         AND s.event_date IS NOT DISTINCT FROM i.event_date AND s.notice_doi IS NOT DISTINCT FROM i.notice_doi
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NULL THEN
        SELECT format('citation_measurements row %s %s at %s: %s', c.arxiv_id::text, c.source,
                      pith.iso_utc(c.measured_at, false), c.msg) INTO bad
        FROM (SELECT s.arxiv_id, s.source, s.measured_at,
                     pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg
              FROM unnest(inc_meas) AS i
              JOIN pith.citation_measurements s
                ON s.arxiv_id = i.arxiv_id AND s.source = i.source AND s.measured_at = i.measured_at) c
        WHERE c.msg IS NOT NULL LIMIT 1;
    END IF;
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record contradicts stored data'
            USING ERRCODE = 'integrity_constraint_violation', DETAIL = bad || '.',
                  HINT = 'Nothing was written.  Correct the stored rows or the document, then load it again.';
    END IF;

    -- 7. write: new rows, and stored NULLs filled in, each table's rows in
    --    key order (the arXiv works first, in the resolver's order)
    n_papers := 0; n_papers_filled := 0; n_versions := 0; n_works := 0; n_receipts := 0; n_events := 0;
    n_refs := 0; n_links := 0; n_meas := 0; n_inbound := 0;
    IF need_catalog THEN
        INSERT INTO pith.papers SELECT * FROM unnest(inc_papers) AS q ORDER BY q.arxiv_id ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_papers = ROW_COUNT;
        UPDATE pith.papers s
        SET title = COALESCE(s.title, i.title),
            latest_version = COALESCE(s.latest_version, i.latest_version),
            submitted_at = COALESCE(s.submitted_at, i.submitted_at),
            last_updated = COALESCE(s.last_updated, i.last_updated),
            primary_category = COALESCE(s.primary_category, i.primary_category)
        FROM unnest(inc_papers) AS i
        WHERE s.arxiv_id = i.arxiv_id AND s.snapshot_observed_at = i.snapshot_observed_at
          AND ((s.latest_version IS NULL AND i.latest_version IS NOT NULL)
            OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
            OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
            OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL));
        GET DIAGNOSTICS n_papers_filled = ROW_COUNT;
        INSERT INTO pith.paper_versions SELECT * FROM unnest(inc_versions) AS q ORDER BY q.arxiv_id, q.version ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_versions = ROW_COUNT;
        INSERT INTO pith.cited_works SELECT * FROM unnest(inc_works) AS q
        ORDER BY q.metadata_source IS DISTINCT FROM 'arxiv', pith.arxiv_base(q.arxiv_id), q.work_id
        ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_works = ROW_COUNT;
        -- a work skipped for another unique key than its id (the catalog work
        -- of its arXiv paper, created meanwhile by resolve_paper, which does
        -- not take the locks of step 5) would leave its links dangling
        SELECT format('cited_works row %s: arXiv:%s already has another catalog work (metadata_source arxiv)',
                      i.work_id, pith.arxiv_base(i.arxiv_id)::text) INTO bad
        FROM unnest(inc_works) AS i
        WHERE NOT EXISTS (SELECT 1 FROM pith.cited_works s WHERE s.work_id = i.work_id)
        LIMIT 1;
        IF bad IS NOT NULL THEN
            RAISE EXCEPTION 'citation record contradicts stored data'
                USING ERRCODE = 'integrity_constraint_violation', DETAIL = bad || '.',
                      HINT = 'Nothing was written.  Correct the stored rows or the document, then load it again.';
        END IF;
        INSERT INTO pith.retraction_status_cache SELECT * FROM unnest(inc_receipts) AS q ORDER BY q.work_id, q.source, q.observed_at ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_receipts = ROW_COUNT;
        INSERT INTO pith.scholarly_work_events SELECT * FROM unnest(inc_events) AS q ORDER BY q.work_id, q.source, q.event_type, q.event_date, q.notice_doi ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_events = ROW_COUNT;
    END IF;
    IF NOT catalog_only THEN
        INSERT INTO pith.paper_references SELECT * FROM unnest(inc_refs) AS q ORDER BY q.observation_id ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_refs = ROW_COUNT;
        -- stored NULLs filled in: looked for first (a read), written only
        -- when there are some (on Citus an UPDATE over every shard)
        IF EXISTS (SELECT 1 FROM unnest(inc_refs) AS i
                   JOIN pith.paper_references s
                     ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
                   WHERE (s.raw_text IS NULL AND i.raw_text IS NOT NULL)
                      OR (s.title IS NULL AND i.title IS NOT NULL)
                      OR (s.year IS NULL AND i.year IS NOT NULL)
                      OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL)) THEN
            UPDATE pith.paper_references s
            SET raw_text = COALESCE(s.raw_text, i.raw_text),
                title = COALESCE(s.title, i.title),
                year = COALESCE(s.year, i.year),
                pith_arxiv_id = COALESCE(s.pith_arxiv_id, i.pith_arxiv_id)
            FROM unnest(inc_refs) AS i
            WHERE s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
              AND ((s.raw_text IS NULL AND i.raw_text IS NOT NULL)
                OR (s.title IS NULL AND i.title IS NOT NULL)
                OR (s.year IS NULL AND i.year IS NOT NULL)
                OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL));
        END IF;
        INSERT INTO pith.paper_reference_links SELECT * FROM unnest(inc_links) AS q ORDER BY q.citing_arxiv_id, q.observation_id ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_links = ROW_COUNT;
        INSERT INTO pith.citation_measurements SELECT * FROM unnest(inc_meas) AS q ORDER BY q.source, q.measured_at ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS n_meas = ROW_COUNT;

        -- 8. the inbound rows keyed by the cited papers, for every paper
        --    whose references were written.  Ingest only adds: it never
        --    changes a stored arXiv id or link, so no row can have become stale.
        n_inbound := pith.refresh_inbound(citing_papers, false);
    END IF;

    RETURN jsonb_build_object(
        'paper', doc_paper::text,
        'observations_inserted', n_refs,
        'observations_unchanged', CASE WHEN catalog_only THEN 0 ELSE COALESCE(cardinality(inc_refs), 0) - n_refs END,
        'rows_inserted', jsonb_build_object(
            'papers', n_papers,
            'paper_versions', n_versions,
            'cited_works', n_works,
            'paper_references', n_refs,
            'paper_reference_links', n_links,
            'retraction_status_cache', n_receipts,
            'scholarly_work_events', n_events,
            'citation_measurements', n_meas),
        'inbound_rows_written', n_inbound,
        'papers_completed', n_papers_filled);
END
$fn$;
COMMENT ON FUNCTION pith.ingest_document(jsonb, boolean, boolean) IS
    'pith.ingest_record() and pith.ingest_catalog(): load a citation record, all of it or (catalog_only) its catalog rows only';

CREATE OR REPLACE FUNCTION pith.ingest_record(record jsonb, verify boolean DEFAULT true)
RETURNS jsonb
LANGUAGE sql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
SELECT pith.ingest_document(record, verify, false)
$fn$;
COMMENT ON FUNCTION pith.ingest_record(jsonb, boolean) IS
    'load a pith.paper-citation-record.v1 document into the reference tables; refuses tampered digests (unless verify => false), another schema, and data contradicting stored rows; idempotent';

CREATE FUNCTION pith.ingest_catalog(record jsonb, verify boolean DEFAULT true)
RETURNS jsonb
LANGUAGE sql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
SELECT pith.ingest_document(record, verify, true)
$fn$;
COMMENT ON FUNCTION pith.ingest_catalog(jsonb, boolean) IS
    'load only the catalog rows (papers, versions, works, receipts, events) of a pith.paper-citation-record.v1 document, with every check of ingest_record; run in its own transaction before ingest_record so that ingest_record writes only the paper''s own rows';

CREATE FUNCTION pith.ingest_records(records jsonb[], verify boolean DEFAULT true)
RETURNS TABLE (ord integer, paper text, loaded boolean, observations_inserted bigint,
               error_sqlstate text, error_message text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog, pith
-- its work tables are temporary and never analyzed: the planner's guesses
-- would put JIT compilation (a second or more) in front of every statement
SET jit = off
AS $fn$
#variable_conflict use_column
DECLARE
    parsed boolean := true;
    written boolean := true;
    need_catalog boolean;
    lock_keys bigint[];
    lock_key bigint;
    own pith.arxiv_id[];
    d record;
    res jsonb;
    st text;
    msg text;
BEGIN
    IF pg_catalog.to_regclass('pg_temp.pith_ir_docs') IS NULL THEN
        CREATE TEMP TABLE pith_ir_docs (ord int PRIMARY KEY, doc jsonb, paper pith.arxiv_id, as_of timestamptz,
                                        doubt boolean NOT NULL DEFAULT false, inserted bigint,
                                        loaded boolean, error_sqlstate text, error_message text) ON COMMIT DROP;
        -- read by most statements below: stored uncompressed, each read is a copy
        ALTER TABLE pith_ir_docs ALTER COLUMN doc SET STORAGE EXTERNAL;
        CREATE TEMP TABLE pith_ir_obs (ord int, o jsonb, inbound boolean) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_papers (ord int, r pith.papers) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_refs (ord int, r pith.paper_references) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_works (ord int, r pith.cited_works) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_links (ord int, r pith.paper_reference_links) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_nolink (ord int, observation_id uuid) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_receipts (ord int, r pith.retraction_status_cache) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_events (ord int, r pith.scholarly_work_events) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_meas (ord int, r pith.citation_measurements) ON COMMIT DROP;
        CREATE TEMP TABLE pith_ir_versions (ord int, r pith.paper_versions) ON COMMIT DROP;
    END IF;
    TRUNCATE pith_ir_docs, pith_ir_obs, pith_ir_papers, pith_ir_refs, pith_ir_works, pith_ir_links,
             pith_ir_nolink, pith_ir_receipts, pith_ir_events, pith_ir_meas, pith_ir_versions;

    INSERT INTO pith_ir_docs (ord, doc) SELECT u.o, u.d FROM unnest(records) WITH ORDINALITY AS u(d, o);

    -- on a Citus cluster the set-wise statements below (work tables joined
    -- with distributed tables in subqueries) are not planned yet: there
    -- every document takes the one-by-one path of step 7 (same answers)
    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p
                                WHERE p.logicalrelid = ''pith.paper_references''::regclass)' INTO need_catalog;
        parsed := NOT need_catalog;
    END IF;

    -- 1. shape: a document in doubt is left to ingest_record
    UPDATE pith_ir_docs x SET doubt = true
    WHERE x.doc IS NULL OR jsonb_typeof(x.doc) <> 'object'
       OR (x.doc ->> 'schema') IS DISTINCT FROM 'pith.paper-citation-record.v1'
       OR jsonb_typeof(x.doc -> 'paper') IS DISTINCT FROM 'object'
       OR jsonb_typeof(x.doc -> 'outbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(x.doc -> 'inbound') IS DISTINCT FROM 'array'
       OR jsonb_typeof(x.doc -> 'external_citation_measurements') IS DISTINCT FROM 'array'
       OR x.doc -> 'paper' ->> 'arxiv_id' IS NULL OR x.doc ->> 'as_of' IS NULL;

    -- 2. the rows, as ingest_record reads them (a value that does not fit
    --    its column anywhere in the batch: every document on its own)
    IF parsed THEN
    BEGIN
        IF verify THEN
            UPDATE pith_ir_docs x SET doubt = true
            WHERE NOT x.doubt AND EXISTS (SELECT 1 FROM pith.verify_record(x.doc) v WHERE v.ok IS NOT TRUE);
        END IF;
        UPDATE pith_ir_docs x SET paper = (x.doc -> 'paper' ->> 'arxiv_id')::pith.arxiv_id,
                                  as_of = (x.doc ->> 'as_of')::timestamptz
        WHERE NOT x.doubt;
        UPDATE pith_ir_docs x SET doubt = true WHERE NOT x.doubt AND pith.arxiv_base(x.paper) <> x.paper;
        INSERT INTO pith_ir_obs
        SELECT x.ord, o, false FROM pith_ir_docs x, jsonb_array_elements(x.doc -> 'outbound') o WHERE NOT x.doubt
        UNION ALL
        SELECT x.ord, o, true FROM pith_ir_docs x, jsonb_array_elements(x.doc -> 'inbound') o WHERE NOT x.doubt;
        INSERT INTO pith_ir_papers
        SELECT q.ord, jsonb_populate_record(NULL::pith.papers, q.p)
        FROM (SELECT x.ord, x.doc -> 'paper' AS p FROM pith_ir_docs x WHERE NOT x.doubt
              UNION ALL
              SELECT b.ord, (b.o -> 'citation' -> 'citing_paper') - 'version' - 'latest_version' - 'primary_category'
              FROM pith_ir_obs b
              UNION ALL
              SELECT b.ord, (b.o -> 'citation' -> 'cited_paper') - 'latest_version' - 'primary_category'
                     || jsonb_build_object('latest_version', b.o -> 'citation' -> 'cited_paper' -> 'version')
              FROM pith_ir_obs b
              WHERE jsonb_typeof(b.o -> 'citation' -> 'cited_paper') = 'object') q;
        INSERT INTO pith_ir_refs
        SELECT b.ord, jsonb_populate_record(NULL::pith.paper_references, jsonb_build_object(
                   'observation_id', b.o ->> 'observation_id',
                   'citing_arxiv_id', b.o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'citing_version', b.o -> 'citation' -> 'citing_paper' -> 'version',
                   'reference_index', b.o -> 'citation' -> 'reference_index',
                   'raw_text', y.ref_title,
                   'title', y.ref_title,
                   'year', y.ref_year,
                   'pith_arxiv_id', y.w ->> 'pith_arxiv_id',
                   'source', b.o -> 'citation' ->> 'source',
                   'source_observed_at', b.o -> 'citation' ->> 'source_observed_at'))
        FROM pith_ir_obs b
        CROSS JOIN LATERAL (
            SELECT z.w,
                   CASE WHEN z.w ->> 'work_id' IS NULL OR z.w ->> 'metadata_source' = 'raw_reference'
                        THEN z.w -> 'title' END AS ref_title,
                   CASE WHEN z.w ->> 'work_id' IS NULL OR z.w ->> 'metadata_source' = 'raw_reference'
                        THEN z.w -> 'year' END AS ref_year
            FROM (SELECT b.o -> 'citation' -> 'cited_work' AS w) z) y;
        INSERT INTO pith_ir_works
        SELECT b.ord, jsonb_populate_record(NULL::pith.cited_works, (b.o -> 'citation' -> 'cited_work') - 'pith_arxiv_id')
        FROM pith_ir_obs b
        WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;
        INSERT INTO pith_ir_links
        SELECT b.ord, jsonb_populate_record(NULL::pith.paper_reference_links, jsonb_build_object(
                   'observation_id', b.o ->> 'observation_id',
                   'citing_arxiv_id', b.o -> 'citation' -> 'citing_paper' ->> 'arxiv_id',
                   'work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'status', b.o -> 'resolution' ->> 'status',
                   'resolver_source', b.o -> 'resolution' ->> 'resolver_source',
                   'observed_at', b.o -> 'resolution' ->> 'observed_at'))
        FROM pith_ir_obs b
        WHERE (b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NULL
               AND b.o -> 'resolution' ->> 'resolver_source' IS NULL
               AND b.o -> 'resolution' ->> 'status' = 'unresolved'
               AND (b.o -> 'resolution' ->> 'observed_at')::timestamptz
                   = (b.o -> 'citation' ->> 'source_observed_at')::timestamptz) IS FALSE;
        INSERT INTO pith_ir_nolink
        SELECT b.ord, (b.o ->> 'observation_id')::uuid
        FROM pith_ir_obs b
        WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NULL
          AND b.o -> 'resolution' ->> 'resolver_source' IS NULL
          AND b.o -> 'resolution' ->> 'status' = 'unresolved'
          AND (b.o -> 'resolution' ->> 'observed_at')::timestamptz
              = (b.o -> 'citation' ->> 'source_observed_at')::timestamptz;
        INSERT INTO pith_ir_receipts
        SELECT DISTINCT b.ord, jsonb_populate_record(NULL::pith.retraction_status_cache, jsonb_build_object(
                   'work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id',
                   'source', s ->> 'source', 'observed_at', s ->> 'observed_at'))
        FROM pith_ir_obs b
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(b.o -> 'standing_notice' -> 'source_receipts', '[]')) AS s
        WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;
        INSERT INTO pith_ir_events
        SELECT DISTINCT b.ord, jsonb_populate_record(NULL::pith.scholarly_work_events,
                   e || jsonb_build_object('work_id', b.o -> 'citation' -> 'cited_work' ->> 'work_id'))
        FROM pith_ir_obs b
        CROSS JOIN LATERAL jsonb_array_elements(COALESCE(b.o -> 'standing_notice' -> 'events', '[]')) AS e
        WHERE b.o -> 'citation' -> 'cited_work' ->> 'work_id' IS NOT NULL;
        INSERT INTO pith_ir_meas
        SELECT x.ord, jsonb_populate_record(NULL::pith.citation_measurements,
                   m || jsonb_build_object('arxiv_id', x.paper::text))
        FROM pith_ir_docs x, jsonb_array_elements(x.doc -> 'external_citation_measurements') AS m
        WHERE NOT x.doubt;
    EXCEPTION WHEN OTHERS THEN
        parsed := false;
    END;
    END IF;

    IF parsed THEN
        -- 3. doubts inside the batch: what ingest_record would refuse in a
        --    document (its step 4 and the missing values), and any key two
        --    documents describe differently (one of them would be refused)
        UPDATE pith_ir_docs x SET doubt = true
        WHERE NOT x.doubt AND x.ord IN (
            SELECT f.ord FROM pith_ir_refs f
            WHERE (f.r).observation_id IS NULL OR (f.r).citing_arxiv_id IS NULL OR (f.r).citing_version IS NULL
               OR (f.r).reference_index IS NULL OR (f.r).source IS NULL OR (f.r).source_observed_at IS NULL
            UNION ALL
            SELECT b.ord FROM pith_ir_obs b JOIN pith_ir_docs y ON y.ord = b.ord
            WHERE ((b.o -> 'citation' -> 'citing_paper' ->> 'arxiv_id')::pith.arxiv_id = y.paper) = b.inbound
            UNION ALL
            SELECT p.ord FROM pith_ir_papers p
            WHERE (p.r).arxiv_id IN (SELECT (q.r).arxiv_id FROM pith_ir_papers q GROUP BY (q.r).arxiv_id
                                     HAVING count(DISTINCT (q.r).title) > 1 OR count(DISTINCT (q.r).latest_version) > 1
                                         OR count(DISTINCT (q.r).submitted_at) > 1 OR count(DISTINCT (q.r).last_updated) > 1
                                         OR count(DISTINCT (q.r).primary_category) > 1
                                         OR count(DISTINCT (q.r).snapshot_observed_at) > 1)
            UNION ALL
            SELECT p.ord FROM pith_ir_papers p GROUP BY p.ord, (p.r).arxiv_id
            HAVING bool_and((p.r).title IS NULL) OR bool_and((p.r).snapshot_observed_at IS NULL)
            UNION ALL
            SELECT f.ord FROM pith_ir_refs f
            WHERE (f.r).observation_id IN (SELECT (g.r).observation_id FROM pith_ir_refs g GROUP BY 1
                                           HAVING count(DISTINCT to_jsonb(g.r)) > 1)
               OR ((f.r).citing_arxiv_id, (f.r).reference_index) IN (
                      SELECT (g.r).citing_arxiv_id, (g.r).reference_index FROM pith_ir_refs g GROUP BY 1, 2
                      HAVING count(DISTINCT (g.r).observation_id) > 1)
            UNION ALL
            SELECT w.ord FROM pith_ir_works w
            WHERE (w.r).work_id IN (SELECT (v.r).work_id FROM pith_ir_works v GROUP BY 1 HAVING count(DISTINCT to_jsonb(v.r)) > 1)
               OR ((w.r).metadata_source = 'arxiv' AND pith.arxiv_base((w.r).arxiv_id) IN (
                      SELECT pith.arxiv_base((v.r).arxiv_id) FROM pith_ir_works v
                      WHERE (v.r).metadata_source = 'arxiv' AND (v.r).arxiv_id IS NOT NULL GROUP BY 1
                      HAVING count(DISTINCT (v.r).work_id) > 1))
               OR (w.r).metadata_source IS NULL OR (w.r).snapshot_observed_at IS NULL
            UNION ALL
            SELECT l.ord FROM pith_ir_links l
            WHERE (l.r).status IS NULL OR (l.r).observed_at IS NULL
               OR ((l.r).citing_arxiv_id, (l.r).observation_id) IN (
                      SELECT (k.r).citing_arxiv_id, (k.r).observation_id FROM pith_ir_links k GROUP BY 1, 2
                      HAVING count(DISTINCT to_jsonb(k.r) - 'score') > 1)
            UNION ALL
            -- one document's unresolved reference that another links before
            -- the first one's as_of: loaded in order, one would be refused
            SELECT n.ord FROM pith_ir_nolink n JOIN pith_ir_docs y ON y.ord = n.ord
            JOIN pith_ir_links l ON (l.r).observation_id = n.observation_id AND (l.r).observed_at <= y.as_of
            UNION ALL
            SELECT l.ord FROM pith_ir_links l JOIN pith_ir_nolink n ON n.observation_id = (l.r).observation_id
            UNION ALL
            SELECT e.ord FROM pith_ir_receipts e WHERE (e.r).source IS NULL OR (e.r).observed_at IS NULL
            UNION ALL
            SELECT e.ord FROM pith_ir_events e
            WHERE (e.r).source IS NULL OR (e.r).event_type IS NULL OR (e.r).observed_at IS NULL
               OR ((e.r).work_id, (e.r).source, (e.r).event_type, (e.r).event_date, (e.r).notice_doi) IN (
                      SELECT (v.r).work_id, (v.r).source, (v.r).event_type, (v.r).event_date, (v.r).notice_doi
                      FROM pith_ir_events v GROUP BY 1, 2, 3, 4, 5 HAVING count(DISTINCT to_jsonb(v.r)) > 1)
            UNION ALL
            SELECT m.ord FROM pith_ir_meas m
            WHERE (m.r).source IS NULL OR (m.r).cited_by_count IS NULL OR (m.r).measured_at IS NULL
               OR ((m.r).arxiv_id, (m.r).source, (m.r).measured_at) IN (
                      SELECT (v.r).arxiv_id, (v.r).source, (v.r).measured_at FROM pith_ir_meas v GROUP BY 1, 2, 3
                      HAVING count(DISTINCT (v.r).cited_by_count) > 1));

        -- the versions, from each document's merged papers, as ingest_record
        INSERT INTO pith_ir_versions
        SELECT DISTINCT q.ord, ROW(q.arxiv_id, q.latest_version, q.title, q.last_updated)::pith.paper_versions
        FROM (SELECT p.ord, (p.r).arxiv_id, max((p.r).title) AS title, max((p.r).latest_version) AS latest_version,
                     max((p.r).last_updated) AS last_updated
              FROM pith_ir_papers p GROUP BY p.ord, (p.r).arxiv_id) q
        WHERE q.latest_version IS NOT NULL;

        -- 4. locks (ingest_record's step 5, for every parsed document of the
        --    batch, in doubt or not: their own ingest_record calls below then
        --    find them held)
        own := ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                     UNION SELECT x.paper FROM pith_ir_docs x WHERE x.paper IS NOT NULL);
        need_catalog :=
            EXISTS (SELECT 1 FROM pith_ir_papers i LEFT JOIN pith.papers s ON s.arxiv_id = (i.r).arxiv_id
                    WHERE s.arxiv_id IS NULL
                       OR (s.latest_version IS NULL AND (i.r).latest_version IS NOT NULL)
                       OR (s.submitted_at IS NULL AND (i.r).submitted_at IS NOT NULL)
                       OR (s.last_updated IS NULL AND (i.r).last_updated IS NOT NULL)
                       OR (s.primary_category IS NULL AND (i.r).primary_category IS NOT NULL))
            OR EXISTS (SELECT 1 FROM pith_ir_versions i LEFT JOIN pith.paper_versions s
                         ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version WHERE s.arxiv_id IS NULL)
            OR EXISTS (SELECT 1 FROM pith_ir_works i LEFT JOIN pith.cited_works s ON s.work_id = (i.r).work_id
                       WHERE s.work_id IS NULL)
            OR EXISTS (SELECT 1 FROM pith_ir_receipts i LEFT JOIN pith.retraction_status_cache s
                         ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.observed_at = (i.r).observed_at
                       WHERE s.work_id IS NULL)
            OR EXISTS (SELECT 1 FROM pith_ir_events i LEFT JOIN pith.scholarly_work_events s
                         ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
                        AND s.event_date IS NOT DISTINCT FROM (i.r).event_date
                        AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
                       WHERE s.work_id IS NULL);
        lock_keys := ARRAY(
            SELECT DISTINCT k.key
            FROM (SELECT pg_catalog.hashtextextended('pith.paper:' || (q.r).arxiv_id::text, 0) AS key
                  FROM pith_ir_papers q WHERE need_catalog
                  UNION ALL
                  SELECT pg_catalog.hashtextextended('pith.paper:' || q::text, 0) FROM unnest(own) AS q
                  UNION ALL
                  SELECT pg_catalog.hashtextextended('pith.work:' || (q.r).work_id::text, 0)
                  FROM pith_ir_works q WHERE need_catalog
                  UNION ALL
                  SELECT pg_catalog.hashtextextended('pith.arxiv_work:' || pith.arxiv_base((q.r).arxiv_id)::text, 0)
                  FROM pith_ir_works q WHERE need_catalog AND (q.r).arxiv_id IS NOT NULL) k
            ORDER BY k.key);
        FOREACH lock_key IN ARRAY lock_keys LOOP
            PERFORM pg_catalog.pg_advisory_xact_lock(lock_key);
        END LOOP;
        PERFORM pith.lock_papers(own);

        -- 5. doubts against the stored rows (ingest_record's step 6): a
        --    quick equality first, the exact comparison only where it fails
        UPDATE pith_ir_docs x SET doubt = true
        WHERE NOT x.doubt AND x.ord IN (
            SELECT i.ord FROM pith_ir_papers i JOIN pith.papers s ON s.arxiv_id = (i.r).arxiv_id
            WHERE jsonb_strip_nulls(to_jsonb(s)) || jsonb_strip_nulls(to_jsonb(i.r)) <> jsonb_strip_nulls(to_jsonb(s))
              AND pith.row_conflict(to_jsonb(s), to_jsonb(i.r)) IS NOT NULL
            UNION ALL
            SELECT i.ord FROM pith_ir_versions i
            JOIN pith.paper_versions s ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version
            WHERE pith.row_conflict(to_jsonb(s), to_jsonb(i.r)) IS NOT NULL
            UNION ALL
            SELECT i.ord FROM pith_ir_works i JOIN pith.cited_works s ON s.work_id = (i.r).work_id
            WHERE to_jsonb(s) || to_jsonb(i.r) <> to_jsonb(s)
            UNION ALL
            SELECT i.ord FROM pith_ir_works i
            JOIN pith.cited_works s ON pith.arxiv_base(s.arxiv_id) = pith.arxiv_base((i.r).arxiv_id)
                                   AND s.metadata_source = 'arxiv'
            WHERE (i.r).metadata_source = 'arxiv' AND (i.r).arxiv_id IS NOT NULL AND s.work_id <> (i.r).work_id
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i JOIN pith.paper_references s ON s.observation_id = (i.r).observation_id
            WHERE jsonb_strip_nulls(to_jsonb(s)) || jsonb_strip_nulls(to_jsonb(i.r)) <> jsonb_strip_nulls(to_jsonb(s))
              AND pith.row_conflict(to_jsonb(s), to_jsonb(i.r)) IS NOT NULL
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i
            JOIN pith.paper_references s ON s.citing_arxiv_id = (i.r).citing_arxiv_id
                                        AND s.reference_index = (i.r).reference_index
            WHERE s.observation_id <> (i.r).observation_id
            UNION ALL
            SELECT i.ord FROM pith_ir_links i
            JOIN pith.paper_reference_links s ON s.citing_arxiv_id = (i.r).citing_arxiv_id
                                             AND s.observation_id = (i.r).observation_id
            WHERE to_jsonb(s) || (to_jsonb(i.r) - 'score') <> to_jsonb(s)
            UNION ALL
            SELECT n.ord FROM pith_ir_nolink n JOIN pith_ir_docs y ON y.ord = n.ord
            JOIN pith.paper_reference_links s ON s.observation_id = n.observation_id AND s.observed_at <= y.as_of
            UNION ALL
            SELECT i.ord FROM pith_ir_events i
            JOIN pith.scholarly_work_events s
              ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
             AND s.event_date IS NOT DISTINCT FROM (i.r).event_date AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
            WHERE to_jsonb(s) || to_jsonb(i.r) <> to_jsonb(s)
            UNION ALL
            SELECT i.ord FROM pith_ir_meas i
            JOIN pith.citation_measurements s
              ON s.arxiv_id = (i.r).arxiv_id AND s.source = (i.r).source AND s.measured_at = (i.r).measured_at
            WHERE s.cited_by_count <> (i.r).cited_by_count);

        -- 6. write what the documents beyond doubt hold, one statement per
        --    table (ingest_record's step 7 and 8); should any statement
        --    fail (a CHECK constraint, a catalog work created meanwhile),
        --    none of it stays and every document goes on its own
        UPDATE pith_ir_docs x SET inserted = (
            SELECT count(DISTINCT (f.r).observation_id) FROM pith_ir_refs f
            WHERE f.ord = x.ord
              AND NOT EXISTS (SELECT 1 FROM pith.paper_references s
                              WHERE s.citing_arxiv_id = (f.r).citing_arxiv_id AND s.observation_id = (f.r).observation_id)
              AND NOT EXISTS (SELECT 1 FROM pith_ir_refs g JOIN pith_ir_docs z ON z.ord = g.ord AND NOT z.doubt
                              WHERE (g.r).observation_id = (f.r).observation_id AND g.ord < f.ord))
        WHERE NOT x.doubt;
        BEGIN
            IF need_catalog THEN
                INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated,
                                         primary_category, snapshot_observed_at)
                SELECT q.arxiv_id, max(q.title), max(q.latest_version), max(q.submitted_at), max(q.last_updated),
                       max(q.primary_category), max(q.snapshot_observed_at)
                FROM (SELECT (p.r).* FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt) q
                GROUP BY q.arxiv_id ORDER BY q.arxiv_id
                ON CONFLICT DO NOTHING;
                UPDATE pith.papers s
                SET latest_version = COALESCE(s.latest_version, i.latest_version),
                    submitted_at = COALESCE(s.submitted_at, i.submitted_at),
                    last_updated = COALESCE(s.last_updated, i.last_updated),
                    primary_category = COALESCE(s.primary_category, i.primary_category)
                FROM (SELECT (p.r).arxiv_id, max((p.r).latest_version) AS latest_version,
                             max((p.r).submitted_at) AS submitted_at, max((p.r).last_updated) AS last_updated,
                             max((p.r).primary_category) AS primary_category
                      FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt
                      GROUP BY 1) i
                WHERE s.arxiv_id = i.arxiv_id
                  AND ((s.latest_version IS NULL AND i.latest_version IS NOT NULL)
                    OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
                    OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
                    OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL));
                INSERT INTO pith.paper_versions
                SELECT DISTINCT (v.r).* FROM pith_ir_versions v JOIN pith_ir_docs x ON x.ord = v.ord AND NOT x.doubt
                ORDER BY 1, 2 ON CONFLICT DO NOTHING;
                INSERT INTO pith.cited_works
                SELECT q.* FROM (SELECT DISTINCT (w.r).* FROM pith_ir_works w
                                 JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt) q
                ORDER BY q.metadata_source IS DISTINCT FROM 'arxiv', pith.arxiv_base(q.arxiv_id), q.work_id
                ON CONFLICT DO NOTHING;
                IF EXISTS (SELECT 1 FROM pith_ir_works w JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt
                           WHERE NOT EXISTS (SELECT 1 FROM pith.cited_works s WHERE s.work_id = (w.r).work_id)) THEN
                    RAISE EXCEPTION 'a catalog work was created meanwhile';
                END IF;
                INSERT INTO pith.retraction_status_cache
                SELECT DISTINCT (e.r).* FROM pith_ir_receipts e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING;
                INSERT INTO pith.scholarly_work_events
                SELECT DISTINCT (e.r).* FROM pith_ir_events e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ON CONFLICT DO NOTHING;
            END IF;
            INSERT INTO pith.paper_references
            SELECT DISTINCT (f.r).* FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt
            ORDER BY 1 ON CONFLICT DO NOTHING;
            IF EXISTS (SELECT 1 FROM pith_ir_refs i JOIN pith_ir_docs x ON x.ord = i.ord AND NOT x.doubt
                       JOIN pith.paper_references s
                         ON s.citing_arxiv_id = (i.r).citing_arxiv_id AND s.observation_id = (i.r).observation_id
                       WHERE (s.raw_text IS NULL AND (i.r).raw_text IS NOT NULL)
                          OR (s.title IS NULL AND (i.r).title IS NOT NULL)
                          OR (s.year IS NULL AND (i.r).year IS NOT NULL)
                          OR (s.pith_arxiv_id IS NULL AND (i.r).pith_arxiv_id IS NOT NULL)) THEN
                UPDATE pith.paper_references s
                SET raw_text = COALESCE(s.raw_text, i.raw_text), title = COALESCE(s.title, i.title),
                    year = COALESCE(s.year, i.year), pith_arxiv_id = COALESCE(s.pith_arxiv_id, i.pith_arxiv_id)
                FROM (SELECT DISTINCT (f.r).* FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt) i
                WHERE s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
                  AND ((s.raw_text IS NULL AND i.raw_text IS NOT NULL) OR (s.title IS NULL AND i.title IS NOT NULL)
                    OR (s.year IS NULL AND i.year IS NOT NULL) OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL));
            END IF;
            INSERT INTO pith.paper_reference_links
            SELECT DISTINCT ON ((l.r).citing_arxiv_id, (l.r).observation_id) (l.r).*
            FROM pith_ir_links l JOIN pith_ir_docs x ON x.ord = l.ord AND NOT x.doubt
            ORDER BY (l.r).citing_arxiv_id, (l.r).observation_id ON CONFLICT DO NOTHING;
            INSERT INTO pith.citation_measurements
            SELECT DISTINCT (m.r).* FROM pith_ir_meas m JOIN pith_ir_docs x ON x.ord = m.ord AND NOT x.doubt
            ON CONFLICT DO NOTHING;
            PERFORM pith.refresh_inbound(ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                                               JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt), false);
            UPDATE pith_ir_docs x SET loaded = true WHERE NOT x.doubt;
        EXCEPTION WHEN OTHERS THEN
            written := false;
        END;
    END IF;

    -- 7. every document the batch did not write, on its own, in order
    FOR d IN SELECT x.ord, x.doc FROM pith_ir_docs x
             WHERE x.doubt OR NOT parsed OR NOT written ORDER BY x.ord LOOP
        BEGIN
            res := pith.ingest_record(d.doc, verify);
            UPDATE pith_ir_docs x SET loaded = true, inserted = (res ->> 'observations_inserted')::bigint,
                                      error_sqlstate = NULL, error_message = NULL
            WHERE x.ord = d.ord;
        EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
            UPDATE pith_ir_docs x SET loaded = false, inserted = 0, error_sqlstate = st, error_message = msg WHERE x.ord = d.ord;
        END;
    END LOOP;

    RETURN QUERY
    SELECT x.ord, COALESCE(x.paper::text, x.doc -> 'paper' ->> 'arxiv_id'), x.loaded, x.inserted, x.error_sqlstate, x.error_message
    FROM pith_ir_docs x ORDER BY x.ord;
    TRUNCATE pith_ir_docs, pith_ir_obs, pith_ir_papers, pith_ir_refs, pith_ir_works, pith_ir_links,
             pith_ir_nolink, pith_ir_receipts, pith_ir_events, pith_ir_meas, pith_ir_versions;
END
$fn$;
COMMENT ON FUNCTION pith.ingest_records(jsonb[], boolean) IS
    'load many pith.paper-citation-record.v1 documents at once, with every guarantee of ingest_record per document (all or nothing, contradictions refused, idempotent); one row per document: loaded or refused with its SQLSTATE and message';

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
    earlier pith.inbound_references[];
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

    -- one writer per paper from here to commit (its pith.paper_write_locks
    -- row: a row of one shard on Citus, not of the papers reference table)
    PERFORM pith.lock_papers(papers_in);

    -- what the rows should be: every reference of these papers that names
    -- another paper, once per paper it names (its own arXiv id, its
    -- link's work), with its reference and link rows as stored
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
        FROM (VALUES (pith.arxiv_base(r.pith_arxiv_id)), (pith.arxiv_base(w.arxiv_id))) AS v(cited)
        WHERE v.cited IS NOT NULL AND v.cited <> r.citing_arxiv_id
    ) t
    WHERE r.citing_arxiv_id = ANY (papers_in);
    -- and once per paper a linked work named in an earlier snapshot
    -- (42_history.sql): records as of then still list the reference.  A
    -- statement of its own, plain joins (Citus pushes them down; it cannot
    -- push a UNION with VALUES), merged without duplicates.
    SELECT array_agg(ROW(pith.arxiv_base(wh.arxiv_id), r.observation_id, r.citing_arxiv_id, r.reference_index,
                         to_jsonb(r), to_jsonb(l))::pith.inbound_references)
    INTO earlier
    FROM pith.paper_references r
    JOIN pith.paper_reference_links l
      ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
    JOIN pith.cited_works_history wh ON wh.work_id = l.work_id
    WHERE r.citing_arxiv_id = ANY (papers_in)
      AND wh.arxiv_id IS NOT NULL
      AND pith.arxiv_base(wh.arxiv_id) <> r.citing_arxiv_id;
    IF earlier IS NOT NULL THEN
        SELECT array_agg(ROW(u.*)::pith.inbound_references ORDER BY u.cited_arxiv_id, u.observation_id),
               array_agg(u.cited_arxiv_id::text || ' ' || u.observation_id::text)
        INTO want, want_keys
        FROM (SELECT DISTINCT ON (x.cited_arxiv_id, x.observation_id) x.*
              FROM unnest(COALESCE(want, '{}') || earlier) AS x
              ORDER BY x.cited_arxiv_id, x.observation_id) u;
    END IF;

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

CREATE OR REPLACE FUNCTION pith.resolve_paper(arxiv_id pith.arxiv_id, force boolean DEFAULT false)
    RETURNS integer
    LANGUAGE plpgsql VOLATILE
    SET search_path = pg_catalog, pith
    AS $$
#variable_conflict use_variable
DECLARE
    paper   pith.arxiv_id := pith.arxiv_base(arxiv_id);
    written integer := 0;
    k       integer;
    r       record;
BEGIN
    IF force IS NULL THEN
        RAISE EXCEPTION 'force must not be NULL' USING ERRCODE = '22004';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pith.papers p WHERE p.arxiv_id OPERATOR(pith.=) paper) THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', paper::text
            USING ERRCODE = '22023', DETAIL = 'Only papers of the catalog have references to resolve.';
    END IF;
    -- one resolver per paper at a time; other papers go on in parallel
    PERFORM pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('pith.resolve_paper:' OPERATOR(pg_catalog.||) paper::text, 0));

    -- resolve first, write afterwards: the catalog works that verified links
    -- need are created last and in arXiv-id order, so sessions that create
    -- the same work wait on each other only briefly and never deadlock
    IF pg_catalog.to_regclass('pg_temp.pith_resolve_paper_tmp') IS NULL THEN
        CREATE TEMP TABLE pith_resolve_paper_tmp (
            observation_id uuid, status pith.resolution_status, arxiv_id pith.arxiv_id, work_id uuid,
            score float8, resolver_source text) ON COMMIT DROP;
    END IF;
    TRUNCATE pith_resolve_paper_tmp;
    -- the paper's references are read first and resolved one by one: on
    -- Citus, a function that reads the catalog must not run per row inside
    -- the distributed query over paper_references
    FOR r IN SELECT pr.observation_id, pr.raw_text, pr.title, pr.year, pr.pith_arxiv_id, pr.doi
               FROM pith.paper_references pr
              WHERE pr.citing_arxiv_id OPERATOR(pith.=) paper
                AND (force OR NOT EXISTS (SELECT 1 FROM pith.paper_reference_links l
                                           WHERE l.citing_arxiv_id OPERATOR(pith.=) pr.citing_arxiv_id
                                             AND l.observation_id OPERATOR(pg_catalog.=) pr.observation_id))
    LOOP
        INSERT INTO pith_resolve_paper_tmp
        SELECT r.observation_id, rr.status, rr.arxiv_id, rr.work_id, rr.score, rr.resolver_source
          FROM pith.resolve_reference(r.raw_text, r.title, r.year, r.pith_arxiv_id, r.doi) rr;
    END LOOP;

    -- the paper's write row, as ingest_record and refresh_inbound lock it,
    -- before the first write: a row of one shard on Citus (a row lock on
    -- pith.papers would lock that reference table's whole shard, and every
    -- other writer with it).  The catalog works below are the only rows of
    -- a reference table this writes, and only those not stored yet.
    PERFORM pith.lock_papers(ARRAY[paper]);
    FOR r IN SELECT DISTINCT t.arxiv_id FROM pith_resolve_paper_tmp t
              WHERE t.status IN ('verified_exact', 'verified_fuzzy') AND t.work_id IS NULL
              ORDER BY 1
    LOOP
        UPDATE pith_resolve_paper_tmp t SET work_id = pith.paper_work(r.arxiv_id)
         WHERE t.arxiv_id OPERATOR(pith.=) r.arxiv_id AND t.work_id IS NULL
           AND t.status IN ('verified_exact', 'verified_fuzzy');
    END LOOP;

    IF force THEN
        INSERT INTO pith.paper_reference_links AS l
               (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
        SELECT paper, t.observation_id, t.work_id, t.status, t.resolver_source, pg_catalog.now(), t.score
          FROM pith_resolve_paper_tmp t
        ON CONFLICT (citing_arxiv_id, observation_id) DO UPDATE
           SET work_id = excluded.work_id, status = excluded.status,
               resolver_source = excluded.resolver_source, observed_at = excluded.observed_at,
               score = excluded.score;
    ELSE
        INSERT INTO pith.paper_reference_links
               (citing_arxiv_id, observation_id, work_id, status, resolver_source, observed_at, score)
        SELECT paper, t.observation_id, t.work_id, t.status, t.resolver_source, pg_catalog.now(), t.score
          FROM pith_resolve_paper_tmp t
        ON CONFLICT (citing_arxiv_id, observation_id) DO NOTHING;
    END IF;
    GET DIAGNOSTICS k = ROW_COUNT;
    written := written OPERATOR(pg_catalog.+) k;
    -- the inbound rows of the papers these references name: a forced run
    -- may have moved a link to another work, so stale rows go too
    IF k OPERATOR(pg_catalog.>) 0 THEN
        PERFORM pith.refresh_inbound(ARRAY[paper], force);
    END IF;
    TRUNCATE pith_resolve_paper_tmp;
    RETURN written;
END
$$;
COMMENT ON FUNCTION pith.resolve_paper(pith.arxiv_id, boolean) IS
    'resolve every reference of a paper (only those without a link unless force) into paper_reference_links in one transaction; returns the number of links written';

CREATE OR REPLACE FUNCTION pith.distribution_layout()
RETURNS TABLE (table_name regclass, placement text, distribution_column text, reason text)
LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
    SELECT v.t::regclass, v.p, v.c, v.r
    FROM (VALUES
        (1, 'pith.papers', 'reference', NULL::text,
         'read by other papers'' records (cited and citing papers)'),
        (2, 'pith.paper_versions', 'reference', NULL,
         'read by the resolver for any candidate paper'),
        (3, 'pith.cited_works', 'reference', NULL,
         'read by every record that links to a work'),
        (4, 'pith.scholarly_work_events', 'reference', NULL,
         'read with the works'),
        (5, 'pith.retraction_status_cache', 'reference', NULL,
         'read with the works'),
        (6, 'pith.paper_references', 'distributed', 'citing_arxiv_id',
         'a paper''s references: its outbound observations'),
        (7, 'pith.citation_measurements', 'distributed', 'arxiv_id',
         'a paper''s external citation counts'),
        (8, 'pith.paper_reference_links', 'distributed', 'citing_arxiv_id',
         'a paper''s resolutions, with its references'),
        (9, 'pith.inbound_references', 'distributed', 'cited_arxiv_id',
         'other papers'' references to a paper, with the paper: its inbound observations'),
        (10, 'pith.cited_work_authors', 'reference', NULL,
         'read by the resolver with the works'),
        (11, 'pith.paper_write_locks', 'distributed', 'arxiv_id',
         'the row a paper''s writers lock: with the paper, so they lock one shard''s row'),
        (12, 'pith.cited_work_locators', 'reference', NULL,
         'read by the resolver with the works (volume and first page)'),
        (13, 'pith.papers_history', 'reference', NULL,
         'earlier snapshots of papers, read with them by records as of an earlier moment'),
        (14, 'pith.paper_versions_history', 'reference', NULL,
         'earlier rows of paper versions, with them'),
        (15, 'pith.cited_works_history', 'reference', NULL,
         'earlier snapshots of works, read with them by records as of an earlier moment'),
        (16, 'pith.source_snapshots', 'reference', NULL,
         'standing-source loads, read by every record with its works'' receipts'),
        (17, 'pith.source_coverage', 'reference', NULL,
         'from when each standing source covers a work, read with the works'' receipts')
    ) AS v(o, t, p, c, r)
    ORDER BY v.o;
END;
COMMENT ON FUNCTION pith.distribution_layout() IS
    'where pith.distribute() puts each of pith''s tables on a Citus cluster: reference (replicated) or distributed by the owning paper''s arXiv id';

CREATE OR REPLACE FUNCTION pith.distribute(shard_count integer DEFAULT 32)
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    l record;
    fk record;
    anchor regclass;
    placement_now text;
    fks text[] := '{}';
    fk_tables regclass[] := '{}';
    fk_defs text[] := '{}';
    i integer;
    fk_targets regclass[] := '{}';
    fk_cols text[] := '{}';
    fk_refcols text[] := '{}';
    ref_kind text;
    target_kind text;
    dist_col text;
    placed boolean;
    target_col text;
    fn record;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_available_extensions e
                   WHERE e.name OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not installed'
            USING ERRCODE = 'feature_not_supported',
                  DETAIL = 'pith.distribute() spreads pith''s tables over a Citus cluster; this server has no citus extension.',
                  HINT = 'Install Citus on every node, add citus to shared_preload_libraries, then CREATE EXTENSION citus.';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'citus') THEN
        RAISE EXCEPTION 'citus is not created in this database'
            USING ERRCODE = 'object_not_in_prerequisite_state',
                  DETAIL = 'Citus is installed on this server but not created in the current database.',
                  HINT = 'Run CREATE EXTENSION citus, add the worker nodes, then call pith.distribute() again.';
    END IF;
    IF shard_count OPERATOR(pg_catalog.<) 1 OR shard_count OPERATOR(pg_catalog.>) 64000 THEN
        RAISE EXCEPTION 'shard_count must be between 1 and 64000'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = pg_catalog.format('shard_count is %s.', shard_count);
    END IF;

    -- Foreign keys into reference tables need one connection per node for
    -- the whole transaction.
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);

    -- 0. Triggers: Citus places no table that has one.  The only one fills
    --    in a link's citing paper for writers that leave it out; on a
    --    distributed install writers name it (pith's own writers do).
    IF EXISTS (SELECT 1 FROM pg_catalog.pg_trigger t
               WHERE t.tgrelid OPERATOR(pg_catalog.=) 'pith.paper_reference_links'::regclass
                 AND t.tgname OPERATOR(pg_catalog.=) 'paper_reference_links_owner') THEN
        PERFORM pith.distribute_ddl('DROP TRIGGER IF EXISTS paper_reference_links_owner ON pith.paper_reference_links');
        object := 'pith.paper_reference_links paper_reference_links_owner';
        action := 'trigger dropped: writers must give citing_arxiv_id';
        RETURN NEXT;
    END IF;
    -- The history triggers (42_history.sql) too: on a distributed install
    -- the catalog keeps no history yet (a trigger on a reference table's
    -- placements cannot write another reference table).
    FOR fk IN
        SELECT t.tgname::text AS conname, t.tgrelid::regclass AS t
        FROM pg_catalog.pg_trigger t
        WHERE t.tgname OPERATOR(pg_catalog.=) ANY ('{papers_keep_history,cited_works_keep_history,paper_versions_keep_history}')
          AND t.tgrelid OPERATOR(pg_catalog.=) ANY ('{pith.papers,pith.cited_works,pith.paper_versions}'::regclass[])
        ORDER BY 1
    LOOP
        PERFORM pith.distribute_ddl(pg_catalog.format('DROP TRIGGER IF EXISTS %I ON %s', fk.conname, fk.t));
        object := fk.t::text || ' ' || fk.conname;
        action := 'trigger dropped: a distributed catalog keeps no history';
        RETURN NEXT;
    END LOOP;

    -- 1. Foreign keys between pith's tables come off first (Citus creates
    --    tables one at a time and checks each key against the other side's
    --    placement); the ones Citus can keep go back on at the end.
    FOR fk IN
        SELECT c.conname, c.conrelid::regclass AS t, c.confrelid::regclass AS r,
               pg_catalog.pg_get_constraintdef(c.oid) AS def,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.conkey)) AS cols,
               (SELECT pg_catalog.string_agg(a.attname::text, ',') FROM pg_catalog.pg_attribute a
                WHERE a.attrelid OPERATOR(pg_catalog.=) c.confrelid
                  AND a.attnum OPERATOR(pg_catalog.=) ANY (c.confkey)) AS refcols
        FROM pg_catalog.pg_constraint c
        JOIN pith.distribution_layout() d ON d.table_name OPERATOR(pg_catalog.=) c.conrelid
        WHERE c.contype OPERATOR(pg_catalog.=) 'f'
        ORDER BY c.conrelid::regclass::text, c.conname
    LOOP
        fks := fks || fk.conname::text;
        fk_tables := fk_tables || fk.t;
        fk_defs := fk_defs || fk.def;
        fk_targets := fk_targets || fk.r;
        fk_cols := fk_cols || fk.cols;
        fk_refcols := fk_refcols || fk.refcols;
        -- a table Citus already placed gets the change through Citus; the
        -- workers' own copies only while the table is still local
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1)'
            INTO placed USING fk.t;
        IF placed THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I', fk.t, fk.conname);
        ELSE
            PERFORM pith.distribute_ddl(pg_catalog.format('ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I',
                                                          fk.t, fk.conname));
        END IF;
    END LOOP;

    -- 2. A distributed table's unique keys must contain its distribution
    --    column: a key on the row id alone becomes (paper id, row id).
    FOR l IN SELECT * FROM pith.distribution_layout() d WHERE d.placement OPERATOR(pg_catalog.=) 'distributed' LOOP
        FOR fk IN
            SELECT c.conname, c.contype,
                   pg_catalog.array_agg(pg_catalog.quote_ident(a.attname) ORDER BY k.ord) AS cols
            FROM pg_catalog.pg_constraint c
            CROSS JOIN LATERAL pg_catalog.unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
            JOIN pg_catalog.pg_attribute a ON a.attrelid OPERATOR(pg_catalog.=) c.conrelid
                                          AND a.attnum OPERATOR(pg_catalog.=) k.attnum
            WHERE c.conrelid OPERATOR(pg_catalog.=) l.table_name
              AND c.contype OPERATOR(pg_catalog.=) ANY ('{p,u}'::"char"[])
            GROUP BY c.conname, c.contype
            HAVING NOT pg_catalog.bool_or(a.attname OPERATOR(pg_catalog.=) l.distribution_column)
        LOOP
            PERFORM pith.distribute_ddl(pg_catalog.format(
                'ALTER TABLE %s DROP CONSTRAINT IF EXISTS %I, ADD CONSTRAINT %I %s (%I, %s)',
                l.table_name, fk.conname, fk.conname,
                CASE fk.contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END,
                l.distribution_column, pg_catalog.array_to_string(fk.cols, ', ')));
            object := l.table_name::text || ' ' || fk.conname;
            action := pg_catalog.format('key widened to (%s, %s): unique per paper',
                                        l.distribution_column, pg_catalog.array_to_string(fk.cols, ', '));
            RETURN NEXT;
        END LOOP;
    END LOOP;

    -- 3. Place the tables: reference tables first, then the per-paper
    --    tables, all colocated with the first one.
    FOR l IN SELECT * FROM pith.distribution_layout() d
             ORDER BY d.placement OPERATOR(pg_catalog.<>) 'reference', d.table_name::text LOOP
        EXECUTE 'SELECT p.partmethod::text FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1'
            INTO placement_now USING l.table_name;
        IF l.placement OPERATOR(pg_catalog.=) 'reference' THEN
            IF placement_now IS NULL THEN
                EXECUTE 'SELECT create_reference_table($1)' USING l.table_name;
                object := l.table_name::text; action := 'reference table'; RETURN NEXT;
            END IF;
        ELSE
            IF placement_now OPERATOR(pg_catalog.=) 'n' THEN
                -- a reference table in an older layout (0.1.0 replicated the
                -- links).  Citus cannot make it local again by itself: its
                -- undistribute_table() refuses a table that belongs to an
                -- extension.
                RAISE EXCEPTION '% is a reference table, and pith''s layout distributes it', l.table_name
                    USING ERRCODE = 'object_not_in_prerequisite_state',
                          DETAIL = 'Citus'' undistribute_table() refuses tables that belong to an extension, so pith.distribute() cannot move it.',
                          HINT = 'Move pith''s tables back to the coordinator as README "Upgrading a distributed install" shows, then call pith.distribute() again.';
            END IF;
            IF placement_now IS NULL THEN
                IF anchor IS NULL THEN
                    EXECUTE 'SELECT create_distributed_table($1, $2, shard_count => $3, colocate_with => ''none'')'
                        USING l.table_name, l.distribution_column, shard_count;
                ELSE
                    EXECUTE 'SELECT create_distributed_table($1, $2, colocate_with => $3)'
                        USING l.table_name, l.distribution_column, anchor::text;
                END IF;
                object := l.table_name::text;
                action := pg_catalog.format('distributed by %s%s', l.distribution_column,
                                            CASE WHEN anchor IS NULL
                                                 THEN pg_catalog.format(', %s shards', shard_count)
                                                 ELSE ', colocated with ' || anchor::text END);
                RETURN NEXT;
            END IF;
            anchor := COALESCE(anchor, l.table_name);
        END IF;
    END LOOP;

    -- 4. Foreign keys back on, where Citus can enforce them: into a
    --    reference table, or between colocated tables through the paper id
    --    on both sides.  A reference table cannot point into a distributed
    --    one; such a key stays off and the row says so.
    FOR i IN 1 .. COALESCE(pg_catalog.array_length(fks, 1), 0) LOOP
        SELECT d.placement, d.distribution_column INTO ref_kind, dist_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_tables[i];
        SELECT d.placement, d.distribution_column INTO target_kind, target_col
        FROM pith.distribution_layout() d WHERE d.table_name OPERATOR(pg_catalog.=) fk_targets[i];
        object := fk_tables[i]::text || ' ' || fks[i];
        IF target_kind OPERATOR(pg_catalog.=) 'reference'
           OR (ref_kind OPERATOR(pg_catalog.=) 'distributed'
               AND dist_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_cols[i], ','))
               AND target_col OPERATOR(pg_catalog.=) ANY (pg_catalog.string_to_array(fk_refcols[i], ','))) THEN
            EXECUTE pg_catalog.format('ALTER TABLE %s ADD CONSTRAINT %I %s', fk_tables[i], fks[i], fk_defs[i]);
            action := 'foreign key kept';
        ELSE
            action := pg_catalog.format('foreign key not enforced (%s table into %s table): %s',
                                        ref_kind, target_kind, fk_defs[i]);
        END IF;
        RETURN NEXT;
    END LOOP;

    -- 5. Writers touch reference tables that distributed tables point to:
    --    Citus needs them on one connection per node.  And a writer's
    --    statements over several shards (its papers' rows, which it has
    --    locked first: pith.lock_papers()) must not lock those shards against
    --    each other's: with deadlock prevention on, Citus takes a
    --    self-conflicting lock per shard for every multi-shard UPDATE or
    --    upsert until commit, and writers of different papers would run one
    --    at a time.  Writers of one paper serialize on its row, writers of
    --    different papers touch different rows, so there is no deadlock
    --    to prevent (and Citus' distributed deadlock detection stays on).
    FOR fn IN
        SELECT v.f::regprocedure AS f
        FROM (VALUES ('pith.ingest_record(jsonb, boolean)'),
                     ('pith.ingest_catalog(jsonb, boolean)'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)'),
                     ('pith.refresh_inbound(pith.arxiv_id[], boolean)')) AS v(f)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'citus.multi_shard_modify_mode = sequential');
        PERFORM pith.distribute_alter_function(fn.f, 'citus.enable_deadlock_prevention = off');
        object := fn.f::text; action := 'writes over one connection per node, without shard-wide locks'; RETURN NEXT;
    END LOOP;

    -- 6. Readers plan each statement with the paper id as a constant, so
    --    Citus can route it to the one shard that holds the paper (a generic
    --    plan keeps it a parameter, which Citus cannot route inside a join):
    --    every pith function pinned to generic plans gets custom plans, on
    --    the workers too (Citus does not propagate ALTER FUNCTION of an
    --    extension's function, and delegated calls run there).
    FOR fn IN
        SELECT p.oid::regprocedure AS f
        FROM pg_catalog.pg_proc p
        WHERE p.pronamespace OPERATOR(pg_catalog.=) 'pith'::regnamespace
          AND 'plan_cache_mode=force_generic_plan' OPERATOR(pg_catalog.=) ANY (p.proconfig)
        ORDER BY 1
    LOOP
        PERFORM pith.distribute_alter_function(fn.f, 'plan_cache_mode = force_custom_plan');
        object := fn.f::text; action := 'plans with the paper id as a constant'; RETURN NEXT;
    END LOOP;

    -- 7. The functions that work on one paper run on the node holding it.
    --    pith.ingest_record() stays on the coordinator: one document writes
    --    rows of many papers (the cited and the citing ones) and the
    --    catalog; CREATE EXTENSION already put it on every node.
    FOR fn IN
        SELECT v.f::regprocedure AS f, v.arg
        FROM (VALUES ('pith.citation_record(pith.arxiv_id, timestamptz, integer, integer)', '$1'),
                     ('pith.resolve_paper(pith.arxiv_id, boolean)', '$1')) AS v(f, arg)
        WHERE pg_catalog.to_regprocedure(v.f) IS NOT NULL
    LOOP
        EXECUTE 'SELECT create_distributed_function($1, $2, colocate_with => $3)'
            USING fn.f, fn.arg, anchor::text;
        object := fn.f::text;
        action := 'distributed function: runs on the node holding the paper';
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.distribute(integer) IS
    'spread pith''s tables over a Citus cluster as pith.distribution_layout() says (per-paper tables by arXiv id, colocated; catalog tables replicated) and run the per-paper functions where the paper lives';

CREATE FUNCTION pith.undistribute()
RETURNS TABLE (object text, action text)
LANGUAGE plpgsql VOLATILE STRICT
SET search_path = pg_catalog
AS $fn$
DECLARE
    t regclass;
    g record;
    n bigint;
    placed boolean;
    kept text[] := '{}';
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_extension e WHERE e.extname OPERATOR(pg_catalog.=) 'citus') THEN
        RETURN;    -- no Citus here: nothing is distributed
    END IF;
    -- one connection per node: Citus refuses DDL after parallel reads otherwise
    PERFORM pg_catalog.set_config('citus.multi_shard_modify_mode', 'sequential', true);
    -- the rows of every placed table, in layout order (a table after the
    -- tables it references), kept in temporary tables until the end
    FOR t IN
        SELECT d.table_name FROM pith.distribution_layout() d
        WHERE EXISTS (SELECT 1 FROM pg_catalog.pg_class c WHERE c.oid OPERATOR(pg_catalog.=) d.table_name)
    LOOP
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p WHERE p.logicalrelid = $1)'
            INTO placed USING t;
        IF placed THEN
            EXECUTE pg_catalog.format('CREATE TEMP TABLE %I ON COMMIT DROP AS SELECT * FROM %s',
                                      'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text, t);
            kept := kept || t::text;
        END IF;
    END LOOP;
    IF pg_catalog.cardinality(kept) OPERATOR(pg_catalog.=) 0 THEN
        RETURN;
    END IF;
    EXECUTE $q$
        SELECT pg_catalog.count(*) FROM (
            SELECT master_remove_distributed_table_metadata_from_workers(p.logicalrelid, n.nspname, c.relname),
                   citus_drop_all_shards(p.logicalrelid, n.nspname, c.relname),
                   master_remove_partition_metadata(p.logicalrelid, n.nspname, c.relname)
            FROM pg_catalog.pg_dist_partition p
            JOIN pg_catalog.pg_class c ON c.oid = p.logicalrelid
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE p.logicalrelid::text = ANY ($1)) q$q$
        INTO n USING kept;
    FOR g IN
        SELECT tg.tgname, tg.tgrelid::regclass AS t
        FROM pg_catalog.pg_trigger tg
        JOIN pg_catalog.pg_proc f ON f.oid OPERATOR(pg_catalog.=) tg.tgfoid
        WHERE tg.tgrelid::regclass::text OPERATOR(pg_catalog.=) ANY (kept)
          AND f.proname OPERATOR(pg_catalog.=) 'citus_truncate_trigger'
    LOOP
        EXECUTE pg_catalog.format('DROP TRIGGER %I ON %s', g.tgname, g.t);
    END LOOP;
    -- plain tables now; what they hold locally is what create_distributed_table
    -- left behind (invisible while distributed), not the current rows
    EXECUTE 'TRUNCATE ' OPERATOR(pg_catalog.||) pg_catalog.array_to_string(kept, ', ');
    FOR t IN SELECT d.table_name FROM pith.distribution_layout() d
             WHERE d.table_name::text OPERATOR(pg_catalog.=) ANY (kept) LOOP
        EXECUTE pg_catalog.format('INSERT INTO %s SELECT * FROM %I', t, 'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text);
        GET DIAGNOSTICS n = ROW_COUNT;
        EXECUTE pg_catalog.format('DROP TABLE %I', 'pith_keep_' OPERATOR(pg_catalog.||) t::oid::text);
        object := t::text;
        action := pg_catalog.format('back on the coordinator as a plain table, %s rows', n);
        RETURN NEXT;
    END LOOP;
END
$fn$;
COMMENT ON FUNCTION pith.undistribute() IS
    'move pith''s tables from a Citus cluster back into plain tables on the coordinator, rows and all, so that ALTER EXTENSION pith UPDATE can change them (then pith.distribute() again); does nothing where nothing is distributed';
