/*
 * record_shape.h -- the shape of a pith.paper-citation-record.v1 document,
 * declared once: every object of the record, its keys in the order the
 * canonical text writes them (Unicode code point order), as a table.
 *
 * The record writer (src/record_write.c, src/record_build.c) writes every
 * key from these tables, the page renderer (src/render_page.c) reads every
 * key it shows through them, and pith.record_shape() shows them to SQL,
 * where ingest's document checks can read the keys a document must have;
 * pith_shape_children says which key nests which object, the tree that
 * pith.record_shape_problem() walks.
 * Adding a key to the record is one edit here plus the value the writer
 * puts after it (and the line a page shows of it).  No PostgreSQL
 * headers: test/unit/test_record_shape.c checks every table is in code
 * point order.
 */
#ifndef PITH_CORE_RECORD_SHAPE_H
#define PITH_CORE_RECORD_SHAPE_H

#include <stddef.h>

/* One key: its name, and the text the writer puts before its value. */
typedef struct pith_shape_key
{
	const char *name;			/* e.g. as_of */
	const char *member;			/* e.g. "as_of": (quoted, with the colon) */
	size_t		member_len;
	int			optional;		/* 1: the key is absent in some records (SPEC) */
} pith_shape_key;

/* The objects of the record. */
typedef enum pith_shape_object_id
{
	PITH_OBJ_RECORD,			/* the record itself */
	PITH_OBJ_CAPS,
	PITH_OBJ_COVERAGE_LANE,		/* each of the four coverage objects */
	PITH_OBJ_MEASUREMENT,		/* each external_citation_measurements item */
	PITH_OBJ_RECORD_LINKS,		/* the record's links */
	PITH_OBJ_RECORD_PAPER,		/* the record's paper */
	PITH_OBJ_REFERENCE_RESOLUTION,
	PITH_OBJ_STATE_COUNTS,		/* the six states (SPEC section 4) */
	PITH_OBJ_STANDING_SOURCE,	/* each standing_sources item */
	PITH_OBJ_OBSERVATION,		/* each outbound or inbound observation */
	PITH_OBJ_CITATION,
	PITH_OBJ_OBSERVATION_PAPER, /* citing_paper and cited_paper */
	PITH_OBJ_CITED_WORK,
	PITH_OBJ_OBSERVATION_LINKS,
	PITH_OBJ_RESOLUTION,
	PITH_OBJ_STANDING_NOTICE,
	PITH_OBJ_RECEIPT,			/* each source_receipts item */
	PITH_OBJ_EVENT,				/* each events item */
	PITH_OBJ_COUNT
} pith_shape_object_id;

/* One object: its name (a path-like label) and its keys. */
typedef struct pith_shape_object
{
	const char *name;
	const pith_shape_key *keys;
	int			nkeys;
} pith_shape_object;

/* Every object, indexed by pith_shape_object_id. */
extern const pith_shape_object pith_shape_objects[PITH_OBJ_COUNT];

/* The schema name the record carries. */
#define PITH_SHAPE_SCHEMA "pith.paper-citation-record.v1"

