/* eval: one layout from WCETs to response times and a verdict (the full check). */
#include "analysis/eval.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

__extension__ typedef unsigned __int128 eval_u128;

/* The task of the smallest relative slack (D_i - R_i) / D_i of a schedulable evaluation: every
 * R_i is bounded and at most D_i, so each slack is a fraction s_i / D_i with 0 <= s_i < 2^63 and
 * D_i > 0, compared exactly by cross-multiplication in 128 bits (s_i D_b < s_b D_i); the first
 * task in task-set order wins a tie (as the max-min-slack search's own figure,
 * docs/assignment.md sec. 11). */
static size_t min_slack_task(const rt_taskset *ts, const rta_result *rta)
{
    size_t best = 0;
    for (size_t i = 1; i < ts->n_tasks; i++) {
        eval_u128 si = (eval_u128)(ts->tasks[i].deadline_ns - rta[i].wcrt_ns);
        eval_u128 sb = (eval_u128)(ts->tasks[best].deadline_ns - rta[best].wcrt_ns);
        if (si * (eval_u128)ts->tasks[best].deadline_ns < sb * (eval_u128)ts->tasks[i].deadline_ns)
            best = i;
    }
    return best;
}

/* Tasks of partition p (indices into ts) in file order; returns their count. */
static size_t partition_members(const rt_layout *l, size_t p, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < l->n_tasks; i++)
        if (l->task_part[i] == p)
            idx[n++] = i;
    return n;
}

static void fill_rta_tasks(const rt_taskset *ts, const rt_layout *l, const int64_t *c_ns,
                           const size_t *idx, size_t n, rta_task *rt)
{
    for (size_t k = 0; k < n; k++) {
        const rt_task *t = &ts->tasks[idx[k]];
        rt[k] = (rta_task){
            .period_ns = t->period_ns,
            .deadline_ns = t->deadline_ns,
            .jitter_ns = t->jitter_ns,
            .wcet_ns = c_ns[idx[k]],
            .priority = l->task_prio[idx[k]],
        };
    }
}

/* Set the budget's running step, unless a sensitivity analysis (the outer step) is running. */
static void eval_step(rt_budget *b, budget_step s)
{
    if (b->current != BUDGET_STEP_SENSITIVITY)
        b->current = s;
}

/* Where the budget ran out inside the partition's tasks idx[]: its local index into a task-set
 * index (rta.c records the index of the array it was given). */
static void eval_locate(rt_budget *b, bool was_exhausted, const size_t *idx, size_t n)
{
    if (!was_exhausted && b->exhausted && b->task < n && b->step != BUDGET_STEP_SENSITIVITY)
        b->task = idx[b->task];
}

/* Priorities (Audsley if asked) and RTA of partition p; results moved into rta[], misses
 * counted (undecided tasks too: they are not schedulable). idx, rt and res are scratch arrays of
 * n_tasks entries, charged to b. */
static int eval_partition(const rt_taskset *ts, rt_layout *l, const rt_options *o, rt_budget *b,
                          const int64_t *c_ns, size_t p, size_t trace_cap, size_t *idx,
                          rta_task *rt, rta_result *res, rta_result *rta, size_t *n_misses)
{
    size_t n = partition_members(l, p, idx);
    if (n == 0)
        return EVAL_OK;
    fill_rta_tasks(ts, l, c_ns, idx, n, rt);
    if (o->priorities == RT_PRIO_AUDSLEY) {
        eval_step(b, BUDGET_STEP_PRIORITIES);
        bool was = b->exhausted;
        if (rta_audsley_ex(rt, n, b) < 0)
            return EVAL_ENOMEM;
        eval_locate(b, was, idx, n);
        for (size_t k = 0; k < n; k++)
            l->task_prio[idx[k]] = rt[k].priority;
    }
    eval_step(b, BUDGET_STEP_RTA);
    bool was = b->exhausted;
    if (rta_npfp_ex(rt, n, trace_cap, b, false, res) != 0)
        return EVAL_ENOMEM;
    eval_locate(b, was, idx, n);
    for (size_t k = 0; k < n; k++) {
        rta_results_fini(&rta[idx[k]], 1);
        rta[idx[k]] = res[k];
        if (!res[k].schedulable)
            (*n_misses)++;
    }
    return EVAL_OK;
}

