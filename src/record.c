/*
 * record.c -- the C parts of the citation record (docs/record-v1.md): the
 * timestamp text of a record, and the builder of one observation from its
 * joined rows, written directly as canonical JSON text (docs/record-v1.md, "Canonical text and digests") and
 * sealed with its observation_digest.
 *
 * The builder is the single place where an observation's shape is decided:
 * pith.observation_rows() calls it for the outbound and inbound lists of
 * pith.citation_record_text() / pith.citation_record() and for the views, so
 * every reader sees the same bytes.  Keys are written in code point order
 * (the order is fixed by the schema), strings through the canonical escaper
 * of src/core/canonical_json.c, and the digest is taken over the text
 * without its observation_digest member, which is then spliced in.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "common/cryptohash.h"
#include "common/sha2.h"
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

#include "core/canonical_json.h"
#include "pith.h"

/* Longest text: "9999-12-31T23:59:59.999999+00:00" plus the NUL. */
#define ISO_UTC_MAX 40

/* Write v (0 <= v < 10^width) as width zero-padded decimal digits. */
static inline void
put_digits(char *out, int v, int width)
{
	Assert(v >= 0);
	while (width-- > 0)
	{
		out[width] = '0' + v % 10;
		v /= 10;
	}
	Assert(v == 0);				/* v had at most width digits */
}

/* Write ts as ISO 8601 UTC text into buf; returns its length. */
static int
iso_utc_text(TimestampTz ts, bool offset_form, char *buf)
{
	struct pg_tm tm;
	fsec_t		fsec;
	int			n;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("An infinite timestamp has no ISO 8601 form.")));
	/* No time zone argument: the fields come out in UTC. */
	if (timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record")));
	if (tm.tm_year < 1 || tm.tm_year > 9999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("Only years 1 to 9999 have an ISO 8601 form here.")));

	/* hand-formatted: this runs ten times per observation */
	put_digits(buf, tm.tm_year, 4);
	buf[4] = '-';
	put_digits(buf + 5, tm.tm_mon, 2);
	buf[7] = '-';
	put_digits(buf + 8, tm.tm_mday, 2);
	buf[10] = 'T';
	put_digits(buf + 11, tm.tm_hour, 2);
	buf[13] = ':';
	put_digits(buf + 14, tm.tm_min, 2);
	buf[16] = ':';
	put_digits(buf + 17, tm.tm_sec, 2);
	n = 19;
	if (fsec != 0)
	{
		buf[n++] = '.';
		put_digits(buf + n, (int) fsec, 6);
		n += 6;
	}
	if (offset_form)
	{
		memcpy(buf + n, "+00:00", 6);
		n += 6;
	}
	else
		buf[n++] = 'Z';
	buf[n] = '\0';
	return n;
}

/*
 * pith_iso_utc(ts timestamptz, offset_form boolean) returns text:
 * 2026-08-07T06:00:32.204819Z, or ...+00:00 when offset_form is true.
 */
PG_FUNCTION_INFO_V1(pith_iso_utc);
Datum
pith_iso_utc(PG_FUNCTION_ARGS)
{
	char		buf[ISO_UTC_MAX];
	int			n = iso_utc_text(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1), buf);

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

/* ---- canonical text output ---- */

/* Sink callback: grow the palloc'd buffer. */
static void
grow_sink(pith_cj_sink *sink, size_t need)
{
	size_t		newcap = sink->cap * 2;

	if (need > MaxAllocSize - sink->len)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("citation record observation is too long")));
	if (newcap < sink->len + need)
		newcap = sink->len + need;
	if (newcap > MaxAllocSize)
		newcap = MaxAllocSize;
	sink->buf = repalloc(sink->buf, newcap);
	sink->cap = newcap;
}

/* Append a C string verbatim (JSON punctuation and keys). */
static inline void
raw(pith_cj_sink *sink, const char *s)
{
	pith_cj_put(sink, s, strlen(s));
}

/* Append a JSON string for len bytes of UTF-8. */
static inline void
str(pith_cj_sink *sink, const char *s, size_t len)
{
	pith_cj_put_string(sink, s, len);
}

