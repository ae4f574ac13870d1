/*
 * resolve_evidence.c -- fmgr glue for the resolver's evidence functions
 * (pith.year_evidence, pith.author_family, pith.author_evidence,
 * pith.title_key_anchors, pith.author_names_in_text,
 * pith.container_evidence).  The decisions are made by the pure C core in
 * src/core/resolve_evidence.c; names and containers are normalized with the
 * title core (ICU) first.  The SQL side is src/sql/65_resolver.sql.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "pith.h"
#include "resolve_evidence.h"
#include "title_core.h"

/* Allocator for the title core: palloc, NULL when too big. */
static void *
evidence_alloc(size_t size, void *arg)
{
	if (size > MaxAllocSize)
		return NULL;
	return palloc(size);
}

static void
evidence_release(void *ptr, void *arg)
{
	pfree(ptr);
}

static void
evidence_interrupts(void *arg)
{
	CHECK_FOR_INTERRUPTS();
}

static const pith_title_env evidence_env = {evidence_alloc, evidence_release, evidence_interrupts, NULL};

/* Normalize (key = false) or key (key = true) s[0..len) with the title core. */
static char *
normalized(const char *s, size_t len, bool key, size_t *outlen)
{
	pith_title_err err;
	char	   *out;
	pith_title_status st;

	if (GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("pith resolver functions require a UTF-8 database"),
				 errdetail("The database encoding is %s.", GetDatabaseEncodingName())));
	st = key ? pith_title_key(&evidence_env, s, len, &out, outlen, &err)
		: pith_title_normalize(&evidence_env, s, len, &out, outlen, &err);
	if (st == PITH_TITLE_TOO_LONG || st == PITH_TITLE_NO_MEMORY)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("name or container too long to normalize"),
				 errdetail("Text is limited to %d bytes.", PITH_TITLE_MAX_INPUT)));
	if (st != PITH_TITLE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("ICU call %s failed with error %d", err.icu_call ? err.icu_call : "?", err.icu_error)));
	return out;
}

/* The normalized family name of name[0..len), or NULL. */
static char *
family_of(const char *name, size_t len, size_t *flen)
{
	size_t		start,
				span;
	char	   *f;

	if (!pith_author_family_span(name, len, &start, &span))
		return NULL;
	f = normalized(name + start, span, false, flen);
	*flen = pith_author_family_trim(f, *flen);
	if (!pith_author_family_usable(f, *flen))
	{
		pfree(f);
		return NULL;
	}
	return f;
}

PG_FUNCTION_INFO_V1(pith_year_evidence_fn);
/* year_evidence(ref_year int, years int[]) -> int: 1, -1 or 0 */
Datum
pith_year_evidence_fn(PG_FUNCTION_ARGS)
{
	ArrayType  *arr;
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				k = 0;
	int		   *years;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_INT32(0);
	arr = PG_GETARG_ARRAYTYPE_P(1);
	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("catalog years must be a one-dimensional array")));
	deconstruct_array(arr, INT4OID, sizeof(int32), true, TYPALIGN_INT, &elems, &nulls, &n);
	years = palloc(sizeof(int) * (n > 0 ? n : 1));
	for (int i = 0; i < n; i++)
		if (!nulls[i])
			years[k++] = DatumGetInt32(elems[i]);
	PG_RETURN_INT32(pith_year_evidence(true, PG_GETARG_INT32(0), years, (size_t) k));
}

PG_FUNCTION_INFO_V1(pith_author_family_fn);
/* author_family(name text) -> text, NULL when the name has none */
Datum
pith_author_family_fn(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);
	size_t		flen;
	char	   *f = family_of(VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in), &flen);

	if (f == NULL)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text_with_len(f, (int) flen));
}

PG_FUNCTION_INFO_V1(pith_author_evidence_fn);
/* author_evidence(family text, authors text[]) -> int: 1, -1 or 0 */
Datum
pith_author_evidence_fn(PG_FUNCTION_ARGS)
{
	text	   *fam;
	ArrayType  *arr;
	Datum	   *elems;
	bool	   *nulls;
	int			n;
	bool		any = false;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_INT32(0);
	fam = PG_GETARG_TEXT_PP(0);
	if (VARSIZE_ANY_EXHDR(fam) == 0)
		PG_RETURN_INT32(0);
	arr = PG_GETARG_ARRAYTYPE_P(1);
	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("authors must be a one-dimensional array")));
	deconstruct_array(arr, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &n);
	for (int i = 0; i < n; i++)
	{
		text	   *a;
		char	   *norm;
		size_t		nlen;
		bool		hit;

		if (nulls[i])
			continue;
		CHECK_FOR_INTERRUPTS();
		a = DatumGetTextPP(elems[i]);
		norm = normalized(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), false, &nlen);
		if (nlen == 0)
			continue;
		any = true;
		hit = pith_name_has_words(norm, nlen, VARDATA_ANY(fam), VARSIZE_ANY_EXHDR(fam));
		pfree(norm);
		if (hit)
			PG_RETURN_INT32(1);
	}
	PG_RETURN_INT32(any ? -1 : 0);
}

