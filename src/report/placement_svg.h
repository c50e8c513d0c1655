/* placement_svg: a placement simulation as an SVG chart: one row per SM (top: SM 0) over time,
 * each block a rectangle from its start to its end coloured by kernel (svg_palette(kernel in
 * queue order)), blocks resident together stacked in their SM's row by slot, a time axis with
 * human units (svg_time_ticks), a legend of the kernels with their submission times, and a title
 * naming the scenario and the GPU. Blocks that never end (no block-time) run to the right edge
 * with a dashed outline. Past PLACEMENT_SVG_MAX_BLOCKS blocks, one band per kernel per SM
 * (sim/placement_sim.h placement_sim_bands: its first block's start to its last block's end there) in
 * place of the blocks, so that every kernel appears (the note says which). The legend flows in
 * rows, each entry's width bounded from above, so that no two entries overlap. Self-contained;
 * the same input gives the same bytes. Classes: "sm" (a row), "block", "band", "axis",
 * "legend". */
#ifndef RT_PLACEMENT_SVG_H
#define RT_PLACEMENT_SVG_H

#include <stdio.h>

#include "report/placement_report.h"

#define PLACEMENT_SVG_MAX_BLOCKS 20000

/* Write the chart as a standalone .svg file. Returns 0, or -1 on out of memory, a name that
 * is not valid UTF-8, or a write error. */
int placement_svg_write(const placement_report *r, FILE *out);

#endif
