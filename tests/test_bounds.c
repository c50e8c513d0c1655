/* Tests of the bounds of the partition search (search/bounds.c): the work bound by hand and
 * against brute force, and the group test as a necessary condition on every layout. */
#include <CUnit/CUnit.h>
#include <stdio.h>

#include "fixture_search.h"

void test_bounds_register(void);

/* The work bound of bounds.h (docs/assignment.md sec. 2a), by hand: three tasks of one kernel of
 * 4000, 2000, 1400 and 1000 cycles on 1..4 SMs (WCET in ns = cycles), period = deadline 10000 ns.
 * Work C(n) n / T: 0.4, 0.4, 0.42, 0.4 SMs, so W = 3 x 0.4 = 1.2 and every schedulable layout uses
 * more than 1.2 SMs: at least 2. One partition of 2 SMs (U = 0.6, the last task done at 6000 ns)
 * attains it. Five tasks: W = 2.0, so more than 2 SMs; the bound, guarded against rounding noise,
 * claims only 2 (never more than the exact value). */
static void test_assign_work_bound_hand(void)
{
    rt_options o = opts_naive_double();
    kdef k[1] = { kernel4("K", 4000, 2000, 1400, 1000) };
    tdef t[5];
    for (size_t i = 0; i < 5; i++)
        t[i] = (tdef){ "t", 10000, 10000, -1, 1, {0} };
    for (size_t n = 3; n <= 5; n += 2) {
        fixture f;
        fx_make(&f, gpu_make(4, 1, 3, 1000), k, 1, t, n);
        lbt *b = bounds_new(f.m, f.ts, &o);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        CU_ASSERT_EQUAL(bounds_work_units(b), 2);
        if (n == 3) {
            assign_result r;
            CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
            CU_ASSERT_EQUAL(r.status, ASSIGN_OPTIMAL);
            CU_ASSERT_EQUAL(r.sms_used, 2);
            CU_ASSERT_EQUAL(r.lower_bound_sms, 2);
            assign_result_fini(&r);
        }
        bounds_free(b);
        fx_fini(&f);
    }
}

/* The work bound never exceeds the fewest SMs of a schedulable layout (brute force over small
 * random instances, each policy and interference model, g = 1 and 2), and it is attained on some
 * of them, so a bound one unit higher is caught (mutation check, docs/validation.md sec. 10). */
static void test_assign_work_bound_brute(void)
{
    long feasible = 0, tight = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        rt_options o;
        seeded_options(&o, seed, 20);
        int64_t N = seed % 3 == 0 ? 8 : 6, g = seed % 3 == 0 ? 2 : 1;
        fixture f;
        rand_instance(&f, gpu_make(N, g, N - 1, 1365), 4 + seed % 2, seed * 104729 + 5, &o);
        int64_t want = brute_min_sms(&f, &o);
        lbt *b = bounds_new(f.m, f.ts, &o);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b);
        int64_t lb = bounds_work_units(b) * g;
        if (want >= 0) {
            CU_ASSERT(lb <= want);
            if (lb > want)
                fprintf(stderr, "\nwork bound %lld above the brute-force %lld (seed %llu)\n",
                        (long long)lb, (long long)want, (unsigned long long)seed);
            feasible++;
            tight += lb == want;
        }
        bounds_free(b);
        fx_fini(&f);
    }
    CU_ASSERT(feasible >= 15);
    CU_ASSERT(tight >= 1);
}

/* The group test of bounds.h is a necessary condition: over every layout of small random
 * instances (each priority policy, masola and naive, worst-case windows), every partition of
 * every schedulable layout passes it with the other tasks outside. Mutation check (recorded in
 * docs/validation.md): taking the largest instead of the smallest M* over the co-runner's sizes
 * in fill_pair (bounds.c) makes this test fail. */
static void test_assign_group_test_necessary(void)
{
    long checks = 0, fails = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        rt_options o;
        seeded_options(&o, seed, 6);
        fixture f;
        rand_instance(&f, gpu_make(6, 1, 5, 1365), 4, seed * 7919 + 6, &o);
        brute_min_sms_ex(&f, &o, true, &checks, &fails);
        fx_fini(&f);
    }
    CU_ASSERT(checks > 50);
    CU_ASSERT_EQUAL(fails, 0);
}

void test_bounds_register(void)
{
    CU_pSuite s = CU_add_suite("bounds", NULL, NULL);
    CU_add_test(s, "work bound by hand", test_assign_work_bound_hand);
    CU_add_test(s, "work bound against brute force", test_assign_work_bound_brute);
    CU_add_test(s, "group test is necessary on every layout", test_assign_group_test_necessary);
}
