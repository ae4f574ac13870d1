/*
 * test_crf.c -- unit tests of the CRF reference labeller's cores: Viterbi
 * on a tiny hand-made model with a known best path, the model file format
 * (round trip, and every kind of damage refused with a reason), the
 * tokenizer (spans, repair map), feature facts of known tokens, and the
 * rule-based identifier extractor's new forms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_decode.h"
#include "crf_model.h"
#include "ref_features.h"
#include "ref_identifiers.h"
#include "ref_lexicon.h"
#include "ref_tokenize.h"
#include "reference_parse.h"

static int failures = 0;

#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
	fprintf(stderr, __VA_ARGS__); fprintf(stderr, "\n"); failures++; } } while (0)

static void *
malloc_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

/*
 * Three labels, four tokens.  Emissions favour 0 1 1 2 token by token, but
 * the transition 1 -> 1 is heavily penalised, so the best path is 0 1 2 2:
 *   0 1 1 2: start0 0 + (5+4+4+5) + t01 1 + t11 -20 + t12 1 = 0
 *   0 1 2 2: 0 + (5+4+3+5) + 1 + 1 + 0 = 19   (the best)
 *   0 2 2 2: 0 + (5+1+3+5) + t02 0 + 0 + 0 = 14
 */
static void
test_viterbi(void)
{
	const int32_t emit[4 * 3] = {
		5, 0, 0,
		0, 4, 1,
		0, 4, 3,
		0, 0, 5,
	};
	const int16_t trans[4 * 3] = {
		0, 1, 0,				/* from 0 */
		0, -20, 1,				/* from 1 */
		-5, -5, 0,				/* from 2 */
		0, -1, -1,				/* start */
	};
	uint8_t		path[4];
	void	   *work = malloc(pith_crf_viterbi_workspace(4, 3));

	pith_crf_viterbi(emit, trans, 4, 3, path, work);
	CHECK(path[0] == 0 && path[1] == 1 && path[2] == 2 && path[3] == 2,
		  "viterbi path %d %d %d %d, want 0 1 2 2", path[0], path[1], path[2], path[3]);
	/* one token: start + emission only */
	pith_crf_viterbi(emit + 3, trans, 1, 3, path, work);
	CHECK(path[0] == 1, "one-token path %d, want 1", path[0]);
	free(work);
}

/*
 * The best path that must contain a label.  With these emissions the plain
 * best path is 0 2 2 2 (score 0 + 5+4+3+5 + t02 0 + 0 + 0 = 17); the best
 * one with a 1 is 0 1 2 2 (5+0+3+5 + t01 1 + t12 1 + t22 0 = 15), ahead of
 * 1 2 2 2 (start -1 + 0+4+3+5 + 1 + 0 + 0 = 12) and 0 2 1 2 (11).  Then
 * every "must" of random 3-label, 5-token problems against all 243 paths.
 */
static void
test_viterbi_with(void)
{
	const int32_t emit[4 * 3] = {
		5, 0, 0,
		0, 0, 4,
		0, 1, 3,
		0, 0, 5,
	};
	const int16_t trans[4 * 3] = {
		0, 1, 0,
		0, -20, 1,
		-5, -5, 0,
		0, -1, -1,
	};
	uint8_t		path[5],
				all[5];
	void	   *work = malloc(pith_crf_viterbi_workspace(5, 3));
	uint32_t	seed = 12345;

	pith_crf_viterbi(emit, trans, 4, 3, path, work);
	CHECK(path[0] == 0 && path[1] == 2 && path[2] == 2 && path[3] == 2, "plain path");
	CHECK(pith_crf_path_score(emit, trans, 4, 3, path) == 17, "plain path score %lld",
		  (long long) pith_crf_path_score(emit, trans, 4, 3, path));
	CHECK(pith_crf_viterbi_with(emit, trans, 4, 3, 1, path, work) == 15, "score with a 1");
	CHECK(path[0] == 0 && path[1] == 1 && path[2] == 2 && path[3] == 2,
		  "path with a 1: %d %d %d %d, want 0 1 2 2", path[0], path[1], path[2], path[3]);
	/* a label the plain path has already: the same path */
	CHECK(pith_crf_viterbi_with(emit, trans, 4, 3, 2, path, work) == 17 && path[1] == 2, "with 2 = plain");
	CHECK(pith_crf_viterbi_with(emit, trans, 0, 3, 1, path, work) == INT64_MIN, "no tokens");
	CHECK(pith_crf_viterbi_with(emit, trans, 4, 3, 3, path, work) == INT64_MIN, "no such label");

	for (int round = 0; round < 200; round++)
	{
		int32_t		e[5 * 3];
		int16_t		tr[4 * 3];
		size_t		n = 1 + round % 5;

		for (size_t i = 0; i < 15; i++)
		{
			seed = seed * 1103515245u + 12345u;
			e[i] = (int32_t) ((seed >> 16) % 41) - 20;
		}
		for (size_t i = 0; i < 12; i++)
		{
			seed = seed * 1103515245u + 12345u;
			tr[i] = (int16_t) ((seed >> 16) % 41) - 20;
		}
		for (size_t must = 0; must < 3; must++)
		{
			int64_t		best = INT64_MIN,
						got = pith_crf_viterbi_with(e, tr, n, 3, must, path, work);
			size_t		total = 1;
			int			has = 0;

			for (size_t i = 0; i < n; i++)
				total *= 3;
			for (size_t code = 0; code < total; code++)
			{
				size_t		c = code;
				int			seen = 0;

				for (size_t i = 0; i < n; i++, c /= 3)
				{
					all[i] = (uint8_t) (c % 3);
					seen |= all[i] == must;
				}
				if (seen && pith_crf_path_score(e, tr, n, 3, all) > best)
					best = pith_crf_path_score(e, tr, n, 3, all);
			}
			for (size_t i = 0; i < n; i++)
				has |= path[i] == must;
			CHECK(got == best && has && pith_crf_path_score(e, tr, n, 3, path) == got,
				  "round %d must %zu: %lld, brute force %lld", round, must, (long long) got, (long long) best);
		}
	}
	free(work);

	/*
	 * 16 labels (the parser's count, and its SIMD passes): the best path
	 * with `must` is the best of the plain best paths forced through
	 * (t, must) for each token t, forcing done by sinking every other
	 * label's emission at t.
	 */
	{
		enum {NL = 16, NT = 9};
		int32_t		e[NT * NL],
					forced[NT * NL];
		int16_t		tr[(NL + 1) * NL];
		uint8_t		p16[NT],
					q16[NT];
		void	   *w16 = malloc(pith_crf_viterbi_workspace(NT, NL));

		for (int round = 0; round < 300; round++)
		{
			size_t		n = 1 + round % NT,
						must = (size_t) round % NL;
			int64_t		best = INT64_MIN,
						got;
			int			has = 0;

			for (size_t i = 0; i < NT * NL; i++)
			{
				seed = seed * 1103515245u + 12345u;
				e[i] = (int32_t) ((seed >> 12) % 20001) - 10000;
			}
			for (size_t i = 0; i < (NL + 1) * NL; i++)
			{
				seed = seed * 1103515245u + 12345u;
				tr[i] = (int16_t) ((int32_t) ((seed >> 12) % 20001) - 10000);
			}
			got = pith_crf_viterbi_with(e, tr, n, NL, must, p16, w16);
			for (size_t t = 0; t < n; t++)
			{
				int64_t		sc;

				memcpy(forced, e, sizeof(e));
				for (size_t y = 0; y < NL; y++)
					if (y != must)
						forced[t * NL + y] -= 1 << 26;
				pith_crf_viterbi(forced, tr, n, NL, q16, w16);
				sc = pith_crf_path_score(e, tr, n, NL, q16);
				if (q16[t] == must && sc > best)
					best = sc;
			}
			for (size_t i = 0; i < n; i++)
				has |= p16[i] == must;
			CHECK(got == best && has && pith_crf_path_score(e, tr, n, NL, p16) == got,
				  "16 labels, round %d: %lld, forced best %lld", round, (long long) got, (long long) best);
		}
		free(w16);
	}
}

