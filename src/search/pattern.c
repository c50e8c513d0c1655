/* pattern: the pattern master of the partition search, a proven lower bound by column generation.
 *
 * Master (in units of g):  min sum_p u_p x_p
 *                          sum over patterns p holding task i of x_p = 1    (cover_i, dual pi_i)
 *                          sum_p u_p x_p <= S                              (cap, dual mu <= 0)
 * over patterns p = (G, u) that pass lbt_group_pass with every task outside G outside (set C*).
 * Every schedulable layout is a 0-1 point of it (its partitions pass the necessary test), so
 * for any pi and mu <= 0 and every layout x, using at most min(T, S) patterns:
 *   cost(x) = sum_p rc_p x_p + sum_i pi_i + mu sum_p u_p x_p
 *          >= min(T, S) min(0, rc*) + sum_i pi_i + mu S,   rc_p = u_p (1 - mu) - sum_{i in G} pi_i,
 * with rc* the least reduced cost over C*. The pricing finds rc* exactly: per size u, a depth-first
 * search over the tasks that fit alone (highest dual first) for the group of largest dual sum that
 * passes; it prunes a branch when (a) the dual sum cannot beat the best found (bound), (b) two
 * members fail together in isolation on u (conflict masks), (c) the isolated utilisation reaches 1
 * (with a 1e-9 guard), or (d) the group fails the test with the tasks decided outside so far
 * (inherited by every completion, bounds.h). A search that passes its node limit proves nothing
 * and gives no bound for that round. */
#include "search/pattern.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/assign.h"
#include "search/ilp.h"
#include "search/local.h"

#define NODE_LIMIT 200000     /* per size and round */
#define MAX_ROUNDS 2000
#define RC_EPS 1e-9
#define ADD_EPS 1e-6          /* a column enters only below this reduced cost: GLPK's duals
                               * carry tolerances near 1e-7, and a column already in the master
                               * must not come back for ever */
#define CONF_MAX 20000000.0   /* T*T*S above which no conflict table is built */

typedef struct pm {
    lbt *b;
    ilp *lp;
    size_t T, S;
    double deadline;
    int *cover;            /* row of each task */
    int cap;
    double *pi, mu;
    unsigned char *conf;   /* [(s*T+i)*T+j]: i and j fail together in isolation on s */
    size_t *order, *G, *best_G, best_k;
    unsigned char *out, *comp;
    double *suffix, best_sum;
    size_t n, s;           /* pricing: candidates for size s */
    long nodes, node_cap;
    bool truncated, oom;
    int *rows;
    double *coef;
    long n_cols;
    bool use_greedy;       /* this round prices by the greedy rule first */
    pattern_result *res;
} pm;

static int from_ilp(int rc)
{
    return rc == ILP_OK ? ASSIGN_OK : rc == ILP_ENOMEM ? ASSIGN_ENOMEM : ASSIGN_ESOLVER;
}

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
    return from_ilp(ilp_add_lp_col(p->lp, name, (double)u, k + 1, p->rows, p->coef, &col));
}

static int complement_pass(pm *p, size_t k);

