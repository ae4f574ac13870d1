/*
 * title_norm.c -- title normalization and title keys with ICU, in pure C.
 *
 * normalize: spacing accents dropped -> NFKC_Casefold, decomposed -> nonspacing
 * marks dropped, a few letters without decomposition mapped (ł, ø, æ, ...) ->
 * letters and digits kept, apostrophes dropped, anything else one space ->
 * NFC again when non-Latin text may need recomposition (Hangul).
 * key: the same after reference debris (URLs, venue tails glued on by PDF
 * text extraction, arXiv notes, trailing years) is cut off, with no spaces.
 * Pure ASCII input takes a byte-level path that gives the same answers.
 */
#include "title_core.h"
#include "title_internal.h"
#include "ascii.h"

#include <string.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

int			pith_title_force_icu = 0;

/* Normalizers are process-wide ICU singletons; looked up once. */
static const UNormalizer2 *norm_nfkc_cf_decompose;
static const UNormalizer2 *norm_nfkc;
static const UNormalizer2 *norm_nfc;

/* Interrupt hook period, in code points. */
#define INTERRUPT_EVERY 65536

/* Record an ICU failure in err and return its status. */
static pith_title_status
icu_fail(pith_title_err *err, UErrorCode code, const char *call)
{
	err->status = PITH_TITLE_ICU_ERROR;
	err->icu_error = (int) code;
	err->icu_call = call;
	return PITH_TITLE_ICU_ERROR;
}

/* Record a non-ICU failure in err and return it. */
static pith_title_status
plain_fail(pith_title_err *err, pith_title_status st)
{
	err->status = st;
	err->icu_error = 0;
	err->icu_call = NULL;
	return st;
}

/* Allocate n elements of size sz through the env, refusing overflow. */
void *
pith_title_alloc(const pith_title_env *env, size_t n, size_t sz)
{
	if (sz != 0 && n > (SIZE_MAX / 2) / sz)
		return NULL;
	return env->alloc(n * sz == 0 ? 1 : n * sz, env->arg);
}

/* Call the interrupt hook if there is one. */
static void
check_interrupts(const pith_title_env *env)
{
	if (env->check_interrupts)
		env->check_interrupts(env->arg);
}

/* Look up the ICU normalizers once. */
static pith_title_status
load_normalizers(pith_title_err *err)
{
	UErrorCode	status = U_ZERO_ERROR;

	if (norm_nfkc_cf_decompose && norm_nfkc && norm_nfc)
		return PITH_TITLE_OK;
	norm_nfkc_cf_decompose = unorm2_getInstance(NULL, "nfkc_cf", UNORM2_DECOMPOSE, &status);
	if (U_FAILURE(status))
	{
		norm_nfkc_cf_decompose = NULL;
		return icu_fail(err, status, "unorm2_getInstance");
	}
	norm_nfkc = unorm2_getNFKCInstance(&status);
	if (U_FAILURE(status))
	{
		norm_nfkc = NULL;
		return icu_fail(err, status, "unorm2_getNFKCInstance");
	}
	norm_nfc = unorm2_getNFCInstance(&status);
	if (U_FAILURE(status))
	{
		norm_nfc = NULL;
		return icu_fail(err, status, "unorm2_getNFCInstance");
	}
	return PITH_TITLE_OK;
}

/* Is this a spacing accent (or modifier mark) that PDF text splits off? */
static int
is_spacing_accent(UChar32 c)
{
	if (c < 0x80)
		return c == '^' || c == '`';
	if (c >= 0x02B9 && c <= 0x02FF)
		return 1;
	return u_charType(c) == U_MODIFIER_SYMBOL;
}

/* Apostrophes join the letters around them instead of separating words. */
static int
is_apostrophe(UChar32 c)
{
	return c == 0x0027 || c == 0x2018 || c == 0x2019 || c == 0x201B ||
		c == 0x2032 || c == 0xFF07;
}

/* Convert UTF-8 to UTF-16 in freshly allocated memory. */
static pith_title_status
to_utf16(const pith_title_env *env, const char *s, size_t len,
		 UChar **out, int32_t *outlen, pith_title_err *err)
{
	UErrorCode	status = U_ZERO_ERROR;
	UChar	   *u;
	int32_t		n = 0;

	u = pith_title_alloc(env, len + 1, sizeof(UChar));
	if (!u)
		return plain_fail(err, PITH_TITLE_NO_MEMORY);
	u_strFromUTF8WithSub(u, (int32_t) len + 1, &n, s, (int32_t) len, 0xFFFD, NULL, &status);
	if (U_FAILURE(status))
	{
		env->release(u, env->arg);
		return icu_fail(err, status, "u_strFromUTF8WithSub");
	}
	*out = u;
	*outlen = n;
	return PITH_TITLE_OK;
}

/* Delete spacing accents in place ("Schro¨dinger" -> "Schrodinger"). */
static int32_t
drop_spacing_accents(UChar *u, int32_t n)
{
	int32_t		i = 0,
				o = 0;

	while (i < n)
	{
		int32_t		start = i;
		UChar32		c;

		/* ASCII and the Latin letters U+00C0..U+024F hold no spacing accent but '^', '`' */
		if (u[i] < 0x80 || (u[i] >= 0xC0 && u[i] <= 0x24F))
		{
			if (u[i] != '^' && u[i] != '`')
				u[o++] = u[i];
			i++;
			continue;
		}
		U16_NEXT(u, i, n, c);
		if (is_spacing_accent(c))
			continue;
		while (start < i)
			u[o++] = u[start++];
	}
	return o;
}

