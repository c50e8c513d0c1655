/* Tests of analysis/sensitivity (docs/evidence.md sec. 1).
 *
 * By hand: the values of small systems on the tiny GPU (tests/data/cli/tiny-gpu.xml: 4 SMs,
 * 1000 MHz so 1 cycle = 1 ns, margin 0.2), each worked in the comment next to its assertions.
 *
 * Property: on random systems, every figure passes at its value and fails one step beyond it,
 * checked independently of the sensitivity code: headroom and scaling with rta_npfp on task
 * arrays built here, margin and partition sizes with rt_eval_layout on options and layouts built
 * here, and each critical job's terms summed here against R_i.
 *
 * Mutation check (run by hand, documented in docs/validation.md): reporting one step below the
 * bisection's result ("*best = lo" -> "*best = lo > 0 ? lo - 1 : lo") fails the headroom checks,
 * and starting the partition-size scan at 2g instead of g fails the size checks. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/sens.h"
#include "analysis/sens_scale.h"
#include "fixture_model.h"
#include "models/model.h"
#include "suites.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"
#include "util/diag.h"

#define TINY_GPU "tests/data/cli/tiny-gpu.xml"

/* One analysed system: inputs, model, layout, base analysis and its sensitivity. */
typedef struct sys {
    rt_gpu *gpu;
    rt_taskset *ts;
    bool own_ts;          /* ts from fx_ts_new (else rt_taskset_load) */
    model *m;
    rt_layout *l;
    rt_options o;
    rt_eval e;
    sens_result s;
} sys;

static void sys_fini(sys *y)
{
    sens_result_fini(&y->s);
    rt_eval_fini(&y->e);
    rt_layout_free(y->l);
    model_free(y->m);
    if (y->own_ts)
        fx_ts_free(y->ts);
    else
        rt_taskset_free(y->ts);
    rt_gpu_free(y->gpu);
}

/* Analyse the layout already in y (the command line's defaults) and compute its sensitivity. */
static int sys_run(sys *y)
{
    if (!y->m && !(y->m = model_new(y->gpu, y->ts)))
        return -1;
    if (rt_eval_layout(y->m, y->ts, y->l, &y->o, NULL, 0, &y->e) != EVAL_OK)
        return -1;
    return sens_compute(y->m, y->ts, y->l, &y->o, NULL, &y->e, &y->s);
}

static int sys_load(sys *y, const char *taskset)
{
    memset(y, 0, sizeof *y);
    rt_diags *d = rt_diag_new(10);
    y->gpu = rt_gpu_load(TINY_GPU, d);
    y->ts = rt_taskset_load(taskset, d);
    if (y->gpu && y->ts)
        rt_inputs_check(y->ts, y->gpu, d);
    int bad = !d || rt_diag_errors(d) > 0 || !y->gpu || !y->ts;
    rt_diag_free(d);
    if (bad)
        return -1;
    rt_options_default(&y->o);
    y->l = rt_layout_from_taskset(y->ts);
    return y->l ? sys_run(y) : -1;
}

static size_t task_named(const sys *y, const char *name)
{
    for (size_t i = 0; i < y->ts->n_tasks; i++)
        if (strcmp(y->ts->tasks[i].name, name) == 0)
            return i;
    CU_FAIL_FATAL("no such task");
    return 0;
}

/* tests/data/cli/tiny.xml: one partition of 4 SMs; fast (T = D = 5 us, prio 1) C = 1200 ns,
 * slow (T = D = 10 us, prio 2) C = 2400 ns; R_fast = B + C = 2400 + 1200 = 3600,
 * R_slow = 1200 + 2400 = 3600.
 *   slack: fast 5000 - 3600 = 1400, slow 10000 - 3600 = 6400.
 *   headroom fast: R_fast = 2400 + 1200 + d <= 5000 -> d <= 1400 (slow: 3600 + d fine).
 *   headroom slow: its C is fast's blocking: 2400 + d + 1200 <= 5000 -> d <= 1400.
 *   scaling a = k / 10^4: fast needs ceil(2400 a) + ceil(1200 a) <= 5000:
 *     k = 13887: 3332.88 -> 3333, 1666.44 -> 1667, sum 5000: passes;
 *     k = 13888: 3333.12 -> 3334, 1666.56 -> 1667, sum 5001: fails.  a = 1.3887.
 *   margin m: ceil((1 + m) 2000) + ceil((1 + m) 1000) <= 5000:
 *     m = 0.6665: 3333 + 1666.5 -> 1667 = 5000 passes; m = 0.6666: 3333.2 -> 3334 + 1667 fails.
 *   min_sms: eq. 4 with Ubw = 1/100, KAI = 1: C(K1,n) = 1000 / 3.99 * 16 / n;
 *     n = 3: 1336.68 * 1.2 = 1604.01 -> 1605 and 3208.03 -> 3209: R_fast = 3209 + 1605 = 4814
 *     <= 5000 passes; n = 2: 2406 + 4812 = 7218 > 5000 fails.  min_sms = 3. */
