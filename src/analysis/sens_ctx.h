/* sens_ctx: a sensitivity computation's working state and the analyses of its candidates. */
#ifndef RT_SENS_CTX_H
#define RT_SENS_CTX_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"
#include "analysis/chain.h"
#include "analysis/holistic.h"
#include "analysis/sens.h"

/* What sens_ctx_open was given is borrowed; the rest is its own until sens_ctx_close. */
typedef struct sens_ctx {
    sens_result *out;          /* the figures; out->analyses counts the candidates */
    const rt_eval *base;       /* the analysis of l */
    const model *m;
    const rt_taskset *ts;
    const rt_layout *l;
    const rt_options *o;       /* &oo */
    rt_layout *scratch;        /* copy of l: candidates and Audsley write into it */
    int64_t *c_ns;             /* candidate task WCETs */
    rta_result *rta;           /* candidate RTA results */
    /* a whole system: a copy of the base system's steps and launch times, changed per
     * candidate, and the holistic analysis's view of it */
    hol_step *h_steps;
    int64_t *h_lw, *h_lb;      /* every launch's WCET and BCET, as the base system's arrays */
    size_t n_launches;
    hol_system h_sys;
    rt_options chain_o;        /* o with the analysed layout's priorities kept (never audsley) */
    chain_task *ch_base;       /* owned: every task's figures for the chain analyses, from base */
    chain_task *ch_cand;       /* owned: the same with a candidate's R_i */
    rt_budget *budget;         /* what every candidate charges: the caller's, or own */
    rt_budget own;
    budget_step was;           /* the budget's step before, put back by sens_ctx_close */
} sens_ctx;

/* Set c up for layout l, whose analysis is base (a whole system's copy included), every
 * candidate charging budget (NULL: o->budget_units of its own) as BUDGET_STEP_SENSITIVITY;
 * candidates count in out->analyses. 0, or -1 on out of memory. Either way sens_ctx_close
 * frees what it holds; c must not move in between. */
int sens_ctx_open(sens_ctx *c, const model *m, const rt_taskset *ts, const rt_layout *l,
                  const rt_options *o, rt_budget *budget, const rt_eval *base,
                  sens_result *out);
/* Free what c holds and give the budget its step back (no task quoted if the sensitivity
 * spent it). */
void sens_ctx_close(sens_ctx *c);
/* The scratch layout back to l's sizes and priorities. */
void sens_ctx_restore(sens_ctx *c);
/* RTA under o of partition part (all when part >= n_parts) of the scratch layout, restored
 * first, with the WCETs in c->c_ns, counted as a candidate: rt_eval_rta's status and *misses,
 * the results in c->rta until sens_ctx_rta_clear. */
int sens_ctx_rta(sens_ctx *c, const rt_options *o, size_t part, size_t *misses);
/* Free and zero the results in c->rta. */
void sens_ctx_rta_clear(sens_ctx *c);
/* sens_ctx_rta under c->o, cleared: 1 pass, 0 miss, -1 out of memory. */
int sens_ctx_rta_passes(sens_ctx *c, size_t part);
/* Full analysis of the scratch layout (sizes as set by the caller) under options o: 1 every
 * deadline holds, 0 not (or a WCET out of range), -1 out of memory. keep (not NULL): the
 * analysis, the caller's to rt_eval_fini (zeroed when none was kept). */
int sens_ctx_full_passes(sens_ctx *c, const rt_options *o, rt_eval *keep);
/* Where step s's launches start in the base system's launch arrays (and the copy's). */
size_t sens_ctx_sys_first_launch(const sens_ctx *c, size_t s);
/* The system copy back to the base system's figures, the GPU steps' launches pointing into it. */
void sens_ctx_sys_reset(sens_ctx *c);
/* The holistic analysis of the system copy into *r (the caller's to holistic_result_fini), counted as
 * a candidate. 0, or -1 on out of memory. */
int sens_ctx_sys_analyse(sens_ctx *c, hol_result *r);

#endif
