/* gen_tasks: write a random task set (one partition of all SMs) for the RTA benchmark.
 *
 * usage: gen_tasks GPU.xml N [U [SEED]]     (U default 0.8, SEED default 1)
 *
 * N tasks with periods log-uniform over four decades (100 us .. 1 s, whole ns), deadline = period,
 * no priorities (so the tool uses deadline-monotonic order), utilisations by UUniFast summing to U.
 * Each task runs one compute kernel (bw-gbps 1, kai 1) described by cycles, and all tasks share
 * one partition of all the GPU's SMs: the kernel's isolated time is then its full-GPU profile and
 * no other partition interferes, so the tool's WCET is ceil((1 + margin) * cycles * 1000 / f) ns
 * plus the launch overhead (docs/model.md sec. 5). The cycles are chosen so that this WCET, with
 * the default margin 0.2, is the UUniFast share u_i * T_i (rounded down to whole cycles), i.e. the
 * total utilisation seen by the analysis, margin included, is U. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "util/diag.h"

#define GEN_MARGIN 0.2           /* rtgpu-analyze's default --margin */
#define GEN_PERIOD_MIN_NS 1e5    /* 100 us */
#define GEN_PERIOD_MAX_NS 1e9    /* 1 s */

/* splitmix64: the same sequence for the same seed on every platform. */
static uint64_t gen_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double gen_uniform(uint64_t *s)
{
    return (double)(gen_next(s) >> 11) * 0x1.0p-53;
}

/* A period in [100 us, 1 s], log-uniform, whole nanoseconds. */
static int64_t gen_period_ns(uint64_t *s)
{
    double lo = log(GEN_PERIOD_MIN_NS), hi = log(GEN_PERIOD_MAX_NS);
    double t = floor(exp(lo + gen_uniform(s) * (hi - lo)));
    return (int64_t)fmin(fmax(t, GEN_PERIOD_MIN_NS), GEN_PERIOD_MAX_NS);
}

/* UUniFast (Bini and Buttazzo 2005): n shares, uniformly distributed, summing to u. */
static void gen_uunifast(uint64_t *s, size_t n, double u, double *share)
{
    double sum = u;
    for (size_t i = 0; i + 1 < n; i++) {
        double next = sum * pow(gen_uniform(s), 1.0 / (double)(n - 1 - i));
        share[i] = sum - next;
        sum = next;
    }
    share[n - 1] = sum;
}

/* Cycles whose WCET ceil((1 + margin) * cycles * 1000 / f) + overhead is at most wcet_ns
 * (at least one cycle). */
static int64_t gen_cycles(double wcet_ns, const rt_gpu *g)
{
    double c = floor((wcet_ns - (double)g->launch_overhead_ns) * g->clock_mhz
                     / (1000.0 * (1.0 + GEN_MARGIN)));
    return c < 1 ? 1 : (int64_t)c;
}

/* The task set as XML on out. Returns 0, or -1 on OOM or a write error. */
static int gen_write(FILE *out, const rt_gpu *g, size_t n, double u, uint64_t seed)
{
    int rc = -1;
    uint64_t s = seed;
    double *share = calloc(n, sizeof *share);
    int64_t *period = calloc(n, sizeof *period);
    if (!share || !period)
        goto cleanup;
    gen_uunifast(&s, n, u, share);
    for (size_t i = 0; i < n; i++)
        period[i] = gen_period_ns(&s);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<!-- gen_tasks: %zu tasks, U = %g (margin %g included), seed %" PRIu64 " -->\n"
                 "<taskset name=\"bench-%zu-%g-%" PRIu64 "\">\n",
            n, u, GEN_MARGIN, seed, n, u, seed);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  <kernel name=\"k%zu\" cycles=\"%" PRId64 "\" bw-gbps=\"1\" kai=\"1\"/>\n",
                i, gen_cycles(share[i] * (double)period[i], g));
    for (size_t i = 0; i < n; i++)
        fprintf(out, "  <task name=\"t%zu\" period=\"%" PRId64 "ns\"><run kernel=\"k%zu\"/></task>\n",
                i, period[i], i);
    fprintf(out, "  <partition name=\"P0\" sms=\"%" PRId64 "\">\n", g->sms);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "    <task-ref name=\"t%zu\"/>\n", i);
    fprintf(out, "  </partition>\n</taskset>\n");
    rc = ferror(out) ? -1 : 0;
cleanup:
    free(period);
    free(share);
    return rc;
}

/* N, U and SEED from the command line; -1 if one is malformed or out of range. */
static int gen_parse_args(int argc, char **argv, size_t *n, double *u, uint64_t *seed)
{
    char *end;
    if (argc < 3 || argc > 5)
        return -1;
    unsigned long long v = strtoull(argv[2], &end, 10);
    if (*argv[2] == '\0' || *end || v < 1 || v > 1000000)
        return -1;
    *n = (size_t)v;
    *u = 0.8;
    if (argc > 3) {
        *u = strtod(argv[3], &end);
        if (*argv[3] == '\0' || *end || !(*u > 0 && *u <= 100))
            return -1;
    }
    *seed = 1;
    if (argc > 4) {
        *seed = strtoull(argv[4], &end, 10);
        if (*argv[4] == '\0' || *end)
            return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    size_t n;
    double u;
    uint64_t seed;
    int rc = 2;
    if (gen_parse_args(argc, argv, &n, &u, &seed)) {
        fprintf(stderr, "usage: gen_tasks GPU.xml N [U [SEED]]   (N 1..1000000, U > 0, "
                        "default 0.8, SEED default 1)\n");
        return 2;
    }
    rt_diags *d = rt_diag_new(20);
    rt_gpu *g = d ? rt_gpu_load(argv[1], d) : NULL;
    if (!g) {
        if (d)
            rt_diag_print(d, stderr);
        goto cleanup;
    }
    if (gen_write(stdout, g, n, u, seed) || fflush(stdout)) {
        fprintf(stderr, "gen_tasks: cannot write the task set\n");
        goto cleanup;
    }
    rc = 0;
cleanup:
    rt_gpu_free(g);
    rt_diag_free(d);
    return rc;
}
