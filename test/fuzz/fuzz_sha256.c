/*
 * fuzz_sha256.c -- libFuzzer target for src/core/sha256_core.c: the digest
 * of the input is the same through the portable compression and the SHA-NI
 * one (where the CPU has it), and the same whether the input is fed at once
 * or cut into pieces (the cut points come from the input's first bytes), so
 * the buffering and padding agree for every length and alignment.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sha256_core.h"

/* The digest of data, fed in pieces of the given lengths (cycled; 0 = the rest). */
static void
digest(const uint8_t *data, size_t size, const uint8_t *cuts, size_t ncuts,
	   unsigned char out[PITH_SHA256_DIGEST])
{
	pith_sha256_state st;
	size_t		i = 0;
	size_t		c = 0;

	pith_sha256_init(&st);
	while (i < size)
	{
		size_t		n = ncuts > 0 ? cuts[c++ % ncuts] : 0;

		if (n == 0 || n > size - i)
			n = size - i;
		pith_sha256_update(&st, data + i, n);
		i += n;
	}
	pith_sha256_final(&st, out);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char whole[PITH_SHA256_DIGEST];
	unsigned char cut[PITH_SHA256_DIGEST];
	pith_sha256_blocks_fn fast = pith_sha256_blocks_accelerated();
	size_t		ncuts = size > 0 ? data[0] % 8 : 0;

	if (ncuts + 1 > size)
		ncuts = 0;
	pith_sha256_use(pith_sha256_blocks_portable);
	digest(data, size, NULL, 0, whole);
	digest(data, size, data + 1, ncuts, cut);
	if (memcmp(whole, cut, sizeof(whole)) != 0)
		abort();
	if (fast != NULL)
	{
		pith_sha256_use(fast);
		digest(data, size, data + 1, ncuts, cut);
		if (memcmp(whole, cut, sizeof(whole)) != 0)
			abort();
	}
	return 0;
}