static void test_tiny_by_hand(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_load(&y, "tests/data/cli/tiny.xml"), 0);
    size_t fast = task_named(&y, "fast"), slow = task_named(&y, "slow");
    CU_ASSERT(y.s.tasks[fast].has_slack && y.s.tasks[fast].slack_ns == 1400);
    CU_ASSERT(y.s.tasks[slow].has_slack && y.s.tasks[slow].slack_ns == 6400);
    CU_ASSERT(y.s.tasks[fast].has_headroom && y.s.tasks[fast].headroom_ns == 1400);
    CU_ASSERT(y.s.tasks[slow].has_headroom && y.s.tasks[slow].headroom_ns == 1400);
    CU_ASSERT(y.s.has_scaling);
    CU_ASSERT_EQUAL(y.s.scaling_k, 13887);
    CU_ASSERT(y.s.has_margin);
    CU_ASSERT_EQUAL(y.s.margin_k, 6665);
    CU_ASSERT(y.s.has_min_sms[0]);
    CU_ASSERT_EQUAL(y.s.min_sms[0], 3);
    CU_ASSERT_PTR_NULL(y.s.tasks[fast].explain);
    CU_ASSERT_PTR_NULL(y.s.tasks[slow].explain);
    CU_ASSERT(y.s.exhaustive);
    /* the critical job of fast: q = 0, blocked by slow (2400), no higher priority */
    const sens_job *j = &y.s.tasks[fast].job;
    CU_ASSERT(j->bounded && j->q == 0 && j->blocking_ns == 2400 && j->blocking_task == slow);
    CU_ASSERT(j->n_hp == 0 && j->start_ns == 2400 && j->own_ns == 1200 && j->wcrt_ns == 3600);
    /* slow: fast is its one higher-priority job: floor((1200 + 0) / 5000) + 1 = 1 job */
    j = &y.s.tasks[slow].job;
    CU_ASSERT(j->bounded && j->blocking_ns == 0 && j->blocking_task == SIZE_MAX);
    CU_ASSERT_FATAL(j->n_hp == 1);
    CU_ASSERT(j->hp[0].task == fast && j->hp[0].jobs == 1 && j->hp[0].ns == 1200);
    sys_fini(&y);
}

/* tests/data/cli/tiny-miss.xml: tiny with D_fast = 3 us, so R_fast = 3600 misses by 600.
 *   scaling: ceil(2400 a) + ceil(1200 a) <= 3000: k = 8333: 1999.92 -> 2000, 999.96 -> 1000,
 *     sum 3000 passes; k = 8334: 2000.16 -> 2001 + 1000.08 -> 1001 fails.  a = 0.8333.
 *   margin: m = 0 gives 2000 + 1000 = 3000 passes; m = 0.0001: 2001 + 1001 fails.  0.0000.
 *   min_sms: R_fast >= C_slow + C_fast >= 3000 + ... on fewer SMs (eq. 4 only grows below N),
 *     and at n = 4 it misses: none.  Headroom: the partition misses, so none for both.
 *   explanation of fast: R - D = 600, q = 0, B = 2400 (slow), C = 1200; interference "none"
 *     changes nothing here (one partition: M = 1), so R stays 3600: still a miss. */
static void test_miss_by_hand(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_load(&y, "tests/data/cli/tiny-miss.xml"), 0);
    size_t fast = task_named(&y, "fast"), slow = task_named(&y, "slow");
    CU_ASSERT(y.s.has_scaling && y.s.scaling_k == 8333);
    CU_ASSERT(y.s.has_margin && y.s.margin_k == 0);
    CU_ASSERT(!y.s.has_min_sms[0]);
    CU_ASSERT(!y.s.tasks[fast].has_headroom && !y.s.tasks[slow].has_headroom);
    CU_ASSERT(y.s.tasks[fast].has_slack && y.s.tasks[fast].slack_ns == -600);
    CU_ASSERT(!y.s.tasks[fast].has_pass_sms);
    const sens_explain *x = y.s.tasks[fast].explain;
    CU_ASSERT_PTR_NOT_NULL_FATAL(x);
    CU_ASSERT(x->bounded && x->excess_ns == 600);
    CU_ASSERT(x->without_intf_bounded && x->without_intf_ns == 3600 && !x->without_intf_meets);
    const sens_job *j = &y.s.tasks[fast].job;
    CU_ASSERT(j->q == 0 && j->blocking_ns == 2400 && j->blocking_task == slow && j->own_ns == 1200);
    CU_ASSERT_PTR_NULL(y.s.tasks[slow].explain);
    sys_fini(&y);
}

