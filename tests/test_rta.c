/* Tests of rta: response times computed by hand from docs/analysis.md sec. 2 (Davis et
 * al. 2007). */
#include <CUnit/CUnit.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "analysis/rta.h"

#define P62 ((int64_t)1 << 62)
#define P60 ((int64_t)1 << 60)

/* C, T, D, J, priority */
static rta_task task(int64_t c, int64_t t, int64_t d, int64_t j, int64_t prio)
{
    return (rta_task){ .wcet_ns = c, .period_ns = t, .deadline_ns = d, .jitter_ns = j,
                       .priority = prio };
}

/* Analyse, assert success, keep the results in r (caller frees with rta_results_fini). */
static void analyse(const rta_task *ts, size_t n, size_t cap, rta_result *r)
{
    CU_ASSERT_FATAL(rta_npfp(ts, n, cap, r) == 0);
}

static void test_single_task(void)
{
    rta_task ts[] = { task(3, 10, 10, 0, 1) };
    rta_result r[1];
    analyse(ts, 1, 0, r);
    /* B = 0; t = 3 (ceil(3/10) * 3 = 3), Q = 1; w(0) = 0, R = 0 + 3 = 3 */
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].blocking_ns, 0);
    CU_ASSERT_EQUAL(r[0].busy_ns, 3);
    CU_ASSERT_EQUAL(r[0].q_jobs, 1);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 3);
    CU_ASSERT_TRUE(r[0].schedulable);
    CU_ASSERT_PTR_NULL(r[0].steps);
    rta_results_fini(r, 1);
}

/* H (C=2, T=10) above L (C=5, T=20): the non-preemptive L blocks H. */
static void test_blocking(void)
{
    rta_task ts[] = { task(5, 20, 20, 0, 2), task(2, 10, 6, 0, 1) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    /* H: B = 5; t: 5 + 2 = 7 = 5 + ceil(7/10) 2, Q = 1; w(0) = 5, R = 5 + 2 = 7 > D = 6 */
    CU_ASSERT_EQUAL(r[1].blocking_ns, 5);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 7);
    CU_ASSERT_FALSE(r[1].schedulable);
    /* L: B = 0; t = 7 = ceil(7/10) 2 + ceil(7/20) 5, Q = 1; w = (0 + 1) 2 = 2, R = 2 + 5 = 7 */
    CU_ASSERT_EQUAL(r[0].blocking_ns, 0);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 7);
    CU_ASSERT_TRUE(r[0].schedulable);
    rta_results_fini(r, 2);
}

/* Davis, Burns, Bril, Lukkien 2007, sec. 3: messages A, B, C with C = 1 ms and periods 2.5, 3.5,
 * 3.5 ms (here 1000 ns and 2500, 3500, 3500 ns). The first instance of C is not its worst: the
 * pre-2007 analysis (q = 0 only) gives 3000, the revised one 3500 from the second instance. */
static void test_davis_can_example(void)
{
    rta_task ts[] = { task(1000, 2500, 2500, 0, 1), task(1000, 3500, 3500, 0, 2),
                      task(1000, 3500, 3500, 0, 3) };
    rta_result r[3];
    analyse(ts, 3, 8, r);
    /* A: B = 1000, no hp: w = 1000, R = 2000 */
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 2000);
    /* B: B = 1000; t: 3000 -> 1000+2000+1000 = 4000 -> 1000+2000+2000 = 5000 (fixpoint), Q = 2;
     * q=0: w = 1000 + 1000 = 2000, R = 3000; q=1: w: 3000 -> 4000 (fixpoint), R = 4000-3500+1000 */
    CU_ASSERT_EQUAL(r[1].busy_ns, 5000);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 3000);
    CU_ASSERT_EQUAL(r[1].worst_q, 0);
    /* C: B = 0; t: 3000 -> 2000+1000+1000 = 4000 -> 2000+2000+2000 = 6000 -> 3000+2000+2000
     * = 7000 (fixpoint), Q = ceil(7000/3500) = 2.
     * q=0: w = 1000 + 1000 = 2000 (floor(2000/2500)+1 = 1, floor(2000/3500)+1 = 1), R = 3000.
     * q=1: w from 3000: 1000+2000+1000 = 4000 -> 1000+2000+2000 = 5000 -> 1000+3000+2000 = 6000
     * -> 6000 (fixpoint; A's release at 5000 counts at the instant C could start).
     * R(1) = 6000 - 3500 + 1000 = 3500. */
    CU_ASSERT_EQUAL(r[2].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[2].busy_ns, 7000);
    CU_ASSERT_EQUAL(r[2].q_jobs, 2);
    CU_ASSERT_EQUAL(r[2].wcrt_ns, 3500);
    CU_ASSERT_EQUAL(r[2].worst_q, 1);
    CU_ASSERT_TRUE(r[2].schedulable);
    CU_ASSERT_EQUAL_FATAL(r[2].n_steps, 2);
    CU_ASSERT_EQUAL(r[2].steps[0].q, 0);
    CU_ASSERT_EQUAL(r[2].steps[0].w_ns, 2000);
    CU_ASSERT_EQUAL(r[2].steps[0].r_ns, 3000);
    CU_ASSERT_EQUAL(r[2].steps[1].q, 1);
    CU_ASSERT_EQUAL(r[2].steps[1].w_ns, 6000);
    CU_ASSERT_EQUAL(r[2].steps[1].r_ns, 3500);
    rta_results_fini(r, 3);

    /* With D_C = 3499 the q = 0 analysis (3000) would pass; the revised one must not. */
    ts[2].deadline_ns = 3499;
    analyse(ts, 3, 0, r);
    CU_ASSERT_EQUAL(r[2].wcrt_ns, 3500);
    CU_ASSERT_FALSE(r[2].schedulable);
    rta_results_fini(r, 3);
}

