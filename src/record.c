/*
 * record.c -- two small SQL functions of the citation record (docs/record-v1.md): pith.iso_utc, the timestamp text of a record, and
 * pith.observation_text, one observation from its joined rows.  Both write
 * through the one record writer (src/record_write.c); the whole record and
 * the views are built by src/record_build.c.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/array.h"
#include "utils/typcache.h"

#include "record_write.h"

/*
 * pith_iso_utc(ts timestamptz, offset_form boolean) returns text:
 * 2026-08-07T06:00:32.204819Z, or ...+00:00 when offset_form is true.
 */
PG_FUNCTION_INFO_V1(pith_iso_utc);
Datum
pith_iso_utc(PG_FUNCTION_ARGS)
{
	char		buf[PITH_ISO_UTC_MAX];
	int			n = pith_iso_utc_text(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1), buf);

	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, n));
}

/* ---- the observation builder ---- */

/* The row arguments of build_observation, in argument order. */
enum
{
	ROW_REF, ROW_CITING, ROW_CITED, ROW_LINK, ROW_WORK, NUM_ROWS
};

/* The columns the builder reads, per row argument. */
enum
{
	/* paper_references */
	F_REF_OBSERVATION_ID, F_REF_CITING_VERSION, F_REF_REFERENCE_INDEX, F_REF_TITLE,
	F_REF_YEAR, F_REF_PITH_ARXIV_ID, F_REF_SOURCE, F_REF_SOURCE_OBSERVED_AT,
	/* papers */
	F_PAPER_ARXIV_ID, F_PAPER_TITLE, F_PAPER_LATEST_VERSION, F_PAPER_SUBMITTED_AT,
	F_PAPER_LAST_UPDATED, F_PAPER_SNAPSHOT_OBSERVED_AT,
	/* paper_reference_links */
	F_LINK_OBSERVATION_ID, F_LINK_STATUS, F_LINK_RESOLVER_SOURCE, F_LINK_OBSERVED_AT,
	/* cited_works */
	F_WORK_WORK_ID, F_WORK_TITLE, F_WORK_DOI, F_WORK_ARXIV_ID, F_WORK_VENUE, F_WORK_YEAR,
	F_WORK_METADATA_SOURCE, F_WORK_SNAPSHOT_OBSERVED_AT,
	NUM_FIELDS
};

/* Column names, and which row argument kind each belongs to (0 ref, 1 paper, 2 link, 3 work). */
static const struct
{
	const char *name;
	int			kind;
}			field_def[NUM_FIELDS] =
{
	{"observation_id", 0}, {"citing_version", 0}, {"reference_index", 0}, {"title", 0},
	{"year", 0}, {"pith_arxiv_id", 0}, {"source", 0}, {"source_observed_at", 0},
	{"arxiv_id", 1}, {"title", 1}, {"latest_version", 1}, {"submitted_at", 1},
	{"last_updated", 1}, {"snapshot_observed_at", 1},
	{"observation_id", 2}, {"status", 2}, {"resolver_source", 2}, {"observed_at", 2},
	{"work_id", 3}, {"title", 3}, {"doi", 3}, {"arxiv_id", 3}, {"venue", 3}, {"year", 3},
	{"metadata_source", 3}, {"snapshot_observed_at", 3},
};

/* Kind of each row argument. */
static const int row_kind[NUM_ROWS] = {0, 1, 1, 2, 3};

/* Per-call-site cache: row descriptors, column positions, output functions. */
typedef struct BuilderCache
{
	TupleDesc	desc[NUM_ROWS];
	int			attno[NUM_FIELDS];	/* 0-based position in its row type */
	FmgrInfo	arxiv_out;
	FmgrInfo	doi_out;
} BuilderCache;

/* One row argument, deformed. */
typedef struct RowValues
{
	bool		present;
	Datum	   *values;
	bool	   *nulls;
} RowValues;

