/* slack: the max-min-slack objective of the partition search, by tightened deadlines.
 *
 * The smallest relative slack of a layout is s(L) = min_i (D_i - R_i) / D_i. For a layout L and a
 * fraction a/b (the best slack so far), s(L) > a/b iff every task has R_i < D_i (b - a) / b, i.e.
 * R_i <= D'_i = ceil(D_i (b - a) / b) - 1 (whole ns). Priorities are fixed to those of the
 * original deadlines (given, or deadline-monotonic), so L is schedulable with the deadlines D'
 * exactly when s(L) > a/b. A min-sms search with deadlines D' therefore either returns a layout of
 * at most max_sms SMs with a larger slack (the new best, and the loop goes on), or proves that
 * none exists (its result is infeasible, or optimal above max_sms, or its proven lower bound is
 * above max_sms): then the best is optimal. Anything else (a limit) ends without proof. */
#include "search/slack.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "search/search_int.h"
#include "util/ckint.h"

bool slack_of_layout(const model *m, const rt_taskset *ts, const rt_layout *l,
                     const rt_options *o, int64_t *num, int64_t *den, double *slack,
                     bool *undecided)
{
    if (undecided)
        *undecided = false;
    rt_layout *c = rt_layout_copy(l);
    if (!c)
        return false;
    rt_eval ev;
    int rc = rt_eval_layout(m, ts, c, o, NULL, 0, &ev);
    rt_layout_free(c);
    if (rc != EVAL_OK)
        return false;
    if (undecided)
        *undecided = !ev.decided;
    bool ok = ev.schedulable && ts->n_tasks > 0;
    *num = 1;
    *den = 1;
    for (size_t i = 0; ok && i < ts->n_tasks; i++) {
        int64_t D = ts->tasks[i].deadline_ns, s = D - ev.rta[i].wcrt_ns, x, y;
        /* s / D < num / den  <=>  s * den < num * D */
        if (ck_mul(s, *den, &x) || ck_mul(*num, D, &y)) {
            ok = false;
            break;
        }
        if (x < y) {
            *num = s;
            *den = D;
        }
    }
    rt_eval_fini(&ev);
    if (ok)
        *slack = (double)*num / (double)*den;
    return ok;
}

/* D'_i = ceil(D_i (b - a) / b) - 1 for every task, into t (a copy of the tasks). false on
 * overflow; *none when some D'_i < 1 (no layout can have a larger slack). */
static bool tighten(const rt_taskset *ts, rt_task *t, int64_t a, int64_t b, bool *none)
{
    *none = false;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        int64_t D = ts->tasks[i].deadline_ns, p;
        if (ck_mul(D, b - a, &p))
            return false;
        int64_t q = p / b + (p % b != 0); /* ceil, p >= 0 */
        t[i].deadline_ns = q - 1;
        if (q - 1 < 1)
            *none = true;
    }
    return true;
}

int slack_search(const model *m, const rt_taskset *ts, const rt_options *o,
                 slack_min_sms_fn min_sms, assign_result *out, rt_diags *d)
{
    memset(out, 0, sizeof *out);
    out->status = ASSIGN_UNKNOWN;
    out->min_slack = NAN;
    out->lower_bound_sms = -1;
    out->gap_sms = -1;
    double t0 = search_now();
    int64_t cap = o->max_sms > 0 && o->max_sms < m->gpu->sms ? o->max_sms : m->gpu->sms;
    out->max_sms = cap;
    size_t T = ts->n_tasks;
    rt_taskset tt = *ts;
    rt_task *t = malloc((T ? T : 1) * sizeof *t);
    int64_t *prio = malloc((T ? T : 1) * sizeof *prio);
    if (!t || !prio) {
        free(t);
        free(prio);
        return ASSIGN_ENOMEM;
    }
    /* the priorities of the original deadlines, fixed for every tightened search */
    rt_layout_prio_base(ts, o->priorities == RT_PRIO_GIVEN, prio);
    memcpy(t, ts->tasks, T * sizeof *t);
    for (size_t i = 0; i < T; i++) {
        t[i].has_priority = true;
        t[i].priority = prio[i];
    }
    free(prio);
    tt.tasks = t;
    rt_options oi = *o;
    oi.objective = RT_OBJ_MIN_SMS;
    oi.priorities = RT_PRIO_GIVEN;
    oi.write_lp = NULL;
    int rc = ASSIGN_OK;
    bool have = false, proven = false;
    int64_t a = 0, b = 1;
    for (;;) {
        if (o->time_limit_s > 0) {
            double left = o->time_limit_s - (search_now() - t0);
            if (left <= 0) {
                out->hit_time_limit = true;
                break;
            }
            oi.time_limit_s = left;
        }
        if (o->max_iterations > 0 && out->iterations >= o->max_iterations) {
            out->hit_iteration_limit = true;
            break;
        }
        if (o->max_iterations > 0)
            oi.max_iterations = o->max_iterations - out->iterations; /* the solves left */
        assign_result r;
        rc = min_sms(m, &tt, &oi, &r, d);
        out->iterations += r.iterations;
        out->analyses += r.analyses;
        out->undecided_analyses += r.undecided_analyses;
        out->hit_time_limit |= r.hit_time_limit;
        out->hit_iteration_limit |= r.hit_iteration_limit;
        if (rc != ASSIGN_OK) {
            rt_layout_free(r.layout);
            break;
        }
        if (r.layout && r.sms_used <= cap) {
            int64_t na, nb;
            double sl;
            bool undecided;
            bool ok = slack_of_layout(m, ts, r.layout, o, &na, &nb, &sl, &undecided);
            if (!ok && undecided) {
                /* its slack cannot be computed within the budget: stop here, no proof */
                out->undecided_analyses++;
                rt_layout_free(r.layout);
                break;
            }
            if (!ok) {
                /* schedulable with tighter deadlines and the same priorities: it must pass */
                rt_layout_free(r.layout);
                rt_diag_error(d, ts->path, 0, "internal error: a layout of the slack search "
                              "fails the analysis with the original deadlines");
                rc = ASSIGN_ESOLVER;
                break;
            }
            rt_layout_free(out->layout);
            out->layout = r.layout;
            r.layout = NULL;
            out->sms_used = r.sms_used;
            out->min_slack = sl;
            out->best_seconds = search_now() - t0;
            if (!have)
                out->first_seconds = out->best_seconds;
            have = true;
            a = na;
            b = nb;
            rt_layout_free(r.layout);
            bool none;
            if (!tighten(ts, t, a, b, &none))
                break; /* overflow: no proof */
            if (none) {
                proven = true;
                break;
            }
            continue;
        }
        /* nothing within cap: proven if the search proved it, else a limit stopped it */
        proven = r.status == ASSIGN_INFEASIBLE ||
                 (r.status == ASSIGN_OPTIMAL && r.sms_used > cap) ||
                 (r.lower_bound_sms > cap);
        rt_layout_free(r.layout);
        break;
    }
    free(t);
    out->seconds = search_now() - t0;
    if (rc != ASSIGN_OK) {
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
        out->min_slack = NAN;
        return rc;
    }
    if (proven)
        out->status = have ? ASSIGN_OPTIMAL : ASSIGN_INFEASIBLE;
    else
        out->status = have ? ASSIGN_FEASIBLE : ASSIGN_UNKNOWN;
    if (!have) {
        out->first_seconds = -1;
        out->best_seconds = -1;
    }
    return ASSIGN_OK;
}
