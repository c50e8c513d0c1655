/* sim_report: the outputs of rtgpu-simulate. JSON is streamed with the writer of jw.h (compact,
 * names escaped, reals with 17 significant digits), record by record as the simulator reports
 * them; times that are whole numbers of ns are written as integers. */
#include "report/sim_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/interference.h"
#include "models/model.h"
#include "report/report.h"
#include "report/report_json.h"
#include "util/csv.h"
#include "util/fmt.h"
#include "util/jw.h"

/* A time in ns: an integer when it is one (always under --exec wcet), else a real. */
static void ktime(jw *w, const char *key, double ns)
{
    jw_key(w, key);
    if (isfinite(ns) && ns == floor(ns) && fabs(ns) < 9007199254740992.0)
        jw_int(w, (int64_t)ns);
    else
        jw_real(w, ns);
}

/* CSV cell: a name, always quoted (util/csv.h). */
static void csv_name(const char *s, FILE *out)
{
    fputc('"', out);
    csv_body_fputs(s, out);
    fputc('"', out);
}

static void csv_time(double ns, FILE *out)
{
    if (ns == floor(ns) && fabs(ns) < 9007199254740992.0)
        fprintf(out, "%" PRId64, (int64_t)ns);
    else
        fprintf(out, "%.17g", ns);
}

int sim_report_csv_header(FILE *out)
{
    return fputs("kind,task,job,run,kernel,partition,activation_ns,release_ns,start_ns,"
                 "finish_ns,response_ns,co_runners\n", out) == EOF ? -1 : 0;
}

static int trace_job(void *ctx, const sim_job *j)
{
    sim_trace_writer *w = ctx;
    const sim_report *r = w->r;
    if (w->json) {
        jw *o = &w->jw;
        jw_object_begin(o);
        jw_kstr(o, "kind", "job");
        jw_kstr(o, "task", r->ts->tasks[j->task].name);
        jw_kint(o, "job", (int64_t)j->index);
        jw_kstr(o, "partition", r->l->part_name[j->part]);
        ktime(o, "activation_ns", j->activation_ns);
        ktime(o, "release_ns", j->release_ns);
        ktime(o, "start_ns", j->start_ns);
        ktime(o, "finish_ns", j->finish_ns);
        ktime(o, "response_ns", j->response_ns);
        jw_kbool(o, "miss", j->response_ns > (double)r->ts->tasks[j->task].deadline_ns);
        jw_object_end(o);
        return ferror(w->out) ? SIM_ESINK : 0;
    }
    fputs("job,", w->out);
    csv_name(r->ts->tasks[j->task].name, w->out);
    fprintf(w->out, ",%" PRIu64 ",,,", j->index);
    csv_name(r->l->part_name[j->part], w->out);
    double t[5] = { j->activation_ns, j->release_ns, j->start_ns, j->finish_ns, j->response_ns };
    for (int i = 0; i < 5; i++) {
        fputc(',', w->out);
        csv_time(t[i], w->out);
    }
    return fputs(",\n", w->out) == EOF ? SIM_ESINK : 0;
}

static int trace_launch(void *ctx, const sim_launch *l)
{
    sim_trace_writer *w = ctx;
    const sim_report *r = w->r;
    if (w->json) {
        jw *o = &w->jw;
        jw_object_begin(o);
        jw_kstr(o, "kind", "launch");
        jw_kstr(o, "task", r->ts->tasks[l->task].name);
        jw_kint(o, "job", (int64_t)l->job);
        jw_kint(o, "run", (int64_t)(l->run + 1));
        jw_kstr(o, "kernel", r->ts->kernels[l->kernel].name);
        jw_kstr(o, "partition", r->l->part_name[l->part]);
        ktime(o, "start_ns", l->start_ns);
        ktime(o, "finish_ns", l->finish_ns);
        jw_key(o, "co_runners");
        jw_array_begin(o);
        for (size_t i = 0; i < l->n_co; i++) {
            jw_object_begin(o);
            jw_kstr(o, "kernel", r->ts->kernels[l->co_kernels[i]].name);
            jw_kstr(o, "partition", r->l->part_name[l->co_parts[i]]);
            jw_object_end(o);
        }
        jw_array_end(o);
        jw_object_end(o);
        return ferror(w->out) ? SIM_ESINK : 0;
    }
    fputs("launch,", w->out);
    csv_name(r->ts->tasks[l->task].name, w->out);
    fprintf(w->out, ",%" PRIu64 ",%zu,", l->job, l->run + 1);
    csv_name(r->ts->kernels[l->kernel].name, w->out);
    fputc(',', w->out);
    csv_name(r->l->part_name[l->part], w->out);
    fputs(",,,", w->out);
    csv_time(l->start_ns, w->out);
    fputc(',', w->out);
    csv_time(l->finish_ns, w->out);
    fputs(",,\"", w->out);
    for (size_t i = 0; i < l->n_co; i++) {
        const char *k = r->ts->kernels[l->co_kernels[i]].name;
        fputs(i ? "+" : "", w->out);
        csv_body_fputs(k, w->out);             /* names inside the quoted cell */
    }
    return fputs("\"\n", w->out) == EOF ? SIM_ESINK : 0;
}

