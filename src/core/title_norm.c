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
				i = 0,
				o = 0;
	int			pending_sep = 0,
				need_nfc = 0;
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
	while (i < dn)
	{
		UChar32		c;
		const char *special;

		if ((i & (INTERRUPT_EVERY - 1)) == 0 && i > 0)
			check_interrupts(env);
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
			need_nfc = 1;
		U16_APPEND_UNSAFE(res, o, c);
	}
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
#define COPY_HIGH	8			/* not ASCII: the general path */
static const unsigned char copy_class[256] = {
	['^'] = COPY_ACCENT, ['`'] = COPY_ACCENT, ['/'] = COPY_SLASH, ['.'] = COPY_DOT,
#define H8(x) [x] = COPY_HIGH, [x + 1] = COPY_HIGH, [x + 2] = COPY_HIGH, [x + 3] = COPY_HIGH, \
	[x + 4] = COPY_HIGH, [x + 5] = COPY_HIGH, [x + 6] = COPY_HIGH, [x + 7] = COPY_HIGH
#define H64(x) H8(x), H8(x + 8), H8(x + 16), H8(x + 24), H8(x + 32), H8(x + 40), H8(x + 48), H8(x + 56)
	H64(0x80), H64(0xC0)
#undef H64
#undef H8
};

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
		 * the way whether the text is all ASCII and may hold a URL (a '/', or
		 * "www" before a '.').
		 */
		un = 0;
		for (i = 0; i < len; i++)
		{
			unsigned char c = (unsigned char) s[i];
			unsigned char f = copy_class[c];

			seen |= f;
			u[un] = (UChar) c;
			un += !(f & COPY_ACCENT);
		}
		if (seen & COPY_HIGH)
		{
			env->release(u, env->arg);
			goto general;
		}
		if ((seen & COPY_DOT) && !(seen & COPY_SLASH))
		{
			for (i = 3; i < (size_t) un; i++)
				if (u[i] == '.' && (u[i - 1] | 0x20) == 'w' && (u[i - 2] | 0x20) == 'w' &&
					(u[i - 3] | 0x20) == 'w')
				{
					seen |= COPY_SLASH;
					break;
				}
		}
		un = pith_title_strip_debris(u, un, shape, seen & COPY_SLASH ? 0 : PITH_TITLE_HINT_NO_URL);
		if (shape)
			ascii_cut_offsets(u, un, shape, off);
		/* fold the surviving ASCII in place: letters and digits, lower case */
		for (i = 0; i < (size_t) un; i++)
		{
			UChar		c = u[i];

			if (pith_ascii_is_alnum((unsigned char) c))
				u[o++] = (UChar) pith_ascii_lower((unsigned char) c);
		}
		if (shape)
			shape_to_key(shape, off, o);
		u[o] = 0;
		*out = u;
		*outlen = o;
		return PITH_TITLE_OK;
	}
general:
	st = to_utf16(env, s, len, &u, &un, err);
	if (st != PITH_TITLE_OK)
		return st;
	un = drop_spacing_accents(u, un);
	{
		UChar	   *k;
		int32_t		kn;
		UChar	   *f;
		int32_t		fn;

		/* compatibility forms first, so the debris rules see plain letters */
		st = run_normalizer(env, norm_nfkc, u, un, &k, &kn, err);
		env->release(u, env->arg);
		if (st != PITH_TITLE_OK)
			return st;
		kn = pith_title_strip_debris(k, kn, shape, 0);
		st = fold_utf16(env, k, kn, 1, &f, &fn, err);
		if (st == PITH_TITLE_OK && shape)
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
