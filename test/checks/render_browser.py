#!/usr/bin/env python3
"""test/checks/render_browser.py -- driven by render_browser.sh: renders the
golden record's page and a hostile record's page with pith.render_html, opens
them in headless Chromium (--dump-dom, --screenshot) and checks what a reader
would see.

Checks, per page:
  * the DOM after load holds only the elements and attributes the renderer
    writes: no <script>, <img>, on* attribute, or link that is not same-origin;
  * the document title is the record's, i.e. no injected script rewrote it,
    no injected element was added, and the script's console marker is absent;
  * the visible text of <body> contains, in order, every line of
    pith.render_text(record) (the text layout), the thesis, and every
    observation's title;
  * on the hostile page every hostile string appears literally.
And two self-checks of the harness: a page with the same payloads written
unescaped must show that the scripts ran (else the harness is blind), and the
hostile page with its Content-Security-Policy removed must still run nothing
(escaping alone is enough).  Screenshots and pages go to OUT (out/test).
"""
import copy
import html.parser
import json
import os
import re
import subprocess
import sys
import tempfile

CHROMIUM = os.environ.get("PITH_CHROMIUM", "/usr/bin/chromium")
OUT = sys.argv[1] if len(sys.argv) > 1 else "out/test"
DBNAME = sys.argv[2] if len(sys.argv) > 2 else os.environ.get("PGDATABASE", "postgres")
MARK = "PITH-INJECTED-SCRIPT-RAN"
RLO = "\u202e"
H_SCRIPT = ("<script>document.title='PWNED';document.body.appendChild("
            "document.createElement('pith-injected'));console.log('" + MARK + "')</script>")
H_IMG = ("\"><img src=x onerror=\"document.title='PWNED';document.body.appendChild("
         "document.createElement('pith-injected'));console.log('" + MARK + "')\">")
H_JS = "javascript:document.title='PWNED'"
HOSTILE_STRINGS = [H_SCRIPT, H_IMG, H_JS, RLO + "fdp.exe", "&amp;"]
ALLOWED_TAGS = {"html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "h3",
                "span", "p", "bdi", "nav", "a", "main", "section", "article", "ul", "li",
                "table", "tbody", "tr", "th", "td", "footer"}
BLOCK_TAGS = {"p", "h1", "h2", "h3", "li", "tr", "article", "section", "header", "nav",
              "footer", "main", "table", "ul", "body", "title"}

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL: " + msg)


def norm(s):
    """Whitespace as a browser collapses it."""
    return re.sub(r"[ \t\n\r\f]+", " ", s).strip()


