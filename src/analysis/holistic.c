/* holistic: end-to-end response times by the holistic analysis with best-case offsets
 * (docs/system.md sec. 3), with deferred preemption at kernel boundaries (docs/system.md sec. 4).
 *
 * Every step s of task i is a sub-task of its resource with period T_i, WCET C_s, BCET Cb_s, its
 * priority, an offset O_s and a jitter J_s:
 *
 *   first step: O = 0, J = J_i                                                     (eq. O)
 *   R_s  = O_s + rho_s,   Rb_s = O_s + Cb_s                                         (eq. R)
 *   next step:  O = Rb_s, J = R_s - Rb_s = rho_s - Cb_s                            (eq. J)
 *
 * The offsets depend on the BCETs only, so they are fixed once; the jitters are the fixpoint.
 * rho_s, the local response of s from O_s (its own jitter included), is what rta_fp_ex gives for
 * s among every step of its resource, each with its own T, C, priority and current J: preemptive
 * on a core, non-preemptive on a copy engine or a partition (one priority for all the steps of a
 * fifo engine), deferred preemption per launch on a partition with kernel preemption.
 *
 * The fixpoint: start from rho_s = C_s, analyse every resource with the current jitters (eq. J),
 * update the jitters, repeat until none changes. The right-hand sides only grow with the jitters,
 * so the jitters only grow and the first repeat is the least fixpoint. A step is unbounded
 * (docs/system.md sec. 3), in this order of precedence:
 *
 *   HOL_UTILISATION  sum of C/T over its hep set on its resource >= 1 (a property of the
 *                    resource, known in the first round)
 *   HOL_DEPENDS      an earlier step of its task is unbounded (its own jitter is then unbounded),
 *                    or another step of its resource with a priority number <= its own has an
 *                    unbounded jitter (that step is in its busy period or interferes with it)
 *   HOL_LIMIT        R_s > min(100 * max(D_i, T_i), 2^62) (rta_fp_ex stops at that bound)
 *   HOL_OVERFLOW     a sum or product left int64
 *
 * Unbounded is final: with larger jitters a response only grows. A step with an unbounded jitter
 * enters rta_fp_ex with jitter 0; only steps that depend on it read its jitter, and those are
 * HOL_DEPENDS whatever the analysis said. A resource is analysed again only when the jitter of one
 * of its steps changed; its results are otherwise what the same analysis would give again.
 *
 * Once the work budget runs out no jitter is final: every step not shown unbounded is then
 * HOL_BUDGET (undecided), and the steps after an unbounded one are HOL_DEPENDS. */
#include "analysis/holistic.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rta.h"
#include "util/ckint.h"

/* The analysis bound (docs/system.md sec. 3): R_s above STOP * max(D_i, T_i), capped at CAP. */
#define HOL_STOP_FACTOR 100
#define HOL_CAP_NS ((int64_t)1 << 62)

/* The flat arrays of one analysis; every pointer owned. */
typedef struct hol_work {
    size_t *task_of;       /* n_steps: the task a step belongs to */
    size_t *res_start;     /* n_resources + 1: the steps of resource r are ... */
    size_t *res_steps;     /* ... res_steps[res_start[r] .. res_start[r + 1] - 1], in step order */
    bool *dirty;           /* n_resources: a jitter of its steps changed since its analysis */
    int64_t *jit;          /* n_steps: J_s now */
    bool *unb;             /* n_steps: J_s unbounded (an earlier step of the task is unbounded) */
    int64_t *limit;        /* n_steps: the bound on rho_s, min(100 max(D, T), 2^62) - O_s */
    rta_task *rt;          /* scratch for one resource: its steps as rta tasks, */
    rta_opt *ro;           /* their options, */
    rta_result *rr;        /* and the results */
} hol_work;

const char *holistic_status_name(hol_status s)
{
    switch (s) {
    case HOL_BOUNDED: return "bounded";
    case HOL_UTILISATION: return "utilisation >= 1";
    case HOL_DEPENDS: return "depends on an unbounded step";
    case HOL_LIMIT: return "bound exceeded";
    case HOL_OVERFLOW: return "overflow";
    case HOL_BUDGET: return "undecided (work budget exhausted)";
    }
    return "unknown";
}

const char *holistic_unbounded_word(hol_status s)
{
    return s == HOL_BUDGET ? "undecided" : "unbounded";
}

void holistic_result_fini(hol_result *r)
{
    if (!r)
        return;
    free(r->steps);
    free(r->tasks);
    r->steps = NULL;
    r->tasks = NULL;
}

