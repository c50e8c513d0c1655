/* hol_system: time holistic_analyse (docs/system.md sec. 3) on a generated system of TASKS tasks of
 * five steps (core -> copy engine 0 -> partition -> copy engine 1 -> core) over 8 cores, 2 copy
 * engines (the first fifo) and 6 partitions (the first three with kernel-boundary preemption),
 * for bench/bench_holistic.sh.
 *
 * usage: hol_system [TASKS [RUNS [SEED [MASTFILE]]]]   (defaults 200, 5, 1)
 * Periods 10 .. 200 ms, deadline-monotonic priorities (D = 2 T), cores and partitions loaded to
 * about 60 %, each copy engine to about 30 %, BCET = C / 2, three launches per GPU step. Prints
 * the best and median wall time of RUNS analyses, the rounds of the fixpoint and the number of
 * tasks that miss. With MASTFILE, every partition is non-preemptive instead (MAST 1.7 has no
 * kernel-boundary preemption) and the system is also written there as a MAST model
 * (report/mast_write.h), for bench/bench_mast.sh to time mast_analysis on the same model. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/holistic.h"
#include "analysis/sysdeploy.h"
#include "report/mast_write.h"
#include "bench_util.h"

enum { CORES = 8, ENGINES = 2, PARTS = 6, STEPS = 5, LAUNCHES = 3 };

/* The MAST model of sys at path, its objects named task1 .., core 0 .., h2d, d2h, P1 ... 0 or 2. */
static int write_mast(const hol_system *sys, const char *path)
{
    static const char *const engine_names[ENGINES] = { "h2d", "d2h" };
    char names[CORES + ENGINES + PARTS][16];
    const char *res_names[CORES + ENGINES + PARTS];
    for (size_t r = 0; r < CORES + ENGINES + PARTS; r++) {
        if (r < CORES)
            snprintf(names[r], sizeof names[r], "core %zu", r);
        else if (r < CORES + ENGINES)
            snprintf(names[r], sizeof names[r], "%s", engine_names[r - CORES]);
        else
            snprintf(names[r], sizeof names[r], "P%zu", r - CORES - ENGINES + 1);
        res_names[r] = names[r];
    }
    char (*tnames)[24] = calloc(sys->n_tasks, sizeof *tnames);
    const char **task_names = calloc(sys->n_tasks, sizeof *task_names);
    int *prio = calloc(sys->n_steps, sizeof *prio);
    size_t n_levels = 0;
    FILE *f = NULL;
    int rc = 2;
    if (!tnames || !task_names || !prio || rt_sysdeploy_mast_priorities(sys, prio, &n_levels) != 0) {
        fprintf(stderr, "hol_system: out of memory\n");
        goto done;
    }
    for (size_t i = 0; i < sys->n_tasks; i++) {
        snprintf(tnames[i], sizeof tnames[i], "task%zu", i + 1);
        task_names[i] = tnames[i];
    }
    f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "hol_system: cannot write %s\n", path);
        goto done;
    }
    fputs("-- The generated system of bench/hol_system.c. Time unit: 1 ns.\n\n", f);
    rc = mast_write_model(sys, prio, n_levels, task_names, res_names, NULL, f) == 0 ? 0 : 2;
    if (fclose(f) != 0 || rc != 0) {
        fprintf(stderr, "hol_system: cannot write %s\n", path);
        rc = 2;
    }
