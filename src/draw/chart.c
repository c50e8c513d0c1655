/* chart: line charts and heat maps for rtgpu-explore on the shared SVG writer.
 *
 * Layout of both: title and subtitle on top, the plot area with its axes below them, the axis
 * labels (the y label above the y axis, SVG text is not rotated here), then the legend (lines) or
 * the colour key (heat map) and a note. Colours: lines take the shared categorical palette; the
 * heat map goes from SVG_RED (0) through a pale yellow to a blue (1), ColorBrewer's RdYlBu ends,
 * readable by colour-blind viewers; cells without data are grey and say so. */
#include "draw/chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "draw/ticks.h"

#define W 900.0
#define PAD 16.0
#define TOP 64.0            /* below title and subtitle */
#define LEFT 80.0           /* room for y tick labels */
#define PLOT_H 380.0
#define FONT 12.0
#define LEG_ROW 20.0
#define CELL_MIN_W 44.0
#define CELL_H 30.0
#define CHART_MARKS_MAX 200

static const svg_style st_title = { .font_size = 16, .font_weight = "bold" };
static const svg_style st_sub = { .font_size = 12, .fill = "#444444" };
static const svg_style st_axis = { .stroke = "#000000", .stroke_width = 1 };
static const svg_style st_grid = { .stroke = "#DDDDDD", .stroke_width = 1 };
static const svg_style st_tick_mid = { .font_size = FONT, .anchor = SVG_ANCHOR_MIDDLE };
static const svg_style st_tick_end = { .font_size = FONT, .anchor = SVG_ANCHOR_END };
static const svg_style st_label = { .font_size = FONT, .font_weight = "bold" };
static const svg_style st_label_mid = { .font_size = FONT, .font_weight = "bold",
                                        .anchor = SVG_ANCHOR_MIDDLE };
static const svg_style st_text = { .font_size = FONT };

static void fmt_tick(double v, double step, char *buf, size_t size)
{
    int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
    if (dec > 6)
        dec = 6;
    snprintf(buf, size, "%.*f", dec, fabs(v) < step * 1e-9 ? 0.0 : v);
}

static void header(svg_writer *w, const char *title, const char *sub)
{
    svg_text(w, PAD, 26, title ? title : "", &st_title, NULL);
    if (sub)
        svg_text(w, PAD, 46, sub, &st_sub, NULL);
}

/* ---- line chart ------------------------------------------------------------------------ */

typedef struct frame {
    double x0, x1, y0, y1;      /* plot area, pixels */
    double xmin, xmax, ymin, ymax;
} frame;

static double px(const frame *f, double x)
{
    return f->xmax > f->xmin ? f->x0 + (x - f->xmin) / (f->xmax - f->xmin) * (f->x1 - f->x0)
                             : (f->x0 + f->x1) / 2;
}

static double py(const frame *f, double y)
{
    return f->y1 - (y - f->ymin) / (f->ymax - f->ymin) * (f->y1 - f->y0);
}

static void y_axis(svg_writer *w, const frame *f, const chart_lines *c)
{
    double step = ticks_step((f->ymax - f->ymin) / 8, 0);
    char buf[40];
    /* at most 64 lines (nice_step asks for about 8): v += step does not advance when step is
     * below the precision of v (a tiny range far from 0), which would loop for ever */
    int k = 0;
    for (double v = ceil(f->ymin / step) * step; v <= f->ymax + step * 1e-9 && k < 64;
         v += step, k++) {
        svg_line(w, f->x0, py(f, v), f->x1, py(f, v), &st_grid, NULL);
        fmt_tick(v, step, buf, sizeof buf);
        svg_text(w, f->x0 - 6, py(f, v) + 4, buf, &st_tick_end, NULL);
    }
    if (c->y_zero_line && f->ymin < 0 && f->ymax > 0)
        svg_line(w, f->x0, py(f, 0), f->x1, py(f, 0),
                 &(svg_style){ .stroke = "#000000", .stroke_width = 1, .dash = "4 3" }, "0");
    svg_line(w, f->x0, f->y0, f->x0, f->y1, &st_axis, NULL);
    svg_line(w, f->x0, f->y1, f->x1, f->y1, &st_axis, NULL);
    svg_text(w, f->x0 - LEFT + PAD, f->y0 - 10, c->y_label ? c->y_label : "", &st_label, NULL);
}

static double x_pos(const chart_lines *c, size_t i)
{
    return c->x ? c->x[i] : (double)i;
}

static void x_axis(svg_writer *w, const frame *f, const chart_lines *c)
{
    /* every value labelled when they fit, else every k-th */
    double room = (f->x1 - f->x0) / (double)(c->n_x ? c->n_x : 1);
    size_t every = room >= 48 ? 1 : (size_t)ceil(48 / room);
    for (size_t i = 0; i < c->n_x; i += every) {
        double x = px(f, x_pos(c, i));
        svg_line(w, x, f->y1, x, f->y1 + 5, &st_axis, NULL);
        svg_text(w, x, f->y1 + 19, c->x_text[i], &st_tick_mid, NULL);
    }
    svg_text(w, (f->x0 + f->x1) / 2, f->y1 + 40, c->x_label ? c->x_label : "", &st_label_mid, NULL);
}

