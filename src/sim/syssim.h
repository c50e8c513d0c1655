/* syssim: event-driven simulation of a whole system (CPU cores, copy engines, GPU partitions;
 * docs/system.md) step by step and launch by launch, in exact integer nanoseconds: observed
 * end-to-end responses to set beside the holistic analysis's bounds (docs/simulation.md,
 * "Whole systems"). The input is the analysis's own record, hol_system. */
#ifndef RT_SYSSIM_H
#define RT_SYSSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/holistic.h"

/* How long a step (a launch, for a GPU step) takes: its WCET; a seeded uniform time in [BCET,
 * WCET]; or, seeded, its BCET or its WCET with even odds (the extremes, where bursts of jobs that
 * the holistic analysis's jitters bound are most likely: the property tests use it). */
typedef enum { SYSSIM_EXEC_WCET, SYSSIM_EXEC_RANDOM, SYSSIM_EXEC_EXTREMES } syssim_exec;
/* The release jitter j_k of job k of task i, in [0, J_i]: none (every job at k*T_i), seeded
 * uniform, or given by the caller's function. */
typedef enum { SYSSIM_JITTER_NONE, SYSSIM_JITTER_RANDOM, SYSSIM_JITTER_GIVEN } syssim_jitter;

#define SYSSIM_EVENT_CAP_DEFAULT 100000000u
#define SYSSIM_TRACE_CAP_DEFAULT 1000000u

typedef struct syssim_options {
    syssim_exec exec;          /* default wcet */
    syssim_jitter jitter;      /* default none */
    uint64_t seed;             /* random execution times and jitters (default 1) */
    int64_t horizon_ns;        /* > 0: jobs k with phase_i + k*T_i < horizon are released, all
                                  finish */
    /* Caller-owned, one per task, each >= 0: job k of task i has its nominal release at
     * phase_ns[i] + k*T_i and is released at that plus j_k; responses are measured from the
     * nominal release. NULL: every phase 0. */
    const int64_t *phase_ns;
    /* Keep one syssim_job record per released job of every task (syssim_task_result.jobs):
     * its read and write instants for cause-effect chains (docs/simulation.md). Default false. */
    bool job_records;
    /* when not NULL: told of each job's read (write false: its first step's first start) and
     * write (its last step's completion) as they happen, in time order; a nonzero return stops
     * the run with SYSSIM_ESINK (the chains' observer, sim/chainrun.h, needs no job records) */
    int (*job_event)(void *ctx, size_t task, uint64_t job, bool write, int64_t t);
    void *job_ctx;
    /* SYSSIM_JITTER_GIVEN: j_k of job k of task i; a value outside [0, J_i] stops the run */
    int64_t (*jitter_of)(void *ctx, size_t task, uint64_t job);
    void *jitter_ctx;
    uint64_t event_cap;        /* the run stops after this many instants (default 10^8) */
    bool trace;                /* keep the segments (default false) */
    size_t trace_cap;          /* most segments kept; later ones are counted, not kept (10^6) */
} syssim_options;

/* One job of a task, with job_records: when its first step first started (the instant it
 * reads its inputs under implicit communication) and when its last step completed (the instant
 * it writes its output); -1 for what did not happen before the run stopped. */
typedef struct syssim_job {
    int64_t release_ns;            /* phase + k*T + j_k */
    int64_t first_start_ns;        /* first step's first start (a GPU step: its first launch's) */
    int64_t last_end_ns;           /* last step's completion */
} syssim_job;

/* One interval of positive length during which a resource served one step of one job. */
typedef struct syssim_segment {
    size_t resource, task, step;   /* step: index into hol_system.steps */
    size_t launch;                 /* GPU step: its launch, from 0; 0 for CPU and copy steps */
    uint64_t job;                  /* k, released at phase + k*T + j_k */
    int64_t start_ns, end_ns;
} syssim_segment;

typedef struct syssim_task_result {
    uint64_t released, completed;  /* jobs; equal when the run returns SYSSIM_OK */
    int64_t max_response_ns;       /* largest end of last step - (phase + k*T); -1 before any
                                      completion */
    uint64_t worst_job;            /* the first job k that gave it */
    int64_t min_response_ns;       /* smallest end of last step - (phase + k*T); -1 before any */
    double sum_response_ns;        /* of every completed job's, for the mean (a real) */
    uint64_t misses;               /* completed jobs whose response exceeded D */
    syssim_job *jobs;              /* owned, with job_records: job k at jobs[k], k < released;
                                      NULL without */
} syssim_task_result;

typedef struct syssim_step_result {
    uint64_t completed;
    int64_t max_response_ns;       /* largest completion of the step - (phase + k*T); -1 before
                                      any */
    uint64_t worst_job;
} syssim_step_result;

typedef struct syssim_result {
    int64_t horizon_ns;
    int64_t end_ns;                /* the last completion (0 when nothing ran) */
    uint64_t events;               /* instants at which something was released or ended */
    size_t n_tasks, n_steps;
    syssim_task_result *tasks;     /* owned */
    syssim_step_result *steps;     /* owned */
    syssim_segment *trace;         /* owned, in the order the segments ended; NULL without trace */
    size_t n_trace;
    uint64_t trace_dropped;        /* segments beyond trace_cap */
} syssim_result;

/* SYSSIM_EINVAL: an invalid system or options (a bad index, a period <= 0, a negative time,
 * bcet > wcet, launches on a step that is not on a partition or not summing to it, a horizon <= 0,
 * a negative phase, or a given jitter outside [0, J]); SYSSIM_ERANGE: a time beyond int64; SYSSIM_ELIMIT: more
 * than event_cap instants; SYSSIM_ESINK: job_event returned nonzero. */
enum { SYSSIM_OK = 0, SYSSIM_ENOMEM = -1, SYSSIM_EINVAL = -2, SYSSIM_ERANGE = -3,
       SYSSIM_ELIMIT = -4, SYSSIM_ESINK = -5 };

/* Jobs of a task of phase phase and period period > 0 that a run of horizon horizon releases:
 * those k with phase + k * period < horizon. */
uint64_t syssim_released(int64_t phase, int64_t period, int64_t horizon);

/* Default options: wcet, no jitter, seed 1, horizon 0 (to be set), caps 10^8 and 10^6, no trace. */
void syssim_options_default(syssim_options *so);
/* Simulate sys under so (docs/simulation.md, "Whole systems"). SYSSIM_OK when every released job
 * finished, else an error code above; out holds what was observed until then in every case
 * (nothing to read on SYSSIM_EINVAL); free it with syssim_result_fini. */
int syssim_run(const hol_system *sys, const syssim_options *so, syssim_result *out);
/* Free what syssim_run put in r; safe on a zeroed struct. */
void syssim_result_fini(syssim_result *r);
/* Whether an observed end-to-end response of r exceeds its bound: bound_ns[i] for task i (a
 * negative bound: unbounded, never exceeded). True with the first such task (in task order) in
 * *task; its job is r->tasks[*task].worst_job. */
bool syssim_exceeded(const syssim_result *r, const int64_t *bound_ns, size_t *task);
/* "wcet"/"random"/"extremes"; "none"/"random"/"given". */
const char *syssim_exec_name(syssim_exec e);
const char *syssim_jitter_name(syssim_jitter j);

#endif
