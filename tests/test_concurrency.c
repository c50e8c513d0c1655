/* Tests for analysis/concurrency: the block-level models applied to the bundled examples and to
 * small cases (scopes per partition, the whole GPU without a layout, skipped models, line 2 of
 * Algorithm 1, the spread variant). Expected values are worked by hand in docs/concurrency.md
 * sec. 6 and in the example files' header comments. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "analysis/concurrency.h"
#include "fixture_model.h"
#include "analysis/layout.h"
#include "models/model.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"

typedef struct loaded {
    rt_diags *d;
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
    rt_layout *l;
} loaded;

static int load(loaded *x, const char *ts_path, const char *gpu_path, bool layout)
{
    memset(x, 0, sizeof *x);
    x->d = rt_diag_new(20);
    x->gpu = rt_gpu_load(gpu_path, x->d);
    x->ts = rt_taskset_load(ts_path, x->d);
    if (!x->gpu || !x->ts)
        return -1;
    x->m = model_new(x->gpu, x->ts);
    x->l = layout ? rt_layout_from_taskset(x->ts) : NULL;
    return x->m && (!layout || x->l) ? 0 : -1;
}

static void unload(loaded *x)
{
    rt_layout_free(x->l);
    model_free(x->m);
    rt_taskset_free(x->ts);
    rt_gpu_free(x->gpu);
    rt_diag_free(x->d);
}

static const conc_pair *find_pair(const loaded *x, const rt_concurrency *c, const char *a,
                                  const char *b)
{
    long ka = rt_taskset_find_kernel(x->ts, a), kb = rt_taskset_find_kernel(x->ts, b);
    for (size_t i = 0; i < c->n_pairs; i++)
        if ((long)c->pairs[i].first == ka && (long)c->pairs[i].second == kb)
            return &c->pairs[i];
    return NULL;
}

/* cruz-table3: 12 kernels in one partition of 15 SMs -> 12 * 11 = 132 ordered pairs. */
static void test_cruz_table3(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "examples/tasksets/cruz-table3.xml",
                               "examples/gpus/tesla-k40.xml", true), 0);
    rt_concurrency *c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(c->has_sm && c->plain_arithmetic);
    CU_ASSERT_EQUAL(c->n_pairs, 132);
    CU_ASSERT_EQUAL(c->n_notes, 1);
    CU_ASSERT_EQUAL(c->notes[0].n_kernels, 12);
    CU_ASSERT_EQUAL(c->notes[0].n_pairs, 132);
    CU_ASSERT_STRING_EQUAL(c->notes[0].partition, "GPU15");
    CU_ASSERT_EQUAL(c->n_skips, 0);
    const conc_pair *p = find_pair(&x, c, "S1", "S2");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->sms, 15);
    CU_ASSERT_EQUAL(p->r.kase, LO_CASE_A);
    CU_ASSERT_EQUAL(p->r.slowdown_num, 45);
    CU_ASSERT_EQUAL(p->r.slowdown_den, 4);
    /* ExecTime = C(S1, 15) * 1000 / 745 = 745000 cycles -> 1 ms (time="1ms" on all 15 SMs) */
    CU_ASSERT_DOUBLE_EQUAL(p->exec_time_cycles, 745000.0, 1e-6);
    CU_ASSERT_EQUAL(p->exec_time_ns, 1000000);
    p = find_pair(&x, c, "S9", "S10");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->r.slowdown_num, 4);
    CU_ASSERT_EQUAL(p->r.slowdown_den, 3);
    concurrency_free(c);
    unload(&x);
}

/* cruz-table5 with the spread variant: PFL -> kNN 43/32 (docs/concurrency.md sec. 3, C2, rejected
 * as the default); packed gives 40/32. Reverse orders keep their case (no placement is
 * evaluated). */
static void test_spread_variant(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "examples/tasksets/cruz-table5.xml",
                               "examples/gpus/tesla-k40.xml", true), 0);
    rt_concurrency *c = concurrency_new(x.m, x.ts, x.l, LO_SPREAD);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->distribution, LO_SPREAD);
    CU_ASSERT_EQUAL(c->n_pairs, 56);
    const conc_pair *p = find_pair(&x, c, "PFL", "kNN");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->r.capacity, 90);
    CU_ASSERT_EQUAL(p->r.slowdown_num, 43);
    CU_ASSERT_EQUAL(p->r.slowdown_den, 32);
    p = find_pair(&x, c, "SRAD", "PFL");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->r.kase, LO_CASE_B);
    concurrency_free(c);
    c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    p = find_pair(&x, c, "PFL", "kNN");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(p->r.slowdown_num, 40);
    concurrency_free(c);
    unload(&x);
}