/* Resolve the row types of the arguments once per call site. */
static BuilderCache *
builder_cache(FunctionCallInfo fcinfo)
{
	BuilderCache *c = (BuilderCache *) fcinfo->flinfo->fn_extra;
	MemoryContext old;
	int			r,
				f;
	Oid			outfn;
	bool		isvarlena;

	if (c != NULL)
		return c;
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	c = palloc0(sizeof(BuilderCache));
	for (r = 0; r < NUM_ROWS; r++)
	{
		Oid			typid = get_fn_expr_argtype(fcinfo->flinfo, r);
		TupleDesc	td;

		if (!OidIsValid(typid))
			elog(ERROR, "could not determine the row type of argument %d", r + 1);
		td = lookup_rowtype_tupdesc(typid, -1);
		c->desc[r] = CreateTupleDescCopy(td);
		ReleaseTupleDesc(td);
	}
	for (f = 0; f < NUM_FIELDS; f++)
	{
		int			k = field_def[f].kind;
		TupleDesc	td = NULL;
		int			i;

		for (r = 0; r < NUM_ROWS; r++)
			if (row_kind[r] == k)
			{
				td = c->desc[r];
				break;
			}
		c->attno[f] = -1;
		for (i = 0; i < td->natts; i++)
		{
			Form_pg_attribute att = TupleDescAttr(td, i);

			if (!att->attisdropped && strcmp(NameStr(att->attname), field_def[f].name) == 0)
			{
				c->attno[f] = i;
				break;
			}
		}
		if (c->attno[f] < 0)
			elog(ERROR, "row type has no column \"%s\"", field_def[f].name);
	}
	getTypeOutputInfo(TupleDescAttr(c->desc[ROW_REF], c->attno[F_REF_PITH_ARXIV_ID])->atttypid,
					  &outfn, &isvarlena);
	fmgr_info_cxt(outfn, &c->arxiv_out, fcinfo->flinfo->fn_mcxt);
	getTypeOutputInfo(TupleDescAttr(c->desc[ROW_WORK], c->attno[F_WORK_DOI])->atttypid,
					  &outfn, &isvarlena);
	fmgr_info_cxt(outfn, &c->doi_out, fcinfo->flinfo->fn_mcxt);
	MemoryContextSwitchTo(old);
	fcinfo->flinfo->fn_extra = c;
	return c;
}

/* Deform row argument r (absent when NULL or when its key column is NULL). */
static void
deform_row(FunctionCallInfo fcinfo, BuilderCache *c, int r, int key_field, RowValues *out)
{
	HeapTupleHeader th;
	HeapTupleData tuple;
	TupleDesc	td = c->desc[r];

	out->present = false;
	out->values = palloc(td->natts * sizeof(Datum));
	out->nulls = palloc(td->natts * sizeof(bool));
	if (PG_ARGISNULL(r))
		return;
	/*
	 * Through the server's DatumGetHeapTupleHeader(), never a bare detoast:
	 * in recent minor releases (15.20 and 17.11 among them) it is a function
	 * that marks (or copies and marks) composite datums as such, and it is
	 * expected on the way to heap_deform_tuple.  The price: a pith.so built against such
	 * headers needs a server of at least that minor release (an older one
	 * fails to load it: undefined symbol), so build with the server's own
	 * pg_config or older headers of its major (README, Troubleshooting).
	 */
	th = PG_GETARG_HEAPTUPLEHEADER(r);
	tuple.t_len = HeapTupleHeaderGetDatumLength(th);
	ItemPointerSetInvalid(&tuple.t_self);
	tuple.t_tableOid = InvalidOid;
	tuple.t_data = th;
	heap_deform_tuple(&tuple, td, out->values, out->nulls);
	out->present = !out->nulls[c->attno[key_field]];
}

/* Column f of a deformed row; *isnull set. */
static inline Datum
col(BuilderCache *c, RowValues *row, int f, bool *isnull)
{
	*isnull = row->nulls[c->attno[f]];
	return row->values[c->attno[f]];
}

/* An output-function value (identifier types) as a PithText, or null. */
static PithText
out_text(FmgrInfo *out, Datum d, bool isnull)
{
	PithText	v = {NULL, 0};

	if (!isnull)
	{
		v.p = OutputFunctionCall(out, d);
		v.len = strlen(v.p);
	}
	return v;
}

