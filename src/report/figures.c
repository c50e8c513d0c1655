/* figures: SM map, critical-job scenario and kernel curves, as inline SVG. */
#include "report/figures.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/axes.h"
#include "report/report_chains.h"

/* --- the GPU's SMs coloured by partition --- */

#define MAP_CELL 22.0
#define MAP_GAP 4.0
#define MAP_LEFT 10.0
#define MAP_TOP 10.0

/* Partition holding SM s, or SIZE_MAX. */
static size_t part_of_sm(const rt_layout *l, int64_t s)
{
    for (size_t p = 0; l && p < l->n_parts; p++)
        if (s >= l->part_first_sm[p] && s < l->part_first_sm[p] + l->part_sms[p])
            return p;
    return SIZE_MAX;
}

int fig_sm_map(xmlTextWriterPtr tw, const rt_report *r)
{
    const rt_layout *l = r->layout;
    int64_t n = r->gpu->sms, g = r->gpu->granularity;
    /* whole TPCs per row, about 32 SMs */
    int64_t per_row = g * (32 / g > 0 ? 32 / g : 1);
    if (per_row > n)
        per_row = n;
    int64_t rows = (n + per_row - 1) / per_row;
    size_t n_legend = (l ? l->n_parts : 0) + 1;
    double tpc_w = (double)g * MAP_CELL + (double)(g - 1) * 2;
    /* whole TPCs per row: the integer division is meant
     * NOLINTNEXTLINE(bugprone-integer-division) */
    double width = MAP_LEFT * 2 + (double)(per_row / g) * (tpc_w + MAP_GAP);
    if (width < 560)
        width = 560;
    double grid_h = (double)rows * (MAP_CELL + MAP_GAP + 4);
    double height = MAP_TOP + grid_h + 10 + 18.0 * (double)n_legend;
    svg_writer *w = svg_new_in(tw, width, height);
    if (!w)
        return -1;
    const svg_style num = { .font_size = 9, .anchor = SVG_ANCHOR_MIDDLE };
    const svg_style tpc = { .fill = "none", .stroke = "#555555", .stroke_width = 1 };
    const svg_style legend = { .font_size = 12 };
    for (int64_t s = 0; s < n; s++) {
        int64_t row = s / per_row, col = s % per_row, t = col / g, in = col % g;
        double x = MAP_LEFT + (double)t * (tpc_w + MAP_GAP) + (double)in * (MAP_CELL + 2);
        double y = MAP_TOP + (double)row * (MAP_CELL + MAP_GAP + 4);
        size_t p = part_of_sm(l, s);
        char tip[160], txt[24];
        if (p == SIZE_MAX)
            snprintf(tip, sizeof tip, "SM %" PRId64 " (TPC %" PRId64 "): no partition", s, s / g);
        else   /* a partition was found, so l is not NULL (part_of_sm) */
            snprintf(tip, sizeof tip, "SM %" PRId64 " (TPC %" PRId64 "): partition %s", s, s / g,
                     l->part_name[p]);   /* NOLINT(clang-analyzer-core.NullDereference) */
        svg_style cell = { .fill = p == SIZE_MAX ? "#EEEEEE" : svg_palette(p),
                           .stroke = "#FFFFFF", .stroke_width = 1 };
        svg_rect(w, x, y, MAP_CELL, MAP_CELL, &cell, tip);
        snprintf(txt, sizeof txt, "%" PRId64, s);
        svg_style ink = num;
        ink.fill = p == SIZE_MAX ? "#666666" : svg_palette_ink(p);
        svg_text(w, x + MAP_CELL / 2, y + MAP_CELL / 2 + 3, txt, &ink, NULL);
        if (g > 1 && in == 0)
            svg_rect(w, x - 1.5, y - 1.5, tpc_w + 3, MAP_CELL + 3, &tpc, NULL);
    }
    double ly = MAP_TOP + grid_h + 14;
    for (size_t p = 0; l && p < l->n_parts; p++, ly += 18) {
        char txt[200];
        int64_t first = l->part_first_sm[p], last = first + l->part_sms[p] - 1;
        if (g > 1)
            snprintf(txt, sizeof txt, "%s: SMs %" PRId64 "-%" PRId64 " (%" PRId64
                     " SMs), TPCs %" PRId64 "-%" PRId64, l->part_name[p], first, last,
                     l->part_sms[p], first / g, last / g);
        else
            snprintf(txt, sizeof txt, "%s: SMs %" PRId64 "-%" PRId64 " (%" PRId64 " SMs)",
                     l->part_name[p], first, last, l->part_sms[p]);
        svg_rect(w, MAP_LEFT, ly - 10, 12, 12, &(svg_style){ .fill = svg_palette(p) }, NULL);
        svg_text(w, MAP_LEFT + 18, ly, txt, &legend, NULL);
    }
    int64_t used = 0;
    for (size_t p = 0; l && p < l->n_parts; p++)
        used += l->part_sms[p];
    char txt[120];
    snprintf(txt, sizeof txt, "no partition: %" PRId64 " SMs%s", n - used,
             g > 1 ? "; outlines: TPCs" : "");
    svg_rect(w, MAP_LEFT, ly - 10, 12, 12, &(svg_style){ .fill = "#EEEEEE", .stroke = "#999999",
                                                         .stroke_width = 1 }, NULL);
    svg_text(w, MAP_LEFT + 18, ly, txt, &legend, NULL);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}

