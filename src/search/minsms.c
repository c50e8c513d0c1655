/* minsms: the min-sms objective of the partition search (docs/assignment.md), primal first: the
 * stages of STAGES below, walked in order by search_run, then minsms_result.c. In short:
 *
 * 1. Primal: a local search (local.c) whose only judge is the full analysis gives the first
 *    incumbent (incumbent.h); the search never returns anything worse than it. On small models
 *    a probe (the pattern master, then one solve of the exact loop's MIP) may prove it optimal
 *    at once; the annealing (local_anneal.c) then looks for better layouts.
 * 2. Bound: the pattern master (pattern.c) gives a proven lower bound; when it meets the
 *    incumbent, the incumbent is optimal. While the gap is two units or more, the ladder
 *    (close_gap) raises it one unit at a time: a pool for the layouts of at most the bound's
 *    units and the pattern MIP (pattern_mip.c) capped there.
 * 3. Gap: the exact loop (exact.c) closes what is left, with the MIP of assign_mip.c.
 * Every claim is settled at the end (minsms_result_settle); docs/assignment.md has the proofs. */
#include "search/minsms.h"

#include <math.h>
#include <string.h>

#include "search/bounds.h"
#include "search/exact.h"
#include "search/incumbent.h"
#include "search/judge.h"
#include "search/local.h"
#include "search/local_anneal.h"
#include "search/minsms_result.h"
#include "search/overshoot.h"
#include "search/pattern.h"
#include "search/pattern_mip.h"
#include "search/search_int.h"
#include "search/sysview.h"

#define CACHE_ENTRIES 32768  /* layouts whose verdict the judge keeps */
#define PMIP_FIRST 3000      /* patterns of a partial pool in the first pattern MIP */
#define AMIP_CELLS 20000.0   /* small models: T * T * sizes up to this (the exact loop's MIP) */

typedef struct search search;

/* Model sizes a stage runs for (a bit set): small, T * T * sizes at most AMIP_CELLS, or large. */
enum { SMALL = 1, LARGE = 2, ALL = SMALL | LARGE };

/* How a stage's end is counted, in shares of --time-limit L (no limit: no end but its own). */
typedef enum {
    FROM_START,  /* at end * L after the search began */
    BOX,         /* at end * L after the stage begins (a time box) */
    STAGED,      /* the pattern stages: planned from `from` * L to end * L, moved and shrunk
                  * in proportion to begin where the earlier stages ended (stages_from) */
    REST         /* what is left of the limit */
} stage_clock;

typedef struct stage {
    const char *name;        /* as docs/assignment.md names it */
    const char *doc;         /* its section of docs/assignment.md */
    unsigned sizes;          /* SMALL, LARGE or ALL: the models it runs for */
    stage_clock clock;
    double from, end;        /* STAGED: planned begin; every clock: its end (shares of L) */
    double room;             /* REST: after a pattern MIP it starts only with this share left */
    int (*run)(search *s, const struct stage *st); /* NULL: a deadline the next stage reads */
} stage;

static int stage_local(search *s, const stage *st);
static int stage_probe_master(search *s, const stage *st);
static int stage_probe_mip(search *s, const stage *st);
static int stage_anneal(search *s, const stage *st);
static int stage_overshoot(search *s, const stage *st);
static int stage_master(search *s, const stage *st);
static int stage_ladder(search *s, const stage *st);
static int stage_exact(search *s, const stage *st);

/* The rows of STAGES, in the order search_run walks them. */
enum {
    ST_LOCAL_SMALL, ST_LOCAL_LARGE, ST_PROBE_MASTER, ST_PROBE_MIP, ST_ANNEAL_SMALL,
    ST_ANNEAL_LARGE, ST_OVER_SMALL, ST_OVER_LARGE, ST_MASTER, ST_POOL, ST_PMIP, ST_EXACT, N_STAGES
};

/* The pipeline (docs/assignment.md "The stages"). Each stage runs only where its function finds
 * work (no proof yet, an incumbent where it needs one). The ends are the only time shares of
 * the search: stage_deadline reads them, nothing else. */
