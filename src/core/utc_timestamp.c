/*
 * utc_timestamp.c -- the record's UTC timestamps (see utc_timestamp.h),
 * read in one pass over fixed positions; the day count is the proleptic
 * Gregorian calendar's, as PostgreSQL's date2j counts it.
 */
#include "utc_timestamp.h"

#include "ascii.h"
#include "calendar.h"

/* The n digits at s: their value, or -1 when one is not a digit. */
static int
digits(const char *s, int n)
{
	int			v = 0;

	for (int i = 0; i < n; i++)
	{
		if (!pith_ascii_is_digit((unsigned char) s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* Days from 2000-01-01 to y-m-d (a valid date; negative before 2000). */
static int64_t
days_since_2000(int y, int m, int d)
{
	/* count from March, so that a leap day is the last day of its year */
	int64_t		yy = m <= 2 ? y - 1 : y;
	int64_t		mm = m <= 2 ? m + 9 : m - 3;
	int64_t		era_days = yy * 365 + yy / 4 - yy / 100 + yy / 400;
	int64_t		month_days = (153 * mm + 2) / 5;

	/* 730425: the same count for 2000-01-01 (yy 1999, mm 10, d 1) */
	return era_days + month_days + d - 1 - 730425;
}

bool
pith_utc_timestamp_parse(const char *s, size_t len, int64_t *usec)
{
	int			y,
				mo,
				d,
				h,
				mi,
				se;
	int64_t		fraction = 0;
	size_t		pos = 19;

	if (len < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':')
		return false;
	y = digits(s, 4);
	mo = digits(s + 5, 2);
	d = digits(s + 8, 2);
	h = digits(s + 11, 2);
	mi = digits(s + 14, 2);
	se = digits(s + 17, 2);
	if (!pith_calendar_date(y, mo, d) || h < 0 || h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59)
		return false;
	if (s[pos] == '.')
	{
		int			n = 0;

		pos++;
		while (pos < len && pith_ascii_is_digit((unsigned char) s[pos]))
		{
			if (++n > 6)
				return false;
			fraction = fraction * 10 + (s[pos] - '0');
			pos++;
		}
		if (n == 0)
			return false;
		for (; n < 6; n++)
			fraction *= 10;
	}
	if (!(len - pos == 1 && s[pos] == 'Z') &&
		!(len - pos == 6 && s[pos] == '+' && s[pos + 1] == '0' && s[pos + 2] == '0' && s[pos + 3] == ':' &&
		  s[pos + 4] == '0' && s[pos + 5] == '0'))
		return false;
	*usec = ((days_since_2000(y, mo, d) * 24 + h) * 60 + mi) * INT64_C(60000000) + se * INT64_C(1000000) + fraction;
	return true;
}
