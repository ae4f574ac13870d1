/*
 * arxiv_id_parse.c -- parser, canonicalizer and comparator for arXiv
 * identifiers.  Pure C11, no PostgreSQL headers.
 *
 * Accepted forms (surrounding whitespace ignored):
 *   2506.06472  2506.06472v2  0704.0001  hep-th/9711200v3  math.AG/0309136
 *   arXiv:2506.06472 (prefix in any case, spaces allowed after the colon)
 *   http(s)://(www.|export.)arxiv.org/abs/<id>   .../pdf/<id>[.pdf]
 * Canonical text: new-style as is with a lowercase "v"; old-style as
 * archive/YYMMNNN with the archive in lower case and the subject class
 * dropped, because arXiv names the paper math/0309136 whatever the class.
 */
#include "arxiv_id_parse.h"
#include "ascii.h"

#include <stdio.h>
#include <string.h>

/* Archives that issued old-style identifiers (1991-2007). */
static const char *const old_archives[] = {
	"acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph",
	"bayes-an", "chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat",
	"cs", "dg-ga", "funct-an", "gr-qc", "hep-ex", "hep-lat", "hep-ph",
	"hep-th", "math", "math-ph", "mtrl-th", "nlin", "nucl-ex", "nucl-th",
	"patt-sol", "physics", "plasm-ph", "q-alg", "q-bio", "quant-ph",
	"solv-int", "stat", "supr-con", NULL
};

/* Is s[0..len) (lower case) the name of an archive of old-style ids? */
int
pith_arxiv_is_old_archive(const char *s, size_t len)
{
	for (size_t k = 0; old_archives[k]; k++)
		if (strlen(old_archives[k]) == len && memcmp(old_archives[k], s, len) == 0)
			return 1;
	return 0;
}

/* Formats a reason into why (if given) and returns 0. */
static int
fail(char *why, size_t whycap, const char *fmt, const char *arg)
{
	if (why && whycap > 0)
		snprintf(why, whycap, fmt, arg ? arg : "");
	return 0;
}

