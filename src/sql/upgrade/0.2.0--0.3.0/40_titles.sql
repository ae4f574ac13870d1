-- 40_titles: titles v2 (issue 17), the objects it changed:
--   pith.title_candidates_search(text, integer): the best 50 candidates by
--     key are scored again with title_similarity on the raw titles (this
--     body also keeps 30_reliability's bounded key expressions);
--   COMMENT ON pith.title_similarity(text, text): soft cuts and numbers.
-- title_similarity and title_key changed in C only (same symbols).
-- title_key no longer ends a key at a glued sentence break that no venue
-- word follows, so every index on title_key must be rebuilt: the six title
-- key indexes are dropped and created again by 30_reliability.sql (which
-- runs first, with the 0.3.0 library, so they hold 0.3.0 keys); indexes of
-- the user's own on title_key need REINDEX (docs/reference.md, README).

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
    ), shortlist AS (
        SELECT s.arxiv_id, s.work_id, s.title
          FROM scored s
         ORDER BY s.score DESC, s.arxiv_id, s.work_id
         LIMIT GREATEST(k, 50)
    ), rescored AS (
        -- the full score on the raw titles: soft cuts and numbers (keys alone have neither)
        SELECT l.arxiv_id, l.work_id, l.title, pith.title_similarity(l.title, $1) AS score
          FROM shortlist l
    )
    SELECT r.arxiv_id, r.work_id, r.title, r.score
      FROM rescored r
     ORDER BY r.score DESC, r.arxiv_id, r.work_id
     LIMIT k;
END
$$;

COMMENT ON FUNCTION pith.title_similarity(text, text) IS
    'fuzzy title score in [0, 1] over the two title keys (2 * LCS / total length, weighed by the distance); one title may end at a soft cut (a place where unproven debris may start); different numbers or Roman numerals make different works; 1 exactly when the keys are equal and not empty';
