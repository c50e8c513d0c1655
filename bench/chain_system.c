/* chain_system: time chain_analyse (docs/chains.md) on CHAINS cause-effect chains of TLEN tasks
 * over a generated system of TASKS tasks, for bench/bench_chain.sh.
 *
 * usage: chain_system [TASKS [CHAINS [TLEN [RUNS [SEED]]]]]   (defaults 1000, 100, 10, 5, 1)
 * Harmonic periods drawn from 1, 2, 10, 20, 100, 200 ms (hyperperiod 200 ms), implicit deadlines
 * (D = T), phases 0 .. T - 1 ms in whole ms, and every task's end-to-end WCRT R given as a figure
 * in [T / 10, T], so only the chain analysis is timed. The chains alternate implicit and LET
 * communication, the LET ones with every R <= D; each chain's tasks are TLEN distinct tasks drawn
 * at random. Prints the best and median wall time of RUNS analyses of every chain, the number of
 * LET job chains enumerated and the number of chains that pass their requirements. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/chain.h"
#include "bench_util.h"

static bool parse(int argc, char **argv, int i, unsigned long dflt, unsigned long *out)
{
    if (argc <= i) {
        *out = dflt;
        return true;
    }
    char *end = NULL;
    *out = strtoul(argv[i], &end, 10);
    return *argv[i] != '\0' && *end == '\0';
}

int main(int argc, char **argv)
{
    unsigned long n_arg, c_arg, l_arg, runs_arg, seed_arg;
    bool ok = parse(argc, argv, 1, 1000, &n_arg) && parse(argc, argv, 2, 100, &c_arg) &&
              parse(argc, argv, 3, 10, &l_arg) && parse(argc, argv, 4, 5, &runs_arg) &&
              parse(argc, argv, 5, 1, &seed_arg);
    if (!ok || argc > 6 || n_arg == 0 || n_arg > 1000000 || c_arg == 0 || c_arg > 100000 ||
        l_arg < 2 || l_arg > n_arg || runs_arg < 1 || runs_arg > 1000) {
        fprintf(stderr, "usage: chain_system [TASKS [CHAINS [TLEN [RUNS [SEED]]]]]\n");
        return 2;
    }
    size_t n = n_arg, n_chains = c_arg, len = l_arg;
    int runs = (int)runs_arg;
    uint64_t seed = (uint64_t)seed_arg * 0x9e3779b97f4a7c15ULL + 1;
    static const int64_t periods_ms[] = { 1, 2, 10, 20, 100, 200 };
    chain_task *tasks = calloc(n, sizeof *tasks);
    rt_chain *chains = calloc(n_chains, sizeof *chains);
    size_t *refs = calloc(n_chains * len, sizeof *refs);
    bool *used = calloc(n, sizeof *used);
    chain_result *res = calloc(n_chains, sizeof *res);
    double *ms = calloc((size_t)runs, sizeof *ms);
    int rc = 2;
    if (!tasks || !chains || !refs || !used || !res || !ms) {
        fprintf(stderr, "chain_system: out of memory\n");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        int64_t t = periods_ms[bench_uniform(&seed, 0, 5)] * 1000000;
        tasks[i] = (chain_task){ .period_ns = t, .deadline_ns = t, .jitter_ns = 0,
                                 .offset_ns = bench_uniform(&seed, 0, t / 1000000 - 1) * 1000000,
                                 .bounded = true, .wcrt_ns = bench_uniform(&seed, t / 10, t) };
    }
    for (size_t c = 0; c < n_chains; c++) {
        size_t *ref = &refs[c * len];
        for (size_t k = 0; k < len; k++) {
            size_t i;
            do
                i = (size_t)bench_uniform(&seed, 0, (int64_t)n - 1);
            while (used[i]);
            used[i] = true;
            ref[k] = i;
        }
        for (size_t k = 0; k < len; k++)
            used[ref[k]] = false;
        /* requirements of 4 (reaction) and 5 (age) times the chain's largest period: some
         * chains pass, some do not */
        int64_t tmax = 0;
        for (size_t k = 0; k < len; k++)
            if (tasks[ref[k]].period_ns > tmax)
                tmax = tasks[ref[k]].period_ns;
        chains[c] = (rt_chain){ .communication = c % 2 ? RT_COMM_LET : RT_COMM_IMPLICIT,
                                .has_max_reaction = true, .max_reaction_ns = 4 * tmax,
                                .has_max_age = true, .max_age_ns = 5 * tmax, .tasks = ref,
                                .n_tasks = len };
    }
    uint64_t jobchains = 0;
    size_t passes = 0;
    for (int r = 0; r < runs; r++) {
        double t0 = bench_now_ms();
        for (size_t c = 0; c < n_chains; c++)
            chain_analyse(&chains[c], tasks, NULL, &res[c]);
        ms[r] = bench_now_ms() - t0;
        jobchains = 0;
        passes = 0;
        for (size_t c = 0; c < n_chains; c++) {
            jobchains += res[c].let_jobchains;
            passes += res[c].passes;
        }
    }
    qsort(ms, (size_t)runs, sizeof *ms, bench_cmp_double);
    printf("%zu chains of %zu tasks (half implicit, half let) over %zu tasks: best %.3f ms, "
           "median %.3f ms (%d runs), %llu let job chains, %zu chains pass\n", n_chains, len, n,
           ms[0], ms[(runs - 1) / 2], runs, (unsigned long long)jobchains, passes);
    rc = 0;
done:
    free(ms);
    free(res);
    free(used);
    free(refs);
    free(chains);
    free(tasks);
    return rc;
}
