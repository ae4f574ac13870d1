-- pith install script, assembled by the Makefile from src/sql/[0-9]*.sql in
-- file-name order.  Every object is schema-qualified and every operator in a
-- function body is written OPERATOR(pg_catalog.x), so no search_path can
-- change what pith computes.

\echo Use "CREATE EXTENSION pith" to load this file. \quit
