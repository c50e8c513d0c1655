/* Tests of the max-min-slack search (search/slack.c) against a brute-force enumeration. */
#include <CUnit/CUnit.h>
#include <stdlib.h>

#include "fixture_search.h"
#include "search/slack.h"

void test_slack_register(void);

/* ---- max-min-slack against brute force --------------------------------------------------- */
/* (test_assign_slack_brute also runs each case with work budgets of 8, 60 and 250 units.) */

typedef struct sbrute {
    const fixture *f;
    const rt_options *o;
    int64_t cap;
    size_t *block, n_blocks;
    int64_t *sizes;
    bool have;
    int64_t num, den;   /* best smallest slack so far, num / den */
} sbrute;

/* The layout's smallest (D - R) / D, straight from the analysis's R, if schedulable. */
static void sbrute_eval(sbrute *b)
{
    size_t T = b->f->ts->n_tasks;
    rt_layout *l = fx_blocks_layout(b->block, T, b->sizes, b->n_blocks);
    rt_eval ev;
    int rc = rt_eval_layout(b->f->m, b->f->ts, l, b->o, NULL, 0, &ev);
    if (rc == EVAL_OK && ev.schedulable) {
        int64_t n = 0, dd = 0;
        for (size_t i = 0; i < T; i++) {
            int64_t D = b->f->ts->tasks[i].deadline_ns, s = D - ev.rta[i].wcrt_ns;
            if (i == 0 || (__int128)s * dd < (__int128)n * D) {
                n = s;
                dd = D;
            }
        }
        if (!b->have || (__int128)n * b->den > (__int128)b->num * dd) {
            b->num = n;
            b->den = dd;
            b->have = true;
        }
    }
    if (rc == EVAL_OK)
        rt_eval_fini(&ev);
    rt_layout_free(l);
}

static void sbrute_sizes(sbrute *b, size_t p, int64_t used)
{
    if (p == b->n_blocks) {
        sbrute_eval(b);
        return;
    }
    int64_t g = b->f->gpu->granularity;
    for (int64_t n = g; used + n <= b->cap; n += g) {
        b->sizes[p] = n;
        sbrute_sizes(b, p + 1, used + n);
    }
}

static void sbrute_parts(sbrute *b, size_t i, size_t n_blocks)
{
    if (i == b->f->ts->n_tasks) {
        b->n_blocks = n_blocks;
        sbrute_sizes(b, 0, 0);
        return;
    }
    for (size_t k = 0; k <= n_blocks; k++) {
        b->block[i] = k;
        sbrute_parts(b, i + 1, k == n_blocks ? n_blocks + 1 : n_blocks);
    }
}

/* --objective max-min-slack: on random instances of 4 tasks, 6 SMs, caps of 3 to 6 SMs, the
 * search's proven slack equals the largest smallest slack over every layout within the cap (as
 * fractions, compared exactly), or it proves infeasibility where no layout fits; no clock. */
static void test_assign_slack_brute(void)
{
    long optimal = 0, infeasible = 0, budget_undecided = 0;
    for (uint64_t seed = 1; seed <= 6; seed++)
        for (int64_t cap = 3; cap <= 6; cap += 3) {
            rt_options o;
            rt_options_default(&o);
            o.priorities = seed % 2 ? RT_PRIO_GIVEN : RT_PRIO_DM;
            o.time_limit_s = 0;
            o.objective = RT_OBJ_MAX_MIN_SLACK;
            o.max_sms = cap;
            fixture f;
            rand_instance(&f, gpu_make(6, 1, 5, 1365), 4, seed * 104729, &o);
            sbrute b = { .f = &f, .o = &o, .cap = cap };
            b.block = calloc(4, sizeof *b.block);
            b.sizes = calloc(4, sizeof *b.sizes);
            sbrute_parts(&b, 0, 0);
            assign_result r;
            CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
            if (!b.have) {
                CU_ASSERT_EQUAL(r.status, ASSIGN_INFEASIBLE);
                infeasible++;
            } else {
                CU_ASSERT_EQUAL(r.status, ASSIGN_OPTIMAL);
                CU_ASSERT_PTR_NOT_NULL_FATAL(r.layout);
                CU_ASSERT(r.sms_used <= cap);
                CU_ASSERT_DOUBLE_EQUAL(r.min_slack, (double)b.num / (double)b.den, 1e-12);
                int64_t n, dd;
                double sl;
                CU_ASSERT_TRUE(slack_of_layout(f.m, f.ts, r.layout, &o, &n, &dd, &sl, NULL));
                CU_ASSERT((__int128)n * b.den == (__int128)b.num * dd);
                optimal++;
            }
            assign_result_fini(&r);
            /* the same with small work budgets (docs/assignment.md sec. 1a): a claim only when
             * it is right, a returned layout schedulable (default budget) and within the limit,
             * its slack never above the brute-force best */
            static const uint64_t budgets[] = {8, 60, 250};
            for (size_t q = 0; q < sizeof budgets / sizeof *budgets; q++) {
                rt_options ob = o;
                ob.budget_units = budgets[q];
                ob.max_iterations = 40;
                CU_ASSERT_EQUAL_FATAL(run_search(&f, &ob, &r), ASSIGN_OK);
                if (r.status == ASSIGN_INFEASIBLE)
                    CU_ASSERT_FALSE(b.have);
                if (r.layout) {
                    int64_t n, dd;
                    double sl;
                    CU_ASSERT_FATAL(b.have);
                    CU_ASSERT(r.sms_used <= cap);
                    CU_ASSERT_TRUE_FATAL(slack_of_layout(f.m, f.ts, r.layout, &o, &n, &dd, &sl,
                                                         NULL));
                    CU_ASSERT((__int128)n * b.den <= (__int128)b.num * dd);
                    if (r.status == ASSIGN_OPTIMAL)
                        CU_ASSERT((__int128)n * b.den == (__int128)b.num * dd);
                }
                budget_undecided += r.undecided_analyses > 0;
                assign_result_fini(&r);
            }
            free(b.block);
            free(b.sizes);
            fx_fini(&f);
        }
    CU_ASSERT(optimal > 0);
    CU_ASSERT(budget_undecided > 0);
}

void test_slack_register(void)
{
    CU_pSuite s = CU_add_suite("slack", NULL, NULL);
    CU_add_test(s, "max-min-slack against brute force", test_assign_slack_brute);
}
