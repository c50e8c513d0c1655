/* axes: nice axes and plot frames on the svg writer. */
#include "draw/axes.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ticks.h"

/* Short label: integers below 10^4 as they are, then k / M / G with up to 3 significant digits. */
static void label(double v, double step, char *buf, size_t size)
{
    static const struct { double div; const char *suffix; } si[] = {
        {1e9, "G"}, {1e6, "M"}, {1e3, "k"}};
    double a = fabs(v);
    if (a < 0.5 * step) {
        snprintf(buf, size, "0");
        return;
    }
    for (size_t i = 0; i < sizeof si / sizeof si[0]; i++)
        if (a >= 1e4 && a >= si[i].div) {
            snprintf(buf, size, "%.4g%s", v / si[i].div, si[i].suffix);
            return;
        }
    snprintf(buf, size, "%.4g", v);
}

int axes_nice(double lo, double hi, size_t max_ticks, chart_axis *a)
{
    memset(a, 0, sizeof *a);
    if (!isfinite(lo) || !isfinite(hi))
        return -1;
    if (hi < lo) {
        double t = lo;
        lo = hi;
        hi = t;
    }
    if (hi - lo < 1e-300 * (fabs(hi) + 1)) {   /* flat: widen around the value */
        double d = fabs(hi) > 0 ? fabs(hi) * 0.5 : 1;
        lo -= lo >= 0 && lo - d < 0 ? lo : d;
        hi += d;
    }
    size_t max = max_ticks < 1 ? 1 : max_ticks > CHART_TICKS_MAX ? CHART_TICKS_MAX : max_ticks;
    double step = ticks_step((hi - lo) / (double)max, 1e-12);
    double k0 = floor(lo / step + 1e-9), k1 = ceil(hi / step - 1e-9);
    while (k1 - k0 > (double)max) {   /* rounding at the ends: take the next step */
        step *= 2;
        k0 = floor(lo / step + 1e-9);
        k1 = ceil(hi / step - 1e-9);
    }
    a->step = step;
    a->lo = k0 * step;
    a->hi = k1 * step;
    for (double k = k0; k <= k1 && a->n <= CHART_TICKS_MAX; k++) {
        a->at[a->n] = k * step;
        label(k * step, step, a->label[a->n], sizeof a->label[0]);
        a->n++;
    }
    return 0;
}

double axes_px(const chart_frame *f, double v)
{
    return f->x + (v - f->xa.lo) / (f->xa.hi - f->xa.lo) * f->w;
}

double axes_py(const chart_frame *f, double v)
{
    return f->y + f->h - (v - f->ya.lo) / (f->ya.hi - f->ya.lo) * f->h;
}

int axes_frame_draw(svg_writer *w, const chart_frame *f, const char *x_title, const char *y_title)
{
    const svg_style grid = { .stroke = "#DDDDDD", .stroke_width = 1 };
    const svg_style axis = { .stroke = "#444444", .stroke_width = 1 };
    const svg_style tick_x = { .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#333333" };
    const svg_style tick_y = { .font_size = 11, .anchor = SVG_ANCHOR_END, .fill = "#333333" };
    const svg_style title = { .font_size = 12, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#111111" };
    int rc = 0;
    for (size_t i = 0; i < f->xa.n; i++) {
        double x = axes_px(f, f->xa.at[i]);
        rc |= svg_line(w, x, f->y, x, f->y + f->h, &grid, NULL);
        rc |= svg_text(w, x, f->y + f->h + 15, f->xa.label[i], &tick_x, NULL);
    }
    for (size_t i = 0; i < f->ya.n; i++) {
        double y = axes_py(f, f->ya.at[i]);
        rc |= svg_line(w, f->x, y, f->x + f->w, y, &grid, NULL);
        rc |= svg_text(w, f->x - 6, y + 4, f->ya.label[i], &tick_y, NULL);
    }
    rc |= svg_line(w, f->x, f->y + f->h, f->x + f->w, f->y + f->h, &axis, NULL);
    rc |= svg_line(w, f->x, f->y, f->x, f->y + f->h, &axis, NULL);
    if (x_title)
        rc |= svg_text(w, f->x + f->w / 2, f->y + f->h + 32, x_title, &title, NULL);
    if (y_title)
        rc |= svg_text(w, f->x + f->w / 2, f->y - 8, y_title, &title, NULL);
    return rc ? -1 : 0;
}
