
-- 30_titles: title normalization, title keys, the fuzzy title score, its
-- threshold operator and the ICU version (src/title.c, src/core/title_*.c).
-- normalize_title and title_key are IMMUTABLE so they can be indexed; their
-- answers depend on the ICU version (pith.icu_version()): REINDEX indexes on
-- them after an ICU major upgrade.

CREATE FUNCTION pith.normalize_title(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_normalize_title'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.normalize_title(text) IS
    'title in comparable form: ICU NFKC, case folded, diacritics and spacing accents removed, apostrophes dropped, every other non-letter, non-digit run one space';

CREATE FUNCTION pith.title_key(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_title_key_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key(text) IS
    'matching key of a title: reference debris (venue tails, arXiv notes, URLs, trailing years) cut, normalized, no separators';

CREATE FUNCTION pith.title_similarity(a text, b text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity(text, text) IS
    'fuzzy title score in [0, 1] over the two title keys (2 * LCS / total length, weighed by the distance); one title may end at a soft cut (a place where unproven debris may start); different numbers or Roman numerals make different works; 1 exactly when the keys are equal and not empty';

CREATE FUNCTION pith.title_key_similarity(a_key text, b_key text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_key_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key_similarity(text, text) IS
    'title_similarity for two keys already computed with pith.title_key (skips keying)';

CREATE FUNCTION pith.title_similarity_threshold() RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_threshold_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity_threshold() IS
    'current value of the setting pith.title_similarity_threshold';

CREATE FUNCTION pith.title_similar_anchored(a text, b text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pith_title_similar_anchored_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similar_anchored(text, text) IS
    'true when pith.title_similarity(a, b) is at least pith.title_similarity_threshold and the two title keys share their first or last 8 characters';

-- The operator's function is plain SQL without a SET clause so that the
-- planner inlines it: with a title column on the left and a constant on the
-- right, the two range conditions below become index scans on the title key
-- indexes of 45_title_indexes.sql (key, and reversed key, COLLATE "C"), and
-- title_similar_anchored rechecks the rows they return.  Every name is
-- schema-qualified and every operator written OPERATOR(pg_catalog.x), so no
-- search_path changes it.
CREATE FUNCTION pith.title_similar(a text, b text) RETURNS boolean
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
COMMENT ON FUNCTION pith.title_similar(text, text) IS
    'the %% operator: same work by title (score at least pith.title_similarity_threshold, keys sharing their first or last 8 characters); index-assisted when the title column is on the left';

CREATE OPERATOR pith.%% (
    LEFTARG = text,
    RIGHTARG = text,
    FUNCTION = pith.title_similar,
    COMMUTATOR = OPERATOR(pith.%%),
    RESTRICT = contsel,
    JOIN = contjoinsel
);
COMMENT ON OPERATOR pith.%% (text, text) IS
    'titles of the same work: pith.title_similarity at or above pith.title_similarity_threshold, keys sharing their first or last 8 characters';

-- Candidate search over the catalog tables of 40_tables.sql.  Written in
-- PL/pgSQL so that this file does not depend on those tables at install
-- time.  Probes: titles whose key starts with the query key's first A
-- characters, or ends with its last A (A = 8..16, half the key), through the
-- indexes of 45_title_indexes.sql; every title with the same key is among
-- them.  The candidates are ranked with title_key_similarity, the best 50
-- (at least k) scored again with title_similarity on the raw titles (soft
-- cuts, numbers), and the best k returned, whatever their score; compare
-- with the threshold yourself.
CREATE FUNCTION pith.title_candidates_search(query text, k integer)
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
COMMENT ON FUNCTION pith.title_candidates_search(text, integer) IS
    'worker of pith.title_candidates (PL/pgSQL cannot name an argument like a result column)';

CREATE FUNCTION pith.title_candidates(title text, k integer DEFAULT 5)
    RETURNS TABLE (arxiv_id pith.arxiv_id, work_id uuid, title text, score float8)
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
    SELECT * FROM pith.title_candidates_search($1, $2);
END;
COMMENT ON FUNCTION pith.title_candidates(text, integer) IS
    'best k catalog titles (papers, paper_versions, cited_works) for a title, best first, found through the title key indexes';

CREATE FUNCTION pith.icu_version() RETURNS text
    AS 'MODULE_PATHNAME', 'pith_icu_version'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.icu_version() IS
    'version of the ICU library pith normalizes titles with; REINDEX title indexes after an ICU major upgrade';
