/* report_json_assign: the "assignment" member of the JSON report (docs/report.md "assignment"):
 * how the layout was chosen, by the task set or by the search, with the search's bound, limits,
 * allowed sizes, work and improvements. */
#include "report/report_json_assign.h"

#include <math.h>
#include <stdbool.h>

#include "report/json_opt.h"

/* Every key is present in both modes (docs/report.md "assignment"): a key that the given mode or
 * the objective does not produce is null. */
void report_json_assign(const rt_report *r, jw *w)
{
    const assign_result *a = r->assign;
    int64_t used = 0;
    for (size_t p = 0; r->layout && p < r->layout->n_parts; p++)
        used += r->layout->part_sms[p];
    bool slack = a && r->o->objective == RT_OBJ_MAX_MIN_SLACK;
    bool wall = a && report_wall_times(r);   /* no wall-clock seconds under SOURCE_DATE_EPOCH */
    jw_key(w, "assignment");
    jw_object_begin(w);
    jw_kstr(w, "mode", a ? "search" : "given");
    jw_kstr(w, "status", a ? assign_status_name(a->status) : "given");
    jw_kstr(w, "objective", a ? rt_options_objective_name(r->o->objective) : NULL);
    json_opt_int(w, "sms_used", r->layout, used);
    json_opt_int(w, "iterations", a, a ? a->iterations : 0);
    json_opt_real(w, "seconds", wall, wall ? a->seconds : 0);
    if (a) {
        jw_kbool(w, "time_limit_hit", a->hit_time_limit);
        jw_kbool(w, "iteration_limit_hit", a->hit_iteration_limit);
    } else {
        jw_knull(w, "time_limit_hit");
        jw_knull(w, "iteration_limit_hit");
    }
    /* the search's proven bound and the gap to its layout (null where there is none), the
     * one-partition minimum, the work done and when the layouts were found */
    json_opt_int(w, "lower_bound_sms", a && a->lower_bound_sms >= 0, a ? a->lower_bound_sms : 0);
    json_opt_int(w, "gap_sms", a && a->gap_sms >= 0, a ? a->gap_sms : 0);
    json_opt_int(w, "one_partition_sms", a && a->one_partition_sms > 0,
                 a ? a->one_partition_sms : 0);
    /* the sizes the search was allowed (docs/assignment.md sec. 12); null: any multiple of g,
     * or no search */
    jw_key(w, "partition_sizes");
    if (!a || (r->o->deploy == RT_DEPLOY_ANY && r->o->part_min_sms <= 0 &&
               r->o->part_step_sms <= 1)) {
        jw_null(w);
    } else {
        int64_t g = r->gpu->granularity;
        jw_object_begin(w);
        if (r->o->deploy == RT_DEPLOY_ANY) {
            jw_key(w, "deploy");
            jw_null(w);
        } else {
            jw_kstr(w, "deploy", rt_options_deploy_target_name(r->o->deploy));
        }
        json_opt_int(w, "min_partition_sms", r->o->min_partition_sms > 0,
                     r->o->min_partition_sms);
        jw_kint(w, "min_sms", r->o->part_min_sms > g ? r->o->part_min_sms : g);
        jw_kint(w, "multiple_of_sms", r->o->part_step_sms > 1 ? r->o->part_step_sms : 1);
        jw_object_end(w);
    }
    json_opt_int(w, "analyses", a, a ? a->analyses : 0);
    json_opt_int(w, "undecided_analyses", a, a ? a->undecided_analyses : 0);
    json_opt_real(w, "first_layout_seconds", wall && a->first_seconds >= 0,
                  wall ? a->first_seconds : 0);
    json_opt_real(w, "best_layout_seconds", wall && a->best_seconds >= 0,
                  wall ? a->best_seconds : 0);
    /* max-min-slack: the figure, the task that sets it (the analysed layout's), the SM limit */
    json_opt_real(w, "min_relative_slack", slack && !isnan(a->min_slack),
                  slack ? a->min_slack : 0);
    bool who = slack && !isnan(a->min_slack) && r->eval && r->eval->has_min_slack;
    jw_kstr(w, "min_slack_task", who ? r->ts->tasks[r->eval->min_slack_task].name : NULL);
    json_opt_int(w, "max_sms", slack, slack ? a->max_sms : 0);
    /* min-sms: each improvement of the best layout, the stage that found it and when */
    jw_key(w, "improvements");
    if (!a || slack) {
        jw_null(w);
    } else {
        jw_array_begin(w);
        for (size_t k = 0; k < a->n_finds; k++) {
            jw_object_begin(w);
            jw_kstr(w, "stage", a->finds[k].stage);
            jw_kint(w, "sms", a->finds[k].sms);
            json_opt_real(w, "seconds", wall, wall ? a->finds[k].seconds : 0);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    json_opt_int(w, "improvements_dropped", a && !slack, a ? a->finds_dropped : 0);
    jw_object_end(w);
}
