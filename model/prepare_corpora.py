#!/usr/bin/env python3
"""prepare_corpora.py -- turn the public tagged citation corpora into one
character-labelled reference corpus, fixed train/dev/test splits and gold
fields, for training and evaluating pith's learned reference parser.

Usage:
  python3 model/prepare_corpora.py --grobid GITDIR[@commit] \
      --anystyle GITDIR[@commit] OUTDIR [--manifest FILE]

GITDIR is a bare git directory (e.g. the `fetch` tool's /work/.mirror/...);
files are read with `git --git-dir=GITDIR show COMMIT:path`, so nothing is
read from a work tree and the commit pins the input (default HEAD, resolved
to its full hash and printed in OUTDIR/manifest.txt).  Python 3 stdlib only.
Output is byte-for-byte reproducible for the same commits.

Inputs
  grobid    kermitt2/grobid (code Apache-2.0; annotated data CC BY 4.0),
            grobid-trainer/resources/dataset/citation/{corpus,evaluation}/*
            (TEI; one <bibl> per reference).  source name: grobid
  anystyle  inukshuk/anystyle (BSD-2-Clause), res/parser/{core,gold,good,
            bad,ugly}.xml (<dataset><sequence><field>..</field>..).
            source names: anystyle-core, anystyle-gold, anystyle-good,
            anystyle-bad, anystyle-ugly

Cora exclusion (COMMON.md reserves/avoids the Cora citation set): GROBID's
corpus/citations.xml opens with the 500 Cora references (its first 500
<bibl>, 1980s-90s computer science, beginning "A. Cau, R. Kuiper, and
W.-P. de Roever"); copies of them also sit in other GROBID files and in the
AnyStyle sets.  Those 500 are dropped, and so is every item of any source
whose normalized text, or normalized title (when >= 15 characters), equals
one of theirs, and every entry lying between two such entries of the same
file (the Cora block of AnyStyle's core.xml holds a few entries whose text
differs from GROBID's copy).  The fingerprints live only in memory.

OUTDIR/references.tsv  (header line, then one reference per line)
  source  item_id  split  text  labels
  item_id  = path-relative-to-the-source-dir ":" 0-based index of the entry
             in its file (counted before any exclusion, so ids are stable).
  text     = the reference as printed: every run of whitespace (line
             breaks, tabs, Unicode spaces) is one space, GROBID <lb/> is a
             space, hyphenation kept as printed, leading/trailing space
             removed.  AnyStyle fields are joined with one space.
  labels   = one ASCII letter per BYTE of the UTF-8 text (a continuation
             byte takes its character's label):
    a author        e editor (also translator, producer)
    t title         c container (journal, book of a chapter, proceedings,
                      series, meeting)
    v volume        i issue         p pages        y date / year
    u publisher (also institution, school, university)
    l location (place of publication / meeting)
    d doi           x arxiv id      w url
    n note (access dates, "in press", edition, genre, report numbers,
      ISBN/ISSN/PMID and other identifiers, medium, chapter number)
    k citation number / label ("[12]", "12.", "(3)")
    o other (separators, unlabeled text)
  A collapsed whitespace run keeps a label only when the characters on both
  sides carry that same label (a space inside a title is t, a space between
  fields is o); this holds for every space of the output.

GROBID tag -> label
  author, authors, orgName[type=collaboration] -> a;  editor -> e
  title level="a" -> t
  title level="m" -> t when the entry has no level="a" title, else c
  title level="j", level="s", meeting -> c  (a title with no level counts
    as "a"; the misspelt attribute leve= and type= in place of level= are
    read as level)
  biblScope unit|type = volume|vol -> v; issue -> i; page|pp|pages -> p;
    date -> y; chapter and anything else -> n;  volumes, page (typo
    elements) -> v, p;  biblStruct[type=page] -> p
  date, year, month -> y;  publisher (and typo publishe) -> u
  orgName (other) -> u;  pubPlace / pubplace -> l
  idno type DOI -> d; type arxiv/arXiv/arxive -> x; other idno (PMID, PMC,
    ISSN, ISBN, PII, report, untyped) -> d when its text is a DOI
    (10.NNNN/...), x when it is an arXiv id, else n
  ptr -> w;  note, notes -> n;  lb -> a space (label of the enclosing tag)
  unknown tags -> o (counted in manifest.txt)
  Leading untagged text that is a citation label ("[12]", "(3)", "12.",
  "12)") -> k.
  GROBID spans are tight (punctuation and words like "In", "pp.", "Vol."
  outside the tags); they are taken as they are.

AnyStyle field -> label
  author, director -> a;  editor, translator, producer -> e;  title -> t
  journal, container-title, collection-title -> c;  volume -> v
  pages -> p;  date -> y;  publisher -> u;  location -> l;  doi -> d
  url -> w;  citation-number -> k
  note, edition, genre, medium, source, isbn, dataset, and unknown -> n
  AnyStyle puts the surrounding punctuation inside its fields ("(2011).",
  "Paris.", "pp. 1761-1800)."), GROBID outside; to make the two agree, an
  AnyStyle field (except citation-number) is trimmed, the trimmed
  characters becoming o:
    leading  ( [ { " ' and curly quotes/guillemets; a leading "In ", "In:",
             "in:" on editor and container fields; "pp."/"p."/"S." on
             pages; "Vol."/"vol"/"Bd."/"Jg."/"Volume" on volumes;
    trailing , ; : ) ] } quotes; a trailing "." unless the last word is
             an initial ("C."), a known abbreviation ("Inc.", "Jr.", "eds."),
             in a container a capitalised word of <= 5 letters ("Nano
             Lett."), or of <= 7 letters after another abbreviation ("J.
             Frog Stud.", "Am. J. Physiol."); a ")" or "]" is kept when its
             opener is inside the field;
    editor   a trailing "(Ed.)", "(Eds.)", "eds.", "editors", "Hrsg." -> o.
  A volume field "45(3)" is split: "45" v, "(" o, "3" i, ")" o; so is
  "282, no. 2" ("282" v, "2" i).

Both sources: text of the form arXiv:ID (or arXiv ID, arxiv.org/abs/ID),
and a bare old-style id of a known archive (hep-th/9802150, math.AG/0101001),
outside a url, doi or arxiv span is labelled x.

Splits (per item, from the normalized text = lower case, letters and
digits only, Unicode-aware):
  bucket = int(sha256(normalized).hexdigest()[:8], 16) % 100
  bucket < 15 -> test;  15 <= bucket < 25 -> dev;  else train.
  The same normalized text therefore always gets the same split, in every
  source.  Then, in output order (sources in the order above, files by
  path, entries by index): an item whose normalized text was already seen
  (any source) is dropped as a duplicate; an item of train or dev whose
  normalized title (>= 25 characters) equals that of a test item is
  dropped too (the same work typed twice with different punctuation or OCR
  damage).  Items with an empty normalized text are dropped.
  --manifest FILE writes "source<TAB>split<TAB>sha256(normalized)" per kept
  item (the committed model/splits.sha256), which lets anyone audit the
  split without the corpus text.

OUTDIR/gold.tsv  (header line, then one line per item of references.tsv)
  source item_id split title authors first_author_family year container
  volume issue pages publisher doi arxiv_id
  title      the t spans joined with a space (GROBID: the one title)
  authors    every author span split into persons, " ; "-separated:
             split on ";", " and ", "&", " und ", " et " (after removing
             "et al."/"and others"); then commas: "Smith, J., Doe, K." pairs
             family and initials, "J. Smith, K. Doe" is one person per
             comma part, "Anders, Simon" and "Howell, Wilbur Samuel" (two
             comma parts, the first one word) are one person.
  first_author_family  family name of the first person: the part before a
             comma; else the non-initial words ("J. E. Smith" -> Smith,
             "Smith JA" -> Smith, "W.-P. de Roever" -> de Roever; full
             names "Wolfgang Huber" -> Huber with particles van/de/...).
  year       the first 4-digit year (1500-2099) in a date span
  container volume issue pages publisher   the first such span's text
  doi        the first d span, else a doi.org URL in a w span: the DOI
             from "10." on (spaces around "10." and its "/" glued, as PDF
             text has them), up to the next space, trailing .,;: and
             unbalanced ) ] } removed, lower case
  arxiv_id   the first x span, else an arxiv.org/abs|pdf URL: the
             identifier without version ("1706.03762", "hep-th/9802150")
Empty fields are empty strings.  Nothing here is committed: the corpora
are not redistributed (see NOTICE).
"""

