/* fig_time: the time axis and the instant markers of the timeline figures. */
#include "report/fig_time.h"

#include <stddef.h>

void fig_time_axis(svg_writer *w, int64_t t0, int64_t t1, double left, double plot_w, double top,
                   double y_axis)
{
    svg_ticks ticks;
    const svg_style grid = { .stroke = "#E4E4E4", .stroke_width = 1 };
    const svg_style tick = { .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#333333" };
    if (svg_time_ticks(t0, t1, (size_t)(plot_w / 90), &ticks) == 0)
        for (size_t k = 0; k < ticks.n; k++) {
            double x = left + (double)(ticks.at_ns[k] - t0) / (double)(t1 - t0) * plot_w;
            svg_line(w, x, top - 4, x, y_axis, &grid, NULL);
            svg_text(w, x, y_axis + 16, ticks.label[k], &tick, NULL);
        }
    svg_line(w, left, y_axis, left + plot_w, y_axis,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1 }, NULL);
}

int fig_time_marker(svg_writer *w, double x, double y0, double y1, const char *colour,
                    const char *text, svg_anchor anchor, double ty)
{
    const svg_style line = { .stroke = colour, .stroke_width = 1.5, .dash = "5 3" };
    svg_style lab = { .font_size = 11, .fill = colour, .anchor = anchor };
    svg_line(w, x, y0, x, y1, &line, text);
    return svg_text(w, x + (anchor == SVG_ANCHOR_END ? -3 : 3), ty, text, &lab, NULL);
}
