/* options: the analysis choices a user makes on the command line, with the spec's defaults. */
#include "analysis/options.h"

#include <stddef.h>

void rt_options_default(rt_options *o)
{
    *o = (rt_options){
        .margin = 0.2,
        .windows = RT_WINDOWS_WORST_CASE,
        .interference = RT_INTF_MASOLA,
        .naive_factor = 0.73,
        .combination_cap = 1048576,
        .assign = RT_ASSIGN_AUTO,
        .priorities = RT_PRIO_GIVEN,
        .time_limit_s = 60,
        .max_iterations = 0,
        .write_lp = NULL,
        .objective = RT_OBJ_MIN_SMS,
        .max_sms = 0,
        .deploy = RT_DEPLOY_ANY,
        .min_partition_sms = 0,
        .part_min_sms = 0,
        .part_step_sms = 0,
        .verbosity = 0,
        .leftover = LO_PACKED,
        .budget_units = RT_BUDGET_DEFAULT_UNITS,
    };
}

const char *rt_options_windows_name(rt_windows_mode m)
{
    return m == RT_WINDOWS_SYNCHRONOUS ? "synchronous" : "worst-case";
}

const char *rt_options_prio_name(rt_prio_mode m)
{
    switch (m) {
    case RT_PRIO_DM: return "dm";
    case RT_PRIO_AUDSLEY: return "audsley";
    default: return "given";
    }
}

const char *rt_options_objective_name(rt_objective o)
{
    return o == RT_OBJ_MAX_MIN_SLACK ? "max-min-slack" : "min-sms";
}

const char *rt_options_deploy_target_name(rt_deploy_target t)
{
    switch (t) {
    case RT_DEPLOY_GREEN_CONTEXTS: return "green-contexts";
    case RT_DEPLOY_LIBSMCTRL: return "libsmctrl";
    case RT_DEPLOY_NVTASKSET: return "nvtaskset";
    default: return "any";
    }
}
