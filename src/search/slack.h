/* slack: the max-min-slack objective of the partition search, by tightened deadlines. */
#ifndef RT_SLACK_H
#define RT_SLACK_H

#include "analysis/options.h"
#include "models/model.h"
#include "search/result.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* A min-sms search (minsms_search of minsms.h), passed in by the front door. */
typedef int (*slack_min_sms_fn)(const model *m, const rt_taskset *ts, const rt_options *o,
                                assign_result *out, rt_diags *d);
/* Largest smallest relative slack min_i (D_i - R_i) / D_i over the schedulable layouts of at most
 * o->max_sms SMs (0: all), by repeated min-sms searches (min_sms) with deadlines tightened to demand a
 * larger slack (docs/assignment.md sec. 11). out as assign_search, plus min_slack; optimal when
 * no layout of at most max_sms SMs has a larger slack (proven), infeasible when none is
 * schedulable within max_sms. Priorities must be given or dm (the caller refuses audsley).
 * out->undecided_analyses adds up those of every search (and of the slack computations); a
 * search whose analyses the budget left undecided proves only what assign_search proves.
 * Returns as assign_search; out->layout is owned by out. */
int slack_search(const model *m, const rt_taskset *ts, const rt_options *o,
                 slack_min_sms_fn min_sms, assign_result *out, rt_diags *d);
/* The smallest relative slack of layout l as a fraction num/den (den > 0) and as a double;
 * false if it is not schedulable, on out of memory, on overflow, or when the work budget
 * (o->budget_units of its own) left the analysis undecided: then *undecided (when not NULL)
 * is set true, else false. */
bool slack_of_layout(const model *m, const rt_taskset *ts, const rt_layout *l,
                     const rt_options *o, int64_t *num, int64_t *den, double *slack,
                     bool *undecided);

#endif
