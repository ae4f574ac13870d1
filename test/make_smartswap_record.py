#!/usr/bin/env python3
"""test/make_smartswap_record.py -- build test/data/smartswap_record.json, a
complete pith.paper-citation-record.v1 record for the SmartSwap paper, from the
text of its rendered page (test/data/smartswap_page.txt).

Every field the page shows is read from the page: the paper title, each
observation's id, the cited title (absent where the page says "an unresolved
cited work"), the reference index and the resolution status and time.  The
rest is filled in consistently with the record contract (SPEC sections 2-3):
no resolver links, so every cited work is the reference's own data and every
standing notice is "canonical_work_link_unavailable"; no inbound observations
and no external measurements.  The citing arXiv id (2510.04567), the paper's
dates and the as-of instant are invented; the page does not show them.

Digests are computed exactly as SPEC section 3 says, so pith.verify_record
accepts the result.  The output is the record's canonical text, no trailing
newline.  Usage: python3 test/make_smartswap_record.py [PAGE [OUT]]
"""
import hashlib
import json
import re
import sys

ARXIV_ID = "2510.04567"
PAPER_SUBMITTED = "2025-10-06T09:41:12Z"
PAPER_SNAPSHOT = "2026-08-04T17:10:55.318240Z"
AS_OF = "2026-08-08T05:57:00Z"
SUFFIX = " | Paper Citation Record"
EVENTS_HEADING = "Source-reported events for the cited work"
UNAVAILABLE = "Unavailable: canonical work link unavailable."
CLOSING = ["Coverage vector", "Reference resolution", "Outbound references", "Pith citing papers"]
STATES = ["malformed_identifier", "metadata_mismatch", "parse_uncertain",
          "unresolved", "verified_exact", "verified_fuzzy"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July",
          "August", "September", "October", "November", "December"]


def canonical(value):
    """Canonical text of a JSON value (SPEC section 3)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value):
    return "sha256:" + hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def expect(cond, what):
    if not cond:
        sys.exit("smartswap page: unexpected layout: " + what)


def parse_page(text):
    """The page's paper title and its observation blocks as dicts."""
    lines = text.split("\n\n")
    expect(lines[0].endswith(SUFFIX), "title line")
    title = lines[0][: -len(SUFFIX)]
    expect(lines[-4:] == CLOSING, "closing headings")
    body = lines[1:-4]
    expect(len(body) % 7 == 0, "blocks of seven lines")
    blocks = []
    for i in range(0, len(body), 7):
        head, cites, pair, ref, res, events, notice = body[i:i + 7]
        m = re.fullmatch(r"Observation ([0-9a-f-]{36}) · outbound", head)
        expect(m, head)
        obs_id = m.group(1)
        if cites == "This paper cites an unresolved cited work.":
            cited = None
            expect(pair == title + " Unresolved cited work", pair)
        else:
            expect(cites.startswith("This paper cites ") and cites.endswith("."), cites)
            cited = cites[len("This paper cites "):-1]
            expect(pair == title + " " + cited, pair)
        m = re.fullmatch(r"Reference (\d+)", ref)
        expect(m, ref)
        m2 = re.fullmatch(r"Resolution: (\w+); no resolver link, observed (\S+Z)", res)
        expect(m2, res)
        expect(events == EVENTS_HEADING and notice == UNAVAILABLE, notice)
        blocks.append({"id": obs_id, "title": cited, "index": int(m.group(1)),
                       "status": m2.group(1), "observed": m2.group(2)})
    return title, blocks


def reference_year(title):
    """The year a reference parser would take from the parsed title's tail."""
    if title is None:
        return None
    m = re.search(r"\b((?:19|20)\d\d)\.?$", title)
    return int(m.group(1)) if m else None


