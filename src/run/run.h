/* run: the verdict pipeline, the one home of how a task set becomes a verdict, under every door
 * (rtgpu-analyze and rtgpu-simulate through cli/pipeline.c, the installed library through
 * rtgpu.c; docs/architecture.md, "The verdict pipeline"): one check of the inputs and options,
 * one analysis (the given layout or a search, the found layout analysed again, the chains), one
 * verdict and one exit status for it. It writes located diagnostics and never prints. */
#ifndef RT_RUN_H
#define RT_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/eval.h"
#include "analysis/budget.h"
#include "analysis/chain.h"
#include "analysis/options.h"
#include "models/model.h"
#include "search/assign.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* The verdict: the exit status of rtgpu-analyze for the same inputs and options. */
typedef enum {
    RUN_SCHEDULABLE = 0,     /* every deadline and chain holds (search: a layout was found) */
    RUN_UNSCHEDULABLE = 1,   /* a deadline or a chain can fail (search: no layout passes) */
    RUN_INVALID = 2,         /* the inputs or options are refused (see the diagnostics) */
    RUN_UNDECIDED = 3        /* a budget, a search limit, the solver or memory left it open */
} run_verdict;

/* The exit status of v: its number (0, 1, 2, 3). */
int run_exit_status(run_verdict v);

/* Who asks, and what it does with the result besides the verdict: the check refuses what the
 * door cannot take, in the door's words. */
typedef struct run_door {
    const char *who;           /* names a message about no file: "rtgpu-analyze" */
    bool chains;               /* the verdict covers the chains (rtgpu-analyze, the library) */
    bool simulate;             /* rtgpu-simulate: */
    bool exec_dynamic;         /*   --exec dynamic */
    bool format_csv;           /*   --format csv */
    bool scenario;             /*   --scenario (the block placement: steps play no part) */
    bool emit_taskset;         /* --emit-taskset is asked for */
    bool measurements;         /* --check-measurements is asked for */
    bool priorities_given;     /* --priorities came from the caller, not the default */
    const char *const *unused_search_options;   /* NULL-terminated: search-only options the
                                                   caller was given ("--time-limit"), warned
                                                   about when a given layout runs no search */
} run_door;

/* Check ts on gpu under o for door (docs/system.md sec. 5, docs/chains.md sec. 5,
 * docs/assignment.md sec. 12) and resolve what depends on the task set: the layout mode (auto:
 * the task set's partitions if it has any, else a search), the priorities (given without
 * priorities in the file: deadline-monotonic), the sizes the search may choose
 * (o->part_min_sms, o->part_step_sms). Refusals and warnings go into d, located. 0, or
 * RUN_INVALID after an error. */
int run_check(const rt_taskset *ts, const rt_gpu *gpu, const run_door *door, rt_options *o,
              rt_diags *d);

/* What one analysis found; owned, freed by run_result_fini. */
typedef struct run_result {
    run_verdict verdict;
    bool failed;               /* the analysis could not finish (a refusal, memory, the solver,
                                  a contradiction): the diagnostics say why, nothing else holds */
    bool oom;                  /* ... because memory ran out */
    rt_budget budget;          /* the run's work budget (o->budget_units), shared by the
                                  analysis of the layout, its chains and what the caller runs
                                  after (sensitivity); each search candidate has its own */
    bool searched;
    assign_result assign;      /* the search's result (searched) */
    rt_diags *search_diags;    /* the search's own messages (searched; may be NULL) */
    rt_layout *layout;         /* the analysed layout, given or found (NULL: none) */
    rt_eval eval;              /* its analysis (have_eval) */
    bool have_eval;
    chain_result *chains;      /* door->chains: one per chain of the task set, else NULL */
    size_t undecided_chain;    /* the first chain the budget left undecided when that alone
                                  leaves the verdict open (every deadline holds, no chain
                                  fails), else SIZE_MAX */
} run_result;

/* Analyse ts on model m under o (checked by run_check, and left as it is: the analysis runs on
 * a copy whose budget is out->budget; each search candidate has its own): the given layout, or a
 * search then the found layout analysed again with traces (trace_steps busy-period steps kept
 * per task), then the chains when door->chains. The verdict in out->verdict; why it is not 0 or
 * 1 in d (a located error, "out of memory"), in run_budget_text or in out->undecided_chain.
 * Returns out->verdict. */
run_verdict run_analyse(const model *m, const rt_taskset *ts, const rt_options *o,
                        const run_door *door, size_t trace_steps, run_result *out, rt_diags *d);
/* Free what r owns; safe on a zeroed result. */
void run_result_fini(run_result *r);

/* Why the work budget b left the analysis e (NULL: none ran) of ts undecided, into buf: "the
 * work budget of N units (--budget) ran out in STEP at task "x"; k of n tasks undecided: a b
 * ...". */
void run_budget_text(const rt_taskset *ts, const rt_budget *b, const rt_eval *e, char *buf,
                     size_t size);

#endif
