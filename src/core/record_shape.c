/*
 * record_shape.c -- the key tables of pith.paper-citation-record.v1 (see
 * record_shape.h): every object of the record with its keys in code point
 * order, the order its canonical text writes them, and the nesting of those
 * objects.
 */
#include "record_shape.h"

#include <string.h>

/* A key entry: its name and the member prefix "name": the writer emits. */
#define K(n) {n, "\"" n "\":", sizeof(n) + 2, 0}
/* A key some records leave out (SPEC section 3: links.cited_paper only with a
 * cited paper, standing_notice.observation only with a work link). */
#define KOPT(n) {n, "\"" n "\":", sizeof(n) + 2, 1}

static const pith_shape_key record_keys[PITH_RK_COUNT] = {
	K("as_of"), K("caps"), K("context_digest"), K("coverage"),
	K("external_citation_measurements"), K("inbound"), K("links"), K("outbound"),
	K("paper"), K("reference_resolution"), K("refusal"), K("schema"),
	K("standing_sources"), K("thesis"),
};
static const pith_shape_key caps_keys[PITH_CAPS_COUNT] = {
	K("database_statements"), K("inbound"), K("outbound"),
};
static const pith_shape_key lane_keys[PITH_LANE_COUNT] = {
	K("denominator"), K("lane"), K("note"), K("records_observed"), K("source"),
	K("source_observed_at"), K("state"),
};
static const pith_shape_key measurement_keys[PITH_MEAS_COUNT] = {
	K("cited_by_count"), K("measured_at"), K("source"),
};
static const pith_shape_key record_links_keys[PITH_RL_COUNT] = {
	K("evidence"), K("html"), K("integrity"), K("json"), K("paper"),
};
static const pith_shape_key record_paper_keys[PITH_RP_COUNT] = {
	K("arxiv_id"), K("last_updated"), K("latest_version"), K("primary_category"),
	K("snapshot_observed_at"), K("submitted_at"), K("title"),
};
static const pith_shape_key reference_resolution_keys[PITH_RR_COUNT] = {
	K("displayed"), K("state_counts"), K("total_outbound_references"),
};
static const pith_shape_key state_counts_keys[PITH_SC_COUNT] = {
	K("malformed_identifier"), K("metadata_mismatch"), K("parse_uncertain"),
	K("unresolved"), K("verified_exact"), K("verified_fuzzy"),
};
static const pith_shape_key standing_source_keys[PITH_SS_COUNT] = {
	K("observed_at"), K("source"),
};
static const pith_shape_key observation_keys[PITH_OK_COUNT] = {
	K("citation"), K("links"), K("observation_digest"), K("observation_id"),
	K("resolution"), K("standing_notice"),
};
static const pith_shape_key citation_keys[PITH_CIT_COUNT] = {
	K("cited_paper"), K("cited_work"), K("citing_paper"), K("reference_index"),
	K("source"), K("source_observed_at"),
};
static const pith_shape_key observation_paper_keys[PITH_OP_COUNT] = {
	K("arxiv_id"), K("last_updated"), K("snapshot_observed_at"), K("submitted_at"),
	K("title"), K("version"),
};
static const pith_shape_key cited_work_keys[PITH_CW_COUNT] = {
	K("arxiv_id"), K("doi"), K("metadata_source"), K("pith_arxiv_id"),
	K("snapshot_observed_at"), K("title"), K("venue"), K("work_id"), K("year"),
};
static const pith_shape_key observation_links_keys[PITH_OL_COUNT] = {
	KOPT("cited_paper"), K("citing_paper"),
};
static const pith_shape_key resolution_keys[PITH_RES_COUNT] = {
	K("observed_at"), K("resolver_source"), K("status"),
};
static const pith_shape_key standing_notice_keys[PITH_SN_COUNT] = {
	K("events"), KOPT("observation"), K("reason"), K("source_receipts"), K("state"),
};
static const pith_shape_key receipt_keys[PITH_RC_COUNT] = {
	K("observed_at"), K("source"),
};
static const pith_shape_key event_keys[PITH_EV_COUNT] = {
	K("event_date"), K("event_type"), K("notice_doi"), K("observed_at"), K("source"),
};

#define OBJ(n, keys) {n, keys, (int) (sizeof(keys) / sizeof(keys[0]))}

