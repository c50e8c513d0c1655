/* Tests of the local search (search/local.c): the annealing against a brute-force enumeration. */
#include <CUnit/CUnit.h>

#include "fixture_search.h"
#include "search/judge.h"
#include "search/local.h"
#include "search/local_anneal.h"

void test_local_register(void);

/* The annealing (local_anneal, docs/assignment.md sec. 3) from one partition of the whole GPU,
 * against the brute force: the layout it returns passes the full analysis (rt_eval_layout here,
 * not the judge it used), never has fewer SMs than the brute-force minimum, and reaches that
 * minimum on most instances (17 of the 18 here whose one partition passes). Mutation check
 * (docs/validation.md sec. 10): taking the annealing's last layout as the best, passed or not,
 * is caught by the brute-force comparisons (the search's re-analysis of its result fails). */
static void test_assign_anneal_brute(void)
{
    long runs = 0, reached = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        rt_options o;
        seeded_options(&o, seed, 18);
        fixture f;
        rand_instance(&f, gpu_make(8, 1, 6, 1365), 5, seed * 7919 + 8, &o);
        int64_t want = brute_min_sms(&f, &o);
        lbt *b = bounds_new(f.m, f.ts, &o);
        judge *j = judge_new(f.m, f.ts, &o, 1024);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_PTR_NOT_NULL_FATAL(j);
        jlayout l;
        CU_ASSERT_EQUAL_FATAL(judge_init(&l, f.ts->n_tasks), 0);
        l.n_parts = 1;
        for (size_t i = 0; i < f.ts->n_tasks; i++)
            l.part[i] = 0;
        l.units[0] = 8;
        jverdict v;
        CU_ASSERT_EQUAL_FATAL(judge_eval(j, &l, &v), 0);
        if (v.pass) {
            local_stats st = {0};
            int r = local_anneal(j, b, 0, 0, false, &l, &st);
            CU_ASSERT(r == 0 || r == 1);
            CU_ASSERT_TRUE(fx_jl_passes(&f, &o, j, &l));
            CU_ASSERT(want > 0 && judge_units(&l) >= want);
            runs++;
            reached += judge_units(&l) == want;
        }
        judge_fini(&l);
        judge_free(j);
        bounds_free(b);
        fx_fini(&f);
    }
    CU_ASSERT(runs >= 12);
    CU_ASSERT(reached * 5 >= runs * 4);
}

void test_local_register(void)
{
    CU_pSuite s = CU_add_suite("local", NULL, NULL);
    CU_add_test(s, "annealing from the whole GPU against brute force", test_assign_anneal_brute);
}
