/*
 * record_jsonb.c -- the jsonb form of a record, straight from its
 * canonical text: a converter for the JSON the record writer produces
 * (objects, arrays, strings, integers, true, false, null; no white space)
 * into jsonb's binary layout (utils/jsonb.h, the on-disk format), without
 * the general JSON lexer and the JsonbValue tree that jsonb_in builds.
 *
 * Two passes.  The parse records one small node per value -- a string's
 * bytes are pointed at in the text itself (decoded into a side buffer only
 * when it has an escape), an integer is kept as an int64 -- and lays each
 * container's children out next to each other in one node array, object
 * members sorted the way jsonb stores them (by length, then bytes).  The
 * layout pass then writes the jsonb front to back into one buffer, the way
 * jsonb_util.c's convertToJsonb does: a container's header and JEntries,
 * then its keys' and values' bytes, every JB_OFFSET_STRIDE'th JEntry an
 * offset, numbers and containers 4-byte aligned.  Each byte of the text is
 * copied once.  Anything outside that grammar (a fraction, an exponent, an
 * escape the writer never writes, a repeated key, deep nesting) makes it
 * give up; the caller then uses jsonb_in.  Builds with USE_ASSERT_CHECKING
 * compare every result with jsonb_in's, byte for byte.
 */
#include "postgres.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/numeric.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "core/canonical_json.h"
#include "pith.h"

/* Deepest nesting converted here (a record is 6 deep). */
#define MAX_DEPTH 16

/* One value: a scalar, or a container whose children are nodes [kids, kids + count). */
typedef struct Val
{
	union
	{
		const char *str;		/* string: its bytes */
		int64		num;		/* integer */
		uint32		kids;		/* container: index of its first child */
	}			v;
	const char *key;			/* member of an object: its key's bytes */
	uint32		len;			/* string: bytes; container: children */
	uint32		key_len;
	uint32		type;			/* JENTRY_IS*, and VAL_OBJECT for an object container */
} Val;

#define VAL_OBJECT 1			/* below JENTRY_TYPEMASK's bits, never in a JEntry */

/* Objects with at most this many members sort an index on the C stack. */
#define SMALL_OBJECT 64

/* Children parsed at one depth, waiting for their container to close. */
typedef struct Pending
{
	Val	   *nodes;
	int			count;
	int			cap;
} Pending;

/*
 * For keys in code point order, jsonb's order depends only on the sequence
 * of key lengths; a record's objects repeat a few key sets, so the order of
 * the last ORDER_CACHE length sequences is remembered.
 */
#define ORDER_CACHE 8
#define ORDER_MAX_KEYS 24

typedef struct KeyOrder
{
	int			count;			/* 0: an empty slot */
	uint32		klen[ORDER_MAX_KEYS];
	uint8		order[ORDER_MAX_KEYS];
} KeyOrder;

/* The conversion state. */
typedef struct Conv
{
	const char *p;
	const char *end;
	Pending		pending[MAX_DEPTH];
	Val	   *nodes;			/* every container's children, laid out together */
	uint32		nnodes;
	uint32		cap;
	uint32		nnumbers;		/* integers parsed (for the output's size bound) */
	uint32		ncontainers;	/* containers parsed */
	KeyOrder	orders[ORDER_CACHE];	/* jsonb orders of recent objects' key lengths */
	int			next_order;
	char	   *decoded;		/* strings with escapes, decoded (never longer than the text) */
	size_t		decoded_len;
	/* the output */
	char	   *buf;
	size_t		len;
	size_t		bufcap;
} Conv;

/*
 * The node array and the pending lists outlive a conversion (in
 * TopMemoryContext, up to KEEP_NODES nodes): a fresh megabyte for every
 * large record would be faulted in page by page, which costs more than the
 * conversion itself.  A conversion takes them and gives them back when it
 * ends; an error inside the parse (only running out of memory can raise
 * one) leaves them to TopMemoryContext, and the next conversion starts
 * afresh.
 */
