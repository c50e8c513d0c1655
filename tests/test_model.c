/* Tests of models/model.c: eq. 1-4, eq. 17, the floor, measured points, classes, L2 estimate.
 * Expected values are worked by hand from the paper's Tables 1-3 (arithmetic in the comments). */
#include <CUnit/CUnit.h>
#include <math.h>

#include "fixture_model.h"
#include "models/model.h"

/* |actual - expected| <= rel * |expected| */
#define ASSERT_REL(actual, expected, rel) \
    CU_ASSERT_DOUBLE_EQUAL((actual), (expected), fabs((double)(expected)) * (rel))

/* Derived GPU quantities (sec. 6, 8): Sp = 24/30 = 0.8, Missbanks = 30 - 24 = 6,
 * BWthr = 348 * 0.8 = 278.4, N/g = 30 sizes; with g = 2: 15 sizes. */
static void test_model_derived(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(0, 0);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    ASSERT_REL(m->sp, 0.8, 1e-12);
    CU_ASSERT_EQUAL(m->miss_banks, 6);
    ASSERT_REL(m->bw_thr_gbps, 278.4, 1e-12);
    CU_ASSERT_EQUAL(m->n_sizes, 30);
    CU_ASSERT_EQUAL(m->n_kernels, 0);
    model_free(m);
    g.granularity = 2;
    m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->n_sizes, 15);
    model_free(m);
    model_free(NULL);
    fx_ts_free(ts);
}

/* eq. 17 on the RTX 2060 for VADD, assuming BWiso(VADD,30) = 330 GB/s >= BWthr = 278.4
 * (memory-intensive kernels reach the 330 GB/s saturation point, sec. 5.1), so
 *   BW(n) = 330 (1 - exp(-n/6)):
 *   n = 15: exp(-2.5) = 0.0820850  -> 330 * 0.9179150 = 302.91195  (paper Table 3: 296.03)
 *   n = 5:  exp(-5/6) = 0.4345982  -> 330 * 0.5654018 = 186.58259  (paper: 120.9)
 *   n = 20: exp(-10/3) = 0.0356740 -> 330 * 0.9643260 = 318.22758  (paper: 325.58)
 * A linear kernel with BWiso(k,30) = 100 < 278.4: BW(10) = 100/30 * 10 = 33.333333. */
static void test_model_eq17(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(2, 0);
    fx_kernel_time(ts, 0, 379000.0, 330.0, 0.056);
    fx_kernel(ts, 1, 1e6, 100.0, 0.5);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    ASSERT_REL(model_bw_eq17(m, 0, 15), 302.91195, 1e-7);
    ASSERT_REL(model_bw_eq17(m, 0, 5), 186.58259, 1e-7);
    ASSERT_REL(model_bw_eq17(m, 0, 20), 318.22758, 1e-7);
    ASSERT_REL(model_bw_eq17(m, 1, 10), 33.333333, 1e-7);
    ASSERT_REL(model_bw_eq17(m, 1, 30), 100.0, 1e-12);
    /* the table uses eq. 17 below N and the profile at N */
    ASSERT_REL(model_at(m, 0, 15)->bw_gbps, 302.91195, 1e-7);
    ASSERT_REL(model_at(m, 0, 30)->bw_gbps, 330.0, 1e-12);
    model_free(m);
    fx_ts_free(ts);
}

/* banks >= N (A100-like: 30 SMs, 40 banks): Missbanks = -10, MAX(1, -10) = 1; Sp = 4/3 and
 * BWthr = 348 * 4/3 = 464. A kernel at 500 GB/s >= 464: BW(2) = 330 (1 - exp(-2)) = 330 *
 * 0.8646647 = 285.33935. At 400 GB/s < 464 it is linear: BW(3) = 400/30*3 = 40. */