static const stage STAGES[N_STAGES] = {
    /*                   name              doc        sizes  clock       from end   room  run */
    [ST_LOCAL_SMALL] = { "local search",   "sec. 3",  SMALL, FROM_START, 0,   0.3,  0,
                         stage_local },
    [ST_LOCAL_LARGE] = { "local search",   "sec. 3",  LARGE, FROM_START, 0,   0.1,  0,
                         stage_local },
    [ST_PROBE_MASTER] = { "probe master",  "sec. 7a", SMALL, BOX,        0,   0.05, 0,
                          stage_probe_master },
    [ST_PROBE_MIP] = { "probe MIP",        "sec. 7a", SMALL, BOX,        0,   0.1,  0,
                       stage_probe_mip },
    [ST_ANNEAL_SMALL] = { "annealing",     "sec. 3",  SMALL, BOX,        0,   0.2,  0,
                          stage_anneal },
    [ST_ANNEAL_LARGE] = { "annealing",     "sec. 3",  LARGE, FROM_START, 0,   0.6,  0,
                          stage_anneal },
    [ST_OVER_SMALL] = { "budget annealing", "sec. 3c", SMALL, BOX,       0,   0.15, 0,
                        stage_overshoot },
    [ST_OVER_LARGE] = { "budget annealing", "sec. 3c", LARGE, FROM_START, 0,  0.85, 0,
                        stage_overshoot },
    [ST_MASTER] = { "pattern master",      "sec. 5",  ALL,   STAGED,     0.3, 0.6,  0,
                    stage_master },
    /* no function: the end of the pools that the ladder and the pattern MIP build */
    [ST_POOL] = { "pattern pool",          "sec. 5b", ALL,   STAGED,     0.3, 0.7,  0, NULL },
    [ST_PMIP] = { "ladder, pattern MIP",   "sec. 5a", ALL,   STAGED,     0.3, 0.95, 0,
                  stage_ladder },
    [ST_EXACT] = { "exact loop",           "sec. 7",  ALL,   REST,       0,   1.0,  0.25,
                   stage_exact },
};

struct search {
    const model *m;
    const rt_taskset *ts;
    const rt_options *o;
    rt_diags *d;
    double t0;
    assign_result *out;
    incumbent inc;          /* the best schedulable layout found outside a proven MIP optimum */
    exact x;                /* the exact loop (its MIP, and what its cuts leave to the claims) */
    bool pmip_withheld;     /* the pattern MIP finished, but a layout it cut off undecided
                             * kept it from proving the result */
    lbt *b;                 /* bounds and group tests */
    judge *j;               /* every full analysis (the local search's cached) */
    int64_t lb_units;       /* proven lower bound in units of g */
    pattern_result pat;
    pattern_master *pm;     /* the pattern master, from its stage to the pattern MIP's */
    pattern_pool pool;
    pmip_result pmip;
    bool pmip_capped;       /* some pattern MIP cut a layout off on a capped analysis */
    bool small;             /* T * T * sizes at most AMIP_CELLS */
    bool closed;            /* the result is proven: the stages after have nothing to do */
    bool finished;          /* proven infeasible by the patterns: no stage runs after */
    double stages_from;     /* share of the limit at which the pattern stages begin: their
                             * planned `from`, or later when the early stages ran past it */
    const sysview *sv;      /* a whole system: ts and o are its view's (sysview.h) */
};

/* Monotonic end of stage st begun now (0: no time limit). */
static double stage_deadline(const search *s, const stage *st)
{
    double L = s->o->time_limit_s;
    if (!(L > 0))
        return 0;
    switch (st->clock) {
    case FROM_START: return s->t0 + st->end * L;
    case BOX: return search_now() + st->end * L;
    case STAGED: {
        /* the share, mapped from [from, 1] onto what is left after the early stages */
        double f = s->stages_from;
        double t = f + (st->end - st->from) * (1.0 - f) / (1.0 - st->from);
        return s->t0 + t * L;
    }
    case REST: break;
    }
    return s->t0 + L;
}

/* The proven lower bound raised to u units where u is more. */
static void raise_bound(search *s, int64_t u)
{
    if (u > s->lb_units)
        s->lb_units = u;
}

/* Whether the incumbent meets the proven bound. */
static bool inc_proven(const search *s)
{
    return s->inc.layout && s->lb_units * s->m->gpu->granularity >= s->inc.sms;
}

/* A layout found by a stage, jl (judged schedulable): the incumbent if it beats it (the exact
 * loop's MIP, when open, is capped below it). */
static int offer_incumbent(search *s, const jlayout *jl)
{
    int64_t g = s->m->gpu->granularity;
    rt_layout *l = judge_layout(s->j, jl);
    if (!l)
        return ASSIGN_ENOMEM;
    return incumbent_offer(&s->inc, l, judge_units(jl) * g, g) ? exact_cap(&s->x) : ASSIGN_OK;
}

