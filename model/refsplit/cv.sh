#!/usr/bin/env bash
# model/refsplit/cv.sh [CORPUS_DIR] [WORK_DIR] -- 5-fold cross-validation of
# the reference splitter over the train split of the reference-segmenter
# corpus (make_corpus.py's refseg_lines.tsv / refseg_docs.tsv): a train doc's
# fold is the second byte of sha256(doc name) mod 5; each fold's model is
# trained (same options as train.sh) on the other four folds and evaluated
# on its own; the boundary counts are summed.  Dev and test are not read.
# Fold files and models go to WORK_DIR (never into git).
set -euo pipefail
cd "$(dirname "$0")/../.."
corpus=${1:-/work/corpora/refseg}
work=${2:-$(mktemp -d)}
mkdir -p "$work"
bash model/refsplit/build_tools.sh "$work" train_refsplit eval_refsplit
python3 - "$corpus" "$work" <<'PY'
import hashlib, sys
corpus, work = sys.argv[1], sys.argv[2]
def fold(name):
    return hashlib.sha256(name.encode()).digest()[1] % 5
for name in ("refseg_lines", "refseg_docs"):
    rows = open("%s/%s.tsv" % (corpus, name), encoding="utf-8").read().split("\n")
    for k in range(5):
        with open("%s/%s.%d.tsv" % (work, name, k), "w", encoding="utf-8") as o:
            o.write(rows[0] + "\n")
            for r in rows[1:]:
                f = r.split("\t")
                if len(f) < 2 or f[1] != "train":
                    continue
                f[1] = "cv" if fold(f[0]) == k else "train"
                o.write("\t".join(f) + "\n")
PY
for k in 0 1 2 3 4; do
    "$work/train_refsplit" "$work/refseg_lines.$k.tsv" "$work/model.$k" --splits train --epochs 30 --eta 0.05 2>/dev/null
    "$work/eval_refsplit" "$work/model.$k" "$work/refseg_docs.$k.tsv" /dev/null cv | grep '^refseg'
done | awk '{g += $5; p += $8; r += $10}
    END {P = r / p; R = r / g; printf "5-fold CV (train split): %d gold, %d predicted, %d right: precision %.4f recall %.4f F1 %.4f\n", g, p, r, P, R, 2 * P * R / (P + R)}'
