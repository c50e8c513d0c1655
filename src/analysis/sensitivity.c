/* sensitivity: slack, WCET headroom, scaling factor, largest margin, smallest partition sizes and
 * miss explanations of one analysed layout (docs/evidence.md sec. 1).
 *
 * Each search keeps a bracket [lo, hi] where lo was analysed and passes and hi fails (analysed,
 * or failing by an argument stated next to it), and halves it until hi = lo + 1: the reported
 * value passes and one step beyond it fails, whatever the shape of the predicate. The model is
 * monotone in each searched quantity (a larger WCET never shortens a response time, a larger
 * margin never shortens a WCET), so lo is also the largest passing value.
 *
 * The WCETs of a layout do not depend on an added d or a scaling factor a (those act on the
 * WCETs once computed), so the headroom and scaling searches compute the WCETs once and run the
 * whole priority assignment and RTA per candidate; the margin and size searches run
 * rt_eval_layout (windows, WCETs, priorities, RTA) per candidate. */
#include "analysis/sensitivity.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/chain.h"
#include "util/ckint.h"

__extension__ typedef unsigned __int128 sens_u128;

/* Largest value the analysis accepts for a WCET (docs/model.md sec. 5). */
#define SENS_NS_MAX ((int64_t)1 << 62)

typedef struct sens_ctx {
    const model *m;
    const rt_taskset *ts;
    const rt_layout *l;
    const rt_options *o;
    const rt_eval *base;
    rt_layout *scratch;        /* copy of l: candidates and Audsley write into it */
    int64_t *c_ns;             /* candidate task WCETs */
    rta_result *rta;           /* candidate RTA results */
    sens_result *out;
    /* a whole system: a copy of the base system's steps and launch times, changed per
     * candidate, and the holistic analysis's view of it */
    hol_step *h_steps;
    int64_t *h_lw, *h_lb;      /* every launch's WCET and BCET, as the base system's arrays */
    size_t n_launches;
    hol_system h_sys;
    rt_options chain_o;        /* o with the analysed layout's priorities kept (never audsley) */
    chain_task *ch_base;       /* every task's figures for the chain analyses, from base */
    chain_task *ch_cand;       /* the same with a candidate's R_i */
} sens_ctx;

bool sens_scale_ns(int64_t w_ns, int64_t k, int64_t *out)
{
    if (w_ns < 0 || k < 0)
        return false;
    sens_u128 p = (sens_u128)w_ns * (sens_u128)k;
    sens_u128 q = (p + SENS_UNIT - 1) / SENS_UNIT;
    if (q > (sens_u128)SENS_NS_MAX)
        return false;
    *out = (int64_t)q;
    return true;
}

static void restore_scratch(sens_ctx *c)
{
    memcpy(c->scratch->part_sms, c->l->part_sms, c->l->n_parts * sizeof *c->l->part_sms);
    memcpy(c->scratch->task_prio, c->l->task_prio, c->l->n_tasks * sizeof *c->l->task_prio);
}

/* RTA of partition part (all when part >= n_parts) with the WCETs in c->c_ns: 1 pass, 0 miss,
 * -1 out of memory. */
static int rta_passes(sens_ctx *c, size_t part)
{
    size_t misses = 0;
    restore_scratch(c);
    c->out->analyses++;
    int rc = rt_eval_rta(c->ts, c->scratch, c->o, c->c_ns, part, 0, c->rta, &misses);
    rta_results_fini(c->rta, c->ts->n_tasks);
    memset(c->rta, 0, c->ts->n_tasks * sizeof *c->rta);
    return rc != EVAL_OK ? -1 : misses == 0;
}

/* Full analysis of the scratch layout (sizes as set by the caller) under options o:
 * 1 every deadline holds, 0 not (or a WCET out of range), -1 out of memory. */