sim_sink sim_report_trace_sink(sim_trace_writer *w)
{
    return (sim_sink){ .ctx = w, .job = trace_job, .launch = trace_launch };
}

void sim_report_json_head(jw *j, const char *tool_version, const rt_options *o, const char *release,
                   uint64_t seed, const char *exec, uint64_t job_cap)
{
    jw_object_begin(j);
    report_json_tool(j, 2, "rtgpu-simulate", tool_version);
    jw_key(j, "options");
    jw_object_begin(j);
    jw_kstr(j, "release", release);
    jw_kint(j, "seed", (int64_t)seed);
    jw_kstr(j, "exec", exec);
    jw_kreal(j, "margin", o->margin);
    jw_kstr(j, "windows", rt_options_windows_name(o->windows));
    jw_kstr(j, "interference", rt_interference_name(o->interference));
    jw_kreal(j, "naive_factor", o->naive_factor);
    jw_kstr(j, "priorities", rt_options_prio_name(o->priorities));
    jw_kint(j, "model_revision", RT_MODEL_REVISION);
    jw_kint(j, "job_cap", (int64_t)job_cap);
}

int sim_report_json_begin(sim_trace_writer *w, bool trace)
{
    const sim_report *r = w->r;
    const sim_options *so = r->so;
    jw *j = &w->jw;
    jw_init(j, w->out, 0);
    sim_report_json_head(j, r->tool_version, r->o, sim_release_name(so->release), so->seed,
                  sim_exec_name(so->exec), so->job_cap);
    jw_object_end(j);
    jw_key(j, "trace");   /* null without --trace (docs/simulation.md) */
    if (trace)
        jw_array_begin(j);
    else
        jw_null(j);
    return ferror(w->out) ? -1 : 0;
}

int sim_report_json_end(sim_trace_writer *w, bool trace, const sim_result *res)
{
    const sim_report *r = w->r;
    jw *j = &w->jw;
    if (trace)
        jw_array_end(j);
    jw_kint(j, "horizon_ns", res->horizon_ns);
    jw_kint(j, "jobs_simulated", (int64_t)res->jobs);
    jw_kbool(j, "capped", res->capped);
    jw_key(j, "tasks");
    jw_array_begin(j);
    for (size_t t = 0; t < res->n_tasks; t++) {
        const sim_task_stats *st = &res->tasks[t];
        jw_object_begin(j);
        jw_kstr(j, "name", r->ts->tasks[t].name);
        jw_kstr(j, "partition", r->l->part_name[r->l->task_part[t]]);
        jw_kint(j, "jobs", (int64_t)st->jobs);
        if (st->jobs) {
            ktime(j, "observed_max_ns", st->max_ns);
            jw_kreal(j, "observed_mean_ns", st->sum_ns / (double)st->jobs);
            ktime(j, "observed_min_ns", st->min_ns);
        } else {
            jw_knull(j, "observed_max_ns");
            jw_knull(j, "observed_mean_ns");
            jw_knull(j, "observed_min_ns");
        }
        jw_key(j, "wcrt_ns");
        if (st->wcrt_ns >= 0)
            jw_int(j, st->wcrt_ns);
        else
            jw_null(j);
        jw_kint(j, "missed_jobs", (int64_t)st->misses);
        jw_object_end(j);
    }
    jw_array_end(j);
    if (r->chains.n > 0)
        simchains_report_json(&r->chains, j);
    jw_kbool(j, "bound_exceeded", res->violation.found || r->chains.exceeded);
    jw_object_end(j);
    if (putc('\n', w->out) == EOF)
        return -1;
    return jw_finish(j);
}

void sim_report_text_headline(FILE *out, const rt_taskset *ts, const rt_gpu *gpu, sim_text_row_fn row,
                       const void *ctx, uint64_t jobs, int64_t horizon_ns, bool capped,
                       bool exceeded)
{
    char h[40];
    uint64_t misses = 0;
    sim_text_row x;
    for (size_t t = 0; t < ts->n_tasks; t++) {
        row(ctx, t, &x);
        misses += x.misses;
    }
    if (misses == 0) {
        fprintf(out, "NO DEADLINE MISS; %s", exceeded ? "BOUND EXCEEDED"
                                                     : "NO OBSERVED RESPONSE ABOVE ITS BOUND");
    } else {
        fprintf(out, "DEADLINE MISSES:");
        for (size_t t = 0, k = 0; t < ts->n_tasks; t++) {
            row(ctx, t, &x);
            if (x.misses)
                fprintf(out, "%s %s %" PRIu64 " of %" PRIu64 " jobs", k++ ? "," : "",
                        ts->tasks[t].name, x.misses, x.jobs);
        }
        fprintf(out, "; %s", exceeded ? "BOUND EXCEEDED" : "no response above its bound");
    }
    fmt_ns(horizon_ns, h, sizeof h);
    fprintf(out, " (%" PRIu64 " jobs simulated over %s%s, task set \"%s\", GPU \"%s\")\n", jobs,
            h, capped ? ", releases stopped at the job cap" : "", ts->name ? ts->name : "",
            gpu->name ? gpu->name : "");
}

