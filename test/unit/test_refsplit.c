/*
 * test_refsplit.c -- unit test of the reference splitter
 * (src/core/refsec_lines.c, src/core/refsec_split.c) on hand-written
 * texts with known answers: headings in several languages and forms, stop
 * headings, numbered and author-year lists, references broken across lines
 * and pages, running headers and page numbers, hyphenation repair, offsets,
 * no section / an empty one, and bytes of every value.  Runs with the
 * installed model (model/pith_refsplit.model) and with the rule-based
 * fallback.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crf_model.h"
#include "refsec_split.h"

static int	failures = 0;

#define CHECK(cond, ...) do { if (!(cond)) { fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
	fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); failures++; } } while (0)

/* a list of blocks, freed after each text */
static void *blocks = NULL;

static void *
arena_alloc(void *ctx, size_t n)
{
	void	  **b = malloc(sizeof(void *) * 2 + n);

	if (!b)
	{
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	b[0] = blocks;
	blocks = b;
	return b + 2;
}

static void
arena_reset(void)
{
	while (blocks)
	{
		void	  **b = blocks;

		blocks = b[0];
		free(b);
	}
}

static int	ticks = 0;
static void
count_tick(void *ctx)
{
	ticks++;
}

static void *
plain_alloc(void *ctx, size_t n)
{
	return malloc(n);
}

static pith_crf_model *
load_model(void)
{
	FILE	   *f = fopen("model/pith_refsplit.model", "rb");
	unsigned char *buf;
	long		n;
	char		err[256];
	pith_crf_model *m;

	if (!f)
	{
		fprintf(stderr, "cannot open model/pith_refsplit.model\n");
		exit(2);
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t) n);
	if (fread(buf, 1, (size_t) n, f) != (size_t) n)
		exit(2);
	fclose(f);
	m = pith_crf_model_load(buf, (size_t) n, PITH_REFSPLIT_FEATURE_SCHEMA, plain_alloc, NULL, err, sizeof(err));
	CHECK(m != NULL, "model does not load: %s", err);
	CHECK(m && pith_refsplit_model_fits(m), "model labels are not bio");
	/* a flipped byte is refused */
	buf[n / 2] ^= 0x40;
	CHECK(pith_crf_model_load(buf, (size_t) n, PITH_REFSPLIT_FEATURE_SCHEMA, plain_alloc, NULL, err, sizeof(err)) == NULL,
		  "a damaged model loads");
	free(buf);
	return m;
}

static const pith_crf_model *model;

static void
split(const char *text, pith_refsplit_result *r, int with_model)
{
	pith_refsplit_env env = {with_model ? model : NULL, arena_alloc, NULL, count_tick, NULL};

	pith_refsplit_text(&env, text, strlen(text), r);
}

/* The references of text must be exactly want[] (NULL-terminated), for both labellers if both. */
static void
expect_refs(const char *name, const char *text, const char *const *want, int both)
{
	for (int wm = 1; wm >= (both ? 0 : 1); wm--)
	{
		pith_refsplit_result r;
		size_t		n = 0;

		while (want[n])
			n++;
		split(text, &r, wm);
		CHECK(r.nrefs == n, "%s (%s): %zu references, want %zu", name, wm ? "model" : "rules", r.nrefs, n);
		for (size_t i = 0; i < r.nrefs && i < n; i++)
		{
			CHECK(strcmp(r.refs[i].text, want[i]) == 0, "%s (%s) reference %zu:\n  got  \"%s\"\n  want \"%s\"",
				  name, wm ? "model" : "rules", i + 1, r.refs[i].text, want[i]);
			CHECK(r.refs[i].len == strlen(r.refs[i].text), "%s: length", name);
			/* the span starts and ends where the reference's text does */
			CHECK(r.refs[i].start < r.refs[i].end && r.refs[i].end <= strlen(text), "%s: span", name);
			CHECK(text[r.refs[i].start] == want[i][0], "%s: span start %u", name, r.refs[i].start);
			CHECK(text[r.refs[i].end - 1] == want[i][strlen(want[i]) - 1], "%s: span end %u", name, r.refs[i].end);
		}
		CHECK(n == 0 || r.status == PITH_REFSPLIT_OK, "%s: status %d", name, (int) r.status);
		arena_reset();
	}
}

static const char numbered[] =
	"1 Introduction\n"
	"We study things [1, 2] and more [3].\n"
	"\n"
	"References\n"
	"\n"
	"[1] A. Smith and B. Jones. A study of some-\n"
	"thing interesting. In Proceedings of the Conference\n"
	"on Things, pages 1-10, 2019.\n"
	"[2] C. Brown. Another paper title. Journal of Stuff,\n"
	"12(3):45-67, 2020.\n"
	"12\n"
	"\f[3] D. Green, E. White, and F. Black. Deep learning\n"
	"for everything. arXiv preprint arXiv:2001.08361,\n"
	"2020.\n"
	"[4] G. Blue. A title with a Bar-\n"
	"Yosef name and a link https://doi.org/10.1000/\n"
	"abc123, 2021.\n"
	"\n"
	"Appendix A. Proofs\n"
	"Here is a proof of the theorem, written in 2019.\n";

static const char *const numbered_want[] = {
	"[1] A. Smith and B. Jones. A study of something interesting. In Proceedings of the Conference on Things, pages 1-10, 2019.",
	"[2] C. Brown. Another paper title. Journal of Stuff, 12(3):45-67, 2020.",
	"[3] D. Green, E. White, and F. Black. Deep learning for everything. arXiv preprint arXiv:2001.08361, 2020.",
	"[4] G. Blue. A title with a Bar-Yosef name and a link https://doi.org/10.1000/abc123, 2021.",
	NULL
};

static const char author_year[] =
	"5 Conclusion\n"
	"We thank the reviewers.\n"
	"\n"
	"REFERENCES\n"
	"\n"
	"Abadi, M., Barham, P., Chen, J., Chen, Z., Davis, A., Dean, J., Devin, M.,\n"
	"Ghemawat, S., Irving, G., Isard, M., et al. 2016. TensorFlow: A system for small-\n"
	"and large-scale machine learning. In 12th USENIX Symposium on Operating Systems\n"
	"Design and Implementation, 265-283.\n"
	"Brown, T., Mann, B., Ryder, N., Subbiah, M., Kaplan, J., Dhariwal, P., Nee-\n"
	"lakantan, A., et al. 2020. Language models are few-shot learners. Advances\n"
	"in Neural Information Processing Systems 33:1877-1901.\n"
	"Devlin, J., Chang, M.-W., Lee, K., and Toutanova, K. 2019. BERT: Pre-training\n"
	"of deep bidirectional transformers for language understanding. In NAACL,\n"
	"4171-4186.\n"
	"Kaplan, J., McCandlish, S., Henighan, T., Brown, T. B., Chess, B., Child, R.,\n"
	"Gray, S., Radford, A., Wu, J., and Amodei, D. 2020. Scaling laws for neural\n"
	"language models. arXiv preprint arXiv:2001.08361.\n"
	"\n"
	"A Proofs\n"
	"Here we prove the main theorem. The argument follows the\n"
	"standard route and needs no new ideas.\n";

static const char *const author_year_want[] = {
	"Abadi, M., Barham, P., Chen, J., Chen, Z., Davis, A., Dean, J., Devin, M., Ghemawat, S., Irving, G., Isard, M., et al. 2016. TensorFlow: A system for small- and large-scale machine learning. In 12th USENIX Symposium on Operating Systems Design and Implementation, 265-283.",
	"Brown, T., Mann, B., Ryder, N., Subbiah, M., Kaplan, J., Dhariwal, P., Neelakantan, A., et al. 2020. Language models are few-shot learners. Advances in Neural Information Processing Systems 33:1877-1901.",
	"Devlin, J., Chang, M.-W., Lee, K., and Toutanova, K. 2019. BERT: Pre-training of deep bidirectional transformers for language understanding. In NAACL, 4171-4186.",
	"Kaplan, J., McCandlish, S., Henighan, T., Brown, T. B., Chess, B., Child, R., Gray, S., Radford, A., Wu, J., and Amodei, D. 2020. Scaling laws for neural language models. arXiv preprint arXiv:2001.08361.",
	NULL
};

/* running header three times, page numbers, a reference broken across a page */
static const char pages[] =
	"Bibliography\n"
	"1. K. Alpha. First title. Journal A, 2001.\n"
	"2. L. Beta. Second title that runs over\n"
	"two lines. Journal B, 2002.\n"
	"Page 7\n"
	"\fSmith et al. / A Paper About Things\n"
	"3. M. Gamma. Third title. Journal C, 2003.\n"
	"4. N. Delta. Fourth title, broken across\n"
	"Page 8\n"
	"\fSmith et al. / A Paper About Things\n"
	"the page. Journal D, 2004.\n"
	"5. O. Epsilon. Fifth title. Journal E, 2005.\n"
	"Page 9\n"
	"\fSmith et al. / A Paper About Things\n"
	"6. P. Zeta. Sixth title. Journal F, 2006.\n";

static const char *const pages_want[] = {
	"1. K. Alpha. First title. Journal A, 2001.",
	"2. L. Beta. Second title that runs over two lines. Journal B, 2002.",
	"3. M. Gamma. Third title. Journal C, 2003.",
	"4. N. Delta. Fourth title, broken across the page. Journal D, 2004.",
	"5. O. Epsilon. Fifth title. Journal E, 2005.",
	"6. P. Zeta. Sixth title. Journal F, 2006.",
	NULL
};

static const char german[] =
	"Einleitung\nText.\n\nLiteratur\n\n"
	"1. M\xc3\xbcller, K.: \xc3\x9c" "ber Zitate. Verlag, Berlin (2001)\n"
	"2. Schmidt, A., Weber, B.: Noch ein Titel.\nZeitschrift 3, 1-5 (2003)\n"
	"3. Wagner, C.: Ein dritter Titel. In: Tagungsband, S. 7-9 (2010)\n\nAnhang\nTabellen 1999.\n";

static const char *const german_want[] = {
	"1. M\xc3\xbcller, K.: \xc3\x9c" "ber Zitate. Verlag, Berlin (2001)",
	"2. Schmidt, A., Weber, B.: Noch ein Titel. Zeitschrift 3, 1-5 (2003)",
	"3. Wagner, C.: Ein dritter Titel. In: Tagungsband, S. 7-9 (2010)",
	NULL
};

/* 参考文献 heading, references in Japanese */
static const char japanese[] =
	"Intro\n\n\xe5\x8f\x82\xe8\x80\x83\xe6\x96\x87\xe7\x8c\xae\n"
	"[1] \xe5\xb1\xb1\xe7\x94\xb0\xe5\xa4\xaa\xe9\x83\x8e. \xe8\xab\x96\xe6\x96\x87. \xe6\x83\x85\xe5\xa0\xb1\xe5\x87\xa6\xe7\x90\x86, 2020.\n"
	"[2] \xe4\xbd\x90\xe8\x97\xa4\xe8\x8a\xb1\xe5\xad\x90. \xe5\x88\xa5\xe3\x81\xae\xe8\xab\x96\xe6\x96\x87. 2019.\n"
	"[3] Tanaka, H. English title here. In Proc. ACL, 2018.\n";

static const char *const japanese_want[] = {
	"[1] \xe5\xb1\xb1\xe7\x94\xb0\xe5\xa4\xaa\xe9\x83\x8e. \xe8\xab\x96\xe6\x96\x87. \xe6\x83\x85\xe5\xa0\xb1\xe5\x87\xa6\xe7\x90\x86, 2020.",
	"[2] \xe4\xbd\x90\xe8\x97\xa4\xe8\x8a\xb1\xe5\xad\x90. \xe5\x88\xa5\xe3\x81\xae\xe8\xab\x96\xe6\x96\x87. 2019.",
	"[3] Tanaka, H. English title here. In Proc. ACL, 2018.",
	NULL
};

/* no heading at all, but a trailing [1] [2] [3] list */
static const char headless[] =
	"Some body text about results.\nMore text, 2019.\n"
	"[1] A. One. Title one. Venue, 2001.\n"
	"[2] B. Two. Title two. Venue, 2002.\n"
	"[3] C. Three. Title three. Venue, 2003.\n";

static const char *const headless_want[] = {
	"[1] A. One. Title one. Venue, 2001.",
	"[2] B. Two. Title two. Venue, 2002.",
	"[3] C. Three. Title three. Venue, 2003.",
	NULL
};

/* one numbered entry holding several works: cut after "; " where a new author or "b)" starts */
static const char several[] =
	"References\n"
	"[1] T. Affolder et al. (CDF Collaboration), Phys. Rev. D 63,\n"
	"072003 (2001); F. Abe et al. (CDF Collaboration), Phys.\n"
	"Rev. Lett. 81, 1367 (1998).\n"
	"[2] A. Smith, J. Am. Chem. Soc. 2011, 133, 2064; J. Phys. Chem. 2012, 5, 11.\n"
	"[3] a) R. Sakamoto, K. Takada, Chem. Commun. 2017, 53, 5781; b) D. Rodriguez, P. Amo,\n"
	"Chem. Commun. 2016, 52, 4113.\n"
	"[4] M. Rosing and W. Gai, Phys. Rev. D 42, 1829 (1990); King-Yuen Ng, Phys. Rev. D 42, 1819 (1990).\n"
	"[5] A. Jones, Physical Review D 42, 1829 (1990); Physical Review Letters 5, 12 (1991).\n"
	"[6] E. Braaten and J. Lee, Phys. Rev. D 67, 054007 (2003), [Erratum-ibid. D 72,\n"
	"099901 (2005)]; K. Y. Liu, Z. G. He and K. T. Chao, Phys. Lett. B 557, 45\n"
	"(2003).\n"
	"[7] M. Wirbel, B. Stech, and M. Bauer, Z. Phys. C 29, 637\n"
	"(1985); J. G. Ko \xc2\xa8rner and G. A. Schuler, Z. Phys. C 38, 511 (1988).\n"
	"[8] R. Brustein, Phys. Lett. B 302, 196 (1993); M. Gasperini Tensor perturbations in string cosmology,\n"
	"Phys. Lett. B 163, 84 (1985).\n"
	"[9] D. Sarchi, Phys. Rev. B 68, 045308 (2003); P Schwendimann, C Ciuti, Phys. Rev. B 62, 4 (2000).\n"
	"[10] A. Jones, Phys. Rev. D 42, 1829 (1990); J. Chem Phys 12, 1 (1991).\n"
	"[11] B. Abbott, Phys. Rev. D 69, 122001 (2004); Charles Kittel et al., Solid State Physics (1996).\n"
	"[12] P. Dupont et J. Martin. Can. J. Chem. 57, 591 (1979). R. Petit et M. Blanc. J. Chem. Phys. 44, 2297\n"
	"(1966).\n"
	"[13] A. Smith, Phys. Rev. D 4, 12 (1990). Erratum: Phys. Rev. D 5, 3 (1991).\n"
	"[14] M. Ackermann et al. Astropart. Phys. 22 (2005) 127; Astropart. Phys. 22 (2005) 339.\n"
	"[15] J.M. Blatt and L.C. Biedenharn, Phys. Rev. 86, 399 (1952); Rev . Mod.\n"
	"Phys. 24, 258 (1952)\n"
	"[16] D. H. R. Barton et S. V. Ley. J. Chem. Soc. Chem. Commun. 277 (1978); J. Chem. Soc. Perkin Trans. 1, 1212(1980).\n"
	"[17] T. C. Kraan and P. van Baal, Nucl. Phys. B533, 627 (1998); Phys. Lett. B 435, 389 (1998).\n"
	"[18] A. Jones, Phys. Rev. D 42, 1829 (1990); Phys. Rev. D 43, 1 (1991-1992).\n"
	"[19] F. Dong and C. Beecher, Metabolomics, ASMS Conference, 31 May-4 June 2015, 2015; America\xe2\x80\x99s Center,\n"
	"St. Louis, Missouri, USA.\n";

static const char *const several_want[] = {
	"[1] T. Affolder et al. (CDF Collaboration), Phys. Rev. D 63, 072003 (2001);",
	"F. Abe et al. (CDF Collaboration), Phys. Rev. Lett. 81, 1367 (1998).",
	/* a journal abbreviation after "; " is no new work */
	"[2] A. Smith, J. Am. Chem. Soc. 2011, 133, 2064; J. Phys. Chem. 2012, 5, 11.",
	"[3] a) R. Sakamoto, K. Takada, Chem. Commun. 2017, 53, 5781;",
	"b) D. Rodriguez, P. Amo, Chem. Commun. 2016, 52, 4113.",
	/* a full name ("King-Yuen Ng,") starts a work too */
	"[4] M. Rosing and W. Gai, Phys. Rev. D 42, 1829 (1990);",
	"King-Yuen Ng, Phys. Rev. D 42, 1819 (1990).",
	/* a journal name after "; " is none */
	"[5] A. Jones, Physical Review D 42, 1829 (1990); Physical Review Letters 5, 12 (1991).",
	/* "]" before the "; ", an erratum's bracket */
	"[6] E. Braaten and J. Lee, Phys. Rev. D 67, 054007 (2003), [Erratum-ibid. D 72, 099901 (2005)];",
	"K. Y. Liu, Z. G. He and K. T. Chao, Phys. Lett. B 557, 45 (2003).",
	/* an accent the extraction split off its letter ("Ko \xc2\xa8rner") is inside the name */
	"[7] M. Wirbel, B. Stech, and M. Bauer, Z. Phys. C 29, 637 (1985);",
	"J. G. Ko \xc2\xa8rner and G. A. Schuler, Z. Phys. C 38, 511 (1988).",
	/* a work's only author, then its title: no comma after the name */
	"[8] R. Brustein, Phys. Lett. B 302, 196 (1993);",
	"M. Gasperini Tensor perturbations in string cosmology, Phys. Lett. B 163, 84 (1985).",
	/* initials without their periods */
	"[9] D. Sarchi, Phys. Rev. B 68, 045308 (2003);",
	"P Schwendimann, C Ciuti, Phys. Rev. B 62, 4 (2000).",
	/*
	 * a journal's words without periods are no author, but a work cited by
	 * its journal alone, the year in parentheses after the volume, is one
	 * of its own (as in [14] to [17])
	 */
	"[10] A. Jones, Phys. Rev. D 42, 1829 (1990);",
	"J. Chem Phys 12, 1 (1991).",
	/* a full name with "et al." */
	"[11] B. Abbott, Phys. Rev. D 69, 122001 (2004);",
	"Charles Kittel et al., Solid State Physics (1996).",
	/* works after one another, each closed by its pages and year, no ";" */
	"[12] P. Dupont et J. Martin. Can. J. Chem. 57, 591 (1979).",
	"R. Petit et M. Blanc. J. Chem. Phys. 44, 2297 (1966).",
	"[13] A. Smith, Phys. Rev. D 4, 12 (1990). Erratum: Phys. Rev. D 5, 3 (1991).",
	"[14] M. Ackermann et al. Astropart. Phys. 22 (2005) 127;",
	"Astropart. Phys. 22 (2005) 339.",
	/* "Rev . Mod.": a space before an abbreviation's period */
	"[15] J.M. Blatt and L.C. Biedenharn, Phys. Rev. 86, 399 (1952);",
	"Rev . Mod. Phys. 24, 258 (1952)",
	/* a journal's name may hold full words ("Perkin") and its year no space before "(" */
	"[16] D. H. R. Barton et S. V. Ley. J. Chem. Soc. Chem. Commun. 277 (1978);",
	"J. Chem. Soc. Perkin Trans. 1, 1212(1980).",
	/* a series letter before the volume ("B 435") */
	"[17] T. C. Kraan and P. van Baal, Nucl. Phys. B533, 627 (1998);",
	"Phys. Lett. B 435, 389 (1998).",
	/* no year of four digits in its parentheses: not cut */
	"[18] A. Jones, Phys. Rev. D 42, 1829 (1990); Phys. Rev. D 43, 1 (1991-1992).",
	/* a possessive ("America's Center,") is no full name */
	"[19] F. Dong and C. Beecher, Metabolomics, ASMS Conference, 31 May-4 June 2015, 2015; America\xe2\x80\x99s Center, St. Louis, Missouri, USA.",
	NULL
};

/*
 * pdftotext pages (a form feed before each page's number): the running
 * header that stands on every other page, once inside the list, is no
 * reference's; a line that ends with a title's function word ("Analysis
 * of") leaves its reference open; a link broken after "http:" is joined
 * without a blank
 */
static const char pdftotext_pages[] =
	"1 Introduction\n"
	"We fit models to spectra in this package.\n"
	"\f38\n"
	"\n"
	"TIMP: Modeling Multi-way Spectroscopic Measurements in R\n"
	"\n"
	"More text about the fitting of the models here.\n"
	"\f39\n"
	"\n"
	"TIMP: Modeling Multi-way Spectroscopic Measurements in R\n"
	"\n"
	"References\n"
	"Bates DM, DebRoy S (2003). \xe2\x80\x9c" "Converting a Large R Package to S4 Classes.\xe2\x80\x9d In Proceedings, Vienna.\n"
	"Golub GH, Pereyra V (1973). \xe2\x80\x9cThe Differentiation of Pseudoinverses and Nonlinear Least\n"
	"Squares Problems whose Variables Separate.\xe2\x80\x9d SIAM Journal on Numerical Analysis, 10,\n"
	"413\xe2\x80\x93" "432.\n"
	"\n"
	"\f40\n"
	"\n"
	"TIMP: Modeling Multi-way Spectroscopic Measurements in R\n"
	"\n"
	"Istratov AA, Vyvenko OF (1999). \xe2\x80\x9c" "Exponential Analysis in Physical Phenomena.\xe2\x80\x9d Review of\n"
	"Scientific Instruments, 70(2), 1233\xe2\x80\x93" "1257.\n"
	"van Stokkum IHM, Larsen DS, van Grondelle R (2004). \xe2\x80\x9cGlobal and Target Analysis of\n"
	"Time-resolved Spectra.\xe2\x80\x9d Biochimica et Biophysica Acta, 1657, 82\xe2\x80\x93" "104, and erratum, 1658,\n"
	"262.\n"
	"Moshier SL (1992). Cephes Mathematical Library. Vienna, Austria. URL http:\n"
	"//www.moshier.net/.\n"
	"Verveer PJ, Squire A, Bastiaens PIH (2000). \xe2\x80\x9cGlobal Analysis of Fluorescence Data.\xe2\x80\x9d Biophysical Journal, 78(4), 2127\xe2\x80\x93" "2137.\n";

static const char *const pdftotext_pages_want[] = {
	"Bates DM, DebRoy S (2003). \xe2\x80\x9c" "Converting a Large R Package to S4 Classes.\xe2\x80\x9d In Proceedings, Vienna.",
	"Golub GH, Pereyra V (1973). \xe2\x80\x9cThe Differentiation of Pseudoinverses and Nonlinear Least Squares Problems whose Variables Separate.\xe2\x80\x9d SIAM Journal on Numerical Analysis, 10, 413\xe2\x80\x93" "432.",
	"Istratov AA, Vyvenko OF (1999). \xe2\x80\x9c" "Exponential Analysis in Physical Phenomena.\xe2\x80\x9d Review of Scientific Instruments, 70(2), 1233\xe2\x80\x93" "1257.",
	"van Stokkum IHM, Larsen DS, van Grondelle R (2004). \xe2\x80\x9cGlobal and Target Analysis of Time-resolved Spectra.\xe2\x80\x9d Biochimica et Biophysica Acta, 1657, 82\xe2\x80\x93" "104, and erratum, 1658, 262.",
	"Moshier SL (1992). Cephes Mathematical Library. Vienna, Austria. URL http://www.moshier.net/.",
	"Verveer PJ, Squire A, Bastiaens PIH (2000). \xe2\x80\x9cGlobal Analysis of Fluorescence Data.\xe2\x80\x9d Biophysical Journal, 78(4), 2127\xe2\x80\x93" "2137.",
	NULL
};

/*
 * two columns read across: a heading and a paragraph of the body, and a
 * numbered section heading, between the references of a labelled list
 */
static const char interleaved_body[] =
	"VII. REFERENCES\n"
	"[1] Karlsson L, Dahlstedt G, \xe2\x80\x9c" "Challenges in Market-Driven Requirements\n"
	"Engineering\xe2\x80\x9d, In Proceedings of REFSQ, Essen, Germany, 2002, PP\n"
	"101-112.\n"
	"[2] Gorschek T, \xe2\x80\x9cRequirements Engineering Supporting Technical\n"
	"Product Management\xe2\x80\x9d. PhD Thesis, Ronneby, 2002.\n"
	"[3] McGrath, Michael E, \xe2\x80\x9cProduct Strategy for High Technology\n"
	"Companies\xe2\x80\x9d. McGraw-Hill, 2nd edition, 2000.\n"
	"[4] Aurum A, Wohlin, \xe2\x80\x9c" "Aligning Requirements with Business\n"
	"Objectives\xe2\x80\x9d, Paris, France, 2005.\n"
	"[5] V\xc3\xa4h\xc3\xa4niitty J, \xe2\x80\x9cProduct Strategy Decisions in Small Software Product\n"
	"Businesses\xe2\x80\x9d, Master's Thesis, Helsinki, 2003.\n"
	"\n"
	"Effectiveness and Efficiency\n"
	"\n"
	"The MDRPM is found to be capable of producing an\n"
	"intended result and as it reduces the number of pair wise\n"
	"comparisons as compared to traditional AHP technique\n"
	"which make it more efficient. The model is based upon\n"
	"AHP which is known to be a most reliable and effective\n"
	"technique among all requirement prioritization methods\n"
	"[12]. The outcome of dynamic validation showed that it\n"
	"produced accurate results and in half time as compared to\n"
	"AHP.\n"
	"\n"
	"[6] Davis A, \xe2\x80\x9cThe Art of Requirements Triage\xe2\x80\x9d, IEEE Computer,\n"
	"Volume 36, Issue 3, PP 42-49.\n"
	"\n"
	"VI. CONCLUSION\n"
	"\n"
	"[7] Kostoff R N, Schaller R, \xe2\x80\x9cScience and Technology Roadmaps\xe2\x80\x9d,\n"
	"IEEE Transactions on Engineering Management, Volume 48, 2001, PP. 132-14.\n";

static const char *const interleaved_body_want[] = {
	"[1] Karlsson L, Dahlstedt G, \xe2\x80\x9c" "Challenges in Market-Driven Requirements Engineering\xe2\x80\x9d, In Proceedings of REFSQ, Essen, Germany, 2002, PP 101-112.",
	"[2] Gorschek T, \xe2\x80\x9cRequirements Engineering Supporting Technical Product Management\xe2\x80\x9d. PhD Thesis, Ronneby, 2002.",
	"[3] McGrath, Michael E, \xe2\x80\x9cProduct Strategy for High Technology Companies\xe2\x80\x9d. McGraw-Hill, 2nd edition, 2000.",
	"[4] Aurum A, Wohlin, \xe2\x80\x9c" "Aligning Requirements with Business Objectives\xe2\x80\x9d, Paris, France, 2005.",
	"[5] V\xc3\xa4h\xc3\xa4niitty J, \xe2\x80\x9cProduct Strategy Decisions in Small Software Product Businesses\xe2\x80\x9d, Master's Thesis, Helsinki, 2003.",
	"[6] Davis A, \xe2\x80\x9cThe Art of Requirements Triage\xe2\x80\x9d, IEEE Computer, Volume 36, Issue 3, PP 42-49.",
	"[7] Kostoff R N, Schaller R, \xe2\x80\x9cScience and Technology Roadmaps\xe2\x80\x9d, IEEE Transactions on Engineering Management, Volume 48, 2001, PP. 132-14.",
	NULL
};

/*
 * a page range broken at its en dash ("44:533\xe2\x80\x93" then "585."): the
 * number ends that reference, joined without a blank, and the names after
 * it begin the next
 */
static const char en_dash_range[] =
	"References\n"
	"Alexandr Andoni and Piotr Indyk. 2008. Near-optimal hashing algorithms. Communications of the ACM, 51(1):117\xe2\x80\x93" "122.\n"
	"\n"
	"Philipp Koehn and Kevin Knight. 2002. Learning a translation lexicon from monolingual corpora. In Proceedings of ACL, pages 9\xe2\x80\x93" "16.\n"
	"\n"
	"Peter Turney. 2012. Domain and function: A dual-space model of semantic relations and compositions. Journal of Artificial Intelligence Research, 44:533\xe2\x80\x93\n"
	"585.\n"
	"\n"
	"Tomas Mikolov, Kai Chen, Greg Corrado, and Jeffrey Dean. 2013. Efficient estimation of word representations in vector space.\n"
	"\n"
	"Fabio Zanzotto, Ioannis Korkontzelos, Francesca Fallucchi, and Suresh Manandhar. 2010. Estimating linear models for compositional distributional semantics. In Proceedings of COLING, pages 1263\xe2\x80\x93" "1271.\n";

