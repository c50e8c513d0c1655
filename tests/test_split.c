/* Tests for the split sweep (models/kmerge, explore/split; docs/concurrency.md sec. 9). Expected
 * values are the worked examples of docs/concurrency.md sec. 6 (X1-X3 in slots, the 4-SM example
 * with none and naive interference), worked by hand in the comments; the property tests compare the
 * closed forms with independent block-by-block simulations. */
#include <CUnit/CUnit.h>
#include <stdlib.h>

#include "explore/split.h"
#include "fixture_model.h"
#include "models/kmerge.h"
#include "models/model.h"

#define MS INT64_C(1000000)

/* The spec's slot GPU: <sm threads="1536" blocks="8" warps="48" registers="32768"
 * shared-memory="49152"/> with plain arithmetic. */
static rt_sm_limits fermi_sm(void)
{
    return (rt_sm_limits){ .threads = 1536, .blocks = 8, .warps = 48, .registers = 32768,
                           .shared_memory = 49152, .warp_size = 32, .threads_per_block = 1024,
                           .registers_per_thread = 255, .registers_per_block = 32768,
                           .register_unit = 1, .warp_granularity = 1,
                           .shared_memory_per_block = 49152, .shared_memory_unit = 1,
                           .shared_memory_reserved = 0 };
}

static rt_launch_cfg launch(int64_t grid, int64_t threads, int64_t regs, int64_t smem, int64_t d_ns)
{
    return (rt_launch_cfg){ .grid = { grid, 1, 1 }, .block = { threads, 1, 1 },
                            .registers = regs, .shared_memory = smem, .block_time_ns = d_ns };
}

/* A 7-SM GPU with the Fermi <sm>, and a task set of kernels A and B with these launches. */
static rt_gpu slot_gpu(void)
{
    rt_gpu g = fx_gpu_1ghz();
    g.sms = 7;
    g.l2_banks = 6;
    g.has_sm_limits = true;
    g.sm = fermi_sm();
    g.name = "fermi7";
    g.path = "fermi7.xml";
    return g;
}

static rt_taskset *slot_ts(rt_launch_cfg a, rt_launch_cfg b)
{
    rt_taskset *ts = fx_ts_new(2, 0);
    if (!ts)
        return NULL;
    ts->path = "pair.xml";
    ts->kernels[0].name = "A";
    ts->kernels[1].name = "B";
    ts->kernels[0].has_launch = ts->kernels[1].has_launch = true;
    ts->kernels[0].launch = a;
    ts->kernels[1].launch = b;
    return ts;
}

/* Merged launch of two 384-thread, 16-register kernels: A = 48 warps / 12 = 4; W = 7 * 4 = 28. */
static void test_merged(void)
{
    rt_sm_limits sm = fermi_sm();
    rt_launch_cfg a = launch(56, 384, 16, 0, MS), b = launch(28, 384, 16, 0, 4 * MS);
    occ_result m;
    CU_ASSERT_EQUAL_FATAL(kmerge_merged(&sm, &a, &b, &m), OCC_OK);
    CU_ASSERT_EQUAL(m.active_blocks, 4);
    CU_ASSERT(m.limiting & (1u << OCC_WARPS));
    /* the merged kernel takes the larger demand of each: 128 + 384 threads -> 384 (A = 4);
     * shared memory 0 and 20000 -> 20000: floor(49152 / 20000) = 2 blocks */
    rt_launch_cfg c = launch(10, 128, -1, 20000, MS);
    CU_ASSERT_EQUAL_FATAL(kmerge_merged(&sm, &a, &c, &m), OCC_OK);
    CU_ASSERT_EQUAL(m.d.threads, 384);
    CU_ASSERT_EQUAL(m.d.registers_per_thread, 16);
    CU_ASSERT_EQUAL(m.active_blocks, 2);
    CU_ASSERT(m.limiting & (1u << OCC_SHARED_MEMORY));
}

