/*
 * eval_refsplit.c -- accuracy of the reference splitter on the corpora
 * make_corpus.py writes, through the same core as pith.split_references.
 *
 *   eval_refsplit MODEL|none refseg_docs.tsv seg_docs.tsv SPLIT [--show]
 *   eval_refsplit MODEL|none assembled_docs.tsv /dev/null SPLIT [--show]
 *
 * A docs file whose name contains "assembled" holds full texts: they go
 * through the whole path (section finding, then splitting); others are
 * split as one reference section each.
 *
 * Reference boundaries (reference-segmenter docs of SPLIT, each split as one
 * reference section): a predicted reference counts when its first and last
 * characters are a gold reference's; precision, recall and F1 over all
 * references.  Section finding (segmentation docs of SPLIT, whole papers):
 * a paper counts when the lines from its first to its last predicted
 * reference cover its gold reference-list zone with a line Jaccard >= 0.9
 * (the zone's own heading line aside); a paper without a reference zone
 * counts when nothing is found.  "none" evaluates the rule-based labeller.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_decode.h"
#include "crf_model.h"
#include "refsec_split.h"

static void *
arena_alloc(void *ctx, size_t n)
{
	/* a list of blocks freed at the end of each doc */
	void	  **head = ctx;
	void	  **b = malloc(sizeof(void *) * 2 + n);

	if (!b)
	{
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	b[0] = *head;
	*head = b;
	return b + 2;
}

static void
arena_free(void **head)
{
	while (*head)
	{
		void	  **b = *head;

		*head = b[0];
		free(b);
	}
}

static void *
plain_alloc(void *ctx, size_t n)
{
	return malloc(n);
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
	out[o] = '\0';
	return o;
}

/* code point offset -> byte offset table */
static size_t *
cp_to_byte(const char *t, size_t len, size_t *ncp)
{
	size_t	   *m = malloc((len + 2) * sizeof(size_t));
	size_t		c = 0;

	for (size_t i = 0; i < len; i++)
		if (((unsigned char) t[i] & 0xC0) != 0x80)
			m[c++] = i;
	m[c] = len;
	*ncp = c;
	return m;
}

static int
split_fields(char *line, char **f, int max)
{
	int			n = 1;

	f[0] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t')
		{
			*p = '\0';
			f[n++] = p + 1;
		}
	return n;
}

