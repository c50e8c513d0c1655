/* Tests of sim/syssim.c, the whole-system simulator (docs/simulation.md, "Whole systems").
 *
 *   - hand-worked timelines, every event in the comment and every segment asserted: a CPU core
 *     with preemption and first-come first-served equal priorities; a copy engine under fifo
 *     and under priorities; a partition under job and under kernel preemption; the release-order
 *     rule when a jitter exceeds the period;
 *   - random execution times and jitters: within [bcet, wcet] and [0, J], reproducible by seed;
 *   - GPU-only systems (one partition, one GPU step per task): the same responses as sim/sim.c
 *     under --exec wcet and synchronous releases, on test_sim.c's hand-worked case and on random
 *     systems;
 *   - invalid inputs, the event cap and the trace cap. */
#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "analysis/eval.h"
#include "fixture_model.h"
#include "models/model.h"
#include "sim/sim.h"
#include "sim/syssim.h"
#include "util/rng.h"

void test_syssim_register(void);

/* ---- building systems ------------------------------------------------------------------- */

#define B_MAX 16

typedef struct bld {
    hol_resource res[B_MAX];
    hol_task tasks[B_MAX];
    hol_step steps[B_MAX];
    int64_t lw[B_MAX][B_MAX], lb[B_MAX][B_MAX];   /* launches of GPU step s */
    size_t n_res, n_tasks, n_steps;
} bld;

static size_t b_res(bld *b, hol_res_kind kind, bool fifo, bool kernel)
{
    b->res[b->n_res] = (hol_resource){ .kind = kind, .fifo = fifo, .kernel_preemption = kernel };
    return b->n_res++;
}

/* A new task; the steps added next are its steps, in order. */
static void b_task(bld *b, int64_t period, int64_t deadline, int64_t jitter)
{
    b->tasks[b->n_tasks++] = (hol_task){ .period_ns = period, .deadline_ns = deadline,
                                         .jitter_ns = jitter, .first_step = b->n_steps };
}

/* A CPU or copy step of the last task. */
static void b_step(bld *b, size_t res, int64_t prio, int64_t wcet, int64_t bcet)
{
    b->steps[b->n_steps++] = (hol_step){ .resource = res, .priority = prio, .wcet_ns = wcet,
                                         .bcet_ns = bcet };
    b->tasks[b->n_tasks - 1].n_steps++;
}

/* A GPU step of the last task: launches lw[0..n-1] (WCETs) and lb[] (BCETs; NULL: all 0). */
static void b_gpu(bld *b, size_t res, int64_t prio, const int64_t *lw, const int64_t *lb, size_t n)
{
    size_t s = b->n_steps;
    int64_t w = 0, c = 0;
    for (size_t i = 0; i < n; i++) {
        b->lw[s][i] = lw[i];
        b->lb[s][i] = lb ? lb[i] : 0;
        w += lw[i];
        c += b->lb[s][i];
    }
    b->steps[b->n_steps++] = (hol_step){ .resource = res, .priority = prio, .wcet_ns = w,
                                         .bcet_ns = c, .launch_wcet_ns = b->lw[s],
                                         .launch_bcet_ns = b->lb[s], .n_launches = n };
    b->tasks[b->n_tasks - 1].n_steps++;
}

static hol_system b_sys(const bld *b)
{
    return (hol_system){ .resources = b->res, .n_resources = b->n_res, .tasks = b->tasks,
                         .n_tasks = b->n_tasks, .steps = b->steps, .n_steps = b->n_steps };
}

/* Given jitters: jit[task][job] (jobs beyond the table: 0). */
typedef struct jtab {
    int64_t j[B_MAX][8];
} jtab;

static int64_t jtab_of(void *ctx, size_t task, uint64_t job)
{
    const jtab *t = ctx;
    return job < 8 ? t->j[task][job] : 0;
}

static syssim_options opts(int64_t horizon, jtab *given)
{
    syssim_options so;
    syssim_options_default(&so);
    so.horizon_ns = horizon;
    so.trace = true;
    if (given) {
        so.jitter = SYSSIM_JITTER_GIVEN;
        so.jitter_of = jtab_of;
        so.jitter_ctx = given;
    }
    return so;
}

/* One expected segment: resource, task, step, launch, job, start, end. */
typedef struct xseg {
    size_t res, task, step, launch;
    uint64_t job;
    int64_t start, end;
} xseg;

static void expect_trace(const syssim_result *r, const xseg *x, size_t n)
{
    CU_ASSERT_EQUAL_FATAL(r->n_trace, n);
    CU_ASSERT_EQUAL(r->trace_dropped, 0);
    for (size_t i = 0; i < n; i++) {
        const syssim_segment *g = &r->trace[i];
        CU_ASSERT_EQUAL(g->resource, x[i].res);
        CU_ASSERT_EQUAL(g->task, x[i].task);
        CU_ASSERT_EQUAL(g->step, x[i].step);
        CU_ASSERT_EQUAL(g->launch, x[i].launch);
        CU_ASSERT_EQUAL(g->job, x[i].job);
        CU_ASSERT_EQUAL(g->start_ns, x[i].start);
        CU_ASSERT_EQUAL(g->end_ns, x[i].end);
    }
}