static int full_passes(sens_ctx *c, const rt_options *o, rt_eval *keep)
{
    rt_eval e;
    if (keep)
        memset(keep, 0, sizeof *keep);
    c->out->analyses++;
    int rc = rt_eval_layout(c->m, c->ts, c->scratch, o, 0, &e);
    if (rc == EVAL_ENOMEM)
        return -1;
    if (rc == EVAL_ERANGE)
        return 0;
    c->out->exhaustive &= e.exhaustive;
    int pass = e.schedulable;
    if (keep)
        *keep = e;
    else
        rt_eval_fini(&e);
    return pass;
}

/* Largest k in [lo, hi) with pred(k), given pred(lo) and !pred(hi): bisection. */
static int bisect(sens_ctx *c, int (*pred)(sens_ctx *, int64_t, const void *), const void *arg,
                  int64_t lo, int64_t hi, int64_t *best)
{
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        int p = pred(c, mid, arg);
        if (p < 0)
            return -1;
        if (p)
            lo = mid;
        else
            hi = mid;
    }
    *best = lo;
    return 0;
}

/* --- WCET headroom of one task: C_i + d, everything else fixed --- */

static int headroom_pred(sens_ctx *c, int64_t d, const void *arg)
{
    size_t i = *(const size_t *)arg;
    for (size_t t = 0; t < c->ts->n_tasks; t++)
        c->c_ns[t] = c->base->wcet.tasks[t].wcet_ns;
    c->c_ns[i] = c->base->wcet.tasks[i].wcet_ns + d;   /* d < D_i - J_i - C_i + 1: no overflow */
    return rta_passes(c, c->l->task_part[i]);
}

static bool partition_meets(const sens_ctx *c, size_t p)
{
    for (size_t t = 0; t < c->ts->n_tasks; t++)
        if (c->l->task_part[t] == p && !c->base->rta[t].schedulable)
            return false;
    return true;
}

/* Largest d in [0, hi) with pred(d), given pred(0) and !pred(hi) (hi >= 1): an exponential
 * phase 1, 2, 4, ... until a candidate fails or reaches hi, then bisection. */
static int largest_d(sens_ctx *c, int (*pred)(sens_ctx *, int64_t, const void *), const void *arg,
                     int64_t hi, int64_t *best)
{
    int64_t lo = 0;
    for (int64_t step = 1; step < hi; step *= 2) {
        int p = pred(c, step, arg);
        if (p < 0)
            return -1;
        if (!p) {
            hi = step;
            break;
        }
        lo = step;
        if (step > INT64_MAX / 2)
            break;
    }
    return bisect(c, pred, arg, lo, hi, best);
}

static int headroom(sens_ctx *c, size_t i)
{
    sens_task *st = &c->out->tasks[i];
    if (!partition_meets(c, c->l->task_part[i]))
        return 0;
    const rt_task *t = &c->ts->tasks[i];
    /* R_i(0) >= J_i + C_i + d, so d = D_i - J_i - C_i + 1 misses: the bracket's failing end. */
    int64_t hi = t->deadline_ns - t->jitter_ns - c->base->wcet.tasks[i].wcet_ns + 1;
    if (largest_d(c, headroom_pred, &i, hi, &st->headroom_ns) != 0)
        return -1;
    st->has_headroom = true;
    return 0;
}

/* --- critical scaling factor of every launch WCET --- */

/* Every task WCET in c->c_ns, each launch's scaled by k / SENS_UNIT: false if one leaves
 * 2^62 ns (a miss: docs/analysis.md sec. 5). */
static bool scale_c_ns(sens_ctx *c, int64_t k)
{
    for (size_t t = 0; t < c->ts->n_tasks; t++) {
        const wcet_task *wt = &c->base->wcet.tasks[t];
        int64_t sum = 0, w;
        for (size_t j = 0; j < wt->n_launches; j++)
            if (!sens_scale_ns(wt->launches[j].wcet_ns, k, &w) || ck_add(sum, w, &sum) ||
                sum > SENS_NS_MAX)
                return false;
        c->c_ns[t] = sum;
    }
    return true;
}

static int scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    return scale_c_ns(c, k) ? rta_passes(c, SIZE_MAX) : 0;
}

