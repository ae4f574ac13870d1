/*
 * ref_fields.c -- field assembly and quality verdict of the reference
 * parser: from the label of every token (the CRF's output) to the title,
 * year, authors (one entry per person, as printed), container, volume,
 * issue, pages, publisher and location, and the verdict on whether a real
 * title was found.  The identifiers come from the rule-based extractor
 * (ref_identifiers.c), never from the labels, and no year is read out of
 * an identifier: identifier spans are single tokens that are never years.
 */
#include "reference_parse.h"
#include "ascii.h"
#include "ref_lexicon.h"

#include <stdbool.h>
#include <string.h>

static size_t
al8(size_t n)
{
	return (n + 7) & ~(size_t) 7;
}

size_t
pith_ref_fields_workspace_len(size_t len)
{
	size_t		cap = len + 1;

	/* 7 single fields, the authors' text (names plus NULs), pointers */
	return 10 * al8(cap) + al8(cap * sizeof(char *)) + 16;
}

/* Is the UTF-8 sequence at out[o - 3..o) a closing curly quote ” ’ or »? */
static size_t
closing_quote_len(const char *s, size_t o)
{
	if (o >= 3 && (unsigned char) s[o - 3] == 0xE2 && (unsigned char) s[o - 2] == 0x80 &&
		((unsigned char) s[o - 1] == 0x9D || (unsigned char) s[o - 1] == 0x99))
		return 3;
	if (o >= 2 && (unsigned char) s[o - 2] == 0xC2 && (unsigned char) s[o - 1] == 0xBB)
		return 2;
	return 0;
}

/* Length of an opening quote “ ‘ „ « at s[k..o), 0 if none. */
static size_t
opening_quote_len(const char *s, size_t k, size_t o)
{
	if (k + 2 < o && (unsigned char) s[k] == 0xE2 && (unsigned char) s[k + 1] == 0x80 &&
		((unsigned char) s[k + 2] == 0x9C || (unsigned char) s[k + 2] == 0x98 ||
		 (unsigned char) s[k + 2] == 0x9E))
		return 3;
	if (k + 1 < o && (unsigned char) s[k] == 0xC2 && (unsigned char) s[k + 1] == 0xAB)
		return 2;
	return 0;
}

/*
 * Does the opening quote of q bytes at out[k] close before out[o]: „ or “
 * with ” or “, « with »?  A title that opens with a quoted word goes on
 * past it ("„Arbeitsgesellschaft“. Strukturprobleme und ..."), and keeps
 * its quotes.
 */
static bool
closed_inside(const char *out, size_t k, size_t q, size_t o)
{
	bool		guillemet = q == 2;

	if (!guillemet && (unsigned char) out[k + 2] == 0x98)
		return false;			/* ‘ closes with ’, an apostrophe as often */
	for (size_t i = k + q; i + 1 < o; i++)
		if (guillemet ? ((unsigned char) out[i] == 0xC2 && (unsigned char) out[i + 1] == 0xBB)
			: (i + 2 < o && (unsigned char) out[i] == 0xE2 && (unsigned char) out[i + 1] == 0x80 &&
			   ((unsigned char) out[i + 2] == 0x9D || (unsigned char) out[i + 2] == 0x9C)))
			return true;
	return false;
}

/* Does s[a..b) hold more closing than opening marks of the pair? */
static bool
unbalanced_close(const char *s, size_t a, size_t b, char open, char close)
{
	int			depth = 0;

	for (size_t k = a; k < b; k++)
	{
		if (s[k] == open)
			depth++;
		else if (s[k] == close)
			depth--;
	}
	return depth < 0;
}

static bool
unbalanced_open(const char *s, size_t a, size_t b, char open, char close)
{
	int			depth = 0;

	for (size_t k = a; k < b; k++)
	{
		if (s[k] == open)
			depth++;
		else if (s[k] == close && depth > 0)
			depth--;
	}
	return depth > 0;
}

/*
 * Copy s[a..b) into out as a cleaned-up field: braces dropped, spaces
 * single, separators, quotes and unbalanced brackets trimmed at both ends.
 * keep_period keeps a final '.' (an initial: "J.").  Returns the length.
 */
static size_t
polish(const char *s, size_t a, size_t b, char *out, bool keep_period)
{
	size_t		o = 0,
				k = 0;
	bool		changed = true;

	for (size_t i = a; i < b; i++)
	{
		char		c = s[i];

		if (c == '{' || c == '}')
			continue;
		if (c == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = c;
	}
	while (changed && o > 0)
	{
		size_t		q;

		changed = false;
		while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == ',' || out[o - 1] == ';' ||
						 out[o - 1] == ':' || out[o - 1] == '"' || out[o - 1] == '\'' ||
						 out[o - 1] == '(' || out[o - 1] == '[' || out[o - 1] == '/' ||
						 (out[o - 1] == '.' && !keep_period)))
		{
			o--;
			changed = true;
		}
		if ((q = closing_quote_len(out, o)) > 0)
		{
			o -= q;
			changed = true;
		}
		/* a dash left at the end: "Title –" */
		if (o >= 3 && (unsigned char) out[o - 3] == 0xE2 && (unsigned char) out[o - 2] == 0x80 &&
			((unsigned char) out[o - 1] == 0x93 || (unsigned char) out[o - 1] == 0x94))
		{
			o -= 3;
			changed = true;
		}
		if (o > 0 && out[o - 1] == '-' && (o < 2 || out[o - 2] == ' '))
		{
			o--;
			changed = true;
		}
		if (o > 0 && ((out[o - 1] == ')' && unbalanced_close(out, 0, o, '(', ')')) ||
					  (out[o - 1] == ']' && unbalanced_close(out, 0, o, '[', ']'))))
		{
			o--;
			changed = true;
		}
	}
	/* leading separators, quotes, unbalanced opening brackets */
	for (;;)
	{
		size_t		q;

		if (k < o && (out[k] == ' ' || out[k] == '"' || out[k] == '\'' || out[k] == '`' ||
					  out[k] == ',' || out[k] == ';' || out[k] == ':' || out[k] == '.' ||
					  out[k] == ')' || out[k] == ']'))
			k++;
		else if ((q = opening_quote_len(out, k, o)) > 0 && !closed_inside(out, k, q, o))
			k += q;
		else if (k < o && ((out[k] == '(' && unbalanced_open(out, k, o, '(', ')')) ||
						   (out[k] == '[' && unbalanced_open(out, k, o, '[', ']'))))
			k++;
		else
			break;
	}
	if (k > 0)
		memmove(out, out + k, o - k);
	o -= k;
	out[o] = '\0';
	return o;
}

/*
 * The title's text: the repaired text's bytes [b, e) polished (polish),
 * with the suspended hyphens the repair joined given back ("self- and
 * parent-report", not "selfand parent-report"): where the repair dropped a
 * hyphen and blanks of the input before a conjunction.  scratch and out
 * each have room for the input's length plus one.
 */
static size_t
polish_title(const pith_ref_analysis *a, size_t b, size_t e, char *scratch, char *out)
{
	size_t		o = 0;

	for (size_t i = b; i < e; i++)
	{
		if (i > b && a->src[i] > a->src[i - 1] + 2 && a->in[a->src[i - 1] + 1] == '-' &&
			pith_ref_suspended_hyphen_before(a->norm + i, a->nlen - i))
		{
			bool		blanks = true;

			for (uint32_t k = a->src[i - 1] + 2; k < a->src[i]; k++)
				blanks = blanks && (a->in[k] == ' ' || a->in[k] == '\n' || a->in[k] == '\r' || a->in[k] == '\t');
			if (blanks)
			{
				scratch[o++] = '-';
				scratch[o++] = ' ';
			}
		}
		scratch[o++] = a->norm[i];
	}
	return polish(scratch, 0, o, out, false);
}

/* Does t[0..n) hold a letter (ASCII or any non-ASCII letter-like byte)? */
static bool
has_letter(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		size_t		cl;
		uint32_t	cp = pith_ref_utf8(t, n, i, &cl);

		if ((cp < 0x80 && pith_ascii_is_alpha((unsigned char) cp)) ||
			(cp >= 0x80 && !pith_ref_is_punct_cp(cp)))
			return true;
		i += cl - 1;
	}
	return false;
}

/* Does the text read as an access date ("Accessed: 2024-12")? */
static bool
access_line(const char *t, size_t n)
{
	static const char *const starts[] = {
		"accessed", "last accessed", "retrieved", "visited", "viewed", "cited",
		"available at", "available from", "available:", "available online", "[online]",
		"online:", "date accessed", "abgerufen", "zugegriffen", "zugriff", "consulté", NULL
	};

	for (const char *const *w = starts; *w; w++)
		if (pith_ascii_at_ci(t, n, 0, *w))
			return true;
	return false;
}

/*
 * Does a "title" read as a venue line ("Proceedings of ...", "In19th USENIX
 * Conference", "In: ...")?  The labeller sometimes takes a lone venue for a
 * title; the verdict then is venue_only -- unless it labelled a container
 * elsewhere, which makes the venue-like words the title's ("Symposium on
 * antimicrobial agents: vancomycin. Mayo Clin Proc 1999").
 */
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
		"conference", "workshop", "symposium", "european", "findings", "journal", NULL
	};

	for (const char *const *w = starts; *w; w++)
		if (pith_ascii_at_ci(t, n, 0, *w))
			return true;
	if (n > 3 && t[0] == 'I' && t[1] == 'n')
	{
		if (pith_ascii_is_digit((unsigned char) t[2]))
			return true;		/* "In19th USENIX Conference" */
		if (t[2] == ' ')
		{
			if (pith_ascii_is_digit((unsigned char) t[3]))
				return true;
			for (const char *const *w = after_in; *w; w++)
				if (pith_ascii_at_ci(t, n, 3, *w) &&
					(n == 3 + strlen(*w) || !pith_ascii_is_alpha((unsigned char) t[3 + strlen(*w)])))
					return true;
		}
	}
	return false;
}

/*
 * A back reference to the work a footnote cited before: its cue ("Ebd.",
 * "ibid.", "a.a.O.", "op. cit.") and at most a locator ("Ebd., S. 112",
 * "ibid., pp. 3-4"), no title of its own.
 */
static bool
back_reference(const char *t, size_t n)
{
	static const char *const cues[] = {"ebd", "ebenda", "ibid", "ibidem", "a.a.o", "op. cit", "loc. cit", NULL};
	static const char *const locators[] = {"s", "p", "pp", "f", "ff", "hier", NULL};
	size_t		i = 0;

	for (const char *const *w = cues; *w && i == 0; w++)
	{
		size_t		l = pith_ascii_starts_with_ci(t, n, *w);

		if (l > 0 && (l == n || !pith_ascii_is_alpha((unsigned char) t[l])))
			i = l;
	}
	if (i == 0)
		return false;
	while (i < n)
	{
		size_t		a = i;
		bool		locator = false;

		if (!pith_ascii_is_alpha((unsigned char) t[i]))
		{
			i++;
			continue;
		}
		while (i < n && pith_ascii_is_alpha((unsigned char) t[i]))
			i++;
		for (const char *const *w = locators; *w; w++)
			locator |= pith_ascii_eq_ci(t + a, i - a, *w);
		if (!locator)
			return false;
	}
	return true;
}

/* Words that are a venue or locator, never a title on their own. */
static bool
junk_title(const char *t, size_t n)
{
	static const char *const junk[] = {
		"arxiv", "arxiv preprint", "preprint", "corr", "arxiv e-prints", "doi", "in", "online",
		"available", "url", "e-print", "eprint",
		/* notes that stand where a title would: the work is a conversation or data */
		"personal communication", "personal interview", "private communication", "personal correspondence",
		"pers. comm", "pers. comm.", "persönliche mitteilung", "mündliche mitteilung", "communication personnelle",
		"unpublished data", "unpublished observations", "unpublished results", NULL
	};

	for (const char *const *w = junk; *w; w++)
		if (pith_ascii_eq_ci(t, n, *w))
			return true;
	return !has_letter(t, n) || back_reference(t, n);
}

/*
 * The run of tokens labelled c: the longest (by token count, the first of
 * equals) when longest, else the first.  Returns false if none.
 */
static bool
find_run(const pith_ref_analysis *a, const char *labels, char c, bool longest, size_t *ra, size_t *rb)
{
	size_t		best_a = 0,
				best_len = 0;

	for (size_t t = 0; t < a->ntok;)
	{
		size_t		e = t;

		if (labels[t] != c)
		{
			t++;
			continue;
		}
		while (e < a->ntok && labels[e] == c)
			e++;
		if (e - t > best_len)
		{
			best_a = t;
			best_len = e - t;
			if (!longest)
				break;
		}
		t = e;
	}
	if (best_len == 0)
		return false;
	*ra = best_a;
	*rb = best_a + best_len;
	return true;
}

/* Is token t exactly the text q? */
static bool
tok_is(const pith_ref_analysis *a, size_t t, const char *q)
{
	size_t		l = strlen(q);

	return t < a->ntok && a->tok[t].end - a->tok[t].start == l && memcmp(a->norm + a->tok[t].start, q, l) == 0;
}

/*
 * Is token t one of the words of list (NULL-terminated; ASCII letters
 * compared without case), or, prefix, does it start with one?
 */
static bool
tok_in_list(const pith_ref_analysis *a, size_t t, const char *const *list, bool prefix)
{
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;

	for (; *list; list++)
		if (prefix ? pith_ascii_starts_with_ci(w, n, *list) != 0 : pith_ascii_eq_ci(w, n, *list))
			return true;
	return false;
}

/*
 * Does token t end with one of the words of list (NULL-terminated; ASCII
 * letters compared without case), all of it or after a hyphen
 * ("IAB-Kurzbericht", "WSI-Report")?
 */
static bool
tok_ends_with_list(const pith_ref_analysis *a, size_t t, const char *const *list)
{
	const char *x = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;

	for (; *list; list++)
	{
		size_t		l = strlen(*list);

		if (n >= l && pith_ascii_eq_ci(x + n - l, l, *list) && (n == l || x[n - l - 1] == '-'))
			return true;
	}
	return false;
}

/*
 * Is token t a German-style opening » (»On the probability ...«): glued to
 * the word after it, as French closing ones are not?
 */
static bool
german_open_tok(const pith_ref_analysis *a, size_t t)
{
	return tok_is(a, t, "\xC2\xBB") && t + 1 < a->ntok && !a->tok[t + 1].space_before;
}

/* Is token t an opening quote (“ « „ ‘ ", or a German-style »)? */
static bool
open_quote_tok(const pith_ref_analysis *a, size_t t)
{
	return tok_is(a, t, "\xE2\x80\x9C") || tok_is(a, t, "\xC2\xAB") || tok_is(a, t, "\xE2\x80\x9E") ||
		tok_is(a, t, "\xE2\x80\x98") || tok_is(a, t, "\"") || german_open_tok(a, t);
}

/* Is token t a closing quote (” » ", or a German-style « glued to the word before it)? */
static bool
close_quote_tok(const pith_ref_analysis *a, size_t t)
{
	return tok_is(a, t, "\xE2\x80\x9D") || tok_is(a, t, "\"") ||
		(tok_is(a, t, "\xC2\xBB") && !german_open_tok(a, t)) ||
		(tok_is(a, t, "\xC2\xAB") && t > 0 && !a->tok[t].space_before);
}

/* The first token at or after t that is not punctuation (ntok if none). */
static size_t
skip_punct(const pith_ref_analysis *a, size_t t)
{
	while (t < a->ntok && a->tok[t].kind == PITH_TOK_PUNCT)
		t++;
	return t;
}

/* Does the run [ta, tb) contain a word or number token? */
static bool
run_has_word(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	for (size_t t = ta; t < tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD || a->tok[t].kind == PITH_TOK_NUMBER)
			return true;
	return false;
}

/* How many word tokens are among [ta, tb)? */
static size_t
run_word_count(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		words = 0;

	for (size_t t = ta; t < tb; t++)
		words += a->tok[t].kind == PITH_TOK_WORD;
	return words;
}

/*
 * A field from the first run labelled c: its text polished into buf;
 * marker words at its start ("Vol.", "pp.", "S.", "Nr.") dropped when
 * strip_markers.  NULL when absent.
 */
static const char *
simple_field(const pith_ref_analysis *a, const char *labels, char c, bool strip_markers, char *buf)
{
	size_t		ta,
				tb;

	if (!find_run(a, labels, c, false, &ta, &tb))
		return NULL;
	if (strip_markers)
		while (ta < tb && (a->tok[ta].kind == PITH_TOK_PUNCT ||
						   (a->tok[ta].kind == PITH_TOK_WORD &&
							(a->info[ta].lex & (PITH_LEX_VOLUME | PITH_LEX_PAGES)))))
			ta++;
	if (ta >= tb || !run_has_word(a, ta, tb))
		return NULL;
	if (polish(a->norm, a->tok[ta].start, a->tok[tb - 1].end, buf, false) == 0)
		return NULL;
	return buf;
}

/* Is token t a slash between persons: outside brackets, not in a markup tag ("</i>")? */
static bool
slash_between(const pith_ref_analysis *a, size_t t, int depth)
{
	return depth == 0 && tok_is(a, t, "/") && !(t > 0 && tok_is(a, t - 1, "<"));
}

/* Bracket depth after token t, from the depth before it. */
static int
bracket_depth(const pith_ref_analysis *a, size_t t, int depth)
{
	if (a->tok[t].kind == PITH_TOK_PUNCT && strchr("([", a->norm[a->tok[t].start]))
		return depth + 1;
	if (a->tok[t].kind == PITH_TOK_PUNCT && strchr(")]", a->norm[a->tok[t].start]) && depth > 0)
		return depth - 1;
	return depth;
}

/*
 * Is token t a separator between persons in an author list?  In a list
 * whose persons are separated by slashes, as German social science writes
 * them ("Allmendinger, Jutta/Hinz, Thomas"), a comma is inside a person
 * and a slash at bracket depth 0 (slash_between) separates.
 */
static bool
person_separator(const pith_ref_analysis *a, size_t t, bool slashes, int depth)
{
	const pith_ref_token *k = &a->tok[t];
	const char *s = a->norm + k->start;
	size_t		len = k->end - k->start;

	if (k->kind == PITH_TOK_PUNCT)
		return (s[0] == ',' && !slashes) || s[0] == ';' || s[0] == '&' || (slashes && slash_between(a, t, depth));
	if (k->kind != PITH_TOK_WORD)
		return false;
	/* "et al.", "others", "u.a.": dropped like a separator */
	if ((a->info[t].lex & PITH_LEX_ETAL) && !pith_ascii_eq_ci(s, len, "et"))
		return true;
	if (pith_ascii_eq_ci(s, len, "et") && t + 1 < a->ntok && (a->info[t + 1].lex & PITH_LEX_ETAL))
		return true;
	if (!(a->info[t].lex & PITH_LEX_AND))
		return false;
	/* "and" / "und" / "et" (French) */
	/* a lone "e" / "y" is a connector only between names */
	return len > 1 || (t > 0 && a->tok[t - 1].kind == PITH_TOK_WORD && t + 1 < a->ntok &&
					   a->tok[t + 1].kind == PITH_TOK_WORD && a->info[t + 1].casecls == 1);
}

/*
 * Are the persons of the author run [ta, tb) separated by slashes, each
 * with at most one comma of its own ("Meier, K./Schulze, P.",
 * "Allmendinger, Jutta/Hinz, Thomas")?  Not "Agency (Cal/EPA)", and not
 * "Dalitz, Christoph, Michael Droettboom, Bastian Czerwinski/Pranzas".
 */
static bool
slash_list(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	int			depth = 0,
				commas = 0,
				slashes = 0;

	for (size_t t = ta; t < tb; t++)
	{
		if (slash_between(a, t, depth) || tok_is(a, t, ";") || tok_is(a, t, "&") ||
			(a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & PITH_LEX_AND)))
		{
			slashes += tok_is(a, t, "/");
			commas = 0;
		}
		else if (depth == 0 && tok_is(a, t, ",") && t + 1 < tb && a->tok[t + 1].kind == PITH_TOK_WORD &&
				 !(a->info[t + 1].lex & PITH_LEX_AND) && ++commas > 1)
			return false;
		depth = bracket_depth(a, t, depth);
	}
	return slashes > 0;
}

/* Is the token segment [ta, tb) made of initials only ("J.", "M.-W.", "JA")? */
static bool
initials_only(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	bool		any = false;

	for (size_t t = ta; t < tb; t++)
	{
		const pith_ref_token *k = &a->tok[t];
		char		c = a->norm[k->start];

		if (k->kind == PITH_TOK_PUNCT && (c == '.' || c == '-'))
			continue;
		if (k->kind == PITH_TOK_WORD && (a->info[t].initial ||
										 (a->info[t].casecls == 2 && k->end - k->start <= 3)))
		{
			any = true;
			continue;
		}
		return false;
	}
	return any;
}

/* Does the segment [ta, tb) hold "et al.", "others", "u.a." only? */
static bool
etal_only(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	bool		any = false;

	for (size_t t = ta; t < tb; t++)
	{
		if (a->tok[t].kind == PITH_TOK_PUNCT)
			continue;
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & PITH_LEX_ETAL))
		{
			any = true;
			continue;
		}
		return false;
	}
	return any;
}

/* Does the segment have exactly one word token? */
static bool
one_word(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		words = 0;

	for (size_t t = ta; t < tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
			words++;
		else if (!(a->tok[t].kind == PITH_TOK_PUNCT && a->norm[a->tok[t].start] == '-'))
			return false;
	return words == 1;
}

/* Is [ta, tb) one or two capitalised words, and nothing else ("Jules", "Heathcote William")? */
static bool
given_names(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		words = 0;

	for (size_t t = ta; t < tb; t++)
	{
		if (a->tok[t].kind != PITH_TOK_WORD || a->info[t].casecls != 1 || a->info[t].initial)
			return false;
		words++;
	}
	return words >= 1 && words <= 2;
}

/*
 * The first person of a list whose first name is inverted and the others
 * not, as MLA and Chicago print it: "Toner, Jules, Love and Friendship",
 * "Beisheim, Marianne, Tanja A. Börzel, ... and Bernhard Zangl".  Segment
 * 0 is one word, segment 1 one or two capitalised words after a comma,
 * and every later segment holds two words or more (given name and family
 * name): then segments 0 and 1 are one person.  Surnames alone ("Smith,
 * Jones, Brown") are left apart.
 */
static bool
inverted_first_person(const pith_ref_analysis *a, const size_t *seg_a, const size_t *seg_b, size_t nseg)
{
	if (nseg < 2 || !one_word(a, seg_a[0], seg_b[0]) || !given_names(a, seg_a[1], seg_b[1]) ||
		seg_b[0] + 1 != seg_a[1] || a->norm[a->tok[seg_b[0]].start] != ',')
		return false;
	for (size_t s = 2; s < nseg; s++)
		if (run_word_count(a, seg_a[s], seg_b[s]) < 2)
			return false;
	return true;
}

/*
 * Does the reference open with its editors?  An edited volume cited by its
 * editors ("Müller, H. (Hrsg.) (2010): ...") names them in the authors'
 * place, and they are who a reader (and the resolver) would look the work
 * up by.  Editors named later ("In: K. Keck (ed.), ...") are not the
 * work's.  Asked only when no author is labelled.
 */
static bool
opens_with_editors(const pith_ref_analysis *a, const char *labels)
{
	for (size_t t = 0; t < a->ntok; t++)
		if (labels[t] != 'o' && labels[t] != 'k')
			return labels[t] == 'e';
	return false;
}

/* Is token t a group of capital initials ("S", "JC", "J-K")? */
static bool
initials_tok(const pith_ref_analysis *a, size_t t)
{
	size_t		n = a->tok[t].end - a->tok[t].start,
				caps = 0;

	if (a->tok[t].kind != PITH_TOK_WORD || n > 4)
		return false;
	for (size_t i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) a->norm[a->tok[t].start + i];

		if (pith_ascii_is_upper(c))
			caps++;
		else if (c != '-')
			return false;
	}
	return caps > 0;
}

/*
 * Are the initials of the author run before token tb written without
 * periods ("Smith J, Jones K")?  Only when there is one and none has a
 * period after it.
 */
static bool
undotted_initials(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	bool		any = false;

	for (size_t t = ta; t < tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].initial || initials_tok(a, t)))
		{
			if (t + 1 < a->ntok && tok_is(a, t + 1, ".") && !a->tok[t + 1].space_before)
				return false;
			any = true;
		}
	return any;
}

/*
 * The authors: the tokens from the first to the last author-labelled token
 * of the first author run (and runs joined to it by separators), split into
 * persons.  "Smith, J., Jones, K." pairs surnames with their initials;
 * "J. Smith, K. Jones" and "Smith J, Jones K" are one segment per person.
 * With no author labelled, the editors the reference opens with.
 */
static size_t
assemble_authors(const pith_ref_analysis *a, const char *labels, char *text, const char **names)
{
	size_t		ta,
				tb,
				n = 0,
				o = 0;
	size_t		seg_a[64],
				seg_b[64];
	size_t		nseg = 0;
	bool		slashes;
	int			depth = 0;

	if (!find_run(a, labels, 'a', false, &ta, &tb) &&
		!(opens_with_editors(a, labels) && find_run(a, labels, 'e', false, &ta, &tb)))
		return 0;
	slashes = slash_list(a, ta, tb);
	/* split at separators into segments of tokens */
	for (size_t t = ta; t < tb && nseg < 64;)
	{
		size_t		e = t;

		/* a separator is no bracket: the depth after it is the depth before */
		while (e < tb && !person_separator(a, e, slashes, depth))
			depth = bracket_depth(a, e++, depth);
		if (e > t && !etal_only(a, t, e) && run_has_word(a, t, e))
		{
			seg_a[nseg] = t;
			seg_b[nseg] = e;
			nseg++;
		}
		t = e + 1;
	}
	for (size_t s = 0; s < nseg; s++)
	{
		size_t		from = seg_a[s],
					to = seg_b[s],
					len;
		bool		keep_period;

		/* "Smith, J." / "Devlin, Jacob": surname segment followed by its given names */
		if ((s == 0 && inverted_first_person(a, seg_a, seg_b, nseg)) ||
			(s + 1 < nseg && one_word(a, seg_a[s], seg_b[s]) &&
			 (initials_only(a, seg_a[s + 1], seg_b[s + 1]) ||
			  (one_word(a, seg_a[s + 1], seg_b[s + 1]) &&
			   (a->info[seg_a[s + 1]].lex & PITH_LEX_GIVEN))) &&
			 seg_b[s] + 1 == seg_a[s + 1] && a->norm[a->tok[seg_b[s]].start] == ','))
		{
			to = seg_b[s + 1];
			s++;
		}
		/*
		 * the period closing a final initial may carry another label:
		 * "Hinton, G."; not in a list whose initials take no periods,
		 * where it ends the list ("Smith J, Jones K.")
		 */
		if (to < a->ntok && to == tb && a->info[to - 1].initial && a->tok[to].kind == PITH_TOK_PUNCT &&
			a->norm[a->tok[to].start] == '.' && !a->tok[to].space_before && !(nseg > 1 && undotted_initials(a, ta, to - 1)))
			to++;
		/* ... the same when the period was labelled with the names */
		else if (to == tb && to > from + 1 && tok_is(a, to - 1, ".") && nseg > 1 && initials_tok(a, to - 2) &&
				 undotted_initials(a, ta, to - 2))
			to--;
		keep_period = to > from + 1 && a->tok[to - 1].kind == PITH_TOK_PUNCT &&
			a->norm[a->tok[to - 1].start] == '.' && a->info[to - 2].initial;
		len = polish(a->norm, a->tok[from].start, a->tok[to - 1].end, text + o, keep_period);
		if (len == 0 || !has_letter(text + o, len))
			continue;
		names[n++] = text + o;
		o += len + 1;
	}
	return n;
}

/* The year: the first plausible year among the date-labelled tokens. */
static int
assemble_year(const pith_ref_analysis *a, const char *labels)
{
	for (size_t t = 0; t < a->ntok; t++)
		if (labels[t] == 'y' && a->info[t].year)
		{
			const char *s = a->norm + a->tok[t].start;
			int			y = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');

			/*
			 * The token facts also call "1285g" year-like (a digit run with a
			 * disambiguation letter); only 1500..2100 is a year here.
			 */
			if (y >= 1500 && y <= 2100)
				return y;
		}
	return 0;
}

/* Is any token before end labelled volume, issue or pages (a journal's locator)? */
static bool
labelled_locator_before(const char *labels, size_t end)
{
	for (size_t t = 0; t < end; t++)
		if (labels[t] == 'v' || labels[t] == 'i' || labels[t] == 'p')
			return true;
	return false;
}

/* Is any token labelled volume, issue or pages? */
static bool
labelled_locator(const pith_ref_analysis *a, const char *labels)
{
	return labelled_locator_before(labels, a->ntok);
}

/* The first token after the reference's label and leading punctuation (ntok if none). */
static size_t
reference_start(const pith_ref_analysis *a, const char *labels)
{
	size_t		t = 0;

	while (t < a->ntok && (labels[t] == 'k' || a->tok[t].kind == PITH_TOK_PUNCT))
		t++;
	return t;
}

/* Is any word token labelled with one of the letters in set? */
static bool
labelled_word(const pith_ref_analysis *a, const char *labels, const char *set)
{
	for (size_t t = 0; t < a->ntok; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && strchr(set, labels[t]) != NULL && labels[t] != '\0')
			return true;
	return false;
}

/*
 * No token was labelled title: two shapes the labeller takes for names
 * are titles.  A name or product before a URL ("Exxact.https://...",
 * "T5 11b.https://...") when nothing is a venue; an "author" run holding a
 * lower-case word no name has; a string of notes only, which is a bare
 * title ("vdnn: Virtualizeddeep...").  Sets [*ta, *tb).
 */
static bool
fallback_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		first_id = a->ntok,
				ra,
				rb;

	for (size_t t = 0; t < a->ntok; t++)
		if (a->tok[t].kind == PITH_TOK_URL || a->tok[t].kind == PITH_TOK_DOI || a->tok[t].kind == PITH_TOK_ARXIV)
		{
			first_id = t;
			break;
		}
	if (a->ids.have_url && first_id < a->ntok && first_id > 0 && run_has_word(a, 0, first_id))
	{
		bool		venue = false;

		for (size_t t = 0; t < first_id; t++)
			if (a->tok[t].kind == PITH_TOK_WORD && strchr("cvipul", labels[t]) != NULL)
				venue = true;
		if (!venue)
		{
			*ta = 0;
			*tb = first_id;
			return true;
		}
	}
	/* nothing but notes: a bare title ("vdnn: Virtualizeddeep...") */
	{
		size_t		words = 0;
		bool		other = false;

		for (size_t t = 0; t < a->ntok; t++)
			if (a->tok[t].kind == PITH_TOK_WORD)
			{
				words++;
				if (labels[t] != 'n' && labels[t] != 'o')
					other = true;
			}
		if (!other && words >= 2)
		{
			size_t		best_a = 0,
						best_b = 0;

			for (size_t t = 0; t < a->ntok;)
			{
				size_t		e = t;

				while (e < a->ntok && (labels[e] == 'n' || labels[e] == 'o') &&
					   a->tok[e].kind != PITH_TOK_URL && a->tok[e].kind != PITH_TOK_DOI &&
					   a->tok[e].kind != PITH_TOK_ARXIV && a->tok[e].kind != PITH_TOK_BADID)
					e++;
				if (e - t > best_b - best_a)
				{
					best_a = t;
					best_b = e;
				}
				t = e + 1;
			}
			if (best_b > best_a && run_has_word(a, best_a, best_b))
			{
				*ta = best_a;
				*tb = best_b;
				return true;
			}
		}
	}
	if (find_run(a, labels, 'a', true, &ra, &rb))
		for (size_t t = ra; t < rb; t++)
			if (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 0 &&
				a->tok[t].end - a->tok[t].start >= 3 &&
				!(a->info[t].lex & (PITH_LEX_PARTICLE | PITH_LEX_AND | PITH_LEX_ETAL | PITH_LEX_STOP)))
			{
				*ta = ra;
				*tb = rb;
				return true;
			}
	return false;
}

/*
 * No token was labelled title, but a run of "note" words sits where an
 * article's title does: right after the names or the date, right before
 * the journal ("Brown T, White R, ... (2001) Light suppresses pineal
 * melatonin content. Endocrinology 142: 2201-2205.").  A note there (a
 * medium, a language, "PhD thesis") is one or two words; a run of three or
 * more words that starts with a capital is the title.  Sets [*ta, *tb).
 */
static bool
note_run_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		na,
				nb,
				words = 0,
				p,
				q;

	if (!find_run(a, labels, 'n', false, &na, &nb))
		return false;
	for (size_t t = na; t < nb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
			words++;
		else if (a->tok[t].kind != PITH_TOK_PUNCT && a->tok[t].kind != PITH_TOK_NUMBER)
			return false;
	if (words < 3 || a->tok[na].kind != PITH_TOK_WORD || a->info[na].casecls != 1)
		return false;
	/* before: names or a date, across punctuation only */
	for (p = na; p > 0 && a->tok[p - 1].kind == PITH_TOK_PUNCT && labels[p - 1] == 'o'; p--)
		;
	if (p == 0 || (labels[p - 1] != 'a' && labels[p - 1] != 'y'))
		return false;
	/* after: the journal, across punctuation only */
	for (q = nb; q < a->ntok && a->tok[q].kind == PITH_TOK_PUNCT && labels[q] == 'o'; q++)
		;
	if (q >= a->ntok || labels[q] != 'c')
		return false;
	*ta = na;
	*tb = nb;
	return true;
}

/*
 * A title run that a single word and a colon precede, with nothing before
 * them ("Bert: Pre-training of ...", "{Zero-offload}: Democratizing ..."):
 * the reference starts with its title (no authors printed), and the word is
 * the title's name part, which the labeller took for an author.  Returns
 * where the title starts.
 */
static size_t
title_lead_word(const pith_ref_analysis *a, size_t ta)
{
	size_t		words = 0;

	if (ta < 2 || a->tok[ta - 1].kind != PITH_TOK_PUNCT || a->norm[a->tok[ta - 1].start] != ':')
		return ta;
	for (size_t t = 0; t + 1 < ta; t++)
	{
		if (a->tok[t].kind == PITH_TOK_WORD)
			words++;
		else if (!(a->tok[t].kind == PITH_TOK_PUNCT &&
				   (a->norm[a->tok[t].start] == '{' || a->norm[a->tok[t].start] == '}')))
			return ta;
	}
	return words == 1 && !a->info[ta - 2 - (a->norm[a->tok[ta - 2].start] == '}')].initial ? 0 : ta;
}

/*
 * The longest title run with a word other than [*ta, *tb) -- with buf
 * (scratch, nlen + 1 bytes), one that does not read as a venue -- into
 * [*ta, *tb); left as it is when there is none.
 */
static void
longest_title_run_but(const pith_ref_analysis *a, const char *labels, char *buf, size_t *ta, size_t *tb)
{
	size_t		best_a = 0,
				best_len = 0;

	for (size_t t = 0; t < a->ntok;)
	{
		size_t		e = t;

		if (labels[t] != 't')
		{
			t++;
			continue;
		}
		while (e < a->ntok && labels[e] == 't')
			e++;
		if (t != *ta && e - t > best_len && run_has_word(a, t, e))
		{
			size_t		l = buf ? polish(a->norm, a->tok[t].start, a->tok[e - 1].end, buf, false) : 1;

			if (l > 0 && !(buf && venue_line(buf, l)))
			{
				best_a = t;
				best_len = e - t;
			}
		}
		t = e;
	}
	if (best_len > 0)
	{
		*ta = best_a;
		*tb = best_a + best_len;
	}
}

/*
 * The longest title run reads as a venue ("In SC22: International
 * Conference for High Performance Computing, ..."): another, shorter title
 * run that does not is the title.  buf is scratch (nlen + 1 bytes).
 */
static void
other_title_run(const pith_ref_analysis *a, const char *labels, char *buf, size_t *ta, size_t *tb)
{
	size_t		len = polish(a->norm, a->tok[*ta].start, a->tok[*tb - 1].end, buf, false);

	if (len > 0 && venue_line(buf, len))
		longest_title_run_but(a, labels, buf, ta, tb);
}

/* Do quotes wrap the run [ta, tb) (the closing one may follow a comma or period)? */
static bool
quoted_run(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	if (!((ta > 0 && open_quote_tok(a, ta - 1)) || open_quote_tok(a, ta)))
		return false;
	return close_quote_tok(a, tb - 1) || (tb < a->ntok && close_quote_tok(a, tb)) ||
		(tb + 1 < a->ntok && a->tok[tb].kind == PITH_TOK_PUNCT && close_quote_tok(a, tb + 1));
}

/*
 * The longest title run is not quoted but an earlier one is (Said, Edward
 * W. "Traveling Theory." The World, the Text, and the Critic. ...): the
 * quoted run is the part's title, the longer one its book.
 */
static void
quoted_title_run(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	if (quoted_run(a, *ta, *tb))
		return;
	for (size_t t = 0; t < *ta;)
	{
		size_t		e = t;

		if (labels[t] != 't')
		{
			t++;
			continue;
		}
		while (e < *ta && labels[e] == 't')
			e++;
		if (run_has_word(a, t, e) && quoted_run(a, t, e))
		{
			*ta = t;
			*tb = e;
			return;
		}
		t = e;
	}
}

/*
 * The longest title run is a series that a volume names ("Probability:
 * theory and examples, volume 49 of | Cambridge Series in Statistical and
 * Probabilistic Mathematics"): it starts with "of" after the volume, or
 * with the volume's number and "of" after the volume word ("Complex
 * analysis, volume | 2 of Princeton Lectures in Analysis").  The longest
 * other title run is the title.
 */
