/* local: the primal side of the partition search, a local search judged by the full analysis.
 *
 * Sizes are proposed by the necessary group test of bounds.h (the smallest size on which a group
 * could pass, with every task outside it on other partitions), and every layout is then judged
 * by the full analysis (judge_eval). A layout that fails is completed by growing each partition
 * that holds a miss by one unit of g at a time, within a budget of units. Moves keep only what
 * the full analysis accepts and what uses fewer SMs than the current layout (first improvement):
 *   shrink  one partition by one unit;
 *   merge   two partitions into one;
 *   move    one task into another (or a new) partition, both resized;
 *   swap    two tasks of two partitions, both resized.
 * When none applies, a perturbation moves one to three random tasks of the best layout to
 * random partitions, repairs, and improves again (iterated local search). local_anneal adds
 * simulated annealing through failing layouts, for what needs several tasks moved at once. */
#include "search/local.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"
#include "util/sort.h"

#define N_RANDOM_ORDERS 4
#define ANNEAL_IDLE 8         /* annealing runs, each from the best layout so far, until this
                               * many in a row bring nothing */
#define ANNEAL_EVALS 100000L  /* neighbours drawn in each, at most */
#define ANNEAL_PER_PAIR 250L  /* and at most this many per pair of tasks (small instances) */
#define ANNEAL_T0 1.0         /* its temperature, in units of g: first */
#define ANNEAL_T1 0.05        /* and last */
#define ANNEAL_MISS 4.0       /* a failing layout costs this many units more */
#define ANNEAL_PER_MISS 3.0   /* and this many per task that misses */

typedef struct ls {
    judge *j;
    lbt *b;
    double deadline;
    size_t T, S;
    jlayout cur, cand, best, best_ins;
    bool have_best;
    size_t *grp, *order;
    unsigned char *out;
    uint64_t rng, xs;
    local_stats *st;
} ls;

static bool expired(const ls *s)
{
    return search_past(s->deadline);
}

static uint64_t rnd(ls *s)
{
    s->rng = s->rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return s->rng >> 33;
}

/* xorshift64 (Marsaglia), for the annealing: many draws in a row, each reduced modulo a small
 * number */
static uint64_t xrnd(ls *s)
{
    s->xs ^= s->xs << 13;
    s->xs ^= s->xs >> 7;
    s->xs ^= s->xs << 17;
    return s->xs;
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

/* Smallest size in units, within [lo, hi], on which group G (k tasks) passes the necessary
 * test with every other task outside; 0 if none, -1 on out of memory. */
static int64_t min_units(ls *s, const size_t *G, size_t k, int64_t lo, int64_t hi)
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
        int r = lbt_group_pass(s->b, G, k, (size_t)(u - 1), s->out);
        if (r < 0)
            return -1;
        if (r == 1)
            return u;
    }
    return 0;
}

/* Judge l (normalised in place); a pass that beats the best layout becomes the best.
 * 1 pass, 0 fail, -1 out of memory. v receives the verdict. */
static int judge_pass(ls *s, jlayout *l, jverdict *v)
{
    if (judge_eval(s->j, l, v) != 0)
        return -1;
    if (!v->pass)
        return 0;
    int64_t u = jl_units(l);
    if (jl_complete(l) && (!s->have_best || u < jl_units(&s->best))) {
        double t = search_now();
        if (!s->have_best)
            s->st->t_first = t;
        s->st->t_best = t;
        jl_copy(&s->best, l);
        s->have_best = true;
    }
    return 1;
}

/* Grow what fails: judge l; while it fails, every partition holding a miss gets one more unit
 * while the total stays within limit. 1 when l passes, 0 when it cannot, -1 OOM. */
static int repair(ls *s, jlayout *l, int64_t limit)
{
    for (;;) {
        if (jl_units(l) > limit)
            return 0;
        jverdict v;
        int r = judge_pass(s, l, &v);
        if (r != 0)
            return r;
        if (expired(s))
            return 0;
        /* v.miss is per task and stays valid until the next judge call */
        if (jl_grow_missing(l, v.miss, limit - jl_units(l), lbt_rule(s->b)) == 0)
            return 0;
    }
}