static const char *const en_dash_range_want[] = {
	"Alexandr Andoni and Piotr Indyk. 2008. Near-optimal hashing algorithms. Communications of the ACM, 51(1):117\xe2\x80\x93" "122.",
	"Philipp Koehn and Kevin Knight. 2002. Learning a translation lexicon from monolingual corpora. In Proceedings of ACL, pages 9\xe2\x80\x93" "16.",
	"Peter Turney. 2012. Domain and function: A dual-space model of semantic relations and compositions. Journal of Artificial Intelligence Research, 44:533\xe2\x80\x93" "585.",
	"Tomas Mikolov, Kai Chen, Greg Corrado, and Jeffrey Dean. 2013. Efficient estimation of word representations in vector space.",
	"Fabio Zanzotto, Ioannis Korkontzelos, Francesca Fallucchi, and Suresh Manandhar. 2010. Estimating linear models for compositional distributional semantics. In Proceedings of COLING, pages 1263\xe2\x80\x93" "1271.",
	NULL
};

/* a running header of fourteen words, on every page, once inside a labelled list */
static const char long_running_header[] =
	"IEEE TRANSACTIONS ON CIRCUITS AND SYSTEMS FOR VIDEO TECHNOLOGY, VOL. 7, NO. 5, OCTOBER 1997\n"
	"\n"
	"Body text of the first page.\n"
	"\f768\n"
	"\n"
	"IEEE TRANSACTIONS ON CIRCUITS AND SYSTEMS FOR VIDEO TECHNOLOGY, VOL. 7, NO. 5, OCTOBER 1997\n"
	"\n"
	"More body text on the next page.\n"
	"\n"
	"REFERENCES\n"
	"[1] E. Chang and A. Zakhor, \"Scalable video data placement on parallel disk arrays,\" in Proc. SPIE, San Jose, CA, Feb. 1994, pp. 208-221.\n"
	"[2] D. Taubman and A. Zakhor, \"Multirate 3-D subband coding of video,\"\n"
	"IEEE Trans. Image Processing, vol. 3, pp. 572-588, Sept. 1994.\n"
	"\n"
	"\f770\n"
	"\n"
	"IEEE TRANSACTIONS ON CIRCUITS AND SYSTEMS FOR VIDEO TECHNOLOGY, VOL. 7, NO. 5, OCTOBER 1997\n"
	"\n"
	"[3] F. Tobagi, J. Pang, R. Baird, and M. Gang, \"Streaming RAID: a disk\n"
	"array management system for video files,\" in Proc. ACM Multimedia, Anaheim, CA, Aug. 1993, pp. 393-400.\n"
	"[4] H. Vin, S. Rao, and P. Goyal, \"Optimizing the placement of multimedia\n"
	"objects on disk arrays,\" in Proc. Int. Conf. Multimedia Computing and Systems, Washington, DC, May 1995, pp. 158-165.\n";

static const char *const long_running_header_want[] = {
	"[1] E. Chang and A. Zakhor, \"Scalable video data placement on parallel disk arrays,\" in Proc. SPIE, San Jose, CA, Feb. 1994, pp. 208-221.",
	"[2] D. Taubman and A. Zakhor, \"Multirate 3-D subband coding of video,\" IEEE Trans. Image Processing, vol. 3, pp. 572-588, Sept. 1994.",
	"[3] F. Tobagi, J. Pang, R. Baird, and M. Gang, \"Streaming RAID: a disk array management system for video files,\" in Proc. ACM Multimedia, Anaheim, CA, Aug. 1993, pp. 393-400.",
	"[4] H. Vin, S. Rao, and P. Goyal, \"Optimizing the placement of multimedia objects on disk arrays,\" in Proc. Int. Conf. Multimedia Computing and Systems, Washington, DC, May 1995, pp. 158-165.",
	NULL
};

/* a journal's footer and the page number on every page, the last page too (its form feed ends the text) */
static const char last_page_footer[] =
	"Body text of the first page.\n"
	"\n"
	"PLOS ONE | https://doi.org/10.1371/journal.pone.0000001 June 13, 2018\n"
	"\n"
	"1 / 3\n"
	"\n"
	"\fMore body text on the second page.\n"
	"\n"
	"References\n"
	"1.\n"
	"\n"
	"Asseng S. Rising temperatures reduce global wheat production. Nat Clim Change. 2015; 5: 143-147.\n"
	"\n"
	"PLOS ONE | https://doi.org/10.1371/journal.pone.0000001 June 13, 2018\n"
	"\n"
	"2 / 3\n"
	"\n"
	"\f2.\n"
	"\n"
	"Porter J, Gawith M. Temperatures and the growth and development of wheat: a review. Eur J Agron. 1999;\n"
	"10: 23-36. https://doi.org/10.1016/S1161-0301(98)00047-1 PMID: 10495234\n"
	"\n"
	"3.\n"
	"\n"
	"Dinler B, Demir E, Kompe Y. Regulation of auxin, abscisic acid, and salicyclic acid levels by ascorbate\n"
	"application under heat stress in sensitive and tolerant maize leaves. Acta. Biol. Hung. 2014; 65: 469\xe2\x80\x93\n"
	"480. https://doi.org/10.1556/ABiol.65.2014.4.10 PMID: 25475985\n"
	"\n"
	"PLOS ONE | https://doi.org/10.1371/journal.pone.0000001 June 13, 2018\n"
	"\n"
	"3 / 3\n"
	"\n"
	"\f";

static const char *const last_page_footer_want[] = {
	"1. Asseng S. Rising temperatures reduce global wheat production. Nat Clim Change. 2015; 5: 143-147.",
	"2. Porter J, Gawith M. Temperatures and the growth and development of wheat: a review. Eur J Agron. 1999; 10: 23-36. https://doi.org/10.1016/S1161-0301(98)00047-1 PMID: 10495234",
	"3. Dinler B, Demir E, Kompe Y. Regulation of auxin, abscisic acid, and salicyclic acid levels by ascorbate application under heat stress in sensitive and tolerant maize leaves. Acta. Biol. Hung. 2014; 65: 469\xe2\x80\x93" "480. https://doi.org/10.1556/ABiol.65.2014.4.10 PMID: 25475985",
	NULL
};

/*
 * an author-year list in full names whose extraction ran some lines
 * together (a whole reference on one line): a list of full names whose
 * year is on the next line begins a reference after one that closed
 * ("Koby Crammer, ... and" then "Yoram Singer. 2003."); a reference's
 * names and year alone on its lines go on with the title ("... Pinkal.
 * 2006." then "The SALSA corpus: ..."); "In NIPS." and a names line
 * whose year is on the next line do not begin one
 */
static const char full_name_year_list[] =
	"References\n"
	"Aljoscha Burchardt, Katrin Erk, Anette Frank, Andrea\n"
	"Kowalski, Sebastian Pado, and Manfred Pinkal. 2006.\n"
	"The SALSA corpus: a German corpus resource for\n"
	"lexical semantics. In Proceedings of the 5th International Conference on Language Resources and Evaluation (LREC-2006), Genoa, Italy.\n"
	"Michael Collins. 2002. Discriminative Training Methods for Hidden Markov Models: Theory and Experiments with Perceptron Algorithms. In EMNLP.\n"
	"Koby Crammer, Ofer Dekel, Shai Shalev-Shwartz, and\n"
	"Yoram Singer. 2003. Online Passive-Aggressive Algorithms. In Sixteenth Annual Conference on Neural\n"
	"Information Processing Systems (NIPS).\n"
	"Jason Eisner. 1996. Three new probabilistic models\n"
	"for dependency parsing: An exploration. In Proceedings of the 16th International Conference on Computational Linguistics (COLING-96), pages 340-345,\n"
	"Copenhagen, Denmark, August 1996.\n"
	"Richard Johansson and Pierre Nugues.\n"
	"2008. Dependency-based syntactic-semantic analysis with PropBank and NomBank. In Proceedings of the Shared Task Session of CoNLL-2008, Manchester,\n"
	"UK.\n"
	"Will Hamilton, Zhitao Ying, and Jure Leskovec. 2017a.\n"
	"Inductive Representation Learning on Large Graphs.\n"
	"In NIPS.\n"
	"William L. Hamilton, Zhitao Ying, and Jure Leskovec. 2017b. Representation learning on graphs: Methods and applications. IEEE Data Engineering Bulletin.\n"
	"Andreas Maurer, Massimiliano Pontil, and Bernardino\n"
	"Romera-Paredes. 2016. The benefit of multitask representation learning. The Journal of Machine Learning Research, 17(1):2853-2884.\n";

static const char *const full_name_year_list_want[] = {
	"Aljoscha Burchardt, Katrin Erk, Anette Frank, Andrea Kowalski, Sebastian Pado, and Manfred Pinkal. 2006. The SALSA corpus: a German corpus resource for lexical semantics. In Proceedings of the 5th International Conference on Language Resources and Evaluation (LREC-2006), Genoa, Italy.",
	"Michael Collins. 2002. Discriminative Training Methods for Hidden Markov Models: Theory and Experiments with Perceptron Algorithms. In EMNLP.",
	"Koby Crammer, Ofer Dekel, Shai Shalev-Shwartz, and Yoram Singer. 2003. Online Passive-Aggressive Algorithms. In Sixteenth Annual Conference on Neural Information Processing Systems (NIPS).",
	"Jason Eisner. 1996. Three new probabilistic models for dependency parsing: An exploration. In Proceedings of the 16th International Conference on Computational Linguistics (COLING-96), pages 340-345, Copenhagen, Denmark, August 1996.",
	"Richard Johansson and Pierre Nugues. 2008. Dependency-based syntactic-semantic analysis with PropBank and NomBank. In Proceedings of the Shared Task Session of CoNLL-2008, Manchester, UK.",
	"Will Hamilton, Zhitao Ying, and Jure Leskovec. 2017a. Inductive Representation Learning on Large Graphs. In NIPS.",
	"William L. Hamilton, Zhitao Ying, and Jure Leskovec. 2017b. Representation learning on graphs: Methods and applications. IEEE Data Engineering Bulletin.",
	"Andreas Maurer, Massimiliano Pontil, and Bernardino Romera-Paredes. 2016. The benefit of multitask representation learning. The Journal of Machine Learning Research, 17(1):2853-2884.",
	NULL
};

/*
 * a numbered list whose entries 4 to 6 pdftotext put before the heading
 * (a page's columns read out of order), the numbering jumping from 3 to 7
 * after the heading: they are taken from there, in text order, up to the
 * table after them ("3. Methods" is no entry: the list has its own 3)
 */
static const char entries_before_heading[] =
	"1. Introduction\n"
	"Body text of the paper that cites [1] and [3].\n"
	"3. Methods\n"
	"More body text.\n"
	"4.\n"
	"\n"
	"Vayalil, P.K. 2002. Antioxidant and antimutagenic\n"
	"properties of aqueous extract of date fruit. J. Agric. Food Chem. 50, 610-617.\n"
	"\n"
	"5.\n"
	"\n"
	"Dictionary of Natural Products on CD-ROM, version 9.2.\n"
	"Chapman & Hall, 2001.\n"
	"\n"
	"6. Van Wagenen, B.C., Larsen, R. and Swithenbank, C. 1993. Ulosantoin, a\n"
	"potent insecticide from the sponge Ulosa ruetzleri. J. Org. Chem. 58, 335-337.\n"
	"\n"
	"Table 1. LC50 data of the extractives\n"
	"Samples\n"
	"0.28 \xc2\xb1 1.25\n"
	"\n"
	"The values of LC50 were significant in comparison with the positive control.\n"
	"\n"
	"REFERENCES\n"
	"1. Hassan, D.Z. 2000. Some plants of Sundarbans, 1st ed., Tectona computing, Chittagong, p. 80.\n"
	"2. Bauer A.W, Kirby W.M.M, Sherris J.C. and Turck M. 1966. Antibiotic susceptibility testing by a\n"
	"standardized single disc method. Am. J. Clin. Pathol. 45, 493-496.\n"
	"3. Meyer B.N., Ferringni, N.R., Puam, J.E. 1982. Brine shrimp: a convenient general bioassay for\n"
	"active plant constituents. Planta Med. 45, 31-32.\n"
	"7. Persoone G. 1988. Proceedings of the international symposium on brine shrimp, Artemia salina.\n"
	"University Press, Wittern, Belgium, p. 1-3.\n"
	"8. McLaughlin JL. 1982. Brine shrimp: a convenient general bioassay for active constituents. Planta Med. 45, 31-32.\n";

static const char *const entries_before_heading_want[] = {
	"4. Vayalil, P.K. 2002. Antioxidant and antimutagenic properties of aqueous extract of date fruit. J. Agric. Food Chem. 50, 610-617.",
	"5. Dictionary of Natural Products on CD-ROM, version 9.2. Chapman & Hall, 2001.",
	"6. Van Wagenen, B.C., Larsen, R. and Swithenbank, C. 1993. Ulosantoin, a potent insecticide from the sponge Ulosa ruetzleri. J. Org. Chem. 58, 335-337.",
	"1. Hassan, D.Z. 2000. Some plants of Sundarbans, 1st ed., Tectona computing, Chittagong, p. 80.",
	"2. Bauer A.W, Kirby W.M.M, Sherris J.C. and Turck M. 1966. Antibiotic susceptibility testing by a standardized single disc method. Am. J. Clin. Pathol. 45, 493-496.",
	"3. Meyer B.N., Ferringni, N.R., Puam, J.E. 1982. Brine shrimp: a convenient general bioassay for active plant constituents. Planta Med. 45, 31-32.",
	"7. Persoone G. 1988. Proceedings of the international symposium on brine shrimp, Artemia salina. University Press, Wittern, Belgium, p. 1-3.",
	"8. McLaughlin JL. 1982. Brine shrimp: a convenient general bioassay for active constituents. Planta Med. 45, 31-32.",
	NULL
};

/* the same without the label "6.": not every missing label is there, so nothing before the heading is taken */
static const char *const entries_before_heading_gap_want[] = {
	"1. Hassan, D.Z. 2000. Some plants of Sundarbans, 1st ed., Tectona computing, Chittagong, p. 80.",
	"2. Bauer A.W, Kirby W.M.M, Sherris J.C. and Turck M. 1966. Antibiotic susceptibility testing by a standardized single disc method. Am. J. Clin. Pathol. 45, 493-496.",
	"3. Meyer B.N., Ferringni, N.R., Puam, J.E. 1982. Brine shrimp: a convenient general bioassay for active plant constituents. Planta Med. 45, 31-32.",
	"7. Persoone G. 1988. Proceedings of the international symposium on brine shrimp, Artemia salina. University Press, Wittern, Belgium, p. 1-3.",
	"8. McLaughlin JL. 1982. Brine shrimp: a convenient general bioassay for active constituents. Planta Med. 45, 31-32.",
	NULL
};

/*
 * an author-year list whose long author lists end with the year on their
 * own line ("... and Sturrock, E. D. (2010)"): the title on the next line
 * is the same reference's; and a reference without its pages yet whose
 * journal, volume and pages the labeller left out before the text after
 * the list ("Med. Chem. Lett. 16, 4612-4615") keeps them
 */
static const char year_closing_names[] =
	"References\n"
	"Yang, F., Yang, X. P., Liu, Y. H., Xu, J., Cingolani, O., Rhaleb, N. E.\n"
	"and Carretero, O. A. (2004) Ac-SDKP reverses inflammation and\n"
	"fibrosis in rats with heart failure after myocardial infarction.\n"
	"Hypertension 43, 229\xe2\x80\x93" "236\n"
	"Rasoul, S., Carretero, O. A., Peng, H., Cavasin, M. A., Zhuo, J.,\n"
	"Sanchez-Mendoza, A., Brigstock, D. R. and Rhaleb, N. E. (2004)\n"
	"Antifibrotic effect of Ac-SDKP and angiotensin-converting enzyme\n"
	"inhibition in hypertension. J. Hypertens. 22, 593\xe2\x80\x93" "603\n"
	"Peng, H., Carretero, O. A., Vuljaj, N., Liao, T. D., Motivala, A.,\n"
	"Peterson, E. L. and Rhaleb, N. E. (2005) Angiotensin-converting\n"
	"enzyme inhibitors: a new mechanism of action. Circulation 112,\n"
	"2436\xe2\x80\x93" "2445\n"
	"Anthony, C. S., Corradi, H. R., Schwager, S. L., Redelinghuys, P.,\n"
	"Georgiadis, D., Dive, V., Acharya, K. R. and Sturrock, E. D. (2010)\n"
	"The N domain of human angiotensin-I-converting enzyme: the\n"
	"role of N-glycosylation and the crystal structure in complex with\n"
	"an N domain-specific phosphinic inhibitor, RXP407. J. Biol.\n"
	"Chem. 285, 35685\xe2\x80\x93" "35693\n"
	"Lin, C. X., Rhaleb, N. E., Yang, X. P., Liao, T. D., D\xe2\x80\x99" "Ambrosio, M. A.\n"
	"and Carretero, O. A. (2008) Prevention of aortic fibrosis by\n"
	"N-acetyl-seryl-aspartyl-lysyl-proline in angiotensin II-induced\n"
	"hypertension. Am. J. Physiol. Heart Circ. Physiol. 295,\n"
	"H1253\xe2\x80\x93H1261\n"
	"Liao, T. D., Yang, X. P., D\xe2\x80\x99" "Ambrosio, M., Zhang, Y., Rhaleb, N. E.\n"
	"and Carretero, O. A. (2010) N-acetyl-seryl-aspartyl-lysyl-proline\n"
	"attenuates renal injury and dysfunction in hypertensive rats with\n"
	"reduced renal mass: council for high blood pressure research.\n"
	"Hypertension 55, 459\xe2\x80\x93" "467\n"
	"Nchinda, A. T., Chibale, K., Redelinghuys, P. and Sturrock, E. D.\n"
	"(2006) Synthesis of novel keto-ACE analogues as domain-selective angiotensin I-converting enzyme inhibitors. Bioorg.\n"
	"Med. Chem. Lett. 16, 4612\xe2\x80\x93" "4615\n"
	"\n"
	"Received 19 July 2013/20 August 2013; accepted 9 September 2013\n";

static const char *const year_closing_names_want[] = {
	"Yang, F., Yang, X. P., Liu, Y. H., Xu, J., Cingolani, O., Rhaleb, N. E. and Carretero, O. A. (2004) Ac-SDKP reverses inflammation and fibrosis in rats with heart failure after myocardial infarction. Hypertension 43, 229\xe2\x80\x93" "236",
	"Rasoul, S., Carretero, O. A., Peng, H., Cavasin, M. A., Zhuo, J., Sanchez-Mendoza, A., Brigstock, D. R. and Rhaleb, N. E. (2004) Antifibrotic effect of Ac-SDKP and angiotensin-converting enzyme inhibition in hypertension. J. Hypertens. 22, 593\xe2\x80\x93" "603",
	"Peng, H., Carretero, O. A., Vuljaj, N., Liao, T. D., Motivala, A., Peterson, E. L. and Rhaleb, N. E. (2005) Angiotensin-converting enzyme inhibitors: a new mechanism of action. Circulation 112, 2436\xe2\x80\x93" "2445",
	"Anthony, C. S., Corradi, H. R., Schwager, S. L., Redelinghuys, P., Georgiadis, D., Dive, V., Acharya, K. R. and Sturrock, E. D. (2010) The N domain of human angiotensin-I-converting enzyme: the role of N-glycosylation and the crystal structure in complex with an N domain-specific phosphinic inhibitor, RXP407. J. Biol. Chem. 285, 35685\xe2\x80\x93" "35693",
	"Lin, C. X., Rhaleb, N. E., Yang, X. P., Liao, T. D., D\xe2\x80\x99" "Ambrosio, M. A. and Carretero, O. A. (2008) Prevention of aortic fibrosis by N-acetyl-seryl-aspartyl-lysyl-proline in angiotensin II-induced hypertension. Am. J. Physiol. Heart Circ. Physiol. 295, H1253\xe2\x80\x93H1261",
	"Liao, T. D., Yang, X. P., D\xe2\x80\x99" "Ambrosio, M., Zhang, Y., Rhaleb, N. E. and Carretero, O. A. (2010) N-acetyl-seryl-aspartyl-lysyl-proline attenuates renal injury and dysfunction in hypertensive rats with reduced renal mass: council for high blood pressure research. Hypertension 55, 459\xe2\x80\x93" "467",
	"Nchinda, A. T., Chibale, K., Redelinghuys, P. and Sturrock, E. D. (2006) Synthesis of novel keto-ACE analogues as domain-selective angiotensin I-converting enzyme inhibitors. Bioorg. Med. Chem. Lett. 16, 4612\xe2\x80\x93" "4615",
	NULL
};

/*
 * an author-year list whose first references pdftotext put before the
 * conclusion's acknowledgements and the heading (the right column of the
 * page read first): taken from there, in text order, without the tail of
 * a reference whose start is elsewhere ("history-based grammars: ...")
 */
static const char author_year_before_heading[] =
	"8 Conclusion\n"
	"We presented a parser that integrates syntactic and semantic clues\n"
	"to produce a robust interpretation that supports the\n"
	"generation of complete formal meaning representations.\n"
	"\n"
	"history-based grammars: Using richer models for probabilistic parsing. In Proc. of ACL-93, pages 31-37, Columbus,\n"
	"Ohio.\n"
	"Borland International. 1988. Turbo Prolog 2.0 Reference\n"
	"Guide. Borland International, Scotts Valley, CA.\n"
	"Michael J. Collins. 1997. Three generative, lexicalised models for statistical parsing. In Proc. of ACL-97, pages 16-23,\n"
	"Madrid, Spain.\n"
	"Daniel Gildea and Daniel Jurafsky. 2002. Automated labeling\n"
	"of semantic roles. Computational Linguistics, 28(3):245-\n"
	"288.\n"
	"Daniel Jurafsky and James H. Martin. 2000. Speech and Language Processing: An Introduction to Natural Language\n"
	"Processing, Computational Linguistics, and Speech Recognition. Prentice Hall, Upper Saddle River, NJ.\n"
	"Rohit J. Kate, Yuk Wah Wong, and Raymond J. Mooney. 2005.\n"
	"Learning to transform natural to formal languages. In Proc. of AAAI-05, Pittsburgh, PA.\n"
	"\n"
	"9 Acknowledgements\n"
	"We would like to thank the annotators of the corpus and the reviewers.\n"
	"This research was supported by a grant.\n"
	"\n"
	"References\n"
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model.\n"
	"Computational Linguistics, 30(4):479-511.\n"
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards\n";

static const char *const author_year_before_heading_want[] = {
	"Borland International. 1988. Turbo Prolog 2.0 Reference Guide. Borland International, Scotts Valley, CA.",
	"Michael J. Collins. 1997. Three generative, lexicalised models for statistical parsing. In Proc. of ACL-97, pages 16-23, Madrid, Spain.",
	"Daniel Gildea and Daniel Jurafsky. 2002. Automated labeling of semantic roles. Computational Linguistics, 28(3):245-288.",
	"Daniel Jurafsky and James H. Martin. 2000. Speech and Language Processing: An Introduction to Natural Language Processing, Computational Linguistics, and Speech Recognition. Prentice Hall, Upper Saddle River, NJ.",
	"Rohit J. Kate, Yuk Wah Wong, and Raymond J. Mooney. 2005. Learning to transform natural to formal languages. In Proc. of AAAI-05, Pittsburgh, PA.",
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model. Computational Linguistics, 30(4):479-511.",
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards",
	NULL
};

/* the same place holding prose that cites ("Collins (1997) showed ..."): no reference */
static const char citing_prose_before_heading[] =
	"8 Conclusion\n"
	"\n"
	"Collins (1997) showed that lexicalised models help, and\n"
	"Gildea and Jurafsky (2002) labelled semantic roles with them.\n"
	"Kate et al. (2005) learned to transform natural language,\n"
	"Jurafsky and Martin (2000) describe the background, and\n"
	"Borland (1988) documents the Prolog we used.\n"
	"\n"
	"9 Acknowledgements\n"
	"We would like to thank the annotators of the corpus and the reviewers.\n"
	"\n"
	"References\n"
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model.\n"
	"Computational Linguistics, 30(4):479-511.\n"
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards\n"
	"history-based grammars: Using richer models for probabilistic parsing. In Proc. of ACL-93, pages 31-37.\n";

static const char *const citing_prose_before_heading_want[] = {
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model. Computational Linguistics, 30(4):479-511.",
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards history-based grammars: Using richer models for probabilistic parsing. In Proc. of ACL-93, pages 31-37.",
	NULL
};

/*
 * lines that go on with the reference before them whatever the labeller
 * says: a venue alone ("In ICML.", the names after it begin the next
 * reference), a publisher's place and name ("New York: Oxford University
 * Press."), the rest of an author list cut after a given name ("...,
 * Oyvind" then "Tafjord, Pradeep Dasigi, ...")
 */
static const char reference_tails[] =
	"References\n"
	"Quoc Le and Tomas Mikolov. 2014. Distributed Representations of Sentences and Documents. In ICML.\n"
	"Matt Gardner, Joel Grus, Mark Neumann, Oyvind\n"
	"Tafjord, Pradeep Dasigi, Nelson F. Liu, Matthew Peters, Michael Schmitz, and Luke Zettlemoyer. 2018. AllenNLP: A deep semantic natural language processing platform. In Proceedings of Workshop for NLP Open Source Software.\n"
	"Z. Harris. 1985. Distributional structure. In J. J. Katz,\n"
	"editor, The Philosophy of Linguistics, pages 26\xe2\x80\x93" "47.\n"
	"New York: Oxford University Press.\n"
	"C. D. Manning and H. Schutze. 1999. Foundations of\n"
	"Statistical Natural Language Processing. MIT Press.\n"
	"Felix Wu, Amauri H. Souza, Tianyi Zhang, Christopher Fifty, Tao Yu, and Kilian Q. Weinberger.\n"
	"2019a. Simplifying graph convolutional networks.\n"
	"In ICML.\n"
	"Lingfei Wu, Ian En-Hsu Yen, Kun Xu, Fangli\n"
	"Xu, Avinash Balakrishnan, Pin-Yu Chen, Pradeep\n"
	"Ravikumar, and Michael J Witbrock. 2018. Word Mover's Embedding: From Word2Vec to Document\n"
	"Embedding. In EMNLP.\n";

static const char *const reference_tails_want[] = {
	"Quoc Le and Tomas Mikolov. 2014. Distributed Representations of Sentences and Documents. In ICML.",
	"Matt Gardner, Joel Grus, Mark Neumann, Oyvind Tafjord, Pradeep Dasigi, Nelson F. Liu, Matthew Peters, Michael Schmitz, and Luke Zettlemoyer. 2018. AllenNLP: A deep semantic natural language processing platform. In Proceedings of Workshop for NLP Open Source Software.",
	"Z. Harris. 1985. Distributional structure. In J. J. Katz, editor, The Philosophy of Linguistics, pages 26\xe2\x80\x93" "47. New York: Oxford University Press.",
	"C. D. Manning and H. Schutze. 1999. Foundations of Statistical Natural Language Processing. MIT Press.",
	"Felix Wu, Amauri H. Souza, Tianyi Zhang, Christopher Fifty, Tao Yu, and Kilian Q. Weinberger. 2019a. Simplifying graph convolutional networks. In ICML.",
	"Lingfei Wu, Ian En-Hsu Yen, Kun Xu, Fangli Xu, Avinash Balakrishnan, Pin-Yu Chen, Pradeep Ravikumar, and Michael J Witbrock. 2018. Word Mover's Embedding: From Word2Vec to Document Embedding. In EMNLP.",
	NULL
};

/*
 * a DOI broken at its "/" goes on on the next line, one word
 * ("doi:10.1017/" then "S0033291796004424."); a page number after a form
 * feed is no tail of a DOI that ended with its reference's period
 */
