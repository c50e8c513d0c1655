/* pattern_pool: the patterns kept for the closing MIP (pattern_mip.h), enumerated from the duals
 * of the pattern master (pattern.h). */
#ifndef RT_PATTERN_POOL_H
#define RT_PATTERN_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/judge.h"
#include "search/pattern.h"

/* Patterns (group, size) kept for the closing MIP (pattern_mip.h). Pattern q holds the tasks
 * task[first[q] .. first[q+1]-1] (ascending) on units[q] units of g. The incumbent's patterns
 * come first, then the others by least reduced cost. */
typedef struct pattern_pool {
    size_t n, cap, n_task, task_cap;
    int64_t *units;
    size_t *first;        /* n + 1 entries */
    size_t *task;
    bool exhaustive;      /* every pattern of every layout of at most max_units units that
                           * passes the necessary test is in the pool */
    int64_t max_units;
} pattern_pool;

/* Free what the pool holds; safe on a zeroed pool. */
void pattern_pool_fini(pattern_pool *p);
/* Index of the pattern with tasks G (k, ascending) on u units, or (size_t)-1. */
size_t pattern_pool_find(const pattern_pool *p, const size_t *G, size_t k, int64_t u);

/* The pool for the layouts of at most min(units, C) units, C the cap of m's master
 * (docs/assignment.md sec. 5a, "The pool"): with the duals of the best bound, every pattern
 * whose reduced cost allows it in such a layout, enumerated until `deadline`; the incumbent's
 * partitions are always added. With all (--write-lp), every pattern that passes the test on at
 * most `units` units, whatever its reduced cost. What pool held is freed first (it must be
 * zeroed or a pool). ASSIGN_OK or ASSIGN_ENOMEM. */
int pattern_pool_build(pattern_master *m, const jlayout *inc, int64_t units, double deadline,
                       bool all, pattern_pool *pool);

#endif
