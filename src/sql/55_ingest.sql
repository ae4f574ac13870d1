-- 55_ingest.sql -- pith.ingest_record(): load a pith.paper-citation-record.v1
-- document into the reference tables (the paper, the papers it cites and that
-- cite it, references, works, links, receipts, events, measurements).
--
-- One statement's worth of work: every check runs before the first write,
-- and any error leaves the tables as they were.  Loading the same document
-- twice changes nothing.  A stored value is never overwritten: a stored NULL
-- may be filled in, but a stored value that differs from the document's is a
-- contradiction and an error.
--
-- Concurrent ingests take their locks in one global order (step 5: an
-- advisory lock per paper, work and catalog-work arXiv id of the document,
-- in key order, then the write lock of every paper whose own rows it
-- writes, in arXiv-id order) before they read a stored row, and write every
-- table's rows in key order: they never deadlock, and a document
-- contradicting one being loaded at the same moment is refused (23000)
-- exactly as if the two had run one after the other.
--
-- A document's rows are of two kinds: the catalog (papers, versions, works,
-- their receipts and events: reference tables on Citus) and the per-paper
-- rows (references, links, measurements, inbound rows: distributed by the
-- owning paper).  Only the catalog needs the advisory locks, and only when
-- the document adds to it; per-paper writers lock nothing but their papers'
-- rows of pith.paper_write_locks.  pith.ingest_catalog() writes the catalog
-- part alone: run first in its own short transaction, it leaves
-- ingest_record nothing to write but per-paper rows, so writers of
-- different papers never wait for each other (on Citus a write to a
-- reference table locks its one shard until commit).

-- The first column on which two rows (as jsonb) disagree.  Only keys of
-- incoming are compared; a NULL on either side is "unknown" and agrees with
-- anything, unless strict, where NULL is a value like any other.
CREATE FUNCTION pith.row_conflict(stored jsonb, incoming jsonb, strict boolean DEFAULT false)
RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pith
AS $fn$
SELECT pg_catalog.format('%s is %s in the table but %s in the record',
                         e.key, COALESCE(stored OPERATOR(pg_catalog.->) e.key, 'null'::jsonb), e.value)
FROM pg_catalog.jsonb_each(incoming) AS e(key, value)
WHERE (stored OPERATOR(pg_catalog.->) e.key) IS DISTINCT FROM e.value
  AND (strict OR (e.value OPERATOR(pg_catalog.<>) 'null'::jsonb
                  AND (stored OPERATOR(pg_catalog.->) e.key) OPERATOR(pg_catalog.<>) 'null'::jsonb))
ORDER BY e.key COLLATE "C"
LIMIT 1
$fn$;
COMMENT ON FUNCTION pith.row_conflict(jsonb, jsonb, boolean) IS
    'for ingest: the first key of incoming whose value differs from stored (NULLs agree with anything unless strict), as a sentence fragment; NULL when the rows agree';

-- Writers of a paper's own rows (its references, links, measurements and
-- the inbound rows keyed by the papers they name) serialize on the paper's
-- row here: one row per paper ever written, created on first use.  It is a
-- table of its own, distributed with the per-paper tables on Citus, because
-- a row lock on pith.papers (a reference table there) locks the whole shard
-- for the rest of the transaction, and an advisory lock holds on one node
-- only (resolve_paper runs on the worker that holds the paper).
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

-- The shape check of ingest: every object of a document against the v1 key
-- table (src/core/record_shape.c, the one the record writer writes from;
-- pith.record_shape() shows it): each object has every key of its table but
-- the optional ones, and no other.  NULL when the shape is right, else the
-- first problem as a sentence fragment.
CREATE FUNCTION pith.record_shape_problem(record jsonb)
RETURNS text
LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE
AS 'MODULE_PATHNAME', 'pith_record_shape_problem';
COMMENT ON FUNCTION pith.record_shape_problem(jsonb) IS
    'for ingest: the first object of a citation record whose keys are not those of the v1 key table (a missing or an unknown key), as a sentence fragment; NULL when the shape is right';

-- Plans made while the written tables were a page or two (the first
-- documents loaded into an empty database) scan them sequentially, and are
-- kept while the tables grow: within a transaction (ANALYZE does not see
-- its rows) and until autovacuum next analyzes them.  Among them are the
-- foreign-key checks of every row written.  The writers call this first:
-- once one of the tables has more than doubled since the session's plans were
-- made (src/core/plan_growth.c), it discards them (as DISCARD PLANS does),
-- and each is made again for the tables as they are.
CREATE FUNCTION pith.discard_outgrown_plans()
RETURNS boolean
LANGUAGE c VOLATILE STRICT PARALLEL UNSAFE
AS 'MODULE_PATHNAME', 'pith_discard_outgrown_plans';
COMMENT ON FUNCTION pith.discard_outgrown_plans() IS
    'for the writers: discard the session''s cached plans (as DISCARD PLANS) when a table pith writes has more than doubled (plus 16 kB) since they were last made; true when it did';

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
    written_papers pith.arxiv_id[];
    filled_papers pith.arxiv_id[];
    lock_keys bigint[];
    lock_key bigint;
    need_catalog boolean;
    own_papers pith.arxiv_id[];
