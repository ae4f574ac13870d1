/*
 * record_build.c -- the builder of a paper citation record (SPEC section 2):
 * pith.citation_record_text, pith.citation_record and pith.observation_rows.
 *
 * One pass.  The builder runs its index lookups itself, as at most six
 * statements with plans saved once per session (SPI): the paper with its
 * latest measurement per source; its outbound references, each with its
 * link and work and its cited paper (LATERAL lookups: one index probe per
 * reference, whatever the catalog's size), put in record order in C; a
 * one-row probe whether any inbound row was observed by then, and only
 * then the inbound rows keyed by the paper (rows observed after as_of are
 * dropped before anything is decoded); and, for the works of the displayed
 * observations, their latest receipt per source and their events.  Every
 * statement reads the pith.read_*
 * views, never the tables, so a reader needs the same rights as before.
 *
 * Then it writes the record -- top level and observations -- in code point
 * order (the key table of src/core/record_shape.h), into one buffer sized
 * from what the lookups returned, hashing as it writes: each observation is
 * sealed by src/record_write.c, and the context digest is fed the text
 * behind the writer, with the room for its own member kept and filled at
 * the end.  The jsonb variant parses that text once.
 */
#include "postgres.h"

#include "catalog/namespace.h"
#include "catalog/pg_type.h"
#include "executor/spi.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "core/arxiv_id_parse.h"
#include "record_write.h"

/* ---- the statements ---- */

/* The reference columns every observation row carries (outbound and inbound alike). */
#define OBS_COLUMNS \
	"r.observation_id, r.citing_version, r.reference_index, r.title, r.year, " \
	"r.pith_arxiv_id::text, r.source, r.source_observed_at, " \
	"COALESCE(lw.linked, false), " \
	"CASE WHEN lw.linked THEN lw.status ELSE 'unresolved'::pith.resolution_status END, " \
	"lw.status::text, lw.resolver_source, lw.observed_at, " \
	"lw.work_id, lw.w_title, lw.w_doi::text, lw.w_arxiv_id::text, lw.w_venue, lw.w_year, " \
	"lw.w_metadata_source, lw.w_snapshot, " \
	"dp.arxiv_id::text, dp.title, dp.latest_version, dp.submitted_at, dp.last_updated, " \
	"dp.snapshot_observed_at, r.citing_arxiv_id"

/*
 * The work columns of a link, in the lookup: w0 is the link's work as
 * stored, wh its earlier snapshot valid then (see Snapshots below).
 */
#define LINK_WORK_COLUMNS \
	"true AS linked, l.status, l.resolver_source, l.observed_at, w0.work_id, " \
	PICK("w0", "wh", "title") " AS w_title, " PICK("w0", "wh", "doi") " AS w_doi, " \
	PICK("w0", "wh", "arxiv_id") " AS w_arxiv_id, " PICK("w0", "wh", "venue") " AS w_venue, " \
	PICK("w0", "wh", "year") " AS w_year, " PICK("w0", "wh", "metadata_source") " AS w_metadata_source, " \
	PICK("w0", "wh", "snapshot_observed_at") " AS w_snapshot"

/*
 * Snapshots (42_history.sql).  The catalog row c of a paper or work as of
 * $2 is c itself when its snapshot was observed by then -- one comparison,
 * and the common case reads no history -- else the earlier snapshot h
 * valid then, from the history, else none (the paper or work was not known
 * yet).  The history lookup is a LATERAL subquery of its own (OFFSET 0)
 * whose test on c is a one-time filter: it runs only when c is too new.
 * Each column is picked from c or h.
 */
#define PAPER_HISTORY_JOIN(c, h) \
	"LEFT JOIN LATERAL (SELECT * FROM pith.read_papers_history " h " " \
	"                   WHERE " c ".snapshot_observed_at > $2 AND " h ".arxiv_id = " c ".arxiv_id " \
	"                     AND " h ".snapshot_observed_at <= $2 AND " h ".valid_until > $2 OFFSET 0) " h " ON true "
#define WORK_HISTORY_JOIN(c, h) \
	"LEFT JOIN LATERAL (SELECT * FROM pith.read_works_history " h " " \
	"                   WHERE " c ".snapshot_observed_at > $2 AND " h ".work_id = " c ".work_id " \
	"                     AND " h ".snapshot_observed_at <= $2 AND " h ".valid_until > $2 OFFSET 0) " h " ON true "
/* whether c had a snapshot at $2 (h is its history join) */
#define SNAPSHOT_KNOWN(c, h, key) "(" c ".snapshot_observed_at <= $2 OR " h "." key " IS NOT NULL)"
/* column col of the snapshot valid at $2 */
#define PICK(c, h, col) "CASE WHEN " c ".snapshot_observed_at <= $2 THEN " c "." col " ELSE " h "." col " END"

/* The columns of a paper's snapshot, from c and its history join h. */
#define PAPER_SNAPSHOT_COLUMNS(c, h) \
	c ".arxiv_id, " PICK(c, h, "title") " AS title, " PICK(c, h, "latest_version") " AS latest_version, " \
	PICK(c, h, "submitted_at") " AS submitted_at, " PICK(c, h, "last_updated") " AS last_updated, " \
	PICK(c, h, "primary_category") " AS primary_category, " \
	PICK(c, h, "snapshot_observed_at") " AS snapshot_observed_at"

/*
 * The cited paper, when the reference names one the catalog knew then.
 * LATERAL ... OFFSET 0 keeps this one index probe per reference.
 */
#define CITED_PAPER_LOOKUP \
	"LEFT JOIN LATERAL (SELECT " PAPER_SNAPSHOT_COLUMNS("p0", "ph") " " \
	"                   FROM pith.read_papers p0 " PAPER_HISTORY_JOIN("p0", "ph") \
	"                   WHERE p0.arxiv_id = pith.arxiv_base(r.pith_arxiv_id) " \
	"                     AND " SNAPSHOT_KNOWN("p0", "ph", "arxiv_id") " OFFSET 0) dp " \
	"       ON r.pith_arxiv_id IS NOT NULL "

/*
 * 1: the paper (its snapshot as of $2, all NULL when it was not known yet)
 * and its latest measurement per source (one row per source, or one).
 */
static const char q_paper[] =
"SELECT pp.arxiv_id::text, " PICK("pp", "ph", "title") ", " PICK("pp", "ph", "latest_version") ", "
"       " PICK("pp", "ph", "submitted_at") ", " PICK("pp", "ph", "last_updated") ", "
"       " PICK("pp", "ph", "primary_category") ", " PICK("pp", "ph", "snapshot_observed_at") ", "
"       m.source, m.cited_by_count, m.measured_at "
"FROM pith.read_papers pp "
PAPER_HISTORY_JOIN("pp", "ph")
"LEFT JOIN LATERAL (SELECT DISTINCT ON (cm.source) cm.source, cm.cited_by_count, cm.measured_at "
"                   FROM pith.read_measurements cm "
"                   WHERE cm.arxiv_id = $1 AND cm.measured_at <= $2 "
"                   ORDER BY cm.source, cm.measured_at DESC) m ON true "
"WHERE pp.arxiv_id = $1 "
"ORDER BY m.source";

/*
 * 2: the paper's references, each with its link and work when both were
 * observed by then, and its cited paper.  In no order: read_side puts them
 * in record order (reference_index, unique per citing paper) in C, which
 * costs less than the executor's Sort node and its tuple copies.
 */
