/*
 * refsplit.c -- fmgr glue for the reference splitter (src/core/refsec_split.c):
 *   pith.split_references(text) RETURNS TABLE(reference_index, raw_text,
 *       start_offset, end_offset)
 *   pith.split_references_status(text) RETURNS TABLE(status, reason,
 *       sections, references, truncated)
 *   pith.split_references_with_status(text): both from one split
 * The line labeller's model (pith_refsplit.model in the extension
 * directory) is read and verified once per backend.  Offsets are in
 * characters of the input, 0-based, end exclusive: substr(text,
 * start_offset + 1, end_offset - start_offset) is the reference's span.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "pith.h"
#include "crf_model.h"
#include "refsec_split.h"

#define REFSPLIT_MODEL_FILE "pith_refsplit.model"
#define REFSPLIT_MODEL_MAX_BYTES (16 * 1024 * 1024)

static pith_crf_model *refsplit_model = NULL;

static void *
arena_alloc(void *ctx, size_t size)
{
	return MemoryContextAllocHuge((MemoryContext) ctx, size ? size : 1);
}

static void
tick(void *ctx)
{
	CHECK_FOR_INTERRUPTS();
}

/* The line labeller, read and verified on first use. */
static const pith_crf_model *
load_model(void)
{
	char		path[MAXPGPATH];
	pith_crf_model *m;

	if (refsplit_model != NULL)
		return refsplit_model;
	pith_model_installed_path(REFSPLIT_MODEL_FILE, path);
	m = pith_model_file_load(path, "reference splitter model", PITH_REFSPLIT_FEATURE_SCHEMA,
							 REFSPLIT_MODEL_MAX_BYTES, "Install pith's model files (make install).");
	if (!pith_refsplit_model_fits(m))
	{
		pfree(m);
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("reference splitter model file \"%s\" is not a valid model", path),
				 errdetail("Its labels are not \"%s\".", PITH_REFSPLIT_LABELS)));
	}
	refsplit_model = m;
	return m;
}

/* Split the text argument in memory context cxt. */
static void
run_split(text *t, MemoryContext cxt, pith_refsplit_result *r)
{
	size_t		len = VARSIZE_ANY_EXHDR(t);
	pith_refsplit_env env;

	if (len > PITH_REFSPLIT_MAX_INPUT)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("text too long for the reference splitter: %zu bytes", len),
				 errdetail("At most %zu bytes are split.", PITH_REFSPLIT_MAX_INPUT)));
	env.model = load_model();
	env.alloc = arena_alloc;
	env.alloc_ctx = cxt;
	env.tick = tick;
	env.tick_ctx = NULL;
	pith_refsplit_text(&env, VARDATA_ANY(t), len, r);
}

/*
 * One row per reference of r into rsinfo's tuplestore: values[0..3] are the
 * reference's columns (reference_index, raw_text, start_offset,
 * end_offset); whatever follows them in values/nulls the caller has set.
 * Offsets only grow, so characters are counted once, from the last position.
 */
static void
put_reference_rows(ReturnSetInfo *rsinfo, const char *base, const pith_refsplit_result *r,
				   Datum *values, bool *nulls)
{
	size_t		byte_pos = 0,
				char_pos = 0;

	for (size_t i = 0; i < r->nrefs; i++)
	{
		const pith_refsplit_ref *ref = &r->refs[i];
		int32		start_c,
					end_c;

		Assert(ref->start >= byte_pos && ref->end >= ref->start);
		char_pos += pg_mbstrlen_with_len(base + byte_pos, (int) (ref->start - byte_pos));
		byte_pos = ref->start;
		start_c = (int32) char_pos;
		end_c = start_c + pg_mbstrlen_with_len(base + ref->start, (int) (ref->end - ref->start));
		if (i % 1024 == 1023)
			CHECK_FOR_INTERRUPTS();
		values[0] = Int32GetDatum((int32) (i + 1));
		values[1] = PointerGetDatum(cstring_to_text_with_len(ref->text, (int) ref->len));
		values[2] = Int32GetDatum(start_c);
		values[3] = Int32GetDatum(end_c);
		nulls[0] = nulls[1] = nulls[2] = nulls[3] = false;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		pfree(DatumGetPointer(values[1]));
	}
}