class Dom(html.parser.HTMLParser):
    """Tags, attributes, title and visible body text of a dumped DOM."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attrs, self.hrefs = [], [], []
        self.title, self.lines, self.cur = "", [], []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs.extend(a for a, _ in attrs)
        if tag == "a":
            self.hrefs.append(dict(attrs).get("href"))
        if tag != "meta":
            self.stack.append(tag)
        if tag in BLOCK_TAGS:
            self.flush()

    def handle_endtag(self, tag):
        if tag in BLOCK_TAGS:
            self.flush()
        if tag in self.stack:
            while self.stack.pop() != tag:
                pass

    def flush(self):
        line = norm("".join(self.cur))
        if line:
            self.lines.append(line)
        self.cur = []

    def handle_data(self, data):
        if "title" in self.stack:
            self.title += data
        elif "body" in self.stack and not ({"style", "script", "template"} & set(self.stack)):
            self.cur.append(data)


def chromium(args, url):
    with tempfile.TemporaryDirectory(prefix="pith-chromium-") as profile:
        cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0",
               "--virtual-time-budget=3000"] + args + [url]
        p = subprocess.run(cmd, capture_output=True, timeout=120)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def load(path):
    """The DOM Chromium holds after loading path, parsed, the dump and the console output."""
    rc, out, err = chromium(["--dump-dom"], "file://" + os.path.abspath(path))
    if rc != 0 or "<html" not in out:
        fail("chromium --dump-dom failed on %s (rc %d): %s" % (path, rc, err[-500:]))
    d = Dom()
    d.feed(out)
    d.close()
    d.flush()
    return d, out, err


def screenshot(path, png):
    if os.path.exists(png):
        os.unlink(png)
    rc, _, err = chromium(["--window-size=1280,1800", "--hide-scrollbars",
                           "--screenshot=" + os.path.abspath(png)], "file://" + os.path.abspath(path))
    if rc != 0 or not os.path.exists(png) or os.path.getsize(png) < 10000:
        fail("chromium --screenshot failed for %s: %s" % (path, err[-500:]))


def script_ran(d, dump, err, title):
    return (norm(d.title) != title or "pith-injected" in d.tags or MARK in err
            or "<pith-injected" in dump)


def paper_title(record):
    """The title a page is headed with (README: paper.title, else arXiv:id, else Untitled paper)."""
    p = record.get("paper") or {}
    t = (p.get("title") or "").strip(" ")
    if t:
        return t
    return "arXiv:%s" % p["arxiv_id"] if p.get("arxiv_id") is not None else "Untitled paper"


def cited_title(o):
    c = o.get("citation") or {}
    for k in ("cited_work", "cited_paper"):
        t = ((c.get(k) or {}).get("title") or "").strip()
        if t:
            return t
    return None


def sql_value(func, record):
    """pith.<func>(record) computed by the server through psql."""
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".json", delete=False) as f:
        json.dump(record, f, ensure_ascii=False)
    try:
        p = subprocess.run(["psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-d", DBNAME,
],
                           input="\\set doc `cat %s`\nSELECT pith.%s(:'doc'::jsonb);\n" % (f.name, func),
                           capture_output=True, encoding="utf-8", timeout=120)
    finally:
        os.unlink(f.name)
    if p.returncode != 0:
        fail("psql: pith.%s failed: %s" % (func, p.stderr[-500:]))
        return ""
    return p.stdout[:-1] if p.stdout.endswith("\n") else p.stdout


def check_page(name, record, hostile):
    page = sql_value("render_html", record)
    text = sql_value("render_text", record)
    ptitle = paper_title(record)
    path = os.path.join(OUT, name + "_page.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write(page)
    d, dump, err = load(path)
    # controls and U+2028/U+2029 become spaces; bidi controls are dropped
    # from <title> (no <bdi> can isolate the value there)
    want_title = norm(re.sub(r"[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]", "",
                             re.sub(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", " ", ptitle))) + " | Paper Citation Record"
    if script_ran(d, dump, err, want_title):
        fail("%s: a script ran or the title changed (title %r)" % (name, d.title))
    bad = sorted(set(d.tags) - ALLOWED_TAGS)
    if bad:
        fail("%s: unexpected elements %s" % (name, bad))
    on = sorted(a for a in set(d.attrs) if a.startswith("on"))
    if on:
        fail("%s: event handler attributes %s" % (name, on))
    for h in d.hrefs:
        if h is None or not (h.startswith("#") or (h.startswith("/") and not h.startswith(("//", "/\\")))):
            fail("%s: link target %r is not same-origin" % (name, h))
    visible = "\n".join(d.lines)
    # the text layout, line by line, in order
    pos = 0
    for line in text.split("\n\n"):
        want = norm(line)
        found = next((i for i in range(pos, len(d.lines)) if d.lines[i] == want), None)
        if found is None:
            fail("%s: text-layout line missing or out of order in the visible text: %r" % (name, want[:200]))
            break
        pos = found + 1
    if norm(record.get("thesis", "")) not in visible:
        fail("%s: thesis not visible" % name)
    n = 0
    for side in ("outbound", "inbound"):
        for o in record.get(side, []):
            t = cited_title(o)
            want = norm(t) if t else "an unresolved cited work"
            n += 1
            if want not in visible:
                fail("%s: observation title not visible: %r" % (name, want[:120]))
    if hostile:
        for s in HOSTILE_STRINGS:
            if norm(s) not in visible:
                fail("%s: hostile string not shown literally: %r" % (name, s))
        if "do not verify" not in visible:
            fail("%s: the integrity line does not report the broken digests" % name)
        # escaping alone must be enough: the page without its CSP runs nothing either
        nocsp = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>\n?', "", page)
        if nocsp == page:
            fail("%s: no Content-Security-Policy meta found" % name)
        p2 = os.path.join(OUT, name + "_page_without_csp.html")
        with open(p2, "w", encoding="utf-8") as f:
            f.write(nocsp)
        d2, dump2, err2 = load(p2)
        if script_ran(d2, dump2, err2, want_title):
            fail("%s without CSP: a script ran or the title changed (title %r)" % (name, d2.title))
    elif "digests verify" not in visible:
        fail("%s: the integrity line does not say the digests verify" % name)
    screenshot(path, os.path.join(OUT, name + "_page.png"))
    print("%s: %d observations, %d visible lines, %d elements checked" % (name, n, len(d.lines), len(d.tags)))


def hostile_record(golden):
    r = copy.deepcopy(golden)
    title = "Hostile " + H_SCRIPT + " title " + RLO + "fdp.exe"
    r["paper"]["title"] = title
    for o in r["outbound"]:
        o["citation"]["citing_paper"]["title"] = title
    ob = r["outbound"]
    ob[0]["observation_id"] = H_IMG + " " + RLO + "1-di"
    ob[0]["citation"]["cited_work"]["title"] = H_SCRIPT
    ob[1]["citation"]["cited_work"]["title"] = H_IMG
    ob[1]["links"]["citing_paper"] = H_JS
    ob[2]["citation"]["cited_work"]["title"] = H_JS
    ob[2]["links"]["cited_paper"] = H_JS
    ob[3]["citation"]["cited_work"]["title"] = RLO + "fdp.exe reversed title"
    ob[3]["observation_id"] = RLO + "00000000-0000-4000-8000-000000000004"
    ob[4]["resolution"]["resolver_source"] = "<b>bold</b>"
    ob[4]["citation"]["cited_work"]["title"] = "Tom &amp; Jerry: entities stay literal"
    ob[5]["citation"]["cited_work"]["title"] = None
    ob[5]["citation"]["cited_paper"] = None
    ob[6]["standing_notice"] = {
        "events": [{"event_date": "2024-01-02", "event_type": H_SCRIPT, "notice_doi": H_IMG,
                    "observed_at": "2026-08-07T06:34:17.273281+00:00", "source": H_JS}],
        "observation": "1 event(s) found " + H_IMG, "reason": None,
        "source_receipts": [], "state": "measured"}
    ob[7]["standing_notice"]["state"] = H_SCRIPT
    r["links"] = {"evidence": "/\\evil.example/x", "html": "javascript:alert(1)",
                  "integrity": "//evil.example/x", "json": " /paper/x", "paper": H_JS}
    r["thesis"] = r["thesis"] + " " + H_SCRIPT
    r["refusal"] = H_IMG
    r["coverage"][0]["note"] = H_IMG
    r["reference_resolution"]["state_counts"]["<i>extra</i>"] = 1
    inbound = copy.deepcopy(ob[8])
    inbound["citation"]["citing_paper"] = {"arxiv_id": H_JS, "title": H_SCRIPT + RLO + "evil"}
    inbound["links"] = {"citing_paper": H_JS, "cited_paper": "/paper/2506.06472"}
    inbound["observation_id"] = H_IMG
    r["inbound"] = [inbound]
    r["external_citation_measurements"] = [
        {"cited_by_count": 7, "measured_at": "2026-08-01T00:00:00Z", "source": H_IMG}]
    return r


def harness_self_check():
    path = os.path.join(OUT, "render_browser_control.html")
    with open(path, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><head><title>control</title></head><body><p>raw payloads</p>"
                + H_SCRIPT + "<p>" + H_IMG + "</p></body></html>")
    d, dump, err = load(path)
    if not script_ran(d, dump, err, "control"):
        fail("harness self-check: an unescaped payload did not show as executed; the checks would be blind")
    else:
        print("harness self-check: unescaped payloads are seen to run (title %r, injected elements %d, "
              "console marker %s)" % (d.title, d.tags.count("pith-injected"), MARK in err))


def main():
    os.makedirs(OUT, exist_ok=True)
    with open("test/data/golden_2506.06472.json", encoding="utf-8") as f:
        golden = json.load(f)
    harness_self_check()
    check_page("golden", golden, hostile=False)
    check_page("hostile", hostile_record(golden), hostile=True)
    if failures:
        print("%d failure(s)" % len(failures))
        sys.exit(1)
    print("render_browser: all checks passed; screenshot %s" % os.path.join(OUT, "golden_page.png"))


if __name__ == "__main__":
    main()
