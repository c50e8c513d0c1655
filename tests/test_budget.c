/* Tests of the work budget (analysis/budget.h) and of the algorithmic shortcuts of issue 17:
 * busy periods shared by an equal-priority group and started from the previous group's
 * (rta.c), the worst-case window search's last partition by bandwidth with early stop and its
 * duplicate kernels (windows.c). Each shortcut is compared, over random inputs, with the plain
 * computation it replaces (rta_npfp_ex plain, win_layout.plain); the budget is checked against
 * unit counts worked out by hand from its definition (docs/analysis.md: one unit per demand
 * term per evaluation, plus one) and for honesty: whatever it decides equals the unlimited
 * result, and what it does not decide is reported as undecided. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/budget.h"
#include "analysis/rta.h"
#include "analysis/windows.h"
#include "fixture_model.h"
#include "runcmd.h"
#include "util/rng.h"

static int64_t rnd_in(uint64_t *s, int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng_next(s) % (uint64_t)(hi - lo + 1));
}

static rta_task task(int64_t c, int64_t t, int64_t j, int64_t prio)
{
    return (rta_task){ .period_ns = t, .deadline_ns = t, .jitter_ns = j, .wcet_ns = c,
                       .priority = prio };
}

/* A random partition of n tasks: few priority levels (many ties), periods 10..200, WCETs
 * 0..T/3, jitter 0..300 half of the time: busy periods of a few to a few hundred jobs. */
static void random_partition(uint64_t *s, rta_task *t, size_t n)
{
    int64_t levels = rnd_in(s, 1, (int64_t)n);
    for (size_t i = 0; i < n; i++) {
        int64_t T = rnd_in(s, 10, 200);
        t[i] = task(rnd_in(s, 0, T / 3), T, rng_next(s) & 1 ? rnd_in(s, 0, 300) : 0,
                    rnd_in(s, 1, levels));
    }
}

static void assert_same_result(const rta_result *a, const rta_result *b)
{
    CU_ASSERT_EQUAL(a->status, b->status);
    CU_ASSERT_EQUAL(a->blocking_ns, b->blocking_ns);
    CU_ASSERT_EQUAL(a->busy_ns, b->busy_ns);
    CU_ASSERT_EQUAL(a->q_jobs, b->q_jobs);
    CU_ASSERT_EQUAL(a->wcrt_ns, b->wcrt_ns);
    CU_ASSERT_EQUAL(a->worst_q, b->worst_q);
    CU_ASSERT_EQUAL(a->schedulable, b->schedulable);
    CU_ASSERT_EQUAL_FATAL(a->n_steps, b->n_steps);
    for (size_t k = 0; k < a->n_steps; k++) {
        CU_ASSERT_EQUAL(a->steps[k].q, b->steps[k].q);
        CU_ASSERT_EQUAL(a->steps[k].w_ns, b->steps[k].w_ns);
        CU_ASSERT_EQUAL(a->steps[k].r_ns, b->steps[k].r_ns);
    }
}

/* Hand example of a shared busy period: A (C 2, T 10) and B (C 3, T 15) share priority 1, X
 * (C 4, T 20) has priority 2. For A and B: B_i = 4 (X), hep = {A, B}; t starts at
 * 4 + 2 + 3 = 9 and 4 + ceil(9/10) 2 + ceil(9/15) 3 = 9: t = 9 for both. For X: B = 0,
 * hep = {A, B, X}, start 9 and ceil(9/10) 2 + ceil(9/15) 3 + ceil(9/20) 4 = 9: t = 9.
 * R_A: w(0) = 4 + (floor(w/15)+1) 3 = 7 -> R = 7 + 2 = 9; Q_A = ceil(9/10) = 1.
 * R_B: w(0) = 4 + (floor(w/10)+1) 2 = 6 -> R = 6 + 3 = 9. */
