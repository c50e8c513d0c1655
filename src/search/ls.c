/* ls: the local search's state and its descent (docs/assignment.md sec. 3), shared by the local
 * search (local.c) and the annealing (local_anneal.c).
 *
 * Sizes are proposed by the necessary group test of bounds.h (the smallest size on which a group
 * could pass, with every task outside it on other partitions), and every layout is then judged
 * by the full analysis (judge_eval). A layout that fails is completed by growing each partition
 * that holds a miss by one unit of g at a time, within a budget of units. Moves keep only what
 * the full analysis accepts and what uses fewer SMs than the current layout (first improvement):
 *   shrink  one partition by one unit;
 *   merge   two partitions into one;
 *   move    one task into another (or a new) partition, both resized;
 *   swap    two tasks of two partitions, both resized. */
#include "search/ls.h"

#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"

/* ---- The state ---- */

int ls_open(ls *s, judge *j, lbt *b, double deadline, local_stats *st, uint64_t seed)
{
    *s = (ls){ .j = j, .b = b, .deadline = deadline, .T = bounds_tasks(b), .S = bounds_sizes(b),
               .rng = seed, .xs = 88172645463325252ULL + seed * 0x9E3779B97F4A7C15ULL,
               .st = st };
    size_t T = s->T ? s->T : 1;
    s->grp = malloc(T * sizeof *s->grp);
    s->order = malloc(T * sizeof *s->order);
    s->out = malloc(T);
    bool ok = s->grp && s->order && s->out;
    ok = judge_init(&s->cur, s->T) == 0 && ok;
    ok = judge_init(&s->cand, s->T) == 0 && ok;
    ok = judge_init(&s->best, s->T) == 0 && ok;
    ok = judge_init(&s->best_ins, s->T) == 0 && ok;
    return ok ? 0 : -1;
}

void ls_close(ls *s)
{
    judge_fini(&s->cur);
    judge_fini(&s->cand);
    judge_fini(&s->best);
    judge_fini(&s->best_ins);
    free(s->grp);
    free(s->order);
    free(s->out);
}

bool ls_expired(const ls *s)
{
    return search_past(s->deadline);
}

/* ---- Sizes, the judge and the repair ---- */

/* Smallest size in units, within [lo, hi], on which group G (k tasks) passes the necessary
 * test with every other task outside; 0 if none, -1 on out of memory. */
int64_t ls_min_units(ls *s, const size_t *G, size_t k, int64_t lo, int64_t hi)
{
    if (k == 0)
        return 0;
    memset(s->out, 1, s->T);
    for (size_t t = 0; t < k; t++)
        s->out[G[t]] = 0;
    if (lo < 1)
        lo = 1;
    if (hi > (int64_t)s->S)
        hi = (int64_t)s->S;
    for (int64_t u = lo; u <= hi; u++) {
        int r = bounds_group_pass(s->b, G, k, (size_t)(u - 1), s->out);
        if (r < 0)
            return -1;
        if (r == 1)
            return u;
    }
    return 0;
}

/* Judge l (normalised in place); a pass that beats the best layout becomes the best.
 * 1 pass, 0 fail, -1 out of memory. v receives the verdict. */
int ls_judge(ls *s, jlayout *l, jverdict *v)
{
    if (judge_eval(s->j, l, v) != 0)
        return -1;
    if (!v->pass)
        return 0;
    int64_t u = judge_units(l);
    if (judge_complete(l) && (!s->have_best || u < judge_units(&s->best))) {
        double t = search_now();
        if (!s->have_best)
            s->st->t_first = t;
        s->st->t_best = t;
        judge_copy(&s->best, l);
        s->have_best = true;
    }
    return 1;
}

/* Grow what fails: judge l; while it fails, every partition holding a miss gets one more unit
 * while the total stays within limit. 1 when l passes, 0 when it cannot, -1 OOM. */
int ls_repair(ls *s, jlayout *l, int64_t limit)
{
    for (;;) {
        if (judge_units(l) > limit)
            return 0;
        jverdict v;
        int r = ls_judge(s, l, &v);
        if (r != 0)
            return r;
        if (ls_expired(s))
            return 0;
        /* v.miss is per task and stays valid until the next judge call */
        if (judge_grow_missing(l, v.miss, limit - judge_units(l), bounds_rule(s->b)) == 0)
            return 0;
    }
}

/* Candidate s->cand (cheaper than s->cur): repaired within one unit below s->cur; on success
 * it becomes s->cur. 1 accepted, 0 not, -1 OOM. */
static int try_cand(ls *s)
{
    int64_t limit = judge_units(&s->cur) - 1;
    int r = ls_repair(s, &s->cand, limit);
    if (r == 1)
        judge_copy(&s->cur, &s->cand);
    return r;
}

/* ---- The moves of the descent ---- */

/* Shrink: each partition, largest first, loses units (down to the next allowed size, sizes.h)
 * while the layout still passes. */
static int shrink(ls *s, bool *changed)
{
    const size_rule *rule = bounds_rule(s->b);
    for (size_t p = 0; p < s->cur.n_parts && !ls_expired(s); p++)
        while (sizes_down(rule, s->cur.units[p] - 1) > 0 && !ls_expired(s)) {
            judge_copy(&s->cand, &s->cur);
            s->cand.units[p] = sizes_down(rule, s->cand.units[p] - 1);
            jverdict v;
            int r = ls_judge(s, &s->cand, &v);
            if (r < 0)
                return -1;
            if (r == 0)
                break;
            judge_copy(&s->cur, &s->cand);
            *changed = true;
        }
    return 0;
}

