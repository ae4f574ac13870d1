/*
 * refsec_lines.c -- lines of a text, the facts about each line that mark
 * where a reference begins, and the line labeller's hashed features (see
 * refsec_lines.h).  Every byte value is accepted: bytes that are not ASCII
 * count as letters of some script, so text in any script is read the same
 * way, and nothing here reads outside [0, len).
 */
#include "refsec_lines.h"

#include <string.h>

#include "ascii.h"

void
pith_refsec_iter_init(pith_line_iter *it, size_t from, size_t to)
{
	it->pos = from;
	it->to = to;
	it->pending = 0;
	it->seen_any = false;
}

/* a blank: space, tab, CR, FF, VT, and other control characters (NUL, DEL) */
static bool
is_blank_byte(char c)
{
	return ((unsigned char) c <= ' ' && c != '\n') || c == 0x7F;
}

bool
pith_refsec_next_line(const char *text, pith_line_iter *it, pith_line *out)
{
	while (it->pos < it->to)
	{
		size_t		p = it->pos,
					e = p,
					s,
					t;
		uint16_t	indent = 0;
		bool		ff = false;
		const char *nl = memchr(text + p, '\n', it->to - p);

		e = nl ? (size_t) (nl - text) : it->to;
		it->pos = e + 1;
		s = p;
		while (s < e && is_blank_byte(text[s]))
		{
			if (text[s] == '\f')
			{
				ff = true;
				indent = 0;
			}
			else if (indent < 60000)
				indent = (uint16_t) (indent + (text[s] == '\t' ? 8 : 1));
			s++;
		}
		t = e;
		while (t > s && is_blank_byte(text[t - 1]))
		{
			if (text[t - 1] == '\f')
				ff = true;
			t--;
		}
		if (ff)
			it->pending |= PITH_LINE_PAGE_BEFORE;
		if (t > s)
		{
			out->start = (uint32_t) s;
			out->end = (uint32_t) t;
			out->indent = indent;
			out->flags = it->pending;
			it->pending = 0;
			it->seen_any = true;
			return true;
		}
		if (it->seen_any)
			it->pending |= PITH_LINE_BLANK_BEFORE;
	}
	return false;
}

size_t
pith_refsec_lines(const char *text, size_t from, size_t to, pith_line *out, size_t max)
{
	pith_line_iter it;
	pith_line	l;
	size_t		n = 0;

	pith_refsec_iter_init(&it, from, to);
	while (pith_refsec_next_line(text, &it, &l))
	{
		if (n < max)
		{
			if (n > 0 && (l.flags & PITH_LINE_PAGE_BEFORE))
				out[n - 1].flags |= PITH_LINE_PAGE_AFTER;
			out[n] = l;
		}
		n++;
	}
	/* a form feed after the last line (the page that ends the text) */
	if (n > 0 && n <= max && (it.pending & PITH_LINE_PAGE_BEFORE))
		out[n - 1].flags |= PITH_LINE_PAGE_AFTER;
	return n;
}

int32_t
pith_refsec_label(const char *s, size_t n, size_t *after)
{
	size_t		i = 0,
				d;
	int32_t		v = 0;
	char		open = 0;

	if (n > 0 && (s[0] == '[' || s[0] == '('))
	{
		open = s[0];
		i = 1;
		while (i < n && s[i] == ' ')
			i++;
	}
	for (d = 0; i < n && d < 5 && pith_ascii_is_digit((unsigned char) s[i]); i++, d++)
		v = v * 10 + (s[i] - '0');
	if (d == 0 || d == 5 || (i < n && pith_ascii_is_digit((unsigned char) s[i])))
		return -1;
	if (open)
	{
		while (i < n && s[i] == ' ')
			i++;
		if (i >= n || s[i] != (open == '[' ? ']' : ')'))
			return -1;
		i++;
	}
	else
	{
		/* "12." or "12)" then a blank or the end; a bare "12 " only before a capital */
		if (i < n && (s[i] == '.' || s[i] == ')'))
		{
			i++;
			if (i < n && s[i] != ' ' && s[i] != '\t')
				return -1;
		}
		else if (i < n && s[i] == ' ' && i + 1 < n &&
				 (pith_ascii_is_upper((unsigned char) s[i + 1]) || (unsigned char) s[i + 1] >= 0x80))
			;
		else if (i != n)
			return -1;
		/* a year is not a label */
		if (d == 4 && v >= 1500 && v <= 2099)
			return -1;
	}
	if (after)
		*after = i;
	return v;
}

