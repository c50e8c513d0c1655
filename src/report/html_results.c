/* html_results: section 4 of the evidence report (docs/evidence.md sec. 2), the results: each
 * partition's tasks with their bounds and verdicts, then a whole system's flows, the sensitivity
 * and the block-level notes. */
#include "report/html_results.h"

#include <inttypes.h>
#include <stdint.h>

#include "report/html_concurrency.h"
#include "report/html_flows.h"
#include "report/html_sections.h"
#include "report/html_sensitivity.h"

/* The task table of partition k, or of the CPU tasks (no partition) when k is SIZE_MAX. */
static void results_partition(xhtml *p, const rt_report *r, size_t k)
{
    const rt_layout *l = r->layout;
    const sens_result *s = r->sens;
    /* a whole system: R is end to end, C and B belong to its steps (section 5) */
    bool sys = r->eval->system != NULL;
    if (k == SIZE_MAX)
        xhtml_el(p, "h3", NULL, "CPU tasks (no partition)");
    else
        xhtml_elf(p, "h3", NULL, "Partition %s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)",
                  l->part_name[k], l->part_first_sm[k], l->part_first_sm[k] + l->part_sms[k] - 1,
                  l->part_sms[k]);
    xhtml_open(p, "table");
    xhtml_head_row(p, "lrrrrrrrrl", (const char *const[]){"task", "prio", "T", "D", "C", "B", "R",
                                                          "slack D-R", "WCET headroom", "verdict",
                                                          NULL});
    xhtml_nl(p);
    for (size_t i = 0; i < l->n_tasks; i++) {
        if (k == SIZE_MAX ? l->task_part[i] < l->n_parts : l->task_part[i] != k)
            continue;
        const rt_task *t = &r->ts->tasks[i];
        const rta_result *res = &r->eval->rta[i];
        bool bounded = res->status == RTA_BOUNDED;
        xhtml_open(p, "tr");
        xhtml_el(p, "td", "l", t->name);
        xhtml_elf(p, "td", NULL, "%" PRId64, l->task_prio[i]);
        xhtml_el(p, "td", NULL, D(t->period_ns).s);
        xhtml_el(p, "td", NULL, D(t->deadline_ns).s);
        xhtml_el(p, "td", NULL, sys ? "-" : D(r->eval->wcet.tasks[i].wcet_ns).s);
        xhtml_el(p, "td", NULL, sys ? "-" : D(res->blocking_ns).s);
        xhtml_el(p, "td", NULL, bounded ? D(res->wcrt_ns).s : rta_unbounded_word(res->status));
        xhtml_el(p, "td", NULL, bounded ? D(t->deadline_ns - res->wcrt_ns).s : "-");
        xhtml_el(p, "td", NULL, s && s->tasks[i].has_headroom ? D(s->tasks[i].headroom_ns).s
                                : sys ? "-" : "none");
        xhtml_el(p, "td", res->schedulable ? "l ok" : res->status == RTA_BUDGET ? "l open"
                                                                                : "l miss",
                 rta_verdict_word(res->status, res->schedulable));
        xhtml_close(p);
        xhtml_nl(p);
    }
    xhtml_close(p);
    xhtml_nl(p);
}

void html_results(xhtml *p, const rt_report *r)
{
    xhtml_section(p, "results", "4. Results", false);
    if (!r->layout || !r->eval) {
        xhtml_el(p, "p", NULL, "No layout was analysed: the search found no schedulable layout.");
        xhtml_end_section(p);
        return;
    }
    for (size_t k = 0; k < r->layout->n_parts; k++)
        results_partition(p, r, k);
    if (r->eval->system) {
        bool cpu_tasks = false;
        for (size_t i = 0; i < r->layout->n_tasks; i++)
            cpu_tasks |= r->layout->task_part[i] >= r->layout->n_parts;
        if (cpu_tasks)
            results_partition(p, r, SIZE_MAX);
        xhtml_el(p, "p", NULL, "A whole system: R is end to end (from the job's nominal release "
                               "to the completion of its last step); C and B belong to each "
                               "step (below and section 5).");
        html_flows(p, r);
    }
    if (r->sens)
        html_sensitivity(p, r);
    html_concurrency(p, r);
    xhtml_end_section(p);
}