static void expect_task(const syssim_result *r, size_t t, uint64_t jobs, int64_t max,
                        uint64_t worst, uint64_t misses)
{
    CU_ASSERT_EQUAL(r->tasks[t].released, jobs);
    CU_ASSERT_EQUAL(r->tasks[t].completed, jobs);
    CU_ASSERT_EQUAL(r->tasks[t].max_response_ns, max);
    CU_ASSERT_EQUAL(r->tasks[t].worst_job, worst);
    CU_ASSERT_EQUAL(r->tasks[t].misses, misses);
}

/* ---- a. CPU core: preemption, FCFS among equal priorities -------------------------------- */

/* One core. Tasks (one CPU step each), given jitters, horizon 100:
 *   A  T = 100, J = 0,  prio 2, C = 30; j = 0
 *   B  T = 50,  J = 5,  prio 1, C = 10; j_0 = 5, j_1 = 0
 *   C  T = 100, J = 20, prio 2, C = 5;  j_0 = 20; D = 40
 * Jobs: A#0, B#0, B#1, C#0 (k*T < 100).
 *   0   A#0 released, runs.
 *   5   B#0 released (0 + 5); priority 1 beats 2: A#0 preempted after 5 (25 left); B#0 5-15.
 *   15  B#0 done (response 15 - 0 = 15); A#0 resumes.
 *   20  C#0 released; priority 2 = A#0's: no preemption, C#0 waits.
 *   40  A#0 done (response 40); C#0 runs 40-45 (response 45 > D = 40: a miss).
 *   50  B#1 released (50 + 0), runs 50-60 (response 10).
 * Segments, in the order they end: A[0,5] B[5,15] A[15,40] C[40,45] B[50,60]. */
static void test_syssim_cpu(void)
{
    bld b = { 0 };
    size_t core = b_res(&b, HOL_CPU_CORE, false, false);
    b_task(&b, 100, 100, 0);
    b_step(&b, core, 2, 30, 0);
    b_task(&b, 50, 50, 5);
    b_step(&b, core, 1, 10, 0);
    b_task(&b, 100, 40, 20);
    b_step(&b, core, 2, 5, 0);
    jtab jt = { .j = { { 0 }, { 5, 0 }, { 20 } } };
    hol_system sys = b_sys(&b);
    syssim_options so = opts(100, &jt);
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    static const xseg x[5] = {
        { 0, 0, 0, 0, 0, 0, 5 },   { 0, 1, 1, 0, 0, 5, 15 },  { 0, 0, 0, 0, 0, 15, 40 },
        { 0, 2, 2, 0, 0, 40, 45 }, { 0, 1, 1, 0, 1, 50, 60 },
    };
    expect_trace(&r, x, 5);
    expect_task(&r, 0, 1, 40, 0, 0);
    expect_task(&r, 1, 2, 15, 0, 0);
    expect_task(&r, 2, 1, 45, 0, 1);
    CU_ASSERT_EQUAL(r.steps[1].max_response_ns, 15);
    /* best and sum: A 40; B 15 and 10: best 10, sum 25; C 45 */
    CU_ASSERT_EQUAL(r.tasks[0].min_response_ns, 40);
    CU_ASSERT_EQUAL(r.tasks[1].min_response_ns, 10);
    CU_ASSERT_EQUAL(r.tasks[1].sum_response_ns, 25.0);
    CU_ASSERT_EQUAL(r.tasks[2].min_response_ns, 45);
    /* bounds against the worst responses 40, 15, 45: reached is not exceeded; 14 for B and 44
     * for C: B, the first in task order; a negative bound (unbounded) is never exceeded */
    size_t bad = 99;
    CU_ASSERT_FALSE(syssim_exceeded(&r, (const int64_t[]){ 40, 15, 45 }, &bad));
    CU_ASSERT_EQUAL(bad, 99);
    CU_ASSERT_TRUE(syssim_exceeded(&r, (const int64_t[]){ 40, 14, 44 }, &bad));
    CU_ASSERT_EQUAL(bad, 1);
    CU_ASSERT_TRUE(syssim_exceeded(&r, (const int64_t[]){ -1, -1, 44 }, &bad));
    CU_ASSERT_EQUAL(bad, 2);
    CU_ASSERT_TRUE(syssim_exceeded(&r, (const int64_t[]){ 39, -1, -1 }, &bad));
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(r.end_ns, 60);
    CU_ASSERT_EQUAL(r.horizon_ns, 100);
    /* instants: 0, 5, 15, 20, 40, 45, 50, 60 */
    CU_ASSERT_EQUAL(r.events, 8);
    syssim_result_fini(&r);

    /* Without jitter (--exec wcet's default): all at 0. A#0 (ready 0, task 0) before C#0 (ready
     * 0, task 2), B#0 first by priority: B 0-10, A 10-40, C 40-45, B#1 50-60. */
    so = opts(100, NULL);
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    static const xseg y[4] = {
        { 0, 1, 1, 0, 0, 0, 10 }, { 0, 0, 0, 0, 0, 10, 40 }, { 0, 2, 2, 0, 0, 40, 45 },
        { 0, 1, 1, 0, 1, 50, 60 },
    };
    expect_trace(&r, y, 4);
    syssim_result_fini(&r);
}

