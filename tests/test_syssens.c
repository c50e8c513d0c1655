/* --sensitivity on a whole system (docs/evidence.md sec. 1, "Whole systems"): step headrooms and
 * the scaling factor over every step, by the holistic analysis, on a system worked by hand. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sens.h"
#include "fixture_search.h"

void test_syssens_register(void);

/* The system of test_syssens_hand (worked below) with C's deadline d_c, and its layout (P0 of 4 SMs, C on no partition). */
static rt_layout *tiny_system(fixture *f, int64_t d_c)
{
    kdef k[2] = { kernel4("KA", 80, 40, 27, 20), kernel4("KB", 120, 60, 40, 30) };
    tdef t[3] = { {"A", 100, 100, 1, 1, {0}}, {"B", 100, 100, 2, 1, {1}},
                  {"C", 100, d_c, 3, 0, {0}} };
    fx_make(f, gpu_make(4, 1, 3, 1000), k, 2, t, 3);
    f->gpu->has_cpu = true;
    f->gpu->cpu_cores = 2;
    rt_task *a = &f->ts->tasks[0], *b = &f->ts->tasks[1], *c = &f->ts->tasks[2];
    fx_cpu_step(a, 0, 10, 4);
    fx_add_step(a, RT_STEP_GPU)->n_runs = 1;
    fx_cpu_step(b, 1, 5, 5);
    fx_add_step(b, RT_STEP_GPU)->n_runs = 1;
    fx_cpu_step(c, 0, 20, 0);
    rt_layout *l = rt_layout_new(1, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    l->part_sms[0] = 4;
    l->task_part[0] = l->task_part[1] = 0;
    l->task_part[2] = SIZE_MAX;
    return l;
}

/* Two cores and one partition P0 of the whole 4-SM GPU (naive interference, margin 0, 1000 MHz:
 * a kernel's WCET in ns is its cycles on 4 SMs, and alone on the GPU nothing doubles it).
 * Priorities given; T = D = 100 ns for all, J = 0.
 *   A (prio 1): cpu core 0, C 10, Cb 4  ->  gpu KA on P0, C 20
 *   B (prio 2): cpu core 1, C 5,  Cb 5  ->  gpu KB on P0, C 30
 *   C (prio 3): cpu core 0, C 20, Cb 0  (a CPU task, on no partition)
 * Holistic analysis (docs/system.md sec. 3), at its fixpoint (the first round already is):
 *   A1: alone above C on core 0: rho = 10, R = 10, Rb = 4.
 *   A2: O = 4, J = 10 - 4 = 6, blocked by B2 (lower, 30): t = 30 + 20 = 50, Q = ceil(56/100)
 *       = 1, w(0) = 30, rho = J + w + C = 6 + 30 + 20 = 56, R_A = 4 + 56 = 60 (slack 40).
 *   B1: alone on core 1: R = 5, Rb = 5.  B2: O = 5, J = 0, A2 above it: t = 50, Q = 1,
 *       w(0) = (floor((w + 6) / 100) + 1) 20 = 20, rho = 0 + 20 + 30 = 50, R_B = 55 (slack 45).
 *   C1: A1 above it: w = 20 + ceil(w / 100) 10 = 30, R_C = 30 (slack 70).
 * Headroom of each step (its C + d, every other WCET fixed, every deadline kept; each Q stays 1
 * over the range below, since every busy period plus jitter stays within 100):
 *   A1: R_A = 60 + d (J_A2 grows by d), R_C = 30 + d: d <= 40.
 *   A2: R_A = 60 + d, R_B = 55 + d (w of B2 = 20 + d): d <= 40.
 *   B1: J_B2 = d, R_B = 55 + d; A is blocked by B2's C only: d <= 45.
 *   B2: R_A = 60 + d (its blocking), R_B = 55 + d: d <= 40.
 *   C1: R_C = 30 + d <= 100 would allow 70, but at d = 70 core 0's utilisation over C1's hep
 *       set is (10 + 90) / 100 = 1, which makes C1 unbounded (docs/system.md sec. 3): d <= 69.
 * Scaling factor a = k / 10^4 over every step, BCETs as given, each WCET ceil(a C): the smallest
 * k keeping every WCET at least its BCET is that of B1 (5 >= 5): ceil(5k / 10^4) >= 5 from
 * k = 8001 (A1 needs only 3001). For a >= 1: R_A = Cb_A1 + (C'_A1 - Cb_A1) + C'_B2 + C'_A2 =
 * ceil(k/1000) + ceil(3k/1000) + ceil(2k/1000), which is 17 + 50 + 33 = 100 at k = 16500 and 17
 * + 50 + 34 = 101 from k = 16501 (R_B = 9 + 33 + 50 = 92 and R_C = 17 + 33 = 50 at 16500): the
 * factor is 1.6500. */
static void test_syssens_hand(void)
{
    fixture f;
    rt_layout *l = tiny_system(&f, 100);
    rt_options o = opts_naive_double();
    rt_eval ev;
    CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f.m, f.ts, l, &o, NULL, 0, &ev), EVAL_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ev.system);
    CU_ASSERT_TRUE(ev.schedulable);
    CU_ASSERT_EQUAL(ev.rta[0].wcrt_ns, 60);
    CU_ASSERT_EQUAL(ev.rta[1].wcrt_ns, 55);
    CU_ASSERT_EQUAL(ev.rta[2].wcrt_ns, 30);
    sens_result s;
    CU_ASSERT_EQUAL_FATAL(sens_compute(f.m, f.ts, l, &o, NULL, &ev, &s), SENS_OK);
    CU_ASSERT_TRUE(s.system);
    CU_ASSERT_EQUAL_FATAL(s.n_steps, 5);
    static const int64_t want[5] = { 40, 40, 45, 40, 69 };   /* A1 A2 B1 B2 C1 */
    for (size_t x = 0; x < 5; x++) {
        CU_ASSERT_TRUE(s.steps[x].has_headroom);
        CU_ASSERT_EQUAL(s.steps[x].headroom_ns, want[x]);
    }
    static const int64_t slack[3] = { 40, 45, 70 };
    for (size_t i = 0; i < 3; i++) {
        CU_ASSERT_TRUE(s.tasks[i].has_slack);
        CU_ASSERT_EQUAL(s.tasks[i].slack_ns, slack[i]);
        CU_ASSERT_FALSE(s.tasks[i].has_headroom);   /* per step instead */
        CU_ASSERT_PTR_NULL(s.tasks[i].explain);
    }
    CU_ASSERT_EQUAL(s.scaling_min_k, 8001);
    CU_ASSERT_TRUE(s.has_scaling);
    CU_ASSERT_EQUAL(s.scaling_k, 16500);
    /* the library's one-figure entry gives the same factor */
    bool has = false;
    int64_t kk = 0;
    uint64_t n = 0;
    CU_ASSERT_EQUAL(sens_scaling(f.m, f.ts, l, &o, NULL, &ev, &has, &kk, &n), SENS_OK);
    CU_ASSERT_TRUE(has);
    CU_ASSERT_EQUAL(kk, 16500);
    sens_result_fini(&s);
    rt_eval_fini(&ev);
    rt_layout_free(l);
    fx_fini(&f);
}