int rt_eval_rta(const rt_taskset *ts, rt_layout *l, const rt_options *o, rt_budget *budget,
                const int64_t *c_ns, size_t part, size_t trace_cap, rta_result *rta,
                size_t *n_misses)
{
    size_t alloc = ts->n_tasks ? ts->n_tasks : 1;
    int rc = EVAL_ENOMEM;
    rt_budget own;
    budget = budget_or_own(budget, &own, o->budget_units);
    size_t *idx = malloc(alloc * sizeof *idx);
    rta_task *rt = malloc(alloc * sizeof *rt);
    rta_result *res = malloc(alloc * sizeof *res);
    *n_misses = 0;
    if (!idx || !rt || !res)
        goto done;
    rc = EVAL_OK;
    for (size_t p = 0; p < l->n_parts && rc == EVAL_OK; p++)
        if (part >= l->n_parts || p == part)
            rc = eval_partition(ts, l, o, budget, c_ns, p, trace_cap, idx, rt, res, rta,
                                n_misses);
done:
    free(idx);
    free(rt);
    free(res);
    return rc;
}

/* A step's status as a task's (docs/system.md sec. 5): an unbounded step that depends on
 * another, or passed the analysis bound, has no RTA status of its own: "bound exceeded". */
static rta_status system_status(hol_status s)
{
    switch (s) {
    case HOL_BOUNDED: return RTA_BOUNDED;
    case HOL_UTILISATION: return RTA_UTILIZATION;
    case HOL_OVERFLOW: return RTA_OVERFLOW;
    case HOL_BUDGET: return RTA_BUDGET;
    default: return RTA_LIMIT;
    }
}

/* The launch WCETs of the tasks with runs (a CPU task has no partition: it is left out of the
 * windows, as a partial layout of the search is), into out->wcet for every task. */
static int system_wcets(const model *m, const rt_taskset *ts, const rt_layout *l,
                        const rt_options *o, rt_budget *budget, wcet_result *out)
{
    size_t n = ts->n_tasks, alloc = n ? n : 1, k = 0;
    rt_task *sub_tasks = malloc(alloc * sizeof *sub_tasks);
    size_t *idx = malloc(alloc * sizeof *idx), *part = malloc(alloc * sizeof *part);
    int64_t *prio = malloc(alloc * sizeof *prio);
    wcet_result sw = { 0 };
    int rc = WCET_ENOMEM;
    out->tasks = calloc(alloc, sizeof *out->tasks);
    out->n_tasks = n;
    if (!sub_tasks || !idx || !part || !prio || !out->tasks)
        goto done;
    for (size_t i = 0; i < n; i++)
        if (ts->tasks[i].n_runs > 0) {
            sub_tasks[k] = ts->tasks[i];
            part[k] = l->task_part[i];
            prio[k] = l->task_prio[i];
            idx[k++] = i;
        }
    rt_taskset sub = *ts;
    sub.tasks = sub_tasks;
    sub.n_tasks = k;
    rt_layout sl = *l;
    sl.n_tasks = k;
    sl.task_part = part;
    sl.task_prio = prio;
    rc = wcet_compute(m, &sub, &sl, o, budget, &sw);
    if (rc != WCET_OK)
        goto done;
    for (size_t j = 0; j < k; j++)
        out->tasks[idx[j]] = sw.tasks[j];   /* moved: the launches keep their addresses */
    free(sw.tasks);
done:
    free(sub_tasks);
    free(idx);
    free(part);
    free(prio);
    if (rc != WCET_OK)
        wcet_result_fini(out);
    return rc;
}

