/* pattern: the pattern master of the partition search, a proven lower bound by column generation.
 *
 * Master (in units of g), over the layouts better than the incumbent (C = its units - 1, or S):
 *                          min sum_p u_p x_p
 *                          sum over patterns p holding task i of x_p = 1    (cover_i, dual pi_i)
 *                          sum_p u_p x_p <= C                              (cap, dual mu <= 0)
 * over patterns p = (G, u <= C) that pass bounds_group_pass with every task outside G outside (set
 * C*). Every schedulable layout of at most C units is a 0-1 point of it (its partitions pass the
 * necessary test), so for any pi and mu <= 0 and every such layout x, of at most K = min(T, C)
 * patterns, with rc_p = u_p (1 - mu) - sum_{i in G} pi_i:
 *   (1 - mu) cost(x) = sum_p rc_p x_p + sum_i pi_i
 *                   >= max(K min(0, rc*), C min_u min(0, rc*_u) / u) + sum_i pi_i,
 * with rc*_u a lower bound of the reduced costs on size u and rc* the least of them. The exact
 * pricing finds rc*_u: per size u, a depth-first search over the tasks that fit alone (highest
 * dual first) for the group of largest dual sum that passes; it prunes a branch when (a) the dual
 * sum cannot beat the best found (bound), (b) two members fail together in isolation on u
 * (conflict masks), (c) the isolated utilisation reaches 1 (with a 1e-9 guard), or (d) the group
 * fails the test with the tasks decided outside so far (inherited by every completion, bounds.h).
 * A size not searched to the end (greedy rounds, node limit, deadline) takes the fractional
 * knapsack relaxation as rc*_u, so every round gives a bound. The pool that the closing MIP
 * takes, enumerated from the duals of the best bound, is pattern_pool.c's; the state both
 * share, with the candidates, the prunings and the depth-first search, is pm.c's. */
#include "search/pattern.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/pm.h"
#include "search/search_int.h"
#include "util/sort.h"

#define NODE_LIMIT 200000     /* per size and round */
#define MAX_ROUNDS 2000
#define RC_EPS 1e-9
#define ADD_EPS 1e-6          /* a column enters only below this reduced cost: GLPK's duals
                               * carry tolerances near 1e-7, and a column already in the master
                               * must not come back for ever */
#define GREEDY_STARTS 7       /* greedy columns per size: the dual order, then each of the
                               * first tasks forced in first */

static int add_pattern(pm *p, const size_t *G, size_t k, int64_t u)
{
    char name[32];
    snprintf(name, sizeof name, "p%ld", p->n_cols++);
    for (size_t t = 0; t < k; t++) {
        p->rows[t] = p->cover[G[t]];
        p->coef[t] = 1.0;
    }
    p->rows[k] = p->cap;
    p->coef[k] = (double)u;
    int col;
    p->res->columns++;
    return search_from_ilp(ilp_add_lp_col(p->lp, name, (double)u, k + 1, p->rows, p->coef, &col));
}

static int build(pm *p, const jlayout *inc)
{
    char name[32];
    for (size_t i = 0; i < p->T; i++) {
        snprintf(name, sizeof name, "cover%zu", i);
        int rc = search_from_ilp(ilp_add_row(p->lp, name, 0, NULL, NULL, ILP_EQ, 1.0));
        if (rc != ASSIGN_OK)
            return rc;
        p->cover[i] = ilp_n_rows(p->lp);
    }
    int rc = search_from_ilp(ilp_add_row(p->lp, "cap", 0, NULL, NULL, ILP_LE, (double)p->C));
    if (rc != ASSIGN_OK)
        return rc;
    p->cap = ilp_n_rows(p->lp);
    /* artificial columns: the master is always feasible; their cost exceeds any layout */
    for (size_t i = 0; i < p->T; i++) {
        snprintf(name, sizeof name, "art%zu", i);
        int col;
        double one = 1.0;
        rc = search_from_ilp(ilp_add_lp_col(p->lp, name, (double)p->S + 1.0, 1, &p->cover[i], &one,
                                            &col));
        if (rc != ASSIGN_OK)
            return rc;
    }
    /* every task alone, on the smallest size where it passes with all others outside */
    for (size_t i = 0; i < p->T; i++)
        for (size_t s = 0; s < p->C; s++) {
            p->s = s;
            p->G[0] = i;
            int r = bounds_fits(p->b, i, s) ? pm_complement_pass(p, 1) : 0;
            if (r < 0)
                return ASSIGN_ENOMEM;
            if (r == 1) {
                if ((rc = add_pattern(p, p->G, 1, (int64_t)(s + 1))) != ASSIGN_OK)
                    return rc;
                break;
            }
        }
    /* p's arrays stay with p and are freed at the end of pattern_bound
     * NOLINTNEXTLINE(clang-analyzer-unix.Malloc) */
    for (size_t q = 0; inc && q < inc->n_parts; q++) {
        size_t k = 0;
        for (size_t i = 0; i < p->T; i++)
            if (inc->part[i] == q)
                p->G[k++] = i;
        if (k && (rc = add_pattern(p, p->G, k, inc->units[q])) != ASSIGN_OK)
            return rc;
    }
    return ASSIGN_OK;
}