/* Largest k in [lo, max_k] with pred(k): none (*has false) if pred(lo) fails, max_k if it
 * passes. */
static int search_k(sens_ctx *c, int (*pred)(sens_ctx *, int64_t, const void *),
                    const void *arg, int64_t lo, int64_t max_k, bool *has, int64_t *k)
{
    int p0 = pred(c, lo, arg);
    if (p0 <= 0)
        return p0;
    *has = true;
    int pm = pred(c, max_k, arg);
    if (pm < 0)
        return -1;
    if (pm) {
        *k = max_k;
        return 0;
    }
    return bisect(c, pred, arg, lo, max_k, k);
}

/* --- whole systems (docs/evidence.md sec. 1, "Whole systems"): the holistic analysis of the
 * base system with some step WCETs changed. The launch WCETs do not depend on d or a, so the
 * system is built once (the base's) and only the holistic analysis runs per candidate. --- */

/* The copy back to the base system's figures, the GPU steps' launches pointing into it. */
static void sys_reset(sens_ctx *c)
{
    const rt_system *b = c->base->system;
    memcpy(c->h_steps, b->steps, b->n_steps * sizeof *b->steps);
    memcpy(c->h_lw, b->launch_wcet_ns, c->n_launches * sizeof *c->h_lw);
    memcpy(c->h_lb, b->launch_bcet_ns, c->n_launches * sizeof *c->h_lb);
    for (size_t s = 0; s < b->n_steps; s++)
        if (b->steps[s].n_launches > 0) {
            size_t at = (size_t)(b->steps[s].launch_wcet_ns - b->launch_wcet_ns);
            c->h_steps[s].launch_wcet_ns = c->h_lw + at;
            c->h_steps[s].launch_bcet_ns = c->h_lb + at;
        }
}

/* The holistic analysis of the candidate: 1 every end-to-end deadline holds, 0 not (undecided
 * included), -1 out of memory. */
static int sys_passes(sens_ctx *c)
{
    hol_result r;
    c->out->analyses++;
    if (hol_analyse(&c->h_sys, c->o->budget, &r) != 0)
        return -1;
    int pass = r.schedulable;
    hol_result_fini(&r);
    return pass;
}

/* Where step s's launches start in the launch arrays. */
static size_t sys_first_launch(const sens_ctx *c, size_t s)
{
    const rt_system *b = c->base->system;
    return (size_t)(b->steps[s].launch_wcet_ns - b->launch_wcet_ns);
}

/* C_s + d, every other WCET as in the base; a GPU step's d goes to its last launch. */
static int step_headroom_pred(sens_ctx *c, int64_t d, const void *arg)
{
    size_t s = *(const size_t *)arg;
    sys_reset(c);
    hol_step *h = &c->h_steps[s];
    h->wcet_ns += d;     /* d < D_i + 1 <= 2^62: no overflow */
    if (h->n_launches > 0)
        c->h_lw[sys_first_launch(c, s) + h->n_launches - 1] += d;
    return sys_passes(c);
}

static int step_headroom(sens_ctx *c, size_t i, size_t s)
{
    const hol_task *t = &c->base->system->tasks[i];
    /* R_i >= J_i + the sum of its steps' WCETs (each step's first job alone, with the jitter
     * handed on: docs/assignment.md sec. 13), so d = D_i - J_i - that sum + 1 misses. */
    int64_t sum = 0;
    for (size_t k = t->first_step; k < t->first_step + t->n_steps; k++)
        sum += c->base->system->steps[k].wcet_ns;   /* each <= R_i <= D_i: no overflow */
    int64_t hi = t->deadline_ns - t->jitter_ns - sum + 1;
    if (hi < 1)
        return 0;           /* cannot happen when every deadline holds */
    sens_step *st = &c->out->steps[s];
    if (largest_d(c, step_headroom_pred, &s, hi, &st->headroom_ns) != 0)
        return -1;
    st->has_headroom = true;
    return 0;
}

