/*
 * title.c -- fmgr glue for title normalization, title keys, the fuzzy title
 * score and its threshold setting (pith.title_similarity_threshold).  The
 * work is done by the pure C core in src/core/title_*.c; this file supplies
 * palloc, CHECK_FOR_INTERRUPTS and ereport, and refuses non-UTF-8 databases.
 */
#include "postgres.h"

#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "pith.h"
#include "title_core.h"

/* Default of pith.title_similarity_threshold, chosen on test/data/titles_pairs.tsv. */
#define PITH_TITLE_DEFAULT_THRESHOLD 0.85

double		pith_title_similarity_threshold = PITH_TITLE_DEFAULT_THRESHOLD;

/* Allocator for the core: palloc in the current context, NULL when too big. */
static void *
title_alloc(size_t size, void *arg)
{
	if (size > MaxAllocSize)
		return NULL;
	return palloc(size);
}

/* Release function for the core. */
static void
title_release(void *ptr, void *arg)
{
	pfree(ptr);
}

/* Interrupt hook for the core: may longjmp out, which leaks nothing. */
static void
title_interrupts(void *arg)
{
	CHECK_FOR_INTERRUPTS();
}

static const pith_title_env title_env = {title_alloc, title_release, title_interrupts, NULL};

/* Refuse databases whose text is not UTF-8. */
static void
require_utf8(void)
{
	if (GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("pith title functions require a UTF-8 database"),
				 errdetail("The database encoding is %s.", GetDatabaseEncodingName()),
				 errhint("Create the database with ENCODING 'UTF8'.")));
}

/* Turn a core failure into an ereport. */
static void
report(const pith_title_err *err)
{
	/* called after a core call failed: returning would use its unset output */
	Assert(err->status != PITH_TITLE_OK);
	switch (err->status)
	{
		case PITH_TITLE_OK:
			return;
		case PITH_TITLE_TOO_LONG:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("title too long"),
					 errdetail("Titles are limited to %d bytes.", PITH_TITLE_MAX_INPUT)));
			break;
		case PITH_TITLE_NO_MEMORY:
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("title too long to normalize"),
					 errdetail("Normalizing the title needs more than %zu bytes.", (size_t) MaxAllocSize)));
			break;
		case PITH_TITLE_ICU_ERROR:
			ereport(ERROR,
					(errcode(ERRCODE_EXTERNAL_ROUTINE_EXCEPTION),
					 errmsg("ICU call %s failed: %s", err->icu_call ? err->icu_call : "?",
							pith_title_icu_error_name(err->icu_error))));
			break;
	}
}

/* Define pith.title_similarity_threshold; called from _PG_init. */
void
pith_title_define_gucs(void)
{
	DefineCustomRealVariable("pith.title_similarity_threshold",
							 "Score at or above which two titles count as the same work.",
							 "Used by the title operator %% and by the resolver; see pith.title_similarity().",
							 &pith_title_similarity_threshold,
							 PITH_TITLE_DEFAULT_THRESHOLD, 0.0, 1.0,
							 PGC_USERSET, 0, NULL, NULL, NULL);
}

/* Make a text datum from a palloc'd core result. */
static text *
result_text(char *s, size_t len)
{
	text	   *t = cstring_to_text_with_len(s, (int) len);

	pfree(s);
	return t;
}

PG_FUNCTION_INFO_V1(pith_normalize_title);
/* normalize_title(text) -> text */
Datum
pith_normalize_title(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);
	pith_title_err err;
	char	   *out;
	size_t		outlen;

	require_utf8();
	if (pith_title_normalize(&title_env, VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in),
							 &out, &outlen, &err) != PITH_TITLE_OK)
		report(&err);
	PG_RETURN_TEXT_P(result_text(out, outlen));
}

PG_FUNCTION_INFO_V1(pith_title_key_fn);
/* title_key(text) -> text */
Datum
pith_title_key_fn(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);
	pith_title_err err;
	char	   *out;
	size_t		outlen;

	require_utf8();
	if (pith_title_key(&title_env, VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in),
					   &out, &outlen, &err) != PITH_TITLE_OK)
		report(&err);
	PG_RETURN_TEXT_P(result_text(out, outlen));
}

PG_FUNCTION_INFO_V1(pith_title_similarity_fn);
/* title_similarity(text, text) -> float8 */
Datum
pith_title_similarity_fn(PG_FUNCTION_ARGS)
{
	text	   *a = PG_GETARG_TEXT_PP(0);
	text	   *b = PG_GETARG_TEXT_PP(1);
	pith_title_err err;
	double		score;

	require_utf8();
	if (pith_title_similarity(&title_env, VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a),
							  VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), &score, &err) != PITH_TITLE_OK)
		report(&err);
	/* the core's law, for any two inputs (test/fuzz/fuzz_titles.c checks it) */
	Assert(score >= 0.0 && score <= 1.0);
	PG_RETURN_FLOAT8(score);
}

PG_FUNCTION_INFO_V1(pith_title_key_similarity_fn);
/* title_key_similarity(key text, key text) -> float8, for keys already made */
Datum
pith_title_key_similarity_fn(PG_FUNCTION_ARGS)
{
	text	   *a = PG_GETARG_TEXT_PP(0);
	text	   *b = PG_GETARG_TEXT_PP(1);
	pith_title_err err;
	double		score;

	require_utf8();
	if (pith_title_key_similarity(&title_env, VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a),
								  VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), &score, &err) != PITH_TITLE_OK)
		report(&err);
	PG_RETURN_FLOAT8(score);
}

PG_FUNCTION_INFO_V1(pith_title_similar_anchored_fn);
/*
 * title_similar_anchored(text, text) -> bool: the score is at or above the
 * threshold setting and the keys share their first or last 8 code points.
 */
Datum
pith_title_similar_anchored_fn(PG_FUNCTION_ARGS)
{
	text	   *a = PG_GETARG_TEXT_PP(0);
	text	   *b = PG_GETARG_TEXT_PP(1);
	pith_title_err err;
	double		score;
	int			shared;

	require_utf8();
	if (pith_title_compare(&title_env, VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a),
						   VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), &score, &shared, &err) != PITH_TITLE_OK)
		report(&err);
	PG_RETURN_BOOL(shared && score >= pith_title_similarity_threshold);
}

PG_FUNCTION_INFO_V1(pith_title_threshold_fn);
/* title_similarity_threshold() -> float8, the current setting */
Datum
pith_title_threshold_fn(PG_FUNCTION_ARGS)
{
	PG_RETURN_FLOAT8(pith_title_similarity_threshold);
}

PG_FUNCTION_INFO_V1(pith_icu_version);
/* icu_version() -> text */
Datum
pith_icu_version(PG_FUNCTION_ARGS)
{
	PG_RETURN_TEXT_P(cstring_to_text(pith_title_icu_version()));
}
