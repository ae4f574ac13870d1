#!/usr/bin/env python3
"""titles_make_pairs.py -- build test/data/titles_pairs.tsv, the title-matching
accuracy set, from real titles:

* test/data/titles_real.txt: real paper titles (the cited papers and the
  citing paper of test/data/golden_2506.06472.json, clean titles cited on
  test/data/smartswap_page.txt, and paper headings of the public
  Strivin0311/llms-learning reading lists);
* real damaged/clean pairs from the golden file (cited_work title as parsed
  from PDF text vs the cited paper's arXiv title) and from the SmartSwap page.

Positives (label 1) are each real title under programmatic damage of the
kinds PDF reference text shows; negatives (label 0) are hard: real pairs of
different titles sharing most words, the same main title with another
subtitle, a title extended into another work's title, one content word
replaced, plus the two retitled papers of the golden file.

Deterministic (fixed seed).  Output columns: kind, label, a, b.
"""
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20260806)

titles = [l.rstrip('\n') for l in open(os.path.join(HERE, 'titles_real.txt'), encoding='utf-8') if l.strip()]


def simple_key(t):
    """Crude key used only to avoid pairing a title with itself."""
    return re.sub(r'[^a-z0-9]', '', t.lower())


def sentence_case(t):
    return t[:1].upper() + t[1:].lower()


def glue(t):
    """PDF text lost the spaces inside a run of words."""
    w = t.split(' ')
    if len(w) < 3:
        return t.replace(' ', '')
    n = rng.randint(3, min(7, len(w)))
    s = rng.randint(0, len(w) - n)
    return sentence_case(' '.join(w[:s] + [''.join(w[s:s + n])] + w[s + n:]))


def arxiv_id():
    return '%02d%02d.%05d' % (rng.randint(15, 25), rng.randint(1, 12), rng.randint(0, 99999))


def tail(t):
    """A venue or publication note glued to the title."""
    y = rng.randint(2012, 2025)
    v = rng.randint(1, 40)
    p1 = rng.randint(1, 30000)
    p2 = p1 + rng.randint(5, 20)
    forms = [
        '.arXiv preprint arXiv:%s, %d' % (arxiv_id(), y),
        '.Advances in Neural Information Processing Systems, %d:%d–%d, %d' % (v, p1, p2, y),
        '.Advances in neural information processing systems, %d, %d' % (v, y),
        '.Journal of machine learning research, %d(%d):1–%d, %d' % (v, rng.randint(1, 200), p2 % 90 + 2, y),
        '.Proc.',
        '.Proceedings of Machine Learning and Systems, %d:%d–%d, %d' % (v % 6 + 1, p1 % 900, p1 % 900 + 14, y),
        '.OpenAI blog, 1(8):9, %d' % y,
        ', %d' % y,
        ', %d.' % y,
        '. In Proceedings of the %d Conference on Empirical Methods in Natural Language Processing, pages %d–%d, %d' % (y, p1, p2, y),
        '.IEEE Transactions on Parallel and Distributed Systems, %d(1):%d–%d, %d' % (v, p1, p2, y),
        '.https://github.com/example/%s, %d' % (simple_key(t)[:12], y),
        '. CoRR, abs/%s, %d' % (arxiv_id(), y),
        ' arXiv preprint arXiv:%s' % arxiv_id(),
        '. Nature, %d(%d):%d–%d, %d' % (v + 500, rng.randint(1000, 9999), p1, p2, y),
    ]
    return sentence_case(t) + rng.choice(forms)


def hyphen_break(t):
    """A line-end hyphenation that survived: "mod- els"."""
    w = t.split(' ')
    idx = [i for i, x in enumerate(w) if len(x) >= 6 and x.isalpha()]
    if not idx:
        return None
    i = rng.choice(idx)
    cut = rng.randint(2, len(w[i]) - 3)
    w[i] = w[i][:cut] + '- ' + w[i][cut:]
    return ' '.join(w)