/* Every step's WCET scaled by k / SENS_UNIT (a GPU step launch by launch), the BCETs as given:
 * false if one leaves 2^62 ns (a miss). */
static bool sys_scale(sens_ctx *c, int64_t k)
{
    const rt_system *b = c->base->system;
    sys_reset(c);
    for (size_t s = 0; s < b->n_steps; s++) {
        hol_step *h = &c->h_steps[s];
        if (h->n_launches == 0) {
            if (!sens_scale_ns(b->steps[s].wcet_ns, k, &h->wcet_ns))
                return false;
            continue;
        }
        size_t at = sys_first_launch(c, s);
        int64_t sum = 0;
        for (size_t j = at; j < at + h->n_launches; j++)
            if (!sens_scale_ns(b->launch_wcet_ns[j], k, &c->h_lw[j]) ||
                ck_add(sum, c->h_lw[j], &sum) || sum > SENS_NS_MAX)
                return false;   /* a WCET beyond 2^62 ns misses */
        h->wcet_ns = sum;
    }
    return true;
}

static int sys_scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    return sys_scale(c, k) ? sys_passes(c) : 0;
}

/* Smallest k >= 1 with ceil(k w / SENS_UNIT) >= b for every step (a GPU step: every launch) of
 * WCET w and BCET b > 0: k w > (b - 1) SENS_UNIT, k = floor((b - 1) SENS_UNIT / w) + 1. At most
 * SENS_UNIT (b <= w). */
static int64_t sys_min_k(const sens_ctx *c)
{
    const rt_system *b = c->base->system;
    int64_t k = 1;
    for (size_t s = 0; s < b->n_steps; s++) {
        const hol_step *h = &b->steps[s];
        size_t n = h->n_launches ? h->n_launches : 1;
        for (size_t j = 0; j < n; j++) {
            int64_t w = h->n_launches ? h->launch_wcet_ns[j] : h->wcet_ns;
            int64_t bc = h->n_launches ? h->launch_bcet_ns[j] : h->bcet_ns;
            if (bc <= 0 || w <= 0)
                continue;
            sens_u128 need = (sens_u128)(bc - 1) * SENS_UNIT / (sens_u128)w + 1;
            if (need > (sens_u128)k)
                k = (int64_t)need;
        }
    }
    return k;
}

/* The copy of the base system that the candidates change. -1 on out of memory. */
static int sys_init(sens_ctx *c)
{
    const rt_system *b = c->base->system;
    c->n_launches = 0;
    for (size_t s = 0; s < b->n_steps; s++)
        c->n_launches += b->steps[s].n_launches;
    c->h_steps = malloc((b->n_steps ? b->n_steps : 1) * sizeof *c->h_steps);
    c->h_lw = malloc((c->n_launches ? c->n_launches : 1) * sizeof *c->h_lw);
    c->h_lb = malloc((c->n_launches ? c->n_launches : 1) * sizeof *c->h_lb);
    if (!c->h_steps || !c->h_lw || !c->h_lb)
        return -1;
    c->h_sys = b->sys;
    c->h_sys.steps = c->h_steps;
    return 0;
}

static void sys_free(sens_ctx *c)
{
    free(c->h_steps);
    free(c->h_lw);
    free(c->h_lb);
}

/* The critical scaling factor: of every launch WCET, or of every step of a whole system. */
static int scaling(sens_ctx *c)
{
    sens_result *out = c->out;
    if (!c->base->system)
        return search_k(c, scale_pred, NULL, 0, SENS_SCALE_MAX_K, &out->has_scaling, &out->scaling_k);
    out->scaling_min_k = sys_min_k(c);
    return search_k(c, sys_scale_pred, NULL, out->scaling_min_k, SENS_SCALE_MAX_K, &out->has_scaling,
                    &out->scaling_k);
}

