/* ilp: a 0-1 integer program solved by GLPK behind a guarded API (the only user of glpk.h).
 *
 * GLPK reports API misuse and internal failures (including its own out-of-memory) as fatal
 * errors that end in abort(). Every entry point below that calls GLPK first installs
 * glp_error_hook and sets a jmp_buf; the hook longjmps back, the entry point frees the GLPK
 * environment (as the GLPK reference manual requires after an intercepted error), marks the
 * object dead and returns ILP_ESOLVER. Arguments are validated before any GLPK call, so the hook
 * is a last line of defence, not the normal error path. The GLPK code of an entry point is a
 * step (its arguments and results in a step_io of the entry point's frame) that the one guarded
 * function runs from the frame that holds the jmp_buf, so no local of that frame changes
 * between setjmp and a longjmp.
 *
 * Sections, in order: the object and GLPK's error hook; life cycle; building the model; the 0-1
 * solve; the LP relaxation (column generation); reading a solution; writing the model in LP
 * format; lazy rows and the branch-and-cut with a checker. */
#include "search/ilp.h"
#include "util/atomicfile.h"

#include <errno.h>
#include <fcntl.h>
#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- The object and GLPK's error hook ---- */

#define NOINLINE __attribute__((noinline)) /* the setjmp lives in a frame of its own */
#define TERM_CAP 1024 /* tail of GLPK's terminal output kept for messages */

struct ilp {
    glp_prob *lp;
    rt_diags *d;
    jmp_buf jb;
    bool dead;
    int n_cols, n_rows;
    int *ind;            /* 1-based scratch for glp_set_mat_row */
    double *val;
    int *mark;           /* per column: last row stamp that used it (duplicate check) */
    size_t scratch_cap;  /* entries of ind/val (index 0 unused) */
    size_t mark_cap;
    int stamp;
    unsigned char *sol;  /* per column (1-based): rounded value of the last solution */
    bool have_sol;
    bool have_lp;        /* an optimal LP basis from ilp_lp_solve is current */
    double obj;
    char term[TERM_CAP];
    size_t term_len;
    /* lazy rows (ilp_lazy_row): sum cut_val * x <= cut_rhs, entries cut_start[k] ..
     * cut_start[k+1]-1 of cut_ind / cut_val (1-based column indices) */
    size_t n_cuts, cut_nz, rhs_cap, start_cap, ind_cap, val_cap;
    size_t *cut_start;
    int *cut_ind;
    double *cut_val, *cut_rhs;
    /* state of one ilp_solve_lazy */
    ilp_check_fn check;
    void *check_ctx;
    const unsigned char *start;
    bool start_given, cb_failed, cb_stopped;
    double *x;           /* 1-based LP values in the callback */
    unsigned char *x01;  /* 0-based rounded values passed to check */
    int *rind;           /* 1-based scratch for rows added in the callback */
    double *rval;
};

static bool ilp_alive; /* GLPK's environment (hooks, memory) is per thread: one object at a time */

__attribute__((format(printf, 2, 3))) static void diag(ilp *p, const char *fmt, ...)
{
    if (!p->d)
        return;
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    rt_diag_error(p->d, NULL, 0, "%s", buf);
}

/* Terminal hook: keep the tail of GLPK's output for error messages, print nothing. */
static int on_term(void *info, const char *s)
{
    ilp *p = info;
    size_t n = strlen(s);
    if (n >= TERM_CAP) {
        s += n - (TERM_CAP - 1);
        n = TERM_CAP - 1;
    }
    if (p->term_len + n >= TERM_CAP) {
        size_t drop = p->term_len + n - (TERM_CAP - 1);
        memmove(p->term, p->term + drop, p->term_len - drop);
        p->term_len -= drop;
    }
    memcpy(p->term + p->term_len, s, n);
    p->term_len += n;
    p->term[p->term_len] = '\0';
    return 1;
}

/* Error hook: never return into GLPK (it would abort); jump back to the guarded entry point. */
static void on_error(void *info)
{
    ilp *p = info;
    longjmp(p->jb, 1);
}

