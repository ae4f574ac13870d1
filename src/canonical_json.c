/*
 * canonical_json.c -- SQL functions for pith's canonical JSON text and its
 * sha256 digests (docs/record-v1.md, "Canonical text and digests"): canonical_json, json_digest,
 * observation_digest, context_digest and verify_record.
 *
 * The walk reads a jsonb value in place, through the JEntry layout that
 * utils/jsonb.h documents (the on-disk format, stable across releases), so no
 * JsonbValue tree and no second copy of the document is built.  jsonb keeps
 * object keys sorted by length, then bytes; each object's keys are re-sorted
 * by code point here.  Output bytes go to a sink (src/core/canonical_json.h):
 * either a growing text buffer, or a buffer that is fed to pith's SHA-256
 * helper (src/sha256.c) whenever it fills, so a digest never needs the text at all.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/tuplestore.h"
#include "utils/numeric.h"

#include "core/canonical_json.h"
#include "pith.h"

/*
 * Size of the buffer between the serializer and SHA-256.  It lives on the C
 * stack: a fresh heap block per digest (64 kB in an earlier version) cost
 * more than the hashing of a small observation (malloc trims and refaults
 * it).
 */
#define HASH_SINK_SIZE 16384

/* Objects with at most this many keys sort them on the C stack. */
#define SMALL_OBJECT 8

/* Top-level keys left out of a digest. */
typedef struct SkipKeys
{
	const char *const *names;
	int			count;
} SkipKeys;

StaticAssertDecl(PITH_DIGEST_TEXT_LEN == PITH_CJ_DIGEST_TEXT_LEN,
				 "digest text length of pith.h and the core agree");

/*
 * The objects of a record repeat a few key sets (every observation has the
 * same keys, every citation, every paper): the walk remembers the key order
 * and the written keys ("key": with the comma before it) of the last
 * LAYOUT_CACHE key sets it met.  An object whose key JEntries and key bytes
 * equal a remembered one's -- then its keys are the same strings -- is
 * written from that memory, without sorting or escaping its keys again.
 */
#define LAYOUT_CACHE 16
#define LAYOUT_MAX_KEYS 32
#define LAYOUT_MAX_TEXT 2048

typedef struct KeyLayout
{
	uint32		nkeys;			/* 0: an empty slot */
	uint32		keys_len;		/* bytes of the key strings */
	const JEntry *entries;		/* the key JEntries of an object with this layout */
	const char *keys;			/* and its key strings (inside the jsonb) */
	uint16		order[LAYOUT_MAX_KEYS]; /* the value index at each written position */
	uint16		member_end[LAYOUT_MAX_KEYS];	/* where member i's text ends */
	char	   *text;			/* "key": per position, ',' before all but the first */
	int			busy;			/* objects being written from it (not to be replaced) */
} KeyLayout;

/*
 * One serialization: where the bytes go, and where the jsonb's data ends.
 *
 * The walk keeps its output cursor in a local (passed in and returned by
 * every emit_* function) rather than in the sink: stores through a char
 * pointer may alias the sink's fields, so a cursor kept there is reloaded
 * and stored back around every byte written.  The sink is brought up to
 * date only when its buffer must be drained or grown (reserve_slow) and at
 * the end of the walk.
 */
typedef struct Walk
{
	pith_cj_sink *sink;
	char	   *out_end;		/* sink->buf + sink->cap */
	const char *data_end;		/* strings may be read in words up to here */
	KeyLayout	layouts[LAYOUT_CACHE];
	int			next_layout;	/* the slot to fill next (round robin) */
} Walk;

/*
 * The most reserve() asks for at once: both sinks can always make this much
 * room (the hash sink drains a larger buffer, the text sink grows); longer
 * runs go through the sink's own piecewise calls.
 */
#define WALK_RESERVE_MAX 4096
StaticAssertDecl(WALK_RESERVE_MAX <= HASH_SINK_SIZE, "the hash sink holds a reservation");

static char *emit_container(Walk *w, char *o, JsonbContainer *jc, const SkipKeys *skip);

