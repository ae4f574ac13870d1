#!/usr/bin/env python3
"""augment_corpus.py -- derive extra, re-styled training references from the
train split of references.tsv (written by model/prepare_corpora.py), for
training pith's reference parser on more varied reference styles.

Usage:
  python3 model/augment_corpus.py REFERENCES.tsv OUT.tsv
      [--variants N] [--seed N] [--weight SOURCE=N ...] [--header]

Python 3 stdlib only.  The output is byte-for-byte reproducible: the same
input, options and seed give the same bytes (every variant draws from its
own generator, seeded with the seed, source, item id and variant number).

Only rows whose split is `train` are read; dev and test rows are skipped
unread, so nothing of them reaches the output.  Each output row has the
columns of references.tsv (source, item_id, split, text, labels) with
source "aug-" + the source of its row (aug-grobid, aug-anystyle-ugly, ...),
item_id = the row's item_id + "#" + the variant number, and split `train`;
no header line unless --header, so that the file can be appended to
references.tsv.  --variants N (default 1) variants per train row; --weight
anystyle-ugly=2 gives one source's rows another count (0 drops them).

A variant is made in two steps.

1. Re-assembly.  The row's labels are cut into field units: a maximal run
   of one field label, together with the o-labelled text inside it that
   lies between two bytes of that label ("Smith, J. and Doe, K." of a
   GROBID author list keeps its o-labelled ", " and " and ").  A row
   whose author, editor, title, container, volume, issue, pages, date,
   publisher, location or citation-number units occur at most once each
   is re-assembled in a style drawn at random: with or without a citation
   number ("[12] ", "12. ", "(12) " -- label k, the space o); the date
   after the authors ("Smith, J. (1999). ", "SMITH J., 1999: ") or at the
   end; the title bare or in “ ”, " ", « », ‘ ’, „ “ quotes; the container
   after "In: ", "In ", "in: ", "Dans " (with the editors and "(Hrsg.)",
   "(Eds.)", "(éd.)", "(dir.)", "ed. by") or bare; volume and issue as
   "12(3)", "vol. 12, no. 3", "Bd. 12, H. 3", "Jg. 12, Nr. 3", "t. 12,
   n° 3", ...; pages after ": ", ", pp. ", ", p. ", ", S. ", " (pp. ...)";
   place and publisher as "Paris: Seuil", "Seuil, Paris", ...; separators
   ". ", ", ", ": ", "; ".  Notes, DOIs, arXiv ids and URLs follow at the
   end with the words that preceded them in the row ("doi:" is labelled
   d in some rows and o in others; it is kept as it was).  All glue text
   is labelled o, the way both corpora label it (prepare_corpora.py trims
   quotes, "In:", "pp.", "Vol.", "(Hrsg.)" out of AnyStyle's fields and
   GROBID's spans never hold them).  One variant in four, and every row
   that does not qualify, keeps its own order and glue.

2. Noise seen in text extracted from PDFs, each with a small probability:
   the author unit (or its first word) in capitals; the title in capitals;
   a missing space after a separator ("1999.The"); the space before a
   separator instead of after it ("Leoni ,Saeedeh"); two words of a
   title, container or publisher run together ("AcademicPress"); a
   line-end hyphenation inside a long title or container word ("multi-
   lingual", the "- " taking the word's label).

The label column keeps one letter per UTF-8 byte of the text (a character
that changes its byte length when upper-cased takes its label for every
byte), and no text holds a tab, a line break or two spaces in a row.
"""
import argparse
import random
import sys

FIELDS = "aetcvipyulk"      # units that must occur at most once to re-style
TAIL = "ndxw"               # units moved to the end with their own glue


def char_labels(text, labels):
    """[(char, label)] for a row: a character takes its first byte's label."""
    out = []
    pos = 0
    for ch in text:
        out.append((ch, labels[pos]))
        pos += len(ch.encode("utf-8"))
    return out


def units(cl):
    """Split [(char, label)] into [(kind, [(char, label)], glue_before)];
    kind 'o' never appears as a unit; glue_before is the o text before it."""
    res = []
    i = 0
    n = len(cl)
    glue = []
    while i < n:
        lab = cl[i][1]
        if lab == "o":
            glue.append(cl[i])
            i += 1
            continue
        # the unit runs to the last byte of this label before another label
        j = i
        last = i
        while j < n and cl[j][1] in (lab, "o"):
            if cl[j][1] == lab:
                last = j
            j += 1
        res.append((lab, cl[i:last + 1], glue))
        glue = []
        i = last + 1
    return res, glue


def G(s):
    return [(c, "o") for c in s]


def upper(cl):
    out = []
    for c, lab in cl:
        for u in c.upper():
            out.append((u, lab))
    return out


