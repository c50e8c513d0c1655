/* fig_flow: a task's flow in a whole system, one lane per step from its best-case start to its
 * worst-case completion, as inline SVG. */
#include "report/fig_flow.h"

#include <stdio.h>
#include <string.h>

#include "draw/svg.h"
#include "report/fig_time.h"
#include "util/fmt.h"

#define FL_LANE 30.0
#define FL_TOP 40.0
#define FL_LEFT 190.0
#define FL_RIGHT 30.0

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
             t->n_steps ? rt_taskset_step_kind_name(t->steps[k].kind) : "gpu", res);
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
            snprintf(tip, sizeof tip, "unbounded: %s", holistic_status_name(e->status));
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
    double plot_w = FIG_TIME_WIDTH - FL_LEFT - FL_RIGHT - 20;
    double y_axis = FL_TOP + (double)t->n_steps * FL_LANE + 4;
    svg_writer *w = svg_new_in(tw, FIG_TIME_WIDTH, y_axis + 52);
    if (!w)
        return -1;
#define FX(v) (FL_LEFT + (double)((v) - t0) / (double)(t1 - t0) * plot_w)
    fig_time_axis(w, t0, t1, FL_LEFT, plot_w, FL_TOP, y_axis);
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
    fig_time_marker(w, FX(t->deadline_ns), FL_TOP - 22, y_axis,
                    miss ? SVG_RED : open ? "#A05A00" : "#1B7837", txt, SVG_ANCHOR_END,
                    FL_TOP - 26);
    fig_time_marker(w, FX(0), FL_TOP - 22, y_axis, "#555555", "nominal release",
                    SVG_ANCHOR_START, FL_TOP - 26);
#undef FX
    int rc = svg_finish(w);
    svg_free(w);
    return rc;
}