BEGIN
    PERFORM pith.discard_outgrown_plans();
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
    --    and every object's keys, from the v1 key table the record writer
    --    writes from (after the checks above, whose messages name the value
    --    a missing key leaves out)
    bad := pith.record_shape_problem(record);
    IF bad IS NOT NULL THEN
        RAISE EXCEPTION 'citation record is malformed'
            USING ERRCODE = 'invalid_parameter_value',
                  DETAIL = bad || '.',
                  HINT = 'The keys of every object are those of pith.record_shape().';
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
        -- (through the links' key, paper and observation: a stored link's
        -- reference is a stored reference of the same paper, and a stored
        -- reference under another paper than the document's was refused
        -- above; by the observation id alone it was a scan of every link)
        FROM unnest(inc_refs) AS i
        JOIN pith.paper_reference_links s
          ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
        WHERE i.observation_id = ANY (no_link) AND s.observed_at <= doc_as_of
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
    --    key order (the arXiv works first, in the resolver's order); the
    --    new rows counted through RETURNING (on Citus the row count of an
    --    INSERT ... SELECT ... ON CONFLICT DO NOTHING is the rows it tried,
    --    citusdata/citus#3377: a document loaded again counted its rows as
    --    new)
    n_papers := 0; n_papers_filled := 0; n_versions := 0; n_works := 0; n_receipts := 0; n_events := 0;
    n_refs := 0; n_links := 0; n_meas := 0; n_inbound := 0;
    IF need_catalog THEN
        WITH ins AS (
            INSERT INTO pith.papers SELECT * FROM unnest(inc_papers) AS q ORDER BY q.arxiv_id ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_papers FROM ins;
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
        WITH ins AS (
            INSERT INTO pith.paper_versions SELECT * FROM unnest(inc_versions) AS q ORDER BY q.arxiv_id, q.version ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_versions FROM ins;
        WITH ins AS (
            INSERT INTO pith.cited_works SELECT * FROM unnest(inc_works) AS q
            ORDER BY q.metadata_source IS DISTINCT FROM 'arxiv', pith.arxiv_base(q.arxiv_id), q.work_id
            ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_works FROM ins;
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
        WITH ins AS (
            INSERT INTO pith.retraction_status_cache SELECT * FROM unnest(inc_receipts) AS q ORDER BY q.work_id, q.source, q.observed_at ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_receipts FROM ins;
        WITH ins AS (
            INSERT INTO pith.scholarly_work_events SELECT * FROM unnest(inc_events) AS q ORDER BY q.work_id, q.source, q.event_type, q.event_date, q.notice_doi ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_events FROM ins;
    END IF;
    IF NOT catalog_only THEN
        WITH ins AS (
            INSERT INTO pith.paper_references SELECT * FROM unnest(inc_refs) AS q ORDER BY q.observation_id ON CONFLICT DO NOTHING
            RETURNING citing_arxiv_id)
        SELECT count(*), array_agg(DISTINCT ins.citing_arxiv_id) INTO n_refs, written_papers FROM ins;
        -- stored NULLs filled in: looked for first (a read), written only
        -- when there are some (on Citus an UPDATE over every shard)
        IF EXISTS (SELECT 1 FROM unnest(inc_refs) AS i
                   JOIN pith.paper_references s
                     ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
                   WHERE (s.raw_text IS NULL AND i.raw_text IS NOT NULL)
                      OR (s.title IS NULL AND i.title IS NOT NULL)
                      OR (s.year IS NULL AND i.year IS NOT NULL)
                      OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL)) THEN
            WITH upd AS (
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
                    OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL))
                RETURNING s.citing_arxiv_id)
            SELECT array_agg(DISTINCT upd.citing_arxiv_id) INTO filled_papers FROM upd;
            written_papers := COALESCE(written_papers, '{}') || COALESCE(filled_papers, '{}');
        END IF;
        WITH ins AS (
            INSERT INTO pith.paper_reference_links SELECT * FROM unnest(inc_links) AS q ORDER BY q.citing_arxiv_id, q.observation_id ON CONFLICT DO NOTHING
            RETURNING citing_arxiv_id)
        SELECT count(*), COALESCE(written_papers, '{}') || COALESCE(array_agg(DISTINCT ins.citing_arxiv_id), '{}')
        INTO n_links, written_papers FROM ins;
        WITH ins AS (
            INSERT INTO pith.citation_measurements SELECT * FROM unnest(inc_meas) AS q ORDER BY q.source, q.measured_at ON CONFLICT DO NOTHING
            RETURNING 1)
        SELECT count(*) INTO n_meas FROM ins;

        -- 8. the inbound rows keyed by the cited papers, for every paper
        --    whose references or links this call wrote (none when the
        --    document was loaded before: a record that lists a thousand
        --    citing papers in its inbound side does not recompute their
        --    rows on every load).  Ingest only adds: it never changes a
        --    stored arXiv id or link, so no other row can have become stale.
        n_inbound := pith.refresh_inbound(written_papers, false);
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

CREATE FUNCTION pith.ingest_record(record jsonb, verify boolean DEFAULT true)
RETURNS jsonb
LANGUAGE sql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
SELECT pith.ingest_document(record, verify, false)
$fn$;
COMMENT ON FUNCTION pith.ingest_record(jsonb, boolean) IS
    'load a pith.paper-citation-record.v1 document into the reference tables; refuses tampered digests (unless verify => false), another schema, and data contradicting stored rows; idempotent';

-- The catalog part of a document alone: its papers, versions, works and
-- their receipts and events, with every check of ingest_record (the
-- per-paper rows are checked against what is stored, not written).  In its
-- own transaction before ingest_record, it leaves ingest_record's
-- transaction only per-paper rows to write: on Citus no lock on a reference
-- table, so writers of different papers run in parallel.
CREATE FUNCTION pith.ingest_catalog(record jsonb, verify boolean DEFAULT true)
RETURNS jsonb
LANGUAGE sql VOLATILE STRICT
SET search_path = pg_catalog, pith
AS $fn$
SELECT pith.ingest_document(record, verify, true)
$fn$;
COMMENT ON FUNCTION pith.ingest_catalog(jsonb, boolean) IS
    'load only the catalog rows (papers, versions, works, receipts, events) of a pith.paper-citation-record.v1 document, with every check of ingest_record; run in its own transaction before ingest_record so that ingest_record writes only the paper''s own rows';

-- The typed rows of one kind that documents hold, for ingest_records: one
-- C pass over each document records[ord] (ord in ords), the columns read
-- by the record's key table (src/core/ingest_rows.c) and put through their
-- types' input functions as jsonb_populate_record would.  Kinds: documents
-- (paper, as_of), papers, references, works, links, unlinked
-- (observation_id), receipts, events, measurements; the caller names its
-- columns (ord integer, inbound boolean, and the kind's columns or one of
-- its table's row type).
CREATE FUNCTION pith.ingest_rows(records jsonb[], ords integer[], kind text)
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pith_ingest_rows'
LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.ingest_rows(jsonb[], integer[], text) IS
    'the typed rows of one kind (papers, references, works, links, ...) that the given documents of records hold, as pith.ingest_records reads them; name the columns: AS t(ord integer, r pith.paper_references)';

-- Many documents at once: every guarantee of ingest_record per document --
-- all or nothing, contradictions refused (with stored rows and between the
-- documents, as if they were loaded one after the other), idempotent -- at
-- the cost of a few statements per batch instead of some sixty per
-- document.  The documents are parsed, checked and written set-wise (one
-- statement per table for the whole batch); a document any check has
-- doubts about (malformed, stale digests, contradicting itself, another
-- document of the batch or the stored rows) is not written by the batch
-- but afterwards, on its own, by ingest_record in a subtransaction, which
-- loads it or refuses it with its exact error.  The locks are ingest_record's
-- (step 5), for the whole batch in one order; then the doubtful documents'
-- own ingest_record calls take only locks the batch already holds.  The
-- stored rows the checks need are first copied into work tables by their
-- keys, so that every check and write joins work tables only: the same
-- statements run on one server and on a Citus cluster (there the reads and
-- writes of a distributed table go to the shards holding the batch's
-- papers).
-- Returns one row per document, in input order.
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
    todo integer[];
    d record;
    res jsonb;
    st text;
    msg text;
    plan_mode text;
    v record;
    pass integer;
    paper_keys pith.arxiv_id[];
    citing_keys pith.arxiv_id[];
    work_keys uuid[];
    base_keys pith.arxiv_id[];
    obs_keys uuid[];
    written_papers pith.arxiv_id[];
    work_sig text;
    work_life text;
    stale pg_catalog.regclass;
    stale_def record;
    on_citus boolean := false;
BEGIN
    PERFORM pith.discard_outgrown_plans();
    -- The work tables live for the transaction (made by its first call,
    -- dropped at its commit), or with pith.ingest_work_tables = session for
    -- the session (made once, emptied at each commit): then a call in a new
    -- transaction of the same session plans nothing again (making them and
    -- planning every statement against them cost about a quarter of a call
    -- of 40 documents), but the idle session holds tables that depend on
    -- pith's types, and DROP EXTENSION pith fails until it ends.  They are
    -- made again when missing (a new transaction, a new session, DISCARD
    -- TEMP), when the setting changed, or when the tables they copy have
    -- changed columns since (an ALTER EXTENSION UPDATE seen by a pooled
    -- session): pith_ir_docs' comment holds the setting and a digest of the
    -- columns they were made from (sha256, not md5: md5() fails on a
    -- server in FIPS mode).
    work_life := CASE WHEN pg_catalog.current_setting('pith.ingest_work_tables', true) = 'session'
                      THEN 'DELETE ROWS' ELSE 'DROP' END;
    work_sig := work_life || ' ' || (
                SELECT pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(pg_catalog.string_agg(
                           a.attrelid::pg_catalog.regclass::text || '.' || a.attname || ':' || a.atttypid::text, ','
                           ORDER BY a.attrelid::pg_catalog.regclass::text, a.attnum), 'UTF8')), 'hex')
                FROM pg_catalog.pg_attribute a
                WHERE a.attrelid IN ('pith.papers'::pg_catalog.regclass, 'pith.paper_versions'::pg_catalog.regclass,
                                     'pith.cited_works'::pg_catalog.regclass,
                                     'pith.retraction_status_cache'::pg_catalog.regclass,
                                     'pith.scholarly_work_events'::pg_catalog.regclass,
                                     'pith.paper_references'::pg_catalog.regclass,
                                     'pith.paper_reference_links'::pg_catalog.regclass,
                                     'pith.citation_measurements'::pg_catalog.regclass)
                  AND a.attnum > 0 AND NOT a.attisdropped);
    IF pg_catalog.obj_description(pg_catalog.to_regclass('pg_temp.pith_ir_docs'), 'pg_class') IS DISTINCT FROM work_sig THEN
        FOR stale IN
            SELECT c.oid::pg_catalog.regclass FROM pg_catalog.pg_class c
            WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relkind = 'r'
              AND c.relname IN ('pith_ir_docs', 'pith_ir_papers', 'pith_ir_refs', 'pith_ir_works', 'pith_ir_links',
                                'pith_ir_nolink', 'pith_ir_receipts', 'pith_ir_events', 'pith_ir_meas',
                                'pith_ir_versions', 'pith_ir_s_papers', 'pith_ir_s_versions', 'pith_ir_s_works',
                                'pith_ir_s_receipts', 'pith_ir_s_events', 'pith_ir_s_refs', 'pith_ir_s_links',
                                'pith_ir_s_meas')
        LOOP
            EXECUTE pg_catalog.format('DROP TABLE %s', stale);
        END LOOP;
        -- the documents themselves are read from the array (records), not
        -- copied here: writing them to a temporary table (TOAST) cost more
        -- than any statement of the batch
        -- (no index on any of them: emptying an index rebuilds it, and
        -- that invalidates every plan of the tables, so each call would
        -- plan every statement again)
        FOR stale_def IN
            SELECT * FROM (VALUES
                ('pith_ir_docs', 'ord int NOT NULL, paper pith.arxiv_id, as_of timestamptz,
                                  doubt boolean NOT NULL DEFAULT false, inserted bigint,
                                  loaded boolean, error_sqlstate text, error_message text'),
                ('pith_ir_papers', 'ord int, r pith.papers'),
                ('pith_ir_refs', 'ord int, inbound boolean, r pith.paper_references'),
                ('pith_ir_works', 'ord int, r pith.cited_works'),
                ('pith_ir_links', 'ord int, r pith.paper_reference_links'),
                ('pith_ir_nolink', 'ord int, observation_id uuid'),
                ('pith_ir_receipts', 'ord int, r pith.retraction_status_cache'),
                ('pith_ir_events', 'ord int, r pith.scholarly_work_events'),
                ('pith_ir_meas', 'ord int, r pith.citation_measurements'),
                ('pith_ir_versions', 'ord int, r pith.paper_versions'),
                -- the stored rows of the batch's keys (step 4)
                ('pith_ir_s_papers', 'LIKE pith.papers'),
                ('pith_ir_s_versions', 'LIKE pith.paper_versions'),
                ('pith_ir_s_works', 'LIKE pith.cited_works'),
                ('pith_ir_s_receipts', 'LIKE pith.retraction_status_cache'),
                ('pith_ir_s_events', 'LIKE pith.scholarly_work_events'),
                ('pith_ir_s_refs', 'LIKE pith.paper_references'),
                ('pith_ir_s_links', 'LIKE pith.paper_reference_links'),
                ('pith_ir_s_meas', 'LIKE pith.citation_measurements')) AS t(name, columns)
        LOOP
            EXECUTE pg_catalog.format('CREATE TEMP TABLE %I (%s) ON COMMIT %s',
                                      stale_def.name, stale_def.columns, work_life);
        END LOOP;
        EXECUTE pg_catalog.format('COMMENT ON TABLE pg_temp.pith_ir_docs IS %L', work_sig);
    ELSIF EXISTS (SELECT 1 FROM pith_ir_docs) THEN
        -- rows of an earlier call of this transaction (every call writes
        -- its documents here first; its rows stay until the commit drops
        -- or empties the tables).  Deleted while the tables are small: a
        -- TRUNCATE of session tables gives them new files (the first one
        -- in a transaction), and every statement then plans again.
        -- Truncated once the rows left deleted would slow the scans down
        -- (4 MB of references).
        IF pg_catalog.pg_relation_size('pg_temp.pith_ir_refs') > 4194304 THEN
            TRUNCATE pith_ir_docs, pith_ir_papers, pith_ir_refs, pith_ir_works, pith_ir_links,
                     pith_ir_nolink, pith_ir_receipts, pith_ir_events, pith_ir_meas, pith_ir_versions,
                     pith_ir_s_papers, pith_ir_s_versions, pith_ir_s_works, pith_ir_s_receipts, pith_ir_s_events,
                     pith_ir_s_refs, pith_ir_s_links, pith_ir_s_meas;
        ELSE
            DELETE FROM pith_ir_docs;
            DELETE FROM pith_ir_papers;
            DELETE FROM pith_ir_refs;
            DELETE FROM pith_ir_works;
            DELETE FROM pith_ir_links;
            DELETE FROM pith_ir_nolink;
            DELETE FROM pith_ir_receipts;
            DELETE FROM pith_ir_events;
            DELETE FROM pith_ir_meas;
            DELETE FROM pith_ir_versions;
            DELETE FROM pith_ir_s_papers;
            DELETE FROM pith_ir_s_versions;
            DELETE FROM pith_ir_s_works;
            DELETE FROM pith_ir_s_receipts;
            DELETE FROM pith_ir_s_events;
            DELETE FROM pith_ir_s_refs;
            DELETE FROM pith_ir_s_links;
            DELETE FROM pith_ir_s_meas;
        END IF;
    END IF;

    -- the documents by position, records[ord] (ord from 1 as unnest's
    -- ordinality: any other bounds or dimensions are renumbered)
    IF array_ndims(records) <> 1 OR array_lower(records, 1) <> 1 THEN
        records := ARRAY(SELECT u.d FROM unnest(records) WITH ORDINALITY AS u(d, o) ORDER BY u.o);
    END IF;

    IF pg_catalog.to_regclass('pg_catalog.pg_dist_partition') IS NOT NULL THEN
        EXECUTE 'SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_dist_partition p
                                WHERE p.logicalrelid = ''pith.paper_references''::regclass)' INTO on_citus;
    END IF;

    -- the statements of the set-wise path (steps 1 to 6, and the answer)
    -- are planned generically: a custom plan (the first five runs of each)
    -- of a statement that reads the documents holds the whole array as a
    -- constant and copies it several times while planning, which cost more
    -- than some of these statements' execution; and a generic plan is made
    -- once per transaction (once per session with session work tables),
    -- not once per call (the work tables are emptied in place, which
    -- leaves their plans valid).  Only these statements:
    -- ingest_record (step 7) and refresh_inbound plan as the caller's
    -- setting says.  (Not on a Citus cluster, whose planner cannot make a
    -- generic plan of a statement that reads distributed tables.)
    IF NOT on_citus THEN
        plan_mode := pg_catalog.current_setting('plan_cache_mode');
        PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
    END IF;

    -- 1. shape: a document in doubt is left to ingest_record
    INSERT INTO pith_ir_docs (ord, doubt)
    SELECT u.o, COALESCE(jsonb_typeof(u.d) <> 'object'
                         OR (u.d ->> 'schema') IS DISTINCT FROM 'pith.paper-citation-record.v1'
                         OR jsonb_typeof(u.d -> 'paper') IS DISTINCT FROM 'object'
                         OR jsonb_typeof(u.d -> 'outbound') IS DISTINCT FROM 'array'
                         OR jsonb_typeof(u.d -> 'inbound') IS DISTINCT FROM 'array'
                         OR jsonb_typeof(u.d -> 'external_citation_measurements') IS DISTINCT FROM 'array'
                         OR u.d -> 'paper' ->> 'arxiv_id' IS NULL OR u.d ->> 'as_of' IS NULL
                         OR pith.record_shape_problem(u.d) IS NOT NULL, true)
    FROM unnest(records) WITH ORDINALITY AS u(d, o);

    -- 2. the rows, as ingest_record reads them (a value that does not fit
    --    its column anywhere in the batch: every document on its own)
    IF parsed THEN
    BEGIN
        IF verify THEN
            UPDATE pith_ir_docs x SET doubt = true
            WHERE NOT x.doubt AND EXISTS (SELECT 1 FROM pith.verify_record(records[x.ord]) v WHERE v.ok IS NOT TRUE);
        END IF;
        -- (one C pass per kind over the documents, pith.ingest_rows)
        todo := ARRAY(SELECT x.ord FROM pith_ir_docs x WHERE NOT x.doubt ORDER BY x.ord);
        UPDATE pith_ir_docs x SET paper = t.paper, as_of = t.as_of
        FROM pith.ingest_rows(records, todo, 'documents') AS t(ord integer, paper pith.arxiv_id, as_of timestamptz)
        WHERE x.ord = t.ord;
        UPDATE pith_ir_docs x SET doubt = true WHERE NOT x.doubt AND pith.arxiv_base(x.paper) <> x.paper;
        todo := ARRAY(SELECT x.ord FROM pith_ir_docs x WHERE NOT x.doubt ORDER BY x.ord);
        INSERT INTO pith_ir_papers
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'papers') AS t(ord integer, r pith.papers);
        INSERT INTO pith_ir_refs
        SELECT t.ord, t.inbound, t.r
        FROM pith.ingest_rows(records, todo, 'references') AS t(ord integer, inbound boolean, r pith.paper_references);
        INSERT INTO pith_ir_works
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'works') AS t(ord integer, r pith.cited_works);
        -- every observation is a link row or the absence of one ("unlinked":
        -- no work, no resolver, unresolved, observed with the reference)
        INSERT INTO pith_ir_links
        SELECT t.ord, t.r FROM pith.ingest_rows(records, todo, 'links') AS t(ord integer, r pith.paper_reference_links);
        INSERT INTO pith_ir_nolink
        SELECT t.ord, t.observation_id
        FROM pith.ingest_rows(records, todo, 'unlinked') AS t(ord integer, observation_id uuid);
        INSERT INTO pith_ir_receipts
        SELECT DISTINCT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'receipts') AS t(ord integer, r pith.retraction_status_cache);
        INSERT INTO pith_ir_events
        SELECT DISTINCT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'events') AS t(ord integer, r pith.scholarly_work_events);
        INSERT INTO pith_ir_meas
        SELECT t.ord, t.r
        FROM pith.ingest_rows(records, todo, 'measurements') AS t(ord integer, r pith.citation_measurements);
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
            SELECT f.ord FROM pith_ir_refs f JOIN pith_ir_docs y ON y.ord = f.ord
            WHERE ((f.r).citing_arxiv_id = y.paper) = f.inbound
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
            -- (the contents compared only where an id comes more than once)
            WHERE (f.r).observation_id IN (
                      SELECT (g.r).observation_id FROM pith_ir_refs g
                      WHERE (g.r).observation_id IN (SELECT (h.r).observation_id FROM pith_ir_refs h GROUP BY 1
                                                     HAVING count(*) > 1)
                      GROUP BY 1 HAVING count(DISTINCT g.r) > 1)
               OR ((f.r).citing_arxiv_id, (f.r).reference_index) IN (
                      SELECT (g.r).citing_arxiv_id, (g.r).reference_index FROM pith_ir_refs g
                      WHERE ((g.r).citing_arxiv_id, (g.r).reference_index) IN (
                                SELECT (h.r).citing_arxiv_id, (h.r).reference_index FROM pith_ir_refs h
                                GROUP BY 1, 2 HAVING count(*) > 1)
                      GROUP BY 1, 2 HAVING count(DISTINCT (g.r).observation_id) > 1)
            UNION ALL
            SELECT w.ord FROM pith_ir_works w
            -- (distinct works hashed first: every document repeats the works it cites)
            WHERE (w.r).work_id IN (SELECT (v.r).work_id FROM (SELECT DISTINCT v.r FROM pith_ir_works v) v
                                    GROUP BY 1 HAVING count(*) > 1)
               OR ((w.r).metadata_source = 'arxiv' AND pith.arxiv_base((w.r).arxiv_id) IN (
                      SELECT pith.arxiv_base((v.r).arxiv_id) FROM pith_ir_works v
                      WHERE (v.r).metadata_source = 'arxiv' AND (v.r).arxiv_id IS NOT NULL GROUP BY 1
                      HAVING count(DISTINCT (v.r).work_id) > 1))
               OR (w.r).metadata_source IS NULL OR (w.r).snapshot_observed_at IS NULL
            UNION ALL
            SELECT l.ord FROM pith_ir_links l
            WHERE (l.r).status IS NULL OR (l.r).observed_at IS NULL
               OR ((l.r).citing_arxiv_id, (l.r).observation_id) IN (
                      SELECT (k.r).citing_arxiv_id, (k.r).observation_id FROM pith_ir_links k
                      WHERE (k.r).observation_id IN (SELECT (h.r).observation_id FROM pith_ir_links h GROUP BY 1
                                                     HAVING count(*) > 1)
                      GROUP BY 1, 2 HAVING count(DISTINCT ((k.r).work_id, (k.r).status, (k.r).resolver_source, (k.r).observed_at)) > 1)
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
                      FROM pith_ir_events v GROUP BY 1, 2, 3, 4, 5 HAVING count(DISTINCT v.r) > 1)
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

        -- 4. the stored rows the checks compare with, copied into work
        --    tables by their keys: one uncorrelated "= ANY (keys)" read per
        --    table (through the tables' indexes; on Citus one query per
        --    shard, run on the workers), so that the checks of step 5 and
        --    the writes of step 6 join work tables only -- the same
        --    statements on one server and on a Citus cluster.
        --    The catalog rows first: whether the batch brings catalog rows
        --    decides which locks it takes (ingest_record's step 5, for
        --    every parsed document of the batch, in doubt or not: their own
        --    ingest_record calls below then find them held).  When it does,
        --    they are read again under those locks (pass 2); when it does
        --    not, every catalog row the batch names is stored, and stored
        --    catalog rows are never changed but for missing values.
        paper_keys := ARRAY(SELECT DISTINCT (p.r).arxiv_id FROM pith_ir_papers p);
        work_keys := ARRAY(SELECT DISTINCT (w.r).work_id FROM pith_ir_works w WHERE (w.r).work_id IS NOT NULL);
        base_keys := ARRAY(SELECT DISTINCT pith.arxiv_base((w.r).arxiv_id) FROM pith_ir_works w
                           WHERE (w.r).metadata_source = 'arxiv' AND (w.r).arxiv_id IS NOT NULL);
        --    These reads are planned afresh on every call (force_custom_plan,
        --    on one server): a generic plan made while the tables were
        --    small (the first batch of a load into an empty database) is a
        --    sequential scan that compares every stored row with every key,
        --    and it would be kept for the rest of the transaction -- or of
        --    the session, with session work tables -- while the tables grow.
        FOR pass IN 1 .. 2 LOOP
            IF pass = 2 THEN
                -- (empty before pass 1: every call starts with empty tables)
                DELETE FROM pith_ir_s_papers;
                DELETE FROM pith_ir_s_versions;
                DELETE FROM pith_ir_s_works;
                DELETE FROM pith_ir_s_receipts;
                DELETE FROM pith_ir_s_events;
            END IF;
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
            END IF;
            INSERT INTO pith_ir_s_papers SELECT s.* FROM pith.papers s WHERE s.arxiv_id = ANY (paper_keys);
            INSERT INTO pith_ir_s_versions SELECT s.* FROM pith.paper_versions s WHERE s.arxiv_id = ANY (paper_keys);
            INSERT INTO pith_ir_s_works
            SELECT s.* FROM pith.cited_works s
            WHERE s.work_id = ANY (work_keys)
               OR (s.arxiv_id IS NOT NULL AND pith.arxiv_base(s.arxiv_id) = ANY (base_keys) AND s.metadata_source = 'arxiv');
            INSERT INTO pith_ir_s_receipts SELECT s.* FROM pith.retraction_status_cache s WHERE s.work_id = ANY (work_keys);
            INSERT INTO pith_ir_s_events SELECT s.* FROM pith.scholarly_work_events s WHERE s.work_id = ANY (work_keys);
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
            END IF;
            EXIT WHEN pass = 2;

            own := ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                         UNION SELECT x.paper FROM pith_ir_docs x WHERE x.paper IS NOT NULL);
            -- (counted, not EXISTS: the planner would pick a fast-start
            -- nested loop for EXISTS, quadratic when no row qualifies)
            need_catalog :=
                (SELECT count(*) FROM pith_ir_papers i LEFT JOIN pith_ir_s_papers s ON s.arxiv_id = (i.r).arxiv_id
                        WHERE s.arxiv_id IS NULL
                           OR (s.latest_version IS NULL AND (i.r).latest_version IS NOT NULL)
                           OR (s.submitted_at IS NULL AND (i.r).submitted_at IS NOT NULL)
                           OR (s.last_updated IS NULL AND (i.r).last_updated IS NOT NULL)
                           OR (s.primary_category IS NULL AND (i.r).primary_category IS NOT NULL)) > 0
                OR (SELECT count(*) FROM pith_ir_versions i LEFT JOIN pith_ir_s_versions s
                             ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version WHERE s.arxiv_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_works i LEFT JOIN pith_ir_s_works s ON s.work_id = (i.r).work_id
                           WHERE s.work_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_receipts i LEFT JOIN pith_ir_s_receipts s
                             ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.observed_at = (i.r).observed_at
                           WHERE s.work_id IS NULL) > 0
                OR (SELECT count(*) FROM pith_ir_events i LEFT JOIN pith_ir_s_events s
                             ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
                            AND s.event_date IS NOT DISTINCT FROM (i.r).event_date
                            AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
                           WHERE s.work_id IS NULL) > 0;
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
            EXIT WHEN NOT need_catalog;
        END LOOP;

        --    The per-paper rows, under the papers' locks: every stored
        --    reference with an observation id of the batch (whichever paper
        --    holds it) and every stored reference and link of the batch's
        --    citing papers (none for a paper seen for the first time); a
        --    stored link's observation is a stored reference of its paper,
        --    its foreign key, so the links of the references read here are
        --    all read too.  The measurements of the batch's papers.
        obs_keys := ARRAY(SELECT DISTINCT (f.r).observation_id FROM pith_ir_refs f WHERE (f.r).observation_id IS NOT NULL);
        citing_keys := ARRAY(SELECT DISTINCT (f.r).citing_arxiv_id FROM pith_ir_refs f
                             WHERE (f.r).citing_arxiv_id IS NOT NULL);
        IF plan_mode IS NOT NULL THEN
            PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
        END IF;
        INSERT INTO pith_ir_s_refs
        SELECT s.* FROM pith.paper_references s
        WHERE s.observation_id = ANY (obs_keys) OR s.citing_arxiv_id = ANY (citing_keys);
        INSERT INTO pith_ir_s_links
        SELECT s.* FROM pith.paper_reference_links s WHERE s.citing_arxiv_id = ANY (citing_keys);
        INSERT INTO pith_ir_s_meas
        SELECT s.* FROM pith.citation_measurements s
        WHERE s.arxiv_id = ANY (ARRAY(SELECT DISTINCT (m.r).arxiv_id FROM pith_ir_meas m));
        IF plan_mode IS NOT NULL THEN
            PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
        END IF;

        -- 5. doubts against the stored rows (ingest_record's step 6), column
        --    by column on the typed rows: where ingest_record's row_conflict
        --    compares two NULL-tolerant values, "a <> b" (NULL when either is
        --    NULL: they agree); where it compares strictly, IS DISTINCT FROM.
        --    (Each type's = is equality of the text to_jsonb shows.)
        UPDATE pith_ir_docs x SET doubt = true
        WHERE NOT x.doubt AND x.ord IN (
            SELECT i.ord FROM pith_ir_papers i JOIN pith_ir_s_papers s ON s.arxiv_id = (i.r).arxiv_id
            WHERE (s.title <> (i.r).title OR s.latest_version <> (i.r).latest_version
                   OR s.submitted_at <> (i.r).submitted_at OR s.last_updated <> (i.r).last_updated
                   OR s.primary_category <> (i.r).primary_category
                   OR s.snapshot_observed_at <> (i.r).snapshot_observed_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_versions i
            JOIN pith_ir_s_versions s ON s.arxiv_id = (i.r).arxiv_id AND s.version = (i.r).version
            WHERE (s.title <> (i.r).title OR s.submitted_at <> (i.r).submitted_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_works i JOIN pith_ir_s_works s ON s.work_id = (i.r).work_id
            WHERE s.title IS DISTINCT FROM (i.r).title OR s.doi IS DISTINCT FROM (i.r).doi
               OR s.arxiv_id IS DISTINCT FROM (i.r).arxiv_id OR s.venue IS DISTINCT FROM (i.r).venue
               OR s.year IS DISTINCT FROM (i.r).year OR s.metadata_source IS DISTINCT FROM (i.r).metadata_source
               OR s.snapshot_observed_at IS DISTINCT FROM (i.r).snapshot_observed_at
            UNION ALL
            SELECT i.ord FROM pith_ir_works i
            JOIN pith_ir_s_works s ON pith.arxiv_base(s.arxiv_id) = pith.arxiv_base((i.r).arxiv_id)
                                  AND s.metadata_source = 'arxiv'
            WHERE (i.r).metadata_source = 'arxiv' AND (i.r).arxiv_id IS NOT NULL AND s.work_id <> (i.r).work_id
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i JOIN pith_ir_s_refs s ON s.observation_id = (i.r).observation_id
            WHERE (s.citing_arxiv_id <> (i.r).citing_arxiv_id OR s.citing_version <> (i.r).citing_version
                   OR s.reference_index <> (i.r).reference_index OR s.raw_text <> (i.r).raw_text
                   OR s.title <> (i.r).title OR s.year <> (i.r).year
                   OR s.pith_arxiv_id <> (i.r).pith_arxiv_id OR s.doi <> (i.r).doi
                   OR s.source <> (i.r).source
                   OR s.source_observed_at <> (i.r).source_observed_at) IS TRUE
            UNION ALL
            SELECT i.ord FROM pith_ir_refs i
            JOIN pith_ir_s_refs s ON s.citing_arxiv_id = (i.r).citing_arxiv_id AND s.reference_index = (i.r).reference_index
            WHERE s.observation_id <> (i.r).observation_id
            UNION ALL
            -- (every column but the score, strictly)
            SELECT i.ord FROM pith_ir_links i
            JOIN pith_ir_s_links s ON s.citing_arxiv_id = (i.r).citing_arxiv_id AND s.observation_id = (i.r).observation_id
            WHERE s.work_id IS DISTINCT FROM (i.r).work_id OR s.status IS DISTINCT FROM (i.r).status
               OR s.resolver_source IS DISTINCT FROM (i.r).resolver_source
               OR s.observed_at IS DISTINCT FROM (i.r).observed_at
            UNION ALL
            SELECT n.ord FROM pith_ir_nolink n JOIN pith_ir_docs y ON y.ord = n.ord
            JOIN pith_ir_s_refs r ON r.observation_id = n.observation_id
            JOIN pith_ir_s_links s ON s.citing_arxiv_id = r.citing_arxiv_id AND s.observation_id = r.observation_id
            WHERE s.observed_at <= y.as_of
            UNION ALL
            SELECT i.ord FROM pith_ir_events i
            JOIN pith_ir_s_events s
              ON s.work_id = (i.r).work_id AND s.source = (i.r).source AND s.event_type = (i.r).event_type
             AND s.event_date IS NOT DISTINCT FROM (i.r).event_date AND s.notice_doi IS NOT DISTINCT FROM (i.r).notice_doi
            WHERE s.observed_at IS DISTINCT FROM (i.r).observed_at
            UNION ALL
            SELECT i.ord FROM pith_ir_meas i
            JOIN pith_ir_s_meas s
              ON s.arxiv_id = (i.r).arxiv_id AND s.source = (i.r).source AND s.measured_at = (i.r).measured_at
            WHERE s.cited_by_count <> (i.r).cited_by_count);

        -- 6. write what the documents beyond doubt hold, one statement per
        --    table (ingest_record's step 7 and 8); should any statement
        --    fail (a CHECK constraint, a catalog work created meanwhile, an
        --    observation id another transaction stored meanwhile under a
        --    paper outside the batch), none of it stays and every document
        --    goes on its own
        BEGIN
            IF need_catalog THEN
                INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated,
                                         primary_category, snapshot_observed_at)
                SELECT q.arxiv_id, max(q.title), max(q.latest_version), max(q.submitted_at), max(q.last_updated),
                       max(q.primary_category), max(q.snapshot_observed_at)
                FROM (SELECT (p.r).* FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt) q
                GROUP BY q.arxiv_id ORDER BY q.arxiv_id
                ON CONFLICT DO NOTHING;
                -- (a stored paper's missing values: rare, one keyed
                -- statement per paper)
                FOR v IN
                    SELECT i.* FROM (SELECT (p.r).arxiv_id, max((p.r).latest_version) AS latest_version,
                                            max((p.r).submitted_at) AS submitted_at, max((p.r).last_updated) AS last_updated,
                                            max((p.r).primary_category) AS primary_category
                                     FROM pith_ir_papers p JOIN pith_ir_docs x ON x.ord = p.ord AND NOT x.doubt
                                     GROUP BY 1) i
                    JOIN pith_ir_s_papers s ON s.arxiv_id = i.arxiv_id
                    WHERE (s.latest_version IS NULL AND i.latest_version IS NOT NULL)
                       OR (s.submitted_at IS NULL AND i.submitted_at IS NOT NULL)
                       OR (s.last_updated IS NULL AND i.last_updated IS NOT NULL)
                       OR (s.primary_category IS NULL AND i.primary_category IS NOT NULL)
                    ORDER BY i.arxiv_id
                LOOP
                    UPDATE pith.papers s
                    SET latest_version = COALESCE(s.latest_version, v.latest_version),
                        submitted_at = COALESCE(s.submitted_at, v.submitted_at),
                        last_updated = COALESCE(s.last_updated, v.last_updated),
                        primary_category = COALESCE(s.primary_category, v.primary_category)
                    WHERE s.arxiv_id = v.arxiv_id;
                END LOOP;
                INSERT INTO pith.paper_versions
                SELECT DISTINCT (v.r).* FROM pith_ir_versions v JOIN pith_ir_docs x ON x.ord = v.ord AND NOT x.doubt
                ORDER BY 1, 2 ON CONFLICT DO NOTHING;
                INSERT INTO pith.cited_works
                SELECT q.* FROM (SELECT DISTINCT (w.r).* FROM pith_ir_works w
                                 JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt) q
                ORDER BY q.metadata_source IS DISTINCT FROM 'arxiv', pith.arxiv_base(q.arxiv_id), q.work_id
                ON CONFLICT DO NOTHING;
                work_keys := ARRAY(SELECT DISTINCT (w.r).work_id FROM pith_ir_works w
                                   JOIN pith_ir_docs x ON x.ord = w.ord AND NOT x.doubt);
                IF (SELECT count(*) FROM pith.cited_works s WHERE s.work_id = ANY (work_keys))
                   < pg_catalog.cardinality(work_keys) THEN
                    RAISE EXCEPTION 'a catalog work was created meanwhile';
                END IF;
                INSERT INTO pith.retraction_status_cache
                SELECT DISTINCT (e.r).* FROM pith_ir_receipts e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING;
                INSERT INTO pith.scholarly_work_events
                SELECT DISTINCT (e.r).* FROM pith_ir_events e JOIN pith_ir_docs x ON x.ord = e.ord AND NOT x.doubt
                ON CONFLICT DO NOTHING;
            END IF;
            -- the new observations: those no stored row holds (step 4 read
            -- every stored row of the batch's observation ids, under the
            -- papers' locks), one row per observation id (step 3: its
            -- documents agree on its row), each counted for the first
            -- document holding it
            INSERT INTO pith.paper_references
            SELECT DISTINCT ON ((f.r).observation_id) (f.r).*
            FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s WHERE s.observation_id = (f.r).observation_id)
            ORDER BY (f.r).observation_id;
            UPDATE pith_ir_docs x SET inserted = COALESCE(c.n, 0)
            FROM pith_ir_docs y
            LEFT JOIN (SELECT m.ord, count(*) AS n
                       FROM (SELECT min(f.ord) AS ord
                             FROM pith_ir_refs f JOIN pith_ir_docs z ON z.ord = f.ord AND NOT z.doubt
                             WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s
                                               WHERE s.observation_id = (f.r).observation_id)
                             GROUP BY (f.r).observation_id) m
                       GROUP BY m.ord) c ON c.ord = y.ord
            WHERE y.ord = x.ord AND NOT x.doubt;
            -- the papers whose references or links this batch writes (new
            -- observations, new links, below: filled observations), whose
            -- inbound rows are refreshed at the end
            written_papers := ARRAY(
                SELECT (f.r).citing_arxiv_id
                FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt
                WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_refs s WHERE s.observation_id = (f.r).observation_id)
                UNION
                SELECT (l.r).citing_arxiv_id
                FROM pith_ir_links l JOIN pith_ir_docs x ON x.ord = l.ord AND NOT x.doubt
                WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_links s
                                  WHERE s.citing_arxiv_id = (l.r).citing_arxiv_id
                                    AND s.observation_id = (l.r).observation_id));
            -- (a stored observation's missing values: rare, one keyed
            -- statement per observation)
            FOR v IN
                SELECT DISTINCT i.citing_arxiv_id, i.observation_id, i.raw_text, i.title, i.year, i.pith_arxiv_id
                FROM (SELECT DISTINCT (f.r).* FROM pith_ir_refs f JOIN pith_ir_docs x ON x.ord = f.ord AND NOT x.doubt) i
                JOIN pith_ir_s_refs s ON s.citing_arxiv_id = i.citing_arxiv_id AND s.observation_id = i.observation_id
                WHERE (s.raw_text IS NULL AND i.raw_text IS NOT NULL) OR (s.title IS NULL AND i.title IS NOT NULL)
                   OR (s.year IS NULL AND i.year IS NOT NULL) OR (s.pith_arxiv_id IS NULL AND i.pith_arxiv_id IS NOT NULL)
                ORDER BY i.citing_arxiv_id, i.observation_id
            LOOP
                UPDATE pith.paper_references s
                SET raw_text = COALESCE(s.raw_text, v.raw_text), title = COALESCE(s.title, v.title),
                    year = COALESCE(s.year, v.year), pith_arxiv_id = COALESCE(s.pith_arxiv_id, v.pith_arxiv_id)
                WHERE s.citing_arxiv_id = v.citing_arxiv_id AND s.observation_id = v.observation_id;
                written_papers := written_papers || v.citing_arxiv_id;
            END LOOP;
            -- (the same for the links and the measurements)
            INSERT INTO pith.paper_reference_links
            SELECT DISTINCT ON ((l.r).citing_arxiv_id, (l.r).observation_id) (l.r).*
            FROM pith_ir_links l JOIN pith_ir_docs x ON x.ord = l.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_links s
                              WHERE s.citing_arxiv_id = (l.r).citing_arxiv_id AND s.observation_id = (l.r).observation_id)
            ORDER BY (l.r).citing_arxiv_id, (l.r).observation_id;
            INSERT INTO pith.citation_measurements
            SELECT DISTINCT (m.r).* FROM pith_ir_meas m JOIN pith_ir_docs x ON x.ord = m.ord AND NOT x.doubt
            WHERE NOT EXISTS (SELECT 1 FROM pith_ir_s_meas s
                              WHERE s.arxiv_id = (m.r).arxiv_id AND s.source = (m.r).source
                                AND s.measured_at = (m.r).measured_at);
            -- the inbound rows of every paper whose references or links
            -- were written (8. of ingest_record), one call for the batch,
            -- its reads of the stored rows planned for this call's papers
            -- (as the copies of step 4, and for the same reason: a generic
            -- plan of its earlier calls may be a scan of then small tables)
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_custom_plan', true);
            END IF;
            PERFORM pith.refresh_inbound(written_papers, false);
            IF plan_mode IS NOT NULL THEN
                PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
            END IF;
            UPDATE pith_ir_docs x SET loaded = true WHERE NOT x.doubt;
        EXCEPTION WHEN OTHERS THEN
            written := false;
        END;
    END IF;
    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', plan_mode, true);
    END IF;

    -- 7. every document the batch did not write, on its own, in order
    --    (the loop's query not even planned when the batch wrote them all)
    IF NOT parsed OR NOT written OR EXISTS (SELECT 1 FROM pith_ir_docs x WHERE x.doubt) THEN
    FOR d IN SELECT x.ord, records[x.ord] AS doc FROM pith_ir_docs x
             WHERE x.doubt OR NOT parsed OR NOT written ORDER BY x.ord LOOP
        BEGIN
            IF d.doc IS NULL THEN
                RAISE EXCEPTION 'a citation record is null' USING ERRCODE = 'null_value_not_allowed';
            END IF;
            res := pith.ingest_record(d.doc, verify);
            UPDATE pith_ir_docs x SET loaded = true, inserted = (res ->> 'observations_inserted')::bigint,
                                      error_sqlstate = NULL, error_message = NULL
            WHERE x.ord = d.ord;
        EXCEPTION WHEN OTHERS THEN
            GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, msg = MESSAGE_TEXT;
            UPDATE pith_ir_docs x SET loaded = false, inserted = 0, error_sqlstate = st, error_message = msg WHERE x.ord = d.ord;
        END;
    END LOOP;
    END IF;

    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
    END IF;
    RETURN QUERY
    SELECT x.ord, COALESCE(x.paper::text, records[x.ord] -> 'paper' ->> 'arxiv_id'), x.loaded, x.inserted,
           x.error_sqlstate, x.error_message
    FROM pith_ir_docs x ORDER BY x.ord;
    IF plan_mode IS NOT NULL THEN
        PERFORM pg_catalog.set_config('plan_cache_mode', plan_mode, true);
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.ingest_records(jsonb[], boolean) IS
    'load many pith.paper-citation-record.v1 documents at once, with every guarantee of ingest_record per document (all or nothing, contradictions refused, idempotent); one row per document: loaded or refused with its SQLSTATE and message';

-- The same over a staged table of documents: every row of staged (its one
-- jsonb column, or the column named), in the order of its primary key (the
-- physical order without one), through ingest_records in batches of
-- batch_size.  ord numbers the rows from 1 in that order.  Each document
-- is all or nothing; a refused one (its row says why) does not keep the
-- others from loading, all in the caller's transaction.
CREATE FUNCTION pith.ingest_table(staged regclass, verify boolean DEFAULT true, batch_size integer DEFAULT 200,
                                  column_name name DEFAULT NULL)
RETURNS TABLE (ord integer, paper text, loaded boolean, observations_inserted bigint,
               error_sqlstate text, error_message text)
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pith
AS $fn$
#variable_conflict use_column
DECLARE
    col name;
    n_cols integer;
    keys text;
    batch jsonb[] := '{}';
    base integer := 0;
    doc jsonb;
BEGIN
    IF staged IS NULL OR verify IS NULL OR batch_size IS NULL OR batch_size < 1 THEN
        RAISE EXCEPTION 'ingest_table needs a table, verify and a batch_size of at least 1'
            USING ERRCODE = 'invalid_parameter_value';
    END IF;
    SELECT count(*), min(a.attname) INTO n_cols, col
    FROM pg_catalog.pg_attribute a
    WHERE a.attrelid = staged AND a.attnum > 0 AND NOT a.attisdropped
      AND a.atttypid = 'pg_catalog.jsonb'::pg_catalog.regtype
      AND (column_name IS NULL OR a.attname = column_name);
    IF n_cols <> 1 THEN
        RAISE EXCEPTION '% has % jsonb column(s)%', staged, n_cols,
                        CASE WHEN column_name IS NULL THEN '' ELSE format(' named %I', column_name) END
            USING ERRCODE = 'invalid_parameter_value',
                  HINT = 'Name the column of the documents: column_name => ''...''.';
    END IF;
    SELECT string_agg(pg_catalog.quote_ident(a.attname), ', ' ORDER BY k.n) INTO keys
    FROM pg_catalog.pg_index i
    CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)
    JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
    WHERE i.indrelid = staged AND i.indisprimary;
    FOR doc IN EXECUTE format('SELECT %I FROM %s%s', col, staged, COALESCE(' ORDER BY ' || keys, '')) LOOP
        batch := array_append(batch, doc);
        IF cardinality(batch) >= batch_size THEN
            RETURN QUERY SELECT base + r.ord, r.paper, r.loaded, r.observations_inserted, r.error_sqlstate, r.error_message
                         FROM pith.ingest_records(batch, verify) r;
            base := base + cardinality(batch);
            batch := '{}';
        END IF;
    END LOOP;
    IF cardinality(batch) > 0 THEN
        RETURN QUERY SELECT base + r.ord, r.paper, r.loaded, r.observations_inserted, r.error_sqlstate, r.error_message
                     FROM pith.ingest_records(batch, verify) r;
    END IF;
END
$fn$;
COMMENT ON FUNCTION pith.ingest_table(regclass, boolean, integer, name) IS
    'load the pith.paper-citation-record.v1 documents of a staged table (its jsonb column) through pith.ingest_records in batches, in primary-key order; one row per document: loaded or refused with its SQLSTATE and message';
