/*
 * crf_decode.c -- emission scores and Viterbi decoding (see crf_decode.h).
 * Scores are 64-bit sums of 16-bit weights: a 16 KB string cannot
 * overflow them.  Back-pointers take one byte per token and label.
 */
#include "crf_decode.h"

#include <string.h>

size_t
pith_crf_viterbi_workspace(size_t ntok, size_t nlabels)
{
	return 2 * nlabels * sizeof(int64_t) + ntok * nlabels + 16;
}

void
pith_crf_viterbi(const int32_t *emit, const int16_t *trans, size_t ntok, size_t nlabels,
				 uint8_t *path, void *work)
{
	int64_t    *prev = (int64_t *) work;
	int64_t    *cur = prev + nlabels;
	uint8_t    *back = (uint8_t *) (cur + nlabels);
	const int16_t *start = trans + nlabels * nlabels;
	size_t		best = 0;

	if (ntok == 0)
		return;
	for (size_t y = 0; y < nlabels; y++)
		prev[y] = (int64_t) start[y] + emit[y];
	for (size_t t = 1; t < ntok; t++)
	{
		const int32_t *e = emit + t * nlabels;

		for (size_t y = 0; y < nlabels; y++)
		{
			int64_t		bs = prev[0] + trans[y];
			size_t		bp = 0;

			for (size_t x = 1; x < nlabels; x++)
			{
				int64_t		s = prev[x] + trans[x * nlabels + y];

				if (s > bs)
				{
					bs = s;
					bp = x;
				}
			}
			cur[y] = bs + e[y];
			back[t * nlabels + y] = (uint8_t) bp;
		}
		memcpy(prev, cur, nlabels * sizeof(int64_t));
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
	for (size_t k = 0; k < nfeat; k++)
	{
		const int16_t *row = pith_crf_model_row(m, feats[k]);

		if (row)
			for (size_t y = 0; y < m->nlabels; y++)
				emit_row[y] += row[y];
	}
}
