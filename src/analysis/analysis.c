/* analysis: one layout from WCETs to response times and a verdict (the full check). */
#include "analysis/analysis.h"

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
 * n_tasks entries. o->budget is not NULL. */
static int eval_partition(const rt_taskset *ts, rt_layout *l, const rt_options *o,
                          const int64_t *c_ns, size_t p, size_t trace_cap, size_t *idx,
                          rta_task *rt, rta_result *res, rta_result *rta, size_t *n_misses)
{
    size_t n = partition_members(l, p, idx);
    if (n == 0)
        return EVAL_OK;
    fill_rta_tasks(ts, l, c_ns, idx, n, rt);
    rt_budget *b = o->budget;
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

int rt_eval_rta(const rt_taskset *ts, rt_layout *l, const rt_options *o, const int64_t *c_ns,
                size_t part, size_t trace_cap, rta_result *rta, size_t *n_misses)
{
    size_t alloc = ts->n_tasks ? ts->n_tasks : 1;
    int rc = EVAL_ENOMEM;
    rt_budget own;
    rt_options oo = *o;
    if (!oo.budget) {
        budget_init(&own, o->budget_units);
        oo.budget = &own;
    }
    o = &oo;
    size_t *idx = malloc(alloc * sizeof *idx);
    rta_task *rt = malloc(alloc * sizeof *rt);
    rta_result *res = malloc(alloc * sizeof *res);
    *n_misses = 0;
    if (!idx || !rt || !res)
        goto done;
    rc = EVAL_OK;
    for (size_t p = 0; p < l->n_parts && rc == EVAL_OK; p++)
        if (part >= l->n_parts || p == part)
            rc = eval_partition(ts, l, o, c_ns, p, trace_cap, idx, rt, res, rta, n_misses);
done:
    free(idx);
    free(rt);
    free(res);
    return rc;
}

int rt_eval_layout(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
                   size_t trace_cap, rt_eval *out)
{
    size_t n = ts->n_tasks, alloc = n ? n : 1;
    int rc = EVAL_ENOMEM;
    int64_t *c_ns = calloc(alloc, sizeof *c_ns);
    rt_budget own;
    rt_options oo = *o;
    if (!oo.budget) {
        budget_init(&own, o->budget_units);
        oo.budget = &own;
    }
    o = &oo;
    memset(out, 0, sizeof *out);
    out->n_tasks = n;
    out->rta = calloc(alloc, sizeof *out->rta);
    if (!c_ns || !out->rta)
        goto done;
    /* priorities before the WCETs: synchronous windows order each partition's tasks by them */
    rt_prio_base(ts, o->priorities == RT_PRIO_GIVEN, l->task_prio);
    eval_step(o->budget, BUDGET_STEP_WINDOWS);
    int wrc = wcet_compute(m, ts, l, o, &out->wcet);
    if (wrc != WCET_OK) {
        rc = wrc == WCET_ERANGE ? EVAL_ERANGE : EVAL_ENOMEM;
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        c_ns[i] = out->wcet.tasks[i].wcet_ns;
    if (o->budget->exhausted) {
        /* spent in the window search: some WCETs are the capped fallback, an upper bound only,
         * so not even a utilisation test may decide a task */
        for (size_t i = 0; i < n; i++)
            out->rta[i].status = RTA_BUDGET;
        out->n_misses = n;
    } else {
        rc = rt_eval_rta(ts, l, o, c_ns, SIZE_MAX, trace_cap, out->rta, &out->n_misses);
        if (rc != EVAL_OK)
            goto done;
    }
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
    if (rc != EVAL_OK)
        rt_eval_fini(out);
    return rc;
}

void rt_eval_fini(rt_eval *e)
{
    wcet_result_fini(&e->wcet);
    if (e->rta)
        rta_results_fini(e->rta, e->n_tasks);
    free(e->rta);
    memset(e, 0, sizeof *e);
}
