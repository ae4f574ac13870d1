
-- 30_titles: title normalization, title keys, the fuzzy title score, its
-- threshold operator and the ICU version (src/title.c, src/core/title_*.c).
-- normalize_title and title_key are IMMUTABLE so they can be indexed; their
-- answers depend on the ICU version (pith.icu_version()): REINDEX indexes on
-- them after an ICU major upgrade.

CREATE FUNCTION pith.normalize_title(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_normalize_title'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.normalize_title(text) IS
    'title in comparable form: ICU NFKC, case folded, diacritics and spacing accents removed, apostrophes dropped, every other non-letter, non-digit run one space';

CREATE FUNCTION pith.title_key(title text) RETURNS text
    AS 'MODULE_PATHNAME', 'pith_title_key_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key(text) IS
    'matching key of a title: reference debris (venue tails, arXiv notes, URLs, trailing years) cut, normalized, no separators';

CREATE FUNCTION pith.title_similarity(a text, b text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity(text, text) IS
    'fuzzy title score in [0, 1]: 2 * LCS / total length of the two title keys; 1 exactly when the keys are equal and not empty';

CREATE FUNCTION pith.title_key_similarity(a_key text, b_key text) RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_key_similarity_fn'
    LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_key_similarity(text, text) IS
    'title_similarity for two keys already computed with pith.title_key (skips keying)';

CREATE FUNCTION pith.title_similarity_threshold() RETURNS float8
    AS 'MODULE_PATHNAME', 'pith_title_threshold_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similarity_threshold() IS
    'current value of the setting pith.title_similarity_threshold';

CREATE FUNCTION pith.title_similar(a text, b text) RETURNS boolean
    AS 'MODULE_PATHNAME', 'pith_title_similar_fn'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.title_similar(text, text) IS
    'true when pith.title_similarity(a, b) is at least the setting pith.title_similarity_threshold';

CREATE OPERATOR pith.%% (
    LEFTARG = text,
    RIGHTARG = text,
    FUNCTION = pith.title_similar,
    COMMUTATOR = OPERATOR(pith.%%),
    RESTRICT = contsel,
    JOIN = contjoinsel
);
COMMENT ON OPERATOR pith.%% (text, text) IS
    'titles of the same work: pith.title_similarity at or above pith.title_similarity_threshold';

CREATE FUNCTION pith.icu_version() RETURNS text
    AS 'MODULE_PATHNAME', 'pith_icu_version'
    LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION pith.icu_version() IS
    'version of the ICU library pith normalizes titles with; REINDEX title indexes after an ICU major upgrade';
