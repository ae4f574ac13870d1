/*
 * test_resolve_evidence.c -- unit test of the resolver's evidence core:
 * the year rule (within one year, no overflow at the int limits), family
 * names in every common author-name form, word-aligned name matching,
 * container agreement, and the word starts of a raw reference's key.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "resolve_evidence.h"

static int	failures = 0;

static void
year(bool known, int ref, const int *ys, size_t n, int want)
{
	int			got = pith_year_evidence(known, ref, ys, n);

	if (got != want)
	{
		fprintf(stderr, "FAIL year_evidence(%d, %d, n=%zu): got %d want %d\n", known, ref, n, got, want);
		failures++;
	}
}

/* The family span of name, or NULL expected when there is none. */
static void
family(const char *name, const char *want)
{
	size_t		start = 0,
				len = 0;
	bool		ok = pith_author_family_span(name, strlen(name), &start, &len);

	if (ok != (want != NULL) || (ok && (len != strlen(want) || memcmp(name + start, want, len) != 0)))
	{
		fprintf(stderr, "FAIL family of \"%s\": got \"%.*s\" (%d) want \"%s\"\n", name,
				(int) len, ok ? name + start : "", ok, want ? want : "(none)");
		failures++;
	}
}

static void
words(const char *author, const char *fam, bool want)
{
	if (pith_name_has_words(author, strlen(author), fam, strlen(fam)) != want)
	{
		fprintf(stderr, "FAIL name_has_words(\"%s\", \"%s\") != %d\n", author, fam, want);
		failures++;
	}
}

static void
usable(const char *fam, bool want)
{
	if (pith_author_family_usable(fam, strlen(fam)) != want)
	{
		fprintf(stderr, "FAIL family_usable(\"%s\") != %d\n", fam, want);
		failures++;
	}
}

static void
abbrev(const char *a, const char *b, bool want)
{
	if (pith_container_abbreviates(a, strlen(a), b, strlen(b)) != want
		|| pith_container_abbreviates(b, strlen(b), a, strlen(a)) != want)
	{
		fprintf(stderr, "FAIL container_abbreviates(\"%s\", \"%s\") != %d\n", a, b, want);
		failures++;
	}
}

static void
container(const char *a, const char *b, double score, int want)
{
	int			got = pith_container_evidence(a, strlen(a), b, strlen(b), score);

	if (got != want)
	{
		fprintf(stderr, "FAIL container_evidence(\"%s\", \"%s\", %.2f): got %d want %d\n", a, b, score, got, want);
		failures++;
	}
}

/* Word starts of a normalized text: the key and the offsets wanted. */
static void
starts(const char *norm, size_t max, const char *want_key, const size_t *want, size_t nwant)
{
	char		key[256];
	size_t		at[64],
				klen = 0,
				n = pith_key_word_starts(norm, strlen(norm), key, &klen, at, max);
	bool		ok = n == nwant && klen == strlen(want_key) && memcmp(key, want_key, klen) == 0;

	for (size_t i = 0; ok && i < n; i++)
		ok = at[i] == want[i];
	if (!ok)
	{
		fprintf(stderr, "FAIL key_word_starts(\"%s\", %zu): key \"%.*s\", %zu start(s)\n",
				norm, max, (int) klen, key, n);
		failures++;
	}
}