static const char doi_tails[] =
	"References\n"
	"Fuh, J. L. et al. (1998). Stress and memory in demented patients. International Journal of\n"
	"Neuroscience, 95, 167\xe2\x80\x93" "172. doi:10.3109/\n"
	"00207459809003338.\n"
	"Nilsson, L-G. et al. (1997). The Betula prospective cohort\n"
	"study: memory, health and aging. Aging, Neuropsychology,\n"
	"and Cognition, 4, 1\xe2\x80\x93" "32. doi:10.1080/13825589708256633.\n"
	"\n"
	"\f154\n"
	"\n"
	"A. Sundstr\xc3\xb6" "m et al.\n"
	"\n"
	"Nilsson, L-G., Adolfsson, R., B\xc3\xa4" "ckman, L. (2004). Betula: a prospective cohort study. Aging, 11, 134\xe2\x80\x93" "148.\n"
	"Paykel, E. (1997). The interview for recent life events.\n"
	"Psychological Medicine, 27, 301\xe2\x80\x93" "310. doi:10.1017/\n"
	"S0033291796004424.\n"
	"Peavy, G. M. et al. (2009). Effects of chronic stress on memory. American Journal of Psychiatry, 166, 1384\xe2\x80\x93" "1391.\n";

static const char *const doi_tails_want[] = {
	"Fuh, J. L. et al. (1998). Stress and memory in demented patients. International Journal of Neuroscience, 95, 167\xe2\x80\x93" "172. doi:10.3109/00207459809003338.",
	"Nilsson, L-G. et al. (1997). The Betula prospective cohort study: memory, health and aging. Aging, Neuropsychology, and Cognition, 4, 1\xe2\x80\x93" "32. doi:10.1080/13825589708256633.",
	"A. Sundstr\xc3\xb6" "m et al.",
	"Nilsson, L-G., Adolfsson, R., B\xc3\xa4" "ckman, L. (2004). Betula: a prospective cohort study. Aging, 11, 134\xe2\x80\x93" "148.",
	"Paykel, E. (1997). The interview for recent life events. Psychological Medicine, 27, 301\xe2\x80\x93" "310. doi:10.1017/S0033291796004424.",
	"Peavy, G. M. et al. (2009). Effects of chronic stress on memory. American Journal of Psychiatry, 166, 1384\xe2\x80\x93" "1391.",
	NULL
};

/*
 * a bracketed list that pdftotext read across two columns: [1] to [4],
 * [22] to [24], [5], [25], [6], [26], [7] to [21], then [27] on; after
 * [21] the labels go on from the highest seen ([27] continues [26]), so
 * [37] begins its reference after the short [36]
 */
static const char interleaved_labels[] =
	"References\n"
	"[1] Z HAO , B. Y., AND G HEMAWAT , S.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 1th\n"
	"SOSP (Oct. 1991), pp. 10\xe2\x80\x93" "19.\n"
	"[2] C HANG , F., AND B URROWS , M.\n"
	"Bigtable: A distributed storage system. In Proc. of the 2th\n"
	"SOSP (Oct. 1992), pp. 20\xe2\x80\x93" "29.\n"
	"[3] D EAN , J., AND H SIEH , W. C.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 3th\n"
	"SOSP (Oct. 1993), pp. 30\xe2\x80\x93" "39.\n"
	"[4] G HEMAWAT , S., AND W ALLACH , D. A.\n"
	"The Google file system. In Proc. of the 4th\n"
	"SOSP (Oct. 1994), pp. 40\xe2\x80\x93" "49.\n"
	"[22] C HANG , F., AND B URROWS , M.\n"
	"The Google file system. In Proc. of the 22th\n"
	"SOSP (Oct. 1997), pp. 220\xe2\x80\x93" "229.\n"
	"[23] D EAN , J., AND H SIEH , W. C.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 23th\n"
	"SOSP (Oct. 1998), pp. 230\xe2\x80\x93" "239.\n"
	"[24] G HEMAWAT , S., AND W ALLACH , D. A.\n"
	"The case for shared nothing. In Proc. of the 24th\n"
	"SOSP (Oct. 1999), pp. 240\xe2\x80\x93" "249.\n"
	"[5] B URROWS , M., AND F IKES , A.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 5th\n"
	"SOSP (Oct. 1995), pp. 50\xe2\x80\x93" "59.\n"
	"[25] B URROWS , M., AND F IKES , A.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 25th\n"
	"SOSP (Oct. 2000), pp. 250\xe2\x80\x93" "259.\n"
	"[6] H SIEH , W. C., AND G RUBER , R. E.\n"
	"The case for shared nothing. In Proc. of the 6th\n"
	"SOSP (Oct. 1996), pp. 60\xe2\x80\x93" "69.\n"
	"[26] H SIEH , W. C., AND G RUBER , R. E.\n"
	"Bigtable: A distributed storage system. In Proc. of the 26th\n"
	"SOSP (Oct. 2001), pp. 260\xe2\x80\x93" "269.\n"
	"[7] W ALLACH , D. A., AND S TONEBRAKER , M.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 7th\n"
	"SOSP (Oct. 1997), pp. 70\xe2\x80\x93" "79.\n"
	"[8] F IKES , A., AND Z HAO , B. Y.\n"
	"Bigtable: A distributed storage system. In Proc. of the 8th\n"
	"SOSP (Oct. 1998), pp. 80\xe2\x80\x93" "89.\n"
	"[9] G RUBER , R. E., AND C HANG , F.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 9th\n"
	"SOSP (Oct. 1999), pp. 90\xe2\x80\x93" "99.\n"
	"[10] S TONEBRAKER , M., AND D EAN , J.\n"
	"The Google file system. In Proc. of the 10th\n"
	"SOSP (Oct. 2000), pp. 100\xe2\x80\x93" "109.\n"
	"[11] Z HAO , B. Y., AND G HEMAWAT , S.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 11th\n"
	"SOSP (Oct. 2001), pp. 110\xe2\x80\x93" "119.\n"
	"[12] C HANG , F., AND B URROWS , M.\n"
	"The case for shared nothing. In Proc. of the 12th\n"
	"SOSP (Oct. 2002), pp. 120\xe2\x80\x93" "129.\n"
	"[13] D EAN , J., AND H SIEH , W. C.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 13th\n"
	"SOSP (Oct. 2003), pp. 130\xe2\x80\x93" "139.\n"
	"[14] G HEMAWAT , S., AND W ALLACH , D. A.\n"
	"Bigtable: A distributed storage system. In Proc. of the 14th\n"
	"SOSP (Oct. 2004), pp. 140\xe2\x80\x93" "149.\n"
	"[15] B URROWS , M., AND F IKES , A.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 15th\n"
	"SOSP (Oct. 1990), pp. 150\xe2\x80\x93" "159.\n"
	"[16] H SIEH , W. C., AND G RUBER , R. E.\n"
	"The Google file system. In Proc. of the 16th\n"
	"SOSP (Oct. 1991), pp. 160\xe2\x80\x93" "169.\n"
	"[17] W ALLACH , D. A., AND S TONEBRAKER , M.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 17th\n"
	"SOSP (Oct. 1992), pp. 170\xe2\x80\x93" "179.\n"
	"[18] F IKES , A., AND Z HAO , B. Y.\n"
	"The case for shared nothing. In Proc. of the 18th\n"
	"SOSP (Oct. 1993), pp. 180\xe2\x80\x93" "189.\n"
	"[19] G RUBER , R. E., AND C HANG , F.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 19th\n"
	"SOSP (Oct. 1994), pp. 190\xe2\x80\x93" "199.\n"
	"[20] S TONEBRAKER , M., AND D EAN , J.\n"
	"Bigtable: A distributed storage system. In Proc. of the 20th\n"
	"SOSP (Oct. 1995), pp. 200\xe2\x80\x93" "209.\n"
	"[21] Z HAO , B. Y., AND G HEMAWAT , S.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 21th\n"
	"SOSP (Oct. 1996), pp. 210\xe2\x80\x93" "219.\n"
	"[27] W ALLACH , D. A., AND S TONEBRAKER , M.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 27th\n"
	"SOSP (Oct. 2002), pp. 270\xe2\x80\x93" "279.\n"
	"[28] F IKES , A., AND Z HAO , B. Y.\n"
	"The Google file system. In Proc. of the 28th\n"
	"SOSP (Oct. 2003), pp. 280\xe2\x80\x93" "289.\n"
	"[29] G RUBER , R. E., AND C HANG , F.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 29th\n"
	"SOSP (Oct. 2004), pp. 290\xe2\x80\x93" "299.\n"
	"[30] S TONEBRAKER , M., AND D EAN , J.\n"
	"The case for shared nothing. In Proc. of the 30th\n"
	"SOSP (Oct. 1990), pp. 300\xe2\x80\x93" "309.\n"
	"[31] Z HAO , B. Y., AND G HEMAWAT , S.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 31th\n"
	"SOSP (Oct. 1991), pp. 310\xe2\x80\x93" "319.\n"
	"[32] C HANG , F., AND B URROWS , M.\n"
	"Bigtable: A distributed storage system. In Proc. of the 32th\n"
	"SOSP (Oct. 1992), pp. 320\xe2\x80\x93" "329.\n"
	"[33] D EAN , J., AND H SIEH , W. C.\n"
	"MapReduce: Simplified data processing on large clusters. In Proc. of the 33th\n"
	"SOSP (Oct. 1993), pp. 330\xe2\x80\x93" "339.\n"
	"[34] G HEMAWAT , S., AND W ALLACH , D. A.\n"
	"The Google file system. In Proc. of the 34th\n"
	"SOSP (Oct. 1994), pp. 340\xe2\x80\x93" "349.\n"
	"[35] B URROWS , M., AND F IKES , A.\n"
	"The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 35th\n"
	"SOSP (Oct. 1995), pp. 350\xe2\x80\x93" "359.\n"
	"[36] SYBASE . COM.\n"
	"www.sybase.com/products/databaseservers/sybaseiq. Product page.\n"
	"[37] W ALLACH , D. A., AND S TONEBRAKER , M.\n"
	"Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 37th\n"
	"SOSP (Oct. 1997), pp. 370\xe2\x80\x93" "379.\n"
	"[38] F IKES , A., AND Z HAO , B. Y.\n"
	"Bigtable: A distributed storage system. In Proc. of the 38th\n"
	"SOSP (Oct. 1998), pp. 380\xe2\x80\x93" "389.\n";

static const char *const interleaved_labels_want[] = {
	"[1] Z HAO , B. Y., AND G HEMAWAT , S. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 1th SOSP (Oct. 1991), pp. 10\xe2\x80\x93" "19.",
	"[2] C HANG , F., AND B URROWS , M. Bigtable: A distributed storage system. In Proc. of the 2th SOSP (Oct. 1992), pp. 20\xe2\x80\x93" "29.",
	"[3] D EAN , J., AND H SIEH , W. C. MapReduce: Simplified data processing on large clusters. In Proc. of the 3th SOSP (Oct. 1993), pp. 30\xe2\x80\x93" "39.",
	"[4] G HEMAWAT , S., AND W ALLACH , D. A. The Google file system. In Proc. of the 4th SOSP (Oct. 1994), pp. 40\xe2\x80\x93" "49.",
	"[22] C HANG , F., AND B URROWS , M. The Google file system. In Proc. of the 22th SOSP (Oct. 1997), pp. 220\xe2\x80\x93" "229.",
	"[23] D EAN , J., AND H SIEH , W. C. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 23th SOSP (Oct. 1998), pp. 230\xe2\x80\x93" "239.",
	"[24] G HEMAWAT , S., AND W ALLACH , D. A. The case for shared nothing. In Proc. of the 24th SOSP (Oct. 1999), pp. 240\xe2\x80\x93" "249.",
	"[5] B URROWS , M., AND F IKES , A. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 5th SOSP (Oct. 1995), pp. 50\xe2\x80\x93" "59.",
	"[25] B URROWS , M., AND F IKES , A. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 25th SOSP (Oct. 2000), pp. 250\xe2\x80\x93" "259.",
	"[6] H SIEH , W. C., AND G RUBER , R. E. The case for shared nothing. In Proc. of the 6th SOSP (Oct. 1996), pp. 60\xe2\x80\x93" "69.",
	"[26] H SIEH , W. C., AND G RUBER , R. E. Bigtable: A distributed storage system. In Proc. of the 26th SOSP (Oct. 2001), pp. 260\xe2\x80\x93" "269.",
	"[7] W ALLACH , D. A., AND S TONEBRAKER , M. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 7th SOSP (Oct. 1997), pp. 70\xe2\x80\x93" "79.",
	"[8] F IKES , A., AND Z HAO , B. Y. Bigtable: A distributed storage system. In Proc. of the 8th SOSP (Oct. 1998), pp. 80\xe2\x80\x93" "89.",
	"[9] G RUBER , R. E., AND C HANG , F. MapReduce: Simplified data processing on large clusters. In Proc. of the 9th SOSP (Oct. 1999), pp. 90\xe2\x80\x93" "99.",
	"[10] S TONEBRAKER , M., AND D EAN , J. The Google file system. In Proc. of the 10th SOSP (Oct. 2000), pp. 100\xe2\x80\x93" "109.",
	"[11] Z HAO , B. Y., AND G HEMAWAT , S. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 11th SOSP (Oct. 2001), pp. 110\xe2\x80\x93" "119.",
	"[12] C HANG , F., AND B URROWS , M. The case for shared nothing. In Proc. of the 12th SOSP (Oct. 2002), pp. 120\xe2\x80\x93" "129.",
	"[13] D EAN , J., AND H SIEH , W. C. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 13th SOSP (Oct. 2003), pp. 130\xe2\x80\x93" "139.",
	"[14] G HEMAWAT , S., AND W ALLACH , D. A. Bigtable: A distributed storage system. In Proc. of the 14th SOSP (Oct. 2004), pp. 140\xe2\x80\x93" "149.",
	"[15] B URROWS , M., AND F IKES , A. MapReduce: Simplified data processing on large clusters. In Proc. of the 15th SOSP (Oct. 1990), pp. 150\xe2\x80\x93" "159.",
	"[16] H SIEH , W. C., AND G RUBER , R. E. The Google file system. In Proc. of the 16th SOSP (Oct. 1991), pp. 160\xe2\x80\x93" "169.",
	"[17] W ALLACH , D. A., AND S TONEBRAKER , M. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 17th SOSP (Oct. 1992), pp. 170\xe2\x80\x93" "179.",
	"[18] F IKES , A., AND Z HAO , B. Y. The case for shared nothing. In Proc. of the 18th SOSP (Oct. 1993), pp. 180\xe2\x80\x93" "189.",
	"[19] G RUBER , R. E., AND C HANG , F. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 19th SOSP (Oct. 1994), pp. 190\xe2\x80\x93" "199.",
	"[20] S TONEBRAKER , M., AND D EAN , J. Bigtable: A distributed storage system. In Proc. of the 20th SOSP (Oct. 1995), pp. 200\xe2\x80\x93" "209.",
	"[21] Z HAO , B. Y., AND G HEMAWAT , S. MapReduce: Simplified data processing on large clusters. In Proc. of the 21th SOSP (Oct. 1996), pp. 210\xe2\x80\x93" "219.",
	"[27] W ALLACH , D. A., AND S TONEBRAKER , M. MapReduce: Simplified data processing on large clusters. In Proc. of the 27th SOSP (Oct. 2002), pp. 270\xe2\x80\x93" "279.",
	"[28] F IKES , A., AND Z HAO , B. Y. The Google file system. In Proc. of the 28th SOSP (Oct. 2003), pp. 280\xe2\x80\x93" "289.",
	"[29] G RUBER , R. E., AND C HANG , F. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 29th SOSP (Oct. 2004), pp. 290\xe2\x80\x93" "299.",
	"[30] S TONEBRAKER , M., AND D EAN , J. The case for shared nothing. In Proc. of the 30th SOSP (Oct. 1990), pp. 300\xe2\x80\x93" "309.",
	"[31] Z HAO , B. Y., AND G HEMAWAT , S. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 31th SOSP (Oct. 1991), pp. 310\xe2\x80\x93" "319.",
	"[32] C HANG , F., AND B URROWS , M. Bigtable: A distributed storage system. In Proc. of the 32th SOSP (Oct. 1992), pp. 320\xe2\x80\x93" "329.",
	"[33] D EAN , J., AND H SIEH , W. C. MapReduce: Simplified data processing on large clusters. In Proc. of the 33th SOSP (Oct. 1993), pp. 330\xe2\x80\x93" "339.",
	"[34] G HEMAWAT , S., AND W ALLACH , D. A. The Google file system. In Proc. of the 34th SOSP (Oct. 1994), pp. 340\xe2\x80\x93" "349.",
	"[35] B URROWS , M., AND F IKES , A. The Chubby lock service for loosely-coupled distributed systems. In Proc. of the 35th SOSP (Oct. 1995), pp. 350\xe2\x80\x93" "359.",
	"[36] SYBASE . COM. www.sybase.com/products/databaseservers/sybaseiq. Product page.",
	"[37] W ALLACH , D. A., AND S TONEBRAKER , M. Tapestry: An infrastructure for fault-tolerant wide-area location and routing. In Proc. of the 37th SOSP (Oct. 1997), pp. 370\xe2\x80\x93" "379.",
	"[38] F IKES , A., AND Z HAO , B. Y. Bigtable: A distributed storage system. In Proc. of the 38th SOSP (Oct. 1998), pp. 380\xe2\x80\x93" "389.",
	NULL
};

/*
 * a footer that pdftotext put amid the columns ("To appear in OSDI
 * 2006", never next to a form feed) stands whole three times and more
 * before the list: no reference's line where it falls inside the list
 */
static const char footer_amid_columns[] =
	"Body paragraph 0 of the paper about distributed storage systems,\n"
	"which goes on for a while before the next column.\n"
	"To appear in OSDI 2006\n"
	"\n"
	"More body text after the footer in column 0.\n"
	"\n"
	"Body paragraph 1 of the paper about distributed storage systems,\n"
	"which goes on for a while before the next column.\n"
	"To appear in OSDI 2006\n"
	"\n"
	"More body text after the footer in column 1.\n"
	"\n"
	"Body paragraph 2 of the paper about distributed storage systems,\n"
	"which goes on for a while before the next column.\n"
	"To appear in OSDI 2006\n"
	"\n"
	"More body text after the footer in column 2.\n"
	"\n"
	"Body paragraph 3 of the paper about distributed storage systems,\n"
	"which goes on for a while before the next column.\n"
	"To appear in OSDI 2006\n"
	"\n"
	"More body text after the footer in column 3.\n"
	"\n"
	"References\n"
	"[1] C HANG , F., AND D EAN , J. Bigtable: A distributed storage\n"
	"system for structured data. In Proc. of OSDI (2006), pp. 205\xe2\x80\x93" "218.\n"
	"To appear in OSDI 2006\n"
	"[2] D EAN , J., AND G HEMAWAT , S. MapReduce: Simplified data\n"
	"processing on large clusters. In Proc. of OSDI (2004), pp. 137\xe2\x80\x93" "150.\n"
	"[3] G HEMAWAT , S., G OBIOFF , H., AND L EUNG , S.-T. The Google\n"
	"file system. In Proc. of the 19th SOSP (Dec. 2003), pp. 29\xe2\x80\x93" "43.\n";

static const char *const footer_amid_columns_want[] = {
	"[1] C HANG , F., AND D EAN , J. Bigtable: A distributed storage system for structured data. In Proc. of OSDI (2006), pp. 205\xe2\x80\x93" "218.",
	"[2] D EAN , J., AND G HEMAWAT , S. MapReduce: Simplified data processing on large clusters. In Proc. of OSDI (2004), pp. 137\xe2\x80\x93" "150.",
	"[3] G HEMAWAT , S., G OBIOFF , H., AND L EUNG , S.-T. The Google file system. In Proc. of the 19th SOSP (Dec. 2003), pp. 29\xe2\x80\x93" "43.",
	NULL
};

/*
 * a BMC-style page break: a running header of two lines, the second a
 * link too short to count alone ("http://www.traumamanagement.org/...")
 * left out; then a block of labels pulled away from their references
 * ("4." to "7.", one per line) that begins none of them: the reference
 * the page break interrupted goes on after it
 */
static const char label_block[] =
	"Body text of page 1 about vena cava filters in trauma patients.\n"
	"More body text follows here.\n"
	"\n"
	"\fDatta et al. Journal of Trauma Management & Outcomes 2010, 4:1\n"
	"http://www.traumamanagement.org/content/4/1/1\n"
	"\n"
	"Body text of page 2 about vena cava filters in trauma patients.\n"
	"More body text follows here.\n"
	"\n"
	"\fDatta et al. Journal of Trauma Management & Outcomes 2010, 4:1\n"
	"http://www.traumamanagement.org/content/4/1/1\n"
	"\n"
	"Body text of page 3 about vena cava filters in trauma patients.\n"
	"More body text follows here.\n"
	"\n"
	"\fDatta et al. Journal of Trauma Management & Outcomes 2010, 4:1\n"
	"http://www.traumamanagement.org/content/4/1/1\n"
	"\n"
	"References\n"
	"1. Geerts WH, Jay RM, Code KI: A comparison of low-dose heparin with\n"
	"low-molecular-weight heparin. N Engl J Med 1996, 335:701-7.\n"
	"2. Velmahos GC, Kern J, Chan LS: Prevention of venous thromboembolism after injury.\n"
	"J Trauma 2000, 49:140-4.\n"
	"\n"
	"\fDatta et al. Journal of Trauma Management & Outcomes 2010, 4:1\n"
	"http://www.traumamanagement.org/content/4/1/1\n"
	"\n"
	"3. Decousus H, Leizorovicz A, Parent F: A clinical trial of\n"
	"vena caval filters in the prevention of pulmonary embolism in patients with\n"
	"\n"
	"\fDatta et al. Journal of Trauma Management & Outcomes 2010, 4:1\n"
	"http://www.traumamanagement.org/content/4/1/1\n"
	"\n"
	"4.\n"
	"5.\n"
	"6.\n"
	"7.\n"
	"proximal deep-vein thrombosis. N Engl J Med 1998,\n"
	"338:409-15.\n"
	"Darcy MD, Smith TP, Hunter DW: Short-term prophylaxis of pulmonary embolism by using a retrievable\n"
	"vena cava filter. AJR 1986, 147:836-8.\n"
	"8. Kaufman JA, Kinney TB: Guidelines for the use of retrievable vena cava filters. Surg Obes Relat Dis 2006, 2:200-12.\n";

static const char *const label_block_want[] = {
	"1. Geerts WH, Jay RM, Code KI: A comparison of low-dose heparin with low-molecular-weight heparin. N Engl J Med 1996, 335:701-7.",
	"2. Velmahos GC, Kern J, Chan LS: Prevention of venous thromboembolism after injury. J Trauma 2000, 49:140-4.",
	"3. Decousus H, Leizorovicz A, Parent F: A clinical trial of vena caval filters in the prevention of pulmonary embolism in patients with proximal deep-vein thrombosis. N Engl J Med 1998, 338:409-15.",
	"Darcy MD, Smith TP, Hunter DW: Short-term prophylaxis of pulmonary embolism by using a retrievable vena cava filter. AJR 1986, 147:836-8.",
	"8. Kaufman JA, Kinney TB: Guidelines for the use of retrievable vena cava filters. Surg Obes Relat Dis 2006, 2:200-12.",
	NULL
};

/*
 * an author-year list over page breaks: names and year alone keep their
 * title after the page number and form feed ("... Ma. 2017." "2278"
 * "A simple but ..."); after a reference past its year and cut there
 * ("... Roukos. 1993. Towards"), names with their year begin the next
 * one across the break; the list's last line after "In Proceedings of
 * the" is its reference's
 */
static const char over_page_breaks[] =
	"References\n"
	"Waleed Ammar, Dirk Groeneveld, Chandra Bhagavatula, and Iz Beltagy. 2018. Construction of the literature graph in\n"
	"semantic scholar. In NAACL-HLT.\n"
	"Sanjeev Arora, Yingyu Liang, and Tengyu Ma. 2017.\n"
	"\n"
	"2278\n"
	"\n"
	"\fA simple but tough-to-beat baseline for sentence embeddings. In ICLR.\n"
	"Iz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A Pretrained Language Model for Scientific Text. In EMNLP.\n"
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model.\n"
	"Computational Linguistics, 30(4):479-511.\n"
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards\n"
	"\n"
	"16\n"
	"\n"
	"\fAna-Maria Popescu, Alex Armanasu, Oren Etzioni, David Ko,\n"
	"and Alexander Yates. 2004. Modern natural language interfaces to databases. In COLING-04, Geneva, Switzerland.\n"
	"Lappoon R. Tang and Raymond J. Mooney. 2001. Using multiple clause constructors in inductive logic programming. In ECML-01.\n"
	"Huihsin Tseng, Daniel Jurafsky, and Christopher Manning.\n"
	"2005. Morphological features help pos tagging of unknown\n"
	"words across language varieties. In Proceedings of the\n"
	"Fourth SIGHAN Workshop on Chinese Language Processing.\n";

static const char *const over_page_breaks_want[] = {
	"Waleed Ammar, Dirk Groeneveld, Chandra Bhagavatula, and Iz Beltagy. 2018. Construction of the literature graph in semantic scholar. In NAACL-HLT.",
	"Sanjeev Arora, Yingyu Liang, and Tengyu Ma. 2017. A simple but tough-to-beat baseline for sentence embeddings. In ICLR.",
	"Iz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A Pretrained Language Model for Scientific Text. In EMNLP.",
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model. Computational Linguistics, 30(4):479-511.",
	"Ezra Black, Frederick Jelinek, John Lafferty, David M. Magerman, Robert L. Mercer, and Salim Roukos. 1993. Towards",
	"Ana-Maria Popescu, Alex Armanasu, Oren Etzioni, David Ko, and Alexander Yates. 2004. Modern natural language interfaces to databases. In COLING-04, Geneva, Switzerland.",
	"Lappoon R. Tang and Raymond J. Mooney. 2001. Using multiple clause constructors in inductive logic programming. In ECML-01.",
	"Huihsin Tseng, Daniel Jurafsky, and Christopher Manning. 2005. Morphological features help pos tagging of unknown words across language varieties. In Proceedings of the Fourth SIGHAN Workshop on Chinese Language Processing.",
	NULL
};

/*
 * a two-column ACL-style list as pdftotext writes it (the reference list
 * of a public paper, its names' letters rotated): whole references run
 * together on one line, author lists in full names whose year is on the
 * next lines, a justified reference broken into one word per line, a page
 * number, a one-word line ("Copenhaen.") closing a reference before the
 * next one's names -- every reference whole, as checked by hand
 */
