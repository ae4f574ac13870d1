/*
 * train_crf.c -- trains the reference labeller's CRF (src/core/crf_model.h)
 * from a labelled TSV corpus, deterministically: the same corpus, seed and
 * options give the same model file, byte for byte.
 *
 *   train_crf CORPUS.tsv OUT.model [--splits train,dev] [--epochs N]
 *             [--seed N] [--c2 X] [--eta X] [--min-count N] [--eval SPLIT]
 *   train_crf CORPUS.tsv --load MODEL [--eval SPLIT]   (figures only)
 *
 * CORPUS.tsv: header line, then source, item_id, split, text, labels; the
 * labels column has one letter per byte of text (PITH_REF_LABELS).  Every
 * string goes through the same analysis as at parse time
 * (pith_ref_analyze: repair, identifiers, tokens, token facts); a token
 * takes the label of its first source byte.  Training maximises the
 * conditional log-likelihood with L2 regularisation by stochastic gradient
 * descent with AdaGrad step sizes (order shuffled by a fixed-seed generator), features seen fewer
 * than min-count times are dropped, the weights are pruned and quantised to
 * 16 bits.  --eval prints per-source title/year figures of the written
 * model on one split (tune on dev only).
 *
 * Built natively against src/core (model/train.sh), never part of pith.so.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_model.h"
#include "reference_parse.h"

#define NL 16
static const char label_letters[NL + 1] = PITH_REF_LABELS;

typedef struct seq
{
	uint32_t	ntok;
	uint64_t	foff;			/* into feats: per token, count then features */
	uint8_t    *labels;
} seq;

static void *
xmalloc(size_t n)
{
	void	   *p = malloc(n ? n : 1);

	if (!p)
	{
		fprintf(stderr, "train_crf: out of memory\n");
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
		fprintf(stderr, "train_crf: out of memory\n");
		exit(2);
	}
	return p;
}

/* xorshift64*: the only randomness, seeded from --seed */
static uint64_t rng_state;
static uint64_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static int
label_index(char c)
{
	const char *p = strchr(label_letters, c);

	return (c && p) ? (int) (p - label_letters) : (int) (strchr(label_letters, 'o') - label_letters);
}

/* One row of the TSV split into its five fields (in place). */
static int
split_row(char *line, char **f)
{
	int			n = 0;

	f[n++] = line;
	for (char *p = line; *p && n < 6; p++)
		if (*p == '\t')
		{
			*p = '\0';
			f[n++] = p + 1;
		}
	return n;
}

/* growing arrays */
static uint32_t *feats;
static uint64_t nfeats,
			capfeats;
static void
push_feat(uint32_t v)
{
	if (nfeats == capfeats)
	{
		capfeats = capfeats ? 2 * capfeats : (1u << 20);
		feats = xrealloc(feats, capfeats * sizeof(uint32_t));
	}
	feats[nfeats++] = v;
}

/* feature hash -> count, open addressing */
typedef struct
{
	uint32_t	key;
	uint32_t	count;			/* 0 = empty */
} cslot;
static cslot *ctab;
static uint64_t ctab_mask,
			ctab_used;

static uint64_t
cslot_of(uint32_t k)
{
	uint64_t	h = (uint64_t) k * 0x9E3779B97F4A7C15ull;

	return (h >> 20) & ctab_mask;
}

static void
count_feat(uint32_t k)
{
	uint64_t	s;

	if (2 * (ctab_used + 1) > ctab_mask + 1)
	{
		uint64_t	oldn = ctab_mask + 1;
		cslot	   *old = ctab;

		ctab_mask = 2 * oldn - 1;
		ctab = calloc(ctab_mask + 1, sizeof(cslot));
		if (!ctab)
			exit(2);
		for (uint64_t i = 0; i < oldn; i++)
			if (old[i].count)
			{
				s = cslot_of(old[i].key);
				while (ctab[s].count)
					s = (s + 1) & ctab_mask;
				ctab[s] = old[i];
			}
		free(old);
	}
	s = cslot_of(k);
	while (ctab[s].count && ctab[s].key != k)
		s = (s + 1) & ctab_mask;
	if (!ctab[s].count)
	{
		ctab[s].key = k;
		ctab_used++;
	}
	ctab[s].count++;
}

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t	x = *(const uint32_t *) a,
				y = *(const uint32_t *) b;

	return x < y ? -1 : x > y;
}

