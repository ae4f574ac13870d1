/*
 * sha256_core.c -- SHA-256 of FIPS 180-4 (see sha256_core.h): the streaming
 * buffer and padding, the compression in portable C, and the same
 * compression with x86's SHA extensions (sha256rnds2, sha256msg1/2), picked
 * once at run time from CPUID.  Under valgrind (which hides SHA-NI from
 * CPUID) the portable code runs.
 */
#include "sha256_core.h"

#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define PITH_SHA256_X86 1
#endif

/* The round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
static const uint32_t K256[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

/* The initial chaining value. */
static const uint32_t H0[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};

static inline uint32_t
ror32(uint32_t x, unsigned n)
{
	return (x >> n) | (x << (32 - n));
}

static inline uint32_t
load_be32(const unsigned char *p)
{
	return ((uint32_t) p[0] << 24) | ((uint32_t) p[1] << 16) | ((uint32_t) p[2] << 8) | (uint32_t) p[3];
}

static inline void
store_be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char) (v >> 24);
	p[1] = (unsigned char) (v >> 16);
	p[2] = (unsigned char) (v >> 8);
	p[3] = (unsigned char) v;
}

/* The compression in portable C: a 16-word rolling message schedule. */
void
pith_sha256_blocks_portable(uint32_t h[8], const unsigned char *p, size_t nblocks)
{
	for (; nblocks > 0; nblocks--, p += PITH_SHA256_BLOCK)
	{
		uint32_t	w[16];
		uint32_t	a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
		int			t;

		for (t = 0; t < 64; t++)
		{
			uint32_t	wt;
			uint32_t	t1;
			uint32_t	t2;

			if (t < 16)
				wt = w[t] = load_be32(p + 4 * t);
			else
			{
				uint32_t	w15 = w[(t - 15) & 15];
				uint32_t	w2 = w[(t - 2) & 15];
				uint32_t	s0 = ror32(w15, 7) ^ ror32(w15, 18) ^ (w15 >> 3);
				uint32_t	s1 = ror32(w2, 17) ^ ror32(w2, 19) ^ (w2 >> 10);

				wt = w[t & 15] = w[t & 15] + s0 + w[(t - 7) & 15] + s1;
			}
			t1 = hh + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) + K256[t] + wt;
			t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
			hh = g;
			g = f;
			f = e;
			e = d + t1;
			d = c;
			c = b;
			b = a;
			a = t1 + t2;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
	}
}

#ifdef PITH_SHA256_X86

/*
 * The compression with SHA-NI.  sha256rnds2 does two rounds on the state
 * held as ABEF and CDGH (two registers), taking W+K of the two rounds from
 * the low half of its third operand; sha256msg1/msg2 extend the message
 * schedule four words at a time.
 */
/*
 * Four rounds: W+K of rounds 4g..4g+3 into wk; the first two rounds leave
 * the new ABEF in cdgh while the old ABEF is the new CDGH, the next two put
 * the names right again.
 */
#define SHANI_ROUNDS4(w, g) \
	do { \
		__m128i		wk = _mm_add_epi32((w), _mm_loadu_si128((const __m128i *) &K256[4 * (g)])); \
		cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk); \
		abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0E)); \
	} while (0)

/*
 * The next four schedule words into w0, from the four groups before them
 * (w0 the oldest): W[t] = W[t-16] + s0(W[t-15]) + W[t-7] + s1(W[t-2]).
 */
#define SHANI_SCHEDULE(w0, w1, w2, w3) \
	(w0) = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), \
											  _mm_alignr_epi8((w3), (w2), 4)), (w3))

__attribute__((target("sha,sse4.1,ssse3")))
static void
blocks_shani(uint32_t h[8], const unsigned char *p, size_t nblocks)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
	__m128i		dcba = _mm_loadu_si128((const __m128i *) &h[0]);
	__m128i		hgfe = _mm_loadu_si128((const __m128i *) &h[4]);
	__m128i		cdab = _mm_shuffle_epi32(dcba, 0xB1);
	__m128i		efgh = _mm_shuffle_epi32(hgfe, 0x1B);
	__m128i		abef = _mm_alignr_epi8(cdab, efgh, 8);
	__m128i		cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);

	for (; nblocks > 0; nblocks--, p += PITH_SHA256_BLOCK)
	{
		__m128i		abef_in = abef;
		__m128i		cdgh_in = cdgh;
		__m128i		w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (p + 0)), bswap);
		__m128i		w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (p + 16)), bswap);
		__m128i		w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (p + 32)), bswap);
		__m128i		w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *) (p + 48)), bswap);

		SHANI_ROUNDS4(w0, 0);
		SHANI_ROUNDS4(w1, 1);
		SHANI_ROUNDS4(w2, 2);
		SHANI_ROUNDS4(w3, 3);
		SHANI_SCHEDULE(w0, w1, w2, w3);
		SHANI_ROUNDS4(w0, 4);
		SHANI_SCHEDULE(w1, w2, w3, w0);
		SHANI_ROUNDS4(w1, 5);
		SHANI_SCHEDULE(w2, w3, w0, w1);
		SHANI_ROUNDS4(w2, 6);
		SHANI_SCHEDULE(w3, w0, w1, w2);
		SHANI_ROUNDS4(w3, 7);
		SHANI_SCHEDULE(w0, w1, w2, w3);
		SHANI_ROUNDS4(w0, 8);
		SHANI_SCHEDULE(w1, w2, w3, w0);
		SHANI_ROUNDS4(w1, 9);
		SHANI_SCHEDULE(w2, w3, w0, w1);
		SHANI_ROUNDS4(w2, 10);
		SHANI_SCHEDULE(w3, w0, w1, w2);
		SHANI_ROUNDS4(w3, 11);
		SHANI_SCHEDULE(w0, w1, w2, w3);
		SHANI_ROUNDS4(w0, 12);
		SHANI_SCHEDULE(w1, w2, w3, w0);
		SHANI_ROUNDS4(w1, 13);
		SHANI_SCHEDULE(w2, w3, w0, w1);
		SHANI_ROUNDS4(w2, 14);
		SHANI_SCHEDULE(w3, w0, w1, w2);
		SHANI_ROUNDS4(w3, 15);

		abef = _mm_add_epi32(abef, abef_in);
		cdgh = _mm_add_epi32(cdgh, cdgh_in);
	}

	{
		__m128i		feba = _mm_shuffle_epi32(abef, 0x1B);
		__m128i		dchg = _mm_shuffle_epi32(cdgh, 0xB1);

		dcba = _mm_blend_epi16(feba, dchg, 0xF0);
		hgfe = _mm_alignr_epi8(dchg, feba, 8);
		_mm_storeu_si128((__m128i *) &h[0], dcba);
		_mm_storeu_si128((__m128i *) &h[4], hgfe);
	}
}

