/* assign: the front door of the partition search, dispatching on the objective:
 * min-sms (minsms.c) or max-min-slack (slack.c, repeated min-sms searches). */
#include "search/assign.h"

#include <string.h>

#include "search/minsms.h"
#include "search/slack.h"

int assign_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d)
{
    if (o->objective == RT_OBJ_MAX_MIN_SLACK)
        return slack_search(m, ts, o, minsms_search, out, d);
    return minsms_search(m, ts, o, out, d);
}

const char *assign_status_name(assign_status s)
{
    switch (s) {
    case ASSIGN_GIVEN: return "given";
    case ASSIGN_OPTIMAL: return "optimal";
    case ASSIGN_FEASIBLE: return "feasible";
    case ASSIGN_INFEASIBLE: return "infeasible";
    case ASSIGN_UNKNOWN: return "unknown";
    }
    return "unknown";
}

void assign_result_fini(assign_result *r)
{
    if (!r)
        return;
    rt_layout_free(r->layout);
    memset(r, 0, sizeof *r);
}
