/*
 * test_record_shape.c -- unit test of the v1 record's key tables
 * (src/core/record_shape.c): every object's keys are in Unicode code point
 * order (the canonical text writes them in table order), each member prefix
 * is exactly "name":, and the tables hold the keys SPEC section 2 lists.
 * Exit 0 on success.
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

	if (failures)
		return 1;
	printf("record_shape: all checks passed\n");
	return 0;
}
