/*
 * fuzz_reference_parse.c -- libFuzzer target for the reference parser core
 * (src/core/reference_parse.c).  Any bytes go in.  Checks: the parse
 * returns; every string it returns is NUL-terminated inside the workspace;
 * a title is given exactly when the quality is ok; the year is 0 or a
 * plausible year; an arXiv id and a DOI it returns validate again with the
 * identifier cores, and a DOI starts with "10.".
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"
#include "reference_parse.h"

/* Is s NULL, or a string that ends inside work[0..cap)? */
static int
inside(const char *s, const char *work, size_t cap)
{
	if (s == NULL)
		return 1;
	if (s < work || s >= work + cap)
		return 0;
	return memchr(s, '\0', (size_t) (work + cap - s)) != NULL;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t		cap = pith_reference_workspace(size);
	char	   *work = malloc(cap);
	pith_parsed_ref r;

	pith_reference_parse((const char *) data, size, work, &r);
	if (!inside(r.title, work, cap) || !inside(r.arxiv_id, work, cap) || !inside(r.doi, work, cap) ||
		!inside(r.url, work, cap) || !inside(r.malformed, work, cap))
		abort();
	if ((r.title != NULL) != (r.quality == PITH_REF_OK))
		abort();
	if (r.year != 0 && (r.year < 1800 || r.year > 2039))
		abort();
	if (r.arxiv_id)
	{
		pith_arxiv_id id;

		if (!pith_arxiv_parse(r.arxiv_id, strlen(r.arxiv_id), &id, NULL, 0) || id.version != 0)
			abort();
	}
	if (r.doi)
	{
		size_t		n = strlen(r.doi),
					outlen,
					prefix_len;
		char	   *buf = malloc(n + 1);

		if (strncmp(r.doi, "10.", 3) != 0 ||
			pith_doi_parse(r.doi, n, buf, &outlen, &prefix_len, NULL, 0) != PITH_DOI_OK)
			abort();
		free(buf);
	}
	free(work);
	return 0;
}
