/* pm: the pattern master's state and its groups of one size, shared by the master's pricing
 * (pattern.c) and the pool's enumeration (pattern_pool.c): the candidates in dual order, the
 * prunings of pattern.c's header ((a) the dual sum's bound, (b) the conflict table, (c) the
 * isolated utilisation, (d) the test with the tasks decided outside), the complement tests
 * remembered, and the one depth-first search over the groups. */
#include "search/pm.h"

#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"
#include "util/sort.h"

#define CONF_MAX 20000000.0   /* T*T*S above which no conflict table is built */
#define CACHE_SLOTS ((size_t)1 << 18) /* most remembered complement tests (half filled) */

/* ---- The state ---- */

int pm_open(pm *p)
{
    size_t T = p->T ? p->T : 1;
    p->cover = malloc(T * sizeof *p->cover);
    p->pi = calloc(T, sizeof *p->pi);
    p->order = malloc(T * sizeof *p->order);
    p->G = malloc(T * sizeof *p->G);
    p->pool_G = malloc(T * sizeof *p->pool_G);
    p->out = malloc(T);
    p->comp = malloc(T);
    p->suffix = malloc((T + 1) * sizeof *p->suffix);
    p->rows = malloc((T + 1) * sizeof *p->rows);
    p->coef = malloc((T + 1) * sizeof *p->coef);
    p->bpi = malloc(T * sizeof *p->bpi);
    p->kept = malloc(ROUND_COLS * T * sizeof *p->kept);
    p->sorder = malloc((p->S ? p->S : 1) * sizeof *p->sorder);
    p->cost = calloc(p->S ? p->S : 1, sizeof *p->cost);
    if (!p->sorder || !p->cost || !p->bpi || !p->kept || !p->cover || !p->pi || !p->order ||
        !p->G || !p->pool_G || !p->out || !p->comp || !p->suffix || !p->rows || !p->coef)
        return -1;
    p->W = (p->T + 63) / 64;
    p->cache_cap = 1024; /* a power of two: 256 slots per (task, size), at most CACHE_SLOTS */
    while (p->cache_cap < CACHE_SLOTS &&
           (double)p->cache_cap < 256.0 * (double)p->T * (double)p->S)
        p->cache_cap *= 2;
    p->ckey = calloc(p->cache_cap * (p->W + 1), sizeof *p->ckey);
    p->cval = malloc(p->cache_cap);
    p->kscratch = malloc((p->W + 1) * sizeof *p->kscratch);
    if (!p->ckey || !p->cval || !p->kscratch) { /* only a speed-up */
        free(p->ckey);
        p->ckey = NULL;
    }
    return 0;
}

void pm_close(pm *p)
{
    free(p->cover);
    free(p->pi);
    free(p->conf);
    free(p->order);
    free(p->G);
    free(p->pool_G);
    free(p->out);
    free(p->comp);
    free(p->suffix);
    free(p->rows);
    free(p->coef);
    free(p->bpi);
    free(p->kept);
    free(p->ckey);
    free(p->cval);
    free(p->kscratch);
    free(p->sorder);
    free(p->cost);
}

/* ---- The prunings and the remembered tests ---- */

