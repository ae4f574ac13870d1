/*
 * ref_tokenize.c -- repair and tokenization of one reference string, the
 * same code for training and for parsing (see ref_tokenize.h).
 *
 * A token is a run of letters and digits (with inner hyphens and
 * apostrophes between letters: "Pre-training", "O'Neil"), or a single
 * punctuation mark (ASCII or Unicode: quotes, dashes, brackets), or a whole
 * identifier span found by ref_identifiers.c.  Every loop is bounded by the
 * input length.
 */
#include "ref_tokenize.h"
#include "ascii.h"

#include <string.h>

/* Decode the UTF-8 character at s[i..n). */
uint32_t
pith_ref_utf8(const char *s, size_t n, size_t i, size_t *clen)
{
	unsigned char c = (unsigned char) s[i];
	size_t		need;
	uint32_t	cp;

	if (c < 0x80)
	{
		*clen = 1;
		return c;
	}
	if (c >= 0xC2 && c <= 0xDF)
	{
		need = 2;
		cp = c & 0x1F;
	}
	else if (c >= 0xE0 && c <= 0xEF)
	{
		need = 3;
		cp = c & 0x0F;
	}
	else if (c >= 0xF0 && c <= 0xF4)
	{
		need = 4;
		cp = c & 0x07;
	}
	else
	{
		*clen = 1;
		return c;
	}
	if (i + need > n)
	{
		*clen = 1;
		return c;
	}
	for (size_t k = 1; k < need; k++)
	{
		unsigned char d = (unsigned char) s[i + k];

		if ((d & 0xC0) != 0x80)
		{
			*clen = 1;
			return c;
		}
		cp = (cp << 6) | (d & 0x3F);
	}
	*clen = need;
	return cp;
}

/* Is the code point a punctuation mark or symbol? */
bool
pith_ref_is_punct_cp(uint32_t cp)
{
	if (cp < 0x80)
		return !pith_ascii_is_alnum((unsigned char) cp);
	return (cp >= 0x80 && cp <= 0xBF && cp != 0xAA && cp != 0xB5 && cp != 0xBA) ||
		cp == 0xD7 || cp == 0xF7 ||
		(cp >= 0x2000 && cp <= 0x2BFF) ||
		(cp >= 0x3000 && cp <= 0x303F) ||
		(cp >= 0xFE30 && cp <= 0xFE4F) ||
		(cp >= 0xFF01 && cp <= 0xFF0F) ||
		(cp >= 0xFF1A && cp <= 0xFF20);
}

/* The words after which a hyphen is a suspended one; see ref_tokenize.h. */
static const char *const suspending_conjunctions[] = {
	"and", "or", "nor", "to", "und", "oder", "bis", "sowie", "et", "ou", "y", "o", "e", "u", NULL
};

bool
pith_ref_suspended_hyphen_before(const char *s, size_t n)
{
	for (int k = 0; suspending_conjunctions[k]; k++)
	{
		size_t		l = strlen(suspending_conjunctions[k]);

		if (n >= l && memcmp(s, suspending_conjunctions[k], l) == 0 && (n == l || s[l] == ' '))
			return true;
	}
	return false;
}

