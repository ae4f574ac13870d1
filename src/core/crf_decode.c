/*
 * crf_decode.c -- emission scores and Viterbi decoding (see crf_decode.h).
 * Scores are 32-bit and kept relative to the best of the previous token,
 * so no string length can overflow them; ties go to the lower label.
 * Every token's forward scores are kept (forward_scores), and the path is
 * found again from them on the way back (back_from): no back-pointers.
 */
#include "crf_decode.h"

#include <stdbool.h>
#include <string.h>

#if defined(__SSE2__) && !defined(PITH_CRF_NO_SIMD)
#include <emmintrin.h>
#define PITH_CRF_SSE2 1
#endif

/*
 * On x86 built with GCC or clang, the 16-label loops also come as AVX2
 * functions, chosen at run time when the processor has AVX2 (the build
 * itself needs no -mavx2).  Every variant computes the same integers.
 */
#if defined(PITH_CRF_SSE2) && !defined(PITH_CRF_NO_AVX2) && (defined(__GNUC__) || defined(__clang__)) && \
	(defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
#define PITH_CRF_AVX2 1
#define AVX2_FN __attribute__((target("avx2")))

static inline bool
have_avx2(void)
{
	return __builtin_cpu_supports("avx2");
}
#endif

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(p) __builtin_prefetch(p)
#else
#define PREFETCH(p) ((void) (p))
#endif

/* Features looked up per batch in pith_crf_emit. */
#define PITH_CRF_EMIT_BATCH 128

size_t
pith_crf_viterbi_workspace(size_t ntok, size_t nlabels)
{
	/*
	 * pith_crf_viterbi keeps every token's forward scores (ntok x nlabels);
	 * pith_crf_viterbi_with two passes of them and the reversed emissions
	 */
	return 3 * ntok * nlabels * sizeof(int32_t) + 16;
}


/*
 * The labels of tokens t-1 .. 0 of the best path that has label y at
 * token t, from a forward pass's scores (hist, ntok x nl, as forward_scores
 * computes them): each the lowest previous label with the best score.
 * With `reversed`, the pass ran over the string backwards (its step k is
 * token ntok-1-k) and the labels go to their tokens in the string's order.
 */
static void
back_from(const int32_t *tr, const int32_t *hist, size_t nl, size_t t, size_t y, uint8_t *path,
		  bool reversed, size_t ntok)
{
	for (; t > 0; t--)
	{
		const int32_t *prev = hist + (t - 1) * nl;
		size_t		arg = 0;
		int32_t		sc = prev[0] + tr[y];

		/* the shift by the best score leaves the order of these sums as it is */
		for (size_t x = 1; x < nl; x++)
			if (prev[x] + tr[x * nl + y] > sc)
			{
				sc = prev[x] + tr[x * nl + y];
				arg = x;
			}
		path[reversed ? ntok - t : t - 1] = (uint8_t) arg;
		y = arg;
	}
}

static void forward_scores(const int32_t *emit, const int32_t *tr, size_t ntok, size_t nl,
						   int32_t *hist);

/* The best of one token's scores. */
static inline int32_t
top_of(const int32_t *row, size_t nl)
{
	int32_t		top = row[0];

	for (size_t x = 1; x < nl; x++)
		if (row[x] > top)
			top = row[x];
	return top;
}

#ifdef PITH_CRF_SSE2
/* Lanes of m from a, the others from b. */
static inline __m128i
pick(__m128i m, __m128i a, __m128i b)
{
	return _mm_or_si128(_mm_and_si128(m, a), _mm_andnot_si128(m, b));
}

/*
 * forward_scores for 16 labels (the reference labeller's count), four
 * labels per SSE2 operation (eight with AVX2): the same sums as the scalar
 * loop of forward_scores, so the same path.
 */
static void
forward16_sse2(const int32_t *emit, const int32_t *tr, size_t ntok, int32_t *hist)
{
	for (size_t y = 0; y < 16; y++)
		hist[y] = tr[16 * 16 + y] + emit[y];
	for (size_t t = 1; t < ntok; t++)
	{
		const int32_t *prev = hist + (t - 1) * 16;
		const int32_t *e = emit + t * 16;
		int32_t		top = top_of(prev, 16);
		__m128i		c0,
					c1,
					c2,
					c3;

#define ROW(x, j) _mm_load_si128((const __m128i *) (const void *) (tr + (x) * 16 + 4 * (j)))
		{
			__m128i		p0 = _mm_set1_epi32(prev[0] - top);

			c0 = _mm_add_epi32(p0, ROW(0, 0));
			c1 = _mm_add_epi32(p0, ROW(0, 1));
			c2 = _mm_add_epi32(p0, ROW(0, 2));
			c3 = _mm_add_epi32(p0, ROW(0, 3));
		}
		for (size_t x = 1; x < 16; x++)
		{
			__m128i		px = _mm_set1_epi32(prev[x] - top);
			__m128i		s0 = _mm_add_epi32(px, ROW(x, 0)),
						s1 = _mm_add_epi32(px, ROW(x, 1)),
						s2 = _mm_add_epi32(px, ROW(x, 2)),
						s3 = _mm_add_epi32(px, ROW(x, 3));

			c0 = pick(_mm_cmpgt_epi32(s0, c0), s0, c0);
			c1 = pick(_mm_cmpgt_epi32(s1, c1), s1, c1);
			c2 = pick(_mm_cmpgt_epi32(s2, c2), s2, c2);
			c3 = pick(_mm_cmpgt_epi32(s3, c3), s3, c3);
		}
#undef ROW
#define EMIT(j) _mm_loadu_si128((const __m128i *) (const void *) (e + 4 * (j)))
#define HIST(j) ((__m128i *) (void *) (hist + t * 16 + 4 * (j)))
		_mm_storeu_si128(HIST(0), _mm_add_epi32(c0, EMIT(0)));
		_mm_storeu_si128(HIST(1), _mm_add_epi32(c1, EMIT(1)));
		_mm_storeu_si128(HIST(2), _mm_add_epi32(c2, EMIT(2)));
		_mm_storeu_si128(HIST(3), _mm_add_epi32(c3, EMIT(3)));
#undef EMIT
#undef HIST
	}
}

#ifdef PITH_CRF_AVX2
AVX2_FN static void
forward16_avx2(const int32_t *emit, const int32_t *tr, size_t ntok, int32_t *hist)
{
	for (size_t y = 0; y < 16; y++)
		hist[y] = tr[16 * 16 + y] + emit[y];
	for (size_t t = 1; t < ntok; t++)
	{
		const int32_t *prev = hist + (t - 1) * 16;
		const int32_t *e = emit + t * 16;
		int32_t		top = top_of(prev, 16);
		__m256i		p0 = _mm256_set1_epi32(prev[0] - top);
		__m256i		lo = _mm256_add_epi32(p0, _mm256_load_si256((const __m256i *) (const void *) tr)),
					hi = _mm256_add_epi32(p0, _mm256_load_si256((const __m256i *) (const void *) (tr + 8)));

		for (size_t x = 1; x < 16; x++)
		{
			__m256i		px = _mm256_set1_epi32(prev[x] - top);

			lo = _mm256_max_epi32(lo, _mm256_add_epi32(px, _mm256_load_si256((const __m256i *) (const void *) (tr + x * 16))));
			hi = _mm256_max_epi32(hi, _mm256_add_epi32(px, _mm256_load_si256((const __m256i *) (const void *) (tr + x * 16 + 8))));
		}
		_mm256_storeu_si256((__m256i *) (void *) (hist + t * 16),
							_mm256_add_epi32(lo, _mm256_loadu_si256((const __m256i *) (const void *) e)));
		_mm256_storeu_si256((__m256i *) (void *) (hist + t * 16 + 8),
							_mm256_add_epi32(hi, _mm256_loadu_si256((const __m256i *) (const void *) (e + 8))));
	}
}
#endif

/* forward16 in the fastest form the processor has. */
static void
forward16(const int32_t *emit, const int32_t *tr, size_t ntok, int32_t *hist)
{
#ifdef PITH_CRF_AVX2
	if (have_avx2())
		forward16_avx2(emit, tr, ntok, hist);
	else
#endif
		forward16_sse2(emit, tr, ntok, hist);
}


#endif

void
pith_crf_viterbi(const int32_t *emit, const int16_t *trans, size_t ntok, size_t nlabels,
				 uint8_t *path, void *work)
{
	int32_t		tr[(PITH_CRF_MAX_LABELS + 1) * PITH_CRF_MAX_LABELS] __attribute__((aligned(32)));
	int32_t    *hist = (int32_t *) (((uintptr_t) work + 7) & ~(uintptr_t) 7);
	const int32_t *last;
	size_t		best = 0;

	if (ntok == 0 || nlabels > PITH_CRF_MAX_LABELS)
		return;
	for (size_t i = 0; i < (nlabels + 1) * nlabels; i++)
		tr[i] = trans[i];
	forward_scores(emit, tr, ntok, nlabels, hist);
	last = hist + (ntok - 1) * nlabels;
	for (size_t y = 1; y < nlabels; y++)
		if (last[y] > last[best])
			best = y;
	path[ntok - 1] = (uint8_t) best;
	back_from(tr, hist, nlabels, ntok - 1, best, path, false, ntok);
}

int64_t
pith_crf_path_score(const int32_t *emit, const int16_t *trans, size_t ntok, size_t nlabels,
					const uint8_t *path)
{
	int64_t		sc;

	if (ntok == 0)
		return 0;
	sc = (int64_t) trans[nlabels * nlabels + path[0]] + emit[path[0]];
	for (size_t t = 1; t < ntok; t++)
		sc += (int64_t) trans[path[t - 1] * nlabels + path[t]] + emit[t * nlabels + path[t]];
	return sc;
}

/*
 * The forward scores of every token (hist, ntok x nl): hist[0][y] = start
 * + emission, then each token's best sum over the previous token's labels,
 * kept relative to the previous token's best (so hist[t] + the sum of the
 * bests of hist[0..t-1] is the best score of a path of tokens 0..t ending
 * in y).  The same integers as forward16; tr is (nl + 1) x nl, widened.
 */
static void
forward_scores(const int32_t *emit, const int32_t *tr, size_t ntok, size_t nl, int32_t *hist)
{
#ifdef PITH_CRF_SSE2
	if (nl == 16)
	{
		forward16(emit, tr, ntok, hist);
		return;
	}
#endif
	for (size_t y = 0; y < nl; y++)
		hist[y] = tr[nl * nl + y] + emit[y];
	for (size_t t = 1; t < ntok; t++)
	{
		const int32_t *prev = hist + (t - 1) * nl;
		int32_t		top = top_of(prev, nl);

		for (size_t y = 0; y < nl; y++)
		{
			int32_t		c = prev[0] - top + tr[y];

			for (size_t x = 1; x < nl; x++)
				if (prev[x] - top + tr[x * nl + y] > c)
					c = prev[x] - top + tr[x * nl + y];
			hist[t * nl + y] = c + emit[t * nl + y];
		}
	}
}

/*
 * Two forward passes: F over the string (best score of tokens 0..t ending
 * in label y), G over the string reversed with the transitions transposed
 * and no start score (best score of tokens t..end starting in y).  The
 * best path with `must` at token t scores F + G - emit[t][must]; the
 * earliest best t wins, and its path is backtracked both ways from
 * (t, must).  Each pass keeps scores relative to each token's best, so its
 * offsets (the running sum of those bests) are added back in 64 bits.
 */
int64_t
pith_crf_viterbi_with(const int32_t *emit, const int16_t *trans, size_t ntok, size_t nlabels,
					  size_t must, uint8_t *path, void *work)
{
	int32_t		tr[(PITH_CRF_MAX_LABELS + 1) * PITH_CRF_MAX_LABELS] __attribute__((aligned(32)));
	int32_t		trt[(PITH_CRF_MAX_LABELS + 1) * PITH_CRF_MAX_LABELS] __attribute__((aligned(32)));
	size_t		nl = nlabels;
	int32_t    *hf = (int32_t *) (((uintptr_t) work + 7) & ~(uintptr_t) 7),
			   *hg = hf + ntok * nl,
			   *rev = hg + ntok * nl;
	int64_t		offf = 0,
				offg = 0,
				best = INT64_MIN;
	size_t		at = 0;

	if (ntok == 0 || must >= nl || nl > PITH_CRF_MAX_LABELS)
		return INT64_MIN;
	for (size_t i = 0; i < (nl + 1) * nl; i++)
		tr[i] = trans[i];
	for (size_t x = 0; x < nl; x++)
		for (size_t y = 0; y < nl; y++)
			trt[x * nl + y] = tr[y * nl + x];
	memset(trt + nl * nl, 0, nl * sizeof(int32_t));
	for (size_t t = 0; t < ntok; t++)
		memcpy(rev + t * nl, emit + (ntok - 1 - t) * nl, nl * sizeof(int32_t));
	forward_scores(emit, tr, ntok, nl, hf);
	forward_scores(rev, trt, ntok, nl, hg);
	/* G's offsets run from the string's end: sum them all, then peel */
	for (size_t k = 0; k + 1 < ntok; k++)
		offg += top_of(hg + k * nl, nl);
	for (size_t t = 0; t < ntok; t++)
	{
		size_t		k = ntok - 1 - t;	/* the token's step in the reversed pass */
		int64_t		sc = (int64_t) hf[t * nl + must] + offf +
			(int64_t) hg[k * nl + must] + offg - emit[t * nl + must];

		if (sc > best)
		{
			best = sc;
			at = t;
		}
		offf += top_of(hf + t * nl, nl);
		if (k > 0)
			offg -= top_of(hg + (k - 1) * nl, nl);
	}
	path[at] = (uint8_t) must;
	back_from(tr, hf, nl, at, must, path, false, ntok);
	back_from(trt, hg, nl, ntok - 1 - at, must, path, true, ntok);
	return best;
}

#ifdef PITH_CRF_SSE2
/* The 16-label sum of pith_crf_emit: 16 sums in four registers. */
static void
emit16_sse2(const int16_t *const *rows, size_t n, int32_t *emit_row)
{
	__m128i		acc[4];

	for (int j = 0; j < 4; j++)
		acc[j] = _mm_loadu_si128((const __m128i *) (const void *) (emit_row + 4 * j));
	for (size_t k = 0; k < n; k++)
	{
		const int16_t *row = rows[k];
		__m128i		lo,
					hi;

		lo = _mm_loadu_si128((const __m128i *) (const void *) row);
		hi = _mm_loadu_si128((const __m128i *) (const void *) (row + 8));
		/* sign-extend each i16 to i32: the value in the top half, shifted down */
		acc[0] = _mm_add_epi32(acc[0], _mm_srai_epi32(_mm_unpacklo_epi16(lo, lo), 16));
		acc[1] = _mm_add_epi32(acc[1], _mm_srai_epi32(_mm_unpackhi_epi16(lo, lo), 16));
		acc[2] = _mm_add_epi32(acc[2], _mm_srai_epi32(_mm_unpacklo_epi16(hi, hi), 16));
		acc[3] = _mm_add_epi32(acc[3], _mm_srai_epi32(_mm_unpackhi_epi16(hi, hi), 16));
	}
	for (int j = 0; j < 4; j++)
		_mm_storeu_si128((__m128i *) (void *) (emit_row + 4 * j), acc[j]);
}
#endif

#ifdef PITH_CRF_AVX2
AVX2_FN static void
emit16_avx2(const int16_t *const *rows, size_t n, int32_t *emit_row)
{
	__m256i		lo = _mm256_loadu_si256((const __m256i *) (const void *) emit_row),
				hi = _mm256_loadu_si256((const __m256i *) (const void *) (emit_row + 8));

	for (size_t k = 0; k < n; k++)
	{
		const int16_t *row = rows[k];

		lo = _mm256_add_epi32(lo, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *) (const void *) row)));
		hi = _mm256_add_epi32(hi, _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *) (const void *) (row + 8))));
	}
	_mm256_storeu_si256((__m256i *) (void *) emit_row, lo);
	_mm256_storeu_si256((__m256i *) (void *) (emit_row + 8), hi);
}
#endif