#define KEEP_NODES ((uint32) ((8 * 1024 * 1024) / sizeof(Val)))

static Val *kept_nodes;
static uint32 kept_cap;
static Pending kept_pending[MAX_DEPTH];

static bool parse_value(Conv *c, int depth, Val *n);
static bool parse_escaped_string(Conv *c, const char *start, const char *p, const char **s, uint32 *len);

/* Position of the first '"' or '\\' in p[0..end), or end. */
static inline const char *
string_end(const char *p, const char *end)
{
#if defined(__SSE2__)
	const __m128i quote = _mm_set1_epi8('"');
	const __m128i bslash = _mm_set1_epi8('\\');

	while (end - p >= 16)
	{
		__m128i		v = _mm_loadu_si128((const __m128i *) p);
		unsigned	m = (unsigned) _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, quote),
																 _mm_cmpeq_epi8(v, bslash)));

		if (m != 0)
			return p + __builtin_ctz(m);
		p += 16;
	}
#endif
	while (p < end && *p != '"' && *p != '\\')
		p++;
	return p;
}

/* The value of hex digit h, or -1. */
static inline int
hex_value(char h)
{
	if (h >= '0' && h <= '9')
		return h - '0';
	if (h >= 'a' && h <= 'f')
		return h - 'a' + 10;
	if (h >= 'A' && h <= 'F')
		return h - 'A' + 10;
	return -1;
}

/*
 * Parse a JSON string at c->p (its opening quote): *s and *len receive its
 * bytes, in the text when it has no escape, else decoded into c->decoded.
 * False if it is outside the grammar.
 */
static pg_attribute_always_inline bool
parse_string(Conv *c, const char **s, uint32 *len)
{
	const char *start = c->p + 1;
	const char *p = string_end(start, c->end);

	if (likely(p < c->end && *p == '"'))
	{
		*s = start;
		*len = (uint32) (p - start);
		c->p = p + 1;
		return true;
	}
	if (p >= c->end)
		return false;
	return parse_escaped_string(c, start, p, s, len);
}

/* The rest of parse_string for a string with an escape at p: decode it into the side buffer. */
static pg_noinline bool
parse_escaped_string(Conv *c, const char *start, const char *p, const char **s, uint32 *len)
{
	char	   *o;

	if (c->decoded == NULL)
		c->decoded = palloc(c->end - c->p);
	o = c->decoded + c->decoded_len;
	*s = o;
	memcpy(o, start, p - start);
	o += p - start;
	for (;;)
	{
		const char *run;

		if (p >= c->end)
			return false;
		if (*p == '"')
			break;
		/* *p is a backslash */
		if (p + 1 >= c->end)
			return false;
		switch (p[1])
		{
			case '"':
			case '\\':
			case '/':
				*o++ = p[1];
				p += 2;
				break;
			case 'b':
				*o++ = '\b';
				p += 2;
				break;
			case 'f':
				*o++ = '\f';
				p += 2;
				break;
			case 'n':
				*o++ = '\n';
				p += 2;
				break;
			case 'r':
				*o++ = '\r';
				p += 2;
				break;
			case 't':
				*o++ = '\t';
				p += 2;
				break;
			case 'u':
				{
					int			hi,
								lo;

					/* the writer escapes only controls: \u0001 .. \u001f */
					if (c->end - p < 6 || p[2] != '0' || p[3] != '0')
						return false;
					hi = hex_value(p[4]);
					lo = hex_value(p[5]);
					if (hi < 0 || lo < 0 || hi * 16 + lo == 0 || hi * 16 + lo >= 0x20)
						return false;
					*o++ = (char) (hi * 16 + lo);
					p += 6;
					break;
				}
			default:
				return false;
		}
		run = p;
		p = string_end(p, c->end);
		memcpy(o, run, p - run);
		o += p - run;
	}
	*len = (uint32) (o - *s);
	c->decoded_len = o - c->decoded;
	c->p = p + 1;
	return true;
}

