/*
 * resolve_evidence.h -- the resolver's evidence beside the title, as pure C
 * (no PostgreSQL headers): year agreement, the family name in an author
 * name, whether a family name is a name of an author, and container
 * agreement.  Normalization (ICU) is the caller's: these functions work on
 * the raw author name (family extraction needs its capitals) or on text
 * already normalized with pith_title_normalize / pith_title_key.  The fmgr
 * glue is src/resolve_evidence.c; the unit test test/unit/test_resolve_evidence.c.
 */
#ifndef PITH_RESOLVE_EVIDENCE_H
#define PITH_RESOLVE_EVIDENCE_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Year evidence: +1 when one of the n catalog years is within one year of
 * ref_year, -1 when ref_known and n > 0 and none is, 0 when the reference
 * year is unknown or no catalog year is known.  Differences are computed in
 * 64 bits: any int year is accepted.
 */
int			pith_year_evidence(bool ref_known, int ref_year, const int *years, size_t n);

/*
 * The family name inside an author name name[0..len): the text before a
 * comma ("LeCun, Y."); else, when initials or suffixes end the name, the
 * words before them ("LeCun Y", "van der Berg JH", "Smith J Jr"); else the
 * last word with the particles before it ("Yann LeCun", "Vincent van Gogh");
 * a name of one word in capitals with no dot ("COVA", "OCLC") is itself.
 * Sets [*start, *start + *flen) and returns true; false when there is none
 * (empty, only initials).  Words are split on ASCII white space; any bytes
 * are accepted.
 */
bool		pith_author_family_span(const char *name, size_t len, size_t *start, size_t *flen);

/*
 * Drop the words made of digits only from a normalized family name (the
 * reference numbers PDF text leaves on a first author: "11.Patera" ->
 * "patera"), in place; returns the new length.
 */
size_t		pith_author_family_trim(char *family, size_t flen);

/*
 * Is a normalized family name usable as evidence: at least two bytes and
 * not a placeholder ("et al", "others", "anonymous")?
 */
bool		pith_author_family_usable(const char *family, size_t flen);

/*
 * Is the normalized family name (words separated by one space) a run of
 * whole words of the normalized author name?
 */
bool		pith_name_has_words(const char *author, size_t alen, const char *family, size_t flen);

/*
 * Container evidence over two container keys (pith_title_key form) and
 * their similarity score: 1 when they are equal and at least 3 bytes
 * ("apj", "prl"), or both are at least 4 bytes and one holds the other or
 * the score is at least 0.85; otherwise 0.  Never -1: abbreviated and full
 * venue names look different (see pith_container_abbreviates).
 */
int			pith_container_evidence(const char *ka, size_t la, const char *kb, size_t lb,
									double score);

/*
 * Is one normalized container (words separated by one space) an
 * abbreviation of the other, in either direction: every word of the
 * shorter form, in order, begins a word of the longer form, and every
 * word of the longer form left over is a function word ("of", "the",
 * "and", "für", ...)?  "phys rev d" ~ "physical review d", "j am chem soc"
 * ~ "journal of the american chemical society".  The abbreviated form
 * needs at least two words and one of three letters or more.
 */
bool		pith_container_abbreviates(const char *a, size_t la, const char *b, size_t lb);

/*
 * Title anchors in a raw reference: norm[0..len) is the reference in
 * pith_title_normalize form (words separated by one space).  Writes the
 * key of the whole text (the words with no separators, as pith_title_key
 * writes a title) to key (room for len bytes) and sets *keylen; writes the
 * byte offsets in key where each of the first max_starts words begins to
 * starts, and returns how many it wrote.  A catalog title cited in the
 * reference is a run of key that begins at one of these offsets, whatever
 * the parser made of its boundaries.
 */
size_t		pith_key_word_starts(const char *norm, size_t len, char *key, size_t *keylen,
								 size_t *starts, size_t max_starts);

#endif							/* PITH_RESOLVE_EVIDENCE_H */