/* Tell the sink how far the cursor o has written. */
static inline void
walk_sync(Walk *w, char *o)
{
	w->sink->len = (size_t) (o - w->sink->buf);
}

/* The cursor after the sink has moved (drained, grown, or written through). */
static inline char *
walk_cursor(Walk *w)
{
	w->out_end = w->sink->buf + w->sink->cap;
	return w->sink->buf + w->sink->len;
}

/* Drain or grow the sink so that need (<= WALK_RESERVE_MAX) bytes fit at the cursor. */
static pg_noinline char *
reserve_slow(Walk *w, char *o, size_t need)
{
	walk_sync(w, o);
	w->sink->flush(w->sink, need);
	o = walk_cursor(w);
	if ((size_t) (w->out_end - o) < need)
		elog(ERROR, "canonical JSON sink made no room for %zu bytes", need);
	return o;
}

/* Where need (<= WALK_RESERVE_MAX) bytes can be written, from the cursor o. */
static inline char *
reserve(Walk *w, char *o, size_t need)
{
	Assert(need <= WALK_RESERVE_MAX);
	if (likely((size_t) (w->out_end - o) >= need))
		return o;
	return reserve_slow(w, o, need);
}

/* Write len bytes at the cursor o; returns the new cursor. */
static inline char *
emit_bytes(Walk *w, char *o, const char *data, size_t len)
{
	if (likely((size_t) (w->out_end - o) >= len))
	{
		memcpy(o, data, len);
		return o + len;
	}
	walk_sync(w, o);
	pith_cj_put(w->sink, data, len);
	return walk_cursor(w);
}

/* Refuse a database whose text is not UTF-8: canonical text is UTF-8. */
static void
require_utf8_database(void)
{
	if (GetDatabaseEncoding() != PG_UTF8)
		ereport(ERROR,
				(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
				 errmsg("pith canonical JSON requires a UTF-8 database"),
				 errdetail("The database encoding is %s.", GetDatabaseEncodingName())));
}

/* Write a string of len bytes at s, which lies inside the jsonb's data. */
static inline char *
emit_string(Walk *w, char *o, const char *s, uint32 len)
{
	size_t		readable = (size_t) (w->data_end - s);

	/* the core may read whole words up to data_end: it must cover the string */
	Assert(s <= w->data_end && len <= readable);
	if (likely(len <= (WALK_RESERVE_MAX - 18) / 6))
	{
		o = reserve(w, o, PITH_CJ_STRING_ROOM(len));
		return pith_cj_write_string(o, s, len, readable);
	}
	/* a long string: through the sink, piece by piece if need be */
	walk_sync(w, o);
	pith_cj_put_string_r(w->sink, s, len, readable);
	return walk_cursor(w);
}

/*
 * Integers -- nearly every number of a record -- are written straight from
 * the numeric's stored digits, without numeric_out: the on-disk layout of a
 * numeric (utils/adt/numeric.c) is fixed across releases, like jsonb's.  The
 * short form: after the 4-byte varlena header a uint16 holding 0x8000, the
 * sign (0x2000), the display scale (0x1F80) and the weight (0x007F, signed),
 * then base-10000 digits, trailing zero digits left out.  Anything else
 * (scale, fraction, the long form, a short varlena header) goes through
 * numeric_out.  Returns the length written at out (room for 40), or -1.
 */
#define NUM_SHORT 0x8000
#define NUM_SIGN_MASK 0xC000
#define NUM_SHORT_NEG 0x2000
#define NUM_SHORT_DSCALE 0x1F80
#define NUM_SHORT_WEIGHT_NEG 0x0040
#define NUM_SHORT_WEIGHT 0x003F

