/*
 * fuzz_refsplit.c -- libFuzzer target for the reference splitter
 * (src/core/refsec_lines.c, src/core/refsec_split.c), with the installed
 * line labeller model (model/pith_refsplit.model, read once) and with the
 * rule-based fallback.  Any bytes go in.  Checks: the split returns; the
 * references' spans lie inside the input, in order and without overlap;
 * each text is NUL-terminated with the length given, no longer than its
 * span and never starts or ends with a blank; the status agrees with the
 * count; every labelled line got b, i or o.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_model.h"
#include "refsec_split.h"

static void *blocks = NULL;

static void *
arena_alloc(void *ctx, size_t n)
{
	void	  **b = malloc(sizeof(void *) * 2 + n);

	if (!b)
		abort();
	b[0] = blocks;
	blocks = b;
	return b + 2;
}

static void
arena_reset(void)
{
	while (blocks)
	{
		void	  **b = blocks;

		blocks = b[0];
		free(b);
	}
}

static void *
plain_alloc(void *ctx, size_t n)
{
	return malloc(n);
}

static const pith_crf_model *
model(void)
{
	static pith_crf_model *m = NULL;
	static int	tried = 0;

	if (!tried)
	{
		/* test/fuzz/run starts the target in out/test/fuzz or out/fuzz */
		static const char *const paths[] = {
			"model/pith_refsplit.model", "../../model/pith_refsplit.model",
			"../../../model/pith_refsplit.model", NULL
		};
		FILE	   *f = NULL;
		char		err[256];

		tried = 1;
		for (int k = 0; paths[k] && !f; k++)
			f = fopen(paths[k], "rb");
		if (!f)
			fprintf(stderr, "fuzz_refsplit: model/pith_refsplit.model not found; the rule-based labeller only\n");
		if (f)
		{
			unsigned char *buf = malloc(1 << 22);
			size_t		n = fread(buf, 1, 1 << 22, f);

			fclose(f);
			m = pith_crf_model_load(buf, n, PITH_REFSPLIT_FEATURE_SCHEMA, plain_alloc, NULL, err, sizeof(err));
			free(buf);
		}
	}
	return m;
}

static void
check(const uint8_t *data, size_t size, const pith_crf_model *m, int whole)
{
	pith_refsplit_env env = {m, arena_alloc, NULL, NULL, NULL};
	pith_refsplit_result r;
	uint32_t	prev_end = 0;

	if (whole)
		pith_refsplit_text(&env, (const char *) data, size, &r);
	else
		pith_refsplit_section_only(&env, (const char *) data, size, &r);
	if ((r.status == PITH_REFSPLIT_OK) != (r.nrefs > 0) || r.reason == NULL)
		abort();
	for (size_t i = 0; i < r.nrefs; i++)
	{
		const pith_refsplit_ref *x = &r.refs[i];

		if (x->start >= x->end || x->end > size || x->start < prev_end)
			abort();
		if (strlen(x->text) != x->len || x->len == 0 || x->len > x->end - x->start)
			abort();
		if (x->text[0] == ' ' || x->text[x->len - 1] == ' ')
			abort();
		prev_end = x->end;
	}
	for (size_t i = 0; i < r.nlines; i++)
		if (r.labels[i] != 'b' && r.labels[i] != 'i' && r.labels[i] != 'o')
			abort();
	arena_reset();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	check(data, size, model(), 1);
	check(data, size, NULL, 1);
	check(data, size, model(), 0);
	return 0;
}