/* Merge two partitions into one smaller than both together. */
static int merge(ls *s, bool *changed)
{
    jlayout *c = &s->cur;
    for (size_t p = 0; p < c->n_parts; p++)
        for (size_t q = p + 1; q < c->n_parts; q++) {
            if (ls_expired(s))
                return 0;
            size_t k = 0;
            for (size_t i = 0; i < s->T; i++)
                if (c->part[i] == p || c->part[i] == q)
                    s->grp[k++] = i;
            int64_t u = ls_min_units(s, s->grp, k, 1, c->units[p] + c->units[q] - 1);
            if (u < 0)
                return -1;
            if (u == 0)
                continue;
            judge_copy(&s->cand, c);
            for (size_t i = 0; i < s->T; i++)
                if (s->cand.part[i] == q)
                    s->cand.part[i] = p;
            s->cand.units[p] = u;
            s->cand.units[q] = 0;
            judge_normalise(&s->cand);
            int r = try_cand(s);
            if (r != 0) {
                *changed = r == 1;
                return r < 0 ? -1 : 0;
            }
        }
    return 0;
}

/* Sizes for partition p of cur after removing task t and adding task a (a == T: none): the
 * smallest passing size up to hi. 0 with *empty when nothing is left, -1 OOM. */
static int64_t resized(ls *s, size_t p, size_t t, size_t a, int64_t hi, bool *empty)
{
    size_t k = 0;
    for (size_t i = 0; i < s->T; i++)
        if ((s->cur.part[i] == p && i != t) || i == a)
            s->grp[k++] = i;
    *empty = k == 0;
    return k ? ls_min_units(s, s->grp, k, 1, hi) : 0;
}

/* Move task t into partition q (q == n_parts: a new one), both resized. */
static int move_one(ls *s, size_t t, size_t q, bool *changed)
{
    jlayout *c = &s->cur;
    size_t p = c->part[t];
    if (q >= s->T)
        return 0; /* every task has its own partition already */
    int64_t up = c->units[p], uq = q < c->n_parts ? c->units[q] : 0;
    bool empty_p, empty_q;
    int64_t a = resized(s, p, t, s->T, up, &empty_p);
    if (a < 0 || (a == 0 && !empty_p))
        return a < 0 ? -1 : 0;
    int64_t b;
    if (q < c->n_parts) {
        b = resized(s, q, s->T, t, up + uq - a - 1, &empty_q);
    } else {
        s->grp[0] = t;
        b = ls_min_units(s, s->grp, 1, 1, up - a - 1);
    }
    if (b <= 0)
        return b < 0 ? -1 : 0;
    judge_copy(&s->cand, c);
    s->cand.part[t] = q;
    if (q == c->n_parts)
        s->cand.n_parts++;
    s->cand.units[p] = a;
    s->cand.units[q] = b;
    judge_normalise(&s->cand);
    int r = try_cand(s);
    *changed = r == 1;
    return r < 0 ? -1 : 0;
}

static int moves(ls *s, bool *changed)
{
    for (size_t t = 0; t < s->T; t++)
        for (size_t q = 0; q <= s->cur.n_parts; q++) {
            if (ls_expired(s))
                return 0;
            if (q == s->cur.part[t])
                continue;
            if (move_one(s, t, q, changed) < 0)
                return -1;
            if (*changed)
                return 0;
        }
    return 0;
}

/* Swap tasks t and u of two partitions, both resized. */
static int swaps(ls *s, bool *changed)
{
    jlayout *c = &s->cur;
    for (size_t t = 0; t < s->T; t++)
        for (size_t u = t + 1; u < s->T; u++) {
            size_t p = c->part[t], q = c->part[u];
            if (p == q)
                continue;
            if (ls_expired(s))
                return 0;
            bool e;
            int64_t total = c->units[p] + c->units[q];
            int64_t a = resized(s, p, t, u, total - 2, &e);
            if (a <= 0) {
                if (a < 0)
                    return -1;
                continue;
            }
            int64_t b = resized(s, q, u, t, total - a - 1, &e);
            if (b <= 0) {
                if (b < 0)
                    return -1;
                continue;
            }
            judge_copy(&s->cand, c);
            s->cand.part[t] = q;
            s->cand.part[u] = p;
            s->cand.units[p] = a;
            s->cand.units[q] = b;
            int r = try_cand(s);
            if (r < 0)
                return -1;
            if (r == 1) {
                *changed = true;
                return 0;
            }
        }
    return 0;
}

/* Descend from s->cur (which passes) until no move improves it. */
int ls_improve(ls *s)
{
    for (;;) {
        bool changed = false;
        if (shrink(s, &changed) < 0)
            return -1;
        if (!changed && merge(s, &changed) < 0)
            return -1;
        if (!changed && moves(s, &changed) < 0)
            return -1;
        if (!changed && swaps(s, &changed) < 0)
            return -1;
        if (!changed || ls_expired(s))
            return 0;
    }
}