static void
title_run_not_series(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	if (*ta > 0 && labels[*ta - 1] == 'v' && tok_is(a, *ta, "of"))
		longest_title_run_but(a, labels, NULL, ta, tb);
	/* the volume's number taken into the run ("volume | 2 of Princeton Lectures in Analysis") */
	else if (*ta > 0 && *ta + 1 < *tb && a->tok[*ta].kind == PITH_TOK_NUMBER && tok_is(a, *ta + 1, "of") &&
			 (a->info[*ta - 1].lex & PITH_LEX_VOLUME))
		longest_title_run_but(a, labels, NULL, ta, tb);
}

/* Words of a parliament's or an agency's document number ("Drucksache 17/13300", "BT-Drs. 16/4000"). */
static const char *const document_words[] = {"drucksache", "drs", "bt-drs", "bt-drucksache", "bundestagsdrucksache", NULL};

/*
 * The title run is only a parliament's or an agency's document number
 * ("Drucksache 17/13300"), and a run of three or more words labelled note
 * sits after the names and date ("Deutscher Bundestag (2013): |
 * Schlussbericht der Enquete-Kommission ... | . Drucksache 17/13300."):
 * that run is the title.
 */
static void
title_run_not_document_number(const pith_ref_analysis *a, char *labels, size_t *ta, size_t *tb)
{
	size_t		na,
				nb,
				words = 0;

	if (!tok_in_list(a, *ta, document_words, false))
		return;
	for (size_t t = *ta + 1; t < *tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
			return;
	for (na = 0; na < *ta && labels[na] != 'n'; na++)
		;
	for (nb = na; nb < *ta && labels[nb] == 'n'; nb++)
		words += a->tok[nb].kind == PITH_TOK_WORD;
	if (na >= *ta || words < 3 || a->tok[na].kind != PITH_TOK_WORD || a->info[na].casecls != 1 || na == 0 ||
		a->tok[na - 1].kind != PITH_TOK_PUNCT)
		return;
	/* the closing quote of a name quoted in the title ("„Wachstum, ..., Lebensqualität“") */
	if (nb < *ta && (tok_is(a, nb, "\xE2\x80\x9C") || tok_is(a, nb, "\xE2\x80\x9D") || tok_is(a, nb, "\"") ||
					 tok_is(a, nb, "\xC2\xBB")))
		nb++;
	for (size_t t = na; t < nb; t++)
		labels[t] = 't';
	*ta = na;
	*tb = nb;
}

/*
 * An issue's mark and number inside a volume run ("94 | , no. 2 |", "12,
 * Nr. 3", "45, H. 3"): the issue's, not the volume's.  Relabels the mark
 * as glue and the number as the issue.
 */
static void
issue_in_volume_run(const pith_ref_analysis *a, char *labels)
{
	static const char *const marks[] = {"no", "nr", "h", "heft", "issue", "n\xC2\xB0", NULL};

	if (labelled_word(a, labels, "i"))
		return;
	for (size_t t = 1; t + 2 < a->ntok; t++)
	{
		size_t		k = t + 1;

		size_t		b = t - 1;

		/* (the volume one number, perhaps after its mark: "Jg. 26, H. 3"; "2013/2, Vol 1, no 4" is another form) */
		if (b >= 1 && labels[b - 1] == 'v' && tok_is(a, b - 1, "."))
			b--;
		if (b >= 1 && labels[b - 1] == 'v' && a->tok[b - 1].kind == PITH_TOK_WORD && (a->info[b - 1].lex & PITH_LEX_VOLUME))
			b--;
		if (labels[t] != 'v' || !tok_is(a, t, ",") || labels[t - 1] != 'v' || a->tok[t - 1].kind != PITH_TOK_NUMBER ||
			(b >= 1 && labels[b - 1] == 'v') ||
			labels[k] != 'v' || a->tok[k].kind != PITH_TOK_WORD || !tok_in_list(a, k, marks, false))
			continue;
		k++;
		if (tok_is(a, k, ".") && labels[k] == 'v')
			k++;
		if (k >= a->ntok || labels[k] != 'v' || a->tok[k].kind != PITH_TOK_NUMBER ||
			(k + 1 < a->ntok && labels[k + 1] == 'v'))
			continue;
		memset(labels + t, 'o', k - t);
		labels[k] = 'i';
		return;
	}
}

/*
 * A report's ordinal that opens its title ("Deutscher Bundestag (2013): |
 * 14. | Kinder- und Jugendbericht"), taken for pages: a number under 100
 * and its period between the names' colon and the title run are the
 * title's.  Relabels them.
 */
static void
ordinal_title_start(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 1; t + 2 < a->ntok; t++)
		if (labels[t] == 'p' && a->tok[t].kind == PITH_TOK_NUMBER && a->tok[t].end - a->tok[t].start <= 2 &&
			tok_is(a, t + 1, ".") && labels[t + 2] == 't' && tok_is(a, t - 1, ":"))
		{
			labels[t] = labels[t + 1] = 't';
			return;
		}
}

/*
 * A parliament's or an agency's document number ("Drucksache 17/12200",
 * "BT-Drs. 16/4000") that the labeller took for a volume and pages or a
 * container's words (not for the title): a note.  Relabels it.
 */
static void
document_number_note(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 0; t + 3 < a->ntok; t++)
	{
		size_t		k = t + 1;

		/* (one taken for the title is title_run_not_document_number's) */
		if (a->tok[t].kind != PITH_TOK_WORD || labels[t] == 't' || !tok_in_list(a, t, document_words, false))
			continue;
		if (tok_is(a, k, "."))
			k++;
		if (k + 2 >= a->ntok || a->tok[k].kind != PITH_TOK_NUMBER || !tok_is(a, k + 1, "/") ||
			a->tok[k + 2].kind != PITH_TOK_NUMBER)
			continue;
		memset(labels + t, 'n', k + 3 - t);
		t = k + 2;
	}
}

/* Words that open a thesis note ("Thesis, Auburn University"). */
static const char *const thesis_note_words[] = {
	"thesis", "dissertation", "tese", "disserta\xC3\xA7\xC3\xA3o", "tesis", "tesi", "monografia", "diplomarbeit",
	"magisterarbeit", "masterarbeit", "bachelorarbeit", "doktorarbeit", "habilitationsschrift", NULL
};

/*
 * The longest title run is a thesis note that names the degree and the
 * school ("... de baixo custo. 2019. | Trabalho de Conclusão de Curso
 * (Graduação em Engenharia Elétrica) – Universidade ..."): it starts with
 * a thesis word and another title run comes before it, which is the title.
 */
static void
title_run_not_thesis_note(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	bool		before = false;

	for (size_t t = 0; t < *ta && !before; t++)
		before = labels[t] == 't' && a->tok[t].kind == PITH_TOK_WORD;
	if (!before)
		return;
	if (tok_in_list(a, *ta, thesis_note_words, false) ||
		(tok_is(a, *ta, "Trabalho") && *ta + 2 < a->ntok && tok_is(a, *ta + 1, "de") &&
		 pith_ascii_starts_with_ci(a->norm + a->tok[*ta + 2].start, a->tok[*ta + 2].end - a->tok[*ta + 2].start, "conclus")))
		longest_title_run_but(a, labels, NULL, ta, tb);
}

/*
 * A title run in brackets that names a collaboration ("B. P. Abbott et
 * al. (LIGO Scientific and Virgo Collaborations), Phys. Rev. Lett."): it
 * is the authors', not a title.  Relabels it.
 */
static void
bracketed_collaboration(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 1; t < a->ntok;)
	{
		size_t		e = t,
					o = t;
		bool		collaboration = false;

		if (labels[t] != 't' || labels[t - 1] == 't')
		{
			t++;
			continue;
		}
		for (; e < a->ntok && labels[e] == 't'; e++)
			collaboration |= pith_ascii_starts_with_ci(a->norm + a->tok[e].start, a->tok[e].end - a->tok[e].start,
													   "collaborat") != 0;
		/* the bracket opens before the run (after the names it took in) and closes at its end */
		while (o > 0 && labels[o - 1] != 't' && !tok_is(a, o - 1, "(") && !tok_is(a, o - 1, "[") &&
			   !tok_is(a, o - 1, ")") && !tok_is(a, o - 1, "]") && !tok_is(a, o - 1, ","))
			o--;
		if (collaboration && o > 0 && (tok_is(a, o - 1, "(") || tok_is(a, o - 1, "[")) &&
			(tok_is(a, e - 1, ")") || tok_is(a, e - 1, "]") || (e < a->ntok && (tok_is(a, e, ")") || tok_is(a, e, "]")))))
			memset(labels + t, 'a', e - t);
		t = e;
	}
}

/*
 * Tokens of a "no date" mark at t: "n.d." (English), "s.d." and "s.a."
 * (sine data, sine anno), "o.J." and "o. J." (German ohne Jahr), or of
 * German "no place", "o. O." (ohne Ort), lower case first (upper case "N.
 * D." are initials); its closing period included.  0 when there is none.
 */
static size_t
no_date_len(const pith_ref_analysis *a, size_t t)
{
	static const char *const marks[][2] = {{"n", "d"}, {"s", "d"}, {"s", "a"}, {"o", "J"}, {"o", "O"}};

	if (t + 2 >= a->ntok || !tok_is(a, t + 1, ".") || a->tok[t].kind != PITH_TOK_WORD ||
		(t > 0 && a->tok[t - 1].kind == PITH_TOK_WORD && !a->tok[t].space_before))
		return 0;
	for (size_t m = 0; m < sizeof(marks) / sizeof(marks[0]); m++)
		if (tok_is(a, t, marks[m][0]) && tok_is(a, t + 2, marks[m][1]) &&
			(t + 3 >= a->ntok || a->tok[t + 3].kind != PITH_TOK_WORD || a->tok[t + 3].space_before))
			return tok_is(a, t + 3, ".") && !a->tok[t + 3].space_before ? 4 : 3;
	return 0;
}

/* Most words of a title's head that the names took in ("Parker R. | Miasma:"). */
#define NAMES_TITLE_HEAD_MAX_WORDS 4

/*
 * A title's head before its colon that the names took in, in Vancouver's
 * order ("Parker R. | Miasma: | Pollution and Purification ...", "DELVAUX
 * M. | Sophie Calle : | No sex"): after a surname and its initial with a
 * period, a few capitalised
 * words and no comma, then the colon and the title run.  In Vancouver's
 * order no name follows an initial's period without a comma, so they are
 * the title's -- but a given name, a middle initial and the surname read
 * the same, so the date must be Vancouver's too ("Oxford University
 * Press; 1983", "2006;10(4)"); "Nakamoto S. Bitcoin: ... 2008." stays
 * unsolved.  Relabels them title.
 */
static void
title_head_in_names(const pith_ref_analysis *a, char *labels)
{
	size_t		c,
				k,
				t;

	for (c = 1; c + 1 < a->ntok; c++)
		if (tok_is(a, c, ":") && labels[c - 1] == 'a' && labels[c + 1] == 't')
			break;
	if (c + 1 >= a->ntok)
		return;
	for (k = c; k > 0 && a->tok[k - 1].kind == PITH_TOK_WORD && labels[k - 1] == 'a' && c - k < NAMES_TITLE_HEAD_MAX_WORDS;
		 k--)
		if (a->info[k - 1].casecls != 1 && a->info[k - 1].casecls != 2)
			return;
	/* the initial's period, the initial, the surname */
	if (k == c || k < 3 || !tok_is(a, k - 1, ".") || labels[k - 1] != 'a' || !a->info[k - 2].initial ||
		a->tok[k - 3].kind != PITH_TOK_WORD || a->info[k - 3].initial || labels[k - 3] != 'a' ||
		a->info[k].initial)
		return;
	/*
	 * a given name, its middle initial and the surname are one person
	 * ("Peter E. | Gordon:", "Enrique V. | Muñoz Pérez:"): only where the
	 * date is Vancouver's, a semicolon before or after the year
	 */
	if (a->info[k - 3].casecls != 1 && a->info[k - 3].casecls != 2)
		return;
	for (t = c + 1; t < a->ntok; t++)
		if (a->info[t].year && ((t > 0 && tok_is(a, t - 1, ";")) || (t + 1 < a->ntok && tok_is(a, t + 1, ";"))))
			break;
	if (t >= a->ntok)
		return;
	memset(labels + k, 't', c + 1 - k);
}

/*
 * A title run of names only, right after an editor's or translator's cue
 * that follows the book's title ("Advances in Cancer Research, eds. Klein
 * and Weinhouse", "..., trans. James Vincent Murphy") or right before
 * "(eds.)" ("Philipp Genschel, and Bernhard Zangl (eds.) (2011)"): they
 * are the book's editors or translator, not its title.  Relabels them as
 * editors.
 */
static void
names_not_title(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 0; t < a->ntok;)
	{
		size_t		e = t,
					names = 0;
		bool		only_names = true,
					cue;

		if (labels[t] != 't')
		{
			t++;
			continue;
		}
		for (; e < a->ntok && labels[e] == 't'; e++)
		{
			const pith_ref_tokinfo *f = &a->info[e];

			if (a->tok[e].kind == PITH_TOK_WORD && (f->casecls == 1 || f->casecls == 2) && !(f->lex & PITH_LEX_STOP))
				names++;
			else if (!(tok_is(a, e, ",") || tok_is(a, e, ".") || tok_is(a, e, "&") || (f->lex & PITH_LEX_AND) ||
					   (f->lex & PITH_LEX_PARTICLE)))
				only_names = false;
		}
		/*
		 * the cue before, after the book's title ("Advances in Cancer
		 * Research, eds. | Klein"; not the names' own "Blaikie, Piers, and
		 * Harold Brookfield, eds. | Land Degradation"), or "(eds.)" after
		 */
		cue = (t >= 4 && tok_is(a, t - 1, ".") && tok_is(a, t - 3, ",") && (labels[t - 4] == 'c' || labels[t - 4] == 't') &&
			   ((a->info[t - 2].lex & PITH_LEX_EDITOR) || tok_is(a, t - 2, "trans") || tok_is(a, t - 2, "Trans"))) ||
			(e + 2 < a->ntok && tok_is(a, e, "(") && (a->info[e + 1].lex & PITH_LEX_EDITOR) &&
			 (tok_is(a, e + 2, ".") || tok_is(a, e + 2, ")")));
		if (only_names && cue && names >= 2 && names <= 8)
			memset(labels + t, 'e', e - t);
		t = e;
	}
}

/*
 * "No date" (and "no place") marks that the labeller took for names,
 * title or container words ("Müller, H. (o. J.): Die Geschichte ...",
 * "Smith J. n.d. The history ...", "..., o. O.") are none of them:
 * relabels them, with the brackets around them.
 */
static void
no_date_marks(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 0; t < a->ntok; t++)
	{
		size_t		n = no_date_len(a, t);

		if (n == 0 || (labels[t] != 'a' && labels[t] != 't' && labels[t] != 'c'))
			continue;
		memset(labels + t, 'o', n);
		if (t > 0 && tok_is(a, t - 1, "("))
			labels[t - 1] = 'o';
		if (tok_is(a, t + n, ")"))
			labels[t + n] = 'o';
		t += n - 1;
	}
}

/* Does token t end a sentence ('.', '?', '!' before a space; not after an initial)? */
static bool
sentence_end(const pith_ref_analysis *a, size_t t)
{
	char		c;

	if (a->tok[t].kind != PITH_TOK_PUNCT || !a->info[t].space_after)
		return false;
	c = a->norm[a->tok[t].start];
	return (c == '.' && !(t > 0 && a->info[t - 1].initial)) || c == '?' || c == '!';
}

/*
 * Words of a title's head the names took in: capitalised words only
 * ("Vergangene Zukunft"), or with a lower-case word no name has
 * ("Castelli e villaggi nell'Italia padana").
 */
#define INVERTED_PERSON_HEAD_MAX_WORDS 4
#define INVERTED_PERSON_PHRASE_MAX_WORDS 8

/*
 * The title's head taken for a second person after a first one written
 * family name first ("Koselleck, R., | Vergangene Zukunft | . Zur
 * Semantik ...", "Settia A. A., | Castelli e villaggi nell'Italia padana
 * | . Popolamento ..."): a list that inverts its first person inverts the
 * next one too, or joins it with "and", so words after the first person's
 * comma that begin capitalised, with no initial, no given name first and
 * no "and" (unless a lower-case word no name has is among them), ending
 * with a period or comma before a run that is no person's, or running
 * into the title run mid-sentence ("Castelli | e villaggi ..."), are the
 * title's.  Relabels them.
 */
static void
title_head_after_inverted_person(const pith_ref_analysis *a, char *labels)
{
	size_t		s = reference_start(a, labels),
				c = s + 1,
				e,
				lower = 0;
	bool		and_word = false;

	if (c + 1 >= a->ntok || labels[s] != 'a' || a->tok[s].kind != PITH_TOK_WORD || a->info[s].casecls != 1 ||
		initials_tok(a, s))
		return;
	/* the first person's given names: dotted initials (after a comma or not), or one given name in full */
	if (tok_is(a, c, ",") && labels[c] == 'a')
		c++;
	if (c + 1 < a->ntok && initials_tok(a, c) && tok_is(a, c + 1, "."))
	{
		while (c + 1 < a->ntok && initials_tok(a, c) && tok_is(a, c + 1, ".") && labels[c] == 'a')
			c += 2;
	}
	else if (c == s + 2 && a->tok[c].kind == PITH_TOK_WORD && (a->info[c].lex & PITH_LEX_GIVEN) && labels[c] == 'a')
		c++;
	else
		return;
	if (c + 2 >= a->ntok || !tok_is(a, c, ",") || labels[c] != 'a' || labels[c + 1] != 'a' ||
		a->tok[c + 1].kind != PITH_TOK_WORD || a->info[c + 1].casecls != 1 || (a->info[c + 1].lex & PITH_LEX_GIVEN) ||
		a->info[c + 1].initial || initials_tok(a, c + 1))
		return;
	for (e = c + 1; e < a->ntok && labels[e] == 'a' && a->tok[e].kind == PITH_TOK_WORD; e++)
	{
		const pith_ref_tokinfo *f = &a->info[e];

		if (e - c > INVERTED_PERSON_PHRASE_MAX_WORDS || f->initial || initials_tok(a, e) ||
			(f->lex & (PITH_LEX_ETAL | PITH_LEX_EDITOR)) || f->casecls == 2)
			return;
		and_word |= (f->lex & PITH_LEX_AND) != 0;
		lower += f->casecls == 0 && !(f->lex & (PITH_LEX_STOP | PITH_LEX_PARTICLE | PITH_LEX_AND));
	}
	/* ("and" joins persons, unless a word no name has shows a phrase: "Castelli e villaggi") */
	if (e + 1 >= a->ntok || (lower == 0 && (and_word || e - c - 1 > INVERTED_PERSON_HEAD_MAX_WORDS)))
		return;
	/* the title run goes on from them mid-sentence ("Castelli | e villaggi ..."), or follows their period or comma */
	if (!(labels[e] == 't' && a->tok[e].kind == PITH_TOK_WORD && a->info[e].casecls == 0) &&
		!((sentence_end(a, e) || tok_is(a, e, ",")) && labels[e + 1] != 'a' && labels[e + 1] != 'e'))
		return;
	labels[c] = 'o';
	memset(labels + c + 1, 't', e - c - 1);
	if (labels[e + 1] == 't' && tok_is(a, e, "."))
		labels[e] = 't';
}

/*
 * An editor's cue in brackets after the names taken for the title
 * ("Valenti M. | (a cura di) | 1996, Poggio Imperiale ..."): a title run
 * of cue words only ("a cura di", "dir.", "Hrsg.", "coord.") in the
 * brackets, or opening a title run that goes on after them ("Morlino L. (|
 * a cura di), | Costruire la democrazia ...").  It is no title.  Relabels
 * it.
 */
static void
editor_cue_not_title(const pith_ref_analysis *a, char *labels)
{
	static const char *const cue_words[] = {"a", "cura", "di", "coord", "org", "orgs", "comp", "comps", NULL};

	for (size_t t = 1; t < a->ntok; t++)
	{
		size_t		e;
		bool		cue = false;

		if (labels[t] != 't' || labels[t - 1] == 't' || !tok_is(a, t - 1, "("))
			continue;
		for (e = t; e < a->ntok && labels[e] == 't' && !tok_is(a, e, ")"); e++)
		{
			if (a->tok[e].kind == PITH_TOK_WORD && (a->info[e].lex & PITH_LEX_EDITOR))
				cue = true;
			else if (a->tok[e].kind == PITH_TOK_WORD && tok_in_list(a, e, cue_words, false))
				cue |= tok_is(a, e, "cura");
			else if (!tok_is(a, e, "."))
				break;
		}
		if (!cue || e >= a->ntok || !tok_is(a, e, ")"))
			continue;
		/* the title run going on after the bracket ("(a cura di), Costruire la democrazia ..."): from its first word */
		if (labels[e] == 't' && e + 1 < a->ntok && labels[e + 1] == 't')
			while (e + 1 < a->ntok && a->tok[e + 1].kind == PITH_TOK_PUNCT && labels[e + 1] == 't')
				e++;
		memset(labels + t, 'o', e - t);
		if (labels[e] == 't')
			labels[e] = 'o';
	}
}

/* Most tokens of an editing organisation or persons before "(Hg.):" that the labeller called the title. */
#define EDITOR_HEAD_MAX_TOKENS 12

/*
 * The editors and their bracketed cue before a colon, opening the
 * reference, taken for the title ("Bundesministerium des Innern (Hg.): |
 * Verfassungsschutzbericht 2005, Berlin 2006", or with the title then
 * taken for a container: "Bundesministerium für Arbeit und Soziales
 * (Hg.): | Lebenslagen in Deutschland, Berlin 2013", or labelled editors
 * with the title taken for a container: "Deutsches Jugendinstitut
 * (Hrsg.) (o. J.): | Jugendhilfe im Wandel ..."): a few words and no
 * sentence break, only a cue or label before them, then "(Hg.)",
 * "(Hrsg.)", "(ed.)", "(eds.)" or "(editors)" and a colon or period
 * ("Higgins JPT, Green S (editors). | Cochrane Handbook ..."), a date in
 * brackets between them ("(Hrsg.) (2006):").  The words are the
 * editors'; what follows the colon is the title, a container run too
 * when no title run follows.  Relabels them.
 */
static void
editor_mark_before_title(const pith_ref_analysis *a, char *labels)
{
	size_t		h = 0,
				k,
				c,
				d,
				e,
				n;
	char		head;

	while (h < a->ntok && (a->tok[h].kind == PITH_TOK_PUNCT || labels[h] == 'o' || labels[h] == 'k'))
		h++;
	if (h >= a->ntok || (labels[h] != 't' && labels[h] != 'e'))
		return;
	head = labels[h];
	for (k = h; k < a->ntok && k < h + EDITOR_HEAD_MAX_TOKENS && labels[k] == head; k++)
	{
		if (sentence_end(a, k) || tok_is(a, k, ":"))
			return;
		if (!tok_is(a, k, "("))
			continue;
		/* past the name's acronym in brackets ("... Forschung (BMBF) | (Hrsg.)"); the mark's bracket ends the head */
		if (!(k + 2 < a->ntok && a->info[k + 1].casecls == 2 && tok_is(a, k + 2, ")") && tok_is(a, k + 3, "(")))
			break;
		k += 2;
	}
	if (k == h || k + 3 >= a->ntok || !tok_is(a, k, "(") || !run_has_word(a, h, k) ||
		!(a->info[k + 1].lex & PITH_LEX_EDITOR))
		return;
	c = tok_is(a, k + 2, ".") ? k + 3 : k + 2;
	if (c + 1 >= a->ntok || !tok_is(a, c, ")"))
		return;
	/* the date in brackets between the mark and the colon ("(Hrsg.) (2006):", "(Hrsg.) (o. J.):") */
	d = c;
	if (c + 3 < a->ntok && tok_is(a, c + 1, "(") && a->info[c + 2].year && tok_is(a, c + 3, ")"))
		d = c + 3;
	else if (c + 2 < a->ntok && tok_is(a, c + 1, "(") && (n = no_date_len(a, c + 2)) > 0 && tok_is(a, c + 2 + n, ")"))
		d = c + 2 + n;
	if (d + 2 >= a->ntok || !(tok_is(a, d + 1, ":") || tok_is(a, d + 1, ".")) || a->tok[d + 2].kind != PITH_TOK_WORD)
		return;
	/* (a mark after names the labeller called editors, a title run after them: nothing to mend) */
	if (head == 'e' && labels[d + 2] != 'c')
		return;
	memset(labels + h, 'e', k - h);
	memset(labels + k, 'o', d + 2 - k);
	if (d == c + 3)
		labels[c + 2] = 'y';
	if (labels[d + 2] != 'c')
		return;
	for (e = d + 2; e < a->ntok && labels[e] != 't'; e++)
		;
	if (e < a->ntok)
		return;
	for (e = d + 2; e < a->ntok && labels[e] == 'c'; e++)
		labels[e] = 't';
}

/* Where the last title run ends (0 if no token is labelled title). */
static size_t
last_title_run_end(const pith_ref_analysis *a, const char *labels)
{
	size_t		tb = a->ntok;

	while (tb > 0 && labels[tb - 1] != 't')
		tb--;
	return tb;
}

/* Is a year labelled date anywhere outside [b, e) (the reference's own date)? */
static bool
dated_outside(const pith_ref_analysis *a, const char *labels, size_t b, size_t e)
{
	for (size_t t = 0; t < a->ntok; t++)
		if ((t < b || t >= e) && labels[t] == 'y' && a->info[t].year)
			return true;
	return false;
}

/* The value of token t when it is a number of three or four digits from 100 to 2100 (a year of a span), else 0. */
static long
span_year(const pith_ref_analysis *a, size_t t)
{
	long		v = 0;

	if (t >= a->ntok || a->tok[t].kind != PITH_TOK_NUMBER || a->tok[t].end - a->tok[t].start < 3 ||
		a->tok[t].end - a->tok[t].start > 4)
		return 0;
	for (uint32_t i = a->tok[t].start; i < a->tok[t].end; i++)
		v = v * 10 + (a->norm[i] - '0');
	return v >= 100 && v <= 2100 ? v : 0;
}

/*
 * A span of years that ends the title, taken for pages or a publisher
 * ("Framing the Early Middle Ages. Europe and the Mediterranean, |
 * 400-800 | , Oxford", "... and trade | A.D. 600-1000 | , London",
 * "... in Italy, | c. 400-1000"): right after the title run (and its comma
 * or colon), perhaps after "c.", "A.D." or "AD", two years with a dash, the
 * second the later (before the year 1000 only after "c." or "A.D." or
 * both round, "400-800": "258-268" are pages), then a comma, period or
 * the end; the reference is dated elsewhere, and it is a book (no
 * container, volume or issue) or has its pages elsewhere.
 * Relabels it as the title's.  (title_with_period takes the comma-led
 * span of this era that the title run stops before, "England, |
 * 1500-1700. 2006"; this one the span labelled pages or publisher, before
 * any title rule runs.)
 */
static void
year_span_in_title(const pith_ref_analysis *a, char *labels)
{
	size_t		tb,
				k,
				n;
	long		y1,
				y2;
	bool		book = true,
				pages_elsewhere = false;

	tb = last_title_run_end(a, labels);
	if (tb == 0 || tb >= a->ntok || !run_has_word(a, tb - 1, tb))
		return;
	k = tb;
	if (tok_is(a, k, ",") || tok_is(a, k, ":"))
		k++;
	if (tok_is(a, k, "c") || tok_is(a, k, "ca"))
		k += tok_is(a, k + 1, ".") ? 2 : 0;
	else if (tok_is(a, k, "AD"))
		k++;
	else if (tok_is(a, k, "A") && tok_is(a, k + 1, ".") && tok_is(a, k + 2, "D") && tok_is(a, k + 3, "."))
		k += 4;
	y1 = span_year(a, k);
	y2 = span_year(a, k + 2);
	/* (a dash, or "bis" as German writes it: "Das industrialisierte Deutschland | 1914 bis 1992") */
	if (y1 == 0 || y2 <= y1 || !(a->tok[k + 1].kind == PITH_TOK_PUNCT || tok_is(a, k + 1, "bis")) ||
		tok_is(a, k + 1, ",") || tok_is(a, k + 1, "."))
		return;
	/* years, not pages ("258-268"): a year of this era, a "c." or "A.D." before, or round centuries ("400-800") */
	if (y1 < 1000 && k == tb + (tok_is(a, tb, ",") || tok_is(a, tb, ":")) && !(y1 % 50 == 0 && y2 % 50 == 0))
		return;
	n = k + 3;
	if (n < a->ntok && !tok_is(a, n, ",") && !tok_is(a, n, "."))
		return;
	/* (a span labelled date is the reference's own, unless "bis" joins it: no work is dated so) */
	for (size_t t = tb; t < n; t++)
		if ((labels[t] == 'y' && !tok_is(a, k + 1, "bis")) || labels[t] == 'a' || labels[t] == 'e')
			return;
	for (size_t t = 0; t < a->ntok; t++)
	{
		if ((t < tb || t >= n) && labels[t] == 'p' && a->tok[t].kind == PITH_TOK_NUMBER)
			pages_elsewhere = true;
		if (labels[t] == 'c' || labels[t] == 'v' || labels[t] == 'i')
			book = false;
	}
	if (!book && !pages_elsewhere)
		return;
	/* the reference's own date elsewhere (with none the span may be its date, or its pages) */
	if (!dated_outside(a, labels, tb, n))
		return;
	memset(labels + tb, 't', n - tb);
}

/* Is token t a publisher's word, the lexicon's or one starting like one ("Presses", "Éditions")? */
static bool
publisher_word(const pith_ref_analysis *a, size_t t)
{
	static const char *const publisher_starts[] = {
		"press", "verlag", "edition", "\xC3\xA9" "dition", "editora", "universit", NULL
	};

	return a->tok[t].kind == PITH_TOK_WORD &&
		((a->info[t].lex & PITH_LEX_PUBLISHER) || tok_in_list(a, t, publisher_starts, true));
}

/*
 * A publisher run right after the title that no publisher's name reads
 * like: a phrase that opens with a lower-case particle and holds a
 * lower-case word no name has ("... dans la région de Bergame, | de
 * Crémone et de Brescia du Xe au XIIIe siècle | , Rome"), or, after the
 * title's period, a list of three single words or more ("Wertorientierungen
 * im Wandel. | Rückblick, Gegenwartsanalyse, Prognosen | , Frankfurt/M."),
 * or after the title run's own colon, two words or more before the date
 * ("Attacking the Core: | Kernel Exploiting Notes | , 2007."); no
 * publisher's word, and a place or date after it.  It is the title's
 * end.  Relabels it.
 */
static void
phrase_publisher_in_title(const pith_ref_analysis *a, char *labels)
{
	size_t		tb,
				e,
				items = 1,
				lower = 0;
	bool		list = true;

	tb = last_title_run_end(a, labels);
	/* a subtitle after the title run's colon ("Attacking the Core: | Kernel Exploiting Notes | , 2007.") */
	if (tb > 1 && tb + 2 < a->ntok && (tok_is(a, tb - 1, ":") || tok_is(a, tb, ":")))
	{
		size_t		words = 0,
					s = tok_is(a, tb, ":") ? tb + 1 : tb;

		if (labels[s] != 'u' || a->tok[s].kind != PITH_TOK_WORD || a->info[s].casecls != 1)
			return;
		for (e = s; e < a->ntok && labels[e] == 'u'; e++)
		{
			if (publisher_word(a, e) || (a->tok[e].kind != PITH_TOK_WORD && !tok_is(a, e, "-")))
				return;
			words++;
		}
		if (words >= 2 && e + 1 < a->ntok && tok_is(a, e, ",") && labels[e + 1] == 'y')
			memset(labels + tb, 't', e - tb);
		return;
	}
	if (tb == 0 || tb + 2 >= a->ntok || labels[tb + 1] != 'u' || a->tok[tb + 1].kind != PITH_TOK_WORD ||
		!(tok_is(a, tb, ",") || sentence_end(a, tb)))
		return;
	for (e = tb + 1; e < a->ntok && labels[e] == 'u'; e++)
	{
		const pith_ref_tokinfo *f = &a->info[e];

		if (a->tok[e].kind == PITH_TOK_WORD && (f->lex & PITH_LEX_PUBLISHER))
			return;
		if (a->tok[e].kind == PITH_TOK_WORD)
		{
			lower += f->casecls == 0 && !(f->lex & (PITH_LEX_STOP | PITH_LEX_PARTICLE | PITH_LEX_AND)) &&
				a->tok[e].end - a->tok[e].start >= 4;
			/* a list: one capitalised word between commas */
			if (f->casecls != 1 || (e > tb + 1 && !tok_is(a, e - 1, ",")))
				list = false;
		}
		else if (tok_is(a, e, ","))
			items++;
		else
			list = false;
	}
	if (e + 1 >= a->ntok || !tok_is(a, e, ",") || !(labels[e + 1] == 'l' || labels[e + 1] == 'y'))
		return;
	if (tok_is(a, tb, ",") && a->info[tb + 1].casecls == 0 && (a->info[tb + 1].lex & PITH_LEX_PARTICLE) && lower > 0)
		memset(labels + tb, 't', e - tb);
	else if (sentence_end(a, tb) && list && items >= 3)
		memset(labels + tb, 't', e - tb);
}

/*
 * A thesis note that took in the title's last words ("Effects of
 * prescribed burning on small mammal communities | in longleaf pine
 * forests. Thesis, Auburn University"): the note run goes on from a
 * title word with a lower-case word and no punctuation between, and its
 * first sentence ends right before a thesis word.  That sentence is the
 * title's.  Relabels it.
 */
static void
thesis_note_takes_title_end(const pith_ref_analysis *a, char *labels)
{
	for (size_t tb = 1; tb + 2 < a->ntok; tb++)
	{
		size_t		k;

		if (labels[tb] != 'n' || labels[tb - 1] != 't' || a->tok[tb - 1].kind != PITH_TOK_WORD ||
			a->tok[tb].kind != PITH_TOK_WORD || a->info[tb].casecls != 0)
			continue;
		for (k = tb + 1; k + 1 < a->ntok && labels[k] == 'n' && !sentence_end(a, k); k++)
			;
		if (k + 1 < a->ntok && labels[k] == 'n' && sentence_end(a, k) && tok_in_list(a, k + 1, thesis_note_words, false))
			memset(labels + tb, 't', k - tb);
		return;
	}
}

/*
 * The German footnote's name form, family name, comma, given name and
 * colon, at the reference's start, when the labeller took the given name
 * for the title's or container's first word ("Esser, | Hartmut: |
 * Soziologie. ...", "Groh-Samberg, | Olaf: | Armut, ...", "OSEI, | Kwame:
 * | ..."): a family name of three letters or more, capitalised or in
 * capitals (hyphenated or not), a capitalised word of three letters or
 * more that no lexicon but the given names' holds (as
 * title_after_name_colon has it), the colon, then a word.  Relabels the
 * person and the colon.
 */
static void
given_name_before_colon(const pith_ref_analysis *a, char *labels)
{
	size_t		s = reference_start(a, labels);

	if (s + 4 >= a->ntok || labels[s] != 'a' || a->tok[s].kind != PITH_TOK_WORD ||
		!(a->info[s].casecls == 1 || a->info[s].casecls == 2 || a->info[s].casecls == 3) || a->info[s].initial ||
		a->tok[s].end - a->tok[s].start < 3 || !tok_is(a, s + 1, ",") ||
		a->tok[s + 2].kind != PITH_TOK_WORD || a->info[s + 2].casecls != 1 || a->tok[s + 2].end - a->tok[s + 2].start < 3 ||
		(a->info[s + 2].lex & ~(uint32_t) PITH_LEX_GIVEN) != 0 || !tok_is(a, s + 3, ":") ||
		a->tok[s + 4].kind != PITH_TOK_WORD || labels[s + 2] == 'a')
		return;
	memset(labels + s, 'a', 3);
	labels[s + 3] = 'o';
}

/* Words of a title's head with its year taken for a publisher or container ("Datenreport 1994"). */
#define YEAR_HEAD_MAX_WORDS 3

/*
 * A title's head that ends in a year, taken for a publisher or container
 * and the date ("Statistisches Bundesamt (Hrsg.): | Datenreport 1994 | .
 * Zahlen und Fakten ..., Bonn 1994."): after the colon, a few capitalised
 * words labelled publisher or container, a year, the sentence's period,
 * then the title run, and the reference dated again after it.  Relabels
 * the head and its year title.
 */
static void
title_head_with_year(const pith_ref_analysis *a, char *labels)
{
	for (size_t c = 1; c + 4 < a->ntok; c++)
	{
		size_t		y = c + 1;
		bool		dated = false;

		if (!tok_is(a, c, ":") || labels[c + 1] == 't')
			continue;
		while (y < a->ntok && y - c - 1 < YEAR_HEAD_MAX_WORDS && a->tok[y].kind == PITH_TOK_WORD &&
			   a->info[y].casecls == 1 && (labels[y] == 'u' || labels[y] == 'c'))
			y++;
		if (y == c + 1 || y + 2 >= a->ntok || !a->info[y].year || labels[y] != 'y' || !sentence_end(a, y + 1) ||
			labels[y + 2] != 't')
			return;
		for (size_t t = y + 2; t < a->ntok && !dated; t++)
			dated = labels[t] == 'y' && a->info[t].year;
		if (dated)
			memset(labels + c + 1, 't', y + 2 - (c + 1));
		return;
	}
}

/*
 * A Dutch family name with its particle 't ("G. | 't Hooft, | Dimensional
 * reduction ..."): the labeller takes the particle after its apostrophe
 * and the name for the title's first words.  After names, the
 * apostrophe, "t", a capitalised word and a comma are the last person's.
 * Relabels them.
 */