def braces(t):
    """BibTeX case-protection braces, spaces around them lost."""
    w = t.split(' ')
    idx = [i for i, x in enumerate(w) if x[:1].isupper() and len(x) > 2]
    if not idx:
        return None
    i = rng.choice(idx)
    w[i] = '{' + w[i].rstrip(':') + '}' + (':' if w[i].endswith(':') else '')
    s = ' '.join(w)
    if rng.random() < 0.5:
        s = s.replace('} ', '}', 1).replace(' {', '{', 1)
    return s[:1] + s[1:].lower() if rng.random() < 0.5 else s


def typography(t):
    """Ligatures, typographic dashes and quotes, full-width letters, split accents."""
    s = t.replace('fi', 'ﬁ').replace('fl', 'ﬂ').replace('ff', 'ﬀ')
    s = s.replace(' - ', ' — ').replace('-', rng.choice(['‐', '–', '‑']))
    s = s.replace("'", '’')
    w = s.split(' ')
    for i, x in enumerate(w):
        if re.fullmatch(r'[A-Z0-9]{2,}', x) and rng.random() < 0.7:
            w[i] = ''.join(chr(ord(c) + 0xFEE0) for c in x)
    s = ' '.join(w)
    if s == t:
        s = '“' + t + '”'
    return s


def drop_char(t):
    """PDF extraction dropped one letter."""
    idx = [i for i, c in enumerate(t) if c.isalpha()]
    i = rng.choice(idx[1:]) if len(idx) > 1 else idx[0]
    return t[:i] + t[i + 1:]


DAMAGES = [('glue', glue), ('tail', tail), ('hyphen', hyphen_break), ('braces', braces),
           ('typography', typography), ('drop_char', drop_char), ('sentence_case', sentence_case)]


def combo(t):
    s = glue(t) if rng.random() < 0.5 else hyphen_break(t) or t
    s = typography(s) if rng.random() < 0.3 else s
    return tail(s)


