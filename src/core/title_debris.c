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
static inline int
is_letter(UChar c)
{
	if (c < 0x80)
		return (unsigned) ((c | 0x20) - 'a') < 26u;
	return u_isalpha(c);
}

/* ASCII-fast digit test. */
static inline int
is_digit(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_digit((unsigned char) c);
	return u_isdigit(c);
}

/* Letter or digit. */
static inline int
is_alnum(UChar c)
{
	if (c < 0x80)
		return (unsigned) ((c | 0x20) - 'a') < 26u || (unsigned) (c - '0') < 10u;
	return u_isalpha(c) || u_isdigit(c);
}

/* Lower-case letter. */
static inline int
is_lower(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_lower((unsigned char) c);
	return u_islower(c);
}

/* Upper-case (or title-case) letter. */
static inline int
is_upper(UChar c)
{
	if (c < 0x80)
		return pith_ascii_is_upper((unsigned char) c);
	return u_isupper(c) || u_istitle(c);
}

/* White space. */
static inline int
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
	UChar		first;

	if (pos >= n || w[pos] >= 0x80)
		return 0;
	first = (UChar) pith_ascii_lower((unsigned char) w[pos]);
	for (i = 0; list[i]; i++)
	{
		int32_t		len;

		/* the lists are short words: test the first letter before the rest */
		if ((UChar) (unsigned char) list[i][0] != first || !ci_match(w, n, pos, list[i]))
			continue;
		len = (int32_t) strlen(list[i]);
		if (pos + len >= n || !is_letter(w[pos + len]))
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

	/* a URL has a '/' or starts with "www.": most titles have neither */
	for (ts = 0; ts < n; ts++)
		if (w[ts] == '/' || ((w[ts] | 0x20) == 'w' && ci_match(w, n, ts, "www.")))
			break;
	if (ts == n)
		return;
	ts = 0;
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

			UChar		lc = w[p] | 0x20;

			if ((lc == 'h' || lc == 'w') && (p == ts || !is_alnum(w[p - 1])) &&
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

/* Soft cuts found while looking for the hard one. */
typedef struct soft_cuts
{
	int			n;
	int32_t		pos[PITH_TITLE_MAX_CUTS];
} soft_cuts;

/* Remember a place where the title may end (ascending, bounded). */
static void
add_soft(soft_cuts *soft, int32_t c)
{
	if (soft->n > 0 && soft->pos[soft->n - 1] >= c)
		return;
	if (soft->n < PITH_TITLE_MAX_CUTS)
		soft->pos[soft->n++] = c;
}

/*
 * Does w[from..to) hold a number of a publication note: a year (1500-2099)
 * or a digit run next to ':', '(', ')', a dash or "pp"/"pages"?
 */
static int
has_venue_number(const UChar *w, int32_t from, int32_t to)
{
	int32_t		k = from;

	while (k < to)
	{
		int32_t		s = k;

		if (!is_digit(w[k]))
		{
			k++;
			continue;
		}
		while (k < to && is_digit(w[k]))
			k++;
		if (k - s == 4 && w[s] < 0x80 && w[s + 1] < 0x80 &&
			((w[s] == '1' && w[s + 1] >= '5') || (w[s] == '2' && w[s + 1] == '0')))
			return 1;
		if (k < to && (w[k] == ':' || w[k] == '(' || w[k] == ')' || w[k] == '-' ||
					   w[k] == 0x2013 || w[k] == 0x2014))
			return 1;
		if (s > from && (w[s - 1] == '(' || w[s - 1] == ':'))
			return 1;
	}
	return 0;
}

/* Number of words (letter or digit runs) in w[from..to), counting to 4. */
static int
words_upto4(const UChar *w, int32_t from, int32_t to)
{
	int32_t		k;
	int			words = 0,
				in_word = 0;

	for (k = from; k < to && words < 4; k++)
	{
		int			a = is_alnum(w[k]);

		if (a && !in_word)
			words++;
		in_word = a;
	}
	return words;
}

/*
 * A long venue word glued to the next word ("JournalfortheStudy",
 * "Proceedingsofthe"): lost spaces hide the word end, its length is proof.
 */
static int
starts_long_venue_word(const UChar *w, int32_t n, int32_t pos)
{
	static const char *const long_words[] = {
		"journal", "proceedings", "symposium", "transactions", "conference",
		"advances", "available", "workshop", NULL
	};
	int			i;

	for (i = 0; long_words[i]; i++)
		if (ci_match(w, n, pos, long_words[i]))
		{
			int32_t		len = (int32_t) strlen(long_words[i]);

			/* "Journalism", "Advancement": a glued word starts lower case only after the venue word */
			return pos + len < n && !is_lower(w[pos + len]) ? 1 :
				pos + len + 2 < n && (ci_match(w, n, pos + len, "of") || ci_match(w, n, pos + len, "for") ||
									  ci_match(w, n, pos + len, "on") || ci_match(w, n, pos + len, "in") ||
									  ci_match(w, n, pos + len, "from"));
		}
	return 0;
}

/* Words that open a volume or part designation: ". Vol. 2" is no venue. */
static const char *const volume_words[] = {
	"vol", "volume", "part", "teil", "band", "bd", "tome", "tomo", "libro",
	"book", "no", "nr", "chapter", NULL
};

/* Is the word at k a Roman numeral or a number (a volume, not a venue)? */
static int
starts_volume(const UChar *w, int32_t n, int32_t k)
{
	int32_t		e = k;

	if (word_in_list(w, n, k, volume_words))
		return 1;
	while (e < n && (w[e] == 'I' || w[e] == 'V' || w[e] == 'X'))
		e++;
	if (e > k && (e >= n || !is_letter(w[e])))
		return 1;
	e = k;
	while (e < n && is_digit(w[e]))
		e++;
	/* "2. Elektronenmikroskopische ...": a numbered part, not pages */
	return e > k && e - k <= 2 && (e >= n || w[e] == '.' || w[e] == ':');
}

/* "in", "In", "In:", "en", "dans", "im" at k, followed by a space or ':'. */
static int
starts_in_word(const UChar *w, int32_t n, int32_t k)
{
	static const char *const in_words[] = {"in", "en", "dans", "im", NULL};
	int			i;

	for (i = 0; in_words[i]; i++)
	{
		int32_t		len = (int32_t) strlen(in_words[i]);

		if (ci_match(w, n, k, in_words[i]) && k + len < n &&
			(is_space(w[k + len]) || w[k + len] == ':'))
			return 1;
	}
	return 0;
}

/*
 * ASCII characters at which find_cut has a rule: the first letters of the
 * note phrases and the marks '.', '?', '!', ',', '(' (rule_start); only the
 * marks when no note phrase can be in the text (mark_start).
 */
static const unsigned char rule_start[128] = {
	['.'] = 1, ['?'] = 1, ['!'] = 1, [','] = 1, ['('] = 1,
	['a'] = 1, ['A'] = 1, ['c'] = 1, ['C'] = 1, ['p'] = 1, ['P'] = 1,
};
static const unsigned char mark_start[128] = {
	['.'] = 1, ['?'] = 1, ['!'] = 1, [','] = 1, ['('] = 1,
};

/*
 * Does a note phrase start at pos?  word_in_list(note_phrases) after a test
 * of what every phrase starts with: "arxiv", "corr" or "preprint arxiv".
 */
static int
starts_note(const UChar *w, int32_t n, int32_t pos)
{
	UChar		first;

	if (pos >= n || w[pos] >= 0x80)
		return 0;
	first = w[pos] | 0x20;
	if (!((first == 'a' && ci_match(w, n, pos, "arxiv")) ||
		  (first == 'c' && ci_match(w, n, pos, "corr")) ||
		  (first == 'p' && ci_match(w, n, pos, "preprint arxiv"))))
		return 0;
	return word_in_list(w, n, pos, note_phrases);
}

/*
 * Where the title ends and debris begins, or n when nothing is found; the
 * places before it where the title may end, without proof, go to soft.
 * hints (PITH_TITLE_HINT_NO_NOTE, _NO_MARK) skip rules that cannot apply.
 */
static int32_t
find_cut(const UChar *w, int32_t n, soft_cuts *soft, int hints)
{
	int32_t		c;
	int			notes = !(hints & PITH_TITLE_HINT_NO_NOTE);
	const unsigned char *starts = notes ? rule_start : mark_start;

	/* the whole text is an arXiv note: nothing of it is a title */
	if (notes && starts_note(w, n, 0))
		return 0;
	/* no note and no mark: no rule can start anywhere */
	if (!notes && (hints & PITH_TITLE_HINT_NO_MARK))
		return n;
	for (c = 1; c < n; c++)
	{
		UChar		prev;

		/* only a few ASCII characters start a rule: skip the others fast */
		while (c < n && w[c] < 0x80 && !starts[w[c]])
			c++;
		if (c >= n)
			break;
		prev = w[c - 1];
		/* an arXiv or CoRR note at a word start */
		if (notes && !is_alnum(prev) && starts_note(w, n, c))
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
			/* the soft rules also look through spaces, slashes and dashes: "climate ?. The", "Earth //. Proc" */
			{
				int32_t		e2 = e;

				while (e2 > 0 && (is_space(w[e2 - 1]) || w[e2 - 1] == '/' || w[e2 - 1] == 0x2014 ||
								  w[e2 - 1] == 0x2013 || is_closing(w[e2 - 1])))
					e2--;
				if (e2 < e && e2 > 0 && is_alnum(w[e2 - 1]))
				{
					e = e2;
					prev = w[e - 1];
				}
			}

			k = c + 1;
			while (k < n && is_space(w[k]))
				k++;
			if (e == 0 || !is_alnum(prev) || k >= n)
				continue;
			if (prev_ok)
			{
				/* a glued venue: "dnns.Advances", "understanding.arXiv" */
				if (ci_match(w, n, c + 1, "arxiv") || (is_upper(next) && word_in_list(w, n, c + 1, venue_words)) ||
					(is_upper(next) && starts_long_venue_word(w, n, c + 1)))
					return c;
				/* ". " then a venue word: ". In Proceedings", ". Nature, 521" */
				if (k > c + 1 && word_in_list(w, n, k, venue_words))
					return c;
			}
			/*
			 * A glued sentence break, after any letter or digit: a venue or a
			 * subtitle ("Betrachters.Rezeption", "PHILOSOPHY.Alcohol", "craters.inShock").
			 */
			if (k == c + 1)
			{
				if (is_upper(next) ||
					(ci_match(w, n, k, "in") && k + 2 < n && is_upper(w[k + 2])) ||
					/* ".mémoires de la société, 40, 2022", ".in: The Essays, pages 18" */
					(!(is_digit(prev) && is_digit(next)) && has_venue_number(w, k, n)))
					add_soft(soft, c);
				continue;
			}
			/*
			 * ". " then a note: short, with a year or page numbers, or "in":
			 * ". Phys", ". The Lancet, 13(10)", ". in Shock", ". s. l: Setes, 2005"
			 */
			if (starts_volume(w, n, k))
				continue;
			if (starts_in_word(w, n, k) || has_venue_number(w, k, n) ||
				words_upto4(w, k, n) <= 3)
				add_soft(soft, c);
		}
		else if ((w[c] == '?' || w[c] == '!') && is_letter(prev) && is_upper(w[c + 1]))
		{
			if (word_in_list(w, n, c + 1, venue_words))
				return c + 1;
			add_soft(soft, c + 1);
		}
		else if (w[c] == ',')
		{
			int32_t		k = c + 1;

			/* ", In Proceedings"; closing quotes may follow the comma: ",” in" */
			while (k < n && is_closing(w[k]) && w[k] != ')')
				k++;
			while (k < n && is_space(w[k]))
				k++;
			if (k == c + 1)
				continue;
			if (k + 3 < n && w[k] == 'I' && w[k + 1] == 'n' &&
				is_space(w[k + 2]) && is_upper(w[k + 3]))
				return c;
			/* ", in The Lancet", ", en: Actas", ", dans Revue" */
			if (starts_in_word(w, n, k))
				add_soft(soft, c);
			/* ", Journal of X, 12(3)": a capitalized note with a year or pages in it */
			else if (k < n && is_upper(w[k]) && !starts_volume(w, n, k) && has_venue_number(w, k, n))
				add_soft(soft, c);
		}
		else if (w[c] == '(' && is_space(prev))
		{
			/* " (Fortress: Minneapolis, 1991)", " (Paris, 1986)", " (Plenum): Innsbruck, 1991" */
			if (!starts_volume(w, n, c + 1) && has_venue_number(w, c + 1, n))
				add_soft(soft, c);
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

/* Value of a Roman numeral made of I, V, X (1..39), or 0. */
static int
roman_value(const UChar *w, int32_t from, int32_t to)
{
	int			total = 0;
	int32_t		k;
	char		buf[8];
	int			len = to - from;
	static const char *const valid[] = {
		"i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", NULL
	};
	int			i,
				tens = 0;

	if (len > 7)
		return 0;
	for (k = from; k < to; k++)
	{
		UChar		c = w[k] < 0x80 ? pith_ascii_lower((unsigned char) w[k]) : 0;

		if (c != 'i' && c != 'v' && c != 'x')
			return 0;
		buf[k - from] = (char) c;
	}
	buf[len] = '\0';
	/* tens first (up to three x), then a valid unit part or nothing */
	while (tens < 3 && buf[tens] == 'x')
		tens++;
	if (buf[tens] == '\0')
		return tens * 10;
	for (i = 0; valid[i]; i++)
		if (strcmp(buf + tens, valid[i]) == 0)
		{
			total = tens * 10 + i + 1;
			break;
		}
	return total;
}

/* Mix a number into a signature word (splitmix64 finalizer). */
static uint64_t
mix_number(uint64_t x)
{
	x += 0x9E3779B97F4A7C15ULL;
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
	return x ^ (x >> 31);
}

/* Classes of ASCII characters for number_signatures. */
#define NC_LETTER	1
#define NC_DIGIT	2
#define NC_IVX		4			/* i, v, x in either case */
static const unsigned char number_class[128] = {
	['0'] = NC_DIGIT, ['1'] = NC_DIGIT, ['2'] = NC_DIGIT, ['3'] = NC_DIGIT,
	['4'] = NC_DIGIT, ['5'] = NC_DIGIT, ['6'] = NC_DIGIT, ['7'] = NC_DIGIT,
	['8'] = NC_DIGIT, ['9'] = NC_DIGIT,
	['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1, ['F'] = 1, ['G'] = 1,
	['H'] = 1, ['I'] = 5, ['J'] = 1, ['K'] = 1, ['L'] = 1, ['M'] = 1, ['N'] = 1,
	['O'] = 1, ['P'] = 1, ['Q'] = 1, ['R'] = 1, ['S'] = 1, ['T'] = 1, ['U'] = 1,
	['V'] = 5, ['W'] = 1, ['X'] = 5, ['Y'] = 1, ['Z'] = 1,
	['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1,
	['h'] = 1, ['i'] = 5, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
	['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1,
	['v'] = 5, ['w'] = 1, ['x'] = 5, ['y'] = 1, ['z'] = 1,
};

/*
 * The end of the run of letters that starts at e: four ASCII letters at a
 * time while there are (a 64-bit test of four UTF-16 units: none above
 * 0x7F, each in A-Z or a-z once ORed with 0x20), then one unit at a time.
 */
static inline int32_t
letters_end(const UChar *w, int32_t e, int32_t n)
{
	const uint64_t lanes15 = 0x8000800080008000ULL;

	while (e + 4 <= n)
	{
		uint64_t	x,
					l,
					ge_a,
					le_z;

		memcpy(&x, w + e, sizeof(x));
		if (x & 0xFF80FF80FF80FF80ULL)
			break;
		l = x | 0x0020002000200020ULL;
		ge_a = (l | lanes15) - 0x0061006100610061ULL;	/* bit 15: lane >= 'a' */
		le_z = 0x807A807A807A807AULL - l;	/* bit 15: lane <= 'z' */
		if ((ge_a & le_z & lanes15) != lanes15)
			break;
		e += 4;
	}
	while (e < n)
	{
		UChar		d = w[e];

		if (d < 0x80 ? !(number_class[d] & NC_LETTER) : !is_letter(d))
			break;
		e++;
	}
	return e;
}

/*
 * The value of the word (run of letters) that starts at i as a number, 0
 * when it is none; *end gets the word's end.  A numeral when all its
 * letters are I, V or X (at least two, or a lone one that no word follows),
 * or when it ends in two or more capital numerals glued after a lower-case
 * letter; not when the word is broken at a line end ("vi- tesses").
 */
static uint64_t
word_number(const UChar *w, int32_t n, int32_t i, int32_t *end)
{
	UChar		c = w[i];
	int32_t		e,
				s = i;
	int			all = 0;
	uint64_t	value = 0;

	e = letters_end(w, i, n);
	*end = e;
	/* all its letters numeral letters?  Only words starting with i, v, x are looked at */
	if (c < 0x80 && (number_class[c] & NC_IVX))
	{
		int32_t		m = i + 1;

		while (m < e && w[m] < 0x80 && (number_class[w[m]] & NC_IVX))
			m++;
		all = m == e;
	}
	/* "BéticaII": capital numerals glued after a lower-case letter */
	if (w[e - 1] == 'I' || w[e - 1] == 'V' || w[e - 1] == 'X')
	{
		int32_t		r = e;

		while (r > i && (w[r - 1] == 'I' || w[r - 1] == 'V' || w[r - 1] == 'X'))
			r--;
		if (r > i && r < e && is_lower(w[r - 1]) && e - r >= 2)
			s = r;
	}
	if (s > i || (all && e - i >= 2))
		value = (uint64_t) roman_value(w, s, e);
	else if (all && (i == 0 || !is_alnum(w[i - 1])))
	{
		/* a lone I, V, X is a numeral when no word follows: "Part I.", "Theory I (" */
		int32_t		a = e;

		while (a < n && is_space(w[a]))
			a++;
		if (a >= n || !is_letter(w[a]))
			value = (uint64_t) roman_value(w, i, e);
	}
	/* a word broken at a line end is no numeral: "vi- tesses", "ii-ness" */
	if (value > 0 && e < n && w[e] == '-')
	{
		int32_t		a = e + 1;

		while (a < n && is_space(w[a]))
			a++;
		if (a < n && is_lower(w[a]))
			value = 0;
	}
	return value;
}

/*
 * Number signatures of w[0..n): the sum of one mixed word per number (digit
 * run, or Roman numeral word), so the order of the numbers does not matter;
 * shape->numsig[k] covers the numbers that end at or before shape->cut[k].
 * A word is a numeral only when all its letters are I, V or X, or when it
 * ends in capital numerals glued after a lower-case letter (word_number):
 * the scan skips, through number_class, every ASCII character that is not
 * a digit or one of i, v, x, and looks at a word only at its start when
 * that is a numeral letter, or else at a capital I, V, X inside it.
 */
static void
number_signatures(const UChar *w, int32_t n, pith_title_shape *shape)
{
	uint64_t	sig = 0;
	int32_t		i = 0;
	int			k = 0;

	while (i < n)
	{
		UChar		c;
		uint64_t	value = 0;
		int			is_number = 0;

		/* a number starts only at a digit or at one of i, v, x: skip to one */
		while (i < n && w[i] < 0x80 && !(number_class[w[i]] & (NC_DIGIT | NC_IVX)))
			i++;
		if (i >= n)
			break;
		c = w[i];
		if (c < 0x80 ? (number_class[c] & NC_DIGIT) : is_digit(c))
		{
			int			digits = 0;

			while (i < n && is_digit(w[i]))
			{
				int			d = w[i] < 0x80 ? w[i] - '0' : u_charDigitValue(w[i]);

				if (digits < 18)
					value = value * 10 + (uint64_t) (d < 0 ? 0 : d);
				if (value > 0)
					digits++;
				i++;
			}
			is_number = 1;
		}
		else
		{
			int32_t		ws = i,
						e;

			if (c >= 0x80 && !is_letter(c))
			{
				i++;
				continue;
			}
			if (i > 0 && is_letter(w[i - 1]))
			{
				/*
				 * Inside a word that does not start with i, v or x (else it was
				 * taken whole at its start): only capital numerals glued at its
				 * end make it a number, so only a capital I, V, X here matters;
				 * the word is then taken whole from its start.
				 */
				if (c != 'I' && c != 'V' && c != 'X')
				{
					i++;
					continue;
				}
				while (ws > 0 && is_letter(w[ws - 1]))
					ws--;
			}
			else if (c >= 0x80)
			{
				/* a word starting with a letter that is no numeral: as above */
				i++;
				continue;
			}
			value = word_number(w, n, ws, &e);
			is_number = value > 0;
			i = e;
		}
		while (k < shape->ncuts && shape->cut[k] < i)
			shape->numsig[k++] = sig;
		if (is_number)
			sig += mix_number(value);
	}
	while (k <= shape->ncuts)
		shape->numsig[k++] = sig;
}

/* End w[0..n) before trailing marks and trailing years: "units, 2016." */
static int32_t
strip_trailing_years(const UChar *w, int32_t n)
{
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

/*
 * A sure rule ended the title at c before debris w[c..n); when that debris
 * ends with a volume or part designator ("Place and Sensory Composition, In
 * X", ". In. Teil IV", ". Symposium ... Symposium. Teil VI"), the series
 * volume is the title's, not the venue's: keep it, moved to w[c] after a
 * space, so that volume V and volume VI of one series stay different keys.
 * A designator is a Roman numeral (I, V, X; 1..39) or a number of one or
 * two digits, after a volume word ("Teil", "Part", "Vol."), or, for a
 * numeral, as the only word after the note's first word ("In X").  Returns
 * the title's new length (c when nothing is kept).
 */
static int32_t
keep_designator(UChar *w, int32_t c, int32_t n)
{
	int32_t		e = n,
				s,
				v,
				ve,
				words = 0,
				i;
	int			roman;

	while (e > c && !is_alnum(w[e - 1]))
		e--;
	s = e;
	while (s > c && is_alnum(w[s - 1]))
		s--;
	if (s == e || s == c || is_alnum(w[s - 1]))
		return c;
	roman = is_upper(w[s]) && roman_value(w, s, e) > 0;
	if (!roman)
	{
		for (i = s; i < e; i++)
			if (!is_digit(w[i]))
				return c;
		if (e - s > 2)
			return c;
	}
	/* the word before: a volume word, or the note's first word for a numeral */
	v = s;
	while (v > c && !is_alnum(w[v - 1]))
		v--;
	ve = v;
	while (v > c && is_letter(w[v - 1]))
		v--;
	if (v == ve)
		return c;
	if (!word_in_list(w, n, v, volume_words))
	{
		for (i = c; i < s; i++)
			if (is_alnum(w[i]) && (i == c || !is_alnum(w[i - 1])))
				words++;
		if (!(roman && words == 1))
			return c;
		v = s;
	}
	/* move w[v..e) to c, after one space */
	if (v - c < 1)
		return c;
	w[c] = ' ';
	memmove(w + c + 1, w + v, (size_t) (e - v) * sizeof(UChar));
	return c + 1 + (e - v);
}

/* See title_internal.h. */
int32_t
pith_title_strip_debris(UChar *w, int32_t n, pith_title_shape *shape, int hints)
{
	soft_cuts	soft;
	int			i;

	int32_t		whole = n;

	soft.n = 0;
	if (!(hints & PITH_TITLE_HINT_NO_URL))
		blank_urls(w, n);
	n = find_cut(w, n, &soft, hints);
	if (n < whole)
		n = keep_designator(w, n, whole);
	if (shape)
		shape->hard_cut = n < whole;
	n = strip_trailing_years(w, n);
	if (!shape)
		return n;
	shape->ncuts = 0;
	for (i = 0; i < soft.n; i++)
	{
		/* a title ended at a cut loses its trailing year as a whole one does */
		int32_t		c = strip_trailing_years(w, soft.pos[i]);

		if (c > 0 && c < n && (shape->ncuts == 0 || c > shape->cut[shape->ncuts - 1]))
			shape->cut[shape->ncuts++] = c;
	}
	number_signatures(w, n, shape);
	return n;
}
