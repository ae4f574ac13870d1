/*
 * test_record_shape.c -- unit test of the v1 record's key tables
 * (src/core/record_shape.c): every object's keys are in Unicode code point
 * order (the canonical text writes them in table order), each member prefix
 * is exactly "name":, and the tables hold the keys SPEC section 2 lists;
 * and the record's nesting (pith_shape_children): each entry names a key
 * of its parent, in key order, once; every object but the record hangs
 * off the tree; the known children, spelled out.  Exit 0 on success.
 */
#include "canonical_json.h"
#include "record_shape.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

/* Report a failed expectation. */
static void
fail(const char *what, const char *detail)
{
	fprintf(stderr, "FAIL: %s: %s\n", what, detail);
	failures++;
}

/* The keys of object o joined with commas, into out. */
static void
joined(int o, char *out, size_t cap)
{
	const pith_shape_object *obj = &pith_shape_objects[o];
	size_t		n = 0;
	int			k;

	out[0] = '\0';
	for (k = 0; k < obj->nkeys; k++)
		n += snprintf(out + n, cap - n, "%s%s", k ? "," : "", obj->keys[k].name);
}

/* The nested keys of object o, "[]" after an array's, joined with commas, into out. */
static void
nested_joined(int o, char *out, size_t cap)
{
	size_t		n = 0;
	int			i;

	out[0] = '\0';
	for (i = 0; i < pith_shape_nchildren; i++)
	{
		const pith_shape_child *ch = &pith_shape_children[i];

		if (ch->parent != (pith_shape_object_id) o)
			continue;
		n += snprintf(out + n, cap - n, "%s%s%s", n ? "," : "",
					  pith_shape_key_at(ch->parent, ch->key)->name, ch->array ? "[]" : "");
	}
}

/*
 * Containers from the record's root down to the deepest one (an object
 * counts 1, an array of objects 1 more), or -1 past PITH_OBJ_COUNT levels
 * (the nesting would have a cycle).
 */
static int
depth_below(int o, int level)
{
	int			deepest = 1;
	int			i;

	if (level > PITH_OBJ_COUNT)
		return -1;
	for (i = 0; i < pith_shape_nchildren; i++)
	{
		const pith_shape_child *ch = &pith_shape_children[i];
		int			d;

		if (ch->parent != (pith_shape_object_id) o)
			continue;
		d = depth_below(ch->child, level + 1);
		if (d < 0)
			return -1;
		if (1 + ch->array + d > deepest)
			deepest = 1 + ch->array + d;
	}
	return deepest;
}

