/* assign_mip: the MIP of the partition search (necessary conditions only) and its cuts.
 *
 * Every constraint and every cut below removes only layouts that are proven unschedulable; the
 * proofs are in docs/assignment.md. They rest on two facts:
 *  (L) the isolated WCET of a task on n SMs (wcet_isolated_task_ns, multiplier 1) is a lower
 *      bound of its WCET on n SMs in every layout (every interference multiplier is >= 1);
 *  (M) the response time of ANALYSIS.md sec. 2 never decreases when a WCET grows or a task is
 *      added to the partition, with the priority order of the others unchanged.
 * Hence a group of tasks that fails the analysis on n SMs with isolated WCETs fails on n SMs in
 * every layout, and so does every larger group that contains it. With Audsley's assignment the
 * group fails under every priority order (the test is OPA-compatible, Audsley's algorithm finds
 * an order whenever one exists), and restricting an order of a larger group to the smaller one
 * gives an order under which the smaller group would pass, so again every superset fails. */
#include "analysis/assign_mip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/assign.h"
#include "analysis/layout.h"
#include "analysis/rta.h"
#include "analysis/wcet.h"

#define TAG_MAX 64          /* characters kept from a task name in LP names */
#define UTIL_SLACK 1e-6     /* relaxes utilisation rows against rounding of C/T in doubles */

struct amip {
    const rt_taskset *ts;
    const rt_options *o;
    rt_diags *d;
    size_t T, S;            /* tasks, partition sizes */
    int64_t g;              /* granularity: size index s means (s+1)*g SMs */
    int64_t N;
    int64_t *wcet;          /* [i*S+s] isolated WCET of task i on size s (if fits) */
    bool *fits;             /* [i*S+s] task i alone on size s passes the analysis */
    int64_t *prio;          /* base priorities */
    int *col;               /* [(i*T+j)*S+s], j <= i: column index, 0 if none */
    char **tag;             /* per task: its part of LP names */
    ilp *lp;
    size_t n_nogood, n_iso; /* cuts added so far (name counters) */
    int *rcols;             /* row scratch */
    double *rcoef;
    size_t rcap;
    rta_task *rt;           /* RTA scratch, T entries */
    rta_result *res;
    size_t *grp, *sub, *tmp;
};

int64_t amip_priority(const amip *a, size_t i)
{
    return a->prio[i];
}

int amip_n_cols(const amip *a)
{
    return ilp_n_cols(a->lp);
}

int amip_n_rows(const amip *a)
{
    return ilp_n_rows(a->lp);
}

static int64_t size_sms(const amip *a, size_t s)
{
    return (int64_t)(s + 1) * a->g;
}

static int col_of(const amip *a, size_t i, size_t j, size_t s)
{
    return a->col[(i * a->T + j) * a->S + s];
}

/* ILP error code -> assign error code. */
static int from_ilp(int rc)
{
    switch (rc) {
    case ILP_OK: return ASSIGN_OK;
    case ILP_ENOMEM: return ASSIGN_ENOMEM;
    case ILP_EIO: return ASSIGN_EIO;
    default: return ASSIGN_ESOLVER;
    }
}

/* Does group G (k tasks) pass the analysis on size s with isolated WCETs, under the priority
 * policy of the options? 1 yes, 0 no, -1 out of memory. */
static int iso_pass(amip *a, const size_t *G, size_t k, size_t s)
{
    for (size_t t = 0; t < k; t++) {
        size_t i = G[t];
        const rt_task *tk = &a->ts->tasks[i];
        if (k > 1 && !a->fits[i * a->S + s])
            return 0;
        a->rt[t] = (rta_task){ .period_ns = tk->period_ns, .deadline_ns = tk->deadline_ns,
                               .jitter_ns = tk->jitter_ns, .wcet_ns = a->wcet[i * a->S + s],
                               .priority = a->prio[i] };
    }
    if (a->o->priorities == RT_PRIO_AUDSLEY)
        return rta_audsley(a->rt, k);
    if (rta_npfp(a->rt, k, 0, a->res) != 0)
        return -1;
    int pass = 1;
    for (size_t t = 0; t < k; t++)
        pass &= a->res[t].schedulable;
    rta_results_fini(a->res, k);
    return pass;
}

