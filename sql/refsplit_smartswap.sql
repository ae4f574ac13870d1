-- refsplit_smartswap: the kinds of bad split the seed made of SmartSwap's
-- (arXiv:2510.04567) reference list -- "Accessed: 2025-06" as a reference,
-- "B, Anshuj Garg, and Purushottam Kulkarni" and "Devanur, Gregory R." (a
-- piece of an author list) as a reference, half an author list as a title
-- -- come from line breaks that pdftotext writes in a two-column list: a
-- line starting "Murray, Benoit Steiner, ..." after "Derek G.", a line
-- "Accessed: 2025-06." after a link, "Chi, Tatsunori Hashimoto, ..." after
-- "Ed H.".  Hand-written references of the four works whose author lists
-- the page shows in pieces (TensorFlow, PipeDream, emergent abilities,
-- mixed precision training; authors and titles as published) and of a web
-- page with an access date, broken at such places, in the numbered style
-- and again without labels: each comes back as one reference, whole.
\set SHOW_CONTEXT never
\set numbered '1 Introduction\nWe swap tensors [1].\n\nReferences\n[1] Martín Abadi, Paul Barham, Jianmin Chen, Zhifeng\nChen, Andy Davis, Jeffrey Dean, Matthieu Devin, Sanjay\nGhemawat, Geoffrey Irving, Michael Isard, Manjunath\nKudlur, Josh Levenberg, Rajat Monga, Sherry Moore, Derek G.\nMurray, Benoit Steiner, Paul Tucker, Vijay Vasudevan,\nPete Warden, Martin Wicke, Yuan Yu, and Xiaoqiang Zheng.\nTensorFlow: A system for large-scale machine learning. In\nOSDI, pages 265-283, 2016.\n[2] NVIDIA. Unified memory for CUDA beginners. https://\ndeveloper.nvidia.com/blog/unified-memory-cuda-beginners/.\nAccessed: 2025-06.\n[3] Deepak Narayanan, Aaron Harlap, Amar Phanishayee,\nVivek Seshadri, Nikhil R.\nDevanur, Gregory R. Ganger, Phillip B. Gibbons, and Matei\nZaharia. PipeDream:\nGeneralized pipeline parallelism for DNN training. In SOSP,\npages 1-15, 2019.\n[4] Jason Wei, Yi Tay, Rishi Bommasani, Colin Raffel, Barret\nZoph, Sebastian Borgeaud, Dani Yogatama, Maarten Bosma,\nDenny Zhou, Donald Metzler, Ed H.\nChi, Tatsunori Hashimoto, Oriol Vinyals, Percy Liang, Jeff\nDean, and William Fedus. Emergent abilities of large language\nmodels. Transactions on Machine Learning Research, 2022.\n[5] Paulius Micikevicius, Sharan Narang, Jonah Alben, Gregory\nDiamos, Erich Elsen, David Garcia, Boris Ginsburg, Michael\nHouston, Oleksii Kuchaiev, Ganesh Venkatesh, and Hao Wu.\nMixed precision training. In ICLR, 2018.\n\nA Proofs\nThe proof is short.\n'
\set unlabelled '1 Introduction\nWe swap tensors (Abadi et al., 2016).\n\nReferences\nMartín Abadi, Paul Barham, Jianmin Chen, Zhifeng\nChen, Andy Davis, Jeffrey Dean, Matthieu Devin, Sanjay\nGhemawat, Geoffrey Irving, Michael Isard, Manjunath\nKudlur, Josh Levenberg, Rajat Monga, Sherry Moore, Derek G.\nMurray, Benoit Steiner, Paul Tucker, Vijay Vasudevan,\nPete Warden, Martin Wicke, Yuan Yu, and Xiaoqiang Zheng.\nTensorFlow: A system for large-scale machine learning. In\nOSDI, pages 265-283, 2016.\nNVIDIA. Unified memory for CUDA beginners. https://\ndeveloper.nvidia.com/blog/unified-memory-cuda-beginners/.\nAccessed: 2025-06.\nDeepak Narayanan, Aaron Harlap, Amar Phanishayee,\nVivek Seshadri, Nikhil R.\nDevanur, Gregory R. Ganger, Phillip B. Gibbons, and Matei\nZaharia. PipeDream:\nGeneralized pipeline parallelism for DNN training. In SOSP,\npages 1-15, 2019.\nJason Wei, Yi Tay, Rishi Bommasani, Colin Raffel, Barret\nZoph, Sebastian Borgeaud, Dani Yogatama, Maarten Bosma,\nDenny Zhou, Donald Metzler, Ed H.\nChi, Tatsunori Hashimoto, Oriol Vinyals, Percy Liang, Jeff\nDean, and William Fedus. Emergent abilities of large language\nmodels. Transactions on Machine Learning Research, 2022.\nPaulius Micikevicius, Sharan Narang, Jonah Alben, Gregory\nDiamos, Erich Elsen, David Garcia, Boris Ginsburg, Michael\nHouston, Oleksii Kuchaiev, Ganesh Venkatesh, and Hao Wu.\nMixed precision training. In ICLR, 2018.\n\nA Proofs\nThe proof is short.\n'
SELECT reference_index, raw_text FROM pith.split_references(E:'numbered');
SELECT reference_index, raw_text FROM pith.split_references(E:'unlabelled');
-- no reference begins with a piece the seed took for one
SELECT t.style, count(*) AS refs,
       count(*) FILTER (WHERE s.raw_text ~ '^(Murray|Accessed|Chi,|Diamos|Ganger|Devanur)') AS starting_with_a_piece
  FROM (VALUES ('numbered', E:'numbered'), ('unlabelled', E:'unlabelled')) t(style, doc),
       pith.split_references(t.doc) s
 GROUP BY t.style ORDER BY t.style;
