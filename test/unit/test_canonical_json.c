/*
 * test_canonical_json.c -- unit test of the pure C canonical JSON core
 * (src/core/canonical_json.c): string escaping as Python's json.dumps with
 * ensure_ascii=False, code point key order, the sink's buffering with a tiny
 * buffer, and the digest text.  Exit 0 on success.
 */
#include "canonical_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

/* A collecting sink: a fixed buffer drained into out[] (to exercise flush). */
typedef struct Collect
{
	char		out[4096];
	size_t		used;
	int			flushes;
} Collect;

/* Flush callback: move the sink's bytes to the collector and empty it. */
static void
collect_flush(pith_cj_sink *sink, size_t need)
{
	Collect    *c = sink->ctx;

	(void) need;
	if (c->used + sink->len > sizeof(c->out))
	{
		fprintf(stderr, "collector overflow\n");
		exit(2);
	}
	memcpy(c->out + c->used, sink->buf, sink->len);
	c->used += sink->len;
	c->flushes++;
	sink->len = 0;
}

/* Escape s (len bytes, readable more) through a sink of buffer size cap; return the text. */
static const char *
escape_with_r(const char *s, size_t len, size_t readable, size_t cap, Collect *c)
{
	char		buf[1024];
	pith_cj_sink sink = {buf, 0, cap, collect_flush, c};

	memset(c, 0, sizeof(*c));
	if (readable == len)
		pith_cj_put_string(&sink, s, len);
	else
		pith_cj_put_string_r(&sink, s, len, readable);
	collect_flush(&sink, 0);
	c->out[c->used] = '\0';
	return c->out;
}

/* Escape s (len bytes) through a sink of buffer size cap; return the text. */
static const char *
escape_with(const char *s, size_t len, size_t cap, Collect *c)
{
	return escape_with_r(s, len, len, cap, c);
}

/* Check that s escapes to expect, with a roomy and a 1-byte buffer. */
static void
check_escape(const char *s, size_t len, const char *expect)
{
	Collect		c;
	size_t		caps[] = {1024, 64, 1, 3, 7};
	size_t		i;

	for (i = 0; i < sizeof(caps) / sizeof(caps[0]); i++)
	{
		const char *got = escape_with(s, len, caps[i], &c);

		if (strcmp(got, expect) != 0)
		{
			fprintf(stderr, "escape (cap %zu): got [%s], want [%s]\n", caps[i], got, expect);
			failures++;
		}
	}
	/* the cursor writer, into exactly the room it asks for (ASan checks the bound) */
	{
		char	   *direct = malloc(PITH_CJ_STRING_ROOM(len));
		char	   *end = pith_cj_write_string(direct, s, len, len);
		size_t		n = (size_t) (end - direct);

		if (n != strlen(expect) || memcmp(direct, expect, n) != 0)
		{
			fprintf(stderr, "pith_cj_write_string: got [%.*s], want [%s]\n", (int) n, direct, expect);
			failures++;
		}
		free(direct);
	}
}

/* Every byte 0x00..0x7f alone, against Python's rules written out by hand. */
static void
check_all_ascii(void)
{
	int			b;

	for (b = 0; b < 0x80; b++)
	{
		char		in = (char) b;
		char		want[16];

		switch (b)
		{
			case '"':
				strcpy(want, "\"\\\"\"");
				break;
			case '\\':
				strcpy(want, "\"\\\\\"");
				break;
			case '\n':
				strcpy(want, "\"\\n\"");
				break;
			case '\r':
				strcpy(want, "\"\\r\"");
				break;
			case '\t':
				strcpy(want, "\"\\t\"");
				break;
			case '\b':
				strcpy(want, "\"\\b\"");
				break;
			case '\f':
				strcpy(want, "\"\\f\"");
				break;
			default:
				if (b < 0x20)
					snprintf(want, sizeof(want), "\"\\u%04x\"", b);
				else
					snprintf(want, sizeof(want), "\"%c\"", b);
		}
		check_escape(&in, 1, want);
	}
}