/* Column f of a deformed row as a PithText (text columns). */
static PithText
col_text(BuilderCache *c, RowValues *row, int f)
{
	bool		n;
	Datum		d = col(c, row, f, &n);

	return pith_rec_text_datum(d, n);
}

/* Column f of a deformed row as a PithInt (integer columns). */
static PithInt
col_int(BuilderCache *c, RowValues *row, int f)
{
	PithInt		v;
	Datum		d = col(c, row, f, &v.null);

	v.v = v.null ? 0 : DatumGetInt32(d);
	return v;
}

/* Column f of a deformed row as a PithTime (timestamptz columns). */
static PithTime
col_time(BuilderCache *c, RowValues *row, int f)
{
	PithTime	v;
	Datum		d = col(c, row, f, &v.null);

	v.t = v.null ? 0 : DatumGetTimestampTz(d);
	return v;
}

/* A papers row as an observation shows it. */
static void
paper_of(BuilderCache *c, RowValues *row, PithObsPaper *p)
{
	bool		n;
	Datum		d = col(c, row, F_PAPER_ARXIV_ID, &n);

	p->arxiv_id = out_text(&c->arxiv_out, d, n);
	p->title = col_text(c, row, F_PAPER_TITLE);
	p->last_updated = col_time(c, row, F_PAPER_LAST_UPDATED);
	p->snapshot_observed_at = col_time(c, row, F_PAPER_SNAPSHOT_OBSERVED_AT);
	p->submitted_at = col_time(c, row, F_PAPER_SUBMITTED_AT);
	p->latest_version = col_int(c, row, F_PAPER_LATEST_VERSION);
}

/* Deconstruct a 1-D array argument (NULL argument: no elements). */
static int
array_arg(FunctionCallInfo fcinfo, int argno, Oid elemtype, int16 elmlen, bool elmbyval,
		  char elmalign, Datum **values, bool **nulls)
{
	ArrayType  *a;
	int			n;

	*values = NULL;
	*nulls = NULL;
	if (PG_ARGISNULL(argno))
		return 0;
	a = PG_GETARG_ARRAYTYPE_P(argno);
	if (ARR_NDIM(a) == 0)
		return 0;
	if (ARR_NDIM(a) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("receipt sources and times must be one-dimensional arrays"),
				 errdetail("Argument %d has %d dimensions.", argno + 1, ARR_NDIM(a))));
	deconstruct_array(a, elemtype, elmlen, elmbyval, elmalign, values, nulls, &n);
	return n;
}

/*
 * pith_observation_text(ref, citing, cited, link, work, receipt_sources
 * text[], receipt_times timestamptz[], events jsonb, event_count bigint,
 * event_latest timestamptz) returns the canonical JSON text of the sealed
 * observation (docs/record-v1.md, "The observation object").  Receipts are the
 * latest per source, sorted by source.  The record builder does not use
 * it (it writes observations from its own lookups); it stays for callers
 * that have the rows.
 */
