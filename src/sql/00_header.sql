-- pith install script, assembled by the Makefile from src/sql/[0-9]*.sql in
-- file-name order.  Every object is schema-qualified, and every SQL and
-- PL/pgSQL function either pins SET search_path = pg_catalog, pith or has a
-- standard-SQL body bound when it is created, so the caller's search_path
-- cannot change what pith computes (test/checks/hard_search_path.sh and
-- hard_catalog.sh check it).  Operators in bodies resolve through that
-- path; some are written OPERATOR(pg_catalog.x) or OPERATOR(pith.x).

\echo Use "CREATE EXTENSION pith" to load this file. \quit