/* GLPK's captured output as one line ("a; b"), for a diagnostic. */
static const char *term_text(ilp *p)
{
    size_t n = p->term_len;
    while (n > 0 && (p->term[n - 1] == '\n' || p->term[n - 1] == ' '))
        n--;
    p->term[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (p->term[i] == '\n')
            p->term[i] = ';';
    return n ? p->term : "no message";
}

/* Before each guarded call: our hooks (another object may have run since), empty capture. */
static void enter(ilp *p)
{
    p->term_len = 0;
    p->term[0] = '\0';
    glp_term_hook(on_term, p);
    glp_error_hook(on_error, p);
}

/* After a longjmp from the error hook: free GLPK's environment (this frees the problem object
 * too, so it is never touched again) and report what failed during (NULL: nothing to report,
 * the object is being freed). */
static int fatal(ilp *p, const char *during)
{
    p->lp = NULL;
    p->dead = true;
    p->have_sol = false;
    glp_free_env();
    if (during)
        diag(p, "GLPK failed during %s: %s", during, term_text(p));
    return ILP_ESOLVER;
}

/* The arguments and results of one GLPK step: each step reads and writes the fields it names. */
typedef struct step_io {
    const char *name;      /* the problem's, column's or row's name; the file to write */
    double cost;           /* a column's objective coefficient */
    double rhs;            /* a new row's right-hand side */
    double lo, hi;         /* a row's range */
    ilp_sense sense;       /* a new row's sense */
    int nz;                /* a new row's or column's nonzeros, in p->ind / p->val (1-based) */
    int row;               /* the row whose range is set */
    int mem_limit_mb;      /* GLPK's memory cap (0: none) */
    int tm_lim;            /* a solve's time limit in ms (time_limit_ms) */
    int rc, status, phase; /* out: GLPK's return code, the solution status, the lazy solve's
                            * phase (0 the root LP, 1 the branch and cut) */
} step_io;

typedef void (*glpk_step)(ilp *p, step_io *io);

/* Run step under the error hook: ILP_OK once it returned; after a GLPK fatal error, ILP_ESOLVER
 * with p dead (fatal, naming during). */
NOINLINE static int guarded(ilp *p, const char *during, glpk_step step, step_io *io)
{
    enter(p);
    if (setjmp(p->jb) != 0)
        return fatal(p, during);
    step(p, io);
    return ILP_OK;
}

/* ---- Life cycle ---- */

bool ilp_name_legal(const char *name)
{
    static const char extra[] = "!\"#$%&()/,.;?@_`'{}|~";
    if (!name || !name[0] || name[0] == '.' || (name[0] >= '0' && name[0] <= '9'))
        return false;
    size_t n = 0;
    for (const char *c = name; *c; c++, n++) {
        bool alnum = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                     (*c >= '0' && *c <= '9');
        if (n >= ILP_NAME_MAX || (!alnum && !strchr(extra, *c)))
            return false;
    }
    return true;
}

static void step_create(ilp *p, step_io *io)
{
    if (io->mem_limit_mb > 0)
        glp_mem_limit(io->mem_limit_mb);
    p->lp = glp_create_prob();
    glp_set_prob_name(p->lp, io->name);
    glp_set_obj_name(p->lp, "sms");
    glp_set_obj_dir(p->lp, GLP_MIN);
}

const char *ilp_solver_version(void)
{
    return glp_version();
}

ilp *ilp_new(const char *name, int mem_limit_mb, rt_diags *d)
{
    if (ilp_alive || !ilp_name_legal(name) || mem_limit_mb < 0) {
        if (d)
            rt_diag_error(d, NULL, 0, "internal error: ilp_new: %s",
                          ilp_alive ? "another model is alive" : "invalid argument");
        return NULL;
    }
    ilp *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->d = d;
    ilp_alive = true;
    step_io io = { .name = name, .mem_limit_mb = mem_limit_mb };
    (void)guarded(p, "model creation", step_create, &io); /* on failure p is dead: calls return
                                                            * ILP_ESOLVER */
    return p;
}

static void step_release(ilp *p, step_io *io)
{
    (void)io;
    glp_delete_prob(p->lp);
    glp_free_env();
}

void ilp_free(ilp *p)
{
    if (!p)
        return;
    step_io io = {0};
    if (!p->dead)
        (void)guarded(p, NULL, step_release, &io); /* a failure only frees the environment */
    free(p->ind);
    free(p->val);
    free(p->mark);
    free(p->sol);
    free(p->cut_start);
    free(p->cut_ind);
    free(p->cut_val);
    free(p->cut_rhs);
    free(p);
    ilp_alive = false;
}

int ilp_n_cols(const ilp *p)
{
    return p->n_cols;
}

int ilp_n_rows(const ilp *p)
{
    return p->n_rows;
}

/* ---- Building the model ---- */

/* Grow an array of elem-sized entries to at least want entries; false on OOM. */
static bool grow(void **arr, size_t *cap, size_t want, size_t elem)
{
    if (want <= *cap)
        return true;
    size_t n = *cap ? *cap : 64;
    while (n < want)
        n *= 2;
    void *a = realloc(*arr, n * elem);
    if (!a)
        return false;
    *arr = a;
    *cap = n;
    return true;
}

/* Room in p->mark for one more column (its entry zeroed); false on OOM. */
static bool grow_marks(ilp *p)
{
    size_t cap = p->mark_cap;
    void *mark = p->mark;
    if (!grow(&mark, &cap, (size_t)p->n_cols + 2, sizeof *p->mark))
        return false;
    p->mark = mark;
    memset(p->mark + p->mark_cap, 0, (cap - p->mark_cap) * sizeof *p->mark);
    p->mark_cap = cap;
    return true;
}

/* Room for n entries in the 1-based scratch p->ind / p->val; false on OOM. */
static bool grow_scratch(ilp *p, size_t n)
{
    size_t cap_i = p->scratch_cap, cap_v = p->scratch_cap;
    void *ind = p->ind, *val = p->val;
    bool ok_i = grow(&ind, &cap_i, n + 1, sizeof *p->ind);
    p->ind = ind;
    bool ok_v = grow(&val, &cap_v, n + 1, sizeof *p->val);
    p->val = val;
    if (!ok_i || !ok_v)
        return false;
    p->scratch_cap = cap_i < cap_v ? cap_i : cap_v;
    return true;
}

static void step_add_col(ilp *p, step_io *io)
{
    int j = glp_add_cols(p->lp, 1);
    glp_set_col_name(p->lp, j, io->name);
    glp_set_col_kind(p->lp, j, GLP_BV);
    glp_set_obj_coef(p->lp, j, io->cost);
    p->n_cols = j;
}

int ilp_add_col(ilp *p, const char *name, double cost, int *col)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (!ilp_name_legal(name) || !isfinite(cost) || p->n_cols >= INT_MAX - 1 || !col)
        return ILP_EINVAL;
    if (!grow_marks(p))
        return ILP_ENOMEM;
    step_io io = { .name = name, .cost = cost };
    int rc = guarded(p, "adding a column", step_add_col, &io);
    if (rc == ILP_OK)
        *col = p->n_cols;
    return rc;
}

