/* fig_scenario: a task's critical job as the response-time analysis accounts for it, as inline
 * SVG. */
#include "report/fig_scenario.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/svg.h"
#include "report/fig_time.h"
#include "util/fmt.h"

#define SC_RIGHT 30.0
#define SC_LANE 26.0
#define SC_TOP 46.0

typedef struct sc_lane {
    char label[80];
    int64_t t0, t1;
    const char *fill;
    char tip[200];
} sc_lane;

static size_t scenario_lanes(const rt_report *r, size_t i, sc_lane *ln)
{
    const sens_job *j = &r->sens->tasks[i].job;
    const char *name = r->ts->tasks[i].name;
    size_t n = 0;
    int64_t at = 0;
    char d[40];
    if (j->blocking_ns > 0) {
        const char *by = j->blocking_task == SIZE_MAX ? "lower priority"
                                                      : r->ts->tasks[j->blocking_task].name;
        snprintf(ln[n].label, sizeof ln[n].label, "blocking: %s", by);
        fmt_ns(j->blocking_ns, d, sizeof d);
        snprintf(ln[n].tip, sizeof ln[n].tip, "B = %s: one job of %s, started just before", d, by);
        ln[n].fill = j->blocking_task == SIZE_MAX ? "#999999" : svg_palette(j->blocking_task);
        ln[n].t0 = 0;
        ln[n].t1 = at = j->blocking_ns;
        n++;
    }
    if (j->q > 0) {
        snprintf(ln[n].label, sizeof ln[n].label, "%s: jobs 0-%" PRId64, name, j->q - 1);
        fmt_ns(j->own_earlier_ns, d, sizeof d);
        snprintf(ln[n].tip, sizeof ln[n].tip, "q C = %" PRId64 " x C = %s: earlier jobs of %s",
                 j->q, d, name);
        ln[n].fill = svg_palette(i);
        ln[n].t0 = at;
        ln[n].t1 = at += j->own_earlier_ns;
        n++;
    }
    for (size_t h = 0; h < j->n_hp; h++) {
        size_t k = j->hp[h].task;
        snprintf(ln[n].label, sizeof ln[n].label, "%s: %" PRId64 " job%s", r->ts->tasks[k].name,
                 j->hp[h].jobs, j->hp[h].jobs == 1 ? "" : "s");
        fmt_ns(j->hp[h].ns, d, sizeof d);
        snprintf(ln[n].tip, sizeof ln[n].tip, "higher priority %s: %" PRId64 " x C = %s",
                 r->ts->tasks[k].name, j->hp[h].jobs, d);
        ln[n].fill = svg_palette(k);
        ln[n].t0 = at;
        ln[n].t1 = at += j->hp[h].ns;
        n++;
    }
    snprintf(ln[n].label, sizeof ln[n].label, "%s: job %" PRId64 " (analysed)", name, j->q);
    fmt_ns(j->own_ns, d, sizeof d);
    snprintf(ln[n].tip, sizeof ln[n].tip, "C = %s, starts at w", d);
    ln[n].fill = svg_palette(i);
    ln[n].t0 = j->start_ns;
    ln[n].t1 = j->start_ns + j->own_ns;
    return n + 1;
}

int fig_scenario(xmlTextWriterPtr tw, const rt_report *r, size_t i)
{
    const sens_job *j = &r->sens->tasks[i].job;
    const rt_task *t = &r->ts->tasks[i];
    if (!j->bounded)
        return 0;
    sc_lane *ln = calloc(j->n_hp + 3, sizeof *ln);
    if (!ln)
        return -1;
    size_t n = scenario_lanes(r, i, ln);
    int64_t arrival = j->release_offset_ns - j->jitter_ns, finish = j->start_ns + j->own_ns;
    int64_t deadline = arrival + t->deadline_ns;
    int64_t t0 = arrival < 0 ? arrival : 0, t1 = finish > deadline ? finish : deadline;
    if (t1 <= t0)
        t1 = t0 + 1;
    /* lane labels at about 7 px per character (12 px sans-serif), within [170, 380] px */
    size_t longest = 0;
    for (size_t k = 0; k < n; k++)
        longest = strlen(ln[k].label) > longest ? strlen(ln[k].label) : longest;
    double left = 16 + 7.0 * (double)longest;
    double lx = left < 170 ? 170 : left > 380 ? 380 : left;
    double plot_w = FIG_TIME_WIDTH - lx - SC_RIGHT, height = SC_TOP + (double)n * SC_LANE + 46;
    svg_writer *w = svg_new_in(tw, FIG_TIME_WIDTH, height);
    if (!w) {
        free(ln);
        return -1;
    }
#define X(v) (lx + (double)((v) - t0) / (double)(t1 - t0) * plot_w)
    double y_axis = SC_TOP + (double)n * SC_LANE + 4;
    const svg_style lane_lab = { .font_size = 12, .anchor = SVG_ANCHOR_END };
    fig_time_axis(w, t0, t1, lx, plot_w, SC_TOP, y_axis);
    for (size_t k = 0; k < n; k++) {
        double y = SC_TOP + (double)k * SC_LANE;
        svg_text(w, lx - 8, y + SC_LANE / 2 + 4, ln[k].label, &lane_lab, NULL);
        double x0 = X(ln[k].t0), x1 = X(ln[k].t1);
        svg_rect(w, x0, y + 4, x1 - x0 > 0.5 ? x1 - x0 : 0.5, SC_LANE - 8,
                 &(svg_style){ .fill = ln[k].fill, .stroke = "#333333", .stroke_width = 0.5 },
                 ln[k].tip);
    }
    char d[40], txt[80];
    bool miss = finish > deadline;
    fmt_ns(j->wcrt_ns, d, sizeof d);
    snprintf(txt, sizeof txt, "arrival of job %" PRId64, j->q);
    fig_time_marker(w, X(arrival), SC_TOP - 28, y_axis, "#555555", txt, SVG_ANCHOR_START,
                    SC_TOP - 32);
    snprintf(txt, sizeof txt, "deadline%s", miss ? " (missed)" : "");
    fig_time_marker(w, X(deadline), SC_TOP - 28, y_axis, miss ? SVG_RED : "#1B7837", txt,
                    X(deadline) < lx + 140 ? SVG_ANCHOR_START : SVG_ANCHOR_END, SC_TOP - 32);
    snprintf(txt, sizeof txt, "finish: R = %s", d);
    fig_time_marker(w, X(finish), SC_TOP - 14, y_axis, "#111111", txt,
                    finish > (t0 + t1) / 2 ? SVG_ANCHOR_END : SVG_ANCHOR_START, SC_TOP - 18);
#undef X
    free(ln);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}
