/* Property test of the holistic analysis (analysis/holistic.c) against the whole-system simulator
 * (sim/syssim.c): on random systems, no simulated end-to-end response exceeds the analysis's
 * bound R_i (docs/system.md sec. 3; docs/validation.md, "Whole systems"). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <string.h>

#include "analysis/holistic.h"
#include "sim/syssim.h"

#include "fixture_sysgen.h"

void test_sysprop_register(void);

/* Simulate g under exec with seeded jitters over 12 hyperperiods plus the largest jitter; every
 * job's end-to-end response against R_i. Returns the number of tasks whose observed response
 * exceeds a bounded R_i (printing the first), and counts the tasks compared in *compared. */
static long check_one(const fx_sys *g, const hol_result *hr, syssim_exec exec, uint64_t seed,
                      long *compared, long *tight)
{
    syssim_options so;
    syssim_options_default(&so);
    so.exec = exec;
    so.jitter = SYSSIM_JITTER_RANDOM;
    so.seed = seed;
    so.horizon_ns = 12 * g->hyper;
    syssim_result sr;
    int rc = syssim_run(&g->sys, &so, &sr);
    CU_ASSERT_EQUAL(rc, SYSSIM_OK);
    long bad = 0;
    for (size_t i = 0; rc == SYSSIM_OK && i < g->sys.n_tasks; i++) {
        const hol_task_result *t = &hr->tasks[i];
        if (t->status != HOL_BOUNDED)
            continue;
        (*compared)++;
        *tight += sr.tasks[i].max_response_ns == t->response_ns;
        if (sr.tasks[i].max_response_ns > t->response_ns) {
            if (bad++ == 0)
                fprintf(stderr, "\nsysprop: seed %llu task %zu: simulated %lld > R %lld (%s)\n",
                        (unsigned long long)seed, i, (long long)sr.tasks[i].max_response_ns,
                        (long long)t->response_ns, syssim_exec_name(exec));
        }
    }
    syssim_result_fini(&sr);
    return bad;
}

/* 2,000 random systems (fx_sys_gen, tests/fixture_sysgen.h), each simulated at its WCETs and
 * at seeded random times in [BCET, WCET], both with seeded release jitters: no simulated
 * end-to-end response is above R_i. The analysis must also bound most tasks (else the property
 * says little) and be reached now and then (a simulated response equal to R_i). Mutation checks
 * (docs/validation.md, "Whole systems"), each applied to holistic.c and caught here: the jitter
 * not propagated to the next step (J_(s+1) = J_i); the best-case offset taken from the WCET
 * (O_(s+1) = O_s + C_s); a fifo engine analysed with the steps' own priorities. */
