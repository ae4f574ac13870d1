/*
 * title_core.h -- pure C + ICU title normalization, title keys and the fuzzy
 * title score.  No PostgreSQL headers: the fmgr glue (src/title.c), the unit
 * test (test/unit/test_titles.c) and fuzzers call these directly.
 *
 * Memory comes from the caller's allocator (palloc in the server, malloc in
 * tests) so that a caller whose interrupt hook does not return (a longjmp out
 * of ereport) leaks nothing: the core holds no other resources.
 */
#ifndef PITH_TITLE_CORE_H
#define PITH_TITLE_CORE_H

#include <stddef.h>
#include <stdint.h>

/* Largest input accepted, in bytes of UTF-8 (documented in the README). */
#define PITH_TITLE_MAX_INPUT	(4 * 1024 * 1024)

/*
 * The similarity score aligns at most this many UTF-16 units of each key;
 * longer keys are scored on their first PITH_TITLE_SIM_MAX units (still
 * 1 only when the whole keys are equal), which bounds one score to about
 * 2048 * 2048 / 64 word operations.
 */
#define PITH_TITLE_SIM_MAX		2048

/* Result codes of the core; details (ICU error, call) go in pith_title_err. */
typedef enum pith_title_status
{
	PITH_TITLE_OK = 0,
	PITH_TITLE_TOO_LONG,		/* input longer than PITH_TITLE_MAX_INPUT */
	PITH_TITLE_ICU_ERROR,		/* an ICU call failed; see icu_error/icu_call */
	PITH_TITLE_NO_MEMORY		/* the allocator returned NULL */
} pith_title_status;

/* What went wrong, filled in when a function returns a status other than OK. */
typedef struct pith_title_err
{
	pith_title_status status;
	int			icu_error;		/* UErrorCode, 0 unless PITH_TITLE_ICU_ERROR */
	const char *icu_call;		/* name of the ICU function that failed */
} pith_title_err;

/*
 * The caller's environment: an allocator (alloc must return memory aligned
 * for any type, or NULL), a release function, and an interrupt hook called
 * now and then in loops that grow with the input (may be NULL).
 */
typedef struct pith_title_env
{
	void	   *(*alloc) (size_t size, void *arg);
	void		(*release) (void *ptr, void *arg);
	void		(*check_interrupts) (void *arg);
	void	   *arg;
} pith_title_env;

/*
 * Normalize a title: NFKC, full case folding, diacritics removed (also the
 * spacing accents PDF extraction splits off, "Schro¨dinger"), ligatures and
 * full-width forms folded, apostrophes dropped, every other non-letter,
 * non-digit run turned into one space, trimmed.  *out is allocated with
 * env->alloc and NUL-terminated; *outlen excludes the NUL.
 */
pith_title_status pith_title_normalize(const pith_title_env *env,
									   const char *s, size_t len,
									   char **out, size_t *outlen,
									   pith_title_err *err);

/*
 * The title key: reference debris (venue tails, arXiv preprint notes, URLs,
 * trailing years) cut off, normalized as above, with no separators at all.
 */
pith_title_status pith_title_key(const pith_title_env *env,
								 const char *s, size_t len,
								 char **out, size_t *outlen,
								 pith_title_err *err);

/*
 * Fuzzy score of two titles in [0, 1] over their keys ka and kb (UTF-16
 * units): r * 16 / (16 + d) with r = 2 * LCS / (|ka| + |kb|) and
 * d = |ka| + |kb| - 2 * LCS; 1 exactly when the keys are equal and not
 * empty, 0 when either key is empty.  Symmetric.
 */
pith_title_status pith_title_similarity(const pith_title_env *env,
										const char *a, size_t alen,
										const char *b, size_t blen,
										double *score, pith_title_err *err);

/* Code points at each end of a key that the %% operator's index probes use. */
#define PITH_TITLE_ANCHOR		8

/*
 * The score of two titles, and whether their keys share an anchor: the same
 * first PITH_TITLE_ANCHOR code points, or the same last ones (a key shorter
 * than that is its own anchor).  Backs the index-assisted %% operator.
 * shares_anchor may be NULL when only the score is wanted.
 */
pith_title_status pith_title_compare(const pith_title_env *env,
									 const char *a, size_t alen,
									 const char *b, size_t blen,
									 double *score, int *shares_anchor,
									 pith_title_err *err);

/* The same score for two keys already computed (UTF-8, as pith_title_key). */
pith_title_status pith_title_key_similarity(const pith_title_env *env,
											const char *ka, size_t kalen,
											const char *kb, size_t kblen,
											double *score, pith_title_err *err);

/*
 * Test hook: when nonzero, every title takes the general ICU path, also
 * the pure ASCII titles of the byte path and the mostly ASCII titles of
 * the table path (title_norm.c), which must give the same answers.
 */
extern int	pith_title_force_icu;

/* Test hook: the path that keyed the last title: 0 bytes, 1 table, 2 ICU. */
extern int	pith_title_last_path;

/* The ICU version in use, as "72.1" (static storage). */
const char *pith_title_icu_version(void);

/* Human-readable name of an ICU error code (u_errorName). */
const char *pith_title_icu_error_name(int icu_error);

#endif							/* PITH_TITLE_CORE_H */