/* Candidate s->cand (cheaper than s->cur): repaired within one unit below s->cur; on success
 * it becomes s->cur. 1 accepted, 0 not, -1 OOM. */
static int try_cand(ls *s)
{
    int64_t limit = jl_units(&s->cur) - 1;
    int r = repair(s, &s->cand, limit);
    if (r == 1)
        jl_copy(&s->cur, &s->cand);
    return r;
}

/* Shrink: each partition, largest first, loses units (down to the next allowed size, sizes.h)
 * while the layout still passes. */
static int shrink(ls *s, bool *changed)
{
    const size_rule *rule = lbt_rule(s->b);
    for (size_t p = 0; p < s->cur.n_parts && !expired(s); p++)
        while (size_down(rule, s->cur.units[p] - 1) > 0 && !expired(s)) {
            jl_copy(&s->cand, &s->cur);
            s->cand.units[p] = size_down(rule, s->cand.units[p] - 1);
            jverdict v;
            int r = judge_pass(s, &s->cand, &v);
            if (r < 0)
                return -1;
            if (r == 0)
                break;
            jl_copy(&s->cur, &s->cand);
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
            if (expired(s))
                return 0;
            size_t k = 0;
            for (size_t i = 0; i < s->T; i++)
                if (c->part[i] == p || c->part[i] == q)
                    s->grp[k++] = i;
            int64_t u = min_units(s, s->grp, k, 1, c->units[p] + c->units[q] - 1);
            if (u < 0)
                return -1;
            if (u == 0)
                continue;
            jl_copy(&s->cand, c);
            for (size_t i = 0; i < s->T; i++)
                if (s->cand.part[i] == q)
                    s->cand.part[i] = p;
            s->cand.units[p] = u;
            s->cand.units[q] = 0;
            jl_normalise(&s->cand);
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
    return k ? min_units(s, s->grp, k, 1, hi) : 0;
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
        b = min_units(s, s->grp, 1, 1, up - a - 1);
    }
    if (b <= 0)
        return b < 0 ? -1 : 0;
    jl_copy(&s->cand, c);
    s->cand.part[t] = q;
    if (q == c->n_parts)
        s->cand.n_parts++;
    s->cand.units[p] = a;
    s->cand.units[q] = b;
    jl_normalise(&s->cand);
    int r = try_cand(s);
    *changed = r == 1;
    return r < 0 ? -1 : 0;
}

static int moves(ls *s, bool *changed)
{
    for (size_t t = 0; t < s->T; t++)
        for (size_t q = 0; q <= s->cur.n_parts; q++) {
            if (expired(s))
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
            if (expired(s))
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
            jl_copy(&s->cand, c);
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
static int improve(ls *s)
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
        if (!changed || expired(s))
            return 0;
    }
}

/* Insert task t into partition p of s->cur (p == n_parts: a new one), the partition resized
 * to the group test's smallest size, then grow what fails (the full analysis of the tasks
 * placed so far). The result in s->cand; 1 when it passes within the GPU, 0, -1 OOM. */
