/* report_json: the JSON report, schema 2 (docs/report.md "The JSON report"), streamed with
 * the writer of jw.h.
 *
 * Every member is written as it is reached, so the report of a large task set never sits in
 * memory whole (a 1,000-kernel table on a 4,096-SM GPU is over half a gigabyte of text). jw
 * writes jansson's layout (two-space indent), escapes and round-trippable reals (%.17g); a
 * non-finite real, which JSON cannot hold, becomes null. The key order below is the order of
 * the report in docs/report.md. */
#include "report/report.h"
#include "report/report_chains.h"
#include "util/jw.h"
#include "report/report_concurrency.h"

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* An integer, or null when have is false. */
static void kint_or_null(jw *w, const char *key, bool have, int64_t x)
{
    jw_key(w, key);
    if (have)
        jw_int(w, x);
    else
        jw_null(w);
}

/* A real, or null when have is false. */
static void kreal_or_null(jw *w, const char *key, bool have, double x)
{
    jw_key(w, key);
    if (have)
        jw_real(w, x);
    else
        jw_null(w);
}

static void hex32(const unsigned char *h, char out[65])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = digits[h[i] >> 4];
        out[2 * i + 1] = digits[h[i] & 15];
    }
    out[64] = '\0';
}

static void j_input(jw *w, const char *key, const char *path, const unsigned char *sha)
{
    char hex[65];
    hex32(sha, hex);
    jw_key(w, key);
    jw_object_begin(w);
    jw_kstr(w, "path", path);
    jw_kstr(w, "sha256", hex);
    jw_object_end(w);
}

static void j_options(jw *w, const rt_report *r)
{
    const rt_options *o = r->o;
    jw_key(w, "options");
    jw_object_begin(w);
    jw_kreal(w, "margin", o->margin);
    jw_kstr(w, "windows", rt_windows_name(o->windows));
    jw_kstr(w, "interference", rt_interference_name(o->interference));
    jw_kreal(w, "alpha", r->gpu->alpha);
    jw_kint(w, "model_revision", RT_MODEL_REVISION);
    jw_kreal(w, "naive_factor", o->naive_factor);
    jw_kint(w, "combination_cap", (int64_t)o->combination_cap);
    jw_kint(w, "budget_units", (int64_t)o->budget_units);
    jw_kstr(w, "priorities", rt_prio_name(o->priorities));
    jw_kstr(w, "assign", r->assign ? "search" : "given");
    jw_kstr(w, "objective", rt_objective_name(o->objective));
    kreal_or_null(w, "time_limit_s", o->time_limit_s > 0, o->time_limit_s);
    kint_or_null(w, "max_iterations", o->max_iterations > 0, o->max_iterations);
    jw_kstr(w, "leftover_distribution", lo_distribution_name(o->leftover));
    jw_kstr(w, "gpu_preemption", o->gpu_kernel_preemption ? "kernel" : "job");
    jw_kstr(w, "flow_analysis", r->eval && r->eval->system ? "holistic" : NULL);
    jw_object_end(w);
}

static void j_gpu(jw *w, const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    jw_key(w, "gpu");
    jw_object_begin(w);
    jw_kstr(w, "name", g->name);
    jw_kint(w, "sms", g->sms);
    jw_kint(w, "l2_banks", g->l2_banks);
    jw_kreal(w, "sp", r->m->sp);
    jw_kint(w, "miss_banks", r->m->miss_banks);
    jw_kreal(w, "clock_mhz", g->clock_mhz);
    jw_kreal(w, "bw_nominal_gbps", g->bw_nominal_gbps);
    jw_kreal(w, "bw_effective_gbps", g->bw_effective_gbps);
    jw_kint(w, "granularity", g->granularity);
    jw_kint(w, "launch_overhead_ns", g->launch_overhead_ns);
    report_json_concurrency_sm(r, w);
    jw_object_end(w);
}

