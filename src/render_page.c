/*
 * render_page.c -- the record page layouts in C: pith.render_text (the text
 * of a record's page, the layout of the SmartSwap seed byte for byte) and
 * pith.html_page (the standalone HTML page; pith.render_html in
 * src/sql/70_render.sql passes it the integrity state and sentence of
 * pith.record_integrity) and pith.render_html_page, 0.2.0's form of it that
 * is given only the sentence.
 *
 * Both read the record through the jsonb container API without copying it,
 * write into one StringInfo, and escape every record value with the pure C
 * core in src/core/html_escape.c.  The layout rules are documented in the
 * README ("Rendering a record as a page").  A record value is printed as the
 * ->> operator would give it (strings unquoted, numbers as stored, objects
 * and arrays as JSON text); missing or null values print fixed fallbacks.
 */
#include "postgres.h"

#include "catalog/pg_collation_d.h"
#include "fmgr.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/jsonb.h"
#include "utils/memutils.h"
#include "utils/numeric.h"

#include "html_escape.h"
#include "pith.h"
#include "record_shape.h"

#define CITATION_RECORD " | Paper Citation Record"

/*
 * Every record key the pages read is named by the shape table
 * (src/core/record_shape.h): KEY(RECORD, PITH_RK_PAPER) is "paper".
 */
#define KEY(object, position) (pith_shape_key_at(PITH_OBJ_##object, (position))->name)

/*
 * The six resolution states (the keys of state_counts) in the order a page
 * shows them (SPEC section 4), not the record's code point order.
 */
static const int state_display_order[] = {
	PITH_SC_VERIFIED_EXACT, PITH_SC_VERIFIED_FUZZY, PITH_SC_METADATA_MISMATCH,
	PITH_SC_PARSE_UNCERTAIN, PITH_SC_MALFORMED_IDENTIFIER, PITH_SC_UNRESOLVED
};

StaticAssertDecl(lengthof(state_display_order) == PITH_SC_COUNT,
				 "every resolution state has its place on the page");

/* The name of the state shown i-th. */
#define STATE_NAME(i) KEY(STATE_COUNTS, state_display_order[i])

static const char page_css[] =
	"\n"
	"\n"
	":root { --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --card: #ffffff; --bg: #f6f8fa; --link: #0550ae; }\n"
	"* { box-sizing: border-box; }\n"
	"body { margin: 0; background: var(--bg); color: var(--ink);\n"
	"       font: 16px/1.5 system-ui, -apple-system, \"Segoe UI\", \"Noto Sans\", \"DejaVu Sans\", sans-serif; }\n"
	"header, main { max-width: 64rem; margin: 0 auto; padding: 0 1.25rem; }\n"
	"header { padding-top: 2rem; padding-bottom: .5rem; }\n"
	"h1 { font-size: 1.65rem; line-height: 1.25; margin: 0 0 .75rem; overflow-wrap: anywhere; }\n"
	"h1 .kind { color: var(--muted); font-weight: 400; }\n"
	"a { color: var(--link); }\n"
	"p, li, td, th { overflow-wrap: anywhere; }\n"
	".thesis { font-size: 1.1rem; margin: .25rem 0; }\n"
	".refusal { color: var(--muted); font-style: italic; margin: .25rem 0; }\n"
	".integrity { display: inline-block; margin: .5rem 0; padding: .2rem .6rem; border-radius: 6px; font-size: .9rem; }\n"
	".integrity.ok { background: #dafbe1; color: #116329; }\n"
	".integrity.bad { background: #ffebe9; color: #a40e26; }\n"
	".integrity.unknown { background: #fff8c5; color: #7d4e00; }\n"
	"nav { font-size: .9rem; margin: .25rem 0 1rem; }\n"
	"nav a, nav span { margin-right: 1rem; }\n"
	".refused { color: #a40e26; }\n"
	".observation { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: .85rem 1.15rem; margin: 0 0 .9rem; }\n"
	".observation h2 { font: 600 .8rem/1.4 ui-monospace, \"DejaVu Sans Mono\", monospace; color: var(--muted); margin: 0 0 .35rem; }\n"
	".observation.inbound { border-left: 4px solid #8250df; }\n"
	".observation .cites { font-size: 1.05rem; font-weight: 600; margin: 0 0 .35rem; }\n"
	".observation p { margin: .15rem 0; }\n"
	".observation .pair, .observation .ref { color: var(--muted); font-size: .92rem; }\n"
	".observation .resolution { font-size: .92rem; }\n"
	".observation .s-verified_exact, .observation .s-verified_fuzzy { color: #116329; }\n"
	".observation .s-unresolved, .observation .s-parse_uncertain { color: #7d4e00; }\n"
	".observation .s-metadata_mismatch, .observation .s-malformed_identifier { color: #a40e26; }\n"
	".observation h3 { font-size: .85rem; margin: .6rem 0 .1rem; color: var(--muted); }\n"
	".observation .notice { font-size: .92rem; }\n"
	".observation .events { margin: .2rem 0 0; padding-left: 1.25rem; font-size: .92rem; }\n"
	"section.closing { margin: 1.75rem 0; }\n"
	"section.closing h2 { font-size: 1.2rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }\n"
	"table { border-collapse: collapse; width: 100%; background: var(--card); font-size: .9rem; }\n"
	"th, td { border: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }\n"
	"th { background: #eef1f4; }\n"
	"td.num { text-align: right; font-variant-numeric: tabular-nums; }\n"
	"footer { max-width: 64rem; margin: 0 auto 2rem; padding: 0 1.25rem; color: var(--muted); font-size: .85rem; }\n"
