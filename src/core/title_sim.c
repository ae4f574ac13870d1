/*
 * title_sim.c -- the fuzzy title score over two title keys ka and kb:
 *
 *     r = 2 * LCS / (|ka| + |kb|)        d = |ka| + |kb| - 2 * LCS
 *     score = r * S / (S + d)            S = PITH_TITLE_SIM_SLACK = 16
 *
 * r is the share of the two keys that lines up; d is the number of units
 * that do not (the insert/delete distance).  Damage that survives keying is
 * a unit or two (a letter lost in extraction), while a different work differs
 * by at least a word, so the second factor weighs the absolute distance
 * beside the relative one: one stray unit costs 6%, a replaced word ~30%.
 * LCS is computed with the bit-parallel recurrence (one machine word per 64
 * units of the shorter key): a pair of titles costs a few hundred word ops.
 */
#include "title_internal.h"

#include <string.h>

#include <unicode/ustring.h>

/* Units of distance at which the score halves (see the header comment). */
#define PITH_TITLE_SIM_SLACK 16.0

/* What ending one title at a soft cut costs: a whole match still wins. */
#define PITH_TITLE_CUT_FACTOR 0.97

/* Different numbers make different works: below any useful threshold. */
#define PITH_TITLE_NUMBER_FACTOR 0.8

/* Open-addressing table from a UTF-16 unit to its mask row. */
typedef struct sym_table
{
	int16_t		ascii[128];		/* row for ASCII units, -1 if absent */
	UChar	   *keys;			/* non-ASCII units, 0 = empty slot */
	int16_t    *rows;
	uint32_t	mask;			/* table size - 1 */
} sym_table;

/* Slot of unit u in the non-ASCII part of t. */
static uint32_t
sym_slot(const sym_table *t, UChar u)
{
	uint32_t	h = ((uint32_t) u * 2654435761u) & t->mask;

	while (t->keys[h] != 0 && t->keys[h] != u)
		h = (h + 1) & t->mask;
	return h;
}

/* Row of unit u, or -1. */
static int
sym_row(const sym_table *t, UChar u)
{
	uint32_t	h;

	if (u < 128)
		return t->ascii[u];
	h = sym_slot(t, u);
	return t->keys[h] == u ? t->rows[h] : -1;
}

/* Population count of a 64-bit word. */
static int
popcount64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
	return (int) ((x * 0x0101010101010101ULL) >> 56);
}

/* Number of zero bits among the first p bits of the vector v. */
static int32_t
zeros_below(const uint64_t *v, int32_t p)
{
	int32_t		i,
				ones = 0;

	for (i = 0; i < p / 64; i++)
		ones += popcount64(v[i]);
	if (p % 64 != 0)
		ones += popcount64(v[p / 64] & ~(~(uint64_t) 0 << (p % 64)));
	return p - ones;
}

/*
 * Length of the longest common subsequence of a[0..la) and b[0..lb), with
 * la <= PITH_TITLE_SIM_MAX; also, at no extra pass, that of each prefix
 * a[0..acut[k]) against b (into lcs_a[k]) and of a against each prefix
 * b[0..bcut[k]) (into lcs_b[k]); cuts ascending.  The bit vector holds, after
 * j units of b, a zero bit at each unit of a where LCS(a[0..i), b[0..j))
 * grows, so any prefix of a is a count of zeros.  Returns -1 when memory
 * runs out.
 */
