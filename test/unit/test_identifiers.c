/*
 * test_identifiers.c -- unit tests of the pure C identifier cores:
 * arxiv_id_parse.c (parse, canonical text, order, accessors) and
 * doi_parse.c (parse, canonical text, limits).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arxiv_id_parse.h"
#include "doi_parse.h"

static int failures = 0;

/* Records a failure with its line. */
#define CHECK(cond, ...) do { if (!(cond)) { failures++; \
	fprintf(stderr, "%s:%d: ", __FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

/* Expects in to parse as an arXiv id with canonical text canon. */
static void
arxiv_ok(const char *in, const char *canon, int version, int old_style)
{
	pith_arxiv_id id;
	char		why[160];

	if (!pith_arxiv_parse(in, strlen(in), &id, why, sizeof(why)))
	{
		CHECK(0, "arxiv \"%s\" rejected: %s", in, why);
		return;
	}
	CHECK(strcmp(id.canon, canon) == 0, "arxiv \"%s\" -> \"%s\", want \"%s\"", in, id.canon, canon);
	CHECK(id.len == strlen(canon), "arxiv \"%s\" len %zu", in, id.len);
	CHECK(id.version == version, "arxiv \"%s\" version %d, want %d", in, id.version, version);
	CHECK(id.old_style == old_style, "arxiv \"%s\" old_style %d", in, id.old_style);
	CHECK(pith_arxiv_version(id.canon, id.len) == version, "arxiv \"%s\" accessor version", in);
	CHECK(pith_arxiv_base_len(id.canon, id.len) == id.base_len, "arxiv \"%s\" base_len", in);
}

/* Expects in to be rejected with a reason containing fragment. */
static void
arxiv_bad(const char *in, const char *fragment)
{
	pith_arxiv_id id;
	char		why[160];

	if (pith_arxiv_parse(in, strlen(in), &id, why, sizeof(why)))
		CHECK(0, "arxiv \"%s\" accepted as \"%s\"", in, id.canon);
	else
		CHECK(strstr(why, fragment) != NULL, "arxiv \"%s\": reason \"%s\" lacks \"%s\"", in, why, fragment);
}

/* Canonical text of a valid arXiv id (test helper). */
static void
canon_of(const char *in, pith_arxiv_id *id)
{
	if (!pith_arxiv_parse(in, strlen(in), id, NULL, 0))
	{
		CHECK(0, "arxiv \"%s\" rejected", in);
		id->canon[0] = '\0';
		id->len = 0;
	}
}

/* Expects a < b in arXiv order (and b > a, a == a). */
static void
arxiv_less(const char *a, const char *b)
{
	pith_arxiv_id x,
				y;

	canon_of(a, &x);
	canon_of(b, &y);
	CHECK(pith_arxiv_cmp(x.canon, x.len, y.canon, y.len) < 0, "arxiv %s < %s", a, b);
	CHECK(pith_arxiv_cmp(y.canon, y.len, x.canon, x.len) > 0, "arxiv %s > %s", b, a);
	CHECK(pith_arxiv_cmp(x.canon, x.len, x.canon, x.len) == 0, "arxiv %s == itself", a);
}

/* Expects in to parse as a DOI with canonical text canon and prefix length. */
static void
doi_ok(const char *in, const char *canon, size_t prefix_len)
{
	size_t		len = strlen(in),
				outlen,
				plen;
	char	   *out = malloc(len + 1);
	char		why[160];
	pith_doi_status st = pith_doi_parse(in, len, out, &outlen, &plen, why, sizeof(why));

	if (st != PITH_DOI_OK)
		CHECK(0, "doi \"%s\" rejected: %s", in, why);
	else
	{
		CHECK(outlen == strlen(canon) && memcmp(out, canon, outlen) == 0,
			  "doi \"%s\" -> \"%.*s\", want \"%s\"", in, (int) outlen, out, canon);
		CHECK(plen == prefix_len, "doi \"%s\" prefix length %zu, want %zu", in, plen, prefix_len);
		CHECK(pith_doi_prefix_len(out, outlen) == prefix_len, "doi \"%s\" prefix accessor", in);
	}
	free(out);
}

/* Expects in (len bytes) to be rejected with status want and a reason containing fragment. */
static void
doi_bad_len(const char *in, size_t len, pith_doi_status want, const char *fragment)
{
	size_t		outlen,
				plen;
	char	   *out = malloc(len + 1);
	char		why[160];
	pith_doi_status st = pith_doi_parse(in, len, out, &outlen, &plen, why, sizeof(why));

	CHECK(st == want, "doi \"%.40s\" status %d, want %d", in, (int) st, (int) want);
	if (st != PITH_DOI_OK)
		CHECK(strstr(why, fragment) != NULL, "doi \"%.40s\": reason \"%s\" lacks \"%s\"", in, why, fragment);
	free(out);
}

/* doi_bad_len for a NUL-terminated syntax error. */
static void
doi_bad(const char *in, const char *fragment)
{
	doi_bad_len(in, strlen(in), PITH_DOI_INVALID, fragment);
}

/* arXiv: accepted forms and their canonical text. */
static void
test_arxiv_valid(void)
{
	arxiv_ok("2506.06472", "2506.06472", 0, 0);
	arxiv_ok("2506.06472v2", "2506.06472v2", 2, 0);
	arxiv_ok("2506.06472V12", "2506.06472v12", 12, 0);
	arxiv_ok("  arXiv:1706.03762v7\n", "1706.03762v7", 7, 0);
	arxiv_ok("ARXIV:0704.0001", "0704.0001", 0, 0);
	arxiv_ok("arXiv: 1810.04805", "1810.04805", 0, 0);
	arxiv_ok("1412.9999", "1412.9999", 0, 0);
	arxiv_ok("1501.00001", "1501.00001", 0, 0);
	arxiv_ok("https://arxiv.org/abs/2506.06472", "2506.06472", 0, 0);
	arxiv_ok("http://arxiv.org/abs/2506.06472v1", "2506.06472v1", 1, 0);
	arxiv_ok("https://arxiv.org/pdf/2506.06472v3.pdf", "2506.06472v3", 3, 0);
	arxiv_ok("https://arxiv.org/pdf/2506.06472", "2506.06472", 0, 0);
	arxiv_ok("https://export.arxiv.org/abs/hep-th/9711200", "hep-th/9711200", 0, 1);
	arxiv_ok("https://www.arxiv.org/abs/1810.04805", "1810.04805", 0, 0);
	arxiv_ok("arxiv.org/abs/1810.04805", "1810.04805", 0, 0);
	arxiv_ok("hep-th/9711200", "hep-th/9711200", 0, 1);
	arxiv_ok("hep-th/9711200v3", "hep-th/9711200v3", 3, 1);
	arxiv_ok("HEP-TH/9108001", "hep-th/9108001", 0, 1);
	arxiv_ok("math.AG/0309136", "math/0309136", 0, 1);
	arxiv_ok("math.ag/0309136v2", "math/0309136v2", 2, 1);
	arxiv_ok("cond-mat/0703999", "cond-mat/0703999", 0, 1);
	arxiv_ok("solv-int/9901001v1", "solv-int/9901001v1", 1, 1);
	arxiv_ok("2506.06472v999999999", "2506.06472v999999999", 999999999, 0);
}

/* arXiv: rejected inputs and the reason given. */
static void
test_arxiv_invalid(void)
{
	char		big[400];

	arxiv_bad("", "empty");
	arxiv_bad("   ", "empty");
	arxiv_bad("1513.06472", "month 13");
	arxiv_bad("2500.06472", "month 00");
	arxiv_bad("1412.12345", "4 digits after the dot, not 5");
	arxiv_bad("0704.00001", "4 digits after the dot, not 5");
	arxiv_bad("1501.0001", "5 digits after the dot, not 4");
	arxiv_bad("2506.064721", "not 6");
	arxiv_bad("0703.0001", "April 2007");
	arxiv_bad("0612.0001", "April 2007");
	arxiv_bad("2506.00000", "zero");
	arxiv_bad("2506.06472v0", "leading zero");
	arxiv_bad("2506.06472v01", "leading zero");
	arxiv_bad("2506.06472v", "no number");
	arxiv_bad("2506.06472v1234567890", "9 digits");
	arxiv_bad("2506.06472vx", "digits only");
	arxiv_bad("2506.06472.pdf", "Unexpected text \".pdf\"");
	arxiv_bad("2506 06472", "dot");
	arxiv_bad("250606472", "dot");
	arxiv_bad("2506.", "not followed by a number");
	arxiv_bad("arXiv:", "prefix is not followed");
	arxiv_bad("arXiv:  ", "prefix is not followed");
	arxiv_bad("arXiv:arXiv:1810.04805", "is not an arXiv archive");
	arxiv_bad("foo-th/9901001", "\"foo-th\" is not an arXiv archive");
	arxiv_bad("hep-th/990100", "7 digits");
	arxiv_bad("hep-th/99010011", "7 digits");
	arxiv_bad("hep-th/9913001", "month 13");
	arxiv_bad("hep-th/9107001", "9108 to 0703");
	arxiv_bad("hep-th/0704001", "9108 to 0703");
	arxiv_bad("hep-th/9901000", "000");
	arxiv_bad("hep-th9901001", "slash");
	arxiv_bad("math.A/0309136", "two letters");
	arxiv_bad("math.AGX/0309136", "slash");
	arxiv_bad("https://example.org/abs/2506.06472", "arxiv.org");
	arxiv_bad("https://arxiv.org/list/2506.06472", "/abs/ or /pdf/");
	arxiv_bad("2506.06472\x01", "printable ASCII");
	arxiv_bad("2506.0647\xc3\xa9", "printable ASCII");
	memset(big, ' ', sizeof(big));
	memcpy(big + 100, "2506.06472", 10);
	{
		pith_arxiv_id id;
		char		why[160];

		CHECK(!pith_arxiv_parse(big, sizeof(big), &id, why, sizeof(why)), "400-byte input accepted");
		CHECK(strstr(why, "256") != NULL, "long input reason: %s", why);
		/* without a reason buffer */
		CHECK(!pith_arxiv_parse("1513.0001", 9, &id, NULL, 0), "no-why rejection");
	}
}

/* arXiv: order, version accessor, yymm accessor. */
static void
test_arxiv_order(void)
{
	pith_arxiv_id id;
	char		yymm[4];

	arxiv_less("astro-ph/9901001", "hep-th/9901001");
	arxiv_less("hep-th/9901001", "hep-th/0001001");
	arxiv_less("hep-th/9901001", "hep-th/9901002");
	arxiv_less("hep-th/9901001", "hep-th/9901001v1");
	arxiv_less("hep-th/9901001v2", "hep-th/9901001v10");
	arxiv_less("supr-con/0703999", "0704.0001");
	arxiv_less("0704.0001", "0704.0002");
	arxiv_less("1412.9999", "1501.00001");
	arxiv_less("2506.06472", "2506.06472v1");
	arxiv_less("2506.06472v9", "2506.06472v10");
	arxiv_less("2506.06472v10", "2506.06473");
	arxiv_less("hep-ph/9901001", "hep-th/9901001");

	canon_of("hep-th/9901001v2", &id);
	pith_arxiv_yymm(id.canon, id.len, yymm);
	CHECK(memcmp(yymm, "9901", 4) == 0, "yymm old style");
	canon_of("2506.06472v2", &id);
	pith_arxiv_yymm(id.canon, id.len, yymm);
	CHECK(memcmp(yymm, "2506", 4) == 0, "yymm new style");
	/* 'v' inside an archive name is not a version */
	canon_of("solv-int/9901001", &id);
	CHECK(pith_arxiv_version(id.canon, id.len) == 0, "solv-int has no version");
	CHECK(pith_arxiv_base_len(id.canon, id.len) == id.len, "solv-int base is whole");
}

/* DOI: accepted forms and their canonical text. */
static void
test_doi_valid(void)
{
	doi_ok("10.1038/nature14539", "10.1038/nature14539", 7);
	doi_ok("10.1038/NATURE14539", "10.1038/nature14539", 7);
	doi_ok("doi:10.1103/PhysRevLett.116.061102", "10.1103/physrevlett.116.061102", 7);
	doi_ok("DOI: 10.1145/3065386", "10.1145/3065386", 7);
	doi_ok("  https://doi.org/10.48550/arXiv.1706.03762 ", "10.48550/arxiv.1706.03762", 8);
	doi_ok("http://dx.doi.org/10.1016/j.cell.2009.01.042", "10.1016/j.cell.2009.01.042", 7);
	doi_ok("https://www.doi.org/10.5281/zenodo.1234567", "10.5281/zenodo.1234567", 7);
	doi_ok("doi.org/10.1371/journal.pone.0000001", "10.1371/journal.pone.0000001", 7);
	doi_ok("https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-0",
		   "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0", 7);
	doi_ok("10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-0",
		   "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0", 7);
	doi_ok("10.1000.10/123456", "10.1000.10/123456", 10);
	doi_ok("10.1234/a/b/c", "10.1234/a/b/c", 7);
	doi_ok("10.1234/%41", "10.1234/%41", 7);	/* no decoding outside URLs */
	doi_ok("10.1234/\xc3\x89t\xc3\xa9", "10.1234/\xc3\x89t\xc3\xa9", 7);	/* non-ASCII kept */
	doi_ok("https://doi.org/10.1234/caf%C3%A9", "10.1234/caf\xc3\xa9", 7);
}

/* DOI: rejected inputs and the reason given. */
static void
test_doi_invalid(void)
{
	char	   *big;
	size_t		n;

	doi_bad("", "empty");
	doi_bad("nature14539", "\"10.\"");
	doi_bad("11.1038/nature14539", "\"10.\"");
	doi_bad("10.103/nature14539", "at least 4 digits");
	doi_bad("10.abcd/x", "at least 4 digits");
	doi_bad("10.1038", "slash");
	doi_bad("10.1038nature", "slash");
	doi_bad("10.1038/", "suffix after the slash is empty");
	doi_bad("10.1038./x", "followed by digits");
	doi_bad("10.1038/nature 14539", "whitespace");
	doi_bad("10.1038/nature\t14539", "whitespace");
	doi_bad("10.1038/a\x7f", "control");
	doi_bad("10.1038/a\xc2\xa0" "b", "whitespace");
	doi_bad("10.1038/a\xe2\x80\x8b" "b", "whitespace");
	doi_bad("10.1038/\xff", "UTF-8");
	doi_bad("10.1038/\xc3", "UTF-8");
	doi_bad("10.1038/\xed\xa0\x80", "UTF-8");
	doi_bad("https://doi.org/10.1038/%zz", "hexadecimal");
	doi_bad("https://doi.org/10.1038/%4", "hexadecimal");
	doi_bad("https://doi.org/10.1038/%00", "control");
	doi_bad("https://doi.org/10.1038/%FF", "UTF-8");
	doi_bad("https://example.org/10.1038/x", "doi.org");
	doi_bad("doi:", "\"10.\"");
	doi_bad_len("10.1038/a\0b", 11, PITH_DOI_INVALID, "control");

	n = 1100;
	big = malloc(n + 1);
	memcpy(big, "10.1234/", 8);
	memset(big + 8, 'a', n - 8);
	big[n] = '\0';
	doi_bad_len(big, n, PITH_DOI_TOO_LONG, "1024");
	doi_bad_len(big, 1024, PITH_DOI_OK, "");
	free(big);
	n = 9000;
	big = malloc(n + 1);
	memset(big, 'a', n);
	big[n] = '\0';
	doi_bad_len(big, n, PITH_DOI_TOO_LONG, "8192");
	free(big);
}

/* Deterministic xorshift generator for the property tests. */
static unsigned long long rng_state = 0x9e3779b97f4a7c15ULL;

/* Next pseudo-random number. */
static unsigned int
rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned int) (rng_state >> 11);
}

