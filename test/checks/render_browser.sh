#!/usr/bin/env bash
# test/checks/render_browser.sh -- pith.render_html in a real browser: renders
# the golden record's page and a hostile record's page and checks them in
# headless Chromium (test/checks/render_browser.py).  Screenshots and pages
# land in out/test/ (golden_page.png, hostile_page.png).
set -uo pipefail
CHROMIUM=${PITH_CHROMIUM:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] || { echo "skip: no Chromium at $CHROMIUM"; exit 77; }
out=${PITH_OUT:-out/test}
mkdir -p "$out"
db=pith_render_browser_$$
psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "CREATE DATABASE $db" || exit 1
trap 'psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db"' EXIT
psql -X -q -v ON_ERROR_STOP=1 -d "$db" -c 'CREATE EXTENSION pith CASCADE' || exit 1
python3 test/checks/render_browser.py "$out" "$db"
