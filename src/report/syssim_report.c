/* syssim_report: the outputs of rtgpu-simulate for a whole system (syssim_report.h). Times are
 * whole nanoseconds; the mean is a real. */
#include "report/syssim_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "models/interference.h"
#include "models/model.h"
#include "util/fmt.h"
#include "util/jw.h"
#include "report/report.h"
#include "report/sim_report.h"

/* The partition a task is on, or NULL for a CPU task. */
static const char *task_part(const syssim_report *r, size_t t)
{
    size_t p = r->l->task_part[t];
    return p == SIZE_MAX ? NULL : r->l->part_name[p];
}

/* "cpu", "copy" or "gpu": the kind of a step, by its resource (docs/report.md). */
static const char *step_kind(const syssim_report *r, size_t step)
{
    hol_res_kind k = r->sys->resources[r->sys->steps[step].resource].kind;
    return k == HOL_CPU_CORE ? "cpu" : k == HOL_COPY_ENGINE ? "copy" : "gpu";
}

static const char *res_name(const syssim_report *r, size_t res, char *buf, size_t size)
{
    return rt_system_resource_name(r->sys, r->gpu, r->l, res, buf, size);
}

static void kbound(jw *j, const char *key, const hol_step_result *sr)
{
    if (sr->status == HOL_BOUNDED)
        jw_kint(j, key, sr->response_ns);
    else
        jw_knull(j, key);
}

static void json_trace(const syssim_report *r, const syssim_result *res, jw *j)
{
    char nb[48];
    jw_key(j, "trace");   /* null without --trace (docs/simulation.md) */
    if (!res->trace) {
        jw_null(j);
        return;
    }
    jw_array_begin(j);
    for (size_t i = 0; i < res->n_trace; i++) {
        const syssim_segment *g = &res->trace[i];
        const hol_task *t = &r->sys->tasks[g->task];
        jw_object_begin(j);
        jw_kstr(j, "kind", "segment");
        jw_kstr(j, "task", r->ts->tasks[g->task].name);
        jw_kint(j, "job", (int64_t)g->job);
        jw_kint(j, "step", (int64_t)(g->step - t->first_step + 1));
        jw_kstr(j, "step_kind", step_kind(r, g->step));
        jw_kstr(j, "resource", res_name(r, g->resource, nb, sizeof nb));
        if (r->sys->steps[g->step].n_launches > 0)
            jw_kint(j, "launch", (int64_t)(g->launch + 1));
        else
            jw_knull(j, "launch");
        jw_kint(j, "start_ns", g->start_ns);
        jw_kint(j, "finish_ns", g->end_ns);
        jw_object_end(j);
    }
    jw_array_end(j);
}

int syssim_report_json(const syssim_report *r, const syssim_result *res, FILE *out)
{
    const rt_options *o = r->o;
    char nb[48];
    jw jw_, *j = &jw_;
    jw_init(j, out, 0);
    sim_report_json_head(j, r->tool_version, o, sim_release_name(r->cli->release), r->so->seed,
                  r->exec_name, r->cli->job_cap);
    jw_kstr(j, "gpu_preemption", o->gpu_kernel_preemption ? "kernel" : "job");
    jw_kstr(j, "flow_analysis", "holistic");
    jw_object_end(j);
    json_trace(r, res, j);
    jw_kint(j, "horizon_ns", res->horizon_ns);
    uint64_t jobs = 0;
    for (size_t t = 0; t < res->n_tasks; t++)
        jobs += res->tasks[t].completed;
    jw_kint(j, "jobs_simulated", (int64_t)jobs);
    jw_kbool(j, "capped", false);
    jw_key(j, "tasks");
    jw_array_begin(j);
    for (size_t t = 0; t < res->n_tasks; t++) {
        const syssim_task_result *st = &res->tasks[t];
        const hol_task *ht = &r->sys->tasks[t];
        const hol_task_result *hr = &r->sys->res.tasks[t];
        jw_object_begin(j);
        jw_kstr(j, "name", r->ts->tasks[t].name);
        const char *p = task_part(r, t);
        if (p)
            jw_kstr(j, "partition", p);
        else
            jw_knull(j, "partition");
        jw_kint(j, "jobs", (int64_t)st->completed);
        if (st->completed) {
            jw_kint(j, "observed_max_ns", st->max_response_ns);
            jw_kreal(j, "observed_mean_ns", st->sum_response_ns / (double)st->completed);
            jw_kint(j, "observed_min_ns", st->min_response_ns);
            jw_kint(j, "worst_job", (int64_t)st->worst_job);
        } else {
            jw_knull(j, "observed_max_ns");
            jw_knull(j, "observed_mean_ns");
            jw_knull(j, "observed_min_ns");
            jw_knull(j, "worst_job");
        }
        if (hr->status == HOL_BOUNDED)
            jw_kint(j, "wcrt_ns", hr->response_ns);
        else
            jw_knull(j, "wcrt_ns");
        jw_kint(j, "missed_jobs", (int64_t)st->misses);
        jw_key(j, "steps");
        jw_array_begin(j);
        for (size_t s = ht->first_step; s < ht->first_step + ht->n_steps; s++) {
            const syssim_step_result *ss = &res->steps[s];
            jw_object_begin(j);
            jw_kstr(j, "kind", step_kind(r, s));
            jw_kstr(j, "resource", res_name(r, r->sys->steps[s].resource, nb, sizeof nb));
            if (ss->completed)
                jw_kint(j, "observed_max_ns", ss->max_response_ns);
            else
                jw_knull(j, "observed_max_ns");
            kbound(j, "response_ns", &r->sys->res.steps[s]);
            jw_object_end(j);
        }
        jw_array_end(j);
        jw_object_end(j);
    }
    jw_array_end(j);
    if (r->chains.n > 0)
        simchains_report_json(&r->chains, j);
    jw_kbool(j, "bound_exceeded", r->exceeded || r->chains.exceeded);
    jw_object_end(j);
    if (putc('\n', out) == EOF)
        return -1;
    return jw_finish(j);
}

