-- bench/titles/accuracy.sql -- F1 of title matching on test/data/titles_pairs.tsv:
-- pith.title_similarity at the default threshold and at its best one, beside
-- the best F1 of pg_trgm similarity() and of a normalized fuzzystrmatch
-- levenshtein() (1 - distance / longer length, on lower(), first 255 chars).
-- Run from the repo root: psql -X -f bench/titles/accuracy.sql (needs pith,
-- pg_trgm and fuzzystrmatch; creates them if missing).
\set ON_ERROR_STOP 1
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
CREATE EXTENSION IF NOT EXISTS pith CASCADE;
CREATE TEMP TABLE title_pairs (kind text, label int, a text, b text);
\copy title_pairs FROM 'test/data/titles_pairs.tsv' WITH (FORMAT csv, DELIMITER E'\t', HEADER true, QUOTE E'\x01')
CREATE TEMP TABLE title_scores AS
SELECT kind, label, a, b,
       pith.title_similarity(a, b) AS pith,
       similarity(a, b) AS trgm,
       1 - levenshtein(left(lower(a), 255), left(lower(b), 255))::float8
         / greatest(length(left(a, 255)), length(left(b, 255)), 1) AS lev
  FROM title_pairs;
CREATE TEMP VIEW title_method_scores AS
SELECT 'pith.title_similarity' AS method, label, pith AS score FROM title_scores
UNION ALL SELECT 'pg_trgm similarity()', label, trgm FROM title_scores
UNION ALL SELECT 'fuzzystrmatch levenshtein()', label, lev FROM title_scores;
-- F1 when "score >= t" means a match, for every t that is a score
CREATE TEMP VIEW title_f1 AS
WITH c AS (
  SELECT method, score,
         sum(label) OVER w AS tp, sum(1 - label) OVER w AS fp,
         sum(label) OVER (PARTITION BY method) AS pos
    FROM title_method_scores
  WINDOW w AS (PARTITION BY method ORDER BY score DESC RANGE UNBOUNDED PRECEDING)
)
SELECT DISTINCT method, score AS threshold, tp, fp, pos - tp AS fn,
       2.0 * tp / (2 * tp + fp + (pos - tp)) AS f1
  FROM c;
SELECT count(*) AS pairs, sum(label) AS positives, count(*) - sum(label) AS negatives FROM title_pairs;
-- best F1 of each method at its own best threshold
SELECT DISTINCT ON (method) method, round(threshold::numeric, 4) AS best_threshold,
       round(f1, 4) AS best_f1, tp, fp, fn
  FROM title_f1 ORDER BY method, f1 DESC, threshold DESC;
-- pith at the default threshold (the setting pith.title_similarity_threshold)
SELECT current_setting('pith.title_similarity_threshold') AS default_threshold,
       sum(label) FILTER (WHERE pith >= pith.title_similarity_threshold()) AS tp,
       count(*) FILTER (WHERE label = 0 AND pith >= pith.title_similarity_threshold()) AS fp,
       count(*) FILTER (WHERE label = 1 AND pith < pith.title_similarity_threshold()) AS fn,
       round(2.0 * sum(label) FILTER (WHERE pith >= pith.title_similarity_threshold())
             / (sum(label) + count(*) FILTER (WHERE pith >= pith.title_similarity_threshold())), 4) AS f1
  FROM title_scores;
-- errors of pith at the default threshold, by kind
SELECT kind, label, round(pith::numeric, 3) AS pith, a, b FROM title_scores
 WHERE (label = 1) <> (pith >= pith.title_similarity_threshold()) ORDER BY kind, pith;
