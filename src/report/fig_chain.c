/* fig_chain: a chain's bounds as the sum of their terms (implicit communication) or its longest
 * job chain over the tasks' LET windows (LET), as inline SVG. */
#include "report/fig_chain.h"

#include <stdio.h>
#include <stdlib.h>

#include "draw/svg.h"
#include "report/fig_time.h"
#include "report/report_chains.h"
#include "util/fmt.h"

#define CH_LEFT 170.0
#define CH_RIGHT 30.0
#define CH_LANE 30.0
#define CH_TOP 40.0
/* LET windows drawn per lane at most; more and the lane shows none (the figure says so) */
#define CH_MAX_WINDOWS 400

/* One term of a bound's sum: its width, its label ("T camera") and its colour index. */
typedef struct ch_term {
    int64_t ns;
    char label[80];
    size_t colour;
} ch_term;

static size_t term(ch_term *t, size_t n, int64_t ns, size_t colour, const char *what,
                   const char *name)
{
    t[n].ns = ns;
    t[n].colour = colour;
    snprintf(t[n].label, sizeof t[n].label, "%s %s", what, name);
    return n + 1;
}

/* The terms of implicit bound b of chain ci, in the order of its formula (docs/chains.md
 * sec. 3); their sum is the bound. t holds 2 n + 1 terms. */
static size_t chain_terms(const rt_report *r, size_t ci, chain_bound b, ch_term *t)
{
    const rt_chain *c = &r->ts->chains[ci];
    size_t n = 0, m = c->n_tasks;
    const rt_task *tk[2];
    for (size_t k = 0; k < m; k++) {
        tk[0] = &r->ts->tasks[c->tasks[k]];
        int64_t R = r->eval->rta[c->tasks[k]].wcrt_ns;
        bool jit = false;
        int64_t I = k + 1 < m ? report_chains_hop(r, c, k, &jit) : 0;
        if (b == CHAIN_DAVARE) {
            n = term(t, n, tk[0]->period_ns, 0, "T", tk[0]->name);
            n = term(t, n, R, 1, "R", tk[0]->name);
        } else if (b == CHAIN_DURR_MRT) {
            if (k == 0)
                n = term(t, n, tk[0]->period_ns, 0, "T", tk[0]->name);
            if (k + 1 < m) {
                tk[1] = &r->ts->tasks[c->tasks[k + 1]];
                int64_t reach = tk[1]->period_ns + I;
                n = reach > R ? term(t, n, reach, 2, "T + I to", tk[1]->name)
                              : term(t, n, R, 1, "R", tk[0]->name);
            } else {
                n = term(t, n, R, 1, "R", tk[0]->name);
            }
        } else {
            if (k + 1 < m) {
                n = term(t, n, tk[0]->period_ns, 0, "T", tk[0]->name);
                n = term(t, n, I, 2, jit ? "I = J of" : "I = R of", tk[0]->name);
            } else {
                n = term(t, n, R, 1, "R", tk[0]->name);
                n = term(t, n, tk[0]->period_ns, 0, "T", tk[0]->name);
            }
        }
    }
    return n;
}

/* One requirement of ns, at x = CH_LEFT + ns / t1 * plot_w: a marker from y0 down to y1 labelled
 * "what ns" at height ty (before the line when it lies beyond CH_LEFT + 300). */
static void chain_requirement(svg_writer *w, const char *what, int64_t ns, const char *colour,
                              double y0, double ty, int64_t t1, double plot_w, double y1)
{
    char d[40], txt[80];
    fmt_ns(ns, d, sizeof d);
    snprintf(txt, sizeof txt, "%s %s", what, d);
    double x = CH_LEFT + (double)ns / (double)t1 * plot_w;
    fig_time_marker(w, x, y0, y1, colour, txt,
                    x > CH_LEFT + 300 ? SVG_ANCHOR_END : SVG_ANCHOR_START, ty);
}

