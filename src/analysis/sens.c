/* sens: slack, WCET headroom, scaling factor, largest margin, smallest partition sizes and
 * miss explanations of one analysed layout (docs/evidence.md sec. 1); every figure found by the
 * exact searches of sens_search.c, a whole system's by sens_system.c, each chain's by
 * sens_chain.c.
 *
 * The WCETs of a layout do not depend on an added d or a scaling factor a (those act on the
 * WCETs once computed), so the headroom and scaling searches compute the WCETs once and run the
 * whole priority assignment and RTA per candidate; the margin and size searches run
 * rt_eval_layout (windows, WCETs, priorities, RTA) per candidate. */
#include "analysis/sens.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sens_chain.h"
#include "analysis/sens_ctx.h"
#include "analysis/sens_scale.h"
#include "analysis/sens_search.h"
#include "analysis/sens_system.h"
#include "util/ckint.h"
#include "util/sort.h"

/* ---- WCET headroom of one task: C_i + d, everything else fixed ---- */

static int headroom_pred(sens_ctx *c, int64_t d, const void *arg)
{
    size_t i = *(const size_t *)arg;
    for (size_t t = 0; t < c->ts->n_tasks; t++)
        c->c_ns[t] = c->base->wcet.tasks[t].wcet_ns;
    c->c_ns[i] = c->base->wcet.tasks[i].wcet_ns + d;   /* d < D_i - J_i - C_i + 1: no overflow */
    return sens_ctx_rta_passes(c, c->l->task_part[i]);
}

static bool partition_meets(const sens_ctx *c, size_t p)
{
    for (size_t t = 0; t < c->ts->n_tasks; t++)
        if (c->l->task_part[t] == p && !c->base->rta[t].schedulable)
            return false;
    return true;
}

static int headroom(sens_ctx *c, size_t i)
{
    sens_task *st = &c->out->tasks[i];
    if (!partition_meets(c, c->l->task_part[i]))
        return 0;
    const rt_task *t = &c->ts->tasks[i];
    /* R_i(0) >= J_i + C_i + d, so d = D_i - J_i - C_i + 1 misses: the bracket's failing end. */
    int64_t hi = t->deadline_ns - t->jitter_ns - c->base->wcet.tasks[i].wcet_ns + 1;
    return sens_search_largest_d(c, headroom_pred, &i, hi, &st->has_headroom, &st->headroom_ns);
}

/* ---- critical scaling factor of every launch WCET ---- */

static int scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    return sens_scale_tasks(c, k) ? sens_ctx_rta_passes(c, SIZE_MAX) : 0;
}

/* The critical scaling factor: of every launch WCET, or of every step of a whole system. */
static int scaling(sens_ctx *c)
{
    sens_result *out = c->out;
    if (c->base->system)
        return sens_system_scaling(c);
    return sens_search_k(c, scale_pred, NULL, 0, SENS_SCALE_MAX_K, &out->has_scaling,
                         &out->scaling_k);
}

/* ---- largest margin ---- */

static int margin_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    rt_options o = *c->o;
    o.margin = (double)k / SENS_UNIT;   /* correctly rounded: the same double as --margin */
    sens_ctx_restore(c);
    return sens_ctx_full_passes(c, &o, NULL);
}

/* ---- smallest size of each partition, the others and the mapping fixed ---- */

static int min_sms(sens_ctx *c, size_t p)
{
    int64_t others = 0, g = c->m->gpu->granularity;
    for (size_t q = 0; q < c->l->n_parts; q++)
        if (q != p)
            others += c->l->part_sms[q];
    c->out->scan_first_sms[p] = g;
    c->out->scan_last_sms[p] = (c->m->gpu->sms - others) / g * g;
    for (int64_t s = g; s <= c->m->gpu->sms - others; s += g) {
        sens_ctx_restore(c);
        c->scratch->part_sms[p] = s;
        rt_eval e;
        int pass = sens_ctx_full_passes(c, c->o, &e);
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

/* ---- why a task misses ---- */

static int hp_cmp(const void *pa, const void *pb, const rt_layout *l)
{
    const sens_hp_term *a = pa, *b = pb;
    int64_t x = l->task_prio[a->task], y = l->task_prio[b->task];
    int c = sort_cmp_i64(x, y);
    return c ? c : sort_cmp_size(a->task, b->task);
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
    sens_ctx_restore(c);
    int pass = sens_ctx_full_passes(c, &o, &e);
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

/* ---- the whole computation ---- */

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
                if (sens_system_step_headroom(c, i, s) != 0)
                    return -1;
            continue;
        }
        if (job_terms(c, i, &out->tasks[i].job) != 0 || headroom(c, i) != 0)
            return -1;
    }
    if (scaling(c) < 0 || sens_chain_scaling(c) < 0 ||
        sens_search_k(c, margin_pred, NULL, 0, SENS_MARGIN_MAX_K, &out->has_margin,
                      &out->margin_k) < 0)
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
                 rt_budget *budget, const rt_eval *base, sens_result *out)
{
    sens_ctx c;
    int rc = SENS_ENOMEM;
    bool opened = sens_ctx_open(&c, m, ts, l, o, budget, base, out) == 0;
    if (alloc_out(ts, l, base, out) == 0 && opened && run(&c) == 0)
        rc = c.budget->exhausted ? SENS_BUDGET : SENS_OK;
    sens_ctx_close(&c);
    if (rc != SENS_OK)
        sens_result_fini(out);
    return rc;
}

int sens_scaling(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 rt_budget *budget, const rt_eval *base, bool *has, int64_t *scaling_k,
                 uint64_t *analyses)
{
    sens_result out = { .exhaustive = true };
    sens_ctx c;
    int rc = SENS_ENOMEM;
    *has = false;
    *scaling_k = 0;
    if (sens_ctx_open(&c, m, ts, l, o, budget, base, &out) == 0 && scaling(&c) == 0) {
        rc = c.budget->exhausted ? SENS_BUDGET : SENS_OK;
        *has = rc == SENS_OK && out.has_scaling;
        *scaling_k = *has ? out.scaling_k : 0;
    }
    sens_ctx_close(&c);
    *analyses = out.analyses;
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

void sens_k_text(int64_t k, char *buf, size_t size)
{
    snprintf(buf, size, "%" PRId64 ".%04" PRId64, k / SENS_UNIT, k % SENS_UNIT);
}
