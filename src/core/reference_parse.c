/*
 * reference_parse.c -- pure C parser for one raw bibliography entry.
 *
 * The text is first repaired for PDF damage (ligatures, line breaks, odd
 * spaces, "compu- tation" hyphenation breaks, leading "[12]" numbering).
 * Identifiers are then cut out -- URLs, DOIs, arXiv ids, each validated by
 * the identifier cores -- and replaced by a separator byte, so that neither
 * the year nor the title can ever be read out of an identifier (arXiv:2001.08361
 * is not a paper of 2001).  The year is the best-scoring four-digit number;
 * the title is found after the author list, whose end is recognised per
 * citation style: "(2019)." (APA, Springer journals), ". 2019." (ACM),
 * "Initial.:" (Springer LNCS), a quoted title (IEEE, Chicago), or the first
 * sentence break that closes a list of names (Vancouver, Nature, NeurIPS and
 * the other natbib styles).  Finally the parse is judged: a "title" that is
 * an author list, an access date, a venue line, a URL or nothing is reported
 * as such and no title is returned.
 *
 * All output lives in the caller's workspace; nothing is allocated.  Every
 * loop is bounded by the input length (capped at PITH_REF_MAX_INPUT).
 */
#include "reference_parse.h"
#include "ascii.h"

#include <stdbool.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"

/* The byte that replaces an identifier, URL or other cut-out span. */
#define CUT '\x01'

/* Where the work happens: the repaired text and the pieces found in it. */
typedef struct parser
{
	char	   *norm;			/* repaired input */
	size_t		nlen;
	char	   *clean;			/* norm with identifiers replaced by CUT */
	size_t		clen;
	char	   *title;			/* output buffers */
	char	   *url;
	char	   *malformed;
	char	   *doi;
	char	   *scratch;		/* DOI validation output */
	char	   *arxiv;
	bool		have_url;
	bool		have_doi;
	bool		have_arxiv;
	bool		have_malformed;
} parser;

static bool venue_line(const char *t, size_t n);
static bool citation_line(const char *t, size_t n);
static bool access_line(const char *t, size_t n);

/* ---------------------------------------------------------------- chars */

/* Letter, digit, or part of a non-ASCII character (treated as a letter). */
static bool
is_wordch(unsigned char c)
{
	return pith_ascii_is_alnum(c) || c >= 0x80;
}

/* Does s[i..n) start with the ASCII word w, ignoring case? */
static bool
starts_ci(const char *s, size_t n, size_t i, const char *w)
{
	size_t		k = strlen(w);

	if (i + k > n)
		return false;
	for (size_t j = 0; j < k; j++)
		if (pith_ascii_lower((unsigned char) s[i + j]) != pith_ascii_lower((unsigned char) w[j]))
			return false;
	return true;
}

/* Is the len-byte token t equal to w, ignoring ASCII case? */
static bool
eq_ci(const char *t, size_t len, const char *w)
{
	return strlen(w) == len && starts_ci(t, len, 0, w);
}

/* Is the len-byte token t one of the NULL-terminated list of words? */
static bool
in_list(const char *t, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (eq_ci(t, len, *list))
			return true;
	return false;
}

/* ----------------------------------------------------------- repairing */

/*
 * Repair PDF damage into out (never longer than the input): ligatures
 * expanded, control characters, line breaks and Unicode spaces turned into
 * single spaces, soft hyphens dropped, "word- break" hyphenation joined,
 * leading numbering ("[12]", "12.", "(12)") removed.  Returns the length.
 */