/* Check row arguments and copy the nonzero terms into the 1-based scratch; count in *nz. */
static int row_prepare(ilp *p, size_t n, const int *cols, const double *coef, double rhs,
                       int *nz)
{
    if (!isfinite(rhs) || n >= (size_t)INT_MAX || (n && (!cols || !coef)) ||
        p->n_rows >= INT_MAX - 1)
        return ILP_EINVAL;
    if (!grow_scratch(p, n))
        return ILP_ENOMEM;
    if (p->stamp == INT_MAX) {
        memset(p->mark, 0, p->mark_cap * sizeof *p->mark);
        p->stamp = 0;
    }
    p->stamp++;
    int k = 0;
    for (size_t t = 0; t < n; t++) {
        if (cols[t] < 1 || cols[t] > p->n_cols || !isfinite(coef[t]) ||
            p->mark[cols[t]] == p->stamp)
            return ILP_EINVAL;
        p->mark[cols[t]] = p->stamp;
        if (coef[t] != 0.0) {
            k++;
            p->ind[k] = cols[t];
            p->val[k] = coef[t];
        }
    }
    *nz = k;
    return ILP_OK;
}

static void step_add_row(ilp *p, step_io *io)
{
    int i = glp_add_rows(p->lp, 1);
    glp_set_row_name(p->lp, i, io->name);
    int type = io->sense == ILP_LE ? GLP_UP : io->sense == ILP_GE ? GLP_LO : GLP_FX;
    glp_set_row_bnds(p->lp, i, type, io->rhs, io->rhs);
    if (io->nz > 0)
        glp_set_mat_row(p->lp, i, io->nz, p->ind, p->val);
    p->n_rows = i;
}

int ilp_add_row(ilp *p, const char *name, size_t n, const int *cols, const double *coef,
                ilp_sense sense, double rhs)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (!ilp_name_legal(name) || (sense != ILP_LE && sense != ILP_GE && sense != ILP_EQ))
        return ILP_EINVAL;
    step_io io = { .name = name, .sense = sense, .rhs = rhs };
    int rc = row_prepare(p, n, cols, coef, rhs, &io.nz);
    if (rc != ILP_OK)
        return rc;
    return guarded(p, "adding a row", step_add_row, &io);
}

static void step_set_range(ilp *p, step_io *io)
{
    double lo = io->lo, hi = io->hi;
    int type = isinf(lo) ? GLP_UP : lo == hi ? GLP_FX : GLP_DB;
    glp_set_row_bnds(p->lp, io->row, type, isinf(lo) ? 0.0 : lo, hi);
}

