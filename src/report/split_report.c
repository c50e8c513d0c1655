/* split_report: the split sweep's table, JSON and bar chart (CONCURRENCY.md sec. 3.4). Times are
 * cycles in unit sms and whole ns in unit slots; the text shows cycles with one decimal and ns in
 * a human unit (report_fmt_ns), the JSON shows them exactly. */
#include "report/split_report.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/interference.h"
#include "models/kmerge.h"
#include "report/axes.h"
#include "report/report.h"
#include "report/svg.h"

static const char *kname(const split_report *r, size_t k)
{
    return r->ts->kernels[k].name;
}

static bool slots(const split_report *r)
{
    return r->res->unit == SPLIT_UNIT_SLOTS;
}

/* A time of the result as text: ns in a human unit, or cycles. */
static void fmt_time(const split_report *r, double t, char *buf, size_t size)
{
    if (slots(r))
        report_fmt_ns((int64_t)t, buf, size);
    else
        snprintf(buf, size, "%.1f", t);
}

static void heading(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    fprintf(out, "Split sweep of GPU \"%s\" between %s and %s (Gregg et al., CONCURRENCY.md sec. 3)\n",
            r->gpu->name, kname(r, s->kernel_a), kname(r, s->kernel_b));
    if (slots(r)) {
        fprintf(out, "unit slots: W = %lld", (long long)s->units);
        if (s->slots_given)
            fprintf(out, " (--slots)");
        else
            fprintf(out, " = %lld SMs x %lld blocks of the merged kernel (%lld threads per block)",
                    (long long)r->gpu->sms, (long long)s->merged.active_blocks,
                    (long long)s->merged.d.threads);
        fprintf(out, "; times from the block times\n");
    } else {
        fprintf(out, "unit sms: N = %lld SMs in steps of %lld; synchronous windows, interference %s",
                (long long)s->units, (long long)s->granularity,
                rt_interference_name(s->interference));
        if (s->interference == RT_INTF_NAIVE)
            fprintf(out, " (%g)", r->o->naive_factor);
        fprintf(out, "; times in cycles\n");
    }
}

int split_report_text(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    const char *na = kname(r, s->kernel_a), *nb = kname(r, s->kernel_b);
    int wa = (int)strlen(na) < 6 ? 6 : (int)strlen(na), wb = (int)strlen(nb) < 6 ? 6 : (int)strlen(nb);
    char a[40], b[40], t[40];
    heading(r, out);
    char ha[80], hb[80];
    snprintf(ha, sizeof ha, "time %s", na);
    snprintf(hb, sizeof hb, "time %s", nb);
    fprintf(out, "%*s %*s %16s %16s %16s\n", wa, na, wb, nb, ha, hb, "time");
    for (size_t i = 0; i < s->n_rows; i++) {
        const split_row *row = &s->rows[i];
        fmt_time(r, row->time_a, a, sizeof a);
        fmt_time(r, row->time_b, b, sizeof b);
        fmt_time(r, row->time, t, sizeof t);
        fprintf(out, "%*lld %*lld %16s %16s %16s%s\n", wa, (long long)row->a, wb, (long long)row->b,
                a, b, t, i == s->best ? "  best" : "");
    }
    fmt_time(r, s->sequential_a, a, sizeof a);
    fmt_time(r, s->sequential_b, b, sizeof b);
    fmt_time(r, s->sequential, t, sizeof t);
    fprintf(out, "%-*s %16s %16s %16s\n", wa + wb + 1, "sequential", a, b, t);
    const split_row *best = &s->rows[s->best];
    fmt_time(r, best->time, t, sizeof t);
    fmt_time(r, s->sequential, a, sizeof a);
    const char *cy = slots(r) ? "" : " cycles";
    fprintf(out, "best split: %lld + %lld %s, %s%s; sequential %s%s; gain %.4f: %s\n",
            (long long)best->a, (long long)best->b, slots(r) ? "slots" : "SMs", t, cy, a, cy,
            s->gain,
            s->concurrent ? "concurrent (the best split beats running them one after the other)"
                          : "sequential (no split beats running them one after the other)");
    if (slots(r)) {
        if (s->has_steal) {
            fmt_time(r, s->steal_a, a, sizeof a);
            fmt_time(r, s->steal_b, b, sizeof b);
            fmt_time(r, s->steal, t, sizeof t);
            fprintf(out, "work stealing: %s ends at %s, %s at %s; makespan %s\n", na, a, nb, b, t);
        } else
            fprintf(out, "work stealing: not simulated (more than %lld blocks, or a time beyond "
                    "64 bits of ns)\n", (long long)KM_STEAL_MAX_BLOCKS);
    }
    return ferror(out) ? -1 : 0;
}

/* ---- JSON --------------------------------------------------------------------------- */

