/*
 * canonical_json.c -- SQL functions for pith's canonical JSON text and its
 * sha256 digests (docs/record-v1.md, "Canonical text and digests"): canonical_json, json_digest,
 * observation_digest, context_digest and verify_record.
 *
 * The walk reads a jsonb value in place, through the JEntry layout that
 * utils/jsonb.h documents (the on-disk format, stable across releases), so no
 * JsonbValue tree and no second copy of the document is built.  jsonb keeps
 * object keys sorted by length, then bytes; each object's keys are re-sorted
 * by code point here.  Output bytes go to a sink (src/core/canonical_json.h):
 * either a growing text buffer, or a buffer that is fed to pith's SHA-256
 * helper (src/sha256.c) whenever it fills, so a digest never needs the text at all.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/tuplestore.h"
#include "utils/numeric.h"

#include "core/canonical_json.h"
#include "pith.h"

/*
 * Size of the buffer between the serializer and SHA-256.  It lives on the C
 * stack: a fresh heap block per digest (64 kB in an earlier version) cost
 * more than the hashing of a small observation (malloc trims and refaults
 * it).
 */
#define HASH_SINK_SIZE 16384

/* Objects with at most this many keys sort them on the C stack. */
#define SMALL_OBJECT 8

/* Top-level keys left out of a digest. */
typedef struct SkipKeys
{
	const char *const *names;
	int			count;
} SkipKeys;

StaticAssertDecl(PITH_DIGEST_TEXT_LEN == PITH_CJ_DIGEST_TEXT_LEN,
				 "digest text length of pith.h and the core agree");

/* One serialization: where the bytes go, and where the jsonb's data ends. */
typedef struct Walk
{
	pith_cj_sink *sink;
	const char *data_end;		/* strings may be read in words up to here */
} Walk;

static void emit_container(Walk *w, JsonbContainer *jc, const SkipKeys *skip);

/* Refuse a database whose text is not UTF-8: canonical text is UTF-8. */
static void
require_utf8_database(void)
{
	if (GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("pith canonical JSON requires a UTF-8 database"),
				 errdetail("The database encoding is %s.", GetDatabaseEncodingName())));
}

/* Write a string of len bytes at s, which lies inside the jsonb's data. */
static inline void
emit_string(Walk *w, const char *s, uint32 len)
{
	/* the core may read whole words up to data_end: it must cover the string */
	Assert(s <= w->data_end && len <= (size_t) (w->data_end - s));
	pith_cj_put_string_r(w->sink, s, len, (size_t) (w->data_end - s));
}

/* Write the child at entry e, whose data is len bytes at base + off. */
static void
emit_child(Walk *w, JEntry e, char *base, uint32 off, uint32 len)
{
	pith_cj_sink *sink = w->sink;

	if (JBE_ISSTRING(e))
		emit_string(w, base + off, len);
	else if (JBE_ISNUMERIC(e))
	{
		Numeric		num = (Numeric) (base + INTALIGN(off));
		char	   *s = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(num)));

		pith_cj_put(sink, s, strlen(s));
		pfree(s);
	}
	else if (JBE_ISBOOL_TRUE(e))
		pith_cj_put(sink, "true", 4);
	else if (JBE_ISBOOL_FALSE(e))
		pith_cj_put(sink, "false", 5);
	else if (JBE_ISNULL(e))
		pith_cj_put(sink, "null", 4);
	else if (JBE_ISCONTAINER(e))
		emit_container(w, (JsonbContainer *) (base + INTALIGN(off)), NULL);
	else
		elog(ERROR, "unrecognized jsonb entry type 0x%08x", (unsigned) e);
}

/* Whether the key of len bytes at s is one of the skipped names. */
static bool
is_skipped(const SkipKeys *skip, const char *s, size_t len)
{
	int			i;

	for (i = 0; i < skip->count; i++)
	{
		size_t		n = strlen(skip->names[i]);

		if (n == len && memcmp(skip->names[i], s, n) == 0)
			return true;
	}
	return false;
}

