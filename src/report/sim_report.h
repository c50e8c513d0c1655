/* sim_report: what rtgpu-simulate writes: the summary (text, JSON) with the observed response
 * times beside the analysed bounds, the trace (CSV rows, JSON records) streamed event by event,
 * and the counter-example of a bound that was exceeded. Writers format; they compute nothing. */
#ifndef RT_SIM_REPORT_H
#define RT_SIM_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "report/jw.h"
#include "sim/sim.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Everything the writers show, borrowed. */
typedef struct sim_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const rt_layout *l;
    const rt_options *o;
    const sim_options *so;
    const char *tool_version;
} sim_report;

/* A trace sink writing to out: CSV rows, or JSON records separated by commas. */
typedef struct sim_trace_writer {
    const sim_report *r;
    FILE *out;
    bool json;
    jw jw;                   /* JSON: the stream, from sim_json_begin to sim_json_end */
} sim_trace_writer;

/* The sink callbacks of w (ctx = w). */
sim_sink sim_trace_sink(sim_trace_writer *w);
/* The start of every rtgpu-simulate JSON summary, into j (begun on its stream): the object,
 * "schema", "tool", and "options" with the keys both simulations share, left open for more. */
void sim_json_head(jw *j, const char *tool_version, const rt_options *o, const char *release,
                   uint64_t seed, const char *exec, uint64_t job_cap);
/* CSV header line of the trace. Returns 0, or -1 on a write error. */
int sim_csv_header(FILE *out);
/* JSON: everything before the trace ("trace": [ opened when trace); sim_json_end closes it and
 * writes the horizon, counts and per-task statistics. Return 0, or -1 on a write error. */
int sim_json_begin(sim_trace_writer *w, bool trace);
int sim_json_end(sim_trace_writer *w, bool trace, const sim_result *res);
/* Text summary: options, horizon, one row per task (observed min/mean/max, analysed R, misses). */
int sim_report_text(const sim_report *r, const sim_result *res, FILE *out);
/* The counter-example of res->violation, in words, for standard error. */
void sim_report_violation(const sim_report *r, const sim_result *res, FILE *out);

#endif
