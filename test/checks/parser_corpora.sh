#!/usr/bin/env bash
# test/checks/parser_corpora.sh -- model/prepare_corpora.py on hand-written
# GROBID-style and AnyStyle-style snapshots (built here as git repositories):
# the exact references.tsv and gold.tsv it must write (labels one per UTF-8
# byte, whitespace collapsed, AnyStyle punctuation trimmed, volume(issue)
# split, arXiv ids marked), the Cora entries and their copies dropped, a
# duplicate dropped, the split rule recomputed here from sha256sum, the
# commit pin honoured, and a second run byte-identical.  Needs no cluster.
set -euo pipefail
cd "$(dirname "$0")/../.."
d=$(mktemp -d /tmp/pith-parser-corpora.XXXXXX)
trap 'rm -rf "$d"' EXIT
gdir=$d/g/grobid-trainer/resources/dataset/citation
mkdir -p "$gdir/corpus" "$gdir/evaluation" "$d/a/res/parser"
cat > "$gdir/corpus/citations.xml" <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<tei xmlns="http://www.tei-c.org/ns/1.0"><listBibl>
<bibl><author>X. Wombat</author>. <title level="a">A reserved reference about wombats</title>. <date>1994</date>.</bibl>
</listBibl></tei>
X
cat > "$gdir/corpus/frogs.training.references.tei.xml" <<'X'
<?xml version="1.0" ?>
<TEI xmlns="http://www.tei-c.org/ns/1.0"><text><back><listBibl>
	<bibl>[7] <author>Q. Zorn</author> and <author>P. Ulm</author>, "<title level="a">Sparse widgets for<lb/>tiny frogs</title>," <title level="j">J. Frog Stud.</title> <biblScope unit="volume">12</biblScope>(<biblScope unit="issue">3</biblScope>), <biblScope unit="page">45-67</biblScope> (<date>2019</date>). <idno type="DOI">doi:10.1234/Frog.5</idno> <idno type="arXiv">arXiv:1901.01234v2</idno></bibl>
	<bibl><author>Marsh, T. and Fenn, R.</author> (<date>2001</date>).
	   <title level="m">A Book of Bögs</title>. <publisher>Peat Press</publisher>, <pubPlace>Bogtown</pubPlace>.</bibl>
	<bibl><author>X. Wombat</author>. <title level="a">A Reserved Reference about Wombats</title>. In <title level="m">Proc. Marsupials</title>, <date>1994</date>.</bibl>
</listBibl></back></text></TEI>
X
cat > "$d/a/res/parser/core.xml" <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<dataset>
  <sequence>
    <citation-number>[3]</citation-number>
    <author>Birch, A. B., &amp; Oak, C.</author>
    <date>(2010).</date>
    <title>Leaves in the wind.</title>
    <journal>Tree Review,</journal>
    <volume>8(2),</volume>
    <pages>pp. 10–20.</pages>
  </sequence>
  <sequence>
    <author>Elm, D.</author>
    <title>Strings on trees,</title>
    <note>preprint hep-th/9802150.</note>
  </sequence>
</dataset>
X
cat > "$d/a/res/parser/good.xml" <<'X'
<dataset>
  <sequence>
    <author>Elm, D.</author>
    <title>Strings on trees,</title>
    <note>preprint hep-th/9802150.</note>
  </sequence>
  <sequence>
    <editor>In J. Ash (Ed.),</editor>
    <container-title>Wood.</container-title>
    <location>Paris:</location>
    <publisher>Bois.</publisher>
  </sequence>
</dataset>
X
for f in gold bad ugly; do echo '<dataset/>' > "$d/a/res/parser/$f.xml"; done
commit() { git -C "$1" add -A && git -C "$1" -c user.name=pith -c user.email=pith@invalid -c commit.gpgsign=false commit -q -m "$2"; }
for r in g a; do git -C "$d/$r" init -q; commit "$d/$r" fixture; done
pin=$(git -C "$d/a" rev-parse HEAD)
# a later commit that must not be read when the first one is pinned
sed -i 's/Leaves in the wind/Roots in the ground/' "$d/a/res/parser/core.xml"; commit "$d/a" later

prep() { ${PYTHON:-python3} model/prepare_corpora.py --grobid "$d/g/.git" --anystyle "$d/a/.git@$pin" "$@" > /dev/null; }
prep --manifest "$d/splits1" "$d/out1"
prep "$d/out2"