/* Run one ICU normalizer into freshly allocated memory, growing on overflow. */
static pith_title_status
run_normalizer(const pith_title_env *env, const UNormalizer2 *norm,
			   const UChar *src, int32_t n, UChar **out, int32_t *outlen,
			   pith_title_err *err)
{
	int32_t		cap = n < (INT32_MAX - 16) / 2 ? n * 2 + 16 : INT32_MAX - 1;
	int			attempt;

	for (attempt = 0; attempt < 2; attempt++)
	{
		UErrorCode	status = U_ZERO_ERROR;
		UChar	   *dst = pith_title_alloc(env, (size_t) cap + 1, sizeof(UChar));
		int32_t		got;

		if (!dst)
			return plain_fail(err, PITH_TITLE_NO_MEMORY);
		got = unorm2_normalize(norm, src, n, dst, cap, &status);
		if (status == U_BUFFER_OVERFLOW_ERROR && attempt == 0)
		{
			env->release(dst, env->arg);
			cap = got;
			continue;
		}
		if (U_FAILURE(status))
		{
			env->release(dst, env->arg);
			return icu_fail(err, status, "unorm2_normalize");
		}
		*out = dst;
		*outlen = got;
		return PITH_TITLE_OK;
	}
	return icu_fail(err, U_BUFFER_OVERFLOW_ERROR, "unorm2_normalize");
}

/* Letters without a canonical decomposition that unaccent folds too. */
static const char *
fold_special_letter(UChar32 c)
{
	switch (c)
	{
		case 0x00E6: return "ae";
		case 0x0153: return "oe";
		case 0x00FE: return "th";
		case 0x00F8: return "o";
		case 0x00F0: return "d";
		case 0x0111: return "d";
		case 0x0127: return "h";
		case 0x0131: return "i";
		case 0x0142: return "l";
		case 0x0167: return "t";
		case 0x0180: return "b";
		case 0x0268: return "i";
		default: return NULL;
	}
}

/* What folding does with one code point: keep it, drop it, or separate. */
enum fold_class
{
	FOLD_KEEP,
	FOLD_DROP,
	FOLD_SEP
};

/* Classify a code point of casefolded, decomposed text. */
static enum fold_class
classify(UChar32 c)
{
	if (c < 0x80)
	{
		if (pith_ascii_is_alnum((unsigned char) c))
			return FOLD_KEEP;
		if (c == '\'' || c == '`' || c == '^')
			return FOLD_DROP;
		return FOLD_SEP;
	}
	/*
	 * Modifier-letter apostrophes and accents (U+02B9..U+02FF) are dropped
	 * here too, not only before NFKC: NFKC itself can produce them (U+0149
	 * "ŉ" becomes U+02BC + "n"), and normalizing must be idempotent.
	 */
	if (c >= 0x02B9 && c <= 0x02FF)
		return FOLD_DROP;
	switch (u_charType(c))
	{
		case U_UPPERCASE_LETTER:
		case U_LOWERCASE_LETTER:
		case U_TITLECASE_LETTER:
		case U_MODIFIER_LETTER:
		case U_OTHER_LETTER:
		case U_DECIMAL_DIGIT_NUMBER:
		case U_LETTER_NUMBER:
		case U_OTHER_NUMBER:
		case U_COMBINING_SPACING_MARK:
			return FOLD_KEEP;
		case U_NON_SPACING_MARK:
		case U_ENCLOSING_MARK:
		case U_FORMAT_CHAR:
		case U_MODIFIER_SYMBOL:
			return FOLD_DROP;
		default:
			return is_apostrophe(c) ? FOLD_DROP : FOLD_SEP;
	}
}

/*
 * Fold decomposed, casefolded text dec[0..dn) into res (room for 2 * dn
 * units): words separated by one space (key == 0) or no separators at all
 * (key != 0).  *need_nfc is set when a kept code point may need composing
 * again.  Returns the number of units written.  env (may be NULL) supplies
 * the interrupt hook.
 */
static int32_t
fold_decomposed(const pith_title_env *env, const UChar *dec, int32_t dn, int key,
				UChar *res, int *need_nfc)
{
	int32_t		i = 0,
				o = 0;
	int			pending_sep = 0;

	while (i < dn)
	{
		UChar32		c;
		const char *special;

		if ((i & (INTERRUPT_EVERY - 1)) == 0 && i > 0 && env)
			check_interrupts(env);
		/* ASCII, as classify() and the rest below would take it, in one step */
		if (dec[i] < 0x80)
		{
			UChar		a = dec[i++];

			if (pith_ascii_is_alnum((unsigned char) a))
			{
				if (pending_sep && o > 0 && !key)
					res[o++] = ' ';
				pending_sep = 0;
				res[o++] = a;
			}
			else if (a != '\'' && a != '`' && a != '^')
				pending_sep = 1;
			continue;
		}
		U16_NEXT(dec, i, dn, c);
		switch (classify(c))
		{
			case FOLD_DROP:
				continue;
			case FOLD_SEP:
				pending_sep = 1;
				continue;
			case FOLD_KEEP:
				break;
		}
		if (pending_sep && o > 0 && !key)
			res[o++] = ' ';
		pending_sep = 0;
		special = fold_special_letter(c);
		if (special)
		{
			while (*special)
				res[o++] = (UChar) *special++;
			continue;
		}
		if (c >= 0x0300)
			*need_nfc = 1;
		U16_APPEND_UNSAFE(res, o, c);
	}
	return o;
}

