/*
 * ref_features.c -- token facts and features for the reference labeller
 * (see ref_features.h).  pith_ref_token_info walks the tokens once, left to
 * right, keeping the quote and bracket state and the counts of sentence
 * breaks, commas and years seen; pith_ref_features then combines the facts
 * of a token and of its neighbours into hashed features.
 */
#include "ref_features.h"
#include "ref_lexicon.h"
#include "ascii.h"

#include <string.h>

/* Longest prefix of a word that is hashed as its identity. */
#define WORD_MAX 24

/* Mix v into the hash h (a 32-bit finaliser-style combination). */
static inline uint32_t
mix(uint32_t h, uint32_t v)
{
	h ^= v + 0x9e3779b9u + (h << 6) + (h >> 2);
	h ^= h >> 16;
	h *= 0x85ebca6bu;
	h ^= h >> 13;
	return h;
}

/* Feature of template t with one / two values. */
static inline uint32_t
feat1(uint32_t t, uint32_t a)
{
	return mix(mix(0x51ed27u, t), a);
}

static inline uint32_t
feat2(uint32_t t, uint32_t a, uint32_t b)
{
	return mix(mix(mix(0x51ed27u, t), a), b);
}

/* Index of the lowest set bit of v (v != 0). */
static inline uint32_t
lowest_bit(uint32_t v)
{
#if defined(__GNUC__) || defined(__clang__)
	return (uint32_t) __builtin_ctz(v);
#else
	uint32_t	b = 0;

	while (!(v & 1u))
	{
		v >>= 1;
		b++;
	}
	return b;
#endif
}

/* Case class of a letter code point: 1 upper, 2 lower, 0 neither/unknown. */
static int
letter_case(uint32_t cp)
{
	if (cp < 0x80)
		return pith_ascii_is_upper((unsigned char) cp) ? 1 : pith_ascii_is_lower((unsigned char) cp) ? 2 : 0;
	if (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)
		return 1;
	if (cp >= 0xDF && cp <= 0xFF && cp != 0xF7)
		return 2;
	if (cp >= 0x100 && cp <= 0x17F)
		return (cp & 1) ? 2 : 1;
	if (cp >= 0x391 && cp <= 0x3A9)
		return 1;
	if (cp >= 0x3B1 && cp <= 0x3C9)
		return 2;
	if (cp >= 0x410 && cp <= 0x42F)
		return 1;
	if (cp >= 0x430 && cp <= 0x44F)
		return 2;
	return 0;
}