/* Write an object with its keys in code point order, minus skipped keys. */
static void
emit_object(Walk *w, JsonbContainer *jc, const SkipKeys *skip)
{
	pith_cj_sink *sink = w->sink;
	uint32		n = JsonContainerSize(jc);
	char	   *base = (char *) &jc->children[n * 2];
	pith_cj_key small_keys[SMALL_OBJECT];
	uint32		small_starts[SMALL_OBJECT + 1];
	pith_cj_key *keys = small_keys;
	uint32	   *vstart = small_starts;
	uint32		off = 0;
	uint32		i;
	bool		first = true;

	if (n > SMALL_OBJECT)
	{
		if ((Size) n > (MaxAllocSize / sizeof(pith_cj_key)) - 1)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("jsonb object has too many keys to serialize"),
					 errdetail("The object has %u keys.", n)));
		keys = palloc(sizeof(pith_cj_key) * n);
		vstart = palloc(sizeof(uint32) * (n + 1));
	}

	/* one pass over the JEntries: key strings, then where each value starts */
	for (i = 0; i < n; i++)
	{
		uint32		end = off;

		JBE_ADVANCE_OFFSET(end, jc->children[i]);
		keys[i].str = base + off;
		keys[i].len = end - off;
		keys[i].handle = i;
		off = end;
	}
	for (i = 0; i < n; i++)
	{
		vstart[i] = off;
		JBE_ADVANCE_OFFSET(off, jc->children[n + i]);
	}
	vstart[n] = off;

	pith_cj_sort_keys(keys, n);

	pith_cj_putc(sink, '{');
	for (i = 0; i < n; i++)
	{
		size_t		v = keys[i].handle;

		if (skip != NULL && is_skipped(skip, keys[i].str, keys[i].len))
			continue;
		if (!first)
			pith_cj_putc(sink, ',');
		first = false;
		emit_string(w, keys[i].str, (uint32) keys[i].len);
		pith_cj_putc(sink, ':');
		emit_child(w, jc->children[n + v], base, vstart[v], vstart[v + 1] - vstart[v]);
		if ((i & 0xfff) == 0xfff)
			CHECK_FOR_INTERRUPTS();
	}
	pith_cj_putc(sink, '}');

	if (keys != small_keys)
	{
		pfree(keys);
		pfree(vstart);
	}
}

/* Write an array, an object, or the single value of a scalar root. */
static void
emit_container(Walk *w, JsonbContainer *jc, const SkipKeys *skip)
{
	pith_cj_sink *sink = w->sink;
	uint32		n = JsonContainerSize(jc);

	check_stack_depth();
	CHECK_FOR_INTERRUPTS();

	if (JsonContainerIsObject(jc))
		emit_object(w, jc, skip);
	else if (JsonContainerIsArray(jc))
	{
		char	   *base = (char *) &jc->children[n];
		bool		scalar = JsonContainerIsScalar(jc);
		uint32		off = 0;
		uint32		i;

		if (!scalar)
			pith_cj_putc(sink, '[');
		for (i = 0; i < n; i++)
		{
			uint32		end = off;

			JBE_ADVANCE_OFFSET(end, jc->children[i]);
			if (i > 0)
				pith_cj_putc(sink, ',');
			emit_child(w, jc->children[i], base, off, end - off);
			off = end;
			if ((i & 0xfff) == 0xfff)
				CHECK_FOR_INTERRUPTS();
		}
		if (!scalar)
			pith_cj_putc(sink, ']');
	}
	else
		elog(ERROR, "unrecognized jsonb container header 0x%08x", (unsigned) jc->header);
}

/* Text sink: grow the buffer, keeping the result within the text size limit. */
static void
text_sink_grow(pith_cj_sink *sink, size_t need)
{
	size_t		limit = MaxAllocSize;
	size_t		newcap;

	if (need > limit - sink->len)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("canonical JSON text is too long"),
				 errdetail("The canonical text would exceed the maximum text size of %zu bytes.",
						   limit - VARHDRSZ)));
	newcap = sink->cap * 2;
	if (newcap < sink->len + need)
		newcap = sink->len + need;
	if (newcap > limit)
		newcap = limit;
	sink->buf = repalloc(sink->buf, newcap);
	sink->cap = newcap;
	/* the sink's promise to the core: room for need bytes (so cap > len) */
	Assert(need > 0 && sink->cap - sink->len >= need);
}

/* Where the data of a container ends: strings inside it may be read up to here. */
static const char *
container_end(JsonbContainer *jc)
{
	uint32		count = JsonContainerSize(jc);
	int			nentries = (int) (JsonContainerIsObject(jc) ? count * 2 : count);
	const char *base = (const char *) &jc->children[nentries];

	if (nentries == 0)
		return base;
	return base + getJsonbOffset(jc, nentries - 1) + getJsonbLength(jc, nentries - 1);
}

/*
 * Canonical text of a jsonb container (e.g. &jb->root) as a text datum, built
 * in place; size_hint (e.g. VARSIZE(jb)) sizes the first buffer.
 */