static const char q_outbound[] =
"SELECT " OBS_COLUMNS " "
"FROM pith.read_references r "
"LEFT JOIN LATERAL (SELECT " LINK_WORK_COLUMNS " "
"                   FROM pith.read_links l "
"                   LEFT JOIN pith.read_works w0 ON w0.work_id = l.work_id "
WORK_HISTORY_JOIN("w0", "wh")
"                   WHERE l.citing_arxiv_id = r.citing_arxiv_id "
"                     AND l.observation_id = r.observation_id "
"                     AND l.observed_at <= $2 "
"                     AND (l.work_id IS NULL OR " SNAPSHOT_KNOWN("w0", "wh", "work_id") ") "
"                   OFFSET 0) lw ON true "
CITED_PAPER_LOOKUP
"WHERE r.citing_arxiv_id = $1 AND r.source_observed_at <= $2";

/*
 * 3: other papers' references that name the paper, from the rows keyed by
 * it (pith.inbound_references, copies of the reference and link rows),
 * checked as of the moment: observed by then, citing paper known by then,
 * and naming the paper by the reference's own arXiv id or by its link's
 * work (the work's snapshot then: a work whose arXiv id was corrected names
 * another paper from the correction on).  Rows observed later are dropped before their copies are decoded.
 */
static const char q_inbound[] =
"SELECT " OBS_COLUMNS ", "
"       cp.arxiv_id::text, cp.title, cp.submitted_at, cp.last_updated, cp.snapshot_observed_at "
"FROM pith.read_inbound ib "
"CROSS JOIN LATERAL jsonb_populate_record(NULL::pith.paper_references, ib.reference) r "
"CROSS JOIN LATERAL jsonb_populate_record(NULL::pith.paper_reference_links, ib.link) l "
"JOIN LATERAL (SELECT " PAPER_SNAPSHOT_COLUMNS("cc", "ch") " "
"              FROM pith.read_papers cc " PAPER_HISTORY_JOIN("cc", "ch")
"              WHERE cc.arxiv_id = ib.citing_arxiv_id "
"                AND " SNAPSHOT_KNOWN("cc", "ch", "arxiv_id") " OFFSET 0) cp ON true "
"LEFT JOIN LATERAL (SELECT " LINK_WORK_COLUMNS " "
"                   FROM (SELECT 1) one "
"                   LEFT JOIN pith.read_works w0 ON w0.work_id = l.work_id "
WORK_HISTORY_JOIN("w0", "wh")
"                   WHERE l.observed_at <= $2 "
"                     AND (l.work_id IS NULL OR " SNAPSHOT_KNOWN("w0", "wh", "work_id") ") "
"                   OFFSET 0) lw ON l.observation_id IS NOT NULL "
CITED_PAPER_LOOKUP
"WHERE ib.cited_arxiv_id = $1 "
"  AND (ib.reference ->> 'source_observed_at')::timestamptz <= $2 "
"  AND r.source_observed_at <= $2 "
"  AND ((r.pith_arxiv_id IS NOT NULL AND pith.arxiv_base(r.pith_arxiv_id) = $1) "
"       OR (lw.w_arxiv_id IS NOT NULL AND pith.arxiv_base(lw.w_arxiv_id) = $1)) "
"ORDER BY r.citing_arxiv_id, r.reference_index";

/*
 * 3a: whether the paper has an inbound row observed by then at all: the
 * index probe of statement 3 alone, so that a record with nothing inbound
 * to show pays one small statement instead of starting statement 3's plan
 * (some forty nodes).  Every row statement 3 returns passes this test.
 */
static const char q_inbound_any[] =
"SELECT 1 FROM pith.read_inbound ib "
"WHERE ib.cited_arxiv_id = $1 "
"  AND (ib.reference ->> 'source_observed_at')::timestamptz <= $2 "
"LIMIT 1";

/*
 * 4: the latest receipt per standing source of the displayed works: their
 * retraction_status_cache rows, and for each source whose loads cover a
 * work (pith.source_coverage, from covered_from on) the latest load of it
 * (pith.source_snapshots) by as_of -- one row per load, not per work
 * (src/sql/75_loaders.sql).  pith.work_receipts() is the same for one work.
 */
static const char q_receipts[] =
"SELECT x.work_id, x.source, max(x.observed_at) "
"FROM (SELECT c.work_id, c.source, c.observed_at "
"      FROM pith.read_receipts c "
"      WHERE c.work_id = ANY ($1) AND c.observed_at <= $2 "
"      UNION ALL "
"      SELECT v.work_id, v.source, "
"             (SELECT max(s.observed_at) FROM pith.read_source_snapshots s "
"              WHERE s.source = v.source AND s.observed_at >= v.covered_from "
"                AND s.observed_at <= $2) "
"      FROM pith.read_source_coverage v "
"      WHERE v.work_id = ANY ($1)) x "
"WHERE x.observed_at IS NOT NULL "
"GROUP BY x.work_id, x.source "
"ORDER BY x.work_id, x.source";

/* 5: the events of the displayed works, by event_date, source, event_type, notice_doi. */
static const char q_events[] =
"SELECT e.work_id, to_char(e.event_date, 'YYYY-MM-DD'), e.event_type, e.notice_doi::text, "
"       e.observed_at, e.source "
"FROM pith.read_events e "
"WHERE e.work_id = ANY ($1) AND e.observed_at <= $2 "
"ORDER BY e.work_id, e.event_date, e.source, e.event_type, e.notice_doi::text COLLATE \"C\"";

/* Column positions of q_paper. */
enum
{
	P_ARXIV_ID, P_TITLE, P_LATEST_VERSION, P_SUBMITTED_AT, P_LAST_UPDATED, P_PRIMARY_CATEGORY,
	P_SNAPSHOT, P_M_SOURCE, P_M_COUNT, P_M_AT, P_NCOLS
};

/* Column positions of q_outbound and q_inbound (inbound adds the citing paper). */
enum
{
	C_OBSERVATION_ID, C_CITING_VERSION, C_REFERENCE_INDEX, C_TITLE, C_YEAR, C_PITH_ARXIV_ID,
	C_SOURCE, C_SOURCE_OBSERVED_AT, C_LINKED, C_STATE, C_STATUS, C_RESOLVER_SOURCE,
	C_LINK_OBSERVED_AT, C_WORK_ID, C_W_TITLE, C_W_DOI, C_W_ARXIV_ID, C_W_VENUE, C_W_YEAR,
	C_W_METADATA_SOURCE, C_W_SNAPSHOT, C_DP_ARXIV_ID, C_DP_TITLE, C_DP_LATEST_VERSION,
	C_DP_SUBMITTED_AT, C_DP_LAST_UPDATED, C_DP_SNAPSHOT, C_CITING_ARXIV_ID,
	C_CP_ARXIV_ID, C_CP_TITLE, C_CP_SUBMITTED_AT, C_CP_LAST_UPDATED, C_CP_SNAPSHOT,
	C_NCOLS
};

enum
{
	Q_PAPER, Q_OUTBOUND, Q_INBOUND, Q_INBOUND_ANY, Q_RECEIPTS, Q_EVENTS, NUM_QUERIES
};

/* The saved plans, made once per session, and the arxiv_id type they were made for. */
static SPIPlanPtr plans[NUM_QUERIES];
static Oid	plans_arxiv_type = InvalidOid;