/* The requirement lines of chain c over [0, t1] (x of 0 at CH_LEFT). */
static void chain_requirements(svg_writer *w, const rt_chain *c, int64_t t1, double plot_w,
                               double y1)
{
    if (c->has_max_reaction)
        chain_requirement(w, "max-reaction", c->max_reaction_ns, "#1B7837", CH_TOP - 26,
                          CH_TOP - 30, t1, plot_w, y1);
    if (c->has_max_age)
        chain_requirement(w, "max-age", c->max_age_ns, "#7B3294", CH_TOP - 12, CH_TOP - 16, t1,
                          plot_w, y1);
}

static int chain_implicit(xmlTextWriterPtr tw, const rt_report *r, size_t ci)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    static const chain_bound bs[] = { CHAIN_DAVARE, CHAIN_DURR_MRT, CHAIN_DURR_MDA };
    static const char *const lab[] = { "Davare (MRT, MDA)", "Durr MRT", "Durr MDA" };
    ch_term *t = calloc(2 * c->n_tasks + 1, sizeof *t);
    if (!t)
        return -1;
    int64_t t1 = 1;
    for (size_t b = 0; b < 3; b++)
        t1 = x->bound_ns[bs[b]] > t1 ? x->bound_ns[bs[b]] : t1;
    if (c->has_max_reaction && c->max_reaction_ns > t1)
        t1 = c->max_reaction_ns;
    if (c->has_max_age && c->max_age_ns > t1)
        t1 = c->max_age_ns;
    /* room on the right of the plot for each bar's total */
    double plot_w = FIG_TIME_WIDTH - CH_LEFT - 110, y_axis = CH_TOP + 3 * CH_LANE + 4;
    svg_writer *w = svg_new_in(tw, FIG_TIME_WIDTH, y_axis + 52);
    if (!w) {
        free(t);
        return -1;
    }
    fig_time_axis(w, 0, t1, CH_LEFT, plot_w, CH_TOP, y_axis);
    for (size_t b = 0; b < 3; b++) {
        double y = CH_TOP + (double)b * CH_LANE;
        svg_text(w, CH_LEFT - 8, y + CH_LANE / 2 + 4, lab[b],
                 &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_END }, NULL);
        size_t n = chain_terms(r, ci, bs[b], t);
        int64_t at = 0;
        for (size_t k = 0; k < n; k++) {
            char d[40], tip[160];
            fmt_ns(t[k].ns, d, sizeof d);
            snprintf(tip, sizeof tip, "%s = %s", t[k].label, d);
            double x0 = CH_LEFT + (double)at / (double)t1 * plot_w;
            double wd = (double)t[k].ns / (double)t1 * plot_w;
            svg_rect(w, x0, y + 5, wd > 0.5 ? wd : 0.5, CH_LANE - 10,
                     &(svg_style){ .fill = svg_palette(t[k].colour), .stroke = "#FFFFFF",
                                   .stroke_width = 1 }, tip);
            at += t[k].ns;
        }
        char d[40];
        fmt_ns(at, d, sizeof d);
        svg_text(w, CH_LEFT + (double)at / (double)t1 * plot_w + 4, y + CH_LANE / 2 + 4, d,
                 &(svg_style){ .font_size = 11, .fill = "#111111" }, NULL);
    }
    static const char *const key[] = { "T: a period", "R: a WCRT", "I or T + I: a hop term" };
    for (size_t k = 0; k < 3; k++) {
        double kx = CH_LEFT + 180.0 * (double)k;
        svg_rect(w, kx, y_axis + 30, 12, 12, &(svg_style){ .fill = svg_palette(k) }, NULL);
        svg_text(w, kx + 18, y_axis + 40, key[k], &(svg_style){ .font_size = 12 }, NULL);
    }
    chain_requirements(w, c, t1, plot_w, y_axis);
    free(t);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}

