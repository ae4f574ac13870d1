-- ids_doi: the pith.doi type -- literals, errors, order, indexes, binary
-- round trip, casts, try_doi and the accessors.
SET search_path = public, pith;

-- valid literals, one per line: input -> canonical text
SELECT '10.1038/nature14539'::doi;
SELECT '10.1038/NATURE14539'::doi;
SELECT 'doi:10.1103/PhysRevLett.116.061102'::doi;
SELECT 'DOI: 10.1145/3065386'::doi;
SELECT 'https://doi.org/10.48550/arXiv.1706.03762'::doi;
SELECT 'http://dx.doi.org/10.1016/j.cell.2009.01.042'::doi;
SELECT 'https://www.doi.org/10.5281/zenodo.1234567'::doi;
SELECT '  10.1371/journal.pone.0000001  '::doi;
SELECT '10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0'::doi;
SELECT 'https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-0'::doi;
SELECT '10.1000.10/123456'::doi;
SELECT '10.1234/a/b/c'::doi;
SELECT '10.1234/%41'::doi;
SELECT '10.1234/Étude'::doi;
SELECT 'https://doi.org/10.1234/caf%C3%A9'::doi;

-- invalid literals, one per line: 22P02 with the reason in DETAIL
SELECT ''::doi;
SELECT 'nature14539'::doi;
SELECT '11.1038/nature14539'::doi;
SELECT '10.103/nature14539'::doi;
SELECT '10.1038'::doi;
SELECT '10.1038/'::doi;
SELECT '10.1038./x'::doi;
SELECT '10.1038/nature 14539'::doi;
SELECT E'10.1038/nature\t14539'::doi;
SELECT E'10.1038/a\u00a0b'::doi;
SELECT 'https://doi.org/10.1038/%zz'::doi;
SELECT 'https://doi.org/10.1038/%00'::doi;
SELECT 'https://doi.org/10.1038/%FF'::doi;
SELECT 'https://example.org/10.1038/x'::doi;
-- limits: 54000 for a DOI longer than 1024 bytes
SELECT ('10.1234/' || repeat('a', 1016))::doi IS NOT NULL AS at_limit;
SELECT ('10.1234/' || repeat('a', 1017))::doi;
DO $$
BEGIN
    PERFORM '10.103/x'::pith.doi;
EXCEPTION WHEN invalid_text_representation THEN
    RAISE NOTICE 'caught %', SQLSTATE;
END $$;
DO $$
BEGIN
    PERFORM ('10.1234/' || repeat('a', 5000))::pith.doi;
EXCEPTION WHEN program_limit_exceeded THEN
    RAISE NOTICE 'caught %', SQLSTATE;
END $$;

-- try_doi: NULL instead of an error (also for over-long input)
SELECT try_doi('https://doi.org/10.1038/NATURE14539') AS ok, try_doi('10.103/x') IS NULL AS short_registrant,
       try_doi('10.1038/') IS NULL AS empty_suffix, try_doi(NULL) IS NULL AS null_in,
       try_doi('10.1234/' || repeat('a', 20000)) IS NULL AS too_long;

-- accessors
SELECT d AS doi, doi_prefix(d) AS prefix, doi_suffix(d) AS suffix
FROM unnest('{10.1038/nature14539,10.1000.10/123456,10.1234/a/b/c}'::doi[]) AS d;

-- order: bytes of the canonical text; equality ignores case and wrappers
SELECT d FROM unnest('{10.1103/physrevlett.116.061102,10.1038/nature14539,10.1038/Nature14538,10.10000/x,10.1016/j.cell.2009.01.042}'::doi[]) AS d
ORDER BY d;
SELECT '10.1038/NATURE14539'::doi = 'doi:10.1038/nature14539' AS eq, '10.1038/a'::doi <> '10.1038/b' AS ne,
       '10.1038/a'::doi < '10.1038/b' AS lt, '10.1038/a'::doi <= 'https://doi.org/10.1038/A' AS le,
       '10.1103/x'::doi > '10.1038/x' AS gt, '10.1103/x'::doi >= '10.1103/x' AS ge;

