/*
 * crf_model.c -- model file format of the reference labeller: writing,
 * verifying, loading, and feature lookup (see crf_model.h for the layout).
 * Loading checks everything before trusting anything: a truncated, padded,
 * bit-flipped or foreign file is refused with a reason, never read out of
 * bounds.
 */
#include "crf_model.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* CRC-32, reflected polynomial 0xEDB88320, table built on the stack. */
uint32_t
pith_crf_crc32(const unsigned char *p, size_t len)
{
	uint32_t	table[256];
	uint32_t	crc = 0xFFFFFFFFu;

	for (uint32_t i = 0; i < 256; i++)
	{
		uint32_t	c = i;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		table[i] = c;
	}
	for (size_t i = 0; i < len; i++)
		crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
	return crc ^ 0xFFFFFFFFu;
}

static size_t
pad4(size_t n)
{
	return (n + 3) & ~(size_t) 3;
}

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t) p[0] | ((uint32_t) p[1] << 8) | ((uint32_t) p[2] << 16) | ((uint32_t) p[3] << 24);
}

static int16_t
get16(const unsigned char *p)
{
	return (int16_t) (uint16_t) ((uint32_t) p[0] | ((uint32_t) p[1] << 8));
}

static void
put32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char) v;
	p[1] = (unsigned char) (v >> 8);
	p[2] = (unsigned char) (v >> 16);
	p[3] = (unsigned char) (v >> 24);
}

static void
put16(unsigned char *p, int16_t v)
{
	uint16_t	u = (uint16_t) v;

	p[0] = (unsigned char) u;
	p[1] = (unsigned char) (u >> 8);
}

#define HEADER_BYTES 28

/* Offsets of the parts of a file with these dimensions. */
typedef struct layout
{
	size_t		labels,
				trans,
				keys,
				weights,
				crc,
				total;
} layout;

static layout
compute_layout(uint32_t nlabels, uint32_t nfeatures)
{
	layout		l;

	l.labels = HEADER_BYTES;
	l.trans = l.labels + pad4(nlabels);
	l.keys = pad4(l.trans + 2 * (size_t) (nlabels + 1) * nlabels);
	l.weights = l.keys + 4 * (size_t) nfeatures;
	l.crc = pad4(l.weights + 2 * (size_t) nfeatures * nlabels);
	l.total = l.crc + 4;
	return l;
}

size_t
pith_crf_file_size(uint32_t nlabels, uint32_t nfeatures)
{
	return compute_layout(nlabels, nfeatures).total;
}

void
pith_crf_file_write(unsigned char *out, uint32_t schema, const char *labels, uint32_t nlabels,
					uint32_t nfeatures, float scale, const int16_t *trans, const uint32_t *keys,
					const int16_t *weights)
{
	layout		l = compute_layout(nlabels, nfeatures);
	uint32_t	sbits;

	memset(out, 0, l.total);
	memcpy(out, PITH_CRF_MAGIC, 8);
	put32(out + 8, PITH_CRF_FORMAT);
	put32(out + 12, schema);
	put32(out + 16, nlabels);
	put32(out + 20, nfeatures);
	memcpy(&sbits, &scale, 4);
	put32(out + 24, sbits);
	memcpy(out + l.labels, labels, nlabels);
	for (size_t i = 0; i < (size_t) (nlabels + 1) * nlabels; i++)
		put16(out + l.trans + 2 * i, trans[i]);
	for (size_t i = 0; i < nfeatures; i++)
		put32(out + l.keys + 4 * i, keys[i]);
	for (size_t i = 0; i < (size_t) nfeatures * nlabels; i++)
		put16(out + l.weights + 2 * i, weights[i]);
	put32(out + l.crc, pith_crf_crc32(out, l.crc));
}

/* Slot of a key in a table of mask + 1 slots. */
static inline uint32_t
slot_of(uint32_t key, uint32_t mask)
{
	uint32_t	h = key * 0x9E3779B1u;

	return (h ^ (h >> 15)) & mask;
}

static pith_crf_model *
refuse(char *err, size_t errlen, const char *why)
{
	if (err && errlen)
		snprintf(err, errlen, "%s", why);
	return NULL;
}

