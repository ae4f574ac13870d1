#!/usr/bin/python3
"""peer.py -- the peer pith is measured against: the citation record as an
application builds it today, outside the database.  Six statements fetch
the rows (paper, outbound references, inbound references, receipts, events,
measurements); Python assembles the record, digests every observation and the
context, and writes the canonical text.  It applies the same rules as
pith.citation_record() (SPEC section 2), so both produce the same bytes --
run() checks that on the golden file before any timing.

Used by bench/record/run; `python3 peer.py ARXIV_ID AS_OF` prints one record.
"""
import hashlib
import json
import sys

import psycopg2

REFUSAL = "A citation records a reference. It does not transfer a finding from one paper to another."
STATES = ("malformed_identifier", "metadata_mismatch", "parse_uncertain",
          "unresolved", "verified_exact", "verified_fuzzy")

PAPER_SQL = """
SELECT arxiv_id::text, title, latest_version, submitted_at, last_updated,
       primary_category, snapshot_observed_at
FROM pith.papers WHERE arxiv_id = %(id)s::pith.arxiv_id"""

REF_COLUMNS = """
       r.observation_id::text, r.citing_version, r.reference_index, r.title, r.year,
       r.pith_arxiv_id::text, r.source, r.source_observed_at,
       dp.arxiv_id::text, dp.title, dp.latest_version, dp.submitted_at, dp.last_updated,
       dp.snapshot_observed_at,
       l.observation_id IS NOT NULL, l.status::text, l.resolver_source, l.observed_at,
       w.work_id::text, w.title, w.doi::text, w.arxiv_id::text, w.venue, w.year,
       w.metadata_source, w.snapshot_observed_at"""

REF_JOINS = """
LEFT JOIN pith.papers dp ON r.pith_arxiv_id IS NOT NULL
      AND dp.arxiv_id = pith.arxiv_base(r.pith_arxiv_id) AND dp.snapshot_observed_at <= %(as_of)s
LEFT JOIN (pith.paper_reference_links l LEFT JOIN pith.cited_works w ON w.work_id = l.work_id)
       ON l.observation_id = r.observation_id AND l.observed_at <= %(as_of)s
      AND (l.work_id IS NULL OR w.snapshot_observed_at <= %(as_of)s)"""

OUTBOUND_SQL = "SELECT" + REF_COLUMNS + """
FROM pith.paper_references r""" + REF_JOINS + """
WHERE r.citing_arxiv_id = %(id)s::pith.arxiv_id AND r.source_observed_at <= %(as_of)s
ORDER BY r.reference_index"""

INBOUND_SQL = "SELECT" + REF_COLUMNS + """,
       cp.arxiv_id::text, cp.title, cp.submitted_at, cp.last_updated, cp.snapshot_observed_at
FROM (SELECT r0.observation_id FROM pith.paper_references r0
      WHERE r0.pith_arxiv_id IS NOT NULL AND pith.arxiv_base(r0.pith_arxiv_id) = %(id)s::pith.arxiv_id
      UNION
      SELECT l0.observation_id FROM pith.cited_works w0
      JOIN pith.paper_reference_links l0 ON l0.work_id = w0.work_id
      WHERE w0.arxiv_id IS NOT NULL AND pith.arxiv_base(w0.arxiv_id) = %(id)s::pith.arxiv_id
        AND l0.observed_at <= %(as_of)s AND w0.snapshot_observed_at <= %(as_of)s) c
JOIN pith.paper_references r ON r.observation_id = c.observation_id
JOIN pith.papers cp ON cp.arxiv_id = r.citing_arxiv_id AND cp.snapshot_observed_at <= %(as_of)s""" + REF_JOINS + """
WHERE r.citing_arxiv_id <> %(id)s::pith.arxiv_id AND r.source_observed_at <= %(as_of)s
ORDER BY r.citing_arxiv_id, r.reference_index"""

RECEIPTS_SQL = """
SELECT work_id::text, source, max(observed_at) FROM pith.retraction_status_cache
WHERE work_id = ANY(%(works)s::uuid[]) AND observed_at <= %(as_of)s
GROUP BY 1, 2"""

EVENTS_SQL = """
SELECT work_id::text, source, event_type, event_date, notice_doi::text, observed_at
FROM pith.scholarly_work_events
WHERE work_id = ANY(%(works)s::uuid[]) AND observed_at <= %(as_of)s"""

