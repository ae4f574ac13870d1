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

/* Cut reference debris from NFKC text in place; returns the new length. */
int32_t		pith_title_strip_debris(UChar *w, int32_t n);

/* The title key as UTF-16 units, allocated through env. */
pith_title_status pith_title_key_utf16(const pith_title_env *env,
									   const char *s, size_t len,
									   UChar **out, int32_t *outlen,
									   pith_title_err *err);

#endif							/* PITH_TITLE_INTERNAL_H */
