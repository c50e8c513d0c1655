/* minsms_result: the end of the min-sms search (docs/assignment.md sec. 1, 1a, 5a, 6, 13): the
 * layout found made the whole system's, analysed once more, the incumbent's times, and what the
 * result claims settled. */
#include "search/minsms_result.h"

#include <stdlib.h>

#include "analysis/recheck.h"

/* A whole system: the found layout of the view as the system's (sysview_layout), its
 * partitions' names kept, the CPU tasks on no partition. */
int minsms_result_system(const sysview *v, size_t n_tasks, assign_result *out)
{
    rt_layout *l = out->layout;
    rt_taskset sub;
    rt_task *tasks = NULL;
    rt_layout *r = sysview_layout(v, l, NULL, n_tasks, &sub, &tasks);
    free(tasks);
    if (!r)
        return ASSIGN_ENOMEM;
    for (size_t p = 0; p < l->n_parts; p++) {
        r->part_name[p] = l->part_name[p];
        l->part_name[p] = NULL;
    }
    rt_layout_free(l);
    out->layout = r;
    return ASSIGN_OK;
}

/* The returned layout analysed once more (recheck.h): its priorities (Audsley rewrites them),
 * and a contradiction of the search is an internal error. */
int minsms_result_recheck(const model *m, const rt_taskset *ts, const rt_options *o,
                          const sysview *sv, rt_diags *d, assign_result *out, bool *undecided)
{
    rt_eval ev;
    bool contradicts = false;
    const rt_taskset *ets = sv ? sv->sys : ts;
    const rt_options *eo = sv ? sv->sys_o : o;
    int erc = rt_recheck(m, ets, out->layout, eo, NULL, 0, &ev, &contradicts);
    if (erc == EVAL_ENOMEM)
        return ASSIGN_ENOMEM;
    bool pass = erc == EVAL_OK && ev.schedulable;
    *undecided = erc == EVAL_OK && !ev.decided;
    bool decided = erc != EVAL_OK || ev.decided;
    if (erc == EVAL_OK)
        rt_eval_fini(&ev);
    if (!pass && sv && ts->n_tasks == 0) {
        /* a whole system without GPU work: no layout changes its analysis, which is the
         * verdict (docs/assignment.md sec. 13) */
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = decided ? ASSIGN_INFEASIBLE : ASSIGN_UNKNOWN;
        return ASSIGN_OK;
    }
    if (!pass) {
        /* the search returns only layouts this very analysis accepted: a miss (contradicts),
         * an undecided verdict or an out-of-range WCET here is a fault of the tool */
        rt_diag_error(d, ts->path, 0, "%s", RT_RECHECK_FAILS);
        return ASSIGN_ESOLVER;
    }
    return ASSIGN_OK;
}

void minsms_result_times(const incumbent *inc, double t0, assign_result *out)
{
    out->first_seconds = inc->t_first > 0 ? inc->t_first - t0 : -1;
    out->best_seconds = inc->t_best > 0 ? inc->t_best - t0 : -1;
    for (size_t k = 0; k < inc->n_finds; k++) {
        out->finds[k] = inc->finds[k];
        out->finds[k].seconds -= t0;
    }
    out->n_finds = inc->n_finds;
    out->finds_dropped = inc->finds_dropped;
}

/* Settle what the result claims (docs/assignment.md sec. 1, 1a, 5a, 6), after the stages and
 * the final check (rc: their status), in this order; each rule only ever weakens a claim:
 *  1. Bound: the trivial and pattern bounds always hold; the exact loop's floor only when no
 *     analysis past --combination-cap cut something off, and no higher than a layout it cut
 *     off undecided (exact_floor).
 *  2. Capped: a cut of the exact loop rested on an analysis past --combination-cap: it proves
 *     nothing (optimal -> feasible, infeasible -> unknown; warning). Else, a pattern MIP cut on
 *     such an analysis: a warning where no proof was claimed.
 *  3. Undecided: a claim of the exact loop rests on its cuts; one cut off undecided below the
 *     result (any, for infeasibility) leaves it unproven (optimal -> feasible, infeasible ->
 *     unknown), with the pattern MIP's withheld proof named in the budget warning.
 *  4. Failure: rc not ASSIGN_OK returns no layout and status unknown.
 *  5. The reported bound: the layout's SMs when optimal; none (-1) when infeasible.
 *  6. Contradiction: a proven bound above the returned layout is unsound: internal error, no
 *     layout, no claim (ASSIGN_ESOLVER).
 *  7. The gap, and the first/best times only with a layout.
 * Returns rc, or ASSIGN_ESOLVER by rule 6. */
