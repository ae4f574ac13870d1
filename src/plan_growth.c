/*
 * plan_growth.c -- pith.discard_outgrown_plans(): discard the session's
 * cached plans once a table pith writes has more than doubled since
 * the plans were made (src/core/plan_growth.c says when), so that plans
 * made while those tables were a page or two -- sequential scans, among
 * them the foreign-key checks of every written row -- are made again for
 * the tables as they are.  The writers (ingest_record, ingest_records)
 * call it before they start.  The state is the backend's: the size of
 * each table when its plans were last discarded, or when it first asked.
 */
#include "postgres.h"

#include "access/relation.h"
#include "catalog/namespace.h"
#include "fmgr.h"
#include "storage/bufmgr.h"
#include "storage/lockdefs.h"
#include "utils/lsyscache.h"
#include "utils/plancache.h"
#include "utils/rel.h"

#include "core/plan_growth.h"
#include "pith.h"

/* the tables whose rows every write of a document adds to */
static const char *const written_tables[] = {
	"papers", "paper_versions", "cited_works", "paper_references",
	"paper_reference_links", "inbound_references", "paper_write_locks"
};

static int64_t planned_bytes[lengthof(written_tables)] = {-1, -1, -1, -1, -1, -1, -1};

PG_FUNCTION_INFO_V1(pith_discard_outgrown_plans);
Datum
pith_discard_outgrown_plans(PG_FUNCTION_ARGS)
{
	Oid			nsp = get_namespace_oid("pith", true);
	int64_t		bytes[lengthof(written_tables)];

	StaticAssertStmt(lengthof(written_tables) == 7, "planned_bytes' initializer holds one -1 per written table");
	for (size_t i = 0; i < lengthof(written_tables); i++)
	{
		Oid			relid = OidIsValid(nsp) ? get_relname_relid(written_tables[i], nsp) : InvalidOid;
		Relation	rel = OidIsValid(relid) ? try_relation_open(relid, AccessShareLock) : NULL;

		/* (a table dropped by hand: its size is unknown) */
		bytes[i] = -1;
		if (rel == NULL)
			continue;
		if (RELKIND_HAS_STORAGE(rel->rd_rel->relkind))
			bytes[i] = (int64_t) RelationGetNumberOfBlocks(rel) * BLCKSZ;
		relation_close(rel, AccessShareLock);
	}
	if (!pith_plans_outgrown(planned_bytes, bytes, (int) lengthof(written_tables)))
		PG_RETURN_BOOL(false);
	/* what DISCARD PLANS does: every cached plan is made again on its next use */
	ResetPlanCache();
	PG_RETURN_BOOL(true);
}
