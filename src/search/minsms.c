/* minsms: the min-sms objective of the partition search (docs/assignment.md), primal first.
 *
 * 1. Primal: a local search (local.c) whose only judge is the full analysis gives the first
 *    incumbent; the search never returns anything worse than it.
 * 2. Bound: the pattern master (pattern.c) gives a proven lower bound; when it meets the
 *    incumbent, the incumbent is optimal. While the gap is two units or more, the ladder
 *    (close_gap) raises it one unit at a time: a pool for the layouts of at most the bound's
 *    units and the pattern MIP (pattern_mip.c) capped there.
 * 3. Gap: the exact loop closes what is left. The MIP (assign_mip.c) holds only necessary
 *    conditions of schedulability, so its optimum is a lower bound of the SMs of every
 *    schedulable layout not yet cut off; it is capped below the incumbent, so an infeasible MIP
 *    proves the incumbent optimal (or, without one, that no layout is schedulable). Each
 *    optimum is checked with the full analysis; one that fails is cut off (amip_cut) and the MIP
 *    solved again. A solution that GLPK returns at its time limit without proof is checked the
 *    same way but, if it passes, is only `feasible`. docs/assignment.md has the proofs. */
#include "search/minsms.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "search/assign_mip.h"
#include "search/bounds.h"
#include "search/judge.h"
#include "search/local.h"
#include "search/pattern.h"
#include "search/pattern_mip.h"
#include "search/search_int.h"
#include "util/analyzer.h"

#define CACHE_ENTRIES 32768  /* layouts whose verdict the judge keeps */
#define LOCAL_SHARE 0.3      /* of the time limit given to the local search */
#define PATTERN_SHARE 0.6    /* the pattern master runs until this share of the limit */
#define POOL_SHARE 0.7       /* the pool enumeration until this share */
#define PMIP_SHARE 0.95      /* the pattern MIP until this share; the exact loop the rest */
#define QUICK_SHARE 0.05     /* of the limit for the probe's pattern master (small models) */
#define PROBE_SHARE 0.1      /* and for its solve of the exact loop's MIP */
#define ANNEAL_SHARE 0.2     /* of the limit, at most, for the annealing (small models) */
#define LARGE_LOCAL 0.1      /* large models: the local search's share of the limit */
#define LARGE_ANNEAL 0.6     /* and the annealing's end, as a share of the limit */
#define PMIP_FIRST 3000       /* patterns of a partial pool in the first pattern MIP */
#define AMIP_SHARE 0.25      /* after the pattern MIP, the exact loop only with this much left */
#define AMIP_CELLS 20000.0   /* and only for T * T * sizes up to this */

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
    bool capped;            /* an analysis whose result is returned or cuts something off used
                             * the co-runner heuristic (--combination-cap) */
    int64_t undec_units;    /* fewest units of g of a layout that the MIP loop cut off by a
                             * no-good on an undecided analysis (INT64_MAX: none): no claim of
                             * the loop may rest on that cut (docs/assignment.md sec. 1a) */
    bool pmip_withheld;     /* the pattern MIP finished, but a layout it cut off undecided
                             * kept it from proving the result */
    lbt *b;                 /* bounds and group tests */
    judge *j;               /* every full analysis (the local search's cached) */
    int64_t lb_units;       /* proven lower bound in units of g */
    double t_first, t_best; /* monotonic times of the first and best schedulable layout */
    jlayout inc;            /* the local search's best layout (n_parts 0: none) */
    pattern_result pat;
    pattern_pool pool;
    pmip_result pmip;
    bool pmip_capped;       /* some pattern MIP cut a layout off on a capped analysis */
    double stages_from;     /* share of the limit at which the pattern stages begin:
                             * LOCAL_SHARE, or later when the early stages ran past it */
} search;

/* the names belong to the layout, freed by rt_layout_free; gcc 12's analyzer reads a string
 * stored into a heap record as a leak */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
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
        l->task_prio[i] = lbt_priority(s->b, i);
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

