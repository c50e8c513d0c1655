/* Tests of holistic: end-to-end responses of multi-resource flows, every figure worked by hand
 * from docs/system.md secs. 3 and 4 (every fixpoint iteration written beside its assertion;
 * fixpoints of eq. w are iterated from the plain start, the sum of the WCETs involved plus B).
 *
 * Mutation checks (each applied to src/analysis/holistic.c, the suite run, then reverted; the
 * record is in docs/validation.md sec. 15):
 *   (a) jitter not propagated: hol_update passes J = 0 to every later step
 *       -> "jitter propagated over three resources" and "two cores and a partition" fail;
 *   (b) best-case offset taken from the WCET: hol_start adds C_s instead of Cb_s to O
 *       -> "two cores and a partition" and "jitter propagated over three resources" fail;
 *   (c) a fifo engine analysed with the task priorities: hol_priority returns the step's own
 *       priority -> "fifo copy engine" fails (H: 14 instead of 20). */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/holistic.h"
#include "analysis/rta.h"

/* A step: resource, priority, C, Cb (no launches). */
static hol_step step(size_t res, int64_t prio, int64_t c, int64_t cb)
{
    return (hol_step){ .resource = res, .priority = prio, .wcet_ns = c, .bcet_ns = cb };
}

/* A task: T, D, J, its steps first .. first + n - 1. */
static hol_task task(int64_t t, int64_t d, int64_t j, size_t first, size_t n)
{
    return (hol_task){ .period_ns = t, .deadline_ns = d, .jitter_ns = j, .first_step = first,
                       .n_steps = n };
}

static const hol_resource CORE = { .kind = HOL_CPU_CORE };
static const hol_resource ENGINE = { .kind = HOL_COPY_ENGINE };
static const hol_resource FIFO = { .kind = HOL_COPY_ENGINE, .fifo = true };
static const hol_resource PART = { .kind = HOL_PARTITION };
static const hol_resource PART_K = { .kind = HOL_PARTITION, .kernel_preemption = true };

/* Analyse with the default budget, assert success. */
static void run(const hol_resource *res, size_t nr, const hol_task *ts, size_t nt,
                const hol_step *ss, size_t ns, hol_result *out)
{
    hol_system sys = { .resources = res, .n_resources = nr, .tasks = ts, .n_tasks = nt,
                       .steps = ss, .n_steps = ns };
    rt_budget b;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    CU_ASSERT_FATAL(holistic_analyse(&sys, &b, out) == 0);
    CU_ASSERT_EQUAL(b.current, BUDGET_STEP_RTA);
}

/* Tindell, Burns and Wellings (1994): on one core, A (C = 26, T = 70) above B (C = 62,
 * T = 100), D = T. B's worst job is the fifth of its busy period, not the first.
 * B: t from 88: 88 -> 2*26+62 = 114 -> 2*26+2*62 = 176 -> 3*26+2*62 = 202 -> 3*26+3*62 = 264
 *    -> 4*26+3*62 = 290 -> 5*26+3*62 = 316 -> 5*26+4*62 = 378 -> 6*26+4*62 = 404
 *    -> 6*26+5*62 = 466 -> 7*26+5*62 = 492 -> 8*26+5*62 = 518 -> 8*26+6*62 = 580
 *    -> 9*26+6*62 = 606 -> 9*26+7*62 = 668 -> 10*26+7*62 = 694 -> 694; Q = ceil(694/100) = 7.
 *    w(q) = (q+1) 62 + ceil(w/70) 26, from (q+1) 62 + 26:
 *    q=0: 88 -> 62+52 = 114 -> 114;            rho(0) = 114
 *    q=1: 150 -> 124+78 = 202 -> 202;          rho(1) = 202-100 = 102
 *    q=2: 212 -> 186+104 = 290 -> 186+130 = 316 -> 316;   rho(2) = 316-200 = 116
 *    q=3: 274 -> 248+104 = 352 -> 248+156 = 404 -> 404;   rho(3) = 404-300 = 104
 *    q=4: 336 -> 310+130 = 440 -> 310+182 = 492 -> 310+208 = 518 -> 518; rho(4) = 118
 *    q=5: 398 -> 372+156 = 528 -> 372+208 = 580 -> 372+234 = 606 -> 606; rho(5) = 106
 *    q=6: 460 -> 434+182 = 616 -> 434+234 = 668 -> 434+260 = 694 -> 694; rho(6) = 94
 *    rho = 118 at q = 4 (q = 0 alone would say 114).
 * A: t = 26, Q = 1, w(0) = 26, rho = 26. */