import argparse
import hashlib
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter, OrderedDict

GROBID_DIRS = ("grobid-trainer/resources/dataset/citation/corpus/",
               "grobid-trainer/resources/dataset/citation/evaluation/")
GROBID_BASE = "grobid-trainer/resources/dataset/citation/"
CORA_FILE = "corpus/citations.xml"
CORA_COUNT = 500
ANYSTYLE_SETS = ("core", "gold", "good", "bad", "ugly")
SOURCE_ORDER = ["grobid"] + ["anystyle-" + s for s in ANYSTYLE_SETS]

# ----------------------------------------------------------------- git


def git_commit(gitdir, rev):
    out = subprocess.run(["git", "--git-dir=" + gitdir, "rev-parse", "--verify",
                          rev + "^{commit}"], check=True, capture_output=True)
    return out.stdout.decode().strip()


def git_ls(gitdir, commit, prefix):
    out = subprocess.run(["git", "--git-dir=" + gitdir, "ls-tree", "-r", "-z",
                          "--name-only", commit, "--", prefix],
                         check=True, capture_output=True)
    return sorted(p for p in out.stdout.decode("utf-8").split("\0") if p)


def git_show(gitdir, commit, path):
    out = subprocess.run(["git", "--git-dir=" + gitdir, "show", commit + ":" + path],
                         check=True, capture_output=True)
    return out.stdout