static uint32_t
fnv(uint32_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		h ^= (unsigned char) s[i];
		h *= 16777619u;
	}
	return h;
}

static uint32_t
fnv_str(uint32_t h, const char *s)
{
	return fnv(h, s, strlen(s));
}

#define FNV_BASIS 2166136261u

static bool
is_word_byte(unsigned char c)
{
	return pith_ascii_is_alpha(c) || c >= 0x80;
}

/* Does [s, s+n) contain a 4-digit year 1500..2099 standing alone? */
static bool
contains_year(const char *s, size_t n)
{
	for (size_t i = 0; i + 4 <= n; i++)
	{
		if (!pith_ascii_is_digit((unsigned char) s[i]) || (i > 0 && pith_ascii_is_digit((unsigned char) s[i - 1])))
			continue;
		if (!pith_ascii_is_digit((unsigned char) s[i + 1]) || !pith_ascii_is_digit((unsigned char) s[i + 2]) ||
			!pith_ascii_is_digit((unsigned char) s[i + 3]))
			continue;
		if (i + 4 < n && pith_ascii_is_digit((unsigned char) s[i + 4]))
			continue;
		{
			int			v = (s[i] - '0') * 1000 + (s[i + 1] - '0') * 100 + (s[i + 2] - '0') * 10 + (s[i + 3] - '0');

			if (v >= 1500 && v <= 2099)
				return true;
		}
	}
	return false;
}

static bool
contains_ci(const char *s, size_t n, const char *w)
{
	size_t		k = strlen(w);

	for (size_t i = 0; i + k <= n; i++)
		if (pith_ascii_starts_with_ci(s + i, n - i, w))
			return true;
	return false;
}

/* Shape of a token: X for upper runs, x lower, d digits, other bytes kept (runs collapsed). */
static size_t
token_shape(const char *s, size_t n, size_t *pos, char *out, size_t cap)
{
	size_t		i = *pos,
				o = 0;
	char		prev = 0;

	while (i < n && s[i] == ' ')
		i++;
	while (i < n && s[i] != ' ' && o + 1 < cap)
	{
		unsigned char c = (unsigned char) s[i];
		char		k = pith_ascii_is_upper(c) ? 'X' : pith_ascii_is_lower(c) ? 'x' :
			pith_ascii_is_digit(c) ? 'd' : c >= 0x80 ? 'u' : (char) c;

		if (k != prev || !(k == 'X' || k == 'x' || k == 'd' || k == 'u'))
			out[o++] = k;
		prev = k;
		i++;
	}
	while (i < n && s[i] != ' ')
		i++;
	*pos = i;
	out[o] = '\0';
	return o;
}

