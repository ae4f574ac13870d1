/*
 * train_refsplit.c -- trains the reference splitter's line labeller (a
 * linear-chain CRF over the labels b/i/o, features of
 * src/core/refsec_lines.c) from the line corpus make_corpus.py writes,
 * deterministically: the same corpus and options give the same model file.
 *
 *   train_refsplit LINES.tsv OUT.model [--splits train] [--epochs N] [--c2 X]
 *                  [--eta X] [--min-count N] [--seed N]
 *
 * LINES.tsv: header, then doc, split, label, text (escaped \n \t \\); rows
 * of one doc are consecutive and in order.  Each doc's lines are joined
 * into one text and analysed exactly as pith_refsplit_section_only does at
 * run time.  Training maximises the L2-regularised conditional
 * log-likelihood by stochastic gradient steps with AdaGrad step sizes in a
 * fixed-seed order; weights are quantised to 16 bits into a "PITHCRF" file
 * (src/core/crf_model.h).  Built natively, never part of pith.so.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_model.h"
#include "refsec_lines.h"

#define NL PITH_REFSPLIT_NLABELS

typedef struct doc
{
	char		name[128];
	char	   *text;
	size_t		len,
				cap;
	uint8_t    *gold;
	size_t		nlines,
				capl;
	/* features: per line, count then hashes (replaced by dictionary indices) */
	uint32_t   *feats;
	size_t		nfeats;
} doc;

static void *
xmalloc(size_t n)
{
	void	   *p = malloc(n ? n : 1);

	if (!p)
	{
		fprintf(stderr, "train_refsplit: out of memory\n");
		exit(2);
	}
	return p;
}

static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
	{
		fprintf(stderr, "train_refsplit: out of memory\n");
		exit(2);
	}
	return p;
}

static uint64_t rng_state = 1;
static uint64_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static size_t
unescape(const char *s, char *out)
{
	size_t		o = 0;

	for (size_t i = 0; s[i]; i++)
	{
		if (s[i] == '\\' && s[i + 1])
		{
			i++;
			out[o++] = s[i] == 'n' ? '\n' : s[i] == 't' ? '\t' : s[i];
		}
		else
			out[o++] = s[i];
	}
	return o;
}

static int
in_list(const char *list, const char *w)
{
	size_t		n = strlen(w);

	for (const char *p = list; *p;)
	{
		const char *e = strchr(p, ',');
		size_t		l = e ? (size_t) (e - p) : strlen(p);

		if (l == n && memcmp(p, w, n) == 0)
			return 1;
		p = e ? e + 1 : p + l;
	}
	return 0;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *) a,
				y = *(const uint32_t *) b;

	return x < y ? -1 : x > y;
}