static long
find_key(const uint32_t *keys, size_t n, uint32_t k)
{
	size_t		lo = 0,
				hi = n;

	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (keys[mid] < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < n && keys[lo] == k) ? (long) lo : -1;
}

/* lower-case letters and digits only: a rough title key for --eval */
static void
rough_key(const char *s, size_t n, char *out)
{
	size_t		o = 0;

	for (size_t i = 0; i < n; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (c >= 'A' && c <= 'Z')
			out[o++] = (char) (c + 32);
		else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80)
			out[o++] = (char) c;
	}
	out[o] = '\0';
}

static void *
malloc_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

/*
 * Title / year / token figures of the model file buf[0..fsize) on one split
 * of the corpus (tune on dev only); TRAIN_CRF_SHOW=1 prints the title
 * misses.  Returns 0, or 2 when the model does not load.
 */
static int
evaluate(const unsigned char *buf, size_t fsize, const char *corpus, const char *evalsplit)
{
	FILE	   *f;
	char	   *line = NULL;
	size_t		linecap = 0;
	char		err[256];
	pith_crf_model *m = pith_crf_model_load(buf, fsize, PITH_REF_FEATURE_SCHEMA,
											malloc_alloc, NULL, err, sizeof(err));
	long		n = 0,
				tn = 0,
				tok = 0,
				yn = 0,
				yok = 0,
				tokn = 0,
				tokok = 0;

	if (!m)
	{
		fprintf(stderr, "train_crf: the model does not load: %s\n", err);
		return 2;
	}
	f = fopen(corpus, "r");
	while (f && getline(&line, &linecap, f) > 0)
	{
		char	   *fl[6];
		size_t		tlen;
		size_t		l = strlen(line);

		if (l && line[l - 1] == '\n')
			line[--l] = '\0';
		if (split_row(line, fl) != 5 || strcmp(fl[2], evalsplit) != 0)
			continue;
		tlen = strlen(fl[3]);
		if (tlen == 0 || tlen > PITH_REF_MAX_INPUT || strlen(fl[4]) != tlen)
			continue;
		{
			char	   *work = xmalloc(pith_reference_workspace(tlen, m));
			char	   *gold = xmalloc(tlen + 1),
					   *k1 = xmalloc(tlen + 1),
					   *k2 = xmalloc(tlen + 1);
			pith_parsed_ref r;
			size_t		a = tlen,
						b = 0,
						gy = 0;
			int			want_year = 0;

			pith_reference_parse(m, fl[3], tlen, work, &r);
			/* gold title: from the first to the last title byte */
			for (size_t i = 0; i < tlen; i++)
				if (fl[4][i] == 't')
				{
					if (a == tlen)
						a = i;
					b = i + 1;
				}
			/* gold year: first 4-digit 1500..2100 number in date bytes */
			for (size_t i = 0; i + 4 <= tlen && !want_year; i++)
				if (fl[4][i] == 'y' && (i == 0 || fl[3][i - 1] < '0' || fl[3][i - 1] > '9'))
				{
					int			v = 0,
								d;

					for (d = 0; d < 4 && fl[3][i + d] >= '0' && fl[3][i + d] <= '9'; d++)
						v = v * 10 + fl[3][i + d] - '0';
					if (d == 4 && (i + 4 >= tlen || fl[3][i + 4] < '0' || fl[3][i + 4] > '9') &&
						v >= 1500 && v <= 2100)
						want_year = v;
				}
			(void) gy;
			n++;
			if (b > a)
			{
				tn++;
				rough_key(fl[3] + a, b - a, k1);
				if (r.title)
				{
					rough_key(r.title, strlen(r.title), k2);
					if (strcmp(k1, k2) == 0)
						tok++;
					else if (getenv("TRAIN_CRF_SHOW"))
						printf("MISS\t%s\t%s\t%.*s\t%s\n", fl[0], fl[3], (int) (b - a), fl[3] + a, r.title);
				}
				else if (getenv("TRAIN_CRF_SHOW"))
					printf("NONE\t%s\t%s\t%.*s\t%s\n", fl[0], fl[3], (int) (b - a), fl[3] + a,
						   pith_reference_quality_name(r.quality));
			}
			if (want_year)
			{
				yn++;
				if (r.year == want_year)
					yok++;
			}
			/* token accuracy */
			{
				pith_ref_analysis an;
				char	   *w2 = xmalloc(pith_ref_analysis_workspace(tlen));
				char	   *lab,
						   *lw;

				pith_ref_analyze(fl[3], tlen, w2, &an);
				lab = xmalloc(an.ntok + 1);
				lw = xmalloc(pith_ref_label_workspace(an.ntok, m));
				pith_ref_label(m, &an, lab, lw);
				for (size_t t = 0; t < an.ntok; t++)
				{
					char		g = fl[4][an.src[an.tok[t].start]];

					tokn++;
					if (label_letters[label_index(g)] == lab[t])
						tokok++;
				}
				free(lab);
				free(lw);
				free(w2);
			}
			free(work);
			free(gold);
			free(k1);
			free(k2);
		}
	}
	if (f)
		fclose(f);
	fprintf(stderr, "eval %s: %ld strings; title %ld/%ld (%.1f%%); year %ld/%ld (%.1f%%); tokens %.1f%%\n",
			evalsplit, n, tok, tn, tn ? 100.0 * tok / tn : 0, yok, yn, yn ? 100.0 * yok / yn : 0,
			tokn ? 100.0 * tokok / tokn : 0);
	free(m);
	free(line);
	return 0;
}