status=0
fail() { echo "FAIL: $*"; status=1; }
tab=$'\t'
cat > "$d/want_refs" <<EOF2
source${tab}item_id${tab}split${tab}text${tab}labels
grobid${tab}corpus/frogs.training.references.tei.xml:0${tab}test${tab}[7] Q. Zorn and P. Ulm, "Sparse widgets for tiny frogs," J. Frog Stud. 12(3), 45-67 (2019). doi:10.1234/Frog.5 arXiv:1901.01234v2${tab}kkkoaaaaaaaoooooaaaaaaoootttttttttttttttttttttttttttttooocccccccccccccovvoiooopppppooyyyyoooddddddddddddddddddoxxxxxxxxxxxxxxxxxx
grobid${tab}corpus/frogs.training.references.tei.xml:1${tab}train${tab}Marsh, T. and Fenn, R. (2001). A Book of Bögs. Peat Press, Bogtown.${tab}aaaaaaaaaaaaaaaaaaaaaaooyyyyoootttttttttttttttoouuuuuuuuuuoolllllllo
anystyle-core${tab}core.xml:0${tab}test${tab}[3] Birch, A. B., & Oak, C. (2010). Leaves in the wind. Tree Review, 8(2), pp. 10–20.${tab}kkkoaaaaaaaaaaaaaaaaaaaaaaaooyyyyooottttttttttttttttttoocccccccccccoovoiooooooopppppppo
anystyle-core${tab}core.xml:1${tab}test${tab}Elm, D. Strings on trees, preprint hep-th/9802150.${tab}aaaaaaaottttttttttttttttoonnnnnnnnoxxxxxxxxxxxxxxo
anystyle-good${tab}good.xml:1${tab}train${tab}In J. Ash (Ed.), Wood. Paris: Bois.${tab}oooeeeeeeoooooooocccccollllloouuuuo
EOF2
cat > "$d/want_gold" <<EOF2
source${tab}item_id${tab}split${tab}title${tab}authors${tab}first_author_family${tab}year${tab}container${tab}volume${tab}issue${tab}pages${tab}publisher${tab}doi${tab}arxiv_id
grobid${tab}corpus/frogs.training.references.tei.xml:0${tab}test${tab}Sparse widgets for tiny frogs${tab}Q. Zorn ; P. Ulm${tab}Zorn${tab}2019${tab}J. Frog Stud.${tab}12${tab}3${tab}45-67${tab}${tab}10.1234/frog.5${tab}1901.01234
grobid${tab}corpus/frogs.training.references.tei.xml:1${tab}train${tab}A Book of Bögs${tab}Marsh, T. ; Fenn, R.${tab}Marsh${tab}2001${tab}${tab}${tab}${tab}${tab}Peat Press${tab}${tab}
anystyle-core${tab}core.xml:0${tab}test${tab}Leaves in the wind${tab}Birch, A. B. ; Oak, C.${tab}Birch${tab}2010${tab}Tree Review${tab}8${tab}2${tab}10–20${tab}${tab}${tab}
anystyle-core${tab}core.xml:1${tab}test${tab}Strings on trees${tab}Elm, D.${tab}Elm${tab}${tab}${tab}${tab}${tab}${tab}${tab}${tab}hep-th/9802150
anystyle-good${tab}good.xml:1${tab}train${tab}${tab}${tab}${tab}${tab}Wood.${tab}${tab}${tab}${tab}Bois${tab}${tab}
EOF2
diff "$d/want_refs" "$d/out1/references.tsv" || fail "references.tsv differs from the expected lines"
diff "$d/want_gold" "$d/out1/gold.tsv" || fail "gold.tsv differs from the expected lines"
cmp -s "$d/out1/references.tsv" "$d/out2/references.tsv" && cmp -s "$d/out1/gold.tsv" "$d/out2/gold.tsv" \
    || fail "a second run is not byte-identical"
grep -qi wombat "$d/out1/references.tsv" && fail "a Cora entry or its copy was kept"
grep -q "$pin" "$d/out1/manifest.txt" || fail "manifest.txt does not name the pinned commit"
# every label string is as long as its text in UTF-8 bytes
tail -n +2 "$d/out1/references.tsv" | while IFS="$tab" read -r _ _ _ text labels; do
    [ "$(printf '%s' "$text" | LC_ALL=C wc -c)" -eq "${#labels}" ] || echo "length mismatch: $text"
done | grep . && fail "labels not one per byte"
# the split rule, recomputed: sha256 of the lower-cased letters and digits
split_of() {
    local h; h=$(printf '%s' "$1" | sha256sum | cut -c1-8)
    local b=$(( 16#$h % 100 ))
    if [ $b -lt 15 ]; then echo test; elif [ $b -lt 25 ]; then echo dev; else echo train; fi
}
for pair in "7qzornandpulmsparsewidgetsfortinyfrogsjfrogstud12345672019doi101234frog5arxiv190101234v2:test" \
            "marshtandfennr2001abookofbögspeatpressbogtown:train" \
            "injashedwoodparisbois:train"; do
    norm=${pair%:*}; want=${pair##*:}
    got=$(split_of "$norm")
    [ "$got" = "$want" ] || fail "split of $norm: rule gives $got, expected $want"
    line=$(grep -c "$(printf '%s' "$norm" | sha256sum | cut -c1-64)" "$d/splits1" || true)
    [ "$line" = 1 ] || fail "splits manifest lacks the hash of $norm"
done
[ "$(wc -l < "$d/splits1")" = 5 ] || fail "splits manifest should list the 5 kept items"
[ $status -eq 0 ] && echo "parser corpora: converter output, exclusions, split rule, pinning and reproducibility as expected"
exit $status
