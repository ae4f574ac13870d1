/*
 * ascii.h -- ASCII character tests and case mapping shared by the pure C
 * cores.  Header only (static inline), no PostgreSQL headers.
 *
 * Unlike <ctype.h> these ignore the locale and take any byte: a byte of a
 * multi-byte UTF-8 character (0x80 and above) is never a letter, digit or
 * space here, and lower-casing leaves it as it is.
 */
#ifndef PITH_ASCII_H
#define PITH_ASCII_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* ASCII digit 0-9? */
static inline bool
pith_ascii_is_digit(unsigned char c)
{
	return c >= '0' && c <= '9';
}

/* ASCII upper-case letter? */
static inline bool
pith_ascii_is_upper(unsigned char c)
{
	return c >= 'A' && c <= 'Z';
}

/* ASCII lower-case letter? */
static inline bool
pith_ascii_is_lower(unsigned char c)
{
	return c >= 'a' && c <= 'z';
}

/* ASCII letter? */
static inline bool
pith_ascii_is_alpha(unsigned char c)
{
	return pith_ascii_is_lower(c) || pith_ascii_is_upper(c);
}

/* ASCII letter or digit? */
static inline bool
pith_ascii_is_alnum(unsigned char c)
{
	return pith_ascii_is_alpha(c) || pith_ascii_is_digit(c);
}

/* ASCII white space: space, \t, \n, \v, \f, \r. */
static inline bool
pith_ascii_is_space(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* ASCII lower-casing of one byte; every other byte is returned as is. */
static inline unsigned char
pith_ascii_lower(unsigned char c)
{
	return pith_ascii_is_upper(c) ? (unsigned char) (c - 'A' + 'a') : c;
}

/* Value of an ASCII hex digit (either case), or -1. */
static inline int
pith_ascii_hex_value(unsigned char c)
{
	if (pith_ascii_is_digit(c))
		return c - '0';
	c = pith_ascii_lower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/*
 * If s[0..len) starts with the lower-case ASCII word, ignoring the case of
 * s, returns the word's length; otherwise 0.
 */
static inline size_t
pith_ascii_starts_with_ci(const char *s, size_t len, const char *word)
{
	size_t		n = strlen(word);

	if (len < n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (pith_ascii_lower((unsigned char) s[i]) != (unsigned char) word[i])
			return 0;
	return n;
}

/* Does s[i..n) start with the ASCII word w, ignoring case on both sides? */
static inline bool
pith_ascii_at_ci(const char *s, size_t n, size_t i, const char *w)
{
	size_t		k = strlen(w);

	if (i > n || k > n - i)
		return false;
	for (size_t j = 0; j < k; j++)
		if (pith_ascii_lower((unsigned char) s[i + j]) != pith_ascii_lower((unsigned char) w[j]))
			return false;
	return true;
}

/* Is the len-byte text t equal to the ASCII word w, ignoring case? */
static inline bool
pith_ascii_eq_ci(const char *t, size_t len, const char *w)
{
	return strlen(w) == len && pith_ascii_at_ci(t, len, 0, w);
}

#endif							/* PITH_ASCII_H */
