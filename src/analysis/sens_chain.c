/* sens_chain: the scaling factor of each chain (docs/evidence.md sec. 1, "Chains"): the same WCETs
 * scaled, every R_i recomputed (the priorities as in the analysed layout), the chain analysed on
 * those R_i. A larger factor never shortens an R_i (nor leaves one bounded that was not), and
 * every chain bound is a sum or a maximum of terms non-decreasing in the R_i (docs/chains.md
 * sec. 3), so the chain's verdict is monotone in the factor and the bisection exact. */
#include "analysis/sens_chain.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/sens_scale.h"
#include "analysis/sens_search.h"

/* Chain *arg with every WCET scaled by k / SENS_UNIT: 1 within its requirements, 0 not (or a
 * WCET out of range), -1 out of memory. */
static int chain_scale_pred(sens_ctx *c, int64_t k, const void *arg)
{
    const rt_chain *ch = &c->ts->chains[*(const size_t *)arg];
    size_t n = c->ts->n_tasks;
    memcpy(c->ch_cand, c->ch_base, n * sizeof *c->ch_cand);
    if (c->base->system) {
        if (!sens_scale_system(c, k))
            return 0;
        hol_result r;
        if (sens_ctx_sys_analyse(c, &r) != 0)
            return -1;
        for (size_t i = 0; i < n; i++) {
            c->ch_cand[i].bounded = r.tasks[i].status == HOL_BOUNDED;
            c->ch_cand[i].wcrt_ns = r.tasks[i].response_ns;
        }
        holistic_result_fini(&r);
    } else {
        if (!sens_scale_tasks(c, k))
            return 0;
        size_t misses = 0;
        int rc = sens_ctx_rta(c, &c->chain_o, SIZE_MAX, &misses);
        for (size_t i = 0; rc == EVAL_OK && i < n; i++) {
            c->ch_cand[i].bounded = c->rta[i].status == RTA_BOUNDED;
            c->ch_cand[i].wcrt_ns = c->rta[i].wcrt_ns;
        }
        sens_ctx_rta_clear(c);
        if (rc != EVAL_OK)
            return -1;
    }
    chain_result res;
    chain_analyse(ch, c->ch_cand, c->budget, &res);
    return res.passes;
}

int sens_chain_scaling(sens_ctx *c)
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
        if (sens_search_k(c, chain_scale_pred, &x, out->scaling_min_k, SENS_SCALE_MAX_K,
                          &sc->has_scaling, &sc->scaling_k) < 0)
            return -1;
    }
    return 0;
}
