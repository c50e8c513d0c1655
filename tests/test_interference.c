/* Tests of models/interference.c: eq. 5-16 on constructed windows, each branch of eq. 15 and
 * both clamps of Pi. GPU of Table 1: N = 30, BWmax = 348, BWmax * Sp = 278.4, EMBW = 330.
 * Notation of the comments: member (n, C, BW, L2); size = size(w) in cycles. */
#include <CUnit/CUnit.h>
#include <math.h>

#include "models/interference.h"
#include "analysis/options.h"

#define ASSERT_REL(actual, expected, rel) \
    CU_ASSERT_DOUBLE_EQUAL((actual), (expected), fabs((double)(expected)) * (rel))

static const intf_gpu rtx = { .sms = 30.0, .bw_max_gbps = 348.0, .bw_thr_gbps = 278.4,
                              .embw_gbps = 330.0 };

static intf_member mem(int64_t n, double cycles, double bw, double l2)
{
    return (intf_member){ .sms = n, .cycles = cycles, .bw_gbps = bw, .l2_accesses = l2 };
}

static void eval_mode(const rt_options *o, const intf_member *K, size_t n, size_t self,
                      double size, intf_terms *t)
{
    interference_eval(&rtx, rt_options_intf(o), K, n, self, size, t);
}

static void eval(const intf_member *K, size_t n, size_t self, double size, intf_terms *t)
{
    rt_options o;
    rt_options_default(&o);
    interference_eval(&rtx, rt_options_intf(&o), K, n, self, size, t);
}

/* B < EMBW: Pi = 1 (eq. 6). (15, 1000, 100, 10) + (15, 1000, 150, 10): B = 250 < 278.4, I = 1,
 * M = 1. With 200 instead of 150: B = 300, I = 300/278.4 = 1.0775862, Pi = 1 (300 < 330). */
static void test_intf_below_embw(void)
{
    intf_member K[2] = { mem(15, 1000, 100, 10), mem(15, 1000, 150, 10) };
    intf_terms t;
    eval(K, 2, 0, 1000, &t);
    CU_ASSERT_EQUAL(t.bw_gbps, 250.0);
    CU_ASSERT_EQUAL(t.I, 1.0);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    CU_ASSERT_EQUAL(t.M, 1.0);
    K[1].bw_gbps = 200;
    eval(K, 2, 0, 1000, &t);
    ASSERT_REL(t.I, 1.0775862, 1e-7);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    ASSERT_REL(t.M, 1.0775862, 1e-7);
}

/* k = (10, 1000, 20, 100), l = (20, 1000, 330, 10000), size 1000: Povl = 1 for both,
 * A(k) = 100, A(l) = 10000, B = 350 >= 330, I = 350/278.4 = 1.2571839.
 * For k: P_SM = (30/10)/2 = 1.5; P_access = 100/10100 = 0.00990099; P_BW = 20/(348/2) =
 *   0.11494253; Pbar = 0.0017071 < 1 -> Praw = MIN(0.11494253, 1.2571839) = 0.11494253,
 *   clamped up to Pi = 1 (lower clamp); M = I = 1.2571839.
 * For l: P_SM = (30/20)/2 = 0.75; P_access = 10000/10100 = 0.99009901; P_BW = 330/174 =
 *   1.8965517; Pbar = 0.75 * 0.99009901 * 1.8965517 = 1.4083305 in [1, 2) -> Pi = Pbar;
 *   M = 1.2571839 * 1.4083305 = 1.7705304. */
static void test_intf_low_clamp_and_middle(void)
{
    intf_member K[2] = { mem(10, 1000, 20, 100), mem(20, 1000, 330, 10000) };
    intf_terms t;
    eval(K, 2, 0, 1000, &t);
    ASSERT_REL(t.I, 1.2571839, 1e-7);
    ASSERT_REL(t.p_sm, 1.5, 1e-12);
    ASSERT_REL(t.p_access, 0.00990099, 1e-6);
    ASSERT_REL(t.p_bw, 0.11494253, 1e-7);
    ASSERT_REL(t.p_bar, 0.0017071, 1e-4);
    ASSERT_REL(t.p_raw, 0.11494253, 1e-7);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    ASSERT_REL(t.M, 1.2571839, 1e-7);
    eval(K, 2, 1, 1000, &t);
    ASSERT_REL(t.p_sm, 0.75, 1e-12);
    ASSERT_REL(t.p_access, 0.99009901, 1e-7);
    ASSERT_REL(t.p_bw, 1.8965517, 1e-7);
    ASSERT_REL(t.p_bar, 1.4083305, 1e-7);
    ASSERT_REL(t.Pi, 1.4083305, 1e-7);
    ASSERT_REL(t.M, 1.7705304, 1e-7);
}