static void j_kernel(jw *w, const rt_report *r, size_t k)
{
    const model_kernel *mk = &r->m->kernels[k];
    const rt_concurrency *c = r->conc;
    jw_object_begin(w);
    jw_kstr(w, "name", r->ts->kernels[k].name);
    jw_kreal(w, "cycles_full", mk->cycles_full);
    jw_kreal(w, "bw_full_gbps", mk->bw_full_gbps);
    jw_kreal(w, "u_bw", mk->u_bw);
    jw_kreal(w, "sat", mk->sat);
    jw_kreal(w, "kai", mk->kai);
    jw_kreal(w, "l2_accesses", mk->l2_accesses);
    jw_kstr(w, "class", model_class_name(mk->cls));
    jw_key(w, "table");
    jw_array_begin(w);
    for (size_t s = 0; s < r->m->n_sizes; s++) {
        const model_point *p = &mk->table[s];
        jw_object_begin(w);
        jw_kint(w, "sms", p->sms);
        jw_kreal(w, "cycles", p->cycles);
        jw_kreal(w, "bw_gbps", p->bw_gbps);
        jw_kstr(w, "source", model_source_name(p->source));
        jw_kstr(w, "bw_source", model_source_name(p->bw_source));
        kreal_or_null(w, "speedup", c, c ? c->speedup[k * c->n_sizes + s] : 0);
        kreal_or_null(w, "efficiency", c, c ? conc_efficiency(c, k, s, p->sms) : 0);
        jw_object_end(w);
    }
    jw_array_end(w);
    kint_or_null(w, "scaling_anchor", c, c ? c->anchor : 0);
    jw_object_end(w);
}

static void j_partitions(jw *w, const rt_report *r)
{
    const rt_layout *l = r->layout;
    jw_key(w, "partitions");
    jw_array_begin(w);
    for (size_t p = 0; l && p < l->n_parts; p++) {
        jw_object_begin(w);
        jw_kstr(w, "name", l->part_name[p]);
        jw_kint(w, "first_sm", l->part_first_sm[p]);
        jw_kint(w, "sms", l->part_sms[p]);
        jw_key(w, "tasks");
        jw_array_begin(w);
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == p)
                jw_str(w, r->ts->tasks[i].name);
        jw_array_end(w);
        jw_object_end(w);
    }
    jw_array_end(w);
}

static void j_window(jw *w, const rt_report *r, const wcet_window *win)
{
    jw_object_begin(w);
    jw_kreal(w, "start_cycles", win->start_cycles);
    jw_kreal(w, "end_cycles", win->end_cycles);
    jw_key(w, "kernels");
    jw_array_begin(w);
    for (size_t i = 0; i < win->n_kernels; i++)
        jw_str(w, r->ts->kernels[win->kernels[i]].name);
    jw_array_end(w);
    jw_kreal(w, "bw_gbps", win->bw_gbps);
    jw_kreal(w, "I", win->I);
    jw_kreal(w, "Pi", win->Pi);
    jw_kreal(w, "M", win->M);
    jw_kstr(w, "case", r->o->windows == RT_WINDOWS_WORST_CASE ? intf_case_name(win->sup_case)
                                                               : NULL);
    jw_object_end(w);
}

static void j_launch(jw *w, const rt_report *r, const wcet_launch *ln)
{
    jw_object_begin(w);
    jw_kstr(w, "kernel", r->ts->kernels[ln->kernel].name);
    jw_kint(w, "sms", ln->sms);
    jw_kreal(w, "isolated_cycles", ln->isolated_cycles);
    jw_kreal(w, "interference_cycles", ln->interference_cycles);
    jw_kreal(w, "multiplier", ln->multiplier);
    jw_kbool(w, "exhaustive", ln->exhaustive);
    jw_kint(w, "wcet_ns", ln->wcet_ns);
    jw_key(w, "windows");
    jw_array_begin(w);
    for (size_t i = 0; i < ln->n_windows; i++)
        j_window(w, r, &ln->windows[i]);
    jw_array_end(w);
    jw_object_end(w);
}

static void j_steps(jw *w, const rt_report *r, size_t i);

