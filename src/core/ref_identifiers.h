/*
 * ref_identifiers.h -- rule-based identifiers (URL, DOI, arXiv id) in a
 * repaired reference string, validated by the arxiv_id_parse / doi_parse
 * cores.  Pure C, no PostgreSQL headers.
 */
#ifndef PITH_REF_IDENTIFIERS_H
#define PITH_REF_IDENTIFIERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a span of the text was recognised as. */
typedef enum pith_ref_id_kind
{
	PITH_REF_ID_URL = 1,
	PITH_REF_ID_DOI,
	PITH_REF_ID_ARXIV,
	PITH_REF_ID_MALFORMED		/* identifier-shaped, failed validation */
} pith_ref_id_kind;

/* One identifier span [start, end) of the text. */
typedef struct pith_ref_span
{
	uint32_t	start;
	uint32_t	end;
	uint8_t		kind;			/* pith_ref_id_kind */
} pith_ref_span;

/*
 * The identifiers found.  The buffers come from the caller's workspace
 * (pith_ref_ids_workspace bytes, split by pith_ref_find_identifiers); the
 * strings are NUL-terminated and valid when the have_ flag is set.  The
 * first identifier of each kind wins.
 */
typedef struct pith_ref_ids
{
	const char *norm;			/* the text searched */
	size_t		nlen;
	char	   *url;			/* first URL */
	char	   *doi;			/* canonical (lower case) */
	char	   *arxiv;			/* canonical, without version */
	char	   *malformed;		/* first identifier-looking text that failed */
	char	   *scratch;		/* DOI validation output */
	char	   *decoded;		/* percent-decoded DOI from a URL */
	uint8_t		last_kind;		/* kind of the span just matched */
	bool		have_url;
	bool		have_doi;
	bool		have_arxiv;
	bool		have_malformed;
} pith_ref_ids;

/* Workspace bytes for the identifier buffers of an n-byte text. */
size_t		pith_ref_ids_workspace(size_t n);

/*
 * Find the identifiers of norm[0..n) into *ids (buffers carved from work,
 * pith_ref_ids_workspace(n) bytes) and their spans into spans (room for
 * maxspans; spans never overlap and come in text order).  Returns the
 * number of spans.
 */
size_t		pith_ref_find_identifiers(const char *norm, size_t n, char *work,
									  pith_ref_ids *ids, pith_ref_span *spans,
									  size_t maxspans);

#endif							/* PITH_REF_IDENTIFIERS_H */