static void hol_work_fini(hol_work *w)
{
    free(w->rr);
    free(w->ro);
    free(w->rt);
    free(w->limit);
    free(w->unb);
    free(w->jit);
    free(w->dirty);
    free(w->res_steps);
    free(w->res_start);
    free(w->task_of);
}

/* ====== Input checks ====== */

/* A GPU step's launches: each 0 <= bcet <= wcet, summing to the step's WCET and BCET. */
static bool hol_launches_valid(const hol_step *s)
{
    int64_t wsum = 0, bsum = 0;
    if (s->n_launches == 0)
        return true;
    if (!s->launch_wcet_ns)
        return false;
    for (size_t k = 0; k < s->n_launches; k++) {
        int64_t w = s->launch_wcet_ns[k], b = s->launch_bcet_ns ? s->launch_bcet_ns[k] : 0;
        if (w < 0 || b < 0 || b > w || ck_add(wsum, w, &wsum) || ck_add(bsum, b, &bsum))
            return false;
    }
    return wsum == s->wcet_ns && (!s->launch_bcet_ns || bsum == s->bcet_ns);
}

/* Counts and pointers agree, the tasks cover the steps in order, every number in range. */
static bool hol_system_valid(const hol_system *sys)
{
    size_t next = 0;
    if ((sys->n_resources > 0 && !sys->resources) || (sys->n_tasks > 0 && !sys->tasks)
        || (sys->n_steps > 0 && !sys->steps))
        return false;
    for (size_t r = 0; r < sys->n_resources; r++)
        if (sys->resources[r].kind < HOL_CPU_CORE || sys->resources[r].kind > HOL_PARTITION)
            return false;
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        if (t->period_ns <= 0 || t->deadline_ns <= 0 || t->jitter_ns < 0 || t->n_steps == 0
            || t->first_step != next || t->n_steps > sys->n_steps - next)
            return false;
        next += t->n_steps;
    }
    if (next != sys->n_steps)
        return false;
    for (size_t s = 0; s < sys->n_steps; s++) {
        const hol_step *st = &sys->steps[s];
        if (st->resource >= sys->n_resources || st->wcet_ns <= 0 || st->bcet_ns < 0
            || st->bcet_ns > st->wcet_ns || !hol_launches_valid(st))
            return false;
    }
    return true;
}

/* ====== Set-up ====== */

/* Allocate w and out for sys; -1 on OOM (both then hold what to free). */
static int hol_alloc(const hol_system *sys, hol_work *w, hol_result *out)
{
    size_t ns = sys->n_steps, nr = sys->n_resources;
    memset(w, 0, sizeof *w);
    out->steps = calloc(ns ? ns : 1, sizeof *out->steps);
    out->tasks = calloc(sys->n_tasks ? sys->n_tasks : 1, sizeof *out->tasks);
    w->task_of = calloc(ns ? ns : 1, sizeof *w->task_of);
    w->res_start = calloc(nr + 1, sizeof *w->res_start);
    w->res_steps = calloc(ns ? ns : 1, sizeof *w->res_steps);
    w->dirty = calloc(nr ? nr : 1, sizeof *w->dirty);
    w->jit = calloc(ns ? ns : 1, sizeof *w->jit);
    w->unb = calloc(ns ? ns : 1, sizeof *w->unb);
    w->limit = calloc(ns ? ns : 1, sizeof *w->limit);
    if (!out->steps || !out->tasks || !w->task_of || !w->res_start || !w->res_steps || !w->dirty
        || !w->jit || !w->unb || !w->limit)
        return -1;
    /* group the steps by resource (counting sort, step order kept) */
    for (size_t s = 0; s < ns; s++)
        w->res_start[sys->steps[s].resource + 1]++;
    size_t widest = 1;
    for (size_t r = 0; r < nr; r++) {
        size_t n = w->res_start[r + 1];
        if (n > widest)
            widest = n;
        w->res_start[r + 1] += w->res_start[r];
    }
    for (size_t s = 0; s < ns; s++) {
        size_t r = sys->steps[s].resource;
        w->res_steps[w->res_start[r]++] = s;     /* res_start[r] now the end of r's steps */
    }
    for (size_t r = nr; r > 0; r--)
        w->res_start[r] = w->res_start[r - 1];
    w->res_start[0] = 0;
    w->rt = calloc(widest, sizeof *w->rt);
    w->ro = calloc(widest, sizeof *w->ro);
    w->rr = calloc(widest, sizeof *w->rr);
    return w->rt && w->ro && w->rr ? 0 : -1;
}

