/* measure: observations against the analysed bounds (docs/calibration.md sec. 4).
 *
 * A kernel time "k on n SMs beside co-runners l_1@n_1 ... l_m@n_m" is checked against the WCET
 * the analysis gives that launch in the layout where k has its partition of n SMs and each l_i
 * its own partition of n_i SMs hosting l_i alone:
 *
 *     bound = ceil((1 + margin) * C(k,n) * max over S subset of {l_i} of M*(k,S) * 1000 / f)
 *             + launch overhead                                     (docs/model.md secs. 3 and 5)
 *
 * The maximum runs over every subset because a co-runner run back to back still leaves gaps
 * between its launches (and starts or stops inside k's run), and M*(k,S) is the supremum over
 * window lengths because eq. 15 is not monotonic in the length: with any phasing of the
 * co-runners, the model's time of k is at most C(k,n) max M*. That value is built by the very
 * code of the analysis (wcet_compute on that small layout, worst-case windows whatever
 * --windows says), so a row above it contradicts the analysis itself, not an approximation of
 * it. The synchronous value, or M of the full-length window alone, would not be a bound.
 *
 * A job "task, release, finish" is checked against R_i of the analysed layout: response times
 * are counted from the arrival (docs/analysis.md), so finish - release <= R_i must hold for any
 * job released at or after its arrival. */
#include "analysis/measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/layout.h"
#include "analysis/wcet.h"
#include "util/ckint.h"

