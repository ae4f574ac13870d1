/*
 * utc_timestamp.h -- the timestamps pith's records write, read without
 * PostgreSQL's general date parser: "YYYY-MM-DDTHH:MM:SS", an optional
 * fraction of one to six digits, then "Z" or "+00:00".  Anything else
 * (another offset, a space for 'T', a leap second, 24:00, more than six
 * fraction digits) is left to the caller's general parser.  Pure C, no
 * PostgreSQL headers.
 */
#ifndef PITH_UTC_TIMESTAMP_H
#define PITH_UTC_TIMESTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Parse s[0..len) (not NUL-terminated).  True, with *usec set to the
 * microseconds since 2000-01-01 00:00:00 UTC (PostgreSQL's timestamptz
 * value), when s has exactly the shape above and names a real calendar
 * date (year 1 to 9999) and time; false otherwise.
 */
bool pith_utc_timestamp_parse(const char *s, size_t len, int64_t *usec);

#endif
