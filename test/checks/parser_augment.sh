#!/usr/bin/env bash
# test/checks/parser_augment.sh -- model/augment_corpus.py on a hand-written
# references.tsv: only train rows are read (a dev and a test row must leave
# no trace), every output row is a train row of an aug-<source> with the
# item id "<id>#<n>", one label letter per UTF-8 byte from the legend, no
# tab or double space; the labelled fields survive the re-styling (the
# title, author, container, ... text of each variant is the row's, up to
# capitals, a lost space and an inserted line-end hyphen "- ", so every
# glue word such as "In:", "(Hrsg.)" or "pp." is labelled o);
# --weight and --variants set the count; a second run is byte-identical,
# another --seed is not.  Needs no cluster.
set -euo pipefail
cd "$(dirname "$0")/../.."
d=$(mktemp -d /tmp/pith-parser-augment.XXXXXX)
trap 'rm -rf "$d"' EXIT
py=${PYTHON:-python3}
$py - "$d/refs.tsv" <<'X'
import sys
rows = [
    ("grobid", "f.xml:0", "train", "[7] Q. Zorn and P. Ulm, \"Sparse widgets for tiny frogs,\" J. Frog Stud. 12(3), 45-67 (2019). doi:10.1234/Frog.5",
     "kkkoaaaaaaaoooooaaaaaaoootttttttttttttttttttttttttttttooocccccccccccccovvoiooopppppooyyyyooodddddddddddddddddd"),
    ("grobid", "f.xml:1", "train", "Marsh, T. and Fenn, R. (2001). A Book of Bögs. Peat Press, Bogtown.",
     "aaaaaaaaaaaaaaaaaaaaaaooyyyyoootttttttttttttttoouuuuuuuuuuoolllllllo"),
    ("anystyle-ugly", "ugly.xml:3", "train", "Straße, Jörg: Über Wälder und Wiesen. In: Ahorn, K. (Hrsg.): Handbuch der Bäume. Berlin: Holz 1990, S. 10-19",
     ""),
    ("anystyle-core", "core.xml:1", "dev", "Elm, D. Strings on devtrees, preprint hep-th/9802150.",
     "aaaaaaaotttttttttttttttttttoonnnnnnnnoxxxxxxxxxxxxxxo"),
    ("anystyle-core", "core.xml:2", "test", "Oak, E. Secret testleaves, 1999.",
     "aaaaaaaotttttttttttttttttooyyyyo"),
]
# the ugly row's labels, built by fields
parts = [("a", "Straße, Jörg"), ("o", ": "), ("t", "Über Wälder und Wiesen"), ("o", ". In: "),
         ("e", "Ahorn, K."), ("o", " (Hrsg.): "), ("c", "Handbuch der Bäume"), ("o", ". "),
         ("l", "Berlin"), ("o", ": "), ("u", "Holz"), ("o", " "), ("y", "1990"), ("o", ", S. "),
         ("p", "10-19")]
assert "".join(t for _, t in parts) == rows[2][3]
rows[2] = rows[2][:4] + ("".join(l * len(t.encode()) for l, t in parts),)
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("source\titem_id\tsplit\ttext\tlabels\n")
    for r in rows:
        assert len(r[3].encode()) == len(r[4]), r
        f.write("\t".join(r) + "\n")
X
aug() { $py model/augment_corpus.py "$d/refs.tsv" "$@" 2> /dev/null; }
aug "$d/a1" --variants 40
aug "$d/a2" --variants 40
aug "$d/a3" --variants 40 --seed 5
aug "$d/w" --variants 2 --weight anystyle-ugly=5 --weight grobid=0 --header

status=0
fail() { echo "FAIL: $*"; status=1; }
cmp -s "$d/a1" "$d/a2" || fail "a second run is not byte-identical"
cmp -s "$d/a1" "$d/a3" && fail "another --seed gave the same rows"
[ "$(wc -l < "$d/a1")" = 120 ] || fail "40 variants of 3 train rows should be 120 rows, got $(wc -l < "$d/a1")"
[ "$(head -1 "$d/w" | cut -f1)" = source ] || fail "--header did not write the header line"
[ "$(tail -n +2 "$d/w" | cut -f1 | sort | uniq -c | tr -s ' ' | paste -sd,)" = " 5 aug-anystyle-ugly" ] \
    || fail "--weight did not set the per-source counts: $(tail -n +2 "$d/w" | cut -f1 | sort | uniq -c | paste -sd,)"
grep -qi -e devtrees -e testleaves -e 'core.xml' "$d/a1" && fail "a dev or test row reached the output"
$py - "$d/refs.tsv" "$d/a1" <<'X' || status=1
import re, sys
orig = {}
for line in open(sys.argv[1], encoding="utf-8"):
    f = line.rstrip("\n").split("\t")
    if f[2] == "train":
        orig[f[1]] = (f[0], f[3], f[4])

def fields(text, labels):
    b = text.encode()
    out = {}
    for lab in set(labels) - {"o"}:
        # the bytes of this label, with the o text inside the field kept
        idx = [i for i, l in enumerate(labels) if l == lab]
        seg = b[idx[0]:idx[-1] + 1].decode()
        out[lab] = seg
    return out

def norm(s):
    # capitals, a line-end hyphen and a lost space are the only changes
    return re.sub(r"\s+", "", s.replace("- ", "")).upper()

bad = 0
restyled = 0
caps = 0
for n, line in enumerate(open(sys.argv[2], encoding="utf-8")):
    f = line.rstrip("\n").split("\t")
    ok = len(f) == 5
    if ok:
        src, item, split, text, labels = f
        base = item.rsplit("#", 1)[0]
        ok = (split == "train" and base in orig and src == "aug-" + orig[base][0]
              and re.fullmatch(r"[0-9]+", item.rsplit("#", 1)[1]) is not None
              and len(text.encode()) == len(labels) and re.fullmatch("[aetcvipyuldxwnko]+", labels)
              and "  " not in text and text == text.strip())
    if not ok:
        print("FAIL: malformed row %d: %r" % (n + 1, line[:200]))
        bad += 1
        continue
    want = fields(orig[base][1], orig[base][2])
    got = fields(text, labels)
    for lab, seg in want.items():
        if lab == "k":
            continue            # the citation number is drawn anew
        if norm(got.get(lab, "")) != norm(seg):
            print("FAIL: row %d field %s: %r, expected %r" % (n + 1, lab, got.get(lab), seg))
            bad += 1
    if set(got) - set(want) - {"k"}:
        print("FAIL: row %d has fields the row has not: %r" % (n + 1, set(got) - set(want)))
        bad += 1
    if text != orig[base][1]:
        restyled += 1
    if got.get("a", "") != want.get("a") and got.get("a", "").upper() == got.get("a"):
        caps += 1
if restyled < 60:
    print("FAIL: only %d of 120 variants differ from their row" % restyled)
    bad += 1
if caps == 0:
    print("FAIL: no variant has its authors in capitals")
    bad += 1
sys.exit(1 if bad else 0)
X
[ $status -eq 0 ] && echo "parser augment: train rows only, labels per byte, fields kept, glue o, counts and reproducibility as expected"
exit $status