static uint8_t
first_class(const char *s, size_t n, int32_t label)
{
	unsigned char c = (unsigned char) s[0];

	if (label >= 0)
	{
		size_t		after;

		(void) pith_refsec_label(s, n, &after);
		if (after >= n)
			return REFSEC_FIRST_NUM_ONLY;
		if (s[0] == '[')
			return REFSEC_FIRST_BRACKET_NUM;
		if (s[0] == '(' || s[after - 1] == ')')
			return REFSEC_FIRST_PAREN_NUM;
		if (s[after - 1] == '.')
			return REFSEC_FIRST_NUM_DOT;
		return REFSEC_FIRST_NUM;
	}
	if (c == '[')
	{
		/* "[Online]. Available: ...", "[Internet]", "[cited 2020 May 1]": a medium note, not a key */
		static const char *const notes[] = {"online", "internet", "cited", "accessed", "serial", "cd-rom",
		"electronic", "en l", NULL};

		size_t		j = 1;

		for (int k = 0; notes[k]; k++)
			if (pith_ascii_starts_with_ci(s + 1, n - 1, notes[k]))
				return REFSEC_FIRST_PUNCT;
		/*
		 * arXiv categories closing the line before: "[hep-ph]",
		 * "[astro-ph.CO]", "[cs.LG]", "[cs, stat]", "[cs.CL, cs.AI]"
		 */
		for (;;)
		{
			size_t		start = j;

			while (j < n && (pith_ascii_is_lower((unsigned char) s[j]) || s[j] == '-'))
				j++;
			if (j < start + 2)
				break;
			if (j < n && s[j] == '.')
				for (j++; j < n && pith_ascii_is_upper((unsigned char) s[j]); j++)
					;
			if (j < n && s[j] == ']')
				return REFSEC_FIRST_PUNCT;
			if (j >= n || s[j] != ',')
				break;
			for (j++; j < n && s[j] == ' '; j++)
				;
		}
		for (size_t i = 1; i < n && i < 24; i++)
			if (s[i] == ']')
				return REFSEC_FIRST_BRACKET_KEY;
		return REFSEC_FIRST_PUNCT;
	}
	if (pith_ascii_is_digit(c))
	{
		size_t		d = 0;

		while (d < n && pith_ascii_is_digit((unsigned char) s[d]))
			d++;
		if (d == 4 && contains_year(s, 4))
			return REFSEC_FIRST_YEAR;
		return d == n ? REFSEC_FIRST_NUM_ONLY : REFSEC_FIRST_OTHER;
	}
	if (pith_ascii_is_upper(c))
	{
		if (n >= 2 && s[1] == '.')
			return REFSEC_FIRST_INITIAL;
		return REFSEC_FIRST_UPPER;
	}
	if (pith_ascii_is_lower(c))
		return REFSEC_FIRST_LOWER;
	if (c == '-' || c == '_' || (c == 0xE2 && n >= 3 && (unsigned char) s[1] == 0x80 &&
								 ((unsigned char) s[2] == 0x94 || (unsigned char) s[2] == 0x93)))
		return REFSEC_FIRST_DASH;
	if (c >= 0x80)
		return REFSEC_FIRST_NONASCII;
	return REFSEC_FIRST_PUNCT;
}

static uint8_t
last_class(const char *s, size_t n)
{
	unsigned char c = (unsigned char) s[n - 1];

	if (c == '.')
		return REFSEC_END_PERIOD;
	if (c == ',')
		return REFSEC_END_COMMA;
	if (c == ';')
		return REFSEC_END_SEMICOLON;
	if (c == '-')
		return REFSEC_END_HYPHEN;
	if (pith_ascii_is_digit(c))
		return REFSEC_END_DIGIT;
	if (is_word_byte(c))
		return REFSEC_END_LETTER;
	if (c == ')' || c == ']')
		return REFSEC_END_CLOSE;
	if (c == ':')
		return REFSEC_END_COLON;
	return REFSEC_END_OTHER;
}

static uint8_t
end2_class(const char *s, size_t n)
{
	unsigned char c;

	if (n < 2 || s[n - 1] != '.')
		return REFSEC_END2_NONE;
	c = (unsigned char) s[n - 2];
	if (pith_ascii_is_digit(c))
		return REFSEC_END2_DIGIT;
	if (c == ')' || c == ']')
		return REFSEC_END2_CLOSE;
	if (pith_ascii_is_upper(c) && (n == 2 || s[n - 3] == ' ' || s[n - 3] == '.' || s[n - 3] == '-' || s[n - 3] == ','))
		return REFSEC_END2_INITIAL;
	if (pith_ascii_is_lower(c) || c >= 0x80)
	{
		size_t		a = n - 2;

		while (a > 0 && s[a - 1] != ' ')
			a--;
		return pith_ascii_is_upper((unsigned char) s[a]) ? REFSEC_END2_CAPWORD : REFSEC_END2_LOWER;
	}
	if (pith_ascii_is_upper(c))
		return REFSEC_END2_CAPWORD;
	return REFSEC_END2_OTHER;
}

