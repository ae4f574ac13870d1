#!/usr/bin/env python3
"""make_unseen_pairs.py -- build a title-matching set from real titles that
pith's title rules were not written against: the titles, container titles
and publishers of the parser issue's corpora (gold.tsv, written by the `data`
helper's model/prepare_corpora.py from the GROBID and AnyStyle citation
training data at pinned commits, with the Cora set already removed; many
corpora, many Latin-script languages).  Corpus text is never committed:
this script reads gold.tsv and writes the pairs to a scratch file.

    make_unseen_pairs.py OUT.tsv --gold /work/corpora/gold.tsv

Each title goes to dev or test by a hash of its crude key (SPLIT_SALT,
fixed), so a work never sits in both; tune on dev, report test.  Positives
(label 1) are a real title under one damage kind of real PDF reference
text, the tail built from a real container title or publisher of the corpus
with made-up volume, pages and year; negatives (label 0) are hard:
different real titles sharing most words (by authors sharing no name), the
same main title with another real subtitle, the same series title with
another volume number, one word replaced, a title extended, plus each of
those with the damaged side.  Deterministic (fixed seed).

Output columns: split, kind, label, a, b  (a damaged or other, b clean).
"""
import hashlib
import html
import random
import re
import sys
import unicodedata

SPLIT_SALT = 'pith-titles-unseen-v1'


def strip_tags(s):
    return re.sub(r'<[^>]+>', '', html.unescape(re.sub(r'<[^>]+>', '', s)))


def clean(s):
    s = re.sub(r'\s+', ' ', strip_tags(s)).strip()
    prev = None
    while s != prev:
        prev = s
        s = s.strip(' ,;:"\'“”„«»‘’`')
        if s.endswith('.') and not re.search(r'\b[A-Z]\.$', s):
            s = s[:-1]
    return s.strip()


def simple_key(t):
    return re.sub(r'[\W_]', '', unicodedata.normalize('NFKD', t.lower()).encode('ascii', 'ignore').decode())


def latin(t):
    for c in t:
        if c.isalpha() and 'LATIN' not in unicodedata.name(c, ''):
            return False
    return True


def split_of(t):
    h = hashlib.sha256((SPLIT_SALT + simple_key(t)).encode()).digest()
    return 'test' if h[0] & 1 else 'dev'


AUTHOR = {}


def first_author(s):
    """The name words of an author field (a set; different works share none)."""
    names = {w.lower() for w in re.findall(r'[^\W\d_]{3,}', strip_tags(s))}
    return frozenset(names - {'and', 'und', 'von', 'van', 'der', 'eds', 'hrsg', 'others', 'al'}) or None


def read_gold(path):
    import csv
    titles, containers, publishers = [], [], []
    with open(path, encoding='utf-8', newline='') as f:
        for row in csv.DictReader(f, delimiter='\t', quoting=csv.QUOTE_NONE):
            t = clean(row.get('title') or '')
            titles.append(t)
            names = first_author(row.get('authors') or '')
            if names:
                AUTHOR.setdefault(simple_key(t), names)
            containers.append(clean(row.get('container') or ''))
            publishers.append(clean(row.get('publisher') or ''))
    return titles, containers, publishers


# places for publisher notes: our own list of cities
PLACE_NAMES = ['Paris', 'Berlin', 'Minneapolis', 'London', 'New York', 'Madrid', 'Roma', 'Leipzig',
               'Oxford', 'Cambridge, MA', 'Lyon', 'Barcelona', 'Wien', 'Torino', 'Lisboa', 'Amsterdam',
               'Zürich', 'Kraków', 'Montréal', 'Sevilla']


def usable_title(t):
    w = t.split(' ')
    return (20 <= len(t) <= 250 and len(w) >= 3 and latin(t) and '\t' not in t
            and not re.search(r'https?:|www\.|doi|arxiv', t, re.I)
            # a title field that holds its container ("... . In: Handbook of X") is no title
            and not re.search(r'[.,] ?[Ii]n:? [A-Z]', t)
            and sum(c.isalpha() for c in t) >= 0.6 * len(t))


# ---------------------------------------------------------------- damage kinds
rng = random.Random(20261201)
CONTAINERS, PUBLISHERS = [], []


def year():
    return rng.randint(1950, 2024)


def numbers():
    v = rng.randint(1, 120)
    p1 = rng.randint(1, 2500)
    p2 = p1 + rng.randint(3, 1200)
    dash = rng.choice(['–', '-', '—'])
    return rng.choice(['%d:%d%s%d' % (v, p1, dash, p2), '%d(%d):%d%s%d' % (v, rng.randint(1, 12), p1, dash, p2),
                       '%d, %d%s%d' % (v, p1, dash, p2), 'pages %d%s%d' % (p1, dash, p2), '%d' % v])


def container():
    return rng.choice(CONTAINERS)