;

/* ---------------------------------------------------------------------
 * jsonb access
 * --------------------------------------------------------------------- */

/* The value under key in c, or NULL when c is not an object or lacks it. */
static JsonbValue *
jget(JsonbContainer *c, const char *key)
{
	if (c == NULL || !JsonContainerIsObject(c))
		return NULL;
	return getKeyJsonValueFromContainer(c, key, strlen(key), NULL);
}

/* The container (object or array) a value holds, or NULL for scalars. */
static JsonbContainer *
jcont(JsonbValue *v)
{
	return (v != NULL && v->type == jbvBinary) ? v->val.binary.data : NULL;
}

/* The object or array under key in c, or NULL. */
static JsonbContainer *
jsub(JsonbContainer *c, const char *key)
{
	return jcont(jget(c, key));
}

/* The array under key in c, or NULL when it is absent or not an array. */
static JsonbContainer *
jarray(JsonbContainer *c, const char *key)
{
	JsonbContainer *a = jsub(c, key);

	return (a != NULL && JsonContainerIsArray(a)) ? a : NULL;
}

/* A value as the ->> operator prints it; NULL for absent and JSON null. */
static char *
jtext(JsonbValue *v)
{
	if (v == NULL)
		return NULL;
	switch (v->type)
	{
		case jbvNull:
			return NULL;
		case jbvString:
			return pnstrdup(v->val.string.val, v->val.string.len);
		case jbvNumeric:
			return DatumGetCString(DirectFunctionCall1(numeric_out,
													   NumericGetDatum(v->val.numeric)));
		case jbvBool:
			return pstrdup(v->val.boolean ? "true" : "false");
		case jbvBinary:
			return JsonbToCString(NULL, v->val.binary.data, v->val.binary.len);
		default:
			elog(ERROR, "unexpected jsonb value type %d", (int) v->type);
	}
	return NULL;
}

/* The text under key in c (->> semantics), or NULL. */
static char *
jstr(JsonbContainer *c, const char *key)
{
	return jtext(jget(c, key));
}

/* s with leading and trailing spaces removed (btrim), NULL when empty or s is NULL. */
static char *
trimmed(char *s)
{
	char	   *end;

	if (s == NULL)
		return NULL;
	while (*s == ' ')
		s++;
	end = s + strlen(s);
	while (end > s && end[-1] == ' ')
		end--;
	if (end == s)
		return NULL;
	*end = '\0';
	return s;
}

/* s with every "_" replaced by a space (in place). */
static char *
underscores_to_spaces(char *s)
{
	char	   *p;

	for (p = s; *p; p++)
		if (*p == '_')
			*p = ' ';
	return s;
}

/* ---------------------------------------------------------------------
 * output
 * --------------------------------------------------------------------- */

/*
 * Bytes of the UTF-8 bidi control (U+061C, U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069) at p, or 0.
 */
static int
bidi_control_len(const unsigned char *p)
{
	if (p[0] == 0xD8 && p[1] == 0x9C)
		return 2;
	if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0x8E || p[2] == 0x8F || (p[2] >= 0xAA && p[2] <= 0xAE)))
		return 3;
	if (p[0] == 0xE2 && p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9)
		return 3;
	return 0;
}

/*
 * Append s as one line: every control character (C0, DEL, C1 -- tab and
 * newline included) and the line and paragraph separators U+2028 and
 * U+2029 become a space, so that no value can add a line.  With
 * strip_bidi, bidi controls are dropped too (for the <title>, where no
 * <bdi> can isolate a value).  Checks for interrupts every megabyte.
 */
static void
put_flat_line(StringInfo buf, const char *s, bool strip_bidi)
{
	const unsigned char *p = (const unsigned char *) s;
	size_t		run = 0,
				i = 0;
	int			n;

	for (i = 0; p[i]; i++)
	{
		if ((i & 0xFFFFF) == 0)
			CHECK_FOR_INTERRUPTS();
		if (p[i] < 0x20 || p[i] == 0x7F)
		{
			appendBinaryStringInfo(buf, s + run, i - run);
			appendStringInfoChar(buf, ' ');
			run = i + 1;
		}
		else if (p[i] == 0xC2 && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F)
		{
			appendBinaryStringInfo(buf, s + run, i - run);
			appendStringInfoChar(buf, ' ');
			i++;
			run = i + 1;
		}
		else if (p[i] == 0xE2 && p[i + 1] == 0x80 && (p[i + 2] == 0xA8 || p[i + 2] == 0xA9))
		{
			appendBinaryStringInfo(buf, s + run, i - run);
			appendStringInfoChar(buf, ' ');
			i += 2;
			run = i + 1;
		}
		else if (strip_bidi && (n = bidi_control_len(p + i)) > 0)
		{
			appendBinaryStringInfo(buf, s + run, i - run);
			i += n - 1;
			run = i + 1;
		}
	}
	appendBinaryStringInfo(buf, s + run, i - run);
}

/* Append s as one line (see put_flat_line). */
static void
put_flat(StringInfo buf, const char *s)
{
	put_flat_line(buf, s, false);
}

/* Append s HTML-escaped (no flattening). */
static void
put_escaped(StringInfo buf, const char *s, size_t len)
{
	size_t		need;
	size_t		written;

	pith_html_escape_set_check(pith_html_escape_interrupts);
	need = pith_html_escaped_len(s, len);

	if (need > (size_t) (MaxAllocSize - 1 - buf->len))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("rendered page too long"),
				 errdetail("The page would exceed %zu bytes.", (size_t) (MaxAllocSize - 1))));
	enlargeStringInfo(buf, (int) need);
	written = pith_html_escape(s, len, buf->data + buf->len);
	/* the core's two passes agree: it wrote exactly what it asked room for */
	Assert(written == need);
	buf->len += (int) written;
	buf->data[buf->len] = '\0';
}