/* "Smith, J." / "Smith J" / "J. Smith" / "Smith-Jones, A" / "van der Berg, K." */
bool
pith_refsec_author_start(const char *s, size_t n)
{
	size_t		i = 0;

	/* lower-case particles */
	for (int k = 0; k < 3; k++)
	{
		size_t		w = 0;

		while (w < n && pith_ascii_is_lower((unsigned char) s[w]))
			w++;
		if (w >= 2 && w <= 3 && w < n && s[w] == ' ')
		{
			s += w + 1;
			n -= w + 1;
		}
		else
			break;
	}
	if (n < 3)
		return false;
	if (pith_ascii_is_upper((unsigned char) s[0]) && s[1] == '.')
	{
		/* initials then a surname */
		i = 2;
		while (i + 1 < n && (s[i] == ' ' || s[i] == '-') && pith_ascii_is_upper((unsigned char) s[i + 1]) &&
			   i + 2 < n && s[i + 2] == '.')
			i += 3;
		if (i < n && s[i] == ' ')
			i++;
		return i + 1 < n && (pith_ascii_is_upper((unsigned char) s[i]) || (unsigned char) s[i] >= 0x80) &&
			(pith_ascii_is_lower((unsigned char) s[i + 1]) || (unsigned char) s[i + 1] >= 0x80);
	}
	if (!(pith_ascii_is_upper((unsigned char) s[0]) || (unsigned char) s[0] >= 0x80))
		return false;
	i = 1;
	while (i < n && (is_word_byte((unsigned char) s[i]) || s[i] == '-' || s[i] == '\''))
		i++;
	if (i < 2)
		return false;
	if (i < n && s[i] == ',')
	{
		i++;
		if (i < n && s[i] == ' ')
			i++;
		return i + 1 < n && pith_ascii_is_upper((unsigned char) s[i]) &&
			(s[i + 1] == '.' || s[i + 1] == ' ' || s[i + 1] == ',' || s[i + 1] == '-' ||
			 pith_ascii_is_lower((unsigned char) s[i + 1]));
	}
	if (i + 2 < n && s[i] == ' ' && pith_ascii_is_upper((unsigned char) s[i + 1]) &&
		(s[i + 2] == ' ' || s[i + 2] == ',' || s[i + 2] == '.' || pith_ascii_is_upper((unsigned char) s[i + 2])))
		return true;
	return false;
}

static const char *const name_particles[] = {
	"van", "von", "de", "der", "den", "da", "di", "du", "del", "della", "des", "la", "le", "dos", "das",
	"y", "e", "and", "et", "al", "al.", "al.,", "and,", "&", "ten", "ter", "bin", "el", NULL
};

/* Is s[0..n) one of name_particles? */
static bool
name_particle(const char *s, size_t n)
{
	for (int k = 0; name_particles[k]; k++)
		if (strlen(name_particles[k]) == n && memcmp(name_particles[k], s, n) == 0)
			return true;
	return false;
}

/*
 * "Firstname Lastname," / "Firstname M. Lastname and" / "Giovanni Luca
 * Ciampaglia," / "Giovanni Da San Martino," (a separate fact: author list
 * lines look alike): a capitalised given name, then up to three more
 * capitalised words, initials or particles, the last of them a capitalised
 * surname followed by a comma or " and ".
 */
static bool
name_start(const char *s, size_t n)
{
	size_t		i = 1;

	if (n < 5 || !(pith_ascii_is_upper((unsigned char) s[0]) || (unsigned char) s[0] >= 0x80))
		return false;
	while (i < n && (is_word_byte((unsigned char) s[i]) || s[i] == '-'))
		i++;
	if (i < 2)
		return false;
	for (int words = 0; words < 3 && i < n && s[i] == ' '; words++)
	{
		size_t		j = i + 1,
					k;

		if (j + 2 < n && pith_ascii_is_upper((unsigned char) s[j]) && s[j + 1] == '.' && s[j + 2] == ' ')
		{
			i = j + 2;			/* a middle initial */
			continue;
		}
		if (!(j < n && (pith_ascii_is_upper((unsigned char) s[j]) || (unsigned char) s[j] >= 0x80 ||
						pith_ascii_is_lower((unsigned char) s[j]))))
			return false;
		k = j + 1;
		while (k < n && (is_word_byte((unsigned char) s[k]) || s[k] == '-' || s[k] == '\''))
			k++;
		if (pith_ascii_is_lower((unsigned char) s[j]))
		{
			/* a particle: "da", "van", "de la" */
			if (k >= n || s[k] != ' ' || !name_particle(s + j, k - j) ||
				(k - j == 3 && memcmp(s + j, "and", 3) == 0) || (k - j == 2 && memcmp(s + j, "et", 2) == 0) ||
				(k - j == 2 && memcmp(s + j, "al", 2) == 0))
				return false;
			i = k;
			continue;
		}
		if (k > j + 1 && k < n &&
			(s[k] == ',' || (k + 4 < n && memcmp(s + k, " and ", 5) == 0)))
			return true;
		i = k;
	}
	return false;
}