static void j_task(jw *w, const rt_report *r, size_t i)
{
    const rt_task *tk = &r->ts->tasks[i];
    const rt_layout *l = r->layout;
    const wcet_task *wt = r->eval ? &r->eval->wcet.tasks[i] : NULL;
    /* the response-time fields: null where there is no layout or R is unbounded */
    const rta_result *res = r->eval ? &r->eval->rta[i] : NULL;
    bool bounded = res && res->status == RTA_BOUNDED;
    jw_object_begin(w);
    jw_kstr(w, "name", tk->name);
    jw_kstr(w, "partition", l && l->task_part[i] < l->n_parts ? l->part_name[l->task_part[i]]
                                                               : NULL);
    kint_or_null(w, "priority", l, l ? l->task_prio[i] : 0);
    jw_kint(w, "period_ns", tk->period_ns);
    jw_kint(w, "deadline_ns", tk->deadline_ns);
    jw_kint(w, "offset_ns", tk->offset_ns);
    jw_kint(w, "jitter_ns", tk->jitter_ns);
    /* a whole system: R is end to end; C, B, t and Q belong to its steps (docs/report.md) */
    bool sys = r->eval && r->eval->system;
    kint_or_null(w, "wcet_ns", wt && !sys, wt ? wt->wcet_ns : 0);
    kint_or_null(w, "blocking_ns", res && !sys, res ? res->blocking_ns : 0);
    kint_or_null(w, "wcrt_ns", bounded, bounded ? res->wcrt_ns : 0);
    kint_or_null(w, "busy_period_ns", bounded && !sys, bounded ? res->busy_ns : 0);
    kint_or_null(w, "jobs_in_busy_period", bounded && !sys, bounded ? res->q_jobs : 0);
    jw_kstr(w, "rta_status", res ? rta_status_name(res->status) : NULL);
    jw_kbool(w, "schedulable", res && res->schedulable);
    jw_key(w, "launches");
    jw_array_begin(w);
    for (size_t j = 0; wt && j < wt->n_launches; j++)
        j_launch(w, r, &wt->launches[j]);
    jw_array_end(w);
    j_steps(w, r, i);
    jw_object_end(w);
}

/* Task i's steps in a whole system (docs/report.md "tasks[].steps[]"); null otherwise. */
static void j_steps(jw *w, const rt_report *r, size_t i)
{
    const rt_system *s = r->eval ? r->eval->system : NULL;
    jw_key(w, "steps");
    if (!s) {
        jw_null(w);
        return;
    }
    const rt_task *tk = &r->ts->tasks[i];
    const hol_task *t = &s->tasks[i];
    char nb[32];
    jw_array_begin(w);
    for (size_t k = 0; k < t->n_steps; k++) {
        const hol_step *h = &s->steps[t->first_step + k];
        const hol_step_result *e = &s->res.steps[t->first_step + k];
        bool b = e->status == HOL_BOUNDED;
        jw_object_begin(w);
        jw_kstr(w, "kind", tk->n_steps ? rt_step_kind_name(tk->steps[k].kind) : "gpu");
        jw_kstr(w, "resource", rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                       sizeof nb));
        jw_kint(w, "priority", h->priority);
        jw_kint(w, "wcet_ns", h->wcet_ns);
        jw_kint(w, "bcet_ns", h->bcet_ns);
        jw_kint(w, "offset_ns", e->offset_ns);
        jw_kint(w, "jitter_ns", e->jitter_ns);
        kint_or_null(w, "local_response_ns", b, e->local_ns);
        kint_or_null(w, "response_ns", b, e->response_ns);
        jw_kstr(w, "status", hol_status_name(e->status));
        jw_key(w, "launches");
        if (h->n_launches == 0)
            jw_null(w);
        else {
            jw_array_begin(w);
            for (size_t j = 0; j < h->n_launches; j++) {
                jw_object_begin(w);
                jw_kint(w, "wcet_ns", h->launch_wcet_ns[j]);
                jw_kint(w, "bcet_ns", h->launch_bcet_ns[j]);
                jw_object_end(w);
            }
            jw_array_end(w);
        }
        jw_object_end(w);
    }
    jw_array_end(w);
}