/* Append a text datum as a JSON string, or null. */
static void
text_value(pith_cj_sink *sink, Datum d, bool isnull)
{
	if (isnull)
		raw(sink, "null");
	else
	{
		text	   *t = DatumGetTextPP(d);

		str(sink, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	}
}

/* Append an integer, or null. */
static void
int_value(pith_cj_sink *sink, Datum d, bool isnull)
{
	char		buf[16];

	if (isnull)
		raw(sink, "null");
	else
	{
		snprintf(buf, sizeof(buf), "%d", DatumGetInt32(d));
		raw(sink, buf);
	}
}

/* Append a timestamp as record text, or null. */
static void
time_value(pith_cj_sink *sink, Datum d, bool isnull, bool offset_form)
{
	char		buf[ISO_UTC_MAX];
	int			n;

	if (isnull)
	{
		raw(sink, "null");
		return;
	}
	n = iso_utc_text(DatumGetTimestampTz(d), offset_form, buf);
	pith_cj_putc(sink, '"');
	pith_cj_put(sink, buf, n);
	pith_cj_putc(sink, '"');
}

/* Append a value through an output function (identifier types), or null. */
static void
out_value(pith_cj_sink *sink, FmgrInfo *out, Datum d, bool isnull)
{
	if (isnull)
		raw(sink, "null");
	else
	{
		char	   *s = OutputFunctionCall(out, d);

		str(sink, s, strlen(s));
	}
}

/* Append a uuid as a JSON string, or null. */
static void
uuid_value(pith_cj_sink *sink, Datum d, bool isnull)
{
	if (isnull)
		raw(sink, "null");
	else
	{
		char	   *s = DatumGetCString(DirectFunctionCall1(uuid_out, d));

		str(sink, s, strlen(s));
	}
}

/* Append the citing or cited paper object. */
static void
paper_value(pith_cj_sink *sink, BuilderCache *c, RowValues *p, Datum version, bool version_null)
{
	bool		n;
	Datum		d;

	raw(sink, "{\"arxiv_id\":");
	d = col(c, p, F_PAPER_ARXIV_ID, &n);
	out_value(sink, &c->arxiv_out, d, n);
	raw(sink, ",\"last_updated\":");
	d = col(c, p, F_PAPER_LAST_UPDATED, &n);
	time_value(sink, d, n, false);
	raw(sink, ",\"snapshot_observed_at\":");
	d = col(c, p, F_PAPER_SNAPSHOT_OBSERVED_AT, &n);
	time_value(sink, d, n, false);
	raw(sink, ",\"submitted_at\":");
	d = col(c, p, F_PAPER_SUBMITTED_AT, &n);
	time_value(sink, d, n, false);
	raw(sink, ",\"title\":");
	d = col(c, p, F_PAPER_TITLE, &n);
	text_value(sink, d, n);
	raw(sink, ",\"version\":");
	int_value(sink, version, version_null);
	pith_cj_putc(sink, '}');
}

/* Append "/paper/<id>" for a paper row as a JSON string. */
static void
paper_link_value(pith_cj_sink *sink, BuilderCache *c, RowValues *p)
{
	bool		n;
	Datum		d = col(c, p, F_PAPER_ARXIV_ID, &n);
	char	   *s = psprintf("/paper/%s", OutputFunctionCall(&c->arxiv_out, d));

	str(sink, s, strlen(s));
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

/* "sha256:<hex>" of len bytes. */
static void
sha256_text(const char *data, size_t len, char out[PITH_DIGEST_TEXT_LEN + 1])
{
	pg_cryptohash_ctx *ctx = pg_cryptohash_create(PG_SHA256);
	uint8		digest[PG_SHA256_DIGEST_LENGTH];

	if (ctx == NULL || pg_cryptohash_init(ctx) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) data, len) < 0 ||
		pg_cryptohash_final(ctx, digest, sizeof(digest)) < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not compute SHA-256 digest: %s", pg_cryptohash_error(ctx))));
	pg_cryptohash_free(ctx);
	pith_cj_digest_text(digest, out);
}

/*
 * pith_observation_text(ref, citing, cited, link, work, receipt_sources
 * text[], receipt_times timestamptz[], events jsonb, event_count bigint,
 * event_latest timestamptz) returns the canonical JSON text of the sealed
 * observation (docs/record-v1.md, "The observation object").  Receipts are the
 * latest per source, sorted by source.
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
	Jsonb	   *events = PG_ARGISNULL(7) ? NULL : PG_GETARG_JSONB_P(7);
	int64		event_count = PG_ARGISNULL(8) ? 0 : PG_GETARG_INT64(8);
	bool		have_notice_at = false;
	TimestampTz notice_at = 0;
	pith_cj_sink sink;
	size_t		splice;
	char		digest[PITH_DIGEST_TEXT_LEN + 1];
	char		member[PITH_DIGEST_TEXT_LEN + 32];
	size_t		mlen;
	text	   *result;
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
	for (i = 0; i < ntime; i++)
		if (!time_n[i] && (!have_notice_at || DatumGetTimestampTz(time_v[i]) > notice_at))
		{
			notice_at = DatumGetTimestampTz(time_v[i]);
			have_notice_at = true;
		}
	if (!have_notice_at && !PG_ARGISNULL(9))
	{
		notice_at = PG_GETARG_TIMESTAMPTZ(9);
		have_notice_at = true;
	}

	sink.cap = 2048;
	sink.buf = palloc(sink.cap);
	sink.len = VARHDRSZ;
	sink.flush = grow_sink;
	sink.ctx = NULL;

	/* citation */
	raw(&sink, "{\"citation\":{\"cited_paper\":");
	if (cited.present)
	{
		d = col(c, &cited, F_PAPER_LATEST_VERSION, &n);
		paper_value(&sink, c, &cited, d, n);
	}
	else
		raw(&sink, "null");

	raw(&sink, ",\"cited_work\":{\"arxiv_id\":");
	if (work.present)
	{
		d = col(c, &work, F_WORK_ARXIV_ID, &n);
		out_value(&sink, &c->arxiv_out, d, n);
		raw(&sink, ",\"doi\":");
		d = col(c, &work, F_WORK_DOI, &n);
		out_value(&sink, &c->doi_out, d, n);
		raw(&sink, ",\"metadata_source\":");
		d = col(c, &work, F_WORK_METADATA_SOURCE, &n);
		text_value(&sink, d, n);
		raw(&sink, ",\"pith_arxiv_id\":");
		d = col(c, &ref, F_REF_PITH_ARXIV_ID, &n);
		out_value(&sink, &c->arxiv_out, d, n);
		raw(&sink, ",\"snapshot_observed_at\":");
		d = col(c, &work, F_WORK_SNAPSHOT_OBSERVED_AT, &n);
		time_value(&sink, d, n, false);
		raw(&sink, ",\"title\":");
		d = col(c, &work, F_WORK_TITLE, &n);
		text_value(&sink, d, n);
		raw(&sink, ",\"venue\":");
		d = col(c, &work, F_WORK_VENUE, &n);
		text_value(&sink, d, n);
		raw(&sink, ",\"work_id\":");
		d = col(c, &work, F_WORK_WORK_ID, &n);
		uuid_value(&sink, d, n);
		raw(&sink, ",\"year\":");
		d = col(c, &work, F_WORK_YEAR, &n);
		int_value(&sink, d, n);
	}
	else
	{
		raw(&sink, "null,\"doi\":null,\"metadata_source\":null,\"pith_arxiv_id\":");
		d = col(c, &ref, F_REF_PITH_ARXIV_ID, &n);
		out_value(&sink, &c->arxiv_out, d, n);
		raw(&sink, ",\"snapshot_observed_at\":");
		d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
		time_value(&sink, d, n, false);
		raw(&sink, ",\"title\":");
		d = col(c, &ref, F_REF_TITLE, &n);
		text_value(&sink, d, n);
		raw(&sink, ",\"venue\":null,\"work_id\":null,\"year\":");
		d = col(c, &ref, F_REF_YEAR, &n);
		int_value(&sink, d, n);
	}

	raw(&sink, "},\"citing_paper\":");
	d = col(c, &ref, F_REF_CITING_VERSION, &n);
	paper_value(&sink, c, &citing, d, n);
	raw(&sink, ",\"reference_index\":");
	d = col(c, &ref, F_REF_REFERENCE_INDEX, &n);
	int_value(&sink, d, n);
	raw(&sink, ",\"source\":");
	d = col(c, &ref, F_REF_SOURCE, &n);
	text_value(&sink, d, n);
	raw(&sink, ",\"source_observed_at\":");
	d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
	time_value(&sink, d, n, false);

	/* links */
	raw(&sink, "},\"links\":{");
	if (cited.present)
	{
		raw(&sink, "\"cited_paper\":");
		paper_link_value(&sink, c, &cited);
		pith_cj_putc(&sink, ',');
	}
	raw(&sink, "\"citing_paper\":");
	paper_link_value(&sink, c, &citing);
	pith_cj_putc(&sink, '}');

	/* the digest member goes here, once the rest is written */
	splice = sink.len;

	raw(&sink, ",\"observation_id\":");
	d = col(c, &ref, F_REF_OBSERVATION_ID, &n);
	uuid_value(&sink, d, n);

	/* resolution */
	raw(&sink, ",\"resolution\":{\"observed_at\":");
	if (link.present)
	{
		d = col(c, &link, F_LINK_OBSERVED_AT, &n);
		time_value(&sink, d, n, false);
		raw(&sink, ",\"resolver_source\":");
		d = col(c, &link, F_LINK_RESOLVER_SOURCE, &n);
		text_value(&sink, d, n);
		raw(&sink, ",\"status\":");
		d = col(c, &link, F_LINK_STATUS, &n);
		if (n)
			raw(&sink, "null");
		else
		{
			char	   *s = DatumGetCString(DirectFunctionCall1(enum_out, d));

			str(&sink, s, strlen(s));
		}
	}
	else
	{
		d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
		time_value(&sink, d, n, false);
		raw(&sink, ",\"resolver_source\":null,\"status\":\"unresolved\"");
	}

	/* standing_notice */
	if (!work.present)
		raw(&sink, "},\"standing_notice\":{\"events\":[],\"reason\":\"canonical_work_link_unavailable\","
			"\"source_receipts\":[],\"state\":\"unavailable\"}}");
	else if (!have_notice_at)
		raw(&sink, "},\"standing_notice\":{\"events\":[],\"reason\":\"standing_sources_not_queried\","
			"\"source_receipts\":[],\"state\":\"unavailable\"}}");
	else
	{
		char		when[ISO_UTC_MAX];
		char	   *sentence;

		raw(&sink, "},\"standing_notice\":{\"events\":");
		if (events == NULL || event_count == 0)
			raw(&sink, "[]");
		else
		{
			struct varlena *t = pith_canonical_text(&events->root, VARSIZE(events));

			pith_cj_put(&sink, VARDATA(t), VARSIZE(t) - VARHDRSZ);
		}
		iso_utc_text(notice_at, true, when);
		if (event_count == 0)
			sentence = psprintf("No event found in the named queried sources as of %s.", when);
		else
			sentence = psprintf(INT64_FORMAT " event(s) found in the named queried sources as of %s.",
								event_count, when);
		raw(&sink, ",\"observation\":");
		str(&sink, sentence, strlen(sentence));
		raw(&sink, ",\"reason\":null,\"source_receipts\":[");
		for (i = 0; i < nsrc; i++)
		{
			if (i > 0)
				pith_cj_putc(&sink, ',');
			raw(&sink, "{\"observed_at\":");
			time_value(&sink, time_v[i], time_n[i], true);
			raw(&sink, ",\"source\":");
			text_value(&sink, src_v[i], src_n[i]);
			pith_cj_putc(&sink, '}');
		}
		raw(&sink, "],\"state\":\"measured\"}}");
	}

	/* seal: digest the text as it is, then splice the member in */
	sha256_text(sink.buf + VARHDRSZ, sink.len - VARHDRSZ, digest);
	mlen = snprintf(member, sizeof(member), ",\"observation_digest\":\"%s\"", digest);
	/* not truncated: mlen bytes of member are copied below */
	Assert(mlen == strlen(",\"observation_digest\":\"\"") + PITH_DIGEST_TEXT_LEN &&
		   mlen < sizeof(member));
	result = (text *) palloc(sink.len + mlen);
	memcpy(result, sink.buf, splice);
	memcpy((char *) result + splice, member, mlen);
	memcpy((char *) result + splice + mlen, sink.buf + splice, sink.len - splice);
	SET_VARSIZE(result, sink.len + mlen);
	pfree(sink.buf);

	PG_RETURN_TEXT_P(result);
}

/*
 * pith_record_seal(as_of text, caps text, rest text) returns the canonical
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
	pg_cryptohash_ctx *ctx = pg_cryptohash_create(PG_SHA256);
	uint8		digest[PG_SHA256_DIGEST_LENGTH];
	char		digest_text[PITH_DIGEST_TEXT_LEN + 1];
	static const char open_caps[] = "{\"caps\":";
	static const char open_as_of[] = "{\"as_of\":";
	static const char close_caps[] = ",\"caps\":";
	static const char digest_key[] = ",\"context_digest\":\"";
	size_t		total;
	text	   *result;
	char	   *w;

	if (ctx == NULL || pg_cryptohash_init(ctx) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) open_caps, sizeof(open_caps) - 1) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) caps_p, caps_n) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) ",", 1) < 0 ||
		pg_cryptohash_update(ctx, (const uint8 *) rest_p, rest_n) < 0 ||
		pg_cryptohash_final(ctx, digest, sizeof(digest)) < 0)
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not compute SHA-256 digest: %s", pg_cryptohash_error(ctx))));
	pg_cryptohash_free(ctx);
	pith_cj_digest_text(digest, digest_text);

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