/* --- the scaling factor of each chain (docs/evidence.md sec. 1, "Chains"): the same WCETs
 * scaled, every R_i recomputed (the priorities as in the analysed layout), the chain analysed
 * on those R_i. A larger factor never shortens an R_i (nor leaves one bounded that was not), and
 * every chain bound is a sum or a maximum of terms non-decreasing in the R_i (docs/chains.md
 * sec. 3), so the chain's verdict is monotone in the factor and the bisection exact. --- */

static int chain_scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    const rt_chain *ch = &c->ts->chains[*(const size_t *)arg];
    size_t n = c->ts->n_tasks;
    memcpy(c->ch_cand, c->ch_base, n * sizeof *c->ch_cand);
    if (c->base->system) {
        if (!sys_scale(c, k))
            return 0;
        hol_result r;
        c->out->analyses++;
        if (hol_analyse(&c->h_sys, c->o->budget, &r) != 0)
            return -1;
        for (size_t i = 0; i < n; i++) {
            c->ch_cand[i].bounded = r.tasks[i].status == HOL_BOUNDED;
            c->ch_cand[i].wcrt_ns = r.tasks[i].response_ns;
        }
        hol_result_fini(&r);
    } else {
        if (!scale_c_ns(c, k))
            return 0;
        size_t misses = 0;
        restore_scratch(c);
        c->out->analyses++;
        int rc = rt_eval_rta(c->ts, c->scratch, &c->chain_o, c->c_ns, SIZE_MAX, 0, c->rta,
                             &misses);
        for (size_t i = 0; rc == EVAL_OK && i < n; i++) {
            c->ch_cand[i].bounded = c->rta[i].status == RTA_BOUNDED;
            c->ch_cand[i].wcrt_ns = c->rta[i].wcrt_ns;
        }
        rta_results_fini(c->rta, n);
        memset(c->rta, 0, n * sizeof *c->rta);
        if (rc != EVAL_OK)
            return -1;
    }
    chain_result res;
    chain_analyse(ch, c->ch_cand, c->o->budget, &res);
    return res.passes;
}

static int chain_scaling(sens_ctx *c)
{
    const rt_taskset *ts = c->ts;
    sens_result *out = c->out;
    if (ts->n_chains == 0)
        return 0;
    c->chain_o = *c->o;
    if (c->chain_o.priorities == RT_PRIO_AUDSLEY)
        c->chain_o.priorities = RT_PRIO_GIVEN;   /* rt_eval_rta keeps l->task_prio */
    c->ch_base = malloc(ts->n_tasks * sizeof *c->ch_base);
    c->ch_cand = malloc(ts->n_tasks * sizeof *c->ch_cand);
    if (!c->ch_base || !c->ch_cand)
        return -1;
    for (size_t i = 0; i < ts->n_tasks; i++)
        chain_task_of(ts, c->base, i, &c->ch_base[i]);
    for (size_t x = 0; x < ts->n_chains; x++) {
        sens_chain *sc = &out->chains[x];
        if (search_k(c, chain_scale_pred, &x, out->scaling_min_k, SENS_SCALE_MAX_K,
                     &sc->has_scaling, &sc->scaling_k) < 0)
            return -1;
    }
    return 0;
}

/* --- largest margin --- */

static int margin_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    rt_options o = *c->o;
    o.margin = (double)k / SENS_UNIT;   /* correctly rounded: the same double as --margin */
    restore_scratch(c);
    return full_passes(c, &o, NULL);
}

/* --- smallest size of each partition, the others and the mapping fixed --- */