/* A bound in human units, or "unbounded". */
static const char *fmt_bound(bool bounded, int64_t ns, char *buf, size_t size)
{
    if (!bounded)
        snprintf(buf, size, "unbounded");
    else
        fmt_ns(ns, buf, size);
    return buf;
}

/* Row t of a whole-system run (ctx: the syssim_report and the result). */
typedef struct sys_rows {
    const syssim_report *r;
    const syssim_result *res;
} sys_rows;

static void sys_row(const void *ctx, size_t t, sim_text_row *row)
{
    const sys_rows *g = ctx;
    const syssim_task_result *st = &g->res->tasks[t];
    const hol_task_result *hr = &g->r->sys->res.tasks[t];
    const char *p = task_part(g->r, t);
    *row = (sim_text_row){ .partition = p ? p : "-", .jobs = st->completed, .misses = st->misses,
                           .bounded = hr->status == HOL_BOUNDED, .wcrt_ns = hr->response_ns };
    if (st->completed) {
        row->best_ns = st->min_response_ns;
        row->mean_ns = st->sum_response_ns / (double)st->completed;
        row->worst_ns = st->max_response_ns;
    }
}

int syssim_report_text(const syssim_report *r, const syssim_result *res, FILE *out)
{
    char c[40], d[40], nb[48];
    uint64_t jobs = 0;
    for (size_t t = 0; t < res->n_tasks; t++)
        jobs += res->tasks[t].completed;
    sys_rows g = { .r = r, .res = res };
    sim_report_text_headline(out, r->ts, r->gpu, sys_row, &g, jobs, res->horizon_ns, false,
                      r->exceeded || r->chains.exceeded);
    if (r->o->verbosity < 0)   /* -q: the headline alone */
        return ferror(out) ? -1 : 0;
    fprintf(out, "Simulation: whole system, %s releases (seed %" PRIu64 "), --exec %s, "
                 "--gpu-preemption %s; bounds: holistic analysis, model revision %d, %s windows, "
                 "%s interference, margin %.6g\n\n",
            r->cli->release == SIM_RELEASE_RANDOM ? "jittered" : "synchronous", r->so->seed,
            r->exec_name, r->o->gpu_kernel_preemption ? "kernel" : "job", RT_MODEL_REVISION,
            rt_options_windows_name(r->o->windows), rt_interference_name(r->o->interference),
            r->o->margin);
    sim_report_text_tasks(out, r->ts, sys_row, &g);
    size_t w = 4;
    for (size_t t = 0; t < r->ts->n_tasks; t++)
        if (strlen(r->ts->tasks[t].name) > w)
            w = strlen(r->ts->tasks[t].name) > 40 ? 40 : strlen(r->ts->tasks[t].name);
    fprintf(out, "\nSteps (worst completion from the job's nominal release):\n");
    fprintf(out, "  %-*s %4s %-4s %-12s %13s %13s\n", (int)w, "task", "step", "kind", "resource",
            "worst", "analysed R");
    for (size_t t = 0; t < res->n_tasks; t++) {
        const hol_task *ht = &r->sys->tasks[t];
        for (size_t s = ht->first_step; s < ht->first_step + ht->n_steps; s++) {
            const syssim_step_result *ss = &res->steps[s];
            const hol_step_result *sr = &r->sys->res.steps[s];
            strcpy(c, "-");
            if (ss->completed)
                fmt_ns(ss->max_response_ns, c, sizeof c);
            fmt_bound(sr->status == HOL_BOUNDED, sr->response_ns, d, sizeof d);
            fprintf(out, "  %-*.*s %4zu %-4s %-12.12s %13s %13s\n", (int)w, (int)w,
                    r->ts->tasks[t].name, s - ht->first_step + 1, step_kind(r, s),
                    res_name(r, r->sys->steps[s].resource, nb, sizeof nb), c, d);
        }
    }
    if (r->chains.n > 0)
        simchains_report_text(&r->chains, out);
    return ferror(out) ? -1 : 0;
}

void syssim_report_violation(const syssim_report *r, const syssim_result *res, FILE *out)
{
    simchains_report_violation(&r->chains, out);
    if (!r->exceeded)
        return;
    size_t t = r->exceeded_task;
    const syssim_task_result *st = &res->tasks[t];
    const hol_task *ht = &r->sys->tasks[t];
    fprintf(out, "rtgpu-simulate: DEFECT: task \"%s\" job %" PRIu64 " (nominal release at %" PRId64
                 " ns) completed its last step %" PRId64 " ns after its nominal release, above "
                 "the analysed end-to-end bound R = %" PRId64 " ns\n",
            r->ts->tasks[t].name, st->worst_job,
            r->ts->tasks[t].offset_ns + (int64_t)st->worst_job * ht->period_ns,
            st->max_response_ns, r->sys->res.tasks[t].response_ns);
    fprintf(out, "  its steps' worst completions (ns from the nominal release) beside their "
                 "bounds:\n");
    char nb[48];
    for (size_t s = ht->first_step; s < ht->first_step + ht->n_steps; s++)
        fprintf(out, "    step %zu (%s, %s): %" PRId64 " against %" PRId64 "\n",
                s - ht->first_step + 1, step_kind(r, s),
                res_name(r, r->sys->steps[s].resource, nb, sizeof nb),
                res->steps[s].max_response_ns, r->sys->res.steps[s].response_ns);
}