/* Order of two object members in jsonb: shorter key first, then bytes. */
static inline int
key_order(const Val *a, const Val *b)
{
	if (a->key_len != b->key_len)
		return a->key_len > b->key_len ? 1 : -1;
	return memcmp(a->key, b->key, a->key_len);
}

/* qsort comparator of key_order. */
static int
key_qsort_order(const void *a, const void *b)
{
	return key_order((const Val *) a, (const Val *) b);
}

/* Parse the container at c->p (its '{' or '['), at depth, into n. */
static bool
parse_container(Conv *c, int depth, Val *n)
{
	Pending    *pd = &c->pending[depth];
	bool		object = (*c->p == '{');
	char		close = object ? '}' : ']';
	Val	   *kids;
	int			count;
	int			i;
	bool		canonical = true;	/* object keys so far in code point order, none repeated */

	/* no check_stack_depth(): MAX_DEPTH bounds the recursion, and its frames are small */
	pd->count = 0;
	c->p++;
	if (c->p < c->end && *c->p == close)
		c->p++;
	else
		for (;;)
		{
			Val	   *k;

			if (pd->count == pd->cap)
			{
				pd->cap = pd->cap ? pd->cap * 2 : 16;
				pd->nodes = pd->nodes ? repalloc(pd->nodes, sizeof(Val) * pd->cap)
					: MemoryContextAlloc(TopMemoryContext, sizeof(Val) * pd->cap);
			}
			k = &pd->nodes[pd->count];
			if (object)
			{
				if (c->p >= c->end || *c->p != '"' || !parse_string(c, &k->key, &k->key_len))
					return false;
				if (pd->count > 0 &&
					pith_cj_key_cmp(k[-1].key, k[-1].key_len, k->key, k->key_len) >= 0)
					canonical = false;
				if (c->p >= c->end || *c->p != ':')
					return false;
				c->p++;
			}
			/* the child uses deeper depths only: pd and k stay valid */
			if (!parse_value(c, depth, k))
				return false;
			pd->count++;
			if (c->p >= c->end)
				return false;
			if (*c->p == ',')
			{
				c->p++;
				continue;
			}
			if (*c->p != close)
				return false;
			c->p++;
			break;
		}
	count = pd->count;

	/* the children go to the node array, side by side */
	if ((uint64) c->nnodes + count > c->cap)
	{
		uint64		want = Max((uint64) c->cap * 2, (uint64) c->nnodes + count);

		if (want > MaxAllocSize / sizeof(Val))
			return false;
		c->cap = (uint32) want;
		c->nodes = repalloc(c->nodes, sizeof(Val) * c->cap);
	}
	kids = c->nodes + c->nnodes;
	c->ncontainers++;
	n->type = JENTRY_ISCONTAINER | (object ? VAL_OBJECT : 0);
	n->v.kids = c->nnodes;
	n->len = (uint32) count;
	c->nnodes += count;

	if (!object || count < 2)
	{
		memcpy(kids, pd->nodes, sizeof(Val) * count);
		return true;
	}
	if (canonical && count <= SMALL_OBJECT)
	{
		/*
		 * The writer's keys come in code point order, which for UTF-8 is
		 * byte order: jsonb's order (shorter first, then bytes) is then a
		 * stable sort by length alone.  An insertion sort of an index by
		 * length, then one gather.
		 */
		uint8		sorted[SMALL_OBJECT];
		uint32		klen[SMALL_OBJECT];
		const uint8 *order = NULL;
		const Val  *src = pd->nodes;

		for (i = 0; i < count; i++)
			klen[i] = src[i].key_len;
		if (count <= ORDER_MAX_KEYS)
			for (i = 0; i < ORDER_CACHE; i++)
				if (c->orders[i].count == count &&
					memcmp(c->orders[i].klen, klen, sizeof(uint32) * count) == 0)
				{
					order = c->orders[i].order;
					break;
				}
		if (order == NULL)
		{
			sorted[0] = 0;
			for (i = 1; i < count; i++)
			{
				int			j = i - 1;
				uint32		l = klen[i];

				while (j >= 0 && klen[sorted[j]] > l)
				{
					sorted[j + 1] = sorted[j];
					j--;
				}
				sorted[j + 1] = (uint8) i;
			}
			order = sorted;
			if (count <= ORDER_MAX_KEYS)
			{
				KeyOrder   *slot = &c->orders[c->next_order];

				c->next_order = (c->next_order + 1) % ORDER_CACHE;
				slot->count = count;
				memcpy(slot->klen, klen, sizeof(uint32) * count);
				memcpy(slot->order, sorted, count);
			}
		}
		for (i = 0; i < count; i++)
			kids[i] = src[order[i]];
#ifdef USE_ASSERT_CHECKING
		for (i = 1; i < count; i++)
			Assert(key_order(&kids[i - 1], &kids[i]) < 0);
#endif
		return true;
	}
	else
	{
		memcpy(kids, pd->nodes, sizeof(Val) * count);
		qsort(kids, count, sizeof(Val), key_qsort_order);
	}
	for (i = 1; i < count; i++)
		if (key_order(&kids[i - 1], &kids[i]) == 0)
			return false;		/* a repeated key: let jsonb_in decide */
	return true;
}

