/* pattern_mip: one branch and cut over the pattern pool, every integral layout analysed. */
#ifndef RT_PATTERN_MIP_H
#define RT_PATTERN_MIP_H

#include <stdbool.h>
#include <stdint.h>

#include "search/judge.h"
#include "search/pattern_pool.h"
#include "util/diag.h"

typedef struct pmip_result {
    bool ran;             /* the MIP was solved (stopped or not) */
    bool found;           /* a layout better than the incumbent is in best */
    bool proven;          /* exhaustive: best (or the incumbent) is optimal, or, without either,
                           * no layout is schedulable */
    bool capped;          /* a cut rests on an analysis past --combination-cap (no proof) */
    long undecided;       /* layouts cut off whose analysis the work budget left undecided */
    int64_t undecided_units; /* the fewest units among those (INT64_MAX: none); a proof holds
                              * only if none of them is below the best layout */
    int64_t lb_units;     /* proven lower bound in units of g from a finished exhaustive solve
                           * (min of the best layout and undecided_units), 0: none */
    bool hit_time_limit;
    long checked;         /* integral layouts analysed in the callback */
    long cuts;            /* lazy rows stored */
    long witness_cuts;    /* of those, witness cuts (the others are no-goods) */
    long columns, rows;   /* size of the model */
} pmip_result;

/* Branch and cut (ilp_solve_lazy) over the pool's patterns: columns x_q (cost units[q]), rows
 * "each task in exactly one pattern" and "total units <= S", the incumbent inc (may be NULL or
 * have no partitions; it must be in the pool) as GLPK's start. Every integral layout GLPK
 * reaches is analysed by judge_eval; a failing one is cut off by a no-good over its patterns,
 * and so is one whose analysis is undecided (it may not be returned), recorded in
 * out->undecided. best (initialised for T tasks) receives the best layout found when
 * out->found. Proven only when the pool is exhaustive, GLPK finished, no cut rests on a capped
 * analysis, and no layout cut off undecided has fewer units than the best layout (with no
 * layout at all: none was cut off undecided).
 * S: units of g on the GPU; g: SMs per unit (column names x_<tasks>_<SMs>).
 * write_lp (may be NULL): the model is written there first (ASSIGN_EIO if it cannot be); with
 * solve false nothing more is done.
 * deadline: monotonic seconds (0: none). ASSIGN_OK, ASSIGN_ENOMEM, ASSIGN_ESOLVER, ASSIGN_EIO
 * (message in d). */
int pattern_mip_solve(judge *j, const pattern_pool *pool, int64_t S, int64_t g, const jlayout *inc,
               double deadline, const char *write_lp, bool solve, rt_diags *d, jlayout *best,
               pmip_result *out);

#endif