static int build(pm *p, const jlayout *inc)
{
    char name[32];
    for (size_t i = 0; i < p->T; i++) {
        snprintf(name, sizeof name, "cover%zu", i);
        int rc = from_ilp(ilp_add_row(p->lp, name, 0, NULL, NULL, ILP_EQ, 1.0));
        if (rc != ASSIGN_OK)
            return rc;
        p->cover[i] = ilp_n_rows(p->lp);
    }
    int rc = from_ilp(ilp_add_row(p->lp, "cap", 0, NULL, NULL, ILP_LE, (double)p->S));
    if (rc != ASSIGN_OK)
        return rc;
    p->cap = ilp_n_rows(p->lp);
    /* artificial columns: the master is always feasible; their cost exceeds any layout */
    for (size_t i = 0; i < p->T; i++) {
        snprintf(name, sizeof name, "art%zu", i);
        int col;
        double one = 1.0;
        rc = from_ilp(ilp_add_lp_col(p->lp, name, (double)p->S + 1.0, 1, &p->cover[i], &one,
                                     &col));
        if (rc != ASSIGN_OK)
            return rc;
    }
    /* every task alone, on the smallest size where it passes with all others outside */
    for (size_t i = 0; i < p->T; i++)
        for (size_t s = 0; s < p->S; s++) {
            p->s = s;
            p->G[0] = i;
            int r = lbt_fits(p->b, i, s) ? complement_pass(p, 1) : 0;
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

static void fill_conflicts(pm *p)
{
    double cells = (double)p->T * (double)p->T * (double)p->S;
    if (cells > CONF_MAX)
        return;
    p->conf = calloc((size_t)cells ? (size_t)cells : 1, 1);
    if (!p->conf)
        return; /* only a speed-up */
    for (size_t s = 0; s < p->S; s++)
        for (size_t i = 0; i < p->T; i++)
            for (size_t j = i + 1; j < p->T; j++) {
                if (!lbt_fits(p->b, i, s) || !lbt_fits(p->b, j, s))
                    continue;
                size_t G[2] = {i, j};
                int r = lbt_group_pass(p->b, G, 2, s, NULL);
                if (r < 0) {
                    free(p->conf);
                    p->conf = NULL;
                    return;
                }
                unsigned char c = r == 0;
                p->conf[(s * p->T + i) * p->T + j] = c;
                p->conf[(s * p->T + j) * p->T + i] = c;
            }
}

static bool conflicts(const pm *p, size_t t, size_t k)
{
    if (!p->conf)
        return false;
    const unsigned char *row = p->conf + (p->s * p->T + t) * p->T;
    for (size_t q = 0; q < k; q++)
        if (row[p->G[q]])
            return true;
    return false;
}

/* Test of G (k tasks) with every other task outside. */
static int complement_pass(pm *p, size_t k)
{
    memset(p->comp, 1, p->T);
    for (size_t q = 0; q < k; q++)
        p->comp[p->G[q]] = 0;
    return lbt_group_pass(p->b, p->G, k, p->s, p->comp);
}

static void dfs(pm *p, size_t pos, size_t k, double sum, double util)
{
    if (p->truncated || p->oom)
        return;
    if (++p->nodes > p->node_cap ||
        ((p->nodes & 1023) == 0 && p->deadline > 0 && local_now() >= p->deadline)) {
        p->truncated = true;
        return;
    }
    if (pos == p->n || sum + p->suffix[pos] <= p->best_sum)
        return;
    /* fractional knapsack over the undecided tasks (order: dual per utilisation, highest first):
     * the isolated utilisation of a passing group is below 1 + 1e-9 */
    double room = 1.0 + 1e-9 - util, kb = sum;
    for (size_t q = pos; q < p->n && kb <= p->best_sum + 1e30; q++) {
        size_t i = p->order[q];
        double pi = p->pi[i], ui = lbt_util(p->b, i, p->s);
        if (pi <= 0)
            break;
        if (ui <= room) {
            kb += pi;
            room -= ui;
        } else {
            kb += pi * (room > 0 ? room / ui : 0);
            break;
        }
    }
    if (kb <= p->best_sum)
        return;
    size_t t = p->order[pos];
    double ut = lbt_util(p->b, t, p->s);
    if (util + ut < 1.0 + 1e-9 && !conflicts(p, t, k)) {
        p->G[k] = t;
        int r = complement_pass(p, k + 1);
        if (r == 1 && sum + p->pi[t] > p->best_sum) {
            p->best_sum = sum + p->pi[t];
            p->best_k = k + 1;
            memcpy(p->best_G, p->G, (k + 1) * sizeof *p->G);
        }
        /* the complement holds the decided-outside set: a pass there is a pass here */
        if (r == 0)
            r = lbt_group_pass(p->b, p->G, k + 1, p->s, p->out);
        if (r < 0) {
            p->oom = true;
            return;
        }
        if (r == 1)
            dfs(p, pos + 1, k + 1, sum + p->pi[t], util + ut);
    }
    p->out[t] = 1;
    dfs(p, pos + 1, k, sum, util);
    p->out[t] = 0;
}

static const pm *sort_pm; /* qsort has no context argument in C11 */

/* Positive duals first, by dual per isolated utilisation (highest first); then the others. */
static int by_ratio(const void *x, const void *y)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    const pm *p = sort_pm;
    double pi = p->pi[i], pj = p->pi[j];
    if ((pi > 0) != (pj > 0))
        return pi > 0 ? -1 : 1;
    double ri = pi > 0 ? pi / (lbt_util(p->b, i, p->s) + 1e-12) : pi;
    double rj = pj > 0 ? pj / (lbt_util(p->b, j, p->s) + 1e-12) : pj;
    if (ri != rj)
        return ri > rj ? -1 : 1;
    return i < j ? -1 : (i > j);
}

/* Greedy column for size s: tasks in order, each kept if the group still passes with every
 * other task outside. A heuristic (no proof): 1 if its reduced cost is negative. */
static int greedy(pm *p, double thr)
{
    size_t k = 0;
    double sum = 0, util = 0;
    for (size_t q = 0; q < p->n; q++) {
        size_t t = p->order[q];
        double ut = lbt_util(p->b, t, p->s);
        if (p->pi[t] <= 0 || util + ut >= 1.0 + 1e-9 || conflicts(p, t, k))
            continue;
        p->G[k] = t;
        int r = complement_pass(p, k + 1);
        if (r < 0)
            return -1;
        if (r == 1) {
            k++;
            sum += p->pi[t];
            util += ut;
        }
    }
    if (k == 0 || sum <= thr + ADD_EPS)
        return 0;
    p->best_k = k;
    p->best_sum = sum;
    memcpy(p->best_G, p->G, k * sizeof *p->G);
    return 1;
}

/* Largest dual sum of a group on size s over a relaxation of the patterns: isolated utilisation
 * at most 1 + 1e-9, fractions allowed (the tasks in order, by dual per utilisation). Every
 * pattern's dual sum is at most this. */
static double knapsack_root(const pm *p)
{
    double room = 1.0 + 1e-9, kb = 0;
    for (size_t q = 0; q < p->n; q++) {
        size_t i = p->order[q];
        double pi = p->pi[i], ui = lbt_util(p->b, i, p->s);
        if (pi <= 0)
            break;
        if (ui <= room) {
            kb += pi;
            room -= ui;
        } else {
            kb += pi * (room > 0 ? room / ui : 0);
            break;
        }
    }
    return kb;
}

/* Pricing on size s: the best column into best_G (best_k 0 if none beats the threshold).
 * Returns its reduced cost (0 if none) or NAN when the search was cut short. With greedy, a
 * negative column of the greedy rule is returned instead when there is one (*exact false).
 * *rc_lb always receives a lower bound of the least reduced cost on size s: the exact value
 * when the search finished, else the knapsack relaxation's. */
static double price(pm *p, size_t s, bool try_greedy, bool *exact, double *rc_lb)
{
    p->s = s;
    p->n = 0;
    memset(p->out, 0, p->T);
    for (size_t i = 0; i < p->T; i++) {
        if (lbt_fits(p->b, i, s))
            p->order[p->n++] = i;
        else
            p->out[i] = 1; /* fails alone on s: never in a group on s, always outside */
    }
    sort_pm = p;
    qsort(p->order, p->n, sizeof *p->order, by_ratio);
    p->suffix[p->n] = 0.0;
    for (size_t q = p->n; q-- > 0;)
        p->suffix[q] = p->suffix[q + 1] + (p->pi[p->order[q]] > 0 ? p->pi[p->order[q]] : 0.0);
    double u = (double)(s + 1), thr = u * (1.0 - p->mu);
    *exact = false;
    double relaxed = thr - knapsack_root(p);
    *rc_lb = relaxed < 0 ? relaxed : 0.0;
    if (try_greedy) {
        int g = greedy(p, thr);
        if (g < 0) {
            p->oom = true;
            return NAN;
        }
        if (g == 1)
            return thr - p->best_sum;
    }
    *exact = true;
    p->best_sum = thr + ADD_EPS;
    p->best_k = 0;
    p->nodes = 0;
    p->truncated = false;
    dfs(p, 0, 0, 0.0, 0.0);
    p->res->pricing_nodes += p->nodes;
    if (p->truncated)
        return NAN;
    /* none found: every pattern's dual sum is at most thr + ADD_EPS */
    *rc_lb = p->best_k ? thr - p->best_sum : -ADD_EPS;
    return p->best_k ? *rc_lb : 0.0;
}

static int round_(pm *p, bool *done)
{
    ilp_outcome oc;
    bool hit;
    double left = p->deadline > 0 ? p->deadline - local_now() : 0;
    if (p->deadline > 0 && left <= 0) {
        *done = true;
        return ASSIGN_OK;
    }
    int rc = from_ilp(ilp_lp_solve(p->lp, left, &oc, &hit));
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
    bool exact = true, valid = true, added = false;
    double rc_min = 0.0;
    for (size_t s = 0; s < p->S; s++) {
        if (p->deadline > 0 && local_now() >= p->deadline) {
            exact = valid = false;
            break;
        }
        bool ex;
        double lb_s;
        double r = price(p, s, p->use_greedy, &ex, &lb_s);
        if (p->oom)
            return ASSIGN_ENOMEM;
        if (isnan(r) || !ex)
            exact = false;
        if (lb_s < rc_min)
            rc_min = lb_s;
        if (isnan(r))
            continue;
        if (p->best_k) {
            rc = add_pattern(p, p->best_G, p->best_k, (int64_t)(s + 1));
            if (rc != ASSIGN_OK)
                return rc;
            added = true;
        }
    }
    if (valid) {
        double k = (double)(p->T < p->S ? p->T : p->S);
        double lb = dsum + p->mu * (double)p->S + k * (rc_min - RC_EPS);
        double units = ceil(lb - 1e-6 * (fabs(lb) > 1 ? fabs(lb) : 1));
        if (units > (double)p->res->lb_units)
            p->res->lb_units = units > (double)p->S + 1 ? (int64_t)p->S + 1 : (int64_t)units;
        p->res->converged = exact && !added;
    }
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

int pattern_bound(lbt *b, const jlayout *inc, double deadline, int64_t stop_units, rt_diags *d,
                  pattern_result *out)
{
    memset(out, 0, sizeof *out);
    pm p = { .b = b, .T = lbt_tasks(b), .S = lbt_sizes(b), .deadline = deadline,
             .node_cap = NODE_LIMIT, .use_greedy = true, .res = out };
    size_t T = p.T ? p.T : 1;
    int rc = ASSIGN_ENOMEM;
    p.cover = malloc(T * sizeof *p.cover);
    p.pi = calloc(T, sizeof *p.pi);
    p.order = malloc(T * sizeof *p.order);
    p.G = malloc(T * sizeof *p.G);
    p.best_G = malloc(T * sizeof *p.best_G);
    p.out = malloc(T);
    p.comp = malloc(T);
    p.suffix = malloc((T + 1) * sizeof *p.suffix);
    p.rows = malloc((T + 1) * sizeof *p.rows);
    p.coef = malloc((T + 1) * sizeof *p.coef);
    if (!p.cover || !p.pi || !p.order || !p.G || !p.best_G || !p.out || !p.comp || !p.suffix ||
        !p.rows || !p.coef)
        goto done;
    if (!(p.lp = ilp_new("rtgpu_patterns", 0, d)))
        goto done;
    fill_conflicts(&p);
    rc = build(&p, inc);
    for (long r = 0; rc == ASSIGN_OK && r < MAX_ROUNDS && p.T > 0; r++) {
        bool fin = false;
        rc = round_(&p, &fin);
        if (fin || out->lb_units >= stop_units)
            break;
    }
done:
    ilp_free(p.lp);
    free(p.cover);
    free(p.pi);
    free(p.conf);
    free(p.order);
    free(p.G);
    free(p.best_G);
    free(p.out);
    free(p.comp);
    free(p.suffix);
    free(p.rows);
    free(p.coef);
    return rc;
}