/* Isolated WCETs and the singleton test for every task and size. */
static int fill_tables(amip *a, const model *m)
{
    for (size_t i = 0; i < a->T; i++)
        for (size_t s = 0; s < a->S; s++) {
            int64_t ns = 0;
            bool ok = wcet_isolated_task_ns(m, a->ts, i, size_sms(a, s), a->o, &ns);
            a->wcet[i * a->S + s] = ok ? ns : 0;
            a->fits[i * a->S + s] = false;
            if (!ok)
                continue; /* above 2^62 ns: the full analysis refuses it (out of range) */
            int r = iso_pass(a, &i, 1, s);
            if (r < 0)
                return ASSIGN_ENOMEM;
            a->fits[i * a->S + s] = r == 1;
        }
    return ASSIGN_OK;
}

/* Base priorities: the file's if it gives them and the options say "given", else DM. */
static int fill_priorities(amip *a)
{
    rt_layout *l = rt_layout_new(0, a->T);
    if (!l)
        return ASSIGN_ENOMEM;
    bool file_has = a->T && a->ts->tasks[0].has_priority;
    if (a->o->priorities == RT_PRIO_GIVEN && file_has)
        rt_layout_prio_given(l, a->ts);
    else
        rt_layout_prio_dm(l, a->ts);
    memcpy(a->prio, l->task_prio, a->T * sizeof *a->prio);
    rt_layout_free(l);
    return ASSIGN_OK;
}

/* Letters and digits of name, at most TAG_MAX of them. */
static void tag_alnum(const char *name, char *out)
{
    size_t n = 0;
    for (const char *c = name ? name : ""; *c && n < TAG_MAX; c++)
        if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9'))
            out[n++] = *c;
    out[n] = '\0';
}

/* Task tags for LP names: the letters and digits of the name; ".<index>" is appended where that
 * is empty or shared with another task. Tags never contain '_', so the composed names (fields
 * joined by '_') are unique. */
static int fill_tags(amip *a)
{
    char (*al)[TAG_MAX + 1] = malloc((a->T ? a->T : 1) * sizeof *al);
    if (!al)
        return ASSIGN_ENOMEM;
    for (size_t i = 0; i < a->T; i++)
        tag_alnum(a->ts->tasks[i].name, al[i]);
    int rc = ASSIGN_OK;
    for (size_t i = 0; i < a->T && rc == ASSIGN_OK; i++) {
        bool clash = al[i][0] == '\0';
        for (size_t k = 0; k < a->T && !clash; k++)
            clash = k != i && strcmp(al[i], al[k]) == 0;
        char buf[TAG_MAX + 32];
        if (clash)
            snprintf(buf, sizeof buf, "%s.%zu", al[i], i);
        else
            snprintf(buf, sizeof buf, "%s", al[i]);
        if (!(a->tag[i] = strdup(buf)))
            rc = ASSIGN_ENOMEM;
    }
    free(al);
    return rc;
}

/* Columns: y_j_n for every task that fits alone on n SMs; x_i_in_j_n where i and j fit together. */
static int add_columns(amip *a)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++) {
            if (!a->fits[j * a->S + s])
                continue;
            int64_t n = size_sms(a, s);
            snprintf(name, sizeof name, "y_%s_%lld", a->tag[j], (long long)n);
            int rc = ilp_add_col(a->lp, name, (double)n, &a->col[(j * a->T + j) * a->S + s]);
            for (size_t i = j + 1; i < a->T && rc == ILP_OK; i++) {
                size_t pair[2] = {j, i};
                int r = iso_pass(a, pair, 2, s);
                if (r < 0)
                    return ASSIGN_ENOMEM;
                if (r == 0)
                    continue;
                snprintf(name, sizeof name, "x_%s_in_%s_%lld", a->tag[i], a->tag[j], (long long)n);
                rc = ilp_add_col(a->lp, name, 0.0, &a->col[(i * a->T + j) * a->S + s]);
            }
            if (rc != ILP_OK)
                return from_ilp(rc);
        }
    return ASSIGN_OK;
}