/* A year token: "2001", "(2001)", "2001a.", "(2001b)," "[2001]", "n.d." -- punctuation around it only. */
static bool
year_token(const char *t, size_t n)
{
	size_t		i = 0;

	while (i < n && (t[i] == '(' || t[i] == '['))
		i++;
	if (n - i >= 4 && memcmp(t + i, "n.d.", 4) == 0)
		return true;
	if (n - i < 4 || !contains_year(t + i, 4))
		return false;
	i += 4;
	if (i < n && pith_ascii_is_lower((unsigned char) t[i]))
		i++;
	for (; i < n; i++)
		if (!(t[i] == ')' || t[i] == ']' || t[i] == '.' || t[i] == ',' || t[i] == ':' || t[i] == ';'))
			return false;
	return true;
}

/*
 * Author-year start: the line's first tokens are names (capitalised words,
 * initials, "Smith,J.", particles, "and", "&", "et al.") and then, within
 * 20 tokens, a year token: "Smith, J. and Li, K. (2001)", "Anon. 1950.".
 */
bool
pith_refsec_ay_start(const char *s, size_t n)
{
	size_t		i = 0,
				names = 0,
				tokens = 0;

	while (i < n && tokens < 20)
	{
		size_t		a,
					b;
		unsigned char c;

		while (i < n && s[i] == ' ')
			i++;
		a = i;
		while (i < n && s[i] != ' ')
			i++;
		b = i;
		if (b == a)
			break;
		tokens++;
		if (year_token(s + a, b - a))
		{
			/* "Austria, 1578 pp.": a page count, not a year */
			size_t		c = b;

			while (c < n && s[c] == ' ')
				c++;
			if (n - c >= 2 && memcmp(s + c, "pp", 2) == 0 && (n - c == 2 || s[c + 2] == '.' || s[c + 2] == ' '))
				return false;
			return names >= 1;
		}
		c = (unsigned char) s[a];
		if (pith_ascii_is_upper(c) || c >= 0x80)
		{
			bool		ok = true;

			for (size_t k = a; k < b; k++)
				if (pith_ascii_is_digit((unsigned char) s[k]) || s[k] == '"' || s[k] == ':')
					ok = false;
			if (!ok)
				return false;
			names++;
			continue;
		}
		if (c == '(' && b - a >= 3 && pith_ascii_starts_with_ci(s + a + 1, b - a - 1, "ed"))
			continue;			/* (ed.), (eds.) */
		if (c == '-' || c == '_')
			continue;			/* "---" for the same authors */
		if (!name_particle(s + a, b - a))
			return false;
	}
	return false;
}

/* "a)", "b )", "(c)" then a blank, a capital or the end: a sub-reference of a numbered entry */
bool
pith_refsec_sub_label(const char *s, size_t n)
{
	size_t		i = 0;

	if (i < n && s[i] == '(')
		i++;
	if (i >= n || !pith_ascii_is_lower((unsigned char) s[i]))
		return false;
	i++;
	if (i < n && s[i] == ' ')
		i++;
	if (i >= n || s[i] != ')')
		return false;
	i++;
	return i == n || s[i] == ' ' || pith_ascii_is_upper((unsigned char) s[i]);
}

/*
 * hash of a line with its digits and blanks removed, lower-cased; 0 (never
 * repeated) for a line of digits with one to three letters, a reference's
 * own tail ("no. 5, 2905-2921.", "pp. 12-19"), which recurs in a list
 * without being a running header
 */
static uint32_t
line_key(const char *s, size_t n)
{
	uint32_t	h = FNV_BASIS;
	size_t		letters = 0,
				digits = 0;

	for (size_t i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		digits += pith_ascii_is_digit(c);
		if (pith_ascii_is_digit(c) || c == ' ')
			continue;
		letters += pith_ascii_is_alpha(c);
		h ^= pith_ascii_lower(c);
		h *= 16777619u;
	}
	if (letters >= 1 && letters <= 3 && digits > 0)
		return 0;
	return h | 1;
}

size_t
pith_refsec_facts_workspace(size_t n)
{
	size_t		slots = 16;

	while (slots < 2 * n)
		slots <<= 1;
	return slots * 2 * sizeof(uint32_t) + n * sizeof(uint32_t) + 64;
}

/*
 * A numbered list whose start the section lost (its first page, or labels
 * before a page break): label v at line i begins a run when labels v + 1 and
 * v + 2 follow within the next 16 lines.  At most 16 lines are read.
 */
