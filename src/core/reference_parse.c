/*
 * reference_parse.c -- the reference parser's pipeline: repair the text,
 * find identifiers by rule, tokenize, compute token facts (one code path
 * for training and parsing: pith_ref_analyze), score every token's
 * features with the CRF model, decode the best label sequence, and hand
 * the labels to the field assembly (ref_fields.c).  All memory comes from
 * the caller's workspace; nothing is allocated.
 */
#include "reference_parse.h"

#include <stdbool.h>
#include <string.h>

#include "crf_decode.h"

/* Round up to a multiple of 8 (workspace carving keeps every part aligned). */
static size_t
al8(size_t n)
{
	return (n + 7) & ~(size_t) 7;
}

size_t
pith_ref_analysis_workspace(size_t len)
{
	size_t		cap = len + 1;

	return al8(cap) + al8(4 * cap) + al8(pith_ref_ids_workspace(len)) +
		al8(sizeof(pith_ref_span) * cap) + al8(sizeof(pith_ref_token) * cap) +
		al8(sizeof(pith_ref_tokinfo) * cap) + 8;
}

void
pith_ref_analyze(const char *in, size_t len, char *work, pith_ref_analysis *a)
{
	size_t		cap = len + 1;
	char	   *w = (char *) al8((size_t) work);	/* never past the +8 reserved */
	char	   *idwork;

	if (in == NULL)
		len = 0;
	cap = len + 1;
	memset(a, 0, sizeof(*a));
	a->in = in ? in : "";
	a->norm = w;
	w += al8(cap);
	a->src = (uint32_t *) w;
	w += al8(4 * cap);
	idwork = w;
	w += al8(pith_ref_ids_workspace(len));
	a->spans = (pith_ref_span *) w;
	w += al8(sizeof(pith_ref_span) * cap);
	a->tok = (pith_ref_token *) w;
	w += al8(sizeof(pith_ref_token) * cap);
	a->info = (pith_ref_tokinfo *) w;

	a->nlen = pith_ref_repair((const unsigned char *) (in ? in : ""), len, a->norm, a->src);
	a->nspans = pith_ref_find_identifiers(a->norm, a->nlen, idwork, &a->ids, a->spans, cap);
	a->ntok = pith_ref_tokenize(a->norm, a->nlen, a->spans, a->nspans, a->tok);
	pith_ref_token_info(a->norm, a->nlen, a->tok, a->ntok, a->info);
}

/*
 * How much worse (in nats, the model's log-score; the model's scale says
 * how many nats one score unit is, 8,061 units a nat for the shipped model)
 * the best path with a title may score than the best path without one and
 * still be taken.  Chosen on the dev split (bench/parser/run --split dev),
 * with the shipped model: 1 / 2 / 4 nats / always gave titles 1,324 /
 * 1,328 / 1,332 / 1,330 of 1,581 (none: 1,321), with titles on
 * title-less references 52 / 58 / 77 / 192 of 275 (none: 49), containers 1,084 / 1,084 / 1,070 / 1,022 of 1,340 and, always, years
 * 1,735 -> 1,720.
 */
#define PITH_REF_TITLE_MARGIN_NATS 2.0

size_t
pith_ref_label_workspace(size_t ntok, const pith_crf_model *m)
{
	size_t		nl = m ? m->nlabels : PITH_CRF_MAX_LABELS;

	return al8(ntok * nl * sizeof(int32_t)) + 2 * al8(ntok) +
		al8(pith_crf_viterbi_workspace(ntok, nl)) + 8;
}

void
pith_ref_label(const pith_crf_model *m, const pith_ref_analysis *a, char *labels, void *work)
{
	size_t		nl = m->nlabels;
	char	   *w = (char *) al8((size_t) work);
	int32_t    *emit = (int32_t *) w;
	uint8_t    *path = (uint8_t *) (w + al8(a->ntok * nl * sizeof(int32_t)));
	uint8_t    *titled = path + al8(a->ntok);
	void	   *vwork = (void *) ((char *) titled + al8(a->ntok));
	uint32_t	feats[PITH_REF_MAX_FEATURES];
	const char *t_at = memchr(m->labels, 't', nl);

	if (a->ntok == 0)
		return;
	memset(emit, 0, a->ntok * nl * sizeof(int32_t));
	for (size_t t = 0; t < a->ntok; t++)
	{
		size_t		nf = pith_ref_features(a->info, a->ntok, t, feats);

		pith_crf_emit(m, feats, nf, emit + t * nl);
	}
	pith_crf_viterbi(emit, m->trans, a->ntok, nl, path, vwork);
	if (t_at != NULL && memchr(path, (int) (t_at - m->labels), a->ntok) == NULL)
	{
		/*
		 * No token is title: take the best path that has a title instead
		 * when it scores nearly as well (most references have a title; the
		 * journal-only ones, as physics prints them, stay title-less by a
		 * clear margin).
		 */
		int64_t		plain = pith_crf_path_score(emit, m->trans, a->ntok, nl, path);
		int64_t		with = pith_crf_viterbi_with(emit, m->trans, a->ntok, nl,
												 (size_t) (t_at - m->labels), titled, vwork);

		if (with != INT64_MIN && m->scale > 0 &&
			(double) (plain - with) * m->scale <= PITH_REF_TITLE_MARGIN_NATS)
			memcpy(path, titled, a->ntok);
	}
	for (size_t t = 0; t < a->ntok; t++)
		labels[t] = m->labels[path[t]];
}

