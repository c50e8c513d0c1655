/* assign_mip: the MIP of the partition search (necessary conditions only); its cuts are in
 * assign_cuts.c, the record both use in assign_mip_int.h.
 *
 * Every constraint here and every cut of assign_cuts.c removes only layouts that are proven
 * unschedulable; the proofs are in docs/assignment.md. They rest on two facts:
 *  (L) the isolated WCET of a task on n SMs (wcet_isolated_task_ns, multiplier 1) is a lower
 *      bound of its WCET on n SMs in every layout (every interference multiplier is >= 1);
 *  (M) the response time of docs/analysis.md sec. 2 never decreases when a WCET grows or a task is
 *      added to the partition, with the priority order of the others unchanged.
 * Hence a group of tasks that fails the analysis on n SMs with isolated WCETs fails on n SMs in
 * every layout, and so does every larger group that contains it. With Audsley's assignment the
 * group fails under every priority order (the test is OPA-compatible, Audsley's algorithm finds
 * an order whenever one exists), and restricting an order of a larger group to the smaller one
 * gives an order under which the smaller group would pass, so again every superset fails. */
#include "search/assign_mip.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search/assign_mip_int.h"
#include "search/search_int.h"

#define TAG_MAX 64          /* characters kept from a task name in LP names */
#define UTIL_SLACK 1e-6     /* relaxes utilisation rows against rounding of C/T in doubles */
#define RESP_SLACK 1e-9     /* the same for the normalised response-time rows */
#define BIG_MODEL_COLS 10000 /* above: no link and block rows (section 3 of docs/assignment.md) */

static int n_cols(const amip *a)
{
    return ilp_n_cols(a->lp);
}

static int n_rows(const amip *a)
{
    return ilp_n_rows(a->lp);
}

/* The isolated WCET of task i on size s (0 where out of range: no column holds it). */
static int64_t iso(const amip *a, size_t i, size_t s)
{
    int64_t w = bounds_iso(a->b, i, s);
    return w < 0 ? 0 : w;
}

static bool fits(const amip *a, size_t i, size_t s)
{
    return bounds_fits(a->b, i, s);
}

static int64_t prio(const amip *a, size_t i)
{
    return bounds_priority(a->b, i);
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
    /* all y first, then all x (the order GLPK's own LP reader gives; see docs/assignment.md) */
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++) {
            if (!fits(a, j, s))
                continue;
            snprintf(name, sizeof name, "y_%s_%lld", a->tag[j], (long long)size_sms(a, s));
            int rc = ilp_add_col(a->lp, name, (double)(s + 1), &a->col[(j * a->T + j) * a->S + s]);
            if (rc != ILP_OK)
                return search_from_ilp(rc);
        }
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++) {
            if (!fits(a, j, s))
                continue;
            for (size_t i = j + 1; i < a->T; i++) {
                size_t pair[2] = {j, i};
                int r = iso_pass(a, pair, 2, s);
                if (r < 0)
                    return ASSIGN_ENOMEM;
                if (r == 0)
                    continue;
                snprintf(name, sizeof name, "x_%s_in_%s_%lld", a->tag[i], a->tag[j],
                         (long long)size_sms(a, s));
                int rc = ilp_add_col(a->lp, name, 0.0, &a->col[(i * a->T + j) * a->S + s]);
                if (rc != ILP_OK)
                    return search_from_ilp(rc);
            }
        }
    return ASSIGN_OK;
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
                double u = (double)iso(a, i, s) / (double)a->ts->tasks[i].period_ns;
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

static bool pair_fails(const amip *a, size_t i, size_t k, size_t s);

/* Does task k interfere with task i as higher (or equal) priority in the analysis used? For
 * Audsley's assignment the order is not known in advance: every other member counts, and the row
 * is then only enforced for the member with the largest D - J (see add_resp_row). */
static bool resp_counts(const amip *a, size_t k, size_t i)
{
    return a->o->priorities == RT_PRIO_AUDSLEY || prio(a, k) <= prio(a, i);
}

/* The least demand of hp task k inside the first job's wait of task i when that wait is W ns:
 * (floor((W + J_k) / T_k) + 1) C_k >= MAX(C_k, (W + J_k) C_k / T_k). Audsley: C_k. */
