/*
 * fuzz_crf_model.c -- libFuzzer target for the CRF model loader
 * (src/core/crf_model.c): any bytes as a model file.  Checks: loading
 * returns; a refused file comes with a reason; a file that loads has sane
 * dimensions, every key in its table finds its own row, and parsing a reference with it
 * returns.  The first input byte chooses whether the CRC-32 is repaired
 * (so that the fuzzer gets past the checksum into the structure checks).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "crf_model.h"
#include "reference_parse.h"

static void *
malloc_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *buf;
	char		err[256] = "";
	pith_crf_model *m;

	if (size < 1)
		return 0;
	buf = malloc(size);
	memcpy(buf, data + 1, size - 1);
	size--;
	if ((data[0] & 1) && size >= 8)
	{
		/* the CRC-32 sits in the last 4 bytes: make it right */
		uint32_t	crc = pith_crf_crc32(buf, size - 4);

		buf[size - 4] = (unsigned char) crc;
		buf[size - 3] = (unsigned char) (crc >> 8);
		buf[size - 2] = (unsigned char) (crc >> 16);
		buf[size - 1] = (unsigned char) (crc >> 24);
	}
	m = pith_crf_model_load(buf, size, PITH_REF_FEATURE_SCHEMA, malloc_alloc, NULL, err, sizeof(err));
	if (m == NULL)
	{
		if (err[0] == '\0')
			abort();
	}
	else
	{
		static const char raw[] = "Smith, J. (2019). A title of a paper. Nature 521, 436-444.";
		char	   *work;
		pith_parsed_ref r;

		if (m->nlabels < 1 || m->nlabels > PITH_CRF_MAX_LABELS || m->nfeatures > PITH_CRF_MAX_FEATURES)
			abort();
		for (uint32_t s = 0; s <= m->mask; s++)
		{
			uint32_t	k = pith_crf_slot_key(m, s);

			if (k != 0 && pith_crf_model_row(m, k) != pith_crf_slot_row(m, s))
				abort();
		}
		work = malloc(pith_reference_workspace(sizeof(raw) - 1, m));
		pith_reference_parse(m, raw, sizeof(raw) - 1, work, &r);
		free(work);
		free(m);
	}
	free(buf);
	return 0;
}
