/* The partition search on whole systems (docs/assignment.md sec. 13): on small random systems
 * (two CPU cores, a copy engine, tasks of a CPU step, a GPU step, a copy and another CPU step, and
 * a CPU task), every layout of the tasks with GPU work on every size is judged by the holistic
 * analysis directly (rt_eval_layout of the system: CPU tasks on no partition). The search's
 * fewest SMs equals this brute force's, its infeasibility claims are true, and every partition
 * of every layout the holistic analysis accepts passes the view's necessary group test (the
 * property that makes the search's pruning and bounds sound). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture_search.h"
#include "search/sysview.h"
#include "taskset/inputs.h"

void test_syssearch_register(void);

/* A random system: nt GPU tasks as rand_instance makes them (one GPU step each), each given a
 * CPU step before it (always), a copy on engine "e" and a CPU step after (each at random), and
 * with cpu_task a CPU task of one step. Times are shares of the task's period; BCETs a random
 * share of the WCET. Priorities given on every task or on none (rand_instance decides); with
 * given ones a GPU step sometimes gives its own. */
static void sys_instance(fixture *f, size_t nt, bool cpu_task, uint64_t seed, const rt_options *o)
{
    rt_gpu *gpu = gpu_make(6, 1, 5, 1365);
    gpu->has_cpu = true;
    gpu->cpu_cores = 2;
    gpu->engines = calloc(1, sizeof *gpu->engines);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu->engines);
    gpu->engines[0] = (rt_copy_engine){ .name = strdup("e"), .gbps_num = 1, .gbps_den = 1,
                                        .setup_ns = 0, .fifo = seed % 2 == 0 };
    gpu->n_engines = 1;
    rand_instance(f, gpu, nt, seed, o);
    uint64_t s = seed ^ 0x9e3779b97f4a7c15ULL;
    bool given = f->ts->tasks[0].has_priority;
    for (size_t i = 0; i < nt; i++) {
        rt_task *tk = &f->ts->tasks[i];
        int64_t T = tk->period_ns;
        int64_t c = T * (int64_t)(2 + lcg_next(&s) % 10) / 100;
        fx_cpu_step(tk, (int64_t)(lcg_next(&s) % 2), c, c * (int64_t)(lcg_next(&s) % 101) / 100);
        rt_step *g = fx_add_step(tk, RT_STEP_GPU);
        g->n_runs = tk->n_runs;
        if (given && lcg_next(&s) % 4 == 0) {
            g->has_priority = true;
            g->priority = (int64_t)(lcg_next(&s) % 4);
        }
        if (lcg_next(&s) % 2) {
            rt_step *cp = fx_add_step(tk, RT_STEP_COPY);
            cp->engine = strdup("e");
            cp->has_time = true;
            cp->time_ns = T * (int64_t)(1 + lcg_next(&s) % 5) / 100;
            cp->bcet_ns = cp->time_ns * (int64_t)(lcg_next(&s) % 101) / 100;
        }
        if (lcg_next(&s) % 2) {
            c = T * (int64_t)(1 + lcg_next(&s) % 8) / 100;
            fx_cpu_step(tk, (int64_t)(lcg_next(&s) % 2), c,
                     c * (int64_t)(lcg_next(&s) % 101) / 100);
        }
        /* end to end: the deadline also covers the new steps, so some instances pass */
        tk->deadline_ns = T * (int64_t)(80 + lcg_next(&s) % 21) / 100;
    }
    if (cpu_task) {
        rt_task *t = realloc(f->ts->tasks, (nt + 1) * sizeof *t);
        CU_ASSERT_PTR_NOT_NULL_FATAL(t);
        f->ts->tasks = t;
        rt_task *tk = &t[nt];
        memset(tk, 0, sizeof *tk);
        tk->name = strdup("cpu");
        tk->period_ns = t[lcg_next(&s) % nt].period_ns;
        tk->deadline_ns = tk->period_ns * (int64_t)(10 + lcg_next(&s) % 91) / 100;
        tk->has_priority = given;
        tk->priority = given ? (int64_t)(lcg_next(&s) % 4) : 0;
        int64_t c = tk->period_ns * (int64_t)(5 + lcg_next(&s) % 20) / 100;
        fx_cpu_step(tk, (int64_t)(lcg_next(&s) % 2), c, c / 2);
        f->ts->n_tasks = nt + 1;
    }
}