static int32_t
lcs_length(const pith_title_env *env, const UChar *a, int32_t la,
		   const UChar *b, int32_t lb,
		   const int32_t *acut, int nac, int32_t *lcs_a,
		   const int32_t *bcut, int nbc, int32_t *lcs_b)
{
	int32_t		words = (la + 63) / 64;
	uint32_t	size = 16;
	sym_table	t;
	uint64_t   *masks,
			   *v;
	int			nrows = 0;
	int32_t		i,
				j,
				lcs;
	int			bk = 0;
	char	   *block;
	size_t		bytes;
	uint64_t	stack_block[512];	/* 4 kB, 8-byte aligned */

	while (size < (uint32_t) la * 2)
		size <<= 1;
	bytes = (size_t) size * (sizeof(UChar) + sizeof(int16_t)) +
		((size_t) la + 1) * words * sizeof(uint64_t);
	/* short keys (the common case) on the stack, longer ones allocated */
	if (bytes <= sizeof(stack_block))
		block = (char *) stack_block;
	else
	{
		block = pith_title_alloc(env, bytes, 1);
		if (!block)
			return -1;
	}
	/* mask rows first (8-byte aligned), then the table */
	masks = (uint64_t *) block;
	v = masks + (size_t) la * words;
	t.keys = (UChar *) (v + words);
	t.rows = (int16_t *) (t.keys + size);
	t.mask = size - 1;
	memset(t.ascii, 0xff, sizeof(t.ascii));
	memset(t.keys, 0, size * sizeof(UChar));

	for (i = 0; i < la; i++)
	{
		int			row = sym_row(&t, a[i]);

		if (row < 0)
		{
			row = nrows++;
			memset(masks + (size_t) row * words, 0, words * sizeof(uint64_t));
			if (a[i] < 128)
				t.ascii[a[i]] = (int16_t) row;
			else
			{
				uint32_t	h = sym_slot(&t, a[i]);

				t.keys[h] = a[i];
				t.rows[h] = (int16_t) row;
			}
		}
		masks[(size_t) row * words + i / 64] |= (uint64_t) 1 << (i % 64);
	}

	for (i = 0; i < words; i++)
		v[i] = ~(uint64_t) 0;
	while (bk < nbc && bcut[bk] <= 0)
		lcs_b[bk++] = 0;
	for (j = 0; j < lb; j++)
	{
		int			row = sym_row(&t, b[j]);

		if (row >= 0)
		{
			const uint64_t *m = masks + (size_t) row * words;
			uint64_t	carry = 0;

			if (words == 1)
			{
				uint64_t	u = v[0] & m[0];

				v[0] = (v[0] + u) | (v[0] & ~m[0]);
			}
			else
			{
				/* V = (V + (V & M)) | (V & ~M), the sum carried across words */
				for (i = 0; i < words; i++)
				{
					uint64_t	u = v[i] & m[i];
					uint64_t	sum = v[i] + u;
					uint64_t	c1 = sum < v[i];
					uint64_t	sum2 = sum + carry;
					uint64_t	c2 = sum2 < sum;

					v[i] = sum2 | (v[i] & ~m[i]);
					carry = c1 | c2;
				}
			}
		}
		while (bk < nbc && bcut[bk] == j + 1)
			lcs_b[bk++] = zeros_below(v, la);
	}
	while (bk < nbc)
		lcs_b[bk++] = zeros_below(v, la);
	for (i = 0; i < nac; i++)
		lcs_a[i] = zeros_below(v, acut[i] < la ? acut[i] : la);
	lcs = zeros_below(v, la);
	if (block != (char *) stack_block)
		env->release(block, env->arg);
	return lcs;
}

/*
 * The score of the key prefixes a[0..p) and b[0..q) with an LCS of lcs:
 * r * S / (S + d), see the header comment.
 */
static double
score_of(int32_t lcs, int32_t p, int32_t q)
{
	double		total = (double) p + (double) q;
	double		distance = total - 2.0 * lcs;	/* indel distance */

	if (p == 0 || q == 0)
		return 0.0;
	return (2.0 * lcs / total) * (PITH_TITLE_SIM_SLACK / (PITH_TITLE_SIM_SLACK + distance));
}

/* Drop the cuts at or beyond a truncated key length t (and keep the whole signature). */
static int
cuts_below(const pith_title_shape *sh, int32_t t)
{
	int			n = 0;

	while (n < sh->ncuts && sh->cut[n] < t)
		n++;
	return n;
}

/*
 * Score two keys given as UTF-16 units, with their shapes (NULL: no cuts,
 * numbers not known).  The best of: the whole keys; one key ended at one of
 * its soft cuts (times PITH_TITLE_CUT_FACTOR) against the whole other.  Any
 * of them whose two parts hold different numbers is multiplied by
 * PITH_TITLE_NUMBER_FACTOR.
 */