def split_spec(spec):
    m = re.fullmatch(r"(.*?)@([0-9a-fA-F]{7,40}|HEAD)", spec)
    if m:
        return m.group(1), m.group(2)
    return spec, "HEAD"

# ------------------------------------------------------- labelled text


class Labelled:
    """A string under construction, one label per character, plus the
    element-level spans (label, start, end) in character offsets."""

    def __init__(self):
        self.chars = []
        self.labs = []
        self.spans = []

    def add(self, text, label):
        for ch in text:
            self.chars.append(ch)
            self.labs.append(label)

    def finish(self):
        """Collapse whitespace; return (text, per-char labels, spans)."""
        n = len(self.chars)
        newpos = [0] * (n + 1)
        out_c, out_l = [], []
        i = 0
        while i < n:
            if self.chars[i].isspace():
                j = i
                while j < n and self.chars[j].isspace():
                    j += 1
                for k in range(i, j + 1):
                    newpos[k] = len(out_c)
                if out_c and j < n:       # interior run -> one space
                    left = out_l[-1]
                    right = self.labs[j]
                    run = set(self.labs[i:j])
                    lab = left if (left == right and run <= {left}) else "o"
                    out_c.append(" ")
                    out_l.append(lab)
                i = j
            else:
                newpos[i] = len(out_c)
                out_c.append(self.chars[i])
                out_l.append(self.labs[i])
                i += 1
        newpos[n] = len(out_c)
        spans = []
        for lab, s, e in self.spans:
            ns, ne = newpos[s], newpos[e]
            while ns < ne and out_c[ns] == " ":
                ns += 1
            while ne > ns and out_c[ne - 1] == " ":
                ne -= 1
            if ne > ns:
                spans.append((lab, ns, ne))
        return "".join(out_c), out_l, spans


def byte_labels(text, labs):
    return "".join(l * len(ch.encode("utf-8")) for ch, l in zip(text, labs))

# ------------------------------------------------------------- patterns

ARXIV_NEW = r"\d{4}\.\d{4,5}"
ARXIV_OLD = r"[a-z][a-z-]*(?:\.[A-Z]{2})?/\d{7}"
ARXIV_ID_RE = re.compile(r"(?<![\w.])(" + ARXIV_NEW + "|" + ARXIV_OLD + r")(?:v\d+)?(?![\w])")
OLD_ARCHIVES = ("hep-th|hep-ph|hep-lat|hep-ex|astro-ph|cond-mat|gr-qc|nucl-th|nucl-ex|"
                "quant-ph|math-ph|nlin|q-bio|q-alg|alg-geom|dg-ga|funct-an|chao-dyn|"
                "solv-int|patt-sol|adap-org|cmp-lg|comp-gas|supr-con|mtrl-th|chem-ph|"
                "atom-ph|acc-phys|ao-sci|bayes-an|plasm-ph|physics|math|cs")
BARE_OLD_ARXIV_RE = re.compile(r"(?<![\w/.-])(?:" + OLD_ARCHIVES + r")(?:\.[A-Z]{2})?/\d{7}(?:v\d+)?(?![\w/])")
ARXIV_IN_TEXT_RE = re.compile(
    r"(?:arxiv\s*[:.]?\s*(?:org\s*[:/]\s*)?(?:abs/|pdf/)?|arxiv\.org/(?:abs|pdf)/)\s*"
    r"(?:[a-z-]+(?:\.[A-Z]{2})?/)?(?:" + ARXIV_NEW + "|" + r"\d{7}" + r")(?:v\d+)?", re.I)
DOI_RE = re.compile(r"10\.\d{4,9}/\S+")
CITE_LABEL_RE = re.compile(r"\s*(\[[^\]\s]{1,10}\]|\(\d{1,4}\)|\d{1,4}[.)])(?=\s|$|\D)")


def is_doi_text(s):
    return DOI_RE.search(re.sub(r"\s+", "", s)) is not None


def is_arxiv_text(s):
    return ARXIV_IN_TEXT_RE.search(s) is not None

