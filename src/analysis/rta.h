/* rta: fixed-priority response-time analysis of one resource: non-preemptive (a GPU partition,
 * docs/analysis.md sec. 2), preemptive (a CPU core) or with deferred preemption (a partition
 * preempted at kernel boundaries), docs/system.md sec. 3 and 4. */
#ifndef RT_RTA_H
#define RT_RTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"

/* One task of a partition, all times in integer nanoseconds. */
typedef struct rta_task {
    int64_t period_ns, deadline_ns, jitter_ns, wcet_ns;
    int64_t priority;      /* smaller = higher; equal numbers interfere mutually */
} rta_task;

typedef enum {
    RTA_BOUNDED,           /* R_i computed */
    RTA_UTILIZATION,       /* sum over hep(i) of C/T >= 1: busy period unbounded */
    RTA_OVERFLOW,          /* a sum or product left int64 */
    RTA_LIMIT,             /* a fixpoint passed the bound (2^62 ns) */
    RTA_BUDGET             /* undecided: the run's work budget ran out (analysis/budget.h) */
} rta_status;

/* One job q of the level-i busy period. */
typedef struct rta_step {
    int64_t q, w_ns, r_ns;
} rta_step;

typedef struct rta_result {
    rta_status status;
    int64_t blocking_ns;   /* B_i */
    int64_t busy_ns;       /* t_i (when bounded) */
    int64_t q_jobs;        /* Q_i */
    int64_t wcrt_ns;       /* R_i (when bounded) */
    int64_t worst_q;       /* the q that gave R_i */
    bool schedulable;      /* bounded and R_i <= D_i */
    size_t n_steps;        /* steps recorded (at most the trace cap) */
    rta_step *steps;       /* owned; NULL without trace */
} rta_result;

/* Analyse the n tasks of one partition; out[i] for tasks[i]. trace_cap > 0 records up to that
 * many steps per task. Work is charged to budget (caller-owned); once it is spent, the tasks not
 * yet decided get RTA_BUDGET. plain: solve every busy period from its plain start (no reuse
 * between tasks; the same results, for tests). Returns 0, or -1 on out of memory (out then
 * holds nothing to free) or on invalid tasks (a period <= 0, a negative WCET or jitter, no
 * budget; errno EINVAL). */
int rta_npfp_ex(const rta_task *tasks, size_t n, size_t trace_cap, rt_budget *budget, bool plain,
                rta_result *out);
/* How a resource dispatches the tasks of rta_fp_ex. */
typedef enum {
    RTA_NONPREEMPTIVE,     /* each job one non-preemptive region (docs/analysis.md sec. 2) */
    RTA_PREEMPTIVE,        /* preemptive, arbitrary deadlines and jitter (docs/system.md sec. 3) */
    RTA_DEFERRED           /* preempted only between regions (docs/system.md sec. 4) */
} rta_policy;

/* Per-task options of rta_fp_ex. */
typedef struct rta_opt {
    int64_t region_max_ns;   /* RTA_DEFERRED: its largest region, 0 .. C (blocks higher ones) */
    int64_t region_last_ns;  /* RTA_DEFERRED: F, its last region, 0 .. C */
    int64_t limit_ns;        /* R above this: RTA_LIMIT */
} rta_opt;

/* rta_npfp_ex (no trace, reuse on) under policy, with per-task options opts (NULL: one region
 * per job, no bound but 2^62 ns; RTA_DEFERRED with NULL is RTA_NONPREEMPTIVE). Returns 0, or -1
 * as rta_npfp_ex (EINVAL also for a region outside 0 .. C or an unknown policy). */
int rta_fp_ex(const rta_task *tasks, const rta_opt *opts, size_t n, rta_policy policy,
              rt_budget *budget, rta_result *out);
/* The verdict of rta_npfp_ex (no trace, reuse on) without the rest of it: the tasks are analysed
 * in priority order and the analysis stops at the first one decided to miss its deadline.
 * 1 no task is decided to miss (each is schedulable, or undecided once the budget ran out),
 * 0 some task misses, -1 as rta_npfp_ex. scratch: room for n results, nothing to free after. */
int rta_npfp_pass(const rta_task *tasks, size_t n, rt_budget *budget, rta_result *scratch);
/* rta_npfp_ex with a budget of its own of RT_BUDGET_DEFAULT_UNITS, reuse on. */
int rta_npfp(const rta_task *tasks, size_t n, size_t trace_cap, rta_result *out);
/* Free the traces of n results; safe on zeroed results. */
void rta_results_fini(rta_result *r, size_t n);
/* Audsley's optimal priority assignment: rewrite tasks[].priority as distinct 1..n (1 highest).
 * Returns 1 if every task is schedulable with the result, 0 if no order exists (priorities then:
 * the levels found from the bottom, the rest deadline-monotonic above them), 2 if budget ran out
 * first (undecided; priorities as for 0), -1 on OOM or invalid tasks as for rta_npfp_ex
 * (priorities then unchanged). */
int rta_audsley_ex(rta_task *tasks, size_t n, rt_budget *budget);
/* rta_audsley_ex with a budget of its own of RT_BUDGET_DEFAULT_UNITS; 1, 0 (also when that
 * budget ran out) or -1. */
int rta_audsley(rta_task *tasks, size_t n);
/* "bounded", "utilization >= 1", "overflow", "bound exceeded", "undecided (work budget
 * exhausted)". */
const char *rta_status_name(rta_status s);
/* What every writer shows for a response time that is not bounded: "undecided" when the work
 * budget ran out before it was decided (RTA_BUDGET: not shown to miss), else "unbounded". */
const char *rta_unbounded_word(rta_status s);
/* A task's verdict word: "ok" (schedulable), "MISS" (bounded above D), "undecided" (RTA_BUDGET)
 * or "MISS (unbounded)". */
const char *rta_verdict_word(rta_status s, bool schedulable);

#endif