void
pith_crf_emit(const pith_crf_model *m, const uint32_t *feats, size_t nfeat, int32_t *emit_row)
{
	uint32_t	slots[PITH_CRF_EMIT_BATCH];
	const int16_t *rows[PITH_CRF_EMIT_BATCH];

	/*
	 * The table and the rows are megabytes large: most lookups miss the
	 * cache.  Asking for every slot first, then for every row found, lets
	 * the misses overlap instead of queueing; each key is hashed once.
	 */
	while (nfeat > 0)
	{
		size_t		n = nfeat < PITH_CRF_EMIT_BATCH ? nfeat : PITH_CRF_EMIT_BATCH,
					found = 0;

		for (size_t k = 0; k < n; k++)
		{
			slots[k] = pith_crf_model_slot(m, feats[k]);
			PREFETCH(m->slots + 2 * (size_t) slots[k]);
		}
		for (size_t k = 0; k < n; k++)
		{
			const int16_t *row = pith_crf_model_row_at(m, feats[k], slots[k]);

			if (row != NULL)
			{
				PREFETCH(row);
				rows[found++] = row;
			}
		}
#ifdef PITH_CRF_AVX2
		if (m->nlabels == 16 && have_avx2())
			emit16_avx2(rows, found, emit_row);
		else
#endif
#ifdef PITH_CRF_SSE2
		if (m->nlabels == 16)
			emit16_sse2(rows, found, emit_row);
		else
#endif
			for (size_t k = 0; k < found; k++)
				for (size_t y = 0; y < m->nlabels; y++)
					emit_row[y] += rows[k][y];
		feats += n;
		nfeat -= n;
	}
}