/* rt_eval_layout of a whole system. */
static int eval_system(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
                       rt_budget *budget, rt_eval *out)
{
    size_t n = ts->n_tasks;
    rt_layout_prio_base(ts, o->priorities == RT_PRIO_GIVEN, l->task_prio);
    eval_step(budget, BUDGET_STEP_WINDOWS);
    int wrc = system_wcets(m, ts, l, o, budget, &out->wcet);
    if (wrc != WCET_OK)
        return wrc == WCET_ERANGE ? EVAL_ERANGE : EVAL_ENOMEM;
    out->system = calloc(1, sizeof *out->system);
    if (!out->system)
        return EVAL_ENOMEM;
    int src = rt_system_build(m->gpu, ts, l, &out->wcet, o->gpu_kernel_preemption,
                              out->system, &out->bcet_task, &out->bcet_run);
    if (src == SYS_OK) {
        eval_step(budget, BUDGET_STEP_RTA);
        src = rt_system_analyse(out->system, budget);
    }
    if (src == SYS_EBCET)
        out->bcet_wcet_ns = out->wcet.tasks[out->bcet_task].launches[out->bcet_run].wcet_ns;
    if (src != SYS_OK)
        return src == SYS_EBCET ? EVAL_EBCET : src == SYS_ERANGE ? EVAL_ERANGE : EVAL_ENOMEM;
    for (size_t i = 0; i < n; i++) {
        const hol_task_result *h = &out->system->res.tasks[i];
        out->rta[i] = (rta_result){ .status = system_status(h->status),
                                    .wcrt_ns = h->status == HOL_BOUNDED ? h->response_ns : 0,
                                    .schedulable = h->schedulable };
        out->n_misses += !h->schedulable;
    }
    return EVAL_OK;
}

int rt_eval_layout(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
                   rt_budget *budget, size_t trace_cap, rt_eval *out)
{
    size_t n = ts->n_tasks, alloc = n ? n : 1;
    int rc = EVAL_ENOMEM;
    int64_t *c_ns = calloc(alloc, sizeof *c_ns);
    rt_budget own;
    budget = budget_or_own(budget, &own, o->budget_units);
    memset(out, 0, sizeof *out);
    out->n_tasks = n;
    out->rta = calloc(alloc, sizeof *out->rta);
    if (!c_ns || !out->rta)
        goto done;
    if (rt_taskset_has_system_steps(ts) || o->gpu_kernel_preemption) {
        rc = eval_system(m, ts, l, o, budget, out);
        if (rc != EVAL_OK)
            goto done;
        goto verdict;
    }
    /* priorities before the WCETs: synchronous windows order each partition's tasks by them */
    rt_layout_prio_base(ts, o->priorities == RT_PRIO_GIVEN, l->task_prio);
    eval_step(budget, BUDGET_STEP_WINDOWS);
    int wrc = wcet_compute(m, ts, l, o, budget, &out->wcet);
    if (wrc != WCET_OK) {
        rc = wrc == WCET_ERANGE ? EVAL_ERANGE : EVAL_ENOMEM;
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        c_ns[i] = out->wcet.tasks[i].wcet_ns;
    if (budget->exhausted) {
        /* spent in the window search: some WCETs are the capped fallback, an upper bound only,
         * so not even a utilisation test may decide a task */
        for (size_t i = 0; i < n; i++)
            out->rta[i].status = RTA_BUDGET;
        out->n_misses = n;
    } else {
        rc = rt_eval_rta(ts, l, o, budget, c_ns, SIZE_MAX, trace_cap, out->rta, &out->n_misses);
        if (rc != EVAL_OK)
            goto done;
    }
verdict:
    for (size_t i = 0; i < n; i++)
        out->n_undecided += out->rta[i].status == RTA_BUDGET;
    out->n_misses -= out->n_undecided;
    out->decided = out->n_undecided == 0;
    out->schedulable = out->n_misses == 0 && out->decided;
    out->has_min_slack = out->schedulable && n > 0;
    if (out->has_min_slack)
        out->min_slack_task = min_slack_task(ts, out->rta);
    out->exhaustive = true;
    for (size_t i = 0; i < out->wcet.n_tasks; i++)
        for (size_t j = 0; j < out->wcet.tasks[i].n_launches; j++)
            out->exhaustive &= out->wcet.tasks[i].launches[j].exhaustive;
    rc = EVAL_OK;
done:
    free(c_ns);
    if (rc != EVAL_OK) {
        size_t bt = out->bcet_task, br = out->bcet_run;
        int64_t bw = out->bcet_wcet_ns;
        rt_eval_fini(out);
        out->bcet_task = bt;
        out->bcet_run = br;
        out->bcet_wcet_ns = bw;
    }
    return rc;
}

void rt_eval_fini(rt_eval *e)
{
    if (e->system)
        rt_system_fini(e->system);
    free(e->system);
    wcet_result_fini(&e->wcet);
    if (e->rta)
        rta_results_fini(e->rta, e->n_tasks);
    free(e->rta);
    memset(e, 0, sizeof *e);
}
