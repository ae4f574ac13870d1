-- loaders_dates: pith.loader_rw_date, the Retraction Watch loader's date
-- parser (C, src/core/rw_date.c), on the shapes the database publishes and
-- their near misses, with known answers; and the same answer as the SQL
-- definition it replaced (regular expressions, kept here as the reference)
-- on every string of a grid of date-like pieces.
SET search_path = pith, public;
SET TimeZone = 'UTC';
SET DateStyle = 'ISO';

SELECT d, pith.loader_rw_date(d)
FROM unnest(ARRAY['4/13/2023 0:00', '12/1/2020', ' 01/02/2020 23:59:59 ', '2/29/2024 0:00', '2/29/2023',
                  '13/1/2020', '1/1/0000', '1/1/2020 0:0', '1/1/2020  0:00', E'\t1/1/2020', '1/1/2020 0:00 PM',
                  '2023-04-13', ' 2023-04-13T10:00:00.5 ', '2023-04-13T10:00Z', '2023-02-30', '2023-4-13',
                  '١/1/2020', '', 'unavailable', NULL]) AS u(d);

CREATE FUNCTION pg_temp.sql_rw_date(d text)
RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
    WHEN d ~ '^ *[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}( [0-9]{1,2}:[0-9]{2}(:[0-9]{2})?)? *$'
        THEN pith.loader_date(split_part(split_part(btrim(d), '/', 3), ' ', 1)::integer,
                              split_part(btrim(d), '/', 1)::integer, split_part(btrim(d), '/', 2)::integer)
    WHEN d ~ '^ *[0-9]{4}-[0-9]{2}-[0-9]{2}([ T][0-9:.]*)? *$'
        THEN pith.loader_date(substr(btrim(d), 1, 4)::integer, substr(btrim(d), 6, 2)::integer,
                              substr(btrim(d), 9, 2)::integer)
    END;

-- every lead x date x tail: both answers, how many are dates, any difference
WITH grid AS (
    SELECT l || d || t AS s
    FROM unnest(ARRAY['', ' ', '  ', E'\t', 'x']) AS l,
         unnest(ARRAY['1/2/2020', '01/02/2020', '12/31/1999', '2/29/2024', '2/29/2100', '2/30/2024', '0/1/2020',
                      '1/0/2020', '13/1/2020', '123/1/2020', '1/123/2020', '1/1/202', '1/1/20201', '1/1/0000',
                      '9/9/9999', '1-2-2020', '2020-01-02', '2024-02-29', '2023-02-29', '2020-1-02', '2020-01-2',
                      '20200-01-02', '0000-01-01', '2020-13-01', '2020/01/02', '١/2/2020', '']) AS d,
         unnest(ARRAY['', ' ', '  ', ' 0:00', ' 10:30', ' 1:00:00', ' 1:0', ' 1:000', ' 123:00', ' 1:00:0',
                      '  0:00', 'T10:00:00', 'T', ' 10:00.5', 'T10:00Z', ' PM', E'\n', ':00', '.5']) AS t)
SELECT count(*) AS strings, count(pith.loader_rw_date(s)) AS dates,
       count(*) FILTER (WHERE pith.loader_rw_date(s) IS DISTINCT FROM pg_temp.sql_rw_date(s)) AS differences
FROM grid;
