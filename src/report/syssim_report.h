/* syssim_report: what rtgpu-simulate writes for a whole system (docs/simulation.md, "Whole
 * systems"): the summary (text, JSON) with the observed end-to-end and per-step responses beside
 * the holistic analysis's bounds, the trace of segments (JSON), and the counter-example of a bound
 * that was exceeded. Writers format; they compute nothing. */
#ifndef RT_SYSSIM_REPORT_H
#define RT_SYSSIM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "analysis/system.h"
#include "sim/sim.h"
#include "sim/syssim.h"
#include "report/simchains_report.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Everything the writers show, borrowed. */
typedef struct syssim_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const rt_layout *l;
    const rt_system *sys;        /* the analysed record: resources, steps, bounds (sys->res) */
    const rt_options *o;
    const sim_options *cli;      /* the command's release (synchronous or random) and job cap */
    const syssim_options *so;    /* what was simulated: exec, jitter, seed, horizon */
    const char *exec_name;       /* "wcet" or "random", as given */
    bool exceeded;               /* an observed end-to-end response above its bound ... */
    size_t exceeded_task;        /* ... of this task (syssim_exceeded) */
    simchains_view chains;       /* the chains observed (chains.n 0: none, or not observed) */
    const char *tool_version;
} syssim_report;

/* JSON summary (schemas/sim.schema.json) with the trace of segments when res->trace is set, and
 * the chains when chains.n > 0.
 * Returns 0, or -1 on a write error. */
int syssim_report_json(const syssim_report *r, const syssim_result *res, FILE *out);
/* Text summary: headline, options, one row per task (observed best/mean/worst, analysed R, D,
 * misses), then one row per step (observed worst completion beside the step's R), then one row
 * per chain metric (observed beside the binding bound). 0 or -1. */
int syssim_report_text(const syssim_report *r, const syssim_result *res, FILE *out);
/* The counter-examples (r->exceeded, r->chains.exceeded), in words, for standard error. */
void syssim_report_violation(const syssim_report *r, const syssim_result *res, FILE *out);

#endif