/* X1 [S]: a G = 56, d = 1 ms; b G = 28, d = 4 ms on W = 28: T_seq = 2*1 + 1*4 = 6 ms; b has 2
 * rounds on <= 27 slots so T(u) >= 8 ms; best u = 7 (ties 7..14), 8 ms, gain 0.75, sequential.
 * Work stealing: a ends 6 ms, b 8 ms. */
static void test_x1(void)
{
    rt_gpu g = slot_gpu();
    rt_taskset *ts = slot_ts(launch(56, 384, 16, 0, MS), launch(28, 384, 16, 0, 4 * MS));
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    rt_diags *d = rt_diag_new(10);
    split_opts o = { .unit = SPLIT_UNIT_SLOTS };
    split_result r;
    CU_ASSERT_EQUAL_FATAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL(r.units, 28);
    CU_ASSERT_EQUAL(r.n_rows, 27);   /* Fig. 6: 27 splits */
    CU_ASSERT_EQUAL(r.rows[r.best].a, 7);
    CU_ASSERT_EQUAL(r.rows[r.best].b, 21);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[r.best].time, 8.0 * MS, 0);
    for (int u = 7; u <= 14; u++)       /* the tie 7..14 */
        CU_ASSERT_DOUBLE_EQUAL(r.rows[u - 1].time, 8.0 * MS, 0);
    CU_ASSERT(r.rows[5].time > 8.0 * MS && r.rows[14].time > 8.0 * MS);
    /* u = 1: cdiv(56,1) = 56 ms; b on 27 slots: 2 rounds = 8 ms */
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time_a, 56.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time_b, 8.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.sequential, 6.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.sequential_a, 2.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.sequential_b, 4.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 0.75, 1e-15);
    CU_ASSERT_FALSE(r.concurrent);
    CU_ASSERT_TRUE(r.has_steal);
    CU_ASSERT_DOUBLE_EQUAL(r.steal_a, 6.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.steal_b, 8.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.steal, 8.0 * MS, 0);
    split_result_fini(&r);
    rt_diag_free(d);
    fx_ts_free(ts);
}

/* X2 [S]: a G = 20, d = 10 ms; b G = 36, d = 1 ms: T_seq = 10 + 2 = 12 ms; best u = 20 (ties
 * 20..24), 10 ms (a 10, b cdiv(36, 8) = 5), gain 1.2, concurrent. Work stealing: a 11, b 4. */
static void test_x2(void)
{
    rt_gpu g = slot_gpu();
    rt_taskset *ts = slot_ts(launch(20, 384, 16, 0, 10 * MS), launch(36, 384, 16, 0, MS));
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    rt_diags *d = rt_diag_new(10);
    split_opts o = { .unit = SPLIT_UNIT_SLOTS };
    split_result r;
    CU_ASSERT_EQUAL_FATAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL(r.rows[r.best].a, 20);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[r.best].time_a, 10.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[r.best].time_b, 5.0 * MS, 0);
    for (int u = 20; u <= 24; u++)
        CU_ASSERT_DOUBLE_EQUAL(r.rows[u - 1].time, 10.0 * MS, 0);
    CU_ASSERT(r.rows[18].time > 10.0 * MS && r.rows[24].time > 10.0 * MS);
    CU_ASSERT_DOUBLE_EQUAL(r.sequential, 12.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 1.2, 1e-15);
    CU_ASSERT_TRUE(r.concurrent);
    CU_ASSERT_DOUBLE_EQUAL(r.steal_a, 11.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.steal_b, 4.0 * MS, 0);
    CU_ASSERT_DOUBLE_EQUAL(r.steal, 11.0 * MS, 0);
    split_result_fini(&r);
    rt_diag_free(d);
    fx_ts_free(ts);
}

/* X3 [S]: N = 1, <sm threads="1024" blocks="4" warps="32" ...>, T = 32 -> A = 4 (blocks), W = 4;
 * a G = 3, d = 3; b G = 5, d = 1: T(1), T(2), T(3) = 9, 6, 5; T_seq = 3 + 2 = 5 -> best u = 3,
 * T = 5, sequential (a tie is not a win); work stealing 4 (a 4, b 4). Times in ns here. */