static pith_title_status
score_keys(const pith_title_env *env, const UChar *ka, int32_t la,
		   const pith_title_shape *sa, const UChar *kb, int32_t lb,
		   const pith_title_shape *sb, double *score, pith_title_err *err)
{
	int32_t		ta,
				tb,
				lcs;
	int32_t		lcs_a[PITH_TITLE_MAX_CUTS],
				lcs_b[PITH_TITLE_MAX_CUTS];
	static const pith_title_shape none;
	int			na,
				nb,
				k;
	uint64_t	fa,
				fb;
	double		best;

	if (la == 0 || lb == 0)
	{
		*score = 0.0;
		return PITH_TITLE_OK;
	}
	if (la == lb && memcmp(ka, kb, (size_t) la * sizeof(UChar)) == 0)
	{
		*score = 1.0;
		return PITH_TITLE_OK;
	}
	if (!sa || !sb)
		sa = sb = &none;
	ta = la < PITH_TITLE_SIM_MAX ? la : PITH_TITLE_SIM_MAX;
	tb = lb < PITH_TITLE_SIM_MAX ? lb : PITH_TITLE_SIM_MAX;
	/* a title a sure rule has ended already is not matched against a cut other */
	na = sb->hard_cut ? 0 : cuts_below(sa, ta);
	nb = sa->hard_cut ? 0 : cuts_below(sb, tb);
	/* LCS is symmetric; put the shorter key in the bit vectors */
	if (ta <= tb)
		lcs = lcs_length(env, ka, ta, kb, tb, sa->cut, na, lcs_a, sb->cut, nb, lcs_b);
	else
		lcs = lcs_length(env, kb, tb, ka, ta, sb->cut, nb, lcs_b, sa->cut, na, lcs_a);
	if (lcs < 0)
	{
		err->status = PITH_TITLE_NO_MEMORY;
		return PITH_TITLE_NO_MEMORY;
	}
	fa = sa->numsig[sa->ncuts];
	fb = sb->numsig[sb->ncuts];
	best = score_of(lcs, ta, tb) * (fa == fb ? 1.0 : PITH_TITLE_NUMBER_FACTOR);
	for (k = 0; k < na; k++)
	{
		double		s = score_of(lcs_a[k], sa->cut[k], tb) * PITH_TITLE_CUT_FACTOR *
			(sa->numsig[k] == fb ? 1.0 : PITH_TITLE_NUMBER_FACTOR);

		if (s > best)
			best = s;
	}
	for (k = 0; k < nb; k++)
	{
		double		s = score_of(lcs_b[k], ta, sb->cut[k]) * PITH_TITLE_CUT_FACTOR *
			(sb->numsig[k] == fa ? 1.0 : PITH_TITLE_NUMBER_FACTOR);

		if (s > best)
			best = s;
	}
	*score = best;
	/* only equal keys score 1 */
	if (*score >= 1.0)
		*score = 1.0 - 1e-9;
	return PITH_TITLE_OK;
}

/* See title_core.h: the score alone is pith_title_compare without the anchor. */
pith_title_status
pith_title_similarity(const pith_title_env *env, const char *a, size_t alen,
					  const char *b, size_t blen, double *score,
					  pith_title_err *err)
{
	return pith_title_compare(env, a, alen, b, blen, score, NULL, err);
}

