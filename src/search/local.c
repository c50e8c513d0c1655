/* local: the primal side of the partition search, a local search judged by the full analysis
 * (docs/assignment.md sec. 3).
 *
 * The one-partition minimum first; then the tasks inserted in several orders, each where the
 * full analysis of the tasks placed so far needs the fewest units after growing what fails, and
 * the complete layout improved by the descent of ls.c (shrink, merge, move, swap). When no move
 * applies, a perturbation moves one to three random tasks of the best layout to random
 * partitions, repairs, and improves again (iterated local search). local_anneal.c adds simulated
 * annealing through failing layouts, for what needs several tasks moved at once. */
#include "search/local.h"

#include <stdlib.h>
#include <string.h>

#include "search/ls.h"
#include "util/sort.h"

#define N_RANDOM_ORDERS 4

static uint64_t rnd(ls *s)
{
    s->rng = s->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return s->rng >> 33;
}

/* Tasks of partition p of l into s->grp (ascending); returns the count. */
static size_t members(ls *s, const jlayout *l, size_t p)
{
    size_t k = 0;
    for (size_t i = 0; i < s->T; i++)
        if (l->part[i] == p)
            s->grp[k++] = i;
    return k;
}

/* Insert task t into partition p of s->cur (p == n_parts: a new one), the partition resized
 * to the group test's smallest size, then grow what fails (the full analysis of the tasks
 * placed so far). The result in s->cand; 1 when it passes within the GPU, 0, -1 OOM. */
static int insert_at(ls *s, size_t t, size_t p)
{
    jlayout *c = &s->cand;
    judge_copy(c, &s->cur);
    size_t k = p < c->n_parts ? members(s, c, p) : 0;
    s->grp[k++] = t;
    int64_t lo = p < c->n_parts ? c->units[p] : 1;
    int64_t u = ls_min_units(s, s->grp, k, lo, (int64_t)s->S - (judge_units(c) - (p < c->n_parts ? lo : 0)));
    if (u <= 0)
        return u < 0 ? -1 : 0;
    if (p == c->n_parts)
        c->n_parts++;
    c->part[t] = p;
    c->units[p] = u;
    return ls_repair(s, c, (int64_t)s->S);
}

/* Insert the tasks in s->order, each where the full analysis of the tasks placed so far needs
 * the fewest units after growing what fails (ties: joining, the lowest partition first; or
 * opening, with prefer_new); then improve the complete layout. */
static int construct(ls *s, bool prefer_new)
{
    jlayout *c = &s->cur;
    size_t T = s->T;
    c->n_parts = 0;
    for (size_t i = 0; i < T; i++)
        c->part[i] = JL_UNPLACED;
    for (size_t q = 0; q < T; q++) {
        size_t t = s->order[q];
        int64_t best = -1;
        bool best_new = false;
        for (size_t p = 0; p <= c->n_parts && p < T; p++) {
            if (ls_expired(s))
                return 0;
            int r = insert_at(s, t, p);
            if (r < 0)
                return -1;
            if (r == 0)
                continue;
            int64_t u = judge_units(&s->cand);
            bool is_new = p == c->n_parts;
            if (best < 0 || u < best || (u == best && prefer_new && is_new && !best_new)) {
                best = u;
                best_new = is_new;
                judge_copy(&s->best_ins, &s->cand);
            }
        }
        if (best < 0)
            return 0;
        judge_copy(c, &s->best_ins);
    }
    return ls_improve(s) < 0 ? -1 : 1;
}

/* The one-partition minimum: every task in one partition, the smallest size that passes. */
static int one_partition(ls *s)
{
    jlayout *c = &s->cur;
    for (size_t i = 0; i < s->T; i++) {
        c->part[i] = 0;
        s->grp[i] = i;
    }
    c->n_parts = 1;
    for (int64_t u = 1; u <= (int64_t)s->S && !ls_expired(s); u++) {
        int r = bounds_group_pass(s->b, s->grp, s->T, (size_t)(u - 1), NULL);
        if (r < 0)
            return -1;
        if (r == 0)
            continue; /* fails with isolated WCETs, which are its WCETs here: no co-runner */
        c->units[0] = u;
        jverdict v;
        r = ls_judge(s, c, &v);
        if (r != 0) {
            if (r == 1)
                s->st->one_units = u;
            return r;
        }
    }
    return 0;
}