/* Parse one value at c->p into n. */
static bool
parse_value(Conv *c, int depth, Val *n)
{
	if (c->p >= c->end)
		return false;
	switch (*c->p)
	{
		case '"':
			n->type = JENTRY_ISSTRING;
			return parse_string(c, &n->v.str, &n->len);
		case '{':
		case '[':
			if (depth + 1 >= MAX_DEPTH)
				return false;
			return parse_container(c, depth + 1, n);
		case 't':
			if (c->end - c->p < 4 || memcmp(c->p, "true", 4) != 0)
				return false;
			c->p += 4;
			n->type = JENTRY_ISBOOL_TRUE;
			return true;
		case 'f':
			if (c->end - c->p < 5 || memcmp(c->p, "false", 5) != 0)
				return false;
			c->p += 5;
			n->type = JENTRY_ISBOOL_FALSE;
			return true;
		case 'n':
			if (c->end - c->p < 4 || memcmp(c->p, "null", 4) != 0)
				return false;
			c->p += 4;
			n->type = JENTRY_ISNULL;
			return true;
		default:
			{
				/* an integer: -?[1-9][0-9]* or 0, at most 18 digits */
				const char *p = c->p;
				bool		neg = false;
				int64		v = 0;
				int			digits = 0;

				if (*p == '-')
				{
					neg = true;
					p++;
				}
				while (p < c->end && *p >= '0' && *p <= '9')
				{
					v = v * 10 + (*p++ - '0');
					if (++digits > 18)
						return false;
				}
				if (digits == 0 || (p < c->end && (*p == '.' || *p == 'e' || *p == 'E')))
					return false;
				/* leading zeros are not JSON; "-0" is left to jsonb_in */
				if (c->p[neg ? 1 : 0] == '0' && (digits > 1 || neg))
					return false;
				c->p = p;
				n->type = JENTRY_ISNUMERIC;
				c->nnumbers++;
				n->v.num = neg ? -v : v;
				return true;
			}
	}
}

/*
 * What the layout may write, at most, for len bytes of text: over its text,
 * a key takes at most 1 byte more (a JEntry for its quotes and colon), a
 * string value 2 more (a JEntry for its quotes), an integer 22 more (padding,
 * a numeric of up to 16 bytes and a JEntry against at least one digit), a
 * container 9 more (padding, header and JEntry against its brackets), true,
 * false and null no more; the root adds the varlena header.  The layout
 * writes into a buffer of this size without checking for room.
 */