/* Do the keys start, or end, with the same PITH_TITLE_ANCHOR code points? */
static int
shares_anchor(const UChar *ka, int32_t la, const UChar *kb, int32_t lb)
{
	int32_t		i = 0,
				j = 0;
	int			n;
	int			same = 1;

	/* heads: the first ANCHOR code points of each (all of a shorter key) */
	for (n = 0; n < PITH_TITLE_ANCHOR && (i < la || j < lb); n++)
	{
		UChar32		ca = -1,
					cb = -1;

		if (i < la)
			U16_NEXT(ka, i, la, ca);
		if (j < lb)
			U16_NEXT(kb, j, lb, cb);
		if (ca != cb)
		{
			same = 0;
			break;
		}
	}
	if (same)
		return 1;
	/* tails, walking backwards */
	i = la;
	j = lb;
	for (n = 0; n < PITH_TITLE_ANCHOR && (i > 0 || j > 0); n++)
	{
		UChar32		ca = -1,
					cb = -1;

		if (i > 0)
			U16_PREV(ka, 0, i, ca);
		if (j > 0)
			U16_PREV(kb, 0, j, cb);
		if (ca != cb)
			return 0;
	}
	return 1;
}

/* See title_core.h. */
pith_title_status
pith_title_compare(const pith_title_env *env, const char *a, size_t alen,
				   const char *b, size_t blen, double *score, int *shared,
				   pith_title_err *err)
{
	UChar	   *ka,
			   *kb;
	int32_t		la,
				lb;
	pith_title_shape sa,
				sb;
	pith_title_status st;

	/* the same text twice (a title against its catalog copy): one key */
	if (alen == blen && memcmp(a, b, alen) == 0)
	{
		st = pith_title_key_utf16(env, a, alen, &ka, &la, NULL, err);
		if (st != PITH_TITLE_OK)
			return st;
		*score = la > 0 ? 1.0 : 0.0;
		if (shared)
			*shared = la > 0;
		env->release(ka, env->arg);
		return PITH_TITLE_OK;
	}
	st = pith_title_key_utf16(env, a, alen, &ka, &la, &sa, err);
	if (st != PITH_TITLE_OK)
		return st;
	st = pith_title_key_utf16(env, b, blen, &kb, &lb, &sb, err);
	if (st != PITH_TITLE_OK)
	{
		env->release(ka, env->arg);
		return st;
	}
	st = score_keys(env, ka, la, &sa, kb, lb, &sb, score, err);
	if (shared)
		*shared = la > 0 && lb > 0 && shares_anchor(ka, la, kb, lb);
	env->release(ka, env->arg);
	env->release(kb, env->arg);
	return st;
}

/* See title_core.h. */
pith_title_status
pith_title_key_similarity(const pith_title_env *env, const char *ka, size_t kalen,
						  const char *kb, size_t kblen, double *score,
						  pith_title_err *err)
{
	UChar	   *ua,
			   *ub;
	int32_t		la = 0,
				lb = 0;
	UErrorCode	status = U_ZERO_ERROR;
	pith_title_status st;

	memset(err, 0, sizeof(*err));
	if (kalen > PITH_TITLE_MAX_INPUT || kblen > PITH_TITLE_MAX_INPUT)
	{
		err->status = PITH_TITLE_TOO_LONG;
		return PITH_TITLE_TOO_LONG;
	}
	ua = pith_title_alloc(env, kalen + 1, sizeof(UChar));
	ub = pith_title_alloc(env, kblen + 1, sizeof(UChar));
	if (!ua || !ub)
	{
		if (ua)
			env->release(ua, env->arg);
		if (ub)
			env->release(ub, env->arg);
		err->status = PITH_TITLE_NO_MEMORY;
		return PITH_TITLE_NO_MEMORY;
	}
	u_strFromUTF8WithSub(ua, (int32_t) kalen + 1, &la, ka, (int32_t) kalen, 0xFFFD, NULL, &status);
	if (!U_FAILURE(status))
		u_strFromUTF8WithSub(ub, (int32_t) kblen + 1, &lb, kb, (int32_t) kblen, 0xFFFD, NULL, &status);
	if (U_FAILURE(status))
	{
		env->release(ua, env->arg);
		env->release(ub, env->arg);
		err->status = PITH_TITLE_ICU_ERROR;
		err->icu_error = (int) status;
		err->icu_call = "u_strFromUTF8WithSub";
		return PITH_TITLE_ICU_ERROR;
	}
	st = score_keys(env, ua, la, NULL, ub, lb, NULL, score, err);
	env->release(ua, env->arg);
	env->release(ub, env->arg);
	return st;
}