static void test_trace_cap(void)
{
    rta_task ts[] = { task(1000, 2500, 2500, 0, 1), task(1000, 3500, 3500, 0, 2),
                      task(1000, 3500, 3500, 0, 3) };
    rta_result r[3];
    analyse(ts, 3, 1, r);
    CU_ASSERT_EQUAL(r[2].n_steps, 1);   /* two jobs, cap 1 */
    CU_ASSERT_EQUAL(r[2].wcrt_ns, 3500);  /* the cap limits the trace, not the analysis */
    CU_ASSERT_EQUAL(r[0].n_steps, 1);
    rta_results_fini(r, 3);
    CU_ASSERT_PTR_NULL(r[2].steps);
    rta_results_fini(NULL, 3);
}

/* Jitter of an hp task and of the task itself. */
static void test_jitter(void)
{
    rta_task ts[] = { task(2, 10, 10, 9, 1), task(5, 20, 20, 0, 2) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    /* L: hp = {H (J=9)}; t: 7 -> ceil(16/10) 2 + ceil(7/20) 5 = 9 -> ceil(18/10) 2 + 5 = 9, Q = 1;
     * w: 2 -> (floor(11/10)+1) 2 = 4 -> (floor(13/10)+1) 2 = 4; R = 4 + 5 = 9 (7 without J_H) */
    CU_ASSERT_EQUAL(r[1].busy_ns, 9);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 9);
    /* H: B = 5; t: 7 -> 5 + ceil(16/10) 2 = 9 -> 5 + ceil(18/10) 2 = 9, Q = ceil(18/10) = 2;
     * q=0: w = 5, R = 9 + 5 + 2 = 16; q=1: w = 7, R = 9 + 7 - 10 + 2 = 8. R = 16 > D = 10 */
    CU_ASSERT_EQUAL(r[0].busy_ns, 9);
    CU_ASSERT_EQUAL(r[0].q_jobs, 2);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 16);
    CU_ASSERT_EQUAL(r[0].worst_q, 0);
    CU_ASSERT_FALSE(r[0].schedulable);
    rta_results_fini(r, 2);
}