static size_t
layout_bound(const Conv *c, size_t len)
{
	return VARHDRSZ + len + 3 * (size_t) c->nnodes + 22 * (size_t) c->nnumbers +
		9 * (size_t) (c->ncontainers + 1) + 64;
}

/* Zero bytes up to the next multiple of 4 (room reserved); returns how many. */
static inline uint32
out_pad(Conv *c)
{
	uint32		pad = (uint32) (INTALIGN(c->len) - c->len);

	memset(c->buf + c->len, 0, pad);
	c->len += pad;
	return pad;
}

/*
 * Write integer v as the numeric numeric_in makes of its digits (dscale 0,
 * base-10000 digits without trailing zero digits, the short header) at o,
 * which has room for 16 bytes; returns its size.
 */
static inline uint32
write_integer(char *o, int64 v)
{
	uint64		u = v < 0 ? -(uint64) v : (uint64) v;
	int16		d[5];			/* least significant first: 10^18 < 10000^5 */
	int			nd = 0;
	int			low = 0;
	uint16		header;
	uint32		size;
	int			i;

	while (u > 0)
	{
		d[nd++] = (int16) (u % 10000);
		u /= 10000;
	}
	while (low < nd && d[low] == 0)
		low++;
	if (nd == 0)
		header = 0x8000;		/* zero: NUMERIC_SHORT, weight 0, positive */
	else
		header = (uint16) (0x8000 | (v < 0 ? 0x2000 : 0) | (nd - 1));
	size = VARHDRSZ + sizeof(uint16) + sizeof(int16) * (nd - low);
	SET_VARSIZE(o, size);
	memcpy(o + VARHDRSZ, &header, sizeof(uint16));
	for (i = nd - 1; i >= low; i--)
		memcpy(o + VARHDRSZ + sizeof(uint16) + sizeof(int16) * (nd - 1 - i), &d[i], sizeof(int16));
	return size;
}

static bool layout_container(Conv *c, const Val *n);

/* Write the bytes of one value; returns its length with padding, or -1. */
static inline int64
layout_value(Conv *c, const Val *k)
{
	size_t		before = c->len;

	switch (k->type & ~VAL_OBJECT)
	{
		case JENTRY_ISSTRING:
			memcpy(c->buf + c->len, k->v.str, k->len);
			c->len += k->len;
			break;
		case JENTRY_ISNUMERIC:
			out_pad(c);
			c->len += write_integer(c->buf + c->len, k->v.num);
			break;
		case JENTRY_ISCONTAINER:
			out_pad(c);
			if (!layout_container(c, k))
				return -1;
			break;
		default:
			break;				/* true, false, null: no bytes */
	}
	return (int64) (c->len - before);
}

/* Write the container n: header, JEntries, then its keys' and values' bytes. */
static bool
layout_container(Conv *c, const Val *n)
{
	const Val  *kids = c->nodes + n->v.kids;
	bool		object = (n->type & VAL_OBJECT) != 0;
	uint32		count = n->len;
	uint32		nentries = object ? 2 * count : count;
	uint32		header = count | (object ? JB_FOBJECT : JB_FARRAY);
	size_t		jentries;
	uint32		totallen = 0;
	uint32		i;

	Assert(c->len % 4 == 0);
	memcpy(c->buf + c->len, &header, sizeof(uint32));
	c->len += sizeof(uint32);
	jentries = c->len;
	c->len += sizeof(JEntry) * (size_t) nentries;

	/* an object's keys first: strings */
	if (object)
		for (i = 0; i < count; i++)
		{
			uint32		len = kids[i].key_len;
			JEntry		meta;

			memcpy(c->buf + c->len, kids[i].key, len);
			c->len += len;
			if ((uint64) totallen + len > JENTRY_OFFLENMASK)
				return false;
			totallen += len;
			if (i % JB_OFFSET_STRIDE == 0)
				meta = JENTRY_ISSTRING | totallen | JENTRY_HAS_OFF;
			else
				meta = JENTRY_ISSTRING | len;
			memcpy(c->buf + jentries + i * sizeof(JEntry), &meta, sizeof(JEntry));
		}
	/* then the values (entries count .. 2 * count - 1 of an object) */
	for (i = object ? count : 0; i < nentries; i++, kids++)
	{
		const Val  *k = kids;
		int64		len = layout_value(c, k);
		uint32		type = k->type & ~VAL_OBJECT;
		JEntry		meta;

		if (len < 0 || (uint64) totallen + (uint64) len > JENTRY_OFFLENMASK)
			return false;
		totallen += (uint32) len;
		if (i % JB_OFFSET_STRIDE == 0)
			meta = type | totallen | JENTRY_HAS_OFF;
		else
			meta = type | (uint32) len;
		memcpy(c->buf + jentries + i * sizeof(JEntry), &meta, sizeof(JEntry));
	}
	return true;
}

