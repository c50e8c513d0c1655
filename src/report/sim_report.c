/* sim_report: the outputs of rtgpu-simulate. JSON records are built with jansson one at a time
 * (names escaped, reals with 17 significant digits) and written as they come, so the trace is
 * streamed; times that are whole numbers of ns are written as integers. */
#include "report/sim_report.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/interference.h"
#include "models/model.h"
#include "report/report.h"

#define DUMP_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(17))

/* A time in ns: an integer when it is one (always under --exec wcet), else a real. */
static json_t *jtime(double ns)
{
    if (!isfinite(ns))
        return json_null();
    if (ns == floor(ns) && fabs(ns) < 9007199254740992.0)
        return json_integer((json_int_t)ns);
    return json_real(ns);
}

/* Write one JSON value (consumed) and free it; -1 if it could not be built or written. */
static int put_json(json_t *v, FILE *out)
{
    char *s = v ? json_dumps(v, DUMP_FLAGS) : NULL;
    int rc = s && fputs(s, out) != EOF ? 0 : SIM_ESINK;
    free(s);
    json_decref(v);
    return rc;
}

/* CSV cell: a name quoted, with quotes doubled (RFC 4180). */
static void csv_name(const char *s, FILE *out)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static void csv_time(double ns, FILE *out)
{
    if (ns == floor(ns) && fabs(ns) < 9007199254740992.0)
        fprintf(out, "%" PRId64, (int64_t)ns);
    else
        fprintf(out, "%.17g", ns);
}

int sim_csv_header(FILE *out)
{
    return fputs("kind,task,job,run,kernel,partition,activation_ns,release_ns,start_ns,"
                 "finish_ns,response_ns,co_runners\n", out) == EOF ? -1 : 0;
}

static int trace_job(void *ctx, const sim_job *j)
{
    sim_trace_writer *w = ctx;
    const sim_report *r = w->r;
    if (w->json) {
        json_t *o = json_pack("{s:s,s:s,s:I,s:s,s:o,s:o,s:o,s:o,s:o,s:b}", "kind", "job", "task",
                              r->ts->tasks[j->task].name, "job", (json_int_t)j->index,
                              "partition", r->l->part_name[j->part], "activation_ns",
                              jtime(j->activation_ns), "release_ns", jtime(j->release_ns),
                              "start_ns", jtime(j->start_ns), "finish_ns", jtime(j->finish_ns),
                              "response_ns", jtime(j->response_ns), "miss",
                              j->response_ns > (double)r->ts->tasks[j->task].deadline_ns);
        if (!w->first && fputc(',', w->out) == EOF)
            return SIM_ESINK;
        w->first = false;
        return put_json(o, w->out);
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
        json_t *co = json_array();
        for (size_t i = 0; i < l->n_co; i++)
            json_array_append_new(co, json_pack("{s:s,s:s}", "kernel",
                                                r->ts->kernels[l->co_kernels[i]].name,
                                                "partition", r->l->part_name[l->co_parts[i]]));
        json_t *o = json_pack("{s:s,s:s,s:I,s:I,s:s,s:s,s:o,s:o,s:o}", "kind", "launch", "task",
                              r->ts->tasks[l->task].name, "job", (json_int_t)l->job, "run",
                              (json_int_t)l->run + 1, "kernel", r->ts->kernels[l->kernel].name,
                              "partition", r->l->part_name[l->part], "start_ns",
                              jtime(l->start_ns), "finish_ns", jtime(l->finish_ns),
                              "co_runners", co);
        if (!w->first && fputc(',', w->out) == EOF)
            return SIM_ESINK;
        w->first = false;
        return put_json(o, w->out);
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
        for (; *k; k++) {                      /* names inside the quoted cell */
            if (*k == '"')
                fputc('"', w->out);
            fputc(*k, w->out);
        }
    }
    return fputs("\"\n", w->out) == EOF ? SIM_ESINK : 0;
}

sim_sink sim_trace_sink(sim_trace_writer *w)
{
    return (sim_sink){ .ctx = w, .job = trace_job, .launch = trace_launch };
}

static json_t *j_options(const sim_report *r)
{
    const rt_options *o = r->o;
    const sim_options *so = r->so;
    return json_pack("{s:s,s:o,s:s,s:o,s:s,s:s,s:o,s:s,s:i,s:I}",
                     "release", sim_release_name(so->release),
                     "seed", json_integer((json_int_t)so->seed),
                     "exec", sim_exec_name(so->exec),
                     "margin", json_real(o->margin),
                     "windows", rt_windows_name(o->windows),
                     "interference", rt_interference_name(o->interference),
                     "naive_factor", json_real(o->naive_factor),
                     "priorities", rt_prio_name(o->priorities),
                     "model_revision", RT_MODEL_REVISION,
                     "job_cap", (json_int_t)so->job_cap);
}

