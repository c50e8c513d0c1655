/* placement_svg: SMs over time with every block of a placement simulation (geometry only). */
#include "report/placement_svg.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "draw/svg.h"
#include "util/fmt.h"

#define WIDTH 1100.0
#define PAD 16.0
#define RIGHT 44.0            /* room for the last tick's label */
#define LABEL_W 64.0          /* "SM 67" column */
#define TOP 58.0              /* title and note above the rows */
#define FONT 12.0
#define INK "#222222"
#define GRID "#DDDDDD"

typedef struct geom {
    double x0, x1, row_h, rows_y, axis_y, height;
    int64_t t1;               /* right edge of the time axis, ns */
    size_t n_legend_rows;
} geom;

static const char *kname(const placement_report *r, size_t k)
{
    return r->ts->kernels[r->res->kernels[k].kernel].name;
}

static double t2x(const geom *g, int64_t t)
{
    return g->x0 + (double)t * (g->x1 - g->x0) / (double)g->t1;
}

/* The width of text at font_px, an upper bound for the usual sans-serif faces (DejaVu Sans,
 * Liberation Sans, Arial): 1.1 em for the widest characters (@ is 1.015 em in Arial) and for
 * anything outside ASCII, 0.8 em for the other capitals, 0.65 em for the rest (DejaVu Sans's
 * widest lowercase letter besides m and w is 0.635 em). */
static double text_w(const char *s, double font_px)
{
    double em = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80) {
            em += (*p & 0xC0) != 0x80 ? 1.1 : 0.0;
        } else if (strchr("MWmw@%", *p)) {
            em += 1.1;
        } else {
            em += *p >= 'A' && *p <= 'Z' ? 0.8 : 0.65;
        }
    }
    return em * font_px;
}

/* A text that snprintf may have cut inside a UTF-8 sequence ends before that sequence (the SVG
 * writer refuses text that is not valid UTF-8). */
static void utf8_end(char *buf)
{
    size_t n = strlen(buf), lead = n;
    while (lead > 0 && ((unsigned char)buf[lead - 1] & 0xC0) == 0x80)
        lead--;
    if (lead == 0)
        return;
    unsigned char c = (unsigned char)buf[lead - 1];
    size_t want = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    if (lead - 1 + want > n)
        buf[lead - 1] = '\0';
}

/* s into buf, cut at a UTF-8 boundary and ended by "..." when wider than max_w at FONT px. */
static void cut_to_width(const char *s, double max_w, char *buf, size_t size)
{
    snprintf(buf, size, "%s", s);
    utf8_end(buf);
    size_t n = strlen(buf);
    if (text_w(buf, FONT) <= max_w || size < 4)
        return;
    do {   /* drop whole characters until the rest and "..." fit */
        do
            n--;
        while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80);
        if (n + 4 <= size)
            memcpy(buf + n, "...", 4);
        else
            buf[n] = '\0';
    } while (n > 0 && text_w(buf, FONT) > max_w);
}

#define SWATCH 14.0           /* a legend entry: swatch, gap, text, gap to the next entry */
#define SWATCH_GAP 6.0
#define ENTRY_GAP 24.0
#define LEGEND_ROW 18.0

/* Kernel k's legend text (cut to fit one row) into buf. */
static void legend_text(const placement_report *r, size_t k, char *buf, size_t size)
{
    const psim_kernel *kr = &r->res->kernels[k];
    char txt[200], at[40];
    fmt_ns(kr->at_ns, at, sizeof at);
    snprintf(txt, sizeof txt, "%s (%lld block%s, submitted at %s)", kname(r, k),
             (long long)kr->blocks, kr->blocks == 1 ? "" : "s", at);
    utf8_end(txt);
    cut_to_width(txt, WIDTH - 2 * PAD - SWATCH - SWATCH_GAP, buf, size);
}

/* Lay the legend out in rows from the left, an entry moving to the next row when it would pass
 * the right margin; draw it at legend_y when w is not NULL. Returns the number of rows. */
static size_t legend_layout(const placement_report *r, svg_writer *w, double legend_y)
{
    char txt[210];
    double x = PAD;
    size_t row = 0;
    for (size_t k = 0; k < r->res->n_kernels; k++) {
        legend_text(r, k, txt, sizeof txt);
        double ew = SWATCH + SWATCH_GAP + text_w(txt, FONT);
        if (x > PAD && x + ew > WIDTH - PAD) {
            row++;
            x = PAD;
        }
        if (w) {
            double y = legend_y + (double)row * LEGEND_ROW;
            svg_rect(w, x, y - 10, SWATCH, 12, &(svg_style){ .fill = svg_palette(k) }, NULL);
            svg_text(w, x + SWATCH + SWATCH_GAP, y, txt, NULL, NULL);
        }
        x += ew + ENTRY_GAP;
    }
    return r->res->n_kernels ? row + 1 : 0;
}

