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
                           * (0: none proven); above lbt_sizes: no layout is schedulable */
    bool converged;       /* the last pricing found no column of negative reduced cost */
    long lp_solves;       /* simplex solves of the restricted master */
    long columns;         /* patterns generated */
    long pricing_nodes;   /* nodes of the pricing searches */
} pattern_result;

/* Column generation (docs/assignment.md sec. 4): patterns (group G, size s) that pass the
 * necessary test of bounds.h with every other task outside, rows "each task in exactly one
 * pattern" and "total size <= N". Started from the partitions of inc (may be NULL) and one
 * artificial column per task. Every exact pricing gives the Lagrangian bound
 *   sum_i pi_i + mu N + min(T, N/g) * min(0, least reduced cost),
 * valid for any duals (pi free, mu <= 0), so the bound never rests on the LP solver's accuracy;
 * its ceiling (less 1e-6) is kept when it improves. Stops when the pricing finds no negative
 * column, at `deadline` (monotonic seconds; 0: none), or when the bound reaches stop_units.
 * ASSIGN_OK, ASSIGN_ENOMEM or ASSIGN_ESOLVER (message in d). */
int pattern_bound(lbt *b, const jlayout *inc, double deadline, int64_t stop_units, rt_diags *d,
                  pattern_result *out);

#endif
