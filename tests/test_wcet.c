/* Tests of analysis/wcet.c: ceil tolerance, per-launch and per-task WCETs in both window modes
 * and the three interference models, launch overhead, range errors, the isolated lower bound
 * and a 2000-task partition. Expected values are derived by hand in the comments. */
#include <CUnit/CUnit.h>
#include <math.h>

#include "analysis/wcet.h"
#include "fixture_model.h"

#define ASSERT_REL(actual, expected, rel) \
    CU_ASSERT_DOUBLE_EQUAL((actual), (expected), fabs((double)(expected)) * (rel))

/* ceil; only representation noise, at most min(1e-12 x, 0.001) ns above an integer, is that
 * integer (docs/model.md sec. 5, revision 2). */
static void test_wcet_ceil(void)
{
    int64_t ns = -1;
    /* revision 1 forgave 1e-9 x, rounding to nearest above 5e8 ns: 5e8 + 0.4 became 5e8 */
    CU_ASSERT(wcet_ceil_ns(500000000.4, &ns));
    CU_ASSERT_EQUAL(ns, 500000001);
    /* at 1e12 ns the tolerance is min(1, 0.001) = 0.001 ns: +0.0005 is noise, +0.002 is not */
    CU_ASSERT(wcet_ceil_ns(1e12 + 0.0005, &ns));
    CU_ASSERT_EQUAL(ns, INT64_C(1000000000000));
    CU_ASSERT(wcet_ceil_ns(1e12 + 0.002, &ns));
    CU_ASSERT_EQUAL(ns, INT64_C(1000000000001));
    /* at 1e6 ns the tolerance is 1e-6 ns: 2e-6 above rounds up */
    CU_ASSERT(wcet_ceil_ns(1000000.000002, &ns));
    CU_ASSERT_EQUAL(ns, 1000001);
    CU_ASSERT(wcet_ceil_ns(1000.0000000001, &ns));
    CU_ASSERT_EQUAL(ns, 1000);
    CU_ASSERT(wcet_ceil_ns(999.9999999999, &ns));
    CU_ASSERT_EQUAL(ns, 1000);
    CU_ASSERT(wcet_ceil_ns(1000.01, &ns));
    CU_ASSERT_EQUAL(ns, 1001);
    CU_ASSERT(wcet_ceil_ns(1000.000002, &ns));   /* 2e-6 > 1e-12 * 1000 */
    CU_ASSERT_EQUAL(ns, 1001);
    CU_ASSERT(wcet_ceil_ns(0.0, &ns));
    CU_ASSERT_EQUAL(ns, 0);
    CU_ASSERT(wcet_ceil_ns(0.5, &ns));
    CU_ASSERT_EQUAL(ns, 1);
    CU_ASSERT(wcet_ceil_ns(1e-12, &ns));
    CU_ASSERT_EQUAL(ns, 1);
    /* 1.2 * 200 is 240.00000000000003 or 239.99999999999997 in binary: both are 240 */
    CU_ASSERT(wcet_ceil_ns(1.2 * 200.0, &ns));
    CU_ASSERT_EQUAL(ns, 240);
    CU_ASSERT(wcet_ceil_ns(4611686018427387904.0, &ns));   /* 2^62 */
    CU_ASSERT_EQUAL(ns, INT64_C(4611686018427387904));
    CU_ASSERT(!wcet_ceil_ns(5e18, &ns));
    CU_ASSERT(!wcet_ceil_ns(NAN, &ns));
    CU_ASSERT(!wcet_ceil_ns(INFINITY, &ns));
    CU_ASSERT(!wcet_ceil_ns(-1.0, &ns));
}

/* Experiment 7, both window modes: B(w) <= 224.14 < BWmax * Sp = 278.4 in every window (the sum
 * of Table 3's six bandwidths, 30.04 + 45.39 + 8.84 + 0.04 + 46.96 + 92.87 = 224.14; the paper
 * prints 224.16), so I = 1, Pi = 1, M = 1 and Tc = C(k,5). WCET = ceil(1.2 * C * 1000 / 1365):
 *   PF 2782648 -> 2446283.96 -> 2446284;  MVT 23576384 -> 20726491.43 -> 20726492;
 *   RAYTRACE 21753828 -> 19124244.40 -> 19124245;  DXTC 26909750 -> 23656923.08 -> 23656924;
 *   CONV 8968909 -> 7884755.16 -> 7884756;  COPY 1111995 -> 977578.02 -> 977579. */