/* Pbar < 1 with MIN choosing I: k = (15, 1000, 300, 1000), l = (15, 1000, 100, 1000), size
 * 1000: B = 400, I = 400/278.4 = 1.4367816; P_SM = 2/2 = 1; P_access = 1000/2000 = 0.5;
 * P_BW = 300/174 = 1.7241379; Pbar = 0.86206897 < 1 -> Praw = MIN(1.7241379, 1.4367816) =
 * 1.4367816 = Pi; M = 1.4367816^2 = 2.0643414. */
static void test_intf_pbar_below_one(void)
{
    intf_member K[2] = { mem(15, 1000, 300, 1000), mem(15, 1000, 100, 1000) };
    intf_terms t;
    eval(K, 2, 0, 1000, &t);
    ASSERT_REL(t.p_bar, 0.86206897, 1e-7);
    ASSERT_REL(t.p_raw, 1.4367816, 1e-7);
    ASSERT_REL(t.Pi, 1.4367816, 1e-7);
    ASSERT_REL(t.M, 2.0643414, 1e-7);
}

/* Upper clamp: three (10, 1000, 300, 1000), size 1000: B = 900, I = 900/278.4 = 3.2327586;
 * P_SM = 3/3 = 1; P_access = 1/3; P_BW = 300/(348/3) = 2.5862069; Pbar = 0.86206897 < 1 ->
 * Praw = MIN(2.5862069, 3.2327586) = 2.5862069 -> Pi = 2; M = 6.4655172. */
static void test_intf_high_clamp(void)
{
    intf_member K[3] = { mem(10, 1000, 300, 1000), mem(10, 1000, 300, 1000),
                         mem(10, 1000, 300, 1000) };
    intf_terms t;
    eval(K, 3, 1, 1000, &t);
    ASSERT_REL(t.I, 3.2327586, 1e-7);
    ASSERT_REL(t.p_raw, 2.5862069, 1e-7);
    CU_ASSERT_EQUAL(t.Pi, 2.0);
    ASSERT_REL(t.M, 6.4655172, 1e-7);
}

/* Pbar >= 2 (eq. 16a): k = (5, 4000, 250, 8000), l = (25, 1000, 100, 1000), size 4000.
 * Povl(k) = 1, Povl(l) = 4; A(k) = 8000, A(l) = 4000; DR(k) = 8000/4000 = 2, DR(l) = 4000/1000
 * = 4, MDA = 4. B = 350, I = 1.2571839. P_SM = 6/2 = 3; P_access = 8000/12000 * 1 = 0.6666667;
 * P_BW = 250/174 = 1.4367816; Pbar = 2.8735632 >= 2 -> Praw = 2/4 = 0.5 -> Pi = 1; M = I.
 * When k is itself the densest, Praw = DR/MDA = 1: k = (5, 1000, 200, 9000), l = (25, 2000,
 * 200, 1000), size 1000: A = 9000 and 500, DR = 9 and 0.25; P_access = 9000/9500 = 0.94736842,
 * Pbar = 3 * 0.94736842 * 200/174 = 3.2667877 -> Praw = 1, Pi = 1, M = I = 400/278.4. */
static void test_intf_pbar_above_two(void)
{
    intf_member K[2] = { mem(5, 4000, 250, 8000), mem(25, 1000, 100, 1000) };
    intf_terms t;
    eval(K, 2, 0, 4000, &t);
    ASSERT_REL(t.p_access, 0.6666667, 1e-7);
    ASSERT_REL(t.p_bar, 2.8735632, 1e-7);
    ASSERT_REL(t.density, 2.0, 1e-12);
    ASSERT_REL(t.density_max, 4.0, 1e-12);
    ASSERT_REL(t.p_raw, 0.5, 1e-12);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    ASSERT_REL(t.M, 1.2571839, 1e-7);
    intf_member L[2] = { mem(5, 1000, 200, 9000), mem(25, 2000, 200, 1000) };
    eval(L, 2, 0, 1000, &t);
    ASSERT_REL(t.p_bar, 3.2667877, 1e-7);
    CU_ASSERT_EQUAL(t.p_raw, 1.0);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    ASSERT_REL(t.M, 1.4367816, 1e-7);
}

