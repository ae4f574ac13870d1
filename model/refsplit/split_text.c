/*
 * split_text.c -- the references pith.split_references finds in one text
 * file, through the same core: one line per reference, its first byte's
 * offset and the offset after its last byte (what model/refsplit/eval_pdf.sh
 * compares with its gold), and with --show the reference's text too;
 * with --labels, each labelled line instead: its offset, its label (b:
 * begins a reference, i: inside one, o: outside) and its text.
 *
 *   split_text MODEL|none FILE [--show|--labels]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_decode.h"
#include "crf_model.h"
#include "refsec_split.h"

static void *
plain_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

static char *
slurp(const char *path, size_t *n)
{
	FILE	   *f = fopen(path, "rb");
	char	   *b;
	long		l;

	if (!f || fseek(f, 0, SEEK_END) != 0 || (l = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
	{
		perror(path);
		exit(2);
	}
	b = malloc((size_t) l + 1);
	if (!b || fread(b, 1, (size_t) l, f) != (size_t) l)
	{
		perror(path);
		exit(2);
	}
	b[l] = '\0';
	*n = (size_t) l;
	fclose(f);
	return b;
}

int
main(int argc, char **argv)
{
	pith_crf_model *model = NULL;
	pith_refsplit_result r;
	size_t		tlen;
	char	   *text;
	int			show = argc > 3 && strcmp(argv[3], "--show") == 0;
	int			labels = argc > 3 && strcmp(argv[3], "--labels") == 0;

	if (argc < 3)
	{
		fprintf(stderr, "usage: split_text MODEL|none FILE [--show|--labels]\n");
		return 2;
	}
	if (strcmp(argv[1], "none") != 0)
	{
		size_t		mlen;
		char		err[256];
		char	   *mbuf = slurp(argv[1], &mlen);

		model = pith_crf_model_load((const unsigned char *) mbuf, mlen, PITH_REFSPLIT_FEATURE_SCHEMA,
									plain_alloc, NULL, err, sizeof(err));
		if (!model)
		{
			fprintf(stderr, "model: %s\n", err);
			return 2;
		}
	}
	text = slurp(argv[2], &tlen);
	{
		pith_refsplit_env env = {model, plain_alloc, NULL, NULL, NULL};

		pith_refsplit_text(&env, text, tlen, &r);
	}
	for (size_t i = 0; labels && i < r.nlines; i++)
		printf("%u\t%c\t%.*s\n", r.lines[i].start, r.labels[i], (int) (r.lines[i].end - r.lines[i].start),
			   text + r.lines[i].start);
	for (size_t i = 0; !labels && i < r.nrefs; i++)
	{
		printf("%u\t%u", r.refs[i].start, r.refs[i].end);
		if (show)
			printf("\t%s", r.refs[i].text);
		printf("\n");
	}
	return 0;
}