static void
dutch_t_particle(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 2; t + 2 < a->ntok; t++)
		if ((tok_is(a, t, "t") || tok_is(a, t, "T")) && (tok_is(a, t - 1, "'") || tok_is(a, t - 1, "\xE2\x80\x99")) &&
			!a->tok[t].space_before && labels[t - 2] == 'a' && labels[t] != 'a' && a->tok[t + 1].kind == PITH_TOK_WORD &&
			a->info[t + 1].casecls == 1 && tok_is(a, t + 2, ","))
		{
			labels[t - 1] = labels[t] = labels[t + 1] = 'a';
			labels[t + 2] = 'o';
			return;
		}
}

/* Does a back reference to an earlier footnote open at token t ("(wie Anm. 1)", "(wie Fn. 3)", "(Anm. 9)")? */
static bool
footnote_pointer(const pith_ref_analysis *a, size_t t)
{
	size_t		k = t + 1;
	bool		wie;

	if (!tok_is(a, t, "("))
		return false;
	wie = tok_is(a, k, "wie");
	k += wie;
	if (!(tok_is(a, k, "Anm") || tok_is(a, k, "Fn") || tok_is(a, k, "Anmerkung") || tok_is(a, k, "FN")))
		return false;
	if (wie)
		return true;
	/* without "wie", the note's number follows ("(Anm. 9)"; not "(Anm. d. Übers.)") */
	k++;
	if (tok_is(a, k, "."))
		k++;
	return k < a->ntok && a->tok[k].kind == PITH_TOK_NUMBER;
}

/* Is token t a Roman numeral in capitals ("II", "XIV")? */
static bool
roman_numeral(const pith_ref_analysis *a, size_t t)
{
	size_t		n = a->tok[t].end - a->tok[t].start;

	if (a->tok[t].kind != PITH_TOK_WORD || n > 6)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!strchr("IVXLC", a->norm[a->tok[t].start + i]))
			return false;
	return true;
}

/*
 * Does a volume's mark start at token v -- a volume word, its period, a
 * number or Roman numeral ("Vol. 1", "Bd. 3", "Band 2", "Vol. IV")?
 * Returns the token after it, or 0.
 */
static size_t
volume_mark_end(const pith_ref_analysis *a, size_t v)
{
	size_t		k = v + 1;

	if (v >= a->ntok || a->tok[v].kind != PITH_TOK_WORD || !(a->info[v].lex & PITH_LEX_VOLUME))
		return 0;
	if (tok_is(a, k, "."))
		k++;
	if (k >= a->ntok || (a->tok[k].kind != PITH_TOK_NUMBER && !roman_numeral(a, k)))
		return 0;
	return k + 1;
}

/*
 * Does a volume's mark and a colon start at token v ("Vol. 1:", "Bd. 3:",
 * "Band 2:", "Vol. IV:")?  Returns the colon's token, or 0.
 */
static size_t
volume_mark_colon(const pith_ref_analysis *a, size_t v)
{
	size_t		k = volume_mark_end(a, v);

	return k > 0 && k < a->ntok && tok_is(a, k, ":") ? k : 0;
}

/*
 * Can word token t open a person's name written given name first: a
 * capitalised given name of the lexicon, or a hyphenated pair
 * ("Hans-Ulrich", "Franz-Xaver", "Young-sun")?
 */
static bool
forward_given_name(const pith_ref_analysis *a, size_t t)
{
	/*
	 * given names of the scholars German and English footnotes cite that
	 * the labeller's lexicon lacks (the lexicon is the model's features;
	 * this list is the assembly's only)
	 */
	static const char *const more[] = {
		"Albert", "Alfred", "Anselm", "Arnold", "Axel", "Bruno", "Clifford", "Detlev", "Dietrich", "Eckart",
		"Edgar", "Emil", "Erich", "Erving", "Ferdinand", "Franz", "Gustav", "Hartmut", "Helmuth", "Herbert",
		"Hugo", "Lutz", "Lujo", "Marc", "Niklas", "Norbert", "Reinhart", "Ren\xC3\xA9", "Theodor", "Theda",
		"Thorstein", "Ute", "Winfried", "G\xC3\xB8sta", "Mancur", "Talcott", "Perry", "Immanuel", "Hannah",
		"Simone", "\xC3\x89mile", "Claus", "Lorenz", "Gerd", "Meike", "Merith", "Ingeborg", "Renate", "Jutta",
		"Steffen", "Armin", "Oliver", "Cornelia", "Elinor", "Ernest", "Benedict", "Seymour", "Barrington",
		"Douglass", "Guillermo", "Luc", "\xC3\x88ve", "Antoine", "Emmanuel", "Maurice", "Arlette", "Georges",
		"Fernand", "Roger", "G\xC3\xA9rard", "Jacqueline", "Lucien", "Marcel", "Gilles", "Andr\xC3\xA9",
		"Achim", "Agnes", "Alice", "Alicia", "Alison", "Alistair", "Angelika", "Anita", "Anja", "Anne", "Annette",
		"Antje", "Arend", "Audrey", "Beate", "Beatrice", "Bettina", "Birte", "Brigitte", "Britta", "Burkhard",
		"Carlo", "Charlotte", "Chantal", "Christoph", "Clara", "Claude", "Colette", "Colin", "Dagmar", "Danielle",
		"Denise", "Detlef", "Diana", "Dietmar", "Dolores", "Dominique", "Donald", "Doris", "Dorothea", "Eberhard",
		"Eckhard", "Elaine", "Eleanor", "Elisabeth", "Elke", "Erhard", "Erica", "Erika", "Eugene", "Fiona",
		"Florence", "Frances", "Franco", "Frederick", "Gabriele", "Geraldine", "Gertrud", "Gillian", "Gottfried",
		"G\xC3\xBCnther", "Hannelore", "Harold", "Heiko", "Helga", "Herfried", "Hildegard", "Holger", "Hubert",
		"H\xC3\xA9l\xC3\xA8ne", "Ilona", "Ilse", "Inge", "Ingo", "Ingolf", "Ingolfur", "Jane", "Janice",
		"Jeanette", "Jeanne", "Jeremy", "Joachim", "Joanne", "Jochen", "Johann", "Josef", "Josephine", "Juanita",
		"Karin", "Karsten", "Kathryn", "Katrin", "Kirsten", "Konrad", "Laurent", "Lothar", "Louise", "Luigi",
		"Margarete", "Marianne", "Marilyn", "Mario", "Marjorie", "Martine", "Mathias", "Melanie", "Michele",
		"Miriam", "Monica", "Odile", "Olaf", "Oskar", "Oscar", "Paola", "Paula", "Pauline", "Philip", "Phyllis",
		"Pilar", "Reinhard", "Roberta", "Roland", "Rolf", "R\xC3\xBC" "diger", "Siegfried", "Suzanne", "Sylvia",
		"Teresa", "Theresa", "Thorsten", "Torsten", "Valerie", "Vanessa", "Veronica", "Volker", "Volkmar",
		"Waltraud", "Wolfram", "Yves", "Yvonne", NULL
	};
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;
	const char *h;

	if (t >= a->ntok || a->tok[t].kind != PITH_TOK_WORD || a->info[t].initial)
		return false;
	if (a->info[t].casecls == 1 && ((a->info[t].lex & PITH_LEX_GIVEN) || tok_in_list(a, t, more, false)))
		return true;
	/* (a hyphenated pair is of mixed case; its second part may be in lower case: "Young-sun") */
	h = memchr(w, '-', n);
	return h != NULL && h > w + 1 && h + 2 < w + n && pith_ascii_is_upper((unsigned char) w[0]) &&
		pith_ascii_is_lower((unsigned char) w[1]) && pith_ascii_is_alpha((unsigned char) h[1]) &&
		pith_ascii_is_lower((unsigned char) h[2]);
}

/* Does how many volumes a work has start at token t ("2 Bde.", "3 vols.", "4 volumes")? */
static bool
volume_count(const pith_ref_analysis *a, size_t t)
{
	static const char *const volumes_words[] = {"bde", "b\xC3\xA4nde", "vols", "volumes", "voll", "tomes", NULL};

	return t + 1 < a->ntok && a->tok[t].kind == PITH_TOK_NUMBER && a->tok[t + 1].kind == PITH_TOK_WORD &&
		tok_in_list(a, t + 1, volumes_words, false);
}

/*
 * How many volumes a work has, after a comma, labelled volume ("...
 * Zusammenhang, | 4 Bde. | , Göttingen 1986–1987"): to the title's rules
 * no volume cited, labelled 'N' (no field's) while they run; then the
 * volume again, as the corpora give it (from 'v' to 'N' before them, from
 * 'N' to 'v' after).
 */
static void
volume_count_label(const pith_ref_analysis *a, char *labels, char from, char to)
{
	for (size_t t = 1; t + 1 < a->ntok; t++)
		if (labels[t] == from && tok_is(a, t - 1, ",") && volume_count(a, t) && labels[t + 1] == from)
		{
			labels[t] = labels[t + 1] = to;
			if (t + 2 < a->ntok && tok_is(a, t + 2, ".") && labels[t + 2] == from)
				labels[t + 2] = to;
		}
}

/*
 * Does a pointer to the place cited before end at token t ("a. a. O.",
 * "a.a.O.", "op. cit.")?  Returns the token after it, or 0.
 */
static size_t
place_cited_before(const pith_ref_analysis *a, size_t t)
{
	size_t		k = t;

	/* "a. a. O." / "a.a.O.": the letters a, a, O, each perhaps with its period */
	if (tok_is(a, k, "a") || tok_is(a, k, "aaO"))
	{
		if (tok_is(a, k, "aaO"))
			return k + 1 + tok_is(a, k + 1, ".");
		k += 1 + tok_is(a, k + 1, ".");
		if (!tok_is(a, k, "a"))
			return 0;
		k += 1 + tok_is(a, k + 1, ".");
		if (!tok_is(a, k, "O"))
			return 0;
		return k + 1 + tok_is(a, k + 1, ".");
	}
	if (tok_is(a, k, "op") && tok_is(a, k + 1, ".") && tok_is(a, k + 2, "cit"))
		return k + 3 + tok_is(a, k + 3, ".");
	return 0;
}

/* Fewest bytes of a short title of one word with no pointer to the full citation ("Staatsgründung"). */
#define SHORT_TITLE_WORD_MIN 5

/*
 * A footnote's short form of a work cited in full before: a surname (or
 * two joined by "/"), a short title and the page ("5. Hobsbawm, Age of
 * Extremes, 102.", "Weber, Wirtschaft und Gesellschaft, S. 12.",
 * "Schildt/Siegfried, Kulturgeschichte (wie Anm. 52), S. 200.",
 * "Görtemaker, Bundesrepublik, a. a. O., S. 480."): a capitalised word
 * and a comma; the short title's words (no initial, period, bracket or
 * quote; a question mark at its end); perhaps its volume (", Bd. 3"), a
 * back reference to the footnote of the full citation ("(wie Anm. 3)") or
 * the place cited before
 * (", a. a. O."); a comma; then the page (a number or range, after "p.",
 * "pp." or "S." or not, "f." or "ff." after it) ending the text.  With no
 * pointer back, no year anywhere, and the title two words or more, or one
 * long word that is no given name before a page mark ("Kleßmann,
 * Staatsgründung, S. 70."); with one, years may be the title's ("Ära
 * Adenauer 1949–1957").  Relabels the parts.
 */
static void
short_note_form(const pith_ref_analysis *a, char *labels)
{
	size_t		w = 0,
				n,
				t,
				te,
				c,
				words = 0,
				p;
	bool		pointer = false,
				digits = false;

	while (w < a->ntok && (labels[w] == 'k' || a->tok[w].kind == PITH_TOK_PUNCT))
		w++;
	if (w + 4 >= a->ntok || a->tok[w].kind != PITH_TOK_WORD || a->info[w].casecls != 1 ||
		(a->info[w].lex & PITH_LEX_STOP))
		return;
	/* the names: one word, or two joined by "/" */
	n = w + 1;
	if (tok_is(a, n, "/") && n + 1 < a->ntok && a->tok[n + 1].kind == PITH_TOK_WORD && a->info[n + 1].casecls == 1)
		n += 2;
	if (!tok_is(a, n, ","))
		return;
	/* the short title: words, and numbers or dashes (only a pointer back lets them in) */
	for (t = n + 1; t < a->ntok && !tok_is(a, t, ",") && !footnote_pointer(a, t); t++)
	{
		if (a->tok[t].kind == PITH_TOK_WORD && !a->info[t].initial)
			words++;
		else if (a->tok[t].kind == PITH_TOK_NUMBER || tok_is(a, t, "-") || tok_is(a, t, "\xE2\x80\x93"))
			digits = true;
		/* (a question's mark ends it: "Pierson, Dismantling the Welfare State?, 15.") */
		else if (!((tok_is(a, t, "?") || tok_is(a, t, "!")) && tok_is(a, t + 1, ",")))
			return;
	}
	te = t;
	if (words == 0 || t >= a->ntok)
		return;
	/* its volume (", Bd. 3"), then the pointer back or the place cited before */
	if (tok_is(a, t, ",") && (p = volume_mark_end(a, t + 1)) > 0)
		t = p;
	if (footnote_pointer(a, t))
	{
		while (t < a->ntok && !tok_is(a, t, ")"))
			t++;
		t++;
		pointer = true;
	}
	else if (tok_is(a, t, ",") && (p = place_cited_before(a, t + 1)) > 0)
	{
		t = p;
		pointer = true;
	}
	c = t;
	if (c >= a->ntok || !tok_is(a, c, ","))
		return;
	if (!pointer)
	{
		for (size_t u = 0; u < a->ntok; u++)
			if (a->info[u].year)
				return;
		if (digits || c != te)
			return;
	}
	/* the page: "p."/"pp."/"S." or none, a number, a range, "f."/"ff.", a final period */
	p = c + 1;
	if (p < a->ntok && (a->info[p].lex & PITH_LEX_PAGES))
		p += 1 + tok_is(a, p + 1, ".");
	if (p >= a->ntok || a->tok[p].kind != PITH_TOK_NUMBER)
		return;
	/* (one word: no given name, "Müller, Hans-Peter, a.a.O."; with no pointer back, a long one before a page mark) */
	if (words < 2 && (forward_given_name(a, n + 1) ||
					  (!pointer && (p == c + 1 || a->tok[n + 1].end - a->tok[n + 1].start < SHORT_TITLE_WORD_MIN))))
		return;
	for (size_t u = p; u < a->ntok; u++)
		if (!(a->tok[u].kind == PITH_TOK_NUMBER || tok_is(a, u, "-") || tok_is(a, u, "\xE2\x80\x93") ||
			  tok_is(a, u, "f") || tok_is(a, u, "ff") || (tok_is(a, u, ".") && (u + 1 == a->ntok || tok_is(a, u - 1, "f") ||
																				tok_is(a, u - 1, "ff")))))
			return;
	for (size_t u = w; u < n; u++)
		labels[u] = tok_is(a, u, "/") ? 'o' : 'a';
	labels[n] = 'o';
	for (size_t u = n + 1; u < c; u++)
		labels[u] = u < te ? 't' : 'o';
	for (size_t u = c; u < a->ntok; u++)
		labels[u] = a->tok[u].kind == PITH_TOK_NUMBER ? 'p' : 'o';
}

/*
 * A title's sentence that says what the book is based on, after the
 * title's period ("Morse theory. | Based on lecture notes by | M. Spivak
 * and R. Wells."): a note, not the title's second sentence.  Relabels it
 * (to the run's end) note.
 */
static void
based_on_note(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 2; t + 1 < a->ntok; t++)
		if (labels[t] == 't' && (tok_is(a, t, "Based") || tok_is(a, t, "based")) && tok_is(a, t + 1, "on") &&
			sentence_end(a, t - 1) && labels[t - 2] == 't')
		{
			for (; t < a->ntok && labels[t] == 't'; t++)
				labels[t] = 'n';
			return;
		}
}

/*
 * A group the names are signed for, at the start of a title run right
 * after them: "Schulz KF, Altman DG, Moher D, | for the CONSORT Group. |
 * CONSORT 2010 Statement: ...", "..., on behalf of the PRISMA-P Group.":
 * "for the" or "on behalf of the", then a sentence naming a group,
 * collaboration, investigators, consortium, committee or study group.
 * It is the authors', not the title's.  Relabels it with its period.
 */
static void
signed_for_group(const pith_ref_analysis *a, char *labels)
{
	static const char *const group_words[] = {
		"group", "collaborat", "investigator", "consorti", "committee", "trialist", "network", "team",
		"working", NULL
	};

	for (size_t t = 1; t + 2 < a->ntok; t++)
	{
		size_t		w = t,
					e;
		bool		group = false;

		if (labels[t] != 't' || labels[t - 1] == 't')
			continue;
		if (tok_is(a, t, "for") && tok_is(a, t + 1, "the"))
			w = t + 2;
		else if (tok_is(a, t, "on") && tok_is(a, t + 1, "behalf") && t + 3 < a->ntok && tok_is(a, t + 2, "of") &&
				 tok_is(a, t + 3, "the"))
			w = t + 4;
		else
			continue;
		/* the names right before it (their comma or semicolon between) */
		if (!(labels[t - 1] == 'a' || (t >= 2 && a->tok[t - 1].kind == PITH_TOK_PUNCT && labels[t - 2] == 'a')))
			continue;
		for (e = w; e < a->ntok && labels[e] == 't' && !sentence_end(a, e); e++)
			group |= tok_in_list(a, e, group_words, true);
		if (!group || e >= a->ntok || labels[e] != 't' || e + 1 >= a->ntok || labels[e + 1] != 't')
			continue;
		memset(labels + t, 'a', e + 1 - t);
		return;
	}
}

/*
 * A title run right before the longest one, only a sentence's period
 * between them ("The Traditionl Phrase in Homer. | Two Studies in Form,
 * Meaning and Interpretation", "Merkel cell carcinoma. | Comparison of
 * Mohs ..."): the title and its subtitle, which the labeller cut at the
 * period.  Not when the run before holds a date after a comma or bracket,
 * an initial or initials that end a Vancouver name ("Val'ter AA. |
 * Rock-forming coesite ...", "Swiss HIV Cohort Study, 2016. | ..."): that
 * is the names'.  (A run
 * after the longest one is as often the journal or series: "... What Can
 * We Know?. | Military Aspects of Scandinavian Society".)  Returns where
 * the title starts.
 */
static size_t
title_after_title_run(const pith_ref_analysis *a, char *labels, size_t ta)
{
	size_t		s;

	if (ta < 2 || !tok_is(a, ta - 1, ".") || labels[ta - 1] == 't' || labels[ta - 2] != 't' || !sentence_end(a, ta - 1))
		return ta;
	for (s = ta - 2; s > 0 && labels[s - 1] == 't'; s--)
		;
	if (!run_has_word(a, s, ta - 1))
		return ta;
	for (size_t t = s; t + 1 < ta; t++)
		if ((a->info[t].year && t > s && (tok_is(a, t - 1, ",") || tok_is(a, t - 1, "("))) || a->info[t].initial ||
			(initials_tok(a, t) && (t + 2 == ta || tok_is(a, t + 1, ","))))
			return ta;
	labels[ta - 1] = 't';
	return s;
}

/*
 * A title run that starts inside the author list it follows ("..., Maral
 * Mesmakhosroshahi, Jinwen Xi, and Sujeeth Bharadwaj. Training large
 * ..."): when the run's first sentence holds nothing but capitalised words,
 * commas and "and", a comma or "and" among them and two words or more
 * between them (persons in forward order: "Arbeitsverhältnisse und
 * Arbeiterexistenzen. Grundlagen ..." is a title), that sentence is the
 * rest of the names; the title starts after it.  Returns where the
 * title starts.
 */
static size_t
title_after_names(const pith_ref_analysis *a, const char *labels, size_t ta, size_t tb)
{
	size_t		k,
				seps = 0,
				words = 0,
				person = 0;		/* words of the person being read */

	if (ta == 0 || !(labels[ta - 1] == 'a' || (ta > 1 && labels[ta - 1] == 'o' && labels[ta - 2] == 'a')))
		return ta;
	/* a colon closes the names ("Weber, Max: Wirtschaft und Gesellschaft. ...") */
	if (tok_is(a, ta - 1, ":"))
		return ta;
	for (k = ta; k < tb && !sentence_end(a, k); k++)
	{
		const pith_ref_tokinfo *f = &a->info[k];

		if (a->tok[k].kind == PITH_TOK_PUNCT)
		{
			if (a->norm[a->tok[k].start] != ',' || person == 1)
				return ta;
			seps++;
			person = 0;
		}
		else if (a->tok[k].kind != PITH_TOK_WORD)
			return ta;
		else if (f->lex & PITH_LEX_AND)
		{
			if (person == 1)
				return ta;
			seps++;
			person = 0;
		}
		else if (f->casecls != 1)
			return ta;
		else
		{
			words++;
			person++;
		}
	}
	/* the names end with a sentence break and a title follows */
	if (k >= tb || seps == 0 || words < 2 || person == 1 || !run_has_word(a, k + 1, tb))
		return ta;
	return k + 1;
}

/*
 * Does nothing come before token ta but the reference's label (its number,
 * however labelled) and punctuation, no opening quote ("“Charles R. Van
 * Hise.” In ..." is a quoted title)?
 */
static bool
opens_reference(const pith_ref_analysis *a, const char *labels, size_t ta)
{
	for (size_t t = 0; t < ta; t++)
		if ((a->tok[t].kind != PITH_TOK_PUNCT && labels[t] != 'k' && !(t == 0 && a->tok[t].kind == PITH_TOK_NUMBER)) ||
			open_quote_tok(a, t))
			return false;
	return true;
}

/*
 * A title run that opens the reference with a lone author in Vancouver
 * form ("MacMahon S. Blood pressure and the prevention of stroke. J
 * Hypertens Suppl 1996", "PANCIERA S. – Olearii", "Huysmans J-K. A
 * rebours"): a family name and capital initials, or a name in capitals
 * or in a script without case alone ("ACI. Building Code ...",
 * "小林行雄. 鍍金技法の傳来"), then a period and the title.  Relabels the
 * name and returns where the title starts.
 */
static size_t
title_after_lone_author(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k = ta + 1;
	uint8_t		c;

	if (!opens_reference(a, labels, ta) || ta + 2 >= tb || a->tok[ta].kind != PITH_TOK_WORD)
		return ta;
	c = a->info[ta].casecls;
	/* the family name, a comma and initials ("McLean, R. The Thames ...") */
	if (tok_is(a, k, ",") && k + 1 < tb && initials_tok(a, k + 1) && tok_is(a, k + 2, "."))
		k++;
	if (initials_tok(a, k) && a->tok[k].space_before && (c == 1 || c == 2 || c == 3))
	{
		k++;
		/* more initials, each with its period ("Smith, J. R. The ...") */
		while (tok_is(a, k, ".") && k + 2 < tb && initials_tok(a, k + 1) && tok_is(a, k + 2, "."))
			k += 2;
	}
	else if (tok_is(a, ta + 1, ",") || !((c == 2 && a->tok[ta].end - a->tok[ta].start >= 2) || c == 5))
		return ta;
	if (k + 1 >= tb || !tok_is(a, k, ".") || !a->info[k].space_after || !run_has_word(a, k + 1, tb))
		return ta;
	for (size_t t = ta; t <= k; t++)
		labels[t] = 'a';
	return k + 1;
}

/* The suffixes of a person's name ("Jr.", "III"). */
static const char *const name_suffixes[] = {"Jr", "Sr", "II", "III", "IV", NULL};

/* Is token k the bracket of a date in brackets and a colon or period ("(2017):")? */
static bool
bracketed_date_then_colon(const pith_ref_analysis *a, size_t k, size_t tb)
{
	return k + 3 < tb && tok_is(a, k, "(") && a->info[k + 1].year && tok_is(a, k + 2, ")") &&
		(tok_is(a, k + 3, ":") || tok_is(a, k + 3, "."));
}

/*
 * The title's head word taken for one more author after a Vancouver list
 * ("Lopez P. GROBID: combining automatic bibliographic data recognition
 * ..."): the list ends with a family name, undotted initials and a
 * period, so a capitalised word between that period and the colon before
 * the title run opens the title, when it is an acronym or the list has a
 * Vancouver person before its last ("Shameli-Sendi A, Dagenais M.
 * ARITO: ..."): a lone person before a colon may be in forward order
 * ("Artur R. Boelderl: Geburtsräume ...").  Returns where the title
 * starts.
 */
static size_t
title_after_vancouver_list(const pith_ref_analysis *a, char *labels, size_t ta)
{
	if (ta < 5 || !tok_is(a, ta - 1, ":") || labels[ta - 2] != 'a' || a->tok[ta - 2].kind != PITH_TOK_WORD ||
		a->info[ta - 2].casecls == 0 || a->info[ta - 2].initial || (a->info[ta - 2].lex & PITH_LEX_EDITOR) ||
		tok_in_list(a, ta - 2, name_suffixes, false) || !a->tok[ta - 2].space_before ||
		!tok_is(a, ta - 3, ".") || a->tok[ta - 3].space_before || !initials_tok(a, ta - 4) || labels[ta - 4] != 'a')
		return ta;
	/*
	 * The last person inverted with dotted initials ("Kingma, D. P. and Ba,
	 * J. Adam: A method for ..."): such a person is complete at the period,
	 * and the next one would be "Family, I." again, so a word and a colon
	 * after it open the title -- but a lone person may write a given name
	 * after one initial ("Lepsius, M. Rainer: Parteiensystem ..."), so
	 * there the word must not be a given name.
	 */
	{
		size_t		k = ta - 4;

		while (k >= 3 && tok_is(a, k - 1, ".") && !a->tok[k - 1].space_before && initials_tok(a, k - 2) &&
			   labels[k - 2] == 'a')
			k -= 2;
		/* the family name opens the reference or follows a separator: not "Wolfgang Jantzen, G. Feuser:" */
		if (k >= 2 && tok_is(a, k - 1, ",") && labels[k - 2] == 'a' && a->tok[k - 2].kind == PITH_TOK_WORD &&
			a->info[k - 2].casecls == 1 && !initials_tok(a, k - 2) &&
			((k - 2 == reference_start(a, labels) && !(k == ta - 4 && (a->info[ta - 2].lex & PITH_LEX_GIVEN))) ||
			 (k >= 3 && (tok_is(a, k - 3, ",") || tok_is(a, k - 3, ";") || tok_is(a, k - 3, "&") ||
						 (a->tok[k - 3].kind == PITH_TOK_WORD && (a->info[k - 3].lex & PITH_LEX_AND))))))
		{
			labels[ta - 2] = 't';
			labels[ta - 1] = 't';
			return ta - 2;
		}
	}
	if (a->tok[ta - 5].kind != PITH_TOK_WORD || labels[ta - 5] != 'a' || a->info[ta - 5].casecls != 1 ||
		initials_tok(a, ta - 5))
		return ta;
	/* an acronym ("GROBID:"), or a Vancouver person before ("Smith JB, Donelson F. ABC:") */
	if (a->info[ta - 2].casecls != 2 && !(ta >= 7 && tok_is(a, ta - 6, ",") && initials_tok(a, ta - 7)))
		return ta;
	labels[ta - 2] = 't';
	labels[ta - 1] = 't';
	return ta - 2;
}

/*
 * A title run that opens the reference with the names and the year in it,
 * unpunctuated as the Institute of Physics prints them ("Timoshenko S P
 * and Goodier J N 1970 Theory of Elasticity (New York: McGraw-Hill)"):
 * before the year only capitalised family names, initials, commas, "and",
 * "&" and "et al", one initial at least; after it a title of two words or
 * more.  The same after the names the run cut, with the year in brackets
 * ("..., Villani C, | Visperas B (2016) Climate change, ...").  Relabels
 * the names and the year and returns where the title starts.
 */
static size_t
title_after_names_and_year(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		y;
	bool		initial = false,
				name = false;

	/* at the reference's start, or after the names it cut ("..., Villani C, | Visperas B (2016) Climate ...") */
	if (!opens_reference(a, labels, ta) && !(ta >= 2 && labels[ta - 2] == 'a' && tok_is(a, ta - 1, ",")))
		return ta;
	for (y = ta; y < tb && !a->info[y].year; y++)
	{
		const pith_ref_tokinfo *f = &a->info[y];

		if (a->tok[y].kind == PITH_TOK_PUNCT)
		{
			/* the year may be in brackets */
			if (!tok_is(a, y, ",") && !tok_is(a, y, "&") && !(tok_is(a, y, "(") && y + 1 < tb && a->info[y + 1].year))
				return ta;
		}
		else if (a->tok[y].kind != PITH_TOK_WORD)
			return ta;
		else if (initials_tok(a, y))
			initial = true;
		else if (f->casecls == 1)
			name = true;
		else if (!(f->lex & (PITH_LEX_AND | PITH_LEX_ETAL)))
			return ta;
	}
	if (y >= tb || !initial || !name || run_word_count(a, y + 1, tb) < 2)
		return ta;
	memset(labels + ta, 'a', y - ta);
	if (tok_is(a, y - 1, "("))
		labels[y - 1] = 'o';
	labels[y] = 'y';
	if (tok_is(a, y + 1, ")"))
	{
		labels[++y] = 'o';
		if (!run_has_word(a, y + 1, tb))
			return ta;
	}
	return y + 1;
}

/* Most tokens of the names before an "et al." that a title run took in. */
#define ETAL_NAMES_MAX_TOKENS 10

/*
 * A title run that took in the rest of the names up to their "et al." or
 * "u.a." ("Hans Belting, | Heinrich Dilly u.a., Kunstgeschichte. Eine
 * Einführung"): after the names' comma, capitalised words, initials,
 * commas and "and" only, then the mark and a separator.  Relabels the
 * names and returns where the title starts.
 */
static size_t
title_after_etal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				e = 0;

	if (ta < 2 || labels[ta - 2] != 'a' || !tok_is(a, ta - 1, ","))
		return ta;
	for (k = ta; k < tb && k < ta + ETAL_NAMES_MAX_TOKENS; k++)
	{
		if (tok_is(a, k, "et") && tok_is(a, k + 1, "al"))
			e = k + 2;
		else if (tok_is(a, k, "u") && tok_is(a, k + 1, ".") && tok_is(a, k + 2, "a"))
			e = k + 3;
		if (e > 0)
			break;
		if (!(tok_is(a, k, ",") || tok_is(a, k, ".") || tok_is(a, k, "&") || (a->info[k].lex & PITH_LEX_AND) ||
			  (a->tok[k].kind == PITH_TOK_WORD && a->info[k].casecls >= 1 && a->info[k].casecls <= 3)))
			return ta;
	}
	if (e == 0 || k == ta)
		return ta;
	if (tok_is(a, e, "."))
		e++;
	if (!(tok_is(a, e, ",") || tok_is(a, e, ":") || (e > 0 && tok_is(a, e - 1, "."))) || !run_has_word(a, e + 1, tb))
		return ta;
	if (tok_is(a, e, ",") || tok_is(a, e, ":"))
		e++;
	memset(labels + ta, 'a', e - ta);
	return e;
}

/*
 * A title run that opens the reference with a Vancouver list of two
 * persons or more ("Catts O, Zurr I. The Ethics of Experiential
 * Engagement ..."): family names, undotted initials, commas, and a period
 * after the last.  Relabels the names and returns where the title starts.
 */
static size_t
title_after_vancouver_names(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k = ta,
				persons = 0;

	if (!opens_reference(a, labels, ta))
		return ta;
	while (k + 2 < tb && a->tok[k].kind == PITH_TOK_WORD && a->info[k].casecls == 1 && !initials_tok(a, k) &&
		   initials_tok(a, k + 1) && (tok_is(a, k + 2, ",") || tok_is(a, k + 2, ".")))
	{
		persons++;
		k += 3;
		if (tok_is(a, k - 1, "."))
			break;
	}
	if (persons < 2 || !tok_is(a, k - 1, ".") || !run_has_word(a, k, tb) || !run_has_word(a, k + 1, tb))
		return ta;
	memset(labels + ta, 'a', k - ta);
	return k;
}

/*
 * A title run that starts with the suffix of the name before it and its
 * comma ("D. Bau, | III, Numerical Linear Algebra", "Jr.,"): the suffix
 * is the name's.  Returns where the title starts.
 */
static size_t
title_after_name_suffix(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k = ta + 1;

	if (ta < 2 || labels[ta - 2] != 'a' || !tok_is(a, ta - 1, ",") || !tok_in_list(a, ta, name_suffixes, false))
		return ta;
	if (tok_is(a, k, ".") && !a->tok[k].space_before)
		k++;
	if (!tok_is(a, k, ",") || !run_has_word(a, k + 1, tb))
		return ta;
	memset(labels + ta, 'a', k - ta);
	return k + 1;
}

/*
 * A title run that starts with the last initial of the name before it
 * ("Sellon, M. | R. Preliminary Archeological ..."): the initial and its
 * period are the name's -- but not a genus's initial before its species
 * ("Li X. | E. coli biofilm").  Returns where the title starts.
 */
static size_t
title_after_initial(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	if (ta < 2 || !a->info[ta].initial || !tok_is(a, ta + 1, ".") || labels[ta - 1] != 'a' ||
		!tok_is(a, ta - 1, ".") || !a->info[ta - 2].initial || labels[ta - 2] != 'a' || !run_has_word(a, ta + 2, tb) ||
		a->info[ta + 2].casecls == 0)
		return ta;
	labels[ta] = labels[ta + 1] = 'a';
	return ta + 2;
}

/* Most tokens of the last person of an author list after its "and" ("J. Ba", "Jimmy Lei Ba"). */
#define LAST_PERSON_MAX_TOKENS 6

/*
 * The title's head word taken for one more author: "D. P. Kingma and J.
 * Ba, Adam: A method for stochastic optimization".  After the list's last
 * person (after "and" or "&", with an initial and a name, no comma) no
 * author follows, so a word between it and the colon before the title
 * run opens the title.  "Müller, Hans und Meier, Karl: Titel" is not
 * this: "Meier" alone is no whole person.  Returns where the title starts.
 */
static size_t
title_after_last_person(const pith_ref_analysis *a, char *labels, size_t ta)
{
	size_t		k;
	bool		initial = false,
				name = false;

	if (ta < 5 || !tok_is(a, ta - 1, ":") || labels[ta - 2] != 'a' || a->tok[ta - 2].kind != PITH_TOK_WORD ||
		a->info[ta - 2].casecls == 0 || a->info[ta - 2].initial || initials_tok(a, ta - 2) ||
		!tok_is(a, ta - 3, ","))
		return ta;
	for (k = ta - 4; k > 0 && ta - 4 - k < LAST_PERSON_MAX_TOKENS; k--)
	{
		if (labels[k] != 'a')
			return ta;
		if (a->tok[k].kind == PITH_TOK_WORD && (a->info[k].lex & PITH_LEX_AND))
			break;
		if (tok_is(a, k, "&"))
			break;
		if (tok_is(a, k, ","))
			return ta;
		if (a->tok[k].kind == PITH_TOK_WORD)
		{
			if (a->info[k].initial || initials_tok(a, k))
				initial = true;
			else
				name = true;
		}
	}
	if (k == 0 || !initial || !name || !(tok_is(a, k, "&") || (a->info[k].lex & PITH_LEX_AND)))
		return ta;
	labels[ta - 2] = 't';
	labels[ta - 1] = 't';
	return ta - 2;
}

/*
 * A title run that opens with the rest of the last person's name and the
 * colon after it: "D. Buchholz, H. Grundling: The resolvent algebra",
 * "Megias E, Pena-Benitez F: Gravitational anomaly", "Habermas, Jürgen:
 * Strukturwandel der Öffentlichkeit".  The family name after an initial
 * that starts a person (after "and", or after a comma that ends a person
 * written the same way), the initials after a family name, or a given
 * name in full after the family name and comma that open the reference.
 * Not "Toutanova K. BERT: ..." or "Stone, M. Cross-validation: ...",
 * where the initial ends a person.  Returns where the title starts.
 */
static size_t
title_after_name_colon(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	bool		family;

	if (ta < 2 || ta + 3 > tb || !tok_is(a, ta + 1, ":") || a->tok[ta].kind != PITH_TOK_WORD ||
		!run_has_word(a, ta + 2, tb))
		return ta;
	/*
	 * "Habermas, Jürgen:": the given name in full after the family name
	 * that opens the reference, or that a slash puts after another person
	 * ("Schnell, Rainer/Hill, Paul B./Esser, Elke:")
	 */
	if (tok_is(a, ta - 1, ",") && labels[ta - 2] == 'a' &&
		(ta - 2 == reference_start(a, labels) || (ta >= 3 && tok_is(a, ta - 3, "/") && labels[ta - 3] == 'a')) &&
		a->info[ta - 2].casecls == 1 && a->info[ta].casecls == 1 && a->tok[ta].end - a->tok[ta].start >= 3 &&
		(a->info[ta].lex & ~(uint32_t) PITH_LEX_GIVEN) == 0)
	{
		labels[ta] = 'a';
		labels[ta + 1] = 'o';
		return ta + 2;
	}
	if (labels[ta - 1] != 'a')
		return ta;
	/* "H. Grundling:": a family name after an initial that opens a person */
	family = a->info[ta].casecls == 1 && !initials_tok(a, ta) && tok_is(a, ta - 1, ".") &&
		!a->tok[ta - 1].space_before && initials_tok(a, ta - 2) &&
		((ta >= 6 && tok_is(a, ta - 3, ",") && tok_is(a, ta - 5, ".") && initials_tok(a, ta - 6)) ||
		 tok_is(a, ta - 3, "&") || (a->tok[ta - 3].kind == PITH_TOK_WORD && (a->info[ta - 3].lex & PITH_LEX_AND)));
	/* "Pena-Benitez F:": initials after a family name */
	if (!family && !(initials_tok(a, ta) && a->tok[ta - 1].kind == PITH_TOK_WORD && a->info[ta - 1].casecls != 0 &&
					 !initials_tok(a, ta - 1)))
		return ta;
	labels[ta] = 'a';
	labels[ta + 1] = 'o';
	return ta + 2;
}

