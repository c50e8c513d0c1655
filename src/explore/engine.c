/* engine: one point of a sweep, analysed in process.
 *
 * What a point changes, and what is recomputed for it:
 *   - the task set: a working copy of the base (or generated) set; per point its periods,
 *     deadlines, partition sizes and kernel values are reset from the source and the point's
 *     period-scale, partition-sms and kernel-scale applied (no allocation);
 *   - the generated set: made again only when the point's (utilization, set) changes;
 *   - the model (every kernel's C(k,n) and BW(k,n) table, model/model.c): one per GPU and
 *     kernel-scale choice, built the first time a point needs it and kept (margin, interference,
 *     windows, priorities, periods and partition sizes do not change it);
 *   - the checks that need both inputs (rt_inputs_check: partitions fit the GPU, measured points,
 *     the model's domain), then the verdict pipeline of rtgpu-analyze (run/run.h): its check of
 *     the point's options, the given layout or a search, the found layout analysed again, the
 *     chains of the task set on the point's periods and response times. The windows and
 *     response times are computed for every point (about 15 us for 10 tasks on 4 partitions),
 *     so every point's verdict and numbers are exactly those rtgpu-analyze prints for the same
 *     inputs and options: a failed chain makes the point unschedulable and the partition search,
 *     which does not take chains into account, makes the point invalid. */
#include "explore/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/chain.h"
#include "analysis/sens.h"
#include "explore/gen.h"
#include "models/model.h"
#include "run/run.h"
#include "search/assign.h"
#include "taskset/inputs.h"
#include "util/ckint.h"

/* At most this many models are kept (a model of 10 kernels on 132 SMs is about 50 KB). */
#define MODEL_CACHE_MAX 4096

struct xp_engine {
    const xp_spec *s;
    rt_taskset *src;        /* the set points start from: s->ts, or the current generated set */
    rt_taskset *gen;        /* owned: the current generated set */
    bool gen_ok;
    char gen_err[300];
    uint64_t gen_key;       /* (utilization index, set index) + 1 of gen; 0: none */
    uint64_t gen_seed;
    rt_taskset *work;       /* owned: the copy a point edits */
    size_t *idx;            /* n_dims value indices of the current point */
    size_t n_kcombo;        /* kernel-scale combinations */
    model **cache;          /* owned: n_gpus * n_kcombo models, or one when too many */
    size_t n_cache;
    size_t cached_key;      /* single-entry cache: the key of cache[0] */
    rt_diags *diags;
    chain_result *chains;   /* owned: the results of the current point (n_chains) */
};

xp_engine *xp_engine_new(const xp_spec *s)
{
    xp_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->s = s;
    e->idx = calloc(s->n_dims ? s->n_dims : 1, sizeof *e->idx);
    e->n_kcombo = 1;
    for (size_t i = 0; i < s->n_dims; i++)
        if (s->dims[i].param == XP_KERNEL_SCALE && e->n_kcombo <= MODEL_CACHE_MAX)
            e->n_kcombo *= s->dims[i].n;
    size_t n = s->n_gpus * e->n_kcombo;
    e->n_cache = (e->n_kcombo <= MODEL_CACHE_MAX && n <= MODEL_CACHE_MAX) ? n : 1;
    e->cached_key = SIZE_MAX;
    e->cache = calloc(e->n_cache ? e->n_cache : 1, sizeof *e->cache);
    size_t n_chains = s->ts ? s->ts->n_chains : 0;
    if (s->ts) {
        e->src = s->ts;
        e->work = rt_taskset_copy(s->ts);
    }
    if (n_chains) {
        e->chains = calloc(n_chains, sizeof *e->chains);
    }
    if (!e->idx || !e->cache || (s->ts && !e->work) || (n_chains && !e->chains)) {
        xp_engine_free(e);
        return NULL;
    }
    return e;
}

static void drop_models(xp_engine *e)
{
    for (size_t i = 0; i < e->n_cache; i++) {
        model_free(e->cache[i]);
        e->cache[i] = NULL;
    }
    e->cached_key = SIZE_MAX;
}

void xp_engine_free(xp_engine *e)
{
    if (!e)
        return;
    if (e->cache)
        drop_models(e);
    free(e->cache);
    rt_taskset_free(e->work);
    rt_taskset_free(e->gen);
    free(e->idx);
    rt_diag_free(e->diags);
    free(e->chains);
    free(e);
}

/* ---- the point's task set -------------------------------------------------------------- */

