/* Tests of the partition sizes the search may choose (--deploy, --min-partition-sms;
 * docs/assignment.md sec. 12): the rule in units of g (search/sizes.h), the judge's refusal and
 * its growth to the next allowed size, the bounds taken over the allowed sizes only, and the
 * search against a brute force over every layout of allowed sizes, for both objectives.
 *
 * Mutation checks (each applied by hand; the rule is enforced in layers, so each layer has the
 * test that catches its loss):
 *   - bounds.c fill_iso without the sizes_ok test (the rule dropped in the pricing, the pool,
 *     the MIP columns, the alone sizes and the work bound): "bounds and pattern bound over
 *     allowed sizes" fails (bounds_alone and the pattern bound give 1 unit, not 3). The brute-force
 *     tests still pass: the judge and the incumbent's door refuse the forbidden layouts that
 *     then come up, and the exhaustive pattern MIP still finds the constrained optimum;
 *   - that, plus the judge's refusal and the door of minsms.c offer_incumbent dropped: both
 *     brute-force tests fail (e.g. 8 SMs, g = 1, at least 4 and even, seed 1: brute force 6 SMs,
 *     the search "optimal" 5);
 *   - judge.c analyse without the forbidden-size verdict: "judge refuses forbidden sizes" fails;
 *   - judge.c judge_grow_missing growing by one unit: the same test fails. */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/wcet.h"
#include "models/model.h"
#include "search/assign.h"
#include "search/bounds.h"
#include "search/judge.h"
#include "search/pattern.h"
#include "search/sizes.h"
#include "search/slack.h"

#include "fixture_search.h"

void test_deploy_search_register(void);

/* ---- rule ------------------------------------------------------------------------------- */

static size_rule rule_of(int64_t min_sms, int64_t step_sms, int64_t g)
{
    rt_options o;
    rt_options_default(&o);
    o.part_min_sms = min_sms;
    o.part_step_sms = step_sms;
    return sizes_rule_of(&o, g);
}

static void test_rule(void)
{
    /* no rule: every unit count from 1 */
    size_rule r = rule_of(0, 0, 2);
    CU_ASSERT_EQUAL(r.min_units, 1);
    CU_ASSERT_EQUAL(r.step_units, 1);
    CU_ASSERT_TRUE(sizes_any(&r));
    /* 8.X on the Orin (g = 2): 4 SMs = 2 units, multiples of 2 SMs = every unit */
    r = rule_of(4, 2, 2);
    CU_ASSERT_EQUAL(r.min_units, 2);
    CU_ASSERT_EQUAL(r.step_units, 1);
    CU_ASSERT_FALSE(sizes_ok(&r, 1));
    CU_ASSERT_TRUE(sizes_ok(&r, 2));
    CU_ASSERT_TRUE(sizes_ok(&r, 3));
    /* 8.X with g = 1: units are SMs, at least 4, even */
    r = rule_of(4, 2, 1);
    CU_ASSERT_EQUAL(r.min_units, 4);
    CU_ASSERT_EQUAL(r.step_units, 2);
    CU_ASSERT_FALSE(sizes_ok(&r, 5));
    CU_ASSERT_EQUAL(sizes_up(&r, 1), 4);
    CU_ASSERT_EQUAL(sizes_up(&r, 5), 6);
    CU_ASSERT_EQUAL(sizes_down(&r, 5), 4);
    CU_ASSERT_EQUAL(sizes_down(&r, 3), 0);
    /* 9.0 on the H100 (g = 2): at least 8 SMs, multiples of 8 = lcm(8, 2) = 4 units */
    r = rule_of(8, 8, 2);
    CU_ASSERT_EQUAL(r.min_units, 4);
    CU_ASSERT_EQUAL(r.step_units, 4);
    CU_ASSERT_EQUAL(sizes_down(&r, 66), 64);   /* 132 SMs: the largest legal is 128 */
    /* g = 3, multiples of 2: lcm 6 = 2 units; at least 4 SMs: 2 units (6 SMs) */
    r = rule_of(4, 2, 3);
    CU_ASSERT_EQUAL(r.step_units, 2);
    CU_ASSERT_EQUAL(r.min_units, 2);
    /* --min-partition-sms 5 with g = 2 and 7.X (2, 2): 3 units (6 SMs) */
    r = rule_of(5, 2, 2);
    CU_ASSERT_EQUAL(r.min_units, 3);
    CU_ASSERT_EQUAL(r.step_units, 1);
}

