/* local_anneal: simulated annealing of the partition search's primal side (docs/assignment.md
 * sec. 3): from the best layout, through layouts that may fail, each failing one charged its
 * units plus a penalty per missing task; a better layout found is improved by the descent of
 * ls.c. */
#include "search/local_anneal.h"

#include <math.h>

#include "search/ls.h"

#define ANNEAL_IDLE 8         /* annealing runs, each from the best layout so far, until this
                               * many in a row bring nothing */
#define ANNEAL_EVALS 100000L  /* neighbours drawn in each, at most */
#define ANNEAL_PER_PAIR 250L  /* and at most this many per pair of tasks (small instances) */
#define ANNEAL_T0 1.0         /* its temperature, in units of g: first */
#define ANNEAL_T1 0.05        /* and last */
#define ANNEAL_MISS 4.0       /* a failing layout costs this many units more */
#define ANNEAL_PER_MISS 3.0   /* and this many per task that misses */

/* xorshift64 (Marsaglia), for the annealing: many draws in a row, each reduced modulo a small
 * number */
static uint64_t xrnd(ls *s)
{
    s->xs ^= s->xs << 13;
    s->xs ^= s->xs >> 7;
    s->xs ^= s->xs << 17;
    return s->xs;
}

/* Cost of l for the annealing: its units, plus ANNEAL_MISS + ANNEAL_PER_MISS units per task
 * that misses when it fails; INFINITY beyond the GPU, NAN on out of memory. Judged by
 * ls_judge, so a passing layout better than the best becomes the best. */
static double anneal_cost(ls *s, jlayout *l)
{
    int64_t u = judge_units(l);
    if (u > (int64_t)s->S)
        return INFINITY;
    jverdict v;
    int r = ls_judge(s, l, &v);
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
    const size_rule *rule = bounds_rule(s->b);
    int64_t st = rule->step_units, mn = rule->min_units;
    jlayout *c = &s->cand;
    judge_copy(c, &s->cur);
    size_t t = (size_t)(xrnd(s) % s->T), u = (size_t)(xrnd(s) % s->T);
    size_t p = (size_t)(xrnd(s) % c->n_parts), q = (size_t)(xrnd(s) % (c->n_parts + 1));
    uint64_t r = xrnd(s) % 7;
    switch (r) {
    case 0: /* move t to q; a new partition gets one to four units */
        if (q == c->part[t] || q >= s->T)
            return false;
        if (q == c->n_parts)
            c->units[c->n_parts++] = sizes_up(rule, (1 + (int64_t)(xrnd(s) % 4)) * st);
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
        c->units[p] = sizes_up(rule, c->units[p] + c->units[q] / 2);
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
    judge_normalise(c);
    return true;
}

/* Simulated annealing from the best layout over layouts that may fail (anneal_cost):
 * ANNEAL_EVALS neighbours (ANNEAL_PER_PAIR per pair of tasks on small instances), the
 * temperature falling geometrically from ANNEAL_T0 to ANNEAL_T1 units. It reaches layouts that
 * no chain of strict improvements does (a second partition needs several tasks at once). Every
 * layout it keeps as best passed ls_judge; a better best is then improved by descent. */
static int anneal(ls *s)
{
    judge_copy(&s->cur, &s->best);
    double c = anneal_cost(s, &s->cur);
    int64_t before = judge_units(&s->best);
    double pairs = (double)s->T * (double)s->T * (double)ANNEAL_PER_PAIR;
    long evals = pairs < (double)ANNEAL_EVALS ? (long)pairs : ANNEAL_EVALS;
    for (long it = 0; it < evals && !isnan(c); it++) {
        /* the clock every 16 neighbours: a fresh analysis of 40 tasks takes up to about 1.5 ms,
         * so the stage ends within some 25 ms of its share (every 256 ran 0.4 s past it) */
        if ((it & 15) == 0 && ls_expired(s))
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
            judge_copy(&s->cur, &s->cand);
            c = n;
        }
    }
    if (isnan(c))
        return -1;
    if (judge_units(&s->best) >= before)
        return 0;
    judge_copy(&s->cur, &s->best);
    return ls_improve(s);
}

/* Annealing runs, each from the best layout so far (the random draws go on from run to run),
 * until the best reaches stop units or the deadline, and, unless persist, ANNEAL_IDLE runs in a
 * row bring nothing; 1 when the best improved. */
static int anneal_runs(ls *s, int64_t stop, bool persist)
{
    int64_t before = judge_units(&s->best);
    for (int idle = 0; (persist || idle < ANNEAL_IDLE) && judge_units(&s->best) > stop &&
                       !ls_expired(s);) {
        int64_t was = judge_units(&s->best);
        if (anneal(s) < 0)
            return -1;
        idle = judge_units(&s->best) < was ? 0 : idle + 1;
    }
    return judge_units(&s->best) < before;
}

int local_anneal(judge *j, lbt *b, double deadline, int64_t stop, bool persist, jlayout *best,
                 local_stats *st)
{
    st->t_best = 0;
    ls s;
    int rc = ls_open(&s, j, b, deadline, st, 0x9E3779B97F4A7C15ULL);
    if (rc == 0 && s.T > 1) {
        judge_copy(&s.best, best);
        s.have_best = true;
        rc = anneal_runs(&s, stop, persist && deadline > 0);
    }
    if (rc == 1)
        judge_copy(best, &s.best);
    ls_close(&s);
    return rc;
}