/* Seconds left for the next step: 0 for "no limit", negative when the limit has passed. */
static double time_left(const search *s)
{
    if (!(s->o->time_limit_s > 0))
        return 0;
    double left = s->o->time_limit_s - (search_now() - s->t0);
    return left > 0 ? left : -1;
}

/* Full analysis of l (judge_analyse, counted with the judge's). 1 schedulable (decided), 0 not
 * or undecided (ev->decided tells), ASSIGN_ENOMEM. *have_ev: ev holds a result to free (not
 * after EVAL_ERANGE: some WCET beyond 2^62 ns, reported as a miss). Each analysis has a budget
 * of o->budget_units of its own. */
static int evaluate(search *s, rt_layout *l, rt_eval *ev, bool *have_ev)
{
    double t = search_now();
    int erc = judge_analyse(s->j, s->ts, l, ev);
    t = search_now() - t;
    if (t > s->eval_max_s)
        s->eval_max_s = t;
    *have_ev = erc == EVAL_OK;
    if (erc == EVAL_ENOMEM)
        return ASSIGN_ENOMEM;
    return *have_ev && ev->schedulable;
}

/* A schedulable layout of sms SMs found outside a proven MIP optimum: keep it if it beats the
 * incumbent, and from now on ask the MIP only for layouts with fewer SMs (sms_cap row). Takes l. */
static int offer_incumbent(search *s, rt_layout *l, int64_t sms)
{
    /* only layouts of allowed sizes (sizes.h) are ever kept; every stage proposes only those,
     * and this is the one door to the incumbent */
    bool allowed = true;
    for (size_t p = 0; p < l->n_parts; p++)
        allowed &= size_ok(lbt_rule(s->b), l->part_sms[p] / s->m->gpu->granularity);
    if (!allowed || (s->best && s->best_sms <= sms)) {
        rt_layout_free(l);
        return ASSIGN_OK;
    }
    rt_layout_free(s->best);
    s->best = l;
    s->best_sms = sms;
    s->t_best = search_now();
    if (s->t_first == 0)
        s->t_first = s->t_best;
    /* the patterns start from the best layout, wherever it was found */
    int64_t g = s->m->gpu->granularity;
    s->inc.n_parts = l->n_parts;
    for (size_t i = 0; i < l->n_tasks; i++)
        s->inc.part[i] = l->task_part[i];
    for (size_t p = 0; p < l->n_parts; p++)
        s->inc.units[p] = l->part_sms[p] / g;
    jl_normalise(&s->inc);
    return s->a ? amip_cap(s->a, sms / g - 1) : ASSIGN_OK;
}

/* Repair heuristic for a failed candidate (layout l0, analysis ev0): give the partitions with a
 * miss more SMs, step by step (jl_grow_missing), while the GPU has spare SMs and the result
 * would still beat the incumbent. A schedulable result becomes the incumbent. */