/* The escapes written the slow, obvious way: the reference for random strings. */
static size_t
reference_escape(const unsigned char *s, size_t len, char *out)
{
	size_t		o = 0;
	size_t		i;

	out[o++] = '"';
	for (i = 0; i < len; i++)
	{
		unsigned char c = s[i];

		if (c == '"' || c == '\\')
		{
			out[o++] = '\\';
			out[o++] = (char) c;
		}
		else if (c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f')
		{
			out[o++] = '\\';
			out[o++] = c == '\n' ? 'n' : c == '\r' ? 'r' : c == '\t' ? 't' : c == '\b' ? 'b' : 'f';
		}
		else if (c < 0x20)
			o += (size_t) sprintf(out + o, "\\u%04x", c);
		else
			out[o++] = (char) c;
	}
	out[o++] = '"';
	out[o] = '\0';
	return o;
}

/* Random strings (escapes at every offset of the 8-byte scan) against the reference. */
static void
check_random_strings(void)
{
	static const unsigned char pool[] = {
		'a', 'b', ' ', '~', '"', '\\', '\n', '\t', 0x01, 0x1f, 0x20, 0x21, 0x7f, 0x80,
		0xc3, 0xa9, 0xe2, 0xff, 0x5b, 0x5d, 0x5c, 0x22, 0x00, 0x1e, 0x3f, 0x40, 0xa2, 0xdc};
	unsigned char s[80];
	char		want[600];
	uint32_t	seed = 12345;
	int			round;

	for (round = 0; round < 20000; round++)
	{
		size_t		len;
		size_t		i;
		Collect		c;
		/* a roomy buffer (direct path), a small one and a 1-byte one (sink path) */
		size_t		cap = (round % 3 == 0) ? 1 : (round % 3 == 1) ? 64 : 1024;

		seed = seed * 1103515245u + 12345u;
		len = (seed >> 16) % 70;
		for (i = 0; i < len; i++)
		{
			seed = seed * 1103515245u + 12345u;
			/* mostly plain letters so that 8-byte clean runs occur */
			s[i] = ((seed >> 16) % 4 == 0) ? pool[(seed >> 20) % sizeof(pool)] : (unsigned char) ('a' + (seed >> 24) % 26);
		}
		reference_escape(s, len, want);
		{
			/*
			 * the string inside an exactly-sized heap buffer with up to 8
			 * readable bytes after it that need escaping (ASan catches any
			 * read past them)
			 */
			size_t		extra = (size_t) round % 9;
			unsigned char *heap = malloc(len + extra > 0 ? len + extra : 1);

			memcpy(heap, s, len);
			memset(heap + len, (round & 1) ? '"' : 0x01, extra);
			escape_with_r((const char *) heap, len, len + extra, cap, &c);
			free(heap);
		}
		if (strcmp(c.out, want) != 0)
		{
			fprintf(stderr, "random string %d (len %zu): got [%s], want [%s]\n", round, len, c.out, want);
			failures++;
			return;
		}
	}
}

/* Key order: code point order, which is not jsonb's length-first order. */
static void
check_key_order(void)
{
	/* expected order by code point */
	const char *sorted[] = {
		"", "A", "AA", "B", "Z", "a", "aa", "ab", "b", "\x7f",
		"\xc2\x80",				/* U+0080 */
		"\xc3\xa9",				/* U+00E9 e-acute */
		"\xe2\x80\xa8",			/* U+2028 */
		"\xef\xbf\xbf",			/* U+FFFF */
		"\xf0\x90\x80\x80",		/* U+10000 */
		"\xf0\x9f\x98\x80",		/* U+1F600 */
		"\xf4\x8f\xbf\xbf",		/* U+10FFFF */
	};
	size_t		n = sizeof(sorted) / sizeof(sorted[0]);
	pith_cj_key keys[64];
	size_t		i;
	int			round;

	for (round = 0; round < 3; round++)
	{
		size_t		m = round == 2 ? 3 * n : n; /* > 24 keys takes qsort */

		for (i = 0; i < m; i++)
		{
			/* reverse order, and in round 2 each key three times */
			const char *k = sorted[n - 1 - (i % n)];

			keys[i].str = k;
			keys[i].len = strlen(k);
			keys[i].handle = i;
		}
		pith_cj_sort_keys(keys, m);
		for (i = 0; i + 1 < m; i++)
		{
			if (pith_cj_key_cmp(keys[i].str, keys[i].len, keys[i + 1].str, keys[i + 1].len) > 0)
			{
				fprintf(stderr, "keys out of order at %zu\n", i);
				failures++;
			}
		}
		if (round < 2)
			for (i = 0; i < n; i++)
				if (strcmp(keys[i].str, sorted[i]) != 0)
				{
					fprintf(stderr, "key %zu: got [%s], want [%s]\n", i, keys[i].str, sorted[i]);
					failures++;
				}
	}
	/* a prefix sorts first; embedded bytes compare unsigned */
	if (pith_cj_key_cmp("ab", 2, "abc", 3) >= 0 || pith_cj_key_cmp("abc", 3, "ab", 2) <= 0 ||
		pith_cj_key_cmp("ab", 2, "ab", 2) != 0 || pith_cj_key_cmp("\xc3", 1, "z", 1) <= 0 ||
		pith_cj_key_cmp("", 0, "", 0) != 0)
	{
		fprintf(stderr, "pith_cj_key_cmp basics\n");
		failures++;
	}
}

/* Digest text: prefix and lowercase hex. */
static void
check_digest_text(void)
{
	uint8_t		d[32];
	char		out[PITH_CJ_DIGEST_TEXT_LEN + 1];
	int			i;

	for (i = 0; i < 32; i++)
		d[i] = (uint8_t) (i * 8 + 7);
	pith_cj_digest_text(d, out);
	if (strcmp(out, "sha256:070f171f272f373f474f575f676f777f878f979fa7afb7bfc7cfd7dfe7eff7ff") != 0)
	{
		fprintf(stderr, "digest text: %s\n", out);
		failures++;
	}
}

/* Entry point: run every check, report failures through the exit status. */
int
main(void)
{
	Collect		c;
	char		big[600];

	check_all_ascii();
	check_escape("", 0, "\"\"");
	/* raw UTF-8 stays raw: e-acute, en dash, U+2028, U+2029, astral U+1F600 */
	check_escape("\xc3\xa9\xe2\x80\x93\xe2\x80\xa8\xe2\x80\xa9\xf0\x9f\x98\x80", 15,
				 "\"\xc3\xa9\xe2\x80\x93\xe2\x80\xa8\xe2\x80\xa9\xf0\x9f\x98\x80\"");
	check_escape("a\"b\\c\nd\x01" "e\x1f" "f\x7f", 12, "\"a\\\"b\\\\c\\nd\\u0001e\\u001ff\x7f\"");
	check_escape("\0x", 2, "\"\\u0000x\"");
	check_escape("\x1b[0m", 4, "\"\\u001b[0m\"");

	/* a string longer than the sink buffer goes through in pieces */
	memset(big, 'x', sizeof(big));
	big[100] = '\t';
	escape_with(big, sizeof(big), 16, &c);
	if (c.used != sizeof(big) + 3 || c.out[101] != '\\' || c.out[102] != 't' || c.flushes < 30)
	{
		fprintf(stderr, "long string: used %zu flushes %d\n", c.used, c.flushes);
		failures++;
	}

	check_random_strings();
	check_key_order();
	check_digest_text();

	if (failures > 0)
	{
		fprintf(stderr, "%d failures\n", failures);
		return 1;
	}
	return 0;
}
