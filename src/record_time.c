/*
 * record_time.c -- the timestamp text of a citation record: ISO 8601 in UTC,
 * microseconds only when non-zero (as Python's isoformat() writes them), with
 * a "Z" suffix or, for standing-source times, "+00:00".
 */
#include "postgres.h"

#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/timestamp.h"

/* Longest text: "9999-12-31T23:59:59.999999+00:00" plus the NUL. */
#define ISO_UTC_MAX 40

/*
 * pith_iso_utc(ts timestamptz, offset_form boolean) returns text:
 * 2026-08-07T06:00:32.204819Z, or ...+00:00 when offset_form is true.
 */
PG_FUNCTION_INFO_V1(pith_iso_utc);
Datum
pith_iso_utc(PG_FUNCTION_ARGS)
{
	TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
	bool		offset_form = PG_GETARG_BOOL(1);
	struct pg_tm tm;
	fsec_t		fsec;
	char		buf[ISO_UTC_MAX];
	int			n;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("An infinite timestamp has no ISO 8601 form.")));
	/* No time zone argument: the fields come out in UTC. */
	if (timestamp2tm(ts, NULL, &tm, &fsec, NULL, NULL) != 0)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record")));
	if (tm.tm_year < 1 || tm.tm_year > 9999)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for a citation record"),
				 errdetail("Only years 1 to 9999 have an ISO 8601 form here.")));

	n = snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d",
				 tm.tm_year, tm.tm_mon, tm.tm_mday,
				 tm.tm_hour, tm.tm_min, tm.tm_sec);
	if (fsec != 0)
		n += snprintf(buf + n, sizeof(buf) - n, ".%06d", (int) fsec);
	n += snprintf(buf + n, sizeof(buf) - n, "%s", offset_form ? "+00:00" : "Z");

	PG_RETURN_TEXT_P(cstring_to_text_with_len(buf, n));
}
