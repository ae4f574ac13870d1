/*
 * ingest_rows.c -- pith.ingest_rows(records jsonb[], ords integer[], kind
 * text): the typed rows of one kind (papers, references, works, links, ...)
 * that the documents records[ord] (for each ord of ords) hold, in one pass
 * over each document's binary jsonb, for pith.ingest_records.  What each
 * column is read from is src/core/ingest_rows.c's table (keys named by the
 * record's key table, src/core/record_shape.c); a value goes through its
 * column type's input function exactly as jsonb_populate_record would put
 * it there (a string as itself, a number or boolean as its text, null as
 * NULL), so a value that does not fit raises the same error it would.
 *
 * The caller names the columns it wants with a column definition list:
 * "ord integer" (the document's position), "inbound boolean" (for rows of
 * an observation: whether it is an inbound one), and either columns of the
 * kind (documents: paper, as_of; unlinked: observation_id) or one column
 * of the row type of the kind's table (e.g. r pith.paper_references), whose
 * columns the kind does not fill are NULL.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/jsonb.h"
#include "utils/lsyscache.h"
#include "utils/memutils.h"
#include "utils/numeric.h"
#include "utils/timestamp.h"
#include "utils/typcache.h"

#include "core/ingest_rows.h"
#include "core/utc_timestamp.h"
#include "pith.h"

/*
 * pith.ingest_work_tables: how long pith.ingest_records()' temporary work
 * tables live.  "transaction" (the default): made by the first call of a
 * transaction, dropped at its commit.  "session": made once, emptied at
 * each commit, so a call in a later transaction plans nothing again; but
 * the idle session then holds tables that depend on pith's types and row
 * types, and DROP EXTENSION pith (or an upgrade that rewrites those
 * tables) fails until it ends.  The setting is read by the SQL function
 * (src/sql/55_ingest.sql); it is defined here so that its values are
 * checked.
 */
static int	pith_ingest_work_tables = 0;

static const struct config_enum_entry ingest_work_tables_options[] = {
	{"transaction", 0, false},
	{"session", 1, false},
	{NULL, 0, false}
};

/* Define pith.ingest_work_tables; called from _PG_init. */
void
pith_ingest_define_gucs(void)
{
	DefineCustomEnumVariable("pith.ingest_work_tables",
							 "How long the work tables of pith.ingest_records() live: transaction or session.",
							 "session: made once per session and emptied at each commit (a later transaction plans nothing again), "
							 "but DROP EXTENSION pith fails while such a session is open.",
							 &pith_ingest_work_tables,
							 0, ingest_work_tables_options,
							 PGC_USERSET, 0, NULL, NULL, NULL);
}

/* What an output column (or a column of the row column) is. */
typedef enum filler_what
{
	FILL_ORD,
	FILL_INBOUND,
	FILL_VALUE,
	FILL_ROW
} filler_what;

#define MAX_RULES 4

typedef struct filler
{
	filler_what what;
	FmgrInfo	input;			/* FILL_VALUE: the type's input function */
	Oid			ioparam;
	int32		typmod;
	bool		utc_timestamp;	/* timestamptz: the record's UTC form read directly */
	const pith_ingest_column *col[MAX_RULES];	/* FILL_VALUE: per rule, or NULL */
	TupleDesc	rowdesc;		/* FILL_ROW: the row type and its columns */
	struct filler *sub;
} filler;

/* The objects one row is read from (NULL: absent, null or not an object). */
typedef struct sources
{
	JsonbContainer *obj[PITH_SRC_COUNT];
	uint32		len[PITH_SRC_COUNT];	/* their sizes in bytes */
	bool		inbound;
	bool		observation;	/* inbound means something */
} sources;

static const char *
key_name(pith_shape_object_id o, int k)
{
	return pith_shape_key_at(o, k)->name;
}

/* The value of key in container c (NULL: no c, no key, or JSON null). */
static JsonbValue *
member(JsonbContainer *c, const char *key, JsonbValue *buf)
{
	JsonbValue *v;

	if (c == NULL)
		return NULL;
	v = getKeyJsonValueFromContainer(c, key, strlen(key), buf);
	if (v == NULL || v->type == jbvNull)
		return NULL;
	return v;
}

