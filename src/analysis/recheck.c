/* recheck: the re-analysis of a found layout (recheck.h). */
#include "analysis/recheck.h"

int rt_recheck(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
               rt_budget *budget, size_t trace_cap, rt_eval *ev, bool *contradicts)
{
    int rc = rt_eval_layout(m, ts, l, o, budget, trace_cap, ev);
    *contradicts = rc == EVAL_OK && ev->decided && !ev->schedulable;
    return rc;
}