/* Word starts that make a name an organisation's (compared without case). */
static const char *const organisation_words[] = {
	"association", "department", "committee", "council", "agency", "ministry", "ministère", "institut",
	"organization", "organisation", "society", "office", "bureau", "commission", "administration",
	"authority", "foundation", "federation", "board", "service", "survey", "anon", "center", "centre", "consortium",
	"secretariat", "collaborat", "group", "bundesministerium", "bundesamt", "bundesanstalt", "bundesagentur",
	"bundeszentrale", "bundesinstitut", "bundesregierung", "ministerium", "landesamt", "statistisch", "verband",
	"stiftung", "kommission", "panel", "team", "bundestag", "landtag", NULL
};

/*
 * Ends of German compounds that name an organisation
 * ("Sachverständigenrat", "Wissenschaftsrat", "Umweltbundesamt",
 * "Landesinstitut"); "-srat" and "-nrat", not "Apparat" or "Referat".
 */
static const char *const organisation_compound_ends[] = {
	"srat", "nrat", "beirat", "ndesamt", "ministerium", "institut", "verband", "stiftung", "kommission", "agentur",
	"beh\xC3\xB6rde", NULL
};

/*
 * Does token t start with an organisation's word ("Department",
 * "Bundesamt"), not as an adjective ("Institutional", "Collaborative"),
 * or end as a German organisation's compound does ("Sachverständigenrat")?
 */
static bool
organisation_word(const pith_ref_analysis *a, size_t t)
{
	static const char *const adjective_ends[] = {"al", "ive", "ally", NULL};
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;

	for (const char *const *e = adjective_ends; *e; e++)
		if (n > strlen(*e) + 4 && pith_ascii_eq_ci(w + n - strlen(*e), strlen(*e), *e))
			return false;
	if (a->info[t].casecls == 1)
		for (const char *const *e = organisation_compound_ends; *e; e++)
			if (n > strlen(*e) + 2 && pith_ascii_eq_ci(w + n - strlen(*e), strlen(*e), *e))
				return true;
	return tok_in_list(a, t, organisation_words, true);
}

/*
 * A title run that opens the reference with an organisation as its author
 * ("American Educational Research Association. Standards for educational
 * and psychological testing", "Department of the Navy (DON). Site
 * Evaluation Report", "Anon. Malware behavioural detection"): a first
 * sentence of capitalised words, stop words, commas and a bracketed
 * acronym, one of them an organisation's word (acronyms and numbers too
 * where a group's word ends it: "GBD 2016 Causes of Death
 * Collaborators."), then a title of two words or more (a colon may end
 * the name: "Bundesagentur für Arbeit: Statistik der ..."); or the same
 * name and its date in brackets before a colon or
 * period ("Bundesministerium für Bildung und Forschung (BMBF) (2017):
 * Bildung in Deutschland 2016").  Relabels the name (and the date) and
 * returns where the title starts.
 */
static size_t
title_after_organisation(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	/* last words of a group's name that may hold acronyms and numbers */
	static const char *const group_name_ends[] = {"collaborat", "consorti", "investigator", "group", NULL};
	size_t		k,
				date = 0;		/* the bracket of the date that ends the name, 0 if none */
	bool		organisation = false,
				loose = false;	/* an acronym or number in it */

	if (!opens_reference(a, labels, ta))
		return ta;
	/* does the date in brackets and a colon or period end the name ("... (BMBF) (2017): Bildung in ...")? */
	for (k = ta + 1; k < tb && !sentence_end(a, k) && date == 0; k++)
		if (bracketed_date_then_colon(a, k, tb))
			date = k;
	for (k = ta; k < tb && !sentence_end(a, k); k++)
	{
		const pith_ref_tokinfo *f = &a->info[k];

		if (date > 0 && k == date)
		{
			k += 3;
			break;
		}
		if (a->tok[k].kind == PITH_TOK_PUNCT)
		{
			/* a colon ends the name too, as German prints it ("Bundesagentur für Arbeit: | Statistik der ...") */
			if (tok_is(a, k, ":") && date == 0 && k > ta)
				break;
			if (!tok_is(a, k, ",") && !tok_is(a, k, "(") && !tok_is(a, k, ")"))
				return ta;
		}
		/*
		 * capitals for an acronym in brackets or a lone word ("(DON)",
		 * "ANON."); elsewhere acronyms and numbers only in a name that ends
		 * with its group's word ("GBD 2016 ... Collaborators.")
		 */
		else if (a->tok[k].kind == PITH_TOK_NUMBER || (a->tok[k].kind == PITH_TOK_WORD && f->casecls == 2))
		{
			if (!(f->casecls == 2 && (tok_is(a, k - 1, "(") || (k == ta && sentence_end(a, k + 1)))))
				loose = true;
		}
		else if (a->tok[k].kind != PITH_TOK_WORD ||
				 !(f->casecls == 1 || (f->lex & PITH_LEX_STOP) || (date > 0 && f->casecls == 0 && (f->lex & PITH_LEX_AND))))
			return ta;
		/*
		 * as the first word only before "of", "for", "on", "für" or alone
		 * ("Society and Culture. ..." is a title)
		 */
		else if (k > ta || tok_is(a, k + 1, "of") || tok_is(a, k + 1, "for") || tok_is(a, k + 1, "on") ||
				 tok_is(a, k + 1, "f\xC3\xBCr") || tok_is(a, k + 1, "fur") || sentence_end(a, k + 1))
			organisation |= organisation_word(a, k);
	}
	if (!organisation || k >= tb || k == ta ||
		(loose && !(a->tok[k - 1].kind == PITH_TOK_WORD && tok_in_list(a, k - 1, group_name_ends, true))))
		return ta;
	/* a title of at least two words follows */
	if (run_word_count(a, k + 1, tb) < 2)
		return ta;
	for (size_t t = ta; t <= k; t++)
		labels[t] = date == 0 || t < date ? 'a' : t == date + 1 ? 'y' : 'o';
	return k + 1;
}

/*
 * No token was labelled title, and the author run ends with it, in
 * Vancouver form: after the last name's initials and period come
 * capitalised words that are no name ("Parpola S. Assyrian Prophecies.
 * Helsinki", "Chambers JK, Trudgill P. Dialectology. CUP"): two words or
 * more, or one after names that show the style (a family name, initials
 * and a comma); not after a given name ("Philip H. Wicksteed").  Relabels
 * them and sets [*ta, *tb).
 */
static bool
title_ending_vancouver_names(const pith_ref_analysis *a, char *labels, size_t *ta, size_t *tb)
{
	size_t		ra,
				rb;

	if (!find_run(a, labels, 'a', false, &ra, &rb))
		return false;
	for (size_t k = ra + 2; k + 1 < rb; k++)
	{
		size_t		words = 0;
		bool		names = false,
					style = false;

		if (!tok_is(a, k, ".") || !a->info[k].space_after || !initials_tok(a, k - 1) ||
			a->tok[k - 2].kind != PITH_TOK_WORD || a->info[k - 2].casecls != 1 ||
			(a->info[k - 2].lex & PITH_LEX_GIVEN) || a->info[k + 1].casecls != 1)
			continue;
		for (size_t t = k + 1; t < rb; t++)
			if (a->tok[t].kind == PITH_TOK_WORD)
			{
				words++;
				names = names || (initials_tok(a, t) && t + 1 < rb) || (a->info[t].lex & (PITH_LEX_ETAL | PITH_LEX_AND));
			}
			else if (!tok_is(a, t, ".") || t + 1 < rb)
				names = true;
		for (size_t t = ra + 1; t + 3 < k; t++)
			if (initials_tok(a, t) && tok_is(a, t + 1, ",") && a->info[t - 1].casecls == 1)
				style = true;
		if (!names && (words >= 2 || (words == 1 && style)))
		{
			*ta = k + 1;
			*tb = rb;
			for (size_t t = *ta; t < rb; t++)
				labels[t] = 't';
			return true;
		}
	}
	return false;
}

/*
 * A title run that starts at a volume's part title ("Non-Equilibrium
 * Phase Transitions, Vol. 1: | Absorbing Phase Transitions", "Deutsche
 * Gesellschaftsgeschichte, Bd. 3: | Von der ..."), the work's own title
 * before it labelled title or container: the title is the whole (as two
 * of the four such references in the training data have it; the others
 * split or drop the part).  Returns where the title starts.
 */
static size_t
title_after_volume_part(const pith_ref_analysis *a, const char *labels, size_t ta)
{
	size_t		c,
				v,
				k;
	char		l;

	if (tok_is(a, ta, ":") && ta > 0 && (a->tok[ta - 1].kind == PITH_TOK_NUMBER || roman_numeral(a, ta - 1)))
		c = ta;
	else if ((a->tok[ta].kind == PITH_TOK_NUMBER || roman_numeral(a, ta)) && ta + 1 < a->ntok && tok_is(a, ta + 1, ":"))
		c = ta + 1;
	/* (the run after the mark's colon: "..., Bd. 2: | Deutsche Geschichte vom ...") */
	else if (ta >= 2 && tok_is(a, ta - 1, ":") && labels[ta - 1] == 'o' &&
			 (a->tok[ta - 2].kind == PITH_TOK_NUMBER || roman_numeral(a, ta - 2)))
		c = ta - 1;
	else
		return ta;
	/* the volume word before the number, and its period if it has one */
	v = c >= 3 && tok_is(a, c - 2, ".") ? c - 3 : c - 2;
	/* (the work's title may end in a year: "Deutsche Verfassungsgeschichte seit 1789, Bd. 3:") */
	if (c < 2 || v < 2 || volume_mark_colon(a, v) != c || !tok_is(a, v - 1, ",") || a->tok[v - 2].kind == PITH_TOK_PUNCT)
		return ta;
	k = v - 2;
	l = labels[k];
	if (l != 't' && l != 'c')
		return ta;
	while (k > 0 && labels[k - 1] == l)
		k--;
	/* the work's title opens its run after the names' colon or period */
	if (k == 0 || a->tok[k - 1].kind != PITH_TOK_PUNCT || labels[k - 1] != 'o' || !run_has_word(a, k, c - 1))
		return ta;
	return k;
}

/*
 * A title that opens with an article and a quote, both left out of the
 * run after the names' comma or colon ("Max Weber, Die „ | Objektivität“
 * sozialwissenschaftlicher ..."): they are the title's.  Returns where
 * the title starts.
 */
static size_t
title_after_article_quote(const pith_ref_analysis *a, const char *labels, size_t ta)
{
	if (ta < 3 || !open_quote_tok(a, ta - 1) || labels[ta - 1] != 'o' || labels[ta - 2] != 'o' ||
		a->tok[ta - 2].kind != PITH_TOK_WORD || a->info[ta - 2].casecls != 1 ||
		!(a->info[ta - 2].lex & PITH_LEX_STOP) || !(tok_is(a, ta - 3, ",") || tok_is(a, ta - 3, ":")))
		return ta;
	return ta - 2;
}

/*
 * Words right before a title run, after a sentence break and with no
 * punctuation between them and the run, that the labeller called volume,
 * issue, pages or note ("et al. The llama 3 herd of models.", "1987. The
 * ecology of the bog turtle in | North Carolina. Master's thesis"), some of
 * them in lower case: a title does not start mid-sentence, so they belong
 * to it.  Returns where the title starts.
 */
static size_t
title_lead_words(const pith_ref_analysis *a, const char *labels, size_t ta)
{
	size_t		k = ta;
	bool		lower = false;

	while (k > 0 && a->tok[k - 1].kind != PITH_TOK_PUNCT && strchr("vipn", labels[k - 1]) != NULL &&
		   labels[k - 1] != '\0')
	{
		k--;
		if (a->tok[k].kind == PITH_TOK_WORD && a->info[k].casecls == 0)
			lower = true;
	}
	if (k == ta || !lower || !(k == 0 || sentence_end(a, k - 1)))
		return ta;
	return k;
}

/*
 * Is the "container" [ca, cb) a book's title with its date: authors
 * before it, only its date (and a note) after it, and no word of a venue
 * in it ("Debord, Guy, The Society of the Spectacle (1995)", "Shimizu, Y.
 * and K. Ueno, Advances in Moduli Theory (2002).")?  A journal or
 * proceedings cited without a title names itself ("V. Aynutdinov et al.,
 * Proc. 30th ICRC (2007)", "Ann. Phys. (1905)").
 */
static bool
dated_book(const pith_ref_analysis *a, const char *labels, size_t ca, size_t cb)
{
	bool		author = false,
				date = false;

	for (size_t t = 0; t < a->ntok; t++)
	{
		if (a->tok[t].kind != PITH_TOK_WORD && a->tok[t].kind != PITH_TOK_NUMBER)
			continue;
		if (t < ca)
		{
			if (!strchr("aok", labels[t]))
				return false;
			author |= labels[t] == 'a';
		}
		else if (t < cb)
		{
			if ((a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_VOLUME)) ||
				(t + 1 < cb && tok_is(a, t + 1, ".") && !a->tok[t + 1].space_before))
				return false;
		}
		else if (labels[t] == 'y')
			date = true;
		else if (labels[t] != 'o' && labels[t] != 'n')
			return false;
	}
	return author && date;
}

/*
 * No token was labelled title, but a "container" is followed by a
 * publisher or place and nothing gives it a volume or an issue
 * ("R. H. Bube, Photovoltaic Materials, Imperial College Press, 1998."):
 * a book, whose title the labeller took for the container it would be in.
 * The same when the string is nothing but that container, in sentence
 * case: a bare title.
 * The container run (the first) is the title (a venue line such as
 * "Proceedings of ..." is still judged venue_only by the caller) -- not
 * after an "in" cue: that container holds a part whose title is not
 * printed.  Sets [*ta, *tb).
 */
static bool
book_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		ca,
				cb;
	bool		pubplace = false,
				only = true,
				bare = true;
	size_t		tail = 0;

	if (!find_run(a, labels, 'c', false, &ca, &cb) || !run_has_word(a, ca, cb))
		return false;
	/* the container of a part whose title is not printed ("Bennett and G. Brassard, | in Proceedings of ...") */
	{
		size_t		k = ca;

		while (k > 0 && (tok_is(a, k - 1, ":") || tok_is(a, k - 1, ",")))
			k--;
		if (k > 0 && a->tok[k - 1].kind == PITH_TOK_WORD && (a->info[k - 1].lex & PITH_LEX_IN) && labels[k - 1] != 't' &&
			(k < 2 || labels[k - 2] == 'a' || a->tok[k - 2].kind == PITH_TOK_PUNCT))
			return false;
	}
	for (size_t t = 0; t < a->ntok; t++)
	{
		if (labels[t] == 'v' || labels[t] == 'i')
			return false;
		if (t >= cb && a->tok[t].kind == PITH_TOK_WORD && (labels[t] == 'u' || labels[t] == 'l'))
			pubplace = true;
		if ((t < ca || t >= cb) && a->tok[t].kind != PITH_TOK_PUNCT)
			only = false;
		/* the "container" and unlabelled words after it, nothing else */
		if (a->tok[t].kind != PITH_TOK_PUNCT && (t < ca || (t >= cb && labels[t] != 'o' && labels[t] != 'n')))
			bare = false;
		if (t >= cb && a->tok[t].kind == PITH_TOK_WORD)
			tail = t + 1;
	}
	/*
	 * "vdnn: Virtualizeddeep...forscalable,memory-efficient...design": the
	 * unlabelled words after such a container are the rest of its title
	 */
	if (!only && bare && !pubplace)
	{
		unsigned	lower = 0;

		for (size_t t = ca; t < tail; t++)
			if (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 0 &&
				!(a->info[t].lex & PITH_LEX_STOP))
				lower++;
		if (lower < 2)
			return false;
		*ta = ca;
		*tb = tail;
		return true;
	}
	/*
	 * or the string is that "container" and nothing else, in sentence case
	 * (two lower-case words that are no function words): a bare title --
	 * venue and series names are written in title case
	 */
	if (!pubplace)
	{
		unsigned	lower = 0;

		for (size_t t = ca; t < cb; t++)
			if (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 0 &&
				!(a->info[t].lex & PITH_LEX_STOP))
				lower++;
		/* also after authors when no pages follow ("A. Paszke, ... Automatic differentiation in pytorch. 2017.") */
		if (!only)
			for (size_t t = cb; t < a->ntok; t++)
				if (labels[t] == 'p' || labels[t] == 'c')
					lower = 0;
		if (lower < 2 && !dated_book(a, labels, ca, cb))
			return false;
	}
	*ta = ca;
	*tb = cb;
	return true;
}

/*
 * The first container run, when only the names (and tokens labelled with
 * a letter of before: other, label, date) come before it: its bounds in
 * *ca, *cb and whether a date came before it in *dated.
 */
static bool
container_after_names(const pith_ref_analysis *a, const char *labels, const char *before, size_t *ca, size_t *cb,
					  bool *dated)
{
	bool		author = false;

	*dated = false;
	if (!find_run(a, labels, 'c', false, ca, cb))
		return false;
	for (size_t t = 0; t < *ca; t++)
	{
		if (a->tok[t].kind == PITH_TOK_PUNCT)
			continue;
		if (labels[t] != 'a' && !strchr(before, labels[t]))
			return false;
		author |= labels[t] == 'a';
		*dated |= labels[t] == 'y';
	}
	return author;
}

/*
 * No token was labelled title, and the names and date are followed by a
 * "container" whose first sentence is followed by a numbered report of a
 * series ("Hans-Böckler-Stiftung (2019): | Tarifbindung in Deutschland. |
 * WSI-Report Nr. 48. Düsseldorf."): the first sentence is the report's
 * title, the rest its series.  Sets [*ta, *tb).
 */
static bool
report_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	static const char *const report_words[] = {
		"report", "bericht", "paper", "papers", "reihe", "fachserie", "series", "arbeitspapier",
		"diskussionspapier", NULL
	};
	size_t		ca,
				cb,
				k;
	bool		date;

	if (!container_after_names(a, labels, "oyk", &ca, &cb, &date) || !date)
		return false;
	for (k = ca + 1; k < cb && !sentence_end(a, k); k++)
		;
	if (k + 1 >= cb || !run_has_word(a, ca, k) || !tok_ends_with_list(a, k + 1, report_words))
		return false;
	/* the report's number next */
	for (size_t t = k + 2; t < a->ntok && t <= k + 4; t++)
		if (a->tok[t].kind == PITH_TOK_NUMBER)
		{
			*ta = ca;
			*tb = k;
			return true;
		}
	return false;
}

/*
 * With no title run, a "container" right after the names (and their
 * date) whose first sentence is a title in full words and the rest a
 * journal, then its date or volume, as ISO 690 prints an article
 * ("SCHMIDT, Hans; MÜLLER, Petra. | Nachhaltige Stadtentwicklung in
 * Deutschland. | Raumforschung und Raumordnung, 2017, 75. Jg."), or APA
 * with the date first ("Wilson, K. G. (1974). | Confinement ofQuarks. |
 * Phys. Rev.D, 10, ..."): the first sentence is the title.  It needs
 * three words of four letters or more (two where the rest holds a venue
 * word or abbreviation), no abbreviation ("J. Appl. Phys." is one
 * journal) and no venue word ("Proceedings of the Royal Society of
 * London. Series A").
 */
static bool
container_sentence_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		ca,
				cb,
				k,
				words = 0;
	bool		dated = false,
				venue_after = false;

	if (!container_after_names(a, labels, "oky", &ca, &cb, &dated))
		return false;
	for (k = ca + 1; k < cb && !sentence_end(a, k); k++)
		;
	if (k + 1 >= cb || !run_has_word(a, k + 1, cb))
		return false;
	/* (a period before the sentence's end is an abbreviation's) */
	for (size_t t = ca; t < k; t++)
	{
		if (tok_is(a, t, ".") || (a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR)))
			return false;
		words += a->tok[t].kind == PITH_TOK_WORD && a->tok[t].end - a->tok[t].start >= 4;
	}
	for (size_t t = cb; t < a->ntok && !dated; t++)
		dated = labels[t] == 'y' || labels[t] == 'v';
	/* (two words are enough where the rest of the container is a venue's) */
	for (size_t t = k + 1; t < cb && words == 2 && !venue_after; t++)
		venue_after = (a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR)) != 0;
	if ((words < 3 && !venue_after) || !dated)
		return false;
	*ta = ca;
	*tb = k;
	return true;
}

/*
 * Is there an "In" cue (In, In:, dans, en, im) among the tokens [a0, b0),
 * where the book or journal a part appeared in is named?  Labelled as
 * nothing: the "in" of a journal's name ("Trends in Plant Science") is no
 * cue.
 */
static bool
in_cue_between(const pith_ref_analysis *a, const char *labels, size_t a0, size_t b0)
{
	for (size_t t = a0; t < b0; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & PITH_LEX_IN) && labels[t] == 'o')
			return true;
	return false;
}

/*
 * A title run that took in the container after its cue ("Globalisierung
 * und Gesellschaft, | in: Aus Politik und Zeitgeschichte, B 18/98"): a
 * comma or period, "in" and a colon, then a word.  The title ends before
 * the cue.  Returns the new end.
 */
static size_t
title_without_in_cue(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	for (size_t k = ta + 1; k + 3 < tb; k++)
		if ((tok_is(a, k, ",") || tok_is(a, k, ".")) && (tok_is(a, k + 1, "in") || tok_is(a, k + 1, "In")) &&
			tok_is(a, k + 2, ":") && a->tok[k + 3].kind == PITH_TOK_WORD && run_has_word(a, ta, k))
			return k;
	return tb;
}

/*
 * Several title runs and an earlier one that is the part's title: between
 * quotes where the chosen one is not quoted ("« Démographie et sexualité
 * », in CASELLI, ..., Démographie : analyse et synthèse"), or, quoted or
 * not, before the "In" that names the chosen one ("Das
 * Relativitätsprinzip der Gerechtigkeit.  In: Gerecht reden und gerecht
 * handeln"; "Habitat Mapping and Marine Management. In : « Seafloor
 * Geomorphology ... »"), or the "in:" inside the earlier run ("Über den
 * Begriff der Geschichte, in: Ders.: | Gesammelte Schriften").  The
 * earlier one is the work's title, the other the book it is in.
 */
static void
part_title_run(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	bool		chosen_quoted = *ta > 0 && open_quote_tok(a, *ta - 1);

	for (size_t t = 1; t < *ta;)
	{
		size_t		e = t;

		if (labels[t] != 't' || labels[t - 1] == 't')
		{
			t++;
			continue;
		}
		while (e < a->ntok && labels[e] == 't')
			e++;
		if (run_has_word(a, t, e) &&
			((!chosen_quoted && open_quote_tok(a, t - 1) &&
			  (close_quote_tok(a, e) || close_quote_tok(a, e - 1))) ||
			 in_cue_between(a, labels, e, *ta) || title_without_in_cue(a, t, e) < e))
		{
			*ta = t;
			*tb = e;
			return;
		}
		t = e;
	}
}

/* Most tokens between a title's quotes (a longer "quote" is not one). */
#define QUOTED_TITLE_MAX_TOKENS 120

/*
 * Is word token t one that an apostrophe elides: two letters or fewer
 * ("l’", "d’", "qu’") or an Italian article or preposition ending in "ll"
 * ("dell’", "nell’")?
 */
static bool
elision_tok(const pith_ref_analysis *a, size_t t)
{
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;

	return n <= 2 || (w[n - 1] == 'l' && w[n - 2] == 'l');
}

/*
 * Does token t close the quote that token q opens?  “ closes with ” (or
 * the ASCII "), « with », „ with “ or ”, " with ", ‘ with a ’ that no
 * letter follows (the apostrophe of "Women’s" is inside a word).
 */
static bool
closes_quote(const pith_ref_analysis *a, size_t q, size_t t)
{
	if (tok_is(a, q, "\xE2\x80\x9C"))
		return tok_is(a, t, "\xE2\x80\x9D") || tok_is(a, t, "\"");
	if (german_open_tok(a, q))
		return tok_is(a, t, "\xC2\xAB") && !a->tok[t].space_before;
	if (tok_is(a, q, "\xC2\xAB"))
		return tok_is(a, t, "\xC2\xBB");
	if (tok_is(a, q, "\xE2\x80\x9E"))
		return tok_is(a, t, "\xE2\x80\x9C") || tok_is(a, t, "\xE2\x80\x9D");
	if (tok_is(a, q, "\""))
		return tok_is(a, t, "\"");
	/*
	 * "’" closes before a blank or punctuation, or before a capitalised
	 * word glued on by a lost blank ("‘... in the universe’Nature, 2000";
	 * not "O’Neil", "l’Association", "dell’Appendice")
	 */
	if (tok_is(a, q, "\xE2\x80\x98"))
		return tok_is(a, t, "\xE2\x80\x99") &&
			(t + 1 >= a->ntok || a->info[t].space_after || a->tok[t + 1].kind == PITH_TOK_PUNCT ||
			 (t > 0 && a->tok[t - 1].kind == PITH_TOK_WORD && a->info[t - 1].casecls == 0 && !elision_tok(a, t - 1) &&
			  a->tok[t + 1].kind == PITH_TOK_WORD && a->info[t + 1].casecls == 1 &&
			  a->tok[t + 1].end - a->tok[t + 1].start > 2));
	return false;
}

/*
 * Does a closing quote at t end the quoted title: a comma or period just
 * inside it, or after it the end of the string, a comma, semicolon or
 * period, a capitalised word glued on, or "in"/"dans"/"en" before the
 * book or journal?  A word
 * that goes on ("“Like” and language ideology", "„Geistige
 * Behinderung“ im Widerspruch") makes the quote part of a longer title.
 */
static bool
quote_ends_title(const pith_ref_analysis *a, size_t t)
{
	static const char *const cues[] = {"in", "In", "dans", "Dans", "en", "En"};

	if (t + 1 >= a->ntok)
		return true;
	/* the comma or period set inside the quotes ("..., and Simon Louvish.” English Studies") */
	if (tok_is(a, t - 1, ",") || tok_is(a, t - 1, "."))
		return true;
	if (tok_is(a, t + 1, ",") || tok_is(a, t + 1, ";") || tok_is(a, t + 1, "."))
		return true;
	/* the journal glued on by a lost blank ("...’Nature, 2000"; not an opening quote: "the \"Autonomization") */
	if (!a->tok[t].space_before && !a->tok[t + 1].space_before && a->tok[t + 1].kind == PITH_TOK_WORD &&
		a->info[t + 1].casecls == 1)
		return true;
	for (size_t i = 0; i < sizeof(cues) / sizeof(cues[0]); i++)
		if (tok_is(a, t + 1, cues[i]))
			return true;
	return false;
}

/*
 * Do the tokens [ta, q) hold a person's initial ("Ravit, M.") or a year
 * glued to a name ("Sue2012")?  Words alone before a quote ("Finding
 * “meaning” in psychology", "Comment on: \"...\"") are the title's.
 */
static bool
name_or_year_before(const pith_ref_analysis *a, size_t ta, size_t q)
{
	for (size_t t = ta; t < q; t++)
	{
		const char *w = a->norm + a->tok[t].start;
		size_t		n = a->tok[t].end - a->tok[t].start;

		if (a->info[t].initial)
			return true;
		if (a->tok[t].kind == PITH_TOK_WORD && n > 4 && pith_ascii_is_digit((unsigned char) w[n - 1]) &&
			pith_ascii_is_digit((unsigned char) w[n - 4]))
			return true;
	}
	return false;
}

/* Most tokens of a title run before a quote that opens the title. */
#define QUOTE_LATE_MAX_TOKENS 4

/*
 * A title run that opens with a quote: the title is what the quotes hold.
 * The labeller runs on past the closing quote ("« Military Ethics », in
 * COOPER", "“From Dangerousness to Risk.” In The Foucault Effect") or
 * stops inside them ("“Writ(h)ing images. ..., Salman Rushdie, and Simon
 * Louvish.”" cut at "Rushdie"); either way the quotes bound it, when what
 * follows them ends a title (quote_ends_title).  Quotes of another kind
 * inside ("“The ‘Tannhäuser’ Scandal in March 1861,”") do not end it,
 * quotes of the same kind nest ("« Le « staseis » di Turi ... »"), and of
 * quotes opened together the outer pair counts.  A quote may also open
 * a few tokens into the run, after a person's initial or a year glued to
 * a name that the run took in ("Sue2012“Million Dollar ...”",
 * name_or_year_before).  A quote with no
 * close within reach leaves the run as it is.
 */
static void
quote_bounded_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		q,
				depth = 0;

	if (*ta > 0 && open_quote_tok(a, *ta - 1))
		q = *ta - 1;
	else if (open_quote_tok(a, *ta))
		q = *ta;
	else
	{
		/* an initial or a glued year the run took in before the quote ("Sue2012“Million Dollar ...”", "Ravit, M. “Du ...") */
		for (q = *ta + 1; q < *tb && q <= *ta + QUOTE_LATE_MAX_TOKENS && !open_quote_tok(a, q); q++)
			;
		if (q >= *tb || q > *ta + QUOTE_LATE_MAX_TOKENS || !name_or_year_before(a, *ta, q))
			return;
	}
	/* quotes opened together: the outer ones hold the title ("« “Sono ...”. Figure ... »") */
	while (q > 0 && open_quote_tok(a, q - 1))
		q--;
	for (size_t t = q + 1; t < a->ntok && t <= q + QUOTED_TITLE_MAX_TOKENS; t++)
	{
		if (closes_quote(a, q, t))
		{
			if (depth > 0)
			{
				depth--;
				continue;
			}
			/*
			 * one quoted word that the run goes on from past a period
			 * ("„Arbeitsgesellschaft“. Strukturprobleme und
			 * Zukunftsperspektiven"): a keyword the title opens with
			 */
			if (t == q + 2 && t + 3 < *tb && tok_is(a, t + 1, ".") && run_has_word(a, t + 2, *tb) &&
				run_has_word(a, t + 3, *tb))
				return;
			/*
			 * a quoted phrase, a period and the subtitle, then a book's
			 * place ("„Alle alles zu lehren“. Möglichkeiten und Perspektiven
			 * allgemeiner Bildung, | Darmstadt 1994"): no container
			 */
			if (t + 3 < *tb && tok_is(a, t + 1, ".") && run_has_word(a, t + 2, *tb) && *tb + 1 < a->ntok &&
				tok_is(a, *tb, ",") && labels[*tb + 1] == 'l' && !labelled_word(a, labels, "cvi"))
			{
				*ta = q;
				return;
			}
			if (t > q + 1 && run_has_word(a, q + 1, t) && quote_ends_title(a, t))
			{
				*ta = q + 1;
				*tb = t;
			}
			return;
		}
		/* the same opening mark again (not the ASCII one, which also closes) */
		if (!tok_is(a, q, "\"") && a->tok[t].end - a->tok[t].start == a->tok[q].end - a->tok[q].start &&
			memcmp(a->norm + a->tok[t].start, a->norm + a->tok[q].start, a->tok[q].end - a->tok[q].start) == 0)
			depth++;
	}
}

/*
 * Is token t a word that says where a part appeared ("In", "dans", "en",
 * "im", and as some styles print it, Indonesian "dalam", Turkish
 * "içinde")?
 */
static bool
in_cue_tok(const pith_ref_analysis *a, size_t t)
{
	static const char *const more[] = {"dalam", "Dalam", "i\xC3\xA7inde", "\xC4\xB0\xC3\xA7inde", "I\xC3\xA7inde"};

	if (a->tok[t].kind != PITH_TOK_WORD)
		return false;
	if (a->info[t].lex & PITH_LEX_IN)
		return true;
	for (size_t i = 0; i < sizeof(more) / sizeof(more[0]); i++)
		if (tok_is(a, t, more[i]))
			return true;
	return false;
}

/*
 * The end of a title run [ta, tb) cut at token c, a cue that follows the
 * title: the separators before the cue ("...Leadership. – In") are left
 * out too.  A run with no word before the cue keeps its end.
 */
static size_t
cue_cut(const pith_ref_analysis *a, size_t ta, size_t tb, size_t c)
{
	while (c > ta + 1 && (tok_is(a, c - 1, ",") || tok_is(a, c - 1, ".") || tok_is(a, c - 1, ":") ||
						  tok_is(a, c - 1, ";") || tok_is(a, c - 1, "-") || tok_is(a, c - 1, "\xE2\x80\x93") ||
						  tok_is(a, c - 1, "\xE2\x80\x94")))
		c--;
	return run_has_word(a, ta, c) ? c : tb;
}

/*
 * Is the first token from tb on that is not punctuation labelled with one
 * of the letters in set?  The place or publisher ("lu") after a title's
 * last word "In" ("Bringing the State Back In. Cambridge: Cambridge
 * University Press"): it names no book; the editors ("e") after a title
 * run: an "In" in it names their book.
 */
static bool
next_labelled(const pith_ref_analysis *a, const char *labels, size_t tb, const char *set)
{
	while (tb < a->ntok && a->tok[tb].kind == PITH_TOK_PUNCT)
		tb++;
	return tb < a->ntok && labels[tb] != '\0' && strchr(set, labels[tb]) != NULL;
}

/* Notes in brackets on a document's kind after its title ("[abstract]"; AnyStyle's gold keeps "[Online]" in it). */
static const char *const document_kind_notes[] = {
	"abstract", "letter", "editorial", "commentary", "comment", "erratum", NULL
};

/*
 * What the labeller ran into the end of a title run [ta, tb): a
 * Russian-style "//" and the container after it ("... культуры //
 * КСИИМК"), a Chinese-style document type mark ("[J]", "[M]", "[D]"), the
 * journal after ".-" ("... experiments.- | Ecol. Monogr."; not "J.-C."), a
 * back reference to a footnote ("(wie Anm. 1)"), a bracketed note on the
 * document's kind ("[abstract]"), the journal's first abbreviation.
 * Returns the new end.
 */
static size_t
trim_title_run(const pith_ref_analysis *a, const char *labels, size_t ta, size_t tb)
{
	size_t		lw;

	for (size_t t = ta + 1; t + 1 < tb; t++)
		if (tok_is(a, t, "/") && tok_is(a, t + 1, "/"))
			return t;
	/* a Chinese-style document type mark ("...Sentence Classification[J]") */
	if (tb >= ta + 4 && tok_is(a, tb - 1, "]") && tok_is(a, tb - 3, "[") && a->tok[tb - 2].kind == PITH_TOK_WORD &&
		a->tok[tb - 2].end - a->tok[tb - 2].start <= 2 && pith_ascii_is_upper((unsigned char) a->norm[a->tok[tb - 2].start]) &&
		pith_ascii_is_upper((unsigned char) a->norm[a->tok[tb - 2].end - 1]))
		return tb - 3;
	/* the journal after a period and a dash, as older European styles print it ("... experiments.- | Ecol. Monogr.") */
	for (size_t t = ta + 2; t + 1 < tb && t + 2 < a->ntok; t++)
		if (tok_is(a, t, ".") && (tok_is(a, t + 1, "-") || tok_is(a, t + 1, "\xE2\x80\x93")) && !a->tok[t + 1].space_before &&
			a->tok[t - 1].kind == PITH_TOK_WORD && !a->info[t - 1].initial && a->tok[t - 1].end - a->tok[t - 1].start > 2 &&
			a->tok[t + 2].kind == PITH_TOK_WORD && a->info[t + 2].casecls == 1 && run_has_word(a, ta, t))
			return t;
	/* a back reference to an earlier footnote ("Zeitalter der Extreme | (wie Anm. 1)", "(wie Fn. 3)") */
	for (size_t t = ta + 1; t + 2 < tb; t++)
		if (footnote_pointer(a, t))
			return t;
	/* a bracketed note on the document's kind ("... prevention [abstract]", "[letter]") */
	if (tb >= ta + 4 && tok_is(a, tb - 1, "]") && tok_is(a, tb - 3, "[") && tok_in_list(a, tb - 2, document_kind_notes, false) &&
		run_has_word(a, ta, tb - 3))
		return tb - 3;
	/* the "In" that names the book or journal ("... Sudbury area In", "..., in: Int J") */
	lw = cue_cut(a, ta, tb, tb);
	if (lw >= ta + 2 && in_cue_tok(a, lw - 1) &&
		(pith_ascii_is_upper((unsigned char) a->norm[a->tok[lw - 1].start]) || tok_is(a, lw, ":") ||
		 tok_is(a, lw - 2, ",") || tok_is(a, lw - 2, ".")) &&
		!next_labelled(a, labels, tb, "lu"))
		return cue_cut(a, ta, tb, lw - 1);
	/*
	 * "In:" inside the run ("Preferences over time In: Decisions with
	 * Multiple Objectives"), not inside quotes that hold the title
	 * ("“Bringing the State Back In: Strategies of Analysis ...,”")
	 */
	for (size_t t = ta + 2; t + 1 < tb && !(ta > 0 && open_quote_tok(a, ta - 1)); t++)
		if (tok_is(a, t, "In") && a->tok[t].space_before && tok_is(a, t + 1, ":") && run_has_word(a, ta, t))
			return cue_cut(a, ta, tb, t);
	/* ... or "In" after the title's period, the book's editors right after the run ("... inflection. In The view from building 20, ed. Kenneth Hale") */
	if (next_labelled(a, labels, tb, "e"))
		for (size_t t = ta + 2; t + 1 < tb; t++)
			if (tok_is(a, t, "In") && sentence_end(a, t - 1) && run_has_word(a, ta, t - 1))
				return cue_cut(a, ta, tb, t);
	/* ... or a quoted journal after it ("..., in «Great Basin Naturalist Mem.», 2") */
	for (size_t t = ta + 2; t + 1 < tb; t++)
		if (tok_is(a, t - 1, ",") && in_cue_tok(a, t) && open_quote_tok(a, t + 1) && run_has_word(a, ta, t - 1))
			return t - 1;
	/* "s.l." (sine loco: no place known) after the title ("..., s.l., Arlington", ". [s.l.]. Central Agency") */
	if (lw >= ta + 4 && tok_is(a, lw - 1, "l") && tok_is(a, lw - 2, ".") && (tok_is(a, lw - 3, "s") || tok_is(a, lw - 3, "S")))
	{
		size_t		c = lw - 3;

		if (tok_is(a, c - 1, "["))
			c--;
		/* after a separator: "Phytolaccaceae s.l." is sensu lato, the title's */
		if (tok_is(a, c, "[") || tok_is(a, c - 1, ",") || tok_is(a, c - 1, "."))
			return cue_cut(a, ta, tb, c);
	}
	/* the same in Polish ("... la formation [w:] Les Sciences") */
	if (lw >= ta + 3 && tok_is(a, lw - 1, "w") && tok_is(a, lw - 2, "[") && tok_is(a, lw, ":"))
		return cue_cut(a, ta, tb, lw - 2);
	/*
	 * the journal's first abbreviation ("... lung carcinoma Proc Am Assoc
	 * Cancer Res 1999"), capitalised, the container right after it
	 */
	if (tb < a->ntok && tb >= ta + 3 && labels[tb] == 'c' && a->tok[tb - 1].kind == PITH_TOK_WORD &&
		a->info[tb - 1].casecls == 1 && (a->info[tb - 1].lex & PITH_LEX_VENUE_ABBR) &&
		a->tok[tb - 1].space_before && run_has_word(a, ta, tb - 1))
		return tb - 1;
	return tb;
}