/* Facts of one word or number token. */
static void
word_facts(const char *s, size_t n, const pith_ref_token *t, pith_ref_tokinfo *f)
{
	char		lower[WORD_MAX];
	char		shape[16];
	size_t		len = t->end - t->start,
				wl = len < WORD_MAX ? len : WORD_MAX,
				sl = 0,
				upper = 0,
				lowerc = 0,
				digits = 0,
				letters = 0;
	const char *w = s + t->start;
	int			first_case = 0;

	for (size_t k = 0; k < wl; k++)
		lower[k] = (char) pith_ascii_lower((unsigned char) w[k]);
	for (size_t k = 0; k < len;)
	{
		size_t		cl;
		uint32_t	cp = pith_ref_utf8(s, n, t->start + k, &cl);
		char		c;
		int			lc = letter_case(cp);

		if (cp < 0x80 && pith_ascii_is_digit((unsigned char) cp))
		{
			c = 'd';
			digits++;
		}
		else if (lc == 1)
		{
			c = 'X';
			upper++;
			letters++;
		}
		else if (lc == 2)
		{
			c = 'x';
			lowerc++;
			letters++;
		}
		else if (cp == '-' || cp == '\'')
			c = '-';
		else
		{
			c = 'u';			/* a letter of unknown case */
			letters++;
		}
		if (k == 0)
			first_case = lc;
		/* runs collapse to two: "Smith" -> "Xxx" -> "Xxx", "2019" -> "dd" */
		if (!(sl >= 2 && shape[sl - 1] == c && shape[sl - 2] == c) && sl < sizeof(shape))
			shape[sl++] = c;
		k += cl;
	}
	f->shape = pith_ref_hash_bytes(shape, sl);
	f->lenb = len <= 3 ? (uint8_t) len : len <= 6 ? 4 : len <= 10 ? 5 : 6;
	if (t->kind == PITH_TOK_NUMBER)
	{
		uint32_t	v = 0;

		f->casecls = 4;
		if (len == 4)
			for (size_t k = 0; k < 4; k++)
				v = v * 10 + (uint32_t) (w[k] - '0');
		f->year = (len == 4 && v >= 1500 && v <= 2100);
		f->word = feat2(900, (uint32_t) (len < 6 ? len : 6), f->year);
		return;
	}
	/* "2019a", "2019b": a year with a disambiguation letter */
	if (len == 5 && digits == 4 && pith_ascii_is_lower((unsigned char) w[4]) &&
		(w[0] == '1' || w[0] == '2'))
		f->year = 1;
	f->word = pith_ref_hash_bytes(lower, wl);
	f->lex = pith_ref_lexicon(lower, wl);
	if (len >= 5)
	{
		f->pre3 = feat1(901, pith_ref_hash_bytes(lower, 3));
		f->suf3 = feat1(902, pith_ref_hash_bytes(lower + wl - 3, 3));
	}
	if (digits > 0 && letters == 0)
		f->casecls = 4;
	else if (upper == 0 && lowerc > 0)
		f->casecls = 0;
	else if (first_case == 1 && upper == 1)
		f->casecls = 1;
	else if (upper > 0 && lowerc == 0)
		f->casecls = 2;
	else if (upper > 0)
		f->casecls = 3;
	else
		f->casecls = 5;
	f->initial = (upper == 1 && letters == 1 && digits == 0);
}

/* Is the punctuation token t an opening / closing quote? */
static int
quote_kind(const char *s, size_t n, const pith_ref_token *t)
{
	size_t		cl;
	uint32_t	cp = pith_ref_utf8(s, n, t->start, &cl);

	if (cp == 0x201C || cp == 0x201E || cp == 0xAB || cp == 0x2018 || cp == 0x201A || cp == 0x2039)
		return 1;				/* “ „ « ‘ ‚ ‹ */
	if (cp == 0x201D || cp == 0xBB || cp == 0x2019 || cp == 0x203A)
		return 2;				/* ” » ’ › */
	if (cp == '"' || cp == '`')
		return 3;				/* toggles */
	return 0;
}

/* Length bucket of a span of w words (3 bits). */
static uint16_t
span_len_bucket(unsigned w)
{
	return (uint16_t) (w <= 2 ? w : w <= 4 ? 3 : w <= 7 ? 4 : w <= 12 ? 5 : w <= 20 ? 6 : 7);
}

/* The summary (PITH_SPAN_* bits and length bucket) of tokens [a, b]. */
static uint16_t
span_summary(const pith_ref_token *tok, const pith_ref_tokinfo *info, size_t a, size_t b)
{
	unsigned	words = 0,
				numbers = 0,
				caps = 0,
				letters = 0,
				initials = 0;
	uint16_t	bits = 0;

	for (size_t i = a; i <= b; i++)
	{
		const pith_ref_tokinfo *f = &info[i];

		if (f->inquote)
			bits |= PITH_SPAN_QUOTE;
		if (tok[i].kind == PITH_TOK_PUNCT)
			continue;
		if (tok[i].kind == PITH_TOK_NUMBER)
		{
			words++;
			numbers++;
		}
		else if (tok[i].kind == PITH_TOK_WORD)
		{
			words++;
			if (f->casecls == 4)
				numbers++;
			else
			{
				letters++;
				if (f->casecls == 1 || f->casecls == 2)
					caps++;
			}
			if (words == 1 && (f->lex & PITH_LEX_IN))
				bits |= PITH_SPAN_IN;
			if (f->lex & (PITH_LEX_VENUE | PITH_LEX_VENUE_ABBR))
				bits |= PITH_SPAN_VENUE;
			if (f->lex & (PITH_LEX_PUBLISHER | PITH_LEX_PLACE))
				bits |= PITH_SPAN_PUBPLACE;
			if ((f->lex & PITH_LEX_STOP) && f->casecls == 0)
				bits |= PITH_SPAN_STOP;
			if (f->lex & PITH_LEX_EDITOR)
				bits |= PITH_SPAN_EDITOR;
		}
		if (f->year)
			bits |= PITH_SPAN_YEAR;
		if (f->initial)
			initials++;
	}
	if (initials >= 2)
		bits |= PITH_SPAN_INITIALS;
	if (words > 0 && 2 * numbers >= words)
		bits |= PITH_SPAN_NUMBERS;
	if (letters >= 2 && 3 * caps >= 2 * letters)
		bits |= PITH_SPAN_TITLECASE;
	return (uint16_t) (bits | (span_len_bucket(words) << PITH_SPAN_LEN_SHIFT));
}

