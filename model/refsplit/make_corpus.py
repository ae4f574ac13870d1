#!/usr/bin/env python3
"""make_corpus.py -- the reference splitter's corpora from a GROBID snapshot.

    make_corpus.py GIT_DIR COMMIT OUTDIR

Reads (with `git show`, nothing is checked out) two of GROBID's training sets
at the pinned commit and writes, outside the repository:

  OUTDIR/refseg_lines.tsv   one row per text line of the reference-segmenter
                            set: doc, split, label, text.  label is b (a
                            reference begins on this line), i (inside one),
                            o (not part of any reference: headers, page
                            numbers, headings).  Rows of one doc are in order.
  (A file whose annotation has fewer lines than references -- the line
  breaks were lost -- is left out: split_references reads line-broken text.)
  OUTDIR/refseg_docs.tsv    one row per reference-segmenter file: doc, split,
                            text (lines joined by newlines, escaped \\n \\t
                            \\\\), gold references as start-end character
                            offsets (first to last non-blank character).
  OUTDIR/assembled_docs.tsv  full texts built from a paper body, a
                            "References" heading, a reference list with page
                            breaks inserted and an appendix (both parts from
                            one split); same columns as refseg_docs.tsv.
  OUTDIR/seg_docs.tsv       one row per segmentation (full paper) file: doc,
                            split, text (escaped), first and last line number
                            (0-based) of the reference list zone(s), or -1 -1
                            when the paper has none.

The split is fixed by the file name: the first byte of sha256(name) < 26 is
test, < 52 dev, else train.  The same names give the same split on every run.
"""
import hashlib
import html
import re
import subprocess
import sys

REFSEG = "grobid-trainer/resources/dataset/reference-segmenter"
SEG = "grobid-trainer/resources/dataset/segmentation"


def split_of(name):
    b = hashlib.sha256(name.encode()).digest()[0]
    return "test" if b < 26 else "dev" if b < 52 else "train"


def git_ls(gitdir, commit, path):
    out = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "--name-only", commit, path],
                         check=True, capture_output=True, text=True).stdout
    return [p for p in out.splitlines() if p.endswith(".tei.xml")]


def git_show(gitdir, commit, path):
    return subprocess.run(["git", "--git-dir", gitdir, "show", commit + ":" + path],
                          check=True, capture_output=True).stdout.decode("utf-8", "replace")


