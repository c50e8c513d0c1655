/* report_json_meas: the "measurements" member of the JSON report (docs/report.md
 * "measurements"): --check-measurements' input, each observation against its bound and the
 * tightness distribution. */
#include "report/report_json_meas.h"

#include <stddef.h>
#include <stdint.h>

#include "report/json_opt.h"
#include "report/report_json.h"
#include "report/report_meas.h"

static void j_corunners(jw *w, const char *key, const rt_report *r, const rt_meas_corunner *c,
                        const size_t *pick, size_t n)
{
    jw_key(w, key);
    jw_array_begin(w);
    for (size_t i = 0; i < n; i++) {
        const rt_meas_corunner *x = &c[pick ? pick[i] : i];
        jw_object_begin(w);
        jw_kstr(w, "kernel", r->ts->kernels[x->kernel].name);
        jw_kint(w, "sms", x->sms);
        jw_object_end(w);
    }
    jw_array_end(w);
}

static void j_meas_kernel(jw *w, const rt_report *r, size_t i)
{
    const rt_meas_kernel *in = &r->meas_in->kernels[i];
    const meas_kernel_check *c = &r->meas->kernels[i];
    jw_object_begin(w);
    jw_kint(w, "line", (int64_t)in->line);
    jw_kstr(w, "kernel", r->ts->kernels[in->kernel].name);
    jw_kint(w, "sms", in->sms);
    j_corunners(w, "corunners", r, in->corunners, NULL, in->n_corunners);
    jw_kint(w, "observed_ns", c->observed_ns);
    jw_kint(w, "bound_ns", c->bound_ns);
    jw_kreal(w, "model_ns", c->model_ns);
    jw_kreal(w, "isolated_cycles", c->isolated_cycles);
    jw_kreal(w, "multiplier", c->multiplier);
    jw_kreal(w, "bw_gbps", c->bw_gbps);
    jw_kreal(w, "I", c->I);
    jw_kreal(w, "Pi", c->Pi);
    jw_kstr(w, "case", interference_case_name(c->sup_case));
    jw_kbool(w, "exhaustive", c->exhaustive);
    j_corunners(w, "worst_corunners", r, in->corunners, c->star, c->n_star);
    jw_kreal(w, "tightness", c->tightness);
    jw_kbool(w, "above_bound", c->above);
    jw_kbool(w, "above_model", c->above_model);
    jw_object_end(w);
}

static void j_meas_job(jw *w, const rt_report *r, size_t i)
{
    const rt_meas_job *in = &r->meas_in->jobs[i];
    const meas_job_check *c = &r->meas->jobs[i];
    jw_object_begin(w);
    jw_kint(w, "line", (int64_t)in->line);
    jw_kstr(w, "task", r->ts->tasks[in->task].name);
    jw_kint(w, "release_ns", in->release_ns);
    jw_kint(w, "finish_ns", in->finish_ns);
    jw_kint(w, "response_ns", c->observed_ns);
    json_opt_int(w, "bound_ns", c->bounded, c->bound_ns);
    jw_kint(w, "deadline_ns", c->deadline_ns);
    json_opt_real(w, "tightness", c->bounded, c->tightness);
    jw_kbool(w, "above_bound", c->above);
    jw_object_end(w);
}

void report_json_meas(const rt_report *r, jw *w)
{
    const meas_result *m = r->meas;
    const meas_stats *s = &m->stats;
    jw_key(w, "measurements");
    jw_object_begin(w);
    report_json_input(w, "input", r->meas_in->path, r->meas_in->sha256);
    jw_kstr(w, "kind", rt_measurements_kind_name(m->kind));
    jw_kint(w, "count", (int64_t)m->n);
    jw_kint(w, "above_bound", (int64_t)m->n_above);
    jw_key(w, "tightness");
    jw_object_begin(w);
    jw_kint(w, "n", (int64_t)s->n);
    json_opt_real(w, "min", s->n, s->min);
    json_opt_real(w, "median", s->n, s->median);
    json_opt_real(w, "p90", s->n, s->p90);
    json_opt_real(w, "p99", s->n, s->p99);
    json_opt_real(w, "max", s->n, s->max);
    json_opt_real(w, "mean", s->n, s->mean);
    jw_key(w, "histogram");
    jw_array_begin(w);
    for (size_t b = 0; b < MEAS_BINS; b++) {
        jw_object_begin(w);
        jw_kstr(w, "bin", report_meas_bin_name(b));
        jw_kint(w, "count", (int64_t)s->bins[b]);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_object_end(w);
    jw_key(w, "observations");
    jw_array_begin(w);
    for (size_t i = 0; i < m->n; i++) {
        if (m->kind == RT_MEAS_JOBS)
            j_meas_job(w, r, i);
        else
            j_meas_kernel(w, r, i);
    }
    jw_array_end(w);
    json_opt_int(w, "above_model", m->kind == RT_MEAS_KERNELS, (int64_t)m->n_above_model);
    json_opt_int(w, "unbounded", m->kind == RT_MEAS_JOBS, (int64_t)m->n_unbounded);
    jw_object_end(w);
}
