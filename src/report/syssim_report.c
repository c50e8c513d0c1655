/* syssim_report: the outputs of rtgpu-simulate for a whole system (syssim_report.h). Times are
 * whole nanoseconds; the mean is a real. */
#include "report/syssim_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "models/interference.h"
#include "models/model.h"
#include "report/jw.h"
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

/* One chain metric: observed, bound, witness (docs/simulation.md, "Cause-effect chains"). */
static void json_chain_metric(const syssim_report *r, const rt_chain *c, const chainobs_max *m,
                              const chainobs_job *w, bool has, int64_t bound, chain_bound bind,
                              bool exceeded, jw *j)
{
    jw_object_begin(j);
    if (m->found)
        jw_kint(j, "observed_ns", m->length_ns);
    else
        jw_knull(j, "observed_ns");
    jw_kint(j, "job_chains", (int64_t)m->chains);
    if (has) {
        jw_kint(j, "bound_ns", bound);
        jw_kstr(j, "binding", chain_bound_name(bind));
    } else {
        jw_knull(j, "bound_ns");
        jw_knull(j, "binding");
    }
    jw_kbool(j, "exceeded", exceeded);
    jw_key(j, "witness");
    if (!m->found) {
        jw_null(j);
    } else {
        jw_object_begin(j);
        jw_kint(j, "from_ns", m->from_ns);
        jw_kint(j, "to_ns", m->to_ns);
        jw_key(j, "jobs");
        jw_array_begin(j);
        for (size_t i = 0; i < c->n_tasks; i++) {
            jw_object_begin(j);
            jw_kstr(j, "task", r->ts->tasks[c->tasks[i]].name);
            jw_kint(j, "job", (int64_t)m->jobs[i]);
            jw_kint(j, "read_ns", w[i].read_ns);
            jw_kint(j, "write_ns", w[i].write_ns);
            jw_object_end(j);
        }
        jw_array_end(j);
        jw_object_end(j);
    }
    jw_object_end(j);
}