/* Phases and job records. One core, horizon 25:
 *   A  T = 10, phase 4, prio 1, C = 3: jobs at 4, 14, 24 (phase + k*T < 25)
 *   B  T = 20, phase 0, prio 2, C = 6: jobs at 0, 20
 *   C  T = 10, phase 30, prio 3, C = 1: no job (30 >= 25)
 *   0   B#0 runs.   4  A#0 released, preempts B#0 (2 left): A#0 4-7, B#0 7-9.
 *   14  A#1 14-17.   20  B#1 runs.   24  A#2 released, preempts B#1 (2 left): A#2 24-27,
 *       B#1 27-29.
 * Records (release, first start, last end): A {4,4,7} {14,14,17} {24,24,27}; B {0,0,9}
 * {20,20,29} (B's first start is its first piece's, not its resumption). Responses from the
 * nominal release phase + k*T: A 3 each, B 9 each. A negative phase is invalid. */
static void test_syssim_phases(void)
{
    bld b = { 0 };
    size_t core = b_res(&b, HOL_CPU_CORE, false, false);
    b_task(&b, 10, 10, 0);
    b_step(&b, core, 1, 3, 0);
    b_task(&b, 20, 20, 0);
    b_step(&b, core, 2, 6, 0);
    b_task(&b, 10, 10, 0);
    b_step(&b, core, 3, 1, 0);
    hol_system sys = b_sys(&b);
    int64_t phase[3] = { 4, 0, 30 };
    syssim_options so = opts(25, NULL);
    so.phase_ns = phase;
    so.job_records = true;
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    static const xseg x[7] = {
        { 0, 1, 1, 0, 0, 0, 4 },   { 0, 0, 0, 0, 0, 4, 7 },   { 0, 1, 1, 0, 0, 7, 9 },
        { 0, 0, 0, 0, 1, 14, 17 }, { 0, 1, 1, 0, 1, 20, 24 }, { 0, 0, 0, 0, 2, 24, 27 },
        { 0, 1, 1, 0, 1, 27, 29 },
    };
    expect_trace(&r, x, 7);
    expect_task(&r, 0, 3, 3, 0, 0);
    expect_task(&r, 1, 2, 9, 0, 0);
    expect_task(&r, 2, 0, -1, 0, 0);
    static const syssim_job ja[3] = { { 4, 4, 7 }, { 14, 14, 17 }, { 24, 24, 27 } };
    static const syssim_job jb[2] = { { 0, 0, 9 }, { 20, 20, 29 } };
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.tasks[0].jobs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.tasks[1].jobs);
    for (size_t k = 0; k < 3; k++) {
        CU_ASSERT_EQUAL(r.tasks[0].jobs[k].release_ns, ja[k].release_ns);
        CU_ASSERT_EQUAL(r.tasks[0].jobs[k].first_start_ns, ja[k].first_start_ns);
        CU_ASSERT_EQUAL(r.tasks[0].jobs[k].last_end_ns, ja[k].last_end_ns);
    }
    for (size_t k = 0; k < 2; k++) {
        CU_ASSERT_EQUAL(r.tasks[1].jobs[k].release_ns, jb[k].release_ns);
        CU_ASSERT_EQUAL(r.tasks[1].jobs[k].first_start_ns, jb[k].first_start_ns);
        CU_ASSERT_EQUAL(r.tasks[1].jobs[k].last_end_ns, jb[k].last_end_ns);
    }
    syssim_result_fini(&r);
    /* without records: none kept */
    so.job_records = false;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    CU_ASSERT_PTR_NULL(r.tasks[0].jobs);
    syssim_result_fini(&r);
    phase[1] = -1;
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
}

/* A GPU step first, kernel preemption: the job's read is its first launch's start. One
 * partition, horizon 10: H T = 10, prio 1, one launch of 2, released at 1 (phase 1); L T = 10,
 * prio 2, launches 3 + 3, phase 0. L's first launch 0-3; H 3-5 (waits for one launch); L's
 * second launch 5-8. Records: L {0, 0, 8}, H {1, 3, 5}. */
static void test_syssim_records_gpu(void)
{
    bld b = { 0 };
    size_t part = b_res(&b, HOL_PARTITION, false, true);
    b_task(&b, 10, 10, 0);
    b_gpu(&b, part, 1, (const int64_t[]){ 2 }, NULL, 1);
    b_task(&b, 10, 10, 0);
    b_gpu(&b, part, 2, (const int64_t[]){ 3, 3 }, NULL, 2);
    hol_system sys = b_sys(&b);
    syssim_options so = opts(10, NULL);
    so.phase_ns = (const int64_t[]){ 1, 0 };
    so.job_records = true;
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.tasks[0].jobs);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.tasks[1].jobs);
    CU_ASSERT_EQUAL(r.tasks[0].jobs[0].release_ns, 1);
    CU_ASSERT_EQUAL(r.tasks[0].jobs[0].first_start_ns, 3);
    CU_ASSERT_EQUAL(r.tasks[0].jobs[0].last_end_ns, 5);
    CU_ASSERT_EQUAL(r.tasks[1].jobs[0].release_ns, 0);
    CU_ASSERT_EQUAL(r.tasks[1].jobs[0].first_start_ns, 0);
    CU_ASSERT_EQUAL(r.tasks[1].jobs[0].last_end_ns, 8);
    expect_task(&r, 0, 1, 4, 0, 0);   /* 5 - phase 1 */
    expect_task(&r, 1, 1, 8, 0, 0);
    syssim_result_fini(&r);
}