/* The object at key of c, or NULL; its size in bytes in *len when asked. */
static JsonbContainer *
member_object(JsonbContainer *c, const char *key, uint32 *len)
{
	JsonbValue	buf;
	JsonbValue *v = member(c, key, &buf);

	if (v == NULL || v->type != jbvBinary || !JsonContainerIsObject(v->val.binary.data))
		return NULL;
	if (len)
		*len = (uint32) v->val.binary.len;
	return v->val.binary.data;
}

/* Source src of s into s, from key of parent. */
static void
set_source(sources *s, int src, JsonbContainer *parent, const char *key)
{
	s->len[src] = 0;
	s->obj[src] = member_object(parent, key, &s->len[src]);
}

/*
 * The array at key of c for jsonb_array_elements(COALESCE(c -> key, '[]')):
 * NULL when c or the key is absent; an error, as there, when the value is
 * anything but an array (JSON null included).
 */
static JsonbContainer *
member_array(JsonbContainer *c, const char *key)
{
	JsonbValue	buf;
	JsonbValue *v;

	if (c == NULL)
		return NULL;
	v = getKeyJsonValueFromContainer(c, key, strlen(key), &buf);
	if (v == NULL)
		return NULL;
	if (v->type != jbvBinary || !JsonContainerIsArray(v->val.binary.data)
		|| JsonContainerIsScalar(v->val.binary.data))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("cannot extract elements from %s: it is not an array", key)));
	return v->val.binary.data;
}

/* The text ->> gives of a value (NULL for NULL), palloc'd. */
static char *
value_text(JsonbValue *v)
{
	if (v == NULL)
		return NULL;
	switch (v->type)
	{
		case jbvNull:
			return NULL;
		case jbvString:
			return pnstrdup(v->val.string.val, v->val.string.len);
		case jbvNumeric:
			return DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(v->val.numeric)));
		case jbvBool:
			return pstrdup(v->val.boolean ? "true" : "false");
		case jbvBinary:
			return JsonbToCString(NULL, v->val.binary.data, v->val.binary.len);
		default:
			elog(ERROR, "unexpected jsonb value type %d", (int) v->type);
	}
	return NULL;
}

/* key of c ->> compared with text: true, false, or unknown (NULL). */
static pith_tri
text_equals(JsonbContainer *c, const char *key, const char *text)
{
	JsonbValue	buf;
	char	   *t = value_text(member(c, key, &buf));

	if (t == NULL)
		return PITH_UNKNOWN;
	return strcmp(t, text) == 0 ? PITH_TRUE : PITH_FALSE;
}

/*
 * text::timestamptz: the record's own UTC form ("...T05:57:00Z") without
 * the general date parser, which gives the same value for it (the
 * timestamps are most of what a document's rows put through an input
 * function); any other form through timestamptz_in.
 */
static TimestampTz
timestamptz_from_text(const char *text)
{
	int64_t		usec;

	if (pith_utc_timestamp_parse(text, strlen(text), &usec))
		return (TimestampTz) usec;
	return DatumGetTimestampTz(DirectFunctionCall3(timestamptz_in, CStringGetDatum(text),
												   ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)));
}

/* (a ->> ka)::timestamptz = (b ->> kb)::timestamptz */
static pith_tri
times_equal(JsonbContainer *a, const char *ka, JsonbContainer *b, const char *kb)
{
	JsonbValue	bufa,
				bufb;
	char	   *ta = value_text(member(a, ka, &bufa));
	char	   *tb = value_text(member(b, kb, &bufb));

	if (ta == NULL || tb == NULL)
		return PITH_UNKNOWN;
	return timestamptz_cmp_internal(timestamptz_from_text(ta), timestamptz_from_text(tb)) == 0 ? PITH_TRUE : PITH_FALSE;
}

static bool
has_work_id(const sources *s)
{
	JsonbValue	buf;

	return member(s->obj[PITH_SRC_CITED_WORK], key_name(PITH_OBJ_CITED_WORK, PITH_CW_WORK_ID), &buf) != NULL;
}

