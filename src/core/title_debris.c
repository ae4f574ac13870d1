/*
 * title_debris.c -- cut the reference debris that PDF text extraction glues
 * to a title before it is keyed: URLs, venue tails ("dnns.Advances in Neural
 * Information Processing Systems, 34:23844–23857, 2021", ".arXiv preprint
 * arXiv:1810.04805, 2018", ". In Proceedings of ..."), arXiv notes and
 * trailing years (", 2016").  Works in place on NFKC UTF-16 text with its
 * case intact, because a glued sentence break (".A") is what marks a tail.
 */
#include "title_internal.h"
#include "ascii.h"

#include <string.h>

#include <unicode/uchar.h>

/* Words that start a venue or publication note after ". " (lower case). */
static const char *const venue_words[] = {
	"arxiv", "in", "proc", "proceedings", "advances", "journal", "transactions",
	"ieee", "acm", "corr", "openai", "preprint", "technical", "tech", "springer",
	"url", "available", "accessed", "retrieved", "conference", "international",
	"workshop", "symposium", "neurips", "nips", "icml", "iclr", "cvpr", "iccv",
	"eccv", "emnlp", "naacl", "aaai", "ijcai", "usenix", "sigmod", "vldb", "osdi",
	"sosp", "nsdi", "eurosys", "asplos", "isca", "hpca", "ppopp", "kdd", "pmlr",
	"jmlr", "lecture", "lncs", "blog", "github", "online", "nature", "science",
	"computers", "communications", "annals", "bulletin", "letters", "review",
	NULL
};

/* Phrases that start an arXiv or CoRR note anywhere at a word start. */
static const char *const note_phrases[] = {
	"arxiv preprint", "arxiv:", "arxiv abs", "arxiv e-print", "corr abs",
	"corr, abs", "preprint arxiv", NULL
};

/* Top-level domains that mark a bare URL when a '/' follows. */
static const char *const url_tlds[] = {
	"com", "org", "net", "io", "ai", "edu", "gov", "co", "dev", "info", NULL
};

/* ASCII-fast letter test. */
static int
is_letter(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_alpha((unsigned char) c);
	return u_isalpha(c);
}

/* ASCII-fast digit test. */
static int
is_digit(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_digit((unsigned char) c);
	return u_isdigit(c);
}

/* Letter or digit. */
static int
is_alnum(UChar c)
{
	return is_letter(c) || is_digit(c);
}

/* Lower-case letter. */
static int
is_lower(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_lower((unsigned char) c);
	return u_islower(c);
}

/* Upper-case (or title-case) letter. */
static int
is_upper(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_upper((unsigned char) c);
	return u_isupper(c) || u_istitle(c);
}

/* White space. */
static int
is_space(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_space((unsigned char) c);
	return u_isUWhiteSpace(c);
}

/* Does w[pos..] start with the lower-case ASCII string lit, ignoring case? */
static int
ci_match(const UChar *w, int32_t n, int32_t pos, const char *lit)
{
	int32_t		k;

	for (k = 0; lit[k]; k++)
	{
		UChar		c;

		if (pos + k >= n)
			return 0;
		c = w[pos + k];
		if (c < 0x80)
			c = pith_ascii_lower((unsigned char) c);
		if (c != (UChar) (unsigned char) lit[k])
			return 0;
	}
	return 1;
}

/* Does a whole word from list start at pos (followed by a non-letter)? */
static int
word_in_list(const UChar *w, int32_t n, int32_t pos, const char *const *list)
{
	int			i;

	for (i = 0; list[i]; i++)
	{
		int32_t		len = (int32_t) strlen(list[i]);

		if (ci_match(w, n, pos, list[i]) && (pos + len >= n || !is_letter(w[pos + len])))
			return 1;
	}
	return 0;
}

/* Closing quotes, brackets and sentence marks that may sit before a '.'. */
static int
is_closing(UChar c)
{
	return c == '"' || c == '\'' || c == 0x201D || c == 0x2019 || c == 0x00BB ||
		c == '?' || c == '!' || c == ')' || c == ']' || c == '}';
}

/* Length of the run of letters that ends just before pos. */
static int32_t
letters_before(const UChar *w, int32_t pos)
{
	int32_t		k = pos;

	while (k > 0 && is_letter(w[k - 1]))
		k--;
	return pos - k;
}

