/*
 * refsec_split.c -- reference sections of a full text and their references
 * (see refsec_split.h).
 *
 * Section finding is by rules: a heading line (optionally numbered, spaced
 * out or in capitals) from a list of the words papers use, in several
 * languages, followed by reference-like lines (years, number labels, author
 * names, links); the section runs to the next heading that ends one
 * (Appendix, Acknowledgements, Supplementary material, ...) or to the end.
 * Without any heading, a trailing numbered list [1], [2], [3] ... is taken,
 * or the zone at the end of the text where reference-like lines are dense;
 * a numbered list interrupted by a table or figure goes on after it.
 * Splitting is by the learned line labeller (crf_model.h, features in
 * refsec_lines.c), or by rules when no model is given.
 */
#include "refsec_split.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ascii.h"
#include "crf_decode.h"
#include "ref_tokenize.h"

#define MAX_CANDIDATES 256
#define LOOKAHEAD 24
#define TICK_EVERY 4096
/* How far after an interruption (a table, a figure) a numbered list is looked for again, in lines. */
#define RESUME_LINES 400
/* A heading this many lines or fewer below a table or figure caption may be a table's column. */
#define CAPTION_LINES 8

/* ---- heading recognition ---- */

/* Lower-case s[0, n) into out (ASCII, Latin-1 supplement, Greek, Cyrillic), blanks collapsed. */
static size_t
fold_line(const char *s, size_t n, char *out, size_t cap)
{
	size_t		o = 0;

	for (size_t i = 0; i < n && o + 3 < cap; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
		{
			if (o > 0 && out[o - 1] != ' ')
				out[o++] = ' ';
			continue;
		}
		if (c == 0xC3 && i + 1 < n && (unsigned char) s[i + 1] >= 0x80 && (unsigned char) s[i + 1] <= 0x9E &&
			(unsigned char) s[i + 1] != 0x97)
		{
			out[o++] = (char) 0xC3;
			out[o++] = (char) ((unsigned char) s[i + 1] + 0x20);
			i++;
			continue;
		}
		if (c == 0xD0 && i + 1 < n && (unsigned char) s[i + 1] >= 0x90 && (unsigned char) s[i + 1] <= 0xAF)
		{
			unsigned char d = (unsigned char) s[i + 1];

			if (d <= 0x9F)
			{
				out[o++] = (char) 0xD0;
				out[o++] = (char) (d + 0x20);
			}
			else
			{
				out[o++] = (char) 0xD1;
				out[o++] = (char) (d - 0x20);
			}
			i++;
			continue;
		}
		out[o++] = (char) pith_ascii_lower(c);
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
	return o;
}

/*
 * The heading's words: without a leading section number ("7", "7.",
 * "VII.", "A.") or trailing ":" / ".", and with spaced-out letters
 * ("R E F E R E N C E S") closed up.  Returns the length written to out.
 */
static size_t
heading_words(const char *s, size_t n, char *out, size_t cap)
{
	char		f[160];
	size_t		m,
				i = 0;

	if (n == 0 || n > 120)
		return 0;
	/* cheap refusal first: a heading has few words (or is spaced out, "R E F") */
	{
		size_t		blanks = 0;

		for (size_t k = 0; k < n; k++)
			blanks += s[k] == ' ';
		if (blanks > 5 && blanks * 2 + 1 < n)
			return 0;
	}
	m = fold_line(s, n, f, sizeof(f));
	/* section number */
	{
		size_t		j = 0;

		while (j < m && (pith_ascii_is_digit((unsigned char) f[j]) || f[j] == '.'))
			j++;
		if (j > 0 && j < m && f[j] == ' ')
			i = j + 1;
		else
		{
			j = 0;
			while (j < m && j < 6 && (f[j] == 'i' || f[j] == 'v' || f[j] == 'x' || f[j] == 'l' || f[j] == 'c'))
				j++;
			if (j > 0 && j + 1 < m && f[j] == '.' && f[j + 1] == ' ' && s[0] != '\0' && strchr("IVXLC", s[0]) != NULL)
				i = j + 2;
			else if (j > 0 && j < m && f[j] == ' ' && j <= 4 && s[0] != '\0' && strchr("IVXLC", s[0]) != NULL)
				i = j + 1;
			else if (m > 3 && pith_ascii_is_lower((unsigned char) f[0]) && f[1] == '.' && f[2] == ' ')
				i = 3;
			else if (m > 4 && pith_ascii_is_upper((unsigned char) s[0]) && f[1] == ' ' && f[2] != ' ' && f[3] != ' ')
				i = 2;			/* "A Appendix", "B Supplementary material" */
		}
	}
	while (m > i && (f[m - 1] == ':' || f[m - 1] == '.' || f[m - 1] == ' '))
		m--;
	if (m <= i)
		return 0;
	/* spaced-out letters: every other byte a blank */
	{
		bool		spaced = m - i >= 5;
		size_t		o = 0;

		for (size_t k = i; k < m && spaced; k++)
			if (((k - i) % 2 == 1) != (f[k] == ' '))
				spaced = false;
		if (spaced)
		{
			for (size_t k = i; k < m && o + 1 < cap; k += 2)
				out[o++] = f[k];
			out[o] = '\0';
			return o;
		}
		if (m - i + 1 > cap)
			return 0;
		memcpy(out, f + i, m - i);
		out[m - i] = '\0';
		return m - i;
	}
}

static const char *const ref_headings[] = {
	"references", "reference", "reference list", "list of references", "references and notes",
	"notes and references", "references and links", "references cited", "literature cited", "cited literature",
	"literature", "bibliography", "selected bibliography", "bibliographie", "bibliograf\xc3\xad" "a",
	"bibliografia", "bibliografie", "literatur", "literaturverzeichnis", "literaturangaben",
	"quellen", "quellenverzeichnis", "r\xc3\xa9" "f\xc3\xa9rences", "r\xc3\xa9" "f\xc3\xa9rences bibliographiques",
	"references bibliographiques", "referencias", "referencias bibliogr\xc3\xa1" "ficas", "refer\xc3\xaa" "ncias",
	"refer\xc3\xaa" "ncias bibliogr\xc3\xa1" "ficas", "riferimenti", "riferimenti bibliografici", "works cited",
	"literatuur", "referenties", "litteratur", "kaynaklar", "kaynak\xc3\xa7" "a",
	"\xd1\x81\xd0\xbf\xd0\xb8\xd1\x81\xd0\xbe\xd0\xba \xd0\xbb\xd0\xb8\xd1\x82\xd0\xb5\xd1\x80\xd0\xb0\xd1\x82\xd1\x83\xd1\x80\xd1\x8b",	/* список литературы */
	"\xd0\xbb\xd0\xb8\xd1\x82\xd0\xb5\xd1\x80\xd0\xb0\xd1\x82\xd1\x83\xd1\x80\xd0\xb0",	/* литература */
	"\xd0\xb1\xd0\xb8\xd0\xb1\xd0\xbb\xd0\xb8\xd0\xbe\xd0\xb3\xd1\x80\xd0\xb0\xd1\x84\xd0\xb8\xd1\x8f",	/* библиография */
	"\xe5\x8f\x82\xe8\x80\x83\xe6\x96\x87\xe7\x8c\xae",	/* 参考文献 */
	"\xe5\x8f\x83\xe8\x80\x83\xe6\x96\x87\xe7\x8d\xbb",	/* 參考文獻 */
	"\xe5\xbc\x95\xe7\x94\xa8\xe6\x96\x87\xe7\x8c\xae",	/* 引用文献 */
	"\xec\xb0\xb8\xea\xb3\xa0\xeb\xac\xb8\xed\x97\x8c",	/* 참고문헌 */
	NULL
};

static const char *const stop_headings[] = {
	"appendix", "appendices", "supplementary material", "supplementary materials",
	"supplementary information", "supplementary data", "supplemental material",
	"supplemental materials", "supporting information", "acknowledgments", "acknowledgements",
	"acknowledgment", "acknowledgement", "author contributions", "funding", "conflict of interest",
	"conflicts of interest", "competing interests", "declaration of competing interest",
	"data availability", "data availability statement", "code availability", "ethics statement",
	"figure legends", "figure captions", "figures", "tables", "list of figures", "checklist",
	"neurips paper checklist", "paper checklist", "about the authors", "author biographies",
	"biographies", "biography", "biographical sketch", "biographical sketches", "author biography",
	"about the author", "anhang", "annexe", "annexes", "ap\xc3\xa9" "ndice", "anexo", "endnotes", "glossary",
	"abbreviations", "nomenclature", "broader impact", "impact statement", "reproducibility statement",
	"limitations", "index", "notes", "footnotes", "figures and tables", "tables and figures",
	"figure legend", "supplementary figures", "supplementary tables", "star methods", "star\xe2\x98\x85methods",
	"key resources table", "key resource table", "author information", "additional information",
	"declarations", "competing interest", "conflict of interests", "author contribution",
	"availability of data and materials", "consent for publication", "ethics approval", NULL
};

/*
 * A collaboration's author list, which HEP papers print after the
 * references: a line that is only "The ATLAS Collaboration", "LHCb
 * Collaboration" (one to three words before "collaboration").
 */
static bool
collaboration_heading(const char *w, size_t m)
{
	size_t		words = 1;

	if (m < 15 || strcmp(w + m - 14, " collaboration") != 0)
		return false;
	for (size_t k = 0; k < m; k++)
	{
		if (w[k] == ' ')
			words++;
		else if (w[k] == ',' || w[k] == '.' || pith_ascii_is_digit((unsigned char) w[k]))
			return false;
	}
	return words <= 4;
}

/*
 * A reference heading after one or two words that say which list it is:
 * "Supplemental References", "SI References Cited", "Additional Literature
 * Cited", "Online Bibliography" -- letters only, the line capitalised and
 * short.
 */
static bool
prefixed_heading(const char *s, size_t n, const char *w, size_t m)
{
	static const char *const tails[] = {" references", " references cited", " literature cited", " bibliography", NULL};
	size_t		words = 1,
				i = 0;

	while (i < n && (pith_ascii_is_digit((unsigned char) s[i]) || s[i] == '.' || s[i] == ' '))
		i++;
	if (m > 40 || i >= n || !pith_ascii_is_upper((unsigned char) s[i]))
		return false;
	for (int k = 0; tails[k]; k++)
	{
		size_t		t = strlen(tails[k]);

		if (m > t && strcmp(w + m - t, tails[k]) == 0)
		{
			for (size_t j = 0; j < m - t; j++)
			{
				if (w[j] == ' ')
					words++;
				else if (!pith_ascii_is_lower((unsigned char) w[j]))
					return false;
			}
			return words <= 2;
		}
	}
	return false;
}

int
pith_refsplit_is_heading(const char *s, size_t n)
{
	char		w[160];
	size_t		m;

	/* "literature." on its own line ends a sentence broken across lines */
	if (n > 0 && pith_ascii_is_lower((unsigned char) s[0]) && s[n - 1] == '.')
		return 0;
	m = heading_words(s, n, w, sizeof(w));
	if (m == 0)
		return 0;
	for (int k = 0; ref_headings[k]; k++)
		if (strcmp(w, ref_headings[k]) == 0)
			return 1;
	return prefixed_heading(s, n, w, m);
}

int
pith_refsplit_is_stop_heading(const char *s, size_t n)
{
	char		w[160];
	size_t		m;

	/* the publisher's note after the references: "How to cite this article: ...", "Cite this article as: ..." */
	if (pith_ascii_starts_with_ci(s, n, "how to cite this article") || pith_ascii_starts_with_ci(s, n, "cite this article"))
		return 1;
	m = heading_words(s, n, w, sizeof(w));
	if (m == 0)
		return 0;
	/* "Supplementary References" goes on with references */
	if (pith_refsplit_is_heading(s, n))
		return 0;
	for (int k = 0; stop_headings[k]; k++)
		if (strcmp(w, stop_headings[k]) == 0)
			return 1;
	/* "Appendix A", "Appendix A: Proofs", "Appendix 1. Data" */
	if (strncmp(w, "appendix ", 9) == 0 && m < 80 && !strchr(w, ')') && !strchr(w, ','))
	{
		size_t		k = 9;

		while (k < m && k < 13 && (pith_ascii_is_alnum((unsigned char) w[k])))
			k++;
		if (k > 9 && k < 13 && (k == m || w[k] == ' ' || w[k] == '.' || w[k] == ':'))
			return 1;
	}
	if (strncmp(w, "supplementary ", 14) == 0 && m < 60 && !strchr(w, ',') && !strchr(w, ')'))
		return 1;
	if (collaboration_heading(w, m))
		return 1;
	return 0;
}

/*
 * An appendix heading without the word: "A Proofs", "A. Additional
 * results", "B.2 Datasets" -- a capital A-H, a short title-case phrase,
 * no digits besides the numbering, no comma, no final period.  Only
 * counts where what follows is not reference-like (checked by the caller).
 */
static bool
letter_heading(const char *s, size_t n)
{
	size_t		i = 1,
				words = 0;

	if (n < 4 || n > 70 || s[0] < 'A' || s[0] > 'H')
		return false;
	while (i < n && (s[i] == '.' || pith_ascii_is_digit((unsigned char) s[i])))
		i++;
	if (i >= n || s[i] != ' ')
		return false;
	i++;
	if (i >= n || !pith_ascii_is_upper((unsigned char) s[i]) || i + 1 >= n || !pith_ascii_is_lower((unsigned char) s[i + 1]))
		return false;
	for (size_t k = i; k < n; k++)
	{
		unsigned char c = (unsigned char) s[k];

		if (c == ',' || pith_ascii_is_digit(c) || c == '(' || c == '[' || c == '&')
			return false;
		if (c == ' ')
			words++;
	}
	if (s[n - 1] == '.' || words > 8)
		return false;
	return true;
}

/* "Figure 1", "Fig. 2:", "Table 3." -- a caption or figure label */
static bool
caption_line(const char *s, size_t n)
{
	size_t		i;

	if ((i = pith_ascii_starts_with_ci(s, n, "figure ")) == 0 &&
		(i = pith_ascii_starts_with_ci(s, n, "fig. ")) == 0 &&
		(i = pith_ascii_starts_with_ci(s, n, "table ")) == 0)
		return false;
	if (!pith_ascii_is_upper((unsigned char) s[0]))
		return false;
	return i < n && pith_ascii_is_digit((unsigned char) s[i]);
}

/* A page number line: "12", "- 12 -", "Page 12", "12 of 30", "Page 12 of 30", "12 / 30", "[12]" never. */
static bool
page_number_line(const char *s, size_t n)
{
	size_t		i = 0,
				d = 0;

	if (n > 20)
		return false;
	if ((i = pith_ascii_starts_with_ci(s, n, "page ")) == 0)
		i = 0;
	while (i < n && (s[i] == '-' || s[i] == ' '))
		i++;
	while (i < n && pith_ascii_is_digit((unsigned char) s[i]))
		i++, d++;
	if (d == 0 || d > 4)
		return false;
	while (i < n && (s[i] == '-' || s[i] == ' '))
		i++;
	/* "12 of 30", "12 / 30" (with its blanks: "2/98" is a report's number) */
	if (i < n && (pith_ascii_starts_with_ci(s + i, n - i, "of ") ||
				  (i + 1 < n && s[i] == '/' && s[i - 1] == ' ' && s[i + 1] == ' ')))
	{
		i += s[i] == '/' ? 2 : 3;
		d = 0;
		while (i < n && pith_ascii_is_digit((unsigned char) s[i]))
			i++, d++;
		if (d == 0)
			return false;
	}
	return i == n;
}

/* Is s[i] the start of an en dash (U+2013, as a page range prints it)? */
static bool
en_dash_at(const char *s, size_t n, size_t i)
{
	return i + 2 < n && (unsigned char) s[i] == 0xE2 && (unsigned char) s[i + 1] == 0x80 &&
		(unsigned char) s[i + 2] == 0x93;
}

/* Does s[0, n) end in an en dash? */
static bool
ends_in_en_dash(const char *s, size_t n)
{
	return n >= 3 && en_dash_at(s, n, n - 3);
}

/*
 * Is the bare number s[0..n) the end of a page range the line before left
 * open ("... Neuroimage. 37(1):90-" then "101", "44:533–" then "585."):
 * the line ends in digits and a hyphen or an en dash, and the number (a
 * period or comma after it allowed) is larger than the one before?
 */
static bool
page_range_end(const char *text, const pith_line *prev, const char *s, size_t n)
{
	const char *p = text + prev->start;
	size_t		m = prev->end - prev->start,
				a;
	unsigned long first = 0,
				last = 0;

	/* the hyphen, or an en dash ("44:533–" then "585.") */
	if (m >= 4 && ends_in_en_dash(p, m))
		m -= 2;
	else if (m >= 1 && p[m - 1] != '-')
		return false;
	/* the number may close its reference: "585.", "101," */
	if (n > 1 && (s[n - 1] == '.' || s[n - 1] == ','))
		n--;
	if (m < 3 || !pith_ascii_is_digit((unsigned char) p[m - 2]) || n == 0 || n > 6)
		return false;
	for (size_t i = 0; i < n; i++)
	{
		if (!pith_ascii_is_digit((unsigned char) s[i]))
			return false;
		last = last * 10 + (unsigned long) (s[i] - '0');
	}
	a = m - 1;
	while (a > 0 && pith_ascii_is_digit((unsigned char) p[a - 1]) && m - 1 - a < 6)
		a--;
	for (size_t i = a; i < m - 1; i++)
		first = first * 10 + (unsigned long) (p[i] - '0');
	return last > first;
}

int
pith_refsplit_model_fits(const pith_crf_model *m)
{
	return m != NULL && m->nlabels == PITH_REFSPLIT_NLABELS &&
		memcmp(m->labels, PITH_REFSPLIT_LABELS, PITH_REFSPLIT_NLABELS) == 0;
}

/* ---- lookahead: are the lines after a point reference-like? ---- */

/*
 * An author name after a label the extraction mangled: "[ ] Nils
 * Gehlenborg,", "1] T. Agerwala", "AHU] A. Aho,", ". V. S. Gurnkel"
 * (digits and brackets lost) -- a short mark ending in "]", ")" or ".".
 */
static bool
author_after_mark(const char *s, size_t n)
{
	size_t		i = 0;

	while (i < n && i < 12 && s[i] != ']' && s[i] != ')' && s[i] != '.' && s[i] != ' ')
		i++;
	if (i < n && s[i] == ' ' && i > 0 && s[0] == '[')
	{
		/* "[ ]" */
		while (i < n && s[i] == ' ')
			i++;
	}
	if (i >= n || (s[i] != ']' && s[i] != ')' && s[i] != '.'))
		return false;
	i++;
	if (i >= n || s[i] != ' ')
		return false;
	while (i < n && s[i] == ' ')
		i++;
	return pith_refsec_author_start(s + i, n - i);
}

/* How many of the next (at most LOOKAHEAD) lines from pos look like reference text, of how many. */
static void
lookahead(const char *text, size_t pos, size_t len, size_t *like, size_t *seen)
{
	pith_line	ls[LOOKAHEAD];
	pith_line_facts fs[LOOKAHEAD];
	char		work[2048];
	pith_line_iter it;
	size_t		n = 0;

	pith_refsec_iter_init(&it, pos, len);
	while (n < LOOKAHEAD && pith_refsec_next_line(text, &it, &ls[n]))
	{
		if (pith_refsplit_is_stop_heading(text + ls[n].start, ls[n].end - ls[n].start) ||
			pith_refsplit_is_heading(text + ls[n].start, ls[n].end - ls[n].start))
			break;
		n++;
	}
	*seen = n;
	*like = 0;
	if (n == 0)
		return;
	pith_refsec_facts(text, ls, n, fs, work);
	for (size_t i = 0; i < n; i++)
		if (fs[i].has_year || fs[i].label_next || fs[i].has_link || fs[i].has_etal || fs[i].has_pages ||
			((fs[i].author_start || fs[i].name_start || fs[i].ay_start) && fs[i].words >= 3) ||
			author_after_mark(text + ls[i].start, ls[i].end - ls[i].start))
			(*like)++;
}

static bool tail_start_like(const char *text, const pith_line *l, const pith_line_facts *f);
static bool plain_prose(const char *s, size_t n);

/*
 * After a heading: does the first line start like a reference (a label, an
 * author, a mangled label and a name, four words or more), or with the
 * label 1 and a year, pages or a link in it or the next two lines?  A reference list of one or two references, or one
 * the extraction mangled, is accepted on this when the wider look fails.
 */
static bool
reference_starts_after(const char *text, size_t pos, size_t len)
{
	pith_line	ls[3];
	pith_line_facts fs[3];
	char		work[512];
	pith_line_iter it;
	size_t		n = 0;

	pith_refsec_iter_init(&it, pos, len);
	while (n < 3 && pith_refsec_next_line(text, &it, &ls[n]))
		n++;
	if (n == 0)
		return false;
	pith_refsec_facts(text, ls, n, fs, work);
	if (tail_start_like(text, &ls[0], &fs[0]) && fs[0].words >= 4)
		return true;
	if (fs[0].label != 1)
		return false;
	for (size_t i = 0; i < n; i++)
		if (fs[i].has_year || fs[i].has_pages || fs[i].has_link)
			return true;
	return false;
}

static bool
reference_like(const char *text, size_t pos, size_t len)
{
	size_t		like,
				seen;

	lookahead(text, pos, len, &like, &seen);
	return seen >= 1 && like * 4 >= seen && like >= (seen >= 2 ? 2u : 1u);
}

/* Does s[0, n) end in a year, perhaps with a letter: "Scott et al., 2000", "Li, 2019b"? */
static bool
year_at_end(const char *s, size_t n)
{
	if (n > 0 && pith_ascii_is_lower((unsigned char) s[n - 1]))
		n--;
	if (n < 5 || s[n - 5] != ' ')
		return false;
	for (size_t k = n - 4; k < n; k++)
		if (!pith_ascii_is_digit((unsigned char) s[k]))
			return false;
	return (s[n - 4] == '1' && s[n - 3] == '9') || (s[n - 4] == '2' && s[n - 3] == '0');
}

/*
 * Are most of the lines after pos, up to the first line of prose, short
 * (three words or fewer, or a citation of five ending in its year)?  A
 * table's column headed "Reference" or "Key references" reads like a
 * heading followed by citations: "Maere et al., 2005", "[17]".
 */
static bool
table_column_after(const char *text, size_t pos, size_t len)
{
	pith_line_iter it;
	pith_line	l;
	size_t		seen = 0,
				shortl = 0;

	pith_refsec_iter_init(&it, pos, len);
	while (seen < LOOKAHEAD && pith_refsec_next_line(text, &it, &l))
	{
		size_t		words = 1,
					n = l.end - l.start;
		const char *s = text + l.start;

		if (seen > 0 && plain_prose(s, n))
			break;
		for (size_t k = 0; k < n; k++)
			words += s[k] == ' ' && k + 1 < n && s[k + 1] != ' ';
		seen++;
		shortl += words <= 3 || (words <= 5 && n >= 4 && pith_ascii_is_upper((unsigned char) s[0]) &&
								 year_at_end(s, n));
	}
	return seen >= 6 && shortl * 10 >= seen * 6;
}

static bool
appendix_like_after(const char *text, size_t pos, size_t len)
{
	size_t		like,
				seen;

	lookahead(text, pos, len, &like, &seen);
	return like * 5 < seen || seen == 0;
}

/* ---- labelling ---- */

/* Labels by rules, for when there is no model. */
static void
label_by_rules(const pith_line_facts *f, size_t n, char *lab)
{
	size_t		numbered = 0;
	bool		by_number;

	for (size_t i = 0; i < n; i++)
		if (f[i].label_next)
			numbered++;
	by_number = numbered * 5 >= n && numbered >= 2;
	for (size_t i = 0; i < n; i++)
	{
		const pith_line_facts *p = i > 0 ? &f[i - 1] : NULL;

		if (f[i].first == REFSEC_FIRST_NUM_ONLY && !f[i].label_next)
			lab[i] = 'o';
		else if (f[i].repeated && !f[i].has_year)
			lab[i] = 'o';
		else if (by_number)
			lab[i] = f[i].label_next ? 'b' : 'i';
		else if (p == NULL)
			lab[i] = 'b';
		else if ((f[i].author_start || f[i].name_start || f[i].first == REFSEC_FIRST_DASH || f[i].first == REFSEC_FIRST_BRACKET_KEY) &&
				 (p->last == REFSEC_END_PERIOD || p->last == REFSEC_END_DIGIT || p->last == REFSEC_END_CLOSE ||
				  p->len_bucket <= 2 || (f[i].flags & PITH_LINE_BLANK_BEFORE)))
			lab[i] = 'b';
		else
			lab[i] = 'i';
	}
}

/* Labels by the model: emissions from the features, then Viterbi. */
static void
label_by_model(const pith_refsplit_env *env, const pith_line_facts *f, size_t n, char *lab)
{
	const pith_crf_model *m = env->model;
	int32_t    *emit = env->alloc(env->alloc_ctx, n * PITH_REFSPLIT_NLABELS * sizeof(int32_t));
	uint8_t    *path = env->alloc(env->alloc_ctx, n);
	void	   *work = env->alloc(env->alloc_ctx, pith_crf_viterbi_workspace(n, PITH_REFSPLIT_NLABELS));

	memset(emit, 0, n * PITH_REFSPLIT_NLABELS * sizeof(int32_t));
	for (size_t i = 0; i < n; i++)
	{
		uint32_t	feats[PITH_REFSPLIT_MAX_FEATURES];
		size_t		k = pith_refsec_features(f, n, i, feats);

		pith_crf_emit(m, feats, k, emit + i * PITH_REFSPLIT_NLABELS);
		if (env->tick && i % TICK_EVERY == TICK_EVERY - 1)
			env->tick(env->tick_ctx);
	}
	pith_crf_viterbi(emit, m->trans, n, PITH_REFSPLIT_NLABELS, path, work);
	for (size_t i = 0; i < n; i++)
		lab[i] = PITH_REFSPLIT_LABELS[path[i]];
}

/* ---- joining a reference's lines ---- */

static bool
url_tail(const char *s, size_t n)
{
	size_t		a = n;
	unsigned char c;

	if (n == 0)
		return false;
	c = (unsigned char) s[n - 1];
	if (!(c == '/' || c == '.' || c == '_' || c == '-' || c == '=' || c == '?' || c == '&' || c == '#' ||
		  c == ':' || c == '~'))
		return false;
	while (a > 0 && s[a - 1] != ' ')
		a--;
	for (size_t i = a; i + 3 <= n; i++)
		if (memcmp(s + i, "://", 3) == 0 || pith_ascii_starts_with_ci(s + i, n - i, "www.") ||
			pith_ascii_starts_with_ci(s + i, n - i, "doi") ||
			(memcmp(s + i, "10.", 3) == 0 && i + 3 < n && pith_ascii_is_digit((unsigned char) s[i + 3])))
			return true;
	return false;
}

/* Is the last word of s[0, n) a link: "www.who.int/emc/SALM", "https://lists.example.org"? */
static bool
link_word_at_end(const char *s, size_t n)
{
	size_t		w = n;

	while (w > 0 && s[w - 1] != ' ')
		w--;
	for (size_t k = w; k + 3 <= n; k++)
		if ((k + 4 <= n && memcmp(s + k, "www.", 4) == 0) || memcmp(s + k, "://", 3) == 0)
			return true;
	return false;
}

/* Does s[0, n) open with a word of capitals and a blank ("URL http://..."), which no link goes on with? */
static bool
capital_word_then_blank(const char *s, size_t n)
{
	size_t		i = 0;

	while (i < n && pith_ascii_is_upper((unsigned char) s[i]))
		i++;
	return i >= 2 && i < n && s[i] == ' ';
}

/* Append line s[0, n) to out (blanks collapsed), after the text so far (o bytes); returns new o. */
static size_t
append_line(char *out, size_t o, const char *s, size_t n)
{
	if (o > 0)
	{
		unsigned char last = (unsigned char) out[o - 1];
		unsigned char first = (unsigned char) s[0];

		if (last == '-' && pith_ref_suspended_hyphen_before(s, n))
			out[o++] = ' ';		/* "self-" + "and peer-review": a suspended hyphen */
		else if (last == '-' && o >= 3 && pith_ascii_is_alpha((unsigned char) out[o - 2]) &&
				 pith_ascii_is_alpha((unsigned char) out[o - 3]) && pith_ascii_is_lower(first))
			o--;				/* "func-" + "tional": the hyphen was the line break's */
		else if (last == '-' && o >= 2 && out[o - 2] != ' ' && out[o - 2] != '-' && !url_tail(out, o))
			;					/* "Bar-" + "Yosef", "3-" + "1234": the hyphen stays, no blank */
		else if (url_tail(out, o) &&
				 !(last == '.' && n >= 2 && pith_ascii_is_upper(first) &&
				   (pith_ascii_is_lower((unsigned char) s[1]) || capital_word_then_blank(s, n))))
			;					/* a link broken across lines (not one ended by a period before "Accessed", "URL http") */
		else if (o >= 4 && ends_in_en_dash(out, o) && pith_ascii_is_digit((unsigned char) out[o - 4]) &&
				 pith_ascii_is_digit(first))
			;					/* a page range broken at its en dash: "533–" + "585." */
		else if (n >= 2 && (first == '/' || first == '-' || first == '.') && pith_ascii_is_alnum((unsigned char) s[1]) &&
				 link_word_at_end(out, o))
			;					/* "www.who.int/emc/diseases/zoo/SALM" + "-SURV/frameset.html" */
		else if (last == ':' && n >= 2 && s[0] == '/' && s[1] == '/' && o >= 5 &&
				 (pith_ascii_starts_with_ci(out + o - 5, 5, "http:") ||
				  (o >= 6 && pith_ascii_starts_with_ci(out + o - 6, 6, "https:"))))
			;					/* "URL http:" + "//www.R-project.org/" */
		else
			out[o++] = ' ';
	}
	for (size_t i = 0; i < n; i++)
	{
		char		c = s[i];

		/* blanks and other control characters (NUL too) become one blank */
		if ((unsigned char) c <= ' ' || c == 0x7F)
		{
			if (o > 0 && out[o - 1] != ' ')
				out[o++] = ' ';
			continue;
		}
		out[o++] = c;
	}
	while (o > 0 && out[o - 1] == ' ')
		o--;
	return o;
}

/* ---- one section ---- */

typedef struct split_state
{
	const pith_refsplit_env *env;
	const char *text;
	size_t		len;			/* the whole text's */
	pith_refsplit_result *out;
	size_t		lines_left;		/* of PITH_REFSPLIT_MAX_LINES */
	size_t		cap_refs;
	size_t		cap_lines;
} split_state;

static void
grow_refs(split_state *st, size_t need)
{
	pith_refsplit_result *out = st->out;

	if (need <= st->cap_refs)
		return;
	{
		size_t		cap = st->cap_refs ? st->cap_refs * 2 : 64;
		pith_refsplit_ref *r;

		while (cap < need)
			cap *= 2;
		r = st->env->alloc(st->env->alloc_ctx, cap * sizeof(pith_refsplit_ref));
		if (out->nrefs)
			memcpy(r, out->refs, out->nrefs * sizeof(pith_refsplit_ref));
		out->refs = r;
		st->cap_refs = cap;
	}
}

static void
grow_lines(split_state *st, size_t need)
{
	pith_refsplit_result *out = st->out;

	if (need <= st->cap_lines)
		return;
	{
		size_t		cap = st->cap_lines ? st->cap_lines * 2 : 256;
		char	   *l;
		pith_line  *ln;

		while (cap < need)
			cap *= 2;
		l = st->env->alloc(st->env->alloc_ctx, cap);
		ln = st->env->alloc(st->env->alloc_ctx, cap * sizeof(pith_line));
		if (out->nlines)
		{
			memcpy(l, out->labels, out->nlines);
			memcpy(ln, out->lines, out->nlines * sizeof(pith_line));
		}
		out->labels = l;
		out->lines = ln;
		st->cap_lines = cap;
	}
}

/*
 * Running headers and footers of the whole text.  A section that spans two
 * or three pages holds its running header once or twice, too few for the
 * section's own count of repeated lines (pith_refsec_facts); so a line of
 * three words or more of the section near a page break (up to two lines
 * after a form feed, or before one) that stands as a whole line at least
 * three times in the whole text ("TIMP: Modeling Multi-way Spectroscopic
 * Measurements in R" between two references) is marked repeated too, and
 * PITH_LINE_RUNNING: split_range leaves it out in the end.  So is a line
 * of the section anywhere that stands whole at least three times before
 * the section: a footer that pdftotext put amid a column's lines ("To
 * appear in OSDI 2006").  One-word and two-word lines (a journal's name
 * alone, "Neuroimage") are left to the labeller.  At most
 * RUNNING_CANDIDATES lines of the section are looked up, in one pass over
 * the text.
 */
#define RUNNING_CANDIDATES 2048

typedef struct running_candidate
{
	uint64_t	hash;
	uint32_t	line;			/* index in the section */
	uint32_t	before;			/* whole-line occurrences before the section */
	uint32_t	total;			/* in the whole text */
} running_candidate;

/*
 * The hash of a line for finding running lines: the line without the
 * digits and blanks at its ends, so that a running header whose page
 * number moves from its end to its start ("1 June 2004 Annals of ...
 * Number 11 919", "920 1 June 2004 Annals of ... Number 11") is one line;
 * digits inside stay ("6470-6484, Online. Association for", "Hydrology
 * 240, 147-186." are no header).
 */
static uint64_t
line_hash(const char *s, size_t n)
{
	uint64_t	h = 1469598103934665603ull;
	size_t		a = 0;

	while (a < n && ((unsigned char) s[a] <= ' ' || pith_ascii_is_digit((unsigned char) s[a])))
		a++;
	while (n > a && ((unsigned char) s[n - 1] <= ' ' || pith_ascii_is_digit((unsigned char) s[n - 1])))
		n--;
	for (size_t i = a; i < n; i++)
	{
		h ^= (unsigned char) s[i];
		h *= 1099511628211ull;
	}
	return h ^ (n - a);
}

/* A line long enough to be counted as a running line, and not too long: 8 to 200 bytes. */
static bool
running_length(size_t n)
{
	return n >= 8 && n <= 200;
}

/* A line that could be a running header or footer on its own: 8 to 200 bytes, three words or more. */
static bool
running_shape(const char *s, size_t n)
{
	size_t		words = 1;

	if (!running_length(n))
		return false;
	for (size_t i = 1; i < n; i++)
		if (s[i] == ' ' && s[i - 1] != ' ')
			words++;
	return words >= 3;
}

static int
cmp_candidate(const void *a, const void *b)
{
	const running_candidate *x = a,
			   *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The first candidate of hash h in the sorted c[0, n), or n. */
static size_t
find_candidate(const running_candidate *c, size_t n, uint64_t h)
{
	size_t		lo = 0,
				hi = n;

	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (c[mid].hash < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && c[lo].hash == h ? lo : n;
}

static void
mark_running_lines(split_state *st, pith_line *lines, size_t n, pith_line_facts *facts)
{
	const char *text = st->text;
	running_candidate *cand = st->env->alloc(st->env->alloc_ctx, RUNNING_CANDIDATES * sizeof(running_candidate));
	size_t		nc = 0,
				count = 0;
	pith_line_iter it;
	pith_line	l;

	for (size_t i = 0; i < n && nc < RUNNING_CANDIDATES; i++)
		if (running_length(lines[i].end - lines[i].start))
		{
			cand[nc].hash = line_hash(text + lines[i].start, lines[i].end - lines[i].start);
			cand[nc].line = (uint32_t) i;
			cand[nc].before = cand[nc].total = 0;
			nc++;
		}
	if (nc == 0)
		return;
	qsort(cand, nc, sizeof(running_candidate), cmp_candidate);
	pith_refsec_iter_init(&it, 0, st->len);
	while (pith_refsec_next_line(text, &it, &l))
	{
		size_t		c;

		if (st->env->tick && ++count % TICK_EVERY == 0)
			st->env->tick(st->env->tick_ctx);
		if (!running_length(l.end - l.start) ||
			(c = find_candidate(cand, nc, line_hash(text + l.start, l.end - l.start))) == nc)
			continue;
		cand[c].total++;
		if (l.end <= lines[0].start)
			cand[c].before++;
	}
	/* the counts went to the first candidate of each hash: every line of that text gets them */
	for (size_t c = 1; c < nc; c++)
		if (cand[c].hash == cand[c - 1].hash)
		{
			cand[c].total = cand[c - 1].total;
			cand[c].before = cand[c - 1].before;
		}
	for (size_t c = 0; c < nc; c++)
	{
		size_t		i = cand[c].line;
		bool		near = false;

		if (facts[i].words < 3 || !running_shape(text + lines[i].start, lines[i].end - lines[i].start))
			continue;
		for (size_t k = 0; k <= 2 && !near; k++)
			near = (k <= i && (lines[i - k].flags & PITH_LINE_PAGE_BEFORE)) ||
				(i + k < n && (lines[i + k].flags & PITH_LINE_PAGE_AFTER));
		if (near && cand[c].total >= 3)
		{
			facts[i].repeated = true;
			lines[i].flags |= PITH_LINE_RUNNING;
		}
		else if (cand[c].before >= 3)
			lines[i].flags |= PITH_LINE_RUNNING;	/* left out in the end; the labeller sees it as it is */
	}
	/*
	 * a short line that stands whole three times and more right under or
	 * over a running line is the same header's second line (the journal's
	 * link under "Datta et al. Journal of ... 2010, 4:1")
	 */
	for (size_t c = 0; c < nc; c++)
	{
		size_t		i = cand[c].line;

		if (cand[c].total >= 3 && !(lines[i].flags & PITH_LINE_RUNNING) && facts[i].words < 3 &&
			((i > 0 && (lines[i - 1].flags & PITH_LINE_RUNNING)) || (i + 1 < n && (lines[i + 1].flags & PITH_LINE_RUNNING))))
			lines[i].flags |= PITH_LINE_RUNNING;
	}
}

/* ---- one reference's lines, cut where one numbered entry holds several works ---- */

/*
 * A spacing accent that PDF extraction split off its letter, at s[i]
 * ("Ko ¨rner", "Terzi´c"): " ¨", "¨", " ´", "´", " ˆ", " ˜", " `" before a
 * lower-case letter; bytes taken, 0 if none.
 */
static size_t
split_accent_at(const char *s, size_t n, size_t i)
{
	size_t		a = i,
				k = 0;
	const unsigned char *u = (const unsigned char *) s;

	if (i < n && s[i] == ' ')
		i++;
	if (i + 1 < n && ((u[i] == 0xC2 && (u[i + 1] == 0xA8 || u[i + 1] == 0xB4)) ||
					  (u[i] == 0xCB && (u[i + 1] == 0x86 || u[i + 1] == 0x9C))))
		k = 2;
	else if (i < n && s[i] == '`' && i > a)
		k = 1;
	if (k == 0 || i + k >= n || !pith_ascii_is_lower(u[i + k]))
		return 0;
	return i + k - a;
}

/* a surname: a capital (or a letter outside ASCII) and at least one more letter, hyphen or apostrophe */
static size_t
surname_at(const char *s, size_t n, size_t i)
{
	size_t		a = i,
				k;

	if (i >= n || !(pith_ascii_is_upper((unsigned char) s[i]) || (unsigned char) s[i] >= 0x80))
		return 0;
	i++;
	while (i < n)
	{
		if (pith_ascii_is_alpha((unsigned char) s[i]) || (unsigned char) s[i] >= 0x80 || s[i] == '-' ||
			s[i] == '\'')
			i++;
		else if ((k = split_accent_at(s, n, i)) > 0)
			i += k;
		else
			break;
	}
	return i - a >= 2 ? i - a : 0;
}

/* initials "J.", "J. K.", "K.L.", "X.-Y." at i: bytes taken, 0 if none */
static size_t
initials_at(const char *s, size_t n, size_t i)
{
	size_t		a = i;

	while (i + 1 < n && pith_ascii_is_upper((unsigned char) s[i]) && s[i + 1] == '.')
	{
		i += 2;
		if (i + 2 < n && (s[i] == ' ' || s[i] == '-') && pith_ascii_is_upper((unsigned char) s[i + 1]) &&
			s[i + 2] == '.')
			i++;
	}
	return i - a;
}

/* what may follow an author's name: the end, ",", ";", " and", " et", " &" */
static bool
name_ends_at(const char *s, size_t n, size_t i)
{
	if (i >= n || s[i] == ',' || s[i] == ';')
		return true;
	if (s[i] != ' ')
		return false;
	i++;
	return pith_ascii_starts_with_ci(s + i, n - i, "and ") || pith_ascii_starts_with_ci(s + i, n - i, "et ") ||
		pith_ascii_starts_with_ci(s + i, n - i, "et al") || (i < n && s[i] == '&') ||
		initials_at(s, n, i) > 0;
}

/*
 * Does a reference line leave its reference open for the next line of a
 * bracketed list: it ends with "," or ".;" (a work grouped under the label,
 * its next author on the next line)?
 */
static bool
line_left_open(const char *text, const pith_line *line)
{
	size_t		n = line->end - line->start;
	const char *s = text + line->start;

	return (n >= 1 && s[n - 1] == ',') || (n >= 2 && s[n - 1] == ';' && s[n - 2] == '.');
}

/*
 * Does s[0, n) open with an author named by initials and surname: one
 * author and the title ("A. N. Tikhonov. On the stability ..."), or a
 * first author whose initial lost its period ("E Gashi and K Sylejmani.")?
 */
static bool
initials_name_start(const char *s, size_t n)
{
	size_t		i = initials_at(s, n, 0),
				k;

	if (i > 0)
	{
		if (i < n && s[i] == ' ')
			i++;
		k = surname_at(s, n, i);
		return k > 0 && i + k + 2 < n && s[i + k] == '.' && s[i + k + 1] == ' ' &&
			pith_ascii_is_upper((unsigned char) s[i + k + 2]);
	}
	if (n < 4 || !pith_ascii_is_upper((unsigned char) s[0]) || s[1] != ' ' || (k = surname_at(s, n, 2)) < 2)
		return false;
	return 2 + k < n && (s[2 + k] == ',' || pith_ascii_starts_with_ci(s + 2 + k, n - 2 - k, " and "));
}

/* Does s[0, n) end in an author's initial: "W. Shi, Z.", "b )B.", "Müller,F ."? */
static bool
ends_in_initial(const char *s, size_t n)
{
	size_t		c;

	if (n < 2 || s[n - 1] != '.')
		return false;
	c = n - 2;
	if (c > 0 && s[c] == ' ')
		c--;
	return pith_ascii_is_upper((unsigned char) s[c]) &&
		(c == 0 || (s[c - 1] != '\0' && strchr(" .),-", s[c - 1]) != NULL));
}

/* Words that follow an initial in a journal's name ("J. Chem Phys", "A. Rev"), never a surname. */
static const char *const journal_words[] = {
	"Am", "Amer", "Appl", "Astron", "Astrophys", "Biol", "Cell", "Chem", "Comput", "Exp", "Geophys", "Inorg",
	"Lett", "Math", "Mech", "Med", "Mol", "Neurosci", "Nucl", "Opt", "Org", "Phys", "Res", "Rev", "Soc", "Stat",
	"Theor", NULL
};

/*
 * After initials, the surname s[i, i + k) of a work's only author, followed by
 * its title or venue: "O. Suvorova arXiv.org", "M. Gasperini Tensor ...",
 * "M. CHEHNA. Thèse".  A short word or a journal word is no surname.
 */
static bool
lone_author_ends_at(const char *s, size_t n, size_t i, size_t k)
{
	bool		caps = true;

	if (k < 3 || i + k >= n)
		return false;
	for (int q = 0; journal_words[q]; q++)
		if (strlen(journal_words[q]) == k && memcmp(s + i, journal_words[q], k) == 0)
			return false;
	for (size_t q = i; q < i + k; q++)
		if (pith_ascii_is_lower((unsigned char) s[q]))
			caps = false;
	return s[i + k] == ' ' || (caps && s[i + k] == '.');
}

/* Is the word s[a, a + k) a possessive ("America's", "America’s"), no name? */
static bool
possessive_word(const char *s, size_t a, size_t k)
{
	return (k >= 3 && s[a + k - 1] == 's' && s[a + k - 2] == '\'') ||
		(k >= 5 && s[a + k - 1] == 's' && memcmp(s + a + k - 4, "\xE2\x80\x99", 3) == 0);
}

/*
 * Does s[0, n) start a new work inside a numbered entry: a sub-reference
 * mark ("b)", "(c)") or an author ("J. K. Smith,", "K.L. Kowalski and",
 * "Smith J.,", "Rafelski J. et al.", "P Schwendimann,", "O. Suvorova arXiv")?
 * Journal abbreviations ("J. Phys.", "Phys. Rev.", "J. Chem Phys") do not.
 */
static bool
work_start(const char *s, size_t n)
{
	size_t		i,
				k;

	if (pith_refsec_sub_label(s, n))
		return true;
	if ((i = initials_at(s, n, 0)) > 0)
	{
		if (i < n && s[i] == ' ')
			i++;
		if ((k = surname_at(s, n, i)) == 0)
			return false;
		return name_ends_at(s, n, i + k) || lone_author_ends_at(s, n, i, k);
	}
	/* an initial without its period: "P Schwendimann, C Ciuti," */
	if (n > 3 && pith_ascii_is_upper((unsigned char) s[0]) && s[1] == ' ' && (k = surname_at(s, n, 2)) >= 3 &&
		2 + k < n && s[2 + k] == ',')
		return true;
	if ((k = surname_at(s, n, 0)) == 0)
		return false;
	/* "King-Yuen Ng,", "Anna Maria Smith and": full names */
	{
		size_t		q = k,
					words = 1,
					w;
		bool		possessive = possessive_word(s, 0, k);

		while (q < n && s[q] == ' ' && words < 4 && (w = surname_at(s, n, q + 1)) > 0)
		{
			possessive = possessive || possessive_word(s, q + 1, w);
			q += 1 + w;
			words++;
		}
		if (words >= 2 && !possessive && q < n && (s[q] == ',' || pith_ascii_starts_with_ci(s + q, n - q, " and ") ||
									pith_ascii_starts_with_ci(s + q, n - q, " et al")))
			return true;
	}
	i = k;
	if (i < n && s[i] == ',')
		i++;
	if (i < n && s[i] == ' ')
		i++;
	if ((k = initials_at(s, n, i)) == 0)
		return false;
	return name_ends_at(s, n, i + k);
}

/*
 * Does s[0, n) cite a work by its journal alone, its year in parentheses
 * after the volume: "Phys. Lett. B 435, 389 (1998)", "Astropart. Phys. 22
 * (2005) 339", "J. Chem. Soc. Perkin Trans. 1, 1212(1980)"?  At least one
 * abbreviated word (a capital, letters, a period), at most six words.
 */
static bool
journal_work(const char *s, size_t n)
{
	size_t		i = 0,
				words = 0,
				abbreviated = 0;

	while (i < n && pith_ascii_is_upper((unsigned char) s[i]) && words < 6)
	{
		size_t		k = i + 1;

		while (k < n && pith_ascii_is_alpha((unsigned char) s[k]))
			k++;
		if (k + 1 < n && s[k] == ' ' && s[k + 1] == '.')
			k++;				/* "Rev . Mod." */
		if (k < n && s[k] == '.')
		{
			abbreviated++;
			k++;
		}
		else if (k - i < 2 && !(k < n && s[k] == ' ' && k + 1 < n && pith_ascii_is_digit((unsigned char) s[k + 1])))
			return false;		/* a lone capital: only a series letter before the volume ("B 435") */
		words++;
		i = k;
		while (i < n && s[i] == ' ')
			i++;
	}
	if (abbreviated == 0 || i >= n || !pith_ascii_is_digit((unsigned char) s[i]))
		return false;
	for (size_t k = i; k + 5 < n && k < i + 30; k++)
	{
		if (s[k] == ';' || pith_ascii_is_alpha((unsigned char) s[k]))
			return false;
		if (s[k] == '(' && pith_ascii_is_digit((unsigned char) s[k + 1]) && pith_ascii_is_digit((unsigned char) s[k + 2]) &&
			pith_ascii_is_digit((unsigned char) s[k + 3]) && pith_ascii_is_digit((unsigned char) s[k + 4]) && s[k + 5] == ')')
			return true;
	}
	return false;
}

/*
 * Inside a numbered reference labelled `label` ("1. Esteban et al., ..."),
 * does the ";" or "." at text[j] (line segs[k]) end it, the next entry of
 * an inline list following on the same line: its label label + 1 in the
 * same style ("2. Kurtzer", "[2] Kurtzer"), then a capital, a letter
 * outside ASCII or a link?  The "." must end a number ("2017. 4. https"),
 * not a word ("Ed. 2. Oliver"); a ";" may have blanks before it.
 */
static bool
next_label_follows(const char *text, const pith_line *segs, size_t k, size_t j, int32_t label, char style)
{
	size_t		q = j + 1,
				end = segs[k].end,
				after,
				b = j;
	int32_t		next;

	while (b > segs[k].start && text[b - 1] == ' ' && text[j] == ';')
		b--;
	if (b == segs[k].start || !(pith_ascii_is_digit((unsigned char) text[b - 1]) ||
								(text[j] == ';' && (text[b - 1] == ')' || pith_ascii_is_alpha((unsigned char) text[b - 1])))))
		return false;
	while (q < end && text[q] == ' ')
		q++;
	if (q == j + 1 || q >= end)
		return false;
	next = pith_refsec_label(text + q, end - q, &after);
	if (next != label + 1 || after == 0)
		return false;
	if (text[q] != style && !(pith_ascii_is_digit((unsigned char) text[q]) && pith_ascii_is_digit((unsigned char) style)))
		return false;
	while (q + after < end && text[q + after] == ' ')
		after++;
	return q + after < end && (pith_ascii_is_upper((unsigned char) text[q + after]) ||
							   (unsigned char) text[q + after] >= 0x80 ||
							   pith_ascii_starts_with_ci(text + q + after, end - q - after, "http"));
}

/* Append text[a, b) to out as one line of a reference (see append_line); empty ranges add nothing. */
static size_t
append_range(char *out, size_t o, const char *text, size_t a, size_t b)
{
	while (a < b && (unsigned char) text[a] <= ' ')
		a++;
	return a < b ? append_line(out, o, text + a, b - a) : o;
}

/* One reference from segs[s0] at byte a to segs[s1] up to byte b. */
static void
emit_piece(split_state *st, const pith_line *segs, size_t s0, size_t a, size_t s1, size_t b)
{
	const char *text = st->text;
	pith_refsplit_result *out = st->out;
	size_t		bytes = 1,
				o = 0;
	char	   *buf;
	pith_refsplit_ref *r;

	/* the piece's first and last non-blank bytes */
	while (s0 <= s1)
	{
		size_t		e = s0 == s1 ? b : segs[s0].end;

		while (a < e && (unsigned char) text[a] <= ' ')
			a++;
		if (a < e)
			break;
		if (++s0 <= s1)
			a = segs[s0].start;
	}
	if (s0 > s1)
		return;
	while (b > (s1 == s0 ? a : segs[s1].start) && (unsigned char) text[b - 1] <= ' ')
		b--;
	for (size_t k = s0; k <= s1; k++)
		bytes += (k == s1 ? b : segs[k].end) - (k == s0 ? a : segs[k].start) + 1;
	buf = st->env->alloc(st->env->alloc_ctx, bytes + 1);
	for (size_t k = s0; k <= s1; k++)
		o = append_range(buf, o, text, k == s0 ? a : segs[k].start, k == s1 ? b : segs[k].end);
	buf[o] = '\0';
	if (o == 0)
		return;					/* nothing but blanks and control characters */
	grow_refs(st, out->nrefs + 1);
	r = &out->refs[out->nrefs++];
	r->start = (uint32_t) a;
	r->end = (uint32_t) b;
	r->text = buf;
	r->len = (uint32_t) o;
}

/*
 * Does text[j] end a work the way physics and chemistry print it, its pages
 * and then its year: the "." of "591 (1979)." (the line from line_start)?
 */
static bool
dated_work_end(const char *text, size_t line_start, size_t j)
{
	const char *s = text + j;

	if (text[j] != '.' || j < line_start + 9 || s[-1] != ')' || s[-6] != '(' || s[-7] != ' ' ||
		!pith_ascii_is_digit((unsigned char) s[-8]))
		return false;
	for (int d = 2; d <= 5; d++)
		if (!pith_ascii_is_digit((unsigned char) s[-d]))
			return false;
	return true;
}

/* Where the word that ends at s[e) starts: after the last space before e, or 0. */
static size_t
word_start(const char *s, size_t e)
{
	while (e > 0 && s[e - 1] != ' ')
		e--;
	return e;
}

/* Does the word s[0, n) start like a DOI ("doi:10.1016/...", "10.1016/...")? */
static bool
doi_word(const char *s, size_t n)
{
	return pith_ascii_starts_with_ci(s, n, "doi:10.") || pith_ascii_starts_with_ci(s, n, "10.");
}

/* Is s[0, n) a venue alone, closing a reference: "In ICML.", "In Proc. ACL."  (at most four words) */
static bool
venue_alone(const char *s, size_t n)
{
	size_t		words = 1;

	if (n < 5 || memcmp(s, "In ", 3) != 0 || !pith_ascii_is_upper((unsigned char) s[3]) || s[n - 1] != '.')
		return false;
	for (size_t i = 3; i < n; i++)
		if (s[i] == ' ')
			words++;
		else if (pith_ascii_is_digit((unsigned char) s[i]) || s[i] == ',')
			return false;
	return words <= 4;
}

/* Is s[0, n) a publisher's place and name: "New York: Oxford University Press.", "Berlin: Springer." */
static bool
place_and_publisher(const char *s, size_t n)
{
	size_t		i = 0,
				words = 0;

	if (n < 8 || s[n - 1] != '.')
		return false;
	/* the place: one to three capitalised words, then ": " */
	while (i < n && words < 4)
	{
		if (!pith_ascii_is_upper((unsigned char) s[i]))
			return false;
		while (i < n && pith_ascii_is_alpha((unsigned char) s[i]))
			i++;
		words++;
		if (i + 1 < n && s[i] == ':' && s[i + 1] == ' ')
			break;
		if (i + 1 < n && s[i] == ',' && s[i + 1] == ' ')
			i++;				/* "Cambridge, MA: MIT Press." */
		if (i >= n || s[i] != ' ')
			return false;
		i++;
	}
	if (words > 3 || i + 2 >= n || s[i] != ':')
		return false;
	/* the publisher: a capital, at most six words, no digits */
	i += 2;
	if (!pith_ascii_is_upper((unsigned char) s[i]))
		return false;
	for (words = 1; i < n; i++)
	{
		if (pith_ascii_is_digit((unsigned char) s[i]))
			return false;
		if (s[i] == ' ')
			words++;
	}
	return words <= 6;
}

/*
 * Is s[0, n) an author list in full names cut after a given name: "Matt
 * Gardner, Joel Grus, Mark Neumann, Oyvind" -- at least two commas, each
 * name one to four words (initials "F." too), no digits, the last word a
 * name with nothing after it?
 */
static bool
names_cut_after_given_name(const char *s, size_t n)
{
	size_t		i = 0,
				commas = 0,
				words = 0,
				k;

	while (i < n)
	{
		/* a name, or an initial (a lone capital, its period after it or not) */
		if ((k = surname_at(s, n, i)) == 0 && !pith_ascii_is_upper((unsigned char) s[i]))
			return false;
		i += k > 0 ? k : 1;
		if (i < n && s[i] == '.')
			i++;
		if (++words > 4)
			return false;
		if (i == n)
			break;
		if (s[i] == ',' && i + 1 < n && s[i + 1] == ' ')
		{
			commas++;
			words = 0;
			i += 2;
		}
		else if (s[i] == ' ')
			i++;
		else
			return false;
	}
	return commas >= 2 && words >= 1 && s[n - 1] != '.';
}

/* Does s[0, n) start with a surname and a comma, then a capital: "Tafjord, Pradeep Dasigi, ..."? */
static bool
surname_then_comma(const char *s, size_t n)
{
	size_t		k = surname_at(s, n, 0);

	return k > 0 && k + 2 < n && s[k] == ',' && s[k + 1] == ' ' &&
		(pith_ascii_is_upper((unsigned char) s[k + 2]) || (unsigned char) s[k + 2] >= 0x80);
}

/* Does s[0, n) hold a page range: a digit, "-" or an en dash, a digit? */
static bool
has_page_range(const char *s, size_t n)
{
	for (size_t i = 1; i + 1 < n; i++)
	{
		if (!pith_ascii_is_digit((unsigned char) s[i - 1]))
			continue;
		if (s[i] == '-' && pith_ascii_is_digit((unsigned char) s[i + 1]))
			return true;
		if (en_dash_at(s, n, i) && i + 3 < n && pith_ascii_is_digit((unsigned char) s[i + 3]))
			return true;
	}
	return false;
}

/*
 * Is s[0, n) a journal's name, volume and pages alone: "Hypertension 49,
 * 695–703", "Med. Chem. Lett. 16, 4612–4615.", "Am. J. Physiol. 295,
 * H1253–H1261" (at most eight words before the volume)?
 */
static bool
volume_pages_line(const char *s, size_t n)
{
	size_t		e = n,
				d,
				words = 0;

	if (e > 0 && s[e - 1] == '.')
		e--;
	/* the last page, the dash, the first page (a letter before each allowed) */
	for (d = e; d > 0 && pith_ascii_is_digit((unsigned char) s[d - 1]); d--)
		;
	if (d == e)
		return false;
	if (d > 0 && pith_ascii_is_upper((unsigned char) s[d - 1]))
		d--;
	if (d >= 3 && en_dash_at(s, n, d - 3))
		d -= 3;
	else if (d >= 1 && s[d - 1] == '-')
		d--;
	else
		return false;
	e = d;
	for (; d > 0 && pith_ascii_is_digit((unsigned char) s[d - 1]); d--)
		;
	if (d == e)
		return false;
	if (d > 0 && pith_ascii_is_upper((unsigned char) s[d - 1]))
		d--;
	/* ", " and the volume */
	if (d < 2 || s[d - 1] != ' ' || s[d - 2] != ',')
		return false;
	e = d - 2;
	for (d = e; d > 0 && pith_ascii_is_digit((unsigned char) s[d - 1]); d--)
		;
	if (d == e || d < 2 || s[d - 1] != ' ')
		return false;
	/* the journal: capitalised words */
	for (size_t i = 0; i + 1 < d; words++)
	{
		if (!pith_ascii_is_upper((unsigned char) s[i]))
			return false;
		while (i < d && s[i] != ' ')
			i++;
		while (i < d && s[i] == ' ')
			i++;
	}
	return words >= 1 && words <= 8;
}

/*
 * Does the line s[0, n) close a reference with its pages, its year after
 * its pages, an identifier or a bracketed note: "... 2001;46:327-331.",
 * "J. Supercond. 8 (1995) 691.", "Can. J. Chem. 57, 591 (1979).",
 * "doi:10.1007/s11999-009-0817-7.", "[Epub ahead of print]."?  A line
 * that ends with a year alone ("Smith, J. 2001.", "(2001).") does not:
 * an author-year reference goes on after it.
 */
static bool
closes_reference(const char *s, size_t n)
{
	size_t		e = n,
				d,
				w;

	if (n < 3 || s[n - 1] != '.')
		return false;
	/* a bracketed note, not a document type ("[J].") */
	if (s[n - 2] == ']')
	{
		size_t		o = n - 2;

		while (o > 0 && s[o - 1] != '[')
			o--;
		/* (opened on a line before: "[Epub" / "ahead of print].") */
		return o == 0 || n - 2 - o >= 4;
	}
	/* its last word an identifier or a link */
	w = word_start(s, n - 1);
	if (pith_ascii_starts_with_ci(s + w, n - w, "doi") || pith_ascii_starts_with_ci(s + w, n - w, "http") ||
		pith_ascii_starts_with_ci(s + w, n - w, "www.") || pith_ascii_starts_with_ci(s + w, n - w, "10."))
		return true;
	if (dated_work_end(s, 0, n - 1))
		return true;
	/* a number, not a year */
	for (d = e - 1; d > 0 && pith_ascii_is_digit((unsigned char) s[d - 1]); d--)
		;
	if (d == e - 1)
		return false;
	return !(e - 1 - d == 4 && ((s[d] == '1' && s[d + 1] == '9') || (s[d] == '2' && s[d + 1] == '0')));
}

/*
 * Does the word before the one that starts at s[w] (after a space) start
 * with prefix, ignoring case ("PMID: | 24098803")?
 */
static bool
word_before_is(const char *s, size_t w, const char *prefix)
{
	size_t		d = word_start(s, w - 1);

	return pith_ascii_starts_with_ci(s + d, w - 1 - d, prefix) != 0;
}

/*
 * Does the line s[0, n) end with an identifier that ends a reference:
 * "PMID: 24098803", "doi:10.1016/j.x.2019.01.002.", "ISBN 978-1-941643-00-6."?
 */
static bool
ends_with_identifier(const char *s, size_t n)
{
	size_t		w,
				d;

	while (n > 0 && (s[n - 1] == '.' || s[n - 1] == ' '))
		n--;
	w = word_start(s, n);
	if (w == n)
		return false;
	if (doi_word(s + w, n - w))
		return true;
	for (d = w; d < n && (pith_ascii_is_digit((unsigned char) s[d]) || s[d] == '-' || s[d] == 'X'); d++)
		;
	if (d < n || n - w < 7 || w < 2)
		return false;
	return word_before_is(s, w, "pmid") || word_before_is(s, w, "pmcid") || word_before_is(s, w, "isbn");
}

/*
 * Does the line s[0, n) end in an identifier the line end cut: a DOI
 * ending in "-", "/" or "." ("doi:10.1007/s00253-017-8215-"), or a PMID's
 * first digits ("PMID: 2247")?
 */
static bool
identifier_cut_at_end(const char *s, size_t n)
{
	size_t		w,
				d;

	w = word_start(s, n);
	if (w == n)
		return false;
	if (doi_word(s + w, n - w) && (s[n - 1] == '-' || s[n - 1] == '/' || s[n - 1] == '.'))
		return true;
	for (d = w; d < n && pith_ascii_is_digit((unsigned char) s[d]); d++)
		;
	return d == n && w >= 2 && word_before_is(s, w, "pmid");
}

/*
 * Does the line s[0, n) go on with a reference that a line before closed:
 * what references print after their end -- "Available from", "doi:", a
 * link, "[Epub ...]", "(in Russian)", "PMID", lower-case words, numbers?
 */
static bool
goes_on_after_close(const char *s, size_t n)
{
	static const char *const words[] = {
		"available", "accessed", "retrieved", "doi", "http", "www", "pmid", "pmcid", "url", "in:", "in ", "epub",
		"arxiv", "online", "see ", "erratum", "published", "also", "and ", NULL
	};

	if (n == 0 || !pith_ascii_is_upper((unsigned char) s[0]))
		return true;
	for (int k = 0; words[k]; k++)
		if (pith_ascii_starts_with_ci(s, n, words[k]))
			return true;
	return false;
}

/*
 * Is the line s[0, n) what a reference prints after its end, on a line of
 * its own: "Available from: ...", "Accessed ...", a link ("URL https://..."
 * too), a DOI, an arXiv id in brackets, "PMID: ..."?
 */
static bool
reference_tail_line(const char *s, size_t n)
{
	static const char *const words[] = {
		"available from", "available at", "accessed", "retrieved from", "doi:", "doi.org/", "https://", "http://",
		"[arxiv:", "arxiv:", "pmid", "pmcid", "[epub", "url:", "url http", NULL
	};

	for (int k = 0; words[k]; k++)
		if (pith_ascii_starts_with_ci(s, n, words[k]))
			return true;
	return false;
}

/*
 * Is line i the first after a page break (a form feed before it, or page
 * furniture between) that follows a reference of one line so far, past
 * its names and year ("Ezra Black, ..., and Salim Roukos. 1993. Towards",
 * its title's end elsewhere)?  A list of names with its year there begins
 * the next reference.
 */
static bool
after_break_past_year(const pith_line *lines, const char *lab, const pith_line_facts *facts, size_t i, size_t p,
					  size_t bl)
{
	return ((lines[i].flags & PITH_LINE_PAGE_BEFORE) || lab[i - 1] == 'o') && bl == p &&
		lab[bl] == 'b' && facts[bl].ay_start;
}

/*
 * Does s[0, n) begin with full names after an initial without its period,
 * which the line facts do not take for an author start: "J Ben Schafer,
 * Dan Frankowski, ..."?
 */
static bool
initial_then_full_name(const char *s, size_t n)
{
	size_t		k,
				i;

	if (n <= 4 || !pith_ascii_is_upper((unsigned char) s[0]) || s[1] != ' ' || (k = surname_at(s, n, 2)) == 0)
		return false;
	i = 2 + k;
	while (i + 1 < n && s[i] == ' ' && (k = surname_at(s, n, i + 1)) > 0)
		i += 1 + k;
	return i < n && s[i] == ',';
}

/* Does the line end with its year: "Pinkal. 2006.", "2017a.", "E. D. (2010)", "(2010)."? */
static bool
ends_in_year(const char *text, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start;
	bool		paren;

	if (n > 0 && s[n - 1] == '.')
		n--;
	paren = n > 0 && s[n - 1] == ')';
	if (paren)
		n--;
	else if (n == l->end - l->start)
		return false;			/* "2006" without its period or parentheses */
	if (n > 0 && pith_ascii_is_lower((unsigned char) s[n - 1]))
		n--;
	if (n < 4 || !(s[n - 4] == '1' || s[n - 4] == '2'))
		return false;
	for (size_t k = n - 4; k < n; k++)
		if (!pith_ascii_is_digit((unsigned char) s[k]))
			return false;
	n -= 4;
	if (paren && (n == 0 || s[--n] != '('))
		return false;
	return n == 0 || s[n - 1] == ' ';
}

/*
 * Does line i start with names and a year (facts.ay_start), or with an
 * author's name, inverted ("Bove, M. C., J. B. Elsner, ... and J. J.") or
 * in full ("Koby Crammer, Ofer Dekel, ... and"), whose list runs on to a
 * year on one of the next two lines ("O'Brien, 1998: Effect of ...")?
 */
static bool
names_then_year(const char *text, const pith_line *lines, size_t n, size_t i, const pith_line_facts *facts)
{
	char		buf[320];
	size_t		len = 0;

	if (facts[i].ay_start)
		return true;
	if (i + 1 >= n || facts[i + 1].label >= 0 ||
		!(facts[i].author_start || facts[i].name_start ||
		  initial_then_full_name(text + lines[i].start, lines[i].end - lines[i].start)))
		return false;
	/*
	 * a line closed by a period after a word ("In NIPS.") ends no open
	 * author list, unless it is of full names ("Richard Johansson and
	 * Pierre Nugues."); an initial ("and J. J.") leaves it open
	 */
	if (text[lines[i].end - 1] == '.' && !facts[i].name_start &&
		!ends_in_initial(text + lines[i].start, lines[i].end - lines[i].start))
		return false;
	for (size_t k = i; k < n && k <= i + 2 && (k == i || facts[k].label < 0); k++)
	{
		size_t		b = lines[k].end - lines[k].start;

		if (len + 1 >= sizeof(buf))
			break;
		if (len > 0)
			buf[len++] = ' ';
		if (len + b > sizeof(buf))
			b = sizeof(buf) - len;
		memcpy(buf + len, text + lines[k].start, b);
		len += b;
		if (k > i && pith_refsec_ay_start(buf, len))
			return true;
		/* a long list: the names go on to a line of names closed by the year ("... and Sturrock, E. D. (2010)") */
		if (k > i && facts[k].ay_start && facts[k].author_start && ends_in_year(text, &lines[k]))
			return true;
	}
	return false;
}

/*
 * One reference made of the lines segs[0, nseg): emitted as it is, or cut
 * after each "; " that ends a work (a digit or ")" before it, at least 25
 * bytes and 4 digits since the last cut), or after a work's pages and year
 * ("591 (1979). "), where a new work starts (work_start): "[3] T. Affolder
 * et al., Phys. Rev. D 63, 072003 (2001); F. Abe et al., Phys. Rev. Lett.
 * 81, 1367 (1998)." is two works.
 */
static void
emit_reference(split_state *st, const pith_line *segs, size_t nseg)
{
	const char *text = st->text;
	size_t		s0 = 0,
				a = segs[0].start,
				piece = 0,
				digits = 0;
	int32_t		label = -1;
	char		style = 0;

	for (size_t k = 0; k < nseg; k++)
	{
		for (size_t j = k == s0 ? a : segs[k].start; j < segs[k].end; j++)
		{
			char		probe[96];
			size_t		pn = 0,
						q;
			unsigned char before;

			piece++;
			if (pith_ascii_is_digit((unsigned char) text[j]))
				digits++;
			if (style == 0 && (unsigned char) text[j] > ' ')
			{
				/* the piece's own label, at its first non-blank byte */
				label = pith_refsec_label(text + j, segs[k].end - j, NULL);
				style = text[j];
			}
			if (label >= 0 && (text[j] == ';' || text[j] == '.') && piece >= 25 && j > segs[k].start &&
				next_label_follows(text, segs, k, j, label, style))
			{
				/* an inline list: "...2017. 4. https://...", "...0184661 ; 2. Kurtzer ..." */
				emit_piece(st, segs, s0, a, k, j + 1);
				s0 = k;
				a = j + 1;
				piece = digits = 0;
				style = 0;
				continue;
			}
			if ((text[j] != ';' && !dated_work_end(text, segs[k].start, j)) || j == segs[k].start || piece < 25 ||
				digits < 4)
				continue;
			before = (unsigned char) text[j - 1];
			if (!pith_ascii_is_digit(before) && before != ')' && before != ']')
				continue;
			/* what follows, across the line end */
			for (q = j + 1; q < segs[k].end && text[q] == ' '; q++)
				;
			for (; q < segs[k].end && pn + 1 < sizeof(probe); q++)
				probe[pn++] = text[q];
			if (k + 1 < nseg)
			{
				if (pn > 0 && probe[pn - 1] != '-' && pn + 1 < sizeof(probe))
					probe[pn++] = ' ';
				for (q = segs[k + 1].start; q < segs[k + 1].end && pn + 1 < sizeof(probe); q++)
					probe[pn++] = text[q];
			}
			if (pn == 0 || !(work_start(probe, pn) || journal_work(probe, pn)))
				continue;
			emit_piece(st, segs, s0, a, k, j + 1);
			if (j + 1 < segs[k].end)
			{
				s0 = k;
				a = j + 1;
			}
			else if (k + 1 < nseg)
			{
				s0 = k + 1;
				a = segs[k + 1].start;
			}
			piece = digits = 0;
			style = 0;
		}
	}
	emit_piece(st, segs, s0, a, nseg - 1, segs[nseg - 1].end);
}

/* Does the line end with a word that cannot end a title: "of", "the", "for", "und", "de la"? */
static const char *const function_words[] = {
	"of", "the", "for", "in", "on", "to", "with", "a", "an", "from", "by", "at", "into", "between", "der", "die",
	"das", "und", "des", "von", "zur", "zum", "le", "la", "les", "du", "del", "della", "dei", NULL
};

static bool
ends_with_function_word(const char *text, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start,
				a;

	while (n > 0 && (unsigned char) s[n - 1] <= ' ')
		n--;
	a = n;
	while (a > 0 && pith_ascii_is_alpha((unsigned char) s[a - 1]))
		a--;
	if (a == n || (a > 0 && s[a - 1] != ' '))
		return false;
	for (int q = 0; function_words[q]; q++)
		if (strlen(function_words[q]) == n - a && memcmp(s + a, function_words[q], n - a) == 0)
			return true;
	return false;
}

/* Does the line end inside an author list: ",", " and", " &", a hyphen? */
static bool
open_author_list(const char *text, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start;

	if (n == 0)
		return false;
	if (s[n - 1] == ',' || s[n - 1] == '-' || s[n - 1] == '&' || s[n - 1] == ';')
		return true;
	/* "…", "...": an elided author list */
	if ((n >= 3 && memcmp(s + n - 3, "\xe2\x80\xa6", 3) == 0) || (n >= 3 && memcmp(s + n - 3, "...", 3) == 0))
		return true;
	/* a lower-case last word ("and", "the"), or a name particle ("Van", "De") */
	{
		size_t		a = n;

		while (a > 0 && s[a - 1] != ' ')
			a--;
		/* a link or a DOI ends a reference, whatever its last letter */
		if (memchr(s + a, '/', n - a) != NULL)
			return false;
		if (pith_ascii_is_lower((unsigned char) s[a]) && pith_ascii_is_lower((unsigned char) s[n - 1]))
			return true;
		if (n - a <= 3 && pith_ascii_is_upper((unsigned char) s[a]) && pith_ascii_is_lower((unsigned char) s[n - 1]))
			return true;
	}
	return false;
}

/*
 * Does the line start with one bare capitalised word and then a year
 * ("Change 2007: The Physical Science Basis")?  Names before a year carry
 * a comma, an initial or a second name; one bare word is more often a
 * title running on from the line above.
 */
static bool
bare_word_then_year(const char *text, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start,
				i = 0;

	if (n < 6 || !pith_ascii_is_upper((unsigned char) s[0]))
		return false;
	while (i < n && pith_ascii_is_alpha((unsigned char) s[i]))
		i++;
	if (i < 2 || i + 5 > n || s[i] != ' ')
		return false;
	i++;
	for (size_t k = 0; k < 4; k++)
		if (!pith_ascii_is_digit((unsigned char) s[i + k]))
			return false;
	return i + 4 == n || !pith_ascii_is_digit((unsigned char) s[i + 4]);
}

/* Words of an institution's name, as affiliation lines print them. */
static const char *const institution_words[] = {
	"department", "departamento", "dipartimento", "departement", "universit", "universidad",
	"institut", "istituto", "laborator", "observator", "school of", "faculty", "centre for",
	"center for", "college", NULL
};

/* Does the line s[0..n) hold an institution word (ASCII letters compared without case)? */
static bool
institution_line(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		if (i > 0 && pith_ascii_is_alpha((unsigned char) s[i - 1]))
			continue;
		for (int k = 0; institution_words[k]; k++)
			if (pith_ascii_starts_with_ci(s + i, n - i, institution_words[k]) != 0)
				return true;
	}
	return false;
}

/*
 * Has s[0, n) at least min_words words that start with a letter, three in
 * five of them in lower case: the words of prose, not of names and titles?
 */
static bool
mostly_lower_case_words(const char *s, size_t n, size_t min_words)
{
	size_t		words = 0,
				lower = 0;

	for (size_t i = 0; i < n; i++)
		if ((i == 0 || s[i - 1] == ' ') && pith_ascii_is_alpha((unsigned char) s[i]))
		{
			words++;
			lower += pith_ascii_is_lower((unsigned char) s[i]);
		}
	return words >= min_words && lower * 5 >= words * 3;
}

/*
 * A line of running prose, no reference's: seven words or more, most of
 * them starting in lower case, and nothing a reference has (a year, a
 * link, "et al.", pages, a number label).
 */
static bool
prose_line(const char *s, size_t n, const pith_line_facts *f)
{
	return f->words >= 7 && !f->has_year && !f->has_link && !f->has_etal && !f->has_pages && f->label < 0 &&
		mostly_lower_case_words(s, n, 7);
}

/*
 * A line of program code, no reference's (a listing that two columns read
 * across put between references): a comment ("// ..."), a line that ends
 * a statement or a block ("Emit(...);", "int64 value = 0;", "{", "};"),
 * "->" or "::", or a control statement ("if (", "while (", "for (").
 */
static bool
code_line(const char *s, size_t n)
{
	static const char *const starts[] = {"//", "/*", "#include", "if (", "for (", "while (", "return ", "class ",
	"virtual ", "void ", "int ", "public:", "private:", NULL};

	if (n == 0)
		return false;
	for (int k = 0; starts[k]; k++)
		if (n >= strlen(starts[k]) && memcmp(s, starts[k], strlen(starts[k])) == 0)
			return true;
	if (s[n - 1] == '{' || s[n - 1] == '}' || (n >= 2 && s[n - 1] == ';' && (s[n - 2] == ')' || s[n - 2] == '}')))
		return true;
	for (size_t i = 0; i + 1 < n; i++)
		if ((s[i] == '-' && s[i + 1] == '>') || (s[i] == ':' && s[i + 1] == ':'))
			return true;
	if (s[n - 1] == ';')
		for (size_t i = 0; i + 2 < n; i++)
			if (s[i] == ' ' && s[i + 1] == '=' && s[i + 2] == ' ')
				return true;
	return false;
}

/* Does the line close its reference: a period, ")", "]" or a digit at its end, no author list left open? */
static bool
line_closes(const char *text, const pith_line *l)
{
	size_t		n = l->end - l->start;
	unsigned char c;

	while (n > 0 && (unsigned char) text[l->start + n - 1] <= ' ')
		n--;
	if (n == 0)
		return false;
	c = (unsigned char) text[l->start + n - 1];
	return (c == '.' || c == ')' || c == ']' || pith_ascii_is_digit(c)) && !open_author_list(text, l);
}

/* Does the line open with a work's container: "In Proceedings of", "In Proc.", "In Advances in"? */
static bool
container_opening(const char *s, size_t n)
{
	static const char *const opens[] = {"In Proceedings", "In Proc.", "In Proc ", "In Advances in", "In Findings of",
	"In International Conference", "In Conference on", "In Workshop", NULL};

	for (int k = 0; opens[k]; k++)
		if (n >= strlen(opens[k]) && memcmp(s, opens[k], strlen(opens[k])) == 0)
			return true;
	return false;
}

/* Is the line the paper's history: "Received January 2021; revised ...", "Manuscript received 3 May 2019"? */
static bool
history_line(const char *s, size_t n, const pith_line_facts *f)
{
	return f->has_year && f->label < 0 &&
		(pith_ascii_starts_with_ci(s, n, "received ") || pith_ascii_starts_with_ci(s, n, "received: ") ||
		 pith_ascii_starts_with_ci(s, n, "manuscript received "));
}

/*
 * Is line i, a number alone, the last page of a reference's back
 * references ("... (TPAMI), 2017. 1," then "2"): right after a line
 * that ends in a number and a comma, before the next label, with no
 * blank line and no page break around it?
 */
static bool
back_reference_page(const char *text, const pith_line *lines, const pith_line_facts *facts, size_t n, size_t i)
{
	return i > 0 && lines[i - 1].end - lines[i - 1].start >= 2 && text[lines[i - 1].end - 1] == ',' &&
		pith_ascii_is_digit((unsigned char) text[lines[i - 1].end - 2]) &&
		!(lines[i].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE | PITH_LINE_PAGE_AFTER)) &&
		!(lines[i - 1].flags & PITH_LINE_PAGE_AFTER) &&
		(i + 1 >= n || (facts[i + 1].label_next && !(lines[i + 1].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE))));
}

