/* pattern_mip: one branch and cut over the pattern pool, every integral layout analysed.
 *
 * Model (units of g):  min sum_q u_q x_q,  x_q in {0, 1} for every pattern q of the pool,
 *                      sum over q holding task i of x_q = 1   (one_<i>)
 *                      sum_q u_q x_q <= S                     (sms_total)
 * An integral point is a layout: its patterns partition the tasks and fit on the GPU. GLPK
 * (ilp_solve_lazy, no heuristics of its own) hands every integral LP solution to check(), which
 * runs the full analysis; a layout that fails is cut off by the lazy row
 *   sum over the layout's patterns q of x_q <= (number of them) - 1,
 * which excludes exactly that layout (its patterns, one per partition, name it uniquely) and
 * every schedulable layout satisfies; with worst-case windows and every worst case enumerated,
 * by witness cuts instead, one per failing partition, which also exclude every layout that keeps
 * that partition (or a larger group on its size) beside the co-runners that broke it
 * (witness_cuts). So GLPK's optimum is a layout the analysis accepted (or the
 * incumbent), and when the pool holds every pattern a cheaper layout could use (pattern.h), no
 * layout with fewer SMs is schedulable. docs/assignment.md sec. 7. */
#include "search/pattern_mip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"

typedef struct pmctx {
    judge *j;
    const pattern_pool *pool;
    ilp *lp;
    double deadline;
    jlayout cand, *best;
    int64_t g;            /* SMs per unit (column names) */
    int64_t best_units;   /* best checked layout so far (incumbent included); INT64_MAX none */
    int *cols;
    double *ones;
    int *norm_col;        /* column of each partition of the normalised candidate */
    int *wcols;           /* a witness cut's columns (pool n + T) */
    double *wones;
    bool oom;
    pmip_result *out;
} pmctx;

/* The layout of the 0/1 point x in c->cand; its patterns' columns in c->cols. Returns how many. */
static size_t decode(pmctx *c, const unsigned char *x)
{
    const pattern_pool *pl = c->pool;
    size_t np = 0;
    for (size_t i = 0; i < c->cand.T; i++)
        c->cand.part[i] = JL_UNPLACED;
    for (size_t q = 0; q < pl->n; q++) {
        if (!x[q])
            continue;
        for (size_t t = pl->first[q]; t < pl->first[q + 1]; t++)
            c->cand.part[pl->task[t]] = np;
        c->cand.units[np] = pl->units[q];
        c->cols[np++] = (int)q + 1;
    }
    c->cand.n_parts = np;
    return np;
}

/* Pattern q's group holds every task of pattern p's (both ascending). */
static bool holds(const pattern_pool *pl, size_t q, size_t p)
{
    size_t a = pl->first[q], ae = pl->first[q + 1], b = pl->first[p], be = pl->first[p + 1];
    if (ae - a < be - b)
        return false;
    while (b < be && a < ae) {
        if (pl->task[a] < pl->task[b])
            a++;
        else if (pl->task[a] == pl->task[b]) {
            a++;
            b++;
        } else
            return false;
    }
    return b == be;
}

/* Witness cuts (docs/assignment.md sec. 5a) for the np partitions of c->cand (normalised,
 * analysed now, failed, decided, every worst case enumerated, worst-case windows): for each
 * partition P holding a miss, with R the partitions whose kernels gave the WCETs of P's launches
 * (v->blame), every pool pattern on P's size that holds P's group, and the patterns of R, cannot
 * all be chosen: sum of those x <= |R|. In such a layout the same combinations are among those
 * each worst case runs over, so P's tasks get WCETs at least these, and P's group fails again by
 * (M); a larger group too. 0, or -1 on failure (c->oom set on out of memory). Returns the
 * number of rows added in *n_rows. */
static int witness_cuts(pmctx *c, size_t np, const jverdict *v, size_t *n_rows)
{
    const pattern_pool *pl = c->pool;
    *n_rows = 0;
    for (size_t p = 0; p < np; p++) {
        bool miss = false;
        for (size_t i = 0; i < c->cand.T && !miss; i++)
            miss = c->cand.part[i] == p && v->miss[i];
        if (!miss)
            continue;
        size_t qp = (size_t)c->norm_col[p] - 1, n = 0, nr = 0;
        for (size_t q = 0; q < pl->n; q++)
            if (pl->units[q] == pl->units[qp] && holds(pl, q, qp))
                c->wcols[n++] = (int)q + 1;
        for (size_t r = 0; r < np; r++)
            if (r != p && v->blame[p * np + r]) {
                c->wcols[n++] = c->norm_col[r];
                nr++;
            }
        int rc = ilp_lazy_row(c->lp, n, c->wcols, c->wones, (double)nr);
        if (rc != ILP_OK) {
            c->oom = rc == ILP_ENOMEM;
            return -1;
        }
        (*n_rows)++;
    }
    return 0;
}