/* Check the record's nesting (pith_shape_children). */
static void
check_nesting(void)
{
	int			hung[PITH_OBJ_COUNT] = {0};
	char		buf[1024];
	const pith_shape_child *ch;
	int			i,
				o;

	if (pith_shape_nchildren < 1)
		fail("nesting", "empty");
	for (i = 0; i < pith_shape_nchildren; i++)
	{
		ch = &pith_shape_children[i];
		if ((int) ch->parent < 0 || ch->parent >= PITH_OBJ_COUNT || (int) ch->child < 0 ||
			ch->child >= PITH_OBJ_COUNT)
		{
			fail("nesting entry names known objects", "out of range");
			continue;
		}
		if (ch->key < 0 || ch->key >= pith_shape_objects[ch->parent].nkeys)
		{
			fail("nested key is a key of its parent", pith_shape_objects[ch->parent].name);
			continue;
		}
		if (ch->array != 0 && ch->array != 1)
			fail("array is 0 or 1", pith_shape_key_at(ch->parent, ch->key)->name);
		if (ch->child == PITH_OBJ_RECORD || ch->child == ch->parent)
			fail("nothing nests the record or itself", pith_shape_objects[ch->parent].name);
		if (pith_shape_child_at(ch->parent, ch->key) != ch)
			fail("one entry per key", pith_shape_key_at(ch->parent, ch->key)->name);
		if (i > 0 && pith_shape_children[i - 1].parent == ch->parent &&
			pith_shape_children[i - 1].key >= ch->key)
			fail("a parent's entries in key order", pith_shape_key_at(ch->parent, ch->key)->name);
		hung[ch->child]++;
	}
	for (o = 1; o < PITH_OBJ_COUNT; o++)
		if (hung[o] == 0)
			fail("every object is nested somewhere", pith_shape_objects[o].name);
	/* a parent's entries are together: it comes back only after its own run */
	for (i = 1; i < pith_shape_nchildren; i++)
	{
		int			j;

		if (pith_shape_children[i].parent == pith_shape_children[i - 1].parent)
			continue;
		for (j = 0; j < i - 1; j++)
			if (pith_shape_children[j].parent == pith_shape_children[i].parent)
				fail("a parent's entries together", pith_shape_objects[pith_shape_children[i].parent].name);
	}

	/* known children, and known scalars */
	ch = pith_shape_child_at(PITH_OBJ_RECORD, PITH_RK_OUTBOUND);
	if (ch == NULL || ch->child != PITH_OBJ_OBSERVATION || !ch->array)
		fail("record.outbound", "is not an array of observations");
	ch = pith_shape_child_at(PITH_OBJ_RECORD, PITH_RK_INBOUND);
	if (ch == NULL || ch->child != PITH_OBJ_OBSERVATION || !ch->array)
		fail("record.inbound", "is not an array of observations");
	ch = pith_shape_child_at(PITH_OBJ_RECORD, PITH_RK_CAPS);
	if (ch == NULL || ch->child != PITH_OBJ_CAPS || ch->array)
		fail("record.caps", "is not the caps object");
	ch = pith_shape_child_at(PITH_OBJ_REFERENCE_RESOLUTION, PITH_RR_STATE_COUNTS);
	if (ch == NULL || ch->child != PITH_OBJ_STATE_COUNTS || ch->array)
		fail("reference_resolution.state_counts", "is not the state counts object");
	ch = pith_shape_child_at(PITH_OBJ_CITATION, PITH_CIT_CITED_PAPER);
	if (ch == NULL || ch->child != PITH_OBJ_OBSERVATION_PAPER || ch->array)
		fail("citation.cited_paper", "is not an observation paper");
	ch = pith_shape_child_at(PITH_OBJ_CITATION, PITH_CIT_CITED_WORK);
	if (ch == NULL || ch->child != PITH_OBJ_CITED_WORK || ch->array)
		fail("citation.cited_work", "is not the cited work object");
	ch = pith_shape_child_at(PITH_OBJ_STANDING_NOTICE, PITH_SN_EVENTS);
	if (ch == NULL || ch->child != PITH_OBJ_EVENT || !ch->array)
		fail("standing_notice.events", "is not an array of events");
	ch = pith_shape_child_at(PITH_OBJ_STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS);
	if (ch == NULL || ch->child != PITH_OBJ_RECEIPT || !ch->array)
		fail("standing_notice.source_receipts", "is not an array of receipts");
	if (pith_shape_child_at(PITH_OBJ_RECORD, PITH_RK_AS_OF) != NULL)
		fail("record.as_of", "nests an object");
	if (pith_shape_child_at(PITH_OBJ_CITATION, PITH_CIT_REFERENCE_INDEX) != NULL)
		fail("citation.reference_index", "nests an object");
	if (pith_shape_child_at(PITH_OBJ_STANDING_NOTICE, PITH_SN_OBSERVATION) != NULL)
		fail("standing_notice.observation", "nests an object");
	for (o = 0; o < PITH_OBJ_COUNT; o++)
		if (pith_shape_child_at(o, -1) != NULL || pith_shape_child_at(o, pith_shape_objects[o].nkeys) != NULL)
			fail("no entry outside the keys", pith_shape_objects[o].name);

	/* each parent's nested keys, by hand */
	nested_joined(PITH_OBJ_RECORD, buf, sizeof(buf));
	if (strcmp(buf, "caps,coverage[],external_citation_measurements[],inbound[],links,outbound[],"
			   "paper,reference_resolution,standing_sources[]") != 0)
		fail("record nests", buf);
	nested_joined(PITH_OBJ_OBSERVATION, buf, sizeof(buf));
	if (strcmp(buf, "citation,links,resolution,standing_notice") != 0)
		fail("observation nests", buf);
	nested_joined(PITH_OBJ_CITATION, buf, sizeof(buf));
	if (strcmp(buf, "cited_paper,cited_work,citing_paper") != 0)
		fail("citation nests", buf);
	nested_joined(PITH_OBJ_STANDING_NOTICE, buf, sizeof(buf));
	if (strcmp(buf, "events[],source_receipts[]") != 0)
		fail("standing_notice nests", buf);
	nested_joined(PITH_OBJ_CITED_WORK, buf, sizeof(buf));
	if (strcmp(buf, "") != 0)
		fail("cited_work nests", buf);

	/* record > outbound[] > observation > standing_notice > events[] > event */
	o = depth_below(PITH_OBJ_RECORD, 0);
	if (o != 6)
	{
		snprintf(buf, sizeof(buf), "%d", o);
		fail("the record is 6 containers deep", buf);
	}
}

