#!/usr/bin/env python3
"""render_csl_corpus.py -- new, differently written training and evaluation
references: the gold metadata of labelled references rendered through real
citation styles (CSL) by pandoc's citeproc, labelled from the rendering.

Usage:
  python3 model/render_csl_corpus.py REFERENCES.tsv OUTDIR --split SPLIT
      [--styles train|held-out|all] [--count N] [--rows N] [--per-style K] [--seed N]
      [--source NAME] [--styles-dir DIR] [--jobs N]

REFERENCES.tsv is model/prepare_corpora.py's output (or any file of that
format).  Only rows of --split are read; their labelled spans give CSL-JSON
items, which are rendered through styles of the --styles half, and the
rendered references are written to OUTDIR/references.tsv (same format:
source, item_id, split, text, one label letter per byte) and
OUTDIR/gold.tsv (prepare_corpora's gold fields computed from the new
labels), header lines included.  Source name: --source (default
"csl-<split>" for train, "csl-unseen-<split>" for held-out styles); split:
the input split; item_id: "<source>:<item_id>@<style>".

Needs python3 (stdlib) and the Debian packages pandoc (citeproc built in)
and citation-style-language-styles (CSL styles, CC BY-SA 3.0), used with
pandoc 2.17.1.1-2~deb12u1 and citation-style-language-styles
0~20230209.153790a-1.  Another pandoc or style release may render
differently, so the output is byte-for-byte reproducible for the same
input, options and package versions only.

Items (one per input row, from its labelled spans; rows without a title or
a year are skipped):
  author / editor   the a / e spans split into persons (prepare_corpora's
                    split_persons, family_of): "Smith, J." and "J. Smith"
                    give family Smith, given J.; a person of more than
                    three words without a comma or initials is an
                    institution (a literal name).  Rows with a person
                    holding a digit are skipped.
  title             the t spans joined (trailing , ; : . removed)
  container-title, volume, issue, page, publisher, publisher-place
                    the first c, v, i, p, u, l span
  issued            the year (first 1500-2099 in a y span)
  DOI               a 10.NNNN/... in the first d span
  genre             a note span naming a thesis or report
  type              chapter (editors and a container), paper-conference
                    (container naming a proceedings, conference, workshop,
                    symposium, congress or meeting), thesis (a thesis or
                    dissertation named in a note, the container or the
                    publisher), report (a report or working paper named
                    there), article-journal (a container), book (a
                    publisher and no container), else article-journal.

Labels come from the rendering: every field value is wrapped in its own
pair of private-use code points (U+E000..U+E013), and each person's family
name in a pair of its own (authors U+E100.., editors U+E300..), before
rendering; citeproc's case changes, quotes, punctuation and page-range
formatting leave them in place.  The rendered text (pandoc -t json: the
entry's Div, emphasis and small caps dropped, quotes as “ ” ‘ ’, every
whitespace run one space) is labelled by the innermost open pair, and the
pairs are stripped.  Names: the bytes from the first rendered family name
of a role to its last are that role's label (a / e) -- the given names,
initials and "and" between them included -- and so are the first person's
given name or initials before it (given-first styles), the last person's
after it (family-first styles: ", J. A.", " JA", ", John"), and a
following "et al." / "and others" / "u. a." / "…".  A given name is
recognised only as the words or initials of that person's given name.  A
leading citation number ("[3]", "3.", "(3)") is k; everything else is o;
a space keeps a label only between two bytes of that label.  A rendered
row is dropped when its pairs do not nest, a person's family name appears
twice, another field lies between two persons of the same role, or a
field's text lost its letters or digits (normalized content differs from
the value; pages must keep their first number).

Styles: the independent styles in --styles-dir (default
/usr/share/citation-style-language/styles/*.csl; the dependent/ folder
holds only aliases of these and is not read), sorted by file name, are
split by sha256(file name): the first 8 hex digits mod 100 < 20 ->
held-out, else train.  Held-out styles never render training rows.  The
eligible rows are shuffled with random.Random(--seed), cut to --count, and
dealt to the styles (themselves shuffled with the same generator) --per-style
at a time (one pandoc call per style and batch).
"""

