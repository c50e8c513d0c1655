/* fixture_search: hand-built and random instances of the partition search, the checks of its
 * results and the brute-force enumeration of every layout that the search tests compare with
 * (test_minsms.c, test_local.c, test_judge.c, test_bounds.c, test_pattern.c, test_slack.c). */
#ifndef RT_FIXTURE_SEARCH_H
#define RT_FIXTURE_SEARCH_H

#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/wcet.h"
#include "models/model.h"
#include "search/assign.h"
#include "search/bounds.h"
#include "search/judge.h"
#include "search/pattern.h"
#include "search/pattern_pool.h"

/* ---- hand-built inputs ---------------------------------------------------------------- */

typedef struct kdef {
    const char *name;
    double cycles, bw_gbps, kai;  /* Ck(N), BWiso(k,N), KAI */
    size_t n_meas;
    int64_t meas_sms[32];
    double meas_cycles[32];
} kdef;

typedef struct tdef {
    const char *name;
    int64_t period_ns, deadline_ns, prio; /* prio < 0: none */
    size_t n_runs;
    size_t runs[3];
} tdef;

typedef struct fixture {
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
} fixture;

/* GPU with N SMs, granularity g, banks L2 banks; the paper's bandwidths, alpha 100. */
static inline rt_gpu *gpu_make(int64_t N, int64_t g, int64_t banks, double clock_mhz)
{
    rt_gpu *gpu = calloc(1, sizeof *gpu);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu);
    gpu->name = strdup("test-gpu");
    gpu->path = strdup("test-gpu.xml");
    gpu->sms = N;
    gpu->granularity = g;
    gpu->l2_banks = banks;
    gpu->bw_nominal_gbps = 348;
    gpu->bw_effective_gbps = 330;
    gpu->clock_mhz = clock_mhz;
    gpu->alpha = 100;
    return gpu;
}