/* Line 2 (C6): ExecTime_k1 = 1 ms; launch-overhead 1 ms gives C for every pair, 1 ms - 1 ns
 * gives case A for S1 -> S2 again. */
static void test_launch_overhead(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "examples/tasksets/cruz-table3.xml",
                               "examples/gpus/tesla-k40.xml", true), 0);
    x.gpu->launch_overhead_ns = 1000000;
    rt_concurrency *c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    for (size_t i = 0; i < c->n_pairs; i++) {
        CU_ASSERT_EQUAL(c->pairs[i].r.kase, LO_CASE_C);
        CU_ASSERT(!c->pairs[i].r.evaluated);
    }
    CU_ASSERT_EQUAL(c->notes[0].n_overlap, 0);
    concurrency_free(c);
    x.gpu->launch_overhead_ns = 999999;
    c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(find_pair(&x, c, "S1", "S2")->r.kase, LO_CASE_A);
    concurrency_free(c);
    unload(&x);
}

/* janzen-k20: speed-up and efficiency rows, and the mapping per partition. */
static void test_janzen(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "examples/tasksets/janzen-k20.xml",
                               "examples/gpus/tesla-k20.xml", true), 0);
    rt_concurrency *c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->anchor, 1);
    CU_ASSERT_EQUAL(c->n_sizes, 13);
    CU_ASSERT_DOUBLE_EQUAL(c->speedup[5], 5.0, 1e-12);       /* n = 6 */
    CU_ASSERT_DOUBLE_EQUAL(concurrency_efficiency(c, 0, 6, 7), 6.0 / 7.0, 1e-12); /* n = 7 */
    CU_ASSERT_DOUBLE_EQUAL(c->speedup[12], 8.0, 1e-12);      /* n = 13 */
    CU_ASSERT_EQUAL(c->n_pairs, 0);
    CU_ASSERT_EQUAL(c->n_notes, 2);
    CU_ASSERT_EQUAL(c->n_maps, 2);
    const conc_mapping *p0 = &c->maps[0], *p1 = &c->maps[1];
    CU_ASSERT_STRING_EQUAL(p0->partition, "P0");
    CU_ASSERT_EQUAL(p0->first_sm, 0);
    CU_ASSERT_EQUAL(p0->m.launched_blocks, 104);
    CU_ASSERT_EQUAL(p0->m.rounds, 21);
    CU_ASSERT_EQUAL(p1->first_sm, 6);
    CU_ASSERT_EQUAL(p1->m.rounds, 18);
    for (int64_t s = 0; s < 13; s++) {
        CU_ASSERT_EQUAL(p0->per_sm[s], s < 6 ? 8 : 0);
        CU_ASSERT_EQUAL(p1->per_sm[s], s < 6 ? 0 : 8);
    }
    concurrency_free(c);
    unload(&x);
}

/* No <sm>: the three block-level models are skipped for every kernel; speed-up still computed. */
static void test_no_sm(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "tests/data/cli/tiny.xml", "tests/data/cli/tiny-gpu.xml",
                               true), 0);
    rt_concurrency *c = concurrency_new(x.m, x.ts, x.l, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(!c->has_sm);
    CU_ASSERT_EQUAL(c->n_pairs, 0);
    CU_ASSERT_EQUAL(c->n_maps, 0);
    CU_ASSERT_EQUAL(c->n_skips, 3);
    CU_ASSERT_STRING_EQUAL(c->skips[0].model, "occupancy");
    CU_ASSERT_STRING_EQUAL(c->skips[1].model, "leftover");
    CU_ASSERT_STRING_EQUAL(c->skips[2].model, "mapping");
    CU_ASSERT_EQUAL(c->skips[0].kernel, -1);
    CU_ASSERT_DOUBLE_EQUAL(c->speedup[1], 2.0, 1e-12); /* eq. 4 rows: S(n) = n */
    concurrency_free(c);
    unload(&x);
}