/* A kernel alone in a window has M = 1 in every model (docs/model.md sec. 4, "alone"), even at
 * B = EMBW. Revision 1 applied eq. 6-16 to it: (20, 1000, 330, 1000) alone gave I =
 * 330/278.4 = 1.1853448, P_SM = 30/20 = 1.5, P_access = 1, P_BW = 330/348 = 0.94827586, Pbar =
 * 1.4224138 = Pi, M = 1.6860508: eq. 6-16 themselves still give that (interference_masola_acc). */
static void test_intf_alone_at_embw(void)
{
    intf_member K[1] = { mem(20, 1000, 330, 1000) };
    intf_terms t;
    rt_options o;
    rt_options_default(&o);
    for (int mode = RT_INTF_MASOLA; mode <= RT_INTF_NONE; mode++) {
        o.interference = (rt_interference_mode)mode;
        eval_mode(&o, K, 1, 0, 1000, &t);
        CU_ASSERT_EQUAL(t.I, 1.0);
        CU_ASSERT_EQUAL(t.Pi, 1.0);
        CU_ASSERT_EQUAL(t.M, 1.0);
        CU_ASSERT_EQUAL(t.bw_gbps, 330.0);
    }
    intf_acc a;
    interference_acc_init(&a);
    interference_acc_add(&a, &K[0], 1000);
    interference_masola_acc(&rtx, &a, &K[0], 1000, &t);
    ASSERT_REL(t.I, 1.1853448, 1e-7);
    ASSERT_REL(t.p_bar, 1.4224138, 1e-7);
    ASSERT_REL(t.M, 1.6860508, 1e-7);
}

/* M*(k,S) of docs/model.md sec. 3 (the supremum over window lengths) for K = {k} + S, every
 * case. */
static void sup(const intf_member *K, size_t n, intf_terms *t)
{
    rt_options o;
    rt_options_default(&o);
    intf_acc a;
    interference_acc_init(&a);
    for (size_t i = 0; i < n; i++)
        interference_acc_add(&a, &K[i], K[0].cycles);
    interference_sup_acc(&rtx, rt_options_intf(&o), &a, &K[0], t);
}

/* alone: M* = 1 even at 330 GB/s. below-embw: (15, 1000, 100, 10) + (15, 1000, 200, 10),
 * B = 300 < 330: M* = I = 300/278.4 = 1.0775862. */
static void test_sup_alone_below(void)
{
    intf_member A[1] = { mem(20, 1000, 330, 1000) };
    intf_member K[2] = { mem(15, 1000, 100, 10), mem(15, 1000, 200, 10) };
    intf_terms t;
    sup(A, 1, &t);
    CU_ASSERT_EQUAL(t.M, 1.0);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_ALONE);
    sup(K, 2, &t);
    ASSERT_REL(t.M, 1.0775862, 1e-7);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_BELOW_EMBW);
}

/* short-window wins, the revision-1 counter-example shape: k (15, 1000, 300, 700) with
 * (15, 1000, 300, 300). B = 600, I = 600/278.4 = 2.1551724; P_BW = 300 * 2/348 = 1.7241379;
 * P_SM = (30/15)/2 = 1; rho = (700/1000) / (700/1000 + 300/1000) = 0.7; c = 0.7 * 1.7241379 =
 * 1.2068966. Revision 1 (one window of length C): Pbar = c in [1, 2) -> Pi = 1.2068966, M =
 * 2.6010702. A short window (Pbar < 1) gives Pi_lo = MIN(P_BW, I) = 1.7241379 > c:
 * M* = 2.1551724 * 1.7241379 = 3.7158145. */
static void test_sup_short_window(void)
{
    intf_member K[2] = { mem(15, 1000, 300, 700), mem(15, 1000, 300, 300) };
    intf_terms t;
    sup(K, 2, &t);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_SHORT_WINDOW);
    ASSERT_REL(t.I, 2.1551724, 1e-7);
    ASSERT_REL(t.Pi, 1.7241379, 1e-7);
    ASSERT_REL(t.M, 3.7158145, 1e-7);
    ASSERT_REL(t.p_bar, 1.2068966, 1e-7);      /* c, the full-length window's Pbar */
    eval(K, 2, 0, 1000, &t);                   /* revision 1's single full-length window */
    ASSERT_REL(t.M, 2.6010702, 1e-7);
}

