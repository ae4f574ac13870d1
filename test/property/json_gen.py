#!/usr/bin/env python3
"""json_gen.py -- random JSON documents for pith's canonical JSON property test.

Writes one row per document to stdout for psql's \\copy (CSV with \\x01 as the
quote character and \\x02 as the delimiter; neither byte can occur raw in JSON
text, since JSON escapes every control character):

    id, input text, canonical text, json digest, observation digest, context digest

The input text is what the server parses (keys in random order, random
whitespace, \\u escapes or raw UTF-8); the other columns are Python's answers:
json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False) and
"sha256:" + hashlib.sha256 of its UTF-8 bytes.  The last two are empty unless
the document is an object.

Numbers are chosen so that Python and jsonb print them identically: integers
of any size (jsonb's numeric keeps every digit; Python ints are exact), and
decimals such as -12.25 whose shortest float repr is the literal itself (no
exponent, no trailing zero other than "x.0", at most 15 significant digits).
Floats that Python prints with an exponent (1e+16, 1e-05) or as -0.0 are left
out: jsonb prints those as 10000000000000000, 0.00001 and 0.0.  U+0000 is left
out of strings because jsonb cannot store it.

Usage: json_gen.py COUNT SEED
"""
import hashlib
import json
import random
import sys

QUOTE, DELIM = "\x01", "\x02"

# characters strings and keys are drawn from, weighted toward the tricky ones
SPECIAL = (
    [chr(c) for c in range(1, 0x20)]          # every control character but NUL
    + ['"', "\\", "/", "\x7f", "\x80", "\x9f", "\u00a0", "\u00e9", "\u00fc",
       "\u2013", "\u2028", "\u2029", "\ufeff", "\ufffd", "\uffff", "\u0301",
       "\ud7ff", "\ue000",
       "\U00010000", "\U0001f600", "\U0001d11e", "\U0010ffff", "\U00020000"]
)
ASCII = [chr(c) for c in range(0x20, 0x7f)]


def rand_char(rng):
    r = rng.random()
    if r < 0.55:
        return rng.choice(ASCII)
    if r < 0.85:
        return rng.choice(SPECIAL)
    # any scalar value outside the surrogates and NUL
    while True:
        c = rng.randrange(1, 0x110000)
        if not 0xD800 <= c <= 0xDFFF:
            return chr(c)


def rand_string(rng):
    r = rng.random()
    if r < 0.1:
        return ""
    if r < 0.102:
        # a long string (tens of kB): a random chunk repeated, tricky characters throughout
        chunk = "".join(rand_char(rng) for _ in range(rng.randrange(50, 300)))
        return chunk * rng.randrange(20, 200)
    return "".join(rand_char(rng) for _ in range(rng.randrange(1, 24)))


def rand_key(rng):
    r = rng.random()
    if r < 0.3:
        # short keys of mixed length: jsonb's length-first order differs from code point order
        return "".join(rng.choice("ab\u00e9\U0001f600Z_") for _ in range(rng.randrange(0, 4)))
    return rand_string(rng)[:40]


def rand_decimal(rng):
    """A float whose repr is a plain decimal that numeric_out prints the same."""
    while True:
        ip = rng.randrange(0, 10 ** rng.randrange(1, 10))
        fd = rng.randrange(1, 7)
        fp = rng.randrange(0, 10 ** fd)
        text = "%s%d.%0*d" % ("-" if rng.random() < 0.5 else "", ip, fd, fp)
        text = text.rstrip("0")
        if text.endswith("."):
            text += "0"
        f = float(text)
        if repr(f) == text and text not in ("-0.0",):
            return f


def rand_number(rng):
    r = rng.random()
    if r < 0.35:
        return rng.randrange(-1000, 1000)
    if r < 0.55:
        return rng.randrange(-10 ** 40, 10 ** 40)
    if r < 0.58:
        return rng.randrange(10 ** 300, 10 ** 301) * rng.choice((1, -1))
    return rand_decimal(rng)


def rand_value(rng, depth):
    r = rng.random()
    if r < 0.32 and rng.random() > 0.6 ** depth * 2:
        r = 0.9                              # fewer containers the deeper we are
    if r < 0.18:
        return {rand_key(rng): rand_value(rng, depth + 1) for _ in range(rng.choice((0, 1, 2, 3, 5, 9, 30)))}
    if r < 0.32:
        return [rand_value(rng, depth + 1) for _ in range(rng.choice((0, 1, 2, 4, 12)))]
    if r < 0.6:
        return rand_string(rng)
    if r < 0.85:
        return rand_number(rng)
    return rng.choice((True, False, None))


def deep_value(rng):
    """Containers nested a few hundred levels deep, empty ones included."""
    v = rng.choice(([], {}, "leaf", 0))
    for _ in range(rng.randrange(50, 400)):
        v = [v] if rng.random() < 0.5 else {rand_key(rng): v}
    return v


def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(v):
    return "sha256:" + hashlib.sha256(canonical(v).encode("utf-8")).hexdigest()


def input_text(rng, v):
    """The document as some producer might write it: any key order and spacing."""
    def shuffle(x):
        if isinstance(x, dict):
            items = list(x.items())
            rng.shuffle(items)
            return {k: shuffle(val) for k, val in items}
        if isinstance(x, list):
            return [shuffle(e) for e in x]
        return x
    return json.dumps(shuffle(v), ensure_ascii=rng.random() < 0.5,
                      indent=rng.choice((None, None, 0, 2, "\t")),
                      separators=rng.choice(((",", ":"), (", ", ": "), (" ,", " : "))))


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    out = sys.stdout
    for i in range(count):
        r = rng.random()
        if r < 0.05:
            v = deep_value(rng)
        elif r < 0.12:
            v = rand_value(rng, 7)           # a bare scalar
        else:
            v = {rand_key(rng): rand_value(rng, 1) for _ in range(rng.randrange(0, 8))}
            if rng.random() < 0.3:
                v["observation_digest"] = "sha256:" + "0" * 64
            if rng.random() < 0.3:
                v["as_of"] = "2026-08-08T05:57:00Z"
            if rng.random() < 0.3:
                v["context_digest"] = rand_string(rng)
        if isinstance(v, dict):
            obs = digest({k: x for k, x in v.items() if k != "observation_digest"})
            ctx = digest({k: x for k, x in v.items() if k not in ("as_of", "context_digest")})
        else:
            obs = ctx = ""
        fields = [str(i), input_text(rng, v), canonical(v), digest(v), obs, ctx]
        for f in fields:
            assert QUOTE not in f and DELIM not in f and "\x00" not in f
        out.write(DELIM.join(QUOTE + f + QUOTE for f in fields) + "\n")


if __name__ == "__main__":
    main()
