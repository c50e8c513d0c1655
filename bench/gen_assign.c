/* gen_assign: random task sets without partitions, and GPU files, for the assignment benchmark.
 *
 *   gen_assign gpu SMS                  GPU file for SMS = 30 (RTX 2060, the paper's Table 1),
 *                                       68 (RTX 3080-class, pairs of SMs) or 132 (H100 SXM-like)
 *   gen_assign taskset TASKS SMS SEED   task set of TASKS tasks for that GPU
 *
 * Kernels come from a pool of 12 (a quarter memory-bound, a quarter hybrid, half compute-bound,
 * by BWiso/BWmax); each task runs 1 to 3 of them. Periods are set from the task's isolated WCET
 * on all SMs (the library's own model, default options) so that the tasks would need about 60%
 * of the GPU if every kernel scaled linearly; deadlines are the period for 70% of the tasks and
 * 0.7 to 1.0 of it otherwise. The same arguments always give the same file. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/options.h"
#include "analysis/wcet.h"
#include "models/model.h"

#define POOL 12
#define MAX_RUNS 3

typedef struct gpu_def {
    int64_t sms, banks, granularity;
    double clock_mhz, bw_nominal, bw_effective;
    const char *name;
} gpu_def;

static const gpu_def gpus[] = {
    {30, 24, 1, 1365, 348, 330, "RTX 2060 (Masola et al. Table 1)"},
    {68, 40, 2, 1710, 760, 720.69, "RTX 3080-class (68 SMs in TPC pairs)"},
    {132, 80, 2, 1980, 3350, 3176.72, "H100 SXM-like (132 SMs in TPC pairs)"},
};

static uint64_t rng_state;

static double rng_unit(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) / 9007199254740992.0; /* [0, 1) with 53 bits */
}

static const gpu_def *gpu_find(int64_t sms)
{
    for (size_t i = 0; i < sizeof gpus / sizeof *gpus; i++)
        if (gpus[i].sms == sms)
            return &gpus[i];
    return NULL;
}

static void gpu_print(const gpu_def *g)
{
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<gpu name=\"%s\" sms=\"%" PRId64 "\" clock-mhz=\"%g\" l2-banks=\"%" PRId64 "\"\n"
           "     bw-nominal-gbps=\"%g\" bw-effective-gbps=\"%g\" partition-granularity=\"%" PRId64
           "\"/>\n",
           g->name, g->sms, g->clock_mhz, g->banks, g->bw_nominal, g->bw_effective,
           g->granularity);
}

static rt_gpu gpu_record(const gpu_def *g)
{
    return (rt_gpu){ .sms = g->sms, .l2_banks = g->banks, .bw_nominal_gbps = g->bw_nominal,
                     .bw_effective_gbps = g->bw_effective, .clock_mhz = g->clock_mhz,
                     .alpha = 100, .granularity = g->granularity };
}

/* Kernel k of the pool: class by index (0-2 memory, 3-5 hybrid, 6-11 compute). */
static void kernel_draw(rt_kernel *k, size_t i, const gpu_def *g)
{
    double lo = i < 3 ? 0.75 : i < 6 ? 0.15 : 0.01, hi = i < 3 ? 0.95 : i < 6 ? 0.6 : 0.08;
    double kai_lo = i < 3 ? 0.01 : i < 6 ? 0.1 : 1.0, kai_hi = i < 3 ? 0.1 : i < 6 ? 1.0 : 5.0;
    k->has_cycles = true;
    k->cycles = (double)(int64_t)(20000 + rng_unit() * 480000);
    k->bw_gbps = (double)(int64_t)((lo + rng_unit() * (hi - lo)) * g->bw_nominal * 100) / 100;
    k->has_kai = true;
    k->kai = (double)(int64_t)((kai_lo + rng_unit() * (kai_hi - kai_lo)) * 1000) / 1000;
}

static void task_draw(rt_task *t, size_t *runs)
{
    t->n_runs = 1 + (size_t)(rng_unit() * MAX_RUNS);
    t->runs = runs;
    for (size_t r = 0; r < t->n_runs; r++)
        runs[r] = (size_t)(rng_unit() * POOL);
}

