/*
 * ref_identifiers.c -- rule-based identifiers in a repaired reference
 * string: URLs, DOIs (bare, "doi:", "DOI: http://dx.doi.org/...", doi.org
 * URLs with percent-encoding) and arXiv ids (prefixed, in arxiv.org URLs,
 * bare new style, bare old style).  Every candidate is validated by the
 * identifier cores (pith_arxiv_parse, pith_doi_parse); a candidate that has
 * the shape of an identifier but fails validation is reported as malformed,
 * never as an identifier.  The spans found are handed to the tokenizer,
 * which makes each one a single token, so no year or title can be read out
 * of an identifier.
 */
#include "ref_identifiers.h"
#include "ascii.h"

#include <stdbool.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"

/* Letter, digit, or part of a non-ASCII character (treated as a letter). */
static bool
is_wordch(unsigned char c)
{
	return pith_ascii_is_alnum(c) || c >= 0x80;
}

/* Is the len-byte token t one of the NULL-terminated list of words? */
static bool
in_list(const char *t, size_t len, const char *const *list)
{
	for (; *list; list++)
		if (pith_ascii_eq_ci(t, len, *list))
			return true;
	return false;
}

/* Workspace bytes for the identifier buffers of an n-byte text. */
size_t
pith_ref_ids_workspace(size_t n)
{
	/* url, malformed, doi, doi scratch, percent-decoded DOI, arXiv id */
	return 5 * (n + 1) + PITH_ARXIV_CANON_MAX + 16;
}

/* --------------------------------------------------------- identifiers */

