/* plot: the chart of a sweep's results, through the chart writers of draw/chart.c.
 *
 * What is drawn (docs/explore.md, "Plots"):
 *   <generate>       acceptance ratio: x = utilization, y = schedulable sets / valid sets at that
 *                    utilization, one line per combination of the other varied parameters;
 *   one parameter    line chart of the min slack (ms) of each point, schedulable points as dots
 *                    and the others as red crosses (the schedulable fraction, 0 or 1, if no point
 *                    has a bounded slack);
 *   two or more      heat map of the first two parameters (y: the first, x: the second), each
 *                    cell the schedulable fraction over the combinations of the others; with
 *                    exactly two, the cells also show the min slack.
 * Invalid points count in no fraction; cells and points without data are shown as such. The
 * counts and fractions come from explore/aggregate.c; this file only lays them out. */
#include "report/explore_plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explore/aggregate.h"
#include "draw/chart.h"
#include "report/report.h"
#include "util/fmt.h"

#define MAX_LINES SVG_PALETTE_SIZE

typedef struct plot_ctx {
    const xp_spec *s;
    const xp_record *rec;
    const char *note;
    char *why;
    size_t why_size;
} plot_ctx;

static const char *value_text(const xp_dim *d, size_t k, char *tmp, size_t size)
{
    if (d->param == XP_SET) {
        snprintf(tmp, size, "%zu", k);
        return tmp;
    }
    return d->v[k].text;
}

static int emit(svg_writer *w, strbuf *out)
{
    size_t len = 0;
    const char *data = w ? svg_data(w, &len) : NULL;
    if (data)
        strbuf_put(out, data, len);
    svg_free(w);
    return !data || out->oom ? XP_PLOT_ENOMEM : XP_PLOT_OK;
}

/* "key=value, ..." of combination c of dims[from..]. */
static void combo_label(const xp_spec *s, size_t from, size_t c, char *buf, size_t size)
{
    size_t k[64] = { 0 };
    for (size_t i = s->n_dims; i-- > from;) {
        k[i - from] = c % s->dims[i].n;
        c /= s->dims[i].n;
    }
    buf[0] = '\0';
    char tmp[32];
    for (size_t i = from; i < s->n_dims && i - from < 64; i++) {
        size_t n = strlen(buf);
        snprintf(buf + n, size - n, "%s%s=%s", i > from ? ", " : "", s->dims[i].key,
                 value_text(&s->dims[i], k[i - from], tmp, sizeof tmp));
    }
}

static int acceptance(plot_ctx *c, strbuf *out)
{
    const xp_spec *s = c->s;
    const xp_dim *ud = &s->dims[0];
    size_t nl = xp_aggregate_combos(s, 2, s->n_dims), nu = ud->n;
    if (nl > MAX_LINES) {
        snprintf(c->why, c->why_size, "%zu lines (one per combination of the varied parameters) "
                 "are too many for one chart (at most %d)", nl, MAX_LINES);
        return XP_PLOT_EMPTY;
    }
    xp_tally tl;
    if (xp_aggregate_tally_count(s, c->rec, 2, s->n_dims, &tl) != 0)
        return XP_PLOT_ENOMEM;
    int rc = XP_PLOT_ENOMEM;
    double *y = malloc(nu * nl * sizeof *y), *x = malloc(nu * sizeof *x);
    const char **xt = malloc(nu * sizeof *xt);
    chart_series *se = calloc(nl, sizeof *se);
    char (*labels)[200] = calloc(nl, sizeof *labels);
    if (!y || !x || !xt || !se || !labels)
        goto done;
    for (size_t u = 0; u < nu; u++) {   /* series l is column l of the tally */
        x[u] = ud->v[u].real;
        xt[u] = ud->v[u].text;
        for (size_t l = 0; l < nl; l++)
            y[l * nu + u] = tl.fraction[u * nl + l];
    }
    for (size_t l = 0; l < nl; l++) {
        if (s->n_dims > 2)
            combo_label(s, 2, l, labels[l], sizeof labels[l]);
        else
            snprintf(labels[l], sizeof labels[l], "schedulable fraction");
        se[l] = (chart_series){ .label = labels[l], .y = y + l * nu };
    }
    char title[300], sub[300];
    snprintf(title, sizeof title, "%s: acceptance ratio", s->name);
    snprintf(sub, sizeof sub, "%lld random sets of %lld tasks per utilisation, %lld partition%s; "
             "fraction of the valid sets found schedulable", (long long)s->gen.sets,
             (long long)s->gen.tasks, (long long)s->gen.partitions, s->gen.partitions > 1 ? "s" : "");
    chart_lines ch = { .title = title, .subtitle = sub, .note = c->note[0] ? c->note : NULL,
                       .x_label = "utilization (sum over tasks of Ck(N) / T: whole-GPU time)",
                       .y_label = "schedulable fraction", .n_x = nu, .x = x, .x_text = xt,
                       .y_min = 0, .y_max = 1, .n_series = nl, .series = se };
    rc = emit(chart_lines_svg(&ch), out);
done:
    xp_aggregate_tally_fini(&tl);
    free(y);
    free(x);
    free(xt);
    free(se);
    free(labels);
    return rc;
}

