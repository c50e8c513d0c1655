/* overshoot: the fixed-budget annealing of the partition search (overshoot.h).
 *
 * The annealing of local_anneal.c walks on units plus a penalty per missing task, with moves that keep
 * or change the units: near the best layout almost every layout of fewer units fails, and they
 * all cost about the same, so it has no slope to follow from a failing layout to a passing one
 * of the same size. Here the size is fixed instead: the budget K is one allowed step below the
 * best layout, every layout walked has at most K units (what it does not use is free), and the
 * cost is how far the layout is from passing, the judge's total overshoot (judge.h): the sum
 * over missing tasks of (R_i - D_i) / D_i. Moving a task off a crowded partition, or a unit to
 * it, lowers the cost by as much as it helps, so the walk has a gradient to descend and the
 * temperature lets it climb out of a dead end. A layout of cost 0 passes: it is shrunk while it
 * passes (each partition down to the next allowed size), kept, and the budget falls below it. */
#include "search/overshoot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "search/search_int.h"

#define OVER_IDLE 6          /* unless persist: runs in a row that bring nothing */
#define OVER_PER_TASK 150L   /* neighbours drawn in a run, per task */
#define OVER_EVALS_MIN 1500L /* and at least */
#define OVER_EVALS_MAX 20000L /* and at most */
#define OVER_T0 0.1          /* temperature, in units of overshoot (a miss by 10% of D): first */
#define OVER_T1 0.001        /* and last */
#define OVER_FRESH 3         /* every third run: perturbed, or once wide, built afresh */
#define OVER_GROUPS 4        /* a built layout has 2 to OVER_GROUPS partitions */
#define OVER_CUTS 8          /* cuts drawn for one built layout */

typedef struct ov {
    judge *j;
    double deadline;
    size_t T;
    int64_t step, min;       /* the size rule (sizes.h): sizes are min + k * step */
    jlayout cur, cand, best;
    unsigned char *miss, *cand_miss; /* T entries: the tasks that miss in cur and in cand */
    size_t *missing;         /* scratch: the tasks that miss in cur, or a group's tasks */
    unsigned char *outside;  /* scratch: T entries, the tasks outside a group */
    uint64_t xs;
    local_stats *st;
    lbt *b;
    int64_t one;             /* the one-partition minimum in units (0: none found) */
    bool wide;               /* this run is a wide one: built starts and the one-partition rule
                              * (overshoot_search says when) */
    size_t *order;           /* the tasks by isolated WCET on the largest size, shortest first */
} ov;

static bool expired(const ov *s)
{
    return search_past(s->deadline);
}

/* xorshift64 (Marsaglia), as the annealing of local_anneal.c */
static uint64_t xrnd(ov *s)
{
    s->xs ^= s->xs << 13;
    s->xs ^= s->xs >> 7;
    s->xs ^= s->xs << 17;
    return s->xs;
}

static size_t pick(ov *s, size_t n)
{
    return (size_t)(xrnd(s) % n);
}

/* Judge l (normalised in place): its overshoot, *pass when it passes; NAN on out of memory. */
static double cost(ov *s, jlayout *l, bool *pass)
{
    jverdict v;
    if (judge_eval(s->j, l, &v) != 0)
        return NAN;
    *pass = v.pass;
    memcpy(l == &s->cur ? s->miss : s->cand_miss, v.miss, s->T);
    return v.pass ? 0 : v.overshoot;
}

/* Tasks of partition p of l. */
static size_t count(const ov *s, const jlayout *l, size_t p)
{
    size_t k = 0;
    for (size_t i = 0; i < s->T; i++)
        k += l->part[i] == p;
    return k;
}

/* Whether a layout of one partition within K units is known to fail: the local search analysed
 * every size of one partition below the one-partition minimum (or found none that passes). */
static bool below_one(const ov *s, int64_t K)
{
    return s->one == 0 || K < s->one;
}

/* A random neighbour of s->cur within budget K in s->cand, one of eight moves drawn alike; false
 * when the draw gives nothing new. Every size stays allowed: units move by steps of the rule and
 * no partition goes below its minimum. A partition left without tasks is dropped by judge_normalise
 * and its units become free. */