/* The type pith.arxiv_id (looked up per call: the extension may have been recreated). */
static Oid
arxiv_id_type(void)
{
	Oid			nsp = get_namespace_oid("pith", false);
	Oid			typ = GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
									  CStringGetDatum("arxiv_id"), ObjectIdGetDatum(nsp));

	if (!OidIsValid(typ))
		elog(ERROR, "type pith.arxiv_id does not exist");
	return typ;
}

/* The saved plan of statement q, prepared on first use. */
static SPIPlanPtr
plan_for(int q, Oid arxiv_type)
{
	static const char *const sql[NUM_QUERIES] = {q_paper, q_outbound, q_inbound, q_inbound_any, q_receipts, q_events};
	Oid			argtypes[2];
	SPIPlanPtr	p;
	int			i;

	if (plans_arxiv_type != arxiv_type)
	{
		for (i = 0; i < NUM_QUERIES; i++)
			if (plans[i] != NULL)
			{
				SPI_freeplan(plans[i]);
				plans[i] = NULL;
			}
		plans_arxiv_type = arxiv_type;
	}
	if (plans[q] != NULL)
		return plans[q];
	argtypes[0] = (q == Q_RECEIPTS || q == Q_EVENTS) ? UUIDARRAYOID : arxiv_type;
	argtypes[1] = TIMESTAMPTZOID;
	p = SPI_prepare(sql[q], 2, argtypes);
	if (p == NULL)
		elog(ERROR, "could not prepare citation record statement %d: %s", q + 1,
			 SPI_result_code_string(SPI_result));
	if (SPI_keepplan(p) != 0)
		elog(ERROR, "could not save citation record statement %d", q + 1);
	plans[q] = p;
	return p;
}

/* Run statement q; returns its rows (SPI_tuptable), count in *n. */
static SPITupleTable *
run(int q, Oid arxiv_type, Datum a1, TimestampTz as_of, uint64 *n)
{
	Datum		args[2] = {a1, TimestampTzGetDatum(as_of)};
	int			rc = SPI_execute_plan(plan_for(q, arxiv_type), args, NULL, true, 0);

	if (rc != SPI_OK_SELECT)
		elog(ERROR, "citation record statement %d failed: %s", q + 1, SPI_result_code_string(rc));
	*n = SPI_processed;
	return SPI_tuptable;
}

/* ---- rows as values ---- */

/* One deformed result row. */
typedef struct Row
{
	Datum	   *v;
	bool	   *n;
} Row;

/* Order of two outbound rows: their reference_index (NOT NULL, unique per citing paper). */
static int
reference_index_cmp(const void *a, const void *b)
{
	int32		x = DatumGetInt32(((const Row *) a)->v[C_REFERENCE_INDEX]);
	int32		y = DatumGetInt32(((const Row *) b)->v[C_REFERENCE_INDEX]);

	return (x > y) - (x < y);
}

/* Deform every row of a result. */
static Row *
deform_all(SPITupleTable *t, uint64 n)
{
	Row		   *rows = palloc(sizeof(Row) * (n + 1));
	int			natts = t->tupdesc->natts;
	uint64		i;

	for (i = 0; i < n; i++)
	{
		rows[i].v = palloc(sizeof(Datum) * natts);
		rows[i].n = palloc(sizeof(bool) * natts);
		heap_deform_tuple(t->vals[i], t->tupdesc, rows[i].v, rows[i].n);
		if ((i & 0xff) == 0xff)
			CHECK_FOR_INTERRUPTS();
	}
	return rows;
}

static inline PithText
r_text(Row *r, int c)
{
	return pith_rec_text_datum(r->v[c], r->n[c]);
}

static inline PithInt
r_int(Row *r, int c)
{
	PithInt		v = {r->n[c], r->n[c] ? 0 : DatumGetInt32(r->v[c])};

	return v;
}

static inline PithTime
r_time(Row *r, int c)
{
	PithTime	v = {r->n[c], r->n[c] ? 0 : DatumGetTimestampTz(r->v[c])};

	return v;
}

/* The notices of one work: its receipts and its events (canonical text). */
typedef struct WorkNotice
{
	pg_uuid_t	work_id;
	int			first_receipt;
	int			nreceipts;
	PithTime	receipt_latest;
	PithText	events;
	int64		nevents;
	PithTime	event_latest;
} WorkNotice;

/* Everything the record shows of one side (outbound or inbound). */
typedef struct Side
{
	uint64		total;			/* observations taking part */
	uint64		shown;			/* the first shown of them are itemized */
	Row		   *rows;
	PithObservation *obs;		/* for the shown rows */
	PithObsPaper *cited;		/* cited paper per shown row */
	PithObsPaper *citing;		/* inbound: citing paper per shown row */
} Side;

/* The notices of the shown works (one sorted array), and the receipts they point into. */
typedef struct Notices
{
	WorkNotice *works;
	int			nworks;
	PithText   *receipt_sources;
	PithTime   *receipt_times;
} Notices;

static int
uuid_cmp_qsort(const void *a, const void *b)
{
	return memcmp(a, b, UUID_LEN);
}