static int insert_at(ls *s, size_t t, size_t p)
{
    jlayout *c = &s->cand;
    jl_copy(c, &s->cur);
    size_t k = p < c->n_parts ? members(s, c, p) : 0;
    s->grp[k++] = t;
    int64_t lo = p < c->n_parts ? c->units[p] : 1;
    int64_t u = min_units(s, s->grp, k, lo, (int64_t)s->S - (jl_units(c) - (p < c->n_parts ? lo : 0)));
    if (u <= 0)
        return u < 0 ? -1 : 0;
    if (p == c->n_parts)
        c->n_parts++;
    c->part[t] = p;
    c->units[p] = u;
    return repair(s, c, (int64_t)s->S);
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
            if (expired(s))
                return 0;
            int r = insert_at(s, t, p);
            if (r < 0)
                return -1;
            if (r == 0)
                continue;
            int64_t u = jl_units(&s->cand);
            bool is_new = p == c->n_parts;
            if (best < 0 || u < best || (u == best && prefer_new && is_new && !best_new)) {
                best = u;
                best_new = is_new;
                jl_copy(&s->best_ins, &s->cand);
            }
        }
        if (best < 0)
            return 0;
        jl_copy(c, &s->best_ins);
    }
    return improve(s) < 0 ? -1 : 1;
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
    for (int64_t u = 1; u <= (int64_t)s->S && !expired(s); u++) {
        int r = lbt_group_pass(s->b, s->grp, s->T, (size_t)(u - 1), NULL);
        if (r < 0)
            return -1;
        if (r == 0)
            continue; /* fails with isolated WCETs, which are its WCETs here: no co-runner */
        c->units[0] = u;
        jverdict v;
        r = judge_pass(s, c, &v);
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
        a = -(double)lbt_alone(b, i);
        c = -(double)lbt_alone(b, j);
    } else if (k->kind == 1) {
        a = -lbt_util(b, i, lbt_sizes(b) - 1);
        c = -lbt_util(b, j, lbt_sizes(b) - 1);
    } else if (k->kind == 2) {
        a = (double)lbt_priority(b, i);
        c = (double)lbt_priority(b, j);
    }
    if (a != c)
        return a < c ? -1 : 1;
    return i < j ? -1 : (i > j);
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
    jl_copy(&s->cur, &s->best);
    jlayout *c = &s->cur;
    for (size_t q = 0; q < n; q++) {
        size_t t = (size_t)(rnd(s) % s->T), p = (size_t)(rnd(s) % (c->n_parts + 1));
        if (p == c->part[t] || p >= s->T)
            continue;
        if (p == c->n_parts) {
            c->n_parts++;
            s->grp[0] = t;
            int64_t u = min_units(s, s->grp, 1, 1, (int64_t)s->S);
            if (u <= 0)
                return u < 0 ? -1 : 0;
            c->units[p] = u;
        } else {
            size_t k = members(s, c, p);
            s->grp[k++] = t;
            int64_t u = min_units(s, s->grp, k, c->units[p], (int64_t)s->S);
            if (u <= 0)
                return u < 0 ? -1 : 0;
            c->units[p] = u;
        }
        c->part[t] = p;
        jl_normalise(c);
    }
    int r = repair(s, c, (int64_t)s->S);
    if (r != 1)
        return r;
    return improve(s) < 0 ? -1 : 1;
}

/* Cost of l for the annealing: its units, plus ANNEAL_MISS + ANNEAL_PER_MISS units per task
 * that misses when it fails; INFINITY beyond the GPU, NAN on out of memory. Judged by
 * judge_pass, so a passing layout better than the best becomes the best. */
static double anneal_cost(ls *s, jlayout *l)
{
    int64_t u = jl_units(l);
    if (u > (int64_t)s->S)
        return INFINITY;
    jverdict v;
    int r = judge_pass(s, l, &v);
    if (r < 0)
        return NAN;
    if (r == 1)
        return (double)u;
    size_t miss = 0;
    for (size_t i = 0; i < s->T; i++)
        miss += v.miss[i] != 0;
    return (double)u + ANNEAL_MISS + ANNEAL_PER_MISS * (double)miss;
}

/* A random neighbour of s->cur in s->cand, one of seven moves drawn alike: a task to another
 * (or a new) partition; two tasks swapped; a partition one unit larger or smaller; one to three
 * units; two partitions merged (half of the second's units kept); one or two units handed from
 * one partition to another (the total unchanged); a task to another partition with one unit of
 * its old one (the total unchanged). The last two walk along layouts of the same cost, where
 * the first five each change the cost or break a passing layout. False when the draw gives
 * nothing new. */