static int add_row(amip *a, const char *name, size_t n, ilp_sense sense, double rhs)
{
    return from_ilp(ilp_add_row(a->lp, name, n, a->rcols, a->rcoef, sense, rhs));
}

/* one_i: task i is in exactly one partition (its own, or one of a lower-indexed task). */
static int add_one_rows(amip *a)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t i = 0; i < a->T; i++) {
        size_t n = 0;
        for (size_t j = 0; j <= i; j++)
            for (size_t s = 0; s < a->S; s++)
                if (col_of(a, i, j, s)) {
                    a->rcols[n] = col_of(a, i, j, s);
                    a->rcoef[n++] = 1.0;
                }
        snprintf(name, sizeof name, "one_%s", a->tag[i]);
        int rc = add_row(a, name, n, ILP_EQ, 1.0);
        if (rc != ASSIGN_OK)
            return rc;
    }
    return ASSIGN_OK;
}

/* util_j_n: sum over the partition of C_i^iso(n)/T_i <= 1 when it is open, written as
 * sum_{i>j} u_i x_i_in_j_n + (u_j - 1 - slack) y_j_n <= 0 (it also forbids x without y). */
static int add_util_rows(amip *a)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++) {
            if (!col_of(a, j, j, s))
                continue;
            size_t n = 0;
            for (size_t i = j; i < a->T; i++) {
                if (!col_of(a, i, j, s))
                    continue;
                double u = (double)a->wcet[i * a->S + s] / (double)a->ts->tasks[i].period_ns;
                a->rcols[n] = col_of(a, i, j, s);
                a->rcoef[n++] = i == j ? u - 1.0 - UTIL_SLACK : u;
            }
            snprintf(name, sizeof name, "util_%s_%lld", a->tag[j], (long long)size_sms(a, s));
            int rc = add_row(a, name, n, ILP_LE, 0.0);
            if (rc != ASSIGN_OK)
                return rc;
        }
    return ASSIGN_OK;
}

/* sms_total: the partitions fit on the GPU. */
static int add_total_row(amip *a)
{
    size_t n = 0;
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++)
            if (col_of(a, j, j, s)) {
                a->rcols[n] = col_of(a, j, j, s);
                a->rcoef[n++] = (double)size_sms(a, s);
            }
    return add_row(a, "sms_total", n, ILP_LE, (double)a->N);
}

/* Allocate everything; sizes checked against overflow. */
static int amip_alloc(amip *a)
{
    size_t T = a->T ? a->T : 1, S = a->S ? a->S : 1, ts, tts, rcap;
    if (__builtin_mul_overflow(T, S, &ts) || __builtin_mul_overflow(ts, T, &tts) ||
        __builtin_add_overflow(ts, T + 1, &rcap))
        return ASSIGN_ENOMEM;
    a->rcap = rcap;
    a->wcet = calloc(ts, sizeof *a->wcet);
    a->fits = calloc(ts, sizeof *a->fits);
    a->prio = calloc(T, sizeof *a->prio);
    a->col = calloc(tts, sizeof *a->col);
    a->tag = calloc(T, sizeof *a->tag);
    a->rcols = calloc(rcap, sizeof *a->rcols);
    a->rcoef = calloc(rcap, sizeof *a->rcoef);
    a->rt = calloc(T, sizeof *a->rt);
    a->res = calloc(T, sizeof *a->res);
    a->grp = calloc(T, sizeof *a->grp);
    a->sub = calloc(T, sizeof *a->sub);
    a->tmp = calloc(T, sizeof *a->tmp);
    if (!a->wcet || !a->fits || !a->prio || !a->col || !a->tag || !a->rcols || !a->rcoef ||
        !a->rt || !a->res || !a->grp || !a->sub || !a->tmp)
        return ASSIGN_ENOMEM;
    return ASSIGN_OK;
}