static void series_draw(svg_writer *w, const frame *f, const chart_lines *c, size_t s)
{
    const chart_series *se = &c->series[s];
    const char *col = svg_palette(s);
    double xy[2 * 512];
    size_t n = 0;
    svg_style line = { .fill = "none", .stroke = col, .stroke_width = 2.5 };
    for (size_t i = 0; i <= c->n_x; i++) {
        bool have = i < c->n_x && !isnan(se->y[i]);
        if (have) {
            xy[2 * n] = px(f, x_pos(c, i));
            xy[2 * n + 1] = py(f, se->y[i]);
            n++;
        }
        if (!have || i == c->n_x || n == 512) {
            if (n >= 2)
                svg_polyline(w, xy, n, &line, se->label);
            /* a full piece goes on from its last point */
            if (have && n == 512) {
                xy[0] = xy[2 * n - 2];
                xy[1] = xy[2 * n - 1];
                n = 1;
            } else {
                n = 0;
            }
        }
    }
    /* marks on every point while they stay apart (at most CHART_MARKS_MAX points) */
    for (size_t i = 0; c->n_x <= CHART_MARKS_MAX && i < c->n_x; i++) {
        if (isnan(se->y[i]))
            continue;
        double x = px(f, x_pos(c, i)), y = py(f, se->y[i]);
        char tip[200];
        snprintf(tip, sizeof tip, "%s: %s -> %.6g", se->label, c->x_text[i], se->y[i]);
        unsigned char mk = se->mark ? se->mark[i] : CHART_MARK_NONE;
        if (mk == CHART_MARK_MISS) {
            svg_style x_st = { .stroke = SVG_RED, .stroke_width = 2.5 };
            svg_line(w, x - 5, y - 5, x + 5, y + 5, &x_st, tip);
            svg_line(w, x - 5, y + 5, x + 5, y - 5, &x_st, tip);
        } else {
            svg_circle(w, x, y, 4, &(svg_style){ .fill = col, .stroke = "#FFFFFF", .stroke_width = 1 },
                       tip);
        }
    }
}

svg_writer *chart_lines_svg(const chart_lines *c)
{
    if (!c || c->n_x == 0 || !c->x_text || c->n_series == 0 || c->n_series > SVG_PALETTE_SIZE ||
        !(c->y_max > c->y_min))
        return NULL;
    bool marks = false;
    for (size_t s = 0; s < c->n_series; s++)
        marks |= c->series[s].mark != NULL;
    double legend_h = (double)(c->n_series + (marks ? 1 : 0)) * LEG_ROW;
    double H = TOP + 24 + PLOT_H + 56 + legend_h + (c->note ? LEG_ROW : 0) + PAD;
    svg_writer *w = svg_new(W, H, SVG_XML_DECL);
    if (!w)
        return NULL;
    svg_rect(w, 0, 0, W, H, &(svg_style){ .fill = "#FFFFFF" }, NULL);
    header(w, c->title, c->subtitle);
    frame f = { .x0 = LEFT, .x1 = W - 3 * PAD, .y0 = TOP + 24, .y1 = TOP + 24 + PLOT_H,
                .xmin = x_pos(c, 0), .xmax = x_pos(c, c->n_x - 1), .ymin = c->y_min,
                .ymax = c->y_max };
    if (!c->x) {
        f.xmin = -0.5;
        f.xmax = (double)c->n_x - 0.5;
    }
    y_axis(w, &f, c);
    x_axis(w, &f, c);
    for (size_t s = 0; s < c->n_series; s++)
        series_draw(w, &f, c, s);
    double y = f.y1 + 64;
    for (size_t s = 0; s < c->n_series; s++, y += LEG_ROW) {
        svg_line(w, LEFT, y - 4, LEFT + 28, y - 4,
                 &(svg_style){ .stroke = svg_palette(s), .stroke_width = 2.5 }, NULL);
        svg_text(w, LEFT + 36, y, c->series[s].label, &st_text, NULL);
    }
    if (marks) {
        svg_circle(w, LEFT + 14, y - 4, 4, &(svg_style){ .fill = "#555555" }, NULL);
        svg_text(w, LEFT + 36, y, "schedulable", &st_text, NULL);
        svg_style x_st = { .stroke = SVG_RED, .stroke_width = 2.5 };
        svg_line(w, LEFT + 150, y - 9, LEFT + 160, y + 1, &x_st, NULL);
        svg_line(w, LEFT + 150, y + 1, LEFT + 160, y - 9, &x_st, NULL);
        svg_text(w, LEFT + 168, y, c->miss_label ? c->miss_label : "a deadline can be missed",
                 &st_text, NULL);
        y += LEG_ROW;
    }
    if (c->note)
        svg_text(w, PAD, y, c->note, &st_sub, NULL);
    if (svg_finish(w) != 0) {
        svg_free(w);
        return NULL;
    }
    return w;
}

/* ---- heat map -------------------------------------------------------------------------- */

