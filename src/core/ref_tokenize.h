/*
 * ref_tokenize.h -- the one tokenizer of the reference labeller, shared by
 * training (model/train_crf.c) and parsing: PDF-damage repair that keeps a
 * map back to the source bytes, then tokens (words, numbers, single
 * punctuation marks, and one token per identifier span).  Pure C.
 */
#ifndef PITH_REF_TOKENIZE_H
#define PITH_REF_TOKENIZE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ref_identifiers.h"

typedef enum pith_ref_tok_kind
{
	PITH_TOK_WORD = 0,			/* letters (and digits) */
	PITH_TOK_NUMBER,			/* ASCII digits only */
	PITH_TOK_PUNCT,				/* one punctuation mark or symbol */
	PITH_TOK_URL,				/* identifier spans, one token each */
	PITH_TOK_DOI,
	PITH_TOK_ARXIV,
	PITH_TOK_BADID				/* identifier-shaped, failed validation */
} pith_ref_tok_kind;

/* One token: bytes [start, end) of the repaired text. */
typedef struct pith_ref_token
{
	uint32_t	start;
	uint32_t	end;
	uint8_t		kind;			/* pith_ref_tok_kind */
	uint8_t		space_before;	/* whitespace between it and the previous token */
} pith_ref_token;

/*
 * Repair PDF damage of in[0..len) into out (len + 1 bytes, never longer
 * than the input, NUL-terminated): control characters, line breaks and
 * Unicode spaces become single spaces, soft hyphens and zero-width spaces
 * go, ligatures are expanded, "compu- tation" breaks are joined (also a
 * suspended hyphen, "self- and peer-review": the labeller was trained on
 * text repaired so; the fields give it back, pith_ref_assemble).  src
 * (len + 1 entries, may be NULL) receives for each output byte the offset
 * of the input byte it came from, and src[result] = len.  Returns the
 * output length.
 */
size_t		pith_ref_repair(const unsigned char *in, size_t len, char *out, uint32_t *src);

/*
 * Is s[0..n) -- the text after a hyphen and a space or line break -- a
 * conjunction that makes the hyphen a suspended one, kept, not a word
 * broken at a line end ("self- and parent-report", "Frauen- und
 * Geschlechterforschung", "time- or band-limited")?  The word must be
 * followed by a space or the end of s.
 */
bool		pith_ref_suspended_hyphen_before(const char *s, size_t n);

/*
 * Decode the UTF-8 character at s[i..n): its code point (or the byte value
 * for an invalid sequence) and its length in *clen (at least 1).
 */
uint32_t	pith_ref_utf8(const char *s, size_t n, size_t i, size_t *clen);

/* Is the code point a punctuation mark or symbol (not a letter/digit)? */
bool		pith_ref_is_punct_cp(uint32_t cp);

/*
 * Split norm[0..n) into tokens (room for n entries in tok); each of the
 * nspans identifier spans (in text order) becomes one token.  Returns the
 * number of tokens.
 */
size_t		pith_ref_tokenize(const char *norm, size_t n, const pith_ref_span *spans,
							  size_t nspans, pith_ref_token *tok);

#endif							/* PITH_REF_TOKENIZE_H */