/* Most words of one person in forward order ("Hans Günter Hockerts", "Gerhard A. Ritter"). */
#define FORWARD_NAME_MAX_WORDS 4

/*
 * The end of a person's name at token t when it reads as one: two to
 * four capitalised words or dotted initials, a family name of two letters
 * or more last, then a comma, "/", "and" or a period ("Philip N. Klein,",
 * "W. J. Teahan,", "Ming-Wei Chang,"); 0 otherwise.
 */
static size_t
person_name_end(const pith_ref_analysis *a, size_t t)
{
	size_t		words = 0,
				k = t;

	/* (an initial may be a venue's abbreviation too: "J.") */
	while (k < a->ntok && words < FORWARD_NAME_MAX_WORDS && a->tok[k].kind == PITH_TOK_WORD &&
		   a->info[k].casecls != 0 && !(a->info[k].lex & PITH_LEX_AND) &&
		   (a->info[k].initial || !(a->info[k].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR))))
	{
		words++;
		k += a->info[k].initial && tok_is(a, k + 1, ".") ? 2 : 1;
	}
	if (words < 2 || a->info[k - 1].initial || tok_is(a, k - 1, ".") || k >= a->ntok)
		return 0;
	if (tok_is(a, k, ",") || tok_is(a, k, "/") || tok_is(a, k, ".") || tok_is(a, k, ":") ||
		(a->tok[k].kind == PITH_TOK_WORD && (a->info[k].lex & PITH_LEX_AND)))
		return k;
	return 0;
}

/* Most words of a title's head left in the names before a title run in lower case ("Ökonomisches Kapital"). */
#define FORWARD_TITLE_HEAD_MAX_WORDS 3
/* Fewest letters of a title's one word before its period ("Risikogesellschaft."). */
#define FORWARD_TITLE_WORD_MIN 6
/* Fewest bytes of a word whose ending marks it as an abstract noun ("Politics", "Wirtschaftsgeschichte"). */
#define NOUN_ENDING_WORD_MIN 7

/*
 * Does word token t end as the abstract nouns of titles do and persons'
 * names do not ("Wirtschaftsgeschichte", "Sozialpolitik", "Modernisierung",
 * "Politics", "Nationalism")?
 */
static bool
abstract_noun_word(const pith_ref_analysis *a, size_t t)
{
	static const char *const endings[] = {
		"ung", "heit", "keit", "schaft", "schichte", "ismus", "it\xC3\xA4t", "logie", "politik", "tion",
		"ness", "ism", "ics", NULL
	};
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;

	if (a->tok[t].kind != PITH_TOK_WORD || n < NOUN_ENDING_WORD_MIN)
		return false;
	for (const char *const *e = endings; *e; e++)
	{
		size_t		m = strlen(*e);

		if (m <= n && memcmp(w + n - m, *e, m) == 0)
			return true;
	}
	return false;
}

/*
 * Can word token t be part of a place's name: capitalised, or a short link
 * ("bei", "am", "a."), not "and" ("Reinbek bei Hamburg", "Frankfurt am
 * Main")?
 */
static bool
place_name_word(const pith_ref_analysis *a, size_t t)
{
	return !(a->info[t].lex & PITH_LEX_AND) && (a->info[t].casecls == 1 || a->tok[t].end - a->tok[t].start <= 3);
}

/* Most tokens of a place before its year ("Frankfurt a. M. / New York"). */
#define PLACE_BEFORE_YEAR_MAX_TOKENS 10

/*
 * Do a book's place and year start at token t, as footnotes print them
 * ("Frankfurt a. M. 2008", "Berlin 2013", "Opladen/Toronto 2014"): a
 * place's words (capitalised first), "/" and periods, then a year?
 */
static bool
place_and_year_at(const pith_ref_analysis *a, size_t t)
{
	size_t		k = t;

	if (t >= a->ntok || a->tok[t].kind != PITH_TOK_WORD || a->info[t].casecls != 1)
		return false;
	while (k < a->ntok && k < t + PLACE_BEFORE_YEAR_MAX_TOKENS &&
		   ((a->tok[k].kind == PITH_TOK_WORD && place_name_word(a, k)) || tok_is(a, k, ".") || tok_is(a, k, "/")))
		k++;
	return k > t && span_year(a, k) >= 1500;
}

/*
 * Does a title open at token k, after a person's comma: a capitalised
 * article ("Der Preis ..."), or a phrase up to the next comma, colon or
 * period holding a lower-case word no name has ("Varianten des
 * Wohlfahrtsstaats.") or an abstract noun ("Deutsche
 * Wirtschaftsgeschichte."), or ending at a colon ("Book Business:") or before
 * a volume's mark and colon ("Gesammelte Schriften, Bd. 3:"), or one long
 * word and a period ("Risikogesellschaft. Auf ...") -- no venue's word?
 */
static bool
title_opens_after_person(const pith_ref_analysis *a, size_t k)
{
	size_t		words = 0,
				t;

	if (a->tok[k].kind != PITH_TOK_WORD || a->info[k].casecls != 1 || a->info[k].initial ||
		(a->info[k].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_IN | PITH_LEX_GIVEN)))
		return false;
	if ((a->info[k].lex & PITH_LEX_STOP) && !(a->info[k].lex & PITH_LEX_PARTICLE) && !tok_is(a, k + 1, "."))
		return true;
	for (t = k; t < a->ntok && !tok_is(a, t, ",") && !tok_is(a, t, ":") && !sentence_end(a, t); t++)
	{
		if (a->tok[t].kind != PITH_TOK_WORD)
			continue;
		words++;
		if (a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR))
			return false;
		if ((a->info[t].casecls == 0 && !(a->info[t].lex & (PITH_LEX_PARTICLE | PITH_LEX_AND | PITH_LEX_ETAL))) ||
			abstract_noun_word(a, t))
			return true;
	}
	if (t >= a->ntok)
		return false;
	if (tok_is(a, t, ":"))
		return words >= 1;
	/* the work's title before a volume's part ("Gesammelte Schriften, | Bd. 3: Der Historismus ...") */
	if (tok_is(a, t, ",") && volume_mark_colon(a, t + 1) > 0)
		return words >= 1;
	return words == 1 && a->tok[k].end - a->tok[k].start >= FORWARD_TITLE_WORD_MIN &&
		(sentence_end(a, t) || (tok_is(a, t, ",") && (place_and_year_at(a, t + 1) || in_cue_tok(a, t + 1))));
}

/*
 * Are the tokens at t two capitalised words of no lexicon (given names
 * aside) and no abstract noun, then a comma or "/" -- a person's name by
 * shape alone ("Eugen Ehrlich,")?
 */
static bool
plain_person(const pith_ref_analysis *a, size_t t)
{
	if (t + 2 >= a->ntok || !(tok_is(a, t + 2, ",") || tok_is(a, t + 2, "/")))
		return false;
	for (size_t k = t; k < t + 2; k++)
		if (a->tok[k].kind != PITH_TOK_WORD || a->info[k].casecls != 1 || a->info[k].initial ||
			(a->info[k].lex & ~(uint32_t) PITH_LEX_GIVEN) != 0 || abstract_noun_word(a, k))
			return false;
	return true;
}

/* forward_persons_end from the first person on, however it was recognised. */
static size_t
forward_persons_from(const pith_ref_analysis *a, size_t t)
{
	size_t		k;

	for (;;)
	{
		if ((k = person_name_end(a, t)) == 0 || k + 1 >= a->ntok || tok_is(a, k, ".") || tok_is(a, k, ":"))
			return 0;
		t = k + 1;
		if (tok_is(a, k, ","))
		{
			if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & PITH_LEX_AND))
				t++;
			/* (a given name alone before a comma is no person: "Andreas Flitner, | Konrad, sprach ...") */
			else if ((!forward_given_name(a, t) || tok_is(a, t + 1, ",")) && !a->info[t].initial)
				return t;
		}
	}
}

/*
 * Where the words after persons written given name first start, as
 * German footnotes and Chicago notes print them ("Gerhard A. Ritter, |
 * Der Preis der deutschen Einheit", "Anselm Doering-Manteuffel/Lutz
 * Raphael, | Nach dem Boom", "Douglass C. North, | Institutions, ..."):
 * the first person opens with a given name, or is a word, a middle
 * initial and a family name; persons joined by "/", "and" or a comma; the first word after
 * a comma that opens no person's name (no given name or initial).  0 when
 * the reference does not open so.
 */
static size_t
forward_persons_end(const pith_ref_analysis *a, size_t t, bool by_shape)
{
	size_t		k;

	/* (a word, a middle initial and a family name alone: "Douglass C. North,", not "Figes O. Peasant Russia,") */
	if (!forward_given_name(a, t) &&
		!(t + 4 < a->ntok && a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 1 && !a->info[t].initial &&
		  a->info[t + 1].initial && tok_is(a, t + 2, ".") && person_name_end(a, t) == t + 4 && tok_is(a, t + 4, ",")))
	{
		/*
		 * or, with by_shape (the labeller took them for names), two plain
		 * capitalised words, no lexicon's or abstract noun, before the
		 * comma or "/" ("Eugen Ehrlich, | Grundlegung der Soziologie des
		 * Rechts", "Konrad Zweigert/Hein Kötz, ..."), when a title plainly
		 * opens after the persons -- not a given name and its period or
		 * initial after an inverted double family name ("Soto Laveaga,
		 * Gabriela.", "Gutiérrez Posse, Hortensia D.")
		 */
		if (!by_shape || !plain_person(a, t) || (k = forward_persons_from(a, t)) == 0 ||
			!title_opens_after_person(a, k) || tok_is(a, k + 1, ".") || a->info[k + 1].initial)
			return 0;
		return k;
	}
	return forward_persons_from(a, t);
}

/*
 * A title run that opens the reference with persons written given name
 * first (forward_persons_end: "3. | Eric R. Wolf, Europe, Peoples without
 * History (Berkeley: ...", "Susan Strange, States and Markets, 2nd ed.
 * ..."): the title starts at the first word after them that opens no
 * person, when no person's name starts there or a title does
 * (title_opens_after_person), and two words or more follow in the run.
 * Relabels the names and returns where the title starts.
 */
static size_t
title_after_forward_persons(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				s = ta;

	/*
	 * (or the run starts inside the list of persons that opens the
	 * reference with a given name: "Karl Martin Bolte/Dieter Kappe |
	 * /Friedhelm Neidhardt, Soziale Ungleichheit")
	 */
	if (!opens_reference(a, labels, ta))
	{
		s = reference_start(a, labels);
		if (s >= ta || labels[s] != 'a' || !forward_given_name(a, s))
			return ta;
		for (size_t t = s; t < ta; t++)
			if (labels[t] != 'a')
				return ta;
	}
	if ((k = forward_persons_end(a, s, false)) <= ta || k >= tb ||
		(person_name_end(a, k) != 0 && !title_opens_after_person(a, k)) || run_word_count(a, k, tb) < 2)
		return ta;
	memset(labels + ta, 'a', k - ta);
	labels[k - 1] = 'o';
	return k;
}

/* Most words of a person's name in forward order ("Natalie Zemon Davis"). */
#define FORWARD_PERSON_MAX_WORDS 4

/*
 * A title run that opens the reference with the author's name in forward
 * order, as a Chicago note prints it, its imprint in brackets after the
 * title ("7. | Natalie Zemon Davis, The Return of Martin Guerre |
 * (Cambridge, MA: Harvard University Press, 1983)"): two to four
 * capitalised words before the first comma, none of them a stop, venue,
 * place or organisation word, then a title of two words or more, and the
 * bracket with the place or publisher right after the run.  Relabels the
 * name and returns where the title starts.
 */
static size_t
title_after_forward_person(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				words = 0;

	if (tb + 2 >= a->ntok || !tok_is(a, tb, "(") || !next_labelled(a, labels, tb + 1, "lu") ||
		!opens_reference(a, labels, ta))
		return ta;
	for (k = ta; k < tb && !tok_is(a, k, ","); k++)
		if (a->tok[k].kind != PITH_TOK_WORD || a->info[k].casecls != 1 || organisation_word(a, k) ||
			(a->info[k].lex & (PITH_LEX_STOP | PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_PLACE)) ||
			++words > FORWARD_PERSON_MAX_WORDS)
			return ta;
	if (words < 2 || k + 2 >= tb || a->tok[k + 1].kind != PITH_TOK_WORD || a->info[k + 1].casecls != 1 ||
		run_word_count(a, k + 1, tb) < 2)
		return ta;
	memset(labels + ta, 'a', k - ta);
	labels[k] = 'o';
	return k + 1;
}


/* Most words of a place that a title run took in before the location run. */
#define PLACE_IN_TITLE_MAX_WORDS 4

/*
 * A title run whose last sentence runs on into a location run with no
 * punctuation between ("Politische Soziologie der sozialen Ungleichheit.
 * Frankfurt a.M./ | New York: Campus", "... Anwendungen. Reinbek | bei
 * Hamburg: Rowohlt"): that sentence, when its words are capitalised or
 * short links ("bei", "am"), is the place's -- a place's name is not cut
 * in two.  A period after a lone letter ("a.M.") ends no sentence
 * here.  Relabels the place and returns the new end.
 */
static size_t
title_run_into_location(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				words = 0;

	if (tb >= a->ntok || labels[tb] != 'l' || tb < ta + 3 ||
		!(a->tok[tb - 1].kind == PITH_TOK_WORD || tok_is(a, tb - 1, "/")))
		return tb;
	for (k = tb - 1; k > ta; k--)
	{
		if (sentence_end(a, k) && a->tok[k - 1].end - a->tok[k - 1].start > 1)
			break;
		if (a->tok[k].kind == PITH_TOK_WORD)
		{
			if (!place_name_word(a, k))
				return tb;
			words++;
		}
	}
	if (k <= ta || words == 0 || words > PLACE_IN_TITLE_MAX_WORDS || !run_has_word(a, ta, k) ||
		a->tok[k + 1].kind != PITH_TOK_WORD || a->info[k + 1].casecls != 1)
		return tb;
	for (size_t t = k + 1; t < tb; t++)
		labels[t] = 'l';
	return k;
}

/*
 * Names that run on past the persons of an ABNT list, each a family name
 * in capitals, a comma and dotted initials, separated by semicolons
 * ("BOURDIEU, P. | O poder simbólico. Rio de Janeiro: ...", "MINAYO, M. C.
 * S. | O desafio do | conhecimento: ...", "SILVA, J. A.; SOUZA, M. |
 * Educação e sociedade"):
 * the first word after the initials that is no dotted initial (the
 * Portuguese article "O" takes no period) starts the title.  Relabels the
 * rest of that names run as title.
 */
static void
title_after_abnt_person(const pith_ref_analysis *a, char *labels)
{
	size_t		t = reference_start(a, labels),
				k;

	/* the persons, separated by semicolons ("SILVA, J. A.; SOUZA, M. | Educação e sociedade") */
	for (;;)
	{
		if (t + 4 >= a->ntok || labels[t] != 'a' || a->info[t].casecls != 2 || a->tok[t].end - a->tok[t].start < 2 ||
			!tok_is(a, t + 1, ","))
			return;
		for (k = t + 2; k + 1 < a->ntok && a->info[k].initial && tok_is(a, k + 1, ".") && labels[k] == 'a'; k += 2)
			;
		if (k == t + 2 || !tok_is(a, k, ";"))
			break;
		t = k + 1;
	}
	/* not the next person ("IOANNIDIS, Y. E. AND KANG, Y. C.") */
	if (k == t + 2 || k >= a->ntok || labels[k] != 'a' || a->tok[k].kind != PITH_TOK_WORD ||
		a->info[k].casecls != 1 || (a->info[k].lex & PITH_LEX_AND) || tok_is(a, k + 1, ".") || tok_is(a, k + 1, ","))
		return;
	for (; k < a->ntok && labels[k] == 'a'; k++)
		labels[k] = 't';
}

/* Is there a comma among the tokens [ta, tb)? */
static bool
any_comma(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	for (size_t t = ta; t < tb; t++)
		if (tok_is(a, t, ","))
			return true;
	return false;
}

/*
 * The names run [k, e) that is a title's head (after persons given name
 * first, or a same-author mark): relabels it title, and the comma before
 * it no part of the names; the next sentence joins it when it is the
 * title's, or its book's title taken for a container before the place
 * (after a colon, or before the bracket of its date: "Colonial
 * Pathologies: | American Tropical Medicine, ... | (2006)"), and after a
 * comma a title run, or a run before a volume's mark
 * ("Genossenschaft, Sekte, | Verein in Deutschland | , Bd. 1: ...").
 */
static void
names_run_title(const pith_ref_analysis *a, char *labels, size_t k, size_t e)
{
	size_t		n;

	memset(labels + k, 't', e - k);
	labels[k - 1] = 'o';
	if (e + 1 < a->ntok && (sentence_end(a, e) || tok_is(a, e, ":") || tok_is(a, e, ",")) && labels[e] == 'o' &&
		(labels[e + 1] == 't' || labels[e + 1] == 'c'))
	{
		for (n = e + 1; n < a->ntok && labels[n] == labels[e + 1]; n++)
			;
		/* (after a colon, the container's runs joined by commas up to the date's bracket) */
		if (tok_is(a, e, ":") && labels[e + 1] == 'c')
			while (n + 1 < a->ntok && tok_is(a, n, ",") && labels[n + 1] == 'c')
				for (n++; n < a->ntok && labels[n] == 'c'; n++)
					;
		if (tok_is(a, e, ",") ? labels[e + 1] == 't' || (tok_is(a, n, ",") && volume_mark_colon(a, n + 1) > 0)
			: labels[e + 1] == 't' || (n + 1 < a->ntok && tok_is(a, n, ",") && labels[n + 1] == 'l') ||
			(tok_is(a, e, ":") && (n >= a->ntok || tok_is(a, n, "("))))
			memset(labels + e, 't', n - e);
	}
}

/*
 * The names run on past persons written given name first into the
 * title's head ("Gerhard A. Ritter, Der | Preis der deutschen Einheit",
 * "Ulrich Beck, Risikogesellschaft | . Auf dem Weg in eine andere
 * Moderne", "Franz-Xaver Kaufmann, Varianten des Wohlfahrtsstaats | . Der
 * deutsche Sozialstaat ..."): a word after such a person's comma that is
 * no given name opens no person, so it and the rest of the run are the
 * title's; a sentence of the title or a book's title labelled container
 * right after them (the imprint's place after a comma) joins them.
 * Relabels them.
 */
static void
title_after_forward_names(const pith_ref_analysis *a, char *labels)
{
	size_t		t = reference_start(a, labels),
				k,
				e;

	if (t >= a->ntok || labels[t] != 'a' || (k = forward_persons_end(a, t, true)) == 0 || k >= a->ntok ||
		labels[k] != 'a' || a->tok[k].kind != PITH_TOK_WORD)
		return;
	for (size_t u = t; u < k; u++)
		if (labels[u] != 'a' && !(a->tok[u].kind == PITH_TOK_PUNCT && labels[u] == 'o'))
			return;
	for (e = k; e < a->ntok && labels[e] == 'a'; e++)
		;
	/*
	 * one word, then the comma before the title run ("Albert O. Hirschman,
	 * Exit | , Voice, and Loyalty: ..."); or a few words before a title run
	 * that goes on in lower case ("Pierre Bourdieu, Ökonomisches Kapital |
	 * , kulturelles Kapital, ...")
	 */
	if (e + 1 < a->ntok && tok_is(a, e, ",") && labels[e] == 'o' && labels[e + 1] == 't' &&
		(e == k + 1 || (e <= k + FORWARD_TITLE_HEAD_MAX_WORDS && a->tok[e + 1].kind == PITH_TOK_WORD &&
						a->info[e + 1].casecls == 0 && run_word_count(a, k, e) == e - k)))
		labels[e] = 't';
	/*
	 * no title run at all, and the names' run ends at the next comma
	 * ("Marc Bloch, Feudal Society | , trans. ...")
	 */
	else if (!title_opens_after_person(a, k) &&
			 !(e < a->ntok && tok_is(a, e, ",") && !labelled_word(a, labels, "t") && !any_comma(a, k, e)))
		return;
	names_run_title(a, labels, k, e);
}

/*
 * A same-author mark opening the reference, and the title after it
 * taken for names ("Ders., | Ankunft im Westen | . Ein Essay zur
 * Erfolgsgeschichte der Bundesrepublik, Frankfurt a. M. 1999"): the
 * names are the mark alone.  Relabels the rest of the run title
 * (names_run_title).
 */
static void
title_after_same_author_mark(const pith_ref_analysis *a, char *labels)
{
	static const char *const marks[] = {"Ders", "Dies", "Derselbe", "Dieselbe", "Dieselben", "Idem", "Eadem", NULL};
	size_t		t = reference_start(a, labels),
				k,
				e;

	if (t + 3 >= a->ntok || labels[t] != 'a' || !tok_in_list(a, t, marks, false))
		return;
	k = t + 1 + tok_is(a, t + 1, ".");
	if (!(tok_is(a, k, ",") || tok_is(a, k, ":")) || labels[k + 1] != 'a' || a->tok[k + 1].kind != PITH_TOK_WORD)
		return;
	k++;
	for (e = k; e < a->ntok && labels[e] == 'a'; e++)
		;
	names_run_title(a, labels, k, e);
}

/*
 * No title run, and the names run on past an inverted person in MLA form
 * into a sentence of capitalised words, with only the imprint after it
 * ("King, Stephen. | Christine. | New York: Viking Press, 1983."): a
 * family name, a comma, a given name in full and a period end the
 * person, and the sentence after them is the title.  Relabels it.
 */
static void
title_after_mla_person(const pith_ref_analysis *a, char *labels)
{
	size_t		t = reference_start(a, labels),
				e;

	if (t + 4 >= a->ntok || labels[t] != 'a' || a->info[t].casecls != 1 || !tok_is(a, t + 1, ",") ||
		labels[t + 2] != 'a' || a->tok[t + 2].kind != PITH_TOK_WORD || a->info[t + 2].casecls != 1 ||
		a->info[t + 2].initial || initials_tok(a, t + 2) || !tok_is(a, t + 3, ".") || labels[t + 4] != 'a' ||
		a->tok[t + 4].kind != PITH_TOK_WORD || a->info[t + 4].casecls != 1)
		return;
	for (e = t + 4; e < a->ntok && labels[e] == 'a' && a->tok[e].kind == PITH_TOK_WORD && a->info[e].casecls == 1; e++)
		;
	if (e >= a->ntok || !sentence_end(a, e))
		return;
	for (size_t k = e; k < a->ntok; k++)
		if (labels[k] == 't' || (a->tok[k].kind != PITH_TOK_PUNCT && !strchr("luyon", labels[k])))
			return;
	memset(labels + t + 4, 't', e - t - 4);
}

/*
 * A "title" that opens the reference with the date right after it (or
 * after its period) and a colon or period ("Bundesministerium für Arbeit
 * und Soziales (2013): Lebenslagen in Deutschland. ... Bonn."), then a
 * "container" of two words or more, and no volume, issue or pages
 * anywhere: when the "title" holds an organisation's word it is the
 * author, in author-date order, and the container is the title.  Relabels
 * both.  When the words after the date are labelled title already
 * ("Intergovernmental Panel on Climate Change (IPCC). 2021. Climate Change
 * 2021: ..."), only the organisation is relabelled.  The organisation may
 * follow its parent body labelled as names ("U.S. Department of Labor, |
 * Bureau of Labor Statistics. (2019). | Employment projections report").
 */
static void
author_before_date(const pith_ref_analysis *a, char *labels)
{
	size_t		t = 0,
				e,
				k,
				ce,
				words = 0;
	bool		organisation = false;

	/*
	 * (after the parent body the labeller took for names: "U.S. Department
	 * of Education, | National Center ...", or after the first part of
	 * the organisation's own name: "Bundesministerium für Familie,
	 * Senioren, | Frauen und Jugend (BMFSFJ) (2012):")
	 */
	while (t < a->ntok && labels[t] != 't' && (a->tok[t].kind == PITH_TOK_PUNCT || labels[t] == 'k' || labels[t] == 'a' ||
											   (t == 0 && a->tok[t].kind == PITH_TOK_NUMBER)))
		organisation |= labels[t++] == 'a' && organisation_word(a, t - 1);
	if (t >= a->ntok || labels[t] != 't')
		return;
	for (e = t; e < a->ntok && labels[e] == 't'; e++)
		organisation |= organisation_word(a, e);
	if (!organisation)
		return;
	k = e + tok_is(a, e, ".");
	k += tok_is(a, k, "(");
	if (k >= a->ntok || labels[k] != 'y')
		return;
	while (k < a->ntok && labels[k] == 'y')
		k++;
	k += tok_is(a, k, ")");
	if (!tok_is(a, k, ":") && !tok_is(a, k, "."))
		return;
	/* the title labelled as one already ("Panel on Climate Change (IPCC). 2021. | Climate Change 2021: ...") */
	if (k + 1 < a->ntok && labels[k + 1] == 't')
	{
		for (ce = k + 1; ce < a->ntok && labels[ce] == 't'; ce++)
			words += a->tok[ce].kind == PITH_TOK_WORD;
		if (words >= 2)
			memset(labels + t, 'a', e - t);
		return;
	}
	for (ce = k + 1; ce < a->ntok && labels[ce] == 'c'; ce++)
		words += a->tok[ce].kind == PITH_TOK_WORD;
	if (words < 2)
		return;
	if (labelled_locator(a, labels))
		return;
	memset(labels + t, 'a', e - t);
	memset(labels + k + 1, 't', ce - k - 1);
}

/*
 * Where a book's cited page or chapter at the reference's end starts,
 * its cue included ("..., Opladen, S. 153.", "p. 12 ff.", "hier S. 91.",
 * "Kap. III."); ntok if there is none.
 * A footnote cites a book this way; a journal's pages have a volume.
 */
static size_t
pinpoint_start(const pith_ref_analysis *a, const char *labels)
{
	static const char *const page_cues[] = {"S", "s", "p", "pp", NULL};
	static const char *const chapter_cues[] = {"Kap", "chap", "ch", NULL};
	size_t		t = a->ntok;

	while (t > 0 && a->tok[t - 1].kind == PITH_TOK_PUNCT)
		t--;
	while (t > 0 && (labels[t - 1] == 'p' || tok_is(a, t - 1, "ff") || tok_is(a, t - 1, "f")))
		t--;
	/* a cited chapter, however labelled ("..., Frankfurt a. M. 1992, | Kap. III.", "chap. 4") */
	if (t > 2 && tok_is(a, t - 2, ".") && tok_in_list(a, t - 3, chapter_cues, false) &&
		(a->tok[t - 1].kind == PITH_TOK_NUMBER || roman_numeral(a, t - 1)))
		return t - 3;
	/* the cue and "hier" labelled pages too ("..., 1998, | hier S. 91.") */
	if (t + 3 < a->ntok && (tok_is(a, t, "hier") || tok_is(a, t, "here")) && tok_in_list(a, t + 1, page_cues, false) &&
		tok_is(a, t + 2, ".") && labels[t + 3] == 'p')
		return t;
	if (t == a->ntok || t < 2 || !tok_is(a, t - 1, ".") || !tok_in_list(a, t - 2, page_cues, false) ||
		labels[t] != 'p')
		return a->ntok;
	return t - 2;
}

/*
 * A book's subtitle that the labeller took for a container, in the German
 * author-date form -- a colon before the title run, the run ends at a
 * sentence break ("Statistisches Bundesamt (2018): Bevölkerung und
 * Erwerbstätigkeit. | Haushalte und Familien. | Wiesbaden.") -- or after a
 * colon at the title run's end ("From novice to expert: | Excellence and
 * power in clinical nursing practice. | Menlo Park, CA: Addison-Wesley"):
 * a capitalised "container" of two words or more follows at once, and
 * after it only the place (one at least), publisher, date or notes, no
 * volume, issue or pages anywhere but a cited page at the end ("...
 * Opladen, S. 153.").  A container with a
 * venue, volume, publisher, thesis, editor or series word, or an
 * organisation's word first ("Sitzungsberichte", "Working Paper",
 * "Administration of ..."; not a subtitle's "Institutionen" or "...
 * über die Organisation höherer Gesellschaften"), a part cue ("In") or
 * an abbreviation is a journal, series, report or its issuer, not a
 * subtitle.  Relabels the subtitle and returns the new end.
 */
static size_t
title_run_into_subtitle(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	static const char *const series_words[] = {
		"sitzungsbericht", "mitteilungen", "abhandlungen", "jahrbuch", "schriftenreihe", "arbeitspapier",
		"diskussionspapier", "forschungsbericht", "materialien", "working", "discussion", "series", NULL
	};
	/* venue words that a subtitle uses as often ("Studien zur Theorie der modernen Gesellschaft") */
	static const char *const subtitle_words[] = {
		"studien", "studies", "gesellschaft", "society", "forschung", "research", "perspectives",
		"international", "national", "european", "american", NULL
	};
	const uint32_t not_subtitle = PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_VOLUME |
		PITH_LEX_PUBLISHER | PITH_LEX_THESIS | PITH_LEX_EDITOR | PITH_LEX_EDITION;
	size_t		cs = tb + 1,
				ce,
				end,
				words = 0;
	bool		place = false,
				asks = tb > ta + 1 && (tok_is(a, tb - 1, "?") || tok_is(a, tb - 1, "!"));

	/* a title asking a question, the subtitle right after it ("Wir, ein europäisches Volk? | Sozialintegration ...") */
	if (asks)
		cs = tb;
	/*
	 * a colon-led title (or one after an APA date, "(1995). | Erlebte und
	 * erzählte Lebensgeschichte. | Gestalt und Struktur ...", or a
	 * bracketed date with no period or with a comma, "(2013) The Origins
	 * of ...", "(1993), Le dimensioni della disuguaglianza. | Rapporto
	 * ...") and a
	 * sentence break (or its question mark), or a colon before the subtitle
	 */
	if (cs >= a->ntok ||
		!((((ta > 0 && tok_is(a, ta - 1, ":")) ||
			(ta >= 3 && tok_is(a, ta - 1, ".") && tok_is(a, ta - 2, ")") && a->info[ta - 3].year) ||
			(ta >= 2 && tok_is(a, ta - 1, ")") && a->info[ta - 2].year) ||
			(ta >= 3 && tok_is(a, ta - 1, ",") && tok_is(a, ta - 2, ")") && a->info[ta - 3].year)) &&
		   (asks || sentence_end(a, tb))) || (!asks && tok_is(a, tb, ":"))) ||
		labels[cs] != 'c' || a->tok[cs].kind != PITH_TOK_WORD || a->info[cs].casecls != 1 || !run_has_word(a, ta, tb))
		return tb;
	for (ce = cs; ce < a->ntok && labels[ce] == 'c'; ce++)
		if (a->tok[ce].kind == PITH_TOK_WORD)
		{
			if (((a->info[ce].lex & not_subtitle) && !tok_in_list(a, ce, subtitle_words, false)) ||
				(ce == cs && (a->info[ce].lex & PITH_LEX_IN)) ||
				(ce == cs && organisation_word(a, ce) &&
				 !pith_ascii_starts_with_ci(a->norm + a->tok[ce].start, a->tok[ce].end - a->tok[ce].start, "institution")) ||
				(ce + 2 < a->ntok && labels[ce + 2] == 'c' && tok_is(a, ce + 1, ".") && !a->tok[ce + 1].space_before) ||
				tok_in_list(a, ce, series_words, true))
				return tb;
			words++;
		}
	if (words < 2)
		return tb;
	end = pinpoint_start(a, labels);
	if (labelled_locator_before(labels, end))
		return tb;
	for (size_t t = 0; t < ta; t++)
		if (labels[t] == 'c')
			return tb;
	for (size_t t = ce; t < end; t++)
	{
		if (a->tok[t].kind != PITH_TOK_PUNCT && !strchr("luyon", labels[t]))
			return tb;
		place |= labels[t] == 'l';
	}
	if (!place)
		return tb;
	while (ce > cs && a->tok[ce - 1].kind == PITH_TOK_PUNCT)
		ce--;
	for (size_t t = tb; t < ce; t++)
		labels[t] = 't';
	return ce;
}

/*
 * A title run that ends the reference with a sentence of one capitalised
 * word after a colon-led title ("Bertelsmann Stiftung (Hrsg.) (2016):
 * Religionsmonitor. Gütersloh."): the word is the place of publication.
 * Relabels it and returns the new end.
 */
static size_t
title_ending_in_place(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		w = tb - 1;

	if (ta == 0 || !tok_is(a, ta - 1, ":") || tb < ta + 3 || skip_punct(a, tb) < a->ntok)
		return tb;
	while (w > ta && a->tok[w].kind == PITH_TOK_PUNCT)
		w--;
	if (a->tok[w].kind != PITH_TOK_WORD || a->info[w].casecls != 1 || !sentence_end(a, w - 1) ||
		!run_has_word(a, ta, w - 1))
		return tb;
	labels[w] = 'l';
	return w - 1;
}

/* Words of a translator's or editor's note after a title ("..., trad. Pierre Kamnitzer", "..., hg. von ..."). */
static const char *const translator_words[] = {
	"trad", "trans", "transl", "translated", "\xC3\xBC" "bers", "\xC3\xBC" "bersetzt", "edited", "herausgegeben", NULL
};

/*
 * A book's title whose head the labeller took for a container, cut from
 * the rest at a comma, right after the names, the place after the rest
 * ("Gerald D. Feldman, | The Great Disorder. Politics | , Economics, and
 * Society in the German Inflation, 1914–1924 | , New York/Oxford 1993"):
 * with no venue's word or "in" in the head and no volume or issue
 * anywhere, the head is the title's.  Returns where the title starts.
 */
static size_t
title_after_book_head(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		cs;

	for (cs = ta - 2; cs > 0 && labels[cs - 1] == 'c'; cs--)
		if (a->tok[cs].kind == PITH_TOK_WORD && (a->info[cs].lex & (PITH_LEX_IN | PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR)))
			return ta;
	/* (not before a translator's or editor's note: "La Société de cour | , trad. Pierre Kamnitzer ...") */
	if (tok_in_list(a, ta, translator_words, false) || (a->info[ta].lex & PITH_LEX_EDITOR))
		return ta;
	if (cs < 2 || !tok_is(a, cs - 1, ",") || labels[cs - 2] != 'a' || labelled_word(a, labels, "vi") ||
		tb + 1 >= a->ntok || !tok_is(a, tb, ",") || labels[tb + 1] != 'l' || !run_has_word(a, cs, ta - 1) ||
		(a->tok[cs].kind == PITH_TOK_WORD && (a->info[cs].lex & (PITH_LEX_IN | PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR))))
		return ta;
	for (size_t t = 0; t < cs; t++)
		if (a->tok[t].kind != PITH_TOK_PUNCT && !strchr("ak", labels[t]))
			return ta;
	memset(labels + cs, 't', ta - cs);
	return cs;
}

/*
 * A "container" right before the title run, a period between, with
 * nothing before it but the authors' names, a date and the colon that
 * ends them ("Schmidt, Manfred G.: Sozialpolitik in Deutschland. |
 * Historische Entwicklung und internationaler Vergleich, 3. Aufl."): no
 * container comes before the title it holds, so it is the title's first
 * sentence.  The same when a colon joins the two and the names end with
 * their date's period ("Mertens, D. M. (2010). Research and evaluation in
 * education and psychology: | Integrating diversity with ...").  After
 * the names' comma or period only when the title run [ta, tb) goes on in
 * sentence case: there the two are as often a title and a series the
 * labeller swapped ("Der zweite Brief des Paulus an die Korinther. |
 * Kommentar zum Neuen Testament 8").  Relabels it and returns where the
 * title starts.
 */
