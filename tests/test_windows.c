/* Tests of analysis/windows.c: the synchronous timeline (paper's experiment 7, a multi-launch
 * partition with priority ties) and the worst-case co-runner search (enumeration order, ties,
 * combination cap and heuristic). Expected windows are derived by hand in the comments. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

#include "analysis/windows.h"
#include "fixture_model.h"

#define ASSERT_REL(actual, expected, rel) \
    CU_ASSERT_DOUBLE_EQUAL((actual), (expected), fabs((double)(expected)) * (rel))

/* Experiment 7: all six kernels start at 0 on their own 5-SM partition, so the boundaries are
 * 0 and the sorted completion times C(k,5):
 *   COPY 1111995 < PF 2782648 < CONV 8968909 < RAYTRACE 21753828 < MVT 23576384 < DXTC 26909750
 * giving six windows whose running launches (launch i = kernel i, by partition index) are
 *   w0 [0, 1111995]          PF MVT RAYTRACE DXTC CONV COPY  = 0 1 2 3 4 5
 *   w1 [1111995, 2782648]    PF MVT RAYTRACE DXTC CONV       = 0 1 2 3 4
 *   w2 [2782648, 8968909]    MVT RAYTRACE DXTC CONV          = 1 2 3 4
 *   w3 [8968909, 21753828]   MVT RAYTRACE DXTC               = 1 2 3
 *   w4 [21753828, 23576384]  MVT DXTC                        = 1 3
 *   w5 [23576384, 26909750]  DXTC                            = 3
 * (the paper's Fig. 10: the last window holds DXTC alone, the one before {MVT, DXTC}).
 * Each launch covers the windows from 0 to its completion: COPY 1, PF 2, CONV 3, RAYTRACE 4,
 * MVT 5, DXTC 6. */