int
main(void)
{
	const int	y2018[] = {2018};
	const int	span[] = {2017, 2019, 2024};
	const int	neg[] = {-5};
	const int	big[] = {INT_MAX};
	const int	small[] = {INT_MIN};

	/* years: within one, contradicting, unknown on either side */
	year(true, 2019, y2018, 1, 1);
	year(true, 2017, y2018, 1, 1);
	year(true, 2016, y2018, 1, -1);
	year(true, 2012, span, 3, -1);
	year(true, 2023, span, 3, 1);
	year(false, 0, y2018, 1, 0);
	year(true, 2018, NULL, 0, 0);
	/* no overflow at the limits of int (issue 13: year_agrees raised 22003) */
	year(true, INT_MAX, neg, 1, -1);
	year(true, INT_MIN, big, 1, -1);
	year(true, INT_MAX, small, 1, -1);
	year(true, INT_MAX, big, 1, 1);

	/* family names, every common form */
	family("LeCun, Y.", "LeCun");
	family("  LeCun ,Yann", "LeCun");
	family("Y. LeCun", "LeCun");
	family("Yann LeCun", "LeCun");
	family("LeCun Y", "LeCun");
	family("LeCun YA", "LeCun");
	family("J. P. HALVORSEN", "HALVORSEN");
	family("Vincent van Gogh", "van Gogh");
	family("Ludwig van der Waals", "van der Waals");
	family("van der Berg JH", "van der Berg");
	family("Smith J Jr", "Smith");
	family("J.-P. Serre", "Serre");
	family("Martin Luther King Jr.", "King");
	family("\xc3\x89. Zola", "Zola");
	family("Y.", NULL);
	family("J. R. R.", NULL);
	family("", NULL);
	family("   ", NULL);
	family(", Y.", NULL);
	family("de", "de");
	family("COVA", "COVA");
	family("OCLC", "OCLC");
	family("JR", NULL);
	family("J.R.", NULL);
	usable("lecun", true);
	usable("et al", false);
	usable("others", false);
	usable("x", false);

	/* reference numbers left on a name */
	{
		char		f1[] = "11 patera";
		char		f2[] = "5 decq 2";
		char		f3[] = "1999";
		size_t		n1 = pith_author_family_trim(f1, strlen(f1));
		size_t		n2 = pith_author_family_trim(f2, strlen(f2));
		size_t		n3 = pith_author_family_trim(f3, strlen(f3));

		if (n1 != 6 || memcmp(f1, "patera", 6) != 0 || n2 != 4 || memcmp(f2, "decq", 4) != 0 || n3 != 0)
		{
			fprintf(stderr, "FAIL author_family_trim: \"%.*s\" \"%.*s\" %zu\n", (int) n1, f1, (int) n2, f2, n3);
			failures++;
		}
	}

	/* whole words only */
	words("yann lecun", "lecun", true);
	words("lecun yann", "lecun", true);
	words("vincent van gogh", "van gogh", true);
	words("vincent van gogh", "gogh", true);
	words("robin williams", "li", false);
	words("wei li", "li", true);
	words("li", "li", true);
	words("lin", "li", false);
	words("", "li", false);
	words("li", "", false);

	/* containers */
	container("naturecommunications", "nature", 0.3, 1);
	container("nature", "nature", 1.0, 1);
	abbrev("phys rev d", "physical review d", true);
	abbrev("j am chem soc", "journal of the american chemical society", true);
	abbrev("can j chem", "canadian journal of chemistry", true);
	abbrev("z phys chem", "zeitschrift f\xc3\xbcr physikalische chemie", true);
	abbrev("phys rev d", "physical review letters", false);	/* d is no letters */
	abbrev("j chem", "journal of chemistry and physics", false);	/* physics left over */
	abbrev("j a", "journal of america", false);	/* no word of three letters */
	abbrev("nature", "nature communications", false);	/* one word */
	abbrev("", "", false);
	container("jamchemsoc", "journaloftheamericanchemicalsociety", 0.2, 0);
	container("acl", "acl", 1.0, 1);	/* equal short keys: "ApJ" */
	container("ab", "ab", 1.0, 0);	/* too short to say anything */
	container("apj", "apjl", 0.8, 0);
	container("procvldbendow", "procvldbendowment", 0.9, 1);

	/* word starts in a raw reference's key */
	{
		static const size_t collman[] = {0, 1, 2, 9, 12, 16, 19, 21, 24};
		static const size_t two[] = {0, 1};
		static const size_t utf8[] = {0, 7};	/* byte offsets: ü is two bytes */

		starts("j p collman acc chem res 10 265 1977", 64, "jpcollmanaccchemres102651977", collman, 9);
		starts("j p collman acc chem res 10 265 1977", 2, "jpcollmanaccchemres102651977", two, 2);
		starts("ümlaut ök", 64, "ümlautök", utf8, 2);
		starts("", 64, "", NULL, 0);
		starts("  a  ", 64, "a", two, 1);
	}

	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	printf("test_resolve_evidence: all passed\n");
	return 0;
}
