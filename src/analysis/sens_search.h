/* sens_search: the exact searches behind every sensitivity figure (docs/evidence.md sec. 1). */
#ifndef RT_SENS_SEARCH_H
#define RT_SENS_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

struct sens_ctx;

/* The verdict of the candidate at x (arg: the predicate's own): 1 passes, 0 fails, -1 out of
 * memory. */
typedef int (*sens_search_pred)(struct sens_ctx *c, int64_t x, const void *arg);

/* Largest d in [0, hi) with pred(d), given pred(0) and !pred(hi) (hi >= 1), into *best, *has
 * set: an exponential phase 1, 2, 4, ... until a candidate fails or reaches hi, then bisection.
 * 0, or -1 when pred did (*has then untouched). */
int sens_search_largest_d(struct sens_ctx *c, sens_search_pred pred, const void *arg, int64_t hi,
                          bool *has, int64_t *best);
/* Largest k in [lo, max_k] with pred(k) into *k, *has set: none (*has untouched) if pred(lo)
 * fails, max_k if pred(max_k) passes, else bisection. 0, or -1 when pred did. */
int sens_search_k(struct sens_ctx *c, sens_search_pred pred, const void *arg, int64_t lo,
                  int64_t max_k, bool *has, int64_t *k);

#endif