void pm_fill_conflicts(pm *p)
{
    double cells = (double)p->T * (double)p->T * (double)p->S;
    if (cells > CONF_MAX)
        return;
    p->conf = calloc((size_t)cells ? (size_t)cells : 1, 1);
    if (!p->conf)
        return; /* only a speed-up */
    for (size_t s = 0; s < p->C; s++)
        for (size_t i = 0; i < p->T; i++)
            for (size_t j = i + 1; j < p->T; j++) {
                if (!bounds_fits(p->b, i, s) || !bounds_fits(p->b, j, s))
                    continue;
                size_t G[2] = {i, j};
                int r = bounds_group_pass(p->b, G, 2, s, NULL);
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

bool pm_conflicts(const pm *p, size_t t, size_t k)
{
    if (!p->conf)
        return false;
    const unsigned char *row = p->conf + (p->s * p->T + t) * p->T;
    for (size_t q = 0; q < k; q++)
        if (row[p->G[q]])
            return true;
    return false;
}

static int complement_test(pm *p, size_t k)
{
    memset(p->comp, 1, p->T);
    for (size_t q = 0; q < k; q++)
        p->comp[p->G[q]] = 0;
    return bounds_group_pass(p->b, p->G, k, p->s, p->comp);
}

/* Test of G (k tasks) with every other task outside, remembered (the test of a group on a size
 * never changes; rounds and the pool enumeration ask the same groups again). */
int pm_complement_pass(pm *p, size_t k)
{
    uint64_t *key = p->kscratch;
    size_t slot = 0;
    if (p->ckey) {
        memset(key, 0, (p->W + 1) * sizeof *key);
        key[0] = p->s + 1;
        for (size_t q = 0; q < k; q++)
            key[1 + p->G[q] / 64] |= (uint64_t)1 << (p->G[q] % 64);
        uint64_t h = 1469598103934665603ULL;
        for (size_t w = 0; w <= p->W; w++)
            h = (h ^ key[w]) * 1099511628211ULL;
        slot = (size_t)(h ^ (h >> 29)) & (p->cache_cap - 1);
        for (;;) {
            const uint64_t *e = p->ckey + slot * (p->W + 1);
            if (e[0] == 0)
                break;
            if (memcmp(e, key, (p->W + 1) * sizeof *key) == 0)
                return p->cval[slot];
            slot = (slot + 1) & (p->cache_cap - 1);
        }
    }
    int r = complement_test(p, k);
    if (r >= 0 && p->ckey && p->cache_used < p->cache_cap / 2) {
        memcpy(p->ckey + slot * (p->W + 1), key, (p->W + 1) * sizeof *key);
        p->cval[slot] = (unsigned char)r;
        p->cache_used++;
    }
    return r;
}

int pm_cmp_size(const void *x, const void *y)
{
    return sort_cmp_size(*(const size_t *)x, *(const size_t *)y);
}

/* The fractional knapsack: the largest dual sum of a group on size s that holds a partial group
 * of dual sum `sum` and isolated utilisation `util`, completed from the tasks order[pos ..]
 * (by dual per utilisation, highest first), the isolated utilisation of a passing group at most
 * 1 + 1e-9 and fractions allowed. Every completion's dual sum is at most this. */
double pm_knapsack(const pm *p, size_t pos, double sum, double util)
{
    double room = 1.0 + 1e-9 - util, kb = sum;
    for (size_t q = pos; q < p->n; q++) {
        size_t i = p->order[q];
        double pi = p->pi[i], ui = bounds_util(p->b, i, p->s);
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

/* ---- The candidates and the depth-first search ---- */

/* Positive duals first, by dual per isolated utilisation (highest first); then the others
 * (ctx: the pm). */
static int by_ratio(const void *x, const void *y, void *ctx)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    const pm *p = ctx;
    double pi = p->pi[i], pj = p->pi[j];
    if ((pi > 0) != (pj > 0))
        return pi > 0 ? -1 : 1;
    double ri = pi > 0 ? pi / (bounds_util(p->b, i, p->s) + 1e-12) : pi;
    double rj = pj > 0 ? pj / (bounds_util(p->b, j, p->s) + 1e-12) : pj;
    int c = sort_cmp_double(rj, ri);
    return c ? c : sort_cmp_size(i, j);
}

void pm_candidates(pm *p, size_t s)
{
    p->s = s;
    p->n = 0;
    memset(p->out, 0, p->T);
    for (size_t i = 0; i < p->T; i++) {
        if (bounds_fits(p->b, i, s))
            p->order[p->n++] = i;
        else
            p->out[i] = 1; /* fails alone on s: never in a group on s, always outside */
    }
    sort_ctx(p->order, p->n, sizeof *p->order, by_ratio, p);
    p->suffix[p->n] = 0.0;
    for (size_t q = p->n; q-- > 0;)
        p->suffix[q] = p->suffix[q + 1] + (p->pi[p->order[q]] > 0 ? p->pi[p->order[q]] : 0.0);
}

bool pm_node(pm *p, long cap)
{
    if (++p->nodes > cap || ((p->nodes & 15) == 0 && search_past(p->deadline)))
        p->truncated = true;
    return !p->truncated;
}

/* What one pm_search walks with. */
typedef struct walk {
    long cap;
    bool reach;
    pm_hit_fn hit;
} walk;

/* Whether dual sum x (an upper bound or a group's) passes p->need: the pricing wants more than
 * its best, the pool at least its threshold. */
static bool passes(const pm *p, const walk *w, double x)
{
    return w->reach ? x >= p->need : x > p->need;
}

/* Task order[pos] in (when it fits) and out, the group so far G[0 .. k-1] of dual sum sum and
 * isolated utilisation util. */
static void dfs(pm *p, const walk *w, size_t pos, size_t k, double sum, double util)
{
    if (p->truncated || p->oom)
        return;
    if (!pm_node(p, w->cap))
        return;
    if (pos == p->n || !passes(p, w, sum + p->suffix[pos]))
        return;
    /* the fractional knapsack over the undecided tasks */
    if (!passes(p, w, pm_knapsack(p, pos, sum, util)))
        return;
    size_t t = p->order[pos];
    double ut = bounds_util(p->b, t, p->s);
    if (util + ut < 1.0 + 1e-9 && !pm_conflicts(p, t, k)) {
        p->G[k] = t;
        int r = pm_complement_pass(p, k + 1);
        if (r == 1 && passes(p, w, sum + p->pi[t]) && !w->hit(p, k + 1, sum + p->pi[t]))
            return;
        /* the complement holds the decided-outside set: a pass there is a pass here */
        if (r == 0)
            r = bounds_group_pass(p->b, p->G, k + 1, p->s, p->out);
        if (r < 0) {
            p->oom = true;
            return;
        }
        if (r == 1)
            dfs(p, w, pos + 1, k + 1, sum + p->pi[t], util + ut);
    }
    p->out[t] = 1;
    dfs(p, w, pos + 1, k, sum, util);
    p->out[t] = 0;
}

void pm_search(pm *p, long cap, bool reach, pm_hit_fn hit)
{
    walk w = { .cap = cap, .reach = reach, .hit = hit };
    dfs(p, &w, 0, 0, 0.0, 0.0);
}