/* Seeds for mutation: valid identifiers of every shape. */
static const char *const arxiv_seeds[] = {
	"2506.06472", "2506.06472v2", "0704.0001", "1412.9999v10", "1501.00001",
	"hep-th/9711200", "math.AG/0309136v2", "solv-int/9901001", "cond-mat/0703999",
	"arXiv:1706.03762", "https://arxiv.org/pdf/2407.21783v3.pdf", NULL
};
static const char *const doi_seeds[] = {
	"10.1038/nature14539", "doi:10.1103/PhysRevLett.116.061102",
	"https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-0",
	"10.1000.10/123456", "10.1234/caf\xc3\xa9", NULL
};

/* Mutates buf (length *len, capacity cap) by one random edit. */
static void
mutate(char *buf, size_t *len, size_t cap)
{
	static const char alphabet[] = "0123456789./:-vVaAxX%% \t\xc3\xa9\xff\x01";
	unsigned int op = rnd() % 4;
	size_t		pos = *len ? rnd() % (*len + 1) : 0;
	char		c = alphabet[rnd() % (sizeof(alphabet) - 1)];

	if (op == 0 && *len + 1 < cap)
	{
		memmove(buf + pos + 1, buf + pos, *len - pos);
		buf[pos] = c;
		(*len)++;
	}
	else if (op == 1 && pos < *len)
	{
		memmove(buf + pos, buf + pos + 1, *len - pos - 1);
		(*len)--;
	}
	else if (pos < *len)
		buf[pos] = c;
}

