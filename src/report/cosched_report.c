/* cosched_report: coschedule and MCT outputs (CONCURRENCY.md sec. 4.4). Ratios are printed with
 * 4 decimals in text and exactly in JSON; MCT times are whole ns. */
#include "report/cosched_report.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>

#include "report/report.h"

int cosched_report_text(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r, FILE *out)
{
    const char *k = ts->kernels[r->kernel].name;
    fprintf(out, "Co-scheduling %zu instance%s of %s on partitions of GPU \"%s\" (Janzen et al., "
            "CONCURRENCY.md sec. 4.3)\n", r->n_parts, r->n_parts == 1 ? "" : "s", k, gpu->name);
    fprintf(out, "speed-up S(n) = %lld C(%lld) / C(n)%s\n", (long long)r->anchor,
            (long long)r->anchor,
            r->anchor > 1 ? " (anchored at the granularity; linear scaling assumed below it)" : "");
    fprintf(out, "%10s %16s %10s %10s\n", "SMs", "C (cycles)", "S", "E");
    for (size_t p = 0; p < r->n_parts; p++)
        fprintf(out, "%10lld %16.1f %10.4f %10.4f\n", (long long)r->parts[p].sms,
                r->parts[p].cycles, r->parts[p].speedup, r->parts[p].efficiency);
    fprintf(out, "%10lld %16.1f %10.4f %10.4f  whole GPU\n", (long long)r->gpu_sms,
            r->full_cycles, r->full_speedup, r->full_speedup / (double)r->gpu_sms);
    fprintf(out, "gain: %.4f (%zu instances on %lld of %lld SMs against one at a time on all "
            "%lld)\n", r->gain, r->n_parts, (long long)r->used_sms, (long long)r->gpu_sms,
            (long long)r->gpu_sms);
    fprintf(out, "partitioned efficiency E_P: %.4f\n", r->efficiency);
    return ferror(out) ? -1 : 0;
}

typedef struct jctx {
    bool failed;
} jctx;

static void set(jctx *c, json_t *o, const char *key, json_t *v)
{
    if (!o || !v || json_object_set_new(o, key, v) != 0)
        c->failed = true;
}

static void push(jctx *c, json_t *a, json_t *v)
{
    if (!a || !v || json_array_append_new(a, v) != 0)
        c->failed = true;
}

static json_t *jreal(double x)
{
    return isfinite(x) ? json_real(x) : json_null();
}

static json_t *jint(int64_t x)
{
    return json_integer((json_int_t)x);
}

static json_t *root_new(jctx *c, const rt_taskset *ts, const rt_gpu *gpu, const char *tool)
{
    json_t *root = json_object();
    set(c, root, "tool", json_string(tool ? tool : ""));
    set(c, root, "gpu", json_string(gpu->name));
    set(c, root, "taskset", json_string(ts->name));
    return root;
}

static int dump(jctx *c, json_t *root, FILE *out)
{
    char *text = root && !c->failed ? json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17))
                                    : NULL;
    json_decref(root);
    if (!text)
        return -1;
    fputs(text, out);
    fputc('\n', out);
    free(text);
    return ferror(out) ? -1 : 0;
}

int cosched_report_json(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r,
                        const char *tool_version, FILE *out)
{
    jctx c = { false };
    json_t *root = root_new(&c, ts, gpu, tool_version), *arr = json_array(), *o = json_object();
    json_t *parts = json_array(), *rows = json_array();
    set(&c, o, "kernel", json_string(ts->kernels[r->kernel].name));
    for (size_t p = 0; p < r->n_parts; p++) {
        json_t *row = json_object();
        push(&c, parts, jint(r->parts[p].sms));
        set(&c, row, "sms", jint(r->parts[p].sms));
        set(&c, row, "cycles", jreal(r->parts[p].cycles));
        set(&c, row, "speedup", jreal(r->parts[p].speedup));
        set(&c, row, "efficiency", jreal(r->parts[p].efficiency));
        push(&c, rows, row);
    }
    set(&c, o, "partitions", parts);
    set(&c, o, "gain", jreal(r->gain));
    set(&c, o, "efficiency", jreal(r->efficiency));
    set(&c, o, "scaling_anchor", jint(r->anchor));
    set(&c, o, "gpu_sms", jint(r->gpu_sms));
    set(&c, o, "gpu_cycles", jreal(r->full_cycles));
    set(&c, o, "gpu_speedup", jreal(r->full_speedup));
    set(&c, o, "per_partition", rows);
    push(&c, arr, o);
    set(&c, root, "coschedule", arr);
    return dump(&c, root, out);
}

/* "P1 (7 SMs)" or "partition 2 (7 SMs)". */
static void part_label(const mct_result *r, size_t p, char *buf, size_t size)
{
    if (r->part_names)
        snprintf(buf, size, "%s (%lld SMs)", r->part_names[p], (long long)r->part_sms[p]);
    else
        snprintf(buf, size, "partition %zu (%lld SMs)", p + 1, (long long)r->part_sms[p]);
}

int mct_report_text(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r, FILE *out)
{
    char pl[160], st[40], fi[40];
    fprintf(out, "MCT placement of %zu jobs (one per task, ready at 0) on %zu partitions of GPU "
            "\"%s\" (Janzen et al., CONCURRENCY.md sec. 4.3; a heuristic, not an analysis)\n",
            r->n_jobs, r->n_parts, gpu->name);
    for (size_t i = 0; i < r->n_jobs; i++) {
        const mct_job *j = &r->jobs[i];
        part_label(r, j->partition, pl, sizeof pl);
        report_fmt_ns(j->start_ns, st, sizeof st);
        report_fmt_ns(j->finish_ns, fi, sizeof fi);
        fprintf(out, "%s -> %s: %s .. %s\n", ts->tasks[j->job].name, pl, st, fi);
    }
    report_fmt_ns(r->makespan_ns, st, sizeof st);
    report_fmt_ns(r->whole_gpu_ns, fi, sizeof fi);
    fprintf(out, "makespan %s; one after another on all %lld SMs: %s (%.4fx)\n", st,
            (long long)gpu->sms, fi, r->speedup);
    return ferror(out) ? -1 : 0;
}

int mct_report_json(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r,
                    const char *tool_version, FILE *out)
{
    jctx c = { false };
    json_t *root = root_new(&c, ts, gpu, tool_version), *o = json_object();
    json_t *jobs = json_array(), *parts = json_array();
    for (size_t p = 0; p < r->n_parts; p++) {
        json_t *jp = json_object();
        set(&c, jp, "name", r->part_names ? json_string(r->part_names[p]) : json_null());
        set(&c, jp, "sms", jint(r->part_sms[p]));
        push(&c, parts, jp);
    }
    for (size_t i = 0; i < r->n_jobs; i++) {
        const mct_job *j = &r->jobs[i];
        json_t *jj = json_object();
        set(&c, jj, "job", json_string(ts->tasks[j->job].name));
        set(&c, jj, "partition", jint((int64_t)j->partition));
        set(&c, jj, "start", jint(j->start_ns));
        set(&c, jj, "finish", jint(j->finish_ns));
        push(&c, jobs, jj);
    }
    set(&c, o, "partitions", parts);
    set(&c, o, "jobs", jobs);
    set(&c, o, "makespan", jint(r->makespan_ns));
    set(&c, o, "whole_gpu", jint(r->whole_gpu_ns));
    set(&c, o, "speedup", jreal(r->speedup));
    set(&c, o, "time_unit", json_string("ns"));
    set(&c, root, "mct", o);
    return dump(&c, root, out);
}