static void test_x3(void)
{
    rt_sm_limits sm = fermi_sm();
    sm.threads = 1024;
    sm.blocks = 4;
    sm.warps = 32;
    sm.registers = sm.registers_per_block = 65536;
    rt_launch_cfg la = launch(3, 32, 16, 0, 3), lb = launch(5, 32, 16, 0, 1);
    occ_result m;
    CU_ASSERT_EQUAL_FATAL(kmerge_merged(&sm, &la, &lb, &m), OCC_OK);
    CU_ASSERT_EQUAL(m.active_blocks, 4);
    km_kernel a = { .grid = 3, .block_time_ns = 3, .active_blocks = 4 };
    km_kernel b = { .grid = 5, .block_time_ns = 1, .active_blocks = 4 };
    km_row rows[3];
    size_t best;
    CU_ASSERT_EQUAL_FATAL(kmerge_sweep(&a, &b, 4, rows, &best), KM_OK);
    CU_ASSERT_EQUAL(rows[0].time_ns, 9);
    CU_ASSERT_EQUAL(rows[1].time_ns, 6);
    CU_ASSERT_EQUAL(rows[2].time_ns, 5);
    CU_ASSERT_EQUAL(best, 2);
    int64_t seq;
    CU_ASSERT_EQUAL(kmerge_sequential_ns(&a, &b, 1, &seq), KM_OK);
    CU_ASSERT_EQUAL(seq, 5);
    km_steal ws;
    CU_ASSERT_EQUAL(kmerge_work_stealing(&a, &b, 4, &ws), KM_OK);
    CU_ASSERT_EQUAL(ws.time_a_ns, 4);
    CU_ASSERT_EQUAL(ws.time_b_ns, 4);
    CU_ASSERT_EQUAL(ws.time_ns, 4);
    /* the same through the sweep: a tie with T_seq is not a win */
    rt_gpu g = slot_gpu();
    g.sms = 1;
    g.sm = sm;
    rt_taskset *ts = slot_ts(la, lb);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    rt_diags *d = rt_diag_new(10);
    split_result r;
    split_opts o = { .unit = SPLIT_UNIT_SLOTS };
    CU_ASSERT_EQUAL_FATAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL(r.rows[r.best].a, 3);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 1.0, 0);
    CU_ASSERT_FALSE(r.concurrent);
    split_result_fini(&r);
    /* --slots W overrides N * A: W = 2 leaves the single split 1 + 1 (T = max(9, 5) = 9) */
    o.slots = 2;
    CU_ASSERT_EQUAL_FATAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL(r.n_rows, 1);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time, 9.0, 0);
    CU_ASSERT_TRUE(r.slots_given);
    split_result_fini(&r);
    rt_diag_free(d);
    fx_ts_free(ts);
}

/* The sms example [S]: N = 4, g = 1, cycles for n = 1..4: a 400, 200, 150, 120; b 300, 160,
 * 120, 100; T_seq = 120 + 100 = 220. */
static model *sms_model(rt_gpu *g, rt_taskset **tsp)
{
    *g = fx_gpu_1ghz();
    g->sms = 4;
    g->l2_banks = 2;
    g->name = "four";
    g->path = "four.xml";
    rt_taskset *ts = fx_ts_new(2, 0);
    if (!ts)
        return NULL;
    ts->path = "pair.xml";
    ts->kernels[0].name = "a";
    ts->kernels[1].name = "b";
    fx_kernel(ts, 0, 120.0, 10.0, 1.0);
    fx_kernel(ts, 1, 100.0, 10.0, 1.0);
    static const double ca[] = { 400, 200, 150 }, cb[] = { 300, 160, 120 };
    for (int n = 1; n <= 3; n++)
        if (!fx_measured(ts, 0, n, ca[n - 1], -1.0) || !fx_measured(ts, 1, n, cb[n - 1], -1.0))
            return NULL;
    *tsp = ts;
    return model_new(g, ts);
}