/*
 * The jsonb of canonical record text (len bytes at text), or NULL when the
 * text is outside the converter's grammar.
 */
static Jsonb *
convert(const char *text, size_t len)
{
	Conv		c;
	Val		root;
	bool		ok;

	memset(&c, 0, sizeof(c));
	c.p = text;
	c.end = text + len;
	/* the kept scratch, or about one node per 18 bytes of a record's text */
	memcpy(c.pending, kept_pending, sizeof(kept_pending));
	memset(kept_pending, 0, sizeof(kept_pending));
	c.cap = (uint32) Min(len / 16 + 64, MaxAllocSize / sizeof(Val));
	if (kept_nodes != NULL && kept_cap >= c.cap)
	{
		c.nodes = kept_nodes;
		c.cap = kept_cap;
	}
	else
	{
		if (kept_nodes != NULL)
			pfree(kept_nodes);
		c.nodes = MemoryContextAlloc(TopMemoryContext, sizeof(Val) * c.cap);
	}
	kept_nodes = NULL;
	kept_cap = 0;
	ok = c.p < c.end && (*c.p == '{' || *c.p == '[') &&
		parse_container(&c, 0, &root) && c.p == c.end;

	/* give the scratch back (the pending lists always, the nodes up to KEEP_NODES) */
	memcpy(kept_pending, c.pending, sizeof(kept_pending));
	if (c.cap <= KEEP_NODES)
	{
		kept_nodes = c.nodes;
		kept_cap = c.cap;
	}
	if (ok)
	{
		c.bufcap = layout_bound(&c, len);
		if (c.bufcap > MaxAllocSize)
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("citation record is too large for jsonb")));
		c.buf = palloc(c.bufcap);
		c.len = VARHDRSZ;
		ok = layout_container(&c, &root);
		Assert(c.len <= c.bufcap);
	}
	if (kept_nodes != c.nodes)
		pfree(c.nodes);
	if (c.decoded)
		pfree(c.decoded);
	if (!ok)
	{
		if (c.buf)
			pfree(c.buf);
		return NULL;
	}
	SET_VARSIZE(c.buf, c.len);
	return (Jsonb *) c.buf;
}

/* The jsonb of a record's canonical text t (a NUL follows its bytes). */
Datum
pith_record_text_to_jsonb(text *t)
{
	const char *s = VARDATA(t);
	size_t		len = VARSIZE(t) - VARHDRSZ;
	Jsonb	   *jb = convert(s, len);

	if (jb == NULL)
		return DirectFunctionCall1(jsonb_in, CStringGetDatum(s));
#ifdef USE_ASSERT_CHECKING
	{
		Jsonb	   *ref = DatumGetJsonbP(DirectFunctionCall1(jsonb_in, CStringGetDatum(s)));

		Assert(VARSIZE(ref) == VARSIZE(jb) && memcmp(ref, jb, VARSIZE(jb)) == 0);
	}
#endif
	return JsonbPGetDatum(jb);
}
