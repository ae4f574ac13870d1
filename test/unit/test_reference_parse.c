/*
 * test_reference_parse.c -- unit test of the reference parser with the
 * shipped CRF model (model/pith_reference.model, read from the repository
 * root): one real reference per citation style, PDF damage, every
 * identifier form, the year rule (never from an arXiv id), every quality
 * verdict, the new fields (authors, container, volume, issue, pages,
 * publisher, location), and bad input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference_parse.h"

static int failures = 0;
static pith_crf_model *model;

static void *
malloc_alloc(void *ctx, size_t n)
{
	(void) ctx;
	return malloc(n);
}

/* Read and verify the shipped model; exits on failure. */
static void
load_model(void)
{
	FILE	   *f = fopen("model/pith_reference.model", "rb");
	long		n;
	unsigned char *buf;
	char		err[256];

	if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0)
	{
		fprintf(stderr, "FAIL cannot read model/pith_reference.model\n");
		exit(1);
	}
	buf = malloc((size_t) n);
	if (fread(buf, 1, (size_t) n, f) != (size_t) n)
		exit(1);
	fclose(f);
	model = pith_crf_model_load(buf, (size_t) n, PITH_REF_FEATURE_SCHEMA, malloc_alloc, NULL, err, sizeof(err));
	free(buf);
	if (!model)
	{
		fprintf(stderr, "FAIL model does not load: %s\n", err);
		exit(1);
	}
}

/* Compare one field; NULL expected means "absent". */
static void
check_str(const char *raw, const char *what, const char *got, const char *want)
{
	if ((got == NULL) != (want == NULL) || (got && strcmp(got, want) != 0))
	{
		fprintf(stderr, "FAIL %s of \"%s\":\n   got  \"%s\"\n   want \"%s\"\n", what, raw,
				got ? got : "(null)", want ? want : "(null)");
		failures++;
	}
}

/* Parse raw and check title, year, arXiv id, DOI and quality. */
static void
expect(const char *raw, const char *title, int year, const char *arxiv, const char *doi,
	   const char *quality)
{
	size_t		len = strlen(raw);
	char	   *work = malloc(pith_reference_workspace(len, model));
	pith_parsed_ref r;

	pith_reference_parse(model, raw, len, work, &r);
	check_str(raw, "title", r.title, title);
	if (r.year != year)
	{
		fprintf(stderr, "FAIL year of \"%s\": got %d want %d\n", raw, r.year, year);
		failures++;
	}
	check_str(raw, "arxiv", r.arxiv_id, arxiv);
	check_str(raw, "doi", r.doi, doi);
	check_str(raw, "quality", pith_reference_quality_name(r.quality), quality);
	free(work);
}

/* Parse raw and check the URL and malformed-identifier fields. */
static void
expect_extra(const char *raw, const char *url, const char *malformed)
{
	size_t		len = strlen(raw);
	char	   *work = malloc(pith_reference_workspace(len, model));
	pith_parsed_ref r;

	pith_reference_parse(model, raw, len, work, &r);
	check_str(raw, "url", r.url, url);
	check_str(raw, "malformed", r.malformed, malformed);
	free(work);
}

/* Parse raw and check the arXiv id and DOI only. */
static void
expect_ids(const char *raw, const char *arxiv, const char *doi)
{
	size_t		len = strlen(raw);
	char	   *work = malloc(pith_reference_workspace(len, model));
	pith_parsed_ref r;

	pith_reference_parse(model, raw, len, work, &r);
	check_str(raw, "arxiv", r.arxiv_id, arxiv);
	check_str(raw, "doi", r.doi, doi);
	free(work);
}

/* Parse raw and check the new fields; authors joined by "|". */
static void
expect_fields(const char *raw, const char *authors, const char *container, const char *volume,
			  const char *issue, const char *pages, const char *publisher, const char *location)
{
	size_t		len = strlen(raw);
	char	   *work = malloc(pith_reference_workspace(len, model));
	char		joined[1024] = "";
	pith_parsed_ref r;

	pith_reference_parse(model, raw, len, work, &r);
	for (size_t i = 0; i < r.n_authors; i++)
	{
		if (i)
			strncat(joined, "|", sizeof(joined) - strlen(joined) - 1);
		strncat(joined, r.authors[i], sizeof(joined) - strlen(joined) - 1);
	}
	check_str(raw, "authors", r.n_authors ? joined : NULL, authors);
	check_str(raw, "container", r.container, container);
	check_str(raw, "volume", r.volume, volume);
	check_str(raw, "issue", r.issue, issue);
	check_str(raw, "pages", r.pages, pages);
	check_str(raw, "publisher", r.publisher, publisher);
	check_str(raw, "location", r.location, location);
	free(work);
}

