/*
 * rw_date.c -- the Retraction Watch date shapes (see rw_date.h), parsed in
 * one pass over the bytes.  Only ASCII digits, '/', '-', ':', '.', 'T' and
 * spaces can take part, so a multi-byte UTF-8 character never matches.
 */
#include "rw_date.h"

#include "ascii.h"
#include "calendar.h"

/* A run of digits from *pos (at most max of them counted): its length and value. */
static size_t
digit_run(const char *s, size_t len, size_t *pos, int *value)
{
	size_t		n = 0;
	int			v = 0;

	while (*pos < len && pith_ascii_is_digit((unsigned char) s[*pos]))
	{
		if (n < 5)
			v = v * 10 + (s[*pos] - '0');
		n++;
		(*pos)++;
	}
	*value = v;
	return n;
}

/* A day or month count: one or two digits. */
static bool
one_or_two(size_t n)
{
	return n == 1 || n == 2;
}

static bool
at(const char *s, size_t len, size_t pos, char c)
{
	return pos < len && s[pos] == c;
}

/* Only spaces from pos to the end? */
static bool
spaces_to_end(const char *s, size_t len, size_t pos)
{
	while (pos < len && s[pos] == ' ')
		pos++;
	return pos == len;
}

/* After "M/D/YYYY": nothing, or " H:MM" or " H:MM:SS", then spaces. */
static bool
us_time_tail(const char *s, size_t len, size_t pos)
{
	int			v;

	if (spaces_to_end(s, len, pos))
		return true;
	if (!at(s, len, pos, ' '))
		return false;
	pos++;
	if (!one_or_two(digit_run(s, len, &pos, &v)))
		return false;
	if (!at(s, len, pos, ':'))
		return false;
	pos++;
	if (digit_run(s, len, &pos, &v) != 2)
		return false;
	if (at(s, len, pos, ':'))
	{
		pos++;
		if (digit_run(s, len, &pos, &v) != 2)
			return false;
	}
	return spaces_to_end(s, len, pos);
}

bool
pith_rw_date_parse(const char *s, size_t len, int *year, int *month, int *day)
{
	size_t		pos = 0;
	size_t		start;
	int			a,
				b,
				c;

	while (pos < len && s[pos] == ' ')
		pos++;
	start = pos;
	a = 0;
	if (digit_run(s, len, &pos, &a) == 4 && at(s, len, pos, '-'))
	{
		/* YYYY-MM-DD, then optionally 'T' or ' ' and [0-9:.]*, then spaces */
		pos++;
		if (digit_run(s, len, &pos, &b) != 2 || !at(s, len, pos, '-'))
			return false;
		pos++;
		if (digit_run(s, len, &pos, &c) != 2)
			return false;
		if (at(s, len, pos, 'T') || at(s, len, pos, ' '))
		{
			pos++;
			while (pos < len && (pith_ascii_is_digit((unsigned char) s[pos]) || s[pos] == ':' || s[pos] == '.'))
				pos++;
		}
		if (!spaces_to_end(s, len, pos))
			return false;
		*year = a, *month = b, *day = c;
		return pith_calendar_date(a, b, c);
	}
	/* M/D/YYYY */
	pos = start;
	if (!one_or_two(digit_run(s, len, &pos, &a)) || !at(s, len, pos, '/'))
		return false;
	pos++;
	if (!one_or_two(digit_run(s, len, &pos, &b)) || !at(s, len, pos, '/'))
		return false;
	pos++;
	if (digit_run(s, len, &pos, &c) != 4 || !us_time_tail(s, len, pos))
		return false;
	*year = c, *month = a, *day = b;
	return pith_calendar_date(c, a, b);
}