/* --interference none: T(1), T(2), T(3) = max(400,120), max(200,160), max(150,300) = 400, 200,
 * 300 -> best u = 2, 200 cycles, gain 220/200 = 1.1, concurrent. */
static void test_sms_none(void)
{
    rt_gpu g;
    rt_taskset *ts = NULL;
    model *m = sms_model(&g, &ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_options opt;
    rt_options_default(&opt);
    opt.interference = RT_INTF_NONE;
    split_opts o = { .unit = SPLIT_UNIT_SMS, .opt = &opt };
    rt_diags *d = rt_diag_new(10);
    split_result r;
    CU_ASSERT_EQUAL_FATAL(split_run(m, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL_FATAL(r.n_rows, 3);
    CU_ASSERT_EQUAL(r.rows[0].a, 1);
    CU_ASSERT_EQUAL(r.rows[0].b, 3);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time, 400.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[1].time, 200.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[2].time, 300.0, 1e-9);
    CU_ASSERT_EQUAL(r.best, 1);
    CU_ASSERT_DOUBLE_EQUAL(r.sequential, 220.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 1.1, 1e-12);
    CU_ASSERT_TRUE(r.concurrent);
    split_result_fini(&r);
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* --interference naive (0.73): u = 1: a 120*1.73 + 280 = 487.6, b 120*1.73 = 207.6; u = 2:
 * a 160*1.73 + 40 = 316.8, b 276.8; u = 3: a 150*1.73 = 259.5, b 150*1.73 + 150 = 409.5 ->
 * best u = 2, 316.8 > 220, gain 220/316.8 = 0.6944, sequential. */
static void test_sms_naive(void)
{
    rt_gpu g;
    rt_taskset *ts = NULL;
    model *m = sms_model(&g, &ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_options opt;
    rt_options_default(&opt);
    opt.interference = RT_INTF_NAIVE;
    opt.windows = RT_WINDOWS_WORST_CASE;   /* the sweep uses synchronous windows whatever this says */
    split_opts o = { .unit = SPLIT_UNIT_SMS, .opt = &opt };
    rt_diags *d = rt_diag_new(10);
    split_result r;
    CU_ASSERT_EQUAL_FATAL(split_run(m, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL_FATAL(r.n_rows, 3);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time_a, 487.6, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time_b, 207.6, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[1].time_a, 316.8, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[1].time_b, 276.8, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[2].time_a, 259.5, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[2].time_b, 409.5, 1e-9);
    CU_ASSERT_EQUAL(r.best, 1);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 0.694444444444444, 1e-12);
    CU_ASSERT_FALSE(r.concurrent);
    split_result_fini(&r);
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* Granularity 2 on the same 4 SMs: u in {2}, v(2) = 2 floor(2/2) = 2, one split (floor(4/2) - 1);
 * with none, T = max(C(a,2), C(b,2)) = max(200, 160) = 200. On 2 SMs with g = 2 (N < 2g): no
 * split, an input error naming the GPU. */
static void test_sms_granularity(void)
{
    rt_gpu g;
    rt_taskset *ts = NULL;
    model *m = sms_model(&g, &ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    model_free(m);
    g.granularity = 2;
    m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_options opt;
    rt_options_default(&opt);
    opt.interference = RT_INTF_NONE;
    split_opts o = { .unit = SPLIT_UNIT_SMS, .opt = &opt };
    rt_diags *d = rt_diag_new(10);
    split_result r;
    CU_ASSERT_EQUAL_FATAL(split_run(m, ts, &g, 0, 1, &o, &r, d), SPLIT_OK);
    CU_ASSERT_EQUAL(r.n_rows, 1);
    CU_ASSERT_EQUAL(r.rows[0].a, 2);
    CU_ASSERT_EQUAL(r.rows[0].b, 2);
    CU_ASSERT_DOUBLE_EQUAL(r.rows[0].time, 200.0, 1e-9);
    split_result_fini(&r);
    model_free(m);
    g.sms = 2;
    m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(split_run(m, ts, &g, 0, 1, &o, &r, d), SPLIT_EINPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 0)->msg, "allow no split"));
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* No split: N < 2g (sms), a missing block-time, W < 2 (slots): SPLIT_EINPUT with a message. */
static void test_no_split(void)
{
    rt_gpu g = slot_gpu();
    rt_diags *d = rt_diag_new(10);
    split_result r;
    rt_taskset *ts = slot_ts(launch(20, 384, 16, 0, -1), launch(36, 384, 16, 0, MS));
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    split_opts o = { .unit = SPLIT_UNIT_SLOTS };
    CU_ASSERT_EQUAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_EINPUT);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 0)->msg, "block-time"));
    fx_ts_free(ts);
    /* N = 1 with W = 1: one block of 1024 threads per SM */
    g.sms = 1;
    ts = slot_ts(launch(2, 1024, 16, 0, MS), launch(2, 1024, 16, 0, MS));
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_EQUAL(split_run(NULL, ts, &g, 0, 1, &o, &r, d), SPLIT_EINPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 1)->msg, "allow no split"));
    fx_ts_free(ts);
    rt_diag_free(d);
}