static void test_model_eq17_many_banks(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    g.l2_banks = 40;
    rt_taskset *ts = fx_ts_new(2, 0);
    fx_kernel(ts, 0, 1e6, 500.0, 0.01);
    fx_kernel(ts, 1, 1e6, 400.0, 0.01);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->miss_banks, -10);
    ASSERT_REL(m->bw_thr_gbps, 464.0, 1e-12);
    ASSERT_REL(model_bw_eq17(m, 0, 2), 285.33935, 1e-7);
    ASSERT_REL(model_bw_eq17(m, 1, 3), 40.0, 1e-12);
    model_free(m);
    fx_ts_free(ts);
}

/* eq. 1-4 for three kernels of Table 2 on the RTX 2060 (f = 1365 MHz: cycles = ns * 1.365).
 *
 * VADD (memory): 0.379 ms -> Ck(N) = 379000 * 1.365 = 517335 cycles; KAI = 0.056; assumed
 *   BWiso = 330. Ubw = 330/348 = 0.94827586; Sat = 1/(1 + exp(-100 (0.94827586 - 0.8)))
 *   = 1/(1 + exp(-14.827586)) = 1/(1 + 3.6346e-7) = 0.99999964;
 *   N - KAI Ubw = 30 - 0.056 * 0.94827586 = 29.94689655;
 *   Tc(5) = 517335 / (1.99999964 * 29.94689655) * 900/5 = 8637.5410 * 180 = 1554757.4 (eq4);
 *   Tc(15) = 8637.5410 * 60 = 518252.46 > 517335 (eq4, just above the floor);
 *   Tc(20) = 8637.5410 * 45 = 388689.35 < 517335 -> floor: C(VADD,20) = 517335.
 * CONV (hybrid): 1.089 ms -> 1486485 cycles; KAI = 0.291; assumed BWiso = 200 GB/s.
 *   Ubw = 200/348 = 0.57471264; Sat = 1/(1 + exp(22.528736)) = 1.644e-10;
 *   N - KAI Ubw = 30 - 0.167241 = 29.83275862;
 *   Tc(15) = 1486485 / (1.0000000002 * 29.83275862) * 60 = 49827.27 * 60 = 2989636.4.
 * DXTC (compute): 3.273 ms -> 4467645 cycles; KAI = 149.265; assumed BWiso = 0.27 GB/s
 *   (3 x its 0.09 GB/s on 10 SMs, Table 3). Ubw = 0.27/348 = 0.00077586; Sat ~ 2e-35;
 *   N - KAI Ubw = 30 - 149.265 * 0.00077586 = 30 - 0.11580905 = 29.88419095;
 *   Tc(10) = 4467645 / 29.88419095 * 90 = 149498.61 * 90 = 13454874.9. */
static void test_model_eq4(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(3, 0);
    fx_kernel_time(ts, 0, 379000.0, 330.0, 0.056);
    fx_kernel_time(ts, 1, 1089000.0, 200.0, 0.291);
    fx_kernel_time(ts, 2, 3273000.0, 0.27, 149.265);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const model_kernel *v = &m->kernels[0];
    ASSERT_REL(v->cycles_full, 517335.0, 1e-12);
    ASSERT_REL(v->u_bw, 0.94827586, 1e-7);
    ASSERT_REL(v->sat, 0.99999964, 1e-7);
    ASSERT_REL(model_tc_eq4(m, 0, 5), 1554757.4, 1e-7);
    ASSERT_REL(model_tc_eq4(m, 0, 15), 518252.46, 1e-7);
    ASSERT_REL(model_tc_eq4(m, 0, 20), 388689.35, 1e-7);
    CU_ASSERT_EQUAL(model_at(m, 0, 5)->source, MODEL_SRC_EQ4);
    ASSERT_REL(model_at(m, 0, 5)->cycles, 1554757.4, 1e-7);
    CU_ASSERT_EQUAL(model_at(m, 0, 15)->source, MODEL_SRC_EQ4);
    CU_ASSERT_EQUAL(model_at(m, 0, 20)->source, MODEL_SRC_FLOOR);
    CU_ASSERT_EQUAL(model_at(m, 0, 20)->cycles, 517335.0);
    ASSERT_REL(model_at(m, 0, 20)->bw_gbps, 318.22758, 1e-7);  /* eq. 17 still applies */
    ASSERT_REL(model_tc_eq4(m, 1, 15), 2989636.4, 1e-7);
    CU_ASSERT_EQUAL(model_at(m, 1, 15)->source, MODEL_SRC_EQ4);
    ASSERT_REL(m->kernels[1].sat, 1.644e-10, 1e-3);
    ASSERT_REL(model_tc_eq4(m, 2, 10), 13454874.9, 1e-7);
    model_free(m);
    fx_ts_free(ts);
}

