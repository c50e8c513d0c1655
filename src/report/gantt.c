/* gantt: the simulated timeline as an SVG Gantt chart (gantt.h). Only geometry is computed here. */
#include "report/gantt.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "draw/svg.h"
#include "util/fmt.h"

/* Geometry in px (user units). Text widths are estimated from character counts: the chart must
 * not depend on the fonts of the machine that writes it. */
#define WIDTH_DEFAULT 1200.0
#define WIDTH_MIN 400.0
#define PAD 16.0            /* outer margin */
#define RIGHT_PAD 36.0      /* room for the last tick label */
#define LANE_H 48.0
#define LANE_GAP 8.0
#define BAR_TOP 17.0        /* bar top, from the lane's top */
#define BAR_H 24.0
#define AXIS_H 40.0         /* axis line to the legend */
#define LEG_ROW 22.0
#define FONT 12.0
#define CHAR_W 7.0          /* width of a character at FONT px, generous */
#define NAME_MAX_CP 28      /* longer task names are cut, with an ellipsis (full name in a tooltip) */
#define PART_MAX_CP 20      /* the same for partition names, in the label column */

static const char INK[] = "#222222";
static const char GREY[] = "#666666";
static const char LANE_BG[] = "#F2F2F2";
static const char GRID[] = "#D4D4D4";

typedef struct geom {
    const gantt_input *in;
    double width, height;
    double x0, x1;          /* plot area: t0_ns at x0, t1_ns at x1 */
    double title_y, note_y; /* baselines; 0: no line */
    double lanes_y;         /* top of the first lane */
    double axis_y;          /* the axis line */
    double legend_y;        /* baseline of the first legend row */
} geom;

/* ---- text helpers ---- */

static size_t n_codepoints(const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

static double text_w(const char *s, double font_px)
{
    return (double)n_codepoints(s) * CHAR_W * font_px / FONT;
}

/* s cut to at most max_cp code points, the last one an ellipsis when cut. Returns whether cut. */
static bool cut_text(const char *s, size_t max_cp, char *buf, size_t size)
{
    size_t n = 0, i = 0;
    if (n_codepoints(s) <= max_cp) {
        snprintf(buf, size, "%s", s);
        return false;
    }
    for (; s[i]; i++) {
        if (((unsigned char)s[i] & 0xC0) != 0x80 && n++ == max_cp - 1)
            break;
    }
    if (i + 4 > size)
        i = 0;
    memcpy(buf, s, i);
    memcpy(buf + i, "\xE2\x80\xA6", 4);   /* U+2026 and the NUL */
    return true;
}

static const char *task_name(const gantt_input *in, size_t t, char *buf, size_t size)
{
    const char *s = in->ts->tasks[t].name;
    if (s)
        return s;
    snprintf(buf, size, "task %zu", t);
    return buf;
}

/* The number of lanes: the given ones, or the layout's partitions. */
static size_t n_lanes(const gantt_input *in)
{
    return in->n_lanes ? in->n_lanes : in->layout->n_parts;
}

/* The second line of lane p's label: the given note, or the partition's size. */
static void lane_note(const gantt_input *in, size_t p, char *buf, size_t size)
{
    if (in->n_lanes)
        snprintf(buf, size, "%s", in->lane_note[p] ? in->lane_note[p] : "");
    else
        snprintf(buf, size, "%" PRId64 " SMs", in->layout->part_sms[p]);
}

static const char *part_name(const gantt_input *in, size_t p, char *buf, size_t size)
{
    const char *s = in->n_lanes             ? in->lane_name[p]
                  : in->layout->part_name ? in->layout->part_name[p] : NULL;
    if (s)
        return s;
    snprintf(buf, size, "P%zu", p);
    return buf;
}

/* A formatted string in new memory (the caller frees it); NULL on failure. */
__attribute__((format(printf, 1, 2))) static char *aprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    int m = vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    if (m != n) {
        free(s);
        return NULL;
    }
    return s;
}

/* A time in ns (a double from the simulator) in human units, to the nearest ns. */
static void fmt_t(double t, char *buf, size_t size)
{
    fmt_ns((int64_t)llround(t), buf, size);
}

/* ---- geometry ---- */

static double t2x(const geom *g, double t)
{
    double t0 = (double)g->in->t0_ns, t1 = (double)g->in->t1_ns;
    return g->x0 + (t - t0) * (g->x1 - g->x0) / (t1 - t0);
}

static double lane_y(const geom *g, size_t p)
{
    return g->lanes_y + (double)p * (LANE_H + LANE_GAP);
}

