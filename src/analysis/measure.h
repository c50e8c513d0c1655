/* measure: observed kernel times and job response times against the analysed bounds
 * (--check-measurements; docs/calibration.md sec. 4 says which bound each one is checked
 * against and why it is the sound one). */
#ifndef RT_MEASURE_H
#define RT_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/options.h"
#include "models/interference.h"
#include "models/model.h"
#include "taskset/measurements.h"
#include "taskset/taskset.h"

/* Tightness histogram: bins [0, 0.1), [0.1, 0.2), ... [0.8, 0.9), [0.9, 1.0] (at the bound
 * included), then one bin for observations above their bound. */
#define MEAS_BINS 11

/* One kernel-time observation and the WCET the analysis gives that launch: kernel k on its
 * partition of n SMs, every co-runner on its own partition hosting only that kernel, worst-case
 * windows (the supremum over window lengths and over which co-runners run, docs/model.md
 * sec. 3). */
typedef struct meas_kernel_check {
    int64_t observed_ns;
    int64_t bound_ns;          /* ceil((1 + margin) Tc * 1000 / f) + launch overhead */
    double model_ns;           /* Tc * 1000 / f: the model without margin and overhead */
    double isolated_cycles;    /* C(k,n) */
    double multiplier;         /* Tc / C(k,n) = M*(k,S*) */
    double bw_gbps, I, Pi;     /* of the maximising combination S* */
    intf_case sup_case;        /* which case gave M*(k,S*) */
    bool exhaustive;           /* false: the combination cap's coarser fallback */
    size_t n_star;             /* co-runners in S* */
    size_t *star;              /* owned: indices into the observation's co-runners */
    double tightness;          /* observed / bound */
    bool above;                /* observed > bound: the model is invalid there */
    bool above_model;          /* observed > model_ns (the margin absorbed it, or not) */
} meas_kernel_check;

/* One job observation and the analysed worst-case response time of its task. */
typedef struct meas_job_check {
    int64_t observed_ns;       /* finish - release */
    bool bounded;              /* the analysis gave R (else no bound: not checked) */
    int64_t bound_ns;          /* R_i of the analysed layout */
    int64_t deadline_ns;       /* D_i, for the report */
    double tightness;          /* observed / bound, when bounded */
    bool above;
} meas_job_check;

/* The tightness (observed / bound) of the observations that have a bound. Quantiles are
 * nearest-rank: the q-quantile is the ceil(q n)-th smallest value. */
typedef struct meas_stats {
    size_t n;                  /* observations with a bound */
    double min, median, p90, p99, max, mean;   /* 0 when n = 0 */
    size_t bins[MEAS_BINS];
} meas_stats;

typedef struct meas_result {
    rt_meas_kind kind;
    size_t n;                  /* observations (the file's, in order) */
    meas_kernel_check *kernels;   /* owned, n entries for RT_MEAS_KERNELS */
    meas_job_check *jobs;         /* owned, n entries for RT_MEAS_JOBS */
    size_t n_above;            /* observations above their bound */
    size_t n_above_model;      /* kernels: above the model value without the margin */
    size_t n_unbounded;        /* jobs whose task has no bounded response time */
    meas_stats stats;
} meas_result;

enum { MEAS_OK = 0, MEAS_ENOMEM = -1, MEAS_ERANGE = -2, MEAS_ENOEVAL = -3 };

/* Check every observation of obs. Kernel times need only the model and the options (margin,
 * interference model, cap; the windows are always worst-case); job observations need eval, the
 * analysis of the layout the jobs ran on (NULL: MEAS_ENOEVAL). MEAS_ERANGE: a bound does not fit
 * in 2^62 ns. On failure out holds nothing to free. */
int measure_check(const model *m, const rt_taskset *ts, const rt_measurements *obs,
               const rt_options *o, const rt_eval *eval, meas_result *out);
/* Free what measure_check put in r; safe on a zeroed struct. */
void measure_result_fini(meas_result *r);
/* The nearest-rank statistics and histogram of the tightness of (observed, bound) pairs:
 * observed[i] / bound[i] for the n pairs (bound[i] > 0). MEAS_OK or MEAS_ENOMEM. */
int measure_stats_of(const int64_t *observed, const int64_t *bound, size_t n, meas_stats *out);

#endif
