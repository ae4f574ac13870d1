/*
 * reference.c -- fmgr glue for the reference parser: pith.parse_reference(raw
 * text) returns a pith.parsed_reference composite built by the pure C core
 * (src/core/reference_parse.c) with the CRF model file.
 *
 * The model is read once per backend, on first use, from the file named by
 * the superuser setting pith.reference_model (default: pith_reference.model
 * in the extension directory of PostgreSQL's share path, under
 * extension_destdir first where that setting exists), verified whole by
 * the core before use and kept in TopMemoryContext.  Changing the setting
 * loads the named file on the next call.  A missing file or one that fails
 * verification is an error with its own SQLSTATE, never a crash.  The arXiv
 * id and DOI come out of the core in the canonical text form that pith.arxiv_id
 * and pith.doi store, so they are returned as values of those types directly.
 * pith.reference_model_version() names the model in use by its sha256.
 *
 * Parses are remembered per backend (parse_memo below): ingest parses a
 * paper's references, then resolve_paper parses the same raw texts again
 * in resolve_reference, and a repeat costs a copy instead of a parse.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "catalog/pg_type.h"
#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "common/hashfn.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "pith.h"
#include "reference_parse.h"

#define PITH_REFERENCE_MODEL_FILE "pith_reference.model"
/* A model file larger than this is refused before it is read. */
#define PITH_REFERENCE_MODEL_MAX_BYTES (48 * 1024 * 1024)
#define PARSED_REFERENCE_NATTS 14
/* attributes of the type as 0.1.0 and 0.2.0 declared it (title .. quality) */
#define PARSED_REFERENCE_NATTS_0_2 7

static char *pith_reference_model_setting = NULL;
static pith_crf_model *loaded_model = NULL;
static char loaded_path[MAXPGPATH];
static char loaded_digest[PITH_DIGEST_TEXT_LEN + 1];
/* Counts the models loaded (a new one may sit at a freed one's address). */
static uint64 model_generation = 0;

/*
 * The parser's workspace, kept for the backend's life and grown to the
 * largest input seen (at most ~2.5 MB for the 16 KB cap): a fresh palloc of
 * some 15 KB per call would go to malloc and back every time.
 */
static char *workspace = NULL;
static size_t workspace_size = 0;

static char *
parse_workspace(size_t need)
{
	if (need > workspace_size)
	{
		size_t		size = Max(need, (size_t) 65536);

		if (workspace)
			pfree(workspace);
		workspace = MemoryContextAlloc(TopMemoryContext, size);
		workspace_size = size;
	}
	return workspace;
}

/*
 * The parse memo: the last parse of each of up to PARSE_MEMO_SLOTS inputs
 * (direct-mapped by a hash of the input's bytes: a new input replaces the
 * one in its slot), as the finished composite datum.  A hit needs the
 * whole input equal byte for byte, the same model, and the same row type
 * (OID and attribute count: ALTER EXTENSION pith UPDATE changes it from 7
 * attributes to 14).  Bounded: inputs above PARSE_MEMO_MAX_INPUT bytes are
 * not kept, and past PARSE_MEMO_MAX_BYTES in all the memo starts over.
 * Entries live in their own context under TopMemoryContext; a hit returns
 * a copy in the caller's context, so a later reset never pulls a result
 * from under a query.
 */
#define PARSE_MEMO_SLOTS 1024	/* a power of two: a long paper's references */
#define PARSE_MEMO_MAX_INPUT 4096
#define PARSE_MEMO_MAX_BYTES (4 * 1024 * 1024)

typedef struct parse_memo_entry
{
	uint32		hash;
	uint32		len;			/* bytes of the input */
	uint32		datum_len;		/* bytes of the result (a HeapTupleHeader) */
	char		bytes[FLEXIBLE_ARRAY_MEMBER];	/* the input, then (at MEMO_RESULT) the result */
} parse_memo_entry;

static MemoryContext parse_memo_context = NULL;
static parse_memo_entry *parse_memo[PARSE_MEMO_SLOTS];
static size_t parse_memo_bytes = 0;
static uint64 parse_memo_model = 0;	/* model_generation of its entries */
static Oid	parse_memo_type = InvalidOid;
static int	parse_memo_natts = 0;

/* Bytes of an entry up to its result, which starts MAXALIGNed like a palloc'd tuple. */
#define MEMO_HEAD(len) MAXALIGN(offsetof(parse_memo_entry, bytes) + (len))
/* Where an entry's result starts. */
#define MEMO_RESULT(e) ((char *) (e) + MEMO_HEAD((e)->len))

/* Forget every parse. */
static void
parse_memo_clear(void)
{
	if (parse_memo_context != NULL)
		MemoryContextReset(parse_memo_context);
	memset(parse_memo, 0, sizeof(parse_memo));
	parse_memo_bytes = 0;
}