/* --- the critical job of a task --- */

#define SC_RIGHT 30.0
#define SC_WIDTH 820.0
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

static int scenario_marker(svg_writer *w, double x, double y0, double y1, const char *colour,
                           const char *text, svg_anchor anchor, double ty)
{
    const svg_style line = { .stroke = colour, .stroke_width = 1.5, .dash = "5 3" };
    svg_style lab = { .font_size = 11, .fill = colour, .anchor = anchor };
    svg_line(w, x, y0, x, y1, &line, text);
    return svg_text(w, x + (anchor == SVG_ANCHOR_END ? -3 : 3), ty, text, &lab, NULL);
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
    double plot_w = SC_WIDTH - lx - SC_RIGHT, height = SC_TOP + (double)n * SC_LANE + 46;
    svg_writer *w = svg_new_in(tw, SC_WIDTH, height);
    if (!w) {
        free(ln);
        return -1;
    }
#define X(v) (lx + (double)((v) - t0) / (double)(t1 - t0) * plot_w)
    svg_ticks ticks;
    double y_axis = SC_TOP + (double)n * SC_LANE + 4;
    const svg_style grid = { .stroke = "#E4E4E4", .stroke_width = 1 };
    const svg_style tick = { .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#333333" };
    const svg_style lane_lab = { .font_size = 12, .anchor = SVG_ANCHOR_END };
    if (svg_time_ticks(t0, t1, (size_t)(plot_w / 90), &ticks) == 0)
        for (size_t k = 0; k < ticks.n; k++) {
            svg_line(w, X(ticks.at_ns[k]), SC_TOP - 4, X(ticks.at_ns[k]), y_axis, &grid, NULL);
            svg_text(w, X(ticks.at_ns[k]), y_axis + 16, ticks.label[k], &tick, NULL);
        }
    svg_line(w, lx, y_axis, lx + plot_w, y_axis,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1 }, NULL);
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
    scenario_marker(w, X(arrival), SC_TOP - 28, y_axis, "#555555", txt, SVG_ANCHOR_START,
                    SC_TOP - 32);
    snprintf(txt, sizeof txt, "deadline%s", miss ? " (missed)" : "");
    scenario_marker(w, X(deadline), SC_TOP - 28, y_axis, miss ? SVG_RED : "#1B7837", txt,
                    X(deadline) < lx + 140 ? SVG_ANCHOR_START : SVG_ANCHOR_END, SC_TOP - 32);
    snprintf(txt, sizeof txt, "finish: R = %s", d);
    scenario_marker(w, X(finish), SC_TOP - 14, y_axis, "#111111", txt,
                    finish > (t0 + t1) / 2 ? SVG_ANCHOR_END : SVG_ANCHOR_START, SC_TOP - 18);
#undef X
    free(ln);
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}