/* The same system with C's deadline 25 < R_C = 30: a miss. No step has a headroom (any step's
 * WCET reaches every task through the jitters it hands on), and the miss is explained end to
 * end: R_C - D_C = 5. */
static void test_syssens_miss(void)
{
    fixture f;
    rt_layout *l = tiny_system(&f, 25);
    rt_options o = opts_naive_double();
    rt_eval ev;
    CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f.m, f.ts, l, &o, NULL, 0, &ev), EVAL_OK);
    CU_ASSERT_FALSE(ev.schedulable);
    sens_result s;
    CU_ASSERT_EQUAL_FATAL(sens_compute(f.m, f.ts, l, &o, NULL, &ev, &s), SENS_OK);
    for (size_t x = 0; x < s.n_steps; x++)
        CU_ASSERT_FALSE(s.steps[x].has_headroom);
    CU_ASSERT_EQUAL(s.tasks[2].slack_ns, -5);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s.tasks[2].explain);
    CU_ASSERT_EQUAL(s.tasks[2].explain->excess_ns, 5);
    CU_ASSERT_FALSE(s.tasks[2].job.bounded);       /* no NP critical job for a flow */
    /* scaling: R_C = ceil(k/1000) + ceil(2k/1000) <= 25 holds up to k = 8000 (8 + 16 = 24) and
     * fails from 8001 (9 + 17 = 26), the smallest factor that keeps B1's WCET at its BCET 5:
     * no factor */
    CU_ASSERT_EQUAL(s.scaling_min_k, 8001);
    CU_ASSERT_FALSE(s.has_scaling);
    sens_result_fini(&s);
    rt_eval_fini(&ev);
    rt_layout_free(l);
    fx_fini(&f);
}

void test_syssens_register(void)
{
    CU_pSuite s = CU_add_suite("syssens", NULL, NULL);
    CU_add_test(s, "step headrooms and scaling factor of a system worked by hand",
                test_syssens_hand);
    CU_add_test(s, "a system that misses: no headroom, the miss end to end", test_syssens_miss);
}