static void test_group_busy_period(void)
{
    rta_task ts[] = { task(2, 10, 0, 1), task(3, 15, 0, 1), task(4, 20, 0, 2) };
    rta_result r[3], p[3];
    rt_budget b1, b2;
    budget_init(&b1, UINT64_MAX);
    budget_init(&b2, UINT64_MAX);
    CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(ts, 3, 0, &b1, false, r), 0);
    CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(ts, 3, 0, &b2, true, p), 0);
    CU_ASSERT_EQUAL(r[0].busy_ns, 9);
    CU_ASSERT_EQUAL(r[1].busy_ns, 9);
    CU_ASSERT_EQUAL(r[2].busy_ns, 9);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 9);
    CU_ASSERT_EQUAL(r[1].wcrt_ns, 9);
    for (size_t i = 0; i < 3; i++)
        assert_same_result(&r[i], &p[i]);
    /* the group's equation is solved once: less work than solving it per task */
    CU_ASSERT(b1.used_units < b2.used_units);
    rta_results_fini(r, 3);
    rta_results_fini(p, 3);
}

/* Property: on random partitions the reused busy periods give exactly the plain results, the
 * traces included, and never more work. */
static void test_rta_reuse_equals_plain(void)
{
    uint64_t seed = 17;
    rta_task t[9];
    rta_result r[9], p[9];
    for (int round = 0; round < 400; round++) {
        size_t n = (size_t)rnd_in(&seed, 1, 9);
        random_partition(&seed, t, n);
        rt_budget b1, b2;
        budget_init(&b1, UINT64_MAX);
        budget_init(&b2, UINT64_MAX);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 16, &b1, false, r), 0);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 16, &b2, true, p), 0);
        for (size_t i = 0; i < n; i++)
            assert_same_result(&r[i], &p[i]);
        CU_ASSERT(b1.used_units <= b2.used_units);
        rta_results_fini(r, n);
        rta_results_fini(p, n);
    }
}

/* Units by hand, one task C 1, T 10 alone: eq. t evaluates its one term at t = 1 (1 + 1 = 2
 * units, fixpoint at once), the q loop evaluates the empty hp sum once (0 + 1 = 1 unit): 3 units.
 * A budget of 3 decides it (R = 1); a budget of 2 leaves it undecided, never "missed". */
static void test_budget_units_by_hand(void)
{
    rta_task one[] = { task(1, 10, 0, 1) };
    rta_result r[1];
    rt_budget b;
    budget_init(&b, 3);
    CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(one, 1, 0, &b, false, r), 0);
    CU_ASSERT_EQUAL(b.used_units, 3);
    CU_ASSERT_FALSE(b.exhausted);
    CU_ASSERT_EQUAL(r[0].status, RTA_BOUNDED);
    CU_ASSERT_EQUAL(r[0].wcrt_ns, 1);
    budget_init(&b, 2);
    CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(one, 1, 0, &b, false, r), 0);
    CU_ASSERT(b.exhausted);
    CU_ASSERT_EQUAL(r[0].status, RTA_BUDGET);
    CU_ASSERT_FALSE(r[0].schedulable);
    CU_ASSERT_EQUAL(b.task, 0);
    CU_ASSERT_STRING_EQUAL(rta_status_name(RTA_BUDGET), "undecided (work budget exhausted)");
}

/* Property (honesty and determinism): with any budget, every task either has exactly the
 * unlimited result or is RTA_BUDGET; the same budget spends the same units twice; once one
 * task is undecided, every task analysed after it is too. */
static void test_budget_honest(void)
{
    uint64_t seed = 4242;
    rta_task t[8];
    rta_result full[8], r[8], again[8];
    for (int round = 0; round < 200; round++) {
        size_t n = (size_t)rnd_in(&seed, 1, 8);
        random_partition(&seed, t, n);
        rt_budget b;
        budget_init(&b, UINT64_MAX);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 0, &b, false, full), 0);
        uint64_t need = b.used_units;
        uint64_t limit = need ? rng_next(&seed) % need : 0;
        rt_budget b1, b2;
        budget_init(&b1, limit);
        budget_init(&b2, limit);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 0, &b1, false, r), 0);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 0, &b2, false, again), 0);
        CU_ASSERT(b1.exhausted || limit >= need);
        CU_ASSERT_EQUAL(b1.used_units, b2.used_units);
        CU_ASSERT_EQUAL(b1.task, b2.task);
        for (size_t i = 0; i < n; i++) {
            CU_ASSERT_EQUAL(r[i].status, again[i].status);
            if (r[i].status != RTA_BUDGET)
                assert_same_result(&r[i], &full[i]);
            else
                CU_ASSERT_FALSE(r[i].schedulable);
        }
        if (b1.exhausted) {
            CU_ASSERT_FATAL(b1.task < n);
            CU_ASSERT_EQUAL(r[b1.task].status, RTA_BUDGET);
        }
        rta_results_fini(full, n);
        rta_results_fini(r, n);
        rta_results_fini(again, n);
    }
}