/* No tasks: nothing to place, zero SMs, trivially optimal (the LP file, if asked for, holds the
 * empty model). */
static int search_empty(search *s)
{
    if (s->o->write_lp) {
        int rc = exact_write_empty(&s->x);
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
    raise_bound(s, bounds_work_units(s->b));
    for (size_t i = 0; i < s->ts->n_tasks; i++)
        raise_bound(s, (int64_t)bounds_alone(s->b, i) + 1);
}

/* Local search (sec. 3): its best layout (judged schedulable by the full analysis) is the first
 * incumbent; the one-partition minimum is reported beside it. */
static int stage_local(search *s, const stage *st)
{
    local_stats stats;
    long idle = 20 + 2 * (long)s->ts->n_tasks;
    int r = local_search(s->j, s->b, stage_deadline(s, st), idle, &s->inc.jl, &stats);
    size_t finds = s->inc.n_finds;
    int rc = r < 0 ? ASSIGN_ENOMEM : ASSIGN_OK;
    s->out->one_partition_sms = stats.one_units * s->m->gpu->granularity;
    if (r == 1) {
        rc = offer_incumbent(s, &s->inc.jl);
        if (s->inc.n_finds > finds) {
            s->inc.t_first = stats.t_first;
            incumbent_found_at(&s->inc, stats.t_best);
        }
    } else {
        s->inc.jl.n_parts = 0;
    }
    s->closed = inc_proven(s);
    return rc;
}

/* The probe (sec. 7a) runs on small models with an incumbent and a time limit (it is a time
 * box), without --write-lp, while nothing is proven. */
static bool probe_applies(const search *s)
{
    return !s->closed && s->inc.layout && s->o->time_limit_s > 0 && !s->o->write_lp;
}

/* The probe's first part: the pattern master in its box (small instances converge at once). */
static int stage_probe_master(search *s, const stage *st)
{
    if (!probe_applies(s))
        return ASSIGN_OK;
    int64_t g = s->m->gpu->granularity;
    int rc = pattern_bound(s->b, &s->inc.jl, stage_deadline(s, st), s->inc.sms / g, s->d,
                           &s->pat);
    raise_bound(s, s->pat.lb_units);
    s->closed = s->lb_units * g >= s->inc.sms;
    return rc;
}

/* The probe's second part, where the gap is one unit (the capped MIP is then likely
 * infeasible): one solve of the exact loop's MIP in its box, a proof in a second where column
 * generation would take most of the limit. */
static int stage_probe_mip(search *s, const stage *st)
{
    if (!probe_applies(s) || s->lb_units + 1 < s->inc.sms / s->m->gpu->granularity)
        return ASSIGN_OK;
    double until = stage_deadline(s, st); /* the model is built inside the box */
    int rc = exact_open(&s->x, s->lb_units);
    if (rc == ASSIGN_OK)
        rc = exact_run(&s->x, until, 1);
    s->closed = s->out->status == ASSIGN_OPTIMAL;
    s->out->probe = s->closed ? 2 : 1;
    if (rc == ASSIGN_OK && !s->closed) {
        /* GLPK holds one model at a time: the patterns need it. The probe's proven floor is
         * kept (as at the end of the search: not past a capped analysis or an undecided cut) */
        raise_bound(s, exact_floor(&s->x));
        exact_close(&s->x);
    }
    return rc;
}

/* What an improving stage of the primal side leaves (r: 1 a better layout in s->inc.jl, 0
 * none, -1 out of memory): its layout offered, with the time it was found, not when the stage
 * ended. */
static int take_primal(search *s, int r, const local_stats *stats)
{
    int rc = r < 0 ? ASSIGN_ENOMEM : ASSIGN_OK;
    if (r == 1) {
        size_t finds = s->inc.n_finds;
        rc = offer_incumbent(s, &s->inc.jl);
        if (rc == ASSIGN_OK && stats->t_best > 0 && s->inc.n_finds > finds)
            incumbent_found_at(&s->inc, stats->t_best);
    }
    s->closed = inc_proven(s);
    return rc;
}

/* The annealing of the local search (local_anneal) from the incumbent, until the bound is
 * reached or its stage ends. */
static int stage_anneal(search *s, const stage *st)
{
    if (s->closed || !s->inc.layout)
        return ASSIGN_OK;
    local_stats stats = {0};
    int r = local_anneal(s->j, s->b, stage_deadline(s, st), s->lb_units, !s->small, &s->inc.jl,
                         &stats);
    return take_primal(s, r, &stats);
}

/* The fixed-budget annealing (overshoot.h) from the incumbent, until the bound is reached or
 * its stage ends. It knows the one-partition minimum, below which it never walks on one
 * partition. */
static int stage_overshoot(search *s, const stage *st)
{
    if (s->closed || !s->inc.layout)
        return ASSIGN_OK;
    local_stats stats = {0};
    int64_t one = s->out->one_partition_sms / s->m->gpu->granularity;
    int r = overshoot_search(s->j, s->b, stage_deadline(s, st), s->lb_units, one, !s->small,
                             &s->inc.jl, &stats);
    return take_primal(s, r, &stats);
}

/* What every pattern MIP solve (s->pmip, its layout in best) leaves to the search: the time
 * limit, a capped cut, one MIP solve if it ran, and the layout it found as the incumbent. */
static int take_pmip(search *s, const jlayout *best)
{
    s->out->hit_time_limit |= s->pmip.hit_time_limit;
    s->pmip_capped |= s->pmip.capped;
    s->out->iterations += s->pmip.ran;
    return s->pmip.found ? offer_incumbent(s, best) : ASSIGN_OK;
}

/* A pattern MIP proved the result: the incumbent is optimal (without one, no layout is
 * schedulable), and the bound rises to it. */
static void claim_pmip_proof(search *s, bool *closed)
{
    int64_t g = s->m->gpu->granularity;
    *closed = true;
    s->out->status = s->inc.layout ? ASSIGN_OPTIMAL : ASSIGN_INFEASIBLE;
    if (s->inc.layout)
        raise_bound(s, s->inc.sms / g);
}

/* The pattern MIP over the pool (pattern_mip.h): a better layout becomes the incumbent; a
 * proof closes the search. A pool that is not exhaustive is tried by growing prefixes (its most
 * promising patterns first: PMIP_FIRST, then 4 times more each round) while time is left. With
 * write_only, the model of the whole pool is written and nothing solved. */
static int close_by_patterns(search *s, bool write_only, bool *closed)
{
    jlayout best;
    if (judge_init(&best, s->ts->n_tasks) != 0)
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
        bool solve = !write_only && !search_out_of_solves(s->o, s->out);
        if (!solve && !(first && s->o->write_lp))
            break;
        rc = pattern_mip_solve(s->j, &view, (int64_t)s->m->n_sizes, g,
                        s->inc.layout ? &s->inc.jl : NULL,
                        stage_deadline(s, &STAGES[ST_PMIP]), first ? s->o->write_lp : NULL,
                        solve,
                        s->d, &best, &s->pmip);
        if (rc != ASSIGN_OK || (rc = take_pmip(s, &best)) != ASSIGN_OK)
            break;
        ran |= s->pmip.ran;
        if (!s->pmip.proven && s->pmip.lb_units > 0) {
            /* finished, but layouts cut off undecided keep it from a proof: its bound holds */
            s->pmip_withheld = true;
            raise_bound(s, s->pmip.lb_units);
        }
        if (s->pmip.proven) {
            claim_pmip_proof(s, closed);
            break;
        }
        if (write_only || !s->pmip.ran || s->pmip.hit_time_limit || view.n == s->pool.n ||
            search_time_left(s->o, s->t0) < 0)
            break;
        use = use > s->pool.n / 4 ? s->pool.n : use * 4;
    }
    s->pmip.ran = ran;
    judge_fini(&best);
    return rc;
}

