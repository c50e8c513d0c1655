/* split_report: what rtgpu-explore split writes (docs/concurrency.md sec. 9): a Fig. 6-style table
 * (text), the JSON key `split`, and an SVG bar chart, one bar per split and the sequential bar.
 * Writers format; they compute nothing. */
#ifndef RT_SPLIT_REPORT_H
#define RT_SPLIT_REPORT_H

#include <stdio.h>

#include "analysis/options.h"
#include "explore/split.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Everything the writers show, borrowed. */
typedef struct split_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const rt_options *o;       /* the naive factor shown with --interference naive */
    const split_result *res;
    const char *tool_version;
} split_report;

/* The table: one row per split (best marked), the sequential row last, the verdict, and work
 * stealing (slots). Returns 0, or -1 on a write error. */
int split_report_text(const split_report *r, FILE *out);
/* {"tool": ..., "split": [{...}]}. Returns 0, or -1 on out of memory or a write error. */
int split_report_json(const split_report *r, FILE *out);
/* The bar chart as a standalone SVG document. 0, or -1 on out of memory or a write error. */
int split_report_svg(const split_report *r, FILE *out);

#endif