/* Does token i end a sentence (a break the state counts as one)? */
static bool
ends_sentence(const char *s, const pith_ref_token *tok, const pith_ref_tokinfo *info, size_t i)
{
	char		c;

	if (tok[i].kind != PITH_TOK_PUNCT || !info[i].space_after)
		return false;
	c = s[tok[i].start];
	if (c == '.')
		return !(i > 0 && info[i - 1].initial);
	return c == ':' || c == '?' || c == '!';
}

/* Does token i end a clause (a sentence break, a comma or a semicolon)? */
static bool
ends_clause(const char *s, const pith_ref_token *tok, const pith_ref_tokinfo *info, size_t i)
{
	return ends_sentence(s, tok, info, i) ||
		(tok[i].kind == PITH_TOK_PUNCT && (s[tok[i].start] == ',' || s[tok[i].start] == ';'));
}

/* Position of token i in the span [a, b]: 0 inside, 1 first, 2 last, 3 alone. */
static uint8_t
span_pos(size_t a, size_t b, size_t i)
{
	return (uint8_t) ((i == a ? 1 : 0) | (i == b ? 2 : 0));
}

/* Fill the span fields of info (sentences, clauses, distance to the year). */
static void
span_summaries(const char *s, const pith_ref_token *tok, size_t nt, pith_ref_tokinfo *info)
{
	uint16_t	prev_sent = PITH_SPAN_NONE;
	size_t		first_year = nt;

	for (size_t a = 0; a < nt;)
	{
		size_t		b = a;
		uint16_t	sum,
					next = PITH_SPAN_NONE;

		while (b + 1 < nt && !ends_sentence(s, tok, info, b))
			b++;
		sum = span_summary(tok, info, a, b);
		if (b + 1 < nt)
		{
			size_t		c = b + 1;

			while (c + 1 < nt && !ends_sentence(s, tok, info, c))
				c++;
			next = span_summary(tok, info, b + 1, c);
		}
		for (size_t i = a; i <= b; i++)
		{
			info[i].sent = sum;
			info[i].sent_next = next;
			info[i].sent_prev = prev_sent;
			info[i].sent_pos = span_pos(a, b, i);
		}
		prev_sent = sum;
		a = b + 1;
	}
	for (size_t a = 0; a < nt;)
	{
		size_t		b = a;
		uint16_t	sum,
					next = PITH_SPAN_NONE;

		while (b + 1 < nt && !ends_clause(s, tok, info, b))
			b++;
		sum = span_summary(tok, info, a, b);
		if (b + 1 < nt)
		{
			size_t		c = b + 1;

			while (c + 1 < nt && !ends_clause(s, tok, info, c))
				c++;
			next = span_summary(tok, info, b + 1, c);
		}
		for (size_t i = a; i <= b; i++)
		{
			info[i].clause = sum;
			info[i].clause_next = next;
			info[i].clause_pos = span_pos(a, b, i);
		}
		a = b + 1;
	}
	for (size_t i = 0; i < nt; i++)
	{
		if (first_year == nt && info[i].year)
			first_year = i;
		if (first_year == nt)
			info[i].after_year = 0;
		else
		{
			size_t		d = i - first_year;

			info[i].after_year = (uint8_t) (d == 0 ? 1 : d <= 2 ? 2 : d <= 5 ? 3 : d <= 12 ? 4 : 5);
		}
	}
}

