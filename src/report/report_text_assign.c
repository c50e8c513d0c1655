/* report_text_assign: how the text report says the layout was chosen (docs/report.md): by the
 * task set, or by the search with its objective, outcome, limits, allowed sizes and proof. */
#include "report/report_text_assign.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "report/report_sizes.h"

#define FINDS_NAMED 4     /* improvements of the search named in the text */

/* The search's proof in words: what the bound says, and the gap to the layout. */
static void assign_bound_text(const assign_result *a, bool wall, FILE *out)
{
    if (a->status == ASSIGN_OPTIMAL)
        fprintf(out, "  Proven: no schedulable layout uses fewer than %" PRId64 " SMs (optimal).\n",
                a->sms_used);
    else if (a->status == ASSIGN_INFEASIBLE)
        fprintf(out, "  Proven: no layout is schedulable under the model.\n");
    else if (a->lower_bound_sms >= 0 && a->layout)
        fprintf(out, "  Proven: every schedulable layout uses at least %" PRId64 " SMs; the layout "
                     "found may be up to %" PRId64 " SMs above the best (gap).\n",
                a->lower_bound_sms, a->gap_sms);
    else if (a->lower_bound_sms >= 0)
        fprintf(out, "  Proven: every schedulable layout uses at least %" PRId64 " SMs; none was "
                     "found.\n", a->lower_bound_sms);
    if (a->one_partition_sms > 0)
        fprintf(out, "  All tasks in one partition would need %" PRId64 " SMs.\n",
                a->one_partition_sms);
    fprintf(out, "  %ld full analyses", a->analyses);
    if (wall && a->first_seconds >= 0)
        fprintf(out, "; first layout after %.3f s, the returned one after %.3f s",
                a->first_seconds, a->best_seconds);
    fprintf(out, ".\n");
    if (a->n_finds > 0) {
        /* which stage found each better layout (docs/assignment.md "The stages"): the last
         * FINDS_NAMED, every one in the JSON report */
        size_t from = a->n_finds > FINDS_NAMED ? a->n_finds - FINDS_NAMED : 0;
        fprintf(out, "  Found by:%s", from > 0 || a->finds_dropped > 0 ? " ...," : "");
        for (size_t k = from; k < a->n_finds; k++) {
            fprintf(out, "%s %s, %" PRId64 " SMs", k > from ? ";" : "", a->finds[k].stage,
                    a->finds[k].sms);
            if (wall)
                fprintf(out, " at %.3f s", a->finds[k].seconds);
        }
        fprintf(out, ".\n");
    }
    if (a->undecided_analyses > 0)
        fprintf(out, "  Undecided: %ld of the search's analyses ran out of their work budget "
                     "(--budget, per analysis); such layouts were neither returned nor counted "
                     "as failures, and no proof rests on them.\n", a->undecided_analyses);
}

/* The sizes the search was allowed (--deploy, --min-partition-sms; docs/assignment.md sec. 12):
 * nothing when neither was given. */
static void sizes_text(const rt_options *o, const rt_gpu *g, FILE *out)
{
    char why[160], step[48] = "";
    report_sizes_why(o, why, sizeof why);
    if (o->part_step_sms > 1)
        snprintf(step, sizeof step, ", a multiple of %" PRId64 " SMs", o->part_step_sms);
    if (o->part_min_sms > 0 || o->part_step_sms > 1)
        fprintf(out, "  Partition sizes (%s): at least %" PRId64 " SMs%s; the layout, the bound "
                     "and the proof are about such layouts only.\n",
                why, o->part_min_sms > g->granularity ? o->part_min_sms : g->granularity, step);
    else if (o->deploy != RT_DEPLOY_ANY)
        fprintf(out, "  Partition sizes (%s): any multiple of the granularity (%" PRId64 " SMs), "
                     "as %s creates every TPC-aligned size.\n",
                why, g->granularity, rt_options_deploy_target_name(o->deploy));
}

void report_text_assign(const rt_report *r, FILE *out)
{
    const rt_gpu *g = r->gpu;
    const rt_options *o = r->o;
    if (r->assign) {
        const assign_result *a = r->assign;
        char used[48] = "no schedulable layout found", limit[48] = "no time limit";
        if (a->layout)
            snprintf(used, sizeof used, "%" PRId64 " SMs used", a->sms_used);
        if (o->time_limit_s > 0)
            snprintf(limit, sizeof limit, "time limit %.6g s", o->time_limit_s);
        char secs[40] = "";   /* no wall-clock seconds under SOURCE_DATE_EPOCH */
        if (report_wall_times(r))
            snprintf(secs, sizeof secs, ", %.3f s", a->seconds);
        fprintf(out, "Assignment: search (%s): %s, %s, %ld MIP solves%s (%s)%s%s\n",
                rt_options_objective_name(o->objective), assign_status_name(a->status), used,
                a->iterations, secs, limit, a->hit_time_limit ? ", time limit hit" : "",
                a->hit_iteration_limit ? ", iteration limit hit" : "");
        sizes_text(o, g, out);
        if (o->objective == RT_OBJ_MAX_MIN_SLACK && a->layout) {
            fprintf(out, "Smallest relative slack: %.6f of a deadline", a->min_slack);
            if (r->eval && r->eval->has_min_slack)
                fprintf(out, ", set by task \"%s\"", r->ts->tasks[r->eval->min_slack_task].name);
            fprintf(out, ", within %" PRId64 " SMs (%s)\n", a->max_sms,
                    a->status == ASSIGN_OPTIMAL ? "proven the largest"
                                                : "not proven the largest");
        } else if (o->objective == RT_OBJ_MAX_MIN_SLACK) {
            fprintf(out, "Smallest relative slack: no schedulable layout within %" PRId64
                         " SMs%s\n", a->max_sms,
                    a->status == ASSIGN_INFEASIBLE ? " (proven)" : "");
        } else {
            assign_bound_text(a, report_wall_times(r), out);
            if (a->layout && a->sms_used < g->sms)
                fprintf(out, "  %" PRId64 " of %" PRId64 " SMs unused; `--objective "
                             "max-min-slack --max-sms %" PRId64 "` gives them to the tasks "
                             "(the largest smallest relative slack within all %" PRId64 " SMs).\n",
                        g->sms - a->sms_used, g->sms, g->sms, g->sms);
        }
    } else {
        fprintf(out, "Assignment: given by the task set\n");
    }
}
