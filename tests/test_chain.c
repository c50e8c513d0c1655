/* Tests of chain: the bounds of cause-effect chains (docs/chains.md sec. 3), every figure worked
 * by hand in the comment beside its assertion, and the LET enumeration checked against a brute
 * force written differently (a scan of every event instant for the reaction time, a linear
 * search of the jobs for the data age).
 *
 * Mutation checks (each applied to src/analysis/chain.c, the suite run, then reverted):
 *   (a) Durr's hop term dropped (hop_term returns 0) -> "Davare by hand" (Durr's MRT 76, not
 *       86) and "Durr, same core" fail;
 *   (b) Theorem 5.10 taken for MDA without T_n -> "Davare by hand" (Durr's MDA 46, not 86) and
 *       "Durr, same core" fail;
 *   (c) the same-core case taken with equal priorities (<= for <) -> "Durr, equal priorities"
 *       fails (MRT 84, not 86);
 *   (d) the write after a read at the same instant (let_first_reader with > for >=: ceil of
 *       (w - phi + 1) / T) -> "LET by hand" and the brute-force comparison fail. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/chain.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"
#include "util/rng.h"

/* A chain over tasks 0 .. n-1 in order. */
static rt_chain chain_of(size_t n, size_t *idx, long *lines, rt_comm comm)
{
    for (size_t i = 0; i < n; i++) {
        idx[i] = i;
        lines[i] = 0;
    }
    return (rt_chain){ .name = (char *)"c", .communication = comm, .has_max_reaction = true,
                       .max_reaction_ns = INT64_MAX, .has_max_age = true,
                       .max_age_ns = INT64_MAX, .tasks = idx, .task_lines = lines, .n_tasks = n };
}

static chain_task task(int64_t t, int64_t d, int64_t r)
{
    return (chain_task){ .period_ns = t, .deadline_ns = d, .bounded = true, .wcrt_ns = r };
}

/* The tasks of test_davare (T = 10, 20, 40; R = 3, 5, 8) with A and B one-step CPU tasks on
 * core 0, A of priority pa, B of priority pb, and J_A = 1. */
static void same_core_tasks(chain_task ts[3], int64_t pa, int64_t pb)
{
    ts[0] = task(10, 10, 3);
    ts[1] = task(20, 20, 5);
    ts[2] = task(40, 40, 8);
    ts[0].jitter_ns = 1;
    ts[0].cpu_alone = ts[1].cpu_alone = true;
    ts[0].priority = pa;
    ts[1].priority = pb;
}

/* Analyse c over ts into *r and check Durr's two bounds, MRT (Th. 5.4) and MDA (Th. 5.10). */
static void expect_durr(const rt_chain *c, const chain_task *ts, chain_result *r, int64_t mrt,
                        int64_t mda)
{
    chain_analyse(c, ts, NULL, r);
    CU_ASSERT_EQUAL(r->bound_ns[CHAIN_DURR_MRT], mrt);
    CU_ASSERT_EQUAL(r->bound_ns[CHAIN_DURR_MDA], mda);
}

/* T = 10, 20, 40; R = 3, 5, 8: Davare = 13 + 25 + 48 = 86; every hop crosses resources, so
 * Durr's I = R_p: Th. 5.4 = 10 + 8 + max(3, 20 + 3) + max(5, 40 + 5) = 86, Th. 5.10 + T_n =
 * 8 + (10 + 3) + (20 + 5) + 40 = 86. Binding: davare (the first on a tie). */
static void test_davare(void)
{
    size_t idx[3];
    long ln[3];
    rt_chain c = chain_of(3, idx, ln, RT_COMM_IMPLICIT);
    chain_task ts[3] = { task(10, 10, 3), task(20, 20, 5), task(40, 40, 8) };
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_DAVARE], CHAIN_OK);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DAVARE], 86);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DURR_MRT], 86);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DURR_MDA], 86);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_NA);
    CU_ASSERT(r.has_mrt && r.has_mda);
    CU_ASSERT_EQUAL(r.mrt_ns, 86);
    CU_ASSERT_EQUAL(r.binding_mrt, CHAIN_DAVARE);
    CU_ASSERT_EQUAL(r.binding_mda, CHAIN_DAVARE);
    CU_ASSERT(r.passes);
    /* max-reaction 85 < 86: fails on the reaction time; max-age 86 holds */
    c.max_reaction_ns = 85;
    c.max_age_ns = 86;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT(!r.passes);
    CU_ASSERT_EQUAL(r.why, CHAIN_WHY_REACTION);
    c.max_reaction_ns = 86;
    c.max_age_ns = 85;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.why, CHAIN_WHY_AGE);
    /* only max-age given: the reaction time is not required */
    c.has_max_reaction = false;
    c.max_age_ns = 86;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT(r.passes);
}

