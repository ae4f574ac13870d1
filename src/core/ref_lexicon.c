/*
 * ref_lexicon.c -- the labeller's word lists (see ref_lexicon.h).  Each
 * class is one string of space-separated lower-case words; on first use
 * they are hashed into one table sorted by hash, which lookups search by
 * bisection.  The table is built once per process and never freed; its
 * contents are fixed, so concurrent builders would write the same bytes.
 */
#include "ref_lexicon.h"
#include "ref_features.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* FNV-1a over len bytes. */
uint32_t
pith_ref_hash_bytes(const char *s, size_t len)
{
	uint32_t	h = 2166136261u;

	for (size_t i = 0; i < len; i++)
	{
		h ^= (unsigned char) s[i];
		h *= 16777619u;
	}
	return h;
}

typedef struct lex_class
{
	uint32_t	bit;
	const char *words;
} lex_class;

static const lex_class classes[] = {
	{PITH_LEX_MONTH,
		"january february march april may june july august september october november december "
		"jan feb mar apr jun jul aug sep sept oct nov dec "
		"januar jänner februar märz maerz mai juni juli oktober dezember "
		"janvier février fevrier mars avril juin juillet août aout septembre octobre novembre décembre decembre "
		"enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre "
		"gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre "
		"spring summer fall autumn winter frühjahr frühling sommer herbst printemps été automne hiver"},
	{PITH_LEX_VENUE,
		"journal journals proceedings proceeding conference conferences symposium workshop transactions "
		"letters review reviews annals bulletin magazine quarterly newsletter yearbook handbook encyclopedia "
		"zeitschrift jahrbuch archiv archives berichte mitteilungen blätter forschung vierteljahresschrift "
		"monatshefte tagung tagungsband kongress sammelband "
		"revue cahiers actes annales congrès colloque "
		"revista anales actas congreso cuadernos boletín "
		"rivista atti annali quaderni convegno bollettino "
		"congress colloquium meeting forum society gesellschaft association international national annual "
		"european american acta studies studien research communications reports notes series "
		"advances frontiers trends perspectives progress abstracts lecture"},
	{PITH_LEX_VENUE_ABBR,
		"proc j trans rev lett phys ann bull int intl conf symp natl nat acad sci eng comput math stat res "
		"soc am appl chem biol med econ mag z zs zeitschr jb arch ztschr jour rep commun mech opt astron "
		"astrophys geophys mol neurosci psychol sociol polit educ philos hist lit ling stud theor exp "
		"adv syst inf inform technol eur amer br brit can aust jpn quart ieee acm siam aaai ijcai "
		"neurips nips icml iclr cvpr iccv eccv acl emnlp naacl coling kdd sigir www corr"},
	{PITH_LEX_VOLUME,
		"vol vols volume volumes bd band bände jg jahrgang jahrg tome tomo t no nr nos number numero num "
		"numéro número heft hft h issue iss fasc fascicule suppl supplement anno año année"},
	{PITH_LEX_PAGES,
		"pp p pages page seiten seite s ss pgs pg pág págs pag pagg ff f art article"},
	{PITH_LEX_EDITOR,
		"ed eds editor editors edited hrsg hg hgg herausgeber herausgegeben herausgeberin dir dirs coord "
		"cura coords éd éds"},
	{PITH_LEX_IN, "in dans en im nel"},
	{PITH_LEX_PUBLISHER,
		"press verlag verlags publishing publishers publisher publications books university universität "
		"universitaet université universidad università college institute institut springer elsevier "
		"wiley routledge sage oxford cambridge mit mcgraw-hill academic kluwer blackwell pearson penguin "
		"suhrkamp beck campus vs westdeutscher leske budrich nomos kohlhammer transcript waxmann juventa "
		"hanser teubner gruyter vandenhoeck ruprecht mohr siebeck klett rowohlt dtv piper harrassowitz "
		"schöningh francke utb gallimard seuil puf harmattan flammarion fayard minuit dunod colin "
		"découverte paidós siglo alianza cátedra tecnos feltrinelli einaudi mulino laterza angeli carocci "
		"taylor francis crc aip iop apa norton harvard yale princeton stanford editorial editora editore "
		"editions éditions edizioni ediciones verlagsgesellschaft gmbh inc ltd co kg"},
	{PITH_LEX_PLACE,
		"berlin london paris new york münchen munich frankfurt hamburg köln cologne wien vienna zürich "
		"zurich basel bern leipzig stuttgart heidelberg bonn göttingen opladen wiesbaden tübingen weinheim "
		"baden-baden darmstadt mannheim freiburg düsseldorf dresden hannover bielefeld münster konstanz "
		"mainz bremen kassel marburg gießen giessen jena halle erlangen nürnberg augsburg regensburg "
		"madrid barcelona roma rome milano milan bologna torino firenze napoli lyon marseille bruxelles "
		"brussels amsterdam leiden boston chicago philadelphia toronto washington san francisco los "
		"angeles berkeley thousand oaks newbury beverly hills dordrecht cham hoboken malden oxon abingdon "
		"englewood cliffs saddle river mexico buenos aires lisboa paulo singapore tokyo beijing "
		"heidelberg ny ca nj ma il ct uk usa germany deutschland bristol edinburgh manchester glasgow "
		"sydney melbourne montreal québec genève geneva lausanne luzern salzburg innsbruck graz"},
	{PITH_LEX_GIVEN,
		"john james robert michael william david richard thomas charles joseph christopher daniel matthew "
		"anthony mark paul steven andrew kenneth joshua kevin brian george edward ronald timothy jason "
		"jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin samuel "
		"frank gregory raymond alexander patrick jack dennis jerry tyler aaron henry peter adam nathan "
		"mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa betty margaret "
		"sandra ashley kimberly emily donna michelle dorothy carol amanda melissa deborah stephanie rebecca "
		"laura sharon cynthia kathleen amy shirley angela helen anna brenda pamela nicole emma samantha "
		"katherine christine debra rachel catherine carolyn janet ruth maria heather diane virginia julie "
		"joyce victoria kelly christina lauren joan evelyn olivia judith megan cheryl martha andrea "
		"hans klaus jürgen juergen wolfgang andreas stefan christian markus uwe dieter heinz karl ulrich "
		"werner manfred jan petra sabine claudia monika ursula birgit susanne julia martin horst gerhard "
		"günter guenter helmut walter rainer bernd jörg joerg ralf dirk sven tobias florian sebastian "
		"matthias katharina christiane heike silke anke kerstin stefanie nadine kathrin franziska johannes "
		"friedrich wilhelm ernst otto max fritz georg ludwig heinrich hermann kurt rudolf gisela ingrid "
		"jean pierre jacques françois francois michel philippe alain marie nicolas louis henri bernard "
		"christophe olivier sylvie isabelle nathalie catherine françoise monique "
		"luis carlos josé jose juan antonio francisco manuel javier miguel ana pablo pedro jorge fernando "
		"ricardo alejandro sergio rafael diego mercedes carmen lucía lucia rosa isabel "
		"giovanni giuseppe marco luca francesco alessandro paolo roberto stefano massimo lorenzo matteo "
		"giulia chiara francesca elena sara valentina silvia"},
	{PITH_LEX_PARTICLE,
		"van von de der den del della di da du la le dos das ten ter zu vom zur ver dei degli"},
	{PITH_LEX_STOP,
		"the a an of for and on in with to from by at as is are via its their this that or not without "
		"towards toward into through between under over about after before against among "
		"der die das und des den dem ein eine einer eines zur zum im für fur über uber mit von bei als "
		"zwischen oder auf aus nach wie "
		"le la les des du et un une pour sur dans avec entre vers "
		"el los las del y en para con por una sobre entre "
		"il lo gli della delle e per nel nella con tra fra"},
	{PITH_LEX_ETAL, "et al others u.a ua etal"},
	{PITH_LEX_AND, "and und et y e"},
	{PITH_LEX_ACCESS,
		"accessed retrieved abgerufen zugegriffen consulted consulté consultado visited viewed last "
		"zugriff abruf stand"},
	{PITH_LEX_ONLINE,
		"doi arxiv preprint preprints url http https www isbn issn pmid pmcid urn available online "
		"biorxiv medrxiv ssrn e-prints eprint"},
	{PITH_LEX_THESIS,
		"thesis theses dissertation diss phd master masters bachelor habilitation report reports technical "
		"working paper papers tech manuscript unpublished draft diplomarbeit magisterarbeit doktorarbeit "
		"masterarbeit bachelorarbeit habilitationsschrift mémoire tesis tesi"},
	{PITH_LEX_EDITION,
		"edition aufl auflage édition edición edizione revised ed überarbeitete erweiterte neubearbeitete"},
};

