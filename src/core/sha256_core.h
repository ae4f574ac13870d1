/*
 * sha256_core.h -- pure C core of pith's SHA-256 (FIPS 180-4): a streaming
 * context that needs no allocation and no library set-up, so one digest of a
 * short observation costs its compression rounds and little else.  The
 * compression uses the CPU's SHA extensions (x86 SHA-NI) when it has them,
 * checked once at run time, and portable C otherwise.  No PostgreSQL
 * headers: unit-tested on its own against the standard's test vectors.
 */
#ifndef PITH_CORE_SHA256_CORE_H
#define PITH_CORE_SHA256_CORE_H

#include <stddef.h>
#include <stdint.h>

#define PITH_SHA256_BLOCK 64
#define PITH_SHA256_DIGEST 32

/* One digest in progress. */
typedef struct pith_sha256_state
{
	uint32_t	h[8];			/* chaining value */
	uint64_t	bytes;			/* message length so far */
	size_t		buflen;			/* bytes waiting in buf (< 64) */
	unsigned char buf[PITH_SHA256_BLOCK];
} pith_sha256_state;

/* Compress nblocks 64-byte blocks at p into the chaining value h. */
typedef void (*pith_sha256_blocks_fn) (uint32_t h[8], const unsigned char *p, size_t nblocks);

/* Start a digest. */
void		pith_sha256_init(pith_sha256_state *st);

/* Feed len bytes. */
void		pith_sha256_update(pith_sha256_state *st, const void *data, size_t len);

/* Finish the digest into out (the state must be started again to reuse it). */
void		pith_sha256_final(pith_sha256_state *st, unsigned char out[PITH_SHA256_DIGEST]);

/* The compression in portable C. */
void		pith_sha256_blocks_portable(uint32_t h[8], const unsigned char *p, size_t nblocks);

/* The compression with the CPU's SHA extensions, or NULL where it has none. */
pith_sha256_blocks_fn pith_sha256_blocks_accelerated(void);

/* The compression pith_sha256_update uses (for tests: either of the two above). */
extern pith_sha256_blocks_fn pith_sha256_blocks;

/* Make pith_sha256_update use one compression (tests run both). */
void		pith_sha256_use(pith_sha256_blocks_fn fn);

#endif							/* PITH_CORE_SHA256_CORE_H */
