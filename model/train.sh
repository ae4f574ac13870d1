#!/usr/bin/env bash
# model/train.sh GROBID_REPO ANYSTYLE_REPO -- rebuild model/pith_reference.model
# byte for byte from local snapshots of the public training corpora.
#
#   GROBID_REPO    a git directory of github.com/kermitt2/grobid
#   ANYSTYLE_REPO  a git directory of github.com/inukshuk/anystyle
#
# The commits are pinned below; model/prepare_corpora.py (written on the
# `data` branch) reads exactly those commits and writes references.tsv with
# fixed train/dev/test splits (model/splits.sha256).  The trainer
# (model/train_crf.c, built against src/core so that training and parsing
# share the tokenizer and the features) then trains on the train split with
# fixed options and seed.  Needs Debian packages only: gcc, make, python3,
# libicu-dev, postgresql-server-dev (for the Makefile).  Takes a few minutes
# on one core.  Training is not part of CI: the committed model is.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: model/train.sh GROBID_REPO ANYSTYLE_REPO" >&2; exit 2; }
cd "$(dirname "$0")/.."
GROBID_COMMIT=b8d6bec302189e29a6c358ea513f8be834004a86
ANYSTYLE_COMMIT=c6f5fb2fa6e8ce9456ad1e1e88d6bba5f3d7731d
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 model/prepare_corpora.py \
    --grobid "$1@$GROBID_COMMIT" --anystyle "$2@$ANYSTYLE_COMMIT" \
    --manifest model/splits.sha256 "$work"
make -s model/train_crf
shipped=$(sha256sum < model/pith_reference.model)
# the options of the shipped model; changing any of them changes its bytes
model/train_crf "$work/references.tsv" model/pith_reference.model \
    --splits train --epochs 16 --eta 0.1 --c2 6 --min-count 2 --prune 0.02 --average 1 --seed 20261201
sha256sum model/pith_reference.model
# The tokenizer, the identifier spans and the features are the model's
# input: a change to any of them (src/core/ref_*.c) changes the bytes, and
# the committed model must then be this one (retrain, evaluate, commit).
if [ "$(sha256sum < model/pith_reference.model)" = "$shipped" ]; then
    echo "the same bytes as the model that was here"
else
    echo "NOT the model that was here: the code's tokens or features changed since it was trained" >&2
fi
