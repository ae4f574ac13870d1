/*
 * calendar.h -- the proleptic Gregorian calendar's dates, shared by the
 * cores that read dates (rw_date.c, utc_timestamp.c).  Header only
 * (static inline), no PostgreSQL headers.
 */
#ifndef PITH_CALENDAR_H
#define PITH_CALENDAR_H

#include <stdbool.h>

/* Is y a leap year? */
static inline bool
pith_leap_year(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Does y-m-d name a day of the calendar, with a year from 1 to 9999? */
static inline bool
pith_calendar_date(int y, int m, int d)
{
	static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

	if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1)
		return false;
	return d <= days[m - 1] + (m == 2 && pith_leap_year(y));
}

#endif