/* The early stop of rta_npfp_pass by hand: H (C 2, T 10, D 6, priority 1) above L (C 5, T 20).
 * H: B = 5 (L), w = 5, R = 7 > 6: a miss, decided at the first task in priority order, so L is
 * never analysed (fewer units than the whole analysis). With D_H = 7 both meet their deadlines
 * (L: w = 2, R = 7 <= 20). */
static void test_pass_stops_by_hand(void)
{
    rta_task ts[] = { task(5, 20, 0, 2), task(2, 10, 0, 1) };
    ts[1].deadline_ns = 6;
    rta_result r[2];
    rt_budget b, whole;
    budget_init(&b, UINT64_MAX);
    budget_init(&whole, UINT64_MAX);
    CU_ASSERT_EQUAL(rta_npfp_pass(ts, 2, &b, r), 0);
    CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(ts, 2, 0, &whole, false, r), 0);
    CU_ASSERT_FALSE(r[1].schedulable);
    CU_ASSERT_TRUE(r[0].schedulable);
    CU_ASSERT(b.used_units < whole.used_units);
    ts[1].deadline_ns = 7;
    budget_init(&b, UINT64_MAX);
    CU_ASSERT_EQUAL(rta_npfp_pass(ts, 2, &b, r), 1);
    /* a budget too small to decide anything: undecided counts as "no task decided to miss" */
    ts[1].deadline_ns = 6;
    budget_init(&b, 1);
    CU_ASSERT_EQUAL(rta_npfp_pass(ts, 2, &b, r), 1);
    CU_ASSERT(b.exhausted);
}

/* Property: on random partitions, with the whole budget or a random part of it, rta_npfp_pass
 * says 0 exactly when the whole analysis (rta_npfp_ex, same budget) decides some task to miss,
 * and never spends more units. */
static void test_pass_equals_whole(void)
{
    uint64_t seed = 911;
    rta_task t[9];
    rta_result full[9], r[9];
    long misses = 0, passes = 0, saved = 0;
    for (int round = 0; round < 600; round++) {
        size_t n = (size_t)rnd_in(&seed, 1, 9);
        random_partition(&seed, t, n);
        for (size_t i = 0; i < n; i++) /* tighter deadlines: misses at every level */
            if (rng_next(&seed) & 1)
                t[i].deadline_ns = rnd_in(&seed, t[i].wcet_ns + 1, t[i].period_ns);
        rt_budget b;
        budget_init(&b, UINT64_MAX);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 0, &b, false, full), 0);
        uint64_t limit = round % 3 == 2 && b.used_units ? rng_next(&seed) % b.used_units : UINT64_MAX;
        rt_budget b1, b2;
        budget_init(&b1, limit);
        budget_init(&b2, limit);
        CU_ASSERT_EQUAL_FATAL(rta_npfp_ex(t, n, 0, &b1, false, full), 0);
        bool miss = false;
        for (size_t i = 0; i < n; i++)
            miss |= !full[i].schedulable && full[i].status != RTA_BUDGET;
        int pass = rta_npfp_pass(t, n, &b2, r);
        CU_ASSERT_EQUAL(pass, !miss);
        CU_ASSERT(b2.used_units <= b1.used_units);
        misses += miss;
        passes += !miss;
        saved += b2.used_units < b1.used_units;
        rta_results_fini(full, n);
    }
    /* the property must have been exercised both ways, and the stop must have saved work */
    CU_ASSERT(misses >= 100);
    CU_ASSERT(passes >= 100);
    CU_ASSERT(saved >= 50);
}