static size_t
title_after_container(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		cs,
				ce;
	bool		colon,
				joined = false,
				dated = false,
				edited = false;

	if (ta < 3)
		return ta;
	/* the container's end: a period or colon before the title run, or the run's own colon */
	if ((sentence_end(a, ta - 1) || tok_is(a, ta - 1, ":")) && labels[ta - 2] == 'c')
		ce = ta - 1;
	else if (tok_is(a, ta, ":") && labels[ta - 1] == 'c')
		ce = ta;
	else if (labels[ta - 1] == 'c' && a->tok[ta - 1].kind != PITH_TOK_PUNCT)
		ce = ta, joined = true;
	else if (tok_is(a, ta - 1, ",") && labels[ta - 2] == 'c')
		return title_after_book_head(a, labels, ta, tb);
	else
		return ta;
	colon = tok_is(a, ce, ":");
	for (cs = ce - 1; cs > 0 && labels[cs - 1] == 'c'; cs--)
		;
	/*
	 * after the names' colon; or, the two joined by a colon, after the
	 * date's period ("Mertens, D. M. (2010). | Research and evaluation in
	 * education and psychology: | Integrating diversity ...")
	 */
	if (cs == 0 || !run_has_word(a, cs, ce) || (a->info[cs].lex & PITH_LEX_IN))
		return ta;
	for (size_t t = 0; t < cs; t++)
	{
		if (a->tok[t].kind != PITH_TOK_PUNCT && !strchr("aeyok", labels[t]))
			return ta;
		dated |= labels[t] == 'y';
		edited |= labels[t] == 'e';
	}
	/*
	 * or, the two joined mid-sentence, after the editors' mark and its
	 * comma ("Thomas Raithel/... (Hrsg.), | Auf dem Weg in eine neue
	 * Moderne? Die Bundesrepublik Deutschland in den | siebziger und ...")
	 */
	if (tok_is(a, cs - 1, ":") || ((colon || joined) && sentence_end(a, cs - 1) && dated) ||
		(joined && edited && cs >= 2 && tok_is(a, cs - 1, ",") && tok_is(a, cs - 2, ")")))
	{
		memset(labels + cs, 't', ta - cs);
		return cs;
	}
	/*
	 * right after the names' comma or period, no date, the container at
	 * least two words with no venue word, ending at a period, and the
	 * title run going on in sentence case: "Fumagalli V., | Terra e
	 * società nell'Italia padana | . I secoli IX e X, Torino 1976" (not
	 * before a series in title case, see above)
	 */
	if (colon || joined || dated || !sentence_end(a, ce) || ce - cs < 2 || labels[cs - 1] == 'c' ||
		!(tok_is(a, cs - 1, ",") || tok_is(a, cs - 1, ".")) || cs < 2 || labels[cs - 2] != 'a')
		return ta;
	for (size_t t = cs; t < ce; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_ONLINE)))
			return ta;
	for (size_t t = ta; t < tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 0 &&
			!(a->info[t].lex & (PITH_LEX_STOP | PITH_LEX_PARTICLE | PITH_LEX_AND)))
		{
			memset(labels + cs, 't', ta - cs);
			return cs;
		}
	return ta;
}

/* Most words of a subtitle's enumeration that the labeller took for a container. */
#define ENUMERATION_MAX_WORDS 8

/*
 * A subtitle that enumerates ("Drugs and Democracy in Rio de Janeiro:
 * Trafficking, | Social Networks, and Public Security, Chapel Hill"): the
 * title run has a colon, a "container" follows its last word after a
 * comma, and the container, a few capitalised words, ends its list with
 * ", and" or ", &" before the last item, with no volume after it.  The
 * container is the rest of the title.  Relabels it and returns the new
 * end.
 */
static size_t
title_run_into_enumeration(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		ce,
				words = 0;
	bool		colon = false,
				and_last = false;

	for (size_t t = ta; t < tb; t++)
		colon |= tok_is(a, t, ":");
	if (!colon || tb + 1 >= a->ntok || !tok_is(a, tb, ",") || labels[tb + 1] != 'c' ||
		a->tok[tb - 1].kind != PITH_TOK_WORD || a->info[tb + 1].casecls != 1)
		return tb;
	for (ce = tb + 1; ce < a->ntok && labels[ce] == 'c'; ce++)
	{
		if (a->tok[ce].kind == PITH_TOK_WORD && !(a->info[ce].lex & PITH_LEX_AND))
			words++;
		else if (tok_is(a, ce, ",") && ce + 1 < a->ntok &&
				 ((a->info[ce + 1].lex & PITH_LEX_AND) || tok_is(a, ce + 1, "&")))
			and_last = true;
		else if (!tok_is(a, ce, ",") && !tok_is(a, ce, "&") && !(a->info[ce].lex & PITH_LEX_AND))
			return tb;
	}
	/* a journal's name with a list in it has its volume next ("Science, Technology, and Society 12") */
	if (!and_last || words > ENUMERATION_MAX_WORDS || (skip_punct(a, ce) < a->ntok && labels[skip_punct(a, ce)] == 'v'))
		return tb;
	while (ce > tb && a->tok[ce - 1].kind == PITH_TOK_PUNCT)
		ce--;
	for (size_t t = tb; t < ce; t++)
		labels[t] = 't';
	return ce;
}

/*
 * A title run that ran on, after its sentence's period, into the journal
 * set in italics by markup ("... by pulsed laser deposition. | <i>Thin
 * Solid Films</i> <b>519</b>"): an opening <i> or <em> tag
 * right after a sentence break ends the title.  Returns the new end.
 */
static size_t
title_run_into_italics(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	/* (not AnyStyle's <italic>: its gold keeps "Title. <italic>In:</italic>" in the title) */
	static const char *const tags[] = {"i", "em", NULL};

	for (size_t k = ta + 1; k + 3 < tb; k++)
		if (sentence_end(a, k) && tok_is(a, k + 1, "<") && a->tok[k + 2].kind == PITH_TOK_WORD &&
			tok_in_list(a, k + 2, tags, false) && tok_is(a, k + 3, ">") && !a->tok[k + 2].space_before &&
			run_has_word(a, ta, k))
			return k;
	return tb;
}

/*
 * Are tokens [a0, b0) an address after a comma: commas, hyphens, numbers
 * and capitalised words only, some words among them ("..., Greensboro, NC
 * 27401-4901 USA")?
 */
static bool
address_tokens(const pith_ref_analysis *a, size_t a0, size_t b0)
{
	bool		word = false;

	for (size_t t = a0; t < b0; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].casecls == 1 || a->info[t].casecls == 2))
			word = true;
		else if (a->tok[t].kind != PITH_TOK_NUMBER && !tok_is(a, t, ",") && !tok_is(a, t, "-"))
			return false;
	return word;
}

/*
 * For title_run_into_imprint: a title run that took in the imprint after
 * it, as ACS prints a book ("Les Archives de La Révolution | ; Presses
 * universitaires de France | : Paris, 2012", "... | : Paris | , Presses
 * universitaires de France, 312 p."): after a semicolon, words with a publisher's word up to the
 * run's end before a colon and the place; or after a colon, one
 * capitalised place word the lexicon knows, ending the run before a
 * comma and a publisher's name (not a journal's: "Omaggio a Richard
 * Rogers: Paris, | Arca, No. 232").  A publisher's word is the lexicon's
 * or starts like one ("Presses", "Verlagsanstalt", "Éditions").
 * Relabels them and returns the new end.
 */
static size_t
punctuated_imprint(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		w = tb - 1,
				e;
	bool		publisher = false;

	/* "...; Publisher: Place" */
	if (tb + 1 < a->ntok && tok_is(a, tb, ":") && labels[tb + 1] == 'l')
		for (size_t k = tb - 1; k > ta + 1; k--)
		{
			if (!tok_is(a, k, ";"))
				continue;
			for (size_t t = k + 1; t < tb; t++)
				publisher |= publisher_word(a, t);
			if (!publisher || !run_has_word(a, ta, k))
				return tb;
			memset(labels + k + 1, 'u', tb - k - 1);
			return k;
		}
	/* "...: Place, Publisher" */
	if (tb > ta + 3 && tb + 1 < a->ntok && tok_is(a, tb, ",") && (labels[tb + 1] == 'u' || labels[tb + 1] == 'c') &&
		tok_is(a, w - 1, ":") && a->tok[w].kind == PITH_TOK_WORD && a->info[w].casecls == 1 &&
		(a->info[w].lex & PITH_LEX_PLACE) && run_has_word(a, ta, w - 1))
	{
		for (e = tb + 1; e < a->ntok && labels[e] == labels[tb + 1]; e++)
			publisher |= publisher_word(a, e);
		if (!publisher)
			return tb;
		labels[w] = 'l';
		return w - 1;
	}
	return tb;
}

/* Most words of a place before the year in an imprint a title run took in ("Frankfurt am Main"). */
#define IMPRINT_PLACE_MAX_WORDS 4

/*
 * For title_run_into_imprint: a title run that took in a German-style
 * imprint after its last comma, the place and the year, with a series
 * note in brackets after them ("Kampf um Anerkennung. ... Konflikte, |
 * Frankfurt am Main 1992 (stw 1129)"): capitalised words or short links
 * ("am", "a.", "/"), one of them a place the lexicon knows
 * ("Neuwied/Berlin"), the year, and only a bracketed note up to the run's
 * end, or the year ending the run where
 * the reference has no other date ("..., | Frankfurt am Main 1973 | (stw
 * 113)").  Relabels the place and year and returns the new end.
 */
static size_t
place_year_imprint(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				t,
				words = 0;
	bool		place = false,
				closed = false;

	for (k = tb - 1; k > ta + 1 && !tok_is(a, k, ","); k--)
		;
	if (k <= ta + 1 || !run_has_word(a, ta, k) || a->tok[k + 1].kind != PITH_TOK_WORD || a->info[k + 1].casecls != 1)
		return tb;
	for (t = k + 1; t < tb && !a->info[t].year; t++)
	{
		if (a->tok[t].kind == PITH_TOK_WORD)
		{
			if (++words > IMPRINT_PLACE_MAX_WORDS || !place_name_word(a, t))
				return tb;
			place |= (a->info[t].lex & PITH_LEX_PLACE) != 0;
		}
		else if (!(tok_is(a, t, ".") || tok_is(a, t, "/")))
			return tb;
	}
	if (t >= tb || !place)
		return tb;
	/*
	 * a note in brackets after the year, closed at the run's end or going
	 * on after it ("... 1969 (Soziologische Texte | , Bd. 66)"), or the
	 * year ending the run when the reference has no other date
	 */
	for (size_t u = t + 2; u < tb; u++)
		closed |= tok_is(a, u, ")");
	if (t + 1 < tb ? !(tok_is(a, t + 1, "(") && (!closed || tok_is(a, tb - 1, ")"))) : dated_outside(a, labels, ta, tb))
		return tb;
	for (size_t w = k + 1; w < t; w++)
		labels[w] = 'l';
	labels[t] = 'y';
	memset(labels + t + 1, 'n', tb - t - 1);
	return k;
}

/*
 * Do the editors' or translator's names follow the cue word w ("hg.",
 * "ed.", "Übers.")?  Its period, if any, then "von", "v." or "by" ("hg.
 * v. Johannes Winckelmann", "ed. by J. Smith"), or after the period a
 * person's name (person_name_end: "trans. Elborg Forster and ...").
 */
static bool
names_follow_cue(const pith_ref_analysis *a, size_t w)
{
	size_t		by = tok_is(a, w + 1, ".") ? w + 2 : w + 1;

	/* or, after an abbreviated cue, a person given name first ("trans. Elborg Forster and ...", "ed. John R. Gillis (") */
	return tok_is(a, by, "von") || tok_is(a, by, "v") || tok_is(a, by, "by") ||
		(by == w + 2 && by < a->ntok && a->info[by].casecls == 1 && person_name_end(a, by) > 0);
}

/* Words that open a translator's note ("Übers. v.", "Translated by"). */
static const char *const translator_note_abbreviations[] = {"\xC3\x9C" "bers", "Trans", "Trad", "Tr", NULL};
static const char *const translator_note_words[] = {
	"\xC3\x9C" "bersetzt", "Translated", "Traduit", "Traduction", "Traducido", "Traducci\xC3\xB3" "n", "Tradotto",
	"Traduzione", NULL
};

/* Tokens of a translator's note after its cue ("v. Walter Seitter"). */
#define TRANSLATOR_NOTE_MAX_TOKENS 12

/*
 * Does a translator's note open after the sentence end k ("... des
 * Gefängnisses. | Übers. v. Walter Seitter", "... | Translated by Alan
 * Sheridan")?  An abbreviated cue and its period or a cue word in full,
 * then a capitalised name within a few tokens, in the title run or right
 * after it ("Übers | . v. Hans Schöneberg").  Both corpora label such a
 * sentence as the editor's (the translator's), never the title's.
 */
static bool
translator_note_after(const pith_ref_analysis *a, size_t k)
{
	if (k + 1 >= a->ntok || a->tok[k + 1].kind != PITH_TOK_WORD)
		return false;
	if (!((tok_in_list(a, k + 1, translator_note_abbreviations, false) && k + 2 < a->ntok && tok_is(a, k + 2, ".") &&
		   !a->tok[k + 2].space_before) ||
		  tok_in_list(a, k + 1, translator_note_words, false)))
		return false;
	for (size_t t = k + 2; t < a->ntok && t < k + 2 + TRANSLATOR_NOTE_MAX_TOKENS; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 1 && !a->info[t].initial)
			return true;
	return false;
}

/*
 * A title run that ran on into what follows a title: after a comma, the
 * publisher and place, capitalised words only, one of them a publisher's
 * word ("The Art of Deception: An Introduction to Critical Thinking, |
 * Prometheus Books, Buffalo"), or after a sentence break a translator's
 * mark alone ("... fonctionnalistes. | Trad. Beverly Adab") or before
 * "by" ("Critique of Pure Reason. | Translated by Paul Guyer", "Edited
 * by"), or a translator's note with the name after any of its sentence
 * breaks (translator_note_after: "... | Übers. v. Walter Seitter"), or
 * after a comma an editor's or translator's word and "von",
 * "v." or "by" ("Die protestantische Ethik ..., | hg. von Dirk Kaesler"),
 * or after a sentence break an organisation before a comma and the place
 * ("... statistical computing. | R Foundation for Statistical Computing,
 * Vienna"), or with its address after it in the run ("The PLANTS
 * Database. | National Plant Data Team, Greensboro, NC 27401-4901 USA").
 * (A part cue
 * "In" after a sentence break, or a last one-word sentence before the
 * container, the journal's first abbreviation in "... signaling. |
 * Subcell. Biochem. 70", are as often the title's own: "In Collected
 * Papers I", "II. Taxonomy.")  Returns the new end.
 */
static size_t
title_run_into_imprint(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	/* words that end a publisher's name, and words that start one */
	static const char *const publisher_last[] = {
		"press", "verlag", "publishing", "publishers", "books", "publications", "gmbh", "inc", "ltd", NULL
	};
	static const char *const publisher_first[] = {
		"editions", "éditions", "edizioni", "ediciones", "editorial", "editora", "editore", NULL
	};
	size_t		k,
				c = tb;
	bool		publisher = false;

	/* the imprint's own punctuation ("...; Presses universitaires de France: Paris", "...: Paris, Presses ...") */
	if ((c = punctuated_imprint(a, labels, ta, tb)) < tb || (c = place_year_imprint(a, labels, ta, tb)) < tb)
		return c;
	for (k = tb; k > ta + 1; k--)
	{
		size_t		t = k - 1;

		if (tok_is(a, t, ","))
		{
			if (publisher)
				c = t;
			continue;
		}
		if (tok_is(a, t, "&") || (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 1))
		{
			/* "Prometheus Books", "Editorial Síntesis"; not "Penny Press Journalism" */
			publisher |= ((t + 1 == tb || tok_is(a, t + 1, ",")) && tok_in_list(a, t, publisher_last, false)) ||
				(tok_is(a, t - 1, ",") && tok_in_list(a, t, publisher_first, false));
			continue;
		}
		break;
	}
	if (c < tb && run_has_word(a, ta, c))
		return c;
	/*
	 * editors or a translator after a comma ("..., hg. von Dirk Kaesler",
	 * "..., ed. by J. Smith", "..., a cura di"), their cue's word the
	 * run's last at least ("..., | hg. v. Johannes Winckelmann")
	 */
	for (k = ta + 1; k + 1 < tb; k++)
	{
		if (tok_is(a, k, ",") && tok_is(a, k + 1, "a") && tok_is(a, k + 2, "cura") && tok_is(a, k + 3, "di") &&
			run_has_word(a, ta, k))
			return k;
		if (!tok_is(a, k, ",") || !((a->info[k + 1].lex & PITH_LEX_EDITOR) || tok_in_list(a, k + 1, translator_words, false)))
			continue;
		if (names_follow_cue(a, k + 1) && run_has_word(a, ta, k))
			return k;
	}
	/* a translator's note that opens a sentence of the run, its first ("... | Übers. v. Walter Seitter") */
	for (k = ta + 1; k + 1 < tb; k++)
		if (sentence_end(a, k) && tb - (k + 1) <= TRANSLATOR_NOTE_MAX_TOKENS && translator_note_after(a, k) &&
			run_has_word(a, ta, k))
			return k;
	/* the last sentence of the run */
	for (k = tb - 1; k > ta && !sentence_end(a, k); k--)
		;
	if (k <= ta + 1 || !run_has_word(a, ta, k) || a->tok[k + 1].kind != PITH_TOK_WORD)
		return tb;
	/* "Trad." alone, or "Translated by ..." */
	if (tok_in_list(a, k + 1, translator_words, false) &&
		(k + 2 == tb || tok_is(a, k + 2, "by") || tok_is(a, k + 2, "von")))
		return k;
	/*
	 * an organisation as the publisher, its place after a comma ("R: A
	 * language and environment for statistical computing. | R Foundation
	 * for Statistical Computing, Vienna"): capitalised words and stop words,
	 * one of them an organisation's word
	 */
	{
		bool		organisation = false;
		size_t		e = k + 1;

		while (e < tb && !tok_is(a, e, ","))
			e++;
		/*
		 * the place after the run, or an address that the labeller took
		 * into it ("..., Greensboro, NC 27401-4901 USA")
		 */
		if (e == tb ? !(tok_is(a, tb, ",") && next_labelled(a, labels, tb, "l")) : !address_tokens(a, e, tb))
			return tb;
		for (size_t t = k + 1; t < e; t++)
		{
			if (a->tok[t].kind != PITH_TOK_WORD ||
				!(a->info[t].casecls == 1 || a->info[t].casecls == 2 || (a->info[t].lex & PITH_LEX_STOP)))
				return tb;
			organisation |= organisation_word(a, t);
		}
		if (organisation)
			return k;
	}
	return tb;
}

/* Most words of a publisher's name that a title run ran into with no publisher's word ("John Murray"). */
#define TITLE_BARE_PUBLISHER_MAX_WORDS 3

/*
 * A title run whose last comma-separated part is a publisher's name
 * without a publisher's word, the place and the date after it ("On the
 * Origin of Species, | John Murray, | London (1859)", "..., | Zondervan,
 * | Grand Rapids, 2009"): one to three capitalised words, then a comma,
 * the place and the year, after a title with no comma of its own (a
 * title that lists things ends in one: "Homer's World. Fiction,
 * Tradition, Reality, Bergen 1995") and a last sentence of three words
 * or more.  Returns the new end.
 */
static size_t
title_run_into_bare_publisher(const pith_ref_analysis *a, const char *labels, size_t ta, size_t tb)
{
	size_t		k,
				e,
				words = 0;

	if (tb + 3 >= a->ntok || !tok_is(a, tb, ",") || labels[tb + 1] != 'l')
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'l'; e++)
		;
	if (e < a->ntok && (tok_is(a, e, ",") || tok_is(a, e, "(")))
		e++;
	if (e >= a->ntok || labels[e] != 'y' || !a->info[e].year)
		return tb;
	for (k = tb; k > ta && a->tok[k - 1].kind == PITH_TOK_WORD; k--)
		if (a->info[k - 1].casecls != 1 || (a->info[k - 1].lex & PITH_LEX_STOP) ||
			++words > TITLE_BARE_PUBLISHER_MAX_WORDS)
			return tb;
	if (words == 0 || k <= ta + 1 || !tok_is(a, k - 1, ",") || !run_has_word(a, ta, k - 1))
		return tb;
	/*
	 * a title that lists things ("Homer's World. Fiction, Tradition, |
	 * Reality, Bergen 1995"), or whose last sentence is a word or two
	 * ("Norway's Coast. Fjords, | Islands, Bergen")
	 */
	words = 0;
	for (size_t t = k - 1; t > ta; t--)
	{
		if (tok_is(a, t - 1, ","))
			return tb;
		if (sentence_end(a, t - 1))
			break;
		words += a->tok[t - 1].kind == PITH_TOK_WORD;
	}
	if (words <= 2)
		return tb;
	return k - 1;
}

/*
 * A bracket right after the title run that the labeller took for a
 * container while the real one follows ("... bone morphogenetic protein 2
 * | (BMP 2-A), | Development, 109"): the bracket closes the title.
 * Relabels it and returns the new end.
 */
static size_t
title_run_into_bracket(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e;

	if (tb + 2 >= a->ntok || !tok_is(a, tb, "(") || labels[tb + 1] != 'c' || !run_has_word(a, ta, tb))
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'c' && !tok_is(a, e, ")"); e++)
		;
	if (e >= a->ntok || !tok_is(a, e, ")"))
		return tb;
	/* another container after it */
	for (size_t k = e + 1; k < a->ntok; k++)
		if (labels[k] == 'c' && a->tok[k].kind == PITH_TOK_WORD)
		{
			memset(labels + tb, 't', e + 1 - tb);
			return e + 1;
		}
	return tb;
}

/*
 * A title run that a "container" run goes on from with no punctuation
 * between ("Edupunks, Edupreneurs, and the Coming | Transformation of
 * Higher Education. White River Junction (VT): Chelsea Green"), the
 * container followed by punctuation and the place or publisher (perhaps
 * after a document number labelled note), and no
 * volume, issue or pages anywhere: a book's title that the labeller cut
 * in two -- a title does not end in the middle of a phrase.  Returns the
 * new end.
 */
static size_t
title_run_into_container(const pith_ref_analysis *a, const char *labels, size_t ta, size_t tb)
{
	size_t		e = tb,
				nx;

	if (tb >= a->ntok || labels[tb] != 'c' || a->tok[tb].kind != PITH_TOK_WORD ||
		a->tok[tb - 1].kind != PITH_TOK_WORD || !run_has_word(a, ta, tb))
		return tb;
	while (e < a->ntok && labels[e] == 'c')
		e++;
	nx = skip_punct(a, e);
	/* (a document number between: "... in Deutschland. | Drucksache 17/12200. | Berlin.") */
	if (nx < a->ntok && labels[nx] == 'n' && (nx > e || tok_is(a, e - 1, ".")))
	{
		size_t		ne = nx;

		while (ne < a->ntok && labels[ne] == 'n')
			ne++;
		nx = skip_punct(a, ne);
		if (nx == ne)
			return tb;
	}
	else if (nx == e)
		return tb;
	if (nx >= a->ntok || (labels[nx] != 'l' && labels[nx] != 'u'))
		return tb;
	/*
	 * (the pages a footnote cites may follow the imprint when the
	 * "container" goes on mid-phrase: "... Die politischen Ideen | des
	 * deutschen Nationalismus ..., München 1962, S. 141.")
	 */
	for (size_t t = 0; t < a->ntok; t++)
		if (labels[t] == 'v' || labels[t] == 'i' || (labels[t] == 'p' && (t < nx || a->info[tb].casecls != 0)))
			return tb;
	while (e > tb && a->tok[e - 1].kind == PITH_TOK_PUNCT)
		e--;
	return e;
}

/* Most words of a journal's name that a title run ran into. */
#define TITLE_JOURNAL_MAX_WORDS 4

/*
 * How many words of [ta, tb) are abbreviated, each followed by its period
 * ("Mach. Learn.", "Phys. Rev."); 0 if any word is not, or is an initial.
 */
static size_t
abbreviated_words(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		n = 0;

	for (size_t t = ta; t < tb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
		{
			if (a->tok[t].end - a->tok[t].start < 2 || t + 1 >= a->ntok || !tok_is(a, t + 1, ".") ||
				a->tok[t + 1].space_before)
				return 0;
			n++;
		}
	return n;
}

/*
 * A title run that ends in an abbreviated journal's name with no
 * punctuation before it, as the Institute of Physics prints references
 * ("Advances in quantum metrology Nat. Photon. 5 222-9", "... made simple
 * Phys. Rev. Lett. 77", "... river nitrogen Water Res. 44"): after a
 * lower-case word, two capitalised abbreviations or more (a word and a
 * period glued to it), or a journal's abbreviation and at most two words
 * in full before it; the volume right after them, nothing labelled
 * container.  Relabels them and returns the new end.
 */
static size_t
title_run_into_abbreviated_journal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		j = tb,
				abbreviations = 0,
				nx = skip_punct(a, tb);
	bool		venue = false;

	if (nx == tb || nx >= a->ntok || labels[nx] != 'v' || labelled_word(a, labels, "c"))
		return tb;
	/* the last abbreviation's period is after the run */
	for (;;)
	{
		size_t		w = tok_is(a, j - 1, ".") && !a->tok[j - 1].space_before ? j - 2 : j - 1;

		if (w <= ta || a->tok[w].kind != PITH_TOK_WORD || a->info[w].casecls != 1 ||
			!(w + 1 < a->ntok && tok_is(a, w + 1, ".") && !a->tok[w + 1].space_before))
			break;
		abbreviations++;
		venue |= (a->info[w].lex & PITH_LEX_VENUE_ABBR) != 0;
		j = w;
	}
	/* a journal abbreviation may follow a word or two in full ("Water Res.", "Nature Phys.") */
	if (venue)
		for (size_t full = 0; full < 2 && j - 1 > ta && a->tok[j - 1].kind == PITH_TOK_WORD &&
			 a->info[j - 1].casecls == 1; full++)
			j--;
	if ((abbreviations < 2 && !venue) || a->tok[j - 1].kind != PITH_TOK_WORD || a->info[j - 1].casecls != 0 ||
		!run_has_word(a, ta, j - 1))
		return tb;
	for (size_t t = j; t < tb; t++)
		labels[t] = 'c';
	return j;
}

/*
 * A title run whose last sentence is the first word of an abbreviated
 * journal's name, its period just outside the run and the rest of the
 * name labelled container ("Graphene-based sensors for gas detection. Sens.
 * | Actuators B Chem. 255"): a capitalised word of at most five letters,
 * the period glued to it, after a title that is not abbreviations itself
 * ("Proc. Natl. Acad. | Sci."), the container going on in abbreviations.
 * Relabels it and returns the new end.
 */
static size_t
title_ending_in_journal_word(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		w = tb - 1,
				c;
	bool		abbreviated = false;

	if (tb < ta + 3 || tb + 1 >= a->ntok || a->tok[w].kind != PITH_TOK_WORD || a->info[w].casecls != 1 ||
		a->tok[w].end - a->tok[w].start > 5 || !tok_is(a, tb, ".") || a->tok[tb].space_before ||
		labels[tb + 1] != 'c' || !sentence_end(a, w - 1) || !run_has_word(a, ta, w - 1) ||
		abbreviated_words(a, ta, w - 1) > 0)
		return tb;
	/* the name goes on in abbreviations ("Chem."), not in words ("mod. Eins. | Math Ann") */
	for (c = tb + 1; c + 1 < a->ntok && labels[c] == 'c' && !abbreviated; c++)
		abbreviated = a->tok[c].kind == PITH_TOK_WORD && tok_is(a, c + 1, ".") && !a->tok[c + 1].space_before;
	if (!abbreviated)
		return tb;
	labels[w] = 'c';
	return w - 1;
}

/*
 * Does the volume come right after the title run's end (punctuation
 * between), with nothing labelled container in the reference?  Then the
 * run took the journal's name.
 */
static bool
volume_after_unnamed(const pith_ref_analysis *a, const char *labels, size_t tb)
{
	size_t		nx = skip_punct(a, tb);

	return !labelled_word(a, labels, "c") && nx != tb && nx < a->ntok && labels[nx] == 'v';
}

/*
 * A title run whose last comma-separated part is a journal's name, with
 * the volume right after it and nothing labelled container ("Égalité et
 * pouvoir dans les Morales de Grégoire le Grand, Recherches
 * augustiniennes, 27, 1994", "..., Geologische Rundschau, v. 71"): that
 * part, a capitalised word and at most a few more, is the container.
 * Relabels it and returns the new end.
 */
static size_t
title_run_into_journal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				words = 0,
				head = 0;

	if (!volume_after_unnamed(a, labels, tb))
		return tb;
	for (k = tb - 1; k > ta && !tok_is(a, k, ","); k--)
		if (a->tok[k].kind == PITH_TOK_WORD)
			words++;
		else if (!tok_is(a, k, "."))
			return tb;
	if (k == ta || words == 0 || words > TITLE_JOURNAL_MAX_WORDS || a->info[k + 1].casecls != 1)
		return tb;
	for (size_t t = ta; t < k; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
			head++;
	if (head < (abbreviated_words(a, k + 1, tb) >= 2 ? 1u : 3u))
		return tb;
	labels[k] = 'o';
	for (size_t t = k + 1; t < tb; t++)
		labels[t] = 'c';
	return k;
}

/*
 * A subtitle after the title run's colon that the labeller joined to the
 * journal's name in one container run ("Resetting the Circadian Clock in
 * Cultured Xenopus Eyecups: | Regulation of Retinal Melatonin Rhythms by
 * Light and D2 Dopamine Receptors. Journal of Neuroscience | 11"): the
 * run's first sentence, two words or more with no venue word, is the
 * subtitle when the rest names a venue ("Journal", "Proceedings", an
 * abbreviation) and the volume follows.  Relabels it and returns the new
 * end.
 */
static size_t
title_run_into_subtitle_before_journal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				ce,
				words = 0;
	bool		venue = false;

	if (tb + 2 >= a->ntok || !tok_is(a, tb, ":") || labels[tb + 1] != 'c' || a->tok[tb + 1].kind != PITH_TOK_WORD ||
		a->info[tb + 1].casecls != 1 || !run_has_word(a, ta, tb))
		return tb;
	for (k = tb + 1; k < a->ntok && labels[k] == 'c' && !sentence_end(a, k); k++)
		if (a->tok[k].kind == PITH_TOK_WORD)
		{
			if (a->info[k].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_IN))
				return tb;
			words++;
		}
	if (k + 1 >= a->ntok || labels[k] != 'c' || labels[k + 1] != 'c' || words < 2 || a->info[k + 1].casecls != 1)
		return tb;
	for (ce = k + 1; ce < a->ntok && labels[ce] == 'c'; ce++)
		venue |= a->tok[ce].kind == PITH_TOK_WORD && (a->info[ce].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR));
	ce = skip_punct(a, ce);
	if (!venue || ce >= a->ntok || labels[ce] != 'v')
		return tb;
	memset(labels + tb, 't', k - tb);
	labels[k] = 'o';
	return k;
}

/* Most words of a journal's name printed as a title run's last sentence. */
#define TITLE_SENTENCE_JOURNAL_MAX_WORDS 6

/*
 * A title run whose last sentence is a journal's name in title case, the
 * volume right after it and nothing labelled container ("Qualitative case
 * study methodology: ... for novice researchers. | The Qualitative Report,
 * 13(4)"): a capitalised word, then capitalised words and the joining
 * words of, and, the, in, for, on (at most six words, none abbreviated
 * inside, nothing else; "Nat. Photon." is another rule's), after a title
 * that ends its sentence ("Information visualization. | Information
 * Visualization, 1").  No reference prints a volume without naming where
 * it appeared.  (Vancouver's "Title. Journal. 2005;45" is
 * repair_labels'.)  Relabels it and returns the new end.
 */
static size_t
title_run_into_sentence_journal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	static const char *const joining[] = {"of", "and", "the", "in", "for", "on", NULL};
	size_t		k,
				words = 0;

	if (!volume_after_unnamed(a, labels, tb))
		return tb;
	for (k = tb - 1; k > ta && !sentence_end(a, k); k--)
		if (a->tok[k].kind != PITH_TOK_WORD ||
			(a->info[k].casecls != 1 && !tok_in_list(a, k, joining, false)) ||
			(k + 1 < tb && tok_is(a, k + 1, ".") && !a->tok[k + 1].space_before))
			return tb;
		else
			words++;
	if (k == ta || words == 0 || words > TITLE_SENTENCE_JOURNAL_MAX_WORDS || a->info[k + 1].casecls != 1)
		return tb;
	/* the period after an abbreviation ("Nat. | Photon.") ends no sentence of a title */
	if (a->tok[k - 1].kind == PITH_TOK_WORD && a->info[k - 1].casecls == 1 &&
		a->tok[k - 1].end - a->tok[k - 1].start <= 5)
		return tb;
	if (!run_has_word(a, ta, k))
		return tb;
	for (size_t t = k + 1; t < tb; t++)
		labels[t] = 'c';
	return k;
}

/* Most words a title cut after a function word is given back ("... in | the Pacific Ocean"). */
#define TITLE_STOP_END_MAX_WORDS 4

/* Labels a title cut after a function word never runs into: dates, locators, keys, identifiers, URLs. */
#define NOT_TITLE_LABELS "yvipkxw"

/*
 * A title run that ends with a function word ("Decreased susceptibility
 * ... to fluoroquinolones in | Canada N Engl J Med", "L'Europe Barbare de
 * | 476 à 774."): no title ends so; the labeller gave its last words to
 * the journal or the pages.  The title runs on to the next punctuation,
 * if that is a few words away, else by one word.  Returns the new end.
 */
static size_t
title_without_stop_end(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e,
				words = 0;

	if (tb <= ta + 1 || tb >= a->ntok || a->tok[tb - 1].kind != PITH_TOK_WORD || a->info[tb - 1].casecls != 0 ||
		!(a->info[tb - 1].lex & PITH_LEX_STOP) || a->tok[tb].kind == PITH_TOK_PUNCT ||
		a->info[tb].initial || initials_tok(a, tb) || tok_is(a, tb - 1, "by") || strchr(NOT_TITLE_LABELS, labels[tb]))
		return tb;	/* "... by W.L. Griffin": a person follows; a date or locator is none of the title */
	for (e = tb; e < a->ntok && a->tok[e].kind != PITH_TOK_PUNCT && !strchr(NOT_TITLE_LABELS, labels[e]); e++)
		words++;
	if (words > TITLE_STOP_END_MAX_WORDS || (e < a->ntok && a->tok[e].kind != PITH_TOK_PUNCT))
		e = tb + 1;
	for (size_t t = tb; t < e; t++)
		labels[t] = 't';
	return e;
}

/* The value of a number token of at most four digits (-1 if longer). */
static long
small_number(const pith_ref_analysis *a, size_t t)
{
	long		v = 0;

	if (a->tok[t].kind != PITH_TOK_NUMBER || a->tok[t].end - a->tok[t].start > 4)
		return -1;
	for (size_t i = a->tok[t].start; i < a->tok[t].end; i++)
		v = v * 10 + (a->norm[i] - '0');
	return v;
}

/*
 * A title run that ran on, with no punctuation, into the date and the
 * journal, as some bibliographies print "Title Year Journal Volume" and
 * nothing labelled date elsewhere ("... geodesic data structure | 2006 |
 * Neural Networks 900--910", "Information visualization | 2002 |
 * Information Visualization 1"): a year after a lower-case word, then
 * capitalised words only up to the run's end, and after it a number or
 * nothing.  Relabels the date and the journal and returns the new end.
 */
static size_t
title_run_into_year_and_journal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		y;
	long		v;

	for (size_t t = 0; t < a->ntok; t++)
		if (labels[t] == 'y')
			return tb;
	for (y = tb - 1; y > ta + 1 && a->tok[y].kind == PITH_TOK_WORD && a->info[y].casecls == 1; y--)
		;
	v = small_number(a, y);
	if (y == tb - 1 || y <= ta + 1 || v < 1800 || v > 2099 || a->tok[y - 1].kind != PITH_TOK_WORD ||
		a->info[y - 1].casecls != 0 || !run_has_word(a, ta, y) ||
		(tb < a->ntok && a->tok[tb].kind != PITH_TOK_NUMBER))
		return tb;
	labels[y] = 'y';
	for (size_t t = y + 1; t < tb; t++)
		labels[t] = 'c';
	return y;
}

/*
 * A title run cut at a German ordinal's period ("Bürgertum im 19. |
 * Jahrhundert. Deutschland im europäischen Vergleich", "Berlin am 9. |
 * November"): a small number after a preposition or article ("im",
 * "am", "des"; not "heat shock protein 90. | J Biol Chem"), its period glued
 * on, a capitalised word or another preposition ("vom 7. | bis zum 10.
 * Jahrhundert") after it that the labeller took for the start of a
 * container.  The container run is the title's.  Relabels it and returns
 * the new end.
 */
static size_t
title_run_into_ordinal(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	/* the German prepositions and articles an ordinal follows */
	static const char *const before_ordinal[] = {
		"im", "am", "vom", "zum", "zur", "des", "der", "dem", "den", "das", "die", "ins", "bis", "seit", "ab",
		"um", NULL
	};
	long		n;
	size_t		e;

	if (tb < ta + 2 || tb + 1 >= a->ntok || !tok_is(a, tb, ".") || a->tok[tb].space_before ||
		!tok_in_list(a, tb - 2, before_ordinal, false) || a->info[tb - 2].casecls != 0 || labels[tb + 1] != 'c' ||
		a->tok[tb + 1].kind != PITH_TOK_WORD ||
		!(a->info[tb + 1].casecls == 1 || tok_in_list(a, tb + 1, before_ordinal, false)))
		return tb;
	n = small_number(a, tb - 1);
	if (n < 1 || n > 99)
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'c'; e++)
		;
	while (e > tb + 1 && a->tok[e - 1].kind == PITH_TOK_PUNCT)
		e--;
	memset(labels + tb, 't', e - tb);
	return e;
}

/*
 * A title run followed by a comma and a span of years ("The Colonization
 * of the Southern Tswana, 1870-1900, Braamfontein ...", "... Intolerance
 * in England, 1500-1700. 2006", "... Femme moderne, 1933-40."), with the
 * reference's own year labelled elsewhere: the span is the period the
 * work is about, the end of its title, not its pages or its date.
 * Relabels it and returns the new end.
 */
