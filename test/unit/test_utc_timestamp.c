/*
 * test_utc_timestamp.c -- unit test of src/core/utc_timestamp.c: the
 * record's UTC timestamps against values computed independently (Python's
 * datetime), a walk over every day of years 1 to 9999 (each one day after
 * the one before), and the shapes it must leave to the general parser.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "utc_timestamp.h"

static int	failures = 0;

static void
check(const char *in, int64_t want)
{
	int64_t		got = 0;

	if (!pith_utc_timestamp_parse(in, strlen(in), &got) || got != want)
	{
		failures++;
		fprintf(stderr, "FAIL \"%s\": got %" PRId64 ", want %" PRId64 "\n", in, got, want);
	}
}

static void
refused(const char *in)
{
	int64_t		got = 0;

	if (pith_utc_timestamp_parse(in, strlen(in), &got))
	{
		failures++;
		fprintf(stderr, "FAIL \"%s\": read as %" PRId64 ", want it left to the general parser\n", in, got);
	}
}

static int
month_length(int y, int m)
{
	static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

	return days[m - 1] + (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0));
}

int
main(void)
{
	char		buf[32];
	int64_t		prev = 0;
	bool		first = true;

	/* the values Python's datetime gives (microseconds since 2000-01-01 UTC) */
	check("2000-01-01T00:00:00Z", 0);
	check("2026-08-08T05:57:00Z", INT64_C(839483820000000));
	check("2026-08-07T06:34:17.273281+00:00", INT64_C(839399657273281));
	check("0001-01-01T00:00:00Z", INT64_C(-63082281600000000));
	check("9999-12-31T23:59:59.999999Z", INT64_C(252455615999999999));
	check("2024-02-29T12:00:00.5Z", INT64_C(762523200500000));
	check("1970-01-01T00:00:00Z", INT64_C(-946684800000000));
	check("1999-12-31T23:59:59.000001Z", -999999);

	/* every day of the calendar follows the one before by one day */
	for (int y = 1; y <= 9999; y++)
		for (int m = 1; m <= 12; m++)
			for (int d = 1; d <= month_length(y, m); d++)
			{
				int64_t		t;

				snprintf(buf, sizeof buf, "%04d-%02d-%02dT00:00:00Z", y, m, d);
				if (!pith_utc_timestamp_parse(buf, strlen(buf), &t) || (!first && t - prev != INT64_C(86400000000)))
				{
					failures++;
					fprintf(stderr, "FAIL %s: not one day after the day before\n", buf);
					return 1;
				}
				prev = t;
				first = false;
			}

	/* left to the general parser */
	refused("");
	refused("2026-08-08");
	refused("2026-08-08 05:57:00Z");
	refused("2026-08-08T05:57:00");
	refused("2026-08-08T05:57:00+01:00");
	refused("2026-08-08T05:57:00-00:00");
	refused("2026-08-08T05:57:00+00");
	refused("2026-08-08T05:57:00.Z");
	refused("2026-08-08T05:57:00.1234567Z");
	refused("2026-08-08T24:00:00Z");
	refused("2026-08-08T23:59:60Z");
	refused("2026-08-08T23:60:00Z");
	refused("2023-02-29T00:00:00Z");
	refused("1900-02-29T00:00:00Z");
	refused("0000-01-01T00:00:00Z");
	refused("2026-13-01T00:00:00Z");
	refused("2026-00-01T00:00:00Z");
	refused("2026-04-31T00:00:00Z");
	refused("2026-08-08T05:57:00ZZ");
	refused("2026-08-08T05:57:00 Z");
	refused("+2026-08-08T05:57:00Z");
	refused("2026-8-08T05:57:00Z");
	refused("20x6-08-08T05:57:00Z");
	refused("2026-08-08T05:57:0xZ");
	/* not NUL-terminated: only len bytes are read */
	{
		const char *s = "2026-08-08T05:57:00Z trailing";
		int64_t		t;

		if (!pith_utc_timestamp_parse(s, 20, &t) || t != INT64_C(839483820000000))
		{
			failures++;
			fprintf(stderr, "FAIL: a prefix of a longer buffer\n");
		}
	}

	if (failures)
		return 1;
	printf("utc_timestamp: all checks passed\n");
	return 0;
}
