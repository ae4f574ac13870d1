/*
 * pith.h -- declarations shared by pith's fmgr glue files in src.
 * The pure C cores in src/core/ never include this file.
 */
#ifndef PITH_H
#define PITH_H

/*
 * Include after postgres.h.  Since PostgreSQL 16 the varlena macros
 * (VARDATA, VARSIZE_ANY_EXHDR, SET_VARSIZE, ...) live in varatt.h, which
 * postgres.h no longer includes; on 15 they come with postgres.h.
 */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif
#include "fmgr.h"				/* FunctionCallInfo, for the identifier helpers */

/* canonical_json.c: canonical JSON text and sha256 digests (docs/record-v1.md) */
struct JsonbContainer;
struct varlena;
#define PITH_DIGEST_TEXT_LEN 71		/* "sha256:" + 64 lowercase hex digits */
/* canonical text of a jsonb container (&jb->root) as a text datum; size_hint = VARSIZE(jb) */
extern struct varlena *pith_canonical_text(struct JsonbContainer *jc, size_t size_hint);
/* "sha256:<hex>" of its canonical text without the named top-level keys; out has PITH_DIGEST_TEXT_LEN + 1 bytes */
extern void pith_canonical_digest(struct JsonbContainer *jc, const char *const *skip_keys,
								  int nskip, char *out);

/* sha256.c: the one SHA-256 helper (src/core/sha256_core.c with SHA-NI, else PostgreSQL's cryptohash) */
#include "sha256_core.h"
struct pg_cryptohash_ctx;
typedef struct pith_sha256
{
	pith_sha256_state st;		/* pith's own SHA-256 */
	struct pg_cryptohash_ctx *ctx;	/* or PostgreSQL's, when this is set */
} pith_sha256;
extern void pith_sha256_start(pith_sha256 *h);
extern void pith_sha256_restart(pith_sha256 *h);
extern void pith_sha256_feed(pith_sha256 *h, const void *data, size_t len);
extern void pith_sha256_finish_text(pith_sha256 *h, char *out);	/* PITH_DIGEST_TEXT_LEN + 1 bytes */
extern void pith_sha256_free(pith_sha256 *h);

/* record_jsonb.c: the jsonb of a record's canonical text (a NUL must follow its bytes) */
struct varlena;
extern Datum pith_record_text_to_jsonb(struct varlena *t);

/* --- identifier types (src/arxiv_id.c, src/doi.c; shared parts in src/identifier.c) --- */

/* s[0..len) cut to at most 100 bytes at a character boundary, "..." added if cut, for error messages. */
extern char *pith_id_excerpt(const char *s, size_t len);

/*
 * Bad input to a type's input function: on PostgreSQL 16 and later a soft
 * error saved into escontext (pg_input_is_valid() and friends), the
 * function returning NULL; before 16, and when escontext is NULL or not an
 * ErrorSaveContext, an ordinary ERROR.  Use as
 *     PITH_INPUT_ERROR(escontext, (errcode(...), errmsg(...)));
 * in a function returning a pointer.  PITH_ESCONTEXT(fcinfo) is the
 * context an input function was called with.
 */
#if PG_VERSION_NUM >= 160000
#define PITH_ESCONTEXT(fcinfo) ((fcinfo)->context)
#define PITH_INPUT_ERROR(escontext, rest) ereturn((escontext), NULL, rest)
#else
#define PITH_ESCONTEXT(fcinfo) ((Node *) NULL)
#define PITH_INPUT_ERROR(escontext, rest) \
	do { (void) (escontext); ereport(ERROR, rest); return NULL; } while (0)
#endif

/* Three-way order of two identifiers' canonical texts a[0..alen), b[0..blen): <0, 0, >0. */
typedef int (*pith_identifier_order) (const char *a, size_t alen, const char *b, size_t blen);
/* Byte order (memcmp, then length) -- pith.doi's order. */
extern int	pith_identifier_byte_order(const char *a, size_t alen, const char *b, size_t blen);
/* -1, 0 or 1: order of arguments 0 and 1 of fcinfo (identifier values). */
extern int	pith_identifier_cmp_args(FunctionCallInfo fcinfo, pith_identifier_order order);

/*
 * The btree support function and the four ordering operators of one
 * identifier type, as fmgr functions PREFIX_cmp, PREFIX_lt, PREFIX_le,
 * PREFIX_gt, PREFIX_ge over ORDER (the SQL declarations name them).
 */
#define PITH_IDENTIFIER_ORDER_FUNCTIONS(prefix, order) \
	PG_FUNCTION_INFO_V1(prefix##_cmp); \
	Datum prefix##_cmp(PG_FUNCTION_ARGS) { PG_RETURN_INT32(pith_identifier_cmp_args(fcinfo, order)); } \
	PG_FUNCTION_INFO_V1(prefix##_lt); \
	Datum prefix##_lt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(pith_identifier_cmp_args(fcinfo, order) < 0); } \
	PG_FUNCTION_INFO_V1(prefix##_le); \
	Datum prefix##_le(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(pith_identifier_cmp_args(fcinfo, order) <= 0); } \
	PG_FUNCTION_INFO_V1(prefix##_gt); \
	Datum prefix##_gt(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(pith_identifier_cmp_args(fcinfo, order) > 0); } \
	PG_FUNCTION_INFO_V1(prefix##_ge); \
	Datum prefix##_ge(PG_FUNCTION_ARGS) { PG_RETURN_BOOL(pith_identifier_cmp_args(fcinfo, order) >= 0); }

/* titles (src/title.c): define pith.title_similarity_threshold */
extern void pith_title_define_gucs(void);

/* reference.c: define pith.reference_model (the reference parser's model file) */
extern void pith_reference_define_gucs(void);

/* ingest_rows.c: define pith.ingest_work_tables (how long ingest_records' work tables live) */
extern void pith_ingest_define_gucs(void);

/* identifier.c: a new pith.arxiv_id / pith.doi value holding canonical text */
extern struct varlena *pith_identifier_make(const char *canon, size_t len);

/* model_file.c: the installed model files (parser, splitter), read and verified */
struct pith_crf_model;
extern void pith_model_installed_path(const char *file, char *path);
extern struct pith_crf_model *pith_model_file_load(const char *path, const char *what, uint32_t schema,
												   size_t max_bytes, const char *hint);
/* the same, also giving "sha256:<hex>" of the file's bytes (PITH_DIGEST_TEXT_LEN + 1) */
extern struct pith_crf_model *pith_model_file_load_digest(const char *path, const char *what, uint32_t schema,
														  size_t max_bytes, const char *hint, char *digest);

/* render.c: the HTML escaper's interrupt check (CHECK_FOR_INTERRUPTS) */
extern void pith_html_escape_interrupts(void);

#endif							/* PITH_H */
