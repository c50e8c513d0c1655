/* fig_time: what the evidence report's timeline figures (fig_scenario.h, fig_flow.h,
 * fig_chain.h) share: their width, the time axis with its grid, and the dashed line marking an
 * instant. */
#ifndef RT_FIG_TIME_H
#define RT_FIG_TIME_H

#include <stdint.h>

#include "draw/svg.h"

/* The width of every timeline figure (page units). */
#define FIG_TIME_WIDTH 820.0

/* The time axis of [t0, t1] ns (t1 > t0) drawn plot_w wide from x = left: at each tick (about one
 * per 90 units) a grid line from top - 4 down to y_axis and its label below, then the axis line
 * at y_axis. */
void fig_time_axis(svg_writer *w, int64_t t0, int64_t t1, double left, double plot_w, double top,
                   double y_axis);
/* The instant at x: a dashed line from y0 to y1 in colour (text is its tooltip), and text at
 * height ty just after it (anchor start) or just before it (anchor end). svg_text's 0 or -1. */
int fig_time_marker(svg_writer *w, double x, double y0, double y1, const char *colour,
                    const char *text, svg_anchor anchor, double ty);

#endif
