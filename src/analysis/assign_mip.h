/* assign_mip: the MIP of the partition search (necessary conditions only) and its cuts. */
#ifndef RT_ASSIGN_MIP_H
#define RT_ASSIGN_MIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/ilp.h"
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

/* Build the tables (isolated WCETs, priorities, names) and the first model for ts on m.
 * Returns ASSIGN_OK / ASSIGN_ENOMEM / ASSIGN_ESOLVER (message in d); *out owned by the caller. */
int amip_new(const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
             amip **out);
/* Free a and its GLPK model; NULL is a no-op. */
void amip_free(amip *a);
/* Base priority of task i used by the isolated checks (file's if given, else deadline-monotonic). */
int64_t amip_priority(const amip *a, size_t i);
/* Columns and rows of the current model. */
int amip_n_cols(const amip *a);
int amip_n_rows(const amip *a);

/* Write the current model in CPLEX LP format (ASSIGN_EIO with a message in d on failure). */
int amip_write_lp(amip *a, const char *path);
/* Solve the current model within time_limit_s (<= 0: none). ASSIGN_OK or ASSIGN_ESOLVER. */
int amip_solve(amip *a, double time_limit_s, ilp_outcome *out, bool *hit_time_limit);
/* Read the solution of the last solve into c (arrays of n_tasks, allocated by the caller).
 * ASSIGN_ESOLVER if it is not a well-formed candidate. */
int amip_decode(const amip *a, amip_cand *c);
/* Exclude candidate c, which failed the full analysis: for every partition of c that fails with
 * isolated WCETs, a minimal failing subset of its tasks is excluded (with every superset, at
 * every size where it fails); if there is none, c alone is excluded (no-good cut).
 * *iso_cuts counts the subsets excluded. ASSIGN_OK, ASSIGN_ENOMEM or ASSIGN_ESOLVER. */
int amip_cut(amip *a, const amip_cand *c, size_t *iso_cuts);

#endif
