/* report_meas: the --check-measurements part of the text report, and the words every format
 * uses for an observation (docs/calibration.md sec. 4). Prints what measure_check computed. */
#include "report/report_meas.h"

#include "report/report.h"
#include "util/fmt.h"
#include "util/textesc.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

const char *report_meas_bin_name(size_t bin)
{
    static const char *const names[MEAS_BINS] = {
        "0.0-0.1", "0.1-0.2", "0.2-0.3", "0.3-0.4", "0.4-0.5", "0.5-0.6", "0.6-0.7",
        "0.7-0.8", "0.8-0.9", "0.9-1.0", "above 1"};
    return bin < MEAS_BINS ? names[bin] : "?";
}

void report_meas_label(const rt_report *r, size_t i, char *buf, size_t size)
{
    const rt_measurements *in = r->meas_in;
    if (in->kind == RT_MEAS_JOBS) {
        const rt_meas_job *j = &in->jobs[i];
        snprintf(buf, size, "job of task \"%s\" released at %" PRId64 " ns",
                 r->ts->tasks[j->task].name, j->release_ns);
        return;
    }
    const rt_meas_kernel *k = &in->kernels[i];
    size_t n = (size_t)snprintf(buf, size, "kernel \"%s\" on %" PRId64 " SMs",
                                r->ts->kernels[k->kernel].name, k->sms);
    if (k->n_corunners == 0 && n < size)
        snprintf(buf + n, size - n, " alone");
    for (size_t c = 0; c < k->n_corunners && n < size; c++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s@%" PRId64, c ? ";" : " beside ",
                              r->ts->kernels[k->corunners[c].kernel].name, k->corunners[c].sms);
}

/* The co-runners of S* ("none" when k is worst alone). */
static void star_text(const rt_report *r, size_t i, char *buf, size_t size)
{
    const meas_kernel_check *c = &r->meas->kernels[i];
    const rt_meas_kernel *k = &r->meas_in->kernels[i];
    size_t n = 0;
    buf[0] = '\0';
    if (c->n_star == 0)
        snprintf(buf, size, "none");
    for (size_t s = 0; s < c->n_star && n < size; s++) {
        const rt_meas_corunner *cr = &k->corunners[c->star[s]];
        n += (size_t)snprintf(buf + n, size - n, "%s%s@%" PRId64, s ? ";" : "",
                              r->ts->kernels[cr->kernel].name, cr->sms);
    }
}

void report_meas_verdict(const rt_report *r, FILE *out)
{
    const meas_result *m = r->meas;
    if (!m)
        return;
    if (m->n_above)
        fprintf(out, "MEASUREMENTS: %zu of %zu observations exceed their bound: the model is "
                     "invalid there (exit status 1)\n", m->n_above, m->n);
    else
        fprintf(out, "MEASUREMENTS: all %zu observations within their bounds%s\n",
                m->n - m->n_unbounded, m->n_unbounded ? " (some tasks have no bound)" : "");
}

/* A duration as the task tables print it ("1.824253 ms"); model_ns rounded up to a whole ns. */
#define D(ns) fmt_dur_of(ns)   /* a duration for people (util/fmt.h) */

static void one(const rt_report *r, size_t i, FILE *out)
{
    char label[600], star[600], mdl[40], cyc[32];
    report_meas_label(r, i, label, sizeof label);
    if (r->meas->kind == RT_MEAS_JOBS) {
        const meas_job_check *c = &r->meas->jobs[i];
        long line = r->meas_in->jobs[i].line;
        if (!c->bounded) {
            fprintf(out, "  line %ld: %s: response %s; no bound (the task's response time is "
                         "unbounded)\n", line, label, D(c->observed_ns).s);
            return;
        }
        fprintf(out, "  line %ld: %s: response %s %s R %s, tightness %.6f (D %s)\n", line,
                label, D(c->observed_ns).s, c->above ? ">" : "<=", D(c->bound_ns).s,
                c->tightness, D(c->deadline_ns).s);
        return;
    }
    const meas_kernel_check *c = &r->meas->kernels[i];
    star_text(r, i, star, sizeof star);
    fmt_ns((int64_t)ceil(c->model_ns), mdl, sizeof mdl);
    fmt_real(c->isolated_cycles, cyc, sizeof cyc);
    fprintf(out, "  line %ld: %s: observed %s %s bound %s, tightness %.6f; model %s without "
                 "margin, C(k,n) %s cycles, M %.6g (%s, S* %s%s)\n",
            r->meas_in->kernels[i].line, label, D(c->observed_ns).s, c->above ? ">" : "<=",
            D(c->bound_ns).s, c->tightness, mdl, cyc, c->multiplier,
            interference_case_name(c->sup_case), star, c->exhaustive ? "" : ", NOT exhaustive");
}

void report_meas_text(const rt_report *r, FILE *out, int verbosity)
{
    const meas_result *m = r->meas;
    if (!m || verbosity < 0)
        return;
    const meas_stats *s = &m->stats;
    char hex[65];
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", r->meas_in->sha256[i]);
    fputs("\nMeasurements (", out);
    rt_textesc_fputs(r->meas_in->path, out);
    fprintf(out, ", sha256 %s): %zu %s against %s\n", hex,
            m->n, m->kind == RT_MEAS_JOBS ? "job response times" : "kernel times",
            m->kind == RT_MEAS_JOBS ? "the analysed response times R"
                                    : "the WCET of that launch beside those co-runners "
                                      "(worst-case windows, docs/calibration.md)");
    fprintf(out, "  above their bound: %zu%s\n", m->n_above,
            m->n_above ? " (the model is invalid there)" : "");
    if (m->kind == RT_MEAS_KERNELS)
        fprintf(out, "  above the model without the margin: %zu\n", m->n_above_model);
    else if (m->n_unbounded)
        fprintf(out, "  without a bound (unbounded response time): %zu\n", m->n_unbounded);
    if (s->n)
        fprintf(out, "  tightness (observed / bound) over %zu: min %.6f, median %.6f, p90 %.6f, "
                     "p99 %.6f, max %.6f, mean %.6f\n", s->n, s->min, s->median, s->p90,
                s->p99, s->max, s->mean);
    fprintf(out, "  histogram:");
    for (size_t b = 0; b < MEAS_BINS; b++)
        fprintf(out, " %s: %zu%s", report_meas_bin_name(b), s->bins[b],
                b + 1 < MEAS_BINS ? "," : "\n");
    if (m->n_above) {
        fprintf(out, "Observations above their bound:\n");
        for (size_t i = 0; i < m->n; i++)
            if (m->kind == RT_MEAS_JOBS ? m->jobs[i].above : m->kernels[i].above)
                one(r, i, out);
    }
    if (verbosity > 0) {
        fprintf(out, "Every observation:\n");
        for (size_t i = 0; i < m->n; i++)
            one(r, i, out);
    }
}
