#!/usr/bin/python3
"""bench.py -- time pith.citation_record_text() against the peer app
(peer.py) and against the PL/pgSQL assembly of pith 0.2.0 ("today's pith",
the same data in database `today`), side by side in one run.

For each case: records/s and p50/p99 latency in one session, the sides
measured in alternation (ROUNDS rounds, latencies pooled); the CPU time one
record costs, server backend (from /proc/<pid>/stat; the bench runs beside
the server) plus client; then pith and the peer with two concurrent sessions
(pith through pgbench -c 2, the peer as two processes).  Then, without any
client in the loop, the server time of one record as text and as jsonb, and
the same after the catalog grew 100-fold around the benchmark papers
(scale.sql).  Every side is first checked to produce the same bytes.
Usage: bench.py SECONDS_PER_MEASUREMENT
"""
import datetime
import glob
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer  # noqa: E402

AS_OF = datetime.datetime(2026, 8, 8, 5, 57, tzinfo=datetime.timezone.utc)
AS_OF_TEXT = "2026-08-08T05:57:00Z"
PITH_SQL = "SELECT pith.citation_record_text(%s, %s, %s, 100)"
ROUNDS = 4
CASES = [  # label, paper, outbound_cap, also with two sessions
    ("golden (39 refs)", "2506.06472", 100, True),
    ("100 refs", "2609.00100", 100, False),
    ("300 refs", "2609.00300", 300, False),
    ("1,000 refs", "2609.01000", 1000, True),
]
TODAY_DSN = "dbname=today"


def pith_once(cur, paper, cap):
    cur.execute(PITH_SQL, (paper, AS_OF_TEXT, cap))
    return cur.fetchone()[0]


def loop(fn, seconds, warm=3):
    """Call fn until seconds have passed (after a short warm-up); latencies in ms."""
    for _ in range(warm):
        fn()
    lat = []
    end = time.perf_counter() + seconds
    while True:
        t0 = time.perf_counter()
        fn()
        t1 = time.perf_counter()
        lat.append((t1 - t0) * 1000.0)
        if t1 > end:
            return lat


