/* sim: event-driven simulation of one analysed layout, job by job and launch by launch: the
 * timeline behind the bound (docs/simulation.md). Each partition runs a non-preemptive
 * fixed-priority dispatcher; launches take their analysed WCET (--exec wcet) or progress at the
 * rate 1 / M*(k,S) of the co-runners S of the moment (--exec dynamic). Events are streamed to a
 * sink as they happen, so memory does not grow with the horizon. */
#ifndef RT_SIM_H
#define RT_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "taskset/taskset.h"

typedef enum { SIM_RELEASE_SYNCHRONOUS, SIM_RELEASE_RANDOM } sim_release;
typedef enum { SIM_EXEC_WCET, SIM_EXEC_DYNAMIC } sim_exec;

#define SIM_JOB_CAP_DEFAULT 1000000u
#define SIM_TRACE_CAP_DEFAULT 1000000u

typedef struct sim_options {
    sim_release release;     /* default synchronous */
    uint64_t seed;           /* random releases: offsets and jitters */
    sim_exec exec;           /* default wcet */
    int64_t horizon_ns;      /* 0: the hyperperiod plus the largest jitter */
    uint64_t job_cap;        /* releases stop after the first this many jobs (default 10^6) */
    uint64_t trace_cap;      /* most launches given to a sink's launch callback (default 10^6):
                                one more ends the run with SIM_ETRACE */
    const int64_t *phase_ns; /* NULL: synchronous releases start every task at 0, random ones
                                draw each task's first activation in [0, T); else task t's first
                                activation is at phase_ns[t] (>= 0) and random releases draw the
                                jitters only. Borrowed. */
    bool job_records;        /* keep each finished job's start and finish (sim_task_stats.spans:
                                the cause-effect chains' read and write instants) */
} sim_options;

/* A finished job. Times in ns from 0 (whole numbers under --exec wcet). */
typedef struct sim_job {
    size_t task, part;
    uint64_t index;          /* 0 for the task's first job */
    double activation_ns;    /* arrival: offset + index * T; responses are measured from here */
    double release_ns;       /* activation + this job's jitter */
    double start_ns, finish_ns;
    double response_ns;      /* finish - activation */
} sim_job;

/* A finished launch and every kernel that ran on another partition at some time during it. */
typedef struct sim_launch {
    size_t task, part, run, kernel;
    uint64_t job;
    double start_ns, finish_ns;
    size_t n_co;
    const size_t *co_kernels, *co_parts;   /* borrowed until the callback returns */
} sim_launch;

/* Where events go; any callback may be NULL. A nonzero return stops the simulation (the value
 * is returned by sim_run). */
typedef struct sim_sink {
    void *ctx;
    int (*job)(void *ctx, const sim_job *j);
    int (*launch)(void *ctx, const sim_launch *l);
} sim_sink;

/* One job's start (its first launch begins) and finish (its last launch ends), ns. */
typedef struct sim_span {
    double start_ns, finish_ns;
} sim_span;

typedef struct sim_task_stats {
    uint64_t jobs;           /* finished */
    sim_span *spans;         /* owned, with job_records: job k's at [k], k < jobs (NULL with
                                none); every job released runs to completion, so these are
                                the task's jobs 0 .. jobs-1 */
    double max_ns, min_ns, sum_ns;   /* observed responses */
    uint64_t misses;         /* response > D */
    int64_t wcrt_ns;         /* analysed R; -1 if unbounded */
} sim_task_stats;

/* The first job whose response exceeded its analysed bound (a defect, exit 3). */
typedef struct sim_violation {
    bool found;
    sim_job job;
    int64_t wcrt_ns;
    size_t n_window;
    sim_job window[16];      /* the last jobs finished on its partition, oldest first */
} sim_violation;

typedef struct sim_result {
    int64_t horizon_ns;
    uint64_t jobs;           /* jobs simulated (finished) */
    uint64_t misses;         /* of them, responses above their deadline (all tasks) */
    bool capped;             /* releases stopped at job_cap before the horizon */
    size_t n_tasks;
    sim_task_stats *tasks;   /* owned */
    sim_violation violation;
} sim_result;

/* SIM_ESINK: what a sink returns when it cannot write (sim_run passes it on). */
/* SIM_ETRACE: a sink with a launch callback would get more than trace_cap launches. */
enum { SIM_OK = 0, SIM_ENOMEM = -1, SIM_ERANGE = -2, SIM_ESINK = -3, SIM_ETRACE = -4 };

/* Default options (synchronous, wcet, seed 1, horizon 0, job and trace caps 10^6, phases 0, no
 * job records). */
void sim_options_default(sim_options *so);
/* The hyperperiod (lcm of the periods) plus the largest jitter; INT64_MAX if it overflows. */
int64_t sim_default_horizon(const rt_taskset *ts);
/* Simulate layout l, analysed as ev under o, from 0 to the horizon: every job activated before
 * the horizon runs to completion; the horizon is clamped to 2^53 ns, where doubles stop holding
 * every whole ns. SIM_OK, SIM_ENOMEM, SIM_ERANGE (a job finishing beyond 2^53 ns), SIM_ETRACE
 * (more than trace_cap launches for the sink's launch callback: the run stops), or a sink's
 * nonzero return. out is filled in every case; free it with sim_result_fini. */
int sim_run(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_eval *ev,
            const rt_options *o, const sim_options *so, const sim_sink *sink, sim_result *out);
/* Free what sim_run put in r; safe on a zeroed struct. */
void sim_result_fini(sim_result *r);
/* "synchronous"/"random", "wcet"/"dynamic". */
const char *sim_release_name(sim_release r);
const char *sim_exec_name(sim_exec e);

#endif
