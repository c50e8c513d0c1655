/* report_text_tasks: the text report's task table of each partition (and of the CPU tasks):
 * priority, period, deadline, WCET, blocking, response time, slack and verdict. */
#include "report/report_text_tasks.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/fmt.h"

/* A duration for people, as a value inside one printf (util/fmt.h). */
#define D(ns) fmt_dur_of(ns)

size_t report_text_tasks_width(const rt_taskset *ts)
{
    size_t w = 4;
    for (size_t i = 0; i < ts->n_tasks; i++)
        if (strlen(ts->tasks[i].name) > w)
            w = strlen(ts->tasks[i].name);
    return w > 40 ? 40 : w;
}

static void task_row(const rt_report *r, size_t i, int w, FILE *out)
{
    const rt_task *t = &r->ts->tasks[i];
    const rta_result *res = &r->eval->rta[i];
    char rbuf[40], sbuf[40] = "-";
    snprintf(rbuf, sizeof rbuf, "%s", rta_unbounded_word(res->status));
    if (res->status == RTA_BOUNDED) {
        fmt_ns(res->wcrt_ns, rbuf, sizeof rbuf);
        fmt_ns(t->deadline_ns - res->wcrt_ns, sbuf, sizeof sbuf);
    }
    /* a whole system: R is end to end, C and B belong to its steps (docs/report.md) */
    bool sys = r->eval->system != NULL;
    fprintf(out, "  %-*.*s %5" PRId64 " %13s %13s %13s %13s %13s %13s  %s\n", w, w, t->name,
            r->layout->task_prio[i], D(t->period_ns).s, D(t->deadline_ns).s,
            sys ? "-" : D(r->eval->wcet.tasks[i].wcet_ns).s,
            sys ? "-" : D(res->blocking_ns).s, rbuf, sbuf,
            rta_verdict_word(res->status, res->schedulable));
}

void report_text_tasks(const rt_report *r, FILE *out)
{
    const rt_layout *l = r->layout;
    int w = (int)report_text_tasks_width(r->ts);
    for (size_t p = 0; p < l->n_parts; p++) {
        fprintf(out, "\nPartition %s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)\n",
                l->part_name[p], l->part_first_sm[p], l->part_first_sm[p] + l->part_sms[p] - 1,
                l->part_sms[p]);
        fprintf(out, "  %-*s %5s %13s %13s %13s %13s %13s %13s  %s\n", w, "task", "prio",
                "period T", "deadline D", "WCET C", "blocking B", "WCRT R", "slack D-R",
                "verdict");
        for (size_t i = 0; i < l->n_tasks; i++)
            if (l->task_part[i] == p)
                task_row(r, i, w, out);
    }
    bool header = false;
    for (size_t i = 0; i < l->n_tasks; i++) {
        if (l->task_part[i] < l->n_parts)
            continue;
        if (!header)
            fprintf(out, "\nCPU tasks (no partition):\n  %-*s %5s %13s %13s %13s %13s %13s %13s"
                         "  %s\n", w, "task", "prio", "period T", "deadline D", "WCET C",
                    "blocking B", "WCRT R", "slack D-R", "verdict");
        header = true;
        task_row(r, i, w, out);
    }
}
