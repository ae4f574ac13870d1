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
 * Replacement for the one-byte character c, or NULL when c is copied as is
 * (with its length in *replen).
 */
static const char *
ascii_replacement(unsigned char c, size_t *replen)
{
	switch (c)
	{
		case '&':
			*replen = 5;
			return "&amp;";
		case '<':
			*replen = 4;
			return "&lt;";
		case '>':
			*replen = 4;
			return "&gt;";
		case '"':
			*replen = 6;
			return "&quot;";
		case '\'':
			*replen = 5;
			return "&#39;";
		case '\t':
		case '\n':
		case '\r':
			return NULL;
		default:
			if (c < 0x20 || c == 0x7F)
			{
				*replen = 3;
				return replacement;
			}
			return NULL;
	}
}

/*
 * The escaper proper: walks s[0..len) in runs of characters that are copied
 * unchanged, writing into out when it is not NULL; returns the output length.
 */
/* Called every PITH_HTML_ESCAPE_CHECK_EVERY input bytes when set. */
static void (*escape_check) (void) = NULL;

/* See html_escape.h. */
void
pith_html_escape_set_check(void (*check) (void))
{
	escape_check = check;
}

static size_t
escape_into(const char *s, size_t len, char *out)
{
	const unsigned char *p = (const unsigned char *) s;
	size_t		i = 0,
				run = 0,				/* start of the pending unchanged run */
				o = 0,
				next_check = PITH_HTML_ESCAPE_CHECK_EVERY;

	while (i < len)
	{
		unsigned char c = p[i];
		const char *rep;
		size_t		replen = 0,
					step;

		if (i >= next_check)
		{
			if (escape_check)
				escape_check();
			next_check = i + PITH_HTML_ESCAPE_CHECK_EVERY;
		}

		if (c < 0x80)
		{
			rep = ascii_replacement(c, &replen);
			step = 1;
		}
		else
		{
			step = utf8_sequence_len(p + i, len - i);
			if (step == 0 || (step == 2 && c == 0xC2 && p[i + 1] <= 0x9F))
			{
				/* malformed byte, or a C1 control (U+0080..U+009F) */
				rep = replacement;
				replen = 3;
				if (step == 0)
					step = 1;
			}
			else
				rep = NULL;
		}
		if (rep == NULL)
		{
			i += step;
			continue;
		}
		/* flush the unchanged run, then the replacement */
		if (out)
		{
			memcpy(out + o, p + run, i - run);
			memcpy(out + o + (i - run), rep, replen);
		}
		o += (i - run) + replen;
		i += step;
		run = i;
	}
	if (out)
		memcpy(out + o, p + run, len - run);
	return o + (len - run);
}

/* Bytes that pith_html_escape writes for s[0..len). */
size_t
pith_html_escaped_len(const char *s, size_t len)
{
	return escape_into(s, len, NULL);
}

/* Escape s[0..len) into out; returns the number of bytes written. */
size_t
pith_html_escape(const char *s, size_t len, char *out)
{
	return escape_into(s, len, out);
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