static void json_chains(const syssim_report *r, jw *j)
{
    jw_key(j, "chains");
    jw_array_begin(j);
    for (size_t k = 0; k < r->n_chains; k++) {
        const rt_chain *c = &r->ts->chains[k];
        const chain_result *b = &r->chain_bounds[k];
        const chainrun_chain *o = &r->chains[k];
        jw_object_begin(j);
        jw_kstr(j, "name", c->name);
        jw_kstr(j, "communication", c->communication == RT_COMM_LET ? "let" : "implicit");
        jw_key(j, "reaction");
        json_chain_metric(r, c, &o->obs.mrt, o->mrt_jobs, b->has_mrt, b->mrt_ns, b->binding_mrt,
                          o->mrt_exceeded, j);
        jw_key(j, "data_age");
        json_chain_metric(r, c, &o->obs.mda, o->mda_jobs, b->has_mda, b->mda_ns, b->binding_mda,
                          o->mda_exceeded, j);
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
    sim_json_head(j, r->tool_version, o, sim_release_name(r->cli->release), r->so->seed,
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
    if (r->n_chains > 0)
        json_chains(r, j);
    jw_kbool(j, "bound_exceeded", r->exceeded || r->chain_exceeded);
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
        report_fmt_ns(ns, buf, size);
    return buf;
}

/* One row of the chains' table. */
static void text_chain_row(FILE *out, int w, const char *name, const char *comm,
                           const char *metric, const chainobs_max *m, bool has, int64_t bound,
                           chain_bound bind, bool exceeded)
{
    char a[40], b[40];
    strcpy(a, "-");
    if (m->found)
        report_fmt_ns(m->length_ns, a, sizeof a);
    fmt_bound(has, bound, b, sizeof b);
    fprintf(out, "  %-*.*s %-8s %-8s %13s %13s %-9s %10" PRIu64 "%s\n", w, w, name, comm, metric,
            a, b, has ? chain_bound_name(bind) : "-", m->chains, exceeded ? "  EXCEEDED" : "");
}

static void text_chains(const syssim_report *r, FILE *out)
{
    size_t w = 5;
    for (size_t k = 0; k < r->n_chains; k++)
        if (strlen(r->ts->chains[k].name) > w)
            w = strlen(r->ts->chains[k].name) > 40 ? 40 : strlen(r->ts->chains[k].name);
    fprintf(out, "\nChains (observed maximum over the job chains complete in the run, beside the "
                 "binding bound):\n");
    fprintf(out, "  %-*s %-8s %-8s %13s %13s %-9s %10s\n", (int)w, "chain", "comm", "metric",
            "observed", "bound", "binding", "job chains");
    for (size_t k = 0; k < r->n_chains; k++) {
        const rt_chain *c = &r->ts->chains[k];
        const chain_result *b = &r->chain_bounds[k];
        const chainrun_chain *o = &r->chains[k];
        const char *comm = c->communication == RT_COMM_LET ? "let" : "implicit";
        text_chain_row(out, (int)w, c->name, comm, "reaction", &o->obs.mrt, b->has_mrt,
                       b->mrt_ns, b->binding_mrt, o->mrt_exceeded);
        text_chain_row(out, (int)w, c->name, comm, "age", &o->obs.mda, b->has_mda, b->mda_ns,
                       b->binding_mda, o->mda_exceeded);
    }
}

int syssim_report_text(const syssim_report *r, const syssim_result *res, FILE *out)
{
    char h[40], a[40], b[40], c[40], d[40], nb[48];
    uint64_t jobs = 0, misses = 0;
    for (size_t t = 0; t < res->n_tasks; t++) {
        jobs += res->tasks[t].completed;
        misses += res->tasks[t].misses;
    }
    if (misses == 0) {
        fprintf(out, "NO DEADLINE MISS; %s", r->exceeded || r->chain_exceeded
                                                 ? "BOUND EXCEEDED"
                                                 : "NO OBSERVED RESPONSE ABOVE ITS BOUND");
    } else {
        fprintf(out, "DEADLINE MISSES:");
        for (size_t t = 0, k = 0; t < res->n_tasks; t++)
            if (res->tasks[t].misses)
                fprintf(out, "%s %s %" PRIu64 " of %" PRIu64 " jobs", k++ ? "," : "",
                        r->ts->tasks[t].name, res->tasks[t].misses, res->tasks[t].completed);
        fprintf(out, "; %s", r->exceeded || r->chain_exceeded ? "BOUND EXCEEDED"
                                                              : "no response above its bound");
    }
    report_fmt_ns(res->horizon_ns, h, sizeof h);
    fprintf(out, " (%" PRIu64 " jobs simulated over %s, task set \"%s\", GPU \"%s\")\n", jobs, h,
            r->ts->name ? r->ts->name : "", r->gpu->name ? r->gpu->name : "");
    if (r->o->verbosity < 0)   /* -q: the headline alone */
        return ferror(out) ? -1 : 0;
    fprintf(out, "Simulation: whole system, %s releases (seed %" PRIu64 "), --exec %s, "
                 "--gpu-preemption %s; bounds: holistic analysis, model revision %d, %s windows, "
                 "%s interference, margin %.6g\n\n",
            r->cli->release == SIM_RELEASE_RANDOM ? "jittered" : "synchronous", r->so->seed,
            r->exec_name, r->o->gpu_kernel_preemption ? "kernel" : "job", RT_MODEL_REVISION,
            rt_windows_name(r->o->windows), rt_interference_name(r->o->interference),
            r->o->margin);
    size_t w = 4;
    for (size_t t = 0; t < r->ts->n_tasks; t++)
        if (strlen(r->ts->tasks[t].name) > w)
            w = strlen(r->ts->tasks[t].name) > 40 ? 40 : strlen(r->ts->tasks[t].name);
    fprintf(out, "  %-*s %-10s %9s %13s %13s %13s %13s %13s %7s\n", (int)w, "task", "partition",
            "jobs", "best", "mean", "worst", "analysed R", "deadline D", "misses");
    for (size_t t = 0; t < res->n_tasks; t++) {
        const syssim_task_result *st = &res->tasks[t];
        const hol_task_result *hr = &r->sys->res.tasks[t];
        const rt_task *tk = &r->ts->tasks[t];
        strcpy(a, "-");
        strcpy(b, "-");
        strcpy(c, "-");
        if (st->completed) {
            report_fmt_ns(st->min_response_ns, a, sizeof a);
            report_fmt_ns((int64_t)ceil(st->sum_response_ns / (double)st->completed), b,
                          sizeof b);
            report_fmt_ns(st->max_response_ns, c, sizeof c);
        }
        fmt_bound(hr->status == HOL_BOUNDED, hr->response_ns, d, sizeof d);
        report_fmt_ns(tk->deadline_ns, h, sizeof h);
        const char *p = task_part(r, t);
        fprintf(out, "  %-*.*s %-10.10s %9" PRIu64 " %13s %13s %13s %13s %13s %7" PRIu64 "\n",
                (int)w, (int)w, tk->name, p ? p : "-", st->completed, a, b, c, d, h,
                st->misses);
    }
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
                report_fmt_ns(ss->max_response_ns, c, sizeof c);
            fmt_bound(sr->status == HOL_BOUNDED, sr->response_ns, d, sizeof d);
            fprintf(out, "  %-*.*s %4zu %-4s %-12.12s %13s %13s\n", (int)w, (int)w,
                    r->ts->tasks[t].name, s - ht->first_step + 1, step_kind(r, s),
                    res_name(r, r->sys->steps[s].resource, nb, sizeof nb), c, d);
        }
    }
    if (r->n_chains > 0)
        text_chains(r, out);
    return ferror(out) ? -1 : 0;
}