/* Append a record value as HTML text: flattened, escaped, in its own <bdi>. */
static void
put_value(StringInfo buf, const char *s)
{
	StringInfoData flat;

	initStringInfo(&flat);
	put_flat(&flat, s);
	appendStringInfoString(buf, "<bdi>");
	put_escaped(buf, flat.data, flat.len);
	appendStringInfoString(buf, "</bdi>");
	pfree(flat.data);
}

/* Append label_html, inside <a href> when target is a safe same-origin path. */
static void
put_link(StringInfo buf, const char *target, const char *label_html)
{
	if (target != NULL && pith_html_safe_href(target, strlen(target)))
	{
		appendStringInfoString(buf, "<a href=\"");
		put_escaped(buf, target, strlen(target));
		appendStringInfo(buf, "\">%s</a>", label_html);
	}
	else
		appendStringInfoString(buf, label_html);
}

/* A fresh palloc'd string of label_html for a value (put_value into a new buffer). */
static char *
value_html(const char *s)
{
	StringInfoData b;

	initStringInfo(&b);
	put_value(&b, s);
	return b.data;
}

/* ---------------------------------------------------------------------
 * the text layout
 * --------------------------------------------------------------------- */

/* Lines of a page being built; every line is flattened on output. */
typedef struct Lines
{
	char	  **line;
	int			n;
	int			cap;
} Lines;

/* Add a line (psprintf'd or constant; never freed individually). */
static void
add_line(Lines *l, char *s)
{
	if (l->n == l->cap)
	{
		l->cap = l->cap ? l->cap * 2 : 32;
		if ((Size) l->cap > MaxAllocSize / sizeof(char *))
			ereport(ERROR,
					(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
					 errmsg("record has too many lines to render")));
		l->line = l->line ? repalloc(l->line, l->cap * sizeof(char *))
			: palloc(l->cap * sizeof(char *));
	}
	l->line[l->n++] = s;
}

/* The title shown for an observation's cited work, NULL when there is none. */
static char *
cited_title(JsonbContainer *obs)
{
	JsonbContainer *citation = jsub(obs, KEY(OBSERVATION, PITH_OK_CITATION));
	char	   *t = trimmed(jstr(jsub(citation, KEY(CITATION, PITH_CIT_CITED_WORK)), KEY(CITED_WORK, PITH_CW_TITLE)));

	if (t == NULL)
		t = trimmed(jstr(jsub(citation, KEY(CITATION, PITH_CIT_CITED_PAPER)), KEY(OBSERVATION_PAPER, PITH_OP_TITLE)));
	return t;
}

/* The title shown for an observation's citing paper (never NULL). */
static char *
citing_title(JsonbContainer *obs)
{
	JsonbContainer *citing = jsub(jsub(obs, KEY(OBSERVATION, PITH_OK_CITATION)), KEY(CITATION, PITH_CIT_CITING_PAPER));
	char	   *t = trimmed(jstr(citing, KEY(OBSERVATION_PAPER, PITH_OP_TITLE)));
	char	   *id;

	if (t != NULL)
		return t;
	id = jstr(citing, KEY(OBSERVATION_PAPER, PITH_OP_ARXIV_ID));
	return id ? psprintf("arXiv:%s", id) : pstrdup("An unknown citing paper");
}

/* The title a page is headed with (never NULL). */
static char *
paper_title(JsonbContainer *record)
{
	JsonbContainer *paper = jsub(record, KEY(RECORD, PITH_RK_PAPER));
	char	   *t = trimmed(jstr(paper, KEY(RECORD_PAPER, PITH_RP_TITLE)));
	char	   *id;

	if (t != NULL)
		return t;
	id = jstr(paper, KEY(RECORD_PAPER, PITH_RP_ARXIV_ID));
	return id ? psprintf("arXiv:%s", id) : pstrdup("Untitled paper");
}

/* The notice line of a standing notice that is not measured. */
static char *
notice_line(const char *state_in, const char *reason)
{
	const char *state = state_in ? state_in : "unavailable";
	StringInfoData b;

	initStringInfo(&b);
	if (*state)
	{
		int			first = pg_mblen(state);
		text	   *up = DatumGetTextPP(DirectFunctionCall1Coll(upper, DEFAULT_COLLATION_OID,
																PointerGetDatum(cstring_to_text_with_len(state, first))));

		appendBinaryStringInfo(&b, VARDATA_ANY(up), VARSIZE_ANY_EXHDR(up));
		appendStringInfoString(&b, underscores_to_spaces(pstrdup(state + first)));
	}
	if (reason)
		appendStringInfo(&b, ": %s", underscores_to_spaces(pstrdup(reason)));
	appendStringInfoChar(&b, '.');
	return b.data;
}

/* One integrity event as a line. */
static char *
event_line(JsonbContainer *ev)
{
	char	   *type = jstr(ev, KEY(EVENT, PITH_EV_EVENT_TYPE));
	char	   *source = jstr(ev, KEY(EVENT, PITH_EV_SOURCE));
	char	   *date = jstr(ev, KEY(EVENT, PITH_EV_EVENT_DATE));
	char	   *doi = jstr(ev, KEY(EVENT, PITH_EV_NOTICE_DOI));
	char	   *seen = jstr(ev, KEY(EVENT, PITH_EV_OBSERVED_AT));

	return psprintf("%s reported by %s%s%s%s%s%s%s",
					underscores_to_spaces(type ? type : pstrdup("event")),
					source ? source : "an unnamed source",
					date ? " on " : ", undated", date ? date : "",
					doi ? "; notice doi:" : "; no notice DOI", doi ? doi : "",
					seen ? ", observed " : "", seen ? seen : "");
}

