/*
 * test_ingest_rows.c -- unit test of set-wise ingest's row tables
 * (src/core/ingest_rows.c): every kind is found by its name, every column
 * reads a key that its source object has in the record's key table (so a
 * renamed key in record_shape.c cannot leave a column reading nothing),
 * no column is named twice in a rule, a row given once per distinct
 * object reads nothing else, the columns read the keys
 * ingest_record reads, and the two rules answer as SQL's three-valued
 * logic in ingest_record does.  Exit 0 on success.
 */
#include "ingest_rows.h"

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void
expect(int ok, const char *what, const char *detail)
{
	if (!ok)
	{
		fprintf(stderr, "FAIL: %s: %s\n", what, detail);
		failures++;
	}
}

/* The key that column name of kind's rule r reads, or "" when none. */
static const char *
key_of(const char *kind, int r, const char *name)
{
	const pith_ingest_kind *k = pith_ingest_kind_by_name(kind);
	const pith_ingest_column *c;

	if (k == NULL || r >= k->nrules)
		return "";
	c = pith_ingest_rule_column(&k->rules[r], name);
	return c ? pith_ingest_column_key(c) : "";
}

static int
source_of(const char *kind, int r, const char *name)
{
	const pith_ingest_kind *k = pith_ingest_kind_by_name(kind);
	const pith_ingest_column *c = k ? pith_ingest_rule_column(&k->rules[r], name) : NULL;

	return c ? (int) c->source : -1;
}

