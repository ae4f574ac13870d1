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

#if defined(__SSE2__)
#include <emmintrin.h>
#define PITH_CJ_SSE2 1
#endif

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

/* Append len bytes to the sink, draining or growing it as needed (slow path). */
void
pith_cj_put_slow(pith_cj_sink *sink, const char *data, size_t len)
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

#define BYTES_01 UINT64_C(0x0101010101010101)
#define BYTES_80 UINT64_C(0x8080808080808080)

/*
 * The high bit of every byte of w that needs escaping -- below 0x20, '"' or
 * '\\' -- set, by the classic "has a byte less than n" bit tricks.  Bits can be
 * set wrongly only above a correctly set one (a borrow), so the lowest set bit
 * always marks the first byte that needs escaping.
 */
static inline uint64_t
escape_mask(uint64_t w)
{
	uint64_t	quote = w ^ (BYTES_01 * '"');
	uint64_t	bslash = w ^ (BYTES_01 * '\\');
	uint64_t	ctrl = (w - BYTES_01 * 0x20) & ~w;

	quote = (quote - BYTES_01) & ~quote;
	bslash = (bslash - BYTES_01) & ~bslash;
	return (ctrl | quote | bslash) & BYTES_80;
}

/* Position of the first byte of p[0..n) that needs escaping, or n if none. */
static inline size_t
clean_prefix(const unsigned char *p, size_t n)
{
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	size_t		i = 0;
	uint64_t	w;
	uint64_t	m;

	if (n < 8)
	{
		/* too short for a word: byte by byte */
		while (i < n && escape_kind[p[i]] == 0)
			i++;
		return i;
	}
	/* 8 bytes at a time */
	for (; n - i >= 8; i += 8)
	{
		memcpy(&w, p + i, 8);
		m = escape_mask(w);
		if (m != 0)
			return i + ((size_t) __builtin_ctzll(m) >> 3);
	}
	if (i == n)
		return n;
	/* the last 1..7 bytes: reload the final word, shift out what was checked */
	{
		unsigned	shift = (unsigned) (8 - (n - i)) * 8;

		memcpy(&w, p + n - 8, 8);
		w = (w >> shift) | ((BYTES_01 * 'a') << (64 - shift));
		m = escape_mask(w);
		return m != 0 ? i + ((size_t) __builtin_ctzll(m) >> 3) : n;
	}
#else
	size_t		i = 0;

	while (i < n && escape_kind[p[i]] == 0)
		i++;
	return i;
#endif
}

/* Write the escape sequence for byte c at o; return its length. */
static inline size_t
write_escape(char *o, unsigned char c)
{
	unsigned char kind = escape_kind[c];

	o[0] = '\\';
	if (kind == 'u')
	{
		o[1] = 'u';
		o[2] = '0';
		o[3] = '0';
		o[4] = hex_digits[c >> 4];
		o[5] = hex_digits[c & 0xf];
		return 6;
	}
	o[1] = (char) kind;
	return 2;
}

#ifdef PITH_CJ_SSE2
/* One bit per byte of the 16 at p that needs escaping (below 0x20, '"', '\\'). */
static inline unsigned
escape_bits16(__m128i v)
{
	__m128i		ctrl = _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x1f)), _mm_set1_epi8(0x1f));
	__m128i		quote = _mm_cmpeq_epi8(v, _mm_set1_epi8('"'));
	__m128i		bslash = _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'));

	return (unsigned) _mm_movemask_epi8(_mm_or_si128(ctrl, _mm_or_si128(quote, bslash)));
}
#endif

/*
 * Escape p[0..len) straight into a buffer known to hold the worst case plus
 * two words (PITH_CJ_STRING_ROOM(len) bytes); readable (>= len) bytes may be
 * read from p.  Return the end of what was written.
 */

