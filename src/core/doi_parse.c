/*
 * doi_parse.c -- parser and canonicalizer for DOIs.  Pure C11, no
 * PostgreSQL headers.
 *
 * A DOI is "10." + a registrant code of at least 4 digits, optionally
 * subdivided by ".digits", then "/" and a non-empty suffix of any printable
 * characters except whitespace.  DOIs are case-insensitive for ASCII, so the
 * canonical text is lower-cased ASCII (other characters are kept), without
 * any "doi:" prefix or resolver URL.  Accepted wrappers: "doi:" (any case,
 * optional spaces after it), and http(s)://(dx.|www.)doi.org/ URLs, whose
 * %XX escapes are decoded.
 */
#include "doi_parse.h"
#include "ascii.h"

#include <stdio.h>
#include <string.h>

/* Formats a reason into why (if given); returns status. */
static pith_doi_status
fail(pith_doi_status status, char *why, size_t whycap, const char *fmt, const char *arg)
{
	if (why && whycap > 0)
		snprintf(why, whycap, fmt, arg ? arg : "");
	return status;
}

/*
 * Decodes one UTF-8 character at s[0..len); returns its length and sets *cp,
 * or returns 0 for an invalid sequence (overlong, surrogate, > U+10FFFF).
 */
static size_t
utf8_decode(const unsigned char *s, size_t len, unsigned int *cp)
{
	unsigned int c = s[0];
	size_t		n;
	unsigned int min;

	if (c < 0x80)
	{
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, c &= 0x1f, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, c &= 0x0f, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, c &= 0x07, min = 0x10000;
	else
		return 0;
	if (len < n)
		return 0;
	for (size_t i = 1; i < n; i++)
	{
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* True for code points that are whitespace or control characters. */
static int
is_space_or_control(unsigned int cp)
{
	return cp <= 0x20 || (cp >= 0x7f && cp <= 0xa0) || cp == 0x1680 ||
		(cp >= 0x2000 && cp <= 0x200b) || cp == 0x2028 || cp == 0x2029 ||
		cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff;
}

/* See doi_parse.h. */
pith_doi_status
pith_doi_parse(const char *in, size_t len, char *out, size_t *outlen,
			   size_t *prefix_len, char *why, size_t whycap)
{
	size_t		n,
				o = 0,
				p,
				k;
	int			url = 0;

	*outlen = 0;
	*prefix_len = 0;
	out[0] = '\0';
	if (why && whycap > 0)
		why[0] = '\0';
	if (len > PITH_DOI_INPUT_MAX)
		return fail(PITH_DOI_TOO_LONG, why, whycap,
					"The input is longer than 8192 bytes, the most pith reads as a DOI.", NULL);
	while (len > 0 && pith_ascii_is_space(in[0]))
		in++, len--;
	while (len > 0 && pith_ascii_is_space(in[len - 1]))
		len--;
	if (len == 0)
		return fail(PITH_DOI_INVALID, why, whycap, "The input is empty.", NULL);

	if ((n = pith_ascii_starts_with_ci(in, len, "doi:")) > 0)
	{
		in += n, len -= n;
		while (len > 0 && pith_ascii_is_space(in[0]))
			in++, len--;
	}
	else
	{
		if ((n = pith_ascii_starts_with_ci(in, len, "https://")) > 0 ||
			(n = pith_ascii_starts_with_ci(in, len, "http://")) > 0)
		{
			in += n, len -= n;
			url = 1;
		}
		if ((n = pith_ascii_starts_with_ci(in, len, "doi.org/")) > 0 ||
			(n = pith_ascii_starts_with_ci(in, len, "dx.doi.org/")) > 0 ||
			(n = pith_ascii_starts_with_ci(in, len, "www.doi.org/")) > 0)
		{
			in += n, len -= n;
			url = 1;
		}
		else if (url)
			return fail(PITH_DOI_INVALID, why, whycap,
						"A DOI URL must point at doi.org or dx.doi.org.", NULL);
	}

	/* copy, decoding %XX in URL forms and lower-casing ASCII */
	for (size_t i = 0; i < len; i++)
	{
		char		c = in[i];

		if (url && c == '%')
		{
			int			hi = i + 2 < len ? pith_ascii_hex_value(in[i + 1]) : -1;
			int			lo = i + 2 < len ? pith_ascii_hex_value(in[i + 2]) : -1;

			if (hi < 0 || lo < 0)
				return fail(PITH_DOI_INVALID, why, whycap,
							"A percent sign in a DOI URL must be followed by two hexadecimal digits.", NULL);
			c = (char) (hi * 16 + lo);
			i += 2;
		}
		out[o++] = (char) pith_ascii_lower(c);
	}
	out[o] = '\0';

	/* prefix: 10.NNNN(.NNNN)* */
	if (o < 3 || memcmp(out, "10.", 3) != 0)
		return fail(PITH_DOI_INVALID, why, whycap, "A DOI starts with \"10.\".", NULL);
	p = 3;
	for (;;)
	{
		k = 0;
		while (p + k < o && pith_ascii_is_digit(out[p + k]))
			k++;
		if (p == 3 && k < 4)
			return fail(PITH_DOI_INVALID, why, whycap,
						"The registrant code after \"10.\" has at least 4 digits.", NULL);
		if (k == 0)
			return fail(PITH_DOI_INVALID, why, whycap,
						"Each dot in the DOI prefix must be followed by digits.", NULL);
		p += k;
		if (p < o && out[p] == '.')
		{
			p++;
			continue;
		}
		break;
	}
	if (p >= o || out[p] != '/')
		return fail(PITH_DOI_INVALID, why, whycap,
					"The DOI prefix (10. and digits) must be followed by a slash.", NULL);
	if (p + 1 == o)
		return fail(PITH_DOI_INVALID, why, whycap, "The suffix after the slash is empty.", NULL);

	/* suffix: valid UTF-8, no whitespace or control characters */
	for (size_t i = p + 1; i < o;)
	{
		unsigned int cp;
		size_t		l = utf8_decode((const unsigned char *) out + i, o - i, &cp);

		if (l == 0)
			return fail(PITH_DOI_INVALID, why, whycap,
						"The suffix is not valid UTF-8.", NULL);
		if (is_space_or_control(cp))
			return fail(PITH_DOI_INVALID, why, whycap,
						"The suffix contains whitespace or a control character.", NULL);
		i += l;
	}
	if (o > PITH_DOI_CANON_MAX)
		return fail(PITH_DOI_TOO_LONG, why, whycap,
					"The DOI is longer than 1024 bytes, the most pith stores.", NULL);
	*outlen = o;
	*prefix_len = p;
	return PITH_DOI_OK;
}

/* See doi_parse.h. */
size_t
pith_doi_prefix_len(const char *doi, size_t len)
{
	const char *slash = memchr(doi, '/', len);

	return slash ? (size_t) (slash - doi) : len;
}
