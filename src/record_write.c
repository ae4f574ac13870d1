/*
 * record_write.c -- the one writer of an observation's canonical text (SPEC
 * section 2, "Observation object"; section 3): keys from the v1 key table
 * (src/core/record_shape.h) in its code point order, strings through the
 * canonical escaper, timestamps in the record's ISO 8601 form, and the
 * observation_digest sealed in place: the writer leaves a gap of the
 * member's fixed length where the key order puts it, hashes the text on
 * both sides of the gap while it is still in cache, and fills the gap.
 * The record builder (src/record_build.c) writes every observation of a
 * record and of the views through it; pith.observation_text() too.
 */
#include "postgres.h"

#include "utils/datetime.h"
#include "utils/memutils.h"
#include "utils/timestamp.h"

#include "record_write.h"

/* Write v (0 <= v < 10^width) as width zero-padded decimal digits. */
static inline void
put_digits(char *out, int v, int width)
{
	Assert(v >= 0);
	while (width-- > 0)
	{
		out[width] = '0' + v % 10;
		v /= 10;
	}
	Assert(v == 0);				/* v had at most width digits */
}

/*
 * The last few timestamps written, with their text up to the zone: a
 * record repeats a handful of times (a paper's references share their
 * source_observed_at, a resolver run its observed_at), so most timestamps
 * are copied instead of broken into fields.  Only timestamps that could be
 * written are kept; the text depends on nothing but the value.
 */
#define ISO_CACHE_SIZE 4
typedef struct IsoCacheEntry
{
	TimestampTz ts;
	int			len;			/* 0: empty */
	char		text[27];		/* YYYY-MM-DDTHH:MM:SS[.ffffff] */
} IsoCacheEntry;
static IsoCacheEntry iso_cache[ISO_CACHE_SIZE];
static int	iso_cache_next;

/* Write ts as ISO 8601 UTC text into buf; returns its length. */
int
pith_iso_utc_text(TimestampTz ts, bool offset_form, char *buf)
{
	struct pg_tm tm;
	fsec_t		fsec;
	int			n,
				i;

	for (i = 0; i < ISO_CACHE_SIZE; i++)
		if (iso_cache[i].len > 0 && iso_cache[i].ts == ts)
		{
			n = iso_cache[i].len;
			memcpy(buf, iso_cache[i].text, n);
			goto zone;
		}

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("An infinite timestamp has no ISO 8601 form.")));
	/* No time zone argument: the fields come out in UTC. */
	if (timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record")));
	if (tm.tm_year < 1 || tm.tm_year > 9999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("Only years 1 to 9999 have an ISO 8601 form here.")));

	/* hand-formatted: this runs ten times per observation */
	put_digits(buf, tm.tm_year, 4);
	buf[4] = '-';
	put_digits(buf + 5, tm.tm_mon, 2);
	buf[7] = '-';
	put_digits(buf + 8, tm.tm_mday, 2);
	buf[10] = 'T';
	put_digits(buf + 11, tm.tm_hour, 2);
	buf[13] = ':';
	put_digits(buf + 14, tm.tm_min, 2);
	buf[16] = ':';
	put_digits(buf + 17, tm.tm_sec, 2);
	n = 19;
	if (fsec != 0)
	{
		buf[n++] = '.';
		put_digits(buf + n, (int) fsec, 6);
		n += 6;
	}
	StaticAssertStmt(sizeof(iso_cache[0].text) >= 26, "room for the longest form");
	iso_cache[iso_cache_next].ts = ts;
	iso_cache[iso_cache_next].len = n;
	memcpy(iso_cache[iso_cache_next].text, buf, n);
	iso_cache_next = (iso_cache_next + 1) % ISO_CACHE_SIZE;
zone:
	if (offset_form)
	{
		memcpy(buf + n, "+00:00", 6);
		n += 6;
	}
	else
		buf[n++] = 'Z';
	buf[n] = '\0';
	return n;
}

/* Grow the sink's buffer (in the memory context it was allocated in). */
void
pith_rec_sink_grow(pith_cj_sink *sink, size_t need)
{
	size_t		newcap;

	if (need > MaxAllocSize - sink->len)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("citation record text is too long"),
				 errdetail("The record would exceed the maximum text size of %zu bytes.",
						   (size_t) (MaxAllocSize - VARHDRSZ))));
	newcap = sink->cap * 2;
	if (newcap < sink->len + need)
		newcap = sink->len + need;
	if (newcap > MaxAllocSize)
		newcap = MaxAllocSize;
	sink->buf = repalloc(sink->buf, newcap);
	sink->cap = newcap;
}

