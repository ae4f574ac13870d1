/*
 * record_shape_sql.c -- pith.record_shape(): the key table of the v1 record
 * (src/core/record_shape.c) as rows, so that SQL (ingest's checks, tests,
 * readers who want to know the shape) reads the same declaration the C
 * writer writes from.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

#include "core/record_shape.h"

/*
 * pith_record_shape() returns setof (object text, key text, position int):
 * every object of the record with its keys in the order the canonical text
 * writes them (position from 1).
 */
PG_FUNCTION_INFO_V1(pith_record_shape);
Datum
pith_record_shape(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	int			o,
				k;

	InitMaterializedSRF(fcinfo, 0);
	for (o = 0; o < PITH_OBJ_COUNT; o++)
		for (k = 0; k < pith_shape_objects[o].nkeys; k++)
		{
			Datum		values[3];
			bool		nulls[3] = {false, false, false};

			values[0] = CStringGetTextDatum(pith_shape_objects[o].name);
			values[1] = CStringGetTextDatum(pith_shape_objects[o].keys[k].name);
			values[2] = Int32GetDatum(k + 1);
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
		}
	return (Datum) 0;
}
