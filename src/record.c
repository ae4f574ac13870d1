/*
 * record.c -- the C parts of the citation record (SPEC section 2): the
 * timestamp text of a record, and the builder of one observation object from
 * its joined rows, sealed with its observation_digest.
 *
 * The builder is the single place where an observation's shape is decided:
 * pith.observation_rows() calls it for the outbound and inbound lists of
 * pith.citation_record() and for the views, so every reader sees the same
 * bytes.  It pushes the object once into a jsonb (no nested jsonb values
 * rebuilt), then digests it in place with the canonical-JSON walker of
 * canonical_json.c.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

#include "pith.h"

/* Longest text: "9999-12-31T23:59:59.999999+00:00" plus the NUL. */
#define ISO_UTC_MAX 40

/* Placeholder of the digest's length, replaced in place once it is known. */
#define DIGEST_PLACEHOLDER \
	"sha256:0000000000000000000000000000000000000000000000000000000000000000"

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

	n = snprintf(buf, ISO_UTC_MAX, "%04d-%02d-%02dT%02d:%02d:%02d",
				 tm.tm_year, tm.tm_mon, tm.tm_mday,
				 tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (fsec != 0)
		n += snprintf(buf + n, ISO_UTC_MAX - n, ".%06d", (int) fsec);
	n += snprintf(buf + n, ISO_UTC_MAX - n, "%s", offset_form ? "+00:00" : "Z");
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

/* Push an object key. */
static void
put_key(JsonbParseState **st, const char *key)
{
	JsonbValue	v;

	v.type = jbvString;
	v.val.string.val = (char *) key;
	v.val.string.len = strlen(key);
	pushJsonbValue(st, WJB_KEY, &v);
}

/* Push a string value of len bytes. */
static void
put_string(JsonbParseState **st, const char *s, int len)
{
	JsonbValue	v;

	v.type = jbvString;
	v.val.string.val = (char *) s;
	v.val.string.len = len;
	pushJsonbValue(st, WJB_VALUE, &v);
}

/* Push a null value. */
static void
put_null(JsonbParseState **st)
{
	JsonbValue	v;

	v.type = jbvNull;
	pushJsonbValue(st, WJB_VALUE, &v);
}

/* Push key: a C string value. */
static void
kv_cstring(JsonbParseState **st, const char *key, const char *s)
{
	put_key(st, key);
	put_string(st, s, strlen(s));
}

/* Push key: null. */
static void
kv_null(JsonbParseState **st, const char *key)
{
	put_key(st, key);
	put_null(st);
}

/* Push key: a text datum, or null. */
static void
kv_text(JsonbParseState **st, const char *key, Datum d, bool isnull)
{
	put_key(st, key);
	if (isnull)
		put_null(st);
	else
	{
		text	   *t = DatumGetTextPP(d);

		put_string(st, VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t));
	}
}

/* Push key: an integer, or null. */
static void
kv_int(JsonbParseState **st, const char *key, int64 i, bool isnull)
{
	JsonbValue	v;

	put_key(st, key);
	if (isnull)
	{
		put_null(st);
		return;
	}
	v.type = jbvNumeric;
	v.val.numeric = int64_to_numeric(i);
	pushJsonbValue(st, WJB_VALUE, &v);
}

/* Push key: a timestamp as record text, or null. */
static void
kv_time(JsonbParseState **st, const char *key, Datum d, bool isnull, bool offset_form)
{
	char	   *buf;
	int			n;

	put_key(st, key);
	if (isnull)
	{
		put_null(st);
		return;
	}
	buf = palloc(ISO_UTC_MAX);
	n = iso_utc_text(DatumGetTimestampTz(d), offset_form, buf);
	put_string(st, buf, n);
}

/* Push key: a value through an output function (identifier types), or null. */
static void
kv_out(JsonbParseState **st, const char *key, FmgrInfo *out, Datum d, bool isnull)
{
	put_key(st, key);
	if (isnull)
		put_null(st);
	else
	{
		char	   *s = OutputFunctionCall(out, d);

		put_string(st, s, strlen(s));
	}
}

/* Push key: a uuid as text, or null. */
static void
kv_uuid(JsonbParseState **st, const char *key, Datum d, bool isnull)
{
	put_key(st, key);
	if (isnull)
		put_null(st);
	else
	{
		char	   *s = DatumGetCString(DirectFunctionCall1(uuid_out, d));

		put_string(st, s, strlen(s));
	}
}

/* Push key: a jsonb array (or [] when NULL). */
static void
kv_jsonb_array(JsonbParseState **st, const char *key, Jsonb *jb)
{
	JsonbValue	v;

	put_key(st, key);
	if (jb == NULL)
	{
		pushJsonbValue(st, WJB_BEGIN_ARRAY, NULL);
		pushJsonbValue(st, WJB_END_ARRAY, NULL);
		return;
	}
	if (!JB_ROOT_IS_ARRAY(jb) || JB_ROOT_IS_SCALAR(jb))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("receipts and events must be JSON arrays")));
	v.type = jbvBinary;
	v.val.binary.data = &jb->root;
	v.val.binary.len = VARSIZE(jb) - VARHDRSZ;
	pushJsonbValue(st, WJB_VALUE, &v);
}