MEASUREMENTS_SQL = """
SELECT DISTINCT ON (source) source, cited_by_count, measured_at
FROM pith.citation_measurements
WHERE arxiv_id = %(id)s::pith.arxiv_id AND measured_at <= %(as_of)s
ORDER BY source, measured_at DESC"""


def iso(ts, offset=False):
    """Record text of a timestamp: isoformat, Z unless offset form."""
    if ts is None:
        return None
    s = ts.isoformat()
    return s if offset else s[:-6] + "Z"


def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(v):
    return "sha256:" + hashlib.sha256(canonical(v).encode("utf-8")).hexdigest()


def paper_obj(arxiv_id, title, submitted, updated, snapshot, version):
    return {"arxiv_id": arxiv_id, "last_updated": iso(updated), "snapshot_observed_at": iso(snapshot),
            "submitted_at": iso(submitted), "title": title, "version": version}


def observation(row, citing, receipts, events):
    (oid, citing_version, ref_index, ref_title, ref_year, pith_id, source, source_at,
     dp_id, dp_title, dp_version, dp_sub, dp_upd, dp_snap,
     linked, status, resolver, link_at,
     work_id, w_title, w_doi, w_arxiv, w_venue, w_year, w_meta, w_snap) = row[:26]
    cited = None if dp_id is None else paper_obj(dp_id, dp_title, dp_sub, dp_upd, dp_snap, dp_version)
    if work_id is not None:
        work = {"arxiv_id": w_arxiv, "doi": w_doi, "metadata_source": w_meta, "pith_arxiv_id": pith_id,
                "snapshot_observed_at": iso(w_snap), "title": w_title, "venue": w_venue,
                "work_id": work_id, "year": w_year}
        rec = sorted(receipts.get(work_id, {}).items())
        evs = sorted(events.get(work_id, []), key=lambda e: (e[1] is None, e[1], e[0], e[2], e[3] or ""))
        when = max(t for _, t in rec) if rec else (max(e[4] for e in evs) if evs else None)
        if when is None:
            notice = {"events": [], "reason": "standing_sources_not_queried", "source_receipts": [],
                      "state": "unavailable"}
        else:
            n = len(evs)
            head = "No event found" if n == 0 else "%d event(s) found" % n
            notice = {"events": [{"event_date": e[1].isoformat() if e[1] else None, "event_type": e[2],
                                  "notice_doi": e[3], "observed_at": iso(e[4]), "source": e[0]} for e in evs],
                      "observation": "%s in the named queried sources as of %s." % (head, iso(when, True)),
                      "reason": None,
                      "source_receipts": [{"observed_at": iso(t, True), "source": s} for s, t in rec],
                      "state": "measured"}
    else:
        work = {"arxiv_id": None, "doi": None, "metadata_source": None, "pith_arxiv_id": pith_id,
                "snapshot_observed_at": iso(source_at), "title": ref_title, "venue": None,
                "work_id": None, "year": ref_year}
        notice = {"events": [], "reason": "canonical_work_link_unavailable", "source_receipts": [],
                  "state": "unavailable"}
    if linked:
        resolution = {"observed_at": iso(link_at), "resolver_source": resolver, "status": status}
    else:
        resolution = {"observed_at": iso(source_at), "resolver_source": None, "status": "unresolved"}
    links = {"citing_paper": "/paper/" + citing[0]}
    if cited is not None:
        links["cited_paper"] = "/paper/" + dp_id
    obs = {"citation": {"cited_paper": cited, "cited_work": work,
                        "citing_paper": paper_obj(citing[0], citing[1], citing[2], citing[3], citing[4],
                                                  citing_version),
                        "reference_index": ref_index, "source": source, "source_observed_at": iso(source_at)},
           "links": links, "observation_id": oid, "resolution": resolution, "standing_notice": notice}
    obs["observation_digest"] = digest(obs)
    return obs


