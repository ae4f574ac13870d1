/*
 * resolve_evidence.c -- the resolver's evidence beside the title (see
 * resolve_evidence.h): year agreement, family names, author and container
 * agreement.  Pure C; every loop is bounded by its input's length.
 */
#include "resolve_evidence.h"
#include "ascii.h"

#include <stdint.h>
#include <string.h>

int
pith_year_evidence(bool ref_known, int ref_year, const int *years, size_t n)
{
	if (!ref_known || n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
	{
		int64_t		d = (int64_t) years[i] - (int64_t) ref_year;

		if (d >= -1 && d <= 1)
			return 1;
	}
	return -1;
}

/* ASCII white space as a word separator. */
static bool
is_sep(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Does the len-byte word w equal s, ignoring ASCII case? */
static bool
word_is(const char *w, size_t len, const char *s)
{
	size_t		k = strlen(s);

	if (len != k)
		return false;
	for (size_t i = 0; i < k; i++)
		if (pith_ascii_lower((unsigned char) w[i]) != (unsigned char) s[i])
			return false;
	return true;
}

/*
 * A suffix: "Jr", "Sr", "II", "III", "IV", and the "et al." and "(ed.)"
 * that end some author strings.
 */
static bool
is_suffix(const char *w, size_t len)
{
	static const char *const suffixes[] = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "et", "al", "al.",
		"(ed)", "(ed.)", "(eds)", "(eds.)", "ed.", "eds.", NULL};

	for (int k = 0; suffixes[k]; k++)
		if (word_is(w, len, suffixes[k]))
			return true;
	return false;
}

/*
 * An initial ("Y", "Y.", "J.-P.", "JRR", "JH", one non-ASCII character with
 * or without a dot, "É.") or a suffix.
 */
static bool
is_initial(const char *w, size_t len)
{
	size_t		i = 0,
				letters = 0;

	if (is_suffix(w, len))
		return true;
	/* one character (any script), optionally with a dot */
	if (len >= 1)
	{
		size_t		cl = 1;
		unsigned char c = (unsigned char) w[0];

		if (c >= 0xC0)
			while (cl < len && ((unsigned char) w[cl] & 0xC0) == 0x80)
				cl++;
		if (cl == len || (cl + 1 == len && w[cl] == '.'))
			return c >= 0x80 || pith_ascii_is_alpha(c);
	}
	/* up to four capitals, each optionally followed by '.' or '-' */
	while (i < len)
	{
		unsigned char c = (unsigned char) w[i];

		if (!(c >= 'A' && c <= 'Z'))
			return false;
		letters++;
		i++;
		while (i < len && (w[i] == '.' || w[i] == '-'))
			i++;
	}
	return letters >= 1 && letters <= 4;
}

/* A lower-case name particle that belongs to the family name. */
static bool
is_particle(const char *w, size_t len)
{
	static const char *const particles[] = {"van", "von", "der", "den", "de", "del", "della", "di", "da",
		"dos", "du", "la", "le", "ter", "ten", "bin", "al", "el", NULL};

	if (len == 0 || !((unsigned char) w[0] >= 'a' && (unsigned char) w[0] <= 'z'))
		return false;
	for (int k = 0; particles[k]; k++)
		if (word_is(w, len, particles[k]))
			return true;
	return false;
}

/* Words of the name: up to this many are looked at (names are short). */
#define MAX_WORDS 32

bool
pith_author_family_span(const char *name, size_t len, size_t *start, size_t *flen)
{
	size_t		ws[MAX_WORDS],
				we[MAX_WORDS];
	int			nw = 0,
				last = -1,
				first;
	bool		initials_after = false;
	const char *comma = memchr(name, ',', len);

	if (comma != NULL)
	{
		size_t		a = 0,
					b = (size_t) (comma - name);

		while (a < b && is_sep((unsigned char) name[a]))
			a++;
		while (b > a && is_sep((unsigned char) name[b - 1]))
			b--;
		if (a == b)
			return false;
		*start = a;
		*flen = b - a;
		return true;
	}
	for (size_t i = 0; i < len && nw < MAX_WORDS;)
	{
		while (i < len && is_sep((unsigned char) name[i]))
			i++;
		if (i >= len)
			break;
		ws[nw] = i;
		while (i < len && !is_sep((unsigned char) name[i]))
			i++;
		we[nw++] = i;
	}
	for (int k = 0; k < nw; k++)
		if (!is_initial(name + ws[k], we[k] - ws[k]))
			last = k;
	/*
	 * A name of one word in capitals with no dot ("COVA", "OCLC", "ACI"):
	 * a family or an organization, not initials
	 */
	if (last < 0 && nw == 1 && we[0] - ws[0] >= 2 && !is_suffix(name + ws[0], we[0] - ws[0]))
	{
		bool		plain = true;

		for (size_t i = ws[0]; i < we[0]; i++)
			if (!(name[i] >= 'A' && name[i] <= 'Z'))
				plain = false;
		if (plain)
			last = 0;
	}
	if (last < 0)
		return false;
	for (int k = last + 1; k < nw; k++)
		if (!is_suffix(name + ws[k], we[k] - ws[k]))
			initials_after = true;
	if (initials_after)
		first = 0;				/* "LeCun Y": the family comes first */
	else
	{
		first = last;
		while (first > 1 && is_particle(name + ws[first - 1], we[first - 1] - ws[first - 1]))
			first--;
	}
	*start = ws[first];
	*flen = we[last] - ws[first];
	return true;
}

size_t
pith_author_family_trim(char *family, size_t flen)
{
	size_t		out = 0,
				i = 0;

	while (i < flen)
	{
		size_t		j = i;
		bool		letters = false;

		while (j < flen && family[j] != ' ')
		{
			if (!pith_ascii_is_digit((unsigned char) family[j]))
				letters = true;
			j++;
		}
		if (letters)
		{
			if (out > 0)
				family[out++] = ' ';
			memmove(family + out, family + i, j - i);
			out += j - i;
		}
		i = j + 1;
	}
	return out;
}

bool
pith_author_family_usable(const char *family, size_t flen)
{
	static const char *const placeholders[] = {"et al", "others", "anonymous", "anon", NULL};

	if (flen < 2)
		return false;
	for (int k = 0; placeholders[k]; k++)
		if (word_is(family, flen, placeholders[k]))
			return false;
	return true;
}

bool
pith_name_has_words(const char *author, size_t alen, const char *family, size_t flen)
{
	if (flen == 0 || flen > alen)
		return false;
	for (size_t i = 0; i + flen <= alen; i++)
	{
		if ((i == 0 || author[i - 1] == ' ')
			&& (i + flen == alen || author[i + flen] == ' ')
			&& memcmp(author + i, family, flen) == 0)
			return true;
		/* the next word */
		while (i < alen && author[i] != ' ')
			i++;
	}
	return false;
}

/* Does h[0..hl) hold n[0..nl)? */
static bool
holds(const char *h, size_t hl, const char *n, size_t nl)
{
	if (nl == 0 || nl > hl)
		return false;
	for (size_t i = 0; i + nl <= hl; i++)
		if (h[i] == n[0] && memcmp(h + i, n, nl) == 0)
			return true;
	return false;
}

int
pith_container_evidence(const char *ka, size_t la, const char *kb, size_t lb, double score)
{
	if (la >= 3 && la == lb && memcmp(ka, kb, la) == 0)
		return 1;
	if (la < 4 || lb < 4)
		return 0;
	if (score >= 0.85 || holds(ka, la, kb, lb) || holds(kb, lb, ka, la))
		return 1;
	return 0;
}

/* Words of a container looked at (venue names are short). */
#define MAX_CONTAINER_WORDS 24

/* Split s[0..len) on spaces into at most max words; returns how many. */
static int
split_words(const char *s, size_t len, size_t *ws, size_t *wl, int max)
{
	int			n = 0;

	for (size_t i = 0; i < len;)
	{
		size_t		j;

		while (i < len && s[i] == ' ')
			i++;
		if (i >= len)
			break;
		if (n == max)
			return -1;
		j = i;
		while (j < len && s[j] != ' ')
			j++;
		ws[n] = i;
		wl[n++] = j - i;
		i = j;
	}
	return n;
}

/* A function word of a venue name (normalized: lower case). */
static bool
is_function_word(const char *w, size_t len)
{
	static const char *const words[] = {"of", "the", "and", "for", "in", "on", "a", "an", "de", "des", "du",
		"der", "die", "das", "und", "fur", "f\xc3\xbcr", "la", "le", "les", "et", "di", "del", "della", "e", "y",
		"zur", "zum", NULL};

	for (int k = 0; words[k]; k++)
		if (word_is(w, len, words[k]))
			return true;
	return false;
}

/* Is the short form s (words) an abbreviation of the long form l (words)? */
static bool
abbreviates(const char *s, const size_t *sw, const size_t *sl, int ns,
			const char *l, const size_t *lw, const size_t *ll, int nl)
{
	int			j = 0;
	bool		long_word = false;

	if (ns < 2 || ns > nl)
		return false;
	for (int i = 0; i < ns; i++)
	{
		if (sl[i] >= 3)
			long_word = true;
		/* skip the long form's function words the short one leaves out */
		while (j < nl && !(sl[i] <= ll[j] && memcmp(s + sw[i], l + lw[j], sl[i]) == 0))
		{
			if (!is_function_word(l + lw[j], ll[j]))
				return false;
			j++;
		}
		if (j == nl)
			return false;
		j++;
	}
	for (; j < nl; j++)
		if (!is_function_word(l + lw[j], ll[j]))
			return false;
	return long_word;
}

bool
pith_container_abbreviates(const char *a, size_t la, const char *b, size_t lb)
{
	size_t		aw[MAX_CONTAINER_WORDS],
				al[MAX_CONTAINER_WORDS],
				bw[MAX_CONTAINER_WORDS],
				bl[MAX_CONTAINER_WORDS];
	int			na = split_words(a, la, aw, al, MAX_CONTAINER_WORDS),
				nb = split_words(b, lb, bw, bl, MAX_CONTAINER_WORDS);

	if (na < 2 || nb < 2)
		return false;
	return abbreviates(a, aw, al, na, b, bw, bl, nb) || abbreviates(b, bw, bl, nb, a, aw, al, na);
}

size_t
pith_key_word_starts(const char *norm, size_t len, char *key, size_t *keylen,
					 size_t *starts, size_t max_starts)
{
	size_t		out = 0,
				n = 0;
	bool		at_start = true;

	for (size_t i = 0; i < len; i++)
	{
		if (norm[i] == ' ')
		{
			at_start = true;
			continue;
		}
		if (at_start && n < max_starts)
			starts[n++] = out;
		at_start = false;
		key[out++] = norm[i];
	}
	*keylen = out;
	return n;
}