import argparse
import concurrent.futures
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import prepare_corpora as pc  # noqa: E402

STYLES_DIR = "/usr/share/citation-style-language/styles"
HELD_OUT_PERCENT = 20

# field label -> (open, close) private-use sentinels
FIELD_MARK = {}
for _k, _lab in enumerate("tcvipyduln"):
    FIELD_MARK[_lab] = (chr(0xE000 + 2 * _k), chr(0xE001 + 2 * _k))
PERSON_BASE = {"a": 0xE100, "e": 0xE300}
MAX_PERSONS = 200
OPEN = {}   # sentinel -> (kind, label, person index or -1)
CLOSE = {}
for _lab, (_o, _c) in FIELD_MARK.items():
    OPEN[_o] = ("f", _lab, -1)
    CLOSE[_c] = ("f", _lab, -1)
for _lab, _base in PERSON_BASE.items():
    for _i in range(MAX_PERSONS // 2):
        OPEN[chr(_base + 2 * _i)] = ("n", _lab, _i)
        CLOSE[chr(_base + 2 * _i + 1)] = ("n", _lab, _i)

YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
ETAL_RE = re.compile(r"[,;]?\s*(?:et\s*al\b\.?|and others\b|u\.\s*a\.|…|\.\.\.)")
ALPHANUM = re.compile(r"[^\W_]+")


def style_half(name):
    h = int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:8], 16) % 100
    return "held-out" if h < HELD_OUT_PERCENT else "train"


def list_styles(styles_dir, half):
    names = sorted(f for f in os.listdir(styles_dir)
                   if f.endswith(".csl") and os.path.isfile(os.path.join(styles_dir, f)))
    return [n for n in names if half == "all" or style_half(n) == half]


def norm(s):
    return "".join(ALPHANUM.findall(s.lower()))


# ------------------------------------------------------------ items