def escape(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", " ")


def doc_name(path):
    base = path.rsplit("/", 1)[1]
    return re.sub(r"\.training\..*$", "", base)


TAG = re.compile(r"<(/?)([a-zA-Z]+)([^>]*?)(/?)>")


def body_of(xml, tag):
    m = re.search(r"<%s[^>]*>(.*)</%s>" % (tag, tag), xml, re.S)
    return m.group(1) if m else ""


def refseg_doc(xml):
    """lines [(text, label)], text, gold spans"""
    inner = body_of(xml, "listBibl")
    # walk: text pieces with a flag "inside bibl"; <lb/> ends a line
    lines = []          # list of [text, starts_ref, any_inside]
    cur = ["", False, False]
    inside = False
    spans = []          # per bibl: (line, col) start and end, filled later
    pos = 0
    pieces = []
    for m in TAG.finditer(inner):
        pieces.append(("text", inner[pos:m.start()]))
        pieces.append(("tag", m))
        pos = m.end()
    pieces.append(("text", inner[pos:]))
    # build the raw text with offsets
    text_parts = []
    offset = 0
    line_start = 0
    bibl_start = None
    gold = []
    line_text = []
    line_rows = []
    line_has_start = False
    line_inside = False

    def flush_line():
        nonlocal line_text, line_has_start, line_inside, offset, line_start
        raw = "".join(line_text)
        line_rows.append((raw, line_has_start, line_inside))
        line_text = []
        line_has_start = False
        line_inside = inside

    cur_bibl_chars = []
    for kind, v in pieces:
        if kind == "text":
            t = html.unescape(v.replace("\n", " "))
            line_text.append(t)
            if inside and t.strip():
                line_inside = True
            continue
        closing, name = v.group(1) == "/", v.group(2)
        if name == "lb":
            flush_line()
        elif name == "bibl" and not closing:
            inside = True
            line_text.append("\x01")     # marks a reference start
            line_has_start = True
            line_inside = True
        elif name == "bibl" and closing:
            line_text.append("\x02")     # marks a reference end
            inside = False
    flush_line()
    # clean lines: strip blanks, keep markers' positions
    out_lines = []
    for raw, has_start, ins in line_rows:
        s = re.sub(r"[\s\u00a0]+", " ", raw)
        # strip, but markers count as non-blank only for position purposes
        s = s.strip(" ")
        vis = s.replace("\x01", "").replace("\x02", "")
        if not vis.strip():
            # a line with only markers: move markers to neighbours
            if out_lines and "\x02" in s:
                out_lines[-1] = out_lines[-1] + "\x02" * s.count("\x02")
            if "\x01" in s:
                out_lines.append("\x01")   # will be merged into the next line
            continue
        if out_lines and out_lines[-1] == "\x01":
            s = "\x01" + s
            out_lines.pop()
        out_lines.append(s)
    rows = []
    text_chars = []
    starts = []
    ends = []
    inside = False
    pos = 0
    for li, s in enumerate(out_lines):
        if s == "\x01":
            continue
        if li and text_chars:
            text_chars.append("\n")
            pos += 1
        label = None
        line_begin_inside = inside
        vis_seen = False
        for ch in s:
            if ch == "\x01":
                starts.append(pos)
                inside = True
                if not vis_seen and label is None:
                    label = "b"
                elif label is None:
                    label = "b"          # reference starts mid-line
                continue
            if ch == "\x02":
                ends.append(pos)
                inside = False
                continue
            if ch != " ":
                vis_seen = True
                if label is None:
                    label = "i" if inside else "o"
            text_chars.append(ch)
            pos += 1
        if label is None:
            label = "i" if line_begin_inside else "o"
        text = s.replace("\x01", "").replace("\x02", "")
        rows.append((label, text.strip()))
    text = "".join(text_chars)
    spans = []
    for a, b in zip(starts, ends):
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            spans.append((a, b))
    return rows, text, spans


def seg_doc(xml):
    inner = body_of(xml, "text")
    inner = re.sub(r"<!--.*?-->", "", inner, flags=re.S)
    lines = []
    zone_stack = []
    cur = []
    cur_zone = None
    pos = 0
    ref_lines = []
    in_bibl = False
    line_in_bibl = False
    for m in TAG.finditer(inner):
        t = html.unescape(inner[pos:m.start()].replace("\n", " "))
        if t.strip():
            cur.append(t)
            if in_bibl:
                line_in_bibl = True
        elif t:
            cur.append(t)
        pos = m.end()
        closing, name, selfclose = m.group(1) == "/", m.group(2), m.group(4) == "/"
        if name == "lb":
            s = re.sub(r"\s+", " ", "".join(cur)).strip()
            if s:
                if line_in_bibl:
                    ref_lines.append(len(lines))
                lines.append(s)
            cur = []
            line_in_bibl = False
        elif not selfclose and name in ("front", "body", "note", "page", "div", "back", "listBibl", "titlePage", "other", "node"):
            # a zone ends a line too (the list's last line, "... 1917. </listBibl>", is the list's)
            s = re.sub(r"\s+", " ", "".join(cur)).strip()
            if s:
                if line_in_bibl:
                    ref_lines.append(len(lines))
                lines.append(s)
            cur = []
            line_in_bibl = False
            if name == "listBibl":
                in_bibl = not closing
    s = re.sub(r"\s+", " ", "".join(cur)).strip()
    if s:
        if line_in_bibl:
            ref_lines.append(len(lines))
        lines.append(s)
    if ref_lines:
        return "\n".join(lines), ref_lines[0], ref_lines[-1]
    return "\n".join(lines), -1, -1


HEADERS = ["{a} et al.", "Journal of {a} Studies {n} (2019) 1-{m}", "Preprint -- {a}",
           "{A} ET AL.", "Proceedings of the {a} Workshop", "arXiv:{n}.{m}v1"]


def page_break(rnd, page, author):
    """the lines pdftotext writes at a page break: footer page number, form feed, header"""
    h = rnd.choice(HEADERS).format(a=author, A=author.upper(), n=rnd.randint(10, 99), m=rnd.randint(100, 999))
    style = rnd.randint(0, 3)
    foot = [str(page), "Page %d" % page, "- %d -" % page, "%d of %d" % (page, page + 5)][style]
    return [foot, "\f" + h] if rnd.random() < 0.6 else [foot, "\f" + str(page + 1)] if rnd.random() < 0.5 else ["\f" + h]


def with_page_breaks(rows, seed):
    """rows (label, text) with page-break lines (label o) every 35..60 lines"""
    import random
    rnd = random.Random(seed)
    author = rnd.choice(["Smith", "Garc\u00eda", "M\u00fcller", "Chen", "Okafor", "Ivanova", "Tanaka"])
    out = []
    nxt = rnd.randint(20, 60)
    page = rnd.randint(5, 30)
    for i, r in enumerate(rows):
        if i == nxt:
            for t in page_break(rnd, page, author):
                out.append(("o", t))
            page += 1
            nxt += rnd.randint(35, 60)
        out.append(r)
    return out


def main():
    gitdir, commit, outdir = sys.argv[1:4]
    n = nb = 0
    bodies = {"train": [], "dev": [], "test": []}
    tails = {"train": [], "dev": [], "test": []}
    with open(outdir + "/seg_docs.tsv", "w") as fs:
        fs.write("doc\tsplit\ttext\tfirst\tlast\n")
        for p in sorted(git_ls(gitdir, commit, SEG)):
            if "/light" in p or "/sdo/" in p:
                continue
            name = doc_name(p)
            text, a, b = seg_doc(git_show(gitdir, commit, p))
            if not text:
                continue
            n += 1
            nb += a >= 0
            fs.write("%s\t%s\t%s\t%d\t%d\n" % (name, split_of(name), escape(text), a, b))
            if a > 40:
                bodies[split_of(name)].append(text.split("\n")[:a][:80])
            if b >= 0 and len(text.split("\n")) > b + 20:
                tails[split_of(name)].append(text.split("\n")[b + 1:b + 41])
    nlines = nrefs = ndocs = nflat = 0
    refseg_rows = {}
    refseg_spans = {}
    refseg_texts = {}
    with open(outdir + "/refseg_lines.tsv", "w") as fl, open(outdir + "/refseg_docs.tsv", "w") as fd:
        fl.write("doc\tsplit\tlabel\ttext\n")
        fd.write("doc\tsplit\ttext\tspans\n")
        for p in sorted(git_ls(gitdir, commit, REFSEG)):
            name = doc_name(p)
            sp = split_of(name)
            rows, text, spans = refseg_doc(git_show(gitdir, commit, p))
            if not spans:
                continue
            if len(rows) < len(spans):
                # the annotation lost the line breaks (the whole list on a
                # few lines): not the line-broken text split_references reads
                nflat += 1
                continue
            ndocs += 1
            nrefs += len(spans)
            for label, t in rows:
                fl.write("%s\t%s\t%s\t%s\n" % (name, sp, label, escape(t)))
                nlines += 1
            if sp == "train":
                # a second copy with page breaks (headers, footers, page
                # numbers, form feeds) inserted: training only
                # and what follows a reference list in a paper (figures,
                # tables, appendix text: label o), from a training paper
                tail = tails["train"][ndocs % len(tails["train"])] if tails["train"] else []
                for label, t in with_page_breaks(rows, name) + [("o", x) for x in tail]:
                    fl.write("%s+pages\t%s\t%s\t%s\n" % (name, sp, label, escape(t)))
            refseg_rows[name] = (sp, rows)
            refseg_spans[name] = spans
            refseg_texts[name] = text
            fd.write("%s\t%s\t%s\t%s\n" % (name, sp, escape(text), ",".join("%d-%d" % s for s in spans)))
    print("refseg: %d docs, %d references, %d lines; %d docs without line breaks left out"
          % (ndocs, nrefs, nlines, nflat), file=sys.stderr)
    print("seg: %d docs, %d with a reference list" % (n, nb), file=sys.stderr)
    # full texts assembled from a paper body (segmentation set), a heading,
    # a reference list (reference-segmenter set, page breaks inserted) and
    # an appendix -- both parts from the same split
    na = 0
    with open(outdir + "/assembled_docs.tsv", "w") as fa:
        fa.write("doc\tsplit\ttext\tspans\n")
        for k, (name, (sp, rows)) in enumerate(sorted(refseg_rows.items())):
            body = bodies[sp][k % len(bodies[sp])] if bodies[sp] else ["Introduction"]
            lines = list(body) + ["", "References"]
            # the gold spans are the list's own (a reference may start in
            # the middle of a line): its character offsets are carried
            # over line by line into the assembled text
            kept = [(k, r) for k, r in enumerate(rows) if not (r[0] == "o" and r[1].lower().strip(" :") in
                                                              ("references", "bibliography", "literature cited"))]
            rows2 = with_page_breaks([(lab, (k, t)) for k, (lab, t) in kept], name + "/assembled")
            text = "\n".join(lines) + "\n"
            row_at = {}
            for label, kt in rows2:
                if isinstance(kt, tuple):
                    row_at[kt[0]] = len(text)
                    text += kt[1] + "\n"
                else:
                    text += kt + "\n"
            # where each row is in the list's text
            starts, pos = [], 0
            for lab, t in rows:
                pos = refseg_texts[name].find(t, pos)
                starts.append(pos)
                pos += len(t)

            def carry(off):
                k = max(i for i in range(len(starts)) if starts[i] <= off)
                return row_at[k] + off - starts[k]
            spans = [(carry(a), carry(b - 1) + 1) for a, b in refseg_spans[name]]
            text += "\nAppendix A. Additional results\n" + "\n".join(body[:15]) + "\n"
            fa.write("%s\t%s\t%s\t%s\n" % (name, sp, escape(text), ",".join("%d-%d" % tuple(x) for x in spans)))
            na += 1
    print("assembled: %d full texts" % na, file=sys.stderr)


if __name__ == "__main__":
    main()