/* Period from the isolated WCET w on all N SMs: the task alone would fill `demand` SMs if its
 * kernels scaled linearly (period = w * N / demand); deadline = period or 0.7..1.0 of it. */
static void task_timing(rt_task *t, int64_t w, const gpu_def *g, size_t n_tasks)
{
    double demand = 0.6 * (double)g->sms / (double)n_tasks * (0.5 + rng_unit());
    t->period_ns = (int64_t)((double)w * (double)g->sms / demand) + 1;
    double dl = rng_unit() < 0.7 ? 1.0 : 0.7 + 0.3 * rng_unit();
    t->deadline_ns = (int64_t)((double)t->period_ns * dl);
    if (t->deadline_ns < 1)
        t->deadline_ns = 1;
}

static void taskset_print(const rt_taskset *ts, int64_t sms, uint64_t seed)
{
    printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
           "<!-- gen_assign taskset %zu %" PRId64 " %" PRIu64 " -->\n"
           "<taskset name=\"bench-%zu-%" PRId64 "-%" PRIu64 "\">\n",
           ts->n_tasks, sms, seed, ts->n_tasks, sms, seed);
    for (size_t k = 0; k < ts->n_kernels; k++)
        printf("  <kernel name=\"K%zu\" cycles=\"%.0f\" bw-gbps=\"%.2f\" kai=\"%.3f\"/>\n", k,
               ts->kernels[k].cycles, ts->kernels[k].bw_gbps, ts->kernels[k].kai);
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        printf("  <task name=\"t%zu\" period=\"%" PRId64 "ns\" deadline=\"%" PRId64 "ns\">\n", i,
               t->period_ns, t->deadline_ns);
        for (size_t r = 0; r < t->n_runs; r++)
            printf("    <run kernel=\"K%zu\"/>\n", t->runs[r]);
        printf("  </task>\n");
    }
    printf("</taskset>\n");
}

static int gen_taskset(size_t n_tasks, const gpu_def *g, uint64_t seed)
{
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    rt_kernel kernels[POOL];
    memset(kernels, 0, sizeof kernels);
    for (size_t k = 0; k < POOL; k++)
        kernel_draw(&kernels[k], k, g);
    rt_task *tasks = calloc(n_tasks, sizeof *tasks);
    size_t *runs = calloc(n_tasks * MAX_RUNS, sizeof *runs);
    if (!tasks || !runs) {
        free(tasks);
        free(runs);
        return 1;
    }
    for (size_t i = 0; i < n_tasks; i++)
        task_draw(&tasks[i], runs + i * MAX_RUNS);
    rt_gpu gpu = gpu_record(g);
    rt_taskset ts = { .kernels = kernels, .n_kernels = POOL, .tasks = tasks, .n_tasks = n_tasks };
    rt_options o;
    rt_options_default(&o);
    model *m = model_new(&gpu, &ts);
    int rc = m ? 0 : 1;
    for (size_t i = 0; i < n_tasks && rc == 0; i++) {
        int64_t w = 0;
        if (!wcet_isolated_task_ns(m, &ts, i, g->sms, &o, &w))
            rc = 1;
        else
            task_timing(&tasks[i], w, g, n_tasks);
    }
    if (rc == 0)
        taskset_print(&ts, g->sms, seed);
    model_free(m);
    free(tasks);
    free(runs);
    return rc;
}

static int usage(void)
{
    fputs("usage: gen_assign gpu SMS | gen_assign taskset TASKS SMS SEED   (SMS: 30, 68, 132)\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "gpu") == 0) {
        const gpu_def *g = gpu_find(strtoll(argv[2], NULL, 10));
        if (!g)
            return usage();
        gpu_print(g);
        return 0;
    }
    if (argc == 5 && strcmp(argv[1], "taskset") == 0) {
        long n = strtol(argv[2], NULL, 10);
        const gpu_def *g = gpu_find(strtoll(argv[3], NULL, 10));
        if (n < 1 || n > 10000 || !g)
            return usage();
        return gen_taskset((size_t)n, g, strtoull(argv[4], NULL, 10));
    }
    return usage();
}