def text_of(cl):
    return "".join(c for c, _ in cl)


def pick(rng, items):
    """items: [(weight, value)]"""
    tot = sum(w for w, _ in items)
    r = rng.random() * tot
    for w, v in items:
        r -= w
        if r < 0:
            return v
    return items[-1][1]


def ends_sentence(cl):
    return bool(cl) and cl[-1][0] in ".?!"


def sep(rng, prev, choices):
    """glue after unit prev: drops a leading '.' when prev ends in . ? !"""
    g = pick(rng, choices)
    if prev and ends_sentence(prev) and g.startswith("."):
        g = g[1:]
        if not g.startswith(" ") and g:
            g = " " + g
        if not g:
            g = " "
    return G(g)


def restyle(rng, u, tail):
    """Re-assemble the units of one row in a random style."""
    by = {k: cl for k, cl, _ in u if k in FIELDS}
    out = []
    last = None             # last unit's chars, to see how it ends

    def put(cl):
        nonlocal last
        out.extend(cl)
        last = cl

    def glue(choices):
        join(sep(rng, last, choices))

    def join(g):
        """append glue g; after glue that ends in a space, only g's words"""
        if out and out[-1] == (" ", "o"):
            k = 0
            while k < len(g) and g[k][0] in " .,;:":
                k += 1
            g = g[k:]
        out.extend(g)

    if "k" in by or rng.random() < 0.25:
        num = str(rng.randint(1, 180))
        form = pick(rng, [(4, "[%s]"), (3, "%s."), (1, "(%s)"), (1, "%s)"), (1, "%s")])
        out.extend((c, "k") for c in form % num)
        out.extend(G(" "))
    a = by.get("a")
    year = by.get("y")
    year_first = year is not None and a is not None and rng.random() < 0.5
    if a is not None:
        r = rng.random()
        if r < 0.10:
            a = upper(a)
        elif r < 0.18:
            # first word in capitals: "ROBERT Louis", "MASSONE, J.E."
            k = 0
            while k < len(a) and a[k][0] not in " ,":
                k += 1
            a = upper(a[:k]) + a[k:]
        put(a)
    elif "e" in by and "c" not in by:
        put(by["e"])
        glue([(2, " (ed.)"), (1, " (eds.)"), (1, " (Hrsg.)"), (1, " (Ed.)"), (1, " (éd.)")])
        by = dict(by)
        del by["e"]
    if year_first:
        glue([(4, " ("), (2, ", "), (2, ". "), (1, " "), (1, " [")])
        opener = out[-1][0] if out else ""
        put(year)
        if opener == "(":
            out.extend(G(pick(rng, [(5, "). "), (2, "): "), (1, ") "), (1, "), ")])))
        elif opener == "[":
            out.extend(G(pick(rng, [(1, "]. "), (1, "] ")])))
        else:
            out.extend(G(pick(rng, [(3, ". "), (2, ": "), (1, ", ")])))
    elif out and out[-1][1] != "o" and by.get("t") is not None:
        glue([(5, ". "), (4, ", "), (2, ": "), (1, " : "), (1, "; ")])
    t = by.get("t")
    if t is not None:
        if rng.random() < 0.04:
            t = upper(t)
        q = pick(rng, [(10, None), (3, ("“", "”")), (2, ('"', '"')), (2, ("« ", " »")),
                       (1, ("«", "»")), (1, ("‘", "’")), (1, ("„", "“"))])
        if out and out[-1][1] != "o":
            glue([(2, ". "), (1, ", ")])
        if q is None:
            put(t)
            after = None
        else:
            out.extend(G(q[0]))
            put(t)
            after = q[1]
        rest = [k for k in "ecvipulyn" if k in by]
        if after is not None:
            if rng.random() < 0.4 and rest and not ends_sentence(t) and after in "”\"":
                out.extend(G(pick(rng, [(2, ","), (1, ".")]) + after + " "))
            else:
                out.extend(G(after))
                if rest:
                    out.extend(G(pick(rng, [(3, ", "), (2, ". "), (1, " ")])))
        elif rest:
            glue([(6, ". "), (3, ", "), (1, ": "), (1, " ")])
    c = by.get("c")
    e = by.get("e")
    book = "u" in by or "l" in by
    if c is not None:
        if e is not None:
            style = rng.randrange(5)
            intro = pick(rng, [(4, "In: "), (3, "In "), (2, "in: "), (1, "in "), (1, "Dans ")])
            if out and out[-1][0] != " ":
                out.extend(G(" "))
            if style < 3:
                out.extend(G(intro))
                put(e)
                out.extend(G(pick(rng, [(3, " (Hrsg.): "), (3, " (Eds.), "), (2, " (ed.), "),
                                        (2, " (éd.), "), (1, " (dir.), "), (2, " (Hg.): "),
                                        (2, " (eds.) "), (1, ", ed., ")])))
                put(c)
            elif style == 3:
                out.extend(G(intro))
                put(c)
                out.extend(G(pick(rng, [(2, ", ed. by "), (1, ", hg. v. "), (1, ", edited by "),
                                        (1, ", éd. par ")])))
                put(e)
            else:
                out.extend(G(intro))
                put(e)
                out.extend(G(pick(rng, [(1, ", "), (1, " (ed.) ")])))
                put(c)
        else:
            if out and out[-1][0] != " ":
                out.extend(G(" "))
            if book and rng.random() < 0.6:
                out.extend(G(pick(rng, [(4, "In: "), (3, "In "), (2, "in: "), (1, "Dans ")])))
            elif rng.random() < 0.04:
                out.extend(G("// "))
            put(c)
    elif e is not None:
        if out and out[-1][0] != " ":
            out.extend(G(" "))
        out.extend(G(pick(rng, [(1, "ed. by "), (1, "hg. v. "), (1, "Ed. ")])))
        put(e)
    v = by.get("v")
    i = by.get("i")
    year_done = year_first or year is None
    if v is not None or i is not None:
        forms = [(6, ("", " ", "(", ")")), (3, (",", " ", " (", ")")), (3, (",", " vol. ", ", no. ", "")),
                 (2, (",", " Vol. ", ", No. ", "")), (1, (",", " ", ", no. ", "")),
                 (1, ("", " ", ", H. ", "")), (1, (",", " Bd. ", ", H. ", "")),
                 (1, (",", " Jg. ", ", Nr. ", "")), (1, (",", " t. ", ", n° ", "")),
                 (1, (",", " v. ", ", n. ", "")), (1, ("", " ", ":", "")), (1, (".", " ", ".", ""))]
        f = pick(rng, forms)
        if last is not None and not (out and out[-1][0] == " "):
            out.extend(G(f[0] + f[1]))
        elif f[1].strip():
            out.extend(G(f[1].lstrip()))
        if v is not None:
            put(v)
        if i is not None:
            if v is None:
                out.extend(G(pick(rng, [(1, "no. "), (1, "Nr. "), (1, "H. ")])))
            else:
                out.extend(G(f[2]))
            put(i)
            out.extend(G(f[3]))
        if not year_done and not book and rng.random() < 0.35:
            out.extend(G(" ("))
            put(year)
            out.extend(G(")"))
            year_done = True
    p = by.get("p")
    pub = [(k, by[k]) for k in ("l", "u") if k in by]
    if pub:
        if rng.random() < 0.5:
            pub.reverse()
        glue([(5, ". "), (4, ", "), (1, " ")])
        put(pub[0][1])
        if len(pub) > 1:
            if pub[0][0] == "l":
                out.extend(G(pick(rng, [(4, ": "), (2, " : "), (1, ", ")])))
            else:
                out.extend(G(", "))
            put(pub[1][1])
        if not year_done:
            glue([(4, ", "), (3, " "), (1, ". ")])
            put(year)
            year_done = True
    if p is not None:
        if v is not None and not pub and rng.random() < 0.5:
            g = pick(rng, [(3, ": "), (3, ", "), (1, ":"), (1, ", pp. "), (1, ", p. ")])
        else:
            g = pick(rng, [(3, ", pp. "), (2, ", p. "), (2, ", S. "), (2, ": "), (2, ", "),
                           (1, " (pp. "), (1, ". pp. "), (1, ", pages ")])
        join(G(g))
        put(p)
        if g == " (pp. ":
            out.extend(G(")"))
    if not year_done:
        g = pick(rng, [(4, ", "), (2, ". "), (2, " ("), (1, " ")])
        if not out:
            g = ""
        join(G(g))
        put(year)
        if g == " (":
            out.extend(G(")"))
    for gl, cl in tail:
        # the row's own words before the unit ("doi:", "Available at "),
        # without the closing brackets and separators of the unit before
        k = 0
        while k < len(gl) and gl[k][0] in ")]}.,;: ":
            k += 1
        gl = gl[k:]
        if out:
            gl = G(pick(rng, [(3, ". "), (2, ", "), (1, " ")])) + gl
        join(gl)
        put(cl)
    if out and out[-1][1] != "o" and out[-1][0] not in ".?!" and rng.random() < 0.7:
        out.extend(G("."))
    return out


