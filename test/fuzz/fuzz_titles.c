/*
 * fuzz_titles.c -- libFuzzer target for the title cores (src/core/title_*.c).
 *
 * The input is split at its first 0xFF byte into titles a and b (any bytes;
 * invalid UTF-8 must be handled, not trusted).  Checks: normalization and
 * keys succeed and are idempotent on their own output (normalizing a
 * normalized title or keying a key changes nothing); a key has no spaces;
 * the score is in [0, 1], symmetric, 1 for a title against itself when its
 * key is not empty, and 1 exactly when the two keys are equal (soft cuts
 * included: ending a title at a cut never reaches 1).  Number rule: a title
 * with " II" appended and the same with " III" appended, when their keys
 * differ, score at most 0.8 (different volumes are different works).
 * Keys and scores through the byte path (pure ASCII) and the table path
 * (mostly ASCII) equal those through the general ICU path, for any input.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "title_core.h"

/* malloc-backed allocator for the core. */
static void *
fz_alloc(size_t size, void *arg)
{
	(void) arg;
	return malloc(size);
}

/* Matching release. */
static void
fz_release(void *ptr, void *arg)
{
	(void) arg;
	free(ptr);
}

static const pith_title_env env = {fz_alloc, fz_release, NULL, NULL};

/* Run one core call that returns a string; abort unless it succeeded. */
static char *
must(pith_title_status (*fn) (const pith_title_env *, const char *, size_t, char **, size_t *, pith_title_err *),
	 const char *s, size_t len, size_t *outlen)
{
	char	   *out = NULL;
	pith_title_err err;

	if (fn(&env, s, len, &out, outlen, &err) != PITH_TITLE_OK || out == NULL)
		abort();
	if (strlen(out) != *outlen)
		abort();
	return out;
}

/* The score of two titles; abort unless it is a number in [0, 1]. */
static double
score(const char *a, size_t alen, const char *b, size_t blen)
{
	double		s = -1;
	pith_title_err err;

	if (pith_title_similarity(&env, a, alen, b, blen, &s, &err) != PITH_TITLE_OK)
		abort();
	if (!(s >= 0.0 && s <= 1.0) || isnan(s))
		abort();
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *a = (const char *) data,
			   *cut = memchr(data, 0xFF, size),
			   *b;
	size_t		alen = cut ? (size_t) (cut - a) : size,
				blen,
				nlen,
				n2len,
				kalen,
				kblen,
				k2len;
	char	   *na,
			   *na2,
			   *ka,
			   *kb,
			   *ka2;
	double		sab,
				sba;

	b = cut ? cut + 1 : a + size;
	blen = cut ? size - alen - 1 : 0;

	na = must(pith_title_normalize, a, alen, &nlen);
	na2 = must(pith_title_normalize, na, nlen, &n2len);
	if (n2len != nlen || memcmp(na, na2, nlen) != 0)
		abort();				/* normalization is idempotent */

	ka = must(pith_title_key, a, alen, &kalen);
	kb = must(pith_title_key, b, blen, &kblen);
	if (memchr(ka, ' ', kalen) != NULL)
		abort();

	sab = score(a, alen, b, blen);
	sba = score(b, blen, a, alen);
	if (sab != sba)
		abort();
	if ((sab == 1.0) != (kalen > 0 && kalen == kblen && memcmp(ka, kb, kalen) == 0))
		abort();
	if (kalen > 0 && score(a, alen, a, alen) != 1.0)
		abort();

	ka2 = must(pith_title_key, ka, kalen, &k2len);
	(void) ka2;

	/*
	 * Pure ASCII takes a byte path and mostly ASCII text the table path:
	 * the ICU path must give the same keys and the same score (soft cuts
	 * and numbers included), whatever the bytes.
	 */
	{
		double		icu;
		char	   *ika,
				   *ikb;
		size_t		ikalen,
					ikblen;

		pith_title_force_icu = 1;
		icu = score(a, alen, b, blen);
		ika = must(pith_title_key, a, alen, &ikalen);
		ikb = must(pith_title_key, b, blen, &ikblen);
		pith_title_force_icu = 0;
		if (icu != sab)
			abort();
		if (ikalen != kalen || memcmp(ika, ka, kalen) != 0 ||
			ikblen != kblen || memcmp(ikb, kb, kblen) != 0)
			abort();
		free(ika);
		free(ikb);
	}

	if (kalen > 0 && alen < 4096)
	{
		char	   *a2 = malloc(alen + 5),
				   *a3 = malloc(alen + 5),
				   *k2,
				   *k3;
		size_t		k2len2,
					k3len;

		memcpy(a2, a, alen);
		memcpy(a2 + alen, " II", 3);
		memcpy(a3, a, alen);
		memcpy(a3 + alen, " III", 4);
		k2 = must(pith_title_key, a2, alen + 3, &k2len2);
		k3 = must(pith_title_key, a3, alen + 4, &k3len);
		if ((k2len2 != k3len || memcmp(k2, k3, k3len) != 0) &&
			score(a2, alen + 3, a3, alen + 4) > 0.8 + 1e-12)
			abort();
		free(a2);
		free(a3);
		free(k2);
		free(k3);
	}

	free(na);
	free(na2);
	free(ka);
	free(kb);
	free(ka2);
	return 0;
}
