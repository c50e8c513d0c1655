/* fixture_model: hand-built GPU, task-set and layout records for the model and WCET tests. */
#ifndef RT_FIXTURE_MODEL_H
#define RT_FIXTURE_MODEL_H

#include <stdlib.h>
#include <string.h>

#include "analysis/layout.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* The RTX 2060 of the paper's Table 1 (N = 30, 24 banks, 348 / 330 GB/s, 1365 MHz). */
static inline rt_gpu fx_gpu_rtx2060(void)
{
    return (rt_gpu){ .sms = 30, .l2_banks = 24, .bw_nominal_gbps = 348.0, .bw_effective_gbps = 330.0,
                     .clock_mhz = 1365.0, .alpha = 100.0, .granularity = 1 };
}

/* The same GPU clocked at 1000 MHz, so that 1 cycle = 1 ns in hand computations. */
static inline rt_gpu fx_gpu_1ghz(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    g.clock_mhz = 1000.0;
    return g;
}

/* Task set with n_kernels zeroed kernels and n_tasks zeroed tasks; NULL on OOM. */
static inline rt_taskset *fx_ts_new(size_t n_kernels, size_t n_tasks)
{
    rt_taskset *ts = calloc(1, sizeof *ts);
    if (!ts)
        return NULL;
    ts->kernels = calloc(n_kernels ? n_kernels : 1, sizeof *ts->kernels);
    ts->tasks = calloc(n_tasks ? n_tasks : 1, sizeof *ts->tasks);
    ts->n_kernels = n_kernels;
    ts->n_tasks = n_tasks;
    if (!ts->kernels || !ts->tasks) {
        free(ts->kernels);
        free(ts->tasks);
        free(ts);
        return NULL;
    }
    return ts;
}

/* Free what the fx_ helpers allocated. */
static inline void fx_ts_free(rt_taskset *ts)
{
    if (!ts)
        return;
    for (size_t k = 0; k < ts->n_kernels; k++)
        free(ts->kernels[k].measured);
    for (size_t t = 0; t < ts->n_tasks; t++)
        free(ts->tasks[t].runs);
    free(ts->kernels);
    free(ts->tasks);
    free(ts);
}

/* Kernel k profiled on all N SMs: Ck(N) in cycles, BWiso(k,N), KAI given. */
static inline void fx_kernel(rt_taskset *ts, size_t k, double cycles, double bw_gbps, double kai)
{
    rt_kernel *kr = &ts->kernels[k];
    kr->has_cycles = true;
    kr->cycles = cycles;
    kr->bw_gbps = bw_gbps;
    kr->has_kai = true;
    kr->kai = kai;
}

/* The same with Ck(N) given as a duration in ns. */
static inline void fx_kernel_time(rt_taskset *ts, size_t k, double time_ns, double bw_gbps, double kai)
{
    fx_kernel(ts, k, 0.0, bw_gbps, kai);
    ts->kernels[k].has_cycles = false;
    ts->kernels[k].has_time = true;
    ts->kernels[k].time_ns = time_ns;
}

static inline void fx_kernel_l2(rt_taskset *ts, size_t k, double l2_accesses)
{
    ts->kernels[k].has_l2_accesses = true;
    ts->kernels[k].l2_accesses = l2_accesses;
}

/* Append a measured point (sms, cycles, bw); returns 0 on OOM. */
static inline int fx_measured(rt_taskset *ts, size_t k, int64_t sms, double cycles, double bw_gbps)
{
    rt_kernel *kr = &ts->kernels[k];
    rt_measured *m = realloc(kr->measured, (kr->n_measured + 1) * sizeof *m);
    if (!m)
        return 0;
    /* cycles <= 0 or bw_gbps < 0: that value is not given (a partial point, model rev. 2) */
    m[kr->n_measured++] = (rt_measured){ .sms = sms, .has_cycles = cycles > 0,
                                         .has_bw = bw_gbps >= 0, .cycles = cycles,
                                         .bw_gbps = bw_gbps };
    kr->measured = m;
    return 1;
}

/* Task t with priority prio and runs[0..n-1]; returns 0 on OOM. */
static inline int fx_task(rt_taskset *ts, size_t t, int64_t prio, const size_t *runs, size_t n)
{
    rt_task *tk = &ts->tasks[t];
    tk->runs = malloc(n * sizeof *tk->runs);
    if (!tk->runs)
        return 0;
    memcpy(tk->runs, runs, n * sizeof *runs);
    tk->n_runs = n;
    tk->has_priority = true;
    tk->priority = prio;
    tk->period_ns = 1000000000;
    tk->deadline_ns = 1000000000;
    return 1;
}

