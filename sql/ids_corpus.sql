-- ids_corpus: real identifiers (test/data/identifiers_valid.txt: kind, input
-- as found in the wild, canonical text worked out independently) and
-- malformed ones (test/data/identifiers_invalid.txt: kind, input).
SET search_path = public, pith;

CREATE TABLE ids_corpus_valid (kind text, input text, canon text);
\copy ids_corpus_valid FROM 'test/data/identifiers_valid.txt'
CREATE TABLE ids_corpus_invalid (kind text, input text);
\copy ids_corpus_invalid FROM 'test/data/identifiers_invalid.txt'
SELECT kind, count(*) AS lines, count(DISTINCT canon) AS distinct_ids FROM ids_corpus_valid GROUP BY kind ORDER BY kind;
SELECT kind, count(*) AS lines FROM ids_corpus_invalid GROUP BY kind ORDER BY kind;

-- every valid input is accepted and canonicalizes to the expected text
-- (listed: rejected or mismatching lines -- none expected)
SELECT kind, input, canon,
       CASE kind WHEN 'arxiv' THEN try_arxiv_id(input)::text ELSE try_doi(input)::text END AS got
FROM ids_corpus_valid
WHERE canon IS DISTINCT FROM CASE kind WHEN 'arxiv' THEN try_arxiv_id(input)::text ELSE try_doi(input)::text END;
-- the raising input function agrees with try_
DO $$
DECLARE
    r record;
    n int := 0;
    bad int := 0;
BEGIN
    FOR r IN SELECT * FROM ids_corpus_valid LOOP
        BEGIN
            IF r.kind = 'arxiv' THEN
                IF r.input::pith.arxiv_id::text IS DISTINCT FROM r.canon THEN bad := bad + 1; END IF;
            ELSE
                IF r.input::pith.doi::text IS DISTINCT FROM r.canon THEN bad := bad + 1; END IF;
            END IF;
            n := n + 1;
        EXCEPTION WHEN OTHERS THEN
            bad := bad + 1;
        END;
    END LOOP;
    RAISE NOTICE 'valid corpus through the input functions: % accepted, % wrong', n, bad;
END $$;
-- canonical text is a fixed point
SELECT count(*) AS not_fixed FROM ids_corpus_valid
WHERE canon IS DISTINCT FROM CASE kind WHEN 'arxiv' THEN try_arxiv_id(canon)::text ELSE try_doi(canon)::text END;

-- what the corpus covers
SELECT CASE WHEN canon LIKE '%/%' THEN 'old style' WHEN split_part(canon, '.', 1) < '1501' THEN 'new, 4 digits'
            ELSE 'new, 5 digits' END AS era,
       count(*) AS ids, count(arxiv_version(canon::arxiv_id)) AS versioned
FROM ids_corpus_valid WHERE kind = 'arxiv' GROUP BY 1 ORDER BY 1;
SELECT doi_prefix(canon::doi) AS registrant, count(*) AS dois
FROM ids_corpus_valid WHERE kind = 'doi' GROUP BY 1 HAVING count(*) >= 3 ORDER BY 2 DESC, 1;
SELECT count(DISTINCT doi_prefix(canon::doi)) AS registrants FROM ids_corpus_valid WHERE kind = 'doi';

-- every malformed input is rejected with 22P02 and a reason
CREATE FUNCTION pg_temp.ids_reject(kind text, input text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
    st text;
    detail text;
BEGIN
    IF kind = 'arxiv' THEN
        PERFORM input::pith.arxiv_id;
    ELSE
        PERFORM input::pith.doi;
    END IF;
    RETURN 'ACCEPTED';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS st = RETURNED_SQLSTATE, detail = PG_EXCEPTION_DETAIL;
    RETURN st || ' ' || detail;
END $$;
-- unaligned: one input holds a zero-width space, which psql versions pad differently
\pset format unaligned
SELECT kind, input, pg_temp.ids_reject(kind, input) AS rejected FROM ids_corpus_invalid;
\pset format aligned
SELECT count(*) AS try_not_null FROM ids_corpus_invalid
WHERE CASE kind WHEN 'arxiv' THEN try_arxiv_id(input)::text ELSE try_doi(input)::text END IS NOT NULL;

-- order of the arXiv corpus equals an independently computed key:
-- old style first (archive, calendar month, number), then new style
-- (year-month, number), then version numerically, no version first
CREATE TABLE ids_corpus_arxiv AS
SELECT DISTINCT canon::arxiv_id AS id, canon FROM ids_corpus_valid WHERE kind = 'arxiv';
WITH k AS (
    SELECT id,
           row_number() OVER (ORDER BY id) AS by_type,
           row_number() OVER (ORDER BY
               (canon LIKE '%/%') DESC,
               split_part(canon, '/', 1) COLLATE "C",
               CASE WHEN canon LIKE '%/%' THEN
                    (CASE WHEN substr(split_part(canon, '/', 2), 1, 2) >= '91' THEN 1900 ELSE 2000 END
                     + substr(split_part(canon, '/', 2), 1, 2)::int) * 100 + substr(split_part(canon, '/', 2), 3, 2)::int
                    ELSE 200000 + substr(canon, 1, 4)::int END,
               substring(canon FROM '[./]([0-9]+)')::bigint,
               coalesce(substring(canon FROM 'v([0-9]+)$')::int, 0)) AS by_key
    FROM ids_corpus_arxiv)
SELECT count(*) AS ids, count(*) FILTER (WHERE by_type <> by_key) AS out_of_order FROM k;
-- DOIs order as the bytes of their canonical text
CREATE TABLE ids_corpus_doi AS
SELECT DISTINCT canon::doi AS d, canon FROM ids_corpus_valid WHERE kind = 'doi';
WITH k AS (
    SELECT row_number() OVER (ORDER BY d) AS by_type, row_number() OVER (ORDER BY canon COLLATE "C") AS by_bytes
    FROM ids_corpus_doi)
SELECT count(*) AS dois, count(*) FILTER (WHERE by_type <> by_bytes) AS out_of_order FROM k;

-- indexes find every identifier, in whatever form it was written
CREATE INDEX ON ids_corpus_arxiv (id);
CREATE INDEX ON ids_corpus_doi USING hash (d);
ANALYZE ids_corpus_arxiv, ids_corpus_doi;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
SET enable_hashjoin = off;
SET enable_mergejoin = off;
-- the lines of the plan that show the hash index probe (the rest of the
-- plan's text differs between PostgreSQL versions)
CREATE FUNCTION pg_temp.plan_lines(q text, pattern text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
    FOR r IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
        IF r."QUERY PLAN" ~ pattern THEN RETURN NEXT btrim(r."QUERY PLAN"); END IF;
    END LOOP;
END $$;
SELECT pg_temp.plan_lines($q$SELECT count(*) FROM ids_corpus_valid v JOIN ids_corpus_doi c ON c.d = try_doi(v.input) WHERE v.kind = 'doi'$q$,
                          'Index') AS plan;
SELECT v.kind, count(*) AS lines, count(a.id) + count(c.d) AS found
FROM ids_corpus_valid v
LEFT JOIN ids_corpus_arxiv a ON v.kind = 'arxiv' AND a.id = try_arxiv_id(v.input)
LEFT JOIN ids_corpus_doi c ON v.kind = 'doi' AND c.d = try_doi(v.input)
GROUP BY v.kind ORDER BY v.kind;
RESET enable_seqscan;
RESET enable_bitmapscan;
RESET enable_hashjoin;
RESET enable_mergejoin;

DROP TABLE ids_corpus_valid, ids_corpus_invalid, ids_corpus_arxiv, ids_corpus_doi;