/* The notices of a work, or NULL. */
static WorkNotice *
find_notice(Notices *nt, const pg_uuid_t *id)
{
	int			lo = 0,
				hi = nt->nworks - 1;

	while (lo <= hi)
	{
		int			mid = (lo + hi) / 2;
		int			c = memcmp(nt->works[mid].work_id.data, id->data, UUID_LEN);

		if (c == 0)
			return &nt->works[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return NULL;
}

/* Fill the observation of row r (citing paper given). */
static void
observation_of(Row *r, PithObservation *o, PithObsPaper *cited, const PithObsPaper *citing)
{
	memset(o, 0, sizeof(*o));
	o->observation_id = r->n[C_OBSERVATION_ID] ? NULL : DatumGetUUIDP(r->v[C_OBSERVATION_ID]);
	o->citing_version = r_int(r, C_CITING_VERSION);
	o->reference_index = r_int(r, C_REFERENCE_INDEX);
	o->year = r_int(r, C_YEAR);
	o->title = r_text(r, C_TITLE);
	o->pith_arxiv_id = r_text(r, C_PITH_ARXIV_ID);
	o->source = r_text(r, C_SOURCE);
	o->source_observed_at = r_time(r, C_SOURCE_OBSERVED_AT);
	o->citing = citing;
	if (!r->n[C_DP_ARXIV_ID])
	{
		cited->arxiv_id = r_text(r, C_DP_ARXIV_ID);
		cited->title = r_text(r, C_DP_TITLE);
		cited->latest_version = r_int(r, C_DP_LATEST_VERSION);
		cited->submitted_at = r_time(r, C_DP_SUBMITTED_AT);
		cited->last_updated = r_time(r, C_DP_LAST_UPDATED);
		cited->snapshot_observed_at = r_time(r, C_DP_SNAPSHOT);
		o->cited = cited;
	}
	o->linked = DatumGetBool(r->v[C_LINKED]);
	if (o->linked)
	{
		o->status = r_text(r, C_STATUS);
		o->resolver_source = r_text(r, C_RESOLVER_SOURCE);
		o->link_observed_at = r_time(r, C_LINK_OBSERVED_AT);
	}
	o->has_work = o->linked && !r->n[C_WORK_ID];
	if (o->has_work)
	{
		o->work_id = DatumGetUUIDP(r->v[C_WORK_ID]);
		o->work_title = r_text(r, C_W_TITLE);
		o->work_doi = r_text(r, C_W_DOI);
		o->work_arxiv_id = r_text(r, C_W_ARXIV_ID);
		o->work_venue = r_text(r, C_W_VENUE);
		o->work_year = r_int(r, C_W_YEAR);
		o->work_metadata_source = r_text(r, C_W_METADATA_SOURCE);
		o->work_snapshot_observed_at = r_time(r, C_W_SNAPSHOT);
	}
	o->event_latest.null = true;
}

/* Read one side's observation rows; observations for the first cap (all when cap < 0). */
static void
read_side(Side *s, int q, Oid arxiv_type, Datum paper, TimestampTz as_of, int64 cap,
		  const PithObsPaper *citing)
{
	SPITupleTable *t;
	uint64		i;

	if (q == Q_INBOUND)
	{
		uint64		any;

		(void) run(Q_INBOUND_ANY, arxiv_type, paper, as_of, &any);
		if (any == 0)
		{
			memset(s, 0, sizeof(*s));
			return;
		}
	}
	t = run(q, arxiv_type, paper, as_of, &s->total);
	s->rows = deform_all(t, s->total);
	if (q == Q_OUTBOUND)
		qsort(s->rows, s->total, sizeof(Row), reference_index_cmp);
	s->shown = (cap < 0 || (uint64) cap > s->total) ? s->total : (uint64) cap;
	s->obs = palloc(sizeof(PithObservation) * (s->shown + 1));
	s->cited = palloc(sizeof(PithObsPaper) * (s->shown + 1));
	s->citing = NULL;
	if (citing == NULL)
		s->citing = palloc(sizeof(PithObsPaper) * (s->shown + 1));
	for (i = 0; i < s->shown; i++)
	{
		Row		   *r = &s->rows[i];
		const PithObsPaper *cp = citing;

		if (citing == NULL)
		{
			PithObsPaper *p = &s->citing[i];

			p->arxiv_id = r_text(r, C_CP_ARXIV_ID);
			p->title = r_text(r, C_CP_TITLE);
			p->submitted_at = r_time(r, C_CP_SUBMITTED_AT);
			p->last_updated = r_time(r, C_CP_LAST_UPDATED);
			p->snapshot_observed_at = r_time(r, C_CP_SNAPSHOT);
			p->latest_version.null = true;
			cp = p;
		}
		observation_of(r, &s->obs[i], &s->cited[i], cp);
	}
}

/* Append one canonical event object to buf. */
static void
event_object(pith_cj_sink *buf, Row *r)
{
	pith_cj_putc(buf, '{');
	pith_rec_key(buf, PITH_OBJ_EVENT, PITH_EV_EVENT_DATE);
	pith_rec_text(buf, r_text(r, 1));
	pith_rec_key(buf, PITH_OBJ_EVENT, PITH_EV_EVENT_TYPE);
	pith_rec_text(buf, r_text(r, 2));
	pith_rec_key(buf, PITH_OBJ_EVENT, PITH_EV_NOTICE_DOI);
	pith_rec_text(buf, r_text(r, 3));
	pith_rec_key(buf, PITH_OBJ_EVENT, PITH_EV_OBSERVED_AT);
	pith_rec_time(buf, r_time(r, 4), false);
	pith_rec_key(buf, PITH_OBJ_EVENT, PITH_EV_SOURCE);
	pith_rec_text(buf, r_text(r, 5));
	pith_cj_putc(buf, '}');
}

/* Look up the notices of every shown work of the sides and attach them. */
static void
read_notices(Notices *nt, Side **sides, int nsides, Oid arxiv_type, TimestampTz as_of)
{
	pg_uuid_t  *ids;
	int			nids = 0,
				i,
				k;
	uint64		j,
				n;
	Datum	   *elems;
	ArrayType  *arr;
	SPITupleTable *t;
	Row		   *rows;
	WorkNotice *w = NULL;

	memset(nt, 0, sizeof(*nt));
	n = 0;
	for (i = 0; i < nsides; i++)
		n += sides[i]->shown;
	ids = palloc(sizeof(pg_uuid_t) * (n + 1));
	for (i = 0; i < nsides; i++)
		for (j = 0; j < sides[i]->shown; j++)
			if (sides[i]->obs[j].has_work)
				ids[nids++] = *sides[i]->obs[j].work_id;
	if (nids == 0)
		return;
	qsort(ids, nids, sizeof(pg_uuid_t), uuid_cmp_qsort);
	for (i = 1, k = 1; i < nids; i++)
		if (memcmp(&ids[i], &ids[k - 1], UUID_LEN) != 0)
			ids[k++] = ids[i];
	nids = k;
	nt->works = palloc0(sizeof(WorkNotice) * nids);
	nt->nworks = nids;
	elems = palloc(sizeof(Datum) * nids);
	for (i = 0; i < nids; i++)
	{
		nt->works[i].work_id = ids[i];
		nt->works[i].receipt_latest.null = true;
		nt->works[i].event_latest.null = true;
		elems[i] = UUIDPGetDatum(&nt->works[i].work_id);
	}
	arr = construct_array(elems, nids, UUIDOID, UUID_LEN, false, TYPALIGN_CHAR);

	/* receipts: latest per source, sources in code point order */
	t = run(Q_RECEIPTS, arxiv_type, PointerGetDatum(arr), as_of, &n);
	rows = deform_all(t, n);
	nt->receipt_sources = palloc(sizeof(PithText) * (n + 1));
	nt->receipt_times = palloc(sizeof(PithTime) * (n + 1));
	for (j = 0; j < n; j++)
	{
		const pg_uuid_t *id = DatumGetUUIDP(rows[j].v[0]);
		PithTime	at = r_time(&rows[j], 2);

		nt->receipt_sources[j] = r_text(&rows[j], 1);
		nt->receipt_times[j] = at;
		if (w == NULL || memcmp(w->work_id.data, id->data, UUID_LEN) != 0)
		{
			w = find_notice(nt, id);
			if (w == NULL)
				elog(ERROR, "receipt of a work that was not asked for");
			w->first_receipt = (int) j;
		}
		w->nreceipts++;
		if (!at.null && (w->receipt_latest.null || at.t > w->receipt_latest.t))
			w->receipt_latest = at;
	}

	/* events, each work's as one canonical array */
	t = run(Q_EVENTS, arxiv_type, PointerGetDatum(arr), as_of, &n);
	if (n > 0)
	{
		pith_cj_sink ev;
		size_t	   *starts = palloc(sizeof(size_t) * nids);

		rows = deform_all(t, n);
		pith_rec_sink_init(&ev, 256 * n);
		w = NULL;
		for (j = 0; j < n; j++)
		{
			const pg_uuid_t *id = DatumGetUUIDP(rows[j].v[0]);
			PithTime	at = r_time(&rows[j], 4);

			if (w == NULL || memcmp(w->work_id.data, id->data, UUID_LEN) != 0)
			{
				if (w != NULL)
					pith_cj_putc(&ev, ']');
				w = find_notice(nt, id);
				if (w == NULL)
					elog(ERROR, "event of a work that was not asked for");
				starts[w - nt->works] = ev.len;
				pith_cj_putc(&ev, '[');
			}
			else
				pith_cj_putc(&ev, ',');
			event_object(&ev, &rows[j]);
			w->nevents++;
			if (!at.null && (w->event_latest.null || at.t > w->event_latest.t))
				w->event_latest = at;
			/* the end of this work's text so far */
			w->events.len = (int) (ev.len + 1 - starts[w - nt->works]);
		}
		pith_cj_putc(&ev, ']');
		/* the buffer is complete: point each work at its array */
		for (i = 0; i < nids; i++)
			if (nt->works[i].nevents > 0)
				nt->works[i].events.p = ev.buf + starts[i];
	}

	/* attach */
	for (i = 0; i < nsides; i++)
		for (j = 0; j < sides[i]->shown; j++)
		{
			PithObservation *o = &sides[i]->obs[j];
			WorkNotice *wn;

			if (!o->has_work || (wn = find_notice(nt, o->work_id)) == NULL)
				continue;
			o->nreceipts = wn->nreceipts;
			o->receipt_sources = nt->receipt_sources + wn->first_receipt;
			o->receipt_times = nt->receipt_times + wn->first_receipt;
			o->events = wn->events;
			o->event_count = wn->nevents;
			o->event_latest = wn->event_latest;
		}
}

/* ---- the record ---- */

/* The state_counts position of a resolution status (SPEC section 4). */
static int
state_position(PithText status)
{
	int			k;

	for (k = 0; k < PITH_SC_COUNT; k++)
	{
		const char *name = pith_shape_key_at(PITH_OBJ_STATE_COUNTS, k)->name;

		if (status.p != NULL && (int) strlen(name) == status.len &&
			memcmp(name, status.p, status.len) == 0)
			return k;
	}
	return -1;
}

/* One standing source of the record: its latest receipt among the displayed observations. */
typedef struct StandingSource
{
	PithText	source;
	TimestampTz at;
} StandingSource;

static int
standing_cmp(const void *a, const void *b)
{
	const StandingSource *x = a,
			   *y = b;

	return pith_cj_key_cmp(x->source.p, x->source.len, y->source.p, y->source.len);
}

/* Append a coverage lane object. */
static void
lane(pith_cj_sink *s, int64 denominator, const char *name, const char *note, int64 observed,
	 const char *source, PithTime at, bool offset_form)
{
	PithInt		d = {false, denominator},
				r = {false, observed};

	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_DENOMINATOR);
	pith_rec_int(s, d);
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_LANE);
	pith_cj_put_string(s, name, strlen(name));
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_NOTE);
	pith_cj_put_string(s, note, strlen(note));
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_RECORDS_OBSERVED);
	pith_rec_int(s, r);
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_SOURCE);
	pith_cj_put_string(s, source, strlen(source));
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_SOURCE_OBSERVED_AT);
	pith_rec_time(s, at, offset_form);
	pith_rec_key(s, PITH_OBJ_COVERAGE_LANE, PITH_LANE_STATE);
	pith_rec_lit(s, "\"measured\"");
	pith_cj_putc(s, '}');
}

