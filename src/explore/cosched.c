/* cosched: docs/concurrency.md sec. 10 applied to a task set. The equations live in models/
 * (efficiency.c: S, E, gain, E_P; mct.c: the MCT placement); this file checks the partition
 * sizes against the GPU, fills the per-job times from the model and keeps the results. */
#include "explore/cosched.h"

#include <stdlib.h>

#include "analysis/wcet.h"
#include "models/efficiency.h"
#include "util/ckint.h"

void cosched_result_fini(cosched_result *r)
{
    free(r->parts);
    r->parts = NULL;
}

void xp_cosched_mct_result_fini(mct_result *r)
{
    free(r->part_sms);
    free(r->part_names);
    free(r->jobs);
    *r = (mct_result){ 0 };
}

/* Every size a multiple of g in g..N, the sum at most N; errors recorded against the GPU file. */
static bool cosched_check_sizes(const rt_gpu *gpu, const int64_t *sms, size_t n, int64_t *sum,
                                rt_diags *d)
{
    bool ok = n > 0;
    *sum = 0;
    for (size_t p = 0; p < n; p++) {
        if (sms[p] < gpu->granularity || sms[p] > gpu->sms || sms[p] % gpu->granularity) {
            rt_diag_error(d, gpu->path, gpu->line, "partition %zu of %lld SMs: not a size of GPU "
                          "\"%s\" (expected a multiple of %lld from %lld to %lld)", p + 1,
                          (long long)sms[p], gpu->name, (long long)gpu->granularity,
                          (long long)gpu->granularity, (long long)gpu->sms);
            ok = false;
        } else
            *sum += sms[p];
    }
    if (ok && *sum > gpu->sms) {
        rt_diag_error(d, gpu->path, gpu->line, "partitions of %lld SMs in all: more than the "
                      "%lld SMs of GPU \"%s\" (expected a sum of at most %lld)", (long long)*sum,
                      (long long)gpu->sms, gpu->name, (long long)gpu->sms);
        ok = false;
    }
    return ok;
}

int cosched_run(const model *m, size_t k, const int64_t *sms, size_t n, cosched_result *out,
                rt_diags *d)
{
    const rt_gpu *gpu = m->gpu;
    *out = (cosched_result){ .kernel = k, .anchor = efficiency_anchor(gpu), .gpu_sms = gpu->sms };
    if (!cosched_check_sizes(gpu, sms, n, &out->used_sms, d))
        return COSCHED_EINPUT;
    out->parts = calloc(n, sizeof *out->parts);
    if (!out->parts)
        return COSCHED_ENOMEM;
    out->n_parts = n;
    out->full_cycles = model_at(m, k, gpu->sms)->cycles;
    out->full_speedup = efficiency_kernel_speedup(m, k, gpu->sms);
    for (size_t p = 0; p < n; p++) {
        cosched_part *c = &out->parts[p];
        c->sms = sms[p];
        c->cycles = model_at(m, k, sms[p])->cycles;
        c->speedup = efficiency_kernel_speedup(m, k, sms[p]);
        c->efficiency = efficiency_of(c->speedup, sms[p]);
    }
    out->gain = efficiency_coschedule_gain(m, k, sms, n);
    out->efficiency = efficiency_partitioned(m, k, sms, n);
    return COSCHED_OK;
}

/* The partition sizes MCT uses: the given ones, else the task set's. */
static int mct_parts(const model *m, const rt_taskset *ts, const int64_t *sms, size_t n,
                     mct_result *out, rt_diags *d)
{
    int64_t sum;
    if (n == 0) {
        if (ts->n_partitions == 0) {
            rt_diag_error(d, ts->path, 0, "task set \"%s\" has no <partition> (expected "
                          "partitions in the file, or --partitions N1,N2,...)", ts->name);
            return COSCHED_EINPUT;
        }
        n = ts->n_partitions;
        out->part_names = calloc(n, sizeof *out->part_names);
        if (!out->part_names)
            return COSCHED_ENOMEM;
    }
    out->part_sms = calloc(n, sizeof *out->part_sms);
    if (!out->part_sms)
        return COSCHED_ENOMEM;
    out->n_parts = n;
    for (size_t p = 0; p < n; p++) {
        out->part_sms[p] = sms ? sms[p] : ts->partitions[p].sms;
        if (out->part_names)
            out->part_names[p] = ts->partitions[p].name;
    }
    return cosched_check_sizes(m->gpu, out->part_sms, n, &sum, d) ? COSCHED_OK : COSCHED_EINPUT;
}

int cosched_mct(const model *m, const rt_taskset *ts, const rt_options *o, const int64_t *sms,
                size_t n, mct_result *out, rt_diags *d)
{
    *out = (mct_result){ 0 };
    int rc = mct_parts(m, ts, n ? sms : NULL, n, out, d);
    if (rc != COSCHED_OK)
        return rc;
    size_t J = ts->n_tasks, P = out->n_parts;
    rt_options so = *o;
    so.margin = 0.0;
    int64_t *ready = calloc(J ? J : 1, sizeof *ready);
    size_t cells = J * P;   /* J tasks and P partitions, both counts of a loaded file */
    int64_t *time = calloc(cells ? cells : 1, sizeof *time);
    out->jobs = calloc(J ? J : 1, sizeof *out->jobs);
    rc = COSCHED_ENOMEM;
    if (!ready || !time || !out->jobs)
        goto done;
    rc = COSCHED_EINPUT;
    for (size_t j = 0; j < J; j++) {
        int64_t whole;
        for (size_t r = 0; r < P; r++)
            if (!wcet_isolated_task_ns(m, ts, j, out->part_sms[r], &so, &time[j * P + r]))
                goto range;
        if (!wcet_isolated_task_ns(m, ts, j, m->gpu->sms, &so, &whole) ||
            ck_add(out->whole_gpu_ns, whole, &out->whole_gpu_ns))
            goto range;
    }
    out->n_jobs = J;
    int mrc = mct_place(ready, time, J, P, out->jobs, &out->makespan_ns);
    if (mrc == MCT_ENOMEM) {
        rc = COSCHED_ENOMEM;
        goto done;
    }
    if (mrc != MCT_OK)
        goto range;
    out->speedup = out->makespan_ns > 0 ? (double)out->whole_gpu_ns / (double)out->makespan_ns
                                        : 1.0;
    rc = COSCHED_OK;
    goto done;
range:
    rt_diag_error(d, ts->path, 0, "task set \"%s\": the jobs' times do not fit in 64 bits of ns",
                  ts->name);
done:
    free(ready);
    free(time);
    if (rc != COSCHED_OK)
        xp_cosched_mct_result_fini(out);
    return rc;
}
