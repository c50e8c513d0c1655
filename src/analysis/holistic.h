/* holistic: end-to-end response times of tasks whose steps run on CPU cores, copy engines and GPU
 * partitions, by the holistic analysis with best-case offsets (docs/system.md sec. 3), with
 * deferred preemption at kernel boundaries on a partition (docs/system.md sec. 4).
 *
 * The input is a flat record built by the caller: resources, tasks and their steps, every time
 * in integer nanoseconds. Nothing here knows files, kernels or the GPU model: a GPU step arrives
 * with its launch WCETs already bounded (docs/model.md sec. 5). */
#ifndef RT_HOLISTIC_H
#define RT_HOLISTIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"

/* What a resource is, which fixes how it schedules (docs/system.md sec. 1 and 3). */
typedef enum hol_res_kind {
    HOL_CPU_CORE,      /* preemptive fixed priority */
    HOL_COPY_ENGINE,   /* non-preemptive: fixed priority, or fifo (one shared priority) */
    HOL_PARTITION      /* non-preemptive per step (job), or deferred preemption per launch (kernel) */
} hol_res_kind;

typedef struct hol_resource {
    hol_res_kind kind;
    bool fifo;         /* copy engine: serve in submission order, step priorities ignored */
    bool kernel_preemption;  /* partition: --gpu-preemption kernel (each launch one region) */
} hol_resource;

/* One step of a task: a CPU burst, a copy or a GPU step (a maximal run of launches). */
typedef struct hol_step {
    size_t resource;           /* index into hol_system.resources */
    int64_t priority;          /* smaller = higher; equal numbers interfere mutually */
    int64_t wcet_ns;           /* C_s > 0 */
    int64_t bcet_ns;           /* Cb_s, 0 <= Cb_s <= C_s */
    /* GPU step: its n_launches launch WCETs and BCETs, in order (caller-owned; the WCETs sum to
     * wcet_ns and the BCETs to bcet_ns). CPU and copy steps: NULL and 0. */
    const int64_t *launch_wcet_ns;
    const int64_t *launch_bcet_ns;
    size_t n_launches;
} hol_step;

/* A task: periodic (or sporadic) jobs that pass its steps in order. */
typedef struct hol_task {
    int64_t period_ns;         /* T > 0 */
    int64_t deadline_ns;       /* D > 0, end to end from the nominal release */
    int64_t jitter_ns;         /* J >= 0, release jitter */
    size_t first_step;         /* its steps are steps[first_step .. first_step + n_steps - 1] */
    size_t n_steps;            /* >= 1 */
} hol_task;

typedef struct hol_system {
    const hol_resource *resources;
    size_t n_resources;
    const hol_task *tasks;
    size_t n_tasks;
    const hol_step *steps;     /* every task's steps, task by task */
    size_t n_steps;
} hol_system;

/* A step's status; where several unbounded ones apply, the first listed here after HOL_BOUNDED
 * is given (docs/system.md sec. 3.3). */
typedef enum hol_status {
    HOL_BOUNDED,               /* R computed */
    HOL_UTILISATION,           /* C/T summed over its hep set on its resource >= 1 */
    HOL_DEPENDS,               /* a step it depends on is unbounded (docs/system.md sec. 3) */
    HOL_LIMIT,                 /* R passed the analysis bound 100 * max(D, T) (2^62 ns at most) */
    HOL_OVERFLOW,              /* a sum or product left int64 */
    HOL_BUDGET                 /* undecided: the run's work budget ran out */
} hol_status;

/* One step's figures at the fixpoint (docs/system.md sec. 3). offset_ns and best_ns always hold;
 * jitter_ns unless an earlier step of the task is unbounded (then 0); the rest when bounded (else
 * 0, but blocking_ns). */
typedef struct hol_step_result {
    hol_status status;
    int64_t offset_ns;         /* O_s, the best-case start from the nominal release */
    int64_t jitter_ns;         /* J_s */
    int64_t local_ns;          /* rho_s, from O_s */
    int64_t response_ns;       /* R_s = O_s + rho_s */
    int64_t best_ns;           /* Rb_s = O_s + Cb_s */
    int64_t blocking_ns;       /* B_s (non-preemptive and deferred resources; 0 on cores) */
    int64_t busy_ns;           /* t, the level busy period */
    int64_t q_jobs;            /* Q */
    int64_t worst_q;           /* the q that gave rho_s */
} hol_step_result;

typedef struct hol_task_result {
    hol_status status;         /* that of its last step */
    int64_t response_ns;       /* R_i = R of its last step, when bounded */
    bool schedulable;          /* bounded and R_i <= D_i */
} hol_task_result;

typedef struct hol_result {
    hol_step_result *steps;    /* owned, n_steps */
    hol_task_result *tasks;    /* owned, n_tasks */
    size_t iterations;         /* rounds of the offset/jitter fixpoint */
    bool schedulable;          /* every task schedulable */
} hol_result;

/* Analyse sys to its least fixpoint; work charged to budget (caller-owned). Returns 0, or -1 on
 * out of memory or an invalid system (errno EINVAL: a bad index, a period <= 0, a negative time,
 * bcet > wcet, launches that do not sum to the step); out then holds nothing to free. */
int holistic_analyse(const hol_system *sys, rt_budget *budget, hol_result *out);
/* Free what holistic_analyse put in r; safe on a zeroed result. */
void holistic_result_fini(hol_result *r);
/* "bounded", "utilisation >= 1", "depends on an unbounded step", "bound exceeded", "overflow",
 * "undecided (work budget exhausted)". */
const char *holistic_status_name(hol_status s);
/* "undecided" for HOL_BUDGET, else "unbounded" (rta_unbounded_word's rule for a step). */
const char *holistic_unbounded_word(hol_status s);

#endif