size_t
pith_reference_workspace(size_t len, const pith_crf_model *m)
{
	size_t		cap;
	size_t		analysis,
				labelw,
				fields;

	if (len > PITH_REF_MAX_INPUT)
		len = 0;
	cap = len + 1;
	analysis = pith_ref_analysis_workspace(len);
	labelw = pith_ref_label_workspace(cap, m);
	/* field buffers: bounded by the token count, itself at most cap */
	fields = pith_ref_fields_workspace_len(len);
	return al8(analysis) + al8(cap) + al8(labelw) + fields + 8;
}

/* Most bytes of one word of a citing cue ("ausführlich" is 12). */
#define CUE_WORD_MAX 16

/*
 * The next word of in[*i..len) (letters and dots; the dots dropped, ASCII
 * folded to lower case) into w, and what ends it: ',', ':', ' ' or 0 at
 * the end.  -1 when the word is longer than CUE_WORD_MAX or empty.
 */
static int
cue_word(const char *in, size_t len, size_t *i, char *w)
{
	size_t		n = 0;

	while (*i < len && in[*i] == ' ')
		(*i)++;
	while (*i < len && in[*i] != ' ' && in[*i] != ',' && in[*i] != ':')
	{
		char		c = in[(*i)++];

		if (c == '.')
			continue;
		if (n + 1 >= CUE_WORD_MAX)
			return -1;
		w[n++] = (c >= 'A' && c <= 'Z') ? (char) (c - 'A' + 'a') : c;
	}
	w[n] = '\0';
	if (n == 0)
		return -1;
	return *i < len ? in[*i] : 0;
}

static bool
cue_in(const char *w, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(w, *list) == 0)
			return true;
	return false;
}

/* Most words between a pointer phrase's article and its preposition ("die neueren Beiträge in"). */
#define POINTER_PHRASE_MAX_WORDS 3

/*
 * After a citing cue, a phrase that says which part of the work is meant:
 * an article, one to three words of letters, then "in" or "bei" or "by",
 * and a capitalised word ("Vgl. dazu die Beiträge in Honneth, Axel (Hg.):
 * ...", "See the essays in Smith, J. (ed.)", "Vgl. die Einleitung in:
 * Kaelble, Hartmut: ...").  Returns where the names
 * start, or i when there is no such phrase.
 */
static size_t
pointer_phrase_end(const char *in, size_t len, size_t i)
{
	static const char *const articles[] = {"die", "den", "der", "das", "the", NULL};
	static const char *const prepositions[] = {"in", "bei", "by", NULL};
	char		w[CUE_WORD_MAX];
	size_t		j = i;

	if (cue_word(in, len, &j, w) != ' ' || !cue_in(w, articles))
		return i;
	for (size_t words = 0; words <= POINTER_PHRASE_MAX_WORDS; words++)
	{
		size_t		k = j;
		int			sep = cue_word(in, len, &k, w);

		/* (a colon only after the preposition: "die Einleitung in: Kaelble, ...") */
		if (sep != ' ' && !(sep == ':' && words > 0 && cue_in(w, prepositions)))
			return i;
		for (const char *c = w; *c; c++)
			if ((unsigned char) *c < 0x80 && !(*c >= 'a' && *c <= 'z'))
				return i;
		if (words > 0 && cue_in(w, prepositions))
		{
			if (sep == ':')
				k++;
			return k + 1 < len && in[k] == ' ' && in[k + 1] >= 'A' && in[k + 1] <= 'Z' ? k + 1 : i;
		}
		j = k;
	}
	return i;
}