/* --- the flow of a task: its steps from O to R --- */

#define FL_LANE 30.0
#define FL_TOP 40.0
#define FL_LEFT 190.0

/* The colour of a step by the kind of its resource: cores, engines, partitions. */
static const char *flow_colour(hol_res_kind k)
{
    return svg_palette(k == HOL_CPU_CORE ? 1 : k == HOL_COPY_ENGINE ? 2 : 0);
}

/* Lane k of task i's flow at height y: the bar [O, R], its jitter [O, O + J], the figures. */
static void flow_lane(svg_writer *w, const rt_report *r, size_t i, size_t k, double y,
                      int64_t t0, int64_t t1, double plot_w)
{
    const rt_system *s = r->eval->system;
    size_t x = s->tasks[i].first_step + k;
    const hol_step *h = &s->steps[x];
    const hol_step_result *e = &s->res.steps[x];
    const rt_task *t = &r->ts->tasks[i];
    char nb[32], lab[120], tip[300], o[40], j[40], rho[40], rr[40];
    const char *res = rt_system_resource_name(s, r->gpu, r->layout, h->resource, nb, sizeof nb);
    snprintf(lab, sizeof lab, "%zu %s on %s", k + 1,
             t->n_steps ? rt_step_kind_name(t->steps[k].kind) : "gpu", res);
    svg_text(w, FL_LEFT - 8, y + FL_LANE / 2 + 4, lab,
             &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_END }, NULL);
#define FX(v) (FL_LEFT + (double)((v) - t0) / (double)(t1 - t0) * plot_w)
    fmt_ns(e->offset_ns, o, sizeof o);
    fmt_ns(e->jitter_ns, j, sizeof j);
    if (e->status != HOL_BOUNDED) {
        bool open = e->status == HOL_BUDGET;   /* undecided, not shown to miss */
        if (open)
            snprintf(tip, sizeof tip, "undecided: the work budget ran out");
        else
            snprintf(tip, sizeof tip, "unbounded: %s", hol_status_name(e->status));
        svg_text(w, FX(e->offset_ns) + 4, y + FL_LANE / 2 + 4, tip,
                 &(svg_style){ .font_size = 11, .fill = open ? "#A05A00" : SVG_RED }, NULL);
        return;
    }
    fmt_ns(e->local_ns, rho, sizeof rho);
    fmt_ns(e->response_ns, rr, sizeof rr);
    const char *fill = flow_colour(s->resources[h->resource].kind);
    double x0 = FX(e->offset_ns), x1 = FX(e->response_ns), xj = FX(e->offset_ns + e->jitter_ns);
    snprintf(tip, sizeof tip, "step %zu on %s: O = %s, J = %s, rho = %s, R = O + rho = %s", k + 1,
             res, o, j, rho, rr);
    svg_rect(w, x0, y + 5, x1 - x0 > 1 ? x1 - x0 : 1, FL_LANE - 10,
             &(svg_style){ .fill = fill, .fill_opacity = 0.35, .stroke = fill, .stroke_width = 1 },
             tip);
    if (xj > x0)
        svg_rect(w, x0, y + 5, xj - x0, 6, &(svg_style){ .fill = "#333333" }, NULL);
    svg_line(w, x1, y + 2, x1, y + FL_LANE - 2,
             &(svg_style){ .stroke = "#111111", .stroke_width = 2 }, NULL);
    snprintf(lab, sizeof lab, "rho %s, R %s", rho, rr);
    /* beside R if it fits (about 6 px a character), else inside the bar, else before O */
    double text_w = 6.0 * (double)strlen(lab);
    bool right = x1 + 5 + text_w < FL_LEFT + plot_w + 20, inside = x1 - x0 > text_w + 12;
    svg_text(w, right ? x1 + 5 : inside ? x1 - 6 : x0 - 5, y + FL_LANE / 2 + 4, lab,
             &(svg_style){ .font_size = 11, .fill = "#111111",
                           .anchor = right ? SVG_ANCHOR_START : SVG_ANCHOR_END }, NULL);
