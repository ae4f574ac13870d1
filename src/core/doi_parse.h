/*
 * doi_parse.h -- parse, validate and canonicalize Digital Object
 * Identifiers.  Pure C (no PostgreSQL headers): used by the fmgr glue in
 * src/doi.c, by the reference parser and by the unit tests.
 */
#ifndef PITH_DOI_PARSE_H
#define PITH_DOI_PARSE_H

#include <stddef.h>

/* Longest canonical DOI accepted, in bytes (longer is a limit error). */
#define PITH_DOI_CANON_MAX 1024
/* Longest input looked at, in bytes (percent-encoded URLs may triple). */
#define PITH_DOI_INPUT_MAX 8192

typedef enum pith_doi_status
{
	PITH_DOI_OK = 0,
	PITH_DOI_INVALID,			/* not a DOI: bad syntax */
	PITH_DOI_TOO_LONG			/* longer than the limits above */
} pith_doi_status;

/*
 * Parse len bytes of in (need not be NUL-terminated) into out, which must
 * hold at least len + 1 bytes; the canonical text is NUL-terminated, its
 * length goes to *outlen and the length of its prefix ("10.1038") to
 * *prefix_len.  On failure a full-sentence reason goes into why (whycap
 * bytes; why may be NULL).
 */
pith_doi_status pith_doi_parse(const char *in, size_t len, char *out,
							   size_t *outlen, size_t *prefix_len,
							   char *why, size_t whycap);

/* Length of the prefix ("10.1038") of a canonical DOI: bytes before its first '/'. */
size_t		pith_doi_prefix_len(const char *doi, size_t len);

#endif							/* PITH_DOI_PARSE_H */