/* Record the first malformed identifier text s[a..b). */
static void
note_malformed(pith_ref_ids *p, size_t a, size_t b)
{
	p->last_kind = PITH_REF_ID_MALFORMED;
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
take_arxiv(pith_ref_ids *p, const char *s, size_t len)
{
	pith_arxiv_id id;

	if (len == 0 || len > PITH_ARXIV_INPUT_MAX || !pith_arxiv_parse(s, len, &id, NULL, 0))
		return false;
	p->last_kind = PITH_REF_ID_ARXIV;
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
	while (i < n && s[i] != ' ')
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
 * Does an identifier read up to s[k] end there?  Not when a letter, digit,
 * slash or ".digit" follows ("1112.51667", "1112.5166.3", "hep-th/97112003").
 */
static bool
id_ends_at(const char *s, size_t n, size_t k)
{
	return !(k < n && (is_wordch((unsigned char) s[k]) || s[k] == '/' ||
					   (s[k] == '.' && k + 1 < n && pith_ascii_is_digit((unsigned char) s[k + 1]))));
}

/*
 * The end of an arXiv id gathered into buf (o of cap bytes) from the text
 * up to s[k]: an optional version "v2" is copied, the id must end there
 * and pass pith_arxiv_parse.  Returns the end in s, or 0.
 */
static size_t
finish_arxiv(pith_ref_ids *p, char *buf, size_t o, size_t cap, size_t k)
{
	const char *s = p->norm;
	size_t		n = p->nlen;

	if (k + 1 < n && (s[k] == 'v' || s[k] == 'V') && pith_ascii_is_digit((unsigned char) s[k + 1]))
	{
		buf[o++] = s[k++];
		while (k < n && pith_ascii_is_digit((unsigned char) s[k]) && o < cap - 1)
			buf[o++] = s[k++];
	}
	if (!id_ends_at(s, n, k))
		return 0;
	return take_arxiv(p, buf, o) ? k : 0;
}

/*
 * A new-style arXiv id printed with spaces inside by text extraction, at
 * s[i..n): "1112 .5166", "1108 . 6027", "1402. 1517".  The spaces are
 * dropped and the result must pass pith_arxiv_parse.  Without a prefix
 * ("arXiv", "Preprint") only a space before the period is read, so that
 * no id is read into ordinary numbers.  Returns the end of the id in s, or
 * 0; never notes anything as malformed.
 */
static size_t
spaced_arxiv(pith_ref_ids *p, size_t i, bool prefixed)
{
	const char *s = p->norm;
	size_t		n = p->nlen,
				k = i,
				o = 0,
				d;
	bool		before = false,
				after = false;
	char		buf[40];

	for (d = 0; k < n && pith_ascii_is_digit((unsigned char) s[k]) && d < 5; k++, d++)
		buf[o++] = s[k];
	if (d != 4)
		return 0;
	if (k < n && s[k] == ' ')
	{
		before = true;
		k++;
	}
	if (k >= n || s[k] != '.')
		return 0;
	buf[o++] = s[k++];
	if (k < n && s[k] == ' ')
	{
		after = true;
		k++;
	}
	if (!before && !after)
		return 0;
	if (!prefixed && (after || !before))
		return 0;
	for (d = 0; k < n && pith_ascii_is_digit((unsigned char) s[k]) && d < 6; k++, d++)
		buf[o++] = s[k];
	if (d != 4 && d != 5)
		return 0;
	return finish_arxiv(p, buf, o, sizeof(buf), k);
}

/*
 * An old-style arXiv id at s[k..n), as printed or as text extraction
 * damages it: "hep-th/9711200", "math.KT/0407054", "hep -ph/0508110",
 * "hep-lat / 0303003", "math/ 0407078", and "hepph/9905221" (the hyphen
 * lost: the letters must spell exactly one known archive with it).  After
 * a prefix also a new-style id behind its archive: "astro-ph/0710.3063",
 * "cs.LG/1301.0604" (the archive is dropped).  The archive must be a known
 * one and the id must pass pith_arxiv_parse.  Returns the end of the id in
 * s, or 0; never notes anything as malformed.
 */
static size_t
archive_arxiv(pith_ref_ids *p, size_t k, bool prefixed)
{
	const char *s = p->norm;
	size_t		n = p->nlen,
				a = k,
				o = 0,
				d;
	bool		hyphen = false;
	char		buf[48];

	while (k < n && pith_ascii_is_lower((unsigned char) s[k]) && k - a < 8)
		buf[o++] = s[k++];
	if (k == a || (k < n && pith_ascii_is_lower((unsigned char) s[k])))
		return 0;
	if (k + 1 < n && (s[k] == '-' || (s[k] == ' ' && s[k + 1] == '-')))
	{
		size_t		b;

		k += s[k] == ' ' ? 2 : 1;
		if (k < n && s[k] == ' ')
			k++;
		buf[o++] = '-';
		b = k;
		while (k < n && pith_ascii_is_lower((unsigned char) s[k]) && k - b < 8)
			buf[o++] = s[k++];
		if (k == b)
			return 0;
		hyphen = true;
	}
	if (!pith_arxiv_is_old_archive(buf, o))
	{
		char		cand[24],
					found[24];
		int			nfound = 0;

		if (hyphen || o + 1 >= sizeof(cand))
			return 0;
		for (size_t h = 1; h < o; h++)
		{
			memcpy(cand, buf, h);
			cand[h] = '-';
			memcpy(cand + h + 1, buf + h, o - h);
			if (pith_arxiv_is_old_archive(cand, o + 1))
			{
				memcpy(found, cand, o + 1);
				nfound++;
			}
		}
		if (nfound != 1)
			return 0;
		memcpy(buf, found, ++o);
	}
	/* a subject class, "math.KT" (pith_arxiv_parse drops it) */
	if (k + 2 < n && s[k] == '.' && pith_ascii_is_upper((unsigned char) s[k + 1]) &&
		pith_ascii_is_upper((unsigned char) s[k + 2]))
	{
		memcpy(buf + o, s + k, 3);
		o += 3;
		k += 3;
	}
	if (k < n && s[k] == ' ')
		k++;
	if (k >= n || s[k] != '/')
		return 0;
	k++;
	if (k < n && s[k] == ' ')
		k++;
	if (k + 4 < n && s[k + 4] == '.')
	{
		size_t		shape = arxiv_shape(s, n, k);

		if (!prefixed || shape == 0 || !id_ends_at(s, n, k + shape))
			return 0;
		return take_arxiv(p, s + k, shape) ? k + shape : 0;
	}
	buf[o++] = '/';
	for (d = 0; k < n && pith_ascii_is_digit((unsigned char) s[k]) && d < 8; k++, d++)
		buf[o++] = s[k];
	if (d != 7)
		return 0;
	return finish_arxiv(p, buf, o, sizeof(buf), k);
}

/* Skip the ":" after an arXiv prefix, with text extraction's spaces: "arXiv :ID", "arXiv : ID". */
static size_t
skip_prefix_colon(const char *s, size_t n, size_t k)
{
	if (k + 1 < n && s[k] == ' ' && s[k + 1] == ':')
		k++;
	if (k < n && s[k] == ':')
		k++;
	if (k < n && s[k] == ' ')
		k++;
	return k;
}

/*
 * A valid arXiv id, in any form read after a prefix, at s[k..n) after the
 * prefix's colon; nothing else (no malformed note).  For prefixes that also
 * precede other things: "Preprint 1505. 03756", "arXiv preprint :1708 . 02952".
 */
static size_t
valid_arxiv_after(pith_ref_ids *p, size_t k)
{
	const char *s = p->norm;
	size_t		n = p->nlen,
				shape,
				e;

	k = skip_prefix_colon(s, n, k);
	if (k >= n)
		return 0;
	if (pith_ascii_is_lower((unsigned char) s[k]))
		return archive_arxiv(p, k, true);
	if (!pith_ascii_is_digit((unsigned char) s[k]))
		return 0;
	shape = arxiv_shape(s, n, k);
	e = k + shape;
	if (shape > 0 && (id_ends_at(s, n, e) || (s[e] == '.' && e + 1 < n && pith_ascii_is_alpha((unsigned char) s[e + 1]))))
		return take_arxiv(p, s + k, shape) ? e : 0;
	return spaced_arxiv(p, k, true);
}

/*
 * An arXiv id after "arXiv", "arXiv:" or "abs/" at s[i..n) (i is just past
 * the prefix).  Valid: stored, returns the end.  Id-shaped but invalid:
 * noted as malformed (from mstart), returns the end.  Otherwise 0.
 */
static size_t
arxiv_after_prefix(pith_ref_ids *p, size_t mstart, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		k = i,
				shape,
				tend;

	/* "arXiv preprint :1708 . 02952", "arXiv e-print 1601.04809": a word between */
	if (k + 9 <= n && s[k] == ' ' && pith_ascii_at_ci(s, n, k + 1, "preprint"))
		return valid_arxiv_after(p, k + 9);
	if (k + 8 <= n && s[k] == ' ' && pith_ascii_at_ci(s, n, k + 1, "e-print"))
		return valid_arxiv_after(p, k + 8 + (k + 8 < n && (s[k + 8] == 's' || s[k + 8] == 'S')));
	/* "arXiv.org:ID", text extraction's "arXiv .org:ID"; "arxiv.org/abs/ID" outside a URL */
	if (k + 5 < n && s[k] == ' ' && s[k + 1] == '.' && pith_ascii_at_ci(s, n, k + 2, "org") && s[k + 5] == ':')
		k += 5;
	else if (k + 4 < n && s[k] == '.' && pith_ascii_at_ci(s, n, k + 1, "org") && s[k + 4] == ':')
		k += 4;
	else if (pith_ascii_at_ci(s, n, k, ".org/abs/") || pith_ascii_at_ci(s, n, k, ".org/pdf/"))
		k += 9;
	k = skip_prefix_colon(s, n, k);
	if (k >= n || !(pith_ascii_is_digit((unsigned char) s[k]) || pith_ascii_is_lower((unsigned char) s[k])))
		return 0;
	if (pith_ascii_is_lower((unsigned char) s[k]) && (shape = archive_arxiv(p, k, true)) > 0)
		return shape;
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
	/* spaces inside: "arXiv :1108 .6027" */
	if ((shape = spaced_arxiv(p, k, true)) > 0)
		return shape;
	/* digits that do not even have the shape: "arXiv:12345" */
	if (pith_ascii_is_digit((unsigned char) s[k]))
	{
		note_malformed(p, mstart, tend);
		return tend;
	}
	return 0;
}


/*
 * Keep the DOI validated into p->scratch (outlen bytes) if it is the first;
 * an arXiv DOI (10.48550/arXiv.ID) also names an arXiv id.
 */
static void
take_doi(pith_ref_ids *p, size_t outlen)
{
	if (outlen > 15 && strncmp(p->scratch, "10.48550/arxiv.", 15) == 0)
		take_arxiv(p, p->scratch + 15, outlen - 15);
	p->last_kind = PITH_REF_ID_DOI;
	if (p->have_doi)
		return;
	memcpy(p->doi, p->scratch, outlen);
	p->doi[outlen] = '\0';
	p->have_doi = true;
}

/* Is s[a..a+4) within e a year 19xx or 20xx? */
static bool
year_at(const char *s, size_t a, size_t e)
{
	if (a + 4 > e || !((s[a] == '1' && s[a + 1] == '9') || (s[a] == '2' && s[a + 1] == '0')))
		return false;
	return pith_ascii_is_digit((unsigned char) s[a + 2]) && pith_ascii_is_digit((unsigned char) s[a + 3]);
}

/* Is s[a..e) only sentence punctuation (or empty)? */
static bool
only_punct(const char *s, size_t a, size_t e)
{
	for (; a < e; a++)
		if (s[a] != '.' && s[a] != ',' && s[a] != ';' && s[a] != ':')
			return false;
	return true;
}

/*
 * End of a DOI whose suffix starts after the slash at s[slash], the token
 * ending at e: a run-on tail is cut -- ",436-444", ".Accessed", ".In",
 * ".URL", ".PMID:123", "[doi]", an unbalanced "[arXiv" or "(in", a glued
 * "for" or "Epub", a glued year "(2019)" or item mark ".(a)".
 */
static size_t
doi_tail_cut(const char *s, size_t slash, size_t e)
{
	size_t		cut;

	for (cut = slash + 1; cut < e; cut++)
	{
		if (s[cut] == ',')
			break;
		if (s[cut] == '[')
		{
			size_t		j = cut + 1;

			while (j < e && s[j] != ']')
				j++;
			/* "[doi]", "[pii]" or no closing bracket at all */
			if (j >= e)
				break;
			{
				bool		letters = j > cut + 1;

				for (size_t q = cut + 1; q < j; q++)
					if (!pith_ascii_is_alpha((unsigned char) s[q]))
						letters = false;
				if (letters)
					break;
			}
		}
		if (s[cut] == '(' && cut > slash + 1)
		{
			size_t		j = cut + 1;
			int			depth = 1;

			for (; j < e && depth > 0; j++)
				depth += (s[j] == '(') - (s[j] == ')');
			/*
			 * "...453j(2019).", "...8b02408(2018.", ".(a) 2012", "(in
			 * korean": not the DOI's own; an SICI-like DOI's own
			 * "110:5(794" or "(1984)" stays
			 */
			if ((depth > 0 && pith_ascii_is_alpha((unsigned char) s[cut + 1])) ||
				(year_at(s, cut + 1, e) && (j == cut + 6 || depth > 0) && only_punct(s, cut + 5 + (depth == 0), e) &&
				 !memchr(s + slash, ':', cut - slash)) ||
				(j == cut + 3 && depth == 0 && only_punct(s, j, e) && s[cut - 1] == '.' &&
				 pith_ascii_is_alpha((unsigned char) s[cut + 1])))
				break;
		}
		if (s[cut] == '.' && cut + 2 < e && pith_ascii_is_digit((unsigned char) s[cut - 1]) &&
			pith_ascii_is_upper((unsigned char) s[cut + 1]) && pith_ascii_is_lower((unsigned char) s[cut + 2]))
			break;
		/* a word glued on after a period: "...2054552.URL http://", ".PMID:20847271" */
		if (s[cut] == '.' && cut + 2 < e && pith_ascii_is_digit((unsigned char) s[cut - 1]) &&
			pith_ascii_is_upper((unsigned char) s[cut + 1]))
		{
			size_t		j = cut + 1;

			while (j < e && pith_ascii_is_alpha((unsigned char) s[j]))
				j++;
			if ((j == e || s[j] == ':') && j - cut > 2)
				break;
		}
		/* a note glued on by a lost space: "...02.013Epub 2011 Mar 4", "...013Accessed 1 May" */
		if (pith_ascii_is_digit((unsigned char) s[cut - 1]) && pith_ascii_is_upper((unsigned char) s[cut]))
		{
			static const char *const notes[] = {"Epub", "Accessed", "Available", "Retrieved", "Published", "PMID",
			"PMCID", "Cited", "Viewed", "Last", NULL};
			bool		hit = false;

			for (const char *const *w = notes; *w && !hit; w++)
				hit = e - cut >= strlen(*w) && memcmp(s + cut, *w, strlen(*w)) == 0;
			if (hit)
				break;
		}
		/* a word glued on by lost spaces: "...044802for further details" */
		if (pith_ascii_is_digit((unsigned char) s[cut - 1]) && pith_ascii_is_lower((unsigned char) s[cut]))
		{
			static const char *const glued[] = {"for", "and", "the", "with", "from", "in", "of", "to", "see", NULL};
			bool		hit = false;

			for (const char *const *w = glued; *w && !hit; w++)
				hit = (e - cut == strlen(*w) && pith_ascii_at_ci(s, e, cut, *w));
			if (hit)
				break;
		}
	}
	return cut;
}

/* Is s[k..e) a Unicode hyphen or dash (U+2010..U+2013) followed by a letter or digit? */
static bool
unicode_hyphen_at(const char *s, size_t k, size_t e)
{
	return k + 3 < e && (unsigned char) s[k] == 0xE2 && (unsigned char) s[k + 1] == 0x80 &&
		(unsigned char) s[k + 2] >= 0x90 && (unsigned char) s[k + 2] <= 0x93 &&
		pith_ascii_is_alnum((unsigned char) s[k + 3]);
}

/*
 * End of the DOI suffix that starts after the slash at s[slash], within the
 * token ending at e: it stops at a closing quote or other non-ASCII text
 * (typeset hyphens inside, "s10584‐016‐1620‐6", are kept
 * and read as "-" by doi_glue), then run-on tails are cut and sentence
 * punctuation trimmed.
 */
static size_t
doi_suffix_end(const char *s, size_t slash, size_t e)
{
	for (size_t k = slash + 1; k < e; k++)
	{
		if (unicode_hyphen_at(s, k, e))
		{
			k += 2;
			continue;
		}
		if ((unsigned char) s[k] >= 0x80 || s[k] == '"')
		{
			e = k;
			break;
		}
	}
	e = doi_tail_cut(s, slash, e);
	return e - trim_trailing(s, slash + 1, e);
}

/*
 * Write "10." + registrant + "/" + suffix into p->decoded, typeset hyphens
 * of the suffix as "-", and validate it; keeps the DOI (take_doi) or notes
 * s[mstart..end) as malformed.
 */
static void
doi_glue(pith_ref_ids *p, size_t mstart, size_t end,
		 const char *reg, size_t reglen, const char *suf, size_t suflen)
{
	size_t		o = 0,
				outlen,
				prefix_len;

	memcpy(p->decoded, "10.", 3);
	o = 3;
	memcpy(p->decoded + o, reg, reglen);
	o += reglen;
	p->decoded[o++] = '/';
	for (size_t k = 0; k < suflen; k++)
	{
		if (unicode_hyphen_at(suf, k, suflen))
		{
			p->decoded[o++] = '-';
			k += 2;
			continue;
		}
		p->decoded[o++] = suf[k];
	}
	if (suflen > 0 &&
		pith_doi_parse(p->decoded, o, p->scratch, &outlen, &prefix_len, NULL, 0) == PITH_DOI_OK)
		take_doi(p, outlen);
	else
		note_malformed(p, mstart, end);
}

/*
 * Is s[k..te) (before its final period, if any) the last piece of a DOI
 * that a line broke off: digits that are no year ("pone. 0012345",
 * "2016.03. 029"; not "2011", the reference's date after its DOI), or
 * one lower-case letter and digits ("bmj. c332", "e12345")?
 */
static bool
article_number(const char *s, size_t k, size_t te)
{
	size_t		j = k,
				digits;

	if (te > k && s[te - 1] == '.')
		te--;
	if (j < te && pith_ascii_is_lower((unsigned char) s[j]))
		j++;
	for (digits = 0; j < te && pith_ascii_is_digit((unsigned char) s[j]); j++)
		digits++;
	if (j != te || digits < 2)
		return false;
	if (j - k == 4 && (s[k] == '1' || s[k] == '2') && (s[k + 1] == '8' || s[k + 1] == '9' || s[k + 1] == '0'))
		return false;
	return true;
}

/*
 * A DOI suffix s[suf..e) that PDF text extraction broke at its periods
 * ("10.1111/ j. 0012-155X. 2005.00401. x", "10.1002/ ldr. 1091",
 * "10.1016/j. cell.2011.02.013"): while the suffix ends in a period before
 * a space, the next token goes on with it -- when it starts with a digit
 * or is one lower-case letter, or, strict (no other sign that the DOI is
 * broken), when the suffix's last piece is a short one ("j.", "2011.")
 * and the next token starts with a lower-case letter or digit and has a
 * period of its own inside ("cell.2011.02.013", not "2016." or "Epub").
 * Glues and validates the pieces (doi_glue) and returns the end, or 0
 * when nothing goes on.
 */
static size_t
glue_broken_suffix(pith_ref_ids *p, size_t mstart, const char *reg, size_t reglen, size_t suf, size_t e,
				   bool strict)
{
	const char *s = p->norm;
	size_t		n = p->nlen,
				g = e - suf,
				pieces = 0;
	char		glued[256];

	if (g >= sizeof(glued))
		return 0;
	memcpy(glued, s + suf, g);
	while (pieces < 6 && e + 1 < n)
	{
		/* a hyphen the line broke after ("j.1468- 2427.2011.01036.x"): no DOI ends in one */
		bool		hyphen = g > 0 && glued[g - 1] == '-' && s[e] == ' ' && pith_ascii_is_alnum((unsigned char) s[e + 1]);

		/*
		 * a SICI broken after its "::" ("...12:8<1371:: AID-HYP620>3.0.CO;2-C"):
		 * its "<" is not closed yet and its article id ("AID-") follows
		 */
		bool		sici = !hyphen && pith_ascii_at_ci(s, n, e, ":: aid-") && e + 7 < n &&
			memchr(glued, '<', g) != NULL && memchr(glued, '>', g) == NULL;
		size_t		start = hyphen ? e + 1 : sici ? e + 3 : e + 2,
					te,
					ne;
		bool		goes_on = hyphen || sici;

		if (!goes_on && !(e + 2 < n && s[e] == '.' && token_end(s, n, e) == e + 1 && s[e + 1] == ' '))
			break;
		te = token_end(s, n, start);
		if (goes_on)
			;
		else if (strict)
		{
			size_t		last = g;
			const char *dot;

			while (last > 0 && glued[last - 1] != '.' && glued[last - 1] != '/')
				last--;
			dot = memchr(s + start, '.', te - start);
			goes_on = g - last <= 4 && (pith_ascii_is_digit((unsigned char) s[start]) ||
										pith_ascii_is_lower((unsigned char) s[start])) &&
				((dot != NULL && dot + 1 < s + te && pith_ascii_is_alnum((unsigned char) dot[1])) ||
				 article_number(s, start, te));
		}
		else
			goes_on = pith_ascii_is_digit((unsigned char) s[start]) ||
				(pith_ascii_is_lower((unsigned char) s[start]) && (start + 1 >= n || s[start + 1] == ' ' || s[start + 1] == '.'));
		if (!goes_on)
			break;
		ne = doi_suffix_end(s, start - 1, te);
		if (ne <= start || g + 2 + (ne - start) >= sizeof(glued))
			break;
		if (sici)
		{
			glued[g++] = ':';
			glued[g++] = ':';
		}
		else if (!hyphen)
			glued[g++] = '.';
		memcpy(glued + g, s + start, ne - start);
		g += ne - start;
		e = ne;
		pieces++;
	}
	if (pieces == 0)
		return 0;
	doi_glue(p, mstart, e, reg, reglen, glued, g);
	return e;
}

/*
 * Try a DOI at s[i..n) ("10.NNNN/..."); returns its end or 0.  A DOI-shaped
 * token that fails validation is noted as malformed from mstart (which
 * includes a "doi:" prefix when there is one).
 */
static size_t
match_doi(pith_ref_ids *p, size_t mstart, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		k,
				e;

	if (!(i + 3 < n && s[i] == '1' && s[i + 1] == '0' && s[i + 2] == '.'))
		return 0;
	e = token_end(s, n, i);
	/* the prefix is ASCII: the slash comes before any other text */
	for (k = i; k < e && s[k] != '/' && (unsigned char) s[k] < 0x80 && s[k] != '"'; k++)
		;
	/* must have a slash to be DOI-shaped at all */
	if (k >= e || s[k] != '/')
		return 0;
	e = doi_suffix_end(s, k, e);
	if (e <= k + 1)
	{
		/* "10.1021/ es304638h": the suffix after one space (spaced_doi) */
		if (k + 1 == token_end(s, n, i) && k + 2 < n && s[k + 1] == ' ' &&
			pith_ascii_is_alnum((unsigned char) s[k + 2]))
			return 0;
		if (k <= i + 3)
			return 0;
		note_malformed(p, mstart, k + 1);
		return k + 1;
	}
	{
		size_t		ge = glue_broken_suffix(p, mstart, s + i + 3, k - i - 3, k + 1, e, true);

		if (ge > 0)
			return ge;
	}
	doi_glue(p, mstart, e, s + i + 3, k - i - 3, s + k + 1, e - k - 1);
	return e;
}

/*
 * A DOI printed with spaces inside, as PDF text extraction and some styles
 * leave it: "10 .5170 /CERN-2011-006.313", "10. 1107/S0907444910007493",
 * "10.1103 /PhysRevE.49.55", "10.1021/ es304638h".  At s[k] == '1': "10",
 * spaces, ".", spaces, the registrant's digits, spaces, "/", at most one
 * space, then the suffix up to the next space.  After a "doi" prefix
 * (prefixed) any of these spaces may be there; a bare one needs a
 * registrant of at least four digits and a letter in its suffix.  Returns the end, or 0 when the text
 * has no such shape (or no space inside: match_doi's case).
 */
static size_t
spaced_doi(pith_ref_ids *p, size_t mstart, size_t k, bool prefixed)
{
	const char *s = p->norm;
	size_t		n = p->nlen,
				j = k + 2,
				spaces = 0,
				reg,
				regend,
				ndigits = 0,
				slash,
				suf,
				e;

	if (!(k + 2 < n && s[k] == '1' && s[k + 1] == '0'))
		return 0;
	while (j < n && s[j] == ' ')
		j++, spaces++;
	if (j >= n || s[j] != '.')
		return 0;
	j++;
	while (j < n && s[j] == ' ')
		j++, spaces++;
	reg = j;
	while (j < n && (pith_ascii_is_digit((unsigned char) s[j]) ||
					 (s[j] == '.' && j + 1 < n && pith_ascii_is_digit((unsigned char) s[j + 1]) && j > reg)))
		ndigits += s[j++] != '.';
	regend = j;
	if (ndigits < (prefixed ? 2 : 4))
		return 0;
	while (j < n && s[j] == ' ')
		j++, spaces++;
	if (j >= n || s[j] != '/')
		return 0;
	slash = j++;
	if (j < n && s[j] == ' ')
		j++, spaces++;
	if (spaces == 0 || j >= n || !pith_ascii_is_alnum((unsigned char) s[j]))
		return 0;
	suf = j;
	e = token_end(s, n, suf);
	/* the suffix text is read as if it followed the slash directly */
	e = doi_suffix_end(s, suf - 1, e);
	if (e <= suf)
		return 0;
	/* without a prefix, "vol 10. 1234/5678" is no DOI: a letter is wanted */
	if (!prefixed)
	{
		bool		letter = false;

		for (size_t q = suf; q < e && !letter; q++)
			letter = pith_ascii_is_alpha((unsigned char) s[q]);
		if (!letter)
			return 0;
	}
	/* a suffix broken at its periods as well, after the space behind the slash */
	if (j > slash + 1)
	{
		size_t		ge = glue_broken_suffix(p, mstart, s + reg, regend - reg, suf, e, false);

		if (ge > 0)
			return ge;
	}
	doi_glue(p, mstart, e, s + reg, regend - reg, s + suf, e - suf);
	return e;
}

/* Value of the hex digit c, or -1. */
static int
hex_value(unsigned char c)
{
	if (pith_ascii_is_digit(c))
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/*
 * Copy s[0..len) to out decoding %XX escapes ("%28SICI%29" -> "(SICI)"), as
 * DOIs in doi.org URLs are printed; returns the decoded length (never more
 * than len).  An escape that decodes to a control byte is kept as printed.
 */
static size_t
percent_decode(const char *s, size_t len, char *out)
{
	size_t		o = 0;

	for (size_t i = 0; i < len; i++)
	{
		if (s[i] == '%' && i + 2 < len)
		{
			int			hi = hex_value((unsigned char) s[i + 1]),
						lo = hex_value((unsigned char) s[i + 2]);

			if (hi >= 0 && lo >= 0 && hi * 16 + lo >= 0x20)
			{
				out[o++] = (char) (hi * 16 + lo);
				i += 2;
				continue;
			}
		}
		out[o++] = s[i];
	}
	return o;
}

/* Try a URL (with scheme, "www.", or "host.tld/path") at s[i..n). */
static size_t
match_url(pith_ref_ids *p, size_t i)
{
	static const char *const tlds[] = {
		"com", "org", "net", "io", "ai", "edu", "gov", "dev", "co", "uk", "de", "cn",
		"fr", "jp", "info", "me", "html", NULL
	};
	const char *s = p->norm;
	size_t		n = p->nlen;
	size_t		e,
				k,
				suffix;
	bool		ok = false;

	if (pith_ascii_at_ci(s, n, i, "http://") || pith_ascii_at_ci(s, n, i, "https://"))
		ok = true;
	else if (pith_ascii_at_ci(s, n, i, "www.") && (i == 0 || !is_wordch((unsigned char) s[i - 1])))
		ok = true;
	else if (i == 0 || s[i - 1] == ' ' || s[i - 1] == '(' || s[i - 1] == '<')
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
	while (e < n && s[e] != ' ' && (unsigned char) s[e] < 0x80 &&
		   s[e] != '"' && s[e] != '<' && s[e] != '>')
		e++;
	e -= trim_trailing(s, i, e);
	if (e <= i + 4)
		return 0;
	p->last_kind = PITH_REF_ID_URL;
	/*
	 * "http://dx.doi.org/10.1021/ es304638h": a doi.org URL that ends at
	 * the DOI's slash goes on after one space
	 */
	suffix = 0;
	if (s[e - 1] == '/' && e + 1 < n && s[e] == ' ' && pith_ascii_is_alnum((unsigned char) s[e + 1]))
	{
		for (k = i; k + 11 < e; k++)
			if (pith_ascii_at_ci(s, e, k, "doi.org/10."))
				break;
		if (k + 11 < e && memchr(s + k + 8, '/', e - k - 8) == s + e - 1)
		{
			size_t		se = doi_suffix_end(s, e, token_end(s, n, e + 1));

			if (se > e + 1)
				suffix = se - e - 1;
		}
	}
	if (!p->have_url)
	{
		memcpy(p->url, s + i, e - i);
		memcpy(p->url + (e - i), s + e + 1, suffix);
		p->url[e - i + suffix] = '\0';
		p->have_url = true;
	}
	if (suffix > 0)
	{
		size_t		outlen,
					prefix_len,
					dlen;

		for (k = i; !pith_ascii_at_ci(s, e, k, "doi.org/10."); k++)
			;
		dlen = percent_decode(s + k + 8, e - k - 8, p->decoded);
		dlen += percent_decode(s + e + 1, suffix, p->decoded + dlen);
		if (pith_doi_parse(p->decoded, dlen, p->scratch, &outlen, &prefix_len, NULL, 0) == PITH_DOI_OK)
		{
			take_doi(p, outlen);
			p->last_kind = PITH_REF_ID_DOI;
		}
		else
			note_malformed(p, i, e + 1 + suffix);
		return e + 1 + suffix;
	}

	/* identifiers inside: arxiv.org/abs/ID, arxiv.org/pdf/ID(.pdf), doi.org/DOI */
	for (k = i; k + 4 < e; k++)
	{
		if (pith_ascii_at_ci(s, e, k, "arxiv.org/abs/") || pith_ascii_at_ci(s, e, k, "arxiv.org/pdf/"))
		{
			size_t		a = k + 14,
						shape = arxiv_shape(s, e, a);

			if (shape > 0 && take_arxiv(p, s + a, shape))
				p->last_kind = PITH_REF_ID_ARXIV;
			else
				note_malformed(p, i, e);
			break;
		}
		if (pith_ascii_at_ci(s, e, k, "doi.org/"))
		{
			size_t		a = k + 8,
						outlen,
						prefix_len,
						de = a < e ? doi_tail_cut(s, a, e) : e,
						dlen;

			/* the slash inside the DOI: the tail cut starts after it */
			for (size_t q = a; q < e; q++)
				if (s[q] == '/')
				{
					de = doi_tail_cut(s, q, e);
					/*
					 * a suffix the line broke after a period or hyphen
					 * ("https://doi.org/10.1016/j. neuron.2014.12.045"),
					 * printed without escapes
					 */
					if (q > a + 3 && memcmp(s + a, "10.", 3) == 0 && !memchr(s + a, '%', e - a))
					{
						size_t		ge = glue_broken_suffix(p, i, s + a + 3, q - a - 3, q + 1,
														   doi_suffix_end(s, q, e), true);

						if (ge > 0)
							return ge;
					}
					break;
				}
			dlen = a < de ? percent_decode(s + a, de - a, p->decoded) : 0;

			if (dlen > 0 && pith_doi_parse(p->decoded, dlen, p->scratch, &outlen, &prefix_len, NULL, 0) == PITH_DOI_OK)
			{
				take_doi(p, outlen);
				p->last_kind = PITH_REF_ID_DOI;
			}
			else
				note_malformed(p, i, e);
			break;
		}
	}
	return e;
}

/*
 * May a bare new-style id with a space inside follow the character c
 * (",1112 .5166", "( 1112 .5166")?  Only list punctuation: after a word or
 * a number ("Vol. 1203 .4567") it is more likely something else.
 */
static bool
bare_id_lead(unsigned char c)
{
	return c == ',' || c == '(' || c == '[' || c == ';';
}

/*
 * Try an identifier at norm[i]: URL, DOI (also after "doi:"), arXiv id
 * (after "arXiv", "abs/", bare new style, bare old style).  Returns the end
 * of the span to cut out, or 0.
 */
static size_t
match_identifier(pith_ref_ids *p, size_t i)
{
	const char *s = p->norm;
	size_t		n = p->nlen;
	unsigned char prev = i > 0 ? (unsigned char) s[i - 1] : ' ';
	bool		tokstart = !is_wordch(prev);
	size_t		e;

	if ((e = match_url(p, i)) > 0)
		return e;
	/* "e-printarXiv :1601.04809": a prefix glued to the word before it */
	if (!tokstart && pith_ascii_at_ci(s, n, i, "arxiv") && i + 5 < n &&
		(s[i + 5] == ':' || (s[i + 5] == ' ' && i + 6 < n && s[i + 6] == ':')) &&
		(e = arxiv_after_prefix(p, i, i + 5)) > 0)
		return e;
	if (!tokstart)
		return 0;

	/* a DOI, bare or after "doi:" / "DOI" (doi.org URLs are handled above) */
	if (s[i] == '1' && ((e = match_doi(p, i, i)) > 0 || (e = spaced_doi(p, i, i, false)) > 0))
		return e;
	/* "doi:", "DOI ", and text extraction's "doi :" */
	if (pith_ascii_at_ci(s, n, i, "doi") && i + 3 < n && (s[i + 3] == ':' || s[i + 3] == ' '))
	{
		size_t		k = i + 3,
					te;

		while (k < n && s[k] == ' ')
			k++;
		if (k < n && s[k] == ':')
			k++;
		while (k < n && s[k] == ' ')
			k++;
		if (k < n && (e = match_doi(p, i, k)) > 0)
			return e;
		/*
		 * "doi:10. 1103/PhysRevD.10.2445", "doi :10 .1098/rsta...",
		 * "doi: 10.1097/ SHK.0000000000000473": spaces inside
		 */
		if (k < n && (e = spaced_doi(p, i, k, true)) > 0)
			return e;
		/* "DOI: http://dx.doi.org/10...": the URL carries the DOI */
		if (k < n && (e = match_url(p, k)) > 0)
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
	if (pith_ascii_at_ci(s, n, i, "arxiv") && !(i + 5 < n && pith_ascii_is_alpha((unsigned char) s[i + 5]) &&
										 !pith_ascii_at_ci(s, n, i + 5, "v")))
	{
		if ((e = arxiv_after_prefix(p, i, i + 5)) > 0)
			return e;
	}
	if (pith_ascii_at_ci(s, n, i, "abs/") && (e = arxiv_after_prefix(p, i, i + 4)) > 0)
		return e;
	/* IOP's "(Preprint 1505.03756)", text extraction's "Preprint1402. 1517" */
	if (pith_ascii_at_ci(s, n, i, "preprint") && (e = valid_arxiv_after(p, i + 8)) > 0)
		return e;
	if (pith_ascii_is_digit((unsigned char) s[i]) && prev != ':' && prev != '.' && prev != '/' &&
		prev != '-' && prev != ',')
	{
		size_t		shape = arxiv_shape(s, n, i);

		if (shape > 0 && s[i + 4] == '.' && id_ends_at(s, n, i + shape) && take_arxiv(p, s + i, shape))
			return i + shape;
	}
	/* a bare new-style id with a space inside: ",1112 .5166" */
	if (pith_ascii_is_digit((unsigned char) s[i]) && i > 0 &&
		(bare_id_lead(prev) || (prev == ' ' && i > 1 && bare_id_lead((unsigned char) s[i - 2]))) &&
		!(i > 1 && pith_ascii_is_digit((unsigned char) s[i - 2])) &&
		(e = spaced_arxiv(p, i, false)) > 0)
		return e;
	/* a bare old-style id: "hep-th/9711200", "hep -ph/0508110", "hepph/0101264" */
	if (pith_ascii_is_lower((unsigned char) s[i]) && (e = archive_arxiv(p, i, false)) > 0)
		return e;
	return 0;
}


/* Find every identifier of norm[0..n); see ref_identifiers.h. */
size_t
pith_ref_find_identifiers(const char *norm, size_t n, char *work, pith_ref_ids *ids,
						  pith_ref_span *spans, size_t maxspans)
{
	size_t		cap = n + 1,
				nspans = 0,
				i = 0;

	memset(ids, 0, sizeof(*ids));
	ids->norm = norm;
	ids->nlen = n;
	ids->url = work;
	ids->malformed = work + cap;
	ids->doi = work + 2 * cap;
	ids->scratch = work + 3 * cap;
	ids->decoded = work + 4 * cap;
	ids->arxiv = work + 5 * cap;

	while (i < n)
	{
		size_t		e;

		ids->last_kind = 0;
		e = match_identifier(ids, i);
		if (e > i)
		{
			if (nspans < maxspans)
			{
				spans[nspans].start = (uint32_t) i;
				spans[nspans].end = (uint32_t) e;
				spans[nspans].kind = ids->last_kind ? ids->last_kind : PITH_REF_ID_MALFORMED;
				nspans++;
			}
			i = e;
			continue;
		}
		i++;
	}
	return nspans;
}
