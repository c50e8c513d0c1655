/* pattern_pool: the patterns that the closing MIP (pattern_mip.c) chooses from (docs/assignment.md
 * sec. 5a, "The pool"): enumerated per size from the duals of the pattern master's best bound
 * (pattern.c) by the pricing's search with a fixed threshold (pm.h), stored flat, and ordered
 * for the MIP (the incumbent's patterns first, then by least reduced cost). */
#include "search/pattern_pool.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "search/pm.h"
#include "search/search_int.h"
#include "util/analyzer.h"
#include "util/sort.h"

#define ENUM_NODES 4000000L /* nodes of the pool enumeration, all sizes together */
#define POOL_MAX 200000      /* patterns in the pool */

void pattern_pool_fini(pattern_pool *p)
{
    if (!p)
        return;
    free(p->units);
    free(p->first);
    free(p->task);
    memset(p, 0, sizeof *p);
}

size_t pattern_pool_find(const pattern_pool *p, const size_t *G, size_t k, int64_t u)
{
    for (size_t q = 0; q < p->n; q++)
        if (p->units[q] == u && p->first[q + 1] - p->first[q] == k &&
            memcmp(p->task + p->first[q], G, k * sizeof *G) == 0)
            return q;
    return (size_t)-1;
}

/* Append (G sorted, u) to the pool. 0, or -1 on out of memory. */
static int pool_add(pattern_pool *pl, size_t *G, size_t k, int64_t u)
{
    qsort(G, k, sizeof *G, pm_cmp_size);
    if (pl->n + 2 > pl->cap) {
        size_t c = pl->cap ? 2 * pl->cap : 256;
        int64_t *un = realloc(pl->units, c * sizeof *un);
        if (!un)
            return -1;
        pl->units = un;
        size_t *f = realloc(pl->first, (c + 1) * sizeof *f);
        if (!f)
            return -1;
        pl->first = f;
        pl->cap = c;
    }
    if (pl->n_task + k > pl->task_cap) {
        size_t c = pl->task_cap ? 2 * pl->task_cap : 1024;
        while (c < pl->n_task + k)
            c *= 2;
        size_t *t = realloc(pl->task, c * sizeof *t);
        if (!t)
            return -1;
        pl->task = t;
        pl->task_cap = c;
    }
    if (pl->n == 0)
        pl->first[0] = 0;
    memcpy(pl->task + pl->n_task, G, k * sizeof *G);
    pl->n_task += k;
    pl->units[pl->n++] = u;
    pl->first[pl->n] = pl->n_task;
    return 0;
}

/* The enumeration's hit (pm_search): a group on size p->s whose dual sum reaches p->need goes
 * into the pool, unless it is full (then the enumeration is cut short).
 * gcc 12 -fanalyzer reports a false leak at pool_add here (since the pool has a file of its
 * own): what pool_add reallocates is stored in the pool (p->pool), which the caller of
 * pattern_pool_build frees with pattern_pool_fini. */
RT_ANALYZER_OFF("-Wanalyzer-malloc-leak")
static bool pool_hit(pm *p, size_t k, double sum)
{
    (void)sum;
    if (p->pool->n >= POOL_MAX) {
        p->truncated = true;
        return false;
    }
    memcpy(p->pool_G, p->G, k * sizeof *p->G);
    if (pool_add(p->pool, p->pool_G, k, (int64_t)(p->s + 1)) != 0) {
        p->oom = true;
        return false;
    }
    return true;
}
RT_ANALYZER_ON

/* Patterns by reduced cost (ctx: one per pattern), least first; ties by index. */
static int by_rc(const void *x, const void *y, void *ctx)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    const double *rc = ctx;
    int c = sort_cmp_double(rc[a], rc[b]);
    return c ? c : sort_cmp_size(a, b);
}

/* Order the pool for the MIP: the incumbent's patterns first (their indices in inc_q, k_inc of
 * them), then by least reduced cost under the current duals (ties by enumeration order). A pool
 * that is not exhaustive proves nothing; the MIP then takes growing prefixes of it as a
 * heuristic (minsms.c), the most promising patterns first. 0, or -1 on out of memory. */
static int order_pool(pm *p, const size_t *inc_q, size_t k_inc)
{
    pattern_pool *pl = p->pool, nw = {0};
    double *rc = malloc((pl->n ? pl->n : 1) * sizeof *rc);
    size_t *idx = malloc((pl->n ? pl->n : 1) * sizeof *idx);
    int ret = -1;
    if (!rc || !idx)
        goto out;
    for (size_t q = 0; q < pl->n; q++) {
        double sum = 0;
        for (size_t t = pl->first[q]; t < pl->first[q + 1]; t++)
            sum += p->pi[pl->task[t]];
        rc[q] = (double)pl->units[q] * (1.0 - p->mu) - sum;
        idx[q] = q;
    }
    for (size_t r = 0; r < k_inc; r++)
        rc[inc_q[r]] = -INFINITY;
    sort_ctx(idx, pl->n, sizeof *idx, by_rc, rc);
    for (size_t r = 0; r < pl->n; r++) {
        size_t q = idx[r], k = pl->first[q + 1] - pl->first[q];
        memcpy(p->pool_G, pl->task + pl->first[q], k * sizeof *p->pool_G);
        if (pool_add(&nw, p->pool_G, k, pl->units[q]) != 0) {
            pattern_pool_fini(&nw);
            goto out;
        }
    }
    nw.max_units = pl->max_units;
    nw.exhaustive = pl->exhaustive;
    pattern_pool_fini(pl);
    *pl = nw;
    ret = 0;
out:
    free(rc);
    free(idx);
    return ret;
}