void measure_result_fini(meas_result *r)
{
    for (size_t i = 0; r->kernels && i < r->n; i++)
        free(r->kernels[i].star);
    free(r->kernels);
    free(r->jobs);
    memset(r, 0, sizeof *r);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The ceil(q n)-th smallest of the n sorted values, q = num / den. */
static double nearest_rank(const double *sorted, size_t n, size_t num, size_t den)
{
    size_t rank = (num * n + den - 1) / den;   /* n <= 2^32 in practice; see measure_stats_of */
    return sorted[(rank ? rank : 1) - 1];
}

/* Bin of observed / bound, decided on the integers: 10 above the bound, else
 * MIN(9, floor(10 observed / bound)) (so exactly at the bound is in [0.9, 1.0]). */
static size_t bin_of(int64_t observed, int64_t bound)
{
    if (observed > bound)
        return MEAS_BINS - 1;
    int64_t ten;
    size_t b = ck_mul(observed, 10, &ten) ? (size_t)(10.0 * ((double)observed / (double)bound))
                                          : (size_t)(ten / bound);
    return b > 9 ? 9 : b;
}

int measure_stats_of(const int64_t *observed, const int64_t *bound, size_t n, meas_stats *out)
{
    memset(out, 0, sizeof *out);
    if (n == 0)
        return MEAS_OK;
    if (n > ((size_t)1 << 32))
        return MEAS_ENOMEM;
    double *t = malloc(n * sizeof *t);
    if (!t)
        return MEAS_ENOMEM;
    double sum = 0.0;
    for (size_t i = 0; i < n; i++) {
        t[i] = (double)observed[i] / (double)bound[i];
        sum += t[i];
        out->bins[bin_of(observed[i], bound[i])]++;
    }
    qsort(t, n, sizeof *t, cmp_double);
    out->n = n;
    out->min = t[0];
    out->max = t[n - 1];
    out->median = nearest_rank(t, n, 1, 2);
    out->p90 = nearest_rank(t, n, 9, 10);
    out->p99 = nearest_rank(t, n, 99, 100);
    out->mean = sum / (double)n;
    free(t);
    return MEAS_OK;
}

/* The WCET of one observed launch: the small layout (k on partition 0, co-runner i on
 * partition i + 1, each hosting one task with one run) through wcet_compute. */
static int check_kernel(const model *m, const rt_taskset *ts, const rt_meas_kernel *ob,
                        const rt_options *o, meas_kernel_check *out)
{
    size_t P = 1 + ob->n_corunners;
    int rc = MEAS_ENOMEM;
    rt_task *tasks = calloc(P, sizeof *tasks);
    size_t *runs = calloc(P, sizeof *runs);
    rt_layout *l = rt_layout_new(P, P);
    wcet_result w = {0};
    if (!tasks || !runs || !l)
        goto done;
    int64_t first = 0;
    for (size_t p = 0; p < P; p++) {
        runs[p] = p == 0 ? ob->kernel : ob->corunners[p - 1].kernel;
        tasks[p] = (rt_task){ .runs = &runs[p], .n_runs = 1 };
        l->part_sms[p] = p == 0 ? ob->sms : ob->corunners[p - 1].sms;
        l->part_first_sm[p] = first;
        first += l->part_sms[p];
        l->task_part[p] = p;
        l->task_prio[p] = (int64_t)p;
    }
    rt_taskset small = { .path = ts->path, .name = ts->name, .kernels = ts->kernels,
                         .n_kernels = ts->n_kernels, .tasks = tasks, .n_tasks = P };
    rt_options wo = *o;
    wo.windows = RT_WINDOWS_WORST_CASE;
    int wrc = wcet_compute(m, &small, l, &wo, NULL, &w);
    if (wrc != WCET_OK) {
        rc = wrc == WCET_ENOMEM ? MEAS_ENOMEM : MEAS_ERANGE;
        goto done;
    }
    const wcet_launch *ln = &w.tasks[0].launches[0];
    const wcet_window *win = &ln->windows[0];
    out->observed_ns = ob->time_ns;
    out->bound_ns = ln->wcet_ns;
    out->model_ns = ln->interference_cycles * 1000.0 / m->gpu->clock_mhz;
    out->isolated_cycles = ln->isolated_cycles;
    out->multiplier = ln->multiplier;
    out->bw_gbps = win->bw_gbps;
    out->I = win->I;
    out->Pi = win->Pi;
    out->sup_case = win->sup_case;
    out->exhaustive = ln->exhaustive;
    out->n_star = win->n_kernels ? win->n_kernels - 1 : 0;
    out->star = malloc((out->n_star ? out->n_star : 1) * sizeof *out->star);
    if (!out->star)
        goto done;
    for (size_t i = 0; i < out->n_star; i++)
        out->star[i] = win->parts[i + 1] - 1;   /* partition q + 1 hosts co-runner q */
    out->above = out->observed_ns > out->bound_ns;
    out->above_model = (double)out->observed_ns > out->model_ns;
    out->tightness = out->bound_ns > 0 ? (double)out->observed_ns / (double)out->bound_ns
                                       : INFINITY;
    rc = MEAS_OK;
done:
    wcet_result_fini(&w);
    rt_layout_free(l);
    free(runs);
    free(tasks);
    return rc;
}

static int check_kernels(const model *m, const rt_taskset *ts, const rt_measurements *obs,
                         const rt_options *o, meas_result *out)
{
    out->kernels = calloc(obs->n_kernels ? obs->n_kernels : 1, sizeof *out->kernels);
    if (!out->kernels)
        return MEAS_ENOMEM;
    out->n = obs->n_kernels;
    for (size_t i = 0; i < obs->n_kernels; i++) {
        int rc = check_kernel(m, ts, &obs->kernels[i], o, &out->kernels[i]);
        if (rc != MEAS_OK)
            return rc;
        out->n_above += out->kernels[i].above;
        out->n_above_model += out->kernels[i].above_model;
    }
    return MEAS_OK;
}

static void check_jobs(const rt_taskset *ts, const rt_measurements *obs, const rt_eval *eval,
                       meas_result *out)
{
    for (size_t i = 0; i < obs->n_jobs; i++) {
        const rt_meas_job *ob = &obs->jobs[i];
        const rta_result *r = &eval->rta[ob->task];
        meas_job_check *c = &out->jobs[i];
        c->observed_ns = ob->response_ns;
        c->deadline_ns = ts->tasks[ob->task].deadline_ns;
        c->bounded = r->status == RTA_BOUNDED;
        if (!c->bounded) {
            out->n_unbounded++;
            continue;
        }
        c->bound_ns = r->wcrt_ns;
        c->above = c->observed_ns > c->bound_ns;
        /* R >= C > 0 for a bounded task; 0 only for a job of zero WCET */
        c->tightness = c->bound_ns > 0 ? (double)c->observed_ns / (double)c->bound_ns
                                       : (c->observed_ns > 0 ? INFINITY : 0.0);
        out->n_above += c->above;
    }
}

/* Tightness statistics over the observations that have a positive bound. */
static int stats(meas_result *out)
{
    int64_t *ob = malloc((out->n ? out->n : 1) * sizeof *ob);
    int64_t *bd = malloc((out->n ? out->n : 1) * sizeof *bd);
    int rc = MEAS_ENOMEM;
    if (!ob || !bd)
        goto done;
    size_t k = 0;
    for (size_t i = 0; i < out->n; i++) {
        int64_t o, b;
        if (out->kind == RT_MEAS_KERNELS) {
            o = out->kernels[i].observed_ns;
            b = out->kernels[i].bound_ns;
        } else {
            if (!out->jobs[i].bounded)
                continue;
            o = out->jobs[i].observed_ns;
            b = out->jobs[i].bound_ns;
        }
        if (b > 0) {
            ob[k] = o;
            bd[k++] = b;
        }
    }
    rc = measure_stats_of(ob, bd, k, &out->stats);
done:
    free(ob);
    free(bd);
    return rc;
}

int measure_check(const model *m, const rt_taskset *ts, const rt_measurements *obs,
               const rt_options *o, const rt_eval *eval, meas_result *out)
{
    memset(out, 0, sizeof *out);
    out->kind = obs->kind;
    int rc;
    if (obs->kind == RT_MEAS_KERNELS) {
        rc = check_kernels(m, ts, obs, o, out);
    } else if (!eval || eval->n_tasks != ts->n_tasks) {
        rc = MEAS_ENOEVAL;
    } else {
        out->jobs = calloc(obs->n_jobs ? obs->n_jobs : 1, sizeof *out->jobs);
        out->n = obs->n_jobs;
        rc = out->jobs ? MEAS_OK : MEAS_ENOMEM;
        if (rc == MEAS_OK)
            check_jobs(ts, obs, eval, out);
    }
    if (rc == MEAS_OK)
        rc = stats(out);
    if (rc != MEAS_OK)
        measure_result_fini(out);
    return rc;
}
