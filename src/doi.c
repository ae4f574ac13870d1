/*
 * doi.c -- fmgr glue for the pith.doi base type: text input, binary
 * receive, the btree ordering (byte order of the canonical text), the
 * non-raising constructor pith.try_doi and the prefix/suffix accessors
 * (output, send, equality, hashing, the ordering wrappers and error
 * excerpts are shared with pith.arxiv_id in identifier.c and pith.h).  Parsing lives in core/doi_parse.c; a value is a varlena
 * holding the canonical (lower-case, unprefixed) text.
 */
#include "postgres.h"

#include "fmgr.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

#include "doi_parse.h"
#include "pith.h"

#define PG_GETARG_DOI_P(n) ((struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n)))

/*
 * Parses s[0..len) into a value.  Returns NULL when the input is not a DOI
 * and escontext is a soft-error context (PG 16+) or report is false;
 * otherwise raises 22P02 for bad syntax and 54000 for over-long input.
 */
static struct varlena *
parse_doi(const char *s, size_t len, Node *escontext, bool report)
{
	char		why[160];
	char	   *buf;
	size_t		outlen,
				prefix_len;
	pith_doi_status st;
	struct varlena *v;

	if (len > PITH_DOI_INPUT_MAX)
	{
		/* checked here too, so the scratch buffer below stays small */
		st = PITH_DOI_TOO_LONG;
		snprintf(why, sizeof(why), "The input is longer than %d bytes, the most pith reads as a DOI.",
				 PITH_DOI_INPUT_MAX);
		buf = NULL;
	}
	else
	{
		buf = palloc(len + 1);
		st = pith_doi_parse(s, len, buf, &outlen, &prefix_len, why, sizeof(why));
	}
	if (st != PITH_DOI_OK)
	{
		if (buf)
			pfree(buf);
		if (!report)
			return NULL;
		PITH_INPUT_ERROR(escontext,
						 (errcode(st == PITH_DOI_TOO_LONG ? ERRCODE_PROGRAM_LIMIT_EXCEEDED
								  : ERRCODE_INVALID_TEXT_REPRESENTATION),
						  st == PITH_DOI_TOO_LONG
						  ? errmsg("value too long for type %s", "doi")
						  : errmsg("invalid input syntax for type %s: \"%s\"", "doi",
								   pith_id_excerpt(s, len)),
						  errdetail("%s", why)));
	}
	/* canonical text is never longer than the input, so buf[len + 1] held it */
	Assert(outlen > 0 && outlen <= len && buf[outlen] == '\0');
	/* "10." and 4+ digits, then "/" and a non-empty suffix */
	Assert(prefix_len >= 7 && prefix_len + 1 < outlen && buf[prefix_len] == '/');
	v = (struct varlena *) palloc(VARHDRSZ + outlen);
	SET_VARSIZE(v, VARHDRSZ + outlen);
	memcpy(VARDATA(v), buf, outlen);
	pfree(buf);
	return v;
}

PG_FUNCTION_INFO_V1(pith_doi_in);
/* Text input: any accepted form, stored canonically. */
Datum
pith_doi_in(PG_FUNCTION_ARGS)
{
	char	   *s = PG_GETARG_CSTRING(0);
	struct varlena *v = parse_doi(s, strlen(s), PITH_ESCONTEXT(fcinfo), true);

	if (v == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(pith_doi_recv);
/* Binary input: the text, validated and canonicalized again. */
Datum
pith_doi_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			nbytes;
	char	   *s = pq_getmsgtext(buf, buf->len - buf->cursor, &nbytes);

	PG_RETURN_POINTER(parse_doi(s, (size_t) nbytes, NULL, true));
}

/* btree support and operators < <= > >= (byte order of the canonical text). */
PITH_IDENTIFIER_ORDER_FUNCTIONS(pith_doi, pith_identifier_byte_order)

PG_FUNCTION_INFO_V1(pith_try_doi);
/* pith.try_doi(text): the DOI, or NULL when the text is not one. */
Datum
pith_try_doi(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	struct varlena *v = parse_doi(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), NULL, false);

	if (v == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(pith_doi_prefix);
/* pith.doi_prefix(doi): the part before the first slash, e.g. 10.1038. */
Datum
pith_doi_prefix(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_DOI_P(0);

	PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(v),
											  (int) pith_doi_prefix_len(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v))));
}

PG_FUNCTION_INFO_V1(pith_doi_suffix);
/* pith.doi_suffix(doi): the part after the first slash. */
Datum
pith_doi_suffix(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_DOI_P(0);
	size_t		len = VARSIZE_ANY_EXHDR(v);
	size_t		p = pith_doi_prefix_len(VARDATA_ANY(v), len);

	/* a stored DOI always has a slash and a suffix: len - p - 1 > 0 */
	Assert(p + 1 < len);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(VARDATA_ANY(v) + p + 1, (int) (len - p - 1)));
}
