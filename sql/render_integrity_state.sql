-- render_integrity_state: the integrity state is decided where the digests
-- are verified (pith.record_integrity) and handed to the HTML page as a
-- value (pith.html_page), not read back from the sentence's wording.
\set golden `cat test/data/golden_2506.06472.json`
\set smartswap `cat test/data/smartswap_record.json`

-- 1. State and sentence together: all verify, some do not, cannot check.
SELECT i.state, i.sentence = pith.render_integrity(r.doc) AS sentence_is_render_integrity
FROM (VALUES (1, :'golden'::jsonb),
             (2, pg_catalog.jsonb_set(:'golden'::jsonb, '{outbound,2,citation,reference_index}', '99')),
             (3, :'smartswap'::jsonb),
             (4, '{"outbound": []}'::jsonb),
             (5, '{"outbound": {"not": "a list"}}'::jsonb),
             (6, '[]'::jsonb)) AS r(n, doc),
     pith.record_integrity(r.doc) AS i
ORDER BY r.n;
SELECT * FROM pith.record_integrity(NULL);

-- 2. render_html is the page of the state and sentence, byte for byte what
-- 0.2.0's render_html_page(record, render_integrity(record)) gives.
SELECT pith.render_html(d) = pith.render_html_page(d, pith.render_integrity(d)) AS same_page,
       pith.render_html(d) = pith.html_page(d, i.state, i.sentence) AS html_page_of_the_state
FROM (VALUES (:'golden'::jsonb),
             (pg_catalog.jsonb_set(:'golden'::jsonb, '{outbound,2,citation,reference_index}', '99')),
             ('{"outbound": {"not": "a list"}}'::jsonb)) AS r(d),
     pith.record_integrity(r.d) AS i;

-- 3. The line's style follows the state, whatever the sentence says.
SELECT s.state,
       pg_catalog.substring(pith.html_page('{"paper": {"title": "T"}}'::jsonb, s.state, 'Integrity: checked at load.'),
                            '<p class="integrity[^\n]*') AS integrity_line
FROM (VALUES ('ok'), ('bad'), ('not checked')) AS s(state);
-- while 0.2.0's form, given only a sentence, still reads its wording
SELECT pg_catalog.substring(pith.render_html_page('{"paper": {"title": "T"}}'::jsonb, 'Integrity: checked at load.'),
                            '<p class="integrity[^\n]*') AS legacy_line;

-- 4. Bad input: an unknown state, a non-object record, NULL.
SELECT pith.html_page('{}'::jsonb, 'fine', 'Integrity: fine.');
SELECT pith.html_page('[1]'::jsonb, 'ok', 'Integrity: all 1 digests verify.');
SELECT pith.html_page('{}'::jsonb, NULL, 'x') IS NULL AS null_state;

-- 5. Declared as the contract says.
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel,
       pg_catalog.pg_get_function_result(p.oid) AS result
FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'pith' AND p.proname IN ('record_integrity', 'html_page')
ORDER BY p.proname;