int
main(int argc, char **argv)
{
	const char *corpus,
			   *outpath,
			   *splits = "train",
			   *evalsplit = NULL,
			   *loadpath = NULL;
	int			epochs = 12,
				first_option = 3;
	uint64_t	seed = 20261201;
	double		c2 = 1.0,
				eta0 = 0.1;
	uint32_t	min_count = 2;
	double		prune = 0.002;
	int			average = 0;
	FILE	   *f;
	char	   *line = NULL;
	size_t		linecap = 0;
	seq		   *seqs = NULL;
	size_t		nseq = 0,
				capseq = 0;
	uint32_t   *keys;
	size_t		nkeys = 0;
	double	   *W,
			   *A;

	if (argc < 3)
	{
		fprintf(stderr, "usage: train_crf CORPUS.tsv OUT.model [--splits train,dev] [--epochs N] [--seed N] "
				"[--c2 X] [--eta X] [--min-count N] [--prune X] [--average 0|1] [--eval SPLIT]\n"
				"       train_crf CORPUS.tsv --load MODEL [--eval SPLIT]\n");
		return 2;
	}
	corpus = argv[1];
	outpath = argv[2];
	if (!strcmp(argv[2], "--load") && argc > 3)
	{
		loadpath = argv[3];
		first_option = 4;
	}
	for (int i = first_option; i + 1 < argc; i += 2)
	{
		if (!strcmp(argv[i], "--splits"))
			splits = argv[i + 1];
		else if (!strcmp(argv[i], "--epochs"))
			epochs = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--seed"))
			seed = strtoull(argv[i + 1], NULL, 10);
		else if (!strcmp(argv[i], "--c2"))
			c2 = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--eta"))
			eta0 = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--min-count"))
			min_count = (uint32_t) atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--prune"))
			prune = atof(argv[i + 1]);
		else if (!strcmp(argv[i], "--average"))
			average = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--eval"))
			evalsplit = argv[i + 1];
		else
		{
			fprintf(stderr, "train_crf: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	rng_state = seed ? seed : 1;

	/* --load MODEL --eval SPLIT: figures of an existing model, no training */
	if (loadpath)
	{
		unsigned char *mbuf;
		long		mlen;
		int			rc;

		f = fopen(loadpath, "rb");
		if (!f || fseek(f, 0, SEEK_END) != 0 || (mlen = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
		{
			perror(loadpath);
			return 2;
		}
		mbuf = xmalloc((size_t) mlen);
		if (fread(mbuf, 1, (size_t) mlen, f) != (size_t) mlen)
		{
			perror(loadpath);
			return 2;
		}
		fclose(f);
		rc = evaluate(mbuf, (size_t) mlen, corpus, evalsplit ? evalsplit : "dev");
		free(mbuf);
		return rc;
	}

	/* read and analyse the training strings */
	f = fopen(corpus, "r");
	if (!f)
	{
		perror(corpus);
		return 2;
	}
	ctab_mask = (1u << 16) - 1;
	ctab = calloc(ctab_mask + 1, sizeof(cslot));
	{
		ssize_t		got;
		int			header = 1;

		while ((got = getline(&line, &linecap, f)) > 0)
		{
			char	   *fl[6];
			size_t		tlen;
			char	   *work;
			pith_ref_analysis a;
			char		want[64];
			int			ok = 0;

			if (line[got - 1] == '\n')
				line[--got] = '\0';
			if (header)
			{
				header = 0;
				continue;
			}
			if (split_row(line, fl) != 5)
				continue;
			/* is this row's split one of the training splits? */
			{
				const char *p = splits;

				while (*p && !ok)
				{
					const char *e = strchr(p, ',');
					size_t		l = e ? (size_t) (e - p) : strlen(p);

					if (l < sizeof(want))
					{
						memcpy(want, p, l);
						want[l] = '\0';
						ok = strcmp(want, fl[2]) == 0;
					}
					p = e ? e + 1 : p + l;
				}
			}
			tlen = strlen(fl[3]);
			if (!ok || tlen == 0 || tlen > PITH_REF_MAX_INPUT || strlen(fl[4]) != tlen)
				continue;
			work = xmalloc(pith_ref_analysis_workspace(tlen));
			pith_ref_analyze(fl[3], tlen, work, &a);
			if (a.ntok > 0)
			{
				seq			s;

				s.ntok = (uint32_t) a.ntok;
				s.foff = nfeats;
				s.labels = xmalloc(a.ntok);
				for (size_t t = 0; t < a.ntok; t++)
				{
					uint32_t	fs[PITH_REF_MAX_FEATURES];
					size_t		nf = pith_ref_features(a.info, a.ntok, t, fs);

					s.labels[t] = (uint8_t) label_index(fl[4][a.src[a.tok[t].start]]);
					push_feat((uint32_t) nf);
					for (size_t k = 0; k < nf; k++)
					{
						push_feat(fs[k]);
						count_feat(fs[k]);
					}
				}
				if (nseq == capseq)
				{
					capseq = capseq ? 2 * capseq : 4096;
					seqs = xrealloc(seqs, capseq * sizeof(seq));
				}
				seqs[nseq++] = s;
			}
			free(work);
		}
	}
	fclose(f);
	fprintf(stderr, "train_crf: %zu strings, %llu distinct features\n", nseq,
			(unsigned long long) ctab_used);
	if (nseq == 0)
		return 1;

	/* the feature dictionary: features seen at least min_count times, sorted */
	keys = xmalloc(ctab_used * sizeof(uint32_t));
	for (uint64_t i = 0; i <= ctab_mask; i++)
		if (ctab[i].count >= min_count)
			keys[nkeys++] = ctab[i].key;
	qsort(keys, nkeys, sizeof(uint32_t), cmp_u32);
	free(ctab);
	/* replace hashes by dictionary indices (UINT32_MAX: dropped) */
	for (size_t s = 0; s < nseq; s++)
	{
		uint64_t	o = seqs[s].foff;

		for (uint32_t t = 0; t < seqs[s].ntok; t++)
		{
			uint32_t	nf = feats[o++];

			for (uint32_t k = 0; k < nf; k++, o++)
			{
				long		idx = find_key(keys, nkeys, feats[o]);

				feats[o] = idx < 0 ? UINT32_MAX : (uint32_t) idx;
			}
		}
	}
	fprintf(stderr, "train_crf: %zu features kept (min count %u)\n", nkeys, min_count);

	/* stochastic gradient descent on the L2-regularised log-likelihood */
	W = calloc(nkeys * NL, sizeof(double));
	A = calloc((NL + 1) * NL, sizeof(double));
	{
		size_t	   *order = xmalloc(nseq * sizeof(size_t));
		size_t		maxT = 0;
		double	   *emit,
				   *ee,
				   *scale,
				   expA[NL * NL],
				   *alpha,
				   *beta;
		double		l2 = c2 * 1e-4;	/* per occurrence, on the weights it touches */
		double	   *GW = calloc(nkeys * NL, sizeof(double));
		/* averaging: U sums step * update, the average is W - U / steps */
		double	   *UW = average ? calloc(nkeys * NL, sizeof(double)) : NULL;
		double		UA[(NL + 1) * NL];
		double		step = 1;
		double		GA[(NL + 1) * NL],
					gA[(NL + 1) * NL];

		memset(GA, 0, sizeof(GA));
		memset(UA, 0, sizeof(UA));

		for (size_t s = 0; s < nseq; s++)
		{
			order[s] = s;
			if (seqs[s].ntok > maxT)
				maxT = seqs[s].ntok;
		}
		emit = xmalloc(maxT * NL * sizeof(double));
		ee = xmalloc(maxT * NL * sizeof(double));
		scale = xmalloc(maxT * sizeof(double));
		alpha = xmalloc(maxT * NL * sizeof(double));
		beta = xmalloc(maxT * NL * sizeof(double));
		for (int ep = 0; ep < epochs; ep++)
		{
			double		eta = eta0;
			double		loss = 0;

			for (size_t s = nseq - 1; s > 0; s--)
			{
				size_t		j = (size_t) (rng() % (s + 1)),
							tmp = order[s];

				order[s] = order[j];
				order[j] = tmp;
			}
			for (size_t q = 0; q < nseq; q++)
			{
				const seq  *sq = &seqs[order[q]];
				uint32_t	T = sq->ntok;
				uint64_t	o = sq->foff;
				double		logZ,
							tmpv[NL];

				/* emissions */
				for (uint32_t t = 0; t < T; t++)
				{
					uint32_t	nf = feats[o++];
					double	   *e = emit + t * NL;

					memset(e, 0, NL * sizeof(double));
					for (uint32_t k = 0; k < nf; k++, o++)
						if (feats[o] != UINT32_MAX)
						{
							const double *w = W + (size_t) feats[o] * NL;

							for (int y = 0; y < NL; y++)
								e[y] += w[y];
						}
					}
				/*
				 * forward, backward, in probability space with per-token
				 * scaling (exp of the emissions relative to each token's best,
				 * the forward vector normalised to sum 1 by scale[t]): no
				 * logarithm in the inner loops.  alpha[t] * beta[t] is then the
				 * marginal of token t.
				 */
				for (int i = 0; i < NL * NL; i++)
					expA[i] = exp(A[i]);
				logZ = 0;
				for (uint32_t t = 0; t < T; t++)
				{
					double	   *e = emit + t * NL,
								m = e[0],
								sum = 0;

					for (int y = 1; y < NL; y++)
						if (e[y] > m)
							m = e[y];
					for (int y = 0; y < NL; y++)
						ee[t * NL + y] = exp(e[y] - m);
					if (t == 0)
						for (int y = 0; y < NL; y++)
							alpha[y] = exp(A[NL * NL + y]) * ee[y];
					else
						for (int y = 0; y < NL; y++)
						{
							double		acc = 0;

							for (int x = 0; x < NL; x++)
								acc += alpha[(t - 1) * NL + x] * expA[x * NL + y];
							alpha[t * NL + y] = acc * ee[t * NL + y];
						}
					for (int y = 0; y < NL; y++)
						sum += alpha[t * NL + y];
					for (int y = 0; y < NL; y++)
						alpha[t * NL + y] /= sum;
					scale[t] = sum;
					logZ += log(sum) + m;
				}
				for (int y = 0; y < NL; y++)
					beta[(T - 1) * NL + y] = 1;
				for (uint32_t t = T - 1; t > 0; t--)
				{
					for (int y = 0; y < NL; y++)
						tmpv[y] = ee[t * NL + y] * beta[t * NL + y] / scale[t];
					for (int x = 0; x < NL; x++)
					{
						double		acc = 0;

						for (int y = 0; y < NL; y++)
							acc += expA[x * NL + y] * tmpv[y];
						beta[(t - 1) * NL + x] = acc;
					}
				}
				{
					double		gold = A[NL * NL + sq->labels[0]];

					for (uint32_t t = 0; t < T; t++)
					{
						gold += emit[t * NL + sq->labels[t]];
						if (t > 0)
							gold += A[sq->labels[t - 1] * NL + sq->labels[t]];
					}
					loss += logZ - gold;
				}

				/* gradient (observed minus expected counts), AdaGrad steps */
				o = sq->foff;
				memset(gA, 0, sizeof(gA));
				for (uint32_t t = 0; t < T; t++)
				{
					uint32_t	nf = feats[o++];
					double		g[NL];

					for (int y = 0; y < NL; y++)
						g[y] = -alpha[t * NL + y] * beta[t * NL + y];
					g[sq->labels[t]] += 1.0;
					for (uint32_t k = 0; k < nf; k++, o++)
						if (feats[o] != UINT32_MAX)
						{
							double	   *w = W + (size_t) feats[o] * NL;
							double	   *gw = GW + (size_t) feats[o] * NL;

							for (int y = 0; y < NL; y++)
							{
								double		gy = g[y] - l2 * w[y],
											d;

								gw[y] += gy * gy;
								d = eta * gy / sqrt(gw[y] + 1e-8);
								w[y] += d;
								if (UW)
									UW[(size_t) feats[o] * NL + y] += step * d;
							}
						}
					if (t == 0)
						for (int y = 0; y < NL; y++)
							gA[NL * NL + y] += g[y];
					else
					{
						for (int x = 0; x < NL; x++)
							for (int y = 0; y < NL; y++)
								gA[x * NL + y] -= alpha[(t - 1) * NL + x] * expA[x * NL + y] *
									ee[t * NL + y] * beta[t * NL + y] / scale[t];
						gA[sq->labels[t - 1] * NL + sq->labels[t]] += 1.0;
					}
				}
				for (int i = 0; i < (NL + 1) * NL; i++)
				{
					double		gy = gA[i] - l2 * A[i],
								d;

					GA[i] += gy * gy;
					d = eta * gy / sqrt(GA[i] + 1e-8);
					A[i] += d;
					UA[i] += step * d;
				}
				step += 1;
			}
			fprintf(stderr, "train_crf: epoch %d eta %.4f loss %.1f\n", ep + 1, eta, loss);
		}
		if (UW)
		{
			for (size_t i = 0; i < nkeys * NL; i++)
				W[i] -= UW[i] / step;
			for (size_t i = 0; i < (NL + 1) * NL; i++)
				A[i] -= UA[i] / step;
			free(UW);
		}
		free(GW);
		free(order);
		free(emit);
		free(ee);
		free(scale);
		free(alpha);
		free(beta);
	}

	/* prune, quantise, write */
	{
		double		maxw = 0,
					q;
		size_t		kept = 0;
		uint32_t   *okeys = xmalloc((nkeys ? nkeys : 1) * sizeof(uint32_t));
		int16_t    *ow = xmalloc((nkeys ? nkeys : 1) * NL * sizeof(int16_t));
		int16_t		ot[(NL + 1) * NL];
		size_t		fsize;
		unsigned char *buf;

		for (size_t i = 0; i < nkeys * NL; i++)
			if (fabs(W[i]) > maxw)
				maxw = fabs(W[i]);
		for (size_t i = 0; i < (NL + 1) * NL; i++)
			if (fabs(A[i]) > maxw)
				maxw = fabs(A[i]);
		q = maxw > 0 ? 32000.0 / maxw : 1.0;
		for (size_t k = 0; k < nkeys; k++)
		{
			double		m = 0;

			for (int y = 0; y < NL; y++)
				if (fabs(W[k * NL + y]) > m)
					m = fabs(W[k * NL + y]);
			if (m < prune)
				continue;
			okeys[kept] = keys[k];
			for (int y = 0; y < NL; y++)
				ow[kept * NL + y] = (int16_t) lrint(W[k * NL + y] * q);
			kept++;
		}
		for (size_t i = 0; i < (NL + 1) * NL; i++)
			ot[i] = (int16_t) lrint(A[i] * q);
		fsize = pith_crf_file_size(NL, (uint32_t) kept);
		buf = xmalloc(fsize);
		pith_crf_file_write(buf, PITH_REF_FEATURE_SCHEMA, label_letters, NL, (uint32_t) kept,
							(float) (1.0 / q), ot, okeys, ow);
		f = fopen(outpath, "wb");
		if (!f || fwrite(buf, 1, fsize, f) != fsize || fclose(f) != 0)
		{
			perror(outpath);
			return 2;
		}
		fprintf(stderr, "train_crf: wrote %s: %zu features, %zu bytes\n", outpath, kept, fsize);
		free(okeys);
		free(ow);

		/* optional evaluation of the written model on one split */
		if (evalsplit && evaluate(buf, fsize, corpus, evalsplit) != 0)
			return 2;
		free(buf);
	}
	free(W);
	free(A);
	free(keys);
	for (size_t s = 0; s < nseq; s++)
		free(seqs[s].labels);
	free(seqs);
	free(feats);
	free(line);
	return 0;
}
