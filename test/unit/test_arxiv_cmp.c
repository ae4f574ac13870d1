/*
 * test_arxiv_cmp.c -- property test of the pith.arxiv_id order: the
 * byte-deciding comparison pith_arxiv_cmp must give, on canonical text,
 * exactly the order of pith_arxiv_cmp_parsed (the order B-tree indexes on
 * disk were built in).  Ids are generated from a fixed seed in both eras
 * -- every old-style archive, years on both sides of 2000, new-style
 * numbers of 4 and 5 digits, no version or versions across digit-count
 * boundaries (v9/v10, v99/v100) -- written in the forms users type (URL,
 * arXiv: prefix, capital V, subject class), canonicalized by
 * pith_arxiv_parse, and every pair compared both ways.  A few orders are
 * also spelled out by hand.  Exit 0 on success.
 */
#include "arxiv_id_parse.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int	failures = 0;

#define CHECK(cond, ...) \
	do { if (!(cond)) { fprintf(stderr, "FAIL: " __VA_ARGS__); fputc('\n', stderr); failures++; } } while (0)

static uint64_t rng = 0x2506064720070401ULL;

/* A pseudo-random number in [0, n). */
static unsigned
pick(unsigned n)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned) ((rng >> 33) % n);
}

static const char *const archives[] = {
	"acc-phys", "adap-org", "alg-geom", "ao-sci", "astro-ph", "atom-ph",
	"bayes-an", "chao-dyn", "chem-ph", "cmp-lg", "comp-gas", "cond-mat",
	"cs", "dg-ga", "funct-an", "gr-qc", "hep-ex", "hep-lat", "hep-ph",
	"hep-th", "math", "math-ph", "mtrl-th", "nlin", "nucl-ex", "nucl-th",
	"patt-sol", "physics", "plasm-ph", "q-alg", "q-bio", "quant-ph",
	"solv-int", "stat", "supr-con",
};
#define NARCHIVES ((unsigned) (sizeof(archives) / sizeof(archives[0])))

/* A version suffix: none, small, or near a digit-count boundary. */
static void
version_text(char *out, size_t cap)
{
	static const int edges[] = {9, 10, 11, 99, 100, 101, 999, 1000, 123456789, 999999999};
	unsigned	r = pick(10);

	if (r < 3)
		out[0] = '\0';
	else if (r < 7)
	{
		char		v = pick(4) ? 'v' : 'V';

		snprintf(out, cap, "%c%u", v, 1 + pick(4));
	}
	else
		snprintf(out, cap, "v%d", edges[pick(sizeof(edges) / sizeof(edges[0]))]);
}

/* Writes one generated id, in some accepted form, into out. */
static void
generate(char *out, size_t cap)
{
	static const char *const prefixes[] = {"", "", "", "arXiv:", "ARXIV: ", "https://arxiv.org/abs/",
	"http://export.arxiv.org/abs/"};
	char		version[16];
	char		body[48];

	version_text(version, sizeof(version));
	if (pick(2))
	{
		/* old-style: 9108..9912, 0001..0703; a small number range makes ties */
		static const int years[] = {91, 92, 95, 98, 99, 0, 1, 5, 7};
		int			yy = years[pick(sizeof(years) / sizeof(years[0]))];
		int			mm = yy == 91 ? 8 + (int) pick(5) : (yy == 7 ? 1 + (int) pick(3) : 1 + (int) pick(12));
		const char *archive = archives[pick(NARCHIVES)];
		unsigned	number = 1 + pick(pick(2) ? 3 : 999);
		char		class[4] = "";

		/* (one pick per statement: the sequence must not depend on the compiler) */
		if (pick(6) == 0)
		{
			class[0] = '.';
			class[1] = (char) ('A' + pick(26));
			class[2] = (char) ('A' + pick(26));
		}
		snprintf(body, sizeof(body), "%s%s/%02d%02d%03u%s", archive, class, yy, mm, number, version);
	}
	else
	{
		/* new-style: 0704..1412 four digits, 1501.. five */
		static const int years[] = {7, 8, 12, 14, 15, 16, 20, 25, 26};
		int			yy = years[pick(sizeof(years) / sizeof(years[0]))];
		int			mm = yy == 7 ? 4 + (int) pick(9) : 1 + (int) pick(12);

		unsigned	number = 1 + pick(pick(2) ? 3 : (yy < 15 ? 9999 : 99999));

		snprintf(body, sizeof(body), yy < 15 ? "%02d%02d.%04u%s" : "%02d%02d.%05u%s", yy, mm, number, version);
	}
	snprintf(out, cap, "%s%s", prefixes[pick(sizeof(prefixes) / sizeof(prefixes[0]))], body);
}