/* Audsley with a spent budget: "undecided" (2), never "no order exists" (0). */
static void test_audsley_budget(void)
{
    rta_task t[] = { task(3, 10, 0, 0), task(4, 20, 0, 0), task(5, 40, 0, 0) };
    rt_budget b;
    budget_init(&b, 5);
    CU_ASSERT_EQUAL(rta_audsley_ex(t, 3, &b), 2);
    CU_ASSERT(b.exhausted);
    budget_init(&b, UINT64_MAX);
    CU_ASSERT_EQUAL(rta_audsley_ex(t, 3, &b), 1);
}

/* A random layout for the window search: P partitions (2..4) of random sizes, K kernels with
 * random cycles, BW and L2 accesses, some of them exact copies of another (duplicates), each
 * run by one task on a random partition. */
typedef struct wfix {
    rt_gpu g;
    rt_taskset *ts;
    rt_layout *l;
    model *m;
} wfix;

static bool wfix_new(uint64_t *s, wfix *f)
{
    memset(f, 0, sizeof *f);
    f->g = fx_gpu_rtx2060();
    size_t P = (size_t)rnd_in(s, 2, 4), K = (size_t)rnd_in(s, 2, 14);
    int64_t sms[4];
    size_t part[14];
    int64_t prio[14];
    for (size_t p = 0; p < P; p++)
        sms[p] = rnd_in(s, 3, 10);
    f->ts = fx_ts_new(K, K);
    if (!f->ts)
        return false;
    for (size_t k = 0; k < K; k++) {
        size_t src = k > 0 && rng_next(s) % 4 == 0 ? (size_t)rnd_in(s, 0, (int64_t)k - 1) : k;
        if (src != k) {
            f->ts->kernels[k] = f->ts->kernels[src];    /* an identical kernel ... */
            f->ts->kernels[k].measured = NULL;
            f->ts->kernels[k].n_measured = 0;
            switch (rng_next(s) % 6) {                     /* ... or one value apart */
            case 0: f->ts->kernels[k].cycles *= 1.5; break;
            case 1: f->ts->kernels[k].bw_gbps += 3; break;
            case 2: f->ts->kernels[k].l2_accesses *= 2; break;
            default: break;
            }
        } else {
            /* low BW often: all M tie at 1 below the threshold, the case where ties matter */
            double bw = rng_next(s) & 1 ? (double)rnd_in(s, 1, 40) : (double)rnd_in(s, 150, 330);
            fx_kernel(f->ts, k, (double)rnd_in(s, 1000, 100000), bw, 0.05 * (double)rnd_in(s, 1, 10));
            fx_kernel_l2(f->ts, k, (double)rnd_in(s, 100, 100000));
        }
        part[k] = k < P ? k : (size_t)rnd_in(s, 0, (int64_t)P - 1);
        prio[k] = 1;
        if (!fx_task(f->ts, k, 1, &k, 1))
            return false;
    }
    f->l = fx_layout(P, sms, K, part, prio);
    f->m = f->l ? model_new(&f->g, f->ts) : NULL;
    return f->m != NULL;
}

static void wfix_free(wfix *f)
{
    model_free(f->m);
    rt_layout_free(f->l);
    fx_ts_free(f->ts);
}

/* Property: the bandwidth-ordered last digit with early stop and the duplicate sharing choose
 * exactly the plain search's window (the first maximum in odometer order): the same members,
 * bit-identical I, Pi and M; over random layouts, every member as self. */