static void test_sysprop_random(void)
{
    long bad = 0, compared = 0, tight = 0, tasks = 0;
    uint64_t s = 20261127;
    for (int n = 0; n < 2000; n++) {
        fx_sys g;
        fx_sys_gen(&g, &s, false);
        rt_budget b;
        budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
        hol_result hr;
        CU_ASSERT_EQUAL_FATAL(holistic_analyse(&g.sys, &b, &hr), 0);
        tasks += (long)g.sys.n_tasks;
        bad += check_one(&g, &hr, SYSSIM_EXEC_WCET, 1000 + (uint64_t)n, &compared, &tight);
        bad += check_one(&g, &hr, SYSSIM_EXEC_RANDOM, 5000 + (uint64_t)n, &compared, &tight);
        bad += check_one(&g, &hr, SYSSIM_EXEC_EXTREMES, 9000 + (uint64_t)n, &compared, &tight);
        holistic_result_fini(&hr);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(compared * 10 >= tasks * 2 * 8); /* at least 80% of the tasks bounded */
    CU_ASSERT(tight > 0);
}

/* Job 0 of task 1 released 30 ns late, every other job on time. */
static int64_t late_y(void *ctx, size_t task, uint64_t job)
{
    (void)ctx;
    return task == 1 && job == 0 ? 30 : 0;
}

/* A system where the jitter a step hands on is what makes the bound (docs/system.md sec. 3), the
 * bound worked by hand and reached by the simulator. X (priority 1, T = 100): a CPU step on core
 * 0 (C = 50, Cb = 0), then one on core 1 (C = Cb = 20). Y (priority 2, T = 100, J = 30): one
 * step on core 1 (C = 60). Preemptive FP (Tindell):
 *   X1: alone on core 0: rho = 50; O = 0, R = 50, Rb = 0.
 *   X2: O = Rb = 0, J = R - Rb = 50; highest on core 1: t = 20, Q = ceil(70/100) = 1,
 *       w(0) = 20, rho = 50 + 20 = 70, R_X = 70.
 *   Y:  J = 30, hp = {X2 (J 50)}: t = 60 ceil((t+30)/100) + 20 ceil((t+50)/100): 80, 160, 180,
 *       240, 240; Q = ceil(270/100) = 3.
 *       w(0) = 60 + 20 ceil((w+50)/100): 80, 100, 100; rho(0) = 30 + 100 = 130.
 *       w(1) = 120 + ...: 140, 160, 180, 180; rho(1) = 30 + 180 - 100 = 110.
 *       w(2) = 180 + ...: 200, 240, 240; rho(2) = 30 + 240 - 200 = 70.  R_Y = 130.
 * The schedule that reaches it: X's job 0 takes its CPU step's WCET (X2 ready at 50), job 1 its
 * BCET (X2 ready at 100); Y released at 30 runs 30-50, 70-100, 120-130: response 130. The
 * simulator, with Y's job 0 30 ns late and the extremes of every step over 64 seeds, reaches
 * 130 and never more. Mutation check (docs/validation.md, "Whole systems"): the best-case offset
 * taken from the WCET (O_(s+1) = O_s + C_s, J_(s+1) = rho_s - C_s) gives X2 no jitter and R_Y =
 * 110: the figure by hand and the simulation both fail (the random systems above do not catch
 * this one: their bounds keep enough pessimism). */
static void test_sysprop_reached(void)
{
    const hol_resource res[2] = { { .kind = HOL_CPU_CORE }, { .kind = HOL_CPU_CORE } };
    const hol_task tasks[2] = { { .period_ns = 100, .deadline_ns = 1000, .jitter_ns = 0,
                                  .first_step = 0, .n_steps = 2 },
                                { .period_ns = 100, .deadline_ns = 1000, .jitter_ns = 30,
                                  .first_step = 2, .n_steps = 1 } };
    const hol_step steps[3] = { { .resource = 0, .priority = 1, .wcet_ns = 50, .bcet_ns = 0 },
                                { .resource = 1, .priority = 1, .wcet_ns = 20, .bcet_ns = 20 },
                                { .resource = 1, .priority = 2, .wcet_ns = 60, .bcet_ns = 0 } };
    const hol_system sys = { .resources = res, .n_resources = 2, .tasks = tasks, .n_tasks = 2,
                             .steps = steps, .n_steps = 3 };
    rt_budget b;
    budget_init(&b, RT_BUDGET_DEFAULT_UNITS);
    hol_result hr;
    CU_ASSERT_EQUAL_FATAL(holistic_analyse(&sys, &b, &hr), 0);
    CU_ASSERT_EQUAL(hr.steps[1].jitter_ns, 50);
    CU_ASSERT_EQUAL(hr.tasks[0].response_ns, 70);
    CU_ASSERT_EQUAL(hr.tasks[1].response_ns, 130);
    int64_t seen = 0;
    for (uint64_t seed = 1; seed <= 64; seed++) {
        syssim_options so;
        syssim_options_default(&so);
        so.exec = SYSSIM_EXEC_EXTREMES;
        so.jitter = SYSSIM_JITTER_GIVEN;
        so.jitter_of = late_y;
        so.seed = seed;
        so.horizon_ns = 400;
        syssim_result sr;
        CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &sr), SYSSIM_OK);
        for (size_t i = 0; i < 2; i++)
            CU_ASSERT(sr.tasks[i].max_response_ns <= hr.tasks[i].response_ns);
        if (sr.tasks[1].max_response_ns > seen)
            seen = sr.tasks[1].max_response_ns;
        syssim_result_fini(&sr);
    }
    CU_ASSERT_EQUAL(seen, 130);
    holistic_result_fini(&hr);
}

void test_sysprop_register(void)
{
    CU_pSuite s = CU_add_suite("sysprop", NULL, NULL);
    CU_add_test(s, "holistic bounds against simulated systems (2,000 random)",
                test_sysprop_random);
    CU_add_test(s, "a bound made by a handed-on jitter, by hand and reached",
                test_sysprop_reached);
}