PG_FUNCTION_INFO_V1(pith_container_evidence_fn);
/* container_evidence(ref_container text, venue text) -> int: 1 or 0 */
Datum
pith_container_evidence_fn(PG_FUNCTION_ARGS)
{
	text	   *a,
			   *b;
	char	   *ka,
			   *kb;
	size_t		la,
				lb;
	double		score = 0.0;
	pith_title_err err;

	if (PG_ARGISNULL(0) || PG_ARGISNULL(1))
		PG_RETURN_INT32(0);
	a = PG_GETARG_TEXT_PP(0);
	b = PG_GETARG_TEXT_PP(1);
	ka = normalized(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), true, &la);
	kb = normalized(VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), true, &lb);
	if (la >= 4 && lb >= 4
		&& pith_title_key_similarity(&evidence_env, ka, la, kb, lb, &score, &err) != PITH_TITLE_OK)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("container too long to score")));
	if (pith_container_evidence(ka, la, kb, lb, score) == 1)
		PG_RETURN_INT32(1);
	/* an abbreviation of the other: compared word by word */
	pfree(ka);
	pfree(kb);
	ka = normalized(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), false, &la);
	kb = normalized(VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b), false, &lb);
	PG_RETURN_INT32(pith_container_abbreviates(ka, la, kb, lb) ? 1 : 0);
}

/* Authors of a work looked at by author_names_in_text. */
#define MAX_TEXT_AUTHORS 100

PG_FUNCTION_INFO_V1(pith_author_names_in_text_fn);
/*
 * author_names_in_text(authors text[], raw text) -> int: how many of the
 * (first 100) authors have a family name that is a run of whole words of
 * the normalized raw text.
 */
Datum
pith_author_names_in_text_fn(PG_FUNCTION_ARGS)
{
	ArrayType  *arr = PG_GETARG_ARRAYTYPE_P(0);
	text	   *raw = PG_GETARG_TEXT_PP(1);
	Datum	   *elems;
	bool	   *nulls;
	int			n,
				hits = 0;
	char	   *norm;
	size_t		nlen;

	if (ARR_NDIM(arr) > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("authors must be a one-dimensional array")));
	deconstruct_array(arr, TEXTOID, -1, false, TYPALIGN_INT, &elems, &nulls, &n);
	norm = normalized(VARDATA_ANY(raw), VARSIZE_ANY_EXHDR(raw), false, &nlen);
	for (int i = 0; i < n && i < MAX_TEXT_AUTHORS; i++)
	{
		text	   *a;
		char	   *f;
		size_t		flen;

		if (nulls[i])
			continue;
		CHECK_FOR_INTERRUPTS();
		a = DatumGetTextPP(elems[i]);
		f = family_of(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), &flen);
		if (f == NULL)
			continue;
		if (pith_name_has_words(norm, nlen, f, flen))
			hits++;
		pfree(f);
	}
	PG_RETURN_INT32(hits);
}

/* Code points of each anchor's key kept: as many as the title key indexes hold. */
#define ANCHOR_KEY_CHARS 256

PG_FUNCTION_INFO_V1(pith_title_key_anchors_fn);
/*
 * title_key_anchors(raw text, max_words int) -> text[]: the key of the
 * raw text from each of its first max_words words on (at most 256 code
 * points each), in order; empty when the text has no words.
 */
Datum
pith_title_key_anchors_fn(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);
	int32		max_words = PG_GETARG_INT32(1);
	char	   *norm,
			   *key;
	size_t		nlen,
				klen,
				n;
	size_t	   *starts;
	Datum	   *elems;

	if (max_words < 1 || max_words > 1000)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("max_words must be between 1 and 1000"),
				 errdetail("max_words was %d.", max_words)));
	norm = normalized(VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in), false, &nlen);
	key = palloc(nlen + 1);
	starts = palloc(sizeof(size_t) * (size_t) max_words);
	n = pith_key_word_starts(norm, nlen, key, &klen, starts, (size_t) max_words);
	elems = palloc(sizeof(Datum) * (n > 0 ? n : 1));
	for (size_t i = 0; i < n; i++)
	{
		size_t		end = starts[i],
					chars = 0;

		/* ANCHOR_KEY_CHARS code points of valid UTF-8 (the normalizer's output) */
		while (end < klen && chars < ANCHOR_KEY_CHARS)
		{
			end += (size_t) pg_utf_mblen((const unsigned char *) key + end);
			chars++;
		}
		if (end > klen)
			end = klen;
		elems[i] = PointerGetDatum(cstring_to_text_with_len(key + starts[i], (int) (end - starts[i])));
	}
	PG_RETURN_ARRAYTYPE_P(construct_array(elems, (int) n, TEXTOID, -1, false, TYPALIGN_INT));
}