static bool
sequence_from(const char *text, const pith_line *lines, size_t n, size_t i, int32_t v)
{
	int32_t		want = v + 1;

	if (v < 2 || v > 999)
		return false;
	for (size_t j = i + 1; j < n && j <= i + 16 && want <= v + 2; j++)
		if (pith_refsec_label(text + lines[j].start, lines[j].end - lines[j].start, NULL) == want)
			want++;
	return want > v + 2;
}

void
pith_refsec_facts(const char *text, const pith_line *lines, size_t n, pith_line_facts *facts, void *work)
{
	size_t		slots = 16;
	uint32_t   *tab,
			   *keys;
	uint32_t	longest = 0;
	int32_t		expect = -1,
				highest_bracketed = -1;

	if (n == 0)
		return;
	while (slots < 2 * n)
		slots <<= 1;
	tab = (uint32_t *) work;	/* pairs: key, count */
	keys = tab + 2 * slots;
	memset(tab, 0, slots * 2 * sizeof(uint32_t));

	/* the section's typical long line: the 90th-percentile length, estimated by a histogram */
	{
		uint32_t	hist[65];
		size_t		acc = 0;

		memset(hist, 0, sizeof(hist));
		for (size_t i = 0; i < n; i++)
		{
			uint32_t	l = lines[i].end - lines[i].start;

			hist[l >= 640 ? 64 : l / 10]++;
		}
		for (int b = 64; b >= 0; b--)
		{
			acc += hist[b];
			if (acc * 10 >= n)
			{
				longest = (uint32_t) (b * 10 + 5);
				break;
			}
		}
		if (longest < 20)
			longest = 20;
	}

	for (size_t i = 0; i < n; i++)
	{
		const char *s = text + lines[i].start;
		size_t		len = lines[i].end - lines[i].start;
		pith_line_facts *f = &facts[i];
		uint32_t	k = line_key(s, len);
		size_t		slot = (k * 2654435761u) & (slots - 1);
		size_t		w = 0,
					pos = 0;
		char		sh[48],
					sh2[24];
		size_t		l1;
		uint32_t	ratio;

		memset(f, 0, sizeof(*f));
		keys[i] = k;
		while (k != 0 && tab[2 * slot] != 0 && tab[2 * slot] != k)
			slot = (slot + 1) & (slots - 1);
		if (k != 0)
		{
			tab[2 * slot] = k;
			tab[2 * slot + 1]++;
		}

		f->label = pith_refsec_label(s, len, NULL);
		f->first = first_class(s, len, f->label);
		f->last = last_class(s, len);
		f->end2 = end2_class(s, len);
		if (f->label >= 0 && f->first != REFSEC_FIRST_NUM_ONLY)
		{
			/*
			 * the next number, or one or two further on (a label lost in
			 * the extraction), or after the highest label of its style seen
			 * (two columns read across: [1], [22], [2], [23], ... [21], [27])
			 */
			if ((expect >= 0 && f->label >= expect && f->label <= expect + 2) ||
				(expect < 0 && (f->label <= 1 || sequence_from(text, lines, n, i, f->label))) ||
				(f->label == 1 && expect > 1) ||
				(expect >= 0 && f->first == REFSEC_FIRST_BRACKET_NUM && highest_bracketed >= expect &&
				 f->label > highest_bracketed && f->label <= highest_bracketed + 2))
			{
				f->label_next = true;
				expect = f->label + 1;
			}
			if (f->first == REFSEC_FIRST_BRACKET_NUM && f->label > highest_bracketed && f->label < 10000)
				highest_bracketed = f->label;
		}
		else if (f->label >= 0 && i + 1 < n &&
				 (f->label == expect || (expect < 0 && (f->label <= 1 || sequence_from(text, lines, n, i, f->label)))))
		{
			/* a label alone on its line, the reference on the next */
			f->label_next = true;
			expect = f->label + 1;
		}
		ratio = (uint32_t) (len * 100 / longest);
		f->len_bucket = ratio < 30 ? 0 : ratio < 60 ? 1 : ratio < 80 ? 2 : ratio < 95 ? 3 : ratio <= 110 ? 4 : 5;
		for (size_t j = 0; j < len; j++)
			if (s[j] != ' ' && (j == 0 || s[j - 1] == ' '))
				w++;
		f->words = (uint8_t) (w > 31 ? 31 : w);
		if (i > 0)
			f->indent_rel = lines[i].indent > lines[i - 1].indent + 1 ? 1 :
				lines[i].indent + 1 < lines[i - 1].indent ? 2 : 0;
		f->flags = lines[i].flags;
		f->has_year = contains_year(s, len);
		f->has_link = contains_ci(s, len, "http") || contains_ci(s, len, "www.") ||
			contains_ci(s, len, "doi") || contains_ci(s, len, "arxiv");
		f->has_etal = contains_ci(s, len, "et al");
		f->has_pages = contains_ci(s, len, "pp.") || contains_ci(s, len, "vol.") ||
			contains_ci(s, len, "pages");
		{
			size_t		skip = 0;

			if (f->label >= 0)
				(void) pith_refsec_label(s, len, &skip);
			while (skip < len && s[skip] == ' ')
				skip++;
			f->author_start = pith_refsec_author_start(s + skip, len - skip);
			f->name_start = name_start(s + skip, len - skip);
		}
		{
			bool		any = false,
						lower = false;

			for (size_t j = 0; j < len; j++)
			{
				if (pith_ascii_is_upper((unsigned char) s[j]))
					any = true;
				else if (pith_ascii_is_lower((unsigned char) s[j]))
					lower = true;
			}
			f->all_caps = any && !lower;
		}
		{
			size_t		skip = 0;

			if (f->label >= 0)
				(void) pith_refsec_label(s, len, &skip);
			while (skip < len && s[skip] == ' ')
				skip++;
			f->ay_start = pith_refsec_ay_start(s + skip, len - skip);
			f->sub_label = pith_refsec_sub_label(s, len);
			f->lone_label = (f->first == REFSEC_FIRST_BRACKET_KEY && s[len - 1] == ']') ||
				(f->first == REFSEC_FIRST_NUM_ONLY && f->label >= 0 &&
				 (s[0] == '[' || s[0] == '(' || s[len - 1] == '.' || s[len - 1] == ')'));
		}
		l1 = token_shape(s, len, &pos, sh, sizeof(sh) / 2);
		token_shape(s, len, &pos, sh2, sizeof(sh2));
		sh[l1] = ' ';
		memcpy(sh + l1 + 1, sh2, strlen(sh2) + 1);
		f->shape = fnv_str(FNV_BASIS, sh);
		{
			size_t		a = 0,
						b;

			if (f->label >= 0)
				(void) pith_refsec_label(s, len, &a);
			while (a < len && !is_word_byte((unsigned char) s[a]))
				a++;
			b = a;
			while (b < len && is_word_byte((unsigned char) s[b]) && b - a < 24)
				b++;
			if (b > a)
			{
				char		low[24];

				for (size_t j = a; j < b; j++)
					low[j - a] = (char) pith_ascii_lower((unsigned char) s[j]);
				f->word1 = fnv(fnv_str(FNV_BASIS, "w1="), low, b - a);
			}
		}
		{
			size_t		b = len,
						a;

			while (b > 0 && !is_word_byte((unsigned char) s[b - 1]))
				b--;
			a = b;
			while (a > 0 && is_word_byte((unsigned char) s[a - 1]) && b - a < 24)
				a--;
			if (b > a && b - a < 24 && (a == 0 || !is_word_byte((unsigned char) s[a - 1])))
			{
				char		low[24];

				for (size_t j = a; j < b; j++)
					low[j - a] = (char) pith_ascii_lower((unsigned char) s[j]);
				f->wordn = fnv(fnv_str(FNV_BASIS, "wn="), low, b - a);
			}
		}
	}
	/* repeated lines: running headers and footers; the section's style */
	{
		size_t		authors = 0;
		uint8_t		style;

		for (size_t i = 0; i < n; i++)
			authors += facts[i].author_start || facts[i].ay_start;
		style = authors * 10 < n ? 0 : authors * 4 < n ? 1 : authors * 5 < n * 2 ? 2 : 3;
		for (size_t i = 0; i < n; i++)
			facts[i].style = style;
	}
	for (size_t i = 0; i < n; i++)
	{
		size_t		slot = (keys[i] * 2654435761u) & (slots - 1);

		if (keys[i] == 0)
			continue;
		while (tab[2 * slot] != keys[i])
			slot = (slot + 1) & (slots - 1);
		facts[i].repeated = tab[2 * slot + 1] >= 3 && facts[i].words <= 12;
	}
}