# --------------------------------------------------------------- GROBID


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def title_level(el):
    for key in ("level", "leve", "type"):
        v = el.attrib.get(key)
        if v in ("a", "m", "j", "s"):
            return v
    return "a"


def grobid_label(el, has_a, unknown):
    tag = local(el.tag)
    typ = (el.attrib.get("unit") or el.attrib.get("type") or el.attrib.get("level") or "").strip().lower()
    if tag in ("author", "authors"):
        return "a"
    if tag == "editor":
        return "e"
    if tag == "orgName":
        return "a" if typ == "collaboration" else "u"
    if tag == "title":
        lv = title_level(el)
        if lv == "a":
            return "t"
        if lv == "m":
            return "c" if has_a else "t"
        return "c"
    if tag == "meeting":
        return "c"
    if tag == "biblScope":
        if typ in ("volume", "vol"):
            return "v"
        if typ == "issue":
            return "i"
        if typ in ("page", "pp", "pages"):
            return "p"
        if typ == "date":
            return "y"
        return "n"
    if tag == "volumes":
        return "v"
    if tag == "page":
        return "p"
    if tag == "biblStruct":
        return "p" if typ == "page" else "n"
    if tag in ("date", "year", "month"):
        return "y"
    if tag in ("publisher", "publishe"):
        return "u"
    if tag in ("pubPlace", "pubplace"):
        return "l"
    if tag == "idno":
        text = "".join(el.itertext())
        if typ == "doi":
            return "d"
        if typ in ("arxiv", "arxive"):
            return "x"
        if is_doi_text(text):
            return "d"
        if is_arxiv_text(text) or ARXIV_ID_RE.fullmatch(text.strip()):
            return "x"
        return "n"
    if tag == "ptr":
        return "w"
    if tag in ("note", "notes"):
        return "n"
    unknown[tag] += 1
    return "o"


def grobid_fill(el, label, buf):
    """Append the text of el (already opened with label) and its children."""
    if el.text:
        buf.add(el.text, label)
    for ch in el:
        if local(ch.tag) == "lb":
            buf.add(" ", label)
        else:
            grobid_fill(ch, label, buf)
        if ch.tail:
            buf.add(ch.tail, label)


def grobid_bibl(b, unknown):
    has_a = any(local(t.tag) == "title" and title_level(t) == "a" for t in b.iter())
    buf = Labelled()
    if b.text:
        buf.add(b.text, "o")
    for ch in b:
        tag = local(ch.tag)
        if tag == "lb":
            buf.add(" ", "o")
        else:
            lab = grobid_label(ch, has_a, unknown)
            start = len(buf.chars)
            grobid_fill(ch, lab, buf)
            buf.spans.append((lab, start, len(buf.chars)))
        if ch.tail:
            buf.add(ch.tail, "o")
    text, labs, spans = buf.finish()
    # leading untagged citation label
    first_tagged = next((i for i, l in enumerate(labs) if l != "o"), len(labs))
    m = CITE_LABEL_RE.match(text)
    if m and m.end(1) <= first_tagged:
        for k in range(m.start(1), m.end(1)):
            labs[k] = "k"
        spans.insert(0, ("k", m.start(1), m.end(1)))
    return text, labs, spans


def read_grobid(gitdir, commit, unknown):
    items = []
    for path in git_ls(gitdir, commit, GROBID_BASE):
        if not path.startswith(GROBID_DIRS):
            continue
        rel = path[len(GROBID_BASE):]
        root = ET.fromstring(git_show(gitdir, commit, path))
        idx = 0
        for b in root.iter():
            if local(b.tag) != "bibl":
                continue
            text, labs, spans = grobid_bibl(b, unknown)
            items.append(("grobid", "%s:%d" % (rel, idx), rel, idx, text, labs, spans))
            idx += 1
    return items

# ------------------------------------------------------------- AnyStyle

ANYSTYLE_MAP = {
    "author": "a", "director": "a",
    "editor": "e", "translator": "e", "producer": "e",
    "title": "t",
    "journal": "c", "container-title": "c", "collection-title": "c",
    "volume": "v", "pages": "p", "date": "y", "publisher": "u",
    "location": "l", "doi": "d", "url": "w", "citation-number": "k",
    "note": "n", "edition": "n", "genre": "n", "medium": "n", "source": "n",
    "isbn": "n", "dataset": "n",
}
OPENERS = "([{\"'“‘«„‚"
CLOSERS = {")": "(", "]": "[", "}": "{"}
TRAIL_DROP = ",;:\"'”’»“‘"
LEAD_PREFIX = {
    "e": re.compile(r"(?:in\s*:|in\s)\s*", re.I),
    "c": re.compile(r"(?:in\s*:|in\s)\s*", re.I),
    "p": re.compile(r"(?:pp?|s|pages?)\.?\s*(?=[A-Z]?\d|[ivxlcIVXLC]+\b)", re.I),
    "v": re.compile(r"(?:vol(?:ume)?|bd|jg|tome?)\.?\s*(?=\S)", re.I),
}
EDITOR_SUFFIX = re.compile(r"[\s,(]*(?:eds?|editors?|edd|hrsg|hg|dir|trans|tr)\.?\)?\s*[.,;:]*$", re.I)


