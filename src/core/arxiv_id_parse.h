/*
 * arxiv_id_parse.h -- parse, validate and canonicalize arXiv identifiers,
 * and order canonical ones.  Pure C (no PostgreSQL headers): the fmgr glue in
 * src/arxiv_id.c, the reference parser and the unit tests call it.
 */
#ifndef PITH_ARXIV_ID_PARSE_H
#define PITH_ARXIV_ID_PARSE_H

#include <stddef.h>

/* Longest canonical text: "solv-int/9901001v" + 9 version digits. */
#define PITH_ARXIV_CANON_MAX 32
/* Longest input considered at all (URL forms and whitespace included). */
#define PITH_ARXIV_INPUT_MAX 256
/* Longest version number, in digits. */
#define PITH_ARXIV_VERSION_DIGITS 9

typedef struct pith_arxiv_id
{
	char		canon[PITH_ARXIV_CANON_MAX + 1];	/* canonical text, NUL-terminated */
	size_t		len;			/* strlen(canon) */
	size_t		base_len;		/* length of canon without "vN" */
	int			old_style;		/* 1 for archive/YYMMNNN */
	int			yymm;			/* 0704 -> 704, 9901 -> 9901 */
	int			version;		/* 0 when absent */
} pith_arxiv_id;

/*
 * Parse len bytes of in (need not be NUL-terminated).  Returns 1 and fills
 * *out on success; returns 0 and writes a full-sentence reason into why
 * (whycap bytes, may be NULL) on failure.
 */
int			pith_arxiv_parse(const char *in, size_t len, pith_arxiv_id *out,
							 char *why, size_t whycap);

/* Is s[0..len) (lower case) an archive that issued old-style ids (hep-th, math)? */
int			pith_arxiv_is_old_archive(const char *s, size_t len);

/*
 * Compare two canonical identifiers (as produced by pith_arxiv_parse):
 * old-style before new-style; old-style by archive, then year-month in
 * calendar order, then number; new-style by year-month then number; then
 * no version before v1 < v2 < ... v10 (numeric).  Returns <0, 0, >0.
 */
int			pith_arxiv_cmp(const char *a, size_t alen, const char *b, size_t blen);

/*
 * The same order, by parsing both sides (archive, year-month, number,
 * version): how the order is defined, and what pith_arxiv_cmp falls back
 * to for text of a shape pith_arxiv_parse never writes.  pith_arxiv_cmp
 * decides canonical text from its bytes; test/unit/test_arxiv_cmp.c checks
 * that the two agree.
 */
int			pith_arxiv_cmp_parsed(const char *a, size_t alen, const char *b, size_t blen);

/* Length of the canonical text a without its "vN" suffix. */
size_t		pith_arxiv_base_len(const char *a, size_t alen);

/* Version number of canonical text a, 0 when it has none. */
int			pith_arxiv_version(const char *a, size_t alen);

/* Writes the 4-digit YYMM of canonical text a into out[0..3]. */
void		pith_arxiv_yymm(const char *a, size_t alen, char out[4]);

#endif							/* PITH_ARXIV_ID_PARSE_H */