static int
format_integer(Numeric num, char *out)
{
	const char *p = (const char *) num;
	uint16		header;
	int			ndigits;
	int			weight;
	int			i;
	char	   *o = out;

	if (!VARATT_IS_4B_U(p) || VARSIZE(p) < VARHDRSZ + sizeof(uint16))
		return -1;
	memcpy(&header, p + VARHDRSZ, sizeof(uint16));
	if ((header & NUM_SIGN_MASK) != NUM_SHORT || (header & NUM_SHORT_DSCALE) != 0 ||
		(header & NUM_SHORT_WEIGHT_NEG) != 0)
		return -1;
	weight = header & NUM_SHORT_WEIGHT;
	ndigits = (int) ((VARSIZE(p) - VARHDRSZ - sizeof(uint16)) / sizeof(int16));
	if (ndigits == 0)
	{
		*o = '0';
		return 1;
	}
	if (weight > 7 || ndigits > weight + 1)
		return -1;
	if (header & NUM_SHORT_NEG)
		*o++ = '-';
	for (i = 0; i <= weight; i++)
	{
		int16		d = 0;

		if (i < ndigits)
			memcpy(&d, p + VARHDRSZ + sizeof(uint16) + i * sizeof(int16), sizeof(int16));
		if (d < 0 || d > 9999 || (i == 0 && d == 0))
			return -1;
		if (i == 0)
		{
			/* the first digit without leading zeros */
			if (d >= 1000)
				*o++ = (char) ('0' + d / 1000);
			if (d >= 100)
				*o++ = (char) ('0' + d / 100 % 10);
			if (d >= 10)
				*o++ = (char) ('0' + d / 10 % 10);
			*o++ = (char) ('0' + d % 10);
		}
		else
		{
			o[0] = (char) ('0' + d / 1000);
			o[1] = (char) ('0' + d / 100 % 10);
			o[2] = (char) ('0' + d / 10 % 10);
			o[3] = (char) ('0' + d % 10);
			o += 4;
		}
	}
	return (int) (o - out);
}

/* Write a number as numeric_out writes it. */
static char *
emit_number(Walk *w, char *o, Numeric num)
{
	char	   *s;
	int			n;

	/* format_integer writes at most 40 bytes */
	o = reserve(w, o, 40);
	n = format_integer(num, o);
	if (n >= 0)
	{
#ifdef USE_ASSERT_CHECKING
		char	   *check = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(num)));

		Assert(strlen(check) == (size_t) n && memcmp(check, o, n) == 0);
		pfree(check);
#endif
		return o + n;
	}
	s = DatumGetCString(DirectFunctionCall1(numeric_out, NumericGetDatum(num)));
	o = emit_bytes(w, o, s, strlen(s));
	pfree(s);
	return o;
}

/* Write the child at entry e, whose data is len bytes at base + off. */
static char *
emit_child(Walk *w, char *o, JEntry e, char *base, uint32 off, uint32 len)
{
	if (JBE_ISSTRING(e))
		return emit_string(w, o, base + off, len);
	if (JBE_ISNUMERIC(e))
		return emit_number(w, o, (Numeric) (base + INTALIGN(off)));
	if (JBE_ISCONTAINER(e))
		return emit_container(w, o, (JsonbContainer *) (base + INTALIGN(off)), NULL);
	o = reserve(w, o, 8);
	if (JBE_ISBOOL_TRUE(e))
	{
		memcpy(o, "true", 4);
		return o + 4;
	}
	if (JBE_ISBOOL_FALSE(e))
	{
		memcpy(o, "false", 5);
		return o + 5;
	}
	if (JBE_ISNULL(e))
	{
		memcpy(o, "null", 4);
		return o + 4;
	}
	elog(ERROR, "unrecognized jsonb entry type 0x%08x", (unsigned) e);
	return o;					/* keep compiler quiet */
}

/* Whether the key of len bytes at s is one of the skipped names. */
static bool
is_skipped(const SkipKeys *skip, const char *s, size_t len)
{
	int			i;

	for (i = 0; i < skip->count; i++)
	{
		size_t		n = strlen(skip->names[i]);

		if (n == len && memcmp(skip->names[i], s, n) == 0)
			return true;
	}
	return false;
}

/* Sink for a layout's text: its buffer is sized for the worst case. */
static void
layout_sink_full(pith_cj_sink *sink, size_t need)
{
	elog(ERROR, "canonical JSON key layout overflowed its buffer");
}

