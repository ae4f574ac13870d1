#!/usr/bin/env bash
# model/refsplit/train.sh GROBID_GIT_DIR [OUTDIR] -- rebuild the reference
# splitter's model from GROBID's training data at the pinned commit:
# convert (make_corpus.py, corpus files go to OUTDIR, never into git), train
# on the train split (train_refsplit), write model/pith_refsplit.model, and
# print the accuracy on dev (tuning) and, with PITH_EVAL_TEST=1, on test.
set -euo pipefail
cd "$(dirname "$0")/../.."
git_dir=${1:?usage: model/refsplit/train.sh GROBID_GIT_DIR [OUTDIR]}
out=${2:-/work/corpora/refseg}
commit=b8d6bec302189e29a6c358ea513f8be834004a86
mkdir -p "$out"
python3 model/refsplit/make_corpus.py "$git_dir" "$commit" "$out"
bash model/refsplit/build_tools.sh "$out" train_refsplit eval_refsplit
"$out/train_refsplit" "$out/refseg_lines.tsv" model/pith_refsplit.model --splits train --epochs 30 --eta 0.05
splits=dev; [ "${PITH_EVAL_TEST:-0}" = 1 ] && splits="dev test"
for s in $splits; do
    for m in model/pith_refsplit.model none; do
        echo "== $s, model: $m"
        "$out/eval_refsplit" "$m" "$out/refseg_docs.tsv" "$out/seg_docs.tsv" "$s"
        "$out/eval_refsplit" "$m" "$out/assembled_docs.tsv" /dev/null "$s" | head -n 1
    done
done
