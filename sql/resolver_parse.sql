-- resolver_parse: pith.parse_reference on one real reference per citation
-- style, PDF damage, identifier forms and every quality verdict.
SELECT * FROM pith.parse_reference('[1] J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova, “BERT: Pre-training of deep bidirectional transformers for language understanding,” in Proc. NAACL-HLT, 2019, pp. 4171–4186.');
SELECT * FROM pith.parse_reference('Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2019. BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding. In Proceedings of NAACL-HLT. 4171–4186.');
SELECT * FROM pith.parse_reference('Devlin, J., Chang, M.-W., Lee, K., & Toutanova, K. (2019). BERT: Pre-training of deep bidirectional transformers for language understanding. In Proceedings of NAACL (pp. 4171–4186).');
SELECT * FROM pith.parse_reference('Devlin, J., Chang, M.W., Lee, K., Toutanova, K.: BERT: Pre-training of deep bidirectional transformers for language understanding. In: NAACL. pp. 4171–4186 (2019)');
SELECT * FROM pith.parse_reference('Devlin J, Chang MW, Lee K, Toutanova K. BERT: pre-training of deep bidirectional transformers for language understanding. arXiv:1810.04805 [Preprint]. 2018.');
SELECT * FROM pith.parse_reference('LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436–444 (2015). https://doi.org/10.1038/nature14539');
-- the seed's damaged text: the year is 2020, never 2001 from the arXiv id
SELECT * FROM pith.parse_reference('Scaling laws for neural language models.arXiv preprint arXiv:2001.08361, 2020');
SELECT * FROM pith.parse_reference('Bert: Pre-trainingofdeep bidirectional transformers for language understanding.arXiv preprint arXiv:1810.04805, 2018');
SELECT * FROM pith.parse_reference('Zero- infinity: Breaking the gpu memory wall for extreme scale deep learning');
SELECT * FROM pith.parse_reference('E. Witten, Anti-de Sitter space and holography, Adv. Theor. Math. Phys. 2 (1998) 253 [hep-th/9802150].');
SELECT * FROM pith.parse_reference('Hu, E. J. et al. LoRA: Low-rank adaptation of large language models. In ICLR (2022). doi:10.48550/arXiv.2106.09685');
SELECT * FROM pith.parse_reference('Drummond P. Triggers of motion sickness in migraine sufferers. Headache. 2005;45(6):656-656. doi:10.1111/j.1526-4610.2005.05132.x.');
-- the fields beyond the title: authors one per person as printed, container,
-- volume, issue, pages, publisher, location (German, a book, Vancouver)
SELECT title, year, authors, container, volume, issue, pages, publisher, location
FROM pith.parse_reference('Müller, H. (Hrsg.) (2010): Soziale Ungleichheit. Wiesbaden: VS Verlag, S. 12-34.');
SELECT title, year, authors, container, volume, issue, pages, publisher, location
FROM pith.parse_reference('Goodfellow, I., Bengio, Y., & Courville, A. (2016). Deep learning. Cambridge, MA: MIT Press.');
SELECT title, year, authors, container, volume, issue, pages
FROM pith.parse_reference('Vaswani A, Shazeer N, Parmar N. Attention is all you need. Adv Neural Inf Process Syst. 2017;30(1):5998-6008.');
-- DOI forms: a DOI URL after "DOI:", a percent-encoded doi.org URL
SELECT title, doi, url, malformed_identifier, quality
FROM pith.parse_reference('Bell, G. Cell cycles. Cell 136 (2009). DOI: http://dx.doi.org/10.1016/j.cell.2009.01.002');
SELECT doi, malformed_identifier
FROM pith.parse_reference('Ruthven, I. Relevance. JASIS 49 (1998). https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949%3A8%3C693%3A%3AAID-ASI4%3E3.0.CO%3B2-0');
-- a malformed identifier does not stop the title from being found
SELECT title, arxiv_id, malformed_identifier, quality
FROM pith.parse_reference('Kaplan, J. et al. Scaling laws for neural language models. arXiv:2001.0836, 2020.');
-- verdicts
SELECT raw, (pith.parse_reference(raw)).quality, (pith.parse_reference(raw)).malformed_identifier
FROM (VALUES ('Accessed: 2024-12'),
             ('Murray, Benoit Steiner, Paul Tucker, Vijay Va- sudevan, Pete Warden, Martin Wicke, Yuan Yu, and Xiaoqiang Zheng'),
             ('nvidia.com/blog/gpudirect-storage/'),
             ('In19th USENIX Conference on File and Storage Technologies (FAST 21), pages 387–401, 2021'),
             ('arXiv preprint arXiv:2001.08361'),
             ('arXiv:9999.99999'),
             ('doi:10./x'),
             (''),
             (' .;, ')) v(raw);
-- NULL in, NULL out; 1 MB is not parsed; garbage bytes in valid UTF-8 are harmless
SELECT pith.parse_reference(NULL) IS NULL AS null_in_null_out;
SELECT (pith.parse_reference(repeat('a', 1024 * 1024))).quality AS one_megabyte;
SELECT (pith.parse_reference(string_agg(chr(c), '' ORDER BY c))).quality IS NOT NULL AS every_character
FROM generate_series(1, 3000) c;
