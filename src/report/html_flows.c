/* html_flows: a whole system in the evidence report (docs/evidence.md sec. 2, docs/system.md):
 * each task's flow as a table and a timeline, the resources, and every step's local derivation
 * with the figures of the holistic analysis filled into its formulas. They show
 * r->eval->system as analysed; they compute nothing. */
#include "report/html_flows.h"

#include "report/html_sections.h"

#include <inttypes.h>
#include <stdio.h>

#include "report/fig_flow.h"

/* The kind of step k of task i: "cpu", "copy" or "gpu" (a task of runs alone is one GPU step). */
static const char *step_kind(const rt_report *r, size_t i, size_t k)
{
    const rt_task *t = &r->ts->tasks[i];
    return t->n_steps ? rt_taskset_step_kind_name(t->steps[k].kind) : "gpu";
}

static void flow_table(xhtml *p, const rt_report *r, size_t i)
{
    const rt_system *s = r->eval->system;
    const hol_task *t = &s->tasks[i];
    char nb[32];
    xhtml_open(p, "table");
    xhtml_head_row(p, "rllrrrrrrrl", (const char *const[]){"step", "kind", "resource", "prio",
                                    "C", "Cb", "O", "J", "rho", "R = O + rho", "status", NULL});
    xhtml_nl(p);
    for (size_t k = 0; k < t->n_steps; k++) {
        size_t x = t->first_step + k;
        const hol_step *h = &s->steps[x];
        const hol_step_result *e = &s->res.steps[x];
        bool b = e->status == HOL_BOUNDED;
        xhtml_open(p, "tr");
        xhtml_elf(p, "td", NULL, "%zu", k + 1);
        xhtml_el(p, "td", "l", step_kind(r, i, k));
        xhtml_el(p, "td", "l", rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb,
                                                       sizeof nb));
        xhtml_elf(p, "td", NULL, "%" PRId64, h->priority);
        xhtml_el(p, "td", NULL, D(h->wcet_ns).s);
        xhtml_el(p, "td", NULL, D(h->bcet_ns).s);
        xhtml_el(p, "td", NULL, D(e->offset_ns).s);
        xhtml_el(p, "td", NULL, D(e->jitter_ns).s);
        xhtml_el(p, "td", NULL, b ? D(e->local_ns).s : "-");
        xhtml_el(p, "td", NULL, b ? D(e->response_ns).s : holistic_unbounded_word(e->status));
        xhtml_el(p, "td", b ? "l ok" : e->status == HOL_BUDGET ? "l open" : "l miss",
                 holistic_status_name(e->status));
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

static void resources_table(xhtml *p, const rt_report *r)
{
    const rt_system *s = r->eval->system;
    char nb[32];
    xhtml_open(p, "h3");
    xhtml_attr(p, "id", "resources");
    xhtml_text(p, "Resources (utilisation = demand over capacity, sum of C/T of its steps)");
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_open(p, "table");
    xhtml_head_row(p, "lllrr", (const char *const[]){"resource", "kind", "policy", "steps",
                                                     "utilisation", NULL});
    xhtml_nl(p);
    size_t idle = 0;   /* resources no step uses (a GPU file's other cores): counted, not listed */
    for (size_t x = 0; x < s->sys.n_resources; x++) {
        if (s->res_steps[x] == 0) {
            idle++;
            continue;
        }
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", rt_system_resource_name(s, r->gpu, r->layout, x, nb, sizeof nb));
        xhtml_el(p, "td", "l", rt_system_resource_kind(s, x));
        xhtml_el(p, "td", "l", rt_system_resource_policy(s, x));
        xhtml_elf(p, "td", NULL, "%zu", s->res_steps[x]);
        xhtml_el(p, "td", NULL, R(s->utilisation[x]).s);
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
    if (idle > 0)
        xhtml_elf(p, "p", NULL, "%zu more resource%s of the GPU file serve%s no step (not listed; "
                  "the JSON report lists every one).", idle, idle == 1 ? "" : "s",
                  idle == 1 ? "s" : "");
}

void html_flows(xhtml *p, const rt_report *r)
{
    const rt_system *s = r->eval->system;
    xhtml_open(p, "h3");
    xhtml_attr(p, "id", "flows");
    xhtml_text(p, "Flows (holistic analysis, docs/system.md sec. 3)");
    xhtml_close(p);
    xhtml_nl(p);
    xhtml_el(p, "p", NULL, "Each task is a flow of steps, each on its resource. O is a step's "
                           "best-case start (the best-case completion of the step before), J its "
                           "release jitter (the worst-case completion of the step before minus "
                           "its best case), rho its local response from O, jitter included, and "
                           "R = O + rho its worst-case completion from the job's nominal release. "
                           "The task's response time is R of its last step (section 5 derives "
                           "every step).");
    xhtml_elf(p, "p", NULL, "The offset and jitter fixpoint took %zu round%s over the whole "
              "system.", s->res.iterations, s->res.iterations == 1 ? "" : "s");
    for (size_t i = 0; i < s->sys.n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        const hol_task_result *tr = &s->res.tasks[i];
        bool b = tr->status == HOL_BOUNDED;
        if (tr->status == HOL_BUDGET)
            xhtml_elf(p, "h4", NULL, "%s: T %s, D %s, J %s; end to end R undecided", name_of(r, i),
                      D(t->period_ns).s, D(t->deadline_ns).s, D(t->jitter_ns).s);
        else
            xhtml_elf(p, "h4", NULL, "%s: T %s, D %s, J %s; end to end R %s: %s", name_of(r, i),
                      D(t->period_ns).s, D(t->deadline_ns).s, D(t->jitter_ns).s,
                      b ? D(tr->response_ns).s : "unbounded", tr->schedulable ? "ok" : "MISS");
        flow_table(p, r, i);
        xhtml_open(p, "figure");
        xhtml_check(p, fig_flow(p->tw, r, i));
        xhtml_elf(p, "figcaption", NULL, "%s: each step from its best-case start O to its "
                  "worst-case completion R (the bar is rho, the dark band at its start its "
                  "release jitter J), coloured by the kind of its resource.", name_of(r, i));
        xhtml_close(p);
        xhtml_nl(p);
    }
    resources_table(p, r);
}

/* ------------------------------------------------------------------ step derivations */

/* O and J of step k of task i in words: from the task, or from the step before. */
static void offset_jitter(xhtml *p, const rt_report *r, size_t i, size_t k)
{
    const rt_system *s = r->eval->system;
    size_t x = s->tasks[i].first_step + k;
    const hol_step_result *e = &s->res.steps[x];
    if (k == 0) {
        xhtml_textf(p, "O = 0 (the first step), J = the task's release jitter = %" PRId64 " ns\n",
                    e->jitter_ns);
        return;
    }
    const hol_step_result *prev = &s->res.steps[x - 1];
    xhtml_textf(p, "O = Rb of step %zu = O + Cb = %" PRId64 " + %" PRId64 " = %" PRId64 " ns\n",
                k, prev->offset_ns, s->steps[x - 1].bcet_ns, e->offset_ns);
    if (prev->status == HOL_BOUNDED)
        xhtml_textf(p, "J = R - Rb of step %zu = %" PRId64 " - %" PRId64 " = %" PRId64 " ns\n", k,
                    prev->response_ns, prev->best_ns, e->jitter_ns);
    else
        xhtml_textf(p, "J: unbounded (step %zu is unbounded)\n", k);
}

/* The local analysis of a step on its resource, as docs/system.md secs. 3.1 and 4 write it. */
static void local_formulas(xhtml *p, const hol_resource *res, const hol_step *h,
                           const hol_step_result *e, int64_t period_ns)
{
    bool deferred = res->kind == HOL_PARTITION && res->kernel_preemption;
    if (res->kind == HOL_CPU_CORE) {
        xhtml_text(p, "preemptive fixed priority (Tindell 1994): hp = the other steps on the "
                      "core with a priority number <= this one's\n"
                      "t = smallest fixpoint of t = sum over hep of ceil((t + J_x) / T_x) C_x");
    } else if (deferred) {
        xhtml_textf(p, "deferred preemption at kernel boundaries (docs/system.md sec. 4), F = "
                    "last launch = %" PRId64 " ns\n"
                    "B = largest launch of a lower-priority step = %" PRId64 " ns\n"
                    "t = smallest fixpoint of t = B + sum over hep of ceil((t + J_x) / T_x) C_x",
                    h->n_launches ? h->launch_wcet_ns[h->n_launches - 1] : h->wcet_ns,
                    e->blocking_ns);
    } else {
        bool fifo = res->kind == HOL_COPY_ENGINE && res->fifo;
        xhtml_textf(p, "non-preemptive fixed priority (Davis et al. 2007)%s\n"
                    "B = %s = %" PRId64 " ns\n"
                    "t = smallest fixpoint of t = B + sum over hep of ceil((t + J_x) / T_x) C_x",
                    fifo ? "; fifo engine: every step one priority, each interferes with the "
                           "others"
                         : "",
                    fifo ? "no lower priority on a fifo engine" : "largest C of a lower-priority "
                                                                  "step", e->blocking_ns);
    }
    if (e->status != HOL_BOUNDED)
        return;
    xhtml_textf(p, " = %" PRId64 " ns\nQ = ceil((t + J) / T) = ceil((%" PRId64 " + %" PRId64
                ") / %" PRId64 ") = %" PRId64 " jobs\n", e->busy_ns, e->busy_ns, e->jitter_ns,
                period_ns, e->q_jobs);
    if (res->kind == HOL_CPU_CORE)
        xhtml_text(p, "w(q) = smallest fixpoint of w = (q + 1) C + sum over hp of "
                      "ceil((w + J_x) / T_x) C_x\nrho = max over q = 0 .. Q-1 of J + w(q) - q T");
    else if (deferred)
        xhtml_text(p, "w(q) = smallest fixpoint of w = B + q C + (C - F) + sum over hp of "
                      "(floor((w + J_x) / T_x) + 1) C_x\n"
                      "rho = max over q = 0 .. Q-1 of J + w(q) + F - q T");
    else
        xhtml_text(p, "w(q) = smallest fixpoint of w = B + q C + sum over hp of "
                      "(floor((w + J_x) / T_x) + 1) C_x\n"
                      "rho = max over q = 0 .. Q-1 of J + w(q) + C - q T");
    xhtml_textf(p, " = %" PRId64 " ns, reached at q = %" PRId64 "\n", e->local_ns, e->worst_q);
}

void html_flows_step_derivations(xhtml *p, const rt_report *r, size_t i)
{
    const rt_system *s = r->eval->system;
    const hol_task *t = &s->tasks[i];
    char nb[32];
    for (size_t k = 0; k < t->n_steps; k++) {
        size_t x = t->first_step + k;
        const hol_step *h = &s->steps[x];
        const hol_step_result *e = &s->res.steps[x];
        const hol_resource *res = &s->resources[h->resource];
        xhtml_elf(p, "p", NULL, "Step %zu: %s on %s (%s, %s), priority %" PRId64, k + 1,
                  step_kind(r, i, k), rt_system_resource_name(s, r->gpu, r->layout, h->resource,
                                                              nb, sizeof nb),
                  rt_system_resource_kind(s, h->resource),
                  rt_system_resource_policy(s, h->resource), h->priority);
        xhtml_open(p, "pre");
        xhtml_textf(p, "C = %" PRId64 " ns%s, Cb = %" PRId64 " ns, T = %" PRId64 " ns\n",
                    h->wcet_ns, h->n_launches ? " (the sum of its launch WCETs above)" : "",
                    h->bcet_ns, t->period_ns);
        offset_jitter(p, r, i, k);
        local_formulas(p, res, h, e, t->period_ns);
        if (e->status == HOL_BOUNDED)
            xhtml_textf(p, "R = O + rho = %" PRId64 " + %" PRId64 " = %" PRId64 " ns (%s); "
                        "Rb = O + Cb = %" PRId64 " ns", e->offset_ns, e->local_ns,
                        e->response_ns, D(e->response_ns).s, e->best_ns);
        else
            xhtml_textf(p, "\nrho, R: %s: %s", holistic_unbounded_word(e->status),
                        holistic_status_name(e->status));
        xhtml_close(p);
        xhtml_nl(p);
    }
    const hol_task_result *tr = &s->res.tasks[i];
    if (tr->status == HOL_BOUNDED)
        xhtml_elf(p, "p", NULL, "End to end: R = R of step %zu = %" PRId64 " ns (%s) against D = "
                  "%s: %s.", t->n_steps, tr->response_ns, D(tr->response_ns).s,
                  D(t->deadline_ns).s, tr->schedulable ? "the deadline holds" : "MISS");
    else
        xhtml_elf(p, "p", NULL, "End to end: %s (%s)%s", holistic_unbounded_word(tr->status),
                  holistic_status_name(tr->status), tr->status == HOL_BUDGET ? "." : ": MISS.");
}