/* Whether len bytes at a and b are equal (short runs: no call to memcmp). */
static inline bool
same_bytes(const char *a, const char *b, size_t len)
{
	uint64		x;
	uint64		y;

	for (; len >= 8; len -= 8, a += 8, b += 8)
	{
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return false;
	}
	for (; len > 0; len--)
		if (*a++ != *b++)
			return false;
	return true;
}

/* The remembered layout of an object of n keys, keys_len bytes at base; or NULL. */
static KeyLayout *
find_layout(Walk *w, JsonbContainer *jc, uint32 n, const char *base, uint32 keys_len)
{
	int			i;

	for (i = 0; i < LAYOUT_CACHE; i++)
	{
		KeyLayout  *l = &w->layouts[i];

		if (l->nkeys == n && l->keys_len == keys_len &&
			same_bytes((const char *) l->entries, (const char *) jc->children, n * sizeof(JEntry)) &&
			same_bytes(l->keys, base, keys_len))
			return l;
	}
	return NULL;
}

/* Remember the layout of an object whose keys are sorted; skip if too large. */
static void
remember_layout(Walk *w, JsonbContainer *jc, uint32 n, const char *base, uint32 keys_len,
				const pith_cj_key *keys)
{
	KeyLayout  *l;
	pith_cj_sink ts;
	size_t		room = 1;
	uint32		i;

	if (n > LAYOUT_MAX_KEYS)
		return;
	for (i = 0; i < n; i++)
		room += 6 * keys[i].len + 18 + 2;
	if (room > LAYOUT_MAX_TEXT)
		return;
	/* the next slot no enclosing object is being written from */
	for (i = 0; i < LAYOUT_CACHE; i++)
	{
		l = &w->layouts[w->next_layout];
		w->next_layout = (w->next_layout + 1) % LAYOUT_CACHE;
		if (l->busy == 0)
			break;
	}
	if (l->busy != 0)
		return;
	if (l->text == NULL)
		l->text = palloc(LAYOUT_MAX_TEXT + 32);	/* 32: members are copied in 32-byte blocks */
	ts.buf = l->text;
	ts.cap = LAYOUT_MAX_TEXT;
	ts.len = 0;
	ts.flush = layout_sink_full;
	ts.ctx = NULL;
	for (i = 0; i < n; i++)
	{
		if (i > 0)
			pith_cj_putc(&ts, ',');
		pith_cj_put_string(&ts, keys[i].str, keys[i].len);
		pith_cj_putc(&ts, ':');
		l->order[i] = (uint16) keys[i].handle;
		l->member_end[i] = (uint16) ts.len;
	}
	l->nkeys = n;
	l->keys_len = keys_len;
	l->entries = jc->children;
	l->keys = base;
}

/* Free the layouts' buffers at the end of a walk. */
static void
forget_layouts(Walk *w)
{
	int			i;

	for (i = 0; i < LAYOUT_CACHE; i++)
		if (w->layouts[i].text != NULL)
			pfree(w->layouts[i].text);
}

/* Write an object whose keys have a remembered layout. */
static char *
emit_object_layout(Walk *w, char *o, JsonbContainer *jc, KeyLayout *l, char *base,
				   const uint32 *vstart)
{
	uint32		n = l->nkeys;
	uint32		i;
	uint32		from = 0;
	const char *text = l->text;

	l->busy++;
	o = reserve(w, o, 1);
	*o++ = '{';
	for (i = 0; i < n; i++)
	{
		uint32		v = l->order[i];
		uint32		len = l->member_end[i] - from;

		/* most members are short: one fixed-size copy (the text has the slack) */
		if (likely(len <= 32))
		{
			o = reserve(w, o, 32);
			memcpy(o, text + from, 32);
			o += len;
		}
		else
			o = emit_bytes(w, o, text + from, len);
		from = l->member_end[i];
		o = emit_child(w, o, jc->children[n + v], base, vstart[v], vstart[v + 1] - vstart[v]);
	}
	o = reserve(w, o, 1);
	*o++ = '}';
	l->busy--;
	return o;
}