/* One external citation measurement as a line. */
static char *
measurement_line(JsonbContainer *m)
{
	char	   *source = jstr(m, KEY(MEASUREMENT, PITH_MEAS_SOURCE));
	char	   *count = jstr(m, KEY(MEASUREMENT, PITH_MEAS_CITED_BY_COUNT));
	char	   *at = jstr(m, KEY(MEASUREMENT, PITH_MEAS_MEASURED_AT));

	return psprintf("%s: %s citing works%s%s",
					source ? source : "an unnamed source", count ? count : "no",
					at ? ", measured " : "", at ? at : "");
}

/*
 * The lines of one observation block (obs may be NULL for a non-object
 * element): head, sentence, pair, reference, resolution, events heading,
 * notice, then one line per event of a measured notice.
 */
static void
observation_lines(Lines *l, JsonbContainer *obs, bool outbound)
{
	char	   *cited = cited_title(obs);
	char	   *citing = citing_title(obs);
	char	   *id = jstr(obs, KEY(OBSERVATION, PITH_OK_OBSERVATION_ID));
	char	   *index = jstr(jsub(obs, KEY(OBSERVATION, PITH_OK_CITATION)), KEY(CITATION, PITH_CIT_REFERENCE_INDEX));
	JsonbContainer *res = jsub(obs, KEY(OBSERVATION, PITH_OK_RESOLUTION));
	char	   *status = jstr(res, KEY(RESOLUTION, PITH_RES_STATUS));
	char	   *resolver = jstr(res, KEY(RESOLUTION, PITH_RES_RESOLVER_SOURCE));
	char	   *seen = jstr(res, KEY(RESOLUTION, PITH_RES_OBSERVED_AT));
	JsonbContainer *notice = jsub(obs, KEY(OBSERVATION, PITH_OK_STANDING_NOTICE));
	char	   *state = jstr(notice, KEY(STANDING_NOTICE, PITH_SN_STATE));

	add_line(l, psprintf("Observation %s · %s", id ? id : "(no id)", outbound ? "outbound" : "inbound"));
	if (!outbound)
		add_line(l, psprintf("%s cites this paper.", citing));
	else if (cited == NULL)
		add_line(l, "This paper cites an unresolved cited work.");
	else
		add_line(l, psprintf("This paper cites %s.", cited));
	add_line(l, psprintf("%s %s", citing, cited ? cited : "Unresolved cited work"));
	add_line(l, psprintf("Reference %s", index ? index : "(no index)"));
	add_line(l, psprintf("Resolution: %s; %s%s%s%s",
						 status ? status : "unresolved",
						 resolver ? "resolver " : "no resolver link", resolver ? resolver : "",
						 seen ? ", observed " : "", seen ? seen : ""));
	add_line(l, "Source-reported events for the cited work");
	if (state != NULL && strcmp(state, "measured") == 0)
	{
		char	   *sentence = jstr(notice, KEY(STANDING_NOTICE, PITH_SN_OBSERVATION));
		JsonbContainer *events = jarray(notice, KEY(STANDING_NOTICE, PITH_SN_EVENTS));

		add_line(l, sentence ? sentence : "Measured.");
		if (events != NULL)
		{
			uint32		i,
						n = JsonContainerSize(events);

			for (i = 0; i < n; i++)
				add_line(l, event_line(jcont(getIthJsonbValueFromContainer(events, i))));
		}
	}
	else
		add_line(l, notice_line(state, jstr(notice, KEY(STANDING_NOTICE, PITH_SN_REASON))));
}

/* Error unless the record is a JSON object; returns its container. */
static JsonbContainer *
record_object(Jsonb *record)
{
	const char *kind = "array";

	if (JB_ROOT_IS_OBJECT(record))
		return &record->root;
	if (JB_ROOT_IS_SCALAR(record))
	{
		JsonbValue *v = getIthJsonbValueFromContainer(&record->root, 0);

		kind = v->type == jbvString ? "string" : v->type == jbvNumeric ? "number"
			: v->type == jbvBool ? "boolean" : "null";
	}
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("a citation record must be a JSON object"),
			 errdetail("The argument is a JSON %s.", kind)));
	return NULL;				/* keep the compiler quiet */
}

/* pith.render_text(record jsonb) RETURNS text: the text of the record's page. */
PG_FUNCTION_INFO_V1(pith_render_text);
Datum
pith_render_text(PG_FUNCTION_ARGS)
{
	Jsonb	   *record = PG_GETARG_JSONB_P(0);
	JsonbContainer *root = record_object(record);
	Lines		l = {0};
	StringInfoData out;
	JsonbContainer *a;
	int			side,
				i;

	add_line(&l, psprintf("%s" CITATION_RECORD, paper_title(root)));
	for (side = 0; side < 2; side++)
	{
		a = jarray(root, side == 0 ? KEY(RECORD, PITH_RK_OUTBOUND) : KEY(RECORD, PITH_RK_INBOUND));
		if (a == NULL)
			continue;
		for (i = 0; i < (int) JsonContainerSize(a); i++)
		{
			CHECK_FOR_INTERRUPTS();
			observation_lines(&l, jcont(getIthJsonbValueFromContainer(a, i)), side == 0);
		}
	}
	add_line(&l, "Coverage vector");
	add_line(&l, "Reference resolution");
	add_line(&l, "Outbound references");
	add_line(&l, "Pith citing papers");
	a = jarray(root, KEY(RECORD, PITH_RK_EXTERNAL_CITATION_MEASUREMENTS));
	if (a != NULL && JsonContainerSize(a) > 0)
	{
		add_line(&l, "External citation measurements");
		for (i = 0; i < (int) JsonContainerSize(a); i++)
			add_line(&l, measurement_line(jcont(getIthJsonbValueFromContainer(a, i))));
	}

	initStringInfo(&out);
	for (i = 0; i < l.n; i++)
	{
		if (i > 0)
			appendStringInfoString(&out, "\n\n");
		put_flat(&out, l.line[i]);
	}
	PG_RETURN_TEXT_P(cstring_to_text_with_len(out.data, out.len));
}