static size_t
repair(const unsigned char *in, size_t len, char *out)
{
	size_t		o = 0;
	bool		space = false;
	size_t		i,
				r,
				w;

	for (i = 0; i < len; i++)
	{
		unsigned char c = in[i];

		if (c < 0x20 || c == 0x7f || c == ' ')
		{
			space = true;
			continue;
		}
		if (c == 0xC2 && i + 1 < len && (in[i + 1] == 0xA0 || in[i + 1] == 0xAD))
		{
			if (in[i + 1] == 0xA0)
				space = true;
			i++;
			continue;
		}
		if (c == 0xE2 && i + 2 < len && in[i + 1] == 0x80 &&
			((in[i + 2] >= 0x80 && in[i + 2] <= 0x8B) || in[i + 2] == 0xAF))
		{
			if (in[i + 2] != 0x8B)	/* zero-width space: drop */
				space = true;
			i += 2;
			continue;
		}
		if (space && o > 0)
			out[o++] = ' ';
		space = false;
		if (c == 0xEF && i + 2 < len && in[i + 1] == 0xAC &&
			in[i + 2] >= 0x80 && in[i + 2] <= 0x86)
		{
			static const char *const lig[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
			const char *l = lig[in[i + 2] - 0x80];

			memcpy(out + o, l, strlen(l));
			o += strlen(l);
			i += 2;
			continue;
		}
		out[o++] = (char) c;
	}

	/* join hyphenation breaks: "compu- tation", "Zero- infinity" */
	for (r = 0, w = 0; r < o; r++)
	{
		if (out[r] == '-' && r > 0 && r + 2 < o && out[r + 1] == ' ' &&
			pith_ascii_is_alpha((unsigned char) out[r - 1]) &&
			pith_ascii_is_alpha((unsigned char) out[r + 2]) &&
			(r < 2 || pith_ascii_is_alpha((unsigned char) out[r - 2])))
		{
			if (pith_ascii_is_lower((unsigned char) out[r + 2]))
				r++;			/* drop "- " */
			else
			{
				out[w++] = '-';
				r++;			/* drop the space only */
			}
			continue;
		}
		out[w++] = out[r];
	}
	o = w;

	/* leading numbering */
	r = 0;
	if (o > 0 && (out[0] == '[' || out[0] == '('))
	{
		size_t		k = 1;

		while (k < o && k < 6 && pith_ascii_is_digit((unsigned char) out[k]))
			k++;
		if (k > 1 && k < o && (out[k] == ']' || out[k] == ')'))
			r = k + 1;
	}
	else if (o > 0 && pith_ascii_is_digit((unsigned char) out[0]))
	{
		size_t		k = 0;

		while (k < o && k < 4 && pith_ascii_is_digit((unsigned char) out[k]))
			k++;
		if (k < 4 && k + 1 < o && out[k] == '.' && out[k + 1] == ' ')
			r = k + 1;
	}
	while (r < o && out[r] == ' ')
		r++;
	if (r > 0)
	{
		memmove(out, out + r, o - r);
		o -= r;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return o;
}

/* --------------------------------------------------------- identifiers */

/* Record the first malformed identifier text s[a..b). */
static void
note_malformed(parser *p, size_t a, size_t b)
{
	if (p->have_malformed || b <= a)
		return;
	memcpy(p->malformed, p->norm + a, b - a);
	p->malformed[b - a] = '\0';
	p->have_malformed = true;
}

/*
 * Validate len bytes at s as an arXiv id; on success store its canonical
 * form without version (first id wins) and return true.
 */
static bool
take_arxiv(parser *p, const char *s, size_t len)
{
	pith_arxiv_id id;

	if (len == 0 || len > PITH_ARXIV_INPUT_MAX || !pith_arxiv_parse(s, len, &id, NULL, 0))
		return false;
	if (!p->have_arxiv)
	{
		memcpy(p->arxiv, id.canon, id.base_len);
		p->arxiv[id.base_len] = '\0';
		p->have_arxiv = true;
	}
	return true;
}

/*
 * Length of the arXiv-id-shaped text at s[i..n): new style digits.digits
 * with an optional vN, or old style archive(.XX)/digits(vN).  0 if none.
 */
static size_t
arxiv_shape(const char *s, size_t n, size_t i)
{
	size_t		k = i;

	if (k < n && pith_ascii_is_digit((unsigned char) s[k]))
	{
		while (k < n && pith_ascii_is_digit((unsigned char) s[k]))
			k++;
		if (k + 1 >= n || s[k] != '.' || !pith_ascii_is_digit((unsigned char) s[k + 1]))
			return 0;
		k++;
		while (k < n && pith_ascii_is_digit((unsigned char) s[k]))
			k++;
	}
	else
	{
		while (k < n && (pith_ascii_is_lower((unsigned char) s[k]) || s[k] == '-'))
			k++;
		if (k == i)
			return 0;
		if (k + 2 < n && s[k] == '.' &&
			pith_ascii_is_upper((unsigned char) s[k + 1]) && pith_ascii_is_upper((unsigned char) s[k + 2]))
			k += 3;
		if (k >= n || s[k] != '/')
			return 0;
		k++;
		if (k >= n || !pith_ascii_is_digit((unsigned char) s[k]))
			return 0;
		while (k < n && pith_ascii_is_digit((unsigned char) s[k]))
			k++;
	}
	if (k + 1 < n && (s[k] == 'v' || s[k] == 'V') && pith_ascii_is_digit((unsigned char) s[k + 1]))
	{
		k++;
		while (k < n && pith_ascii_is_digit((unsigned char) s[k]))
			k++;
	}
	return k - i;
}

/* End of the whitespace-free token starting at i. */
static size_t
token_end(const char *s, size_t n, size_t i)
{
	while (i < n && s[i] != ' ' && s[i] != CUT)
		i++;
	return i;
}

/* Length of a trailing run of sentence punctuation to drop from s[a..b). */
static size_t
trim_trailing(const char *s, size_t a, size_t b)
{
	size_t		e = b;

	while (e > a)
	{
		char		c = s[e - 1];

		if (c == '.' || c == ',' || c == ';' || c == ':' || c == '\'' || c == '"' || c == '!' || c == '?')
		{
			e--;
			continue;
		}
		if (c == ')' || c == ']' || c == '}' || c == '>')
		{
			char		open = c == ')' ? '(' : c == ']' ? '[' : c == '}' ? '{' : '<';
			int			depth = 0;

			for (size_t k = a; k < e; k++)
			{
				if (s[k] == open)
					depth++;
				else if (s[k] == c)
					depth--;
			}
			if (depth < 0)
			{
				e--;
				continue;
			}
		}
		break;
	}
	return b - e;
}

/*
 * An arXiv id after "arXiv", "arXiv:" or "abs/" at s[i..n) (i is just past
 * the prefix).  Valid: stored, returns the end.  Id-shaped but invalid:
 * noted as malformed (from mstart), returns the end.  Otherwise 0.
 */
static size_t
arxiv_after_prefix(parser *p, size_t mstart, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		k = i,
				shape,
				tend;

	if (k < n && s[k] == ':')
		k++;
	if (k < n && s[k] == ' ')
		k++;
	if (k >= n || !(pith_ascii_is_digit((unsigned char) s[k]) || pith_ascii_is_lower((unsigned char) s[k])))
		return 0;
	shape = arxiv_shape(s, n, k);
	tend = token_end(s, n, k);
	tend -= trim_trailing(s, k, tend);
	if (shape > 0)
	{
		size_t		e = k + shape;

		/* "1810.04805.In" (lost space): the shape may stop before tend */
		if ((e == tend || !is_wordch((unsigned char) s[e]) ||
			 (s[e] == '.' && e + 1 < n && pith_ascii_is_alpha((unsigned char) s[e + 1]))) &&
			take_arxiv(p, s + k, shape))
			return e;
		if (e < n && pith_ascii_is_alnum((unsigned char) s[e]))
			e = tend;
		note_malformed(p, mstart, e);
		return e;
	}
	/* digits that do not even have the shape: "arXiv:12345" */
	if (pith_ascii_is_digit((unsigned char) s[k]))
	{
		note_malformed(p, mstart, tend);
		return tend;
	}
	return 0;
}

/* Old-style archive names (the part before the slash). */
static const char *const old_archives[] = {
	"acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph", "bayes-an",
	"chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat", "cs", "dg-ga", "funct-an",
	"gr-qc", "hep-ex", "hep-lat", "hep-ph", "hep-th", "math", "math-ph", "mtrl-th",
	"nlin", "nucl-ex", "nucl-th", "patt-sol", "physics", "plasm-ph", "q-alg", "q-bio",
	"q-fin", "quant-ph", "solv-int", "stat", "supr-con", NULL
};

/*
 * Keep the DOI validated into p->scratch (outlen bytes) if it is the first;
 * an arXiv DOI (10.48550/arXiv.ID) also names an arXiv id.
 */
static void
take_doi(parser *p, size_t outlen)
{
	if (outlen > 15 && strncmp(p->scratch, "10.48550/arxiv.", 15) == 0)
		take_arxiv(p, p->scratch + 15, outlen - 15);
	if (p->have_doi)
		return;
	memcpy(p->doi, p->scratch, outlen);
	p->doi[outlen] = '\0';
	p->have_doi = true;
}

/*
 * Try a DOI at s[i..n) ("10.NNNN/..."); returns its end or 0.  A DOI-shaped
 * token that fails validation is noted as malformed from mstart (which
 * includes a "doi:" prefix when there is one).
 */
static size_t
match_doi(parser *p, size_t mstart, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		k,
				e,
				cut;
	size_t		outlen,
				prefix_len;

	if (!(i + 3 < n && s[i] == '1' && s[i + 1] == '0' && s[i + 2] == '.'))
		return 0;
	e = token_end(s, n, i);
	/* stop at a closing quote or other non-ASCII text */
	for (k = i; k < e; k++)
		if ((unsigned char) s[k] >= 0x80 || s[k] == '"')
		{
			e = k;
			break;
		}
	/* must have a slash to be DOI-shaped at all */
	for (k = i; k < e && s[k] != '/'; k++)
		;
	if (k >= e)
		return 0;
	/* cut a run-on tail: ",436-444", ".Accessed", ".In" */
	for (cut = k + 1; cut < e; cut++)
	{
		if (s[cut] == ',')
			break;
		if (s[cut] == '.' && cut + 2 < e && pith_ascii_is_digit((unsigned char) s[cut - 1]) &&
			pith_ascii_is_upper((unsigned char) s[cut + 1]) && pith_ascii_is_lower((unsigned char) s[cut + 2]))
			break;
	}
	e = cut;
	e -= trim_trailing(s, i, e);
	if (e <= i + 3)
		return 0;
	if (pith_doi_parse(s + i, e - i, p->scratch, &outlen, &prefix_len, NULL, 0) == PITH_DOI_OK)
	{
		take_doi(p, outlen);
		return e;
	}
	note_malformed(p, mstart, e);
	return e;
}

/* Try a URL (with scheme, "www.", or "host.tld/path") at s[i..n). */
static size_t
match_url(parser *p, size_t i)
{
	static const char *const tlds[] = {
		"com", "org", "net", "io", "ai", "edu", "gov", "dev", "co", "uk", "de", "cn",
		"fr", "jp", "info", "me", "html", NULL
	};
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		e,
				k;
	bool		ok = false;

	if (starts_ci(s, n, i, "http://") || starts_ci(s, n, i, "https://"))
		ok = true;
	else if (starts_ci(s, n, i, "www.") && (i == 0 || !is_wordch((unsigned char) s[i - 1])))
		ok = true;
	else if (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(' || s[i - 1] == '<' || s[i - 1] == CUT)
	{
		/* host.tld/ without a scheme: "nvidia.com/blog/..." */
		size_t		lastdot = 0;

		for (k = i; k < n && (pith_ascii_is_alnum((unsigned char) s[k]) || s[k] == '-' || s[k] == '.'); k++)
			if (s[k] == '.')
				lastdot = k;
		if (lastdot > i && k < n && s[k] == '/' && in_list(s + lastdot + 1, k - lastdot - 1, tlds))
			ok = true;
	}
	if (!ok)
		return 0;
	e = i;
	while (e < n && s[e] != ' ' && s[e] != CUT && (unsigned char) s[e] < 0x80 &&
		   s[e] != '"' && s[e] != '<' && s[e] != '>')
		e++;
	e -= trim_trailing(s, i, e);
	if (e <= i + 4)
		return 0;
	if (!p->have_url)
	{
		memcpy(p->url, s + i, e - i);
		p->url[e - i] = '\0';
		p->have_url = true;
	}

	/* identifiers inside: arxiv.org/abs/ID, arxiv.org/pdf/ID(.pdf), doi.org/DOI */
	for (k = i; k + 4 < e; k++)
	{
		if (starts_ci(s, e, k, "arxiv.org/abs/") || starts_ci(s, e, k, "arxiv.org/pdf/"))
		{
			size_t		a = k + 14,
						shape = arxiv_shape(s, e, a);

			if (shape > 0)
				take_arxiv(p, s + a, shape);
			else
				note_malformed(p, i, e);
			break;
		}
		if (starts_ci(s, e, k, "doi.org/"))
		{
			size_t		a = k + 8,
						outlen,
						prefix_len;

			/* from "doi.org/" on: the URL form, whose %XX escapes are decoded */
			if (a < e && pith_doi_parse(s + k, e - k, p->scratch, &outlen, &prefix_len, NULL, 0) == PITH_DOI_OK)
				take_doi(p, outlen);
			else
				note_malformed(p, i, e);
			break;
		}
	}
	return e;
}

/*
 * Try an identifier at norm[i]: URL, DOI (also after "doi:"), arXiv id
 * (after "arXiv", "abs/", bare new style, bare old style).  Returns the end
 * of the span to cut out, or 0.
 */
static size_t
match_identifier(parser *p, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	unsigned char prev = i > 0 ? (unsigned char) s[i - 1] : ' ';
	bool		tokstart = !is_wordch(prev);
	size_t		e;

	if ((e = match_url(p, i)) > 0)
		return e;
	if (!tokstart)
		return 0;

	/* a DOI, bare or after "doi:" / "DOI" (doi.org URLs are handled above) */
	if (s[i] == '1' && (e = match_doi(p, i, i)) > 0)
		return e;
	if (starts_ci(s, n, i, "doi:") || starts_ci(s, n, i, "doi "))
	{
		size_t		k = i + 4,
					te;

		while (k < n && s[k] == ' ')
			k++;
		if (k < n && (e = match_doi(p, i, k)) > 0)
			return e;
		/* "doi: 10./x", "doi:xyz/123": identifier-looking junk */
		te = token_end(s, n, k);
		te -= trim_trailing(s, k, te);
		for (size_t j = k; j < te; j++)
			if (s[j] == '/' || pith_ascii_is_digit((unsigned char) s[j]))
			{
				note_malformed(p, i, te);
				return te;
			}
	}
	/* "10./x" and friends without a doi: prefix */
	if (s[i] == '1' && i + 2 < n && s[i + 1] == '0' && s[i + 2] == '.' &&
		!(i + 3 < n && pith_ascii_is_digit((unsigned char) s[i + 3])))
	{
		size_t		te = token_end(s, n, i);

		for (size_t j = i; j < te; j++)
			if (s[j] == '/')
			{
				te -= trim_trailing(s, i, te);
				note_malformed(p, i, te);
				return te;
			}
	}

	/* arXiv ids */
	if (starts_ci(s, n, i, "arxiv") && !(i + 5 < n && pith_ascii_is_alpha((unsigned char) s[i + 5]) &&
										 !starts_ci(s, n, i + 5, "v")))
	{
		if ((e = arxiv_after_prefix(p, i, i + 5)) > 0)
			return e;
	}
	if (starts_ci(s, n, i, "abs/") && (e = arxiv_after_prefix(p, i, i + 4)) > 0)
		return e;
	if (pith_ascii_is_digit((unsigned char) s[i]) && prev != ':' && prev != '.' && prev != '/' &&
		prev != '-' && prev != ',')
	{
		size_t		shape = arxiv_shape(s, n, i);

		if (shape > 0 && s[i + 4] == '.')
		{
			size_t		e2 = i + shape;

			if ((e2 >= n || !(is_wordch((unsigned char) s[e2]) || s[e2] == '/' ||
							  (s[e2] == '.' && e2 + 1 < n && pith_ascii_is_digit((unsigned char) s[e2 + 1])))) &&
				take_arxiv(p, s + i, shape))
				return e2;
		}
	}
	if (pith_ascii_is_lower((unsigned char) s[i]))
	{
		size_t		shape = arxiv_shape(s, n, i);

		if (shape > 0)
		{
			size_t		slash = i;

			while (s[slash] != '/' && s[slash] != '.')
				slash++;
			if (in_list(s + i, slash - i, old_archives) && take_arxiv(p, s + i, shape))
				return i + shape;
		}
	}
	return 0;
}

/* Build p->clean: p->norm with every identifier span replaced by CUT. */
static void
cut_identifiers(parser *p)
{
	size_t		i = 0,
				o = 0;

	while (i < p->nlen)
	{
		size_t		e = match_identifier(p, i);

		if (e > i)
		{
			p->clean[o++] = CUT;
			i = e;
			continue;
		}
		p->clean[o++] = p->norm[i++];
	}
	p->clean[o] = '\0';
	p->clen = o;
}

/* ---------------------------------------------------------------- year */

/* Value of the four digits at s[i], or -1 if they are not a plausible year. */
static int
year_at(const char *s, size_t n, size_t i)
{
	int			y;

	if (i + 4 > n)
		return -1;
	for (size_t k = i; k < i + 4; k++)
		if (!pith_ascii_is_digit((unsigned char) s[k]))
			return -1;
	y = (s[i] - '0') * 1000 + (s[i + 1] - '0') * 100 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');
	return (y >= 1800 && y <= 2039) ? y : -1;
}

/* Is one of the words (lower case) within the 30 bytes before s[i]? */
static bool
near_before(const char *s, size_t i, const char *const *words)
{
	size_t		from = i > 30 ? i - 30 : 0;

	for (size_t k = from; k < i; k++)
		for (const char *const *w = words; *w; w++)
			if (starts_ci(s, i, k, *w))
				return true;
	return false;
}

/* The publication year: best-scoring plausible four-digit number, 0 if none. */
static int
find_year(const parser *p)
{
	static const char *const access[] = {"accessed", "retrieved", "visited", "viewed", "cited", "updated", NULL};
	static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep",
	"oct", "nov", "dec", NULL};
	const char *s = p->clean;
	size_t		n = p->clen;
	int			best = 0,
				best_score = -1000;

	for (size_t i = 0; i + 4 <= n; i++)
	{
		int			y = year_at(s, n, i);
		int			score = 0;
		size_t		e = i + 4;
		unsigned char before = i > 0 ? (unsigned char) s[i - 1] : ' ';
		unsigned char after;

		if (y < 0 || is_wordch(before))
			continue;
		if (e < n && pith_ascii_is_lower((unsigned char) s[e]) &&
			!(e + 1 < n && is_wordch((unsigned char) s[e + 1])))
			e++;				/* 2019a */
		after = e < n ? (unsigned char) s[e] : ' ';
		if (is_wordch(after))
			continue;
		/* page ranges, volume:page, decimals */
		if (before == '.' || before == ':' || before == '/')
			continue;
		if ((after == '-' || after == '.' || after == ':' || after == '/') &&
			e + 1 < n && pith_ascii_is_digit((unsigned char) s[e + 1]))
			continue;
		if (e + 3 < n && (unsigned char) s[e] == 0xE2 && (unsigned char) s[e + 1] == 0x80 &&
			((unsigned char) s[e + 2] == 0x93 || (unsigned char) s[e + 2] == 0x94) &&
			pith_ascii_is_digit((unsigned char) s[e + 3]))
			continue;
		if (i >= 2 && before == '-' && pith_ascii_is_digit((unsigned char) s[i - 2]))
			continue;
		if (i >= 4 && (unsigned char) s[i - 3] == 0xE2 && (unsigned char) s[i - 2] == 0x80 &&
			((unsigned char) s[i - 1] == 0x93 || (unsigned char) s[i - 1] == 0x94) &&
			pith_ascii_is_digit((unsigned char) s[i - 4]))
			continue;
		if (i >= 4 && (starts_ci(s, n, i - 4, "pp. ") || starts_ci(s, n, i - 3, "pp ") ||
					   (i >= 6 && starts_ci(s, n, i - 6, "pages ")) || strncmp(s + i - 3, "p. ", 3) == 0))
			continue;
		/* volume(issue): "376(1829)" */
		if (before == '(' && i >= 2 && pith_ascii_is_digit((unsigned char) s[i - 2]))
			continue;

		if (before == '(' && (after == ')' || after == ',' || after == ';'))
			score += 3;
		if (after == ';')
			score += 2;
		if (after == ':' && e + 1 < n && s[e + 1] == ' ')
			score += 3;			/* AMS "2012: Title" */
		if (i >= 2 && s[i - 2] == '.' && before == ' ' && after == '.')
			score += 3;			/* ACM ". 2019." */
		{
			size_t		k = e;

			while (k < n && (s[k] == '.' || s[k] == ')' || s[k] == ' ' || s[k] == ']' || s[k] == ','))
				k++;
			if (k >= n)
				score += 2;		/* at the very end */
		}
		if (before == ' ' && i >= 2 && s[i - 2] == ',')
		{
			size_t		k = i - 2;

			score += 1;
			/* a page after a volume: "450, 1879" */
			if (k > 0 && pith_ascii_is_digit((unsigned char) s[k - 1]))
				score -= 3;
		}
		if (before == ' ' && i >= 2 && s[i - 2] == '.' && (after == ',' || after == ':'))
			score += 2;			/* AAS "A. 2015, MNRAS" */
		if (near_before(s, i, months))
			score += 1;
		if (near_before(s, i, access))
			score -= 6;
		if (score >= best_score)
		{
			best_score = score;
			best = y;
		}
	}
	return best;
}

/* --------------------------------------------------------- author lists */

/* Capitalised words that are title or venue words, hardly ever surnames. */
static const char *const title_words[] = {
	"the", "a", "an", "of", "for", "with", "via", "on", "in", "to", "from", "is", "are",
	"all", "by", "at", "using", "towards", "toward", "through", "into", "beyond",
	"without", "under", "over", "your", "you", "we", "our", "what", "how", "why",
	"when", "do", "does", "can", "not", "new", "deep", "learning", "neural", "network",
	"networks", "model", "models", "language", "large", "efficient", "fast", "scalable",
	"training", "data", "analysis", "system", "systems", "journal", "proceedings",
	"conference", "transactions", "intelligence", "machine", "computing", "computer",
	"science", "sciences", "research", "review", "letters", "robotics", "memory",
	"processing", "information", "vision", "recognition", "image", "based", "approach",
	"method", "methods", "study", "survey", "theory", "introduction", "report",
	"technical", "proc", "advances", "international", "workshop", "symposium", "annual",
	"press", "university", "springer", "physical", "society", "medicine", "clinical",
	"health", "cancer", "cell", "human", "generative", "reinforcement", "attention",
	"transformer", "transformers", "graph", "graphs", "optimization", "distributed",
	"parallel", "online", "available", "accessed", "retrieved", "software", "library",
	"framework", "quantum", "dynamics", "evolution", "effects", "effect", "role", "impact",
	"between", "against", "among", "and", "or", "its", "their", "this", "that", "these",
	"networking", "search", "algorithm", "algorithms", "detection", "classification",
	"prediction", "estimation", "control", "design", "management", "performance",
	"scale", "scaling", "structure", "properties", "equations", "functions", "matrix",
	"random", "linear", "nonlinear", "stochastic", "statistical", "statistics", "text",
	"speech", "visual", "video", "object", "semantic", "representation",
	"representations", "understanding", "generation", "inference", "towards", "world",
	"web", "internet", "cloud", "security", "privacy", "gpu", "gpus", "cpu", "storage",
	"engineering", "mathematics", "physics", "chemistry", "biology", "medical", "nature",
	"blog", "documentation", "preprint", "ieee", "acm", "usenix", "technology",
	"technologies", "applications", "application", "education", "economics", "policy",
	"phys", "rev", "lett", "chem", "sci", "soc", "appl", "mater", "prog", "rep", "conf",
	"ser", "jpn", "natl", "acad", "astron", "astrophys", "biol", "med", "res",
	"comput", "stat", "anal", "nucl", "instrum", "commun", "opt", "geophys", "atmos",
	"wea", "meteor", "ecol", "evol", "genet", "mol", "neurosci", "psychol", "econ", "mech",
	"fluid", "math", "int", "trans", "bull", "amer", "lancet", "genome", "plant",
	NULL
};

/* Connectors and name particles allowed inside an author list. */
static const char *const name_glue[] = {
	"and", "&", "et", "al", "al.", "others", "van", "von", "de", "der", "den", "del",
	"della", "di", "da", "du", "la", "le", "dos", "das", "do", "y", "bin", "ten", "ter",
	"zu", "st", NULL
};

/* Token kinds in an author list. */
typedef enum
{
	TOK_OTHER,					/* anything that cannot be part of a name list */
	TOK_NAME,					/* capitalised word */
	TOK_INITIAL,				/* "J.", "M.-W.", "LF" */
	TOK_GLUE					/* "and", "et al.", "van" */
} tok_kind;

/* Classify the len-byte token t (trailing ',' ';' already removed). */
static tok_kind
classify(const char *t, size_t len)
{
	size_t		k,
				upper = 0,
				alpha = 0;
	bool		all_initial_shape = true;

	if (len == 0)
		return TOK_GLUE;
	if (in_list(t, len, name_glue))
		return TOK_GLUE;
	if (len == 6 && t[0] == '(' && year_at(t, len, 1) >= 0 && t[5] == ')')
		return TOK_GLUE;		/* (2019) */
	if (len == 4 && year_at(t, len, 0) >= 0)
		return TOK_GLUE;
	/* initials: J. / J / LF / M.-W. / H-P / J.A. */
	for (k = 0; k < len; k++)
	{
		unsigned char c = (unsigned char) t[k];

		if (pith_ascii_is_upper(c))
			upper++;
		else if (c != '.' && c != '-')
			all_initial_shape = false;
	}
	if (all_initial_shape && upper >= 1 && upper <= 3)
		return TOK_INITIAL;
	/* one non-ASCII letter, optionally with a period: "Ł." */
	if ((unsigned char) t[0] >= 0xC0)
	{
		size_t		cl = (unsigned char) t[0] >= 0xF0 ? 4 : (unsigned char) t[0] >= 0xE0 ? 3 : 2;

		if (len == cl || (len == cl + 1 && t[cl] == '.'))
			return TOK_INITIAL;
	}
	if (!(pith_ascii_is_upper((unsigned char) t[0]) || (unsigned char) t[0] >= 0x80))
		return TOK_OTHER;
	for (k = 0; k < len; k++)
	{
		unsigned char c = (unsigned char) t[k];

		if (pith_ascii_is_alpha(c) || c >= 0x80)
			alpha++;
		else if (c != '-' && c != '\'' && !(c == '.' && k == len - 1))
			return TOK_OTHER;
	}
	if (alpha < 2)
		return TOK_OTHER;
	{
		size_t		l = len;

		if (t[l - 1] == '.')
			l--;
		if (in_list(t, l, title_words))
			return TOK_OTHER;
	}
	return TOK_NAME;
}

/*
 * Does s[a..b) read as a list of person names?  strict: needs a comma,
 * "and"/"&" or an initial; otherwise two or three bare names also count.
 */
static bool
author_like(const char *s, size_t a, size_t b, bool strict)
{
	size_t		i = a,
				names = 0,
				initials = 0,
				tokens = 0;
	bool		sep = false;

	while (i < b)
	{
		size_t		j,
					e;
		tok_kind	k;

		while (i < b && s[i] == ' ')
			i++;
		if (i >= b)
			break;
		j = i;
		while (j < b && s[j] != ' ' && s[j] != ',' && s[j] != ';')
			j++;
		e = j;
		if (e > i && s[e - 1] == '.' && !(e - i == 3 && starts_ci(s, b, i, "al.")))
		{
			/* "Toutanova." at the end of the list is a name */
		}
		k = classify(s + i, e - i);
		if (k == TOK_OTHER)
			return false;
		if (k == TOK_NAME)
			names++;
		else if (k == TOK_INITIAL)
			initials++;
		else if (e - i > 0 && (eq_ci(s + i, e - i, "and") || eq_ci(s + i, e - i, "&")))
			sep = true;
		tokens++;
		if (j < b && (s[j] == ',' || s[j] == ';'))
		{
			sep = true;
			j++;
		}
		i = j;
	}
	if (names == 0 && initials == 0)
		return false;
	if (names == 0 && initials > 0 && tokens == initials && tokens < 2)
		return false;
	if (sep || initials > 0)
		return true;
	return !strict && names >= 2 && names <= 3;
}

/* Start of the token that ends just before position e (exclusive). */
static size_t
token_start_before(const char *s, size_t e)
{
	while (e > 0 && s[e - 1] != ' ')
		e--;
	return e;
}

/* Is s[a..b) an initial token ("J", "J.", "LF", "M.-W.")? */
static bool
is_initial_tok(const char *s, size_t a, size_t b)
{
	while (b > a && (s[b - 1] == ',' || s[b - 1] == ';'))
		b--;
	return b > a && classify(s + a, b - a) == TOK_INITIAL;
}

/*
 * Does the ". " at s[p] close an author list (rather than follow an initial
 * inside it, as in "J. Devlin" or "Smith, J. A.")?
 */
static bool
author_boundary(const char *s, size_t n, size_t p)
{
	size_t		ws = token_start_before(s, p);
	size_t		t0 = p + 2,
				t1,
				q1,
				qs;

	if (p == ws)
		return false;
	if (!is_initial_tok(s, ws, p + 1))
		return (p - ws >= 2);	/* "Toutanova." or "al." */
	if (ws == 0 && p >= 2)
	{
		bool		acronym = true;

		for (size_t k = 0; k < p; k++)
			if (!pith_ascii_is_upper((unsigned char) s[k]))
				acronym = false;
		if (acronym)
			return true;		/* "UST. Title": an organisation, judged by the caller */
	}

	/* the token after */
	t1 = t0;
	while (t1 < n && s[t1] != ' ')
		t1++;
	if (t1 == t0)
		return false;
	if ((is_initial_tok(s, t0, t1) &&
		 !(t1 - t0 == 1 && t1 + 1 < n && s[t1] == ' ' && pith_ascii_is_lower((unsigned char) s[t1 + 1]))) ||
		eq_ci(s + t0, t1 - t0, "and") || eq_ci(s + t0, t1 - t0, "&") || eq_ci(s + t0, t1 - t0, "et"))
		return false;			/* "J. A. Smith", "J. and", but not "Smith A. A study" */
	if (s[t1 - 1] == ',' || s[t1 - 1] == '.' || s[t1 - 1] == ';')
		return false;
	if (t1 + 1 < n && (starts_ci(s, n, t1 + 1, "and ") || starts_ci(s, n, t1 + 1, "& ") ||
					   starts_ci(s, n, t1 + 1, "et al")))
		return false;

	/* the token before the run of initials */
	qs = ws;
	for (;;)
	{
		if (qs == 0)
			return false;		/* "J. Devlin" at the very start */
		q1 = qs - 1;			/* the space */
		qs = token_start_before(s, q1);
		if (!is_initial_tok(s, qs, q1) || s[q1 - 1] == ',')
			break;
	}
	if (eq_ci(s + qs, q1 - qs, "and") || eq_ci(s + qs, q1 - qs, "&"))
		return false;
	return true;
}

/* ---------------------------------------------------------------- title */

/* Is c at s[i] a title-closing period of a lost-space run "dnns.Advances"? */
static bool
runon_break(const char *s, size_t n, size_t i)
{
	unsigned char prev = i > 0 ? (unsigned char) s[i - 1] : ' ';

	if (i + 1 >= n)
		return false;
	if (!(pith_ascii_is_lower(prev) || prev == ')' || prev >= 0x80))
		return false;
	if (pith_ascii_is_upper((unsigned char) s[i + 1]))
		return true;
	return starts_ci(s, n, i + 1, "arxiv") || starts_ci(s, n, i + 1, "http") ||
		starts_ci(s, n, i + 1, "www.");
}

/* Abbreviations that end in a period inside a title. */
static const char *const abbrevs[] = {"vs", "e.g", "i.e", "etc", "dr", "mr", "mrs", "st", "no", "u.s", "cf", "approx", NULL};

/* Lower-case words that start a venue or locator rather than continue a title. */
static bool
lower_venue(const char *s, size_t n, size_t i)
{
	static const char *const w[] = {"arxiv", "pages", "pp", "biorxiv", "medrxiv", "in ", "in:",
	"elife", "npj", "iscience", "doi", "vol", "accessed", "retrieved", "available", "http", "www", NULL};

	for (const char *const *k = w; *k; k++)
		if (starts_ci(s, n, i, *k))
			return true;
	return false;
}

/* Does a subtitle (not a venue) start at s[i], after "Title? "? */
static bool
subtitle_follows(const char *s, size_t n, size_t i)
{
	size_t		e = i,
				words = 1;

	if (i >= n || !pith_ascii_is_upper((unsigned char) s[i]))
		return false;
	while (e < n && s[e] != CUT && !(s[e] == '.' && (e + 1 >= n || s[e + 1] == ' ' || s[e + 1] == CUT)))
	{
		if (s[e] == ' ')
			words++;
		e++;
	}
	if (words < 4 || lower_venue(s, n, i) || venue_line(s + i, e - i) || citation_line(s + i, e - i) ||
		access_line(s + i, e - i) || starts_ci(s, n, i, "journal") || starts_ci(s, n, i, "proceedings"))
		return false;
	return true;
}

/* End of the title that starts at s[a]. */
static size_t
title_end(const char *s, size_t n, size_t a)
{
	for (size_t i = a; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c == CUT)
			return i;
		if (c == '.')
		{
			size_t		ws = token_start_before(s, i);

			if (i + 1 >= n || s[i + 1] == CUT)
				return i;
			if (s[i + 1] == ' ')
			{
				if (in_list(s + ws, i - ws, abbrevs))
					continue;
				if (i - ws <= 4 && i + 2 < n && pith_ascii_is_lower((unsigned char) s[i + 2]) &&
					!lower_venue(s, n, i + 2))
					continue;	/* "C. elegans", "sect. petota", "d. persimilis" */
				if (i - a < 2)
					continue;
				return i;
			}
			if (runon_break(s, n, i))
				return i;
			continue;
		}
		if ((c == '?' || c == '!') && i + 1 < n && s[i + 1] == ' ' && i > a + 2)
		{
			if (subtitle_follows(s, n, i + 2))
				continue;
			return i + 1;
		}
		if (c == ',' && i + 1 < n &&
			(starts_ci(s, n, i + 1, " in proc") || starts_ci(s, n, i + 1, " in: ") ||
			 (starts_ci(s, n, i + 1, " in ") && i + 5 < n && pith_ascii_is_upper((unsigned char) s[i + 5])) ||
			 starts_ci(s, n, i + 1, " arxiv") || starts_ci(s, n, i + 1, " corr") ||
			 (i + 2 < n && s[i + 1] == CUT) || (i + 2 < n && s[i + 1] == ' ' && s[i + 2] == CUT)))
			return i;
		if (c == ' ' && starts_ci(s, n, i + 1, "in: ") && i > a)
			return i;
	}
	return n;
}

/* Copy s[a..b) into out as a cleaned-up title; returns its length. */
static size_t
polish_title(const char *s, size_t a, size_t b, char *out)
{
	size_t		o = 0;
	bool		changed = true;

	for (size_t i = a; i < b; i++)
	{
		char		c = s[i];

		if (c == '{' || c == '}' || c == CUT)
			continue;
		if (c == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = c;
	}
	while (changed && o > 0)
	{
		size_t		y;

		changed = false;
		/* trailing punctuation, quotes and spaces */
		while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == '.' || out[o - 1] == ',' ||
						 out[o - 1] == ';' || out[o - 1] == ':' || out[o - 1] == '"' ||
						 out[o - 1] == '\'' || out[o - 1] == '(' || out[o - 1] == '['))
		{
			o--;
			changed = true;
		}
		/* closing curly quotes ” ’ */
		if (o >= 3 && (unsigned char) out[o - 3] == 0xE2 && (unsigned char) out[o - 2] == 0x80 &&
			((unsigned char) out[o - 1] == 0x9D || (unsigned char) out[o - 1] == 0x99))
		{
			o -= 3;
			changed = true;
		}
		/* a trailing year: ", 2025", " (2019)" */
		y = o;
		if (y > 0 && out[y - 1] == ')')
			y--;
		if (y == o && y >= 5 && year_at(out, y, y - 4) >= 0 && (out[y - 5] == ' ' || out[y - 5] == ','))
		{
			size_t		k = y - 5;

			while (k > 0 && (out[k] == ' ' || out[k] == '(' || out[k] == ','))
				k--;
			if (k > 0 && (out[k + 1] == ',' || out[k + 1] == '(' || out[y - 5] == '(' || out[y - 5] == ','))
			{
				o = k + 1;
				changed = true;
			}
			else if (k > 0 && out[y - 5] == ' ' && (out[k] == ',' || out[k + 1] == ','))
			{
				o = k + 1;
				changed = true;
			}
		}
	}
	/* leading quotes and spaces */
	{
		size_t		k = 0;

		for (;;)
		{
			if (k < o && (out[k] == ' ' || out[k] == '"' || out[k] == '\'' || out[k] == '`'))
				k++;
			else if (k + 2 < o && (unsigned char) out[k] == 0xE2 && (unsigned char) out[k + 1] == 0x80 &&
					 ((unsigned char) out[k + 2] == 0x9C || (unsigned char) out[k + 2] == 0x98))
				k += 3;
			else
				break;
		}
		memmove(out, out + k, o - k);
		o -= k;
	}
	out[o] = '\0';
	return o;
}

/* Is an opening quote at s[i]?  Sets *qlen to its byte length. */
static bool
open_quote(const char *s, size_t n, size_t i, size_t *qlen)
{
	if (i + 2 < n && (unsigned char) s[i] == 0xE2 && (unsigned char) s[i + 1] == 0x80 &&
		(unsigned char) s[i + 2] == 0x9C)
	{
		*qlen = 3;
		return true;
	}
	if (s[i] == '"' && (i == 0 || s[i - 1] == ' ' || s[i - 1] == ','))
	{
		*qlen = 1;
		return true;
	}
	if (i + 1 < n && s[i] == '`' && s[i + 1] == '`')
	{
		*qlen = 2;
		return true;
	}
	return false;
}

/* Find a quoted title "..." after an author list; sets [*a, *b). */
static bool
quoted_title(const char *s, size_t n, size_t *a, size_t *b)
{
	for (size_t i = 0; i < n; i++)
	{
		size_t		ql,
					k,
					pe;

		if (!open_quote(s, n, i, &ql))
			continue;
		/* what comes before must be (empty or) an author list */
		pe = i;
		while (pe > 0 && (s[pe - 1] == ' ' || s[pe - 1] == ',' || s[pe - 1] == '.' || s[pe - 1] == ':'))
			pe--;
		if (pe > 0 && !author_like(s, 0, pe, false))
			return false;
		for (k = i + ql; k < n; k++)
		{
			if (s[k] == CUT)
				break;
			if ((k + 2 < n && (unsigned char) s[k] == 0xE2 && (unsigned char) s[k + 1] == 0x80 &&
				 (unsigned char) s[k + 2] == 0x9D) ||
				(ql == 1 && s[k] == '"') || (ql == 2 && k + 1 < n && s[k] == '\'' && s[k + 1] == '\''))
			{
				bool		space = false;

				for (size_t j = i + ql; j < k; j++)
					if (s[j] == ' ')
						space = true;
				if (!space || k - (i + ql) < 8)
					return false;
				*a = i + ql;
				*b = k;
				return true;
			}
		}
		return false;
	}
	return false;
}

/* Is s[0..p) one capitalised word, optionally followed by ". " ("Veritasium. (2016)")? */
static bool
organisation_name(const char *s, size_t p)
{
	size_t		e = p;

	while (e > 0 && (s[e - 1] == ' ' || s[e - 1] == '.'))
		e--;
	if (e == 0)
		return false;
	for (size_t k = 0; k < e; k++)
		if (s[k] == ' ')
			return false;
	return classify(s, e) == TOK_NAME;
}

/*
 * Is s[0..p) (closed by ". " at p) a corporate author ("Anthropic.",
 * "DeepSeek-AI.") followed by a real title sentence?  One or two name-like
 * words, and the next sentence has at least three words and is no venue.
 */
static bool
organisation(const char *s, size_t n, size_t p)
{
	size_t		i = 0,
				words = 0,
				k,
				q;

	while (i < p)
	{
		size_t		j = i;
		tok_kind	kind;

		while (j < p && s[j] != ' ')
			j++;
		kind = classify(s + i, j - i);
		if (kind != TOK_NAME && !(kind == TOK_INITIAL && j - i >= 2 && s[j - 1] != '.'))
			return false;
		words++;
		i = j + 1;
	}
	if (words == 0 || words > 2)
		return false;
	/* the next sentence */
	k = p + 2;
	for (q = k, words = 1; q < n && s[q] != CUT && !(s[q] == '.' && (q + 1 >= n || s[q + 1] == ' ')); q++)
		if (s[q] == ' ')
			words++;
	if (words < 3 || starts_ci(s, n, k, "in ") || starts_ci(s, n, k, "in:") ||
		starts_ci(s, n, k, "arxiv") || starts_ci(s, n, k, "corr") || starts_ci(s, n, k, "preprint") ||
		starts_ci(s, n, k, "technical report") || starts_ci(s, n, k, "journal") ||
		starts_ci(s, n, k, "available") || starts_ci(s, n, k, "[online]") ||
		starts_ci(s, n, k, "accessed") || starts_ci(s, n, k, "retrieved"))
		return false;
	return true;
}

/*
 * Physics (REVTeX) style "E. Witten, Title, Journal 2 (1998) 253": the
 * start of the first comma-separated segment after a run of name segments,
 * with *end set to the comma closing it; 0 when the text is not so.
 */
static size_t
comma_style(const char *s, size_t n, size_t *end, bool *venue)
{
	size_t		a = 0,
				segs = 0;

	while (a < n)
	{
		size_t		b = a;

		while (b < n && s[b] != ',' && s[b] != CUT)
			b++;
		if (!author_like(s, a, b, false) || b - a > 60)
		{
			if (segs == 0)
				return 0;
			if (citation_line(s + a, n - a))
			{
				*venue = true;
				return 0;
			}
			if (b >= n || s[b] != ',')
				return 0;
			*end = b;
			return a;
		}
		segs++;
		if (b >= n || s[b] != ',')
			return 0;
		a = b + 1;
		while (a < n && s[a] == ' ')
			a++;
	}
	return 0;
}

/*
 * Where the title starts: after the author list, found by style anchors;
 * 0 when the text seems to begin with the title itself.
 */
static size_t
title_start(const char *s, size_t n)
{
	size_t		i;

	/* APA / Springer journals: "Authors (2019). Title" / "Authors (2019) Title" */
	for (i = 0; i + 6 <= n; i++)
	{
		size_t		e = 0;

		if (s[i] != '(')
			continue;
		if (year_at(s, n, i + 1) >= 0)
		{
			e = i + 5;
			if (e < n && pith_ascii_is_lower((unsigned char) s[e]))
				e++;
			if (e < n && s[e] == ',')
			{
				size_t		k = e;

				while (k < n && k < e + 20 && s[k] != ')' && s[k] != '(' && s[k] != CUT)
					k++;
				e = k;
			}
			if (!(e < n && s[e] == ')'))
				continue;
			e++;
		}
		else if (starts_ci(s, n, i, "(n.d.)"))
			e = i + 6;
		else
			continue;
		if (i > 0 && (author_like(s, 0, i, false) || organisation_name(s, i)))
		{
			while (e < n && (s[e] == '.' || s[e] == ' ' || s[e] == ':' || s[e] == ','))
				e++;
			return e;
		}
		break;
	}
	/* ACM: "Authors. 2019. Title" */
	for (i = 0; i + 8 <= n; i++)
	{
		size_t		e;

		if (!(s[i] == '.' && s[i + 1] == ' ' && year_at(s, n, i + 2) >= 0))
			continue;
		e = i + 6;
		if (e < n && pith_ascii_is_lower((unsigned char) s[e]))
			e++;
		if (!(e + 1 < n && s[e] == '.' && s[e + 1] == ' '))
			continue;
		if (author_like(s, 0, i, false))
			return e + 2;
		break;
	}
	/* AMS and other geoscience journals: "Surname, I., and I. Surname, 2012: Title" */
	for (i = 2; i + 7 <= n; i++)
	{
		if (!((s[i - 1] == ' ') && year_at(s, n, i) >= 0 && s[i + 4] == ':' && s[i + 5] == ' '))
			continue;
		if (author_like(s, 0, i - 1, false))
			return i + 6;
		break;
	}
	/* Springer LNCS: "Surname, I., Surname, I.: Title" */
	for (i = 1; i + 2 < n; i++)
	{
		size_t		ws;

		if (!(s[i] == ':' && s[i + 1] == ' ' && s[i - 1] == '.'))
			continue;
		ws = token_start_before(s, i);
		if ((is_initial_tok(s, ws, i) || eq_ci(s + ws, i - ws, "al.") || eq_ci(s + ws, i - ws, "(eds.)") ||
			 eq_ci(s + ws, i - ws, "(ed.)")) && author_like(s, 0, i, false))
			return i + 2;
		break;
	}
	/* natbib, Vancouver, Nature: the first ". " that closes a name list */
	for (i = 1; i + 2 < n; i++)
	{
		if (s[i] == CUT)
			break;
		if (!(s[i] == '.' && s[i + 1] == ' '))
			continue;
		if (!author_boundary(s, n, i))
			continue;
		if (author_like(s, 0, i, false) || organisation(s, n, i))
			return i + 2;
		break;
	}
	return 0;
}

/* Does the title candidate t read as a venue line rather than a title? */
static bool
venue_line(const char *t, size_t n)
{
	static const char *const starts[] = {
		"proceedings", "proc.", "proc ", "advances in", "journal of", "transactions on",
		"ieee trans", "acm trans", "international conference", "conference on",
		"workshop on", "symposium on", "in: ", NULL
	};
	static const char *const after_in[] = {
		"proc", "advances", "international", "annual", "ieee", "acm", "usenix",
		"conference", "workshop", "symposium", "european", "findings", "the ", "journal",
		"neurips", "nips", "icml", "iclr", "cvpr", "iccv", "eccv", "acl", "emnlp", "naacl",
		"aaai", "ijcai", "kdd", "sigmod", "vldb", "osdi", "sosp", "nsdi", "asplos", "isca",
		"micro", "hpca", "eurosys", "atc", "fast", "sc", NULL
	};

	for (const char *const *w = starts; *w; w++)
		if (starts_ci(t, n, 0, *w))
			return true;
	if (n > 2 && t[0] == 'I' && t[1] == 'n')
	{
		if (pith_ascii_is_digit((unsigned char) t[2]))
			return true;		/* "In19th USENIX Conference" */
		if (t[2] == ' ')
		{
			for (const char *const *w = after_in; *w; w++)
				if (starts_ci(t, n, 3, *w) &&
					(n == 3 + strlen(*w) || !pith_ascii_is_alpha((unsigned char) t[3 + strlen(*w)]) ||
					 (*w)[strlen(*w) - 1] == ' '))
					return true;
			if (n > 3 && pith_ascii_is_digit((unsigned char) t[3]))
				return true;
		}
	}
	return false;
}

/*
 * Does t read as a journal citation rather than a title ("Phys. Rev. 181,
 * 920 (1969)", "2013, ApJ, 763, 25")?  At least two number tokens, no
 * lower-case word, and numbers or abbreviations make up half the words.
 */
static bool
citation_line(const char *t, size_t n)
{
	size_t		i = 0,
				numbers = 0,
				abbrev = 0,
				words = 0;

	while (i < n)
	{
		size_t		j,
					a,
					b;
		bool		num = true;

		while (i < n && (t[i] == ' ' || t[i] == ',' || t[i] == CUT))
			i++;
		if (i >= n)
			break;
		j = i;
		while (j < n && t[j] != ' ' && t[j] != ',' && t[j] != CUT)
			j++;
		a = i;
		b = j;
		while (a < b && (t[a] == '(' || t[a] == '['))
			a++;
		while (b > a && (t[b - 1] == ')' || t[b - 1] == ']' || t[b - 1] == '.' || t[b - 1] == ';' || t[b - 1] == ':'))
			b--;
		words++;
		if (a < b && pith_ascii_is_lower((unsigned char) t[a]) && b - a >= 2)
		{
			bool		letters = true;

			for (size_t k = a; k < b; k++)
				if (!pith_ascii_is_alpha((unsigned char) t[k]))
					letters = false;
			if (letters)
				return false;	/* a lower-case word: prose */
		}
		/* a number: digits only ("181", "(1969)", "436-444"), or 3+ digits ("s246") */
		{
			size_t		digits = 0;

			for (size_t k = a; k < b; k++)
			{
				if (pith_ascii_is_digit((unsigned char) t[k]))
					digits++;
				else if (t[k] != '-' && (unsigned char) t[k] < 0x80)
					num = false;
			}
			if (digits >= 3)
				num = true;
			else if (digits == 0)
				num = false;
		}
		if (a < b && num)
			numbers++;
		else if (j > i && t[j - 1] == '.' && j - i <= 7 && pith_ascii_is_upper((unsigned char) t[i]))
			abbrev++;
		i = j;
	}
	return words >= 3 && numbers >= 2 && 2 * (numbers + abbrev) >= words;
}

/* Does the text read as an access date ("Accessed: 2024-12")? */
static bool
access_line(const char *t, size_t n)
{
	static const char *const starts[] = {
		"accessed", "last accessed", "retrieved", "visited", "viewed", "cited",
		"available at", "available from", "available:", "available online", "[online]",
		"online:", "date accessed", NULL
	};

	for (const char *const *w = starts; *w; w++)
		if (starts_ci(t, n, 0, *w))
			return true;
	return false;
}

/* Does t hold no letter at all? */
static bool
no_letters(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		/* general punctuation (dashes, quotes) U+2000..U+206F is no letter */
		if ((unsigned char) t[i] == 0xE2 && i + 2 < n &&
			((unsigned char) t[i + 1] == 0x80 || (unsigned char) t[i + 1] == 0x81))
		{
			i += 2;
			continue;
		}
		if (pith_ascii_is_alpha((unsigned char) t[i]) || (unsigned char) t[i] >= 0x80)
			return false;
	}
	return true;
}