static bool neighbour(ov *s, int64_t K)
{
    jlayout *c = &s->cand;
    judge_copy(c, &s->cur);
    size_t n = c->n_parts, t = pick(s, s->T), u = pick(s, s->T), p = pick(s, n),
           q = pick(s, n), k = 0;
    /* half of the draws go where it hurts: t a task that misses, q its partition */
    for (size_t i = 0; i < s->T; i++)
        if (s->miss[i])
            s->missing[k++] = i;
    if (k > 0 && xrnd(s) % 2) {
        t = s->missing[pick(s, k)];
        if (xrnd(s) % 2)
            q = c->part[t];
    }
    int64_t d = (1 + (int64_t)pick(s, 2)) * s->step, spare = K - judge_units(c);
    switch (pick(s, 8)) {
    case 0: /* t to another partition */
        if (q == c->part[t])
            return false;
        c->part[t] = q;
        break;
    case 1: /* t and u swapped */
        if (c->part[t] == c->part[u])
            return false;
        c->part[t] = s->cur.part[u];
        c->part[u] = s->cur.part[t];
        break;
    case 2: /* d units from p to q */
        if (p == q || c->units[p] - d < s->min)
            return false;
        c->units[p] -= d;
        c->units[q] += d;
        break;
    case 3: /* d units of p freed */
        if (c->units[p] - d < s->min)
            return false;
        c->units[p] -= d;
        break;
    case 4: /* d free units to q */
        if (d > spare)
            return false;
        c->units[q] += d;
        break;
    case 5: /* q merged into p, with all its units */
        if (p == q)
            return false;
        for (size_t i = 0; i < s->T; i++)
            if (c->part[i] == q)
                c->part[i] = p;
        c->units[p] += c->units[q];
        c->units[q] = 0;
        break;
    case 6: { /* p split: each of its tasks joins a new partition with probability 1/2 */
        size_t members = count(s, c, p), moved = 0;
        if (members < 2 || c->units[p] < 2 * s->min || n >= s->T)
            return false;
        int64_t room = (c->units[p] - 2 * s->min) / s->step;
        int64_t w = s->min + (int64_t)pick(s, (size_t)room + 1) * s->step;
        for (size_t i = 0; i < s->T; i++)
            if (c->part[i] == p && moved + 1 < members && xrnd(s) % 2) {
                c->part[i] = n;
                moved++;
            }
        if (moved == 0)
            return false;
        c->units[p] -= w;
        c->units[n] = w;
        c->n_parts++;
        break;
    }
    default: { /* t alone in a new partition, its units from t's old one or the free ones */
        size_t o = c->part[t];
        int64_t w = s->min + (int64_t)pick(s, 2) * s->step;
        if (count(s, c, o) < 2 || n >= s->T)
            return false;
        if (c->units[o] - w >= s->min)
            c->units[o] -= w;
        else if (w > spare)
            return false;
        c->part[t] = n;
        c->units[n] = w;
        c->n_parts++;
        break;
    }
    }
    judge_normalise(c);
    return c->n_parts > 1 || !s->wide || !below_one(s, K);
}

/* s->cur passes: shrink each partition, in order, to the next allowed size while the layout
 * passes (a cached or fresh full analysis each). 0, or -1 on out of memory. */
static int squeeze(ov *s)
{
    for (size_t p = 0; p < s->cur.n_parts && !expired(s); p++)
        for (;;) {
            int64_t to = s->cur.units[p] - s->step;
            if (to < s->min)
                break;
            judge_copy(&s->cand, &s->cur);
            s->cand.units[p] = to;
            bool pass = false;
            if (isnan(cost(s, &s->cand, &pass)))
                return -1;
            if (!pass)
                break;
            judge_copy(&s->cur, &s->cand);
        }
    return 0;
}

/* s->cur from the best layout brought within budget K, one step of the rule at a time: off the
 * partition whose loss leaves the smallest overshoot (random: off a random one), or, when every
 * partition is at its minimum, two partitions merged (the second's units freed). Perturbed: the
 * reduction is random and two to four random moves (neighbour) follow, whatever they cost. 0,
 * or -1 on out of memory. */
static int start(ov *s, int64_t K, bool perturbed)
{
    jlayout *c = &s->cur;
    judge_copy(c, &s->best);
    while (judge_units(c) > K) {
        size_t n = c->n_parts, at = n;
        double lowest = INFINITY;
        for (size_t k = 0, p = pick(s, n); k < n; k++, p = (p + 1) % n) {
            if (c->units[p] - s->step < s->min)
                continue;
            if (perturbed) {
                at = p;
                break;
            }
            judge_copy(&s->cand, c);
            s->cand.units[p] -= s->step;
            bool pass = false;
            double o = cost(s, &s->cand, &pass);
            if (isnan(o))
                return -1;
            if (o < lowest) {
                lowest = o;
                at = p;
            }
        }
        if (at < n) {
            c->units[at] -= s->step;
            continue;
        }
        size_t p = pick(s, n), q = (p + 1) % n; /* all at their minimum: n >= 2 (see run) */
        for (size_t i = 0; i < s->T; i++)
            if (c->part[i] == q)
                c->part[i] = p;
        c->units[q] = 0;
        judge_normalise(c);
    }
    for (size_t k = perturbed ? 2 + pick(s, 3) : 0, tries = 0; k > 0 && tries < 64; tries++)
        if (neighbour(s, K)) {
            judge_copy(c, &s->cand);
            k--;
        }
    return 0;
}

