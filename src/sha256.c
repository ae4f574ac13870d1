/*
 * sha256.c -- pith's one SHA-256 helper and the "sha256:<hex>" text of SPEC
 * section 3.  The canonical JSON digests (src/canonical_json.c) and the
 * record writer (src/record_write.c, src/record_build.c) all hash through it.
 *
 * On a CPU with SHA extensions the hashing is pith's own
 * (src/core/sha256_core.c), as fast per byte as OpenSSL's and with no set-up:
 * PostgreSQL's cryptohash API costs a palloc, a resource-owner entry and the
 * EVP calls, about 7,000 instructions per digest (a record makes one per
 * observation), and with OpenSSL 3 a backend's first digest about 600,000
 * more (the provider look-up).  Elsewhere it is PostgreSQL's cryptohash
 * (OpenSSL's vectorized code is faster than portable C on long inputs).  The environment variable
 * PITH_SHA256 of the server overrides the choice, for measurements:
 * "portable" (pith's code without SHA extensions: what callgrind can count,
 * since valgrind hides SHA-NI) or "cryptohash".
 */
#include "postgres.h"

#include "common/cryptohash.h"
#include "common/sha2.h"

#include "core/canonical_json.h"
#include "pith.h"

/* Which SHA-256 this backend uses: decided at its first digest. */
typedef enum Sha256Impl
{
	SHA256_UNDECIDED,
	SHA256_OWN,					/* src/core/sha256_core.c */
	SHA256_CRYPTOHASH			/* PostgreSQL's pg_cryptohash (OpenSSL's, if built with it) */
} Sha256Impl;

static Sha256Impl sha256_impl = SHA256_UNDECIDED;

/* Decide which SHA-256 to use (see the header comment). */
static void
sha256_decide(void)
{
	const char *force = getenv("PITH_SHA256");
	pith_sha256_blocks_fn fast = pith_sha256_blocks_accelerated();

	if (force != NULL && strcmp(force, "portable") == 0)
	{
		pith_sha256_use(pith_sha256_blocks_portable);
		sha256_impl = SHA256_OWN;
	}
	else if (force != NULL && strcmp(force, "cryptohash") == 0)
		sha256_impl = SHA256_CRYPTOHASH;
	else if (fast != NULL)
	{
		pith_sha256_use(fast);
		sha256_impl = SHA256_OWN;
	}
	else
		sha256_impl = SHA256_CRYPTOHASH;
}

/* Raise the error of a failed cryptohash call. */
static void
sha256_failed(pith_sha256 *h, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_INTERNAL_ERROR),
			 errmsg("could not %s SHA-256 digest: %s", what,
					h->ctx ? pg_cryptohash_error(h->ctx) : "out of memory")));
}

/* Create a context and start a digest. */
void
pith_sha256_start(pith_sha256 *h)
{
	if (unlikely(sha256_impl == SHA256_UNDECIDED))
		sha256_decide();
	h->ctx = NULL;
	if (sha256_impl == SHA256_OWN)
	{
		pith_sha256_init(&h->st);
		return;
	}
	h->ctx = pg_cryptohash_create(PG_SHA256);
	if (h->ctx == NULL || pg_cryptohash_init(h->ctx) < 0)
		sha256_failed(h, "initialize");
}

/* Start a new digest in the same context. */
void
pith_sha256_restart(pith_sha256 *h)
{
	if (h->ctx == NULL)
		pith_sha256_init(&h->st);
	else if (pg_cryptohash_init(h->ctx) < 0)
		sha256_failed(h, "initialize");
}

/* Feed len bytes. */
void
pith_sha256_feed(pith_sha256 *h, const void *data, size_t len)
{
	if (h->ctx == NULL)
		pith_sha256_update(&h->st, data, len);
	else if (len > 0 && pg_cryptohash_update(h->ctx, (const uint8 *) data, len) < 0)
		sha256_failed(h, "compute");
}

/* Finish the digest; out receives "sha256:<64 hex>" and a NUL. */
void
pith_sha256_finish_text(pith_sha256 *h, char *out)
{
	uint8		digest[PG_SHA256_DIGEST_LENGTH];

	StaticAssertStmt(PITH_SHA256_DIGEST == PG_SHA256_DIGEST_LENGTH, "SHA-256 digest length");
	if (h->ctx == NULL)
		pith_sha256_final(&h->st, digest);
	else if (pg_cryptohash_final(h->ctx, digest, sizeof(digest)) < 0)
		sha256_failed(h, "finalize");
	pith_cj_digest_text(digest, out);
}

/* Release the context. */
void
pith_sha256_free(pith_sha256 *h)
{
	if (h->ctx != NULL)
		pg_cryptohash_free(h->ctx);
	h->ctx = NULL;
}