static void test_tindell_arbitrary_deadline(void)
{
    hol_resource res[] = { CORE };
    hol_step ss[] = { step(0, 1, 26, 26), step(0, 2, 62, 62) };
    hol_task ts[] = { task(70, 70, 0, 0, 1), task(100, 100, 0, 1, 1) };
    hol_result r;
    run(res, 1, ts, 2, ss, 2, &r);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 26);
    CU_ASSERT_EQUAL(r.steps[1].status, HOL_BOUNDED);
    CU_ASSERT_EQUAL(r.steps[1].busy_ns, 694);
    CU_ASSERT_EQUAL(r.steps[1].q_jobs, 7);
    CU_ASSERT_EQUAL(r.steps[1].local_ns, 118);
    CU_ASSERT_EQUAL(r.steps[1].worst_q, 4);
    CU_ASSERT_EQUAL(r.steps[1].blocking_ns, 0);
    CU_ASSERT_EQUAL(r.tasks[1].response_ns, 118);
    CU_ASSERT_FALSE(r.tasks[1].schedulable);        /* 118 > D = 100 */
    CU_ASSERT_FALSE(r.schedulable);
    CU_ASSERT_EQUAL(r.iterations, 1);               /* one-step tasks: no jitter to propagate */
    holistic_result_fini(&r);
}

/* A release jitter larger than the period: A (C = 3, T = 10) above B (C = 2, T = 10, J = 25) on
 * one core.
 * B: t from 5: 3*1 + 2*ceil(30/10) = 9 -> 3*1 + 2*ceil(34/10) = 11 -> 3*2 + 2*ceil(36/10) = 14
 *    -> 3*2 + 2*ceil(39/10) = 14; Q = ceil((14+25)/10) = 4.
 *    w(q) = 2(q+1) + 3 ceil(w/10), from 2(q+1) + 3:
 *    q=0: 5 -> 5;          rho(0) = 25 + 5 = 30
 *    q=1: 7 -> 7;          rho(1) = 25 + 7 - 10 = 22
 *    q=2: 9 -> 9;          rho(2) = 25 + 9 - 20 = 14
 *    q=3: 11 -> 8+6 = 14 -> 14;   rho(3) = 25 + 14 - 30 = 9;   rho = 30 (q = 0). */
static void test_jitter_beyond_period(void)
{
    hol_resource res[] = { CORE };
    hol_step ss[] = { step(0, 1, 3, 0), step(0, 2, 2, 0) };
    hol_task ts[] = { task(10, 10, 0, 0, 1), task(10, 40, 25, 1, 1) };
    hol_result r;
    run(res, 1, ts, 2, ss, 2, &r);
    CU_ASSERT_EQUAL(r.steps[1].busy_ns, 14);
    CU_ASSERT_EQUAL(r.steps[1].q_jobs, 4);
    CU_ASSERT_EQUAL(r.steps[1].jitter_ns, 25);
    CU_ASSERT_EQUAL(r.steps[1].local_ns, 30);
    CU_ASSERT_EQUAL(r.steps[1].worst_q, 0);
    CU_ASSERT_EQUAL(r.tasks[1].response_ns, 30);
    CU_ASSERT_TRUE(r.tasks[1].schedulable);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 3);
    CU_ASSERT_TRUE(r.schedulable);
    holistic_result_fini(&r);
}