/* The smallest allowed units, up to K, on which the tasks of partition g of c pass the
 * necessary group test (bounds.h) with every other task outside; 0 when none does, -1 on out
 * of memory. */
static int64_t group_floor(ov *s, const jlayout *c, size_t g, int64_t K)
{
    size_t k = 0;
    for (size_t i = 0; i < s->T; i++) {
        s->outside[i] = c->part[i] != g;
        if (c->part[i] == g)
            s->missing[k++] = i;
    }
    for (int64_t u = s->min; u <= K; u += s->step) {
        int r = bounds_group_pass(s->b, s->missing, k, (size_t)(u - 1), s->outside);
        if (r != 0)
            return r < 0 ? -1 : u;
    }
    return 0;
}

/* s->cur: a layout built afresh within budget K. The tasks, shortest isolated WCET first, are cut
 * at random points into 2 to OVER_GROUPS contiguous groups (so the short jobs that tight
 * deadlines can wait behind stay together, away from the long ones); each group is a partition
 * of the fewest units on which it passes the necessary group test, and what K leaves goes to
 * the groups in proportion to their isolated utilisation on the largest size, in allowed steps,
 * the last steps to random groups. A cut whose floors exceed K cannot pass: up to OVER_CUTS
 * cuts are drawn. 1 built, 0 none found within K, -1 on out of memory. Needs K >= 2 * min and
 * T >= 2 (see run). */
static int built(ov *s, int64_t K)
{
    jlayout *c = &s->cur;
    size_t top = bounds_sizes(s->b) - 1, T = s->T;
    int64_t step = s->step;
    if (T < 2 || step < 1)
        return 0; /* run calls with T >= 2, and a size rule's step is at least 1 */
    for (int tries = 0; tries < OVER_CUTS; tries++) {
        size_t m = 2 + pick(s, OVER_GROUPS - 1);
        if (m > T)
            m = T;
        if ((int64_t)m * s->min > K)
            m = (size_t)(K / s->min);
        if (m < 2)
            return 0; /* run calls with T >= 2 and K >= 2 * min: cannot happen */
        memset(s->outside, 0, T); /* the cut points, until group_floor */
        for (size_t k = 1; k < m;) {
            size_t at = 1 + pick(s, T - 1);
            k += !s->outside[at];
            s->outside[at] = 1;
        }
        double w[OVER_GROUPS] = {0}, sum = 0;
        for (size_t k = 0, g = 0; k < T; k++) {
            g += s->outside[k];
            c->part[s->order[k]] = g;
            double u = bounds_util(s->b, s->order[k], top);
            w[g] += u;
            sum += u;
        }
        c->n_parts = m;
        int64_t used = 0;
        for (size_t p = 0; p < m && used <= K; p++) {
            int64_t f = group_floor(s, c, p, K - used - (int64_t)(m - 1 - p) * s->min);
            if (f < 0)
                return -1;
            c->units[p] = f;
            used = f == 0 ? K + 1 : used + f;
        }
        if (used > K)
            continue;
        int64_t spare = K - used;
        for (size_t p = 0; p < m && sum > 0; p++) {
            int64_t add = (int64_t)((double)spare * w[p] / sum) / step * step;
            c->units[p] += add;
            used += add;
        }
        for (; used + step <= K; used += step)
            c->units[pick(s, m)] += step;
        judge_normalise(c);
        return 1;
    }
    return 0;
}

/* One run: from a layout built within budget K (one step below the best) when the run is wide,
 * else (or when none is built) from the best brought within K, perturbed when fresh; anneal over
 * layouts of at most K units until one passes or the run's neighbours are drawn. A layout that
 * passes is squeezed and becomes the best. 1 when the best improved, 0 when not, -1 on out of
 * memory. */