struct varlena *
pith_canonical_text(JsonbContainer *jc, size_t size_hint)
{
	pith_cj_sink sink;
	Walk		w = {&sink, container_end(jc)};
	size_t		start = size_hint + VARHDRSZ + 64;

	require_utf8_database();
	if (start > MaxAllocSize)
		start = MaxAllocSize;
	sink.buf = palloc(start);
	sink.cap = start;
	sink.len = VARHDRSZ;
	sink.flush = text_sink_grow;
	sink.ctx = NULL;

	emit_container(&w, jc, NULL);

	SET_VARSIZE(sink.buf, sink.len);
	return (struct varlena *) sink.buf;
}

/* Hash sink: feed the buffered bytes to SHA-256 and empty the buffer. */
static void
hash_sink_drain(pith_cj_sink *sink, size_t need)
{
	pith_sha256_feed((pith_sha256 *) sink->ctx, sink->buf, sink->len);
	sink->len = 0;
}

/*
 * "sha256:<hex>" of the canonical text of a jsonb container (e.g. &jb->root)
 * without the named top-level keys, hashed while serializing; out receives
 * PITH_CJ_DIGEST_TEXT_LEN + 1 bytes.
 */
void
pith_canonical_digest(JsonbContainer *jc, const char *const *skip_keys, int nskip, char *out)
{
	pith_cj_sink sink;
	Walk		w = {&sink, container_end(jc)};
	char		buf[HASH_SINK_SIZE];
	pith_sha256 h;
	SkipKeys	skip = {skip_keys, nskip};

	require_utf8_database();
	pith_sha256_start(&h);
	sink.buf = buf;
	sink.cap = HASH_SINK_SIZE;
	sink.len = 0;
	sink.flush = hash_sink_drain;
	sink.ctx = &h;

	emit_container(&w, jc, nskip > 0 ? &skip : NULL);

	hash_sink_drain(&sink, 0);
	pith_sha256_finish_text(&h, out);
	pith_sha256_free(&h);
}

/* Raise 22023 unless the jsonb value is an object. */
static void
require_object(Jsonb *jb, const char *fn)
{
	const char *kind = "array";

	if (!JB_ROOT_IS_SCALAR(jb) && JB_ROOT_IS_OBJECT(jb))
		return;
	if (JB_ROOT_IS_SCALAR(jb))
	{
		JEntry		e = jb->root.children[0];

		kind = JBE_ISSTRING(e) ? "string" : JBE_ISNUMERIC(e) ? "number" :
			JBE_ISNULL(e) ? "null" : "boolean";
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s expects a JSON object", fn),
			 errdetail("The argument is a JSON %s.", kind)));
}

/* Digest of jb without the named top-level keys, as a text datum. */
static Datum
digest_datum(Jsonb *jb, const char *const *skip_keys, int nskip)
{
	char		out[PITH_CJ_DIGEST_TEXT_LEN + 1];

	pith_canonical_digest(&jb->root, skip_keys, nskip, out);
	return PointerGetDatum(cstring_to_text_with_len(out, PITH_CJ_DIGEST_TEXT_LEN));
}

PG_FUNCTION_INFO_V1(pith_canonical_json);
/* canonical_json(jsonb): the canonical text (sorted keys, no whitespace). */
Datum
pith_canonical_json(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	PG_RETURN_TEXT_P(pith_canonical_text(&jb->root, VARSIZE(jb)));
}

PG_FUNCTION_INFO_V1(pith_json_digest);
/* json_digest(jsonb): "sha256:" + hex sha256 of the canonical text. */
Datum
pith_json_digest(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	return digest_datum(jb, NULL, 0);
}

