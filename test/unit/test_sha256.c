/*
 * test_sha256.c -- unit tests of src/core/sha256_core.c: the test vectors of
 * FIPS 180-4 / NIST's examples for both compressions (portable and SHA-NI
 * where the CPU has it), every split of a message into update calls, and
 * lengths around the padding boundary checked against each other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256_core.h"

static int failures = 0;

static void
hex(const unsigned char *d, char *out)
{
	int			i;

	for (i = 0; i < 32; i++)
		sprintf(out + 2 * i, "%02x", d[i]);
}

static void
digest(const void *msg, size_t len, char out[65])
{
	pith_sha256_state st;
	unsigned char d[32];

	pith_sha256_init(&st);
	pith_sha256_update(&st, msg, len);
	pith_sha256_final(&st, d);
	hex(d, out);
}

static void
check(const char *what, const char *got, const char *want)
{
	if (strcmp(got, want) != 0)
	{
		printf("FAIL %s: got %s want %s\n", what, got, want);
		failures++;
	}
}

/* Known answers. */
static void
vectors(const char *impl)
{
	char		got[65];
	char		what[128];
	unsigned char *million;
	pith_sha256_state st;
	unsigned char d[32];
	int			i;

	snprintf(what, sizeof(what), "%s empty", impl);
	digest("", 0, got);
	check(what, got, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
	snprintf(what, sizeof(what), "%s abc", impl);
	digest("abc", 3, got);
	check(what, got, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	snprintf(what, sizeof(what), "%s 448 bits", impl);
	digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, got);
	check(what, got, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
	snprintf(what, sizeof(what), "%s 896 bits", impl);
	digest("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu", 112, got);
	check(what, got, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
	snprintf(what, sizeof(what), "%s UTF-8 JSON", impl);
	digest("{\"a\":\"\xc3\xa9\"}", 10, got);
	check(what, got, "b3a092a6af48807fa9482b2ee140105575daa26d5b24b3c0e60a7e2dee6683b1");

	/* one million 'a', fed in uneven pieces */
	million = malloc(1000000);
	memset(million, 'a', 1000000);
	pith_sha256_init(&st);
	for (i = 0; i < 1000000;)
	{
		int			n = 1 + (int) (((unsigned) i * 7919u) % 1000u);

		if (n > 1000000 - i)
			n = 1000000 - i;
		pith_sha256_update(&st, million + i, n);
		i += n;
	}
	pith_sha256_final(&st, d);
	hex(d, got);
	snprintf(what, sizeof(what), "%s million a", impl);
	check(what, got, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
	free(million);
}

/* Every length 0..300 through both compressions and every two-piece split agree. */
static void
agreement(pith_sha256_blocks_fn fast)
{
	unsigned char msg[300];
	int			len;
	int			i;

	for (i = 0; i < 300; i++)
		msg[i] = (unsigned char) (i * 131 + 7);
	for (len = 0; len <= 300; len++)
	{
		char		whole[65];
		int			cut;

		pith_sha256_use(pith_sha256_blocks_portable);
		digest(msg, len, whole);
		if (fast != NULL)
		{
			char		f[65];

			pith_sha256_use(fast);
			digest(msg, len, f);
			if (strcmp(f, whole) != 0)
			{
				printf("FAIL length %d: SHA-NI %s portable %s\n", len, f, whole);
				failures++;
			}
		}
		for (cut = 0; cut <= len; cut += 13)
		{
			pith_sha256_state st;
			unsigned char d[32];
			char		split[65];

			pith_sha256_init(&st);
			pith_sha256_update(&st, msg, cut);
			pith_sha256_update(&st, msg + cut, len - cut);
			pith_sha256_final(&st, d);
			hex(d, split);
			if (strcmp(split, whole) != 0)
			{
				printf("FAIL length %d cut %d\n", len, cut);
				failures++;
			}
		}
	}
}

int
main(void)
{
	pith_sha256_blocks_fn fast = pith_sha256_blocks_accelerated();

	pith_sha256_use(pith_sha256_blocks_portable);
	vectors("portable");
	if (fast != NULL)
	{
		pith_sha256_use(fast);
		vectors("SHA-NI");
	}
	else
		printf("no SHA-NI on this CPU (or under valgrind): portable code only\n");
	agreement(fast);
	pith_sha256_use(NULL);
	vectors("picked");
	if (failures > 0)
	{
		printf("%d failures\n", failures);
		return 1;
	}
	printf("ok\n");
	return 0;
}