int
main(int argc, char **argv)
{
	pith_crf_model *model = NULL;
	const char *split;
	int			show,
				full;
	char	   *line = NULL;
	size_t		cap = 0;
	ssize_t		got;
	FILE	   *f;
	long		gold_n = 0,
				pred_n = 0,
				hit = 0,
				docs = 0;
	long		seg_n = 0,
				seg_ok = 0,
				seg_nolist = 0,
				seg_nolist_ok = 0;

	if (argc < 5)
	{
		fprintf(stderr, "usage: eval_refsplit MODEL|none refseg_docs.tsv seg_docs.tsv SPLIT [--show]\n");
		return 2;
	}
	split = argv[4];
	show = argc > 5 && strcmp(argv[5], "--show") == 0;
	full = strstr(argv[2], "assembled") != NULL;
	if (strcmp(argv[1], "none") != 0)
	{
		FILE	   *mf = fopen(argv[1], "rb");
		unsigned char *buf;
		long		sz;
		char		err[256];

		if (!mf)
		{
			perror(argv[1]);
			return 2;
		}
		fseek(mf, 0, SEEK_END);
		sz = ftell(mf);
		fseek(mf, 0, SEEK_SET);
		buf = malloc(sz);
		if (fread(buf, 1, sz, mf) != (size_t) sz)
			return 2;
		fclose(mf);
		model = pith_crf_model_load(buf, sz, PITH_REFSPLIT_FEATURE_SCHEMA, plain_alloc, NULL, err, sizeof(err));
		free(buf);
		if (!model)
		{
			fprintf(stderr, "model: %s\n", err);
			return 2;
		}
	}

	f = fopen(argv[2], "r");
	while (f && (got = getline(&line, &cap, f)) > 0)
	{
		char	   *fl[4];
		char	   *text;
		size_t		len,
					ncp;
		size_t	   *map;
		void	   *arena = NULL;
		pith_refsplit_env env = {model, arena_alloc, &arena, NULL, NULL};
		pith_refsplit_result r;
		long		gs[4096][2];
		long		ng = 0,
					doc_hit;

		if (line[got - 1] == '\n')
			line[--got] = '\0';
		if (split_fields(line, fl, 4) != 4 || strcmp(fl[1], split) != 0)
			continue;
		text = malloc(strlen(fl[2]) + 1);
		len = unescape(fl[2], text);
		map = cp_to_byte(text, len, &ncp);
		for (char *p = fl[3]; *p && ng < 4096;)
		{
			long		a = strtol(p, &p, 10),
						b;

			if (*p != '-')
				break;
			b = strtol(p + 1, &p, 10);
			gs[ng][0] = (long) map[a];
			gs[ng][1] = (long) map[b];
			ng++;
			if (*p == ',')
				p++;
		}
		if (full)
			pith_refsplit_text(&env, text, len, &r);
		else
			pith_refsplit_section_only(&env, text, len, &r);
		if (getenv("EVAL_DOC") && strcmp(getenv("EVAL_DOC"), fl[0]) == 0)
		{
			/* each labelled line with the model's emission scores b/i/o (of its section) */
			pith_line_facts *fs = malloc((r.nlines + 1) * sizeof(pith_line_facts));
			void	   *work = malloc(pith_refsec_facts_workspace(r.nlines));

			pith_refsec_facts(text, r.lines, r.nlines, fs, work);
			for (size_t k = 0; k < r.nlines; k++)
			{
				int32_t		em[PITH_REFSPLIT_NLABELS] = {0};
				uint32_t	fv[PITH_REFSPLIT_MAX_FEATURES];

				if (model)
					pith_crf_emit(model, fv, pith_refsec_features(fs, r.nlines, k, fv), em);
				printf("%c %6d %6d %6d a%d y%d f%d | %.*s\n", r.labels[k], em[0], em[1], em[2], fs[k].author_start,
					   fs[k].ay_start, fs[k].first, (int) (r.lines[k].end - r.lines[k].start), text + r.lines[k].start);
			}
			free(fs);
			free(work);
		}
		docs++;
		gold_n += ng;
		pred_n += (long) r.nrefs;
		doc_hit = hit;
		{
			long		g = 0;

			for (size_t k = 0; k < r.nrefs; k++)
			{
				long		s = r.refs[k].start,
							e = r.refs[k].end;
				int			ok = 0;

				while (g < ng && gs[g][0] < s)
				{
					if (show)
						printf("MISS %s\t%.*s\n", fl[0], (int) (gs[g][1] - gs[g][0]), text + gs[g][0]);
					g++;
				}
				if (g < ng && gs[g][0] == s && gs[g][1] == e)
				{
					ok = 1;
					g++;
				}
				else if (g < ng && gs[g][0] == s)
				{
					if (show)
						printf("MISS %s\t%.*s\n", fl[0], (int) (gs[g][1] - gs[g][0]), text + gs[g][0]);
					g++;
				}
				hit += ok;
				if (!ok && show)
					printf("BAD  %s\t%s\n", fl[0], r.refs[k].text);
			}
		}
		if (getenv("EVAL_PERDOC"))
			printf("DOC %s gold %ld predicted %zu right %ld\n", fl[0], ng, r.nrefs, hit - doc_hit);
		arena_free(&arena);
		free(map);
		free(text);
	}
	if (f)
		fclose(f);
	{
		double		p = pred_n ? (double) hit / pred_n : 0,
					rc = gold_n ? (double) hit / gold_n : 0;

		printf("%s %s: %ld docs, %ld gold references, %ld predicted, %ld right: precision %.4f recall %.4f F1 %.4f\n",
			   full ? "assembled" : "refseg", split, docs, gold_n, pred_n, hit, p, rc, p + rc > 0 ? 2 * p * rc / (p + rc) : 0);
	}

	f = fopen(argv[3], "r");
	while (f && (got = getline(&line, &cap, f)) > 0)
	{
		char	   *fl[5];
		char	   *text;
		size_t		len;
		void	   *arena = NULL;
		pith_refsplit_env env = {model, arena_alloc, &arena, NULL, NULL};
		pith_refsplit_result r;
		long		gf,
					gl;

		if (line[got - 1] == '\n')
			line[--got] = '\0';
		if (split_fields(line, fl, 5) != 5 || strcmp(fl[1], split) != 0)
			continue;
		gf = atol(fl[3]);
		gl = atol(fl[4]);
		text = malloc(strlen(fl[2]) + 1);
		len = unescape(fl[2], text);
		pith_refsplit_text(&env, text, len, &r);
		if (getenv("EVAL_SEGDOC") && strcmp(getenv("EVAL_SEGDOC"), fl[0]) == 0)
		{
			/* each labelled line of the paper's sections, with its label */
			for (size_t k = 0; k < r.nlines; k++)
				printf("%c | %.*s\n", r.labels[k], (int) (r.lines[k].end - r.lines[k].start), text + r.lines[k].start);
		}
		seg_n++;
		if (gf < 0)
		{
			seg_nolist++;
			seg_nolist_ok += r.nrefs == 0;
			seg_ok += r.nrefs == 0;
		}
		else if (r.nrefs > 0)
		{
			/* line numbers of the first and last predicted reference */
			long		pf = -1,
						pl = -1,
						ln = 0;
			size_t		pos = 0;
			uint32_t	a = r.refs[0].start,
						b = r.refs[r.nrefs - 1].end;

			/* count line numbers as make_corpus.py does: one per text line */
			for (pos = 0; pos < len; pos++)
			{
				if (pos == a)
					pf = ln;
				if (pos + 1 == b || (pos < b && pos + 1 > b))
					pl = ln;
				if (text[pos] == '\n')
					ln++;
			}
			if (pl < 0)
				pl = ln;
			/* the gold zone's heading line is not a reference */
			if (gf < gl && pith_refsplit_is_heading(text, 0) == 0)
			{
				/* find line gf's text */
				long		l2 = 0;
				size_t		s = 0;

				for (s = 0; s < len && l2 < gf; s++)
					if (text[s] == '\n')
						l2++;
				{
					size_t		e = s;

					while (e < len && text[e] != '\n')
						e++;
					if (pith_refsplit_is_heading(text + s, e - s))
						gf++;
				}
			}
			{
				long		inter = (pl < gl ? pl : gl) - (pf > gf ? pf : gf) + 1;
				long		uni = (pl > gl ? pl : gl) - (pf < gf ? pf : gf) + 1;
				double		j = inter > 0 ? (double) inter / uni : 0;

				if (j >= 0.9)
					seg_ok++;
				else if (show)
					printf("SECTION %s gold %ld-%ld predicted %ld-%ld (%zu refs) %s\n", fl[0], gf, gl, pf, pl,
						   r.nrefs, r.reason);
			}
		}
		else if (show)
			printf("SECTION %s gold %ld-%ld: nothing found: %s\n", fl[0], gf, gl, r.reason);
		arena_free(&arena);
		free(text);
	}
	if (f)
		fclose(f);
	printf("segmentation %s: %ld papers (%ld without a reference list): section found %ld (%.4f)\n",
		   split, seg_n, seg_nolist, seg_ok, seg_n ? (double) seg_ok / seg_n : 0);
	free(line);
	free(model);
	return 0;
}
