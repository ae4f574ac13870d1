/*
 * identifier.c -- fmgr support shared by pith's identifier types
 * (pith.arxiv_id, pith.doi).  Both store their canonical text in a plain
 * varlena, so text output, binary send, equality and hashing are the same
 * byte-level operations for both; only parsing, the order and the accessors
 * differ (arxiv_id.c, doi.c).  Each type's SQL functions point at these.
 * Also here: the argument handling behind both types' ordering functions
 * (PITH_IDENTIFIER_ORDER_FUNCTIONS in pith.h) and the input excerpt of
 * their error messages.
 */
#include "postgres.h"

#include "common/hashfn.h"
#include "fmgr.h"
#include "libpq/pqformat.h"
#include "mb/pg_wchar.h"
#include "utils/builtins.h"

#include "pith.h"

#define PG_GETARG_IDENT_P(n) ((struct varlena *) PG_DETOAST_DATUM_PACKED(PG_GETARG_DATUM(n)))

/* A new identifier value holding canon[0..len). */
struct varlena *
pith_identifier_make(const char *canon, size_t len)
{
	struct varlena *v;

	/* no identifier is empty: a zero length is a parser or accessor bug */
	Assert(len > 0);
	v = (struct varlena *) palloc(VARHDRSZ + len);
	SET_VARSIZE(v, VARHDRSZ + len);
	memcpy(VARDATA(v), canon, len);
	return v;
}

/* See pith.h. */
char *
pith_id_excerpt(const char *s, size_t len)
{
	int			cut;

	if (len <= 100)
		return pnstrdup(s, len);
	cut = pg_mbcliplen(s, (int) len, 100);
	return psprintf("%.*s...", cut, s);
}

/* See pith.h. */
int
pith_identifier_byte_order(const char *a, size_t alen, const char *b, size_t blen)
{
	int			c = memcmp(a, b, Min(alen, blen));

	if (c == 0 && alen != blen)
		c = alen < blen ? -1 : 1;
	return c;
}

/* See pith.h. */
int
pith_identifier_cmp_args(FunctionCallInfo fcinfo, pith_identifier_order order)
{
	struct varlena *a = PG_GETARG_IDENT_P(0);
	struct varlena *b = PG_GETARG_IDENT_P(1);
	int			c = order(VARDATA_ANY(a), VARSIZE_ANY_EXHDR(a), VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b));

	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

/* Byte equality of arguments 0 and 1 (canonical text makes it identity). */
static bool
equal_args(FunctionCallInfo fcinfo)
{
	struct varlena *a = PG_GETARG_IDENT_P(0);
	struct varlena *b = PG_GETARG_IDENT_P(1);
	bool		r = VARSIZE_ANY_EXHDR(a) == VARSIZE_ANY_EXHDR(b) &&
		memcmp(VARDATA_ANY(a), VARDATA_ANY(b), VARSIZE_ANY_EXHDR(a)) == 0;

	PG_FREE_IF_COPY(a, 0);
	PG_FREE_IF_COPY(b, 1);
	return r;
}

PG_FUNCTION_INFO_V1(pith_identifier_out);
/* Text output: the canonical text. */
Datum
pith_identifier_out(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_IDENT_P(0);

	PG_RETURN_CSTRING(pnstrdup(VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v)));
}

PG_FUNCTION_INFO_V1(pith_identifier_send);
/* Binary output: the canonical text (each type's _recv parses it again). */
Datum
pith_identifier_send(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_IDENT_P(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendtext(&buf, VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

PG_FUNCTION_INFO_V1(pith_identifier_eq);
/* Operator =. */
Datum
pith_identifier_eq(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(equal_args(fcinfo));
}

PG_FUNCTION_INFO_V1(pith_identifier_ne);
/* Operator <>. */
Datum
pith_identifier_ne(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL(!equal_args(fcinfo));
}

PG_FUNCTION_INFO_V1(pith_identifier_hash);
/* hash support 1: 32-bit hash of the canonical bytes. */
Datum
pith_identifier_hash(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_IDENT_P(0);
	Datum		h = hash_any((const unsigned char *) VARDATA_ANY(v), VARSIZE_ANY_EXHDR(v));

	PG_FREE_IF_COPY(v, 0);
	return h;
}

PG_FUNCTION_INFO_V1(pith_identifier_hash_extended);
/* hash support 2: seeded 64-bit hash of the canonical bytes. */
Datum
pith_identifier_hash_extended(PG_FUNCTION_ARGS)
{
	struct varlena *v = PG_GETARG_IDENT_P(0);
	Datum		h = hash_any_extended((const unsigned char *) VARDATA_ANY(v),
									  VARSIZE_ANY_EXHDR(v), PG_GETARG_INT64(1));

	PG_FREE_IF_COPY(v, 0);
	return h;
}