/* Feed the context digest the text written since it was last fed. */
static inline void
feed_context(pith_cj_sink *s, pith_sha256 *ctx, size_t *hashed)
{
	pith_sha256_feed(ctx, s->buf + *hashed, s->len - *hashed);
	*hashed = s->len;
}

/* Append a side's observations as a JSON array, feeding the context digest as it goes. */
static void
observation_list(pith_cj_sink *s, Side *side, pith_sha256 *obs_h, pith_sha256 *ctx, size_t *hashed)
{
	uint64		i;

	pith_cj_putc(s, '[');
	for (i = 0; i < side->shown; i++)
	{
		if (i > 0)
			pith_cj_putc(s, ',');
		pith_rec_observation(s, &side->obs[i], obs_h);
		feed_context(s, ctx, hashed);
		if ((i & 0x3f) == 0x3f)
			CHECK_FOR_INTERRUPTS();
	}
	pith_cj_putc(s, ']');
}

/* "/paper/<id><tail>" as a JSON string. */
static void
paper_link(pith_cj_sink *s, PithText id, const char *tail)
{
	StringInfoData b;

	initStringInfo(&b);
	appendStringInfoString(&b, "/paper/");
	appendBinaryStringInfo(&b, id.p, id.len);
	appendStringInfoString(&b, tail);
	pith_cj_put_string(s, b.data, b.len);
	pfree(b.data);
}

