/* sens_ctx: the working state of one sensitivity computation and the analyses of its candidates
 * (docs/evidence.md sec. 1). */
#include "analysis/sens_ctx.h"

#include <stdlib.h>
#include <string.h>

/* The copy of the base system that the candidates change. -1 on out of memory. */
static int sens_ctx_sys_init(sens_ctx *c)
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

int sens_ctx_open(sens_ctx *c, const model *m, const rt_taskset *ts, const rt_layout *l,
                  const rt_options *o, rt_budget *budget, const rt_eval *base,
                  sens_result *out)
{
    size_t n = ts->n_tasks ? ts->n_tasks : 1;
    memset(c, 0, sizeof *c);
    c->m = m;
    c->ts = ts;
    c->l = l;
    c->base = base;
    c->out = out;
    c->o = o;
    c->budget = budget_or_own(budget, &c->own, o->budget_units);
    /* every candidate's analysis charges the same counter; a figure found after it ran out
     * would rest on undecided candidates, so then there are no figures at all */
    c->was = c->budget->current;
    c->budget->current = BUDGET_STEP_SENSITIVITY;
    c->budget->current_task = SIZE_MAX;
    c->scratch = rt_layout_copy(l);
    c->c_ns = malloc(n * sizeof *c->c_ns);
    c->rta = calloc(n, sizeof *c->rta);
    if (!c->scratch || !c->c_ns || !c->rta)
        return -1;
    return base->system ? sens_ctx_sys_init(c) : 0;
}

static void sens_ctx_sys_free(sens_ctx *c)
{
    free(c->h_steps);
    free(c->h_lw);
    free(c->h_lb);
}

void sens_ctx_close(sens_ctx *c)
{
    sens_ctx_sys_free(c);
    free(c->ch_base);
    free(c->ch_cand);
    if (c->budget->exhausted && c->budget->step == BUDGET_STEP_SENSITIVITY)
        c->budget->task = SIZE_MAX;        /* candidates' task indices are not worth quoting */
    c->budget->current = c->was;
    free(c->rta);
    free(c->c_ns);
    rt_layout_free(c->scratch);
}

void sens_ctx_restore(sens_ctx *c)
{
    memcpy(c->scratch->part_sms, c->l->part_sms, c->l->n_parts * sizeof *c->l->part_sms);
    memcpy(c->scratch->task_prio, c->l->task_prio, c->l->n_tasks * sizeof *c->l->task_prio);
}

int sens_ctx_rta(sens_ctx *c, const rt_options *o, size_t part, size_t *misses)
{
    sens_ctx_restore(c);
    c->out->analyses++;
    return rt_eval_rta(c->ts, c->scratch, o, c->budget, c->c_ns, part, 0, c->rta, misses);
}

void sens_ctx_rta_clear(sens_ctx *c)
{
    rta_results_fini(c->rta, c->ts->n_tasks);
    memset(c->rta, 0, c->ts->n_tasks * sizeof *c->rta);
}

int sens_ctx_rta_passes(sens_ctx *c, size_t part)
{
    size_t misses = 0;
    int rc = sens_ctx_rta(c, c->o, part, &misses);
    sens_ctx_rta_clear(c);
    return rc != EVAL_OK ? -1 : misses == 0;
}

int sens_ctx_full_passes(sens_ctx *c, const rt_options *o, rt_eval *keep)
{
    rt_eval e;
    if (keep)
        memset(keep, 0, sizeof *keep);
    c->out->analyses++;
    int rc = rt_eval_layout(c->m, c->ts, c->scratch, o, c->budget, 0, &e);
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

size_t sens_ctx_sys_first_launch(const sens_ctx *c, size_t s)
{
    const rt_system *b = c->base->system;
    return (size_t)(b->steps[s].launch_wcet_ns - b->launch_wcet_ns);
}

void sens_ctx_sys_reset(sens_ctx *c)
{
    const rt_system *b = c->base->system;
    memcpy(c->h_steps, b->steps, b->n_steps * sizeof *b->steps);
    memcpy(c->h_lw, b->launch_wcet_ns, c->n_launches * sizeof *c->h_lw);
    memcpy(c->h_lb, b->launch_bcet_ns, c->n_launches * sizeof *c->h_lb);
    for (size_t s = 0; s < b->n_steps; s++)
        if (b->steps[s].n_launches > 0) {
            size_t at = sens_ctx_sys_first_launch(c, s);
            c->h_steps[s].launch_wcet_ns = c->h_lw + at;
            c->h_steps[s].launch_bcet_ns = c->h_lb + at;
        }
}

int sens_ctx_sys_analyse(sens_ctx *c, hol_result *r)
{
    c->out->analyses++;
    return holistic_analyse(&c->h_sys, c->budget, r) != 0 ? -1 : 0;
}