/* Whether the CPU has SHA-NI, SSSE3 and SSE4.1. */
static int
cpu_has_shani(void)
{
	unsigned	eax,
				ebx,
				ecx,
				edx;

	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		return 0;
	if (!(ecx & bit_SSSE3) || !(ecx & bit_SSE4_1))
		return 0;
	if (__get_cpuid_max(0, NULL) < 7)
		return 0;
	__cpuid_count(7, 0, eax, ebx, ecx, edx);
	return (ebx & (1u << 29)) != 0;
}
#endif

/* The compression with the CPU's SHA extensions, or NULL. */
pith_sha256_blocks_fn
pith_sha256_blocks_accelerated(void)
{
#ifdef PITH_SHA256_X86
	if (cpu_has_shani())
		return blocks_shani;
#endif
	return NULL;
}

/* First use: pick the compression, then run it. */
static void
blocks_pick(uint32_t h[8], const unsigned char *p, size_t nblocks)
{
	pith_sha256_blocks_fn fn = pith_sha256_blocks_accelerated();

	pith_sha256_blocks = fn != NULL ? fn : pith_sha256_blocks_portable;
	pith_sha256_blocks(h, p, nblocks);
}

pith_sha256_blocks_fn pith_sha256_blocks = blocks_pick;

/* Make pith_sha256_update use one compression. */
void
pith_sha256_use(pith_sha256_blocks_fn fn)
{
	pith_sha256_blocks = fn != NULL ? fn : blocks_pick;
}

/* Start a digest. */
void
pith_sha256_init(pith_sha256_state *st)
{
	memcpy(st->h, H0, sizeof(H0));
	st->bytes = 0;
	st->buflen = 0;
}

/* Feed len bytes: whole blocks straight from the input, the rest through buf. */
void
pith_sha256_update(pith_sha256_state *st, const void *data, size_t len)
{
	const unsigned char *p = data;

	st->bytes += len;
	if (st->buflen > 0)
	{
		size_t		n = PITH_SHA256_BLOCK - st->buflen;

		if (len < n)
		{
			memcpy(st->buf + st->buflen, p, len);
			st->buflen += len;
			return;
		}
		memcpy(st->buf + st->buflen, p, n);
		pith_sha256_blocks(st->h, st->buf, 1);
		st->buflen = 0;
		p += n;
		len -= n;
	}
	if (len >= PITH_SHA256_BLOCK)
	{
		size_t		nblocks = len / PITH_SHA256_BLOCK;

		pith_sha256_blocks(st->h, p, nblocks);
		p += nblocks * PITH_SHA256_BLOCK;
		len -= nblocks * PITH_SHA256_BLOCK;
	}
	if (len > 0)
	{
		memcpy(st->buf, p, len);
		st->buflen = len;
	}
}

/* Finish: 0x80, zeros, and the message length in bits, big-endian. */
void
pith_sha256_final(pith_sha256_state *st, unsigned char out[PITH_SHA256_DIGEST])
{
	uint64_t	bits = st->bytes * 8;
	size_t		n = st->buflen;
	int			i;

	st->buf[n++] = 0x80;
	if (n > PITH_SHA256_BLOCK - 8)
	{
		memset(st->buf + n, 0, PITH_SHA256_BLOCK - n);
		pith_sha256_blocks(st->h, st->buf, 1);
		n = 0;
	}
	memset(st->buf + n, 0, PITH_SHA256_BLOCK - 8 - n);
	store_be32(st->buf + 56, (uint32_t) (bits >> 32));
	store_be32(st->buf + 60, (uint32_t) bits);
	pith_sha256_blocks(st->h, st->buf, 1);
	for (i = 0; i < 8; i++)
		store_be32(out + 4 * i, st->h[i]);
}