/*
 * Fold UTF-16 text (spacing accents already dropped) into normalized form:
 * words separated by one space (key == 0) or no separators at all (key != 0).
 */
static pith_title_status
fold_utf16(const pith_title_env *env, const UChar *src, int32_t n, int key,
		   UChar **out, int32_t *outlen, pith_title_err *err)
{
	UChar	   *dec = NULL,
			   *res;
	int32_t		dn = 0,
				o;
	int			need_nfc = 0;
	pith_title_status st;

	st = run_normalizer(env, norm_nfkc_cf_decompose, src, n, &dec, &dn, err);
	if (st != PITH_TITLE_OK)
		return st;
	/* special letters expand to at most 2 units per code point */
	res = pith_title_alloc(env, (size_t) dn * 2 + 1, sizeof(UChar));
	if (!res)
	{
		env->release(dec, env->arg);
		return plain_fail(err, PITH_TITLE_NO_MEMORY);
	}
	o = fold_decomposed(env, dec, dn, key, res, &need_nfc);
	env->release(dec, env->arg);
	if (need_nfc)
	{
		UChar	   *composed;
		int32_t		cn;

		st = run_normalizer(env, norm_nfc, res, o, &composed, &cn, err);
		env->release(res, env->arg);
		if (st != PITH_TITLE_OK)
			return st;
		res = composed;
		o = cn;
	}
	res[o] = 0;
	*out = res;
	*outlen = o;
	return PITH_TITLE_OK;
}

/* The ASCII path of folding, byte to byte; same answers as fold_utf16. */
static size_t
fold_ascii(const char *s, size_t len, int key, char *out)
{
	size_t		i,
				o = 0;
	int			pending_sep = 0;

	for (i = 0; i < len; i++)
	{
		unsigned char c = (unsigned char) s[i];

		if (!pith_ascii_is_alnum(c))
		{
			if (c != '\'' && c != '`' && c != '^')
				pending_sep = 1;
			continue;
		}
		if (pending_sep && o > 0 && !key)
			out[o++] = ' ';
		pending_sep = 0;
		out[o++] = (char) pith_ascii_lower(c);
	}
	out[o] = '\0';
	return o;
}

/* Is s[0..len) all ASCII? */
static int
all_ascii(const char *s, size_t len)
{
	size_t		i;

	for (i = 0; i < len; i++)
		if ((unsigned char) s[i] >= 0x80)
			return 0;
	return 1;
}

/* Convert UTF-16 to UTF-8 in freshly allocated memory. */
static pith_title_status
to_utf8(const pith_title_env *env, const UChar *u, int32_t n,
		char **out, size_t *outlen, pith_title_err *err)
{
	UErrorCode	status = U_ZERO_ERROR;
	int32_t		got = 0;
	char	   *s;

	s = pith_title_alloc(env, (size_t) n * 3 + 1, 1);
	if (!s)
		return plain_fail(err, PITH_TITLE_NO_MEMORY);
	u_strToUTF8WithSub(s, n * 3 + 1, &got, u, n, 0xFFFD, NULL, &status);
	if (U_FAILURE(status))
	{
		env->release(s, env->arg);
		return icu_fail(err, status, "u_strToUTF8WithSub");
	}
	s[got] = '\0';
	*out = s;
	*outlen = (size_t) got;
	return PITH_TITLE_OK;
}

/* Check the input size and make sure ICU is ready. */
static pith_title_status
prologue(size_t len, pith_title_err *err)
{
	memset(err, 0, sizeof(*err));
	if (len > PITH_TITLE_MAX_INPUT)
		return plain_fail(err, PITH_TITLE_TOO_LONG);
	return load_normalizers(err);
}

/* See title_core.h. */
pith_title_status
pith_title_normalize(const pith_title_env *env, const char *s, size_t len,
					 char **out, size_t *outlen, pith_title_err *err)
{
	pith_title_status st = prologue(len, err);
	UChar	   *u,
			   *f;
	int32_t		un,
				fn;

	if (st != PITH_TITLE_OK)
		return st;
	if (!pith_title_force_icu && all_ascii(s, len))
	{
		char	   *r = pith_title_alloc(env, len + 1, 1);

		if (!r)
			return plain_fail(err, PITH_TITLE_NO_MEMORY);
		*outlen = fold_ascii(s, len, 0, r);
		*out = r;
		return PITH_TITLE_OK;
	}
	st = to_utf16(env, s, len, &u, &un, err);
	if (st != PITH_TITLE_OK)
		return st;
	un = drop_spacing_accents(u, un);
	st = fold_utf16(env, u, un, 0, &f, &fn, err);
	env->release(u, env->arg);
	if (st != PITH_TITLE_OK)
		return st;
	st = to_utf8(env, f, fn, out, outlen, err);
	env->release(f, env->arg);
	return st;
}