/* Whether the observation in s yields a row of a rule with condition when. */
static bool
rule_applies(pith_ingest_when when, const sources *s)
{
	JsonbContainer *res = s->obj[PITH_SRC_RESOLUTION];
	JsonbValue	buf;
	bool		unlinked;

	switch (when)
	{
		case PITH_WHEN_ALWAYS:
			return true;
		case PITH_WHEN_CITED_PAPER:
			return s->obj[PITH_SRC_CITED_PAPER] != NULL;
		case PITH_WHEN_WORK:
			return has_work_id(s);
		case PITH_WHEN_LINK:
		case PITH_WHEN_UNLINKED:
			unlinked = pith_ingest_is_unlinked(has_work_id(s),
											   member(res, key_name(PITH_OBJ_RESOLUTION, PITH_RES_RESOLVER_SOURCE), &buf) != NULL,
											   text_equals(res, key_name(PITH_OBJ_RESOLUTION, PITH_RES_STATUS), "unresolved"),
											   times_equal(res, key_name(PITH_OBJ_RESOLUTION, PITH_RES_OBSERVED_AT),
														   s->obj[PITH_SRC_CITATION],
														   key_name(PITH_OBJ_CITATION, PITH_CIT_SOURCE_OBSERVED_AT)));
			return when == PITH_WHEN_UNLINKED ? unlinked : !unlinked;
	}
	return false;
}

/* The value of column c for the row read from s. */
static Datum
column_value(const filler *f, const pith_ingest_column *c, const sources *s, bool *isnull)
{
	JsonbValue	buf;
	char	   *text;

	*isnull = true;
	if (c == NULL)
		return (Datum) 0;
	if (c->raw_only)
	{
		JsonbContainer *w = s->obj[PITH_SRC_CITED_WORK];
		pith_tri	raw = text_equals(w, key_name(PITH_OBJ_CITED_WORK, PITH_CW_METADATA_SOURCE), "raw_reference");

		if (!pith_ingest_keeps_work_title(has_work_id(s), raw))
			return (Datum) 0;
	}
	text = value_text(member(s->obj[c->source], pith_ingest_column_key(c), &buf));
	if (text == NULL)
		return (Datum) 0;
	*isnull = false;
	if (f->utc_timestamp)
		return TimestampTzGetDatum(timestamptz_from_text(text));
	return InputFunctionCall((FmgrInfo *) &f->input, text, f->ioparam, f->typmod);
}

/* Set up a value filler for a column of type typid. */
static void
value_filler(filler *f, Oid typid, int32 typmod)
{
	Oid			func;

	f->what = FILL_VALUE;
	getTypeInputInfo(typid, &func, &f->ioparam);
	fmgr_info(func, &f->input);
	f->typmod = typmod;
	/* (a typmod would round the fraction: then the input function) */
	f->utc_timestamp = typid == TIMESTAMPTZOID && typmod < 0;
}

/* Whether type typid is the row type of pith.<table>. */
static bool
is_table_row_type(Oid typid, const char *table)
{
	Oid			relid = get_typ_typrelid(typid);
	char	   *nsp;

	if (table == NULL || !OidIsValid(relid))
		return false;
	nsp = get_namespace_name(get_rel_namespace(relid));
	return nsp != NULL && strcmp(nsp, "pith") == 0 && strcmp(get_rel_name(relid), table) == 0;
}

/* The fillers of the caller's columns (desc), checked against the kind. */
static filler *
make_fillers(TupleDesc desc, const pith_ingest_kind *kind)
{
	filler	   *fs = palloc0(sizeof(filler) * desc->natts);

	for (int i = 0; i < desc->natts; i++)
	{
		Form_pg_attribute a = TupleDescAttr(desc, i);
		const char *name = NameStr(a->attname);
		filler	   *f = &fs[i];
		bool		found = false;

		if (strcmp(name, "ord") == 0 && a->atttypid == INT4OID)
		{
			f->what = FILL_ORD;
			continue;
		}
		if (strcmp(name, "inbound") == 0 && a->atttypid == BOOLOID)
		{
			f->what = FILL_INBOUND;
			continue;
		}
		if (is_table_row_type(a->atttypid, kind->table))
		{
			f->what = FILL_ROW;
			f->rowdesc = lookup_rowtype_tupdesc_copy(a->atttypid, a->atttypmod);
			f->sub = palloc0(sizeof(filler) * f->rowdesc->natts);
			for (int j = 0; j < f->rowdesc->natts; j++)
			{
				Form_pg_attribute b = TupleDescAttr(f->rowdesc, j);

				if (b->attisdropped)
					continue;
				value_filler(&f->sub[j], b->atttypid, b->atttypmod);
				for (int r = 0; r < kind->nrules; r++)
					f->sub[j].col[r] = pith_ingest_rule_column(&kind->rules[r], NameStr(b->attname));
			}
			continue;
		}
		value_filler(f, a->atttypid, a->atttypmod);
		for (int r = 0; r < kind->nrules; r++)
		{
			f->col[r] = pith_ingest_rule_column(&kind->rules[r], name);
			found |= f->col[r] != NULL;
		}
		if (!found)
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("pith.ingest_rows: rows of kind %s have no column %s of type %s", kind->name, name,
							format_type_be(a->atttypid)),
					 errhint("Ask for ord integer, inbound boolean, %s.", kind->table
							 ? psprintf("and one column of type pith.%s", kind->table)
							 : "and columns of the kind")));
	}
	return fs;
}