/* Write an object with its keys in code point order, minus skipped keys. */
static char *
emit_object(Walk *w, char *o, JsonbContainer *jc, const SkipKeys *skip)
{
	uint32		n = JsonContainerSize(jc);
	char	   *base = (char *) &jc->children[n * 2];
	pith_cj_key small_keys[SMALL_OBJECT];
	uint32		small_starts[SMALL_OBJECT + 1];
	pith_cj_key *keys = small_keys;
	uint32	   *vstart = small_starts;
	uint32		off = 0;
	uint32		i;
	bool		first = true;

	if (n > SMALL_OBJECT)
	{
		if ((Size) n > (MaxAllocSize / sizeof(pith_cj_key)) - 1)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("jsonb object has too many keys to serialize"),
					 errdetail("The object has %u keys.", n)));
		keys = palloc(sizeof(pith_cj_key) * n);
		vstart = palloc(sizeof(uint32) * (n + 1));
	}

	/* one pass over the JEntries: key strings, then where each value starts */
	for (i = 0; i < n; i++)
	{
		uint32		end = off;

		JBE_ADVANCE_OFFSET(end, jc->children[i]);
		keys[i].str = base + off;
		keys[i].len = end - off;
		keys[i].handle = i;
		off = end;
	}
	for (i = 0; i < n; i++)
	{
		vstart[i] = off;
		JBE_ADVANCE_OFFSET(off, jc->children[n + i]);
	}
	vstart[n] = off;

	/* a key set met before (only below the top level, where no key is skipped) */
	if (skip == NULL && n >= 2 && n <= LAYOUT_MAX_KEYS)
	{
		KeyLayout  *l = find_layout(w, jc, n, base, vstart[0]);

		if (l != NULL)
		{
			o = emit_object_layout(w, o, jc, l, base, vstart);
			if (keys != small_keys)
			{
				pfree(keys);
				pfree(vstart);
			}
			return o;
		}
	}

	pith_cj_sort_keys(keys, n);
	if (skip == NULL && n >= 2 && n <= LAYOUT_MAX_KEYS)
		remember_layout(w, jc, n, base, vstart[0], keys);

	o = reserve(w, o, 1);
	*o++ = '{';
	for (i = 0; i < n; i++)
	{
		size_t		v = keys[i].handle;

		if (skip != NULL && is_skipped(skip, keys[i].str, keys[i].len))
			continue;
		if (!first)
		{
			o = reserve(w, o, 1);
			*o++ = ',';
		}
		first = false;
		o = emit_string(w, o, keys[i].str, (uint32) keys[i].len);
		o = reserve(w, o, 1);
		*o++ = ':';
		o = emit_child(w, o, jc->children[n + v], base, vstart[v], vstart[v + 1] - vstart[v]);
		if ((i & 0xfff) == 0xfff)
			CHECK_FOR_INTERRUPTS();
	}
	o = reserve(w, o, 1);
	*o++ = '}';

	if (keys != small_keys)
	{
		pfree(keys);
		pfree(vstart);
	}
	return o;
}

/* Write an array, an object, or the single value of a scalar root. */
static char *
emit_container(Walk *w, char *o, JsonbContainer *jc, const SkipKeys *skip)
{
	uint32		n = JsonContainerSize(jc);

	check_stack_depth();
	CHECK_FOR_INTERRUPTS();

	if (JsonContainerIsObject(jc))
		return emit_object(w, o, jc, skip);
	if (JsonContainerIsArray(jc))
	{
		char	   *base = (char *) &jc->children[n];
		bool		scalar = JsonContainerIsScalar(jc);
		uint32		off = 0;
		uint32		i;

		if (!scalar)
		{
			o = reserve(w, o, 1);
			*o++ = '[';
		}
		for (i = 0; i < n; i++)
		{
			uint32		end = off;

			JBE_ADVANCE_OFFSET(end, jc->children[i]);
			if (i > 0)
			{
				o = reserve(w, o, 1);
				*o++ = ',';
			}
			o = emit_child(w, o, jc->children[i], base, off, end - off);
			off = end;
			if ((i & 0xfff) == 0xfff)
				CHECK_FOR_INTERRUPTS();
		}
		if (!scalar)
		{
			o = reserve(w, o, 1);
			*o++ = ']';
		}
		return o;
	}
	elog(ERROR, "unrecognized jsonb container header 0x%08x", (unsigned) jc->header);
	return o;					/* keep compiler quiet */
}

