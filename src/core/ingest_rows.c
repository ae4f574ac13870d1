/*
 * ingest_rows.c -- the row tables of set-wise ingest (see ingest_rows.h):
 * per kind of row, the objects of a document it is read from and the key
 * of each column, as ingest_record reads them (src/sql/55_ingest.sql).
 */
#include "ingest_rows.h"

#include <string.h>

const pith_shape_object_id pith_ingest_source_object[PITH_SRC_COUNT] = {
	[PITH_SRC_RECORD] = PITH_OBJ_RECORD,
	[PITH_SRC_PAPER] = PITH_OBJ_RECORD_PAPER,
	[PITH_SRC_MEASUREMENT] = PITH_OBJ_MEASUREMENT,
	[PITH_SRC_OBSERVATION] = PITH_OBJ_OBSERVATION,
	[PITH_SRC_CITATION] = PITH_OBJ_CITATION,
	[PITH_SRC_CITING_PAPER] = PITH_OBJ_OBSERVATION_PAPER,
	[PITH_SRC_CITED_PAPER] = PITH_OBJ_OBSERVATION_PAPER,
	[PITH_SRC_CITED_WORK] = PITH_OBJ_CITED_WORK,
	[PITH_SRC_RESOLUTION] = PITH_OBJ_RESOLUTION,
	[PITH_SRC_RECEIPT] = PITH_OBJ_RECEIPT,
	[PITH_SRC_EVENT] = PITH_OBJ_EVENT,
};

#define COL(c, s, k) {c, s, k, 0}
#define COL_RAW(c, s, k) {c, s, k, 1}
#define RULE(level, when, cols) {level, when, cols, (int) (sizeof(cols) / sizeof(cols[0])), -1}
#define RULE_DISTINCT(level, when, cols, by) {level, when, cols, (int) (sizeof(cols) / sizeof(cols[0])), by}

/* documents: the paper each document is about, and its as_of */
static const pith_ingest_column document_columns[] = {
	COL("paper", PITH_SRC_PAPER, PITH_RP_ARXIV_ID),
	COL("as_of", PITH_SRC_RECORD, PITH_RK_AS_OF),
};
static const pith_ingest_rule document_rules[] = {
	RULE(PITH_LEVEL_DOCUMENT, PITH_WHEN_ALWAYS, document_columns),
};

/*
 * papers: the document's paper; every observation's citing paper (its
 * version is the citing version, not the paper's latest); and its cited
 * paper, whose version is the latest the document knows of (each distinct
 * citing or cited paper object once per document)
 */
static const pith_ingest_column paper_columns[] = {
	COL("arxiv_id", PITH_SRC_PAPER, PITH_RP_ARXIV_ID),
	COL("title", PITH_SRC_PAPER, PITH_RP_TITLE),
	COL("latest_version", PITH_SRC_PAPER, PITH_RP_LATEST_VERSION),
	COL("submitted_at", PITH_SRC_PAPER, PITH_RP_SUBMITTED_AT),
	COL("last_updated", PITH_SRC_PAPER, PITH_RP_LAST_UPDATED),
	COL("primary_category", PITH_SRC_PAPER, PITH_RP_PRIMARY_CATEGORY),
	COL("snapshot_observed_at", PITH_SRC_PAPER, PITH_RP_SNAPSHOT_OBSERVED_AT),
};
static const pith_ingest_column citing_paper_columns[] = {
	COL("arxiv_id", PITH_SRC_CITING_PAPER, PITH_OP_ARXIV_ID),
	COL("title", PITH_SRC_CITING_PAPER, PITH_OP_TITLE),
	COL("submitted_at", PITH_SRC_CITING_PAPER, PITH_OP_SUBMITTED_AT),
	COL("last_updated", PITH_SRC_CITING_PAPER, PITH_OP_LAST_UPDATED),
	COL("snapshot_observed_at", PITH_SRC_CITING_PAPER, PITH_OP_SNAPSHOT_OBSERVED_AT),
};
static const pith_ingest_column cited_paper_columns[] = {
	COL("arxiv_id", PITH_SRC_CITED_PAPER, PITH_OP_ARXIV_ID),
	COL("title", PITH_SRC_CITED_PAPER, PITH_OP_TITLE),
	COL("latest_version", PITH_SRC_CITED_PAPER, PITH_OP_VERSION),
	COL("submitted_at", PITH_SRC_CITED_PAPER, PITH_OP_SUBMITTED_AT),
	COL("last_updated", PITH_SRC_CITED_PAPER, PITH_OP_LAST_UPDATED),
	COL("snapshot_observed_at", PITH_SRC_CITED_PAPER, PITH_OP_SNAPSHOT_OBSERVED_AT),
};
static const pith_ingest_rule paper_rules[] = {
	RULE(PITH_LEVEL_DOCUMENT, PITH_WHEN_ALWAYS, paper_columns),
	RULE_DISTINCT(PITH_LEVEL_OBSERVATION, PITH_WHEN_ALWAYS, citing_paper_columns, PITH_SRC_CITING_PAPER),
	RULE_DISTINCT(PITH_LEVEL_OBSERVATION, PITH_WHEN_CITED_PAPER, cited_paper_columns, PITH_SRC_CITED_PAPER),
};