PG_FUNCTION_INFO_V1(pith_observation_text);
Datum
pith_observation_text(PG_FUNCTION_ARGS)
{
	BuilderCache *c = builder_cache(fcinfo);
	RowValues	ref,
				citing,
				cited,
				link,
				work;
	Datum	   *src_v,
			   *time_v;
	bool	   *src_n,
			   *time_n;
	int			nsrc,
				ntime;
	PithObservation o;
	PithObsPaper citing_paper,
				cited_paper;
	PithText   *sources;
	PithTime   *times;
	pith_cj_sink sink;
	pith_sha256 h;
	bool		n;
	Datum		d;
	int			i;

	deform_row(fcinfo, c, ROW_REF, F_REF_OBSERVATION_ID, &ref);
	deform_row(fcinfo, c, ROW_CITING, F_PAPER_ARXIV_ID, &citing);
	deform_row(fcinfo, c, ROW_CITED, F_PAPER_ARXIV_ID, &cited);
	deform_row(fcinfo, c, ROW_LINK, F_LINK_OBSERVATION_ID, &link);
	deform_row(fcinfo, c, ROW_WORK, F_WORK_WORK_ID, &work);
	if (!ref.present || !citing.present)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("an observation needs its reference and its citing paper")));
	nsrc = array_arg(fcinfo, 5, TEXTOID, -1, false, TYPALIGN_INT, &src_v, &src_n);
	ntime = array_arg(fcinfo, 6, TIMESTAMPTZOID, sizeof(TimestampTz), FLOAT8PASSBYVAL,
					  TYPALIGN_DOUBLE, &time_v, &time_n);
	if (nsrc != ntime)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("receipt sources and times differ in number")));

	memset(&o, 0, sizeof(o));
	d = col(c, &ref, F_REF_OBSERVATION_ID, &n);
	o.observation_id = n ? NULL : DatumGetUUIDP(d);
	o.citing_version = col_int(c, &ref, F_REF_CITING_VERSION);
	o.reference_index = col_int(c, &ref, F_REF_REFERENCE_INDEX);
	o.year = col_int(c, &ref, F_REF_YEAR);
	o.title = col_text(c, &ref, F_REF_TITLE);
	d = col(c, &ref, F_REF_PITH_ARXIV_ID, &n);
	o.pith_arxiv_id = out_text(&c->arxiv_out, d, n);
	o.source = col_text(c, &ref, F_REF_SOURCE);
	o.source_observed_at = col_time(c, &ref, F_REF_SOURCE_OBSERVED_AT);
	paper_of(c, &citing, &citing_paper);
	o.citing = &citing_paper;
	if (cited.present)
	{
		paper_of(c, &cited, &cited_paper);
		o.cited = &cited_paper;
	}
	o.linked = link.present;
	if (link.present)
	{
		d = col(c, &link, F_LINK_STATUS, &n);
		if (!n)
		{
			o.status.p = DatumGetCString(DirectFunctionCall1(enum_out, d));
			o.status.len = strlen(o.status.p);
		}
		o.resolver_source = col_text(c, &link, F_LINK_RESOLVER_SOURCE);
		o.link_observed_at = col_time(c, &link, F_LINK_OBSERVED_AT);
	}
	o.has_work = work.present;
	if (work.present)
	{
		d = col(c, &work, F_WORK_WORK_ID, &n);
		o.work_id = n ? NULL : DatumGetUUIDP(d);
		d = col(c, &work, F_WORK_ARXIV_ID, &n);
		o.work_arxiv_id = out_text(&c->arxiv_out, d, n);
		d = col(c, &work, F_WORK_DOI, &n);
		o.work_doi = out_text(&c->doi_out, d, n);
		o.work_metadata_source = col_text(c, &work, F_WORK_METADATA_SOURCE);
		o.work_title = col_text(c, &work, F_WORK_TITLE);
		o.work_venue = col_text(c, &work, F_WORK_VENUE);
		o.work_year = col_int(c, &work, F_WORK_YEAR);
		o.work_snapshot_observed_at = col_time(c, &work, F_WORK_SNAPSHOT_OBSERVED_AT);
	}
	sources = palloc(sizeof(PithText) * (nsrc + 1));
	times = palloc(sizeof(PithTime) * (nsrc + 1));
	for (i = 0; i < nsrc; i++)
	{
		sources[i] = pith_rec_text_datum(src_v[i], src_n[i]);
		times[i].null = time_n[i];
		times[i].t = time_n[i] ? 0 : DatumGetTimestampTz(time_v[i]);
	}
	o.nreceipts = nsrc;
	o.receipt_sources = sources;
	o.receipt_times = times;
	o.event_count = PG_ARGISNULL(8) ? 0 : PG_GETARG_INT64(8);
	if (!PG_ARGISNULL(7) && o.event_count != 0)
	{
		Jsonb	   *events = PG_GETARG_JSONB_P(7);
		struct varlena *t = pith_canonical_text(&events->root, VARSIZE(events));

		o.events.p = VARDATA(t);
		o.events.len = VARSIZE(t) - VARHDRSZ;
	}
	o.event_latest.null = PG_ARGISNULL(9);
	o.event_latest.t = o.event_latest.null ? 0 : PG_GETARG_TIMESTAMPTZ(9);

	pith_rec_sink_init(&sink, pith_rec_observation_estimate(&o));
	pith_sha256_start(&h);
	pith_rec_observation(&sink, &o, &h);
	pith_sha256_free(&h);
	SET_VARSIZE(sink.buf, sink.len);
	PG_RETURN_TEXT_P((text *) sink.buf);
}