/* Text sink: grow the buffer, keeping the result within the text size limit. */
static void
text_sink_grow(pith_cj_sink *sink, size_t need)
{
	size_t		limit = MaxAllocSize;
	size_t		newcap;

	if (need > limit - sink->len)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("canonical JSON text is too long"),
				 errdetail("The canonical text would exceed the maximum text size of %zu bytes.",
						   limit - VARHDRSZ)));
	newcap = sink->cap * 2;
	if (newcap < sink->len + need)
		newcap = sink->len + need;
	if (newcap > limit)
		newcap = limit;
	sink->buf = repalloc(sink->buf, newcap);
	sink->cap = newcap;
	/* the sink's promise to the core: room for need bytes (so cap > len) */
	Assert(need > 0 && sink->cap - sink->len >= need);
}

/* Where the data of a container ends: strings inside it may be read up to here. */
static const char *
container_end(JsonbContainer *jc)
{
	uint32		count = JsonContainerSize(jc);
	int			nentries = (int) (JsonContainerIsObject(jc) ? count * 2 : count);
	const char *base = (const char *) &jc->children[nentries];

	if (nentries == 0)
		return base;
	return base + getJsonbOffset(jc, nentries - 1) + getJsonbLength(jc, nentries - 1);
}

/* Serialize jc into the sink (the walk's whole life: cursor in, sink up to date after). */
static void
walk_container(pith_cj_sink *sink, JsonbContainer *jc, const SkipKeys *skip)
{
	Walk		w;
	char	   *o;

	memset(&w, 0, sizeof(w));
	w.sink = sink;
	w.data_end = container_end(jc);
	o = walk_cursor(&w);
	o = emit_container(&w, o, jc, skip);
	walk_sync(&w, o);
	forget_layouts(&w);
}

/*
 * Canonical text of a jsonb container (e.g. &jb->root) as a text datum, built
 * in place; size_hint (e.g. VARSIZE(jb)) sizes the first buffer.
 */
struct varlena *
pith_canonical_text(JsonbContainer *jc, size_t size_hint)
{
	pith_cj_sink sink;
	size_t		start = size_hint + VARHDRSZ + 64;

	require_utf8_database();
	if (start > MaxAllocSize)
		start = MaxAllocSize;
	sink.buf = palloc(start);
	sink.cap = start;
	sink.len = VARHDRSZ;
	sink.flush = text_sink_grow;
	sink.ctx = NULL;

	walk_container(&sink, jc, NULL);

	SET_VARSIZE(sink.buf, sink.len);
	return (struct varlena *) sink.buf;
}

/* Hash sink: feed the buffered bytes to SHA-256 and empty the buffer. */
static void
hash_sink_drain(pith_cj_sink *sink, size_t need)
{
	pith_sha256_feed((pith_sha256 *) sink->ctx, sink->buf, sink->len);
	sink->len = 0;
}

/*
 * "sha256:<hex>" of the canonical text of a jsonb container (e.g. &jb->root)
 * without the named top-level keys, hashed while serializing; out receives
 * PITH_CJ_DIGEST_TEXT_LEN + 1 bytes.
 */
