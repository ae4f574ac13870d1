/*
 * record_shape_sql.c -- pith.record_shape(): the key table of the v1 record
 * (src/core/record_shape.c) as rows, so that SQL (tests, readers who want to
 * know the shape) reads the same declaration the C writer writes from; and
 * pith.record_shape_problem(): ingest's shape check, every object of a
 * document against the same table (a missing key, an unknown key, an object
 * where none can be), walking the record's nesting declared beside that
 * table (pith_shape_children).  Adding a key to the record is one edit there.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
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

static bool shape_check_object(JsonbContainer *c, int obj, StringInfo where, StringInfo problem);

/* True when key (len bytes) is one of object obj's keys. */
static bool
shape_has_key(int obj, const char *key, int len)
{
	const pith_shape_object *o = &pith_shape_objects[obj];
	int			k;

	for (k = 0; k < o->nkeys; k++)
		if ((int) strlen(o->keys[k].name) == len && memcmp(o->keys[k].name, key, len) == 0)
			return true;
	return false;
}

/*
 * Check the value v, found at where, as object obj (or, for an array
 * child, as an array of them).  JSON null passes: whether a value may be
 * null is for ingest's value checks to say.
 */
static bool
shape_check_value(JsonbValue *v, int obj, bool array, StringInfo where, StringInfo problem)
{
	int			len = where->len;
	JsonbContainer *c;

	if (v->type == jbvNull)
		return true;
	if (v->type != jbvBinary)
	{
		appendStringInfo(problem, "%s is not %s", where->data, array ? "an array" : "an object");
		return false;
	}
	c = v->val.binary.data;
	if (!array)
	{
		if (!JsonContainerIsObject(c))
		{
			appendStringInfo(problem, "%s is not an object", where->data);
			return false;
		}
		return shape_check_object(c, obj, where, problem);
	}
	if (!JsonContainerIsArray(c))
	{
		appendStringInfo(problem, "%s is not an array", where->data);
		return false;
	}
	for (uint32 i = 0; i < JsonContainerSize(c); i++)
	{
		JsonbValue *e = getIthJsonbValueFromContainer(c, i);

		appendStringInfo(where, "[%u]", i);
		if (e->type != jbvBinary || !JsonContainerIsObject(e->val.binary.data))
		{
			appendStringInfo(problem, "%s is not an object", where->data);
			return false;
		}
		if (!shape_check_object(e->val.binary.data, obj, where, problem))
			return false;
		where->len = len;
		where->data[len] = '\0';
	}
	return true;
}

/*
 * Check the object c at where against object obj of the key table: every
 * key there (but the optional ones), no other key, and every nested object
 * in turn.  On the first problem, write it to problem and return false.
 */
static bool
shape_check_object(JsonbContainer *c, int obj, StringInfo where, StringInfo problem)
{
	const pith_shape_object *o = &pith_shape_objects[obj];
	uint32		present = 0;
	int			k;
	int			len = where->len;

	CHECK_FOR_INTERRUPTS();
	for (k = 0; k < o->nkeys; k++)
	{
		JsonbValue	tmp;

		if (getKeyJsonValueFromContainer(c, o->keys[k].name, strlen(o->keys[k].name), &tmp) != NULL)
			present++;
		else if (!o->keys[k].optional)
		{
			appendStringInfo(problem, "%s has no key \"%s\"", len ? where->data : "the record", o->keys[k].name);
			return false;
		}
	}
	if (JsonContainerSize(c) != present)
	{
		/* name the first key the table does not know */
		JsonbIterator *it = JsonbIteratorInit(c);
		JsonbValue	v;
		JsonbIteratorToken tok;

		while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
			if (tok == WJB_KEY && !shape_has_key(obj, v.val.string.val, v.val.string.len))
			{
				appendStringInfo(problem, "%s has an unknown key \"%.*s\"", len ? where->data : "the record",
								 v.val.string.len, v.val.string.val);
				return false;
			}
	}
	for (k = 0; k < pith_shape_nchildren; k++)
	{
		const pith_shape_child *ch = &pith_shape_children[k];
		const char *key;
		JsonbValue	tmp;
		JsonbValue *v;

		if (ch->parent != obj)
			continue;
		key = pith_shape_key_at(ch->parent, ch->key)->name;
		v = getKeyJsonValueFromContainer(c, key, strlen(key), &tmp);
		if (v == NULL)
			continue;
		appendStringInfo(where, "%s%s", len ? "." : "", key);
		if (!shape_check_value(v, ch->child, ch->array, where, problem))
			return false;
		where->len = len;
		where->data[len] = '\0';
	}
	return true;
}

/*
 * pith_record_shape_problem(record jsonb) returns text: NULL when every
 * object of the document has exactly the keys of the v1 key table (optional
 * ones aside), else the first problem, e.g.
 * outbound[2].citation.cited_work has no key "doi".
 */
PG_FUNCTION_INFO_V1(pith_record_shape_problem);
Datum
pith_record_shape_problem(PG_FUNCTION_ARGS)
{
	Jsonb	   *doc = PG_GETARG_JSONB_P(0);
	StringInfoData where;
	StringInfoData problem;

	initStringInfo(&where);
	initStringInfo(&problem);
	if (!JB_ROOT_IS_OBJECT(doc))
		PG_RETURN_TEXT_P(cstring_to_text("the record is not an object"));
	if (shape_check_object(&doc->root, PITH_OBJ_RECORD, &where, &problem))
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(problem.data));
}
