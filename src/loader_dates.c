/*
 * loader_dates.c -- fmgr glue for the loaders' date parsing:
 * pith.loader_rw_date(text), the Retraction Watch database's dates
 * (src/core/rw_date.c), NULL when the text is not one.
 */
#include "postgres.h"

#include "datatype/timestamp.h"
#include "fmgr.h"
#include "utils/date.h"
#include "utils/datetime.h"

#include "pith.h"
#include "rw_date.h"

PG_FUNCTION_INFO_V1(pith_loader_rw_date);
/* pith.loader_rw_date(text): the date, or NULL when it is not one. */
Datum
pith_loader_rw_date(PG_FUNCTION_ARGS)
{
	text	   *t = PG_GETARG_TEXT_PP(0);
	int			y,
				m,
				d;

	if (!pith_rw_date_parse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &y, &m, &d))
		PG_RETURN_NULL();
	PG_RETURN_DATEADT(date2j(y, m, d) - POSTGRES_EPOCH_JDATE);
}