/* Two cores and a partition (job mode). A (T = D = 100, prio 1) and B (T = D = 150, prio 2),
 * each core0 -> partition -> core1.
 *   A: s0 core0 C=10 Cb=5,  s1 partition C=20 Cb=10, s2 core1 C=5  Cb=5
 *   B: s3 core0 C=15 Cb=10, s4 partition C=30 Cb=20, s5 core1 C=10 Cb=0
 * Offsets (eq. O): A: 0, 5, 15 (Rb 5, 15, 20); B: 0, 10, 30 (Rb 10, 30, 30).
 * Start (rho = C): J = 0, 10-5 = 5, 20-10 = 10 (A); 0, 15-10 = 5, 30-20 = 10 (B).
 * Round 1:
 *   core0  s0: t = 10, Q = 1, w = 10, rho = 10.
 *          s3: t from 25: 10 + 15 = 25; Q = 1; w from 25: 15 + 10 ceil(25/100) = 25; rho = 25.
 *   part.  s1: B = 30; t from 50: 30 + 20 ceil(55/100) = 50; Q = ceil(55/100) = 1; w = 30;
 *              rho = 5 + 30 + 20 = 55.
 *          s4: B = 0; t from 50: 20 ceil(55/100) + 30 ceil(55/150) = 50; Q = 1;
 *              w from 20: 20 (floor(25/100)+1) = 20; rho = 5 + 20 + 30 = 55.
 *   core1  s2: t = 5 (5 ceil(15/100)); Q = 1; w = 5; rho = 10 + 5 = 15.
 *          s5: t from 15: 5 ceil(25/100) + 10 ceil(25/150) = 15; Q = 1;
 *              w from 15: 10 + 5 ceil(25/100) = 15; rho = 10 + 15 = 25.
 *   eq. J: s1 10-5 = 5 (same), s2 55-10 = 45, s4 25-10 = 15, s5 55-20 = 35.
 * Round 2 (core0 unchanged):
 *   part.  s1: t from 50: 30 + 20 ceil(55/100) = 50; Q = 1; w = 30; rho = 55.
 *          s4 (J 15): t from 50: 20 + 30 ceil(65/150) = 50; Q = 1; w from 20: 20;
 *              rho = 15 + 20 + 30 = 65.
 *   core1  s2 (J 45): t = 5; Q = ceil(50/100) = 1; rho = 45 + 5 = 50.
 *          s5 (J 35): t from 15: 5 ceil(60/100) + 10 ceil(50/150) = 15; Q = 1;
 *              w from 15: 10 + 5 ceil(60/100) = 15; rho = 35 + 15 = 50.
 *   eq. J: s2 55-10 = 45 (same), s5 65-20 = 45.
 * Round 3 (core1 only): s2 rho = 50; s5 (J 45): t from 15: 5 ceil(60/100) + 10 ceil(60/150)
 *   = 15; Q = 1; w from 15: 10 + 5 ceil(60/100) = 15; rho = 45 + 15 = 60. No jitter changes.
 * R: A 10, 5+55 = 60, 15+50 = 65; B 25, 10+65 = 75, 30+60 = 90. */
static void test_two_cores_and_partition(void)
{
    hol_resource res[] = { CORE, CORE, PART };
    hol_step ss[] = { step(0, 1, 10, 5), step(2, 1, 20, 10), step(1, 1, 5, 5),
                      step(0, 2, 15, 10), step(2, 2, 30, 20), step(1, 2, 10, 0) };
    hol_task ts[] = { task(100, 100, 0, 0, 3), task(150, 150, 0, 3, 3) };
    hol_result r;
    run(res, 3, ts, 2, ss, 6, &r);
    static const int64_t off[] = { 0, 5, 15, 0, 10, 30 }, best[] = { 5, 15, 20, 10, 30, 30 };
    static const int64_t jit[] = { 0, 5, 45, 0, 15, 45 }, rho[] = { 10, 55, 50, 25, 65, 60 };
    static const int64_t resp[] = { 10, 60, 65, 25, 75, 90 };
    for (size_t s = 0; s < 6; s++) {
        CU_ASSERT_EQUAL(r.steps[s].status, HOL_BOUNDED);
        CU_ASSERT_EQUAL(r.steps[s].offset_ns, off[s]);
        CU_ASSERT_EQUAL(r.steps[s].best_ns, best[s]);
        CU_ASSERT_EQUAL(r.steps[s].jitter_ns, jit[s]);
        CU_ASSERT_EQUAL(r.steps[s].local_ns, rho[s]);
        CU_ASSERT_EQUAL(r.steps[s].response_ns, resp[s]);
    }
    CU_ASSERT_EQUAL(r.steps[1].blocking_ns, 30);
    CU_ASSERT_EQUAL(r.steps[2].blocking_ns, 0);     /* cores: no blocking */
    CU_ASSERT_EQUAL(r.tasks[0].response_ns, 65);
    CU_ASSERT_EQUAL(r.tasks[1].response_ns, 90);
    CU_ASSERT_TRUE(r.schedulable);
    CU_ASSERT_EQUAL(r.iterations, 3);
    holistic_result_fini(&r);
}