static int line_chart(plot_ctx *c, strbuf *out)
{
    const xp_spec *s = c->s;
    const xp_dim *d = &s->dims[0];
    size_t n = d->n;
    bool numeric = !d->v[0].is_word;
    int rc = XP_PLOT_ENOMEM;
    double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    unsigned char *mk = calloc(n, 1);
    const char **xt = malloc(n * sizeof *xt);
    if (!x || !y || !mk || !xt)
        goto done;
    bool any_slack = false;
    for (size_t i = 0; i < n; i++)
        any_slack |= c->rec[i].has_slack;
    double lo = 0, hi = 0;
    for (size_t i = 0; i < n; i++) {
        const xp_record *r = &c->rec[i];
        x[i] = d->v[i].real;
        xt[i] = d->v[i].text;
        y[i] = NAN;
        if (r->state == XP_REC_SCHED || r->state == XP_REC_MISS) {
            mk[i] = r->state == XP_REC_SCHED ? CHART_MARK_OK : CHART_MARK_MISS;
            if (!any_slack)
                y[i] = r->state == XP_REC_SCHED;
            else if (r->has_slack)
                y[i] = (double)r->min_slack_ns / 1e6;
        }
        if (!isnan(y[i])) {
            lo = y[i] < lo ? y[i] : lo;
            hi = y[i] > hi ? y[i] : hi;
        }
    }
    if (!any_slack) {
        lo = 0;
        hi = 1;
    } else {
        double pad = (hi - lo) * 0.05 + 1e-9;
        lo -= pad;
        hi += pad;
    }
    char title[300];
    snprintf(title, sizeof title, "%s: %s against %s", s->name,
             any_slack ? "min slack" : "schedulable", d->key);
    chart_series se = { .label = any_slack ? "min over tasks of D - R (ms)" : "schedulable (1) or not (0)",
                        .y = y, .mark = mk };
    /* with chains, a point that meets every deadline can still fail a chain (docs/explore.md,
     * "Chains"): the cross says both */
    bool chains = s->ts && s->ts->n_chains > 0;
    chart_lines ch = { .title = title,
                       .subtitle = chains ? "one point per value; a red cross: a deadline can be "
                                            "missed or a chain fails; no point: invalid inputs or "
                                            "an unbounded response time"
                                          : "one point per value; a red cross: some deadline can be "
                                            "missed; no point: invalid inputs or an unbounded "
                                            "response time",
                       .miss_label = chains ? "a deadline can be missed or a chain fails" : NULL,
                       .note = c->note[0] ? c->note : NULL, .x_label = d->key,
                       .y_label = any_slack ? "min slack (ms)" : "schedulable", .n_x = n,
                       .x = numeric ? x : NULL, .x_text = xt, .y_min = lo, .y_max = hi,
                       .y_zero_line = true, .n_series = 1, .series = &se };
    rc = emit(chart_lines_svg(&ch), out);
done:
    free(x);
    free(y);
    free(mk);
    free(xt);
    return rc;
}