/* ---------------------------------------------------------------------
 * the HTML page
 * --------------------------------------------------------------------- */

/* Append a table row; cells may be NULL (empty cell); header cells are not values. */
static void
put_row(StringInfo buf, const char *const *cells, int n, bool header)
{
	int			i;

	appendStringInfoString(buf, "\n<tr>");
	for (i = 0; i < n; i++)
	{
		appendStringInfoString(buf, header ? "<th>" : "<td>");
		if (cells[i] != NULL)
		{
			if (header)
				put_escaped(buf, cells[i], strlen(cells[i]));
			else
				put_value(buf, cells[i]);
		}
		appendStringInfoString(buf, header ? "</th>" : "</td>");
	}
	appendStringInfoString(buf, "</tr>");
}

/* Append the <article> of one observation block. */
static void
put_observation(StringInfo buf, JsonbContainer *obs, bool outbound, int ordinal)
{
	Lines		l = {0};
	const char *dir = outbound ? "outbound" : "inbound";
	char	   *cited = cited_title(obs);
	char	   *id = jstr(obs, KEY(OBSERVATION, PITH_OK_OBSERVATION_ID));
	char	   *status = jstr(jsub(obs, KEY(OBSERVATION, PITH_OK_RESOLUTION)), KEY(RESOLUTION, PITH_RES_STATUS));
	JsonbContainer *links = jsub(obs, KEY(OBSERVATION, PITH_OK_LINKS));
	char	   *citing_html;
	char	   *cited_html;
	StringInfoData t;
	int			i;

	observation_lines(&l, obs, outbound);
	initStringInfo(&t);
	put_link(&t, jstr(links, KEY(OBSERVATION_LINKS, PITH_OL_CITING_PAPER)), value_html(citing_title(obs)));
	citing_html = t.data;
	initStringInfo(&t);
	put_link(&t, jstr(links, KEY(OBSERVATION_LINKS, PITH_OL_CITED_PAPER)), value_html(cited ? cited : "Unresolved cited work"));
	cited_html = t.data;

	appendStringInfo(buf, "\n<article class=\"observation %s\" id=\"%s-%d\">\n<h2>Observation ", dir, dir, ordinal);
	put_value(buf, id ? id : "(no id)");
	appendStringInfo(buf, " · %s</h2>\n<p class=\"cites\">", dir);
	if (!outbound)
		appendStringInfo(buf, "%s cites this paper.", citing_html);
	else if (cited == NULL)
		appendStringInfoString(buf, "This paper cites an unresolved cited work.");
	else
	{
		appendStringInfoString(buf, "This paper cites ");
		put_value(buf, cited);
		appendStringInfoChar(buf, '.');
	}
	appendStringInfo(buf, "</p>\n<p class=\"pair\">%s %s</p>\n<p class=\"ref\">", citing_html, cited_html);
	put_value(buf, l.line[3]);
	appendStringInfoString(buf, "</p>\n<p class=\"resolution");
	if (status != NULL)
		for (i = 0; i < lengthof(state_display_order); i++)
			if (strcmp(status, STATE_NAME(i)) == 0)
				appendStringInfo(buf, " s-%s", status);
	appendStringInfoString(buf, "\">");
	put_value(buf, l.line[4]);
	appendStringInfo(buf, "</p>\n<h3>%s</h3>\n<p class=\"notice\">", l.line[5]);
	put_value(buf, l.line[6]);
	appendStringInfoString(buf, "</p>");
	if (l.n > 7)
	{
		appendStringInfoString(buf, "\n<ul class=\"events\">");
		for (i = 7; i < l.n; i++)
		{
			appendStringInfoString(buf, "\n<li>");
			put_value(buf, l.line[i]);
			appendStringInfoString(buf, "</li>");
		}
		appendStringInfoString(buf, "\n</ul>");
	}
	appendStringInfoString(buf, "\n</article>");
}

/* Order of a state_counts key: the six states first, in spec order, then the rest. */
static int
state_rank(const char *key)
{
	int			i;

	for (i = 0; i < lengthof(state_display_order); i++)
		if (strcmp(key, STATE_NAME(i)) == 0)
			return i;
	return lengthof(state_display_order);
}

/* qsort comparator for state_counts keys. */
static int
state_key_cmp(const void *a, const void *b)
{
	const char *x = *(const char *const *) a;
	const char *y = *(const char *const *) b;
	int			rx = state_rank(x),
				ry = state_rank(y);

	if (rx != ry)
		return rx < ry ? -1 : 1;
	return strcmp(x, y);
}