static size_t
title_with_period(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e = tb + 4;
	long		y1,
				y2;
	size_t		n2;

	if (e > a->ntok || !tok_is(a, tb, ",") || !(tok_is(a, tb + 2, "-") || tok_is(a, tb + 2, "\xE2\x80\x93")))
		return tb;
	y1 = small_number(a, tb + 1);
	y2 = small_number(a, tb + 3);
	n2 = a->tok[tb + 3].end - a->tok[tb + 3].start;
	if (y1 < 500 || y1 > 2099 || y2 < 0 || a->tok[tb + 2].space_before || a->tok[tb + 3].space_before)
		return tb;
	if (n2 == 2 ? y2 <= y1 % 100 : n2 < 3 || y2 <= y1 || y2 > 2099)
		return tb;
	if (e < a->ntok && !(a->tok[e].kind == PITH_TOK_PUNCT && strchr(".,:;(", a->norm[a->tok[e].start]) != NULL))
		return tb;
	if (!dated_outside(a, labels, tb, e))
		return tb;
	memset(labels + tb, 't', e - tb);
	return e;
}

/* Is token t an edition's ordinal written out ("second ed.", "Revised edition", "zweite Auflage")? */
static bool
ordinal_word(const pith_ref_analysis *a, size_t t)
{
	static const char *const ordinals[] = {
		"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
		"revised", "erste", "zweite", "dritte", "vierte", "fünfte", "sechste", NULL
	};

	return tok_in_list(a, t, ordinals, false);
}

/* Most words of a thesis or report-series sentence at a title run's end, and most words in capitals besides. */
#define TITLE_NOTE_MAX_WORDS 4
#define TITLE_NOTE_MAX_CODES 3

/*
 * A title run whose last sentence says what kind of document it is,
 * after the title's period: a thesis ("Frauen in Führungspositionen. |
 * Unveröffentlichte Diplomarbeit", "... | PhD thesis") or a numbered
 * report of a series ("Projektion des Arbeitskräfteangebots bis 2050. |
 * IAB-Kurzbericht 16/2011", "... | Working Paper 12", "... | WZB
 * Discussion Paper FS III 90-101", "... | WSI-Report Nr. 37"), a few
 * words and a few in capitals, the number in the run or right after it
 * ("... | IAQ-Report | 2014-02"); or after the title's last comma a series'
 * name of one word and its number ("..., | DIW-Wochenbericht 8/2011").
 * That sentence is a note, not the title's.  (A document's code alone,
 * "... Xylenes. | PB/95/100236/AS", the tagged corpora keep in the
 * title.)  Returns the new end.
 */
static size_t
title_without_document_note(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	static const char *const thesis_words[] = {
		"thesis", "dissertation", "diss", "diplomarbeit", "magisterarbeit", "doktorarbeit", "masterarbeit",
		"bachelorarbeit", "habilitationsschrift", "tesis", "tesi", NULL
	};
	static const char *const report_word[] = {"report", NULL};
	static const char *const series_words[] = {
		"kurzbericht", "wochenbericht", "forschungsbericht", "arbeitspapier", "diskussionspapier", "berichte",
		"discussion", "working", NULL
	};
	/*
	 * Two places: after the last comma only a series' name of one word and
	 * its number ("..., | DIW-Wochenbericht 8/2011"); else the last sentence
	 * (the period of "Nr." or "No." ends no sentence).
	 */
	for (int after_comma = 1; after_comma >= 0; after_comma--)
	{
		size_t		k,
					words = 0,
					codes = 0;
		bool		thesis = false,
					series = false,
					number = false,
					fits = true;

		if (after_comma)
		{
			for (k = tb - 1; k > ta && !tok_is(a, k, ",") && tb - k <= TITLE_NOTE_MAX_WORDS; k--)
				;
			if (!(k > ta + 1 && tok_is(a, k, ",") && run_has_word(a, ta, k)))
				continue;
		}
		else
		{
			for (k = tb - 1; k > ta && !(sentence_end(a, k) && !(a->info[k - 1].lex & PITH_LEX_VOLUME)); k--)
				;
			if (k <= ta + 1 || !run_has_word(a, ta, k))
				return tb;
		}
		for (size_t t = k + 1; t < tb && fits; t++)
		{
			if (a->tok[t].kind == PITH_TOK_NUMBER)
			{
				number = true;
				continue;
			}
			if (a->tok[t].kind != PITH_TOK_WORD)
				continue;
			/* a few words in capitals more: a series' acronym, a code's letters ("WZB Discussion Paper FS III 90-101") */
			words++;
			codes += a->info[t].casecls == 2 && codes < TITLE_NOTE_MAX_CODES;
			fits = words - codes <= TITLE_NOTE_MAX_WORDS;
			thesis |= tok_in_list(a, t, thesis_words, false);
			/*
			 * the series word alone or at a name's end ("IAB-Kurzbericht"),
			 * "Report" only at a name's end ("WSI-Report": the corpora keep
			 * "Water-Resources Investigations Report 01-4060" in the title)
			 */
			series |= tok_ends_with_list(a, t, series_words) ||
				(tok_ends_with_list(a, t, report_word) && !tok_is(a, t, "Report") && !tok_is(a, t, "report"));
		}
		if (!fits)
			continue;
		/* the series' number right after the run ("... | DIW-Wochenbericht | Nr. 46/2010", "IAQ-Report | 2014-02") */
		if (series && !number)
		{
			size_t		t = tb;

			while (t < a->ntok && (tok_is(a, t, "Nr") || tok_is(a, t, "No") || tok_is(a, t, ".")))
				t++;
			number = t < a->ntok && a->tok[t].kind == PITH_TOK_NUMBER;
		}
		/* (a lone "Dissertation" the tagged corpora keep in the title) */
		if (after_comma ? series && number && words == 1 : (thesis && words >= 2) || (series && number))
			return k;
	}
	return tb;
}

/* Most tokens of a report number ("(EPA 841-R-12-001)", ", CERN-ACC-2014-0321"). */
#define TITLE_REPORT_NUMBER_MAX_TOKENS 9

/*
 * The comma before a code of capitals and numbers glued together that
 * ends the title run [ta, tb) ("..., | CERN-ACC-2014-0321"), or tb.
 */
static size_t
glued_code_after_comma(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		k;
	bool		number = false;

	for (k = tb - 1; k > ta + 1 && !tok_is(a, k, ",") && tb - k <= TITLE_REPORT_NUMBER_MAX_TOKENS; k--)
		;
	if (k <= ta + 1 || !tok_is(a, k, ",") || k + 2 >= tb || !run_has_word(a, ta, k) ||
		a->tok[k + 1].kind != PITH_TOK_WORD || a->info[k + 1].casecls != 2 || a->tok[k + 1].end - a->tok[k + 1].start < 3)
		return tb;
	for (size_t t = k + 2; t < tb; t++)
	{
		if (a->tok[t].space_before ||
			!(a->tok[t].kind == PITH_TOK_NUMBER || tok_is(a, t, "-") || tok_is(a, t, "/") ||
			  (a->tok[t].kind == PITH_TOK_WORD && a->info[t].casecls == 2)))
			return tb;
		number |= a->tok[t].kind == PITH_TOK_NUMBER;
	}
	return number ? k : tb;
}

/* Does word token t hold a digit ("C39M", "12a")? */
static bool
word_with_digit(const pith_ref_analysis *a, size_t t)
{
	for (uint32_t i = a->tok[t].start; i < a->tok[t].end; i++)
		if (pith_ascii_is_digit((unsigned char) a->norm[i]))
			return true;
	return false;
}

/*
 * A title run that ends in a report's number in brackets, as APA prints a
 * report ("Digest of education statistics 2015 | (NCES 2016-014)"): the
 * agency's acronym or a report word, then (apart from it) numbers and
 * codes only ("(ASTM C39/C39M-12a)"): a code in parts, or any number
 * after a report word; or
 * after a comma, a code of capitals and numbers glued together ("High
 * Luminosity LHC project description, | CERN-ACC-2014-0321"), or after
 * the title's period a code of capitals glued to a bracket ("The European
 * Green Deal. | COM(2019) 640 final").  A name in
 * brackets ("(SDF-1)", "(COVID-19)", "(UMR 7115)") stays.  The number is
 * not part of the title.  Returns the new end.
 */
static size_t
title_without_report_number(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	static const char *const report_words[] = {"report", "no", "rep", "publication", "pub", NULL};
	size_t		k = glued_code_after_comma(a, ta, tb);
	bool		number = false,
				joined = false,
				coded = false,
				slash = false;

	if (k < tb)
		return k;
	/* a document code after the title's period, glued to its bracket ("The European Green Deal. | COM(2019) 640") */
	if (tb >= ta + 3 && tb < a->ntok && tok_is(a, tb, "(") && !a->tok[tb].space_before &&
		a->tok[tb - 1].kind == PITH_TOK_WORD && a->info[tb - 1].casecls == 2 && tok_is(a, tb - 2, ".") &&
		sentence_end(a, tb - 2) && run_has_word(a, ta, tb - 2))
		return tb - 2;
	if (tb < ta + 4 || !tok_is(a, tb - 1, ")"))
		return tb;
	for (k = tb - 2; k > ta && !tok_is(a, k, "("); k--)
		if (tb - k > TITLE_REPORT_NUMBER_MAX_TOKENS)
			return tb;
	if (k <= ta + 1 || !run_has_word(a, ta, k) || a->tok[k + 1].kind != PITH_TOK_WORD ||
		!((a->info[k + 1].casecls == 2 && a->tok[k + 1].end - a->tok[k + 1].start >= 2) ||
		  tok_in_list(a, k + 1, report_words, false)))
		return tb;
	/* the number apart from the acronym ("SDF-1", "HIV-1" are names) */
	if (k + 2 >= tb - 1 || !a->tok[k + 2].space_before)
		return tb;
	for (size_t t = k + 2; t < tb - 1; t++)
	{
		if (a->tok[t].kind == PITH_TOK_NUMBER)
			number = true;
		else if (a->tok[t].kind == PITH_TOK_WORD && word_with_digit(a, t))
			coded = true;
		else if (tok_is(a, t, "-") || tok_is(a, t, "/"))
		{
			joined = true;
			slash |= tok_is(a, t, "/");
		}
		else if (!(a->tok[t].kind == PITH_TOK_WORD && (a->info[t].casecls == 2 || tok_in_list(a, t, report_words, false))) &&
				 !tok_is(a, t, ".") && !tok_is(a, t, ":"))
			return tb;
	}
	/*
	 * a code in parts ("2016-014"), or after a report word ("Report No.
	 * 12"); letters and digits mixed in parts a slash joins ("C39/C39M-12a",
	 * not a conference's "ECMDA -FA2009")
	 */
	number |= coded && slash;
	return number && (joined || tok_in_list(a, k + 1, report_words, false)) ? k : tb;
}

/* Most tokens of an edition statement ("2nd ed.", "6. Aufl.", "(2.ª ed.)"). */
#define TITLE_EDITION_MAX_TOKENS 5

/*
 * The title run [.., tb) takes in [tb, e) when e is a sentence break and
 * the place or publisher follows it: relabels them title and returns e,
 * else tb.
 */
static size_t
title_through_sentence_before_imprint(const pith_ref_analysis *a, char *labels, size_t tb, size_t e)
{
	size_t		nx;

	if (e >= a->ntok || !sentence_end(a, e))
		return tb;
	nx = skip_punct(a, e);
	if (nx >= a->ntok || (labels[nx] != 'l' && labels[nx] != 'u'))
		return tb;
	for (size_t t = tb; t < e; t++)
		labels[t] = 't';
	return e;
}

/*
 * From e: punctuation, then a run labelled note that holds an edition
 * word ("3. Aufl.", "2., überarb. Aufl."), punctuation, then the place or
 * publisher?
 */
static bool
edition_then_imprint(const pith_ref_analysis *a, const char *labels, size_t e)
{
	size_t		k = skip_punct(a, e);
	bool		edition = false;

	if (k >= a->ntok || labels[k] != 'n')
		return false;
	for (; k < a->ntok && labels[k] == 'n'; k++)
		edition |= (a->info[k].lex & PITH_LEX_EDITION) != 0;
	k = skip_punct(a, k);
	return edition && k < a->ntok && (labels[k] == 'l' || labels[k] == 'u');
}

/*
 * The title run takes in [tb, e), an edition and the imprint following e
 * (the caller has seen edition_then_imprint): relabels it title and
 * returns its end before the punctuation, or tb when it holds no word.
 */
static size_t
title_through_edition(const pith_ref_analysis *a, char *labels, size_t tb, size_t e)
{
	size_t		end = e;

	while (end > tb && a->tok[end - 1].kind == PITH_TOK_PUNCT)
		end--;
	if (!run_has_word(a, tb, end))
		return tb;
	for (size_t t = tb; t < end; t++)
		labels[t] = 't';
	return end;
}

/*
 * An edition's number that the labeller put at the end of a container
 * run, or called a volume, its edition word labelled note ("... Leistungen
 * und Probleme. | 3. | Aufl. Wiesbaden", "... in der Welt, | 13. | Aufl.,
 * Wiesbaden"): the number is the edition's.  Relabels it (and its
 * punctuation) note.
 */
static void
edition_number_in_container(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 1; t + 2 < a->ntok; t++)
	{
		size_t		k = t + 1;

		if (!((labels[t] == 'c' && sentence_end(a, t - 1)) ||
			  (labels[t] == 'v' && (sentence_end(a, t - 1) || tok_is(a, t - 1, ",")))) ||
			a->tok[t].kind != PITH_TOK_NUMBER || small_number(a, t) <= 0 || small_number(a, t) >= 100)
			continue;
		while (k < a->ntok && a->tok[k].kind == PITH_TOK_PUNCT && strchr("cov", labels[k]))
			k++;
		/* a volume's number stays one ("Vol. 2. 2nd ed."): the edition word right after it */
		if (labels[t] == 'v' && (k >= a->ntok || !(a->info[k].lex & PITH_LEX_EDITION) ||
								 (t >= 2 && (a->info[t - 2].lex & PITH_LEX_VOLUME))))
			continue;
		if (k < a->ntok && labels[k] == 'n' && edition_then_imprint(a, labels, k))
			for (size_t u = t; u < k; u++)
				labels[u] = 'n';
	}
}

/* Most words of a title's last items and subtitle that the labeller called a container. */
#define TITLE_ITEMS_MAX_WORDS 16

/*
 * A title run that a comma ends, then words the labeller called a
 * container up to a sentence break, then the place or publisher
 * ("Reaktionen auf Leistungsabfall bei Unternehmungen, | Organisationen
 * und Staaten. | Tübingen: Mohr."): the title's last items, not a
 * container -- a journal would have a volume or pages, a book series a
 * venue word.  Also after a colon, with one subtitle sentence after the
 * items ("Wissenschaft, Universität, | Professionen. Soziologische
 * Analysen. | Frankfurt"), and with an edition in brackets before the
 * imprint ("Title: | Subtitle words | (2nd ed.). Basingstoke").  Returns
 * the new end.
 */
static size_t
title_run_into_comma_container(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e,
				words = 0,
				sentences = 0;

	if (tb + 2 >= a->ntok || !run_has_word(a, ta, tb) || labelled_locator(a, labels))
		return tb;
	/* after the run's comma or colon (not its question mark: "Who cares? | Social ...", the corpora split there) */
	if (!(tok_is(a, tb, ",") || tok_is(a, tb, ":")) || labels[tb + 1] != 'c' || a->tok[tb - 1].kind != PITH_TOK_WORD)
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'c'; e++)
		if (a->tok[e].kind == PITH_TOK_WORD)
		{
			/* no venue, volume or part cue ("In", not a subtitle's "im Rahmen") */
			if ((a->info[e].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR | PITH_LEX_VOLUME)) ||
				((a->info[e].lex & PITH_LEX_IN) && a->info[e].casecls != 0))
				return tb;
			words++;
		}
		else if (sentence_end(a, e) && e + 1 < a->ntok && labels[e + 1] == 'c')
			sentences++;	/* a subtitle's sentence after the last items ("..., | Professionen. Soziologische Analysen.") */
		else if (sentence_end(a, e) && edition_then_imprint(a, labels, e))
			break;			/* its period, then the edition ("..., | Leistungen und Probleme. | 3. Aufl.") */
		else if (!(a->tok[e].kind == PITH_TOK_PUNCT || (sentences && a->tok[e].kind == PITH_TOK_NUMBER)) ||
				 tok_is(a, e, "."))
			return tb;
	/* a comma's last items are a few words; a subtitle may be longer */
	if (words == 0 || words > (sentences || !tok_is(a, tb, ",") ? TITLE_ITEMS_MAX_WORDS : 4) || sentences > 1)
		return tb;
	/* the edition labelled note, bracketed or not, then the imprint ("... Probleme. | 3. Aufl. | Wiesbaden") */
	if (edition_then_imprint(a, labels, e))
		return title_through_edition(a, labels, tb, e);
	return title_through_sentence_before_imprint(a, labels, tb, e);
}

/* Most words of an edition sentence without its number ("Erweiterte Neuauflage"). */
#define EDITION_SENTENCE_MAX_WORDS 4

/*
 * A subtitle after the title run's period that the labeller took for a
 * container together with the edition sentence after it ("Die Familie im
 * Spiegel der amtlichen Statistik. | Lebensformen, ... in Deutschland. |
 * Erweiterte Neuauflage. | Berlin: BMFSFJ"): the container's last
 * sentence is an edition (a few words, an edition word among them), the
 * place or publisher follows, and the reference has no volume, issue or
 * pages.  What is before the edition is the title's.  So too when the
 * edition after the container is labelled note ("Vom Einzelfall zum
 * Typus. | Fallvergleich und ... Sozialforschung. | 2., überarb. Aufl. |
 * Wiesbaden").  Returns the new end.
 */
static size_t
title_run_into_subtitle_before_edition(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e,
				s,
				words = 0,
				nx;
	bool		edition = false;

	if (tb + 4 >= a->ntok || !sentence_end(a, tb) || labels[tb + 1] != 'c' || !run_has_word(a, ta, tb) ||
		labelled_locator(a, labels))
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'c'; e++)
		;
	/* the edition labelled note after it ("... Sozialforschung. | 2., überarb. Aufl. Wiesbaden") */
	if (edition_then_imprint(a, labels, e))
		return title_through_edition(a, labels, tb, e);
	nx = skip_punct(a, e);
	if (nx >= a->ntok || (labels[nx] != 'l' && labels[nx] != 'u'))
		return tb;
	/* the container's last sentence: the edition */
	for (s = e - 1; s > tb + 1 && !sentence_end(a, s - 1); s--)
		if (a->tok[s].kind == PITH_TOK_WORD)
		{
			edition |= (a->info[s].lex & PITH_LEX_EDITION) != 0;
			words++;
		}
	if (a->tok[s].kind == PITH_TOK_WORD)
	{
		edition |= (a->info[s].lex & PITH_LEX_EDITION) != 0;
		words++;
	}
	if (s <= tb + 2 || !edition || words > EDITION_SENTENCE_MAX_WORDS || !run_has_word(a, tb + 1, s - 1))
		return tb;
	for (size_t t = tb; t < s - 1; t++)
		labels[t] = 't';
	return s - 1;
}

/* Most words of a title's last item or subtitle that the labeller put in the edition's note. */
#define NOTE_SUBTITLE_MAX_WORDS 6

/*
 * A few words after the title run's comma or period that the
 * labeller put in a note with the edition statement right after them
 * ("Qualitative Sozialforschung. | Lehrbuch. 5., überarbeitete Auflage.",
 * "Methoden, Praxis, | Computerunterstützung (3., überarbeitete
 * Auflage)", "Deutsche Wirtschaftsgeschichte. | Von 1945 bis zur
 * Gegenwart, 2. Aufl."): the title's last item or subtitle; the note is
 * the edition.  Returns the new end.
 */
static size_t
title_run_into_note_before_edition(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k = tb + 1,
				words = 0,
				e;

	if (tb + 4 >= a->ntok || !(tok_is(a, tb, ",") || tok_is(a, tb, ".")) || labels[tb + 1] != 'n' ||
		!run_has_word(a, ta, tb))
		return tb;
	/* (a subtitle's year among them: "Von 1945 bis zur Gegenwart") */
	for (; k < a->ntok && labels[k] == 'n' &&
		 (a->tok[k].kind == PITH_TOK_WORD || (k > tb + 1 && a->info[k].year)) && words <= NOTE_SUBTITLE_MAX_WORDS; k++)
		words++;
	if (words == 0 || words > NOTE_SUBTITLE_MAX_WORDS)
		return tb;
	e = k;
	/*
	 * then the edition: "(" or "." before its number (or a comma, after a
	 * subtitle: "... Gegenwart, 2. Aufl."), the number, and an edition
	 * word within a few tokens
	 */
	if (!(tok_is(a, k, "(") || tok_is(a, k, ".") || (tok_is(a, k, ",") && tok_is(a, tb, "."))) || labels[k] != 'n')
		return tb;
	k++;
	if (k >= a->ntok || small_number(a, k) <= 0 || labels[k] != 'n')
		return tb;
	for (size_t t = k + 1; t < a->ntok && t <= k + 5 && labels[t] == 'n'; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && (a->info[t].lex & PITH_LEX_EDITION))
		{
			for (size_t u = tb; u < e; u++)
				labels[u] = 't';
			return e;
		}
	return tb;
}

/*
 * The work's title, then a volume and its part title up to a sentence
 * break before the place or publisher ("Theorie des kommunikativen
 * Handelns. | Bd. 1: Handlungsrationalität und gesellschaftliche
 * Rationalisierung. | Frankfurt a. M.: Suhrkamp.", "Methods of Modern
 * Mathematical Physics, | Vol. IV: Analysis of Operators | (Academic
 * Press, ...)", or an edition before them, or a comma and the place:
 * "Bd. 1: Familienforschung, | Neuwied 1989", the part then perhaps
 * taken for a publisher): the title is the whole, as
 * title_after_volume_part has it when the part was chosen.
 * Returns the new end.
 */
static size_t
title_run_into_volume_part(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		c,
				e;
	bool		pages = false;

	if (tb + 5 >= a->ntok || !(tok_is(a, tb, ".") || tok_is(a, tb, ",")) || !run_has_word(a, ta, tb) ||
		(c = volume_mark_colon(a, tb + 1)) == 0 || c + 1 >= a->ntok ||
		(labels[c + 1] != 'c' && labels[c + 1] != 't' && labels[c + 1] != 'u') || a->tok[c + 1].kind != PITH_TOK_WORD)
		return tb;
	/* (the part's title may be labelled in pieces, publisher and container: "Band 1: | Grundlagen, Arbeit, | Einkommen und ...") */
	for (e = c + 1; e < a->ntok && (strchr("ctu", labels[e]) != NULL ||
									 (tok_is(a, e, ",") && e + 1 < a->ntok && strchr("ctu", labels[e + 1]) != NULL &&
									  a->tok[e + 1].kind == PITH_TOK_WORD)) && labels[e] != '\0'; e++)
		if (tok_is(a, e, "."))
			return tb;
	/* (the mark's own number may be labelled volume) */
	if (labelled_locator_before(labels, tb))
		return tb;
	for (size_t t = e; t < a->ntok; t++)
	{
		if (labels[t] == 'v' || labels[t] == 'i')
			return tb;
		pages |= labels[t] == 'p';
	}
	/*
	 * the imprint in brackets ("... Vol. IV: Analysis of Operators |
	 * (Academic Press, New York, 1978)"), or the place after a comma, as
	 * German footnotes print it ("Bd. 1: Familienforschung, | Neuwied 1989"),
	 * the pages cited after it ("..., Frankfurt a. M. 1981, S. 171-228")
	 */
	if (e + 1 < a->ntok && ((tok_is(a, e, "(") && (labels[e + 1] == 'l' || labels[e + 1] == 'u')) ||
							(tok_is(a, e, ",") && labels[e + 1] == 'l')))
	{
		memset(labels + tb, 't', e - tb);
		return e;
	}
	if (pages)
		return tb;
	/* an edition before the imprint ("... Volume 2: Seminumerical Algorithms, | 3rd ed. Addison-Wesley") */
	if (edition_then_imprint(a, labels, e))
		return title_through_edition(a, labels, tb, e);
	return title_through_sentence_before_imprint(a, labels, tb, e);
}

/* Most words of the rest of a title's list taken for a container ("Languages, and Computation"). */
#define TITLE_LIST_MAX_WORDS 5

/*
 * A title that names a list of things, cut at its first comma and the
 * rest taken for a container ("Introduction to Automata Theory, |
 * Languages, and Computation, | 3rd edn. Pearson"): the "container" is a
 * few words with the list's "and" or "&" after a comma, no period in it,
 * and the reference has no volume, issue or pages -- a book's title.
 * Relabels the rest title and returns the new end.
 */
static size_t
title_run_into_list_rest(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	static const char *const ands[] = {"and", "&", "und", "et", NULL};
	size_t		e,
				words = 0;
	bool		serial = false;

	if (tb + 3 >= a->ntok || !tok_is(a, tb, ",") || labels[tb + 1] != 'c' ||
		a->tok[tb + 1].kind != PITH_TOK_WORD || !run_has_word(a, ta, tb) || labelled_locator(a, labels))
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'c'; e++)
	{
		if (tok_is(a, e, "."))
			return tb;
		if (a->tok[e].kind == PITH_TOK_WORD)
			words++;
		serial |= tok_is(a, e - 1, ",") && tok_in_list(a, e, ands, false);
	}
	if (!serial || words > TITLE_LIST_MAX_WORDS)
		return tb;
	for (size_t t = tb; t < e; t++)
		labels[t] = 't';
	while (e > tb && a->tok[e - 1].kind == PITH_TOK_PUNCT)
		e--;
	return e;
}

/*
 * A subtitle after the title run's period that the labeller took for the
 * editors, because the editors' cue follows it ("Der Nationalsozialismus
 * und die deutsche Gesellschaft. | Ausgewählte Aufsätze | , hg. v. Lutz
 * Niethammer ...", "..., ed. by J. Smith"): words with no initial, "In"
 * or venue word among them up to a comma, then an editor's word and
 * "von", "v." or "by" (names_follow_cue) -- the editors' names come
 * after their cue, so what comes before it is the title's.  Relabels the
 * sentence title and returns the new end.
 */
static size_t
title_run_into_subtitle_before_editors(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e,
				words = 0;

	if (tb + 4 >= a->ntok || !sentence_end(a, tb) || !run_has_word(a, ta, tb) || labels[tb + 1] == 't')
		return tb;
	for (e = tb + 1; e < a->ntok && !tok_is(a, e, ","); e++)
		if (a->tok[e].kind != PITH_TOK_WORD || a->info[e].initial || ++words > TITLE_ITEMS_MAX_WORDS ||
			(a->info[e].lex & (PITH_LEX_IN | PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR)))
			return tb;
	if (words == 0 || e + 2 >= a->ntok || !(a->info[e + 1].lex & PITH_LEX_EDITOR) || !names_follow_cue(a, e + 1))
		return tb;
	for (size_t t = tb; t < e; t++)
		labels[t] = 't';
	return e;
}

/*
 * A title's subtitle sentence taken for a publisher, with the place and
 * the real publisher after it ("Le travail sociologique de Pierre
 * Bourdieu. | Dettes et critiques, | Paris, La Découverte, 1999"): two
 * words or more, no sentence break in them, then a comma, the place and
 * another publisher -- no reference names two publishers around its
 * place.  Relabels the sentence title and returns the new end.
 */
static size_t
title_run_into_subtitle_before_place(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		e,
				words = 0;

	if (tb + 5 >= a->ntok || !sentence_end(a, tb) || labels[tb + 1] != 'u' || !run_has_word(a, ta, tb))
		return tb;
	for (e = tb + 1; e < a->ntok && labels[e] == 'u'; e++)
		if (a->tok[e].kind == PITH_TOK_WORD)
			words++;
		else if (!tok_is(a, e, "-") && !tok_is(a, e, "'"))
			return tb;
	if (words < 2 || e + 3 >= a->ntok || !tok_is(a, e, ",") || labels[e + 1] != 'l')
		return tb;
	{
		size_t		k = e + 1;

		while (k < a->ntok && labels[k] == 'l')
			k++;
		if (k + 1 >= a->ntok || !(tok_is(a, k, ",") || tok_is(a, k, ":")) || labels[k + 1] != 'u')
			return tb;
	}
	for (size_t t = tb; t < e; t++)
		labels[t] = 't';
	return e;
}

/*
 * A book's subtitle taken for a container between its title and its
 * place and year, as German footnotes print a book ("Ludwig Liegle,
 * Familie und Kollektiv im Kibbutz. | Eine Studie über die Funktionen
 * ..., Weinheim/Berlin/Basel 1971", "Theodor W. Adorno, Erziehung zur
 * Mündigkeit. | Vorträge und Gespräche ..., hg. von Gerd Kadelbach,
 * Frankfurt a. M. 1970"; after a title's question mark too: "Konrad,
 * warum gehst du nicht? | Kindheit ..., Hamburg 1998"): one sentence with
 * no venue's abbreviation,
 * online, volume or meeting's word ("GAC/MAC, Program with Abstracts,
 * Annual Meeting"), not opening with "in", then a comma, an editor's phrase perhaps, the place and
 * the year, or the place, a comma and the publisher ("Daniel Roche, Le
 * Peuple de Paris. | Essai sur ..., Paris, Aubier, 1981"); no volume or
 * issue, and no "in" before the title.  Relabels the sentence
 * title and returns the new end.
 */
static size_t
title_run_into_subtitle_before_book_place(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	static const char *const meeting_words[] = {
		"meeting", "conference", "congress", "symposium", "proceedings", "abstracts", "workshop", "tagung", "kongress",
		"jahrestagung", NULL
	};
	size_t		e,
				k,
				s0;

	/* the subtitle after the run's period, or after its own question mark ("... nicht? | Kindheit ...") */
	if (tb + 4 < a->ntok && sentence_end(a, tb))
		s0 = tb + 1;
	else if (tb + 3 < a->ntok && tb > ta && (tok_is(a, tb - 1, "?") || tok_is(a, tb - 1, "!")))
		s0 = tb;
	else
		return tb;
	if (labels[s0] != 'c' || !run_has_word(a, ta, tb) || labelled_word(a, labels, "vi"))
		return tb;
	for (size_t t = 0; t < ta; t++)
		if (in_cue_tok(a, t))
			return tb;
	for (e = s0; e < a->ntok && labels[e] == 'c'; e++)
		if (sentence_end(a, e) || (e == s0 && in_cue_tok(a, e)) ||
			(a->tok[e].kind == PITH_TOK_WORD && ((a->info[e].lex & (PITH_LEX_VENUE_ABBR | PITH_LEX_ONLINE | PITH_LEX_VOLUME)) ||
												 tok_in_list(a, e, meeting_words, false))))
			return tb;
	if (e + 2 >= a->ntok || !tok_is(a, e, ","))
		return tb;
	k = e + 1;
	/* the editor's phrase ("hg. von Gerd Kadelbach,") */
	if (a->tok[k].kind == PITH_TOK_WORD && (a->info[k].lex & PITH_LEX_EDITOR))
	{
		while (k < a->ntok && !tok_is(a, k, ","))
			k++;
		k++;
	}
	if (k >= a->ntok || labels[k] != 'l')
		return tb;
	while (k < a->ntok && labels[k] == 'l')
		k++;
	/* (the place's abbreviation's period: "Königstein/Ts. 1980") */
	if (k + 1 < a->ntok && tok_is(a, k, ".") && labels[k + 1] == 'y')
		k++;
	/* the year, or the publisher after a comma as French notes print it ("..., Paris, Gallimard, 1992") */
	if (k + 1 >= a->ntok || !(labels[k] == 'y' || (tok_is(a, k, ",") && labels[k + 1] == 'u')))
		return tb;
	memset(labels + tb, 't', e - tb);
	return e;
}

/*
 * A title's name part and a colon, then its subtitle taken for a
 * publisher up to a sentence break that "In" follows ("2019. BERT: |
 * Pre-training of Deep Bidirectional Transformers for Language
 * Understanding. In NAACL-HLT. 4171-4186."): a publisher is never
 * followed by the container it would be in, so the run is the subtitle.
 * Returns the new end.
 */
static size_t
title_run_into_publisher_subtitle(const pith_ref_analysis *a, char *labels, size_t ta, size_t tb)
{
	size_t		k,
				words = 0;

	if (tb + 2 >= a->ntok || !tok_is(a, tb, ":") || labels[tb + 1] != 'u' || !run_has_word(a, ta, tb))
		return tb;
	for (k = tb + 1; k < a->ntok && labels[k] == 'u' && !sentence_end(a, k); k++)
		if (a->tok[k].kind == PITH_TOK_WORD)
			words++;
	if (words < 3 || k + 1 >= a->ntok || !sentence_end(a, k) || labels[k + 1] != 'u' ||
		!(a->info[k + 1].lex & PITH_LEX_IN))
		return tb;
	for (size_t t = tb; t < k; t++)
		labels[t] = 't';
	return k;
}

/*
 * A title that ends in a volume of a work in several ("Temps et récit, t.
 * 1", "..., vol. 2", "..., Bd. 3", "..., tome II"): a comma, a volume word
 * (with its period or not), then a number or Roman numeral, and nothing
 * after it; or how many volumes it has ("..., 2 Bde.").  The volume is not
 * part of the title.  Returns the new end.
 */
static size_t
title_without_volume_mark(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	static const char *const volume_words[] = {"t", "vol", "volume", "bd", "band", "tome", "tomo", NULL};
	size_t		k = tb - 1;

	/* how many volumes the work has ("..., 2 Bde.", "..., 3 vols.") */
	if (tb >= ta + 4 && volume_count(a, k - 1) && tok_is(a, k - 2, ",") && run_has_word(a, ta, k - 2))
		return k - 2;
	if (tb < ta + 4 || (a->tok[k].kind != PITH_TOK_NUMBER && !roman_numeral(a, k)))
		return tb;
	k--;
	if (tok_is(a, k, ".") && !a->tok[k].space_before)
		k--;
	if (k <= ta + 1 || a->tok[k].kind != PITH_TOK_WORD || !tok_in_list(a, k, volume_words, false) ||
		!tok_is(a, k - 1, ",") || !run_has_word(a, ta, k - 1))
		return tb;
	return k - 1;
}

/*
 * A title run that took in the law review's volume and the first word of
 * its name, as the Bluebook prints an article ("The Path of the Law, | 10
 * Harv. | L. Rev. 457 (1897)"): after the run's last comma a number and
 * one or two capitalised words, the journal's name going on after the
 * run; or a book's cited pages (no years) before its bracketed edition
 * and year ("The Concept of Law | 79–99 | (2d ed. 1994)").  Returns the
 * new end.
 */
static size_t
title_without_law_cite(const pith_ref_analysis *a, const char *labels, size_t ta, size_t tb)
{
	size_t		k;

	if (tb >= ta + 4 && tb < a->ntok && tok_is(a, tb, "(") && a->tok[tb - 1].kind == PITH_TOK_NUMBER &&
		(tok_is(a, tb - 2, "-") || tok_is(a, tb - 2, "\xE2\x80\x93")) && a->tok[tb - 3].kind == PITH_TOK_NUMBER &&
		!a->info[tb - 3].year && run_has_word(a, ta, tb - 3))
	{
		/* the bracket holds the edition and year, no imprint (not "... England, 1500-1700 (Manchester, 2006)") */
		for (k = tb + 1; k < a->ntok && !tok_is(a, k, ")") && !tok_is(a, k, ":") && !tok_is(a, k, ","); k++)
			if (tok_is(a, k, "ed") && k + 1 < a->ntok && tok_is(a, k + 1, "."))
				return tb - 3;
	}
	for (k = tb - 1; k > ta && !tok_is(a, k, ","); k--)
		;
	if (k <= ta + 1 || k + 2 >= tb || tb - k > 4 || a->tok[k + 1].kind != PITH_TOK_NUMBER || !run_has_word(a, ta, k))
		return tb;
	for (size_t t = k + 2; t < tb; t++)
		if (a->tok[t].kind != PITH_TOK_WORD || a->info[t].casecls != 1)
			return tb;
	return next_labelled(a, labels, tb, "c") ? k : tb;
}

/*
 * A title run that took in the chapter's pages after its period, as the
 * KZfSS style prints them before the book ("... Bildungsungleichheit. | S.
 * 243–271 in: ..."): a sentence break, "S.", "p." or "pp." and a number,
 * and nothing but numbers, dashes and "in" up to the run's end, or an
 * "in:" and what follows it ("S. 39-72 in: Dies. (Hg.)").  Returns the new
 * end.
 */
static size_t
title_without_page_span(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	static const char *const page_cues[] = {"S", "p", "pp", NULL};

	for (size_t k = ta + 1; k + 3 < a->ntok && k + 1 < tb; k++)
	{
		size_t		t;

		if (!sentence_end(a, k) || !tok_in_list(a, k + 1, page_cues, false) || !tok_is(a, k + 2, ".") ||
			a->tok[k + 3].kind != PITH_TOK_NUMBER || !run_has_word(a, ta, k))
			continue;
		for (t = k + 3; t < tb; t++)
		{
			/* the "in:" that names the book ends the span, whatever follows ("in: Dies. (Hg.)") */
			if ((tok_is(a, t, "in") || tok_is(a, t, "In")) && t + 1 < tb && tok_is(a, t + 1, ":"))
			{
				t = tb;
				break;
			}
			if (!(a->tok[t].kind == PITH_TOK_NUMBER || (a->tok[t].kind == PITH_TOK_PUNCT && !tok_is(a, t, ".")) ||
				  tok_is(a, t, "in") || tok_is(a, t, "In")))
				break;
		}
		if (t >= tb)
			return k;
	}
	return tb;
}

/*
 * A title run whose last part after a comma says only that the work is
 * online ("Mindestlohn, | online im Internet", "..., | online verfügbar
 * unter", "..., | available online"): that is a note.  Returns the new
 * end.
 */