int
main(void)
{
	const char *bert = "BERT: Pre-training of deep bidirectional transformers for language understanding";

	load_model();
	/* the new fields */
	expect_fields("Devlin, J., Chang, M.-W., Lee, K., & Toutanova, K. (2019). BERT: Pre-training of deep bidirectional transformers for language understanding. In Proceedings of NAACL (pp. 4171\xE2\x80\x93" "4186).",
				  "Devlin, J.|Chang, M.-W.|Lee, K.|Toutanova, K.", "Proceedings of NAACL", NULL, NULL,
				  "4171\xE2\x80\x93" "4186", NULL, NULL);
	expect_fields("[1] J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova, \xE2\x80\x9C" "BERT: Pre-training of deep bidirectional transformers for language understanding,\xE2\x80\x9D in Proc. NAACL-HLT, 2019, pp. 4171\xE2\x80\x93" "4186.",
				  "J. Devlin|M.-W. Chang|K. Lee|K. Toutanova", "Proc. NAACL-HLT", NULL, NULL,
				  "4171\xE2\x80\x93" "4186", NULL, NULL);
	expect_fields("Hu, E. J. et al. LoRA: Low-rank adaptation of large language models. In ICLR (2022). doi:10.48550/arXiv.2106.09685",
				  "Hu, E. J.", "ICLR", NULL, NULL, NULL, NULL, NULL);
	expect_fields("LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436\xE2\x80\x93" "444 (2015).",
				  "LeCun, Y.|Bengio, Y.|Hinton, G.", "Nature", "521", NULL, "436\xE2\x80\x93" "444", NULL, NULL);
	expect_fields("M\xC3\xBCller, H. (Hrsg.) (2010): Soziale Ungleichheit. Wiesbaden: VS Verlag, S. 12-34.",
				  "M\xC3\xBC" "ller, H.", NULL, NULL, NULL, "12-34", "VS Verlag", "Wiesbaden");
	/* the first name inverted, the others not (MLA, Chicago); surnames alone stay apart */
	expect_fields("Lindqvist, Helge. Elements from the cyclotron: a history. Lund: Gleerup, 1998.",
				  "Lindqvist, Helge", NULL, NULL, NULL, NULL, "Gleerup", "Lund");
	expect_fields("Marlowe, Nathaniel, and Jonathan N. Hart. Taking time seriously in panel data. American Political Science Review 89, no. 3 (1995): 634-647.",
				  "Marlowe, Nathaniel|Jonathan N. Hart", "American Political Science Review", "89", "3", "634-647", NULL, NULL);
	expect_fields("Smith, Jones, Brown. Title of the work. Journal 3, 1-2 (2001).",
				  "Smith|Jones|Brown", "Journal", "3", NULL, "1-2", NULL, NULL);
	/* Vancouver initials take no period: the one after the last ends the list */
	expect_fields("Vaswani A, Shazeer N, Parmar N. Attention is all you need. Adv Neural Inf Process Syst. 2017;30(1):5998-6008.",
				  "Vaswani A|Shazeer N|Parmar N", "Adv Neural Inf Process Syst", "30", "1", "5998-6008", NULL, NULL);
	/* persons separated by slashes, each "Family, Given" (German social science) */
	expect_fields("Allmendinger, Jutta/Hinz, Thomas (2002): Perspektiven der Organisationssoziologie. Wiesbaden: Westdeutscher Verlag.",
				  "Allmendinger, Jutta|Hinz, Thomas", NULL, NULL, NULL, NULL, "Westdeutscher Verlag", "Wiesbaden");
	expect_fields("Mayer, K. U./Blossfeld, H.-P. (1990): Die gesellschaftliche Konstruktion sozialer Ungleichheit im Lebensverlauf. G\xC3\xB6ttingen: Schwartz.",
				  "Mayer, K. U.|Blossfeld, H.-P.", NULL, NULL, NULL, NULL, "Schwartz", "G\xC3\xB6ttingen");
	/* ... but not a slash in brackets or a markup tag */
	expect_fields("California Environmental Protection Agency (Cal/EPA). 2005. Consolidated Table of Risk Assessment Values.",
				  "California Environmental Protection Agency (Cal/EPA)", NULL, NULL, NULL, NULL, NULL, NULL);
	/* an edited volume cited by its editors: they stand in the authors' place */
	expect_fields("Keller, R. and Weber, T. (eds.) (2015). Stadt und Land im Wandel. Opladen: Leske + Budrich.",
				  "Keller, R.|Weber, T.", NULL, NULL, NULL, NULL, "Leske + Budrich", "Opladen");
	expect_fields("J. Keller (ed.), Homeric Studies: Essays in Philology, Amsterdam 1995.",
				  "J. Keller", NULL, NULL, NULL, NULL, NULL, "Amsterdam");

	/* the book named after "In :" is quoted: the title before the "In" is the work's */
	expect("SMITH J.K, JONES P.T, 2014. Coastal Sediment Transport and Beach Management. In : \xC2\xAB Shoreline Processes as Coastal Engineering Handbook of Sediment Budgets and Littoral Cells \xC2\xBB, 45-67.",
		   "Coastal Sediment Transport and Beach Management", 2014, NULL, NULL, "ok");
	/* APA with words glued by the extraction: the container's first sentence is the title */
	expect("Novak, P. J. (1982). Bounding ofMonopoles. Phys. Rev.D, 26, 1120\xE2\x80\x93" "1131.",
		   "Bounding ofMonopoles", 1982, NULL, NULL, "ok");
	/* a title the labeller took for a note, between the date and the journal */
	expect("Brown T, White R, Green P, Black D, Gray E, Stone F (2001) Light suppresses pineal melatonin content. Endocrinology 142: 2201\xE2\x80\x93" "2205.",
		   "Light suppresses pineal melatonin content", 2001, NULL, NULL, "ok");
	/* a title that starts like a venue, with the journal labelled after it */
	expect("Wilhelm MP, Estes L. Symposium on antimicrobial agents: vancomycin. Mayo Clin Proc 1999; 74:928-935.",
		   "Symposium on antimicrobial agents: vancomycin", 1999, NULL, NULL, "ok");
	expect("Proceedings of the 12th International Conference on Machine Learning, 2019.", NULL, 2019, NULL, NULL,
		   "venue_only");
	/* an edition statement after the title is not part of it */
	expect("Longman, Tremper. Old Testament Commentary Survey 2nd ed. Baker, 1995.", "Old Testament Commentary Survey",
		   1995, NULL, NULL, "ok");
	expect("Smith, J. (2001). Statistics for the 21st Century. Wiley.", "Statistics for the 21st Century", 2001, NULL, NULL,
		   "ok");	/* an ordinal alone is no edition */
	/* a title in quotes is what the quotes hold */
	expect("Keller, Axel. \"Reading images. Imagination, the body, and the sacred in William Blake, Salman Rushdie, and Simon Louvish.\" English Studies, vol. 89, no. 1, 2008, pp. 94-117.",
		   "Reading images. Imagination, the body, and the sacred in William Blake, Salman Rushdie, and Simon Louvish",
		   2008, NULL, NULL, "ok");	/* the labeller stops at "Blake" */
	expect("A. Berg, C. W. Lee, and O. H. Stone, \xE2\x80\x9CRobust closed-loop optimization of stochastic process operation under state constraints,\xE2\x80\x9D in Decision and Control, 2003. Proceedings of the 42nd IEEE Conference on, vol. 5, 2003, pp. 4228\xE2\x80\x93" "4233.",
		   "Robust closed-loop optimization of stochastic process operation under state constraints",
		   2003, NULL, NULL, "ok");	/* it runs on past the quote */
	expect("Smith, Jane. \xE2\x80\x9CReading the \xE2\x80\x98New\xE2\x80\x99 Archive,\xE2\x80\x9D in Archives Today, ed. K. Lee (London: Verso, 2010), 45\xE2\x80\x93" "67.",
		   "Reading the \xE2\x80\x98New\xE2\x80\x99 Archive", 2010, NULL, NULL, "ok");	/* other quotes inside */
	expect("Moreau, C. (2011). \xC2\xAB Le \xC2\xAB droit \xC3\xA0 la ville \xC2\xBB en question : usages et limites d\xE2\x80\x99une notion \xC2\xBB, Espaces et soci\xC3\xA9t\xC3\xA9s, 12 (3), 45-60.",
		   "Le \xC2\xAB droit \xC3\xA0 la ville \xC2\xBB en question : usages et limites d\xE2\x80\x99une notion", 2011, NULL, NULL, "ok");	/* nested */

	/* styles */
	expect("[1] J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova, \xE2\x80\x9C" "BERT: Pre-training of deep bidirectional transformers for language understanding,\xE2\x80\x9D in Proc. NAACL-HLT, 2019, pp. 4171\xE2\x80\x93" "4186.",
		   bert, 2019, NULL, NULL, "ok");	/* IEEE */
	expect("Jacob Devlin, Ming-Wei Chang, Kenton Lee, and Kristina Toutanova. 2019. BERT: Pre-training of deep bidirectional transformers for language understanding. In Proceedings of NAACL-HLT. 4171\xE2\x80\x93" "4186.",
		   bert, 2019, NULL, NULL, "ok");	/* ACM */
	expect("Devlin, J., Chang, M.-W., Lee, K., & Toutanova, K. (2019). BERT: Pre-training of deep bidirectional transformers for language understanding. In Proceedings of NAACL (pp. 4171\xE2\x80\x93" "4186).",
		   bert, 2019, NULL, NULL, "ok");	/* APA */
	expect("Devlin, J., Chang, M.W., Lee, K., Toutanova, K.: BERT: Pre-training of deep bidirectional transformers for language understanding. In: NAACL. pp. 4171\xE2\x80\x93" "4186 (2019)",
		   bert, 2019, NULL, NULL, "ok");	/* Springer LNCS */
	expect("LeCun, Y., Bengio, Y. & Hinton, G. Deep learning. Nature 521, 436\xE2\x80\x93" "444 (2015).",
		   "Deep learning", 2015, NULL, NULL, "ok");	/* Nature */
	expect("J. Devlin, M.-W. Chang, K. Lee, and K. Toutanova. BERT: Pre-training of deep bidirectional transformers for language understanding. arXiv preprint arXiv:1810.04805, 2018.",
		   bert, 2018, "1810.04805", NULL, "ok");	/* NeurIPS / natbib */
	expect("Bryan, G. H., and R. Rotunno, 2009: The maximum intensity of tropical cyclones in axisymmetric numerical model simulations. Mon. Wea. Rev., 137, 1770\xE2\x80\x93" "1789.",
		   "The maximum intensity of tropical cyclones in axisymmetric numerical model simulations", 2009, NULL, NULL, "ok");	/* AMS */
	expect("E. Witten, Anti-de Sitter space and holography, Adv. Theor. Math. Phys. 2 (1998) 253 [hep-th/9802150].",
		   "Anti-de Sitter space and holography", 1998, "hep-th/9802150", NULL, "ok");	/* physics */
	expect("Jumper, J. et al. Highly accurate protein structure prediction with AlphaFold. Nature 596, 583\xE2\x80\x93" "589 (2021). https://doi.org/10.1038/s41586-021-03819-2",
		   "Highly accurate protein structure prediction with AlphaFold", 2021, NULL, "10.1038/s41586-021-03819-2", "ok");
	/* a doi.org URL's %XX escapes are decoded, as the pith.doi type decodes them */
	expect("Smith, J. Some title. JASIS 49(8), 1998. https://doi.org/10.1002/%28SICI%291097-4571%28199806%2949:8%3C693::AID-ASI4%3E3.0.CO;2-0",
		   "Some title", 1998, NULL, "10.1002/(sici)1097-4571(199806)49:8<693::aid-asi4>3.0.co;2-0", "ok");

	/* PDF damage: lost spaces, run-on venue, hyphenation, ligatures, line breaks */
	expect("Bert: Pre-trainingofdeep bidirectional transformers for language understanding.arXiv preprint arXiv:1810.04805, 2018",
		   "Bert: Pre-trainingofdeep bidirectional transformers for language understanding", 2018, "1810.04805", NULL, "ok");
	expect("Efficient combination of rematerialization and offloading for training dnns.Advances in Neural Information Processing Systems, 34:23844\xE2\x80\x93" "23857, 2021",
		   "Efficient combination of rematerialization and offloading for training dnns", 2021, NULL, NULL, "ok");
	expect("En- abling parallelism hot switching for efficient\ntraining of large language models",
		   "Enabling parallelism hot switching for efficient training of large language models", 0, NULL, NULL, "ok");
	expect("A. Smith. E\xEF\xAC\x83" "cient \xEF\xAC\x81" "ne-tuning. In ICML, 2020.",
		   "Efficient fine-tuning", 2020, NULL, NULL, "ok");
	/* a ligature lead-in (EF AC) before a byte that is not a continuation is copied as is */
	expect("A. Author. Bad \xEF\xAC" "~ bytes in a title. In ICML, 2020.",
		   "Bad \xEF\xAC" "~ bytes in a title", 2020, NULL, NULL, "ok");

	/* a year is never taken from an arXiv id */
	expect("Scaling laws for neural language models.arXiv preprint arXiv:2001.08361, 2020",
		   "Scaling laws for neural language models", 2020, "2001.08361", NULL, "ok");
	expect("Training large neural networks with constant memory using a new execution algorithm.arXiv preprint arXiv:2002.05645",
		   "Training large neural networks with constant memory using a new execution algorithm", 0, "2002.05645", NULL, "ok");

	/*
	 * Known misses of the shipped model (model/pith_reference.model, trained
	 * on the GROBID and AnyStyle train splits), answered right by the 0.2.0
	 * heuristic parser; kept here as the record of what the labeller still
	 * gets wrong, not asserted:
	 *   "Devlin J, Chang MW, Lee K, Toutanova K. BERT: Pre-training of ..." -- "BERT:" labelled as an author
	 *   "Gregory CD (2014) Cell biology: The disassembly of death. Nature ..." -- "Cell biology" (a
	 *       journal's column) labelled as a container, the title starts after it
	 *   "Smith A. A study of things (https://dx.doi.org/10.1000/xyz123), 2019." -- everything before
	 *       the URL labelled as authors, so the title keeps "Smith A." (its DOI is asserted below)
	 */
	/* a title printed first, its name part before a colon: the name part is kept */
	expect("{Zero-offload}: Democratizing{billion-scale}model training",
		   "Zero-offload: Democratizingbillion-scalemodel training", 0, NULL, NULL, "ok");

	/* arXiv id forms */
	expect("Kaplan, J. et al. Scaling laws for neural language models. Preprint at https://arxiv.org/abs/2001.08361v1 (2020).",
		   "Scaling laws for neural language models", 2020, "2001.08361", NULL, "ok");
	expect("A. Vaswani. Attention is all you need. arXiv 1706.03762, 2017.", "Attention is all you need", 2017, "1706.03762", NULL, "ok");
	expect("A. Vaswani. Attention is all you need. CoRR, abs/1706.03762, 2017.", "Attention is all you need", 2017, "1706.03762", NULL, "ok");
	expect("A. Vaswani. Attention is all you need. https://arxiv.org/pdf/1706.03762v5.pdf", "Attention is all you need", 0, "1706.03762", NULL, "ok");
	expect("A. Vaswani. Attention is all you need, 1706.03762, 2017.", "Attention is all you need", 2017, "1706.03762", NULL, "ok");
	expect("J. Maldacena. The large N limit of superconformal field theories and supergravity. arXiv:hep-th/9711200, 1997.",
		   "The large N limit of superconformal field theories and supergravity", 1997, "hep-th/9711200", NULL, "ok");
	expect("Hu, E. J. et al. LoRA: Low-rank adaptation of large language models. In ICLR (2022). doi:10.48550/arXiv.2106.09685",
		   "LoRA: Low-rank adaptation of large language models", 2022, "2106.09685", "10.48550/arxiv.2106.09685", "ok");

	/* ids with spaces inside (PDF text extraction): read, validated, never invented */
	expect_ids("A. Writer, A theory of everything ,1112 .5166.", "1112.5166", NULL);
	expect_ids("A. Writer, A theory of everything, Proc. X (2016), 1511 .09222", "1511.09222", NULL);
	expect_ids("A. Writer, A theory of everything, arXiv :1108 .6027 [hep- ex].", "1108.6027", NULL);
	expect_ids("A. Writer, A theory of everything, arXiv: 1108 . 6027.", "1108.6027", NULL);
	expect_ids("B. Writer, Phys. Rev. D 68 (2003) 091502 [ hep -lat/ 0306034 ].", "hep-lat/0306034", NULL);
	expect_ids("B. Writer, A note on quarks ,hep -ph/0508110[ INSPIRE].", "hep-ph/0508110", NULL);
	expect_ids("B. Writer, A note on quarks, arXiv: hep -th/9711200v2.", "hep-th/9711200", NULL);
	expect_ids("C. Writer, A note, Phil. Trans. 370 ,978 -985( 2012);doi :10 .1098/rsta.2011.0466.",
			   NULL, "10.1098/rsta.2011.0466");
	expect_ids("C. Writer, A note, J. X 3 (2012); doi: 10 . 1098/abc.123.", NULL, "10.1098/abc.123");
	/* look-alikes that are no ids */
	expect_ids("D. Writer, A book, Vol. 1203 .4567, Berlin.", NULL, NULL);
	expect_ids("D. Writer, A book ,1999 .1234.", NULL, NULL);			/* month 99 */
	expect_ids("D. Writer, A book ,1203 .45678.", NULL, NULL);		/* five digits before 2015 */
	expect_ids("D. Writer, A book ,1112 .5166.2.", NULL, NULL);
	/* after an "arXiv" prefix: ".org", an archive before a new-style id, a lost hyphen */
	expect_ids("E. Writer, Proc. 9th Meeting, 2008; arXiv .org:hep -ex/0803.1234.", "0803.1234", NULL);
	expect_ids("E. Writer, Proc. 9th Meeting, 2008; arXiv.org:0803.1234.", "0803.1234", NULL);
	expect_ids("E. Writer, Phys. Lett. B 1, 2 (2000) [arXiv:hepth/0001234].", "hep-th/0001234", NULL);
	expect_ids("E. Writer, Phys. Lett. B 1, 2 (2000) [arXiv:condmat/0001234].", "cond-mat/0001234", NULL);
	expect_ids("E. Writer, Phys. Lett. B 1, 2 (2000) [arXiv:depth/0001234].", NULL, NULL);	/* no such archive */
	expect_ids("E. Writer, Phys. Lett. B 1, 2 (2000) [arXiv:cs/0001234].", "cs/0001234", NULL);
	expect_ids("D. Writer, A note ,hep -ph/050811.", NULL, NULL);		/* six digits */
	expect_ids("D. Writer, A note ,dep -ph/0508110.", NULL, NULL);	/* no such archive */
	/* spaces around the slash, a hyphen lost to line-end repair, a subject class */
	expect_ids("F. Writer, Nucl. Phys. B 662 (2003) 220 [ hep-lat / 0303003].", "hep-lat/0303003", NULL);
	expect_ids("F. Writer, Phys. Rev. D68 (2003) 091501 [hep- lat /0309025].", "hep-lat/0309025", NULL);
	expect_ids("F. Writer, Proc. School (2000), pp .333 -376,hep- ph/0101264,http: //weblib.cern.ch/x", "hep-ph/0101264", NULL);
	expect_ids("F. Writer, The q-binomial formula, arXiv:math/ 0407078,Preprint 2004 .", "math/0407078", NULL);
	expect_ids("F. Writer, Twisted K-theory. Ukr. Mat. Visn. 1 (2004). arXiv:math.KT/0407054", "math/0407054", NULL);
	expect_ids("F. Writer. 2012. Relational data. arxiv:cs.LG/1301.0604", "1301.0604", NULL);
	expect_ids("F. Writer, A note, Phys. Lett. B 1 (2000) hepth/0001234.", "hep-th/0001234", NULL);
	expect_ids("F. Writer, A note ,cs /1234567.", NULL, NULL);		/* month 34 */
	/* a word between the prefix and the id; "Preprint"; arxiv.org outside a URL */
	expect_ids("G. Writer, \"Edge states,\"arXiv preprint :1708 . 02952 , 2017 .", "1708.02952", NULL);
	expect_ids("G. Writer, Some stars, arXiv e-prints 1601.04809 (2016).", "1601.04809", NULL);
	expect_ids("G. Writer 2014 Nature 506 463 -466( Preprint1402. 1517)", "1402.1517", NULL);
	expect_ids("G. Writer 2015 ApJL 806 L16 ( Preprint 1505. 03756)", "1505.03756", NULL);
	expect_ids("G. Writer 2006 ApJ 1 2 (Preprint astro-ph/0601234)", "astro-ph/0601234", NULL);
	expect_ids("G. Writer, J. Instrum. 9 (2014) C01033. Available :http ://arxiv.org/pdf/1311.3125.pdf", "1311.3125", NULL);
	/* after those words nothing but a valid id is read, and nothing is malformed */
	expect_ids("H. Writer, A study of stars, arXiv preprint 2004.", NULL, NULL);
	expect_extra("H. Writer, A study of stars, arXiv preprint 2004.", NULL, NULL);
	expect_ids("H. Writer, A study of stars, Preprint 2004 .", NULL, NULL);
	expect_extra("H. Writer, A study of stars, Preprint 2004 .", NULL, NULL);
	expect_extra("H. Writer, A study of stars, arXiv:hep-th/9913200.", NULL, "arXiv:hep-th/9913200");

	/* DOI forms and clean cuts */
	expect("Drummond P. Triggers of motion sickness in migraine sufferers. Headache. 2005;45(6):656-656. doi:10.1111/j.1526-4610.2005.05132.x.",
		   "Triggers of motion sickness in migraine sufferers", 2005, NULL, "10.1111/j.1526-4610.2005.05132.x", "ok");
	expect("Smith A. A study of things. Lancet. 2020;395:497-506. DOI: 10.1016/S0140-6736(20)30183-5.",
		   "A study of things", 2020, NULL, "10.1016/s0140-6736(20)30183-5", "ok");
	expect_ids("Smith A. A study of things (https://dx.doi.org/10.1000/xyz123), 2019.", NULL, "10.1000/xyz123");
	expect("Smith A. A study of things. Nature 521, doi:10.1038/nature14539,436-444 (2015).",
		   "A study of things", 2015, NULL, "10.1038/nature14539", "ok");

	/* DOIs printed with spaces inside, typeset hyphens, glued tails */
	expect_ids("A. Writer, A study of quarks, Phys. Rev. E 49 (1994) 55-69. doi :10.1103 /PhysRevE.49.55.",
			   NULL, "10.1103/physreve.49.55");
	expect_ids("A. Writer, Proceedings, CERN (2011). doi:10 .5170 /CERN-2011-006.313.", NULL, "10.5170/cern-2011-006.313");
	expect_ids("Writer A. Some study. Acta X 12 (2010) 1-9. 10. 1107/S0000000000000001", NULL, "10.1107/s0000000000000001");
	expect_ids("Writer A. Some study. J. X 40: 1-9. http://dx.doi.org/10.1021/ es000001x.", NULL, "10.1021/es000001x");
	expect_ids("Writer A. Some study. Shock. 2016; 45:1-9. doi:10.1097/ SHK.0000000000000001 .", NULL,
			   "10.1097/shk.0000000000000001");
	expect_ids("Writer, A. 2016. Some study. Climatic Change 1 (2): 1-9. doi:10.1007/s10584\xE2\x80\x90" "016\xE2\x80\x90" "0000\xE2\x80\x90" "1.",
			   NULL, "10.1007/s10584-016-0000-1");
	expect_ids("Writer A (2005) Some study. Dev. Change 36, 27-47. doi: 10.1111/ j. 0012-155X. 2005.00001. x", NULL,
			   "10.1111/j.0012-155x.2005.00001.x");
	/* a suffix broken at a short piece's period, no space behind the slash */
	expect_ids("Writer A. Some study. Cell. 2011;144:646-74. doi: 10.1016/j. cell.2011.02.013.", NULL,
			   "10.1016/j.cell.2011.02.013");
	expect_ids("Writer A. Some study. Cell 2011. DOI 10.1016/j.cell.2011. 02.013", NULL, "10.1016/j.cell.2011.02.013");
	/* ... but not a year, a word or a long piece after the DOI's final period */
	expect_ids("Writer A. Some study. Nature. doi:10.1038/nat12373. 2016.", NULL, "10.1038/nat12373");
	expect_ids("Writer A. Some study. Nature. doi:10.1093/nar/gkw1000. nar.gkw online.", NULL, "10.1093/nar/gkw1000");
	/* ... a hyphen the line broke after; an article number after a short piece ("pone.", "bmj.", "03.") */
	expect_ids("Writer J (2011) Urban change. Int J Urban Reg Res 35:1-20. DOI 10.1111/j.1468- 2427.2011.01036.x", NULL,
			   "10.1111/j.1468-2427.2011.01036.x");
	expect_ids("Writer J. Some study. PLoS One. 2012;7:e12345. doi:10.1371/journal.pone. 0012345", NULL,
			   "10.1371/journal.pone.0012345");
	expect_ids("Writer J. Some study. BMJ 2010;340:c332. doi: 10.1136/bmj. c332", NULL, "10.1136/bmj.c332");
	/* ... the same in a doi.org URL */
	expect_ids("Writer J. Some study. Neuron 2015;85:1-10. https://doi.org/10.1016/j. neuron.2014.12.045", NULL,
			   "10.1016/j.neuron.2014.12.045");
	expect_ids("Writer J. Some study. Mol Cell 2016; 62:1-10, https://doi.org/10.1016/j.molcel.2016.03. 029", NULL,
			   "10.1016/j.molcel.2016.03.029");
	/* ... a SICI broken after its "::", before its article id (but not before another word) */
	expect_ids("Writer J. A flow model. Hydrol. Process., 12: 101. http://dx.doi.org/10.1002/(SICI)1099- 1085(19980630)12:8<101:: AID-HYP1>3.0.CO;2-C.",
			   NULL, "10.1002/(sici)1099-1085(19980630)12:8<101::aid-hyp1>3.0.co;2-c");
	expect_ids("Writer J. A flow model. Hydrol. Process. 12 (1998). doi:10.1002/(SICI)1099-1085(19980630)12:8<101:: and more", NULL,
			   "10.1002/(sici)1099-1085(19980630)12:8<101");
	/* ... but not the year after a DOI that ends in a short piece */
	expect_ids("Writer J. Some study. J X. 2011;5:1-9. doi:10.1016/j.x.2011.05.012. 2011.", NULL,
			   "10.1016/j.x.2011.05.012");
	/* "Epub", "Accessed" glued on */
	expect_ids("Writer A. Some study. Cell. 2011. doi:10.1016/j.cell.2011.02.013Epub 2011 Mar 4.", NULL,
			   "10.1016/j.cell.2011.02.013");
	expect_ids("Writer A. Some study. Cell 2011. https://doi.org/10.1016/j.cell.2011.02.013Accessed 1 May 2020", NULL,
			   "10.1016/j.cell.2011.02.013");
	expect_ids("Writer, A. Some study. Energy Sci., 12, 1-9, doi:10.1039/c9ee00001j(2019).", NULL, "10.1039/c9ee00001j");
	expect_ids("Writer, A. Some study. J. Eng. Mech., 110(5), 1-9. DOI : 10.1061/(asce)0733-9399(1984)110:5(794).", NULL,
			   "10.1061/(asce)0733-9399(1984)110:5(794)");
	expect_ids("Writer, A. Some study. Atmosphere, 29, 1-9, doi:10.14191/atmos.2019.29.5.551(in Korean).", NULL,
			   "10.14191/atmos.2019.29.5.551");
	expect_ids("Writer, A. Some study. Phys. Rev. D 11 (1975) 1-9.doi :10.1103/PhysRevD.11.395.URLhttps: //link.aps.org/x",
			   NULL, "10.1103/physrevd.11.395");
	expect_ids("Writer A. A book, vol 10. 1234/5678 copies.", NULL, NULL);	/* no letter: no DOI */

	/* titles: a glued journal abbreviation; the first of two containers */
	expect("Writer A 2013 Logarithmic theories as limits of ordinary models and some physical applicationsJ .Phys .A :Math .Theor .46 494001",
		   "Logarithmic theories as limits of ordinary models and some physical applications", 2013, NULL, NULL, "ok");
	expect("KELLER, Paul, St\xC3\xA4" "dtewesen und Reformation in Sachsen bis 1539, ZfG 31, 1983, 211-230.",
		   "St\xC3\xA4" "dtewesen und Reformation in Sachsen bis 1539", 1983, NULL, NULL, "ok");

	/* a short journal sentence before the locators ends the title; a first edition's year is no title */
	expect_fields("Writer AB, Reader CD. Evolution of retinoid receptors and their signaling in fishes. Anticancer Res. 2014 May; 70(2): 55-73.",
				  "Writer AB|Reader CD", "Anticancer Res", "70", "2", "55-73", NULL, NULL);
	expect("Writer AB, Reader CD. Evolution of retinoid receptors and their signaling in fishes. Anticancer Res. 2014 May; 70(2): 55-73.",
		   "Evolution of retinoid receptors and their signaling in fishes", 2014, NULL, NULL, "ok");
	expect("Writer, Anna. 1985 [1931] Essays on the trade in grain, London: Macmillan.",
		   "Essays on the trade in grain", 1985, NULL, NULL, "ok");
	expect("\xE5\xBC\xA0\xE4\xB8\x89. \xE5\xB0\x8F\xE9\xBA\xA6\xE5\x82\xA8\xE8\x97\x8F\xE7\xA0\x94\xE7\xA9\xB6. "
		   "\xE5\x86\x9C\xE4\xB8\x9A\xE5\xAD\xA6\xE6\x8A\xA5. 2002. 15(2).",
		   "\xE5\xB0\x8F\xE9\xBA\xA6\xE5\x82\xA8\xE8\x97\x8F\xE7\xA0\x94\xE7\xA9\xB6", 2002, NULL, NULL, "ok");

	/* a Russian-style "//" ends the title; a quoted title beats the book's */
	expect("\xD0\x98\xD0\xB2\xD0\xB0\xD0\xBD\xD0\xBE\xD0\xB2 \xD0\x90.\xD0\x91. \xD0\x9F\xD1\x80\xD0\xBE\xD0\xB8\xD1\x81\xD1\x85\xD0\xBE\xD0\xB6\xD0\xB4\xD0\xB5\xD0\xBD\xD0\xB8\xD0\xB5 "
		   "\xD0\xBA\xD1\x83\xD0\xBB\xD1\x8C\xD1\x82\xD1\x83\xD1\x80\xD1\x8B // \xD0\x9A\xD0\xA1\xD0\x98\xD0\x98\xD0\x9C\xD0\x9A. 1950. \xD0\x92\xD1\x8B\xD0\xBF. 3.",
		   "\xD0\x9F\xD1\x80\xD0\xBE\xD0\xB8\xD1\x81\xD1\x85\xD0\xBE\xD0\xB6\xD0\xB4\xD0\xB5\xD0\xBD\xD0\xB8\xD0\xB5 \xD0\xBA\xD1\x83\xD0\xBB\xD1\x8C\xD1\x82\xD1\x83\xD1\x80\xD1\x8B",
		   1950, NULL, NULL, "ok");
	expect("Durand, P., \xC2\xAB D\xC3\xA9mographie et sexualit\xC3\xA9 \xC2\xBB, in CASELLI, Graziella et alii, D\xC3\xA9mographie : analyse et synth\xC3\xA8se, Paris, 2002.",
		   "D\xC3\xA9mographie et sexualit\xC3\xA9", 2002, NULL, NULL, "ok");

	/* a Chinese-style document type mark and a journal abbreviation end no title */
	expect("Kim Y. Convolutional Neural Networks for Sentence Classification[J]. arXiv preprint, 2014.",
		   "Convolutional Neural Networks for Sentence Classification", 2014, NULL, NULL, "ok");

	/* a footnote's citing cue is no part of the reference; "See" the surname is */
	expect("Siehe hierzu ausf\xC3\xBChrlich Luhmann, Niklas: Soziale Systeme. Grundri\xC3\x9F einer allgemeinen Theorie, Frankfurt a.M. 1984.",
		   "Soziale Systeme. Grundri\xC3\x9F einer allgemeinen Theorie", 1984, NULL, NULL, "ok");
	expect("Vgl. z.B. Offe, Claus: Strukturprobleme des kapitalistischen Staates, Frankfurt a.M. 1972, S. 27 ff.",
		   "Strukturprobleme des kapitalistischen Staates", 1972, NULL, NULL, "ok");
	expect("So etwa Kocka, J\xC3\xBCrgen: Sozialgeschichte. Begriff, Entwicklung, Probleme, G\xC3\xB6ttingen 1977.",
		   "Sozialgeschichte. Begriff, Entwicklung, Probleme", 1977, NULL, NULL, "ok");
	/* ... also after the footnote's number */
	expect("22 Siehe dazu Habermas, J\xC3\xBCrgen: Strukturwandel der \xC3\x96" "ffentlichkeit, Neuwied 1962.",
		   "Strukturwandel der \xC3\x96" "ffentlichkeit", 1962, NULL, NULL, "ok");
	expect("3. Vgl. Offe, Claus: Strukturprobleme des kapitalistischen Staates, Frankfurt a.M. 1972, S. 27 ff.",
		   "Strukturprobleme des kapitalistischen Staates", 1972, NULL, NULL, "ok");
	expect("23 So bereits Weber, Max: Die protestantische Ethik und der Geist des Kapitalismus, in: Archiv f\xC3\xBCr Sozialwissenschaft und Sozialpolitik 20 (1904), S. 1-54.",
		   "Die protestantische Ethik und der Geist des Kapitalismus", 1904, NULL, NULL, "ok");
	/* a German book's subtitle taken for a container, a cited page at the footnote's end */
	expect("Vgl. hierzu Hradil, Stefan (1987): Sozialstrukturanalyse in einer fortgeschrittenen Gesellschaft. Von Klassen und Schichten zu Lagen und Milieus. Opladen, S. 153.",
		   "Sozialstrukturanalyse in einer fortgeschrittenen Gesellschaft. Von Klassen und Schichten zu Lagen und Milieus", 1987, NULL, NULL, "ok");
	expect_fields("See, e.g., Putnam, R. D. (2000). Bowling alone. New York: Simon & Schuster.",
				  "Putnam, R. D.", NULL, NULL, NULL, NULL, "Simon & Schuster", "New York");
	expect_fields("See, K. (2001). Hydrology of small basins. Water Res. 12, 1-9.",
				  "See, K.", "Water Res", "12", NULL, "1-9", NULL, NULL);

	/* a footnote's remark before its citing cue is no part of the reference */
	expect("12 Zu den Problemen der Messung vgl. ausf\xC3\xBChrlich Schnell, Rainer/Hill, Paul B./Esser, Elke: Methoden der empirischen Sozialforschung, 7. Aufl., M\xC3\xBCnchen 2005, S. 123.",
		   "Methoden der empirischen Sozialforschung", 2005, NULL, NULL, "ok");
	expect("Dies zeigt sich besonders deutlich bei den Arbeitslosen, vgl. Kronauer, Martin: Exklusion, Frankfurt 2002.",
		   "Exklusion", 2002, NULL, NULL, "ok");
	expect("9 Ausf\xC3\xBChrlich dazu: Streeck, Wolfgang: Re-Forming Capitalism. Institutional Change in the German Political Economy, Oxford 2009, Kap. 3.",
		   "Re-Forming Capitalism. Institutional Change in the German Political Economy", 2009, NULL, NULL, "ok");
	/* ... but an author's initials "CF" are no cue */
	expect_fields("Mackillop WJ, Quirt CF, Brown AB. Measuring the accuracy of prognostic judgements. J Pain 1997; 50:21-9.",
				  "Mackillop WJ|Quirt CF|Brown AB", "J Pain", "50", NULL, "21-9", NULL, NULL);

	/* a footnote that cites a second work after a semicolon and a cue: the reference is the first */
	expect("17 Vgl. Sennett, Richard: Der flexible Mensch. Die Kultur des neuen Kapitalismus, Berlin 1998, S. 31; \xC3\xA4hnlich Boltanski, Luc/Chiapello, \xC3\x88ve: Der neue Geist des Kapitalismus, Konstanz 2003.",
		   "Der flexible Mensch. Die Kultur des neuen Kapitalismus", 1998, NULL, NULL, "ok");
	/* ... not a semicolon inside one work */
	expect("Smith JA, Brown KL. Sleep and risk in adolescents. Pediatrics. 2019;143(4):e20183012.",
		   "Sleep and risk in adolescents", 2019, NULL, NULL, "ok");

	/* a footnote's back reference to the work cited before has no title of its own */
	expect("45 Ebd., S. 112.", NULL, 0, NULL, NULL, "venue_only");
	expect("Vgl. ebd., S. 3.", NULL, 0, NULL, NULL, "venue_only");
	expect("Ibid., pp. 3-4.", NULL, 0, NULL, NULL, "venue_only");
	/* ... but a title that starts with such a word is one */
	expect("Ebert, K. (2001): Ebd. und anderswo. Berlin.", "Ebd. und anderswo", 2001, NULL, NULL, "ok");

	/* stop 38: a journal printed as the title run's last sentence, before its volume */
	expect("Baxter, P., & Jack, S. (2008). Qualitative case study methodology: Study design and implementation for novice researchers. The Qualitative Report, 13(4), 544\xE2\x80\x93" "559.",
		   "Qualitative case study methodology: Study design and implementation for novice researchers", 2008, NULL, NULL, "ok");
	/* ... not an abbreviated one, which another rule takes */
	expect("Giovannetti V, Lloyd S and Maccone L 2011 Advances in quantum metrology Nat. Photon. 5 222-9",
		   "Advances in quantum metrology", 2011, NULL, NULL, "ok");
	/* ... nor Vancouver's, with the month after the year */
	expect("4. Jumper J, et al. Highly accurate protein structure prediction with AlphaFold. Nature. 2021 Aug;596(7873):583-589.",
		   "Highly accurate protein structure prediction with AlphaFold", 2021, NULL, NULL, "ok");
	/* a conversation cited: no title */
	expect("Quinn, R. (2009, March 12). Personal interview.", NULL, 2009, NULL, NULL, "author_list");
	/* a citing cue that points at a part of the work before its names */
	expect("Vgl. dazu die Beitr\xC3\xA4ge in Honneth, Axel (Hg.): Pathologien des Sozialen. Die Aufgaben der Sozialphilosophie, Frankfurt a. M. 1994.",
		   "Pathologien des Sozialen. Die Aufgaben der Sozialphilosophie", 1994, NULL, NULL, "ok");
	expect("See the essays in Smith, John (ed.): Writing Lives. London: Verso, 1999.", "Writing Lives", 1999, NULL, NULL, "ok");
	/* an organisation, its date after a period, then the title */
	expect("Intergovernmental Panel on Climate Change (IPCC). 2021. Climate Change 2021: The Physical Science Basis. Cambridge: Cambridge University Press.",
		   "Climate Change 2021: The Physical Science Basis", 2021, NULL, NULL, "ok");
	/* a volume of a work in several is not the title's */
	expect("Ric\xC5\x93ur, P., Temps et r\xC3\xA9" "cit, t. 1, Paris, Seuil, 1983.", "Temps et r\xC3\xA9" "cit", 1983, NULL, NULL, "ok");
	expect("Habermas, J.: Theorie des kommunikativen Handelns, Bd. 2, Frankfurt/M. 1981.",
		   "Theorie des kommunikativen Handelns", 1981, NULL, NULL, "ok");
	/* a subtitle taken for a publisher before the place and the publisher */
	expect("Lahire, B. (dir.), Le travail sociologique de Pierre Bourdieu. Dettes et critiques, Paris, La D\xC3\xA9" "couverte, 1999.",
		   "Le travail sociologique de Pierre Bourdieu. Dettes et critiques", 1999, NULL, NULL, "ok");
	/* a title that lists things, cut at its first comma */
	expect("Hopcroft, J.E., Motwani, R., Ullman, J.D.: Introduction to Automata Theory, Languages, and Computation, 3rd edn. Pearson, Boston (2006)",
		   "Introduction to Automata Theory, Languages, and Computation", 2006, NULL, NULL, "ok");

	/* a title's first part taken for a container, a colon between, after the date's period */
	expect("Mertens, D. M. (2010). Research and evaluation in education and psychology: Integrating diversity with quantitative, qualitative, and mixed methods (3rd ed.). Thousand Oaks, CA: Sage.",
		   "Research and evaluation in education and psychology: Integrating diversity with quantitative, qualitative, and mixed methods",
		   2010, NULL, NULL, "ok");
	/* an organisation as publisher with its address, all in the title run */
	expect("USDA-NRCS. 2012. The PLANTS Database. National Plant Data Team, Greensboro, NC 27401-4901 USA. http://plants.usda.gov (accessed 15 March 2012).",
		   "The PLANTS Database", 2012, NULL, NULL, "ok");
	/* a report series' sentence with its acronym and code */
	expect("Gerhards, J\xC3\xBCrgen/Neidhardt, Friedhelm (1990): Strukturen und Funktionen moderner \xC3\x96" "ffentlichkeit. Fragestellungen und Ans\xC3\xA4tze. WZB Discussion Paper FS III 90-101. Berlin: Wissenschaftszentrum Berlin.",
		   "Strukturen und Funktionen moderner \xC3\x96" "ffentlichkeit. Fragestellungen und Ans\xC3\xA4tze", 1990, NULL, NULL, "ok");
	/* ... but a document's code alone stays, as the tagged corpora have it */
	expect("Agency for Toxic Substances and Disease Registry (ATSDR). 1999. Toxicological Profile for Mercury. PB/99/122013/AS. Atlanta, GA.",
		   "Toxicological Profile for Mercury. PB/99/122013/AS", 1999, NULL, NULL, "ok");
	/* "Näheres bei" opens a footnote's cue */
	expect("8 N\xC3\xA4heres bei Kaelble, Hartmut: Sozialgeschichte Europas. 1945 bis zur Gegenwart, M\xC3\xBCnchen 2007, S. 45 ff.",
		   "Sozialgeschichte Europas. 1945 bis zur Gegenwart", 2007, NULL, NULL, "ok");

	/* a title's head before its colon that Vancouver names took in, the date Vancouver's */
	expect("4 LEBRUN M. Anna Karina : No future. Contemporary Cinema Studies 2009;12(2):101\xE2\x80\x93" "119.",
		   "Anna Karina : No future", 2009, NULL, NULL, "ok");
	/* ... not a given name, its middle initial and the surname */
	expect("Martin K. Weber: Die Stadt der Moderne. Berlin 2004.", "Die Stadt der Moderne", 2004, NULL, NULL, "ok");
	/* a publisher's name without a publisher's word, before the place and year */
	expect("2. Lyell, C., Principles of Geology, John Murray, London (1830).", "Principles of Geology", 1830, NULL, NULL, "ok");
	expect("3. Wallace, A., The Malay Archipelago, Macmillan, London (1869).", "The Malay Archipelago", 1869, NULL, NULL, "ok");
	/* ... not a title that lists things */
	expect("P. Nygaard - K. Dahl (ed.), Saga Worlds. Myth, Memory, History, Bergen 1997.", "Saga Worlds. Myth, Memory, History", 1997, NULL, NULL, "ok");
	/* a one-word title and the journal as its next sentence */
	expect("Lee, J. (2004) Graph drawing. Graph Drawing, 3.", "Graph drawing", 2004, NULL, NULL, "ok");

	/* a subtitle taken for a container with the edition sentence after it */
	expect("Hansen, K./Lorenz, P. (2004): Die Schule im Spiegel der Statistik. Schulformen, Abschl\xC3\xBCsse, \xC3\x9C" "berg\xC3\xA4nge und regionale Unterschiede in Deutschland. Erweiterte Neuauflage. Berlin: BMBF.",
		   "Die Schule im Spiegel der Statistik. Schulformen, Abschl\xC3\xBCsse, \xC3\x9C" "berg\xC3\xA4nge und regionale Unterschiede in Deutschland",
		   2004, NULL, NULL, "ok");
	/* a footnote's short form: surname, short title, page */
	expect("7. Braudel, Mediterranean World, 214.", "Mediterranean World", 0, NULL, NULL, "ok");
	expect_fields("7. Braudel, Mediterranean World, 214.", "Braudel", NULL, NULL, NULL, "214", NULL, NULL);
	/* ... not a full reference with an initial and a date */
	expect("Contassot, F. (s. d.). Un titre de roman. La classe, p. 112.", "Un titre de roman", 0, NULL, NULL, "ok");
	/* a standard's code in brackets, its parts joined by a slash */
	expect("Standards Institute. (2015). Standard test method for tensile strength of steel bars (ASTM A370/A370M-14). West Conshohocken, PA: Author.",
		   "Standard test method for tensile strength of steel bars", 2015, NULL, NULL, "ok");
	/* a note on what the book is based on */
	expect("[16] J. Tate. Galois cohomology. Based on lecture notes by W. Stein. Park City Mathematics Series, No. 9. American Mathematical Society, Providence, R.I., 2011.",
		   "Galois cohomology", 2011, NULL, NULL, "ok");
	/* the volume's number in the series' title run */
	expect("[19] E. M. Stein and R. Shakarchi. Fourier analysis, volume 1 of Princeton Lectures in Analysis. Princeton University Press, Princeton, NJ, 2003.",
		   "Fourier analysis", 2003, NULL, NULL, "ok");

	/* a footnote's number glued to its cue */
	expect("7Vgl. Simmel, Georg: Philosophie des Geldes, Leipzig 1900, S. 12.", "Philosophie des Geldes", 1900, NULL, NULL, "ok");

	/* a title's last items and a subtitle sentence, or a colon's subtitle, taken for a container */
	expect("Stichweh, R. (1994): Wissenschaft, Universit\xC3\xA4t, Professionen. Soziologische Analysen. Frankfurt a. M.: Suhrkamp.",
		   "Wissenschaft, Universit\xC3\xA4t, Professionen. Soziologische Analysen", 1994, NULL, NULL, "ok");
	expect("Baumert, J./Stanat, P./Watermann, R. (Hrsg.) (2006): Herkunftsbedingte Disparit\xC3\xA4ten im Bildungswesen: Differenzielle Bildungsprozesse und Probleme der Verteilungsgerechtigkeit. Vertiefende Analysen im Rahmen von PISA 2000. Wiesbaden: VS.",
		   "Herkunftsbedingte Disparit\xC3\xA4ten im Bildungswesen: Differenzielle Bildungsprozesse und Probleme der Verteilungsgerechtigkeit. Vertiefende Analysen im Rahmen von PISA 2000",
		   2006, NULL, NULL, "ok");

	/* a subtitle taken for a container with the edition, labelled note, after it */
	expect("Kelle, U./Kluge, S. (2010): Vom Einzelfall zum Typus. Fallvergleich und Fallkontrastierung in der qualitativen Sozialforschung. 2., \xC3\xBC" "berarb. Aufl. Wiesbaden: VS.",
		   "Vom Einzelfall zum Typus. Fallvergleich und Fallkontrastierung in der qualitativen Sozialforschung", 2010, NULL, NULL, "ok");
	expect("Schmid, Josef (2010): Wohlfahrtsstaaten im Vergleich. Soziale Sicherung in Europa: Organisation, Finanzierung, Leistungen und Probleme. 3. Aufl. Wiesbaden: VS Verlag.",
		   "Wohlfahrtsstaaten im Vergleich. Soziale Sicherung in Europa: Organisation, Finanzierung, Leistungen und Probleme",
		   2010, NULL, NULL, "ok");

	/* an agency under its department, the date after its period: the title follows */
	expect("U.S. Department of Labor, Bureau of Labor Statistics. (2019). Employment projections report. Washington, DC: Author.",
		   "Employment projections report", 2019, NULL, NULL, "ok");

	/* stop 39: names, organisations and cues that took the title's words, and the title's own ends */
	expect("Lepsius, M. Rainer: Demokratie in Deutschland. Soziologisch-historische Konstellationsanalysen, G\xC3\xB6ttingen 1993.",
		   "Demokratie in Deutschland. Soziologisch-historische Konstellationsanalysen", 1993, NULL, NULL, "ok");
	/* (after a list's "and" the word is the title's: "Kingma, D. P. and Ba, J. Adam: A method ...") */
	expect("Kingma, D. P. and Ba, J. Adam: A method for stochastic optimization. In ICLR, 2015.",
		   "Adam: A method for stochastic optimization", 2015, NULL, NULL, "ok");
	expect("Bundesministerium f\xC3\xBCr Familie, Senioren, Frauen und Jugend (BMFSFJ) (2017): Zweiter Gleichstellungsbericht. "
		   "Erwerbs- und Sorgearbeit gemeinsam neu gestalten. Berlin.",
		   "Zweiter Gleichstellungsbericht. Erwerbs- und Sorgearbeit gemeinsam neu gestalten", 2017, NULL, NULL, "ok");
	expect("Sachverst\xC3\xA4ndigenrat zur Begutachtung der gesamtwirtschaftlichen Entwicklung (2014): Mehr Vertrauen in "
		   "Marktprozesse. Jahresgutachten 2014/15. Wiesbaden.",
		   "Mehr Vertrauen in Marktprozesse. Jahresgutachten", 2014, NULL, NULL, "ok");
	expect("Sartre, Jean-Paul (1993): Das Sein und das Nichts. Versuch einer ph\xC3\xA4nomenologischen Ontologie. "
		   "\xC3\x9C" "bers. v. Hans Sch\xC3\xB6neberg. Reinbek: Rowohlt.",
		   "Das Sein und das Nichts. Versuch einer ph\xC3\xA4nomenologischen Ontologie", 1993, NULL, NULL, "ok");
	expect("Statistisches Bundesamt (2019): Bev\xC3\xB6lkerung und Erwerbst\xC3\xA4tigkeit. Haushalte und Familien. "
		   "Ergebnisse des Mikrozensus 2018. Fachserie 1, Reihe 3. Wiesbaden.",
		   "Bev\xC3\xB6lkerung und Erwerbst\xC3\xA4tigkeit. Haushalte und Familien. Ergebnisse des Mikrozensus 2018", 2019,
		   NULL, NULL, "ok");
	expect("Koselleck, R., Vergangene Zukunft. Zur Semantik geschichtlicher Zeiten, Frankfurt a.M. 1979.",
		   "Vergangene Zukunft. Zur Semantik geschichtlicher Zeiten", 1979, NULL, NULL, "ok");
	expect("Settia A. A., Castelli e villaggi nell'Italia padana. Strutture del potere fra IX e XIII secolo, Napoli, 1984.",
		   "Castelli e villaggi nell'Italia padana. Strutture del potere fra IX e XIII secolo", 1984, NULL, NULL, "ok");
	/* (an inverted list goes on inverted: "Koselleck, R., Meier, C." stays names) */
	expect_fields("Koselleck, R., Meier, C., Begriffsgeschichte, Frankfurt a.M. 1979.", "Koselleck, R.|Meier, C.", NULL,
				  NULL, NULL, NULL, NULL, "Frankfurt a.M");
	expect("Weber, H. 2011. \xE2\x80\x9E" "Die Rolle der Kommunen in der Energiewende.\xE2\x80\x9C Raumforschung und "
		   "Raumordnung 69 (4): 241\xE2\x80\x93" "252.",
		   "Die Rolle der Kommunen in der Energiewende", 2011, NULL, NULL, "ok");
	expect("Fumagalli V., Terra e societ\xC3\xA0 nell'Italia padana. I secoli IX e X, Torino 1976 (Piccola Biblioteca Einaudi, 277).",
		   "Terra e societ\xC3\xA0 nell'Italia padana. I secoli IX e X", 1976, NULL, NULL, "ok");
	expect("Valenti M. (a cura di) 1996, Poggio Imperiale a Poggibonsi dal villaggio di capanne al castello di pietra. I. "
		   "Diagnostica archeologica e campagne di scavo 1991-1994, Firenze.",
		   "Poggio Imperiale a Poggibonsi dal villaggio di capanne al castello di pietra. I. Diagnostica archeologica e "
		   "campagne di scavo 1991-1994", 1996, NULL, NULL, "ok");
	expect("Wickham C. 2005, Framing the Early Middle Ages. Europe and the Mediterranean, 400-800, Oxford.",
		   "Framing the Early Middle Ages. Europe and the Mediterranean, 400-800", 2005, NULL, NULL, "ok");
	expect("Brown P. 1971, The World of Late Antiquity, AD 150-750, London.", "The World of Late Antiquity, AD 150-750", 1971,
		   NULL, NULL, "ok");
	/* (pages after a book's title stay pages: "258-268") */
	expect_fields("Corroyer, J. 1888. L'architecture romane, 258-268", "Corroyer, J.", NULL, NULL, NULL, "258-268", NULL, NULL);
	expect("Menant F., Campagnes lombardes du Moyen \xC3\x82ge. L'\xC3\xA9" "conomie et la soci\xC3\xA9t\xC3\xA9 rurales "
		   "dans la r\xC3\xA9gion de Bergame, de Cr\xC3\xA9mone et de Brescia du Xe au XIIIe si\xC3\xA8" "cle, Rome, 1993.",
		   "Campagnes lombardes du Moyen \xC3\x82ge. L'\xC3\xA9" "conomie et la soci\xC3\xA9t\xC3\xA9 rurales dans la "
		   "r\xC3\xA9gion de Bergame, de Cr\xC3\xA9mone et de Brescia du Xe au XIIIe si\xC3\xA8" "cle", 1993, NULL, NULL, "ok");
	expect("Klages, Helmut (1984): Wertorientierungen im Wandel. R\xC3\xBC" "ckblick, Gegenwartsanalyse, Prognosen, "
		   "Frankfurt/M., New York.",
		   "Wertorientierungen im Wandel. R\xC3\xBC" "ckblick, Gegenwartsanalyse, Prognosen", 1984, NULL, NULL, "ok");
	expect("Evans, M. 2004. Effects of prescribed burning on small mammal communities in longleaf pine forests. Thesis, "
		   "Auburn University, Auburn, Alabama, USA.",
		   "Effects of prescribed burning on small mammal communities in longleaf pine forests", 2004, NULL, NULL, "ok");
	expect("Courant R., Hilbert D., Methods of Mathematical Physics, Vol. II: Partial Differential Equations (Interscience, "
		   "New York, 1962).",
		   "Methods of Mathematical Physics, Vol. II: Partial Differential Equations", 1962, NULL, NULL, "ok");
	expect("Knuth, D. E. The Art of Computer Programming, Volume 3: Sorting and Searching, 2nd ed. Addison-Wesley, Reading, "
		   "MA, 1998.",
		   "The Art of Computer Programming, Volume 3: Sorting and Searching", 1998, NULL, NULL, "ok");
	expect("WSI (2017): WSI-Verteilungsbericht 2017. WSI-Report Nr. 37. D\xC3\xBCsseldorf.", "WSI-Verteilungsbericht 2017", 2017,
		   NULL, NULL, "ok");
	expect("Grabka, Markus (2015): Einkommensverteilung in Deutschland, DIW-Wochenbericht 18/2015, S. 2-12.",
		   "Einkommensverteilung in Deutschland", 2015, NULL, NULL, "ok");
	/* (a report series' own "Report" stays the title's, as the corpora have it) */
	expect("Oki, D. S. 2003. Environmental setting of the streams of Oahu, Hawaii. Water-Resources Investigations Report "
		   "03-4156. Honolulu, HI: U.S. Geological Survey.",
		   "Environmental setting of the streams of Oahu, Hawaii. Water-Resources Investigations Report 03-4156", 2003, NULL,
		   NULL, "ok");
	expect("Duden online, Stichwort: Heimat, online im Internet: https://www.duden.de/rechtschreibung/Heimat (Abruf: 10.03.2019).",
		   "Heimat", 0, NULL, NULL, "ok");

	/* stop 39: German footnotes -- the bare footnote number, more cues, a cited page after "hier", "Frankfurt a. M." */
	expect("20 Brock, Ditmar: Globalisierung. Wirtschaft \xE2\x80\x93 Politik \xE2\x80\x93 Kultur \xE2\x80\x93 Gesellschaft, "
		   "Wiesbaden 2008.",
		   "Globalisierung. Wirtschaft \xE2\x80\x93 Politik \xE2\x80\x93 Kultur \xE2\x80\x93 Gesellschaft", 2008, NULL, NULL,
		   "ok");
	expect("3 Ebenda, S. 27.", NULL, 0, NULL, NULL, "venue_only");
	expect("7 Ders.: Faktizit\xC3\xA4t und Geltung. Beitr\xC3\xA4ge zur Diskurstheorie des Rechts und des demokratischen "
		   "Rechtsstaats, Frankfurt a. M. 1992.",
		   "Faktizit\xC3\xA4t und Geltung. Beitr\xC3\xA4ge zur Diskurstheorie des Rechts und des demokratischen Rechtsstaats", 1992,
		   NULL, NULL, "ok");
	/* (a list's number with its period the labeller knows: "9. Eary, L.") */
	expect("9. Eary, L.; Shramke, J., Chemical Modeling of Aqueous Systems II. American Chemical Society: Washington, DC, "
		   "1990; Vol. 416.",
		   "Chemical Modeling of Aqueous Systems II", 1990, NULL, NULL, "ok");
	expect("10 Dazu kritisch Offe, Claus: Demokratie und Wohlfahrtsstaat: Eine europ\xC3\xA4ische Regimeform unter dem "
		   "Stre\xC3\x9F der europ\xC3\xA4ischen Integration, in: Streeck, Wolfgang (Hrsg.): Internationale Wirtschaft, "
		   "nationale Demokratie, Frankfurt a. M./New York 1998, S. 99\xE2\x80\x93" "136.",
		   "Demokratie und Wohlfahrtsstaat: Eine europ\xC3\xA4ische Regimeform unter dem Stre\xC3\x9F der europ\xC3\xA4ischen "
		   "Integration", 1998, NULL, NULL, "ok");
	expect("27 \xC3\x84hnlich argumentiert Nassehi, Armin: Gesellschaft der Gegenwarten. Studien zur Theorie der modernen "
		   "Gesellschaft II, Berlin 2011.",
		   "Gesellschaft der Gegenwarten. Studien zur Theorie der modernen Gesellschaft II", 2011, NULL, NULL, "ok");
	expect("4 Vgl. zum Folgenden M\xC3\xBCnch, Richard: Globale Dynamik, lokale Lebenswelten. Der schwierige Weg in die "
		   "Weltgesellschaft, Frankfurt a. M. 1998, S. 11\xE2\x80\x93" "43.",
		   "Globale Dynamik, lokale Lebenswelten. Der schwierige Weg in die Weltgesellschaft", 1998, NULL, NULL, "ok");
	expect("6 Habermas, J\xC3\xBCrgen: Die postnationale Konstellation. Politische Essays, Frankfurt a. M. 1998, hier S. 91.",
		   "Die postnationale Konstellation. Politische Essays", 1998, NULL, NULL, "ok");
	expect("9 Z\xC3\xBCrn, Michael: Regieren jenseits des Nationalstaates. Globalisierung und Denationalisierung als Chance, "
		   "Frankfurt a. M. 1998, S. 12 f.",
		   "Regieren jenseits des Nationalstaates. Globalisierung und Denationalisierung als Chance", 1998, NULL, NULL, "ok");
	expect("23 Vgl. M\xC3\xBCller, Hans-Peter: Sozialstruktur und Lebensstile. Der neuere theoretische Diskurs \xC3\xBC" "ber "
		   "soziale Ungleichheit, Frankfurt a. M. 1992, S. 53 ff.",
		   "Sozialstruktur und Lebensstile. Der neuere theoretische Diskurs \xC3\xBC" "ber soziale Ungleichheit", 1992, NULL,
		   NULL, "ok");
	expect("11 Kaufmann, Franz-Xaver: Globalisierung und Gesellschaft, in: Aus Politik und Zeitgeschichte, B 18/98, S. 3\xE2\x80\x93" "10.",
		   "Globalisierung und Gesellschaft", 0, NULL, NULL, "ok");
	expect("20 Hierzu grundlegend Weber, Max: Wirtschaft und Gesellschaft. Grundri\xC3\x9F der verstehenden Soziologie, 5. rev. "
		   "Aufl., T\xC3\xBC" "bingen 1980, S. 177\xE2\x80\x93" "180.",
		   "Wirtschaft und Gesellschaft. Grundri\xC3\x9F der verstehenden Soziologie", 1980, NULL, NULL, "ok");
	expect("7 Vgl. Esser, Hartmut: Soziologie. Spezielle Grundlagen, Bd. 1: Situationslogik und Handeln, Frankfurt a. M./New "
		   "York 1999.",
		   "Soziologie. Spezielle Grundlagen, Bd. 1: Situationslogik und Handeln", 1999, NULL, NULL, "ok");
	expect("21 Vgl. Groh-Samberg, Olaf: Armut, soziale Ausgrenzung und Klassenstruktur. Zur Integration multidimensionaler "
		   "und l\xC3\xA4ngsschnittlicher Perspektiven, Wiesbaden 2009.",
		   "Armut, soziale Ausgrenzung und Klassenstruktur. Zur Integration multidimensionaler und l\xC3\xA4ngsschnittlicher "
		   "Perspektiven", 2009, NULL, NULL, "ok");

	expect("9 Zit. nach Rerrich, Maria S.: Balanceakt Familie. Zwischen alten Leitbildern und neuen Lebensformen, Freiburg "
		   "i. Br. 1988, S. 57.",
		   "Balanceakt Familie. Zwischen alten Leitbildern und neuen Lebensformen", 1988, NULL, NULL, "ok");
	expect("25 BMFuS (Hrsg.): Familien und Familienpolitik im geeinten Deutschland \xE2\x80\x93 Zukunft des "
		   "Humanverm\xC3\xB6gens. F\xC3\xBCnfter Familienbericht, Bonn 1994.",
		   "Familien und Familienpolitik im geeinten Deutschland \xE2\x80\x93 Zukunft des Humanverm\xC3\xB6gens. "
		   "F\xC3\xBCnfter Familienbericht", 1994, NULL, NULL, "ok");
	expect("17 Vgl. Statistisches Bundesamt (Hrsg.): Datenreport 1994. Zahlen und Fakten \xC3\xBC" "ber die Bundesrepublik "
		   "Deutschland, Bonn 1994.",
		   "Datenreport 1994. Zahlen und Fakten \xC3\xBC" "ber die Bundesrepublik Deutschland", 1994, NULL, NULL, "ok");
	expect("30 Vgl. die Beitr\xC3\xA4ge in Nave-Herz, Rosemarie/Markefka, Manfred (Hrsg.): Handbuch der Familien- und "
		   "Jugendforschung, Bd. 1: Familienforschung, Neuwied/Frankfurt a. M. 1989.",
		   "Handbuch der Familien- und Jugendforschung, Bd. 1: Familienforschung", 1989, NULL, NULL, "ok");
	expect("Rosenthal, G. (1995). Erlebte und erz\xC3\xA4hlte Lebensgeschichte. Gestalt und Struktur biographischer "
		   "Selbstbeschreibungen. Frankfurt/M., New York: Campus.",
		   "Erlebte und erz\xC3\xA4hlte Lebensgeschichte. Gestalt und Struktur biographischer Selbstbeschreibungen", 1995, NULL,
		   NULL, "ok");
	/* (not an issuer after the title: "... Adults. | Administration of Technology Supervision ...") */
	expect("S.A.I.G.L.O.B.A.L. (1988). China Standards GB/T 10000e11988: Human Dimensions of Chinese Adults. "
		   "Administration of Technology SupervisionePeople's Republic of China. China.",
		   "China Standards GB/T 10000e11988: Human Dimensions of Chinese Adults", 1988, NULL, NULL, "ok");
	expect("Reichertz, Jo (2013): Die Abduktion in der qualitativen Sozialforschung. \xC3\x9C" "ber die Entdeckung des Neuen. "
		   "2., aktualisierte und erweiterte Auflage. Wiesbaden: Springer VS.",
		   "Die Abduktion in der qualitativen Sozialforschung. \xC3\x9C" "ber die Entdeckung des Neuen", 2013, NULL, NULL, "ok");
	expect("[Osei 2019] OSEI, Kwame: Informal credit and household welfare in rural Ghana. In: Journal of Development Studies "
		   "55 (2019), Nr. 8, S. 1701\xE2\x80\x93" "1718",
		   "Informal credit and household welfare in rural Ghana", 2019, NULL, NULL, "ok");

	expect("Ditton, Hartmut, 2007: Der Beitrag von Schule und Lehrern zur Reproduktion von Bildungsungleichheit. S. 243\xE2\x80\x93" "271 "
		   "in: Rolf Becker und Wolfgang Lauterbach (Hg.), Bildung als Privileg. 2. Aufl. Wiesbaden: VS.",
		   "Der Beitrag von Schule und Lehrern zur Reproduktion von Bildungsungleichheit", 2007, NULL, NULL, "ok");
	/* (a journal's rubric "Stichwort:" stays the article title's; only a dictionary entry's keyword is cut) */
	expect("Maaz, K./Hausen, C. (2006): Stichwort: \xC3\x9C" "berg\xC3\xA4nge im Bildungssystem. Theoretische Konzepte und "
		   "ihre Anwendung. In: Zeitschrift f\xC3\xBCr Erziehungswissenschaft 9 (3), S. 299\xE2\x80\x93" "327.",
		   "Stichwort: \xC3\x9C" "berg\xC3\xA4nge im Bildungssystem. Theoretische Konzepte und ihre Anwendung", 2006, NULL, NULL,
		   "ok");

	expect("[22] G. 't Hooft, Dimensional reduction in quantum gravity, arXiv:gr-qc/9310026.",
		   "Dimensional reduction in quantum gravity", 0, "gr-qc/9310026", NULL, "ok");
	/* a part in proceedings whose title is not printed: the proceedings are no title */
	expect("[5] C. H. Bennett and G. Brassard, in Proceedings of IEEE International Conference on Computers, Systems and "
		   "Signal Processing (IEEE, New York, 1984), pp. 175\xE2\x80\x93" "179.",
		   NULL, 1984, NULL, NULL, "venue_only");

	expect("Dubois, C. Les Archives de La R\xC3\xA9volution; Presses universitaires de France: Paris, 2012.",
		   "Les Archives de La R\xC3\xA9volution", 2012, NULL, NULL, "ok");
	expect("Dubois, C., 2012, Les archives de la R\xC3\xA9volution: Paris, Presses universitaires de France, 312 p.",
		   "Les archives de la R\xC3\xA9volution", 2012, NULL, NULL, "ok");
	/* (before a journal the place word is the title's) */
	expect("Omaggio a Richard Rogers: Paris, Arca, No. 232, 2008, 95", "Omaggio a Richard Rogers: Paris", 2008, NULL, NULL,
		   "ok");

	/* a subtitle taken for a publisher after the colon, or joined to the journal's name */
	expect("7. Breaking the Cipher: Practical Cryptanalysis Notes, 2011.",
		   "Breaking the Cipher: Practical Cryptanalysis Notes", 2011, NULL, NULL, "ok");
	expect("Ortiz, JM, and KL Brandt. 1993. Shifting the Circadian Clock in Isolated Chick Pineal Cells: Control of "
		   "Melatonin Rhythms by Light and Adenosine Receptors. Journal of Neuroscience 13 (1993):1411\xE2\x80\x93" "1420.",
		   "Shifting the Circadian Clock in Isolated Chick Pineal Cells: Control of Melatonin Rhythms by Light and Adenosine "
		   "Receptors", 1993, NULL, NULL, "ok");

	/* verdicts */
	expect("Accessed: 2024-12", NULL, 0, NULL, NULL, "access_date");
	expect("Murray, Benoit Steiner, Paul Tucker, Vijay Va- sudevan, Pete Warden, Martin Wicke, Yuan Yu, and Xiaoqiang Zheng",
		   NULL, 0, NULL, NULL, "author_list");
	expect("Devanur, Gregory R", NULL, 0, NULL, NULL, "author_list");
	expect("nvidia.com/blog/gpudirect-storage/", NULL, 0, NULL, NULL, "bare_url");
	expect("https://github.com/pytorch/pytorch", NULL, 0, NULL, NULL, "bare_url");
	expect("In19th USENIX Conference on File and Storage Technologies (FAST 21), pages 387\xE2\x80\x93" "401, 2021",
		   NULL, 2021, NULL, NULL, "venue_only");
	expect("R. M. Moon, T. Riste, and W. C. Koehler, Phys. Rev. 181, 920 (1969)", NULL, 1969, NULL, NULL, "venue_only");
	expect("arXiv preprint arXiv:2001.08361", NULL, 0, "2001.08361", NULL, "identifier_only");
	expect("", NULL, 0, NULL, NULL, "empty");
	expect("  .,;  ", NULL, 0, NULL, NULL, "empty");
	expect("Exxact.https://www.exxactcorp.com/, 2025", "Exxact", 2025, NULL, NULL, "ok");
	expect_extra("Exxact.https://www.exxactcorp.com/, 2025", "https://www.exxactcorp.com/", NULL);

	/* stop 40: imprints, editors' marks, page spans and cues that took the title's words or left them out */
	expect("Adorno, Theodor W., Negative Dialektik. Jargon der Eigentlichkeit, Frankfurt am Main 1973 (stw 113).",
		   "Negative Dialektik. Jargon der Eigentlichkeit", 1973, NULL, NULL, "ok");
	/* (a place and year that the reference's own date shows to be the title's) */
	expect("Kr\xC3\xBCger, Arnd (1999): Die Olympischen Spiele, Berlin 1936. In: Sportwissenschaft 29, S. 12-30.",
		   "Die Olympischen Spiele, Berlin 1936", 1999, NULL, NULL, "ok");
	expect("Weber, Max: Gesammelte Politische Schriften. Dritte erweiterte Auflage, hg. v. Johannes Winckelmann, "
		   "T\xC3\xBC" "bingen 1971.",
		   "Gesammelte Politische Schriften", 1971, NULL, NULL, "ok");
	expect("Streeck, Wolfgang/Thelen, Kathleen (2005): Introduction. S. 1-39 in: Dies. (Hg.), Beyond Continuity. Oxford: "
		   "Oxford University Press.",
		   "Introduction", 2005, NULL, NULL, "ok");
	expect("SAS Institute. 2004. SAS/STAT 9.1 user's guide. SAS Inst., Cary, NC.", "SAS/STAT 9.1 user's guide", 2004, NULL,
		   NULL, "ok");
	expect("Mommsen, Wolfgang J.: Der autorit\xC3\xA4re Nationalstaat. Verfassung, Gesellschaft und Kultur im deutschen "
		   "Kaiserreich. Ausgew\xC3\xA4hlte Aufs\xC3\xA4tze, hg. v. Hans Schmidt, Frankfurt a. M. 1990.",
		   "Der autorit\xC3\xA4re Nationalstaat. Verfassung, Gesellschaft und Kultur im deutschen Kaiserreich. "
		   "Ausgew\xC3\xA4hlte Aufs\xC3\xA4tze", 1990, NULL, NULL, "ok");
	expect("29 Vgl. zuletzt Doering-Manteuffel, Anselm/Raphael, Lutz: Nach dem Boom. Perspektiven auf die Zeitgeschichte "
		   "seit 1970, G\xC3\xB6ttingen 2010.",
		   "Nach dem Boom. Perspektiven auf die Zeitgeschichte seit 1970", 2010, NULL, NULL, "ok");
	expect("Vgl. Bundesministerium des Innern (Hg.): Verfassungsschutzbericht 2011, Berlin 2012, S. 30.",
		   "Verfassungsschutzbericht 2011", 2012, NULL, NULL, "ok");
	expect("Vgl. Bundesministerium f\xC3\xBCr Arbeit und Soziales (Hg.): Lebenslagen in Deutschland, Berlin 2013, S. 12.",
		   "Lebenslagen in Deutschland", 2013, NULL, NULL, "ok");
	/* (an editor's own article: the mark after the names, the title a title run) */
	expect("Schmidt, Hans (Hrsg.): Sozialpolitik im Wandel, in: Soziale Welt 40 (1989), S. 3-19.", "Sozialpolitik im Wandel",
		   1989, NULL, NULL, "ok");
	expect("Esping-Andersen, G. (1999) Social Foundations of Postindustrial Economies. Welfare States and Family Policies in "
		   "Comparison, Oxford: Oxford University Press.",
		   "Social Foundations of Postindustrial Economies. Welfare States and Family Policies in Comparison", 1999, NULL,
		   NULL, "ok");

	expect("Miller RT, Chen L. Early statin therapy after ischemic stroke [abstract]. Stroke. 2012;43:A210.",
		   "Early statin therapy after ischemic stroke", 2012, NULL, NULL, "ok");
	expect("GBD 2016 Risk Factors Collaborators. Global, regional, and national comparative risk assessment of 84 "
		   "behavioural, environmental and occupational, and metabolic risks, 1990-2016: a systematic analysis. Lancet. "
		   "2017;390:1345-422.",
		   "Global, regional, and national comparative risk assessment of 84 behavioural, environmental and occupational, "
		   "and metabolic risks, 1990-2016: a systematic analysis", 2017, NULL, NULL, "ok");
	expect("26. Higgins JPT, Green S (editors). Cochrane Handbook for Systematic Reviews of Interventions Version 5.1.0 "
		   "[updated March 2011]. The Cochrane Collaboration, 2011. Available from www.handbook.cochrane.org.",
		   "Cochrane Handbook for Systematic Reviews of Interventions Version 5.1.0", 2011, NULL, NULL, "ok");
	expect("Conze, Werner: Art. Adel, Aristokratie, in: Geschichtliche Grundbegriffe, Bd. 1, Stuttgart 1972, S. 1\xE2\x80\x93" "48.",
		   "Adel, Aristokratie", 1972, NULL, NULL, "ok");
	/* (a title that is the word "Art") */
	expect("Bell, Clive: Art, London 1914.", "Art", 1914, NULL, NULL, "ok");

	expect("31 Vgl. Abelshauser, Werner: Deutsche Wirtschaftsgeschichte. Von 1945 bis zur Gegenwart, 2. Aufl., M\xC3\xBCnchen "
		   "2011, S. 205.",
		   "Deutsche Wirtschaftsgeschichte. Von 1945 bis zur Gegenwart", 2011, NULL, NULL, "ok");
	expect("27 Bundesagentur f\xC3\xBCr Arbeit: Statistik der Grundsicherung f\xC3\xBCr Arbeitsuchende, N\xC3\xBCrnberg, "
		   "Dezember 2012.",
		   "Statistik der Grundsicherung f\xC3\xBCr Arbeitsuchende", 2012, NULL, NULL, "ok");
	expect("Bundesinstitut f\xC3\xBCr Berufsbildung: Datenreport zum Berufsbildungsbericht 2014, Bonn 2014.",
		   "Datenreport zum Berufsbildungsbericht 2014", 2014, NULL, NULL, "ok");

	/* Chicago notes and the Bluebook: a forward name, a remark's "see", a law review's volume, a book's cited pages */
	expect("6. Natalie Zemon Davis, Society and Culture in Early Modern France (Stanford: Stanford University Press, 1975).",
		   "Society and Culture in Early Modern France", 1975, NULL, NULL, "ok");
	expect("5. For a survey, see Peter Burke, What Is Cultural History? (Cambridge: Polity, 2004), 20.",
		   "What Is Cultural History?", 2004, NULL, NULL, "ok");
	expect("7. On this point, see Quentin Skinner, The Foundations of Modern Political Thought (Cambridge: Cambridge "
		   "University Press, 1978), 1:x.",
		   "The Foundations of Modern Political Thought", 1978, NULL, NULL, "ok");
	expect("12. Quoted in Richard J. Evans, The Coming of the Third Reich (New York: Penguin, 2004), 77.",
		   "The Coming of the Third Reich", 2004, NULL, NULL, "ok");
	expect("Samuel D. Warren & Louis D. Brandeis, The Right to Privacy, 4 Harv. L. Rev. 193 (1890).", "The Right to Privacy",
		   1890, NULL, NULL, "ok");
	expect("18. See Joseph Raz, The Authority of Law 28\xE2\x80\x93" "33 (2d ed. 2009).", "The Authority of Law", 2009, NULL,
		   NULL, "ok");
	/* (a span of years before the imprint is the title's) */
	expect("Walsham, A., Charitable Hatred: Tolerance and Intolerance in England, 1500-1700 (Manchester, 2006).",
		   "Charitable Hatred: Tolerance and Intolerance in England, 1500-1700", 2006, NULL, NULL, "ok");

	expect("BMAS \xE2\x80\x93 Bundesministerium f\xC3\xBCr Arbeit und Soziales (Hrsg.) (2013): Lebenslagen in Deutschland. "
		   "Der Vierte Armuts- und Reichtumsbericht der Bundesregierung. Bonn.",
		   "Lebenslagen in Deutschland. Der Vierte Armuts- und Reichtumsbericht der Bundesregierung", 2013, NULL, NULL, "ok");
	expect("Deutsches Jugendinstitut (Hrsg.) (o. J.): Kinder in Tageseinrichtungen. Materialien zur Kindheit, o. O.",
		   "Kinder in Tageseinrichtungen. Materialien zur Kindheit", 0, NULL, NULL, "ok");

	/* German footnotes: what of the work is meant before "in:", a back reference to a footnote, "Ebd.; vgl. auch" */
	expect("6 Vgl. die Einleitung in: Kaelble, Hartmut: Sozialgeschichte Europas. 1945 bis zur Gegenwart, M\xC3\xBCnchen "
		   "2007, S. 9\xE2\x80\x93" "22.",
		   "Sozialgeschichte Europas. 1945 bis zur Gegenwart", 2007, NULL, NULL, "ok");
	expect("3 Hobsbawm, Zeitalter der Extreme (wie Anm. 1), S. 88.", "Zeitalter der Extreme", 0, NULL, NULL, "ok");
	expect("14 Ebd., S. 112; siehe auch Winkler, Heinrich August: Weimar 1918\xE2\x80\x93" "1933. Die Geschichte der ersten "
		   "deutschen Demokratie, M\xC3\xBCnchen 1993.",
		   "Weimar 1918\xE2\x80\x93" "1933. Die Geschichte der ersten deutschen Demokratie", 1993, NULL, NULL, "ok");
	/* (a back reference alone stays one) */
	expect("15 Ebd., S. 113.", NULL, 0, NULL, NULL, "venue_only");

	/* German footnotes of the classics: a subtitle with an organisation's word, an edition's number, "in: Ders." */
	expect("4 Durkheim, \xC3\x89mile: \xC3\x9C" "ber soziale Arbeitsteilung. Studie \xC3\xBC" "ber die Organisation "
		   "h\xC3\xB6herer Gesellschaften, Frankfurt a. M. 1988 (frz. Orig. 1893).",
		   "\xC3\x9C" "ber soziale Arbeitsteilung. Studie \xC3\xBC" "ber die Organisation h\xC3\xB6herer Gesellschaften", 1988,
		   NULL, NULL, "ok");
	expect("14 Gehlen, Arnold: Der Mensch. Seine Natur und seine Stellung in der Welt, 13. Aufl., Wiesbaden 1986 [1940].",
		   "Der Mensch. Seine Natur und seine Stellung in der Welt", 1986, NULL, NULL, "ok");
	expect("26 Benjamin, Walter: \xC3\x9C" "ber den Begriff der Geschichte, in: Ders.: Gesammelte Schriften, Bd. I.2, hg. v. "
		   "Rolf Tiedemann und Hermann Schweppenh\xC3\xA4user, Frankfurt a. M. 1974, S. 691\xE2\x80\x93" "704.",
		   "\xC3\x9C" "ber den Begriff der Geschichte", 1974, NULL, NULL, "ok");

	expect("Bundesministerium f\xC3\xBCr Bildung und Forschung (BMBF) (Hrsg.) (2014): Berufsbildungsbericht 2014. "
		   "Bonn/Berlin.",
		   "Berufsbildungsbericht 2014", 2014, NULL, NULL, "ok");
	expect("Brenke, K. (2010): Fachkr\xC3\xA4" "ftemangel kurzfristig noch nicht in Sicht. DIW-Wochenbericht Nr. 46/2010, S. "
		   "2-15.",
		   "Fachkr\xC3\xA4" "ftemangel kurzfristig noch nicht in Sicht", 2010, NULL, NULL, "ok");
	expect("Kalina, T./Weinkopf, C. (2014): Niedriglohnbesch\xC3\xA4" "ftigung 2012 und was ein gesetzlicher Mindestlohn von "
		   "8,50 \xE2\x82\xAC ver\xC3\xA4ndern k\xC3\xB6nnte. IAQ-Report 2014-02. Duisburg.",
		   "Niedriglohnbesch\xC3\xA4" "ftigung 2012 und was ein gesetzlicher Mindestlohn von 8,50 \xE2\x82\xAC "
		   "ver\xC3\xA4ndern k\xC3\xB6nnte", 2014, NULL, NULL, "ok");

	expect("Hurlbert, S.H., 1984: Pseudoreplication and the design of ecological field experiments.- Ecol. Monogr. 54: "
		   "187-211.",
		   "Pseudoreplication and the design of ecological field experiments", 1984, NULL, NULL, "ok");
	expect("Sutherland, W.J., 2006: Predicting the ecological consequences of environmental change: a review of the "
		   "methods.- J. Appl. Ecol. 43: 599-616.",
		   "Predicting the ecological consequences of environmental change: a review of the methods", 2006, NULL, NULL, "ok");
	/* (not the "J.-C." of a date) */
	expect("DUPONT M., 2002, \xC2\xAB Les monnaies de Marseille du Ve s. av. J.-C. \xC2\xBB, in Revue numismatique 158, Paris "
		   ": 93-111.",
		   "Les monnaies de Marseille du Ve s. av. J.-C", 2002, NULL, NULL, "ok");

	/* German law and political theory: a cited chapter, a year after "seit", an imprint's series bracket left open */
	expect("20 Vgl. Habermas, J\xC3\xBCrgen: Faktizit\xC3\xA4t und Geltung. Beitr\xC3\xA4ge zur Diskurstheorie des Rechts "
		   "und des demokratischen Rechtsstaats, Frankfurt a. M. 1992, Kap. III.",
		   "Faktizit\xC3\xA4t und Geltung. Beitr\xC3\xA4ge zur Diskurstheorie des Rechts und des demokratischen "
		   "Rechtsstaats", 1992, NULL, NULL, "ok");
	expect("13 Vgl. Huber, Ernst Rudolf: Deutsche Verfassungsgeschichte seit 1789, Bd. 3: Bismarck und das Reich, 3. Aufl., "
		   "Stuttgart u. a. 1988, S. 656.",
		   "Deutsche Verfassungsgeschichte seit 1789, Bd. 3: Bismarck und das Reich", 1988, NULL, NULL, "ok");
	expect("11 Vgl. Luhmann, Niklas: Legitimation durch Verfahren, Neuwied/Berlin 1969 (Soziologische Texte, Bd. 66).",
		   "Legitimation durch Verfahren", 1969, NULL, NULL, "ok");

	/* Italian and French author-date forms: "(a cura di)," before the title, a subtitle after "(1998)," */
	expect("Trigilia C. (a cura di), Cultura e sviluppo. L'associazionismo nel Mezzogiorno, Roma, Donzelli, 1995.",
		   "Cultura e sviluppo. L'associazionismo nel Mezzogiorno", 1995, NULL, NULL, "ok");
	expect("Lahire, Bernard (1998), L\xE2\x80\x99homme pluriel. Les ressorts de l\xE2\x80\x99" "action, Paris, Nathan.",
		   "L\xE2\x80\x99homme pluriel. Les ressorts de l\xE2\x80\x99" "action", 1998, NULL, NULL, "ok");

	/* stop 41: footnotes that name their authors given name first, their cues and remarks, a volume's part and a book's subtitle */
	expect("8 Ausf\xC3\xBChrlicher: Karl Mannheim, Ideologie und Utopie, Bonn 1929, S. 12.",
		   "Ideologie und Utopie", 1929, NULL, NULL, "ok");
	expect("6 Zum Folgenden Eckart Kehr, Schlachtflottenbau und Parteipolitik 1894\xE2\x80\x93" "1901, Berlin 1930.",
		   "Schlachtflottenbau und Parteipolitik 1894\xE2\x80\x93" "1901", 1930, NULL, NULL, "ok");
	expect("16 Anders dagegen Hans-Ulrich Wehler, Deutsche Gesellschaftsgeschichte, Bd. 5: Bundesrepublik und DDR 1949\xE2\x80\x93" "1990, M\xC3\xBCnchen 2008, S. 12.",
		   "Deutsche Gesellschaftsgeschichte, Bd. 5: Bundesrepublik und DDR 1949\xE2\x80\x93" "1990", 2008, NULL, NULL, "ok");
	expect("15 Statt vieler: Hans G\xC3\xBCnter Hockerts (Hrsg.), Drei Wege deutscher Sozialstaatlichkeit. NS-Diktatur, Bundesrepublik und DDR im Vergleich, M\xC3\xBCnchen 1998.",
		   "Drei Wege deutscher Sozialstaatlichkeit. NS-Diktatur, Bundesrepublik und DDR im Vergleich", 1998, NULL, NULL, "ok");
	expect("39 Eingehend Christiane Kuller, Familienpolitik im f\xC3\xB6" "derativen Sozialstaat. Die Formierung eines Politikfeldes in der Bundesrepublik 1949\xE2\x80\x93" "1975, M\xC3\xBCnchen 2004, S. 99\xE2\x80\x93" "130.",
		   "Familienpolitik im f\xC3\xB6" "derativen Sozialstaat. Die Formierung eines Politikfeldes in der Bundesrepublik 1949\xE2\x80\x93" "1975", 2004, NULL, NULL, "ok");
	expect("23 Klassisch Otto Hintze, Staat und Verfassung. Gesammelte Abhandlungen zur allgemeinen Verfassungsgeschichte, hg. von Gerhard Oestreich, G\xC3\xB6ttingen 1962.",
		   "Staat und Verfassung. Gesammelte Abhandlungen zur allgemeinen Verfassungsgeschichte", 1962, NULL, NULL, "ok");
	/* (a cue that is a name too: never before a comma) */
	expect("Anders, G\xC3\xBCnther (1956): Die Antiquiertheit des Menschen. M\xC3\xBCnchen: Beck.",
		   "Die Antiquiertheit des Menschen", 1956, NULL, NULL, "ok");
	/* (a remark that a colon ends; an organisation's name before its colon stays a name) */
	expect("22 Als Einstieg noch immer brauchbar: Hans Rosenberg, Gro\xC3\x9F" "e Depression und Bismarckzeit, Berlin 1967.",
		   "Gro\xC3\x9F" "e Depression und Bismarckzeit", 1967, NULL, NULL, "ok");
	expect("Bundesministerium f\xC3\xBCr Familie, Senioren, Frauen und Jugend: Siebter Familienbericht, Berlin 2006.",
		   "Siebter Familienbericht", 2006, NULL, NULL, "ok");
	expect("6. On this question see Theda Skocpol, Protecting Soldiers and Mothers: The Political Origins of Social Policy in the United States (Cambridge, MA: Belknap Press, 1992), 3.",
		   "Protecting Soldiers and Mothers: The Political Origins of Social Policy in the United States", 1992, NULL, NULL, "ok");
	expect("11 Anselm Doering-Manteuffel/Lutz Raphael, Nach dem Boom. Perspektiven auf die Zeitgeschichte seit 1970, G\xC3\xB6ttingen 2008, S. 10.",
		   "Nach dem Boom. Perspektiven auf die Zeitgeschichte seit 1970", 2008, NULL, NULL, "ok");
	/* (persons given name first: where their names end and the title begins) */
	expect("7 Hierzu Gerhard A. Ritter, Der Preis der deutschen Einheit. Die Wiedervereinigung und die Krise des Sozialstaats, M\xC3\xBCnchen 2006.",
		   "Der Preis der deutschen Einheit. Die Wiedervereinigung und die Krise des Sozialstaats", 2006, NULL, NULL, "ok");
	expect("12 Gustav Schmoller, Grundri\xC3\x9F. Der allgemeinen Volkswirtschaftslehre erster Teil, Leipzig 1900.",
		   "Grundri\xC3\x9F. Der allgemeinen Volkswirtschaftslehre erster Teil", 1900, NULL, NULL, "ok");
	expect("22 Ausf\xC3\xBChrlicher: Franz-Xaver Kaufmann, Varianten des Wohlfahrtsstaats. Der deutsche Sozialstaat im internationalen Vergleich, Frankfurt a. M. 2003, bes. S. 257\xE2\x80\x93" "310.",
		   "Varianten des Wohlfahrtsstaats. Der deutsche Sozialstaat im internationalen Vergleich", 2003, NULL, NULL, "ok");
	expect("3. Albert O. Hirschman, Exit, Voice, and Loyalty: Responses to Decline in Firms, Organizations, and States (Cambridge, MA: Harvard University Press, 1970), 4\xE2\x80\x93" "5.",
		   "Exit, Voice, and Loyalty: Responses to Decline in Firms, Organizations, and States", 1970, NULL, NULL, "ok");
	expect("3. Eric R. Wolf, Europe, Peoples without History (Berkeley: University of California Press, 1982).",
		   "Europe, Peoples without History", 1982, NULL, NULL, "ok");
	expect("5. Clifford J. Geertz, Negara, The Theatre State in Nineteenth-Century Bali (Princeton: Princeton University Press, 1980).",
		   "Negara, The Theatre State in Nineteenth-Century Bali", 1980, NULL, NULL, "ok");
	expect("20. Susan Strange, States and Markets, 2nd ed. (London: Pinter, 1994).",
		   "States and Markets", 1994, NULL, NULL, "ok");
	expect("Perry Anderson, Lineages of the Absolutist State, 2nd ed. (London: Verso, 1979).",
		   "Lineages of the Absolutist State", 1979, NULL, NULL, "ok");
	/* (the editors' comma, then their book in one run with the title's end) */
	expect("40 Vgl. die Beitr\xC3\xA4ge in: Thomas Raithel/Andreas R\xC3\xB6" "dder/Andreas Wirsching (Hrsg.), Auf dem Weg in eine neue Moderne? Die Bundesrepublik Deutschland in den siebziger und achtziger Jahren, M\xC3\xBCnchen 2009.",
		   "Auf dem Weg in eine neue Moderne? Die Bundesrepublik Deutschland in den siebziger und achtziger Jahren", 2009, NULL, NULL, "ok");
	/* (a volume's part title, with the pages cited after the imprint) */
	expect("10 Vgl. Ernst Troeltsch, Gesammelte Schriften, Bd. 3: Der Historismus und seine Probleme, T\xC3\xBC" "bingen 1922, S. 9\xE2\x80\x93" "27.",
		   "Gesammelte Schriften, Bd. 3: Der Historismus und seine Probleme", 1922, NULL, NULL, "ok");
	expect("8 Zum Begriff der Lebenswelt vgl. J\xC3\xBCrgen Habermas, Theorie des kommunikativen Handelns, Bd. 2: Zur Kritik der funktionalistischen Vernunft, Frankfurt a. M. 1981, S. 171-228.",
		   "Theorie des kommunikativen Handelns, Bd. 2: Zur Kritik der funktionalistischen Vernunft", 1981, NULL, NULL, "ok");
	expect("11 Thomas Nipperdey, Deutsche Geschichte 1866\xE2\x80\x93" "1918, Bd. 2: Machtstaat vor der Demokratie, M\xC3\xBCnchen 1992, S. 85.",
		   "Deutsche Geschichte 1866\xE2\x80\x93" "1918, Bd. 2: Machtstaat vor der Demokratie", 1992, NULL, NULL, "ok");
	/* (a book's subtitle, taken for a container, before its place and year; a quoted phrase and its subtitle; an opening article and quote) */
	expect("16 Lujo Brentano, Die Arbeitergilden der Gegenwart. Zur Geschichte der englischen Gewerkvereine, Leipzig 1871.",
		   "Die Arbeitergilden der Gegenwart. Zur Geschichte der englischen Gewerkvereine", 1871, NULL, NULL, "ok");
	expect("33 Kurt Sontheimer, Antidemokratisches Denken in der Weimarer Republik. Die politischen Ideen des deutschen Nationalismus zwischen 1918 und 1933, M\xC3\xBCnchen 1962, S. 141.",
		   "Antidemokratisches Denken in der Weimarer Republik. Die politischen Ideen des deutschen Nationalismus zwischen 1918 und 1933", 1962, NULL, NULL, "ok");
	expect("17 Werner Conze, \xE2\x80\x9EVom P\xC3\xB6" "bel zum Proletariat\xE2\x80\x9C. Sozialgeschichtliche Voraussetzungen f\xC3\xBCr den Sozialismus in Deutschland, Stuttgart 1954.",
		   "\xE2\x80\x9EVom P\xC3\xB6" "bel zum Proletariat\xE2\x80\x9C. Sozialgeschichtliche Voraussetzungen f\xC3\xBCr den Sozialismus in Deutschland", 1954, NULL, NULL, "ok");
	expect("12 Zum Begriff vgl. Max Weber, Die \xE2\x80\x9EObjektivit\xC3\xA4t\xE2\x80\x9C sozialwissenschaftlicher und sozialpolitischer Erkenntnis, in: ders., Gesammelte Aufs\xC3\xA4tze zur Wissenschaftslehre, T\xC3\xBC" "bingen 1922, S. 146\xE2\x80\x93" "214.",
		   "Die \xE2\x80\x9EObjektivit\xC3\xA4t\xE2\x80\x9C sozialwissenschaftlicher und sozialpolitischer Erkenntnis", 1922, NULL, NULL, "ok");
	expect("18 Karl Lamprecht, Deutsche Geschichte. Zur j\xC3\xBCngsten deutschen Vergangenheit, 2 Bde., Freiburg 1903.",
		   "Deutsche Geschichte. Zur j\xC3\xBCngsten deutschen Vergangenheit", 1903, NULL, NULL, "ok");

	/* (a span of years with "bis" ends the title; an abstract noun opens it after the persons; a book's head taken for a container) */
	expect("37 Friedrich-Wilhelm Henning, Das industrialisierte Deutschland 1914 bis 1992, 8. Aufl., Paderborn 1993, S. 219.",
		   "Das industrialisierte Deutschland 1914 bis 1992", 1993, NULL, NULL, "ok");
	expect("3 Werner Abelshauser, Deutsche Wirtschaftsgeschichte. Von 1945 bis zur Gegenwart, 2. Aufl., M\xC3\xBCnchen 2011, S. 153\xE2\x80\x93" "170.",
		   "Deutsche Wirtschaftsgeschichte. Von 1945 bis zur Gegenwart", 2011, NULL, NULL, "ok");
	expect("51 Gerald D. Feldman, The Great Disorder. Politics, Economics, and Society in the German Inflation, 1914\xE2\x80\x93" "1924, New York/Oxford 1993.",
		   "The Great Disorder. Politics, Economics, and Society in the German Inflation, 1914\xE2\x80\x93" "1924", 1993, NULL, NULL, "ok");
	expect("72 Gabriele Metzler, Konzeptionen politischen Handelns von Adenauer bis Brandt. Politische Planung in der pluralistischen Gesellschaft, Paderborn 2005.",
		   "Konzeptionen politischen Handelns von Adenauer bis Brandt. Politische Planung in der pluralistischen Gesellschaft", 2005, NULL, NULL, "ok");
	expect("26 Ders., Ankunft im Westen. Ein Essay zur Erfolgsgeschichte der Bundesrepublik, Frankfurt a. M. 1999, S. 12.",
		   "Ankunft im Westen. Ein Essay zur Erfolgsgeschichte der Bundesrepublik", 1999, NULL, NULL, "ok");
	/* (short forms of a work cited before: a pointer back to its footnote, its volume, "a. a. O.", one long word before a page mark) */
	expect("14 Abelshauser, Wirtschaftsgeschichte (wie Anm. 3), S. 160.",
		   "Wirtschaftsgeschichte", 0, NULL, NULL, "ok");
	expect("31 Wehler, Gesellschaftsgeschichte, Bd. 3 (wie Anm. 2), S. 1250.",
		   "Gesellschaftsgeschichte", 0, NULL, NULL, "ok");
	expect("62 Schwarz, \xC3\x84ra Adenauer 1949\xE2\x80\x93" "1957 (wie Anm. 60), S. 112.",
		   "\xC3\x84ra Adenauer 1949\xE2\x80\x93" "1957", 0, NULL, NULL, "ok");
	expect("70 Sch\xC3\xB6nhoven, Wendejahre (wie Anm. 68), S. 301 ff.",
		   "Wendejahre", 0, NULL, NULL, "ok");
	expect("54 Schildt/Siegfried, Kulturgeschichte (wie Anm. 52), S. 200.",
		   "Kulturgeschichte", 0, NULL, NULL, "ok");
	expect("58 G\xC3\xB6rtemaker, Bundesrepublik, a. a. O., S. 480.",
		   "Bundesrepublik", 0, NULL, NULL, "ok");
	expect("66 Kle\xC3\x9Fmann, Staatsgr\xC3\xBCndung, S. 70.",
		   "Staatsgr\xC3\xBCndung", 0, NULL, NULL, "ok");
	/* (guards: a person's name and a given name are no short titles) */
	expect("M\xC3\xBCller, Hans-Peter, a.a.O., S. 77.",
		   NULL, 0, NULL, NULL, "author_list");
	expect("17 Schildt, Moderne Zeiten, S. 302.",
		   "Moderne Zeiten", 0, NULL, NULL, "ok");

	/* (a title of a list of nouns before its volume's part; how many volumes a work has is no volume; a Vancouver name is no forward person) */
	expect("40 Siehe Wolfgang Hardtwig, Genossenschaft, Sekte, Verein in Deutschland, Bd. 1: Vom Sp\xC3\xA4tmittelalter bis zur Franz\xC3\xB6sischen Revolution, M\xC3\xBCnchen 1997.",
		   "Genossenschaft, Sekte, Verein in Deutschland, Bd. 1: Vom Sp\xC3\xA4tmittelalter bis zur Franz\xC3\xB6sischen Revolution", 1997, NULL, NULL, "ok");
	expect("58 Vgl. etwa Wolfgang Schieder/Volker Sellin (Hrsg.), Sozialgeschichte in Deutschland. Entwicklungen und Perspektiven im internationalen Zusammenhang, 4 Bde., G\xC3\xB6ttingen 1986\xE2\x80\x93" "1987.",
		   "Sozialgeschichte in Deutschland. Entwicklungen und Perspektiven im internationalen Zusammenhang", 1986, NULL, NULL, "ok");
	expect("4. Pipes R. Russia under the Old Regime, Society and State: A Study in Autocracy, 1600-1900. London: Weidenfeld; 1974.",
		   "Russia under the Old Regime, Society and State: A Study in Autocracy, 1600-1900", 1974, NULL, NULL, "ok");

	/* (a translator given name first after "trans."; a hyphenated given name with its second part in lower case) */
	expect("24. Hans Mommsen, The Rise and Fall of Weimar Democracy, trans. Elborg Forster and Larry Eugene Jones (Chapel Hill: University of North Carolina Press, 1996).",
		   "The Rise and Fall of Weimar Democracy", 1996, NULL, NULL, "ok");
	expect("14. See Young-sun Hong, Welfare, Modernity, and the Weimar State, 1919\xE2\x80\x93" "1933 (Princeton: Princeton University Press, 1998).",
		   "Welfare, Modernity, and the Weimar State, 1919\xE2\x80\x93" "1933", 1998, NULL, NULL, "ok");

	/* (a volume's part title after a period, labelled in pieces) */
	expect("B\xC3\xA4" "cker, G./Naegele, G./Bispinck, R./Hofemann, K./Neubauer, J. (2008): Sozialpolitik und soziale Lage in Deutschland. Band 1: Grundlagen, Arbeit, Einkommen und Finanzierung. 4. Aufl., Wiesbaden: VS Verlag.",
		   "Sozialpolitik und soziale Lage in Deutschland. Band 1: Grundlagen, Arbeit, Einkommen und Finanzierung", 2008, NULL, NULL, "ok");

	/* (French notes: persons joined by "et", the book's subtitle before "Paris, Aubier", a translator's note after a comma, the book taken for a container) */
	expect("7. Luc Boltanski et \xC3\x88ve Chiapello, Le Nouvel Esprit du capitalisme, Paris, Gallimard, 1999, p. 35-40.",
		   "Le Nouvel Esprit du capitalisme", 1999, NULL, NULL, "ok");
	expect("23. Daniel Roche, Le Peuple de Paris. Essai sur la culture populaire au XVIIIe si\xC3\xA8" "cle, Paris, Aubier, 1981.",
		   "Le Peuple de Paris. Essai sur la culture populaire au XVIIIe si\xC3\xA8" "cle", 1981, NULL, NULL, "ok");
	expect("9. Norbert Elias, La Soci\xC3\xA9t\xC3\xA9 de cour, trad. Pierre Kamnitzer et Jeanne Etor\xC3\xA9, Paris, Flammarion, 1985.",
		   "La Soci\xC3\xA9t\xC3\xA9 de cour", 1985, NULL, NULL, "ok");
	expect("14. Emmanuel Le Roy Ladurie, Montaillou, village occitan de 1294 \xC3\xA0 1324, Paris, Gallimard, 1975.",
		   "Montaillou, village occitan de 1294 \xC3\xA0 1324", 1975, NULL, NULL, "ok");

	/* (a place's abbreviation before the year; guards: an inverted double family name and its given name are no persons given name first, a meeting is no subtitle) */
	expect("24. Peter H\xC3\xA4" "berle, Die Verfassung des Pluralismus. Studien zur Verfassungstheorie der offenen Gesellschaft, K\xC3\xB6nigstein/Ts. 1980.",
		   "Die Verfassung des Pluralismus. Studien zur Verfassungstheorie der offenen Gesellschaft", 1980, NULL, NULL, "ok");
	expect("Soto Laveaga, Gabriela. Jungle Laboratories: Mexican Peasants, National Projects, and the Making of the Pill. Durham: Duke University Press, 2009.",
		   "Jungle Laboratories: Mexican Peasants, National Projects, and the Making of the Pill", 2009, NULL, NULL, "ok");
	expect("Spray, J. G. and Kelley, S. P., Melt generation in the Sudbury impact structure (abstract). GSA, Program with Abstracts, Annual Meeting, Denver, CO. 1996.",
		   "Melt generation in the Sudbury impact structure (abstract)", 1996, NULL, NULL, "ok");

	/* malformed identifiers: reported, never returned as identifiers */
	expect("arXiv:9999.99999", NULL, 0, NULL, NULL, "identifier_only");
	expect_extra("arXiv:9999.99999", NULL, "arXiv:9999.99999");
	expect_extra("doi:10./x", NULL, "doi:10./x");
	expect_extra("A. Author. A title of a paper. arXiv:2001.0836, 2020.", NULL, "arXiv:2001.0836");
	expect("A. Author. A title of a paper. arXiv:2001.0836, 2020.", "A title of a paper", 2020, NULL, NULL, "ok");

	/* stop 42: a revision statement with its own abbreviations, a back reference without "wie", a one-word title before place and year, given names the lexicon lacks */
	expect("Kraus, Helene (2006): Soziologie der Arbeit. 4., \xC3\xBC" "berarb. u. erw. Aufl. Wiesbaden: VS (Studienskripten zur Soziologie).",
		   "Soziologie der Arbeit", 2006, NULL, NULL, "ok");
	expect("17 Brandt, Weltgesellschaft (Anm. 4), S. 212.",
		   "Weltgesellschaft", 0, NULL, NULL, "ok");
	expect("9 Lorenz, Handlungstheorie (Fn. 2), S. 30 f.",
		   "Handlungstheorie", 0, NULL, NULL, "ok");
	expect("15 Vgl. Colin Crouch, Postdemokratie, Frankfurt a. M. 2008, S. 10.",
		   "Postdemokratie", 2008, NULL, NULL, "ok");
	expect("5 Siehe Dagmar Vogt/Holger Brenner, Einkommensarmut im Alter, Opladen 2004.",
		   "Einkommensarmut im Alter", 2004, NULL, NULL, "ok");
	/* guards: a note's pointer that is no back reference stays in the title; a lone given name after the persons opens the title */
	expect("Kessler, Ute (2010): Die Anm. 7 und ihre Folgen. Berlin: Dietz.",
		   "Die Anm. 7 und ihre Folgen", 2010, NULL, NULL, "ok");
	expect("21 Jochen Haller, Konrad, warum gehst du nicht? Kindheit in der Nachkriegszeit, Hamburg 1998.",
		   "Konrad, warum gehst du nicht? Kindheit in der Nachkriegszeit", 1998, NULL, NULL, "ok");

	/* a parliament's report: its ordinal opens the title, its document number is a note, its title runs on to it */
	expect("Deutscher Bundestag (2009): 13. Kinder- und Jugendbericht. Bericht \xC3\xBC" "ber die Lebenssituation junger Menschen und die gesundheitsbezogene Pr\xC3\xA4vention in Deutschland. Drucksache 16/12860. Berlin.",
		   "13. Kinder- und Jugendbericht. Bericht \xC3\xBC" "ber die Lebenssituation junger Menschen und die gesundheitsbezogene Pr\xC3\xA4vention in Deutschland", 2009, NULL, NULL, "ok");

	/* a one-word title before "in:", a title's head left in the names before a title run in lower case, a third person taken into the title run */
	expect("1 Vgl. Hans Peter Kuhn, Erwerbsverlauf, in: Bernhard Sch\xC3\xA4" "fers/Wolfgang Zapf (Hrsg.), Handw\xC3\xB6rterbuch zur Gesellschaft Deutschlands, 2. Aufl., Opladen 2001, S. 446\xE2\x80\x93" "460.",
		   "Erwerbsverlauf", 2001, NULL, NULL, "ok");
	expect("7 Rolf Ebbing, Soziale Herkunft, berufliche Mobilit\xC3\xA4t, politische Einstellung, in: Zeitschrift f\xC3\xBCr Soziologie 12 (1983), S. 44\xE2\x80\x93" "61.",
		   "Soziale Herkunft, berufliche Mobilit\xC3\xA4t, politische Einstellung", 1983, NULL, NULL, "ok");
	expect("28 Vgl. Karl Martin Grell/Dieter Meissner/Friedhelm Ebbing, Soziale Mobilit\xC3\xA4t, Opladen 1974.",
		   "Soziale Mobilit\xC3\xA4t", 1974, NULL, NULL, "ok");

	/* Chicago notes: a note's number and period before a person named given name first (a particle too), a short form whose title ends with a question mark */
	expect("22. Margaret Weir, Ann Shola Orloff, and Theda Skocpol, eds., The Politics of Social Policy in the United States (Princeton, NJ: Princeton University Press, 1988).",
		   "The Politics of Social Policy in the United States", 1988, NULL, NULL, "ok");
	expect("19. Kees van Kersbergen, Social Capitalism: A Study of Christian Democracy and the Welfare State (London: Routledge, 1995).",
		   "Social Capitalism: A Study of Christian Democracy and the Welfare State", 1995, NULL, NULL, "ok");
	expect("6. Pierson, Dismantling the Welfare State?, 15.",
		   "Dismantling the Welfare State?", 0, NULL, NULL, "ok");
	/* guard: a numbered list's inverted author keeps its number out by the labeller */
	expect("9. Eary, L. Rivers of the north. London: Fenwick, 1977.",
		   "Rivers of the north", 1977, NULL, NULL, "ok");

	/* a Vancouver list's number stays the labeller's (a guard) */
	expect("20. Baldwin P, Kerr D. Solidarity and the welfare state. Soc Policy Adm. 1990;24(2):101-12.",
		   "Solidarity and the welfare state", 1990, NULL, NULL, "ok");

	/* an issue's mark inside the volume run: the issue's */
	expect_fields("Kessler, Ute (2004): Die Gleichzeitigkeit des Ungleichen. In: Soziale Welt 55, H. 2, S. 77\xE2\x80\x93" "98.",
				  "Kessler, Ute", "Soziale Welt", "55", "2", "77\xE2\x80\x93" "98", NULL, NULL);
	expect_fields("8. Ann Mercer, \"Returns and Paths in Politics,\" American Journal of Sociology 94, no. 2 (2000): 251\xE2\x80\x93" "67.",
				  "Ann Mercer", "American Journal of Sociology", "94", "2", "251\xE2\x80\x93" "67", NULL, NULL);

	/* bad input: NULL pointer, garbage bytes, over-long text */
	{
		char	   *work = malloc(pith_reference_workspace(0, model));
		pith_parsed_ref r;
		char	   *big;
		size_t		n = 1024 * 1024;

		pith_reference_parse(model, NULL, 0, work, &r);
		if (r.quality != PITH_REF_EMPTY || r.title)
			failures++;
		big = malloc(n);
		memset(big, 'a', n);
		pith_reference_parse(model, big, n, work, &r);	/* too long: no parse, no workspace use */
		if (r.quality != PITH_REF_TOO_LONG || r.title || r.year)
			failures++;
		free(big);
		/* every byte value, in a text under the cap */
		n = 4096;
		big = malloc(n);
		for (size_t i = 0; i < n; i++)
			big[i] = (char) ((i * 7919u) & 0xff);
		{
			char	   *w = malloc(pith_reference_workspace(n, model));

			pith_reference_parse(model, big, n, w, &r);
			free(w);
		}
		free(big);
		free(work);
	}
	free(model);

	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	return 0;
}
