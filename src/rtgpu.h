/* rtgpu: the library's public face, one include per module, layers bottom first
 * (docs/architecture.md). Link with `pkg-config --cflags --libs rtgpu`.
 * Ownership: every *_new / *_load returns memory the caller frees with the matching *_free;
 * every *_fini frees what a call put in a caller's struct; everything else borrows. */
#ifndef RTGPU_H
#define RTGPU_H

/* util: located diagnostics, checked 64-bit integers, SHA-256, atomic file writes */
#include "util/diag.h"
#include "util/ckint.h"
#include "util/sha256.h"
#include "util/atomicfile.h"

/* taskset: every input file (task set, GPU, the checks that need both), exact units, the task
 * set rewritten with a layout */
#include "taskset/units.h"
#include "taskset/taskset.h"
#include "taskset/gpu.h"
#include "taskset/inputs.h"
#include "taskset/taskset_write.h"
#include "taskset/measurements.h"

/* models: the GPU performance models (isolated scaling eq. 1-4 and 17, interference eq. 5-16)
 * and the block-level models (occupancy, leftover, efficiency, mapping: docs/concurrency.md) */
#include "models/model.h"
#include "models/interference.h"
#include "models/occupancy.h"
#include "models/leftover.h"
#include "models/efficiency.h"
#include "models/mapping.h"
#include "models/placement.h"
#include "models/kmerge.h"
#include "models/mct.h"

/* analysis: options, layouts, windows, WCETs, response times, the full check of one layout,
 * and how a layout is deployed (TPC masks, ranges, green-context counts) */
#include "analysis/options.h"
#include "analysis/layout.h"
#include "analysis/windows.h"
#include "analysis/wcet.h"
#include "analysis/rta.h"
#include "analysis/analysis.h"
#include "analysis/deploy.h"
#include "analysis/concurrency.h"
#include "analysis/measure.h"

/* search: partition sizes and mapping (GLPK MIP with the full analysis in the loop) */
#include "search/assign.h"

/* sim: the job- and launch-level simulation behind the bound */
#include "sim/sim.h"
#include "sim/placement_sim.h"

/* report: text and JSON renderings of one run, the simulation's outputs, SVG and Gantt charts,
 * the deployable partition files */
#include "report/report.h"
#include "report/report_concurrency.h"
#include "report/sim_report.h"
#include "report/placement_report.h"
#include "report/placement_svg.h"
#include "report/svg.h"
#include "report/ticks.h"
#include "report/gantt.h"
#include "report/deploy_write.h"
#include "report/axes.h"
#include "report/chart.h"

/* explore: design-space sweeps (docs/explore.md) */
#include "explore/spec.h"
#include "explore/gen.h"
#include "explore/eval.h"
#include "explore/result.h"
#include "explore/run.h"
#include "explore/aggregate.h"
#include "explore/split.h"
#include "explore/cosched.h"
#include "report/explore_plot.h"
#include "report/split_report.h"
#include "report/cosched_report.h"

#endif
