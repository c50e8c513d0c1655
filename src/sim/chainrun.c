/* chainrun: the chains of a simulation (chainrun.h). Exact 64-bit integers. */
#include "sim/chainrun.h"

#include <math.h>
#include <stdlib.h>

#include "util/ckint.h"

/* What chain c needs simulated (chainrun_horizon), or -1 when it leaves int64. */
static int64_t chain_need(const rt_taskset *ts, const rt_chain *c)
{
    int64_t h = 1, phase = 0, sum = 0;
    for (size_t i = 0; i < c->n_tasks; i++) {
        const rt_task *t = &ts->tasks[c->tasks[i]];
        if (ck_mul(h, t->period_ns / ck_gcd(h, t->period_ns), &h) ||
            ck_add(sum, t->period_ns, &sum) || ck_add(sum, t->deadline_ns, &sum))
            return -1;
        if (t->offset_ns > phase)
            phase = t->offset_ns;
    }
    int64_t need;
    if (ck_mul(h, 2, &need) || ck_add(need, phase, &need) || ck_add(need, sum, &need))
        return -1;
    return need;
}

int64_t chainrun_horizon(const rt_taskset *ts, int64_t base)
{
    for (size_t k = 0; k < ts->n_chains; k++) {
        int64_t need = chain_need(ts, &ts->chains[k]);
        if (need < 0)
            return INT64_MAX;
        if (need > base)
            base = need;
    }
    return base;
}

/* Chain k's observation in c, against its binding bounds b: the witnesses' instants move from
 * the observation into mrt_jobs and mda_jobs. */
static void settle(chainrun_chain *c, const chain_result *b)
{
    c->mrt_jobs = c->obs.mrt.at;
    c->mda_jobs = c->obs.mda.at;
    c->obs.mrt.at = c->obs.mda.at = NULL;
    if (!c->obs.mrt.found) {
        free(c->mrt_jobs);
        c->mrt_jobs = NULL;
    }
    if (!c->obs.mda.found) {
        free(c->mda_jobs);
        c->mda_jobs = NULL;
    }
    c->mrt_exceeded = c->obs.mrt.found && b->has_mrt && c->obs.mrt.length_ns > b->mrt_ns;
    c->mda_exceeded = c->obs.mda.found && b->has_mda && c->obs.mda.length_ns > b->mda_ns;
}

static int obs_rc(int orc)
{
    return orc == CHAINOBS_OK       ? CHAINRUN_OK
         : orc == CHAINOBS_ENOMEM   ? CHAINRUN_ENOMEM
         : orc == CHAINOBS_ERANGE   ? CHAINRUN_ERANGE : CHAINRUN_EINVAL;
}

/* Where the implicit read and write instants come from: one of the two simulations. */
typedef struct source {
    const syssim_result *sys;   /* whole system: first step's start, last step's completion */
    const sim_result *gpu;      /* GPU steps alone: the job's start and finish */
} source;

/* A simulated instant in whole ns: exact under --exec wcet; under --exec dynamic the nearest
 * (docs/chains.md sec. 5: rounding keeps the order of instants and the bounds). */
static int64_t whole_ns(double ns)
{
    return (int64_t)llround(ns);
}

/* Task i's recorded jobs and their implicit instants into a new array in *out (*n of them):
 * CHAINRUN_OK, CHAINRUN_ENOMEM, or CHAINRUN_EINVAL for a record that is missing. */
static int implicit_jobs(const source *src, size_t i, chainobs_job **out, size_t *n)
{
    size_t m;
    *out = NULL;
    if (src->sys) {
        const syssim_task_result *st = &src->sys->tasks[i];
        m = (size_t)st->released;
        if (m && !st->jobs)
            return CHAINRUN_EINVAL;
    } else {
        const sim_task_stats *st = &src->gpu->tasks[i];
        m = (size_t)st->jobs;
        if (m && !st->spans)
            return CHAINRUN_EINVAL;
    }
    chainobs_job *j = malloc((m ? m : 1) * sizeof *j);
    if (!j)
        return CHAINRUN_ENOMEM;
    for (size_t k = 0; k < m; k++) {
        if (src->sys) {
            const syssim_job *r = &src->sys->tasks[i].jobs[k];
            j[k] = (chainobs_job){ .read_ns = r->first_start_ns, .write_ns = r->last_end_ns };
        } else {
            const sim_span *r = &src->gpu->tasks[i].spans[k];
            j[k] = (chainobs_job){ .read_ns = whole_ns(r->start_ns),
                                   .write_ns = whole_ns(r->finish_ns) };
        }
    }
    *out = j;
    *n = m;
    return CHAINRUN_OK;
}