/* Equal priorities are served in the order their jobs became ready, also for a job that waited
 * for its task's previous job. One core, priority 1 for both:
 *   A  T = D = 10, C = 12 (it cannot keep up);  B  T = D = 100, J = 22, C = 1, j_0 = 22.
 * Horizon 30: A#0, A#1, A#2 (at 0, 10, 20), B#0 (at 22).
 *   0   A#0 0-12.   10  A#1 ready, waits for A#0 (one thread per task).
 *   12  A#1 takes the core 12-24 (ready since 10).   20  A#2 ready, waits for A#1.
 *   22  B#0 ready; the core runs A#1 at the same priority: no preemption.
 *   24  A#2 (ready since 20) before B#0 (ready since 22): A#2 24-36, then B#0 36-37.
 * Responses: A 12, 14, 16 (worst job 2, three misses), B 37. */
static void test_syssim_fcfs_queue(void)
{
    bld b = { 0 };
    size_t core = b_res(&b, HOL_CPU_CORE, false, false);
    b_task(&b, 10, 10, 0);
    b_step(&b, core, 1, 12, 0);
    b_task(&b, 100, 100, 22);
    b_step(&b, core, 1, 1, 0);
    jtab jt = { .j = { { 0 }, { 22 } } };
    hol_system sys = b_sys(&b);
    syssim_options so = opts(30, &jt);
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    static const xseg x[4] = {
        { 0, 0, 0, 0, 0, 0, 12 },  { 0, 0, 0, 0, 1, 12, 24 },
        { 0, 0, 0, 0, 2, 24, 36 }, { 0, 1, 1, 0, 0, 36, 37 },
    };
    expect_trace(&r, x, 4);
    expect_task(&r, 0, 3, 16, 2, 3);
    expect_task(&r, 1, 1, 37, 0, 0);
    syssim_result_fini(&r);
}

/* ---- b. copy engine: fifo against priorities ---------------------------------------------- */

/* One copy engine, three tasks of one copy step each, T = D = 100, horizon 100, jitters given:
 *   X prio 3, C = 10, j = 0;  Y prio 2, C = 10, j = 2;  Z prio 1, C = 10, j = 4.
 * fifo:     0 X 0-10 (alone). 10: Y (ready 2) and Z (ready 4) wait; in ready order Y 10-20,
 *           Z 20-30. Responses X 10, Y 20, Z 30.
 * priority: 0 X 0-10 (not preempted by Y at 2 or Z at 4). 10: Z (prio 1) 10-20, Y 20-30.
 *           Responses X 10, Z 20, Y 30. */
static void test_syssim_copy(void)
{
    for (int fifo = 1; fifo >= 0; fifo--) {
        bld b = { 0 };
        size_t ce = b_res(&b, HOL_COPY_ENGINE, fifo, false);
        b_task(&b, 100, 100, 0);
        b_step(&b, ce, 3, 10, 0);
        b_task(&b, 100, 100, 2);
        b_step(&b, ce, 2, 10, 0);
        b_task(&b, 100, 100, 4);
        b_step(&b, ce, 1, 10, 0);
        jtab jt = { .j = { { 0 }, { 2 }, { 4 } } };
        hol_system sys = b_sys(&b);
        syssim_options so = opts(100, &jt);
        syssim_result r;
        CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
        size_t second = fifo ? 1 : 2, third = fifo ? 2 : 1;
        xseg x[3] = { { 0, 0, 0, 0, 0, 0, 10 }, { 0, second, second, 0, 0, 10, 20 },
                      { 0, third, third, 0, 0, 20, 30 } };
        expect_trace(&r, x, 3);
        expect_task(&r, 0, 1, 10, 0, 0);
        expect_task(&r, second, 1, 20, 0, 0);
        expect_task(&r, third, 1, 30, 0, 0);
        syssim_result_fini(&r);
    }
}

/* ---- c. partition: job against kernel preemption ------------------------------------------ */

/* One partition, T = D = 100, horizon 100, jitters given:
 *   L prio 2, one GPU step of three launches 10, 10, 10, j = 0
 *   H prio 1, one launch of 5, J = j = 3
 *   E prio 2, one launch of 4, J = j = 5
 * job:    0 L: launches 0-10, 10-20, 20-30 back to back (H ready at 3 and E at 5 wait: the
 *         whole step is one region). 30: H (prio 1) 30-35, then E 35-39.
 *         Responses L 30, H 35, E 39.
 * kernel: 0 L launch 0 0-10. 10: candidates L (its next launch, ready 0), H (prio 1, ready 3),
 *         E (ready 5): H 10-15. 15: L (ready 0) before E (ready 5), equal priorities first come:
 *         L launch 1 15-25; 25: again L launch 2 25-35; 35: E 35-39.
 *         Responses L 35, H 15, E 39: H waits one launch, not the whole step. */
