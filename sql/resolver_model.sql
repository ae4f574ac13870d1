-- resolver_model: the reference parser's model file.  pith.reference_model
-- (superuser only) points the parser at another file; a file that is no
-- model, a damaged model and a missing file are errors with their own
-- SQLSTATE (data_corrupted, undefined_file), never a crash; RESET goes back
-- to the installed model.
\set SHOW_CONTEXT never
CREATE FUNCTION pg_temp.try_parse() RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN (pith.parse_reference('Smith, J. (2019). A title of a paper. Nature 521, 1-9.')).quality;
EXCEPTION
    WHEN data_corrupted THEN RETURN 'data_corrupted: ' || SQLERRM;
    WHEN undefined_file THEN RETURN 'undefined_file: ' || SQLERRM;
END $$;
CREATE FUNCTION pg_temp.write_file(path text, bytes bytea) RETURNS void LANGUAGE sql AS $$
    SELECT lo_unlink(o) FROM (SELECT lo_from_bytea(0, bytes) AS o) s WHERE lo_export(o, path) = 1;
$$;
SELECT pg_temp.try_parse() AS installed_model;
-- not a model at all
SELECT pg_temp.write_file('/tmp/pith_regress_text.model', convert_to('not a model', 'UTF8'));
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
