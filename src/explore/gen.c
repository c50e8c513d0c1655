/* gen: random task sets of a <generate> sweep, reproducible exactly from their seed.
 *
 * A set with n tasks and total utilisation U (docs/explore.md, "Generated task sets"):
 *   1. utilisations u_1..u_n by UUniFast (Bini, Buttazzo, "Measuring the performance of
 *      schedulability tests", Real-Time Systems 30, 2005): s = U; for i = 1..n-1:
 *      next = s * r_i^(1/(n-i)), u_i = s - next, s = next; u_n = s; drawn again while some
 *      u_i > 1 (UUniFast-discard, Davis, Burns, RTSS 2009), at most XP_GEN_TRIES times;
 *   2. periods log-uniform over [Tmin, Tmax]: T_i = round(exp(ln Tmin + r (ln Tmax - ln Tmin)))
 *      whole ns (Emberson, Stafford, Davis, WATERS 2010), deadline = period, no jitter,
 *      priorities deadline-monotonic (none given);
 *   3. each task runs `launches` kernels drawn uniformly from the pool, each scaled by the one
 *      factor x_i that makes their full-GPU times sum to C_i = u_i T_i: kernel time
 *      x_i * Ck(N) (written with 3 decimals of ns and read back as a task-set file would be),
 *      bandwidth unchanged, l2-accesses, instructions and measured cycles times x_i;
 *   4. partitions P0..P{p-1}, tasks mapped worst-fit decreasing by u_i (ties: lower index).
 * The utilisation of a task is thus the fraction of the whole GPU its kernels occupy when they
 * run alone on all SMs, margin and interference left out.
 * Random numbers: splitmix64 (Steele, Lea, Flood, OOPSLA 2014) from the set's seed; logarithms
 * and exponentials by xp_gen_log / xp_gen_exp below, so that no libm rounding enters a set. */
#include "explore/gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskset/units.h"
#include "util/analyzer.h"
#include "util/rng.h"

#define LN2_HI 6.93147180369123816490e-01   /* fdlibm's split of ln 2 */
#define LN2_LO 1.90821492927058770002e-10

double xp_gen_exp(double x)
{
    if (x > 709.0)
        return INFINITY;
    if (x < -745.0)
        return 0.0;
    /* x = k ln2 + r, |r| <= ln2 / 2; exp(r) by its Taylor series (r^19 / 19! < 1e-25) */
    double k = floor(x / (LN2_HI + LN2_LO) + 0.5);
    double r = (x - k * LN2_HI) - k * LN2_LO;
    double term = 1.0, sum = 1.0;
    for (int i = 1; i < 20; i++) {
        term = term * r / i;
        sum += term;
    }
    return ldexp(sum, (int)k);
}

double xp_gen_log(double x)
{
    if (!(x > 0.0))
        return -INFINITY;
    int e;
    double m = frexp(x, &e);         /* x = m 2^e, m in [0.5, 1) */
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        e--;
    }
    /* ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716 (s^29 < 1e-22) */
    double s = (m - 1.0) / (m + 1.0), s2 = s * s, p = s, sum = 0.0;
    for (int i = 1; i < 30; i += 2) {
        sum += p / i;
        p *= s2;
    }
    return e * LN2_HI + (e * LN2_LO + 2.0 * sum);
}

static uint64_t mix64(uint64_t x)
{
    return rng_next(&x);
}

/* Uniform in (0, 1): never 0, so that its logarithm is finite. */
static double uniform01(uint64_t *st)
{
    return ((double)(rng_next(st) >> 11) + 0.5) * 0x1.0p-53;
}

/* Uniform integer in [0, n). */
static size_t pick(uint64_t *st, size_t n)
{
    return (size_t)((double)(rng_next(st) >> 11) * 0x1.0p-53 * (double)n) % n;
}

uint64_t xp_gen_seed(uint64_t seed, int64_t mant, int digits, uint64_t set_idx)
{
    /* the utilisation in units of 1e-9, so that 0.5 and 0.50 give the same sets */
    int64_t u9 = mant;
    for (int d = digits; d < 9; d++)
        u9 *= 10;
    uint64_t h = mix64(seed);
    h = mix64(h ^ (uint64_t)u9);
    h = mix64(h ^ set_idx);
    return h & (((uint64_t)1 << 53) - 1);
}