static bool in_range(const geom *g, double t)
{
    return t >= (double)g->in->t0_ns && t <= (double)g->in->t1_ns;
}

/* One legend entry: its width. kind 0: a task (index i), 1: the activation tick, 2: a miss. */
static double legend_entry_w(const gantt_input *in, int kind, size_t i)
{
    char nb[64], cut[4 * NAME_MAX_CP + 8];
    static const char *const marker_text[] = { NULL, "activation", "deadline miss (at activation + D)" };
    const char *s = kind ? marker_text[kind] : task_name(in, i, nb, sizeof nb);
    cut_text(s, NAME_MAX_CP, cut, sizeof cut);
    return 22.0 + text_w(cut, FONT) + 22.0;
}

/* Lay the legend out from (x, y) and draw it when w is not NULL; returns the number of rows. */
static int legend(svg_writer *w, const geom *g)
{
    const gantt_input *in = g->in;
    size_t n = in->ts->n_tasks + 2;
    double x = PAD, y = g->legend_y, right = g->width - PAD;
    int rows = 1;
    if (w && svg_group_begin(w, &(svg_style){ .cls = "legend", .font_size = FONT, .fill = INK }) < 0)
        return -1;
    for (size_t e = 0; e < n; e++) {
        int kind = e < in->ts->n_tasks ? 0 : (int)(e - in->ts->n_tasks) + 1;
        double ew = legend_entry_w(in, kind, e);
        if (x > PAD && x + ew - 22.0 > right) {
            x = PAD;
            y += LEG_ROW;
            rows++;
        }
        if (w) {
            char nb[64], cut[4 * NAME_MAX_CP + 8], dl[40], per[40];
            int r = 0;
            if (kind == 0) {
                const rt_task *tk = &in->ts->tasks[e];
                const char *name = task_name(in, e, nb, sizeof nb);
                bool was_cut = cut_text(name, NAME_MAX_CP, cut, sizeof cut);
                fmt_ns(tk->deadline_ns, dl, sizeof dl);
                fmt_ns(tk->period_ns, per, sizeof per);
                char *tip = aprintf("%s%sT %s, D %s", was_cut ? name : "", was_cut ? ": " : "",
                                    per, dl);
                /* one tooltip on the swatch and the name */
                r = (!tip || svg_group_begin(w, NULL) < 0 || svg_title(w, tip) < 0 ||
                     svg_rect(w, x, y - 11.0, 14.0, 14.0, &(svg_style){ .fill = svg_palette(e) },
                              NULL) < 0 ||
                     svg_text(w, x + 20.0, y, cut, NULL, NULL) < 0 || svg_group_end(w) < 0) ? -1 : 0;
                free(tip);
            } else if (kind == 1) {
                r = svg_line(w, x + 7.0, y - 12.0, x + 7.0, y + 2.0,
                             &(svg_style){ .stroke = INK, .stroke_width = 2.0 }, NULL);
                if (r == 0)
                    r = svg_text(w, x + 20.0, y, "activation", NULL, NULL);
            } else {
                double tri[6] = { x + 1.0, y - 12.0, x + 13.0, y - 12.0, x + 7.0, y - 3.0 };
                r = svg_rect(w, x + 1.0, y - 3.0, 12.0, 6.0,
                             &(svg_style){ .fill = "#FFFFFF", .stroke = SVG_RED, .stroke_width = 2.0 },
                             NULL);
                if (r == 0)
                    r = svg_polygon(w, tri, 3, &(svg_style){ .fill = SVG_RED }, NULL);
                if (r == 0)
                    r = svg_text(w, x + 20.0, y, "deadline miss (at activation + D)", NULL, NULL);
            }
            if (r < 0)
                return -1;
        }
        x += ew;
    }
    if (w && svg_group_end(w) < 0)
        return -1;
    return rows;
}

