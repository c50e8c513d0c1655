/* bounds: lower bounds of WCETs and the necessary group test of the partition search.
 *
 * Per task i and size s: iso = sum over launches of wcet(k, (s+1)g, multiplier 1). Per kernel
 * pair (k, l) and size s: pair = min over the co-runner's possible sizes n' <= N - (s+1)g of
 * M*(k, {l on n'}) (wcet_pair_multiplier, docs/model.md sec. 3). A group test then takes, for every
 * launch of a member, the largest pair value over the kernels run outside, rounds as docs/model.md
 * sec. 5 does, sums per task, and runs the response-time analysis of docs/analysis.md sec. 2
 * (Audsley when asked: the test is OPA-compatible). Everything is exact integer arithmetic after
 * the rounding of each launch, which is the rounding wcet_compute applies. */
#include "search/bounds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/layout.h"
#include "analysis/rta.h"
#include "analysis/wcet.h"
#include "util/ckint.h"

#define PAIR_TABLE_MAX 40000000.0 /* K*K*S*S above which the pair table is not built */

struct lbt {
    const model *m;
    const rt_taskset *ts;
    const rt_options *o;
    size_t T, S, K;
    int64_t g, N;
    size_rule rule;        /* the sizes the search may choose (sizes.h) */
    int64_t *iso;          /* [i*S+s], -1: out of range */
    bool *fits;            /* [i*S+s] */
    size_t *alone;         /* [i] */
    int64_t *prio;         /* [i] */
    double work;           /* sum over tasks of their least isolated work, SMs (bounds_work_units) */
    double *pair;          /* [(k*S+s)*K+l], NULL: no co-runner bound */
    rta_task *rt;
    rta_result *res;
    int64_t *w;            /* per task: the WCET a test uses */
    unsigned char *kmark;  /* per kernel: run outside the group */
    size_t *klist;
    long undecided;        /* tests whose budget ran out (counted as passing) */
};

size_t bounds_tasks(const lbt *b) { return b->T; }
size_t bounds_sizes(const lbt *b) { return b->S; }
int64_t bounds_priority(const lbt *b, size_t i) { return b->prio[i]; }
bool bounds_fits(const lbt *b, size_t i, size_t s) { return b->fits[i * b->S + s]; }
size_t bounds_alone(const lbt *b, size_t i) { return b->alone[i]; }
int64_t bounds_iso(const lbt *b, size_t i, size_t s) { return b->iso[i * b->S + s]; }
long bounds_undecided(const lbt *b) { return b->undecided; }
const size_rule *bounds_rule(const lbt *b) { return &b->rule; }

int64_t bounds_work_units(const lbt *b)
{
    /* a 1e-9 relative guard below the double sum: the claim is n > W, never n > W + noise */
    return (int64_t)floor(b->work * (1.0 - 1e-9) / (double)b->g) + 1;
}

double bounds_util(const lbt *b, size_t i, size_t s)
{
    int64_t w = b->iso[i * b->S + s];
    return w < 0 ? 2.0 : (double)w / (double)b->ts->tasks[i].period_ns;
}

int bounds_rta(lbt *b, const size_t *G, size_t k, const int64_t *w)
{
    for (size_t t = 0; t < k; t++) {
        const rt_task *tk = &b->ts->tasks[G[t]];
        b->rt[t] = (rta_task){ .period_ns = tk->period_ns, .deadline_ns = tk->deadline_ns,
                               .jitter_ns = tk->jitter_ns, .wcet_ns = w[G[t]],
                               .priority = b->prio[G[t]] };
    }
    rt_budget budget;
    budget_init(&budget, b->o->budget_units);
    if (b->o->priorities == RT_PRIO_AUDSLEY) {
        int r = rta_audsley_ex(b->rt, k, &budget);
        if (r == 2)
            b->undecided++;
        return r == 2 ? 1 : r;
    }
    int pass = rta_npfp_pass(b->rt, k, &budget, b->res);
    b->undecided += pass == 1 && budget.exhausted;
    return pass;
}

/* WCET bound of task i on size s with the kernels in klist (nk of them) run outside. */
static bool task_bound(const lbt *b, size_t i, size_t s, size_t nk, int64_t *out)
{
    if (nk == 0 || !b->pair) {
        *out = b->iso[i * b->S + s];
        return *out >= 0;
    }
    int64_t sum = 0, one;
    const rt_task *tk = &b->ts->tasks[i];
    for (size_t r = 0; r < tk->n_runs; r++) {
        size_t k = tk->runs[r];
        const double *row = b->pair + (k * b->S + s) * b->K;
        double mx = 1.0;
        for (size_t q = 0; q < nk; q++)
            if (row[b->klist[q]] > mx)
                mx = row[b->klist[q]];
        if (!wcet_launch_lb_ns(b->m, b->o, k, (int64_t)(s + 1) * b->g, mx, &one) ||
            ck_add(sum, one, &sum))
            return false;
    }
    *out = sum;
    return true;
}