static int check(void *ctx, const unsigned char *x)
{
    pmctx *c = ctx;
    if (search_past(c->deadline)) {
        c->out->hit_time_limit = true;
        return -1;
    }
    size_t np = decode(c, x);
    if (!judge_complete(&c->cand))
        return -1; /* cannot happen with the one_ rows; refuse to accept it */
    int64_t units = judge_units(&c->cand);
    jverdict v;
    if (judge_eval(c->j, &c->cand, &v) != 0) {
        c->oom = true;
        return -1;
    }
    c->out->checked++;
    if (v.pass) {
        if (units < c->best_units) {
            c->best_units = units;
            judge_copy(c->best, &c->cand);
            c->out->found = true;
        }
        return 1;
    }
    if (v.undecided) {
        /* neither accepted nor proven unschedulable: it must not be recorded by GLPK, so it is
         * cut off too, but that cut proves nothing about it (its units are kept) */
        c->out->undecided++;
        if (units < c->out->undecided_units)
            c->out->undecided_units = units;
    } else if (!v.exhaustive) {
        c->out->capped = true;
    }
    if (v.blame) {
        /* the candidate's partitions were renumbered by the judge: map each to its column */
        for (size_t p = 0; p < np; p++) {
            size_t q = (size_t)c->cols[p] - 1;
            c->norm_col[c->cand.part[c->pool->task[c->pool->first[q]]]] = c->cols[p];
        }
        size_t rows;
        if (witness_cuts(c, np, &v, &rows) != 0)
            return -1;
        c->out->witness_cuts += (long)rows;
        if (rows > 0)
            return 0;
    }
    int rc = ilp_lazy_row(c->lp, np, c->cols, c->ones, (double)np - 1.0);
    if (rc != ILP_OK) {
        c->oom = rc == ILP_ENOMEM;
        return -1;
    }
    c->out->cuts++;
    return 0;
}

static int build(pmctx *c, int64_t S)
{
    const pattern_pool *pl = c->pool;
    size_t T = c->cand.T;
    char name[ILP_NAME_MAX + 1];
    for (size_t q = 0; q < pl->n; q++) {
        /* x_<tasks by file index, joined by '.'>_<SMs>, or x#<q>_<SMs> when that is too long */
        size_t len = (size_t)snprintf(name, sizeof name, "x_");
        for (size_t t = pl->first[q]; t < pl->first[q + 1] && len < sizeof name; t++)
            len += (size_t)snprintf(name + len, sizeof name - len, "%s%zu",
                                    t > pl->first[q] ? "." : "", pl->task[t]);
        if (len < sizeof name)
            len += (size_t)snprintf(name + len, sizeof name - len, "_%lld",
                                    (long long)pl->units[q] * (long long)c->g);
        if (len >= sizeof name)
            snprintf(name, sizeof name, "x#%zu_%lld", q,
                     (long long)pl->units[q] * (long long)c->g);
        int col;
        int rc = search_from_ilp(ilp_add_col(c->lp, name, (double)pl->units[q], &col));
        if (rc != ASSIGN_OK)
            return rc;
    }
    /* one_<i>: columns of the patterns holding task i */
    size_t *cnt = calloc(T + 1, sizeof *cnt);
    int *idx = malloc((pl->n_task ? pl->n_task : 1) * sizeof *idx);
    double *val = malloc((pl->n > pl->n_task ? pl->n : pl->n_task ? pl->n_task : 1) *
                         sizeof *val);
    if (!cnt || !idx || !val) {
        free(cnt);
        free(idx);
        free(val);
        return ASSIGN_ENOMEM;
    }
    for (size_t t = 0; t < pl->n_task; t++)
        cnt[pl->task[t] + 1]++;
    for (size_t i = 0; i < T; i++)
        cnt[i + 1] += cnt[i];
    for (size_t q = 0; q < pl->n; q++)
        for (size_t t = pl->first[q]; t < pl->first[q + 1]; t++)
            idx[cnt[pl->task[t]]++] = (int)q + 1;
    int rc = ASSIGN_OK;
    for (size_t t = 0; t < pl->n_task; t++)
        val[t] = 1.0;
    size_t from = 0;
    for (size_t i = 0; i < T && rc == ASSIGN_OK; i++) {
        snprintf(name, sizeof name, "one_%zu", i);
        rc = search_from_ilp(ilp_add_row(c->lp, name, cnt[i] - from, idx + from, val, ILP_EQ, 1.0));
        from = cnt[i];
    }
    if (rc == ASSIGN_OK) {
        for (size_t q = 0; q < pl->n; q++) {
            idx[q] = (int)q + 1;
            val[q] = (double)pl->units[q];
        }
        rc = search_from_ilp(ilp_add_row(c->lp, "sms_total", pl->n, idx, val, ILP_LE, (double)S));
        /* objective and sms_total count units of g */
    }
    free(cnt);
    free(idx);
    free(val);
    return rc;
}