/*
 * Bytes of a citing cue at in[i..): "Vgl.", "Siehe hierzu ausführlich",
 * "Cf.", "See, e.g.,", "So etwa", "So bereits", "Zit. nach", "Näheres
 * bei", "Dazu kritisch", "Ähnlich argumentiert", "Vgl. zum Folgenden",
 * "Quoted in" --
 * a cue word, then any filler words ("auch", "dazu", "z.B.", "also",
 * "e.g.", "bei", "zum Folgenden", "zuletzt", "statt vieler"), up to the
 * names.  "See" and "So" are surnames too ("See, K.", "So, Alvin Y."): a
 * cue only before a filler word or a capitalised word without a comma
 * between, and only where surname_cues allows them.  Returns where the
 * names start, or 0 when there is no cue.
 */
static size_t
cue_at(const char *in, size_t len, size_t i, bool surname_cues)
{
	static const char *const cues[] = {
		"vgl", "siehe", "cf", "voir", "zit", "zitiert", "compare", "ausf\xC3\xBChrlich", "dazu", "hierzu", "grundlegend",
		"n\xC3\xA4heres", "weiteres", "\xC3\xA4hnlich", "\xC3\x84hnlich", "kritisch", "quoted",
		"ausf\xC3\xBChrlicher", "eingehend", "ebenso", "n\xC3\xA4her", "klassisch", "statt", "exemplarisch",
		"instruktiv", NULL
	};
	static const char *const name_cues[] = {"see", "so", NULL};
	/*
	 * a cue that is a name or a title's first word too ("Anders, Günther";
	 * "Anders Ericsson"; "Zum Begriff ..."): only before a filler word
	 * ("Anders dagegen", "Zum Folgenden")
	 */
	static const char *const filler_cues[] = {"anders", "zum", NULL};
	static const char *const fillers[] = {
		"auch", "dazu", "hierzu", "hier", "etwa", "zb", "ua", "ausf\xC3\xBChrlich", "insbesondere",
		"grundlegend", "exemplarisch", "bspw", "nach", "n", "bereits", "schon", "also", "eg", "ie", "generally",
		"further", "inter", "alia", "bei", "kritisch", "argumentiert", "zum", "folgenden", "beispiel", "zuletzt", "in",
		"jetzt", "neuerdings", "j\xC3\xBCngst", "nur", "allgemein", "einf\xC3\xBChrend", "ferner", "statt", "vieler",
		"dagegen", "umfassend", "eingehend", NULL
	};
	char		w[CUE_WORD_MAX];
	size_t		end;
	int			sep;
	bool		name_cue,
				filler_cue;

	sep = cue_word(in, len, &i, w);
	if (sep < 0)
		return 0;
	name_cue = cue_in(w, name_cues);
	filler_cue = cue_in(w, filler_cues);
	if (name_cue ? !surname_cues : !(cue_in(w, cues) || filler_cue))
		return 0;
	end = i;
	for (;;)
	{
		size_t		j = i;

		if (j < len && (in[j] == ',' || in[j] == ':'))
			j++;
		if (cue_word(in, len, &j, w) < 0 || !cue_in(w, fillers))
			break;
		name_cue = filler_cue = false;
		i = end = j;
	}
	if (filler_cue)
		return 0;
	/* "die Beiträge in", "the essays in": what of the work is meant, then its names */
	{
		size_t		p = pointer_phrase_end(in, len, end);

		if (p > end)
		{
			name_cue = false;
			end = p;
		}
	}
	/* "See Granovetter (1985)": a capitalised word right after the cue, no comma */
	if (name_cue && !(end + 1 < len && in[end] == ' ' && in[end + 1] >= 'A' && in[end + 1] <= 'Z'))
		return 0;
	while (end < len && (in[end] == ' ' || in[end] == ',' || in[end] == ':'))
		end++;
	return end < len ? end : 0;
}

/* Most bytes of a back reference before the semicolon that ends it ("Ebd., S. 40;"). */
#define BACK_REFERENCE_MAX 40

/*
 * A footnote that opens with a back reference to the work cited before,
 * then cites another after a semicolon and a cue ("27 Ebd., S. 40; vgl.
 * auch Kleßmann, Christoph: ...", "Ibid., 45; see also ..."): where the
 * second one's names start (cue_at), or 0.
 */