/* A fifo copy engine: H (C = 4, T = 50, prio 1), M (C = 10, T = 60, prio 2), L (C = 6, T = 70,
 * prio 3), one copy each. fifo: one priority, every other copy interferes, no blocking.
 *   t from 20: 4 ceil(20/50) + 10 ceil(20/60) + 6 ceil(20/70) = 20; Q = 1 for each.
 *   H: w from 16: 10 (floor(16/60)+1) + 6 (floor(16/70)+1) = 16; rho = 16 + 4 = 20.
 *   M: w from 10: 4 (floor(10/50)+1) + 6 (floor(10/70)+1) = 10; rho = 10 + 10 = 20.
 *   L: w from 14: 4 (floor(14/50)+1) + 10 (floor(14/60)+1) = 14; rho = 14 + 6 = 20.
 * (With the priorities, H would be B = 10, t = 14, w = 10, rho = 14.) */
static void test_fifo_engine(void)
{
    hol_resource res[] = { FIFO };
    hol_step ss[] = { step(0, 1, 4, 4), step(0, 2, 10, 10), step(0, 3, 6, 6) };
    hol_task ts[] = { task(50, 50, 0, 0, 1), task(60, 60, 0, 1, 1), task(70, 70, 0, 2, 1) };
    hol_result r;
    run(res, 1, ts, 3, ss, 3, &r);
    for (size_t s = 0; s < 3; s++) {
        CU_ASSERT_EQUAL(r.steps[s].blocking_ns, 0);
        CU_ASSERT_EQUAL(r.steps[s].busy_ns, 20);
        CU_ASSERT_EQUAL(r.steps[s].local_ns, 20);
    }
    holistic_result_fini(&r);

    /* The same copies on a priority engine: H blocked by M (B = 10), t from 14: 10 + 4 = 14,
     * w = 10, rho = 14. */
    res[0] = ENGINE;
    run(res, 1, ts, 3, ss, 3, &r);
    CU_ASSERT_EQUAL(r.steps[0].blocking_ns, 10);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 14);
    holistic_result_fini(&r);
}

/* Jitter propagated over three resources: X (T = 20, D = 60, prio 1) core0 -> copy engine ->
 * partition; Y (T = 50, D = 50, prio 2) on the partition only.
 *   X: s0 core0 C=10 Cb=2, s1 engine C=9 Cb=1, s2 partition C=8 Cb=8;  Y: s3 partition C=10.
 * Offsets: s0 0, s1 2, s2 3 (Rb 2, 3, 11); s3 0. Start: J = 0, 10-2 = 8, 9-1 = 8; s3 0.
 * Round 1:
 *   core0  s0: t = 10 (10 ceil(10/20)); Q = 1; w = 10; rho = 10.
 *   engine s1: t = 9 (9 ceil(17/20)); Q = ceil(17/20) = 1; w = 0; rho = 8 + 0 + 9 = 17.
 *   part.  s2 (J 8): B = 10; t from 18: 10 + 8 ceil(26/20) = 26 -> 10 + 8 ceil(34/20) = 26;
 *              Q = ceil(34/20) = 2; w(0) = 10, R(0) = 8+10+8 = 26; w(1) = 18,
 *              R(1) = 8+18-20+8 = 14; rho = 26.
 *          s3: B = 0; t from 18: 8 ceil(26/20) + 10 ceil(18/50) = 26 -> 8 ceil(34/20) + 10 = 26;
 *              Q = 1; w from 8: 8 (floor(16/20)+1) = 8; rho = 8 + 10 = 18.
 *   eq. J: s1 10-2 = 8 (same), s2 17-1 = 16.
 * Round 2 (the partition):
 *          s2 (J 16): t from 18: 10 + 8 ceil(34/20) = 26 -> 10 + 8 ceil(42/20) = 34
 *              -> 10 + 8 ceil(50/20) = 34; Q = ceil(50/20) = 3; w(q) = 10 + 8q:
 *              R(0) = 16+10+8 = 34, R(1) = 16+18-20+8 = 22, R(2) = 16+26-40+8 = 10; rho = 34.
 *          s3: t from 18: 8 ceil(34/20) + 10 = 26 -> 8 ceil(42/20) + 10 = 34 -> 34; Q = 1;
 *              w from 8: 8 (floor(24/20)+1) = 16 -> 8 (floor(32/20)+1) = 16; rho = 16 + 10 = 26.
 *   No jitter changes. R: X 10, 2+17 = 19, 3+34 = 37; Y 26. */