int amip_new(const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
             amip **out)
{
    *out = NULL;
    amip *a = calloc(1, sizeof *a);
    if (!a)
        return ASSIGN_ENOMEM;
    a->ts = ts;
    a->o = o;
    a->d = d;
    a->T = ts->n_tasks;
    a->S = m->n_sizes;
    a->g = m->gpu->granularity;
    a->N = m->gpu->sms;
    int rc = amip_alloc(a);
    if (rc == ASSIGN_OK)
        rc = fill_priorities(a);
    if (rc == ASSIGN_OK)
        rc = fill_tables(a, m);
    if (rc == ASSIGN_OK)
        rc = fill_tags(a);
    if (rc == ASSIGN_OK && !(a->lp = ilp_new("rtgpu_assignment", 0, d)))
        rc = ASSIGN_ENOMEM;
    if (rc == ASSIGN_OK)
        rc = add_columns(a);
    if (rc == ASSIGN_OK && a->T > 0)
        rc = add_one_rows(a);
    if (rc == ASSIGN_OK)
        rc = add_util_rows(a);
    if (rc == ASSIGN_OK && a->T > 0)
        rc = add_total_row(a);
    if (rc != ASSIGN_OK) {
        amip_free(a);
        return rc;
    }
    *out = a;
    return ASSIGN_OK;
}

void amip_free(amip *a)
{
    if (!a)
        return;
    ilp_free(a->lp);
    if (a->tag)
        for (size_t i = 0; i < a->T; i++)
            free(a->tag[i]);
    free(a->tag);
    free(a->wcet);
    free(a->fits);
    free(a->prio);
    free(a->col);
    free(a->rcols);
    free(a->rcoef);
    free(a->rt);
    free(a->res);
    free(a->grp);
    free(a->sub);
    free(a->tmp);
    free(a);
}

int amip_write_lp(amip *a, const char *path)
{
    return from_ilp(ilp_write_lp(a->lp, path));
}

int amip_solve(amip *a, double time_limit_s, ilp_outcome *out, bool *hit_time_limit)
{
    int rc = ilp_solve(a->lp, time_limit_s, out, hit_time_limit);
    return rc == ILP_ENOMEM ? ASSIGN_ENOMEM : rc == ILP_OK ? ASSIGN_OK : ASSIGN_ESOLVER;
}

static int malformed(const amip *a, const char *why)
{
    if (a->d)
        rt_diag_error(a->d, NULL, 0, "internal error: GLPK returned a solution that %s", why);
    return ASSIGN_ESOLVER;
}

int amip_decode(const amip *a, amip_cand *c)
{
    int64_t used = 0;
    for (size_t i = 0; i < a->T; i++) {
        size_t found = 0;
        for (size_t j = 0; j <= i; j++)
            for (size_t s = 0; s < a->S; s++)
                if (col_of(a, i, j, s) && ilp_col_value(a->lp, col_of(a, i, j, s))) {
                    c->rep[i] = j;
                    c->size[i] = s;
                    found++;
                }
        if (found != 1)
            return malformed(a, "does not put every task in exactly one partition");
        if (c->rep[i] == i)
            used += size_sms(a, c->size[i]);
    }
    for (size_t i = 0; i < a->T; i++) {
        size_t j = c->rep[i];
        if (c->rep[j] != j || c->size[j] != c->size[i])
            return malformed(a, "puts a task in a partition that is not open");
    }
    if (used > a->N)
        return malformed(a, "uses more SMs than the GPU has");
    return ASSIGN_OK;
}

