/* pattern: the pattern master of the partition search, a proven lower bound by column generation. */
#ifndef RT_PATTERN_H
#define RT_PATTERN_H

#include <stdbool.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"
#include "util/diag.h"

typedef struct pattern_result {
    int64_t lb_units;     /* proven lower bound of the units of g of every schedulable layout
                           * (0: none proven), at most stop_units (the master covers only the
                           * layouts below it); above bounds_sizes: no layout is schedulable */
    bool converged;       /* the last pricing found no column of negative reduced cost */
    long lp_solves;       /* simplex solves of the restricted master */
    long columns;         /* patterns generated */
    long pricing_nodes;   /* nodes of the pricing searches */
    long enum_nodes;      /* nodes of the pool enumeration */
} pattern_result;

/* Column generation (docs/assignment.md sec. 5): patterns (group G, size s) that pass the
 * necessary test of bounds.h with every other task outside, rows "each task in exactly one
 * pattern" and "total size <= C", C = stop_units - 1 (at most bounds_sizes): the layouts better
 * than an incumbent of stop_units units (stop_units = bounds_sizes + 1 without one). Started from
 * the partitions of inc (may be NULL) and one artificial column per task. Every round gives the
 * Lagrangian bound (sum_i pi_i + max(K rc*, C min_u rc*_u / u)) / (1 - mu) and Farley's bound,
 * valid for any duals (pi free, mu <= 0), so the bound never rests on the LP solver's accuracy;
 * its ceiling (less 1e-6), capped at C + 1, is kept when it improves. Stops when an exact
 * pricing finds no negative column, at `deadline` (monotonic seconds; 0: none), or when the
 * bound reaches stop_units. *master receives what pools are built from (the duals of the best
 * bound, pattern_pool.h; free with pattern_master_free), NULL on error.
 * ASSIGN_OK, ASSIGN_ENOMEM or ASSIGN_ESOLVER (message in d). */
typedef struct pattern_master pattern_master;
int pattern_master_run(lbt *b, const jlayout *inc, double deadline, int64_t stop_units,
                       rt_diags *d, pattern_result *out, pattern_master **master);
/* Free what pattern_master_run returned; NULL is a no-op. */
void pattern_master_free(pattern_master *m);
/* The bound alone: pattern_master_run with its master freed at once. */
int pattern_bound(lbt *b, const jlayout *inc, double deadline, int64_t stop_units, rt_diags *d,
                  pattern_result *out);

#endif