/* What the ASCII path's copy loop notes about each byte. */
#define COPY_ACCENT 1			/* '^' or '`': dropped */
#define COPY_SLASH	2			/* '/': a URL may follow */
#define COPY_DOT	4			/* '.': "www." may be there */
#define COPY_HIGH	8			/* not ASCII: the table or general path */
#define COPY_MARK	16			/* . ? ! , ( : a debris rule may start */
#define COPY_X		32			/* 'x' or 'X': "arxiv" may be there */
#define COPY_R		64			/* 'r' or 'R' */
#define COPY_RR		128			/* two of them in a row: "corr" may be there */
#define COPY_W		256			/* 'w' or 'W': "www." may be there */
static const unsigned short copy_class[256] = {
	['^'] = COPY_ACCENT, ['`'] = COPY_ACCENT, ['/'] = COPY_SLASH, ['.'] = COPY_DOT | COPY_MARK,
	['?'] = COPY_MARK, ['!'] = COPY_MARK, [','] = COPY_MARK, ['('] = COPY_MARK,
	['x'] = COPY_X, ['X'] = COPY_X, ['r'] = COPY_R, ['R'] = COPY_R, ['w'] = COPY_W, ['W'] = COPY_W,
#define H8(x) [x] = COPY_HIGH, [x + 1] = COPY_HIGH, [x + 2] = COPY_HIGH, [x + 3] = COPY_HIGH, \
	[x + 4] = COPY_HIGH, [x + 5] = COPY_HIGH, [x + 6] = COPY_HIGH, [x + 7] = COPY_HIGH
#define H64(x) H8(x), H8(x + 8), H8(x + 16), H8(x + 24), H8(x + 32), H8(x + 40), H8(x + 48), H8(x + 56)
	H64(0x80), H64(0xC0)
#undef H64
#undef H8
};

/* Key unit of an ASCII character: a letter lower-cased, a digit, or 0. */
static const UChar key_unit[128] = {
	['0'] = '0', ['1'] = '1', ['2'] = '2', ['3'] = '3', ['4'] = '4',
	['5'] = '5', ['6'] = '6', ['7'] = '7', ['8'] = '8', ['9'] = '9',
#define L(x) [x] = x + 32, [x + 32] = x + 32
	L('A'), L('B'), L('C'), L('D'), L('E'), L('F'), L('G'), L('H'), L('I'),
	L('J'), L('K'), L('L'), L('M'), L('N'), L('O'), L('P'), L('Q'), L('R'),
	L('S'), L('T'), L('U'), L('V'), L('W'), L('X'), L('Y'), L('Z'),
#undef L
};

/*
 * Copy s[i..len) to UTF-16 u[*un..] one byte at a time, dropping '^' and
 * '`', and OR the copy_class of each byte into *seen (with COPY_RR for two
 * r in a row; *pf is the class of the byte before).  Stops early at a byte
 * that is not ASCII.
 */
static void
copy_bytes(const unsigned char *s, size_t i, size_t len, UChar *u, int32_t *un,
		   unsigned *seen, unsigned *pf)
{
	int32_t		o = *un;
	unsigned	sn = *seen,
				p = *pf;

	for (; i < len; i++)
	{
		unsigned char c = s[i];
		unsigned	f = copy_class[c];

		sn |= f | ((f & p & COPY_R) << 1);
		p = f;
		u[o] = c;
		o += !(f & COPY_ACCENT);
		if (f & COPY_HIGH)
			break;
	}
	*un = o;
	*seen = sn;
	*pf = p;
}

/*
 * The ASCII path's copy: copy_bytes, sixteen bytes at a time with SSE2 when
 * they hold no byte above 0x7F and no '^' or '`' (the same classes noted by
 * comparisons instead of the table), the rest by copy_bytes.
 */
static void
copy_ascii(const char *str, size_t len, UChar *u, int32_t *un, unsigned *seen)
{
	const unsigned char *s = (const unsigned char *) str;
	size_t		i = 0;
	unsigned	sn = 0,
				pf = 0;

	*un = 0;
#ifdef __SSE2__
	{
		const __m128i zero = _mm_setzero_si128(),
					case_bit = _mm_set1_epi8(0x20);

		for (; i + 16 <= len; i += 16)
		{
			__m128i		v = _mm_loadu_si128((const __m128i *) (s + i)),
						lo = _mm_or_si128(v, case_bit);
			unsigned	r,
						mark;

			if (_mm_movemask_epi8(v) != 0 ||
				_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('^')),
											   _mm_cmpeq_epi8(v, _mm_set1_epi8('`')))) != 0)
			{
				copy_bytes(s, i, i + 16, u, un, &sn, &pf);
				if (sn & COPY_HIGH)
					break;
				continue;
			}
			if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('/'))))
				sn |= COPY_SLASH;
			if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))))
				sn |= COPY_DOT | COPY_MARK;
			mark = (unsigned) _mm_movemask_epi8(
				_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('?')), _mm_cmpeq_epi8(v, _mm_set1_epi8('!'))),
							 _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')), _mm_cmpeq_epi8(v, _mm_set1_epi8('(')))));
			if (mark)
				sn |= COPY_MARK;
			if (_mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8('x'))))
				sn |= COPY_X;
			if (_mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8('w'))))
				sn |= COPY_W;
			r = (unsigned) _mm_movemask_epi8(_mm_cmpeq_epi8(lo, _mm_set1_epi8('r')));
			if (r)
				sn |= COPY_R;
			if ((r & (r >> 1)) || ((pf & COPY_R) && (r & 1)))
				sn |= COPY_RR;
			pf = (r & 0x8000) ? COPY_R : 0;
			_mm_storeu_si128((__m128i *) (u + *un), _mm_unpacklo_epi8(v, zero));
			_mm_storeu_si128((__m128i *) (u + *un + 8), _mm_unpackhi_epi8(v, zero));
			*un += 16;
		}
	}
