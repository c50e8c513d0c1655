/* sens: how far an analysed layout is from its limits (docs/evidence.md sec. 1). Every
 * figure is the result of full analyses of candidates (WCETs, priorities, RTA), found by a search
 * whose precision is stated here; nothing is extrapolated. */
#ifndef RT_SENS_H
#define RT_SENS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"

/* Fixed-point unit of the scaling factor and the margin: figures are k / SENS_UNIT, k whole,
 * rounded down (precision 1e-4). */
#define SENS_UNIT 10000
/* Search ranges: a in [0, 2^20], margin in [0, 100]. */
#define SENS_SCALE_MAX_K ((int64_t)SENS_UNIT << 20)
#define SENS_MARGIN_MAX_K ((int64_t)100 * SENS_UNIT)

/* One higher-priority task's share of a job's response time: jobs * C_j. */
typedef struct sens_hp_term {
    size_t task;               /* task index */
    int64_t jobs;              /* floor((w + J_j) / T_j) + 1 */
    int64_t ns;                /* jobs * C_j */
} sens_hp_term;

/* The critical (worst) job of a task, term by term (docs/analysis.md sec. 2): with w the start of
 * job q after the level-i busy period begins, w = B_i + q C_i + sum of hp[].ns, and
 * R_i = J_i + w - q T_i + C_i. This is the scenario the bound accounts for. */
typedef struct sens_job {
    bool bounded;              /* false: R_i unbounded (utilisation >= 1 or a limit): no terms */
    int64_t q;                 /* the worst job's index in the busy period */
    int64_t jitter_ns, blocking_ns, own_earlier_ns, own_ns;   /* J_i, B_i, q C_i, C_i */
    size_t blocking_task;      /* the lower-priority task whose C_j is B_i; SIZE_MAX if B_i = 0 */
    int64_t start_ns;          /* w */
    int64_t release_offset_ns; /* q T_i */
    int64_t wcrt_ns;           /* R_i */
    size_t n_hp;
    sens_hp_term *hp;          /* owned; priority order, then task-set order */
} sens_job;

/* Why a task misses its deadline. */
typedef struct sens_explain {
    bool bounded;              /* R_i bounded */
    int64_t excess_ns;         /* R_i - D_i (bounded only) */
    bool without_intf_bounded; /* R_i with interference "none" (same layout and priorities mode) */
    int64_t without_intf_ns;
    bool without_intf_meets;   /* ... and does the deadline hold then? */
} sens_explain;

typedef struct sens_task {
    bool has_slack;            /* R_i bounded */
    int64_t slack_ns;          /* D_i - R_i (negative on a miss) */
    bool has_headroom;         /* false when i's partition already misses a deadline */
    int64_t headroom_ns;       /* largest d: C_i + d keeps every deadline of i's partition */
    bool has_pass_sms;         /* false: no size of its partition makes its own deadline hold */
    int64_t pass_sms;          /* smallest size of its partition (the others and the mapping
                                  fixed) at which its own deadline holds */
    sens_job job;              /* its critical job */
    sens_explain *explain;     /* owned; NULL unless i misses */
} sens_task;

/* A step of a whole system (docs/evidence.md sec. 1, "Whole systems"). */
typedef struct sens_step {
    bool has_headroom;         /* false when some end-to-end deadline already misses */
    int64_t headroom_ns;       /* largest d: C_s + d (a GPU step: its last launch + d), every
                                  other WCET fixed, keeps every end-to-end deadline */
} sens_step;

/* A cause-effect chain (docs/evidence.md sec. 1, "Chains"). */
typedef struct sens_chain {
    bool has_scaling;          /* false: the chain fails even at the smallest factor tried */
    int64_t scaling_k;         /* largest factor (same scope and range as the task set's) that
                                  keeps the chain within its requirements */
} sens_chain;

typedef struct sens_result {
    bool has_scaling;          /* false: even a = 0 misses (jitter beyond a deadline); a whole
                                  system: even a = scaling_min_k / SENS_UNIT misses */
    int64_t scaling_k;         /* scaling factor = scaling_k / SENS_UNIT */
    /* A whole system (base->system set): the scaling factor scales every step's WCET (CPU, copy,
     * every GPU launch) with the BCETs as given, from the smallest factor at which every scaled
     * WCET is still at least its BCET (scaling_min_k, at least 1); per-task headroom is not
     * given (has_headroom false), the steps' is, and no critical job is broken down. */
    bool system;
    int64_t scaling_min_k;     /* 0 for a task set of GPU steps alone */
    size_t n_steps;
    sens_step *steps;          /* owned; the system's steps in rt_system order (task by task,
                                  each task's in file order); NULL otherwise */
    bool has_margin;           /* false: margin 0 already misses */
    int64_t margin_k;          /* largest margin = margin_k / SENS_UNIT */
    size_t n_parts;
    bool *has_min_sms;         /* owned, per partition */
    int64_t *min_sms;          /* owned, per partition */
    int64_t *scan_first_sms;   /* owned, per partition: the smallest size the scan tried (g) */
    int64_t *scan_last_sms;    /* owned, per partition: the largest size it may try, N minus the
                                  other partitions' SMs rounded down to g (< first: none fits);
                                  it stops early once every deadline of the partition held */
    size_t n_tasks;
    sens_task *tasks;          /* owned, task-set order */
    size_t n_chains;
    sens_chain *chains;        /* owned, the task set's chains in file order; NULL without */
    uint64_t analyses;         /* candidates analysed (RTA-only ones included) */
    bool exhaustive;           /* false if any full analysis hit the combination cap */
} sens_result;

enum { SENS_OK = 0, SENS_ENOMEM = -1, SENS_BUDGET = -2 };

/* Sensitivity of layout l, whose analysis is base (rt_eval_layout with the same m, ts, o).
 * Every candidate's analysis charges budget (NULL: o->budget_units of its own).
 * SENS_OK, SENS_ENOMEM, or SENS_BUDGET when the budget ran out (no figures; step recorded
 * as BUDGET_STEP_SENSITIVITY); out then holds nothing to free. */
int sens_compute(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 rt_budget *budget, const rt_eval *base, sens_result *out);
/* The critical scaling factor alone (sens_result's has_scaling and scaling_k, found the same
 * way, charged to the same budget), for sweeps that want one figure per point; *analyses counts
 * the candidates analysed. SENS_OK, SENS_ENOMEM, or SENS_BUDGET (then *has is false). */
int sens_scaling(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 rt_budget *budget, const rt_eval *base, bool *has, int64_t *scaling_k,
                 uint64_t *analyses);
/* A factor k / SENS_UNIT as an exact decimal with four places ("1.2345"), into buf: the one text
 * of every scaling factor and margin (reports, sweep results). */
void sens_k_text(int64_t k, char *buf, size_t size);
/* Free what sens_compute put in r; safe on a zeroed struct. */
void sens_result_fini(sens_result *r);

#endif