static void layout(const placement_report *r, geom *g)
{
    const psim_result *res = r->res;
    double rows_h = (double)res->n_sms * 10.0;
    g->row_h = res->n_sms <= 20 ? 28.0 : rows_h > 700.0 ? 700.0 / (double)res->n_sms : 10.0;
    g->x0 = PAD + LABEL_W;
    g->x1 = WIDTH - RIGHT;
    g->rows_y = TOP;
    g->axis_y = g->rows_y + (double)res->n_sms * g->row_h;
    /* the axis ends at the last event; placement only at 0: one nominal unit, 1 us */
    g->t1 = res->end_ns > 0 ? res->end_ns : 1000;
    for (size_t k = 0; k < res->n_kernels; k++)
        if (res->kernels[k].at_ns > g->t1)
            g->t1 = res->kernels[k].at_ns;
    bool open_end = res->end_ns == 0 || res->waiting > 0;
    for (size_t k = 0; k < res->n_kernels; k++)
        open_end |= res->kernels[k].placed > 0 && res->kernels[k].block_time_ns == 0;
    if (open_end)
        g->t1 += g->t1 / 10;   /* blocks that never end run on past the last event */
    g->n_legend_rows = legend_layout(r, NULL, 0);
    g->height = g->axis_y + 40.0 + (double)g->n_legend_rows * LEGEND_ROW + PAD;
}

static int draw_rows(svg_writer *w, const placement_report *r, const geom *g)
{
    const psim_result *res = r->res;
    char label[32];
    bool labels = g->row_h >= 9.0;
    for (size_t s = 0; s < res->n_sms; s++) {
        double y = g->rows_y + (double)s * g->row_h;
        svg_group_begin(w, &(svg_style){ .cls = "sm" });
        svg_rect(w, g->x0, y, g->x1 - g->x0, g->row_h, &(svg_style){ .fill = s % 2 ? "#F7F7F7"
                 : "#FFFFFF", .stroke = GRID, .stroke_width = 0.5 }, NULL);
        if (labels || s % 4 == 0) {
            snprintf(label, sizeof label, "SM %zu", s);
            svg_text(w, g->x0 - 6, y + g->row_h / 2 + (g->row_h >= 12 ? 4 : 3), label,
                     &(svg_style){ .font_size = g->row_h >= 12 ? FONT : 8.0, .fill = INK,
                                   .anchor = SVG_ANCHOR_END }, NULL);
        }
        svg_group_end(w);
    }
    return 0;
}

static int draw_blocks(svg_writer *w, const placement_report *r, const geom *g, size_t n)
{
    const psim_result *res = r->res;
    char tip[256], t0[40], t1[40];
    svg_group_begin(w, &(svg_style){ .cls = "block" });
    for (size_t b = 0; b < n; b++) {
        const psim_block *bl = &res->blocks[b];
        size_t slots = res->sm_slots[bl->sm] ? res->sm_slots[bl->sm] : 1;
        double h = g->row_h / (double)slots;
        double y = g->rows_y + (double)bl->sm * g->row_h + (double)bl->slot * h;
        bool never = bl->end_ns < 0;
        double xa = t2x(g, bl->start_ns), xb = never ? g->x1 : t2x(g, bl->end_ns);
        if (xb - xa < 2.0)
            xb = xa + 2.0;   /* a block far shorter than the range stays visible */
        fmt_ns(bl->start_ns, t0, sizeof t0);
        if (never)
            snprintf(t1, sizeof t1, "never (no block-time)");
        else
            fmt_ns(bl->end_ns, t1, sizeof t1);
        snprintf(tip, sizeof tip, "%s block %lld on SM %zu (room %lld): %s to %s",
                 kname(r, bl->kernel), (long long)bl->block, bl->sm, (long long)bl->room, t0, t1);
        utf8_end(tip);
        svg_rect(w, xa, y + 0.5, xb - xa, h - 1.0 > 0.5 ? h - 1.0 : 0.5,
                 &(svg_style){ .fill = svg_palette(bl->kernel), .stroke = never ? INK : "#FFFFFF",
                               .stroke_width = never ? 0.8 : 0.4, .dash = never ? "3 2" : NULL },
                 tip);
    }
    return svg_group_end(w);
}

static int draw_axis(svg_writer *w, const geom *g)
{
    svg_ticks tk;
    if (svg_time_ticks(0, g->t1, (size_t)((g->x1 - g->x0) / 90.0), &tk) < 0)
        return -1;
    svg_group_begin(w, &(svg_style){ .cls = "axis", .font_size = FONT, .fill = INK });
    svg_line(w, g->x0, g->axis_y, g->x1, g->axis_y, &(svg_style){ .stroke = INK }, NULL);
    for (size_t i = 0; i < tk.n; i++) {
        double x = t2x(g, tk.at_ns[i]);
        svg_line(w, x, g->rows_y, x, g->axis_y, &(svg_style){ .stroke = "#BBBBBB",
                 .stroke_width = 0.5, .dash = "2 3" }, NULL);
        svg_line(w, x, g->axis_y, x, g->axis_y + 5, &(svg_style){ .stroke = INK }, NULL);
        svg_text(w, x, g->axis_y + 18, tk.label[i], &(svg_style){ .anchor = SVG_ANCHOR_MIDDLE },
                 NULL);
    }
    svg_text(w, g->x1, g->axis_y + 34, "time", &(svg_style){ .anchor = SVG_ANCHOR_MIDDLE },
             NULL);
    return svg_group_end(w);
}