/* A -> B -> C, A and B one-step CPU tasks on core 0, A priority 1 above B's 2, J_A = 1; C a GPU
 * task. T = 10, 20, 40; R = 3, 5, 8. I_AB = min(J_A, R_A) = min(1, 3) = 1, I_BC = R_B = 5.
 * Th. 5.4: T_A + R_C + max(R_A, T_B + I_AB) + max(R_B, T_C + I_BC) = 10 + 8 + 21 + 45 = 84.
 * Th. 5.10 + T_n: R_C + (T_A + I_AB) + (T_B + I_BC) + T_C = 8 + 11 + 25 + 40 = 84.
 * Davare 86; binding durr_mrt and durr_mda, 84. */
static void test_durr_same_core(void)
{
    size_t idx[3];
    long ln[3];
    rt_chain c = chain_of(3, idx, ln, RT_COMM_IMPLICIT);
    chain_task ts[3];
    same_core_tasks(ts, 1, 2);
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DAVARE], 86);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DURR_MRT], 84);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DURR_MDA], 84);
    CU_ASSERT_EQUAL(r.mrt_ns, 84);
    CU_ASSERT_EQUAL(r.mda_ns, 84);
    CU_ASSERT_EQUAL(r.binding_mrt, CHAIN_DURR_MRT);
    CU_ASSERT_EQUAL(r.binding_mda, CHAIN_DURR_MDA);
    /* J_A = 5 > R_A = 3: I_AB = min(5, 3) = 3: Th. 5.4 = 10 + 8 + max(3, 23) + 45 = 86,
     * Th. 5.10 + T_n = 8 + 13 + 25 + 40 = 86 */
    ts[0].jitter_ns = 5;
    expect_durr(&c, ts, &r, 86, 86);
    /* J_A = 0: I_AB = 0: Th. 5.4 = 10 + 8 + max(3, 20) + 45 = 83; 5.10 + T_n = 8 + 10 + 25 + 40
     * = 83 */
    ts[0].jitter_ns = 0;
    expect_durr(&c, ts, &r, 83, 83);
    /* B on another core: I_AB = R_A = 3 again: 86 and 86 */
    ts[0].jitter_ns = 1;
    ts[1].core = 1;
    expect_durr(&c, ts, &r, 86, 86);
}

/* As test_durr_same_core, but A and B of equal priority: not strictly higher, I_AB = R_A = 3:
 * Th. 5.4 = 10 + 8 + max(3, 23) + 45 = 86 = Davare; binding davare (first on the tie). B above
 * A (the consumer higher): I_AB = R_A as well. */
static void test_durr_equal_priorities(void)
{
    size_t idx[3];
    long ln[3];
    rt_chain c = chain_of(3, idx, ln, RT_COMM_IMPLICIT);
    chain_task ts[3];
    same_core_tasks(ts, 2, 2);
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_DURR_MRT], 86);
    CU_ASSERT_EQUAL(r.binding_mrt, CHAIN_DAVARE);
    ts[0].priority = 3;
    expect_durr(&c, ts, &r, 86, 86);
}

/* A task without a bounded R: no implicit bound, the chain fails for want of one. A sum past
 * int64: overflow, never wrapped. */
static void test_unbounded_and_overflow(void)
{
    size_t idx[2];
    long ln[2];
    rt_chain c = chain_of(2, idx, ln, RT_COMM_IMPLICIT);
    chain_task ts[2] = { task(10, 10, 3), task(20, 20, 5) };
    ts[1].bounded = false;
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_DAVARE], CHAIN_UNBOUNDED);
    CU_ASSERT_EQUAL(r.unbounded_task, 1);
    CU_ASSERT(!r.has_mrt && !r.has_mda && !r.passes);
    CU_ASSERT_EQUAL(r.why, CHAIN_WHY_NO_BOUND);
    ts[1] = task(INT64_MAX / 2, INT64_MAX / 2, INT64_MAX / 2);
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_DAVARE], CHAIN_OVERFLOW);
    CU_ASSERT_EQUAL(r.status[CHAIN_DURR_MRT], CHAIN_OVERFLOW);
    CU_ASSERT(!r.passes);
    /* a period of 0 (a caller's bug): no division, no bound */
    ts[1] = task(0, 20, 5);
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_DAVARE], CHAIN_INVALID);
    CU_ASSERT(!r.passes);
    c.communication = RT_COMM_LET;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_INVALID);
    CU_ASSERT(!r.passes);
}

