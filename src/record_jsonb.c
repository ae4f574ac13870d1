/*
 * record_jsonb.c -- the jsonb form of a record, straight from its
 * canonical text: a converter for the JSON the record writer produces
 * (objects, arrays, strings, integers, true, false, null; no white space)
 * into jsonb's binary layout (utils/jsonb.h, the on-disk format), without
 * the general JSON lexer and the JsonbValue tree that jsonb_in builds.
 *
 * Each container's children are parsed into a scratch buffer of their
 * depth, then laid out the way jsonb stores them: object keys sorted by
 * length then bytes, every JB_OFFSET_STRIDE'th entry an offset, numbers
 * and containers 4-byte aligned.  Anything outside that grammar (a
 * fraction, an exponent, an escape the writer never writes, deep nesting)
 * makes it give up; the caller then uses jsonb_in.  Builds with
 * USE_ASSERT_CHECKING compare every result with jsonb_in's, byte for byte.
 */
#include "postgres.h"

#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/numeric.h"

#include "pith.h"

/* Deepest nesting converted here (a record is 6 deep). */
#define MAX_DEPTH 16

/* One parsed child of a container: where its bytes are in the depth's scratch. */
typedef struct Child
{
	uint32		type;			/* JENTRY_IS* */
	int			off;			/* its bytes in the scratch buffer */
	int			len;
	int			key_off;		/* objects: the key's bytes */
	int			key_len;
} Child;

/* Scratch of one depth: children's bytes and their descriptors. */
typedef struct Level
{
	StringInfoData data;
	Child	   *kids;
	int			nkids;
	int			cap;
} Level;

/* The conversion state. */
typedef struct Conv
{
	const char *p;
	const char *end;
	Level		level[MAX_DEPTH];
	bool		failed;
} Conv;

static bool parse_container(Conv *c, int depth, StringInfo out);

/* Append n zero bytes until out->len is a multiple of 4; returns how many. */
static inline int
pad_to_int(StringInfo out)
{
	int			pad = INTALIGN(out->len) - out->len;

	if (pad > 0)
	{
		enlargeStringInfo(out, pad);
		memset(out->data + out->len, 0, pad);
		out->len += pad;
		out->data[out->len] = '\0';
	}
	return pad;
}

/* Parse a JSON string at c->p (at its opening quote) into out; false if unsupported. */
static bool
parse_string(Conv *c, StringInfo out, int *len)
{
	const char *p = c->p + 1;
	int			start = out->len;

	for (;;)
	{
		const char *run = p;

		while (p < c->end && *p != '"' && *p != '\\')
			p++;
		if (p > run)
			appendBinaryStringInfo(out, run, p - run);
		if (p >= c->end)
			return false;
		if (*p == '"')
			break;
		/* an escape */
		if (p + 1 >= c->end)
			return false;
		switch (p[1])
		{
			case '"':
			case '\\':
			case '/':
				appendStringInfoChar(out, p[1]);
				p += 2;
				break;
			case 'b':
				appendStringInfoChar(out, '\b');
				p += 2;
				break;
			case 'f':
				appendStringInfoChar(out, '\f');
				p += 2;
				break;
			case 'n':
				appendStringInfoChar(out, '\n');
				p += 2;
				break;
			case 'r':
				appendStringInfoChar(out, '\r');
				p += 2;
				break;
			case 't':
				appendStringInfoChar(out, '\t');
				p += 2;
				break;
			case 'u':
				{
					int			v = 0,
								i;

					/* the writer escapes only controls: \u0001 .. \u001f */
					if (p + 6 > c->end || p[2] != '0' || p[3] != '0')
						return false;
					for (i = 4; i < 6; i++)
					{
						char		h = p[i];

						v <<= 4;
						if (h >= '0' && h <= '9')
							v |= h - '0';
						else if (h >= 'a' && h <= 'f')
							v |= h - 'a' + 10;
						else if (h >= 'A' && h <= 'F')
							v |= h - 'A' + 10;
						else
							return false;
					}
					if (v == 0 || v >= 0x20)
						return false;
					appendStringInfoChar(out, (char) v);
					p += 6;
					break;
				}
			default:
				return false;
		}
	}
	c->p = p + 1;
	*len = out->len - start;
	return true;
}

