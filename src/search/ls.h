/* ls: the local search's state and its descent (shrink, merge, move, swap), shared by the local
 * search (local.h) and the annealing (local_anneal.h). */
#ifndef RT_LS_H
#define RT_LS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search/bounds.h"
#include "search/judge.h"
#include "search/local.h"

typedef struct ls {
    judge *j;
    lbt *b;
    double deadline;
    size_t T, S;
    jlayout cur, cand, best, best_ins;
    bool have_best;
    size_t *grp, *order;
    unsigned char *out;
    uint64_t rng, xs;      /* the local search's draws (an LCG) and the annealing's (xorshift) */
    local_stats *st;
} ls;

/* The state for the tasks of b, both random sequences from seed; st borrowed. 0, or -1 on out
 * of memory (ls_close frees what was made). */
int ls_open(ls *s, judge *j, lbt *b, double deadline, local_stats *st, uint64_t seed);
/* Free what ls_open made. */
void ls_close(ls *s);
/* Whether s's deadline has passed. */
bool ls_expired(const ls *s);
/* Smallest size in units, within [lo, hi], on which group G (k tasks) passes the necessary test
 * with every other task outside; 0 if none, -1 on out of memory. */
int64_t ls_min_units(ls *s, const size_t *G, size_t k, int64_t lo, int64_t hi);
/* Judge l (normalised in place); a pass that beats the best layout becomes s->best (its times in
 * s->st). 1 pass, 0 fail, -1 out of memory; v receives the verdict. */
int ls_judge(ls *s, jlayout *l, jverdict *v);
/* Grow what fails: judge l; while it fails, every partition holding a miss gets one more unit
 * while the total stays within limit. 1 when l passes, 0 when it cannot, -1 out of memory. */
int ls_repair(ls *s, jlayout *l, int64_t limit);
/* Descend from s->cur (which passes) until no move improves it: 0, or -1 on out of memory. */
int ls_improve(ls *s);

#endif