void sim_report_text_tasks(FILE *out, const rt_taskset *ts, sim_text_row_fn row, const void *ctx)
{
    char a[40], b[40], c[40], d[40], h[40];
    size_t w = 4;
    for (size_t t = 0; t < ts->n_tasks; t++)
        if (strlen(ts->tasks[t].name) > w)
            w = strlen(ts->tasks[t].name) > 40 ? 40 : strlen(ts->tasks[t].name);
    fprintf(out, "  %-*s %-10s %9s %13s %13s %13s %13s %13s %7s\n", (int)w, "task", "partition",
            "jobs", "best", "mean", "worst", "analysed R", "deadline D", "misses");
    for (size_t t = 0; t < ts->n_tasks; t++) {
        const rt_task *tk = &ts->tasks[t];
        sim_text_row x;
        row(ctx, t, &x);
        strcpy(a, "-");
        strcpy(b, "-");
        strcpy(c, "-");
        strcpy(d, "unbounded");
        if (x.jobs) {
            fmt_ns(x.best_ns, a, sizeof a);
            fmt_ns((int64_t)ceil(x.mean_ns), b, sizeof b);
            fmt_ns(x.worst_ns, c, sizeof c);
        }
        if (x.bounded)
            fmt_ns(x.wcrt_ns, d, sizeof d);
        fmt_ns(tk->deadline_ns, h, sizeof h);
        fprintf(out, "  %-*.*s %-10.10s %9" PRIu64 " %13s %13s %13s %13s %13s %7" PRIu64 "\n",
                (int)w, (int)w, tk->name, x.partition, x.jobs, a, b, c, d, h, x.misses);
    }
}

/* Row t of a GPU-only run (ctx: the sim_report and the result); observed times rounded up. */
typedef struct gpu_rows {
    const sim_report *r;
    const sim_result *res;
} gpu_rows;

static void gpu_row(const void *ctx, size_t t, sim_text_row *row)
{
    const gpu_rows *g = ctx;
    const sim_task_stats *st = &g->res->tasks[t];
    *row = (sim_text_row){ .partition = g->r->l->part_name[g->r->l->task_part[t]],
                           .jobs = st->jobs, .misses = st->misses,
                           .bounded = st->wcrt_ns >= 0, .wcrt_ns = st->wcrt_ns };
    if (st->jobs) {
        row->best_ns = (int64_t)ceil(st->min_ns);
        row->mean_ns = st->sum_ns / (double)st->jobs;
        row->worst_ns = (int64_t)ceil(st->max_ns);
    }
}

int sim_report_text(const sim_report *r, const sim_result *res, FILE *out)
{
    gpu_rows g = { .r = r, .res = res };
    sim_report_text_headline(out, r->ts, r->gpu, gpu_row, &g, res->jobs, res->horizon_ns, res->capped,
                      res->violation.found || r->chains.exceeded);
    if (r->o->verbosity < 0)   /* -q: the headline alone */
        return ferror(out) ? -1 : 0;
    fprintf(out, "Simulation: %s releases (seed %" PRIu64 "), --exec %s; bounds: model revision "
                 "%d, %s windows, %s interference, margin %.6g\n\n",
            sim_release_name(r->so->release), r->so->seed, sim_exec_name(r->so->exec),
            RT_MODEL_REVISION, rt_options_windows_name(r->o->windows),
            rt_interference_name(r->o->interference), r->o->margin);
    sim_report_text_tasks(out, r->ts, gpu_row, &g);
    if (r->chains.n > 0)
        simchains_report_text(&r->chains, out);
    return ferror(out) ? -1 : 0;
}

void sim_report_violation(const sim_report *r, const sim_result *res, FILE *out)
{
    simchains_report_violation(&r->chains, out);
    const sim_violation *v = &res->violation;
    if (!v->found)
        return;
    const sim_job *j = &v->job;
    fprintf(out, "rtgpu-simulate: DEFECT: task \"%s\" job %" PRIu64 " (activated at %.17g ns, "
                 "released at %.17g ns) finished at %.17g ns: response %.17g ns above the "
                 "analysed bound R = %" PRId64 " ns\n",
            r->ts->tasks[j->task].name, j->index, j->activation_ns, j->release_ns, j->finish_ns,
            j->response_ns, v->wcrt_ns);
    fprintf(out, "  the last jobs on partition %s (task, job, release, start, finish, ns):\n",
            r->l->part_name[j->part]);
    for (size_t i = 0; i < v->n_window; i++) {
        const sim_job *x = &v->window[i];
        fprintf(out, "    %s #%" PRIu64 ": %.17g %.17g %.17g\n", r->ts->tasks[x->task].name,
                x->index, x->release_ns, x->start_ns, x->finish_ns);
    }
}
