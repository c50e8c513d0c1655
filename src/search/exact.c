/* exact: the exact loop of the partition search (exact.h; docs/assignment.md sec. 7). */
#include "search/exact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "search/assign_cuts.h"
#include "search/search_int.h"
#include "util/analyzer.h"

int exact_init(exact *x, const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
               lbt *b, judge *j, incumbent *inc, assign_result *out, double t0)
{
    *x = (exact){ .m = m, .ts = ts, .o = o, .d = d, .b = b, .j = j, .inc = inc, .out = out,
                  .t0 = t0, .undec_units = INT64_MAX };
    size_t T = ts->n_tasks ? ts->n_tasks : 1;
    x->c.rep = calloc(T, sizeof *x->c.rep);
    x->c.size = calloc(T, sizeof *x->c.size);
    return x->c.rep && x->c.size ? 0 : -1;
}

void exact_fini(exact *x)
{
    assign_mip_free(x->a);
    x->a = NULL;
    free(x->c.rep);
    free(x->c.size);
    x->c.rep = NULL;
    x->c.size = NULL;
}

int exact_open(exact *x, int64_t lb_units)
{
    int rc = assign_mip_new(x->b, x->m, x->ts, x->o, x->d, &x->a);
    if (rc == ASSIGN_OK && x->inc->layout)
        rc = assign_mip_cap(x->a, x->inc->sms / x->m->gpu->granularity - 1);
    if (rc == ASSIGN_OK)
        rc = assign_mip_raise_floor(x->a, (double)lb_units);
    return rc;
}

void exact_close(exact *x)
{
    assign_mip_free(x->a);
    x->a = NULL;
}

int exact_cap(exact *x)
{
    return x->a && x->inc->layout ? assign_mip_cap(x->a, x->inc->sms / x->m->gpu->granularity - 1)
                                  : ASSIGN_OK;
}

int64_t exact_floor(const exact *x)
{
    if (!x->a || x->capped)
        return 0;
    int64_t fl = assign_mip_floor(x->a);
    return fl < x->undec_units ? fl : x->undec_units;
}

int exact_write_empty(exact *x)
{
    int rc = assign_mip_new(x->b, x->m, x->ts, x->o, x->d, &x->a);
    return rc == ASSIGN_OK ? assign_mip_write_lp(x->a, x->o->write_lp) : rc;
}

/* the names belong to the layout, freed by rt_layout_free; gcc 12's analyzer reads a string
 * stored into a heap record as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
/* Layout of the last solution: partitions P0, P1, ... in order of their representative (lowest
 * task index), packed from SM 0 in that order; base priorities as the MIP's isolated checks
 * used. */