/* Rows of a distinct_by rule already given for the document: the objects. */
#define MAX_SEEN 64
typedef struct seen_objects
{
	int			n;
	const JsonbContainer *obj[MAX_SEEN];
	uint32		len[MAX_SEEN];
} seen_objects;

typedef struct emitter
{
	ReturnSetInfo *rsinfo;
	filler	   *fs;
	MemoryContext rowcxt;
	Datum	   *values;
	bool	   *nulls;
	seen_objects seen[MAX_RULES];
} emitter;

/*
 * Whether rule r's row from s repeats one given for this document (its
 * distinct_by object byte for byte the same); else remember it.  Past
 * MAX_SEEN objects every row is given (a repeat is harmless, only slower).
 */
static bool
seen_before(emitter *e, const pith_ingest_rule *rule, int r, const sources *s)
{
	seen_objects *sn = &e->seen[r];
	const JsonbContainer *o;
	uint32		len;

	if (rule->distinct_by < 0)
		return false;
	o = s->obj[rule->distinct_by];
	len = s->len[rule->distinct_by];
	if (o == NULL)
		return false;
	for (int i = 0; i < sn->n; i++)
		if (sn->len[i] == len && memcmp(sn->obj[i], o, len) == 0)
			return true;
	if (sn->n < MAX_SEEN)
	{
		sn->obj[sn->n] = o;
		sn->len[sn->n] = len;
		sn->n++;
	}
	return false;
}

/* One row of rule r (index ri) from s, for document ord. */
static void
emit(emitter *e, int ri, const sources *s, int ord)
{
	TupleDesc	desc = e->rsinfo->setDesc;
	MemoryContext old = MemoryContextSwitchTo(e->rowcxt);

	for (int i = 0; i < desc->natts; i++)
	{
		filler	   *f = &e->fs[i];

		e->nulls[i] = false;
		switch (f->what)
		{
			case FILL_ORD:
				e->values[i] = Int32GetDatum(ord);
				break;
			case FILL_INBOUND:
				e->values[i] = BoolGetDatum(s->inbound);
				e->nulls[i] = !s->observation;
				break;
			case FILL_VALUE:
				e->values[i] = column_value(f, f->col[ri], s, &e->nulls[i]);
				break;
			case FILL_ROW:
				{
					int			n = f->rowdesc->natts;
					Datum	   *v = palloc(sizeof(Datum) * n);
					bool	   *nl = palloc(sizeof(bool) * n);

					for (int j = 0; j < n; j++)
					{
						if (TupleDescAttr(f->rowdesc, j)->attisdropped)
						{
							nl[j] = true;
							v[j] = (Datum) 0;
						}
						else
							v[j] = column_value(&f->sub[j], f->sub[j].col[ri], s, &nl[j]);
					}
					e->values[i] = heap_copy_tuple_as_datum(heap_form_tuple(f->rowdesc, v, nl), f->rowdesc);
					break;
				}
		}
	}
	tuplestore_putvalues(e->rsinfo->setResult, desc, e->values, e->nulls);
	MemoryContextSwitchTo(old);
	MemoryContextReset(e->rowcxt);
}