/* LET by hand. A: T 4, D 2, phase 0 (reads at 4k, writes at 4k + 2); B: T 6, D 3, phase 1
 * (reads at 6j + 1, writes at 6j + 4). H = 12, horizon 2 H + 1 = 25. Partitioned at B (the
 * largest period): B's job m reads at 6m + 1; A's latest job writing at or before it is
 * k = floor((6m - 1) / 4); then B's job m + 1 writes at 6m + 10.
 *   m = 0: k = -1: a job before the first, left out
 *   m = 1: k = 1, first read 4,  last write 16: 12
 *   m = 2: k = 2, first read 8,  last write 22: 14
 *   m = 3: k = 4, first read 16, last write 28: 12
 *   m = 4: k = 5, first read 20, last write 34: 14
 *   m = 5: k = 7, first read 28 > 25: stop.
 * MRT = MDA = 14 (the first longest: read 8, write 22), 4 job chains. By events instead: one
 * just after A reads at 4k is read at 4k + 4, written at 4k + 6, read by B at the first 6j + 1
 * >= 4k + 6: k = 0: j = 1, 10 - 0 = 10; k = 1: j = 2, 16 - 4 = 12; k = 2: j = 3, 22 - 8 = 14;
 * then every 3 jobs of A the same: the supremum is 14 again. */
static void test_let_by_hand(void)
{
    size_t idx[2];
    long ln[2];
    rt_chain c = chain_of(2, idx, ln, RT_COMM_LET);
    chain_task ts[2] = { task(4, 2, 1), task(6, 3, 1) };
    ts[1].offset_ns = 1;
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_DAVARE], CHAIN_NA);
    CU_ASSERT_EQUAL(r.status[CHAIN_DURR_MRT], CHAIN_NA);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_OK);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_LET_EXACT], 14);
    CU_ASSERT_EQUAL(r.hyperperiod_ns, 12);
    CU_ASSERT_EQUAL(r.horizon_ns, 25);
    CU_ASSERT_EQUAL(r.let_part, 1);
    CU_ASSERT_EQUAL(r.let_jobchains, 4);
    CU_ASSERT_EQUAL(r.let_read_ns, 8);
    CU_ASSERT_EQUAL(r.let_write_ns, 22);
    CU_ASSERT(r.has_mrt && r.has_mda);
    CU_ASSERT_EQUAL(r.mrt_ns, 14);
    CU_ASSERT_EQUAL(r.mda_ns, 14);
    CU_ASSERT_EQUAL(r.binding_mrt, CHAIN_LET_EXACT);
    CU_ASSERT(r.passes);
    /* a write and a read at the same instant: the write first. A: T 4, D 4 (writes at 4k + 4);
     * B: T 4, D 4, phase 0. An event just after A reads at 0 is read at 4, written at 8, which
     * B reads at 8 (not 12) and writes at 12: 12 - 0 = 12. */
    chain_task same[2] = { task(4, 4, 1), task(4, 4, 1) };
    chain_analyse(&c, same, NULL, &r);
    CU_ASSERT_EQUAL(r.bound_ns[CHAIN_LET_EXACT], 12);
    /* R > D under LET: the chain fails, naming the task (position 1) */
    ts[1].wcrt_ns = 4;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT(!r.passes);
    CU_ASSERT_EQUAL(r.why, CHAIN_WHY_LET_LATE);
    CU_ASSERT_EQUAL(r.late_task, 1);
}

/* The hyperperiod of three primes near 2^31 leaves int64 (about 2^93): not computable, the
 * chain fails for want of a bound, nothing wraps. Two primes near 10^6: H about 10^12, 2 H /
 * T_max about 2 10^6 job chains, more than CHAIN_LET_MAX_JOBCHAINS: not computed. */