static void test_jitter_three_resources(void)
{
    hol_resource res[] = { CORE, ENGINE, PART };
    hol_step ss[] = { step(0, 1, 10, 2), step(1, 1, 9, 1), step(2, 1, 8, 8), step(2, 2, 10, 10) };
    hol_task ts[] = { task(20, 60, 0, 0, 3), task(50, 50, 0, 3, 1) };
    hol_result r;
    run(res, 3, ts, 2, ss, 4, &r);
    CU_ASSERT_EQUAL(r.steps[1].jitter_ns, 8);
    CU_ASSERT_EQUAL(r.steps[1].local_ns, 17);
    CU_ASSERT_EQUAL(r.steps[1].response_ns, 19);
    CU_ASSERT_EQUAL(r.steps[2].offset_ns, 3);
    CU_ASSERT_EQUAL(r.steps[2].jitter_ns, 16);
    CU_ASSERT_EQUAL(r.steps[2].busy_ns, 34);
    CU_ASSERT_EQUAL(r.steps[2].q_jobs, 3);
    CU_ASSERT_EQUAL(r.steps[2].local_ns, 34);
    CU_ASSERT_EQUAL(r.tasks[0].response_ns, 37);
    CU_ASSERT_EQUAL(r.steps[3].busy_ns, 34);
    CU_ASSERT_EQUAL(r.tasks[1].response_ns, 26);
    CU_ASSERT_TRUE(r.schedulable);
    CU_ASSERT_EQUAL(r.iterations, 2);
    holistic_result_fini(&r);
}

/* Unbounded steps. core0: H (C = 6, T = 10, prio 1) and L's first step (C = 5, T = 10, prio 2):
 * hep(L.a) has utilisation 1.1. core1: L.b (C = 1, prio 2), M (C = 2, T = 100, prio 3: L.b is in
 * its hp set with an unbounded jitter), N (C = 3, T = 100, prio 1: L.b is below it).
 * core2: Z (C = 1, T = D = 10, J = 1000): bound 100 * 10 = 1000, and rho(0) = 1000 + 1 = 1001;
 * its second step (core4) depends on it. core3: Z2 (C = 1, T = D = 10, J = 999): t from 1:
 * ceil(1000/10) = 100 -> ceil(1099/10) = 110 -> ceil(1109/10) = 111 -> ceil(1110/10) = 111;
 * Q = 111; w(q) = q + 1; rho(q) = 999 + 1 - 9q, rho = 1000 = the bound: bounded, misses D. */