/* The pool (docs/assignment.md sec. 5): with the duals (pi, mu <= 0) of the best bound and rc*
 * a lower bound of every reduced cost, every layout x of cost c(x) <= U satisfies, for each of
 * its patterns q,  U >= c(x) >= rc_q + (K - 1) min(0, rc*) + sum pi + mu S  (K = min(T, S)
 * patterns at most), so rc_q <= delta = U - sum pi - mu S - (K - 1) min(0, rc*), i.e. the dual
 * sum of q's group reaches u (1 - mu) - delta. Enumerating those for every size gives all
 * patterns such a layout can use; a cut-short enumeration is marked not exhaustive. */
static int build_pool(pm *p, const jlayout *inc, int64_t pool_units, double deadline, bool all)
{
    pattern_pool *pl = p->pool;
    /* layouts of at most lim units: the master's cap bounds the duals' validity */
    int64_t lim = all || pool_units < (int64_t)p->C ? pool_units : (int64_t)p->C;
    pl->max_units = lim;
    bool complete = false;
    if (all && !p->have_duals) {
        memset(p->bpi, 0, p->T * sizeof *p->bpi); /* any duals enumerate everything */
        p->bmu = 0;
        p->brc = 0;
        p->bper = 0;
        p->bratio = 0;
        p->have_duals = true;
    }
    if (p->have_duals) {
        memcpy(p->pi, p->bpi, p->T * sizeof *p->pi);
        p->mu = p->bmu;
        double dsum = 0;
        for (size_t i = 0; i < p->T; i++)
            dsum += p->pi[i];
        double E = (double)lim, K = E < (double)p->T ? E : (double)p->T, r = p->bratio;
        /* the other patterns' reduced costs add up to at least the larger of (K - 1) rc* and
         * E min_s rc*(s) / s (both <= 0) */
        double by_count = (K - 1) * (p->brc < 0 ? p->brc : 0.0);
        double by_units = E * (p->bper < 0 ? p->bper : 0.0);
        double delta = r > 0 ? (1.0 - p->mu / r) * E - dsum / r
                             : (1.0 - p->mu) * E - dsum -
                               (by_count > by_units ? by_count : by_units);
        delta += 1e-6 * (fabs(delta) > 1 ? fabs(delta) : 1); /* only ever loosens */
        p->deadline = deadline;
        p->nodes = 0;
        p->truncated = false;
        for (size_t s = 0; s < p->S && !p->truncated && !p->oom; s++) {
            if ((int64_t)(s + 1) > lim)
                break; /* a bigger pattern alone exceeds the layouts of interest */
            pm_candidates(p, s);
            /* with Farley's scaled duals pi/r, mu/r (every reduced cost >= 0):
             * rc'_q = u (1 - mu/r) - sum pi / r <= delta */
            p->need = r > 0 ? (double)(s + 1) * (r - p->mu) - r * delta
                            : (double)(s + 1) * (1.0 - p->mu) - delta;
            if (all)
                p->need = -INFINITY; /* --write-lp: every pattern that passes the test */
            pm_search(p, ENUM_NODES, true, pool_hit);
        }
        p->res->enum_nodes = p->nodes;
        if (p->oom)
            return ASSIGN_ENOMEM;
        complete = !p->truncated;
    }
    size_t k_inc = 0;
    for (size_t q = 0; inc && q < inc->n_parts; q++) {
        size_t k = 0;
        for (size_t i = 0; i < p->T; i++)
            if (inc->part[i] == q)
                p->G[k++] = i; /* ascending */
        if (!k)
            continue;
        size_t f = pattern_pool_find(pl, p->G, k, inc->units[q]);
        if (f == (size_t)-1) {
            if (pool_add(pl, p->G, k, inc->units[q]) != 0)
                return ASSIGN_ENOMEM;
            f = pl->n - 1;
        }
        p->order[k_inc++] = f; /* scratch: at most T partitions */
    }
    pl->exhaustive = complete;
    return order_pool(p, p->order, k_inc) == 0 ? ASSIGN_OK : ASSIGN_ENOMEM;
}

int pattern_pool_build(pattern_master *m, const jlayout *inc, int64_t units, double deadline,
                       bool all, pattern_pool *pool)
{
    pattern_pool_fini(pool);
    pm *p = &m->p;
    if (p->T == 0)
        return ASSIGN_OK;
    p->pool = pool;
    int rc = build_pool(p, inc, units, deadline, all);
    p->pool = NULL;
    return rc;
}
