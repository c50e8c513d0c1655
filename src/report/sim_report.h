/* sim_report: what rtgpu-simulate writes: the summary (text, JSON) with the observed response
 * times beside the analysed bounds, the trace (CSV rows, JSON records) streamed event by event,
 * and the counter-example of a bound that was exceeded. Writers format; they compute nothing. */
#ifndef RT_SIM_REPORT_H
#define RT_SIM_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "util/jw.h"
#include "sim/sim.h"
#include "report/simchains_report.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Everything the writers show, borrowed. */
typedef struct sim_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const rt_layout *l;
    const rt_options *o;
    const sim_options *so;
    simchains_view chains;       /* the chains observed (chains.n 0: none, or not observed) */
    const char *tool_version;
} sim_report;

/* A trace sink writing to out: CSV rows, or JSON records separated by commas. */
typedef struct sim_trace_writer {
    const sim_report *r;
    FILE *out;
    bool json;
    jw jw;                   /* JSON: the stream, from sim_report_json_begin to sim_report_json_end */
} sim_trace_writer;

/* The sink callbacks of w (ctx = w). */
sim_sink sim_report_trace_sink(sim_trace_writer *w);
/* The start of every rtgpu-simulate JSON summary, into j (begun on its stream): the object,
 * "schema", "tool", and "options" with the keys both simulations share, left open for more. */
void sim_report_json_head(jw *j, const char *tool_version, const rt_options *o, const char *release,
                   uint64_t seed, const char *exec, uint64_t job_cap);
/* One task's row of a text summary (both simulations). */
typedef struct sim_text_row {
    const char *partition;       /* "-" when none */
    uint64_t jobs, misses;       /* finished; of them above the deadline */
    int64_t best_ns, worst_ns;   /* when jobs > 0: the observed responses, whole ns */
    double mean_ns;              /* when jobs > 0: shown rounded up to a whole ns */
    bool bounded;                /* the analysed R exists ... */
    int64_t wcrt_ns;             /* ... and is this */
} sim_text_row;
/* Fill *row for task t of the simulation ctx. */
typedef void (*sim_text_row_fn)(const void *ctx, size_t t, sim_text_row *row);
/* The headline of a text summary: deadline misses (task by task, from row) or none, whether a
 * bound was exceeded, the jobs, the horizon (and the job cap when capped), the task set and GPU
 * names; one line. */
void sim_report_text_headline(FILE *out, const rt_taskset *ts, const rt_gpu *gpu, sim_text_row_fn row,
                       const void *ctx, uint64_t jobs, int64_t horizon_ns, bool capped,
                       bool exceeded);
/* The table of a text summary: a header and one row per task of ts (observed best/mean/worst,
 * analysed R, deadline D, misses). */
void sim_report_text_tasks(FILE *out, const rt_taskset *ts, sim_text_row_fn row, const void *ctx);
/* CSV header line of the trace. Returns 0, or -1 on a write error. */
int sim_report_csv_header(FILE *out);
/* JSON: everything before the trace ("trace": [ opened when trace); sim_report_json_end closes it and
 * writes the horizon, counts, per-task statistics and the chains (when chains.n > 0). Return 0,
 * or -1 on a write error. */
int sim_report_json_begin(sim_trace_writer *w, bool trace);
int sim_report_json_end(sim_trace_writer *w, bool trace, const sim_result *res);
/* Text summary: options, horizon, one row per task (observed min/mean/max, analysed R, misses),
 * then one row per chain metric (observed beside the binding bound). */
int sim_report_text(const sim_report *r, const sim_result *res, FILE *out);
/* The counter-examples (r->chains.exceeded, res->violation), in words, for standard error. */
void sim_report_violation(const sim_report *r, const sim_result *res, FILE *out);

#endif