static int layout_geom(geom *g, const gantt_input *in)
{
    memset(g, 0, sizeof *g);
    g->in = in;
    g->width = in->width_px > 0 ? fmax(in->width_px, WIDTH_MIN) : WIDTH_DEFAULT;
    double y = PAD;
    if (in->title) {
        g->title_y = y + 15.0;
        y += 24.0;
    }
    if (in->note) {
        g->note_y = y + 12.0;
        y += 20.0;
    }
    g->lanes_y = y + (in->title || in->note ? 8.0 : 0.0);
    /* The label column: the longest partition name (bold 13 px) or size line, within bounds. */
    double label_w = 60.0;
    for (size_t p = 0; p < n_lanes(in); p++) {
        char nb[64], cut[4 * NAME_MAX_CP + 8], sms[48];
        cut_text(part_name(in, p, nb, sizeof nb), PART_MAX_CP, cut, sizeof cut);
        lane_note(in, p, sms, sizeof sms);
        label_w = fmax(label_w, fmax(text_w(cut, 13.0) * 1.1, text_w(sms, 11.0)));
    }
    g->x0 = PAD + fmin(label_w, 0.25 * g->width) + 12.0;
    g->x1 = g->width - RIGHT_PAD;
    g->axis_y = lane_y(g, n_lanes(in)) - LANE_GAP + 2.0;
    g->legend_y = g->axis_y + AXIS_H;
    int rows = legend(NULL, g);
    g->height = g->legend_y + (double)(rows - 1) * LEG_ROW + 8.0 + PAD;
    return 0;
}

/* ---- drawing ---- */

static int draw_lane_frames(svg_writer *w, const geom *g)
{
    const gantt_input *in = g->in;
    for (size_t p = 0; p < n_lanes(in); p++) {
        char nb[64], cut[4 * NAME_MAX_CP + 8], sms[48];
        double y = lane_y(g, p);
        const char *name = part_name(in, p, nb, sizeof nb);
        bool was_cut = cut_text(name, PART_MAX_CP, cut, sizeof cut);
        lane_note(in, p, sms, sizeof sms);
        /* a cut name: the full one as the tooltip of a group around both lines */
        if (svg_rect(w, g->x0, y, g->x1 - g->x0, LANE_H, &(svg_style){ .fill = LANE_BG }, NULL) < 0 ||
            (was_cut && (svg_group_begin(w, NULL) < 0 || svg_title(w, name) < 0)) ||
            svg_text(w, PAD, y + 21.0, cut,
                     &(svg_style){ .font_size = 13.0, .font_weight = "bold", .fill = INK }, NULL) < 0 ||
            svg_text(w, PAD, y + 37.0, sms, &(svg_style){ .font_size = 11.0, .fill = GREY }, NULL) < 0 ||
            (was_cut && svg_group_end(w) < 0))
            return -1;
    }
    return 0;
}

static int draw_grid(svg_writer *w, const geom *g, const svg_ticks *tk)
{
    if (svg_group_begin(w, &(svg_style){ .stroke = GRID, .stroke_width = 1.0 }) < 0)
        return -1;
    for (size_t i = 0; i < tk->n; i++) {
        double x = t2x(g, (double)tk->at_ns[i]);
        if (svg_line(w, x, g->lanes_y, x, g->axis_y, NULL, NULL) < 0)
            return -1;
    }
    return svg_group_end(w);
}

/* A job is shown when it runs for a while inside the range (a bar touching an edge from outside
 * is not), or, taking no time, when it is inside the range. */
static bool job_shown(const geom *g, const sim_job *j)
{
    double t0 = (double)g->in->t0_ns, t1 = (double)g->in->t1_ns;
    if (j->finish_ns > j->start_ns)
        return j->start_ns < t1 && j->finish_ns > t0;
    return j->start_ns >= t0 && j->start_ns <= t1;
}