-- casts, index use, hash partitioning
CREATE TABLE ids_doi_t (d doi PRIMARY KEY, n int);
INSERT INTO ids_doi_t SELECT 'doi:10.' || r::text || '/ID.' || n::text, n
FROM (VALUES (1016), (1007), (1002), (1109)) AS v(r), generate_series(1, 250) AS n;
INSERT INTO ids_doi_t VALUES ('https://doi.org/10.1038/NATURE14539', 0);
SELECT count(*) FROM ids_doi_t;
CREATE TABLE ids_doi_text (t text);
INSERT INTO ids_doi_text SELECT d FROM ids_doi_t WHERE d = '10.1038/nature14539';
SELECT t, pg_typeof(t) FROM ids_doi_text;
SELECT to_jsonb('10.1038/NATURE14539'::doi) AS jsonb;
CREATE INDEX ids_doi_t_hash ON ids_doi_t USING hash (d);
ANALYZE ids_doi_t;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT n FROM ids_doi_t WHERE d = '10.1038/Nature14539';
SELECT n FROM ids_doi_t WHERE d = '10.1038/Nature14539';
DROP INDEX ids_doi_t_hash;
EXPLAIN (COSTS OFF) SELECT d FROM ids_doi_t WHERE d > '10.1016/id.99' ORDER BY d LIMIT 3;
SELECT d FROM ids_doi_t WHERE d > '10.1016/id.99' ORDER BY d LIMIT 3;
RESET enable_seqscan;
RESET enable_bitmapscan;
SELECT doi_hash_extended('10.1038/x', 0) <> doi_hash_extended('10.1038/x', 1) AS seeded,
       (doi_hash_extended('10.1038/x', 0) & 4294967295) = (doi_hash('10.1038/x')::int8 & 4294967295) AS low_bits;
CREATE TABLE ids_doi_part (d doi) PARTITION BY HASH (d);
CREATE TABLE ids_doi_part0 PARTITION OF ids_doi_part FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE ids_doi_part1 PARTITION OF ids_doi_part FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO ids_doi_part SELECT d FROM ids_doi_t;
SELECT (SELECT count(*) FROM ids_doi_part0) + (SELECT count(*) FROM ids_doi_part1) AS total,
       (SELECT count(*) FROM ids_doi_part0) > 0 AND (SELECT count(*) FROM ids_doi_part1) > 0 AS both_used;
SELECT count(DISTINCT doi_prefix(d)) FROM ids_doi_t;

-- binary COPY round trip (send/recv), and recv re-validates
SELECT '/tmp/pith_ids_doi_' || pg_backend_pid() || '.bin' AS binfile,
       'cat >/dev/null; rm -f /tmp/pith_ids_doi_' || pg_backend_pid() || '.bin' AS rmfile \gset
COPY ids_doi_t TO :'binfile' WITH (FORMAT binary);
CREATE TABLE ids_doi_t2 (LIKE ids_doi_t);
COPY ids_doi_t2 FROM :'binfile' WITH (FORMAT binary);
SELECT count(*) AS rows, count(*) FILTER (WHERE a.d IS NULL) AS missing
FROM ids_doi_t2 b LEFT JOIN ids_doi_t a USING (d);
COPY (SELECT 'DOI:10.1038/NATURE14539'::text) TO :'binfile' WITH (FORMAT binary);
CREATE TABLE ids_doi_t3 (d doi);
COPY ids_doi_t3 FROM :'binfile' WITH (FORMAT binary);
SELECT d FROM ids_doi_t3;
COPY (SELECT '10.1038/with space'::text) TO :'binfile' WITH (FORMAT binary);
COPY ids_doi_t3 FROM :'binfile' WITH (FORMAT binary);

-- functions are declared as promised
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel,
       pg_catalog.obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.pronamespace = 'pith'::regnamespace
  AND (p.proname LIKE 'doi%' OR p.proname = 'try_doi')
ORDER BY 1;

-- remove the server-side file (superuser: COPY TO PROGRAM)
COPY (SELECT 1) TO PROGRAM :'rmfile';
SELECT pg_stat_file(:'binfile', true) IS NULL AS removed;
DROP TABLE ids_doi_t, ids_doi_t2, ids_doi_t3, ids_doi_text, ids_doi_part;
