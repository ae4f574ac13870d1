/*
 * fuzz_canonical_json.c -- libFuzzer target for src/core/canonical_json.c.
 *
 * The input's first byte picks a sink buffer size (1..64 bytes, so every
 * flush boundary is crossed); the rest is a string (any bytes; jsonb only
 * ever holds valid UTF-8, but the escaper must not misbehave on others).
 * Checks: streaming through a tiny buffer gives the same bytes as one large
 * buffer; the bounded-read variant (which may read past a string's end
 * into the rest of its buffer) escapes a prefix exactly like the plain one;
 * pith_cj_write_string (the cursor writer) writes the same bytes into
 * exactly the room it asks for; the literal is quoted; unescaping it gives
 * the input back; no raw
 * byte below 0x20 survives; and key comparison is antisymmetric and agrees
 * with byte order on the two halves of the input.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "canonical_json.h"

/* A collecting sink's state: grows with realloc. */
typedef struct grow_sink
{
	pith_cj_sink sink;
	char	   *out;			/* everything flushed so far */
	size_t		outlen;
} grow_sink;

/* Flush callback: move the buffer's bytes to out and empty the buffer. */
static void
drain(pith_cj_sink *sink, size_t need)
{
	grow_sink  *g = (grow_sink *) sink->ctx;

	(void) need;
	g->out = realloc(g->out, g->outlen + sink->len + 1);
	if (g->out == NULL)
		abort();
	memcpy(g->out + g->outlen, sink->buf, sink->len);
	g->outlen += sink->len;
	sink->len = 0;
}

/*
 * Escape s into a fresh string using a sink buffer of bufsize bytes; when
 * readable > len, through the bounded-read variant that may look at bytes
 * past the string's end (up to readable).
 */
static char *
escape_r(const char *s, size_t len, size_t readable, size_t bufsize, size_t *outlen)
{
	grow_sink	g;
	char	   *buf = malloc(bufsize);

	memset(&g, 0, sizeof(g));
	g.sink.buf = buf;
	g.sink.cap = bufsize;
	g.sink.flush = drain;
	g.sink.ctx = &g;
	if (readable > len)
		pith_cj_put_string_r(&g.sink, s, len, readable);
	else
		pith_cj_put_string(&g.sink, s, len);
	drain(&g.sink, 0);
	free(buf);
	*outlen = g.outlen;
	return g.out;
}

/* Escape s, all of it, through the plain entry point. */
static char *
escape(const char *s, size_t len, size_t bufsize, size_t *outlen)
{
	return escape_r(s, len, len, bufsize, outlen);
}

/* Value of one hex digit, or -1. */
static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Undo the escaping of a literal (without its quotes); abort on a bad escape. */
static size_t
unescape(const char *s, size_t len, char *out)
{
	size_t		i = 0,
				n = 0;

	while (i < len)
	{
		char		c = s[i++];

		if ((unsigned char) c < 0x20 || c == '"')
			abort();			/* raw control or quote inside the literal */
		if (c != '\\')
		{
			out[n++] = c;
			continue;
		}
		if (i >= len)
			abort();
		c = s[i++];
		switch (c)
		{
			case '"': out[n++] = '"'; break;
			case '\\': out[n++] = '\\'; break;
			case 'n': out[n++] = '\n'; break;
			case 'r': out[n++] = '\r'; break;
			case 't': out[n++] = '\t'; break;
			case 'b': out[n++] = '\b'; break;
			case 'f': out[n++] = '\f'; break;
			case 'u':
				if (i + 4 > len || s[i] != '0' || s[i + 1] != '0' ||
					hexval(s[i + 2]) < 0 || hexval(s[i + 3]) < 0)
					abort();	/* only \u00XX, lowercase, is ever written */
				out[n] = (char) (hexval(s[i + 2]) * 16 + hexval(s[i + 3]));
				if ((unsigned char) out[n] >= 0x20 || out[n] == '\n' || out[n] == '\r' ||
					out[n] == '\t' || out[n] == '\b' || out[n] == '\f')
					abort();	/* a short escape existed, or no escape was due */
				n++;
				i += 4;
				break;
			default:
				abort();
		}
	}
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t		bufsize,
				len,
				small_len,
				big_len,
				back_len,
				half;
	const char *s;
	char	   *small,
			   *big,
			   *back;
	int			ab,
				ba,
				bytes;

	if (size < 1)
		return 0;
	bufsize = 1 + data[0] % 64;
	s = (const char *) data + 1;
	len = size - 1;

	small = escape(s, len, bufsize, &small_len);
	big = escape(s, len, len * 6 + 8, &big_len);
	/* the cursor writer, into exactly the room it asks for, writes the same */
	{
		char	   *direct = malloc(PITH_CJ_STRING_ROOM(len));
		size_t		n = (size_t) (pith_cj_write_string(direct, s, len, len) - direct);

		if (n != big_len || memcmp(direct, big, n) != 0)
			abort();
		free(direct);
	}
	if (small_len != big_len || memcmp(small, big, small_len) != 0)
		abort();
	if (small_len < 2 || small[0] != '"' || small[small_len - 1] != '"')
		abort();
	/* the bounded-read variant on a prefix that sits inside the input */
	{
		size_t		plen = len / 3,
					rlen;
		char	   *pre = escape_r(s, plen, len, bufsize, &rlen);
		char	   *ref = escape(s, plen, plen * 6 + 8, &back_len);

		if (rlen != back_len || memcmp(pre, ref, rlen) != 0)
			abort();
		free(pre);
		free(ref);
	}
	back = malloc(small_len + 1);
	back_len = unescape(small + 1, small_len - 2, back);
	if (back_len != len || memcmp(back, s, len) != 0)
		abort();

	half = len / 2;
	ab = pith_cj_key_cmp(s, half, s + half, len - half);
	ba = pith_cj_key_cmp(s + half, len - half, s, half);
	if ((ab > 0) != (ba < 0) || (ab == 0) != (ba == 0))
		abort();
	bytes = memcmp(s, s + half, half < len - half ? half : len - half);
	if (bytes == 0)
		bytes = (half > len - half) - (half < len - half);
	if ((ab > 0) != (bytes > 0) || (ab == 0) != (bytes == 0))
		abort();				/* code point order is UTF-8 byte order */

	free(small);
	free(big);
	free(back);
	return 0;
}
