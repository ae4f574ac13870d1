-- pith--0.2.0--0.3.0.sql -- ALTER EXTENSION pith UPDATE from 0.2.0 to 0.3.0.
--
-- Assembled by the Makefile from src/sql/upgrade/0.2.0--0.3.0/*.sql in file
-- name order, one fragment per change, so that each change carries its own
-- upgrade step.  test/t/004_upgrade.pl checks that 0.1.0 -> 0.2.0 -> 0.3.0
-- gives the same schema as a fresh 0.3.0 install, with records unchanged.
--
-- A function or view that several fragments change is defined once, in the
-- last of them (later fragments replace earlier ones); an earlier fragment's
-- header may still name it as part of its change.  Only a function that an
-- earlier fragment needs while it runs (a trigger's, a SQL body's callee)
-- stays defined there too.

\echo Use "ALTER EXTENSION pith UPDATE TO '0.3.0'" to load this file. \quit