/* The rows of kind from one observation (of the document in s). */
static void
observation_rows(emitter *e, const pith_ingest_kind *kind, sources *s, JsonbContainer *obs, bool inbound, int ord)
{
	JsonbContainer *cit;

	s->observation = true;
	s->inbound = inbound;
	s->obj[PITH_SRC_OBSERVATION] = obs;
	set_source(s, PITH_SRC_CITATION, obs, key_name(PITH_OBJ_OBSERVATION, PITH_OK_CITATION));
	cit = s->obj[PITH_SRC_CITATION];
	set_source(s, PITH_SRC_CITING_PAPER, cit, key_name(PITH_OBJ_CITATION, PITH_CIT_CITING_PAPER));
	set_source(s, PITH_SRC_CITED_PAPER, cit, key_name(PITH_OBJ_CITATION, PITH_CIT_CITED_PAPER));
	set_source(s, PITH_SRC_CITED_WORK, cit, key_name(PITH_OBJ_CITATION, PITH_CIT_CITED_WORK));
	set_source(s, PITH_SRC_RESOLUTION, obs, key_name(PITH_OBJ_OBSERVATION, PITH_OK_RESOLUTION));

	for (int r = 0; r < kind->nrules; r++)
	{
		const pith_ingest_rule *rule = &kind->rules[r];
		JsonbContainer *notice,
				   *items;
		int			src;

		if (rule->level == PITH_LEVEL_DOCUMENT || rule->level == PITH_LEVEL_MEASUREMENT)
			continue;
		if (!rule_applies(rule->when, s))
			continue;
		if (rule->level == PITH_LEVEL_OBSERVATION)
		{
			if (!seen_before(e, rule, r, s))
				emit(e, r, s, ord);
			continue;
		}
		/* receipts or events of the observation's standing notice */
		notice = member_object(obs, key_name(PITH_OBJ_OBSERVATION, PITH_OK_STANDING_NOTICE), NULL);
		if (rule->level == PITH_LEVEL_RECEIPT)
		{
			items = member_array(notice, key_name(PITH_OBJ_STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS));
			src = PITH_SRC_RECEIPT;
		}
		else
		{
			items = member_array(notice, key_name(PITH_OBJ_STANDING_NOTICE, PITH_SN_EVENTS));
			src = PITH_SRC_EVENT;
		}
		if (items == NULL)
			continue;
		for (uint32 i = 0; i < JsonContainerSize(items); i++)
		{
			JsonbValue *item = getIthJsonbValueFromContainer(items, i);

			s->obj[src] = item->type == jbvBinary && JsonContainerIsObject(item->val.binary.data)
				? item->val.binary.data : NULL;
			emit(e, r, s, ord);
		}
		s->obj[src] = NULL;
	}
}

/* The observations of array key of the document (outbound or inbound). */
static void
observations(emitter *e, const pith_ingest_kind *kind, sources *s, JsonbContainer *doc, int key, bool inbound, int ord)
{
	JsonbContainer *arr = member_array(doc, key_name(PITH_OBJ_RECORD, key));

	if (arr == NULL)
		return;
	for (uint32 i = 0; i < JsonContainerSize(arr); i++)
	{
		JsonbValue *v = getIthJsonbValueFromContainer(arr, i);

		observation_rows(e, kind, s,
						 v->type == jbvBinary && JsonContainerIsObject(v->val.binary.data) ? v->val.binary.data : NULL,
						 inbound, ord);
	}
}

/* Every row of kind from one document. */
static void
document_rows(emitter *e, const pith_ingest_kind *kind, Jsonb *doc, int ord)
{
	sources		s;
	bool		per_observation = false;

	memset(&s, 0, sizeof(s));
	if (!JB_ROOT_IS_OBJECT(doc))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("pith.ingest_rows: document %d is not an object", ord)));
	s.obj[PITH_SRC_RECORD] = &doc->root;
	set_source(&s, PITH_SRC_PAPER, &doc->root, key_name(PITH_OBJ_RECORD, PITH_RK_PAPER));
	for (int r = 0; r < MAX_RULES; r++)
		e->seen[r].n = 0;

	for (int r = 0; r < kind->nrules; r++)
	{
		const pith_ingest_rule *rule = &kind->rules[r];

		if (rule->level == PITH_LEVEL_DOCUMENT)
			emit(e, r, &s, ord);
		else if (rule->level == PITH_LEVEL_MEASUREMENT)
		{
			JsonbContainer *arr = member_array(&doc->root, key_name(PITH_OBJ_RECORD, PITH_RK_EXTERNAL_CITATION_MEASUREMENTS));

			for (uint32 i = 0; arr != NULL && i < JsonContainerSize(arr); i++)
			{
				JsonbValue *v = getIthJsonbValueFromContainer(arr, i);

				s.obj[PITH_SRC_MEASUREMENT] = v->type == jbvBinary && JsonContainerIsObject(v->val.binary.data)
					? v->val.binary.data : NULL;
				emit(e, r, &s, ord);
			}
			s.obj[PITH_SRC_MEASUREMENT] = NULL;
		}
		else
			per_observation = true;
	}
	if (per_observation)
	{
		observations(e, kind, &s, &doc->root, PITH_RK_OUTBOUND, false, ord);
		observations(e, kind, &s, &doc->root, PITH_RK_INBOUND, true, ord);
	}
}

