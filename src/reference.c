/*
 * reference.c -- fmgr glue for the reference parser: pith.parse_reference(raw
 * text) returns a pith.parsed_reference composite built from the pure C core
 * in src/core/reference_parse.c.  The arXiv id and DOI come out of the core
 * in the canonical text form that pith.arxiv_id and pith.doi store, so they
 * are returned as values of those types directly.
 */
#include "postgres.h"

#include "access/htup_details.h"
#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"

#include "pith.h"
#include "reference_parse.h"

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
	Datum		values[7];
	bool		nulls[7];
	char	   *work;
	pith_parsed_ref ref;

	if (get_call_result_type(fcinfo, NULL, &desc) != TYPEFUNC_COMPOSITE)
		elog(ERROR, "pith.parse_reference must return a composite type");
	desc = BlessTupleDesc(desc);
	if (desc->natts != 7)
		elog(ERROR, "pith.parsed_reference must have 7 attributes, not %d", desc->natts);

	/* the core caps what it parses at PITH_REF_MAX_INPUT, so this stays small */
	work = palloc(pith_reference_workspace(len));
	pith_reference_parse(VARDATA_ANY(raw), len, work, &ref);
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

	pfree(work);
	PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(desc, values, nulls)));
}