static const char acl_two_column[] =
	"Ylmlylujlz\n"
	"Zhipul Ibjoovsg and Lydpu Thyzp. 2006. CoNLL-X\n"
	"Shared Task on Tbsapspunbhs Dependency Whyzpun. In\n"
	"In Proc. of CoNLL, pages 149\xe2\x80\x93" "164.\n"
	"Hsqvzjoh Ibyjohyka, Rhaypu Lyr, Hulaal Myhur, Hukylh\n"
	"Rvdhszrp, Zlihzaphu Whkv, and Thumylk Wpurhs. 2006.\n"
	"The SALSA corpus: a Nlythu corpus resource for\n"
	"lexical semantics. In Proceedings of the 5th International Conference on Language Resources and Evaluation (LREC-2006), Nluvh, Pahsf.\n"
	"Tpjohls Jvsspuz. 2002. Kpzjyptpuhapcl Ayhpupun Methods for Opkklu Thyrvc Tvklsz: Aolvyf and Lewlyptluaz with Wlyjlwayvu Hsnvypaotz. In EMNLP.\n"
	"Rvif Jyhttly, Vmly Klrls, Zohp Zohslc-Zodhyag, and\n"
	"Fvyht Zpunly. 2003. Vuspul Whzzpcl-Hnnylzzpcl Hsnvypaotz. In Sixteenth Annual Conference on Neural\n"
	"Information Processing Systems (NIPS).\n"
	"Qhzvu Lpzuly. 1996. Aoyll new probabilistic models\n"
	"for dependency parsing: An exploration. In Proceedings of the 16th International Conference on Computational Linguistics (COLING-96), pages 340\xe2\x80\x93" "345,\n"
	"Jvwluohlu.\n"
	"Qhu Ohqpj\xcc\x8c" ", Qhytpsh Whulcvch\xcc\x81" ", Lch Ohqpj\xcc\x8c" "ova\xcc\x81" ", Wlay\n"
	"Znhss, Wlay Whqhz, Qhu S\xcc\x8c" "te\xcc\x8c" "pa\xcc\x81" "nek, Qpy\xcc\x8c" "\xc4\xb1" "\xcc\x81" " Ohclsrh, Thypl\n"
	"Tprbsvch\xcc\x81" ", and Gklur\xcc\x8c" " Z\xcc\x8c" "abokrtsky\xcc\x81" ". 2006. Wyhnbl Dependency Treebank 2.0.\n"
	"Qhu Ohqpj\xcc\x8c" ", Thzzptpsphuv Jphyhtpah, Ypjohyk Qvohuzzvu, Khpzbrl Rhdhohyh, Thyph Huav\xcc\x80" "nia Mart\xc4\xb1" "\xcc\x81" ", Ssb\xe2\x80\x99" "is\n"
	"Ma\xcc\x80" "rquez, Hkht Tlflyz, Qvhrpt Upcyl, Zlihzaphu\n"
	"Whkv\xcc\x81" ", Qhu S\xcc\x8c" "te\xcc\x8c" "pa\xcc\x81" "nek, Whcls Zayhu\xcc\x8c" "a\xcc\x81" "k, Tphop Zbyklhub,\n"
	"Uphudlu Ebl, and Yi Gohun. 2009. The CoNLL2009 Shared Task: Zfuahjapj and Zlthuapj Klwluklujplz in Tbsapwsl Shunbhnlz. In Proceedings of the 13th\n"
	"CoNLL-2009, June 4-5, Ivbskly, Jvsvyhkv, USA.\n"
	"Ypjohyk Qvohuzzvu and Wplyyl Ubnblz.\n"
	"2008.\n"
	"Dependency-based\n"
	"syntactic\xe2\x80\x93" "semantic\n"
	"analysis\n"
	"with PropBank and NomBank. In Proceedings of the\n"
	"Shared Task Session of CoNLL-2008, Thujolzaly,\n"
	"UK.\n"
	"\n"
	"72\n"
	"\n"
	"Khpzbrl Rhdhohyh, Zhkhv Rbyvohzop, and Ko\xcc\x82" "iti Ohzpkh.\n"
	"2002. Jvuzaybjapvu of a Qhwhulzl relevance-tagged\n"
	"corpus. In Proceedings of the 3rd International\n"
	"Conference on Language Resources and Evaluation\n"
	"(LREC-2002), pages 2008\xe2\x80\x93" "2013, Shz Whsthz, Jhuhyf\n"
	"Pzshukz.\n"
	"Yfhu McDonald and Mlyuhukv Wlylpyh. 2006. Vuspul\n"
	"Learning of Hwwyvepthal Dependency Whyzpun Hsnvypaotz. In In Proc. of EACL, pages 81\xe2\x80\x93" "88.\n"
	"Yfhu McDonald, Rvif Jyhttly, and Mlyuhukv Wlylpyh.\n"
	"2005. Vuspul Shynl-margin Ayhpupun of Dependency\n"
	"Whyzlyz. In Proc. ACL, pages 91\xe2\x80\x93" "98.\n"
	"Yfhu McDonald, Rlcpu Slythu, Rvif Jyhttly, and\n"
	"Mlyuhukv Wlylpyh. 2006. Tbsapspunbhs Dependency\n"
	"Whyzpun with a Adv-Zahnl Kpzjyptpuhapcl Whyzly. In\n"
	"Aluao Conference on Computational Natural Language Learning (CoNLL-X), pages 91\xe2\x80\x93" "98.\n"
	"Hkht Tlflyz, Ybao Yllclz, Jhaolypul Thjslvk, Yhjols\n"
	"Zglrlsf, Clyvuprh Gplspuzrh, Iyphu Fvbun, and Yhswo\n"
	"Nypzothu. 2004. The nombank project: An interim\n"
	"report. In A. Tlflyz, editor, HLT-NAACL 2004 Workshop: Myvuaplyz in Jvywbz Huuvahapvu, pages 24\xe2\x80\x93" "31,\n"
	"Ivzavu, Thzzhjobzlaaz, USA, May 2 - May 7. Association for Computational Linguistics.\n"
	"Qvhrpt. Upcyl and Qluz Upszzvu. 2005. PseudoProjective Dependency Whyzpun. In In Proceedings of\n"
	"the 43rd Annual Meeting of the Association for Computational Linguistics, pages 99\xe2\x80\x93" "106.\n"
	"Qvhrpt Upcyl, Qvohu Ohss, and Qluz Upszzvu. 2004.\n"
	"Tltvyf-Ihzlk Dependency Whyzpun. In Proceedings of the 8th CoNLL, pages 49\xe2\x80\x93" "56, Ivzavu, Thzzhjobzlaaz.\n"
	"Qvhrpt Upcyl, Qvohu Ohss, Zhukyh Ku\xcc\x88" "bler, Yhfu McDonald, Qluz Upszzvu, Zlihzaphu Yplkls, and Klupg Fbyla.\n"
	"2007. The conll 2007 shared task on dependency parsing. In Proc. of the CoNLL 2007 Shared Task. Qvpua\n"
	"Jvum. on Empirical Methods in Natural Language Processing and Computational Natural Language Learning (EMNLP-CoNLL), June.\n"
	"Thyaoh Whstly and Uphudlu Ebl. 2009. Hkkpun Zlthuapj Yvslz to the Jopulzl Treebank. Natural Language\n"
	"Lunpullypun, 15(1):143\xe2\x80\x93" "172.\n"
	"Thyaoh Whstly, Whbs Rpunzibyf, and Khupls Npsklh.\n"
	"2005. The Wyvwvzpapvu Ihur: An Huuvahalk Jvywbz\n"
	"of Zlthuapj Yvslz. volume 31, pages 71\xe2\x80\x93" "106.\n"
	"Tpohp Zbyklhub, Ypjohyk Qvohuzzvu, Hkht Tlflyz,\n"
	"Llu\xc4\xb1" "\xcc\x81" "s Ma\xcc\x80" "rquez, and Qvhrpt Upcyl. 2008. The CoNLL2008 shared task on joint parsing of syntactic and\n"
	"semantic dependencies. In Proceedings of the 12th\n"
	"CoNLL-2008.\n"
	"Thypvuh Ahbsl\xcc\x81" ", Thyph Huav\xcc\x80" "nia Mart\xc4\xb1" "\xcc\x81" ", and Thyah Yljhzluz. 2008. AnCora: Tbsapslcls Huuvahalk Jvywvyh\n"
	"for Jhahshu and Zwhupzo. In Proceedings of the LREC2008, Thyyhrlzo, Tvyyvjv.\n"
	"\n";

static const char *const acl_two_column_want[] = {
	"Zhipul Ibjoovsg and Lydpu Thyzp. 2006. CoNLL-X Shared Task on Tbsapspunbhs Dependency Whyzpun. In In Proc. of CoNLL, pages 149\xe2\x80\x93" "164.",
	"Hsqvzjoh Ibyjohyka, Rhaypu Lyr, Hulaal Myhur, Hukylh Rvdhszrp, Zlihzaphu Whkv, and Thumylk Wpurhs. 2006. The SALSA corpus: a Nlythu corpus resource for lexical semantics. In Proceedings of the 5th International Conference on Language Resources and Evaluation (LREC-2006), Nluvh, Pahsf.",
	"Tpjohls Jvsspuz. 2002. Kpzjyptpuhapcl Ayhpupun Methods for Opkklu Thyrvc Tvklsz: Aolvyf and Lewlyptluaz with Wlyjlwayvu Hsnvypaotz. In EMNLP.",
	"Rvif Jyhttly, Vmly Klrls, Zohp Zohslc-Zodhyag, and Fvyht Zpunly. 2003. Vuspul Whzzpcl-Hnnylzzpcl Hsnvypaotz. In Sixteenth Annual Conference on Neural Information Processing Systems (NIPS).",
	"Qhzvu Lpzuly. 1996. Aoyll new probabilistic models for dependency parsing: An exploration. In Proceedings of the 16th International Conference on Computational Linguistics (COLING-96), pages 340\xe2\x80\x93" "345, Jvwluohlu.",
	"Qhu Ohqpj\xcc\x8c" ", Qhytpsh Whulcvch\xcc\x81" ", Lch Ohqpj\xcc\x8c" "ova\xcc\x81" ", Wlay Znhss, Wlay Whqhz, Qhu S\xcc\x8c" "te\xcc\x8c" "pa\xcc\x81" "nek, Qpy\xcc\x8c" "\xc4\xb1" "\xcc\x81" " Ohclsrh, Thypl Tprbsvch\xcc\x81" ", and Gklur\xcc\x8c" " Z\xcc\x8c" "abokrtsky\xcc\x81" ". 2006. Wyhnbl Dependency Treebank 2.0.",
	"Qhu Ohqpj\xcc\x8c" ", Thzzptpsphuv Jphyhtpah, Ypjohyk Qvohuzzvu, Khpzbrl Rhdhohyh, Thyph Huav\xcc\x80" "nia Mart\xc4\xb1" "\xcc\x81" ", Ssb\xe2\x80\x99" "is Ma\xcc\x80" "rquez, Hkht Tlflyz, Qvhrpt Upcyl, Zlihzaphu Whkv\xcc\x81" ", Qhu S\xcc\x8c" "te\xcc\x8c" "pa\xcc\x81" "nek, Whcls Zayhu\xcc\x8c" "a\xcc\x81" "k, Tphop Zbyklhub, Uphudlu Ebl, and Yi Gohun. 2009. The CoNLL2009 Shared Task: Zfuahjapj and Zlthuapj Klwluklujplz in Tbsapwsl Shunbhnlz. In Proceedings of the 13th CoNLL-2009, June 4-5, Ivbskly, Jvsvyhkv, USA.",
	"Ypjohyk Qvohuzzvu and Wplyyl Ubnblz. 2008. Dependency-based syntactic\xe2\x80\x93" "semantic analysis with PropBank and NomBank. In Proceedings of the Shared Task Session of CoNLL-2008, Thujolzaly, UK.",
	"Khpzbrl Rhdhohyh, Zhkhv Rbyvohzop, and Ko\xcc\x82" "iti Ohzpkh. 2002. Jvuzaybjapvu of a Qhwhulzl relevance-tagged corpus. In Proceedings of the 3rd International Conference on Language Resources and Evaluation (LREC-2002), pages 2008\xe2\x80\x93" "2013, Shz Whsthz, Jhuhyf Pzshukz.",
	"Yfhu McDonald and Mlyuhukv Wlylpyh. 2006. Vuspul Learning of Hwwyvepthal Dependency Whyzpun Hsnvypaotz. In In Proc. of EACL, pages 81\xe2\x80\x93" "88.",
	"Yfhu McDonald, Rvif Jyhttly, and Mlyuhukv Wlylpyh. 2005. Vuspul Shynl-margin Ayhpupun of Dependency Whyzlyz. In Proc. ACL, pages 91\xe2\x80\x93" "98.",
	"Yfhu McDonald, Rlcpu Slythu, Rvif Jyhttly, and Mlyuhukv Wlylpyh. 2006. Tbsapspunbhs Dependency Whyzpun with a Adv-Zahnl Kpzjyptpuhapcl Whyzly. In Aluao Conference on Computational Natural Language Learning (CoNLL-X), pages 91\xe2\x80\x93" "98.",
	"Hkht Tlflyz, Ybao Yllclz, Jhaolypul Thjslvk, Yhjols Zglrlsf, Clyvuprh Gplspuzrh, Iyphu Fvbun, and Yhswo Nypzothu. 2004. The nombank project: An interim report. In A. Tlflyz, editor, HLT-NAACL 2004 Workshop: Myvuaplyz in Jvywbz Huuvahapvu, pages 24\xe2\x80\x93" "31, Ivzavu, Thzzhjobzlaaz, USA, May 2 - May 7. Association for Computational Linguistics.",
	"Qvhrpt. Upcyl and Qluz Upszzvu. 2005. PseudoProjective Dependency Whyzpun. In In Proceedings of the 43rd Annual Meeting of the Association for Computational Linguistics, pages 99\xe2\x80\x93" "106.",
	"Qvhrpt Upcyl, Qvohu Ohss, and Qluz Upszzvu. 2004. Tltvyf-Ihzlk Dependency Whyzpun. In Proceedings of the 8th CoNLL, pages 49\xe2\x80\x93" "56, Ivzavu, Thzzhjobzlaaz.",
	"Qvhrpt Upcyl, Qvohu Ohss, Zhukyh Ku\xcc\x88" "bler, Yhfu McDonald, Qluz Upszzvu, Zlihzaphu Yplkls, and Klupg Fbyla. 2007. The conll 2007 shared task on dependency parsing. In Proc. of the CoNLL 2007 Shared Task. Qvpua Jvum. on Empirical Methods in Natural Language Processing and Computational Natural Language Learning (EMNLP-CoNLL), June.",
	"Thyaoh Whstly and Uphudlu Ebl. 2009. Hkkpun Zlthuapj Yvslz to the Jopulzl Treebank. Natural Language Lunpullypun, 15(1):143\xe2\x80\x93" "172.",
	"Thyaoh Whstly, Whbs Rpunzibyf, and Khupls Npsklh. 2005. The Wyvwvzpapvu Ihur: An Huuvahalk Jvywbz of Zlthuapj Yvslz. volume 31, pages 71\xe2\x80\x93" "106.",
	"Tpohp Zbyklhub, Ypjohyk Qvohuzzvu, Hkht Tlflyz, Llu\xc4\xb1" "\xcc\x81" "s Ma\xcc\x80" "rquez, and Qvhrpt Upcyl. 2008. The CoNLL2008 shared task on joint parsing of syntactic and semantic dependencies. In Proceedings of the 12th CoNLL-2008.",
	"Thypvuh Ahbsl\xcc\x81" ", Thyph Huav\xcc\x80" "nia Mart\xc4\xb1" "\xcc\x81" ", and Thyah Yljhzluz. 2008. AnCora: Tbsapslcls Huuvahalk Jvywvyh for Jhahshu and Zwhupzo. In Proceedings of the LREC2008, Thyyhrlzo, Tvyyvjv.",
	NULL
};

/* the list's last reference left open by a word: its lower-case tail with the pages is its own, the caption after it not */
static const char open_last_reference[] =
	"REFERENCES\n"
	"Anthony, C. S., Corradi, H. R. and Sturrock, E. D. (2010) The N domain of human angiotensin-I-converting enzyme.\n"
	"J. Biol. Chem. 285, 35685\xe2\x80\x93" "35693\n"
	"Kroger, W. L., Douglas, R. G. and Sturrock, E. D. (2009) Investigating the domain specificity of phosphinic\n"
	"inhibitors RXPA380 and RXP407 in angiotensin-converting enzyme. Biochemistry 48, 8405\xe2\x80\x93" "8412\n"
	"Wei, L., Alhenc-Gelas, F., Corvol, P. and Clauser, E. (1991) The two\n"
	"homologous domains of human angiotensin I-converting enzyme\n"
	"are both catalytically active. J. Biol. Chem. 266, 9002\xe2\x80\x93" "9008\n"
	"\n"
	"Figure S2 GRID molecular interaction fields that are computed in\n"
	"the region where the fragment is selected\n";

static const char *const open_last_reference_want[] = {
	"Anthony, C. S., Corradi, H. R. and Sturrock, E. D. (2010) The N domain of human angiotensin-I-converting enzyme. J. Biol. Chem. 285, 35685\xe2\x80\x93" "35693",
	"Kroger, W. L., Douglas, R. G. and Sturrock, E. D. (2009) Investigating the domain specificity of phosphinic inhibitors RXPA380 and RXP407 in angiotensin-converting enzyme. Biochemistry 48, 8405\xe2\x80\x93" "8412",
	"Wei, L., Alhenc-Gelas, F., Corvol, P. and Clauser, E. (1991) The two homologous domains of human angiotensin I-converting enzyme are both catalytically active. J. Biol. Chem. 266, 9002\xe2\x80\x93" "9008",
	NULL
};

/* a program listing that two columns read across put between the references of a labelled list: no reference's */
static const char code_between_references[] =
	"References\n"
	"[1] A. Author1 and B. Writer. A system for large clusters, part 1. In Proc. of OSDI, pages 10\xe2\x80\x93" "19, 2001.\n"
	"[2] A. Author2 and B. Writer. A system for large clusters, part 2. In Proc. of OSDI, pages 20\xe2\x80\x93" "29, 2002.\n"
	"[3] A. Author3 and B. Writer. A system for large clusters, part 3. In Proc. of OSDI, pages 30\xe2\x80\x93" "39, 2003.\n"
	"[4] A. Author4 and B. Writer. A system for large clusters, part 4. In Proc. of OSDI, pages 40\xe2\x80\x93" "49, 2004.\n"
	"[5] A. Author5 and B. Writer. A system for large clusters, part 5. In Proc. of OSDI, pages 50\xe2\x80\x93" "59, 2005.\n"
	"[6] A. Author6 and B. Writer. A system for large clusters, part 6. In Proc. of OSDI, pages 60\xe2\x80\x93" "69, 2006.\n"
	"[7] A. Author7 and B. Writer. A system for large clusters, part 7. In Proc. of OSDI, pages 70\xe2\x80\x93" "79, 2007.\n"
	"[8] A. Author8 and B. Writer. A system for large clusters, part 8. In Proc. of OSDI, pages 80\xe2\x80\x93" "89, 2008.\n"
	"[9] A. Author9 and B. Writer. A system for large clusters, part 9. In Proc. of OSDI, pages 90\xe2\x80\x93" "99, 2009.\n"
	"[10] A. Author10 and B. Writer. A system for large clusters, part 10. In Proc. of OSDI, pages 100\xe2\x80\x93" "109, 2000.\n"
	"[11] A. Author11 and B. Writer. A system for large clusters, part 11. In Proc. of OSDI, pages 110\xe2\x80\x93" "119, 2001.\n"
	"[12] A. Author12 and B. Writer. A system for large clusters, part 12. In Proc. of OSDI, pages 120\xe2\x80\x93" "129, 2002.\n"
	"[13] C. Reader and D. Scribe. Prefix sums in parallel. Journal of the ACM, 27(4):831\xe2\x80\x93" "838, 1980.\n"
	"[14] E. Sender. Spreading data for safety and speed. Journal of\n"
	"the ACM, 36(2):335\xe2\x80\x93" "348, 1989.\n"
	"\n"
	"if (count < limit)\n"
	"Output(words.part(start,i-start),\"1\");\n"
	"}\n"
	"}\n"
	"};\n"
	"REGISTER_COUNTER(WordTally);\n"
	"// The user's merge function\n"
	"class Summer : public Merger {\n"
	"virtual void Merge(MergeInput* input) {\n"
	"// Walk over all values of one key\n"
	"// and add them up\n"
	"int64 total = 0;\n"
	"while (!input->finished()) {\n"
	"total += ParseNumber(input->current());\n"
	"input->Advance();\n"
	"}\n"
	"// Emit the total for input->key()\n"
	"Emit(NumberToString(total));\n"
	"}\n"
	"};\n"
	"REGISTER_MERGER(Summer);\n"
	"int main(int argc, char** argv) {\n"
	"ParseFlags(argc, argv);\n"
	"[15] F. Keeper, G. Holder, and H. Store. Smart disks for large\n"
	"data sets. IEEE Computer, pages 68\xe2\x80\x93" "74, June 2001.\n"
	"\n"
	"JobSpec spec;\n"
	"// Put the input files into \"spec\"\n"
	"for (int i = 1; i < argc; i++) {\n"
	"JobInput* input = spec.add_input();\n"
	"input->set_kind(\"text\");\n"
	"input->set_pattern(argv[i]);\n"
	"}\n"
	"[16] I. Runner, J. Walker, and K. Mover. Sharing machines in practice. Concurrency and Computation: Practice and Experience, 2004.\n"
	"[17] L. Bridge. A model for parallel computation. Communications of the ACM, 33(8):103\xe2\x80\x93" "111, 1990.\n";

static const char *const code_between_references_want[] = {
	"[1] A. Author1 and B. Writer. A system for large clusters, part 1. In Proc. of OSDI, pages 10\xe2\x80\x93" "19, 2001.",
	"[2] A. Author2 and B. Writer. A system for large clusters, part 2. In Proc. of OSDI, pages 20\xe2\x80\x93" "29, 2002.",
	"[3] A. Author3 and B. Writer. A system for large clusters, part 3. In Proc. of OSDI, pages 30\xe2\x80\x93" "39, 2003.",
	"[4] A. Author4 and B. Writer. A system for large clusters, part 4. In Proc. of OSDI, pages 40\xe2\x80\x93" "49, 2004.",
	"[5] A. Author5 and B. Writer. A system for large clusters, part 5. In Proc. of OSDI, pages 50\xe2\x80\x93" "59, 2005.",
	"[6] A. Author6 and B. Writer. A system for large clusters, part 6. In Proc. of OSDI, pages 60\xe2\x80\x93" "69, 2006.",
	"[7] A. Author7 and B. Writer. A system for large clusters, part 7. In Proc. of OSDI, pages 70\xe2\x80\x93" "79, 2007.",
	"[8] A. Author8 and B. Writer. A system for large clusters, part 8. In Proc. of OSDI, pages 80\xe2\x80\x93" "89, 2008.",
	"[9] A. Author9 and B. Writer. A system for large clusters, part 9. In Proc. of OSDI, pages 90\xe2\x80\x93" "99, 2009.",
	"[10] A. Author10 and B. Writer. A system for large clusters, part 10. In Proc. of OSDI, pages 100\xe2\x80\x93" "109, 2000.",
	"[11] A. Author11 and B. Writer. A system for large clusters, part 11. In Proc. of OSDI, pages 110\xe2\x80\x93" "119, 2001.",
	"[12] A. Author12 and B. Writer. A system for large clusters, part 12. In Proc. of OSDI, pages 120\xe2\x80\x93" "129, 2002.",
	"[13] C. Reader and D. Scribe. Prefix sums in parallel. Journal of the ACM, 27(4):831\xe2\x80\x93" "838, 1980.",
	"[14] E. Sender. Spreading data for safety and speed. Journal of the ACM, 36(2):335\xe2\x80\x93" "348, 1989.",
	"[15] F. Keeper, G. Holder, and H. Store. Smart disks for large data sets. IEEE Computer, pages 68\xe2\x80\x93" "74, June 2001.",
	"[16] I. Runner, J. Walker, and K. Mover. Sharing machines in practice. Concurrency and Computation: Practice and Experience, 2004.",
	"[17] L. Bridge. A model for parallel computation. Communications of the ACM, 33(8):103\xe2\x80\x93" "111, 1990.",
	NULL
};

/* full names after an initial without its period ("J Ben Schafer, Dan Frankowski, ..., and" then "Shilad Sen. 2007.") begin a reference */
static const char initial_without_period[] =
	"References\n"
	"Waleed Ammar, Dirk Groeneveld, and Iz Beltagy. 2018. Construction of the literature graph in semantic scholar. In NAACL-HLT.\n"
	"Sanjeev Arora, Yingyu Liang, and Tengyu Ma. 2017. A simple but tough-to-beat baseline for sentence embeddings. In ICLR.\n"
	"Iz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A pretrained language model for scientific text. In EMNLP.\n"
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model. Computational Linguistics, 30(4):479-511.\n"
	"Borland International. 1988. Turbo Prolog 2.0 Reference\n"
	"Guide. Borland International, Scotts Valley, CA.\n"
	"Michael J. Collins. 1997. Three generative, lexicalised models for statistical parsing. In Proc. of ACL-97, pages 16-23, Madrid, Spain.\n"
	"Andrew Rosenberg and Julia Hirschberg. 2007. Vmeasure: A Conditional Entropy-based External\n"
	"Cluster Evaluation Measure. In EMNLP.\n"
	"J Ben Schafer, Dan Frankowski, Jon Herlocker, and\n"
	"Shilad Sen. 2007. Collaborative filtering recommender systems. In The adaptive web. Springer.\n"
	"Martijn J. Schuemie, Marc Weeber, and Bob J. A. Schijvenaars. 2004. Distribution of information in biomedical abstracts and full-text publications. Bioinformatics, 20(16):2597-2604.\n";

static const char *const initial_without_period_want[] = {
	"Waleed Ammar, Dirk Groeneveld, and Iz Beltagy. 2018. Construction of the literature graph in semantic scholar. In NAACL-HLT.",
	"Sanjeev Arora, Yingyu Liang, and Tengyu Ma. 2017. A simple but tough-to-beat baseline for sentence embeddings. In ICLR.",
	"Iz Beltagy, Kyle Lo, and Arman Cohan. 2019. SciBERT: A pretrained language model for scientific text. In EMNLP.",
	"Daniel M. Bikel. 2004. Intricacies of Collins' parsing model. Computational Linguistics, 30(4):479-511.",
	"Borland International. 1988. Turbo Prolog 2.0 Reference Guide. Borland International, Scotts Valley, CA.",
	"Michael J. Collins. 1997. Three generative, lexicalised models for statistical parsing. In Proc. of ACL-97, pages 16-23, Madrid, Spain.",
	"Andrew Rosenberg and Julia Hirschberg. 2007. Vmeasure: A Conditional Entropy-based External Cluster Evaluation Measure. In EMNLP.",
	"J Ben Schafer, Dan Frankowski, Jon Herlocker, and Shilad Sen. 2007. Collaborative filtering recommender systems. In The adaptive web. Springer.",
	"Martijn J. Schuemie, Marc Weeber, and Bob J. A. Schijvenaars. 2004. Distribution of information in biomedical abstracts and full-text publications. Bioinformatics, 20(16):2597-2604.",
	NULL
};

/* a numbered list run together on one line, as some extractions write it: cut at each next label */
static const char inline_list[] =
	"References\n"
	"1. Esteban et al., MRIQC: Advancing the prediction of image quality, Plos ONE e0184661, 2017. "
	"doi: 10.1371/journal.pone.0184661 ; 2. Kurtzer et al., Singularity: scientific containers for "
	"mobility of compute, Plos ONE e0177459, 2017. 3. Gorgolewski et al., OpenNeuro, OHBM, p1677, "
	"Vancouver, 2017. 4. https://github.com/poldracklab/mriqc/blob/master/notebooks/api.ipynb ; "
	"5. Shehzad Z et al. The Preprocessed Connectomes Project. In: Front. Neurosci. 2015.\n"
	"6. Dobzhansky T. Evolution of genetic systems. Ed. 7. Oliver and Boyd, Edinburgh, 1958; "
	"3. Smith J. Not the next label. Journal 4, 1 (1999).\n";

static const char *const inline_list_want[] = {
	"1. Esteban et al., MRIQC: Advancing the prediction of image quality, Plos ONE e0184661, 2017. "
	"doi: 10.1371/journal.pone.0184661 ;",
	"2. Kurtzer et al., Singularity: scientific containers for mobility of compute, Plos ONE e0177459, 2017.",
	"3. Gorgolewski et al., OpenNeuro, OHBM, p1677, Vancouver, 2017.",
	"4. https://github.com/poldracklab/mriqc/blob/master/notebooks/api.ipynb ;",
	"5. Shehzad Z et al. The Preprocessed Connectomes Project. In: Front. Neurosci. 2015.",
	/* "Ed. 7." ends no number; "3." after "6." is not the next label */
	"6. Dobzhansky T. Evolution of genetic systems. Ed. 7. Oliver and Boyd, Edinburgh, 1958; "
	"3. Smith J. Not the next label. Journal 4, 1 (1999).",
	NULL
};

/* a numbered list whose entries group works, each on lines of its own, without "; " between them */
static const char grouped_lines[] =
	"References\n"
	"1) Z. J. Xiao, W. F. Wang and Y. Y. Fan, arXiv:1111.6264.\n"
	" 2) M. Beneke and M. Neubert, Nucl. Phys. B 675 (2003), 333.\n"
	" 3) C. D. Lu, Y. L. Shen and W. Wang, Phys. Rev. D 73 (2006), 034005.\n"
	" 4) A. Ali and C. Greub, Phys. Rev. D 57 (1998), 2996.\n"
	" 5) F. Ruffini et al. (CDF Collaboration), talk given at the Flavor Physics and CP violation\n"
	"2011, May 23-27, Israel, arXiv:1107.5760.\n"
	" M. J. Morello et al. (CDF Collaboration), CDF public note 10498 (2011).\n"
	" T. Aaltonen et al. (CDF Collaboration), arXiv:1111.0485.\n"
	" 6) A. Lenz and U. Nierste, J. High Energy Phys. 06 (2007), 072.\n"
	" 7) Y. Amhis et al. (Heavy Flavor Averaging Group), arXiv:1207.1158.\n";

