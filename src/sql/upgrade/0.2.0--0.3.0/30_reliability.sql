-- 30_reliability.sql -- issue 13 (reliability), the objects it changed:
--   pith.ingest_record(jsonb, boolean): advisory locks in one global order
--     before the stored-data checks, rows written in key order, missing
--     NOT NULL fields and clashing catalog works named;
--   pith.citation_record_text(...): P0002 (not 22008) for as_of -infinity;
--   view pith.citation_records: only papers observed by now;
--   pith.render_integrity(jsonb): "not checked" for records nested over
--     1,000 levels (never raises);
--   the six title key indexes: the first 256 characters of the key, and
--     pith.title_similar / pith.title_candidates_search comparing the same bounded
--     expression.

CREATE OR REPLACE FUNCTION pith.ingest_record(record jsonb, verify boolean DEFAULT true)
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
    --    rows: a transaction-level advisory lock per paper of the document,
    --    per work and per arXiv paper a catalog work names, taken in the
    --    order of their keys.  Two ingests that share anything serialize
    --    here -- also on empty tables, where there is no row to lock yet --
    --    so the checks below always see what the other one committed (a
    --    contradiction is 23000 whatever the timing), and no two ingests
    --    ever wait for each other in opposite orders (no 40P01).
    lock_keys := ARRAY(
        SELECT DISTINCT k.key
        FROM (SELECT pg_catalog.hashtextextended('pith.paper:' || q.arxiv_id::text, 0) AS key
              FROM unnest(inc_papers) AS q
              UNION ALL
              SELECT pg_catalog.hashtextextended('pith.work:' || q.work_id::text, 0)
              FROM unnest(inc_works) AS q
              UNION ALL
              SELECT pg_catalog.hashtextextended('pith.arxiv_work:' || pith.arxiv_base(q.arxiv_id)::text, 0)
              FROM unnest(inc_works) AS q
              WHERE q.arxiv_id IS NOT NULL) k
        ORDER BY k.key);
    FOREACH lock_key IN ARRAY lock_keys LOOP
        PERFORM pg_catalog.pg_advisory_xact_lock(lock_key);
    END LOOP;
    --    Then the stored rows of the document's papers (FOR NO KEY UPDATE,
    --    arXiv-id order), as refresh_inbound will lock the citing ones:
    --    resolve_paper and hand-written refreshes serialize on these rows.
    --    On Citus this lock is an exclusive lock on the papers reference
    --    table's shard; taken after an INSERT (which takes a weaker lock,
    --    RowExclusiveLock, that two ingests can hold at once), each of two
    --    ingests would wait for the other to give its weaker lock up, so it
    --    comes before the first write.
    citing_papers := ARRAY(SELECT DISTINCT r.citing_arxiv_id FROM unnest(inc_refs) AS r);
    PERFORM 1 FROM pith.papers p
    WHERE p.arxiv_id = ANY (ARRAY(SELECT q.arxiv_id FROM unnest(inc_papers) AS q))
    ORDER BY p.arxiv_id
    FOR NO KEY UPDATE;

    -- 6. agreement with what is stored
    SELECT format('papers row %s: %s', s.arxiv_id::text, c.msg) INTO bad
    FROM unnest(inc_papers) AS i
    JOIN pith.papers s ON s.arxiv_id = i.arxiv_id
    CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i)) AS msg) c
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
        CROSS JOIN LATERAL (SELECT pith.row_conflict(to_jsonb(s), to_jsonb(i), true) AS msg) c
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
    INSERT INTO pith.papers SELECT * FROM unnest(inc_papers) AS q ORDER BY q.arxiv_id ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_papers = ROW_COUNT;
    UPDATE pith.papers s
    SET title = COALESCE(s.title, i.title),
        latest_version = COALESCE(s.latest_version, i.latest_version),
        submitted_at = COALESCE(s.submitted_at, i.submitted_at),
        last_updated = COALESCE(s.last_updated, i.last_updated),
        primary_category = COALESCE(s.primary_category, i.primary_category)
    FROM unnest(inc_papers) AS i
    WHERE s.arxiv_id = i.arxiv_id
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
    INSERT INTO pith.paper_references SELECT * FROM unnest(inc_refs) AS q ORDER BY q.observation_id ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_refs = ROW_COUNT;
    UPDATE pith.paper_references s
    SET raw_text = COALESCE(s.raw_text, i.raw_text),
        title = COALESCE(s.title, i.title),
        year = COALESCE(s.year, i.year),
        pith_arxiv_id = COALESCE(s.pith_arxiv_id, i.pith_arxiv_id)
    FROM unnest(inc_refs) AS i
    WHERE s.observation_id = i.observation_id
      AND ((s.raw_text IS NULL AND i.raw_text IS NOT NULL)
        OR (s.title IS NULL AND i.title IS NOT NULL)
        OR (s.year IS NULL AND i.year IS NOT NULL)
        OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL));
    INSERT INTO pith.paper_reference_links SELECT * FROM unnest(inc_links) AS q ORDER BY q.citing_arxiv_id, q.observation_id ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_links = ROW_COUNT;
    INSERT INTO pith.retraction_status_cache SELECT * FROM unnest(inc_receipts) AS q ORDER BY q.work_id, q.source, q.observed_at ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_receipts = ROW_COUNT;
    INSERT INTO pith.scholarly_work_events SELECT * FROM unnest(inc_events) AS q ORDER BY q.work_id, q.source, q.event_type, q.event_date, q.notice_doi ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_events = ROW_COUNT;
    INSERT INTO pith.citation_measurements SELECT * FROM unnest(inc_meas) AS q ORDER BY q.source, q.measured_at ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS n_meas = ROW_COUNT;

    -- 8. the inbound rows keyed by the cited papers, for every paper whose
    --    references were written.  Ingest only adds: it never changes a
    --    stored arXiv id or link, so no row can have become stale.
    n_inbound := pith.refresh_inbound(citing_papers, false);

    RETURN jsonb_build_object(
        'paper', doc_paper::text,
        'observations_inserted', n_refs,
        'observations_unchanged', COALESCE(cardinality(inc_refs), 0) - n_refs,
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
COMMENT ON FUNCTION pith.ingest_record(jsonb, boolean) IS
    'load a pith.paper-citation-record.v1 document into the reference tables; refuses tampered digests (unless verify => false), another schema, and data contradicting stored rows; idempotent';

CREATE OR REPLACE FUNCTION pith.citation_record_text(
    arxiv_id pith.arxiv_id,
    as_of timestamptz DEFAULT pg_catalog.now(),
    outbound_cap integer DEFAULT 100,
    inbound_cap integer DEFAULT 100)
RETURNS text
LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
SET plan_cache_mode = force_generic_plan
AS $fn$
DECLARE
    paper pith.arxiv_id := pith.arxiv_base(arxiv_id);
    id text := paper::text;
    p_title text;
    p_latest_version integer;
    p_submitted_at timestamptz;
    p_last_updated timestamptz;
    p_primary_category text;
    p_snapshot timestamptz;
    meas text;
    meas_shown bigint;
    meas_latest timestamptz;
    out_obs text;
    out_total bigint;
    out_shown bigint;
    out_latest timestamptz;
    out_counts jsonb;
    notice_latest timestamptz;
    sources jsonb;
    in_obs text;
    in_total bigint;
    in_shown bigint;
    in_latest timestamptz;
    caps text;
    rest text;
BEGIN
    IF outbound_cap < 1 OR inbound_cap < 1 THEN
        RAISE EXCEPTION 'citation record caps must be at least 1'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = format('outbound_cap is %s and inbound_cap is %s.', outbound_cap, inbound_cap);
    END IF;

    -- statement 1: the paper and its latest measurement per source
    SELECT pp.title, pp.latest_version, pp.submitted_at, pp.last_updated,
           pp.primary_category, pp.snapshot_observed_at, m.list, m.shown, m.latest
    INTO p_title, p_latest_version, p_submitted_at, p_last_updated,
         p_primary_category, p_snapshot, meas, meas_shown, meas_latest
    FROM pith.read_papers pp
    LEFT JOIN LATERAL (
        SELECT pith.canonical_json(COALESCE(jsonb_agg(jsonb_build_object(
                   'cited_by_count', q.cited_by_count,
                   'measured_at', pith.iso_utc(q.measured_at, false),
                   'source', q.source) ORDER BY q.source COLLATE "C"), '[]'::jsonb)) AS list,
               count(*) AS shown,
               max(q.measured_at) AS latest
        FROM (SELECT DISTINCT ON (cm.source) cm.source, cm.cited_by_count, cm.measured_at
              FROM pith.read_measurements cm
              WHERE cm.arxiv_id = paper
                AND cm.measured_at <= as_of
              ORDER BY cm.source, cm.measured_at DESC) q
    ) m ON true
    WHERE pp.arxiv_id = paper;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'paper % is not in pith.papers', id
            USING ERRCODE = 'no_data_found',
                  HINT = 'Load it with pith.ingest_record() or insert it into pith.papers.';
    END IF;
    IF p_snapshot > as_of THEN
        -- (as_of may be -infinity: before every snapshot, and without an
        -- ISO 8601 form)
        RAISE EXCEPTION 'paper % was not yet observed as of %', id,
                        CASE WHEN isfinite(as_of) THEN pith.iso_utc(as_of, false) ELSE as_of::text END
            USING ERRCODE = 'no_data_found',
                  DETAIL = format('Its snapshot was observed at %s.', pith.iso_utc(p_snapshot, false));
    END IF;

    -- statements 2 and 3: outbound observations, counted over all of them
    WITH o AS (
        SELECT * FROM pith.observation_rows(paper, false, as_of, outbound_cap)
    )
    SELECT '[' || COALESCE(string_agg(o.observation, ',' ORDER BY o.n) FILTER (WHERE o.n <= outbound_cap), '') || ']',
           count(*),
           count(*) FILTER (WHERE o.n <= outbound_cap),
           max(o.source_observed_at) FILTER (WHERE o.n <= outbound_cap),
           max(o.latest_receipt) FILTER (WHERE o.n <= outbound_cap),
           jsonb_build_object(
               'malformed_identifier', count(*) FILTER (WHERE o.status = 'malformed_identifier'),
               'metadata_mismatch', count(*) FILTER (WHERE o.status = 'metadata_mismatch'),
               'parse_uncertain', count(*) FILTER (WHERE o.status = 'parse_uncertain'),
               'unresolved', count(*) FILTER (WHERE o.status = 'unresolved'),
               'verified_exact', count(*) FILTER (WHERE o.status = 'verified_exact'),
               'verified_fuzzy', count(*) FILTER (WHERE o.status = 'verified_fuzzy')),
           (SELECT COALESCE(jsonb_agg(jsonb_build_object('observed_at', pith.iso_utc(z.t, true),
                                                         'source', z.s)
                                      ORDER BY z.s COLLATE "C"), '[]'::jsonb)
            FROM (SELECT u.s, max(u.t) AS t
                  FROM o AS o2, unnest(o2.receipt_sources, o2.receipt_times) AS u(s, t)
                  WHERE o2.n <= outbound_cap
                  GROUP BY u.s) z)
    INTO out_obs, out_total, out_shown, out_latest, notice_latest, out_counts, sources
    FROM o;

    -- statement 4: could anything be inbound?  One index probe of the rows
    -- keyed by the paper, a superset of what observation_rows counts; most
    -- papers are cited by nobody in the catalog, and this spares them
    -- statement 5.
    IF EXISTS (SELECT 1 FROM pith.read_inbound ib
               WHERE ib.cited_arxiv_id = paper) THEN
        -- statements 5 and 6: inbound observations, counted over all of them
        SELECT '[' || COALESCE(string_agg(i.observation, ',' ORDER BY i.n) FILTER (WHERE i.n <= inbound_cap), '') || ']',
               count(*),
               count(*) FILTER (WHERE i.n <= inbound_cap),
               max(i.source_observed_at) FILTER (WHERE i.n <= inbound_cap)
        INTO in_obs, in_total, in_shown, in_latest
        FROM pith.observation_rows(paper, true, as_of, inbound_cap) i;
    ELSE
        in_obs := '[]';
        in_total := 0;
        in_shown := 0;
        in_latest := NULL;
    END IF;

    -- the record's members in code point order; "as_of" and
    -- "context_digest" go around the caps once the digest is known
    caps := format('{"database_statements":6,"inbound":%s,"outbound":%s}', inbound_cap, outbound_cap);
    rest := concat(
        '"coverage":', pith.canonical_json(jsonb_build_array(
            jsonb_build_object(
                'denominator', out_total,
                'lane', 'reference_resolution',
                'note', 'Typed states for the displayed outbound observations.',
                'records_observed', out_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(out_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', out_shown,
                'lane', 'standing_notices',
                'note', 'One-hop event checks from named stored sources.',
                'records_observed', out_shown,
                'source', 'scholarly_work_events, retraction_status_cache',
                'source_observed_at', pith.iso_utc(notice_latest, true),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', in_total,
                'lane', 'inbound_itemization',
                'note', 'Pith citing papers itemized under the disclosed page cap.',
                'records_observed', in_shown,
                'source', 'paper_references, paper_reference_links',
                'source_observed_at', pith.iso_utc(in_latest, false),
                'state', 'measured'),
            jsonb_build_object(
                'denominator', 1,
                'lane', 'external_citation_measurements',
                'note', 'A source-named dated measurement, never combined with another source.',
                'records_observed', meas_shown,
                'source', 'cited_works',
                'source_observed_at', pith.iso_utc(meas_latest, false),
                'state', 'measured'))),
        ',"external_citation_measurements":', meas,
        ',"inbound":', in_obs,
        ',"links":', pith.canonical_json(jsonb_build_object(
            'evidence', '/evidence',
            'html', '/paper/' || id || '/citation-record',
            'integrity', '/paper/' || id || '/integrity',
            'json', '/paper/' || id || '/citation-record.json',
            'paper', '/paper/' || id)),
        ',"outbound":', out_obs,
        ',"paper":', pith.canonical_json(jsonb_build_object(
            'arxiv_id', id,
            'last_updated', pith.iso_utc(p_last_updated, false),
            'latest_version', p_latest_version,
            'primary_category', p_primary_category,
            'snapshot_observed_at', pith.iso_utc(p_snapshot, false),
            'submitted_at', pith.iso_utc(p_submitted_at, false),
            'title', p_title)),
        ',"reference_resolution":', pith.canonical_json(jsonb_build_object(
            'displayed', out_shown,
            'state_counts', out_counts,
            'total_outbound_references', out_total)),
        ',"refusal":"A citation records a reference. It does not transfer a finding from one paper to another."',
        ',"schema":"pith.paper-citation-record.v1"',
        ',"standing_sources":', pith.canonical_json(sources),
        ',"thesis":', pith.canonical_json(to_jsonb(format(
            'As of %s, this Paper Citation Record lists %s of %s outbound references'
            ' and %s inbound Pith citation observations for arXiv:%s.',
            to_char(as_of AT TIME ZONE 'UTC', 'FMDD FMMonth YYYY'),
            out_shown, out_total, in_shown, id))),
        '}');
    -- as_of, caps and context_digest (over the record without as_of and
    -- context_digest) in front of the rest
    RETURN pith.record_seal('"' || pith.iso_utc(as_of, false) || '"', caps, rest);
END
$fn$;
COMMENT ON FUNCTION pith.citation_record_text(pith.arxiv_id, timestamptz, integer, integer) IS
    'the canonical JSON text of the paper citation record (pith.paper-citation-record.v1) of an arXiv paper as of a moment: what the JSON endpoint serves';

CREATE OR REPLACE VIEW pith.citation_records AS
SELECT p.arxiv_id, pith.citation_record(p.arxiv_id) AS record
FROM pith.papers p
WHERE p.snapshot_observed_at OPERATOR(pg_catalog.<=) pg_catalog.now();
COMMENT ON VIEW pith.citation_records IS
    'the citation record of every paper observed by now (snapshot_observed_at <= now()), as of now, with the default caps';

CREATE OR REPLACE FUNCTION pith.render_integrity(record jsonb) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
AS $fn$
DECLARE
    side text;
    total integer;
    bad integer;
    bad_paths text;
BEGIN
    -- verify_record raises on shapes it cannot check; say so instead
    IF pg_catalog.jsonb_typeof(record) <> 'object' THEN
        RETURN 'Integrity: not checked; the record is not a JSON object.';
    END IF;
    -- a record nested deeper than any real one would exhaust the stack of
    -- the digest's recursive walk (54001); the probe itself recurses at
    -- most 1,000 levels
    IF pg_catalog.jsonb_path_exists(record, 'lax $.**{1000}') THEN
        RETURN 'Integrity: not checked; the record is nested more than 1,000 levels deep.';
    END IF;
    FOREACH side IN ARRAY ARRAY['outbound', 'inbound'] LOOP
        IF COALESCE(pg_catalog.jsonb_typeof(record -> side), 'null') NOT IN ('null', 'array')
           OR (pg_catalog.jsonb_typeof(record -> side) = 'array'
               AND EXISTS (SELECT FROM pg_catalog.jsonb_array_elements(record -> side) AS o(value)
                           WHERE pg_catalog.jsonb_typeof(o.value) <> 'object')) THEN
            RETURN 'Integrity: not checked; the record''s ' || side || ' is not a list of observation objects.';
        END IF;
    END LOOP;
    SELECT pg_catalog.count(*), pg_catalog.count(*) FILTER (WHERE NOT v.ok),
           pg_catalog.string_agg(v.path, ', ' ORDER BY v.n) FILTER (WHERE NOT v.ok AND v.bad_rank <= 10)
      INTO total, bad, bad_paths
      FROM (SELECT r.path, r.ok, r.n,
                   pg_catalog.count(*) FILTER (WHERE NOT r.ok) OVER (ORDER BY r.n) AS bad_rank
            FROM pith.verify_record(record) WITH ORDINALITY AS r(path, stored, computed, ok, n)) AS v;
    IF bad > 10 THEN
        bad_paths := bad_paths || ' and ' || (bad - 10) || ' more';
    END IF;
    IF bad = 0 AND total = 1 THEN
        RETURN 'Integrity: all 1 digests verify (the context digest; the record has no observations).';
    ELSIF bad = 0 THEN
        RETURN 'Integrity: all ' || total || ' digests verify (the context digest and '
            || (total - 1) || ' observation digest' || CASE WHEN total = 2 THEN '' ELSE 's' END || ').';
    END IF;
    RETURN 'Integrity: ' || bad || ' of ' || total || ' digests do not verify: ' || bad_paths || '.';
END
$fn$;
COMMENT ON FUNCTION pith.render_integrity(jsonb) IS
    'One sentence saying whether every digest in the record verifies (pith.verify_record), naming the paths that do not; "not checked" when the record''s shape cannot be verified.';

CREATE OR REPLACE FUNCTION pith.title_similar(a text, b text) RETURNS boolean
    LANGUAGE sql STABLE PARALLEL SAFE
    -- a standard SQL body: names are bound now, not at call time, so the
    -- function stays inlinable (index-assisted) and search_path-proof
RETURN (    ((pg_catalog.left(pith.title_key(a), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=) pg_catalog.left(pith.title_key(b), 8)
             AND (pg_catalog.left(pith.title_key(a), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pith.title_key(b), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111)))
        OR  ((pg_catalog.left(pg_catalog.reverse(pith.title_key(a)), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.>=)
                 pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8)
             AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(a)), 256) COLLATE pg_catalog."C") OPERATOR(pg_catalog.<)
                 (pg_catalog.left(pg_catalog.reverse(pith.title_key(b)), 8) OPERATOR(pg_catalog.||) pg_catalog.chr(1114111))))
   AND pith.title_key(b) OPERATOR(pg_catalog.<>) ''
   AND pith.title_similar_anchored(a, b);