/*
 * Does line l go on with a link that ends the line before it: it opens
 * with "/", "-" or "." and a letter or digit ("/index2.html", "-SURV/...",
 * ".htm on 21 September 2001."), and the last word before it is a link?
 */
static bool
link_goes_on(const char *text, const pith_line *before, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start;

	return n >= 2 && (s[0] == '/' || s[0] == '-' || s[0] == '.') && pith_ascii_is_alnum((unsigned char) s[1]) &&
		link_word_at_end(text + before->start, before->end - before->start);
}

/*
 * Is line i one word in capitals or capitalised standing between blank
 * lines, after a line that closes a reference (or page furniture) and
 * before a labelled one: a journal's running header ("EDITORIAL",
 * "Review") on a page too few to count it as a running line?
 */
static bool
lone_header_word(const char *text, const pith_line *lines, const pith_line_facts *facts, const char *lab, size_t n,
				 size_t i)
{
	const char *s = text + lines[i].start;
	size_t		len = lines[i].end - lines[i].start;

	if (i == 0 || i + 1 >= n || len < 5 || len > 24 || !(lines[i].flags & PITH_LINE_BLANK_BEFORE) ||
		!(lines[i + 1].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE)) || !facts[i + 1].label_next ||
		!pith_ascii_is_upper((unsigned char) s[0]))
		return false;
	for (size_t k = 1; k < len; k++)
		if (!pith_ascii_is_alpha((unsigned char) s[k]) ||
			pith_ascii_is_upper((unsigned char) s[k]) != pith_ascii_is_upper((unsigned char) s[1]))
			return false;
	return lab[i - 1] == 'o' || line_closes(text, &lines[i - 1]);
}

