/* split: the split sweep of docs/concurrency.md sec. 9 for the two units.
 *
 * Unit sms (Choice: mapping onto the tool):
 *   u in {g, 2g, ...}, u <= N - g;  v(u) = g floor((N - u) / g)   (floor(N/g) - 1 splits)
 *   Win  = the synchronous windows (docs/model.md sec. 3) for two partitions of u and v(u) SMs,
 *          each running only its kernel from time 0 (whatever --windows says)
 *   T_a(u) = Tc(a, u, Win);  T_b(u) = Tc(b, v(u), Win)      cycles, no margin, no launch overhead
 *   T(u) = max(T_a(u), T_b(u));  T_seq = C(a, N) + C(b, N)
 * Tc comes from analysis/wcet.c (wcet_compute in synchronous mode), so the sweep applies exactly
 * the windows and multipliers of rtgpu-analyze --windows synchronous.
 *
 * Unit slots: models/kmerge.c (W = N A(merged), T(u) = max(cdiv(G_a, u) d_a, cdiv(G_b, W-u) d_b),
 * native sequential runs, work stealing).
 *
 * Both: best = argmin T(u), ties to the smaller u; gain = T_seq / T(best); concurrent iff
 * T(best) < T_seq. */
#include "explore/split.h"

#include <stdlib.h>

#include "analysis/layout.h"
#include "analysis/wcet.h"
#include "models/kmerge.h"
#include "util/ckint.h"

const char *split_unit_name(split_unit u)
{
    return u == SPLIT_UNIT_SLOTS ? "slots" : "sms";
}

void split_result_fini(split_result *r)
{
    free(r->rows);
    r->rows = NULL;
    r->n_rows = 0;
}

/* Tc of a on u SMs and b on v SMs, both from time 0, in synchronous windows. */
static int split_sms_times(const model *m, const rt_taskset *ts, size_t a, size_t b, int64_t u,
                           int64_t v, const rt_options *o, double *ta, double *tb)
{
    /* A two-task view of the task set: task 0 runs a once, task 1 runs b once; the kernels are
     * the task set's own (borrowed), so the model's rows apply. */
    size_t run_a = a, run_b = b;
    rt_task tasks[2] = { { .name = "a", .period_ns = 1, .deadline_ns = 1, .runs = &run_a,
                           .n_runs = 1 },
                         { .name = "b", .period_ns = 1, .deadline_ns = 1, .runs = &run_b,
                           .n_runs = 1 } };
    rt_taskset view = { .path = ts->path, .name = ts->name, .kernels = ts->kernels,
                        .n_kernels = ts->n_kernels, .tasks = tasks, .n_tasks = 2 };
    rt_layout *l = rt_layout_new(2, 2);
    if (!l)
        return SPLIT_ENOMEM;
    l->part_sms[0] = u;
    l->part_sms[1] = v;
    l->part_first_sm[1] = u;
    l->task_part[0] = 0;
    l->task_part[1] = 1;
    l->task_prio[0] = 1;
    l->task_prio[1] = 2;
    rt_options so = *o;
    so.windows = RT_WINDOWS_SYNCHRONOUS;
    so.margin = 0.0;
    wcet_result w = { 0 };
    int rc = wcet_compute(m, &view, l, &so, NULL, &w);
    if (rc == WCET_OK) {
        *ta = w.tasks[0].launches[0].interference_cycles;
        *tb = w.tasks[1].launches[0].interference_cycles;
    }
    wcet_result_fini(&w);
    rt_layout_free(l);
    return rc == WCET_OK ? SPLIT_OK : rc == WCET_ENOMEM ? SPLIT_ENOMEM : SPLIT_EINPUT;
}

