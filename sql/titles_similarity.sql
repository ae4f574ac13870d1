-- titles_similarity: pith.title_similarity, the threshold setting and the
-- %% operator, with known answers.

-- 1 exactly when the keys are equal
SELECT pith.title_similarity('Pushingdeeplearningbeyondthegpu memory limit',
                             'Pushing deep learning beyond the GPU memory limit') AS spaces_lost,
       pith.title_similarity('Bert: Pre-trainingofdeep bidirectional transformers for language understanding.arXiv preprint arXiv:1810.04805, 2018',
                             'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding') AS venue_tail,
       pith.title_similarity('Schro¨dinger equation', 'Schrödinger Equation') AS split_accent;

-- "abcd" vs "abce": LCS 3, r = 2 * 3 / 8 = 0.75, d = 8 - 6 = 2: 0.75 * 16 / 18 = 2/3
SELECT pith.title_similarity('abcd', 'abce') AS three_of_four,
       pith.title_similarity('abcd', 'ABCD!') AS equal_keys,
       pith.title_similarity('abc', 'xyz') AS nothing_shared;

-- symmetric, in [0, 1], rounded for display; "attentionisallyouneed" (21 units)
-- inside a 39-unit key: r = 42 / 60 = 0.7, d = 18: 0.7 * 16 / 34 = 0.3294;
-- a transposition ("recognitoin") is d = 2 and stays above the default 0.85
SELECT round(pith.title_similarity(a, b)::numeric, 4) AS ab,
       pith.title_similarity(a, b) = pith.title_similarity(b, a) AS symmetric
  FROM (VALUES
    ('Attention is all you need', 'Attention is all you need in speech separation'),
    ('Language models are few-shot learners', 'Language models are unsupervised multitask learners'),
    ('Scaling laws for neural language models', 'Scaling laws for autoregressive generative modeling'),
    ('Deep residual learning for image recognition', 'Deep residual learning for image recognitoin'),
    ('Zero- infinity: Breaking the gpu memory wall', 'ZeRO-Infinity: Breaking the GPU Memory Wall')
  ) AS v(a, b);

-- empty titles match nothing, not even each other
SELECT pith.title_similarity('', '') AS both_empty, pith.title_similarity('', 'x') AS one_empty,
       pith.title_similarity(NULL, 'x') IS NULL AS null_in;

-- the setting and the operator
SHOW pith.title_similarity_threshold;
SELECT 'Pushing deep learning beyond the GPU memory limit' OPERATOR(pith.%%) 'Pushingdeeplearningbeyondthegpu memory limit' AS same,
       'Attention is all you need' OPERATOR(pith.%%) 'Attention is all you need in speech separation' AS different;
SET pith.title_similarity_threshold = 0.3;
SELECT pith.title_similarity_threshold(),
       'Attention is all you need' OPERATOR(pith.%%) 'Attention is all you need in speech separation' AS at_0_3;
RESET pith.title_similarity_threshold;
SET pith.title_similarity_threshold = 1.5;
SET pith.title_similarity_threshold = -0.1;
