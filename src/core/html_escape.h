/*
 * html_escape.h -- HTML escaping and same-origin link checking for the
 * record page renderer.  Pure C11, no PostgreSQL headers: unit-tested and
 * usable from a fuzzer on its own.
 */
#ifndef PITH_HTML_ESCAPE_H
#define PITH_HTML_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Largest output one input byte can turn into ("&quot;" is 6 bytes). */
#define PITH_HTML_ESCAPE_MAX_GROWTH 6

/* Input bytes between two calls of the check set below. */
#define PITH_HTML_ESCAPE_CHECK_EVERY ((size_t) 1 << 20)

/*
 * Have pith_html_escaped_len and pith_html_escape call check() every
 * PITH_HTML_ESCAPE_CHECK_EVERY input bytes (NULL: never).  The SQL glue
 * passes a function that runs CHECK_FOR_INTERRUPTS(), so a statement
 * escaping hundreds of megabytes can be cancelled; check may not return.
 */
void		pith_html_escape_set_check(void (*check) (void));

/* Bytes that pith_html_escape writes for s[0..len) (no terminator counted). */
size_t		pith_html_escaped_len(const char *s, size_t len);

/*
 * Escape s[0..len) for use as HTML text or as a double- or single-quoted
 * attribute value; out must hold pith_html_escaped_len(s, len) bytes.
 * & < > " ' become character references; C0 controls other than tab, LF
 * and CR, DEL, C1 controls and bytes that are not well-formed UTF-8 become
 * U+FFFD.  Every other character, bidi controls included, is kept as is.
 * Returns the number of bytes written.
 */
size_t		pith_html_escape(const char *s, size_t len, char *out);

/*
 * True when s[0..len) is a safe same-origin link target: it starts with one
 * "/" not followed by "/" or "\", and holds no ASCII control, space or
 * backslash.  Anything else (javascript:, data:, //host, ...) is refused.
 */
bool		pith_html_safe_href(const char *s, size_t len);

#endif							/* PITH_HTML_ESCAPE_H */