/* tests/data/sens/two-parts.xml: a (T = D = 4 us) alone on P0 (2 SMs), b (8 us) alone on P1
 * (2 SMs); M = 1 (Ubw = 1/100 keeps B(w) far below BWthr).
 *   C(K1,2) = 1000 / 3.99 * 8 = 2005.0125 cycles, WCET ceil(1.2 x) = 2407; C(K2,2) = 4010.025,
 *   WCET 4813.  A task alone passes iff C < T (C = T is utilisation 1: unbounded):
 *   headroom a = 4000 - 2407 - 1 = 1592 (slack is 1593), b = 8000 - 4813 - 1 = 3186.
 *   scaling: ceil(2407 a) <= 3999: k = 16614 gives 3998.99 -> 3999, k = 16615 gives
 *     3999.23 -> 4000: a = 1.6614 (b is not binding: 4813 x 1.6615 = 7996.7).
 *   margin: (1 + m) 2005.0125 <= 3999: m = 0.9945 gives 3998.997 -> 3999, 0.9946 gives
 *     3999.198 -> 4000.  0.9945.
 *   min_sms: P0 at 1 SM: C(K1,1) = 4010.025, WCET 4813 >= 4000 fails: 2; P1 at 1 SM: 9625
 *     fails: 2. */
static void test_two_partitions_by_hand(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_load(&y, "tests/data/sens/two-parts.xml"), 0);
    size_t a = task_named(&y, "a"), b = task_named(&y, "b");
    CU_ASSERT_EQUAL(y.e.wcet.tasks[a].wcet_ns, 2407);
    CU_ASSERT_EQUAL(y.e.wcet.tasks[b].wcet_ns, 4813);
    CU_ASSERT(y.s.tasks[a].slack_ns == 1593 && y.s.tasks[a].headroom_ns == 1592);
    CU_ASSERT(y.s.tasks[b].slack_ns == 3187 && y.s.tasks[b].headroom_ns == 3186);
    CU_ASSERT(y.s.has_scaling && y.s.scaling_k == 16614);
    CU_ASSERT(y.s.has_margin && y.s.margin_k == 9945);
    CU_ASSERT(y.s.has_min_sms[0] && y.s.min_sms[0] == 2);
    CU_ASSERT(y.s.has_min_sms[1] && y.s.min_sms[1] == 2);
    CU_ASSERT(y.s.tasks[a].has_pass_sms && y.s.tasks[a].pass_sms == 2);
    /* smallest relative slack: a 1593/4000 = 0.39825 < b 3187/8000 = 0.398375 (exact: 1593 x
     * 8000 = 12744000 < 3187 x 4000 = 12748000): a sets it */
    CU_ASSERT(y.e.has_min_slack && y.e.min_slack_task == a);
    sys_fini(&y);
}

/* tests/data/sens/jitter.xml: J = 6 us > D = 5 us, so R >= J misses for any WCET: no scaling
 * factor, no margin, no size; the explanation: R = J + C = 6000 + 1200 = 7200, R - D = 2200. */
static void test_jitter_none(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_load(&y, "tests/data/sens/jitter.xml"), 0);
    CU_ASSERT(!y.s.has_scaling);
    CU_ASSERT(!y.s.has_margin);
    CU_ASSERT(!y.s.has_min_sms[0]);
    CU_ASSERT_PTR_NOT_NULL_FATAL(y.s.tasks[0].explain);
    CU_ASSERT_EQUAL(y.s.tasks[0].explain->excess_ns, 2200);
    CU_ASSERT_EQUAL(y.s.tasks[0].job.jitter_ns, 6000);
    sys_fini(&y);
}

/* ceil(k w / 10^4) exactly, including products beyond 64 bits. */
static void test_scale_ns(void)
{
    int64_t v;
    CU_ASSERT(sens_scale_ns(2407, 16615, &v) && v == 4000);     /* 3999.2305 up */
    CU_ASSERT(sens_scale_ns(2400, 10000, &v) && v == 2400);     /* a = 1: unchanged */
    CU_ASSERT(sens_scale_ns(0, SENS_SCALE_MAX_K, &v) && v == 0);
    /* 2^40 x 2^20 = 2^60: fits; 2^43 x 2^20 = 2^63 does not */
    CU_ASSERT(sens_scale_ns((int64_t)1 << 40, SENS_SCALE_MAX_K, &v) && v == (int64_t)1 << 60);
    CU_ASSERT(!sens_scale_ns((int64_t)1 << 43, SENS_SCALE_MAX_K, &v));
}