/* A numbered section heading in capitals: "VI. CONCLUSION", "4. RESULTS AND DISCUSSION". */
static bool
numbered_heading_line(const char *s, size_t n)
{
	size_t		i = 0,
				letters = 0,
				words = 0;

	while (i < n && (pith_ascii_is_digit((unsigned char) s[i]) || s[i] == 'I' || s[i] == 'V' || s[i] == 'X' ||
					 s[i] == 'L'))
		i++;
	if (i == 0 || i > 5 || i + 2 >= n || s[i] != '.' || s[i + 1] != ' ')
		return false;
	for (i += 2; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (pith_ascii_is_upper(c))
			letters++;
		else if (c == ' ')
			words++;
		else if (c != '-' && c != '&')
			return false;
	}
	return letters >= 4 && words <= 5;
}

/* A line of an affiliation: an institution's word and no year or link. */
static bool
affiliation_line(const char *s, size_t n, const pith_line_facts *f)
{
	if (f->has_year || f->has_link || f->has_etal || f->has_pages)
		return false;
	return institution_line(s, n);
}

/*
 * Do references go on after a line?  Of the section's lines from it on
 * that are not page furniture or running lines, a fifth or more have a
 * year, a label, a link, "et al." or names then a year: text that only
 * interrupts a list (a column of the body between two of the list's) is
 * followed by more.  seen[k] and like[k] count those lines from line k on
 * (suffix sums, made once, so that each question is answered at once).
 */
