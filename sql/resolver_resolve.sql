-- resolver_resolve: pith.resolve_reference gives each of the six states
-- with known answers, and pith.resolve_paper resolves the golden paper's 39
-- references against a catalog holding the papers they cite.  Everything
-- runs in one transaction that is rolled back: no rows are left behind.
BEGIN;
SET LOCAL search_path = pith, public;
-- a catalog of real papers (titles, versions and dates as on arXiv); the
-- eleven the golden paper cites exactly as its record states them, so that
-- loading the record below agrees with them.  Where an earlier test loaded
-- that record, the same rows are there already (ON CONFLICT).
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated, primary_category, snapshot_observed_at) VALUES
 ('1810.04805', 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding', 2, '2018-10-11T00:50:01Z', '2019-05-24T20:37:26Z', 'cs.CL', '2026-07-30T09:12:38.100527Z'),
 ('2407.21783', 'The Llama 3 Herd of Models', 3, '2024-07-31T17:54:27Z', '2024-11-23T23:27:33Z', 'cs.AI', '2026-07-06T18:55:11.576666Z'),
 ('2001.08361', 'Scaling Laws for Neural Language Models', 1, '2020-01-23T03:59:20Z', '2020-01-23T03:59:20Z', 'cs.LG', '2026-07-06T08:52:12.656082Z'),
 ('1807.02037', 'TFLMS: Large Model Support in TensorFlow by Graph Rewriting', 2, '2018-07-05T14:56:39Z', '2019-10-02T06:54:46Z', 'cs.LG', '2026-08-05T09:05:28.183733Z'),
 ('2410.06511', 'TorchTitan: One-stop PyTorch native solution for production ready LLM pre-training', 3, '2024-10-09T03:26:11Z', '2025-06-07T19:16:22Z', 'cs.CL', '2026-08-07T00:12:09.462694Z'),
 ('2403.06504', 'LoHan: Low-Cost High-Performance Framework to Fine-Tune 100B Model on a Consumer GPU', 2, '2024-03-11T08:25:53Z', '2024-12-24T13:41:08Z', NULL, '2026-07-06T17:42:29.208344Z'),
 ('1812.06162', 'An Empirical Model of Large-Batch Training', 1, '2018-12-14T20:49:09Z', '2018-12-14T20:49:09Z', 'cs.LG', '2026-07-06T07:21:19.842962Z'),
 ('1710.03740', 'Mixed Precision Training', 3, '2017-10-10T17:42:04Z', '2018-02-15T20:04:02Z', 'cs.AI', '2026-07-06T06:03:37.247241Z'),
 ('2303.02868', 'Angel-PTM: A Scalable and Economical Large-scale Pre-training System in Tencent', 1, '2023-03-06T03:36:26Z', '2023-03-06T03:36:26Z', NULL, '2026-07-31T13:29:57.932652Z'),
 ('2002.05645', 'Training Large Neural Networks with Constant Memory using a New Execution Algorithm', 5, '2020-02-13T17:29:47Z', '2020-06-05T03:00:26Z', NULL, '2026-07-06T08:57:05.093819Z'),
 ('2408.10013', 'SSDTrain: An Activation Offloading Framework to SSDs for Faster Large Language Model Training', 2, '2024-08-19T14:09:48Z', '2025-02-15T22:39:05Z', NULL, '2026-07-06T19:02:51.711095Z'),
 ('1811.06965', 'GPipe: Efficient Training of Giant Neural Networks using Pipeline Parallelism', 5, '2018-11-16', '2019-07-25', 'cs.CV', DEFAULT),
 ('1910.10683', 'Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer', 4, '2019-10-23', '2023-09-19', 'cs.LG', DEFAULT),
 ('2104.07857', 'ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning', 1, '2021-04-16', '2021-04-16', 'cs.DC', DEFAULT),
 ('2212.09748', 'Scalable Diffusion Models with Transformers', 2, '2022-12-19', '2023-03-02', 'cs.CV', DEFAULT)
ON CONFLICT (arxiv_id) DO NOTHING;
-- a paper retitled after v1 (synthetic ids and titles, to show the rule)
INSERT INTO pith.papers (arxiv_id, title, latest_version, submitted_at, last_updated) VALUES
 ('2101.00017', 'Tiered memory for transformer training at scale', 2, '2021-01-01', '2021-06-01'),
 ('2101.00018', 'Gradient checkpointing planned by integer programming', 2, '2021-01-01', '2021-06-01');
INSERT INTO pith.paper_versions (arxiv_id, version, title, submitted_at) VALUES
 ('2101.00017', 1, 'Swapping activations to host memory during training', '2021-01-01'),
 ('2101.00017', 2, 'Tiered memory for transformer training at scale', '2021-06-01');
-- a work known by DOI only
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000d001', 'Deep learning', '10.1038/nature14539', 'Nature', 2015, 'crossref');

-- verified_exact: an identifier names a known paper and the titles agree
SELECT * FROM pith.resolve_reference('Bert: Pre-trainingofdeep bidirectional transformers for language understanding.arXiv preprint arXiv:1810.04805, 2018');
SELECT * FROM pith.resolve_reference(NULL, 'Scaling laws for neural language models.arXiv preprint arXiv:2001.08361, 2020');
SELECT * FROM pith.resolve_reference('LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436–444 (2015). doi:10.1038/nature14539');
-- retitled: the v1 title agrees through paper_versions; without a versions row it is a mismatch
SELECT status, arxiv_id, matched_title FROM pith.resolve_reference('A. Author. Swapping activations to host memory during training. arXiv:2101.00017, 2021.');
SELECT status, arxiv_id, matched_title FROM pith.resolve_reference('A. Author. Recomputing activations chosen by integer programming. arXiv:2101.00018, 2021.');
-- verified_fuzzy: close titles, with or without an identifier
SELECT status, arxiv_id, matched_title, round(score::numeric, 3) AS score, resolver_source
FROM pith.resolve_reference('Gpipe: Efficient training of giant neural networks using pipeline parallelism.Advances in neural information processing systems, 32, 2019');
SELECT status, arxiv_id, matched_title, round(score::numeric, 3) AS score
FROM pith.resolve_reference('Zero- infinity: Breaking the gpu memory wall for extreme scale deep learning', year => 2021);
-- the year contradicts: not verified (the catalog paper is from 2017-2018)
SELECT status, arxiv_id FROM pith.resolve_reference('Mixed precision training', year => 2012);
-- metadata_mismatch: the identifier names a paper with another title
SELECT status, arxiv_id, matched_title, round(score::numeric, 3) AS score
FROM pith.resolve_reference('J. Doe. A survey of graph neural networks. arXiv preprint arXiv:1812.06162, 2018.');
-- parse_uncertain: not a title
SELECT raw, (pith.resolve_reference(raw)).status
FROM (VALUES ('Accessed: 2024-12'),
             ('Murray, Benoit Steiner, Paul Tucker, Vijay Va- sudevan, Pete Warden, Martin Wicke, Yuan Yu, and Xiaoqiang Zheng'),
             ('nvidia.com/blog/gpudirect-storage/'),
             ('In19th USENIX Conference on File and Storage Technologies (FAST 21), pages 387–401, 2021'),
             (''),
             (NULL)) v(raw);
-- malformed_identifier
SELECT raw, (pith.resolve_reference(raw)).status
FROM (VALUES ('arXiv:9999.99999'), ('doi:10./x'), ('A. Author. Some paper. arXiv:2001.0836, 2020.')) v(raw);
-- unresolved: a real title the catalog does not hold
SELECT status, arxiv_id, work_id FROM pith.resolve_reference('Pipedream: Generalized pipeline parallelism for dnn training');
-- an unknown valid identifier with a title that matches another paper: no link
SELECT status, arxiv_id FROM pith.resolve_reference('Mixed precision training. arXiv:1901.00001, 2018.');

-- a malformed identifier never stops the title search: the title finds the
-- paper (the arXiv id lost a digit; the DOI in a form this parser refuses)
SELECT status, arxiv_id, work_id, resolver_source
FROM pith.resolve_reference('Micikevicius P. et al. Mixed precision training. arXiv:1710.0374, 2018.');
SELECT status, work_id, matched_title
FROM pith.resolve_reference('LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521:436-444. DOI: http://dx.doi.org/10.1038/nature14539');
-- a given title is used as given, not re-parsed (parse_reference's reading of
-- the same string is shown beside it); one the parser finds is no title at
-- all is not used
INSERT INTO pith.cited_works (work_id, title, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000d002', 'What is a title? On names. And more', 2020, 'crossref');
SELECT status, work_id FROM pith.resolve_reference(NULL, 'What is a title? On names. And more', 2020);
SELECT (pith.parse_reference('What is a title? On names. And more')).title AS parser_title;
SELECT status FROM pith.resolve_reference(NULL, 'Accessed: 2024-12');

-- evidence beside the title: the authors of works (cited_work_authors)
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-00000000d001', '{Yann LeCun,Yoshua Bengio,Geoffrey Hinton}');
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000d011', 'Estimating the reproducibility of psychological science', '10.1126/science.aac4716', 'Science', 2015, 'crossref'),
 ('00000000-0000-4000-8000-00000000d012', 'Estimating the reproducibility of psychological science', '10.9999/other.2015', 'Other Journal', 2015, 'crossref'),
 ('00000000-0000-4000-8000-00000000d013', 'A history of tidal energy', '10.9999/tidal.1990', 'Ocean Review', 1990, 'crossref'),
 ('00000000-0000-4000-8000-00000000d014', 'Two works, one title', '10.9999/two.a', NULL, 2019, 'crossref'),
 ('00000000-0000-4000-8000-00000000d015', 'Two works, one title', '10.9999/two.b', NULL, 2019, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-00000000d011', '{Open Science Collaboration}'),
 ('00000000-0000-4000-8000-00000000d012', '{"Doe, Jane","Roe, Richard"}'),
 ('00000000-0000-4000-8000-00000000d013', '{"Marsh, A."}');
-- the same title by other authors: the first author decides
SELECT status, work_id FROM pith.resolve_reference('Estimating the reproducibility of psychological science. Science 349, 2015.',
                                                   authors => '{Open Science Collaboration}');
SELECT status, work_id FROM pith.resolve_reference('Estimating the reproducibility of psychological science. 2015.',
                                                   authors => '{"Doe, J.","Roe, R."}');
SELECT status, work_id FROM pith.resolve_reference('Estimating the reproducibility of psychological science. 2015.',
                                                   authors => '{"Smith, K."}');
-- title and year alone cannot tell the two apart, and the catalog knows
-- their authors: no link (the year alone is enough only for an entry
-- without authors, such as an arXiv paper)
SELECT status, work_id FROM pith.resolve_reference('Estimating the reproducibility of psychological science. 2015.');
-- the container is evidence too
SELECT status, work_id FROM pith.resolve_reference('Estimating the reproducibility of psychological science. 2015.',
                                                   container => 'Science');
-- no year: the author alone does not outweigh a catalog year (a same-title
-- work of another decade would win); the author and the year do
SELECT status, work_id FROM pith.resolve_reference('Marsh A. A history of tidal energy.', authors => '{Marsh A}');
SELECT status, work_id FROM pith.resolve_reference('Marsh A. A history of tidal energy. 1991.', authors => '{Marsh A}');
SELECT status, work_id FROM pith.resolve_reference('Marsh A. A history of tidal energy. 2001.', authors => '{Marsh A}');
-- a reference title that holds the whole catalog title (the parser kept a
-- note with it) is enough when year and author agree, not otherwise
SELECT status, work_id, round(score::numeric, 3) AS score
FROM pith.resolve_reference(NULL, 'A history of tidal energy, with an appendix of tide tables for the North Sea', 1990,
                            authors => '{Marsh A}');
SELECT status, work_id
FROM pith.resolve_reference(NULL, 'A history of tidal energy, with an appendix of tide tables for the North Sea', 1990);
-- two differently identified works tied on every piece of evidence: no
-- answer rather than a coin toss
SELECT status, work_id FROM pith.resolve_reference('Two works, one title. 2019.');
-- an identifier that names a known work is linked when the authors or the
-- year support it, though the parsed title disagrees (here: the venue was
-- taken for the title); metadata_mismatch only when they contradict
SELECT status, work_id, round(score::numeric, 3) AS score
FROM pith.resolve_reference('Nature. doi:10.1038/nature14539', year => 2015, authors => '{"LeCun, Y."}');
SELECT status, work_id
FROM pith.resolve_reference('Nature. 2015. doi:10.1038/nature14539', authors => '{"Smith, K."}');
-- the evidence functions
SELECT pith.year_agrees(2147483647, '{-5}') AS no_overflow, pith.year_agrees(-2147483648, '{2147483647}') AS no_overflow_either,
       pith.year_evidence(2019, '{2018}') AS within_one, pith.year_evidence(2012, '{2017,2018}') AS contradicts,
       pith.year_evidence(NULL, '{2018}') AS unknown, pith.year_evidence(2018, '{NULL}') AS unknown_too;
SELECT n, pith.author_family(n) FROM (VALUES ('LeCun, Y.'), ('Y. LeCun'), ('LeCun YA'), ('Yann LeCun'),
       ('Vincent van Gogh'), ('J.-P. Serre'), ('11.Patera'), ('Erdős P'), ('et al.'), ('J. R.'), ('COVA'), ('JR')) v(n);
SELECT pith.author_evidence('lecun', '{Yann LeCun}') AS agrees, pith.author_evidence('li', '{Robin Williams}') AS contradicts,
       pith.author_evidence(NULL, '{Yann LeCun}') AS unknown, pith.author_evidence('lecun', '{}') AS unknown_too;
SELECT pith.container_evidence('Nature Communications', 'Nature') AS holds,
       pith.container_evidence('J. Am. Chem. Soc.', 'Journal of the American Chemical Society') AS abbreviation,
       pith.container_evidence('Phys. Rev. D', 'Physical Review D') AS abbreviation_too,
       pith.container_evidence('Phys. Rev. D', 'Physical Review Letters') AS other_journal,
       pith.container_evidence('ApJ', 'ApJ') AS equal_short_keys;

-- rule 4: a catalog title found in the raw text when the title searched
-- with (here a given one, the subtitle only: the parser's commonest cut)
-- finds nothing; invented works
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e001', 'Lattice sieves 2. A fast heuristic for sparse boundary detection',
  '10.5555/pith-test.e001', 'International Journal of Invented Methods', 2011, 'crossref'),
 ('00000000-0000-4000-8000-00000000e002', 'Spin ladders in invented lattices',
  '10.5555/pith-test.e002', 'Invented Phys. Rev.', 1999, 'crossref'),
 ('00000000-0000-4000-8000-00000000e003', 'Glazes of the northern kilns',
  '10.5555/pith-test.e003', 'Annals of Made-up Chemistry', 1999, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-00000000e001', '{"Quill, T. R.","Marlow, B."}'),
 ('00000000-0000-4000-8000-00000000e002', '{"T. R. Quill","B. Marlow"}'),
 ('00000000-0000-4000-8000-00000000e003', '{"K. Hobart"}');
INSERT INTO pith.cited_work_locators (work_id, volume, first_page) VALUES
 ('00000000-0000-4000-8000-00000000e002', '41', '2207-2210'),
 ('00000000-0000-4000-8000-00000000e003', '41', '2207');
SELECT status, work_id, matched_title, round(score::numeric, 3) AS score, resolver_source
FROM pith.resolve_reference('Quill TR, Marlow B. Lattice sieves 2. A fast heuristic for sparse boundary detection. Int J Invented Methods 4:11-19, 2011.',
                            title => 'A fast heuristic for sparse boundary detection');
-- not when the author or the year contradicts
SELECT status, work_id FROM pith.resolve_reference('Hobart K. Lattice sieves 2. A fast heuristic for sparse boundary detection. Int J Invented Methods 4:11-19, 2011.',
                                                   title => 'A fast heuristic for sparse boundary detection');
SELECT status, work_id FROM pith.resolve_reference('Quill TR, Marlow B. Lattice sieves 2. A fast heuristic for sparse boundary detection. Int J Invented Methods 4:11-19, 2019.',
                                                   title => 'A fast heuristic for sparse boundary detection');
-- rule 5: no title, the locator among the text's numbers, the year and the
-- first author agreeing (another journal's work with the same locator and
-- other authors is not it); the first author of the other work links that
-- one; a contradicting year links nothing
SELECT status, work_id, matched_title, score, resolver_source
FROM pith.resolve_reference('T. R. Quill and B. Marlow, Invented Phys. Rev. 41, 2207 (1999).');
SELECT status, work_id, resolver_source FROM pith.resolve_reference('K. Hobart, Invented Phys. Rev. 41, 2207 (1999).');
SELECT status, work_id, resolver_source FROM pith.resolve_reference('T. R. Quill, Invented Phys. Rev. 41, 2207 (2003).');
-- rule 5 with the author list of the other work holding the same family
-- name and the same venue: the work more of whose authors the text names
-- wins
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e004', 'Tides of the invented sea',
  '10.5555/pith-test.e004', 'Invented Phys. Rev.', 1999, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES ('00000000-0000-4000-8000-00000000e004', '{"Quill, J."}');
INSERT INTO pith.cited_work_locators (work_id, volume, first_page) VALUES ('00000000-0000-4000-8000-00000000e004', '41', '2207');
SELECT status, work_id, resolver_source FROM pith.resolve_reference('T. R. Quill and B. Marlow, Invented Phys. Rev. 41, 2207 (1999).');
-- rule 6: works the catalog holds without a title, found by the first
-- author, the year and the venue (the container, the "title", or printed
-- in the text); a second such work of that author, venue and year makes
-- it ambiguous; a locator the text does not print contradicts
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e005', NULL, '10.5555/pith-test.e005', 'Canadian Journal of Invented Chemistry', 1979, 'crossref'),
 ('00000000-0000-4000-8000-00000000e006', NULL, '10.5555/pith-test.e006', 'Selections from the invented notebooks', 1989, 'crossref'),
 ('00000000-0000-4000-8000-00000000e007', NULL, '10.5555/pith-test.e007', 'Bulletin of Made-up Physics', 1985, 'crossref'),
 ('00000000-0000-4000-8000-00000000e008', NULL, '10.5555/pith-test.e008', 'Bulletin of Made-up Physics', 1985, 'crossref'),
 ('00000000-0000-4000-8000-00000000e009', NULL, '10.5555/pith-test.e009', 'Annals of Made-up Geology', 1990, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES
 ('00000000-0000-4000-8000-00000000e005', '{"Collinet, G. J.","Deslandes, H."}'),
 ('00000000-0000-4000-8000-00000000e006', '{"Gramscy, Antonio"}'),
 ('00000000-0000-4000-8000-00000000e007', '{"Vortan, P."}'),
 ('00000000-0000-4000-8000-00000000e008', '{"Vortan, P."}'),
 ('00000000-0000-4000-8000-00000000e009', '{"Pellow, R."}');
INSERT INTO pith.cited_work_locators (work_id, volume, first_page) VALUES ('00000000-0000-4000-8000-00000000e009', '12', '301');
SELECT v.ref, r.status, r.work_id, r.resolver_source
FROM (VALUES ('G. J. COLLINET, H. DESLANDES et J. DESCHAMPS. Can. J. Invented Chem. 57, 870 (1979).'),
             ('Gramscy, Antonio (1989). Selections from the invented notebooks. New York: International Publishers.'),
             ('G. J. Collinet, Canadian Journal of Invented Chemistry 57 (1980) 870.'),
             ('G. J. Collinet, Can. J. Invented Chem. 57, 870 (1975).'),
             ('P. Vortan, Bull. Made-up Phys. 3, 11 (1985).'),
             ('R. Pellow, Ann. Made-up Geol. 12, 301 (1990).'),
             ('R. Pellow, Ann. Made-up Geol. 14, 77 (1990).')) v(ref)
CROSS JOIN LATERAL pith.resolve_reference(v.ref) r;
-- rule 6 with titled works: a short title of the first author's, in the
-- text at a word's start, the year agreeing (not when the year does not,
-- nor a title inside a word)
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e00a', 'Christabel', '10.5555/pith-test.e00a', NULL, 1983, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES ('00000000-0000-4000-8000-00000000e00a', '{"Kingsley, Stephan"}');
-- (the title given wrongly, as a parser might take it)
SELECT v.ref, r.status, r.work_id, r.matched_title, r.score, r.resolver_source
FROM (VALUES ('Kingsley, Stephan. Christabel. New York: Viking Press, 1983.'),
             ('Kingsley, Stephan. Christabel. New York: Viking Press, 1990.'),
             ('Kingsley, Stephan. Unchristabelish. New York: Viking Press, 1983.')) v(ref)
CROSS JOIN LATERAL pith.resolve_reference(v.ref, title => 'Tales of the dark invented city') r;
-- rule 3: a catalog title that begins with the parsed one (cut at a
-- subtitle) with the author agreeing and the very year; a year off by one
-- is not enough for it
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e00b', 'Toleration and the invented protectorate Persecution and toleration',
  '10.5555/pith-test.e00b', NULL, 1984, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES ('00000000-0000-4000-8000-00000000e00b', '{"Wordley, B."}');
SELECT status, work_id, resolver_source
FROM pith.resolve_reference('Wordley, B. 1984.', title => 'Toleration and the invented protectorate');
SELECT status, work_id, resolver_source
FROM pith.resolve_reference('Wordley, B. 1985.', title => 'Toleration and the invented protectorate');
-- no year parsed: the text's year-like numbers give the year, not a
-- number of an arXiv id (none the catalog holds) or a DOI
INSERT INTO pith.cited_works (work_id, title, doi, venue, year, metadata_source) VALUES
 ('00000000-0000-4000-8000-00000000e00c', 'Lattice gauges of the invented kind', '10.5555/pith-test.e00c', NULL, 2001, 'crossref');
INSERT INTO pith.cited_work_authors (work_id, authors) VALUES ('00000000-0000-4000-8000-00000000e00c', '{"Wordley, B."}');
SELECT v.ref, r.status, r.work_id
FROM (VALUES ('Wordley, B., Lattice gauges of the invented kind, 2001년 3월'),
             ('Wordley, B., Lattice gauges of the invented kind, arXiv:2001.54321'),
             ('Wordley, B., Lattice gauges of the invented kind, doi:10.5555/x.2001.7')) v(ref)
CROSS JOIN LATERAL pith.resolve_reference(v.ref, title => 'Lattice gauges of the invented kind') r;
-- a DOI cut short names no other work; another DOI does
SELECT pith.contradicting_doi('10.1057/palcomms.2015.46', '10.1057/palcomms') AS cut_short,
       pith.contradicting_doi('10.1057/a1', '10.1057/a2') AS other, pith.contradicting_doi(NULL, '10.1057/a2') AS unknown;
SELECT pith.author_names_in_text('{"Quill, T. R.","Marlow, B.","Hobart, K."}', 'T. R. Quill and B. Marlow, 1999') AS named,
       pith.author_names_in_text('{"et al."}', 'et al.') AS none;
-- the pieces: anchors of a raw text, comparable volumes and pages
SELECT pith.title_key_anchors('J. P. Quill. Acc. Inv. Res. 10, 265 (1977)', 4) AS anchors,
       pith.title_key_anchors('', 4) AS none;
SELECT pith.locator_volume('D26') AS volume, pith.locator_page('L09605–L09610') AS page,
       pith.locator_page('29-37') AS page_range, pith.locator_volume('Suppl.') AS no_volume;

-- the golden paper: its references resolved against this catalog
\set doc `cat test/data/golden_2506.06472.json`
DELETE FROM pith.paper_references WHERE citing_arxiv_id = '2506.06472';
DELETE FROM pith.cited_works
WHERE work_id IN (SELECT (o -> 'citation' -> 'cited_work' ->> 'work_id')::uuid
                  FROM jsonb_array_elements(:'doc'::jsonb -> 'outbound') AS o);
DELETE FROM pith.papers WHERE arxiv_id = '2506.06472';
SELECT pith.ingest_record(:'doc'::jsonb) IS NOT NULL AS loaded;
-- the seed's own links: 22 verified_fuzzy, all to works made from the
-- references themselves (metadata_source raw_reference); 17 have no link
SELECT l.status, count(*) FROM pith.paper_reference_links l
JOIN pith.paper_references r USING (observation_id) WHERE r.citing_arxiv_id = '2506.06472'
GROUP BY 1 ORDER BY 1;
-- without force only the 17 references without a link are resolved
SELECT pith.resolve_paper('2506.06472') AS written;
-- with force all 39 are resolved again
SELECT pith.resolve_paper('2506.06472', force => true) AS written;
SELECT r.reference_index, l.status, w.arxiv_id AS linked_arxiv_id, w.metadata_source, l.resolver_source
FROM pith.paper_references r
JOIN pith.paper_reference_links l USING (observation_id)
LEFT JOIN pith.cited_works w USING (work_id)
WHERE r.citing_arxiv_id = '2506.06472'
ORDER BY r.reference_index;
SELECT l.status, count(*) FROM pith.paper_reference_links l
JOIN pith.paper_references r USING (observation_id) WHERE r.citing_arxiv_id = '2506.06472'
GROUP BY 1 ORDER BY 1;
-- references 18 and 36 cite two papers retitled after v1 (the golden file
-- holds their current titles only): mismatches until paper_versions holds
-- the v1 titles, then verified_exact
INSERT INTO pith.paper_versions (arxiv_id, version, title, submitted_at) VALUES
 ('2403.06504', 1, 'Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU', '2024-03-11 08:25:53+00'),
 ('2408.10013', 1, 'TBA: Faster Large Language Model Training Using SSD-Based Activation Offloading', '2024-08-19 14:09:48+00')
ON CONFLICT DO NOTHING;
SELECT pith.resolve_paper('2506.06472', true) AS written;
SELECT r.reference_index, l.status, w.arxiv_id AS linked_arxiv_id
FROM pith.paper_references r
JOIN pith.paper_reference_links l USING (observation_id)
LEFT JOIN pith.cited_works w USING (work_id)
WHERE r.citing_arxiv_id = '2506.06472' AND r.reference_index IN (18, 36)
ORDER BY r.reference_index;
-- a re-run without force writes nothing; the works made for verified links are made once
SELECT pith.resolve_paper('2506.06472') AS written;
SELECT pith.resolve_paper('2506.06472', true) AS written_again;
SELECT count(*) OPERATOR(pg_catalog.-) count(DISTINCT pith.arxiv_base(arxiv_id)) AS duplicate_works
FROM pith.cited_works WHERE metadata_source = 'arxiv';
SELECT count(DISTINCT l.work_id) AS works_linked, count(*) AS verified_links
FROM pith.paper_reference_links l JOIN pith.paper_references r USING (observation_id)
WHERE r.citing_arxiv_id = '2506.06472' AND l.status IN ('verified_exact', 'verified_fuzzy');
ROLLBACK;
-- errors: an unknown paper, a NULL force
SELECT pith.resolve_paper('2101.09999');
SELECT pith.resolve_paper('2506.06472', NULL);
-- max_words out of range
SELECT pith.title_key_anchors('x', 0);