static int
sign(int c)
{
	return (c > 0) - (c < 0);
}

/* a < b in both comparisons (a and b are any accepted forms). */
static void
expect_before(const char *a, const char *b)
{
	pith_arxiv_id x,
				y;

	if (!pith_arxiv_parse(a, strlen(a), &x, NULL, 0) || !pith_arxiv_parse(b, strlen(b), &y, NULL, 0))
	{
		CHECK(0, "%s or %s does not parse", a, b);
		return;
	}
	CHECK(pith_arxiv_cmp(x.canon, x.len, y.canon, y.len) < 0, "%s < %s", a, b);
	CHECK(pith_arxiv_cmp(y.canon, y.len, x.canon, x.len) > 0, "%s > %s", b, a);
	CHECK(pith_arxiv_cmp_parsed(x.canon, x.len, y.canon, y.len) < 0, "parsed: %s < %s", a, b);
}

#define NIDS 1500

int
main(void)
{
	static pith_arxiv_id ids[NIDS];
	char		buf[96];
	int			i,
				j,
				n = 0,
				versions = 0,
				old = 0,
				ties = 0;
	long		pairs = 0;

	/* the orders that bytes alone would get wrong */
	expect_before("hep-th/9912001", "hep-th/0001001");	/* century */
	expect_before("math/0309136", "math-ph/0309136");	/* archive "math" before "math-ph" */
	expect_before("2506.06472v9", "2506.06472v10");	/* version by number */
	expect_before("2506.06472v99", "2506.06472v100");
	expect_before("2506.06472", "2506.06472v1");	/* no version first */
	expect_before("supr-con/0703001", "0704.0001");	/* old-style before new-style */
	expect_before("1412.9999v3", "1501.00001");	/* 4 digits, then 5 */
	expect_before("cs/9901001v2", "cs/9901002");
	expect_before("astro-ph/0001001v10", "astro-ph/0001001v11");

	while (n < NIDS)
	{
		generate(buf, sizeof(buf));
		CHECK(pith_arxiv_parse(buf, strlen(buf), &ids[n], NULL, 0), "generated id does not parse: %s", buf);
		if (ids[n].len == 0)
			break;
		versions += ids[n].version > 0;
		old += ids[n].old_style;
		n++;
	}
	/* the generator covers what it says */
	CHECK(old > NIDS / 4 && old < 3 * NIDS / 4, "old-style share %d of %d", old, n);
	CHECK(versions > NIDS / 2, "versions in %d of %d", versions, n);

	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
		{
			int			fast = sign(pith_arxiv_cmp(ids[i].canon, ids[i].len, ids[j].canon, ids[j].len));
			int			parsed = sign(pith_arxiv_cmp_parsed(ids[i].canon, ids[i].len, ids[j].canon, ids[j].len));

			pairs++;
			if (fast != parsed)
			{
				CHECK(0, "order differs: %s vs %s: %d, parsed %d", ids[i].canon, ids[j].canon, fast, parsed);
				if (failures > 20)
					return 1;
			}
			/* same base, different bytes: the version decides */
			if (i != j && ids[i].base_len == ids[j].base_len &&
				memcmp(ids[i].canon, ids[j].canon, ids[i].base_len) == 0 && ids[i].len != ids[j].len)
				ties++;
		}
	CHECK(ties > 100, "pairs decided by the version only: %d", ties);

	if (failures)
		return 1;
	printf("arxiv_cmp: %ld pairs of %d generated ids (%d old-style, %d with a version, %d version-only pairs) "
		   "in the parsed order\n", pairs, n, old, versions, ties);
	return 0;
}
