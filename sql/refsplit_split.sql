-- refsplit_split: pith.split_references and pith.split_references_status on
-- hand-written paper texts with known answers: a numbered list broken
-- across lines and a page (page number, form feed), hyphenation repaired,
-- an appendix after it; an author-year list; a German and a Japanese
-- heading; no reference section; a heading with nothing after it; the
-- offsets point at the reference in the input (characters, not bytes).
\set SHOW_CONTEXT never
\set numbered '1 Introduction\nWe study things [1, 2] and more [3].\n\nReferences\n\n[1] A. Smith and B. Jones. A study of some-\nthing interesting. In Proceedings of the Conference\non Things, pages 1-10, 2019.\n[2] C. Brown. Another paper title. Journal of Stuff,\n12(3):45-67, 2020.\n12\n\f[3] D. Green, E. White, and F. Black. Deep learning\nfor everything. arXiv preprint arXiv:2001.08361,\n2020.\n\nAppendix A. Proofs\nHere is a proof of the theorem, written in 2019.\n'
SELECT reference_index, raw_text, start_offset, end_offset
  FROM pith.split_references(E:'numbered');
-- the span of each reference in the input
SELECT reference_index, substr(E:'numbered', start_offset + 1, end_offset - start_offset) AS span
  FROM pith.split_references(E:'numbered');
SELECT * FROM pith.split_references_status(E:'numbered');

-- author-year, hanging indents lost, an appendix heading "A Proofs"
\set ay 'REFERENCES\n\nAbadi, M., Barham, P., Chen, J., Chen, Z., Davis, A., Dean, J., Devin, M.,\nGhemawat, S., Irving, G., Isard, M., et al. 2016. TensorFlow: A system for\nlarge-scale machine learning. In 12th USENIX Symposium on Operating Systems\nDesign and Implementation, 265-283.\nKaplan, J., McCandlish, S., Henighan, T., Brown, T. B., Chess, B., Child, R.,\nGray, S., Radford, A., Wu, J., and Amodei, D. 2020. Scaling laws for neural\nlanguage models. arXiv preprint arXiv:2001.08361.\n\nA Proofs\nHere we prove the main theorem. The argument follows the\nstandard route and needs no new ideas.\n'
SELECT reference_index, raw_text FROM pith.split_references(E:'ay');

-- other languages and scripts: offsets count characters
\set de 'Einleitung\nText über Zitate.\n\nLiteratur\n\n1. Müller, K.: Über Zitate. Verlag, Berlin (2001)\n2. Schmidt, A., Weber, B.: Noch ein Titel.\nZeitschrift 3, 1-5 (2003)\n\nAnhang\nTabellen.\n'
SELECT reference_index, raw_text, start_offset, end_offset,
       substr(E:'de', start_offset + 1, end_offset - start_offset) = raw_text AS span_is_text
  FROM pith.split_references(E:'de');
\set ja 'はじめに\n\n参考文献\n[1] 山田太郎. 論文のタイトル. 情報処理学会論文誌, 2020.\n[2] Tanaka, H. English title here. In Proc. ACL, 2018.\n'
SELECT reference_index, raw_text, start_offset, end_offset FROM pith.split_references(E:'ja');

-- no reference section, an empty one, empty text: zero rows and the reason
SELECT * FROM pith.split_references_status('Just a note with no bibliography.
It mentions references in passing, 2019.');
SELECT count(*) FROM pith.split_references('Just a note with no bibliography.');
SELECT * FROM pith.split_references_status(E'Body\n\nReferences\n\nAppendix A\nMore text.\n');
SELECT * FROM pith.split_references_status('');
SELECT count(*) FROM pith.split_references(NULL);
