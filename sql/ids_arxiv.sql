-- ids_arxiv: the pith.arxiv_id type -- literals, errors, order, indexes,
-- binary round trip, casts, try_arxiv_id and the accessors.
SET search_path = public, pith;

-- valid literals, one per line: input -> canonical text
SELECT '2506.06472'::arxiv_id;
SELECT '2506.06472v2'::arxiv_id;
SELECT '2506.06472V2'::arxiv_id;
SELECT '0704.0001'::arxiv_id;
SELECT '1412.9999'::arxiv_id;
SELECT '1501.00001'::arxiv_id;
SELECT 'arXiv:1706.03762v7'::arxiv_id;
SELECT 'ARXIV:1810.04805'::arxiv_id;
SELECT '  1810.04805  '::arxiv_id;
SELECT 'https://arxiv.org/abs/2001.08361'::arxiv_id;
SELECT 'http://arxiv.org/abs/2001.08361v1'::arxiv_id;
SELECT 'https://arxiv.org/pdf/2407.21783v3.pdf'::arxiv_id;
SELECT 'https://arxiv.org/pdf/2407.21783'::arxiv_id;
SELECT 'https://export.arxiv.org/abs/hep-th/9711200'::arxiv_id;
SELECT 'hep-th/9711200'::arxiv_id;
SELECT 'hep-th/9711200v3'::arxiv_id;
SELECT 'HEP-TH/9108001'::arxiv_id;
SELECT 'math.AG/0309136'::arxiv_id;
SELECT 'cond-mat/0703999'::arxiv_id;
SELECT 'solv-int/9901001v1'::arxiv_id;

-- invalid literals, one per line: 22P02 with the reason in DETAIL
SELECT ''::arxiv_id;
SELECT '1513.06472'::arxiv_id;
SELECT '2500.06472'::arxiv_id;
SELECT '1412.12345'::arxiv_id;
SELECT '1501.0001'::arxiv_id;
SELECT '0703.0001'::arxiv_id;
SELECT '2506.00000'::arxiv_id;
SELECT '2506.06472v0'::arxiv_id;
SELECT '2506.06472v01'::arxiv_id;
SELECT '2506.06472v'::arxiv_id;
SELECT '2506.06472.pdf'::arxiv_id;
SELECT '2506 06472'::arxiv_id;
SELECT 'arXiv:'::arxiv_id;
SELECT 'foo-th/9901001'::arxiv_id;
SELECT 'hep-th/990100'::arxiv_id;
SELECT 'hep-th/9913001'::arxiv_id;
SELECT 'hep-th/9107001'::arxiv_id;
SELECT 'hep-th/0704001'::arxiv_id;
SELECT 'hep-th9901001'::arxiv_id;
SELECT 'https://example.org/abs/2506.06472'::arxiv_id;
SELECT 'arXiv:2506.06472 arXiv:2506.06473'::arxiv_id;
SELECT repeat('9', 300)::arxiv_id;

-- the SQLSTATE of a bad literal
DO $$
BEGIN
    PERFORM '1513.06472'::pith.arxiv_id;
EXCEPTION WHEN invalid_text_representation THEN
    RAISE NOTICE 'caught %', SQLSTATE;
END $$;

-- try_arxiv_id: NULL instead of an error
SELECT try_arxiv_id('arXiv:2506.06472v2') AS ok, try_arxiv_id('1513.06472') IS NULL AS month13,
       try_arxiv_id('') IS NULL AS empty, try_arxiv_id(NULL) IS NULL AS null_in;

-- accessors
SELECT x AS id, arxiv_base(x) AS base, arxiv_version(x) AS version, arxiv_yymm(x) AS yymm
FROM unnest('{2506.06472,2506.06472v12,hep-th/9901001v2,math/0309136,0704.0001v1}'::arxiv_id[]) AS x;

-- order: old style (archive, calendar month, number) before new style;
-- then year-month and number; unversioned before v1 < v2 < v10
SELECT x FROM unnest('{2506.06472v10,2506.06472v9,2506.06472,2506.06472v1,hep-th/9901001,
    hep-th/0001001,0704.0001,1412.9999,1501.00001,astro-ph/9901001,hep-th/9108001}'::arxiv_id[]) AS x
ORDER BY x;
SELECT '2506.06472'::arxiv_id = 'arXiv:2506.06472' AS eq, '2506.06472v2'::arxiv_id <> '2506.06472' AS ne,
       '2506.06472v9'::arxiv_id < '2506.06472v10' AS lt, '1412.9999'::arxiv_id <= '1501.00001' AS le,
       'hep-th/0001001'::arxiv_id > 'hep-th/9901001' AS gt, 'math.AG/0309136'::arxiv_id >= 'math/0309136' AS ge;