def cpu_seconds(pid):
    """CPU seconds (user + system) a process has used, from /proc."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def backend_pid(cur):
    cur.execute("SELECT pg_backend_pid()")
    return cur.fetchone()[0]


def pct(lat, q):
    s = sorted(lat)
    return s[min(len(s) - 1, int(round(q / 100.0 * (len(s) - 1))))]


def summary(lat, seconds):
    return {"n": len(lat), "rps": len(lat) / seconds, "p50": pct(lat, 50), "p99": pct(lat, 99)}


def alternate(sides, seconds):
    """Measure each side (name, cursor, fn) for seconds in total, in ROUNDS alternating rounds."""
    acc = {name: {"lat": [], "server": 0.0, "client": 0.0, "n": 0} for name, _, _ in sides}
    for _ in range(ROUNDS):
        for name, cur, fn in sides:
            pid = backend_pid(cur)
            s0, c0 = cpu_seconds(pid), time.process_time()
            lat = loop(fn, seconds / ROUNDS, warm=1)
            s1, c1 = cpu_seconds(pid), time.process_time()
            a = acc[name]
            a["lat"] += lat
            a["server"] += s1 - s0
            a["client"] += c1 - c0
            a["n"] += len(lat) + 1
    out = {}
    for name, a in acc.items():
        s = summary(a["lat"], sum(a["lat"]) / 1000.0)
        s["server_ms"] = a["server"] * 1000.0 / a["n"]
        s["client_ms"] = a["client"] * 1000.0 / a["n"]
        out[name] = s
    return out


def peer_worker(args):
    paper, cap, seconds = args
    _, cur = peer.connect()
    return loop(lambda: peer.record(cur, paper, AS_OF, cap, 100), seconds)


def pgbench(paper, cap, seconds):
    """pith under pgbench -c 2 -j 2: records/s and latency percentiles from its log."""
    d = tempfile.mkdtemp(prefix="pith-bench-")
    script = os.path.join(d, "record.sql")
    with open(script, "w") as f:
        f.write("SELECT pith.citation_record_text('%s', '%s', %d, 100);\n" % (paper, AS_OF_TEXT, cap))
    os.chmod(d, 0o777)
    pg_bin = os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin")
    out = subprocess.run([os.path.join(pg_bin, "pgbench"), "-n", "-c", "2", "-j", "2", "-T", str(int(seconds)),
                          "-l", "--log-prefix=" + os.path.join(d, "log"), "-f", script],
                         capture_output=True, text=True, check=True, cwd=d).stdout
    lat = []
    for path in glob.glob(os.path.join(d, "log*")):
        with open(path) as f:
            lat += [int(line.split()[2]) / 1000.0 for line in f]
    tps = [float(line.split("=")[1].split()[0]) for line in out.splitlines() if line.startswith("tps")][0]
    return {"n": len(lat), "rps": tps, "p50": pct(lat, 50), "p99": pct(lat, 99)}


def line(label, who, s):
    return "| %-16s | %-26s | %8.1f | %7.2f | %7.2f |" % (label, who, s["rps"], s["p50"], s["p99"])


SERVER_LOOP = {
    "text": "SELECT sum(octet_length(pith.citation_record_text(%s, %s, %s, 100))) FROM generate_series(1, %s)",
    "jsonb": "SELECT sum(pg_column_size(pith.citation_record(%s, %s, %s, 100))) FROM generate_series(1, %s)",
}


def server_ms(cur, kind, paper, cap, n):
    """Median over 5 runs of the server time of one record (n records per statement), in ms."""
    cur.execute(SERVER_LOOP[kind], (paper, AS_OF_TEXT, cap, 2))
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        cur.execute(SERVER_LOOP[kind], (paper, AS_OF_TEXT, cap, n))
        cur.fetchone()
        times.append((time.perf_counter() - t0) * 1000.0 / n)
    return statistics.median(times)


def server_table(cur, title):
    print("\n%s\n" % title)
    print("| record           | text ms | jsonb ms | jsonb / text |")
    print("| ---------------- | ------: | -------: | -----------: |")
    res = {}
    for label, paper, cap, _ in (CASES[0], CASES[3]):
        n = 200 if cap == 100 else 20
        # alternate the two kinds, median of the medians
        t = statistics.median([server_ms(cur, "text", paper, cap, n) for _ in range(3)])
        j = statistics.median([server_ms(cur, "jsonb", paper, cap, n) for _ in range(3)])
        res[label] = t
        print("| %-16s | %7.3f | %8.3f | %11.2fx |" % (label, t, j, j / t))
    sys.stdout.flush()
    return res


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    _, cur = peer.connect()
    _, today = peer.connect(TODAY_DSN)
    for label, paper, cap, _ in CASES:
        a, b, c = pith_once(cur, paper, cap), peer.record(cur, paper, AS_OF, cap, 100), pith_once(today, paper, cap)
        if a != b or a != c:
            sys.exit("pith, pith 0.2.0 and the peer disagree on %s" % paper)
    golden = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../test/data/golden_2506.06472.json")
    with open(golden, encoding="utf-8") as f:
        if pith_once(cur, "2506.06472", 100) != f.read():
            sys.exit("the golden case is not the golden file")
    print("pith, pith 0.2.0 and the peer produce the same canonical text for every case;"
          " the golden case is the golden file byte for byte\n")
    print("| record           | who                        | records/s | p50 ms | p99 ms |")
    print("| ---------------- | -------------------------- | --------: | -----: | -----: |")
    ratios = []
    cpu = []
    for label, paper, cap, concurrent in CASES:
        r = alternate([
            ("pith", cur, lambda: pith_once(cur, paper, cap)),
            ("pith 0.2.0", today, lambda: pith_once(today, paper, cap)),
            ("peer", cur, lambda: peer.record(cur, paper, AS_OF, cap, 100)),
        ], 3 * seconds)
        print(line(label, "pith, 1 session", r["pith"]))
        print(line(label, "pith 0.2.0, 1 session", r["pith 0.2.0"]))
        print(line(label, "python peer, 1 session", r["peer"]))
        ratios.append((label, "1 session", r["pith"]["rps"] / r["peer"]["rps"],
                       r["pith"]["rps"] / r["pith 0.2.0"]["rps"]))
        cpu.append((label, r))
        if concurrent:
            p2 = pgbench(paper, cap, seconds)
            with multiprocessing.Pool(2) as pool:
                lats = pool.map(peer_worker, [(paper, cap, seconds)] * 2)
            allq = lats[0] + lats[1]
            q2 = {"n": len(allq), "rps": len(allq) / seconds, "p50": pct(allq, 50), "p99": pct(allq, 99)}
            print(line(label, "pith, pgbench -c 2", p2))
            print(line(label, "python peer, 2 processes", q2))
            ratios.append((label, "2 sessions", p2["rps"] / q2["rps"], float("nan")))
        sys.stdout.flush()
    print("\n| record           | sessions   | records/s pith / peer | records/s pith / pith 0.2.0 |")
    print("| ---------------- | ---------- | --------------------: | --------------------------: |")
    for label, who, r, t in ratios:
        print("| %-16s | %-10s | %20.1fx | %26s |" % (label, who, r, "%.1fx" % t if t == t else "-"))
    print("\nCPU time per record, one session (server backend + client process), ms:\n")
    print("| record           | pith server | pith client | pith 0.2.0 server | peer server | peer client | peer total / pith total |")
    print("| ---------------- | ----------: | ----------: | ----------------: | ----------: | ----------: | ----------------------: |")
    for label, r in cpu:
        p, t, q = r["pith"], r["pith 0.2.0"], r["peer"]
        print("| %-16s | %11.3f | %11.3f | %17.3f | %11.3f | %11.3f | %22.1fx |"
              % (label, p["server_ms"], p["client_ms"], t["server_ms"], q["server_ms"], q["client_ms"],
                 (q["server_ms"] + q["client_ms"]) / (p["server_ms"] + p["client_ms"])))
    sys.stdout.flush()

    before = server_table(cur, "Server time of one record, no client in the loop (catalog as loaded):")
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "scale.sql")) as f:
        cur.execute(f.read())
    cur.execute("SELECT count(*) FROM pith.paper_references")
    nrefs = cur.fetchone()[0]
    _, cur = peer.connect()  # a new session: plans made with the grown tables' statistics
    if pith_once(cur, "2506.06472", 100) != open(golden, encoding="utf-8").read():
        sys.exit("the golden case changed with the catalog's size")
    after = server_table(cur, "The same after the catalog grew 100-fold (%d references in all):" % nrefs)
    for label in before:
        print("%s: %.2fx the time at 1x" % (label, after[label] / before[label]))


if __name__ == "__main__":
    main()
