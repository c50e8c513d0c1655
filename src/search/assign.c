/* assign: partition sizes and task-to-partition mapping by GLPK MIP + full analysis (ANALYSIS.md 3).
 *
 * Lower-bound loop: the MIP (assign_mip.c) holds only necessary conditions of schedulability, so
 * its optimum is a lower bound of the SMs of every schedulable layout not yet cut off. Each
 * optimum is checked with the full analysis (rt_eval_layout: WCETs for that very layout, then the
 * response times); the first that passes is optimal. One that fails is cut off (amip_cut)
 * and the MIP solved again. Heuristic incumbents (one partition on all SMs, a greedy packing,
 * repairs of failed candidates) cap the MIP below their SMs: an infeasible MIP then proves the
 * incumbent optimal, and without an incumbent that no layout is schedulable. A solution that
 * GLPK returns at its time limit without proof is checked the same way but, if it passes, is
 * only `feasible`. docs/assignment.md has the proofs. */
#include "search/assign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/analysis.h"
#include "search/assign_mip.h"

typedef struct search {
    const model *m;
    const rt_taskset *ts;
    const rt_options *o;
    rt_diags *d;
    amip *a;
    amip_cand c;
    double t0;
    assign_result *out;
    rt_layout *best;        /* schedulable layout found by a heuristic (not a MIP optimum) */
    int64_t best_sms;
    double eval_max_s;      /* longest full analysis so far (time kept for the last one) */
    bool capped;            /* some analysis used the co-runner heuristic (--combination-cap) */
} search;

const char *assign_status_name(assign_status s)
{
    switch (s) {
    case ASSIGN_GIVEN: return "given";
    case ASSIGN_OPTIMAL: return "optimal";
    case ASSIGN_FEASIBLE: return "feasible";
    case ASSIGN_INFEASIBLE: return "infeasible";
    case ASSIGN_UNKNOWN: return "unknown";
    }
    return "unknown";
}