/* D > T: B (C=2, T=5) waits behind A (C=9, T=20); three of its jobs share one busy period. */
static void test_deadline_beyond_period(void)
{
    rta_task ts[] = { task(9, 20, 20, 0, 1), task(2, 5, 12, 0, 2) };
    rta_result r[2];
    analyse(ts, 2, 10, r);
    /* B: t: 11 -> 9 + ceil(11/5) 2 = 15 -> 9 + 3*2 = 15, Q = 3.
     * q=0: w = 9, R = 11; q=1: w = 11, R = 11 - 5 + 2 = 8; q=2: w = 13, R = 13 - 10 + 2 = 5.
     * (jobs 1 and 2 are skipped by the run rule: A's next release is at 20 > 13; the trace still
     * lists them) */
    CU_ASSERT_EQUAL(r[1].busy_ns, 15);
    CU_ASSERT_EQUAL(r[1].q_jobs, 3);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 11);
    CU_ASSERT_EQUAL(r[1].worst_q, 0);
    CU_ASSERT_TRUE(r[1].schedulable);       /* 11 <= 12 although 11 > T = 5 */
    CU_ASSERT_EQUAL_FATAL(r[1].n_steps, 3);
    int64_t w[] = { 9, 11, 13 }, rq[] = { 11, 8, 5 };
    for (int q = 0; q < 3; q++) {
        CU_ASSERT_EQUAL(r[1].steps[q].q, q);
        CU_ASSERT_EQUAL(r[1].steps[q].w_ns, w[q]);
        CU_ASSERT_EQUAL(r[1].steps[q].r_ns, rq[q]);
    }
    /* A: B = 2, t = 11, w = 2, R = 11 */
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 11);
    rta_results_fini(r, 2);

    ts[1].deadline_ns = 10;
    analyse(ts, 2, 0, r);
    CU_ASSERT_FALSE(r[1].schedulable);
    rta_results_fini(r, 2);
}

/* Equal priority numbers: X and Y interfere with each other (FIFO dispatch). */
static void test_equal_priorities(void)
{
    rta_task ts[] = { task(3, 10, 10, 0, 1), task(4, 10, 10, 0, 1), task(1, 20, 20, 0, 2) };
    rta_result r[3];
    analyse(ts, 3, 0, r);
    /* X: hp = {Y}, B = 1; t = 1 + 3 + 4 = 8 (fixpoint), w = 1 + 4 = 5, R = 5 + 3 = 8 */
    CU_ASSERT_EQUAL(r[0].blocking_ns, 1);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 8);
    /* Y: hp = {X}, B = 1; w = 1 + 3 = 4, R = 4 + 4 = 8 */
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 8);
    /* Z: hp = {X, Y}, B = 0; w = 3 + 4 = 7, R = 8 */
    CU_ASSERT_EQUAL(r[2].wcrt_ns, 8);
    rta_results_fini(r, 3);

    /* With distinct numbers X is no longer delayed by Y: B = max(4, 1) = 4, R = 4 + 3 = 7. */
    ts[1].priority = 2;
    ts[2].priority = 3;
    analyse(ts, 3, 0, r);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 7);
    rta_results_fini(r, 3);
}

static void test_zero_wcet(void)
{
    rta_task ts[] = { task(0, 10, 10, 0, 2), task(3, 10, 10, 0, 1) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    /* Z (C = 0): t = 3, Q = 1, w = 3, R = 3 + 0 = 3. A: B = 0 (Z is empty), R = 3. */
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 3);
    CU_ASSERT_EQUAL(r[1].blocking_ns, 0);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 3);
    rta_results_fini(r, 2);

    rta_task alone[] = { task(0, 10, 10, 0, 1) };
    analyse(alone, 1, 0, r);
    /* t = 0, Q = max(1, ceil(0/10)) = 1, R = 0 */
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].q_jobs, 1);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 0);
    rta_results_fini(r, 1);
}

static void test_utilization(void)
{
    /* 2/4 + 2/4 = 1: the lower task's busy period is unbounded by definition */
    rta_task ts[] = { task(2, 4, 4, 0, 1), task(2, 4, 4, 0, 2) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 4);       /* B = 2, R = 2 + 2 */
    CU_ASSERT_EQUAL(r[1].status, RTA_UTILIZATION);
    CU_ASSERT_FALSE(r[1].schedulable);
    rta_results_fini(r, 2);

    /* Three thirds with a period of 3 P, P = 2^60 - 1: sum exactly 1, but no binary expansion of
     * 1/3 terminates, so the test must conclude equality from the denominator bound. */
    int64_t p = P60 - 1;
    rta_task thirds[] = { task(p, 3 * p, 3 * p, 0, 1), task(p, 3 * p, 3 * p, 0, 2),
                          task(p, 3 * p, 3 * p, 0, 3) };
    rta_result r3[3];
    analyse(thirds, 3, 0, r3);
    /* middle: B = P, t = P + 2P = 3P (ceil(3P/3P) = 1), w = P + P, R = 2P + P = 3P <= D */
    CU_ASSERT_EQUAL(r3[1].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r3[1].wcrt_ns, 3 * p);
    CU_ASSERT_TRUE(r3[1].schedulable);
    CU_ASSERT_EQUAL(r3[2].status, RTA_UTILIZATION);
    rta_results_fini(r3, 3);
}

