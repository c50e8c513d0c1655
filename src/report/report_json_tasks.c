/* report_json_tasks: the task set's members of the JSON report (docs/report.md "kernels",
 * "partitions", "tasks"): each kernel with its table, each partition, each task with its bounds,
 * its launches and their windows. */
#include "report/report_json_tasks.h"

#include <stdbool.h>
#include <stddef.h>

#include "report/json_opt.h"
#include "report/report_concurrency.h"
#include "report/report_json_system.h"

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
        json_opt_real(w, "speedup", c, c ? c->speedup[k * c->n_sizes + s] : 0);
        json_opt_real(w, "efficiency", c, c ? concurrency_efficiency(c, k, s, p->sms) : 0);
        jw_object_end(w);
    }
    jw_array_end(w);
    json_opt_int(w, "scaling_anchor", c, c ? c->anchor : 0);
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
    jw_kstr(w, "case", r->o->windows == RT_WINDOWS_WORST_CASE ? interference_case_name(win->sup_case)
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
    json_opt_int(w, "priority", l, l ? l->task_prio[i] : 0);
    jw_kint(w, "period_ns", tk->period_ns);
    jw_kint(w, "deadline_ns", tk->deadline_ns);
    jw_kint(w, "offset_ns", tk->offset_ns);
    jw_kint(w, "jitter_ns", tk->jitter_ns);
    /* a whole system: R is end to end; C, B, t and Q belong to its steps (docs/report.md) */
    bool sys = r->eval && r->eval->system;
    json_opt_int(w, "wcet_ns", wt && !sys, wt ? wt->wcet_ns : 0);
    json_opt_int(w, "blocking_ns", res && !sys, res ? res->blocking_ns : 0);
    json_opt_int(w, "wcrt_ns", bounded, bounded ? res->wcrt_ns : 0);
    json_opt_int(w, "busy_period_ns", bounded && !sys, bounded ? res->busy_ns : 0);
    json_opt_int(w, "jobs_in_busy_period", bounded && !sys, bounded ? res->q_jobs : 0);
    jw_kstr(w, "rta_status", res ? rta_status_name(res->status) : NULL);
    jw_kbool(w, "schedulable", res && res->schedulable);
    jw_key(w, "launches");
    jw_array_begin(w);
    for (size_t j = 0; wt && j < wt->n_launches; j++)
        j_launch(w, r, &wt->launches[j]);
    jw_array_end(w);
    report_json_system_steps(r, w, i);
    jw_object_end(w);
}

void report_json_tasks(const rt_report *r, jw *w)
{
    jw_key(w, "kernels");
    jw_array_begin(w);
    for (size_t k = 0; k < r->ts->n_kernels; k++)
        j_kernel(w, r, k);
    jw_array_end(w);
    j_partitions(w, r);
    jw_key(w, "tasks");
    jw_array_begin(w);
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        j_task(w, r, i);
    jw_array_end(w);
}