KNOWN_ABBREVIATIONS = {"inc", "ltd", "co", "corp", "jr", "sr", "bros", "al", "etc",
                       "ed", "eds", "vol", "no", "pp", "dept", "univ", "assoc", "st"}


def _keep_final_dot(s, lab):
    m = re.search(r"(?<![\w])([^\W\d_]+)\.$", s)
    if not m:
        return False
    w = m.group(1)
    if len(w) == 1 or w.lower() in KNOWN_ABBREVIATIONS:
        return True
    if not w[0].isupper():
        return False
    # journal abbreviations: "Nano Lett.", "J. Frog Stud.", "Phys. Rev."
    if lab == "c" and len(w) <= 5:
        return True
    return (lab == "c" and len(w) <= 7
            and re.search(r"[^\W\d_]\.\s", s[:m.start()]) is not None)


def trim_field(s, lab):
    """Return (lead, core, trail) of an AnyStyle field value."""
    a, b = 0, len(s)
    changed = True
    while changed and a < b:
        changed = False
        while a < b and (s[a].isspace() or s[a] in OPENERS):
            a += 1
            changed = True
        pre = LEAD_PREFIX.get(lab)
        if pre and a < b:
            m = pre.match(s, a, b)
            if m and m.end() < b:
                a = m.end()
                changed = True
    if lab == "e":
        m = EDITOR_SUFFIX.search(s, a, b)
        if m and m.start() > a:
            b = m.start()
    changed = True
    while changed and a < b:
        changed = False
        ch = s[b - 1]
        if ch.isspace() or ch in TRAIL_DROP:
            b -= 1
            changed = True
        elif ch in CLOSERS:
            if s.count(CLOSERS[ch], a, b - 1) <= s.count(ch, a, b - 1):
                b -= 1
                changed = True
        elif ch == "." and not _keep_final_dot(s[a:b], lab):
            b -= 1
            changed = True
    return s[:a], s[a:b], s[b:]


VOL_ISSUE_RE = re.compile(r"(\w[\w./-]*?)\s*\((\d[\w/–-]*)\)")
VOL_NO_RE = re.compile(r"(\w[\w./-]*?),?\s*(?:no|nr|n°|num|issue|heft|h)\.?\s*(\d[\w/–-]*)", re.I)


def read_anystyle(gitdir, commit, unknown):
    items = []
    for name in ANYSTYLE_SETS:
        path = "res/parser/%s.xml" % name
        root = ET.fromstring(git_show(gitdir, commit, path))
        src = "anystyle-" + name
        for idx, seq in enumerate(x for x in root if local(x.tag) == "sequence"):
            buf = Labelled()
            for fi, f in enumerate(seq):
                tag = local(f.tag)
                lab = ANYSTYLE_MAP.get(tag)
                if lab is None:
                    unknown["anystyle:" + tag] += 1
                    lab = "n"
                val = re.sub(r"\s+", " ", "".join(f.itertext())).strip()
                if not val:
                    continue
                if buf.chars:
                    buf.add(" ", "o")
                if lab == "k":
                    lead, core, trail = "", val, ""
                else:
                    lead, core, trail = trim_field(val, lab)
                buf.add(lead, "o")
                start = len(buf.chars)
                m = (VOL_ISSUE_RE.fullmatch(core) or VOL_NO_RE.fullmatch(core)) if lab == "v" else None
                if m:
                    buf.add(m.group(1), "v")
                    buf.spans.append(("v", start, len(buf.chars)))
                    gap = core[m.end(1):m.start(2)]
                    buf.add(gap, "o")
                    s2 = len(buf.chars)
                    buf.add(m.group(2), "i")
                    buf.spans.append(("i", s2, len(buf.chars)))
                    buf.add(core[m.end(2):], "o")
                else:
                    buf.add(core, lab)
                    if core:
                        buf.spans.append((lab, start, len(buf.chars)))
                buf.add(trail, "o")
            text, labs, spans = buf.finish()
            items.append((src, "%s.xml:%d" % (name, idx), name, idx, text, labs, spans))
    return items

# --------------------------------------------------- shared post-passes