/* T1 = 2^61 - 1 and T2 = 2^61 + 1 are coprime; C1 = 2^60 - 1, C2 = 2^60 + 1 give
 * C1/T1 + C2/T2 = 1 - 1/(T1 T2) (check: C1 T2 + C2 T1 = 2^122 - 2 = T1 T2 - 1). In IEEE double
 * both quotients sum to exactly 1.0; the exact test must see that U < 1. */
static void test_utilization_exact(void)
{
    int64_t t1 = 2 * P60 - 1, t2 = 2 * P60 + 1;
    rta_task ts[] = { task(P60 - 1, t1, 2 * P60, 0, 1), task(P60 + 1, t2, t2, 0, 2) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    /* task 1: B = 2^60 + 1; t: 2^61 -> B + ceil(2^61/T1) C1 = 3*2^60 - 1 (fixpoint), Q = 2;
     * q=0: w = B, R = B + C1 = 2^61; q=1: w = 2^61, R = 2^61 - T1 + C1 = 2^60 */
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].busy_ns, 3 * P60 - 1);
    CU_ASSERT_EQUAL(r[0].q_jobs, 2);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 2 * P60);
    CU_ASSERT_EQUAL(r[0].worst_q, 0);
    CU_ASSERT_TRUE(r[0].schedulable);
    /* task 2: U < 1, but t: 2^61 -> 2 C1 + C2 = 3*2^60 - 1 -> 2 C1 + 2 C2 = 2^62
     * -> 3 C1 + 2 C2 > 2^62: the busy period passes the bound */
    CU_ASSERT_EQUAL(r[1].status, RTA_LIMIT);
    CU_ASSERT_FALSE(r[1].schedulable);
    rta_results_fini(r, 2);

    ts[1].wcet_ns += 1;                     /* U = 1 - 1/(T1 T2) + 1/T2 > 1 */
    analyse(ts, 2, 0, r);
    CU_ASSERT_EQUAL(r[1].status, RTA_UTILIZATION);
    rta_results_fini(r, 2);
}

static void test_bound(void)
{
    /* alone: t = C = 2^62 (ceil(2^62 / INT64_MAX) = 1) is allowed; one more nanosecond is not */
    rta_task ts[] = { task(P62, INT64_MAX, INT64_MAX, 0, 1) };
    rta_result r[1];
    analyse(ts, 1, 0, r);
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, P62);
    CU_ASSERT_TRUE(r[0].schedulable);
    rta_results_fini(r, 1);
    ts[0].wcet_ns = P62 + 1;
    analyse(ts, 1, 0, r);
    CU_ASSERT_EQUAL(r[0].status, RTA_LIMIT);
    CU_ASSERT_FALSE(r[0].schedulable);
    rta_results_fini(r, 1);
}

static void test_overflow(void)
{
    /* X: C = 3*2^61 (U = 0.75), blocked by Y: C = 2^62. B + C = 5*2^61 > INT64_MAX = 4*2^61 - 1.
     * Y: U = 5*2^61 / (4*2^61 - 1) > 1. */
    rta_task ts[] = { task(3 * (P60 * 2), INT64_MAX, INT64_MAX, 0, 1),
                      task(P62, INT64_MAX, INT64_MAX, 0, 2) };
    rta_result r[2];
    analyse(ts, 2, 0, r);
    CU_ASSERT_EQUAL(r[0].status, RTA_OVERFLOW);
    CU_ASSERT_FALSE(r[0].schedulable);
    CU_ASSERT_EQUAL(r[1].status, RTA_UTILIZATION);
    rta_results_fini(r, 2);

    /* t + J leaves int64 at once: t = 1, J = INT64_MAX */
    rta_task jit[] = { task(1, 10, 10, INT64_MAX, 1) };
    analyse(jit, 1, 0, r);
    CU_ASSERT_EQUAL(r[0].status, RTA_OVERFLOW);
    CU_ASSERT_FALSE(r[0].schedulable);
    rta_results_fini(r, 1);
}

