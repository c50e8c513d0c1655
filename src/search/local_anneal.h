/* local_anneal: simulated annealing of the partition search's primal side, through layouts that
 * may fail. */
#ifndef RT_LOCAL_ANNEAL_H
#define RT_LOCAL_ANNEAL_H

#include <stdbool.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"
#include "search/local.h"

/* Simulated annealing from best (a layout that passes, normalised): runs over layouts that may
 * fail, each failing one charged its units plus a penalty per missing task (docs/assignment.md
 * sec. 3), each run from the best so far, until the best has stop units or fewer (a proven
 * lower bound: nothing better exists), the deadline (monotonic seconds; 0: none), or, unless
 * persist (which needs a deadline), eight runs in a row that bring nothing. A layout found
 * better than best passed judge_eval; it is improved by the descent (ls.h) and
 * returned in best (st->t_best its time). Returns 1 when best improved, 0 when not, -1 on out
 * of memory. Deterministic for a given deadline outcome. */
int local_anneal(judge *j, lbt *b, double deadline, int64_t stop, bool persist, jlayout *best,
                 local_stats *st);

#endif