static void test_unbounded(void)
{
    hol_resource res[] = { CORE, CORE, CORE, CORE, CORE };
    hol_step ss[] = { step(0, 1, 6, 0),                    /* H */
                      step(0, 2, 5, 0), step(1, 2, 1, 0),  /* L */
                      step(1, 3, 2, 0),                    /* M */
                      step(1, 1, 3, 0),                    /* N */
                      step(2, 1, 1, 0), step(4, 1, 1, 0),  /* Z */
                      step(3, 1, 1, 0) };                  /* Z2 */
    hol_task ts[] = { task(10, 10, 0, 0, 1), task(10, 100, 0, 1, 2), task(100, 100, 0, 3, 1),
                      task(100, 100, 0, 4, 1), task(10, 10, 1000, 5, 2),
                      task(10, 10, 999, 7, 1) };
    hol_result r;
    run(res, 5, ts, 6, ss, 8, &r);
    CU_ASSERT_EQUAL(r.steps[0].status, HOL_BOUNDED);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 6);
    CU_ASSERT_EQUAL(r.steps[1].status, HOL_UTILISATION);
    CU_ASSERT_EQUAL(r.steps[2].status, HOL_DEPENDS);
    CU_ASSERT_EQUAL(r.steps[3].status, HOL_DEPENDS);
    CU_ASSERT_EQUAL(r.steps[4].status, HOL_BOUNDED);
    CU_ASSERT_EQUAL(r.steps[4].local_ns, 3);
    CU_ASSERT_EQUAL(r.steps[5].status, HOL_LIMIT);
    CU_ASSERT_EQUAL(r.steps[6].status, HOL_DEPENDS);
    CU_ASSERT_EQUAL(r.steps[7].status, HOL_BOUNDED);
    CU_ASSERT_EQUAL(r.steps[7].q_jobs, 111);
    CU_ASSERT_EQUAL(r.steps[7].local_ns, 1000);
    CU_ASSERT_TRUE(r.tasks[0].schedulable);
    CU_ASSERT_EQUAL(r.tasks[1].status, HOL_DEPENDS);
    CU_ASSERT_FALSE(r.tasks[1].schedulable);
    CU_ASSERT_EQUAL(r.tasks[1].response_ns, 0);
    CU_ASSERT_EQUAL(r.tasks[2].status, HOL_DEPENDS);
    CU_ASSERT_TRUE(r.tasks[3].schedulable);
    CU_ASSERT_EQUAL(r.tasks[4].status, HOL_DEPENDS);
    CU_ASSERT_EQUAL(r.tasks[5].status, HOL_BOUNDED);
    CU_ASSERT_EQUAL(r.tasks[5].response_ns, 1000);
    CU_ASSERT_FALSE(r.tasks[5].schedulable);
    CU_ASSERT_FALSE(r.schedulable);
    holistic_result_fini(&r);
}

/* Deferred preemption at kernel boundaries, both directions. H: one launch C = 5, T = 8,
 * prio 1; L: launches 5 + 5 (C = 10, F = 5), T = 100, prio 2, on one partition.
 * Job mode (docs/analysis.md sec. 2):
 *   H: B = 10; t from 15: 10 + 5 ceil(15/8) = 20 -> 10 + 5*3 = 25 -> 10 + 5*4 = 30 -> 30;
 *      Q = ceil(30/8) = 4; w(q) = 10 + 5q; R(q) = 10 + 5q - 8q + 5 = 15 - 3q; rho = 15.
 *   L: B = 0; t from 15: 5 ceil(15/8) + 10 = 20 -> 5*3 + 10 = 25 -> 5*4 + 10 = 30 -> 30;
 *      Q = 1; w from 5: 5 (floor(5/8)+1) = 5; rho = 5 + 10 = 15.
 * Kernel mode (docs/system.md sec. 4):
 *   H: B = 5 (L's largest launch), F = 5; t from 10: 5 + 5 ceil(10/8) = 15 -> 5 + 5*2 = 15;
 *      Q = ceil(15/8) = 2; w(q) = 5 + 5q + 0; rho(q) = 5 + 5q + 5 - 8q; rho = 10 (helped).
 *   L: B = 0, F = 5; t = 30 as above; Q = 1; w from 0 + 0 + 5 + 5 = 10:
 *      5 + 5 (floor(10/8)+1) = 15 -> 5 + 5 (floor(15/8)+1) = 15; rho = 15 + 5 = 20 (later:
 *      H's second job preempts L between its kernels). */
