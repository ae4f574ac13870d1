/*
 * fuzz_html_escape.c -- libFuzzer target for src/core/html_escape.c: for
 * any bytes, the predicted length equals the written length, the growth
 * bound holds, the output is well-formed UTF-8 with no markup character
 * left (< > " ' only as part of nothing; & only as one of our references),
 * and pith_html_safe_href never accepts a target that is not "/"-rooted.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"

/* True if s[0..len) is well-formed UTF-8. */
static int
valid_utf8(const unsigned char *s, size_t len)
{
	size_t		i = 0;

	while (i < len)
	{
		unsigned char c = s[i];
		size_t		n,
					k;

		if (c < 0x80)
		{
			i++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF)
			n = 2;
		else if (c >= 0xE0 && c <= 0xEF)
			n = 3;
		else if (c >= 0xF0 && c <= 0xF4)
			n = 4;
		else
			return 0;
		if (i + n > len)
			return 0;
		for (k = 1; k < n; k++)
			if ((s[i + k] & 0xC0) != 0x80)
				return 0;
		i += n;
	}
	return 1;
}

/* True if s[0..len) starts with the literal lit. */
static int
starts_with(const char *s, size_t len, const char *lit)
{
	size_t		n = strlen(lit);

	return len >= n && memcmp(s, lit, n) == 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *in = (const char *) data;
	size_t		need = pith_html_escaped_len(in, size);
	char	   *out;
	size_t		got,
				i;

	if (need > size * PITH_HTML_ESCAPE_MAX_GROWTH)
		abort();
	out = malloc(need + 1);
	if (out == NULL)
		return 0;
	got = pith_html_escape(in, size, out);
	if (got != need)
		abort();
	if (!valid_utf8((const unsigned char *) out, got))
		abort();
	for (i = 0; i < got; i++)
	{
		char		c = out[i];

		if (c == '<' || c == '>' || c == '"' || c == '\'')
			abort();
		if ((unsigned char) c < 0x20 && c != '\t' && c != '\n' && c != '\r')
			abort();
		if (c == '&' && !starts_with(out + i, got - i, "&amp;") &&
			!starts_with(out + i, got - i, "&lt;") && !starts_with(out + i, got - i, "&gt;") &&
			!starts_with(out + i, got - i, "&quot;") && !starts_with(out + i, got - i, "&#39;"))
			abort();
	}
	free(out);

	if (pith_html_safe_href(in, size) &&
		(size == 0 || in[0] != '/' || (size > 1 && (in[1] == '/' || in[1] == '\\')) ||
		 memchr(in, '\\', size) != NULL))
		abort();
	return 0;
}