/* The resources of a whole system (docs/report.md "resources[]"); null otherwise. */
static void j_resources(jw *w, const rt_report *r)
{
    const rt_system *s = r->eval ? r->eval->system : NULL;
    jw_key(w, "resources");
    if (!s) {
        jw_null(w);
        return;
    }
    char nb[32];
    jw_array_begin(w);
    for (size_t x = 0; x < s->sys.n_resources; x++) {
        jw_object_begin(w);
        jw_kstr(w, "name", rt_system_resource_name(s, r->gpu, r->layout, x, nb, sizeof nb));
        jw_kstr(w, "kind", rt_system_resource_kind(s, x));
        jw_kstr(w, "policy", rt_system_resource_policy(s, x));
        jw_kint(w, "steps", (int64_t)s->res_steps[x]);
        jw_kreal(w, "utilisation", s->utilisation[x]);
        jw_object_end(w);
    }
    jw_array_end(w);
}

/* Every key is present in both modes (docs/report.md "assignment"): a key that the given mode or
 * the objective does not produce is null. */
static void j_assignment(jw *w, const rt_report *r)
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
    jw_kstr(w, "objective", a ? rt_objective_name(r->o->objective) : NULL);
    kint_or_null(w, "sms_used", r->layout, used);
    kint_or_null(w, "iterations", a, a ? a->iterations : 0);
    kreal_or_null(w, "seconds", wall, wall ? a->seconds : 0);
    if (a) {
        jw_kbool(w, "time_limit_hit", a->hit_time_limit);
        jw_kbool(w, "iteration_limit_hit", a->hit_iteration_limit);
    } else {
        jw_knull(w, "time_limit_hit");
        jw_knull(w, "iteration_limit_hit");
    }
    /* the search's proven bound and the gap to its layout (null where there is none), the
     * one-partition minimum, the work done and when the layouts were found */
    kint_or_null(w, "lower_bound_sms", a && a->lower_bound_sms >= 0, a ? a->lower_bound_sms : 0);
    kint_or_null(w, "gap_sms", a && a->gap_sms >= 0, a ? a->gap_sms : 0);
    kint_or_null(w, "one_partition_sms", a && a->one_partition_sms > 0,
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
            jw_kstr(w, "deploy", rt_deploy_target_name(r->o->deploy));
        }
        kint_or_null(w, "min_partition_sms", r->o->min_partition_sms > 0,
                     r->o->min_partition_sms);
        jw_kint(w, "min_sms", r->o->part_min_sms > g ? r->o->part_min_sms : g);
        jw_kint(w, "multiple_of_sms", r->o->part_step_sms > 1 ? r->o->part_step_sms : 1);
        jw_object_end(w);
    }
    kint_or_null(w, "analyses", a, a ? a->analyses : 0);
    kint_or_null(w, "undecided_analyses", a, a ? a->undecided_analyses : 0);
    kreal_or_null(w, "first_layout_seconds", wall && a->first_seconds >= 0,
                  wall ? a->first_seconds : 0);
    kreal_or_null(w, "best_layout_seconds", wall && a->best_seconds >= 0,
                  wall ? a->best_seconds : 0);
    /* max-min-slack: the figure, the task that sets it (the analysed layout's), the SM limit */
    kreal_or_null(w, "min_relative_slack", slack && !isnan(a->min_slack),
                  slack ? a->min_slack : 0);
    bool who = slack && !isnan(a->min_slack) && r->eval && r->eval->has_min_slack;
    jw_kstr(w, "min_slack_task", who ? r->ts->tasks[r->eval->min_slack_task].name : NULL);
    kint_or_null(w, "max_sms", slack, slack ? a->max_sms : 0);
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
            kreal_or_null(w, "seconds", wall, wall ? a->finds[k].seconds : 0);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    kint_or_null(w, "improvements_dropped", a && !slack, a ? a->finds_dropped : 0);
    jw_object_end(w);
}

