/*
 * ref_lexicon.h -- word lists of the reference labeller (months, venue
 * words and abbreviations, volume/page/editor markers, publishers, places,
 * given names, particles, function words) in English, German, French,
 * Spanish and Italian.  Pure C.
 */
#ifndef PITH_REF_LEXICON_H
#define PITH_REF_LEXICON_H

#include <stddef.h>
#include <stdint.h>

/* The PITH_LEX_* classes (ref_features.h) of an ASCII-lower-cased word. */
uint32_t	pith_ref_lexicon(const char *lower, size_t len);

/* FNV-1a hash of len bytes (the lexicon's and the features' string hash). */
uint32_t	pith_ref_hash_bytes(const char *s, size_t len);

#endif							/* PITH_REF_LEXICON_H */