static int observe(const rt_taskset *ts, const source *src, const chain_result *bounds,
                   chainrun_chain **out)
{
    size_t n = ts->n_tasks, nc = ts->n_chains;
    int rc = CHAINRUN_ENOMEM;
    *out = NULL;
    chainobs_task *imp = calloc(n ? n : 1, sizeof *imp), *let = calloc(n ? n : 1, sizeof *let);
    chainobs_job **buf = calloc(2 * (n ? n : 1), sizeof *buf);
    chainrun_chain *cr = calloc(nc ? nc : 1, sizeof *cr);
    if (!imp || !let || !buf || !cr)
        goto done;
    for (size_t i = 0; i < n; i++) {
        const rt_task *t = &ts->tasks[i];
        size_t m = 0;
        if ((rc = implicit_jobs(src, i, &buf[2 * i], &m)) != CHAINRUN_OK)
            goto done;
        chainobs_job *lj = malloc((m ? m : 1) * sizeof *lj);
        buf[2 * i + 1] = lj;
        rc = CHAINRUN_ENOMEM;
        if (!lj)
            goto done;
        int64_t from;
        int lrc = chainobs_let_jobs(t->offset_ns, t->period_ns, t->deadline_ns, m, lj, &from);
        if (lrc != CHAINOBS_OK) {
            rc = lrc == CHAINOBS_ERANGE ? CHAINRUN_ERANGE : CHAINRUN_EINVAL;
            goto done;
        }
        imp[i] = (chainobs_task){ .jobs = buf[2 * i], .n_jobs = m, .unrecorded_from_ns = from };
        let[i] = (chainobs_task){ .jobs = lj, .n_jobs = m, .unrecorded_from_ns = from };
    }
    for (size_t k = 0; k < nc; k++) {
        const rt_chain *c = &ts->chains[k];
        const chainobs_task *tasks = c->communication == RT_COMM_LET ? let : imp;
        if ((rc = obs_rc(chainobs_compute(tasks, n, c->tasks, c->n_tasks, &cr[k].obs))) !=
            CHAINRUN_OK)
            goto done;
        settle(&cr[k], &bounds[k]);
    }
    *out = cr;
    cr = NULL;
    rc = CHAINRUN_OK;
done:
    chainrun_free(cr, nc);
    for (size_t i = 0; buf && i < 2 * n; i++)
        free(buf[i]);
    free(buf);
    free(imp);
    free(let);
    return rc;
}

int chainrun_observe(const rt_taskset *ts, const syssim_result *res, const chain_result *bounds,
                     chainrun_chain **out)
{
    source src = { .sys = res };
    *out = NULL;
    return res->n_tasks == ts->n_tasks ? observe(ts, &src, bounds, out) : CHAINRUN_EINVAL;
}

int chainrun_observe_sim(const rt_taskset *ts, const sim_result *res, const chain_result *bounds,
                         chainrun_chain **out)
{
    source src = { .gpu = res };
    *out = NULL;
    return res->n_tasks == ts->n_tasks ? observe(ts, &src, bounds, out) : CHAINRUN_EINVAL;
}

/* ---- a whole-system run observed as it happens ---- */

struct chainrun_stream {
    const rt_taskset *ts;       /* borrowed */
    uint64_t *n_jobs;           /* per task: the jobs the run releases */
    int64_t *from;              /* per task: the nominal release of the first one it does not */
    chainobs_stream **imp;      /* per chain: the observer of an implicit one (LET: NULL) */
    int error;                  /* CHAINRUN_OK, or the first error of an observer */
};

int chainrun_stream_new(const rt_taskset *ts, const int64_t *phase, int64_t horizon,
                        chainrun_stream **out)
{
    *out = NULL;
    size_t n = ts->n_tasks, nc = ts->n_chains;
    chainrun_stream *cs = calloc(1, sizeof *cs);
    if (!cs)
        return CHAINRUN_ENOMEM;
    cs->ts = ts;
    cs->n_jobs = calloc(n ? n : 1, sizeof *cs->n_jobs);
    cs->from = calloc(n ? n : 1, sizeof *cs->from);
    cs->imp = calloc(nc ? nc : 1, sizeof *cs->imp);
    int rc = cs->n_jobs && cs->from && cs->imp ? CHAINRUN_OK : CHAINRUN_ENOMEM;
    for (size_t i = 0; rc == CHAINRUN_OK && i < n; i++) {
        const rt_task *t = &ts->tasks[i];
        cs->n_jobs[i] = syssim_released(phase[i], t->period_ns, horizon);
        int64_t at;
        if (cs->n_jobs[i] > (uint64_t)INT64_MAX ||
            ck_mul((int64_t)cs->n_jobs[i], t->period_ns, &at) ||
            ck_add(at, phase[i], &cs->from[i]))
            rc = CHAINRUN_ERANGE;
    }
    for (size_t k = 0; rc == CHAINRUN_OK && k < nc; k++) {
        const rt_chain *c = &ts->chains[k];
        if (c->communication != RT_COMM_LET)
            rc = obs_rc(chainobs_stream_new(c->tasks, c->n_tasks, n, cs->n_jobs, cs->from,
                                            &cs->imp[k]));
    }
    if (rc != CHAINRUN_OK) {
        chainrun_stream_free(cs);
        return rc;
    }
    *out = cs;
    return CHAINRUN_OK;
}

