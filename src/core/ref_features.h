/*
 * ref_features.h -- the features of each token of a reference string, for
 * the CRF labeller (training and parsing use this same code).  A feature is
 * a 32-bit hash of a template number and its values: the token's word,
 * shape and lexicon classes and those of its neighbours, its position,
 * whether it is inside quotes or brackets, how many sentence breaks,
 * commas and years come before it.  Pure C.
 */
#ifndef PITH_REF_FEATURES_H
#define PITH_REF_FEATURES_H

#include <stddef.h>
#include <stdint.h>

#include "ref_tokenize.h"

/*
 * Version of the feature templates and lexicons.  A model records the
 * schema it was trained with and is refused when it differs: bump this
 * whenever a feature or a lexicon word changes, then retrain.
 */
#define PITH_REF_FEATURE_SCHEMA 2

/* Most features one token can have. */
#define PITH_REF_MAX_FEATURES 128

/* Lexicon classes (bits of pith_ref_tokinfo.lex). */
enum
{
	PITH_LEX_MONTH = 1 << 0,
	PITH_LEX_VENUE = 1 << 1,		/* journal, proceedings, Zeitschrift, revista ... */
	PITH_LEX_VENUE_ABBR = 1 << 2,	/* Proc, J, Trans, Rev, Lett ... */
	PITH_LEX_VOLUME = 1 << 3,		/* Vol, Bd, Jg, No, Nr, Heft ... */
	PITH_LEX_PAGES = 1 << 4,		/* pp, p, S, pages, Seiten ... */
	PITH_LEX_EDITOR = 1 << 5,		/* ed, eds, Hrsg, Hg, dir ... */
	PITH_LEX_IN = 1 << 6,			/* In, dans, en, im */
	PITH_LEX_PUBLISHER = 1 << 7,	/* Press, Verlag, Springer ... */
	PITH_LEX_PLACE = 1 << 8,		/* Berlin, London, New, York ... */
	PITH_LEX_GIVEN = 1 << 9,		/* common given names */
	PITH_LEX_PARTICLE = 1 << 10,	/* van, von, de, der ... */
	PITH_LEX_STOP = 1 << 11,		/* the, of, und, la ... */
	PITH_LEX_ETAL = 1 << 12,		/* et, al, others, u.a. */
	PITH_LEX_AND = 1 << 13,			/* and, und, et, y */
	PITH_LEX_ACCESS = 1 << 14,		/* accessed, retrieved, abgerufen ... */
	PITH_LEX_ONLINE = 1 << 15,		/* doi, arXiv, preprint, URL, available */
	PITH_LEX_THESIS = 1 << 16,		/* thesis, dissertation, report ... */
	PITH_LEX_EDITION = 1 << 17,		/* edition, Aufl, édition ... */
	PITH_LEX_COUNT = 18
};

/* Per-token facts the features are made of (computed once per string). */
typedef struct pith_ref_tokinfo
{
	uint32_t	word;			/* hash of the lower-cased text (numbers by length) */
	uint32_t	shape;			/* hash of the character-class shape */
	uint32_t	pre3;			/* hashes of the first / last three bytes, 0 if short */
	uint32_t	suf3;
	uint32_t	lex;			/* PITH_LEX_* bits */
	uint8_t		kind;			/* pith_ref_tok_kind */
	uint8_t		casecls;		/* 0 lower, 1 capitalised, 2 all caps, 3 mixed, 4 digits, 5 other */
	uint8_t		lenb;			/* length bucket */
	uint8_t		year;			/* a plausible year (1500..2100, "2019a") */
	uint8_t		inquote;		/* inside quotes */
	uint8_t		inparen;		/* inside ( ) */
	uint8_t		inbracket;		/* inside [ ] */
	uint8_t		seps;			/* sentence breaks before, capped */
	uint8_t		commas;			/* commas before, capped */
	uint8_t		yearseen;		/* a year-like token came before */
	uint8_t		space_before;
	uint8_t		space_after;
	uint8_t		initial;		/* one upper-case letter (an initial) */
	/*
	 * The sentence (tokens between two sentence breaks) and the clause
	 * (between two commas, semicolons or sentence breaks) the token is in:
	 * a summary of each (PITH_SPAN_* bits and a length bucket), of the
	 * next and previous sentence, and where in them the token sits
	 * (0 inside, 1 first, 2 last, 3 alone).
	 */
	uint16_t	sent;
	uint16_t	sent_next;
	uint16_t	sent_prev;
	uint16_t	clause;
	uint16_t	clause_next;
	uint8_t		sent_pos;
	uint8_t		clause_pos;
	uint8_t		after_year;		/* tokens since the first year, bucketed (0: none yet) */
} pith_ref_tokinfo;

/* Bits of a span summary (pith_ref_tokinfo.sent, .clause). */
enum
{
	PITH_SPAN_YEAR = 1 << 0,		/* holds a year */
	PITH_SPAN_INITIALS = 1 << 1,	/* two or more initials */
	PITH_SPAN_VENUE = 1 << 2,		/* a venue word or abbreviation */
	PITH_SPAN_IN = 1 << 3,			/* starts with In / dans / ... */
	PITH_SPAN_PUBPLACE = 1 << 4,	/* a publisher or place word */
	PITH_SPAN_NUMBERS = 1 << 5,		/* half or more of its words are numbers */
	PITH_SPAN_STOP = 1 << 6,		/* a lower-case function word (the, of, und ...) */
	PITH_SPAN_TITLECASE = 1 << 7,	/* most words capitalised */
	PITH_SPAN_QUOTE = 1 << 8,		/* holds a quote mark */
	PITH_SPAN_EDITOR = 1 << 9,		/* an editor word (eds, Hrsg ...) */
	PITH_SPAN_NONE = 1 << 12		/* no such span (before the first / after the last) */
};
/* The length bucket of a span summary sits in its top three bits. */
#define PITH_SPAN_LEN_SHIFT 13

/* Fill info[0..nt) for the tokens tok[0..nt) of norm. */
void		pith_ref_token_info(const char *norm, size_t n, const pith_ref_token *tok,
								size_t nt, pith_ref_tokinfo *info);

/*
 * The features of token i (of nt) into out (room for PITH_REF_MAX_FEATURES);
 * returns how many.  Deterministic: same tokens, same features.
 */
size_t		pith_ref_features(const pith_ref_tokinfo *info, size_t nt, size_t i, uint32_t *out);

#endif							/* PITH_REF_FEATURES_H */