static bool neighbour(ls *s)
{
    /* every size stays allowed (sizes.h): moves go by steps of the rule, never below its
     * minimum (one unit and 1 without a rule) */
    const size_rule *rule = lbt_rule(s->b);
    int64_t st = rule->step_units, mn = rule->min_units;
    jlayout *c = &s->cand;
    jl_copy(c, &s->cur);
    size_t t = (size_t)(xrnd(s) % s->T), u = (size_t)(xrnd(s) % s->T);
    size_t p = (size_t)(xrnd(s) % c->n_parts), q = (size_t)(xrnd(s) % (c->n_parts + 1));
    uint64_t r = xrnd(s) % 7;
    switch (r) {
    case 0: /* move t to q; a new partition gets one to four units */
        if (q == c->part[t] || q >= s->T)
            return false;
        if (q == c->n_parts)
            c->units[c->n_parts++] = size_up(rule, (1 + (int64_t)(xrnd(s) % 4)) * st);
        c->part[t] = q;
        break;
    case 1: /* swap t and u */
        if (c->part[t] == c->part[u])
            return false;
        c->part[t] = s->cur.part[u];
        c->part[u] = s->cur.part[t];
        break;
    case 2: /* one unit more or less */
    case 3: { /* one to three */
        int64_t d = (xrnd(s) % 2 ? st : -st);
        if (r == 3)
            d *= 1 + (int64_t)(xrnd(s) % 3);
        if (c->units[p] + d < mn)
            return false;
        c->units[p] += d;
        break;
    }
    case 4: /* merge q into p */
        if (q >= c->n_parts || q == p)
            return false;
        for (size_t i = 0; i < s->T; i++)
            if (c->part[i] == q)
                c->part[i] = p;
        c->units[p] = size_up(rule, c->units[p] + c->units[q] / 2);
        c->units[q] = 0;
        break;
    case 5: { /* one or two units from p to q */
        int64_t d = (1 + (int64_t)(xrnd(s) % 2)) * st;
        if (q >= c->n_parts || q == p || c->units[p] - d < mn)
            return false;
        c->units[p] -= d;
        c->units[q] += d;
        break;
    }
    default: { /* t to q, one unit of its old partition with it */
        size_t o = c->part[t];
        if (q >= c->n_parts || q == o)
            return false;
        c->part[t] = q;
        if (c->units[o] - st >= mn) {
            c->units[o] -= st;
            c->units[q] += st;
        }
        break;
    }
    }
    jl_normalise(c);
    return true;
}

/* Simulated annealing from the best layout over layouts that may fail (anneal_cost):
 * ANNEAL_EVALS neighbours (ANNEAL_PER_PAIR per pair of tasks on small instances), the
 * temperature falling geometrically from ANNEAL_T0 to ANNEAL_T1 units. It reaches layouts that
 * no chain of strict improvements does (a second partition needs several tasks at once). Every
 * layout it keeps as best passed judge_pass; a better best is then improved by descent. */
static int anneal(ls *s)
{
    jl_copy(&s->cur, &s->best);
    double c = anneal_cost(s, &s->cur);
    int64_t before = jl_units(&s->best);
    double pairs = (double)s->T * (double)s->T * (double)ANNEAL_PER_PAIR;
    long evals = pairs < (double)ANNEAL_EVALS ? (long)pairs : ANNEAL_EVALS;
    for (long it = 0; it < evals && !isnan(c); it++) {
        /* the clock every 16 neighbours: a fresh analysis of 40 tasks takes up to about 1.5 ms,
         * so the stage ends within some 25 ms of its share (every 256 ran 0.4 s past it) */
        if ((it & 15) == 0 && expired(s))
            break;
        if (!neighbour(s))
            continue;
        double temp = ANNEAL_T0 * pow(ANNEAL_T1 / ANNEAL_T0, (double)it / (double)evals);
        double n = anneal_cost(s, &s->cand);
        if (isnan(n))
            return -1;
        /* the draw is taken every time, so the sequence does not depend on the costs' ties */
        double x = (double)(xrnd(s) % 1000000) / 1e6;
        if (n <= c || x < exp((c - n) / temp)) {
            jl_copy(&s->cur, &s->cand);
            c = n;
        }
    }
    if (isnan(c))
        return -1;
    if (jl_units(&s->best) >= before)
        return 0;
    jl_copy(&s->cur, &s->best);
    return improve(s);
}