/* Keep group G (k tasks) among this size's columns of the round: the newest ROUND_COLS, a
 * group already kept not twice (groups compared in ascending order). */
static void keep(pm *p, const size_t *G, size_t k)
{
    size_t c = p->n_kept % ROUND_COLS;
    size_t *slot = p->kept + c * p->T;
    memcpy(slot, G, k * sizeof *G);
    qsort(slot, k, sizeof *slot, pm_cmp_size);
    for (size_t o = 0; o < p->n_kept && o < ROUND_COLS; o++)
        if (o != c && p->kept_k[o] == k &&
            memcmp(p->kept + o * p->T, slot, k * sizeof *slot) == 0)
            return;
    p->kept_k[c] = k;
    p->n_kept++;
}

/* Greedy columns for size s: tasks in order, each kept if the group still passes with every
 * other task outside; first in the dual order, then with each of the first GREEDY_STARTS tasks
 * forced in first. A heuristic (no proof): every group whose reduced cost is negative is kept.
 * 0, or -1 on out of memory. */
static int greedy(pm *p, double thr)
{
    for (size_t st = 0; st <= GREEDY_STARTS && st <= p->n; st++) {
        if (st > 0 && p->pi[p->order[st - 1]] <= 0)
            break;
        size_t k = 0;
        double sum = 0, util = 0;
        for (size_t q = 0; q <= p->n; q++) {
            /* position 0 is the forced task (none for st == 0), then the order without it */
            if ((q == 0 && st == 0) || (q > 0 && q == st))
                continue;
            size_t t = p->order[q == 0 ? st - 1 : q - 1];
            double ut = bounds_util(p->b, t, p->s);
            if (p->pi[t] <= 0 || util + ut >= 1.0 + 1e-9 || pm_conflicts(p, t, k))
                continue;
            p->G[k] = t;
            int r = pm_complement_pass(p, k + 1);
            if (r < 0)
                return -1;
            if (r == 1) {
                k++;
                sum += p->pi[t];
                util += ut;
            }
        }
        if (k > 0 && sum > thr + ADD_EPS)
            keep(p, p->G, k);
    }
    return 0;
}

typedef enum { PRICE_RELAX, PRICE_GREEDY, PRICE_EXACT } price_mode;

/* The exact pricing's hit (pm_search): a group of dual sum beyond the best so far is the best,
 * and kept among the round's columns. */
static bool price_hit(pm *p, size_t k, double sum)
{
    p->need = sum;
    p->best_k = k;
    keep(p, p->G, k);
    return true;
}

/* Pricing on size s. PRICE_EXACT: the depth-first search; returns the least reduced cost (0 if
 * none is negative) or NAN when the search was cut short; the last ROUND_COLS improving groups
 * are kept (kept, n_kept). PRICE_GREEDY: the greedy columns kept, returns 0 (*exact false).
 * PRICE_RELAX: nothing searched, returns NAN. *rc_lb always receives a lower bound of the least
 * reduced cost on size s: the exact value when the search finished, else the knapsack
 * relaxation's. */