static void
count_reference_like_after(const pith_line_facts *f, const char *lab, size_t n, uint32_t *seen, uint32_t *like)
{
	seen[n] = like[n] = 0;
	for (size_t k = n; k-- > 0;)
	{
		bool		counted = lab[k] != 'o' && !f[k].repeated;

		seen[k] = seen[k + 1] + counted;
		like[k] = like[k + 1] + (counted && (f[k].has_year || f[k].label_next || f[k].has_link ||
											 f[k].has_etal || f[k].ay_start));
	}
}

/*
 * Is text[a, b) only an author list and a year, "James Thorne, Andreas
 * Vlachos, and Arpit Mittal. 2018." (ACL and APA styles put the year right
 * after the names, the title on the next line)?  Names are capitalised
 * words, initials, name particles, "and", "&", "et al."; a word broken by
 * a hyphen at a line end goes on in lower case.
 */
static bool
names_then_year_only(const char *text, size_t a, size_t b)
{
	static const char *const small[] = {"and", "et", "al", "van", "von", "der", "den", "de", "da", "di",
		"del", "la", "le", "du", "dos", "y", NULL};
	size_t		i = a,
				names = 0;
	bool		after_hyphen = false;

	while (i < b)
	{
		size_t		t,
					e;

		while (i < b && (text[i] == ' ' || text[i] == '\n' || text[i] == '\t' || text[i] == '\r' || text[i] == '\f'))
			i++;
		if (i >= b)
			break;
		t = i;
		while (i < b && text[i] != ' ' && text[i] != '\n' && text[i] != '\t' && text[i] != '\r' && text[i] != '\f')
			i++;
		e = i;
		/* the last token: the year, "2018." "(2018)." "2018a." */
		if (i >= b || text[i] == '\0')
		{
			size_t		k = t,
						d = 0;

			if (text[k] == '(')
				k++;
			while (k < e && pith_ascii_is_digit((unsigned char) text[k]))
				k++, d++;
			if (d != 4 || (text[t + (text[t] == '(')] != '1' && text[t + (text[t] == '(')] != '2'))
				return false;
			if (k < e && pith_ascii_is_lower((unsigned char) text[k]))
				k++;
			if (k < e && text[k] == ')')
				k++;
			return names >= 1 && k + 1 == e && text[k] == '.';
		}
		{
			size_t		m = e;

			while (m > t && (text[m - 1] == ',' || text[m - 1] == '.' || text[m - 1] == ';'))
				m--;
			if (m == t)
				return false;
			if (strchr("&", text[t]) && m - t == 1)
				;
			else if (pith_ascii_is_upper((unsigned char) text[t]) || (unsigned char) text[t] >= 0x80)
			{
				for (size_t k = t + 1; k < m; k++)
					if (!pith_ascii_is_alpha((unsigned char) text[k]) && (unsigned char) text[k] < 0x80 &&
						text[k] != '-' && text[k] != '\'' && text[k] != '.')
						return false;
				names++;
			}
			else if (after_hyphen && pith_ascii_is_lower((unsigned char) text[t]))
				;
			else
			{
				bool		ok = false;

				for (int k = 0; small[k] && !ok; k++)
					ok = strlen(small[k]) == m - t && memcmp(text + t, small[k], m - t) == 0;
				if (!ok)
					return false;
			}
			after_hyphen = text[e - 1] == '-';
		}
	}
	return false;
}