static void test_wcet_exp7(void)
{
    static const int64_t want[6] = { 2446284, 20726492, 19124245, 23656924, 7884756, 977579 };
    static const size_t copy_w0[6] = { 5, 0, 1, 2, 3, 4 };
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_exp7();
    rt_layout *l = fx_exp7_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    rt_options o;
    rt_options_default(&o);
    for (int mode = 0; mode < 2; mode++) {
        o.windows = mode ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE;
        wcet_result r;
        CU_ASSERT_EQUAL_FATAL(wcet_compute(m, ts, l, &o, NULL, &r), WCET_OK);
        CU_ASSERT_EQUAL_FATAL(r.n_tasks, 6);
        for (size_t t = 0; t < 6; t++) {
            const wcet_launch *la = &r.tasks[t].launches[0];
            CU_ASSERT_EQUAL(r.tasks[t].n_launches, 1);
            CU_ASSERT_EQUAL(la->kernel, t);
            CU_ASSERT_EQUAL(la->sms, 5);
            CU_ASSERT_EQUAL(la->isolated_cycles, fx_exp7_cycles5[t]);
            ASSERT_REL(la->interference_cycles, fx_exp7_cycles5[t], 1e-12);
            ASSERT_REL(la->multiplier, 1.0, 1e-12);
            CU_ASSERT(la->exhaustive);
            CU_ASSERT_EQUAL(la->wcet_ns, want[t]);
            CU_ASSERT_EQUAL(r.tasks[t].wcet_ns, want[t]);
        }
        const wcet_launch *copy = &r.tasks[5].launches[0];
        if (mode) {
            /* COPY: one window [0, 1111995] with all six kernels, its own first */
            CU_ASSERT_EQUAL_FATAL(copy->n_windows, 1);
            CU_ASSERT_EQUAL_FATAL(copy->windows[0].n_kernels, 6);
            for (size_t i = 0; i < 6; i++) {
                CU_ASSERT_EQUAL(copy->windows[0].kernels[i], copy_w0[i]);
                CU_ASSERT_EQUAL(copy->windows[0].parts[i], copy_w0[i]);
            }
            ASSERT_REL(copy->windows[0].bw_gbps, 224.14, 1e-12);
            CU_ASSERT_EQUAL(r.tasks[3].launches[0].n_windows, 6);   /* DXTC */
            CU_ASSERT_EQUAL(r.tasks[3].launches[0].windows[5].n_kernels, 1);
            CU_ASSERT_EQUAL(r.tasks[3].launches[0].windows[5].start_cycles, 23576384.0);
        } else {
            /* worst case: all 32 combinations give M = 1, the first ("nothing") is kept */
            CU_ASSERT_EQUAL_FATAL(copy->n_windows, 1);
            CU_ASSERT_EQUAL(copy->windows[0].n_kernels, 1);
            CU_ASSERT_EQUAL(copy->windows[0].start_cycles, 0.0);
            CU_ASSERT_EQUAL(copy->windows[0].end_cycles, 1111995.0);
            ASSERT_REL(copy->windows[0].bw_gbps, 92.87, 1e-12);
        }
        wcet_result_fini(&r);
    }
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* The multi-launch set-up fx_multi_taskset of fixture_model.h (GPU at 1000 MHz: 1 cycle = 1 ns; margin 0.2):
 * K1..K4 (0..3), C on 10 SMs: K1 200 (50 GB/s), K2 300 (20), K3 100 (200); K4 on 20: 250 (200);
 * L2: 1000 each, K4 5000. A (10 SMs): t0 (prio 2) [K1, K2], t1 (prio 1) [K3], t3 (prio 2) [K3];
 * B (20 SMs): t2 [K4]. */
typedef struct multi_fixture {
    rt_gpu g;
    rt_taskset *ts;
    rt_layout *l;
    model *m;
} multi_fixture;

static int multi_open(multi_fixture *f)
{
    f->g = fx_gpu_1ghz();
    f->ts = fx_multi_taskset();
    f->l = fx_multi_layout();
    f->m = f->ts ? model_new(&f->g, f->ts) : NULL;
    return f->ts && f->l && f->m;
}

static void multi_close(multi_fixture *f)
{
    model_free(f->m);
    rt_layout_free(f->l);
    fx_ts_free(f->ts);
}

/* Synchronous timeline (test_windows.c): w0 [0,100] {K3 of t1, K4}; w1 [100,250] {K1, K4};
 * w2 [250,300] {K1}; w3 [300,600] {K2}; w4 [600,700] {K3 of t3}.
 * w0, size 100: B = 400 >= 330, I = 400/278.4 = 1.4367816.
 *   K3 (n 10, C 100): Povl 1, A = 1000; K4 (n 20, C 250): Povl 0.4, A = 2000.
 *   For K3: P_SM = 3/2 = 1.5, P_access = 1000/3000 = 1/3, P_BW = 200/174 = 1.1494253,
 *   Pbar = 0.5747126 < 1 -> Pi = MIN(1.1494253, 1.4367816); M = 1.4367816 * 1.1494253 = 1.6514731.
 *   For K4: P_SM = 0.75, P_access = 2000/3000 * 0.4 = 0.2666667, Pbar = 0.2298851 < 1 -> the
 *   same Pi, M = 1.6514731.
 * w1: B = 250 < 278.4 -> M = 1. w2: B = 50, w3: B = 20, w4: B = 200 -> M = 1.
 * Tc: t1's K3 = 100 * 1.6514731 = 165.14731 -> ceil(1.2 * 165.14731) = ceil(198.17677) = 199;
 *   t2's K4 = 165.14731 + 150 = 315.14731 -> ceil(378.17677) = 379, multiplier 1.2605892;
 *   t0: K1 200 -> 240, K2 300 -> 360, C_0 = 600; t3's K3 alone: 100 -> 120. */
static void test_wcet_sync_multi(void)
{
    multi_fixture f;
    CU_ASSERT_FATAL(multi_open(&f));
    rt_options o;
    rt_options_default(&o);
    o.windows = RT_WINDOWS_SYNCHRONOUS;
    wcet_result r;
    CU_ASSERT_EQUAL_FATAL(wcet_compute(f.m, f.ts, f.l, &o, NULL, &r), WCET_OK);
    CU_ASSERT_EQUAL(r.tasks[0].launches[0].wcet_ns, 240);
    CU_ASSERT_EQUAL(r.tasks[0].launches[1].wcet_ns, 360);
    CU_ASSERT_EQUAL(r.tasks[0].wcet_ns, 600);
    CU_ASSERT_EQUAL(r.tasks[1].wcet_ns, 199);
    ASSERT_REL(r.tasks[1].launches[0].interference_cycles, 165.14731, 1e-7);
    CU_ASSERT_EQUAL(r.tasks[2].wcet_ns, 379);
    CU_ASSERT_EQUAL(r.tasks[3].wcet_ns, 120);
    const wcet_launch *k4 = &r.tasks[2].launches[0];
    ASSERT_REL(k4->interference_cycles, 315.14731, 1e-7);
    ASSERT_REL(k4->multiplier, 1.2605892, 1e-7);
    CU_ASSERT_EQUAL_FATAL(k4->n_windows, 2);
    CU_ASSERT_EQUAL(k4->windows[0].kernels[0], 3);
    CU_ASSERT_EQUAL(k4->windows[0].kernels[1], 2);
    CU_ASSERT_EQUAL(k4->windows[0].parts[0], 1);
    CU_ASSERT_EQUAL(k4->windows[0].parts[1], 0);
    ASSERT_REL(k4->windows[0].I, 1.4367816, 1e-7);
    ASSERT_REL(k4->windows[0].Pi, 1.1494253, 1e-7);
    ASSERT_REL(k4->windows[0].M, 1.6514731, 1e-7);
    CU_ASSERT_EQUAL(k4->windows[0].bw_gbps, 400.0);
    CU_ASSERT_EQUAL(k4->windows[1].start_cycles, 100.0);
    CU_ASSERT_EQUAL(k4->windows[1].end_cycles, 250.0);
    CU_ASSERT_EQUAL(k4->windows[1].kernels[1], 0);
    CU_ASSERT_EQUAL(k4->windows[1].M, 1.0);
    wcet_result_fini(&r);
    wcet_result_fini(&r);   /* idempotent on the zeroed struct */
    multi_close(&f);
}

/* Worst-case mode, same layout. K3 on A (size 100): nothing (B 200) M = 1; with K4: the w0
 * computation above, M = 1.6514731 -> 199 ns, for t1 and for t3 (same partition and kernel).
 * K1 on A (size 200): B 50 or 250 -> M = 1 -> 240. K2 (size 300): B 20 or 220 -> 360.
 * K4 on B (size 250): with K1 B = 250, with K2 220: M = 1; with K3: Povl(K4) = 1, A = 5000;
 * Povl(K3) = 2.5, A = 2500; P_SM = 0.75, P_access = 5000/7500 = 0.6666667, P_BW = 1.1494253,
 * Pbar = 0.5747126 < 1 -> Pi = 1.1494253, M = 1.6514731; Tc = 412.86828 -> ceil(495.44193) = 496. */
static void test_wcet_worst_multi(void)
{
    multi_fixture f;
    CU_ASSERT_FATAL(multi_open(&f));
    rt_options o;
    rt_options_default(&o);
    wcet_result r;
    CU_ASSERT_EQUAL_FATAL(wcet_compute(f.m, f.ts, f.l, &o, NULL, &r), WCET_OK);
    CU_ASSERT_EQUAL(r.tasks[0].wcet_ns, 600);
    CU_ASSERT_EQUAL(r.tasks[1].wcet_ns, 199);
    CU_ASSERT_EQUAL(r.tasks[3].wcet_ns, 199);
    CU_ASSERT_EQUAL(r.tasks[2].wcet_ns, 496);
    const wcet_launch *k4 = &r.tasks[2].launches[0];
    ASSERT_REL(k4->interference_cycles, 412.86828, 1e-7);
    ASSERT_REL(k4->multiplier, 1.6514731, 1e-7);
    CU_ASSERT(k4->exhaustive);
    CU_ASSERT_EQUAL_FATAL(k4->n_windows, 1);
    CU_ASSERT_EQUAL(k4->windows[0].end_cycles, 250.0);
    CU_ASSERT_EQUAL_FATAL(k4->windows[0].n_kernels, 2);
    CU_ASSERT_EQUAL(k4->windows[0].kernels[1], 2);
    const wcet_launch *t3 = &r.tasks[3].launches[0];
    CU_ASSERT_EQUAL_FATAL(t3->n_windows, 1);
    CU_ASSERT_EQUAL_FATAL(t3->windows[0].n_kernels, 2);
    CU_ASSERT_EQUAL(t3->windows[0].kernels[1], 3);
    /* the same (partition, kernel) as t1's launch: its window is shared, not copied (issue 17) */
    CU_ASSERT_PTR_EQUAL(t3->windows, r.tasks[1].launches[0].windows);
    CU_ASSERT(t3->windows_shared);
    CU_ASSERT_FALSE(r.tasks[1].launches[0].windows_shared);
    wcet_result_fini(&r);
    multi_close(&f);
}

/* Other models and knobs on the synchronous timeline.
 * naive (f = 0.73, windows with 2 kernels M = 1.73): t1's K3: w0 -> 173 -> ceil(207.6) = 208;
 *   t2's K4: 100 * 1.73 + 150 * 1.73 = 432.5 -> 519; t0's K1: 150 * 1.73 + 50 = 309.5 ->
 *   ceil(371.4) = 372, K2 300 -> 360: C_0 = 732; t3: 120.
 * none: Tc = C: t0 600, t1 120, t2 300, t3 120.
 * margin 0 and launch overhead 500 ns, masola: t0 = (200 + 500) + (300 + 500) = 1500;
 *   t1 = ceil(165.14731) + 500 = 666. */
static void test_wcet_models_and_knobs(void)
{
    multi_fixture f;
    CU_ASSERT_FATAL(multi_open(&f));
    rt_options o;
    rt_options_default(&o);
    o.windows = RT_WINDOWS_SYNCHRONOUS;
    o.interference = RT_INTF_NAIVE;
    wcet_result r;
    CU_ASSERT_EQUAL_FATAL(wcet_compute(f.m, f.ts, f.l, &o, NULL, &r), WCET_OK);
    CU_ASSERT_EQUAL(r.tasks[0].wcet_ns, 732);
    CU_ASSERT_EQUAL(r.tasks[1].wcet_ns, 208);
    CU_ASSERT_EQUAL(r.tasks[2].wcet_ns, 519);
    CU_ASSERT_EQUAL(r.tasks[3].wcet_ns, 120);
    CU_ASSERT_EQUAL(r.tasks[2].launches[0].windows[0].I, 1.0);
    CU_ASSERT_EQUAL(r.tasks[2].launches[0].windows[0].Pi, 1.0);
    ASSERT_REL(r.tasks[2].launches[0].windows[0].M, 1.73, 1e-12);
    wcet_result_fini(&r);
    o.interference = RT_INTF_NONE;
    CU_ASSERT_EQUAL_FATAL(wcet_compute(f.m, f.ts, f.l, &o, NULL, &r), WCET_OK);
    CU_ASSERT_EQUAL(r.tasks[0].wcet_ns, 600);
    CU_ASSERT_EQUAL(r.tasks[1].wcet_ns, 120);
    CU_ASSERT_EQUAL(r.tasks[2].wcet_ns, 300);
    wcet_result_fini(&r);
    o.interference = RT_INTF_MASOLA;
    o.margin = 0.0;
    f.g.launch_overhead_ns = 500;
    CU_ASSERT_EQUAL_FATAL(wcet_compute(f.m, f.ts, f.l, &o, NULL, &r), WCET_OK);
    CU_ASSERT_EQUAL(r.tasks[0].launches[0].wcet_ns, 700);
    CU_ASSERT_EQUAL(r.tasks[0].wcet_ns, 1500);
    CU_ASSERT_EQUAL(r.tasks[1].wcet_ns, 666);
    wcet_result_fini(&r);
    multi_close(&f);
}

/* Isolated lower bound (M = 1, margin 0.2): t0 on 10 SMs: 240 + 360 = 600; t2 on 20: 300.
 * n = 31 is not a partition size of a 30-SM GPU; task 9 does not exist. */
static void test_wcet_isolated(void)
{
    multi_fixture f;
    CU_ASSERT_FATAL(multi_open(&f));
    rt_options o;
    rt_options_default(&o);
    int64_t ns = 0;
    CU_ASSERT(wcet_isolated_task_ns(f.m, f.ts, 0, 10, &o, &ns));
    CU_ASSERT_EQUAL(ns, 600);
    CU_ASSERT(wcet_isolated_task_ns(f.m, f.ts, 2, 20, &o, &ns));
    CU_ASSERT_EQUAL(ns, 300);
    CU_ASSERT(!wcet_isolated_task_ns(f.m, f.ts, 0, 31, &o, &ns));
    CU_ASSERT(!wcet_isolated_task_ns(f.m, f.ts, 9, 10, &o, &ns));
    multi_close(&f);
}

/* Range: one launch of 1e19 cycles at 1000 MHz and margin 0 is 1e19 ns > 2^62 = 4.61e18;
 * two launches of 3e18 ns each fit, but their sum 6e18 does not. On error out is zeroed. */
static void test_wcet_range(void)
{
    static const size_t runs[2] = { 0, 0 };
    rt_gpu g = fx_gpu_1ghz();
    rt_taskset *ts = fx_ts_new(1, 1);
    CU_ASSERT_FATAL(ts != NULL);
    fx_kernel(ts, 0, 1e19, 100, 0.1);
    CU_ASSERT_FATAL(fx_task(ts, 0, 1, runs, 1));
    static const int64_t sms[1] = { 30 };
    static const size_t part[1] = { 0 };
    static const int64_t prio[1] = { 1 };
    rt_layout *l = fx_layout(1, sms, 1, part, prio);
    model *m = model_new(&g, ts);
    CU_ASSERT_FATAL(l && m);
    rt_options o;
    rt_options_default(&o);
    o.margin = 0.0;
    wcet_result r;
    CU_ASSERT_EQUAL(wcet_compute(m, ts, l, &o, NULL, &r), WCET_ERANGE);
    CU_ASSERT_PTR_NULL(r.tasks);
    CU_ASSERT_EQUAL(r.n_tasks, 0);
    model_free(m);
    fx_ts_free(ts);
    ts = fx_ts_new(1, 1);
    CU_ASSERT_FATAL(ts != NULL);
    fx_kernel(ts, 0, 3e18, 100, 0.1);
    CU_ASSERT_FATAL(fx_task(ts, 0, 1, runs, 2));
    m = model_new(&g, ts);
    CU_ASSERT_FATAL(m != NULL);
    for (int mode = 0; mode < 2; mode++) {
        o.windows = mode ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE;
        CU_ASSERT_EQUAL(wcet_compute(m, ts, l, &o, NULL, &r), WCET_ERANGE);
        CU_ASSERT_PTR_NULL(r.tasks);
    }
    int64_t ns;
    CU_ASSERT(!wcet_isolated_task_ns(m, ts, 0, 30, &o, &ns));
    l->task_part[0] = 3;   /* invalid layout */
    CU_ASSERT_EQUAL(wcet_compute(m, ts, l, &o, NULL, &r), WCET_ERANGE);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* 2000 tasks on one 30-SM partition, task i running kernel i % 4 (Ck(N) = 1000 * (k + 1)
 * cycles at 1000 MHz, 100 GB/s): no other partition, B = 100 < 278.4, M = 1 in both modes.
 * WCET of task i = ceil(1.2 * 1000 (k + 1)) = 1200 (k + 1). Synchronous: 2000 back-to-back
 * launches, each alone in its own window. */
static void test_wcet_one_big_partition(void)
{
    enum { T = 2000 };
    rt_gpu g = fx_gpu_1ghz();
    rt_taskset *ts = fx_ts_new(4, T);
    CU_ASSERT_FATAL(ts != NULL);
    for (size_t k = 0; k < 4; k++)
        fx_kernel(ts, k, 1000.0 * (double)(k + 1), 100, 0.1);
    static int64_t sms[1] = { 30 }, prio[T];
    static size_t part[T];
    for (size_t t = 0; t < T; t++) {
        size_t k = t % 4;
        prio[t] = (int64_t)(T - t);
        CU_ASSERT_FATAL(fx_task(ts, t, prio[t], &k, 1));
    }
    rt_layout *l = fx_layout(1, sms, T, part, prio);
    model *m = model_new(&g, ts);
    CU_ASSERT_FATAL(l && m);
    rt_options o;
    rt_options_default(&o);
    for (int mode = 0; mode < 2; mode++) {
        o.windows = mode ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE;
        wcet_result r;
        CU_ASSERT_EQUAL_FATAL(wcet_compute(m, ts, l, &o, NULL, &r), WCET_OK);
        int bad = 0;
        for (size_t t = 0; t < T; t++)
            bad += r.tasks[t].wcet_ns != 1200 * (int64_t)(t % 4 + 1) ||
                   r.tasks[t].launches[0].n_windows != 1 ||
                   r.tasks[t].launches[0].windows[0].n_kernels != 1;
        CU_ASSERT_EQUAL(bad, 0);
        if (mode) {
            /* lowest priority = task 0 (prio 2000) runs last: it starts after the other 1999
             * launches: 500 cycles of each of kernels 0..3 for tasks 1..1999: tasks 1..1999 hold
             * kernel k for 500, 500, 500, 499 tasks (k = 1, 2, 3, 0): 1000*(2+3+4)*500 +
             * 1000*1*499 = 4500000 + 499000 = 4999000. */
            CU_ASSERT_EQUAL(r.tasks[0].launches[0].windows[0].start_cycles, 4999000.0);
        }
        wcet_result_fini(&r);
    }
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

void test_wcet_register(void);
void test_wcet_register(void)
{
    CU_pSuite s = CU_add_suite("wcet", NULL, NULL);
    CU_add_test(s, "ceil, representation noise only", test_wcet_ceil);
    CU_add_test(s, "experiment 7, both window modes", test_wcet_exp7);
    CU_add_test(s, "synchronous multi-launch partition", test_wcet_sync_multi);
    CU_add_test(s, "worst-case multi-launch partition", test_wcet_worst_multi);
    CU_add_test(s, "naive, none, margin, launch overhead", test_wcet_models_and_knobs);
    CU_add_test(s, "isolated lower bound", test_wcet_isolated);
    CU_add_test(s, "range errors", test_wcet_range);
    CU_add_test(s, "2000 tasks in one partition", test_wcet_one_big_partition);
}