static int run(ov *s, bool fresh)
{
    int64_t K = judge_units(&s->best) - s->step;
    int b = s->wide && s->T >= 2 && K >= 2 * s->min ? built(s, K) : 0;
    if (b < 0 || (b == 0 && start(s, K, fresh) < 0))
        return -1;
    bool pass = false;
    double c = cost(s, &s->cur, &pass);
    long evals = (long)s->T * OVER_PER_TASK;
    evals = evals < OVER_EVALS_MIN ? OVER_EVALS_MIN : evals > OVER_EVALS_MAX ? OVER_EVALS_MAX
                                                                             : evals;
    for (long it = 0; !pass && !isnan(c) && it < evals; it++) {
        if ((it & 15) == 0 && expired(s))
            break;
        if (!neighbour(s, K))
            continue;
        double temp = OVER_T0 * pow(OVER_T1 / OVER_T0, (double)it / (double)evals);
        bool np = false;
        double n = cost(s, &s->cand, &np);
        if (isnan(n))
            return -1;
        /* the draw is taken every time, so the sequence does not depend on the costs' ties */
        double x = (double)(xrnd(s) % 1000000) / 1e6;
        if (np || n <= c || x < exp((c - n) / temp)) {
            judge_copy(&s->cur, &s->cand);
            memcpy(s->miss, s->cand_miss, s->T);
            c = n;
            pass = np;
        }
    }
    if (isnan(c))
        return -1;
    if (!pass)
        return 0;
    if (squeeze(s) < 0)
        return -1;
    judge_copy(&s->best, &s->cur);
    s->st->t_best = search_now();
    return 1;
}

static void ov_fini(ov *s)
{
    judge_fini(&s->cur);
    judge_fini(&s->cand);
    judge_fini(&s->best);
    free(s->miss);
    free(s->cand_miss);
    free(s->missing);
    free(s->order);
    free(s->outside);
}

/* The tasks of b by isolated WCET on the largest size, shortest first (ties: file order). */
static void by_wcet(const lbt *b, size_t *order, size_t T)
{
    size_t top = bounds_sizes(b) - 1;
    for (size_t i = 0; i < T; i++) {
        size_t k = i;
        for (; k > 0 && bounds_iso(b, order[k - 1], top) > bounds_iso(b, i, top); k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
}

int overshoot_search(judge *j, lbt *b, double deadline, int64_t stop, int64_t one_units,
                     bool persist, jlayout *best, local_stats *st)
{
    const size_rule *rule = bounds_rule(b);
    ov s = { .j = j, .deadline = deadline, .T = bounds_tasks(b),
             .step = rule->step_units, .min = rule->min_units,
             .xs = 0x853C49E6748FEA9BULL, .st = st, .b = b,
             .one = one_units };
    st->t_best = 0;
    if (s.T < 1 || best->n_parts == 0)
        return 0;
    s.miss = calloc(s.T, 1);
    s.cand_miss = calloc(s.T, 1);
    s.missing = calloc(s.T, sizeof *s.missing);
    s.order = calloc(s.T, sizeof *s.order);
    s.outside = calloc(s.T, 1);
    int ok = judge_init(&s.cur, s.T) == 0;
    ok &= judge_init(&s.cand, s.T) == 0;
    ok &= judge_init(&s.best, s.T) == 0;
    if (!ok || !s.miss || !s.cand_miss || !s.missing || !s.order || !s.outside) {
        ov_fini(&s);
        return -1;
    }
    by_wcet(b, s.order, s.T);
    judge_copy(&s.best, best);
    int64_t before = judge_units(best);
    int rc = 0;
    persist = persist && deadline > 0;
    /* Plain runs are those of the stage before wide runs existed: the same layouts from the same
     * random numbers. Wide runs draw on their own, and come every third run once the stage has
     * widened (OVER_IDLE plain runs in a row brought nothing), every run from a best of one
     * partition (where plain runs would walk back into one partition); so where plain runs find
     * a layout they still find it, later by the time the wide runs took. Every wide run starts
     * built: from a best of one partition, the best brought within K is one partition below its
     * minimum, which a wide run leaves only by a split, too costly to be taken (such runs ended
     * where they began). */
    uint64_t xs_wide = 0x2545F4914F6CDD1DULL;
    bool widened = false;
    for (long runs = 0, plain = 0, idle = 0;
         rc >= 0 && !expired(&s) && (persist || idle < OVER_IDLE); runs++) {
        /* a smaller layout needs K >= the minimum of one partition */
        if (judge_units(&s.best) <= stop || judge_units(&s.best) - s.step < s.min)
            break;
        bool one = s.best.n_parts == 1, third = runs % OVER_FRESH == OVER_FRESH - 1;
        widened = widened || idle >= OVER_IDLE || one;
        s.wide = one || (widened && third);
        if (s.wide) {
            uint64_t xs = s.xs;
            s.xs = xs_wide;
            rc = run(&s, true);
            xs_wide = s.xs;
            s.xs = xs;
        } else {
            rc = run(&s, plain % OVER_FRESH == OVER_FRESH - 1);
            plain++;
        }
        idle = rc == 1 ? 0 : idle + 1;
    }
    if (rc >= 0) {
        rc = judge_units(&s.best) < before;
        if (rc)
            judge_copy(best, &s.best);
    }
    ov_fini(&s);
    return rc;
}
