/*
 * plan_growth.h -- when the plans a session cached for writing were made on
 * tables much smaller than they are now (see plan_growth.c).
 */
#ifndef PITH_PLAN_GROWTH_H
#define PITH_PLAN_GROWTH_H

#include <stdbool.h>
#include <stdint.h>

/* A table outgrows the plans beyond twice its planned size plus this many bytes. */
#define PITH_PLAN_GROWTH_SLACK (16 * 1024)

bool		pith_plans_outgrown(int64_t *planned_bytes, const int64_t *now_bytes, int ntables);

#endif