static size_t
after_back_reference(const char *in, size_t len, size_t i)
{
	static const char *const back_references[] = {"ebd", "ebenda", "ibid", "ibidem", NULL};
	char		w[CUE_WORD_MAX];
	size_t		j = i,
				k;

	if (cue_word(in, len, &j, w) < 0 || !cue_in(w, back_references))
		return 0;
	for (k = j; k < len && k < j + BACK_REFERENCE_MAX && in[k] != ';'; k++)
		;
	if (k >= len || in[k] != ';')
		return 0;
	return cue_at(in, len, k + 1, true);
}

/* Most bytes of a footnote's remark before its citing cue ("Zu den Problemen der Messung vgl. ..."). */
#define CUE_REMARK_MAX 160
/* Fewest bytes of a lower-case word of a remark that no organisation's name has ("nützlich"; "für" is 4). */
#define CUE_REMARK_LOWER_WORD_MIN 5

/*
 * Bytes of a citing cue that opens a reference taken from a footnote
 * (cue_at), after the footnote's number ("22 Siehe dazu", "3. Vgl.", or
 * glued to it, "12Vgl.") and after a remark of plain words before it ("12
 * Zu den Problemen der Messung vgl. ausführlich Schnell, Rainer/...",
 * "Dies zeigt sich bei den Arbeitslosen, vgl. Kronauer, ..."): two or more
 * words with no digit, period, colon, bracket or quote, then a cue and a
 * capitalised name; with no cue, the footnote's bare number alone before
 * a name ("20 Brock, Ditmar: ..."); after a back reference and its
 * semicolon (after_back_reference).  0 when there is none.
 */
static size_t
citing_cue_len(const char *in, size_t len)
{
	size_t		i = 0,
				words = 0,
				end;
	bool		lower_word = false,
				comma = false;

	/* the footnote's number before the cue ("22 Siehe dazu ...", "3. Vgl. ...") */
	while (i < len && i < 3 && in[i] >= '0' && in[i] <= '9')
		i++;
	if (i > 0 && i < len && in[i] == '.')
		i++;
	/* the number glued to the cue, as extraction joins them ("12Vgl. Luhmann, ...") */
	if (i > 0 && i < len && in[i] >= 'A' && in[i] <= 'Z' && (end = cue_at(in, len, i, false)) > 0)
		return end;
	if (i > 0 && !(i < len && in[i] == ' '))
		i = 0;
	if ((end = cue_at(in, len, i, true)) > 0)
		return end;
	if ((end = after_back_reference(in, len, i)) > 0)
		return end;
	/*
	 * the footnote's number, bare, before a name or back reference that a
	 * comma, period, colon or bracket ends ("20 Brock, Ditmar: ...", "3
	 * Ebenda, S. 27.", "7 Ders.: ...", "25 BMFuS (Hrsg.): ..."): no part
	 * of the reference either ("100 Years of ..." keeps its number; a
	 * list's "9. Eary, L." the labeller knows)
	 */
	if (i > 0 && i + 1 < len && in[i] == ' ' && in[i + 1] >= 'A' && in[i + 1] <= 'Z')
	{
		size_t		k = i + 1;
		bool		period = in[i - 1] == '.';

		while (k < len && in[k] != ' ' && in[k] != ',' && in[k] != '.' && in[k] != ':')
			k++;
		if (!period &&
			k < len && (in[k] == ',' || in[k] == '.' || in[k] == ':' || (k + 1 < len && in[k] == ' ' && in[k + 1] == '(')))
			return i + 1;
		/*
		 * a person written given name first ("11 Anselm Doering-Manteuffel/Lutz
		 * Raphael, ...", and after a note's period, "20. Peter Baldwin, ...";
		 * a family name's particle between: "19. Kees van Kersbergen, ...")
		 */
		if (k + 5 < len && in[k] == ' ' && in[k + 1] >= 'a' && in[k + 1] <= 'z')
		{
			size_t		q = k + 1;

			while (q < len && q <= k + 4 && in[q] >= 'a' && in[q] <= 'z')
				q++;
			if (q < len && q <= k + 4 && in[q] == ' ')
				k = q;
		}
		if (k + 1 < len && in[k] == ' ' && in[k + 1] >= 'A' && in[k + 1] <= 'Z' && k - (i + 1) >= 2)
		{
			bool		lower = false;

			/* (a family name, not Vancouver initials: "20. Baldwin P, ..." is the labeller's) */
			for (k += 2; k < len && in[k] != ' ' && in[k] != ',' && in[k] != '/' && in[k] != '.'; k++)
				lower |= in[k] >= 'a' && in[k] <= 'z';
			if (k < len && (in[k] == ',' || in[k] == '/') && (lower || !period))
				return i + 1;
		}
	}
	for (size_t k = i, word_start = i; k < len && k < i + CUE_REMARK_MAX; k++)
	{
		char		c = in[k];

		if (c == ' ' || c == ':')
		{
			lower_word |= k >= word_start + CUE_REMARK_LOWER_WORD_MIN && in[word_start] >= 'a' && in[word_start] <= 'z';
			word_start = k + 1;
		}
		/*
		 * a remark that a colon ends after the footnote's number, with no
		 * comma and a long word in lower case no name has, then a capitalised name
		 * ("13 Als Überblick immer noch nützlich: Werner Conze/...")
		 */
		if (c == ':' && i > 0 && words >= 2 && lower_word && !comma && k + 2 < len && in[k + 1] == ' ' &&
			in[k + 2] >= 'A' && in[k + 2] <= 'Z')
			return k + 2;
		comma |= c == ',';
		if ((c >= '0' && c <= '9') || c == ':' || c == '(' || c == '[' || c == '"' || c == ';' || c == '.')
			return 0;
		if (c != ' ' || k == i)
			continue;
		words++;
		/*
		 * a cue word in lower case after two words of the remark ("CF," is
		 * an initial), then a capitalised name; the remark's own "see" or
		 * "so" is no cue, unless a comma ends the remark ("For a critique,
		 * see Dipesh Chakrabarty, ...") or, for "see", three words of it
		 * do ("On this point see Gøsta Esping-Andersen, ...")
		 */
		if (words >= 2 && k + 1 < len && in[k + 1] >= 'a' && in[k + 1] <= 'z' &&
			(end = cue_at(in, len, k, in[k - 1] == ',' || (words >= 3 && k + 5 < len && memcmp(in + k + 1, "see ", 4) == 0))) > 0 &&
			in[end] >= 'A' && in[end] <= 'Z')
			return end;
	}
	return 0;
}