const pith_shape_object pith_shape_objects[PITH_OBJ_COUNT] = {
	[PITH_OBJ_RECORD] = OBJ("record", record_keys),
	[PITH_OBJ_CAPS] = OBJ("caps", caps_keys),
	[PITH_OBJ_COVERAGE_LANE] = OBJ("coverage[]", lane_keys),
	[PITH_OBJ_MEASUREMENT] = OBJ("external_citation_measurements[]", measurement_keys),
	[PITH_OBJ_RECORD_LINKS] = OBJ("links", record_links_keys),
	[PITH_OBJ_RECORD_PAPER] = OBJ("paper", record_paper_keys),
	[PITH_OBJ_REFERENCE_RESOLUTION] = OBJ("reference_resolution", reference_resolution_keys),
	[PITH_OBJ_STATE_COUNTS] = OBJ("reference_resolution.state_counts", state_counts_keys),
	[PITH_OBJ_STANDING_SOURCE] = OBJ("standing_sources[]", standing_source_keys),
	[PITH_OBJ_OBSERVATION] = OBJ("observation", observation_keys),
	[PITH_OBJ_CITATION] = OBJ("observation.citation", citation_keys),
	[PITH_OBJ_OBSERVATION_PAPER] = OBJ("observation.citation.citing_paper", observation_paper_keys),
	[PITH_OBJ_CITED_WORK] = OBJ("observation.citation.cited_work", cited_work_keys),
	[PITH_OBJ_OBSERVATION_LINKS] = OBJ("observation.links", observation_links_keys),
	[PITH_OBJ_RESOLUTION] = OBJ("observation.resolution", resolution_keys),
	[PITH_OBJ_STANDING_NOTICE] = OBJ("observation.standing_notice", standing_notice_keys),
	[PITH_OBJ_RECEIPT] = OBJ("observation.standing_notice.source_receipts[]", receipt_keys),
	[PITH_OBJ_EVENT] = OBJ("observation.standing_notice.events[]", event_keys),
};

/* Index of the object named name, or -1. */
int
pith_shape_object_by_name(const char *name)
{
	int			o;

	for (o = 0; o < PITH_OBJ_COUNT; o++)
		if (strcmp(pith_shape_objects[o].name, name) == 0)
			return o;
	return -1;
}

/* Entry: key position key of object parent holds object child (array: 1 for an array of them). */
#define NEST(parent, key, child, array) {PITH_OBJ_##parent, key, PITH_OBJ_##child, array}

const pith_shape_child pith_shape_children[] = {
	NEST(RECORD, PITH_RK_CAPS, CAPS, 0),
	NEST(RECORD, PITH_RK_COVERAGE, COVERAGE_LANE, 1),
	NEST(RECORD, PITH_RK_EXTERNAL_CITATION_MEASUREMENTS, MEASUREMENT, 1),
	NEST(RECORD, PITH_RK_INBOUND, OBSERVATION, 1),
	NEST(RECORD, PITH_RK_LINKS, RECORD_LINKS, 0),
	NEST(RECORD, PITH_RK_OUTBOUND, OBSERVATION, 1),
	NEST(RECORD, PITH_RK_PAPER, RECORD_PAPER, 0),
	NEST(RECORD, PITH_RK_REFERENCE_RESOLUTION, REFERENCE_RESOLUTION, 0),
	NEST(RECORD, PITH_RK_STANDING_SOURCES, STANDING_SOURCE, 1),
	NEST(REFERENCE_RESOLUTION, PITH_RR_STATE_COUNTS, STATE_COUNTS, 0),
	NEST(OBSERVATION, PITH_OK_CITATION, CITATION, 0),
	NEST(OBSERVATION, PITH_OK_LINKS, OBSERVATION_LINKS, 0),
	NEST(OBSERVATION, PITH_OK_RESOLUTION, RESOLUTION, 0),
	NEST(OBSERVATION, PITH_OK_STANDING_NOTICE, STANDING_NOTICE, 0),
	NEST(CITATION, PITH_CIT_CITED_PAPER, OBSERVATION_PAPER, 0),
	NEST(CITATION, PITH_CIT_CITED_WORK, CITED_WORK, 0),
	NEST(CITATION, PITH_CIT_CITING_PAPER, OBSERVATION_PAPER, 0),
	NEST(STANDING_NOTICE, PITH_SN_EVENTS, EVENT, 1),
	NEST(STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS, RECEIPT, 1),
};

const int	pith_shape_nchildren = (int) (sizeof(pith_shape_children) / sizeof(pith_shape_children[0]));

/* The entry for key position key of object parent, or NULL for a scalar key. */
const pith_shape_child *
pith_shape_child_at(pith_shape_object_id parent, int key)
{
	int			i;

	for (i = 0; i < pith_shape_nchildren; i++)
		if (pith_shape_children[i].parent == parent && pith_shape_children[i].key == key)
			return &pith_shape_children[i];
	return NULL;
}