/* Fill the token facts; see ref_features.h. */
void
pith_ref_token_info(const char *s, size_t n, const pith_ref_token *tok, size_t nt,
					pith_ref_tokinfo *info)
{
	int			quote = 0,
				paren = 0,
				bracket = 0;
	unsigned	seps = 0,
				commas = 0;
	bool		yearseen = false;

	memset(info, 0, nt * sizeof(*info));
	for (size_t i = 0; i < nt; i++)
	{
		const pith_ref_token *t = &tok[i];
		pith_ref_tokinfo *f = &info[i];

		f->kind = t->kind;
		f->space_before = t->space_before;
		f->space_after = (i + 1 < nt) ? tok[i + 1].space_before : 1;
		switch (t->kind)
		{
			case PITH_TOK_WORD:
			case PITH_TOK_NUMBER:
				word_facts(s, n, t, f);
				break;
			case PITH_TOK_PUNCT:
				{
					size_t		len = t->end - t->start;

					f->word = pith_ref_hash_bytes(s + t->start, len);
					f->shape = f->word;
					f->casecls = 5;
					break;
				}
			default:
				f->word = feat1(903, t->kind);
				f->shape = f->word;
				f->casecls = 5;
				break;
		}

		/* state before this token */
		f->inquote = quote > 0;
		f->inparen = paren > 0;
		f->inbracket = bracket > 0;
		f->seps = (uint8_t) (seps < 6 ? seps : 6);
		f->commas = (uint8_t) (commas < 8 ? commas : 8);
		f->yearseen = yearseen;

		/* update the state */
		if (t->kind == PITH_TOK_PUNCT)
		{
			char		c = s[t->start];
			int			q = quote_kind(s, n, t);

			if (q == 1)
				quote = 1;
			else if (q == 2)
				quote = 0;
			else if (q == 3)
				quote = !quote;
			if (c == '(')
				paren++;
			else if (c == ')' && paren > 0)
				paren--;
			else if (c == '[')
				bracket++;
			else if (c == ']' && bracket > 0)
				bracket--;
			else if (c == ',')
				commas++;
			else if ((c == '.' || c == ':' || c == '?' || c == '!') && f->space_after)
			{
				/* a period after an initial ("J. Smith") is no sentence break */
				if (!(c == '.' && i > 0 && info[i - 1].initial))
					seps++;
			}
			if (c == ')' || c == ']')
				f->inparen = f->inbracket = 0;
		}
		if (f->year)
			yearseen = true;
	}
	span_summaries(s, tok, nt, info);
	/* closing marks belong to what they close */
	for (size_t i = 0; i < nt; i++)
		if (tok[i].kind == PITH_TOK_PUNCT && (s[tok[i].start] == ')' || s[tok[i].start] == ']') && i > 0)
		{
			info[i].inparen = info[i - 1].inparen;
			info[i].inbracket = info[i - 1].inbracket;
		}
}