/* Colour of v in [0, 1]: red -> pale yellow -> blue. */
static void heat_colour(double v, char *buf, size_t size)
{
    static const double c0[3] = { 0xD7, 0x19, 0x1C }, c1[3] = { 0xFF, 0xFF, 0xBF },
                        c2[3] = { 0x2C, 0x7B, 0xB6 };
    const double *a = v < 0.5 ? c0 : c1, *b = v < 0.5 ? c1 : c2;
    double t = v < 0.5 ? v * 2 : (v - 0.5) * 2;
    int rgb[3] = { 0, 0, 0 };
    for (int i = 0; i < 3; i++)
        rgb[i] = (int)lround(a[i] + (b[i] - a[i]) * t);
    snprintf(buf, size, "#%02X%02X%02X", rgb[0], rgb[1], rgb[2]);
}

static const char *ink_on(double v)
{
    return (v < 0.2 || v > 0.85) ? "#FFFFFF" : "#000000";
}

svg_writer *chart_heat_svg(const chart_heat *c)
{
    if (!c || c->n_x == 0 || c->n_y == 0 || !c->x_text || !c->y_text || !c->value)
        return NULL;
    double cw = (W - LEFT - 60 - 2 * PAD) / (double)c->n_x;
    if (cw < CELL_MIN_W)
        cw = CELL_MIN_W;
    double ch = CELL_H, left = LEFT + 60;
    double pw = cw * (double)c->n_x, ph = ch * (double)c->n_y;
    double Wd = left + pw + 2 * PAD > W ? left + pw + 2 * PAD : W;
    double H = TOP + 24 + ph + 56 + 2 * LEG_ROW + (c->note ? LEG_ROW : 0) + PAD;
    svg_writer *w = svg_new(Wd, H, SVG_XML_DECL);
    if (!w)
        return NULL;
    svg_rect(w, 0, 0, Wd, H, &(svg_style){ .fill = "#FFFFFF" }, NULL);
    header(w, c->title, c->subtitle);
    double y0 = TOP + 24;
    char col[16], tip[300];
    for (size_t yi = 0; yi < c->n_y; yi++) {
        /* the first y value at the top */
        double y = y0 + (double)yi * ch;
        svg_text(w, left - 6, y + ch / 2 + 4, c->y_text[yi], &st_tick_end, NULL);
        for (size_t xi = 0; xi < c->n_x; xi++) {
            double v = c->value[yi * c->n_x + xi], x = left + (double)xi * cw;
            const char *txt = c->cell_text ? c->cell_text[yi * c->n_x + xi] : NULL;
            if (isnan(v))
                snprintf(col, sizeof col, "#BBBBBB");
            else
                heat_colour(v, col, sizeof col);
            snprintf(tip, sizeof tip, "%s %s, %s %s: %s", c->y_label ? c->y_label : "",
                     c->y_text[yi], c->x_label ? c->x_label : "", c->x_text[xi],
                     txt ? txt : isnan(v) ? "no data" : "");
            svg_rect(w, x, y, cw, ch, &(svg_style){ .fill = col, .stroke = "#FFFFFF",
                                                   .stroke_width = 1 }, tip);
            if (txt && cw >= CELL_MIN_W)
                svg_text(w, x + cw / 2, y + ch / 2 + 4, txt,
                         &(svg_style){ .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE,
                                       .fill = isnan(v) ? "#000000" : ink_on(v) }, NULL);
        }
    }
    size_t every = cw >= 48 ? 1 : (size_t)ceil(48 / cw);
    for (size_t xi = 0; xi < c->n_x; xi += every)
        svg_text(w, left + ((double)xi + 0.5) * cw, y0 + ph + 18, c->x_text[xi], &st_tick_mid, NULL);
    svg_text(w, left + pw / 2, y0 + ph + 40, c->x_label ? c->x_label : "", &st_label_mid, NULL);
    svg_text(w, PAD, y0 - 10, c->y_label ? c->y_label : "", &st_label, NULL);
    /* colour key */
    double ky = y0 + ph + 64;
    svg_text(w, PAD, ky + 4, c->value_label ? c->value_label : "", &st_text, NULL);
    for (int i = 0; i <= 10; i++) {
        heat_colour(i / 10.0, col, sizeof col);
        svg_rect(w, LEFT + 150 + i * 24, ky - 10, 24, 16, &(svg_style){ .fill = col }, NULL);
    }
    svg_text(w, LEFT + 146, ky + 3, "0", &st_tick_end, NULL);
    svg_text(w, LEFT + 150 + 11 * 24 + 4, ky + 3, "1", &st_text, NULL);
    svg_rect(w, LEFT + 460, ky - 10, 24, 16, &(svg_style){ .fill = "#BBBBBB" }, NULL);
    svg_text(w, LEFT + 490, ky + 3, "invalid point / no data", &st_text, NULL);
    if (c->note)
        svg_text(w, PAD, ky + LEG_ROW + 4, c->note, &st_sub, NULL);
    if (svg_finish(w) != 0) {
        svg_free(w);
        return NULL;
    }
    return w;
}
