/*
 * ingest_rows.h -- which typed row of which table each part of a
 * pith.paper-citation-record.v1 document becomes when ingest loads many
 * documents at once (pith.ingest_records), declared as tables: for every
 * kind of row (papers, references, works, links, ...) the objects of the
 * document it is read from and, per column, the key that holds its value
 * (a position in the record's own key tables, src/core/record_shape.c).
 * The glue (src/ingest_rows.c) walks each document once per kind and fills
 * the columns from these tables; the two rules that are more than "this
 * key" -- whether a reference keeps its cited work's title, and whether a
 * reference's resolution is a link row or the absence of one -- are
 * functions here.  No PostgreSQL headers: test/unit/test_ingest_rows.c.
 */
#ifndef PITH_CORE_INGEST_ROWS_H
#define PITH_CORE_INGEST_ROWS_H

#include "record_shape.h"

/* The objects of a document a column's value is read from. */
typedef enum pith_ingest_source
{
	PITH_SRC_RECORD,			/* the document itself */
	PITH_SRC_PAPER,				/* its paper */
	PITH_SRC_MEASUREMENT,		/* one external_citation_measurements item */
	PITH_SRC_OBSERVATION,		/* one outbound or inbound observation */
	PITH_SRC_CITATION,			/* its citation */
	PITH_SRC_CITING_PAPER,		/* citation.citing_paper */
	PITH_SRC_CITED_PAPER,		/* citation.cited_paper */
	PITH_SRC_CITED_WORK,		/* citation.cited_work */
	PITH_SRC_RESOLUTION,		/* the observation's resolution */
	PITH_SRC_RECEIPT,			/* one standing_notice.source_receipts item */
	PITH_SRC_EVENT,				/* one standing_notice.events item */
	PITH_SRC_COUNT
} pith_ingest_source;

/* The record-shape object each source is (for its key names). */
extern const pith_shape_object_id pith_ingest_source_object[PITH_SRC_COUNT];

/* What a rule walks: one row per document, or per item below it. */
typedef enum pith_ingest_level
{
	PITH_LEVEL_DOCUMENT,		/* one row per document */
	PITH_LEVEL_MEASUREMENT,		/* per external_citation_measurements item */
	PITH_LEVEL_OBSERVATION,		/* per outbound, then inbound, observation */
	PITH_LEVEL_RECEIPT,			/* per receipt of an observation's standing notice */
	PITH_LEVEL_EVENT			/* per event of an observation's standing notice */
} pith_ingest_level;

/* When an observation-level rule yields a row. */
typedef enum pith_ingest_when
{
	PITH_WHEN_ALWAYS,
	PITH_WHEN_CITED_PAPER,		/* citation.cited_paper is an object */
	PITH_WHEN_WORK,				/* citation.cited_work has a work_id */
	PITH_WHEN_LINK,				/* the resolution is a link row (pith_ingest_link_kind) */
	PITH_WHEN_UNLINKED			/* the resolution is the absence of one */
} pith_ingest_when;

/* One column: its name, and where its value is. */
typedef struct pith_ingest_column
{
	const char *column;
	pith_ingest_source source;
	int			key;			/* position in the source object's key table */
	int			raw_only;		/* 1: NULL unless the reference keeps its work's title */
} pith_ingest_column;

/* One way a kind's rows come from a document. */
typedef struct pith_ingest_rule
{
	pith_ingest_level level;
	pith_ingest_when when;
	const pith_ingest_column *columns;
	int			ncolumns;
	/*
	 * -1, or a source that alone determines the rule's row: a document then
	 * yields one row for each distinct value of it (every observation of a
	 * paper repeats its citing paper; the rows' users look at distinct rows
	 * per document only)
	 */
	int			distinct_by;
} pith_ingest_rule;

/* A kind of row: its name, the table whose row type it fills, its rules. */
typedef struct pith_ingest_kind
{
	const char *name;			/* e.g. references */
	const char *table;			/* e.g. paper_references (schema pith); NULL: scalar columns only */
	const pith_ingest_rule *rules;
	int			nrules;
} pith_ingest_kind;

extern const pith_ingest_kind pith_ingest_kinds[];
extern const int pith_ingest_nkinds;

/* The kind named name, or NULL. */
extern const pith_ingest_kind *pith_ingest_kind_by_name(const char *name);

/* The column named name of a rule, or NULL (the column is then NULL). */
extern const pith_ingest_column *pith_ingest_rule_column(const pith_ingest_rule *rule, const char *name);

/* The key name a column reads. */
extern const char *pith_ingest_column_key(const pith_ingest_column *c);

/* SQL's three truth values. */
typedef enum pith_tri
{
	PITH_FALSE = 0,
	PITH_TRUE = 1,
	PITH_UNKNOWN = 2
} pith_tri;

/*
 * Whether a reference keeps its cited work's title and year as its own:
 * when the work has no work_id, or its metadata_source is raw_reference
 * (metadata_is_raw: PITH_UNKNOWN when metadata_source is null).
 */
extern int	pith_ingest_keeps_work_title(int has_work_id, pith_tri metadata_is_raw);

/*
 * Whether an observation's resolution is "no link row" (1) -- no work, no
 * resolver, unresolved, observed when the reference was -- or a link row
 * (0).  An unknown answer to any of the questions (a null where the
 * document should have a value) gives a link row, whose own checks then
 * send the document to ingest_record.
 */
extern int	pith_ingest_is_unlinked(int has_work_id, int has_resolver_source,
									pith_tri status_unresolved, pith_tri observed_when_sourced);

#endif							/* PITH_CORE_INGEST_ROWS_H */