/* Orders of insertion: decreasing alone size, decreasing utilisation on the whole GPU,
 * increasing deadline, file order, then random shuffles. */
typedef struct order_key {
    const lbt *b;
    int kind;              /* 0 .. 3: the four orders by a key, in that sequence */
} order_key;

static int order_cmp(const void *x, const void *y, void *ctx)
{
    size_t i = *(const size_t *)x, j = *(const size_t *)y;
    const order_key *k = ctx;
    const lbt *b = k->b;
    double a = 0, c = 0;
    if (k->kind == 0) {
        a = -(double)bounds_alone(b, i);
        c = -(double)bounds_alone(b, j);
    } else if (k->kind == 1) {
        a = -bounds_util(b, i, bounds_sizes(b) - 1);
        c = -bounds_util(b, j, bounds_sizes(b) - 1);
    } else if (k->kind == 2) {
        a = (double)bounds_priority(b, i);
        c = (double)bounds_priority(b, j);
    }
    int r = sort_cmp_double(a, c);
    return r ? r : sort_cmp_size(i, j);
}

static void make_order(ls *s, int kind)
{
    for (size_t i = 0; i < s->T; i++)
        s->order[i] = i;
    if (kind <= 3) {
        order_key key = { .b = s->b, .kind = kind };
        sort_ctx(s->order, s->T, sizeof *s->order, order_cmp, &key);
        return;
    }
    for (size_t i = s->T; i > 1; i--) {
        size_t k = (size_t)(rnd(s) % i), t = s->order[i - 1];
        s->order[i - 1] = s->order[k];
        s->order[k] = t;
    }
}

/* Kick the best layout: n random tasks to random partitions (or new ones), repair, improve. */
static int perturb(ls *s, size_t n)
{
    judge_copy(&s->cur, &s->best);
    jlayout *c = &s->cur;
    for (size_t q = 0; q < n; q++) {
        size_t t = (size_t)(rnd(s) % s->T), p = (size_t)(rnd(s) % (c->n_parts + 1));
        if (p == c->part[t] || p >= s->T)
            continue;
        if (p == c->n_parts) {
            c->n_parts++;
            s->grp[0] = t;
            int64_t u = ls_min_units(s, s->grp, 1, 1, (int64_t)s->S);
            if (u <= 0)
                return u < 0 ? -1 : 0;
            c->units[p] = u;
        } else {
            size_t k = members(s, c, p);
            s->grp[k++] = t;
            int64_t u = ls_min_units(s, s->grp, k, c->units[p], (int64_t)s->S);
            if (u <= 0)
                return u < 0 ? -1 : 0;
            c->units[p] = u;
        }
        c->part[t] = p;
        judge_normalise(c);
    }
    int r = ls_repair(s, c, (int64_t)s->S);
    if (r != 1)
        return r;
    return ls_improve(s) < 0 ? -1 : 1;
}

static int run(ls *s, long max_idle)
{
    int r = one_partition(s);
    if (r < 0)
        return -1;
    /* each order twice: ties between joining and opening go to joining (few, large
     * partitions), then to opening (many small ones, which merges then combine) */
    for (int kind = 0; kind < 4 + N_RANDOM_ORDERS && !ls_expired(s); kind++) {
        make_order(s, kind);
        if (construct(s, false) < 0 || construct(s, true) < 0)
            return -1;
    }
    long idle = 0;
    while (s->have_best && idle < max_idle && !ls_expired(s) && s->T > 1) {
        int64_t before = judge_units(&s->best);
        if (perturb(s, 1 + (size_t)(idle % 3)) < 0)
            return -1;
        s->st->rounds++;
        idle = judge_units(&s->best) < before ? 0 : idle + 1;
    }
    return s->have_best;
}

int local_search(judge *j, lbt *b, double deadline, long max_idle, jlayout *best,
                 local_stats *st)
{
    memset(st, 0, sizeof *st);
    ls s;
    int rc = ls_open(&s, j, b, deadline, st, 0x2545F4914F6CDD1DULL);
    if (rc == 0 && s.T)
        rc = run(&s, max_idle);
    if (rc == 1)
        judge_copy(best, &s.best);
    ls_close(&s);
    return rc;
}