/* The canonical text of an identifier datum. */
static char *
id_text(Datum d)
{
	struct varlena *v = PG_DETOAST_DATUM_PACKED(d);

	return pnstrdup(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
}

/* When the paper's first snapshot was observed (a record before it is refused). */
static TimestampTz
first_snapshot(Datum paper, Oid arxiv_type)
{
	Oid			argtypes[1] = {arxiv_type};
	Datum		args[1] = {paper};
	bool		isnull;
	Datum		d;

	if (SPI_execute_with_args("SELECT LEAST(p.snapshot_observed_at, "
							  "             (SELECT min(h.snapshot_observed_at) FROM pith.read_papers_history h "
							  "              WHERE h.arxiv_id = p.arxiv_id)) "
							  "FROM pith.read_papers p WHERE p.arxiv_id = $1",
							  1, argtypes, args, NULL, true, 1) != SPI_OK_SELECT || SPI_processed != 1)
		elog(ERROR, "could not read the first snapshot of a paper");
	d = SPI_getbinval(SPI_tuptable->vals[0], SPI_tuptable->tupdesc, 1, &isnull);
	if (isnull)
		elog(ERROR, "could not read the first snapshot of a paper");
	return DatumGetTimestampTz(d);
}

/* Raise 22008 unless ts can be written into a record. */
static void
require_writable_time(TimestampTz ts)
{
	char		buf[PITH_ISO_UTC_MAX];

	(void) pith_iso_utc_text(ts, false, buf);
}

/* The text of as_of for an error message: its ISO form, or timestamptz_out's when it has none. */
static char *
as_of_for_message(TimestampTz as_of)
{
	char		buf[PITH_ISO_UTC_MAX];
	struct pg_tm tm;
	fsec_t		fsec;

	if (TIMESTAMP_NOT_FINITE(as_of) ||
		timestamp2tm(as_of, NULL, &tm, &fsec, NULL, NULL) != 0 ||
		tm.tm_year < 1 || tm.tm_year > 9999)
		return DatumGetCString(DirectFunctionCall1(timestamptz_out, TimestampTzGetDatum(as_of)));
	pith_iso_utc_text(as_of, false, buf);
	return pstrdup(buf);
}

/*
 * The canonical text of the record of paper (a base arXiv id) as of as_of,
 * as a text datum allocated in the caller's memory context.
 */
static text *
build_record(Datum paper, TimestampTz as_of, int32 outbound_cap, int32 inbound_cap)
{
	MemoryContext caller = CurrentMemoryContext;
	Oid			arxiv_type;
	SPITupleTable *t;
	uint64		npaper,
				i;
	Row		   *prow;
	Row		   *meas;
	int64		meas_shown = 0;
	PithTime	meas_latest = {true, 0};
	PithObsPaper self;
	PithText	id,
				primary_category;
	Side		out,
				in;
	Side	   *sides[2] = {&out, &in};
	Notices		notices;
	int64		counts[PITH_SC_COUNT] = {0};
	PithTime	out_latest = {true, 0},
				notice_latest = {true, 0},
				in_latest = {true, 0};
	StandingSource *standing;
	int			nstanding = 0;
	size_t		estimate;
	pith_cj_sink s;
	pith_sha256 obs_h,
				ctx;
	size_t		hashed,
				gap;
	char		digest[PITH_DIGEST_TEXT_LEN + 1];
	struct pg_tm tm;
	fsec_t		fsec;
	static const char *const months[] = {"January", "February", "March", "April", "May", "June",
		"July", "August", "September", "October", "November", "December"};
	char	   *thesis;
	text	   *result;
	int			k;

	if (outbound_cap < 1 || inbound_cap < 1)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("citation record caps must be at least 1"),
				 errdetail("outbound_cap is %d and inbound_cap is %d.", outbound_cap, inbound_cap)));

	arxiv_type = arxiv_id_type();
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");

	/* statement 1: the paper and its measurements */
	t = run(Q_PAPER, arxiv_type, paper, as_of, &npaper);
	prow = deform_all(t, npaper);
	if (npaper == 0)
		ereport(ERROR,
				(errcode(ERRCODE_NO_DATA_FOUND),
				 errmsg("paper %s is not in pith.papers", id_text(paper)),
				 errhint("Load it with pith.ingest_record() or insert it into pith.papers.")));
	id = r_text(&prow[0], P_ARXIV_ID);
	if (prow[0].n[P_SNAPSHOT])
	{
		char		snap[PITH_ISO_UTC_MAX];

		pith_iso_utc_text(first_snapshot(paper, arxiv_type), false, snap);
		ereport(ERROR,
				(errcode(ERRCODE_NO_DATA_FOUND),
				 errmsg("paper %.*s was not yet observed as of %s", id.len, id.p,
						as_of_for_message(as_of)),
				 errdetail("Its snapshot was observed at %s.", snap)));
	}
	require_writable_time(as_of);
	self.arxiv_id = id;
	self.title = r_text(&prow[0], P_TITLE);
	self.latest_version = r_int(&prow[0], P_LATEST_VERSION);
	self.submitted_at = r_time(&prow[0], P_SUBMITTED_AT);
	self.last_updated = r_time(&prow[0], P_LAST_UPDATED);
	self.snapshot_observed_at = r_time(&prow[0], P_SNAPSHOT);
	primary_category = r_text(&prow[0], P_PRIMARY_CATEGORY);
	meas = prow;
	for (i = 0; i < npaper; i++)
		if (!meas[i].n[P_M_SOURCE])
		{
			PithTime	at = r_time(&meas[i], P_M_AT);

			meas_shown++;
			if (!at.null && (meas_latest.null || at.t > meas_latest.t))
				meas_latest = at;
		}

	/* statements 2 and 3: outbound and inbound observations */
	read_side(&out, Q_OUTBOUND, arxiv_type, paper, as_of, outbound_cap, &self);
	read_side(&in, Q_INBOUND, arxiv_type, paper, as_of, inbound_cap, NULL);

	/* statements 4 and 5: the notices of the displayed works */
	read_notices(&notices, sides, 2, arxiv_type, as_of);

	/* what the record counts */
	for (i = 0; i < out.total; i++)
	{
		Row		   *r = &out.rows[i];
		PithText	st = DatumGetBool(r->v[C_LINKED]) ? r_text(r, C_STATUS)
			: (PithText) {"unresolved", 10};

		k = state_position(st);
		if (k >= 0)
			counts[k]++;
	}
	/* at most one standing source per receipt shown */
	k = 0;
	for (i = 0; i < out.shown; i++)
		k += out.obs[i].nreceipts;
	standing = palloc(sizeof(StandingSource) * (k + 1));
	for (i = 0; i < out.shown; i++)
	{
		PithObservation *o = &out.obs[i];
		int			j;

		if (!o->source_observed_at.null &&
			(out_latest.null || o->source_observed_at.t > out_latest.t))
			out_latest = o->source_observed_at;
		for (j = 0; j < o->nreceipts; j++)
		{
			PithTime	at = o->receipt_times[j];
			int			m;

			if (at.null)
				continue;
			if (notice_latest.null || at.t > notice_latest.t)
				notice_latest = at;
			for (m = 0; m < nstanding; m++)
				if (standing[m].source.len == o->receipt_sources[j].len &&
					memcmp(standing[m].source.p, o->receipt_sources[j].p, standing[m].source.len) == 0)
					break;
			if (m == nstanding)
			{
				standing[m].source = o->receipt_sources[j];
				standing[m].at = at.t;
				nstanding++;
			}
			else if (at.t > standing[m].at)
				standing[m].at = at.t;
		}
	}
	qsort(standing, nstanding, sizeof(StandingSource), standing_cmp);
	for (i = 0; i < in.shown; i++)
	{
		PithTime	at = in.obs[i].source_observed_at;

		if (!at.null && (in_latest.null || at.t > in_latest.t))
			in_latest = at;
	}

	/* the thesis sentence */
	if (timestamp2tm(as_of, NULL, &tm, &fsec, NULL, NULL) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record")));
	thesis = psprintf("As of %d %s %04d, this Paper Citation Record lists " UINT64_FORMAT " of "
					  UINT64_FORMAT " outbound references and " UINT64_FORMAT
					  " inbound Pith citation observations for arXiv:%.*s.",
					  tm.tm_mday, months[tm.tm_mon - 1], tm.tm_year, out.shown, out.total,
					  in.shown, id.len, id.p);

	/* one buffer, sized from what the lookups returned */
	estimate = 4096 + 2 * (self.title.len + id.len) + 200 * npaper + 100 * nstanding;
	for (i = 0; i < out.shown; i++)
		estimate += pith_rec_observation_estimate(&out.obs[i]);
	for (i = 0; i < in.shown; i++)
		estimate += pith_rec_observation_estimate(&in.obs[i]);
	{
		MemoryContext old = MemoryContextSwitchTo(caller);

		pith_rec_sink_init(&s, estimate + 1);
		MemoryContextSwitchTo(old);
	}
	pith_sha256_start(&obs_h);
	pith_sha256_start(&ctx);

	/* as_of, then caps: the context digest starts at "caps", with "{" for the comma */
	pith_cj_putc(&s, '{');
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_AS_OF);
	pith_rec_time(&s, (PithTime) {false, as_of}, false);
	pith_cj_putc(&s, ',');
	hashed = s.len;
	pith_sha256_feed(&ctx, "{", 1);
	pith_rec_key_first(&s, PITH_OBJ_RECORD, PITH_RK_CAPS);
	pith_cj_putc(&s, '{');
	pith_rec_key(&s, PITH_OBJ_CAPS, PITH_CAPS_DATABASE_STATEMENTS);
	pith_rec_int(&s, (PithInt) {false, 6});
	pith_rec_key(&s, PITH_OBJ_CAPS, PITH_CAPS_INBOUND);
	pith_rec_int(&s, (PithInt) {false, inbound_cap});
	pith_rec_key(&s, PITH_OBJ_CAPS, PITH_CAPS_OUTBOUND);
	pith_rec_int(&s, (PithInt) {false, outbound_cap});
	pith_cj_putc(&s, '}');
	feed_context(&s, &ctx, &hashed);

	/* room for ,"context_digest":"sha256:..." -- filled at the end */
	gap = s.len;
	{
		const pith_shape_key *key = pith_shape_key_at(PITH_OBJ_RECORD, PITH_RK_CONTEXT_DIGEST);
		size_t		g = 1 + key->member_len + 2 + PITH_DIGEST_TEXT_LEN;

		if (s.cap - s.len < g)
			s.flush(&s, g);
		s.len += g;
		hashed = s.len;
	}

	/* coverage */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_COVERAGE);
	pith_cj_putc(&s, '[');
	lane(&s, out.total, "reference_resolution", "Typed states for the displayed outbound observations.",
		 out.shown, "paper_references, paper_reference_links", out_latest, false);
	pith_cj_putc(&s, ',');
	lane(&s, out.shown, "standing_notices", "One-hop event checks from named stored sources.",
		 out.shown, "scholarly_work_events, retraction_status_cache", notice_latest, true);
	pith_cj_putc(&s, ',');
	lane(&s, in.total, "inbound_itemization", "Pith citing papers itemized under the disclosed page cap.",
		 in.shown, "paper_references, paper_reference_links", in_latest, false);
	pith_cj_putc(&s, ',');
	lane(&s, 1, "external_citation_measurements",
		 "A source-named dated measurement, never combined with another source.",
		 meas_shown, "cited_works", meas_latest, false);
	pith_cj_putc(&s, ']');

	/* external_citation_measurements */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_EXTERNAL_CITATION_MEASUREMENTS);
	pith_cj_putc(&s, '[');
	for (i = 0, k = 0; i < npaper; i++)
	{
		Row		   *m = &meas[i];

		if (m->n[P_M_SOURCE])
			continue;
		if (k++ > 0)
			pith_cj_putc(&s, ',');
		pith_cj_putc(&s, '{');
		pith_rec_key(&s, PITH_OBJ_MEASUREMENT, PITH_MEAS_CITED_BY_COUNT);
		pith_rec_int(&s, (PithInt) {m->n[P_M_COUNT], m->n[P_M_COUNT] ? 0 : DatumGetInt64(m->v[P_M_COUNT])});
		pith_rec_key(&s, PITH_OBJ_MEASUREMENT, PITH_MEAS_MEASURED_AT);
		pith_rec_time(&s, r_time(m, P_M_AT), false);
		pith_rec_key(&s, PITH_OBJ_MEASUREMENT, PITH_MEAS_SOURCE);
		pith_rec_text(&s, r_text(m, P_M_SOURCE));
		pith_cj_putc(&s, '}');
	}
	pith_cj_putc(&s, ']');

	/* inbound */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_INBOUND);
	feed_context(&s, &ctx, &hashed);
	observation_list(&s, &in, &obs_h, &ctx, &hashed);

	/* links */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_LINKS);
	pith_cj_putc(&s, '{');
	pith_rec_key(&s, PITH_OBJ_RECORD_LINKS, PITH_RL_EVIDENCE);
	pith_rec_lit(&s, "\"/evidence\"");
	pith_rec_key(&s, PITH_OBJ_RECORD_LINKS, PITH_RL_HTML);
	paper_link(&s, id, "/citation-record");
	pith_rec_key(&s, PITH_OBJ_RECORD_LINKS, PITH_RL_INTEGRITY);
	paper_link(&s, id, "/integrity");
	pith_rec_key(&s, PITH_OBJ_RECORD_LINKS, PITH_RL_JSON);
	paper_link(&s, id, "/citation-record.json");
	pith_rec_key(&s, PITH_OBJ_RECORD_LINKS, PITH_RL_PAPER);
	paper_link(&s, id, "");
	pith_cj_putc(&s, '}');

	/* outbound */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_OUTBOUND);
	feed_context(&s, &ctx, &hashed);
	observation_list(&s, &out, &obs_h, &ctx, &hashed);

	/* paper */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_PAPER);
	pith_cj_putc(&s, '{');
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_ARXIV_ID);
	pith_rec_text(&s, id);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_LAST_UPDATED);
	pith_rec_time(&s, self.last_updated, false);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_LATEST_VERSION);
	pith_rec_int(&s, self.latest_version);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_PRIMARY_CATEGORY);
	pith_rec_text(&s, primary_category);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_SNAPSHOT_OBSERVED_AT);
	pith_rec_time(&s, self.snapshot_observed_at, false);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_SUBMITTED_AT);
	pith_rec_time(&s, self.submitted_at, false);
	pith_rec_key(&s, PITH_OBJ_RECORD_PAPER, PITH_RP_TITLE);
	pith_rec_text(&s, self.title);
	pith_cj_putc(&s, '}');

	/* reference_resolution */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_REFERENCE_RESOLUTION);
	pith_cj_putc(&s, '{');
	pith_rec_key(&s, PITH_OBJ_REFERENCE_RESOLUTION, PITH_RR_DISPLAYED);
	pith_rec_int(&s, (PithInt) {false, (int64) out.shown});
	pith_rec_key(&s, PITH_OBJ_REFERENCE_RESOLUTION, PITH_RR_STATE_COUNTS);
	pith_cj_putc(&s, '{');
	for (k = 0; k < PITH_SC_COUNT; k++)
	{
		pith_rec_key(&s, PITH_OBJ_STATE_COUNTS, k);
		pith_rec_int(&s, (PithInt) {false, counts[k]});
	}
	pith_cj_putc(&s, '}');
	pith_rec_key(&s, PITH_OBJ_REFERENCE_RESOLUTION, PITH_RR_TOTAL_OUTBOUND_REFERENCES);
	pith_rec_int(&s, (PithInt) {false, (int64) out.total});
	pith_cj_putc(&s, '}');

	/* refusal, schema */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_REFUSAL);
	pith_rec_lit(&s, "\"A citation records a reference. It does not transfer a finding from one paper to another.\"");
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_SCHEMA);
	pith_rec_lit(&s, "\"" PITH_SHAPE_SCHEMA "\"");

	/* standing_sources */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_STANDING_SOURCES);
	pith_cj_putc(&s, '[');
	for (k = 0; k < nstanding; k++)
	{
		if (k > 0)
			pith_cj_putc(&s, ',');
		pith_cj_putc(&s, '{');
		pith_rec_key(&s, PITH_OBJ_STANDING_SOURCE, PITH_SS_OBSERVED_AT);
		pith_rec_time(&s, (PithTime) {false, standing[k].at}, true);
		pith_rec_key(&s, PITH_OBJ_STANDING_SOURCE, PITH_SS_SOURCE);
		pith_rec_text(&s, standing[k].source);
		pith_cj_putc(&s, '}');
	}
	pith_cj_putc(&s, ']');

	/* thesis */
	pith_rec_key(&s, PITH_OBJ_RECORD, PITH_RK_THESIS);
	pith_cj_put_string(&s, thesis, strlen(thesis));
	pith_cj_putc(&s, '}');

	/* the context digest, into the room kept for it */
	feed_context(&s, &ctx, &hashed);
	pith_sha256_finish_text(&ctx, digest);
	{
		const pith_shape_key *key = pith_shape_key_at(PITH_OBJ_RECORD, PITH_RK_CONTEXT_DIGEST);
		char	   *w = s.buf + gap;

		*w++ = ',';
		memcpy(w, key->member, key->member_len);
		w += key->member_len;
		*w++ = '"';
		memcpy(w, digest, PITH_DIGEST_TEXT_LEN);
		w += PITH_DIGEST_TEXT_LEN;
		*w++ = '"';
		Assert(w == s.buf + gap + 1 + key->member_len + 2 + PITH_DIGEST_TEXT_LEN);
	}
	pith_sha256_free(&obs_h);
	pith_sha256_free(&ctx);

	/* a NUL after the text (not part of it), for the jsonb variant's parser */
	pith_cj_putc(&s, '\0');
	s.len--;
	SET_VARSIZE(s.buf, s.len);
	result = (text *) s.buf;
	SPI_finish();
	return result;
}