/* Replace URLs (http://, https://, www., bare domain/path) with spaces. */
static void
blank_urls(UChar *w, int32_t n)
{
	int32_t		ts = 0;

	while (ts < n)
	{
		int32_t		te,
					p;

		while (ts < n && is_space(w[ts]))
			ts++;
		te = ts;
		while (te < n && !is_space(w[te]))
			te++;
		for (p = ts; p < te; p++)
		{
			int			hit = 0;

			if ((p == ts || !is_alnum(w[p - 1])) &&
				(ci_match(w, te, p, "http://") || ci_match(w, te, p, "https://") ||
				 ci_match(w, te, p, "www.")))
			{
				int32_t		k;

				for (k = p; k < te; k++)
					w[k] = ' ';
				break;
			}
			if (w[p] == '.' && p > ts && is_alnum(w[p - 1]))
			{
				int			i;

				for (i = 0; url_tlds[i]; i++)
				{
					int32_t		len = (int32_t) strlen(url_tlds[i]);
					int32_t		k;

					/* lower case only, so "ASP.NET" is not a URL */
					for (k = 0; k < len; k++)
						if (p + 1 + k >= te || w[p + 1 + k] != (UChar) url_tlds[i][k])
							break;
					if (k == len && p + 1 + len < te && w[p + 1 + len] == '/')
					{
						hit = 1;
						break;
					}
				}
			}
			if (hit)
			{
				int32_t		k;

				for (k = ts; k < te; k++)
					w[k] = ' ';
				break;
			}
		}
		ts = te;
	}
}

/* Where the title ends and debris begins, or n when nothing is found. */
static int32_t
find_cut(const UChar *w, int32_t n)
{
	int32_t		c;

	/* the whole text is an arXiv note: nothing of it is a title */
	if (word_in_list(w, n, 0, note_phrases))
		return 0;
	for (c = 1; c < n; c++)
	{
		UChar		prev = w[c - 1];

		/* an arXiv or CoRR note at a word start */
		if (!is_alnum(prev) && word_in_list(w, n, c, note_phrases))
			return c;
		if (c + 1 >= n)
			break;
		if (w[c] == '.')
		{
			int32_t		e = c;
			int			prev_ok;
			UChar		next = w[c + 1];
			int32_t		k;

			/* look through closing quotes and marks: "stable?.Advances", "x”. In" */
			while (e > 0 && is_closing(w[e - 1]))
				e--;
			prev = e > 0 ? w[e - 1] : 0;
			prev_ok = e < c ? e > 0 && is_alnum(prev) :
				(is_lower(prev) &&
				 (letters_before(w, e) >= 2 || (e >= 2 && is_digit(w[e - 2])))) ||
				is_digit(prev);

			if (!prev_ok)
				continue;
			/* a glued sentence break: "dnns.Advances", "understanding.arXiv" */
			if (is_upper(next) || ci_match(w, n, c + 1, "arxiv"))
				return c;
			/* ". " then a venue word: ". In Proceedings", ". Nature, 521" */
			k = c + 1;
			while (k < n && is_space(w[k]))
				k++;
			if (k > c + 1 && k < n && word_in_list(w, n, k, venue_words))
				return c;
		}
		else if ((w[c] == '?' || w[c] == '!') && is_letter(prev) && is_upper(w[c + 1]))
			return c + 1;
		else if (w[c] == ',')
		{
			int32_t		k = c + 1;

			/* ", In Proceedings" */
			while (k < n && is_space(w[k]))
				k++;
			if (k > c + 1 && k + 3 < n && w[k] == 'I' && w[k + 1] == 'n' &&
				is_space(w[k + 2]) && is_upper(w[k + 3]))
				return c;
		}
	}
	return n;
}

/* Is w[pos..pos+4) a year 1900-2099? */
static int
is_year(const UChar *w, int32_t pos)
{
	return ((w[pos] == '1' && w[pos + 1] == '9') || (w[pos] == '2' && w[pos + 1] == '0')) &&
		is_digit(w[pos + 2]) && w[pos + 3] < 0x80 && is_digit(w[pos + 3]);
}

/* See title_internal.h. */
int32_t
pith_title_strip_debris(UChar *w, int32_t n)
{
	blank_urls(w, n);
	n = find_cut(w, n);
	for (;;)
	{
		int32_t		k;

		while (n > 0 && !is_alnum(w[n - 1]))
			n--;
		/* a trailing year after ",", "(" or ".": "units, 2016" */
		if (n < 4 || !is_year(w, n - 4) || (n > 4 && is_alnum(w[n - 5])))
			break;
		k = n - 4;
		while (k > 0 && is_space(w[k - 1]))
			k--;
		if (k == 0 || !(w[k - 1] == ',' || w[k - 1] == '(' || w[k - 1] == '.'))
			break;
		n = k - 1;
	}
	return n;
}