static void test_syssim_partition(void)
{
    static const int64_t l3[3] = { 10, 10, 10 }, h1[1] = { 5 }, e1[1] = { 4 };
    for (int kernel = 0; kernel <= 1; kernel++) {
        bld b = { 0 };
        size_t p = b_res(&b, HOL_PARTITION, false, kernel);
        b_task(&b, 100, 100, 0);
        b_gpu(&b, p, 2, l3, NULL, 3);
        b_task(&b, 100, 100, 3);
        b_gpu(&b, p, 1, h1, NULL, 1);
        b_task(&b, 100, 100, 5);
        b_gpu(&b, p, 2, e1, NULL, 1);
        jtab jt = { .j = { { 0 }, { 3 }, { 5 } } };
        hol_system sys = b_sys(&b);
        syssim_options so = opts(100, &jt);
        syssim_result r;
        CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
        static const xseg job[5] = {
            { 0, 0, 0, 0, 0, 0, 10 },  { 0, 0, 0, 1, 0, 10, 20 }, { 0, 0, 0, 2, 0, 20, 30 },
            { 0, 1, 1, 0, 0, 30, 35 }, { 0, 2, 2, 0, 0, 35, 39 },
        };
        static const xseg ker[5] = {
            { 0, 0, 0, 0, 0, 0, 10 },  { 0, 1, 1, 0, 0, 10, 15 }, { 0, 0, 0, 1, 0, 15, 25 },
            { 0, 0, 0, 2, 0, 25, 35 }, { 0, 2, 2, 0, 0, 35, 39 },
        };
        expect_trace(&r, kernel ? ker : job, 5);
        expect_task(&r, 0, 1, kernel ? 35 : 30, 0, 0);
        expect_task(&r, 1, 1, kernel ? 15 : 35, 0, 0);
        expect_task(&r, 2, 1, 39, 0, 0);
        syssim_result_fini(&r);
    }
}

/* ---- d. a jitter larger than the period: jobs keep their order ---------------------------- */

/* One task, T = 10, D = 40, J = 25, steps: a CPU step (C = 4) on a core, then a copy (C = 8);
 * horizon 30: jobs 0, 1, 2 (nominal 0, 10, 20). Given jitters j_0 = 25, j_1 = 0, j_2 = 0.
 * Job 1 alone would arrive at 10 and job 2 at 20, before job 0 (25); a task's jobs pass its
 * steps in index order, so both are released with job 0 at 25 (max(k*T + j_k, release of
 * job k-1)) and wait for it:
 *   25  jobs 0, 1, 2 released; only job 0 may take the CPU step: 25-29.
 *   29  job 0's copy 29-37; job 1's CPU step 29-33.
 *   33  job 2's CPU step 33-37. Job 1's copy is ready, the engine busy.
 *   37  job 1's copy 37-45.   45  job 2's copy 45-53.
 * Responses (from k*T): job 0 37, job 1 45 - 10 = 35, job 2 53 - 20 = 33: worst 37, job 0.
 * CPU step: 29, 23, 17. Copy: 37. Without the rule job 1 would have run its CPU step at 10. */
static void test_syssim_release_order(void)
{
    bld b = { 0 };
    size_t core = b_res(&b, HOL_CPU_CORE, false, false);
    size_t ce = b_res(&b, HOL_COPY_ENGINE, true, false);
    b_task(&b, 10, 40, 25);
    b_step(&b, core, 1, 4, 0);
    b_step(&b, ce, 1, 8, 0);
    jtab jt = { .j = { { 25, 0, 0 } } };
    hol_system sys = b_sys(&b);
    syssim_options so = opts(30, &jt);
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    static const xseg x[6] = {
        { 0, 0, 0, 0, 0, 25, 29 }, { 0, 0, 0, 0, 1, 29, 33 }, { 0, 0, 0, 0, 2, 33, 37 },
        { 1, 0, 1, 0, 0, 29, 37 }, { 1, 0, 1, 0, 1, 37, 45 }, { 1, 0, 1, 0, 2, 45, 53 },
    };
    expect_trace(&r, x, 6);
    expect_task(&r, 0, 3, 37, 0, 0);
    CU_ASSERT_EQUAL(r.steps[0].max_response_ns, 29);
    CU_ASSERT_EQUAL(r.steps[0].worst_job, 0);
    CU_ASSERT_EQUAL(r.steps[0].completed, 3);
    CU_ASSERT_EQUAL(r.steps[1].max_response_ns, 37);
    syssim_result_fini(&r);

    /* A jitter outside [0, J] is refused. */
    jt.j[0][1] = 26;
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
}

/* ---- e. random execution times and jitters ------------------------------------------------ */

/* One task, T = 100, J = 20: a CPU step in [5, 10], a copy in [3, 7], a GPU step of two
 * launches in [2, 6] and [1, 4]; 200 jobs. A job takes at most 20 + 10 + 7 + 10 = 47 < T, so
 * every job finds the resources idle: each step starts the moment it is ready, its segment is
 * its whole time, and job k's first segment starts at its release k*T + j_k. */
static void random_system(bld *b)
{
    static const int64_t lw[2] = { 6, 4 }, lb[2] = { 2, 1 };
    memset(b, 0, sizeof *b);
    size_t core = b_res(b, HOL_CPU_CORE, false, false);
    size_t ce = b_res(b, HOL_COPY_ENGINE, true, false);
    size_t p = b_res(b, HOL_PARTITION, false, false);
    b_task(b, 100, 100, 20);
    b_step(b, core, 1, 10, 5);
    b_step(b, ce, 1, 7, 3);
    b_gpu(b, p, 1, lw, lb, 2);
}