/* Does the line end as an author list goes on: ",", "&", ";", " and", " et", " und", " y", a letter and "-"? */
static bool
author_list_end(const char *text, const pith_line *l)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start;

	if (n == 0)
		return false;
	if (s[n - 1] == ',' || s[n - 1] == '&' || s[n - 1] == ';')
		return true;
	if (s[n - 1] == '-')
		return n < 2 || !pith_ascii_is_digit((unsigned char) s[n - 2]);
	return (n >= 4 && memcmp(s + n - 4, " and", 4) == 0) || (n >= 3 && memcmp(s + n - 3, " et", 3) == 0) ||
		(n >= 4 && memcmp(s + n - 4, " und", 4) == 0) || (n >= 2 && memcmp(s + n - 2, " y", 2) == 0);
}

/*
 * How many lines lab[] begins a reference with; of them, in *labelled how
 * many have a number label, in *lone how many are a label alone on its line.
 */
static size_t
reference_begins(const char *lab, const pith_line_facts *facts, size_t n, size_t *labelled, size_t *lone)
{
	size_t		begins = 0;

	*labelled = 0;
	*lone = 0;
	for (size_t i = 0; i < n; i++)
		if (lab[i] == 'b')
		{
			begins++;
			*labelled += facts[i].label >= 0;
			*lone += facts[i].lone_label;
		}
	return begins;
}

