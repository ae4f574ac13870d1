/*
 * arxiv_id.c -- fmgr glue for the pith.arxiv_id base type: text input,
 * binary receive, the btree ordering, the non-raising constructor
 * pith.try_arxiv_id and the accessors (output, send, equality, hashing, the
 * ordering wrappers and error excerpts are shared with pith.doi in
 * identifier.c and pith.h).  Parsing and ordering
 * live in core/arxiv_id_parse.c; a value is a varlena holding the canonical
 * text.
 */
#include "postgres.h"

#include "fmgr.h"
#include "libpq/pqformat.h"
#include "utils/builtins.h"

#include "arxiv_id_parse.h"
#include "pith.h"

#define PG_GETARG_ARXIV_P(n) ((struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n)))

/*
 * Parses s[0..len) into a value; on bad input raises 22P02 (or, on PG 16+,
 * saves the error into escontext and returns NULL).
 */
static struct varlena *
parse_or_report(const char *s, size_t len, Node *escontext)
{
	pith_arxiv_id id;
	char		why[160];

	if (!pith_arxiv_parse(s, len, &id, why, sizeof(why)))
		PITH_INPUT_ERROR(escontext,
						 (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
						  errmsg("invalid input syntax for type %s: \"%s\"", "arxiv_id",
								 pith_id_excerpt(s, len)),
						  errdetail("%s", why)));
	/* the core filled canon, NUL-terminated, and its lengths agree */
	Assert(id.len > 0 && id.len <= PITH_ARXIV_CANON_MAX && id.len == strlen(id.canon));
	return pith_identifier_make(id.canon, id.len);
}

PG_FUNCTION_INFO_V1(pith_arxiv_id_in);
/* Text input: any accepted form, stored canonically. */
Datum
pith_arxiv_id_in(PG_FUNCTION_ARGS)
{
	char	   *s = PG_GETARG_CSTRING(0);
	struct varlena *v = parse_or_report(s, strlen(s), PITH_ESCONTEXT(fcinfo));

	if (v == NULL)
		PG_RETURN_NULL();
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(pith_arxiv_id_recv);
/* Binary input: the text, validated and canonicalized again. */
Datum
pith_arxiv_id_recv(PG_FUNCTION_ARGS)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			nbytes;
	char	   *s = pq_getmsgtext(buf, buf->len - buf->cursor, &nbytes);

	PG_RETURN_POINTER(parse_or_report(s, (size_t) nbytes, NULL));
}

/*
 * btree support and operators < <= > >= (the order of pith_arxiv_cmp,
 * which decides stored values -- always canonical, the input functions
 * above canonicalize -- from their bytes, without parsing them).
 */
PITH_IDENTIFIER_ORDER_FUNCTIONS(pith_arxiv_id, pith_arxiv_cmp)

PG_FUNCTION_INFO_V1(pith_try_arxiv_id);
/* pith.try_arxiv_id(text): the identifier, or NULL when the text is not one. */
Datum
pith_try_arxiv_id(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	pith_arxiv_id id;

	if (!pith_arxiv_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &id, NULL, 0))
		PG_RETURN_NULL();
	PG_RETURN_POINTER(pith_identifier_make(id.canon, id.len));
}

PG_FUNCTION_INFO_V1(pith_arxiv_id_base);
/* pith.arxiv_base(arxiv_id): the identifier without its version. */
Datum
pith_arxiv_id_base(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_ARXIV_P(0);

	PG_RETURN_POINTER(pith_identifier_make(VARDATA_ANY(v),
								 pith_arxiv_base_len(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v))));
}

PG_FUNCTION_INFO_V1(pith_arxiv_id_version);
/* pith.arxiv_version(arxiv_id): the version number, NULL when there is none. */
Datum
pith_arxiv_id_version(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_ARXIV_P(0);
	int			version = pith_arxiv_version(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));

	if (version == 0)
		PG_RETURN_NULL();
	PG_RETURN_INT32(version);
}

PG_FUNCTION_INFO_V1(pith_arxiv_id_yymm);
/* pith.arxiv_yymm(arxiv_id): the four digits YYMM of submission month. */
Datum
pith_arxiv_id_yymm(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_ARXIV_P(0);
	char		yymm[4];

	pith_arxiv_yymm(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v), yymm);
	PG_RETURN_TEXT_P(cstring_to_text_with_len(yymm, 4));
}