int
main(void)
{
	static const char *const kinds[] = {
		"documents", "papers", "references", "works", "links", "unlinked", "receipts", "events", "measurements",
	};
	char		buf[256];

	expect(pith_ingest_nkinds == (int) (sizeof(kinds) / sizeof(kinds[0])), "number of kinds", "9");
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		expect(pith_ingest_kind_by_name(kinds[i]) == &pith_ingest_kinds[i], "kind by name", kinds[i]);
	expect(pith_ingest_kind_by_name("citations") == NULL, "unknown kind", "citations");

	for (int i = 0; i < pith_ingest_nkinds; i++)
	{
		const pith_ingest_kind *k = &pith_ingest_kinds[i];

		expect(k->nrules >= 1 && k->nrules <= 4, "rules per kind (1..4, the glue's limit)", k->name);
		for (int r = 0; r < k->nrules; r++)
			for (int c = 0; c < k->rules[r].ncolumns; c++)
			{
				const pith_ingest_column *col = &k->rules[r].columns[c];
				const pith_shape_object *o = &pith_shape_objects[pith_ingest_source_object[col->source]];

				snprintf(buf, sizeof(buf), "%s.%s", k->name, col->column);
				expect(col->key >= 0 && col->key < o->nkeys, "key position inside its object's table", buf);
				for (int d = 0; d < c; d++)
					expect(strcmp(k->rules[r].columns[d].column, col->column) != 0, "column named once", buf);
				/* a row given once per distinct object reads only that object */
				if (k->rules[r].distinct_by >= 0)
					expect((int) col->source == k->rules[r].distinct_by, "distinct_by determines the row", buf);
				/* a document-level rule reads nothing below the document */
				if (k->rules[r].level == PITH_LEVEL_DOCUMENT)
					expect(col->source == PITH_SRC_RECORD || col->source == PITH_SRC_PAPER,
						   "document rows read the document", buf);
			}
	}

	/* the keys, as ingest_record reads them */
	expect(strcmp(key_of("documents", 0, "as_of"), "as_of") == 0, "documents.as_of", key_of("documents", 0, "as_of"));
	expect(strcmp(key_of("papers", 0, "snapshot_observed_at"), "snapshot_observed_at") == 0, "papers.snapshot", "");
	expect(strcmp(key_of("papers", 1, "latest_version"), "") == 0, "a citing paper has no latest version", "");
	expect(strcmp(key_of("papers", 2, "latest_version"), "version") == 0, "a cited paper's version is its latest", "");
	expect(source_of("papers", 2, "arxiv_id") == PITH_SRC_CITED_PAPER, "cited paper rule reads the cited paper", "");
	expect(strcmp(key_of("references", 0, "citing_version"), "version") == 0, "references.citing_version", "");
	expect(source_of("references", 0, "citing_version") == PITH_SRC_CITING_PAPER, "citing version from the citing paper", "");
	expect(strcmp(key_of("references", 0, "raw_text"), "title") == 0, "raw_text is the work's title", "");
	expect(strcmp(key_of("references", 0, "doi"), "") == 0, "references take no doi", "");
	expect(strcmp(key_of("works", 0, "pith_arxiv_id"), "") == 0, "works take no pith_arxiv_id", "");
	expect(strcmp(key_of("links", 0, "score"), "") == 0, "links take no score", "");
	expect(strcmp(key_of("links", 0, "observed_at"), "observed_at") == 0, "links.observed_at", "");
	expect(source_of("links", 0, "observed_at") == PITH_SRC_RESOLUTION, "link time from the resolution", "");
	expect(source_of("measurements", 0, "arxiv_id") == PITH_SRC_PAPER, "measurements of the document's paper", "");
	expect(source_of("events", 0, "work_id") == PITH_SRC_CITED_WORK, "events of the cited work", "");
	expect(pith_ingest_kind_by_name("papers")->rules[1].distinct_by == PITH_SRC_CITING_PAPER, "citing papers once", "");
	expect(pith_ingest_kind_by_name("papers")->rules[2].distinct_by == PITH_SRC_CITED_PAPER, "cited papers once", "");
	expect(pith_ingest_kind_by_name("references")->rules[0].distinct_by == -1, "every reference", "");
	expect(pith_ingest_kind_by_name("links")->rules[0].when == PITH_WHEN_LINK, "links only where linked", "");
	expect(pith_ingest_kind_by_name("unlinked")->rules[0].when == PITH_WHEN_UNLINKED, "unlinked the rest", "");
	for (int r = 0; r < pith_ingest_kind_by_name("references")->nrules; r++)
		for (int c = 0; c < pith_ingest_kind_by_name("references")->rules[r].ncolumns; c++)
		{
			const pith_ingest_column *col = &pith_ingest_kind_by_name("references")->rules[r].columns[c];
			int			raw = strcmp(col->column, "raw_text") == 0 || strcmp(col->column, "title") == 0
				|| strcmp(col->column, "year") == 0;

			expect(col->raw_only == raw, "only title, raw_text and year follow the work-title rule", col->column);
		}

	/* CASE WHEN work_id IS NULL OR metadata_source = 'raw_reference' */
	expect(pith_ingest_keeps_work_title(0, PITH_UNKNOWN), "no work: keeps title", "");
	expect(pith_ingest_keeps_work_title(0, PITH_FALSE), "no work, other source: keeps title", "");
	expect(pith_ingest_keeps_work_title(1, PITH_TRUE), "raw work: keeps title", "");
	expect(!pith_ingest_keeps_work_title(1, PITH_FALSE), "crossref work: no title", "");
	expect(!pith_ingest_keeps_work_title(1, PITH_UNKNOWN), "work without source: no title", "");

	/* unlinked only when every part is true; unknown is a link row */
	expect(pith_ingest_is_unlinked(0, 0, PITH_TRUE, PITH_TRUE), "unresolved when sourced: unlinked", "");
	expect(!pith_ingest_is_unlinked(1, 0, PITH_TRUE, PITH_TRUE), "a work: link", "");
	expect(!pith_ingest_is_unlinked(0, 1, PITH_TRUE, PITH_TRUE), "a resolver: link", "");
	expect(!pith_ingest_is_unlinked(0, 0, PITH_FALSE, PITH_TRUE), "resolved: link", "");
	expect(!pith_ingest_is_unlinked(0, 0, PITH_TRUE, PITH_FALSE), "observed later: link", "");
	expect(!pith_ingest_is_unlinked(0, 0, PITH_UNKNOWN, PITH_TRUE), "no status: link", "");
	expect(!pith_ingest_is_unlinked(0, 0, PITH_TRUE, PITH_UNKNOWN), "no time: link", "");

	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