static void test_syssim_random(void)
{
    bld b;
    random_system(&b);
    hol_system sys = b_sys(&b);
    syssim_options so = opts(20000, NULL);
    so.exec = SYSSIM_EXEC_RANDOM;
    so.jitter = SYSSIM_JITTER_RANDOM;
    so.seed = 7;
    syssim_result r, r2;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    CU_ASSERT_EQUAL_FATAL(r.n_trace, 4 * 200);
    static const int64_t lo[4] = { 5, 3, 2, 1 }, hi[4] = { 10, 7, 6, 4 };
    bool len_seen[4][11] = { { false } }, jit_seen[21] = { false };
    size_t n_len = 0, n_jit = 0;
    for (size_t i = 0; i < r.n_trace; i++) {
        const syssim_segment *g = &r.trace[i];
        size_t kind = g->step + g->launch;   /* 0 CPU, 1 copy, 2 and 3 the two launches */
        int64_t len = g->end_ns - g->start_ns;
        CU_ASSERT_EQUAL_FATAL(g->job, i / 4);
        CU_ASSERT_EQUAL_FATAL(kind, i % 4);
        CU_ASSERT(len >= lo[kind] && len <= hi[kind]);
        if (len >= lo[kind] && len <= hi[kind] && !len_seen[kind][len]) {
            len_seen[kind][len] = true;
            n_len++;
        }
        if (kind == 0) {
            int64_t j = g->start_ns - (int64_t)g->job * 100;
            CU_ASSERT(j >= 0 && j <= 20);
            if (j >= 0 && j <= 20 && !jit_seen[j]) {
                jit_seen[j] = true;
                n_jit++;
            }
        } else {
            CU_ASSERT_EQUAL(g->start_ns, r.trace[i - 1].end_ns);   /* back to back */
        }
    }
    /* 200 draws of each: every value of each range appears (6 + 5 + 5 + 4 = 20 values; the
     * chance that one of them is missing is below 20 * (5/6)^200, about 3e-15), and so does
     * every jitter 0..20 (below 21 * (20/21)^200, about 1e-3... so only most: at least 15) */
    CU_ASSERT_EQUAL(n_len, 20);
    CU_ASSERT(n_jit >= 15);
    CU_ASSERT(r.tasks[0].max_response_ns <= 47);
    CU_ASSERT(r.tasks[0].max_response_ns >= 11);

    /* the same seed: the same run; another seed: another run */
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r2), SYSSIM_OK);
    CU_ASSERT_EQUAL_FATAL(r2.n_trace, r.n_trace);
    CU_ASSERT_EQUAL(memcmp(r.trace, r2.trace, r.n_trace * sizeof *r.trace), 0);
    CU_ASSERT_EQUAL(r2.tasks[0].max_response_ns, r.tasks[0].max_response_ns);
    syssim_result_fini(&r2);
    so.seed = 8;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r2), SYSSIM_OK);
    CU_ASSERT_EQUAL_FATAL(r2.n_trace, r.n_trace);
    CU_ASSERT_NOT_EQUAL(memcmp(r.trace, r2.trace, r.n_trace * sizeof *r.trace), 0);
    syssim_result_fini(&r2);
    syssim_result_fini(&r);

    /* --exec wcet, no jitter: every job 0 + 10 + 7 + 6 + 4 = 27 after k*T */
    so = opts(20000, NULL);
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    expect_task(&r, 0, 200, 27, 0, 0);
    CU_ASSERT_EQUAL(r.trace[4].start_ns, 100);
    syssim_result_fini(&r);
}

/* ---- f. GPU-only systems: the same responses as sim/sim.c --------------------------------- */

/* A GPU-only system analysed by the model, simulated by sim_run (--exec wcet, synchronous) and
 * by syssim_run (its launches at their analysed WCETs, one partition in job mode): per task the
 * same number of jobs and the same worst response. Returns the worst responses in max[]. */
static void same_as_sim(rt_taskset *ts, int64_t horizon, int64_t *max)
{
    rt_gpu gpu = fx_gpu_1ghz();
    static const int64_t sms[1] = { 30 };
    size_t part[B_MAX] = { 0 };
    int64_t prio[B_MAX] = { 0 };
    CU_ASSERT_FATAL(ts->n_tasks <= B_MAX);
    rt_layout *l = fx_layout(1, sms, ts->n_tasks, part, prio);
    model *m = model_new(&gpu, ts);
    CU_ASSERT_FATAL(l && m);
    rt_options o;
    rt_options_default(&o);
    o.margin = 0.0;
    o.interference = RT_INTF_NONE;
    o.windows = RT_WINDOWS_WORST_CASE;
    o.priorities = RT_PRIO_GIVEN;
    rt_eval ev;
    CU_ASSERT_EQUAL_FATAL(rt_eval_layout(m, ts, l, &o, NULL, 0, &ev), EVAL_OK);
    sim_options so;
    sim_options_default(&so);
    so.horizon_ns = horizon;
    sim_result sr;
    CU_ASSERT_EQUAL_FATAL(sim_run(m, ts, l, &ev, &o, &so, NULL, &sr), SIM_OK);

    bld b = { 0 };
    size_t p = b_res(&b, HOL_PARTITION, false, false);
    for (size_t t = 0; t < ts->n_tasks; t++) {
        const wcet_task *w = &ev.wcet.tasks[t];
        int64_t lw[B_MAX];
        CU_ASSERT_FATAL(w->n_launches <= B_MAX);
        for (size_t i = 0; i < w->n_launches; i++)
            lw[i] = w->launches[i].wcet_ns;
        b_task(&b, ts->tasks[t].period_ns, ts->tasks[t].deadline_ns, 0);
        b_gpu(&b, p, l->task_prio[t], lw, NULL, w->n_launches);
    }
    hol_system sys = b_sys(&b);
    syssim_options yo = opts(horizon, NULL);
    yo.trace = false;
    syssim_result yr;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &yo, &yr), SYSSIM_OK);
    CU_ASSERT_EQUAL(yr.n_trace, 0);
    for (size_t t = 0; t < ts->n_tasks; t++) {
        CU_ASSERT_EQUAL(yr.tasks[t].completed, sr.tasks[t].jobs);
        CU_ASSERT_EQUAL(yr.tasks[t].misses, sr.tasks[t].misses);
        CU_ASSERT_DOUBLE_EQUAL((double)yr.tasks[t].max_response_ns, sr.tasks[t].max_ns, 0.0);
        max[t] = yr.tasks[t].max_response_ns;
    }
    syssim_result_fini(&yr);
    sim_result_fini(&sr);
    rt_eval_fini(&ev);
    model_free(m);
    rt_layout_free(l);
}