/* ---- brute force, on the system itself -------------------------------------------------- */

typedef struct sbrute {
    const fixture *f;
    const rt_options *o;
    size_t nt;              /* tasks with GPU work: 0 .. nt-1; then the CPU tasks */
    size_t *block, n_blocks;
    int64_t *sizes;
    int64_t best;
    long evals, passes;
    lbt *b;                 /* the view's necessary tests */
    size_t *grp;
    unsigned char *out;
    long group_fails;
} sbrute;

static bool sbrute_schedulable(sbrute *b)
{
    size_t T = b->f->ts->n_tasks;
    rt_layout *l = rt_layout_new(b->n_blocks, T);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    int64_t first = 0;
    for (size_t p = 0; p < b->n_blocks; p++) {
        l->part_sms[p] = b->sizes[p];
        l->part_first_sm[p] = first;
        first += b->sizes[p];
    }
    for (size_t i = 0; i < T; i++)
        l->task_part[i] = i < b->nt ? b->block[i] : SIZE_MAX;
    rt_eval ev;
    int rc = rt_eval_layout(b->f->m, b->f->ts, l, b->o, NULL, 0, &ev);
    CU_ASSERT(rc == EVAL_OK || rc == EVAL_ERANGE);
    bool ok = rc == EVAL_OK && ev.schedulable;
    CU_ASSERT(rc != EVAL_OK || ev.decided);
    CU_ASSERT(rc != EVAL_OK || ev.system != NULL);   /* the holistic analysis judged it */
    if (rc == EVAL_OK)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    b->evals++;
    b->passes += ok;
    /* every partition of an accepted layout passes the view's group test, the others outside */
    for (size_t p = 0; ok && p < b->n_blocks; p++) {
        size_t k = 0;
        for (size_t i = 0; i < b->nt; i++) {
            b->out[i] = b->block[i] != p;
            if (b->block[i] == p)
                b->grp[k++] = i;
        }
        int r = bounds_group_pass(b->b, b->grp, k, (size_t)(b->sizes[p] - 1), b->out);
        CU_ASSERT_EQUAL(r, 1);
        b->group_fails += r != 1;
    }
    return ok;
}

static void sbrute_sizes(sbrute *b, size_t p, int64_t used)
{
    if (p == b->n_blocks) {
        if (sbrute_schedulable(b) && (b->best < 0 || used < b->best))
            b->best = used;
        return;
    }
    for (int64_t n = 1; used + n <= b->f->gpu->sms; n++) {
        b->sizes[p] = n;
        sbrute_sizes(b, p + 1, used + n);
    }
}

static void sbrute_partitions(sbrute *b, size_t i, size_t n_blocks)
{
    if (i == b->nt) {
        b->n_blocks = n_blocks;
        sbrute_sizes(b, 0, 0);
        return;
    }
    for (size_t k = 0; k <= n_blocks; k++) {
        b->block[i] = k;
        sbrute_partitions(b, i + 1, k == n_blocks ? n_blocks + 1 : n_blocks);
    }
}

typedef struct stally {
    long feasible, infeasible, optimal, proven_infeasible, evals, passes, group_fails;
} stally;