static void test_kernel_preemption(void)
{
    static const int64_t one[] = { 5 }, two[] = { 5, 5 }, zero2[] = { 0, 0 }, zero1[] = { 0 };
    hol_resource res[] = { PART };
    hol_step ss[] = { step(0, 1, 5, 0), step(0, 2, 10, 0) };
    ss[0].launch_wcet_ns = one;
    ss[0].launch_bcet_ns = zero1;
    ss[0].n_launches = 1;
    ss[1].launch_wcet_ns = two;
    ss[1].launch_bcet_ns = zero2;
    ss[1].n_launches = 2;
    hol_task ts[] = { task(8, 8, 0, 0, 1), task(100, 100, 0, 1, 1) };
    hol_result r;
    run(res, 1, ts, 2, ss, 2, &r);
    CU_ASSERT_EQUAL(r.steps[0].blocking_ns, 10);
    CU_ASSERT_EQUAL(r.steps[0].busy_ns, 30);
    CU_ASSERT_EQUAL(r.steps[0].q_jobs, 4);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 15);
    CU_ASSERT_EQUAL(r.steps[1].busy_ns, 30);
    CU_ASSERT_EQUAL(r.steps[1].local_ns, 15);
    holistic_result_fini(&r);

    res[0] = PART_K;
    run(res, 1, ts, 2, ss, 2, &r);
    CU_ASSERT_EQUAL(r.steps[0].blocking_ns, 5);
    CU_ASSERT_EQUAL(r.steps[0].busy_ns, 15);
    CU_ASSERT_EQUAL(r.steps[0].q_jobs, 2);
    CU_ASSERT_EQUAL(r.steps[0].local_ns, 10);
    CU_ASSERT_EQUAL(r.steps[1].blocking_ns, 0);
    CU_ASSERT_EQUAL(r.steps[1].busy_ns, 30);
    CU_ASSERT_EQUAL(r.steps[1].local_ns, 20);
    holistic_result_fini(&r);
}

/* A small deterministic generator (xorshift64*) for the comparisons below. */
static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static int64_t rnd_in(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rnd(s) % (uint64_t)(hi - lo + 1));
}

/* Every task one step on one partition (GPU steps only, J propagated from nothing): equal to
 * docs/analysis.md sec. 2 as rta_npfp computes it, R for R, in job mode and, with one launch per
 * step, in kernel mode. 300 random sets of 1 to 8 tasks, some with release jitter and shared
 * priorities. */
static void test_one_partition_equals_rta(void)
{
    enum { N = 8 };
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    size_t compared = 0;
    for (int round = 0; round < 300; round++) {
        size_t n = (size_t)rnd_in(&seed, 1, N);
        rta_task rt[N];
        hol_step ss[N];
        hol_task ts[N];
        int64_t launch[N];
        rta_result rr[N];
        for (size_t i = 0; i < n; i++) {
            int64_t t = rnd_in(&seed, 20, 400), c = rnd_in(&seed, 1, t / (int64_t)n + 1);
            int64_t j = rnd_in(&seed, 0, 3) == 0 ? rnd_in(&seed, 0, 2 * t) : 0;
            int64_t d = rnd_in(&seed, t / 2, 2 * t), prio = rnd_in(&seed, 1, (int64_t)n);
            rt[i] = (rta_task){ .period_ns = t, .deadline_ns = d, .jitter_ns = j, .wcet_ns = c,
                                .priority = prio };
            launch[i] = c;
            ss[i] = step(0, prio, c, rnd_in(&seed, 0, c));
            ss[i].launch_wcet_ns = &launch[i];
            ss[i].n_launches = 1;
            ts[i] = task(t, d, j, i, 1);
        }
        CU_ASSERT_FATAL(rta_npfp(rt, n, 0, rr) == 0);
        for (int mode = 0; mode < 2; mode++) {
            hol_resource res[] = { mode ? PART_K : PART };
            hol_result r;
            run(res, 1, ts, n, ss, n, &r);
            for (size_t i = 0; i < n; i++) {
                bool bounded = rr[i].status == RTA_BOUNDED
                               && rr[i].wcrt_ns <= 100 * (ts[i].deadline_ns > ts[i].period_ns
                                                              ? ts[i].deadline_ns
                                                              : ts[i].period_ns);
                CU_ASSERT_EQUAL(r.steps[i].status == HOL_BOUNDED, bounded);
                if (bounded) {
                    CU_ASSERT_EQUAL(r.steps[i].local_ns, rr[i].wcrt_ns);
                    CU_ASSERT_EQUAL(r.tasks[i].response_ns, rr[i].wcrt_ns);
                    CU_ASSERT_EQUAL(r.tasks[i].schedulable, rr[i].schedulable);
                    compared++;
                }
            }
            CU_ASSERT_EQUAL(r.iterations, 1);
            holistic_result_fini(&r);
        }
        rta_results_fini(rr, n);
    }
    CU_ASSERT(compared > 1000);
}

