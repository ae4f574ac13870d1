/*
 * fuzz_resolve_evidence.c -- libFuzzer target for the resolver's evidence
 * core (src/core/resolve_evidence.c): for any bytes, the family span lies
 * inside the name and is not empty, trimming never grows a name, a family
 * name is always found among its own words, container evidence is 0 or
 * 1 and symmetric, container abbreviation is symmetric, and the word
 * starts of a key are increasing offsets inside a key that is the text
 * without its spaces.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "resolve_evidence.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *) data;
	size_t		start,
				len,
				half = size / 2;
	char	   *copy;
	int			years[8];
	size_t		ny = size / 4 < 8 ? size / 4 : 8;

	if (pith_author_family_span(s, size, &start, &len))
	{
		if (len == 0 || start + len > size)
			abort();
	}
	copy = malloc(size + 1);
	memcpy(copy, s, size);
	len = pith_author_family_trim(copy, size);
	if (len > size)
		abort();
	/* a name made of single-space-separated words holds itself */
	if (len > 0 && memchr(copy, '\0', len) == NULL && copy[0] != ' ' && copy[len - 1] != ' '
		&& !pith_name_has_words(copy, len, copy, len))
		abort();
	(void) pith_author_family_usable(copy, len);
	free(copy);
	if (pith_container_evidence(s, half, s + half, size - half, 0.5)
		!= pith_container_evidence(s + half, size - half, s, half, 0.5))
		abort();
	/* abbreviation is tried both ways */
	if (pith_container_abbreviates(s, half, s + half, size - half)
		!= pith_container_abbreviates(s + half, size - half, s, half))
		abort();
	memcpy(years, data, ny * sizeof(int) <= size ? ny * sizeof(int) : 0);
	{
		int			ev = pith_year_evidence(true, size > 0 ? (int) ((unsigned) data[0] * 16777619u) : 0, years, ny);

		if (ev < -1 || ev > 1)
			abort();
	}
	{
		char	   *key = malloc(size + 1);
		size_t		at[16],
					klen = 0,
					spaces = 0,
					n = pith_key_word_starts(s, size, key, &klen, at, 16);

		for (size_t i = 0; i < size; i++)
			spaces += s[i] == ' ';
		if (klen != size - spaces || n > 16)
			abort();
		for (size_t i = 0; i < n; i++)
			if (at[i] >= klen || (i > 0 && at[i] <= at[i - 1]))
				abort();
		free(key);
	}
	return 0;
}