static int draw_legend(svg_writer *w, const placement_report *r, const geom *g)
{
    svg_group_begin(w, &(svg_style){ .cls = "legend", .font_size = FONT, .fill = INK });
    legend_layout(r, w, g->axis_y + 44.0);
    return svg_group_end(w);
}

/* Past PLACEMENT_SVG_MAX_BLOCKS blocks: one band per kernel per SM, from the start of its first
 * block there to the end of its last, the bands of one SM stacked in its row. */
static int draw_bands(svg_writer *w, const placement_report *r, const geom *g,
                      const psim_band *bands, size_t n)
{
    char tip[256], t0[40], t1[40];
    svg_group_begin(w, &(svg_style){ .cls = "band" });
    for (size_t i = 0, first = 0, m = 0; i < n; i++) {
        const psim_band *b = &bands[i];
        if (i == m) {   /* the next SM's bands: [first, m) */
            for (first = m = i; m < n && bands[m].sm == b->sm; m++)
                continue;
        }
        double h = g->row_h / (double)(m - first);
        double y = g->rows_y + (double)b->sm * g->row_h + (double)(i - first) * h;
        bool never = b->last_ns < 0;
        double xa = t2x(g, b->first_ns), xb = never ? g->x1 : t2x(g, b->last_ns);
        if (xb - xa < 2.0)
            xb = xa + 2.0;
        fmt_ns(b->first_ns, t0, sizeof t0);
        if (never)
            snprintf(t1, sizeof t1, "never (no block-time)");
        else
            fmt_ns(b->last_ns, t1, sizeof t1);
        snprintf(tip, sizeof tip, "%s: %lld block%s on SM %zu, %s to %s", kname(r, b->kernel),
                 (long long)b->blocks, b->blocks == 1 ? "" : "s", b->sm, t0, t1);
        utf8_end(tip);
        svg_rect(w, xa, y + 0.5, xb - xa, h - 1.0 > 0.5 ? h - 1.0 : 0.5,
                 &(svg_style){ .fill = svg_palette(b->kernel), .stroke = never ? INK : "#FFFFFF",
                               .stroke_width = never ? 0.8 : 0.4, .dash = never ? "3 2" : NULL },
                 tip);
    }
    return svg_group_end(w);
}

int placement_svg_write(const placement_report *r, FILE *out)
{
    const psim_result *res = r->res;
    geom g;
    layout(r, &g);
    svg_writer *w = svg_new(WIDTH, g.height, SVG_XML_DECL);
    if (!w)
        return -1;
    bool banded = res->n_blocks > PLACEMENT_SVG_MAX_BLOCKS;
    psim_band *bands = NULL;
    size_t n_bands = 0;
    if (banded && placement_sim_bands(res, &bands, &n_bands) != PSIM_OK) {
        svg_free(w);
        return -1;
    }
    char title[300], note[300];
    snprintf(title, sizeof title, "Scenario \"%s\" on %s: most-room placement, SM order %s",
             r->ts->scenarios[res->scenario].name, r->gpu->name,
             rt_gpu_placement_order_name(r->gpu->placement_order));
    utf8_end(title);
    if (banded)
        snprintf(note, sizeof note, "%lld blocks (%zu placed) as one band per kernel per SM, from "
                 "its first block's start to its last block's end there%s; dashed: never ends",
                 (long long)res->total_blocks, res->n_blocks,
                 res->waiting ? " (some wait forever)" : "");
    else
        snprintf(note, sizeof note, "%zu of %lld blocks drawn%s; one row per SM, blocks resident "
                 "together stacked; dashed: no block-time (never ends)", res->n_blocks,
                 (long long)res->total_blocks, res->waiting ? " (some wait forever)" : "");
    svg_text(w, PAD, 22, title, &(svg_style){ .font_size = 15, .font_weight = "bold",
                                              .fill = INK }, NULL);
    svg_text(w, PAD, 42, note, &(svg_style){ .font_size = FONT, .fill = "#555555" }, NULL);
    draw_rows(w, r, &g);
    if (banded)
        draw_bands(w, r, &g, bands, n_bands);
    else
        draw_blocks(w, r, &g, res->n_blocks);
    free(bands);
    int rc = draw_axis(w, &g);
    draw_legend(w, r, &g);
    size_t len = 0;
    if (rc == 0 && svg_finish(w) == 0) {
        const char *data = svg_data(w, &len);
        rc = data && fwrite(data, 1, len, out) == len ? 0 : -1;
    } else {
        rc = -1;
    }
    svg_free(w);
    return rc;
}
