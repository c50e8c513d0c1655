/* assign: the partition search's front door (search/search.c; docs/assignment.md): partition
 * sizes and task-to-partition mapping, found primal first (local search), bounded by the pattern
 * master and closed by the exact MIP loop, every candidate judged by the full analysis. */
#ifndef RT_ASSIGN_H
#define RT_ASSIGN_H

#include <stdint.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "search/result.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Search partitions and mapping for ts minimising the SMs used (or, with o->objective
 * max-min-slack, maximising the smallest relative slack: slack.h), every candidate checked with
 * rt_eval_layout. ASSIGN_ESOLVER: GLPK failed (message in d); ASSIGN_EIO: --write-lp failed. */
int assign_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d);
/* Free what assign_search put in r; safe on a zeroed struct. */
void assign_result_fini(assign_result *r);
/* "given", "optimal", "feasible", "infeasible", "unknown". */
const char *assign_status_name(assign_status s);

#endif
