/* chart: line charts and heat maps drawn with the shared SVG writer (draw/svg.h), for the plots
 * of rtgpu-explore. The writers place and label what they are given; they compute no results. */
#ifndef RT_CHART_H
#define RT_CHART_H

#include <stdbool.h>
#include <stddef.h>

#include "draw/svg.h"

/* Marks on the points of a line. */
enum { CHART_MARK_NONE = 0, CHART_MARK_OK, CHART_MARK_MISS };

typedef struct chart_series {
    const char *label;
    const double *y;              /* n_x values; NaN: no value (the line breaks) */
    const unsigned char *mark;    /* n_x CHART_MARK_*; NULL: plain dots */
} chart_series;

typedef struct chart_lines {
    const char *title, *subtitle, *note;
    const char *x_label, *y_label;
    size_t n_x;
    const double *x;              /* positions, ascending; NULL: evenly spaced categories */
    const char *const *x_text;    /* the label of each x */
    double y_min, y_max;          /* the y axis (y_max > y_min) */
    bool y_zero_line;             /* a dashed line at y = 0 */
    size_t n_series;              /* 1 .. SVG_PALETTE_SIZE */
    const chart_series *series;
    const char *miss_label;       /* the legend of CHART_MARK_MISS; NULL: "a deadline can be missed" */
} chart_lines;

typedef struct chart_heat {
    const char *title, *subtitle, *note;
    const char *x_label, *y_label, *value_label;
    size_t n_x, n_y;
    const char *const *x_text, *const *y_text;
    const double *value;          /* n_y * n_x in [0, 1], row by row (y outer); NaN: no data */
    const char *const *cell_text; /* n_y * n_x labels, or NULL */
} chart_heat;

/* The finished SVG document (SVG_XML_DECL), or NULL on out of memory or invalid input.
 * Caller frees with svg_free. */
svg_writer *chart_lines_svg(const chart_lines *c);
svg_writer *chart_heat_svg(const chart_heat *c);

#endif