int minsms_result_settle(const minsms_proofs *pr, const model *m, const rt_taskset *ts,
                         const rt_options *o, rt_diags *d, assign_result *out, int rc)
{
    int64_t g = m->gpu->granularity, lb = pr->lb_units, fl = exact_floor(pr->x);
    if (fl > lb)
        lb = fl;
    long undecided_tests = pr->undecided_tests;
    bool undec_hole = pr->x->undec_units != INT64_MAX &&
                      (out->status == ASSIGN_INFEASIBLE ||
                       (out->status == ASSIGN_OPTIMAL && pr->x->undec_units < out->sms_used / g));
    if (rc == ASSIGN_OK && pr->x->capped) {
        if (out->status == ASSIGN_OPTIMAL)
            out->status = ASSIGN_FEASIBLE;
        else if (out->status == ASSIGN_INFEASIBLE)
            out->status = ASSIGN_UNKNOWN;
        rt_diag_warning(d, ts->path, 0, "the co-runner combinations exceeded "
                        "--combination-cap in some analysis: the search claims no proof of "
                        "optimality or infeasibility");
    }
    else if (rc == ASSIGN_OK && pr->pmip_capped && out->status != ASSIGN_OPTIMAL &&
             out->status != ASSIGN_INFEASIBLE)
        rt_diag_warning(d, ts->path, 0, "the co-runner combinations exceeded "
                        "--combination-cap in an analysis that cut a layout off: the search "
                        "claims no proof of optimality or infeasibility from the pattern MIP");
    bool withheld = undec_hole ||
                    (pr->pmip_withheld && out->status != ASSIGN_OPTIMAL &&
                     out->status != ASSIGN_INFEASIBLE);
    if (rc == ASSIGN_OK && undec_hole && out->status == ASSIGN_OPTIMAL)
        out->status = ASSIGN_FEASIBLE;
    else if (rc == ASSIGN_OK && undec_hole && out->status == ASSIGN_INFEASIBLE)
        out->status = ASSIGN_UNKNOWN;
    if (rc == ASSIGN_OK && (out->undecided_analyses > 0 || undecided_tests > 0))
        rt_diag_warning(d, ts->path, 0, "the work budget of %llu units per analysis "
                        "(--budget) left %ld candidate analyses and %ld group tests undecided; "
                        "undecided layouts are never returned, undecided tests count as "
                        "passing%s", (unsigned long long)o->budget_units,
                        out->undecided_analyses, undecided_tests,
                        withheld ? "; the search claims no proof that rests on an undecided "
                        "layout" : "");
    if (rc != ASSIGN_OK) {
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
    }
    if (out->status == ASSIGN_OPTIMAL)
        lb = out->sms_used / g;
    out->lower_bound_sms = out->status == ASSIGN_INFEASIBLE ? -1 : lb * g;
    if (rc == ASSIGN_OK && out->layout && out->lower_bound_sms > out->sms_used) {
        rt_diag_error(d, ts->path, 0, "internal error: the search's lower bound (%lld SMs) "
                      "exceeds its schedulable layout (%lld SMs)",
                      (long long)out->lower_bound_sms, (long long)out->sms_used);
        rt_layout_free(out->layout);
        out->layout = NULL;
        out->status = ASSIGN_UNKNOWN;
        out->lower_bound_sms = -1;
        rc = ASSIGN_ESOLVER;
    }
    out->gap_sms = out->layout && out->lower_bound_sms >= 0 ? out->sms_used - out->lower_bound_sms
                                                            : -1;
    if (!out->layout) {
        out->first_seconds = -1;
        out->best_seconds = -1;
    }
    return rc;
}