def mark_arxiv(text, labs, spans):
    matches = list(ARXIV_IN_TEXT_RE.finditer(text)) + list(BARE_OLD_ARXIV_RE.finditer(text))
    for m in sorted(matches, key=lambda m: m.start()):
        if any(labs[k] in ("w", "d", "x") for k in range(m.start(), m.end())):
            continue
        for k in range(m.start(), m.end()):
            labs[k] = "x"
        spans.append(("x", m.start(), m.end()))


def settle(text, labs, spans):
    """After relabelling: a space between two different labels is o, and a
    span shrinks to the ends that still carry its label."""
    for k, ch in enumerate(text):
        if ch == " " and 0 < k < len(text) - 1 and labs[k - 1] != labs[k + 1]:
            labs[k] = "o"
    out = []
    for lab, s, e in spans:
        while s < e and labs[s] != lab:
            s += 1
        while e > s and labs[e - 1] != lab:
            e -= 1
        if e > s:
            out.append((lab, s, e))
    spans[:] = out


def normalize(s):
    return "".join(ch for ch in s.lower() if ch.isalnum())


def split_of(norm):
    bucket = int(hashlib.sha256(norm.encode("utf-8")).hexdigest()[:8], 16) % 100
    if bucket < 15:
        return "test"
    if bucket < 25:
        return "dev"
    return "train"

# ----------------------------------------------------------- gold fields

PARTICLES = {"van", "von", "de", "der", "den", "da", "di", "du", "del", "della",
             "des", "la", "le", "ten", "ter", "dos", "das", "al", "el", "bin", "ibn", "st"}


def is_initials(p):
    toks = [t for t in re.split(r"[\s.\-‐]+", p) if t]
    if not toks:
        return False
    for t in toks:
        if not t[0].isupper():
            return False
        if len(t) <= 2 and (len(t) == 1 or t[1].islower() or t[1].isupper()):
            continue
        if len(t) == 3 and t.isupper():
            continue
        return False
    return True


def split_persons(span):
    s = re.sub(r"\s+", " ", span).strip()
    s = re.sub(r"(?i)[,;]?\s*\bet\s*al\b\.?|[,;]?\s*\band\s+others\b", "", s)
    s = s.strip(" ,;:")
    if not s:
        return []
    pieces = re.split(r"\s*;\s*|,?\s+(?:and|und|et)\s+|\s*,?\s*&\s*", s)
    persons = []
    for piece in pieces:
        parts = [p.strip() for p in piece.split(",")]
        parts = [p for p in parts if p]
        if not parts:
            continue
        if len(parts) == 1 or (len(parts) == 2 and " " not in parts[0]
                               and not is_initials(parts[0])):
            persons.append(", ".join(parts))
            continue
        odd_init = all(is_initials(parts[i]) for i in range(1, len(parts), 2))
        even_init = any(is_initials(parts[i]) for i in range(0, len(parts), 2))
        single = all(" " not in p for p in parts)
        if len(parts) % 2 == 0 and ((odd_init and not even_init) or (single and not even_init and len(parts) == 2)):
            for i in range(0, len(parts), 2):
                persons.append(parts[i] + ", " + parts[i + 1])
        elif odd_init and not even_init:
            # odd count: pair what pairs, keep the rest
            i = 0
            while i < len(parts):
                if i + 1 < len(parts) and is_initials(parts[i + 1]):
                    persons.append(parts[i] + ", " + parts[i + 1])
                    i += 2
                else:
                    persons.append(parts[i])
                    i += 1
        else:
            persons.extend(parts)
    return persons


def family_of(person):
    p = person.strip()
    if "," in p:
        fam = p.split(",", 1)[0]
    else:
        toks = p.split()
        fixed = []
        for t in toks:
            m = re.fullmatch(r"((?:[^\W\d_]\.)+)([^\W\d_][^\W\d_'’-]+.*)", t)
            if m and not is_initials(m.group(2)):
                fixed.extend([m.group(1), m.group(2)])
            else:
                fixed.append(t)
        toks = fixed
        init = [is_initials(t.strip(".")) or re.fullmatch(r"(?:[^\W\d_]{1,2}\.)+-?(?:[^\W\d_]\.)*", t) is not None
                for t in toks]
        rest = [t for t, ini in zip(toks, init) if not ini]
        if not rest:
            fam = p
        elif init and init[0]:
            fam = " ".join(rest)
        elif init and init[-1]:
            fam = " ".join(rest)
        else:
            i = len(toks) - 1
            while i > 0 and toks[i - 1].lower() in PARTICLES:
                i -= 1
            fam = " ".join(toks[i:])
    return fam.strip(" .,;:()[]'\"")