static void test_windows_pruned_equals_plain(void)
{
    uint64_t seed = 99;
    rt_options o;
    rt_options_default(&o);
    size_t compared = 0, with_dups = 0, above_embw = 0;
    for (int round = 0; round < 150; round++) {
        wfix f;
        bool ok = wfix_new(&seed, &f);
        CU_ASSERT_FATAL(ok);
        win_layout wl;
        CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, f.m, f.ts, f.l), WIN_OK);
        intf_gpu g = interference_gpu_of(f.m);
        for (size_t self = 0; self < wl.n_members; self++) {
            win_combo a, b;
            size_t am[8];
            wl.plain = false;
            windows_worst(&wl, &g, &o, NULL, self, &a);
            CU_ASSERT_FATAL(a.n <= 8);
            memcpy(am, a.members, a.n * sizeof *am);
            wl.plain = true;
            windows_worst(&wl, &g, &o, NULL, self, &b);
            CU_ASSERT_EQUAL_FATAL(a.n, b.n);
            for (size_t i = 0; i < a.n; i++)
                CU_ASSERT_EQUAL(am[i], b.members[i]);
            CU_ASSERT(a.terms.M == b.terms.M);
            CU_ASSERT(a.terms.I == b.terms.I);
            CU_ASSERT(a.terms.Pi == b.terms.Pi);
            CU_ASSERT_EQUAL(a.terms.sup_case, b.terms.sup_case);
            CU_ASSERT(a.exhaustive && b.exhaustive);
            with_dups += wl.dup_of[self] != self;
            above_embw += a.terms.sup_case == INTF_CASE_SHORT_WINDOW ||
                          a.terms.sup_case == INTF_CASE_LONG_WINDOW;
            compared++;
        }
        windows_layout_fini(&wl);
        wfix_free(&f);
    }
    CU_ASSERT(compared > 500);
    CU_ASSERT(with_dups > 10);      /* the duplicate path was exercised */
    CU_ASSERT(with_dups < compared / 2);
    CU_ASSERT(above_embw > compared / 10);  /* penalty cases, where C and L2 matter, too */
}

/* Two co-runner kernels A and B on P1 that differ only in their L2 accesses are not duplicates:
 * above the EMBW threshold the penalty reads each co-runner's access density (eq. 13, 16b-c), so
 * the window with B can have another M than the one with A. Over a range of ratios and both
 * orders the pruned search must choose the plain search's window, and in at least one case the
 * later kernel (B, the one a value-blind duplicate rule would skip) must be the one chosen, so a
 * rule that forgets L2 accesses is caught here, not left to chance in the random layouts. */
static void test_windows_l2_not_duplicate(void)
{
    static const double ratio[] = { 0.001, 0.01, 0.1, 0.5, 2, 10, 100, 1000 };
    rt_options o;
    rt_options_default(&o);
    size_t later_chosen = 0, cases = 0;
    for (size_t r = 0; r < sizeof ratio / sizeof *ratio; r++)
        for (int self_bw = 150; self_bw <= 330; self_bw += 60) {
            rt_gpu g0 = fx_gpu_rtx2060();
            rt_taskset *ts = fx_ts_new(3, 3);
            CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
            fx_kernel(ts, 0, 50000, self_bw, 0.5);       /* self, alone on P0 */
            fx_kernel_l2(ts, 0, 20000);
            fx_kernel(ts, 1, 40000, 200, 0.5);           /* A on P1 */
            fx_kernel_l2(ts, 1, 10000);
            fx_kernel(ts, 2, 40000, 200, 0.5);           /* B on P1: A with other L2 */
            fx_kernel_l2(ts, 2, 10000 * ratio[r]);
            size_t part[3] = { 0, 1, 1 };
            int64_t prio[3] = { 1, 1, 2 }, sms[2] = { 10, 20 };
            for (size_t k = 0; k < 3; k++)
                CU_ASSERT_FATAL(fx_task(ts, k, prio[k], &k, 1));
            rt_layout *l = fx_layout(2, sms, 3, part, prio);
            model *m = l ? model_new(&g0, ts) : NULL;
            CU_ASSERT_PTR_NOT_NULL_FATAL(m);
            win_layout wl;
            CU_ASSERT_EQUAL_FATAL(windows_layout_init(&wl, m, ts, l), WIN_OK);
            CU_ASSERT(wl.dup_of[2] == 2);                /* B is not a copy of A */
            intf_gpu g = interference_gpu_of(m);
            win_combo a, b;
            size_t am[8];
            wl.plain = false;
            windows_worst(&wl, &g, &o, NULL, 0, &a);
            CU_ASSERT_FATAL(a.n <= 8);
            memcpy(am, a.members, a.n * sizeof *am);
            wl.plain = true;
            windows_worst(&wl, &g, &o, NULL, 0, &b);
            CU_ASSERT_EQUAL_FATAL(a.n, b.n);
            for (size_t i = 0; i < a.n; i++) {
                CU_ASSERT_EQUAL(am[i], b.members[i]);
                later_chosen += b.members[i] == 2;
            }
            CU_ASSERT(a.terms.M == b.terms.M);
            cases++;
            windows_layout_fini(&wl);
            model_free(m);
            rt_layout_free(l);
            fx_ts_free(ts);
        }
    CU_ASSERT_EQUAL(cases, 32);
    CU_ASSERT(later_chosen > 0);
}

