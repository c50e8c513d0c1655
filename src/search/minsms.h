/* minsms: the min-sms objective of the partition search, its pipeline of stages. */
#ifndef RT_MINSMS_H
#define RT_MINSMS_H

#include "analysis/options.h"
#include "models/model.h"
#include "search/result.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Fewest SMs (docs/assignment.md), every candidate checked with rt_eval_layout, whatever
 * o->objective. out and the return as assign_search (assign.h); out->layout owned by out. */
int minsms_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d);

#endif