/* Make the generated set of the current point if it is not the one held. */
static int ensure_generated(xp_engine *e)
{
    const xp_spec *s = e->s;
    const xp_dim *ud = &s->dims[0], *sd = &s->dims[1];   /* <generate>'s dimensions come first */
    uint64_t key = (uint64_t)e->idx[0] * sd->n + e->idx[1] + 1;
    if (key == e->gen_key)
        return XP_OK;
    drop_models(e);
    rt_taskset_free(e->work);
    rt_taskset_free(e->gen);
    e->work = e->gen = NULL;
    e->src = NULL;
    e->gen_key = key;
    const xp_value *u = &ud->v[e->idx[0]];
    e->gen_seed = xp_gen_seed(s->gen.seed, u->mant, u->digits, e->idx[1]);
    e->gen = xp_gen_taskset(&s->gen, u->real, e->gen_seed, e->gen_err, sizeof e->gen_err);
    e->gen_ok = e->gen != NULL;
    if (!e->gen_ok)
        return strcmp(e->gen_err, "out of memory") == 0 ? XP_ENOMEM : XP_OK;
    e->src = e->gen;
    e->work = rt_taskset_copy(e->gen);
    if (!e->work) {
        e->gen_key = 0;
        return XP_ENOMEM;
    }
    return XP_OK;
}

/* ceil(v * mant / 10^digits), false on overflow. */
static bool scale_ns(int64_t v, const xp_value *x, int64_t *out)
{
    static const int64_t p10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                   100000000, 1000000000 };
    int64_t prod;
    if (ck_mul(v, x->mant, &prod))
        return false;
    *out = ck_ceil_div(prod, p10[x->digits]);
    return *out >= 1;
}

/* The kernel-scale values of the point on kernel k: their product, 1 if none. */
static double kernel_factor(const xp_engine *e, size_t k)
{
    double x = 1.0;
    for (size_t i = 0; i < e->s->n_dims; i++)
        if (e->s->dims[i].param == XP_KERNEL_SCALE && e->s->dims[i].target == k)
            x *= e->s->dims[i].v[e->idx[i]].real;
    return x;
}

/* Reset the working set from the source and apply the point's changes. false: *err says why. */
static bool apply_point(xp_engine *e, const rt_gpu *gpu, char *err, size_t size)
{
    const xp_spec *s = e->s;
    rt_taskset *w = e->work, *src = e->src;
    for (size_t t = 0; t < w->n_tasks; t++) {
        w->tasks[t].period_ns = src->tasks[t].period_ns;
        w->tasks[t].deadline_ns = src->tasks[t].deadline_ns;
    }
    for (size_t p = 0; p < w->n_partitions; p++) {
        w->partitions[p].sms = src->partitions[p].sms;
        w->partitions[p].first_sm = src->partitions[p].first_sm;
    }
    for (size_t k = 0; k < w->n_kernels; k++) {
        rt_kernel *kw = &w->kernels[k];
        const rt_kernel *ks = &src->kernels[k];
        double x = kernel_factor(e, k);
        /* Ck(N) times x at the same bandwidth: cycles, counts and measured cycles scale */
        kw->cycles = ks->cycles * x;
        kw->time_ns = ks->time_ns * x;
        kw->instructions = ks->instructions * x;
        kw->l2_accesses = ks->l2_accesses * x;
        for (size_t m = 0; m < kw->n_measured; m++)
            kw->measured[m].cycles = ks->measured[m].cycles * x;
    }
    bool sized = false;
    for (size_t i = 0; i < s->n_dims; i++) {
        const xp_dim *d = &s->dims[i];
        /* only the dimensions read here index v: the "set" dimension of <generate> holds no
         * values (its index is the value), so no element of v is formed before it is needed */
        if (d->param == XP_PARTITION_SMS) {
            const xp_value *v = &d->v[e->idx[i]];
            w->partitions[d->target].sms = v->num;
            sized = true;
        } else if (d->param == XP_PERIOD_SCALE) {
            const xp_value *v = &d->v[e->idx[i]];
            for (size_t t = 0; t < w->n_tasks; t++) {
                rt_task *tk = &w->tasks[t];
                if (!scale_ns(tk->period_ns, v, &tk->period_ns) ||
                    !scale_ns(tk->deadline_ns, v, &tk->deadline_ns)) {
                    snprintf(err, size, "task \"%s\": period-scale %s puts its period or "
                             "deadline out of range", tk->name, v->text);
                    return false;
                }
            }
        }
    }
    if (s->has_generate) {
        if (xp_gen_sizes(w, gpu->sms, gpu->granularity) != 0) {
            snprintf(err, size, "generate: %zu partitions do not fit %s: %lld SMs in units of "
                     "%lld", w->n_partitions, gpu->path, (long long)gpu->sms,
                     (long long)gpu->granularity);
            return false;
        }
    } else if (sized) {
        /* default placement, as the loader does: packed in file order */
        int64_t next = 0;
        for (size_t p = 0; p < w->n_partitions; p++) {
            rt_partition *pa = &w->partitions[p];
            if (!pa->has_first_sm)
                pa->first_sm = next;
            if (ck_add(pa->first_sm, pa->sms, &next)) {
                snprintf(err, size, "partition \"%s\": first-sm + sms is out of range", pa->name);
                return false;
            }
        }
    }
    return true;
}

