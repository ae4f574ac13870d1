/*
 * test_rw_date.c -- unit test of src/core/rw_date.c: the Retraction Watch
 * date shapes it accepts (M/D/YYYY with an optional H:MM[:SS], ISO
 * YYYY-MM-DD with an optional time, spaces around), the calendar checks,
 * and the near misses it must refuse.
 */
#include <stdio.h>
#include <string.h>

#include "rw_date.h"

static int	failures = 0;

/* want_y == 0: the text must be refused. */
static void
check(const char *in, int want_y, int want_m, int want_d)
{
	int			y = -1,
				m = -1,
				d = -1;
	bool		ok = pith_rw_date_parse(in, strlen(in), &y, &m, &d);

	if (want_y == 0 ? ok : (!ok || y != want_y || m != want_m || d != want_d))
	{
		failures++;
		if (ok)
			fprintf(stderr, "FAIL \"%s\": got %04d-%02d-%02d, want %s\n", in, y, m, d,
					want_y == 0 ? "refused" : "another date");
		else
			fprintf(stderr, "FAIL \"%s\": refused, want %04d-%02d-%02d\n", in, want_y, want_m, want_d);
	}
}

int
main(void)
{
	/* as the database publishes them */
	check("4/13/2023 0:00", 2023, 4, 13);
	check("12/1/2020 0:00", 2020, 12, 1);
	check("1/2/2020", 2020, 1, 2);
	check("01/02/2020 23:59:59", 2020, 1, 2);
	check("  3/4/2021 10:30  ", 2021, 3, 4);
	check("2/29/2024 0:00", 2024, 2, 29);
	check("2/29/2000", 2000, 2, 29);
	/* ISO, with or without a time */
	check("2023-04-13", 2023, 4, 13);
	check(" 2023-04-13T10:00:00.5 ", 2023, 4, 13);
	check("2023-04-13 10:00", 2023, 4, 13);
	check("2023-04-13T", 2023, 4, 13);
	check("2023-04-13 ", 2023, 4, 13);
	check("0001-01-01", 1, 1, 1);
	/* not calendar dates */
	check("2/29/2023", 0, 0, 0);
	check("2/29/1900", 0, 0, 0);
	check("13/1/2020", 0, 0, 0);
	check("0/1/2020", 0, 0, 0);
	check("1/0/2020", 0, 0, 0);
	check("4/31/2020", 0, 0, 0);
	check("1/1/0000", 0, 0, 0);
	check("2023-00-10", 0, 0, 0);
	check("2023-02-30", 0, 0, 0);
	/* near misses of the shapes */
	check("", 0, 0, 0);
	check("   ", 0, 0, 0);
	check("unavailable", 0, 0, 0);
	check("123/1/2020", 0, 0, 0);
	check("1/123/2020", 0, 0, 0);
	check("1/1/20201", 0, 0, 0);
	check("1/1/202", 0, 0, 0);
	check("1/1/2020 0", 0, 0, 0);
	check("1/1/2020 0:0", 0, 0, 0);
	check("1/1/2020 0:000", 0, 0, 0);
	check("1/1/2020 0:00:0", 0, 0, 0);
	check("1/1/2020 123:00", 0, 0, 0);
	check("1/1/2020  0:00", 0, 0, 0);
	check("1/1/2020T0:00", 0, 0, 0);
	check("1/1/2020 0:00 PM", 0, 0, 0);
	check("\t1/1/2020", 0, 0, 0);
	check("1/1/2020\n", 0, 0, 0);
	check("1-1-2020", 0, 0, 0);
	check("2023-4-13", 0, 0, 0);
	check("2023-04-1", 0, 0, 0);
	check("2023-04-133", 0, 0, 0);
	check("20230-04-13", 0, 0, 0);
	check("2023-04-13  10:00", 0, 0, 0);
	check("2023-04-13T10:00Z", 0, 0, 0);
	check("2023/04/13", 0, 0, 0);
	check("\xd9\xa1/1/2020", 0, 0, 0);	/* ARABIC-INDIC DIGIT ONE */
	/* a length shorter than the string: only those bytes count */
	{
		int			y,
					m,
					d;

		if (!pith_rw_date_parse("1/2/2020 0:00 trailing", 13, &y, &m, &d) || y != 2020 || m != 1 || d != 2)
		{
			failures++;
			fprintf(stderr, "FAIL: length not honoured\n");
		}
	}
	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	printf("rw_date: all checks passed\n");
	return 0;
}