#endif
	if (!(sn & COPY_HIGH))
		copy_bytes(s, i, len, u, un, &sn, &pf);
	*seen = sn;
}

/*
 * Turn the soft cuts of shape from text positions into key offsets (off[k]
 * for cut k), keeping only those strictly inside the key and ascending, and
 * the number signatures that go with them.
 */
static void
shape_to_key(pith_title_shape *shape, const int32_t *off, int32_t keylen)
{
	int			i,
				o = 0;

	for (i = 0; i < shape->ncuts; i++)
	{
		if (off[i] <= 0 || off[i] >= keylen || (o > 0 && off[i] <= shape->cut[o - 1]))
			continue;
		shape->cut[o] = off[i];
		shape->numsig[o] = shape->numsig[i];
		o++;
	}
	shape->numsig[o] = shape->numsig[shape->ncuts];
	shape->ncuts = o;
}

/* Key offsets of the soft cuts of pure ASCII text u[0..n): letters and digits before each. */
static void
ascii_cut_offsets(const UChar *u, int32_t n, const pith_title_shape *shape, int32_t *off)
{
	int32_t		p = 0,
				count = 0;
	int			i;

	for (i = 0; i < shape->ncuts; i++)
	{
		for (; p < shape->cut[i] && p < n; p++)
			count += pith_ascii_is_alnum((unsigned char) u[p]);
		off[i] = count;
	}
}

/*
 * Key offsets of the soft cuts of NFKC text k[0..n): the folded length of
 * each piece between two cuts, added up.
 */
static pith_title_status
icu_cut_offsets(const pith_title_env *env, const UChar *k, int32_t n,
				pith_title_shape *shape, int32_t keylen, pith_title_err *err)
{
	int32_t		off[PITH_TITLE_MAX_CUTS];
	int32_t		from = 0,
				total = 0;
	int			i;

	for (i = 0; i < shape->ncuts; i++)
	{
		UChar	   *f;
		int32_t		fn;
		pith_title_status st;

		st = fold_utf16(env, k + from, shape->cut[i] - from, 1, &f, &fn, err);
		if (st != PITH_TITLE_OK)
			return st;
		env->release(f, env->arg);
		total += fn;
		off[i] = total;
		from = shape->cut[i];
	}
	(void) n;
	shape_to_key(shape, off, keylen);
	return PITH_TITLE_OK;
}

/*
 * The key of NFKC text k[0..n) with soft cuts in shape, folded piece by
 * piece between the cuts and the pieces put end to end, so that the key
 * offsets of the cuts come with the key instead of folding each prefix
 * again.  Only when every cut sits at an ASCII character (a '.', ',', '('
 * or space after the title): no decomposition, case folding or composition
 * reaches across one, so the pieces fold to exactly the whole key.
 * Returns PITH_TITLE_OK with *out NULL when a cut is not at ASCII.
 */
static pith_title_status
fold_pieces(const pith_title_env *env, const UChar *k, int32_t n,
			pith_title_shape *shape, UChar **out, int32_t *outlen,
			pith_title_err *err)
{
	UChar	   *piece[PITH_TITLE_MAX_CUTS + 1];
	int32_t		plen[PITH_TITLE_MAX_CUTS + 1];
	int32_t		off[PITH_TITLE_MAX_CUTS];
	int32_t		from = 0,
				total = 0;
	pith_title_status st = PITH_TITLE_OK;
	UChar	   *res = NULL;
	int			i,
				np = 0;

	*out = NULL;
	for (i = 0; i < shape->ncuts; i++)
		if (shape->cut[i] >= n || k[shape->cut[i]] >= 0x80)
			return PITH_TITLE_OK;
	for (i = 0; i <= shape->ncuts; i++)
	{
		int32_t		to = i < shape->ncuts ? shape->cut[i] : n;

		st = fold_utf16(env, k + from, to - from, 1, &piece[i], &plen[i], err);
		if (st != PITH_TITLE_OK)
			break;
		np++;
		total += plen[i];
		if (i < shape->ncuts)
			off[i] = total;
		from = to;
	}
	if (st == PITH_TITLE_OK)
	{
		res = pith_title_alloc(env, (size_t) total + 1, sizeof(UChar));
		if (!res)
			st = plain_fail(err, PITH_TITLE_NO_MEMORY);
	}
	for (i = 0, total = 0; i < np; i++)
	{
		if (res)
			memcpy(res + total, piece[i], (size_t) plen[i] * sizeof(UChar));
		total += plen[i];
		env->release(piece[i], env->arg);
	}
	if (st != PITH_TITLE_OK)
		return st;
	res[total] = 0;
	shape_to_key(shape, off, total);
	*out = res;
	*outlen = total;
	return PITH_TITLE_OK;
}

/* The debris hints that the classes seen in a text allow. */
static int
debris_hints(unsigned seen)
{
	return (seen & COPY_SLASH ? 0 : PITH_TITLE_HINT_NO_URL) |
		(seen & (COPY_X | COPY_RR) ? 0 : PITH_TITLE_HINT_NO_NOTE) |
		(seen & COPY_MARK ? 0 : PITH_TITLE_HINT_NO_MARK);
}