/*
 * The memo's slot for input raw (len bytes) under the model loaded last
 * and row type desc, emptied first when the model or the row type is not
 * the one its entries were made with.
 */
static parse_memo_entry **
parse_memo_slot(const char *raw, size_t len, uint32 *hash, TupleDesc desc)
{
	if (model_generation != parse_memo_model || desc->tdtypeid != parse_memo_type ||
		desc->natts != parse_memo_natts)
	{
		parse_memo_clear();
		parse_memo_model = model_generation;
		parse_memo_type = desc->tdtypeid;
		parse_memo_natts = desc->natts;
	}
	*hash = hash_bytes((const unsigned char *) raw, (int) len);
	return &parse_memo[*hash & (PARSE_MEMO_SLOTS - 1)];
}

/* The remembered parse of raw in *slot as a new datum, or 0 when there is none. */
static Datum
parse_memo_get(parse_memo_entry **slot, const char *raw, size_t len, uint32 hash)
{
	parse_memo_entry *e = *slot;
	HeapTupleHeader copy;

	if (e == NULL || e->hash != hash || e->len != len || memcmp(e->bytes, raw, len) != 0)
		return (Datum) 0;
	copy = palloc(e->datum_len);
	memcpy(copy, MEMO_RESULT(e), e->datum_len);
	return PointerGetDatum(copy);
}

/* Remember result (a composite datum) as the parse of raw, in *slot. */
static void
parse_memo_put(parse_memo_entry **slot, const char *raw, size_t len, uint32 hash, Datum result)
{
	HeapTupleHeader tuple = DatumGetHeapTupleHeader(result);
	uint32		datum_len = HeapTupleHeaderGetDatumLength(tuple);
	size_t		size = MEMO_HEAD(len) + datum_len;
	parse_memo_entry *e;

	if (len > PARSE_MEMO_MAX_INPUT)
		return;
	if (parse_memo_context == NULL)
		parse_memo_context = AllocSetContextCreate(TopMemoryContext, "pith parse_reference memo",
												   ALLOCSET_DEFAULT_SIZES);
	if (*slot != NULL)
	{
		parse_memo_bytes -= GetMemoryChunkSpace(*slot);
		pfree(*slot);
		*slot = NULL;
	}
	if (parse_memo_bytes + size > PARSE_MEMO_MAX_BYTES)
		parse_memo_clear();
	e = MemoryContextAlloc(parse_memo_context, size);
	e->hash = hash;
	e->len = (uint32) len;
	e->datum_len = datum_len;
	memcpy(e->bytes, raw, len);
	memcpy(MEMO_RESULT(e), tuple, datum_len);
	parse_memo_bytes += GetMemoryChunkSpace(e);
	*slot = e;
}

/* Define pith.reference_model; called from _PG_init. */
void
pith_reference_define_gucs(void)
{
	DefineCustomStringVariable("pith.reference_model",
							   "Path of the reference parser's model file.",
							   "Empty: " PITH_REFERENCE_MODEL_FILE " in the extension directory of the share path.",
							   &pith_reference_model_setting,
							   "",
							   PGC_SUSET, 0, NULL, NULL, NULL);
}

/* The model file's path: the setting, or the installed file. */
static void
model_path(char *path)
{
	if (pith_reference_model_setting && pith_reference_model_setting[0] != '\0')
		snprintf(path, MAXPGPATH, "%s", pith_reference_model_setting);
	else
		pith_model_installed_path(PITH_REFERENCE_MODEL_FILE, path);
}

/* The model, read and verified on first use (or after the setting changed). */
static const pith_crf_model *
reference_model(void)
{
	char		path[MAXPGPATH];
	char		digest[PITH_DIGEST_TEXT_LEN + 1];
	pith_crf_model *m;

	model_path(path);
	if (loaded_model != NULL && strcmp(path, loaded_path) == 0)
		return loaded_model;

	m = pith_model_file_load_digest(path, "reference model", PITH_REF_FEATURE_SCHEMA,
									PITH_REFERENCE_MODEL_MAX_BYTES,
									"Install pith's model file, or set pith.reference_model to a model file.",
									digest);
	if (strspn(m->labels, PITH_REF_LABELS) != strlen(m->labels))
	{
		pfree(m);
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("reference model file \"%s\" is not a valid model", path),
				 errdetail("Its labels \"%s\" are not all known to this build.", m->labels)));
	}
	if (loaded_model != NULL)
		pfree(loaded_model);
	loaded_model = m;
	model_generation++;
	snprintf(loaded_path, MAXPGPATH, "%s", path);
	memcpy(loaded_digest, digest, sizeof(loaded_digest));
	return loaded_model;
}

PG_FUNCTION_INFO_V1(pith_reference_model_version);