static int run(ls *s, long max_idle)
{
    int r = one_partition(s);
    if (r < 0)
        return -1;
    /* each order twice: ties between joining and opening go to joining (few, large
     * partitions), then to opening (many small ones, which merges then combine) */
    for (int kind = 0; kind < 4 + N_RANDOM_ORDERS && !expired(s); kind++) {
        make_order(s, kind);
        if (construct(s, false) < 0 || construct(s, true) < 0)
            return -1;
    }
    long idle = 0;
    while (s->have_best && idle < max_idle && !expired(s) && s->T > 1) {
        int64_t before = jl_units(&s->best);
        if (perturb(s, 1 + (size_t)(idle % 3)) < 0)
            return -1;
        s->st->rounds++;
        idle = jl_units(&s->best) < before ? 0 : idle + 1;
    }
    return s->have_best;
}

/* Annealing runs, each from the best layout so far (the random draws go on from run to run),
 * until the best reaches stop units or the deadline, and, unless persist, ANNEAL_IDLE runs in a
 * row bring nothing; 1 when the best improved. */
static int anneal_runs(ls *s, int64_t stop, bool persist)
{
    int64_t before = jl_units(&s->best);
    for (int idle = 0; (persist || idle < ANNEAL_IDLE) && jl_units(&s->best) > stop &&
                       !expired(s);) {
        int64_t was = jl_units(&s->best);
        if (anneal(s) < 0)
            return -1;
        idle = jl_units(&s->best) < was ? 0 : idle + 1;
    }
    return jl_units(&s->best) < before;
}

/* The search state for T tasks: 0, or -1 on out of memory (ls_close frees what was made). */
static int ls_open(ls *s, judge *j, lbt *b, double deadline, local_stats *st, uint64_t seed)
{
    *s = (ls){ .j = j, .b = b, .deadline = deadline, .T = lbt_tasks(b), .S = lbt_sizes(b),
               .rng = seed, .xs = 88172645463325252ULL + seed * 0x9E3779B97F4A7C15ULL,
               .st = st };
    size_t T = s->T ? s->T : 1;
    s->grp = malloc(T * sizeof *s->grp);
    s->order = malloc(T * sizeof *s->order);
    s->out = malloc(T);
    bool ok = s->grp && s->order && s->out;
    ok = jl_init(&s->cur, s->T) == 0 && ok;
    ok = jl_init(&s->cand, s->T) == 0 && ok;
    ok = jl_init(&s->best, s->T) == 0 && ok;
    ok = jl_init(&s->best_ins, s->T) == 0 && ok;
    return ok ? 0 : -1;
}

static void ls_close(ls *s)
{
    jl_fini(&s->cur);
    jl_fini(&s->cand);
    jl_fini(&s->best);
    jl_fini(&s->best_ins);
    free(s->grp);
    free(s->order);
    free(s->out);
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
        jl_copy(best, &s.best);
    ls_close(&s);
    return rc;
}

int local_anneal(judge *j, lbt *b, double deadline, int64_t stop, bool persist, jlayout *best,
                 local_stats *st)
{
    st->t_best = 0;
    ls s;
    int rc = ls_open(&s, j, b, deadline, st, 0x9E3779B97F4A7C15ULL);
    if (rc == 0 && s.T > 1) {
        jl_copy(&s.best, best);
        s.have_best = true;
        rc = anneal_runs(&s, stop, persist && deadline > 0);
    }
    if (rc == 1)
        jl_copy(best, &s.best);
    ls_close(&s);
    return rc;
}