/*
 * The table path of keying: text that is ASCII but for code points of a
 * few blocks (Latin letters with their accents, Greek, punctuation, letter-
 * like symbols, ligatures, full-width forms: what titles hold beside ASCII)
 * gives the same key as the ICU path without running ICU on the text.  ICU
 * is asked once per process and code point, and its answers are kept in the
 * two tables below:
 *
 * - fast_nfkc[cp]: what the ICU path makes of cp before the debris rules:
 *   nothing (a spacing accent, dropped first), or NFKC(cp).  Only when cp
 *   has a normalization boundary before it (unorm2_hasBoundaryBefore): then
 *   no code point of the text interacts with the one before it, and NFKC of
 *   the text is NFKC of each code point put end to end.
 * - fast_fold[u]: the key units of one UTF-16 unit of NFKC text, from the
 *   ICU path's own folding (fold_decomposed) of it alone.  Only when u has a
 *   boundary before it in NFKC_Casefold decomposition (then folding the
 *   text is folding each unit, end to end) and every unit it folds to is
 *   ASCII or, in NFC, has a boundary before it and is normalized (then the
 *   final NFC of the ICU path changes nothing).
 *
 * Any other code point, a malformed or 4-byte UTF-8 sequence, or one whose
 * NFKC is longer than 3 units sends the title to the ICU path.  The debris
 * rules see exactly the NFKC text the ICU path gives them.  Proved against
 * the ICU path code point by code point in test/unit/test_titles.c and on
 * any input by test/fuzz/fuzz_titles.c (pith_title_force_icu).
 *
 * The tables are process-wide and filled lazily without locking, like the
 * normalizer pointers: the callers (PostgreSQL backends, tests) are
 * single-threaded.  40 kB of static storage, whatever the input.
 */
enum fast_state
{
	FAST_UNKNOWN = 0,			/* not asked yet */
	FAST_GENERAL,				/* the ICU path must take it */
	FAST_DROP,					/* removed before NFKC */
	FAST_MAP					/* replaced by u[0..n) */
};

typedef struct fast_entry
{
	uint8_t		state;
	uint8_t		n;
	UChar		u[3];
} fast_entry;

/* Blocks of 256 code points the tables cover, by high byte (slot + 1, or 0). */
#define FAST_NBLOCKS 10
static const uint8_t fast_block_slot[256] = {
	[0x00] = 1, [0x01] = 2, [0x02] = 3, [0x03] = 4, [0x1E] = 5,
	[0x20] = 6, [0x21] = 7, [0x22] = 8, [0xFB] = 9, [0xFF] = 10,
};
static fast_entry fast_nfkc[FAST_NBLOCKS][256];
static fast_entry fast_fold[FAST_NBLOCKS][256];

int			pith_title_last_path = 0;

/* The entry of unit or code point c in table t, or NULL outside its blocks. */
static inline fast_entry *
fast_lookup(fast_entry (*t)[256], UChar32 c)
{
	unsigned	slot;

	if (c < 0 || c > 0xFFFF)
		return NULL;
	slot = fast_block_slot[c >> 8];
	return slot ? &t[slot - 1][c & 0xFF] : NULL;
}

/* Ask ICU how the key folds the one NFKC unit d (see above). */
static void
learn_fold(UChar d, fast_entry *e)
{
	UChar		dec[16],
				res[2 * 16 + 1];
	UErrorCode	status = U_ZERO_ERROR;
	int32_t		dn,
				o,
				k;
	int			need_nfc = 0;

	e->state = FAST_GENERAL;
	if (U16_IS_SURROGATE(d) || !unorm2_hasBoundaryBefore(norm_nfkc_cf_decompose, d))
		return;
	dn = unorm2_normalize(norm_nfkc_cf_decompose, &d, 1, dec, 16, &status);
	if (U_FAILURE(status) || dn < 0 || dn > 16)
		return;
	o = fold_decomposed(NULL, dec, dn, 1, res, &need_nfc);
	if (o > 3)
		return;
	for (k = 0; k < o; k++)
	{
		UErrorCode	qs = U_ZERO_ERROR;

		if (res[k] < 0x80)
			continue;
		if (U16_IS_SURROGATE(res[k]) || !unorm2_hasBoundaryBefore(norm_nfc, res[k]) ||
			!unorm2_isNormalized(norm_nfc, &res[k], 1, &qs) || U_FAILURE(qs))
			return;
	}
	memcpy(e->u, res, (size_t) o * sizeof(UChar));
	e->n = (uint8_t) o;
	e->state = FAST_MAP;
}

/* Ask ICU what becomes of code point cp before the debris rules (see above). */
static void
learn_nfkc(UChar32 cp, fast_entry *e)
{
	UChar		src = (UChar) cp,
				dst[8];
	UErrorCode	status = U_ZERO_ERROR;
	int32_t		n,
				k;

	e->state = FAST_GENERAL;
	if (U_IS_SURROGATE(cp))
		return;
	/* drop_spacing_accents: Latin letters U+00C0..U+024F are never accents */
	if (!(cp >= 0xC0 && cp <= 0x24F) && is_spacing_accent(cp))
	{
		e->state = FAST_DROP;
		return;
	}
	if (!unorm2_hasBoundaryBefore(norm_nfkc, cp))
		return;
	n = unorm2_normalize(norm_nfkc, &src, 1, dst, 8, &status);
	if (U_FAILURE(status) || n < 0 || n > 3)
		return;
	for (k = 0; k < n; k++)
	{
		fast_entry *f;

		if (dst[k] < 0x80)
			continue;
		f = fast_lookup(fast_fold, dst[k]);
		if (!f)
			return;
		if (f->state == FAST_UNKNOWN)
			learn_fold(dst[k], f);
		if (f->state != FAST_MAP)
			return;
	}
	memcpy(e->u, dst, (size_t) n * sizeof(UChar));
	e->n = (uint8_t) n;
	e->state = FAST_MAP;
}