static int chain_let(xmlTextWriterPtr tw, const rt_report *r, size_t ci)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    int64_t t0 = x->let_read_ns, t1 = x->let_write_ns;
    int64_t span = t1 - t0 > 0 ? t1 - t0 : 1;
    int64_t end = span;   /* the axis runs from the first read (0) over the bound */
    if (c->has_max_reaction && c->max_reaction_ns > end)
        end = c->max_reaction_ns;
    if (c->has_max_age && c->max_age_ns > end)
        end = c->max_age_ns;
    double plot_w = FIG_TIME_WIDTH - CH_LEFT - CH_RIGHT;
    double y_axis = CH_TOP + (double)(c->n_tasks + 1) * CH_LANE + 4;
    svg_writer *w = svg_new_in(tw, FIG_TIME_WIDTH, y_axis + 30);
    if (!w)
        return -1;
#define LX(v) (CH_LEFT + (double)((v) - t0) / (double)end * plot_w)
    fig_time_axis(w, 0, end, CH_LEFT, plot_w, CH_TOP, y_axis);
    for (size_t k = 0; k < c->n_tasks; k++) {
        const rt_task *tk = &r->ts->tasks[c->tasks[k]];
        double y = CH_TOP + (double)k * CH_LANE;
        svg_text(w, CH_LEFT - 8, y + CH_LANE / 2 + 4, tk->name,
                 &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_END }, NULL);
        /* every job's LET window [read, read + D] that meets [t0, t0 + end] */
        int64_t first = t0 - tk->offset_ns - tk->deadline_ns;
        first = first <= 0 ? 0 : first / tk->period_ns;
        int64_t last = (t0 + end - tk->offset_ns) / tk->period_ns;
        if (last - first > CH_MAX_WINDOWS) {
            svg_text(w, CH_LEFT + 4, y + CH_LANE / 2 + 4, "more than 400 windows: not drawn",
                     &(svg_style){ .font_size = 11, .fill = "#555555" }, NULL);
            continue;
        }
        for (int64_t j = first; j <= last; j++) {
            int64_t re = tk->offset_ns + j * tk->period_ns, we = re + tk->deadline_ns;
            if (we < t0 || re > t0 + end)
                continue;
            int64_t a = re < t0 ? t0 : re, b = we > t0 + end ? t0 + end : we;
            svg_rect(w, LX(a), y + 8, LX(b) - LX(a) > 0.5 ? LX(b) - LX(a) : 0.5, CH_LANE - 16,
                     &(svg_style){ .fill = svg_palette(k), .fill_opacity = 0.3,
                                   .stroke = svg_palette(k), .stroke_width = 1 }, NULL);
        }
    }
    double y = CH_TOP + (double)c->n_tasks * CH_LANE;
    char d[40], txt[120];
    fmt_ns(t1 - t0, d, sizeof d);
    snprintf(txt, sizeof txt, "longest job chain: %s", d);
    svg_text(w, CH_LEFT - 8, y + CH_LANE / 2 + 4, "worst job chain",
             &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_END }, NULL);
    svg_rect(w, LX(t0), y + 6, LX(t1) - LX(t0) > 0.5 ? LX(t1) - LX(t0) : 0.5, CH_LANE - 12,
             &(svg_style){ .fill = "#333333" }, txt);
    svg_text(w, LX(t0) + 4, y + CH_LANE / 2 + 4, txt,
             &(svg_style){ .font_size = 11, .fill = "#FFFFFF" }, NULL);
#undef LX
    chain_requirements(w, c, end, plot_w, y_axis);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}

int fig_chain(xmlTextWriterPtr tw, const rt_report *r, size_t ci)
{
    const rt_chain *c = &r->ts->chains[ci];
    const chain_result *x = &r->chains[ci];
    if (c->communication == RT_COMM_LET)
        return x->status[CHAIN_LET_EXACT] == CHAIN_OK ? chain_let(tw, r, ci) : 0;
    return x->status[CHAIN_DAVARE] == CHAIN_OK && x->status[CHAIN_DURR_MRT] == CHAIN_OK &&
           x->status[CHAIN_DURR_MDA] == CHAIN_OK ? chain_implicit(tw, r, ci) : 0;
}
