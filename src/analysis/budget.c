/* budget: the whole run's work budget (see budget.h). */
#include "analysis/budget.h"

void budget_init(rt_budget *b, uint64_t limit_units)
{
    *b = (rt_budget){ .limit_units = limit_units, .used_units = 0, .exhausted = false,
                      .step = BUDGET_STEP_NONE, .current = BUDGET_STEP_NONE, .task = SIZE_MAX,
                      .current_task = SIZE_MAX };
}

const char *budget_step_name(budget_step s)
{
    switch (s) {
    case BUDGET_STEP_WINDOWS: return "windows";
    case BUDGET_STEP_PRIORITIES: return "priorities";
    case BUDGET_STEP_RTA: return "rta";
    case BUDGET_STEP_SENSITIVITY: return "sensitivity";
    case BUDGET_STEP_PLACEMENT: return "placement";
    case BUDGET_STEP_CHAINS: return "chains";
    default: return "";
    }
}

const char *budget_step_text(budget_step s)
{
    switch (s) {
    case BUDGET_STEP_WINDOWS: return "the worst-case window search (WCETs)";
    case BUDGET_STEP_PRIORITIES: return "Audsley's priority assignment";
    case BUDGET_STEP_RTA: return "the response-time analysis";
    case BUDGET_STEP_SENSITIVITY: return "the sensitivity analysis";
    case BUDGET_STEP_PLACEMENT: return "the block placement";
    case BUDGET_STEP_CHAINS: return "the chain analysis";
    default: return "no step";
    }
}

rt_budget *budget_or_own(rt_budget *given, rt_budget *own, uint64_t limit_units)
{
    if (given)
        return given;
    budget_init(own, limit_units);
    return own;
}