static void test_let_limits(void)
{
    size_t idx[3];
    long ln[3];
    rt_chain c = chain_of(3, idx, ln, RT_COMM_LET);
    chain_task ts[3] = { task(2147483647, 1, 1), task(2147483629, 1, 1),
                         task(2147483587, 1, 1) };
    chain_result r;
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_OVERFLOW);
    CU_ASSERT_EQUAL(r.hyperperiod_ns, 0);
    CU_ASSERT(!r.has_mrt && !r.passes);
    CU_ASSERT_EQUAL(r.why, CHAIN_WHY_NO_BOUND);
    /* 2^62 and 3: H = 3 * 2^62 > INT64_MAX */
    c.n_tasks = 2;
    ts[0] = task(INT64_C(1) << 62, 1, 1);
    ts[1] = task(3, 1, 1);
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_OVERFLOW);
    /* H = 2^62 fits, 2 H does not */
    ts[1] = task(2, 1, 1);
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_OVERFLOW);
    CU_ASSERT_EQUAL(r.hyperperiod_ns, INT64_C(1) << 62);
    ts[0] = task(1000003, 1, 1);
    ts[1] = task(1000033, 1, 1);
    chain_analyse(&c, ts, NULL, &r);
    CU_ASSERT_EQUAL(r.status[CHAIN_LET_EXACT], CHAIN_TOO_LONG);
    CU_ASSERT(!r.passes);
}

/* ---- brute force, written differently ---------------------------------------------------- */

static int64_t bf_re(const chain_task *t, int64_t k) { return t->offset_ns + k * t->period_ns; }
static int64_t bf_we(const chain_task *t, int64_t k) { return bf_re(t, k) + t->deadline_ns; }

/* The last write of the data read by task 0's first job reading at or after t. */
static int64_t bf_forward(const chain_task *ts, size_t n, int64_t t)
{
    int64_t w = t;
    for (size_t j = 0; j < n; j++) {
        int64_t k = 0;
        while (bf_re(&ts[j], k) < w)
            k++;
        w = bf_we(&ts[j], k);
    }
    return w;
}

/* The maximum reaction time: the supremum over event instants z > phi_0 of the reaction, from
 * a scan of every whole instant t (the supremum over (t - 1, t] is reached just after t - 1). */
static int64_t bf_mrt(const chain_task *ts, size_t n, int64_t window)
{
    int64_t best = 0;
    for (int64_t t = ts[0].offset_ns + 1; t <= window; t++) {
        int64_t x = bf_forward(ts, n, t) - t + 1;
        if (x > best)
            best = x;
    }
    return best;
}

/* The maximum data age: over the last task's jobs, backwards by a linear search of the latest
 * job writing at or before each read, to the next write of the last task. */
static int64_t bf_mda(const chain_task *ts, size_t n, int64_t window)
{
    int64_t best = 0;
    for (int64_t k = 0; bf_re(&ts[n - 1], k) <= window; k++) {
        int64_t r = bf_re(&ts[n - 1], k);
        bool complete = true;
        for (size_t j = n - 1; j-- > 0 && complete;) {
            int64_t last = -1;
            for (int64_t kk = 0; bf_we(&ts[j], kk) <= r; kk++)
                last = kk;
            complete = last >= 0;
            r = bf_re(&ts[j], last);
        }
        int64_t x = bf_we(&ts[n - 1], k + 1) - r;
        if (complete && x > best)
            best = x;
    }
    return best;
}

static int64_t lcm(int64_t a, int64_t b)
{
    int64_t x = a, y = b;
    while (y) {
        int64_t r = x % y;
        x = y;
        y = r;
    }
    return a / x * b;
}

/* 300 random chains of 2 to 4 tasks, periods from {2, 3, 4, 6, 8, 12}, D in [1, T], phases in
 * [0, 5]: the enumeration equals both brute forces, over a window twice as long. */
static void test_let_brute_force(void)
{
    static const int64_t periods[] = { 2, 3, 4, 6, 8, 12 };
    uint64_t rng = 33;
    size_t idx[4];
    long ln[4];
    int mismatches = 0;
    for (int trial = 0; trial < 300; trial++) {
        size_t n = 2 + (size_t)rng_upto(&rng, 2);
        rt_chain c = chain_of(n, idx, ln, RT_COMM_LET);
        chain_task ts[4];
        int64_t h = 1, phase = 0;
        for (size_t j = 0; j < n; j++) {
            int64_t t = periods[rng_upto(&rng, 5)];
            ts[j] = task(t, 1 + rng_upto(&rng, t - 1), 1);
            ts[j].offset_ns = rng_upto(&rng, 5);
            h = lcm(h, t);
            if (ts[j].offset_ns > phase)
                phase = ts[j].offset_ns;
        }
        chain_result r;
        chain_analyse(&c, ts, NULL, &r);
        int64_t window = 4 * h + phase;
        int64_t mrt = bf_mrt(ts, n, window), mda = bf_mda(ts, n, window);
        if (r.status[CHAIN_LET_EXACT] != CHAIN_OK || r.bound_ns[CHAIN_LET_EXACT] != mrt ||
            mrt != mda)
            mismatches++;
    }
    CU_ASSERT_EQUAL(mismatches, 0);
}