/* eq. O and the start of eq. J (rho_s = C_s), the bound of each step, every resource dirty. */
static void hol_start(const hol_system *sys, hol_work *w, hol_result *out)
{
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        int64_t bound = t->deadline_ns > t->period_ns ? t->deadline_ns : t->period_ns;
        if (ck_mul(bound, HOL_STOP_FACTOR, &bound) || bound > HOL_CAP_NS)
            bound = HOL_CAP_NS;
        int64_t o = 0, j = t->jitter_ns;
        for (size_t s = t->first_step; s < t->first_step + t->n_steps; s++) {
            const hol_step *st = &sys->steps[s];
            w->task_of[s] = i;
            w->jit[s] = j;
            w->limit[s] = bound - o;             /* both >= 0: no overflow */
            out->steps[s].offset_ns = o;
            if (ck_add(o, st->bcet_ns, &o))      /* only after a WCET sum that overflowed */
                o = INT64_MAX;
            out->steps[s].best_ns = o;
            j = st->wcet_ns - st->bcet_ns;
        }
    }
    for (size_t r = 0; r < sys->n_resources; r++)
        w->dirty[r] = true;
}

/* ====== One resource ====== */

static rta_policy hol_policy(const hol_resource *res)
{
    if (res->kind == HOL_CPU_CORE)
        return RTA_PREEMPTIVE;
    if (res->kind == HOL_PARTITION && res->kernel_preemption)
        return RTA_DEFERRED;
    return RTA_NONPREEMPTIVE;
}

/* The priority a step has on its resource: one shared level on a fifo engine. */
static int64_t hol_priority(const hol_resource *res, const hol_step *st)
{
    return res->kind == HOL_COPY_ENGINE && res->fifo ? 0 : st->priority;
}

/* A step's regions for deferred preemption: its launches, or one region without launches. */
static rta_opt hol_regions(const hol_step *st, int64_t limit)
{
    rta_opt o = { .region_max_ns = st->wcet_ns, .region_last_ns = st->wcet_ns,
                  .limit_ns = limit };
    if (st->n_launches > 0) {
        o.region_max_ns = 0;
        for (size_t k = 0; k < st->n_launches; k++)
            if (st->launch_wcet_ns[k] > o.region_max_ns)
                o.region_max_ns = st->launch_wcet_ns[k];
        o.region_last_ns = st->launch_wcet_ns[st->n_launches - 1];
    }
    return o;
}

/* One step's figures from its rta result; dep: it depends on an unbounded step. */
static void hol_step_from(hol_step_result *sr, const rta_result *rr, int64_t jitter, bool unb,
                          bool dep)
{
    sr->jitter_ns = unb ? 0 : jitter;
    sr->local_ns = sr->response_ns = 0;
    sr->blocking_ns = rr->blocking_ns;
    sr->busy_ns = sr->q_jobs = sr->worst_q = 0;
    switch (rr->status) {
    case RTA_UTILIZATION: sr->status = HOL_UTILISATION; return;
    case RTA_LIMIT: sr->status = HOL_LIMIT; break;
    case RTA_OVERFLOW: sr->status = HOL_OVERFLOW; break;
    case RTA_BUDGET: sr->status = HOL_BUDGET; break;
    case RTA_BOUNDED: sr->status = HOL_BOUNDED; break;
    }
    if (dep) {
        sr->status = HOL_DEPENDS;
        return;
    }
    if (sr->status != HOL_BOUNDED)
        return;
    if (ck_add(sr->offset_ns, rr->wcrt_ns, &sr->response_ns)) {
        sr->status = HOL_OVERFLOW;
        sr->response_ns = 0;
        return;
    }
    sr->local_ns = rr->wcrt_ns;
    sr->busy_ns = rr->busy_ns;
    sr->q_jobs = rr->q_jobs;
    sr->worst_q = rr->worst_q;
}

/* Analyse resource r with the current jitters into out->steps. Returns 0, or -1 (errno set). */
static int hol_resource_run(const hol_system *sys, hol_work *w, size_t r, rt_budget *budget,
                            hol_result *out)
{
    const hol_resource *res = &sys->resources[r];
    size_t first = w->res_start[r], n = w->res_start[r + 1] - first;
    int64_t unb_prio = INT64_MAX;       /* the smallest priority number with an unbounded J */
    bool any_unb = false;
    for (size_t k = 0; k < n; k++) {
        size_t s = w->res_steps[first + k];
        const hol_step *st = &sys->steps[s];
        int64_t prio = hol_priority(res, st);
        w->rt[k] = (rta_task){ .period_ns = sys->tasks[w->task_of[s]].period_ns,
                               .deadline_ns = INT64_MAX, .jitter_ns = w->unb[s] ? 0 : w->jit[s],
                               .wcet_ns = st->wcet_ns, .priority = prio };
        w->ro[k] = hol_regions(st, w->limit[s]);
        if (w->unb[s] && (!any_unb || prio < unb_prio)) {
            unb_prio = prio;
            any_unb = true;
        }
    }
    bool was_exhausted = budget->exhausted;
    if (rta_fp_ex(w->rt, w->ro, n, hol_policy(res), budget, w->rr) != 0)
        return -1;
    if (!was_exhausted && budget->exhausted && budget->task < n)   /* rta's index: ours */
        budget->task = w->task_of[w->res_steps[first + budget->task]];
    for (size_t k = 0; k < n; k++) {
        size_t s = w->res_steps[first + k];
        bool dep = w->unb[s] || (any_unb && unb_prio <= w->rt[k].priority);
        hol_step_from(&out->steps[s], &w->rr[k], w->jit[s], w->unb[s], dep);
    }
    rta_results_fini(w->rr, n);
    return 0;
}