/* Value of n decimal digits at s. */
static int
digits_value(const char *s, size_t n)
{
	int			v = 0;

	for (size_t i = 0; i < n; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/*
 * Parses the optional "vN" at s[0..len); returns 1 and sets *version (0 when
 * len is 0), or 0 with a reason.
 */
static int
parse_version(const char *s, size_t len, int *version, char *why, size_t whycap)
{
	char		rest[24];

	*version = 0;
	if (len == 0)
		return 1;
	if (s[0] != 'v' && s[0] != 'V')
	{
		snprintf(rest, sizeof(rest), "%.*s%s", (int) (len > 16 ? 16 : len), s, len > 16 ? "..." : "");
		return fail(why, whycap, "Unexpected text \"%s\" after the identifier.", rest);
	}
	if (len == 1)
		return fail(why, whycap, "The version \"v\" has no number.", NULL);
	for (size_t i = 1; i < len; i++)
		if (!pith_ascii_is_digit(s[i]))
			return fail(why, whycap, "The version must be \"v\" followed by digits only.", NULL);
	if (s[1] == '0')
		return fail(why, whycap, "The version number must start at 1 and have no leading zero.", NULL);
	if (len - 1 > PITH_ARXIV_VERSION_DIGITS)
		return fail(why, whycap, "The version number has more than 9 digits.", NULL);
	*version = digits_value(s + 1, len - 1);
	return 1;
}

/* Appends "v<version>" to out when version > 0. */
static void
append_version(pith_arxiv_id *out)
{
	out->base_len = out->len;
	if (out->version > 0)
		out->len += (size_t) snprintf(out->canon + out->len,
									  sizeof(out->canon) - out->len, "v%d", out->version);
}

/* Parses a new-style identifier YYMM.NNNN(N)[vN] occupying all of s[0..len). */
static int
parse_new(const char *s, size_t len, pith_arxiv_id *out, char *why, size_t whycap)
{
	size_t		ndig = 0;
	char		buf[16];
	int			yy,
				mm;

	if (len < 5 || !pith_ascii_is_digit(s[0]) || !pith_ascii_is_digit(s[1]) ||
		!pith_ascii_is_digit(s[2]) || !pith_ascii_is_digit(s[3]))
		return fail(why, whycap, "A new-style identifier starts with four digits YYMM.", NULL);
	if (s[4] != '.')
		return fail(why, whycap, "A new-style identifier has a dot after its four digits YYMM.", NULL);
	yy = digits_value(s, 2);
	mm = digits_value(s + 2, 2);
	if (mm < 1 || mm > 12)
	{
		snprintf(buf, sizeof(buf), "%02d", mm);
		return fail(why, whycap, "The month %s is not between 01 and 12.", buf);
	}
	if (yy < 7 || (yy == 7 && mm < 4))
	{
		snprintf(buf, sizeof(buf), "%.4s", s);
		return fail(why, whycap, "New-style identifiers begin in April 2007 (0704); %s is earlier.", buf);
	}
	while (5 + ndig < len && pith_ascii_is_digit(s[5 + ndig]))
		ndig++;
	if (ndig == 0)
		return fail(why, whycap, "The dot is not followed by a number.", NULL);
	if (yy < 15)
	{
		if (ndig != 4)
		{
			snprintf(buf, sizeof(buf), "%zu", ndig);
			return fail(why, whycap, "Identifiers from 0704 to 1412 have 4 digits after the dot, not %s.", buf);
		}
	}
	else if (ndig != 5)
	{
		snprintf(buf, sizeof(buf), "%zu", ndig);
		return fail(why, whycap, "Identifiers from 1501 on have 5 digits after the dot, not %s.", buf);
	}
	if (digits_value(s + 5, ndig) == 0)
		return fail(why, whycap, "The number after the dot starts at 1; arXiv never issues zero.", NULL);
	if (!parse_version(s + 5 + ndig, len - 5 - ndig, &out->version, why, whycap))
		return 0;
	memcpy(out->canon, s, 5 + ndig);
	out->len = 5 + ndig;
	out->canon[out->len] = '\0';
	out->old_style = 0;
	out->yymm = yy * 100 + mm;
	append_version(out);
	return 1;
}

/* Parses an old-style identifier archive[.SC]/YYMMNNN[vN] occupying s[0..len). */
static int
parse_old(const char *s, size_t len, pith_arxiv_id *out, char *why, size_t whycap)
{
	size_t		alen = 0,
				pos,
				k;
	char		archive[16];
	char		buf[16];
	int			yy,
				mm;

	while (alen < len && (pith_ascii_is_alpha(s[alen]) || s[alen] == '-'))
		alen++;
	if (alen == 0)
		return fail(why, whycap, "An arXiv identifier starts with YYMM digits or an archive name such as hep-th.", NULL);
	if (alen >= sizeof(archive))
		return fail(why, whycap, "The archive name is longer than any arXiv archive.", NULL);
	for (k = 0; k < alen; k++)
		archive[k] = (char) pith_ascii_lower(s[k]);
	archive[alen] = '\0';
	if (!pith_arxiv_is_old_archive(archive, alen))
		return fail(why, whycap, "\"%s\" is not an arXiv archive that issued old-style identifiers.", archive);
	pos = alen;
	if (pos < len && s[pos] == '.')
	{
		/* subject class: two letters, e.g. math.AG; validated and dropped */
		if (pos + 3 > len || !pith_ascii_is_alpha(s[pos + 1]) || !pith_ascii_is_alpha(s[pos + 2]))
			return fail(why, whycap, "A subject class after the archive is two letters, as in math.AG.", NULL);
		pos += 3;
	}
	if (pos >= len || s[pos] != '/')
		return fail(why, whycap, "An old-style identifier has a slash after the archive, as in hep-th/9901001.", NULL);
	pos++;
	k = 0;
	while (pos + k < len && pith_ascii_is_digit(s[pos + k]))
		k++;
	if (k != 7)
	{
		snprintf(buf, sizeof(buf), "%zu", k);
		return fail(why, whycap, "Old-style identifiers have 7 digits (YYMMNNN) after the slash, not %s.", buf);
	}
	yy = digits_value(s + pos, 2);
	mm = digits_value(s + pos + 2, 2);
	if (mm < 1 || mm > 12)
	{
		snprintf(buf, sizeof(buf), "%02d", mm);
		return fail(why, whycap, "The month %s is not between 01 and 12.", buf);
	}
	if (!((yy == 91 && mm >= 8) || yy > 91 || yy < 7 || (yy == 7 && mm <= 3)))
	{
		snprintf(buf, sizeof(buf), "%.4s", s + pos);
		return fail(why, whycap, "Old-style identifiers run from 9108 to 0703; %s is outside that range.", buf);
	}
	if (digits_value(s + pos + 4, 3) == 0)
		return fail(why, whycap, "The number after YYMM starts at 001; arXiv never issues 000.", NULL);
	if (!parse_version(s + pos + 7, len - pos - 7, &out->version, why, whycap))
		return 0;
	memcpy(out->canon, archive, alen);
	out->canon[alen] = '/';
	memcpy(out->canon + alen + 1, s + pos, 7);
	out->len = alen + 8;
	out->canon[out->len] = '\0';
	out->old_style = 1;
	out->yymm = yy * 100 + mm;
	append_version(out);
	return 1;
}

/* See arxiv_id_parse.h. */
int
pith_arxiv_parse(const char *in, size_t len, pith_arxiv_id *out,
				 char *why, size_t whycap)
{
	size_t		n;

	memset(out, 0, sizeof(*out));
	if (why && whycap > 0)
		why[0] = '\0';
	if (len > PITH_ARXIV_INPUT_MAX)
		return fail(why, whycap, "The input is longer than any arXiv identifier or URL (256 bytes).", NULL);
	while (len > 0 && pith_ascii_is_space(in[0]))
		in++, len--;
	while (len > 0 && pith_ascii_is_space(in[len - 1]))
		len--;
	if (len == 0)
		return fail(why, whycap, "The input is empty.", NULL);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char) in[i] < 0x20 || (unsigned char) in[i] >= 0x7f)
			return fail(why, whycap, "An arXiv identifier contains only printable ASCII characters.", NULL);

	if ((n = pith_ascii_starts_with_ci(in, len, "arxiv:")) > 0)
	{
		in += n, len -= n;
		while (len > 0 && pith_ascii_is_space(in[0]))
			in++, len--;
	}
	else
	{
		int			url = 0;

		if ((n = pith_ascii_starts_with_ci(in, len, "https://")) > 0 ||
			(n = pith_ascii_starts_with_ci(in, len, "http://")) > 0)
		{
			in += n, len -= n;
			url = 1;
		}
		if ((n = pith_ascii_starts_with_ci(in, len, "www.")) > 0 ||
			(n = pith_ascii_starts_with_ci(in, len, "export.")) > 0)
		{
			in += n, len -= n;
			url = 1;
		}
		if ((n = pith_ascii_starts_with_ci(in, len, "arxiv.org/")) > 0)
		{
			in += n, len -= n;
			if ((n = pith_ascii_starts_with_ci(in, len, "abs/")) > 0)
				in += n, len -= n;
			else if ((n = pith_ascii_starts_with_ci(in, len, "pdf/")) > 0)
			{
				in += n, len -= n;
				if (len >= 4 && pith_ascii_starts_with_ci(in + len - 4, 4, ".pdf"))
					len -= 4;
			}
			else
				return fail(why, whycap, "An arxiv.org URL must name /abs/ or /pdf/ followed by the identifier.", NULL);
		}
		else if (url)
			return fail(why, whycap, "A URL must point at arxiv.org/abs/ or arxiv.org/pdf/.", NULL);
	}
	if (len == 0)
		return fail(why, whycap, "The prefix is not followed by an identifier.", NULL);
	if (pith_ascii_is_digit(in[0]))
		return parse_new(in, len, out, why, whycap);
	return parse_old(in, len, out, why, whycap);
}