void assign_result_fini(assign_result *r)
{
    if (!r)
        return;
    rt_layout_free(r->layout);
    memset(r, 0, sizeof *r);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Layout of candidate c: partitions P0, P1, ... in order of their representative (lowest task
 * index), packed from SM 0 in that order; base priorities as the MIP's isolated checks used. */
static rt_layout *layout_build(const search *s, int64_t *sms_used)
{
    const amip_cand *c = &s->c;
    size_t T = s->ts->n_tasks, np = 0;
    for (size_t i = 0; i < T; i++)
        np += c->rep[i] == i;
    rt_layout *l = rt_layout_new(np, T);
    if (!l)
        return NULL;
    int64_t g = s->m->gpu->granularity, first = 0;
    size_t p = 0;
    for (size_t i = 0; i < T; i++) {
        l->task_prio[i] = amip_priority(s->a, i);
        if (c->rep[i] != i) {
            l->task_part[i] = l->task_part[c->rep[i]]; /* rep[i] < i: already placed */
            continue;
        }
        char name[32];
        snprintf(name, sizeof name, "P%zu", p);
        if (!(l->part_name[p] = strdup(name))) {
            rt_layout_free(l);
            return NULL;
        }
        l->part_sms[p] = (int64_t)(c->size[i] + 1) * g;
        l->part_first_sm[p] = first;
        first += l->part_sms[p];
        l->task_part[i] = p++;
    }
    *sms_used = first;
    return l;
}

/* Seconds left for the next step: 0 for "no limit", negative when the limit has passed. */
static double time_left(const search *s)
{
    if (!(s->o->time_limit_s > 0))
        return 0;
    double left = s->o->time_limit_s - (now_s() - s->t0);
    return left > 0 ? left : -1;
}

/* Full analysis of l. 1 schedulable, 0 not, ASSIGN_ENOMEM. *have_ev: ev holds a result to
 * free (not after EVAL_ERANGE: some WCET beyond 2^62 ns, reported as a miss). */
static int evaluate(search *s, rt_layout *l, rt_eval *ev, bool *have_ev)
{
    double t = now_s();
    int erc = rt_eval_layout(s->m, s->ts, l, s->o, 0, ev);
    t = now_s() - t;
    if (t > s->eval_max_s)
        s->eval_max_s = t;
    *have_ev = erc == EVAL_OK;
    if (erc == EVAL_ENOMEM)
        return ASSIGN_ENOMEM;
    for (size_t i = 0; *have_ev && i < ev->wcet.n_tasks; i++)
        for (size_t j = 0; j < ev->wcet.tasks[i].n_launches; j++)
            s->capped |= !ev->wcet.tasks[i].launches[j].exhaustive;
    return *have_ev && ev->schedulable;
}

/* A schedulable layout of sms SMs found outside a proven MIP optimum: keep it if it beats the
 * incumbent, and from now on ask the MIP only for layouts with fewer SMs (sms_cap row). Takes l. */
static int offer_incumbent(search *s, rt_layout *l, int64_t sms)
{
    if (s->best && s->best_sms <= sms) {
        rt_layout_free(l);
        return ASSIGN_OK;
    }
    rt_layout_free(s->best);
    s->best = l;
    s->best_sms = sms;
    return amip_cap(s->a, sms / s->m->gpu->granularity - 1);
}

/* Repack partitions from SM 0 in index order; returns the SMs used. */
static int64_t repack(rt_layout *l)
{
    int64_t first = 0;
    for (size_t p = 0; p < l->n_parts; p++) {
        l->part_first_sm[p] = first;
        first += l->part_sms[p];
    }
    return first;
}

/* Grow by g every partition that holds a miss in ev, in index order, while SMs remain.
 * Returns false if none could grow. */
static bool grow_missing(const search *s, rt_layout *l, const rt_eval *ev)
{
    int64_t g = s->m->gpu->granularity, spare = s->m->gpu->sms - repack(l);
    bool grown = false;
    for (size_t p = 0; p < l->n_parts && spare >= g; p++) {
        bool miss = false;
        for (size_t i = 0; i < l->n_tasks && !miss; i++)
            miss = l->task_part[i] == p && !ev->rta[i].schedulable;
        if (miss) {
            l->part_sms[p] += g;
            spare -= g;
            grown = true;
        }
    }
    return grown;
}

/* Repair heuristic for a failed candidate (layout l0, analysis ev0): give the partitions with a
 * miss more SMs, step by step, while the GPU has spare SMs and the result would still beat the
 * incumbent. A schedulable result becomes the incumbent. */
static int try_repair(search *s, const rt_layout *l0, const rt_eval *ev0)
{
    rt_layout *l = rt_layout_copy(l0);
    if (!l)
        return ASSIGN_ENOMEM;
    rt_eval ev;
    bool have = false;
    int rc = ASSIGN_OK;
    while (grow_missing(s, l, have ? &ev : ev0) && time_left(s) >= 0) {
        int64_t sms = repack(l);
        if (s->best && sms >= s->best_sms)
            break;
        if (have)
            rt_eval_fini(&ev);
        int r = evaluate(s, l, &ev, &have);
        if (r != 0) {
            if (have)
                rt_eval_fini(&ev);
            if (r == 1)
                return offer_incumbent(s, l, sms);
            rt_layout_free(l);
            return r;
        }
        if (!have)
            break;
    }
    if (have)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    return rc;
}

/* Full analysis of the MIP's solution. Schedulable: recorded in out, *done. Otherwise cut off,
 * and repaired into an incumbent if that could still beat the current one. */
static int check_candidate(search *s, ilp_outcome oc, bool *done)
{
    int rc = amip_decode(s->a, &s->c);
    if (rc != ASSIGN_OK)
        return rc;
    int64_t sms = 0;
    rt_layout *l = layout_build(s, &sms);
    if (!l)
        return ASSIGN_ENOMEM;
    rt_eval ev;
    bool have = false;
    int r = evaluate(s, l, &ev, &have);
    if (r == 1) {
        rt_eval_fini(&ev);
        *done = true;
        if (oc != ILP_OPTIMAL) /* GLPK's unproven solution at its time limit */
            return offer_incumbent(s, l, sms);
        rt_layout_free(s->best);
        s->best = NULL;
        s->out->layout = l;
        s->out->sms_used = sms;
        s->out->status = ASSIGN_OPTIMAL;
        return ASSIGN_OK;
    }
    size_t n_cuts = 0;
    rc = r < 0 ? r : amip_cut(s->a, &s->c, l, have ? &ev : NULL, &n_cuts);
    if (rc == ASSIGN_OK && have && (!s->best || sms + s->m->gpu->granularity < s->best_sms))
        rc = try_repair(s, l, &ev);
    if (have)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    return rc;
}

/* All tasks in one partition of all N SMs: no co-runners, so no interference at all. If that is
 * schedulable it is the first incumbent. */
static int first_incumbent(search *s)
{
    rt_layout *l = rt_layout_new(1, s->ts->n_tasks);
    if (!l || !(l->part_name[0] = strdup("P0"))) {
        rt_layout_free(l);
        return ASSIGN_ENOMEM;
    }
    l->part_sms[0] = s->m->gpu->sms;
    for (size_t i = 0; i < s->ts->n_tasks; i++)
        l->task_prio[i] = amip_priority(s->a, i);
    rt_eval ev;
    bool have = false;
    int r = evaluate(s, l, &ev, &have);
    if (have)
        rt_eval_fini(&ev);
    if (r == 1)
        return offer_incumbent(s, l, s->m->gpu->sms);
    rt_layout_free(l);
    return r < 0 ? r : ASSIGN_OK;
}

/* The greedy packing of amip_greedy, checked and if need be repaired: a second incumbent. */
static int greedy_incumbent(search *s)
{
    int r = amip_greedy(s->a, &s->c);
    if (r <= 0)
        return r;
    int64_t sms = 0;
    rt_layout *l = layout_build(s, &sms);
    if (!l)
        return ASSIGN_ENOMEM;
    rt_eval ev;
    bool have = false;
    r = evaluate(s, l, &ev, &have);
    if (r == 1) {
        rt_eval_fini(&ev);
        return offer_incumbent(s, l, sms);
    }
    int rc = r < 0 ? r : have ? try_repair(s, l, &ev) : ASSIGN_OK;
    if (have)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    return rc;
}

static int search_loop(search *s)
{
    assign_result *out = s->out;
    for (;;) {
        if (s->o->max_iterations > 0 && out->iterations >= s->o->max_iterations) {
            out->hit_iteration_limit = true;
            return ASSIGN_OK;
        }
        /* keep time for the analysis of what the solve returns: twice the longest so far, at
         * most half of what is left (the only time-dependent choice: where the limit falls) */
        double left = time_left(s), keep = 2 * s->eval_max_s;
        if (left > 0 && keep > left / 2)
            keep = left / 2;
        if (left < 0 || (left > 0 && left - keep < 0.001)) {
            out->hit_time_limit = true;
            return ASSIGN_OK;
        }
        if (left > 0)
            left -= keep;
        if (amip_exhausted(s->a)) {
            /* the last proven optimum is already above the cap: the incumbent is optimal */
            out->status = ASSIGN_OPTIMAL;
            return ASSIGN_OK;
        }
        ilp_outcome oc;
        bool hit = false, done = false;
        int rc = amip_solve(s->a, left, &oc, &hit);
        if (rc != ASSIGN_OK)
            return rc;
        out->iterations++;
        out->hit_time_limit |= hit;
        if (oc == ILP_INFEASIBLE) {
            /* nothing cheaper than the incumbent (if any) is schedulable: proven */
            out->status = s->best ? ASSIGN_OPTIMAL : ASSIGN_INFEASIBLE;
            return ASSIGN_OK;
        }
        if (oc == ILP_NO_SOLUTION)
            return ASSIGN_OK;
        if (oc == ILP_OPTIMAL && (rc = amip_raise_floor(s->a, amip_objective(s->a))) != ASSIGN_OK)
            return rc;
        rc = check_candidate(s, oc, &done);
        if (rc != ASSIGN_OK || done || hit)
            return rc;
    }
}

/* No tasks: nothing to place, zero SMs, trivially optimal (the LP file, if asked for, holds the
 * empty model). */
static int search_empty(search *s)
{
    if (s->o->write_lp) {
        int rc = amip_new(s->m, s->ts, s->o, s->d, &s->a);
        if (rc == ASSIGN_OK)
            rc = amip_write_lp(s->a, s->o->write_lp);
        if (rc != ASSIGN_OK)
            return rc;
    }
    if (!(s->out->layout = rt_layout_new(0, 0)))
        return ASSIGN_ENOMEM;
    s->out->status = ASSIGN_OPTIMAL;
    return ASSIGN_OK;
}

static int search_run(search *s)
{
    if (s->ts->n_tasks == 0)
        return search_empty(s);
    size_t T = s->ts->n_tasks;
    s->c.rep = calloc(T, sizeof *s->c.rep);
    s->c.size = calloc(T, sizeof *s->c.size);
    if (!s->c.rep || !s->c.size)
        return ASSIGN_ENOMEM;
    int rc = amip_new(s->m, s->ts, s->o, s->d, &s->a);
    if (rc == ASSIGN_OK && s->o->write_lp)
        rc = amip_write_lp(s->a, s->o->write_lp);
    if (rc == ASSIGN_OK)
        rc = first_incumbent(s);
    if (rc == ASSIGN_OK)
        rc = greedy_incumbent(s);
    if (rc == ASSIGN_OK)
        rc = search_loop(s);
    if (rc == ASSIGN_OK && !s->out->layout && s->best) {
        /* the incumbent: optimal if the MIP proved nothing cheaper exists, else feasible */
        s->out->layout = s->best;
        s->out->sms_used = s->best_sms;
        s->best = NULL;
        if (s->out->status != ASSIGN_OPTIMAL)
            s->out->status = ASSIGN_FEASIBLE;
    }
    return rc;
}

int assign_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d)
{
    memset(out, 0, sizeof *out);
    out->status = ASSIGN_UNKNOWN;
    search s = { .m = m, .ts = ts, .o = o, .d = d, .t0 = now_s(), .out = out };
    int rc = search_run(&s);
    rt_layout_free(s.best);
    amip_free(s.a);
    free(s.c.rep);
    free(s.c.size);
    out->seconds = now_s() - s.t0;
    if (rc == ASSIGN_OK && s.capped) {
        /* A proof holds for the exact model only: with a capped analysis in the loop, the cuts
         * may have removed a layout the exact maximum would accept. Claim no proof. */
        if (out->status == ASSIGN_OPTIMAL)
            out->status = ASSIGN_FEASIBLE;
        else if (out->status == ASSIGN_INFEASIBLE)
            out->status = ASSIGN_UNKNOWN;
        rt_diag_warning(d, ts->path, 0, "the co-runner combinations exceeded --combination-cap "
                        "in some analysis: the search claims no proof of optimality or "
                        "infeasibility");
    }
    if (rc != ASSIGN_OK) {
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
    }
    return rc;
}