/* ====== The fixpoint ====== */

/* eq. J from this round's results; marks the resources whose steps' jitters changed. True if
 * one did. */
static bool hol_update(const hol_system *sys, hol_work *w, const hol_result *out)
{
    bool changed = false;
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        int64_t j = t->jitter_ns;
        bool unb = false;
        for (size_t s = t->first_step; s < t->first_step + t->n_steps; s++) {
            if (j != w->jit[s] || unb != w->unb[s]) {
                w->jit[s] = j;
                w->unb[s] = unb;
                w->dirty[sys->steps[s].resource] = true;
                changed = true;
            }
            const hol_step_result *sr = &out->steps[s];
            unb = unb || sr->status != HOL_BOUNDED;
            j = unb ? 0 : sr->local_ns - sys->steps[s].bcet_ns;   /* rho_s >= C_s >= Cb_s */
        }
    }
    return changed;
}

/* After the last round: undecided steps once the budget ran out, the steps after an unbounded
 * one, the tasks' verdicts. */
static void hol_finish(const hol_system *sys, bool exhausted, hol_result *out)
{
    out->schedulable = true;
    for (size_t i = 0; i < sys->n_tasks; i++) {
        const hol_task *t = &sys->tasks[i];
        bool unb = false;
        for (size_t s = t->first_step; s < t->first_step + t->n_steps; s++) {
            hol_step_result *sr = &out->steps[s];
            if (exhausted && sr->status == HOL_BOUNDED)
                sr->status = HOL_BUDGET;
            if (unb && (sr->status == HOL_BOUNDED || sr->status == HOL_BUDGET))
                sr->status = HOL_DEPENDS;
            if (sr->status != HOL_BOUNDED) {
                sr->local_ns = sr->response_ns = 0;
                sr->busy_ns = sr->q_jobs = sr->worst_q = 0;
            }
            unb = unb || (sr->status != HOL_BOUNDED && sr->status != HOL_BUDGET);
        }
        const hol_step_result *last = &out->steps[t->first_step + t->n_steps - 1];  /* n >= 1 */
        hol_task_result *tr = &out->tasks[i];
        tr->status = last->status;
        tr->response_ns = tr->status == HOL_BOUNDED ? last->response_ns : 0;
        tr->schedulable = tr->status == HOL_BOUNDED && tr->response_ns <= t->deadline_ns;
        out->schedulable = out->schedulable && tr->schedulable;
    }
}

int holistic_analyse(const hol_system *sys, rt_budget *budget, hol_result *out)
{
    hol_work w;
    int rc = -1;
    if (!out) {
        errno = EINVAL;
        return -1;
    }
    memset(out, 0, sizeof *out);
    if (!sys || !budget || !hol_system_valid(sys)) {
        errno = EINVAL;
        return -1;
    }
    if (hol_alloc(sys, &w, out)) {
        errno = ENOMEM;
        goto cleanup;
    }
    if (budget->current != BUDGET_STEP_SENSITIVITY)   /* a candidate's analysis stays in it */
        budget->current = BUDGET_STEP_RTA;
    hol_start(sys, &w, out);
    bool changed = true;
    while (changed && budget_spend(budget, sys->n_steps + 1)) {
        out->iterations++;
        for (size_t r = 0; r < sys->n_resources && !budget->exhausted; r++) {
            if (w.dirty[r] && hol_resource_run(sys, &w, r, budget, out))
                goto cleanup;
            w.dirty[r] = false;
        }
        budget->current_task = SIZE_MAX;
        if (budget->exhausted)
            break;
        changed = hol_update(sys, &w, out);
    }
    hol_finish(sys, budget->exhausted, out);
    rc = 0;
cleanup:
    if (rc)
        holistic_result_fini(out);
    hol_work_fini(&w);
    return rc;
}
