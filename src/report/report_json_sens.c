/* report_json_sens: the "sensitivity" member of the JSON report (docs/report.md "sensitivity",
 * docs/evidence.md sec. 1): the scaling factors, the largest margin, each partition's smallest
 * size, each task's slack and headroom and why it misses. */
#include "report/report_json_sens.h"

#include <stdbool.h>
#include <stdint.h>

#include "report/json_opt.h"

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
    json_opt_int(w, "excess_ns", x->bounded, x->excess_ns);
    jw_key(w, "critical_job");
    j_job(w, r, &t->job);
    json_opt_int(w, "wcrt_without_interference_ns", x->without_intf_bounded, x->without_intf_ns);
    jw_kbool(w, "meets_without_interference", x->without_intf_meets);
    jw_kstr(w, "partition", p == SIZE_MAX ? NULL : r->layout->part_name[p]);
    json_opt_int(w, "partition_min_sms", p != SIZE_MAX && r->sens->has_min_sms[p],
                 p == SIZE_MAX ? 0 : r->sens->min_sms[p]);
    json_opt_int(w, "task_passes_with_sms", t->has_pass_sms, t->pass_sms);
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
        jw_kstr(w, "kind", tk->n_steps ? rt_taskset_step_kind_name(tk->steps[k].kind) : "gpu");
        jw_kstr(w, "resource",
                rt_system_resource_name(sys, r->gpu, r->layout, h->resource, nb, sizeof nb));
        jw_kint(w, "wcet_ns", h->wcet_ns);
        json_opt_int(w, "wcet_headroom_ns", r->sens->steps[x].has_headroom,
                     r->sens->steps[x].headroom_ns);
        jw_object_end(w);
    }
    jw_array_end(w);
}

void report_json_sens(const rt_report *r, jw *w)
{
    const sens_result *s = r->sens;
    jw_key(w, "sensitivity");
    jw_object_begin(w);
    json_opt_real(w, "scaling_factor", s->has_scaling, (double)s->scaling_k / SENS_UNIT);
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
            json_opt_real(w, "scaling_factor", sc->has_scaling,
                          (double)sc->scaling_k / SENS_UNIT);
            jw_kbool(w, "scaling_factor_at_limit",
                     sc->has_scaling && sc->scaling_k == SENS_SCALE_MAX_K);
            jw_object_end(w);
        }
        jw_array_end(w);
    }
    json_opt_real(w, "max_margin", s->has_margin, (double)s->margin_k / SENS_UNIT);
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
        json_opt_int(w, "min_sms", s->has_min_sms[p], s->min_sms[p]);
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
        json_opt_int(w, "slack_ns", t->has_slack, t->slack_ns);
        json_opt_int(w, "wcet_headroom_ns", t->has_headroom, t->headroom_ns);
        if (s->system)
            j_sens_steps(w, r, i);
        jw_key(w, "explanation");
        j_explain(w, r, i, t);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_object_end(w);
}
