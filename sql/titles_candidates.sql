-- titles_candidates: pith.title_candidates over papers, paper_versions and
-- cited_works, and the index-assisted %% operator.  Runs in a transaction
-- that is rolled back, with its own ids and titles.

BEGIN;
INSERT INTO pith.papers (arxiv_id, title) VALUES
    ('0901.0001', 'Swapadvisor: Pushing Deep Learning Beyond the GPU Memory Limit via Smart Swapping'),
    ('0901.0002', 'Capuchin: Tensor-based GPU Memory Management for Deep Learning'),
    ('0901.0003', 'Superneurons: Dynamic GPU Memory Management for Training Deep Neural Networks'),
    ('0901.0004', 'SSDTrain: An Activation Offloading Framework to SSDs for Faster Large Language Model Training');
-- 0901.0004 was retitled: its first version carried another title
INSERT INTO pith.paper_versions (arxiv_id, version, title) VALUES
    ('0901.0004', 1, 'TBA: Faster Large Language Model Training Using SSD-Based Activation Offloading'),
    ('0901.0004', 2, 'SSDTrain: An Activation Offloading Framework to SSDs for Faster Large Language Model Training'),
    ('0901.0002', 1, NULL);
INSERT INTO pith.cited_works (work_id, title, metadata_source) VALUES
    ('00000000-0000-4000-8000-000000000001', 'FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness', 'raw_reference'),
    ('00000000-0000-4000-8000-000000000002', 'Efficient Memory Management for Large Language Model Serving with PagedAttention', 'raw_reference'),
    ('00000000-0000-4000-8000-000000000003', 'Capuchin: Tensor-based GPU Memory Management for Deep Learning', 'crossref');

-- damaged reference titles from PDF text find their work, score 1
SELECT arxiv_id, work_id, title, score
  FROM pith.title_candidates('Swapadvisor: Pushingdeeplearningbeyondthegpu memory limit via smart swapping', 1);
SELECT arxiv_id, work_id, score
  FROM pith.title_candidates('{FlashAttention}: Fast and memory-efficient exact attention with {IO-awareness}', 1);
SELECT arxiv_id, work_id, score
  FROM pith.title_candidates('Efﬁcient memory manage- ment for large language model serving with pagedattention.arXiv preprint arXiv:2309.06180, 2023', 1);
-- the paper and the cited work with the same title both come back, best first
SELECT arxiv_id, work_id, score
  FROM pith.title_candidates('Capuchin: Tensor-based gpu memory management for deep learning.Proc.');
-- an earlier version's title finds the paper once (paper_versions)
SELECT arxiv_id, work_id, title, score
  FROM pith.title_candidates('Tba: Faster large language model training using ssd-based activation offloading.arXiv preprint arXiv:2408.10013, 2024');
-- a letter lost in extraction: found through the key's first characters
SELECT arxiv_id, round(score::numeric, 4) AS score
  FROM pith.title_candidates('Superneurons: Dynamic gpu memory management for training deep neural netwrks', 1);
-- k limits the rows; the best k come first
SELECT count(*) FROM pith.title_candidates('GPU Memory Management for Deep Learning', 2);
-- nothing to match: empty key, unrelated title, NULL
SELECT count(*) AS empty_key FROM pith.title_candidates('nvidia.com/blog/gpudirect-storage/');
SELECT count(*) AS unrelated FROM pith.title_candidates('A completely different paper about protein folding');
SELECT count(*) AS null_title FROM pith.title_candidates(NULL);

-- the %% operator drives index scans on the title key indexes
SET LOCAL enable_seqscan = off;
CREATE FUNCTION pg_temp.plan(q text) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
    FOR r IN EXECUTE 'EXPLAIN (COSTS OFF) ' || q LOOP
        IF r ~ 'Index Scan|Seq Scan' THEN
            RETURN NEXT regexp_replace(r, '^ *(->)? *', '');
        END IF;
    END LOOP;
END $$;
SELECT * FROM pg_temp.plan($q$SELECT arxiv_id FROM pith.papers
    WHERE title OPERATOR(pith.%%) 'Superneurons: dynamic gpu memory management for training deep neural netwrks'$q$);
SELECT arxiv_id FROM pith.papers
 WHERE title OPERATOR(pith.%%) 'Superneurons: dynamic gpu memory management for training deep neural netwrks';
SELECT work_id FROM pith.cited_works
 WHERE title OPERATOR(pith.%%) 'Efficient memory management for large language model serving with pagedattentoin';
-- the operator also needs the keys to share their first or last 8 characters
-- (first and last letter lost: LCS 24, r = 48/50, d = 2: 0.96 * 16/18 = 0.853)
SELECT 'abcdefghijklmnopqrstuvwxyz' OPERATOR(pith.%%) 'bcdefghijklmnopqrstuvwxy' AS both_ends_changed,
       pith.title_similarity('abcdefghijklmnopqrstuvwxyz', 'bcdefghijklmnopqrstuvwxy') >= 0.85 AS score_alone;
ROLLBACK;

-- bad k
SELECT * FROM pith.title_candidates('Capuchin', 0);
SELECT * FROM pith.title_candidates('Capuchin', 1001);