/* The base identifier of an arxiv_id datum (pith.arxiv_base). */
static Datum
arxiv_base(Datum id)
{
	struct varlena *v = PG_DETOAST_DATUM_PACKED(id);

	return PointerGetDatum(pith_identifier_make(VARDATA_ANY(v),
												pith_arxiv_base_len(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v))));
}

/*
 * pith_citation_record_text(arxiv_id, as_of timestamptz, outbound_cap int,
 * inbound_cap int) returns the canonical JSON text of the record.
 */
PG_FUNCTION_INFO_V1(pith_citation_record_text);
Datum
pith_citation_record_text(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(build_record(arxiv_base(PG_GETARG_DATUM(0)), PG_GETARG_TIMESTAMPTZ(1),
								  PG_GETARG_INT32(2), PG_GETARG_INT32(3)));
}

/* The record text as jsonb: one conversion of the canonical text (src/record_jsonb.c). */
static Datum
record_jsonb(text *t)
{
	/* build_record leaves a NUL right after the text */
	Assert(((char *) t)[VARSIZE(t)] == '\0');
	return pith_record_text_to_jsonb(t);
}

/*
 * pith_citation_record(arxiv_id, as_of, outbound_cap, inbound_cap) returns
 * the record as jsonb.
 */
PG_FUNCTION_INFO_V1(pith_citation_record);
Datum
pith_citation_record(PG_FUNCTION_ARGS)
{
	text	   *t = build_record(arxiv_base(PG_GETARG_DATUM(0)), PG_GETARG_TIMESTAMPTZ(1),
								 PG_GETARG_INT32(2), PG_GETARG_INT32(3));

	return record_jsonb(t);
}

