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

/* The read and write instants of the witness jobs idx[0 .. n-1] of chain c into a new array in
 * *out: CHAINRUN_OK, CHAINRUN_ENOMEM, or CHAINRUN_EINVAL for a job that is not recorded. */
static int witness(const chainobs_task *tasks, const rt_chain *c, const size_t *idx,
                   chainobs_job **out)
{
    chainobs_job *w = malloc(c->n_tasks * sizeof *w);
    *out = NULL;
    if (!w)
        return CHAINRUN_ENOMEM;
    for (size_t i = 0; i < c->n_tasks; i++) {
        const chainobs_task *t = &tasks[c->tasks[i]];
        if (!t->jobs || idx[i] >= t->n_jobs) {
            free(w);
            return CHAINRUN_EINVAL;
        }
        w[i] = t->jobs[idx[i]];
    }
    *out = w;
    return CHAINRUN_OK;
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
        int orc = chainobs_compute(tasks, n, c->tasks, c->n_tasks, &cr[k].obs);
        if (orc != CHAINOBS_OK) {
            rc = orc == CHAINOBS_ENOMEM ? CHAINRUN_ENOMEM
               : orc == CHAINOBS_ERANGE ? CHAINRUN_ERANGE : CHAINRUN_EINVAL;
            goto done;
        }
        const chainobs_result *o = &cr[k].obs;
        if ((o->mrt.found && (rc = witness(tasks, c, o->mrt.jobs, &cr[k].mrt_jobs)) != 0) ||
            (o->mda.found && (rc = witness(tasks, c, o->mda.jobs, &cr[k].mda_jobs)) != 0))
            goto done;
        const chain_result *b = &bounds[k];
        cr[k].mrt_exceeded = o->mrt.found && b->has_mrt && o->mrt.length_ns > b->mrt_ns;
        cr[k].mda_exceeded = o->mda.found && b->has_mda && o->mda.length_ns > b->mda_ns;
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