static int min_sms(sens_ctx *c, size_t p)
{
    int64_t others = 0, g = c->m->gpu->granularity;
    for (size_t q = 0; q < c->l->n_parts; q++)
        if (q != p)
            others += c->l->part_sms[q];
    c->out->scan_first_sms[p] = g;
    c->out->scan_last_sms[p] = (c->m->gpu->sms - others) / g * g;
    for (int64_t s = g; s <= c->m->gpu->sms - others; s += g) {
        restore_scratch(c);
        c->scratch->part_sms[p] = s;
        rt_eval e;
        int pass = full_passes(c, c->o, &e);
        if (pass < 0)
            return -1;
        for (size_t i = 0; e.rta && i < c->ts->n_tasks; i++) {
            sens_task *t = &c->out->tasks[i];
            if (c->l->task_part[i] == p && !t->has_pass_sms && e.rta[i].schedulable) {
                t->has_pass_sms = true;
                t->pass_sms = s;
            }
        }
        rt_eval_fini(&e);
        if (pass && !c->out->has_min_sms[p]) {
            c->out->has_min_sms[p] = true;
            c->out->min_sms[p] = s;
        }
        bool all = c->out->has_min_sms[p];
        for (size_t i = 0; all && i < c->ts->n_tasks; i++)
            all = c->l->task_part[i] != p || c->out->tasks[i].has_pass_sms;
        if (all)
            return 0;
    }
    return 0;
}

/* --- why a task misses --- */

static int hp_cmp(const void *pa, const void *pb, const rt_layout *l)
{
    const sens_hp_term *a = pa, *b = pb;
    int64_t x = l->task_prio[a->task], y = l->task_prio[b->task];
    return x < y ? -1 : x > y ? 1 : (a->task > b->task) - (a->task < b->task);
}

/* Insertion sort by (priority, index): qsort has no context argument in C11. */
static void sort_hp(sens_hp_term *h, size_t n, const rt_layout *l)
{
    for (size_t a = 1; a < n; a++)
        for (size_t b = a; b > 0 && hp_cmp(&h[b], &h[b - 1], l) < 0; b--) {
            sens_hp_term t = h[b];
            h[b] = h[b - 1];
            h[b - 1] = t;
        }
}

/* The terms of the worst job of task i (docs/analysis.md sec. 2): w = R - J + qT - C is the
 * fixpoint of w = B + qC + sum over hp(i) of (floor((w + J_j)/T_j) + 1) C_j. */
static int job_terms(const sens_ctx *c, size_t i, sens_job *x)
{
    const rt_task *t = &c->ts->tasks[i];
    const rta_result *r = &c->base->rta[i];
    const rt_layout *l = c->l;
    int64_t ci = c->base->wcet.tasks[i].wcet_ns, qt;
    x->jitter_ns = t->jitter_ns;
    x->blocking_ns = r->blocking_ns;
    x->own_ns = ci;
    x->blocking_task = SIZE_MAX;
    for (size_t j = 0; r->blocking_ns > 0 && j < c->ts->n_tasks; j++)
        if (l->task_part[j] == l->task_part[i] && l->task_prio[j] > l->task_prio[i] &&
            c->base->wcet.tasks[j].wcet_ns == r->blocking_ns) {
            x->blocking_task = j;
            break;
        }
    x->bounded = r->status == RTA_BOUNDED;
    if (!x->bounded)
        return 0;
    x->q = r->worst_q;
    x->wcrt_ns = r->wcrt_ns;
    if (ck_mul(x->q, t->period_ns, &qt) || ck_mul(x->q, ci, &x->own_earlier_ns) ||
        ck_add(r->wcrt_ns - t->jitter_ns - ci, qt, &x->start_ns)) {
        x->bounded = false;   /* cannot happen for a bounded result: terms left out */
        return 0;
    }
    x->release_offset_ns = qt;
    size_t n = 0;
    for (size_t j = 0; j < c->ts->n_tasks; j++)
        if (j != i && l->task_part[j] == l->task_part[i] && l->task_prio[j] <= l->task_prio[i])
            n++;
    if (n && !(x->hp = calloc(n, sizeof *x->hp)))
        return -1;
    for (size_t j = 0; j < c->ts->n_tasks; j++) {
        if (j == i || l->task_part[j] != l->task_part[i] || l->task_prio[j] > l->task_prio[i])
            continue;
        const rt_task *tj = &c->ts->tasks[j];
        sens_hp_term *h = &x->hp[x->n_hp++];
        h->task = j;
        h->jobs = ck_floor_div(x->start_ns + tj->jitter_ns, tj->period_ns) + 1;
        if (ck_mul(h->jobs, c->base->wcet.tasks[j].wcet_ns, &h->ns))
            h->ns = INT64_MAX;
    }
    sort_hp(x->hp, x->n_hp, l);
    return 0;
}

