/* split_report: the split sweep's table, JSON and bar chart (docs/concurrency.md sec. 9). Times are
 * cycles in unit sms and whole ns in unit slots; the text shows cycles with one decimal and ns in
 * a human unit (fmt_ns), the JSON shows them exactly. */
#include "report/split_report.h"

#include <stdio.h>
#include <string.h>

#include "models/interference.h"
#include "models/kmerge.h"
#include "draw/axes.h"
#include "report/report_json.h"
#include "util/fmt.h"
#include "util/jw.h"
#include "report/report.h"
#include "draw/svg.h"

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
        fmt_ns((int64_t)t, buf, size);
    else
        snprintf(buf, size, "%.1f", t);
}

static void heading(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    fprintf(out, "Split sweep of GPU \"%s\" between %s and %s (Gregg et al., "
                 "docs/concurrency.md sec. 9)\n",
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

/* A time: an exact integer of ns (slots) or a real number of cycles (sms; null if not finite). */
static void kjtime(jw *w, const split_report *r, const char *key, double t)
{
    if (slots(r))
        jw_kint(w, key, (int64_t)t);
    else
        jw_kreal(w, key, t);
}

static void jtimes(jw *w, const split_report *r, double ta, double tb, double t)
{
    jw_object_begin(w);
    kjtime(w, r, "time_a", ta);
    kjtime(w, r, "time_b", tb);
    kjtime(w, r, "time", t);
    jw_object_end(w);
}

int split_report_json(const split_report *r, FILE *out)
{
    const split_result *s = r->res;
    jw w;
    jw_init(&w, out, 2);
    jw_object_begin(&w);
    report_json_explore_head(&w, r->tool_version, r->ts, r->gpu);
    jw_key(&w, "split");
    jw_array_begin(&w);
    jw_object_begin(&w);
    jw_key(&w, "kernels");
    jw_array_begin(&w);
    jw_str(&w, kname(r, s->kernel_a));
    jw_str(&w, kname(r, s->kernel_b));
    jw_array_end(&w);
    jw_kstr(&w, "unit", split_unit_name(s->unit));
    jw_kstr(&w, "time_unit", slots(r) ? "ns" : "cycles");
    jw_kint(&w, "units", s->units);
    /* every key in both units; null where the unit does not produce it (docs/explore.md) */
    if (slots(r)) {
        jw_kbool(&w, "slots_given", s->slots_given);
        jw_kint(&w, "merged_active_blocks", s->merged.active_blocks);
        jw_knull(&w, "granularity");
        jw_knull(&w, "interference");
    } else {
        jw_knull(&w, "slots_given");
        jw_knull(&w, "merged_active_blocks");
        jw_kint(&w, "granularity", s->granularity);
        jw_kstr(&w, "interference", rt_interference_name(s->interference));
    }
    jw_key(&w, "rows");
    jw_array_begin(&w);
    for (size_t i = 0; i < s->n_rows; i++) {
        const split_row *row = &s->rows[i];
        jw_object_begin(&w);
        jw_kint(&w, "a", row->a);
        jw_kint(&w, "b", row->b);
        kjtime(&w, r, "time_a", row->time_a);
        kjtime(&w, r, "time_b", row->time_b);
        kjtime(&w, r, "time", row->time);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    kjtime(&w, r, "sequential", s->sequential);
    jw_key(&w, "sequential_parts");
    jtimes(&w, r, s->sequential_a, s->sequential_b, s->sequential);
    jw_key(&w, "best");
    jw_object_begin(&w);
    jw_kint(&w, "a", s->rows[s->best].a);
    jw_kint(&w, "b", s->rows[s->best].b);
    kjtime(&w, r, "time", s->rows[s->best].time);
    jw_object_end(&w);
    jw_kreal(&w, "gain", s->gain);
    jw_kstr(&w, "verdict", s->concurrent ? "concurrent" : "sequential");
    jw_key(&w, "work_stealing");
    if (slots(r) && s->has_steal)
        jtimes(&w, r, s->steal_a, s->steal_b, s->steal);
    else
        jw_null(&w);
    jw_object_end(&w);
    jw_array_end(&w);
    jw_object_end(&w);
    if (jw_finish(&w) != 0 || fputc('\n', out) == EOF)
        return -1;
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
    if (axes_nice(0, max / div, 8, &f.ya) != 0 ||
        axes_nice(0, (double)s->units, 12, &f.xa) != 0)
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
    axes_frame_draw(w, &f, xt, yt);
    /* one bar per split, centred on u; the best one in its own colour */
    double step = s->n_rows > 1 ? (double)(s->rows[1].a - s->rows[0].a) : 1.0;
    double bw = (axes_px(&f, step) - axes_px(&f, 0)) * 0.7;
    svg_group_begin(w, &(svg_style){ .cls = "splits" });
    for (size_t i = 0; i < s->n_rows; i++) {
        const split_row *row = &s->rows[i];
        double x = axes_px(&f, (double)row->a) - bw / 2, y = axes_py(&f, row->time / div);
        fmt_time(r, row->time_a, t1, sizeof t1);
        fmt_time(r, row->time_b, t2, sizeof t2);
        fmt_time(r, row->time, t3, sizeof t3);
        snprintf(tip, sizeof tip, "%lld + %lld: %s %s, %s %s, both %s%s", (long long)row->a,
                 (long long)row->b, kname(r, s->kernel_a), t1, kname(r, s->kernel_b), t2, t3,
                 i == s->best ? " (best)" : "");
        bool b = i == s->best;
        svg_rect(w, x, y, bw, axes_py(&f, 0) - y,
                 &(svg_style){ .cls = b ? "bar best" : "bar", .fill = svg_palette(b ? 1 : 0) }, tip);
        if (b)
            svg_text(w, x + bw / 2, y - 6, "best",
                     &(svg_style){ .font_size = 12, .font_weight = "bold",
                                   .anchor = SVG_ANCHOR_MIDDLE }, NULL);
    }
    svg_group_end(w);
    /* the sequential time: a dashed line across the splits and a bar of its own on the right */
    double ys = axes_py(&f, s->sequential / div), xs = f.x + f.w + 40, sw = 50;
    fmt_time(r, s->sequential_a, t1, sizeof t1);
    fmt_time(r, s->sequential_b, t2, sizeof t2);
    fmt_time(r, s->sequential, t3, sizeof t3);
    snprintf(tip, sizeof tip, "sequential: %s %s then %s %s, %s", kname(r, s->kernel_a), t1,
             kname(r, s->kernel_b), t2, t3);
    svg_line(w, f.x, ys, xs + sw, ys,
             &(svg_style){ .stroke = "#444444", .stroke_width = 1.5, .dash = "6 4" }, tip);
    svg_rect(w, xs, ys, sw, axes_py(&f, 0) - ys,
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