static int try_repair(search *s, const rt_layout *l0, const rt_eval *ev0)
{
    size_t T = l0->n_tasks;
    int64_t g = s->m->gpu->granularity, N = s->m->gpu->sms;
    jlayout jl;
    unsigned char *miss = malloc(T ? T : 1);
    if (!miss || jl_init(&jl, T) != 0) {
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
        if (jl_grow_missing(&jl, miss, (N - jl_units(&jl) * g) / g, lbt_rule(s->b)) == 0 ||
            time_left(s) < 0)
            break;
        int64_t sms = jl_units(&jl) * g;
        if (s->best && sms >= s->best_sms)
            break;
        if (have)
            rt_eval_fini(&cur);
        rt_layout *l = judge_layout(s->j, &jl);
        if (!l) {
            have = false;
            rc = ASSIGN_ENOMEM;
            break;
        }
        int r = evaluate(s, l, &cur, &have);
        if (r == 1) {
            rc = offer_incumbent(s, l, sms);
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
    jl_fini(&jl);
    free(miss);
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
        s->t_best = search_now();
        if (s->t_first == 0)
            s->t_first = s->t_best;
        return ASSIGN_OK;
    }
    /* this analysis cuts something off: it must rest on the exact maximum (or be recorded).
     * An undecided one proves nothing: only cuts from decided group tests are taken from it,
     * and if none applies, the no-good that keeps the MIP from returning it again is recorded
     * with its size (undec_units) so that no claim below that size rests on it. */
    bool undecided = have && !ev.decided;
    if (!undecided && (!have || !ev.exhaustive))
        s->capped = true;
    size_t n_cuts = 0;
    rc = r < 0 ? r : amip_cut(s->a, &s->c, l, have && !undecided ? &ev : NULL, &n_cuts);
    int64_t units = sms / s->m->gpu->granularity;
    if (rc == ASSIGN_OK && undecided && n_cuts == 0 && units < s->undec_units)
        s->undec_units = units;
    if (rc == ASSIGN_OK && have && (!s->best || sms + s->m->gpu->granularity < s->best_sms))
        rc = try_repair(s, l, &ev);
    if (have)
        rt_eval_fini(&ev);
    rt_layout_free(l);
    return rc;
}

/* The local search's best layout (judged schedulable by the full analysis) is the first
 * incumbent; the one-partition minimum is reported beside it. On large models the local search
 * gets LARGE_LOCAL of the limit, and the annealing most of the rest. */
static int primal(search *s, bool small)
{
    double deadline = 0;
    if (s->o->time_limit_s > 0)
        deadline = s->t0 + (small ? LOCAL_SHARE : LARGE_LOCAL) * s->o->time_limit_s;
    local_stats st;
    long idle = 20 + 2 * (long)s->ts->n_tasks;
    int r = local_search(s->j, s->b, deadline, idle, &s->inc, &st);
    int rc = r < 0 ? ASSIGN_ENOMEM : ASSIGN_OK;
    s->out->one_partition_sms = st.one_units * s->m->gpu->granularity;
    if (r == 1) {
        rt_layout *l = judge_layout(s->j, &s->inc);
        if (!l)
            rc = ASSIGN_ENOMEM;
        else
            rc = offer_incumbent(s, l, jl_units(&s->inc) * s->m->gpu->granularity);
        s->t_first = st.t_first;
        s->t_best = st.t_best;
    } else {
        s->inc.n_parts = 0;
    }
    return rc;
}

/* --max-iterations reached: no MIP solve may start (every MIP solve counts, the pattern MIP's
 * as the exact loop's); records that the limit was hit. */
static bool out_of_solves(search *s)
{
    if (s->o->max_iterations <= 0 || s->out->iterations < s->o->max_iterations)
        return false;
    s->out->hit_iteration_limit = true;
    return true;
}

/* The exact loop, until the time limit or, for the probe, the monotonic time until (0: none)
 * and at most solves MIP solves (0: no limit); the probe's end is not the time limit. */
static int search_loop(search *s, double until, long solves)
{
    assign_result *out = s->out;
    for (long n = 0; solves == 0 || n < solves; n++) {
        if (out_of_solves(s))
            return ASSIGN_OK;
        double left = time_left(s);
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
        double keep = 2 * s->eval_max_s;
        if (left > 0 && keep > left / 2)
            keep = left / 2;
        if (left < 0 || (left > 0 && left - keep < 0.001)) {
            out->hit_time_limit |= !probe;
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
        out->hit_time_limit |= hit && !probe;
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
    return ASSIGN_OK;
}

/* No tasks: nothing to place, zero SMs, trivially optimal (the LP file, if asked for, holds the
 * empty model). */
static int search_empty(search *s)
{
    if (s->o->write_lp) {
        int rc = amip_new(s->b, s->m, s->ts, s->o, s->d, &s->a);
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

/* Trivial lower bounds: the work bound of bounds.h (sec. 2a), and every task needs a partition
 * of at least its alone size. A task that fits nowhere alone (isolated WCETs) proves that no
 * layout is schedulable. */
static void trivial_bound(search *s)
{
    int64_t work = lbt_work_units(s->b);
    if (work > s->lb_units)
        s->lb_units = work;
    for (size_t i = 0; i < s->ts->n_tasks; i++) {
        int64_t u = (int64_t)lbt_alone(s->b, i) + 1;
        if (u > s->lb_units)
            s->lb_units = u;
    }
}

/* Deadline at share of the time limit (monotonic seconds; 0: no limit). */
static double share_deadline(const search *s, double share)
{
    /* the shares after LOCAL_SHARE, mapped onto what is left after the early stages */
    double f = s->stages_from;
    double t = f + (share - LOCAL_SHARE) * (1.0 - f) / (1.0 - LOCAL_SHARE);
    return s->o->time_limit_s > 0 ? s->t0 + t * s->o->time_limit_s : 0;
}

/* What every pattern MIP solve (s->pmip, its layout in best) leaves to the search: the time
 * limit, a capped cut, one MIP solve if it ran, and the layout it found as the incumbent. */
static int take_pmip(search *s, const jlayout *best)
{
    s->out->hit_time_limit |= s->pmip.hit_time_limit;
    s->pmip_capped |= s->pmip.capped;
    s->out->iterations += s->pmip.ran;
    if (!s->pmip.found)
        return ASSIGN_OK;
    rt_layout *l = judge_layout(s->j, best);
    return l ? offer_incumbent(s, l, jl_units(best) * s->m->gpu->granularity) : ASSIGN_ENOMEM;
}

/* A pattern MIP proved the result: the incumbent is optimal (without one, no layout is
 * schedulable), and the bound rises to it. */
static void claim_pmip_proof(search *s, bool *closed)
{
    int64_t g = s->m->gpu->granularity;
    *closed = true;
    s->out->status = s->best ? ASSIGN_OPTIMAL : ASSIGN_INFEASIBLE;
    if (s->best && s->best_sms / g > s->lb_units)
        s->lb_units = s->best_sms / g;
}

/* The pattern MIP over the pool (pattern_mip.h): a better layout becomes the incumbent; a
 * proof closes the search. A pool that is not exhaustive is tried by growing prefixes (its most
 * promising patterns first: PMIP_FIRST, then 4 times more each round) while time is left. With
 * write_only, the model of the whole pool is written and nothing solved. */
static int close_by_patterns(search *s, bool write_only, bool *closed)
{
    jlayout best;
    if (jl_init(&best, s->ts->n_tasks) != 0)
        return ASSIGN_ENOMEM;
    int64_t g = s->m->gpu->granularity;
    int rc = ASSIGN_OK;
    size_t use = s->pool.exhaustive || s->o->write_lp ? s->pool.n : PMIP_FIRST;
    bool ran = false;
    for (bool first = true;; first = false) {
        pattern_pool view = s->pool;
        if (use < view.n) {
            view.n = use;
            view.n_task = view.first[use];
            view.exhaustive = false;
        }
        /* past --max-iterations the model is still written (--write-lp), not solved */
        bool solve = !write_only && !out_of_solves(s);
        if (!solve && !(first && s->o->write_lp))
            break;
        rc = pmip_solve(s->j, &view, (int64_t)s->m->n_sizes, g, s->best ? &s->inc : NULL,
                        share_deadline(s, PMIP_SHARE), first ? s->o->write_lp : NULL, solve,
                        s->d, &best, &s->pmip);
        if (rc != ASSIGN_OK || (rc = take_pmip(s, &best)) != ASSIGN_OK)
            break;
        ran |= s->pmip.ran;
        if (!s->pmip.proven && s->pmip.lb_units > 0) {
            /* finished, but layouts cut off undecided keep it from a proof: its bound holds */
            s->pmip_withheld = true;
            if (s->pmip.lb_units > s->lb_units)
                s->lb_units = s->pmip.lb_units;
        }
        if (s->pmip.proven) {
            claim_pmip_proof(s, closed);
            break;
        }
        if (write_only || !s->pmip.ran || s->pmip.hit_time_limit || view.n == s->pool.n ||
            time_left(s) < 0)
            break;
        use = use > s->pool.n / 4 ? s->pool.n : use * 4;
    }
    s->pmip.ran = ran;
    jl_fini(&best);
    return rc;
}

/* One rung of the ladder (docs/assignment.md sec. 5b): the pattern MIP over a pool that is
 * exhaustive for the layouts of at most E units, capped at E units (below the incumbent, so
 * without it). Proven with no layout: none of at most E units is schedulable, the bound rises
 * to E + 1 (*raised). Proven with a layout: it is optimal (*closed). */
static int ladder_rung(search *s, int64_t E, bool *closed, bool *raised)
{
    if (out_of_solves(s))
        return ASSIGN_OK;
    jlayout best;
    if (jl_init(&best, s->ts->n_tasks) != 0)
        return ASSIGN_ENOMEM;
    int64_t g = s->m->gpu->granularity;
    int rc = pmip_solve(s->j, &s->pool, E, g, NULL, share_deadline(s, PMIP_SHARE), NULL, true,
                        s->d, &best, &s->pmip);
    if (rc == ASSIGN_OK)
        rc = take_pmip(s, &best);
    if (rc == ASSIGN_OK && s->pmip.proven) {
        if (s->pmip.found) {
            claim_pmip_proof(s, closed); /* the layout it found is the incumbent */
        } else if (E + 1 > s->lb_units) {
            s->lb_units = E + 1;
            *raised = true;
        }
    } else if (rc == ASSIGN_OK && s->pmip.lb_units > 0) {
        s->pmip_withheld = true; /* finished; a layout cut off undecided kept it from a proof */
    }
    jl_fini(&best);
    return rc;
}

/* Close the gap over the patterns (docs/assignment.md sec. 5a, 5b): while the incumbent is two
 * units or more above the bound, the ladder's rungs, each a pool exhaustive for the layouts of
 * at most the bound's units and a MIP capped there; then the pool for every layout better than
 * the incumbent and the pattern MIP over it (close_by_patterns). A rung whose pool is not
 * exhaustive proves nothing: that pool then serves the pattern MIP as a heuristic. */
static int close_gap(search *s, pattern_master *pm, bool write_only, bool *closed)
{
    int64_t g = s->m->gpu->granularity, S = (int64_t)s->m->n_sizes;
    double until = share_deadline(s, POOL_SHARE);
    const jlayout *inc = s->best ? &s->inc : NULL;
    int rc = ASSIGN_OK;
    if (s->o->write_lp) {
        rc = pattern_pool_build(pm, inc, S, until, true, &s->pool);
        return rc == ASSIGN_OK ? close_by_patterns(s, write_only, closed) : rc;
    }
    bool exhaustive = true;
    while (rc == ASSIGN_OK && s->best && s->lb_units + 1 < s->best_sms / g && time_left(s) >= 0) {
        rc = pattern_pool_build(pm, inc, s->lb_units, until, false, &s->pool);
        if (rc != ASSIGN_OK || !(exhaustive = s->pool.exhaustive))
            break;
        bool raised = false;
        rc = ladder_rung(s, s->lb_units, closed, &raised);
        if (rc != ASSIGN_OK || *closed || !raised)
            return rc;
    }
    if (rc != ASSIGN_OK || time_left(s) < 0)
        return rc;
    int64_t units = s->best ? s->best_sms / g : S;
    if (exhaustive && s->lb_units <= units)
        rc = pattern_pool_build(pm, inc, units, until, false, &s->pool);
    return rc == ASSIGN_OK && s->pool.n > 0 ? close_by_patterns(s, false, closed) : rc;
}

/* The exact loop's proven floor in units of g (0: none): not after an analysis past the
 * combination cap, and not above a layout cut off undecided. */
static int64_t exact_floor(const search *s)
{
    if (!s->a || s->capped)
        return 0;
    int64_t fl = amip_floor(s->a);
    return fl < s->undec_units ? fl : s->undec_units;
}

/* The exact loop's model (sec. 7), capped below the incumbent and raised to the bound proven so
 * far. */
static int exact_open(search *s)
{
    int rc = amip_new(s->b, s->m, s->ts, s->o, s->d, &s->a);
    if (rc == ASSIGN_OK && s->best)
        rc = amip_cap(s->a, s->best_sms / s->m->gpu->granularity - 1);
    if (rc == ASSIGN_OK)
        rc = amip_raise_floor(s->a, (double)s->lb_units);
    return rc;
}

/* The probe runs on a small model (T * T * sizes at most AMIP_CELLS) with an incumbent and a
 * time limit (it is a time box), without --write-lp. */
static bool probe_applies(const search *s, double cells)
{
    return s->best && s->o->time_limit_s > 0 && !s->o->write_lp && cells <= AMIP_CELLS;
}

/* The probe's first part: the pattern master for at most QUICK_SHARE of the limit (small
 * instances converge at once). *closed: its bound meets the incumbent. */
static int quick_master(search *s, bool *closed)
{
    int64_t g = s->m->gpu->granularity;
    int rc = pattern_bound(s->b, &s->inc, search_now() + QUICK_SHARE * s->o->time_limit_s,
                           s->best_sms / g, s->d, &s->pat);
    if (s->pat.lb_units > s->lb_units)
        s->lb_units = s->pat.lb_units;
    *closed = s->lb_units * g >= s->best_sms;
    return rc;
}

/* The probe's second part: one solve of the exact loop's MIP, for at most PROBE_SHARE of the
 * limit. Capped below the incumbent, it is often infeasible at once, a proof in a second where
 * column generation would take most of the limit. *closed: the result is proven. */
static int probe_mip(search *s, bool *closed)
{
    double t = search_now();
    int rc = exact_open(s);
    if (rc == ASSIGN_OK)
        rc = search_loop(s, t + PROBE_SHARE * s->o->time_limit_s, 1);
    *closed = s->out->status == ASSIGN_OPTIMAL;
    s->out->probe = *closed ? 2 : 1;
    if (rc == ASSIGN_OK && !*closed) {
        /* GLPK holds one model at a time: the patterns need it. The probe's proven floor is
         * kept (as at the end of the search: not past a capped analysis or an undecided cut) */
        int64_t fl = exact_floor(s);
        if (fl > s->lb_units)
            s->lb_units = fl;
        amip_free(s->a);
        s->a = NULL;
    }
    return rc;
}

/* The annealing of the local search (local_anneal) from the incumbent, until the bound is
 * reached, for at most ANNEAL_SHARE of the limit on small models, until LARGE_ANNEAL of it on
 * large ones. */
static int anneal_incumbent(search *s, bool small)
{
    local_stats st = {0};
    double deadline = 0, L = s->o->time_limit_s;
    if (L > 0)
        deadline = small ? search_now() + ANNEAL_SHARE * L : s->t0 + LARGE_ANNEAL * L;
    int r = local_anneal(s->j, s->b, deadline, s->lb_units, !small, &s->inc, &st);
    int rc = r < 0 ? ASSIGN_ENOMEM : ASSIGN_OK;
    if (r == 1) {
        rt_layout *l = judge_layout(s->j, &s->inc);
        rc = l ? offer_incumbent(s, l, jl_units(&s->inc) * s->m->gpu->granularity)
               : ASSIGN_ENOMEM;
        if (rc == ASSIGN_OK && st.t_best > 0)
            s->t_best = st.t_best; /* when it was found, not when the annealing ended */
    }
    return rc;
}

static int search_run(search *s)
{
    if (!(s->b = lbt_new(s->m, s->ts, s->o)))
        return ASSIGN_ENOMEM;
    if (s->ts->n_tasks == 0)
        return search_empty(s);
    size_t T = s->ts->n_tasks;
    s->c.rep = calloc(T, sizeof *s->c.rep);
    s->c.size = calloc(T, sizeof *s->c.size);
    s->j = judge_new(s->m, s->ts, s->o, CACHE_ENTRIES);
    if (!s->c.rep || !s->c.size || !s->j || jl_init(&s->inc, T) != 0)
        return ASSIGN_ENOMEM;
    trivial_bound(s);
    double cells = (double)T * (double)T * (double)s->m->n_sizes;
    bool small = cells <= AMIP_CELLS;
    int rc = primal(s, small);
    int64_t g = s->m->gpu->granularity;
    bool closed = s->best && s->lb_units * g >= s->best_sms;
    /* small models (sec. 7a): the probe, then the annealing of the local search; large
     * models: the annealing at once */
    bool probing = probe_applies(s, cells);
    if (rc == ASSIGN_OK && !closed && probing)
        rc = quick_master(s, &closed);
    if (rc == ASSIGN_OK && !closed && probing && s->lb_units + 1 >= s->best_sms / g)
        rc = probe_mip(s, &closed); /* a gap of one unit: the capped MIP is likely infeasible */
    if (rc == ASSIGN_OK && !closed && s->best) {
        rc = anneal_incumbent(s, small);
        closed = s->lb_units * g >= s->best_sms;
    }
    if (s->o->time_limit_s > 0) {
        /* the pattern stages share what is left */
        double f = (search_now() - s->t0) / s->o->time_limit_s;
        s->stages_from = f > LOCAL_SHARE ? (f < 1.0 ? f : 1.0) : LOCAL_SHARE;
    }
    if (rc == ASSIGN_OK && (!closed || s->o->write_lp)) {
        int64_t stop = s->best ? s->best_sms / g : (int64_t)s->m->n_sizes + 1;
        pattern_master *pm = NULL;
        rc = pattern_master_run(s->b, s->best ? &s->inc : NULL, share_deadline(s, PATTERN_SHARE),
                                stop, s->d, &s->pat, &pm);
        if (s->pat.lb_units > s->lb_units)
            s->lb_units = s->pat.lb_units;
        closed = s->best && s->lb_units * g >= s->best_sms;
        if (rc == ASSIGN_OK && !s->best && s->lb_units > (int64_t)s->m->n_sizes) {
            /* the bound exceeds the GPU: no layout is schedulable */
            s->out->status = ASSIGN_INFEASIBLE;
            closed = true;
        }
        if (rc == ASSIGN_OK && (!closed || s->o->write_lp))
            rc = close_gap(s, pm, closed, &closed);
        pattern_master_free(pm);
        /* a rung may have raised the bound to a layout found later without a proof of its own */
        closed = closed || (s->best && s->lb_units * g >= s->best_sms);
        if (rc == ASSIGN_OK && s->out->status == ASSIGN_INFEASIBLE)
            return ASSIGN_OK;
    }
    /* the exact loop's model is built in one go, without a clock: after the pattern MIP it
     * runs only while a quarter of the limit is left and the model is small */
    double left = time_left(s);
    bool room = left == 0 || (left > 0 && !s->pmip.ran) ||
                (left > 0 && left >= AMIP_SHARE * s->o->time_limit_s && cells <= AMIP_CELLS);
    if (rc == ASSIGN_OK && !closed && room)
        rc = exact_open(s); /* not proven by the patterns: the exact loop with what is left */
    if (rc == ASSIGN_OK && closed)
        s->out->status = ASSIGN_OPTIMAL;
    else if (rc == ASSIGN_OK && s->a)
        rc = search_loop(s, 0, 0);
    else if (rc == ASSIGN_OK && left < 0)
        s->out->hit_time_limit = true;
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

/* The returned layout analysed once more: its priorities (Audsley rewrites them) and whether
 * its acceptance rests on the exact maximum. */
static int final_check(search *s)
{
    rt_eval ev;
    bool have = false;
    int r = evaluate(s, s->out->layout, &ev, &have);
    if (have)
        rt_eval_fini(&ev);
    if (r < 0)
        return r;
    if (r == 0) {
        rt_diag_error(s->d, s->ts->path, 0, "internal error: the search's layout fails the "
                      "analysis it passed before");
        return ASSIGN_ESOLVER;
    }
    return ASSIGN_OK;
}

int minsms_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d)
{
    memset(out, 0, sizeof *out);
    out->status = ASSIGN_UNKNOWN;
    out->min_slack = NAN;
    search s = { .m = m, .ts = ts, .o = o, .d = d, .t0 = search_now(), .out = out,
                 .undec_units = INT64_MAX };
    int rc = search_run(&s);
    if (rc == ASSIGN_OK && out->layout && out->layout->n_tasks > 0)
        rc = final_check(&s);
    /* the proven bound: trivial and pattern bounds always; the MIP's floor only when no cut
     * rests on a capped analysis, and no higher than a layout cut off undecided */
    int64_t g = m->gpu->granularity, lb = s.lb_units, fl = exact_floor(&s);
    if (fl > lb)
        lb = fl;
    out->analyses = s.j ? judge_analyses(s.j) : 0;
    out->undecided_analyses = s.j ? judge_undecided(s.j) : 0;
    long undecided_tests = s.b ? lbt_undecided(s.b) : 0;
    /* a claim of the MIP loop rests on its cuts: one cut off undecided below the result (or any,
     * for infeasibility) leaves it unproven */
    bool undec_hole = s.undec_units != INT64_MAX &&
                      (out->status == ASSIGN_INFEASIBLE ||
                       (out->status == ASSIGN_OPTIMAL && s.undec_units < out->sms_used / g));
    out->first_seconds = s.t_first > 0 ? s.t_first - s.t0 : -1;
    out->best_seconds = s.t_best > 0 ? s.t_best - s.t0 : -1;
    judge_free(s.j);
    lbt_free(s.b);
    jl_fini(&s.inc);
    pattern_pool_fini(&s.pool);
    rt_layout_free(s.best);
    amip_free(s.a);
    free(s.c.rep);
    free(s.c.size);
    out->seconds = search_now() - s.t0;
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
    else if (rc == ASSIGN_OK && s.pmip_capped && out->status != ASSIGN_OPTIMAL &&
             out->status != ASSIGN_INFEASIBLE)
        rt_diag_warning(d, ts->path, 0, "the co-runner combinations exceeded --combination-cap "
                        "in an analysis that cut a layout off: the search claims no proof of "
                        "optimality or infeasibility from the pattern MIP");
    bool withheld = undec_hole ||
                    (s.pmip_withheld && out->status != ASSIGN_OPTIMAL &&
                     out->status != ASSIGN_INFEASIBLE);
    if (rc == ASSIGN_OK && undec_hole && out->status == ASSIGN_OPTIMAL)
        out->status = ASSIGN_FEASIBLE;
    else if (rc == ASSIGN_OK && undec_hole && out->status == ASSIGN_INFEASIBLE)
        out->status = ASSIGN_UNKNOWN;
    if (rc == ASSIGN_OK && (out->undecided_analyses > 0 || undecided_tests > 0))
        rt_diag_warning(d, ts->path, 0, "the work budget of %llu units per analysis (--budget) "
                        "left %ld candidate analyses and %ld group tests undecided; undecided "
                        "layouts are never returned, undecided tests count as passing%s",
                        (unsigned long long)o->budget_units, out->undecided_analyses,
                        undecided_tests, withheld ? "; the search claims no proof that rests "
                        "on an undecided layout" : "");
    if (rc != ASSIGN_OK) {
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
    }
    if (out->status == ASSIGN_OPTIMAL)
        lb = out->sms_used / g;
    out->lower_bound_sms = out->status == ASSIGN_INFEASIBLE ? -1 : lb * g;
    if (rc == ASSIGN_OK && out->layout && out->lower_bound_sms > out->sms_used) {
        /* a proven bound above a layout the analysis accepted: something is unsound; say so
         * and claim nothing rather than print contradicting numbers */
        rt_diag_error(d, ts->path, 0, "internal error: the search's lower bound (%lld SMs) "
                      "exceeds its schedulable layout (%lld SMs)",
                      (long long)out->lower_bound_sms, (long long)out->sms_used);
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
        out->lower_bound_sms = -1;
        rc = ASSIGN_ESOLVER;
    }
    out->gap_sms = out->layout && out->lower_bound_sms >= 0 ? out->sms_used - out->lower_bound_sms
                                                            : -1;
    if (!out->layout) {
        out->first_seconds = -1;
        out->best_seconds = -1;
    }
    return rc;
}