static int split_sms(const model *m, const rt_taskset *ts, const rt_gpu *gpu, size_t a, size_t b,
                     const split_opts *o, split_result *r, rt_diags *d)
{
    int64_t N = gpu->sms, g = gpu->granularity;
    r->units = N;
    r->granularity = g;
    r->interference = o->opt->interference;
    if (N < 2 * g) {
        rt_diag_error(d, gpu->path, gpu->line, "GPU \"%s\": %lld SMs in steps of %lld allow no "
                      "split between two kernels (expected at least 2 x partition-granularity)",
                      gpu->name, (long long)N, (long long)g);
        return SPLIT_EINPUT;
    }
    r->n_rows = (size_t)(N / g - 1);
    r->rows = calloc(r->n_rows, sizeof *r->rows);
    if (!r->rows)
        return SPLIT_ENOMEM;
    for (size_t i = 0; i < r->n_rows; i++) {
        split_row *row = &r->rows[i];
        row->a = g * (int64_t)(i + 1);
        row->b = g * ((N - row->a) / g);
        int rc = split_sms_times(m, ts, a, b, row->a, row->b, o->opt, &row->time_a, &row->time_b);
        if (rc == SPLIT_EINPUT)
            rt_diag_error(d, ts->path, 0, "split %lld + %lld SMs: the windows' times are out of "
                          "range", (long long)row->a, (long long)row->b);
        if (rc != SPLIT_OK)
            return rc;
        row->time = row->time_a > row->time_b ? row->time_a : row->time_b;
        if (row->time < r->rows[r->best].time)   /* strict: ties keep the smaller u */
            r->best = i;
    }
    r->sequential_a = model_at(m, a, N)->cycles;
    r->sequential_b = model_at(m, b, N)->cycles;
    r->sequential = r->sequential_a + r->sequential_b;
    return SPLIT_OK;
}

/* The KernelMerge view of kernel k: G, d and A of its own launch; false after an error. */
static bool split_km_kernel(const rt_taskset *ts, const rt_gpu *gpu, size_t k, km_kernel *out,
                            rt_diags *d)
{
    const rt_kernel *kr = &ts->kernels[k];
    if (!kr->has_launch) {
        rt_diag_error(d, ts->path, kr->line, "kernel \"%s\": --split-unit slots needs its "
                      "<launch> (expected <launch grid=... block=... block-time=...>)", kr->name);
        return false;
    }
    if (kr->launch.block_time_ns < 0) {
        rt_diag_error(d, ts->path, kr->launch.line, "kernel \"%s\": --split-unit slots needs "
                      "the <launch> attribute block-time (expected e.g. block-time=\"1ms\")",
                      kr->name);
        return false;
    }
    occ_result occ;
    if (occupancy_isolated(&gpu->sm, &kr->launch, &occ) != OCC_OK) {
        rt_diag_error(d, ts->path, kr->launch.line, "kernel \"%s\": its launch fits no SM of "
                      "GPU \"%s\"", kr->name, gpu->name);
        return false;
    }
    *out = (km_kernel){ .grid = occ.d.grid, .block_time_ns = kr->launch.block_time_ns,
                        .active_blocks = occ.active_blocks };
    return true;
}