int ilp_set_range(ilp *p, int row, double lo, double hi)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (row < 1 || row > p->n_rows || isnan(lo) || !isfinite(hi) || (isinf(lo) && lo > 0) ||
        lo > hi)
        return ILP_EINVAL;
    step_io io = { .row = row, .lo = lo, .hi = hi };
    return guarded(p, "changing a row", step_set_range, &io);
}

/* ---- The 0-1 solve ---- */

/* Milliseconds for glp_iocp.tm_lim: INT_MAX (GLPK's "no limit") for none, else [1, INT_MAX]
 * (0 would mean "stop at once"). */
static int time_limit_ms(double s)
{
    if (!(s > 0) || isinf(s))
        return INT_MAX;
    double ms = ceil(s * 1000.0);
    if (ms < 1)
        return 1;
    return ms >= (double)INT_MAX ? INT_MAX : (int)ms;
}

static const char *glp_rc_name(int rc)
{
    switch (rc) {
    case GLP_EBOUND: return "GLP_EBOUND (incorrect bounds)";
    case GLP_EROOT: return "GLP_EROOT (no optimal basis for the root LP)";
    case GLP_ENOPFS: return "GLP_ENOPFS (no primal feasible solution)";
    case GLP_ENODFS: return "GLP_ENODFS (LP relaxation has no dual feasible solution)";
    case GLP_EFAIL: return "GLP_EFAIL (solver failure)";
    case GLP_EMIPGAP: return "GLP_EMIPGAP (gap tolerance reached)";
    case GLP_ETMLIM: return "GLP_ETMLIM (time limit)";
    case GLP_ESTOP: return "GLP_ESTOP (terminated by the application)";
    default: return "an unexpected return code";
    }
}

/* The options both branch and cuts share (ilp_solve's, ilp_solve_lazy's): fixed, so that a
 * solve is deterministic apart from the time limit tm_lim (ms). Presolve and the simple
 * rounding heuristic are each caller's. */
static void iocp_fixed(glp_iocp *parm, int tm_lim)
{
    glp_init_iocp(parm);
    parm->msg_lev = GLP_MSG_OFF;
    parm->mip_gap = 0.0;          /* an optimum is proven, not approximated */
    parm->br_tech = GLP_BR_DTH;
    parm->bt_tech = GLP_BT_BLB;
    parm->pp_tech = GLP_PP_ALL;
    parm->fp_heur = GLP_OFF;
    parm->ps_heur = GLP_OFF;      /* proximity search has its own clock: not deterministic */
    parm->gmi_cuts = GLP_OFF;
    parm->mir_cuts = GLP_OFF;
    parm->cov_cuts = GLP_OFF;
    parm->clq_cuts = GLP_OFF;
    parm->tm_lim = tm_lim;
}

/* glp_intopt with parm; returns its code, *status = glp_mip_status, and keeps the objective
 * and the rounded columns of a solution. */
static int intopt(ilp *p, const glp_iocp *parm, int *status)
{
    int rc = glp_intopt(p->lp, parm);
    *status = glp_mip_status(p->lp);
    if (*status == GLP_OPT || *status == GLP_FEAS) {
        p->obj = glp_mip_obj_val(p->lp);
        for (int j = 1; j <= p->n_cols; j++)
            p->sol[j] = glp_mip_col_val(p->lp, j) > 0.5;
    }
    return rc;
}

/* glp_intopt with the fixed options, presolve and simple rounding on. */
static void step_solve(ilp *p, step_io *io)
{
    glp_iocp parm;
    iocp_fixed(&parm, io->tm_lim);
    parm.presolve = GLP_ON;      /* without it glp_intopt needs an optimal LP basis (GLP_EROOT) */
    parm.sr_heur = GLP_ON;
    io->rc = intopt(p, &parm, &io->status);
}

/* Map glp_intopt's return code and the MIP status to an outcome; ILP_ESOLVER if unexpected. */
static int map_outcome(ilp *p, int rc, int status, ilp_outcome *out, bool *hit)
{
    bool sol = status == GLP_OPT || status == GLP_FEAS;
    *hit = rc == GLP_ETMLIM;
    if (rc == 0 && status == GLP_OPT)
        *out = ILP_OPTIMAL;
    else if ((rc == 0 && status == GLP_NOFEAS) || rc == GLP_ENOPFS)
        *out = ILP_INFEASIBLE;   /* search exhausted, or presolve proved the relaxation empty */
    else if ((rc == 0 || rc == GLP_ETMLIM || rc == GLP_EMIPGAP) && sol)
        *out = ILP_FEASIBLE;     /* a solution whose optimality GLPK did not prove */
    else if (rc == GLP_ETMLIM)
        *out = ILP_NO_SOLUTION;
    else {
        diag(p, "GLPK MIP solver returned %s (code %d, MIP status %d)", glp_rc_name(rc), rc,
             status);
        return ILP_ESOLVER;
    }
    p->have_sol = *out == ILP_OPTIMAL || *out == ILP_FEASIBLE;
    return ILP_OK;
}