PG_FUNCTION_INFO_V1(pith_observation_digest);
/* observation_digest(jsonb): digest of an object minus observation_digest. */
Datum
pith_observation_digest(PG_FUNCTION_ARGS)
{
	static const char *const skip[] = {"observation_digest"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	require_object(jb, "observation_digest");
	return digest_datum(jb, skip, lengthof(skip));
}

PG_FUNCTION_INFO_V1(pith_context_digest);
/* context_digest(jsonb): digest of a record minus as_of and context_digest. */
Datum
pith_context_digest(PG_FUNCTION_ARGS)
{
	static const char *const skip[] = {"as_of", "context_digest"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	require_object(jb, "context_digest");
	return digest_datum(jb, skip, lengthof(skip));
}

/* The jsonb_typeof name of a value. */
static const char *
jbv_type_name(JsonbValue *v)
{
	switch (v->type)
	{
		case jbvNull:
			return "null";
		case jbvString:
			return "string";
		case jbvNumeric:
			return "number";
		case jbvBool:
			return "boolean";
		case jbvBinary:
			return JsonContainerIsObject(v->val.binary.data) ? "object" : "array";
		default:
			return "value";
	}
}

/* A stored digest as ->> shows it: NULL for a missing key or JSON null. */
static text *
stored_text(JsonbValue *v)
{
	if (v == NULL || v->type == jbvNull)
		return NULL;
	switch (v->type)
	{
		case jbvString:
			return cstring_to_text_with_len(v->val.string.val, v->val.string.len);
		case jbvNumeric:
			return cstring_to_text(DatumGetCString(DirectFunctionCall1(numeric_out,
																	   NumericGetDatum(v->val.numeric))));
		case jbvBool:
			return cstring_to_text(v->val.boolean ? "true" : "false");
		case jbvBinary:
			return cstring_to_text(JsonbToCString(NULL, v->val.binary.data, v->val.binary.len));
		default:
			elog(ERROR, "unexpected jsonb value type %d", (int) v->type);
	}
	return NULL;					/* keep compiler quiet */
}

/* Look up a top-level key of an object container; NULL when absent. */
static JsonbValue *
object_field(JsonbContainer *jc, const char *key)
{
	return getKeyJsonValueFromContainer(jc, key, (uint32) strlen(key), NULL);
}

/* Recompute one digest of an object and add its row to the result. */
static void
verify_one(ReturnSetInfo *rsinfo, const char *path, JsonbContainer *jc,
		   const char *digest_key, const char *const *skip, int nskip)
{
	char		computed[PITH_CJ_DIGEST_TEXT_LEN + 1];
	text	   *stored = stored_text(object_field(jc, digest_key));
	Datum		values[4];
	bool		nulls[4] = {false, false, false, false};

	pith_canonical_digest(jc, skip, nskip, computed);
	values[0] = CStringGetTextDatum(path);
	values[1] = PointerGetDatum(stored);
	nulls[1] = (stored == NULL);
	values[2] = CStringGetTextDatum(computed);
	values[3] = BoolGetDatum(stored != NULL &&
							 VARSIZE_ANY_EXHDR(stored) == PITH_CJ_DIGEST_TEXT_LEN &&
							 memcmp(VARDATA_ANY(stored), computed, PITH_CJ_DIGEST_TEXT_LEN) == 0);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

PG_FUNCTION_INFO_V1(pith_verify_record);
/*
 * verify_record(jsonb): one row per digest of a record -- context_digest,
 * then outbound[i] and inbound[i] in array order -- each recomputed straight
 * from the record's own jsonb (no copy of any observation).
 */
Datum
pith_verify_record(PG_FUNCTION_ARGS)
{
	static const char *const context_skip[] = {"as_of", "context_digest"};
	static const char *const observation_skip[] = {"observation_digest"};
	static const char *const sides[] = {"outbound", "inbound"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext scratch;
	MemoryContext oldcxt;
	int			s;

	require_object(jb, "verify_record");
	InitMaterializedSRF(fcinfo, 0);
	scratch = AllocSetContextCreate(CurrentMemoryContext, "pith verify_record",
									ALLOCSET_SMALL_SIZES);
	oldcxt = MemoryContextSwitchTo(scratch);

	verify_one(rsinfo, "context_digest", &jb->root, "context_digest",
			   context_skip, lengthof(context_skip));
	MemoryContextReset(scratch);

	for (s = 0; s < (int) lengthof(sides); s++)
	{
		JsonbValue *arr = object_field(&jb->root, sides[s]);
		JsonbContainer *ac;
		uint32		n;
		uint32		i;

		if (arr == NULL || arr->type == jbvNull)
			continue;
		if (arr->type != jbvBinary || !JsonContainerIsArray(arr->val.binary.data))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("verify_record expects \"%s\" to be a JSON array", sides[s]),
					 errdetail("The record's \"%s\" is a JSON %s.", sides[s], jbv_type_name(arr))));
		ac = arr->val.binary.data;
		n = JsonContainerSize(ac);
		for (i = 0; i < n; i++)
		{
			JsonbValue *obs = getIthJsonbValueFromContainer(ac, i);
			char	   *path = psprintf("%s[%u]", sides[s], i);

			CHECK_FOR_INTERRUPTS();
			if (obs->type != jbvBinary || !JsonContainerIsObject(obs->val.binary.data))
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("verify_record expects every observation to be a JSON object"),
						 errdetail("Element %s is a JSON %s.", path, jbv_type_name(obs))));
			verify_one(rsinfo, path, obs->val.binary.data, "observation_digest",
					   observation_skip, lengthof(observation_skip));
			MemoryContextReset(scratch);
		}
	}

	MemoryContextSwitchTo(oldcxt);
	MemoryContextDelete(scratch);
	return (Datum) 0;
}
