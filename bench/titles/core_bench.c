/*
 * core_bench.c -- where the time of one title_similarity goes, measured on
 * the title core alone (no PostgreSQL): for each pair (a, b) of a TSV file
 * (columns ..., a, b as the last two), the time of keying (NFKC and folding
 * through ICU for non-ASCII text, the byte path for ASCII, debris rules and
 * soft cuts), of the LCS score on keys already made, and of the whole
 * pith_title_similarity.  Built and run by bench/titles/run_core.
 *
 *     core_bench FILE [ROUNDS [sim]]
 *
 * With "sim", only the whole pith_title_similarity runs (for a profiler:
 * bench/titles/run_core splits its instructions among ICU, keying and LCS).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "title_core.h"

static void *
b_alloc(size_t size, void *arg)
{
	(void) arg;
	return malloc(size);
}

static void
b_release(void *ptr, void *arg)
{
	(void) arg;
	free(ptr);
}

static const pith_title_env env = {b_alloc, b_release, NULL, NULL};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char) *s >= 0x80)
			return 0;
	return 1;
}

int
main(int argc, char **argv)
{
	FILE	   *f;
	char		line[16384];
	char	  **as = NULL,
			  **bs = NULL,
			  **kas,
			  **kbs;
	size_t		n = 0,
				cap = 0,
				i,
				ascii = 0;
	int			rounds = argc > 2 ? atoi(argv[2]) : 5,
				r;
	double		t0,
				t_norm = 1e9,
				t_key = 1e9,
				t_keys_sim = 1e9,
				t_sim = 1e9,
				sink = 0;
	pith_title_err err;

	if (argc < 2 || !(f = fopen(argv[1], "r")))
	{
		fprintf(stderr, "usage: core_bench FILE [ROUNDS]\n");
		return 2;
	}
	while (fgets(line, sizeof(line), f))
	{
		char	   *tab2,
				   *tab1,
				   *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		tab2 = strrchr(line, '\t');
		if (!tab2)
			continue;
		*tab2 = '\0';
		tab1 = strrchr(line, '\t');
		if (!tab1 || strcmp(tab1 + 1, "a") == 0)
			continue;			/* no a column, or the header */
		if (n == cap)
		{
			cap = cap ? cap * 2 : 1024;
			as = realloc(as, cap * sizeof(char *));
			bs = realloc(bs, cap * sizeof(char *));
		}
		as[n] = strdup(tab1 + 1);
		bs[n] = strdup(tab2 + 1);
		ascii += is_ascii(as[n]) && is_ascii(bs[n]);
		n++;
	}
	fclose(f);
	kas = calloc(n, sizeof(char *));
	kbs = calloc(n, sizeof(char *));
	for (r = 0; r < rounds; r++)
	{
		double		t;

		if (argc > 3 && strcmp(argv[3], "sim") == 0)
			goto sim_only;
		t0 = now();
		for (i = 0; i < n; i++)
		{
			char	   *o;
			size_t		ol;

			pith_title_normalize(&env, as[i], strlen(as[i]), &o, &ol, &err);
			sink += ol;
			free(o);
			pith_title_normalize(&env, bs[i], strlen(bs[i]), &o, &ol, &err);
			sink += ol;
			free(o);
		}
		t = now() - t0;
		t_norm = t < t_norm ? t : t_norm;

		t0 = now();
		for (i = 0; i < n; i++)
		{
			size_t		ol;

			free(kas[i]);
			free(kbs[i]);
			pith_title_key(&env, as[i], strlen(as[i]), &kas[i], &ol, &err);
			pith_title_key(&env, bs[i], strlen(bs[i]), &kbs[i], &ol, &err);
		}
		t = now() - t0;
		t_key = t < t_key ? t : t_key;

		t0 = now();
		for (i = 0; i < n; i++)
		{
			double		s;

			pith_title_key_similarity(&env, kas[i], strlen(kas[i]), kbs[i], strlen(kbs[i]), &s, &err);
			sink += s;
		}
		t = now() - t0;
		t_keys_sim = t < t_keys_sim ? t : t_keys_sim;

sim_only:
		t0 = now();
		for (i = 0; i < n; i++)
		{
			double		s;

			pith_title_similarity(&env, as[i], strlen(as[i]), bs[i], strlen(bs[i]), &s, &err);
			sink += s;
		}
		t = now() - t0;
		t_sim = t < t_sim ? t : t_sim;
	}
	printf("%zu pairs (%zu all ASCII), best of %d rounds, ns per pair:\n", n, ascii, rounds);
	printf("| step | ns/pair |\n| --- | ---: |\n");
	printf("| normalize_title, both titles | %.0f |\n", 1e9 * t_norm / n);
	printf("| title_key, both titles (debris rules, folding; ICU for non-ASCII) | %.0f |\n", 1e9 * t_key / n);
	printf("| title_key_similarity on the two keys (UTF-8 to UTF-16, LCS) | %.0f |\n", 1e9 * t_keys_sim / n);
	printf("| title_similarity (keys with soft cuts, LCS with prefixes, numbers) | %.0f |\n", 1e9 * t_sim / n);
	if (sink == -1)
		printf("\n");
	return 0;
}