int bounds_group_pass(lbt *b, const size_t *G, size_t k, size_t s, const unsigned char *out)
{
    size_t nk = 0;
    if (out) {
        size_t need = 0;   /* size index of the largest alone size outside, +1 */
        bool any = false;
        memset(b->kmark, 0, b->K ? b->K : 1);
        for (size_t t = 0; t < b->T; t++) {
            if (!out[t])
                continue;
            any = true;
            if (b->alone[t] + 1 > need)
                need = b->alone[t] + 1;
            for (size_t r = 0; r < b->ts->tasks[t].n_runs; r++) {
                size_t kk = b->ts->tasks[t].runs[r];
                if (!b->kmark[kk]) {
                    b->kmark[kk] = 1;
                    b->klist[nk++] = kk;
                }
            }
        }
        /* the tasks outside need their own partitions beside this one: at least the
         * largest alone size among them (need > S: one of them fits nowhere) */
        if (any && s + 1 + need > b->S)
            return 0;
    }
    for (size_t t = 0; t < k; t++) {
        if (!b->fits[G[t] * b->S + s])
            return 0;
        if (!task_bound(b, G[t], s, nk, &b->w[G[t]]))
            return 0; /* beyond 2^62 ns: the full analysis refuses such a layout too */
    }
    return bounds_rta(b, G, k, b->w);
}

static int fill_iso(lbt *b)
{
    for (size_t i = 0; i < b->T; i++) {
        b->alone[i] = b->S;
        for (size_t s = 0; s < b->S; s++) {
            int64_t ns = 0;
            bool ok = wcet_isolated_task_ns(b->m, b->ts, i, (int64_t)(s + 1) * b->g, b->o, &ns);
            b->iso[i * b->S + s] = ok ? ns : -1;
            b->fits[i * b->S + s] = false;
            /* a size the rule forbids holds no partition of an allowed layout: no task fits
             * there, so no group passes, no pattern or column uses it, and the alone size and
             * the work bound are taken over the allowed sizes (docs/assignment.md sec. 12) */
            if (!ok || !sizes_ok(&b->rule, (int64_t)s + 1))
                continue;
            b->w[i] = ns;
            int r = bounds_rta(b, &i, 1, b->w);
            if (r < 0)
                return -1;
            b->fits[i * b->S + s] = r == 1;
            if (r == 1 && b->alone[i] == b->S)
                b->alone[i] = s;
        }
        /* the least work C_i(n) n / T_i over the sizes n where i fits alone (sec. 2a) */
        double least = -1;
        for (size_t s = b->alone[i]; s < b->S; s++) {
            double v = (double)b->iso[i * b->S + s] * (double)((int64_t)(s + 1) * b->g) /
                       (double)b->ts->tasks[i].period_ns;
            if (b->fits[i * b->S + s] && (least < 0 || v < least))
                least = v;
        }
        b->work += least > 0 ? least : 0.0;
    }
    return 0;
}

/* pair[k][s][l]: the smallest M*(k on s, {l on n'}) over n' = g .. N - (s+1)g; 1 where no
 * co-runner fits (then no task can be outside anyway). Worst-case windows only. */
static int fill_pair(lbt *b)
{
    double cells = (double)b->K * (double)b->K * (double)b->S * (double)b->S;
    if (b->o->windows != RT_WINDOWS_WORST_CASE || b->K == 0 || cells > PAIR_TABLE_MAX)
        return 0;
    size_t n;
    if (__builtin_mul_overflow(b->K * b->K, b->S, &n))
        return 0;
    b->pair = malloc(n * sizeof *b->pair);
    if (!b->pair)
        return -1;
    for (size_t k = 0; k < b->K; k++)
        for (size_t s = 0; s < b->S; s++)
            for (size_t l = 0; l < b->K; l++) {
                double mn = -1.0;
                for (size_t s2 = 0; s + 1 + s2 + 1 <= b->S; s2++) {
                    double v = wcet_pair_multiplier(b->m, b->o, k, (int64_t)(s + 1) * b->g, l,
                                                    (int64_t)(s2 + 1) * b->g);
                    if (mn < 0 || v < mn)
                        mn = v;
                }
                b->pair[(k * b->S + s) * b->K + l] = mn < 1.0 ? 1.0 : mn;
            }
    return 0;
}

lbt *bounds_new(const model *m, const rt_taskset *ts, const rt_options *o)
{
    lbt *b = calloc(1, sizeof *b);
    if (!b)
        return NULL;
    b->m = m;
    b->ts = ts;
    b->o = o;
    b->T = ts->n_tasks;
    b->S = m->n_sizes;
    b->K = ts->n_kernels;
    b->g = m->gpu->granularity;
    b->N = m->gpu->sms;
    b->rule = sizes_rule_of(o, b->g);
    size_t T = b->T ? b->T : 1, S = b->S ? b->S : 1, K = b->K ? b->K : 1, ts_n;
    if (__builtin_mul_overflow(T, S, &ts_n)) {
        free(b);
        return NULL;
    }
    b->iso = malloc(ts_n * sizeof *b->iso);
    b->fits = malloc(ts_n * sizeof *b->fits);
    b->alone = malloc(T * sizeof *b->alone);
    b->prio = malloc(T * sizeof *b->prio);
    b->rt = malloc(T * sizeof *b->rt);
    b->res = malloc(T * sizeof *b->res);
    b->w = malloc(T * sizeof *b->w);
    b->kmark = malloc(K);
    b->klist = malloc(K * sizeof *b->klist);
    if (b->prio)
        rt_layout_prio_base(ts, o->priorities == RT_PRIO_GIVEN, b->prio);
    if (!b->iso || !b->fits || !b->alone || !b->prio || !b->rt || !b->res || !b->w ||
        !b->kmark || !b->klist || fill_iso(b) != 0 ||
        fill_pair(b) != 0) {
        bounds_free(b);
        return NULL;
    }
    return b;
}

void bounds_free(lbt *b)
{
    if (!b)
        return;
    free(b->iso);
    free(b->fits);
    free(b->alone);
    free(b->prio);
    free(b->pair);
    free(b->rt);
    free(b->res);
    free(b->w);
    free(b->kmark);
    free(b->klist);
    free(b);
}