def clean_doi(s):
    # glue only the spaces PDF extraction puts around "10." and the "/"
    # ("doi: 10. 1093/jb", "10 .1098/rsta"); the DOI ends at the next space
    s = re.sub(r"10\s*\.\s*(\d{4,9})\s*/\s*", r"10.\1/", s)
    m = re.search(r"10\.\d{4,9}/\S+", s)
    if not m:
        return ""
    d = m.group(0)
    while d:
        last = d[-1]
        if last in ".,;:>\"'":
            d = d[:-1]
        elif last in ")]}" and d.count({")": "(", "]": "[", "}": "{"}[last]) < d.count(last):
            d = d[:-1]
        else:
            break
    return d.lower()


# Old-style arXiv archives: a gold id printed without the archive's hyphen
# ("hepph/9905221") is read as the archive it spells (hep-ph/9905221), as
# the parser reads it.
OLD_ARCHIVES = {"acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph", "bayes-an",
                "chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat", "dg-ga", "funct-an",
                "gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th", "math-ph", "mtrl-th",
                "nucl-ex", "nucl-th", "patt-sol", "plasm-ph", "q-alg", "q-bio",
                "q-fin", "quant-ph", "solv-int", "supr-con"}
UNHYPHENATED_ARCHIVE = {a.replace("-", ""): a for a in OLD_ARCHIVES}


def clean_arxiv(s):
    s2 = re.sub(r"\s+", "", s)
    s2 = re.sub(r"(?i)^.*?arxiv(?:\.org)?[:;.]*(?:/?(?:abs|pdf)/)?", "", s2) if "arxiv" in s2.lower() else s2
    m = re.search(r"(" + ARXIV_NEW + ")|(" + r"[a-zA-Z][a-zA-Z-]*(?:\.[A-Za-z]{2})?/\d{7}" + ")", s2)
    if not m:
        return ""
    if m.group(1):
        return m.group(1)
    arch, num = m.group(2).split("/", 1)
    return UNHYPHENATED_ARCHIVE.get(arch, arch) + "/" + num


def gold_fields(text, spans):
    by = OrderedDict()
    for lab, s, e in sorted(spans, key=lambda x: x[1]):
        by.setdefault(lab, []).append(text[s:e])
    first = lambda lab: by.get(lab, [""])[0]
    persons = []
    for sp in by.get("a", []):
        persons.extend(split_persons(sp))
    year = ""
    for sp in by.get("y", []):
        m = re.search(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)", sp)
        if m:
            year = m.group(1)
            break
    doi = ""
    for sp in by.get("d", []):
        doi = clean_doi(sp)
        if doi:
            break
    if not doi:
        for sp in by.get("w", []):
            if re.search(r"(?i)doi\.org/|dx\.doi", sp):
                doi = clean_doi(sp)
                if doi:
                    break
    arx = ""
    for sp in by.get("x", []):
        arx = clean_arxiv(sp)
        if arx:
            break
    if not arx:
        for sp in by.get("w", []):
            if re.search(r"(?i)arxiv\.org/(abs|pdf)/", sp):
                arx = clean_arxiv(sp)
                if arx:
                    break
    return {
        "title": " ".join(by.get("t", [])),
        "authors": " ; ".join(persons),
        "first_author_family": family_of(persons[0]) if persons else "",
        "year": year,
        "container": first("c"),
        "volume": first("v"),
        "issue": first("i"),
        "pages": first("p"),
        "publisher": first("u"),
        "doi": doi,
        "arxiv_id": arx,
    }


GOLD_COLS = ["title", "authors", "first_author_family", "year", "container",
             "volume", "issue", "pages", "publisher", "doi", "arxiv_id"]


def tsv(s):
    return s.replace("\t", " ").replace("\n", " ").replace("\r", " ")

