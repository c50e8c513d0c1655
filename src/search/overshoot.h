/* overshoot: the fixed-budget annealing of the partition search (docs/assignment.md sec. 3c):
 * below the best layout, a budget of units is fixed and the annealing walks through failing
 * layouts of that budget, minimising their total deadline overshoot, until one passes. */
#ifndef RT_OVERSHOOT_H
#define RT_OVERSHOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"
#include "search/local.h"

/* From best (a layout that passes, normalised, of B units): fix the budget K one allowed step
 * below B; anneal over layouts of at most K units (moves: a task moved, two swapped, units
 * shifted between partitions or to and from the free ones, two partitions merged, one split, a
 * partition opened for one task), the cost the judge's overshoot (judge.h); a layout that
 * passes is shrunk while it passes, becomes best, and K falls below it. Runs restart from the
 * best, every third one perturbed. Wide runs, on random numbers of their own so that the others
 * stay those of the stage without them, come every third run once OVER_IDLE runs in a row bring
 * nothing, and every run while best has one partition: they start from a layout built afresh
 * (the tasks by isolated WCET cut into 2 to 4 groups), and below one_units (the one-partition
 * minimum; 0: none passes) never take a layout of one partition, which would fail. Stops when
 * best has stop units or fewer (a proven lower bound), at the deadline (monotonic seconds; 0:
 * none), or, unless persist (which needs a deadline), after OVER_IDLE runs in a row that bring nothing.
 * Every layout kept passed judge_eval, the only judge. st->t_best: when best last improved.
 * Returns 1 when best improved, 0 when not, -1 on out of memory. Deterministic for a given
 * deadline outcome. */
int overshoot_search(judge *j, lbt *b, double deadline, int64_t stop, int64_t one_units,
                     bool persist, jlayout *best, local_stats *st);

#endif