def build(title, blocks):
    citing = {"arxiv_id": ARXIV_ID, "last_updated": PAPER_SUBMITTED,
              "snapshot_observed_at": PAPER_SNAPSHOT, "submitted_at": PAPER_SUBMITTED,
              "title": title, "version": 1}
    outbound = []
    for b in blocks:
        obs = {
            "citation": {
                "cited_paper": None,
                "cited_work": {"arxiv_id": None, "doi": None, "metadata_source": None,
                               "pith_arxiv_id": None, "snapshot_observed_at": b["observed"],
                               "title": b["title"], "venue": None, "work_id": None,
                               "year": reference_year(b["title"])},
                "citing_paper": citing,
                "reference_index": b["index"],
                "source": "pdf_text",
                "source_observed_at": b["observed"],
            },
            "links": {"citing_paper": "/paper/" + ARXIV_ID},
            "observation_id": b["id"],
            "resolution": {"observed_at": b["observed"], "resolver_source": None,
                           "status": b["status"]},
            "standing_notice": {"events": [], "reason": "canonical_work_link_unavailable",
                                "source_receipts": [], "state": "unavailable"},
        }
        obs["observation_digest"] = digest(obs)
        outbound.append(obs)
    # the record orders observations by reference_index, as the page does
    expect([b["index"] for b in blocks] == sorted(b["index"] for b in blocks), "reference order")
    n = len(outbound)
    counts = {s: 0 for s in STATES}
    for b in blocks:
        counts[b["status"]] += 1
    year, month, day = (int(x) for x in AS_OF[:10].split("-"))
    latest = max(blocks, key=lambda b: b["observed"])["observed"]  # same-format ISO strings sort by time
    record = {
        "as_of": AS_OF,
        "caps": {"database_statements": 6, "inbound": 100, "outbound": 100},
        "coverage": [
            {"denominator": n, "lane": "reference_resolution",
             "note": "Typed states for the displayed outbound observations.",
             "records_observed": n, "source": "paper_references, paper_reference_links",
             "source_observed_at": latest, "state": "measured"},
            {"denominator": n, "lane": "standing_notices",
             "note": "One-hop event checks from named stored sources.",
             "records_observed": n, "source": "scholarly_work_events, retraction_status_cache",
             "source_observed_at": None, "state": "measured"},
            {"denominator": 0, "lane": "inbound_itemization",
             "note": "Pith citing papers itemized under the disclosed page cap.",
             "records_observed": 0, "source": "paper_references, paper_reference_links",
             "source_observed_at": None, "state": "measured"},
            {"denominator": 1, "lane": "external_citation_measurements",
             "note": "A source-named dated measurement, never combined with another source.",
             "records_observed": 0, "source": "cited_works",
             "source_observed_at": None, "state": "measured"},
        ],
        "external_citation_measurements": [],
        "inbound": [],
        "links": {"evidence": "/evidence",
                  "html": "/paper/%s/citation-record" % ARXIV_ID,
                  "integrity": "/paper/%s/integrity" % ARXIV_ID,
                  "json": "/paper/%s/citation-record.json" % ARXIV_ID,
                  "paper": "/paper/%s" % ARXIV_ID},
        "outbound": outbound,
        "paper": {"arxiv_id": ARXIV_ID, "last_updated": PAPER_SUBMITTED, "latest_version": 1,
                  "primary_category": "cs.LG", "snapshot_observed_at": PAPER_SNAPSHOT,
                  "submitted_at": PAPER_SUBMITTED, "title": title},
        "reference_resolution": {"displayed": n, "state_counts": counts,
                                 "total_outbound_references": n},
        "refusal": "A citation records a reference. It does not transfer a finding from one paper to another.",
        "schema": "pith.paper-citation-record.v1",
        "standing_sources": [],
        "thesis": "As of %d %s %d, this Paper Citation Record lists %d of %d outbound references "
                  "and 0 inbound Pith citation observations for arXiv:%s."
                  % (day, MONTHS[month - 1], year, n, n, ARXIV_ID),
    }
    body = {k: v for k, v in record.items() if k != "as_of"}
    record["context_digest"] = digest(body)
    return record


def main():
    page = sys.argv[1] if len(sys.argv) > 1 else "test/data/smartswap_page.txt"
    out = sys.argv[2] if len(sys.argv) > 2 else "test/data/smartswap_record.json"
    with open(page, encoding="utf-8") as f:
        text = f.read()
    title, blocks = parse_page(text)
    record = build(title, blocks)
    with open(out, "w", encoding="utf-8") as f:
        f.write(canonical(record))
    print("%s: %d outbound observations" % (out, len(blocks)), file=sys.stderr)


if __name__ == "__main__":
    main()
