-- 48_inbound.sql -- keeping pith.inbound_references (the inbound side keyed
-- by the cited paper, see 40_tables.sql) equal to what the references and
-- links say.
--
-- One function does it, for every writer: pith.ingest_record() and
-- pith.resolve_paper() call it for the papers whose references or links
-- they wrote, in their own transaction; whoever writes paper_references or
-- paper_reference_links by hand calls it afterwards (or once, for every
-- paper, after a bulk load).  Writers of one paper are serialized on its
-- pith.paper_write_locks row (pith.lock_papers(), in arXiv-id order, so
-- writers of several papers never deadlock): the last transaction to refresh a
-- paper sees every committed change to it.

CREATE FUNCTION pith.refresh_inbound(citing pith.arxiv_id[] DEFAULT NULL, prune boolean DEFAULT true)
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
