/* options: the analysis choices a user makes on the command line, with the spec's defaults. */
#ifndef RT_OPTIONS_H
#define RT_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/budget.h"
#include "models/interference.h"
#include "models/leftover.h"

typedef enum { RT_WINDOWS_WORST_CASE, RT_WINDOWS_SYNCHRONOUS } rt_windows_mode;
typedef enum { RT_PRIO_GIVEN, RT_PRIO_DM, RT_PRIO_AUDSLEY } rt_prio_mode;
typedef enum { RT_ASSIGN_AUTO, RT_ASSIGN_GIVEN, RT_ASSIGN_SEARCH } rt_assign_mode;
typedef enum { RT_OBJ_MIN_SMS, RT_OBJ_MAX_MIN_SLACK } rt_objective;
/* --deploy: the partitioning mechanism the searched layout is for (docs/assignment.md sec. 12). */
typedef enum { RT_DEPLOY_ANY, RT_DEPLOY_GREEN_CONTEXTS, RT_DEPLOY_LIBSMCTRL,
               RT_DEPLOY_NVTASKSET } rt_deploy_target;

typedef struct rt_options {
    double margin;                  /* WCET margin, default 0.2 */
    rt_windows_mode windows;        /* default worst-case */
    bool gpu_kernel_preemption;     /* --gpu-preemption kernel: each launch is a non-preemptive
                                       region of its partition, analysed by the holistic
                                       analysis (docs/system.md sec. 4); default job */
    rt_interference_mode interference; /* default masola */
    double naive_factor;            /* default 0.73 */
    uint64_t combination_cap;       /* default 1048576 */
    rt_assign_mode assign;          /* default auto: given if partitions exist, else search */
    rt_prio_mode priorities;        /* default given (dm where the file gives none) */
    double time_limit_s;            /* assignment search, default 60 s; <= 0: none */
    long max_iterations;            /* assignment search; <= 0: none */
    const char *write_lp;           /* borrowed path or NULL */
    rt_objective objective;         /* assignment search, default min-sms */
    int64_t max_sms;                /* max-min-slack: layouts of at most this many SMs; 0: all */
    rt_deploy_target deploy;        /* --deploy, default any (no mechanism named) */
    int64_t min_partition_sms;      /* --min-partition-sms; 0: not given */
    /* The partition sizes the search may choose (search/sizes.h), beside being multiples of the
     * granularity: at least part_min_sms and a multiple of part_step_sms (0: no such rule).
     * Set from deploy and min_partition_sms once the GPU is known (the cli). */
    int64_t part_min_sms, part_step_sms;
    int verbosity;                  /* -1 quiet, 0 normal, 1 verbose */
    lo_distribution leftover;       /* k1's placement in the leftover check, default packed */
    uint64_t budget_units;          /* work budget, default RT_BUDGET_DEFAULT_UNITS (--budget);
                                       the counter itself is run state, passed beside the options
                                       (NULL: each analysis counts budget_units of its own) */
} rt_options;

/* Fill o with the command line's defaults (docs/rtgpu-analyze.1). */
void rt_options_default(rt_options *o);
/* Names used in reports and on the command line. */
const char *rt_options_windows_name(rt_windows_mode m);
const char *rt_options_prio_name(rt_prio_mode m);
const char *rt_options_objective_name(rt_objective o);
/* "any", "green-contexts", "libsmctrl", "nvtaskset". */
const char *rt_options_deploy_target_name(rt_deploy_target t);

/* The interference model of o, as the window code takes it. */
static inline intf_model rt_options_intf(const rt_options *o)
{
    return (intf_model){ .mode = o->interference, .naive_factor = o->naive_factor };
}

#endif