pith_crf_model *
pith_crf_model_load(const unsigned char *buf, size_t len, uint32_t expected_schema,
					pith_crf_alloc_fn alloc, void *ctx, char *err, size_t errlen)
{
	uint32_t	format,
				schema,
				nlabels,
				nfeatures,
				nslots,
				sbits;
	layout		l;
	size_t		bytes;
	unsigned char *block;
	pith_crf_model *m;
	int16_t    *trans,
			   *rows;
	uint32_t   *slots;
	uint32_t	row_stride;

	if (buf == NULL || len < HEADER_BYTES + 4)
		return refuse(err, errlen, "The file is too short to be a model.");
	if (memcmp(buf, PITH_CRF_MAGIC, 8) != 0)
		return refuse(err, errlen, "The file does not start with the model magic \"PITHCRF\".");
	format = get32(buf + 8);
	schema = get32(buf + 12);
	nlabels = get32(buf + 16);
	nfeatures = get32(buf + 20);
	if (format != PITH_CRF_FORMAT)
	{
		if (err && errlen)
			snprintf(err, errlen, "The model format is %u; this build reads format %u.",
					 (unsigned) format, (unsigned) PITH_CRF_FORMAT);
		return NULL;
	}
	if (nlabels < 1 || nlabels > PITH_CRF_MAX_LABELS)
		return refuse(err, errlen, "The model's label count is out of range.");
	if (nfeatures > PITH_CRF_MAX_FEATURES)
		return refuse(err, errlen, "The model has more features than a model may have.");
	l = compute_layout(nlabels, nfeatures);
	if (len != l.total)
		return refuse(err, errlen, "The file's size does not match the sizes in its header.");
	if (pith_crf_crc32(buf, l.crc) != get32(buf + l.crc))
		return refuse(err, errlen, "The file's checksum does not match its contents.");
	if (schema != expected_schema)
	{
		if (err && errlen)
			snprintf(err, errlen, "The model was trained with feature schema %u; this build computes schema %u.",
					 (unsigned) schema, (unsigned) expected_schema);
		return NULL;
	}
	for (uint32_t i = 0; i < nlabels; i++)
		if (buf[l.labels + i] < 'a' || buf[l.labels + i] > 'z')
			return refuse(err, errlen, "The model's labels are not lower-case letters.");
	for (uint32_t i = 1; i < nfeatures; i++)
		if (get32(buf + l.keys + 4 * (size_t) i) <= get32(buf + l.keys + 4 * (size_t) (i - 1)))
			return refuse(err, errlen, "The model's feature keys are not strictly ascending.");

	/* at most three quarters of the slots are used */
	nslots = 16;
	while ((uint64_t) nslots * 3 < (uint64_t) nfeatures * 4)
		nslots <<= 1;
	/* rows of a multiple of 16 weights, 32-byte aligned: a 16-label row is half a cache line */
	row_stride = (nlabels + 15) & ~(uint32_t) 15;
	bytes = pad4(sizeof(pith_crf_model)) + 64 +
		2 * (size_t) nfeatures * row_stride +
		8 * (size_t) nslots +
		2 * (size_t) (nlabels + 1) * nlabels;
	block = alloc(ctx, bytes);
	if (block == NULL)
		return refuse(err, errlen, "Out of memory loading the model.");
	m = (pith_crf_model *) block;
	memset(m, 0, sizeof(*m));
	{
		size_t		off = (((size_t) block + sizeof(pith_crf_model) + 63) & ~(size_t) 63) - (size_t) block;

		rows = (int16_t *) (void *) (block + off);
		off += 2 * (size_t) nfeatures * row_stride;
		slots = (uint32_t *) (void *) (block + off);
		off += 8 * (size_t) nslots;
		trans = (int16_t *) (void *) (block + off);
	}
	m->nlabels = nlabels;
	m->schema = schema;
	m->nfeatures = nfeatures;
	sbits = get32(buf + 24);
	memcpy(&m->scale, &sbits, 4);
	memcpy(m->labels, buf + l.labels, nlabels);
	m->labels[nlabels] = '\0';
	for (size_t i = 0; i < (size_t) (nlabels + 1) * nlabels; i++)
		trans[i] = get16(buf + l.trans + 2 * i);
	memset(slots, 0, 8 * (size_t) nslots);
	memset(rows, 0, 2 * (size_t) nfeatures * row_stride);
	for (uint32_t i = 0; i < nfeatures; i++)
	{
		uint32_t	key = get32(buf + l.keys + 4 * (size_t) i);
		int16_t    *row = rows + (size_t) i * row_stride;

		if (key == 0)
			m->zero_row = row;
		else
		{
			uint32_t	s = slot_of(key, nslots - 1);

			while (slots[2 * (size_t) s] != 0)
				s = (s + 1) & (nslots - 1);
			slots[2 * (size_t) s] = key;
			slots[2 * (size_t) s + 1] = i;
		}
		for (uint32_t y = 0; y < nlabels; y++)
			row[y] = get16(buf + l.weights + 2 * ((size_t) i * nlabels + y));
	}
	m->trans = trans;
	m->slots = slots;
	m->rows = rows;
	m->row_stride = row_stride;
	m->mask = nslots - 1;
	m->bytes = bytes;
	return m;
}

void
pith_crf_model_prefetch(const pith_crf_model *m, uint32_t key)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(m->slots + 2 * (size_t) pith_crf_model_slot(m, key));
#else
	(void) m;
	(void) key;
#endif
}

const int16_t *
pith_crf_model_row(const pith_crf_model *m, uint32_t key)
{
	return pith_crf_model_row_at(m, key, pith_crf_model_slot(m, key));
}
