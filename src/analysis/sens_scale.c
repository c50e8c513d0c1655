/* sens_scale: the WCETs of a candidate of the critical scaling factor (docs/evidence.md sec. 1),
 * each launch's rounded up, each sum checked against the 2^62 ns the analysis accepts. */
#include "analysis/sens_scale.h"

#include "util/ckint.h"

__extension__ typedef unsigned __int128 sens_u128;

/* Largest value the analysis accepts for a WCET (docs/model.md sec. 5). */
#define SENS_NS_MAX ((int64_t)1 << 62)

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

bool sens_scale_tasks(sens_ctx *c, int64_t k)
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

bool sens_scale_system(sens_ctx *c, int64_t k)
{
    const rt_system *b = c->base->system;
    sens_ctx_sys_reset(c);
    for (size_t s = 0; s < b->n_steps; s++) {
        hol_step *h = &c->h_steps[s];
        if (h->n_launches == 0) {
            if (!sens_scale_ns(b->steps[s].wcet_ns, k, &h->wcet_ns))
                return false;
            continue;
        }
        size_t at = sens_ctx_sys_first_launch(c, s);
        int64_t sum = 0;
        for (size_t j = at; j < at + h->n_launches; j++)
            if (!sens_scale_ns(b->launch_wcet_ns[j], k, &c->h_lw[j]) ||
                ck_add(sum, c->h_lw[j], &sum) || sum > SENS_NS_MAX)
                return false;   /* a WCET beyond 2^62 ns misses */
        h->wcet_ns = sum;
    }
    return true;
}

/* For every step (a GPU step: every launch) of WCET w and BCET b > 0, ceil(k w / SENS_UNIT) >= b
 * means k w > (b - 1) SENS_UNIT, so k = floor((b - 1) SENS_UNIT / w) + 1; at most SENS_UNIT
 * (b <= w). */
int64_t sens_scale_min_k(const rt_system *b)
{
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