/* long-window, c < 2: k (10, 1000, 200, 900) with (20, 1000, 200, 100). B = 400, I = 400/278.4
 * = 1.4367816; P_BW = 400/348 = 1.1494253; P_SM = (30/10)/2 = 1.5; rho = 0.9 / (0.9 + 0.1) =
 * 0.9; c = 1.5 * 0.9 * 1.1494253 = 1.5517241 > Pi_lo = 1.1494253: M* = I c = 2.2294887.
 * long-window, c >= 2: k (5, 1000, 200, 9000) with (25, 2000, 200, 1000): P_SM = 3, rho =
 * 9 / 9.5, c = 3.2667877 >= 2: the supremum 2 (no window reaches it; eq. 16 gives Pi = 1 at
 * full length, revision 1's value M = I = 1.4367816): M* = 2 I = 2.8735632. */
static void test_sup_long_window(void)
{
    intf_member K[2] = { mem(10, 1000, 200, 900), mem(20, 1000, 200, 100) };
    intf_member L[2] = { mem(5, 1000, 200, 9000), mem(25, 2000, 200, 1000) };
    intf_terms t;
    sup(K, 2, &t);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_LONG_WINDOW);
    ASSERT_REL(t.Pi, 1.5517241, 1e-7);
    ASSERT_REL(t.M, 2.2294887, 1e-7);
    sup(L, 2, &t);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_LONG_WINDOW);
    CU_ASSERT_EQUAL(t.Pi, 2.0);
    ASSERT_REL(t.M, 2.8735632, 1e-7);
    eval(L, 2, 0, 1000, &t);
    ASSERT_REL(t.M, 1.4367816, 1e-7);
}

/* naive: 1 + f with a co-runner (case naive); none: 1. */
static void test_sup_naive_none(void)
{
    intf_member K[2] = { mem(10, 1000, 200, 900), mem(20, 1000, 200, 100) };
    intf_terms t;
    rt_options o;
    rt_options_default(&o);
    intf_acc a;
    interference_acc_init(&a);
    interference_acc_add(&a, &K[0], 1000);
    interference_acc_add(&a, &K[1], 1000);
    o.interference = RT_INTF_NAIVE;
    interference_sup_acc(&rtx, rt_options_intf(&o), &a, &K[0], &t);
    ASSERT_REL(t.M, 1.73, 1e-12);
    CU_ASSERT_EQUAL(t.sup_case, INTF_CASE_NAIVE);
    o.interference = RT_INTF_NONE;
    interference_sup_acc(&rtx, rt_options_intf(&o), &a, &K[0], &t);
    CU_ASSERT_EQUAL(t.M, 1.0);
    CU_ASSERT_STRING_EQUAL(interference_case_name(INTF_CASE_SHORT_WINDOW), "short-window");
    CU_ASSERT_STRING_EQUAL(interference_case_name(INTF_CASE_CAPPED), "capped");
}

/* No L2 access at all in a saturated window: P_access = 0 (no share), Pbar = 0 < 1 ->
 * Praw = MIN(P_BW, I) = MIN(200/174, 400/278.4) = 1.1494253. */
static void test_intf_no_accesses(void)
{
    intf_member K[2] = { mem(10, 1000, 200, 0), mem(20, 1000, 200, 0) };
    intf_terms t;
    eval(K, 2, 0, 500, &t);
    CU_ASSERT_EQUAL(t.p_access, 0.0);
    CU_ASSERT_EQUAL(t.p_bar, 0.0);
    ASSERT_REL(t.Pi, 1.1494253, 1e-7);
    CU_ASSERT(isfinite(t.M));
}

/* naive: I = Pi = 1, M = 1 + f with two or more kernels, 1 alone; none: M = 1. B is reported. */
static void test_intf_naive_none(void)
{
    intf_member K[2] = { mem(15, 1000, 300, 1000), mem(15, 1000, 100, 1000) };
    rt_options o;
    rt_options_default(&o);
    o.interference = RT_INTF_NAIVE;
    intf_terms t;
    interference_eval(&rtx, rt_options_intf(&o), K, 2, 0, 1000, &t);
    CU_ASSERT_EQUAL(t.I, 1.0);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    ASSERT_REL(t.M, 1.73, 1e-12);
    CU_ASSERT_EQUAL(t.bw_gbps, 400.0);
    interference_eval(&rtx, rt_options_intf(&o), K, 1, 0, 1000, &t);
    CU_ASSERT_EQUAL(t.M, 1.0);
    o.naive_factor = 0.5;
    interference_eval(&rtx, rt_options_intf(&o), K, 2, 1, 1000, &t);
    CU_ASSERT_EQUAL(t.M, 1.5);
    o.interference = RT_INTF_NONE;
    interference_eval(&rtx, rt_options_intf(&o), K, 2, 0, 1000, &t);
    CU_ASSERT_EQUAL(t.I, 1.0);
    CU_ASSERT_EQUAL(t.Pi, 1.0);
    CU_ASSERT_EQUAL(t.M, 1.0);
    CU_ASSERT_EQUAL(t.bw_gbps, 400.0);
}