/* Layout of n_parts partitions of sms[p] SMs; task t on part[t] with priority prio[t]. */
static inline rt_layout *fx_layout(size_t n_parts, const int64_t *sms, size_t n_tasks,
                                   const size_t *part, const int64_t *prio)
{
    rt_layout *l = rt_layout_new(n_parts, n_tasks);
    if (!l)
        return NULL;
    int64_t first = 0;
    for (size_t p = 0; p < n_parts; p++) {
        l->part_sms[p] = sms[p];
        l->part_first_sm[p] = first;
        first += sms[p];
    }
    for (size_t t = 0; t < n_tasks; t++) {
        l->task_part[t] = part[t];
        l->task_prio[t] = prio[t];
    }
    return l;
}

/* The paper's experiment 7 (Table 3): PF, MVT, RAYTRACE, DXTC, CONV, COPY (kernels 0..5), each
 * task i running kernel i alone on partition i of 5 SMs. Profiles: Table 2 durations and KAI,
 * assumed BWiso(k,30) (3x / 1.5x / 2x the Table 3 points, 330 for COPY). The 5-SM rows are
 * measured points: Table 3 bandwidths and the eq. 4 cycles rounded to integers, so that tests
 * of the window construction do not depend on eq. 4. */
static const double fx_exp7_cycles5[6] = { 2782648, 23576384, 21753828, 26909750, 8968909, 1111995 };
static const double fx_exp7_bw5[6] = { 30.04, 45.39, 8.84, 0.04, 46.96, 92.87 };

static inline rt_taskset *fx_exp7(void)
{
    static const double time_ns[6] = { 337000, 2878000, 2621000, 3273000, 1089000, 271000 };
    static const double kai[6] = { 0.475, 0.015, 3.575, 149.265, 0.291, 0.064 };
    static const double bw30[6] = { 178.65, 164.25, 38.64, 0.27, 200.0, 330.0 };
    rt_taskset *ts = fx_ts_new(6, 6);
    if (!ts)
        return NULL;
    for (size_t k = 0; k < 6; k++) {
        fx_kernel_time(ts, k, time_ns[k], bw30[k], kai[k]);
        if (!fx_measured(ts, k, 5, fx_exp7_cycles5[k], fx_exp7_bw5[k]) || !fx_task(ts, k, 1, &k, 1)) {
            fx_ts_free(ts);
            return NULL;
        }
    }
    return ts;
}

static inline rt_layout *fx_exp7_layout(void)
{
    static const int64_t sms[6] = { 5, 5, 5, 5, 5, 5 };
    static const size_t part[6] = { 0, 1, 2, 3, 4, 5 };
    static const int64_t prio[6] = { 1, 1, 1, 1, 1, 1 };
    return fx_layout(6, sms, 6, part, prio);
}

/* A multi-launch set-up (use with fx_gpu_1ghz): kernels K1..K4 (0..3) measured on 10 SMs:
 * K1 200 cycles / 50 GB/s, K2 300 / 20, K3 100 / 200; K4 on 20 SMs: 250 / 200. L2 accesses:
 * 1000 each, K4 5000. Partition A (0, 10 SMs): t0 (prio 2) runs K1 then K2, t1 (prio 1) runs K3,
 * t3 (prio 2, tied with t0, later in file) runs K3. Partition B (1, 20 SMs): t2 (prio 1) runs K4. */
static inline rt_taskset *fx_multi_taskset(void)
{
    static const size_t r0[2] = { 0, 1 }, r1[1] = { 2 }, r2[1] = { 3 }, r3[1] = { 2 };
    rt_taskset *ts = fx_ts_new(4, 4);
    if (!ts)
        return NULL;
    fx_kernel(ts, 0, 100, 100, 0.1);
    fx_kernel(ts, 1, 100, 100, 0.1);
    fx_kernel(ts, 2, 50, 100, 0.1);
    fx_kernel(ts, 3, 100, 100, 0.1);
    for (size_t k = 0; k < 4; k++)
        fx_kernel_l2(ts, k, 1000);
    fx_kernel_l2(ts, 3, 5000);
    if (!fx_measured(ts, 0, 10, 200, 50) || !fx_measured(ts, 1, 10, 300, 20) ||
        !fx_measured(ts, 2, 10, 100, 200) || !fx_measured(ts, 3, 20, 250, 200) ||
        !fx_task(ts, 0, 2, r0, 2) || !fx_task(ts, 1, 1, r1, 1) || !fx_task(ts, 2, 1, r2, 1) ||
        !fx_task(ts, 3, 2, r3, 1)) {
        fx_ts_free(ts);
        return NULL;
    }
    return ts;
}

static inline rt_layout *fx_multi_layout(void)
{
    static const int64_t sms[2] = { 10, 20 };
    static const size_t part[4] = { 0, 0, 1, 0 };
    static const int64_t prio[4] = { 2, 1, 1, 2 };
    return fx_layout(2, sms, 4, part, prio);
}

#endif
