/*
 * fuzz_identifiers.c -- libFuzzer target for the identifier parsers in
 * src/core/arxiv_id_parse.c and src/core/doi_parse.c: any input must be
 * either rejected or turned into a canonical text that parses to itself,
 * with no memory error on the way; and when the input's two halves (split
 * at its first comma) are both arXiv ids, the byte-deciding order
 * pith_arxiv_cmp agrees with the parsed one, pith_arxiv_cmp_parsed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* One fuzz case: parse data as an arXiv id and as a DOI, check fixed points. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	pith_arxiv_id id,
				again;
	char		why[160];
	char	   *out,
			   *out2;
	size_t		olen,
				plen,
				olen2,
				plen2;

	if (pith_arxiv_parse((const char *) data, size, &id, why, sizeof(why)))
	{
		if (!pith_arxiv_parse(id.canon, id.len, &again, NULL, 0) || strcmp(again.canon, id.canon) != 0 ||
			pith_arxiv_cmp(id.canon, id.len, again.canon, again.len) != 0)
			abort();
	}
	{
		const uint8_t *comma = memchr(data, ',', size);
		pith_arxiv_id a,
					b;

		if (comma && pith_arxiv_parse((const char *) data, (size_t) (comma - data), &a, NULL, 0) &&
			pith_arxiv_parse((const char *) comma + 1, size - (size_t) (comma - data) - 1, &b, NULL, 0))
		{
			int			fast = pith_arxiv_cmp(a.canon, a.len, b.canon, b.len);
			int			parsed = pith_arxiv_cmp_parsed(a.canon, a.len, b.canon, b.len);

			if ((fast > 0) - (fast < 0) != (parsed > 0) - (parsed < 0))
				abort();
		}
	}
	out = malloc(size + 1);
	out2 = malloc(size + 1);
	if (pith_doi_parse((const char *) data, size, out, &olen, &plen, why, sizeof(why)) == PITH_DOI_OK)
	{
		if (pith_doi_parse(out, olen, out2, &olen2, &plen2, NULL, 0) != PITH_DOI_OK ||
			olen2 != olen || memcmp(out, out2, olen) != 0 || plen2 != plen ||
			pith_doi_prefix_len(out, olen) != plen)
			abort();
	}
	free(out);
	free(out2);
	return 0;
}
