/*
 * doi.c -- fmgr glue for the pith.doi base type: text input, binary
 * receive, the btree ordering (byte order of the canonical text), the
 * non-raising constructor pith.try_doi and the prefix/suffix accessors
 * (output, send, equality and hashing are shared with pith.arxiv_id in
 * identifier.c).  Parsing lives in core/doi_parse.c; a value is a varlena
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
#if PG_VERSION_NUM >= 160000
		ereturn(escontext, NULL,
				(errcode(st == PITH_DOI_TOO_LONG ? ERRCODE_PROGRAM_LIMIT_EXCEEDED
						 : ERRCODE_INVALID_TEXT_REPRESENTATION),
				 st == PITH_DOI_TOO_LONG
				 ? errmsg("value too long for type %s", "doi")
				 : errmsg("invalid input syntax for type %s: \"%s\"", "doi",
						  pith_id_excerpt(s, len)),
				 errdetail("%s", why)));
#else
		ereport(ERROR,
				(errcode(st == PITH_DOI_TOO_LONG ? ERRCODE_PROGRAM_LIMIT_EXCEEDED
						 : ERRCODE_INVALID_TEXT_REPRESENTATION),
				 st == PITH_DOI_TOO_LONG
				 ? errmsg("value too long for type %s", "doi")
				 : errmsg("invalid input syntax for type %s: \"%s\"", "doi",
						  pith_id_excerpt(s, len)),
				 errdetail("%s", why)));
#endif
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
#if PG_VERSION_NUM >= 160000
	Node	   *escontext = fcinfo->context;
#else
	Node	   *escontext = NULL;
#endif
	struct varlena *v = parse_doi(s, strlen(s), escontext, true);

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

/* Byte-order three-way comparison of the two arguments' canonical text. */
static int
cmp_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_DOI_P(0);
	struct varlena *b = PG_GETARG_DOI_P(1);
	size_t		al = VARSIZE_ANY_EXHDR(a),
				bl = VARSIZE_ANY_EXHDR(b);
	int			c = memcmp(VARDATA_ANY(a), VARDATA_ANY(b), Min(al, bl));

	if (c == 0 && al != bl)
		c = al < bl ? -1 : 1;
	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

PG_FUNCTION_INFO_V1(pith_doi_cmp);
/* btree support 1: three-way comparison. */
Datum
pith_doi_cmp(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(cmp_args(fcinfo));
}

PG_FUNCTION_INFO_V1(pith_doi_lt);
/* Operator <. */
Datum
pith_doi_lt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) < 0);
}

PG_FUNCTION_INFO_V1(pith_doi_le);
/* Operator <=. */
Datum
pith_doi_le(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) <= 0);
}

PG_FUNCTION_INFO_V1(pith_doi_gt);
/* Operator >. */
Datum
pith_doi_gt(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) > 0);
}

PG_FUNCTION_INFO_V1(pith_doi_ge);
/* Operator >=. */
Datum
pith_doi_ge(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(cmp_args(fcinfo) >= 0);
}

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
