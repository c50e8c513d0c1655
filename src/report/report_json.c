/* report_json: the JSON report of FORMATS.md (schema 1), built with jansson.
 *
 * jansson gives correct string escaping and round-trippable reals (%.17g with
 * JSON_REAL_PRECISION(17)); a non-finite real, which JSON cannot hold, becomes null. */
#include "report/report.h"
#include "report/report_concurrency.h"

#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

/* A bump allocator for the report's JSON tree: the tree of a large task set has hundreds of
 * thousands of small values that all die together, and malloc/free of each was a fifth of the
 * run time. jansson's allocator is process-wide, so report_json is not reentrant. */
typedef struct arena_block {
    struct arena_block *next;
    size_t used, size;
    max_align_t data[];
} arena_block;

static _Thread_local arena_block *arena_head;

static void *arena_alloc(size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    arena_block *b = arena_head;
    if (!b || b->size - b->used < n) {
        size_t size = n > (1u << 20) ? n : (1u << 20);
        b = malloc(sizeof *b + size);
        if (!b)
            return NULL;
        b->next = arena_head;
        b->used = 0;
        b->size = size;
        arena_head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

static void arena_free(void *p)
{
    (void)p; /* everything goes at once in arena_release */
}

static void arena_release(void)
{
    while (arena_head) {
        arena_block *next = arena_head->next;
        free(arena_head);
        arena_head = next;
    }
}

/* Set when an array element could not be built (out of memory); the report then fails whole. */
static _Thread_local bool j_failed;

static void push(json_t *arr, json_t *v)
{
    if (!arr)
        json_decref(v);
    if (!v || !arr || json_array_append_new(arr, v) != 0)
        j_failed = true;
}

static json_t *jreal(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *jint(int64_t x)
{
    return json_integer((json_int_t)x);
}

static json_t *jstr(const char *s)
{
    return s ? json_string(s) : json_null();
}

static void hex32(const unsigned char *h, char out[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(out + 2 * i, 3, "%02x", h[i]);
}

static json_t *j_input(const char *path, const unsigned char *sha)
{
    char hex[65];
    hex32(sha, hex);
    return json_pack("{s:o,s:s}", "path", jstr(path), "sha256", hex);
}

static json_t *j_options(const rt_report *r)
{
    const rt_options *o = r->o;
    return json_pack("{s:o,s:s,s:s,s:o,s:i,s:o,s:o,s:o,s:s,s:s,s:s,s:o,s:o,s:s}",
                     "margin", jreal(o->margin),
                     "windows", rt_windows_name(o->windows),
                     "interference", rt_interference_name(o->interference),
                     "alpha", jreal(r->gpu->alpha),
                     "model_revision", RT_MODEL_REVISION,
                     "naive_factor", jreal(o->naive_factor),
                     "combination_cap", json_integer((json_int_t)o->combination_cap),
                     "budget_units", json_integer((json_int_t)o->budget_units),
                     "priorities", rt_prio_name(o->priorities),
                     "assign", r->assign ? "search" : "given",
                     "objective", "min-sms",
                     "time_limit_s", o->time_limit_s > 0 ? jreal(o->time_limit_s) : json_null(),
                     "max_iterations", o->max_iterations > 0 ? jint(o->max_iterations)
                                                             : json_null(),
                     "leftover_distribution", lo_distribution_name(o->leftover));
}

static json_t *j_gpu(const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    return json_pack("{s:o,s:I,s:I,s:o,s:I,s:o,s:o,s:o,s:I,s:I}",
                     "name", jstr(g->name), "sms", (json_int_t)g->sms,
                     "l2_banks", (json_int_t)g->l2_banks, "sp", jreal(r->m->sp),
                     "miss_banks", (json_int_t)r->m->miss_banks,
                     "clock_mhz", jreal(g->clock_mhz),
                     "bw_nominal_gbps", jreal(g->bw_nominal_gbps),
                     "bw_effective_gbps", jreal(g->bw_effective_gbps),
                     "granularity", (json_int_t)g->granularity,
                     "launch_overhead_ns", (json_int_t)g->launch_overhead_ns);
}

static json_t *j_kernel(const rt_report *r, size_t k)
{
    const model_kernel *mk = &r->m->kernels[k];
    json_t *table = json_array();
    for (size_t s = 0; s < r->m->n_sizes; s++) {
        const model_point *p = &mk->table[s];
        json_t *row = json_pack("{s:I,s:o,s:o,s:s,s:s}", "sms", (json_int_t)p->sms,
                                "cycles", jreal(p->cycles), "bw_gbps",
                                jreal(p->bw_gbps), "source",
                                model_source_name(p->source), "bw_source",
                                model_source_name(p->bw_source));
        const rt_concurrency *c = r->conc;
        if (row && c) {
            json_object_set_new(row, "speedup", jreal(c->speedup[k * c->n_sizes + s]));
            json_object_set_new(row, "efficiency", jreal(c->efficiency[k * c->n_sizes + s]));
        }
        push(table, row);
    }
    json_t *o = json_pack("{s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:o}", "name", r->ts->kernels[k].name,
                          "cycles_full", jreal(mk->cycles_full), "bw_full_gbps",
                          jreal(mk->bw_full_gbps), "u_bw", jreal(mk->u_bw), "sat", jreal(mk->sat),
                          "kai", jreal(mk->kai), "l2_accesses", jreal(mk->l2_accesses), "class",
                          model_class_name(mk->cls), "table", table);
    if (o && r->conc)
        json_object_set_new(o, "scaling_anchor", jint(r->conc->anchor));
    return o;
}

static json_t *j_partitions(const rt_report *r)
{
    json_t *arr = json_array();
    const rt_layout *l = r->layout;
    if (!l)
        return arr;
    for (size_t p = 0; p < l->n_parts; p++) {
        json_t *tasks = json_array();
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == p)
                push(tasks, json_string(r->ts->tasks[i].name));
        push(arr, json_pack("{s:o,s:I,s:I,s:o}", "name", jstr(l->part_name[p]),
                                             "first_sm", (json_int_t)l->part_first_sm[p],
                                             "sms", (json_int_t)l->part_sms[p], "tasks",
                                             tasks));
    }
    return arr;
}

static json_t *j_window(const rt_report *r, const wcet_window *w)
{
    json_t *names = json_array();
    for (size_t i = 0; i < w->n_kernels; i++)
        push(names, json_string(r->ts->kernels[w->kernels[i]].name));
    json_t *o = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "start_cycles", jreal(w->start_cycles),
                          "end_cycles", jreal(w->end_cycles), "kernels", names, "bw_gbps",
                          jreal(w->bw_gbps), "I", jreal(w->I), "Pi", jreal(w->Pi), "M",
                          jreal(w->M));
    if (o && r->o->windows == RT_WINDOWS_WORST_CASE)
        json_object_set_new(o, "case", json_string(intf_case_name(w->sup_case)));
    return o;
}

static json_t *j_launch(const rt_report *r, const wcet_launch *ln)
{
    json_t *wins = json_array();
    for (size_t w = 0; w < ln->n_windows; w++)
        push(wins, j_window(r, &ln->windows[w]));
    return json_pack("{s:s,s:I,s:o,s:o,s:o,s:b,s:I,s:o}", "kernel",
                     r->ts->kernels[ln->kernel].name, "sms", (json_int_t)ln->sms,
                     "isolated_cycles", jreal(ln->isolated_cycles), "interference_cycles",
                     jreal(ln->interference_cycles), "multiplier", jreal(ln->multiplier),
                     "exhaustive", ln->exhaustive, "wcet_ns", (json_int_t)ln->wcet_ns, "windows",
                     wins);
}

/* The response-time fields of task i: null where there is no layout or R is unbounded. */
static void j_task_rta(const rt_report *r, size_t i, json_t *t)
{
    const rta_result *res = r->eval ? &r->eval->rta[i] : NULL;
    bool bounded = res && res->status == RTA_BOUNDED;
    json_object_set_new(t, "blocking_ns", res ? jint(res->blocking_ns) : json_null());
    json_object_set_new(t, "wcrt_ns", bounded ? jint(res->wcrt_ns) : json_null());
    json_object_set_new(t, "busy_period_ns", bounded ? jint(res->busy_ns) : json_null());
    json_object_set_new(t, "jobs_in_busy_period", bounded ? jint(res->q_jobs) : json_null());
    json_object_set_new(t, "rta_status", res ? json_string(rta_status_name(res->status))
                                             : json_null());
    json_object_set_new(t, "schedulable", json_boolean(res && res->schedulable));
}

static json_t *j_task(const rt_report *r, size_t i)
{
    const rt_task *tk = &r->ts->tasks[i];
    const rt_layout *l = r->layout;
    const wcet_task *wt = r->eval ? &r->eval->wcet.tasks[i] : NULL;
    json_t *t = json_pack("{s:s,s:o,s:o,s:I,s:I,s:I,s:o}", "name", tk->name, "partition",
                          l ? jstr(l->part_name[l->task_part[i]]) : json_null(), "priority",
                          l ? jint(l->task_prio[i]) : json_null(), "period_ns",
                          (json_int_t)tk->period_ns, "deadline_ns", (json_int_t)tk->deadline_ns,
                          "jitter_ns", (json_int_t)tk->jitter_ns, "wcet_ns",
                          wt ? jint(wt->wcet_ns) : json_null());
    if (!t)
        return NULL;
    j_task_rta(r, i, t);
    json_t *launches = json_array();
    for (size_t j = 0; wt && j < wt->n_launches; j++)
        push(launches, j_launch(r, &wt->launches[j]));
    json_object_set_new(t, "launches", launches);
    return t;
}

static json_t *j_assignment(const rt_report *r)
{
    const assign_result *a = r->assign;
    int64_t used = 0;
    for (size_t p = 0; r->layout && p < r->layout->n_parts; p++)
        used += r->layout->part_sms[p];
    if (!a)
        return json_pack("{s:s,s:s,s:s,s:I,s:I,s:o}", "mode", "given", "status", "given",
                         "objective", "min-sms", "sms_used", (json_int_t)used, "iterations",
                         (json_int_t)0, "seconds", json_real(0.0));
    json_t *o = json_pack("{s:s,s:s,s:s,s:o,s:I,s:o,s:b,s:b}", "mode", "search", "status",
                          assign_status_name(a->status), "objective", "min-sms", "sms_used",
                          r->layout ? jint(used) : json_null(), "iterations",
                          (json_int_t)a->iterations, "seconds", jreal(a->seconds),
                          "time_limit_hit", a->hit_time_limit, "iteration_limit_hit",
                          a->hit_iteration_limit);
    /* the search's proven bound and the gap to its layout (null where there is none), the
     * one-partition minimum, the work done and when the layouts were found */
    json_object_set_new(o, "lower_bound_sms",
                        a->lower_bound_sms >= 0 ? jint(a->lower_bound_sms) : json_null());
    json_object_set_new(o, "gap_sms", a->gap_sms >= 0 ? jint(a->gap_sms) : json_null());
    json_object_set_new(o, "one_partition_sms",
                        a->one_partition_sms > 0 ? jint(a->one_partition_sms) : json_null());
    json_object_set_new(o, "analyses", jint(a->analyses));
    json_object_set_new(o, "first_layout_seconds",
                        a->first_seconds >= 0 ? jreal(a->first_seconds) : json_null());
    json_object_set_new(o, "best_layout_seconds",
                        a->best_seconds >= 0 ? jreal(a->best_seconds) : json_null());
    return o;
}

/* The work budget ran out: which step, at which task, which tasks are undecided; else null. */
static json_t *j_undecided(const rt_report *r)
{
    if (!report_budget_out(r))
        return json_null();
    const rt_budget *b = r->budget;
    json_t *tasks = json_array();
    for (size_t i = 0; r->eval && i < r->ts->n_tasks; i++)
        if (r->eval->rta[i].status == RTA_BUDGET)
            push(tasks, json_string(r->ts->tasks[i].name));
    return json_pack("{s:s,s:I,s:I,s:s,s:o,s:o}", "reason", "work budget exhausted",
                     "budget_units", (json_int_t)b->limit_units, "used_units",
                     (json_int_t)(b->used_units > INT64_MAX ? INT64_MAX : b->used_units),
                     "step", budget_step_name(b->step), "task",
                     b->task < r->ts->n_tasks ? json_string(r->ts->tasks[b->task].name)
                                              : json_null(),
                     "undecided_tasks", tasks);
}

static json_t *j_verdict(const rt_report *r)
{
    /* no layout was analysed (the search found none): no misses to list, null */
    json_t *misses = r->eval ? json_array() : json_null();
    for (size_t i = 0; r->eval && i < r->ts->n_tasks; i++)
        if (!r->eval->rta[i].schedulable && r->eval->rta[i].status != RTA_BUDGET)
            push(misses, json_string(r->ts->tasks[i].name));
    /* exhaustive: every launch's worst case was enumerated (no combination-cap fallback) */
    return json_pack("{s:b,s:i,s:o,s:b,s:o}", "schedulable", r->exit_status == 0, "exit_status",
                     report_exit_status(r), "misses", misses, "exhaustive",
                     !r->eval || r->eval->exhaustive, "undecided", j_undecided(r));
}

static json_t *j_provenance(const rt_provenance *p)
{
    return json_pack("{s:s,s:s,s:s,s:{s:s,s:s,s:s,s:s}}", "command_line", p->command_line,
                     "date", p->date, "date_source",
                     p->from_source_date_epoch ? "SOURCE_DATE_EPOCH" : "clock", "libraries",
                     "libxml2", p->libxml2, "glpk", p->glpk, "jansson", p->jansson, "libc",
                     p->libc);
}

static json_t *j_job(const rt_report *r, const sens_job *x)
{
    if (!x->bounded)
        return json_null();
    json_t *hp = json_array();
    for (size_t h = 0; h < x->n_hp; h++)
        push(hp, json_pack("{s:s,s:o,s:o}", "task", r->ts->tasks[x->hp[h].task].name, "jobs",
                           jint(x->hp[h].jobs), "ns", jint(x->hp[h].ns)));
    return json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "job", jint(x->q),
                     "jitter_ns", jint(x->jitter_ns), "blocking_ns", jint(x->blocking_ns),
                     "blocking_task", x->blocking_task == SIZE_MAX ? json_null()
                                                              : jstr(r->ts->tasks[x->blocking_task].name),
                     "own_earlier_jobs_ns", jint(x->own_earlier_ns), "higher_priority", hp,
                     "own_wcet_ns", jint(x->own_ns), "start_ns", jint(x->start_ns),
                     "release_offset_ns", jint(x->release_offset_ns), "wcrt_ns",
                     jint(x->wcrt_ns));
}

static json_t *j_explain(const rt_report *r, size_t i, const sens_task *t)
{
    const sens_explain *x = t->explain;
    if (!x)
        return json_null();
    size_t p = r->layout->task_part[i];
    return json_pack("{s:o,s:o,s:o,s:b,s:o,s:o,s:o}",
                     "excess_ns", x->bounded ? jint(x->excess_ns) : json_null(),
                     "critical_job", j_job(r, &t->job),
                     "wcrt_without_interference_ns",
                     x->without_intf_bounded ? jint(x->without_intf_ns) : json_null(),
                     "meets_without_interference", x->without_intf_meets,
                     "partition", jstr(r->layout->part_name[p]),
                     "partition_min_sms",
                     r->sens->has_min_sms[p] ? jint(r->sens->min_sms[p]) : json_null(),
                     "task_passes_with_sms", t->has_pass_sms ? jint(t->pass_sms) : json_null());
}

static json_t *j_sensitivity(const rt_report *r)
{
    const sens_result *s = r->sens;
    json_t *parts = json_array(), *tasks = json_array();
    for (size_t p = 0; p < s->n_parts; p++)
        push(parts, json_pack("{s:s,s:o,s:o}", "name", r->layout->part_name[p], "sms",
                              jint(r->layout->part_sms[p]), "min_sms",
                              s->has_min_sms[p] ? jint(s->min_sms[p]) : json_null()));
    for (size_t i = 0; i < s->n_tasks; i++) {
        const sens_task *t = &s->tasks[i];
        push(tasks, json_pack("{s:s,s:o,s:o,s:o}", "name", r->ts->tasks[i].name, "slack_ns",
                              t->has_slack ? jint(t->slack_ns) : json_null(),
                              "wcet_headroom_ns",
                              t->has_headroom ? jint(t->headroom_ns) : json_null(),
                              "explanation", j_explain(r, i, t)));
    }
    return json_pack("{s:o,s:b,s:o,s:b,s:{s:f,s:f,s:i},s:I,s:b,s:o,s:o}",
                     "scaling_factor",
                     s->has_scaling ? jreal((double)s->scaling_k / SENS_UNIT) : json_null(),
                     "scaling_factor_at_limit", s->has_scaling && s->scaling_k == SENS_SCALE_MAX_K,
                     "max_margin",
                     s->has_margin ? jreal((double)s->margin_k / SENS_UNIT) : json_null(),
                     "max_margin_at_limit", s->has_margin && s->margin_k == SENS_MARGIN_MAX_K,
                     "precision", "scaling_factor", 1.0 / SENS_UNIT, "max_margin",
                     1.0 / SENS_UNIT, "wcet_headroom_ns", 1,
                     "analyses", (json_int_t)s->analyses, "exhaustive", s->exhaustive,
                     "partitions", parts, "tasks", tasks);
}

/* --check-measurements (docs/report.md "measurements"). */
static json_t *j_corunners(const rt_report *r, const rt_meas_corunner *c, const size_t *pick,
                           size_t n)
{
    json_t *arr = json_array();
    for (size_t i = 0; i < n; i++) {
        const rt_meas_corunner *x = &c[pick ? pick[i] : i];
        push(arr, json_pack("{s:s,s:I}", "kernel", r->ts->kernels[x->kernel].name, "sms",
                            (json_int_t)x->sms));
    }
    return arr;
}

static json_t *j_meas_kernel(const rt_report *r, size_t i)
{
    const rt_meas_kernel *in = &r->meas_in->kernels[i];
    const meas_kernel_check *c = &r->meas->kernels[i];
    return json_pack("{s:I,s:s,s:I,s:o,s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:s,s:b,s:o,s:o,s:b,s:b}",
                     "line", (json_int_t)in->line, "kernel", r->ts->kernels[in->kernel].name,
                     "sms", (json_int_t)in->sms, "corunners",
                     j_corunners(r, in->corunners, NULL, in->n_corunners), "observed_ns",
                     (json_int_t)c->observed_ns, "bound_ns", (json_int_t)c->bound_ns,
                     "model_ns", jreal(c->model_ns), "isolated_cycles", jreal(c->isolated_cycles),
                     "multiplier", jreal(c->multiplier), "bw_gbps", jreal(c->bw_gbps), "I",
                     jreal(c->I), "Pi", jreal(c->Pi), "case", intf_case_name(c->sup_case),
                     "exhaustive", c->exhaustive, "worst_corunners",
                     j_corunners(r, in->corunners, c->star, c->n_star), "tightness",
                     jreal(c->tightness), "above_bound", c->above, "above_model",
                     c->above_model);
}

static json_t *j_meas_job(const rt_report *r, size_t i)
{
    const rt_meas_job *in = &r->meas_in->jobs[i];
    const meas_job_check *c = &r->meas->jobs[i];
    return json_pack("{s:I,s:s,s:I,s:I,s:I,s:o,s:I,s:o,s:b}", "line", (json_int_t)in->line,
                     "task", r->ts->tasks[in->task].name, "release_ns",
                     (json_int_t)in->release_ns, "finish_ns", (json_int_t)in->finish_ns,
                     "response_ns", (json_int_t)c->observed_ns, "bound_ns",
                     c->bounded ? jint(c->bound_ns) : json_null(), "deadline_ns",
                     (json_int_t)c->deadline_ns, "tightness",
                     c->bounded ? jreal(c->tightness) : json_null(), "above_bound", c->above);
}

static json_t *j_measurements(const rt_report *r)
{
    const meas_result *m = r->meas;
    const meas_stats *s = &m->stats;
    json_t *hist = json_array(), *obs = json_array();
    for (size_t b = 0; b < MEAS_BINS; b++)
        push(hist, json_pack("{s:s,s:I}", "bin", report_meas_bin_name(b), "count",
                             (json_int_t)s->bins[b]));
    for (size_t i = 0; i < m->n; i++)
        push(obs, m->kind == RT_MEAS_JOBS ? j_meas_job(r, i) : j_meas_kernel(r, i));
    json_t *t = s->n ? json_pack("{s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "n", (json_int_t)s->n,
                                 "min", jreal(s->min), "median", jreal(s->median), "p90",
                                 jreal(s->p90), "p99", jreal(s->p99), "max", jreal(s->max),
                                 "mean", jreal(s->mean), "histogram", hist)
                     : json_pack("{s:I,s:o}", "n", (json_int_t)0, "histogram", hist);
    json_t *o = json_pack("{s:o,s:s,s:I,s:I,s:o,s:o}", "input",
                          j_input(r->meas_in->path, r->meas_in->sha256), "kind",
                          rt_meas_kind_name(m->kind), "count", (json_int_t)m->n, "above_bound",
                          (json_int_t)m->n_above, "tightness", t, "observations", obs);
    if (o && m->kind == RT_MEAS_KERNELS)
        json_object_set_new(o, "above_model", jint((int64_t)m->n_above_model));
    if (o && m->kind == RT_MEAS_JOBS)
        json_object_set_new(o, "unbounded", jint((int64_t)m->n_unbounded));
    return o;
}

static json_t *j_report(const rt_report *r)
{
    json_t *kernels = json_array(), *tasks = json_array();
    for (size_t k = 0; k < r->ts->n_kernels; k++)
        push(kernels, j_kernel(r, k));
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        push(tasks, j_task(r, i));
    return json_pack("{s:i,s:{s:s,s:s},s:{s:o,s:o},s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "schema", 1,
                     "tool", "name", "rtgpu-analyze", "version", r->tool_version, "inputs",
                     "taskset", j_input(r->ts->path, r->ts->sha256), "gpu",
                     j_input(r->gpu->path, r->gpu->sha256), "options", j_options(r), "gpu",
                     j_gpu(r), "kernels", kernels, "partitions", j_partitions(r), "tasks", tasks,
                     "assignment", j_assignment(r), "verdict", j_verdict(r));
}

int report_json(const rt_report *r, FILE *out)
{
    json_malloc_t old_malloc;
    json_free_t old_free;
    json_get_alloc_funcs(&old_malloc, &old_free);
    json_set_alloc_funcs(arena_alloc, arena_free);
    j_failed = false;
    json_t *root = j_report(r);
    if (root && r->prov && json_object_set_new(root, "provenance", j_provenance(r->prov)) != 0)
        j_failed = true;
    if (root && r->sens && r->layout &&
        json_object_set_new(root, "sensitivity", j_sensitivity(r)) != 0)
        j_failed = true;
    if (root && report_json_concurrency(r, root) != 0)
        j_failed = true;
    if (root && r->meas && json_object_set_new(root, "measurements", j_measurements(r)) != 0)
        j_failed = true;
    char *text = root && !j_failed ? json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17))
                                   : NULL;
    /* One string, one write: jansson's FILE* dumper writes in many small pieces. */
    int rc = text ? 0 : -1;
    if (text && (fputs(text, out) == EOF || fputc('\n', out) == EOF))
        rc = -1;
    json_set_alloc_funcs(old_malloc, old_free);
    arena_release();
    return rc;
}
