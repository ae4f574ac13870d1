/*
 * fuzz_rw_date.c -- libFuzzer target for src/core/rw_date.c: any bytes are
 * parsed without reading past the length; an accepted text names a calendar
 * date with a year from 1 to 9999, holds only the shapes' bytes (digits,
 * '/', '-', ':', '.', 'T', spaces), and is still the same date with spaces
 * added around it, and refused with a letter put before it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rw_date.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int			y,
				m,
				d,
				y2,
				m2,
				d2;
	char	   *copy;
	size_t		i;

	/* an exact-size copy: ASan catches any read past the length */
	copy = malloc(size + 2);
	if (copy == NULL)
		return 0;
	memcpy(copy + 1, data, size);
	if (!pith_rw_date_parse(copy + 1, size, &y, &m, &d))
	{
		free(copy);
		return 0;
	}
	if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > 31)
		abort();
	for (i = 0; i < size; i++)
		if (strchr("0123456789/-:.T ", data[i]) == NULL || data[i] == '\0')
			abort();
	copy[0] = ' ';
	copy[size + 1] = ' ';
	if (!pith_rw_date_parse(copy, size + 2, &y2, &m2, &d2) || y2 != y || m2 != m || d2 != d)
		abort();
	copy[0] = 'x';
	if (pith_rw_date_parse(copy, size + 1, &y2, &m2, &d2))
		abort();
	free(copy);
	return 0;
}