/* Parse one value into level depth's scratch, as a child. */
static bool
parse_child(Conv *c, int depth, Child *k)
{
	Level	   *lv = &c->level[depth];
	StringInfo out = &lv->data;

	if (c->p >= c->end)
		return false;
	switch (*c->p)
	{
		case '"':
			k->type = JENTRY_ISSTRING;
			k->off = out->len;
			return parse_string(c, out, &k->len);
		case '{':
		case '[':
			if (depth + 1 >= MAX_DEPTH)
				return false;
			pad_to_int(out);
			k->type = JENTRY_ISCONTAINER;
			k->off = out->len;
			if (!parse_container(c, depth + 1, out))
				return false;
			k->len = out->len - k->off;
			return true;
		case 't':
			if (c->end - c->p < 4 || memcmp(c->p, "true", 4) != 0)
				return false;
			c->p += 4;
			k->type = JENTRY_ISBOOL_TRUE;
			k->off = out->len;
			k->len = 0;
			return true;
		case 'f':
			if (c->end - c->p < 5 || memcmp(c->p, "false", 5) != 0)
				return false;
			c->p += 5;
			k->type = JENTRY_ISBOOL_FALSE;
			k->off = out->len;
			k->len = 0;
			return true;
		case 'n':
			if (c->end - c->p < 4 || memcmp(c->p, "null", 4) != 0)
				return false;
			c->p += 4;
			k->type = JENTRY_ISNULL;
			k->off = out->len;
			k->len = 0;
			return true;
		default:
			{
				/* an integer: -?[0-9]+, at most 18 digits */
				const char *p = c->p;
				bool		neg = false;
				int64		v = 0;
				int			digits = 0;
				Numeric		num;

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
				/* numeric_in keeps "-0" as 0 too, but leading zeros are not JSON */
				if (digits > 1 && c->p[neg ? 1 : 0] == '0')
					return false;
				c->p = p;
				num = int64_to_numeric(neg ? -v : v);
				pad_to_int(out);
				k->type = JENTRY_ISNUMERIC;
				k->off = out->len;
				k->len = VARSIZE(num);
				appendBinaryStringInfo(out, (char *) num, VARSIZE(num));
				pfree(num);
				return true;
			}
	}
}

/* Order of two object keys in jsonb: shorter first, then bytes. */
static int
key_order(const char *base, const Child *a, const Child *b)
{
	if (a->key_len != b->key_len)
		return a->key_len > b->key_len ? 1 : -1;
	return memcmp(base + a->key_off, base + b->key_off, a->key_len);
}

/*
 * Parse the container at c->p into the scratch of depth, then append its
 * jsonb layout to out (already 4-byte aligned).
 */