/* Invalid systems: EINVAL, nothing to free. */
static void test_invalid(void)
{
    hol_resource res[] = { CORE };
    hol_step ss[] = { step(0, 1, 5, 0), step(0, 1, 5, 0) };
    hol_task ts[] = { task(10, 10, 0, 0, 1), task(10, 10, 0, 1, 1) };
    hol_system sys = { .resources = res, .n_resources = 1, .tasks = ts, .n_tasks = 2,
                       .steps = ss, .n_steps = 2 };
    rt_budget b;
    hol_result r;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), 0);
    holistic_result_fini(&r);
    ss[1].resource = 1;                                /* no such resource */
    errno = 0;
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), -1);
    CU_ASSERT_EQUAL(errno, EINVAL);
    CU_ASSERT_PTR_NULL(r.steps);
    ss[1].resource = 0;
    ss[1].bcet_ns = 6;                                 /* bcet > wcet */
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), -1);
    ss[1].bcet_ns = 0;
    ts[1].first_step = 0;                              /* steps not covered task by task */
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), -1);
    ts[1].first_step = 1;
    ts[0].period_ns = 0;
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), -1);
    ts[0].period_ns = 10;
    static const int64_t l[] = { 2, 2 };               /* launches sum to 4, not 5 */
    ss[0].launch_wcet_ns = l;
    ss[0].n_launches = 2;
    CU_ASSERT_EQUAL(holistic_analyse(&sys, &b, &r), -1);
    CU_ASSERT_EQUAL(holistic_analyse(NULL, &b, &r), -1);
    holistic_result_fini(NULL);
}

/* A budget too small to reach the fixpoint: every step undecided, no verdict. */
static void test_budget(void)
{
    hol_resource res[] = { CORE, CORE, PART };
    hol_step ss[] = { step(0, 1, 10, 5), step(2, 1, 20, 10), step(1, 1, 5, 5),
                      step(0, 2, 15, 10), step(2, 2, 30, 20), step(1, 2, 10, 0) };
    hol_task ts[] = { task(100, 100, 0, 0, 3), task(150, 150, 0, 3, 3) };
    hol_system sys = { .resources = res, .n_resources = 3, .tasks = ts, .n_tasks = 2,
                       .steps = ss, .n_steps = 6 };
    rt_budget b;
    hol_result r;
    budget_init(&b, 20);
    CU_ASSERT_EQUAL_FATAL(holistic_analyse(&sys, &b, &r), 0);
    CU_ASSERT_TRUE(b.exhausted);
    CU_ASSERT_EQUAL(b.step, BUDGET_STEP_RTA);
    for (size_t s = 0; s < 6; s++)
        CU_ASSERT_EQUAL(r.steps[s].status, HOL_BUDGET);
    CU_ASSERT_FALSE(r.schedulable);
    holistic_result_fini(&r);
}

static void test_status_names(void)
{
    CU_ASSERT_STRING_EQUAL(holistic_status_name(HOL_BOUNDED), "bounded");
    CU_ASSERT_STRING_EQUAL(holistic_status_name(HOL_DEPENDS), "depends on an unbounded step");
    CU_ASSERT_STRING_EQUAL(holistic_status_name(HOL_BUDGET), "undecided (work budget exhausted)");
}

void test_holistic_register(void);
void test_holistic_register(void)
{
    CU_pSuite s = CU_add_suite("holistic", NULL, NULL);
    CU_add_test(s, "Tindell 1994: the worst job is not the first", test_tindell_arbitrary_deadline);
    CU_add_test(s, "release jitter beyond the period", test_jitter_beyond_period);
    CU_add_test(s, "two cores and a partition", test_two_cores_and_partition);
    CU_add_test(s, "fifo copy engine", test_fifo_engine);
    CU_add_test(s, "jitter propagated over three resources", test_jitter_three_resources);
    CU_add_test(s, "unbounded steps and what depends on them", test_unbounded);
    CU_add_test(s, "kernel-boundary preemption, both directions", test_kernel_preemption);
    CU_add_test(s, "one partition equals rta_npfp", test_one_partition_equals_rta);
    CU_add_test(s, "invalid systems", test_invalid);
    CU_add_test(s, "work budget", test_budget);
    CU_add_test(s, "status names", test_status_names);
}