/* A problem without columns: every row's activity is 0, so it is feasible (objective 0) exactly
 * when 0 lies within every row's bounds. GLPK is not asked: there is nothing to branch on. */
static ilp_outcome empty_outcome(ilp *p)
{
    for (int i = 1; i <= p->n_rows; i++) {
        int type = glp_get_row_type(p->lp, i);
        double lb = glp_get_row_lb(p->lp, i), ub = glp_get_row_ub(p->lp, i);
        bool lo_ok = type == GLP_FR || type == GLP_UP || lb <= 0.0;
        bool hi_ok = type == GLP_FR || type == GLP_LO || ub >= 0.0;
        if (!lo_ok || !hi_ok)
            return ILP_INFEASIBLE;
    }
    p->obj = 0.0;
    p->have_sol = true;
    return ILP_OPTIMAL;
}

int ilp_solve(ilp *p, double time_limit_s, ilp_outcome *out, bool *hit_time_limit)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (isnan(time_limit_s) || !out || !hit_time_limit)
        return ILP_EINVAL;
    if (p->n_cols == 0) {
        *hit_time_limit = false;
        *out = empty_outcome(p);
        return ILP_OK;
    }
    unsigned char *sol = realloc(p->sol, (size_t)p->n_cols + 1);
    if (!sol)
        return ILP_ENOMEM;
    p->sol = sol;
    p->have_sol = false;
    step_io io = { .tm_lim = time_limit_ms(time_limit_s) };
    int grc = guarded(p, "the MIP solve", step_solve, &io);
    if (grc != ILP_OK)
        return grc;
    return map_outcome(p, io.rc, io.status, out, hit_time_limit);
}

/* ---- The LP relaxation (column generation) ---- */

static void step_add_lp_col(ilp *p, step_io *io)
{
    int j = glp_add_cols(p->lp, 1);
    glp_set_col_name(p->lp, j, io->name);
    glp_set_col_kind(p->lp, j, GLP_CV);
    glp_set_col_bnds(p->lp, j, GLP_LO, 0.0, 0.0);
    glp_set_obj_coef(p->lp, j, io->cost);
    if (io->nz > 0)
        glp_set_mat_col(p->lp, j, io->nz, p->ind, p->val);
    p->n_cols = j;
}

int ilp_add_lp_col(ilp *p, const char *name, double cost, size_t n, const int *rows,
                   const double *coef, int *col)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (!ilp_name_legal(name) || !isfinite(cost) || p->n_cols >= INT_MAX - 1 || !col ||
        n >= (size_t)INT_MAX || (n && (!rows || !coef)))
        return ILP_EINVAL;
    if (!grow_marks(p) || !grow_scratch(p, n))
        return ILP_ENOMEM;
    int nz = 0;
    for (size_t t = 0; t < n; t++) {
        if (rows[t] < 1 || rows[t] > p->n_rows || !isfinite(coef[t]))
            return ILP_EINVAL;
        for (int q = 1; q <= nz; q++)
            if (p->ind[q] == rows[t])
                return ILP_EINVAL;
        if (coef[t] != 0.0) {
            nz++;
            p->ind[nz] = rows[t];
            p->val[nz] = coef[t];
        }
    }
    p->have_lp = false;
    step_io io = { .name = name, .cost = cost, .nz = nz };
    int rc = guarded(p, "adding a column", step_add_lp_col, &io);
    if (rc == ILP_OK)
        *col = p->n_cols;
    return rc;
}

/* glp_simplex with fixed options; on a basis failure, once more from the standard basis.
 * Returns its code, *status = glp_get_status. */
static int simplex(ilp *p, int tm_lim, int *status)
{
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.presolve = GLP_OFF;
    parm.tm_lim = tm_lim;
    int rc = glp_simplex(p->lp, &parm);
    if (rc == GLP_EBADB || rc == GLP_ESING || rc == GLP_ECOND) {
        glp_std_basis(p->lp);
        rc = glp_simplex(p->lp, &parm);
    }
    *status = glp_get_status(p->lp);
    return rc;
}