/* The whole analysis (rt_eval_layout) with the shortcuts equals the plain window search (the
 * WCETs) on random layouts, and a spent budget gives undecided tasks, never misses: the
 * window search falls back to its sound capped bound (at least the exhaustive WCET). */
static void test_eval_budget(void)
{
    uint64_t seed = 7;
    for (int round = 0; round < 40; round++) {
        wfix f;
        bool ok = wfix_new(&seed, &f);
        CU_ASSERT_FATAL(ok);
        rt_options o;
        rt_options_default(&o);
        rt_eval full, cut;
        CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f.m, f.ts, f.l, &o, NULL, 0, &full), EVAL_OK);
        CU_ASSERT(full.decided);
        rt_budget b;
        budget_init(&b, 20);            /* runs out inside the window search */
        CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f.m, f.ts, f.l, &o, &b, 0, &cut), EVAL_OK);
        CU_ASSERT(b.exhausted);
        CU_ASSERT_EQUAL(b.step, BUDGET_STEP_WINDOWS);
        CU_ASSERT_FALSE(cut.decided);
        CU_ASSERT_FALSE(cut.schedulable);
        CU_ASSERT_EQUAL(cut.n_misses, 0);
        CU_ASSERT_EQUAL(cut.n_undecided, f.ts->n_tasks);
        for (size_t i = 0; i < f.ts->n_tasks; i++) {
            CU_ASSERT_EQUAL(cut.rta[i].status, RTA_BUDGET);
            CU_ASSERT(cut.wcet.tasks[i].wcet_ns >= full.wcet.tasks[i].wcet_ns);
        }
        rt_eval_fini(&cut);
        rt_eval_fini(&full);
        wfix_free(&f);
    }
}

/* The hostile cases of issue 17, small (tests/data/hostile/, written by bench/gen_hostile):
 * each run ends in seconds with a correct verdict or an honest exit 3. */
#define HOSTILE(f) "tests/data/hostile/" f
#define GPU_2060 "examples/gpus/rtx2060.xml"

/* Equal priorities, jitter 10 s, deadline = period = 1 ms: every R_i >= J_i + C_i > D_i (job
 * q = 0 with w >= 0), so all 6 tasks miss: exit 1. With 50 units the first busy period (6 terms,
 * 7 units per step) cannot finish: exit 3, no misses, every task undecided. */
static void test_hostile_equal_priorities(void)
{
    runcmd_out r = runcmd((char *[]){"x", HOSTILE("eqprio-6.xml"), "--gpu", GPU_2060, "-q", NULL},
                          60);
    CU_ASSERT_EQUAL(r.status, 1);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", HOSTILE("eqprio-6.xml"), "--gpu", GPU_2060, "--budget", "50",
                          "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"reason\": \"work budget exhausted\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"step\": \"rta\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"missed_tasks\": []"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"undecided_tasks\": ["));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "undecided: the work budget of 50 units"));
    runcmd_free(&r);
}

/* One blocked task per partition: lo (T 1040 ns, C 480, J 100 s) under hi (T 1000, C 480) on
 * each of 2 partitions: Q of lo is about 10^8 jobs, far beyond 10^6 units: exit 3 in the RTA,
 * at the first partition's lo; hi0 was decided before; hi1, lo1 (second partition) are not. */
