-- bench/titles/unseen_accuracy.sql -- title matching on the unseen set built
-- by bench/titles/make_unseen_pairs.py (real titles of the AnyStyle and
-- GROBID training data, never used by the rules): for one split (psql
-- variable split = dev or test, file = the pairs file), pith.title_similarity
-- at the default threshold beside pg_trgm similarity() and word_similarity()
-- at their own best thresholds on that split; then per kind, recall of each
-- damage kind and false matches of each negative kind.
--   psql -X -v split=test -v file=/tmp/unseen.tsv -f bench/titles/unseen_accuracy.sql
\set ON_ERROR_STOP 1
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS pith CASCADE;
CREATE TEMP TABLE unseen_all (split text, kind text, label int, a text, b text);
\set copy_cmd '\\copy unseen_all FROM ' :'file' ' WITH (FORMAT csv, DELIMITER E''\\t'', HEADER true, QUOTE E''\\x01'')'
:copy_cmd
CREATE TEMP TABLE unseen_scores AS
SELECT kind, label, a, b,
       pith.title_similarity(a, b) AS pith,
       similarity(a, b) AS trgm,
       greatest(word_similarity(a, b), word_similarity(b, a)) AS wordsim
  FROM unseen_all WHERE split = :'split';
CREATE TEMP VIEW unseen_method_scores AS
SELECT 'pith.title_similarity' AS method, kind, label, pith AS score FROM unseen_scores
UNION ALL SELECT 'pg_trgm similarity()', kind, label, trgm FROM unseen_scores
UNION ALL SELECT 'pg_trgm word_similarity() (max of both ways)', kind, label, wordsim FROM unseen_scores;
CREATE TEMP TABLE unseen_best AS
WITH c AS (
  SELECT method, score,
         sum(label) OVER w AS tp, sum(1 - label) OVER w AS fp,
         sum(label) OVER (PARTITION BY method) AS pos
    FROM unseen_method_scores
  WINDOW w AS (PARTITION BY method ORDER BY score DESC RANGE UNBOUNDED PRECEDING)
)
SELECT DISTINCT ON (method) method, score AS threshold, tp, fp, pos - tp AS fn,
       2.0 * tp / (2 * tp + fp + (pos - tp)) AS f1
  FROM c ORDER BY method, 2.0 * tp / (2 * tp + fp + (pos - tp)) DESC, score DESC;
-- the threshold each method is read at: pith at its default, the others at their best
CREATE TEMP VIEW unseen_at AS
SELECT m.method, m.kind, m.label, m.score,
       CASE WHEN m.method = 'pith.title_similarity' THEN pith.title_similarity_threshold() ELSE b.threshold END AS threshold
  FROM unseen_method_scores m JOIN unseen_best b USING (method);
SELECT :'split' AS split, count(*) AS pairs, sum(label) AS positives, count(*) - sum(label) AS negatives FROM unseen_scores;
SELECT method, round(threshold::numeric, 4) AS threshold,
       sum(label) FILTER (WHERE score >= threshold) AS tp,
       count(*) FILTER (WHERE label = 0 AND score >= threshold) AS fp,
       count(*) FILTER (WHERE label = 1 AND score < threshold) AS fn,
       round(2.0 * sum(label) FILTER (WHERE score >= threshold)
             / (sum(label) + count(*) FILTER (WHERE score >= threshold)), 4) AS f1
  FROM unseen_at GROUP BY method, threshold ORDER BY method;
-- per kind: positives matched (recall) or negatives wrongly matched (false matches)
SELECT kind, label, count(*) / 3 AS n,
       count(*) FILTER (WHERE method = 'pith.title_similarity' AND (score >= threshold) = (label = 1)) AS pith_right,
       count(*) FILTER (WHERE method = 'pg_trgm similarity()' AND (score >= threshold) = (label = 1)) AS trgm_right,
       count(*) FILTER (WHERE method LIKE 'pg_trgm word%' AND (score >= threshold) = (label = 1)) AS wordsim_right
  FROM unseen_at GROUP BY kind, label ORDER BY label DESC, kind;
\if :{?show_errors}
SELECT kind, label, round(pith::numeric, 3) AS pith, a, b FROM unseen_scores
 WHERE (label = 1) <> (pith >= pith.title_similarity_threshold()) ORDER BY kind, pith;
\endif