typedef struct jctx {
    bool failed;
} jctx;

static void set(jctx *c, json_t *o, const char *key, json_t *v)
{
    if (!o || !v || json_object_set_new(o, key, v) != 0)
        c->failed = true;
}

static void push(jctx *c, json_t *a, json_t *v)
{
    if (!a || !v || json_array_append_new(a, v) != 0)
        c->failed = true;
}

/* A time: an exact integer of ns (slots) or a real number of cycles (sms). */
static json_t *jtime(const split_report *r, double t)
{
    if (slots(r))
        return json_integer((json_int_t)t);
    return isfinite(t) ? json_real(t) : json_null();
}

static json_t *jtimes(jctx *c, const split_report *r, double ta, double tb, double t)
{
    json_t *o = json_object();
    set(c, o, "time_a", jtime(r, ta));
    set(c, o, "time_b", jtime(r, tb));
    set(c, o, "time", jtime(r, t));
    return o;
}

int split_report_json(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    jctx c = { false };
    json_t *root = json_object(), *arr = json_array(), *o = json_object();
    json_t *kernels = json_array(), *rows = json_array();
    set(&c, root, "tool", json_string(r->tool_version ? r->tool_version : ""));
    set(&c, root, "gpu", json_string(r->gpu->name));
    set(&c, root, "taskset", json_string(r->ts->name));
    push(&c, kernels, json_string(kname(r, s->kernel_a)));
    push(&c, kernels, json_string(kname(r, s->kernel_b)));
    set(&c, o, "kernels", kernels);
    set(&c, o, "unit", json_string(split_unit_name(s->unit)));
    set(&c, o, "time_unit", json_string(slots(r) ? "ns" : "cycles"));
    set(&c, o, "units", json_integer((json_int_t)s->units));
    if (slots(r)) {
        set(&c, o, "slots_given", json_boolean(s->slots_given));
        set(&c, o, "merged_active_blocks", json_integer((json_int_t)s->merged.active_blocks));
    } else {
        set(&c, o, "granularity", json_integer((json_int_t)s->granularity));
        set(&c, o, "interference", json_string(rt_interference_name(s->interference)));
    }
    for (size_t i = 0; i < s->n_rows; i++) {
        const split_row *row = &s->rows[i];
        json_t *j = json_object();
        set(&c, j, "a", json_integer((json_int_t)row->a));
        set(&c, j, "b", json_integer((json_int_t)row->b));
        set(&c, j, "time_a", jtime(r, row->time_a));
        set(&c, j, "time_b", jtime(r, row->time_b));
        set(&c, j, "time", jtime(r, row->time));
        push(&c, rows, j);
    }
    set(&c, o, "rows", rows);
    set(&c, o, "sequential", jtime(r, s->sequential));
    set(&c, o, "sequential_parts", jtimes(&c, r, s->sequential_a, s->sequential_b, s->sequential));
    json_t *best = json_object();
    set(&c, best, "a", json_integer((json_int_t)s->rows[s->best].a));
    set(&c, best, "b", json_integer((json_int_t)s->rows[s->best].b));
    set(&c, best, "time", jtime(r, s->rows[s->best].time));
    set(&c, o, "best", best);
    set(&c, o, "gain", isfinite(s->gain) ? json_real(s->gain) : json_null());
    set(&c, o, "verdict", json_string(s->concurrent ? "concurrent" : "sequential"));
    if (slots(r))
        set(&c, o, "work_stealing",
            s->has_steal ? jtimes(&c, r, s->steal_a, s->steal_b, s->steal) : json_null());
    push(&c, arr, o);
    set(&c, root, "split", arr);
    char *text = root && !c.failed ? json_dumps(root, JSON_INDENT(2) | JSON_REAL_PRECISION(17))
                                   : NULL;
    json_decref(root);
    if (!text)
        return -1;
    fputs(text, out);
    fputc('\n', out);
    free(text);
    return ferror(out) ? -1 : 0;
}

/* ---- SVG bar chart ------------------------------------------------------------------ */

#define SV_W 900.0
#define SV_H 420.0

/* The display unit of a time axis: the largest of s, ms, us, ns not above the largest value. */
static double time_scale(const split_report *r, double max, const char **unit)
{
    if (!slots(r)) {
        *unit = "cycles";
        return 1.0;
    }
    static const struct { double div; const char *name; } u[] = {
        { 1e9, "s" }, { 1e6, "ms" }, { 1e3, "us" }, { 1.0, "ns" } };
    for (size_t i = 0; i < 4; i++)
        if (max >= u[i].div) {
            *unit = u[i].name;
            return u[i].div;
        }
    *unit = "ns";
    return 1.0;
}