/* one feature: a name and a small integer value, from a prefix */
static uint32_t
feat(const char *prefix, const char *name, uint32_t v)
{
	uint32_t	h = fnv_str(fnv_str(FNV_BASIS, prefix), name);

	h ^= v;
	h *= 16777619u;
	h ^= v >> 8;
	h *= 16777619u;
	return h;
}

/* the facts of one line as features, under a prefix (self, previous, next) */
static size_t
line_feats(const pith_line_facts *f, const char *p, bool full, uint32_t *out)
{
	size_t		k = 0;

	out[k++] = feat(p, "first", f->first);
	out[k++] = feat(p, "last", f->last);
	out[k++] = feat(p, "len", f->len_bucket);
	out[k++] = feat(p, "year", f->has_year);
	out[k++] = feat(p, "auth", f->author_start);
	out[k++] = feat(p, "name", f->name_start);
	out[k++] = feat(p, "lab", f->label_next ? 2 : f->label >= 0 ? 1 : 0);
	out[k++] = feat(p, "ay", f->ay_start);
	out[k++] = feat(p, "lone", f->lone_label);
	if (f->wordn && !full)
		out[k++] = f->wordn ^ feat(p, "wn", 0);
	if (full)
	{
		out[k++] = feat(p, "sub", f->sub_label);
		out[k++] = feat(p, "end2", f->end2);
		out[k++] = feat(p, "auth*style", f->style * 4 + f->author_start * 2 + f->ay_start);
		out[k++] = feat(p, "words", f->words > 8 ? 8 : f->words);
		out[k++] = feat(p, "link", f->has_link);
		out[k++] = feat(p, "etal", f->has_etal);
		out[k++] = feat(p, "pages", f->has_pages);
		out[k++] = feat(p, "rep", f->repeated);
		out[k++] = feat(p, "caps", f->all_caps);
		out[k++] = feat(p, "indent", f->indent_rel);
		out[k++] = feat(p, "gap", f->flags);
		out[k++] = f->shape ^ feat(p, "shape", 0);
		if (f->word1)
			out[k++] = f->word1 ^ feat(p, "w1", 0);
		out[k++] = feat(p, "first*auth", f->first * 2 + f->author_start);
		out[k++] = feat(p, "first*len", f->first * 8 + f->len_bucket);
		out[k++] = feat(p, "year*len", f->has_year * 8 + f->len_bucket);
	}
	return k;
}