/* references: one per observation, outbound and inbound */
static const pith_ingest_column reference_columns[] = {
	COL("observation_id", PITH_SRC_OBSERVATION, PITH_OK_OBSERVATION_ID),
	COL("citing_arxiv_id", PITH_SRC_CITING_PAPER, PITH_OP_ARXIV_ID),
	COL("citing_version", PITH_SRC_CITING_PAPER, PITH_OP_VERSION),
	COL("reference_index", PITH_SRC_CITATION, PITH_CIT_REFERENCE_INDEX),
	COL_RAW("raw_text", PITH_SRC_CITED_WORK, PITH_CW_TITLE),
	COL_RAW("title", PITH_SRC_CITED_WORK, PITH_CW_TITLE),
	COL_RAW("year", PITH_SRC_CITED_WORK, PITH_CW_YEAR),
	COL("pith_arxiv_id", PITH_SRC_CITED_WORK, PITH_CW_PITH_ARXIV_ID),
	COL("source", PITH_SRC_CITATION, PITH_CIT_SOURCE),
	COL("source_observed_at", PITH_SRC_CITATION, PITH_CIT_SOURCE_OBSERVED_AT),
};
static const pith_ingest_rule reference_rules[] = {
	RULE(PITH_LEVEL_OBSERVATION, PITH_WHEN_ALWAYS, reference_columns),
};

/* works: the cited work of every observation that names one */
static const pith_ingest_column work_columns[] = {
	COL("work_id", PITH_SRC_CITED_WORK, PITH_CW_WORK_ID),
	COL("title", PITH_SRC_CITED_WORK, PITH_CW_TITLE),
	COL("doi", PITH_SRC_CITED_WORK, PITH_CW_DOI),
	COL("arxiv_id", PITH_SRC_CITED_WORK, PITH_CW_ARXIV_ID),
	COL("venue", PITH_SRC_CITED_WORK, PITH_CW_VENUE),
	COL("year", PITH_SRC_CITED_WORK, PITH_CW_YEAR),
	COL("metadata_source", PITH_SRC_CITED_WORK, PITH_CW_METADATA_SOURCE),
	COL("snapshot_observed_at", PITH_SRC_CITED_WORK, PITH_CW_SNAPSHOT_OBSERVED_AT),
};
static const pith_ingest_rule work_rules[] = {
	RULE(PITH_LEVEL_OBSERVATION, PITH_WHEN_WORK, work_columns),
};

/* links: the resolution of every observation that has a link row */
static const pith_ingest_column link_columns[] = {
	COL("observation_id", PITH_SRC_OBSERVATION, PITH_OK_OBSERVATION_ID),
	COL("citing_arxiv_id", PITH_SRC_CITING_PAPER, PITH_OP_ARXIV_ID),
	COL("work_id", PITH_SRC_CITED_WORK, PITH_CW_WORK_ID),
	COL("status", PITH_SRC_RESOLUTION, PITH_RES_STATUS),
	COL("resolver_source", PITH_SRC_RESOLUTION, PITH_RES_RESOLVER_SOURCE),
	COL("observed_at", PITH_SRC_RESOLUTION, PITH_RES_OBSERVED_AT),
};
static const pith_ingest_rule link_rules[] = {
	RULE(PITH_LEVEL_OBSERVATION, PITH_WHEN_LINK, link_columns),
};