static char *
put_string_direct(char *o, const unsigned char *p, size_t len, size_t readable)
{
	const unsigned char *end = p + len;

	*o++ = '"';
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	{
		const unsigned char *limit = p + readable;

#ifdef PITH_CJ_SSE2

		/*
		 * 16 bytes at a time, the same way as the 8-byte loop below: store
		 * the block, keep its clean prefix.  Room: 6 * remaining + 17 bytes
		 * are left at o, at least 16.
		 */
		while (p < end && limit - p >= 16)
		{
			__m128i		v = _mm_loadu_si128((const __m128i *) p);
			size_t		rem = (size_t) (end - p);
			unsigned	m = escape_bits16(v);

			_mm_storeu_si128((__m128i *) o, v);
			if (rem < 16)
				m &= (1u << rem) - 1;
			if (m == 0)
			{
				size_t		k = rem < 16 ? rem : 16;

				p += k;
				o += k;
			}
			else
			{
				size_t		k = (size_t) __builtin_ctz(m);

				p += k;
				o += k;
				o += write_escape(o, *p++);
			}
		}
#endif

		/*
		 * 8 bytes at a time: store the word, then keep only its clean prefix.
		 * A word may extend past the string (never past what is readable);
		 * flags for bytes past the end are masked out.  The store cannot
		 * overrun: the buffer holds the worst case of the remaining input
		 * plus a word.
		 */
		while (p < end && limit - p >= 8)
		{
			uint64_t	w;
			uint64_t	m;
			size_t		rem = (size_t) (end - p);

			memcpy(&w, p, 8);
			memcpy(o, &w, 8);
			m = escape_mask(w);
			if (rem < 8)
				m &= (UINT64_C(1) << (rem * 8)) - 1;
			if (m == 0)
			{
				size_t		k = rem < 8 ? rem : 8;

				p += k;
				o += k;
			}
			else
			{
				size_t		k = (size_t) __builtin_ctzll(m) >> 3;

				p += k;
				o += k;
				o += write_escape(o, *p++);
			}
		}
	}
#endif
	while (p < end)
	{
		unsigned char c = *p++;

		if (escape_kind[c] == 0)
			*o++ = (char) c;
		else
			o += write_escape(o, c);
	}
	*o++ = '"';
	return o;
}

/* A string through the sink piece by piece: long strings, or a full buffer. */
static void __attribute__((noinline))
put_string_slow(pith_cj_sink *sink, const unsigned char *p, size_t len)
{
	const unsigned char *end = p + len;

	pith_cj_putc(sink, '"');
	while (p < end)
	{
		const unsigned char *run = p;

		p += clean_prefix(p, (size_t) (end - p));
		if (p > run)
			pith_cj_put(sink, (const char *) run, (size_t) (p - run));
		if (p < end)
		{
			char		esc[6];

			pith_cj_put(sink, esc, write_escape(esc, *p++));
		}
	}
	pith_cj_putc(sink, '"');
}

/* Append a JSON string literal for len bytes of UTF-8 of which readable may be read. */
void
pith_cj_put_string_r(pith_cj_sink *sink, const char *s, size_t len, size_t readable)
{
	/* fast path: the worst case fits in the buffer */
	if (len < (SIZE_MAX - 18) / 6 && sink->cap - sink->len >= PITH_CJ_STRING_ROOM(len))
	{
		char	   *o = put_string_direct(sink->buf + sink->len, (const unsigned char *) s, len,
										  readable > len ? readable : len);

		sink->len = (size_t) (o - sink->buf);
		return;
	}
	put_string_slow(sink, (const unsigned char *) s, len);
}

/* Write a JSON string literal at o, which has PITH_CJ_STRING_ROOM(len) bytes of room. */
char *
pith_cj_write_string(char *o, const char *s, size_t len, size_t readable)
{
	return put_string_direct(o, (const unsigned char *) s, len, readable > len ? readable : len);
}

/* Append a JSON string literal (quotes included) for len bytes of UTF-8. */
void
pith_cj_put_string(pith_cj_sink *sink, const char *s, size_t len)
{
	pith_cj_put_string_r(sink, s, len, len);
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