static int explain(sens_ctx *c, size_t i)
{
    sens_explain *x = calloc(1, sizeof *x);
    if (!x)
        return -1;
    c->out->tasks[i].explain = x;
    const rta_result *r = &c->base->rta[i];
    x->bounded = r->status == RTA_BOUNDED;
    if (x->bounded)
        x->excess_ns = r->wcrt_ns - c->ts->tasks[i].deadline_ns;
    rt_options o = *c->o;
    o.interference = RT_INTF_NONE;
    rt_eval e;
    restore_scratch(c);
    int pass = full_passes(c, &o, &e);
    if (pass < 0)
        return -1;
    if (e.rta) {   /* kept (not out of range) */
        x->without_intf_bounded = e.rta[i].status == RTA_BOUNDED;
        x->without_intf_ns = e.rta[i].wcrt_ns;
        x->without_intf_meets = e.rta[i].schedulable;
        rt_eval_fini(&e);
    }
    return 0;
}

static int alloc_out(const rt_taskset *ts, const rt_layout *l, const rt_eval *base,
                     sens_result *out)
{
    memset(out, 0, sizeof *out);
    if (base->system) {
        out->system = true;
        out->n_steps = base->system->n_steps;
        if (!(out->steps = calloc(out->n_steps ? out->n_steps : 1, sizeof *out->steps)))
            return -1;
    }
    out->exhaustive = true;
    out->n_chains = ts->n_chains;
    if (ts->n_chains && !(out->chains = calloc(ts->n_chains, sizeof *out->chains)))
        return -1;
    out->n_parts = l->n_parts;
    out->n_tasks = ts->n_tasks;
    out->has_min_sms = calloc(l->n_parts ? l->n_parts : 1, sizeof *out->has_min_sms);
    out->min_sms = calloc(l->n_parts ? l->n_parts : 1, sizeof *out->min_sms);
    out->scan_first_sms = calloc(l->n_parts ? l->n_parts : 1, sizeof *out->scan_first_sms);
    out->scan_last_sms = calloc(l->n_parts ? l->n_parts : 1, sizeof *out->scan_last_sms);
    out->tasks = calloc(ts->n_tasks ? ts->n_tasks : 1, sizeof *out->tasks);
    return out->has_min_sms && out->min_sms && out->scan_first_sms && out->scan_last_sms &&
           out->tasks ? 0 : -1;
}

static int run(sens_ctx *c)
{
    sens_result *out = c->out;
    const rt_system *sys = c->base->system;
    for (size_t i = 0; i < c->ts->n_tasks; i++) {
        const rta_result *r = &c->base->rta[i];
        out->tasks[i].has_slack = r->status == RTA_BOUNDED;
        if (out->tasks[i].has_slack)
            out->tasks[i].slack_ns = c->ts->tasks[i].deadline_ns - r->wcrt_ns;
        if (sys) {
            /* end to end: a step's headroom, only where every deadline holds (any step can
             * delay every task through the jitter it hands on) */
            const hol_task *t = &sys->tasks[i];
            for (size_t s = t->first_step; c->base->schedulable && s < t->first_step + t->n_steps;
                 s++)
                if (step_headroom(c, i, s) != 0)
                    return -1;
            continue;
        }
        if (job_terms(c, i, &out->tasks[i].job) != 0 || headroom(c, i) != 0)
            return -1;
    }
    if (scaling(c) < 0 || chain_scaling(c) < 0 ||
        search_k(c, margin_pred, NULL, 0, SENS_MARGIN_MAX_K, &out->has_margin, &out->margin_k) < 0)
        return -1;
    for (size_t p = 0; p < c->l->n_parts; p++)
        if (min_sms(c, p) != 0)
            return -1;
    for (size_t i = 0; i < c->ts->n_tasks; i++)
        if (!c->base->rta[i].schedulable && explain(c, i) != 0)
            return -1;
    return 0;
}