/* The loader: <chain> and offset read into the record; the copy carries them. */
static void test_load(void)
{
    rt_diags *d = rt_diag_new(10);
    rt_taskset *ts = rt_taskset_load("examples/tasksets/orin-chain-let.xml", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_EQUAL(ts->n_chains, 1);
    const rt_chain *c = &ts->chains[0];
    CU_ASSERT_STRING_EQUAL(c->name, "camera-to-plan");
    CU_ASSERT_EQUAL(c->communication, RT_COMM_LET);
    CU_ASSERT(c->has_max_reaction && !c->has_max_age);
    CU_ASSERT_EQUAL(c->max_reaction_ns, 250000000);
    CU_ASSERT_EQUAL(c->n_tasks, 4);
    CU_ASSERT_STRING_EQUAL(ts->tasks[c->tasks[3]].name, "planner");
    rt_taskset *cp = rt_taskset_copy(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cp);
    CU_ASSERT_EQUAL(cp->n_chains, 1);
    CU_ASSERT_PTR_NOT_EQUAL(cp->chains[0].tasks, c->tasks);
    CU_ASSERT_EQUAL(memcmp(cp->chains[0].tasks, c->tasks, 4 * sizeof *c->tasks), 0);
    CU_ASSERT_STRING_EQUAL(cp->chains[0].name, "camera-to-plan");
    rt_taskset_free(cp);
    rt_taskset_free(ts);
    rt_diag_free(d);
}

/* The verdict's words for failing chains: singular, "and" before the last, at most three named,
 * undecided and passing chains left out. */
static void test_failing_words(void)
{
    rt_chain ch[5] = { { .name = "a" }, { .name = "b" }, { .name = "c" }, { .name = "d" },
                       { .name = "e" } };
    rt_taskset ts = { .chains = ch, .n_chains = 5 };
    chain_result res[5] = { { .passes = true }, { .passes = false }, { .passes = true },
                            { .passes = false, .undecided = true }, { .passes = true } };
    char buf[100];
    CU_ASSERT_EQUAL(chain_failing_words(&ts, res, buf, sizeof buf), 1);
    CU_ASSERT_STRING_EQUAL(buf, "chain b fails");
    res[4].passes = false;
    CU_ASSERT_EQUAL(chain_failing_words(&ts, res, buf, sizeof buf), 2);
    CU_ASSERT_STRING_EQUAL(buf, "chains b and e fail");
    for (size_t c = 0; c < 5; c++)
        res[c] = (chain_result){ .passes = false };
    CU_ASSERT_EQUAL(chain_failing_words(&ts, res, buf, sizeof buf), 5);
    CU_ASSERT_STRING_EQUAL(buf, "chains a, b, c and 2 more fail");
    res[3].undecided = res[4].undecided = true;
    CU_ASSERT_EQUAL(chain_failing_words(&ts, res, buf, sizeof buf), 3);
    CU_ASSERT_STRING_EQUAL(buf, "chains a, b and c fail");
    for (size_t c = 0; c < 5; c++)
        res[c].passes = true;
    CU_ASSERT_EQUAL(chain_failing_words(&ts, res, buf, sizeof buf), 0);
    CU_ASSERT_STRING_EQUAL(buf, "");
    CU_ASSERT_EQUAL(chain_failing_words(&ts, NULL, buf, sizeof buf), 0);
}

void test_chain_register(void);
void test_chain_register(void)
{
    CU_pSuite s = CU_add_suite("chain", NULL, NULL);
    CU_add_test(s, "Davare by hand; the requirements", test_davare);
    CU_add_test(s, "the words of failing chains", test_failing_words);
    CU_add_test(s, "Durr, same core", test_durr_same_core);
    CU_add_test(s, "Durr, equal priorities", test_durr_equal_priorities);
    CU_add_test(s, "unbounded task and overflow", test_unbounded_and_overflow);
    CU_add_test(s, "LET by hand", test_let_by_hand);
    CU_add_test(s, "LET: hyperperiod overflow and the work bound", test_let_limits);
    CU_add_test(s, "LET: enumeration = brute force", test_let_brute_force);
    CU_add_test(s, "loader and copy", test_load);
}
