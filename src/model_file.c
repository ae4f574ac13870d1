/*
 * model_file.c -- reading pith's installed model files (the reference
 * parser's and the reference splitter's CRF models) in the backend: where
 * an installed file is (extension_destdir first, as for control files, then
 * the extension directory of PostgreSQL's share path), and reading one into
 * a verified pith_crf_model in TopMemoryContext.  The verification itself is
 * the pure C core's (src/core/crf_model.c); this file only turns its verdict
 * into errors: a file that cannot be opened or read is an errcode_for_file_access
 * error, one that is too large or fails verification is XX001
 * (data_corrupted) with the reason in DETAIL.  The loader can also give the
 * sha256 of the file's bytes: the model's identity, which SQL shows
 * (pith.reference_model_version()) so that indexes on parsed fields can be
 * told to be rebuilt when the model changes.
 */
#include "postgres.h"

#include <sys/stat.h>
#ifndef WIN32
#include <sys/mman.h>
#endif

#include "miscadmin.h"
#include "storage/fd.h"
#include "utils/guc.h"
#include "utils/memutils.h"

#include "pith.h"
#include "crf_model.h"

/* Path of an installed model file named file. */
void
pith_model_installed_path(const char *file, char *path)
{
	char		share[MAXPGPATH];
	const char *destdir = GetConfigOption("extension_destdir", true, false);
	struct stat st;

	get_share_path(my_exec_path, share);
	if (destdir && destdir[0] != '\0')
	{
		snprintf(path, MAXPGPATH, "%s%s/extension/%s", destdir, share, file);
		if (stat(path, &st) == 0)
			return;
	}
	snprintf(path, MAXPGPATH, "%s/extension/%s", share, file);
}

static void *
top_alloc(void *ctx, size_t size)
{
	return MemoryContextAllocExtended(TopMemoryContext, size, MCXT_ALLOC_NO_OOM);
}

/* Close f and report a file-access error about path (errno as it was). */
static void
file_error(FILE *f, const char *what, const char *verb, const char *path)
{
	int			save = errno;

	FreeFile(f);
	errno = save;
	ereport(ERROR,
			(errcode_for_file_access(),
			 errmsg("could not %s %s file \"%s\": %m", verb, what, path)));
}

/* "sha256:<hex>" of len bytes at buf into digest (when digest is not NULL). */
static void
file_digest(const unsigned char *buf, size_t len, char *digest)
{
	pith_sha256 h;

	if (digest == NULL)
		return;
	pith_sha256_start(&h);
	pith_sha256_feed(&h, buf, len);
	pith_sha256_finish_text(&h, digest);
	pith_sha256_free(&h);
}

/*
 * Read the model file at path and verify it as a model of feature schema
 * schema; what names it in messages ("reference model"), hint helps a
 * missing file.  The model is allocated in TopMemoryContext (pfree it to
 * unload).
 */
pith_crf_model *
pith_model_file_load(const char *path, const char *what, uint32_t schema, size_t max_bytes,
					 const char *hint)
{
	return pith_model_file_load_digest(path, what, schema, max_bytes, hint, NULL);
}

/*
 * The same, and when digest is not NULL (PITH_DIGEST_TEXT_LEN + 1 bytes)
 * the "sha256:<hex>" of the file's bytes goes there.
 */
pith_crf_model *
pith_model_file_load_digest(const char *path, const char *what, uint32_t schema, size_t max_bytes,
							const char *hint, char *digest)
{
	FILE	   *f;
	struct stat st;
	unsigned char *buf;
	size_t		got;
	char		why[256];
	pith_crf_model *m;

	f = AllocateFile(path, PG_BINARY_R);
	if (f == NULL)
		ereport(ERROR,
				(errcode_for_file_access(),
				 errmsg("could not open %s file \"%s\": %m", what, path),
				 errhint("%s", hint)));
	if (fstat(fileno(f), &st) != 0)
		file_error(f, what, "stat", path);
	if ((uint64) st.st_size > (uint64) max_bytes)
	{
		FreeFile(f);
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("%s file \"%s\" is not a valid model", what, path),
				 errdetail("The file has %lld bytes; a model has at most %zu.",
						   (long long) st.st_size, max_bytes)));
	}

	/*
	 * The file's bytes are mapped, not read into a malloc'd buffer: freeing
	 * a buffer of megabytes would raise glibc's mmap and trim thresholds for
	 * the rest of the backend's life, and later large allocations would then
	 * stay in its resident memory.
	 */
#ifndef WIN32
	if (st.st_size > 0)
	{
		buf = mmap(NULL, (size_t) st.st_size, PROT_READ, MAP_PRIVATE, fileno(f), 0);
		if (buf == MAP_FAILED)
			file_error(f, what, "read", path);
		got = (size_t) st.st_size;
	}
	else
	{
		buf = NULL;
		got = 0;
	}
	FreeFile(f);
	m = pith_crf_model_load(buf, got, schema, top_alloc, NULL, why, sizeof(why));
	if (m)
		file_digest(buf, got, digest);
	if (buf)
		munmap(buf, got);
#else
	buf = palloc((size_t) st.st_size + 1);
	got = fread(buf, 1, (size_t) st.st_size + 1, f);
	if (ferror(f))
		file_error(f, what, "read", path);
	FreeFile(f);
	m = pith_crf_model_load(buf, got, schema, top_alloc, NULL, why, sizeof(why));
	if (m)
		file_digest(buf, got, digest);
	pfree(buf);
#endif
	if (m == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("%s file \"%s\" is not a valid model", what, path),
				 errdetail("%s", why)));
	return m;
}
