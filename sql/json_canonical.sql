-- json_canonical: pith.canonical_json, the canonical text of SPEC section 3
-- (Python json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)).

-- The golden record's canonical text is the golden file, byte for byte.
\set golden `cat test/data/golden_2506.06472.json`
SELECT pith.canonical_json(:'golden'::jsonb) = :'golden' AS golden_byte_for_byte,
       octet_length(pith.canonical_json(:'golden'::jsonb)) AS bytes;

-- Scalars, one per line.
SELECT pith.canonical_json('null');
SELECT pith.canonical_json('true');
SELECT pith.canonical_json('false');
SELECT pith.canonical_json('0');
SELECT pith.canonical_json('-12.25');
SELECT pith.canonical_json('123456789012345678901234567890');
SELECT pith.canonical_json('""');
SELECT pith.canonical_json('"plain ascii"');

-- Numbers print as jsonb stores them (numeric_out): scale is kept, exponents expanded.
SELECT pith.canonical_json('[1.50, 1e3, -0.0, 2.5E-3, 1E+2]');
-- integers are written from the numeric's digits: every digit group, the
-- zero groups numeric leaves out, the sign, and past 32 digits numeric_out
SELECT pith.canonical_json('[0, -0, 7, -9999, 10000, 10001, 99990000, 100000000, -100020003, 1e20, 1e31, 1e32, 123456789012345678901234567890123]');
SELECT count(*) AS integers,
       count(*) FILTER (WHERE pith.canonical_json(to_jsonb(n)) <> n::text) AS differing
  FROM (SELECT (g * 7919 - 500000)::numeric FROM generate_series(0, 2000) AS g
        UNION ALL SELECT 10::numeric ^ g - 1 FROM generate_series(0, 36) AS g
        UNION ALL SELECT -(2::numeric ^ g)::numeric(100, 0) FROM generate_series(0, 110) AS g) AS t(n);
-- repeated key sets (written from the walk's memory of their order) and
-- key sets that share their bytes but not their lengths
SELECT pith.canonical_json('[{"b":1,"a":{"b":2,"a":3}},{"b":4,"a":{"b":5,"a":6}},{"a":7,"bcd":8},{"ab":9,"cd":10},{"b":"\n","a":[{"b":0,"a":1}]}]');
SELECT pith.canonical_json(jsonb_agg(jsonb_build_object('z', i, 'é', i, 'a' || (i % 20), i) ORDER BY i)) =
       '[' || string_agg('{"a' || (i % 20) || '":' || i || ',"z":' || i || ',"é":' || i || '}', ',' ORDER BY i) || ']' AS many_repeated_layouts
  FROM generate_series(1, 500) AS i;

-- Escapes: \" \\ \n \r \t \b \f, other controls as \u00xx (lowercase), nothing else.
SELECT pith.canonical_json('"q\"b\\n\nr\rt\tb\bf\f"');
SELECT pith.canonical_json('"\u0001\u001f\u000b\u001B"');
SELECT pith.canonical_json('"\u007f\u0080"') = E'"\u007f\u0080"' AS del_and_c1_raw;
SELECT pith.canonical_json('"\u2028\u2029"') = E'"\u2028\u2029"' AS line_separators_raw;
SELECT pith.canonical_json('"\ud83d\ude00 é – ü"');
SELECT pith.canonical_json('"/"');
-- every control character at once, against the escapes written out
SELECT pith.canonical_json(to_jsonb(string_agg(chr(c), '' ORDER BY c)))
  FROM generate_series(1, 31) AS c;

-- Key order is by code point, not jsonb's length-first order.
SELECT '{"bb":1,"a":2,"ab":3,"é":4,"z":5,"😀":6,"\uffff":7,"":8,"B":9}'::jsonb::text AS jsonb_order;
SELECT pith.canonical_json('{"bb":1,"a":2,"ab":3,"é":4,"z":5,"😀":6,"\uffff":7,"":8,"B":9}');
-- nested objects are sorted too; arrays keep their order; duplicate keys: jsonb keeps the last
SELECT pith.canonical_json('{"z":{"yy":[3,1,2],"x":{"b":{},"a":[]}},"a":[{"d":1,"c":2}],"a":"last"}');
SELECT pith.canonical_json('{"k":[[],{},[[]],[{}],""]}');
-- objects larger than the small-object fast path (more than 8 keys, more than 24 keys)
-- (keys of falling length: jsonb stores them in the reverse of code point order)
SELECT left(t, 60) AS head,
       t = '{' || string_agg(format('"k%s":%s', repeat('x', 40 - i), i), ',' ORDER BY i DESC) || '}' AS all_in_order
  FROM (SELECT pith.canonical_json(jsonb_object_agg('k' || repeat('x', 40 - i), i)) AS t
          FROM generate_series(1, 30) AS i) AS s,
       generate_series(1, 30) AS i
 GROUP BY t;
SELECT pith.canonical_json(jsonb_object_agg(k, k)) AS nine_keys
  FROM unnest('{zz,y,xxx,w,v,uu,t,s,é}'::text[]) AS k;

-- Whitespace in the input never reaches the output.
SELECT pith.canonical_json(E'  {\n "a" : [ 1 ,\t2 ] ,\r\n "b" : { } }  ');

-- Canonical text is a fixed point.
SELECT pith.canonical_json(pith.canonical_json(:'golden'::jsonb)::jsonb) = :'golden' AS fixed_point;

-- Long strings and big arrays.
SELECT octet_length(pith.canonical_json(to_jsonb(repeat('aé"', 100000)))) AS long_string_bytes;
SELECT md5(pith.canonical_json(jsonb_agg(i))) = md5('[' || string_agg(i::text, ',' ORDER BY i) || ']') AS big_array
  FROM generate_series(1, 100000) AS i;

-- Deep nesting: 1000 levels come out right; the recursion is guarded by max_stack_depth.
SELECT pith.canonical_json((repeat('[{"a":', 1000) || '0' || repeat('}]', 1000))::jsonb) =
       repeat('[{"a":', 1000) || '0' || repeat('}]', 1000) AS deep_1000;
CREATE TABLE json_canonical_deep AS
  SELECT (repeat('[', 3000) || repeat(']', 3000))::jsonb AS doc;
SET max_stack_depth = '100kB';
SELECT octet_length(pith.canonical_json(doc)) FROM json_canonical_deep;
RESET max_stack_depth;
SELECT octet_length(pith.canonical_json(doc)) FROM json_canonical_deep;
DROP TABLE json_canonical_deep;

-- NULL in, NULL out (STRICT); a bad literal is the jsonb input error.
SELECT pith.canonical_json(NULL) IS NULL AS null_is_null;
SELECT pith.canonical_json('{"a":');
SELECT pith.canonical_json('"\u0000"');

-- Declared as the contract says.
SELECT p.proname, p.provolatile, p.proisstrict, p.proparallel,
       pg_get_function_result(p.oid) AS result,
       obj_description(p.oid, 'pg_proc') IS NOT NULL AS has_comment
  FROM pg_proc p
 WHERE p.pronamespace = 'pith'::regnamespace
   AND p.proname IN ('canonical_json', 'json_digest', 'observation_digest', 'context_digest', 'verify_record')
 ORDER BY p.proname;