/* ---- property tests ------------------------------------------------------------------ */

static uint64_t rng = 88172645463325252u;
static int64_t rnd(int64_t lo, int64_t hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

/* Kernel k's blocks dealt to u slots one block at a time, each slot running its blocks back to
 * back: the time the last slot finishes. Independent of the closed form cdiv(G, u) d. */
static int64_t deal(int64_t grid, int64_t d, int64_t u)
{
    int64_t *end = calloc((size_t)u, sizeof *end), last = 0;
    for (int64_t j = 0; j < grid; j++) {
        int64_t s = 0;
        for (int64_t i = 1; i < u; i++)   /* the slot that is free first */
            if (end[i] < end[s])
                s = i;
        end[s] += d;
        if (end[s] > last)
            last = end[s];
    }
    free(end);
    return last;
}

/* Work stealing by a linear scan over the slots and an explicit queue: independent of the heap. */
static void steal_naive(const km_kernel *a, const km_kernel *b, int64_t W, km_steal *out)
{
    int64_t n = a->grid + b->grid, *end = calloc((size_t)W, sizeof *end);
    char *q = malloc((size_t)n);
    int64_t k = 0;
    for (int64_t i = 0; i < (a->grid > b->grid ? a->grid : b->grid); i++) {
        if (i < a->grid)
            q[k++] = 'a';
        if (i < b->grid)
            q[k++] = 'b';
    }
    *out = (km_steal){ 0 };
    for (int64_t j = 0; j < n; j++) {
        int64_t s = 0;
        for (int64_t i = 1; i < W; i++)
            if (end[i] < end[s])
                s = i;
        end[s] += q[j] == 'a' ? a->block_time_ns : b->block_time_ns;
        int64_t *t = q[j] == 'a' ? &out->time_a_ns : &out->time_b_ns;
        if (end[s] > *t)
            *t = end[s];
    }
    out->time_ns = out->time_a_ns > out->time_b_ns ? out->time_a_ns : out->time_b_ns;
    free(end);
    free(q);
}

/* 300 random pairs: every row equals the block-by-block deal, the best row is the first minimum
 * found by enumeration, work stealing equals the naive simulation and lies between the
 * work-conserving lower bound ceil(total work / W) and the best fixed split. */
static void test_property_slots(void)
{
    for (int it = 0; it < 300; it++) {
        km_kernel a = { rnd(1, 60), rnd(1, 9), rnd(1, 4) }, b = { rnd(1, 60), rnd(1, 9), rnd(1, 4) };
        int64_t W = rnd(2, 20);
        km_row rows[19];
        size_t best;
        CU_ASSERT_EQUAL_FATAL(kmerge_sweep(&a, &b, W, rows, &best), KM_OK);
        size_t want = 0;
        for (int64_t u = 1; u < W; u++) {
            km_row *r = &rows[u - 1];
            int64_t ta = deal(a.grid, a.block_time_ns, u), tb = deal(b.grid, b.block_time_ns, W - u);
            CU_ASSERT_EQUAL(r->time_a_ns, ta);
            CU_ASSERT_EQUAL(r->time_b_ns, tb);
            CU_ASSERT_EQUAL(r->time_ns, ta > tb ? ta : tb);
            if (r->time_ns < rows[want].time_ns)
                want = (size_t)(u - 1);
        }
        CU_ASSERT_EQUAL(best, want);
        km_steal ws, ref;
        CU_ASSERT_EQUAL_FATAL(kmerge_work_stealing(&a, &b, W, &ws), KM_OK);
        steal_naive(&a, &b, W, &ref);
        CU_ASSERT_EQUAL(ws.time_a_ns, ref.time_a_ns);
        CU_ASSERT_EQUAL(ws.time_b_ns, ref.time_b_ns);
        CU_ASSERT_EQUAL(ws.time_ns, ref.time_ns);
        int64_t work = a.grid * a.block_time_ns + b.grid * b.block_time_ns;
        CU_ASSERT(ws.time_ns >= (work + W - 1) / W);
        CU_ASSERT(ws.time_ns <= work);
    }
}

/* With --interference none the sms sweep is max(C(a, u), C(b, N - u)) of the model's table. */
static void test_property_sms_none(void)
{
    rt_gpu g;
    rt_taskset *ts = NULL;
    model *m = sms_model(&g, &ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_options opt;
    rt_options_default(&opt);
    opt.interference = RT_INTF_NONE;
    split_opts o = { .unit = SPLIT_UNIT_SMS, .opt = &opt };
    rt_diags *d = rt_diag_new(10);
    split_result r;
    /* both orders of the pair, and a kernel with itself */
    size_t pairs[3][2] = { { 0, 1 }, { 1, 0 }, { 0, 0 } };
    for (int p = 0; p < 3; p++) {
        CU_ASSERT_EQUAL_FATAL(split_run(m, ts, &g, pairs[p][0], pairs[p][1], &o, &r, d), SPLIT_OK);
        for (size_t i = 0; i < r.n_rows; i++) {
            double ca = model_at(m, pairs[p][0], r.rows[i].a)->cycles;
            double cb = model_at(m, pairs[p][1], r.rows[i].b)->cycles;
            CU_ASSERT_DOUBLE_EQUAL(r.rows[i].time_a, ca, 1e-9);
            CU_ASSERT_DOUBLE_EQUAL(r.rows[i].time_b, cb, 1e-9);
            CU_ASSERT(r.rows[r.best].time <= r.rows[i].time);
        }
        split_result_fini(&r);
    }
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

void test_split_register(void);
void test_split_register(void)
{
    CU_pSuite s = CU_add_suite("split sweep (docs/concurrency.md sec. 9)", NULL, NULL);
    CU_add_test(s, "merged launch: W = 28 on the 7-SM GPU", test_merged);
    CU_add_test(s, "[S] X1: slot rounding makes concurrency lose", test_x1);
    CU_add_test(s, "[S] X2: concurrent, work stealing", test_x2);
    CU_add_test(s, "[S] X3: a tie with sequential is not a win; --slots", test_x3);
    CU_add_test(s, "[S] sms, --interference none", test_sms_none);
    CU_add_test(s, "[S] sms, --interference naive", test_sms_naive);
    CU_add_test(s, "[S] sms with partition-granularity 2", test_sms_granularity);
    CU_add_test(s, "no split possible, missing block-time", test_no_split);
    CU_add_test(s, "property: rows, best, work stealing vs simulation", test_property_slots);
    CU_add_test(s, "property: sms with none = max of the model's C", test_property_sms_none);
}
