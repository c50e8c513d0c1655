/* chain: bounds on the maximum reaction time (MRT) and maximum data age (MDA) of cause-effect
 * chains (docs/chains.md) from the tasks' end-to-end WCRTs R_i: Davare et al. 2007 and Durr et
 * al. 2019 under implicit communication, the exact LET job-chain enumeration of Gunzel et al.
 * 2023 under LET; the binding bound of each metric and the chain's verdict. */
#ifndef RT_CHAIN_H
#define RT_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/budget.h"
#include "taskset/taskset.h"

/* What the chain analyses read of one task (all times in integer ns). */
typedef struct chain_task {
    int64_t period_ns;     /* T > 0 */
    int64_t deadline_ns;   /* D > 0 */
    int64_t jitter_ns;     /* J >= 0, release jitter */
    int64_t offset_ns;     /* phase of the first release, >= 0 */
    bool bounded;          /* R known */
    int64_t wcrt_ns;       /* R, end to end from the nominal release, when bounded */
    bool cpu_alone;        /* one step, on a CPU core: core and priority hold */
    size_t core;
    int64_t priority;      /* of that step; smaller = higher */
} chain_task;

/* The bounds, in the order of the JSON report's "bounds" object. */
typedef enum {
    CHAIN_DAVARE,          /* implicit: MRT and MDA <= sum of (T_i + R_i) */
    CHAIN_DURR_MRT,        /* implicit: Durr 2019 Theorem 5.4 */
    CHAIN_DURR_MDA,        /* implicit: Durr 2019 Theorem 5.10 + T_n */
    CHAIN_LET_EXACT,       /* let: the exact MRT = MDA by partitioned job chains */
    CHAIN_N_BOUNDS
} chain_bound;

typedef enum {
    CHAIN_NA,              /* the bound does not apply to the chain's communication */
    CHAIN_OK,              /* computed */
    CHAIN_UNBOUNDED,       /* a task of the chain has no bounded R (result.unbounded_task) */
    CHAIN_OVERFLOW,        /* a sum, the hyperperiod or a job's instant leaves int64 */
    CHAIN_TOO_LONG,        /* let: more than CHAIN_LET_MAX_JOBCHAINS job chains to try */
    CHAIN_INVALID,         /* a task's T <= 0, or a negative D, J, offset or R (a caller's bug) */
    CHAIN_BUDGET           /* undecided: the run's work budget ran out before it was computed */
} chain_status;

/* The enumeration's work bound: partitioned job chains tried per chain, those left out for a
 * job before the first included (docs/chains.md sec. 3). */
#define CHAIN_LET_MAX_JOBCHAINS 1000000

/* Why a chain fails: the first that applies, in this order. */
typedef enum {
    CHAIN_PASSES,
    CHAIN_WHY_LET_LATE,    /* let: a task's R exceeds its D, or is unbounded (late_task) */
    CHAIN_WHY_NO_BOUND,    /* a metric with a requirement has no bound (see the statuses) */
    CHAIN_WHY_REACTION,    /* MRT > max-reaction (and maybe MDA > max-age too) */
    CHAIN_WHY_AGE          /* MDA > max-age */
} chain_why;

typedef struct chain_result {
    chain_status status[CHAIN_N_BOUNDS];
    int64_t bound_ns[CHAIN_N_BOUNDS];  /* when status is CHAIN_OK */
    size_t unbounded_task;     /* CHAIN_UNBOUNDED: position in the chain of the first such task */
    int64_t hyperperiod_ns;    /* let: lcm of the chain's periods; 0 when it overflows */
    int64_t horizon_ns;        /* let: 2 * hyperperiod + the largest phase; 0 when it overflows */
    uint64_t let_jobchains;    /* let: partitioned job chains enumerated */
    int64_t let_read_ns;       /* let: the longest partitioned job chain's first read ... */
    int64_t let_write_ns;      /* ... and last write (let_write_ns - let_read_ns = the bound) */
    size_t let_part;           /* let: the task (position) where the job chains are partitioned */
    bool has_mrt, has_mda;     /* a sound bound of the metric exists */
    int64_t mrt_ns, mda_ns;    /* the smallest sound bound of each */
    chain_bound binding_mrt, binding_mda;  /* which bound gave it (the first on a tie) */
    size_t late_task;          /* CHAIN_WHY_LET_LATE: position of the first late task */
    chain_why why;
    bool passes;               /* MRT <= max-reaction and MDA <= max-age, where given, and
                                  under let every R_i <= D_i */
    bool undecided;            /* fails for want of a bound the work budget left uncomputed
                                  (why CHAIN_WHY_NO_BOUND, a status CHAIN_BUDGET): no verdict */
} chain_result;

/* The figures of task i of ts the chain analyses read, from the analysed layout e: R_i from
 * e->rta[i] (the holistic R_i for a whole system), core and priority of a one-step CPU task from
 * e->system. */
void chain_task_of(const rt_taskset *ts, const rt_eval *e, size_t i, chain_task *out);
/* Work units charged per partitioned job chain of the LET enumeration, per task of the chain
 * (one job's read and write located), and once per task for the implicit bounds. */
#define CHAIN_UNITS_PER_TASK 1
/* Analyse chain c, whose task indices point into tasks: every bound, the binding ones, the
 * verdict; its work charged to budget (NULL: a counter of RT_BUDGET_DEFAULT_UNITS of its own).
 * Once the budget is spent, a bound not yet computed is CHAIN_BUDGET. Needs no memory. */
void chain_analyse(const rt_chain *c, const chain_task *tasks, rt_budget *budget,
                   chain_result *out);
/* Every chain of ts over e into a new array of ts->n_chains results (caller frees with free()),
 * charged to budget (as chain_analyse) with its step BUDGET_STEP_CHAINS; NULL when out of memory
 * or when ts has no chain. */
chain_result *chain_analyse_all(const rt_taskset *ts, const rt_eval *e, rt_budget *budget);
/* A chain's verdict word: "ok" (passes), "undecided" (x->undecided) or "FAILS". */
const char *chain_verdict_word(const chain_result *x);
/* The chains of ts that fail (decided, not passing; res[c] for chain c) in words for a verdict
 * line, into buf: "chain A fails", "chains A and B fail", "chains A, B, C and 2 more fail" (at
 * most CHAIN_FAILING_NAMED named; "" when none). Returns how many fail. */
#define CHAIN_FAILING_NAMED 3
size_t chain_failing_words(const rt_taskset *ts, const chain_result *res, char *buf, size_t size);
/* "davare", "durr_mrt", "durr_mda", "let_exact" (the JSON keys). */
const char *chain_bound_name(chain_bound b);
/* "does not apply", "bounded", "unbounded task", "overflow", "too many job chains", "invalid
 * task figures", "undecided (work budget exhausted)". */
const char *chain_status_name(chain_status s);

#endif
