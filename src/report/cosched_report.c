/* cosched_report: coschedule and MCT outputs (docs/concurrency.md sec. 10). Ratios are printed with
 * 4 decimals in text and exactly in JSON (streamed through jw); MCT times are whole ns. */
#include "report/cosched_report.h"

#include <stdio.h>

#include "report/report_json.h"
#include "util/fmt.h"
#include "util/jw.h"
#include "report/report.h"

int cosched_report_text(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r, FILE *out)
{
    const char *k = ts->kernels[r->kernel].name;
    fprintf(out, "Co-scheduling %zu instance%s of %s on partitions of GPU \"%s\" (Janzen et al., "
            "docs/concurrency.md sec. 10)\n", r->n_parts, r->n_parts == 1 ? "" : "s", k, gpu->name);
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

/* Open the root object and write the members every output shares. */
static void root_begin(jw *w, FILE *out, const rt_taskset *ts, const rt_gpu *gpu,
                       const char *tool)
{
    jw_init(w, out, 2);
    jw_object_begin(w);
    report_json_explore_head(w, tool, ts, gpu);
}

/* Close the root object and end the line. */
static int root_end(jw *w, FILE *out)
{
    jw_object_end(w);
    if (jw_finish(w) != 0 || fputc('\n', out) == EOF)
        return -1;
    return ferror(out) ? -1 : 0;
}

int cosched_report_json(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r,
                        const char *tool_version, FILE *out)
{
    jw w;
    root_begin(&w, out, ts, gpu, tool_version);
    jw_key(&w, "coschedule");
    jw_array_begin(&w);
    jw_object_begin(&w);
    jw_kstr(&w, "kernel", ts->kernels[r->kernel].name);
    jw_key(&w, "partitions");
    jw_array_begin(&w);
    for (size_t p = 0; p < r->n_parts; p++)
        jw_int(&w, r->parts[p].sms);
    jw_array_end(&w);
    jw_kreal(&w, "gain", r->gain);
    jw_kreal(&w, "efficiency", r->efficiency);
    jw_kint(&w, "scaling_anchor", r->anchor);
    jw_kint(&w, "gpu_sms", r->gpu_sms);
    jw_kreal(&w, "gpu_cycles", r->full_cycles);
    jw_kreal(&w, "gpu_speedup", r->full_speedup);
    jw_key(&w, "per_partition");
    jw_array_begin(&w);
    for (size_t p = 0; p < r->n_parts; p++) {
        jw_object_begin(&w);
        jw_kint(&w, "sms", r->parts[p].sms);
        jw_kreal(&w, "cycles", r->parts[p].cycles);
        jw_kreal(&w, "speedup", r->parts[p].speedup);
        jw_kreal(&w, "efficiency", r->parts[p].efficiency);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_object_end(&w);
    jw_array_end(&w);
    return root_end(&w, out);
}

/* "P1 (7 SMs)" or "partition 2 (7 SMs)". */
static void part_label(const mct_result *r, size_t p, char *buf, size_t size)
{
    if (r->part_names)
        snprintf(buf, size, "%s (%lld SMs)", r->part_names[p], (long long)r->part_sms[p]);
    else
        snprintf(buf, size, "partition %zu (%lld SMs)", p + 1, (long long)r->part_sms[p]);
}

int cosched_report_mct_text(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r, FILE *out)
{
    char pl[160], st[40], fi[40];
    fprintf(out, "MCT placement of %zu jobs (one per task, ready at 0) on %zu partitions of GPU "
            "\"%s\" (Janzen et al., docs/concurrency.md sec. 10; a heuristic, not an analysis)\n",
            r->n_jobs, r->n_parts, gpu->name);
    for (size_t i = 0; i < r->n_jobs; i++) {
        const mct_job *j = &r->jobs[i];
        part_label(r, j->partition, pl, sizeof pl);
        fmt_ns(j->start_ns, st, sizeof st);
        fmt_ns(j->finish_ns, fi, sizeof fi);
        fprintf(out, "%s -> %s: %s .. %s\n", ts->tasks[j->job].name, pl, st, fi);
    }
    fmt_ns(r->makespan_ns, st, sizeof st);
    fmt_ns(r->whole_gpu_ns, fi, sizeof fi);
    fprintf(out, "makespan %s; one after another on all %lld SMs: %s (%.4fx)\n", st,
            (long long)gpu->sms, fi, r->speedup);
    return ferror(out) ? -1 : 0;
}

int cosched_report_mct_json(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r,
                    const char *tool_version, FILE *out)
{
    jw w;
    root_begin(&w, out, ts, gpu, tool_version);
    jw_key(&w, "mct");
    jw_object_begin(&w);
    jw_key(&w, "partitions");
    jw_array_begin(&w);
    for (size_t p = 0; p < r->n_parts; p++) {
        jw_object_begin(&w);
        if (r->part_names)
            jw_kstr(&w, "name", r->part_names[p]);
        else
            jw_knull(&w, "name");
        jw_kint(&w, "sms", r->part_sms[p]);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_key(&w, "jobs");
    jw_array_begin(&w);
    for (size_t i = 0; i < r->n_jobs; i++) {
        const mct_job *j = &r->jobs[i];
        jw_object_begin(&w);
        jw_kstr(&w, "job", ts->tasks[j->job].name);
        jw_kint(&w, "partition", (int64_t)j->partition);
        jw_kint(&w, "start", j->start_ns);
        jw_kint(&w, "finish", j->finish_ns);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_kint(&w, "makespan", r->makespan_ns);
    jw_kint(&w, "whole_gpu", r->whole_gpu_ns);
    jw_kreal(&w, "speedup", r->speedup);
    jw_kstr(&w, "time_unit", "ns");
    jw_object_end(&w);
    return root_end(&w, out);
}