#undef FX
}

int fig_flow(xmlTextWriterPtr tw, const rt_report *r, size_t i)
{
    const rt_system *s = r->eval->system;
    const hol_task *t = &s->tasks[i];
    int64_t t0 = 0, t1 = t->deadline_ns;
    for (size_t k = 0; k < t->n_steps; k++) {
        const hol_step_result *e = &s->res.steps[t->first_step + k];
        if (e->status == HOL_BOUNDED && e->response_ns > t1)
            t1 = e->response_ns;
    }
    if (t1 <= t0)
        t1 = t0 + 1;
    double plot_w = SC_WIDTH - FL_LEFT - SC_RIGHT - 20;
    double y_axis = FL_TOP + (double)t->n_steps * FL_LANE + 4;
    svg_writer *w = svg_new_in(tw, SC_WIDTH, y_axis + 52);
    if (!w)
        return -1;
#define FX(v) (FL_LEFT + (double)((v) - t0) / (double)(t1 - t0) * plot_w)
    svg_ticks ticks;
    const svg_style grid = { .stroke = "#E4E4E4", .stroke_width = 1 };
    const svg_style tick = { .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#333333" };
    if (svg_time_ticks(t0, t1, (size_t)(plot_w / 90), &ticks) == 0)
        for (size_t k = 0; k < ticks.n; k++) {
            svg_line(w, FX(ticks.at_ns[k]), FL_TOP - 4, FX(ticks.at_ns[k]), y_axis, &grid, NULL);
            svg_text(w, FX(ticks.at_ns[k]), y_axis + 16, ticks.label[k], &tick, NULL);
        }
    svg_line(w, FL_LEFT, y_axis, FL_LEFT + plot_w, y_axis,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1 }, NULL);
    for (size_t k = 0; k < t->n_steps; k++)
        flow_lane(w, r, i, k, FL_TOP + (double)k * FL_LANE, t0, t1, plot_w);
    /* legend: the kinds of resource, the jitter band, the completion mark */
    static const struct { hol_res_kind kind; const char *text; } kinds[] = {
        { HOL_CPU_CORE, "CPU core" }, { HOL_COPY_ENGINE, "copy engine" },
        { HOL_PARTITION, "partition" } };
    const svg_style leg = { .font_size = 11, .fill = "#333333" };
    double ly = y_axis + 40, lx = FL_LEFT;
    for (size_t k = 0; k < 3; k++, lx += 110) {
        const char *c = flow_colour(kinds[k].kind);
        svg_rect(w, lx, ly - 10, 14, 12, &(svg_style){ .fill = c, .fill_opacity = 0.35,
                                                      .stroke = c, .stroke_width = 1 }, NULL);
        svg_text(w, lx + 19, ly, kinds[k].text, &leg, NULL);
    }
    svg_rect(w, lx, ly - 10, 14, 6, &(svg_style){ .fill = "#333333" }, NULL);
    svg_text(w, lx + 19, ly, "release jitter J", &leg, NULL);
    lx += 130;
    svg_line(w, lx + 6, ly - 12, lx + 6, ly + 2,
             &(svg_style){ .stroke = "#111111", .stroke_width = 2 }, NULL);
    svg_text(w, lx + 14, ly, "worst-case completion R", &leg, NULL);
    const hol_task_result *tr = &s->res.tasks[i];
    bool open = tr->status == HOL_BUDGET, miss = !tr->schedulable && !open;
    char d[40], txt[80];
    fmt_ns(t->deadline_ns, d, sizeof d);
    snprintf(txt, sizeof txt, "deadline D = %s%s", d, miss ? " (missed)" : open ? " (undecided)"
                                                                                 : "");
    scenario_marker(w, FX(t->deadline_ns), FL_TOP - 22, y_axis,
                    miss ? SVG_RED : open ? "#A05A00" : "#1B7837", txt,
                    SVG_ANCHOR_END, FL_TOP - 26);
    scenario_marker(w, FX(0), FL_TOP - 22, y_axis, "#555555", "nominal release", SVG_ANCHOR_START,
                    FL_TOP - 26);
#undef FX
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}