/* UUniFast-discard into u[0..n); false if every try had some u_i > 1. */
static bool uunifast(uint64_t *st, size_t n, double U, double *u)
{
    for (int t = 0; t < XP_GEN_TRIES; t++) {
        double s = U;
        bool ok = true;
        for (size_t i = 0; i + 1 < n; i++) {
            double next = s * xp_gen_exp(xp_gen_log(uniform01(st)) / (double)(n - 1 - i));
            u[i] = s - next;
            s = next;
            ok &= u[i] <= 1.0;
        }
        u[n - 1] = s;
        if (ok && s <= 1.0)
            return true;
    }
    return false;
}

/* "<prefix><a>", or "<prefix><a>.<b>.<name>" when name is not NULL. */
static char *dupf(const char *prefix, size_t a, size_t b, const char *name)
{
    char buf[300];
    if (name)
        snprintf(buf, sizeof buf, "%s%zu.%zu.%s", prefix, a, b, name);
    else
        snprintf(buf, sizeof buf, "%s%zu", prefix, a);
    return strdup(buf);
}

/* Kernel k of the new set: pool kernel pk scaled by x, named name (owned by the set). */
static bool make_kernel(rt_kernel *k, const rt_kernel *pk, double pool_ns, double x, char *name)
{
    *k = *pk;
    k->name = name;
    k->measured = NULL;
    k->n_measured = 0;
    k->has_cycles = false;
    k->has_time = true;
    char txt[64];
    snprintf(txt, sizeof txt, "%.3fns", x * pool_ns);
    if (units_parse_duration_real_ns(txt, &k->time_ns) != UNITS_OK || !(k->time_ns > 0))
        return false;
    if (k->has_instructions)
        k->instructions *= x;
    if (k->has_l2_accesses)
        k->l2_accesses *= x;
    if (pk->n_measured) {
        k->measured = malloc(pk->n_measured * sizeof *k->measured);
        if (!k->measured)
            return false;
        k->n_measured = pk->n_measured;
        for (size_t i = 0; i < pk->n_measured; i++) {
            k->measured[i] = pk->measured[i];
            k->measured[i].cycles *= x;
        }
    }
    return true;
}

/* Worst-fit decreasing of u over the set's partitions. */
static bool map_tasks(rt_taskset *ts, const double *u)
{
    size_t n = ts->n_tasks, P = ts->n_partitions;
    size_t *order = malloc(n * sizeof *order);
    double *load = calloc(P, sizeof *load);
    if (!order || !load) {
        free(order);
        free(load);
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        size_t j = i;   /* insertion sort by u descending, ties by index */
        /* order[0..i) is filled (clang-tidy does not see it)
         * NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
        while (j > 0 && u[order[j - 1]] < u[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (size_t i = 0; ok && i < n; i++) {
        size_t best = 0;
        for (size_t p = 1; p < P; p++)
            if (load[p] < load[best])
                best = p;
        load[best] += u[order[i]];
        rt_partition *pa = &ts->partitions[best];
        size_t *nt = realloc(pa->tasks, (pa->n_tasks + 1) * sizeof *nt);
        if (!nt) {
            ok = false;
            break;
        }
        pa->tasks = nt;
        pa->tasks[pa->n_tasks++] = order[i];
    }
    /* task indices of a partition in file order, as the loader keeps them */
    for (size_t p = 0; ok && p < P; p++) {
        rt_partition *pa = &ts->partitions[p];
        for (size_t i = 1; i < pa->n_tasks; i++)
            for (size_t j = i; j > 0 && pa->tasks[j - 1] > pa->tasks[j]; j--) {
                size_t t = pa->tasks[j];
                pa->tasks[j] = pa->tasks[j - 1];
                pa->tasks[j - 1] = t;
            }
    }
    free(order);
    free(load);
    return ok;
}

/* gcc 12 -fanalyzer reports a false leak here: the name and run arrays are stored in the task and
 * freed by rt_taskset_free. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static bool make_tasks(rt_taskset *ts, const xp_generate *g, uint64_t *st, const double *u)
{
    size_t n = (size_t)g->tasks, L = (size_t)g->launches, P = g->pool->n_kernels;
    double lo = xp_gen_log((double)g->period_min_ns), hi = xp_gen_log((double)g->period_max_ns);
    for (size_t i = 0; i < n; i++) {
        rt_task *t = &ts->tasks[i];
        double T = floor(xp_gen_exp(lo + uniform01(st) * (hi - lo)) + 0.5);
        if (T < (double)g->period_min_ns)
            T = (double)g->period_min_ns;
        if (T > (double)g->period_max_ns)
            T = (double)g->period_max_ns;
        t->period_ns = t->deadline_ns = (int64_t)T;
        t->name = dupf("t", i, 0, NULL);
        t->runs = calloc(L, sizeof *t->runs);
        t->run_lines = calloc(L, sizeof *t->run_lines);
        if (!t->name || !t->runs || !t->run_lines)
            return false;
        t->n_runs = L;
        size_t pk[16];
        double natural = 0.0;
        for (size_t j = 0; j < L; j++) {
            pk[j] = pick(st, P);
            natural += g->pool_ns[pk[j]];
        }
        double x = u[i] * T / natural;   /* C_i = u_i T_i */
        for (size_t j = 0; j < L; j++) {
            size_t k = i * L + j;
            char *name = dupf("t", i, j, g->pool->kernels[pk[j]].name);
            if (!name)
                return false;
            if (!make_kernel(&ts->kernels[k], &g->pool->kernels[pk[j]], g->pool_ns[pk[j]], x,
                             name)) {
                ts->kernels[k].name = name;   /* freed with the set */
                return false;
            }
            t->runs[j] = k;
        }
    }
    return true;
}
RT_ANALYZER_ON