int sens_compute(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 const rt_eval *base, sens_result *out)
{
    size_t n = ts->n_tasks ? ts->n_tasks : 1;
    rt_budget own;
    rt_options oo = *o;
    if (!oo.budget) {
        budget_init(&own, o->budget_units);
        oo.budget = &own;
    }
    /* every candidate's analysis charges the same counter; a figure found after it ran out
     * would rest on undecided candidates, so then there are no figures at all */
    budget_step was = oo.budget->current;
    oo.budget->current = BUDGET_STEP_SENSITIVITY;
    oo.budget->current_task = SIZE_MAX;
    sens_ctx c = { .m = m, .ts = ts, .l = l, .o = &oo, .base = base, .out = out };
    int rc = SENS_ENOMEM;
    c.scratch = rt_layout_copy(l);
    c.c_ns = malloc(n * sizeof *c.c_ns);
    c.rta = calloc(n, sizeof *c.rta);
    if (alloc_out(ts, l, base, out) == 0 && c.scratch && c.c_ns && c.rta &&
        (!base->system || sys_init(&c) == 0) && run(&c) == 0)
        rc = oo.budget->exhausted ? SENS_BUDGET : SENS_OK;
    sys_free(&c);
    free(c.ch_base);
    free(c.ch_cand);
    if (oo.budget->exhausted && oo.budget->step == BUDGET_STEP_SENSITIVITY)
        oo.budget->task = SIZE_MAX;     /* candidates' task indices are not worth quoting */
    oo.budget->current = was;
    free(c.rta);
    free(c.c_ns);
    rt_layout_free(c.scratch);
    if (rc != SENS_OK)
        sens_result_fini(out);
    return rc;
}

int sens_scaling(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 const rt_eval *base, bool *has, int64_t *scaling_k, uint64_t *analyses)
{
    size_t n = ts->n_tasks ? ts->n_tasks : 1;
    rt_budget own;
    rt_options oo = *o;
    if (!oo.budget) {
        budget_init(&own, o->budget_units);
        oo.budget = &own;
    }
    budget_step was = oo.budget->current;
    oo.budget->current = BUDGET_STEP_SENSITIVITY;
    oo.budget->current_task = SIZE_MAX;
    sens_result out = { .exhaustive = true };
    sens_ctx c = { .m = m, .ts = ts, .l = l, .o = &oo, .base = base, .out = &out };
    int rc = SENS_ENOMEM;
    *has = false;
    *scaling_k = 0;
    c.scratch = rt_layout_copy(l);
    c.c_ns = malloc(n * sizeof *c.c_ns);
    c.rta = calloc(n, sizeof *c.rta);
    if (c.scratch && c.c_ns && c.rta && (!base->system || sys_init(&c) == 0) &&
        scaling(&c) == 0) {
        rc = oo.budget->exhausted ? SENS_BUDGET : SENS_OK;
        *has = rc == SENS_OK && out.has_scaling;
        *scaling_k = *has ? out.scaling_k : 0;
    }
    sys_free(&c);
    if (oo.budget->exhausted && oo.budget->step == BUDGET_STEP_SENSITIVITY)
        oo.budget->task = SIZE_MAX;
    oo.budget->current = was;
    *analyses = out.analyses;
    free(c.rta);
    free(c.c_ns);
    rt_layout_free(c.scratch);
    return rc;
}

void sens_result_fini(sens_result *r)
{
    for (size_t i = 0; r->tasks && i < r->n_tasks; i++) {
        free(r->tasks[i].job.hp);
        free(r->tasks[i].explain);
    }
    free(r->tasks);
    free(r->steps);
    free(r->chains);
    free(r->min_sms);
    free(r->scan_first_sms);
    free(r->scan_last_sms);
    free(r->has_min_sms);
    memset(r, 0, sizeof *r);
}