def glued_spaces(t, share=1.0):
    """PDF text lost the spaces (all of them, or those inside a run of words)."""
    w = t.split(' ')
    if share >= 1.0 or len(w) < 4:
        return ''.join(w)
    n = rng.randint(3, len(w))
    s = rng.randint(0, len(w) - n)
    return ' '.join(w[:s] + [''.join(w[s:s + n])] + w[s + n:])


def tail_in(t):
    return t + ', in ' + container() + ', ' + numbers() + ', ' + str(year())


def tail_dot(t):
    return t + rng.choice(['. ', '.']) + container() + ', ' + numbers() + ', ' + str(year()) + rng.choice(['.', ''])


def tail_short(t):
    c = container().split(' ')[0].rstrip('.,')
    return t + '. ' + c


def tail_publisher(t):
    pub = rng.choice(PUBLISHERS)
    place = rng.choice(PLACE_NAMES)
    return t + rng.choice([' (%s: %s, %d)' % (pub, place, year()), ' (%s, %s, %d)' % (place, pub, year()),
                           '. %s: %s, %d' % (place, pub, year())])


def tail_any(t):
    return rng.choice([tail_in, tail_dot, tail_short, tail_publisher])(t)


def lost_spaces(t):
    return glued_spaces(t, 1.0 if rng.random() < 0.5 else 0.5)


def braces_first(t):
    w = t.split(' ')
    first = w[0].rstrip('.:,')
    rest = ' '.join(w[1:])
    sep = w[0][len(first):]
    s = '{' + first + '}' + sep + ' ' + rest
    if rng.random() < 0.5:
        s = '{' + first + '}' + sep + glued_spaces(rest)
    return s


def allcaps_glue(t):
    return glued_spaces(t.upper(), 0.5)


def hyphen_break(t):
    w = t.split(' ')
    idx = [i for i, x in enumerate(w) if len(x) >= 6 and x.isalpha()]
    if not idx:
        return None
    i = rng.choice(idx)
    cut = rng.randint(2, len(w[i]) - 3)
    w[i] = w[i][:cut] + rng.choice(['-', '- ', ' ']) + w[i][cut:]
    return ' '.join(w)


def drop_char(t):
    idx = [i for i, c in enumerate(t) if c.isalpha()]
    i = rng.choice(idx[1:])
    return t[:i] + t[i + 1:]


def combo(t):
    s = rng.choice([lost_spaces, braces_first, hyphen_break, allcaps_glue])(t) or t
    return tail_any(s)


DAMAGES = [('tail_in', tail_in), ('tail_dot', tail_dot), ('tail_short', tail_short),
           ('tail_publisher', tail_publisher), ('lost_spaces', lost_spaces), ('braces_first', braces_first),
           ('allcaps_glue', allcaps_glue), ('hyphen_tail', lambda t: tail_any(hyphen_break(t) or t)),
           ('drop_char', drop_char), ('combo', combo)]

CONTENT = re.compile(r'\w+', re.U)
STOP = set('a an the of for and in on with to via by de la le les des du et der die das und im zur zum von '
           'el los las y en del di il e per da al ao do dos em'.split())


def plural_only(wa, wb):
    """Do two word sets differ only by words that are plurals of each other?"""
    da, db = wa - wb, wb - wa
    rest_a = {w for w in da if w + 's' not in db and not (w.endswith('s') and w[:-1] in db)}
    rest_b = {w for w in db if w + 's' not in da and not (w.endswith('s') and w[:-1] in da)}
    return not rest_a and not rest_b


def words(t):
    return {w for w in CONTENT.findall(t.lower()) if w not in STOP}


