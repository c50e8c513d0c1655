/* simchains_report: the cause-effect chains that rtgpu-simulate observed (simchains_report.h),
 * the same for a whole system and for GPU steps alone. Times are whole nanoseconds. */
#include "report/simchains_report.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "util/fmt.h"
#include "util/jw.h"

/* One chain metric: observed, bound, witness (docs/simulation.md, "Cause-effect chains"). */
static void json_metric(const simchains_view *v, const rt_chain *c, const chainobs_max *m,
                        const chainobs_job *w, bool has, int64_t bound, chain_bound bind,
                        bool exceeded, jw *j)
{
    jw_object_begin(j);
    if (m->found)
        jw_kint(j, "observed_ns", m->length_ns);
    else
        jw_knull(j, "observed_ns");
    jw_kint(j, "job_chains", (int64_t)m->chains);
    if (has) {
        jw_kint(j, "bound_ns", bound);
        jw_kstr(j, "binding", chain_bound_name(bind));
    } else {
        jw_knull(j, "bound_ns");
        jw_knull(j, "binding");
    }
    jw_kbool(j, "exceeded", exceeded);
    jw_key(j, "witness");
    if (!m->found) {
        jw_null(j);
    } else {
        jw_object_begin(j);
        jw_kint(j, "from_ns", m->from_ns);
        jw_kint(j, "to_ns", m->to_ns);
        jw_key(j, "jobs");
        jw_array_begin(j);
        for (size_t i = 0; i < c->n_tasks; i++) {
            jw_object_begin(j);
            jw_kstr(j, "task", v->ts->tasks[c->tasks[i]].name);
            jw_kint(j, "job", (int64_t)m->jobs[i]);
            jw_kint(j, "read_ns", w[i].read_ns);
            jw_kint(j, "write_ns", w[i].write_ns);
            jw_object_end(j);
        }
        jw_array_end(j);
        jw_object_end(j);
    }
    jw_object_end(j);
}

void simchains_report_json(const simchains_view *v, jw *j)
{
    jw_key(j, "chains");
    jw_array_begin(j);
    for (size_t k = 0; k < v->n; k++) {
        const rt_chain *c = &v->ts->chains[k];
        const chain_result *b = &v->bounds[k];
        const chainrun_chain *o = &v->obs[k];
        jw_object_begin(j);
        jw_kstr(j, "name", c->name);
        jw_kstr(j, "communication", c->communication == RT_COMM_LET ? "let" : "implicit");
        jw_key(j, "reaction");
        json_metric(v, c, &o->obs.mrt, o->mrt_jobs, b->has_mrt, b->mrt_ns, b->binding_mrt,
                    o->mrt_exceeded, j);
        jw_key(j, "data_age");
        json_metric(v, c, &o->obs.mda, o->mda_jobs, b->has_mda, b->mda_ns, b->binding_mda,
                    o->mda_exceeded, j);
        jw_object_end(j);
    }
    jw_array_end(j);
}

/* One row of the chains' table. */
static void text_chain_row(FILE *out, int w, const char *name, const char *comm,
                           const char *metric, const chainobs_max *m, bool has, int64_t bound,
                           chain_bound bind, bool exceeded)
{
    char a[40], b[40];
    strcpy(a, "-");
    if (m->found)
        fmt_ns(m->length_ns, a, sizeof a);
    strcpy(b, "unbounded");
    if (has)
        fmt_ns(bound, b, sizeof b);
    fprintf(out, "  %-*.*s %-8s %-8s %13s %13s %-9s %10" PRIu64 "%s\n", w, w, name, comm, metric,
            a, b, has ? chain_bound_name(bind) : "-", m->chains, exceeded ? "  EXCEEDED" : "");
}

void simchains_report_text(const simchains_view *v, FILE *out)
{
    size_t w = 5;
    for (size_t k = 0; k < v->n; k++)
        if (strlen(v->ts->chains[k].name) > w)
            w = strlen(v->ts->chains[k].name) > 40 ? 40 : strlen(v->ts->chains[k].name);
    fprintf(out, "\nChains (observed maximum over the job chains complete in the run, beside the "
                 "binding bound):\n");
    fprintf(out, "  %-*s %-8s %-8s %13s %13s %-9s %10s\n", (int)w, "chain", "comm", "metric",
            "observed", "bound", "binding", "job chains");
    for (size_t k = 0; k < v->n; k++) {
        const rt_chain *c = &v->ts->chains[k];
        const chain_result *b = &v->bounds[k];
        const chainrun_chain *o = &v->obs[k];
        const char *comm = c->communication == RT_COMM_LET ? "let" : "implicit";
        text_chain_row(out, (int)w, c->name, comm, "reaction", &o->obs.mrt, b->has_mrt,
                       b->mrt_ns, b->binding_mrt, o->mrt_exceeded);
        text_chain_row(out, (int)w, c->name, comm, "age", &o->obs.mda, b->has_mda, b->mda_ns,
                       b->binding_mda, o->mda_exceeded);
    }
}

/* The counter-example of an observed chain metric above its binding bound. */
void simchains_report_violation(const simchains_view *v, FILE *out)
{
    if (!v->exceeded)
        return;
    size_t k = v->chain;
    const rt_chain *c = &v->ts->chains[k];
    const chain_result *b = &v->bounds[k];
    const chainrun_chain *o = &v->obs[k];
    bool mda = v->mda;
    const chainobs_max *m = mda ? &o->obs.mda : &o->obs.mrt;
    const chainobs_job *wj = mda ? o->mda_jobs : o->mrt_jobs;
    fprintf(out, "rtgpu-simulate: DEFECT: chain \"%s\" (%s): observed maximum %s %" PRId64
                 " ns, above the analysed bound %" PRId64 " ns (%s)\n", c->name,
            c->communication == RT_COMM_LET ? "let" : "implicit",
            mda ? "data age" : "reaction time", m->length_ns, mda ? b->mda_ns : b->mrt_ns,
            chain_bound_name(mda ? b->binding_mda : b->binding_mrt));
    if (mda)
        fprintf(out, "  from the read of job %zu of \"%s\" at %" PRId64 " ns to the write of "
                     "job %zu of \"%s\" at %" PRId64 " ns; the job chain:\n", m->jobs[0],
                v->ts->tasks[c->tasks[0]].name, m->from_ns, m->jobs[c->n_tasks - 1] + 1,
                v->ts->tasks[c->tasks[c->n_tasks - 1]].name, m->to_ns);
    else
        fprintf(out, "  from the read of job %zu of \"%s\" at %" PRId64 " ns to the write of "
                     "job %zu of \"%s\" at %" PRId64 " ns; the job chain:\n", m->jobs[0] - 1,
                v->ts->tasks[c->tasks[0]].name, m->from_ns, m->jobs[c->n_tasks - 1],
                v->ts->tasks[c->tasks[c->n_tasks - 1]].name, m->to_ns);
    for (size_t i = 0; i < c->n_tasks; i++)
        fprintf(out, "    task \"%s\" job %zu: read at %" PRId64 " ns, write at %" PRId64
                     " ns\n", v->ts->tasks[c->tasks[i]].name, m->jobs[i], wj[i].read_ns,
                wj[i].write_ns);
}