def record(cur, arxiv_id, as_of, out_cap=100, in_cap=100):
    """The canonical text of the record: six statements, assembled here."""
    p = {"id": arxiv_id, "as_of": as_of}
    cur.execute(PAPER_SQL, p)
    paper = cur.fetchone()
    if paper is None:
        raise KeyError(arxiv_id)
    cur.execute(OUTBOUND_SQL, p)
    out_rows = cur.fetchall()
    cur.execute(INBOUND_SQL, p)
    in_rows = cur.fetchall()
    shown_out, shown_in = out_rows[:out_cap], in_rows[:in_cap]
    p["works"] = list({r[18] for r in shown_out + shown_in if r[18] is not None})
    cur.execute(RECEIPTS_SQL, p)
    receipts = {}
    for w, s, t in cur.fetchall():
        receipts.setdefault(w, {})[s] = t
    cur.execute(EVENTS_SQL, p)
    events = {}
    for w, s, typ, d, doi, t in cur.fetchall():
        events.setdefault(w, []).append((s, d, typ, doi, t))
    cur.execute(MEASUREMENTS_SQL, p)
    meas = cur.fetchall()

    pid, ptitle, pver, psub, pupd, pcat, psnap = paper
    citing = (pid, ptitle, psub, pupd, psnap)
    outbound = [observation(r, citing, receipts, events) for r in shown_out]
    inbound = [observation(r, r[26:31], receipts, events) for r in in_rows[:in_cap]]
    counts = dict.fromkeys(STATES, 0)
    for r in out_rows:
        counts[r[15] if r[14] else "unresolved"] += 1
    sources = {}
    for r in shown_out:
        if r[18] is not None:
            for s, t in receipts.get(r[18], {}).items():
                sources[s] = max(sources.get(s, t), t)
    notice_at = max(sources.values()) if sources else None
    rec = {
        "as_of": iso(as_of),
        "caps": {"database_statements": 6, "inbound": in_cap, "outbound": out_cap},
        "coverage": [
            {"denominator": len(out_rows), "lane": "reference_resolution",
             "note": "Typed states for the displayed outbound observations.",
             "records_observed": len(shown_out), "source": "paper_references, paper_reference_links",
             "source_observed_at": iso(max((r[7] for r in shown_out), default=None)), "state": "measured"},
            {"denominator": len(shown_out), "lane": "standing_notices",
             "note": "One-hop event checks from named stored sources.",
             "records_observed": len(shown_out), "source": "scholarly_work_events, retraction_status_cache",
             "source_observed_at": iso(notice_at, True), "state": "measured"},
            {"denominator": len(in_rows), "lane": "inbound_itemization",
             "note": "Pith citing papers itemized under the disclosed page cap.",
             "records_observed": len(inbound), "source": "paper_references, paper_reference_links",
             "source_observed_at": iso(max((r[7] for r in in_rows[:in_cap]), default=None)),
             "state": "measured"},
            {"denominator": 1, "lane": "external_citation_measurements",
             "note": "A source-named dated measurement, never combined with another source.",
             "records_observed": len(meas), "source": "cited_works",
             "source_observed_at": iso(max((m[2] for m in meas), default=None)), "state": "measured"}],
        "external_citation_measurements": [{"cited_by_count": c, "measured_at": iso(t), "source": s}
                                           for s, c, t in meas],
        "inbound": inbound,
        "links": {"evidence": "/evidence", "html": "/paper/%s/citation-record" % pid,
                  "integrity": "/paper/%s/integrity" % pid, "json": "/paper/%s/citation-record.json" % pid,
                  "paper": "/paper/" + pid},
        "outbound": outbound,
        "paper": {"arxiv_id": pid, "last_updated": iso(pupd), "latest_version": pver,
                  "primary_category": pcat, "snapshot_observed_at": iso(psnap),
                  "submitted_at": iso(psub), "title": ptitle},
        "reference_resolution": {"displayed": len(shown_out), "state_counts": counts,
                                 "total_outbound_references": len(out_rows)},
        "refusal": REFUSAL,
        "schema": "pith.paper-citation-record.v1",
        "standing_sources": [{"observed_at": iso(t, True), "source": s} for s, t in sorted(sources.items())],
        "thesis": "As of %d %s %d, this Paper Citation Record lists %d of %d outbound references and %d "
                  "inbound Pith citation observations for arXiv:%s." % (
                      as_of.day, as_of.strftime("%B"), as_of.year, len(shown_out), len(out_rows),
                      len(inbound), pid),
    }
    rec["context_digest"] = digest({k: v for k, v in rec.items() if k != "as_of"})
    return canonical(rec)


def connect(dsn=""):
    conn = psycopg2.connect(dsn)
    conn.autocommit = True
    cur = conn.cursor()
    cur.execute("SET TIME ZONE 'UTC'")
    cur.execute("SET search_path = pith, public")
    return conn, cur


if __name__ == "__main__":
    import datetime
    _, c = connect()
    at = datetime.datetime.fromisoformat(sys.argv[2].replace("Z", "+00:00"))
    sys.stdout.write(record(c, sys.argv[1], at))