/* ----------------------------------------------------------------- api */

/* Bytes of workspace pith_reference_parse needs for an input of len bytes. */
size_t
pith_reference_workspace(size_t len)
{
	if (len > PITH_REF_MAX_INPUT)
		len = 0;
	/* norm, clean, title, url, malformed, DOI, DOI scratch, arXiv id */
	return 7 * (len + 1) + PITH_ARXIV_CANON_MAX + 16;
}

/* Parse one raw reference; see reference_parse.h. */
void
pith_reference_parse(const char *in, size_t len, char *work, pith_parsed_ref *out)
{
	parser		p;
	size_t		cap,
				ta = 0,
				tb = 0,
				tlen;
	bool		quoted,
				venue = false;

	memset(out, 0, sizeof(*out));
	if (len > PITH_REF_MAX_INPUT)
	{
		out->quality = PITH_REF_TOO_LONG;
		return;
	}
	cap = len + 1;
	memset(&p, 0, sizeof(p));
	p.norm = work;
	p.clean = work + cap;
	p.title = work + 2 * cap;
	p.url = work + 3 * cap;
	p.malformed = work + 4 * cap;
	p.doi = work + 5 * cap;
	p.scratch = work + 6 * cap;
	p.arxiv = work + 7 * cap;

	p.nlen = repair((const unsigned char *) (in ? in : ""), in ? len : 0, p.norm);
	cut_identifiers(&p);

	out->year = find_year(&p);
	if (p.have_arxiv)
		out->arxiv_id = p.arxiv;
	if (p.have_doi)
		out->doi = p.doi;
	if (p.have_url)
		out->url = p.url;
	if (p.have_malformed)
		out->malformed = p.malformed;

	quoted = quoted_title(p.clean, p.clen, &ta, &tb);
	if (!quoted)
	{
		ta = title_start(p.clean, p.clen);
		tb = title_end(p.clean, p.clen, ta);
		if (ta == 0)
		{
			size_t		ce,
						cs = comma_style(p.clean, p.clen, &ce, &venue);

			if (cs > 0)
			{
				size_t		te = title_end(p.clean, p.clen, cs);

				ta = cs;
				tb = te < ce ? te : ce;
			}
		}
	}
	tlen = polish_title(p.clean, ta, tb, p.title);

	if (no_letters(p.clean, p.clen) && !p.have_url && !p.have_doi && !p.have_arxiv && !p.have_malformed)
		out->quality = PITH_REF_EMPTY;
	else if (tlen > 0 && access_line(p.title, tlen))
		out->quality = PITH_REF_ACCESS_DATE;
	else if (tlen == 0 || no_letters(p.title, tlen) ||
			 eq_ci(p.title, tlen, "arxiv") || eq_ci(p.title, tlen, "arxiv preprint") ||
			 eq_ci(p.title, tlen, "preprint") || eq_ci(p.title, tlen, "corr") ||
			 eq_ci(p.title, tlen, "arxiv e-prints") || eq_ci(p.title, tlen, "doi"))
		out->quality = (p.have_doi || p.have_arxiv) ? PITH_REF_IDENTIFIER_ONLY
			: p.have_url ? PITH_REF_BARE_URL
			: p.have_malformed ? PITH_REF_IDENTIFIER_ONLY : PITH_REF_EMPTY;
	else if (!quoted && (venue || venue_line(p.title, tlen) || citation_line(p.title, tlen) ||
						 (ta > 0 && citation_line(p.clean + ta, p.clen - ta))))
		out->quality = PITH_REF_VENUE_ONLY;
	else if (!quoted && ta == 0 && author_like(p.title, 0, tlen, true))
		out->quality = PITH_REF_AUTHOR_LIST;
	else
		out->quality = PITH_REF_OK;

	if (out->quality == PITH_REF_OK)
		out->title = p.title;
}

/* The SQL name of a quality. */
const char *
pith_reference_quality_name(pith_ref_quality q)
{
	switch (q)
	{
		case PITH_REF_OK:
			return "ok";
		case PITH_REF_EMPTY:
			return "empty";
		case PITH_REF_AUTHOR_LIST:
			return "author_list";
		case PITH_REF_ACCESS_DATE:
			return "access_date";
		case PITH_REF_BARE_URL:
			return "bare_url";
		case PITH_REF_VENUE_ONLY:
			return "venue_only";
		case PITH_REF_IDENTIFIER_ONLY:
			return "identifier_only";
		case PITH_REF_TOO_LONG:
			return "too_long";
	}
	return "ok";
}