/* Append the state counts table (or a sentence when there are none). */
static void
put_state_counts(StringInfo buf, JsonbContainer *counts)
{
	static const char *const head[] = {"State", "References"};
	JsonbIterator *it;
	JsonbValue	v;
	JsonbIteratorToken tok;
	char	  **keys;
	int			n = 0,
				i;

	if (counts == NULL || !JsonContainerIsObject(counts))
	{
		appendStringInfoString(buf, "\n<p>The record has no state counts.</p>");
		return;
	}
	keys = palloc(sizeof(char *) * (JsonContainerSize(counts) + 1));
	it = JsonbIteratorInit(counts);
	while ((tok = JsonbIteratorNext(&it, &v, true)) != WJB_DONE)
		if (tok == WJB_KEY)
			keys[n++] = pnstrdup(v.val.string.val, v.val.string.len);
	qsort(keys, n, sizeof(char *), state_key_cmp);
	appendStringInfoString(buf, "\n<table>");
	put_row(buf, head, 2, true);
	for (i = 0; i < n; i++)
	{
		const char *cells[2];

		cells[0] = keys[i];
		cells[1] = jstr(counts, keys[i]);
		put_row(buf, cells, 2, false);
	}
	appendStringInfoString(buf, "\n</table>");
}

/*
 * The integrity state of a record, as the one who verified its digests
 * found it (pith.record_integrity): the page's integrity line is styled by
 * it, whatever its sentence says.
 */
typedef enum IntegrityState
{
	INTEGRITY_OK,				/* every digest verifies */
	INTEGRITY_BAD,				/* some digest does not */
	INTEGRITY_NOT_CHECKED		/* the record's shape could not be verified */
} IntegrityState;

/* The CSS class of each state's line. */
static const char *const integrity_class[] = {"ok", "bad", "unknown"};

/* The state named by pith.record_integrity's state column; 22023 otherwise. */
static IntegrityState
integrity_state_named(text *name)
{
	const char *s = VARDATA_ANY(name);
	size_t		len = VARSIZE_ANY_EXHDR(name);

	if (len == 2 && memcmp(s, "ok", 2) == 0)
		return INTEGRITY_OK;
	if (len == 3 && memcmp(s, "bad", 3) == 0)
		return INTEGRITY_BAD;
	if (len == 11 && memcmp(s, "not checked", 11) == 0)
		return INTEGRITY_NOT_CHECKED;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown integrity state \"%s\"", text_to_cstring(name)),
			 errhint("The state is one of ok, bad and not checked (pith.record_integrity).")));
	return INTEGRITY_NOT_CHECKED;	/* keep compiler quiet */
}

/*
 * The state a caller's sentence implies, for the 0.2.0 form
 * pith.render_html_page(record, integrity) that is given no state: the
 * wording pith.render_integrity uses ("Integrity: all ..." when every digest
 * verifies, "Integrity: not checked..." when none could be), anything else
 * bad.  Only that compatibility entry point reads the sentence.
 */
static IntegrityState
integrity_state_of_sentence(const char *sentence)
{
	if (strncmp(sentence, "Integrity: all ", 15) == 0)
		return INTEGRITY_OK;
	if (strncmp(sentence, "Integrity: not checked", 22) == 0)
		return INTEGRITY_NOT_CHECKED;
	return INTEGRITY_BAD;
}

static Datum render_html_page(Jsonb *record, IntegrityState state, const char *integrity);

/*
 * pith.render_html_page(record jsonb, integrity text) RETURNS text: the
 * record's HTML page with the given integrity sentence (0.2.0's form).
 */
PG_FUNCTION_INFO_V1(pith_render_html_page);
Datum
pith_render_html_page(PG_FUNCTION_ARGS)
{
	Jsonb	   *record = PG_GETARG_JSONB_P(0);
	char	   *integrity = text_to_cstring(PG_GETARG_TEXT_PP(1));

	return render_html_page(record, integrity_state_of_sentence(integrity), integrity);
}

/*
 * pith.html_page(record jsonb, state text, integrity text) RETURNS
 * text: the record's HTML page with the integrity state and sentence of
 * pith.record_integrity.
 */
PG_FUNCTION_INFO_V1(pith_html_page);
Datum
pith_html_page(PG_FUNCTION_ARGS)
{
	Jsonb	   *record = PG_GETARG_JSONB_P(0);
	IntegrityState state = integrity_state_named(PG_GETARG_TEXT_PP(1));

	return render_html_page(record, state, text_to_cstring(PG_GETARG_TEXT_PP(2)));
}

