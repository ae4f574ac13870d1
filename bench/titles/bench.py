#!/usr/bin/python3
"""bench/titles/bench.py -- speed of pith's title functions beside their peers,
in one run against one server (PGHOST etc. from the environment):

1. normalize_title vs regexp_replace(lower(unaccent(t)), '[^a-z0-9]+', ' ', 'g')
2. title_similarity vs pg_trgm similarity(), pairs per second (run in turn,
   best of 5 each), on all pairs and on the damaged pairs alone
3. candidate search over a synthetic catalog of N titles (pith.cited_works):
   pith.title_candidates vs the plain pg_trgm query (title % q ORDER BY
   similarity(title, q) DESC LIMIT 5 with a GIN gin_trgm_ops index), queries
   per second and recall@1 for damaged titles, at each N given.

Usage: bench.py [N ...]   (default 10000 100000)
Titles come from test/data/titles_real.txt: catalog titles are real titles
with about half of their longer words swapped for words of other real
titles; queries are catalog titles damaged as in test/data/titles_make_pairs.py.
"""
import os
import random
import sys
import time

import psycopg2

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
sys.path.insert(0, os.path.join(ROOT, 'test', 'data'))
import titles_make_pairs as damage  # noqa: E402

rng = random.Random(7)
REAL = damage.titles
VOCAB = sorted({w for t in REAL for w in t.split(' ') if w.isalpha() and len(w) >= 4})


def synthetic_titles(n):
    """n distinct titles shaped like real ones."""
    seen, out = set(), []
    while len(out) < n:
        w = rng.choice(REAL).split(' ')
        w = [rng.choice(VOCAB) if x.isalpha() and len(x) >= 4 and rng.random() < 0.5 else x for x in w]
        t = ' '.join(w)
        k = damage.simple_key(t)
        if k not in seen:
            seen.add(k)
            out.append(t)
    return out


def damaged(t):
    """One damage kind per query, cycling through all of them."""
    kinds = [damage.glue, damage.tail, damage.hyphen_break, damage.braces, damage.typography,
             damage.drop_char, damage.sentence_case, damage.combo]
    for _ in range(10):
        d = rng.choice(kinds)(t)
        if d and d != t:
            return d
    return damage.tail(t)


def timed_pair(cur, sql_a, sql_b, base, repeat=5):
    """Best wall times of two statements run in turn (a, b, a, b, ...), less
    the base scan: on a shared machine both see the same load."""
    best_a = best_b = None
    for _ in range(repeat):
        ta = timed(cur, sql_a, repeat=1) - base
        tb = timed(cur, sql_b, repeat=1) - base
        best_a = ta if best_a is None or ta < best_a else best_a
        best_b = tb if best_b is None or tb < best_b else best_b
    return best_a, best_b


def timed(cur, sql, args=None, repeat=3):
    """Best wall time of a statement, in seconds."""
    best = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        cur.execute(sql, args)
        cur.fetchall()
        dt = time.perf_counter() - t0
        best = dt if best is None or dt < best else best
    return best


def make_pairs(cur, n):
    """bench_titles (a, b): n real-shaped titles, every second one damaged (a)
    beside its clean copy (b); the rest against themselves."""
    titles = synthetic_titles(n)
    cur.execute('DROP TABLE IF EXISTS bench_titles')
    cur.execute('CREATE UNLOGGED TABLE bench_titles (a text, b text)')
    rows = [(damaged(t) if i % 2 else t, t) for i, t in enumerate(titles)]
    args = ','.join(cur.mogrify('(%s,%s)', r).decode() for r in rows)
    cur.execute('INSERT INTO bench_titles VALUES ' + args)
    cur.execute('VACUUM ANALYZE bench_titles')
    return rows