static int draw_job(svg_writer *w, const geom *g, const sim_job *j)
{
    const gantt_input *in = g->in;
    const rt_task *tk = &in->ts->tasks[j->task];
    bool miss = j->response_ns > (double)tk->deadline_ns;
    double ts = fmax(j->start_ns, (double)in->t0_ns), tf = fmin(j->finish_ns, (double)in->t1_ns);
    double xa = t2x(g, ts), xb = fmax(t2x(g, tf), xa + 1.0);
    double y = lane_y(g, j->part) + BAR_TOP;
    char nb[64], act[40], rel[40], st[40], fin[40], resp[40], dl[40], when[128];
    const char *name = task_name(in, j->task, nb, sizeof nb);
    fmt_t(j->activation_ns, act, sizeof act);
    fmt_t(j->release_ns, rel, sizeof rel);
    fmt_t(j->start_ns, st, sizeof st);
    fmt_t(j->finish_ns, fin, sizeof fin);
    fmt_t(j->response_ns, resp, sizeof resp);
    fmt_ns(tk->deadline_ns, dl, sizeof dl);
    if (j->release_ns != j->activation_ns)
        snprintf(when, sizeof when, "activation %s, release %s", act, rel);
    else
        snprintf(when, sizeof when, "release %s", act);
    char ln[64];
    char *tip = in->n_lanes
        ? aprintf("%s job #%" PRIu64 " on %s: %s, start %s, end %s, %s after the activation (D "
                  "%s)%s", name, j->index, part_name(in, j->part, ln, sizeof ln), when, st, fin,
                  resp, dl, miss ? ": after the deadline" : "")
        : aprintf("%s job #%" PRIu64 ": %s, start %s, finish %s, response %s (D %s)%s", name,
                  j->index, when, st, fin, resp, dl, miss ? ": deadline missed" : "");
    if (!tip)
        return -1;

    /* a thin white edge parts back-to-back bars; a miss has a thick red one */
    svg_style bar = { .cls = miss ? "job miss" : "job", .fill = svg_palette(j->task),
                      .stroke = miss ? SVG_RED : "#FFFFFF", .stroke_width = miss ? 2.5 : 0.6 };
    /* The task's name inside the bar where it fits: then the tooltip goes on a group of both. */
    char cut[4 * NAME_MAX_CP + 8];
    cut_text(name, NAME_MAX_CP, cut, sizeof cut);
    int r;
    if (xb - xa < text_w(cut, 11.0) + 8.0)
        r = svg_rect(w, xa, y, xb - xa, BAR_H, &bar, tip);
    else
        r = (svg_group_begin(w, NULL) < 0 || svg_title(w, tip) < 0 ||
             svg_rect(w, xa, y, xb - xa, BAR_H, &bar, NULL) < 0 ||
             svg_text(w, xa + 4.0, y + 16.0, cut,
                      &(svg_style){ .font_size = 11.0, .fill = svg_palette_ink(j->task) }, NULL) < 0)
                ? -1 : svg_group_end(w);
    free(tip);
    return r;
}

static int draw_markers(svg_writer *w, const geom *g, const sim_job *j)
{
    const gantt_input *in = g->in;
    const rt_task *tk = &in->ts->tasks[j->task];
    double y = lane_y(g, j->part);
    if (in_range(g, j->activation_ns)) {
        double x = t2x(g, j->activation_ns);
        if (svg_line(w, x, y + 2.0, x, y + BAR_TOP - 1.0,
                     &(svg_style){ .cls = "release", .stroke = svg_palette(j->task) }, NULL) < 0)
            return -1;
    }
    double dl = j->activation_ns + (double)tk->deadline_ns;
    if (j->response_ns > (double)tk->deadline_ns && in_range(g, dl)) {
        char nb[64], dls[40], fin[40];
        fmt_t(dl, dls, sizeof dls);
        fmt_t(j->finish_ns, fin, sizeof fin);
        char *tip = aprintf("%s job #%" PRIu64 ": deadline %s missed (finish %s)",
                            task_name(in, j->task, nb, sizeof nb), j->index, dls, fin);
        double x = t2x(g, dl);
        double tri[6] = { x - 6.0, y + 2.0, x + 6.0, y + 2.0, x, y + BAR_TOP - 1.0 };
        int r = (!tip || svg_group_begin(w, &(svg_style){ .cls = "miss-marker" }) < 0 ||
                 svg_title(w, tip) < 0 ||
                 svg_line(w, x, y + BAR_TOP - 2.0, x, y + BAR_TOP + BAR_H + 3.0,
                          &(svg_style){ .stroke = SVG_RED, .stroke_width = 2.0 }, NULL) < 0 ||
                 svg_polygon(w, tri, 3, &(svg_style){ .fill = SVG_RED }, NULL) < 0 ||
                 svg_group_end(w) < 0) ? -1 : 0;
        free(tip);
        if (r < 0)
            return -1;
    }
    return 0;
}

static int draw_lanes(svg_writer *w, const geom *g)
{
    const gantt_input *in = g->in;
    for (size_t p = 0; p < n_lanes(in); p++) {
        if (svg_group_begin(w, &(svg_style){ .cls = "lane" }) < 0)
            return -1;
        /* bars first, then the markers over every bar of the lane */
        for (size_t i = 0; i < in->n_jobs; i++) {
            const sim_job *j = &in->jobs[i];
            if (j->part == p && job_shown(g, j) && draw_job(w, g, j) < 0)
                return -1;
        }
        if (svg_group_begin(w, &(svg_style){ .stroke_width = 2.0 }) < 0)
            return -1;
        for (size_t i = 0; i < in->n_jobs; i++)
            if (in->jobs[i].part == p && draw_markers(w, g, &in->jobs[i]) < 0)
                return -1;
        if (svg_group_end(w) < 0 || svg_group_end(w) < 0)
            return -1;
    }
    return 0;
}