/* Floor and measured rows. Kernel 0: BW = 0 and KAI = 0, so Ubw = 0, Sat = 1/(1 + exp(80))
 * ~ 1.8e-35 and eq. 4 = Ck(N) / 30 * 900/n; with Ck(N) = 1000: 1000/30 * 60 = 2000 at n = 15. */
static void test_model_floor_and_measured(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(2, 0);
    fx_kernel(ts, 0, 1000.0, 0.0, 0.0);
    /* Kernel 1: Ck(N) = 900, BW = 330, KAI = 0.056 (VADD-like; eq. 4 = 900/(1.99999964 *
     * 29.94689655) * 900/n = 15.0266 * 900/n, floor for n >= 14), with measured points at 15
     * (cycles 1200, 250 GB/s) and 10 (two points: the first in file order, 1700 / 200 GB/s,
     * wins) and one at N = 30 (ignored: the profile is the measurement at N). */
    fx_kernel(ts, 1, 900.0, 330.0, 0.056);
    CU_ASSERT_FATAL(fx_measured(ts, 1, 15, 1200.0, 250.0));
    CU_ASSERT_FATAL(fx_measured(ts, 1, 10, 1700.0, 200.0));
    CU_ASSERT_FATAL(fx_measured(ts, 1, 10, 1800.0, 210.0));
    CU_ASSERT_FATAL(fx_measured(ts, 1, 30, 5000.0, 1.0));
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    ASSERT_REL(model_at(m, 0, 15)->cycles, 2000.0, 1e-12);
    CU_ASSERT_EQUAL(model_at(m, 0, 15)->source, MODEL_SRC_EQ4);
    const model_point *pt = model_at(m, 1, 15);
    CU_ASSERT_EQUAL(pt->source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(pt->sms, 15);
    CU_ASSERT_EQUAL(pt->cycles, 1200.0);
    CU_ASSERT_EQUAL(pt->bw_gbps, 250.0);
    pt = model_at(m, 1, 10);
    CU_ASSERT_EQUAL(pt->source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(pt->cycles, 1700.0);
    CU_ASSERT_EQUAL(pt->bw_gbps, 200.0);
    pt = model_at(m, 1, 30);
    CU_ASSERT_EQUAL(pt->source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(pt->cycles, 900.0);
    CU_ASSERT_EQUAL(pt->bw_gbps, 330.0);
    /* 15.0266 * 900/20 = 676.2 < 900 -> floor; 15.0266 * 900/5 = 2704.8 -> eq4 */
    CU_ASSERT_EQUAL(model_at(m, 1, 20)->source, MODEL_SRC_FLOOR);
    CU_ASSERT_EQUAL(model_at(m, 1, 20)->cycles, 900.0);
    CU_ASSERT_EQUAL(model_at(m, 1, 5)->source, MODEL_SRC_EQ4);
    ASSERT_REL(model_at(m, 1, 5)->cycles, 2704.8, 1e-4);
    /* every row has its own n */
    for (int64_t n = 1; n <= 30; n++)
        CU_ASSERT_EQUAL(model_at(m, 0, n)->sms, n);
    CU_ASSERT_EQUAL(model_at(m, 1, 15)->bw_source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(model_at(m, 1, 20)->bw_source, MODEL_SRC_EQ17);
    model_free(m);
    /* Partial points (revision 2): bandwidth only at 5 SMs, cycles only at 20 SMs. The other
     * value comes from the model: at 5, eq. 4 = 2704.8 cycles; at 20, eq. 17 saturated (330 >=
     * BWthr 278.4): 330 (1 - e^(-20/6)) = 318.22757 GB/s. */
    CU_ASSERT_FATAL(fx_measured(ts, 1, 5, 0.0, 111.0));
    CU_ASSERT_FATAL(fx_measured(ts, 1, 20, 950.0, -1.0));
    m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    pt = model_at(m, 1, 5);
    CU_ASSERT_EQUAL(pt->source, MODEL_SRC_EQ4);
    ASSERT_REL(pt->cycles, 2704.8, 1e-4);
    CU_ASSERT_EQUAL(pt->bw_source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(pt->bw_gbps, 111.0);
    pt = model_at(m, 1, 20);
    CU_ASSERT_EQUAL(pt->source, MODEL_SRC_MEASURED);
    CU_ASSERT_EQUAL(pt->cycles, 950.0);
    CU_ASSERT_EQUAL(pt->bw_source, MODEL_SRC_EQ17);
    ASSERT_REL(pt->bw_gbps, 318.22757, 1e-7);
    CU_ASSERT_STRING_EQUAL(model_source_name(MODEL_SRC_EQ17), "eq17");
    model_free(m);
    fx_ts_free(ts);
}

/* Exact equality of eq. 4 and Ck(N) is reported as "eq4" (the floor is taken only when eq. 4 is
 * strictly below Ck(N)). Constructed on a GPU with BWmax = 100, EMBW = 90, N = 30, 24 banks:
 * BW = 80 gives Ubw = 0.8 = Sp, so Sat = 1/(1 + exp(0)) = 1/2; with KAI = 0 and Ck(N) = 900,
 * eq. 4 at n = 20 = 900 / (1.5 * 30) * 900/20 = 20 * 45 = 900 = Ck(N), exactly in binary. */
static void test_model_floor_equality(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    g.bw_nominal_gbps = 100.0;
    g.bw_effective_gbps = 90.0;
    rt_taskset *ts = fx_ts_new(1, 0);
    fx_kernel(ts, 0, 900.0, 80.0, 0.0);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->kernels[0].sat, 0.5);
    CU_ASSERT_EQUAL(model_tc_eq4(m, 0, 20), 900.0);
    CU_ASSERT_EQUAL(model_at(m, 0, 20)->source, MODEL_SRC_EQ4);
    CU_ASSERT_EQUAL(model_at(m, 0, 20)->cycles, 900.0);
    /* n = 25: 20 * 36 = 720 < 900 -> floor */
    CU_ASSERT_EQUAL(model_at(m, 0, 25)->source, MODEL_SRC_FLOOR);
    CU_ASSERT_EQUAL(model_at(m, 0, 25)->cycles, 900.0);
    model_free(m);
    fx_ts_free(ts);
}

/* Rows exist only for multiples of g in g..N; out-of-range kernels and sizes give NULL. */
static void test_model_rows(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    g.granularity = 2;
    rt_taskset *ts = fx_ts_new(1, 0);
    fx_kernel(ts, 0, 1000.0, 100.0, 0.1);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_PTR_NULL(model_at(m, 0, 0));
    CU_ASSERT_PTR_NULL(model_at(m, 0, 1));
    CU_ASSERT_PTR_NULL(model_at(m, 0, 3));
    CU_ASSERT_PTR_NULL(model_at(m, 0, 32));
    CU_ASSERT_PTR_NULL(model_at(m, 1, 2));
    CU_ASSERT_EQUAL(model_at(m, 0, 2)->sms, 2);
    CU_ASSERT_EQUAL(model_at(m, 0, 30)->sms, 30);
    CU_ASSERT_EQUAL(m->kernels[0].table[0].sms, 2);
    CU_ASSERT_EQUAL(m->kernels[0].table[14].sms, 30);
    model_free(m);
    fx_ts_free(ts);
}

/* sec. 5.1 classes on Ubw = BW/348: 261 -> 0.75 memory; 174 -> 0.5 hybrid; 17.4 -> 0.05
 * compute; 34.8 * 1.01 = 35.148 -> 0.101 hybrid; 243.6 * 0.99 = 241.164 -> 0.693 hybrid. */
static void test_model_class(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(5, 0);
    fx_kernel(ts, 0, 1000.0, 261.0, 0.1);
    fx_kernel(ts, 1, 1000.0, 174.0, 0.1);
    fx_kernel(ts, 2, 1000.0, 17.4, 0.1);
    fx_kernel(ts, 3, 1000.0, 35.148, 0.1);
    fx_kernel(ts, 4, 1000.0, 241.164, 0.1);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(m->kernels[0].cls, MODEL_CLASS_MEMORY);
    CU_ASSERT_EQUAL(m->kernels[1].cls, MODEL_CLASS_HYBRID);
    CU_ASSERT_EQUAL(m->kernels[2].cls, MODEL_CLASS_COMPUTE);
    CU_ASSERT_EQUAL(m->kernels[3].cls, MODEL_CLASS_HYBRID);
    CU_ASSERT_EQUAL(m->kernels[4].cls, MODEL_CLASS_HYBRID);
    CU_ASSERT_STRING_EQUAL(model_class_name(MODEL_CLASS_MEMORY), "memory");
    CU_ASSERT_STRING_EQUAL(model_class_name(MODEL_CLASS_HYBRID), "hybrid");
    CU_ASSERT_STRING_EQUAL(model_class_name(MODEL_CLASS_COMPUTE), "compute");
    CU_ASSERT_STRING_EQUAL(model_source_name(MODEL_SRC_MEASURED), "measured");
    CU_ASSERT_STRING_EQUAL(model_source_name(MODEL_SRC_EQ4), "eq4");
    CU_ASSERT_STRING_EQUAL(model_source_name(MODEL_SRC_FLOOR), "floor");
    model_free(m);
    fx_ts_free(ts);
}

/* L2 estimate: VADD moves 330e9 B/s for 517335 / 1365e6 s = 3.79e-4 s, i.e. 1.2507e8 bytes,
 * / 32 = 3908437.5 accesses. Given L2 counts are used as they are. KAI from eq. 3:
 * 2e9 instructions / 4e6 accesses / 1000 = 0.5. */
static void test_model_l2_kai(void)
{
    rt_gpu g = fx_gpu_rtx2060();
    rt_taskset *ts = fx_ts_new(3, 0);
    fx_kernel_time(ts, 0, 379000.0, 330.0, 0.056);
    fx_kernel(ts, 1, 1000.0, 100.0, 0.1);
    fx_kernel_l2(ts, 1, 12345.0);
    fx_kernel(ts, 2, 1000.0, 100.0, 0.0);
    ts->kernels[2].has_kai = false;
    ts->kernels[2].has_instructions = true;
    ts->kernels[2].instructions = 2e9;
    fx_kernel_l2(ts, 2, 4e6);
    model *m = model_new(&g, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    ASSERT_REL(m->kernels[0].l2_accesses, 3908437.5, 1e-12);
    CU_ASSERT_EQUAL(m->kernels[1].l2_accesses, 12345.0);
    ASSERT_REL(m->kernels[2].kai, 0.5, 1e-12);
    ASSERT_REL(m->kernels[0].kai, 0.056, 1e-12);
    model_free(m);
    fx_ts_free(ts);
}

void test_model_register(void);
void test_model_register(void)
{
    CU_pSuite s = CU_add_suite("model", NULL, NULL);
    CU_add_test(s, "derived GPU quantities", test_model_derived);
    CU_add_test(s, "eq. 17 (Table 3 points)", test_model_eq17);
    CU_add_test(s, "eq. 17 with banks >= N", test_model_eq17_many_banks);
    CU_add_test(s, "eq. 4 (Table 2 kernels)", test_model_eq4);
    CU_add_test(s, "floor and measured points", test_model_floor_and_measured);
    CU_add_test(s, "floor on exact equality", test_model_floor_equality);
    CU_add_test(s, "rows of the table", test_model_rows);
    CU_add_test(s, "classification", test_model_class);
    CU_add_test(s, "L2 estimate and eq. 3", test_model_l2_kai);
}