void
pith_canonical_digest(JsonbContainer *jc, const char *const *skip_keys, int nskip, char *out)
{
	pith_cj_sink sink;
	char		buf[HASH_SINK_SIZE];
	pith_sha256 h;
	SkipKeys	skip = {skip_keys, nskip};

	require_utf8_database();
	pith_sha256_start(&h);
	sink.buf = buf;
	sink.cap = HASH_SINK_SIZE;
	sink.len = 0;
	sink.flush = hash_sink_drain;
	sink.ctx = &h;

	walk_container(&sink, jc, nskip > 0 ? &skip : NULL);

	hash_sink_drain(&sink, 0);
	pith_sha256_finish_text(&h, out);
	pith_sha256_free(&h);
}

/* Raise 22023 unless the jsonb value is an object. */
static void
require_object(Jsonb *jb, const char *fn)
{
	const char *kind = "array";

	if (!JB_ROOT_IS_SCALAR(jb) && JB_ROOT_IS_OBJECT(jb))
		return;
	if (JB_ROOT_IS_SCALAR(jb))
	{
		JEntry		e = jb->root.children[0];

		kind = JBE_ISSTRING(e) ? "string" : JBE_ISNUMERIC(e) ? "number" :
			JBE_ISNULL(e) ? "null" : "boolean";
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("%s expects a JSON object", fn),
			 errdetail("The argument is a JSON %s.", kind)));
}

/* Digest of jb without the named top-level keys, as a text datum. */
static Datum
digest_datum(Jsonb *jb, const char *const *skip_keys, int nskip)
{
	char		out[PITH_CJ_DIGEST_TEXT_LEN + 1];

	pith_canonical_digest(&jb->root, skip_keys, nskip, out);
	return PointerGetDatum(cstring_to_text_with_len(out, PITH_CJ_DIGEST_TEXT_LEN));
}

PG_FUNCTION_INFO_V1(pith_canonical_json);
/* canonical_json(jsonb): the canonical text (sorted keys, no whitespace). */
Datum
pith_canonical_json(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	PG_RETURN_TEXT_P(pith_canonical_text(&jb->root, VARSIZE(jb)));
}

PG_FUNCTION_INFO_V1(pith_json_digest);
/* json_digest(jsonb): "sha256:" + hex sha256 of the canonical text. */
Datum
pith_json_digest(PG_FUNCTION_ARGS)
{
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	return digest_datum(jb, NULL, 0);
}

PG_FUNCTION_INFO_V1(pith_observation_digest);
/* observation_digest(jsonb): digest of an object minus observation_digest. */
Datum
pith_observation_digest(PG_FUNCTION_ARGS)
{
	static const char *const skip[] = {"observation_digest"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	require_object(jb, "observation_digest");
	return digest_datum(jb, skip, lengthof(skip));
}

PG_FUNCTION_INFO_V1(pith_context_digest);
/* context_digest(jsonb): digest of a record minus as_of and context_digest. */
Datum
pith_context_digest(PG_FUNCTION_ARGS)
{
	static const char *const skip[] = {"as_of", "context_digest"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);

	require_object(jb, "context_digest");
	return digest_datum(jb, skip, lengthof(skip));
}

/* The jsonb_typeof name of a value. */
static const char *
jbv_type_name(JsonbValue *v)
{
	switch (v->type)
	{
		case jbvNull:
			return "null";
		case jbvString:
			return "string";
		case jbvNumeric:
			return "number";
		case jbvBool:
			return "boolean";
		case jbvBinary:
			return JsonContainerIsObject(v->val.binary.data) ? "object" : "array";
		default:
			return "value";
	}
}

/* A stored digest as ->> shows it: NULL for a missing key or JSON null. */
static text *
stored_text(JsonbValue *v)
{
	if (v == NULL || v->type == jbvNull)
		return NULL;
	switch (v->type)
	{
		case jbvString:
			return cstring_to_text_with_len(v->val.string.val, v->val.string.len);
		case jbvNumeric:
			return cstring_to_text(DatumGetCString(DirectFunctionCall1(numeric_out,
																	   NumericGetDatum(v->val.numeric))));
		case jbvBool:
			return cstring_to_text(v->val.boolean ? "true" : "false");
		case jbvBinary:
			return cstring_to_text(JsonbToCString(NULL, v->val.binary.data, v->val.binary.len));
		default:
			elog(ERROR, "unexpected jsonb value type %d", (int) v->type);
	}
	return NULL;					/* keep compiler quiet */
}

/* Look up a top-level key of an object container; NULL when absent. */
static JsonbValue *
object_field(JsonbContainer *jc, const char *key)
{
	return getKeyJsonValueFromContainer(jc, key, (uint32) strlen(key), NULL);
}

/* Recompute one digest of an object and add its row to the result. */
static void
verify_one(ReturnSetInfo *rsinfo, const char *path, JsonbContainer *jc,
		   const char *digest_key, const char *const *skip, int nskip)
{
	char		computed[PITH_CJ_DIGEST_TEXT_LEN + 1];
	text	   *stored = stored_text(object_field(jc, digest_key));
	Datum		values[4];
	bool		nulls[4] = {false, false, false, false};

	pith_canonical_digest(jc, skip, nskip, computed);
	values[0] = CStringGetTextDatum(path);
	values[1] = PointerGetDatum(stored);
	nulls[1] = (stored == NULL);
	values[2] = CStringGetTextDatum(computed);
	values[3] = BoolGetDatum(stored != NULL &&
							 VARSIZE_ANY_EXHDR(stored) == PITH_CJ_DIGEST_TEXT_LEN &&
							 memcmp(VARDATA_ANY(stored), computed, PITH_CJ_DIGEST_TEXT_LEN) == 0);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, nulls);
}