/* Push the citing or cited paper object. */
static void
push_paper(JsonbParseState **st, BuilderCache *c, RowValues *p, Datum version, bool version_null)
{
	bool		n;
	Datum		d;

	pushJsonbValue(st, WJB_BEGIN_OBJECT, NULL);
	d = col(c, p, F_PAPER_ARXIV_ID, &n);
	kv_out(st, "arxiv_id", &c->arxiv_out, d, n);
	d = col(c, p, F_PAPER_LAST_UPDATED, &n);
	kv_time(st, "last_updated", d, n, false);
	d = col(c, p, F_PAPER_SNAPSHOT_OBSERVED_AT, &n);
	kv_time(st, "snapshot_observed_at", d, n, false);
	d = col(c, p, F_PAPER_SUBMITTED_AT, &n);
	kv_time(st, "submitted_at", d, n, false);
	d = col(c, p, F_PAPER_TITLE, &n);
	kv_text(st, "title", d, n);
	kv_int(st, "version", DatumGetInt32(version), version_null);
	pushJsonbValue(st, WJB_END_OBJECT, NULL);
}

/* "/paper/" + the arxiv_id column of a paper row. */
static char *
paper_link(BuilderCache *c, RowValues *p)
{
	bool		n;
	Datum		d = col(c, p, F_PAPER_ARXIV_ID, &n);

	return psprintf("/paper/%s", OutputFunctionCall(&c->arxiv_out, d));
}

/*
 * pith_build_observation(ref, citing, cited, link, work, receipts jsonb,
 * notice_at timestamptz, events jsonb, event_count bigint) returns the
 * sealed observation object (SPEC section 2, "Observation object").
 */