/* One rung of the ladder (docs/assignment.md sec. 5b): the pattern MIP over a pool that is
 * exhaustive for the layouts of at most E units, capped at E units (below the incumbent, so
 * without it). Proven with no layout: none of at most E units is schedulable, the bound rises
 * to E + 1 (*raised). Proven with a layout: it is optimal (*closed). */
static int ladder_rung(search *s, int64_t E, bool *closed, bool *raised)
{
    if (search_out_of_solves(s->o, s->out))
        return ASSIGN_OK;
    jlayout best;
    if (judge_init(&best, s->ts->n_tasks) != 0)
        return ASSIGN_ENOMEM;
    int64_t g = s->m->gpu->granularity;
    int rc = pattern_mip_solve(s->j, &s->pool, E, g, NULL, stage_deadline(s, &STAGES[ST_PMIP]), NULL,
                        true, s->d, &best, &s->pmip);
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
    judge_fini(&best);
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
    double until = stage_deadline(s, &STAGES[ST_POOL]);
    const jlayout *inc = s->inc.layout ? &s->inc.jl : NULL;
    int rc = ASSIGN_OK;
    if (s->o->write_lp) {
        rc = pattern_pool_build(pm, inc, S, until, true, &s->pool);
        return rc == ASSIGN_OK ? close_by_patterns(s, write_only, closed) : rc;
    }
    bool exhaustive = true;
    while (rc == ASSIGN_OK && s->inc.layout && s->lb_units + 1 < s->inc.sms / g &&
           search_time_left(s->o, s->t0) >= 0) {
        rc = pattern_pool_build(pm, inc, s->lb_units, until, false, &s->pool);
        if (rc != ASSIGN_OK || !(exhaustive = s->pool.exhaustive))
            break;
        bool raised = false;
        rc = ladder_rung(s, s->lb_units, closed, &raised);
        if (rc != ASSIGN_OK || *closed || !raised)
            return rc;
    }
    if (rc != ASSIGN_OK || search_time_left(s->o, s->t0) < 0)
        return rc;
    int64_t units = s->inc.layout ? s->inc.sms / g : S;
    if (exhaustive && s->lb_units <= units)
        rc = pattern_pool_build(pm, inc, units, until, false, &s->pool);
    return rc == ASSIGN_OK && s->pool.n > 0 ? close_by_patterns(s, false, closed) : rc;
}

