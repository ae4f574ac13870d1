#!/usr/bin/python3
"""bench.py -- time pith.citation_record() against the peer app (peer.py),
side by side in one run, on the database named by the PG* environment.

For each case: records/s and p50/p99 latency of one record, in one session,
then with two concurrent sessions (pith through pgbench -c 2, the peer as two
processes).  Both sides return the same canonical text; that is checked
first.  Wall-clock figures depend on how busy the machine is, so each
one-session run also reports the CPU time one record costs: the server
backend's (from /proc/<pid>/stat; the bench runs beside the server) plus the
client's own.  Usage: bench.py SECONDS_PER_MEASUREMENT
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
CASES = [  # label, paper, outbound_cap, also with two sessions
    ("golden (39 refs)", "2506.06472", 100, True),
    ("100 refs", "2609.00100", 100, False),
    ("300 refs", "2609.00300", 300, False),
    ("1,000 refs", "2609.01000", 1000, True),
]


def pith_once(cur, paper, cap):
    cur.execute(PITH_SQL, (paper, AS_OF_TEXT, cap))
    return cur.fetchone()[0]


def loop(fn, seconds):
    """Call fn until seconds have passed (after a short warm-up); latencies in ms."""
    for _ in range(3):
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


def cpu_loop(cur, fn, seconds):
    """loop(), plus CPU ms per call: server backend + this client process."""
    cur.execute("SELECT pg_backend_pid()")
    pid = cur.fetchone()[0]
    s0, c0 = cpu_seconds(pid), time.process_time()
    lat = loop(fn, seconds)
    s1, c1 = cpu_seconds(pid), time.process_time()
    n = len(lat) + 3
    return lat, (s1 - s0) * 1000.0 / n, (c1 - c0) * 1000.0 / n


def pct(lat, q):
    s = sorted(lat)
    return s[min(len(s) - 1, int(round(q / 100.0 * (len(s) - 1))))]


def summary(lat, seconds=None, clients=1):
    total = seconds if seconds else sum(lat) / 1000.0
    return {"n": len(lat), "rps": len(lat) / total, "p50": pct(lat, 50), "p99": pct(lat, 99)}


def peer_worker(args):
    paper, cap, seconds = args
    _, cur = peer.connect()
    return loop(lambda: peer.record(cur, paper, AS_OF, cap, 100), seconds)


def pith_worker(args):
    paper, cap, seconds = args
    _, cur = peer.connect()
    return loop(lambda: pith_once(cur, paper, cap), seconds)


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


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    _, cur = peer.connect()
    for label, paper, cap, _ in CASES:
        a, b = pith_once(cur, paper, cap), peer.record(cur, paper, AS_OF, cap, 100)
        if a != b:
            sys.exit("pith and the peer disagree on %s" % paper)
    golden = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../test/data/golden_2506.06472.json")
    with open(golden, encoding="utf-8") as f:
        if pith_once(cur, "2506.06472", 100) != f.read():
            sys.exit("the golden case is not the golden file")
    print("pith and the peer produce the same canonical text for every case;"
          " the golden case is the golden file byte for byte\n")
    print("| record           | who                        | records/s | p50 ms | p99 ms |")
    print("| ---------------- | -------------------------- | --------: | -----: | -----: |")
    ratios = []
    cpu = []
    for label, paper, cap, concurrent in CASES:
        lat, ps, pc = cpu_loop(cur, lambda: pith_once(cur, paper, cap), seconds)
        p1 = summary(lat)
        lat, qs, qc = cpu_loop(cur, lambda: peer.record(cur, paper, AS_OF, cap, 100), seconds)
        q1 = summary(lat)
        print(line(label, "pith, 1 session", p1))
        print(line(label, "python peer, 1 session", q1))
        ratios.append((label, "1 session", p1["rps"] / q1["rps"], q1["p50"] / p1["p50"]))
        cpu.append((label, ps, pc, qs, qc))
        if concurrent:
            p2 = pgbench(paper, cap, seconds)
            with multiprocessing.Pool(2) as pool:
                lats = pool.map(peer_worker, [(paper, cap, seconds)] * 2)
            allq = lats[0] + lats[1]
            q2 = {"n": len(allq), "rps": len(allq) / seconds, "p50": pct(allq, 50), "p99": pct(allq, 99)}
            print(line(label, "pith, pgbench -c 2", p2))
            print(line(label, "python peer, 2 processes", q2))
            ratios.append((label, "2 sessions", p2["rps"] / q2["rps"], q2["p50"] / p2["p50"]))
        sys.stdout.flush()
    print("\n| record           | sessions   | records/s ratio pith/peer | p50 ratio peer/pith |")
    print("| ---------------- | ---------- | ------------------------: | ------------------: |")
    for label, who, r, l in ratios:
        print("| %-16s | %-10s | %24.1fx | %18.1fx |" % (label, who, r, l))
    print("\nCPU time per record, one session (server backend + client process):\n")
    print("| record           | pith server | pith client | pith total | peer server | peer client | peer total | ratio |")
    print("| ---------------- | ----------: | ----------: | ---------: | ----------: | ----------: | ---------: | ----: |")
    for label, ps, pc, qs, qc in cpu:
        print("| %-16s | %8.2f ms | %8.2f ms | %7.2f ms | %8.2f ms | %8.2f ms | %7.2f ms | %4.1fx |"
              % (label, ps, pc, ps + pc, qs, qc, qs + qc, (qs + qc) / (ps + pc)))


if __name__ == "__main__":
    main()