static void step_lp(ilp *p, step_io *io)
{
    io->rc = simplex(p, io->tm_lim, &io->status);
}

int ilp_lp_solve(ilp *p, double time_limit_s, ilp_outcome *out, bool *hit_time_limit)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (isnan(time_limit_s) || !out || !hit_time_limit)
        return ILP_EINVAL;
    p->have_lp = false;
    *hit_time_limit = false;
    if (p->n_cols == 0 || p->n_rows == 0) {
        *out = ILP_NO_SOLUTION;
        return ILP_OK;
    }
    step_io io = { .tm_lim = time_limit_ms(time_limit_s) };
    int grc = guarded(p, "the LP solve", step_lp, &io);
    if (grc != ILP_OK)
        return grc;
    int rc = io.rc, status = io.status;
    *hit_time_limit = rc == GLP_ETMLIM;
    if (rc == 0 && status == GLP_OPT) {
        *out = ILP_OPTIMAL;
        p->have_lp = true;
    } else if (rc == 0 && (status == GLP_NOFEAS || status == GLP_INFEAS)) {
        *out = ILP_INFEASIBLE;
    } else {
        *out = ILP_NO_SOLUTION;
    }
    return ILP_OK;
}

/* ---- Reading a solution ---- */

double ilp_row_dual(const ilp *p, int row)
{
    if (!p->have_lp || row < 1 || row > p->n_rows)
        return NAN;
    return glp_get_row_dual(p->lp, row);
}

double ilp_objective(const ilp *p)
{
    return p->have_sol ? p->obj : NAN;
}

bool ilp_col_value(const ilp *p, int col)
{
    return p->have_sol && col >= 1 && col <= p->n_cols && p->sol[col];
}

/* ---- Writing the model in LP format ---- */

/* GLPK's LP text in memory: written to a private temporary file, read back, removed.
 * Returns 0 or an errno value. */
static int read_back(const char *tmp, char **buf, size_t *len)
{
    FILE *f = fopen(tmp, "rb");
    if (!f)
        return errno;
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    int e = b ? 0 : ENOMEM;
    while (!e) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *nb = cap < SIZE_MAX / 2 ? realloc(b, cap * 2) : NULL;
        if (!nb)
            e = ENOMEM;
        else {
            b = nb;
            cap *= 2;
        }
    }
    if (!e && ferror(f))
        e = EIO;
    fclose(f);
    if (e) {
        free(b);
        return e;
    }
    *buf = b;
    *len = n;
    return 0;
}

static void step_write(ilp *p, step_io *io)
{
    io->rc = glp_write_lp(p->lp, NULL, io->name) != 0 ? ILP_EIO : ILP_OK;
}

int ilp_write_lp(ilp *p, const char *path)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (!path || !path[0])
        return ILP_EINVAL;
    /* GLPK writes to a private file in $TMPDIR (else /tmp); the text then reaches path through
     * rt_atomicfile_write, the one writer of user-named outputs (atomic for files, in place for
     * /dev/null or a FIFO). */
    const char *dir = getenv("TMPDIR");
    if (!dir || !dir[0])
        dir = "/tmp";
    size_t tlen = strlen(dir) + sizeof "/rtgpu-lp-XXXXXX";
    char *tmp = malloc(tlen);
    if (!tmp)
        return ILP_ENOMEM;
    snprintf(tmp, tlen, "%s/rtgpu-lp-XXXXXX", dir);
    int fd = mkstemp(tmp);
    if (fd < 0 || close(fd) != 0) {
        int e = errno;
        if (fd >= 0)
            unlink(tmp);
        diag(p, "cannot write LP file %s: temporary file in %s: %s", path, dir, strerror(e));
        free(tmp);
        return ILP_EIO;
    }
    step_io io = { .name = tmp };
    int rc = guarded(p, "writing the LP file", step_write, &io);
    if (rc == ILP_OK)
        rc = io.rc;
    char *buf = NULL;
    size_t len = 0;
    int e = 0;
    if (rc == ILP_OK && (e = read_back(tmp, &buf, &len)) != 0)
        rc = e == ENOMEM ? ILP_ENOMEM : ILP_EIO;
    unlink(tmp);
    free(tmp);
    if (rc == ILP_OK && rt_atomicfile_write(path, buf, len) != 0) {
        e = errno;
        rc = ILP_EIO;
    }
    if (rc == ILP_EIO || rc == ILP_ENOMEM)
        diag(p, "cannot write LP file %s: %s", path, e ? strerror(e) : term_text(p));
    free(buf);
    return rc;
}