static const char *const grouped_lines_want[] = {
	"1) Z. J. Xiao, W. F. Wang and Y. Y. Fan, arXiv:1111.6264.",
	"2) M. Beneke and M. Neubert, Nucl. Phys. B 675 (2003), 333.",
	"3) C. D. Lu, Y. L. Shen and W. Wang, Phys. Rev. D 73 (2006), 034005.",
	"4) A. Ali and C. Greub, Phys. Rev. D 57 (1998), 2996.",
	"5) F. Ruffini et al. (CDF Collaboration), talk given at the Flavor Physics and CP violation 2011, May 23-27, "
	"Israel, arXiv:1107.5760.",
	"M. J. Morello et al. (CDF Collaboration), CDF public note 10498 (2011).",
	"T. Aaltonen et al. (CDF Collaboration), arXiv:1111.0485.",
	"6) A. Lenz and U. Nierste, J. High Energy Phys. 06 (2007), 072.",
	"7) Y. Amhis et al. (Heavy Flavor Averaging Group), arXiv:1207.1158.",
	NULL
};

/* an author-year list whose reference's page went to a line of its own after its volume ("87," then "1029") */
static const char page_alone[] =
	"References\n"
	"Binggeli B., Sandage A., Tammann G., 1985, AJ, 90, 1681\n"
	"Binggeli B., Popescu C., Tammann G., 1993, A&AS, 98, 275\n"
	"Boselli A., Gavazzi G., 1994, A&A, 283, 12\n"
	"de Jong R., van der Kruit P., 1994, A&AS, 106, 451\n"
	"Elias J., Frogel J., Matthews K., Neugebauer G., 1982, AJ, 87,\n"
	"1029\n"
	"Gavazzi G., Boselli A., 1996, Ap.Lett.& Comm, 35, 1\n"
	"Gavazzi G., Pierini D., Boselli A., 1996a, A&A, 312, 397\n"
	"Lisi F., Baffa C., Hunt L. 1993, SPIE, 1495, 594\n"
	"Wainscoat R., Cowie L., 1992, AJ, 103, 332\n";

static const char *const page_alone_want[] = {
	"Binggeli B., Sandage A., Tammann G., 1985, AJ, 90, 1681",
	"Binggeli B., Popescu C., Tammann G., 1993, A&AS, 98, 275",
	"Boselli A., Gavazzi G., 1994, A&A, 283, 12",
	"de Jong R., van der Kruit P., 1994, A&AS, 106, 451",
	"Elias J., Frogel J., Matthews K., Neugebauer G., 1982, AJ, 87, 1029",
	"Gavazzi G., Boselli A., 1996, Ap.Lett.& Comm, 35, 1",
	"Gavazzi G., Pierini D., Boselli A., 1996a, A&A, 312, 397",
	"Lisi F., Baffa C., Hunt L. 1993, SPIE, 1495, 594",
	"Wainscoat R., Cowie L., 1992, AJ, 103, 332",
	NULL
};

/*
 * the same at the section's end, and before a reference whose year follows
 * its title
 */
static const char page_alone_end[] =
	"References\n"
	"Binggeli B., Sandage A., Tammann G., 1985, AJ, 90, 1681\n"
	"Boselli A., Gavazzi G., 1994, A&A, 283, 12\n"
	"Elias J., Frogel J., Matthews K., 1982, AJ, 87,\n"
	"1029\n"
	"Gavazzi G., Boselli A. The shapes of galaxies. 1996, Ap.Lett.& Comm, 35, 1\n"
	"Lisi F., Baffa C., Hunt L. 1993, SPIE, 1495, 594\n"
	"Wainscoat R., Cowie L., 1992, AJ, 103,\n"
	"332\n";

static const char *const page_alone_end_want[] = {
	"Binggeli B., Sandage A., Tammann G., 1985, AJ, 90, 1681",
	"Boselli A., Gavazzi G., 1994, A&A, 283, 12",
	"Elias J., Frogel J., Matthews K., 1982, AJ, 87, 1029",
	"Gavazzi G., Boselli A. The shapes of galaxies. 1996, Ap.Lett.& Comm, 35, 1",
	"Lisi F., Baffa C., Hunt L. 1993, SPIE, 1495, 594",
	"Wainscoat R., Cowie L., 1992, AJ, 103, 332",
	NULL
};

/*
 * a bracketed list: a line that ends inside an author list ("," or an
 * initial and ";") goes on, even where the next starts with a name
 */
static const char bracket_open_line[] =
	"References\n"
	"[1] Alpha, A. B.; Beta, C. D. J. Am. Chem. Soc. 2008, 130, 1-5.\n"
	"[2] Epsilon, E.; Zeta, F.; Eta, G.; Theta, H.; Iota, I.;\n"
	"Kappa, K.; Lambda, L. Phys. Rev. Lett. 2009, 102, 1-4.\n"
	"[3] Mu, M.; Nu, N.; Xi, X.; Omicron, O.; Rho, R.; Sigma, S.; Tau, T.,\n"
	"Upsilon, U. Nano Lett. 2010, 10, 123-127.\n"
	"[4] Pi, P. Science 2011, 331, 3-5.\n";

static const char *const bracket_open_line_want[] = {
	"[1] Alpha, A. B.; Beta, C. D. J. Am. Chem. Soc. 2008, 130, 1-5.",
	"[2] Epsilon, E.; Zeta, F.; Eta, G.; Theta, H.; Iota, I.; Kappa, K.; Lambda, L. Phys. Rev. Lett. 2009, 102, 1-4.",
	"[3] Mu, M.; Nu, N.; Xi, X.; Omicron, O.; Rho, R.; Sigma, S.; Tau, T., Upsilon, U. Nano Lett. 2010, 10, 123-127.",
	"[4] Pi, P. Science 2011, 331, 3-5.",
	NULL
};

/*
 * an author list broken after an initial ("Zhang, Z."), and a surname with
 * a non-ASCII letter or a hyphen before initials carried to the next line
 */
static const char initial_line_end[] =
	"References\n"
	"Abel, T., Bryan, G. L., & Norman, M. L. 2002, Science, 295, 93\n"
	"Greif, T. H., Johnson, J. L., Klessen, R. S., & Bromm, V. 2008, MNRAS, 387, 1021\n"
	"Li, M., Wang, Y., Shi, W., Zhang, Z.\n"
	"Liu, Q., & Zhou, R. 2010, ApJ, 700, 1\n"
	"Lukas M, Toth I, Veenema AH, W\xc3\xb6hr\n"
	"M (2011) The neuropeptide oxytocin. Neuropsychopharmacology 36:2159-2168.\n"
	"Martinez-Garcia F, Novejarque A, Gutierrez-Castellanos N, Otero-Garcia\n"
	"M, Lanuza E (2014) Extending the socio-sexual brain. Brain Struct Funct 219:1-20.\n"
	"Yoshida, N., Omukai, K., & Hernquist, L. 2008, Science, 321, 669\n";

static const char *const initial_line_end_want[] = {
	"Abel, T., Bryan, G. L., & Norman, M. L. 2002, Science, 295, 93",
	"Greif, T. H., Johnson, J. L., Klessen, R. S., & Bromm, V. 2008, MNRAS, 387, 1021",
	"Li, M., Wang, Y., Shi, W., Zhang, Z. Liu, Q., & Zhou, R. 2010, ApJ, 700, 1",
	"Lukas M, Toth I, Veenema AH, W\xc3\xb6hr M (2011) The neuropeptide oxytocin. Neuropsychopharmacology 36:2159-2168.",
	"Martinez-Garcia F, Novejarque A, Gutierrez-Castellanos N, Otero-Garcia M, Lanuza E (2014) Extending the socio-sexual brain. Brain Struct Funct 219:1-20.",
	"Yoshida, N., Omukai, K., & Hernquist, L. 2008, Science, 321, 669",
	NULL
};

/* APA: a reference that ends with its DOI link (a lower-case last letter) is closed */
static const char apa_doi_end[] =
	"References\n"
	"Garofalo, S., & Robbins, T. W. (2017). Triggering Avoidance: Dissociable Influences of\n"
	"Aversive Pavlovian Conditioned Stimuli on Human Instrumental Behavior. Frontiers\n"
	"in Behavioral Neuroscience, 11. https://doi.org/10.3389/fnbeh.2017.00063\n"
	"Genauck, A., Huys, Q. J., Heinz, A., & Rapp, M. A. (2013). Pawlowsch-Instrumentelle\n"
	"Transfereffekte bei Alkoholabhangigkeit. SUCHT-Zeitschrift fur Wissenschaft und\n"
	"Praxis, 59(4), 215-223.\n"
	"Genauck, A., Quester, S., Wustenberg, T., Morsen, C., Heinz, A., & Romanczuk-Seiferth, N.\n"
	"(2017). Reduced loss aversion in pathological gambling and alcohol dependence is\n"
	"associated with differential alterations in amygdala and prefrontal functioning.\n"
	"Scientific Reports, 7(1), 16306. https://doi.org/10.1038/s41598-017-16433-y\n"
	"Glimcher, P. W., & Rustichini, A. (2004). Neuroeconomics: the consilience of brain and\n"
	"decision. Science, 306(5695), 447-452.\n"
	"Leyton, M., & Vezina, P. (2013). Striatal ups and downs: Their roles in vulnerability to\n"
	"addictions in humans. Neuroscience & Biobehavioral Reviews, 37(9), 1999-2014.\n";

/* a key alone on its line, its reference on the next; a label number lost ([3] missing) */
static const char lone_keys[] =
	"References\n"
	"[Ahl78]\n"
	"Lars V. Ahlfors, Complex analysis, third ed., McGraw-Hill, New York, 1978.\n"
	"[AKa]\n"
	"Jorgen E. Andersen and Rinat M. Kashaev, Complex Quantum Chern-Simons, arXiv:1409.1208.\n"
	"[NZ85]\n"
	"Walter D. Neumann and Don Zagier, Volumes of hyperbolic three-manifolds, Topology 24 (1985).\n";

static const char *const lone_keys_want[] = {
	"[Ahl78] Lars V. Ahlfors, Complex analysis, third ed., McGraw-Hill, New York, 1978.",
	"[AKa] Jorgen E. Andersen and Rinat M. Kashaev, Complex Quantum Chern-Simons, arXiv:1409.1208.",
	"[NZ85] Walter D. Neumann and Don Zagier, Volumes of hyperbolic three-manifolds, Topology 24 (1985).",
	NULL
};

/* a bare "10." label is no DOI: the reference after it keeps its blank */
static const char label_ten[] =
	"References\n"
	"8. Smith J, Jones K. A first title. J Things 2001;1:2-3.\n"
	"9. Brown A. A second title. J Things 2002;2:4-5.\n"
	"10.\n"
	"de Geus SW, Evans DB. A third title. Eur J Surg Oncol 2016;42:1552-1560.\n"
	"11. Green C. A fourth title, https://doi.org/\n"
	"10.1000/xyz123.\n"
	"12. NVIDIA. Unified memory for CUDA beginners. https://developer.nvidia.com/\n"
	"blog/unified-memory-cuda-beginners/.\n"
	"Accessed: 2025-06.\n";

static const char *const label_ten_want[] = {
	"8. Smith J, Jones K. A first title. J Things 2001;1:2-3.",
	"9. Brown A. A second title. J Things 2002;2:4-5.",
	"10. de Geus SW, Evans DB. A third title. Eur J Surg Oncol 2016;42:1552-1560.",
	"11. Green C. A fourth title, https://doi.org/10.1000/xyz123.",
	/* a link ended by a period: the next line's word keeps its blank */
	"12. NVIDIA. Unified memory for CUDA beginners. https://developer.nvidia.com/blog/unified-memory-cuda-beginners/. "
	"Accessed: 2025-06.",
	NULL
};

/* a list that starts mid-way (its first page lost), each label alone on its line */
static const char lone_labels_midway[] =
	"References\n"
	"23.\n"
	"Smith J, Jones K. A first title about\n"
	"things. J Things 2001;1:2-3.\n"
	"24.\n"
	"Brown A. A second title. J Things 2002;2:4-5.\n"
	"25.\n"
	"Green C, White D. A third title about more\n"
	"things. J Things 2003;3:6-7.\n"
	"26.\n"
	"Black E. A fourth title. J Things 2004;4:8-9.\n";

static const char *const lone_labels_midway_want[] = {
	"23. Smith J, Jones K. A first title about things. J Things 2001;1:2-3.",
	"24. Brown A. A second title. J Things 2002;2:4-5.",
	"25. Green C, White D. A third title about more things. J Things 2003;3:6-7.",
	"26. Black E. A fourth title. J Things 2004;4:8-9.",
	NULL
};

/*
 * what follows a list's last reference once its pages or DOI closed it: the
 * title of the next article in the issue, an editor's credit
 */
static const char after_last_numbered[] =
	"References\n"
	"1. Smith J, Jones K. A first title. J Things. 2001;1(2):3-4.\n"
	"2. Brown A. A second title. J Things. 2002;2(3):5-6.\n"
	"3. Green C, White D, Black E. The use of confidence intervals in reporting\n"
	"orthopaedic research findings. Clin Orthop Relat Res.\n"
	"2009;467(12):3334-3339. doi:10.1000/abc-2009-0817-7.\n"
	"Old Patients Are Not All Alike: People 90 Years or Older\n"
	"Who Visit Our Department\n"
	"Makoto Sato, MD, PhD; Sasagu Yagi, MD\n";

static const char *const after_last_numbered_want[] = {
	"1. Smith J, Jones K. A first title. J Things. 2001;1(2):3-4.",
	"2. Brown A. A second title. J Things. 2002;2(3):5-6.",
	"3. Green C, White D, Black E. The use of confidence intervals in reporting orthopaedic research findings. Clin "
	"Orthop Relat Res. 2009;467(12):3334-3339. doi:10.1000/abc-2009-0817-7.",
	NULL
};

static const char after_last_author_year[] =
	"Literature Cited\n"
	"Abel T, Bryan G. 2011. A first title about genomes. Genome Biol Evol. 3:1-9.\n"
	"Sabath N, Ferrada E, Barve A, Wagner A. 2013. Growth temperature\n"
	"and genome size in bacteria are negatively correlated. Genome Biol Evol.,\n"
	"Advance Access published April 5, 2013, doi: 10.1000/gbe/evt050.\n"
	"Highlights editor: George Zhang\n";

static const char *const after_last_author_year_want[] = {
	"Abel T, Bryan G. 2011. A first title about genomes. Genome Biol Evol. 3:1-9.",
	"Sabath N, Ferrada E, Barve A, Wagner A. 2013. Growth temperature and genome size in bacteria are negatively "
	"correlated. Genome Biol Evol., Advance Access published April 5, 2013, doi: 10.1000/gbe/evt050.",
	NULL
};

/* ... but a year alone or a document type ("[J].") closes nothing, and a link or "Available" goes on */
static const char last_goes_on[] =
	"References\n"
	"[1] Smith J, Jones K. A first title[J]. J Things, 2001, 1(2): 3-4.\n"
	"[2] Guinea J, Bouza E. Current challenges in the diagnosis of aspergillosis[J].\n"
	"Mycopathologia, 2014, 178(5): 403-416.\n"
	"[3] World Health Organization. Global report on fungal infections. Geneva; 2019. 12.\n"
	"Available from: https://www.who.int/publications/fungal-report.\n";

static const char *const last_goes_on_want[] = {
	"[1] Smith J, Jones K. A first title[J]. J Things, 2001, 1(2): 3-4.",
	"[2] Guinea J, Bouza E. Current challenges in the diagnosis of aspergillosis[J]. Mycopathologia, 2014, 178(5): "
	"403-416.",
	"[3] World Health Organization. Global report on fungal infections. Geneva; 2019. 12. Available from: "
	"https://www.who.int/publications/fungal-report.",
	NULL
};

static const char last_year_line[] =
	"References\n"
	"Abel, T., & Bryan, G. (2011). A first title. Journal of Things, 3, 1-9.\n"
	"Brown, A., Green, C., White, D., Black, E., Gray, F., & Stone, G. (2013).\n"
	"Growth temperature and genome size. Journal of Things, 5, 2-8.\n";

static const char *const last_year_line_want[] = {
	"Abel, T., & Bryan, G. (2011). A first title. Journal of Things, 3, 1-9.",
	"Brown, A., Green, C., White, D., Black, E., Gray, F., & Stone, G. (2013). Growth temperature and genome size. "
	"Journal of Things, 5, 2-8.",
	NULL
};

/* bare numbers alone on their lines as labels, the first of them like a page number */
static const char bare_numbers[] =
	"REFERENCES\n"
	"1\n"
	"Saitz TR, Serefoglu EC. Gene mapping of serotoninergic system polymorphisms\n"
	"provides insight on men with lifelong premature ejaculation. Asian J Androl 2014; 16: 643.\n"
	"2\n"
	"Waldinger MD. Ejaculatio praecox as symptoms of a hypertonic state: a new hypothesis.\n"
	"Pharmacol Biochem Behav 2013; 121: 189-194.\n"
	"3\n"
	"Brown A. A third title about things. J Things 2012; 3: 6-7.\n";

static const char *const bare_numbers_want[] = {
	"1 Saitz TR, Serefoglu EC. Gene mapping of serotoninergic system polymorphisms provides insight on men with "
	"lifelong premature ejaculation. Asian J Androl 2014; 16: 643.",
	"2 Waldinger MD. Ejaculatio praecox as symptoms of a hypertonic state: a new hypothesis. Pharmacol Biochem Behav "
	"2013; 121: 189-194.",
	"3 Brown A. A third title about things. J Things 2012; 3: 6-7.",
	NULL
};

/* a list that runs on into the paper's text: the prose lines end it */
static const char run_on[] =
	"References\n"
	"1. A. One, B. Two, and C. Three, \"A first title,\" J. Things 2(5), 1204-1217 (2011).\n"
	"2. D. Four and E. Five, \"A second title,\" J. Things 2(6), 1423-1431 (2011).\n"
	"3. F. Six, G. Seven, and H. Eight, \"A third title about\n"
	"something else,\" J. Things 2(6), 1494-1503 (2011).\n"
	"Retinal imaging is a powerful tool, enabling clinicians to directly observe pathology and\n"
	"researchers to probe the structure and function of the retina in a living eye, which is\n"
	"a broad and rapidly growing field, benefiting from continued advances in optical\n"
	"instrumentation as well as in the processing of data and of images of the eye.\n";

static const char *const run_on_want[] = {
	"1. A. One, B. Two, and C. Three, \"A first title,\" J. Things 2(5), 1204-1217 (2011).",
	"2. D. Four and E. Five, \"A second title,\" J. Things 2(6), 1423-1431 (2011).",
	"3. F. Six, G. Seven, and H. Eight, \"A third title about something else,\" J. Things 2(6), 1494-1503 (2011).",
	NULL
};

/* prose between two parts of a list (another column) does not end it */
static const char interrupted[] =
	"References\n"
	"[1] A. One. Title one. Venue, 2001.\n"
	"[2] B. Two. Title two. Venue, 2002.\n"
	"the method is applied to each of the samples in turn and then\n"
	"the results of all of them are compared with those of the other\n"
	"methods that have been proposed for the same kind of problem\n"
	"[3] C. Three. Title three. Venue, 2003.\n"
	"[4] D. Four. Title four. Venue, 2004.\n"
	"[5] E. Five. Title five. Venue, 2005.\n";

/* ACL style: names and a year on one line, the title on the next */
static const char names_year[] =
	"References\n"
	"James Thorne, Andreas Vlachos, Christos Christodoulopoulos, and Arpit Mittal. 2018.\n"
	"Fever: a large-scale dataset for fact extraction and verification. In Proceedings of\n"
	"NAACL, pages 809-819.\n"
	"Arkaitz Zubiaga, Maria Liakata, Rob Procter, Geral-\n"
	"dine Wong Sak Hoi, and Peter Tolmie. 2016.\n"
	"Analysing how people orient to and spread rumours in social media. PloS one, 11(3).\n"
	"Wei Zhang, Na Li, and Tom Brown. 2019. Another title of a paper. In Proceedings of ACL,\n"
	"pages 1-9.\n";

static const char *const names_year_want[] = {
	"James Thorne, Andreas Vlachos, Christos Christodoulopoulos, and Arpit Mittal. 2018. Fever: a large-scale dataset "
	"for fact extraction and verification. In Proceedings of NAACL, pages 809-819.",
	"Arkaitz Zubiaga, Maria Liakata, Rob Procter, Geraldine Wong Sak Hoi, and Peter Tolmie. 2016. Analysing how people "
	"orient to and spread rumours in social media. PloS one, 11(3).",
	"Wei Zhang, Na Li, and Tom Brown. 2019. Another title of a paper. In Proceedings of ACL, pages 1-9.",
	NULL
};

/* a page range broken at the line end: the bare number after "90-" is its end, not a page number */
static const char range_end[] =
	"References\n"
	"Abel Y, Brook K, Cole J, Dunn TT. 2007. A noise correction method for perfusion\n"
	"imaging. Neuroimage. 37(1):90-\n"
	"101\n"
	"Baker JA, Chen SJ, Diaz BL, Evans JL, Ford SM, et al. 2014. Two networks of the\n"
	"human brain. Cereb. Cortex. 24(2):12-19\n"
	"Clark J, Green X, Hall C. 2019. A theory of the brain. Annu Rev Neurosci. 42:1-20\n"
	"Diaz R, Evans T. 2015. Another title on the brain. J Neurosci. 35(4):100-110\n"
	"Evans AA, Ford BB. 2016. A fifth title about the brain. Brain. 139(2):5-15\n";

static const char *const range_end_want[] = {
	"Abel Y, Brook K, Cole J, Dunn TT. 2007. A noise correction method for perfusion imaging. Neuroimage. "
	"37(1):90-101",
	"Baker JA, Chen SJ, Diaz BL, Evans JL, Ford SM, et al. 2014. Two networks of the human brain. Cereb. Cortex. "
	"24(2):12-19",
	"Clark J, Green X, Hall C. 2019. A theory of the brain. Annu Rev Neurosci. 42:1-20",
	"Diaz R, Evans T. 2015. Another title on the brain. J Neurosci. 35(4):100-110",
	"Evans AA, Ford BB. 2016. A fifth title about the brain. Brain. 139(2):5-15",
	NULL
};

/* lines of an issue number and pages recur in a mathematics list without being a running header */
static const char issue_tails[] =
	"References\n"
	"[AB] A. Abel, B. Baker, Orbits and lattices of a first kind, J. Math. Phys. 41 (2000),\n"
	"no. 5, 2905-2921.\n"
	"[CD] C. Clark, D. Diaz, Resolutions of a complex group, Moscow Math. J. 7 (2007),\n"
	"no. 4, 613-642.\n"
	"[EF] E. Evans, F. Ford, Formulas for eigenfunctions of a Hamiltonian, Lett. Math. Phys. 88 (2009),\n"
	"no. 1, 39-77.\n"
	"[GH] G. Green, H. Hall, Quantum groups and their representations, Adv. Math. 12 (2010),\n"
	"no. 2, 100-140.\n";

static const char *const issue_tails_want[] = {
	"[AB] A. Abel, B. Baker, Orbits and lattices of a first kind, J. Math. Phys. 41 (2000), no. 5, 2905-2921.",
	"[CD] C. Clark, D. Diaz, Resolutions of a complex group, Moscow Math. J. 7 (2007), no. 4, 613-642.",
	"[EF] E. Evans, F. Ford, Formulas for eigenfunctions of a Hamiltonian, Lett. Math. Phys. 88 (2009), no. 1, 39-77.",
	"[GH] G. Green, H. Hall, Quantum groups and their representations, Adv. Math. 12 (2010), no. 2, 100-140.",
	NULL
};

/*
 * an author-year list where a title's word and a page count look like
 * names and a year at a line's start: "Change 2007:", "Computing, Vienna,
 * Austria, 1578 pp."
 */
static const char title_word_year[] =
	"References\n"
	"Abel, R., S. Brook, and S. Cole, 2006: Statistical modelling of the link between sea\n"
	"surface temperature and hurricane numbers. Internal Rep. E04a, 19 pp.\n"
	"Baker, M. C., J. B. Chen, and C. W. Diaz, 1998: Effect of El Nino on landfalling\n"
	"hurricanes, revisited. Bull. Amer. Meteor. Soc., 79, 2477-2482.\n"
	"R Core Team, 2005: R: A language and environment for statistical computing. R Foundation for Statistical\n"
	"Computing, Vienna, Austria, 1578 pp.\n"
	"Smith, S., D. Qin, M. Manning, and H. L. Miller, Eds., 2007: Climate\n"
	"Change 2007: The Physical Science Basis. Cambridge University Press, 996 pp.\n"
	"Suji, M., A. Noda, and N. Sato, 2002: Influence of the global warming on tropical cyclones.\n"
	"J. Meteor. Soc. Japan, 80, 249-272.\n"
	"Tanaka, K., and L. Wu, 2009: A sixth title about cyclones. J. Climate, 22, 100-120.\n";

static const char *const title_word_year_want[] = {
	"Abel, R., S. Brook, and S. Cole, 2006: Statistical modelling of the link between sea surface temperature and "
	"hurricane numbers. Internal Rep. E04a, 19 pp.",
	"Baker, M. C., J. B. Chen, and C. W. Diaz, 1998: Effect of El Nino on landfalling hurricanes, revisited. Bull. "
	"Amer. Meteor. Soc., 79, 2477-2482.",
	"R Core Team, 2005: R: A language and environment for statistical computing. R Foundation for Statistical "
	"Computing, Vienna, Austria, 1578 pp.",
	"Smith, S., D. Qin, M. Manning, and H. L. Miller, Eds., 2007: Climate Change 2007: The Physical Science Basis. "
	"Cambridge University Press, 996 pp.",
	"Suji, M., A. Noda, and N. Sato, 2002: Influence of the global warming on tropical cyclones. J. Meteor. Soc. "
	"Japan, 80, 249-272.",
	"Tanaka, K., and L. Wu, 2009: A sixth title about cyclones. J. Climate, 22, 100-120.",
	NULL
};

/* The line facts: full given names before a surname start a name; a table's "List of References," does not. */
static void
test_name_facts(void)
{
	static const char *const lines[] = {
		"Giovanni Luca Rossi, Prashant Shah, Luis M",
		"Giovanni Da San Marco, Seunghak Yu, Alberto",
		"Maria de la Cruz and Peter Tolmie. 2016.",
		"List of References, Literatures",
		"Physics and Astronomy, University of Leeds",
		"Computing, Vienna, Austria, 1578 pp.",
	};
	static const int want_name[] = {1, 1, 1, 0, 0, 0};
	static const int want_ay[] = {0, 0, 1, 0, 0, 0};
	char		text[512];
	pith_line	ls[6];
	pith_line_facts fs[6];
	char		work[4096];
	size_t		o = 0;

	for (size_t i = 0; i < 6; i++)
	{
		size_t		n = strlen(lines[i]);

		memcpy(text + o, lines[i], n);
		ls[i].start = (uint32_t) o;
		ls[i].end = (uint32_t) (o + n);
		ls[i].flags = 0;
		ls[i].indent = 0;
		o += n;
		text[o++] = '\n';
	}
	text[o] = '\0';
	CHECK(pith_refsec_facts_workspace(6) <= sizeof(work), "facts workspace");
	pith_refsec_facts(text, ls, 6, fs, work);
	for (size_t i = 0; i < 6; i++)
	{
		CHECK(fs[i].name_start == want_name[i], "name start of \"%s\": %d, want %d", lines[i], fs[i].name_start,
			  want_name[i]);
		CHECK(fs[i].ay_start == want_ay[i], "names-then-year start of \"%s\": %d, want %d", lines[i], fs[i].ay_start,
			  want_ay[i]);
	}
}

