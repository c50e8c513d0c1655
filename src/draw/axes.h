/* axes: the axes of the evidence report's figures, on the shared svg writer: "nice" ticks over a
 * real range, a plot frame with ticks, grid and axis titles, and the mapping from data to page
 * coordinates. (The explorer's whole charts are draw/chart.h.) */
#ifndef RT_AXES_H
#define RT_AXES_H

#include <stddef.h>

#include "draw/svg.h"

#define CHART_TICKS_MAX 12

/* Ticks at every multiple of a step of 1, 2 or 5 times a power of ten (draw/ticks.h); lo and
 * hi are widened to the enclosing multiples, so the data always lies inside (if that makes too
 * many, the step is doubled until it does not). Labels are short ("0", "2.5", "40k", "1.5M"). */
typedef struct chart_axis {
    double lo, hi, step;
    size_t n;
    double at[CHART_TICKS_MAX + 1];
    char label[CHART_TICKS_MAX + 1][24];
} chart_axis;

/* Axis over [lo, hi] with at most max_ticks intervals (clamped to [1, CHART_TICKS_MAX]); a flat
 * or empty range is widened around its value. 0, or -1 if lo or hi is not finite. */
int axes_nice(double lo, double hi, size_t max_ticks, chart_axis *a);

/* A plot area at (x, y) of size w x h (page units) with its two axes. */
typedef struct chart_frame {
    double x, y, w, h;
    chart_axis xa, ya;
} chart_frame;

/* Page coordinates of data values. */
double axes_px(const chart_frame *f, double v);
double axes_py(const chart_frame *f, double v);
/* Draw the frame: light grid at each tick, tick labels, and the axis titles (either may be NULL).
 * 0 or -1 (the writer failed). */
int axes_frame_draw(svg_writer *w, const chart_frame *f, const char *x_title, const char *y_title);

#endif