/* test_sim.c's hand-worked system (docs/simulation.md): kernels KH 8, KA 5, KB 5, KL1 10,
 * KL2 20 cycles at 1000 MHz, margin 0, no interference (one partition of all SMs): WCET =
 * cycles. hi T 80 prio 1 [KH]; eqA T 40 prio 2 [KA]; eqB T 20 prio 2 [KB]; lo T 80 prio 3
 * [KL1, KL2]; D = T; horizon 80:
 *   0 hi#0 0-8; eqA#0 8-13 (FCFS tie with eqB#0: task order); eqB#0 13-18; lo#0 18-28-48
 *   (eqB#1, released at 20, blocked); 48 eqB#1 48-53 (released 20, first come), eqA#1 53-58,
 *   eqB#2 58-63, eqB#3 63-68.
 * Worst responses: hi 8, eqA 13 and 18 -> 18, eqB 18, 33, 23, 8 -> 33, lo 48. */
static void test_syssim_same_as_sim(void)
{
    rt_taskset *ts = fx_ts_new(5, 4);
    CU_ASSERT_FATAL(ts != NULL);
    static const double cyc[5] = { 8, 5, 5, 10, 20 };
    for (size_t k = 0; k < 5; k++) {
        fx_kernel(ts, k, cyc[k], 10.0, 1.0);
        fx_kernel_l2(ts, k, 1000.0);
    }
    static const size_t rh[1] = { 0 }, ra[1] = { 1 }, rb[1] = { 2 }, rl[2] = { 3, 4 };
    CU_ASSERT_FATAL(fx_task(ts, 0, 1, rh, 1) && fx_task(ts, 1, 2, ra, 1) &&
                    fx_task(ts, 2, 2, rb, 1) && fx_task(ts, 3, 3, rl, 2));
    static const int64_t T[4] = { 80, 40, 20, 80 };
    for (size_t t = 0; t < 4; t++)
        ts->tasks[t].period_ns = ts->tasks[t].deadline_ns = T[t];
    int64_t max[4];
    same_as_sim(ts, 80, max);
    CU_ASSERT_EQUAL(max[0], 8);
    CU_ASSERT_EQUAL(max[1], 18);
    CU_ASSERT_EQUAL(max[2], 33);
    CU_ASSERT_EQUAL(max[3], 48);
    same_as_sim(ts, 160, max);   /* idle at 80: the second hyperperiod repeats the first */
    CU_ASSERT_EQUAL(max[2], 33);
    fx_ts_free(ts);

    /* Random GPU-only systems: 1-6 tasks, 1-3 launches of 1-20 cycles, periods dividing 200,
     * priorities 1-3 (ties included), D = T; two hyperperiods. */
    static const int64_t periods[5] = { 20, 40, 50, 100, 200 };
    uint64_t seed = 2026;
    for (int n = 0; n < 200; n++) {
        size_t nt = 1 + (size_t)rng_upto(&seed, 5);
        ts = fx_ts_new(3 * nt, nt);
        CU_ASSERT_FATAL(ts != NULL);
        for (size_t t = 0; t < nt; t++) {
            size_t runs[3], nr = 1 + (size_t)rng_upto(&seed, 2);
            for (size_t i = 0; i < nr; i++) {
                runs[i] = 3 * t + i;
                fx_kernel(ts, runs[i], (double)(1 + rng_upto(&seed, 19)), 10.0, 1.0);
                fx_kernel_l2(ts, runs[i], 1000.0);
            }
            for (size_t i = nr; i < 3; i++) {   /* unused kernels still need a profile */
                fx_kernel(ts, 3 * t + i, 1.0, 10.0, 1.0);
                fx_kernel_l2(ts, 3 * t + i, 1000.0);
            }
            CU_ASSERT_FATAL(fx_task(ts, t, 1 + rng_upto(&seed, 2), runs, nr));
            ts->tasks[t].period_ns = ts->tasks[t].deadline_ns = periods[rng_upto(&seed, 4)];
        }
        int64_t mx[B_MAX];
        same_as_sim(ts, 400, mx);
        fx_ts_free(ts);
    }
}

/* ---- g. bad input, caps, names ------------------------------------------------------------ */