/* The model of the point's GPU and kernel scales, built once. NULL on out of memory. */
static model *point_model(xp_engine *e, size_t gi, const rt_gpu *gpu)
{
    size_t kc = 0;
    for (size_t i = 0; i < e->s->n_dims; i++)
        if (e->s->dims[i].param == XP_KERNEL_SCALE)
            kc = kc * e->s->dims[i].n + e->idx[i];
    size_t key = gi * e->n_kcombo + kc, slot = key;
    if (e->n_cache == 1) {
        slot = 0;
        if (e->cached_key != key) {
            model_free(e->cache[0]);
            e->cache[0] = NULL;
            e->cached_key = key;
        }
    }
    if (!e->cache[slot])
        e->cache[slot] = model_new(gpu, e->work);
    return e->cache[slot];
}

/* The first error of the inputs check as "file:line: message". */
static void first_error(const rt_diags *d, char *err, size_t size)
{
    for (size_t i = 0; i < rt_diag_count(d); i++) {
        const rt_diag *g = rt_diag_get(d, i);
        if (g->kind != RT_DIAG_ERROR)
            continue;
        if (g->line > 0)
            snprintf(err, size, "%s:%ld: %s", g->file ? g->file : "", g->line, g->msg);
        else
            snprintf(err, size, "%s: %s", g->file ? g->file : "", g->msg);
        return;
    }
    snprintf(err, size, "invalid inputs");
}

/* Options of the point: the spec's, with every varied option set. */
static void point_options(const xp_engine *e, rt_options *o)
{
    const xp_spec *s = e->s;
    *o = s->opt;
    for (size_t i = 0; i < s->n_dims; i++) {
        const xp_dim *d = &s->dims[i];
        if (d->param == XP_SET)
            continue;
        const xp_value *v = &d->v[e->idx[i]];
        switch (d->param) {
        case XP_MARGIN: o->margin = v->real; break;
        case XP_NAIVE_FACTOR: o->naive_factor = v->real; break;
        case XP_INTERFERENCE: o->interference = (rt_interference_mode)v->num; break;
        case XP_WINDOWS: o->windows = (rt_windows_mode)v->num; break;
        case XP_PRIORITIES: o->priorities = (rt_prio_mode)v->num; break;
        case XP_ASSIGN: o->assign = (rt_assign_mode)v->num; break;
        default: break;
        }
    }
    o->write_lp = NULL;
    o->verbosity = -1;
}

static size_t point_gpu(const xp_engine *e)
{
    for (size_t i = 0; i < e->s->n_dims; i++)
        if (e->s->dims[i].param == XP_GPU)
            return (size_t)e->s->dims[i].v[e->idx[i]].num;
    return e->s->base_gpu;
}

/* Prepare the point's inputs; XP_OK, XP_ENOMEM, or 1 with err set (invalid point). */
static int prepare(xp_engine *e, uint64_t p, size_t *gi, char *err, size_t size)
{
    xp_spec_point_index(e->s, p, e->idx);
    if (e->s->has_generate) {
        int rc = ensure_generated(e);
        if (rc != XP_OK)
            return rc;
        if (!e->gen_ok) {
            snprintf(err, size, "%s", e->gen_err);
            return 1;
        }
    }
    *gi = point_gpu(e);
    const rt_gpu *gpu = e->s->gpus[*gi];
    if (!apply_point(e, gpu, err, size))
        return 1;
    if (!e->diags && !(e->diags = rt_diag_new(4)))
        return XP_ENOMEM;
    size_t before = rt_diag_errors(e->diags);
    rt_inputs_check(e->work, gpu, e->diags);
    if (rt_diag_errors(e->diags) != before) {
        first_error(e->diags, err, size);
        rt_diag_free(e->diags);   /* a fresh list for the next point */
        e->diags = NULL;
        return 1;
    }
    return XP_OK;
}

/* Slack, misses and SMs of an analysed layout. */
static void summarise(const rt_taskset *ts, const rt_layout *l, const rt_eval *ev, xp_outcome *out)
{
    out->has_sms = true;
    out->sms_used = 0;
    for (size_t p = 0; p < l->n_parts; p++)
        out->sms_used += l->part_sms[p];
    out->misses = ev->n_misses;
    out->has_slack = true;
    for (size_t t = 0; t < ts->n_tasks; t++) {
        const rta_result *r = &ev->rta[t];
        if (r->status != RTA_BOUNDED) {
            out->has_slack = false;
            break;
        }
        int64_t slack = ts->tasks[t].deadline_ns - r->wcrt_ns;
        if (t == 0 || slack < out->min_slack_ns)
            out->min_slack_ns = slack;
    }
    if (ts->n_tasks == 0)
        out->has_slack = false;
}