/* Repair PDF damage; see ref_tokenize.h. */
size_t
pith_ref_repair(const unsigned char *in, size_t len, char *out, uint32_t *src)
{
	size_t		o = 0,
				r,
				w;
	bool		space = false;
	uint32_t	space_at = 0;

	for (size_t i = 0; i < len; i++)
	{
		unsigned char c = in[i];

		if (c < 0x20 || c == 0x7f || c == ' ')
		{
			if (!space)
				space_at = (uint32_t) i;
			space = true;
			continue;
		}
		if (c == 0xC2 && i + 1 < len && (in[i + 1] == 0xA0 || in[i + 1] == 0xAD))
		{
			if (in[i + 1] == 0xA0)
			{
				if (!space)
					space_at = (uint32_t) i;
				space = true;
			}
			i++;
			continue;
		}
		if (c == 0xE2 && i + 2 < len && in[i + 1] == 0x80 &&
			((in[i + 2] >= 0x80 && in[i + 2] <= 0x8B) || in[i + 2] == 0xAF))
		{
			if (in[i + 2] != 0x8B)	/* zero-width space: drop */
			{
				if (!space)
					space_at = (uint32_t) i;
				space = true;
			}
			i += 2;
			continue;
		}
		if (space && o > 0)
		{
			if (src)
				src[o] = space_at;
			out[o++] = ' ';
		}
		space = false;
		if (c == 0xEF && i + 2 < len && in[i + 1] == 0xAC &&
			in[i + 2] >= 0x80 && in[i + 2] <= 0x86)
		{
			static const char *const lig[] = {"ff", "fi", "fl", "ffi", "ffl", "st", "st"};
			const char *l = lig[in[i + 2] - 0x80];

			for (size_t k = 0; l[k]; k++)
			{
				if (src)
					src[o] = (uint32_t) i;
				out[o++] = l[k];
			}
			i += 2;
			continue;
		}
		if (src)
			src[o] = (uint32_t) i;
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
				if (src)
					src[w] = src[r];
				out[w++] = '-';
				r++;			/* drop the space only */
			}
			continue;
		}
		if (src)
			src[w] = src[r];
		out[w++] = out[r];
	}
	o = w;
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	if (src)
		src[o] = (uint32_t) len;
	return o;
}

/* Is the character at s[i] a letter or digit (any non-punctuation)? */
static bool
word_char_at(const char *s, size_t n, size_t i, size_t *clen)
{
	uint32_t	cp = pith_ref_utf8(s, n, i, clen);

	return !pith_ref_is_punct_cp(cp) && cp != ' ';
}

/* Is the character at s[i] a letter (not an ASCII digit, not punctuation)? */
static bool
letter_at(const char *s, size_t n, size_t i)
{
	size_t		cl;

	if (i >= n || pith_ascii_is_digit((unsigned char) s[i]))
		return false;
	/* the last byte of a multi-byte letter ("é-") */
	if (((unsigned char) s[i] & 0xC0) == 0x80)
		return true;
	return word_char_at(s, n, i, &cl);
}

/* Tokenize; see ref_tokenize.h. */
size_t
pith_ref_tokenize(const char *norm, size_t n, const pith_ref_span *spans, size_t nspans,
				  pith_ref_token *tok)
{
	size_t		i = 0,
				nt = 0,
				sp = 0;
	bool		space = false;

	while (i < n)
	{
		size_t		cl,
					e;
		uint8_t		kind;

		if (norm[i] == ' ')
		{
			space = true;
			i++;
			continue;
		}
		while (sp < nspans && spans[sp].end <= i)
			sp++;
		if (sp < nspans && spans[sp].start <= i)
		{
			static const uint8_t kinds[] = {PITH_TOK_BADID, PITH_TOK_URL, PITH_TOK_DOI,
			PITH_TOK_ARXIV, PITH_TOK_BADID};

			e = spans[sp].end;
			kind = spans[sp].kind < sizeof(kinds) ? kinds[spans[sp].kind] : PITH_TOK_BADID;
			sp++;
		}
		else if (word_char_at(norm, n, i, &cl))
		{
			bool		digits = true;

			e = i;
			for (;;)
			{
				size_t		c2;

				/* a span starts inside the word: stop there */
				if (sp < nspans && spans[sp].start == e && e > i)
					break;
				if (e < n && word_char_at(norm, n, e, &c2))
				{
					if (!pith_ascii_is_digit((unsigned char) norm[e]))
						digits = false;
					e += c2;
					continue;
				}
				/* inner hyphen or apostrophe between letters */
				if (e < n && e > i && (norm[e] == '-' || norm[e] == '\'') &&
					letter_at(norm, n, e - 1) && letter_at(norm, n, e + 1))
				{
					digits = false;
					e++;
					continue;
				}
				break;
			}
			kind = digits ? PITH_TOK_NUMBER : PITH_TOK_WORD;
		}
		else
		{
			e = i + cl;
			kind = PITH_TOK_PUNCT;
		}
		if (e > n)
			e = n;
		tok[nt].start = (uint32_t) i;
		tok[nt].end = (uint32_t) e;
		tok[nt].kind = kind;
		tok[nt].space_before = space && nt > 0;
		nt++;
		space = false;
		i = e;
	}
	return nt;
}