/* A model file of 2 labels and 3 features, its bytes, and what loading does to damage. */
static void
test_model_file(void)
{
	const int16_t trans[3 * 2] = {1, -1, -2, 2, 0, 3};
	const uint32_t keys[3] = {10, 20, 4000000000u};
	const int16_t weights[3 * 2] = {7, -7, 100, 0, -32768, 32767};
	size_t		size = pith_crf_file_size(2, 3);
	unsigned char *buf = malloc(size + 1);
	char		err[256];
	pith_crf_model *m;

	pith_crf_file_write(buf, 42, "ab", 2, 3, 0.5f, trans, keys, weights);
	m = pith_crf_model_load(buf, size, 42, malloc_alloc, NULL, err, sizeof(err));
	CHECK(m != NULL, "model does not load: %s", err);
	if (m)
	{
		const int16_t *r = pith_crf_model_row(m, 20);

		CHECK(m->nlabels == 2 && m->nfeatures == 3 && strcmp(m->labels, "ab") == 0, "header fields");
		CHECK(r && r[0] == 100 && r[1] == 0, "row of key 20");
		r = pith_crf_model_row(m, 4000000000u);
		CHECK(r && r[0] == -32768 && r[1] == 32767, "row of the largest key");
		CHECK(pith_crf_model_row(m, 11) == NULL, "unknown key has no row");
		CHECK(m->trans[2] == -2 && m->trans[5] == 3, "transitions");
		free(m);
	}

	/* wrong schema */
	CHECK(pith_crf_model_load(buf, size, 43, malloc_alloc, NULL, err, sizeof(err)) == NULL &&
		  strstr(err, "schema") != NULL, "foreign schema accepted (%s)", err);
	/* truncated, padded */
	CHECK(pith_crf_model_load(buf, size - 1, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL &&
		  strstr(err, "size") != NULL, "truncated file accepted (%s)", err);
	buf[size] = 0;
	CHECK(pith_crf_model_load(buf, size + 1, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL,
		  "padded file accepted");
	CHECK(pith_crf_model_load(buf, 3, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL,
		  "3-byte file accepted");
	CHECK(pith_crf_model_load(NULL, 0, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL, "no bytes accepted");
	/* one flipped bit anywhere: the checksum (or the magic) catches it */
	for (size_t i = 0; i < size; i++)
	{
		buf[i] ^= 0x10;
		CHECK(pith_crf_model_load(buf, size, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL,
			  "bit flip at byte %zu accepted", i);
		buf[i] ^= 0x10;
	}
	/* bad magic */
	buf[0] = 'X';
	CHECK(pith_crf_model_load(buf, size, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL &&
		  strstr(err, "magic") != NULL, "bad magic accepted (%s)", err);
	free(buf);

	/* unsorted keys are refused even with a valid checksum */
	{
		const uint32_t bad_keys[3] = {20, 10, 30};

		buf = malloc(size);
		pith_crf_file_write(buf, 42, "ab", 2, 3, 0.5f, trans, bad_keys, weights);
		CHECK(pith_crf_model_load(buf, size, 42, malloc_alloc, NULL, err, sizeof(err)) == NULL &&
			  strstr(err, "ascending") != NULL, "unsorted keys accepted (%s)", err);
		free(buf);
	}
	/* CRC-32 check value of "123456789" */
	CHECK(pith_crf_crc32((const unsigned char *) "123456789", 9) == 0xCBF43926u, "crc32 check value");
}

/* Analyse raw into a (caller frees *work). */
static void
analyse(const char *raw, pith_ref_analysis *a, char **work)
{
	*work = malloc(pith_ref_analysis_workspace(strlen(raw)));
	pith_ref_analyze(raw, strlen(raw), *work, a);
}

static void
test_tokenizer(void)
{
	pith_ref_analysis a;
	char	   *work;
	const char *raw = "Smith, J. (2019). Pre-training “deep” nets, pp. 4171–4186. doi:10.1038/nature14539";
	static const char *const want[] = {
		"Smith", ",", "J", ".", "(", "2019", ")", ".", "Pre-training", "“", "deep", "”", "nets", ",",
		"pp", ".", "4171", "–", "4186", ".", "doi:10.1038/nature14539"
	};
	size_t		nwant = sizeof(want) / sizeof(want[0]);

	analyse(raw, &a, &work);
	CHECK(a.ntok == nwant, "token count %zu, want %zu", a.ntok, nwant);
	for (size_t i = 0; i < a.ntok && i < nwant; i++)
		CHECK(a.tok[i].end - a.tok[i].start == strlen(want[i]) &&
			  memcmp(a.norm + a.tok[i].start, want[i], strlen(want[i])) == 0,
			  "token %zu is \"%.*s\", want \"%s\"", i, (int) (a.tok[i].end - a.tok[i].start),
			  a.norm + a.tok[i].start, want[i]);
	CHECK(a.ntok == nwant && a.tok[nwant - 1].kind == PITH_TOK_DOI, "the DOI is one DOI token");
	CHECK(a.tok[5].kind == PITH_TOK_NUMBER && a.tok[0].kind == PITH_TOK_WORD && a.tok[1].kind == PITH_TOK_PUNCT,
		  "token kinds");
	CHECK(!a.tok[1].space_before && a.tok[2].space_before, "space flags");
	/* token facts */
	CHECK(a.info[5].year == 1, "2019 is a year");
	CHECK(a.info[16].year == 0 && a.info[16].kind == PITH_TOK_NUMBER, "4171 is no year");
	CHECK(a.info[2].initial == 1 && a.info[0].initial == 0, "J is an initial, Smith is not");
	CHECK(a.info[0].casecls == 1 && a.info[10].casecls == 0, "case classes");
	CHECK(a.info[10].inquote == 1 && a.info[12].inquote == 0, "quote state");
	CHECK(a.info[5].inparen == 1 && a.info[8].inparen == 0, "paren state");
	CHECK(a.info[14].lex & PITH_LEX_PAGES, "pp is a page marker");
	CHECK(a.info[8].seps == 1, "one sentence break before the title (the period after J. is none): %d",
		  a.info[8].seps);
	/* sentences ("Smith, J. (2019)." / "Pre-training “deep” nets, pp." / "4171–4186." / the DOI) and clauses */
	CHECK((a.info[0].sent & PITH_SPAN_YEAR) && !(a.info[0].sent & PITH_SPAN_INITIALS) &&
		  (a.info[0].sent >> PITH_SPAN_LEN_SHIFT) == 3, "first sentence: a year, one initial, three words (%x)",
		  a.info[0].sent);
	CHECK(a.info[0].sent == a.info[7].sent && a.info[7].sent != a.info[8].sent, "the sentence ends at \"(2019).\"");
	CHECK(a.info[0].sent_pos == 1 && a.info[3].sent_pos == 0 && a.info[7].sent_pos == 2 && a.info[8].sent_pos == 1 &&
		  a.info[20].sent_pos == 3, "positions in the sentence");
	CHECK((a.info[8].sent & PITH_SPAN_QUOTE) && !(a.info[8].sent & PITH_SPAN_YEAR), "second sentence: a quote, no year");
	CHECK(a.info[0].sent_next == a.info[8].sent && a.info[8].sent_prev == a.info[0].sent &&
		  (a.info[0].sent_prev & PITH_SPAN_NONE) && (a.info[20].sent_next & PITH_SPAN_NONE), "next and previous sentence");
	CHECK(a.info[16].sent & PITH_SPAN_NUMBERS, "the page range is numbers");
	CHECK(a.info[0].clause_pos == 1 && a.info[1].clause_pos == 2 && a.info[2].clause_pos == 1 &&
		  (a.info[0].clause >> PITH_SPAN_LEN_SHIFT) == 1, "the clause \"Smith,\"");
	CHECK(a.info[0].after_year == 0 && a.info[5].after_year == 1 && a.info[6].after_year == 2 &&
		  a.info[8].after_year == 3, "distance from the year");
	/* features: deterministic, bounded, the bias first */
	{
		uint32_t	f1[PITH_REF_MAX_FEATURES],
					f2[PITH_REF_MAX_FEATURES];
		size_t		n1 = pith_ref_features(a.info, a.ntok, 0, f1),
					n2 = pith_ref_features(a.info, a.ntok, 0, f2);

		CHECK(n1 == n2 && n1 > 20 && n1 <= PITH_REF_MAX_FEATURES && memcmp(f1, f2, n1 * 4) == 0,
			  "features of token 0: %zu", n1);
		n2 = pith_ref_features(a.info, a.ntok, 2, f2);
		CHECK(f1[0] == f2[0] && f1[1] != f2[1], "bias shared, word features differ");
	}
	free(work);

	/* repair: the source map points back into the input */
	raw = "Zero-\n infinity: ﬁne";
	analyse(raw, &a, &work);
	/* a line-break hyphen before a lower-case letter goes, as in the 0.2.0 parser */
	CHECK(strcmp(a.norm, "Zeroinfinity: fine") == 0, "repaired \"%s\"", a.norm);
	CHECK(a.src[0] == 0 && a.src[4] == 7 && a.src[13] == 16 && a.src[14] == 17 && a.src[15] == 17 && a.src[16] == 20 &&
		  a.src[a.nlen] == strlen(raw), "source map");
	free(work);

	/* a conjunction after a hyphen and a blank makes it a suspended hyphen, not a broken word */
	CHECK(pith_ref_suspended_hyphen_before("and Strong-Base", 15) && pith_ref_suspended_hyphen_before("und", 3) &&
		  !pith_ref_suspended_hyphen_before("tation", 6) && !pith_ref_suspended_hyphen_before("andere Wege", 11),
		  "suspended hyphens");

	/* lexicons in five languages */
	CHECK(pith_ref_lexicon("hrsg", 4) & PITH_LEX_EDITOR, "Hrsg.");
	CHECK(pith_ref_lexicon("jg", 2) & PITH_LEX_VOLUME, "Jg.");
	CHECK(pith_ref_lexicon("décembre", strlen("décembre")) & PITH_LEX_MONTH, "décembre");
	CHECK(pith_ref_lexicon("verlag", 6) & PITH_LEX_PUBLISHER, "Verlag");
	CHECK(pith_ref_lexicon("rivista", 7) & PITH_LEX_VENUE, "rivista");
	CHECK(pith_ref_lexicon("zzzq", 4) == 0, "unknown word");
}

static void
test_identifiers(void)
{
	static const struct
	{
		const char *raw;
		const char *doi;
		const char *arxiv;
		const char *malformed;
	}			cases[] = {
		{"DOI: http://dx.doi.org/10.1016/j.cell.2009.01.002", "10.1016/j.cell.2009.01.002", NULL, NULL},
		{"doi:10.1000/182.", "10.1000/182", NULL, NULL},
		{"https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949%3A8%3C693%3A%3AAID-ASI4%3E3.0.CO%3B2-0",
		"10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0", NULL, NULL},
		{"arXiv:2001.08361v2 [cs.LG]", NULL, "2001.08361", NULL},
		{"https://arxiv.org/abs/hep-th/9802150", NULL, "hep-th/9802150", NULL},
		{"arXiv:9999.99999", NULL, NULL, "arXiv:9999.99999"},
		{"doi:10./x", NULL, NULL, "doi:10./x"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		pith_ref_analysis a;
		char	   *work;

		analyse(cases[i].raw, &a, &work);
		CHECK((cases[i].doi == NULL) == !a.ids.have_doi &&
			  (!cases[i].doi || strcmp(a.ids.doi, cases[i].doi) == 0),
			  "doi of \"%s\": %s", cases[i].raw, a.ids.have_doi ? a.ids.doi : "(none)");
		CHECK((cases[i].arxiv == NULL) == !a.ids.have_arxiv &&
			  (!cases[i].arxiv || strcmp(a.ids.arxiv, cases[i].arxiv) == 0),
			  "arxiv of \"%s\": %s", cases[i].raw, a.ids.have_arxiv ? a.ids.arxiv : "(none)");
		CHECK((cases[i].malformed == NULL) == !a.ids.have_malformed &&
			  (!cases[i].malformed || strcmp(a.ids.malformed, cases[i].malformed) == 0),
			  "malformed of \"%s\": %s", cases[i].raw, a.ids.have_malformed ? a.ids.malformed : "(none)");
		free(work);
	}
}

/* Assemble raw with hand-given labels (one letter per token); returns the quality name, title into *title. */
static const char *
assemble_with(const char *raw, const char *letters, char *title, size_t titlecap)
{
	pith_ref_analysis a;
	char	   *work,
			   *buf;
	char		labels[64];
	pith_parsed_ref r;
	const char *q;

	analyse(raw, &a, &work);
	CHECK(a.ntok == strlen(letters), "\"%s\": %zu tokens, %zu labels", raw, a.ntok, strlen(letters));
	memset(labels, 'o', sizeof(labels));
	memcpy(labels, letters, a.ntok < strlen(letters) ? a.ntok : strlen(letters));
	buf = malloc(pith_ref_fields_workspace_len(strlen(raw)));
	pith_ref_assemble(&a, labels, buf, &r);
	snprintf(title, titlecap, "%s", r.title ? r.title : "");
	q = pith_reference_quality_name(r.quality);
	free(buf);
	free(work);
	return q;
}

/* Field assembly repairs: a book taken for a container, a title-only string, a lead name part. */
static void
test_assembly(void)
{
	char		t[256];
	const char *q;

	/* "R. Bube , Photovoltaic Materials , Imperial College Press , 1998 ." */
	q = assemble_with("R. Bube, Photovoltaic Materials, Imperial College Press, 1998.", "aaaoccouuuoyo", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Photovoltaic Materials") == 0, "book: %s \"%s\"", q, t);
	/* the same with a volume: a journal, no title */
	q = assemble_with("R. Bube, Photovoltaic Materials, 12, Imperial College Press, 1998.", "aaaoccovouuuoyo", t, sizeof(t));
	CHECK(strcmp(q, "venue_only") == 0, "journal with a volume: %s \"%s\"", q, t);
	/* a "container" in title case after authors with nothing but its date: a book */
	q = assemble_with("C Haigh, English Reformations (1993).", "aaoccoyoo", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "English Reformations") == 0, "dated book: %s \"%s\"", q, t);
	/* ... but not an abbreviated venue ("Proc. ICRC (2007)") */
	q = assemble_with("V. Aynutdinov, Proc. ICRC (2007).", "aaaocccoyoo", t, sizeof(t));
	CHECK(strcmp(q, "venue_only") == 0, "dated venue: %s \"%s\"", q, t);
	/* a collaboration in brackets after the names is theirs, not a title */
	q = assemble_with("B. P. Abbott et al. (LIGO Scientific and Virgo Collaborations), Phys. Rev. Lett. 116, 061102 (2016).",
					  "aaaaaaaaoaaotttoccccccvopoyoo", t, sizeof(t));
	CHECK(strcmp(q, "venue_only") == 0, "bracketed collaboration: %s \"%s\"", q, t);
	/* an MLA person ("Family, Given.") and the title the names ran on into */
	q = assemble_with("King, Stephen. Christine. New York: Viking Press, 1983.", "aaaaaollouuoyo", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Christine") == 0, "MLA person: %s \"%s\"", q, t);
	/* ... not after an initial: "King, S. Christine" may be two persons */
	q = assemble_with("King, S. Christine. New York: Viking Press, 1983.", "aaaaaollouuoyo", t, sizeof(t));
	CHECK(strcmp(q, "ok") != 0, "MLA person after an initial: %s \"%s\"", q, t);
	/* nothing but a "container" in sentence case: a bare title */
	q = assemble_with("Building small robots for dark kitchens", "cccccc", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Building small robots for dark kitchens") == 0, "bare title: %s", q);
	/* ... in title case: a venue or series name */
	q = assemble_with("Cognitive Robots and Kitchens", "cccc", t, sizeof(t));
	CHECK(strcmp(q, "venue_only") == 0, "series name: %s \"%s\"", q, t);
	/* a "container" after the names with a venue word in its first sentence is a journal, not a title */
	q = assemble_with("E. C. Stoner, Proceedings of the Royal Society of London. SeriesA -Mathematicaland Physical Sciences 152 ,672 ( 1935).",
					  "aaaaaocccccccccccccvopoyoo", t, sizeof(t));
	CHECK(strcmp(q, "ok") != 0, "journal in two sentences: %s \"%s\"", q, t);
	/* ... and one of abbreviations too ("Nucl .Instrum .Methods Phys .Res .A, Accel.") */
	q = assemble_with("H. Fessler, Nucl .Instrum .Methods Phys .Res .A, Accel. Spectrom. Detect. 228 (1985) 303-308.",
					  "aaaocccccccccccccccccvoyopppo", t, sizeof(t));
	CHECK(strcmp(q, "ok") != 0, "abbreviated journal in two sentences: %s \"%s\"", q, t);
	/* an abbreviated title before a journal's last word keeps it ("Proc. Natl. Acad | Sci.") */
	q = assemble_with("Poli, et al., Proc. Natl. Acad. Sci., 87, 782-784 (1990)", "aaaaaotttttocoovopppoyo", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Proc. Natl. Acad") == 0, "abbreviated title: %s \"%s\"", q, t);
	/* ... nor a title's last word before a journal in full words ("mod. Eins. | Math Ann") */
	q = assemble_with("[3] Weyl H. Uber die Gleichverteilung von Zahlen mod. Eins. Math Ann 1916;77:313-352.",
					  "kkkaaottttttttoccyovopppo", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Uber die Gleichverteilung von Zahlen mod. Eins") == 0,
		  "short last word: %s \"%s\"", q, t);
	/* "Bert: Pre-training ..." with "Bert" taken for an author */
	q = assemble_with("Bert: Pre-training of things", "aottt", t, sizeof(t));
	CHECK(strcmp(q, "ok") == 0 && strcmp(t, "Bert: Pre-training of things") == 0, "lead word: %s \"%s\"", q, t);
	/* the rest of an author list taken into the title run */
	q = assemble_with("Anna Writer, Bob Smith, and Carl Jones. Gardens of things.", "aaotttttttttto", t, sizeof(t));
	CHECK(strcmp(t, "Gardens of things") == 0, "names before the title: \"%s\"", t);
	/* the longest title run is a venue: the other one is the title */
	q = assemble_with("A. Writer. Gardens of things. In Proceedings of the Big Conference on Gardens, 2022.",
					  "aaaotttootttttttoyo", t, sizeof(t));
	CHECK(strcmp(t, "Gardens of things") == 0, "venue run: \"%s\"", t);
	/* a title's first words taken for a volume ("et al. The llama 3 herd of models.") */
	q = assemble_with("A. Writer et al. The llama 3 herd of models.", "aaaaaovvvvtto", t, sizeof(t));
	CHECK(strcmp(t, "The llama 3 herd of models") == 0, "title's lead words: \"%s\"", t);
	/* two words before the colon are a name ("Wolfgang Jantzen: ...") */
	q = assemble_with("Anna Writer: Gardens of things", "aaottt", t, sizeof(t));
	CHECK(strcmp(t, "Gardens of things") == 0, "name before a colon: \"%s\"", t);
	/* ... but a given name, initials and a family name are a person */
	q = assemble_with("Philip H. Wicksteed. 2002.", "aaaaoyo", t, sizeof(t));
	CHECK(strcmp(q, "author_list") == 0, "lone person: %s \"%s\"", q, t);
	/* title-run repairs: the string, its hand-given labels, the title wanted */
	{
		static const struct
		{
			const char *raw,
					   *labels,
					   *title;
		}			cases[] = {
			/* a chapter's title before the "In:" of its book, the book's title longer */
			{"Anna Weber: Order of things. In: Handbook of the order of things. Berlin: Springer, 2004.",
			"aaotttooottttttolouoyo", "Order of things"},
			/* an edition with an ordinal indicator ends the title run */
			{"M. Dupont, Principes de gestion (3.\xC2\xAA ed.). Lisboa: Almedina.", "aaaotttttttto" "oolouo",
			"Principes de gestion"},
			/* a book's title cut in two, the second half taken for a container */
			{"B. Hale. Schools and the Coming Reinvention of Learning. Boston: Beacon Press.", "aaaottttcccolouuo",
			"Schools and the Coming Reinvention of Learning"},
			/* ... but not when a volume makes it a journal article */
			{"B. Hale. Schools and the Coming Reinvention of Learning. 12, Beacon Press.", "aaaottttcccovouuo",
			"Schools and the Coming"},
			/* a journal's name at the end of the title run, before the volume */
			{"Anne Martin, Les fronti\xC3\xA8res de la ville, Revue urbaine, 14, 2001, 33-58.",
			"aaotttttttto" "voyopppo", "Les fronti\xC3\xA8res de la ville"},
			/* a lone Vancouver author taken into the title run, or a name in capitals alone */
			{"Peterson K. Salt intake and heart failure. Eur Heart J 2003; 24: 101-108.", "ttttttttoccc" "yovopppo",
			"Salt intake and heart failure"},
			{"ACI. Building code requirements for concrete. Farmington Hills: American Concrete Institute; 2006.",
			"tttttttollouuuoyo", "Building code requirements for concrete"},
			/* ... but a quoted name is a title */
			{"\"Charles R. Darwin.\" In Wikipedia.", "otttttooco", "Charles R. Darwin"},
			/* a year glued to the title by a lost space */
			{"Goodman, N.1976Languages of art. Indianapolis: Hackett.", "aaaatttolouo", "Languages of art"},
			/* German-style quotes, the labeller running on past them */
			{"Kimura, M. 1962. \xC2\xBBOn the fixation of genes in populations\xC2\xAB, in Genetics 47, S. 713-719.",
			"aaaayoo" "ttttttttttt" "vooopppo", "On the fixation of genes in populations"},
			/* a span of years after the title, the reference's year elsewhere: the title's end */
			{"Anna Weber. 2006. Charity in England, 1500-1700. London: Verso.", "aaoyotttopppolouo",
			"Charity in England, 1500-1700"},
			/* ... with no other year it is the reference's own (or its pages) */
			{"Anna Weber. Charity in England, 1500-1700.", "aaotttopppo", "Charity in England"},
			/* the "In" of the book taken into the title run, capitalised or after a comma */
			{"Anna Weber (2004) Order of things In: Handbook of order. Berlin: Springer.", "aaoyottttoccco" "louo",
			"Order of things"},
			{"Anna Weber, Order of things, in: Handbook of order, 12, 3-9.", "aaotttttoccco" "vopppo",
			"Order of things"},
			{"Anna Weber, Order of things, in \xC2\xABRevue urbaine\xC2\xBB, 12, 3-9.", "aaottttttttoovopppo",
			"Order of things"},
			/* "s.l." (no place) after the title, but not "sensu lato" in it */
			{"Anna Weber, Order of things, s.l., Berlin, 2001.", "aaotttttttooloyo", "Order of things"},
			{"Anna Weber. Studies of Phytolaccaceae s.l. Syst Bot 10.", "aaottttttoccvo", "Studies of Phytolaccaceae s.l"},
			/* a lone Vancouver author after the reference's number, with a comma before the initials */
			{"3. McLean, R. The manual of type. London: Thames.", "oottttttttolouo", "The manual of type"},
			/* no title run: the title's words at the end of a Vancouver author run */
			{"3. Parpola S. Assyrian Prophecies. Helsinki: Helsinki University Press, 1997.", "kkaaaaaolouuuoyo",
			"Assyrian Prophecies"},
			{"2. Chambers JK, Trudgill P. Dialectology. CUP, Cambridge 1998.", "kkaaaaaaaouolyo", "Dialectology"},
			/* an organisation as the author, taken into the title run */
			{"4. American Educational Research Association. Standards for educational testing. Washington: AERA, 1985.",
			"ootttttttttolouoyo", "Standards for educational testing"},
			{"10. Centers for Disease Control and Prevention. HIV surveillance report, 2018. Atlanta: CDC; 2019.",
			"kkttttttttttoyolouoyo", "HIV surveillance report"},
			/* ... but not a title's first sentence that starts with such a word */
			{"Society and Culture. Essays on things. London: Verso.", "tttttttolouo",
			"Society and Culture. Essays on things"},
			/* suspended hyphens the repair joined, given back ("Weak- and", "Frauen-\nund") */
			{"Anna Weber. Weak- and Strong-Base exchange, Frauen-\nund M\xC3\xA4nnerbilder. J Water 12.",
			"aaottttttoccvo", "Weak- and Strong-Base exchange, Frauen- und M\xC3\xA4nnerbilder"},
			/* a species name read as a person: the title's, with the words of its sentence */
			{"Li X. E. coli biofilm formation. J Bact 12.", "aaaaatttoccvo", "E. coli biofilm formation"},
			{"Brown A. Cell death in C. elegans. Cell 12.", "aaattteeeocvo", "Cell death in C. elegans"},
			{"Patel R. Virulence factors of P. aeruginosa. Front Microbiol 8.", "aaaaaaaaaoccvo",
			"Virulence factors of P. aeruginosa"},
			/* ... but not a person's initial after a family name or "and" */
			{"Tully T. nalyot, a mutation. J Neuro 12.", "aaattttoccvo", "nalyot, a mutation"},
			{"N. Adams and J. frees. Object programming. In Proc 12.", "aaaaaaaottoocvo", "Object programming"},
			/* an abbreviated journal after a short title, before the volume */
			{"[9] L. Breiman, Random forests, Mach. Learn. 45 (2001) 5\xE2\x80\x93" "32.", "kkkaaaottttttovoyopppo",
			"Random forests"},
			/* the title's head word after the last person of the list */
			{"D. P. Kingma and J. Ba, Adam: A method for stochastic optimization, arXiv preprint (2014).",
			"aaaaaaaaaaaotttttonnoyoo", "Adam: A method for stochastic optimization"},
			/* ... but not a given name after a family name alone */
			{"M\xC3\xBCller, Hans und Meier, Karl: Titel des Buches. Berlin: Springer.", "aaaaaaaotttolouo",
			"Titel des Buches"},
			/* a title cut after a function word runs on */
			{"Chen DK, Low DE. Decreased susceptibility to fluoroquinolones in Canada N Engl J Med 1999; 341:233-239.",
			"aaaaaotttttcccccyovopppo", "Decreased susceptibility to fluoroquinolones in Canada"},
			/* ... but not into a person's name */
			{"Smith J. Comment on the paper by W. L. Griffin. Geology 12.", "aaatttttcccccocvo",
			"Comment on the paper by"},
			/* a quote that opens the title after a name and a glued year the run took in */
			{"Charman-Anderson, Sue2012\xE2\x80\x9CMillion Dollar Book Proves Kickstarter Model\xE2\x80\x9D,.",
			"aottttttttooo", "Million Dollar Book Proves Kickstarter Model"},
			/* ... but words before a quote are the title's */
			{"Molden, D. (2006). Finding \xE2\x80\x9Cmeaning\xE2\x80\x9D in psychology. Am Psychol 61.",
			"aaaaoyootttttttocco", "Finding \xE2\x80\x9Cmeaning\xE2\x80\x9D in psychology"},
			/* the rest of the last person's name before a colon, in the title run */
			{"D. Buchholz, H. Grundling: The resolvent algebra. J. Funct. Anal. 254.", "aaaaaatttttoccccccvo",
			"The resolvent algebra"},
			{"Megias E, Benitez F: Gravitational anomaly. Phys Rev Lett 107.", "aaaattttocccvo", "Gravitational anomaly"},
			/* ... but not a title's head word after an inverted person */
			{"Stone, M. Crossvalidation: A review. J Stat 9.", "aaaattttoccvo", "Crossvalidation: A review"},
			/* a colon closes the names: the capitalised words after it are the title's */
			{"Weber, Max: Wirtschaft und Gesellschaft. Grundriss der Soziologie, Tubingen 1972.", "aaaotttttttolyo",
			"Wirtschaft und Gesellschaft. Grundriss der Soziologie"},
			/* a quoted title run before a longer unquoted one, its book */
			{"Said, Edward W. \"Traveling Theory.\" The World, the Text. Cambridge: Harvard UP, 1983.",
			"aaaaaottootttttolouuoyo", "Traveling Theory"},
			/* the title run's last sentence runs on into the place */
			{"Diekmann, A. (2007): Empirische Sozialforschung. Reinbek bei Hamburg: Rowohlt.", "aaaaoyoottttllouo",
			"Empirische Sozialforschung"},
			/* ... but not a sentence with "and" in it */
			{"Grewal S. Kalman Filtering. Theory and Practice Prentice Hall, New Jersey 1993.", "aaotttttttlollyo",
			"Kalman Filtering. Theory and Practice Prentice"},
			/* a German book's subtitle taken for a container, the place after it */
			{"Statistisches Bundesamt (2018): Bevolkerung und Erwerbstatigkeit. Haushalte und Familien. Wiesbaden.",
			"aaoyoottto" "ccco" "lo", "Bevolkerung und Erwerbstatigkeit. Haushalte und Familien"},
			/* ... but not a series or journal */
			{"Einstein, A.: Naherungsweise Integration. Sitzungsberichte der Akademie, Berlin (1916).",
			"aaaaottocccoloyoo", "Naherungsweise Integration"},
			/* an organisation labelled as the title before the date, the title as a container */
			{"Bundesministerium fur Arbeit (2013): Lebenslagen in Deutschland. Bonn.", "tttoyoocccolo",
			"Lebenslagen in Deutschland"},
			/* ... but not a title that opens the reference */
			{"Livres en bouche (2001). Du XIVe au siecle.", "tttoyoocccco", "Livres en bouche"},
			/* an organisation, its acronym and the date in brackets in the title run */
			{"Bundesministerium fur Bildung und Forschung (BMBF) (2017): Bildung in Deutschland 2016. Bielefeld: Bertelsmann.",
			"tttttttttttt" "ttttolouo", "Bildung in Deutschland 2016"},
			/* ... but not a title with a date in it and no organisation's word before */
			{"Geschichte der Stadt (1871): Eine Einfuhrung. Berlin.", "tttttttttolo",
			"Geschichte der Stadt (1871): Eine Einfuhrung"},
			/* one capitalised word ending a colon-led title run is the place */
			{"Bertelsmann Stiftung (Hrsg.) (2016): Religionsmonitor. Gutersloh.", "eeoooooyootttt",
			"Religionsmonitor"},
			/* an edition with its ordinal written out */
			{"P. Billingsley, Convergence of probability measures, second ed., Wiley, New York, 1999.",
			"aaaotttttttoouolloyo", "Convergence of probability measures"},
			/* the title's head word after a Vancouver list: an acronym, or after two persons */
			{"Lopez P. GROBID: combining data. Springer; 2009.", "aaaaottouoyo", "GROBID: combining data"},
			{"Smith JB, Jones F. Abc: A hypermedia system. Proc ACM 1991.", "aaaaaaaotttoccyo",
			"Abc: A hypermedia system"},
			/* ... but not after a lone person, who may be in forward order */
			{"Artur R. Boelderl: Geburtsraume des Daseins. Wurzburg 2009.", "aaaaotttolyo", "Geburtsraume des Daseins"},
			/* ... and after a last person inverted with dotted initials, who is complete at the period */
			{"Kingma, D. P. and Ba, J. Adam: A method for optimization. J Mach 3.", "aaaaaaaaaaaaottttoccvo",
			"Adam: A method for optimization"},
			{"Ba, J. L. Adam: A method. J Mach 3.", "aaaaaaaottoccvo", "Adam: A method"},
			/* ... but not a forward-order person's family name after a forward-order person ("Given Family, I. Family:") */
			{"Wolfgang Jantzen, G. Feuser: Erste Erfahrungen. Z Heilpad 21.", "aaaaaaottoccvo", "Erste Erfahrungen"},
			/* names and the year unpunctuated in the title run (IOP) */
			{"Timoshenko S P and Goodier J N 1970 Theory of Elasticity (New York: McGraw-Hill)", "tttttttttttollouo",
			"Theory of Elasticity"},
			/* an abbreviated journal glued to the title (IOP) */
			{"Giovannetti V, Lloyd S and Maccone L 2011 Advances in quantum metrology Nat. Photon. 5 222-9",
			"aaaaaaaayttttttto" "vppp", "Advances in quantum metrology"},
			{"Smith A B and Jones C D 2010 Long-term trends in river nitrogen Water Res. 44 123-30",
			"aaaaaaayttttttto" "vppp", "Long-term trends in river nitrogen"},
			/* a first sentence of single capitalised words and "und" is no list of persons */
			{"Jurgen Kocka, Arbeitsverhaltnisse und Arbeiterexistenzen. Grundlagen der Klassenbildung, Bonn 1990.",
			"aaotttttttolyo", "Arbeitsverhaltnisse und Arbeiterexistenzen. Grundlagen der Klassenbildung"},
			/* a span of years, its bracket and the colon before the title */
			{"Heitmeyer, Wilhelm (Hrsg.) (2002-2011): Deutsche Zustande. Folge 1-10. Frankfurt: Suhrkamp.",
			"aaaooooo" "tttttttocpppolouo", "Deutsche Zustande"},
			/* a subtitle taken for a container before the place and publisher */
			{"Vester, Michael (2001): Soziale Milieus im Strukturwandel. Zwischen Integration und Ausgrenzung. Frankfurt: Suhrkamp.",
			"aaaoyoo" "ttttoccccolouo", "Soziale Milieus im Strukturwandel. Zwischen Integration und Ausgrenzung"},
			/* a "container" between the names' colon and the title run is the title's first sentence */
			{"Schmidt, Manfred G.: Sozialpolitik in Deutschland. Historische Entwicklung, 3. Aufl., Wiesbaden 2005.",
			"aaaaaocccottonnnoolyo", "Sozialpolitik in Deutschland. Historische Entwicklung"},
			/* the series a volume names is not the title */
			{"R. Durrett. Probability: theory and examples, volume 49 of Cambridge Series in Statistical Mathematics. Cambridge University Press, 2019.",
			"aaaotttttoovttttttouuuoyo", "Probability: theory and examples"},
			/* a subtitle's enumeration taken for a container */
			{"Arias, E. 2006. Drugs in Rio: Trafficking, Social Networks, and Public Security, Chapel Hill: UNC Press.",
			"aaaayotttttoccccccollouuo", "Drugs in Rio: Trafficking, Social Networks, and Public Security"},
			/* ... but not a journal's name with a list in it */
			{"Smith J. Climate: a review, Science, Technology, and Society 12, 1-5.", "aaattttoccccccvopppo",
			"Climate: a review"},
			/* the publisher and place run into the title after a comma */
			{"Capaldi N, The Art of Deception: An Introduction, Prometheus Books, Buffalo, New York 1973.",
			"aaottttttttttttollyo", "The Art of Deception: An Introduction"},
			/* ... or after a sentence break an organisation, its place after a comma */
			{"R Core Team (2021). R: A language for computing. R Foundation for Computing, Vienna, Austria.",
			"aaaoyoo" "tttttttttttolllo", "R: A language for computing"},
			/* ... but not a subtitle of capitalised words with no organisation's word */
			{"Smith, J. (2001). Rivers of Europe. Flow and Form, London, 1999.", "aaaaoyoo" "tttttttoloyo",
			"Rivers of Europe. Flow and Form"},
			/* ... but not a title's own words with "Press" inside */
			{"Miller L. Poe on the Beat: Urban, Penny Press Journalism. J Early Rep 2.", "aaattttttttttocccvo",
			"Poe on the Beat: Urban, Penny Press Journalism"},
			/* a translator's mark at the title run's end */
			{"Nord C (2008) La traduction. Trad. Beverly Adab. Arras: Artois.", "aaoyotttt" "oeeolouo", "La traduction"},
			/* a title run right before the longest, a period between: title and subtitle */
			{"R. Sacks, The Phrase in Homer. Two Studies in Form, Meaning and Interpretation, Leiden 1987.",
			"aaaottttottttttttolyo", "The Phrase in Homer. Two Studies in Form, Meaning and Interpretation"},
			/* ... but not a Vancouver name the labeller took for a title */
			{"Valter AA. Rock-forming coesite from clasts in the breccia. Min Zh 4.", "ttotttttttoccvo",
			"Rock-forming coesite from clasts in the breccia"},
			/* a "no date" mark is neither names nor title */
			{"Muller, H. (o. J.): Die Geschichte der Stadt. Berlin.", "aaaaottttttttttolo", "Die Geschichte der Stadt"},
			{"Navy Center (NEHC). ND. Standard Procedures for Water.", "tttttttttttto", "Standard Procedures for Water"},
			/* a Vancouver name and the year in brackets that the title run took in after the names */
			{"Pert P, Tobin R, Visperas B (2016) Climate change and the reef. Palgrave Commun 2.",
			"aaaaaatttttttttto" "ccvo", "Climate change and the reef"},
			/* ... and names up to their "u.a." */
			{"Hans Belting, Heinrich Dilly u.a., Kunstgeschichte. Eine Einfuhrung, Berlin 2003.", "aaottttttttttt" "olyo",
			"Kunstgeschichte. Eine Einfuhrung"},
			/* names after an editor's cue that follows the book's title are editors, the book the title */
			{"Folkman, 1985, Advances in Cancer Research, eds. Klein and Weinhouse, Academic Press, New York.",
			"aoyoccccooo" "tttouuollo", "Advances in Cancer Research"},
			/* ... but not the title after the names' own "eds." */
			{"Blaikie, Piers, and Harold Brookfield, eds. Land Degradation and Society. London: Metheun, 1987.",
			"aaaaaaaooo" "ttttolouoyo", "Land Degradation and Society"},
			/* a subtitle taken for a container after the title run's colon */
			{"Benner, P. (1984). From novice to expert: Excellence and power in nursing. Menlo Park, CA: Addison-Wesley.",
			"aaaaoyootttto" "cccccollllouo", "From novice to expert: Excellence and power in nursing"},
			/* "Translated by" after the title */
			{"Kant, Immanuel. Critique of Pure Reason. Translated by Paul Guyer and Allen W. Wood. Cambridge: CUP, 1998.",
			"aaaottttttttt" "aaaaaolouoyo", "Critique of Pure Reason"},
			/* a bracket after the title taken for a container while the journal follows */
			{"Lyons K. Role for protein 2 (BMP 2-A), Development, 109 (1990).", "aaattttoccccc" "ocovoyoo",
			"Role for protein 2 (BMP 2-A)"},
			/* a closing quote with the journal glued on by a lost blank */
			{"Coles, P.: \xE2\x80\x98" "Characterizing the growth of structure in the universe\xE2\x80\x99" "Nature, 2000, 406, p. 376.",
			"aaaaoo" "tttttttttt" "oyovooopo", "Characterizing the growth of structure in the universe"},
			/* ... but not an elided article ("d’Occident") */
			{"Oexle, O.G., 1993, \xE2\x80\x98" "Les moines d\xE2\x80\x99" "Occident et la vie politique\xE2\x80\x99, Revue benedictine, 103.",
			"aaaaaaoyoo" "ttttttttt" "oocco" "vo", "Les moines d\xE2\x80\x99" "Occident et la vie politique"},
			/* "In:" inside the title run */
			{"Meyer RF (1976) Preferences over time In: Decisions with Multiple Objectives, New York, Wiley.",
			"aaoyottttttttt" "ollouo", "Preferences over time"},
			/* a Vancouver list of two persons that the title run took in */
			{"Catts O, Zurr I. The Ethics of Life. In Tactical Biopolitics. Cambridge: MIT Press, 2008.",
			"tttttttttt" "ooeeolouuoyo", "The Ethics of Life"},
			/* the name's last initial at the title run's start */
			{"Sellon, M.R. Preliminary Investigations in Davidson County. Raleigh: Office, 1980.", "aaaattttttt" "olouoyo",
			"Preliminary Investigations in Davidson County"},
			/* an ABNT person (family name in capitals, dotted initials) and the title the names ran on into */
			{"BOURDIEU, P. O poder simbolico. Rio de Janeiro: Bertrand, 1989.", "aaaaaaaouuuouoyo", "O poder simbolico"},
			/* ... not the next person */
			{"IOANNIDIS, Y. E. AND KANG, Y. C. 1990. Randomized algorithms for joins.", "aaaaaaaaaaaaayotttto",
			"Randomized algorithms for joins"},
			/* a name's suffix and its comma at the title run's start */
			{"L. N. Trefethen and D. Bau, III, Numerical Linear Algebra, SIAM, Philadelphia, 1997.",
			"aaaaaaaaaottttt" "ouoloyo", "Numerical Linear Algebra"},
			/* the group the names are signed for, at the title run's start */
			{"Schulz KF, Altman DG, Moher D, for the CONSORT Group. CONSORT 2010 Statement: updated guidelines. BMJ. 2010;340.",
			"aaaaaaaaotttttttttttoccvvvo", "CONSORT 2010 Statement: updated guidelines"},
			/* one quoted word the title opens with, its quotes kept */
			{"Offe, C. (1984): \xE2\x80\x9E" "Arbeitsgesellschaft\xE2\x80\x9C. Strukturprobleme und Zukunftsperspektiven. "
			"Frankfurt/New York: Campus.", "aaaaoyootttttttollllouo",
			"\xE2\x80\x9E" "Arbeitsgesellschaft\xE2\x80\x9C. Strukturprobleme und Zukunftsperspektiven"},
			/* a subtitle with venue words that subtitles use, before the place */
			{"Nassehi, Armin (2003): Geschlossenheit und Offenheit. Studien zur Theorie der modernen Gesellschaft. "
			"Frankfurt a. M.: Suhrkamp.", "aaaoyootttoccccccolllllouo",
			"Geschlossenheit und Offenheit. Studien zur Theorie der modernen Gesellschaft"},
			/* ... but not a journal's special issue */
			{"Mayer, K. (1990): Lebensverlaufe und sozialer Wandel. Sonderheft 31 der Kolner Zeitschrift fur Soziologie. "
			"Opladen.", "aaaaoyoottttocccccccolo", "Lebensverlaufe und sozialer Wandel"},
			/* a German ordinal's period inside the title */
			{"Kocka, J. (Hg.): Burgertum im 19. Jahrhundert. Deutschland im europaischen Vergleich, 3 Bde., Munchen 1988.",
			"eeeeoooootttoccccccovvoolyo", "Burgertum im 19. Jahrhundert. Deutschland im europaischen Vergleich"},
			/* ... and before another preposition */
			{"Konecny, S., Die Stellung der Frau in der Herrscherfamilie vom 7. bis zum 10. Jahrhundert, Wien, 1976.",
			"aaaaotttttttttccccccoloyo",
			"Die Stellung der Frau in der Herrscherfamilie vom 7. bis zum 10. Jahrhundert"},
			/* ... not a number that ends the title before the journal */
			{"Morris ME. Nucleotide sequence of the LYS2 gene: homology to synthetase 1. Gene 1991; 98.",
			"aaotttttttttttocyovo", "Nucleotide sequence of the LYS2 gene: homology to synthetase 1"},
			/* the editor after a comma ends the title */
			{"Weber, Max: Die protestantische Ethik und der Geist des Kapitalismus, hg. von Dirk Kaesler, Munchen 2004.",
			"aaaottttttttttttttolyo", "Die protestantische Ethik und der Geist des Kapitalismus"},
			/* an edition's number at the title run's end, its word after it */
			{"FREIRE, Paulo. Pedagogia do oprimido. 17. ed. Rio de Janeiro: Paz e Terra, 1987.",
			"aaaotttttooolllouuuoyo", "Pedagogia do oprimido"},
			/* ... and with revision words between the number and the edition word */
			{"Gei\xC3\x9F" "ler, R. (2014): Die Sozialstruktur Deutschlands. 7., grundlegend \xC3\xBC" "berarb. Aufl. Wiesbaden: Springer VS.",
			"aaaaoyootttttttttonolouuo", "Die Sozialstruktur Deutschlands"},
			/* a thesis title's head labelled a note, the rest of its sentence title */
			{"Williams, D. E. 1987. The ecology of the bog turtle in North Carolina. Master's thesis, North Carolina State University, Raleigh. 156 pp.",
			"aaaaaayonnnnnnnttonnouuuuuuoppp", "The ecology of the bog turtle in North Carolina"},
			/* a colon-led subtitle taken for a publisher, "In" and the container after it */
			{"Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2019. BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding. In NAACL-HLT. 4171-4186.",
			"aaaaaaaaaaaaoyotouuuuuuuuuuuopppo", "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding"},
			/* ... not a publisher that no "In" follows */
			{"Anna Lee and Tom Hill. 2019. BERT: Springer Lecture Notes. Berlin: Springer.",
			"aaaaaoyotouuuolouo", "BERT"},
			/* the longest title run a thesis note after the title (ABNT) */
			{"MARTINS, L. F. Desenvolvimento de um sistema de monitoramento de qualidade do ar de baixo custo. 2019. Trabalho de Conclus\xC3\xA3o de Curso (Gradua\xC3\xA7\xC3\xA3o em Engenharia El\xC3\xA9trica) \xE2\x80\x93 Universidade Tecnol\xC3\xB3gica Federal do Paran\xC3\xA1, Curitiba, 2019.",
			"aaaaaatttttttttttttoyotttttttttttttttttoloyo",
			"Desenvolvimento de um sistema de monitoramento de qualidade do ar de baixo custo"},
			/* ... not a title of its own that starts with a thesis word */
			{"SOUZA, A. Thesis writing in Brazil. Tese de doutorado.", "aaaattttonnno", "Thesis writing in Brazil"},
			/* a title's last items after a comma taken for a container before the place */
			{"Hirschman, Albert O. (1974): Abwanderung und Widerspruch. Reaktionen auf Leistungsabfall bei Unternehmungen, Organisationen und Staaten. T\xC3\xBC" "bingen: Mohr.",
			"aaaaaoyootttttttttocccolouo",
			"Abwanderung und Widerspruch. Reaktionen auf Leistungsabfall bei Unternehmungen, Organisationen und Staaten"},
			/* ... not a journal, which has its volume */
			{"Hill, A. (1974): Reaktionen bei Unternehmungen, Organisationen und Staaten. Berlin 12: 3-4.",
			"aaaaoyootttocccolvopppo", "Reaktionen bei Unternehmungen"},
			/* the given name in full after a family name that a slash puts after another person */
			{"Schnell, Rainer/Hill, Paul B./Esser, Elke: Methoden der empirischen Sozialforschung, 7. Aufl., M\xC3\xBC" "nchen 2005, S. 123.",
			"aaaaaaaaaaaottttttonnnoolyooopo", "Methoden der empirischen Sozialforschung"},
			/* a volume's part title after the work's title (labelled container or title) and "Bd. 3:" */
			{"Wehler, Hans-Ulrich: Deutsche Gesellschaftsgeschichte, Bd. 3: Von der Doppelrevolution bis zum Ersten Weltkrieg, M\xC3\xBC" "nchen 1995.",
			"aaaoccoootttttttttolyo",
			"Deutsche Gesellschaftsgeschichte, Bd. 3: Von der Doppelrevolution bis zum Ersten Weltkrieg"},
			{"M. Henkel and S. Lubeck, Non-Equilibrium Phase Transitions, Vol. 1: Absorbing Phase Transitions (Springer, Dordrecht, 2008).",
			"aaaaaaaotttooovttttouoloyoo", "Non-Equilibrium Phase Transitions, Vol. 1: Absorbing Phase Transitions"},
			/* the title's last word or subtitle that the labeller put in the edition's note */
			{"Lamnek, S. (2010): Qualitative Sozialforschung. Lehrbuch. 5., \xC3\xBC" "berarbeitete Auflage. Weinheim/Basel: Beltz.",
			"aaaaoyoottonnnnnnnolllouo", "Qualitative Sozialforschung. Lehrbuch"},
			{"Kuckartz, U. (2016). Qualitative Inhaltsanalyse. Methoden, Praxis, Computerunterst\xC3\xBC" "tzung (3., \xC3\xBC" "berarbeitete Auflage). Weinheim: Beltz Juventa.",
			"aaaaoyoottttttonnnnnnnoolouuo", "Qualitative Inhaltsanalyse. Methoden, Praxis, Computerunterst\xC3\xBC" "tzung"},
			/* ... not a note with no edition after it */
			{"Smith, J. (2001): Title words. Rezension. Berlin.", "aaaaoyoottonolo", "Title words"},
			/* a document number as the only title run, the title in a note run after the names and date */
			{"Deutscher Bundestag (2013): Schlussbericht der Enquete-Kommission \xE2\x80\x9E" "Wachstum, Wohlstand, Lebensqualit\xC3\xA4t\xE2\x80\x9C. Drucksache 17/13300. Berlin.",
			"aaoyoonnnnnnnnnoottttolo",
			"Schlussbericht der Enquete-Kommission \xE2\x80\x9E" "Wachstum, Wohlstand, Lebensqualit\xC3\xA4t\xE2\x80\x9C"},
			/* the work's title, then a volume's part title before the place */
			{"Habermas, J. (1981): Theorie des kommunikativen Handelns. Bd. 1: Handlungsrationalit\xC3\xA4t und gesellschaftliche Rationalisierung. Frankfurt a. M.: Suhrkamp.",
			"aaaaoyoottttonnnoccccolllllouo",
			"Theorie des kommunikativen Handelns. Bd. 1: Handlungsrationalit\xC3\xA4t und gesellschaftliche Rationalisierung"},
			/* a numbered report series ("Studien und Berichte 49") after the title */
			{"Allmendinger, J. (1989): Career Mobility Dynamics. A Comparative Analysis of the United States, Norway, and West Germany. Studien und Berichte 49. Berlin: Max-Planck-Institut f\xC3\xBC" "r Bildungsforschung.",
			"aaaaoyoottttttttttttttttttttttolouuuo",
			"Career Mobility Dynamics. A Comparative Analysis of the United States, Norway, and West Germany"},
			/* an adjective ("Institutional") is no organisation's word: a subtitle before the place, not a publisher */
			{"Streeck, Wolfgang: Re-Forming Capitalism. Institutional Change in the German Political Economy, Oxford 2009.",
			"aaaottttttttttolyo", "Re-Forming Capitalism. Institutional Change in the German Political Economy"},
			/* the Italian editor's cue after a comma */
			{"Gramsci A., Quaderni del carcere, a cura di V. Gerratana, Torino, Einaudi, 1975.",
			"aaaottttttteeeolouoyo", "Quaderni del carcere"},
			/* the journal in italics markup after the title's period */
			{"Nakamura T, Ohta K, Sato Y (2011). Thermal stability of perovskite films. <i>Thin Solid Films</i> <b>519</b>, 7911-7918.",
			"aaaaaaaaoyootttttttttttttttttvvvvvvvopppo", "Thermal stability of perovskite films"},
			/* no title run: the first sentence of the "container" before a numbered report series */
			{"Hans-Bockler-Stiftung (2019): Tarifbindung in Deutschland. WSI-Report Nr. 48. Dusseldorf.",
			"aoyoocccccccvolo", "Tarifbindung in Deutschland"},
			/* no title run: the first sentence of the "container" after the names, a journal after it (ISO 690) */
			{"SCHMIDT, Hans; MULLER, Petra. Nachhaltige Stadtentwicklung in Deutschland. Raumforschung und Raumordnung, 2017, 75. Jg., Nr. 2, S. 123-140.",
			"aaaaaaaoccccccccoyovvvvoooiooopppo", "Nachhaltige Stadtentwicklung in Deutschland"},
			/* the first word of an abbreviated journal at the title run's end */
			{"Wang, L., Zhang, H. & Liu, Y. Graphene-based sensors for gas detection. Sens. Actuators B Chem. 255, 1812-1820 (2018).",
			"aaaaaaaaaaaaaatttttttoccccvopppoyoo", "Graphene-based sensors for gas detection"},
			/* a book's subtitle after a title asking a question */
			{"Gerhards, J./Lengfeld, H. 2013: Wir, ein europaisches Volk? Sozialintegration Europas und die Idee der Gleichheit aller europaischen Burger. Wiesbaden: Springer VS.",
			"aaaaaaaaayottttttccccccccccolouuo",
			"Wir, ein europaisches Volk? Sozialintegration Europas und die Idee der Gleichheit aller europaischen Burger"},
			/* a given name in full after the family name that opens the reference, a colon after it */
			{"Habermas, Jurgen: Strukturwandel der Offentlichkeit, Neuwied 1962.", "aotttttolyo",
			"Strukturwandel der Offentlichkeit"},
			/* a report's number in brackets at the title run's end */
			{"National Center for Education Statistics. (2016). Digest of education statistics 2015 (NCES 2016-014). Washington, DC: U.S. Department of Education.",
			"aaaaaooyootttttttttttolllouuuuuuuo", "Digest of education statistics 2015"},
			/* ... or a code of capitals and numbers after a comma */
			{"G. Apollinari et al., High Luminosity LHC project description, CERN-ACC-2014-0321 (2014).",
			"aaaaaaottttttttttpoyoo", "High Luminosity LHC project description"},
			/* ... not words after the comma ("CMS 2014 results") */
			{"A. Smith, Measurement of the W mass, CMS 2014 results, Phys. Lett. B 7 (2015) 1.",
			"aaaotttttttttocccccvoyopo", "Measurement of the W mass, CMS 2014 results"},
			/* ... not a name in brackets */
			{"Danks MK, Yalowich JC, Beck WT. Atypical multiple drug resistance in a cell line selected for resistance to teniposide (VM-26). Cancer Res 1987; 47:1297-1301.",
			"aaaaaaaaottttttttttttttttttoccyovopppo",
			"Atypical multiple drug resistance in a cell line selected for resistance to teniposide (VM-26)"},
			/* a document code glued to its bracket after the title's period */
			{"European Commission (2019). The European Green Deal. COM(2019) 640 final. Brussels.",
			"aaoyoottttttoyoppolo", "The European Green Deal"},
			/* a title run that ran on into the date and the journal, with no punctuation */
			{"Wu, Y., Takatsuka, M. Spherical self-organizing map using efficient indexed geodesic data structure 2006 Neural Networks 900--910",
			"aaaaaaaaattttttttttttpppp", "Spherical self-organizing map using efficient indexed geodesic data structure"},
			/* ... not a year in the title before a lower-case word */
			{"Smith, J. Migration 1990 and after in Europe. Eur J Pop 12, 1-9.",
			"aaaattttttocccvopppo", "Migration 1990 and after in Europe"},
			/* "In" after the title's period, the book's editors right after the run */
			{"Russo, J. 1997. The Formula. In A new Companion to Homer, ed. I. Morris and B. Powell, 238-260. Leiden: Brill.",
			"aaaayotttttttttoeeeeeeeeeopppolouo", "The Formula"},
			/* ... not without editors ("In Search of Lost Time" may be a title's subtitle) */
			{"Russo, J. 1997. The Formula. In Search of Homer. Leiden: Brill.",
			"aaaayotttttttolouo", "The Formula. In Search of Homer"},
			/* a title that reads like a series, with a publisher: a book */
			{"Folkman. 1985. Advances in Cancer Research. New York: Academic Press", "aoyottttollouu",
			"Advances in Cancer Research"},
		};

		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		{
			q = assemble_with(cases[i].raw, cases[i].labels, t, sizeof(t));
			CHECK(strcmp(q, "ok") == 0 && strcmp(t, cases[i].title) == 0, "title of \"%s\": %s \"%s\"",
				  cases[i].raw, q, t);
		}
	}
}

int
main(void)
{
	test_viterbi();
	test_viterbi_with();
	test_model_file();
	test_tokenizer();
	test_assembly();
	test_identifiers();
	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	printf("test_crf: all passed\n");
	return 0;
}