/* Column of "task i in the partition of representative r on size s" (y if i == r), 0 if none. */
static int member_col(const amip *a, size_t i, size_t r, size_t s)
{
    return i >= r ? col_of(a, i, r, s) : 0;
}

/* Exclude group G (k >= 2 tasks, ascending) on size s in every partition that could hold it:
 * for each representative r <= min G, sum of the members' columns <= k - 1. */
static int cut_group(amip *a, const size_t *G, size_t k, size_t s)
{
    char name[ILP_NAME_MAX + 1];
    bool added = false;
    for (size_t r = 0; r <= G[0]; r++) {
        size_t n = 0;
        for (size_t t = 0; t < k; t++) {
            int c = member_col(a, G[t], r, s);
            if (!c)
                break;
            a->rcols[n] = c;
            a->rcoef[n++] = 1.0;
        }
        if (n < k)
            continue; /* some member cannot be there at all: nothing to exclude */
        snprintf(name, sizeof name, "iso_%zu_%s_%lld", a->n_iso, a->tag[r],
                 (long long)size_sms(a, s));
        int rc = add_row(a, name, k, ILP_LE, (double)k - 1.0);
        if (rc != ASSIGN_OK)
            return rc;
        added = true;
    }
    a->n_iso += added;
    return ASSIGN_OK;
}

/* Shrink failing group sub (*k tasks) on size s to a minimal failing subset (deletion filter:
 * drop each task in turn, keep the drop if the rest still fails). */
static int shrink_group(amip *a, size_t *sub, size_t *k, size_t s)
{
    size_t t = 0;
    while (t < *k) {
        size_t n = 0;
        for (size_t u = 0; u < *k; u++)
            if (u != t)
                a->tmp[n++] = sub[u];
        int r = iso_pass(a, a->tmp, n, s);
        if (r < 0)
            return ASSIGN_ENOMEM;
        if (r == 0) {
            memcpy(sub, a->tmp, n * sizeof *sub);
            *k = n;
        } else {
            t++;
        }
    }
    return ASSIGN_OK;
}

/* Partition of representative r on size s failed with isolated WCETs: exclude a minimal failing
 * subset on every size where it fails too. */
static int cut_failing_group(amip *a, size_t k, size_t s)
{
    memcpy(a->sub, a->grp, k * sizeof *a->sub);
    int rc = shrink_group(a, a->sub, &k, s);
    for (size_t s2 = 0; s2 < a->S && rc == ASSIGN_OK; s2++) {
        int r = s2 == s ? 0 : iso_pass(a, a->sub, k, s2);
        if (r < 0)
            return ASSIGN_ENOMEM;
        if (r == 0 && k >= 2)
            rc = cut_group(a, a->sub, k, s2);
    }
    return rc;
}

/* Exclude exactly candidate c: its T one-valued columns cannot all be 1 again. */
static int cut_nogood(amip *a, const amip_cand *c)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t i = 0; i < a->T; i++) {
        a->rcols[i] = col_of(a, i, c->rep[i], c->size[i]);
        a->rcoef[i] = 1.0;
    }
    snprintf(name, sizeof name, "nogood_%zu", a->n_nogood++);
    return add_row(a, name, a->T, ILP_LE, (double)a->T - 1.0);
}

int amip_cut(amip *a, const amip_cand *c, size_t *iso_cuts)
{
    *iso_cuts = 0;
    for (size_t r = 0; r < a->T; r++) {
        if (c->rep[r] != r)
            continue;
        size_t k = 0;
        for (size_t i = r; i < a->T; i++)
            if (c->rep[i] == r)
                a->grp[k++] = i;
        int pass = iso_pass(a, a->grp, k, c->size[r]);
        if (pass < 0)
            return ASSIGN_ENOMEM;
        if (pass)
            continue;
        int rc = cut_failing_group(a, k, c->size[r]);
        if (rc != ASSIGN_OK)
            return rc;
        (*iso_cuts)++;
    }
    return *iso_cuts ? ASSIGN_OK : cut_nogood(a, c);
}