static void test_hostile_blocked(void)
{
    runcmd_out r = runcmd((char *[]){"x", HOSTILE("blocked-2.xml"), "--gpu", GPU_2060,
                                     "--budget", "1000000", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "UNDECIDED: the work budget of 1000000 units ran out in "
                                         "the response-time analysis at task \"lo0\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "3 of 4 tasks undecided: lo0 hi1 lo1"));
    runcmd_free(&r);
}

/* Two partitions of 30 distinct kernels: periods 1 s; every WCET is below 1 ms (C(k,15) at most
 * about 2 C(k,30) = 0.15 ms, M <= 4, margin 1.2), so a partition's 30 tasks need at most 30 ms:
 * schedulable, exit 0. With 100 units the window search stops: exit 3, step "windows". */
static void test_hostile_two_partitions(void)
{
    runcmd_out r = runcmd((char *[]){"x", HOSTILE("kernels-30.xml"), "--gpu", GPU_2060, "-q",
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", HOSTILE("kernels-30.xml"), "--gpu", GPU_2060, "--budget", "100",
                          "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"step\": \"windows\""));
    runcmd_free(&r);
}

/* Many launches on many partitions (10 x 5 tasks x 4 launches), worst-case and synchronous
 * windows: periods 1 s, WCETs of microseconds: schedulable either way (exit 0); synchronous
 * with 10 units: the windows are charged, the RTA has nothing left: exit 3. */
static void test_hostile_launches(void)
{
    runcmd_out r = runcmd((char *[]){"x", HOSTILE("launches-5.xml"), "--gpu", GPU_2060, "-q",
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", HOSTILE("sync-5.xml"), "--gpu", GPU_2060, "-q", "--windows",
                          "synchronous", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", HOSTILE("sync-5.xml"), "--gpu", GPU_2060, "-q", "--windows",
                          "synchronous", "--budget", "10", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "undecided"));
    runcmd_free(&r);
}

/* paper-exp4 (2 tasks, each alone on its partition, schedulable: examples/tasksets) needs a few
 * hundred units for its analysis; the sensitivity's many candidate analyses do not fit in 200:
 * exit 3, step "sensitivity", the decided verdict still quoted, no figures. */
static void test_budget_sensitivity(void)
{
    runcmd_out r = runcmd((char *[]){"x", "examples/tasksets/paper-exp4.xml", "--gpu", GPU_2060,
                                     "--budget", "200", "--sensitivity", "--format", "json",
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"step\": \"sensitivity\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no sensitivity figures (the analysis itself: every "
                                         "deadline holds)"));
    runcmd_free(&r);
    /* the HTML report says the same in its verdict banner */
    r = runcmd((char *[]){"x", "examples/tasksets/paper-exp4.xml", "--gpu", GPU_2060, "--budget",
                          "200", "--format", "html", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "ran out in the sensitivity analysis: no sensitivity "
                                         "figures (the analysis itself: every deadline holds)"));
    runcmd_free(&r);
    /* spent in the windows: one statement, and no sensitivity run on undecided results */
    r = runcmd((char *[]){"x", "examples/tasksets/paper-exp4.xml", "--gpu", GPU_2060, "--budget",
                          "20", "--format", "html", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    const char *first = strstr(r.err, "undecided: the work budget");
    CU_ASSERT_PTR_NOT_NULL(first);
    CU_ASSERT_PTR_NULL(first ? strstr(first + 1, "undecided: the work budget") : NULL);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "; no verdict"));
    runcmd_free(&r);
}

/* Undecided is its own word in every writer, never a miss: with --budget 1 the work runs out
 * before any response time is decided (paper-exp4: in the window search; system.xml: in the
 * holistic analysis of its 2 tasks and 8 steps), so the text table shows R and the verdict of
 * every task as "undecided", the flows every step's R as "undecided", the HTML task table and
 * flows the same, and no writer prints MISS or unbounded. */
static void test_undecided_not_miss(void)
{
    static char *const sets[][2] = {
        { "examples/tasksets/paper-exp4.xml", GPU_2060 },
        { "tests/data/good/system.xml", "tests/data/good/system-gpu.xml" },
    };
    static const char *const rows[][2] = {
        { "  copy      1          2 ms          2 ms   2.536013 ms          0 ns     undecided    "
          "         -  undecided", "  saxpy     2          2 ms          2 ms   1.792924 ms      "
          "    0 ns     undecided             -  undecided" },
        { "  detector     2     33.333 ms         60 ms             -             -     undecided"
          "             -  undecided", "  logger       5        100 ms        100 ms             -"
          "             -     undecided             -  undecided" },
    };
    for (size_t k = 0; k < 2; k++) {
        runcmd_out r = runcmd((char *[]){"x", sets[k][0], "--gpu", sets[k][1],
                                         "--budget", "1", NULL}, 60);
        CU_ASSERT_EQUAL(r.status, 3);
        CU_ASSERT_TRUE(runcmd_has_line(r.out, rows[k][0]));
        CU_ASSERT_TRUE(runcmd_has_line(r.out, rows[k][1]));
        CU_ASSERT_PTR_NULL(strstr(r.out, "MISS"));
        CU_ASSERT_PTR_NULL(strstr(r.out, "unbounded"));
        size_t steps = 0;   /* system.xml's 8 steps: rho "-", R "undecided" */
        for (const char *at = r.out; (at = strstr(at, "             -     undecided\n")); at++)
            steps++;
        CU_ASSERT_EQUAL(steps, k == 1 ? 8 : 0);
        runcmd_free(&r);
        r = runcmd((char *[]){"x", sets[k][0], "--gpu", sets[k][1], "--budget",
                              "1", "--format", "html", NULL}, 60);
        CU_ASSERT_EQUAL(r.status, 3);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "<td class=\"l open\">undecided</td>"));
        CU_ASSERT_PTR_NULL(strstr(r.out, "MISS"));
        CU_ASSERT_PTR_NULL(strstr(r.out, ">unbounded<"));
        runcmd_free(&r);
    }
}

