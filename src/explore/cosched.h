/* cosched: Janzen et al.'s co-scheduling on partitions for rtgpu-explore (docs/concurrency.md
 * sec. 10): the gain and partitioned efficiency of one kernel on given partition sizes, and the MCT
 * placement of a task set's jobs on partitions. */
#ifndef RT_COSCHED_H
#define RT_COSCHED_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/options.h"
#include "models/mct.h"
#include "models/model.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* One instance of the kernel on a partition of `sms` SMs. */
typedef struct cosched_part {
    int64_t sms;
    double cycles;        /* C(k, n_p) */
    double speedup;       /* S(k, n_p) */
    double efficiency;    /* E(k, n_p) */
} cosched_part;

typedef struct cosched_result {
    size_t kernel;
    int64_t anchor;       /* n0 of S (g) */
    int64_t gpu_sms;      /* N */
    double full_cycles;   /* C(k, N) */
    double full_speedup;  /* S(k, N) */
    size_t n_parts;
    cosched_part *parts;  /* owned, in the order given */
    int64_t used_sms;     /* sum of n_p */
    double gain;          /* sum_p C(k, N) / C(k, n_p) */
    double efficiency;    /* E_P = sum_p S(k, n_p) / sum_p n_p */
} cosched_result;

typedef struct mct_result {
    size_t n_parts;
    int64_t *part_sms;        /* owned */
    const char **part_names;  /* owned array of names borrowed from the task set, or NULL */
    size_t n_jobs;            /* one per task, released at 0, task-set order */
    mct_job *jobs;            /* owned, in placement order; jobs[i].job is the task index */
    int64_t makespan_ns;
    int64_t whole_gpu_ns;     /* the jobs one after another on all N SMs */
    double speedup;           /* whole_gpu_ns / makespan_ns */
} mct_result;

enum { COSCHED_OK = 0, COSCHED_EINPUT = -1, COSCHED_ENOMEM = -2 };

/* Gain and E_P of kernel k on partitions sms[0 .. n-1]; COSCHED_EINPUT after a located error in
 * d when a size is not a multiple of g in g..N or the sizes add up to more than N. Free with
 * cosched_result_fini. */
int cosched_run(const model *m, size_t k, const int64_t *sms, size_t n, cosched_result *out,
                rt_diags *d);
void cosched_result_fini(cosched_result *r);
/* MCT of one job per task of ts (all ready at 0) on partitions sms[0 .. n-1], or, with n = 0,
 * on the task set's own partitions (an error if it has none). A job's time on a partition of
 * n_r SMs is the sum over its task's runs of ceil(C(k, n_r) ns) + launch overhead, without
 * margin (o's margin is ignored). Free with xp_cosched_mct_result_fini. */
int cosched_mct(const model *m, const rt_taskset *ts, const rt_options *o, const int64_t *sms,
                size_t n, mct_result *out, rt_diags *d);
void xp_cosched_mct_result_fini(mct_result *r);

#endif
