/* assign_mip: the MIP of the partition search (necessary conditions only, assign_mip.c) and its
 * cuts (assign_cuts_add, assign_cuts.c). */
#ifndef RT_ASSIGN_MIP_H
#define RT_ASSIGN_MIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "search/bounds.h"
#include "search/ilp.h"
#include "analysis/options.h"
#include "models/model.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Representative formulation (docs/assignment.md): a partition is named by its lowest-indexed
 * task j (its representative) and has n = (s+1)*g SMs, s = 0 .. S-1.
 *   y_j_n      = 1 iff j opens a partition of n SMs
 *   x_i_in_j_n = 1 iff task i > j runs in that partition
 * A column exists only if every task it puts together passes the response-time analysis with
 * isolated WCETs (singletons and pairs): the other columns could only hold unschedulable layouts.
 * Every grouping and sizing has exactly one 0-1 representation. */
typedef struct amip amip;

/* One candidate layout: for each task its representative and the size index of its partition. */
typedef struct amip_cand {
    size_t *rep;
    size_t *size;
} amip_cand;

/* Build the names and the first model for ts on m, from the isolated WCETs, base priorities
 * and group test of b (bounds.h; borrowed, it must outlive the model: every test the model
 * runs is counted there). Returns ASSIGN_OK / ASSIGN_ENOMEM / ASSIGN_ESOLVER (message in d);
 * *out owned by the caller. */
int assign_mip_new(lbt *b, const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
             amip **out);
/* Free a and its GLPK model; NULL is a no-op. */
void assign_mip_free(amip *a);

/* Write the current model in CPLEX LP format (ASSIGN_EIO with a message in d on failure). */
int assign_mip_write_lp(amip *a, const char *path);
/* Solve the current model within time_limit_s (<= 0: none). ASSIGN_OK or ASSIGN_ESOLVER. */
int assign_mip_solve(amip *a, double time_limit_s, ilp_outcome *out, bool *hit_time_limit);
/* After a proven optimum of value objective: every later model has an optimum at least that
 * large (rows are only added, bounds only tightened), so require it (sms_total >= floor). */
int assign_mip_raise_floor(amip *a, double objective);
/* From now on only layouts of at most units * g SMs (an incumbent of (units + 1) * g exists). */
int assign_mip_cap(amip *a, int64_t units);
/* True when the floor (last proven optimum) exceeds the cap: no layout below the incumbent is
 * left, the incumbent is optimal without another solve. */
bool assign_mip_exhausted(const amip *a);
/* The floor (last proven optimum, or the bound given to assign_mip_raise_floor), units of g. */
int64_t assign_mip_floor(const amip *a);
/* Objective of the last solve (SMs in units of the granularity g). */
double assign_mip_objective(const amip *a);
/* Read the solution of the last solve into c (arrays of n_tasks, allocated by the caller).
 * ASSIGN_ESOLVER if it is not a well-formed candidate. */
int assign_mip_decode(const amip *a, amip_cand *c);

#endif
