/* placement_report: what rtgpu-simulate --scenario writes: the placement of every block and
 * each kernel's SMs, times and co-location (docs/concurrency.md sec. 8) as text and as JSON
 * (top-level key "placement"). Writers format; they compute nothing. */
#ifndef RT_PLACEMENT_REPORT_H
#define RT_PLACEMENT_REPORT_H

#include <stdio.h>

#include "sim/placement_sim.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Everything the writers show, borrowed. */
typedef struct placement_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const psim_result *res;
    const char *tool_version;
} placement_report;

/* Text: a header, one line per kernel (`B: 8 blocks on SM 67, isolated; start 0 ns, finish
 * 10 us`); verbosity > 0 adds one line per block. Returns 0, or -1 on a write error. */
int placement_report_text(const placement_report *r, FILE *out, int verbosity);
/* JSON: {"schema": 1, "tool", "placement": [{scenario, blocks [...], kernels [...]}]}, the
 * blocks streamed one by one. Returns 0, or -1 on a write error or out of memory. */
int placement_report_json(const placement_report *r, FILE *out);
/* The SMs of kernel k as text ("67", "0,2,4", runs of three or more as "0..66") into buf. */
void placement_report_fmt_sms(const psim_kernel *k, char *buf, size_t size);

#endif