int sim_json_begin(const sim_report *r, bool trace, FILE *out)
{
    json_t *head = json_pack("{s:i,s:{s:s,s:s},s:o}", "schema", 1, "tool", "name",
                             "rtgpu-simulate", "version", r->tool_version, "options",
                             j_options(r));
    char *s = head ? json_dumps(head, DUMP_FLAGS) : NULL;
    json_decref(head);
    if (!s)
        return -1;
    /* the object without its closing brace: the trace and the results follow */
    size_t n = strlen(s);
    s[n - 1] = '\0';
    int rc = fputs(s, out) == EOF ? -1 : 0;
    free(s);
    if (rc == 0 && trace && fputs(",\"trace\":[", out) == EOF)
        rc = -1;
    return rc;
}

int sim_json_end(const sim_report *r, bool trace, const sim_result *res, FILE *out)
{
    if (trace && fputc(']', out) == EOF)
        return -1;
    json_t *tasks = json_array();
    for (size_t t = 0; t < res->n_tasks; t++) {
        const sim_task_stats *st = &res->tasks[t];
        json_t *o = json_pack("{s:s,s:s,s:I,s:o,s:o,s:o,s:o,s:I}", "name", r->ts->tasks[t].name,
                              "partition", r->l->part_name[r->l->task_part[t]], "jobs",
                              (json_int_t)st->jobs,
                              "observed_max_ns", st->jobs ? jtime(st->max_ns) : json_null(),
                              "observed_mean_ns",
                              st->jobs ? json_real(st->sum_ns / (double)st->jobs) : json_null(),
                              "observed_min_ns", st->jobs ? jtime(st->min_ns) : json_null(),
                              "wcrt_ns", st->wcrt_ns >= 0 ? json_integer(st->wcrt_ns)
                                                          : json_null(),
                              "misses", (json_int_t)st->misses);
        json_array_append_new(tasks, o);
    }
    json_t *tail = json_pack("{s:I,s:I,s:b,s:o,s:b}", "horizon_ns", (json_int_t)res->horizon_ns,
                             "jobs_simulated", (json_int_t)res->jobs, "capped", res->capped,
                             "tasks", tasks, "bound_exceeded", res->violation.found);
    char *s = tail ? json_dumps(tail, DUMP_FLAGS) : NULL;
    json_decref(tail);
    if (!s)
        return -1;
    s[0] = ',';   /* append the members to the open object */
    int rc = fputs(s, out) == EOF || fputc('\n', out) == EOF ? -1 : 0;
    free(s);
    return rc;
}

/* ns, rounded up to a whole ns, in a human unit. */
static const char *human(double ns, char *buf, size_t size)
{
    report_fmt_ns((int64_t)ceil(ns), buf, size);
    return buf;
}

int sim_report_text(const sim_report *r, const sim_result *res, FILE *out)
{
    char h[40], a[40], b[40], c[40], d[40];
    report_fmt_ns(res->horizon_ns, h, sizeof h);
    bool exceeded = res->violation.found;
    fprintf(out, "%s: %" PRIu64 " jobs simulated over %s%s (task set \"%s\", GPU \"%s\")\n",
            exceeded ? "BOUND EXCEEDED" : "NO OBSERVED RESPONSE ABOVE ITS BOUND", res->jobs, h,
            res->capped ? ", releases stopped at the job cap" : "",
            r->ts->name ? r->ts->name : "", r->gpu->name ? r->gpu->name : "");
    fprintf(out, "Simulation: %s releases (seed %" PRIu64 "), --exec %s; bounds: model revision "
                 "%d, %s windows, %s interference, margin %.6g\n\n",
            sim_release_name(r->so->release), r->so->seed, sim_exec_name(r->so->exec),
            RT_MODEL_REVISION, rt_windows_name(r->o->windows),
            rt_interference_name(r->o->interference), r->o->margin);
    size_t w = 4;
    for (size_t t = 0; t < r->ts->n_tasks; t++)
        if (strlen(r->ts->tasks[t].name) > w)
            w = strlen(r->ts->tasks[t].name) > 40 ? 40 : strlen(r->ts->tasks[t].name);
    fprintf(out, "  %-*s %-10s %9s %13s %13s %13s %13s %13s %7s\n", (int)w, "task", "partition",
            "jobs", "best", "mean", "worst", "analysed R", "deadline D", "misses");
    for (size_t t = 0; t < res->n_tasks; t++) {
        const sim_task_stats *st = &res->tasks[t];
        const rt_task *tk = &r->ts->tasks[t];
        strcpy(a, "-");
        strcpy(b, "-");
        strcpy(c, "-");
        strcpy(d, "unbounded");
        if (st->jobs) {
            human(st->min_ns, a, sizeof a);
            human(st->sum_ns / (double)st->jobs, b, sizeof b);
            human(st->max_ns, c, sizeof c);
        }
        if (st->wcrt_ns >= 0)
            report_fmt_ns(st->wcrt_ns, d, sizeof d);
        report_fmt_ns(tk->deadline_ns, h, sizeof h);
        fprintf(out, "  %-*.*s %-10.10s %9" PRIu64 " %13s %13s %13s %13s %13s %7" PRIu64 "\n",
                (int)w, (int)w, tk->name, r->l->part_name[r->l->task_part[t]], st->jobs, a, b, c,
                d, h, st->misses);
    }
    return ferror(out) ? -1 : 0;
}

void sim_report_violation(const sim_report *r, const sim_result *res, FILE *out)
{
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