static double
lse(const double *v, int n)
{
	double		m = v[0],
				s = 0;

	for (int i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	for (int i = 0; i < n; i++)
		s += exp(v[i] - m);
	return m + log(s);
}

int
main(int argc, char **argv)
{
	const char *splits = "train";
	int			epochs = 30;
	double		c2 = 1.0,
				eta = 0.05;
	uint32_t	min_count = 2;
	doc		   *docs = NULL;
	size_t		ndocs = 0,
				capd = 0;
	FILE	   *f;
	char	   *line = NULL;
	size_t		linecap = 0;
	uint32_t   *allk = NULL;
	size_t		nallk = 0,
				capk = 0;
	uint32_t   *keys;
	uint32_t   *counts;
	size_t		nkeys = 0;
	double	   *W,
			   *A,
			   *GW,
			   *GA;

	if (argc < 3)
	{
		fprintf(stderr, "usage: train_refsplit LINES.tsv OUT.model [--splits train] [--epochs N] [--c2 X] "
				"[--eta X] [--min-count N] [--seed N]\n");
		return 2;
	}
	for (int i = 3; i + 1 < argc; i += 2)
	{
		if (!strcmp(argv[i], "--splits"))
			splits = argv[i + 1];
		else if (!strcmp(argv[i], "--epochs"))
			epochs = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--c2"))
			c2 = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--eta"))
			eta = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--min-count"))
			min_count = (uint32_t) atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed"))
			rng_state = strtoull(argv[i + 1], NULL, 10) | 1;
		else
		{
			fprintf(stderr, "train_refsplit: unknown option %s\n", argv[i]);
			return 2;
		}
	}

	/* read the docs of the chosen splits */
	f = fopen(argv[1], "r");
	if (!f)
	{
		perror(argv[1]);
		return 2;
	}
	{
		ssize_t		got;
		int			header = 1;

		while ((got = getline(&line, &linecap, f)) > 0)
		{
			char	   *fl[4];
			int			nf = 1;
			doc		   *d;
			size_t		tl;

			if (line[got - 1] == '\n')
				line[--got] = '\0';
			if (header)
			{
				header = 0;
				continue;
			}
			fl[0] = line;
			for (char *p = line; *p && nf < 4; p++)
				if (*p == '\t')
				{
					*p = '\0';
					fl[nf++] = p + 1;
				}
			if (nf != 4 || !in_list(splits, fl[1]))
				continue;
			if (ndocs == 0 || strcmp(docs[ndocs - 1].name, fl[0]) != 0)
			{
				if (ndocs == capd)
				{
					capd = capd ? 2 * capd : 64;
					docs = xrealloc(docs, capd * sizeof(doc));
				}
				d = &docs[ndocs++];
				memset(d, 0, sizeof(*d));
				snprintf(d->name, sizeof(d->name), "%s", fl[0]);
			}
			d = &docs[ndocs - 1];
			tl = strlen(fl[3]);
			if (d->len + tl + 2 > d->cap)
			{
				d->cap = (d->len + tl + 2) * 2;
				d->text = xrealloc(d->text, d->cap);
			}
			if (d->nlines > 0)
				d->text[d->len++] = '\n';
			d->len += unescape(fl[3], d->text + d->len);
			if (d->nlines == d->capl)
			{
				d->capl = d->capl ? 2 * d->capl : 64;
				d->gold = xrealloc(d->gold, d->capl);
			}
			d->gold[d->nlines++] = (uint8_t) (fl[2][0] == 'b' ? 0 : fl[2][0] == 'i' ? 1 : 2);
		}
	}
	fclose(f);

	/* features, exactly as at run time */
	for (size_t di = 0; di < ndocs; di++)
	{
		doc		   *d = &docs[di];
		size_t		n = pith_refsec_lines(d->text, 0, d->len, NULL, 0);
		pith_line  *ls;
		pith_line_facts *fs;
		void	   *work;

		if (n != d->nlines)
		{
			fprintf(stderr, "train_refsplit: %s: %zu lines in the text, %zu labels; skipped\n", d->name, n,
					d->nlines);
			d->nlines = 0;
			continue;
		}
		ls = xmalloc(n * sizeof(pith_line));
		fs = xmalloc(n * sizeof(pith_line_facts));
		work = xmalloc(pith_refsec_facts_workspace(n));
		pith_refsec_lines(d->text, 0, d->len, ls, n);
		pith_refsec_facts(d->text, ls, n, fs, work);
		d->feats = xmalloc(n * (PITH_REFSPLIT_MAX_FEATURES + 1) * sizeof(uint32_t));
		for (size_t i = 0; i < n; i++)
		{
			uint32_t	fv[PITH_REFSPLIT_MAX_FEATURES];
			size_t		k = pith_refsec_features(fs, n, i, fv);

			d->feats[d->nfeats++] = (uint32_t) k;
			for (size_t j = 0; j < k; j++)
			{
				d->feats[d->nfeats++] = fv[j];
				if (nallk == capk)
				{
					capk = capk ? 2 * capk : 65536;
					allk = xrealloc(allk, capk * sizeof(uint32_t));
				}
				allk[nallk++] = fv[j];
			}
		}
		free(ls);
		free(fs);
		free(work);
	}

	/* dictionary: features seen at least min_count times */
	qsort(allk, nallk, sizeof(uint32_t), cmp_u32);
	keys = xmalloc((nallk ? nallk : 1) * sizeof(uint32_t));
	counts = xmalloc((nallk ? nallk : 1) * sizeof(uint32_t));
	for (size_t i = 0; i < nallk;)
	{
		size_t		j = i;

		while (j < nallk && allk[j] == allk[i])
			j++;
		if (j - i >= min_count)
		{
			keys[nkeys] = allk[i];
			counts[nkeys++] = (uint32_t) (j - i);
		}
		i = j;
	}
	free(allk);
	for (size_t di = 0; di < ndocs; di++)
	{
		doc		   *d = &docs[di];
		size_t		o = 0;

		for (size_t t = 0; t < d->nlines; t++)
		{
			uint32_t	k = d->feats[o++];

			for (uint32_t j = 0; j < k; j++, o++)
			{
				uint32_t   *hit = bsearch(&d->feats[o], keys, nkeys, sizeof(uint32_t), cmp_u32);

				d->feats[o] = hit ? (uint32_t) (hit - keys) : UINT32_MAX;
			}
		}
	}
	fprintf(stderr, "train_refsplit: %zu docs, %zu features\n", ndocs, nkeys);

	W = calloc(nkeys * NL + 1, sizeof(double));
	GW = calloc(nkeys * NL + 1, sizeof(double));
	A = calloc((NL + 1) * NL, sizeof(double));
	GA = calloc((NL + 1) * NL, sizeof(double));
	{
		size_t		maxT = 1;
		size_t	   *order = xmalloc((ndocs ? ndocs : 1) * sizeof(size_t));
		double	   *em,
				   *al,
				   *be;
		double		l2 = c2 * 1e-3;

		for (size_t di = 0; di < ndocs; di++)
		{
			order[di] = di;
			if (docs[di].nlines > maxT)
				maxT = docs[di].nlines;
		}
		em = xmalloc(maxT * NL * sizeof(double));
		al = xmalloc(maxT * NL * sizeof(double));
		be = xmalloc(maxT * NL * sizeof(double));
		for (int ep = 0; ep < epochs; ep++)
		{
			double		loss = 0;

			for (size_t s = ndocs; s > 1; s--)
			{
				size_t		j = (size_t) (rng() % s),
							t = order[s - 1];

				order[s - 1] = order[j];
				order[j] = t;
			}
			for (size_t q = 0; q < ndocs; q++)
			{
				doc		   *d = &docs[order[q]];
				size_t		T = d->nlines,
							o = 0;
				double		tmp[NL],
							logZ,
							gold;
				double		gA[(NL + 1) * NL];

				if (T == 0)
					continue;
				for (size_t t = 0; t < T; t++)
				{
					uint32_t	k = d->feats[o++];

					for (int y = 0; y < NL; y++)
						em[t * NL + y] = 0;
					for (uint32_t j = 0; j < k; j++, o++)
						if (d->feats[o] != UINT32_MAX)
							for (int y = 0; y < NL; y++)
								em[t * NL + y] += W[(size_t) d->feats[o] * NL + y];
				}
				for (int y = 0; y < NL; y++)
					al[y] = A[NL * NL + y] + em[y];
				for (size_t t = 1; t < T; t++)
					for (int y = 0; y < NL; y++)
					{
						for (int x = 0; x < NL; x++)
							tmp[x] = al[(t - 1) * NL + x] + A[x * NL + y];
						al[t * NL + y] = lse(tmp, NL) + em[t * NL + y];
					}
				for (int y = 0; y < NL; y++)
					be[(T - 1) * NL + y] = 0;
				for (size_t t = T - 1; t > 0; t--)
					for (int x = 0; x < NL; x++)
					{
						for (int y = 0; y < NL; y++)
							tmp[y] = A[x * NL + y] + em[t * NL + y] + be[t * NL + y];
						be[(t - 1) * NL + x] = lse(tmp, NL);
					}
				logZ = lse(al + (T - 1) * NL, NL);
				gold = A[NL * NL + d->gold[0]];
				for (size_t t = 0; t < T; t++)
				{
					gold += em[t * NL + d->gold[t]];
					if (t > 0)
						gold += A[d->gold[t - 1] * NL + d->gold[t]];
				}
				loss += logZ - gold;

				memset(gA, 0, sizeof(gA));
				o = 0;
				for (size_t t = 0; t < T; t++)
				{
					uint32_t	k = d->feats[o++];
					double		g[NL];

					for (int y = 0; y < NL; y++)
						g[y] = -exp(al[t * NL + y] + be[t * NL + y] - logZ);
					g[d->gold[t]] += 1;
					for (uint32_t j = 0; j < k; j++, o++)
						if (d->feats[o] != UINT32_MAX)
						{
							size_t		base = (size_t) d->feats[o] * NL;

							for (int y = 0; y < NL; y++)
							{
								double		gy = g[y] - l2 * W[base + y];

								GW[base + y] += gy * gy;
								W[base + y] += eta * gy / sqrt(GW[base + y] + 1e-8);
							}
						}
					if (t == 0)
						for (int y = 0; y < NL; y++)
							gA[NL * NL + y] += g[y];
					else
					{
						for (int x = 0; x < NL; x++)
							for (int y = 0; y < NL; y++)
								gA[x * NL + y] -= exp(al[(t - 1) * NL + x] + A[x * NL + y] + em[t * NL + y] +
													  be[t * NL + y] - logZ);
						gA[d->gold[t - 1] * NL + d->gold[t]] += 1;
					}
				}
				for (int i = 0; i < (NL + 1) * NL; i++)
				{
					double		gy = gA[i] - l2 * A[i];

					GA[i] += gy * gy;
					A[i] += eta * gy / sqrt(GA[i] + 1e-8);
				}
			}
			fprintf(stderr, "train_refsplit: epoch %d loss %.2f\n", ep + 1, loss);
		}
		free(order);
		free(em);
		free(al);
		free(be);
	}

	/* quantise and write */
	{
		double		maxw = 1e-9,
					q;
		uint32_t   *ok = xmalloc((nkeys ? nkeys : 1) * sizeof(uint32_t));
		int16_t    *ow = xmalloc((nkeys ? nkeys : 1) * NL * sizeof(int16_t));
		int16_t		ot[(NL + 1) * NL];
		size_t		kept = 0,
					sz;
		unsigned char *buf;

		for (size_t i = 0; i < nkeys * NL; i++)
			if (fabs(W[i]) > maxw)
				maxw = fabs(W[i]);
		for (int i = 0; i < (NL + 1) * NL; i++)
			if (fabs(A[i]) > maxw)
				maxw = fabs(A[i]);
		q = 32000.0 / maxw;
		for (size_t k = 0; k < nkeys; k++)
		{
			int			any = 0;

			for (int y = 0; y < NL; y++)
			{
				ow[kept * NL + y] = (int16_t) lrint(W[k * NL + y] * q);
				any |= ow[kept * NL + y] != 0;
			}
			if (any)
				ok[kept++] = keys[k];
		}
		for (int i = 0; i < (NL + 1) * NL; i++)
			ot[i] = (int16_t) lrint(A[i] * q);
		sz = pith_crf_file_size(NL, (uint32_t) kept);
		buf = xmalloc(sz);
		pith_crf_file_write(buf, PITH_REFSPLIT_FEATURE_SCHEMA, PITH_REFSPLIT_LABELS, NL, (uint32_t) kept,
							(float) (1.0 / q), ot, ok, ow);
		f = fopen(argv[2], "wb");
		if (!f || fwrite(buf, 1, sz, f) != sz || fclose(f) != 0)
		{
			perror(argv[2]);
			return 2;
		}
		fprintf(stderr, "train_refsplit: wrote %s: %zu features, %zu bytes\n", argv[2], kept, sz);
		free(buf);
		free(ok);
		free(ow);
	}
	for (size_t di = 0; di < ndocs; di++)
	{
		free(docs[di].text);
		free(docs[di].gold);
		free(docs[di].feats);
	}
	free(docs);
	free(W);
	free(GW);
	free(A);
	free(GA);
	free(keys);
	free(counts);
	free(line);
	return 0;
}