def noise(rng, cl):
    """PDF-like damage: missing spaces after separators, a hyphenation."""
    if rng.random() < 0.15:
        res = []
        for k, (c, lab) in enumerate(cl):
            if (c == " " and lab == "o" and k > 0 and cl[k - 1][0] in ".,;:" and
                    k + 1 < len(cl) and cl[k + 1][0].isalpha() and rng.random() < 0.5):
                continue
            res.append((c, lab))
        cl = res
    if rng.random() < 0.08:
        # the space before the separator instead of after it ("Leoni ,Saeedeh")
        res = []
        k = 0
        while k < len(cl):
            c, lab = cl[k]
            if (c in ",." and lab == "o" and k > 0 and cl[k - 1][0] != " " and
                    k + 1 < len(cl) and cl[k + 1] == (" ", "o") and rng.random() < 0.6):
                res.extend([(" ", "o"), (c, "o")])
                k += 2
                continue
            res.append((c, lab))
            k += 1
        cl = res
    if rng.random() < 0.06:
        # two words of a title, container or publisher run together
        spots = [k for k in range(1, len(cl) - 1)
                 if cl[k][0] == " " and cl[k][1] in "tcu" and cl[k - 1][1] == cl[k][1] and
                 cl[k - 1][0].isalpha() and cl[k + 1][0].isalpha()]
        if spots:
            k = spots[rng.randrange(len(spots))]
            cl = cl[:k] + cl[k + 1:]
    if rng.random() < 0.12:
        # words of >= 8 letters inside a title or container
        spots = []
        k = 0
        while k < len(cl):
            if cl[k][1] in "tc" and cl[k][0].isalpha() and (k == 0 or not cl[k - 1][0].isalpha()):
                j = k
                while j < len(cl) and cl[j][0].isalpha() and cl[j][1] == cl[k][1]:
                    j += 1
                if j - k >= 8:
                    spots.append((k, j))
                k = j
            else:
                k += 1
        if spots:
            k, j = spots[rng.randrange(len(spots))]
            at = rng.randint(k + 3, j - 3)
            lab = cl[at][1]
            cl = cl[:at] + [("-", lab), (" ", lab)] + cl[at:]
    return cl


