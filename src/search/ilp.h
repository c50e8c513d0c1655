/* ilp: a 0-1 integer program solved by GLPK behind a guarded API (the only user of glpk.h). */
#ifndef RT_ILP_H
#define RT_ILP_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* Model: minimise sum of cost * x over binary columns x, subject to rows sum coef * x (<=|>=|=) rhs.
 * GLPK never prints (its output is captured for diagnostics) and never aborts: a GLPK fatal error
 * is caught with glp_error_hook + longjmp, the GLPK environment is freed and the object is dead
 * (every later call returns ILP_ESOLVER). At most one ilp object may exist at a time. */
typedef struct ilp ilp;

typedef enum { ILP_LE, ILP_GE, ILP_EQ } ilp_sense;

typedef enum {
    ILP_OPTIMAL,      /* proven optimal integer solution (relative gap 0) */
    ILP_INFEASIBLE,   /* proven: no integer solution */
    ILP_FEASIBLE,     /* an integer solution, optimality NOT proven (time limit) */
    ILP_NO_SOLUTION   /* stopped (time limit) before finding an integer solution */
} ilp_outcome;

enum { ILP_OK = 0, ILP_ENOMEM = -1, ILP_ESOLVER = -2, ILP_EIO = -3, ILP_EINVAL = -4 };

/* Longest legal column/row name (CPLEX LP format and GLPK both stop at 255 characters). */
#define ILP_NAME_MAX 255

/* The run-time GLPK version, e.g. "5.0" (static). */
const char *ilp_solver_version(void);

/* New empty minimisation problem named name (a legal name). mem_limit_mb > 0 caps GLPK's own
 * memory (exceeding it is a GLPK fatal error, reported as ILP_ESOLVER); 0 means no cap.
 * Diagnostics go to d (borrowed, may be NULL). NULL on OOM, on a bad argument, or if another
 * ilp object is alive (error recorded in d). If GLPK itself fails here the object comes back
 * dead (every call returns ILP_ESOLVER, the message is in d). Free with ilp_free. */
ilp *ilp_new(const char *name, int mem_limit_mb, rt_diags *d);
/* Free p and release the GLPK environment; NULL is a no-op. */
void ilp_free(ilp *p);
/* true if name is legal in CPLEX LP format: 1..255 characters among letters, digits and
 * !"#$%&()/,.;?@_`'{}|~, not starting with a digit or '.'. */
bool ilp_name_legal(const char *name);

/* Add a binary column with objective coefficient cost (finite); *col receives its index (1..). */
int ilp_add_col(ilp *p, const char *name, double cost, int *col);
/* Add a row sum coef[k] * x[cols[k]] sense rhs (n may be 0; indices valid and distinct,
 * values finite). */
int ilp_add_row(ilp *p, const char *name, size_t n, const int *cols, const double *coef,
                ilp_sense sense, double rhs);
/* Make row (1 .. ilp_n_rows) lo <= sum <= hi (finite, lo <= hi); lo = -INFINITY: no lower
 * bound. */
int ilp_set_range(ilp *p, int row, double lo, double hi);
/* Number of columns / rows so far. */
int ilp_n_cols(const ilp *p);
int ilp_n_rows(const ilp *p);

/* Solve with GLPK's branch and cut (presolve on, gap 0, fixed options: deterministic apart from
 * the time limit). time_limit_s <= 0: none; otherwise clamped to [1 ms, INT_MAX ms].
 * *hit_time_limit tells whether GLPK stopped on the limit. */
int ilp_solve(ilp *p, double time_limit_s, ilp_outcome *out, bool *hit_time_limit);
/* After ILP_OPTIMAL or ILP_FEASIBLE: the objective value and the value of column col rounded
 * to 0/1. */
double ilp_objective(const ilp *p);
bool ilp_col_value(const ilp *p, int col);

/* Add a continuous column x >= 0 with objective coefficient cost and coefficients coef[k] in
 * rows rows[k] (existing, distinct); *col receives its index. For an LP (ilp_lp_solve). */
int ilp_add_lp_col(ilp *p, const char *name, double cost, size_t n, const int *rows,
                   const double *coef, int *col);
/* Solve the LP relaxation with GLPK's primal simplex (no presolve, so that the basis of the
 * last solve is the start of the next one and the duals are those of the whole model).
 * *out: ILP_OPTIMAL, ILP_INFEASIBLE, or ILP_NO_SOLUTION (time limit or numerical failure,
 * then *hit_time_limit says which). ILP_OK or ILP_ESOLVER. */
int ilp_lp_solve(ilp *p, double time_limit_s, ilp_outcome *out, bool *hit_time_limit);
/* After ILP_OPTIMAL from ilp_lp_solve: the dual value of a row (for a minimisation, reduced
 * cost d_j = c_j - sum of a_ij * dual_i). */
double ilp_row_dual(const ilp *p, int row);

/* Lazy rows and a checker (docs/assignment.md sec. 7). check(ctx, x) receives an integral
 * solution, x[j-1] the 0/1 value of column j (borrowed for the call), and returns 1 to accept
 * it, 0 to reject it (it must then have stored, with ilp_lazy_row, a row that x violates), or
 * -1 to stop the search (a deadline or an error the caller keeps in ctx). */
typedef int (*ilp_check_fn)(void *ctx, const unsigned char *x);
/* Store the lazy row sum coef[k] * x[cols[k]] <= rhs (copied; columns valid, n >= 1). It is
 * added to GLPK's subproblem whenever the LP solution violates it. */
int ilp_lazy_row(ilp *p, size_t n, const int *cols, const double *coef, double rhs);
/* Number of lazy rows stored. */
size_t ilp_lazy_rows(const ilp *p);
/* Branch and cut with the checker: glp_simplex for the root (no presolve), then glp_intopt
 * with presolve, GLPK's heuristics and cut generators off, gap 0, and a callback that re-adds
 * violated lazy rows (GLPK drops rows added in another branch) and passes every integral LP
 * solution without violated rows to check; start (n_cols entries, 0/1, may be NULL; borrowed)
 * is offered once as GLPK's first incumbent. So every solution GLPK records was accepted by
 * check, or is start. Outcomes as ilp_solve; *stopped when check returned -1 (then
 * ILP_FEASIBLE or ILP_NO_SOLUTION, never a proof). ILP_ESOLVER if a rejected solution was not
 * cut off (a bug in check) or GLPK failed. */
int ilp_solve_lazy(ilp *p, double time_limit_s, const unsigned char *start, ilp_check_fn check,
                   void *ctx, ilp_outcome *out, bool *hit_time_limit, bool *stopped);

/* Write the model in CPLEX LP format to path atomically (temporary file beside it, then
 * rename). ILP_EIO with a message in d if it cannot be written. */
int ilp_write_lp(ilp *p, const char *path);

#endif