/* The counter-example of an observed chain metric above its binding bound. */
static void chain_violation(const syssim_report *r, FILE *out)
{
    size_t k = r->exceeded_chain;
    const rt_chain *c = &r->ts->chains[k];
    const chain_result *b = &r->chain_bounds[k];
    const chainrun_chain *o = &r->chains[k];
    bool mda = r->exceeded_mda;
    const chainobs_max *m = mda ? &o->obs.mda : &o->obs.mrt;
    const chainobs_job *wj = mda ? o->mda_jobs : o->mrt_jobs;
    fprintf(out, "rtgpu-simulate: DEFECT: chain \"%s\" (%s): observed maximum %s %" PRId64
                 " ns, above the analysed bound %" PRId64 " ns (%s)\n", c->name,
            c->communication == RT_COMM_LET ? "let" : "implicit",
            mda ? "data age" : "reaction time", m->length_ns, mda ? b->mda_ns : b->mrt_ns,
            chain_bound_name(mda ? b->binding_mda : b->binding_mrt));
    if (mda)
        fprintf(out, "  from the read of job %zu of \"%s\" at %" PRId64 " ns to the write of "
                     "job %zu of \"%s\" at %" PRId64 " ns; the job chain:\n", m->jobs[0],
                r->ts->tasks[c->tasks[0]].name, m->from_ns, m->jobs[c->n_tasks - 1] + 1,
                r->ts->tasks[c->tasks[c->n_tasks - 1]].name, m->to_ns);
    else
        fprintf(out, "  from the read of job %zu of \"%s\" at %" PRId64 " ns to the write of "
                     "job %zu of \"%s\" at %" PRId64 " ns; the job chain:\n", m->jobs[0] - 1,
                r->ts->tasks[c->tasks[0]].name, m->from_ns, m->jobs[c->n_tasks - 1],
                r->ts->tasks[c->tasks[c->n_tasks - 1]].name, m->to_ns);
    for (size_t i = 0; i < c->n_tasks; i++)
        fprintf(out, "    task \"%s\" job %zu: read at %" PRId64 " ns, write at %" PRId64
                     " ns\n", r->ts->tasks[c->tasks[i]].name, m->jobs[i], wj[i].read_ns,
                wj[i].write_ns);
}

void syssim_report_violation(const syssim_report *r, const syssim_result *res, FILE *out)
{
    if (r->chain_exceeded)
        chain_violation(r, out);
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