PG_FUNCTION_INFO_V1(pith_verify_record);
/*
 * verify_record(jsonb): one row per digest of a record -- context_digest,
 * then outbound[i] and inbound[i] in array order -- each recomputed straight
 * from the record's own jsonb (no copy of any observation).
 */
Datum
pith_verify_record(PG_FUNCTION_ARGS)
{
	static const char *const context_skip[] = {"as_of", "context_digest"};
	static const char *const observation_skip[] = {"observation_digest"};
	static const char *const sides[] = {"outbound", "inbound"};
	Jsonb	   *jb = PG_GETARG_JSONB_P(0);
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	MemoryContext scratch;
	MemoryContext oldcxt;
	int			s;

	require_object(jb, "verify_record");
	InitMaterializedSRF(fcinfo, 0);
	scratch = AllocSetContextCreate(CurrentMemoryContext, "pith verify_record",
									ALLOCSET_SMALL_SIZES);
	oldcxt = MemoryContextSwitchTo(scratch);

	verify_one(rsinfo, "context_digest", &jb->root, "context_digest",
			   context_skip, lengthof(context_skip));
	MemoryContextReset(scratch);

	for (s = 0; s < (int) lengthof(sides); s++)
	{
		JsonbValue *arr = object_field(&jb->root, sides[s]);
		JsonbContainer *ac;
		uint32		n;
		uint32		i;

		if (arr == NULL || arr->type == jbvNull)
			continue;
		if (arr->type != jbvBinary || !JsonContainerIsArray(arr->val.binary.data))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("verify_record expects \"%s\" to be a JSON array", sides[s]),
					 errdetail("The record's \"%s\" is a JSON %s.", sides[s], jbv_type_name(arr))));
		ac = arr->val.binary.data;
		n = JsonContainerSize(ac);
		for (i = 0; i < n; i++)
		{
			JsonbValue *obs = getIthJsonbValueFromContainer(ac, i);
			char	   *path = psprintf("%s[%u]", sides[s], i);

			CHECK_FOR_INTERRUPTS();
			if (obs->type != jbvBinary || !JsonContainerIsObject(obs->val.binary.data))
				ereport(ERROR,
						(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
						 errmsg("verify_record expects every observation to be a JSON object"),
						 errdetail("Element %s is a JSON %s.", path, jbv_type_name(obs))));
			verify_one(rsinfo, path, obs->val.binary.data, "observation_digest",
					   observation_skip, lengthof(observation_skip));
			MemoryContextReset(scratch);
		}
	}

	MemoryContextSwitchTo(oldcxt);
	MemoryContextDelete(scratch);
	return (Datum) 0;
}