static double resp_demand(const amip *a, size_t k, size_t s, double W)
{
    const rt_task *tk = &a->ts->tasks[k];
    double c = (double)iso(a, k, s);
    if (a->o->priorities == RT_PRIO_AUDSLEY)
        return c;
    double jobs = (W + (double)tk->jitter_ns) / (double)tk->period_ns;
    return jobs > 1.0 ? jobs * c : c;
}

/* resp_i_j_n: a necessary condition for task i to meet its deadline in the partition of j on
 * n SMs, from docs/analysis.md sec. 2 with isolated WCETs. Let W = D_i - J_i - C_i (the longest
 * wait w_i(0) allowed) and g(w) = sum over hp(i) of MAX(C_k, (w + J_k) C_k / T_k) <= the
 * right-hand side of the w equation. The wait w* satisfies g(w*) <= w* <= W, and g(w) - w does
 * not increase (slope <= U_hp - 1 <= 0), so g(W) <= W is necessary. Linearised on v_i:
 *   sum_{k in hp} g_k x_k + M v_i <= W + M,  M = sum_{k in hp} g_k - W,   normalised by D_i - J_i.
 * Audsley (order unknown): the lowest priority member l has every other member above it and
 * R_l >= J_l + sum C <= D_l - J_l <= the largest D - J of the members, so with g_k = C_k the row
 * is kept for task i and switched off (-M) by every member with a larger D - J. Rows that can
 * never bind are left out. */
static int add_resp_row(amip *a, size_t i, size_t j, size_t s, size_t blocker)
{
    const rt_task *ti = &a->ts->tasks[i];
    double span = (double)(ti->deadline_ns - ti->jitter_ns);
    double W = span - (double)iso(a, i, s), sum = 0.0;
    bool audsley = a->o->priorities == RT_PRIO_AUDSLEY;
    size_t n = 0;
    for (size_t k = j; k < a->T; k++)
        if (k != i && member_col(a, k, j, s) && (resp_counts(a, k, i) || k == blocker)) {
            double g = k == blocker ? (double)iso(a, k, s) : resp_demand(a, k, s, W);
            a->tmp[n] = k;
            a->rcols[n] = member_col(a, k, j, s);
            a->rcoef[n++] = g / span;
            sum += g;
        }
    if (sum <= W)
        return ASSIGN_OK;
    double M = (sum - W) / span;
    for (size_t h = 0; audsley && h < n; h++) {
        const rt_task *tk = &a->ts->tasks[a->tmp[h]];
        if (tk->deadline_ns - tk->jitter_ns > ti->deadline_ns - ti->jitter_ns)
            a->rcoef[h] -= M;
    }
    a->rcols[n] = member_col(a, i, j, s);
    a->rcoef[n++] = M;
    char name[ILP_NAME_MAX + 1];
    if (blocker < a->T)
        snprintf(name, sizeof name, "block_%s_%s_%lld_%s", a->tag[i], a->tag[j],
                 (long long)size_sms(a, s), a->tag[blocker]);
    else
        snprintf(name, sizeof name, "resp_%s_%s_%lld", a->tag[i], a->tag[j],
                 (long long)size_sms(a, s));
    return add_row(a, name, n, ILP_LE, W / span + M + RESP_SLACK);
}

/* The lower-priority member of j's partition on size s with the largest WCET, other than
 * those in skip (a->T if none): the largest blocking B_i that task i can suffer there. */
static size_t top_blocker(const amip *a, size_t i, size_t j, size_t s, size_t skip)
{
    size_t best = a->T;
    for (size_t k = j; k < a->T; k++)
        if (k != i && k != skip && member_col(a, k, j, s) && prio(a, k) > prio(a, i) &&
            !pair_fails(a, i, k, s) &&
            (best == a->T || iso(a, k, s) > iso(a, best, s)))
            best = k;
    return best;
}

/* resp rows for every (i, j, n), and if blocking (given / DM priorities only) also block rows:
 * the same with the WCET of one lower-priority member l added (B_i >= C_l when l is there), for
 * the two members with the largest WCETs (the only blockers that can make the row bind first). */
static int add_resp_rows(amip *a, bool blocking)
{
    bool no_block = a->o->priorities == RT_PRIO_AUDSLEY || !blocking;
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++)
            for (size_t i = j; i < a->T && col_of(a, j, j, s); i++) {
                if (!col_of(a, i, j, s))
                    continue;
                int rc = add_resp_row(a, i, j, s, a->T);
                size_t b1 = no_block ? a->T : top_blocker(a, i, j, s, a->T);
                size_t b2 = b1 < a->T ? top_blocker(a, i, j, s, b1) : a->T;
                if (rc == ASSIGN_OK && b1 < a->T)
                    rc = add_resp_row(a, i, j, s, b1);
                if (rc == ASSIGN_OK && b2 < a->T)
                    rc = add_resp_row(a, i, j, s, b2);
                if (rc != ASSIGN_OK)
                    return rc;
            }
    return ASSIGN_OK;
}

