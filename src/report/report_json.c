/* report_json: the JSON report, schema 2 (docs/report.md "The JSON report"), streamed with
 * the writer of jw.h: its head, options, GPU, verdict and provenance, and the order of all its
 * members (report_json_tasks.c, report_json_system.c, report_json_assign.c, report_json_sens.c
 * and report_json_meas.c write the larger ones).
 *
 * Every member is written as it is reached, so the report of a large task set never sits in
 * memory whole (a 1,000-kernel table on a 4,096-SM GPU is over half a gigabyte of text). jw
 * writes jansson's layout (two-space indent), escapes and round-trippable reals (%.17g); a
 * non-finite real, which JSON cannot hold, becomes null. The key order of report_json() is the
 * order of the report in docs/report.md. */
#include "report/report_json.h"

#include "report/report.h"
#include "report/report_chains.h"
#include "util/jw.h"
#include "report/json_opt.h"
#include "report/report_concurrency.h"
#include "report/report_json_assign.h"
#include "report/report_json_meas.h"
#include "report/report_json_sens.h"
#include "report/report_json_system.h"
#include "report/report_json_tasks.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

static void hex32(const unsigned char *h, char out[65])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < 32; i++) {
        out[2 * i] = digits[h[i] >> 4];
        out[2 * i + 1] = digits[h[i] & 15];
    }
    out[64] = '\0';
}

void report_json_input(jw *w, const char *key, const char *path, const unsigned char *sha)
{
    char hex[65];
    hex32(sha, hex);
    jw_key(w, key);
    jw_object_begin(w);
    jw_kstr(w, "path", path);
    jw_kstr(w, "sha256", hex);
    jw_object_end(w);
}

static void j_options(jw *w, const rt_report *r)
{
    const rt_options *o = r->o;
    jw_key(w, "options");
    jw_object_begin(w);
    jw_kreal(w, "margin", o->margin);
    jw_kstr(w, "windows", rt_options_windows_name(o->windows));
    jw_kstr(w, "interference", rt_interference_name(o->interference));
    jw_kreal(w, "alpha", r->gpu->alpha);
    jw_kint(w, "model_revision", RT_MODEL_REVISION);
    jw_kreal(w, "naive_factor", o->naive_factor);
    jw_kint(w, "combination_cap", (int64_t)o->combination_cap);
    jw_kint(w, "budget_units", (int64_t)o->budget_units);
    jw_kstr(w, "priorities", rt_options_prio_name(o->priorities));
    jw_kstr(w, "assign", r->assign ? "search" : "given");
    jw_kstr(w, "objective", rt_options_objective_name(o->objective));
    json_opt_real(w, "time_limit_s", o->time_limit_s > 0, o->time_limit_s);
    json_opt_int(w, "max_iterations", o->max_iterations > 0, o->max_iterations);
    jw_kstr(w, "leftover_distribution", leftover_distribution_name(o->leftover));
    jw_kstr(w, "gpu_preemption", o->gpu_kernel_preemption ? "kernel" : "job");
    jw_kstr(w, "flow_analysis", r->eval && r->eval->system ? "holistic" : NULL);
    jw_object_end(w);
}

static void j_gpu(jw *w, const rt_report *r)
{
    const rt_gpu *g = r->gpu;
    jw_key(w, "gpu");
    jw_object_begin(w);
    jw_kstr(w, "name", g->name);
    jw_kint(w, "sms", g->sms);
    jw_kint(w, "l2_banks", g->l2_banks);
    jw_kreal(w, "sp", r->m->sp);
    jw_kint(w, "miss_banks", r->m->miss_banks);
    jw_kreal(w, "clock_mhz", g->clock_mhz);
    jw_kreal(w, "bw_nominal_gbps", g->bw_nominal_gbps);
    jw_kreal(w, "bw_effective_gbps", g->bw_effective_gbps);
    jw_kint(w, "granularity", g->granularity);
    jw_kint(w, "launch_overhead_ns", g->launch_overhead_ns);
    report_concurrency_json_sm(r, w);
    jw_object_end(w);
}

/* The work budget ran out: which step, at which task, which tasks are undecided; else null. */
static void j_undecided(jw *w, const rt_report *r)
{
    jw_key(w, "undecided");
    if (!report_budget_out(r)) {
        jw_null(w);
        return;
    }
    const rt_budget *b = r->budget;
    jw_object_begin(w);
    jw_kstr(w, "reason", "work budget exhausted");
    jw_kint(w, "budget_units", (int64_t)b->limit_units);
    jw_kint(w, "used_units", b->used_units > INT64_MAX ? INT64_MAX : (int64_t)b->used_units);
    jw_kstr(w, "step", budget_step_name(b->step));
    jw_kstr(w, "task", b->task < r->ts->n_tasks ? r->ts->tasks[b->task].name : NULL);
    jw_key(w, "undecided_tasks");
    jw_array_begin(w);
    for (size_t i = 0; r->eval && i < r->ts->n_tasks; i++)
        if (r->eval->rta[i].status == RTA_BUDGET)
            jw_str(w, r->ts->tasks[i].name);
    jw_array_end(w);
    jw_object_end(w);
}