static inline rt_taskset *ts_make(const kdef *k, size_t nk, const tdef *t, size_t nt)
{
    rt_taskset *ts = calloc(1, sizeof *ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    ts->name = strdup("test");
    ts->path = strdup("test.xml");
    ts->n_kernels = nk;
    ts->kernels = calloc(nk ? nk : 1, sizeof *ts->kernels);
    ts->n_tasks = nt;
    ts->tasks = calloc(nt ? nt : 1, sizeof *ts->tasks);
    for (size_t i = 0; i < nk; i++) {
        rt_kernel *kk = &ts->kernels[i];
        kk->name = strdup(k[i].name);
        kk->has_cycles = true;
        kk->cycles = k[i].cycles;
        kk->bw_gbps = k[i].bw_gbps;
        kk->has_kai = true;
        kk->kai = k[i].kai;
        kk->n_measured = k[i].n_meas;
        kk->measured = calloc(k[i].n_meas ? k[i].n_meas : 1, sizeof *kk->measured);
        for (size_t j = 0; j < k[i].n_meas; j++)
            kk->measured[j] = (rt_measured){ .sms = k[i].meas_sms[j], .has_cycles = true, .has_bw = true,
                                             .cycles = k[i].meas_cycles[j],
                                             .bw_gbps = k[i].bw_gbps };
    }
    for (size_t i = 0; i < nt; i++) {
        rt_task *tk = &ts->tasks[i];
        tk->name = strdup(t[i].name);
        tk->period_ns = t[i].period_ns;
        tk->deadline_ns = t[i].deadline_ns;
        tk->has_priority = t[i].prio >= 0;
        tk->priority = t[i].prio;
        tk->n_runs = t[i].n_runs;
        tk->runs = calloc(t[i].n_runs, sizeof *tk->runs);
        tk->run_lines = calloc(t[i].n_runs, sizeof *tk->run_lines);
        memcpy(tk->runs, t[i].runs, t[i].n_runs * sizeof *tk->runs);
    }
    return ts;
}

static inline void fx_make(fixture *f, rt_gpu *gpu, const kdef *k, size_t nk, const tdef *t,
                           size_t nt)
{
    f->gpu = gpu;
    f->ts = ts_make(k, nk, t, nt);
    f->m = model_new(f->gpu, f->ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f->m);
}

static inline void fx_fini(fixture *f)
{
    model_free(f->m);
    rt_taskset_free(f->ts);
    rt_gpu_free(f->gpu);
}

/* Options with WCET in ns == cycles (margin 0, clock 1000 MHz given by the GPU) and the naive
 * interference model with factor 1: every kernel runs twice as long as soon as another
 * partition hosts kernels (worst-case windows), and at its isolated time otherwise. */
static inline rt_options opts_naive_double(void)
{
    rt_options o;
    rt_options_default(&o);
    o.margin = 0;
    o.interference = RT_INTF_NAIVE;
    o.naive_factor = 1.0;
    return o;
}

/* Kernel with measured cycles c1..c4 on 1..4 SMs of a 4-SM GPU (c4 is its profile). */
static inline kdef kernel4(const char *name, double c1, double c2, double c3, double c4)
{
    return (kdef){ .name = name, .cycles = c4, .bw_gbps = 10, .kai = 0, .n_meas = 3,
                   .meas_sms = {1, 2, 3}, .meas_cycles = {c1, c2, c3} };
}

/* A step of task tk (its steps array grown by one), zeroed but for its kind. */
static inline rt_step *fx_add_step(rt_task *tk, rt_step_kind kind)
{
    rt_step *s = realloc(tk->steps, (tk->n_steps + 1) * sizeof *s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    tk->steps = s;
    rt_step *st = &s[tk->n_steps++];
    memset(st, 0, sizeof *st);
    st->kind = kind;
    return st;
}

/* A CPU step of tk on core, with its WCET and BCET. */
static inline void fx_cpu_step(rt_task *tk, int64_t core, int64_t wcet, int64_t bcet)
{
    rt_step *st = fx_add_step(tk, RT_STEP_CPU);
    st->core = core;
    st->wcet_ns = wcet;
    st->bcet_ns = bcet;
}

/* ---- checks on a result ---------------------------------------------------------------- */

/* The returned layout is well formed (P0.., packed from SM 0, within the GPU, every task
 * placed), its sms_used is the sum of its sizes, and it passes the full analysis again. */
static inline void check_layout(const fixture *f, const rt_options *o, const assign_result *r)
{
    const rt_layout *l = r->layout;
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    int64_t first = 0;
    for (size_t p = 0; p < l->n_parts; p++) {
        char name[32];
        snprintf(name, sizeof name, "P%zu", p);
        CU_ASSERT_STRING_EQUAL(l->part_name[p], name);
        CU_ASSERT_EQUAL(l->part_first_sm[p], first);
        CU_ASSERT(l->part_sms[p] > 0 && l->part_sms[p] % f->gpu->granularity == 0);
        first += l->part_sms[p];
    }
    CU_ASSERT_EQUAL(first, r->sms_used);
    CU_ASSERT(first <= f->gpu->sms);
    CU_ASSERT_EQUAL(l->n_tasks, f->ts->n_tasks);
    for (size_t i = 0; i < l->n_tasks; i++)
        CU_ASSERT(l->task_part[i] < l->n_parts);
    rt_layout *copy = rt_layout_copy(l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    rt_eval ev;
    CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f->m, f->ts, copy, o, NULL, 0, &ev), EVAL_OK);
    CU_ASSERT_TRUE(ev.schedulable);
    rt_eval_fini(&ev);
    rt_layout_free(copy);
}

static inline int run_search(const fixture *f, const rt_options *o, assign_result *r)
{
    rt_diags *d = rt_diag_new(16);
    int rc = assign_search(f->m, f->ts, o, r, d);
    if (rc != ASSIGN_OK)
        rt_diag_print(d, stderr);
    rt_diag_free(d);
    return rc;
}

/* A layout a search stage returned (l, in units of the judge j) analysed once more, with
 * rt_eval_layout rather than the judge the stage used: whether it is schedulable. */
static inline bool fx_jl_passes(const fixture *f, const rt_options *o, const judge *j,
                                const jlayout *l)
{
    rt_layout *rl = judge_layout(j, l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rl);
    rt_eval ev;
    CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f->m, f->ts, rl, o, NULL, 0, &ev), EVAL_OK);
    bool pass = ev.schedulable;
    rt_eval_fini(&ev);
    rt_layout_free(rl);
    return pass;
}

/* The layout of a brute force's candidate: task i in partition block[i], partition p of
 * sizes[p] SMs, packed from SM 0 in partition order, no priorities (the options' policy). */
