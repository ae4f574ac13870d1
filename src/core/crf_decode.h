/*
 * crf_decode.h -- Viterbi decoding of a linear-chain CRF: the best label
 * sequence for given per-token label scores (emissions) and label-to-label
 * transition scores.  Integer arithmetic, so decoding is exact and the same
 * on every platform.  Pure C.
 */
#ifndef PITH_CRF_DECODE_H
#define PITH_CRF_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "crf_model.h"

/* Workspace bytes pith_crf_viterbi needs for ntok tokens and nlabels labels. */
size_t		pith_crf_viterbi_workspace(size_t ntok, size_t nlabels);

/*
 * The best path: path[t] in [0, nlabels) maximising
 *   trans[nlabels][path[0]] + sum_t emit[t][path[t]] + sum_{t>0} trans[path[t-1]][path[t]]
 * (emit is ntok x nlabels, trans (nlabels + 1) x nlabels with the start row
 * last).  Ties go to the lower label number (of the previous token's label).
 * Each token's emissions must stay within +-2^28; nlabels at most
 * PITH_CRF_MAX_LABELS (a model's bound).  work: pith_crf_viterbi_workspace bytes.
 */
void		pith_crf_viterbi(const int32_t *emit, const int16_t *trans, size_t ntok,
							 size_t nlabels, uint8_t *path, void *work);

/* The score of a given path, in the sum that pith_crf_viterbi maximises. */
int64_t		pith_crf_path_score(const int32_t *emit, const int16_t *trans, size_t ntok,
								size_t nlabels, const uint8_t *path);

/*
 * The best path among those that give label `must` to at least one token,
 * and its score (INT64_MIN when ntok is 0 or must is not a label).  Ties:
 * the earliest token that can carry `must`, then pith_crf_viterbi's rule
 * on both sides of it; every code path gives the same path.
 * work: pith_crf_viterbi_workspace bytes.
 */
int64_t		pith_crf_viterbi_with(const int32_t *emit, const int16_t *trans, size_t ntok,
								  size_t nlabels, size_t must, uint8_t *path, void *work);

/* Add the model's weight row of each of the nfeat feature hashes to emit_row. */
void		pith_crf_emit(const pith_crf_model *m, const uint32_t *feats, size_t nfeat,
						  int32_t *emit_row);

#endif							/* PITH_CRF_DECODE_H */