static void sys_compare(size_t nt, bool cpu_task, uint64_t seed, rt_prio_mode prio, stally *c)
{
    rt_options o;
    rt_options_default(&o);
    o.priorities = prio;
    fixture f;
    sys_instance(&f, nt, cpu_task, seed, &o);
    if (o.priorities == RT_PRIO_GIVEN && !f.ts->tasks[0].has_priority)
        o.priorities = RT_PRIO_DM;   /* as the command line resolves it */
    CU_ASSERT_PTR_NULL(sysview_refusal(f.ts, &o));
    sysview v;
    CU_ASSERT_EQUAL_FATAL(sysview_init(&v, f.ts, &o), 0);
    sbrute b = { .f = &f, .o = &o, .nt = nt, .best = -1 };
    b.block = calloc(nt, sizeof *b.block);
    b.sizes = calloc(nt, sizeof *b.sizes);
    b.grp = calloc(nt, sizeof *b.grp);
    b.out = calloc(nt, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b.b = bounds_new(f.m, &v.ts, &v.o));
    sbrute_partitions(&b, 0, 0);
    int64_t want = b.best;
    assign_result r;
    CU_ASSERT_EQUAL_FATAL(run_search(&f, &o, &r), ASSIGN_OK);
    if (want < 0) {
        CU_ASSERT(r.status == ASSIGN_INFEASIBLE || r.status == ASSIGN_UNKNOWN);
        CU_ASSERT_PTR_NULL(r.layout);
    } else {
        CU_ASSERT(r.status == ASSIGN_OPTIMAL || r.status == ASSIGN_FEASIBLE);
        CU_ASSERT_EQUAL(r.sms_used, want);
        CU_ASSERT(r.lower_bound_sms <= want);
        CU_ASSERT_PTR_NOT_NULL_FATAL(r.layout);
        CU_ASSERT_EQUAL(r.layout->n_tasks, f.ts->n_tasks);
        for (size_t i = nt; i < f.ts->n_tasks; i++)
            CU_ASSERT_EQUAL(r.layout->task_part[i], SIZE_MAX);
        rt_layout *copy = rt_layout_copy(r.layout);
        CU_ASSERT_PTR_NOT_NULL_FATAL(copy);
        rt_eval ev;
        CU_ASSERT_EQUAL_FATAL(rt_eval_layout(f.m, f.ts, copy, &o, NULL, 0, &ev), EVAL_OK);
        CU_ASSERT_TRUE(ev.schedulable);
        rt_eval_fini(&ev);
        rt_layout_free(copy);
    }
    if ((want < 0) != (r.layout == NULL) || (want >= 0 && r.sms_used != want) ||
        (want >= 0 && r.status == ASSIGN_INFEASIBLE) || b.group_fails)
        fprintf(stderr, "\nsystem mismatch nt=%zu seed=%llu prio=%d: brute %lld, search %s %lld, "
                "group fails %ld\n", nt, (unsigned long long)seed, (int)prio, (long long)want,
                assign_status_name(r.status), (long long)r.sms_used, b.group_fails);
    c->feasible += want >= 0;
    c->infeasible += want < 0;
    c->optimal += r.status == ASSIGN_OPTIMAL;
    c->proven_infeasible += r.status == ASSIGN_INFEASIBLE;
    c->evals += b.evals;
    c->passes += b.passes;
    c->group_fails += b.group_fails;
    assign_result_fini(&r);
    bounds_free(b.b);
    free(b.block);
    free(b.sizes);
    free(b.grp);
    free(b.out);
    sysview_fini(&v);
    fx_fini(&f);
}

/* 60 systems (3 or 4 tasks with GPU work, with and without a CPU task, given and
 * deadline-monotonic priorities): the search's minimum is the brute force's on each; both
 * outcomes occur, and most results are proven (optimal or infeasible). */
static void test_syssearch_brute(void)
{
    stally c = { 0 };
    for (uint64_t seed = 1; seed <= 15; seed++) {
        sys_compare(3, seed % 2 == 0, seed * 7919 + 11, RT_PRIO_GIVEN, &c);
        sys_compare(4, seed % 2 == 1, seed * 7919 + 13, RT_PRIO_GIVEN, &c);
        sys_compare(3, seed % 2 == 1, seed * 7919 + 17, RT_PRIO_DM, &c);
        sys_compare(4, seed % 2 == 0, seed * 7919 + 19, RT_PRIO_DM, &c);
    }
    fprintf(stderr, "\n  [%ld feasible (%ld proven optimal), %ld infeasible (%ld proven); %ld "
            "layouts judged, %ld accepted]\n", c.feasible, c.optimal, c.infeasible,
            c.proven_infeasible, c.evals, c.passes);
    CU_ASSERT(c.feasible >= 10);
    CU_ASSERT(c.infeasible >= 5);
    CU_ASSERT(c.optimal >= c.feasible / 2);
    CU_ASSERT_EQUAL(c.group_fails, 0);
}

void test_syssearch_register(void)
{
    CU_pSuite s = CU_add_suite("syssearch", NULL, NULL);
    CU_add_test(s, "search equals the brute force on random whole systems", test_syssearch_brute);
}