/*
 * pith_observation_rows(paper arxiv_id, inbound boolean, as_of timestamptz,
 * cap integer) returns the rows of pith.observation_rows: every observation
 * of one side numbered in record order, with its status, times and
 * receipts, and its text for the first cap rows (all when cap is NULL).
 */
PG_FUNCTION_INFO_V1(pith_observation_rows);
Datum
pith_observation_rows(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext caller;
	Oid			arxiv_type;
	Datum		paper;
	bool		inbound;
	TimestampTz as_of;
	int64		cap;
	Side		side;
	Side	   *sides[1] = {&side};
	Notices		notices;
	PithObsPaper self;
	pith_cj_sink s;
	pith_sha256 h;
	uint64		i;

	InitMaterializedSRF(fcinfo, 0);
	if (PG_ARGISNULL(0) || PG_ARGISNULL(1) || PG_ARGISNULL(2))
		return (Datum) 0;
	paper = PG_GETARG_DATUM(0);
	inbound = PG_GETARG_BOOL(1);
	as_of = PG_GETARG_TIMESTAMPTZ(2);
	cap = PG_ARGISNULL(3) ? -1 : Max(PG_GETARG_INT32(3), 0);
	caller = CurrentMemoryContext;
	arxiv_type = arxiv_id_type();
	if (SPI_connect() != SPI_OK_CONNECT)
		elog(ERROR, "SPI_connect failed");

	if (!inbound)
	{
		uint64		n;
		SPITupleTable *t = run(Q_PAPER, arxiv_type, paper, as_of, &n);
		Row		   *prow = deform_all(t, n);

		/* the citing paper, as the record shows it; no rows unless known by then */
		if (n == 0 || prow[0].n[P_SNAPSHOT])
		{
			SPI_finish();
			return (Datum) 0;
		}
		self.arxiv_id = r_text(&prow[0], P_ARXIV_ID);
		self.title = r_text(&prow[0], P_TITLE);
		self.latest_version = r_int(&prow[0], P_LATEST_VERSION);
		self.submitted_at = r_time(&prow[0], P_SUBMITTED_AT);
		self.last_updated = r_time(&prow[0], P_LAST_UPDATED);
		self.snapshot_observed_at = r_time(&prow[0], P_SNAPSHOT);
		read_side(&side, Q_OUTBOUND, arxiv_type, paper, as_of, cap, &self);
	}
	else
		read_side(&side, Q_INBOUND, arxiv_type, paper, as_of, cap, NULL);
	read_notices(&notices, sides, 1, arxiv_type, as_of);

	pith_rec_sink_init(&s, 8192);
	pith_sha256_start(&h);
	for (i = 0; i < side.total; i++)
	{
		Row		   *r = &side.rows[i];
		Datum		values[10];
		bool		nulls[10] = {false};
		MemoryContext old;

		values[0] = Int64GetDatum((int64) (i + 1));
		values[1] = r->v[C_CITING_ARXIV_ID];
		nulls[1] = r->n[C_CITING_ARXIV_ID];
		values[2] = r->v[C_REFERENCE_INDEX];
		nulls[2] = r->n[C_REFERENCE_INDEX];
		values[3] = r->v[C_OBSERVATION_ID];
		nulls[3] = r->n[C_OBSERVATION_ID];
		values[4] = r->v[C_STATE];
		nulls[4] = r->n[C_STATE];
		values[5] = r->v[C_SOURCE_OBSERVED_AT];
		nulls[5] = r->n[C_SOURCE_OBSERVED_AT];
		nulls[6] = nulls[7] = nulls[8] = nulls[9] = true;
		if (i < side.shown)
		{
			PithObservation *o = &side.obs[i];

			if (o->nreceipts > 0)
			{
				Datum	   *src = palloc(sizeof(Datum) * o->nreceipts);
				Datum	   *at = palloc(sizeof(Datum) * o->nreceipts);
				bool	   *atn = palloc(sizeof(bool) * o->nreceipts);
				int			dims[1] = {o->nreceipts};
				int			lbs[1] = {1};
				PithTime	latest = {true, 0};
				int			j;

				for (j = 0; j < o->nreceipts; j++)
				{
					src[j] = PointerGetDatum(cstring_to_text_with_len(o->receipt_sources[j].p,
																	  o->receipt_sources[j].len));
					atn[j] = o->receipt_times[j].null;
					at[j] = TimestampTzGetDatum(o->receipt_times[j].t);
					if (!atn[j] && (latest.null || o->receipt_times[j].t > latest.t))
						latest = o->receipt_times[j];
				}
				values[6] = TimestampTzGetDatum(latest.t);
				nulls[6] = latest.null;
				values[7] = PointerGetDatum(construct_array(src, o->nreceipts, TEXTOID, -1, false,
															TYPALIGN_INT));
				nulls[7] = false;
				values[8] = PointerGetDatum(construct_md_array(at, atn, 1, dims, lbs, TIMESTAMPTZOID,
															   sizeof(TimestampTz), FLOAT8PASSBYVAL,
															   TYPALIGN_DOUBLE));
				nulls[8] = false;
			}
			s.len = VARHDRSZ;
			pith_rec_observation(&s, o, &h);
			SET_VARSIZE(s.buf, s.len);
			values[9] = PointerGetDatum(s.buf);
			nulls[9] = false;
		}
		old = MemoryContextSwitchTo(caller);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		MemoryContextSwitchTo(old);
		if ((i & 0x3f) == 0x3f)
			CHECK_FOR_INTERRUPTS();
	}
	pith_sha256_free(&h);
	SPI_finish();
	return (Datum) 0;
}
