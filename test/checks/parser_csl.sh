#!/usr/bin/env bash
# test/checks/parser_csl.sh -- model/render_csl_corpus.py on hand-made
# labelled references rendered through two real citation styles (APA and
# IEEE of Debian's citation-style-language-styles) by pandoc: the exact
# text and labels of every rendered row (a known answer: family-first and
# given-first names with initials, an "et al." truncation, title case, quotes
# with the comma inside, a chapter with editors, a citation number, a DOI,
# page ranges), the gold fields taken from those labels, only train rows
# read, --rows N the first N rows of a full run, the style split recomputed
# with sha256sum, and a second run byte-identical.  Needs pandoc and the styles (exit 77 otherwise: CI does
# not install them); needs no cluster.
set -euo pipefail
cd "$(dirname "$0")/../.."
styles=/usr/share/citation-style-language/styles
command -v pandoc >/dev/null || { echo "skip: pandoc is not installed"; exit 77; }
for s in apa ieee; do
    [ -f "$styles/$s.csl" ] || { echo "skip: $styles/$s.csl missing (Debian package citation-style-language-styles)"; exit 77; }
done
d=$(mktemp -d /tmp/pith-parser-csl.XXXXXX)
trap 'rm -rf "$d"' EXIT
py=${PYTHON:-python3}
$py - "$d/refs.tsv" <<'X'
import sys
def row(src, iid, split, parts):
    text = "".join(t for _, t in parts)
    return (src, iid, split, text, "".join(l * len(t.encode()) for l, t in parts))
rows = [
    row("grobid", "f.xml:0", "train",
        [("k", "[7]"), ("o", " "), ("a", "Q. Zorn and P. Ulm"), ("o", ", \""),
         ("t", "Sparse widgets for tiny frogs"), ("o", ",\" "), ("c", "J. Frog Stud."), ("o", " "),
         ("v", "12"), ("o", "("), ("i", "3"), ("o", "), "), ("p", "45-67"), ("o", " ("),
         ("y", "2019"), ("o", "). doi:"), ("d", "10.1234/Frog.5")]),
    row("anystyle-ugly", "ugly.xml:3", "train",
        [("a", "Straße, Jörg"), ("o", ": "), ("t", "Über Wälder und Wiesen"), ("o", ". In: "),
         ("e", "Ahorn, Karl and B. Birke"), ("o", " (Hrsg.): "), ("c", "Handbuch der Bäume"), ("o", ". "),
         ("l", "Berlin"), ("o", ": "), ("u", "Holz"), ("o", " "), ("y", "1990"), ("o", ", S. "),
         ("p", "10-19")]),
    row("anystyle-good", "good.xml:5", "train",
        [("a", "Bee, A., Dee, C., Eff, E., Gee, G. H., Jay, I., Kay, K., Ell, L. and Emm, M."), ("o", " ("),
         ("y", "2010"), ("o", "). "), ("t", "the many hands of the frog"), ("o", ". "),
         ("c", "Amphibian Letters"), ("o", ", "), ("v", "3"), ("o", ", "), ("p", "1-2"), ("o", ".")]),
    row("anystyle-gold", "gold.xml:9", "train",
        [("a", "Marsh, Tilda"), ("o", " ("), ("y", "2001"), ("o", "). "), ("t", "A Book of Bögs"),
         ("o", ". "), ("u", "Peat Press"), ("o", ", "), ("l", "Bogtown"), ("o", ".")]),
    row("anystyle-core", "core.xml:1", "dev",
        [("a", "Elm, D."), ("o", " "), ("t", "Strings on devtrees"), ("o", ", "), ("y", "1999"), ("o", ".")]),
]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("source\titem_id\tsplit\ttext\tlabels\n")
    for r in rows:
        f.write("\t".join(r) + "\n")
X
for s in apa ieee; do
    mkdir -p "$d/styles-$s"
    cp "$styles/$s.csl" "$d/styles-$s/"
    for run in 1 2; do
        $py model/render_csl_corpus.py "$d/refs.tsv" "$d/$s-$run" --split train --styles all \
            --styles-dir "$d/styles-$s" --per-style 8 > "$d/$s-$run.log"
    done
done

status=0
fail() { echo "FAIL: $*"; status=1; }
for s in apa ieee; do
    for f in references.tsv gold.tsv; do
        cmp -s "$d/$s-1/$f" "$d/$s-2/$f" || fail "$s: a second run wrote another $f"
    done
    grep -q devtrees "$d/$s-1/references.tsv" && fail "$s: a dev row reached the output"
done

# --rows N: the first N rows of the full run
$py model/render_csl_corpus.py "$d/refs.tsv" "$d/apa-rows" --split train --styles all \
    --styles-dir "$d/styles-apa" --per-style 8 --rows 2 > /dev/null
[ "$(cat "$d/apa-rows/references.tsv")" = "$(head -3 "$d/apa-1/references.tsv")" ] \
    || fail "--rows 2 is not the first 2 rows of the full run"