/* ---- Lazy rows and the branch-and-cut with a checker (docs/assignment.md sec. 7) ---- */

int ilp_lazy_row(ilp *p, size_t n, const int *cols, const double *coef, double rhs)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (!isfinite(rhs) || n == 0 || n >= (size_t)INT_MAX || !cols || !coef)
        return ILP_EINVAL;
    for (size_t t = 0; t < n; t++)
        if (cols[t] < 1 || cols[t] > p->n_cols || !isfinite(coef[t]))
            return ILP_EINVAL;
    void *a = p->cut_rhs, *b = p->cut_start, *c = p->cut_ind, *e = p->cut_val;
    bool ok = grow(&a, &p->rhs_cap, p->n_cuts + 1, sizeof *p->cut_rhs);
    p->cut_rhs = a;
    ok = ok && grow(&b, &p->start_cap, p->n_cuts + 2, sizeof *p->cut_start);
    p->cut_start = b;
    ok = ok && grow(&c, &p->ind_cap, p->cut_nz + n, sizeof *p->cut_ind);
    p->cut_ind = c;
    ok = ok && grow(&e, &p->val_cap, p->cut_nz + n, sizeof *p->cut_val);
    p->cut_val = e;
    if (!ok)
        return ILP_ENOMEM;
    if (p->n_cuts == 0)
        p->cut_start[0] = 0;
    memcpy(p->cut_ind + p->cut_nz, cols, n * sizeof *cols);
    memcpy(p->cut_val + p->cut_nz, coef, n * sizeof *coef);
    p->cut_nz += n;
    p->cut_rhs[p->n_cuts++] = rhs;
    p->cut_start[p->n_cuts] = p->cut_nz;
    return ILP_OK;
}

size_t ilp_lazy_rows(const ilp *p)
{
    return p->n_cuts;
}

/* Stored rows from..n_cuts-1 that the LP values p->x violate are added to GLPK's current
 * subproblem (a row added at a node lives in its subtree only: GLPK drops it when it moves to
 * another branch, so every call re-adds what is violated). Returns the number added. */
static int add_violated(ilp *p, glp_prob *lp, size_t from)
{
    int added = 0;
    for (size_t k = from; k < p->n_cuts; k++) {
        double act = 0;
        size_t b = p->cut_start[k], e = p->cut_start[k + 1];
        for (size_t t = b; t < e; t++)
            act += p->cut_val[t] * p->x[p->cut_ind[t]];
        if (act <= p->cut_rhs[k] + 1e-6)
            continue;
        int nz = (int)(e - b);
        for (int t = 0; t < nz; t++) {
            p->rind[t + 1] = p->cut_ind[b + (size_t)t];
            p->rval[t + 1] = p->cut_val[b + (size_t)t];
        }
        int i = glp_add_rows(lp, 1);
        glp_set_row_bnds(lp, i, GLP_UP, p->cut_rhs[k], p->cut_rhs[k]);
        glp_set_mat_row(lp, i, nz, p->rind, p->rval);
        added++;
    }
    return added;
}

#define INT_TOL 1e-5 /* glp_iocp.tol_int: GLPK's own test of an integral value */

/* The branch-and-cut callback. IROWGEN: re-add violated stored rows; with none and an integral
 * LP solution, ask the checker; a rejected solution must be cut off by a new stored row, else
 * the search stops (GLPK would record an unchecked layout). IHEUR: offer the start once. */
static void on_tree(glp_tree *T, void *info)
{
    ilp *p = info;
    int reason = glp_ios_reason(T);
    if (p->cb_failed || p->cb_stopped) {
        glp_ios_terminate(T);
        return;
    }
    if (reason == GLP_IHEUR && p->start && !p->start_given) {
        p->start_given = true;
        for (int j = 1; j <= p->n_cols; j++)
            p->x[j] = p->start[j - 1] ? 1.0 : 0.0;
        glp_ios_heur_sol(T, p->x); /* GLPK checks it; a rejected start is only a lost hint */
        return;
    }
    if (reason != GLP_IROWGEN)
        return;
    glp_prob *lp = glp_ios_get_prob(T);
    for (int j = 1; j <= p->n_cols; j++)
        p->x[j] = glp_get_col_prim(lp, j);
    if (add_violated(p, lp, 0) > 0)
        return;
    for (int j = 1; j <= p->n_cols; j++) {
        double r = floor(p->x[j] + 0.5);
        if (fabs(p->x[j] - r) > INT_TOL)
            return; /* fractional: GLPK branches */
        p->x01[j - 1] = r > 0.5;
    }
    size_t before = p->n_cuts;
    int v = p->check(p->check_ctx, p->x01);
    if (v == 1)
        return;
    if (v < 0) {
        p->cb_stopped = true;
        glp_ios_terminate(T);
        return;
    }
    if (add_violated(p, lp, before) == 0) {
        p->cb_failed = true; /* rejected but not cut off: never let GLPK record it */
        glp_ios_terminate(T);
    }
}