/* Label and split text[from, to); heading lines inside are left out. */
static void
split_range(split_state *st, size_t from, size_t to)
{
	const pith_refsplit_env *env = st->env;
	const char *text = st->text;
	pith_refsplit_result *out = st->out;
	size_t		n,
				got;
	pith_line  *lines;
	pith_line_facts *facts;
	char	   *lab;

	if (st->lines_left == 0)
	{
		out->truncated = 1;
		return;
	}
	/* count first (cheap), then hold at most lines_left lines */
	n = pith_refsec_lines(text, from, to, NULL, 0);
	if (n > st->lines_left)
	{
		out->truncated = 1;
		n = st->lines_left;
	}
	if (n == 0)
		return;
	lines = env->alloc(env->alloc_ctx, n * sizeof(pith_line));
	got = pith_refsec_lines(text, from, to, lines, n);
	(void) got;
	st->lines_left -= n;
	if (env->tick)
		env->tick(env->tick_ctx);
	facts = env->alloc(env->alloc_ctx, n * sizeof(pith_line_facts));
	pith_refsec_facts(text, lines, n, facts, env->alloc(env->alloc_ctx, pith_refsec_facts_workspace(n)));
	mark_running_lines(st, lines, n, facts);
	lab = env->alloc(env->alloc_ctx, n);
	if (pith_refsplit_model_fits(env->model))
		label_by_model(env, facts, n, lab);
	else
		label_by_rules(facts, n, lab);
	/*
	 * headings repeated inside (running headers "References") and page
	 * numbers are no reference; a bare number is one only where it cannot
	 * be a label on its own line (the reference follows on the next line)
	 */
	for (size_t i = 0; i < n; i++)
	{
		const char *s = text + lines[i].start;
		size_t		len = lines[i].end - lines[i].start;

		if (pith_refsplit_is_heading(s, len))
			lab[i] = 'o';
		else if (i > 0 && page_range_end(text, &lines[i - 1], s, len))
		{
			lab[i] = 'i';
			/* "585." closed the reference: a line of names after it begins the next */
			if (s[len - 1] == '.' && i + 1 < n && lab[i + 1] == 'i' && facts[i + 1].label < 0 &&
				(facts[i + 1].author_start || facts[i + 1].name_start || facts[i + 1].ay_start))
				lab[i + 1] = 'b';
		}
		else if (page_number_line(s, len) && !(facts[i].label_next && facts[i].first != REFSEC_FIRST_NUM_ONLY) &&
				 !(facts[i].label_next && i + 1 < n && lab[i] == 'b'))
			lab[i] = back_reference_page(text, lines, facts, n, i) ? 'i' : 'o';
	}
	/*
	 * a list labelled [1] / [Smi05] at the start of its lines: a label
	 * begins a reference, a line without one that does not start like
	 * an author name continues one
	 */
	{
		size_t		bracketed = 0;

		for (size_t i = 0; i < n; i++)
			if (facts[i].first == REFSEC_FIRST_BRACKET_KEY ||
				((facts[i].first == REFSEC_FIRST_BRACKET_NUM ||
				  (facts[i].lone_label && text[lines[i].start] == '[')) && facts[i].label_next))
				bracketed++;
		if (bracketed >= 3 && bracketed * 5 >= n)
			for (size_t i = 0; i < n; i++)
			{
				/* a label line is no page furniture, even where the labeller said so (after a page break) */
				if (lab[i] == 'o' && facts[i].first != REFSEC_FIRST_BRACKET_KEY &&
					facts[i].first != REFSEC_FIRST_BRACKET_NUM)
					continue;
				if (facts[i].first == REFSEC_FIRST_BRACKET_KEY ||
					((facts[i].first == REFSEC_FIRST_BRACKET_NUM ||
					  (facts[i].lone_label && text[lines[i].start] == '[')) && facts[i].label_next))
					lab[i] = 'b';
				else if (lab[i] == 'b' && (!facts[i].author_start ||
										   (i > 0 && lab[i - 1] != 'o' && line_left_open(text, &lines[i - 1]))))
					lab[i] = 'i';
			}
	}
	/*
	 * a list whose labels "12." stand alone on their lines, each before its
	 * reference's text: every such label in sequence begins a reference and
	 * the line after it continues that one
	 */
	{
		size_t		lone = 0;

		for (size_t i = 0; i + 1 < n; i++)
			lone += facts[i].lone_label && facts[i].label_next && facts[i].label >= 0;
		if (lone >= 3 && lone * 10 >= n)
		{
			size_t		begins,
						labelled,
						lone_begins;

			for (size_t i = 0; i + 1 < n; i++)
				if (facts[i].lone_label && facts[i].label_next && facts[i].label >= 0)
				{
					lab[i] = 'b';
					if (lab[i + 1] == 'b' && facts[i + 1].label < 0)
						lab[i + 1] = 'i';
				}
			/*
			 * where (nearly) every reference begins with such a label, a
			 * line without one ("Emergency Department Summary Tables
			 * 2011. ...") continues the reference above it
			 */
			begins = reference_begins(lab, facts, n, &labelled, &lone_begins);
			if (lone_begins * 10 >= begins * 9)
				for (size_t i = 1, p = 0; i < n; i++)
				{
					if (lab[i] == 'o')
						continue;
					if (lab[i] == 'b' && !facts[i].lone_label && facts[i].label < 0 && lab[p] == 'i')
						lab[i] = 'i';
					p = i;
				}
		}
	}
	/*
	 * inside the list, only what looks like page furniture is no reference:
	 * a page number, a repeated (running) line, a heading, a line at a page
	 * break; any other line between reference lines continues a reference
	 */
	{
		size_t		last_ref = n;

		for (size_t i = n; i-- > 0;)
			if (lab[i] != 'o')
			{
				last_ref = i;
				break;
			}
		for (size_t i = 0, seen = 0; i < n && last_ref < n && i < last_ref; i++)
		{
			const char *s = text + lines[i].start;
			size_t		len = lines[i].end - lines[i].start;

			if (lab[i] != 'o')
			{
				seen = 1;
				continue;
			}
			if (!seen || facts[i].repeated || facts[i].first == REFSEC_FIRST_NUM_ONLY ||
				(lines[i].flags & (PITH_LINE_PAGE_BEFORE | PITH_LINE_PAGE_AFTER)) ||
				page_number_line(s, len) || pith_refsplit_is_heading(s, len))
				continue;
			lab[i] = 'i';
		}
	}
	/*
	 * a table or figure the extraction put inside the list, too short to
	 * end the section: its caption ("Table 6 ...", "Figure 2.") and the
	 * lines after it up to the next reference start are no reference
	 */
	for (size_t i = 1, seen_b = lab[0] == 'b'; i < n; i++)
	{
		/* seen_b: a reference has begun above */
		if (seen_b && lab[i] != 'o' && caption_line(text + lines[i].start, lines[i].end - lines[i].start))
		{
			size_t		k = i;

			for (; k < n && !(k > i && lab[k] == 'b'); k++)
				lab[k] = 'o';
			i = k;
		}
		seen_b = seen_b || (i < n && lab[i] == 'b');
	}
	/*
	 * an author-year list (most references begin with names and a year):
	 * a line that does so too begins one, unless the line before leaves an
	 * author list open ("...,", "... and", "... &", a hyphen) or is a stub
	 */
	{
		size_t		begins = 0,
					ay = 0;

		for (size_t i = 0; i < n; i++)
			if (lab[i] == 'b')
			{
				begins++;
				ay += names_then_year(text, lines, n, i, facts);
			}
		if (begins >= 5 && ay * 10 >= begins * 7)
			for (size_t i = 1, p = 0, bl = 0; i < n; i++)
			{
				if (lab[i] == 'o')
					continue;
				/*
				 * the reference above began with its names and year, so its
				 * author list is closed: a lower-case last word or a page
				 * range's "90-" does not keep it open, only an author list's
				 * own ends do
				 */
				if (lab[i] == 'i' &&
					(facts[i].ay_start ||
					 ((text[lines[i - 1].end - 1] == '.' || after_break_past_year(lines, lab, facts, i, p, bl)) &&
					  names_then_year(text, lines, n, i, facts))) &&
					!(p == i - 1 && !facts[p].ay_start && names_then_year(text, lines, n, p, facts)) &&
					lab[p] != 'o' &&
					(!open_author_list(text, &lines[p]) ||
					 (facts[bl].ay_start && lab[bl] == 'b' && !author_list_end(text, &lines[p]))) &&
					(facts[p].words >= 3 || (facts[i].name_start && text[lines[p].end - 1] == '.' && bl + 1 < p)) &&
					facts[i].label < 0 && facts[i].first != REFSEC_FIRST_INITIAL &&
					facts[p].end2 != REFSEC_END2_INITIAL && !bare_word_then_year(text, &lines[i]))
					lab[i] = 'b';
				/*
				 * and a reference whose lines so far are its names and year
				 * ("... and Manfred Pinkal. 2006.") goes on with its title on
				 * the next line ("The SALSA corpus: ...")
				 */
				else if (lab[i] == 'b' && lab[p] == 'b' && p + 2 >= i && ends_in_year(text, &lines[p]) &&
						 facts[i].label < 0 && !names_then_year(text, lines, n, i, facts))
					lab[i] = 'i';
				else if (lab[i] == 'b' && lab[p] == 'i' && lab[bl] == 'b' && bl + 1 == p && p + 2 >= i &&
						 !facts[bl].ay_start && (facts[bl].author_start || facts[bl].name_start) &&
						 (facts[p].ay_start || names_then_year(text, lines, n, bl, facts)) &&
						 ends_in_year(text, &lines[p]) && facts[i].label < 0 && !names_then_year(text, lines, n, i, facts))
					lab[i] = 'i';
				if (lab[i] == 'b')
					bl = i;
				p = i;
			}
		/*
		 * and a reference's names and year alone on its first line keep
		 * its title, over a page break and its page number ("Sanjeev Arora,
		 * ... 2017." then "2278", a form feed, "A simple but ...")
		 */
		if (begins >= 5 && ay * 10 >= begins * 7)
			for (size_t i = 1, p = n; i < n; i++)
			{
				if (lab[i - 1] != 'o')
					p = i - 1;
				if (lab[i] == 'o' && p < n && p + 3 >= i && lab[p] == 'b' && facts[p].ay_start &&
					ends_in_year(text, &lines[p]) && !(lines[i].flags & PITH_LINE_RUNNING) && !facts[i].repeated &&
					!page_number_line(text + lines[i].start, lines[i].end - lines[i].start) &&
					!pith_refsplit_is_heading(text + lines[i].start, lines[i].end - lines[i].start) &&
					facts[i].label < 0 && !names_then_year(text, lines, n, i, facts))
				{
					bool		furniture = true;

					for (size_t k = p + 1; k < i; k++)
						furniture = furniture &&
							page_number_line(text + lines[k].start, lines[k].end - lines[k].start);
					if (furniture)
						lab[i] = 'i';
				}
			}
	}
	/*
	 * a numbered list (most references begin with their label) that groups
	 * several works under one number, each on lines of its own ("41. F.-Y.
	 * Jou et G. R. FREEMAN. Can. J. Chem. 57, 591 (1979)." then "S. ARAI et
	 * M. C. SAUER, JR. J. Chem. Phys. 44, 2297 (1966)."): a line without a
	 * label that starts with an author's name, after a line that closed a
	 * work (a year in it, ")" or ")." or "]" at its end), begins a
	 * reference of its own (a ";" between works is emit_reference's cut)
	 */
	{
		size_t		labelled,
					lone,
					begins = reference_begins(lab, facts, n, &labelled, &lone);

		if (begins >= 5 && labelled * 10 >= begins * 7)
			for (size_t i = 1, p = 0; i < n; i++)
			{
				if (lab[i] == 'o')
					continue;
				if (lab[i] == 'i' && lab[p] != 'o' && facts[i].label < 0 && facts[i].author_start &&
					facts[p].has_year && (facts[p].end2 == REFSEC_END2_CLOSE || facts[p].last == REFSEC_END_CLOSE))
					lab[i] = 'b';
				p = i;
			}
	}
	/*
	 * body text that the extraction put between the references of a
	 * labelled list (two columns read across: "Effectiveness and
	 * Efficiency", then a paragraph, then "[6] Davis A, ..."; a lone
	 * "VI. CONCLUSION"): where almost every reference begins with its
	 * label, a run of lines that starts after a blank line or a page break
	 * without a label, after a reference that closed, and runs to the next
	 * label in sequence is no reference when at least two of its lines,
	 * and half of them, are prose (or program code), or when it is only a
	 * numbered section heading in capitals
	 */
	{
		size_t		labelled,
					lone,
					begins = reference_begins(lab, facts, n, &labelled, &lone);

		/* last: the last line before i that is no 'o' (SIZE_MAX: none), kept as i goes on */
		if (begins >= 5 && labelled * 10 >= begins * 9)
			for (size_t i = 1, last = lab[0] != 'o' ? 0 : SIZE_MAX; i < n; i++)
			{
				size_t		k = i,
							prose = 0;

				/* the reference before closed ("... 2003.", "PP 16-18."): a note going on is none of this */
				if (facts[i].label >= 0 || facts[i].first == REFSEC_FIRST_BRACKET_KEY ||
					!(lines[i].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE)) ||
					last == SIZE_MAX || !line_closes(text, &lines[last]))
				{
					if (lab[i] != 'o')
						last = i;
					continue;
				}
				/* up to the next label in sequence ("[12]. The outcome ..." cites, it begins nothing) */
				while (k < n && !facts[k].label_next && facts[k].first != REFSEC_FIRST_BRACKET_KEY)
				{
					prose += prose_line(text + lines[k].start, lines[k].end - lines[k].start, &facts[k]) ||
						code_line(text + lines[k].start, lines[k].end - lines[k].start);
					k++;
				}
				if ((prose >= 2 && prose * 2 >= k - i) ||
					(k - i == 1 && numbered_heading_line(text + lines[i].start, lines[i].end - lines[i].start)))
					for (size_t q = i; q < k; q++)
						lab[q] = 'o';
				/* the run is passed over; its last line that stays a reference's is the new last */
				for (size_t q = k; q-- > i;)
					if (lab[q] != 'o')
					{
						last = q;
						break;
					}
				i = k > i ? k - 1 : i;
			}
	}
	/*
	 * a bare number after a line that ends with a volume and a comma
	 * ("Elias J., ... 1982, AJ, 87," then "1029") is that reference's page,
	 * not a page number; a line of names and a year after it begins the
	 * next reference
	 */
	for (size_t i = 1; i < n; i++)
	{
		const char *ps = text + lines[i - 1].start;
		size_t		pn = lines[i - 1].end - lines[i - 1].start;

		if (lab[i - 1] != 'o' && facts[i].first == REFSEC_FIRST_NUM_ONLY && !facts[i].label_next &&
			page_number_line(text + lines[i].start, lines[i].end - lines[i].start) && pn >= 3 &&
			ps[pn - 1] == ',' && pith_ascii_is_digit((unsigned char) ps[pn - 2]) && facts[i - 1].has_year &&
			(i + 1 == n || ((facts[i + 1].ay_start || facts[i + 1].author_start) && facts[i + 1].label < 0)))
		{
			lab[i] = 'i';
			if (i + 1 < n)
				lab[i + 1] = 'b';
		}
	}
	/*
	 * a bare number after a line that ends in an identifier broken at the
	 * line's end ("doi:10.1007/s00253-017-8215-" then "7", "PMID: 2247"
	 * then "9202") is the identifier's tail, not a page number (unless a
	 * form feed comes between and the identifier ended with a period)
	 */
	for (size_t i = 1; i < n; i++)
		if (lab[i] == 'o' && lab[i - 1] != 'o' && facts[i].first == REFSEC_FIRST_NUM_ONLY && !facts[i].label_next &&
			!((lines[i].flags & PITH_LINE_PAGE_BEFORE) && text[lines[i - 1].end - 1] == '.') &&
			identifier_cut_at_end(text + lines[i - 1].start, lines[i - 1].end - lines[i - 1].start))
			lab[i] = 'i';
	/*
	 * a reference whose lines so far are only its names and a year
	 * ("James Thorne, Andreas Vlachos, ... 2018.") goes on: its title
	 * follows on the next line, however that line starts
	 */
	for (size_t i = 1, p = 0, bl = 0; i < n; i++)
	{
		if (lab[i] == 'o')
			continue;
		if (lab[i] == 'b' && lab[p] != 'o' && facts[i].label < 0 && !facts[i].ay_start &&
			!facts[i].author_start && facts[i].first != REFSEC_FIRST_BRACKET_KEY && !facts[i].sub_label &&
			p - bl <= 3 && names_then_year_only(text, lines[bl].start, lines[p].end))
			lab[i] = 'i';
		if (lab[i] == 'b')
			bl = i;
		p = i;
	}
	/*
	 * a line that ends with a title's function word ("Global and Target
	 * Analysis of") leaves its reference open: the line after it, without
	 * a label, goes on with it (also where it seems to start with names and
	 * a year: "Time-resolved Spectra.” Biochimica et Biophysica Acta, 1657")
	 */
	for (size_t i = 1, p = 0; i < n; i++)
	{
		/* the list's last line too, where the labeller left it out ("Fourth SIGHAN Workshop on ...") */
		if (lab[i] == 'o' && p == i - 1 && lab[p] != 'o' && ends_with_function_word(text, &lines[p]) &&
			!(lines[i].flags & (PITH_LINE_RUNNING | PITH_LINE_PAGE_BEFORE)) && !facts[i].repeated &&
			facts[i].label < 0 && !page_number_line(text + lines[i].start, lines[i].end - lines[i].start) &&
			!pith_refsplit_is_heading(text + lines[i].start, lines[i].end - lines[i].start) &&
			!pith_refsplit_is_stop_heading(text + lines[i].start, lines[i].end - lines[i].start) &&
			(i + 1 == n || lab[i + 1] != 'i'))
			lab[i] = 'i';
		if (lab[i] == 'o')
			continue;
		if (lab[i] == 'b' && lab[p] != 'o' && facts[i].label < 0 && facts[i].first != REFSEC_FIRST_BRACKET_KEY &&
			!facts[i].sub_label && ends_with_function_word(text, &lines[p]))
			lab[i] = 'i';
		p = i;
	}
	/*
	 * across page furniture (page number, running header), a reference
	 * goes on where its last line left it open ("...,", "... and", a
	 * hyphen, a lower-case word) and the line after has no label
	 */
	{
		size_t		labelled,
					lone,
					begins = reference_begins(lab, facts, n, &labelled, &lone);

		for (size_t i = 1, p = 0, furniture = 0; i < n; i++)
		{
			if (lab[i] == 'o')
			{
				furniture = lab[p] != 'o';
				continue;
			}
			if (furniture && lab[i] == 'b' && lab[p] != 'o' && facts[i].label < 0 &&
				facts[i].first != REFSEC_FIRST_BRACKET_KEY && !facts[i].sub_label &&
				open_author_list(text, &lines[p]))
				lab[i] = 'i';
			/*
			 * and in a list without labels, one whose last line closed it
			 * ("..., 2008.") ends there: names after the furniture begin the next
			 */
			else if (furniture && lab[i] == 'i' && lab[p] != 'o' && labelled * 2 < begins && facts[i].label < 0 &&
					 !facts[i].lone_label &&
					 (facts[i].author_start || facts[i].ay_start ||
					  initials_name_start(text + lines[i].start, lines[i].end - lines[i].start)) &&
					 line_closes(text, &lines[p]))
				lab[i] = 'b';
			furniture = 0;
			p = i;
		}
	}
	/*
	 * the section's last reference, far longer than its references
	 * usually are, ran on into what follows the list (prose, affiliations,
	 * a caption): it ends at its first line that ends a reference (a
	 * digit, ")" or "." after one of them), the rest is no reference
	 */
	{
		size_t		nref = 0,
					nline = 0,
					lastb = n;

		for (size_t i = 0; i < n; i++)
			if (lab[i] != 'o')
			{
				nline++;
				if (lab[i] == 'b')
				{
					nref++;
					lastb = i;
				}
			}
		if (nref >= 5 && lastb < n)
		{
			size_t		typical = (nline + nref - 1) / nref,
						len = 0;

			for (size_t i = lastb; i < n; i++)
				len += lab[i] != 'o';
			if (len > 6 && len > 3 * typical)
				for (size_t i = lastb, seen = 0; i < n; i++)
				{
					const char *e = text + lines[i].end - 1;

					if (lab[i] == 'o')
						continue;
					if (seen)
						lab[i] = 'o';
					else if (pith_ascii_is_digit((unsigned char) *e) || *e == ')' ||
							 facts[i].end2 == REFSEC_END2_DIGIT || facts[i].end2 == REFSEC_END2_CLOSE)
						seen = 1;
				}
		}
	}
	/*
	 * the section's last reference ends at a line that closes it (pages,
	 * an identifier: closes_reference); a line after it that starts a
	 * sentence of its own -- a caption, the title of the next article in
	 * the issue, an editor's credit, an address -- and all after it are no
	 * reference; so are the paper's history ("Received January 2021;
	 * revised October 2021; accepted December 2021") and all after it
	 */
	{
		size_t		lastb = n,
					labelled = 0,
					before = n;

		for (size_t i = 0; i < n; i++)
		{
			if (lab[i] == 'b')
				lastb = i;
			/* (labels in a block of their own, pulled away from the texts, do not make the texts labelled) */
			labelled += facts[i].label_next && !(facts[i].lone_label && i + 1 < n && facts[i + 1].lone_label);
		}
		/*
		 * in a numbered list, a last "reference" without a label after
		 * one that closed is what follows the list
		 */
		for (size_t i = lastb; i > 0 && lastb < n;)
			if (lab[--i] != 'o')
			{
				before = i;
				break;
			}
		if (labelled >= 2 && lastb < n && before < n && facts[lastb].label < 0 && !facts[before].lone_label &&
			facts[before].words >= 2 && closes_reference(text + lines[before].start, lines[before].end - lines[before].start))
		{
			for (size_t k = lastb; k < n; k++)
				lab[k] = 'o';
			lastb = n;
		}
		for (size_t i = lastb, p = n; i < n; i++)
		{
			if (lab[i] == 'o')
				continue;
			if ((p < n && facts[p].words >= 2 && closes_reference(text + lines[p].start, lines[p].end - lines[p].start) &&
				 !goes_on_after_close(text + lines[i].start, lines[i].end - lines[i].start)) ||
				(i > 0 && history_line(text + lines[i].start, lines[i].end - lines[i].start, &facts[i])))
			{
				for (size_t k = i; k < n; k++)
					lab[k] = 'o';
				break;
			}
			p = i;
		}
	}
	/*
	 * the list is over where three lines in a row (page furniture aside)
	 * are running prose or affiliations and no references follow them:
	 * the section ran on into the paper's text, an author list's
	 * addresses or a caption; they and all after them are no reference
	 */
	{
		size_t		run = 0,
					run_start = n;
		bool		seen_b = false;
		int32_t		last_label = -1;
		uint8_t		last_first = 0;
		uint32_t   *seen = env->alloc(env->alloc_ctx, (n + 1) * sizeof(uint32_t));
		uint32_t   *like = env->alloc(env->alloc_ctx, (n + 1) * sizeof(uint32_t));

		count_reference_like_after(facts, lab, n, seen, like);

		for (size_t i = 0; i < n; i++)
		{
			const char *s = text + lines[i].start;
			size_t		len = lines[i].end - lines[i].start;

			if (lab[i] == 'o')
				continue;
			if (seen_b && (prose_line(s, len, &facts[i]) || affiliation_line(s, len, &facts[i])))
			{
				if (run++ == 0)
					run_start = i;
				if (run == 3 && (uint64_t) like[run_start] * 5 < seen[run_start])
				{
					/* a numbered list goes on after what interrupted it where its next label is */
					size_t		next = n;

					for (size_t k = run_start + 1; k < n && k <= run_start + RESUME_LINES && last_label >= 0; k++)
						if (facts[k].label == last_label + 1 && facts[k].first == last_first)
						{
							next = k;
							break;
						}
					for (size_t k = run_start; k < next; k++)
						lab[k] = 'o';
					if (next == n)
						break;
					lab[next] = 'b';
					i = next;
					run = 0;
				}
			}
			else
				run = 0;
			seen_b = seen_b || lab[i] == 'b';
			if (lab[i] == 'b' && facts[i].label >= 0)
			{
				last_label = facts[i].label;
				last_first = facts[i].first;
			}
		}
	}
	/*
	 * a paragraph of the paper between two references of a list without
	 * labels (the first page of an appendix read before the list's last
	 * column): after a line that closes a reference, a blank line, then
	 * four lines or more up to the next reference's start, most of them
	 * lower-case prose (in-text citations allowed), none going on like a
	 * reference's tail
	 */
	for (size_t i = 1, p = 0; i < n; i++)
	{
		size_t		j,
					prose = 0;

		if (lab[i] == 'o')
			continue;
		if (lab[i] == 'i' && lab[p] != 'o' && (lines[i].flags & PITH_LINE_BLANK_BEFORE) && facts[i].label < 0 &&
			closes_reference(text + lines[p].start, lines[p].end - lines[p].start) &&
			!goes_on_after_close(text + lines[i].start, lines[i].end - lines[i].start))
		{
			for (j = i; j < n && lab[j] != 'b'; j++)
				prose += lab[j] == 'i' &&
					mostly_lower_case_words(text + lines[j].start, lines[j].end - lines[j].start, 6);
			if (j < n && j - i >= 4 && prose * 3 >= (j - i) * 2 && facts[j].label < 0 &&
				(lines[j].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE)))
			{
				for (size_t k = i; k < j; k++)
					lab[k] = 'o';
				i = j;
			}
		}
		p = i;
	}
	/*
	 * a number alone on its line that the labeller took for a page number
	 * ("1", then "Saitz TR, ..."), where the list's next label stands
	 * alone the same way and begins a reference: it is the label
	 */
	for (size_t i = 0; i + 1 < n; i++)
		if (lab[i] == 'o' && facts[i].first == REFSEC_FIRST_NUM_ONLY && facts[i].label_next && lab[i + 1] != 'o')
			for (size_t j = i + 2; j < n && j <= i + 30; j++)
				if (facts[j].first == REFSEC_FIRST_NUM_ONLY && facts[j].label == facts[i].label + 1)
				{
					if (lab[j] == 'b')
					{
						lab[i] = 'b';
						lab[i + 1] = 'i';
					}
					break;
				}
	/*
	 * a number alone on its line that continues the reference above it
	 * (the tail of a DOI broken at its hyphen: "...-8889-" then "5."),
	 * not a label: the line after it that starts with a name begins the
	 * next reference
	 */
	for (size_t i = 2; i < n; i++)
		if (lab[i] == 'i' && lab[i - 1] == 'i' && lab[i - 2] != 'o' && facts[i - 1].lone_label &&
			!facts[i - 1].label_next && text[lines[i - 2].end - 1] == '-' && facts[i].author_start &&
			facts[i].label < 0)
			lab[i] = 'b';
	/*
	 * in a list without labels, a line after one that ends with an
	 * identifier (a PMID, an ISBN, a DOI) that starts as no reference's
	 * tail does begins the next one, also when it is no person's name
	 * ("Pew Research.", "Committee on Women in Science, ...")
	 */
	{
		size_t		labelled,
					lone,
					begins = reference_begins(lab, facts, n, &labelled, &lone);

		if (begins >= 5 && labelled * 10 < begins)
			for (size_t i = 1, p = 0; i < n; i++)
			{
				if (lab[i] == 'o')
					continue;
				if (lab[i] == 'i' && lab[p] != 'o' && facts[p].words >= 2 && facts[i].label < 0 &&
					ends_with_identifier(text + lines[p].start, lines[p].end - lines[p].start) &&
					!goes_on_after_close(text + lines[i].start, lines[i].end - lines[i].start))
					lab[i] = 'b';
				p = i;
			}
	}
	/* a label alone on its line ("[Ahl78]", "[12]") begins the reference the next line continues */
	for (size_t i = 0; i + 1 < n; i++)
		if (lab[i] == 'b' && facts[i].lone_label && lab[i + 1] == 'b' && !facts[i + 1].label_next &&
			facts[i + 1].first != REFSEC_FIRST_BRACKET_KEY)
			lab[i + 1] = 'i';
	/*
	 * an author's initials carried to the next line ("... Singer AT, Taylor"
	 * then "JL, Szatmari P (2015) ..."): a line that begins with one to
	 * three capitals and a comma, after a line ending in a capitalised
	 * name, continues the reference
	 */
	for (size_t i = 1, p = 0; i < n; i++)
	{
		const char *s = text + lines[i].start;
		size_t		len = lines[i].end - lines[i].start,
					k = 0;

		if (lab[i] == 'o')
			continue;
		while (k < len && k < 4 && pith_ascii_is_upper((unsigned char) s[k]))
			k++;
		if (lab[i] == 'b' && lab[p] != 'o' && k >= 1 && k <= 3 && k + 1 < len && s[k] == ',' && s[k + 1] == ' ' &&
			facts[i].label < 0)
		{
			const char *e = text + lines[p].end;
			size_t		w = 0;

			while (e - w > text + lines[p].start && (pith_ascii_is_alpha((unsigned char) e[-1 - (long) w]) ||
													  (unsigned char) e[-1 - (long) w] >= 0x80 || e[-1 - (long) w] == '-'))
				w++;
			if (w >= 2 && e - w > text + lines[p].start && e[-1 - (long) w] == ' ' &&
				pith_ascii_is_upper((unsigned char) e[-(long) w]) && pith_ascii_is_lower((unsigned char) e[-1]))
				lab[i] = 'i';
		}
		/*
		 * a surname carried to the next line after its first name
		 * ("..., and Ignacio" then "Thayer. 2006. Scalable ..."): one
		 * capitalised word and a period or comma, then names or the year
		 */
		else if (lab[i] == 'b' && lab[p] != 'o' && facts[i].label < 0 && facts[i].ay_start && k == 1 &&
				 !facts[i].author_start)
		{
			const char *b = text + lines[p].start,
					   *e = text + lines[p].end;
			size_t		w = 0,
						j = 1;

			while (j < len && (pith_ascii_is_lower((unsigned char) s[j]) || s[j] == '-'))
				j++;
			while (e - w > b && pith_ascii_is_alpha((unsigned char) e[-1 - (long) w]))
				w++;
			if (j >= 3 && j < len && (s[j] == '.' || s[j] == ',') && w >= 3 && e - w - 1 > b &&
				e[-1 - (long) w] == ' ' && pith_ascii_is_upper((unsigned char) e[-(long) w]) &&
				(e[-2 - (long) w] == ',' ||
				 (e - w - 5 >= b && memcmp(e - w - 5, " and", 4) == 0)))
				lab[i] = 'i';
		}
		p = i;
	}
	/*
	 * a line ending in an initial ("... W. Shi, Z." / "b )B." / "Müller,F .")
	 * leaves an author list open: the next line, without a label, goes on
	 */
	for (size_t i = 1, p = 0; i < n; i++)
	{
		if (lab[i] == 'o')
			continue;
		if (lab[i] == 'b' && lab[p] != 'o' && facts[i].label < 0 && !facts[i].sub_label &&
			facts[i].first != REFSEC_FIRST_BRACKET_KEY &&
			ends_in_initial(text + lines[p].start, lines[p].end - lines[p].start))
			lab[i] = 'i';
		p = i;
	}
	/*
	 * the last reference left open by a comma or a word ("... J. Math.
	 * Phys. 41 (2000),", "... human angiotensin I-converting enzyme"):
	 * the line right after it, in lower case, short, and closing a
	 * reference ("no. 5, 2905-2921.", "are both catalytically active. J.
	 * Biol. Chem. 266, 9002–9008"), is its tail, not what follows the list
	 */
	{
		size_t		last = n;

		for (size_t i = n; i-- > 0;)
			if (lab[i] != 'o')
			{
				last = i;
				break;
			}
		if (last + 1 < n)
		{
			size_t		i = last + 1;
			const char *s = text + lines[i].start;
			size_t		len = lines[i].end - lines[i].start;

			char		e = text[lines[last].end - 1];

			if ((e == ',' || pith_ascii_is_alpha((unsigned char) e)) && !(lines[i].flags & PITH_LINE_PAGE_BEFORE) &&
				pith_ascii_is_lower((unsigned char) s[0]) && facts[i].words <= 12 &&
				(closes_reference(s, len) ||
				 (pith_ascii_is_digit((unsigned char) s[len - 1]) && has_page_range(s, len))))
				lab[i] = 'i';
		}
		/*
		 * and what a reference prints after its end ("Available from:
		 * https://...", "[arXiv:hep-ex/0712.2397]", "PMID: 123") on the
		 * lines right after it is still its own
		 */
		for (size_t i = last + 1; last < n && i < n && lab[i] == 'o' && !(lines[i].flags & PITH_LINE_PAGE_BEFORE) &&
			 reference_tail_line(text + lines[i].start, lines[i].end - lines[i].start); i++)
			lab[i] = 'i';
	}
	/*
	 * lines that go on with the reference before them, whatever the
	 * labeller said: the venue alone ("In ICML.", its names line after it
	 * begins the next reference instead), the publisher's place and name
	 * ("New York: Oxford University Press."), and the rest of an author
	 * list cut after a given name ("Matt Gardner, Joel Grus, Mark Neumann,
	 * Oyvind" then "Tafjord, Pradeep Dasigi, ...")
	 */
	for (size_t i = 1; i < n; i++)
	{
		const char *s = text + lines[i].start;
		size_t		len = lines[i].end - lines[i].start;

		if (lab[i] != 'b' || lab[i - 1] == 'o' || facts[i].label >= 0)
			continue;
		if (venue_alone(s, len))
		{
			lab[i] = 'i';
			if (i + 1 < n && lab[i + 1] == 'i' && (facts[i + 1].name_start || facts[i + 1].author_start))
				lab[i + 1] = 'b';
		}
		else if (place_and_publisher(s, len))
			lab[i] = 'i';
		else if (names_cut_after_given_name(text + lines[i - 1].start, lines[i - 1].end - lines[i - 1].start) &&
				 surname_then_comma(s, len))
		{
			/* the reference begins with the names line, after one that closed */
			lab[i] = 'i';
			if (lab[i - 1] == 'i' && i >= 2 && lab[i - 2] != 'o' && text[lines[i - 2].end - 1] == '.')
				lab[i - 1] = 'b';
		}
	}
	/*
	 * a reference without its pages yet ("... inhibitor captopril in
	 * hypertension.") whose journal, volume and pages the labeller left
	 * out at a page's or the list's end ("Hypertension 49, 695–703")
	 */
	for (size_t i = 1, bl = 0; i < n; i++)
	{
		if (lab[i - 1] == 'b')
			bl = i - 1;
		if (lab[i] == 'o' && lab[i - 1] != 'o' && !(lines[i].flags & (PITH_LINE_PAGE_BEFORE | PITH_LINE_RUNNING)) &&
			volume_pages_line(text + lines[i].start, lines[i].end - lines[i].start))
		{
			bool		paged = false;

			for (size_t k = bl; k < i && !paged; k++)
				paged = has_page_range(text + lines[k].start, lines[k].end - lines[k].start);
			if (!paged)
				lab[i] = 'i';
		}
	}
	/* a line of one word after a DOI broken at its "/" ("doi:10.1017/" then "S0033291796004424.") is its tail */
	for (size_t i = 1; i < n; i++)
		if (lab[i] == 'b' && lab[i - 1] != 'o' && facts[i].label < 0 && text[lines[i - 1].end - 1] == '/' &&
			!memchr(text + lines[i].start, ' ', lines[i].end - lines[i].start) &&
			identifier_cut_at_end(text + lines[i - 1].start, lines[i - 1].end - lines[i - 1].start))
			lab[i] = 'i';
	/*
	 * labels that pdftotext pulled away from their references into a block
	 * of their own ("51." "52." ... "76.", one per line, the texts
	 * elsewhere): three or more lines in a row that are each only a label,
	 * in sequence, after a reference, begin no reference; a block from 1
	 * that opens the list, before a line of text, neither: the list starts
	 * at that text
	 */
	for (size_t i = 0, seen = 0; i < n;)
	{
		size_t		k = i + 1;

		if (!facts[i].lone_label || facts[i].label < 0 || (seen == 0 && facts[i].label != 1))
		{
			seen = seen || lab[i] != 'o';
			i++;
			continue;
		}
		while (k < n && facts[k].lone_label && facts[k].label == facts[k - 1].label + 1)
			k++;
		if (k - i >= 3 && (seen || (k < n && lab[k] != 'o' && facts[k].label < 0 && !facts[k].lone_label)))
		{
			for (size_t j = i; j < k; j++)
				lab[j] = 'o';
			if (!seen)
				lab[k] = 'b';
		}
		seen = seen || lab[i] != 'o';
		i = k;
	}
	/*
	 * in a numbered list, the next label at a line's start after a line
	 * that closed the reference above ("... [PMID: 9663521]" then "89.
	 * National Flu Surveillance Network ...") begins a reference,
	 * whatever the labeller said
	 */
	{
		size_t		numbered,
					lone,
					begins = reference_begins(lab, facts, n, &numbered, &lone);

		if (numbered >= 5 && numbered * 2 >= begins)
			for (size_t i = 0, p = n, cur = 0; i < n; i++)
			{
				if (lab[i] == 'o')
					continue;
				if (lab[i] == 'i' && p < n && lab[cur] == 'b' && facts[cur].label >= 0 &&
					facts[i].label == facts[cur].label + 1 && facts[i].first == facts[cur].first &&
					!facts[i].lone_label && line_closes(text, &lines[p]))
					lab[i] = 'b';
				if (lab[i] == 'b')
					cur = i;
				p = i;
			}
	}
	/*
	 * a line no reference begins with, after a line of the list: the line
	 * before ends with a word and a colon ("... of the Association for
	 * Computational Linguistics:", then "HLT-NAACL 2004, pages 145-152";
	 * not a volume's "172:" whose pages were lost), or it opens
	 * with the container of the work above ("In Proceedings of the 57th
	 * Annual Meeting ..."), or it goes on with a link the line before
	 * broke ("... www.who.int/emc/diseases/zoo/SALM", "-SURV/frameset.html
	 * on 29 November 2001.")
	 */
	for (size_t i = 1, p = n; i < n; i++)
	{
		if (lab[i] == 'o')
			continue;
		if (lab[i] == 'b' && p < n && facts[i].label < 0 && !facts[i].lone_label &&
			((text[lines[p].end - 1] == ':' && pith_ascii_is_alpha((unsigned char) text[lines[p].end - 2]) &&
			  facts[p].words >= 3 && facts[p].label < 0 && !facts[p].lone_label) ||
			 container_opening(text + lines[i].start, lines[i].end - lines[i].start) ||
			 link_goes_on(text, &lines[p], &lines[i])))
			lab[i] = 'i';
		p = i;
	}
	/* a running header or footer of the whole text is no reference's, whatever the rules above made of it */
	for (size_t i = 0; i < n; i++)
		if ((lines[i].flags & PITH_LINE_RUNNING) || lone_header_word(text, lines, facts, lab, n, i))
			lab[i] = 'o';
	/* the first line of a section's references begins one */
	for (size_t i = 0; i < n; i++)
		if (lab[i] != 'o')
		{
			lab[i] = 'b';
			break;
		}

	grow_lines(st, out->nlines + n);
	memcpy(out->labels + out->nlines, lab, n);
	memcpy(out->lines + out->nlines, lines, n * sizeof(pith_line));
	out->nlines += n;

	/* assemble: a reference is a b line and the i lines after it (o lines skipped) */
	{
		size_t		i = 0;
		pith_line  *segs = env->alloc(env->alloc_ctx, n * sizeof(pith_line));

		while (i < n)
		{
			size_t		nseg = 0;

			while (i < n && lab[i] == 'o')
				i++;
			if (i >= n)
				break;
			segs[nseg++] = lines[i];
			for (i++; i < n && lab[i] != 'b'; i++)
				if (lab[i] == 'i')
					segs[nseg++] = lines[i];
			emit_reference(st, segs, nseg);
		}
	}
}