/* The pattern master (sec. 5) for the pattern stages' share of what is left: its bound may
 * meet the incumbent, or exceed the GPU (no layout is schedulable). */
static int stage_master(search *s, const stage *st)
{
    if (s->o->time_limit_s > 0) {
        /* the pattern stages share what is left */
        double f = (search_now() - s->t0) / s->o->time_limit_s;
        s->stages_from = f > st->from ? (f < 1.0 ? f : 1.0) : st->from;
    }
    if (s->closed && !s->o->write_lp)
        return ASSIGN_OK;
    int64_t g = s->m->gpu->granularity;
    int64_t stop = s->inc.layout ? s->inc.sms / g : (int64_t)s->m->n_sizes + 1;
    int rc = pattern_master_run(s->b, s->inc.layout ? &s->inc.jl : NULL, stage_deadline(s, st),
                                stop, s->d, &s->pat, &s->pm);
    raise_bound(s, s->pat.lb_units);
    s->closed = inc_proven(s);
    if (rc == ASSIGN_OK && !s->inc.layout && s->lb_units > (int64_t)s->m->n_sizes) {
        /* the bound exceeds the GPU: no layout is schedulable */
        s->out->status = ASSIGN_INFEASIBLE;
        s->closed = true;
    }
    return rc;
}

/* The ladder and the pattern MIP over the pool (sec. 5a, 5b; close_gap), after the pattern
 * master ran; its pools are built until the end of the "pattern pool" row. */
static int stage_ladder(search *s, const stage *st)
{
    (void)st; /* close_gap reads the deadlines of this row and the pool's */
    if (!s->pm)
        return ASSIGN_OK;
    int rc = ASSIGN_OK;
    if (!s->closed || s->o->write_lp)
        rc = close_gap(s, s->pm, s->closed, &s->closed);
    pattern_master_free(s->pm);
    s->pm = NULL;
    /* a rung may have raised the bound to a layout found later without a proof of its own */
    s->closed = s->closed || inc_proven(s);
    if (rc == ASSIGN_OK && s->out->status == ASSIGN_INFEASIBLE)
        s->finished = true;
    return rc;
}

/* The exact loop (sec. 7) with what is left, when the patterns proved nothing. Its model is
 * built in one go, without a clock: after a pattern MIP it runs only while the row's room of
 * the limit is left and the model is small. */
static int stage_exact(search *s, const stage *st)
{
    double left = search_time_left(s->o, s->t0);
    bool room = left == 0 || (left > 0 && !s->pmip.ran) ||
                (left > 0 && left >= st->room * s->o->time_limit_s && s->small);
    int rc = ASSIGN_OK;
    if (!s->closed && room)
        rc = exact_open(&s->x, s->lb_units);
    if (rc == ASSIGN_OK && s->closed)
        s->out->status = ASSIGN_OPTIMAL;
    else if (rc == ASSIGN_OK && s->x.a)
        rc = exact_run(&s->x, 0, 0);
    else if (rc == ASSIGN_OK && left < 0)
        s->out->hit_time_limit = true;
    return rc;
}