static void test_invalid(void)
{
    rta_task ts[] = { task(1, 0, 10, 0, 1) };
    rta_result r[1];
    errno = 0;
    CU_ASSERT_EQUAL(rta_npfp(ts, 1, 0, r), -1);
    CU_ASSERT_EQUAL(errno, EINVAL);
    ts[0] = task(-1, 10, 10, 0, 1);
    CU_ASSERT_EQUAL(rta_npfp(ts, 1, 0, r), -1);
    ts[0] = task(1, 10, 10, -1, 1);
    CU_ASSERT_EQUAL(rta_audsley(ts, 1), -1);
    CU_ASSERT_EQUAL(ts[0].priority, 1);     /* unchanged */
    CU_ASSERT_EQUAL(rta_npfp(NULL, 0, 0, NULL), 0);
    CU_ASSERT_EQUAL(rta_audsley(NULL, 0), 1);
}

/* rta_fp_ex's options: the bound on R, regions outside 0 .. C, an unknown policy. One task
 * C = 3, T = 10: t = 3, Q = 1, w(0) = 0, R = 3 (non-preemptive); preemptive w(0) = 3, R = 3. */
static void test_fp_options(void)
{
    rta_task ts[] = { task(3, 10, 10, 0, 1) };
    rta_opt o[] = { { .region_max_ns = 3, .region_last_ns = 3, .limit_ns = 3 } };
    rta_result r[1];
    rt_budget b;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    CU_ASSERT_EQUAL_FATAL(rta_fp_ex(ts, o, 1, RTA_NONPREEMPTIVE, &b, r), 0);
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);      /* R = 3 = the bound: kept */
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 3);
    CU_ASSERT_EQUAL_FATAL(rta_fp_ex(ts, o, 1, RTA_PREEMPTIVE, &b, r), 0);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 3);
    o[0].limit_ns = 2;                               /* R = 3 > 2 */
    CU_ASSERT_EQUAL_FATAL(rta_fp_ex(ts, o, 1, RTA_DEFERRED, &b, r), 0);
    CU_ASSERT_EQUAL(r[0].status, RTA_LIMIT);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 0);
    o[0].region_max_ns = 4;                          /* a region longer than C */
    errno = 0;
    CU_ASSERT_EQUAL(rta_fp_ex(ts, o, 1, RTA_DEFERRED, &b, r), -1);
    CU_ASSERT_EQUAL(errno, EINVAL);
    o[0].region_max_ns = 3;
    o[0].region_last_ns = -1;
    CU_ASSERT_EQUAL(rta_fp_ex(ts, o, 1, RTA_DEFERRED, &b, r), -1);
    CU_ASSERT_EQUAL(rta_fp_ex(ts, NULL, 1, (rta_policy)7, &b, r), -1);
}

static void test_status_names(void)
{
    CU_ASSERT_STRING_EQUAL(rta_status_name(RTA_BOUNDED), "bounded");
    CU_ASSERT_STRING_EQUAL(rta_status_name(RTA_UTILIZATION), "utilization >= 1");
    CU_ASSERT_STRING_EQUAL(rta_status_name(RTA_OVERFLOW), "overflow");
    CU_ASSERT_STRING_EQUAL(rta_status_name(RTA_LIMIT), "bound exceeded");
}

/* X (C=1, T=7, D=6), Y (C=1, T=3, D=4), Z (C=2, T=4, D=5). Deadline-monotonic (Y, Z, X) fails:
 * X at the bottom: hp = {Y, Z}, B = 0, w: 3 -> (1+1) 1 + (0+1) 2 = 4 -> 2 + 4 = 6 -> 3 + 4 = 7
 * (fixpoint), R = 8 > 6. Audsley, trying the largest deadline first at each level:
 *   level 3: X fails (as above); Z: hp = {X, Y}, B = 0, t = 12, Q = 3, R(0) = 2 + 2 = 4,
 *            R(1) = 5 - 4 + 2 = 3, R(2) = 10 - 8 + 2 = 4; R = 4 <= 5: Z gets 3.
 *   level 2: X: hp = {Y}, B = 2, t: 4 -> 2 + 1 + 2 = 5 (fixpoint), Q = 1; w: 3 -> 2 + 2 = 4,
 *            R = 5 <= 6: X gets 2.
 *   level 1: Y: B = 2, R = 3 <= 4. */