static void
init_result(pith_refsplit_result *out)
{
	memset(out, 0, sizeof(*out));
	out->status = PITH_REFSPLIT_NO_SECTION;
}

static void
finish(pith_refsplit_result *out)
{
	if (out->nrefs > 0)
	{
		out->status = PITH_REFSPLIT_OK;
		if (out->reason == NULL)
			out->reason = out->nsections > 1 ? "References were found in more than one reference section."
				: "References were found in the reference section.";
	}
	else if (out->nsections > 0 || out->headings_seen > 0)
	{
		out->status = PITH_REFSPLIT_EMPTY_SECTION;
		out->reason = "A reference section heading was found, but no reference-like lines follow it.";
	}
	else
	{
		out->status = PITH_REFSPLIT_NO_SECTION;
		out->reason = "No reference section was found: no heading such as References or Bibliography "
			"followed by reference-like lines, and no numbered list [1], [2], [3].";
	}
}

void
pith_refsplit_section_only(const pith_refsplit_env *env, const char *text, size_t len,
						   pith_refsplit_result *out)
{
	split_state st;

	init_result(out);
	memset(&st, 0, sizeof(st));
	st.env = env;
	st.text = text;
	st.out = out;
	st.lines_left = PITH_REFSPLIT_MAX_LINES;
	if (len > PITH_REFSPLIT_MAX_INPUT)
		len = PITH_REFSPLIT_MAX_INPUT;
	st.len = len;
	out->nsections = 1;
	out->sections[0].start = 0;
	out->sections[0].end = (uint32_t) len;
	split_range(&st, 0, len);
	finish(out);
}

/*
 * The affiliation number k opening a line: "1 Astrophysics, ...",
 * "2Department of ..." (a superscript read as a digit); 0 if none.
 */
static int
affiliation_number(const char *s, size_t n)
{
	size_t		i = 0;
	int			k = 0;

	while (i < n && i < 2 && pith_ascii_is_digit((unsigned char) s[i]))
		k = k * 10 + (s[i++] - '0');
	if (i == 0 || i >= n || !(s[i] == ' ' || pith_ascii_is_upper((unsigned char) s[i])))
		return 0;
	return k;
}

/* How many lines after an affiliation "1" its "2" may come (the first may wrap). */
#define AFFILIATION_LOOKAHEAD 6

/*
 * A list of the authors' affiliations set after the references, as
 * journals such as MNRAS print them: "1 Astrophysics, Department of
 * Physics, University of Oxford, ..." then "2 Physics and Astronomy,
 * University of ...".  Numbered 1, 2, ... again after the references' own
 * numbers, an institution on each: the line l starts it when it is
 * affiliation 1 and affiliation 2 follows within a few lines.
 */
static bool
affiliation_list(const char *text, pith_line l, size_t len)
{
	pith_line_iter it;
	pith_line	m;
	int			seen = 0;

	if (affiliation_number(text + l.start, l.end - l.start) != 1 ||
		!institution_line(text + l.start, l.end - l.start))
		return false;
	pith_refsec_iter_init(&it, l.end, len);
	while (seen++ < AFFILIATION_LOOKAHEAD && pith_refsec_next_line(text, &it, &m))
		if (affiliation_number(text + m.start, m.end - m.start) == 2)
			return institution_line(text + m.start, m.end - m.start);
	return false;
}

/*
 * Where does a section starting at pos end?  At a stop heading (then
 * *next_heading is where it starts, else len), a caption or an appendix
 * letter heading followed by no reference-like lines, a list of the
 * authors' affiliations, or len.
 */
static size_t
section_end(const pith_refsplit_env *env, const char *text, size_t pos, size_t len, size_t *next_heading)
{
	pith_line_iter it;
	pith_line	l;
	size_t		count = 0;
	pith_line	prev = {0, 0, 0, 0};
	bool		have_prev = false;

	*next_heading = len;
	pith_refsec_iter_init(&it, pos, len);
	while (pith_refsec_next_line(text, &it, &l))
	{
		const char *s = text + l.start;
		size_t		n = l.end - l.start;

		if (env->tick && ++count % TICK_EVERY == 0)
			env->tick(env->tick_ctx);
		if (pith_refsplit_is_stop_heading(s, n))
		{
			*next_heading = l.start;
			return l.start;
		}
		if (caption_line(s, n) && appendix_like_after(text, l.end, len))
			return l.start;
		if (affiliation_list(text, l, len))
			return l.start;
		if (letter_heading(s, n) && have_prev &&
			(text[prev.end - 1] == '.' || pith_ascii_is_digit((unsigned char) text[prev.end - 1])) &&
			appendix_like_after(text, l.end, len))
			return l.start;
		prev = l;
		have_prev = true;
	}
	return len;
}

/*
 * Where a trailing numbered list [1], [2], [3] starts, or len if none: the
 * last list of three bracketed labels, five plain ones or three whose text
 * starts with an author; a later list whose items mostly do not start with
 * an author (a journal's numbered criteria after the paper) does not
 * displace an earlier one whose items do.
 */
static size_t
numbered_list_start(const pith_refsplit_env *env, const char *text, size_t len)
{
	pith_line_iter it;
	pith_line	l;
	size_t		best = len,
				cand = len,
				count = 0;
	int32_t		expect = -1;
	int			run = 0,
				authors = 0;
	bool		bracket = false,
				qualified = false,
				best_authors = false;

	pith_refsec_iter_init(&it, 0, len);
	for (bool more = true; more;)
	{
		const char *s;
		size_t		n;
		int32_t		v = -1;
		size_t		after = 0;

		more = pith_refsec_next_line(text, &it, &l);
		if (more)
		{
			s = text + l.start;
			n = l.end - l.start;
			if (env->tick && ++count % TICK_EVERY == 0)
				env->tick(env->tick_ctx);
			if (!pith_ascii_is_digit((unsigned char) s[0]) && s[0] != '[' && s[0] != '(')
				continue;
			v = pith_refsec_label(s, n, &after);
			if (v < 0)
				continue;
			while (after < n && s[after] == ' ')
				after++;
		}
		if (!more || v == 1)
		{
			/* the list before ends: is it one, and does it read like references? */
			if (qualified)
			{
				bool		by_authors = authors * 2 >= run;

				if (by_authors || !best_authors)
				{
					best = cand;
					best_authors = by_authors;
				}
			}
			if (!more)
				break;
			cand = l.start;
			expect = 2;
			run = 1;
			qualified = false;
			bracket = s[0] == '[';
			authors = pith_refsec_author_start(s + after, n - after);
		}
		else if (v >= expect && v <= expect + 2 && expect > 0 && bracket == (s[0] == '['))
		{
			/* one or two labels may be lost (inside a line, or by OCR) */
			expect = v + 1;
			run++;
			authors += pith_refsec_author_start(s + after, n - after);
			/* [1] [2] [3]; 1. 2. 3. 4. 5.; or three whose text starts with an author */
			qualified = qualified || run == (bracket ? 3 : 5) || (run == 3 && authors == 3);
		}
	}
	return best;
}

/* How many references back resume_point looks for the last one with a label (one may have lost it). */
#define RESUME_LABEL_BACK 3

/* Does the line l begin like an author-year reference: names, then a year early on? */
static bool
author_year_line(const char *text, const pith_line *l)
{
	pith_line_facts f;
	uint32_t	work[64];

	if (pith_refsec_facts_workspace(1) > sizeof(work))
		return false;
	pith_refsec_facts(text, l, 1, &f, work);
	return f.ay_start;
}

/*
 * Are most of the lines after pos reference text?  A list taken up again
 * after an interruption asks for more than reference_like: half its lines.
 */
static bool
mostly_reference_like(const char *text, size_t pos, size_t len)
{
	size_t		like,
				seen;

	lookahead(text, pos, len, &like, &seen);
	return seen >= 3 && like * 2 >= seen;
}

/*
 * A list interrupted by a table or figure the extraction put between its
 * pages (whose cells may read like a stop heading: "Index", "Notes"): after
 * the end of a section, the line (within RESUME_LINES lines, before any
 * reference heading) where the list goes on, followed by reference-like
 * lines; len if none.  A numbered list goes on at the label after the last
 * reference's (the last few references may have lost theirs: "3 Levi BH
 * ...", "Nicholas LH ...", then "5 Brinkman ..."; one label may be lost at
 * the interruption too).  An author-year list goes on, when the section
 * ended at a caption or a table rather than at a stop heading
 * (after_stop false), at a line of names then a year whose first letter
 * keeps the alphabetical order ("Kupferberg HJ (1989) ...", a table, then
 * "Löscher W ..."), followed by mostly reference lines; or, after a bare
 * "Appendix" heading, at such a line among the first two after it (the
 * appendix's first page holding the list's last column, whatever
 * follows; the last reference's names may fill its first line, so its
 * first two lines are read).
 */
static size_t
resume_point(const pith_refsplit_env *env, const char *text, size_t pos, size_t len, const pith_refsplit_result *out,
			 bool after_stop)
{
	pith_line_iter it;
	pith_line	l;
	size_t		after = 0,
				seen = 0;
	int32_t		expect = -1;
	char		style = '1';
	unsigned char letter = 0;
	bool		bare_appendix = false;

	if (out->nrefs == 0 || pos >= len)
		return len;
	if (after_stop)
	{
		char		w[32];
		pith_line_iter hit;
		pith_line	h;

		pith_refsec_iter_init(&hit, pos, len);
		if (pith_refsec_next_line(text, &hit, &h) &&
			heading_words(text + h.start, h.end - h.start, w, sizeof(w)) > 0 &&
			(strcmp(w, "appendix") == 0 || strcmp(w, "appendices") == 0))
		{
			bare_appendix = true;
			pos = h.end;
		}
	}
	for (size_t k = 0; k < RESUME_LABEL_BACK && k < out->nrefs && expect < 0; k++)
	{
		const pith_refsplit_ref *r = &out->refs[out->nrefs - 1 - k];
		const char *t = text + r->start;
		int32_t		v = pith_refsec_label(t, r->end - r->start, &after);

		if (v >= 0)
		{
			expect = v + (int32_t) k + 1;
			style = t[0] == '[' ? '[' : t[0] == '(' ? '(' : '1';
		}
	}
	if (expect < 0)
	{
		const pith_refsplit_ref *r = &out->refs[out->nrefs - 1];
		pith_line	rl = {r->start, r->end, 0, 0};

		if ((after_stop && !bare_appendix) || !pith_ascii_is_upper((unsigned char) text[r->start]))
			return len;
		/* the last reference's first line (its first two after an appendix heading: names may fill one) */
		for (size_t e = r->start, lines = bare_appendix ? 2 : 1; e < r->end; e++)
			if (text[e] == '\n' && --lines == 0)
			{
				rl.end = (uint32_t) e;
				break;
			}
		if (!author_year_line(text, &rl))
			return len;
		letter = (unsigned char) text[r->start];
	}
	pith_refsec_iter_init(&it, pos, len);
	while (seen++ < RESUME_LINES && pith_refsec_next_line(text, &it, &l))
	{
		const char *s = text + l.start;
		size_t		n = l.end - l.start;
		char		st;

		if (env->tick && seen % TICK_EVERY == 0)
			env->tick(env->tick_ctx);
		if (pith_refsplit_is_heading(s, n))
			return len;
		if (letter)
		{
			if (pith_ascii_is_upper((unsigned char) s[0]) && (unsigned char) s[0] >= letter &&
				author_year_line(text, &l) && (mostly_reference_like(text, l.start, len) || bare_appendix))
				return l.start;
			if (bare_appendix && seen >= 2)
				return len;
			continue;
		}
		st = s[0] == '[' ? '[' : s[0] == '(' ? '(' : '1';
		if (st == style && (pith_ascii_is_digit((unsigned char) s[0]) || s[0] == '[' || s[0] == '('))
		{
			int32_t		v = pith_refsec_label(s, n, &after);

			if (v == expect || v == expect + 1)
				return reference_like(text, l.start, len) || reference_starts_after(text, l.start, len) ? l.start : len;
		}
	}
	return len;
}

/* The label at a line's start and its style ('[', '(' or a digit), -1 if none. */
static int32_t
line_label(const char *text, const pith_line *l, char *style)
{
	int32_t		v = pith_refsec_label(text + l->start, l->end - l->start, NULL);

	*style = text[l->start] == '[' || text[l->start] == '(' ? text[l->start] : '0';
	return v;
}

#define BEFORE_HEADING_LINES 400
#define BEFORE_HEADING_BYTES 65536

/*
 * The last (at most BEFORE_HEADING_LINES) non-blank lines of text[lower,
 * hs), in order, into out; returns how many.
 */