static int draw_axis(svg_writer *w, const geom *g, const svg_ticks *tk)
{
    double y = g->axis_y;
    if (svg_group_begin(w, &(svg_style){ .cls = "axis", .font_size = 11.0, .fill = INK,
                                         .anchor = SVG_ANCHOR_MIDDLE }) < 0 ||
        svg_line(w, g->x0, y, g->x1, y, &(svg_style){ .stroke = INK, .stroke_width = 1.0 }, NULL) < 0)
        return -1;
    for (size_t i = 0; i < tk->n; i++) {
        double x = t2x(g, (double)tk->at_ns[i]);
        if (svg_line(w, x, y, x, y + 5.0, &(svg_style){ .stroke = INK, .stroke_width = 1.0 }, NULL) < 0 ||
            svg_text(w, x, y + 18.0, tk->label[i], &(svg_style){ .cls = "tick" }, NULL) < 0)
            return -1;
    }
    if (svg_text(w, g->x0 - 10.0, y + 18.0, "time",
                 &(svg_style){ .fill = GREY, .anchor = SVG_ANCHOR_END }, NULL) < 0)
        return -1;
    return svg_group_end(w);
}

static int draw(svg_writer *w, const geom *g)
{
    const gantt_input *in = g->in;
    svg_ticks tk;
    if (svg_time_ticks(in->t0_ns, in->t1_ns, (size_t)((g->x1 - g->x0) / 90.0), &tk) < 0)
        return -1;
    if (svg_rect(w, 0, 0, g->width, g->height, &(svg_style){ .fill = "#FFFFFF" }, NULL) < 0)
        return -1;
    if (in->title && svg_text(w, PAD, g->title_y, in->title,
                              &(svg_style){ .font_size = 16.0, .font_weight = "bold", .fill = INK },
                              NULL) < 0)
        return -1;
    if (in->note && svg_text(w, PAD, g->note_y, in->note,
                             &(svg_style){ .font_size = FONT, .fill = GREY }, NULL) < 0)
        return -1;
    if (draw_lane_frames(w, g) < 0 || draw_grid(w, g, &tk) < 0 || draw_lanes(w, g) < 0 ||
        draw_axis(w, g, &tk) < 0 || legend(w, g) < 0)
        return -1;
    return 0;
}

/* ---- entry points ---- */

static bool time_ok(double t)
{
    return isfinite(t) && fabs(t) < 9e18;
}

static int check_input(const gantt_input *in)
{
    if (!in || !in->ts || !in->layout || n_lanes(in) == 0 || in->t1_ns <= in->t0_ns ||
        (in->n_jobs && !in->jobs) || !isfinite(in->width_px) ||
        (in->n_lanes && (!in->lane_name || !in->lane_note)))
        return -1;
    for (size_t p = 0; p < in->n_lanes; p++)
        if (!in->lane_name[p])
            return -1;
    for (size_t i = 0; i < in->n_jobs; i++) {
        const sim_job *j = &in->jobs[i];
        if (j->task >= in->ts->n_tasks || j->part >= n_lanes(in) ||
            !time_ok(j->activation_ns) || !time_ok(j->release_ns) || !time_ok(j->start_ns) ||
            !time_ok(j->finish_ns) || !time_ok(j->response_ns) ||
            !time_ok(j->activation_ns + (double)in->ts->tasks[j->task].deadline_ns))
            return -1;
    }
    return 0;
}

int gantt_write_svg(FILE *out, const gantt_input *in, unsigned flags)
{
    geom g;
    if (!out || check_input(in) < 0 || layout_geom(&g, in) < 0)
        return -1;
    svg_writer *w = svg_new(g.width, g.height, flags);
    if (!w)
        return -1;
    size_t len = 0;
    const char *data = NULL;
    int r = -1;
    if (draw(w, &g) == 0 && svg_finish(w) == 0 && (data = svg_data(w, &len)) != NULL &&
        fwrite(data, 1, len, out) == len)
        r = 0;
    svg_free(w);
    return r;
}

int gantt_write_into(xmlTextWriterPtr tw, const gantt_input *in)
{
    geom g;
    if (!tw || check_input(in) < 0 || layout_geom(&g, in) < 0)
        return -1;
    svg_writer *w = svg_new_in(tw, g.width, g.height);
    if (!w)
        return -1;
    int r = draw(w, &g) == 0 && svg_finish(w) == 0 ? 0 : -1;
    svg_free(w);
    return r;
}