/* a headless numbered list whose labels 4 and 6 were lost by the extraction */
static const char lost_labels[] =
	"Body text of the paper, with a sentence or two.\n"
	"1 For example: J. F. Annett and N. D. Goldenfeld, in Properties II (World Scientific, 1990).\n"
	"2 For example, G. Blatter et al., Rev. Mod. Phys. 66, 1125 (1994).\n"
	"3 W. N. Hardy et al., Phys. Rev. Lett. 70, 3999 (1993).\n"
	"S. M. Anlage et al., Phys. Rev. B 50, 523 (1994).\n"
	"5 A. Hosseini et al., Phys. Rev. Lett. 81, 1298 (1998).\n"
	"S. Kamal et al., Phys. Rev. B 58, 8933 (1998).\n"
	"7 A. Carrington et al., Phys. Rev. Lett. 83, 4172 (1999).\n";

/* author-year: a new reference after a line that ends in a lower-case word of a title */
static const char ay_lower_end[] =
	"References\n"
	"Behzadi Y, Restom K, Liau J, Liu TT. 2007. A component based noise correction\n"
	"method for BOLD and perfusion based fMRI. Neuroimage. 37(1):90-101\n"
	"Bernard JA, Peltier SJ, Benson BL, et al. 2014. Dissociable functional networks\n"
	"of the human dentate nucleus. Cereb. Cortex 24:1-12\n"
	"Price CJ. 2012. A review and synthesis of the first 20 years of PET and fMRI studies of\n"
	"heard speech, spoken language and reading\n"
	"Schmahmann J, Guell X, Stoodley C, Halko M. 2019. The theory and neuroscience of\n"
	"cerebellar cognition. Annu Rev Neurosci 42:337-364\n"
	"Uddin LQ. 2015. Salience processing and insular cortical function and dysfunction\n"
	"van Es D, van der Zwaag T, Knapen T. 2018. Retinotopic maps of visual space in the\n"
	"human cerebellum. bioRxiv\n"
	"Zhou X, Li Y. 2016. A third title about the cerebellum. J Neurosci 36:1-9\n";

static const char *const ay_lower_end_want[] = {
	"Behzadi Y, Restom K, Liau J, Liu TT. 2007. A component based noise correction method for BOLD and perfusion "
	"based fMRI. Neuroimage. 37(1):90-101",
	"Bernard JA, Peltier SJ, Benson BL, et al. 2014. Dissociable functional networks of the human dentate nucleus. "
	"Cereb. Cortex 24:1-12",
	"Price CJ. 2012. A review and synthesis of the first 20 years of PET and fMRI studies of heard speech, spoken "
	"language and reading",
	"Schmahmann J, Guell X, Stoodley C, Halko M. 2019. The theory and neuroscience of cerebellar cognition. Annu Rev "
	"Neurosci 42:337-364",
	"Uddin LQ. 2015. Salience processing and insular cortical function and dysfunction",
	"van Es D, van der Zwaag T, Knapen T. 2018. Retinotopic maps of visual space in the human cerebellum. bioRxiv",
	"Zhou X, Li Y. 2016. A third title about the cerebellum. J Neurosci 36:1-9",
	NULL
};

/* references, then the authors' affiliations as MNRAS prints them */
static const char affiliations_after[] =
	"References\n"
	"Baker D., Sali A., 2001, Science, 294, 93\n"
	"Chothia C., Lesk A. M., 1986, EMBO J., 5, 823\n"
	"van der Tol S., Jeffs B. D., 2007, IEEE Transactions\n"
	"on Signal Processing, 55, 4497\n"
	"1 Astrophysics, Department of Physics, University of Oxford, Keble\n"
	"Road, Oxford OX1 3RH, UK\n"
	"2 Physics and Astronomy, University of Southampton, Highfield,\n"
	"Southampton, SO17 1BJ, UK\n"
	"3 ASTRON, the Netherlands Institute for Radio Astronomy, Postbus\n"
	"2, 7990 AA Dwingeloo, The Netherlands\n";
static const char *const affiliations_after_want[] = {
	"Baker D., Sali A., 2001, Science, 294, 93",
	"Chothia C., Lesk A. M., 1986, EMBO J., 5, 823",
	"van der Tol S., Jeffs B. D., 2007, IEEE Transactions on Signal Processing, 55, 4497",
	NULL
};

static void
test_section_ends(void)
{
	pith_refsplit_result r;

	expect_refs("run on into prose", run_on, run_on_want, 1);
	expect_refs("affiliations after the references", affiliations_after, affiliations_after_want, 1);
	split(interrupted, &r, 1);
	CHECK(r.nrefs >= 5 && strncmp(r.refs[r.nrefs - 1].text, "[5] E. Five.", 12) == 0,
		  "prose inside a list: the references after it are kept (%zu)", r.nrefs);
	arena_reset();
	expect_refs("names and year, then the title", names_year, names_year_want, 0);
	expect_refs("author-year after a lower-case line end", ay_lower_end, ay_lower_end_want, 0);
	split(lost_labels, &r, 1);
	CHECK(r.status == PITH_REFSPLIT_OK && r.nrefs >= 4 && strncmp(r.refs[0].text, "1 For example", 13) == 0,
		  "a numbered list with lost labels is found (%zu references)", r.nrefs);
	arena_reset();
}

/* an author-year list at the end of a text, without any heading */
static const char tail_zone[] =
	"Discussion\n"
	"The results agree with earlier work on the same question (Smith et al., 2001),\n"
	"and the method extends to the cases the earlier studies left open. We thank\n"
	"the colleagues who read a draft of this paper for their many helpful comments.\n"
	"Aharoni, A., Griffiths, A. D. and Tawfik, D. S. (2005) Curr. Opin. Chem. Biol.,\n"
	"9, 210-216.\n"
	"Anantharaman, V., Aravind, L. and Koonin, E. V. (2003) Curr. Opin. Chem.\n"
	"Biol., 7, 12-20.\n"
	"Aravind, L., Iyer, L. M. and Koonin, E. V. (2006) Curr. Opin. Struct. Biol., 16,\n"
	"409-419.\n"
	"Baker, D. and Sali, A. (2001) Protein structure prediction and structural\n"
	"genomics. Science, 294, 93-96.\n"
	"Chothia, C. and Lesk, A. M. (1986) The relation between the divergence of\n"
	"sequence and structure in proteins. EMBO J., 5, 823-826.\n";

/* prose with in-text citations and no reference list */
static const char prose_only[] =
	"Introduction\n"
	"Earlier studies of this question (Smith et al., 2001; Jones and Li, 2003) used\n"
	"small samples, and later ones (Brown, 2010) repeated them with larger samples\n"
	"drawn from the same population. The method of Green et al. (2015) is the one\n"
	"we follow here, with the change that the samples are weighted by their size.\n"
	"Results\n"
	"The weighted estimates agree with the unweighted ones in all but two cases,\n"
	"which we discuss below, following the argument of White (2018, pp. 12-14).\n";

/* a table whose column is headed "Reference", then the reference section */
static const char table_column[] =
	"Table 2 Tools compared\n"
	"Tool\n"
	"Reference\n"
	"BINGO\n"
	"Maere et al., 2005\n"
	"CLENCH\n"
	"Shah and Fedorov, 2004\n"
	"DAVID\n"
	"Dennis et al., 2003\n"
	"EASE\n"
	"Hosack et al., 2003\n"
	"The tools differ in the statistical test they apply to each category.\n"
	"References\n"
	"Dennis, G. et al. (2003) DAVID: database for annotation. Genome Biol., 4, P3.\n"
	"Hosack, D. A. et al. (2003) Identifying biological themes. Genome Biol., 4, R70.\n"
	"Maere, S. et al. (2005) BiNGO: a Cytoscape plugin. Bioinformatics, 21, 3448-3449.\n";

/* a numbered list with a table the extraction put between its pages (a cell "Index" reads like a stop heading) */
static const char interleaved[] =
	"References\n"
	"1. Cole KJ, Johansson RS. Friction at the digit-object interface. Exp Brain Res 95, 523-532 (1993).\n"
	"2. Park J, Friedman J. Mechanical properties of the human hand digits. Clin Biomech 29, 129-137 (2014).\n"
	"Table 3 Outcome variables\n"
	"Outcome variable\n"
	"Condition\n"
	"Thumb position\n"
	"Index\n"
	"Grip force\n"
	"Load force\n"
	"Unsteady\n"
	"0.5\n"
	"1.2\n"
	"0.8\n"
	"Steady\n"
	"0.4\n"
	"1.1\n"
	"0.9\n"
	"3. Rajakumar B, Dutta S. Support for mechanical advantage. Sci Rep 12, 10242 (2022).\n"
	"4. Nowak DA. The impact of stroke on grasping. Neurosci Biobehav Rev 32, 1439-1450 (2008).\n";

/* the first three references of an author-year list, and two that follow them (below: what comes between) */
#define AY_LIST_HEAD \
	"References\n" \
	"Kirk KL (2006) Fluorine in medicinal chemistry: recent therapeutic\n" \
	"applications of fluorinated small molecules. J Fluorine Chem\n" \
	"127(8):1013-1027\n" \
	"Krall RL, Penry K, White BG (1978) Antiepileptic drug development: II\n" \
	"Anticonvulsant drug screening. Epilepsia 19(4):409-428\n" \
	"Kupferberg HJ (1989) Antiepileptic drug development program: a\n" \
	"cooperative effort of government and industry. Epilepsia 30:S51-S56\n"
#define AY_LIST_GOES_ON \
	"Loscher W, Schmidt D (1988) Which animal models should be used in the\n" \
	"search for new antiepileptic drugs? Epilepsy Res 2(3):145-181\n" \
	"Rogawski MA (2006) Molecular targets versus models for new\n" \
	"antiepileptic drug discovery. Epilepsy Res 68(1):22-28\n"

/* an author-year list with a table the extraction put between its pages; the list goes on in alphabetical order */
static const char ay_interleaved[] =
	AY_LIST_HEAD
	"Table 6 Experimental conditions of the binding assays\n"
	"Source\n"
	"Ligand\n"
	"Concentration\n"
	"Rat cerebral cortex\n"
	"10 nM\n"
	"91 nM\n"
	"Incubation time\n"
	"Detection method\n"
	"Rat forebrain\n"
	"Rat brain synaptosomes\n"
	"5 nM\n"
	"30 min\n"
	"Filtration\n"
	"Scintillation\n"
	"Mouse cortex\n"
	"2 nM\n"
	"12 nM\n"
	"60 min at 25 C\n"
	"Filtration\n"
	"Scintillation\n"
	"Guinea pig brain\n"
	"1 nM\n"
	"8 nM\n"
	"45 min\n"
	"Centrifugation\n"
	"Scintillation\n"
	AY_LIST_GOES_ON
	"Smart BE (2001) Fluorine substituent effects (on bioactivity).\n"
	"J Fluorine Chem 109(1):3-11\n";

/* a short table inside the list: its caption and cells are no reference */
static const char ay_short_table[] =
	AY_LIST_HEAD
	"Table 6 Experimental conditions of the binding assays\n"
	"Source\n"
	"Ligand\n"
	"Rat cerebral cortex\n"
	"10 nM\n"
	AY_LIST_GOES_ON;

/* the same list, but a stop heading ends it: an appendix that cites in author-year form is no reference */
static const char ay_appendix[] =
	AY_LIST_HEAD
	"Appendix\n"
	"Table 6 Experimental conditions of the binding assays\n"
	"Source\n"
	"Ligand\n"
	AY_LIST_GOES_ON
	"Smart BE (2001) Fluorine substituent effects (on bioactivity).\n"
	"J Fluorine Chem 109(1):3-11\n";

/* a numbered list whose last reference before a table lost its label ("4"); the list goes on at 5 */
static const char lost_label_interleaved[] =
	"References\n"
	"1 Green MJ, Levi BH. Making an advance directive. Br Med J 1995;\n"
	"310: 236.\n"
	"2 Ko E, Berkman CS. Advance directives among Korean American older adults.\n"
	"J Gerontol Soc Work 2012; 55: 484-502.\n"
	"3 Levi BH, Green MJ. Too soon to give up? Am J Bioeth 2010; 10: 3-22.\n"
	"Nicholas LH, Langa KM, Iwashyna TJ. Regional variation in advance\n"
	"directives. JAMA 2011; 306: 1447-53.\n"
	"Table 6 Continued\n"
	"Variables\n"
	"Agree with ADs (n = 112)\n"
	"Disagree with ADs (n = 37)\n"
	"Patient should not know\n"
	"37 (66.1)\n"
	"19 (33.9)\n"
	"Right after diagnosis\n"
	"53 (84.1)\n"
	"10 (15.9)\n"
	"When receiving treatment\n"
	"16 (80.0)\n"
	"4 (20.0)\n"
	"When the disease is getting worse\n"
	"4 (57.1)\n"
	"3 (42.9)\n"
	"End time of life\n"
	"2 (66.7)\n"
	"1 (33.3)\n"
	"Do you want patient to undergo surgery?\n"
	"3.759\n"
	"0.050\n"
	"Yes\n"
	"110 (76.9)\n"
	"33 (23.1)\n"
	"No\n"
	"2 (33.3)\n"
	"5 Brinkman A, Rietjens JA, van der Heide A. The effects of advance care planning.\n"
	"Palliat Med 2014; 28: 1000-25.\n"
	"6 Bischoff KE, Sudore R, Miao Y. Advance care planning. J Am Geriatr Soc 2013; 61: 209-14.\n";

/* a numbered reference list without a heading, then a journal's numbered list of criteria (no authors) */
static const char list_then_criteria[] =
	"There was no report of the incomplete arch in the studies cited.\n"
	"1. Gajisin S, Zbrodowski A. Local vascular contribution of the superficial palmar arch. Acta Anat 1993;147: 248-51.\n"
	"2. Gellman H, Botte MJ, Shankwiler J. Arterial patterns of the deep and superficial arches. Clin Orthop 2001;383: 41-6.\n"
	"3. Coleman SS, Anson BJ. Arterial patterns in the hand. Surg Gynecol Obstet 1961;113: 409-24.\n"
	"4. Ikeda A, Ugawa A, Kazihara Y. Arterial patterns in the hand. J Hand Surg Am 1988;13: 501-9.\n"
	"5. Ottone NE, Prun V, Medan C. Analysis of the superficial palmar arch. Int J Morphol 2010;28: 157-64.\n"
	"Conflict of Interest: Nil\n"
	"Manuscripts must meet one of the following criteria:\n"
	"1. Primarily Complex or Difficult Cases\n"
	"2. Known and Unknown Complication of a disease, fracture, treatment, implant.\n"
	"3. Complications due to associated diagnosed or undiagnosed co-morbidities\n"
	"4. A known complication treated with a new or rarely reported method\n"
	"5. Any unexpected event in the course of observing or treating a patient\n"
	"6. Cases presenting with failed primary management with complicated clinical condition\n";

/* a numbered list, a figure's data and caption between its pages, then the list's last references before more of the figure */
static const char resumed_before_figure[] =
	"References\n"
	"[1] R. C. Jaeger and T. N. Blalock, Microelectronic circuit\n"
	"design, vol. 97 (McGraw-Hill New York, 1997).\n"
	"[2] W.-K. Chen, Active Network Analysis: Feedback Ampli-\n"
	"fier Theory, vol. 15 (World Scientific, 2016).\n"
	"[3] D. A. Bell, Electronic Instrumentation and measurements\n"
	"(Prentice Hall, 1994).\n"
	"[4] C. M. Bishop, Pattern Recognition and Machine Learning\n"
	"(Springer, 2006).\n"
	"0\n"
	"500\n"
	"1000\n"
	"Density\n"
	"0\n"
	"2000 4000 6000\n"
	"Density\n"
	"-0.40\n"
	"-0.35\n"
	"-0.30\n"
	"-0.25\n"
	"-0.20\n"
	"FIG. 6: Scatterplot obtained by plotting the variation of the distortion in terms of the average of the gain,\n"
	"with the normally fitted individual clusters along both axes. Such a mapping, defined by two measurements,\n"
	"yielded a remarkable separation between the arrays, especially along the average voltage gain axis, and\n"
	"the variation of the individual clusters was found to be nearly twenty times smaller than the overall one.\n"
	"[5] A. Bjorck, Numerical methods for least squares problems\n"
	"(SIAM, 1996).\n"
	"[6] J. M. Early, Proceedings of the IRE 40, 1401 (1952).\n"
	"9\n"
	"0.000\n"
	"0.005\n"
	"0.010\n"
	"0.015\n"
	"0.020\n"
	"0.025\n"
	"0.030\n"
	"0.035\n"
	"0.040\n"
	"sigma\n"
	"THD\n"
	"0.1\n"
	"0.2\n"
	"0.3\n"
	"0.4\n"
	"0.5\n"
	"0.6\n"
	"0.7\n"
	"0.8\n"
	"0.9\n"
	"1.0\n"
;

/* labels alone on their lines, the reference after each */
static const char lone_numbers[] =
	"References\n"
	"1.\n"
	"Shen J, Obin MS, Zhao L. The gut microbiota, obesity and insulin resistance. Mol\n"
	"Aspects Med. 2013;34: 39-58.\n"
	" 2.\n"
	"Heymsfield SB, Wadden TA. Mechanisms, Pathophysiology, and Management of\n"
	"Obesity. N Engl J Med. 2017;376: 254-266.\n"
	" 3.\n"
	"Cani PD, Delzenne NM. The gut microbiome as therapeutic target. Pharmacol Ther.\n"
	"2011;130: 202-212.\n"
	" 4.\n"
	"Ottman N, Smidt H. The function of our microbiota. Front Cell Infect Microbiol. 2012;2: 104.\n";

static const char *const lone_numbers_want[] = {
	"1. Shen J, Obin MS, Zhao L. The gut microbiota, obesity and insulin resistance. Mol Aspects Med. 2013;34: 39-58.",
	"2. Heymsfield SB, Wadden TA. Mechanisms, Pathophysiology, and Management of Obesity. N Engl J Med. 2017;376: "
	"254-266.",
	"3. Cani PD, Delzenne NM. The gut microbiome as therapeutic target. Pharmacol Ther. 2011;130: 202-212.",
	"4. Ottman N, Smidt H. The function of our microbiota. Front Cell Infect Microbiol. 2012;2: 104.",
	NULL
};

/*
 * labels alone on their lines: a report's second title line (capitalised,
 * a year in it) continues its reference, and so does the last reference's
 * "Available from:" line after its bracketed note (a guard: the labeller
 * gets this short list right by itself; the rules after it must not undo
 * that)
 */
static const char lone_labels_report[] =
	"References\n"
	"1.\n"
	"Ortega P, Lind AB, Mwangi K. Seasonal shifts in dengue incidence in coastal towns. Trop Med Int\n"
	"Health. 2015;20: 1120-1131.\n"
	"2.\n"
	"Haldane R, Okafor C, Ruiz-Blanco M. Vector control in urban settings: a review of trials. Lancet\n"
	"Infect Dis. 2016;16: 77-85.\n"
	"3.\n"
	"National Center for Vector Surveillance. National Mosquito Control Survey: 2014\n"
	"Emergency Response Summary Tables 2014. Available from:\n"
	"https://www.example.org/survey/2014/summary_tables.pdf.\n"
	"4.\n"
	"Brandt S. Mosquito ecology and climate in the highlands. Parasit Vectors. 2017;10: 301.\n"
	"5.\n"
	"Centers for Vector Research. Guidance for Laboratories Testing for Arboviruses in Blood\n"
	"Donors [updated May 3, 2018].\n"
	"Available from: https://www.example.org/labs/arbovirus-guidance.html.\n";

static const char *const lone_labels_report_want[] = {
	"1. Ortega P, Lind AB, Mwangi K. Seasonal shifts in dengue incidence in coastal towns. Trop Med Int Health. "
	"2015;20: 1120-1131.",
	"2. Haldane R, Okafor C, Ruiz-Blanco M. Vector control in urban settings: a review of trials. Lancet Infect "
	"Dis. 2016;16: 77-85.",
	"3. National Center for Vector Surveillance. National Mosquito Control Survey: 2014 Emergency Response "
	"Summary Tables 2014. Available from: https://www.example.org/survey/2014/summary_tables.pdf.",
	"4. Brandt S. Mosquito ecology and climate in the highlands. Parasit Vectors. 2017;10: 301.",
	"5. Centers for Vector Research. Guidance for Laboratories Testing for Arboviruses in Blood Donors [updated "
	"May 3, 2018]. Available from: https://www.example.org/labs/arbovirus-guidance.html.",
	NULL
};

/*
 * a list without labels: a DOI's tail "7." alone on its line, then the next
 * reference; an organisation as author after a line ending with a PMID; a
 * PMID broken at the line end, its tail alone on the next line
 */
static const char identifier_tails[] =
	"References\n"
	"Abrams KL, Tiwari S, Hoang V. Reaching movements after cortical lesions in adults. J Neurol,\n"
	"2019. doi:10.1007/s00415-019-0412-\n"
	"7.\n"
	"Bertrand WG, Okoye J, Falk-Morrison KS. Grip strength recovery after stroke is predicted by\n"
	"early motor scores. J Neurosci 39: 4410-4421, 2019.\n"
	"Castellanos M, Ivanova P. Sensorimotor adaptation in older adults. Exp Brain Res 237:\n"
	"1011-1022, 2019. PMID: 30712201\n"
	"Council on Rehabilitation Research and Practice. Outcome Measures in Stroke Care: a\n"
	"Guide for Clinics, 2020.\n"
	"Dimitrov A, Lee H. Balance training and fall risk in the elderly. Gait Posture 71: 55-61,\n"
	"2019. PMID: 3102\n"
	"4418\n"
	"Eriksen T, Nakamura Y. Force control in the hand after injury. J Neurophysiol 121:\n"
	"300-312, 2019.\n"
	"Fontaine R, Gupta N. Cortical maps of the forearm in primates. Cereb Cortex 29:\n"
	"1877-1890, 2019.\n";

static const char *const identifier_tails_want[] = {
	"Abrams KL, Tiwari S, Hoang V. Reaching movements after cortical lesions in adults. J Neurol, 2019. "
	"doi:10.1007/s00415-019-0412-7.",
	"Bertrand WG, Okoye J, Falk-Morrison KS. Grip strength recovery after stroke is predicted by early motor "
	"scores. J Neurosci 39: 4410-4421, 2019.",
	"Castellanos M, Ivanova P. Sensorimotor adaptation in older adults. Exp Brain Res 237: 1011-1022, 2019. "
	"PMID: 30712201",
	"Council on Rehabilitation Research and Practice. Outcome Measures in Stroke Care: a Guide for Clinics, 2020.",
	"Dimitrov A, Lee H. Balance training and fall risk in the elderly. Gait Posture 71: 55-61, 2019. PMID: 3102 4418",
	"Eriksen T, Nakamura Y. Force control in the hand after injury. J Neurophysiol 121: 300-312, 2019.",
	"Fontaine R, Gupta N. Cortical maps of the forearm in primates. Cereb Cortex 29: 1877-1890, 2019.",
	NULL
};

/*
 * author-year: an author list that runs on to its year on the next line
 * ("..., S. Oyelaran, and" then "T. P. Whitcombe, 2001: ..."), after a
 * reference that ended with a page count, begins a reference
 */
static const char names_year_next_line[] =
	"References\n"
	"Abel, K. R., 1991: Monsoon onset dates over the western Pacific. Mon. Wea. Rev., 119, 2410-\n"
	"2423.\n"
	"Carvalho, L. M., and P. Nunes, 2004: Interannual variability of tropical storm tracks in the\n"
	"South Atlantic. J. Climate, 17, 3355-3368.\n"
	"Dressler, T., M. H. Okuma, and R. Lindqvist, 2008: Sea surface temperature and storm counts:\n"
	"a statistical model for seasonal outlooks. Coastal Res. Rep. B12, 44 pp.\n"
	"Eberhart, K. L., J. M. Tolan, R. W. Fairbanks, S. Oyelaran, and\n"
	"T. P. Whitcombe, 2001: Landfall rates of tropical cyclones, revisited. Bull. Amer. Meteor.\n"
	"Soc., 82, 1451-1460.\n"
	"Fischer, G., 1999: Wind shear and cyclone intensity. Quart. J. Roy. Meteor. Soc., 125, 880-\n"
	"902.\n"
	"Grant, H. W., and A. Ruiz, 2011: Storm surge climatology of the Gulf coast. Nat. Hazards, 56,\n"
	"101-117.\n";

static const char *const names_year_next_line_want[] = {
	"Abel, K. R., 1991: Monsoon onset dates over the western Pacific. Mon. Wea. Rev., 119, 2410-2423.",
	"Carvalho, L. M., and P. Nunes, 2004: Interannual variability of tropical storm tracks in the South "
	"Atlantic. J. Climate, 17, 3355-3368.",
	"Dressler, T., M. H. Okuma, and R. Lindqvist, 2008: Sea surface temperature and storm counts: a "
	"statistical model for seasonal outlooks. Coastal Res. Rep. B12, 44 pp.",
	"Eberhart, K. L., J. M. Tolan, R. W. Fairbanks, S. Oyelaran, and T. P. Whitcombe, 2001: Landfall rates "
	"of tropical cyclones, revisited. Bull. Amer. Meteor. Soc., 82, 1451-1460.",
	"Fischer, G., 1999: Wind shear and cyclone intensity. Quart. J. Roy. Meteor. Soc., 125, 880-902.",
	"Grant, H. W., and A. Ruiz, 2011: Storm surge climatology of the Gulf coast. Nat. Hazards, 56, 101-117.",
	NULL
};

/* author-year, Vancouver names: an author's initials carried to the next line */
static const char carried_initials[] =
	"References\n"
	"Messinger D, Pelphrey K, Sanders SJ, Singer AT, Taylor\n"
	"JL, Szatmari P (2016) Autism and gender. J Autism Dev Disord 46:1-12.\n"
	"Halladay AK, Bishop S, Constantino JN (2015) Sex and gender differences in autism. Mol Autism 6:36.\n"
	"Lukas M, Wohr M (2015) Endogenous vasopressin and innate anxiety. Psychoneuroendocrinology 56:1-9.\n"
	"Otero-Garcia M, Lanuza E (2014) Extending the socio-sexual brain. Brain Struct Funct 219:1-20.\n"
	"Shimshek DR, Kim J (2006) Oxytocin receptors in the mouse brain. Mol Endocrinol 20:1-11.\n"
	"Zhou X, Li Y (2016) A third title about the brain. J Neurosci 36:1-9.\n";

static const char *const carried_initials_want[] = {
	"Messinger D, Pelphrey K, Sanders SJ, Singer AT, Taylor JL, Szatmari P (2016) Autism and gender. J Autism Dev "
	"Disord 46:1-12.",
	"Halladay AK, Bishop S, Constantino JN (2015) Sex and gender differences in autism. Mol Autism 6:36.",
	"Lukas M, Wohr M (2015) Endogenous vasopressin and innate anxiety. Psychoneuroendocrinology 56:1-9.",
	"Otero-Garcia M, Lanuza E (2014) Extending the socio-sexual brain. Brain Struct Funct 219:1-20.",
	"Shimshek DR, Kim J (2006) Oxytocin receptors in the mouse brain. Mol Endocrinol 20:1-11.",
	"Zhou X, Li Y (2016) A third title about the brain. J Neurosci 36:1-9.",
	NULL
};

/* IEEE and APS lists: a medium note or arXiv categories at a line's start are no new reference */
static const char bracket_notes[] =
	"References\n"
	"[1] F. Sauli, \"GEM: A new concept for electron amplification in gas detectors,\" Nucl. Instrum. Meth. A,\n"
	"vol. 386, pp. 531-534, 1997.\n"
	"[Online]. Available: http://www.sciencedirect.com/science/article/pii/S0168900296011722\n"
	"[2] R. Kelley, M. D. Schwartz, and H. X. Zhu, Phys. Rev. D84, 045022 (2011), arXiv:1105.3676\n"
	"[hep-ph].\n"
	"[3] I. W. Stewart and F. J. Tackmann, Phys. Rev. Lett. 114, 092001 (2015), arXiv:1405.6722\n"
	"[hep-ph].\n"
	"[4] J. Ottnad, \"Studies on field distortions,\" M.S. thesis, Univ. Bonn, 2015.\n"
	"[5] M. J. Bommarito, D. M. Katz, and E. M. Detterman. LexNLP: language processing for legal texts. arXiv:1806.03688\n"
	"[cs, stat], June 2018. URL http://arxiv.org/abs/1806.03688.\n"
	"[6] A. Wang and B. Chen. Two categories of a preprint. arXiv:2101.00001\n"
	"[cs.CL, cs.LG], 2021.\n"
	"[7] R. Bommasani and D. A. Hudson. On the opportunities and risks of foundation models. 2021.\n";

