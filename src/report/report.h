/* report: the text and JSON renderings of one analysis run (FORMATS.md "JSON report"). */
#ifndef RT_REPORT_H
#define RT_REPORT_H

#include <stdio.h>

#include "analysis/analysis.h"
#include "analysis/concurrency.h"
#include "search/assign.h"
#include "analysis/options.h"
#include "taskset/gpu.h"
#include "models/model.h"
#include "taskset/taskset.h"

/* Everything a report shows, borrowed from the run. layout and eval are NULL when the search
 * found no schedulable layout; assign is NULL when the task set's own partitions were analysed. */
typedef struct rt_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const model *m;
    const rt_options *o;
    const rt_layout *layout;
    const rt_eval *eval;
    const assign_result *assign;
    const rt_concurrency *conc;   /* block-level models (docs/concurrency.md); NULL: not shown */
    int exit_status;
    const char *tool_version;
} rt_report;

/* Human-readable report; verbose adds every derivation. Returns 0, or -1 on a write error. */
int report_text(const rt_report *r, FILE *out, int verbosity);
/* JSON report, schema version 1. Returns 0, -1 on a write error or out of memory. */
int report_json(const rt_report *r, FILE *out);
/* Write ns as an exact decimal in a human unit ("12 ns", "3.5 us", "16.666667 ms") into buf. */
void report_fmt_ns(int64_t ns, char *buf, size_t size);

#endif