def finish(cl):
    """collapse space runs, strip the ends, relabel spaces like
    prepare_corpora.py: a space keeps a label only when both sides share it"""
    res = []
    for c, lab in cl:
        if c in "\t\n\r":
            c = " "
        if c == " " and (not res or res[-1][0] == " "):
            continue
        res.append((c, lab))
    while res and res[-1][0] == " ":
        res.pop()
    for k, (c, lab) in enumerate(res):
        if c == " ":
            l1 = res[k - 1][1]
            l2 = res[k + 1][1]
            res[k] = (c, l1 if l1 == l2 else "o")
    text = "".join(c for c, _ in res)
    labels = "".join(lab * len(c.encode("utf-8")) for c, lab in res)
    return text, labels


def variant(seed, src, item, n, text, labels):
    rng = random.Random("%d:%s:%s:%d" % (seed, src, item, n))
    cl = char_labels(text, labels)
    u, trail = units(cl)
    counts = {}
    for k, _, _ in u:
        counts[k] = counts.get(k, 0) + 1
    ok = all(counts.get(k, 0) <= 1 for k in FIELDS) and u
    if ok and rng.random() >= 0.25:
        tail = [(g, c) for k, c, g in u if k in TAIL]
        cl = restyle(rng, u, tail)
    else:
        # own order and glue; capitals on the author unit only
        if rng.random() < 0.15 and u and u[0][0] == "a":
            pos = len(u[0][2])
            cl = cl[:pos] + upper(u[0][1]) + cl[pos + len(u[0][1]):]
    cl = noise(rng, cl)
    return finish(cl)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--variants", type=int, default=1)
    ap.add_argument("--seed", type=int, default=20261201)
    ap.add_argument("--weight", action="append", default=[],
                    help="SOURCE=N variants for one source's rows")
    ap.add_argument("--header", action="store_true")
    args = ap.parse_args()
    weights = {}
    for w in args.weight:
        s, _, n = w.partition("=")
        weights[s] = int(n)
    nout = 0
    with open(args.corpus, encoding="utf-8", newline="\n") as f, \
            open(args.out, "w", encoding="utf-8", newline="\n") as o:
        head = f.readline()
        if args.header:
            o.write(head)
        for line in f:
            fl = line.rstrip("\n").split("\t")
            if len(fl) != 5 or fl[2] != "train":
                continue
            src, item, _, text, labels = fl
            if not text or len(text.encode("utf-8")) != len(labels):
                continue
            for n in range(weights.get(src, args.variants)):
                t, lab = variant(args.seed, src, item, n, text, labels)
                if not t:
                    continue
                o.write("aug-%s\t%s#%d\ttrain\t%s\t%s\n" % (src, item, n, t, lab))
                nout += 1
    print("augment_corpus: %d rows" % nout, file=sys.stderr)


if __name__ == "__main__":
    main()
