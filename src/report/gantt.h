/* gantt: a simulated timeline as an SVG Gantt chart, one lane per partition, or for a whole system
 * one per used CPU core, copy engine and partition (docs/simulation.md).
 * The chart shows the jobs it is given and computes nothing but geometry: which jobs to pass, the
 * time range and the note ("first 2000 of 10^6 jobs shown") are the caller's choice.
 *
 * What it draws: a title and a note; one lane per partition, labelled with its name and "n SMs";
 * one bar per job from start to finish, coloured by task (svg_palette(task index)), labelled with
 * the task's name where it fits, with a tooltip "NAME job #I: release .., start .., finish ..,
 * response .. (D ..)"; a thin tick in the task's colour at each job's activation; for a job whose
 * response exceeds its task's deadline, a red outline and a red triangle with a red line at its
 * absolute deadline (activation + D); vertical grid lines and a time axis with human units at the
 * bottom; a legend of task colours and of the markers. Jobs that do not overlap [t0_ns, t1_ns]
 * are left out, bars crossing an edge are cut at it, and markers outside the range are left out.
 *
 * The SVG is self-contained (presentation attributes only: no stylesheet, font, script or link)
 * and the same input always gives the same bytes. Elements carry classes for tests and pages:
 * class="lane" (one <g> per partition), "job" or "job miss" (the bars), "release", "miss-marker"
 * (the triangles), "axis", "tick", "legend". */
#ifndef RT_GANTT_H
#define RT_GANTT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libxml/xmlwriter.h>

#include "analysis/layout.h"
#include "sim/sim.h"
#include "taskset/taskset.h"

/* Everything the chart shows, borrowed. */
typedef struct gantt_input {
    const rt_taskset *ts;      /* task names and deadlines; one legend entry per task */
    const rt_layout *layout;   /* partitions (lanes): part_name, part_sms */
    const sim_job *jobs;       /* any order; job->part picks the lane, job->task the colour */
    size_t n_jobs;
    int64_t t0_ns, t1_ns;      /* the time range shown, t0_ns < t1_ns */
    const char *title;         /* first line, bold; NULL: none */
    const char *note;          /* second line, e.g. "first 2000 of 1000000 jobs shown"; NULL: none */
    double width_px;           /* the chart's width; 0: 1200 */
    /* A whole system (docs/simulation.md, "Whole systems"): with n_lanes > 0 these lanes replace
     * the layout's partitions: lane p is labelled lane_name[p] over lane_note[p] ("CPU core",
     * "copy engine, fifo", "16 SMs"), job->part picks the lane, and each bar is one segment of
     * a job's step on that resource (its tooltip says so; its response is its end from the
     * activation). Borrowed. */
    const char *const *lane_name;
    const char *const *lane_note;
    size_t n_lanes;
} gantt_input;

/* Write the chart to out as a standalone .svg file (with an XML declaration) when flags has
 * SVG_XML_DECL (draw/svg.h), else as an <svg> element for inlining into HTML. Returns 0, or -1
 * on invalid input (no partition, t1_ns <= t0_ns, a job's task or partition out of range, a
 * non-finite time, a name that is not valid UTF-8), out of memory, or a write error; out may then
 * hold part of the chart. */
int gantt_write_svg(FILE *out, const gantt_input *in, unsigned flags);

/* The same chart as an <svg> element written into a caller's xmlTextWriter (an HTML page built
 * with libxml2). 0 or -1, as above. */
int gantt_write_into(xmlTextWriterPtr tw, const gantt_input *in);

#endif