size_t
pith_refsec_features(const pith_line_facts *facts, size_t n, size_t i, uint32_t *out)
{
	const pith_line_facts *f = &facts[i];
	size_t		k = 0;

	out[k++] = feat("", "bias", 0);
	k += line_feats(f, "", true, out + k);
	if (i > 0)
	{
		const pith_line_facts *p = &facts[i - 1];

		k += line_feats(p, "p:", false, out + k);
		out[k++] = feat("", "plast*first", p->last * 16 + f->first);
		out[k++] = feat("", "plen*first", p->len_bucket * 16 + f->first);
		out[k++] = feat("", "plast*auth", p->last * 2 + f->author_start);
		out[k++] = feat("", "plast*name", p->last * 2 + f->name_start);
		out[k++] = feat("", "plen*auth", p->len_bucket * 2 + f->author_start);
		out[k++] = feat("", "plen*plast*first", (p->len_bucket * 8 + p->last) * 16 + f->first);
		out[k++] = feat("", "pyear*plen", p->has_year * 8 + p->len_bucket);
		out[k++] = feat("", "plast*ay", p->last * 2 + f->ay_start);
		out[k++] = feat("", "pend2*auth", p->end2 * 4 + f->author_start * 2 + f->ay_start);
		out[k++] = feat("", "plast*plen*auth", (p->last * 8 + p->len_bucket) * 4 + f->author_start * 2 + f->ay_start);
		out[k++] = feat("", "plast*sub", p->last * 2 + f->sub_label);
		out[k++] = feat("", "plone", p->lone_label);
	}
	else
		out[k++] = feat("", "start", 0);
	if (i + 1 < n)
	{
		const pith_line_facts *q = &facts[i + 1];

		k += line_feats(q, "n:", false, out + k);
		out[k++] = feat("", "last*nfirst", f->last * 16 + q->first);
	}
	else
		out[k++] = feat("", "end", 0);
	return k;
}
