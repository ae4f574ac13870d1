-- test/data/search_path_setup.sql -- loads the golden record (psql variable
-- :golden) into a fresh database for the hardening checks.
SELECT pith.ingest_record(:'golden'::jsonb);
