-- resolver_model: the reference parser's model file.  pith.reference_model
-- (superuser only) points the parser at another file; a file that is no
-- model, a damaged model and a missing file are errors with their own
-- SQLSTATE (data_corrupted, undefined_file), never a crash; RESET goes back
-- to the installed model.
\set SHOW_CONTEXT never
-- (the text comes in as an argument: a constant would be folded once into
-- the cached plan, and the model asked only once)
CREATE FUNCTION pg_temp.try_parse(raw text DEFAULT 'Smith, J. (2019). A title of a paper. Nature 521, 1-9.')
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    detail text;
BEGIN
    RETURN (pith.parse_reference(raw)).quality;
EXCEPTION
    WHEN data_corrupted THEN
        GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
        RETURN 'data_corrupted: ' || SQLERRM || E'\n' || detail;
    WHEN undefined_file THEN RETURN 'undefined_file: ' || SQLERRM;
END $$;
-- a server-side file with the given bytes (superuser: lo_export)
CREATE FUNCTION pg_temp.write_file(path text, bytes bytea) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    o oid := lo_from_bytea(0, bytes);
BEGIN
    PERFORM lo_export(o, path);
    PERFORM lo_unlink(o);
END $$;
SELECT pg_temp.try_parse() AS installed_model;
-- not a model at all
SELECT pg_temp.write_file('/tmp/pith_regress_text.model', convert_to(repeat('not a model ', 10), 'UTF8'));
SET pith.reference_model = '/tmp/pith_regress_text.model';
SELECT pg_temp.try_parse() AS text_file;
-- the magic and sizes of a model (2 labels, no features), but a wrong checksum
SELECT pg_temp.write_file('/tmp/pith_regress_crc.model',
    '\x504954484352460001000000010000000200000000000000000000006162000000000000000000000000000000000000'::bytea);
SET pith.reference_model = '/tmp/pith_regress_crc.model';
SELECT pg_temp.try_parse() AS bad_checksum;
-- a future format
SELECT pg_temp.write_file('/tmp/pith_regress_format.model',
    '\x504954484352460002000000010000000200000000000000000000006162000000000000000000000000000000000000'::bytea);
SET pith.reference_model = '/tmp/pith_regress_format.model';
SELECT pg_temp.try_parse() AS other_format;
-- an empty file
SELECT pg_temp.write_file('/tmp/pith_regress_empty.model', ''::bytea);
SET pith.reference_model = '/tmp/pith_regress_empty.model';
SELECT pg_temp.try_parse() AS empty_file;
-- no file
SET pith.reference_model = '/tmp/pith_regress_no_such_file.model';
SELECT pg_temp.try_parse() AS missing_file;
-- back to the installed model
RESET pith.reference_model;
SELECT pg_temp.try_parse() AS installed_again;
-- only a superuser may point the parser elsewhere
CREATE ROLE pith_regress_model_user;
SET ROLE pith_regress_model_user;
SET pith.reference_model = '/tmp/pith_regress_text.model';
RESET ROLE;
DROP ROLE pith_regress_model_user;
-- pith.reference_model_version(): the sha256 of the model file in use, so
-- that indexes on parsed fields can be told to be rebuilt when it changes
SELECT pith.reference_model_version() ~ '^sha256:[0-9a-f]{64}$' AS installed_version_shape;
CREATE TEMP TABLE installed_version AS SELECT pith.reference_model_version() AS v;
-- a tiny valid model (labels t and o, no features): its version is its file's sha256
SELECT pg_temp.write_file('/tmp/pith_regress_tiny.model',
    '\x5049544843524600010000000200000002000000000000000000803f746f00000000000000000000050000006677e4e0'::bytea);
SET pith.reference_model = '/tmp/pith_regress_tiny.model';
SELECT pith.reference_model_version() = 'sha256:' || encode(sha256(
    '\x5049544843524600010000000200000002000000000000000000803f746f00000000000000000000050000006677e4e0'::bytea), 'hex')
    AS tiny_version_is_its_sha256;
SELECT pith.reference_model_version() <> v AS differs_from_installed FROM installed_version;
RESET pith.reference_model;
SELECT pith.reference_model_version() = v AS installed_version_again FROM installed_version;