typedef struct lex_entry
{
	uint32_t	hash;
	uint32_t	bits;
} lex_entry;

#define LEX_MAX 2048

static lex_entry table[LEX_MAX];
static size_t table_len = 0;
static bool table_ready = false;

static int
cmp_entry(const void *a, const void *b)
{
	uint32_t	x = ((const lex_entry *) a)->hash,
				y = ((const lex_entry *) b)->hash;

	return x < y ? -1 : x > y;
}

/* Hash every word of every class into the sorted table. */
static void
build_table(void)
{
	size_t		n = 0,
				w = 0;

	for (size_t c = 0; c < sizeof(classes) / sizeof(classes[0]); c++)
	{
		const char *s = classes[c].words;

		while (*s)
		{
			const char *e = s;

			while (*e && *e != ' ')
				e++;
			if (e > s && n < LEX_MAX)
			{
				table[n].hash = pith_ref_hash_bytes(s, (size_t) (e - s));
				table[n].bits = classes[c].bit;
				n++;
			}
			s = *e ? e + 1 : e;
		}
	}
	qsort(table, n, sizeof(table[0]), cmp_entry);
	/* merge the classes of a word listed more than once */
	for (size_t r = 0; r < n; r++)
	{
		if (w > 0 && table[w - 1].hash == table[r].hash)
			table[w - 1].bits |= table[r].bits;
		else
			table[w++] = table[r];
	}
	table_len = w;
	table_ready = true;
}

/* The classes of a lower-cased word. */
uint32_t
pith_ref_lexicon(const char *lower, size_t len)
{
	uint32_t	h;
	size_t		lo = 0,
				hi;

	if (!table_ready)
		build_table();
	h = pith_ref_hash_bytes(lower, len);
	hi = table_len;
	while (lo < hi)
	{
		size_t		mid = lo + (hi - lo) / 2;

		if (table[mid].hash < h)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo < table_len && table[lo].hash == h) ? table[lo].bits : 0;
}
