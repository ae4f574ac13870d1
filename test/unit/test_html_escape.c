/*
 * test_html_escape.c -- unit test of src/core/html_escape.c: the escaper's
 * output for markup, quotes, controls, bidi overrides and malformed UTF-8,
 * that its length function agrees with what it writes, and which link
 * targets count as safe same-origin hrefs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_escape.h"

static int	failures = 0;
static int	checks = 0;

/* The check the escaper calls every PITH_HTML_ESCAPE_CHECK_EVERY bytes. */
static void
count_check(void)
{
	checks++;
}

/*
 * A long input calls the check once per PITH_HTML_ESCAPE_CHECK_EVERY bytes
 * (what lets CHECK_FOR_INTERRUPTS cancel a 150 MB escape), in both passes.
 */
static void
check_interrupt_calls(void)
{
	size_t		len = 5 * PITH_HTML_ESCAPE_CHECK_EVERY + 17;
	char	   *in = malloc(len);
	char	   *out = malloc(len * PITH_HTML_ESCAPE_MAX_GROWTH);
	size_t		need;

	if (in == NULL || out == NULL)
	{
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	memset(in, '<', len);
	pith_html_escape_set_check(count_check);
	need = pith_html_escaped_len(in, len);
	if (checks != 5)
	{
		fprintf(stderr, "FAIL: escaped_len over %zu bytes called the check %d times, want 5\n", len, checks);
		failures++;
	}
	checks = 0;
	if (pith_html_escape(in, len, out) != need || need != 4 * len || checks != 5)
	{
		fprintf(stderr, "FAIL: escape over %zu bytes: %d checks, want 5\n", len, checks);
		failures++;
	}
	pith_html_escape_set_check(NULL);
	checks = 0;
	(void) pith_html_escaped_len(in, len);
	if (checks != 0)
	{
		fprintf(stderr, "FAIL: the check was called after being unset\n");
		failures++;
	}
	free(in);
	free(out);
}

/* Escape in (inlen bytes) and compare with want; report a mismatch. */
static void
check_escape(const char *in, size_t inlen, const char *want)
{
	size_t		need = pith_html_escaped_len(in, inlen);
	char	   *buf = malloc(need + 1);
	size_t		got;

	if (buf == NULL)
	{
		fprintf(stderr, "out of memory\n");
		exit(2);
	}
	got = pith_html_escape(in, inlen, buf);
	buf[got] = '\0';
	if (got != need)
	{
		fprintf(stderr, "length mismatch for \"%s\": predicted %zu, wrote %zu\n", want, need, got);
		failures++;
	}
	if (got != strlen(want) || memcmp(buf, want, got) != 0)
	{
		fprintf(stderr, "escape mismatch: got \"%s\", want \"%s\"\n", buf, want);
		failures++;
	}
	if (got > inlen * PITH_HTML_ESCAPE_MAX_GROWTH)
	{
		fprintf(stderr, "growth bound broken for \"%s\"\n", want);
		failures++;
	}
	free(buf);
}

#define ESC(lit, want) check_escape(lit, sizeof(lit) - 1, want)

/* Check the verdict of pith_html_safe_href on a literal. */
static void
check_href(const char *in, int want)
{
	int			got = pith_html_safe_href(in, strlen(in));

	if (got != want)
	{
		fprintf(stderr, "safe_href(\"%s\") = %d, want %d\n", in, got, want);
		failures++;
	}
}

int
main(void)
{
	/* plain text, including non-ASCII, passes through */
	ESC("", "");
	ESC("Scaling Laws for Neural Language Models", "Scaling Laws for Neural Language Models");
	ESC("Erd\xC5\x91s \xE2\x80\x93 Cntk: Microsoft\xE2\x80\x99s", "Erd\xC5\x91s \xE2\x80\x93 Cntk: Microsoft\xE2\x80\x99s");
	ESC("\xF0\x9F\x98\x80 emoji", "\xF0\x9F\x98\x80 emoji");

	/* the five markup characters */
	ESC("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;");
	ESC("\"><img src=x onerror=alert(1)>", "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
	ESC("a & b 'c'", "a &amp; b &#39;c&#39;");
	ESC("&amp;", "&amp;amp;");

	/* whitespace kept, other controls replaced */
	ESC("a\tb\nc\rd", "a\tb\nc\rd");
	ESC("a\x01" "b\x1F" "c\x7F", "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD");
	ESC("C1\xC2\x85" "x\xC2\x9F" "y\xC2\xA0", "C1\xEF\xBF\xBD" "x\xEF\xBF\xBD" "y\xC2\xA0");

	/* bidi overrides are kept literally (the page isolates them with <bdi>) */
	ESC("\xE2\x80\xAE" "fdp.exe", "\xE2\x80\xAE" "fdp.exe");

	/* malformed UTF-8: each bad byte becomes U+FFFD, and cannot eat a "<" */
	ESC("\xC3<b>", "\xEF\xBF\xBD&lt;b&gt;");
	ESC("\xE2\x80<", "\xEF\xBF\xBD\xEF\xBF\xBD&lt;");
	ESC("\xC0\xBC", "\xEF\xBF\xBD\xEF\xBF\xBD");	/* overlong "<" */
	ESC("\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");	/* surrogate */
	ESC("\xF4\x90\x80\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");	/* > U+10FFFF */
	ESC("\xFF", "\xEF\xBF\xBD");
	ESC("end\xF0\x9F", "end\xEF\xBF\xBD\xEF\xBF\xBD");	/* truncated at the end */

	/* embedded NUL is a control like any other */
	check_escape("a\0b", 3, "a\xEF\xBF\xBD" "b");

	/* worst case growth: all double quotes */
	ESC("\"\"\"\"", "&quot;&quot;&quot;&quot;");

	/* hrefs: same-origin paths only */
	check_href("/paper/2506.06472/citation-record", 1);
	check_href("/evidence", 1);
	check_href("/", 1);
	check_href("/paper/x?y=\"z\"", 1);	/* quotes are escaped by the caller */
	check_href("", 0);
	check_href("javascript:alert(1)", 0);
	check_href(" javascript:alert(1)", 0);
	check_href("JaVaScRiPt:alert(1)", 0);
	check_href("data:text/html,<script>", 0);
	check_href("//evil.example/x", 0);
	check_href("/\\evil.example/x", 0);
	check_href("https://example.org/", 0);
	check_href("paper/relative", 0);
	check_href("/pa th", 0);
	check_href("/a\tb", 0);
	check_href("/a\\b", 0);

	check_interrupt_calls();

	if (failures)
	{
		fprintf(stderr, "%d failure(s)\n", failures);
		return 1;
	}
	return 0;
}
