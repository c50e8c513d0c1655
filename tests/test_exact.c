/* Tests of the exact loop (search/exact.h), the incumbent it is capped below
 * (search/incumbent.h) and the re-analysis of a found layout (analysis/recheck.h), on the
 * two-task instances of docs/assignment.md's hand examples: a kernel of 60/55/40/20 cycles on
 * 1..4 SMs of a 4-SM GPU at 1000 MHz (1 cycle = 1 ns, margin 0), two tasks T = D = 100 ns, and
 * the naive model with factor 1 (a kernel runs twice as long once another partition runs
 * kernels). */
#include <CUnit/CUnit.h>
#include <stdint.h>

#include "analysis/recheck.h"
#include "fixture_model.h"
#include "models/model.h"
#include "search/bounds.h"
#include "search/exact.h"
#include "search/incumbent.h"
#include "search/judge.h"
#include "search/ilp.h"
#include "search/search_int.h"

void test_exact_register(void);

typedef struct inst {
    rt_gpu gpu;
    rt_taskset *ts;
    model *m;
    rt_options o;
} inst;

/* Kernel K with cycles c1, c2, c3 measured on 1..3 SMs and c4 its profile on all 4; tasks cam
 * and det run K once each, T = D = 100 ns, deadline-monotonic priorities (file order). */
