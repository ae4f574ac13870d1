/*
 * pith.c -- module entry point: the PostgreSQL magic block and _PG_init,
 * which defines pith's settings (pith.*) and reserves the prefix.
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/guc.h"

#include "pith.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

/* Define every pith.* setting and reserve the prefix. */
void
_PG_init(void)
{
	pith_title_define_gucs();
	pith_reference_define_gucs();
	pith_ingest_define_gucs();
	MarkGUCPrefixReserved("pith");
}
