/*
 * html_escape.c -- HTML escaping and same-origin link checking for the
 * record page renderer (pith.render_html, pith.html_escape).  Pure C11.
 *
 * The escaper walks UTF-8 one well-formed sequence at a time (RFC 3629:
 * no overlongs, no surrogates, nothing above U+10FFFF) so that a stray
 * byte can never combine with a following "<" or quote into something a
 * browser reads differently; such bytes become U+FFFD.
 */
#include "html_escape.h"

#include <string.h>

static const char replacement[] = "\xEF\xBF\xBD";	/* U+FFFD in UTF-8 */

/* Length of the well-formed UTF-8 sequence at s (at most n bytes), 0 if none. */
static size_t
utf8_sequence_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		return (n >= 2 && (s[1] & 0xC0) == 0x80) ? 2 : 0;
	if (c >= 0xE0 && c <= 0xEF)
	{
		unsigned char lo = (c == 0xE0) ? 0xA0 : 0x80;
		unsigned char hi = (c == 0xED) ? 0x9F : 0xBF;

		if (n < 3 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80)
			return 0;
		return 3;
	}
	if (c >= 0xF0 && c <= 0xF4)
	{
		unsigned char lo = (c == 0xF0) ? 0x90 : 0x80;
		unsigned char hi = (c == 0xF4) ? 0x8F : 0xBF;

		if (n < 4 || s[1] < lo || s[1] > hi ||
			(s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
			return 0;
		return 4;
	}
	return 0;
}

/*
 * What the sequence at s (length seqlen, 0 = malformed) turns into: sets
 * *rep to the replacement text (NULL = copy the input) and returns its length.
 */
static size_t
escape_one(const unsigned char *s, size_t seqlen, const char **rep)
{
	*rep = NULL;
	if (seqlen == 0)
	{
		*rep = replacement;
		return 3;
	}
	if (seqlen == 1)
	{
		switch (s[0])
		{
			case '&':
				*rep = "&amp;";
				return 5;
			case '<':
				*rep = "&lt;";
				return 4;
			case '>':
				*rep = "&gt;";
				return 4;
			case '"':
				*rep = "&quot;";
				return 6;
			case '\'':
				*rep = "&#39;";
				return 5;
			case '\t':
			case '\n':
			case '\r':
				return 1;
			default:
				if (s[0] < 0x20 || s[0] == 0x7F)
				{
					*rep = replacement;
					return 3;
				}
				return 1;
		}
	}
	/* C1 controls U+0080..U+009F are encoded as C2 80 .. C2 9F */
	if (seqlen == 2 && s[0] == 0xC2 && s[1] <= 0x9F)
	{
		*rep = replacement;
		return 3;
	}
	return seqlen;
}

/* Bytes that pith_html_escape writes for s[0..len). */
size_t
pith_html_escaped_len(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *) s;
	size_t		i = 0,
				total = 0;

	while (i < len)
	{
		size_t		seqlen = utf8_sequence_len(p + i, len - i);
		const char *rep;

		total += escape_one(p + i, seqlen, &rep);
		i += seqlen ? seqlen : 1;
	}
	return total;
}

/* Escape s[0..len) into out; returns the number of bytes written. */
size_t
pith_html_escape(const char *s, size_t len, char *out)
{
	const unsigned char *p = (const unsigned char *) s;
	size_t		i = 0,
				o = 0;

	while (i < len)
	{
		size_t		seqlen = utf8_sequence_len(p + i, len - i);
		const char *rep;
		size_t		outlen = escape_one(p + i, seqlen, &rep);

		memcpy(out + o, rep ? rep : (const char *) p + i, outlen);
		o += outlen;
		i += seqlen ? seqlen : 1;
	}
	return o;
}

/* True when s[0..len) is a same-origin path that is safe as an href. */
bool
pith_html_safe_href(const char *s, size_t len)
{
	size_t		i;

	if (len == 0 || s[0] != '/')
		return false;
	if (len > 1 && (s[1] == '/' || s[1] == '\\'))
		return false;
	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c <= 0x20 || c == 0x7F || c == '\\')
			return false;
	}
	return true;
}
