/*
 * crf_decode.c -- emission scores and Viterbi decoding (see crf_decode.h).
 * Scores are 32-bit and kept relative to the best of the previous token,
 * so no string length can overflow them; ties go to the lower label.
 * Back-pointers take one byte per token and label.
 */
#include "crf_decode.h"

#include <string.h>

size_t
pith_crf_viterbi_workspace(size_t ntok, size_t nlabels)
{
	return 3 * nlabels * sizeof(int32_t) + nlabels * sizeof(uint8_t) + ntok * nlabels + 16;
}

void
pith_crf_viterbi(const int32_t *emit, const int16_t *trans, size_t ntok, size_t nlabels,
				 uint8_t *path, void *work)
{
	int32_t    *prev = (int32_t *) work;
	int32_t    *cur = prev + nlabels;
	int32_t    *cand = cur + nlabels;
	uint8_t    *arg = (uint8_t *) (cand + nlabels);
	uint8_t    *back = arg + nlabels;
	const int16_t *start = trans + nlabels * nlabels;
	size_t		best = 0;

	if (ntok == 0)
		return;
	for (size_t y = 0; y < nlabels; y++)
		prev[y] = (int32_t) start[y] + emit[y];
	for (size_t t = 1; t < ntok; t++)
	{
		const int32_t *e = emit + t * nlabels;
		int32_t		top = prev[0];

		/*
		 * Scores are kept relative to the best one, so that 32 bits hold
		 * them whatever the length: a step moves them by at most the sum of
		 * one token's weights, far below 2^31.
		 */
		for (size_t x = 1; x < nlabels; x++)
			if (prev[x] > top)
				top = prev[x];
		for (size_t y = 0; y < nlabels; y++)
		{
			cand[y] = prev[0] - top + trans[y];
			arg[y] = 0;
		}
		/* x outer, y inner: each transition row is read in order */
		for (size_t x = 1; x < nlabels; x++)
		{
			const int16_t *row = trans + x * nlabels;
			int32_t		px = prev[x] - top;

			for (size_t y = 0; y < nlabels; y++)
			{
				int32_t		sc = px + row[y];

				if (sc > cand[y])
				{
					cand[y] = sc;
					arg[y] = (uint8_t) x;
				}
			}
		}
		for (size_t y = 0; y < nlabels; y++)
		{
			cur[y] = cand[y] + e[y];
			back[t * nlabels + y] = arg[y];
		}
		memcpy(prev, cur, nlabels * sizeof(int32_t));
	}
	for (size_t y = 1; y < nlabels; y++)
		if (prev[y] > prev[best])
			best = y;
	path[ntok - 1] = (uint8_t) best;
	for (size_t t = ntok - 1; t > 0; t--)
		path[t - 1] = back[t * nlabels + path[t]];
}

void
pith_crf_emit(const pith_crf_model *m, const uint32_t *feats, size_t nfeat, int32_t *emit_row)
{
	/*
	 * The table is megabytes large: most lookups miss the cache.  Asking
	 * for every slot first lets the misses overlap instead of queueing.
	 */
	for (size_t k = 0; k < nfeat; k++)
		pith_crf_model_prefetch(m, feats[k]);
	for (size_t k = 0; k < nfeat; k++)
	{
		const int16_t *row = pith_crf_model_row(m, feats[k]);

		if (row == NULL)
			continue;
		if (m->nlabels == 16)
		{
			/* the shipped model's label count: a fixed loop the compiler vectorises */
			for (size_t y = 0; y < 16; y++)
				emit_row[y] += row[y];
		}
		else
			for (size_t y = 0; y < m->nlabels; y++)
				emit_row[y] += row[y];
	}
}