/* The features of token i; see ref_features.h. */
size_t
pith_ref_features(const pith_ref_tokinfo *info, size_t nt, size_t i, uint32_t *out)
{
	const pith_ref_tokinfo *f = &info[i];
	static const pith_ref_tokinfo none = {.word = 0xB0B0u, .shape = 0xB0B0u, .casecls = 7, .kind = 9};
	const pith_ref_tokinfo *p1 = i > 0 ? &info[i - 1] : &none;
	const pith_ref_tokinfo *p2 = i > 1 ? &info[i - 2] : &none;
	const pith_ref_tokinfo *n1 = i + 1 < nt ? &info[i + 1] : &none;
	const pith_ref_tokinfo *n2 = i + 2 < nt ? &info[i + 2] : &none;
	size_t		k = 0;
	uint32_t	pos = nt > 1 ? (uint32_t) ((i * 8) / nt) : 0;

	out[k++] = feat1(1, 0);		/* bias */
	out[k++] = feat1(2, f->word);
	out[k++] = feat1(3, p1->word);
	out[k++] = feat1(4, n1->word);
	out[k++] = feat1(5, p2->word);
	out[k++] = feat1(6, n2->word);
	out[k++] = feat1(7, f->shape);
	out[k++] = feat1(8, p1->shape);
	out[k++] = feat1(9, n1->shape);
	out[k++] = feat2(10, p1->shape, f->shape);
	out[k++] = feat2(11, f->shape, n1->shape);
	out[k++] = feat2(12, p1->word, f->word);
	out[k++] = feat2(13, f->word, n1->word);
	/* the fixed features below need at most 48 slots */
	/*
	 * Only the classes some of the five tokens have: the same features in
	 * the same order as walking every class, without the empty steps.
	 */
	for (uint32_t any = (f->lex | p1->lex | n1->lex | p2->lex | n2->lex) &
		 ((1u << PITH_LEX_COUNT) - 1);
		 any != 0 && k + 6 <= PITH_REF_MAX_FEATURES - 48; any &= any - 1)
	{
		uint32_t	b = lowest_bit(any);

		if (f->lex & (1u << b))
		{
			out[k++] = feat1(20, b);
			out[k++] = feat2(21, b, n1->word);	/* "Vol" + ".", "In" + ":" */
		}
		if (p1->lex & (1u << b))
			out[k++] = feat1(22, b);
		if (n1->lex & (1u << b))
			out[k++] = feat1(23, b);
		if (p2->lex & (1u << b))
			out[k++] = feat1(24, b);
		if (n2->lex & (1u << b))
			out[k++] = feat1(25, b);
	}
	if (f->pre3)
		out[k++] = f->pre3;
	if (f->suf3)
		out[k++] = f->suf3;
	out[k++] = feat1(30, f->lenb);
	out[k++] = feat2(31, f->casecls, f->kind);
	out[k++] = feat2(32, p1->casecls, n1->casecls);
	out[k++] = feat1(33, pos);
	if (i == 0)
		out[k++] = feat1(34, 0);
	if (i + 1 == nt)
		out[k++] = feat1(35, 0);
	out[k++] = feat2(36, f->inquote, f->kind == PITH_TOK_PUNCT);
	out[k++] = feat1(37, f->inparen);
	out[k++] = feat1(38, f->inbracket);
	out[k++] = feat1(39, f->seps);
	out[k++] = feat1(40, f->commas);
	out[k++] = feat1(41, f->yearseen);
	out[k++] = feat2(42, f->seps, f->yearseen);
	out[k++] = feat2(43, f->space_before, f->space_after);
	out[k++] = feat1(44, f->year);
	out[k++] = feat2(45, p1->year, n1->year);
	out[k++] = feat2(46, f->initial, n1->word);
	out[k++] = feat2(47, p1->initial, p2->initial);
	out[k++] = feat2(48, f->seps, f->casecls);
	out[k++] = feat2(49, pos, f->kind);
	out[k++] = feat2(50, f->inquote, f->seps);
	out[k++] = feat2(51, f->inparen, f->year);
	/* the sentence and the clause around the token */
	out[k++] = feat2(60, f->sent, f->sent_pos);
	out[k++] = feat1(61, f->sent_next);
	out[k++] = feat1(62, f->sent_prev);
	out[k++] = feat2(63, f->clause, f->clause_pos);
	out[k++] = feat1(64, f->clause_next);
	out[k++] = feat2(65, f->sent, f->seps);
	out[k++] = feat2(66, f->after_year, f->casecls);
	out[k++] = feat2(67, f->word, f->sent_pos);
	out[k++] = feat2(68, f->sent_next, f->sent_pos);
	return k;
}
