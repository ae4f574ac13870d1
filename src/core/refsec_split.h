/*
 * refsec_split.h -- from a paper's full text (as pdftotext, GROBID or
 * PyMuPDF write it) to its references: find the reference section(s) by
 * their headings (References, Bibliography, Literatur, Références, Works
 * Cited, ..., numbered or not; a section ends at an appendix or similar
 * heading), label each line of a section with the line labeller (b: a
 * reference begins, i: it continues, o: header, footer, page number), and
 * join each reference's lines into one string, repairing hyphenation at
 * line ends as pith's reference parser does.  Pure C, no PostgreSQL headers.
 *
 * Memory: the text is scanned line by line without storing it; only the
 * lines of a reference section are held (at most PITH_REFSPLIT_MAX_LINES in
 * all, beyond that the result says it was cut).  All memory comes from the
 * caller's allocator (an arena the caller frees as a whole); the tick
 * callback is called every few thousand lines so the caller can cancel.
 */
#ifndef PITH_REFSEC_SPLIT_H
#define PITH_REFSEC_SPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "crf_model.h"
#include "refsec_lines.h"

/* Lines of reference sections read from one text, at most. */
#define PITH_REFSPLIT_MAX_LINES 200000
/* Texts longer than this are refused (the caller says so). */
#define PITH_REFSPLIT_MAX_INPUT ((size_t) 64 * 1024 * 1024)
/* Reference sections of one text, at most. */
#define PITH_REFSPLIT_MAX_SECTIONS 8

typedef void *(*pith_refsplit_alloc_fn) (void *ctx, size_t size);
typedef void (*pith_refsplit_tick_fn) (void *ctx);

typedef struct pith_refsplit_ref
{
	uint32_t	start;			/* byte offset of its first character in the text */
	uint32_t	end;			/* byte offset just after its last character */
	uint32_t	len;			/* bytes of text */
	char	   *text;			/* its lines joined, NUL-terminated */
} pith_refsplit_ref;

typedef enum pith_refsplit_status
{
	PITH_REFSPLIT_OK = 0,		/* at least one reference */
	PITH_REFSPLIT_NO_SECTION,	/* no reference section found */
	PITH_REFSPLIT_EMPTY_SECTION,	/* a section heading with nothing reference-like after it */
} pith_refsplit_status;

typedef struct pith_refsplit_section
{
	uint32_t	heading_start;	/* the heading line, or start == end when found without one */
	uint32_t	heading_end;
	uint32_t	start;			/* the section's text */
	uint32_t	end;
} pith_refsplit_section;

typedef struct pith_refsplit_result
{
	pith_refsplit_status status;
	const char *reason;			/* a sentence saying what was found, or why nothing */
	int			truncated;		/* 1 when a section had more lines than were read */
	size_t		headings_seen;	/* reference headings in the text, accepted or not */
	size_t		nsections;
	pith_refsplit_section sections[PITH_REFSPLIT_MAX_SECTIONS];
	size_t		nrefs;
	pith_refsplit_ref *refs;
	size_t		nlines;			/* lines labelled */
	char	   *labels;			/* per labelled line: 'b', 'i', 'o' (for tests and evaluation) */
	pith_line  *lines;
} pith_refsplit_result;

typedef struct pith_refsplit_env
{
	const pith_crf_model *model;	/* the line labeller; NULL: the rule-based fallback */
	pith_refsplit_alloc_fn alloc;	/* must not return NULL (or must not return) */
	void	   *alloc_ctx;
	pith_refsplit_tick_fn tick; /* may be NULL */
	void	   *tick_ctx;
} pith_refsplit_env;

/* Find the reference sections of a full text and split them. */
void		pith_refsplit_text(const pith_refsplit_env *env, const char *text, size_t len,
							   pith_refsplit_result *out);

/* Split text[0, len) as one reference section (no heading search). */
void		pith_refsplit_section_only(const pith_refsplit_env *env, const char *text, size_t len,
									   pith_refsplit_result *out);

/* Is the line s[0, n) a reference-section heading?  (exposed for tests) */
int			pith_refsplit_is_heading(const char *s, size_t n);

/* Is it a heading that ends a reference section (Appendix, ...)?  (exposed for tests) */
int			pith_refsplit_is_stop_heading(const char *s, size_t n);

/* The model's labels are PITH_REFSPLIT_LABELS in that order: 1, else 0. */
int			pith_refsplit_model_fits(const pith_crf_model *m);

#endif							/* PITH_REFSEC_SPLIT_H */