int chainrun_stream_event(void *ctx, size_t task, uint64_t job, bool write, int64_t t)
{
    chainrun_stream *cs = ctx;
    for (size_t k = 0; cs->error == CHAINRUN_OK && k < cs->ts->n_chains; k++)
        if (cs->imp[k])
            cs->error = obs_rc(chainobs_stream_event(cs->imp[k], task, job, write, t));
    return cs->error;
}

/* LET job k of task i: read at its offset + k*T, write D later (checked to fit by let_fits). */
static chainobs_job let_job(const void *ctx, size_t i, size_t k)
{
    const rt_task *t = &((const rt_taskset *)ctx)->tasks[i];
    int64_t read = t->offset_ns + (int64_t)k * t->period_ns;
    return (chainobs_job){ .read_ns = read, .write_ns = read + t->deadline_ns };
}

/* Whether every LET instant of the released jobs fits in int64 (the last one's write does). */
static bool let_fits(const chainrun_stream *cs)
{
    for (size_t i = 0; i < cs->ts->n_tasks; i++) {
        chainobs_job j;
        const rt_task *t = &cs->ts->tasks[i];
        if (cs->n_jobs[i] > 0 && chainobs_let_job(t->offset_ns, t->period_ns, t->deadline_ns,
                                                  cs->n_jobs[i] - 1, &j) != CHAINOBS_OK)
            return false;
    }
    return true;
}

int chainrun_stream_finish(chainrun_stream *cs, const chain_result *bounds, chainrun_chain **out)
{
    const rt_taskset *ts = cs->ts;
    size_t nc = ts->n_chains;
    *out = NULL;
    if (cs->error != CHAINRUN_OK)
        return cs->error;
    chainrun_chain *cr = calloc(nc ? nc : 1, sizeof *cr);
    int rc = cr ? CHAINRUN_OK : CHAINRUN_ENOMEM;
    for (size_t k = 0; rc == CHAINRUN_OK && k < nc; k++) {
        const rt_chain *c = &ts->chains[k];
        if (cs->imp[k]) {
            rc = obs_rc(chainobs_stream_finish(cs->imp[k], &cr[k].obs));
        } else if (!let_fits(cs)) {
            rc = CHAINRUN_ERANGE;
        } else {
            /* LET: the nominal instants of the same jobs, made as they are given */
            chainobs_stream *s = NULL;
            rc = obs_rc(chainobs_stream_new(c->tasks, c->n_tasks, ts->n_tasks, cs->n_jobs,
                                            cs->from, &s));
            if (rc == CHAINRUN_OK)
                rc = obs_rc(chainobs_feed(s, ts->n_tasks, let_job, ts, cs->n_jobs));
            if (rc == CHAINRUN_OK)
                rc = obs_rc(chainobs_stream_finish(s, &cr[k].obs));
            chainobs_stream_free(s);
        }
        if (rc == CHAINRUN_OK)
            settle(&cr[k], &bounds[k]);
    }
    if (rc != CHAINRUN_OK) {
        chainrun_free(cr, nc);
        return rc;
    }
    *out = cr;
    return CHAINRUN_OK;
}

int chainrun_stream_error(const chainrun_stream *cs)
{
    return cs ? cs->error : CHAINRUN_OK;
}

void chainrun_stream_free(chainrun_stream *cs)
{
    if (!cs)
        return;
    for (size_t k = 0; cs->imp && k < cs->ts->n_chains; k++)
        chainobs_stream_free(cs->imp[k]);
    free(cs->imp);
    free(cs->from);
    free(cs->n_jobs);
    free(cs);
}

bool chainrun_exceeded(const chainrun_chain *c, size_t n, size_t *chain, bool *mda)
{
    for (size_t k = 0; k < n; k++)
        if (c[k].mrt_exceeded || c[k].mda_exceeded) {
            *chain = k;
            *mda = !c[k].mrt_exceeded;
            return true;
        }
    return false;
}

void chainrun_free(chainrun_chain *c, size_t n)
{
    if (!c)
        return;
    for (size_t k = 0; k < n; k++) {
        chainobs_result_fini(&c[k].obs);
        free(c[k].mrt_jobs);
        free(c[k].mda_jobs);
    }
    free(c);
}
