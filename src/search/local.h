/* local: the primal side of the partition search, a local search judged by the full analysis. */
#ifndef RT_LOCAL_H
#define RT_LOCAL_H

#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"

typedef struct local_stats {
    int64_t one_units;     /* one-partition minimum in units of g (0: none passes) */
    double t_first;        /* monotonic time of the first schedulable layout (0: none) */
    double t_best;         /* of the best one */
    long rounds;           /* perturbation rounds run */
} local_stats;

/* Local search (docs/assignment.md sec. 3): the one-partition minimum, then greedy insertions
 * of the tasks in several orders (the group test of bounds.h picks sizes), each completed by
 * growing what fails; then shrink, merge, move, swap and random perturbations. Every layout it
 * keeps passed judge_eval, which is the only judge; the tests of bounds.h only propose sizes.
 * Stops at `deadline` (monotonic seconds; 0: none) or after `max_idle` perturbation rounds
 * without improvement. best (initialised for T tasks) receives the best layout, normalised.
 * Returns 1 if one was found, 0 if none, -1 on out of memory. Deterministic for a given
 * deadline outcome (fixed seed, ties by index). */
int local_search(judge *j, lbt *b, double deadline, long max_idle, jlayout *best,
                 local_stats *st);

#endif