PG_FUNCTION_INFO_V1(pith_ingest_rows);
Datum
pith_ingest_rows(PG_FUNCTION_ARGS)
{
	AnyArrayType *records = PG_GETARG_ANY_ARRAY_P(0);
	ArrayType  *ords = PG_GETARG_ARRAYTYPE_P(1);
	char	   *kind_name = text_to_cstring(PG_GETARG_TEXT_PP(2));
	const pith_ingest_kind *kind = pith_ingest_kind_by_name(kind_name);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Datum	   *docs;
	bool	   *doc_nulls;
	int			ndocs;
	Datum	   *ord_values;
	bool	   *ord_nulls;
	int			nords;
	emitter		e;

	if (kind == NULL)
	{
		StringInfoData names;

		initStringInfo(&names);
		for (int i = 0; i < pith_ingest_nkinds; i++)
			appendStringInfo(&names, "%s%s", i ? ", " : "", pith_ingest_kinds[i].name);
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("pith.ingest_rows: unknown kind of row \"%s\"", kind_name),
				 errhint("The kinds: %s.", names.data)));
	}
	if (AARR_ELEMTYPE(records) != JSONBOID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("pith.ingest_rows: records must be a jsonb array")));
	if (VARATT_IS_EXPANDED_HEADER(records))
	{
		deconstruct_expanded_array(&records->xpn);
		docs = records->xpn.dvalues;
		doc_nulls = records->xpn.dnulls;
		ndocs = records->xpn.nelems;
	}
	else
		deconstruct_array(&records->flt, JSONBOID, -1, false, TYPALIGN_INT, &docs, &doc_nulls, &ndocs);
	deconstruct_array(ords, INT4OID, 4, true, TYPALIGN_INT, &ord_values, &ord_nulls, &nords);

	if (rsinfo == NULL || !IsA(rsinfo, ReturnSetInfo) || rsinfo->expectedDesc == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("pith.ingest_rows must be called in FROM with a column definition list")));
	/* (a copy: the executor frees the descriptor a function hands back) */
	InitMaterializedSRF(fcinfo, MAT_SRF_USE_EXPECTED_DESC);
	e.rsinfo = rsinfo;
	e.fs = make_fillers(rsinfo->setDesc, kind);
	e.rowcxt = AllocSetContextCreate(CurrentMemoryContext, "pith.ingest_rows row", ALLOCSET_DEFAULT_SIZES);
	e.values = palloc(sizeof(Datum) * rsinfo->setDesc->natts);
	e.nulls = palloc(sizeof(bool) * rsinfo->setDesc->natts);

	for (int i = 0; i < nords; i++)
	{
		int			ord;

		CHECK_FOR_INTERRUPTS();
		if (ord_nulls != NULL && ord_nulls[i])
			continue;
		ord = DatumGetInt32(ord_values[i]);
		if (ord < 1 || ord > ndocs)
			ereport(ERROR,
					(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
					 errmsg("pith.ingest_rows: no document %d (records has %d)", ord, ndocs)));
		if (doc_nulls != NULL && doc_nulls[ord - 1])
			ereport(ERROR,
					(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
					 errmsg("pith.ingest_rows: document %d is null", ord)));
		document_rows(&e, kind, DatumGetJsonbP(docs[ord - 1]), ord);
	}
	MemoryContextDelete(e.rowcxt);
	return (Datum) 0;
}
