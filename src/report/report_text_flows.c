/* report_text_flows: a whole system in the text report (docs/system.md secs. 3 and 5): each
 * task's flow step by step, then the resources. */
#include "report/report_text_flows.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

#include "util/fmt.h"

/* A duration and a real for people, as values inside one printf (util/fmt.h). */
#define D(ns) fmt_dur_of(ns)
#define R(x) fmt_real_of(x)

/* A whole system: each task's flow and the resources (docs/system.md secs. 3 and 5). */
void report_text_flows(const rt_report *r, FILE *out)
{
    const rt_system *s = r->eval->system;
    char nb[32];
    fprintf(out, "\nFlows (holistic analysis, docs/system.md sec. 3: O best-case offset, J "
                 "jitter, rho local response from O, R = O + rho from the nominal release):\n");
    for (size_t i = 0; i < s->sys.n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        fprintf(out, "  %s (T %s, D %s, J %s):\n", r->ts->tasks[i].name, D(t->period_ns).s,
                D(t->deadline_ns).s, D(t->jitter_ns).s);
        fprintf(out, "    %4s %-5s %-14s %5s %13s %13s %13s %13s %13s %13s\n", "step", "kind",
                "resource", "prio", "C", "Cb", "O", "J", "rho", "R");
        for (size_t k = 0; k < t->n_steps; k++) {
            size_t x = t->first_step + k;
            const hol_step *h = &s->steps[x];
            const hol_step_result *e = &s->res.steps[x];
            const rt_task *tk = &r->ts->tasks[i];
            const char *kind = tk->n_steps ? rt_taskset_step_kind_name(tk->steps[k].kind) : "gpu";
            bool b = e->status == HOL_BOUNDED;
            fprintf(out, "    %4zu %-5s %-14s %5" PRId64 " %13s %13s %13s %13s %13s %13s%s%s\n",
                    k + 1, kind, rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                         sizeof nb),
                    h->priority, D(h->wcet_ns).s, D(h->bcet_ns).s, D(e->offset_ns).s,
                    D(e->jitter_ns).s, b ? D(e->local_ns).s : "-",
                    b ? D(e->response_ns).s : holistic_unbounded_word(e->status),
                    b || e->status == HOL_BUDGET ? "" : ": ",
                    b || e->status == HOL_BUDGET ? "" : holistic_status_name(e->status));
        }
    }
    fprintf(out, "\nResources:\n  %-14s %-12s %-20s %6s %12s\n", "resource", "kind", "policy",
            "steps", "utilisation");
    size_t idle = 0;   /* resources no step uses (a GPU file's other cores): counted, not listed */
    for (size_t x = 0; x < s->sys.n_resources; x++) {
        if (s->res_steps[x] == 0) {
            idle++;
            continue;
        }
        fprintf(out, "  %-14s %-12s %-20s %6zu %12s\n",
                rt_system_resource_name(s, r->gpu, r->layout, x, nb, sizeof nb),
                rt_system_resource_kind(s, x), rt_system_resource_policy(s, x), s->res_steps[x],
                R(s->utilisation[x]).s);
    }
    if (idle > 0)
        fprintf(out, "  (%zu more with no step, not listed; the JSON report lists every one)\n",
                idle);
}