/*
 * Property: any accepted arXiv input has a canonical text that parses to
 * itself; comparison is antisymmetric, zero exactly on equal bytes, and
 * transitive over the accepted values.
 */
static void
test_arxiv_properties(void)
{
	enum { N = 20000, KEEP = 64 };
	static pith_arxiv_id kept[KEEP];
	int			nkept = 0,
				accepted = 0;

	for (int i = 0; i < N; i++)
	{
		const char *seed = arxiv_seeds[rnd() % 11];
		char		buf[80];
		size_t		len = strlen(seed);
		pith_arxiv_id id,
					again;
		int			edits = 1 + rnd() % 3;

		memcpy(buf, seed, len);
		for (int e = 0; e < edits; e++)
			mutate(buf, &len, sizeof(buf));
		if (!pith_arxiv_parse(buf, len, &id, NULL, 0))
			continue;
		accepted++;
		CHECK(pith_arxiv_parse(id.canon, id.len, &again, NULL, 0) &&
			  strcmp(again.canon, id.canon) == 0, "arxiv canonical not a fixed point: %s", id.canon);
		for (size_t k = 0; k < id.len; k++)
			CHECK(id.canon[k] > 0x20 && id.canon[k] < 0x7f && !(id.canon[k] >= 'A' && id.canon[k] <= 'Z'),
				  "arxiv canonical has odd byte: %s", id.canon);
		if (nkept < KEEP)
			kept[nkept++] = id;
		else
			kept[rnd() % KEEP] = id;
	}
	CHECK(accepted > 1000, "too few mutants accepted (%d)", accepted);
	for (int a = 0; a < nkept; a++)
		for (int b = 0; b < nkept; b++)
		{
			int			ab = pith_arxiv_cmp(kept[a].canon, kept[a].len, kept[b].canon, kept[b].len);
			int			ba = pith_arxiv_cmp(kept[b].canon, kept[b].len, kept[a].canon, kept[a].len);
			int			same = kept[a].len == kept[b].len && memcmp(kept[a].canon, kept[b].canon, kept[a].len) == 0;

			CHECK((ab > 0) - (ab < 0) == -((ba > 0) - (ba < 0)), "cmp not antisymmetric: %s %s", kept[a].canon, kept[b].canon);
			CHECK((ab == 0) == same, "cmp zero without equal bytes: %s %s", kept[a].canon, kept[b].canon);
			for (int c = 0; c < nkept; c += 7)
				if (ab <= 0 && pith_arxiv_cmp(kept[b].canon, kept[b].len, kept[c].canon, kept[c].len) <= 0)
					CHECK(pith_arxiv_cmp(kept[a].canon, kept[a].len, kept[c].canon, kept[c].len) <= 0,
						  "cmp not transitive: %s %s %s", kept[a].canon, kept[b].canon, kept[c].canon);
		}
}