/* A kernel without <launch> and no layout: K2 is skipped by name; the whole GPU is the scope. */
static void test_partial_no_layout(void)
{
    loaded x;
    CU_ASSERT_EQUAL_FATAL(load(&x, "tests/data/good/conc-partial.xml",
                               "examples/gpus/tesla-k40.xml", false), 0);
    rt_concurrency *c = concurrency_new(x.m, x.ts, NULL, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT(c->has_occ[0] && !c->has_occ[1]);
    CU_ASSERT_EQUAL(c->n_skips, 3);
    for (size_t i = 0; i < c->n_skips; i++)
        CU_ASSERT_EQUAL(c->skips[i].kernel, 1);
    CU_ASSERT_EQUAL(c->n_notes, 1);
    CU_ASSERT_PTR_NULL(c->notes[0].partition);
    CU_ASSERT_EQUAL(c->notes[0].sms, 15);
    CU_ASSERT_EQUAL(c->notes[0].n_kernels, 1);
    CU_ASSERT_EQUAL(c->n_pairs, 0);
    CU_ASSERT_EQUAL(c->n_maps, 1);
    CU_ASSERT_PTR_NULL(c->maps[0].partition);
    CU_ASSERT_EQUAL(c->maps[0].m.workers, 120);  /* 15 SMs * A = 8 */
    concurrency_free(c);
    unload(&x);
}

/* u kernels with a launch, all run by one task, on the whole GPU: ordered pairs u (u - 1). */
static void cap_case(size_t u, bool over, size_t pairs)
{
    rt_gpu gpu = fx_gpu_1ghz();
    gpu.has_sm_limits = true;
    gpu.sm = (rt_sm_limits){ .threads = 2048, .blocks = 16, .warps = 64, .registers = 65536,
                             .shared_memory = 49152, .warp_size = 32, .threads_per_block = 1024,
                             .registers_per_thread = 255, .registers_per_block = 65536,
                             .register_unit = 1, .warp_granularity = 1,
                             .shared_memory_per_block = 49152, .shared_memory_unit = 1 };
    rt_taskset *ts = fx_ts_new(u, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    size_t *runs = calloc(u, sizeof *runs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(runs);
    for (size_t k = 0; k < u; k++) {
        fx_kernel(ts, k, 1000.0, 1.0, 1.0);
        ts->kernels[k].has_launch = true;
        ts->kernels[k].launch = (rt_launch_cfg){ .grid = {10, 1, 1}, .block = {256, 1, 1},
                                                 .registers = 16, .shared_memory = 0 };
        runs[k] = k;
    }
    CU_ASSERT(fx_task(ts, 0, 1, runs, u));
    free(runs);
    model *m = model_new(&gpu, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_concurrency *c = concurrency_new(m, ts, NULL, LO_PACKED);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_EQUAL(c->notes[0].over_cap, over);
    CU_ASSERT_EQUAL(c->notes[0].n_kernels, u);
    CU_ASSERT_EQUAL(c->n_pairs, pairs);
    CU_ASSERT_EQUAL(c->n_maps, u);
    concurrency_free(c);
    model_free(m);
    fx_ts_free(ts);
}

/* CONC_MAX_PAIRS = 10000: 100 kernels give 9900 pairs (checked), 101 give 10100 (not). */
static void test_pair_cap(void)
{
    cap_case(100, false, 9900);
    cap_case(101, true, 0);
}

void test_concurrency_register(void);
void test_concurrency_register(void)
{
    CU_pSuite s = CU_add_suite("concurrency (block-level models per layout)", NULL, NULL);
    CU_add_test(s, "cruz-table3: 132 ordered pairs", test_cruz_table3);
    CU_add_test(s, "cruz-table5: spread variant", test_spread_variant);
    CU_add_test(s, "line 2: launch overhead", test_launch_overhead);
    CU_add_test(s, "janzen-k20: efficiency and mapping", test_janzen);
    CU_add_test(s, "no <sm>: skipped", test_no_sm);
    CU_add_test(s, "no <launch>, no layout", test_partial_no_layout);
    CU_add_test(s, "pair cap per partition", test_pair_cap);
}
