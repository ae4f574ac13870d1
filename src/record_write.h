/*
 * record_write.h -- the writer of a citation record's canonical text (SPEC
 * sections 2 and 3), shared by the record builder (src/record_build.c) and
 * pith.observation_text (src/record.c): the values of one observation as
 * plain C, and the primitives that write keys (from the table of
 * src/core/record_shape.h) and values into a growing sink.  fmgr glue: it
 * uses PostgreSQL's timestamp and uuid types.
 */
#ifndef PITH_RECORD_WRITE_H
#define PITH_RECORD_WRITE_H

#include "postgres.h"

#include "datatype/timestamp.h"
#include "utils/uuid.h"

#include "core/canonical_json.h"
#include "core/record_shape.h"
#include "pith.h"

/* Longest timestamp text: "9999-12-31T23:59:59.999999+00:00" plus the NUL. */
#define PITH_ISO_UTC_MAX 40

/* A string value: len bytes at p, or JSON null when p is NULL. */
typedef struct PithText
{
	const char *p;
	int			len;
} PithText;

/* A timestamp value, or JSON null. */
typedef struct PithTime
{
	bool		null;
	TimestampTz t;
} PithTime;

/* An integer value, or JSON null. */
typedef struct PithInt
{
	bool		null;
	int64		v;
} PithInt;

/* A paper as an observation shows it (citing_paper / cited_paper). */
typedef struct PithObsPaper
{
	PithText	arxiv_id;
	PithText	title;
	PithTime	last_updated;
	PithTime	snapshot_observed_at;
	PithTime	submitted_at;
	PithInt		latest_version; /* the cited paper's version */
} PithObsPaper;

/* Everything one observation is written from. */
typedef struct PithObservation
{
	/* the reference */
	const pg_uuid_t *observation_id;	/* NULL: JSON null */
	PithInt		citing_version;
	PithInt		reference_index;
	PithInt		year;
	PithText	title;
	PithText	pith_arxiv_id;
	PithText	source;
	PithTime	source_observed_at;
	/* the papers: citing is never NULL, cited is NULL when there is none */
	const PithObsPaper *citing;
	const PithObsPaper *cited;
	/* the link, when one was observed by then */
	bool		linked;
	PithText	status;
	PithText	resolver_source;
	PithTime	link_observed_at;
	/* its work, when it has one */
	bool		has_work;
	const pg_uuid_t *work_id;
	PithText	work_arxiv_id;
	PithText	work_doi;
	PithText	work_metadata_source;
	PithText	work_title;
	PithText	work_venue;
	PithInt		work_year;
	PithTime	work_snapshot_observed_at;
	/* the work's standing notice: latest receipt per source, by source */
	int			nreceipts;
	const PithText *receipt_sources;
	const PithTime *receipt_times;
	PithText	events;			/* canonical text of the events array (p NULL: none) */
	int64		event_count;
	PithTime	event_latest;	/* the latest event's observed_at */
} PithObservation;

/* ISO 8601 UTC text of ts into buf (Z, or +00:00 when offset_form); returns its length. */
extern int	pith_iso_utc_text(TimestampTz ts, bool offset_form, char *buf);

/* A text sink whose buffer starts with a varlena header: grows in the current context. */
extern void pith_rec_sink_init(pith_cj_sink *sink, size_t cap);

/* Make room for need more bytes (the sink's flush callback). */
extern void pith_rec_sink_grow(pith_cj_sink *sink, size_t need);

/* Write the sealed observation (observation_digest included), hashing with h. */
extern void pith_rec_observation(pith_cj_sink *s, const PithObservation *o, pith_sha256 *h);

/* Bytes the observation will most likely take (to size a buffer). */
extern size_t pith_rec_observation_estimate(const PithObservation *o);

/* ---- primitives ---- */

/* Append a literal. */
#define pith_rec_lit(s, lit) pith_cj_put((s), (lit), sizeof(lit) - 1)

/* Append key k of object o, with the comma before it unless it comes first. */
static inline void
pith_rec_key(pith_cj_sink *s, pith_shape_object_id o, int k)
{
	const pith_shape_key *key = pith_shape_key_at(o, k);

	if (k > 0)
		pith_cj_putc(s, ',');
	pith_cj_put(s, key->member, key->member_len);
}

/* Append key k of object o without a comma (the first key written). */
static inline void
pith_rec_key_first(pith_cj_sink *s, pith_shape_object_id o, int k)
{
	const pith_shape_key *key = pith_shape_key_at(o, k);

	pith_cj_put(s, key->member, key->member_len);
}

/* Append a string value or null. */
static inline void
pith_rec_text(pith_cj_sink *s, PithText v)
{
	if (v.p == NULL)
		pith_rec_lit(s, "null");
	else
		pith_cj_put_string(s, v.p, v.len);
}

extern void pith_rec_int(pith_cj_sink *s, PithInt v);
extern void pith_rec_time(pith_cj_sink *s, PithTime v, bool offset_form);
extern void pith_rec_uuid(pith_cj_sink *s, const pg_uuid_t *u);

/* A text datum as a PithText (detoasted if need be); null when isnull. */
extern PithText pith_rec_text_datum(Datum d, bool isnull);

#endif							/* PITH_RECORD_WRITE_H */