# the known answer: text, then one label letter per character (the check
# below expands it to one per byte)
$py - "$d" <<'X' || status=1
import sys
d = sys.argv[1]
want = {
"apa": [
('grobid:f.xml:0@apa',
 'Zorn, Q., & Ulm, P. (2019). Sparse widgets for tiny frogs. J. Frog Stud., 12(3), 45–67. https://doi.org/10.1234/Frog.5',
 'aaaaaaaaaaaaaaaaaaaooyyyyoootttttttttttttttttttttttttttttoocccccccccccccoovvoiooopppppoooooooooooooooooodddddddddddddd'),
('anystyle-gold:gold.xml:9@apa',
 'Marsh, T. (2001). A Book of Bögs. Peat Press.',
 'aaaaaaaaaooyyyyooottttttttttttttoouuuuuuuuuuo'),
('anystyle-good:good.xml:5@apa',
 'Bee, A., Dee, C., Eff, E., Gee, G. H., Jay, I., Kay, K., Ell, L., & Emm, M. (2010). The many hands of the frog. Amphibian Letters, 3, 1–2.',
 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaooyyyyooottttttttttttttttttttttttttoocccccccccccccccccoovoopppo'),
('anystyle-ugly:ugly.xml:3@apa',
 'Straße, J. (1990). Über Wälder und Wiesen. In K. Ahorn & B. Birke (Eds.), Handbuch der Bäume (pp. 10–19). Holz.',
 'aaaaaaaaaaooyyyyooottttttttttttttttttttttoooooeeeeeeeeeeeeeeeeeeeoooooooooccccccccccccccccccoooooopppppooouuuuo'),
],
"ieee": [
('grobid:f.xml:0@ieee',
 '[1] Q. Zorn and P. Ulm, “Sparse widgets for tiny frogs,” J. Frog Stud., vol. 12, no. 3, pp. 45–67, 2019, doi: 10.1234/Frog.5.',
 'kkkoaaaaaaaaaaaaaaaaaaoootttttttttttttttttttttttttttttooocccccccccccccooooooovvooooooioooooopppppooyyyyoooooooddddddddddddddo'),
('anystyle-gold:gold.xml:9@ieee',
 '[2] T. Marsh, A Book of Bögs. Bogtown: Peat Press, 2001.',
 'kkkoaaaaaaaaoottttttttttttttoollllllloouuuuuuuuuuooyyyyo'),
('anystyle-good:good.xml:5@ieee',
 '[3] A. Bee et al., “The many hands of the frog,” Amphibian Letters, vol. 3, pp. 1–2, 2010.',
 'kkkoaaaaaaaaaaaaaooottttttttttttttttttttttttttooocccccccccccccccccooooooovoooooopppooyyyyo'),
('anystyle-ugly:ugly.xml:3@ieee',
 '[4] J. Straße, “Über Wälder und Wiesen,” in Handbuch der Bäume, K. Ahorn and B. Birke, Eds. Berlin: Holz, 1990, pp. 10–19.',
 'kkkoaaaaaaaaaooottttttttttttttttttttttooooooccccccccccccccccccooeeeeeeeeeeeeeeeeeeeeeooooooolllllloouuuuooyyyyoooooopppppo'),
],
}
for style in ("apa", "ieee"):
    got = []
    for line in open("%s/%s-1/references.tsv" % (d, style), encoding="utf-8").read().splitlines()[1:]:
        src, iid, split, text, labels = line.split("\t")
        assert src == "csl-train" and split == "train", line
        per_char, b = [], 0
        for ch in text:
            per_char.append(labels[b])
            assert set(labels[b:b + len(ch.encode())]) == {labels[b]}, line
            b += len(ch.encode())
        assert b == len(labels), line
        got.append((iid, text, "".join(per_char)))
    if got != want[style]:
        print("FAIL: %s rendered rows differ from the known answer" % style)
        for g in got:
            if g not in want[style]:
                print("  got:  %s\n        %s\n        %s" % g)
        for w in want[style]:
            if w not in got:
                print("  want: %s\n        %s\n        %s" % w)
        sys.exit(1)
# gold fields come from the labels (prepare_corpora's gold_fields)
gold = {}
for line in open("%s/ieee-1/gold.tsv" % d, encoding="utf-8").read().splitlines()[1:]:
    f = line.split("\t")
    gold[f[1]] = f[3:]
g = gold["grobid:f.xml:0@ieee"]
# title authors first_author_family year container volume issue pages publisher doi arxiv_id
assert g == ["Sparse widgets for tiny frogs", "Q. Zorn ; P. Ulm", "Zorn", "2019", "J. Frog Stud.",
             "12", "3", "45–67", "", "10.1234/frog.5", ""], g
g = gold["anystyle-good:good.xml:5@ieee"]
assert g[:4] == ["The many hands of the frog", "A. Bee", "Bee", "2010"], g
X
# the style split: sha256(file name), first 8 hex digits mod 100 < 20 -> held-out
mkdir -p "$d/styles-three"
cp "$styles/apa.csl" "$styles/ieee.csl" "$d/styles-three/"
[ -f "$styles/nature.csl" ] && cp "$styles/nature.csl" "$d/styles-three/"
for f in "$d"/styles-three/*.csl; do
    n=$(basename "$f")
    h=$(printf %s "$n" | sha256sum | cut -c1-8)
    if [ $((16#$h % 100)) -lt 20 ]; then want=held-out; else want=train; fi
    for half in train held-out; do
        $py model/render_csl_corpus.py "$d/refs.tsv" "$d/split-$half" --split train --styles $half \
            --styles-dir "$d/styles-three" --per-style 1 > /dev/null
        if cut -f2 "$d/split-$half/references.tsv" | grep -q "@${n%.csl}\$"; then seen=$half; else seen=; fi
        if [ "$half" = "$want" ] && [ -z "$seen" ]; then fail "$n ($want) rendered nothing in the $half half"; fi
        if [ "$half" != "$want" ] && [ -n "$seen" ]; then fail "$n ($want) rendered rows in the $half half"; fi
    done
done
exit $status
