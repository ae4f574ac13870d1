/*
 * canonical_json.h -- pure C core of pith's canonical JSON text: string
 * escaping and object-key order exactly as Python's
 *   json.dumps(v, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
 * writes them, emitted through a small output sink so that a caller can
 * stream the bytes into a hash (or a growing buffer) without building the
 * text twice.  No PostgreSQL headers: unit-tested on its own.
 */
#ifndef PITH_CORE_CANONICAL_JSON_H
#define PITH_CORE_CANONICAL_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct pith_cj_sink pith_cj_sink;

/*
 * Called when the sink's buffer has no room left.  It must leave at least one
 * free byte (cap > len) and should make room for `need` bytes when it can:
 * a streaming sink consumes buf[0..len) and sets len to 0; a collecting sink
 * grows buf and cap.  It may also not return at all (longjmp on error).
 */
typedef void (*pith_cj_flush_fn) (pith_cj_sink *sink, size_t need);

/* An output sink: a buffer, its fill level and the callback that drains it. */
struct pith_cj_sink
{
	char	   *buf;			/* output buffer */
	size_t		len;			/* bytes used in buf */
	size_t		cap;			/* size of buf */
	pith_cj_flush_fn flush;		/* drains or grows buf when it is full */
	void	   *ctx;			/* for the callback */
};

/* One object key to sort: its UTF-8 bytes and the caller's handle. */
typedef struct pith_cj_key
{
	const char *str;
	size_t		len;
	size_t		handle;			/* e.g. the index of the key's value */
} pith_cj_key;

/* Length of "sha256:" + 64 hex digits, without the terminating NUL. */
#define PITH_CJ_DIGEST_TEXT_LEN 71

/* Append len bytes to the sink, draining or growing it as needed (slow path). */
void		pith_cj_put_slow(pith_cj_sink *sink, const char *data, size_t len);

/* Append len bytes to the sink. */
static inline void
pith_cj_put(pith_cj_sink *sink, const char *data, size_t len)
{
	if (len <= sink->cap - sink->len)
	{
		memcpy(sink->buf + sink->len, data, len);
		sink->len += len;
	}
	else
		pith_cj_put_slow(sink, data, len);
}

/* Append one byte to the sink. */
static inline void
pith_cj_putc(pith_cj_sink *sink, char c)
{
	if (sink->len >= sink->cap)
		sink->flush(sink, 1);
	sink->buf[sink->len++] = c;
}

/* Append a JSON string literal (quotes included) for len bytes of UTF-8. */
void		pith_cj_put_string(pith_cj_sink *sink, const char *s, size_t len);

/*
 * The same, where the caller vouches that readable (>= len) bytes starting at
 * s may be read: lets the scanner read whole 8-byte words past the end of a
 * short string that sits inside a larger buffer (e.g. a jsonb value).
 */
void		pith_cj_put_string_r(pith_cj_sink *sink, const char *s, size_t len, size_t readable);

/* Room pith_cj_write_string needs at o for a string of len bytes: the worst case plus two words. */
#define PITH_CJ_STRING_ROOM(len) (6 * (len) + 18)

/*
 * Write the JSON string literal of len bytes at s straight to o, which has
 * PITH_CJ_STRING_ROOM(len) bytes of room (the caller has made sure), reading
 * up to readable (>= len) bytes from s; returns the end of what was written.
 * For callers that keep their output cursor in a register instead of a sink.
 */
char	   *pith_cj_write_string(char *o, const char *s, size_t len, size_t readable);

/* Compare two UTF-8 keys in Unicode code point order (<0, 0, >0). */
static inline int
pith_cj_key_cmp(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t		n = alen < blen ? alen : blen;
	int			c;

	/* most keys differ in their first byte: decide without calling memcmp */
	if (n > 0 && a[0] != b[0])
		return (int) (unsigned char) a[0] - (int) (unsigned char) b[0];
	c = n > 0 ? memcmp(a, b, n) : 0;
	if (c != 0)
		return c;
	return (alen > blen) - (alen < blen);
}

/* Sort n keys in place by code point order (pith_cj_key_cmp). */
void		pith_cj_sort_keys(pith_cj_key *keys, size_t n);

/* Write "sha256:" and the lowercase hex of a 32-byte digest, NUL-terminated. */
void		pith_cj_digest_text(const uint8_t digest[32], char out[PITH_CJ_DIGEST_TEXT_LEN + 1]);

#endif							/* PITH_CORE_CANONICAL_JSON_H */