/* A whole system's sensitivity runs the holistic analysis per candidate: when it spends the
 * budget the step stays the sensitivity (the analysis itself decided every deadline: system.xml
 * meets them all), so the statement keeps the verdict instead of "no verdict". 3000 units pass
 * the analysis (2 tasks, 8 steps, a few rounds) and not the candidates. */
static void test_budget_system_sensitivity(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/good/system.xml", "--gpu",
                                     "tests/data/good/system-gpu.xml", "--sensitivity",
                                     "--budget", "3000", "-q", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "ran out in the sensitivity analysis: no "
                                               "sensitivity figures (the analysis itself: every "
                                               "deadline holds)"));
    runcmd_free(&r);
}

/* --budget takes a plain decimal from 1: hex, spaces, signs, 0 and junk are usage errors. */
static void test_budget_option(void)
{
    static char bad[][8] = { "0x10", " 5", "+5", "-1", "0", "1e9", "", "5 " };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        runcmd_out r = runcmd((char *[]){"x", HOSTILE("eqprio-6.xml"), "--gpu", GPU_2060,
                                         "--budget", bad[i], NULL}, 20);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--budget"));
        runcmd_free(&r);
    }
}

void test_budget_register(void);
void test_budget_register(void)
{
    CU_pSuite s = CU_add_suite("budget", NULL, NULL);
    CU_add_test(s, "equal-priority group shares one busy period (hand example)",
                test_group_busy_period);
    CU_add_test(s, "reused busy periods equal the plain ones (random partitions)",
                test_rta_reuse_equals_plain);
    CU_add_test(s, "work units counted by hand", test_budget_units_by_hand);
    CU_add_test(s, "a spent budget is honest and deterministic (random partitions)",
                test_budget_honest);
    CU_add_test(s, "Audsley with a spent budget is undecided", test_audsley_budget);
    CU_add_test(s, "the pass test stops at the first miss (hand example)",
                test_pass_stops_by_hand);
    CU_add_test(s, "the pass test equals the whole analysis's verdict (random partitions)",
                test_pass_equals_whole);
    CU_add_test(s, "pruned window search equals the plain one (random layouts)",
                test_windows_pruned_equals_plain);
    CU_add_test(s, "kernels that differ only in L2 accesses are not duplicates",
                test_windows_l2_not_duplicate);
    CU_add_test(s, "spent in the window search: undecided, sound WCETs", test_eval_budget);
    CU_add_test(s, "hostile: equal priorities, large jitter", test_hostile_equal_priorities);
    CU_add_test(s, "hostile: one blocked task per partition", test_hostile_blocked);
    CU_add_test(s, "hostile: two partitions, many kernels", test_hostile_two_partitions);
    CU_add_test(s, "hostile: many launches, synchronous windows", test_hostile_launches);
    CU_add_test(s, "--budget is a plain decimal", test_budget_option);
    CU_add_test(s, "a whole system's sensitivity keeps its step when it spends the budget",
                test_budget_system_sensitivity);
    CU_add_test(s, "undecided tasks are undecided in every writer, never MISS",
                test_undecided_not_miss);
    CU_add_test(s, "spent in the sensitivity: exit 3, verdict kept", test_budget_sensitivity);
}