/* The HTML page of a record whose integrity line has this state and sentence. */
static Datum
render_html_page(Jsonb *record, IntegrityState state, const char *integrity)
{
	JsonbContainer *root = record_object(record);
	char	   *title = paper_title(root);
	char	   *s;
	JsonbContainer *links = jsub(root, KEY(RECORD, PITH_RK_LINKS));
	JsonbContainer *a;
	StringInfoData buf;
	int			side,
				i,
				n;

	initStringInfo(&buf);
	appendStringInfoString(&buf,
						   "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"
						   "\n<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
						   "style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'\">"
						   "\n<meta name=\"referrer\" content=\"no-referrer\">"
						   "\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
						   "\n<title>");
	{
		StringInfoData flat;

		initStringInfo(&flat);
		put_flat_line(&flat, title, true);
		put_escaped(&buf, flat.data, flat.len);
	}
	appendStringInfoString(&buf, CITATION_RECORD "</title>\n<style>");
	appendStringInfoString(&buf, page_css);
	appendStringInfoString(&buf, "</style>\n</head>\n<body>\n<header>\n<h1>");
	put_value(&buf, title);
	appendStringInfoString(&buf, " <span class=\"kind\">| Paper Citation Record</span></h1>");
	if ((s = jstr(root, KEY(RECORD, PITH_RK_THESIS))) != NULL)
	{
		appendStringInfoString(&buf, "\n<p class=\"thesis\">");
		put_value(&buf, s);
		appendStringInfoString(&buf, "</p>");
	}
	if ((s = jstr(root, KEY(RECORD, PITH_RK_REFUSAL))) != NULL)
	{
		appendStringInfoString(&buf, "\n<p class=\"refusal\">");
		put_value(&buf, s);
		appendStringInfoString(&buf, "</p>");
	}
	appendStringInfo(&buf, "\n<p class=\"integrity %s\">", integrity_class[state]);
	put_value(&buf, integrity);
	appendStringInfoString(&buf, "</p>");

	/* the record's own links */
	if (links != NULL && JsonContainerIsObject(links))
	{
		/* the links in the order the page shows them, each with its label */
		static const int keys[] = {PITH_RL_PAPER, PITH_RL_JSON, PITH_RL_INTEGRITY, PITH_RL_EVIDENCE, PITH_RL_HTML};
		static const char *const labels[] = {"Paper", "Record as JSON", "Integrity check", "Evidence", "This page"};
		StringInfoData nav;

		initStringInfo(&nav);
		for (i = 0; i < lengthof(keys); i++)
		{
			char	   *target = jstr(links, KEY(RECORD_LINKS, keys[i]));

			if (target == NULL)
				continue;
			appendStringInfoChar(&nav, '\n');
			if (pith_html_safe_href(target, strlen(target)))
				put_link(&nav, target, labels[i]);
			else
			{
				appendStringInfo(&nav, "<span class=\"refused\">%s: ", labels[i]);
				put_value(&nav, target);
				appendStringInfoString(&nav, " (not a same-origin link)</span>");
			}
		}
		if (nav.len > 0)
			appendStringInfo(&buf, "\n<nav aria-label=\"Record links\">%s\n</nav>", nav.data);
	}
	appendStringInfoString(&buf, "\n</header>\n<main>\n<section class=\"observations\" aria-label=\"Observations\">");

	for (side = 0; side < 2; side++)
	{
		a = jarray(root, side == 0 ? KEY(RECORD, PITH_RK_OUTBOUND) : KEY(RECORD, PITH_RK_INBOUND));
		if (a == NULL)
			continue;
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			CHECK_FOR_INTERRUPTS();
			put_observation(&buf, jcont(getIthJsonbValueFromContainer(a, i)), side == 0, i + 1);
		}
	}
	appendStringInfoString(&buf, "\n</section>");

	/* Coverage vector */
	appendStringInfoString(&buf, "\n<section class=\"closing\" id=\"coverage\">\n<h2>Coverage vector</h2>");
	a = jarray(root, KEY(RECORD, PITH_RK_COVERAGE));
	if (a != NULL && JsonContainerSize(a) > 0)
	{
		static const char *const head[] = {"Lane", "State", "Records observed", "Denominator",
		"Source", "Source observed at", "Note"};

		appendStringInfoString(&buf, "\n<table>");
		put_row(&buf, head, 7, true);
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			JsonbContainer *lane = jcont(getIthJsonbValueFromContainer(a, i));
			const char *cells[7];

			cells[0] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_LANE));
			cells[1] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_STATE));
			cells[2] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_RECORDS_OBSERVED));
			cells[3] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_DENOMINATOR));
			cells[4] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_SOURCE));
			cells[5] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_SOURCE_OBSERVED_AT));
			if (cells[5] == NULL)
				cells[5] = "none";
			cells[6] = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_NOTE));
			put_row(&buf, cells, 7, false);
		}
		appendStringInfoString(&buf, "\n</table>");
	}
	else
		appendStringInfoString(&buf, "\n<p>The record has no coverage vector.</p>");
	appendStringInfoString(&buf, "\n</section>");

	/* Reference resolution */
	appendStringInfoString(&buf, "\n<section class=\"closing\" id=\"resolution\">\n<h2>Reference resolution</h2>");
	put_state_counts(&buf, jsub(jsub(root, KEY(RECORD, PITH_RK_REFERENCE_RESOLUTION)), KEY(REFERENCE_RESOLUTION, PITH_RR_STATE_COUNTS)));
	appendStringInfoString(&buf, "\n</section>");

	/* Outbound references: displayed of total, and the standing sources */
	{
		JsonbContainer *rr = jsub(root, KEY(RECORD, PITH_RK_REFERENCE_RESOLUTION));
		char	   *displayed = jstr(rr, KEY(REFERENCE_RESOLUTION, PITH_RR_DISPLAYED));
		char	   *total = jstr(rr, KEY(REFERENCE_RESOLUTION, PITH_RR_TOTAL_OUTBOUND_REFERENCES));
		char	   *cap = jstr(jsub(root, KEY(RECORD, PITH_RK_CAPS)), KEY(CAPS, PITH_CAPS_OUTBOUND));

		if (displayed == NULL)
		{
			a = jarray(root, KEY(RECORD, PITH_RK_OUTBOUND));
			displayed = psprintf("%d", a ? (int) JsonContainerSize(a) : 0);
		}
		appendStringInfoString(&buf, "\n<section class=\"closing\" id=\"outbound\">\n<h2>Outbound references</h2>\n<p>");
		put_value(&buf, psprintf("Displayed %s of %s outbound references%s%s%s.", displayed,
								 total ? total : "an unknown number of",
								 cap ? " (page cap " : "", cap ? cap : "", cap ? ")" : ""));
		appendStringInfoString(&buf, "</p>\n<h3>Standing sources</h3>");
	}
	a = jarray(root, KEY(RECORD, PITH_RK_STANDING_SOURCES));
	if (a != NULL && JsonContainerSize(a) > 0)
	{
		static const char *const head[] = {"Source", "Latest receipt"};

		appendStringInfoString(&buf, "\n<table>");
		put_row(&buf, head, 2, true);
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			JsonbContainer *src = jcont(getIthJsonbValueFromContainer(a, i));
			const char *cells[2];

			cells[0] = jstr(src, KEY(STANDING_SOURCE, PITH_SS_SOURCE));
			cells[1] = jstr(src, KEY(STANDING_SOURCE, PITH_SS_OBSERVED_AT));
			put_row(&buf, cells, 2, false);
		}
		appendStringInfoString(&buf, "\n</table>");
	}
	else
		appendStringInfoString(&buf, "\n<p>No standing source was queried for the displayed references.</p>");
	appendStringInfoString(&buf, "\n</section>");

	/* Pith citing papers: one item per inbound observation */
	appendStringInfoString(&buf, "\n<section class=\"closing\" id=\"inbound\">\n<h2>Pith citing papers</h2>");
	a = jarray(root, KEY(RECORD, PITH_RK_INBOUND));
	if (a != NULL && JsonContainerSize(a) > 0)
	{
		appendStringInfoString(&buf, "\n<ul>");
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			JsonbContainer *obs = jcont(getIthJsonbValueFromContainer(a, i));
			JsonbContainer *citation = jsub(obs, KEY(OBSERVATION, PITH_OK_CITATION));
			char	   *t = trimmed(jstr(jsub(citation, KEY(CITATION, PITH_CIT_CITING_PAPER)), KEY(OBSERVATION_PAPER, PITH_OP_TITLE)));
			char	   *id = jstr(jsub(citation, KEY(CITATION, PITH_CIT_CITING_PAPER)), KEY(OBSERVATION_PAPER, PITH_OP_ARXIV_ID));
			char	   *index = jstr(citation, KEY(CITATION, PITH_CIT_REFERENCE_INDEX));

			appendStringInfoString(&buf, "\n<li>");
			put_link(&buf, jstr(jsub(obs, KEY(OBSERVATION, PITH_OK_LINKS)), KEY(OBSERVATION_LINKS, PITH_OL_CITING_PAPER)),
					 value_html(t ? t : "An unknown citing paper"));
			if (id != NULL)
			{
				appendStringInfoChar(&buf, ' ');
				put_value(&buf, psprintf("(arXiv:%s)", id));
			}
			if (index != NULL)
			{
				appendStringInfoString(&buf, ", ");
				put_value(&buf, psprintf("reference %s", index));
			}
			appendStringInfo(&buf, " — <a href=\"#inbound-%d\">observation</a></li>", i + 1);
		}
		appendStringInfoString(&buf, "\n</ul>");
	}
	else
		appendStringInfoString(&buf, "\n<p>No Pith citing paper is itemized.</p>");
	a = jarray(root, KEY(RECORD, PITH_RK_COVERAGE));
	if (a != NULL)
	{
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			JsonbContainer *lane = jcont(getIthJsonbValueFromContainer(a, i));
			char	   *name = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_LANE));

			if (name != NULL && strcmp(name, "inbound_itemization") == 0)
			{
				char	   *seen = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_RECORDS_OBSERVED));
				char	   *den = jstr(lane, KEY(COVERAGE_LANE, PITH_LANE_DENOMINATOR));

				if (seen != NULL && den != NULL)
				{
					appendStringInfoString(&buf, "\n<p>");
					put_value(&buf, psprintf("Itemized %s of %s inbound observations.", seen, den));
					appendStringInfoString(&buf, "</p>");
				}
				break;
			}
		}
	}
	appendStringInfoString(&buf, "\n</section>");

	/* External citation measurements */
	appendStringInfoString(&buf, "\n<section class=\"closing\" id=\"measurements\">\n<h2>External citation measurements</h2>");
	a = jarray(root, KEY(RECORD, PITH_RK_EXTERNAL_CITATION_MEASUREMENTS));
	if (a != NULL && JsonContainerSize(a) > 0)
	{
		appendStringInfoString(&buf, "\n<ul>");
		n = (int) JsonContainerSize(a);
		for (i = 0; i < n; i++)
		{
			appendStringInfoString(&buf, "\n<li>");
			put_value(&buf, measurement_line(jcont(getIthJsonbValueFromContainer(a, i))));
			appendStringInfoString(&buf, "</li>");
		}
		appendStringInfoString(&buf, "\n</ul>\n<p>Each measurement is its source's own count; counts are never added across sources.</p>");
	}
	else
		appendStringInfoString(&buf, "\n<p>No external citation measurement is on record.</p>");

	/* footer */
	{
		char	   *schema = jstr(root, KEY(RECORD, PITH_RK_SCHEMA));
		char	   *as_of = jstr(root, KEY(RECORD, PITH_RK_AS_OF));
		char	   *digest = jstr(root, KEY(RECORD, PITH_RK_CONTEXT_DIGEST));

		appendStringInfoString(&buf, "\n</section>\n</main>\n<footer>");
		put_value(&buf, psprintf("%s%s%s%s%s", schema ? schema : "no schema",
								 as_of ? " · as of " : "", as_of ? as_of : "",
								 digest ? " · " : "", digest ? digest : ""));
		appendStringInfoString(&buf, "</footer>\n</body>\n</html>\n");
	}
	return PointerGetDatum(cstring_to_text_with_len(buf.data, buf.len));
}