/* unlinked: the observations whose resolution says "no link row" */
static const pith_ingest_column unlinked_columns[] = {
	COL("observation_id", PITH_SRC_OBSERVATION, PITH_OK_OBSERVATION_ID),
};
static const pith_ingest_rule unlinked_rules[] = {
	RULE(PITH_LEVEL_OBSERVATION, PITH_WHEN_UNLINKED, unlinked_columns),
};

/* receipts and events: of the standing notice of an observation's work */
static const pith_ingest_column receipt_columns[] = {
	COL("work_id", PITH_SRC_CITED_WORK, PITH_CW_WORK_ID),
	COL("source", PITH_SRC_RECEIPT, PITH_RC_SOURCE),
	COL("observed_at", PITH_SRC_RECEIPT, PITH_RC_OBSERVED_AT),
};
static const pith_ingest_rule receipt_rules[] = {
	RULE(PITH_LEVEL_RECEIPT, PITH_WHEN_WORK, receipt_columns),
};
static const pith_ingest_column event_columns[] = {
	COL("work_id", PITH_SRC_CITED_WORK, PITH_CW_WORK_ID),
	COL("source", PITH_SRC_EVENT, PITH_EV_SOURCE),
	COL("event_type", PITH_SRC_EVENT, PITH_EV_EVENT_TYPE),
	COL("event_date", PITH_SRC_EVENT, PITH_EV_EVENT_DATE),
	COL("notice_doi", PITH_SRC_EVENT, PITH_EV_NOTICE_DOI),
	COL("observed_at", PITH_SRC_EVENT, PITH_EV_OBSERVED_AT),
};
static const pith_ingest_rule event_rules[] = {
	RULE(PITH_LEVEL_EVENT, PITH_WHEN_WORK, event_columns),
};

/* measurements: the document's external citation counts of its paper */
static const pith_ingest_column measurement_columns[] = {
	COL("arxiv_id", PITH_SRC_PAPER, PITH_RP_ARXIV_ID),
	COL("source", PITH_SRC_MEASUREMENT, PITH_MEAS_SOURCE),
	COL("cited_by_count", PITH_SRC_MEASUREMENT, PITH_MEAS_CITED_BY_COUNT),
	COL("measured_at", PITH_SRC_MEASUREMENT, PITH_MEAS_MEASURED_AT),
};
static const pith_ingest_rule measurement_rules[] = {
	RULE(PITH_LEVEL_MEASUREMENT, PITH_WHEN_ALWAYS, measurement_columns),
};

#define KIND(name, table, rules) {name, table, rules, (int) (sizeof(rules) / sizeof(rules[0]))}

const pith_ingest_kind pith_ingest_kinds[] = {
	KIND("documents", NULL, document_rules),
	KIND("papers", "papers", paper_rules),
	KIND("references", "paper_references", reference_rules),
	KIND("works", "cited_works", work_rules),
	KIND("links", "paper_reference_links", link_rules),
	KIND("unlinked", NULL, unlinked_rules),
	KIND("receipts", "retraction_status_cache", receipt_rules),
	KIND("events", "scholarly_work_events", event_rules),
	KIND("measurements", "citation_measurements", measurement_rules),
};
const int	pith_ingest_nkinds = (int) (sizeof(pith_ingest_kinds) / sizeof(pith_ingest_kinds[0]));

const pith_ingest_kind *
pith_ingest_kind_by_name(const char *name)
{
	for (int i = 0; i < pith_ingest_nkinds; i++)
		if (strcmp(pith_ingest_kinds[i].name, name) == 0)
			return &pith_ingest_kinds[i];
	return NULL;
}

const pith_ingest_column *
pith_ingest_rule_column(const pith_ingest_rule *rule, const char *name)
{
	for (int i = 0; i < rule->ncolumns; i++)
		if (strcmp(rule->columns[i].column, name) == 0)
			return &rule->columns[i];
	return NULL;
}

const char *
pith_ingest_column_key(const pith_ingest_column *c)
{
	return pith_shape_key_at(pith_ingest_source_object[c->source], c->key)->name;
}

int
pith_ingest_keeps_work_title(int has_work_id, pith_tri metadata_is_raw)
{
	return !has_work_id || metadata_is_raw == PITH_TRUE;
}

int
pith_ingest_is_unlinked(int has_work_id, int has_resolver_source,
						pith_tri status_unresolved, pith_tri observed_when_sourced)
{
	return !has_work_id && !has_resolver_source
		&& status_unresolved == PITH_TRUE && observed_when_sourced == PITH_TRUE;
}
