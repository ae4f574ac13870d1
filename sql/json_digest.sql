-- json_digest: pith.json_digest, observation_digest, context_digest and
-- verify_record (SPEC section 3), against the golden record's 40 digests.

\set golden `cat test/data/golden_2506.06472.json`

-- Known answers, computed with Python hashlib over json.dumps(..., sort_keys=True,
-- separators=(",", ":"), ensure_ascii=False).
SELECT pith.json_digest('{}');
SELECT pith.json_digest('[]');
SELECT pith.json_digest('"é"');
SELECT pith.json_digest('{"b":1,"a":[true,false,null]}');
SELECT pith.json_digest('"\u2028\u007f\u0001"');
SELECT pith.json_digest('{"é":1,"z":2,"aa":3,"😀":4,"\uffff":5}');

-- The golden file is its own canonical text, so its digest is sha256 of the file.
SELECT pith.json_digest(:'golden'::jsonb) =
       'sha256:' || encode(sha256(convert_to(:'golden', 'UTF8')), 'hex') AS golden_file_digest;

-- Hashing while serializing gives the digest of the canonical text.
SELECT count(*) AS docs,
       count(*) FILTER (WHERE pith.json_digest(d) =
                        'sha256:' || encode(sha256(convert_to(pith.canonical_json(d), 'UTF8')), 'hex')) AS agree
  FROM (VALUES ('null'::jsonb), ('1.50'), ('"x"'), ('{"b":[{},[]],"a":"\n"}'),
               (to_jsonb(repeat('é\"', 50000))), (:'golden'::jsonb),
               ((SELECT jsonb_agg(i) FROM generate_series(1, 50000) AS i))) AS v(d);

-- All 40 digests of the golden record verify, context_digest first.
SELECT count(*) AS digests, count(*) FILTER (WHERE ok) AS verified FROM pith.verify_record(:'golden'::jsonb);
SELECT path, ok, stored FROM pith.verify_record(:'golden'::jsonb) LIMIT 3;
SELECT string_agg(path, ' ') AS paths FROM pith.verify_record(:'golden'::jsonb);
SELECT pith.context_digest(:'golden'::jsonb) = :'golden'::jsonb ->> 'context_digest' AS context_matches;
SELECT pith.observation_digest(:'golden'::jsonb -> 'outbound' -> 0) AS outbound_0;

-- Which keys the two record digests leave out: only top-level ones.
SELECT pith.observation_digest('{"observation_digest":"sha256:x","a":1}') = pith.json_digest('{"a":1}') AS skips_own_key;
SELECT pith.observation_digest('{"a":{"observation_digest":1}}') = pith.json_digest('{"a":{"observation_digest":1}}') AS keeps_nested_key;
SELECT pith.observation_digest('{}') = pith.json_digest('{}') AS empty_object;
SELECT pith.context_digest('{"as_of":"2026-01-01T00:00:00Z","context_digest":"x","b":[{"as_of":1}]}') =
       pith.json_digest('{"b":[{"as_of":1}]}') AS skips_as_of_and_context_digest;
SELECT pith.context_digest('{"as_ofx":1,"as_o":2}') = pith.json_digest('{"as_ofx":1,"as_o":2}') AS near_names_kept;
SELECT pith.context_digest('{"context_digest":"x","as_of":"y"}') = pith.json_digest('{}') AS only_skipped_keys;

-- Tampering: each case lists exactly the rows that no longer verify.
CREATE TABLE json_digest_tampered (name text PRIMARY KEY, doc jsonb);
INSERT INTO json_digest_tampered VALUES
  ('title of outbound[3] changed',
   jsonb_set(:'golden'::jsonb, '{outbound,3,citation,cited_work,title}', '"A different title"')),
  ('as_of changed',
   jsonb_set(:'golden'::jsonb, '{as_of}', '"2030-01-01T00:00:00Z"')),
  ('outbound[5] digest removed',
   :'golden'::jsonb #- '{outbound,5,observation_digest}'),
  ('outbound[7] digest replaced',
   jsonb_set(:'golden'::jsonb, '{outbound,7,observation_digest}', to_jsonb('sha256:' || repeat('0', 64)))),
  ('context_digest replaced',
   jsonb_set(:'golden'::jsonb, '{context_digest}', to_jsonb('sha256:' || repeat('f', 64)))),
  ('context_digest removed',
   :'golden'::jsonb - 'context_digest'),
  ('outbound[0] copied into inbound',
   jsonb_set(:'golden'::jsonb, '{inbound}', jsonb_build_array(:'golden'::jsonb -> 'outbound' -> 0))),
  ('outbound[38] dropped',
   :'golden'::jsonb #- '{outbound,38}'),
  ('outbound[12] digest is a number',
   jsonb_set(:'golden'::jsonb, '{outbound,12,observation_digest}', '42')),
  ('pretty-printed and re-parsed',
   jsonb_pretty(:'golden'::jsonb)::jsonb);
SELECT t.name, count(v.*) AS rows, string_agg(v.path, ' ') FILTER (WHERE NOT v.ok) AS failing
  FROM json_digest_tampered t, pith.verify_record(t.doc) v
 GROUP BY t.name ORDER BY t.name;
SELECT v.path, v.stored, v.ok
  FROM json_digest_tampered t, pith.verify_record(t.doc) v
 WHERE t.name IN ('outbound[5] digest removed', 'outbound[12] digest is a number', 'context_digest removed')
   AND NOT v.ok AND (v.path <> 'context_digest' OR t.name = 'context_digest removed')
 ORDER BY v.path;
DROP TABLE json_digest_tampered;

-- Stored digests that are not strings show as ->> would show them, never ok.
SELECT path, stored, ok FROM pith.verify_record(
  '{"context_digest":{"a":[1,"x"]},"outbound":[{"observation_digest":true},{"observation_digest":null}],"inbound":[{"observation_digest":1.50}]}');
-- A stored digest in upper case is not the digest.
SELECT path, ok FROM pith.verify_record(jsonb_build_object('context_digest', upper(pith.json_digest('{}'))));
SELECT path, ok FROM pith.verify_record(jsonb_build_object('context_digest', pith.json_digest('{}')));

-- Records without observations, or with null sides, give the context row only.
SELECT * FROM pith.verify_record('{"context_digest":null,"outbound":null}');
SELECT path, ok FROM pith.verify_record('{"outbound":[],"inbound":[{}]}');

-- Bad input: NULL in, NULL out; non-objects and wrong shapes are 22023.
SELECT pith.json_digest(NULL) IS NULL AS json_digest_null,
       pith.observation_digest(NULL) IS NULL AS observation_digest_null,
       pith.context_digest(NULL) IS NULL AS context_digest_null,
       (SELECT count(*) FROM pith.verify_record(NULL)) AS verify_record_null_rows;
SELECT pith.json_digest('{"a":');
\set VERBOSITY sqlstate
SELECT pith.observation_digest('[]');
SELECT pith.context_digest('"s"');
SELECT * FROM pith.verify_record('[1]');
\set VERBOSITY default
SELECT pith.observation_digest('[{"a":1}]');
SELECT pith.observation_digest('"sha256:x"');
SELECT pith.observation_digest('12');
SELECT pith.observation_digest('null');
SELECT pith.context_digest('true');
SELECT pith.context_digest('[]');
SELECT * FROM pith.verify_record('"record"');
SELECT * FROM pith.verify_record('{"outbound":{"0":{}}}');
SELECT * FROM pith.verify_record('{"inbound":"none"}');
SELECT * FROM pith.verify_record('{"outbound":[{}, [], {}]}');