int split_report_svg(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    double max = s->sequential;
    for (size_t i = 0; i < s->n_rows; i++)
        if (s->rows[i].time > max)
            max = s->rows[i].time;
    const char *unit;
    double div = time_scale(r, max, &unit);
    chart_frame f = { .x = 80, .y = 72, .w = SV_W - 80 - 130, .h = SV_H - 72 - 80 };
    if (chart_axis_nice(0, max / div, 8, &f.ya) != 0 ||
        chart_axis_nice(0, (double)s->units, 12, &f.xa) != 0)
        return -1;
    svg_writer *w = svg_new(SV_W, SV_H, SVG_XML_DECL);
    if (!w)
        return -1;
    char title[300], xt[200], yt[64], tip[200], t1[40], t2[40], t3[40];
    snprintf(title, sizeof title, "Split of the GPU between %s and %s (unit %s)",
             kname(r, s->kernel_a), kname(r, s->kernel_b), split_unit_name(s->unit));
    svg_text(w, SV_W / 2, 24, title,
             &(svg_style){ .font_size = 16, .font_weight = "bold", .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    snprintf(title, sizeof title, "GPU \"%s\"", r->gpu->name);
    svg_text(w, SV_W / 2, 42, title,
             &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    snprintf(xt, sizeof xt, "%s given to %s (the rest to %s)", slots(r) ? "slots" : "SMs",
             kname(r, s->kernel_a), kname(r, s->kernel_b));
    snprintf(yt, sizeof yt, "time of both (%s)", unit);
    chart_frame_draw(w, &f, xt, yt);
    /* one bar per split, centred on u; the best one in its own colour */
    double step = s->n_rows > 1 ? (double)(s->rows[1].a - s->rows[0].a) : 1.0;
    double bw = (chart_px(&f, step) - chart_px(&f, 0)) * 0.7;
    svg_group_begin(w, &(svg_style){ .cls = "splits" });
    for (size_t i = 0; i < s->n_rows; i++) {
        const split_row *row = &s->rows[i];
        double x = chart_px(&f, (double)row->a) - bw / 2, y = chart_py(&f, row->time / div);
        fmt_time(r, row->time_a, t1, sizeof t1);
        fmt_time(r, row->time_b, t2, sizeof t2);
        fmt_time(r, row->time, t3, sizeof t3);
        snprintf(tip, sizeof tip, "%lld + %lld: %s %s, %s %s, both %s%s", (long long)row->a,
                 (long long)row->b, kname(r, s->kernel_a), t1, kname(r, s->kernel_b), t2, t3,
                 i == s->best ? " (best)" : "");
        bool b = i == s->best;
        svg_rect(w, x, y, bw, chart_py(&f, 0) - y,
                 &(svg_style){ .cls = b ? "bar best" : "bar", .fill = svg_palette(b ? 1 : 0) }, tip);
        if (b)
            svg_text(w, x + bw / 2, y - 6, "best",
                     &(svg_style){ .font_size = 12, .font_weight = "bold",
                                   .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    }
    svg_group_end(w);
    /* the sequential time: a dashed line across the splits and a bar of its own on the right */
    double ys = chart_py(&f, s->sequential / div), xs = f.x + f.w + 40, sw = 50;
    fmt_time(r, s->sequential_a, t1, sizeof t1);
    fmt_time(r, s->sequential_b, t2, sizeof t2);
    fmt_time(r, s->sequential, t3, sizeof t3);
    snprintf(tip, sizeof tip, "sequential: %s %s then %s %s, %s", kname(r, s->kernel_a), t1,
             kname(r, s->kernel_b), t2, t3);
    svg_line(w, f.x, ys, xs + sw, ys,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1.5, .dash = "6 4" }, tip);
    svg_rect(w, xs, ys, sw, chart_py(&f, 0) - ys,
             &(svg_style){ .cls = "bar sequential", .fill = "#999999" }, tip);
    svg_text(w, xs + sw / 2, f.y + f.h + 18, "sequential",
             &(svg_style){ .font_size = 12, .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    const split_row *best = &s->rows[s->best];
    fmt_time(r, best->time, t1, sizeof t1);
    snprintf(tip, sizeof tip, "best split %lld + %lld: %s%s; sequential %s%s; gain %.4f: %s",
             (long long)best->a, (long long)best->b, t1, slots(r) ? "" : " cycles", t3,
             slots(r) ? "" : " cycles", s->gain,
             s->concurrent ? "concurrent" : "sequential");
    svg_text(w, SV_W / 2, SV_H - 14, tip,
             &(svg_style){ .font_size = 13, .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    int rc = svg_finish(w);
    size_t len = 0;
    const char *data = rc == 0 ? svg_data(w, &len) : NULL;
    if (data)
        fwrite(data, 1, len, out);
    svg_free(w);
    return data && !ferror(out) ? 0 : -1;
}
