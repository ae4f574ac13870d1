/*
 * reference_parse.h -- split one raw bibliography entry (as PDF text
 * extraction delivers it) into title, year, arXiv id, DOI and URL, and judge
 * whether the "title" found is really a title.  Pure C (no PostgreSQL
 * headers): the fmgr glue in src/reference.c and the unit tests call it.
 */
#ifndef PITH_REFERENCE_PARSE_H
#define PITH_REFERENCE_PARSE_H

#include <stddef.h>

/*
 * Raw text longer than this is not parsed at all (quality "too_long"): no
 * bibliography entry is anywhere near it, and the parser stays linear-time
 * on what it does look at.
 */
#define PITH_REF_MAX_INPUT 16384

/* What the parser thinks of the text it was given. */
typedef enum pith_ref_quality
{
	PITH_REF_OK = 0,			/* a title was found */
	PITH_REF_EMPTY,				/* nothing but whitespace or punctuation */
	PITH_REF_AUTHOR_LIST,		/* only a list of person names */
	PITH_REF_ACCESS_DATE,		/* "Accessed: 2024-12" and the like */
	PITH_REF_BARE_URL,			/* a URL with no title beside it */
	PITH_REF_VENUE_ONLY,		/* "In Proceedings of ..." with no title */
	PITH_REF_IDENTIFIER_ONLY,	/* an arXiv id or DOI with no title */
	PITH_REF_TOO_LONG			/* longer than PITH_REF_MAX_INPUT */
} pith_ref_quality;

/*
 * The parse.  String fields point into the caller's workspace (or are NULL
 * when absent) and are NUL-terminated; they live as long as the workspace.
 */
typedef struct pith_parsed_ref
{
	const char *title;			/* NULL unless quality is PITH_REF_OK */
	int			year;			/* publication year, 0 when none */
	const char *arxiv_id;		/* canonical, without version, or NULL */
	const char *doi;			/* canonical (lower case), or NULL */
	const char *url;			/* first URL in the text, or NULL */
	const char *malformed;		/* identifier-looking text that failed validation */
	pith_ref_quality quality;
} pith_parsed_ref;

/* Bytes of workspace pith_reference_parse needs for an input of len bytes. */
size_t		pith_reference_workspace(size_t len);

/*
 * Parse len bytes of in (need not be NUL-terminated, any bytes allowed) into
 * *out, using work (at least pith_reference_workspace(len) bytes).
 */
void		pith_reference_parse(const char *in, size_t len, char *work,
								 pith_parsed_ref *out);

/* The SQL name of a quality ("ok", "author_list", ...). */
const char *pith_reference_quality_name(pith_ref_quality q);

#endif							/* PITH_REFERENCE_PARSE_H */