static const char *const bracket_notes_want[] = {
	"[1] F. Sauli, \"GEM: A new concept for electron amplification in gas detectors,\" Nucl. Instrum. Meth. A, vol. "
	"386, pp. 531-534, 1997. [Online]. Available: http://www.sciencedirect.com/science/article/pii/S0168900296011722",
	"[2] R. Kelley, M. D. Schwartz, and H. X. Zhu, Phys. Rev. D84, 045022 (2011), arXiv:1105.3676 [hep-ph].",
	"[3] I. W. Stewart and F. J. Tackmann, Phys. Rev. Lett. 114, 092001 (2015), arXiv:1405.6722 [hep-ph].",
	"[4] J. Ottnad, \"Studies on field distortions,\" M.S. thesis, Univ. Bonn, 2015.",
	"[5] M. J. Bommarito, D. M. Katz, and E. M. Detterman. LexNLP: language processing for legal texts. "
	"arXiv:1806.03688 [cs, stat], June 2018. URL http://arxiv.org/abs/1806.03688.",
	"[6] A. Wang and B. Chen. Two categories of a preprint. arXiv:2101.00001 [cs.CL, cs.LG], 2021.",
	"[7] R. Bommasani and D. A. Hudson. On the opportunities and risks of foundation models. 2021.",
	NULL
};

/* a journal's header word alone between two references (the page holds it once): no reference's */
static const char lone_header[] =
	"REFERENCES\n"
	"\n"
	"1. Bange EM, Han NA, Wileyto P, Kim JY. CD8(+) T cells contribute to survival in patients with\n"
	"COVID-19 and hematologic cancer. Nat Med. 2021;27:1280-9.\n"
	"2. Lee CY, Shah MK, Hoyos D. Prolonged infection in patients with lymphoid malignancies. Cancer\n"
	"Discov. 2021. https://doi.org/10.1158/2159-8290.CD-21-1033\n"
	"3. Zaki MM, Lesha E, Said K. Cell therapy strategies: current approaches and potential applications.\n"
	"Science Advances. 2021;7(33):eabg5995. doi: https://doi.org/10.1126/sciadv.abg5995\n"
	"\n"
	"EDITORIAL\n"
	"\n"
	"4. Herrera L, Martin M, Santos S. Identifying memory NK cells from convalescent donors for\n"
	"adoptive cell therapy. Immunology. 2021;165(2):234-49.\n";

static const char *const lone_header_want[] = {
	"1. Bange EM, Han NA, Wileyto P, Kim JY. CD8(+) T cells contribute to survival in patients with COVID-19 and "
	"hematologic cancer. Nat Med. 2021;27:1280-9.",
	"2. Lee CY, Shah MK, Hoyos D. Prolonged infection in patients with lymphoid malignancies. Cancer Discov. 2021. "
	"https://doi.org/10.1158/2159-8290.CD-21-1033",
	"3. Zaki MM, Lesha E, Said K. Cell therapy strategies: current approaches and potential applications. Science "
	"Advances. 2021;7(33):eabg5995. doi: https://doi.org/10.1126/sciadv.abg5995",
	"4. Herrera L, Martin M, Santos S. Identifying memory NK cells from convalescent donors for adoptive cell "
	"therapy. Immunology. 2021;165(2):234-49.",
	NULL
};

/*
 * ACL style: the list's last column read after the appendix's heading, a
 * paragraph of the appendix between two of its references
 */
static const char after_appendix[] =
	"6 Conclusion\n"
	"We showed that the metrics disagree with the annotators in most of the settings we studied here.\n"
	"\n"
	"References\n"
	"Iz Beltagy, Matthew E Peters, and Arman Cohan.\n"
	"2020. Longformer: The long-document transformer.\n"
	"arXiv preprint arXiv:2004.05150.\n"
	"Alex Wang, Richard Yuanzhe Pang, Angelica Chen,\n"
	"Jason Phang, and Samuel R Bowman. 2022. Squality:\n"
	"Building a long-document summarization dataset the\n"
	"hard way. arXiv preprint arXiv:2205.11465.\n"
	"\n"
	"Appendix\n"
	"\n"
	"Matthijs J Warrens. 2010. Inequalities between multirater kappas. Advances in data analysis and classification, 4(4):271-286.\n"
	"\n"
	"We utilize the bootstrap resampling technique described in\n"
	"earlier work to estimate the confidence intervals for the human\n"
	"evaluation data. At a high level, bootstrap resampling helps capture the uncertainty in a downstream\n"
	"test statistic by repeatedly sampling from the data\n"
	"with replacement, and we consider two downstream statistics\n"
	"of the summaries and of the annotators in our work here.\n"
	"\n"
	"Jason Wei, Maarten Bosma, Vincent Zhao, Kelvin Guu,\n"
	"and Quoc V Le. 2022. Finetuned language models are zero-shot learners. In International Conference on Learning Representations.\n"
	"Weizhe Yuan, Graham Neubig, and Pengfei Liu. 2021.\n"
	"Bartscore: Evaluating generated text as text generation. Advances in Neural Information Processing\n"
	"Systems, 34:27263-27277.\n"
	"Tianyi Zhang, Varsha Kishore, Felix Wu, and Yoav Artzi. 2020. Bertscore: Evaluating\n"
	"text generation with bert. In International Conference on Learning Representations.\n"
	"\n"
	"A\n"
	"\n"
	"Bootstrap analysis of inter-annotator\n"
	"variance\n"
	"\n"
	"Algorithm 1 Bootstrap Confidence Interval\n"
	"Input: a matrix of the human annotations, the number of samples and the level of the interval.\n"
	"Output: the interval of the statistic over the samples drawn with replacement from the annotators.\n"
	"1: samples an empty list of the statistics that the loop below fills for each of the draws.\n";

static const char *const after_appendix_want[] = {
	"Iz Beltagy, Matthew E Peters, and Arman Cohan. 2020. Longformer: The long-document transformer. arXiv preprint "
	"arXiv:2004.05150.",
	"Alex Wang, Richard Yuanzhe Pang, Angelica Chen, Jason Phang, and Samuel R Bowman. 2022. Squality: Building a "
	"long-document summarization dataset the hard way. arXiv preprint arXiv:2205.11465.",
	"Matthijs J Warrens. 2010. Inequalities between multirater kappas. Advances in data analysis and classification, "
	"4(4):271-286.",
	"Jason Wei, Maarten Bosma, Vincent Zhao, Kelvin Guu, and Quoc V Le. 2022. Finetuned language models are zero-shot "
	"learners. In International Conference on Learning Representations.",
	"Weizhe Yuan, Graham Neubig, and Pengfei Liu. 2021. Bartscore: Evaluating generated text as text generation. "
	"Advances in Neural Information Processing Systems, 34:27263-27277.",
	"Tianyi Zhang, Varsha Kishore, Felix Wu, and Yoav Artzi. 2020. Bertscore: Evaluating text generation with bert. "
	"In International Conference on Learning Representations.",
	NULL
};

/* ACL style: a line after a colon, or one that opens with "In Proceedings", goes on with the reference above */
static const char container_lines[] =
	"References\n"
	"Kathleen McKeown, Rebecca J Passonneau, David K\n"
	"Elson, Ani Nenkova, and Julia Hirschberg. 2005. Do\n"
	"summaries help? In Proceedings of the 28th annual\n"
	"international ACM SIGIR conference, pages 210-217.\n"
	"Ani Nenkova and Rebecca Passonneau. 2004. Evaluating content selection in summarization: The pyramid\n"
	"method. In Proceedings of the Human Language\n"
	"Technology Conference of the North American Chapter of the Association for Computational Linguistics:\n"
	"HLT-NAACL 2004, pages 145-152, Boston, Massachusetts, USA. Association for Computational Linguistics.\n"
	"Kishore Papineni, Salim Roukos, Todd Ward, and WeiJing\n"
	"Zhu. 2002. Bleu: a method for automatic evaluation\n"
	"of machine translation. In Proceedings of the 40th\n"
	"Annual Meeting, pages 311-318.\n"
	"John Wieting, Taylor Berg-Kirkpatrick, Kevin Gimpel,\n"
	"and Graham Neubig. 2019. Beyond BLEU:training\n"
	"neural machine translation with semantic similarity.\n"
	"In Proceedings of the 57th Annual Meeting of the Association for Computational Linguistics, pages 4344-\n"
	"4355, Florence, Italy. Association for Computational\n"
	"Linguistics.\n"
	"Weizhe Yuan, Graham Neubig, and Pengfei Liu. 2021.\n"
	"Bartscore: Evaluating generated text as text generation. Advances in Neural Information Processing\n"
	"Systems, 34:27263-27277.\n";

static const char *const container_lines_want[] = {
	"Kathleen McKeown, Rebecca J Passonneau, David K Elson, Ani Nenkova, and Julia Hirschberg. 2005. Do summaries "
	"help? In Proceedings of the 28th annual international ACM SIGIR conference, pages 210-217.",
	"Ani Nenkova and Rebecca Passonneau. 2004. Evaluating content selection in summarization: The pyramid method. In "
	"Proceedings of the Human Language Technology Conference of the North American Chapter of the Association for "
	"Computational Linguistics: HLT-NAACL 2004, pages 145-152, Boston, Massachusetts, USA. Association for "
	"Computational Linguistics.",
	"Kishore Papineni, Salim Roukos, Todd Ward, and WeiJing Zhu. 2002. Bleu: a method for automatic evaluation of "
	"machine translation. In Proceedings of the 40th Annual Meeting, pages 311-318.",
	"John Wieting, Taylor Berg-Kirkpatrick, Kevin Gimpel, and Graham Neubig. 2019. Beyond BLEU:training neural "
	"machine translation with semantic similarity. In Proceedings of the 57th Annual Meeting of the Association for "
	"Computational Linguistics, pages 4344-4355, Florence, Italy. Association for Computational Linguistics.",
	"Weizhe Yuan, Graham Neubig, and Pengfei Liu. 2021. Bartscore: Evaluating generated text as text generation. "
	"Advances in Neural Information Processing Systems, 34:27263-27277.",
	NULL
};

/* the last reference's "URL http..." line, then the authors' biographies */
static const char last_url_line[] =
	"References\n"
	"[1] C. S. Smith, Piezoresistance effect in germanium and silicon, Phys. Rev. 94 (1) (1954) 42-49.\n"
	"doi:10.1103/PhysRev.94.42.\n"
	"[2] A. Bradley, R. Jaeger, J. Suhling, K. O'Connor, Piezoresistive characteristics of short-channel MOSFETs on (100) silicon, IEEE Transactions on\n"
	"Electron Devices 48 (9) (2001) 2009-2015. doi:10.1109/16.944190.\n"
	"URL http://ieeexplore.ieee.org/document/944190/\n"
	"\n"
	"Thibault Delhaye received the M.S.\n"
	"degree from the University of Louvain, Louvain-la-Neuve, Belgium, in\n"
	"2015, where he is currently pursuing the Ph.D. degree with the Institute\n"
	"of Information and Communication Technologies, where he works on the\n"
	"sensors of strain in silicon and on the circuits that read them out.\n";

static const char *const last_url_line_want[] = {
	"[1] C. S. Smith, Piezoresistance effect in germanium and silicon, Phys. Rev. 94 (1) (1954) 42-49. "
	"doi:10.1103/PhysRev.94.42.",
	"[2] A. Bradley, R. Jaeger, J. Suhling, K. O'Connor, Piezoresistive characteristics of short-channel MOSFETs on "
	"(100) silicon, IEEE Transactions on Electron Devices 48 (9) (2001) 2009-2015. doi:10.1109/16.944190. URL "
	"http://ieeexplore.ieee.org/document/944190/",
	NULL
};

/*
 * a list without labels: a reference closed at a page's end, the page's
 * number and running header, names beginning the next reference
 */
static const char closed_at_page_end[] =
	"References\n"
	"G. Post, L. Di Gaspero, J. H. Kingston, B. McCollum, and A. Schaerf. The third international timetabling\n"
	"competition. Annals of Operations Research, 194(1):59-70, 2012.\n"
	"E. K. Burke and Y. Bykov. A late acceptance strategy in hill-climbing for exam timetabling problem. In Proceedings\n"
	"of the 7th international conference on the practice and theory of automated timetabling (PATAT 2008), pages 1-7,\n"
	"2008.\n"
	"22\n"
	"\n"
	"\fEducational Timetabling: Problems, Benchmarks, and State-of-the-Art Results\n"
	"\n"
	"A P REPRINT\n"
	"\n"
	"E. K. Burke, J. Marecek, A. J. Parkes, and H. Rudova. Decomposition, reformulation, and diving in university course\n"
	"timetabling. Computers & Operations Research, 37(3):582-597, 2010a.\n"
	"G. H. G. Fonseca, H. G. Santos, and E. G. Carrano. Integrating matheuristics and metaheuristics for timetabling.\n"
	"Computers & Operations Research, 74:108-117, 2016. ISSN\n"
	"0305-0548.\n"
	"24\n"
	"\n"
	"\fEducational Timetabling: Problems, Benchmarks, and State-of-the-Art Results\n"
	"\n"
	"A P REPRINT\n"
	"\n"
	"E Gashi and K Sylejmani. Simulated annealing with penalization for university course timetabling. In Proceedings of\n"
	"the International Timetabling Competition 2019, 2019.\n"
	"R. Tibshirani. Regression shrinkage and selection via the lasso. Journal of the Royal\n"
	"Statistical Society. Series B. Methodological, 58(1):267-288, 1996.\n"
	"26\n"
	"\n"
	"\fEducational Timetabling: Problems, Benchmarks, and State-of-the-Art Results\n"
	"\n"
	"A P REPRINT\n"
	"\n"
	"A. N. Tikhonov. On the stability of inverse problems. Doklady Akademii Nauk SSSR, 39(5):\n"
	"195-198, 1943.\n";

static const char *const closed_at_page_end_want[] = {
	"G. Post, L. Di Gaspero, J. H. Kingston, B. McCollum, and A. Schaerf. The third international timetabling "
	"competition. Annals of Operations Research, 194(1):59-70, 2012.",
	"E. K. Burke and Y. Bykov. A late acceptance strategy in hill-climbing for exam timetabling problem. In Proceedings "
	"of the 7th international conference on the practice and theory of automated timetabling (PATAT 2008), pages 1-7, "
	"2008.",
	"E. K. Burke, J. Marecek, A. J. Parkes, and H. Rudova. Decomposition, reformulation, and diving in university "
	"course timetabling. Computers & Operations Research, 37(3):582-597, 2010a.",
	"G. H. G. Fonseca, H. G. Santos, and E. G. Carrano. Integrating matheuristics and metaheuristics for "
	"timetabling. Computers & Operations Research, 74:108-117, 2016. ISSN 0305-0548.",
	"E Gashi and K Sylejmani. Simulated annealing with penalization for university course timetabling. In "
	"Proceedings of the International Timetabling Competition 2019, 2019.",
	"R. Tibshirani. Regression shrinkage and selection via the lasso. Journal of the Royal Statistical Society. "
	"Series B. Methodological, 58(1):267-288, 1996.",
	"A. N. Tikhonov. On the stability of inverse problems. Doklady Akademii Nauk SSSR, 39(5): 195-198, 1943.",
	NULL
};

/* MDPI style: the labels 1. to 5. pulled away into a block that opens the list, the texts after it */
static const char opening_label_block[] =
	"Conflicts of Interest\n"
	"The authors declare no conflict of interest.\n"
	"References\n"
	"1.\n"
	"2.\n"
	"3.\n"
	"4.\n"
	"5.\n"
	"\n"
	"Hanzl, M.; Dzik, K.; Kowalczyk, P.; Kwiecinski, K.; Stankiewicz, E.; Wierzbicka, A. Human\n"
	"geomatics in urban design-two case studies. Future Internet 2012, 4, 347-361.\n"
	"Baricco, A. The Barbarians: An Essay on the Mutation of Culture; Rizzoli Ex Libris: Milan, Italy, 2008.\n"
	"Berdiaeff, N. The Realm of the Spirit and the Realm of Caesar; Harper & Brothers: New York,\n"
	"NY, USA, 1952; pp. 91-92.\n"
	"Chrissus, A.; Odotheus, B. Barbarians: The Disordered Insurgence; Venomous Butterfly\n"
	"Publications: Los Angeles, CA, USA, 2003; pp. 82-83.\n";

static const char *const opening_label_block_want[] = {
	"Hanzl, M.; Dzik, K.; Kowalczyk, P.; Kwiecinski, K.; Stankiewicz, E.; Wierzbicka, A. Human geomatics in urban "
	"design-two case studies. Future Internet 2012, 4, 347-361.",
	"Baricco, A. The Barbarians: An Essay on the Mutation of Culture; Rizzoli Ex Libris: Milan, Italy, 2008.",
	"Berdiaeff, N. The Realm of the Spirit and the Realm of Caesar; Harper & Brothers: New York, NY, USA, 1952; pp. "
	"91-92.",
	"Chrissus, A.; Odotheus, B. Barbarians: The Disordered Insurgence; Venomous Butterfly Publications: Los Angeles, "
	"CA, USA, 2003; pp. 82-83.",
	NULL
};

/* a running header whose page number moves from its end to its start, page by page */
static const char moving_page_number[] =
	"References\n"
	"1. Smith A, Jones B. A study of surveillance systems for influenza. Eur J Epidemiol. 1998;14:275-85.\n"
	"2. Brown C. Detection of outbreaks from laboratory reports. Am J Public Health. 1999;89:1-9.\n"
	"918 1 June 2004 Annals of Internal Medicine Volume 140 Number 11\n"
	"\f3. Green D, White E. Electronic reporting of notifiable diseases. JAMA. 1999;282:1845-50.\n"
	"4. Black F. The syndromic surveillance of emergency departments. Emerg Infect Dis. 2001;7:1-8.\n"
	"1 June 2004 Annals of Internal Medicine Volume 140 Number 11 919\n"
	"\f5. Gray G. Surveillance of animal diseases at the borders. Rev Sci Tech. 1991;10:51-87.\n"
	"6. Stone H, Reed I. A decision support system for managing epidemics. Rev Sci Tech. 1998;17:682-90.\n"
	"920 1 June 2004 Annals of Internal Medicine Volume 140 Number 11\n"
	"\f7. Wood J. The influenza surveillance network of the army. Mil Med. 2000;165:1-5.\n"
	"8. Hill K, Lake L. Hospital infection surveillance in Denmark. Infect Control Hosp Epidemiol. 1998;19:175-80.\n"
	"1 June 2004 Annals of Internal Medicine Volume 140 Number 11 921\n";

static const char *const moving_page_number_want[] = {
	"1. Smith A, Jones B. A study of surveillance systems for influenza. Eur J Epidemiol. 1998;14:275-85.",
	"2. Brown C. Detection of outbreaks from laboratory reports. Am J Public Health. 1999;89:1-9.",
	"3. Green D, White E. Electronic reporting of notifiable diseases. JAMA. 1999;282:1845-50.",
	"4. Black F. The syndromic surveillance of emergency departments. Emerg Infect Dis. 2001;7:1-8.",
	"5. Gray G. Surveillance of animal diseases at the borders. Rev Sci Tech. 1991;10:51-87.",
	"6. Stone H, Reed I. A decision support system for managing epidemics. Rev Sci Tech. 1998;17:682-90.",
	"7. Wood J. The influenza surveillance network of the army. Mil Med. 2000;165:1-5.",
	"8. Hill K, Lake L. Hospital infection surveillance in Denmark. Infect Control Hosp Epidemiol. 1998;19:175-80.",
	NULL
};

/* a journal's section name between two references; links broken at a line's end */
static const char review_and_links[] =
	"References\n"
	"63. Flahault A, Blanchon T, Dorleans Y. Virtual surveillance of communicable diseases: a 20-year experience in\n"
	"France. Stat Methods Med Res. 2006;15:413-21. [PMID: 17089946]\n"
	"64. Carrat F, Flahault A, Boussard E, Farran N. Surveillance of influenza-like illness in France. The example of the\n"
	"1995/1996 epidemic. J Epidemiol Community Health. 1998;52 Suppl 1:32S-38S. [PMID:\n"
	"9764269]\n"
	"\n"
	"Review\n"
	"\n"
	"65. Costagliola D, Flahault A, Galinec D. A routine tool for detection and assessment of epidemics of\n"
	"influenza-like syndromes in France. Am J Public Health. 1991;81:97-9. [PMID: 1983924]\n"
	"66. Global Salm-Surv. Accessed at www.who.int/emc/diseases/zoo/SALM\n"
	"-SURV/frameset.html on 29 November 2001.\n"
	"67. Active Bacterial Core Surveillance. Centers for Disease Control and Prevention. Accessed at www.cdc.gov/ncidod/abcs/default\n"
	".htm on 21 September 2001.\n"
	"68. Maqbool S. Pakistan is high-risk country for epidemics. The News. Accessed at www.jang.com.pk/thenews/jul2001/metro\n"
	"/i3.htm on 4 November 2001.\n"
	"69. Lewis DD, Yang Y, Rose TG, Li F. RCV1: A new benchmark collection for text categorization research. JMLR.\n"
	"2004;5:361-97.\n";

static const char *const review_and_links_want[] = {
	"63. Flahault A, Blanchon T, Dorleans Y. Virtual surveillance of communicable diseases: a 20-year experience in "
	"France. Stat Methods Med Res. 2006;15:413-21. [PMID: 17089946]",
	"64. Carrat F, Flahault A, Boussard E, Farran N. Surveillance of influenza-like illness in France. The example of "
	"the 1995/1996 epidemic. J Epidemiol Community Health. 1998;52 Suppl 1:32S-38S. [PMID: 9764269]",
	"65. Costagliola D, Flahault A, Galinec D. A routine tool for detection and assessment of epidemics of "
	"influenza-like syndromes in France. Am J Public Health. 1991;81:97-9. [PMID: 1983924]",
	"66. Global Salm-Surv. Accessed at www.who.int/emc/diseases/zoo/SALM-SURV/frameset.html on 29 November 2001.",
	"67. Active Bacterial Core Surveillance. Centers for Disease Control and Prevention. Accessed at "
	"www.cdc.gov/ncidod/abcs/default.htm on 21 September 2001.",
	"68. Maqbool S. Pakistan is high-risk country for epidemics. The News. Accessed at "
	"www.jang.com.pk/thenews/jul2001/metro/i3.htm on 4 November 2001.",
	"69. Lewis DD, Yang Y, Rose TG, Li F. RCV1: A new benchmark collection for text categorization research. JMLR. "
	"2004;5:361-97.",
	NULL
};

/* CVPR style: the pages that cite a reference after it, the last of them alone on a line */
static const char back_reference_pages[] =
	"References\n"
	"[35] F. Yu, D. Wang, E. Shelhamer, and T. Darrell. Deep layer aggregation. In Proceedings of the IEEE\n"
	"Conference on Computer Vision and Pattern Recognition\n"
	"(CVPR), 2019. 2, 5\n"
	"[36] J. Yuan. Learning Building Extraction in Aerial Scenes\n"
	"with Convolutional Networks. IEEE Transactions on Pattern Analysis and Machine Intelligence (TPAMI), 2017. 1,\n"
	"2\n"
	"[37] S. Zagoruyko and N. Komodakis. Wide Residual Networks.\n"
	"In British Machine Vision Conference (BMVC), 2016. 4\n"
	"[38] H. Zhao, J. Shi, X. Qi, X. Wang, and J. Jia. Pyramid scene parsing network. In CVPR, 2017. 2, 6\n";

static const char *const back_reference_pages_want[] = {
	"[35] F. Yu, D. Wang, E. Shelhamer, and T. Darrell. Deep layer aggregation. In Proceedings of the IEEE Conference "
	"on Computer Vision and Pattern Recognition (CVPR), 2019. 2, 5",
	"[36] J. Yuan. Learning Building Extraction in Aerial Scenes with Convolutional Networks. IEEE Transactions on "
	"Pattern Analysis and Machine Intelligence (TPAMI), 2017. 1, 2",
	"[37] S. Zagoruyko and N. Komodakis. Wide Residual Networks. In British Machine Vision Conference (BMVC), 2016. 4",
	"[38] H. Zhao, J. Shi, X. Qi, X. Wang, and J. Jia. Pyramid scene parsing network. In CVPR, 2017. 2, 6",
	NULL
};

/* ACM style: the paper's history after the last reference */
static const char history_after_list[] =
	"References\n"
	"[46] X. Zhang, Y. Xu, H. Hu, Y. Liu, Z. Guo, and Y. Wang. Profiling skype video calls: Rate control and video\n"
	"quality. In IEEE INFOCOM, 2012.\n"
	"[47] A. Zhou, H. Zhang, G. Su, L. Wu, R. Ma, Z. Meng, and X. Zhang. Learning to coordinate video\n"
	"codec with transport protocol for mobile video telephony. In ACM MobiCom, 2019.\n"
	"\n"
	"Received January 2021; revised October 2021; accepted December 2021\n"
	"\n"
	"Proc. ACM Meas. Anal. Comput. Syst., Vol. 6, No. 1, Article 12. Publication date: March 2022.\n";

static const char *const history_after_list_want[] = {
	"[46] X. Zhang, Y. Xu, H. Hu, Y. Liu, Z. Guo, and Y. Wang. Profiling skype video calls: Rate control and video "
	"quality. In IEEE INFOCOM, 2012.",
	"[47] A. Zhou, H. Zhang, G. Su, L. Wu, R. Ma, Z. Meng, and X. Zhang. Learning to coordinate video codec with "
	"transport protocol for mobile video telephony. In ACM MobiCom, 2019.",
	NULL
};

/* ACL style: a surname carried to the next line after its first name */
static const char carried_surname[] =
	"References\n"
	"Michel Galley, Jonathan Graehl, Kevin Knight, Daniel Marcu, Steve DeNeefe, Wei Wang, and Ignacio\n"
	"Thayer. 2006. Scalable inference and training of context-rich syntactic translation models. In Proceedings\n"
	"of ACL, pages 961-968.\n"
	"Mark Johnson. 1998. PCFG models of linguistic tree representations. Computational Linguistics, 24.\n"
	"Ashish Vaswani, Haitao Mi, Liang Huang, and David\n"
	"Chiang. 2011. Rule Markov models for fast tree-to-string translation. In Proceedings of ACL.\n"
	"Wei Zhang and Tom Brown. 2019. Another title of a paper. In Proceedings of ACL, pages 1-9.\n";

static const char *const carried_surname_want[] = {
	"Michel Galley, Jonathan Graehl, Kevin Knight, Daniel Marcu, Steve DeNeefe, Wei Wang, and Ignacio Thayer. 2006. "
	"Scalable inference and training of context-rich syntactic translation models. In Proceedings of ACL, pages "
	"961-968.",
	"Mark Johnson. 1998. PCFG models of linguistic tree representations. Computational Linguistics, 24.",
	"Ashish Vaswani, Haitao Mi, Liang Huang, and David Chiang. 2011. Rule Markov models for fast tree-to-string "
	"translation. In Proceedings of ACL.",
	"Wei Zhang and Tom Brown. 2019. Another title of a paper. In Proceedings of ACL, pages 1-9.",
	NULL
};

/* a numbered list, a long run of the body's prose between two pages of it, the rest of the list */
static const char prose_between[] =
	"References\n"
	"1. Cadoret, G. & Smith, A. M. Friction, not texture, dictates grip forces. J Neurophysiol 75, 1963-1969 (1996).\n"
	"2. Zatsiorsky, V. M. & Latash, M. L. Prehension stability: experiments with expanding and contracting\n"
	"handle. J Neurophysiol 95, 2513-2529 (2006).\n"
	"3. Slota, G. P. & Zatsiorsky, V. M. Tangential finger forces. Exp Brain Res 232, 1-12 (2014).\n"
	"The participants held the handle still while the thumb platform moved freely along its rail and\n"
	"the forces at each of the five fingertips were recorded at a rate of one hundred samples per second\n"
	"during the whole of every trial, which lasted for about ten seconds in all of the experiments here\n"
	"described and which was repeated for each of the conditions that the protocol of the study listed\n"
	"in the order that was chosen at random for each of the participants before the first of the trials\n"
	"so that the effects of learning and of fatigue would be spread evenly over all of the conditions\n"
	"and the analysis that follows could treat the trials of one condition as exchangeable with those\n"
	"of the others when the averages were taken over the participants and over the repeated trials too\n"
	"as is the custom in studies of this kind where the number of the participants is rather small and\n"
	"the variation between them is large compared with the variation of the trials of each participant\n"
	"so that the means of the participants are the unit of the analysis rather than the single trials\n"
	"as the methods section of the paper explains at greater length than we can here for reasons of space\n"
	"4. Nowak, D. A. The impact of stroke on grasping. Neurosci Biobehav Rev 32, 1439-1450 (2008).\n"
	"5. Park, J. & Latash, M. L. Mechanical properties of the human hand digits. Clin Biomech 29, 129-137 (2014).\n";

