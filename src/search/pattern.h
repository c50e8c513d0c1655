/* pattern: the pattern master of the partition search, a proven lower bound by column generation. */
#ifndef RT_PATTERN_H
#define RT_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"
#include "util/diag.h"

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

typedef struct pattern_result {
    int64_t lb_units;     /* proven lower bound of the units of g of every schedulable layout
                           * (0: none proven), at most stop_units (the master covers only the
                           * layouts below it); above lbt_sizes: no layout is schedulable */
    bool converged;       /* the last pricing found no column of negative reduced cost */
    long lp_solves;       /* simplex solves of the restricted master */
    long columns;         /* patterns generated */
    long pricing_nodes;   /* nodes of the pricing searches */
    long enum_nodes;      /* nodes of the pool enumeration */
} pattern_result;

/* Column generation (docs/assignment.md sec. 5): patterns (group G, size s) that pass the
 * necessary test of bounds.h with every other task outside, rows "each task in exactly one
 * pattern" and "total size <= C", C = stop_units - 1 (at most lbt_sizes): the layouts better
 * than an incumbent of stop_units units (stop_units = lbt_sizes + 1 without one). Started from
 * the partitions of inc (may be NULL) and one artificial column per task. Every round gives the
 * Lagrangian bound (sum_i pi_i + max(K rc*, C min_u rc*_u / u)) / (1 - mu) and Farley's bound,
 * valid for any duals (pi free, mu <= 0), so the bound never rests on the LP solver's accuracy;
 * its ceiling (less 1e-6), capped at C + 1, is kept when it improves. Stops when an exact
 * pricing finds no negative column, at `deadline` (monotonic seconds; 0: none), or when the
 * bound reaches stop_units. *master receives what pools are built from (the duals of the best
 * bound; free with pattern_master_free), NULL on error.
 * ASSIGN_OK, ASSIGN_ENOMEM or ASSIGN_ESOLVER (message in d). */
typedef struct pattern_master pattern_master;
int pattern_master_run(lbt *b, const jlayout *inc, double deadline, int64_t stop_units,
                       rt_diags *d, pattern_result *out, pattern_master **master);
/* The pool for the layouts of at most min(units, C) units (sec. 5a, "The pool"): with the duals
 * of the best bound, every pattern whose reduced cost allows it in such a layout, enumerated
 * until `deadline`; the incumbent's partitions are always added. With all (--write-lp), every
 * pattern that passes the test on at most `units` units, whatever its reduced cost. What pool
 * held is freed first (it must be zeroed or a pool). ASSIGN_OK or ASSIGN_ENOMEM. */
int pattern_pool_build(pattern_master *m, const jlayout *inc, int64_t units, double deadline,
                       bool all, pattern_pool *pool);
void pattern_master_free(pattern_master *m);
/* The bound alone: pattern_master_run with its master freed at once. */
int pattern_bound(lbt *b, const jlayout *inc, double deadline, int64_t stop_units, rt_diags *d,
                  pattern_result *out);

#endif
