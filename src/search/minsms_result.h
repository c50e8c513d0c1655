/* minsms_result: the end of the min-sms search: the layout found made the whole system's,
 * analysed once more, its times, and what the result claims settled. */
#ifndef RT_MINSMS_RESULT_H
#define RT_MINSMS_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/options.h"
#include "models/model.h"
#include "search/exact.h"
#include "search/incumbent.h"
#include "search/result.h"
#include "search/sysview.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* What the stages proved, and what keeps a claim from resting on it (minsms_result_settle). */
typedef struct minsms_proofs {
    int64_t lb_units;      /* the trivial and the pattern bounds, in units of g */
    const exact *x;        /* the exact loop (borrowed): its floor, capped and undecided cuts */
    long undecided_tests;  /* group tests the work budget left undecided (bounds_undecided) */
    bool pmip_capped;      /* some pattern MIP cut a layout off on a capped analysis */
    bool pmip_withheld;    /* a pattern MIP finished, but a layout it cut off undecided kept it
                            * from proving the result */
} minsms_proofs;

/* A whole system: out->layout, found for the n_tasks tasks of view v, replaced by the system's
 * (sysview_layout), its partitions' names kept, the CPU tasks on no partition (the old layout
 * freed). ASSIGN_OK or ASSIGN_ENOMEM. */
int minsms_result_system(const sysview *v, size_t n_tasks, assign_result *out);
/* out->layout analysed once more (recheck.h; with sv, the whole system's): its priorities, and
 * a contradiction of the search is an internal error (ASSIGN_ESOLVER, message in d); a system
 * without GPU work takes the analysis's verdict, without a layout. *undecided: that analysis
 * was undecided. ASSIGN_OK, ASSIGN_ENOMEM or ASSIGN_ESOLVER. */
int minsms_result_recheck(const model *m, const rt_taskset *ts, const rt_options *o,
                          const sysview *sv, rt_diags *d, assign_result *out, bool *undecided);
/* The incumbent's times and finds into out, in seconds since t0 (the search's start; -1:
 * none). */
void minsms_result_times(const incumbent *inc, double t0, assign_result *out);
/* Settle what out claims after the stages and the recheck (rc: their status), by the rules of
 * the function's comment in minsms_result.c (warnings in d, for ts->path). Returns rc, or
 * ASSIGN_ESOLVER when a proven bound exceeds the returned layout. */
int minsms_result_settle(const minsms_proofs *pr, const model *m, const rt_taskset *ts,
                         const rt_options *o, rt_diags *d, assign_result *out, int rc);

#endif