/* The incumbent as a 0/1 point of the pool (NULL if it has no partitions or is not in it). */
static unsigned char *start_point(const pattern_pool *pl, const jlayout *inc, size_t T)
{
    if (!inc || inc->n_parts == 0)
        return NULL;
    unsigned char *x = calloc(pl->n ? pl->n : 1, 1);
    size_t *G = malloc((T ? T : 1) * sizeof *G);
    if (!x || !G) {
        free(x);
        free(G);
        return NULL;
    }
    for (size_t p = 0; p < inc->n_parts; p++) {
        size_t k = 0;
        for (size_t i = 0; i < T; i++)
            if (inc->part[i] == p)
                G[k++] = i;
        size_t q = pattern_pool_find(pl, G, k, inc->units[p]);
        if (q == (size_t)-1) {
            free(x);
            x = NULL;
            break;
        }
        x[q] = 1;
    }
    free(G);
    return x;
}

int pattern_mip_solve(judge *j, const pattern_pool *pool, int64_t S, int64_t g, const jlayout *inc,
               double deadline, const char *write_lp, bool solve, rt_diags *d, jlayout *best,
               pmip_result *out)
{
    memset(out, 0, sizeof *out);
    out->undecided_units = INT64_MAX;
    size_t T = best->T;
    pmctx c = { .j = j, .pool = pool, .g = g, .deadline = deadline, .best = best, .out = out,
                .best_units = inc && inc->n_parts ? judge_units(inc) : INT64_MAX };
    int rc = ASSIGN_ENOMEM;
    unsigned char *start = NULL;
    size_t W = pool->n + T + 1;
    c.cols = malloc((T ? T : 1) * sizeof *c.cols);
    c.ones = malloc((T ? T : 1) * sizeof *c.ones);
    c.norm_col = malloc((T ? T : 1) * sizeof *c.norm_col);
    c.wcols = malloc(W * sizeof *c.wcols);
    c.wones = malloc(W * sizeof *c.wones);
    if (!c.cols || !c.ones || !c.norm_col || !c.wcols || !c.wones || judge_init(&c.cand, T) != 0)
        goto done;
    for (size_t i = 0; i < T; i++)
        c.ones[i] = 1.0;
    for (size_t i = 0; i < W; i++)
        c.wones[i] = 1.0;
    if (!(c.lp = ilp_new("rtgpu_pattern_mip", 0, d))) {
        rc = ASSIGN_ESOLVER;
        goto done;
    }
    if ((rc = build(&c, S)) != ASSIGN_OK)
        goto done;
    out->columns = ilp_n_cols(c.lp);
    out->rows = ilp_n_rows(c.lp);
    if (write_lp && (rc = search_from_ilp(ilp_write_lp(c.lp, write_lp))) != ASSIGN_OK)
        goto done;
    if (!solve)
        goto done;
    start = start_point(pool, inc, T);
    double left = deadline > 0 ? deadline - search_now() : 0;
    if (deadline > 0 && left <= 0.001) {
        out->hit_time_limit = true;
        rc = ASSIGN_OK;
        goto done;
    }
    ilp_outcome oc;
    bool hit = false, stopped = false;
    rc = search_from_ilp(ilp_solve_lazy(c.lp, left, start, check, &c, &oc, &hit, &stopped));
    if (c.oom)
        rc = ASSIGN_ENOMEM;
    if (rc != ASSIGN_OK)
        goto done;
    out->ran = true;
    out->hit_time_limit |= hit;
    out->cuts = (long)ilp_lazy_rows(c.lp);
    /* GLPK finished (optimum or no solution) over an exhaustive pool, no cut capped: every
     * layout of fewer units than the best (c.best_units, the incumbent's or a better one's) was
     * cut off, so the only ones that may still be schedulable are those cut off undecided.
     * proven: there are none below the best (nor any at all when there is no best). */
    bool finished = !stopped && !hit && (oc == ILP_OPTIMAL || oc == ILP_INFEASIBLE) &&
                    pool->exhaustive && !out->capped;
    out->proven = finished && out->undecided_units >= c.best_units;
    if (finished)
        out->lb_units = c.best_units < out->undecided_units ? c.best_units : out->undecided_units;
    if (out->lb_units == INT64_MAX)
        out->lb_units = 0;
done:
    free(start);
    ilp_free(c.lp);
    judge_fini(&c.cand);
    free(c.cols);
    free(c.ones);
    free(c.norm_col);
    free(c.wcols);
    free(c.wones);
    return rc;
}
