/*
 * render.c -- fmgr glue for the record page renderer: pith.html_escape and
 * pith.html_safe_href, thin wrappers around src/core/html_escape.c.  The
 * page layouts (pith.render_text, pith.render_html_page) are C as well, in
 * src/render_page.c; pith.render_html and the integrity sentence are SQL in
 * src/sql/70_render.sql.
 */
#include "postgres.h"

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/memutils.h"

#include "html_escape.h"
#include "pith.h"

/* The escaper's check (see pith_html_escape_set_check): honour cancels. */
void
pith_html_escape_interrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* pith.html_escape(text) RETURNS text: the text escaped for HTML. */
PG_FUNCTION_INFO_V1(pith_html_escape_text);
Datum
pith_html_escape_text(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);
	const char *s = VARDATA_ANY(in);
	size_t		len = VARSIZE_ANY_EXHDR(in);
	size_t		need;
	size_t		written;
	text	   *out;

	pith_html_escape_set_check(pith_html_escape_interrupts);
	need = pith_html_escaped_len(s, len);
	if (need > MaxAllocSize - VARHDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("escaped text too long"),
				 errdetail("Escaping %zu bytes would need %zu bytes; the limit is %zu.",
						   len, need, (size_t) (MaxAllocSize - VARHDRSZ))));

	out = (text *) palloc(VARHDRSZ + need);
	written = pith_html_escape(s, len, VARDATA(out));
	/* the core's two passes agree: it wrote exactly what it asked room for */
	Assert(written == need);
	SET_VARSIZE(out, VARHDRSZ + written);
	PG_RETURN_TEXT_P(out);
}

/* pith.html_safe_href(text) RETURNS boolean: is it a safe same-origin link target? */
PG_FUNCTION_INFO_V1(pith_html_safe_href_text);
Datum
pith_html_safe_href_text(PG_FUNCTION_ARGS)
{
	text	   *in = PG_GETARG_TEXT_PP(0);

	PG_RETURN_BOOL(pith_html_safe_href(VARDATA_ANY(in), VARSIZE_ANY_EXHDR(in)));
}
