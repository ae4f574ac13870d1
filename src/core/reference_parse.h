/*
 * reference_parse.h -- split one raw bibliography entry (as PDF text
 * extraction delivers it) into its fields with a learned sequence labeller:
 * the text is repaired, identifiers are found by rule, every token is
 * labelled by a linear-chain CRF (crf_model.h) and the fields are assembled
 * from the labels, with a verdict on whether a real title was found.  Pure C
 * (no PostgreSQL headers): the fmgr glue in src/reference.c, the trainer
 * model/train_crf.c and the unit tests call it.
 */
#ifndef PITH_REFERENCE_PARSE_H
#define PITH_REFERENCE_PARSE_H

#include <stddef.h>
#include <stdint.h>

#include "crf_model.h"
#include "ref_features.h"
#include "ref_identifiers.h"
#include "ref_tokenize.h"

/*
 * Raw text longer than this is not parsed at all (quality "too_long"): no
 * bibliography entry is anywhere near it, and the parser stays linear-time
 * on what it does look at.
 */
#define PITH_REF_MAX_INPUT 16384

/* The label letters the field assembly knows (a model may use a subset). */
#define PITH_REF_LABELS "aetcvipyuldxwnko"

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
	const char *const *authors; /* n_authors names, as printed */
	size_t		n_authors;
	const char *container;		/* journal, proceedings, book the work is in */
	const char *volume;
	const char *issue;
	const char *pages;
	const char *publisher;
	const char *location;
} pith_parsed_ref;

/* The text after repair, its identifiers, tokens and token facts. */
typedef struct pith_ref_analysis
{
	const char *in;				/* the input the analysis was made of */
	char	   *norm;			/* repaired text, NUL-terminated */
	size_t		nlen;
	uint32_t   *src;			/* source offset of each norm byte (nlen + 1) */
	pith_ref_ids ids;
	pith_ref_span *spans;
	size_t		nspans;
	pith_ref_token *tok;
	size_t		ntok;
	pith_ref_tokinfo *info;
} pith_ref_analysis;

/* Workspace bytes pith_ref_analyze needs for len bytes of input (len <= PITH_REF_MAX_INPUT). */
size_t		pith_ref_analysis_workspace(size_t len);

/* Repair, find identifiers, tokenize and compute token facts of in[0..len). */
void		pith_ref_analyze(const char *in, size_t len, char *work, pith_ref_analysis *a);

/*
 * Label the analysed tokens with the model: labels[t] is the model's label
 * letter of token t (labels has room for a->ntok).  work:
 * pith_ref_label_workspace(a->ntok, m) bytes.
 */
size_t		pith_ref_label_workspace(size_t ntok, const pith_crf_model *m);
void		pith_ref_label(const pith_crf_model *m, const pith_ref_analysis *a, char *labels,
						   void *work);

/* Bytes of workspace pith_reference_parse needs for an input of len bytes. */
size_t		pith_reference_workspace(size_t len, const pith_crf_model *m);

/*
 * Parse len bytes of in (need not be NUL-terminated, any bytes allowed) into
 * *out with model m, using work (at least pith_reference_workspace bytes).
 */
void		pith_reference_parse(const pith_crf_model *m, const char *in, size_t len,
								 char *work, pith_parsed_ref *out);

/*
 * Assemble the fields from labelled tokens (ref_fields.c; a few label
 * repairs are made in labels first): out's strings
 * are written into buf (at least pith_ref_fields_workspace_len(input
 * length) bytes).
 */
size_t		pith_ref_fields_workspace_len(size_t len);
void		pith_ref_assemble(const pith_ref_analysis *a, char *labels, char *buf,
							  pith_parsed_ref *out);

/* The SQL name of a quality ("ok", "author_list", ...). */
const char *pith_reference_quality_name(pith_ref_quality q);

#endif							/* PITH_REFERENCE_PARSE_H */