/* A sink with cap bytes, its first VARHDRSZ bytes kept for the text header. */
void
pith_rec_sink_init(pith_cj_sink *sink, size_t cap)
{
	if (cap < 256)
		cap = 256;
	if (cap > MaxAllocSize)
		cap = MaxAllocSize;
	sink->buf = palloc(cap);
	sink->cap = cap;
	sink->len = VARHDRSZ;
	sink->flush = pith_rec_sink_grow;
	sink->ctx = NULL;
}

/* Append an integer, or null. */
void
pith_rec_int(pith_cj_sink *s, PithInt v)
{
	char		buf[24];
	char	   *p = buf + sizeof(buf);
	uint64		u;
	bool		neg = v.v < 0;

	if (v.null)
	{
		pith_rec_lit(s, "null");
		return;
	}
	u = neg ? (uint64) 0 - (uint64) v.v : (uint64) v.v;
	do
	{
		*--p = '0' + (char) (u % 10);
		u /= 10;
	} while (u != 0);
	if (neg)
		*--p = '-';
	pith_cj_put(s, p, buf + sizeof(buf) - p);
}

/* Append a timestamp as record text, or null. */
void
pith_rec_time(pith_cj_sink *s, PithTime v, bool offset_form)
{
	char		buf[PITH_ISO_UTC_MAX + 2];
	int			n;

	if (v.null)
	{
		pith_rec_lit(s, "null");
		return;
	}
	buf[0] = '"';
	n = pith_iso_utc_text(v.t, offset_form, buf + 1);
	buf[n + 1] = '"';
	pith_cj_put(s, buf, n + 2);
}

/* Append a uuid as a JSON string (uuid_out's form), or null. */
void
pith_rec_uuid(pith_cj_sink *s, const pg_uuid_t *u)
{
	static const char hex[] = "0123456789abcdef";
	char		buf[38];
	int			i,
				n = 0;

	if (u == NULL)
	{
		pith_rec_lit(s, "null");
		return;
	}
	buf[n++] = '"';
	for (i = 0; i < UUID_LEN; i++)
	{
		if (i == 4 || i == 6 || i == 8 || i == 10)
			buf[n++] = '-';
		buf[n++] = hex[u->data[i] >> 4];
		buf[n++] = hex[u->data[i] & 0xf];
	}
	buf[n++] = '"';
	pith_cj_put(s, buf, n);
}

/* A text datum as a PithText; null when isnull. */
PithText
pith_rec_text_datum(Datum d, bool isnull)
{
	PithText	v = {NULL, 0};

	if (!isnull)
	{
		text	   *t = DatumGetTextPP(d);

		v.p = VARDATA_ANY(t);
		v.len = VARSIZE_ANY_EXHDR(t);
	}
	return v;
}

/* Append "/paper/<id>" as a JSON string. */
static void
paper_path(pith_cj_sink *s, PithText id)
{
	char		small[128];
	char	   *buf = small;
	size_t		n = sizeof("/paper/") - 1 + id.len;

	if (id.p == NULL)
	{
		/* an id is never null in practice: "/paper/" like the SQL concatenation gave NULL */
		pith_rec_lit(s, "null");
		return;
	}
	if (n > sizeof(small))
		buf = palloc(n);
	memcpy(buf, "/paper/", 7);
	memcpy(buf + 7, id.p, id.len);
	pith_cj_put_string(s, buf, n);
	if (buf != small)
		pfree(buf);
}

/* Append the citing or cited paper object, with the version shown. */
static void
paper_object(pith_cj_sink *s, const PithObsPaper *p, PithInt version)
{
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_ARXIV_ID);
	pith_rec_text(s, p->arxiv_id);
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_LAST_UPDATED);
	pith_rec_time(s, p->last_updated, false);
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_SNAPSHOT_OBSERVED_AT);
	pith_rec_time(s, p->snapshot_observed_at, false);
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_SUBMITTED_AT);
	pith_rec_time(s, p->submitted_at, false);
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_TITLE);
	pith_rec_text(s, p->title);
	pith_rec_key(s, PITH_OBJ_OBSERVATION_PAPER, PITH_OP_VERSION);
	pith_rec_int(s, version);
	pith_cj_putc(s, '}');
}

/* Length of the digest member: ,"observation_digest":"sha256:<64 hex>" */
#define DIGEST_MEMBER_LEN (1 + (sizeof("\"observation_digest\":") - 1) + 1 + PITH_DIGEST_TEXT_LEN + 1)

