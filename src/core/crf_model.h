/*
 * crf_model.h -- the reference labeller's model: a linear-chain CRF with
 * hashed features, stored as a little-endian file that is verified whole
 * (magic, format, feature schema, sizes, sorted keys, CRC-32) before use.
 * Pure C: the loader takes the file's bytes and an allocator; reading the
 * file is the caller's business.
 *
 * File layout (all integers little-endian):
 *   "PITHCRF\0"  u32 format  u32 feature schema  u32 nlabels  u32 nfeatures
 *   f32 scale (score units per weight step, informational)
 *   nlabels label letters, zero-padded to a multiple of 4
 *   i16 transitions[(nlabels + 1) * nlabels]   (row nlabels: start of string)
 *   zero padding to a multiple of 4
 *   u32 keys[nfeatures]                        (strictly ascending feature hashes)
 *   i16 weights[nfeatures * nlabels]
 *   zero padding to a multiple of 4
 *   u32 CRC-32 of every byte before it
 */
#ifndef PITH_CRF_MODEL_H
#define PITH_CRF_MODEL_H

#include <stddef.h>
#include <stdint.h>

#define PITH_CRF_MAGIC "PITHCRF"	/* 8 bytes with its NUL */
#define PITH_CRF_FORMAT 1
#define PITH_CRF_MAX_LABELS 32
/* Most features a model may have: keeps a loaded model under 50 MB. */
#define PITH_CRF_MAX_FEATURES (1u << 20)

typedef struct pith_crf_model
{
	uint32_t	nlabels;
	uint32_t	schema;			/* feature schema it was trained with */
	uint32_t	nfeatures;
	float		scale;
	char		labels[PITH_CRF_MAX_LABELS + 1];	/* one letter per label */
	const int16_t *trans;		/* (nlabels + 1) x nlabels */
	/*
	 * Open-addressing table of mask + 1 slots, each two u32: a feature key
	 * (0 = empty slot) and the number of its weight row.  The rows (one per
	 * feature, in file order) are row_stride i16 each, 32-byte aligned, so
	 * that a 16-label row lies in one cache line and the table that is
	 * probed stays small.  Key 0 itself, if the model has it, is not in
	 * the table: its row is zero_row.
	 */
	const uint32_t *slots;
	const int16_t *rows;
	uint32_t	row_stride;
	uint32_t	mask;
	const int16_t *zero_row;
	size_t		bytes;			/* memory held by the loaded model */
} pith_crf_model;

/* The key of slot s of the table (0: empty). */
static inline uint32_t
pith_crf_slot_key(const pith_crf_model *m, uint32_t s)
{
	return m->slots[2 * (size_t) s];
}

/* The weight row of the key in slot s (which must not be empty). */
static inline const int16_t *
pith_crf_slot_row(const pith_crf_model *m, uint32_t s)
{
	return m->rows + (size_t) m->slots[2 * (size_t) s + 1] * m->row_stride;
}

/* The home slot of a feature key (where its probe starts). */
static inline uint32_t
pith_crf_model_slot(const pith_crf_model *m, uint32_t key)
{
	uint32_t	h = key * 0x9E3779B1u;

	return (h ^ (h >> 15)) & m->mask;
}

/*
 * The weight row of key, probing from its home slot s
 * (pith_crf_model_slot), or NULL if the model lacks the key.  At most three
 * quarters of the slots are used: the probe meets an empty one.
 */
static inline const int16_t *
pith_crf_model_row_at(const pith_crf_model *m, uint32_t key, uint32_t s)
{
	if (key == 0)
		return m->zero_row;
	for (;;)
	{
		uint32_t	k = m->slots[2 * (size_t) s];

		if (k == key)
			return m->rows + (size_t) m->slots[2 * (size_t) s + 1] * m->row_stride;
		if (k == 0)
			return NULL;
		s = (s + 1) & m->mask;
	}
}

/* Allocator for the loader: returns size bytes (suitably aligned) or NULL. */
typedef void *(*pith_crf_alloc_fn) (void *ctx, size_t size);

/*
 * Verify the model file buf[0..len) and load it into one block from alloc
 * (the model lives as long as that block; free it to unload).  Returns NULL
 * on any defect, with a full-sentence reason in err (errlen bytes).  A
 * model whose feature schema is not expected_schema is refused.
 */
pith_crf_model *pith_crf_model_load(const unsigned char *buf, size_t len, uint32_t expected_schema,
									pith_crf_alloc_fn alloc, void *ctx, char *err, size_t errlen);

/* The weight row (nlabels entries) of a feature hash, or NULL if unknown. */
const int16_t *pith_crf_model_row(const pith_crf_model *m, uint32_t key);

/* Hint the processor to fetch the table slot of a feature hash (no effect otherwise). */
void		pith_crf_model_prefetch(const pith_crf_model *m, uint32_t key);

/* Size in bytes of the file of a model with these dimensions. */
size_t		pith_crf_file_size(uint32_t nlabels, uint32_t nfeatures);

/*
 * Write a model file into out (pith_crf_file_size bytes); keys must be
 * strictly ascending.  Used by the trainer and the unit tests.
 */
void		pith_crf_file_write(unsigned char *out, uint32_t schema, const char *labels,
								uint32_t nlabels, uint32_t nfeatures, float scale,
								const int16_t *trans, const uint32_t *keys,
								const int16_t *weights);

/* CRC-32 (IEEE 802.3, as zlib computes it) of len bytes. */
uint32_t	pith_crf_crc32(const unsigned char *p, size_t len);

#endif							/* PITH_CRF_MODEL_H */