# ------------------------------------------------------------------ main


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--grobid", required=True, help="GITDIR[@commit] of kermitt2/grobid")
    ap.add_argument("--anystyle", required=True, help="GITDIR[@commit] of inukshuk/anystyle")
    ap.add_argument("--manifest", help="also write the split manifest (source, split, sha256) here")
    ap.add_argument("outdir")
    args = ap.parse_args()

    g_dir, g_rev = split_spec(args.grobid)
    a_dir, a_rev = split_spec(args.anystyle)
    g_commit = git_commit(g_dir, g_rev)
    a_commit = git_commit(a_dir, a_rev)
    unknown = Counter()
    items = read_grobid(g_dir, g_commit, unknown) + read_anystyle(a_dir, a_commit, unknown)

    # Cora fingerprints: the first 500 entries of GROBID's citations.xml
    cora_text, cora_title = set(), set()
    for it in items:
        if it[0] == "grobid" and it[2] == CORA_FILE and it[3] < CORA_COUNT:
            cora_text.add(normalize(it[4]))
            t = normalize(" ".join(it[4][s:e] for lab, s, e in it[6] if lab == "t"))
            if len(t) >= 15:
                cora_title.add(t)

    order = {s: i for i, s in enumerate(SOURCE_ORDER)}
    items.sort(key=lambda it: (order[it[0]], it[2], it[3]))

    def title_norm(text, spans):
        return normalize(" ".join(text[s:e] for lab, s, e in sorted(spans, key=lambda x: x[1]) if lab == "t"))

    def cora_match(it):
        if it[0] == "grobid" and it[2] == CORA_FILE and it[3] < CORA_COUNT:
            return True
        tn = title_norm(it[4], it[6])
        return normalize(it[4]) in cora_text or (len(tn) >= 15 and tn in cora_title)

    cora = [cora_match(it) for it in items]
    # an entry between two Cora entries of the same file is part of the block
    for k in range(1, len(items) - 1):
        if (not cora[k] and cora[k - 1] and cora[k + 1]
                and items[k - 1][:1] + items[k - 1][2:3] == items[k][:1] + items[k][2:3]
                == items[k + 1][:1] + items[k + 1][2:3]):
            cora[k] = "sandwich"
    prepared = []
    dropped = Counter()
    for it, is_cora in zip(items, cora):
        src, item_id, _, _, text, labs, spans = it
        mark_arxiv(text, labs, spans)
        settle(text, labs, spans)
        norm = normalize(text)
        if not norm:
            dropped[src, "empty"] += 1
            continue
        if is_cora:
            dropped[src, "cora"] += 1
            continue
        prepared.append((src, item_id, text, labs, spans, norm, title_norm(text, spans)))

    test_titles = set(p[6] for p in prepared if split_of(p[5]) == "test" and len(p[6]) >= 25)
    seen = set()
    out = []
    for src, item_id, text, labs, spans, norm, tnorm in prepared:
        split = split_of(norm)
        if norm in seen:
            dropped[src, "duplicate"] += 1
            continue
        seen.add(norm)
        if split != "test" and len(tnorm) >= 25 and tnorm in test_titles:
            dropped[src, "test_title"] += 1
            continue
        lab = byte_labels(text, labs)
        assert len(lab) == len(text.encode("utf-8"))
        out.append((src, item_id, split, text, lab, spans, norm))

    os.makedirs(args.outdir, exist_ok=True)
    counts = Counter()
    with open(os.path.join(args.outdir, "references.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("source\titem_id\tsplit\ttext\tlabels\n")
        for src, item_id, split, text, lab, spans, norm in out:
            f.write("\t".join((src, tsv(item_id), split, text, lab)) + "\n")
            counts[src, split] += 1
    with open(os.path.join(args.outdir, "gold.tsv"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(["source", "item_id", "split"] + GOLD_COLS) + "\n")
        for src, item_id, split, text, lab, spans, norm in out:
            g = gold_fields(text, spans)
            f.write("\t".join([src, tsv(item_id), split] + [tsv(g[c]) for c in GOLD_COLS]) + "\n")
    if args.manifest:
        with open(args.manifest, "w", encoding="utf-8", newline="\n") as f:
            for src, item_id, split, text, lab, spans, norm in out:
                f.write("%s\t%s\t%s\n" % (src, split, hashlib.sha256(norm.encode("utf-8")).hexdigest()))
    with open(os.path.join(args.outdir, "manifest.txt"), "w", encoding="utf-8", newline="\n") as f:
        f.write("grobid\t%s\t%s\n" % (g_dir, g_commit))
        f.write("anystyle\t%s\t%s\n" % (a_dir, a_commit))
        f.write("source\ttrain\tdev\ttest\tdropped_cora\tdropped_duplicate\tdropped_test_title\tdropped_empty\n")
        for src in SOURCE_ORDER:
            f.write("%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n" % (
                src, counts[src, "train"], counts[src, "dev"], counts[src, "test"],
                dropped[src, "cora"], dropped[src, "duplicate"], dropped[src, "test_title"],
                dropped[src, "empty"]))
        f.write("total\t%d\t%d\t%d\n" % tuple(sum(counts[s, sp] for s in SOURCE_ORDER)
                                             for sp in ("train", "dev", "test")))
        for tag, n in sorted(unknown.items()):
            f.write("unknown_tag\t%s\t%d\n" % (tag, n))
    sys.stdout.write(open(os.path.join(args.outdir, "manifest.txt"), encoding="utf-8").read())


if __name__ == "__main__":
    main()
