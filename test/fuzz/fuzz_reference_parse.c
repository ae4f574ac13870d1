/*
 * fuzz_reference_parse.c -- libFuzzer target for the reference parser:
 * tokenizer, features, Viterbi decoding and field assembly
 * (src/core/reference_parse.c and the ref_* / crf_* cores).  Any bytes go
 * in.  The model is made here, not read from a file: its features are
 * those of a few reference strings with pseudo-random weights (fixed seed),
 * so every label, and every sequence of labels, turns up in the decoded
 * paths and every branch of the field assembly gets exercised.  Checks: the
 * parse returns; every string it returns is NUL-terminated inside the
 * workspace; a title is given exactly when the quality is ok; the year is 0
 * or in 1500..2100; an arXiv id and a DOI it returns validate again with
 * the identifier cores, and a DOI starts with "10."; the authors are
 * non-empty strings.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"
#include "reference_parse.h"

static pith_crf_model *model;

static void *
malloc_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *) a,
				y = *(const uint32_t *) b;

	return x < y ? -1 : x > y;
}

/* A model over the features of a few strings, weights from a fixed-seed generator. */
static void
make_model(void)
{
	static const char *const texts[] = {
		"Devlin, J., Chang, M.-W. (2019). BERT: Pre-training of transformers. In Proc. NAACL (pp. 4171\xE2\x80\x93" "4186).",
		"M\xC3\xBCller, H. (Hrsg.) (2010): Soziale Ungleichheit. Wiesbaden: VS Verlag, S. 12-34.",
		"[3] E. Witten, \xE2\x80\x9C" "Anti-de Sitter space,\xE2\x80\x9D" " Adv. Theor. Math. Phys. 2 (1998) 253, arXiv:hep-th/9802150.",
		"Exxact.https://www.exxactcorp.com/, 2025 doi:10.1038/nature14539 Vol. 3, No. 4, et al. and others",
	};
	uint32_t   *keys = malloc(4096 * sizeof(uint32_t));
	size_t		nkeys = 0,
				w = 0;
	uint64_t	state = 0x9E3779B97F4A7C15ull;
	const uint32_t nl = (uint32_t) strlen(PITH_REF_LABELS);
	int16_t    *weights;
	int16_t		trans[(PITH_CRF_MAX_LABELS + 1) * PITH_CRF_MAX_LABELS];
	size_t		fsize;
	unsigned char *buf;
	char		err[256];

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
	{
		size_t		len = strlen(texts[i]);
		char	   *work = malloc(pith_ref_analysis_workspace(len));
		pith_ref_analysis a;

		pith_ref_analyze(texts[i], len, work, &a);
		for (size_t t = 0; t < a.ntok; t++)
		{
			uint32_t	f[PITH_REF_MAX_FEATURES];
			size_t		nf = pith_ref_features(a.info, a.ntok, t, f);

			for (size_t k = 0; k < nf && nkeys < 4096; k++)
				keys[nkeys++] = f[k];
		}
		free(work);
	}
	qsort(keys, nkeys, sizeof(uint32_t), cmp_u32);
	for (size_t i = 0; i < nkeys; i++)
		if (w == 0 || keys[i] != keys[w - 1])
			keys[w++] = keys[i];
	nkeys = w;
	weights = malloc(nkeys * nl * sizeof(int16_t));
	for (size_t i = 0; i < nkeys * nl; i++)
	{
		state ^= state >> 12;
		state ^= state << 25;
		state ^= state >> 27;
		weights[i] = (int16_t) ((state * 2685821657736338717ull) >> 48);
	}
	for (size_t i = 0; i < (size_t) (nl + 1) * nl; i++)
		trans[i] = (int16_t) ((i * 7919u) % 4001) - 2000;
	fsize = pith_crf_file_size(nl, (uint32_t) nkeys);
	buf = malloc(fsize);
	pith_crf_file_write(buf, PITH_REF_FEATURE_SCHEMA, PITH_REF_LABELS, nl, (uint32_t) nkeys, 1.0f,
						trans, keys, weights);
	model = pith_crf_model_load(buf, fsize, PITH_REF_FEATURE_SCHEMA, malloc_alloc, NULL, err, sizeof(err));
	if (!model)
		abort();
	free(buf);
	free(keys);
	free(weights);
}

/* Is s NULL, or a string that ends inside work[0..cap)? */
static int
inside(const char *s, const char *work, size_t cap)
{
	if (s == NULL)
		return 1;
	if (s < work || s >= work + cap)
		return 0;
	return memchr(s, '\0', (size_t) (work + cap - s)) != NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t		cap;
	char	   *work;
	pith_parsed_ref r;

	if (!model)
		make_model();
	cap = pith_reference_workspace(size, model);
	work = malloc(cap);
	pith_reference_parse(model, (const char *) data, size, work, &r);
	if (!inside(r.title, work, cap) || !inside(r.arxiv_id, work, cap) || !inside(r.doi, work, cap) ||
		!inside(r.url, work, cap) || !inside(r.malformed, work, cap) || !inside(r.container, work, cap) ||
		!inside(r.volume, work, cap) || !inside(r.issue, work, cap) || !inside(r.pages, work, cap) ||
		!inside(r.publisher, work, cap) || !inside(r.location, work, cap))
		abort();
	for (size_t i = 0; i < r.n_authors; i++)
		if (!inside(r.authors[i], work, cap) || r.authors[i][0] == '\0')
			abort();
	if ((r.title != NULL) != (r.quality == PITH_REF_OK))
		abort();
	if (r.year != 0 && (r.year < 1500 || r.year > 2100))
		abort();
	if (r.arxiv_id)
	{
		pith_arxiv_id id;

		if (!pith_arxiv_parse(r.arxiv_id, strlen(r.arxiv_id), &id, NULL, 0) || id.version != 0)
			abort();
	}
	if (r.doi)
	{
		size_t		n = strlen(r.doi),
					outlen,
					prefix_len;
		char	   *buf = malloc(n + 1);

		if (strncmp(r.doi, "10.", 3) != 0 ||
			pith_doi_parse(r.doi, n, buf, &outlen, &prefix_len, NULL, 0) != PITH_DOI_OK)
			abort();
		free(buf);
	}
	free(work);
	return 0;
}