/* See arxiv_id_parse.h. */
size_t
pith_arxiv_base_len(const char *a, size_t alen)
{
	size_t		i = alen;

	while (i > 0 && pith_ascii_is_digit(a[i - 1]))
		i--;
	if (i > 0 && i < alen && a[i - 1] == 'v')
		return i - 1;
	return alen;
}

/* See arxiv_id_parse.h. */
int
pith_arxiv_version(const char *a, size_t alen)
{
	size_t		b = pith_arxiv_base_len(a, alen);

	if (b == alen)
		return 0;
	return digits_value(a + b + 1, alen - b - 1);
}

/* See arxiv_id_parse.h. */
void
pith_arxiv_yymm(const char *a, size_t alen, char out[4])
{
	const char *slash = memchr(a, '/', alen);

	memcpy(out, slash ? slash + 1 : a, 4);
}

/* Calendar sort key of a two-digit-year YYMM: 9108 -> 199108, 0703 -> 200703. */
static int
calendar_yymm(const char *p)
{
	int			yy = digits_value(p, 2);

	return (yy >= 91 ? 1900 + yy : 2000 + yy) * 100 + digits_value(p + 2, 2);
}

/* See arxiv_id_parse.h. */
int
pith_arxiv_cmp_parsed(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t		ab = pith_arxiv_base_len(a, alen);
	size_t		bb = pith_arxiv_base_len(b, blen);
	const char *as = memchr(a, '/', ab);
	const char *bs = memchr(b, '/', bb);
	int			c,
				av,
				bv;

	if (as && !bs)
		return -1;
	if (!as && bs)
		return 1;
	if (as)
	{
		size_t		aal = (size_t) (as - a),
					bal = (size_t) (bs - b);

		c = memcmp(a, b, aal < bal ? aal : bal);
		if (c == 0 && aal != bal)
			c = aal < bal ? -1 : 1;
		if (c != 0)
			return c;
		c = calendar_yymm(as + 1) - calendar_yymm(bs + 1);
		if (c != 0)
			return c < 0 ? -1 : 1;
		c = memcmp(as + 5, bs + 5, 3);
	}
	else
	{
		/* YYMM is fixed width and fixes the digit count, so bytes order it */
		c = memcmp(a, b, ab < bb ? ab : bb);
		if (c == 0 && ab != bb)
			c = ab < bb ? -1 : 1;
	}
	if (c != 0)
		return c < 0 ? -1 : 1;
	av = pith_arxiv_version(a, alen);
	bv = pith_arxiv_version(b, blen);
	return av < bv ? -1 : (av > bv ? 1 : 0);
}