/* Is there "www." in u[0..n), ignoring case? */
static int
has_www_dot(const UChar *u, int32_t n)
{
	int32_t		i;

	for (i = 3; i < n; i++)
		if (u[i] == '.' && (u[i - 1] | 0x20) == 'w' && (u[i - 2] | 0x20) == 'w' &&
			(u[i - 3] | 0x20) == 'w')
			return 1;
	return 0;
}

/*
 * Key units of the NFKC text unit c of the table path: an ASCII letter
 * lower-cased or a digit (1), other ASCII (0), or its fast_fold entry.
 */
static inline int
fast_key_units(UChar c, const UChar **units)
{
	const fast_entry *e;

	if (c < 0x80)
	{
		*units = &key_unit[c];
		return key_unit[c] != 0;
	}
	e = fast_lookup(fast_fold, c);
	*units = e->u;
	return e->n;
}

/*
 * The key of s[0..len) by the table path (see above).  Returns
 * PITH_TITLE_OK with *out NULL when the text needs the ICU path.
 */
static pith_title_status
key_by_table(const pith_title_env *env, const char *s, size_t len,
			 UChar **out, int32_t *outlen, pith_title_shape *shape,
			 pith_title_err *err)
{
	const unsigned char *b = (const unsigned char *) s;
	UChar	   *u,
			   *k;
	int32_t		un = 0,
				o = 0,
				i;
	int32_t		off[PITH_TITLE_MAX_CUTS];
	size_t		p = 0;
	unsigned	seen = 0,
				pf = 0;

	*out = NULL;
	/* NFKC gives at most 3 units per code point of 2 or 3 bytes */
	u = pith_title_alloc(env, len * 2 + 1, sizeof(UChar));
	if (!u)
		return plain_fail(err, PITH_TITLE_NO_MEMORY);
	while (p < len)
	{
		unsigned	c = b[p];
		UChar32		cp;
		fast_entry *e;
		int			j;

		if (c < 0x80)
		{
			/* '^' and '`' are spacing accents, dropped before NFKC */
			if (c != '^' && c != '`')
				u[un++] = (UChar) c;
			p++;
			continue;
		}
		if (c >= 0xC2 && c <= 0xDF && p + 1 < len && (b[p + 1] & 0xC0) == 0x80)
		{
			cp = (UChar32) (((c & 0x1F) << 6) | (b[p + 1] & 0x3F));
			p += 2;
		}
		else if (c >= 0xE0 && c <= 0xEF && p + 2 < len && (b[p + 1] & 0xC0) == 0x80 &&
				 (b[p + 2] & 0xC0) == 0x80)
		{
			cp = (UChar32) (((c & 0x0F) << 12) | ((b[p + 1] & 0x3F) << 6) | (b[p + 2] & 0x3F));
			p += 3;
			if (cp < 0x800 || U_IS_SURROGATE(cp))
				goto general;
		}
		else
			goto general;
		e = fast_lookup(fast_nfkc, cp);
		if (!e)
			goto general;
		if (e->state == FAST_UNKNOWN)
			learn_nfkc(cp, e);
		if (e->state == FAST_DROP)
			continue;
		if (e->state != FAST_MAP)
			goto general;
		for (j = 0; j < e->n; j++)
			u[un++] = e->u[j];
	}
	/* what the ASCII units allow the debris rules to skip (the rules see no other) */
	for (i = 0; i < un; i++)
	{
		unsigned	f = u[i] < 0x80 ? copy_class[u[i]] : 0;

		seen |= f | ((f & pf & COPY_R) << 1);
		pf = f;
	}
	if ((seen & COPY_DOT) && (seen & COPY_W) && !(seen & COPY_SLASH) && has_www_dot(u, un))
		seen |= COPY_SLASH;
	un = pith_title_strip_debris(u, un, shape, debris_hints(seen));
	if (shape)
	{
		/* key offset of each cut: the key units of the text before it */
		int32_t		count = 0;
		int			c;

		i = 0;
		for (c = 0; c < shape->ncuts; c++)
		{
			for (; i < shape->cut[c] && i < un; i++)
			{
				const UChar *units;

				count += fast_key_units(u[i], &units);
			}
			off[c] = count;
		}
	}
	/* a unit folds to at most 3 */
	k = pith_title_alloc(env, (size_t) un * 3 + 1, sizeof(UChar));
	if (!k)
	{
		env->release(u, env->arg);
		return plain_fail(err, PITH_TITLE_NO_MEMORY);
	}
	for (i = 0; i < un; i++)
	{
		const UChar *units;
		int			n = fast_key_units(u[i], &units),
					j;

		for (j = 0; j < n; j++)
			k[o++] = units[j];
	}
	env->release(u, env->arg);
	if (shape)
		shape_to_key(shape, off, o);
	k[o] = 0;
	*out = k;
	*outlen = o;
	return PITH_TITLE_OK;

general:
	env->release(u, env->arg);
	return PITH_TITLE_OK;
}

