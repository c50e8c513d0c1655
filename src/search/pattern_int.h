/* pattern_int: the pattern master's state and the pricing primitives that the pool's enumeration
 * shares, private to pattern.c (the master, its pricing) and pattern_pool.c (the pool). */
#ifndef RT_PATTERN_INT_H
#define RT_PATTERN_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/ilp.h"
#include "search/pattern.h"

#define ROUND_COLS 8          /* columns kept per size and round (the best ones found) */

typedef struct pm {
    lbt *b;
    ilp *lp;
    size_t T, S;
    size_t C;              /* the master's cap: layouts of at most C units, patterns on sizes
                            * below C (every layout better than the incumbent) */
    double deadline;
    int *cover;            /* row of each task */
    int cap;
    double *pi, mu;
    unsigned char *conf;   /* [(s*T+i)*T+j]: i and j fail together in isolation on s */
    size_t *order, *G, *best_G, best_k;
    size_t *kept, kept_k[ROUND_COLS], n_kept; /* columns of this size and round, ROUND_COLS
                                               * groups of T entries, the oldest replaced */
    unsigned char *out, *comp;
    double *suffix, best_sum;
    size_t n, s;           /* pricing: candidates for size s */
    size_t *sorder;        /* sizes in the order a round prices them */
    long *cost;            /* per size: nodes of its last exact search */
    long nodes, node_cap;
    bool truncated, oom;
    int *rows;
    double *coef;
    long n_cols;
    bool use_greedy;       /* this round prices by the greedy rule first */
    pattern_result *res;
    /* the duals of the best Lagrangian bound so far (for the pool) */
    bool have_duals;
    double *bpi, bmu, brc, bper, blb, bratio;
    /* pool enumeration */
    struct pattern_pool *pool; /* pattern_pool.h */
    double need;           /* a group on size s enters when its dual sum reaches this */
    long enum_cap;
    bool pool_full;
    /* results of complement tests: key = size, then the group as a bitset of W words */
    size_t W, cache_cap, cache_used;
    uint64_t *ckey;        /* cache_cap * (W + 1) words; word 0 = size + 1 (0: empty slot) */
    unsigned char *cval;
    uint64_t *kscratch;
} pm;

struct pattern_master {
    pm p;
    pattern_result res; /* the rounds' counters; the pools add their enumeration nodes */
};

/* The candidates for size s (p->s): the tasks that pass alone on s into p->order (p->n of them;
 * positive duals first, by dual per isolated utilisation), the others marked outside in p->out,
 * and p->suffix[q] the sum of the positive duals of order[q ..]. */
void pm_candidates(pm *p, size_t s);
/* The fractional knapsack over order[pos ..] on size p->s (pattern.c): a bound of the dual sum
 * of every group that completes a partial group of dual sum `sum`, isolated utilisation `util`. */
double pm_knapsack(const pm *p, size_t pos, double sum, double util);
/* Does task t fail in isolation with one of p->G[0 .. k-1] on size p->s (conflict table)? */
bool pm_conflicts(const pm *p, size_t t, size_t k);
/* The group test of p->G (k tasks) on size p->s with every other task outside, remembered:
 * 1 pass, 0 fail, -1 out of memory. */
int pm_complement_pass(pm *p, size_t k);
/* qsort order of size_t values, ascending. */
int pm_cmp_size(const void *x, const void *y);
/* One more node of a depth-first search (the pricing's, the pool's) with cap nodes at most:
 * false, with p->truncated set, once the cap is passed or p->deadline has. The clock is read
 * every 16 nodes: a node runs up to two group tests (a few ms each on 40 tasks). */
bool pm_node(pm *p, long cap);

#endif
