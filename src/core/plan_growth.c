/*
 * plan_growth.c -- when the plans a session cached for writing were made on
 * tables much smaller than they are now.
 *
 * A cached plan is made once and kept until something invalidates it (an
 * ANALYZE of a table it reads, a change of the table's definition): a plan
 * made while a table was a page or two -- the first documents loaded into
 * an empty database -- reads it by a sequential scan, and keeps doing so
 * while the table grows, within one transaction (whose new rows ANALYZE
 * does not see) and until autovacuum next analyzes it.  The foreign-key
 * checks of every written row are such plans.  The writers ask this before
 * they start: once one of the tables has grown to more than twice its size
 * when the plans were last made (plus PITH_PLAN_GROWTH_SLACK, so that a
 * page or two more does not count), the plans are outgrown and the caller
 * discards them.  Each table at most doubles between two discards, so a
 * load of any size discards them a number of times logarithmic in its size.
 *
 * planned_bytes[i] is the state for table i: below 0 before the first
 * question (the plans are being made now: not outgrown).  A table smaller
 * than planned (a truncation, which itself invalidates the plans) is
 * planned at its new size.  A negative size (unknown) never counts.
 */
#include "plan_growth.h"

bool
pith_plans_outgrown(int64_t *planned_bytes, const int64_t *now_bytes, int ntables)
{
	bool		outgrown = false;

	for (int i = 0; i < ntables; i++)
	{
		int64_t		planned = planned_bytes[i],
					now = now_bytes[i];

		if (now < 0)
			continue;
		if (planned < 0 || now < planned)
			planned_bytes[i] = now;
		else if (now - PITH_PLAN_GROWTH_SLACK > planned
				 && now - PITH_PLAN_GROWTH_SLACK - planned > planned)
			outgrown = true;
	}
	if (outgrown)
		for (int i = 0; i < ntables; i++)
			if (now_bytes[i] >= 0)
				planned_bytes[i] = now_bytes[i];
	return outgrown;
}