static size_t
title_without_online_note(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	static const char *const online_words[] = {
		"online", "internet", "im", "verf\xC3\xBC" "gbar", "unter", "abrufbar", "available", "at", "en", "ligne", "disponible",
		NULL
	};
	size_t		k;
	bool		online = false;

	for (k = tb; k > ta + 1 && a->tok[k - 1].kind == PITH_TOK_WORD && tok_in_list(a, k - 1, online_words, false); k--)
		online |= tok_is(a, k - 1, "online") || tok_is(a, k - 1, "Internet") || tok_is(a, k - 1, "ligne");
	if (!online || k == tb || !tok_is(a, k - 1, ",") || !run_has_word(a, ta, k - 1))
		return tb;
	return k - 1;
}

/* Words of a dictionary entry's keyword ("Mindestlohn", "Soziale Marktwirtschaft"). */
#define ENTRY_MAX_WORDS 3

/*
 * A dictionary's entry: the title run opens with "Stichwort:"
 * ("Gabler Wirtschaftslexikon, | Stichwort: Mindestlohn") or a lexicon
 * article's "Art." ("Koselleck, Reinhart: | Art. „Geschichte, Historie“,
 * in: Geschichtliche Grundbegriffe"), and the entry's keyword after it,
 * a few words and no sentence, is the title.  Returns where the title
 * starts.
 */
static size_t
title_after_entry_cue(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		words = 0;

	/* ("Art" only with its period: "Art: A New History" is a title) */
	if (!(ta + 2 < tb && (tok_is(a, ta, "Stichwort") || tok_is(a, ta, "Stichw") || tok_is(a, ta, "Art")) &&
		  (tok_is(a, ta + 1, ":") || tok_is(a, ta + 1, "."))) || (tok_is(a, ta, "Art") && tok_is(a, ta + 1, ":")))
		return ta;
	/* the entry's word alone, not an article's title under a journal's rubric ("Stichwort: Übergänge im ...") */
	for (size_t t = ta + 2; t < tb; t++)
	{
		if (sentence_end(a, t))
			return ta;
		words += a->tok[t].kind == PITH_TOK_WORD;
	}
	return words >= 1 && words <= ENTRY_MAX_WORDS ? ta + 2 : ta;
}

/* Words of an edition's revision statement ("3., überarb. u. erw. Aufl.", "2nd rev. and expanded ed."). */
static const char *const revised[] = {
	"\xC3\xBC" "berarb", "erw", "erg\xC3\xA4nz", "aktual", "bearb", "neubearb", "durchges", "verb", "korr",
	"grundlegend", "vollst", "neu", "und", "u", "rev", "expanded", "enlarged", "updated", "corr", "and", NULL
};

/*
 * After revision words and their periods from t ("u. erw. | Aufl."), below
 * token limit, the first other token (a->ntok when they run to the end).
 */
static size_t
revision_words_end(const pith_ref_analysis *a, size_t t, size_t limit)
{
	while (t + 1 < a->ntok && t < limit && a->tok[t].kind == PITH_TOK_WORD && tok_in_list(a, t, revised, false) &&
		   tok_is(a, t + 1, "."))
		t += 2;
	return t;
}

/*
 * A title run that ends in an edition statement: a number or ordinal and
 * an edition word ("Old Testament Commentary Survey 2nd ed", "...,
 * second ed", "...
 * Eine Einführung, 6. Aufl", "... stratégique (2.ª ed"), at most a few
 * tokens, after a comma, an opening bracket or the title's last word.
 * The edition is not part of the title.  Returns the new end.
 */
static size_t
title_without_edition(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		o = tb,
				k3;
	bool		edition = false,
				number = false;
	long		last = small_number(a, tb - 1);

	/*
	 * the edition's number in the run, its word after it, perhaps after
	 * revision words ("Pedagogia do oprimido. 17 | . ed.", "Soziologie, 5
	 * | . rev. Aufl.")
	 */
	if (tb + 1 < a->ntok && last > 0 && last < 100 && tok_is(a, tb, ".") && run_has_word(a, ta, tb - 1))
	{
		size_t		k = revision_words_end(a, tb + 1, tb + 1 + TITLE_EDITION_MAX_TOKENS);

		if (k < a->ntok && (a->info[k].lex & PITH_LEX_EDITION))
			return tb - 1;
	}
	/*
	 * the number and its period in the run, revision words in full after
	 * them ("Über die Entdeckung des Neuen. 2. | , aktualisierte und
	 * erweiterte Auflage")
	 */
	if (tb > ta + 2 && tb + 1 < a->ntok && tok_is(a, tb - 1, ".") && (last = small_number(a, tb - 2)) > 0 && last < 100 &&
		run_has_word(a, ta, tb - 2))
	{
		size_t		k = tb;

		while (k < a->ntok && k < tb + TITLE_EDITION_MAX_TOKENS &&
			   (tok_is(a, k, ",") || tok_is(a, k, ".") ||
				(a->tok[k].kind == PITH_TOK_WORD && tok_in_list(a, k, revised, true))))
			k++;
		if (k > tb && k < a->ntok && (a->info[k].lex & PITH_LEX_EDITION))
			return tb - 2;
	}
	/*
	 * the same with revision words between ("Deutschlands. 7., grundlegend
	 * überarb | . Aufl.", "Ungleichheit. 3., überarb | . u. erw. Aufl.")
	 */
	if (tb + 1 < a->ntok && tok_is(a, tb, ".") && (k3 = revision_words_end(a, tb + 1, a->ntok)) < a->ntok &&
		(a->info[k3].lex & PITH_LEX_EDITION))
	{
		size_t		k = tb;
		bool		revision = false;
		long		v;

		while (k > ta + 1 && tb - k < TITLE_EDITION_MAX_TOKENS + 3)
		{
			if (a->tok[k - 1].kind == PITH_TOK_WORD && tok_in_list(a, k - 1, revised, true))
				revision = true;
			else if (!tok_is(a, k - 1, ",") && !tok_is(a, k - 1, "."))
				break;
			k--;
		}
		v = k > ta + 1 ? small_number(a, k - 1) : 0;
		if (revision && v > 0 && v < 100 && run_has_word(a, ta, k - 1))
			return k - 1;
	}
	while (o > ta + 1 && tb - o < TITLE_EDITION_MAX_TOKENS)
	{
		const pith_ref_token *k = &a->tok[o - 1];

		if (k->kind == PITH_TOK_WORD && (a->info[o - 1].lex & PITH_LEX_EDITION))
			edition = true;
		else if (k->kind == PITH_TOK_NUMBER ||
				 (k->kind == PITH_TOK_WORD && (pith_ascii_is_digit((unsigned char) a->norm[k->start]) ||
											   ordinal_word(a, o - 1))))
			number = true;
		else if (k->kind == PITH_TOK_WORD && !tok_is(a, o - 1, "\xC2\xAA") && !tok_is(a, o - 1, "\xC2\xBA"))
			break;				/* but the ordinal indicator of "2.ª" is the number's */
		o--;
		if (edition && number)
		{
			/* the statement starts at its number; a comma or bracket before it goes too */
			while (o < tb && a->tok[o].kind == PITH_TOK_PUNCT)
				o++;
			if (o > ta && (tok_is(a, o - 1, ",") || tok_is(a, o - 1, "(")))
				o--;
			return run_has_word(a, ta, o) ? o : tb;
		}
	}
	return tb;
}

/*
 * End of the title whose last token is t: a journal abbreviation glued on
 * by lost spaces ("...some physical applicationsJ .Phys .A", "superheavy
 * isotopesBraz .J .Phys") is left out -- three lower-case letters, then a
 * capital and at most four lower-case letters that make a journal
 * abbreviation, and a period after.
 */
static size_t
title_end(const pith_ref_analysis *a, size_t t)
{
	const char *s = a->norm;
	size_t		b = a->tok[t].start,
				e = a->tok[t].end,
				cap = e;

	if (a->tok[t].kind != PITH_TOK_WORD || t + 1 >= a->ntok || a->tok[t + 1].kind != PITH_TOK_PUNCT ||
		s[a->tok[t + 1].start] != '.')
		return e;
	while (cap > b && pith_ascii_is_lower((unsigned char) s[cap - 1]))
		cap--;
	if (cap == b || e - cap > 4 || !pith_ascii_is_upper((unsigned char) s[cap - 1]))
		return e;
	cap--;
	for (size_t k = 1; k <= 3; k++)
		if (cap < b + k || !pith_ascii_is_lower((unsigned char) s[cap - k]))
			return e;
	/* the tail must be a journal abbreviation, not a name ("oprL", "LeukemiaNet") */
	{
		static const char *const more[] = {"nucl", "braz", "chin", "sov", "zh", "izv", "class", NULL};
		char		low[8];
		bool		abbr;

		for (size_t k = 0; k < e - cap; k++)
			low[k] = (char) pith_ascii_lower((unsigned char) s[cap + k]);
		abbr = (pith_ref_lexicon(low, e - cap) & PITH_LEX_VENUE_ABBR) != 0;
		for (const char *const *w = more; *w && !abbr; w++)
			abbr = strlen(*w) == e - cap && memcmp(*w, low, e - cap) == 0;
		if (!abbr)
			return e;
	}
	return cap;
}

/*
 * A title run that starts with a "no date" mark, "ND." as well there
 * ("Navy Environmental Health Center (NEHC). ND. Standard Operating
 * Procedures ..."): the title starts after it.
 */
static size_t
skip_no_date(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		n = no_date_len(a, ta);

	if (n == 0 && (tok_is(a, ta, "ND") || tok_is(a, ta, "nd")) && tok_is(a, ta + 1, "."))
		n = 2;
	return n > 0 && run_has_word(a, ta + n, tb) ? ta + n : ta;
}

/*
 * A title run that starts with the year of the first edition and the
 * bracket that closes it ("1972 [1931] Essays in Persuasion", "(2005
 * [1790]) Reflections on ..."), or with a span of years, its bracket and
 * a colon ("(2002–2011): Deutsche Zustände"): the title starts after them.
 */
static size_t
skip_reprint_year(const pith_ref_analysis *a, size_t ta, size_t tb)
{
	size_t		k = ta;

	if (!(k < tb && a->info[k].year))
		return ta;
	k++;
	/* a span of years ("(2002–2011): Deutsche Zustände") */
	if (k + 1 < tb && a->tok[k].kind == PITH_TOK_PUNCT && a->info[k + 1].year)
		k += 2;
	if (!(k < tb && (tok_is(a, k, "]") || tok_is(a, k, ")"))))
		return ta;
	while (k < tb && (tok_is(a, k, "]") || tok_is(a, k, ")") || tok_is(a, k, ":")))
		k++;
	return run_has_word(a, k, tb) ? k : ta;
}

/*
 * No token was labelled title, and two separate "container" runs follow
 * each other ("WERNER, Ernst, Standebildung und ... bis 1419, ZfG 35, 1987",
 * "Estes L. Symposium on antimicrobal agents. Mayo Clin Proc 1999;74"): a
 * work has one container, so the first run, of at least three title
 * words (no venue word, no abbreviation), is the title.  Its leading punctuation is left out.  Sets [*ta, *tb).
 */
static bool
container_pair_title(const pith_ref_analysis *a, const char *labels, size_t *ta, size_t *tb)
{
	size_t		ca,
				cb,
				words = 0;
	bool		second = false;

	if (!find_run(a, labels, 'c', false, &ca, &cb))
		return false;
	while (ca < cb && a->tok[ca].kind == PITH_TOK_PUNCT)
		ca++;
	/*
	 * title words: four letters or more, no abbreviation (a period glued
	 * on, not the sentence's before a closing quote: „... Energiewende.“),
	 * no venue word
	 */
	for (size_t t = ca; t < cb; t++)
		if (a->tok[t].kind == PITH_TOK_WORD && a->tok[t].end - a->tok[t].start >= 4 &&
			!(a->info[t].lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR)) &&
			!(t + 1 < a->ntok && a->tok[t + 1].kind == PITH_TOK_PUNCT && a->norm[a->tok[t + 1].start] == '.' &&
			  !a->tok[t + 1].space_before &&
			  !(t + 2 < a->ntok && !a->tok[t + 2].space_before && (close_quote_tok(a, t + 2) || open_quote_tok(a, t + 2)))))
			words++;
	for (size_t t = cb; t < a->ntok && !second; t++)
		if (labels[t] == 'c' && a->tok[t].kind == PITH_TOK_WORD)
			second = true;
	if (words < 3 || !second)
		return false;
	*ta = ca;
	*tb = cb;
	return true;
}

/*
 * A year the labeller took for the date that ends a title's or
 * container's words ("Ergebnisse des Mikrozensus | 2017 | . Fachserie 1"),
 * when the reference was dated before it ("Statistisches Bundesamt (2018):
 * ..."): right after a word of the run (no month, no punctuation between),
 * and a sentence of words follows it.  A journal's year is followed by its
 * volume ("Nature 2017, 5"); this one is the name's.  So is a year
 * right after a title word that is a preposition of time ("Deutsche
 * Verfassungsgeschichte seit | 1789"), when another date is labelled.
 * Relabels it as the run's.
 */
static void
year_in_run(const pith_ref_analysis *a, char *labels)
{
	static const char *const time_prepositions[] = {
		"seit", "bis", "nach", "vor", "um", "since", "until", "after", "before", "depuis", "dopo", NULL
	};
	size_t		dated = a->ntok;

	for (size_t t = 0; t < a->ntok; t++)
		if (labels[t] == 'y' && a->info[t].year)
		{
			dated = t;
			break;
		}
	for (size_t t = dated + 1; t + 2 < a->ntok; t++)
	{
		if (!(labels[t] == 'y' && a->info[t].year && labels[t + 1] != 'y' && (labels[t - 1] == 't' || labels[t - 1] == 'c')))
			continue;
		if (a->tok[t - 1].kind != PITH_TOK_WORD || (a->info[t - 1].lex & PITH_LEX_MONTH) || labels[t - 2] == 'y' ||
			!sentence_end(a, t + 1) || a->tok[t + 2].kind != PITH_TOK_WORD)
			continue;
		labels[t] = labels[t - 1];
	}
	/* after a preposition of time ("Deutsche Verfassungsgeschichte seit | 1789 | , Bd. 3"), the reference dated elsewhere */
	for (size_t t = 1; t < a->ntok; t++)
		if (labels[t] == 'y' && a->info[t].year && labels[t - 1] == 't' && tok_in_list(a, t - 1, time_prepositions, false) &&
			dated_outside(a, labels, t, t + 1))
			labels[t] = 't';
}

/*
 * "Frankfurt a. M.", "Freiburg i. Br.": the labeller sometimes takes the
 * river's or region's abbreviation for an author's initial
 * ("Frankfurt/l a/l ./l M/a ./a 1998"), or the whole for the end of a
 * container or title, which ends the imprint early or hides it.  "a. M.",
 * "a. Rh." or "i. Br." after a capitalised word labelled place, after
 * "Frankfurt", or before a year or a slash are the place's with the word.
 * Relabels them.
 */
static void
place_river_abbreviation(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 1; t + 3 < a->ntok; t++)
	{
		bool		river = (tok_is(a, t, "a") && (tok_is(a, t + 2, "M") || tok_is(a, t + 2, "Rh"))) ||
			(tok_is(a, t, "i") && tok_is(a, t + 2, "Br"));

		if (!river || a->tok[t - 1].kind != PITH_TOK_WORD || a->info[t - 1].casecls != 1 || !tok_is(a, t + 1, ".") ||
			!tok_is(a, t + 3, "."))
			continue;
		/* a place labelled so, or one before its year or another place ("Freiburg i. Br. 1988", "... a. M./New York") */
		if (labels[t - 1] == 'l' || tok_is(a, t - 1, "Frankfurt") ||
			(t + 4 < a->ntok && (a->info[t + 4].year || tok_is(a, t + 4, "/"))))
			memset(labels + t - 1, 'l', 5);
	}
}

/*
 * Label repairs before assembly, both for Vancouver ("Title. Journal.
 * 2017;30(1):5998"), which the training corpora hold little of: a
 * year-like number right before a ';' at the start of a volume run is the
 * date, and a short last sentence of a title run right before such a date
 * is the journal.
 */
/* Tokens of a Vancouver date after its year ("2021 Aug 15"). */
#define VANCOUVER_DATE_MAX_TOKENS 2

static void
repair_labels(const pith_ref_analysis *a, char *labels)
{
	/*
	 * "In Proceedings of NAACL-HLT. 4171-4186." read as a publisher: a
	 * "publisher" run right after "In" that starts with a venue word is the
	 * container, and numbers in it (a page range) are the pages.
	 */
	for (size_t t = 1; t < a->ntok; t++)
		if (labels[t] == 'u' && labels[t - 1] != 'u' && a->tok[t - 1].kind == PITH_TOK_WORD &&
			(a->info[t - 1].lex & PITH_LEX_IN) && (a->info[t].lex & PITH_LEX_VENUE))
		{
			size_t		e = t;

			while (e < a->ntok && labels[e] == 'u')
				e++;
			for (size_t k = t; k < e; k++)
			{
				bool		num = a->tok[k].kind == PITH_TOK_NUMBER;
				bool		dash = k > t && k + 1 < e && a->tok[k].kind == PITH_TOK_PUNCT &&
					a->tok[k - 1].kind == PITH_TOK_NUMBER && a->tok[k + 1].kind == PITH_TOK_NUMBER;

				labels[k] = (num || dash) ? 'p' : 'c';
			}
			/* a separator between the container and its pages is neither */
			for (size_t k = t + 1; k + 1 < e; k++)
				if (a->tok[k].kind == PITH_TOK_PUNCT && labels[k] == 'c' && labels[k + 1] == 'p')
					labels[k] = 'o';
			t = e;
		}
	for (size_t t = 0; t + 1 < a->ntok; t++)
		if (labels[t] == 'v' && a->info[t].year && (t == 0 || labels[t - 1] != 'v') &&
			a->tok[t + 1].kind == PITH_TOK_PUNCT && a->norm[a->tok[t + 1].start] == ';')
		{
			labels[t] = 'y';
			labels[t + 1] = 'o';
		}
	/*
	 * "Title. Headache. 2005;45(6):656", "... Nature. 2021 Aug;596": a
	 * Vancouver date (a year, perhaps its month and day) right after a title
	 * run whose last sentence is short -- that sentence is the journal.
	 */
	for (size_t t = 1; t + 1 < a->ntok; t++)
	{
		size_t		j = t,
					rs,
					k,
					d = t + 1;

		if (!(labels[t] == 'y' && a->info[t].year))
			continue;
		while (d < a->ntok && d - t <= VANCOUVER_DATE_MAX_TOKENS && labels[d] == 'y' && a->tok[d].kind != PITH_TOK_PUNCT)
			d++;
		if (!(d < a->ntok && a->tok[d].kind == PITH_TOK_PUNCT && a->norm[a->tok[d].start] == ';'))
			continue;
		while (j > 0 && a->tok[j - 1].kind == PITH_TOK_PUNCT && labels[j - 1] != 't')
			j--;
		if (j == 0 || labels[j - 1] != 't')
			continue;
		rs = j - 1;
		while (rs > 0 && labels[rs - 1] == 't')
			rs--;
		for (k = j - 1; k > rs; k--)
			if (a->tok[k].kind == PITH_TOK_PUNCT && a->norm[a->tok[k].start] == '.' &&
				k + 1 < a->ntok && a->tok[k + 1].space_before)
				break;
		if (k == rs || j - k > 8)
			continue;
		labels[k] = 'o';
		for (size_t m = k + 1; m < j; m++)
			labels[m] = 'c';
	}
}

/*
 * A title run that ends with a short sentence of capitalised words, one of
 * them a journal abbreviation, right before the locators ("... After
 * Transarterial Chemoembolization. Anticancer Res. 2016 Aug; 36(8)",
 * "... for seven years. Appl Soil Ecol. Elsevier"): that sentence is the
 * journal.  Relabels it as the container.
 */
static void
journal_tail(const pith_ref_analysis *a, char *labels)
{
	for (size_t ta = 0; ta < a->ntok;)
	{
		size_t		tb = ta,
					k,
					words = 0,
					head = 0,
					nx;
		bool		abbr = false,
					cjk = false,
					ok = true;

		if (labels[ta] != 't')
		{
			ta++;
			continue;
		}
		while (tb < a->ntok && labels[tb] == 't')
			tb++;
		/* the last sentence break inside the run */
		for (k = tb - 1; k > ta; k--)
			if (a->tok[k].kind == PITH_TOK_PUNCT && a->norm[a->tok[k].start] == '.' &&
				k + 1 < tb && a->tok[k + 1].space_before && !(k > 0 && a->info[k - 1].initial))
				break;
		for (size_t t = ta; t < k; t++)
			if (a->tok[t].kind == PITH_TOK_WORD)
				head++;
		for (size_t t = k + 1; k > ta && t < tb && ok; t++)
		{
			if (a->tok[t].kind == PITH_TOK_PUNCT)
			{
				ok = a->norm[a->tok[t].start] == '.';
				continue;
			}
			ok = a->tok[t].kind == PITH_TOK_WORD && (a->info[t].casecls == 1 || a->info[t].casecls == 2 ||
													 a->info[t].casecls == 5);
			words++;
			if (a->info[t].lex & PITH_LEX_VENUE_ABBR)
				abbr = true;
			/* one word of a script without case ("張子和補法特點淺析. 甘肅中醫. 2002") */
			if (a->info[t].casecls == 5)
				cjk = true;
		}
		/* what follows the run: a date, volume, issue, pages or the rest of the journal */
		nx = skip_punct(a, tb);
		if (cjk)
			abbr = words == 1 && nx < a->ntok && strchr("yvip", labels[nx]) != NULL;
		if (ok && abbr && k > ta && head >= (cjk ? 1u : 3u) && words >= 1 && words <= 4 && nx < a->ntok &&
			strchr("cyvipu", labels[nx]) != NULL)
		{
			labels[k] = 'o';
			for (size_t t = k + 1; t < tb; t++)
				labels[t] = 'c';
		}
		ta = tb;
	}
}

/*
 * Is token t the genus initial of a binomial species name ("E. coli", "C.
 * elegans", "P. falciparum")?  One capital letter, a period right after
 * it, then a lower-case Latin word of three letters or more that is no
 * lexicon word (a name particle, "and", "und", "et al.").  A person's
 * initial is followed by a capitalised name or a particle, never by such
 * a word.
 */
static bool
species_initial(const pith_ref_analysis *a, size_t t)
{
	const pith_ref_token *w = &a->tok[t];
	const pith_ref_token *e;

	/* not inside an acronym ("H.E.S.S. collaboration") or a glued name ("J.-B.vander") */
	if (t + 2 >= a->ntok || (t > 0 && !w->space_before) || w->kind != PITH_TOK_WORD || w->end - w->start != 1 ||
		!pith_ascii_is_upper((unsigned char) a->norm[w->start]) || !tok_is(a, t + 1, ".") ||
		a->tok[t + 1].space_before)
		return false;
	e = &a->tok[t + 2];
	if (e->kind != PITH_TOK_WORD || e->end - e->start < 3 || a->info[t + 2].lex != 0)
		return false;
	for (size_t i = e->start; i < e->end; i++)
		if (!pith_ascii_is_lower((unsigned char) a->norm[i]))
			return false;
	return true;
}

/*
 * The first initial in lower case with its period ("hankivsky o., bates
 * l.M. introduction ..."), or ntok if none: a reference written in lower
 * case, its names too.
 */
static size_t
first_lower_initial(const pith_ref_analysis *a)
{
	for (size_t k = 0; k + 1 < a->ntok; k++)
		if (a->tok[k].kind == PITH_TOK_WORD && a->tok[k].end - a->tok[k].start == 1 &&
			pith_ascii_is_lower((unsigned char) a->norm[a->tok[k].start]) && tok_is(a, k + 1, "."))
			return k;
	return a->ntok;
}

/*
 * A species name labelled as a person ("Zhang Y, Li X. E. coli biofilm
 * formation ...", "Cell death in C. elegans. Cell", "Virulence factors
 * of P. aeruginosa. Front Microbiol"): the labeller reads the genus
 * initial as a person's.  The name is the title's, and so are the words
 * labelled with it up to the sentence's end, and the words before it in
 * the same sentence ("Virulence factors of"; not a person's initials).
 */
static void
species_names(const pith_ref_analysis *a, char *labels)
{
	size_t		lower = first_lower_initial(a);

	for (size_t t = 0; t + 2 < a->ntok; t++)
	{
		char		l = labels[t],
					le = labels[t + 2];
		size_t		s = t,
					e = t + 2;

		/* no species in a lower-case reference: its initials come before */
		if ((l != 'a' && l != 'e') || !species_initial(a, t) || lower + 1 < t)
			continue;
		/* "Tully T. nalyot": a family name before the initial is a person's */
		if (t > 0 && a->tok[t - 1].kind == PITH_TOK_WORD &&
			((a->info[t - 1].lex & PITH_LEX_AND) || (a->info[t - 1].casecls != 0 && !(a->info[t - 1].lex & PITH_LEX_STOP))))
			continue;
		while (s > 0 && a->tok[s - 1].kind == PITH_TOK_WORD && labels[s - 1] == l && !initials_tok(a, s - 1) &&
			   !(a->info[s - 1].lex & PITH_LEX_AND) && a->tok[s].space_before)
			s--;
		if (le != 't')
			while (e + 1 < a->ntok && labels[e + 1] == le &&
				   !(a->tok[e + 1].kind == PITH_TOK_PUNCT && strchr(".,;:", a->norm[a->tok[e + 1].start])))
				e++;
		for (size_t k = s; k <= e; k++)
			labels[k] = 't';
		t = e;
	}
}

/*
 * Bytes of a year glued to the title's first word by a lost space
 * ("Goodman, N.1976Languages of art", "et al.2014Predictors of ..."):
 * four digits of a year and a capital letter right after; 0 if none.
 */
static size_t
glued_year_len(const pith_ref_analysis *a, size_t t)
{
	const char *w = a->norm + a->tok[t].start;
	size_t		n = a->tok[t].end - a->tok[t].start;
	int			y = 0;

	if (a->tok[t].kind != PITH_TOK_WORD || n < 6)
		return 0;
	for (size_t i = 0; i < 4; i++)
	{
		if (!pith_ascii_is_digit((unsigned char) w[i]))
			return 0;
		y = y * 10 + (w[i] - '0');
	}
	return y >= 1500 && y <= 2099 && pith_ascii_is_upper((unsigned char) w[4]) &&
		pith_ascii_is_lower((unsigned char) w[5]) ? 4 : 0;
}

/*
 * A title run that is a translator's or editor's note after a comma
 * ("Norbert Elias, La Société de cour, | trad. Pierre Kamnitzer et Jeanne
 * Etoré | , Paris, ..."): the cue, its period and a person's name; the
 * title is elsewhere.  Relabels the run editor.
 */
static void
translator_run_not_title(const pith_ref_analysis *a, char *labels)
{
	for (size_t t = 1; t < a->ntok; t++)
		if (labels[t] == 't' && labels[t - 1] != 't' && tok_is(a, t - 1, ",") &&
			tok_in_list(a, t, translator_words, false) && tok_is(a, t + 1, ".") && names_follow_cue(a, t))
		{
			for (size_t k = t; k < a->ntok && labels[k] == 't'; k++)
				labels[k] = 'e';
			return;
		}
}

void
pith_ref_assemble(const pith_ref_analysis *a, char *labels, char *buf, pith_parsed_ref *out)
{
	/* the input's length: a title given back its suspended hyphens is longer than the repaired text */
	size_t		cap = al8(a->src[a->nlen] + 1);
	char	   *title = buf;
	char	   *scratch = buf + 9 * cap;
	char	   *authors_text = buf + cap;	/* two caps: names and their NULs */
	const char **names = (const char **) (buf + 10 * cap);
	size_t		tlen = 0,
				ta,
				tb;
	bool		any_word = false;

	memset(out, 0, sizeof(*out));
	if (a->ids.have_arxiv)
		out->arxiv_id = a->ids.arxiv;
	if (a->ids.have_doi)
		out->doi = a->ids.doi;
	if (a->ids.have_url)
		out->url = a->ids.url;
	if (a->ids.have_malformed)
		out->malformed = a->ids.malformed;

	repair_labels(a, labels);
	place_river_abbreviation(a, labels);
	year_in_run(a, labels);
	journal_tail(a, labels);
	species_names(a, labels);
	author_before_date(a, labels);
	bracketed_collaboration(a, labels);
	signed_for_group(a, labels);
	no_date_marks(a, labels);
	given_name_before_colon(a, labels);
	dutch_t_particle(a, labels);
	title_head_with_year(a, labels);
	title_head_after_inverted_person(a, labels);
	editor_cue_not_title(a, labels);
	editor_mark_before_title(a, labels);
	year_span_in_title(a, labels);
	document_number_note(a, labels);
	ordinal_title_start(a, labels);
	issue_in_volume_run(a, labels);
	phrase_publisher_in_title(a, labels);
	thesis_note_takes_title_end(a, labels);
	names_not_title(a, labels);
	title_head_in_names(a, labels);
	based_on_note(a, labels);
	short_note_form(a, labels);
	volume_count_label(a, labels, 'v', 'N');
	edition_number_in_container(a, labels);
	title_after_mla_person(a, labels);
	title_after_abnt_person(a, labels);
	title_after_forward_names(a, labels);
	title_after_same_author_mark(a, labels);
	translator_run_not_title(a, labels);
	for (size_t t = 0; t < a->ntok; t++)
		if (a->tok[t].kind == PITH_TOK_WORD)
			any_word = true;

	if (find_run(a, labels, 't', true, &ta, &tb) && run_has_word(a, ta, tb))
	{
		size_t		t0,
					t1;

		other_title_run(a, labels, title, &ta, &tb);
		quoted_title_run(a, labels, &ta, &tb);
		title_run_not_series(a, labels, &ta, &tb);
		title_run_not_thesis_note(a, labels, &ta, &tb);
		title_run_not_document_number(a, labels, &ta, &tb);
		ta = title_after_title_run(a, labels, ta);
		part_title_run(a, labels, &ta, &tb);
		quote_bounded_title(a, labels, &ta, &tb);
		tb = trim_title_run(a, labels, ta, tb);
		tb = title_run_into_container(a, labels, ta, tb);
		tb = title_run_into_subtitle(a, labels, ta, tb);
		tb = title_run_into_subtitle_before_journal(a, labels, ta, tb);
		tb = title_run_into_publisher_subtitle(a, labels, ta, tb);
		tb = title_run_into_subtitle_before_place(a, labels, ta, tb);
		tb = title_run_into_subtitle_before_book_place(a, labels, ta, tb);
		tb = title_run_into_subtitle_before_editors(a, labels, ta, tb);
		tb = title_run_into_list_rest(a, labels, ta, tb);
		tb = title_run_into_comma_container(a, labels, ta, tb);
		tb = title_run_into_note_before_edition(a, labels, ta, tb);
		tb = title_run_into_subtitle_before_edition(a, labels, ta, tb);
		tb = title_run_into_volume_part(a, labels, ta, tb);
		tb = title_run_into_enumeration(a, labels, ta, tb);
		tb = title_run_into_location(a, labels, ta, tb);
		tb = title_ending_in_place(a, labels, ta, tb);
		tb = title_run_into_journal(a, labels, ta, tb);
		tb = title_run_into_sentence_journal(a, labels, ta, tb);
		tb = title_run_into_imprint(a, labels, ta, tb);
		tb = title_run_into_bare_publisher(a, labels, ta, tb);
		tb = title_run_into_italics(a, ta, tb);
		tb = title_run_into_bracket(a, labels, ta, tb);
		tb = title_run_into_abbreviated_journal(a, labels, ta, tb);
		tb = title_ending_in_journal_word(a, labels, ta, tb);
		tb = title_with_period(a, labels, ta, tb);
		tb = title_run_into_ordinal(a, labels, ta, tb);
		tb = title_run_into_year_and_journal(a, labels, ta, tb);
		tb = title_without_stop_end(a, labels, ta, tb);
		tb = title_without_online_note(a, ta, tb);
		tb = title_without_in_cue(a, ta, tb);
		tb = title_without_page_span(a, ta, tb);
		tb = title_without_law_cite(a, labels, ta, tb);
		tb = title_without_edition(a, ta, tb);
		tb = title_without_volume_mark(a, ta, tb);
		tb = title_without_document_note(a, ta, tb);
		tb = title_without_report_number(a, ta, tb);
		ta = title_after_container(a, labels, ta, tb);
		ta = title_after_entry_cue(a, ta, tb);
		t0 = ta;
		ta = title_lead_word(a, ta);
		ta = title_after_volume_part(a, labels, ta);
		ta = title_after_article_quote(a, labels, ta);
		ta = title_after_forward_persons(a, labels, ta, tb);
		ta = title_after_lone_author(a, labels, ta, tb);
		ta = title_after_vancouver_names(a, labels, ta, tb);
		ta = title_after_initial(a, labels, ta, tb);
		ta = title_after_name_suffix(a, labels, ta, tb);
		ta = title_after_organisation(a, labels, ta, tb);
		ta = title_after_names_and_year(a, labels, ta, tb);
		ta = title_after_etal(a, labels, ta, tb);
		ta = title_after_last_person(a, labels, ta);
		ta = title_after_vancouver_list(a, labels, ta);
		ta = title_after_name_colon(a, labels, ta, tb);
		ta = title_after_forward_person(a, labels, ta, tb);
		t1 = title_after_names(a, labels, ta, tb);
		for (size_t t = ta; t < t1; t++)
			labels[t] = 'a';	/* the rest of the names */
		ta = title_lead_words(a, labels, t1);
		ta = skip_reprint_year(a, ta, tb);
		ta = skip_no_date(a, ta, tb);
		/*
		 * what the title took in is no author or volume any more (but a
		 * volume's number inside it, "..., vol. | 2 | : The Dialectics
		 * ...", is still the volume)
		 */
		for (size_t t = ta; t < t0; t++)
			if (!(labels[t] == 'v' && t > 0 && a->tok[t].kind != PITH_TOK_PUNCT &&
				  ((a->info[t - 1].lex & PITH_LEX_VOLUME) || (tok_is(a, t - 1, ".") && t > 1 && (a->info[t - 2].lex & PITH_LEX_VOLUME)))))
				labels[t] = 't';
		tlen = polish_title(a, a->tok[ta].start + glued_year_len(a, ta), title_end(a, tb - 1), scratch, title);
	}
	else if (title_ending_vancouver_names(a, labels, &ta, &tb) || fallback_title(a, labels, &ta, &tb))
		tlen = polish_title(a, a->tok[ta].start, a->tok[tb - 1].end, scratch, title);
	else if (note_run_title(a, labels, &ta, &tb))
	{
		tlen = polish_title(a, a->tok[ta].start, a->tok[tb - 1].end, scratch, title);
		for (size_t t = ta; t < tb; t++)
			labels[t] = 't';
	}
	else if (book_title(a, labels, &ta, &tb) || container_pair_title(a, labels, &ta, &tb) ||
			 report_title(a, labels, &ta, &tb) || container_sentence_title(a, labels, &ta, &tb))
	{
		/*
		 * the book (or the first of two containers) is the title, not a
		 * container of it; persons given name first before it are its
		 * authors ("14. | Emmanuel Le Roy Ladurie, Montaillou, ...")
		 */
		tb = title_without_volume_mark(a, ta, tb);
		for (size_t t = ta; t < tb; t++)
			labels[t] = 't';
		ta = title_after_forward_persons(a, labels, ta, tb);
		tlen = polish_title(a, a->tok[ta].start, a->tok[tb - 1].end, scratch, title);
	}
	volume_count_label(a, labels, 'N', 'v');
	out->year = assemble_year(a, labels);
	out->n_authors = assemble_authors(a, labels, authors_text, names);
	out->authors = out->n_authors ? names : NULL;
	out->container = simple_field(a, labels, 'c', false, buf + 3 * cap);
	out->volume = simple_field(a, labels, 'v', true, buf + 4 * cap);
	out->issue = simple_field(a, labels, 'i', true, buf + 5 * cap);
	out->pages = simple_field(a, labels, 'p', true, buf + 6 * cap);
	out->publisher = simple_field(a, labels, 'u', false, buf + 7 * cap);
	out->location = simple_field(a, labels, 'l', false, buf + 8 * cap);

	if (!any_word && !a->ids.have_url && !a->ids.have_doi && !a->ids.have_arxiv && !a->ids.have_malformed)
		out->quality = PITH_REF_EMPTY;
	else if (tlen > 0 && !junk_title(title, tlen))
		out->quality = access_line(title, tlen) ? PITH_REF_ACCESS_DATE
			: venue_line(title, tlen) && !labelled_word(a, labels, "cu") ? PITH_REF_VENUE_ONLY : PITH_REF_OK;
	else
	{
		size_t		first = 0;

		while (first < a->ntok && a->tok[first].kind != PITH_TOK_WORD)
			first++;
		if (first < a->ntok && access_line(a->norm + a->tok[first].start, a->nlen - a->tok[first].start))
			out->quality = PITH_REF_ACCESS_DATE;
		else if (first < a->ntok && back_reference(a->norm + a->tok[first].start, a->nlen - a->tok[first].start))
			out->quality = PITH_REF_VENUE_ONLY;	/* a locator in the work cited before (citing_cue_len took its cue) */
		else if (a->ids.have_doi || a->ids.have_arxiv)
			out->quality = PITH_REF_IDENTIFIER_ONLY;
		else if (labelled_word(a, labels, "cvipul"))
			out->quality = PITH_REF_VENUE_ONLY;
		else if (labelled_word(a, labels, "ae"))
			out->quality = PITH_REF_AUTHOR_LIST;
		else if (a->ids.have_url)
			out->quality = PITH_REF_BARE_URL;
		else if (a->ids.have_malformed)
			out->quality = PITH_REF_IDENTIFIER_ONLY;
		else
			out->quality = PITH_REF_EMPTY;
	}
	if (out->quality == PITH_REF_OK)
		out->title = title;
}