/*
 * pith_record_seal(as_of text, caps text, rest text): kept because the
 * frozen install scripts of 0.1.0 and 0.2.0 declare pith.record_seal (the
 * upgrade path creates it before 0.3.0 drops it); 0.3.0's record builder
 * seals records itself.  It returns the canonical
 * text of a whole record from its members: {"as_of":<as_of>,"caps":<caps>,
 * "context_digest":"sha256:...",<rest>, where rest holds the members after
 * "context_digest" (from "coverage" on, closing brace included) and the
 * digest is taken over {"caps":<caps>,<rest> -- the record without as_of and
 * context_digest -- without building that text.
 */
PG_FUNCTION_INFO_V1(pith_record_seal);
Datum
pith_record_seal(PG_FUNCTION_ARGS)
{
	text	   *as_of = PG_GETARG_TEXT_PP(0);
	text	   *caps = PG_GETARG_TEXT_PP(1);
	text	   *rest = PG_GETARG_TEXT_PP(2);
	const char *caps_p = VARDATA_ANY(caps);
	const char *rest_p = VARDATA_ANY(rest);
	const char *as_of_p = VARDATA_ANY(as_of);
	size_t		caps_n = VARSIZE_ANY_EXHDR(caps);
	size_t		rest_n = VARSIZE_ANY_EXHDR(rest);
	size_t		as_of_n = VARSIZE_ANY_EXHDR(as_of);
	pith_sha256 h;
	char		digest_text[PITH_DIGEST_TEXT_LEN + 1];
	static const char open_caps[] = "{\"caps\":";
	static const char open_as_of[] = "{\"as_of\":";
	static const char close_caps[] = ",\"caps\":";
	static const char digest_key[] = ",\"context_digest\":\"";
	size_t		total;
	text	   *result;
	char	   *w;

	pith_sha256_start(&h);
	pith_sha256_feed(&h, open_caps, sizeof(open_caps) - 1);
	pith_sha256_feed(&h, caps_p, caps_n);
	pith_sha256_feed(&h, ",", 1);
	pith_sha256_feed(&h, rest_p, rest_n);
	pith_sha256_finish_text(&h, digest_text);
	pith_sha256_free(&h);

	total = (sizeof(open_as_of) - 1) + as_of_n + (sizeof(close_caps) - 1) + caps_n +
		(sizeof(digest_key) - 1) + PITH_DIGEST_TEXT_LEN + 2 + rest_n;
	if (total > MaxAllocSize - VARHDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("citation record text is too long"),
				 errdetail("The record would exceed the maximum text size of %zu bytes.",
						   (size_t) (MaxAllocSize - VARHDRSZ))));
	result = (text *) palloc(total + VARHDRSZ);
	SET_VARSIZE(result, total + VARHDRSZ);
	w = VARDATA(result);
#define PUT(p, n) do { memcpy(w, (p), (n)); w += (n); } while (0)
	PUT(open_as_of, sizeof(open_as_of) - 1);
	PUT(as_of_p, as_of_n);
	PUT(close_caps, sizeof(close_caps) - 1);
	PUT(caps_p, caps_n);
	PUT(digest_key, sizeof(digest_key) - 1);
	PUT(digest_text, PITH_DIGEST_TEXT_LEN);
	PUT("\",", 2);
	PUT(rest_p, rest_n);
#undef PUT
	/* the pieces written are exactly the total that was allocated */
	Assert(w == VARDATA(result) + total);
	PG_RETURN_TEXT_P(result);
}