/* Bytes the observation will most likely take. */
size_t
pith_rec_observation_estimate(const PithObservation *o)
{
	size_t		n = 1500 + o->title.len + o->work_title.len + o->work_venue.len +
		o->citing->title.len + (o->cited ? o->cited->title.len : 0) + 70 * o->nreceipts +
		o->events.len;

	return n + n / 8;
}

/* Write the sealed observation at the sink's end. */
void
pith_rec_observation(pith_cj_sink *s, const PithObservation *o, pith_sha256 *h)
{
	size_t		start = s->len;
	size_t		splice;
	size_t		end;
	char		digest[PITH_DIGEST_TEXT_LEN + 1];
	char	   *gap;
	bool		have_notice_at = false;
	TimestampTz notice_at = 0;
	int			i;

	/* citation */
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_OBSERVATION, PITH_OK_CITATION);
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_CITED_PAPER);
	if (o->cited)
		paper_object(s, o->cited, o->cited->latest_version);
	else
		pith_rec_lit(s, "null");
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_CITED_WORK);
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_ARXIV_ID);
	if (o->has_work)
	{
		pith_rec_text(s, o->work_arxiv_id);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_DOI);
		pith_rec_text(s, o->work_doi);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_METADATA_SOURCE);
		pith_rec_text(s, o->work_metadata_source);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_PITH_ARXIV_ID);
		pith_rec_text(s, o->pith_arxiv_id);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_SNAPSHOT_OBSERVED_AT);
		pith_rec_time(s, o->work_snapshot_observed_at, false);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_TITLE);
		pith_rec_text(s, o->work_title);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_VENUE);
		pith_rec_text(s, o->work_venue);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_WORK_ID);
		pith_rec_uuid(s, o->work_id);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_YEAR);
		pith_rec_int(s, o->work_year);
	}
	else
	{
		/* not linked to a work: the reference's own title, year and arXiv id */
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_DOI);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_METADATA_SOURCE);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_PITH_ARXIV_ID);
		pith_rec_text(s, o->pith_arxiv_id);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_SNAPSHOT_OBSERVED_AT);
		pith_rec_time(s, o->source_observed_at, false);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_TITLE);
		pith_rec_text(s, o->title);
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_VENUE);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_WORK_ID);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_CITED_WORK, PITH_CW_YEAR);
		pith_rec_int(s, o->year);
	}
	pith_cj_putc(s, '}');
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_CITING_PAPER);
	paper_object(s, o->citing, o->citing_version);
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_REFERENCE_INDEX);
	pith_rec_int(s, o->reference_index);
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_SOURCE);
	pith_rec_text(s, o->source);
	pith_rec_key(s, PITH_OBJ_CITATION, PITH_CIT_SOURCE_OBSERVED_AT);
	pith_rec_time(s, o->source_observed_at, false);
	pith_cj_putc(s, '}');

	/* links: cited_paper only when there is a cited paper */
	pith_rec_key(s, PITH_OBJ_OBSERVATION, PITH_OK_LINKS);
	pith_cj_putc(s, '{');
	if (o->cited)
	{
		pith_rec_key(s, PITH_OBJ_OBSERVATION_LINKS, PITH_OL_CITED_PAPER);
		paper_path(s, o->cited->arxiv_id);
		pith_rec_key(s, PITH_OBJ_OBSERVATION_LINKS, PITH_OL_CITING_PAPER);
	}
	else
		pith_rec_key_first(s, PITH_OBJ_OBSERVATION_LINKS, PITH_OL_CITING_PAPER);
	paper_path(s, o->citing->arxiv_id);
	pith_cj_putc(s, '}');

	/* the digest member goes here: keep its room, fill it in at the end */
	splice = s->len;
	if (s->cap - s->len < DIGEST_MEMBER_LEN)
		s->flush(s, DIGEST_MEMBER_LEN);
	s->len += DIGEST_MEMBER_LEN;

	pith_rec_key(s, PITH_OBJ_OBSERVATION, PITH_OK_OBSERVATION_ID);
	pith_rec_uuid(s, o->observation_id);

	/* resolution */
	pith_rec_key(s, PITH_OBJ_OBSERVATION, PITH_OK_RESOLUTION);
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_RESOLUTION, PITH_RES_OBSERVED_AT);
	if (o->linked)
	{
		pith_rec_time(s, o->link_observed_at, false);
		pith_rec_key(s, PITH_OBJ_RESOLUTION, PITH_RES_RESOLVER_SOURCE);
		pith_rec_text(s, o->resolver_source);
		pith_rec_key(s, PITH_OBJ_RESOLUTION, PITH_RES_STATUS);
		pith_rec_text(s, o->status);
	}
	else
	{
		pith_rec_time(s, o->source_observed_at, false);
		pith_rec_key(s, PITH_OBJ_RESOLUTION, PITH_RES_RESOLVER_SOURCE);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_RESOLUTION, PITH_RES_STATUS);
		pith_rec_lit(s, "\"unresolved\"");
	}
	pith_cj_putc(s, '}');

	/* standing_notice: as of the latest receipt, or else the latest event */
	for (i = 0; i < o->nreceipts; i++)
		if (!o->receipt_times[i].null && (!have_notice_at || o->receipt_times[i].t > notice_at))
		{
			notice_at = o->receipt_times[i].t;
			have_notice_at = true;
		}
	if (!have_notice_at && !o->event_latest.null)
	{
		notice_at = o->event_latest.t;
		have_notice_at = true;
	}
	pith_rec_key(s, PITH_OBJ_OBSERVATION, PITH_OK_STANDING_NOTICE);
	pith_cj_putc(s, '{');
	pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_EVENTS);
	if (!o->has_work || !have_notice_at)
	{
		pith_rec_lit(s, "[]");
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_REASON);
		if (!o->has_work)
			pith_rec_lit(s, "\"canonical_work_link_unavailable\"");
		else
			pith_rec_lit(s, "\"standing_sources_not_queried\"");
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS);
		pith_rec_lit(s, "[]");
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_STATE);
		pith_rec_lit(s, "\"unavailable\"");
	}
	else
	{
		char		sentence[PITH_ISO_UTC_MAX + 96];
		char		when[PITH_ISO_UTC_MAX];
		int			n;

		if (o->events.p == NULL || o->event_count == 0)
			pith_rec_lit(s, "[]");
		else
			pith_cj_put(s, o->events.p, o->events.len);
		pith_iso_utc_text(notice_at, true, when);
		if (o->event_count == 0)
			n = snprintf(sentence, sizeof(sentence),
						 "No event found in the named queried sources as of %s.", when);
		else
			n = snprintf(sentence, sizeof(sentence),
						 INT64_FORMAT " event(s) found in the named queried sources as of %s.",
						 o->event_count, when);
		Assert(n > 0 && n < (int) sizeof(sentence));
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_OBSERVATION);
		pith_cj_put_string(s, sentence, n);
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_REASON);
		pith_rec_lit(s, "null");
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_SOURCE_RECEIPTS);
		pith_cj_putc(s, '[');
		for (i = 0; i < o->nreceipts; i++)
		{
			if (i > 0)
				pith_cj_putc(s, ',');
			pith_cj_putc(s, '{');
			pith_rec_key(s, PITH_OBJ_RECEIPT, PITH_RC_OBSERVED_AT);
			pith_rec_time(s, o->receipt_times[i], true);
			pith_rec_key(s, PITH_OBJ_RECEIPT, PITH_RC_SOURCE);
			pith_rec_text(s, o->receipt_sources[i]);
			pith_cj_putc(s, '}');
		}
		pith_cj_putc(s, ']');
		pith_rec_key(s, PITH_OBJ_STANDING_NOTICE, PITH_SN_STATE);
		pith_rec_lit(s, "\"measured\"");
	}
	pith_rec_lit(s, "}}");

	/* seal: the digest of the text on both sides of the gap, then the gap */
	end = s->len;
	pith_sha256_restart(h);
	pith_sha256_feed(h, s->buf + start, splice - start);
	pith_sha256_feed(h, s->buf + splice + DIGEST_MEMBER_LEN, end - splice - DIGEST_MEMBER_LEN);
	pith_sha256_finish_text(h, digest);
	gap = s->buf + splice;
	*gap++ = ',';
	memcpy(gap, pith_shape_key_at(PITH_OBJ_OBSERVATION, PITH_OK_OBSERVATION_DIGEST)->member,
		   DIGEST_MEMBER_LEN - 3 - PITH_DIGEST_TEXT_LEN);
	gap += DIGEST_MEMBER_LEN - 3 - PITH_DIGEST_TEXT_LEN;
	*gap++ = '"';
	memcpy(gap, digest, PITH_DIGEST_TEXT_LEN);
	gap += PITH_DIGEST_TEXT_LEN;
	*gap++ = '"';
	Assert(gap == s->buf + splice + DIGEST_MEMBER_LEN);
}