/*
 * Property: any accepted DOI input has a canonical text that parses to
 * itself, has no ASCII upper case, and the upper-cased input (outside
 * %-escapes) gives the same DOI.
 */
static void
test_doi_properties(void)
{
	int			accepted = 0;

	for (int i = 0; i < 20000; i++)
	{
		const char *seed = doi_seeds[rnd() % 5];
		char		buf[160],
					out[160],
					out2[160],
					up[160],
					out3[160];
		size_t		len = strlen(seed),
					olen,
					plen,
					olen2,
					plen2;
		int			edits = 1 + rnd() % 3;

		memcpy(buf, seed, len);
		for (int e = 0; e < edits; e++)
			mutate(buf, &len, sizeof(buf));
		if (pith_doi_parse(buf, len, out, &olen, &plen, NULL, 0) != PITH_DOI_OK)
			continue;
		accepted++;
		CHECK(pith_doi_parse(out, olen, out2, &olen2, &plen2, NULL, 0) == PITH_DOI_OK &&
			  olen2 == olen && memcmp(out, out2, olen) == 0 && plen2 == plen,
			  "doi canonical not a fixed point: %.*s", (int) olen, out);
		for (size_t k = 0; k < olen; k++)
			CHECK(!(out[k] >= 'A' && out[k] <= 'Z'), "doi canonical has upper case: %.*s", (int) olen, out);
		for (size_t k = 0; k < len; k++)
			up[k] = (buf[k] >= 'a' && buf[k] <= 'z') ? (char) (buf[k] - 32) : buf[k];
		if (pith_doi_parse(up, len, out3, &olen2, &plen2, NULL, 0) == PITH_DOI_OK)
			CHECK(olen2 == olen && memcmp(out3, out, olen) == 0, "doi case changes value: %.*s", (int) len, buf);
		else
			CHECK(0, "upper-cased DOI rejected: %.*s", (int) len, buf);
	}
	CHECK(accepted > 1000, "too few DOI mutants accepted (%d)", accepted);
}

/* Runs every test; exit status 1 on any failure. */
int
main(void)
{
	test_arxiv_valid();
	test_arxiv_invalid();
	test_arxiv_order();
	test_doi_valid();
	test_doi_invalid();
	test_arxiv_properties();
	test_doi_properties();
	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	return 0;
}