static void inst_make(inst *x, double c1, double c2, double c3, double c4)
{
    x->gpu = fx_gpu_1ghz();
    x->gpu.sms = 4;
    x->gpu.l2_banks = 3;
    x->ts = fx_ts_new(1, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x->ts);
    x->ts->path = "exact.xml";
    x->ts->kernels[0].name = "K";
    fx_kernel(x->ts, 0, c4, 10, 0);
    const size_t run = 0;
    CU_ASSERT_FATAL(fx_measured(x->ts, 0, 1, c1, 10) && fx_measured(x->ts, 0, 2, c2, 10) &&
                    fx_measured(x->ts, 0, 3, c3, 10));
    for (size_t t = 0; t < 2; t++) {
        CU_ASSERT_FATAL(fx_task(x->ts, t, 0, &run, 1));
        x->ts->tasks[t].name = t == 0 ? "cam" : "det";
        x->ts->tasks[t].has_priority = false;
        x->ts->tasks[t].period_ns = 100;
        x->ts->tasks[t].deadline_ns = 100;
    }
    x->m = model_new(&x->gpu, x->ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(x->m);
    rt_options_default(&x->o);
    x->o.margin = 0;
    x->o.interference = RT_INTF_NAIVE;
    x->o.naive_factor = 1.0;
}

static void inst_fini(inst *x)
{
    model_free(x->m);
    fx_ts_free(x->ts);
}

/* The loop's collaborators, as the search sets them up. */
typedef struct loop {
    lbt *b;
    judge *j;
    incumbent inc;
    assign_result out;
    exact x;
    rt_diags *d;
} loop;

static void loop_make(loop *l, const inst *x)
{
    memset(l, 0, sizeof *l);
    l->out.status = ASSIGN_UNKNOWN;
    l->b = bounds_new(x->m, x->ts, &x->o);
    l->j = judge_new(x->m, x->ts, &x->o, 64);
    l->d = rt_diag_new(8);
    CU_ASSERT_FATAL(l->b && l->j && l->d && incumbent_init(&l->inc, x->ts->n_tasks) == 0);
    CU_ASSERT_EQUAL_FATAL(exact_init(&l->x, x->m, x->ts, &x->o, l->d, l->b, l->j, &l->inc,
                                     &l->out, search_now()), 0);
}

static void loop_fini(loop *l)
{
    exact_fini(&l->x);
    rt_layout_free(l->out.layout);
    incumbent_fini(&l->inc);
    judge_free(l->j);
    bounds_free(l->b);
    rt_diag_free(l->d);
}

/* One partition of sms SMs holding both tasks (cam first: equal deadlines, file order). */
static rt_layout *pair_on(int64_t sms)
{
    static const size_t part[2] = { 0, 0 };
    static const int64_t prio[2] = { 2, 1 };
    return fx_layout(1, &sms, 2, part, prio);
}

/* Each task on a partition of its own, of a and b SMs. */
static rt_layout *apart(int64_t a, int64_t b)
{
    const int64_t sms[2] = { a, b };
    static const size_t part[2] = { 0, 1 };
    static const int64_t prio[2] = { 1, 1 };
    return fx_layout(2, sms, 2, part, prio);
}

/* 60/55/40/20: together on n SMs the lower task waits for the other's kernel (non-preemptive
 * blocking B = C) and runs its own: R = 2 C(n), 80 <= 100 at n = 3, 110 > 100 at n = 2. Apart,
 * each WCET doubles: 2 C(n) <= 100 needs n >= 3 for both, 6 > 4 SMs. The optimum is the pair
 * on 3 SMs; without an incumbent the loop must find and prove it alone: status optimal, the
 * layout of 3 SMs, and its floor (the last proven optimum) 3 units (g = 1). */
static void test_exact_proves_optimum(void)
{
    inst x;
    inst_make(&x, 60, 55, 40, 20);
    loop l;
    loop_make(&l, &x);
    CU_ASSERT_EQUAL_FATAL(exact_open(&l.x, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL_FATAL(exact_run(&l.x, 0, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL(l.out.status, ASSIGN_OPTIMAL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l.out.layout);
    CU_ASSERT_EQUAL(l.out.sms_used, 3);
    CU_ASSERT_EQUAL(l.out.layout->n_parts, 1);
    CU_ASSERT(l.out.iterations >= 1);
    CU_ASSERT_EQUAL(exact_floor(&l.x), 3);
    CU_ASSERT_FALSE(l.x.capped);
    CU_ASSERT_EQUAL(l.x.undec_units, INT64_MAX);
    /* closed, the model is gone and with it the floor (nothing left to rest on) */
    exact_close(&l.x);
    CU_ASSERT_EQUAL(exact_floor(&l.x), 0);
    loop_fini(&l);
    inst_fini(&x);
}

/* With the incumbent pair on 3 SMs the MIP is capped at 2 units, where nothing is schedulable
 * (above): it proves the incumbent optimal, and the loop returns no layout of its own (the
 * search then returns the incumbent). */
static void test_exact_incumbent_cap(void)
{
    inst x;
    inst_make(&x, 60, 55, 40, 20);
    loop l;
    loop_make(&l, &x);
    rt_layout *p3 = pair_on(3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p3);
    CU_ASSERT_EQUAL(incumbent_offer(&l.inc, p3, 3, 1), 1);
    CU_ASSERT_EQUAL_FATAL(exact_open(&l.x, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL_FATAL(exact_run(&l.x, 0, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL(l.out.status, ASSIGN_OPTIMAL);
    CU_ASSERT_PTR_NULL(l.out.layout);
    CU_ASSERT_PTR_NOT_NULL(l.inc.layout);
    CU_ASSERT_EQUAL(l.inc.sms, 3);
    loop_fini(&l);
    inst_fini(&x);
}

/* 60/55/52/51: together the utilisation is at least 2 * 51 / 100 > 1 on every size; apart every
 * WCET doubles to at least 102 > 100. No layout is schedulable: without an incumbent the loop
 * proves the set infeasible and returns nothing. */
static void test_exact_infeasible(void)
{
    inst x;
    inst_make(&x, 60, 55, 52, 51);
    loop l;
    loop_make(&l, &x);
    CU_ASSERT_EQUAL_FATAL(exact_open(&l.x, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL_FATAL(exact_run(&l.x, 0, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL(l.out.status, ASSIGN_INFEASIBLE);
    CU_ASSERT_PTR_NULL(l.out.layout);
    loop_fini(&l);
    inst_fini(&x);
}

/* --max-iterations 1 with one solve already counted: no solve starts, the limit is recorded,
 * the status stays unknown. */
static void test_exact_max_iterations(void)
{
    inst x;
    inst_make(&x, 60, 55, 40, 20);
    x.o.max_iterations = 1;
    loop l;
    loop_make(&l, &x);
    l.out.iterations = 1;
    CU_ASSERT_EQUAL_FATAL(exact_open(&l.x, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL_FATAL(exact_run(&l.x, 0, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL(l.out.iterations, 1);
    CU_ASSERT_TRUE(l.out.hit_iteration_limit);
    CU_ASSERT_EQUAL(l.out.status, ASSIGN_UNKNOWN);
    loop_fini(&l);
    inst_fini(&x);
}

/* The incumbent keeps the layout with fewer SMs: 4 is taken, 4 again and 5 are not (freed),
 * 3 is; its normalised form has the sizes in units of g (2 here: 4 SMs = 2 units). */
static void test_exact_incumbent_offers(void)
{
    incumbent c;
    CU_ASSERT_EQUAL_FATAL(incumbent_init(&c, 2), 0);
    CU_ASSERT_PTR_NULL(c.layout);
    CU_ASSERT_EQUAL(incumbent_offer(&c, apart(2, 2), 4, 2), 1);
    CU_ASSERT_EQUAL(c.sms, 4);
    CU_ASSERT_EQUAL(c.jl.n_parts, 2);
    CU_ASSERT_EQUAL(c.jl.units[0], 1);
    CU_ASSERT_EQUAL(c.jl.units[1], 1);
    CU_ASSERT(c.t_first > 0 && c.t_best == c.t_first);
    CU_ASSERT_EQUAL(incumbent_offer(&c, apart(2, 2), 4, 2), 0);
    CU_ASSERT_EQUAL(incumbent_offer(&c, apart(2, 4), 6, 2), 0);
    CU_ASSERT_EQUAL(c.sms, 4);
    CU_ASSERT_EQUAL(incumbent_offer(&c, pair_on(2), 2, 2), 1);
    CU_ASSERT_EQUAL(c.sms, 2);
    CU_ASSERT_EQUAL(c.jl.n_parts, 1);
    CU_ASSERT_EQUAL(c.jl.units[0], 1);
    rt_layout *l = incumbent_take(&c);
    CU_ASSERT_PTR_NOT_NULL(l);
    CU_ASSERT_PTR_NULL(c.layout);
    rt_layout_free(l);
    incumbent_fini(&c);
}

/* rt_recheck on 60/55/40/20: the pair on 3 SMs passes (R = 80, above), no contradiction; apart
 * on 2 + 2 SMs each WCET is 2 * 55 = 110 > 100, decided: a contradiction had the search
 * returned it; an analysis the work budget leaves undecided is not a contradiction (the caller
 * reports it undecided). */
static void test_exact_recheck(void)
{
    inst x;
    inst_make(&x, 60, 55, 40, 20);
    rt_eval ev;
    bool contradicts = true;
    rt_layout *l = pair_on(3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL_FATAL(rt_recheck(x.m, x.ts, l, &x.o, NULL, 0, &ev, &contradicts), EVAL_OK);
    CU_ASSERT_TRUE(ev.schedulable);
    CU_ASSERT_FALSE(contradicts);
    CU_ASSERT_EQUAL(ev.rta[1].wcrt_ns, 80);
    rt_eval_fini(&ev);
    rt_layout_free(l);
    l = apart(2, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL_FATAL(rt_recheck(x.m, x.ts, l, &x.o, NULL, 0, &ev, &contradicts), EVAL_OK);
    CU_ASSERT_TRUE(ev.decided);
    CU_ASSERT_FALSE(ev.schedulable);
    CU_ASSERT_TRUE(contradicts);
    CU_ASSERT_EQUAL(ev.wcet.tasks[0].wcet_ns, 110);
    rt_eval_fini(&ev);
    rt_layout_free(l);
    /* the pair on 2 SMs misses (R = 55 + 55 > 100, above), but a budget of 1 unit stops the
     * RTA of its lower task before it decides */
    l = pair_on(2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    x.o.budget_units = 1;
    CU_ASSERT_EQUAL_FATAL(rt_recheck(x.m, x.ts, l, &x.o, NULL, 0, &ev, &contradicts), EVAL_OK);
    CU_ASSERT_FALSE(ev.decided);
    CU_ASSERT_FALSE(ev.schedulable);
    CU_ASSERT_FALSE(contradicts);
    rt_eval_fini(&ev);
    rt_layout_free(l);
    inst_fini(&x);
}

/* GLPK holds one model at a time (ilp.h): with another alive, opening the loop's MIP fails with
 * a status and a located error, and nothing is read from the model that was never made (it
 * crashed on a NULL model before). */
static void test_exact_open_without_model(void)
{
    inst x;
    inst_make(&x, 60, 55, 40, 20);
    loop l;
    loop_make(&l, &x);
    ilp *other = ilp_new("other", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(other);
    CU_ASSERT_NOT_EQUAL(exact_open(&l.x, 0), ASSIGN_OK);
    CU_ASSERT_EQUAL(rt_diag_errors(l.d), 1);
    ilp_free(other);
    loop_fini(&l);
    inst_fini(&x);
}

void test_exact_register(void)
{
    CU_pSuite s = CU_add_suite("exact", NULL, NULL);
    CU_add_test(s, "the loop alone finds and proves the optimum", test_exact_proves_optimum);
    CU_add_test(s, "capped below the incumbent: proves it optimal", test_exact_incumbent_cap);
    CU_add_test(s, "no schedulable layout: infeasible", test_exact_infeasible);
    CU_add_test(s, "--max-iterations reached: no solve starts", test_exact_max_iterations);
    CU_add_test(s, "the incumbent keeps the fewest SMs", test_exact_incumbent_offers);
    CU_add_test(s, "re-analysis of a found layout", test_exact_recheck);
    CU_add_test(s, "another GLPK model alive: the MIP fails cleanly",
                test_exact_open_without_model);
}