/* ---- the brute force ----------------------------------------------------------------------
 * Every set partition of the tasks, every vector of sizes n with n a multiple of g, n >= min_sms
 * and n a multiple of step_sms (written here from the definition, not from search/sizes.c), the
 * total within the GPU; each layout analysed in full. */

typedef struct cbrute {
    const fixture *f;
    const rt_options *o;
    int64_t min_sms, step_sms;
    size_t *block, n_blocks;
    int64_t *sizes;
    int64_t best_sms;               /* fewest SMs of a schedulable layout, -1: none */
    int64_t cap;                    /* max-min-slack: layouts of at most cap SMs */
    bool have_slack;
    int64_t slack_num, slack_den;   /* the largest smallest relative slack within cap */
} cbrute;

static void cbrute_layout(cbrute *b, int64_t used)
{
    size_t T = b->f->ts->n_tasks;
    rt_layout *l = fx_blocks_layout(b->block, T, b->sizes, b->n_blocks);
    rt_layout *copy = rt_layout_copy(l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
    rt_eval ev;
    int rc = rt_eval_layout(b->f->m, b->f->ts, copy, b->o, NULL, 0, &ev);
    CU_ASSERT(rc == EVAL_OK || rc == EVAL_ERANGE);
    CU_ASSERT(rc != EVAL_OK || ev.decided);   /* the reference decides every layout */
    bool ok = rc == EVAL_OK && ev.schedulable;
    if (rc == EVAL_OK)
        rt_eval_fini(&ev);
    rt_layout_free(copy);
    if (ok && (b->best_sms < 0 || used < b->best_sms))
        b->best_sms = used;
    int64_t num = 0, den = 1;
    double slack;
    if (ok && b->o->objective == RT_OBJ_MAX_MIN_SLACK && used <= b->cap) {
        CU_ASSERT_FATAL(slack_of_layout(b->f->m, b->f->ts, l, b->o, &num, &den, &slack, NULL));
        if (!b->have_slack || (__int128)num * b->slack_den > (__int128)b->slack_num * den) {
            b->have_slack = true;
            b->slack_num = num;
            b->slack_den = den;
        }
    }
    rt_layout_free(l);
}

static void cbrute_sizes(cbrute *b, size_t p, int64_t used)
{
    int64_t g = b->f->gpu->granularity, N = b->f->gpu->sms;
    if (p == b->n_blocks) {
        cbrute_layout(b, used);
        return;
    }
    for (int64_t n = g; used + n <= N; n += g) {
        if (n < b->min_sms || (b->step_sms > 1 && n % b->step_sms != 0))
            continue;
        b->sizes[p] = n;
        cbrute_sizes(b, p + 1, used + n);
    }
}

static void cbrute_partitions(cbrute *b, size_t i, size_t n_blocks)
{
    if (i == b->f->ts->n_tasks) {
        b->n_blocks = n_blocks;
        cbrute_sizes(b, 0, 0);
        return;
    }
    for (size_t k = 0; k <= n_blocks; k++) {
        b->block[i] = k;
        cbrute_partitions(b, i + 1, k == n_blocks ? n_blocks + 1 : n_blocks);
    }
}

static void cbrute_run(cbrute *b)
{
    size_t T = b->f->ts->n_tasks;
    b->block = calloc(T, sizeof *b->block);
    b->sizes = calloc(T, sizeof *b->sizes);
    CU_ASSERT_FATAL(b->block && b->sizes);
    b->best_sms = -1;
    cbrute_partitions(b, 0, 0);
    free(b->block);
    free(b->sizes);
}

/* Every partition of l is one the rule allows (from the definition, as the brute force). */
static bool layout_allowed(const rt_layout *l, int64_t g, int64_t min_sms, int64_t step_sms)
{
    bool ok = true;
    for (size_t p = 0; p < l->n_parts; p++)
        ok &= l->part_sms[p] % g == 0 && l->part_sms[p] >= min_sms &&
              (step_sms <= 1 || l->part_sms[p] % step_sms == 0);
    return ok;
}

typedef struct tally {
    long optimal, infeasible, constrained_above;  /* constrained optimum above the free one */
} tally;

/* min-sms: the search under the rule (min_sms, step_sms) proves the brute force's constrained
 * optimum (or infeasibility), returns a layout of allowed sizes only, and its bound is at most
 * the constrained optimum. */
static void compare_min_sms(int64_t N, int64_t g, size_t nt, int64_t min_sms, int64_t step_sms,
                            uint64_t seeds, rt_prio_mode prio, tally *c)
{
    for (uint64_t seed = 1; seed <= seeds; seed++) {
        rt_options o;
        rt_options_default(&o);
        o.priorities = prio;
        o.time_limit_s = 0;   /* no clock: the same result on every machine */
        fixture f;
        rand_instance(&f, gpu_make(N, g, N - 1, 1365), nt, seed * 7919 + (uint64_t)(N + min_sms),
                      &o);
        cbrute free_b = { .f = &f, .o = &o, .cap = N };
        cbrute_run(&free_b);
        o.part_min_sms = min_sms;
        o.part_step_sms = step_sms;
        cbrute b = { .f = &f, .o = &o, .min_sms = min_sms, .step_sms = step_sms, .cap = N };
        cbrute_run(&b);
        assign_result r;
        CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
        if (b.best_sms < 0) {
            CU_ASSERT_EQUAL(r.status, ASSIGN_INFEASIBLE);
            c->infeasible++;
        } else {
            CU_ASSERT_EQUAL(r.status, ASSIGN_OPTIMAL);
            CU_ASSERT_EQUAL(r.sms_used, b.best_sms);
            CU_ASSERT_PTR_NOT_NULL_FATAL(r.layout);
            CU_ASSERT_TRUE(layout_allowed(r.layout, g, min_sms, step_sms));
            CU_ASSERT(r.lower_bound_sms >= 0 && r.lower_bound_sms <= b.best_sms);
            c->optimal++;
            c->constrained_above += free_b.best_sms >= 0 && b.best_sms > free_b.best_sms;
        }
        if (r.status != (b.best_sms < 0 ? ASSIGN_INFEASIBLE : ASSIGN_OPTIMAL) ||
            r.sms_used != (b.best_sms < 0 ? r.sms_used : b.best_sms))
            fprintf(stderr, "\nmismatch N=%lld g=%lld min=%lld step=%lld seed=%llu: brute %lld, "
                            "search %s %lld\n", (long long)N, (long long)g, (long long)min_sms,
                    (long long)step_sms, (unsigned long long)seed, (long long)b.best_sms,
                    assign_status_name(r.status), (long long)r.sms_used);
        assign_result_fini(&r);
        fx_fini(&f);
    }
}

static void test_brute_min_sms(void)
{
    tally c = {0};
    /* 8.X with g = 1 (at least 4 SMs, even) on 8 SMs */
    compare_min_sms(8, 1, 4, 4, 2, 8, RT_PRIO_DM, &c);
    /* 7.X with g = 1 (at least 2, even) on 7 SMs: 7 itself is not allowed */
    compare_min_sms(7, 1, 4, 2, 2, 8, RT_PRIO_GIVEN, &c);
    /* --min-partition-sms 4 with g = 2 on 8 SMs (the Orin's TPCs) */
    compare_min_sms(8, 2, 5, 4, 0, 6, RT_PRIO_AUDSLEY, &c);
    /* a minimum of 3 SMs, no step, g = 1 */
    compare_min_sms(6, 1, 4, 3, 0, 8, RT_PRIO_DM, &c);
    /* both outcomes occur, and the rule changed the optimum somewhere (so the test can tell) */
    CU_ASSERT(c.optimal > 0);
    CU_ASSERT(c.infeasible > 0);
    CU_ASSERT(c.constrained_above > 0);
}

/* max-min-slack: the largest smallest relative slack over the layouts of allowed sizes within
 * max_sms SMs, as the brute force finds it; the returned layout is of allowed sizes. */
static void test_brute_max_min_slack(void)
{
    long found = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        rt_options o;
        rt_options_default(&o);
        o.priorities = RT_PRIO_DM;
        o.objective = RT_OBJ_MAX_MIN_SLACK;
        o.time_limit_s = 0;
        o.part_min_sms = 4;
        o.part_step_sms = 2;
        o.max_sms = 9;   /* at most 9 SMs: one partition of 4, 6 or 8, or two of 4 */
        fixture f;
        rand_instance(&f, gpu_make(10, 1, 9, 1365), 3, seed * 104729, &o);
        cbrute b = { .f = &f, .o = &o, .min_sms = 4, .step_sms = 2, .cap = 9 };
        cbrute_run(&b);
        assign_result r;
        CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
        if (!b.have_slack) {
            CU_ASSERT_EQUAL(r.status, ASSIGN_INFEASIBLE);
        } else {
            CU_ASSERT_EQUAL(r.status, ASSIGN_OPTIMAL);
            CU_ASSERT_PTR_NOT_NULL_FATAL(r.layout);
            CU_ASSERT_TRUE(layout_allowed(r.layout, 1, 4, 2));
            CU_ASSERT(r.sms_used <= 9);
            int64_t num = 0, den = 1;
            double s;
            CU_ASSERT_FATAL(slack_of_layout(f.m, f.ts, r.layout, &o, &num, &den, &s, NULL));
            CU_ASSERT((__int128)num * b.slack_den == (__int128)b.slack_num * den);
            found++;
        }
        assign_result_fini(&r);
        fx_fini(&f);
    }
    CU_ASSERT(found > 0);
}