/*
 * pith.reference_model_version() RETURNS text: "sha256:<hex>" of the model
 * file pith.parse_reference uses (loading it if need be).  Parses, and so
 * indexes on expressions over them, depend on the model as title keys
 * depend on ICU: when this changes, REINDEX them.
 */
Datum
pith_reference_model_version(PG_FUNCTION_ARGS)
{
	(void) reference_model();
	PG_RETURN_TEXT_P(cstring_to_text(loaded_digest));
}

/* A text datum, or a NULL flag when s is NULL. */
static Datum
text_or_null(const char *s, bool *isnull)
{
	if (s == NULL)
	{
		*isnull = true;
		return (Datum) 0;
	}
	*isnull = false;
	return PointerGetDatum(cstring_to_text(s));
}

PG_FUNCTION_INFO_V1(pith_parse_reference);

/* pith.parse_reference(raw text) RETURNS pith.parsed_reference */
Datum
pith_parse_reference(PG_FUNCTION_ARGS)
{
	text	   *raw = PG_GETARG_TEXT_PP(0);
	size_t		len = VARSIZE_ANY_EXHDR(raw);
	TupleDesc	desc;
	Datum		values[PARSED_REFERENCE_NATTS];
	bool		nulls[PARSED_REFERENCE_NATTS];
	char	   *work;
	pith_parsed_ref ref;
	const pith_crf_model *m;
	parse_memo_entry **slot;
	uint32		hash;
	Datum		result;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "pith.parse_reference must return a composite type");
	desc = BlessTupleDesc(desc);

	/*
	 * A database still on 0.1.0/0.2.0's SQL (the library is replaced before
	 * ALTER EXTENSION pith UPDATE runs) declares the first seven attributes
	 * only: give it those, so its resolver keeps working until the update.
	 */
	if (desc->natts != PARSED_REFERENCE_NATTS && desc->natts != PARSED_REFERENCE_NATTS_0_2)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_OBJECT_DEFINITION),
				 errmsg("pith.parsed_reference has %d attributes, expected %d (or %d before 0.3.0)",
						desc->natts, PARSED_REFERENCE_NATTS, PARSED_REFERENCE_NATTS_0_2),
				 errhint("Run ALTER EXTENSION pith UPDATE.")));

	m = reference_model();
	slot = parse_memo_slot(VARDATA_ANY(raw), len, &hash, desc);
	result = parse_memo_get(slot, VARDATA_ANY(raw), len, hash);
	if (result != (Datum) 0)
		PG_RETURN_DATUM(result);
	/* the core caps what it parses at PITH_REF_MAX_INPUT, so this stays small */
	work = parse_workspace(pith_reference_workspace(len, m));
	pith_reference_parse(m, VARDATA_ANY(raw), len, work, &ref);
	/* the core's contract: a title exactly when the quality is ok */
	Assert((ref.title != NULL) == (ref.quality == PITH_REF_OK));

	values[0] = text_or_null(ref.title, &nulls[0]);
	nulls[1] = (ref.year == 0);
	values[1] = Int32GetDatum(ref.year);
	/* arxiv_id and doi share text's varlena layout: canonical text */
	values[2] = text_or_null(ref.arxiv_id, &nulls[2]);
	values[3] = text_or_null(ref.doi, &nulls[3]);
	values[4] = text_or_null(ref.url, &nulls[4]);
	values[5] = text_or_null(ref.malformed, &nulls[5]);
	values[6] = text_or_null(pith_reference_quality_name(ref.quality), &nulls[6]);
	/* every quality has a name: the column is never NULL */
	Assert(!nulls[6]);
	if (ref.n_authors > 0)
	{
		Datum	   *names = palloc(ref.n_authors * sizeof(Datum));

		for (size_t i = 0; i < ref.n_authors; i++)
			names[i] = PointerGetDatum(cstring_to_text(ref.authors[i]));
		values[7] = PointerGetDatum(construct_array(names, (int) ref.n_authors, TEXTOID, -1, false,
													TYPALIGN_INT));
		nulls[7] = false;
	}
	else
	{
		values[7] = (Datum) 0;
		nulls[7] = true;
	}
	values[8] = text_or_null(ref.container, &nulls[8]);
	values[9] = text_or_null(ref.volume, &nulls[9]);
	values[10] = text_or_null(ref.issue, &nulls[10]);
	values[11] = text_or_null(ref.pages, &nulls[11]);
	values[12] = text_or_null(ref.publisher, &nulls[12]);
	values[13] = text_or_null(ref.location, &nulls[13]);

	result = HeapTupleGetDatum(heap_form_tuple(desc, values, nulls));
	parse_memo_put(slot, VARDATA_ANY(raw), len, hash, result);
	PG_RETURN_DATUM(result);
}