static void test_audsley_beats_dm(void)
{
    rta_task ts[] = { task(1, 7, 6, 0, 3), task(1, 3, 4, 0, 1), task(2, 4, 5, 0, 2) };
    rta_result r[3];
    analyse(ts, 3, 0, r);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 8);
    CU_ASSERT_FALSE(r[0].schedulable);
    rta_results_fini(r, 3);

    CU_ASSERT_EQUAL(rta_audsley(ts, 3), 1);
    CU_ASSERT_EQUAL(ts[0].priority, 2);
    CU_ASSERT_EQUAL(ts[1].priority, 1);
    CU_ASSERT_EQUAL(ts[2].priority, 3);
    analyse(ts, 3, 0, r);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 5);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 3);
    CU_ASSERT_EQUAL(r[2].wcrt_ns, 4);
    for (int i = 0; i < 3; i++)
        CU_ASSERT_TRUE(r[i].schedulable);
    rta_results_fini(r, 3);
}

/* Where deadline-monotonic works, the reverse-DM trial order reproduces it. */
static void test_audsley_keeps_dm(void)
{
    rta_task ts[] = { task(5, 20, 20, 0, 7), task(2, 10, 10, 0, 7) };
    CU_ASSERT_EQUAL(rta_audsley(ts, 2), 1);   /* L at the bottom: w = 2, R = 7 <= 20 */
    CU_ASSERT_EQUAL(ts[0].priority, 2);
    CU_ASSERT_EQUAL(ts[1].priority, 1);
}

static void test_audsley_infeasible(void)
{
    /* Two tasks C = 3, D = 4: whichever is lower waits 3 (R = 6), the higher is blocked 3 (R = 6).
     * Nothing fits at level 2; all levels left get deadline-monotonic order (ties by index). */
    rta_task two[] = { task(3, 10, 4, 0, 9), task(3, 10, 4, 0, 9) };
    CU_ASSERT_EQUAL(rta_audsley(two, 2), 0);
    CU_ASSERT_EQUAL(two[0].priority, 1);
    CU_ASSERT_EQUAL(two[1].priority, 2);

    /* A (C=1, D=100) fits at the bottom (w = 3 + 3, R = 7); then B and C (C=3, D=4), blocked by A
     * (B = 1), give R = 1 + 3 + 3 = 7 > 4 at level 2: A keeps 3, B and C get 1, 2 (DM, by index). */
    rta_task three[] = { task(1, 100, 100, 0, 0), task(3, 10, 4, 0, 0), task(3, 10, 4, 0, 0) };
    CU_ASSERT_EQUAL(rta_audsley(three, 3), 0);
    CU_ASSERT_EQUAL(three[0].priority, 3);
    CU_ASSERT_EQUAL(three[1].priority, 1);
    CU_ASSERT_EQUAL(three[2].priority, 2);

    /* U = 3/4 + 2/4 > 1 at the bottom level: no candidate at all */
    rta_task over[] = { task(3, 4, 4, 0, 0), task(2, 4, 3, 0, 0) };
    CU_ASSERT_EQUAL(rta_audsley(over, 2), 0);
    CU_ASSERT_EQUAL(over[0].priority, 2);
    CU_ASSERT_EQUAL(over[1].priority, 1);
}

void test_rta_register(void);
void test_rta_register(void)
{
    CU_pSuite s = CU_add_suite("rta", NULL, NULL);
    CU_add_test(s, "single task", test_single_task);
    CU_add_test(s, "blocking by a lower-priority task", test_blocking);
    CU_add_test(s, "Davis et al. 2007 CAN example (q = 1 is worst)", test_davis_can_example);
    CU_add_test(s, "trace cap", test_trace_cap);
    CU_add_test(s, "release jitter", test_jitter);
    CU_add_test(s, "deadline beyond the period", test_deadline_beyond_period);
    CU_add_test(s, "equal priorities interfere mutually", test_equal_priorities);
    CU_add_test(s, "zero WCET", test_zero_wcet);
    CU_add_test(s, "utilization >= 1 is unbounded", test_utilization);
    CU_add_test(s, "utilization test is exact", test_utilization_exact);
    CU_add_test(s, "2^62 ns bound", test_bound);
    CU_add_test(s, "int64 overflow", test_overflow);
    CU_add_test(s, "invalid tasks", test_invalid);
    CU_add_test(s, "rta_fp_ex options", test_fp_options);
    CU_add_test(s, "status names", test_status_names);
    CU_add_test(s, "Audsley finds an order DM misses", test_audsley_beats_dm);
    CU_add_test(s, "Audsley keeps DM where it works", test_audsley_keeps_dm);
    CU_add_test(s, "Audsley on infeasible sets", test_audsley_infeasible);
}