/* The work budget ran out: which step, at which task, which tasks are undecided; else null. */
static void j_undecided(jw *w, const rt_report *r)
{
    jw_key(w, "undecided");
    if (!report_budget_out(r)) {
        jw_null(w);
        return;
    }
    const rt_budget *b = r->budget;
    jw_object_begin(w);
    jw_kstr(w, "reason", "work budget exhausted");
    jw_kint(w, "budget_units", (int64_t)b->limit_units);
    jw_kint(w, "used_units", b->used_units > INT64_MAX ? INT64_MAX : (int64_t)b->used_units);
    jw_kstr(w, "step", budget_step_name(b->step));
    jw_kstr(w, "task", b->task < r->ts->n_tasks ? r->ts->tasks[b->task].name : NULL);
    jw_key(w, "undecided_tasks");
    jw_array_begin(w);
    for (size_t i = 0; r->eval && i < r->ts->n_tasks; i++)
        if (r->eval->rta[i].status == RTA_BUDGET)
            jw_str(w, r->ts->tasks[i].name);
    jw_array_end(w);
    jw_object_end(w);
}

static void j_verdict(jw *w, const rt_report *r)
{
    jw_key(w, "verdict");
    jw_object_begin(w);
    jw_kbool(w, "schedulable", r->exit_status == 0);
    jw_kint(w, "exit_status", report_exit_status(r));
    /* no layout was analysed (the search found none): no missed tasks to list, null */
    jw_key(w, "missed_tasks");
    if (r->eval) {
        jw_array_begin(w);
        for (size_t i = 0; i < r->ts->n_tasks; i++)
            if (!r->eval->rta[i].schedulable && r->eval->rta[i].status != RTA_BUDGET)
                jw_str(w, r->ts->tasks[i].name);
        jw_array_end(w);
    } else {
        jw_null(w);
    }
    /* exhaustive: every launch's worst case was enumerated (no combination-cap fallback) */
    jw_kbool(w, "exhaustive", !r->eval || r->eval->exhaustive);
    j_undecided(w, r);
    jw_object_end(w);
}

static void j_provenance(jw *w, const rt_provenance *p)
{
    jw_key(w, "provenance");
    jw_object_begin(w);
    jw_kstr(w, "command_line", p->command_line);
    jw_kstr(w, "date", p->date);
    jw_kstr(w, "date_source", p->from_source_date_epoch ? "SOURCE_DATE_EPOCH" : "clock");
    jw_key(w, "libraries");
    jw_object_begin(w);
    jw_kstr(w, "libxml2", p->libxml2);
    jw_kstr(w, "glpk", p->glpk);
    jw_kstr(w, "jansson", p->jansson);
    jw_kstr(w, "libc", p->libc);
    jw_object_end(w);
    jw_object_end(w);
}

