#!/usr/bin/env python3
"""python_bench.py FILE REPEAT -- best time of json.dumps(sort_keys=True,
separators=(",", ":"), ensure_ascii=False) + hashlib.sha256 on an already
parsed document: the Python peer of pith.json_digest.  Prints
"<milliseconds> <canonical bytes>"."""
import hashlib
import json
import sys
import time

doc = json.load(open(sys.argv[1], encoding="utf-8"))
best = None
for _ in range(int(sys.argv[2])):
    t0 = time.perf_counter()
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    digest = "sha256:" + hashlib.sha256(text).hexdigest()
    dt = (time.perf_counter() - t0) * 1000
    best = dt if best is None else min(best, dt)
print("%.3f %d" % (best, len(text)))
