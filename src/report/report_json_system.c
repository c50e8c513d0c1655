/* report_json_system: a whole system's members of the JSON report (docs/report.md
 * "tasks[].steps[]", "resources[]"): each task's steps as the holistic analysis bounded them, and
 * the resources they run on; null for a task set of GPU tasks alone. */
#include "report/report_json_system.h"

#include <stdbool.h>

#include "report/json_opt.h"

/* Task i's steps in a whole system (docs/report.md "tasks[].steps[]"); null otherwise. */
void report_json_system_steps(const rt_report *r, jw *w, size_t i)
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
        jw_kstr(w, "kind", tk->n_steps ? rt_taskset_step_kind_name(tk->steps[k].kind) : "gpu");
        jw_kstr(w, "resource", rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                       sizeof nb));
        jw_kint(w, "priority", h->priority);
        jw_kint(w, "wcet_ns", h->wcet_ns);
        jw_kint(w, "bcet_ns", h->bcet_ns);
        jw_kint(w, "offset_ns", e->offset_ns);
        jw_kint(w, "jitter_ns", e->jitter_ns);
        json_opt_int(w, "local_response_ns", b, e->local_ns);
        json_opt_int(w, "response_ns", b, e->response_ns);
        jw_kstr(w, "status", holistic_status_name(e->status));
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
void report_json_system_resources(const rt_report *r, jw *w)
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