static size_t
lines_before(split_state *st, size_t lower, size_t hs, pith_line *out)
{
	pith_line_iter it;
	pith_line	l;
	size_t		nring = 0,
				n;
	pith_line  *ring = st->env->alloc(st->env->alloc_ctx, BEFORE_HEADING_LINES * sizeof(pith_line));

	/* the last 64 kB are plenty for 400 lines (a line of the text from its start) */
	if (hs > lower + BEFORE_HEADING_BYTES)
	{
		const char *nl = memchr(st->text + hs - BEFORE_HEADING_BYTES, '\n', BEFORE_HEADING_BYTES);

		lower = nl ? (size_t) (nl - st->text) + 1 : hs;
	}
	pith_refsec_iter_init(&it, lower, hs);
	while (pith_refsec_next_line(st->text, &it, &l))
	{
		ring[nring++ % BEFORE_HEADING_LINES] = l;
		if (st->env->tick && nring % TICK_EVERY == 0)
			st->env->tick(st->env->tick_ctx);
	}
	n = nring < BEFORE_HEADING_LINES ? nring : BEFORE_HEADING_LINES;
	for (size_t k = 0; k < n; k++)
		out[k] = ring[(nring - n + k) % BEFORE_HEADING_LINES];
	return n;
}

/*
 * A numbered list whose numbering jumps right after its heading ("1.",
 * "2.", then "10."): pdftotext read a page's columns out of order and put
 * the entries in between before the heading.  Are the missing labels
 * (3 to 9) at line starts in the lines before the heading, in sequence,
 * in the list's style, each within 16 lines of the one before?  Then
 * *from, *to: that block, from the first missing label's line to the end
 * of the last one's entry (its lines up to a blank line, a page break or
 * a label; a label alone on its line takes the paragraph after it).
 */
static bool
numbered_entries_before_heading(split_state *st, const pith_line *lines, size_t n, size_t start, size_t end,
								size_t *from, size_t *to)
{
	const char *text = st->text;
	pith_line_iter it;
	pith_line	l;
	int32_t		want = 1,
				jump = -1,
				next,
				v = -1;
	char		style = 0,
				s;
	size_t		seen = 0,
				last_at = 0,
				after,
				i;
	bool		lone;

	/* the list's own labels: 1, 2, ... then the jump, confirmed by the label after it */
	pith_refsec_iter_init(&it, start, end);
	while (seen < 200 && pith_refsec_next_line(text, &it, &l))
	{
		seen++;
		if ((v = line_label(text, &l, &s)) < 0 || (style && s != style))
			continue;
		if (jump < 0 && v == want)
		{
			style = s;
			want++;
		}
		else if (jump < 0 && want > 1 && v > want + 1 && v - want <= 200)
			jump = v;
		else if (jump > 0 && v == jump + 1)
			break;
		else if (jump > 0)
			return false;
	}
	if (jump < 0 || v != jump + 1)
		return false;
	/* the missing labels, want to jump - 1 */
	next = want;
	for (size_t k = 0; k < n && next != jump; k++)
	{
		v = line_label(text, &lines[k], &s);
		if (v == want && s == style)
		{
			next = want + 1;
			last_at = k;
			*from = lines[k].start;
		}
		else if (next > want && v == next && s == style && k - last_at <= 16)
		{
			next++;
			last_at = k;
		}
		else if (next > want && k - last_at > 16)
			next = want;
	}
	if (next != jump)
		return false;
	/* the last entry: its label line, and its paragraph */
	i = last_at;
	*to = lines[i].end;
	lone = pith_refsec_label(text + lines[i].start, lines[i].end - lines[i].start, &after) >= 0 &&
		after == lines[i].end - lines[i].start;
	for (i++; i < n; i++)
	{
		if ((lines[i].flags & PITH_LINE_PAGE_BEFORE) || line_label(text, &lines[i], &s) >= 0 ||
			((lines[i].flags & PITH_LINE_BLANK_BEFORE) && !lone))
			break;
		lone = false;
		*to = lines[i].end;
	}
	return true;
}

/*
 * After the line's first year, does a title begin (a capital or a quote)
 * or the line end: "Collins. 1997. Three ...", "Smith, J. (2001) The
 * ...", "... Mooney. 2005."?  Prose that cites ("Smith and Jones (2005)
 * showed ...") goes on in lower case.
 */
static bool
title_after_year(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++)
	{
		size_t		k = i + 4;

		if ((i > 0 && pith_ascii_is_digit((unsigned char) s[i - 1])) || !(s[i] == '1' || s[i] == '2') ||
			!pith_ascii_is_digit((unsigned char) s[i + 1]) || !pith_ascii_is_digit((unsigned char) s[i + 2]) ||
			!pith_ascii_is_digit((unsigned char) s[i + 3]) || (k < n && pith_ascii_is_digit((unsigned char) s[k])))
			continue;
		if (k < n && pith_ascii_is_lower((unsigned char) s[k]))
			k++;				/* 2006a */
		while (k < n && (s[k] == '.' || s[k] == ')' || s[k] == ',' || s[k] == ':' || s[k] == ' '))
			k++;
		return k == n || pith_ascii_is_upper((unsigned char) s[k]) || s[k] == '"' || (unsigned char) s[k] >= 0x80;
	}
	return false;
}

/*
 * An author-year list whose first references pdftotext put before its
 * heading (a page's right column read before the left one, which holds
 * the heading): right before the heading, or before a short back-matter
 * section there (an "Acknowledgements" heading and at most 12 lines), a
 * paragraph (no blank line inside, at most 120 lines, no heading) of
 * which at least three lines, and one in five, begin with names and a
 * year and then a title ("Michael J. Collins. 1997. Three generative
 * ...").  *from, *to: that paragraph.
 */
static bool
author_year_entries_before_heading(split_state *st, const pith_line *lines, size_t n, size_t *from, size_t *to)
{
	const char *text = st->text;
	size_t		e = n,
				b,
				ay = 0;

	for (size_t k = n; k-- > 0 && n - k <= 13;)
		if (pith_refsplit_is_stop_heading(text + lines[k].start, lines[k].end - lines[k].start))
		{
			e = k;
			break;
		}
	if (e == 0)
		return false;
	for (b = e - 1; b > 0 && e - b < 120 && !(lines[b].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE)); b--)
		;
	if (b > 0 && !(lines[b].flags & (PITH_LINE_BLANK_BEFORE | PITH_LINE_PAGE_BEFORE)))
		return false;
	for (size_t k = b; k < e; k++)
	{
		const char *s = text + lines[k].start;
		size_t		len = lines[k].end - lines[k].start;

		if (pith_refsplit_is_heading(s, len) || pith_refsplit_is_stop_heading(s, len))
			return false;
		if ((pith_ascii_is_upper((unsigned char) s[0]) || (unsigned char) s[0] >= 0x80) && pith_refsec_ay_start(s, len) &&
			title_after_year(s, len))
			ay++;
	}
	if (ay < 3 || ay * 5 < e - b)
		return false;
	*from = lines[b].start;
	*to = lines[e - 1].end;
	return true;
}

/*
 * The references pdftotext put before the heading at hs (section
 * text[start, end)), after lower: *from, *to, or false.
 */
static bool
entries_before_heading(split_state *st, size_t lower, size_t hs, size_t start, size_t end, size_t *from, size_t *to)
{
	pith_line  *lines = st->env->alloc(st->env->alloc_ctx, BEFORE_HEADING_LINES * sizeof(pith_line));
	size_t		n = lines_before(st, lower, hs, lines);

	return numbered_entries_before_heading(st, lines, n, start, end, from, to) ||
		author_year_entries_before_heading(st, lines, n, from, to);
}

/* One section from start (its heading [hs, he)), and its continuations after tables and figures. */
static void
split_section(split_state *st, size_t hs, size_t he, size_t start, size_t len)
{
	const pith_refsplit_env *env = st->env;
	pith_refsplit_result *out = st->out;
	size_t		next,
				end = section_end(env, st->text, start, len, &next),
				from = 0,
				to = 0;
	pith_refsplit_section *sec;

	if (hs < he && out->nsections + 1 < PITH_REFSPLIT_MAX_SECTIONS &&
		entries_before_heading(st, out->nsections > 0 ? out->sections[out->nsections - 1].end : 0, hs, start, end,
							   &from, &to))
	{
		sec = &out->sections[out->nsections++];
		sec->heading_start = sec->heading_end = sec->start = (uint32_t) from;
		sec->end = (uint32_t) to;
		{
			size_t		first = out->nrefs;

			split_range(st, from, to);
			/*
			 * a reference's tail that the reading order put first, its
			 * start elsewhere ("history-based grammars: ... Ohio."), is none
			 */
			if (out->nrefs > first && pith_ascii_is_lower((unsigned char) out->refs[first].text[0]))
			{
				memmove(&out->refs[first], &out->refs[first + 1], (out->nrefs - first - 1) * sizeof(out->refs[0]));
				out->nrefs--;
			}
		}
	}
	sec = &out->sections[out->nsections++];

	sec->heading_start = (uint32_t) hs;
	sec->heading_end = (uint32_t) he;
	sec->start = (uint32_t) start;
	sec->end = (uint32_t) end;
	split_range(st, start, end);
	while (end < len && out->nsections < PITH_REFSPLIT_MAX_SECTIONS)
	{
		size_t		r = resume_point(env, st->text, end, len, out, next == end);

		if (r >= len)
			break;
		end = section_end(env, st->text, r, len, &next);
		sec = &out->sections[out->nsections++];
		sec->heading_start = sec->heading_end = sec->start = (uint32_t) r;
		sec->end = (uint32_t) end;
		split_range(st, r, end);
	}
}

/*
 * Without a heading or a numbered list: the reference zone at the end of a
 * text, found by the density of reference-like lines among its last
 * TAIL_LINES lines.  Each line scores: +2 when it starts like a reference
 * (a number label, an author name, names then a year, a mangled label then
 * a name), +3 when it also holds a year, pages, a link or "et al.", +1 when
 * it holds only those, -1.5 when it
 * is a prose line (six words or more, none of those), -0.5 otherwise
 * (table cells, page numbers).  The best-scoring run of lines (maximum-sum
 * subarray) is the zone when it holds at least MIN_TAIL_STARTS reference
 * starts, one every eight lines or more often, and scores high enough.
 * Returns the zone's first byte and *zone_end its end, or len.
 */
#define TAIL_LINES 3000
#define MIN_TAIL_STARTS 4

static bool
tail_start_like(const char *text, const pith_line *l, const pith_line_facts *f)
{
	const char *s = text + l->start;
	size_t		n = l->end - l->start;

	if (f->label >= 0 && (f->first == REFSEC_FIRST_BRACKET_NUM || f->first == REFSEC_FIRST_NUM_DOT ||
						  f->first == REFSEC_FIRST_PAREN_NUM || f->first == REFSEC_FIRST_NUM) && f->words >= 3)
		return true;
	if (f->first == REFSEC_FIRST_BRACKET_KEY && f->words >= 3)
		return true;
	if (f->ay_start || ((f->author_start || f->name_start) && f->words >= 3))
		return true;
	return author_after_mark(s, n);
}

static size_t
tail_zone_start(const pith_refsplit_env *env, const char *text, size_t len, size_t *zone_end, size_t *zone_starts)
{
	pith_line  *ring;
	pith_line  *ls;
	pith_line_facts *fs;
	pith_line_iter it;
	pith_line	l;
	size_t		total = 0,
				n,
				count = 0;
	double		sum = 0,
				best = 0;
	size_t		cur_a = 0,
				best_a = 0,
				best_b = 0;
	bool		have = false;

	*zone_end = len;
	*zone_starts = 0;
	ring = env->alloc(env->alloc_ctx, TAIL_LINES * sizeof(pith_line));
	pith_refsec_iter_init(&it, 0, len);
	while (pith_refsec_next_line(text, &it, &l))
	{
		if (env->tick && ++count % TICK_EVERY == 0)
			env->tick(env->tick_ctx);
		ring[total % TAIL_LINES] = l;
		total++;
	}
	n = total < TAIL_LINES ? total : TAIL_LINES;
	if (n < MIN_TAIL_STARTS)
		return len;
	ls = env->alloc(env->alloc_ctx, n * sizeof(pith_line));
	for (size_t i = 0; i < n; i++)
		ls[i] = ring[(total - n + i) % TAIL_LINES];
	fs = env->alloc(env->alloc_ctx, n * sizeof(pith_line_facts));
	pith_refsec_facts(text, ls, n, fs, env->alloc(env->alloc_ctx, pith_refsec_facts_workspace(n)));
	for (size_t i = 0; i < n; i++)
	{
		const char *s = text + ls[i].start;
		size_t		m = ls[i].end - ls[i].start;
		bool		start = tail_start_like(text, &ls[i], &fs[i]);
		bool		content = fs[i].has_year || fs[i].has_pages || fs[i].has_link || fs[i].has_etal;
		double		w = start ? (content ? 3 : 2) : content ? 1 : fs[i].words >= 6 ? -1.5 : -0.5;

		/* a heading that ends reference lists ends a zone too */
		if (pith_refsplit_is_stop_heading(s, m))
			w = -100;
		if (sum <= 0)
		{
			sum = 0;
			cur_a = i;
		}
		sum += w;
		if (sum > best)
		{
			best = sum;
			best_a = cur_a;
			best_b = i;
			have = true;
		}
	}
	if (!have)
		return len;
	/* the zone begins at its first reference start */
	while (best_a < best_b && !tail_start_like(text, &ls[best_a], &fs[best_a]))
		best_a++;
	{
		size_t		starts = 0,
					lines = best_b - best_a + 1;

		for (size_t i = best_a; i <= best_b; i++)
			starts += tail_start_like(text, &ls[i], &fs[i]);
		if (starts < MIN_TAIL_STARTS || starts * 8 < lines || best < 3.0 * MIN_TAIL_STARTS)
			return len;
		*zone_starts = starts;
	}
	/* the last reference's lines after its last year or page: while the line before it does not end one */
	for (int k = 0; k < 3 && best_b + 1 < n; k++)
	{
		const pith_line *p = &ls[best_b];
		char		c = text[p->end - 1];
		const pith_line *q = &ls[best_b + 1];

		if (c == '.' || tail_start_like(text, q, &fs[best_b + 1]) || fs[best_b + 1].words > 14 ||
			page_number_line(text + q->start, q->end - q->start) || caption_line(text + q->start, q->end - q->start))
			break;
		best_b++;
	}
	*zone_end = best_b + 1 < n ? ls[best_b + 1].start : len;
	return ls[best_a].start;
}

/* Most lines between a reference heading and the zone of references below it (a figure's labels, a table). */
#define HEADING_GAP_LINES 200

/*
 * Is the line prose: eight words or more, most starting in lower case, no
 * four-digit number?
 */
static bool
plain_prose(const char *s, size_t n)
{
	size_t		run = 0;

	for (size_t i = 0; i < n; i++)
	{
		run = pith_ascii_is_digit((unsigned char) s[i]) ? run + 1 : 0;
		if (run == 4)
			return false;
	}
	return mostly_lower_case_words(s, n, 8);
}

/*
 * The end of the last reference heading before pos that has only
 * furniture between it and pos -- short lines, figure or table text,
 * references the extraction mangled, no prose and no other heading
 * ("References" above a page of figure labels, then the list): the
 * section starts there.  pos when there is none.
 */
static size_t
heading_above(const char *text, size_t len, const pith_line *cand, size_t ncand, size_t total, size_t pos)
{
	pith_line	h;
	bool		have = false;
	pith_line_iter it;
	pith_line	l;
	size_t		lines = 0;

	memset(&h, 0, sizeof(h));
	for (size_t c = 0; c < ncand; c++)
	{
		pith_line	x = cand[(total - ncand + c) % MAX_CANDIDATES];

		if (x.end <= pos)
		{
			h = x;
			have = true;
		}
	}
	if (!have || pith_refsplit_is_stop_heading(text + h.start, h.end - h.start))
		return pos;
	pith_refsec_iter_init(&it, h.end, len);
	while (pith_refsec_next_line(text, &it, &l) && l.start < pos)
	{
		if (++lines > HEADING_GAP_LINES || plain_prose(text + l.start, l.end - l.start) ||
			pith_refsplit_is_stop_heading(text + l.start, l.end - l.start))
			return pos;
	}
	return h.end;
}

void
pith_refsplit_text(const pith_refsplit_env *env, const char *text, size_t len, pith_refsplit_result *out)
{
	split_state st;
	pith_line	cand[MAX_CANDIDATES];
	bool		after_caption[MAX_CANDIDATES];
	size_t		last_caption = SIZE_MAX;
	size_t		ncand = 0,
				total = 0,
				count = 0;
	pith_line_iter it;
	pith_line	l;
	size_t		pos = 0;

	init_result(out);
	memset(&st, 0, sizeof(st));
	st.env = env;
	st.text = text;
	st.out = out;
	st.lines_left = PITH_REFSPLIT_MAX_LINES;
	if (len > PITH_REFSPLIT_MAX_INPUT)
		len = PITH_REFSPLIT_MAX_INPUT;
	st.len = len;

	/* every heading line; the last MAX_CANDIDATES are kept (reference lists come late) */
	pith_refsec_iter_init(&it, 0, len);
	while (pith_refsec_next_line(text, &it, &l))
	{
		count++;
		if (env->tick && count % TICK_EVERY == 0)
			env->tick(env->tick_ctx);
		if (l.end - l.start <= 120 && pith_refsplit_is_heading(text + l.start, l.end - l.start))
		{
			/* a lone "Reference" just below a table caption: the table's column */
			after_caption[total % MAX_CANDIDATES] = last_caption != SIZE_MAX && count - last_caption <= CAPTION_LINES &&
				pith_ascii_starts_with_ci(text + l.start, l.end - l.start, "reference") == l.end - l.start;
			cand[total % MAX_CANDIDATES] = l;
			total++;
			out->headings_seen++;
		}
		else if (caption_line(text + l.start, l.end - l.start))
			last_caption = count;
	}
	ncand = total < MAX_CANDIDATES ? total : MAX_CANDIDATES;

	for (size_t c = 0; c < ncand && out->nsections < PITH_REFSPLIT_MAX_SECTIONS; c++)
	{
		pith_line	h = cand[(total - ncand + c) % MAX_CANDIDATES];

		if (h.start < pos)
			continue;			/* inside the section before: a running header */
		if (!reference_like(text, h.end, len) && !reference_starts_after(text, h.end, len))
			continue;
		/*
		 * a table's "Reference" column (short lines after it, or a table
		 * caption just above it), when a reference section was found
		 * before it or follows later
		 */
		if (after_caption[(total - ncand + c) % MAX_CANDIDATES] || table_column_after(text, h.end, len))
		{
			bool		later = out->nsections > 0;

			for (size_t d = c + 1; d < ncand && d <= c + 8 && !later; d++)
			{
				pith_line	h2 = cand[(total - ncand + d) % MAX_CANDIDATES];

				later = reference_like(text, h2.end, len) && !table_column_after(text, h2.end, len);
			}
			if (later)
				continue;
		}
		split_section(&st, h.start, h.end, h.end, len);
		pos = out->sections[out->nsections - 1].end;
	}
	if (out->nsections == 0)
	{
		size_t		start = numbered_list_start(env, text, len);

		if (start < len)
		{
			split_section(&st, start, start, start, len);
			if (out->nrefs > 0)
				out->reason = "No reference heading was found; references were taken from a numbered list [1], [2], [3].";
		}
	}
	if (out->nrefs == 0 || (out->nrefs < 2 * MIN_TAIL_STARTS && out->sections[0].heading_start == out->sections[0].heading_end))
	{
		size_t		zone_end,
					zone_starts,
					start = tail_zone_start(env, text, len, &zone_end, &zone_starts);

		/* a numbered list found without a heading gives way to a zone with more reference starts */
		if (start < len && (out->nrefs == 0 || zone_starts > out->nrefs))
		{
			size_t		hs = heading_above(text, len, cand, ncand, total, start);

			out->nrefs = 0;
			out->nsections = 0;
			out->reason = NULL;
			split_section(&st, hs, hs, hs, zone_end);
			if (out->nrefs > 0)
				out->reason = hs < start ?
					"The reference heading was followed by figure or table text; references were taken from there to the end of the reference-like lines." :
					"No reference heading was found; references were taken from reference-like lines at the end of the text.";
		}
	}
	finish(out);
}
