/* assign: the partition search's front door (docs/assignment.md): partition
 * sizes and task-to-partition mapping, every candidate judged by the full analysis (judge.c).
 * The min-sms search (minsms.c) runs these stages in this order (its table STAGES; the shares
 * of --time-limit in docs/assignment.md "The stages"), each while nothing is proven yet:
 *   1. local search            sec. 3    local.c        the first incumbent (incumbent.c)
 *   2. probe master            sec. 7a   pattern.c      small models: a quick bound
 *   3. probe MIP               sec. 7a   exact.c        small models, a gap of one unit
 *   4. annealing               sec. 3    local.c        better incumbents
 *   5. budget annealing        sec. 3c   overshoot.c    smaller ones, at a fixed budget
 *   6. pattern master          sec. 5    pattern.c      the proven lower bound
 *   7. ladder, pattern MIP     sec. 5a,b pattern_mip.c  bound raised unit by unit, proofs
 *   8. exact loop              sec. 7    exact.c        the MIP of assign_mip.c closes the gap
 * then the returned layout is analysed again (analysis/recheck.h) and the claims are settled
 * (sec. 1, 1a, 6: minsms.c settle_claims). max-min-slack (slack.c, sec. 11) repeats min-sms. */
#ifndef RT_ASSIGN_H
#define RT_ASSIGN_H

#include <stdint.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "search/result.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Search partitions and mapping for ts minimising the SMs used (or, with o->objective
 * max-min-slack, maximising the smallest relative slack: slack.h), every candidate checked with
 * rt_eval_layout. ASSIGN_ESOLVER: GLPK failed (message in d); ASSIGN_EIO: --write-lp failed. */
int assign_search(const model *m, const rt_taskset *ts, const rt_options *o, assign_result *out,
                  rt_diags *d);
/* Free what assign_search put in r; safe on a zeroed struct. */
void assign_result_fini(assign_result *r);
/* "given", "optimal", "feasible", "infeasible", "unknown". */
const char *assign_status_name(assign_status s);

#endif