/*
 * Where a footnote's next citation starts: a semicolon, then a cue that
 * brings in another work ("..., Berlin 1998, S. 31; ähnlich Boltanski,
 * Luc/Chiapello, Ève: ...", "...; vgl. auch ...", "...; see also ...").
 * The reference is the first work; len when there is no such cue.
 */
static size_t
next_citation_start(const char *in, size_t len)
{
	static const char *const cues[] = {
		"vgl", "siehe", "\xC3\xA4hnlich", "ferner", "au\xC3\x9F" "erdem", "zudem", "dazu", "anders", "kritisch",
		"see", "cf", "compare", NULL
	};
	char		w[CUE_WORD_MAX];

	for (size_t i = 0; i < len; i++)
		if (in[i] == ';')
		{
			size_t		j = i + 1;
			int			sep = cue_word(in, len, &j, w);

			if (i > 0 && sep > 0 && cue_in(w, cues))
				return i;
		}
	return len;
}

void
pith_reference_parse(const pith_crf_model *m, const char *in, size_t len, char *work,
					 pith_parsed_ref *out)
{
	pith_ref_analysis a;
	char	   *labels,
			   *labelw,
			   *fields;

	memset(out, 0, sizeof(*out));
	if (len > PITH_REF_MAX_INPUT)
	{
		out->quality = PITH_REF_TOO_LONG;
		return;
	}
	/* a footnote's citing cue is no part of the reference */
	if (in != NULL)
	{
		size_t		cue = citing_cue_len(in, len);

		in += cue;
		len -= cue;
		len = next_citation_start(in, len);
	}
	pith_ref_analyze(in, len, work, &a);
	labels = work + al8(pith_ref_analysis_workspace(len));
	labelw = labels + al8(len + 1);
	fields = labelw + al8(pith_ref_label_workspace(len + 1, m));
	pith_ref_label(m, &a, labels, labelw);
	pith_ref_assemble(&a, labels, fields, out);
}

const char *
pith_reference_quality_name(pith_ref_quality q)
{
	switch (q)
	{
		case PITH_REF_OK:
			return "ok";
		case PITH_REF_EMPTY:
			return "empty";
		case PITH_REF_AUTHOR_LIST:
			return "author_list";
		case PITH_REF_ACCESS_DATE:
			return "access_date";
		case PITH_REF_BARE_URL:
			return "bare_url";
		case PITH_REF_VENUE_ONLY:
			return "venue_only";
		case PITH_REF_IDENTIFIER_ONLY:
			return "identifier_only";
		case PITH_REF_TOO_LONG:
			return "too_long";
	}
	return "ok";
}