def main():
    if sys.argv[1:2] == ['--pairs-only']:
        # for bench/titles/run_callgrind: the same pairs, left in bench_titles
        conn = psycopg2.connect('')
        conn.autocommit = True
        cur = conn.cursor()
        for ext in ('pg_trgm', 'pith CASCADE'):
            cur.execute('CREATE EXTENSION IF NOT EXISTS ' + ext)
        make_pairs(cur, 100000)
        return
    sizes = [int(x) for x in sys.argv[1:]] or [10000, 100000]
    conn = psycopg2.connect('')
    conn.autocommit = True
    cur = conn.cursor()
    # no JIT and no parallel workers for anyone: 2 shared cores, short queries
    cur.execute("SET max_parallel_workers_per_gather = 0")
    cur.execute("SET jit = off")
    for ext in ('pg_trgm', 'unaccent', 'pith CASCADE'):
        cur.execute('CREATE EXTENSION IF NOT EXISTS ' + ext)
    cur.execute('SELECT pith.icu_version(), version()')
    print('ICU %s; %s' % cur.fetchone())

    # 1 + 2: function speed on 100,000 titles / pairs
    n = 100000
    rows = make_pairs(cur, n)
    base = timed(cur, 'SELECT count(a) FROM bench_titles')
    t_norm = timed(cur, 'SELECT count(pith.normalize_title(a)) FROM bench_titles') - base
    t_regx = timed(cur, "SELECT count(regexp_replace(lower(unaccent(a)), '[^a-z0-9]+', ' ', 'g')) FROM bench_titles") - base
    t_key = timed(cur, 'SELECT count(pith.title_key(a)) FROM bench_titles') - base
    print('\n## normalization, %d titles (%.0f%% damaged, mean %d chars)' % (n, 50, sum(len(r[0]) for r in rows) / n))
    print('| function | titles/s | ratio |')
    print('| --- | ---: | ---: |')
    print('| pith.normalize_title(t) | %.0f | %.2fx |' % (n / t_norm, t_regx / t_norm))
    print('| pith.title_key(t) | %.0f | %.2fx |' % (n / t_key, t_regx / t_key))
    print("| regexp_replace(lower(unaccent(t)), '[^a-z0-9]+', ' ', 'g') | %.0f | 1.00x |" % (n / t_regx))
    t_sim, t_trg = timed_pair(cur, 'SELECT sum(pith.title_similarity(a, b)) FROM bench_titles',
                              'SELECT sum(similarity(a, b)) FROM bench_titles', base)
    cur.execute('CREATE TEMP TABLE bench_keys AS SELECT pith.title_key(a) ka, pith.title_key(b) kb FROM bench_titles')
    base_k = timed(cur, 'SELECT count(ka) FROM bench_keys')
    t_ksim = timed(cur, 'SELECT sum(pith.title_key_similarity(ka, kb)) FROM bench_keys') - base_k
    print('\n## similarity, %d pairs (damaged vs clean, and clean vs itself)' % n)
    print('| function | pairs/s | ratio |')
    print('| --- | ---: | ---: |')
    print('| pith.title_similarity(a, b) | %.0f | %.2fx |' % (n / t_sim, t_trg / t_sim))
    print('| pith.title_key_similarity(key_a, key_b) | %.0f | %.2fx |' % (n / t_ksim, t_trg / t_ksim))
    print('| pg_trgm similarity(a, b) | %.0f | 1.00x |' % (n / t_trg))
    # the damaged half alone: no pair of equal texts (pith keys those once)
    cur.execute('CREATE TEMP TABLE bench_damaged AS SELECT a, b FROM bench_titles WHERE a <> b')
    cur.execute('SELECT count(*) FROM bench_damaged')
    nd = cur.fetchone()[0]
    base_d = timed(cur, 'SELECT count(a) FROM bench_damaged')
    t_sim_d, t_trg_d = timed_pair(cur, 'SELECT sum(pith.title_similarity(a, b)) FROM bench_damaged',
                                  'SELECT sum(similarity(a, b)) FROM bench_damaged', base_d)
    print('\n## similarity, the %d damaged pairs alone (a <> b)' % nd)
    print('| function | pairs/s | ratio |')
    print('| --- | ---: | ---: |')
    print('| pith.title_similarity(a, b) | %.0f | %.2fx |' % (nd / t_sim_d, t_trg_d / t_sim_d))
    print('| pg_trgm similarity(a, b) | %.0f | 1.00x |' % (nd / t_trg_d))
    cur.execute('DROP TABLE bench_damaged')
    cur.execute('DROP TABLE bench_titles')
    if os.environ.get('PITH_BENCH_SEARCH', '1') == '0':
        return

    # 3: candidate search
    print('\n## candidate search (k = 5), synthetic catalog in pith.cited_works')
    print('| titles | method | load or build s | queries | q/s | ratio | recall@1 | ms/query |')
    print('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    catalog = synthetic_titles(max(sizes))
    loaded = 0
    plans = []
    cur.execute('TRUNCATE pith.cited_works CASCADE')
    cur.execute('DROP INDEX IF EXISTS pith.bench_cited_works_trgm')
    for size in sorted(sizes):
        t0 = time.perf_counter()
        while loaded < size:
            chunk = catalog[loaded:min(size, loaded + 20000)]
            args = ','.join(cur.mogrify("(%s,'bench')", (t,)).decode() for t in chunk)
            cur.execute('INSERT INTO pith.cited_works (title, metadata_source) VALUES ' + args)
            loaded += len(chunk)
        cur.execute('VACUUM ANALYZE pith.cited_works')
        t_load = time.perf_counter() - t0
        t0 = time.perf_counter()
        cur.execute('DROP INDEX IF EXISTS pith.bench_cited_works_trgm')
        cur.execute('CREATE INDEX bench_cited_works_trgm ON pith.cited_works USING gin (title gin_trgm_ops)')
        t_gin = time.perf_counter() - t0
        nq = 200 if size <= 100000 else 100
        sources = rng.sample(catalog[:size], nq)
        queries = [damaged(t) for t in sources]
        cur.execute('SELECT pith.title_key(t) FROM unnest(%s::text[]) t', (sources,))
        want = [r[0] for r in cur.fetchall()]
        plans = []
        results = []
        budget = float(os.environ.get('PITH_BENCH_BUDGET', '60'))  # seconds per method and size
        for method, sql in (
                ('pith.title_candidates', 'SELECT pith.title_key(title) FROM pith.title_candidates(%s, 5)'),
                ('pg_trgm % + ORDER BY similarity', 'SELECT pith.title_key(title) FROM pith.cited_works '
                 'WHERE title %% %s ORDER BY similarity(title, %s) DESC LIMIT 5')):
            hits = done = 0
            t0 = time.perf_counter()
            for q, w in zip(queries, want):
                cur.execute(sql, (q,) if sql.count('%s') == 1 else (q, q))
                res = cur.fetchall()
                hits += bool(res) and res[0][0] == w
                done += 1
                if time.perf_counter() - t0 > budget:
                    break
            results.append((method, time.perf_counter() - t0, hits, done))
            plan_sql = sql.replace('pith.title_key(title) FROM pith.title_candidates', '* FROM pith.title_candidates_search')
            cur.execute('EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ' + plan_sql,
                        (queries[0],) if sql.count('%s') == 1 else (queries[0], queries[0]))
            plans.append((method, [r[0] for r in cur.fetchall()]))
        trgm_qps = results[1][3] / results[1][1]
        for (method, dt, hits, done), build in zip(results, (t_load, t_gin)):
            print('| %d | %s | %.1f | %d | %.1f | %.2fx | %.3f | %.2f |' % (
                size, method, build, done, done / dt, (done / dt) / trgm_qps, hits / done, 1000 * dt / done))
        sys.stdout.flush()
    cur.execute('DROP INDEX IF EXISTS pith.bench_cited_works_trgm')
    cur.execute('TRUNCATE pith.cited_works CASCADE')
    print('\n## plans of the first query at the largest size')
    for method, lines in plans:
        print('\n' + method + ':\n```\n' + '\n'.join(lines) + '\n```')


if __name__ == '__main__':
    main()
