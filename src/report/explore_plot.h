/* plot: the chart of a sweep's results (docs/explore.md, "Plots"): acceptance ratio against
 * utilisation for a <generate> sweep (one line per combination of the other parameters), a line
 * chart for one varied parameter, a heat map for two or more. */
#ifndef RT_EXPLORE_PLOT_H
#define RT_EXPLORE_PLOT_H

#include <stddef.h>

#include "explore/result.h"
#include "explore/run.h"
#include "explore/spec.h"

enum { XP_PLOT_OK = 0, XP_PLOT_EMPTY = -1, XP_PLOT_ENOMEM = -2 };

/* Append the SVG document to out. rec: n_points records (points without a result are left
 * out); note: a line under the chart, or "". XP_PLOT_EMPTY with why set when there is nothing
 * to draw (no varied parameter, too many lines, no results). */
int explore_plot_svg(const xp_spec *s, const xp_record *rec, const char *note, strbuf *out, char *why,
                size_t why_size);

#endif
