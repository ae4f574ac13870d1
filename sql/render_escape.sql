-- render_escape: pith.html_escape and pith.html_safe_href, the C pieces the
-- HTML page is built with.
\pset null '(null)'
-- unaligned: the U+202E override is zero-width for some psql versions and not others
\pset format unaligned
SELECT v AS input, pith.html_escape(v) AS escaped
FROM (VALUES
    ('Scaling Laws for Neural Language Models'),
    ('<script>document.title=''PWNED''</script>'),
    ('"><img src=x onerror=alert(1)>'),
    ('a & b'),
    ('&amp;'),
    ('Cntk: Microsoft’s open-source deep- learning toolkit'),
    (E'tab\there'),
    (E'bell\u0007 and C1\u0085 become U+FFFD'),
    (E'\u202Egnp.exe'),
    ('')) AS t(v);
\pset format aligned
SELECT pith.html_escape(NULL) AS null_in;
-- the escaped form of the RLO override is the character itself, not a reference
SELECT pith.html_escape(E'\u202E') = E'\u202E' AS rlo_kept;

SELECT v AS target, pith.html_safe_href(v) AS safe
FROM (VALUES
    ('/paper/2506.06472/citation-record'),
    ('/evidence'),
    ('javascript:alert(1)'),
    ('JAVASCRIPT:alert(1)'),
    (' /paper/x'),
    ('//evil.example/'),
    ('/\evil.example/'),
    ('https://arxiv.org/abs/2506.06472'),
    ('data:text/html;base64,PHNjcmlwdD4='),
    (E'/paper/x\ny'),
    ('')) AS t(v);
SELECT pith.html_safe_href(NULL) AS null_in;

SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel
FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'pith' AND p.proname IN ('html_escape', 'html_safe_href')
ORDER BY p.proname;