/* --- C(k,n) and BW(k,n) against n --- */

#define KC_PANEL_W 400.0
#define KC_PANEL_H 250.0

static int kernel_panel(svg_writer *w, const rt_report *r, size_t k, double x0, bool bw)
{
    const model_kernel *mk = &r->m->kernels[k];
    size_t n = r->m->n_sizes;
    double lo = 0, hi = 0;
    for (size_t s = 0; s < n; s++) {
        double v = bw ? mk->table[s].bw_gbps : mk->table[s].cycles;
        hi = v > hi ? v : hi;
    }
    chart_frame f = { .x = x0 + 64, .y = 30, .w = KC_PANEL_W - 84, .h = KC_PANEL_H - 100 };
    if (chart_axis_nice(0, (double)r->gpu->sms, 8, &f.xa) != 0 ||
        chart_axis_nice(lo, hi, 5, &f.ya) != 0)
        return -1;
    chart_frame_draw(w, &f, "partition size n (SMs)", bw ? "BW(k,n) GB/s" : "C(k,n) cycles");
    double *xy = malloc((n ? 2 * n : 2) * sizeof *xy);
    if (!xy)
        return -1;
    for (size_t s = 0; s < n; s++) {
        xy[2 * s] = chart_px(&f, (double)mk->table[s].sms);
        xy[2 * s + 1] = chart_py(&f, bw ? mk->table[s].bw_gbps : mk->table[s].cycles);
    }
    const char *colour = bw ? "#0072B2" : "#D55E00";
    if (n >= 2)
        svg_polyline(w, xy, n, &(svg_style){ .fill = "none", .stroke = colour, .stroke_width = 2 },
                     NULL);
    for (size_t s = 0; s < n; s++) {
        const model_point *p = &mk->table[s];
        model_source src = bw ? p->bw_source : p->source;
        char tip[160];
        snprintf(tip, sizeof tip, "n = %" PRId64 ": %.6g %s (%s)", p->sms,
                 bw ? p->bw_gbps : p->cycles, bw ? "GB/s" : "cycles", model_source_name(src));
        if (src == MODEL_SRC_MEASURED)
            svg_circle(w, xy[2 * s], xy[2 * s + 1], 4.5,
                       &(svg_style){ .fill = "#000000", .stroke = "#FFFFFF", .stroke_width = 1 },
                       tip);
        else if (n <= 64)
            svg_circle(w, xy[2 * s], xy[2 * s + 1], 2, &(svg_style){ .fill = colour }, tip);
    }
    free(xy);
    return 0;
}

int fig_kernel_curves(xmlTextWriterPtr tw, const rt_report *r, size_t k)
{
    svg_writer *w = svg_new_in(tw, 2 * KC_PANEL_W, KC_PANEL_H);
    if (!w)
        return -1;
    int rc = kernel_panel(w, r, k, 0, false);
    if (rc == 0)
        rc = kernel_panel(w, r, k, KC_PANEL_W, true);
    const svg_style leg = { .font_size = 11, .fill = "#333333" };
    svg_circle(w, 70, KC_PANEL_H - 12, 4.5, &(svg_style){ .fill = "#000000" }, NULL);
    svg_text(w, 80, KC_PANEL_H - 8, "measured point; line and small dots: the model (eq. 4, "
             "floor at Ck(N), eq. 17)", &leg, NULL);
    int frc = svg_finish(w);
    svg_free(w);
    return rc ? rc : frc;
}