static void test_windows_exp7(void)
{
    static const size_t run[6][6] = { { 0, 1, 2, 3, 4, 5 }, { 0, 1, 2, 3, 4 }, { 1, 2, 3, 4 },
                                      { 1, 2, 3 }, { 1, 3 }, { 3 } };
    static const size_t count[6] = { 6, 5, 4, 3, 2, 1 };
    static const double bound[7] = { 0, 1111995, 2782648, 8968909, 21753828, 23576384, 26909750 };
    static const size_t n_windows[6] = { 2, 5, 4, 6, 3, 1 };  /* PF MVT RAYTRACE DXTC CONV COPY */
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_exp7();
    rt_layout *l = fx_exp7_layout();
    model *m = model_new(&g, ts);
    CU_ASSERT_FATAL(ts && l && m);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    CU_ASSERT_EQUAL_FATAL(windows_sync_build(&wl, l), WIN_OK);
    CU_ASSERT_EQUAL(wl.n_members, 6);
    CU_ASSERT_EQUAL(wl.n_hosting, 6);
    CU_ASSERT_EQUAL_FATAL(wl.n_windows, 6);
    for (size_t w = 0; w < 6; w++) {
        CU_ASSERT_EQUAL(wl.windows[w].start_cycles, bound[w]);
        CU_ASSERT_EQUAL(wl.windows[w].end_cycles, bound[w + 1]);
        CU_ASSERT_EQUAL_FATAL(wl.windows[w].count, count[w]);
        for (size_t i = 0; i < count[w]; i++)
            CU_ASSERT_EQUAL(wl.running[wl.windows[w].first + i], run[w][i]);
    }
    for (size_t i = 0; i < 6; i++) {
        CU_ASSERT_EQUAL(wl.launches[i].first_window, 0);
        CU_ASSERT_EQUAL(wl.launches[i].n_windows, n_windows[i]);
        CU_ASSERT_EQUAL(wl.launches[i].start_cycles, 0.0);
        CU_ASSERT_EQUAL(wl.launches[i].end_cycles, fx_exp7_cycles5[i]);
    }
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* Kernels K1..K4 (0..3), measured on 10 SMs: K1 200 cycles, K2 300, K3 100; K4 on 20: 250.
 * Partition A (0, 10 SMs): t0 (prio 2) runs K1 then K2; t1 (prio 1) runs K3; t3 (prio 2, tie
 * with t0, later in file) runs K3. Partition B (1, 20 SMs): t2 (prio 1) runs K4.
 * Order on A: t1, t0, t3 -> K3 [0,100], K1 [100,300], K2 [300,600], K3 [600,700]; B: K4 [0,250].
 * Launch numbers: t0 -> 0 (K1), 1 (K2); t1 -> 2; t2 -> 3; t3 -> 4.
 * Boundaries 0, 100, 250, 300, 600, 700; windows (running, by partition):
 *   w0 [0,100] {2, 3}; w1 [100,250] {0, 3}; w2 [250,300] {0}; w3 [300,600] {1}; w4 [600,700] {4}. */
static void test_windows_multi_launch(void)
{
    static const double b[6] = { 0, 100, 250, 300, 600, 700 };
    static const size_t cnt[5] = { 2, 2, 1, 1, 1 };
    static const size_t run[5][2] = { { 2, 3 }, { 0, 3 }, { 0 }, { 1 }, { 4 } };
    static const size_t first[5] = { 1, 3, 0, 0, 4 }, nw[5] = { 2, 1, 1, 2, 1 };
    static const double start[5] = { 100, 300, 0, 0, 600 }, end[5] = { 300, 600, 100, 250, 700 };
    rt_gpu g = fx_gpu_1ghz();
    rt_taskset *ts = fx_multi_taskset();
    rt_layout *l = fx_multi_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    CU_ASSERT_EQUAL_FATAL(windows_sync_build(&wl, l), WIN_OK);
    /* distinct (partition, kernel): (A,K1) (A,K2) (A,K3) (B,K4) */
    CU_ASSERT_EQUAL_FATAL(wl.n_members, 4);
    CU_ASSERT_EQUAL(wl.members[2].kernel, 2);
    CU_ASSERT_EQUAL(wl.members[2].cycles, 100.0);
    CU_ASSERT_EQUAL(wl.members[3].part, 1);
    CU_ASSERT_EQUAL(wl.members[3].l2_accesses, 5000.0);
    CU_ASSERT_EQUAL(wl.launches[4].member, 2);  /* t3's K3 shares t1's member */
    CU_ASSERT_EQUAL_FATAL(wl.n_windows, 5);
    for (size_t w = 0; w < 5; w++) {
        CU_ASSERT_EQUAL(wl.windows[w].start_cycles, b[w]);
        CU_ASSERT_EQUAL(wl.windows[w].end_cycles, b[w + 1]);
        CU_ASSERT_EQUAL_FATAL(wl.windows[w].count, cnt[w]);
        for (size_t i = 0; i < cnt[w]; i++)
            CU_ASSERT_EQUAL(wl.running[wl.windows[w].first + i], run[w][i]);
    }
    for (size_t i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(wl.launches[i].first_window, first[i]);
        CU_ASSERT_EQUAL(wl.launches[i].n_windows, nw[i]);
        CU_ASSERT_EQUAL(wl.launches[i].start_cycles, start[i]);
        CU_ASSERT_EQUAL(wl.launches[i].end_cycles, end[i]);
    }
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* Worst-case set-up (GPU of Table 1): KA on P0 (10 SMs): C 1000, BW 20, L2 100. P1 (15 SMs)
 * hosts KB (C 1000, BW 100, L2 1000) and KC (C 1000, BW 300, L2 1000). P2 (5 SMs) hosts KD
 * (C 1000, BW 50, L2 1000). Tasks: a [KA] on P0, b [KB] and c [KC] on P1, d [KD] on P2.
 * For KA (size 1000) the odometer visits (P1 digit, P2 digit), P2 fastest:
 *   (-,-) B 20 M 1; (-,KD) B 70 M 1; (KB,-) B 120 M 1; (KB,KD) B 170 M 1;
 *   (KC,-) B 320 < 330: M = I = 320/278.4 = 1.1494253;
 *   (KC,KD) B 370 >= 330: I = 370/278.4 = 1.3290230; P_SM = 3/3 = 1, P_access = 100/2100 =
 *   0.047619, P_BW = 20/116 = 0.1724138, Pbar = 0.0082 < 1 -> Praw = 0.1724138 -> Pi = 1;
 *   M = 1.3290230, the maximum: window {KA, KC, KD}. 2 x 3 = 6 combinations. */
static rt_taskset *worst_taskset(double bw_kb)
{
    static const size_t ra = 0, rb = 1, rc = 2, rd = 3;
    rt_taskset *ts = fx_ts_new(4, 4);
    if (!ts)
        return NULL;
    for (size_t k = 0; k < 4; k++) {
        fx_kernel(ts, k, 500, 10, 0.1);
        fx_kernel_l2(ts, k, 1000);
    }
    fx_kernel_l2(ts, 0, 100);
    if (!fx_measured(ts, 0, 10, 1000, 20) || !fx_measured(ts, 1, 15, 1000, bw_kb) ||
        !fx_measured(ts, 2, 15, 1000, 300) || !fx_measured(ts, 3, 5, 1000, 50) ||
        !fx_task(ts, 0, 1, &ra, 1) || !fx_task(ts, 1, 1, &rb, 1) || !fx_task(ts, 2, 2, &rc, 1) ||
        !fx_task(ts, 3, 1, &rd, 1)) {
        fx_ts_free(ts);
        return NULL;
    }
    return ts;
}

static rt_layout *worst_layout(void)
{
    static const int64_t sms[3] = { 10, 15, 5 };
    static const size_t part[4] = { 0, 1, 1, 2 };
    static const int64_t prio[4] = { 1, 1, 2, 1 };
    return fx_layout(3, sms, 4, part, prio);
}

/* Run windows_worst for member `self` with the given cap; checks the chosen kernels. */
static void check_worst(win_layout *wl, const model *m, uint64_t cap, size_t self,
                        const size_t *kernels, size_t n, double M, bool exhaustive)
{
    rt_options o;
    rt_options_default(&o);
    o.combination_cap = cap;
    intf_gpu g = interference_gpu_of(m);
    win_combo c;
    windows_worst(wl, &g, &o, NULL, self, &c);
    CU_ASSERT_EQUAL(c.exhaustive, exhaustive);
    ASSERT_REL(c.terms.M, M, 1e-7);
    CU_ASSERT_EQUAL_FATAL(c.n, n);
    for (size_t i = 0; i < n; i++)
        CU_ASSERT_EQUAL(wl->members[c.members[i]].kernel, kernels[i]);
}

static void test_windows_worst_search(void)
{
    static const size_t want_a[3] = { 0, 2, 3 };
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = worst_taskset(100);
    rt_layout *l = worst_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    /* members: 0 (P0,KA) 1 (P1,KB) 2 (P1,KC) 3 (P2,KD) */
    CU_ASSERT_EQUAL(windows_combinations(&wl, 0), 6);
    CU_ASSERT_EQUAL(windows_combinations(&wl, 1), 4);   /* (1 + 1) * (1 + 1) */
    CU_ASSERT_EQUAL(wl.part_best_bw[1], 2);          /* KC: 300 > 100 */
    check_worst(&wl, m, 6, 0, want_a, 3, 1.3290230, true);
    /* cap 5 < 6: S_max (each other partition's max-BW kernel: KC, KD), not exhaustive, and the
     * sound fallback M = 2 I(S_max) = 2 * 370/278.4 = 2.6580460 (docs/model.md sec. 3) */
    check_worst(&wl, m, 5, 0, want_a, 3, 2.6580460, false);
    /* KD on P2 (size 1000): co-runners from P0 {KA} and P1 {KB, KC}; every combination with
     * B >= 330 must hold KC and KA, KC or KA + KC: (KA,KC) B = 370 -> for KD: P_SM = (30/5)/3 = 2,
     * P_access = 1000/2100 = 0.476190, P_BW = 50/116 = 0.4310345, Pbar = 0.4105090 < 1 ->
     * Praw = MIN(0.4310345, 1.3290230) -> Pi = 1, M = 1.3290230; (-,KC) B = 350, M = 350/278.4 =
     * 1.2571839 (Pbar = 3 * 0.5 * 50/174 = 0.431 < 1, Pi = 1). Maximum {KD, KA, KC}. */
    static const size_t want_d[3] = { 3, 0, 2 };
    check_worst(&wl, m, 6, 3, want_d, 3, 1.3290230, true);
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* Ties: with KB at 300 GB/s too, (KB,KD) and (KC,KD) both give M = 1.3290230 for KA; the first
 * in odometer order, (KB,KD), is kept. The heuristic's tie on 300 GB/s keeps the lower kernel
 * index, KB. For KB itself (size 1000, P1) and every combination below EMBW, M = 1: "nothing"
 * (the first combination) is kept: (-,-) B 300 -> M = 300/278.4 = 1.0775862; (-,KD) B 350 ->
 * I = 1.2571839, P_SM = (2)/2 = 1, P_access = 1/2, P_BW = 300/174 = 1.7241379, Pbar = 0.862 ->
 * Praw = MIN(1.7241379, 1.2571839) -> Pi = 1.2571839, M = 1.5805114; (KA,-) B 320 -> 1.1494253;
 * (KA,KD) B 370, I = 1.3290230, P_SM = 2/3, P_access = 1000/2100 = 0.476190, P_BW = 300/116 =
 * 2.5862069, Pbar = 0.8210181 -> Praw = MIN(2.5862069, 1.3290230), Pi = 1.3290230,
 * M = 1.7663021: maximum {KB, KA, KD}. */
static void test_windows_worst_ties(void)
{
    static const size_t want_a[3] = { 0, 1, 3 }, want_b[3] = { 1, 0, 3 };
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = worst_taskset(300);
    rt_layout *l = worst_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    CU_ASSERT_EQUAL(wl.part_best_bw[1], 1);
    check_worst(&wl, m, 6, 0, want_a, 3, 1.3290230, true);
    check_worst(&wl, m, 1, 0, want_a, 3, 2.6580460, false);   /* 2 I(S_max), as above */
    check_worst(&wl, m, 4, 1, want_b, 3, 1.7663021, true);
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* All combinations equal (every B < 278.4): the first, "nothing", is reported; naive reports
 * the first combination with a co-runner (the last other partition's lowest kernel: KD);
 * none reports k alone. */
static void test_windows_worst_modes(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = worst_taskset(100);
    rt_layout *l = worst_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    ts->kernels[2].measured[0].bw_gbps = 100;   /* KC now 100 GB/s */
    model_free(m);
    m = model_new(&g, ts);
    CU_ASSERT_FATAL(m != NULL);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    static const size_t alone[1] = { 0 }, with_d[2] = { 0, 3 };
    check_worst(&wl, m, 6, 0, alone, 1, 1.0, true);
    rt_options o;
    rt_options_default(&o);
    intf_gpu ig = interference_gpu_of(m);
    win_combo c;
    o.interference = RT_INTF_NAIVE;
    windows_worst(&wl, &ig, &o, NULL, 0, &c);
    CU_ASSERT(c.exhaustive);
    ASSERT_REL(c.terms.M, 1.73, 1e-12);
    CU_ASSERT_EQUAL_FATAL(c.n, 2);
    CU_ASSERT_EQUAL(wl.members[c.members[0]].kernel, with_d[0]);
    CU_ASSERT_EQUAL(wl.members[c.members[1]].kernel, with_d[1]);
    o.interference = RT_INTF_NONE;
    windows_worst(&wl, &ig, &o, NULL, 0, &c);
    CU_ASSERT(c.exhaustive);
    CU_ASSERT_EQUAL(c.terms.M, 1.0);
    CU_ASSERT_EQUAL(c.n, 1);
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* The search against a brute-force oracle written from the documented rule: every combination
 * in odometer order (other hosting partitions ascending, digit 0 = nothing, then kernels
 * ascending, the last partition fastest), the window listed as k then co-runners by partition,
 * M*(k,S) from interference_sup_acc on that list (the sums taken in list order; M* itself is checked
 * by hand in test_interference.c and by simulation in test_soundness.c), the first strict
 * maximum kept. Random instances (fixed LCG)
 * with 2..5 partitions of 1..3 kernels and bandwidths up to 340 GB/s cover every eq. 15 branch. */
static uint64_t lcg_state = 12345;

static double lcg(void)
{
    lcg_state = lcg_state * 6364136223846793005u + 1442695040888963407u;
    return (double)(lcg_state >> 11) / 9007199254740992.0;
}

static void oracle(const win_layout *wl, const intf_gpu *g, const rt_options *o, size_t self,
                   double *best_M, size_t *best, size_t *n_best)
{
    size_t others[8], D = 0, digit[8] = { 0 }, K[9];
    intf_member mem[9];
    for (size_t h = 0; h < wl->n_hosting; h++)
        if (wl->hosting[h] != wl->members[self].part)
            others[D++] = wl->hosting[h];
    *best_M = 0.0;
    for (;;) {
        size_t n = 0;
        K[n++] = self;
        for (size_t i = 0; i < D; i++)
            if (digit[i])
                K[n++] = wl->part_first[others[i]] + digit[i] - 1;
        for (size_t i = 0; i < n; i++)
            mem[i] = wl->members[K[i]];
        intf_terms t;
        intf_acc a;
        interference_acc_init(&a);
        for (size_t i = 0; i < n; i++)
            interference_acc_add(&a, &mem[i], wl->members[self].cycles);
        interference_sup_acc(g, rt_options_intf(o), &a, &mem[0], &t);
        if (t.M > *best_M) {
            *best_M = t.M;
            *n_best = n;
            memcpy(best, K, n * sizeof *K);
        }
        size_t i = D;
        while (i > 0 && digit[i - 1] == wl->part_first[others[i - 1] + 1] - wl->part_first[others[i - 1]])
            digit[--i] = 0;
        if (i == 0)
            break;
        digit[i - 1]++;
    }
}

static void test_windows_worst_oracle(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_options o;
    rt_options_default(&o);
    int mismatches = 0, instances = 0;
    for (int round = 0; round < 300; round++) {
        size_t P = 2 + (size_t)(lcg() * 4), nk = 0, per[6];
        for (size_t p = 0; p < P; p++)
            nk += per[p] = 1 + (size_t)(lcg() * 3);
        rt_taskset *ts = fx_ts_new(nk, nk);
        int64_t sms[6], prio[18];
        size_t part[18], k = 0;
        CU_ASSERT_FATAL(ts != NULL);
        for (size_t p = 0; p < P; p++) {
            sms[p] = 1 + (int64_t)(lcg() * 6);
            for (size_t j = 0; j < per[p]; j++, k++) {
                /* each kernel used on one partition: its row at sms[p] is a measured point */
                fx_kernel(ts, k, 1000, 100, 0.1);
                fx_kernel_l2(ts, k, 1.0 + lcg() * 1e6);
                CU_ASSERT_FATAL(fx_measured(ts, k, sms[p], 1e3 + lcg() * 1e6, lcg() * 340.0));
                CU_ASSERT_FATAL(fx_task(ts, k, 1, &k, 1));
                part[k] = p;
                prio[k] = 1;
            }
        }
        rt_layout *l = fx_layout(P, sms, nk, part, prio);
        model *m = model_new(&g, ts);
        CU_ASSERT_FATAL(l && m);
        win_layout wl;
        CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
        intf_gpu ig = interference_gpu_of(m);
        for (size_t self = 0; self < wl.n_members; self++) {
            double M;
            size_t best[9], nb = 0;
            oracle(&wl, &ig, &o, self, &M, best, &nb);
            win_combo c;
            windows_worst(&wl, &ig, &o, NULL, self, &c);
            int bad = c.terms.M != M || c.n != nb || !c.exhaustive;
            for (size_t i = 0; !bad && i < nb; i++)
                bad = c.members[i] != best[i];
            mismatches += bad;
            instances++;
        }
        windows_layout_fini(&wl);
        model_free(m);
        rt_layout_free(l);
        fx_ts_free(ts);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    CU_ASSERT(instances > 1000);
}

/* 66 partitions of 1 SM, one task each: for any member, 65 other partitions with one kernel:
 * 2^65 combinations > UINT64_MAX -> saturated; with the default cap it uses the heuristic. */
static void test_windows_saturation(void)
{
    enum { P = 66 };
    rt_gpu g = fx_gpu_rtx2060();
    g.sms = P;
    g.l2_banks = 48;
    rt_taskset *ts = fx_ts_new(1, P);
    CU_ASSERT_FATAL(ts != NULL);
    fx_kernel(ts, 0, 1000, 10, 0.1);
    int64_t sms[P], prio[P];
    size_t part[P], k0 = 0;
    for (size_t i = 0; i < P; i++) {
        sms[i] = 1;
        part[i] = i;
        prio[i] = 1;
        CU_ASSERT_FATAL(fx_task(ts, i, 1, &k0, 1));
    }
    rt_layout *l = fx_layout(P, sms, P, part, prio);
    model *m = model_new(&g, ts);
    CU_ASSERT_FATAL(l && m);
    win_layout wl;
    CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
    CU_ASSERT_EQUAL(windows_combinations(&wl, 0), UINT64_MAX);
    rt_options o;
    rt_options_default(&o);
    intf_gpu ig = interference_gpu_of(m);
    win_combo c;
    windows_worst(&wl, &ig, &o, NULL, 5, &c);
    CU_ASSERT(!c.exhaustive);
    CU_ASSERT_EQUAL(c.n, P);
    CU_ASSERT_EQUAL(c.members[0], 5);
    CU_ASSERT_EQUAL(c.members[1], 0);
    CU_ASSERT_EQUAL(c.members[5], 4);
    CU_ASSERT_EQUAL(c.members[6], 6);
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

/* A task on a partition outside the layout, or a partition size that is not a row of the
 * model, is refused with WIN_ERANGE (and nothing leaks). */
static void test_windows_invalid(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = worst_taskset(100);
    rt_layout *l = worst_layout();
    model *m = ts ? model_new(&g, ts) : NULL;
    CU_ASSERT_FATAL(ts && l && m);
    win_layout wl;
    l->task_part[1] = 7;
    CU_ASSERT_EQUAL(windows_layout_init(&wl, m, ts, l), WIN_ERANGE);
    windows_layout_fini(&wl);
    l->task_part[1] = 1;
    l->part_sms[2] = 31;
    CU_ASSERT_EQUAL(windows_layout_init(&wl, m, ts, l), WIN_ERANGE);
    windows_layout_fini(&wl);
    model_free(m);
    rt_layout_free(l);
    fx_ts_free(ts);
}

void test_windows_register(void);
void test_windows_register(void)
{
    CU_pSuite s = CU_add_suite("windows", NULL, NULL);
    CU_add_test(s, "synchronous: experiment 7", test_windows_exp7);
    CU_add_test(s, "synchronous: multi-launch partition, priority ties", test_windows_multi_launch);
    CU_add_test(s, "worst-case: search and cap", test_windows_worst_search);
    CU_add_test(s, "worst-case: ties", test_windows_worst_ties);
    CU_add_test(s, "worst-case: all equal, naive, none", test_windows_worst_modes);
    CU_add_test(s, "worst-case: search against a brute-force oracle", test_windows_worst_oracle);
    CU_add_test(s, "worst-case: saturated combination count", test_windows_saturation);
    CU_add_test(s, "invalid layouts", test_windows_invalid);
}
