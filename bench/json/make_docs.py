#!/usr/bin/env python3
"""make_docs.py OUTDIR -- the two benchmark documents, as canonical JSON files.

golden.json is the golden record (test/data/golden_2506.06472.json); big.json
is a ~10 MB record of the same shape: the golden record with its 39 outbound
observations repeated (reference_index renumbered, so no two are equal).
"""
import json
import sys

out = sys.argv[1]
golden = json.load(open("test/data/golden_2506.06472.json", encoding="utf-8"))
big = dict(golden)
obs = []
i = 0
while len(obs) < 39 * 190:
    for o in golden["outbound"]:
        o = json.loads(json.dumps(o))
        o["citation"]["reference_index"] = i
        obs.append(o)
        i += 1
big["outbound"] = obs


def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


for name, doc in (("golden", golden), ("big", big)):
    with open("%s/%s.json" % (out, name), "w", encoding="utf-8") as f:
        f.write(canonical(doc))
