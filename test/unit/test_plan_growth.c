/*
 * test_plan_growth.c -- unit test of src/core/plan_growth.c: the first
 * question only records the sizes; the plans are outgrown once one table
 * is more than twice its recorded size plus the slack, and every size is
 * then recorded again; a table that shrank is recorded at its new size; a
 * negative size (an unknown one) never counts; sizes near INT64_MAX do not
 * overflow; a load that keeps growing is told a logarithmic number of times.
 */
#include <stdio.h>

#include "plan_growth.h"

static int	failures = 0;

static void
ask(int64_t *planned, int64_t a, int64_t b, bool want, int64_t want_a, int64_t want_b, const char *what)
{
	int64_t		now[2] = {a, b};
	bool		got = pith_plans_outgrown(planned, now, 2);

	if (got != want || planned[0] != want_a || planned[1] != want_b)
	{
		failures++;
		fprintf(stderr, "FAIL %s: sizes %lld %lld: got %s (planned %lld %lld), want %s (planned %lld %lld)\n",
				what, (long long) a, (long long) b, got ? "outgrown" : "not",
				(long long) planned[0], (long long) planned[1], want ? "outgrown" : "not",
				(long long) want_a, (long long) want_b);
	}
}

int
main(void)
{
	const int64_t s = PITH_PLAN_GROWTH_SLACK;
	int64_t		p[2] = {-1, -1};

	/* the first question records the sizes: plans are being made now */
	ask(p, 8192, 1000000, false, 8192, 1000000, "first");
	/* growth up to twice plus the slack: the same plans */
	ask(p, 8192 * 2 + s, 2000000 + s, false, 8192, 1000000, "at the bound");
	/* one table beyond it: outgrown, every size recorded again */
	ask(p, 8192 * 2 + s + 1, 1500000, true, 8192 * 2 + s + 1, 1500000, "one table beyond");
	ask(p, 8192 * 2 + s + 2, 1500001, false, 8192 * 2 + s + 1, 1500000, "just after a discard");
	/* a table that shrank (a TRUNCATE) is recorded smaller, no discard */
	ask(p, 4096, 1500000, false, 4096, 1500000, "one shrank");
	ask(p, 4096 * 2 + s + 1, 1500000, true, 4096 * 2 + s + 1, 1500000, "grew after shrinking");
	/* an unknown size changes nothing and counts for nothing */
	ask(p, -1, 1500000 * 3 + s, true, 4096 * 2 + s + 1, 1500000 * 3 + s, "one unknown, the other beyond");
	ask(p, -1, -1, false, 4096 * 2 + s + 1, 1500000 * 3 + s, "both unknown");
	/* no overflow near the top */
	p[0] = INT64_MAX / 2;
	p[1] = 0;
	ask(p, INT64_MAX, 0, false, INT64_MAX / 2, 0, "INT64_MAX, planned half of it");
	p[0] = INT64_MAX / 4;
	ask(p, INT64_MAX, 0, true, INT64_MAX, 0, "INT64_MAX, planned a quarter of it");
	/* a load that keeps growing to 1 TB in 16 MB steps: told 16 to 30 times */
	{
		int64_t		q[1] = {-1};
		int			told = 0;

		for (int64_t size = 8192; size <= ((int64_t) 1 << 40); size += ((int64_t) 1 << 24))
			told += pith_plans_outgrown(q, &size, 1);
		if (told < 16 || told > 30)
		{
			failures++;
			fprintf(stderr, "FAIL growth to 1 TB in 16 MB steps: told %d times, want 16 to 30\n", told);
		}
	}

	if (failures)
		fprintf(stderr, "%d failure(s)\n", failures);
	else
		printf("test_plan_growth: all passed\n");
	return failures != 0;
}
