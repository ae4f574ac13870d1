-- resolver_parse_memo: pith.parse_reference remembers its last parses per
-- backend (src/reference.c); a remembered parse must be the parse of
-- exactly that input, with the model in use.  Inputs come from tables (a
-- constant would be folded once into the plan).
-- the same input in two statements: the same result
CREATE TEMP TABLE one AS SELECT 'Smith, J. (2019). A title of a paper. Nature 521, 1-9.'::text AS raw;
CREATE TEMP TABLE first_parse AS SELECT pith.parse_reference(raw) AS p FROM one;
SELECT (SELECT p FROM first_parse)::text = (SELECT pith.parse_reference(raw) FROM one)::text AS same_again;
SELECT (p).title, (p).year, (p).quality FROM first_parse;
-- inputs a byte apart are parsed apart
CREATE TEMP TABLE near AS
SELECT * FROM (VALUES (1, 'Smith, J. (2019). A title of a paper. Nature 521, 1-9.'),
                      (2, 'Smith, J. (2018). A title of a paper. Nature 521, 1-9.'),
                      (3, 'Smith, J. (2019). A title of a paper. Nature 521, 1-9. '),
                      (4, 'Smith, J. (2019). A title of a paper. Nature 521, 1-9')) v(k, raw);
SELECT k, (pith.parse_reference(raw)).year, (pith.parse_reference(raw)).pages FROM near ORDER BY k;
-- 3,000 inputs, more than the memo has slots (so slots are shared and
-- replaced): every title is its own input's, in any order, at every pass
CREATE TEMP TABLE many AS
SELECT i, format('Author%s, A. and Writer, B. (20%s). Study number %s of the quiet lattice. Journal of Things %s, %s-%s.',
                 i, lpad((i % 20)::text, 2, '0'), i, i % 90, i, i + 7) AS raw
FROM generate_series(1, 3000) i;
CREATE TEMP TABLE pass1 AS SELECT i, pith.parse_reference(raw)::text AS p FROM many ORDER BY i;
CREATE TEMP TABLE pass2 AS SELECT i, pith.parse_reference(raw)::text AS p FROM many ORDER BY i DESC;
CREATE TEMP TABLE pass3 AS SELECT i, pith.parse_reference(raw)::text AS p FROM many ORDER BY i;
SELECT count(*) AS parses,
       count(*) FILTER (WHERE pass1.p LIKE '%Study number ' || pass1.i || ' of%') AS own_title,
       count(*) FILTER (WHERE pass1.p = pass2.p AND pass2.p = pass3.p) AS same_every_pass
FROM pass1 JOIN pass2 USING (i) JOIN pass3 USING (i);
-- a long input (not remembered): the same parse twice
CREATE TEMP TABLE long AS SELECT repeat('Very long reference text with many words. ', 200) || '2019.' AS raw;
CREATE TEMP TABLE long1 AS SELECT pith.parse_reference(raw)::text AS p FROM long;
SELECT (SELECT p FROM long1) = (SELECT pith.parse_reference(raw)::text FROM long) AS long_same_again,
       octet_length(raw) > 4096 AS longer_than_remembered FROM long;
-- another model: the parse is that model's, not the one remembered from
-- the installed model (a tiny valid model: labels t and o, no features)
CREATE FUNCTION pg_temp.write_file(path text, bytes bytea) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    o oid := lo_from_bytea(0, bytes);
BEGIN
    PERFORM lo_export(o, path);
    PERFORM lo_unlink(o);
END $$;
SELECT pg_temp.write_file('/tmp/pith_regress_memo_tiny.model',
    '\x5049544843524600010000000200000002000000000000000000803f746f00000000000000000000050000006677e4e0'::bytea);
SET pith.reference_model = '/tmp/pith_regress_memo_tiny.model';
SELECT (p).title, (p).year, (p).quality,
       p::text <> (SELECT p FROM first_parse)::text AS differs_from_installed
FROM (SELECT pith.parse_reference(raw) AS p FROM one) x;
RESET pith.reference_model;
SELECT (SELECT p FROM first_parse)::text = (SELECT pith.parse_reference(raw) FROM one)::text AS installed_again;
