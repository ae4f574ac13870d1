/*
 * refsec_lines.h -- the reference splitter's view of a text: its lines
 * (byte offsets, indentation, blank lines and page breaks around them), the
 * facts about each line that tell where a reference begins, and the hashed
 * features the line labeller (a linear-chain CRF, crf_model.h) scores.
 * Pure C, no PostgreSQL headers.
 *
 * The labeller gives each line of a reference section one of three labels:
 *   b  a reference begins on this line
 *   i  the line continues the reference above
 *   o  the line is no part of a reference (running header or footer, page
 *      number, heading, other text)
 */
#ifndef PITH_REFSEC_LINES_H
#define PITH_REFSEC_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Feature schema of refsec_features(); a model trained on another is refused. */
#define PITH_REFSPLIT_FEATURE_SCHEMA 5
#define PITH_REFSPLIT_LABELS "bio"
#define PITH_REFSPLIT_NLABELS 3
/* Most features one line has. */
#define PITH_REFSPLIT_MAX_FEATURES 64

/* line flags */
#define PITH_LINE_BLANK_BEFORE	0x01	/* an empty line precedes it */
#define PITH_LINE_PAGE_BEFORE	0x02	/* a form feed precedes it */
#define PITH_LINE_PAGE_AFTER	0x04	/* a form feed follows it */
#define PITH_LINE_RUNNING	0x08	/* a running header or footer of the whole text (refsec_split.c) */

/* One non-blank line: [start, end) is the line without surrounding blanks. */
typedef struct pith_line
{
	uint32_t	start;
	uint32_t	end;
	uint16_t	indent;			/* blanks before start (tab = 8) */
	uint8_t		flags;
} pith_line;

/* What the features are made from (refsec_facts). */
typedef struct pith_line_facts
{
	uint8_t		first;			/* class of the line's first token (REFSEC_FIRST_*) */
	uint8_t		last;			/* class of its last character (REFSEC_END_*) */
	uint8_t		len_bucket;		/* length against the section's long lines: 0..5 */
	uint8_t		words;			/* word count, capped at 31 */
	uint8_t		indent_rel;		/* 0 same as previous line, 1 more, 2 less */
	uint8_t		flags;			/* the line's PITH_LINE_* flags */
	bool		label_next;		/* its number label continues the label sequence */
	bool		has_year;
	bool		has_link;		/* http, www, doi, arXiv: */
	bool		has_etal;
	bool		has_pages;		/* pp. / pages / vol. */
	bool		author_start;	/* starts like an author name: "Smith, J." "J. Smith" "Smith J" */
	bool		name_start;		/* starts like "Firstname Lastname," */
	bool		repeated;		/* the same line (digits aside) occurs 3+ times in the section */
	bool		all_caps;		/* letters all upper case */
	bool		ay_start;		/* names then a year early on: "Smith, J. and Li, K. (2001)" */
	bool		sub_label;		/* starts with a sub-reference mark: "a)", "b )", "(c)" */
	bool		lone_label;		/* the line is only a label: "[12]", "[Smi05]", "12." */
	uint8_t		end2;			/* what precedes a final period: REFSEC_END2_* */
	uint8_t		style;			/* the section's share of author-like line starts: 0..3 */
	int32_t		label;			/* the number of a [n] / n. / (n) label, -1 if none */
	uint32_t	shape;			/* hash of the shape of its first two tokens */
	uint32_t	word1;			/* hash of its first word, lower-cased (0 if not a word) */
	uint32_t	wordn;			/* hash of its last word, lower-cased (0 if not a word) */
} pith_line_facts;

/* first-token classes */
enum
{
	REFSEC_FIRST_OTHER = 0,
	REFSEC_FIRST_BRACKET_NUM,	/* [12] */
	REFSEC_FIRST_BRACKET_KEY,	/* [Smi05] */
	REFSEC_FIRST_NUM_DOT,		/* 12. */
	REFSEC_FIRST_PAREN_NUM,		/* (12) or 12) */
	REFSEC_FIRST_NUM,			/* 12 followed by text */
	REFSEC_FIRST_NUM_ONLY,		/* the line is a number */
	REFSEC_FIRST_UPPER,			/* capitalised word */
	REFSEC_FIRST_INITIAL,		/* J. */
	REFSEC_FIRST_LOWER,			/* lower-case word */
	REFSEC_FIRST_DASH,			/* ---, ——: "same authors" */
	REFSEC_FIRST_PUNCT,
	REFSEC_FIRST_NONASCII,		/* a letter outside ASCII */
	REFSEC_FIRST_YEAR			/* 1998 */
};

/* last-character classes */
enum
{
	REFSEC_END_OTHER = 0,
	REFSEC_END_PERIOD,
	REFSEC_END_COMMA,
	REFSEC_END_HYPHEN,
	REFSEC_END_DIGIT,
	REFSEC_END_LETTER,
	REFSEC_END_CLOSE,			/* ) ] */
	REFSEC_END_COLON,
	REFSEC_END_SEMICOLON
};

/* what comes before a line's final period (or the last character when none) */
enum
{
	REFSEC_END2_NONE = 0,		/* no final period */
	REFSEC_END2_DIGIT,			/* "452." "2019." */
	REFSEC_END2_INITIAL,		/* "Smith, J." */
	REFSEC_END2_LOWER,			/* "word." */
	REFSEC_END2_CAPWORD,		/* "Press." "IEEE." */
	REFSEC_END2_CLOSE,			/* ")." */
	REFSEC_END2_OTHER
};

/* Walks the non-blank lines of a text one by one (no storage). */
typedef struct pith_line_iter
{
	size_t		pos;
	size_t		to;
	uint8_t		pending;		/* flags for the next non-blank line */
	bool		seen_any;
} pith_line_iter;

void		pith_refsec_iter_init(pith_line_iter *it, size_t from, size_t to);
/* The next non-blank line (PITH_LINE_PAGE_AFTER is not set here); false at the end. */
bool		pith_refsec_next_line(const char *text, pith_line_iter *it, pith_line *out);

/*
 * The non-blank lines of text[from, to): at most max are written to out;
 * returns how many there are (which may exceed max).
 */
size_t		pith_refsec_lines(const char *text, size_t from, size_t to, pith_line *out, size_t max);

/* Number label of a line ([12], 12., (12), 12)), or -1; *after: bytes it takes. */
int32_t		pith_refsec_label(const char *s, size_t n, size_t *after);

/*
 * Facts of n lines of one section.  work: pith_refsec_facts_workspace(n)
 * bytes (scratch for the repeated-line count).
 */
size_t		pith_refsec_facts_workspace(size_t n);
void		pith_refsec_facts(const char *text, const pith_line *lines, size_t n,
							  pith_line_facts *facts, void *work);

/* Does s[0, n) start like an author name ("Smith, J.", "J. Smith", "Smith J", "van der Berg, K.")? */
bool		pith_refsec_author_start(const char *s, size_t n);

/*
 * Does it start with names and then, within 20 tokens, a year ("Smith, J.
 * and Li, K. (2001)", "Anon. 1950.")?
 */
bool		pith_refsec_ay_start(const char *s, size_t n);

/* Does it start with a sub-reference mark ("a)", "b )", "(c)")? */
bool		pith_refsec_sub_label(const char *s, size_t n);

/* The feature hashes of line i (at most PITH_REFSPLIT_MAX_FEATURES); returns the count. */
size_t		pith_refsec_features(const pith_line_facts *facts, size_t n, size_t i, uint32_t *out);

#endif							/* PITH_REFSEC_LINES_H */