PG_FUNCTION_INFO_V1(pith_build_observation);
Datum
pith_build_observation(PG_FUNCTION_ARGS)
{
	BuilderCache *c = builder_cache(fcinfo);
	RowValues	ref,
				citing,
				cited,
				link,
				work;
	Jsonb	   *receipts = PG_ARGISNULL(5) ? NULL : PG_GETARG_JSONB_P(5);
	bool		have_notice_at = !PG_ARGISNULL(6);
	TimestampTz notice_at = have_notice_at ? PG_GETARG_TIMESTAMPTZ(6) : 0;
	Jsonb	   *events = PG_ARGISNULL(7) ? NULL : PG_GETARG_JSONB_P(7);
	int64		event_count = PG_ARGISNULL(8) ? 0 : PG_GETARG_INT64(8);
	JsonbParseState *st = NULL;
	JsonbValue *res;
	Jsonb	   *out;
	JsonbValue *slot;
	char		digest[PITH_DIGEST_TEXT_LEN + 1];
	const char *skip[] = {"observation_digest"};
	bool		n;
	Datum		d;

	deform_row(fcinfo, c, ROW_REF, F_REF_OBSERVATION_ID, &ref);
	deform_row(fcinfo, c, ROW_CITING, F_PAPER_ARXIV_ID, &citing);
	deform_row(fcinfo, c, ROW_CITED, F_PAPER_ARXIV_ID, &cited);
	deform_row(fcinfo, c, ROW_LINK, F_LINK_OBSERVATION_ID, &link);
	deform_row(fcinfo, c, ROW_WORK, F_WORK_WORK_ID, &work);
	if (!ref.present || !citing.present)
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("an observation needs its reference and its citing paper")));

	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);

	/* citation */
	put_key(&st, "citation");
	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);
	put_key(&st, "cited_paper");
	if (cited.present)
	{
		d = col(c, &cited, F_PAPER_LATEST_VERSION, &n);
		push_paper(&st, c, &cited, d, n);
	}
	else
		put_null(&st);

	put_key(&st, "cited_work");
	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);
	if (work.present)
	{
		d = col(c, &work, F_WORK_ARXIV_ID, &n);
		kv_out(&st, "arxiv_id", &c->arxiv_out, d, n);
		d = col(c, &work, F_WORK_DOI, &n);
		kv_out(&st, "doi", &c->doi_out, d, n);
		d = col(c, &work, F_WORK_METADATA_SOURCE, &n);
		kv_text(&st, "metadata_source", d, n);
		d = col(c, &ref, F_REF_PITH_ARXIV_ID, &n);
		kv_out(&st, "pith_arxiv_id", &c->arxiv_out, d, n);
		d = col(c, &work, F_WORK_SNAPSHOT_OBSERVED_AT, &n);
		kv_time(&st, "snapshot_observed_at", d, n, false);
		d = col(c, &work, F_WORK_TITLE, &n);
		kv_text(&st, "title", d, n);
		d = col(c, &work, F_WORK_VENUE, &n);
		kv_text(&st, "venue", d, n);
		d = col(c, &work, F_WORK_WORK_ID, &n);
		kv_uuid(&st, "work_id", d, n);
		d = col(c, &work, F_WORK_YEAR, &n);
		kv_int(&st, "year", n ? 0 : DatumGetInt32(d), n);
	}
	else
	{
		kv_null(&st, "arxiv_id");
		kv_null(&st, "doi");
		kv_null(&st, "metadata_source");
		d = col(c, &ref, F_REF_PITH_ARXIV_ID, &n);
		kv_out(&st, "pith_arxiv_id", &c->arxiv_out, d, n);
		d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
		kv_time(&st, "snapshot_observed_at", d, n, false);
		d = col(c, &ref, F_REF_TITLE, &n);
		kv_text(&st, "title", d, n);
		kv_null(&st, "venue");
		kv_null(&st, "work_id");
		d = col(c, &ref, F_REF_YEAR, &n);
		kv_int(&st, "year", n ? 0 : DatumGetInt32(d), n);
	}
	pushJsonbValue(&st, WJB_END_OBJECT, NULL);

	put_key(&st, "citing_paper");
	d = col(c, &ref, F_REF_CITING_VERSION, &n);
	push_paper(&st, c, &citing, d, n);
	d = col(c, &ref, F_REF_REFERENCE_INDEX, &n);
	kv_int(&st, "reference_index", n ? 0 : DatumGetInt32(d), n);
	d = col(c, &ref, F_REF_SOURCE, &n);
	kv_text(&st, "source", d, n);
	d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
	kv_time(&st, "source_observed_at", d, n, false);
	pushJsonbValue(&st, WJB_END_OBJECT, NULL);

	/* links */
	put_key(&st, "links");
	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);
	if (cited.present)
		kv_cstring(&st, "cited_paper", paper_link(c, &cited));
	kv_cstring(&st, "citing_paper", paper_link(c, &citing));
	pushJsonbValue(&st, WJB_END_OBJECT, NULL);

	/* digest placeholder, replaced below */
	kv_cstring(&st, "observation_digest", DIGEST_PLACEHOLDER);

	d = col(c, &ref, F_REF_OBSERVATION_ID, &n);
	kv_uuid(&st, "observation_id", d, n);

	/* resolution */
	put_key(&st, "resolution");
	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);
	if (link.present)
	{
		d = col(c, &link, F_LINK_OBSERVED_AT, &n);
		kv_time(&st, "observed_at", d, n, false);
		d = col(c, &link, F_LINK_RESOLVER_SOURCE, &n);
		kv_text(&st, "resolver_source", d, n);
		d = col(c, &link, F_LINK_STATUS, &n);
		if (n)
			kv_null(&st, "status");
		else
			kv_cstring(&st, "status", DatumGetCString(DirectFunctionCall1(enum_out, d)));
	}
	else
	{
		d = col(c, &ref, F_REF_SOURCE_OBSERVED_AT, &n);
		kv_time(&st, "observed_at", d, n, false);
		kv_null(&st, "resolver_source");
		kv_cstring(&st, "status", "unresolved");
	}
	pushJsonbValue(&st, WJB_END_OBJECT, NULL);

	/* standing_notice */
	put_key(&st, "standing_notice");
	pushJsonbValue(&st, WJB_BEGIN_OBJECT, NULL);
	if (!work.present || !have_notice_at)
	{
		kv_jsonb_array(&st, "events", NULL);
		kv_cstring(&st, "reason", work.present ? "standing_sources_not_queried"
				   : "canonical_work_link_unavailable");
		kv_jsonb_array(&st, "source_receipts", NULL);
		kv_cstring(&st, "state", "unavailable");
	}
	else
	{
		char		when[ISO_UTC_MAX];

		iso_utc_text(notice_at, true, when);
		kv_jsonb_array(&st, "events", events);
		if (event_count == 0)
			kv_cstring(&st, "observation",
					   psprintf("No event found in the named queried sources as of %s.", when));
		else
			kv_cstring(&st, "observation",
					   psprintf(INT64_FORMAT " event(s) found in the named queried sources as of %s.",
								event_count, when));
		kv_null(&st, "reason");
		kv_jsonb_array(&st, "source_receipts", receipts);
		kv_cstring(&st, "state", "measured");
	}
	pushJsonbValue(&st, WJB_END_OBJECT, NULL);

	res = pushJsonbValue(&st, WJB_END_OBJECT, NULL);
	out = JsonbValueToJsonb(res);

	/* seal: digest everything but the placeholder, then write it in place */
	pith_canonical_digest(&out->root, skip, 1, digest);
	slot = getKeyJsonValueFromContainer(&out->root, "observation_digest",
										strlen("observation_digest"), NULL);
	if (slot == NULL || slot->type != jbvString || slot->val.string.len != PITH_DIGEST_TEXT_LEN)
		elog(ERROR, "observation digest placeholder not found");
	memcpy(slot->val.string.val, digest, PITH_DIGEST_TEXT_LEN);

	PG_RETURN_JSONB_P(out);
}