static int split_slots(const rt_taskset *ts, const rt_gpu *gpu, size_t a, size_t b,
                       const split_opts *o, split_result *r, rt_diags *d)
{
    r->granularity = 1;
    if (!gpu->has_sm_limits) {
        rt_diag_error(d, gpu->path, gpu->line, "GPU \"%s\": --split-unit slots needs the <sm> "
                      "limits (expected an <sm> element)", gpu->name);
        return SPLIT_EINPUT;
    }
    km_kernel ka, kb;
    bool ok = split_km_kernel(ts, gpu, a, &ka, d);
    ok &= split_km_kernel(ts, gpu, b, &kb, d);
    if (!ok)
        return SPLIT_EINPUT;
    const rt_kernel *x = &ts->kernels[a], *y = &ts->kernels[b];
    if (kmerge_merged(&gpu->sm, &x->launch, &y->launch, &r->merged) != OCC_OK) {
        rt_diag_error(d, ts->path, x->launch.line, "kernels \"%s\" and \"%s\": their merged "
                      "launch (largest block, registers and shared memory of the two) fits no "
                      "SM of GPU \"%s\"", x->name, y->name, gpu->name);
        return SPLIT_EINPUT;
    }
    r->slots_given = o->slots > 0;
    if (r->slots_given)
        r->units = o->slots;
    else if (ck_mul(gpu->sms, r->merged.active_blocks, &r->units) ||
             r->units > KM_STEAL_MAX_BLOCKS) {
        rt_diag_error(d, gpu->path, gpu->line, "GPU \"%s\": too many slots", gpu->name);
        return SPLIT_EINPUT;
    }
    if (r->units < 2) {
        rt_diag_error(d, gpu->path, gpu->line, "GPU \"%s\": %lld slot%s for the merged kernel "
                      "of \"%s\" and \"%s\" allow no split (expected at least 2)", gpu->name,
                      (long long)r->units, r->units == 1 ? "" : "s", x->name, y->name);
        return SPLIT_EINPUT;
    }
    r->n_rows = (size_t)(r->units - 1);
    km_row *kr = calloc(r->n_rows, sizeof *kr);
    r->rows = calloc(r->n_rows, sizeof *r->rows);
    if (!kr || !r->rows) {
        free(kr);
        return SPLIT_ENOMEM;
    }
    int64_t seq_a, seq_b, seq;
    int rc = kmerge_sweep(&ka, &kb, r->units, kr, &r->best);
    if (rc == KM_OK && (kmerge_native_ns(&ka, gpu->sms, &seq_a) ||
                        kmerge_native_ns(&kb, gpu->sms, &seq_b) ||
                        kmerge_sequential_ns(&ka, &kb, gpu->sms, &seq)))
        rc = KM_ERANGE;
    if (rc != KM_OK) {
        free(kr);
        rt_diag_error(d, ts->path, x->launch.line, "kernels \"%s\" and \"%s\": a split's time "
                      "does not fit in 64 bits of ns", x->name, y->name);
        return SPLIT_EINPUT;
    }
    for (size_t i = 0; i < r->n_rows; i++)
        r->rows[i] = (split_row){ .a = kr[i].a, .b = kr[i].b, .time_a = (double)kr[i].time_a_ns,
                                  .time_b = (double)kr[i].time_b_ns,
                                  .time = (double)kr[i].time_ns };
    bool concurrent = kr[r->best].time_ns < seq;
    free(kr);
    r->sequential_a = (double)seq_a;
    r->sequential_b = (double)seq_b;
    r->sequential = (double)seq;
    km_steal ws;
    rc = kmerge_work_stealing(&ka, &kb, r->units, &ws);
    if (rc == KM_ENOMEM)
        return SPLIT_ENOMEM;
    if (rc == KM_OK) {
        r->has_steal = true;
        r->steal_a = (double)ws.time_a_ns;
        r->steal_b = (double)ws.time_b_ns;
        r->steal = (double)ws.time_ns;
    }
    r->concurrent = concurrent;
    return SPLIT_OK;
}

int split_run(const model *m, const rt_taskset *ts, const rt_gpu *gpu, size_t a, size_t b,
              const split_opts *o, split_result *out, rt_diags *d)
{
    *out = (split_result){ .unit = o->unit, .kernel_a = a, .kernel_b = b };
    int rc = o->unit == SPLIT_UNIT_SLOTS ? split_slots(ts, gpu, a, b, o, out, d)
                                         : split_sms(m, ts, gpu, a, b, o, out, d);
    if (rc != SPLIT_OK) {
        split_result_fini(out);
        return rc;
    }
    const split_row *best = &out->rows[out->best];
    out->gain = out->sequential / best->time;
    if (o->unit == SPLIT_UNIT_SMS)
        out->concurrent = best->time < out->sequential;
    return SPLIT_OK;
}
