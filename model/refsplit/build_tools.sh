#!/usr/bin/env bash
# model/refsplit/build_tools.sh OUTDIR TOOL... -- build the reference
# splitter's command-line tools (train_refsplit, eval_refsplit, split_text:
# model/refsplit/TOOL.c) into OUTDIR against the C core that
# pith.split_references uses, all with the same flags; train.sh, cv.sh and
# eval_pdf.sh call it.  OUTDIR is taken from the repository's top.
set -euo pipefail
out=${1:?usage: model/refsplit/build_tools.sh OUTDIR TOOL...}
shift
cd "$(dirname "$0")/../.."
cores="src/core/crf_model.c src/core/crf_decode.c src/core/refsec_lines.c src/core/refsec_split.c src/core/ref_tokenize.c"
for tool in "$@"; do
    # shellcheck disable=SC2086  # the core files are separate words
    cc -std=gnu11 -O2 -Wall -Wextra -Wno-unused-parameter -Isrc/core -o "$out/$tool" "model/refsplit/$tool.c" $cores -lm
done