static void j_job(jw *w, const rt_report *r, const sens_job *x)
{
    if (!x->bounded) {
        jw_null(w);
        return;
    }
    jw_object_begin(w);
    jw_kint(w, "job", x->q);
    jw_kint(w, "jitter_ns", x->jitter_ns);
    jw_kint(w, "blocking_ns", x->blocking_ns);
    jw_kstr(w, "blocking_task",
            x->blocking_task == SIZE_MAX ? NULL : r->ts->tasks[x->blocking_task].name);
    jw_kint(w, "own_earlier_jobs_ns", x->own_earlier_ns);
    jw_key(w, "higher_priority");
    jw_array_begin(w);
    for (size_t h = 0; h < x->n_hp; h++) {
        jw_object_begin(w);
        jw_kstr(w, "task", r->ts->tasks[x->hp[h].task].name);
        jw_kint(w, "jobs", x->hp[h].jobs);
        jw_kint(w, "ns", x->hp[h].ns);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_kint(w, "own_wcet_ns", x->own_ns);
    jw_kint(w, "start_ns", x->start_ns);
    jw_kint(w, "release_offset_ns", x->release_offset_ns);
    jw_kint(w, "wcrt_ns", x->wcrt_ns);
    jw_object_end(w);
}

static void j_explain(jw *w, const rt_report *r, size_t i, const sens_task *t)
{
    const sens_explain *x = t->explain;
    if (!x) {
        jw_null(w);
        return;
    }
    size_t p = r->layout->task_part[i];
    jw_object_begin(w);
    kint_or_null(w, "excess_ns", x->bounded, x->excess_ns);
    jw_key(w, "critical_job");
    j_job(w, r, &t->job);
    kint_or_null(w, "wcrt_without_interference_ns", x->without_intf_bounded, x->without_intf_ns);
    jw_kbool(w, "meets_without_interference", x->without_intf_meets);
    jw_kstr(w, "partition", p == SIZE_MAX ? NULL : r->layout->part_name[p]);
    kint_or_null(w, "partition_min_sms", p != SIZE_MAX && r->sens->has_min_sms[p],
                 p == SIZE_MAX ? 0 : r->sens->min_sms[p]);
    kint_or_null(w, "task_passes_with_sms", t->has_pass_sms, t->pass_sms);
    jw_object_end(w);
}

/* A whole system's task i: each step's WCET and headroom (docs/report.md). */
static void j_sens_steps(jw *w, const rt_report *r, size_t i)
{
    const rt_system *sys = r->eval->system;
    const hol_task *t = &sys->tasks[i];
    const rt_task *tk = &r->ts->tasks[i];
    char nb[32];
    jw_key(w, "steps");
    jw_array_begin(w);
    for (size_t k = 0; k < t->n_steps; k++) {
        size_t x = t->first_step + k;
        const hol_step *h = &sys->steps[x];
        jw_object_begin(w);
        jw_kstr(w, "kind", tk->n_steps ? rt_step_kind_name(tk->steps[k].kind) : "gpu");
        jw_kstr(w, "resource",
                rt_system_resource_name(sys, r->gpu, r->layout, h->resource, nb, sizeof nb));
        jw_kint(w, "wcet_ns", h->wcet_ns);
        kint_or_null(w, "wcet_headroom_ns", r->sens->steps[x].has_headroom,
                     r->sens->steps[x].headroom_ns);
        jw_object_end(w);
    }
    jw_array_end(w);
}

static void j_sensitivity(jw *w, const rt_report *r)
{
    const sens_result *s = r->sens;
    jw_key(w, "sensitivity");
    jw_object_begin(w);
    kreal_or_null(w, "scaling_factor", s->has_scaling, (double)s->scaling_k / SENS_UNIT);
    jw_kbool(w, "scaling_factor_at_limit", s->has_scaling && s->scaling_k == SENS_SCALE_MAX_K);
    if (s->system) {
        /* a whole system: every step scaled, from the smallest factor keeping each BCET */
        jw_kstr(w, "scaling_factor_scope", "every step");
        jw_kreal(w, "scaling_factor_from", (double)s->scaling_min_k / SENS_UNIT);
    }
    if (s->n_chains) {
        jw_key(w, "chains");
        jw_array_begin(w);
        for (size_t x = 0; x < s->n_chains; x++) {
            const sens_chain *sc = &s->chains[x];
            jw_object_begin(w);
            jw_kstr(w, "name", r->ts->chains[x].name);
            kreal_or_null(w, "scaling_factor", sc->has_scaling,
                          (double)sc->scaling_k / SENS_UNIT);
            jw_kbool(w, "scaling_factor_at_limit",
                     sc->has_scaling && sc->scaling_k == SENS_SCALE_MAX_K);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    kreal_or_null(w, "max_margin", s->has_margin, (double)s->margin_k / SENS_UNIT);
    jw_kbool(w, "max_margin_at_limit", s->has_margin && s->margin_k == SENS_MARGIN_MAX_K);
    jw_key(w, "precision");
    jw_object_begin(w);
    jw_kreal(w, "scaling_factor", 1.0 / SENS_UNIT);
    jw_kreal(w, "max_margin", 1.0 / SENS_UNIT);
    jw_kint(w, "wcet_headroom_ns", 1);
    jw_object_end(w);
    jw_kint(w, "analyses", (int64_t)s->analyses);
    jw_kbool(w, "exhaustive", s->exhaustive);
    jw_key(w, "partitions");
    jw_array_begin(w);
    for (size_t p = 0; p < s->n_parts; p++) {
        jw_object_begin(w);
        jw_kstr(w, "name", r->layout->part_name[p]);
        jw_kint(w, "sms", r->layout->part_sms[p]);
        kint_or_null(w, "min_sms", s->has_min_sms[p], s->min_sms[p]);
        jw_kint(w, "min_sms_scan_first", s->scan_first_sms[p]);
        jw_kint(w, "min_sms_scan_last", s->scan_last_sms[p]);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_key(w, "tasks");
    jw_array_begin(w);
    for (size_t i = 0; i < s->n_tasks; i++) {
        const sens_task *t = &s->tasks[i];
        jw_object_begin(w);
        jw_kstr(w, "name", r->ts->tasks[i].name);
        kint_or_null(w, "slack_ns", t->has_slack, t->slack_ns);
        kint_or_null(w, "wcet_headroom_ns", t->has_headroom, t->headroom_ns);
        if (s->system)
            j_sens_steps(w, r, i);
        jw_key(w, "explanation");
        j_explain(w, r, i, t);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_object_end(w);
}

/* --check-measurements (docs/report.md "measurements"). */
static void j_corunners(jw *w, const char *key, const rt_report *r, const rt_meas_corunner *c,
                        const size_t *pick, size_t n)
{
    jw_key(w, key);
    jw_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        const rt_meas_corunner *x = &c[pick ? pick[i] : i];
        jw_object_begin(w);
        jw_kstr(w, "kernel", r->ts->kernels[x->kernel].name);
        jw_kint(w, "sms", x->sms);
        jw_object_end(w);
    }
    jw_array_end(w);
}

static void j_meas_kernel(jw *w, const rt_report *r, size_t i)
{
    const rt_meas_kernel *in = &r->meas_in->kernels[i];
    const meas_kernel_check *c = &r->meas->kernels[i];
    jw_object_begin(w);
    jw_kint(w, "line", (int64_t)in->line);
    jw_kstr(w, "kernel", r->ts->kernels[in->kernel].name);
    jw_kint(w, "sms", in->sms);
    j_corunners(w, "corunners", r, in->corunners, NULL, in->n_corunners);
    jw_kint(w, "observed_ns", c->observed_ns);
    jw_kint(w, "bound_ns", c->bound_ns);
    jw_kreal(w, "model_ns", c->model_ns);
    jw_kreal(w, "isolated_cycles", c->isolated_cycles);
    jw_kreal(w, "multiplier", c->multiplier);
    jw_kreal(w, "bw_gbps", c->bw_gbps);
    jw_kreal(w, "I", c->I);
    jw_kreal(w, "Pi", c->Pi);
    jw_kstr(w, "case", intf_case_name(c->sup_case));
    jw_kbool(w, "exhaustive", c->exhaustive);
    j_corunners(w, "worst_corunners", r, in->corunners, c->star, c->n_star);
    jw_kreal(w, "tightness", c->tightness);
    jw_kbool(w, "above_bound", c->above);
    jw_kbool(w, "above_model", c->above_model);
    jw_object_end(w);
}

static void j_meas_job(jw *w, const rt_report *r, size_t i)
{
    const rt_meas_job *in = &r->meas_in->jobs[i];
    const meas_job_check *c = &r->meas->jobs[i];
    jw_object_begin(w);
    jw_kint(w, "line", (int64_t)in->line);
    jw_kstr(w, "task", r->ts->tasks[in->task].name);
    jw_kint(w, "release_ns", in->release_ns);
    jw_kint(w, "finish_ns", in->finish_ns);
    jw_kint(w, "response_ns", c->observed_ns);
    kint_or_null(w, "bound_ns", c->bounded, c->bound_ns);
    jw_kint(w, "deadline_ns", c->deadline_ns);
    kreal_or_null(w, "tightness", c->bounded, c->tightness);
    jw_kbool(w, "above_bound", c->above);
    jw_object_end(w);
}

static void j_measurements(jw *w, const rt_report *r)
{
    const meas_result *m = r->meas;
    const meas_stats *s = &m->stats;
    jw_key(w, "measurements");
    jw_object_begin(w);
    j_input(w, "input", r->meas_in->path, r->meas_in->sha256);
    jw_kstr(w, "kind", rt_meas_kind_name(m->kind));
    jw_kint(w, "count", (int64_t)m->n);
    jw_kint(w, "above_bound", (int64_t)m->n_above);
    jw_key(w, "tightness");
    jw_object_begin(w);
    jw_kint(w, "n", (int64_t)s->n);
    kreal_or_null(w, "min", s->n, s->min);
    kreal_or_null(w, "median", s->n, s->median);
    kreal_or_null(w, "p90", s->n, s->p90);
    kreal_or_null(w, "p99", s->n, s->p99);
    kreal_or_null(w, "max", s->n, s->max);
    kreal_or_null(w, "mean", s->n, s->mean);
    jw_key(w, "histogram");
    jw_array_begin(w);
    for (size_t b = 0; b < MEAS_BINS; b++) {
        jw_object_begin(w);
        jw_kstr(w, "bin", report_meas_bin_name(b));
        jw_kint(w, "count", (int64_t)s->bins[b]);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_object_end(w);
    jw_key(w, "observations");
    jw_array_begin(w);
    for (size_t i = 0; i < m->n; i++) {
        if (m->kind == RT_MEAS_JOBS)
            j_meas_job(w, r, i);
        else
            j_meas_kernel(w, r, i);
    }
    jw_array_end(w);
    kint_or_null(w, "above_model", m->kind == RT_MEAS_KERNELS, (int64_t)m->n_above_model);
    kint_or_null(w, "unbounded", m->kind == RT_MEAS_JOBS, (int64_t)m->n_unbounded);
    jw_object_end(w);
}

void report_json_head(jw *w, int schema, const char *tool_version, const rt_taskset *ts,
                      const rt_gpu *gpu)
{
    jw_kint(w, "schema", schema);
    jw_key(w, "tool");
    jw_object_begin(w);
    jw_kstr(w, "name", "rtgpu-analyze");
    jw_kstr(w, "version", tool_version);
    jw_object_end(w);
    jw_key(w, "inputs");
    jw_object_begin(w);
    j_input(w, "taskset", ts->path, ts->sha256);
    j_input(w, "gpu", gpu->path, gpu->sha256);
    jw_object_end(w);
}

void report_json_explore_head(jw *w, const char *tool_version, const rt_taskset *ts,
                              const rt_gpu *gpu)
{
    jw_kint(w, "schema", 2);
    jw_key(w, "tool");
    jw_object_begin(w);
    jw_kstr(w, "name", "rtgpu-explore");
    jw_kstr(w, "version", tool_version ? tool_version : "");
    jw_object_end(w);
    jw_kstr(w, "gpu_name", gpu->name);
    jw_kstr(w, "taskset_name", ts->name);
}

int report_json(const rt_report *r, FILE *out)
{
    jw w;
    jw_init(&w, out, 2);
    jw_object_begin(&w);
    report_json_head(&w, 2, r->tool_version, r->ts, r->gpu);
    j_options(&w, r);
    j_gpu(&w, r);
    jw_key(&w, "kernels");
    jw_array_begin(&w);
    for (size_t k = 0; k < r->ts->n_kernels; k++)
        j_kernel(&w, r, k);
    jw_array_end(&w);
    j_partitions(&w, r);
    jw_key(&w, "tasks");
    jw_array_begin(&w);
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        j_task(&w, r, i);
    jw_array_end(&w);
    j_resources(&w, r);
    report_json_chains(r, &w);
    j_assignment(&w, r);
    j_verdict(&w, r);
    /* a section the run did not compute is null (docs/report.md "The JSON report") */
    if (r->prov)
        j_provenance(&w, r->prov);
    else
        jw_knull(&w, "provenance");
    if (r->sens && r->layout)
        j_sensitivity(&w, r);
    else
        jw_knull(&w, "sensitivity");
    report_json_concurrency(r, &w);
    if (r->meas)
        j_measurements(&w, r);
    else
        jw_knull(&w, "measurements");
    jw_object_end(&w);
    if (putc('\n', out) == EOF)
        return -1;
    return jw_finish(&w);
}