static inline rt_layout *fx_blocks_layout(const size_t *block, size_t T, const int64_t *sizes,
                                          size_t n_blocks)
{
    rt_layout *l = rt_layout_new(n_blocks, T);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    int64_t first = 0;
    for (size_t p = 0; p < n_blocks; p++) {
        l->part_sms[p] = sizes[p];
        l->part_first_sm[p] = first;
        first += sizes[p];
    }
    for (size_t i = 0; i < T; i++)
        l->task_part[i] = block[i];
    return l;
}

/* ---- brute force --------------------------------------------------------------------------- */

typedef struct brute {
    const fixture *f;
    const rt_options *o;
    size_t *block;      /* restricted growth string: block of each task */
    size_t n_blocks;
    int64_t *sizes;     /* size of each block */
    int64_t best;       /* fewest SMs of a schedulable layout so far, -1 none */
    long evals;
    bool all;           /* visit every layout (not only those below the best) */
    lbt *b;             /* the search's necessary group test, checked on every layout that passes */
    size_t *grp;
    unsigned char *out;
    long group_checks, group_fails;
} brute;

static inline bool brute_schedulable(brute *b)
{
    size_t T = b->f->ts->n_tasks;
    rt_layout *l = fx_blocks_layout(b->block, T, b->sizes, b->n_blocks);
    rt_eval ev;
    int rc = rt_eval_layout(b->f->m, b->f->ts, l, b->o, NULL, 0, &ev);
    CU_ASSERT(rc == EVAL_OK || rc == EVAL_ERANGE);
    bool ok = rc == EVAL_OK && ev.schedulable;
    /* the brute force is the reference: every analysis it runs must be decided */
    CU_ASSERT(rc != EVAL_OK || ev.decided);
    if (rc == EVAL_OK)
        rt_eval_fini(&ev);
    /* Property (docs/assignment.md sec. 2): every partition of a schedulable layout passes the
     * necessary group test with the other tasks outside; otherwise the pattern master and the
     * local search's sizes would cut off a schedulable layout. */
    for (size_t p = 0; ok && b->b && p < b->n_blocks; p++) {
        size_t k = 0;
        for (size_t i = 0; i < T; i++) {
            b->out[i] = b->block[i] != p;
            if (b->block[i] == p)
                b->grp[k++] = i;
        }
        int r = bounds_group_pass(b->b, b->grp, k, (size_t)(b->sizes[p] / b->f->gpu->granularity - 1),
                               b->out);
        b->group_checks++;
        b->group_fails += r != 1;
    }
    rt_layout_free(l);
    b->evals++;
    return ok;
}

/* Every size vector for the blocks with a total below the best so far. */
static inline void brute_sizes(brute *b, size_t p, int64_t used)
{
    int64_t g = b->f->gpu->granularity, N = b->f->gpu->sms;
    if (p == b->n_blocks) {
        if ((b->all || b->best < 0 || used < b->best) && brute_schedulable(b) &&
            (b->best < 0 || used < b->best))
            b->best = used;
        return;
    }
    for (int64_t n = g; used + n <= N; n += g) {
        if (!b->all && b->best >= 0 && used + n >= b->best)
            break;
        b->sizes[p] = n;
        brute_sizes(b, p + 1, used + n);
    }
}

/* Every set partition of the tasks (restricted growth strings). */
static inline void brute_partitions(brute *b, size_t i, size_t n_blocks)
{
    if (i == b->f->ts->n_tasks) {
        b->n_blocks = n_blocks;
        brute_sizes(b, 0, 0);
        return;
    }
    for (size_t k = 0; k <= n_blocks; k++) {
        b->block[i] = k;
        brute_partitions(b, i + 1, k == n_blocks ? n_blocks + 1 : n_blocks);
    }
}

/* Fewest SMs over every layout that passes the full analysis, -1 if none. With all, every
 * layout is analysed and each schedulable one has its partitions checked against the group
 * test of bounds.h (*checks and *fails count them). */