int
main(void)
{
	char		buf[1024];
	int			o,
				k;

	for (o = 0; o < PITH_OBJ_COUNT; o++)
	{
		const pith_shape_object *obj = &pith_shape_objects[o];

		if (obj->name == NULL || obj->nkeys < 1)
		{
			fail("object has a name and keys", obj->name ? obj->name : "(null)");
			continue;
		}
		if (pith_shape_object_by_name(obj->name) != o)
			fail("object found by its name", obj->name);
		for (k = 0; k < obj->nkeys; k++)
		{
			const pith_shape_key *key = &obj->keys[k];

			snprintf(buf, sizeof(buf), "\"%s\":", key->name);
			if (strcmp(buf, key->member) != 0 || strlen(buf) != key->member_len)
				fail("member prefix is \"name\":", key->name);
			if (k > 0 && pith_cj_key_cmp(obj->keys[k - 1].name, strlen(obj->keys[k - 1].name),
										 key->name, strlen(key->name)) >= 0)
				fail("keys in code point order", obj->name);
		}
	}
	if (pith_shape_object_by_name("no such object") != -1)
		fail("unknown object name", "found");

	/* the lists of SPEC section 2, spelled out once more by hand */
	joined(PITH_OBJ_RECORD, buf, sizeof(buf));
	if (strcmp(buf, "as_of,caps,context_digest,coverage,external_citation_measurements,inbound,"
			   "links,outbound,paper,reference_resolution,refusal,schema,standing_sources,thesis") != 0)
		fail("record keys", buf);
	joined(PITH_OBJ_OBSERVATION, buf, sizeof(buf));
	if (strcmp(buf, "citation,links,observation_digest,observation_id,resolution,standing_notice") != 0)
		fail("observation keys", buf);
	joined(PITH_OBJ_CITED_WORK, buf, sizeof(buf));
	if (strcmp(buf, "arxiv_id,doi,metadata_source,pith_arxiv_id,snapshot_observed_at,title,venue,"
			   "work_id,year") != 0)
		fail("cited_work keys", buf);
	joined(PITH_OBJ_COVERAGE_LANE, buf, sizeof(buf));
	if (strcmp(buf, "denominator,lane,note,records_observed,source,source_observed_at,state") != 0)
		fail("coverage lane keys", buf);
	joined(PITH_OBJ_STATE_COUNTS, buf, sizeof(buf));
	if (strcmp(buf, "malformed_identifier,metadata_mismatch,parse_uncertain,unresolved,"
			   "verified_exact,verified_fuzzy") != 0)
		fail("state count keys", buf);
	if (strcmp(pith_shape_key_at(PITH_OBJ_STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS)->name,
			   "source_receipts") != 0)
		fail("key by position", "standing_notice.source_receipts");
	check_nesting();

	if (failures)
		return 1;
	printf("record_shape: all checks passed\n");
	return 0;
}
