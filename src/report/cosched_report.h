/* cosched_report: what rtgpu-explore coschedule and mct write (docs/concurrency.md sec. 10): text,
 * and the JSON keys `coschedule` and `mct`. Writers format; they compute nothing. */
#ifndef RT_COSCHED_REPORT_H
#define RT_COSCHED_REPORT_H

#include <stdio.h>

#include "explore/cosched.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Co-scheduling gain and E_P of one kernel, per partition S and E. 0, or -1 on a write error. */
int cosched_report_text(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r, FILE *out);
/* {"tool", "gpu", "taskset", "coschedule": [{kernel, partitions, gain, efficiency, ...}]}.
 * 0, or -1 on out of memory or a write error. */
int cosched_report_json(const rt_taskset *ts, const rt_gpu *gpu, const cosched_result *r,
                        const char *tool_version, FILE *out);
/* The MCT placement: one line per job in placement order, the makespan and the whole-GPU
 * baseline. 0, or -1 on a write error. */
int cosched_report_mct_text(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r, FILE *out);
/* {"tool", "gpu", "taskset", "mct": {jobs: [{job, partition, start, finish}], makespan, ...}}.
 * 0, or -1 on out of memory or a write error. */
int cosched_report_mct_json(const rt_taskset *ts, const rt_gpu *gpu, const mct_result *r,
                    const char *tool_version, FILE *out);

#endif