/* The search: set up, walk STAGES in order (each row for the model's size), then the
 * incumbent is the result unless the exact loop proved a layout of its own. */
static int search_run(search *s)
{
    if (!(s->b = bounds_new(s->m, s->ts, s->o)))
        return ASSIGN_ENOMEM;
    size_t T = s->ts->n_tasks;
    if (T > 0 && !(s->j = judge_new(s->m, s->ts, s->o, CACHE_ENTRIES)))
        return ASSIGN_ENOMEM;
    if (s->j && s->sv)
        judge_set_system(s->j, s->sv);
    if (incumbent_init(&s->inc, T) != 0)
        return ASSIGN_ENOMEM;
    s->inc.rule = bounds_rule(s->b);
    if (exact_init(&s->x, s->m, s->ts, s->o, s->d, s->b, s->j, &s->inc, s->out, s->t0) != 0)
        return ASSIGN_ENOMEM;
    if (T == 0)
        return search_empty(s);
    trivial_bound(s);
    s->small = (double)T * (double)T * (double)s->m->n_sizes <= AMIP_CELLS;
    unsigned size = s->small ? SMALL : LARGE;
    for (size_t k = 0; k < N_STAGES; k++) {
        if (!(STAGES[k].sizes & size) || !STAGES[k].run)
            continue;
        s->inc.stage = STAGES[k].name;
        int rc = STAGES[k].run(s, &STAGES[k]);
        if (rc != ASSIGN_OK)
            return rc;
        if (s->finished)
            return ASSIGN_OK;
    }
    if (!s->out->layout && s->inc.layout) {
        /* the incumbent: optimal if a stage proved nothing cheaper exists, else feasible */
        s->out->sms_used = s->inc.sms;
        s->out->layout = incumbent_take(&s->inc);
        if (s->out->status != ASSIGN_OPTIMAL)
            s->out->status = ASSIGN_FEASIBLE;
    }
    return ASSIGN_OK;
}

int minsms_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d)
{
    memset(out, 0, sizeof *out);
    out->status = ASSIGN_UNKNOWN;
    out->min_slack = NAN;
    search s = { .m = m, .ts = ts, .o = o, .d = d, .t0 = search_now(), .out = out };
    sysview v;
    if (rt_taskset_has_system_steps(ts) || o->gpu_kernel_preemption) {
        const char *why = sysview_refusal(ts, o);
        if (why) {
            rt_diag_error(d, ts->path, 0, "%s", why);
            return ASSIGN_ESOLVER;
        }
        if (sysview_init(&v, ts, o) != 0)
            return ASSIGN_ENOMEM;
        s.ts = &v.ts;
        s.o = &v.o;
        s.sv = &v;
    }
    int rc = search_run(&s);
    if (rc == ASSIGN_OK && s.sv && out->layout)
        rc = minsms_result_system(s.sv, s.ts->n_tasks, out);
    long rechecks = 0; /* full analyses of the returned layout, counted with the search's */
    bool recheck_undecided = false;
    if (rc == ASSIGN_OK && out->layout && out->layout->n_tasks > 0) {
        rc = minsms_result_recheck(m, s.ts, s.o, s.sv, d, out, &recheck_undecided);
        rechecks++;
    }
    out->analyses = (s.j ? judge_analyses(s.j) : 0) + rechecks;
    out->undecided_analyses = (s.j ? judge_undecided(s.j) : 0) + recheck_undecided;
    minsms_result_times(&s.inc, s.t0, out);
    out->seconds = search_now() - s.t0;
    minsms_proofs pr = { .lb_units = s.lb_units, .x = &s.x,
                         .undecided_tests = s.b ? bounds_undecided(s.b) : 0,
                         .pmip_capped = s.pmip_capped, .pmip_withheld = s.pmip_withheld };
    rc = minsms_result_settle(&pr, m, s.ts, s.o, d, out, rc);
    judge_free(s.j);
    bounds_free(s.b);
    incumbent_fini(&s.inc);
    pattern_master_free(s.pm);
    pattern_pool_fini(&s.pool);
    exact_fini(&s.x);
    if (s.sv)
        sysview_fini(&v);
    return rc;
}
