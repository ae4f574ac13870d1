-- titles_normalize: pith.normalize_title, pith.title_key and pith.icu_version
-- with known answers, including the pairs quoted in the Titles issue.

SELECT pith.icu_version() ~ '^[0-9]+\.[0-9]+' AS icu_version_ok;

-- diacritics, ligatures, full-width forms, spacing accents split off by PDF text
SELECT t, pith.normalize_title(t) FROM (VALUES
    ('Erdős'),
    ('Schrödinger'),
    ('ﬁ'),
    ('ＧＰＵ'),
    ('Schro¨dinger'),
    ('Erdo˝s'),
    ('Pe´rez'),
    ('P´erez'),
    ('Łódź, Straße, Æsir, Øresund'),
    ('Ελληνικά: Кириллица — 日本語の論文 한국어'),
    ('“Why Should I Trust You?”: Explaining the Predictions of Any Classifier'),
    ('Cntk: Microsoft’s open-source deep- learning toolkit.'),
    ('  multiple   spaces	and tabs  '),
    ('en–dash — em-dash ‐ hyphen − minus'),
    ('{Zero-offload}: Democratizing{billion-scale}model training'),
    ('x'),
    ('...'),
    ('')
) AS v(t);

-- keys: whitespace lost in PDF extraction, hyphenation breaks, braces
SELECT pith.title_key('Pushingdeeplearningbeyondthegpu memory limit')
     = pith.title_key('Pushing deep learning beyond the GPU memory limit') AS same_key,
       pith.title_key('Pushing deep learning beyond the GPU memory limit') AS key;
SELECT pith.title_key('Zero- infinity: Breaking the gpu memory wall for extreme scale deep learning')
     = pith.title_key('ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning') AS zero_infinity,
       pith.title_key('Zero: Memory optimizations toward training trillion parameter mod- els')
     = pith.title_key('ZeRO: Memory Optimizations Toward Training Trillion Parameter Models') AS mod_els,
       pith.title_key('{Zero-offload}: Democratizing{billion-scale}model training')
     = pith.title_key('ZeRO-Offload: Democratizing Billion-Scale Model Training') AS zero_offload;

-- reference debris cut from real PDF reference titles (test/data/golden_2506.06472.json,
-- test/data/smartswap_page.txt)
SELECT pith.title_key(t) FROM (VALUES
    ('Bert: Pre-trainingofdeep bidirectional transformers for language understanding.arXiv preprint arXiv:1810.04805, 2018'),
    ('Efficient combination of rematerialization and offloading for training dnns.Advances in Neural Information Processing Systems, 34:23844–23857, 2021'),
    ('Gpipe: Efficient training of giant neural networks using pipeline parallelism.Advances in neural information processing systems, 32, 2019'),
    ('Exploring the limits of transfer learning with a unified text-to-text transformer.Journal of machine learning research, 21(140):1–67, 2020'),
    ('Pytorch fsdp: Experiences on scaling fully sharded data parallel.Proc.'),
    ('Checkmate: Breaking the memory wall with optimal tensor rematerialization.Proceedings of Machine Learning and Systems, 2:497–511, 2020'),
    ('Language models are unsupervised multitask learners.OpenAI blog, 1(8):9, 2019'),
    ('Neural machine translation of rare words with subword units, 2016.'),
    ('Parallel training of pre-trained models via chunk-based dynamic memory management.IEEE Transactions on Parallel and Distributed Systems, 34(1):304–315, 2023.'),
    ('Model compression for deep neural networks: A survey.Computers, 12(3), 2023.'),
    ('Qwen2.5-vl technical report, 2025.'),
    ('Exxact.https://www.exxactcorp.com/, 2025'),
    ('T5 11b.https://huggingface.co/google-t5/t5-11b, 2025'),
    ('nvidia.com/blog/gpudirect-storage/'),
    ('Attention is all you need. In Advances in Neural Information Processing Systems, pages 5998–6008, 2017'),
    ('Mixed precision training arXiv preprint arXiv:1710.03740'),
    ('Deep learning. Nature, 521(7553):436–444, 2015'),
    ('See https://example.org/x for details'),
    ('ASP.NET and Node.js in U.S. Elections'),
    ('Findings of WMT 2016'),
    ('SemEval-2016 Task 4: Sentiment Analysis in Twitter'),
    ('')
) AS v(t);

-- NULL in, NULL out; keys of debris-only text are empty
SELECT pith.normalize_title(NULL) IS NULL AS norm_null, pith.title_key(NULL) IS NULL AS key_null,
       pith.title_key('arXiv preprint arXiv:2001.08361') = '' AS only_debris;

-- IMMUTABLE, so usable in an index expression
SELECT provolatile, proisstrict, proparallel FROM pg_proc
 WHERE oid IN ('pith.normalize_title(text)'::regprocedure, 'pith.title_key(text)'::regprocedure);
CREATE TEMP TABLE titles_norm_t (title text);
CREATE INDEX ON titles_norm_t (pith.title_key(title));
INSERT INTO titles_norm_t VALUES ('Swapadvisor: Pushing deep learning beyond the gpu memory limit via smart swapping');
SELECT title FROM titles_norm_t
 WHERE pith.title_key(title) = pith.title_key('Swapadvisor: Pushingdeeplearningbeyondthegpu memory limit via smart swapping');
DROP TABLE titles_norm_t;

-- Found by fuzzing: NFKC turns U+0149 (ŉ) into a modifier-letter apostrophe
-- and n; normalizing is idempotent, so both spellings and the result agree.
SELECT pith.normalize_title('ŉ') AS n_apostrophe,
       pith.normalize_title('ʼn') AS modifier_apostrophe_n,
       pith.normalize_title(pith.normalize_title('Oʼŉeill ŉ')) = pith.normalize_title('Oʼŉeill ŉ') AS idempotent;