/* Do tasks i and k both fit alone on size s but fail together (no column pairs them when one
 * is the representative of the other; see add_columns)? */
static bool pair_fails(const amip *a, size_t i, size_t k, size_t s)
{
    size_t lo = i < k ? i : k, hi = i < k ? k : i;
    return fits(a, lo, s) && fits(a, hi, s) && !col_of(a, hi, lo, s);
}

/* pair_i_j_n: two members of j's partition on n SMs that fail together with isolated WCETs
 * (found when the columns were built) cannot both be there: with N the members that conflict
 * with i, sum_{k in N} x_k_in_j_n + |N| x_i_in_j_n <= |N|. */
static int add_pair_rows(amip *a)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++)
            for (size_t i = j + 1; i < a->T; i++) {
                if (!col_of(a, i, j, s))
                    continue;
                size_t n = 0;
                for (size_t k = j + 1; k < a->T; k++)
                    if (k != i && col_of(a, k, j, s) && pair_fails(a, i, k, s)) {
                        a->rcols[n] = col_of(a, k, j, s);
                        a->rcoef[n++] = 1.0;
                    }
                if (n == 0)
                    continue;
                a->rcols[n] = col_of(a, i, j, s);
                a->rcoef[n] = (double)n;
                snprintf(name, sizeof name, "pair_%s_%s_%lld", a->tag[i], a->tag[j],
                         (long long)size_sms(a, s));
                int rc = add_row(a, name, n + 1, ILP_LE, (double)n);
                if (rc != ASSIGN_OK)
                    return rc;
            }
    return ASSIGN_OK;
}

/* in_i_j_n: x_i_in_j_n <= y_j_n, a task joins a partition only if it is open on that size (the
 * utilisation rows imply it for 0-1 values; this makes the LP relaxation much tighter). */
static int add_link_rows(amip *a)
{
    char name[ILP_NAME_MAX + 1];
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++)
            for (size_t i = j + 1; i < a->T; i++) {
                if (!col_of(a, i, j, s))
                    continue;
                a->rcols[0] = col_of(a, i, j, s);
                a->rcoef[0] = 1.0;
                a->rcols[1] = col_of(a, j, j, s);
                a->rcoef[1] = -1.0;
                snprintf(name, sizeof name, "in_%s_%s_%lld", a->tag[i], a->tag[j],
                         (long long)size_sms(a, s));
                int rc = add_row(a, name, 2, ILP_LE, 0.0);
                if (rc != ASSIGN_OK)
                    return rc;
            }
    return ASSIGN_OK;
}

/* sms_total: the partitions fit on the GPU, in units of g. Later it also carries a floor (the
 * last proven MIP optimum, assign_mip_raise_floor) and a cap (below the incumbent, assign_mip_cap). */
static int add_total_row(amip *a)
{
    size_t n = 0;
    for (size_t j = 0; j < a->T; j++)
        for (size_t s = 0; s < a->S; s++)
            if (col_of(a, j, j, s)) {
                a->rcols[n] = col_of(a, j, j, s);
                a->rcoef[n++] = (double)(s + 1);
            }
    int rc = add_row(a, "sms_total", n, ILP_LE, (double)a->S);
    a->total_row = n_rows(a);
    a->floor_units = 0;
    a->cap_units = (int64_t)a->S;
    return rc;
}

/* sms_total <- [floor, cap] (no floor while it is 0 or above the cap: assign_mip_exhausted). */
static int bound_total(amip *a)
{
    bool lo = a->floor_units > 0 && a->floor_units <= a->cap_units;
    double low = lo ? (double)a->floor_units : -INFINITY;
    return search_from_ilp(ilp_set_range(a->lp, a->total_row, low, (double)a->cap_units));
}

bool assign_mip_exhausted(const amip *a)
{
    return a->floor_units > a->cap_units;
}

int assign_mip_cap(amip *a, int64_t units)
{
    if (units < a->cap_units)
        a->cap_units = units;
    return bound_total(a);
}