/* ---- the pieces --------------------------------------------------------------------------- */

/* One task of one compute kernel on a 6-SM GPU, g = 1, period far above its WCET: it fits alone
 * on 1 SM. Under the rule "at least 3 SMs" sizes 1 and 2 hold no task, so its alone size index
 * is 2 (3 SMs), the trivial bound and the pattern bound are 3 units, and the search returns one
 * partition of 3 SMs, proven by the bound. */
static void test_bounds_allowed(void)
{
    fixture f;
    static const tdef t[1] = {{"a", 1000000000, 1000000000, -1, 1, {3}}};   /* T = D = 1 s */
    fx_make(&f, gpu_make(6, 1, 5, 1365), rand_kernels, 4, t, 1);
    rt_options o;
    rt_options_default(&o);
    o.time_limit_s = 0;
    lbt *free_b = bounds_new(f.m, f.ts, &o);
    CU_ASSERT_PTR_NOT_NULL_FATAL(free_b);
    CU_ASSERT_EQUAL(bounds_alone(free_b, 0), 0);   /* 1 SM without the rule */
    bounds_free(free_b);
    o.part_min_sms = 3;
    lbt *b = bounds_new(f.m, f.ts, &o);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_EQUAL(bounds_alone(b, 0), 2);
    CU_ASSERT_FALSE(bounds_fits(b, 0, 0));
    CU_ASSERT_FALSE(bounds_fits(b, 0, 1));
    CU_ASSERT_TRUE(bounds_fits(b, 0, 2));
    size_t G[1] = {0};
    CU_ASSERT_EQUAL(bounds_group_pass(b, G, 1, 1, NULL), 0);
    CU_ASSERT_EQUAL(bounds_group_pass(b, G, 1, 2, NULL), 1);
    rt_diags *d = rt_diag_new(8);
    pattern_result pr;
    CU_ASSERT_EQUAL_FATAL(pattern_bound(b, NULL, 0, (int64_t)bounds_sizes(b) + 1, d, &pr), ASSIGN_OK);
    CU_ASSERT_EQUAL(pr.lb_units, 3);
    rt_diag_free(d);
    bounds_free(b);
    assign_result r;
    CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
    CU_ASSERT_EQUAL(r.status, ASSIGN_OPTIMAL);
    CU_ASSERT_EQUAL(r.sms_used, 3);
    CU_ASSERT_EQUAL(r.lower_bound_sms, 3);
    CU_ASSERT_EQUAL(r.one_partition_sms, 3);
    assign_result_fini(&r);
    fx_fini(&f);
}

