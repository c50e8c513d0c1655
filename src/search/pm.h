/* pm: the pattern master's state and its groups of one size (the candidates, the prunings, the
 * remembered complement tests and the depth-first search), shared by the master's pricing
 * (pattern.c) and the pool's enumeration (pattern_pool.c). */
#ifndef RT_PM_H
#define RT_PM_H

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
    size_t *order, *G, *pool_G, best_k;
    size_t *kept, kept_k[ROUND_COLS], n_kept; /* columns of this size and round, ROUND_COLS
                                               * groups of T entries, the oldest replaced */
    unsigned char *out, *comp;
    double *suffix;
    size_t n, s;           /* pricing: candidates for size s */
    size_t *sorder;        /* sizes in the order a round prices them */
    long *cost;            /* per size: nodes of its last exact search */
    long nodes;
    bool truncated, oom;
    int *rows;
    double *coef;
    long n_cols;
    bool use_greedy;       /* this round prices by the greedy rule first */
    pattern_result *res;
    /* the duals of the best Lagrangian bound so far (for the pool) */
    bool have_duals;
    double *bpi, bmu, brc, bper, blb, bratio;
    /* the depth-first search (pm_search): a group counts when its dual sum passes need (the
     * pricing raises it to each better group found; the pool's is fixed) */
    double need;
    struct pattern_pool *pool; /* pattern_pool.h: the pool being enumerated */
    /* results of complement tests: key = size, then the group as a bitset of W words */
    size_t W, cache_cap, cache_used;
    uint64_t *ckey;        /* cache_cap * (W + 1) words; word 0 = size + 1 (0: empty slot) */
    unsigned char *cval;
    uint64_t *kscratch;
} pm;

/* The master (pattern.h) is its state and the rounds' counters; the pools add their
 * enumeration nodes. */
struct pattern_master {
    pm p;
    pattern_result res;
};

/* The arrays of p for p->T tasks and p->S sizes (the other fields set by the caller), and the
 * cache of complement tests (without memory for it, none: only a speed-up). 0, or -1 on out of
 * memory (pm_close frees what was made). */
int pm_open(pm *p);
/* Free p's arrays (not p->lp, the master's); safe on what pm_open left. */
void pm_close(pm *p);
/* The conflict table of the sizes below p->C (a speed-up: none without memory or past a size
 * limit): two tasks that fail together in isolation on a size. */
void pm_fill_conflicts(pm *p);
/* The candidates for size s (p->s): the tasks that pass alone on s into p->order (p->n of them;
 * positive duals first, by dual per isolated utilisation), the others marked outside in p->out,
 * and p->suffix[q] the sum of the positive duals of order[q ..]. */
void pm_candidates(pm *p, size_t s);
/* The fractional knapsack over order[pos ..] on size p->s: a bound of the dual sum of every
 * group that completes a partial group of dual sum `sum`, isolated utilisation `util`. */
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

/* What pm_search does with a group it found, p->G[0 .. k-1] of dual sum sum: false stops the
 * search (having set p->truncated or p->oom). */
typedef bool (*pm_hit_fn)(pm *p, size_t k, double sum);
/* The depth-first search over the candidates of size p->s (pm_candidates; highest dual first)
 * for every group that passes with every other task outside and whose dual sum passes p->need
 * (with reach: reaches it), each given to hit (which may raise p->need). It prunes a branch by
 * the prunings (a)-(d) of pattern.c, each a bound on what any completion can reach or pass. At
 * most cap nodes counted in p->nodes (pm_node); stops on p->truncated or p->oom. */
void pm_search(pm *p, long cap, bool reach, pm_hit_fn hit);

#endif
