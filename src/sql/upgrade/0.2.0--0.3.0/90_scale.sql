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
    -- (one paper's links named by that paper once more: a join condition
    -- the rows imply, said for the planner's sake.  On tables never
    -- analyzed it expects 0.5 % of the references per paper, and read every
    -- link by a sequential scan to hash them: a load one document at a time
    -- into an empty database slowed down as it grew, 8 to 24 ms per
    -- document over 1,900 documents, until autovacuum first analyzed the
    -- tables.  Told the paper, it reads that paper's links by their key.)
    LEFT JOIN pith.paper_reference_links l
           ON l.citing_arxiv_id = r.citing_arxiv_id AND l.observation_id = r.observation_id
          AND (pg_catalog.cardinality(papers_in) > 1 OR l.citing_arxiv_id = papers_in[1])
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
     AND (pg_catalog.cardinality(papers_in) > 1 OR l.citing_arxiv_id = papers_in[1])
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
        -- unchanged paper writes nothing (and counts nothing, on Citus too).
        -- The stored rows are read by the distinct cited papers (one index
        -- range each), and compared by their key in one hash: a paper cited
        -- by a thousand refreshed papers is not matched a thousand times
        SELECT array_agg(ROW(ib.*)::pith.inbound_references) INTO have
        FROM pith.inbound_references ib
        WHERE ib.cited_arxiv_id = ANY (ARRAY(SELECT DISTINCT w.cited_arxiv_id FROM unnest(want) AS w))
          AND ib.citing_arxiv_id = ANY (papers_in);
        SELECT array_agg(w ORDER BY w.cited_arxiv_id, w.observation_id) INTO want
        FROM unnest(want) AS w
        WHERE NOT EXISTS (SELECT 1 FROM unnest(have) AS h
                          WHERE h.cited_arxiv_id = w.cited_arxiv_id
                            AND h.observation_id = w.observation_id
                            AND NOT (h.reference IS DISTINCT FROM w.reference)
                            AND NOT (h.link IS DISTINCT FROM w.link));
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