static bool
parse_container(Conv *c, int depth, StringInfo out)
{
	Level	   *lv = &c->level[depth];
	bool		object = (*c->p == '{');
	char		close = object ? '}' : ']';
	int			n,
				nentries,
				i,
				jentry_off,
				totallen,
				base;
	uint32		header;

	check_stack_depth();
	if (lv->data.data == NULL)
		initStringInfo(&lv->data);
	else
		resetStringInfo(&lv->data);
	lv->nkids = 0;
	c->p++;
	if (c->p < c->end && *c->p == close)
		c->p++;
	else
		for (;;)
		{
			Child	   *k;

			if (lv->nkids == lv->cap)
			{
				lv->cap = lv->cap ? lv->cap * 2 : 16;
				lv->kids = lv->kids ? repalloc(lv->kids, sizeof(Child) * lv->cap)
					: palloc(sizeof(Child) * lv->cap);
			}
			k = &lv->kids[lv->nkids];
			if (object)
			{
				if (c->p >= c->end || *c->p != '"')
					return false;
				k->key_off = lv->data.len;
				if (!parse_string(c, &lv->data, &k->key_len))
					return false;
				if (c->p >= c->end || *c->p != ':')
					return false;
				c->p++;
			}
			if (!parse_child(c, depth, k))
				return false;
			/* the child may have used deeper levels only: lv is still ours */
			lv->nkids++;
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
	n = lv->nkids;

	/* objects: keys in jsonb order (the writer never repeats a key) */
	if (object && n > 1)
	{
		/* insertion sort: objects are small, and mostly nearly sorted */
		for (i = 1; i < n; i++)
		{
			Child		t = lv->kids[i];
			int			j = i - 1;

			while (j >= 0 && key_order(lv->data.data, &lv->kids[j], &t) > 0)
			{
				lv->kids[j + 1] = lv->kids[j];
				j--;
			}
			lv->kids[j + 1] = t;
		}
		for (i = 1; i < n; i++)
			if (key_order(lv->data.data, &lv->kids[i - 1], &lv->kids[i]) == 0)
				return false;	/* a repeated key: let jsonb_in decide */
	}

	/* the layout: header, JEntries, then keys' and values' bytes */
	Assert(out->len % 4 == 0);
	base = out->len;
	header = (uint32) n | (object ? JB_FOBJECT : JB_FARRAY);
	appendBinaryStringInfo(out, (char *) &header, sizeof(uint32));
	nentries = object ? 2 * n : n;
	jentry_off = out->len;
	enlargeStringInfo(out, sizeof(JEntry) * nentries);
	out->len += sizeof(JEntry) * nentries;
	totallen = 0;
	for (i = 0; i < nentries; i++)
	{
		const Child *k = &lv->kids[object ? i % n : i];
		bool		is_key = object && i < n;
		uint32		type = is_key ? JENTRY_ISSTRING : k->type;
		int			off = is_key ? k->key_off : k->off;
		int			len = is_key ? k->key_len : k->len;
		int			pad = 0;
		JEntry		meta;

		if (type == JENTRY_ISNUMERIC || type == JENTRY_ISCONTAINER)
			pad = pad_to_int(out);
		if (len > 0)
			appendBinaryStringInfo(out, lv->data.data + off, len);
		totallen += pad + len;
		if (totallen > JENTRY_OFFLENMASK)
			return false;
		if (i % JB_OFFSET_STRIDE == 0)
			meta = type | totallen | JENTRY_HAS_OFF;
		else
			meta = type | (pad + len);
		memcpy(out->data + jentry_off + i * sizeof(JEntry), &meta, sizeof(JEntry));
	}
	if (out->len - base > JENTRY_OFFLENMASK)
		return false;
	return true;
}

/*
 * The jsonb of canonical record text (len bytes at text, NUL after them),
 * or NULL when the text is outside the converter's grammar.
 */
static Jsonb *
convert(const char *text, size_t len)
{
	Conv		c;
	StringInfoData out;
	int			d;
	bool		ok;

	memset(&c, 0, sizeof(c));
	c.p = text;
	c.end = text + len;
	initStringInfo(&out);
	appendStringInfoSpaces(&out, VARHDRSZ);
	ok = c.p < c.end && (*c.p == '{' || *c.p == '[') &&
		parse_container(&c, 0, &out) && c.p == c.end;
	for (d = 0; d < MAX_DEPTH; d++)
	{
		if (c.level[d].data.data)
			pfree(c.level[d].data.data);
		if (c.level[d].kids)
			pfree(c.level[d].kids);
	}
	if (!ok)
	{
		pfree(out.data);
		return NULL;
	}
	SET_VARSIZE(out.data, out.len);
	return (Jsonb *) out.data;
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