int64_t assign_mip_floor(const amip *a)
{
    return a->floor_units;
}

double assign_mip_objective(const amip *a)
{
    return ilp_objective(a->lp);
}

int assign_mip_raise_floor(amip *a, double objective)
{
    int64_t f = (int64_t)floor(objective + 0.5);
    if (f > a->floor_units)
        a->floor_units = f;
    return bound_total(a);
}

/* Allocate everything; sizes checked against overflow. */
static int amip_alloc(amip *a)
{
    size_t T = a->T ? a->T : 1, S = a->S ? a->S : 1, ts, tts, tt, rcap;
    if (__builtin_mul_overflow(T, S, &ts) || __builtin_mul_overflow(ts, T, &tts) ||
        __builtin_mul_overflow(T, T, &tt) ||
        __builtin_add_overflow(ts, T + 1, &rcap))
        return ASSIGN_ENOMEM;
    a->rcap = rcap;
    a->col = calloc(tts, sizeof *a->col);
    a->tag = calloc(T, sizeof *a->tag);
    a->rcols = calloc(rcap, sizeof *a->rcols);
    a->rcoef = calloc(rcap, sizeof *a->rcoef);
    a->grp = calloc(T, sizeof *a->grp);
    a->sub = calloc(T, sizeof *a->sub);
    a->tmp = calloc(T, sizeof *a->tmp);
    a->wtask = calloc(T, sizeof *a->wtask);
    a->wit = calloc(T, sizeof *a->wit);
    a->mark = calloc(T, sizeof *a->mark);
    a->seen = calloc(tt, sizeof *a->seen);
    a->seen_len = calloc(T, sizeof *a->seen_len);
    if (!a->col || !a->tag || !a->rcols || !a->rcoef || !a->grp || !a->sub || !a->tmp ||
        !a->wtask || !a->wit || !a->mark || !a->seen || !a->seen_len)
        return ASSIGN_ENOMEM;
    return ASSIGN_OK;
}

int assign_mip_new(lbt *b, const model *m, const rt_taskset *ts, const rt_options *o, rt_diags *d,
             amip **out)
{
    *out = NULL;
    amip *a = calloc(1, sizeof *a);
    if (!a)
        return ASSIGN_ENOMEM;
    a->b = b;
    a->ts = ts;
    a->o = o;
    a->d = d;
    a->T = ts->n_tasks;
    a->S = m->n_sizes;
    a->g = m->gpu->granularity;
    a->N = m->gpu->sms;
    int rc = amip_alloc(a);
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
    /* the optional strengthening rows make GLPK's LPs larger: on big models (more than
     * BIG_MODEL_COLS columns) only the resp rows without blocking are kept */
    bool big = rc == ASSIGN_OK && n_cols(a) > BIG_MODEL_COLS;   /* no model after a failure */
    if (rc == ASSIGN_OK)
        rc = add_resp_rows(a, !big);
    if (rc == ASSIGN_OK && !big)
        rc = add_link_rows(a);
    if (rc == ASSIGN_OK)
        rc = add_pair_rows(a);
    if (rc != ASSIGN_OK) {
        assign_mip_free(a);
        return rc;
    }
    *out = a;
    return ASSIGN_OK;
}

void assign_mip_free(amip *a)
{
    if (!a)
        return;
    ilp_free(a->lp);
    if (a->tag)
        for (size_t i = 0; i < a->T; i++)
            free(a->tag[i]);
    free(a->tag);
    free(a->col);
    free(a->rcols);
    free(a->rcoef);
    free(a->grp);
    free(a->sub);
    free(a->tmp);
    free(a->wtask);
    free(a->wit);
    free(a->mark);
    free(a->seen);
    free(a->seen_len);
    free(a);
}

int assign_mip_write_lp(amip *a, const char *path)
{
    return search_from_ilp(ilp_write_lp(a->lp, path));
}

int assign_mip_solve(amip *a, double time_limit_s, ilp_outcome *out, bool *hit_time_limit)
{
    int rc = ilp_solve(a->lp, time_limit_s, out, hit_time_limit);
    return search_from_ilp(rc);
}

static int malformed(const amip *a, const char *why)
{
    if (a->d)
        rt_diag_error(a->d, NULL, 0, "internal error: GLPK returned a solution that %s", why);
    return ASSIGN_ESOLVER;
}

int assign_mip_decode(const amip *a, amip_cand *c)
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