static inline int64_t brute_min_sms_ex(const fixture *f, const rt_options *o, bool all,
                                       long *checks, long *fails)
{
    size_t T = f->ts->n_tasks;
    brute b = { .f = f, .o = o, .best = -1, .all = all };
    b.block = calloc(T, sizeof *b.block);
    b.sizes = calloc(T, sizeof *b.sizes);
    b.grp = calloc(T, sizeof *b.grp);
    b.out = calloc(T, 1);
    if (all)
        CU_ASSERT_PTR_NOT_NULL_FATAL(b.b = bounds_new(f->m, f->ts, o));
    brute_partitions(&b, 0, 0);
    bounds_free(b.b);
    free(b.block);
    free(b.sizes);
    free(b.grp);
    free(b.out);
    if (checks)
        *checks += b.group_checks;
    if (fails)
        *fails += b.group_fails;
    return b.best;
}

static inline int64_t brute_min_sms(const fixture *f, const rt_options *o)
{
    return brute_min_sms_ex(f, o, false, NULL, NULL);
}

static inline uint64_t lcg_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

/* Memory-bound, hybrid and compute kernels (their Ubw = 0.86, 0.72, 0.29, 0.03 on the paper's
 * 348 GB/s): on a small GPU the memory-bound ones slow each other down across partitions. */
static const kdef rand_kernels[4] = {
    {.name = "MEM1", .cycles = 20000, .bw_gbps = 300, .kai = 0.05},
    {.name = "MEM2", .cycles = 30000, .bw_gbps = 250, .kai = 0.1},
    {.name = "HYB", .cycles = 25000, .bw_gbps = 100, .kai = 0.5},
    {.name = "CMP", .cycles = 40000, .bw_gbps = 10, .kai = 2},
};

/* A random instance: nt tasks of one or two kernels, periods 1.5..6 times the isolated WCET on
 * the whole GPU, deadlines = period or 0.8 period, priorities given on every task or none. */
static inline void rand_instance(fixture *f, rt_gpu *gpu, size_t nt, uint64_t seed,
                                 const rt_options *o)
{
    static const char *names[6] = {"a", "b", "c", "d", "e", "f"};
    tdef t[6];
    memset(t, 0, sizeof t);
    uint64_t s = seed;
    bool prio = lcg_next(&s) % 2;
    for (size_t i = 0; i < nt; i++) {
        size_t nr = 1 + lcg_next(&s) % 2;
        int64_t pr = prio ? (int64_t)(lcg_next(&s) % 4) : -1;
        size_t k0 = lcg_next(&s) % 4;
        size_t k1 = lcg_next(&s) % 4;
        t[i] = (tdef){names[i], 1, 1, pr, nr, {k0, k1}};
    }
    fx_make(f, gpu, rand_kernels, 4, t, nt);
    for (size_t i = 0; i < nt; i++) {
        int64_t w = 0;
        CU_ASSERT_FATAL(wcet_isolated_task_ns(f->m, f->ts, i, gpu->sms, o, &w));
        double factor = 3.0 + (double)(lcg_next(&s) % 1000) / 1000.0 * 15.0;
        rt_task *tk = &f->ts->tasks[i];
        tk->period_ns = (int64_t)((double)w * factor);
        tk->deadline_ns = lcg_next(&s) % 2 ? tk->period_ns : tk->period_ns * 8 / 10;
    }
}

/* Default options with the priority policy cycling by seed (given, dm, Audsley) and the masola
 * model below seed naive_from, naive from there. */
static inline void seeded_options(rt_options *o, uint64_t seed, uint64_t naive_from)
{
    static const rt_prio_mode prio[3] = {RT_PRIO_GIVEN, RT_PRIO_DM, RT_PRIO_AUDSLEY};
    rt_options_default(o);
    o->priorities = prio[seed % 3];
    o->interference = seed < naive_from ? RT_INTF_MASOLA : RT_INTF_NAIVE;
}

/* The pattern master's bound for stop units, then (the bound at most U) the pool for the
 * layouts of at most U units, as the search builds them but without an incumbent or a clock. */
static inline int bound_and_pool(lbt *b, int64_t stop, rt_diags *d, pattern_result *pr,
                                 pattern_pool *pool, int64_t U)
{
    pattern_master *m;
    int rc = pattern_master_run(b, NULL, 0, stop, d, pr, &m);
    if (rc == ASSIGN_OK && pr->lb_units <= U)
        rc = pattern_pool_build(m, NULL, U, 0, false, pool);
    pattern_master_free(m);
    return rc;
}

#endif