static rt_layout *layout_build(const exact *x, int64_t *sms_used)
{
    const amip_cand *c = &x->c;
    size_t T = x->ts->n_tasks, np = 0;
    for (size_t i = 0; i < T; i++)
        np += c->rep[i] == i;
    rt_layout *l = rt_layout_new(np, T);
    if (!l)
        return NULL;
    int64_t g = x->m->gpu->granularity, first = 0;
    size_t p = 0;
    for (size_t i = 0; i < T; i++) {
        l->task_prio[i] = bounds_priority(x->b, i);
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
RT_ANALYZER_ON

/* Full analysis of l (judge_analyse, counted with the judge's). 1 schedulable (decided), 0 not
 * or undecided (ev->decided tells), ASSIGN_ENOMEM. *have_ev: ev holds a result to free (not
 * after EVAL_ERANGE: some WCET beyond 2^62 ns, reported as a miss). Each analysis has a budget
 * of o->budget_units of its own. */
static int evaluate(exact *x, rt_layout *l, rt_eval *ev, bool *have_ev)
{
    double t = search_now();
    int erc = judge_analyse(x->j, x->ts, l, ev);
    t = search_now() - t;
    if (t > x->eval_max_s)
        x->eval_max_s = t;
    *have_ev = erc == EVAL_OK;
    if (erc == EVAL_ENOMEM)
        return ASSIGN_ENOMEM;
    return *have_ev && ev->schedulable;
}

/* A schedulable layout of sms SMs found outside a proven MIP optimum: the incumbent if it beats
 * it, and from then on the MIP asks only for layouts with fewer SMs. Takes l. */
static int offer(exact *x, rt_layout *l, int64_t sms)
{
    return incumbent_offer(x->inc, l, sms, x->m->gpu->granularity) ? exact_cap(x) : ASSIGN_OK;
}

/* Repair heuristic for a failed candidate (layout l0, analysis ev0): give the partitions with a
 * miss more SMs, step by step (judge_grow_missing), while the GPU has spare SMs and the result
 * would still beat the incumbent. A schedulable result becomes the incumbent. */
static int try_repair(exact *x, const rt_layout *l0, const rt_eval *ev0)
{
    size_t T = l0->n_tasks;
    int64_t g = x->m->gpu->granularity, N = x->m->gpu->sms;
    jlayout jl;
    unsigned char *miss = malloc(T ? T : 1);
    if (!miss || judge_init(&jl, T) != 0) {
        free(miss);
        return ASSIGN_ENOMEM;
    }
    jl.n_parts = l0->n_parts; /* in the candidate's order: no renumbering */
    memcpy(jl.part, l0->task_part, T * sizeof *jl.part);
    for (size_t p = 0; p < l0->n_parts; p++)
        jl.units[p] = l0->part_sms[p] / g;
    const rt_eval *ev = ev0;
    rt_eval cur;
    bool have = false;
    int rc = ASSIGN_OK;
    for (;;) {
        for (size_t i = 0; i < T; i++)
            miss[i] = !ev->rta[i].schedulable;
        if (judge_grow_missing(&jl, miss, (N - judge_units(&jl) * g) / g, bounds_rule(x->b)) == 0 ||
            search_time_left(x->o, x->t0) < 0)
            break;
        int64_t sms = judge_units(&jl) * g;
        if (x->inc->layout && sms >= x->inc->sms)
            break;
        if (have)
            rt_eval_fini(&cur);
        rt_layout *l = judge_layout(x->j, &jl);
        if (!l) {
            have = false;
            rc = ASSIGN_ENOMEM;
            break;
        }
        int r = evaluate(x, l, &cur, &have);
        if (r == 1) {
            rc = offer(x, l, sms);
            break;
        }
        rt_layout_free(l);
        if (r != 0 || !have) {
            rc = r;
            break;
        }
        ev = &cur;
    }
    if (have)
        rt_eval_fini(&cur);
    judge_fini(&jl);
    free(miss);
    return rc;
}

/* Full analysis of the MIP's solution. Schedulable: recorded in out, *done. Otherwise cut off,
 * and repaired into an incumbent if that could still beat the current one. */
static int check_candidate(exact *x, ilp_outcome oc, bool *done)
{
    int rc = assign_mip_decode(x->a, &x->c);
    if (rc != ASSIGN_OK)
        return rc;
    int64_t sms = 0;
    rt_layout *l = layout_build(x, &sms);
    if (!l)
        return ASSIGN_ENOMEM;
    rt_eval ev;
    bool have = false;
    int r = evaluate(x, l, &ev, &have);
    if (r == 1) {
        rt_eval_fini(&ev);
        *done = true;
        if (oc != ILP_OPTIMAL) /* GLPK's unproven solution at its time limit */
            return offer(x, l, sms);
        rt_layout_free(incumbent_take(x->inc));
        x->out->layout = l;
        x->out->sms_used = sms;
        x->out->status = ASSIGN_OPTIMAL;
        incumbent_record(x->inc, sms);
        return ASSIGN_OK;
    }
    /* this analysis cuts something off: it must rest on the exact maximum (or be recorded).
     * An undecided one proves nothing: only cuts from decided group tests are taken from it,
     * and if none applies, the no-good that keeps the MIP from returning it again is recorded
     * with its size (undec_units) so that no claim below that size rests on it. */
    bool undecided = have && !ev.decided;
    if (!undecided && (!have || !ev.exhaustive))
        x->capped = true;
    size_t n_cuts = 0;
    rc = r < 0 ? r : assign_cuts_add(x->a, &x->c, l, have && !undecided ? &ev : NULL, &n_cuts);
    int64_t g = x->m->gpu->granularity, units = sms / g;
    if (rc == ASSIGN_OK && undecided && n_cuts == 0 && units < x->undec_units)
        x->undec_units = units;
    if (rc == ASSIGN_OK && have && (!x->inc->layout || sms + g < x->inc->sms))
        rc = try_repair(x, l, &ev);
    if (have)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    return rc;
}

int exact_run(exact *x, double until, long solves)
{
    assign_result *out = x->out;
    for (long n = 0; solves == 0 || n < solves; n++) {
        if (search_out_of_solves(x->o, out))
            return ASSIGN_OK;
        double left = search_time_left(x->o, x->t0);
        bool probe = false;
        if (until > 0) {
            double to = until - search_now();
            if (to <= 0)
                return ASSIGN_OK;
            probe = left == 0 || to < left;
            if (probe)
                left = to;
        }
        /* keep time for the analysis of what the solve returns: twice the longest so far, at
         * most half of what is left (the only time-dependent choice: where the limit falls) */
        double keep = 2 * x->eval_max_s;
        if (left > 0 && keep > left / 2)
            keep = left / 2;
        if (left < 0 || (left > 0 && left - keep < 0.001)) {
            out->hit_time_limit |= !probe;
            return ASSIGN_OK;
        }
        if (left > 0)
            left -= keep;
        if (assign_mip_exhausted(x->a)) {
            /* the last proven optimum is already above the cap: the incumbent is optimal */
            out->status = ASSIGN_OPTIMAL;
            return ASSIGN_OK;
        }
        ilp_outcome oc;
        bool hit = false, done = false;
        int rc = assign_mip_solve(x->a, left, &oc, &hit);
        if (rc != ASSIGN_OK)
            return rc;
        out->iterations++;
        out->hit_time_limit |= hit && !probe;
        if (oc == ILP_INFEASIBLE) {
            /* nothing cheaper than the incumbent (if any) is schedulable: proven */
            out->status = x->inc->layout ? ASSIGN_OPTIMAL : ASSIGN_INFEASIBLE;
            return ASSIGN_OK;
        }
        if (oc == ILP_NO_SOLUTION)
            return ASSIGN_OK;
        if (oc == ILP_OPTIMAL && (rc = assign_mip_raise_floor(x->a, assign_mip_objective(x->a))) != ASSIGN_OK)
            return rc;
        rc = check_candidate(x, oc, &done);
        if (rc != ASSIGN_OK || done || hit)
            return rc;
    }
    return ASSIGN_OK;
}