/* glp_simplex for the root basis (phase 0 when it ends without an optimum: its code and LP
 * status), then glp_intopt with what is left of the clock (phase 1: its code, MIP status). */
static void step_lazy(ilp *p, step_io *io)
{
    double t0 = glp_time();
    int tm_lim = io->tm_lim;
    io->phase = 0;
    io->rc = simplex(p, tm_lim, &io->status);
    if (io->rc != 0 || io->status != GLP_OPT)
        return;
    io->phase = 1;
    if (tm_lim < INT_MAX) {
        double used = glp_time() - t0;
        tm_lim = used >= (double)tm_lim - 1 ? 1 : tm_lim - (int)used;
    }
    glp_iocp parm;
    iocp_fixed(&parm, tm_lim);
    parm.presolve = GLP_OFF;     /* the basis of glp_simplex above is the root's */
    parm.tol_int = INT_TOL;
    parm.sr_heur = GLP_OFF;      /* no heuristic of GLPK's: every recorded solution went
                                  * through the checker (or is the checked start) */
    parm.cb_func = on_tree;
    parm.cb_info = p;
    io->rc = intopt(p, &parm, &io->status);
}

int ilp_solve_lazy(ilp *p, double time_limit_s, const unsigned char *start, ilp_check_fn check,
                   void *ctx, ilp_outcome *out, bool *hit_time_limit, bool *stopped)
{
    if (p->dead)
        return ILP_ESOLVER;
    if (isnan(time_limit_s) || !check || !out || !hit_time_limit || !stopped)
        return ILP_EINVAL;
    *hit_time_limit = *stopped = false;
    p->have_sol = false;
    p->have_lp = false;
    if (p->n_cols == 0) {
        *out = empty_outcome(p);
        return ILP_OK;
    }
    size_t n = (size_t)p->n_cols + 1;
    unsigned char *sol = realloc(p->sol, n);
    if (sol)
        p->sol = sol;
    size_t longest = 1;
    for (size_t k = 0; k < p->n_cuts; k++)
        if (p->cut_start[k + 1] - p->cut_start[k] > longest)
            longest = p->cut_start[k + 1] - p->cut_start[k];
    size_t rows = (longest > n ? longest : n) + 1; /* new rows: at most one entry per column */
    p->x = malloc(n * sizeof *p->x);
    p->x01 = malloc(n);
    p->rind = malloc(rows * sizeof *p->rind);
    p->rval = malloc(rows * sizeof *p->rval);
    int grc = ILP_ENOMEM;
    step_io io = { .tm_lim = time_limit_ms(time_limit_s) };
    if (sol && p->x && p->x01 && p->rind && p->rval) {
        p->check = check;
        p->check_ctx = ctx;
        p->start = start;
        p->start_given = p->cb_failed = p->cb_stopped = false;
        grc = guarded(p, "the MIP solve", step_lazy, &io);
    }
    int rc = io.rc, status = io.status, phase = io.phase;
    free(p->x);
    free(p->x01);
    free(p->rind);
    free(p->rval);
    p->x = NULL;
    p->x01 = NULL;
    p->rind = NULL;
    p->rval = NULL;
    if (grc != ILP_OK)
        return grc;
    if (p->cb_failed) {
        diag(p, "internal error: a rejected MIP solution was not cut off by its lazy rows");
        return ILP_ESOLVER;
    }
    if (phase == 0) {
        /* the root LP: proven empty, or stopped by the clock or a numerical failure (then
         * nothing is claimed) */
        *hit_time_limit = rc == GLP_ETMLIM;
        *out = rc == 0 && (status == GLP_NOFEAS || status == GLP_INFEAS) ? ILP_INFEASIBLE
                                                                         : ILP_NO_SOLUTION;
        return ILP_OK;
    }
    if (rc == GLP_ESTOP) {
        *stopped = true;
        bool have = status == GLP_FEAS || status == GLP_OPT;
        *out = have ? ILP_FEASIBLE : ILP_NO_SOLUTION;
        p->have_sol = have;
        return ILP_OK;
    }
    return map_outcome(p, rc, status, out, hit_time_limit);
}