/* A reference heading, a first reference, then a figure's labels the extraction put in; then the list. */
static const char heading_over_figure[] =
	"6 Conclusion\n"
	"The scheme has many other applications in computer graphics and in the rendering of volumes\n"
	"that we have not explored here, and we leave them to the work that follows from this paper.\n"
	"References\n"
	"PI ~~~ysp~c;man, Henry Fuchs, Eric Grant, and Susan Spach. Image rendering by adaptive refine-\n"
	"ment. Computer Graphics (SIGGRAPH '86 Proceedings), 20(4):29-38, August 1986.\n"
	"PI\n" "[31\n" "[41\n" "PI\n" "PI\n" "[71\n" "PI\n" "PI\n" "PO1\n" "IllI\n" "P21\n" "P31\n" "P41\n"
	"x0\n" "x1\n" "y0\n" "y1\n" "t0\n" "t1\n" "Box1\n" "p12\n"
	"Jules Bloomenthal. Polygonization of implicit surfaces. Computer Aided Geometric Design,\n"
	"5(4):341-355, November 1988.\n"
	"Harvey E. Cline, William E. Lorensen, and Sigwalt Ludke. Two algorithms for the reconstruction\n"
	"of surfaces from tomograms. Medical Physics, 15(3):320-327, June 1988.\n"
	"Marc Levoy. Efficient ray tracing of volume data. ACM Transactions on Graphics, 9(3):245-261,\n"
	"July 1990.\n"
	"Marc Levoy and Ross Whitaker. Gaze-directed volume rendering. Computer Graphics, 24(2):217-223,\n"
	"March 1990.\n"
	"Thomas Porter and Tom Duff. Compositing digital images. Computer Graphics (SIGGRAPH '84\n"
	"Proceedings), 18(3):253-260, July 1984.\n";

static void
test_found_without_heading(void)
{
	pith_refsplit_result r;

	split(tail_zone, &r, 1);
	CHECK(r.status == PITH_REFSPLIT_OK && r.nrefs == 5 && strncmp(r.refs[0].text, "Aharoni, A.", 11) == 0 &&
		  strstr(r.reason, "end of the text"), "a headless author-year zone at the end: %zu references (%s)",
		  r.nrefs, r.reason);
	arena_reset();
	split(prose_only, &r, 1);
	CHECK(r.status == PITH_REFSPLIT_NO_SECTION && r.nrefs == 0, "prose with citations is no reference zone (%zu)",
		  r.nrefs);
	arena_reset();
	/*
	 * the zone found below a heading that a figure's labels kept from
	 * being taken starts at the heading: its first, mangled reference is
	 * kept (the labels between still join it to the next one)
	 */
	split(heading_over_figure, &r, 1);
	CHECK(r.nrefs == 5 && strncmp(r.refs[0].text, "PI ~~~ysp", 9) == 0 &&
		  strncmp(r.refs[4].text, "Thomas Porter", 13) == 0 && strstr(r.reason, "figure or table"),
		  "a zone under a heading with figure text between: %zu references, first %.20s (%s)", r.nrefs,
		  r.nrefs ? r.refs[0].text : "", r.reason);
	arena_reset();
	split(table_column, &r, 1);
	CHECK(r.nsections == 1 && r.nrefs == 3 && strncmp(r.refs[0].text, "Dennis, G.", 10) == 0,
		  "a table's Reference column is no section: %zu sections, %zu references", r.nsections, r.nrefs);
	arena_reset();
	split(interleaved, &r, 1);
	CHECK(r.nrefs == 4 && strncmp(r.refs[3].text, "4. Nowak", 8) == 0 && strstr(r.refs[1].text, "Table") == NULL,
		  "a numbered list goes on after a table between its pages: %zu references", r.nrefs);
	arena_reset();
	split(ay_interleaved, &r, 1);
	CHECK(r.nrefs == 6 && strncmp(r.refs[3].text, "Loscher W", 9) == 0 && strstr(r.refs[2].text, "Table") == NULL,
		  "an author-year list goes on after a table between its pages: %zu references", r.nrefs);
	arena_reset();
	split(ay_short_table, &r, 1);
	CHECK(r.nrefs == 5 && strstr(r.refs[2].text, "Table") == NULL && strstr(r.refs[2].text, "Ligand") == NULL &&
		  strncmp(r.refs[3].text, "Loscher W", 9) == 0,
		  "a short table inside the list is no reference: %zu references", r.nrefs);
	arena_reset();
	split(ay_appendix, &r, 1);
	CHECK(r.nrefs == 3 && strncmp(r.refs[2].text, "Kupferberg HJ", 13) == 0,
		  "an author-year list does not go on after an appendix heading: %zu references", r.nrefs);
	arena_reset();
	split(lost_label_interleaved, &r, 1);
	CHECK(r.nrefs >= 5 && strncmp(r.refs[r.nrefs - 2].text, "5 Brinkman", 10) == 0 &&
		  strstr(r.refs[r.nrefs - 3].text, "Table") == NULL,
		  "a numbered list goes on after a table where the label before it was lost: %zu references", r.nrefs);
	arena_reset();
	split(list_then_criteria, &r, 1);
	CHECK(r.nrefs >= 5 && strncmp(r.refs[0].text, "1. Gajisin S", 12) == 0 && strstr(r.reason, "numbered list"),
		  "a numbered reference list is not displaced by a later numbered list without authors: %zu references (%s)",
		  r.nrefs, r.reason);
	arena_reset();
	split(resumed_before_figure, &r, 1);
	CHECK(r.nrefs == 6 && strncmp(r.refs[4].text, "[5] A. Bjorck", 13) == 0 && strstr(r.refs[3].text, "FIG") == NULL,
		  "a numbered list goes on after a figure where its next reference is followed by more figure: %zu references",
		  r.nrefs);
	arena_reset();
	split(prose_between, &r, 1);
	CHECK(r.nrefs == 5 && strncmp(r.refs[3].text, "4. Nowak", 8) == 0 && strstr(r.refs[2].text, "participants") == NULL,
		  "a numbered list goes on after the body's prose between its pages: %zu references", r.nrefs);
	arena_reset();
	split("Body text.\nReference\nBaldwin, B. G. (1988). The new life insurance investment advisor. McGraw Hill.\n",
		  &r, 1);
	CHECK(r.nrefs == 1, "a list of one reference after its heading: %zu", r.nrefs);
	arena_reset();
	/* the authors' biographies after the list end it */
	split("Body text.\nReferences\n"
		  "Welch, R. M., and S. K. Sengupta. 1992. Polar cloud classification. J. Appl. Meteor. 31: 405-420.\n"
		  "Zhang, X., J. Mesirov, and D. Waltz. 1992. Hybrid system for protein structure prediction.\n"
		  "Journal of Molecular Biology 225: 1049-1063.\n"
		  "Biographical sketches\n"
		  "David W. Aha (UC Irvine 1990) joined the Naval Research Laboratory in 1993. His research\n"
		  "interests lie at the intersection of machine learning and case-based reasoning.\n", &r, 1);
	CHECK(r.nrefs == 2 && strstr(r.refs[1].text, "Biograph") == NULL && strstr(r.refs[1].text, "Aha") == NULL,
		  "biographical sketches end the references: %zu, last \"%s\"", r.nrefs, r.nrefs ? r.refs[r.nrefs - 1].text : "");
	arena_reset();
}

static void
test_headings(void)
{
	static const char *const yes[] = {
		"References", "REFERENCES", "7 References", "7. References", "VII. REFERENCES", "References:",
		"R E F E R E N C E S", "Bibliography", "Literatur", "Literaturverzeichnis",
		"R\xc3\xa9" "f\xc3\xa9rences", "R\xc3\x89" "F\xc3\x89RENCES", "Works Cited", "Literature Cited",
		"References and Notes", "Referencias", "\xd0\xa1\xd0\xbf\xd0\xb8\xd1\x81\xd0\xbe\xd0\xba \xd0\xbb\xd0\xb8\xd1\x82\xd0\xb5\xd1\x80\xd0\xb0\xd1\x82\xd1\x83\xd1\x80\xd1\x8b",
		"\xe5\x8f\x82\xe8\x80\x83\xe6\x96\x87\xe7\x8c\xae", "Supplemental References", "SI References Cited",
		"Supplementary References", "Additional References", "Online Bibliography", NULL
	};
	static const char *const no[] = {
		"References to prior work are given in Section 2.", "Reference counts", "Preferences",
		"the references", "", "[1] References", "literature.", "see the references", "More of the new references",
		"Smith 2001 references", "Table 2 references", NULL
	};
	static const char *const stop_yes[] = {
		"Appendix", "APPENDIX", "Appendix A", "Appendix A: Proofs", "A Appendix", "Appendices",
		"Supplementary Material", "Acknowledgments", "Acknowledgements", "NeurIPS Paper Checklist", "Notes",
		"FIGURES AND TABLES", "STAR Methods", "KEY RESOURCES TABLE", "The ATLAS Collaboration", "LHCb Collaboration",
		"How to cite this article: Smith J, Li K. A title of the paper. Psycho-Oncology. 2020;29:1-2.",
		"Cite this article as: Smith et al.: A title. Journal of Medical Case Reports 8:266.",
		"Biographical sketches", "BIOGRAPHY", "Author Biography", "About the Author", NULL
	};
	static const char *const stop_no[] = {
		"appendix by Galyna Dobrovolska), arXiv:1504.05605.", "Appendix to the paper by Smith, J., 2001",
		"Supplementary to Smith (2001), Nature", "Acknowledgments of debt in medieval England. Past, 2001.",
		"ATLAS Collaboration, Phys. Lett. B 716, 1 (2012)", "Notes on a theory of collaboration",
		"Supplementary References", "Biography of a city. Oxford, 1999.", "Authors", NULL
	};

	for (int i = 0; yes[i]; i++)
		CHECK(pith_refsplit_is_heading(yes[i], strlen(yes[i])), "\"%s\" is a heading", yes[i]);
	for (int i = 0; no[i]; i++)
		CHECK(!pith_refsplit_is_heading(no[i], strlen(no[i])), "\"%s\" is no heading", no[i]);
	for (int i = 0; stop_yes[i]; i++)
		CHECK(pith_refsplit_is_stop_heading(stop_yes[i], strlen(stop_yes[i])), "\"%s\" ends a section", stop_yes[i]);
	for (int i = 0; stop_no[i]; i++)
		CHECK(!pith_refsplit_is_stop_heading(stop_no[i], strlen(stop_no[i])), "\"%s\" does not end a section",
			  stop_no[i]);
}

static void
test_labels(void)
{
	size_t		a;

	CHECK(pith_refsec_label("[12] X", 6, &a) == 12 && a == 4, "[12]");
	CHECK(pith_refsec_label("12. X", 5, &a) == 12 && a == 3, "12.");
	CHECK(pith_refsec_label("(3) X", 5, &a) == 3, "(3)");
	CHECK(pith_refsec_label("3) X", 4, &a) == 3, "3)");
	CHECK(pith_refsec_label("2019. X", 7, &a) == -1, "a year is no label");
	CHECK(pith_refsec_label("12.5 X", 6, &a) == -1, "a decimal is no label");
	CHECK(pith_refsec_label("[12", 3, &a) == -1, "unclosed");
	CHECK(pith_refsec_label("123456. X", 9, &a) == -1, "too many digits");
}

static void
test_lines(void)
{
	const char *t = "  one\n\n\ttwo  \n\f three\n \n";
	pith_line	l[8];
	size_t		n = pith_refsec_lines(t, 0, strlen(t), l, 8);

	CHECK(n == 3, "3 lines, got %zu", n);
	CHECK(l[0].start == 2 && l[0].end == 5 && l[0].indent == 2, "line 1");
	CHECK(l[1].start == 8 && l[1].end == 11 && (l[1].flags & PITH_LINE_BLANK_BEFORE) && l[1].indent == 8, "line 2");
	CHECK((l[2].flags & PITH_LINE_PAGE_BEFORE) && (l[1].flags & PITH_LINE_PAGE_AFTER), "page break");
	CHECK(pith_refsec_lines(t, 0, strlen(t), NULL, 0) == 3, "counting without storing");
}

static void
test_status(void)
{
	pith_refsplit_result r;
	const char *none = "Just a note with no bibliography.\nIt mentions references in passing, 2019.\n";
	const char *empty = "Body\n\nReferences\n\nAppendix A\nMore text.\n";

	split(none, &r, 1);
	CHECK(r.status == PITH_REFSPLIT_NO_SECTION && r.nrefs == 0 && r.reason && strstr(r.reason, "No reference section"),
		  "no section: status %d", (int) r.status);
	arena_reset();
	split(empty, &r, 1);
	CHECK(r.status == PITH_REFSPLIT_EMPTY_SECTION && r.nrefs == 0 && strstr(r.reason, "heading was found"),
		  "empty section: status %d", (int) r.status);
	arena_reset();
	split("", &r, 1);
	CHECK(r.status == PITH_REFSPLIT_NO_SECTION && r.nrefs == 0, "empty text");
	arena_reset();
	split(numbered, &r, 1);
	CHECK(r.nsections == 1 && r.sections[0].heading_end - r.sections[0].heading_start == 10, "one section, heading");
	arena_reset();
}

/* every byte value, long lines, many lines: no crash, bounded, ticks */
/*
 * A numbered list's next label after a line that closed its reference
 * ("[PMID: 10173024]" then "108. ..."): 72 lines of a public Vancouver
 * list as pdftotext wrote them (page furniture inside), every letter
 * rotated by 13 (test/unit/data/refsplit_pmid_list.rot13.txt), because the
 * labeller's slip there depends on the list's long context.  Every line
 * that opens with a label of the list's sequence begins a reference.
 */
static void
test_labels_after_pmid(void)
{
	FILE	   *f = fopen("test/unit/data/refsplit_pmid_list.rot13.txt", "rb");
	char	   *text;
	long		n;
	pith_refsplit_result r;
	int			labels = 0;

	CHECK(f != NULL, "cannot open test/unit/data/refsplit_pmid_list.rot13.txt");
	if (!f)
		return;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t) n + 1);
	CHECK(fread(text, 1, (size_t) n, f) == (size_t) n, "short read");
	fclose(f);
	text[n] = '\0';
	split(text, &r, 1);
	for (long i = 0; i < n; i++)
	{
		char	   *end;
		long		v;
		bool		begins = false;

		if (i > 0 && text[i - 1] != '\n')
			continue;
		v = strtol(text + i, &end, 10);
		if (end == text + i || v < 85 || v > 110 || end[0] != '.' || end[1] != ' ')
			continue;
		labels++;
		for (size_t k = 0; k < r.nrefs; k++)
			begins = begins || r.refs[k].start == (uint32_t) i;
		CHECK(begins, "the label %ld at byte %ld begins no reference", v, i);
	}
	CHECK(labels == 25, "%d labels at line starts, want 25", labels);
	arena_reset();
	free(text);
}

static void
test_bad_input(void)
{
	size_t		n = 3 * 1000 * 1000;
	char	   *t = malloc(n);
	pith_refsplit_result r;
	pith_refsplit_env env = {NULL, arena_alloc, NULL, count_tick, NULL};
	unsigned	x = 12345;

	for (size_t i = 0; i < n; i++)
	{
		x = x * 1103515245u + 12345u;
		t[i] = (char) (x >> 16);
	}
	memcpy(t + 1000, "\nReferences\n", 12);
	env.model = model;
	ticks = 0;
	pith_refsplit_text(&env, t, n, &r);
	CHECK(ticks > 0, "long text: the tick callback was called");
	CHECK(r.nrefs <= PITH_REFSPLIT_MAX_LINES, "bounded");
	arena_reset();

	/* 20,000 one-line references, numbered: all found, in order */
	{
		size_t		cap = 20000 * 64 + 64,
					o = 0;
		char	   *l = malloc(cap);

		o += (size_t) snprintf(l + o, cap - o, "References\n");
		for (int i = 1; i <= 20000; i++)
			o += (size_t) snprintf(l + o, cap - o, "[%d] A. Author. Title %d. Venue, 2001.\n", i, i);
		ticks = 0;
		pith_refsplit_text(&env, l, o, &r);
		CHECK(r.nrefs == 20000, "20000 references, got %zu", r.nrefs);
		CHECK(r.nrefs == 20000 && strcmp(r.refs[19999].text, "[20000] A. Author. Title 20000. Venue, 2001.") == 0,
			  "the last one");
		CHECK(ticks > 0, "ticks on 20000 lines");
		arena_reset();
		free(l);
	}
	free(t);
}

/* A table's "Reference" column just below its caption is no reference section when a real one follows. */
static const char caption_column[] =
	"1 Introduction\n"
	"The rates are given in table 1.\n"
	"Table 1. Reactions and their rate constants\n"
	"Reaction\n"
	"Rate\n"
	"Reference\n"
	"(1) O2 + H2 -> OH + OH 2.8e-9 exp(-17906/T) [15]\n"
	"(2) O2 + H2 -> O2 + H2 4.5e-18 (T/300) [19]\n"
	"(3) O2 + H -> O + OH 6.5e-11 exp(-2530/T) [1] a\n"
	"2 Results\n"
	"The rates of table 1 were used [1, 2].\n"
	"\n"
	"References\n"
	"[1] Popov N A 2007 The effect of nonequilibrium excitation on the ignition of mixtures High Temp. 45 261\n"
	"[2] Starikovskaia S M 2006 Plasma assisted ignition and combustion J. Phys. D 39 R265\n";
static const char *const caption_column_want[] = {
	"[1] Popov N A 2007 The effect of nonequilibrium excitation on the ignition of mixtures High Temp. 45 261",
	"[2] Starikovskaia S M 2006 Plasma assisted ignition and combustion J. Phys. D 39 R265", NULL
};

/* a table's "Key references" column of citations, prose after it, then the list */
static const char key_references_column[] =
	"2 Methods\n"
	"The models of table 1 were fitted to the flow records.\n"
	"Table 1. Models and the studies that used them\n"
	"0.66\n"
	"0.75\n"
	"Key references\n"
	"BFI\n"
	"Nandakumar and\n"
	"Mein, 1993\n"
	"Fahey and Jackson,\n"
	"1997\n"
	"Scott et al., 2000\n"
	"Scott et al., 2000\n"
	"Scott et al., 2000\n"
	"\n"
	"when comparing (5) and (2) would indicate the time\n"
	"term in (6) was required to improve the complete\n"
	"model and is therefore significant, and vice versa, as the test of the terms showed\n"
	"for each of the catchments that were studied in the years of the afforestation.\n"
	"\n"
	"References\n"
	"Bosch, J.M., 1979. Treatment effects on annual and dry period streamflow at Cathedral Peak. South African\n"
	"Forestry Journal 108, 29-37.\n"
	"Fahey, B., Jackson, R., 1997. Hydrological impacts of converting native forests and grasslands to pine\n"
	"plantations. Agricultural and Forest Meteorology 84, 69-82.\n"
	"Scott, D.F., Le Maitre, D.C., Fairbanks, D.H.K., 2000. Forestry and streamflow reductions in South Africa.\n"
	"Water SA 24, 187-200.\n";

static const char *const key_references_column_want[] = {
	"Bosch, J.M., 1979. Treatment effects on annual and dry period streamflow at Cathedral Peak. South African "
	"Forestry Journal 108, 29-37.",
	"Fahey, B., Jackson, R., 1997. Hydrological impacts of converting native forests and grasslands to pine "
	"plantations. Agricultural and Forest Meteorology 84, 69-82.",
	"Scott, D.F., Le Maitre, D.C., Fairbanks, D.H.K., 2000. Forestry and streamflow reductions in South Africa. "
	"Water SA 24, 187-200.",
	NULL
};

/* A "Supplementary References" list goes on the main one's section. */
static const char supplementary_refs[] =
	"Intro text.\n"
	"References\n"
	"Smith, J. (2001). A first title. Journal of Things, 12, 1-10.\n"
	"Jones, K. (2002). A second title. Journal of Stuff, 3, 5-9.\n"
	"Supplementary References\n"
	"Brown, L. (2003). A third title. Journal of Others, 7, 11-20.\n"
	"Green, M. (2004). A fourth title. Journal of More, 8, 21-30.\n";
static const char *const supplementary_refs_want[] = {
	"Smith, J. (2001). A first title. Journal of Things, 12, 1-10.",
	"Jones, K. (2002). A second title. Journal of Stuff, 3, 5-9.",
	"Brown, L. (2003). A third title. Journal of Others, 7, 11-20.",
	"Green, M. (2004). A fourth title. Journal of More, 8, 21-30.", NULL
};

int
main(void)
{
	model = load_model();
	test_headings();
	test_section_ends();
	test_found_without_heading();
	test_labels();
	test_lines();
	test_status();
	expect_refs("numbered", numbered, numbered_want, 1);
	expect_refs("author-year", author_year, author_year_want, 0);
	expect_refs("pages", pages, pages_want, 1);
	expect_refs("german", german, german_want, 1);
	expect_refs("japanese", japanese, japanese_want, 1);
	expect_refs("headless", headless, headless_want, 1);
	expect_refs("several works in one entry", several, several_want, 0);
	expect_refs("a numbered list on one line", inline_list, inline_list_want, 0);
	expect_refs("pdftotext pages", pdftotext_pages, pdftotext_pages_want, 0);
	expect_refs("body text between references", interleaved_body, interleaved_body_want, 0);
	expect_refs("a page range broken at its en dash", en_dash_range, en_dash_range_want, 0);
	expect_refs("a long running header", long_running_header, long_running_header_want, 0);
	expect_refs("a footer on the last page", last_page_footer, last_page_footer_want, 0);
	expect_refs("full names, then the year on the next line", full_name_year_list, full_name_year_list_want, 0);
	expect_refs("entries before the heading", entries_before_heading, entries_before_heading_want, 0);
	expect_refs("a reference's tails", reference_tails, reference_tails_want, 0);
	expect_refs("labels of two columns read across", interleaved_labels, interleaved_labels_want, 0);
	expect_refs("a footer amid the columns", footer_amid_columns, footer_amid_columns_want, 0);
	expect_refs("a two-line header, a block of labels", label_block, label_block_want, 0);
	expect_refs("an author-year list over page breaks", over_page_breaks, over_page_breaks_want, 0);
	expect_refs("a two-column ACL list", acl_two_column, acl_two_column_want, 0);
	expect_refs("the last reference left open by a word", open_last_reference, open_last_reference_want, 0);
	expect_refs("code between references", code_between_references, code_between_references_want, 0);
	expect_refs("an initial without its period", initial_without_period, initial_without_period_want, 0);
	expect_refs("a DOI's tail, a page number after a DOI", doi_tails, doi_tails_want, 0);
	expect_refs("author-year entries before the heading", author_year_before_heading, author_year_before_heading_want, 0);
	expect_refs("citing prose before the heading", citing_prose_before_heading, citing_prose_before_heading_want, 0);
	expect_refs("a year closing the names, journal and pages left out", year_closing_names, year_closing_names_want, 0);
	{
		char		gap[sizeof(entries_before_heading)];
		const char *six = strstr(entries_before_heading, "6. Van Wagenen");
		size_t		at = (size_t) (six - entries_before_heading);

		memcpy(gap, entries_before_heading, at);
		memcpy(gap + at, six + 3, sizeof(entries_before_heading) - at - 3);
		expect_refs("entries before the heading, one missing", gap, entries_before_heading_gap_want, 0);
	}
	expect_refs("works of one entry on lines of their own", grouped_lines, grouped_lines_want, 0);
	expect_refs("a page alone on its line after the volume", page_alone, page_alone_want, 1);
	expect_refs("a page alone at the section's end", page_alone_end, page_alone_end_want, 0);
	expect_refs("a bracketed reference's line ending with a comma", bracket_open_line, bracket_open_line_want, 1);
	expect_refs("an author list broken after an initial", initial_line_end, initial_line_end_want, 1);
	{
		pith_refsplit_result r;

		split(apa_doi_end, &r, 1);
		CHECK(r.nrefs == 5 && strncmp(r.refs[3].text, "Glimcher, P. W.", 15) == 0,
			  "an author-year reference after one that ends with its DOI link begins: %zu references", r.nrefs);
		arena_reset();
	}
	{
		/* by the rules too: after a line that closed a work with its year, an author without a label is a work */
		pith_refsplit_result r;
		bool		found = false;

		split(grouped_lines, &r, 0);
		for (size_t k = 0; k < r.nrefs; k++)
			found = found || strncmp(r.refs[k].text, "T. Aaltonen", 11) == 0;
		CHECK(found, "a work on its own lines inside a numbered entry (rules): %zu references", r.nrefs);
		arena_reset();
	}
	expect_refs("keys alone on their lines", lone_keys, lone_keys_want, 0);
	expect_refs("label 10.", label_ten, label_ten_want, 0);
	expect_refs("bare numbers alone on their lines", bare_numbers, bare_numbers_want, 0);
	expect_refs("the next article after a numbered list's last reference", after_last_numbered, after_last_numbered_want, 1);
	expect_refs("an editor's credit after an author-year list", after_last_author_year, after_last_author_year_want, 1);
	expect_refs("a last reference that goes on after a document type or a page", last_goes_on, last_goes_on_want, 1);
	expect_refs("a last reference that goes on after its year", last_year_line, last_year_line_want, 1);
	expect_refs("labels alone on their lines from 23 on", lone_labels_midway, lone_labels_midway_want, 1);
	expect_refs("labels alone on their lines", lone_numbers, lone_numbers_want, 0);
	expect_refs("initials carried to the next line", carried_initials, carried_initials_want, 0);
	expect_refs("a report's title line and its link among labels alone on their lines", lone_labels_report,
				lone_labels_report_want, 0);
	expect_refs("identifiers' tails and an organisation after a PMID", identifier_tails, identifier_tails_want, 0);
	expect_refs("an author list running on to its year on the next line", names_year_next_line,
				names_year_next_line_want, 0);
	expect_refs("medium notes and arXiv categories", bracket_notes, bracket_notes_want, 1);
	expect_refs("a surname carried to the next line", carried_surname, carried_surname_want, 0);
	expect_refs("the paper's history after the list", history_after_list, history_after_list_want, 1);
	expect_refs("a back reference's page alone on a line", back_reference_pages, back_reference_pages_want, 1);
	expect_refs("a section's name between references, links broken at the line end", review_and_links,
				review_and_links_want, 0);
	expect_refs("a running header whose page number moves", moving_page_number, moving_page_number_want, 0);
	expect_refs("a block of labels that opens the list", opening_label_block, opening_label_block_want, 0);
	expect_refs("a reference closed at a page's end, names after the furniture", closed_at_page_end,
				closed_at_page_end_want, 0);
	expect_refs("the last reference's URL line before biographies", last_url_line, last_url_line_want, 0);
	expect_refs("a line after a colon and one opening with its container", container_lines, container_lines_want, 0);
	expect_refs("references after the appendix's heading, its prose between them", after_appendix, after_appendix_want, 0);
	expect_refs("a header word alone between two references", lone_header, lone_header_want, 1);
	expect_refs("a table's Reference column", caption_column, caption_column_want, 1);
	expect_refs("a table's Key references column before prose", key_references_column, key_references_column_want, 0);
	expect_refs("supplementary references", supplementary_refs, supplementary_refs_want, 1);
	expect_refs("a page range broken at the line end", range_end, range_end_want, 0);
	expect_refs("issue and page lines in a mathematics list", issue_tails, issue_tails_want, 0);
	expect_refs("a title's word and a page count before a year", title_word_year, title_word_year_want, 0);
	test_labels_after_pmid();
	test_name_facts();
	test_bad_input();
	free((void *) model);
	if (failures)
	{
		fprintf(stderr, "%d failures\n", failures);
		return 1;
	}
	printf("test_refsplit: all passed\n");
	return 0;
}
