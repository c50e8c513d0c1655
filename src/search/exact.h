/* exact: the exact loop of the partition search (private to src/search/; docs/assignment.md
 * sec. 7, its probe sec. 7a). It drives the MIP of assign_mip.h: solve, build the optimum's
 * layout, judge it with the full analysis; a pass ends the loop (proven when the solve was), a
 * failure is cut off (assign_cuts_add) and repaired into an incumbent if it could beat the current one.
 * The MIP holds only necessary conditions, so an infeasible MIP capped below the incumbent
 * proves the incumbent optimal (without one, that no layout is schedulable). */
#ifndef RT_EXACT_H
#define RT_EXACT_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/options.h"
#include "models/model.h"
#include "search/assign_mip.h"
#include "search/bounds.h"
#include "search/incumbent.h"
#include "search/judge.h"
#include "search/result.h"
#include "taskset/taskset.h"
#include "util/diag.h"

typedef struct exact {
    /* borrowed from the search, which outlives the loop */
    const model *m;
    const rt_taskset *ts;
    const rt_options *o;
    rt_diags *d;
    lbt *b;                 /* bounds and group tests */
    judge *j;               /* every full analysis is counted there */
    incumbent *inc;         /* the search's incumbent: the MIP is capped below it */
    assign_result *out;     /* status, iterations, time limits; the layout when proven */
    double t0;              /* the search's start (search_now) */
    /* its own */
    amip *a;                /* the MIP while open (NULL: closed) */
    amip_cand c;            /* the last solution */
    double eval_max_s;      /* longest full analysis so far (time kept for the next one) */
    bool capped;            /* an analysis whose result is returned or cuts something off used
                             * the co-runner heuristic (--combination-cap) */
    int64_t undec_units;    /* fewest units of g of a layout cut off by a no-good on an
                             * undecided analysis (INT64_MAX: none): no claim of the loop may
                             * rest on that cut (docs/assignment.md sec. 1a) */
} exact;

/* Set up x for the search's task set (the borrowed fields as named); the MIP is not built yet.
 * 0, or -1 on out of memory (then exact_fini). */
int exact_init(exact *x, const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
               lbt *b, judge *j, incumbent *inc, assign_result *out, double t0);
/* Free the MIP and x's own arrays; safe on a zeroed struct. */
void exact_fini(exact *x);
/* Build the MIP (assign_mip_new), capped below the incumbent and raised to the bound lb_units proven
 * so far. ASSIGN_OK, _ENOMEM or _ESOLVER. */
int exact_open(exact *x, int64_t lb_units);
/* Free the MIP (GLPK holds one model at a time), keeping what the loop learned (capped,
 * undec_units). */
void exact_close(exact *x);
/* The incumbent changed: while the MIP is open, ask it only for layouts with fewer SMs. */
int exact_cap(exact *x);
/* The loop, until the time limit or, for the probe, the monotonic time until (0: none), and at
 * most solves MIP solves (0: no limit). Sets out->status when it proves the result; a proven
 * optimum that passes becomes out->layout. ASSIGN_OK, _ENOMEM or _ESOLVER. */
int exact_run(exact *x, double until, long solves);
/* The loop's proven floor in units of g (0: none): not after an analysis past the combination
 * cap, and not above a layout cut off undecided. */
int64_t exact_floor(const exact *x);
/* The MIP alone, for a task set without tasks: build it and write it to o->write_lp. */
int exact_write_empty(exact *x);

#endif