/* Key positions, per object (the index into its keys). */
enum
{
	PITH_RK_AS_OF, PITH_RK_CAPS, PITH_RK_CONTEXT_DIGEST, PITH_RK_COVERAGE,
	PITH_RK_EXTERNAL_CITATION_MEASUREMENTS, PITH_RK_INBOUND, PITH_RK_LINKS,
	PITH_RK_OUTBOUND, PITH_RK_PAPER, PITH_RK_REFERENCE_RESOLUTION, PITH_RK_REFUSAL,
	PITH_RK_SCHEMA, PITH_RK_STANDING_SOURCES, PITH_RK_THESIS, PITH_RK_COUNT
};
enum
{
	PITH_CAPS_DATABASE_STATEMENTS, PITH_CAPS_INBOUND, PITH_CAPS_OUTBOUND, PITH_CAPS_COUNT
};
enum
{
	PITH_LANE_DENOMINATOR, PITH_LANE_LANE, PITH_LANE_NOTE, PITH_LANE_RECORDS_OBSERVED,
	PITH_LANE_SOURCE, PITH_LANE_SOURCE_OBSERVED_AT, PITH_LANE_STATE, PITH_LANE_COUNT
};
enum
{
	PITH_MEAS_CITED_BY_COUNT, PITH_MEAS_MEASURED_AT, PITH_MEAS_SOURCE, PITH_MEAS_COUNT
};
enum
{
	PITH_RL_EVIDENCE, PITH_RL_HTML, PITH_RL_INTEGRITY, PITH_RL_JSON, PITH_RL_PAPER, PITH_RL_COUNT
};
enum
{
	PITH_RP_ARXIV_ID, PITH_RP_LAST_UPDATED, PITH_RP_LATEST_VERSION, PITH_RP_PRIMARY_CATEGORY,
	PITH_RP_SNAPSHOT_OBSERVED_AT, PITH_RP_SUBMITTED_AT, PITH_RP_TITLE, PITH_RP_COUNT
};
enum
{
	PITH_RR_DISPLAYED, PITH_RR_STATE_COUNTS, PITH_RR_TOTAL_OUTBOUND_REFERENCES, PITH_RR_COUNT
};
enum
{
	PITH_SC_MALFORMED_IDENTIFIER, PITH_SC_METADATA_MISMATCH, PITH_SC_PARSE_UNCERTAIN,
	PITH_SC_UNRESOLVED, PITH_SC_VERIFIED_EXACT, PITH_SC_VERIFIED_FUZZY, PITH_SC_COUNT
};
enum
{
	PITH_SS_OBSERVED_AT, PITH_SS_SOURCE, PITH_SS_COUNT
};
enum
{
	PITH_OK_CITATION, PITH_OK_LINKS, PITH_OK_OBSERVATION_DIGEST, PITH_OK_OBSERVATION_ID,
	PITH_OK_RESOLUTION, PITH_OK_STANDING_NOTICE, PITH_OK_COUNT
};
enum
{
	PITH_CIT_CITED_PAPER, PITH_CIT_CITED_WORK, PITH_CIT_CITING_PAPER, PITH_CIT_REFERENCE_INDEX,
	PITH_CIT_SOURCE, PITH_CIT_SOURCE_OBSERVED_AT, PITH_CIT_COUNT
};
enum
{
	PITH_OP_ARXIV_ID, PITH_OP_LAST_UPDATED, PITH_OP_SNAPSHOT_OBSERVED_AT, PITH_OP_SUBMITTED_AT,
	PITH_OP_TITLE, PITH_OP_VERSION, PITH_OP_COUNT
};
enum
{
	PITH_CW_ARXIV_ID, PITH_CW_DOI, PITH_CW_METADATA_SOURCE, PITH_CW_PITH_ARXIV_ID,
	PITH_CW_SNAPSHOT_OBSERVED_AT, PITH_CW_TITLE, PITH_CW_VENUE, PITH_CW_WORK_ID, PITH_CW_YEAR,
	PITH_CW_COUNT
};
enum
{
	PITH_OL_CITED_PAPER, PITH_OL_CITING_PAPER, PITH_OL_COUNT
};
enum
{
	PITH_RES_OBSERVED_AT, PITH_RES_RESOLVER_SOURCE, PITH_RES_STATUS, PITH_RES_COUNT
};
enum
{
	PITH_SN_EVENTS, PITH_SN_OBSERVATION, PITH_SN_REASON, PITH_SN_SOURCE_RECEIPTS, PITH_SN_STATE,
	PITH_SN_COUNT
};
enum
{
	PITH_RC_OBSERVED_AT, PITH_RC_SOURCE, PITH_RC_COUNT
};
enum
{
	PITH_EV_EVENT_DATE, PITH_EV_EVENT_TYPE, PITH_EV_NOTICE_DOI, PITH_EV_OBSERVED_AT,
	PITH_EV_SOURCE, PITH_EV_COUNT
};

/* The key at position k of object o. */
static inline const pith_shape_key *
pith_shape_key_at(pith_shape_object_id o, int k)
{
	return &pith_shape_objects[o].keys[k];
}

/* Index of the object named name, or -1. */
extern int	pith_shape_object_by_name(const char *name);

/*
 * The record's nesting: which key of which object holds which object, as
 * one object or as an array of them (every other key holds a scalar, or an
 * array of scalars).  The entries of one parent are in its key order, the
 * order its canonical text writes them.
 */
typedef struct pith_shape_child
{
	pith_shape_object_id parent;
	int			key;			/* position in the parent's keys */
	pith_shape_object_id child;
	int			array;			/* 1: an array of child objects */
} pith_shape_child;

extern const pith_shape_child pith_shape_children[];
extern const int pith_shape_nchildren;

/* The entry for key position key of object parent, or NULL for a scalar key. */
extern const pith_shape_child *pith_shape_child_at(pith_shape_object_id parent, int key);

#endif							/* PITH_CORE_RECORD_SHAPE_H */
