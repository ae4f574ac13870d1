/*
 * canonical_json.c -- pure C core of pith's canonical JSON text (see
 * canonical_json.h): the string escaping and key order of Python's
 * json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False),
 * written to a caller-supplied output sink.
 *
 * Python escapes exactly these: '"' and '\\', the five short escapes \n \r
 * \t \b \f, and every other character below U+0020 as \u00xx with lowercase
 * hex.  Everything else, DEL (U+007F), U+2028 and U+2029 included, is copied
 * as raw UTF-8.  Python sorts keys by code point; for valid UTF-8 comparing
 * bytes gives the same order, so no decoding is needed.
 */
#include "canonical_json.h"

#include <stdlib.h>
#include <string.h>

/*
 * What each byte turns into inside a string literal: 0 = itself, 'u' = the
 * \u00xx form, any other value = a backslash followed by that character.
 */
static const unsigned char escape_kind[256] = {
	'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u',
	'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u',
	0, 0, '"', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '\\', 0, 0, 0,
	/* 0x60 .. 0xff: all zero */
};

static const char hex_digits[] = "0123456789abcdef";

/* Append len bytes to the sink, draining it through its callback as needed. */
void
pith_cj_put(pith_cj_sink *sink, const char *data, size_t len)
{
	while (len > 0)
	{
		size_t		room = sink->cap - sink->len;
		size_t		n;

		if (room == 0)
		{
			sink->flush(sink, len);
			continue;
		}
		n = len < room ? len : room;
		memcpy(sink->buf + sink->len, data, n);
		sink->len += n;
		data += n;
		len -= n;
	}
}

/* Append the escape sequence for one byte that needs escaping. */
static void
put_escape(pith_cj_sink *sink, unsigned char c)
{
	unsigned char kind = escape_kind[c];

	if (kind == 'u')
	{
		char		esc[6] = {'\\', 'u', '0', '0', hex_digits[c >> 4], hex_digits[c & 0xf]};

		pith_cj_put(sink, esc, 6);
	}
	else
	{
		char		esc[2] = {'\\', (char) kind};

		pith_cj_put(sink, esc, 2);
	}
}

/* Append a JSON string literal (quotes included) for len bytes of UTF-8. */
void
pith_cj_put_string(pith_cj_sink *sink, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *) s;
	const unsigned char *end = p + len;

	pith_cj_putc(sink, '"');
	while (p < end)
	{
		const unsigned char *run = p;

		while (p < end && escape_kind[*p] == 0)
			p++;
		if (p > run)
			pith_cj_put(sink, (const char *) run, (size_t) (p - run));
		if (p < end)
			put_escape(sink, *p++);
	}
	pith_cj_putc(sink, '"');
}

/* Compare two UTF-8 keys in Unicode code point order (<0, 0, >0). */
int
pith_cj_key_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t		n = alen < blen ? alen : blen;
	int			c = n > 0 ? memcmp(a, b, n) : 0;

	if (c != 0)
		return c;
	return (alen > blen) - (alen < blen);
}

/* qsort comparator over pith_cj_key. */
static int
key_qsort_cmp(const void *a, const void *b)
{
	const pith_cj_key *ka = a;
	const pith_cj_key *kb = b;

	return pith_cj_key_cmp(ka->str, ka->len, kb->str, kb->len);
}

/* Sort n keys in place by code point order (pith_cj_key_cmp). */
void
pith_cj_sort_keys(pith_cj_key *keys, size_t n)
{
	size_t		i;

	if (n > 24)
	{
		qsort(keys, n, sizeof(pith_cj_key), key_qsort_cmp);
		return;
	}
	/* small objects, the common case: insertion sort */
	for (i = 1; i < n; i++)
	{
		pith_cj_key k = keys[i];
		size_t		j = i;

		while (j > 0 && pith_cj_key_cmp(keys[j - 1].str, keys[j - 1].len, k.str, k.len) > 0)
		{
			keys[j] = keys[j - 1];
			j--;
		}
		keys[j] = k;
	}
}

/* Write "sha256:" and the lowercase hex of a 32-byte digest, NUL-terminated. */
void
pith_cj_digest_text(const uint8_t digest[32], char out[PITH_CJ_DIGEST_TEXT_LEN + 1])
{
	int			i;

	memcpy(out, "sha256:", 7);
	for (i = 0; i < 32; i++)
	{
		out[7 + 2 * i] = hex_digits[digest[i] >> 4];
		out[8 + 2 * i] = hex_digits[digest[i] & 0xf];
	}
	out[PITH_CJ_DIGEST_TEXT_LEN] = '\0';
}