static int heat_map(plot_ctx *c, strbuf *out)
{
    const xp_spec *s = c->s;
    const xp_dim *dy = &s->dims[0], *dx = &s->dims[1];
    size_t nx = dx->n, ny = dy->n, nc = nx * ny;
    xp_tally tl;
    if (xp_aggregate_tally_count(s, c->rec, 1, 2, &tl) != 0)
        return XP_PLOT_ENOMEM;
    int rc = XP_PLOT_ENOMEM;
    char (*txt)[32] = calloc(nc, sizeof *txt);
    const char **tp = malloc(nc * sizeof *tp), **xt = malloc(nx * sizeof *xt),
               **yt = malloc(ny * sizeof *yt);
    char (*tmp)[32] = calloc(nx + ny, sizeof *tmp);
    if (!txt || !tp || !xt || !yt || !tmp)
        goto done;
    for (size_t i = 0; i < nc; i++) {
        tp[i] = txt[i];
        if (s->n_dims > 2)
            snprintf(txt[i], sizeof txt[i], "%llu/%llu", (unsigned long long)tl.sched[i],
                     (unsigned long long)tl.valid[i]);
    }
    if (s->n_dims == 2)
        for (uint64_t p = 0; p < s->n_points; p++) {
            const xp_record *r = &c->rec[p];
            char *t = txt[p];   /* with two dimensions, point p is cell p */
            if (r->state == XP_REC_ERROR)
                snprintf(t, 32, "invalid");
            else if (r->state != XP_REC_NONE && r->has_slack)
                fmt_ns(r->min_slack_ns, t, 32);
            else if (r->state != XP_REC_NONE)
                snprintf(t, 32, "%s", r->state == XP_REC_SCHED ? "ok" : "miss");
        }
    for (size_t i = 0; i < nx; i++)
        xt[i] = value_text(dx, i, tmp[i], sizeof tmp[i]);
    for (size_t i = 0; i < ny; i++)
        yt[i] = value_text(dy, i, tmp[nx + i], sizeof tmp[nx + i]);
    char title[300], sub[300];
    snprintf(title, sizeof title, "%s: %s against %s", s->name, dy->key, dx->key);
    if (s->n_dims == 2)
        snprintf(sub, sizeof sub, "colour: schedulable (blue) or not (red); text: min slack "
                 "(min over tasks of D - R)");
    else
        snprintf(sub, sizeof sub, "colour and text: schedulable points / valid points over the "
                 "%zu combinations of the other parameters", xp_aggregate_combos(s, 2, s->n_dims));
    chart_heat ch = { .title = title, .subtitle = sub, .note = c->note[0] ? c->note : NULL,
                      .x_label = dx->key, .y_label = dy->key, .value_label = "schedulable fraction",
                      .n_x = nx, .n_y = ny, .x_text = xt, .y_text = yt, .value = tl.fraction,
                      .cell_text = tp };
    rc = emit(chart_heat_svg(&ch), out);
done:
    xp_aggregate_tally_fini(&tl);
    free(txt);
    free(tp);
    free(xt);
    free(yt);
    free(tmp);
    return rc;
}

int explore_plot_svg(const xp_spec *s, const xp_record *rec, const char *note, strbuf *out, char *why,
                size_t why_size)
{
    plot_ctx c = { .s = s, .rec = rec, .note = note ? note : "", .why = why, .why_size = why_size };
    size_t vary = s->n_dims - (s->has_generate ? 2 : 0);
    if (s->n_dims == 0 || (!s->has_generate && vary == 0)) {
        snprintf(why, why_size, "nothing is varied: a single point has no chart");
        return XP_PLOT_EMPTY;
    }
    if (!s->has_generate && s->n_dims == 2 && (s->dims[0].n * s->dims[1].n > 4096)) {
        snprintf(why, why_size, "a heat map of %zu cells is too large", s->dims[0].n * s->dims[1].n);
        return XP_PLOT_EMPTY;
    }
    int rc = s->has_generate ? acceptance(&c, out) : s->n_dims == 1 ? line_chart(&c, out)
                                                                     : heat_map(&c, out);
    if (rc == XP_PLOT_ENOMEM)
        snprintf(why, why_size, "out of memory");
    return rc;
}