def main():
    rows = []
    for t in titles:
        kinds = rng.sample(DAMAGES, 2)
        for name, fn in kinds:
            d = fn(t)
            if d and d != t:
                rows.append((name, 1, d, t))
        rows.append(('combo', 1, combo(t), t))

    # real damaged/clean pairs: golden cited_work (parsed from PDF) vs arXiv title
    golden = json.load(open(os.path.join(HERE, 'golden_2506.06472.json'), encoding='utf-8'))
    RETITLED = {'2403.06504', '2408.10013'}
    for o in golden['outbound']:
        c = o['citation']
        if c['cited_paper']:
            pair = (c['cited_work']['title'], c['cited_paper']['title'])
            if c['cited_paper']['arxiv_id'] in RETITLED:
                rows.append(('real_retitled', 0) + pair)
            else:
                rows.append(('real_golden', 1) + pair)

    # the same works cited by both papers: golden PDF text vs SmartSwap page text
    REAL_CROSS = [
        ('Swapadvisor: Pushingdeeplearningbeyondthegpu memory limit via smart swapping',
         'Swapadvisor: Pushing deep learning beyond the gpu memory limit via smart swapping.'),
        ('Zero- infinity: Breaking the gpu memory wall for extreme scale deep learning',
         'Zero-infinity: breaking the gpu memory wall for extreme scale deep learning.'),
        ('{Zero-offload}: Democratizing{billion-scale}model training',
         'ZeRO-Offload: Democratizing Billion-Scale model training.'),
        ('Superneurons: Dynamic gpu memory management for training deep neural networks',
         'Superneurons: dynamic gpu memory management for training deep neural networks.'),
        ('Gpipe: Efficient training of giant neural networks using pipeline parallelism.Advances in neural information processing systems, 32, 2019',
         'Gpipe: Efficient training of giant neural networks using pipeline parallelism.'),
        ('Acceleratingthetrainingoflargelanguagemodelsusingefficientactivation rematerializationandoptimalhybridparallelism',
         'Accelerating the training of large language models using efficient activation rematerialization and optimal hybrid parallelism.'),
        ('Scaling laws for neural language models.arXiv preprint arXiv:2001.08361, 2020',
         'Scaling Laws for Neural Language Models.'),
        ('The llama 3 herd of models.arXiv preprint arXiv:2407.21783, 2024', 'The Llama 3 Herd of Models.'),
        ('Zero: Memory optimizations toward training trillion parameter mod- els.',
         'ZeRO: Memory Optimizations Toward Training Trillion Parameter Models'),
        ('Deepspeed: System optimizations enable training deep learning mod- els with over 100 billion parameters.',
         'DeepSpeed: System Optimizations Enable Training Deep Learning Models with Over 100 Billion Parameters'),
        ('Sentinel: Efficient tensor migration and allocation on heteroge- neous memory systems for deep learning.',
         'Sentinel: Efficient Tensor Migration and Allocation on Heterogeneous Memory Systems for Deep Learning'),
        ('Neural machine translation of rare words with subword units, 2016.',
         'Neural Machine Translation of Rare Words with Subword Units'),
        ('Qwen2.5-vl technical report, 2025.', 'Qwen2.5-VL Technical Report'),
        ('Pytorch fsdp: Experiences on scaling fully sharded data parallel.Proc.',
         'PyTorch FSDP: Experiences on Scaling Fully Sharded Data Parallel'),
        ('Model compression for deep neural networks: A survey.Computers, 12(3), 2023.',
         'Model Compression for Deep Neural Networks: A Survey'),
    ]
    for a, b in REAL_CROSS:
        rows.append(('real_cross', 1, a, b))

    # hard negatives 1: real pairs of different titles sharing most words
    def words(t):
        return set(re.findall(r'[a-z0-9]+', t.lower())) - {'a', 'an', 'the', 'of', 'for', 'and', 'in', 'on', 'with', 'to', 'via', 'by'}

    W = [words(t) for t in titles]
    near = []
    for i in range(len(titles)):
        best, bj = 0.0, None
        for j in range(len(titles)):
            if i == j or simple_key(titles[i]) == simple_key(titles[j]) or not W[i] or not W[j]:
                continue
            jac = len(W[i] & W[j]) / len(W[i] | W[j])
            if jac > best:
                best, bj = jac, j
        if bj is not None and best >= 0.34 and i < bj:
            near.append((best, titles[i], titles[bj]))
    for jac, a, b in sorted(near, reverse=True):
        rows.append(('near_real', 0, a, b))
        rows.append(('near_real_damaged', 0, glue(a) if rng.random() < 0.5 else tail(a), b))

    # hard negatives 2: same main title, another subtitle
    with_sub = [t for t in titles if ': ' in t]
    for t in with_sub:
        main, sub = t.split(': ', 1)
        other = rng.choice(with_sub).split(': ', 1)[1]
        if simple_key(other) != simple_key(sub):
            rows.append(('other_subtitle', 0, main + ': ' + other, t))

    # hard negatives 3: a title extended into a longer work's title
    for t in rng.sample(titles, 150):
        other = rng.choice(titles).split(' ')
        ext = ' '.join(other[-rng.randint(2, 4):])
        rows.append(('extended', 0, t + ' ' + rng.choice(['for', 'in', 'with', 'via', 'beyond']) + ' ' + ext, t))

    # hard negatives 4: one content word replaced by a word of another title
    vocab = sorted({w for t in titles for w in t.split(' ') if w.isalpha() and len(w) >= 5})
    for t in rng.sample(titles, 200):
        w = t.split(' ')
        idx = [i for i, x in enumerate(w) if x.isalpha() and len(x) >= 5]
        if len(w) < 3 or not idx:
            continue
        i = rng.choice(idx)
        new = rng.choice(vocab)
        if new.lower() == w[i].lower():
            continue
        w[i] = new
        rows.append(('word_replaced', 0, ' '.join(w), t))

    # easy negatives: random pairs
    for _ in range(200):
        a, b = rng.sample(titles, 2)
        rows.append(('random', 0, a, b))

    with open(os.path.join(HERE, 'titles_pairs.tsv'), 'w', encoding='utf-8') as f:
        f.write('kind\tlabel\ta\tb\n')
        for kind, label, a, b in rows:
            assert '\t' not in a + b and '\n' not in a + b
            f.write('%s\t%d\t%s\t%s\n' % (kind, label, a, b))
    print(len(rows), 'pairs')


if __name__ == '__main__':
    main()
