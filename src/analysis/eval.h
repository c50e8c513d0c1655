/* eval: one layout from WCETs to response times and a verdict (the full check). */
#ifndef RT_EVAL_H
#define RT_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "analysis/rta.h"
#include "analysis/system.h"
#include "analysis/wcet.h"
#include "models/model.h"
#include "taskset/taskset.h"

typedef struct rt_eval {
    wcet_result wcet;          /* per task */
    rta_result *rta;           /* owned, one per task (task-set order) */
    size_t n_tasks;
    size_t n_misses;           /* tasks decided to miss: R > D or unbounded */
    size_t n_undecided;        /* tasks left undecided: the work budget ran out (RTA_BUDGET) */
    bool decided;              /* n_undecided == 0: the verdict below is proven */
    bool schedulable;          /* decided and no miss */
    bool exhaustive;           /* false if some launch used the combination-cap fallback */
    bool has_min_slack;        /* schedulable, with at least one task: min_slack_task is set */
    size_t min_slack_task;     /* the task of the smallest relative slack (D_i - R_i) / D_i,
                                  compared exactly; the first in task-set order on a tie */
    rt_system *system;         /* owned: a whole system's flows and their holistic analysis
                                  (docs/system.md); NULL for a task set of GPU steps alone */
    size_t bcet_task, bcet_run;   /* EVAL_EBCET: the <run> whose bcet exceeds its WCET, */
    int64_t bcet_wcet_ns;         /* ... and that WCET */
} rt_eval;

enum { EVAL_OK = 0, EVAL_ENOMEM = -1, EVAL_ERANGE = -2, EVAL_EBCET = -3 };

/* Full analysis of layout l: WCETs (docs/model.md), priorities per o->priorities (audsley rewrites
 * l->task_prio), then RTA per partition. A whole system (rt_taskset_has_system_steps), or any task set
 * with o->gpu_kernel_preemption (o neither audsley nor synchronous windows): the launch WCETs of the tasks with runs, then the holistic
 * analysis of every flow (docs/system.md sec. 3), whose end-to-end R_i fill rta[i] (status,
 * wcrt_ns, schedulable only); out->system keeps the flows; EVAL_EBCET names in out->bcet_task and
 * out->bcet_run a launch whose bcet exceeds its WCET (out->bcet_wcet_ns). trace_cap as for rta_npfp. Work is charged to
 * budget (NULL: a counter of o->budget_units of its own); when it runs out the launches left
 * get the capped sound bound, the tasks left RTA_BUDGET, and out->decided is false. On failure
 * out holds nothing to free. */
int rt_eval_layout(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
                   rt_budget *budget, size_t trace_cap, rt_eval *out);
/* The RTA half of rt_eval_layout, with the task WCETs given (c_ns[i] for task i): priorities per
 * o (audsley rewrites l->task_prio), then the RTA of every partition, or of partition part only
 * when part < l->n_parts. rta[i] (zeroed or from an earlier call; replaced, old trace freed) for
 * each analysed task; *n_misses counts the analysed tasks that are not schedulable (undecided
 * ones included). Budget as for rt_eval_layout. EVAL_OK or EVAL_ENOMEM. */
int rt_eval_rta(const rt_taskset *ts, rt_layout *l, const rt_options *o, rt_budget *budget,
                const int64_t *c_ns, size_t part, size_t trace_cap, rta_result *rta,
                size_t *n_misses);
/* Free what rt_eval_layout put in e; safe on a zeroed struct. */
void rt_eval_fini(rt_eval *e);

#endif
