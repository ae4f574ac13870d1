/*
 * rw_date.h -- the Retraction Watch database's dates (RetractionDate,
 * OriginalPaperDate) as it publishes them: "M/D/YYYY", optionally followed
 * by " H:MM" or " H:MM:SS", or ISO "YYYY-MM-DD" optionally followed by a
 * time ("T" or a space, then digits, colons and dots); leading and trailing
 * spaces allowed.  Pure C, no PostgreSQL headers.
 */
#ifndef PITH_RW_DATE_H
#define PITH_RW_DATE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Parse s[0..len) (not NUL-terminated).  True, with *year, *month, *day set,
 * when it has one of the shapes above and names a calendar date with a year
 * from 1 to 9999; false otherwise (the time, when given, is not checked).
 */
bool pith_rw_date_parse(const char *s, size_t len, int *year, int *month, int *day);

#endif