CREATE OR REPLACE FUNCTION pith.title_candidates_search(query text, k integer)
    RETURNS TABLE (arxiv_id pith.arxiv_id, work_id uuid, title text, score float8)
    LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, pith
    -- one cached plan: planning the three probes costs more than running them
    SET plan_cache_mode = force_generic_plan
    SET jit = off
    AS $$
#variable_conflict use_column
DECLARE
    qkey     text := pith.title_key($1);
    alen     integer;
    head     text;
    head_end text;
    tail     text;
    tail_end text;
BEGIN
    IF k OPERATOR(pg_catalog.<) 1 OR k OPERATOR(pg_catalog.>) 1000 THEN
        RAISE EXCEPTION 'k must be between 1 and 1000'
            USING ERRCODE = '22023', DETAIL = pg_catalog.format('k was %s.', k);
    END IF;
    IF qkey OPERATOR(pg_catalog.=) '' THEN
        RETURN;
    END IF;
    alen := LEAST(16, GREATEST(8, pg_catalog.length(qkey) OPERATOR(pg_catalog./) 2));
    head := pg_catalog.left(qkey, alen);
    head_end := head OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    tail := pg_catalog.left(pg_catalog.reverse(qkey), alen);
    tail_end := tail OPERATOR(pg_catalog.||) pg_catalog.chr(1114111);
    RETURN QUERY
    WITH hits AS (
        SELECT p.arxiv_id AS arxiv_id, NULL::uuid AS work_id, p.title AS title, 0 AS src
          FROM pith.papers p
         WHERE ((pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pg_catalog.left(pith.title_key(p.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(p.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(p.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
        UNION ALL
        SELECT v.arxiv_id, NULL::uuid, v.title, 1
          FROM pith.paper_versions v
         WHERE ((pg_catalog.left(pith.title_key(v.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pg_catalog.left(pith.title_key(v.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(v.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(v.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
        UNION ALL
        SELECT w.arxiv_id, w.work_id, w.title, 2
          FROM pith.cited_works w
         WHERE ((pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.>=) head
                AND (pg_catalog.left(pith.title_key(w.title), 256) COLLATE "C") OPERATOR(pg_catalog.<) head_end)
            OR ((pg_catalog.left(pg_catalog.reverse(pith.title_key(w.title)), 256) COLLATE "C") OPERATOR(pg_catalog.>=) tail
                AND (pg_catalog.left(pg_catalog.reverse(pith.title_key(w.title)), 256) COLLATE "C") OPERATOR(pg_catalog.<) tail_end)
    ), scored AS (
        SELECT DISTINCT ON (h.arxiv_id, h.work_id)
               h.arxiv_id, h.work_id, h.title,
               pith.title_key_similarity(pith.title_key(h.title), qkey) AS score
          FROM hits h
         ORDER BY h.arxiv_id, h.work_id, 4 DESC, h.src
    )
    SELECT s.arxiv_id, s.work_id, s.title, s.score
      FROM scored s
     ORDER BY s.score DESC, s.arxiv_id, s.work_id
     LIMIT k;
END
$$;
DROP INDEX pith.papers_title_key_idx;
DROP INDEX pith.papers_title_rkey_idx;
DROP INDEX pith.paper_versions_title_key_idx;
DROP INDEX pith.paper_versions_title_rkey_idx;
DROP INDEX pith.cited_works_title_key_idx;
DROP INDEX pith.cited_works_title_rkey_idx;
CREATE INDEX papers_title_key_idx ON pith.papers ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX papers_title_rkey_idx ON pith.papers ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_key_idx ON pith.paper_versions ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX paper_versions_title_rkey_idx ON pith.paper_versions ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
CREATE INDEX cited_works_title_key_idx ON pith.cited_works ((pg_catalog.left(pith.title_key(title), 256)) COLLATE "C");
CREATE INDEX cited_works_title_rkey_idx ON pith.cited_works ((pg_catalog.left(pg_catalog.reverse(pith.title_key(title)), 256)) COLLATE "C");
