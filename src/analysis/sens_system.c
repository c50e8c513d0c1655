/* sens_system: the sensitivity of a whole system (docs/evidence.md sec. 1, "Whole systems"): the
 * holistic analysis of the base system with some step WCETs changed. The launch WCETs do not
 * depend on d or a, so the system is built once (the base's) and only the holistic analysis runs
 * per candidate. */
#include "analysis/sens_system.h"

#include "analysis/sens_scale.h"
#include "analysis/sens_search.h"

/* The holistic analysis of the candidate: 1 every end-to-end deadline holds, 0 not (undecided
 * included), -1 out of memory. */
static int sys_passes(sens_ctx *c)
{
    hol_result r;
    if (sens_ctx_sys_analyse(c, &r) != 0)
        return -1;
    int pass = r.schedulable;
    holistic_result_fini(&r);
    return pass;
}

/* C_s + d, every other WCET as in the base; a GPU step's d goes to its last launch. */
static int step_headroom_pred(sens_ctx *c, int64_t d, const void *arg)
{
    size_t s = *(const size_t *)arg;
    sens_ctx_sys_reset(c);
    hol_step *h = &c->h_steps[s];
    h->wcet_ns += d;     /* d < D_i + 1 <= 2^62: no overflow */
    if (h->n_launches > 0)
        c->h_lw[sens_ctx_sys_first_launch(c, s) + h->n_launches - 1] += d;
    return sys_passes(c);
}

int sens_system_step_headroom(sens_ctx *c, size_t i, size_t s)
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
    return sens_search_largest_d(c, step_headroom_pred, &s, hi, &st->has_headroom,
                                 &st->headroom_ns);
}

static int sys_scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    (void)arg;
    return sens_scale_system(c, k) ? sys_passes(c) : 0;
}

int sens_system_scaling(sens_ctx *c)
{
    sens_result *out = c->out;
    out->scaling_min_k = sens_scale_min_k(c->base->system);
    return sens_search_k(c, sys_scale_pred, NULL, out->scaling_min_k, SENS_SCALE_MAX_K,
                         &out->has_scaling, &out->scaling_k);
}