/*
 * The base length of canonical text a (len bytes) when it has the shape
 * pith_arxiv_parse writes -- new-style YYMM.NNNN (to 1412) or YYMM.NNNNN
 * (from 1501), old-style archive/YYMMNNN, either followed by nothing or by
 * "v" -- else 0.  *slash: the archive's length for old-style, 0 for new.
 */
static size_t
canonical_base(const char *a, size_t len, size_t *slash)
{
	size_t		base;

	*slash = 0;
	if (len == 0)
		return 0;
	if (pith_ascii_is_digit(a[0]))
	{
		if (len < 2 || !pith_ascii_is_digit(a[1]))
			return 0;
		base = (a[0] == '0' || (a[0] == '1' && a[1] < '5')) ? 9 : 10;
	}
	else
	{
		const char *s = memchr(a, '/', len < 16 ? len : 16);

		if (s == NULL || s == a)
			return 0;
		*slash = (size_t) (s - a);
		base = *slash + 8;
	}
	if (base > len || (base < len && (a[base] != 'v' || base + 1 == len)))
		return 0;
	return base;
}

/*
 * See arxiv_id_parse.h.  The order of pith_arxiv_cmp_parsed (B-tree
 * indexes on disk are in it), decided from the bytes of canonical text
 * without parsing either side: equal bytes are equal identifiers;
 * old-style (a letter first) sorts before new-style (a digit first); two
 * new-style bases are in byte order (YYMM is fixed width and fixes the
 * number's width); two old-style ones by archive, then century (a year
 * starting with 9 is 19xx), then the seven digits YYMMNNN in byte order;
 * a version, having no leading zero, is larger when longer, else by its
 * bytes ("" < "v1" < "v9" < "v10").  Text of another shape (never written
 * by pith_arxiv_parse) goes to pith_arxiv_cmp_parsed.
 */
int
pith_arxiv_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t		aslash,
				bslash,
				ab,
				bb,
				n;
	int			c;

	if (alen == blen && memcmp(a, b, alen) == 0)
		return 0;
	ab = canonical_base(a, alen, &aslash);
	bb = canonical_base(b, blen, &bslash);
	if (ab == 0 || bb == 0)
		return pith_arxiv_cmp_parsed(a, alen, b, blen);
	if ((aslash != 0) != (bslash != 0))
		return aslash ? -1 : 1;
	if (aslash)
	{
		n = aslash < bslash ? aslash : bslash;
		c = memcmp(a, b, n);
		if (c == 0 && aslash != bslash)
			return aslash < bslash ? -1 : 1;
		if (c == 0 && (a[aslash + 1] == '9') != (b[bslash + 1] == '9'))
			return a[aslash + 1] == '9' ? -1 : 1;
		if (c == 0)
			c = memcmp(a + aslash + 1, b + bslash + 1, 7);
	}
	else
	{
		c = memcmp(a, b, ab < bb ? ab : bb);
		if (c == 0 && ab != bb)
			return ab < bb ? -1 : 1;
	}
	if (c != 0)
		return c < 0 ? -1 : 1;
	if (alen - ab != blen - bb)
		return alen - ab < blen - bb ? -1 : 1;
	c = memcmp(a + ab, b + bb, alen - ab);
	return c < 0 ? -1 : (c > 0 ? 1 : 0);
}