def read_rows(path, split):
    rows = []
    with open(path, encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        assert head[:5] == ["source", "item_id", "split", "text", "labels"], head
        for line in f:
            src, item_id, sp, text, labels = line.rstrip("\n").split("\t")[:5]
            if sp == split:
                rows.append((src, item_id, text, labels))
    return rows


def char_spans(text, byte_labs):
    """(label, start, end) runs over characters, o excluded."""
    labs = []
    b = 0
    for ch in text:
        labs.append(byte_labs[b])
        b += len(ch.encode("utf-8"))
    return label_runs(labs)


def label_runs(labs):
    """(label, start, end) runs of one label per character, o excluded."""
    spans = []
    k = 0
    while k < len(labs):
        j = k
        while j < len(labs) and labs[j] == labs[k]:
            j += 1
        if labs[k] != "o":
            spans.append((labs[k], k, j))
        k = j
    return spans


def person_name(p):
    """CSL name of one person string, or None when it does not split."""
    p = p.strip(" ,;:")
    if not p or re.search(r"\d", p) or len(p) > 60:
        return None
    if "," in p:
        fam, given = [x.strip(" ,") for x in p.split(",", 1)]
        if not fam:
            return None
        return {"family": fam, "given": given} if given else {"family": fam}
    words = p.split()
    if len(words) > 3 and not any(pc.is_initials(w.strip(".")) for w in words):
        return {"literal": p}
    fam = pc.family_of(p)
    if not fam:
        return None
    if p.endswith(fam):
        given = p[:-len(fam)].strip(" ,")
    elif p.startswith(fam):
        given = p[len(fam):].strip(" ,")
    else:
        return None
    return {"family": fam, "given": given} if given else {"family": fam}


TYPE_PROC = re.compile(r"(?i)\b(proc\.?|proceedings|conference|conf\.|workshop|symposium|congress|meeting)\b")
TYPE_THESIS = re.compile(r"(?i)\b(thesis|dissertation|diss\.|ph\.?\s?d\.?|doctoral|master'?s?)\b")
TYPE_REPORT = re.compile(r"(?i)\b(report|rep\.|working paper|technical memo\w*|discussion paper)\b")


def make_item(text, byte_labs):
    """(csl item without id, {field: value}) or None."""
    spans = char_spans(text, byte_labs)
    by = {}
    for lab, s, e in spans:
        by.setdefault(lab, []).append(text[s:e].strip())
    title = re.sub(r"[\s,;:.]+$", "", " ".join(by.get("t", [])))
    year = ""
    for sp in by.get("y", []):
        m = YEAR_RE.search(sp)
        if m:
            year = m.group(1)
            break
    if len(norm(title)) < 4 or not year:
        return None
    item = {}
    names = {}
    for lab, var in (("a", "author"), ("e", "editor")):
        persons = []
        for sp in by.get(lab, []):
            persons.extend(pc.split_persons(sp))
        out = []
        for p in persons[:MAX_PERSONS // 2]:
            n = person_name(p)
            if n is None:
                return None
            out.append(n)
        if out:
            names[lab] = out
    first = lambda lab: re.sub(r"[\s,;:]+$", "", by[lab][0]) if by.get(lab) else ""
    fields = {"t": title, "y": year}
    for lab in "cvipul":
        v = first(lab)
        if lab in "vip":
            v = v.strip(" .")
        if norm(v):
            fields[lab] = v
    m = re.search(r"10\.\d{4,9}/\S+", " ".join(by.get("d", [])))
    if m:
        fields["d"] = m.group(0).rstrip(".,;:")
    notes = " ".join(by.get("n", []))
    hay = " ".join([notes, fields.get("c", ""), fields.get("u", "")])
    if "e" in names and "c" in fields:
        typ = "chapter"
    elif "c" in fields and TYPE_PROC.search(fields["c"]):
        typ = "paper-conference"
    elif TYPE_THESIS.search(hay):
        typ = "thesis"
        m = TYPE_THESIS.search(notes)
        if m:
            fields["n"] = re.sub(r"[\s,;:.]+$", "", notes.strip())
    elif TYPE_REPORT.search(hay):
        typ = "report"
        if TYPE_REPORT.search(notes):
            fields["n"] = re.sub(r"[\s,;:.]+$", "", notes.strip())
    elif "c" in fields:
        typ = "article-journal"
    elif "u" in fields:
        typ = "book"
    else:
        typ = "article-journal"
    for k, v in fields.items():
        if any(ch in OPEN or ch in CLOSE for ch in v):
            return None
    item["type"] = typ
    var = {"t": "title", "c": "container-title", "v": "volume", "i": "issue", "p": "page",
           "u": "publisher", "l": "publisher-place", "d": "DOI", "n": "genre"}
    if typ == "report" and "c" in fields:
        var["c"] = "collection-title"
    for lab, v in fields.items():
        o, c = FIELD_MARK[lab]
        if lab in "tc" and v[:1].islower():
            # a style's title case cannot reach a first letter behind the
            # sentinel: capitalise it here, as nearly every style would
            v = v[:1].upper() + v[1:]
        if lab == "y":
            item["issued"] = {"literal": o + v + c}
        else:
            item[var[lab]] = o + v + c
    for lab, persons in names.items():
        lst = []
        for i, n in enumerate(persons):
            o, c = chr(PERSON_BASE[lab] + 2 * i), chr(PERSON_BASE[lab] + 2 * i + 1)
            if "literal" in n:
                lst.append({"literal": o + n["literal"] + c})
            else:
                d = {"family": o + n["family"] + c}
                if n.get("given"):
                    d["given"] = n["given"]
                lst.append(d)
        item["author" if lab == "a" else "editor"] = lst
    return item, fields, names


# ------------------------------------------------------------ rendering


def inline_text(x, out):
    if isinstance(x, list):
        for y in x:
            inline_text(y, out)
        return
    if not isinstance(x, dict):
        return
    t, c = x.get("t"), x.get("c")
    if t == "Str":
        out.append(c)
    elif t in ("Space", "SoftBreak", "LineBreak"):
        out.append(" ")
    elif t in ("Emph", "Strong", "Underline", "Strikeout", "Superscript", "Subscript",
               "SmallCaps", "Plain", "Para"):
        inline_text(c, out)
    elif t == "Quoted":
        q = ("“", "”") if c[0].get("t") == "DoubleQuote" else ("‘", "’")
        out.append(q[0])
        inline_text(c[1], out)
        out.append(q[1])
    elif t in ("Span", "Div"):
        for blk in c[1]:
            inline_text(blk, out)
            if t == "Div":
                out.append(" ")
    elif t in ("Link", "Image"):
        inline_text(c[1], out)
    elif t == "Cite":
        inline_text(c[1], out)
    elif t in ("Code", "Math"):
        out.append(c[1])


def find_entries(blocks, found):
    for b in blocks:
        if isinstance(b, dict) and b.get("t") == "Div":
            attr, inner = b["c"]
            if attr[0].startswith("ref-") and "csl-entry" in attr[1]:
                out = []
                for blk in inner:
                    inline_text(blk, out)
                    out.append(" ")
                found[attr[0][4:]] = "".join(out)
            else:
                find_entries(inner, found)


def render(style_path, items):
    """{id: rendered text with sentinels} for a batch of items in one style."""
    with tempfile.TemporaryDirectory(prefix="pith-csl.") as d:
        bib = os.path.join(d, "items.json")
        doc = os.path.join(d, "doc.md")
        with open(bib, "w", encoding="utf-8") as f:
            json.dump(items, f, ensure_ascii=False, sort_keys=True)
        with open(doc, "w", encoding="utf-8") as f:
            f.write('---\nnocite: "@*"\n---\n')
        r = subprocess.run(["pandoc", doc, "--citeproc", "--bibliography", bib, "--csl", style_path,
                            "-t", "json"], capture_output=True, timeout=120)
        if r.returncode != 0:
            return {}
        found = {}
        find_entries(json.loads(r.stdout.decode("utf-8"))["blocks"], found)
        return found


GIVEN_TOKEN = re.compile(r"[^\W\d_]+")


def given_matcher(given):
    """Function: a run of text -> True when it consists of this given name's
    words or initials (with dots, hyphens and spaces)."""
    words = [w for w in re.split(r"[\s.\-‐]+", given) if w]
    lw = [w.lower() for w in words]
    initials = "".join(w[0].lower() for w in words)

    def ok(run):
        toks = GIVEN_TOKEN.findall(run)
        if not toks or re.search(r"[^\w\s.\-‐’']", run) or re.search(r"\d", run):
            return False
        for t in toks:
            tl = t.lower()
            if tl in lw:
                continue
            if len(t) == 1 and tl in initials:
                continue
            if t.isupper() and len(t) <= len(initials) and tl in initials:
                continue
            return False
        return True
    return ok


def label_rendered(raw, names):
    """(text, labels per character) or None when the row must be dropped."""
    chars, labs = [], []
    stack = []
    persons = {}   # (role, index) -> (start, end) in chars
    for ch in raw:
        if ch in OPEN:
            stack.append(OPEN[ch] + (len(chars),))
            continue
        if ch in CLOSE:
            if not stack or stack[-1][:3] != CLOSE[ch]:
                return None
            kind, lab, idx, start = stack.pop()
            if kind == "n":
                if (lab, idx) in persons:
                    return None
                persons[(lab, idx)] = (start, len(chars))
            continue
        if 0xE000 <= ord(ch) <= 0xF8FF:
            return None
        chars.append(" " if ch.isspace() else ch)
        labs.append(stack[-1][1] if stack else "o")
    if stack:
        return None
    n = len(chars)
    text = "".join(chars)

    def boundary_left(k):
        while k > 0 and labs[k - 1] == "o":
            k -= 1
        return k

    def boundary_right(k):
        while k < n and labs[k] == "o":
            k += 1
        return k

    for role in ("a", "e"):
        rendered = sorted((s, e, i) for (lab, i), (s, e) in persons.items() if lab == role)
        if not rendered:
            continue
        lo, hi = rendered[0][0], rendered[-1][1]
        if any(labs[k] not in ("o", role) for k in range(lo, hi)):
            return None
        people = names[role]

        def gm(i):
            g = people[i].get("given", "")
            return given_matcher(g) if g else None
        # first person: given name before the family name
        s0, e0, i0 = rendered[0]
        m = gm(i0)
        given_first = set()
        if m:
            seg_lo = boundary_left(s0)
            seg = text[seg_lo:s0]
            best = None
            for mm in re.finditer(r"(?:(?<=[\s(\[])|^)[^\W\d_]", seg):
                if m(seg[mm.start():]):
                    best = mm.start()
                    break
            if best is not None:
                lo = seg_lo + best
                given_first.add(i0)
        # any later person whose given name stands before it is given-first too
        for (s, e, i), (ps, pe, pi) in zip(rendered[1:], rendered[:-1]):
            m = gm(i)
            seg = text[pe:s]
            if m and any(m(seg[mm.start():]) for mm in re.finditer(r"(?:(?<=[\s(\[])|^)[^\W\d_]", seg)):
                given_first.add(i)
        # last person: given name after the family name (family-first)
        sl, el, il = rendered[-1]
        m = gm(il)
        if m and il not in given_first:
            seg = text[el:boundary_right(el)]
            mm = re.match(r"[,\s]*", seg)
            j = mm.end()
            best = None
            # grow the run token by token while it stays a given-name run
            for tm in re.finditer(r"[^\W\d_]+\.?", seg[j:]):
                cand = seg[j:j + tm.end()]
                if m(cand):
                    best = j + tm.end()
                else:
                    break
            if best is not None:
                hi = el + best
        # et al.
        seg = text[hi:boundary_right(hi)]
        mm = ETAL_RE.match(seg)
        if mm:
            hi = hi + mm.end()
        for k in range(lo, hi):
            labs[k] = role
    # citation number
    first_lab = boundary_right(0)
    mm = pc.CITE_LABEL_RE.match(text[:first_lab])
    if mm:
        for k in range(mm.start(1), mm.end(1)):
            labs[k] = "k"
    # whitespace: collapse runs, strip, a space keeps a label only between two of it
    out_c, out_l = [], []
    for ch, lab in zip(chars, labs):
        if ch == " " and (not out_c or out_c[-1] == " "):
            continue
        out_c.append(ch)
        out_l.append(lab)
    while out_c and out_c[-1] == " ":
        out_c.pop()
        out_l.pop()
    for k, ch in enumerate(out_c):
        if ch == " ":
            out_l[k] = out_l[k - 1] if 0 < k < len(out_c) - 1 and out_l[k - 1] == out_l[k + 1] else "o"
    return "".join(out_c), out_l


def check_fields(text, labs, fields):
    """Every rendered field span keeps its value's letters and digits."""
    spans = {}
    k = 0
    while k < len(labs):
        j = k
        while j < len(labs) and labs[j] == labs[k]:
            j += 1
        spans.setdefault(labs[k], []).append(text[k:j])
        k = j
    for lab, v in fields.items():
        for got in spans.get(lab, []):
            if lab == "p":
                a, b = re.match(r"\D*(\d*)", got).group(1), re.match(r"\D*(\d*)", v).group(1)
                if a != b:
                    return False
            elif norm(got) != norm(v):
                return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("references")
    ap.add_argument("outdir")
    ap.add_argument("--split", required=True, choices=["train", "dev", "test"])
    ap.add_argument("--styles", default=None, choices=["train", "held-out", "all"],
                    help="style half (default: train for --split train, else held-out); "
                         "all: every style of --styles-dir (for checks)")
    ap.add_argument("--count", type=int, default=0, help="at most N input rows (0 = all)")
    ap.add_argument("--rows", type=int, default=0,
                    help="stop after N rendered rows (0 = all); the first N rows of a full run")
    ap.add_argument("--per-style", type=int, default=4)
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--source", default=None)
    ap.add_argument("--styles-dir", default=STYLES_DIR)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    half = args.styles or ("train" if args.split == "train" else "held-out")
    source = args.source or ("csl-unseen-" if half == "held-out" else "csl-") + args.split

    styles = list_styles(args.styles_dir, half)
    if not styles:
        sys.exit("render_csl_corpus: no styles in %s" % args.styles_dir)
    rows = read_rows(args.references, args.split)
    items = []
    for src, item_id, text, labels in rows:
        r = make_item(text, labels)
        if r:
            items.append((src + ":" + item_id, r))
    rng = random.Random(args.seed)
    rng.shuffle(items)
    if args.count:
        items = items[:args.count]
    order = list(styles)
    rng.shuffle(order)
    batches = []
    for b in range(0, len(items), args.per_style):
        style = order[(b // args.per_style) % len(order)]
        batches.append((style, items[b:b + args.per_style]))

    def job(batch):
        style, its = batch
        csl = []
        for k, (iid, (item, fields, names)) in enumerate(its):
            d = dict(item)
            d["id"] = "r%d" % k
            csl.append(d)
        return render(os.path.join(args.styles_dir, style), csl)

    out = []
    dropped = {"no_entry": 0, "labels": 0, "fields": 0}
    done = []
    chunk = 8 * max(1, args.jobs)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for c0 in range(0, len(batches), chunk):
            if args.rows and len(out) >= args.rows:
                break
            part = batches[c0:c0 + chunk]
            done.extend(part)
            for (style, its), found in zip(part, ex.map(job, part)):
                for k, (iid, (item, fields, names)) in enumerate(its):
                    raw = found.get("r%d" % k)
                    if raw is None:
                        dropped["no_entry"] += 1
                        continue
                    r = label_rendered(raw, names)
                    if r is None:
                        dropped["labels"] += 1
                        continue
                    text, labs = r
                    if not text or not check_fields(text, labs, fields):
                        dropped["fields"] += 1
                        continue
                    out.append((iid + "@" + style[:-4], text, labs))
    if args.rows:
        out = out[:args.rows]

    os.makedirs(args.outdir, exist_ok=True)
    with open(os.path.join(args.outdir, "references.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("source\titem_id\tsplit\ttext\tlabels\n")
        for iid, text, labs in out:
            f.write("\t".join((source, pc.tsv(iid), args.split, text, pc.byte_labels(text, labs))) + "\n")
    with open(os.path.join(args.outdir, "gold.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(["source", "item_id", "split"] + pc.GOLD_COLS) + "\n")
        for iid, text, labs in out:
            g = pc.gold_fields(text, label_runs(labs))
            f.write("\t".join([source, pc.tsv(iid), args.split] + [pc.tsv(g[c]) for c in pc.GOLD_COLS]) + "\n")
    used = sorted(set(s for s, its in done))
    sys.stdout.write("%s\t%s split\t%d input rows\t%d items\t%d styles (%s half of %s)\t"
                     "%d rendered\tdropped: no entry %d, labels %d, fields %d\n" % (
                         source, args.split, len(rows), len(items), len(used), half,
                         args.styles_dir, len(out), dropped["no_entry"], dropped["labels"],
                         dropped["fields"]))


if __name__ == "__main__":
    main()