-- casts: text -> arxiv_id is an assignment cast, arxiv_id -> text too
CREATE TABLE ids_arxiv_t (id arxiv_id PRIMARY KEY, note text);
INSERT INTO ids_arxiv_t SELECT 'arXiv:' || g::text || '.' || lpad(n::text, w, '0'), 'n' || n
FROM (VALUES (1001, 4), (1002, 4), (2506, 5)) AS v(g, w), generate_series(1, 300) AS n;
INSERT INTO ids_arxiv_t VALUES ('2506.06472v2', 'text literal');
INSERT INTO ids_arxiv_t SELECT 'hep-th/97112' || lpad(n::text, 2, '0'), 'old' FROM generate_series(1, 40) AS n;
SELECT count(*) FROM ids_arxiv_t;
CREATE TABLE ids_arxiv_text (t text);
INSERT INTO ids_arxiv_text SELECT id FROM ids_arxiv_t WHERE id = '2506.06472v2';
SELECT t, pg_typeof(t) FROM ids_arxiv_text;
SELECT to_jsonb('2506.06472v2'::arxiv_id) AS jsonb, pg_catalog.jsonb_build_object('id', 'hep-th/9711200'::arxiv_id) AS obj;
INSERT INTO ids_arxiv_t VALUES ('1513.0001', 'bad');

-- btree and hash indexes are used
CREATE INDEX ids_arxiv_t_hash ON ids_arxiv_t USING hash (id);
ANALYZE ids_arxiv_t;
SET enable_seqscan = off;
SET enable_bitmapscan = off;
EXPLAIN (COSTS OFF) SELECT note FROM ids_arxiv_t WHERE id = '2506.06472v2';
SELECT note FROM ids_arxiv_t WHERE id = '2506.06472v2';
DROP INDEX ids_arxiv_t_hash;
EXPLAIN (COSTS OFF) SELECT id FROM ids_arxiv_t WHERE id >= '2506.00299' ORDER BY id LIMIT 3;
SELECT id FROM ids_arxiv_t WHERE id >= '2506.00299' ORDER BY id LIMIT 3;
SELECT id FROM ids_arxiv_t WHERE id < '1001.0001' ORDER BY id DESC LIMIT 2;
RESET enable_seqscan;
RESET enable_bitmapscan;
-- hash join and hash aggregate use the hash opclass
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ids_arxiv_t a JOIN ids_arxiv_t b USING (id);
SELECT count(*) FROM ids_arxiv_t a JOIN ids_arxiv_t b USING (id);
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT count(DISTINCT arxiv_base(id)) FROM ids_arxiv_t;
-- the extended hash: deterministic per seed, differs across seeds, seed 0 low bits = standard hash
SELECT arxiv_id_hash_extended('2506.06472', 0) = arxiv_id_hash_extended('2506.06472', 0) AS same,
       arxiv_id_hash_extended('2506.06472', 0) <> arxiv_id_hash_extended('2506.06472', 1) AS seeded,
       (arxiv_id_hash_extended('2506.06472', 0) & 4294967295) = (arxiv_id_hash('2506.06472')::int8 & 4294967295) AS low_bits;
-- hash partitioning needs support function 2
CREATE TABLE ids_arxiv_part (id arxiv_id) PARTITION BY HASH (id);
CREATE TABLE ids_arxiv_part0 PARTITION OF ids_arxiv_part FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE ids_arxiv_part1 PARTITION OF ids_arxiv_part FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO ids_arxiv_part SELECT id FROM ids_arxiv_t;
SELECT (SELECT count(*) FROM ids_arxiv_part0) + (SELECT count(*) FROM ids_arxiv_part1) AS total,
       (SELECT count(*) FROM ids_arxiv_part0) > 0 AND (SELECT count(*) FROM ids_arxiv_part1) > 0 AS both_used;

-- binary COPY round trip (send/recv), and recv re-validates
-- (files named by backend pid so concurrent runs do not collide)
SELECT '/tmp/pith_ids_arxiv_' || pg_backend_pid() || '.bin' AS binfile,
       'cat >/dev/null; rm -f /tmp/pith_ids_arxiv_' || pg_backend_pid() || '.bin' AS rmfile \gset
COPY ids_arxiv_t TO :'binfile' WITH (FORMAT binary);
CREATE TABLE ids_arxiv_t2 (LIKE ids_arxiv_t);
COPY ids_arxiv_t2 FROM :'binfile' WITH (FORMAT binary);
SELECT count(*) AS rows, count(*) FILTER (WHERE a.id IS NULL) AS missing
FROM ids_arxiv_t2 b LEFT JOIN ids_arxiv_t a USING (id);
COPY (SELECT 'arXiv:2506.06472V3'::text) TO :'binfile' WITH (FORMAT binary);
CREATE TABLE ids_arxiv_t3 (id arxiv_id);
COPY ids_arxiv_t3 FROM :'binfile' WITH (FORMAT binary);
SELECT id FROM ids_arxiv_t3;
COPY (SELECT '1513.06472'::text) TO :'binfile' WITH (FORMAT binary);
COPY ids_arxiv_t3 FROM :'binfile' WITH (FORMAT binary);

-- functions are declared as promised
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel,
       pg_catalog.obj_description(p.oid, 'pg_proc') IS NOT NULL AS commented
FROM pg_proc p WHERE p.pronamespace = 'pith'::regnamespace
  AND (p.proname LIKE 'arxiv%' OR p.proname = 'try_arxiv_id')
ORDER BY 1;

-- remove the server-side file (superuser: COPY TO PROGRAM)
COPY (SELECT 1) TO PROGRAM :'rmfile';
SELECT pg_stat_file(:'binfile', true) IS NULL AS removed;
DROP TABLE ids_arxiv_t, ids_arxiv_t2, ids_arxiv_t3, ids_arxiv_text, ids_arxiv_part;
