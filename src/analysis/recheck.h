/* recheck: the one re-analysis of a layout that the partition search returned (docs/assignment.md
 * sec. 1), shared by the search itself, rtgpu-analyze, rtgpu-explore and the library API. */
#ifndef RT_RECHECK_H
#define RT_RECHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/eval.h"
#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "taskset/taskset.h"

/* The message of a found layout that fails its re-analysis: a fault of the tool, never of the
 * input (the search returns only layouts this very analysis accepted). */
#define RT_RECHECK_FAILS "internal error: the found layout fails re-analysis"

/* Analyse the found layout l once more: rt_eval_layout of l with o (the same options as the
 * search, each analysis with a work budget of its own) and trace_cap into *ev; Audsley
 * priorities are written into l. Returns rt_eval_layout's code (on EVAL_OK the caller frees ev
 * with rt_eval_fini). *contradicts: the analysis is decided and l misses a deadline, which
 * contradicts the search (report RT_RECHECK_FAILS); false otherwise, undecided included. */
int rt_recheck(const model *m, const rt_taskset *ts, rt_layout *l, const rt_options *o,
               rt_budget *budget, size_t trace_cap, rt_eval *ev, bool *contradicts);

#endif