/* The status columns of r (status, reason, sections, references, truncated) into values[0..4]. */
static void
status_values(const pith_refsplit_result *r, Datum *values)
{
	values[0] = CStringGetTextDatum(r->status == PITH_REFSPLIT_OK ? "ok" :
									r->status == PITH_REFSPLIT_EMPTY_SECTION ? "empty_section" : "no_section");
	values[1] = CStringGetTextDatum(r->reason);
	values[2] = Int32GetDatum((int32) r->nsections);
	values[3] = Int32GetDatum((int32) r->nrefs);
	values[4] = BoolGetDatum(r->truncated != 0);
}

PG_FUNCTION_INFO_V1(pith_split_references);

/* pith.split_references(text) RETURNS TABLE(reference_index int, raw_text text, start_offset int, end_offset int) */
Datum
pith_split_references(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	text	   *t = PG_GETARG_TEXT_PP(0);
	MemoryContext work;
	MemoryContext old;
	pith_refsplit_result r;
	Datum		values[4];
	bool		nulls[4];

	InitMaterializedSRF(fcinfo, 0);
	work = AllocSetContextCreate(CurrentMemoryContext, "pith split_references", ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(work);
	run_split(t, work, &r);
	MemoryContextSwitchTo(old);
	put_reference_rows(rsinfo, VARDATA_ANY(t), &r, values, nulls);
	MemoryContextDelete(work);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(pith_split_references_status);

/* pith.split_references_status(text) RETURNS TABLE(status text, reason text, sections int, references int, truncated bool) */
Datum
pith_split_references_status(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	text	   *t = PG_GETARG_TEXT_PP(0);
	MemoryContext work;
	MemoryContext old;
	pith_refsplit_result r;
	Datum		values[5];
	bool		nulls[5] = {false, false, false, false, false};

	InitMaterializedSRF(fcinfo, 0);
	work = AllocSetContextCreate(CurrentMemoryContext, "pith split_references_status", ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(work);
	run_split(t, work, &r);
	MemoryContextSwitchTo(old);
	status_values(&r, values);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	MemoryContextDelete(work);
	return (Datum) 0;
}

PG_FUNCTION_INFO_V1(pith_split_references_with_status);

/*
 * pith.split_references_with_status(text) RETURNS TABLE(reference_index int,
 * raw_text text, start_offset int, end_offset int, status text, reason text,
 * sections int, references int, truncated bool): split_references and
 * split_references_status from one split (ingest_paper_text needs both).
 * One row per reference, each with the status columns; a text without
 * references gives one row whose reference columns are NULL.
 */
Datum
pith_split_references_with_status(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	text	   *t = PG_GETARG_TEXT_PP(0);
	MemoryContext work;
	MemoryContext old;
	pith_refsplit_result r;
	Datum		values[9];
	bool		nulls[9] = {false, false, false, false, false, false, false, false, false};

	InitMaterializedSRF(fcinfo, 0);
	work = AllocSetContextCreate(CurrentMemoryContext, "pith split_references_with_status", ALLOCSET_DEFAULT_SIZES);
	old = MemoryContextSwitchTo(work);
	run_split(t, work, &r);
	MemoryContextSwitchTo(old);
	status_values(&r, values + 4);
	if (r.nrefs == 0)
	{
		nulls[0] = nulls[1] = nulls[2] = nulls[3] = true;
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
	}
	put_reference_rows(rsinfo, VARDATA_ANY(t), &r, values, nulls);
	MemoryContextDelete(work);
	return (Datum) 0;
}