/* The judge refuses a layout of a forbidden size without analysing it, the tasks of that
 * partition missing; growth goes to the next allowed size. */
static void test_judge_forbidden(void)
{
    fixture f;
    static const tdef t[2] = {{"a", 1000000000, 1000000000, -1, 1, {3}},
                              {"b", 1000000000, 1000000000, -1, 1, {3}}};
    fx_make(&f, gpu_make(8, 1, 7, 1365), rand_kernels, 4, t, 2);
    rt_options o;
    rt_options_default(&o);
    o.part_min_sms = 4;
    o.part_step_sms = 2;
    judge *j = judge_new(f.m, f.ts, &o, 64);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    jlayout l;
    CU_ASSERT_EQUAL_FATAL(judge_init(&l, 2), 0);
    /* a on 4 SMs (allowed), b on 3 (forbidden: odd) */
    l.n_parts = 2;
    l.part[0] = 0;
    l.part[1] = 1;
    l.units[0] = 4;
    l.units[1] = 3;
    jverdict v;
    CU_ASSERT_EQUAL_FATAL(judge_eval(j, &l, &v), 0);
    CU_ASSERT_FALSE(v.pass);
    CU_ASSERT_FALSE(v.undecided);
    CU_ASSERT_EQUAL(v.miss[0], 0);
    CU_ASSERT_EQUAL(v.miss[1], 1);
    CU_ASSERT_EQUAL(judge_analyses(j), 0);   /* no analysis ran */
    /* growth: 3 -> 4 (the next allowed size), 1 unit given */
    size_rule rule = sizes_rule_of(&o, 1);
    CU_ASSERT_EQUAL(judge_grow_missing(&l, v.miss, 4, &rule), 1);
    CU_ASSERT_EQUAL(l.units[1], 4);
    CU_ASSERT_EQUAL_FATAL(judge_eval(j, &l, &v), 0);
    CU_ASSERT_TRUE(v.pass);
    CU_ASSERT_EQUAL(judge_analyses(j), 1);
    /* from 4, the next allowed is 6: 2 units, refused when only 1 is spare */
    unsigned char miss[2] = {1, 0};
    CU_ASSERT_EQUAL(judge_grow_missing(&l, miss, 1, &rule), 0);
    CU_ASSERT_EQUAL(l.units[0], 4);
    CU_ASSERT_EQUAL(judge_grow_missing(&l, miss, 2, &rule), 2);
    CU_ASSERT_EQUAL(l.units[0], 6);
    judge_fini(&l);
    judge_free(j);
    fx_fini(&f);
}

void test_deploy_search_register(void)
{
    CU_pSuite s = CU_add_suite("deploy_search", NULL, NULL);
    CU_add_test(s, "the size rule in units of g", test_rule);
    CU_add_test(s, "judge refuses forbidden sizes; growth to the next allowed size",
                test_judge_forbidden);
    CU_add_test(s, "bounds and pattern bound over allowed sizes", test_bounds_allowed);
    CU_add_test(s, "min-sms: brute force over allowed layouts", test_brute_min_sms);
    CU_add_test(s, "max-min-slack: brute force over allowed layouts", test_brute_max_min_slack);
}