/* The accumulator path gives bit for bit the array path (same summation order). */
static void test_intf_acc_matches(void)
{
    intf_member K[3] = { mem(5, 1234.5, 123.4, 5678), mem(10, 987.6, 210.9, 4321),
                         mem(15, 3456.7, 77.7, 999) };
    rt_options o;
    rt_options_default(&o);
    intf_terms t1, t2;
    intf_acc a;
    interference_acc_init(&a);
    for (size_t i = 0; i < 3; i++)
        interference_acc_add(&a, &K[i], 1000.5);
    interference_eval_acc(&rtx, rt_options_intf(&o), &a, &K[0], 1000.5, &t1);
    interference_eval(&rtx, rt_options_intf(&o), K, 3, 0, 1000.5, &t2);
    CU_ASSERT_EQUAL(t1.M, t2.M);
    CU_ASSERT_EQUAL(t1.bw_gbps, t2.bw_gbps);
    CU_ASSERT(t1.M >= 1.0 && t1.M <= 2.0 * t1.I);
}

/* The search bound is never below the value: for each window above, bound(B(w)) >= M; below
 * EMBW it is exactly MAX(1, B/278.4): B = 250 -> 1, B = 300 -> 1.0775862. */
static void test_intf_bound(void)
{
    intf_member W[5][3] = {
        { mem(10, 1000, 20, 100), mem(20, 1000, 330, 10000) },
        { mem(15, 1000, 300, 1000), mem(15, 1000, 100, 1000) },
        { mem(10, 1000, 300, 1000), mem(10, 1000, 300, 1000), mem(10, 1000, 300, 1000) },
        { mem(5, 4000, 250, 8000), mem(25, 1000, 100, 1000) },
        { mem(20, 1000, 330, 1000) },
    };
    static const size_t n[5] = { 2, 2, 3, 2, 1 };
    static const double size[5] = { 1000, 1000, 1000, 4000, 1000 };
    intf_terms t;
    for (size_t w = 0; w < 5; w++)
        for (size_t k = 0; k < n[w]; k++) {
            eval(W[w], n[w], k, size[w], &t);
            CU_ASSERT(interference_masola_bound(&rtx, &W[w][k], size[w], t.bw_gbps) >= t.M);
        }
    intf_member one = mem(15, 1000, 100, 10);
    CU_ASSERT_EQUAL(interference_masola_bound(&rtx, &one, 1000, 250), 1.0);
    ASSERT_REL(interference_masola_bound(&rtx, &one, 1000, 300), 1.0775862, 1e-7);
}

void test_interference_register(void);
void test_interference_register(void)
{
    CU_pSuite s = CU_add_suite("interference", NULL, NULL);
    CU_add_test(s, "B below EMBW (eq. 6, 7)", test_intf_below_embw);
    CU_add_test(s, "Pi lower clamp and 1 <= Pbar < 2", test_intf_low_clamp_and_middle);
    CU_add_test(s, "Pbar < 1 (MIN with I)", test_intf_pbar_below_one);
    CU_add_test(s, "Pi upper clamp", test_intf_high_clamp);
    CU_add_test(s, "Pbar >= 2 (eq. 16)", test_intf_pbar_above_two);
    CU_add_test(s, "kernel alone at B = EMBW: M = 1", test_intf_alone_at_embw);
    CU_add_test(s, "M*: alone, below EMBW", test_sup_alone_below);
    CU_add_test(s, "M*: a short window wins (revision-1 counter-example)", test_sup_short_window);
    CU_add_test(s, "M*: long window, c < 2 and c >= 2 (supremum 2 I)", test_sup_long_window);
    CU_add_test(s, "M*: naive and none", test_sup_naive_none);
    CU_add_test(s, "window without L2 accesses", test_intf_no_accesses);
    CU_add_test(s, "naive and none", test_intf_naive_none);
    CU_add_test(s, "accumulator equals array evaluation", test_intf_acc_matches);
    CU_add_test(s, "search bound", test_intf_bound);
}