static double price(pm *p, size_t s, price_mode mode, bool *exact, double *rc_lb)
{
    pm_candidates(p, s);
    double u = (double)(s + 1), thr = u * (1.0 - p->mu);
    *exact = false;
    double relaxed = thr - pm_knapsack(p, 0, 0.0, 0.0);
    *rc_lb = relaxed < 0 ? relaxed : 0.0;
    p->n_kept = 0;
    if (mode == PRICE_RELAX)
        return NAN;
    if (mode == PRICE_GREEDY) {
        if (greedy(p, thr) < 0) {
            p->oom = true;
            return NAN;
        }
        return 0.0;
    }
    *exact = true;
    p->need = thr + ADD_EPS;
    p->best_k = 0;
    p->nodes = 0;
    p->truncated = false;
    pm_search(p, NODE_LIMIT, false, price_hit);
    p->res->pricing_nodes += p->nodes;
    if (p->truncated)
        return NAN;
    /* none found: every pattern's dual sum is at most thr + ADD_EPS */
    *rc_lb = p->best_k ? thr - p->need : -ADD_EPS;
    return p->best_k ? *rc_lb : 0.0;
}

/* Sizes by the nodes of their last exact search, fewest first (ctx: the pm). */
static int by_cost(const void *x, const void *y, void *ctx)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    const pm *p = ctx;
    int c = sort_cmp_long(p->cost[a], p->cost[b]);
    return c ? c : sort_cmp_size(a, b);
}

static int round_(pm *p, bool *done)
{
    ilp_outcome oc;
    bool hit;
    double left = p->deadline > 0 ? p->deadline - search_now() : 0;
    if (p->deadline > 0 && left <= 0) {
        *done = true;
        return ASSIGN_OK;
    }
    int rc = search_from_ilp(ilp_lp_solve(p->lp, left, &oc, &hit));
    if (rc != ASSIGN_OK)
        return rc;
    p->res->lp_solves++;
    if (oc != ILP_OPTIMAL) {
        *done = true; /* no duals this round: the bound found so far stands */
        return ASSIGN_OK;
    }
    double dsum = 0;
    for (size_t i = 0; i < p->T; i++) {
        p->pi[i] = ilp_row_dual(p->lp, p->cover[i]);
        dsum += p->pi[i];
    }
    p->mu = ilp_row_dual(p->lp, p->cap);
    if (!(p->mu <= 0))
        p->mu = 0; /* any mu <= 0 gives a valid bound */
    bool exact = true, added = false;
    double rc_min = 0.0, ratio = 1.0, per_unit = 0.0;
    bool late = false, skip = false;
    long spent = 0;
    /* an exact round prices its sizes cheapest first (by the nodes of their last search) */
    for (size_t s = 0; s < p->C; s++)
        p->sorder[s] = s;
    if (!p->use_greedy)
        sort_ctx(p->sorder, p->C, sizeof *p->sorder, by_cost, p);
    for (size_t si = 0; si < p->C; si++) {
        size_t s = p->sorder[si];
        /* past the deadline the remaining sizes get only the knapsack bound (still valid) */
        late = late || search_past(p->deadline);
        /* partial pricing: once columns were found, a size whose last search cost more than
         * this round so far is left to the knapsack bound (valid) until a round finds none */
        skip = skip || (added && !p->use_greedy && p->cost[s] > spent);
        bool ex;
        double lb_s;
        long n0 = p->res->pricing_nodes;
        double r = price(p, s, late || skip ? PRICE_RELAX : p->use_greedy ? PRICE_GREEDY
                                                                          : PRICE_EXACT,
                         &ex, &lb_s);
        if (!p->use_greedy && !late && !skip) {
            p->cost[s] = p->res->pricing_nodes - n0;
            spent += p->cost[s];
        }
        if (p->oom)
            return ASSIGN_ENOMEM;
        if (isnan(r) || !ex)
            exact = false;
        if (lb_s < rc_min)
            rc_min = lb_s;
        if (lb_s / (double)(s + 1) < per_unit)
            per_unit = lb_s / (double)(s + 1);
        /* Farley: every pattern on s has (dual sum + mu u) / u <= 1 - lb_s / u */
        double rs = 1.0 - (lb_s - RC_EPS) / (double)(s + 1);
        if (rs > ratio)
            ratio = rs;
        /* the kept columns (a search cut short still found columns) */
        for (size_t c = 0; c < p->n_kept && c < ROUND_COLS; c++) {
            rc = add_pattern(p, p->kept + c * p->T, p->kept_k[c], (int64_t)(s + 1));
            if (rc != ASSIGN_OK)
                return rc;
            added = true;
        }
    }
    /* the bound of this round, from the duals and the least reduced costs found or bounded */
    double k = (double)(p->T < p->C ? p->T : p->C);
    double z = dsum + p->mu * (double)p->C;
    /* sum of rc over a layout's patterns: at least k rc* (k patterns at most) and at least
     * C min_s rc*(s) / s (C units at most) */
    double by_count = k * (rc_min - RC_EPS), by_units = (double)p->C * (per_unit - RC_EPS);
    double lag = (dsum + (by_count > by_units ? by_count : by_units)) / (1.0 - p->mu);
    double far = z / ratio;
    double lb = lag > far ? lag : far;
    if (!p->have_duals || lb > p->blb) {
        p->have_duals = true;
        p->blb = lb;
        memcpy(p->bpi, p->pi, p->T * sizeof *p->pi);
        p->bmu = p->mu;
        p->brc = rc_min - RC_EPS;
        p->bper = per_unit - RC_EPS;
        p->bratio = lag >= far ? 0.0 : ratio; /* 0: the Lagrangian form gave it */
    }
    double units = ceil(lb - 1e-6 * (fabs(lb) > 1 ? fabs(lb) : 1));
    if (units > (double)p->res->lb_units)
        p->res->lb_units = units > (double)p->C + 1 ? (int64_t)p->C + 1 : (int64_t)units;
    p->res->converged = exact && !added;
    /* the greedy rule found nothing: price exactly next round */
    if (!added && p->use_greedy) {
        p->use_greedy = false;
        *done = false;
        return ASSIGN_OK;
    }
    p->use_greedy = true;
    *done = !added;
    return ASSIGN_OK;
}