done:
    free(prio);
    free(task_names);
    free(tnames);
    return rc;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    unsigned long n_arg = argc > 1 ? strtoul(argv[1], &end, 10) : 200;
    bool bad = argc > 1 && *end != '\0';
    unsigned long runs_arg = argc > 2 ? strtoul(argv[2], &end, 10) : 5;
    bad = bad || (argc > 2 && *end != '\0');
    uint64_t seed = argc > 3 ? strtoull(argv[3], &end, 10) : 1;
    bad = bad || (argc > 3 && *end != '\0');
    const char *mast_path = argc > 4 ? argv[4] : NULL;
    if (bad || argc > 5 || n_arg == 0 || n_arg > 100000 || runs_arg < 1 || runs_arg > 1000) {
        fprintf(stderr, "usage: hol_system [TASKS [RUNS [SEED [MASTFILE]]]]\n");
        return 2;
    }
    size_t n = n_arg;
    int runs = (int)runs_arg;
    seed = seed * 0x9e3779b97f4a7c15ULL + 1;
    hol_resource res[CORES + ENGINES + PARTS];
    for (size_t r = 0; r < CORES; r++)
        res[r] = (hol_resource){ .kind = HOL_CPU_CORE };
    res[CORES] = (hol_resource){ .kind = HOL_COPY_ENGINE, .fifo = true };
    res[CORES + 1] = (hol_resource){ .kind = HOL_COPY_ENGINE };
    for (size_t p = 0; p < PARTS; p++)
        res[CORES + ENGINES + p] = (hol_resource){ .kind = HOL_PARTITION,
                                                   .kernel_preemption = !mast_path &&
                                                                        p < PARTS / 2 };
    hol_task *ts = calloc(n, sizeof *ts);
    hol_step *ss = calloc(n * STEPS, sizeof *ss);
    int64_t *lw = calloc(n * LAUNCHES, sizeof *lw), *lb = calloc(n * LAUNCHES, sizeof *lb);
    double *ms = calloc((size_t)runs, sizeof *ms);
    if (!ts || !ss || !lw || !lb || !ms) {
        fprintf(stderr, "hol_system: out of memory\n");
        return 2;
    }
    /* steps per resource: 2n/CORES on a core, n on an engine, n/PARTS on a partition; each step
     * gets a utilisation of LOAD / that count, times a factor in [0.5, 1.5] (LOAD: 0.6 on cores
     * and partitions, 0.3 on the engines, which carry a copy of every task) */
    double per[STEPS] = { 0.6 * CORES / (2.0 * (double)n), 0.3 / (double)n,
                          0.6 * PARTS / (double)n, 0.3 / (double)n,
                          0.6 * CORES / (2.0 * (double)n) };
    for (size_t i = 0; i < n; i++) {
        int64_t t = bench_uniform(&seed, 10, 200) * 1000000;
        ts[i] = (hol_task){ .period_ns = t, .deadline_ns = 2 * t, .jitter_ns = 0,
                            .first_step = i * STEPS, .n_steps = STEPS };
        size_t where[STEPS] = { i % CORES, CORES, CORES + ENGINES + i % PARTS, CORES + 1,
                                (i + 3) % CORES };
        for (size_t k = 0; k < STEPS; k++) {
            double f = 0.5 + (double)bench_uniform(&seed, 0, 1000) / 1000.0;
            int64_t c = (int64_t)(per[k] * f * (double)t);
            if (c < LAUNCHES)
                c = LAUNCHES;
            hol_step *st = &ss[i * STEPS + k];
            *st = (hol_step){ .resource = where[k], .priority = 2 * t, .wcet_ns = c,
                              .bcet_ns = c / 2 };
            if (k == 2) {
                int64_t *w = &lw[i * LAUNCHES], *b = &lb[i * LAUNCHES];
                w[0] = c / 3;
                w[1] = c / 3;
                w[2] = c - 2 * (c / 3);
                for (size_t l = 0; l < LAUNCHES; l++)
                    b[l] = w[l] / 2;
                st->bcet_ns = b[0] + b[1] + b[2];
                st->launch_wcet_ns = w;
                st->launch_bcet_ns = b;
                st->n_launches = LAUNCHES;
            }
        }
    }
    hol_system sys = { .resources = res, .n_resources = CORES + ENGINES + PARTS, .tasks = ts,
                       .n_tasks = n, .steps = ss, .n_steps = n * STEPS };
    size_t rounds = 0, misses = 0;
    for (int r = 0; r < runs; r++) {
        rt_budget b;
        hol_result out;
        budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
        double t0 = bench_now_ms();
        if (holistic_analyse(&sys, &b, &out) != 0) {
            fprintf(stderr, "hol_system: analysis failed\n");
            return 2;
        }
        ms[r] = bench_now_ms() - t0;
        rounds = out.iterations;
        misses = 0;
        for (size_t i = 0; i < n; i++)
            misses += !out.tasks[i].schedulable;
        holistic_result_fini(&out);
    }
    qsort(ms, (size_t)runs, sizeof *ms, bench_cmp_double);
    printf("%zu tasks x %d steps, %d cores, %d engines, %d partitions%s: best %.2f ms, median "
           "%.2f ms (%d runs), %zu rounds, %zu tasks miss\n", n, STEPS, CORES, ENGINES, PARTS,
           mast_path ? " (all non-preemptive)" : "", ms[0], ms[(runs - 1) / 2], runs, rounds,
           misses);
    int rc = mast_path ? write_mast(&sys, mast_path) : 0;
    free(ms);
    free(lb);
    free(lw);
    free(ss);
    free(ts);
    return rc;
}