/* ---- property: at the value it passes, one step beyond it fails ---- */

/* xorshift64* with a fixed seed: the same systems on every run. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;

static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}

static int64_t rng_in(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rng() % (uint64_t)(hi - lo + 1));
}

/* Does partition p (all when p = SIZE_MAX) meet every deadline with task WCETs c[]? The RTA is
 * called directly on arrays built here (priorities from the analysed layout). */
static bool rta_meets(const sys *y, const int64_t *c, size_t p)
{
    size_t n = y->ts->n_tasks;
    rta_task *t = calloc(n, sizeof *t);
    rta_result *r = calloc(n, sizeof *r);
    size_t *idx = calloc(n, sizeof *idx);
    bool ok = t && r && idx;
    for (size_t q = 0; ok && q < y->l->n_parts; q++) {
        if (p != SIZE_MAX && q != p)
            continue;
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (y->l->task_part[i] == q) {
                const rt_task *ti = &y->ts->tasks[i];
                t[m] = (rta_task){ ti->period_ns, ti->deadline_ns, ti->jitter_ns, c[i],
                                   y->l->task_prio[i] };
                idx[m++] = i;
            }
        if (m == 0)
            continue;
        CU_ASSERT_EQUAL_FATAL(rta_npfp(t, m, 0, r), 0);
        for (size_t k = 0; k < m; k++)
            ok &= r[k].schedulable;
        rta_results_fini(r, m);
    }
    free(idx);
    free(r);
    free(t);
    return ok;
}

/* WCETs with every launch scaled by k / 10^4 (false if one leaves range: a miss). */
static bool scaled_wcets(const sys *y, int64_t k, int64_t *c)
{
    for (size_t i = 0; i < y->ts->n_tasks; i++) {
        c[i] = 0;
        for (size_t j = 0; j < y->e.wcet.tasks[i].n_launches; j++) {
            __extension__ unsigned __int128 w = y->e.wcet.tasks[i].launches[j].wcet_ns;
            w = (w * (unsigned)k + 9999) / 10000;
            if (w > ((unsigned __int128)1 << 62))
                return false;
            c[i] += (int64_t)w;
        }
    }
    return true;
}

/* Full analysis of a copy of the layout with partition p resized to sms (p = SIZE_MAX: none)
 * and margin m. */