void pattern_master_free(pattern_master *m)
{
    if (!m)
        return;
    ilp_free(m->p.lp);
    pm_close(&m->p);
    free(m);
}

int pattern_master_run(lbt *b, const jlayout *inc, double deadline, int64_t stop_units,
                       rt_diags *d, pattern_result *out, pattern_master **master)
{
    memset(out, 0, sizeof *out);
    *master = NULL;
    pattern_master *m = calloc(1, sizeof *m);
    if (!m)
        return ASSIGN_ENOMEM;
    m->p = (pm){ .b = b, .T = bounds_tasks(b), .S = bounds_sizes(b), .deadline = deadline,
                 .C = stop_units - 1 < (int64_t)bounds_sizes(b) ? (size_t)(stop_units - 1)
                                                             : bounds_sizes(b),
                 .use_greedy = true, .res = &m->res };
    pm *p = &m->p;
    int rc = ASSIGN_ENOMEM;
    if (pm_open(p) != 0 || !(p->lp = ilp_new("rtgpu_patterns", 0, d)))
        goto done;
    pm_fill_conflicts(p);
    rc = build(p, inc);
    for (long r = 0; rc == ASSIGN_OK && r < MAX_ROUNDS && p->T > 0; r++) {
        bool fin = false;
        rc = round_(p, &fin);
        if (fin || m->res.lb_units >= stop_units)
            break;
    }
    /* the pools need the duals, not the LP: GLPK's model goes now */
    ilp_free(p->lp);
    p->lp = NULL;
done:
    *out = m->res;
    if (rc != ASSIGN_OK) {
        pattern_master_free(m);
        return rc;
    }
    *master = m;
    return ASSIGN_OK;
}

int pattern_bound(lbt *b, const jlayout *inc, double deadline, int64_t stop_units, rt_diags *d,
                  pattern_result *out)
{
    pattern_master *m;
    int rc = pattern_master_run(b, inc, deadline, stop_units, d, out, &m);
    pattern_master_free(m);
    return rc;
}
