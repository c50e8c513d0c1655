/* simchains_report: what rtgpu-simulate writes of the cause-effect chains it observed
 * (docs/simulation.md, "Cause-effect chains"), for a whole system and for a task set of GPU steps
 * alone alike: the JSON member "chains", the text table (observed beside the binding bound), and
 * the counter-example of an observation above its bound. Writers format; they compute nothing. */
#ifndef RT_SIMCHAINS_REPORT_H
#define RT_SIMCHAINS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/chain.h"
#include "util/jw.h"
#include "sim/chainrun.h"
#include "taskset/taskset.h"

/* The chains of one run, borrowed. */
typedef struct simchains_view {
    const rt_taskset *ts;
    size_t n;                      /* the task set's chains when observed, else 0 */
    const chain_result *bounds;    /* n: the analysed bounds (chain_analyse_all) */
    const chainrun_chain *obs;     /* n: what the run observed (chainrun_observe*) */
    bool exceeded;                 /* an observed metric above its binding bound ... */
    size_t chain;                  /* ... of this chain ... */
    bool mda;                      /* ... the data age (else the reaction time) */
} simchains_view;

/* Write the member "chains" (an array, one object per chain) of the open summary object. */
void simchains_report_json(const simchains_view *v, jw *j);
/* The text section "Chains": one row per chain and metric. */
void simchains_report_text(const simchains_view *v, FILE *out);
/* The counter-example of v->exceeded, in words, for standard error; nothing without one. */
void simchains_report_violation(const simchains_view *v, FILE *out);

#endif