static void j_verdict(jw *w, const rt_report *r)
{
    jw_key(w, "verdict");
    jw_object_begin(w);
    jw_kbool(w, "schedulable", r->exit_status == 0);
    jw_kint(w, "exit_status", report_exit_status(r));
    /* no layout was analysed (the search found none): no missed tasks to list, null */
    jw_key(w, "missed_tasks");
    if (r->eval) {
        jw_array_begin(w);
        for (size_t i = 0; i < r->ts->n_tasks; i++)
            if (!r->eval->rta[i].schedulable && r->eval->rta[i].status != RTA_BUDGET)
                jw_str(w, r->ts->tasks[i].name);
        jw_array_end(w);
    } else {
        jw_null(w);
    }
    /* a task set with chains: the chains that fail their requirements (null: none analysed) */
    if (r->ts->n_chains > 0) {
        jw_key(w, "chains_failing");
        if (r->chains) {
            jw_array_begin(w);
            for (size_t c = 0; c < r->ts->n_chains; c++)
                if (!r->chains[c].passes && !r->chains[c].undecided)
                    jw_str(w, r->ts->chains[c].name);
            jw_array_end(w);
        } else {
            jw_null(w);
        }
    }
    /* exhaustive: every launch's worst case was enumerated (no combination-cap fallback) */
    jw_kbool(w, "exhaustive", !r->eval || r->eval->exhaustive);
    j_undecided(w, r);
    jw_object_end(w);
}

static void j_provenance(jw *w, const rt_provenance *p)
{
    jw_key(w, "provenance");
    jw_object_begin(w);
    jw_kstr(w, "command_line", p->command_line);
    jw_kstr(w, "date", p->date);
    jw_kstr(w, "date_source", p->from_source_date_epoch ? "SOURCE_DATE_EPOCH" : "clock");
    jw_key(w, "libraries");
    jw_object_begin(w);
    jw_kstr(w, "libxml2", p->libxml2);
    jw_kstr(w, "glpk", p->glpk);
    jw_kstr(w, "jansson", p->jansson);
    jw_kstr(w, "libc", p->libc);
    jw_object_end(w);
    jw_object_end(w);
}

void report_json_tool(jw *w, int schema, const char *name, const char *version)
{
    jw_kint(w, "schema", schema);
    jw_key(w, "tool");
    jw_object_begin(w);
    jw_kstr(w, "name", name);
    jw_kstr(w, "version", version);
    jw_object_end(w);
}

void report_json_head(jw *w, int schema, const char *tool_version, const rt_taskset *ts,
                      const rt_gpu *gpu)
{
    report_json_tool(w, schema, "rtgpu-analyze", tool_version);
    jw_key(w, "inputs");
    jw_object_begin(w);
    report_json_input(w, "taskset", ts->path, ts->sha256);
    report_json_input(w, "gpu", gpu->path, gpu->sha256);
    jw_object_end(w);
}

void report_json_explore_head(jw *w, const char *tool_version, const rt_taskset *ts,
                              const rt_gpu *gpu)
{
    report_json_tool(w, 2, "rtgpu-explore", tool_version ? tool_version : "");
    jw_kstr(w, "gpu_name", gpu->name);
    jw_kstr(w, "taskset_name", ts->name);
}

int report_json(const rt_report *r, FILE *out)
{
    jw w;
    jw_init(&w, out, 2);
    jw_object_begin(&w);
    report_json_head(&w, 2, r->tool_version, r->ts, r->gpu);
    j_options(&w, r);
    j_gpu(&w, r);
    report_json_tasks(r, &w);
    report_json_system_resources(r, &w);
    report_chains_json(r, &w);
    report_json_assign(r, &w);
    j_verdict(&w, r);
    /* a section the run did not compute is null (docs/report.md "The JSON report") */
    if (r->prov)
        j_provenance(&w, r->prov);
    else
        jw_knull(&w, "provenance");
    if (r->sens && r->layout)
        report_json_sens(r, &w);
    else
        jw_knull(&w, "sensitivity");
    report_concurrency_json(r, &w);
    if (r->meas)
        report_json_meas(r, &w);
    else
        jw_knull(&w, "measurements");
    jw_object_end(&w);
    if (putc('\n', out) == EOF)
        return -1;
    return jw_finish(&w);
}
