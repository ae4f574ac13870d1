/*
 * pith.h -- declarations shared by pith's fmgr glue files in src.
 * The pure C cores in src/core/ never include this file.
 */
#ifndef PITH_H
#define PITH_H

/* canonical_json.c: canonical JSON text and sha256 digests (SPEC section 3) */
struct JsonbContainer;
struct varlena;
#define PITH_DIGEST_TEXT_LEN 71		/* "sha256:" + 64 lowercase hex digits */
/* canonical text of a jsonb container (&jb->root) as a text datum; size_hint = VARSIZE(jb) */
extern struct varlena *pith_canonical_text(struct JsonbContainer *jc, size_t size_hint);
/* "sha256:<hex>" of its canonical text without the named top-level keys; out has PITH_DIGEST_TEXT_LEN + 1 bytes */
extern void pith_canonical_digest(struct JsonbContainer *jc, const char *const *skip_keys,
								  int nskip, char *out);

/* sha256.c: the one SHA-256 helper (one context serves many digests) */
struct pg_cryptohash_ctx;
typedef struct pith_sha256
{
	struct pg_cryptohash_ctx *ctx;
} pith_sha256;
extern void pith_sha256_start(pith_sha256 *h);
extern void pith_sha256_restart(pith_sha256 *h);
extern void pith_sha256_feed(pith_sha256 *h, const void *data, size_t len);
extern void pith_sha256_finish_text(pith_sha256 *h, char *out);	/* PITH_DIGEST_TEXT_LEN + 1 bytes */
extern void pith_sha256_free(pith_sha256 *h);

/* record_jsonb.c: the jsonb of a record's canonical text (a NUL must follow its bytes) */
struct varlena;
extern Datum pith_record_text_to_jsonb(struct varlena *t);

/* --- identifier types (src/arxiv_id.c, src/doi.c) --- */

/* s[0..len) cut to at most 100 bytes at a character boundary, "..." added if cut, for error messages. */
extern char *pith_id_excerpt(const char *s, size_t len);

/* titles (src/title.c): define pith.title_similarity_threshold */
extern void pith_title_define_gucs(void);

/* reference.c: define pith.reference_model (the reference parser's model file) */
extern void pith_reference_define_gucs(void);

/* identifier.c: a new pith.arxiv_id / pith.doi value holding canonical text */
extern struct varlena *pith_identifier_make(const char *canon, size_t len);

/* render.c: the HTML escaper's interrupt check (CHECK_FOR_INTERRUPTS) */
extern void pith_html_escape_interrupts(void);

#endif							/* PITH_H */