def main():
    args = sys.argv[1:]
    out = args[0]
    opts = dict(zip(args[1::2], args[2::2]))
    titles, conts, pubs = read_gold(opts['--gold'])
    seen_keys = set()
    for line in open(__file__.rsplit('/', 3)[0] + '/test/data/titles_real.txt', encoding='utf-8'):
        seen_keys.add(simple_key(line.strip()))
    uniq, keys = [], set()
    for t in titles:
        k = simple_key(t)
        if usable_title(t) and k not in keys and k not in seen_keys:
            keys.add(k)
            uniq.append(t)
    uniq.sort()
    CONTAINERS[:] = sorted({c for c in conts if 3 <= len(c) <= 120 and latin(c)})
    PUBLISHERS[:] = sorted({p for p in pubs if 3 <= len(p) <= 60 and latin(p)})
    rows = []
    for t in uniq:
        sp = split_of(t)
        name, fn = DAMAGES[rng.randrange(len(DAMAGES))]
        d = fn(t)
        if d and simple_key(d) != simple_key(t) or (d and d != t):
            rows.append((sp, name, 1, d, t))
    # hard negatives, pairs within one split
    for sp in ('dev', 'test'):
        pool = [t for t in uniq if split_of(t) == sp]
        W = [words(t) for t in pool]
        index = {}
        for i, ws in enumerate(W):
            for w in ws:
                index.setdefault(w, []).append(i)
        for i, t in enumerate(pool):
            if not W[i]:
                continue
            cand = {}
            for w in W[i]:
                lst = index[w]
                if len(lst) > 300:
                    continue
                for j in lst:
                    if j != i:
                        cand[j] = cand.get(j, 0) + 1
            best, bj = 0.0, None
            for j, c in cand.items():
                jac = c / len(W[i] | W[j])
                if jac > best and simple_key(pool[j]) != simple_key(t):
                    best, bj = jac, j
            # a different work: authors sharing no name, not one title inside the
            # other, and a difference beyond a plural ("system" / "systems")
            ka, kb = simple_key(t), simple_key(pool[bj]) if bj is not None else ''
            if (bj is not None and best >= 0.5 and i < bj and AUTHOR.get(ka) and AUTHOR.get(kb)
                    and not (AUTHOR[ka] & AUTHOR[kb]) and not ka.startswith(kb) and not kb.startswith(ka)
                    and not plural_only(W[i], W[bj])):
                rows.append((sp, 'near', 0, t, pool[bj]))
                rows.append((sp, 'near_damaged', 0, rng.choice([tail_any, lost_spaces, braces_first])(t), pool[bj]))
        def real_subtitle(t):
            m = re.search(r'[:.] [A-ZÀ-Ý]', t)
            if not m:
                return False
            sub = t[m.start() + 2:]
            return len(sub.split(' ')) >= 3 and not re.match(r'(In|Available|Proceedings|Retrieved|Accessed|Vol|Part|Teil|Band)\b', sub)
        subs = [t for t in pool if real_subtitle(t)]
        for t in subs:
            m = re.search(r'[:.] [A-ZÀ-Ý]', t)
            main_, sep = t[:m.start()], t[m.start():m.start() + 2]
            o = rng.choice(subs)
            om = re.search(r'[:.] [A-ZÀ-Ý]', o)
            other = o[om.start() + 2:]
            if simple_key(other) != simple_key(t[m.start() + 2:]) and len(main_) >= 10:
                a = main_ + sep + other
                rows.append((sp, 'other_subtitle', 0, a, t))
                if rng.random() < 0.5:
                    rows.append((sp, 'other_subtitle_damaged', 0, rng.choice([tail_any, lost_spaces])(a), t))
        romans = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']
        for t in rng.sample(pool, min(len(pool), 250)):
            form = rng.choice(['roman_dot', 'roman', 'part', 'vol', 'teil', 'digit'])
            k = rng.randrange(len(romans) - 1)
            n1, n2 = (k, k + 1) if rng.random() < 0.5 else (k + 1, k)
            if form == 'roman_dot':
                a, b = t + '. ' + romans[n1] + '.', t + '. ' + romans[n2] + '.'
            elif form == 'roman':
                a, b = t + ' ' + romans[n1], t + ' ' + romans[n2]
            elif form == 'part':
                a, b = t + ', Part ' + str(n1 + 1), t + ', Part ' + str(n2 + 1)
            elif form == 'vol':
                a, b = t + '. Vol. ' + str(n1 + 1), t + '. Vol. ' + str(n2 + 1)
            elif form == 'teil':
                a, b = t + '. Teil ' + romans[n1], t + '. Teil ' + romans[n2]
            else:
                a, b = t + ' ' + str(n1 + 1), t + ' ' + str(n2 + 1)
            rows.append((sp, 'volume', 0, a, b))
            if rng.random() < 0.5:
                rows.append((sp, 'volume_damaged', 0, rng.choice([tail_in, tail_dot, lost_spaces])(a), b))
        vocab = sorted({w for t in pool for w in t.split(' ') if w.isalpha() and len(w) >= 5})
        for t in rng.sample(pool, min(len(pool), 250)):
            w = t.split(' ')
            idx = [i for i, x in enumerate(w) if x.isalpha() and len(x) >= 5]
            if len(w) < 4 or not idx:
                continue
            i = rng.choice(idx)
            new = rng.choice(vocab)
            if new.lower() == w[i].lower():
                continue
            w[i] = new
            rows.append((sp, 'word_replaced', 0, ' '.join(w), t))
        for t in rng.sample(pool, min(len(pool), 150)):
            o = rng.choice(pool).split(' ')
            ext = ' '.join(o[-rng.randint(2, 4):])
            rows.append((sp, 'extended', 0, t + ' ' + rng.choice(['for', 'in', 'with', 'and', 'und', 'et', 'y']) + ' ' + ext, t))
    with open(out, 'w', encoding='utf-8') as f:
        f.write('split\tkind\tlabel\ta\tb\n')
        for r in rows:
            a, b = r[3].replace('\t', ' ').replace('\n', ' '), r[4].replace('\t', ' ').replace('\n', ' ')
            f.write('%s\t%s\t%d\t%s\t%s\n' % (r[0], r[1], r[2], a, b))
    print('%d titles (%d dev, %d test), %d pairs -> %s' % (
        len(uniq), sum(split_of(t) == 'dev' for t in uniq), sum(split_of(t) == 'test' for t in uniq), len(rows), out))


if __name__ == '__main__':
    main()