/*
 * The key as UTF-16: debris cut off, then folded without separators.
 * Shared with the similarity score, which works on UTF-16 units.
 */
pith_title_status
pith_title_key_utf16(const pith_title_env *env, const char *s, size_t len,
					 UChar **out, int32_t *outlen, pith_title_shape *shape,
					 pith_title_err *err)
{
	pith_title_status st = prologue(len, err);
	UChar	   *u;
	int32_t		un;

	if (st != PITH_TITLE_OK)
		return st;
	if (!pith_title_force_icu)
	{
		size_t		i;
		int32_t		o = 0;
		int32_t		off[PITH_TITLE_MAX_CUTS];
		unsigned	seen = 0;

		u = pith_title_alloc(env, len + 1, sizeof(UChar));
		if (!u)
			return plain_fail(err, PITH_TITLE_NO_MEMORY);

		/*
		 * Copy, dropping the spacing accents '^' and '`' as below, and note on
		 * the way whether the text is all ASCII, may hold a URL (a '/', or
		 * "www" before a '.'), an arXiv or CoRR note, or a mark a debris rule
		 * starts at.
		 */
		copy_ascii(s, len, u, &un, &seen);
		if (seen & COPY_HIGH)
		{
			env->release(u, env->arg);
			st = key_by_table(env, s, len, out, outlen, shape, err);
			if (st != PITH_TITLE_OK || *out != NULL)
			{
				pith_title_last_path = 1;
				return st;
			}
			goto general;
		}
		if ((seen & COPY_DOT) && (seen & COPY_W) && !(seen & COPY_SLASH) && has_www_dot(u, un))
			seen |= COPY_SLASH;
		un = pith_title_strip_debris(u, un, shape, debris_hints(seen));
		if (shape)
			ascii_cut_offsets(u, un, shape, off);
		/*
		 * Fold the surviving ASCII in place: letters lower-cased, digits
		 * kept, the rest dropped (four units a step, then the rest).
		 */
		for (i = 0; i + 4 <= (size_t) un; i += 4)
		{
			UChar		k0 = key_unit[u[i]],
						k1 = key_unit[u[i + 1]],
						k2 = key_unit[u[i + 2]],
						k3 = key_unit[u[i + 3]];

			u[o] = k0;
			o += k0 != 0;
			u[o] = k1;
			o += k1 != 0;
			u[o] = k2;
			o += k2 != 0;
			u[o] = k3;
			o += k3 != 0;
		}
		for (; i < (size_t) un; i++)
		{
			UChar		k = key_unit[u[i]];

			u[o] = k;
			o += k != 0;
		}
		if (shape)
			shape_to_key(shape, off, o);
		u[o] = 0;
		*out = u;
		*outlen = o;
		pith_title_last_path = 0;
		return PITH_TITLE_OK;
	}
general:
	pith_title_last_path = 2;
	st = to_utf16(env, s, len, &u, &un, err);
	if (st != PITH_TITLE_OK)
		return st;
	un = drop_spacing_accents(u, un);
	{
		UChar	   *k;
		int32_t		kn;
		UChar	   *f;
		int32_t		fn;
		int			piecewise;

		/* compatibility forms first, so the debris rules see plain letters */
		st = run_normalizer(env, norm_nfkc, u, un, &k, &kn, err);
		env->release(u, env->arg);
		if (st != PITH_TITLE_OK)
			return st;
		kn = pith_title_strip_debris(k, kn, shape, 0);
		f = NULL;
		st = PITH_TITLE_OK;
		/* with soft cuts: the pieces between them, when that is exact */
		if (shape && shape->ncuts > 0)
			st = fold_pieces(env, k, kn, shape, &f, &fn, err);
		piecewise = f != NULL;
		if (st == PITH_TITLE_OK && !piecewise)
			st = fold_utf16(env, k, kn, 1, &f, &fn, err);
		if (st == PITH_TITLE_OK && shape && shape->ncuts > 0 && !piecewise)
		{
			st = icu_cut_offsets(env, k, kn, shape, fn, err);
			if (st != PITH_TITLE_OK)
				env->release(f, env->arg);
		}
		env->release(k, env->arg);
		if (st != PITH_TITLE_OK)
			return st;
		*out = f;
		*outlen = fn;
	}
	return PITH_TITLE_OK;
}

/* See title_core.h. */
pith_title_status
pith_title_key(const pith_title_env *env, const char *s, size_t len,
			   char **out, size_t *outlen, pith_title_err *err)
{
	UChar	   *k;
	int32_t		kn;
	pith_title_status st = pith_title_key_utf16(env, s, len, &k, &kn, NULL, err);

	if (st != PITH_TITLE_OK)
		return st;
	st = to_utf8(env, k, kn, out, outlen, err);
	env->release(k, env->arg);
	return st;
}

/* See title_core.h. */
const char *
pith_title_icu_version(void)
{
	static char buf[U_MAX_VERSION_STRING_LENGTH];
	UVersionInfo v;

	u_getVersion(v);
	u_versionToString(v, buf);
	return buf;
}

/* See title_core.h. */
const char *
pith_title_icu_error_name(int icu_error)
{
	return u_errorName((UErrorCode) icu_error);
}