static void invalid(xp_outcome *out, int status, const char *what, const char *why)
{
    out->valid = false;
    out->exit_status = status;
    snprintf(out->error, sizeof out->error, "%s%s", what, why);
}

/* The first error of the pipeline, from the search's own messages when it wrote one (a solver's
 * failure), else from the pipeline's. */
static void pipeline_error(const run_result *rr, const rt_diags *d, char *err, size_t size)
{
    if (rr->search_diags && rt_diag_errors(rr->search_diags) > 0)
        first_error(rr->search_diags, err, size);
    else
        first_error(d, err, size);
}

/* The point through the verdict pipeline (run/run.h), as rtgpu-analyze runs it: its check, the
 * given layout or a search, the chains; then out from its result, and with scaling the critical
 * scaling factor of the layout (sensitivity.c, the figure of rtgpu-analyze --sensitivity, which
 * covers the deadlines). The chains' results are copied into e->chains. */
static int run_point(xp_engine *e, const model *m, const rt_gpu *gpu, rt_options *o,
                     bool scaling, xp_outcome *out)
{
    const rt_taskset *ts = e->work;
    rt_diags *d = rt_diag_new(4);
    if (!d)
        return XP_ENOMEM;
    run_door door = { .who = "rtgpu-explore", .chains = true };
    if (run_check(ts, gpu, &door, o, d) != 0) {
        first_error(d, out->error, sizeof out->error);
        out->valid = false;
        out->exit_status = 2;
        rt_diag_free(d);
        return XP_OK;
    }
    run_result rr;
    run_verdict v = run_analyse(m, ts, o, &door, 0, &rr, d);
    int ret = XP_OK;
    if (rr.oom) {
        ret = XP_ENOMEM;
    } else if (rr.failed && v == RUN_INVALID) {
        pipeline_error(&rr, d, out->error, sizeof out->error);
        out->valid = false;
        out->exit_status = 2;
    } else if (rr.failed) {
        /* the solver failed, or the found layout's analysis contradicts the search: a fault of
         * the tool (exit status 3); the inputs are valid */
        char msg[300];
        pipeline_error(&rr, d, msg, sizeof msg);
        invalid(out, 3, "assignment search failed: ", msg);
        out->valid = true;
        out->status = "unknown";
    } else {
        out->status = rr.searched ? assign_status_name(rr.assign.status) : "given";
        out->exit_status = run_exit_status(v);
        out->schedulable = v == RUN_SCHEDULABLE;
        if (rr.have_eval) {
            summarise(ts, rr.layout, &rr.eval, out);
            if (!rr.eval.decided || rr.undecided_chain != SIZE_MAX)
                out->status = "undecided";     /* the work budget ran out: exit status 3 */
        }
        if (rr.chains && ts->n_chains > 0) {
            memcpy(e->chains, rr.chains, ts->n_chains * sizeof *e->chains);
            out->chains = e->chains;
        }
        uint64_t analyses = 0;
        /* the budget running out leaves the column null (has_scaling false), the verdict stands */
        if (scaling && rr.have_eval && rr.eval.decided &&
            sens_scaling(m, ts, rr.layout, o, &rr.budget, &rr.eval, &out->has_scaling,
                         &out->scaling_k, &analyses) == SENS_ENOMEM)
            ret = XP_ENOMEM;
    }
    run_result_fini(&rr);
    rt_diag_free(d);
    return ret;
}

int xp_engine_eval(xp_engine *e, uint64_t p, xp_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->valid = true;
    size_t gi = 0;
    int rc = prepare(e, p, &gi, out->error, sizeof out->error);
    if (e->s->has_generate) {
        out->has_seed = true;
        out->seed = e->gen_seed;
    }
    if (rc == 1) {
        out->valid = false;
        out->exit_status = 2;
        return XP_OK;
    }
    if (rc != XP_OK)
        return rc;
    rt_options o;
    point_options(e, &o);
    model *m = point_model(e, gi, e->s->gpus[gi]);
    if (!m)
        return XP_ENOMEM;
    return run_point(e, m, e->s->gpus[gi], &o, e->s->sensitivity, out);
}

int xp_engine_point_inputs(xp_engine *e, uint64_t p, const rt_taskset **ts, const rt_gpu **gpu,
                           char *err, size_t err_size)
{
    size_t gi = 0;
    int rc = prepare(e, p, &gi, err, err_size);
    if (rc == XP_OK) {
        *ts = e->work;
        *gpu = e->s->gpus[gi];
    }
    return rc;
}