/* gcc 12 -fanalyzer reports a false leak here: each partition name is stored in the task set and
 * freed with it on the fail path. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
rt_taskset *xp_gen_taskset(const xp_generate *g, double U, uint64_t set_seed, char *err,
                           size_t err_size)
{
    size_t n = (size_t)g->tasks, P = (size_t)g->partitions;
    uint64_t st = set_seed;
    double *u = malloc(n * sizeof *u);
    rt_taskset *ts = calloc(1, sizeof *ts);
    snprintf(err, err_size, "out of memory");
    if (!u || !ts)
        goto fail;
    ts->path = strdup(g->pool->path);
    ts->name = dupf("generated-", (size_t)set_seed, 0, NULL);
    ts->kernels = calloc(n * (size_t)g->launches, sizeof *ts->kernels);
    ts->tasks = calloc(n, sizeof *ts->tasks);
    ts->partitions = calloc(P, sizeof *ts->partitions);
    if (!ts->path || !ts->name || !ts->kernels || !ts->tasks || !ts->partitions)
        goto fail;
    ts->n_kernels = n * (size_t)g->launches;
    ts->n_tasks = n;
    ts->n_partitions = P;
    memcpy(ts->sha256, g->pool->sha256, sizeof ts->sha256);
    for (size_t p = 0; p < P; p++)
        if (!(ts->partitions[p].name = dupf("P", p, 0, NULL)))
            goto fail;
    if (!uunifast(&st, n, U, u)) {
        snprintf(err, err_size, "UUniFast-discard drew no utilisations of at most 1 each in %d "
                 "tries (utilization %.17g over %zu tasks)", XP_GEN_TRIES, U, n);
        goto fail;
    }
    if (!make_tasks(ts, g, &st, u) || !map_tasks(ts, u))
        goto fail;
    free(u);
    return ts;
fail:
    free(u);
    rt_taskset_free(ts);
    return NULL;
}
RT_ANALYZER_ON

int xp_gen_sizes(rt_taskset *ts, int64_t sms, int64_t gran)
{
    int64_t units = sms / gran, P = (int64_t)ts->n_partitions, next = 0;
    if (P > units)
        return -1;
    for (int64_t p = 0; p < P; p++) {
        rt_partition *pa = &ts->partitions[p];
        pa->sms = (units / P + (p < units % P)) * gran;
        pa->first_sm = next;
        next += pa->sms;
    }
    return 0;
}
