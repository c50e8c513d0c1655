/* suggest: "did you mean" for a misspelt name, one rule for every name lookup (docs/formats.md
 * sec. 1): a candidate equal to the word but for case wins; else the candidate at the smallest
 * Damerau-Levenshtein distance (optimal string alignment, letters compared without case), if
 * that distance is at most a third of the word's length, rounded down ("KALMANN" may be 2 edits
 * from KALMAN, "NOPE" 1 from anything, "Z" only a case away); the first candidate offered wins
 * a tie.
 * No allocation. */
#ifndef RT_SUGGEST_H
#define RT_SUGGEST_H

#include <stddef.h>

typedef struct rt_suggest {
    const char *word;    /* the misspelt name (borrowed) */
    const char *best;    /* the closest candidate so far (borrowed), NULL if none is close */
    size_t cost;         /* its distance; 0 for a match but for case */
} rt_suggest;

/* Start looking for the candidate closest to word (borrowed until the last call). */
void rt_suggest_init(rt_suggest *s, const char *word);
/* Offer one candidate name (borrowed until rt_suggest_best has been read). */
void rt_suggest_add(rt_suggest *s, const char *candidate);
/* The candidate to suggest (borrowed), or NULL when none is close enough. */
const char *rt_suggest_best(const rt_suggest *s);
/* The end of a message about a name that names nothing: ` (did you mean "BEST"?)` with the
 * suggestion of s quoted as by rt_textesc_quote (util/textesc.h), or "" when s has none. Into buf
 * (size >= 8); returns buf. */
const char *rt_suggest_hint(const rt_suggest *s, char *buf, size_t size);
/* The optimal-string-alignment distance between a and b, letters compared without case;
 * names longer than RT_SUGGEST_MAX_LEN bytes count as SIZE_MAX (never suggested). */
size_t rt_suggest_distance(const char *a, const char *b);
/* rt_suggest_hint for word among the NULL-terminated list words (an attribute's values). */
const char *rt_suggest_among(const char *word, const char *const *words, char *buf, size_t size);

#define RT_SUGGEST_MAX_LEN 64

#endif