static bool full_meets(const sys *y, size_t p, int64_t sms, double m)
{
    rt_layout *l = rt_layout_copy(y->l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    if (p != SIZE_MAX)
        l->part_sms[p] = sms;
    rt_options o = y->o;
    o.margin = m;
    rt_eval e;
    int rc = rt_eval_layout(y->m, y->ts, l, &o, NULL, 0, &e);
    bool ok = rc == EVAL_OK && e.schedulable;
    if (rc == EVAL_OK)
        rt_eval_fini(&e);
    rt_layout_free(l);
    return ok;
}

static void check_system(const sys *y)
{
    size_t n = y->ts->n_tasks;
    int64_t *c = calloc(n, sizeof *c);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    for (size_t i = 0; i < n; i++) {
        const sens_task *t = &y->s.tasks[i];
        if (!t->has_headroom)
            continue;
        for (size_t k = 0; k < n; k++)
            c[k] = y->e.wcet.tasks[k].wcet_ns;
        c[i] += t->headroom_ns;
        CU_ASSERT(rta_meets(y, c, y->l->task_part[i]));
        c[i] += 1;
        CU_ASSERT(!rta_meets(y, c, y->l->task_part[i]));
    }
    if (y->s.has_scaling) {
        CU_ASSERT(scaled_wcets(y, y->s.scaling_k, c) && rta_meets(y, c, SIZE_MAX));
        if (y->s.scaling_k < SENS_SCALE_MAX_K)
            CU_ASSERT(!scaled_wcets(y, y->s.scaling_k + 1, c) || !rta_meets(y, c, SIZE_MAX));
    } else {
        CU_ASSERT(scaled_wcets(y, 0, c) && !rta_meets(y, c, SIZE_MAX));
    }
    if (y->s.has_margin) {
        CU_ASSERT(full_meets(y, SIZE_MAX, 0, (double)y->s.margin_k / 10000));
        if (y->s.margin_k < SENS_MARGIN_MAX_K)
            CU_ASSERT(!full_meets(y, SIZE_MAX, 0, (double)(y->s.margin_k + 1) / 10000));
    }
    int64_t g = y->gpu->granularity;
    for (size_t p = 0; p < y->l->n_parts; p++) {
        if (!y->s.has_min_sms[p])
            continue;
        CU_ASSERT(full_meets(y, p, y->s.min_sms[p], y->o.margin));
        for (int64_t s = g; s < y->s.min_sms[p]; s += g)
            CU_ASSERT(!full_meets(y, p, s, y->o.margin));
    }
    for (size_t i = 0; i < n; i++) {   /* R = J + B + qC + hp + C - qT, summed here */
        const sens_job *j = &y->s.tasks[i].job;
        if (!j->bounded)
            continue;
        int64_t w = j->blocking_ns + j->q * j->own_ns;
        for (size_t h = 0; h < j->n_hp; h++)
            w += j->hp[h].ns;
        CU_ASSERT_EQUAL(w, j->start_ns);
        CU_ASSERT_EQUAL(j->jitter_ns + w - j->release_offset_ns + j->own_ns, y->e.rta[i].wcrt_ns);
    }
    free(c);
}

/* A random system on the 1 GHz RTX 2060 fixture: 2-5 tasks of one or two kernels, two
 * partitions of 5-15 SMs, periods 1-20 ms scaled so that it is near the edge. */
static int random_system(sys *y)
{
    memset(y, 0, sizeof *y);
    size_t n_k = 3, n = (size_t)rng_in(2, 5);
    y->gpu = calloc(1, sizeof *y->gpu);
    if (!y->gpu)
        return -1;
    *y->gpu = fx_gpu_1ghz();
    y->ts = fx_ts_new(n_k, n);
    y->own_ts = true;
    if (!y->ts)
        return -1;
    static const double bw[3] = { 250, 60, 5 }, kai[3] = { 0.06, 0.5, 3 };
    for (size_t k = 0; k < n_k; k++)
        fx_kernel(y->ts, k, (double)rng_in(100000, 900000), bw[k], kai[k]);
    size_t part[5];
    int64_t prio[5], sms[2] = { rng_in(5, 15), rng_in(5, 15) };
    for (size_t i = 0; i < n; i++) {
        size_t runs[2] = { (size_t)rng_in(0, 2), (size_t)rng_in(0, 2) };
        if (!fx_task(y->ts, i, (int64_t)i + 1, runs, (size_t)rng_in(1, 2)))
            return -1;
        int64_t t = rng_in(1000, 20000) * 1000;
        y->ts->tasks[i].period_ns = t;
        y->ts->tasks[i].deadline_ns = t - rng_in(0, 3) * t / 8;
        y->ts->tasks[i].jitter_ns = rng_in(0, 1) * rng_in(0, 200000);
        part[i] = i % 2;
        prio[i] = (int64_t)i + 1;
    }
    rt_options_default(&y->o);
    y->l = fx_layout(2, sms, n, part, prio);
    return y->l ? sys_run(y) : -1;
}

static void test_property_random(void)
{
    int schedulable = 0, missing = 0, headrooms = 0, margins = 0;
    for (int trial = 0; trial < 24; trial++) {
        sys y;
        CU_ASSERT_EQUAL_FATAL(random_system(&y), 0);
        check_system(&y);
        schedulable += y.e.schedulable;
        missing += !y.e.schedulable;
        margins += y.s.has_margin;
        for (size_t i = 0; i < y.ts->n_tasks; i++)
            headrooms += y.s.tasks[i].has_headroom;
        sys_fini(&y);
    }
    /* the fixed seed gives both kinds of systems, so every check above ran */
    CU_ASSERT(schedulable >= 4 && missing >= 4 && headrooms >= 8 && margins >= 4);
}

void test_sensitivity_register(void)
{
    CU_pSuite s = CU_add_suite("sensitivity", NULL, NULL);
    CU_add_test(s, "tiny by hand: slack, headroom, scaling, margin, min size", test_tiny_by_hand);
    CU_add_test(s, "a miss by hand: explanation and none values", test_miss_by_hand);
    CU_add_test(s, "two partitions by hand (utilisation 1 is a miss)",
                test_two_partitions_by_hand);
    CU_add_test(s, "jitter beyond the deadline: no factor passes", test_jitter_none);
    CU_add_test(s, "scaled WCETs are exact ceilings", test_scale_ns);
    CU_add_test(s, "property: passes at the value, fails one step beyond", test_property_random);
}