static void test_syssim_limits(void)
{
    bld b = { 0 };
    size_t core = b_res(&b, HOL_CPU_CORE, false, false);
    size_t p = b_res(&b, HOL_PARTITION, false, false);
    b_task(&b, 100, 100, 0);
    b_step(&b, core, 2, 30, 0);
    b_task(&b, 50, 50, 0);
    b_step(&b, core, 1, 10, 0);
    static const int64_t lw[2] = { 3, 4 };
    b_gpu(&b, p, 1, lw, NULL, 2);
    hol_system sys = b_sys(&b);
    syssim_options so = opts(100, NULL);
    syssim_result r;
    /* the valid system: B#0 0-10 on the core, its GPU step 10-13-17; A 10-40; B#1 50-60,
     * 60-63-67 */
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    expect_task(&r, 0, 1, 40, 0, 0);
    expect_task(&r, 1, 2, 17, 0, 0);
    CU_ASSERT_EQUAL(r.steps[1].max_response_ns, 10);
    CU_ASSERT_EQUAL(r.n_trace, 7);
    syssim_result_fini(&r);

    /* caps: 3 instants (0, 10, 13) then a stop; 2 segments kept, the 5 others counted */
    so.event_cap = 3;
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_ELIMIT);
    CU_ASSERT_EQUAL(r.events, 3);
    CU_ASSERT_EQUAL(r.tasks[1].completed, 0);
    CU_ASSERT_EQUAL(r.tasks[1].max_response_ns, -1);
    syssim_result_fini(&r);
    so = opts(100, NULL);
    so.trace_cap = 2;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys, &so, &r), SYSSIM_OK);
    CU_ASSERT_EQUAL(r.n_trace, 2);
    CU_ASSERT_EQUAL(r.trace_dropped, 5);
    CU_ASSERT_EQUAL(r.trace[1].end_ns, 13);
    syssim_result_fini(&r);

    /* one defect at a time */
    so = opts(100, NULL);
    bld x = b;
    x.tasks[0].period_ns = 0;
    sys = b_sys(&x);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    x = b;
    x.steps[0].bcet_ns = 31;
    sys = b_sys(&x);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    x = b;
    x.steps[2].wcet_ns = 8;   /* launches sum to 7 */
    sys = b_sys(&x);
    x.steps[2].launch_wcet_ns = x.lw[2];
    x.steps[2].launch_bcet_ns = x.lb[2];
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    x = b;
    x.steps[2].resource = core;   /* launches on a core */
    x.steps[2].launch_wcet_ns = x.lw[2];
    x.steps[2].launch_bcet_ns = x.lb[2];
    sys = b_sys(&x);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    x = b;
    x.steps[0].resource = 2;   /* no such resource */
    sys = b_sys(&x);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    x = b;
    x.tasks[1].first_step = 0;   /* step 0 in two tasks */
    sys = b_sys(&x);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    sys = b_sys(&b);
    so.horizon_ns = 0;
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);
    so = opts(100, NULL);
    so.jitter = SYSSIM_JITTER_GIVEN;   /* without its function */
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_EINVAL);
    syssim_result_fini(&r);

    /* a time beyond int64: a step of INT64_MAX ns released at 1 */
    bld o = { 0 };
    core = b_res(&o, HOL_CPU_CORE, false, false);
    b_task(&o, 10, 10, 1);
    b_step(&o, core, 1, INT64_MAX, 0);
    jtab jt = { .j = { { 1 } } };
    sys = b_sys(&o);
    so = opts(10, &jt);
    CU_ASSERT_EQUAL(syssim_run(&sys, &so, &r), SYSSIM_ERANGE);
    syssim_result_fini(&r);

    /* names, defaults, fini twice */
    syssim_options_default(&so);
    CU_ASSERT_EQUAL(so.exec, SYSSIM_EXEC_WCET);
    CU_ASSERT_EQUAL(so.jitter, SYSSIM_JITTER_NONE);
    CU_ASSERT_EQUAL(so.seed, 1);
    CU_ASSERT_EQUAL(so.event_cap, SYSSIM_EVENT_CAP_DEFAULT);
    CU_ASSERT_FALSE(so.trace);
    CU_ASSERT_STRING_EQUAL(syssim_exec_name(SYSSIM_EXEC_WCET), "wcet");
    CU_ASSERT_STRING_EQUAL(syssim_exec_name(SYSSIM_EXEC_RANDOM), "random");
    CU_ASSERT_STRING_EQUAL(syssim_jitter_name(SYSSIM_JITTER_NONE), "none");
    CU_ASSERT_STRING_EQUAL(syssim_jitter_name(SYSSIM_JITTER_RANDOM), "random");
    CU_ASSERT_STRING_EQUAL(syssim_jitter_name(SYSSIM_JITTER_GIVEN), "given");
    syssim_result_fini(&r);
    syssim_result_fini(NULL);
}

void test_syssim_register(void)
{
    CU_pSuite s = CU_add_suite("syssim", NULL, NULL);
    CU_add_test(s, "CPU core: preemption, FCFS among equal priorities", test_syssim_cpu);
    CU_add_test(s, "equal priorities: a waiting job keeps its ready time",
                test_syssim_fcfs_queue);
    CU_add_test(s, "copy engine: fifo serves in ready order, else by priority", test_syssim_copy);
    CU_add_test(s, "partition: a whole step (job) against one launch (kernel)",
                test_syssim_partition);
    CU_add_test(s, "jitter above the period: jobs pass their steps in order",
                test_syssim_release_order);
    CU_add_test(s, "random mode: within [bcet, wcet] and [0, J], reproducible by seed",
                test_syssim_random);
    CU_add_test(s, "GPU-only systems: the same responses as sim.c", test_syssim_same_as_sim);
    CU_add_test(s, "bad input, event and trace caps, names", test_syssim_limits);
    CU_add_test(s, "phases and job records, worked by hand", test_syssim_phases);
    CU_add_test(s, "job records of a GPU step under kernel preemption", test_syssim_records_gpu);
}
