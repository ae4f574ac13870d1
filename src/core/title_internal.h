/*
 * title_internal.h -- helpers shared between the title core files only
 * (title_norm.c, title_debris.c, title_sim.c).  Pure C + ICU.
 */
#ifndef PITH_TITLE_INTERNAL_H
#define PITH_TITLE_INTERNAL_H

#include <unicode/utypes.h>

#include "title_core.h"

/* Allocate n * sz bytes through env; NULL on overflow or failure. */
void	   *pith_title_alloc(const pith_title_env *env, size_t n, size_t sz);

/* Most places where a title may end that one key remembers. */
#define PITH_TITLE_MAX_CUTS 8

/*
 * What keying knows about a title beyond its key: the places where the
 * title may end before debris that no rule is sure of (a glued sentence
 * break "Betrachters.Rezeption", ", in The Lancet, 13", ". Phys", " (Fortress:
 * Minneapolis, 1991)"), and the numbers of the title (digit runs and Roman
 * numerals, as an order-free signature) before each of them.  The score may
 * end one of the two titles at a cut; titles whose numbers differ ("... II"
 * vs "... III", "Part 1" vs "Part 2") are different works.
 *
 * cut[] are ascending positions (in the debris-stripped text while
 * stripping, then offsets in the key), each > 0 and < the whole length;
 * numsig[k] is the signature of the numbers before cut[k], numsig[ncuts]
 * that of the whole title.  hard_cut is set when a sure rule already ended
 * the title before a note: the other title may then not be ended at a
 * soft cut (that would end both, and "Main. Symposium on X" would match
 * "Main. Actes du colloque (1995)").
 */
typedef struct pith_title_shape
{
	int			ncuts;
	int			hard_cut;
	int32_t		cut[PITH_TITLE_MAX_CUTS];
	uint64_t	numsig[PITH_TITLE_MAX_CUTS + 1];
} pith_title_shape;

/*
 * What a caller that has looked at every character already knows about the
 * text (0 when it knows nothing): rules that cannot apply are skipped.
 */
#define PITH_TITLE_HINT_NO_URL		1	/* no '/' and no "www" */
#define PITH_TITLE_HINT_NO_NOTE		2	/* no 'x' or 'X', no "rr" in any case:
										 * no arXiv or CoRR note can start */
#define PITH_TITLE_HINT_NO_MARK		4	/* none of . ? ! , ( */

/*
 * Cut reference debris from NFKC text in place; returns the new length.
 * shape (may be NULL) gets the soft cuts and number signatures, positions
 * in w.
 */
int32_t		pith_title_strip_debris(UChar *w, int32_t n, pith_title_shape *shape,
									int hints);

/*
 * The title key as UTF-16 units, allocated through env; shape (may be
 * NULL) gets its soft cuts as key offsets.
 */
pith_title_status pith_title_key_utf16(const pith_title_env *env,
									   const char *s, size_t len,
									   UChar **out, int32_t *outlen,
									   pith_title_shape *shape,
									   pith_title_err *err);

#endif							/* PITH_TITLE_INTERNAL_H */