/* --- a chain: its bounds as stacked terms (implicit), its longest LET job chain (let) --- */

#define CH_WIDTH 820.0
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

static void chain_marker(svg_writer *w, double x, double y0, double y1, const char *colour,
                         const char *text, double ty, bool end)
{
    svg_line(w, x, y0, x, y1, &(svg_style){ .stroke = colour, .stroke_width = 1.5, .dash = "5 3" },
             text);
    svg_text(w, x + (end ? -3 : 3), ty, text,
             &(svg_style){ .font_size = 11, .fill = colour,
                           .anchor = end ? SVG_ANCHOR_END : SVG_ANCHOR_START }, NULL);
}

/* The requirement lines of chain c over [0, t1] (x of 0 at CH_LEFT). */
static void chain_requirements(svg_writer *w, const rt_chain *c, int64_t t1, double plot_w,
                               double y1)
{
    char d[40], txt[80];
    if (c->has_max_reaction) {
        fmt_ns(c->max_reaction_ns, d, sizeof d);
        snprintf(txt, sizeof txt, "max-reaction %s", d);
        double x = CH_LEFT + (double)c->max_reaction_ns / (double)t1 * plot_w;
        chain_marker(w, x, CH_TOP - 26, y1, "#1B7837", txt, CH_TOP - 30, x > CH_LEFT + 300);
    }
    if (c->has_max_age) {
        fmt_ns(c->max_age_ns, d, sizeof d);
        snprintf(txt, sizeof txt, "max-age %s", d);
        double x = CH_LEFT + (double)c->max_age_ns / (double)t1 * plot_w;
        chain_marker(w, x, CH_TOP - 12, y1, "#7B3294", txt, CH_TOP - 16, x > CH_LEFT + 300);
    }
}

static void chain_axis(svg_writer *w, int64_t t1, double plot_w, double y_axis)
{
    svg_ticks ticks;
    const svg_style grid = { .stroke = "#E4E4E4", .stroke_width = 1 };
    const svg_style tick = { .font_size = 11, .anchor = SVG_ANCHOR_MIDDLE, .fill = "#333333" };
    if (svg_time_ticks(0, t1, (size_t)(plot_w / 90), &ticks) == 0)
        for (size_t k = 0; k < ticks.n; k++) {
            double x = CH_LEFT + (double)ticks.at_ns[k] / (double)t1 * plot_w;
            svg_line(w, x, CH_TOP - 4, x, y_axis, &grid, NULL);
            svg_text(w, x, y_axis + 16, ticks.label[k], &tick, NULL);
        }
    svg_line(w, CH_LEFT, y_axis, CH_LEFT + plot_w, y_axis,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1 }, NULL);
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
    double plot_w = CH_WIDTH - CH_LEFT - 110, y_axis = CH_TOP + 3 * CH_LANE + 4;
    svg_writer *w = svg_new_in(tw, CH_WIDTH, y_axis + 52);
    if (!w) {
        free(t);
        return -1;
    }
    chain_axis(w, t1, plot_w, y_axis);
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
    double plot_w = CH_WIDTH - CH_LEFT - CH_RIGHT;
    double y_axis = CH_TOP + (double)(c->n_tasks + 1) * CH_LANE + 4;
    svg_writer *w = svg_new_in(tw, CH_WIDTH, y_axis + 30);
    if (!w)
        return -1;
#define LX(v) (CH_LEFT + (double)((v) - t0) / (double)end * plot_w)
    chain_axis(w, end, plot_w, y_axis);
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
