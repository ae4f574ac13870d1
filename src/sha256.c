/*
 * sha256.c -- pith's one SHA-256 helper: PostgreSQL's own cryptohash
 * (OpenSSL's when the server is built with it), with every failure turned
 * into an ereport, and the "sha256:<hex>" text of SPEC section 3.  The
 * canonical JSON digests (src/canonical_json.c) and the record writer
 * (src/record_write.c, src/record_build.c) all hash through it; one context
 * serves many digests (pith_sha256_restart), since creating one costs more
 * than hashing a small observation.
 */
#include "postgres.h"

#include "common/cryptohash.h"
#include "common/sha2.h"

#include "core/canonical_json.h"
#include "pith.h"

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
	h->ctx = pg_cryptohash_create(PG_SHA256);
	if (h->ctx == NULL || pg_cryptohash_init(h->ctx) < 0)
		sha256_failed(h, "initialize");
}

/* Start a new digest in the same context. */
void
pith_sha256_restart(pith_sha256 *h)
{
	if (pg_cryptohash_init(h->ctx) < 0)
		sha256_failed(h, "initialize");
}

/* Feed len bytes. */
void
pith_sha256_feed(pith_sha256 *h, const void *data, size_t len)
{
	if (len > 0 && pg_cryptohash_update(h->ctx, (const uint8 *) data, len) < 0)
		sha256_failed(h, "compute");
}

/* Finish the digest; out receives "sha256:<64 hex>" and a NUL. */
void
pith_sha256_finish_text(pith_sha256 *h, char *out)
{
	uint8		digest[PG_SHA256_DIGEST_LENGTH];

	if (pg_cryptohash_final(h->ctx, digest, sizeof(digest)) < 0)
		sha256_failed(h, "finalize");
	pith_cj_digest_text(digest, out);
}

/* Release the context. */
void
pith_sha256_free(pith_sha256 *h)
{
	pg_cryptohash_free(h->ctx);
	h->ctx = NULL;
}
