/*
 * fuzz_utc_timestamp.c -- libFuzzer target for src/core/utc_timestamp.c:
 * any bytes are parsed without reading past the length, and an accepted
 * text is its own value written back: the value turned into a calendar
 * date and time here (a conversion of its own, by repeated subtraction of
 * years and months) prints as the text's first 19 bytes, and the
 * microseconds are its fraction.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utc_timestamp.h"

static int
year_days(int y)
{
	return ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 366 : 365;
}

static int
month_days(int y, int m)
{
	static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

	return days[m - 1] + (m == 2 && year_days(y) == 366);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *copy;
	int64_t		usec,
				days,
				rest;
	int			y = 2000,
				m = 1;
	char		text[32];
	int64_t		fraction = 0;
	int			n = 0;

	/* an exact-size copy: ASan catches any read past the length */
	copy = malloc(size ? size : 1);
	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	if (!pith_utc_timestamp_parse(copy, size, &usec))
	{
		free(copy);
		return 0;
	}
	days = usec >= 0 ? usec / INT64_C(86400000000) : -((-usec + INT64_C(86399999999)) / INT64_C(86400000000));
	rest = usec - days * INT64_C(86400000000);
	while (days < 0)
		days += year_days(--y);
	while (days >= year_days(y))
		days -= year_days(y++);
	while (days >= month_days(y, m))
		days -= month_days(y, m++);
	snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d", y, m, (int) days + 1,
			 (int) (rest / INT64_C(3600000000)), (int) (rest / 60000000 % 60), (int) (rest / 1000000 % 60));
	if (y < 1 || y > 9999 || memcmp(text, copy, 19) != 0)
		abort();
	if (copy[19] == '.')
		for (size_t i = 20; i < size && copy[i] >= '0' && copy[i] <= '9'; i++, n++)
			fraction = fraction * 10 + (copy[i] - '0');
	for (; n < 6; n++)
		fraction *= 10;
	if (fraction != rest % 1000000)
		abort();
	free(copy);
	return 0;
}
