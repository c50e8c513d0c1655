/* rtgpu: the installed API (rtgpu.h), a thin facade over the library's layers: it loads the
 * inputs, runs the verdict pipeline that rtgpu-analyze runs (run/run.h: the checks that need
 * both inputs, the options resolved, the given layout or a search, the chains) and copies the
 * figures out. */
#include "rtgpu.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/budget.h"
#include "analysis/chain.h"
#include "analysis/system.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "run/run.h"
#include "search/assign.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"
#include "util/diag.h"

#define MAX_DIAGS 50    /* as rtgpu-analyze */

struct rtgpu_diags { rt_diags *d; };
struct rtgpu_taskset { rt_taskset *ts; };
struct rtgpu_gpu { rt_gpu *gpu; };
struct rtgpu_options { rt_options o; };

typedef struct {
    const char *name;           /* in the result's names */
    long part;                  /* -1: a CPU task */
    int64_t wcrt_ns;            /* -1: none */
    int64_t deadline_ns;
    rtgpu_task_status status;
    size_t first_step, n_steps; /* its steps in the result's steps (a whole system) */
} task_res;

typedef struct {
    rtgpu_step_kind kind;
    const char *resource;       /* in the result's text */
    int64_t offset_ns, jitter_ns, wcrt_ns;   /* wcrt -1: none */
} step_res;

typedef struct {
    const char *name;           /* in the result's text */
    int64_t mrt_ns, mda_ns;     /* -1: none */
    const char *mrt_by, *mda_by;   /* static, NULL: none */
    rtgpu_chain_status status;
} chain_res;

struct rtgpu_result {
    rtgpu_verdict verdict;
    bool searched;
    rt_layout *layout;          /* owned; the analysed layout, NULL without one */
    task_res *tasks;            /* owned, task-set order; n_tasks entries when layout */
    size_t n_tasks;
    char *names;                /* owned: the task names, each NUL-terminated, in one block */
    step_res *steps;            /* owned, task by task */
    size_t n_steps;
    chain_res *chains;          /* owned, file order */
    size_t n_chains;
    char *undecided;            /* owned: why the verdict is undecided, or NULL */
    char *text;                 /* owned: the steps' resource and the chains' names, each
                                   NUL-terminated, in one block */
};

const char *rtgpu_version(void)
{
    return RTGPU_VERSION;
}

rtgpu_diags *rtgpu_diags_new(void)
{
    rtgpu_diags *d = malloc(sizeof *d);
    if (d && !(d->d = rt_diag_new(MAX_DIAGS))) {
        free(d);
        return NULL;
    }
    return d;
}

void rtgpu_diags_free(rtgpu_diags *d)
{
    if (!d)
        return;
    rt_diag_free(d->d);
    free(d);
}

size_t rtgpu_diags_count(const rtgpu_diags *d)
{
    return d ? rt_diag_count(d->d) : 0;
}

size_t rtgpu_diags_errors(const rtgpu_diags *d)
{
    return d ? rt_diag_errors(d->d) : 0;
}

/* The lookups of the accessors: entry i, or out of range (or NULL) a record of what the
 * accessors answer then (rtgpu.h). */
static const rt_diag no_diag = { .kind = RT_DIAG_ERROR, .file = NULL, .line = 0, .msg = NULL };

static const rt_diag *diag_at(const rtgpu_diags *d, size_t i)
{
    return d && i < rt_diag_count(d->d) ? rt_diag_get(d->d, i) : &no_diag;
}

rtgpu_severity rtgpu_diag_severity(const rtgpu_diags *d, size_t i)
{
    rt_diag_kind k = diag_at(d, i)->kind;
    return k == RT_DIAG_ERROR ? RTGPU_ERROR : k == RT_DIAG_WARNING ? RTGPU_WARNING : RTGPU_NOTE;
}

const char *rtgpu_diag_file(const rtgpu_diags *d, size_t i)
{
    return diag_at(d, i)->file;
}

long rtgpu_diag_line(const rtgpu_diags *d, size_t i)
{
    return diag_at(d, i)->line;
}

const char *rtgpu_diag_message(const rtgpu_diags *d, size_t i)
{
    return diag_at(d, i)->msg;
}

const char *rtgpu_severity_name(rtgpu_severity s)
{
    return s == RTGPU_WARNING ? "warning" : s == RTGPU_NOTE ? "note" : "error";
}

/* The caller's list, or a scratch one in *scratch when the caller gave none (NULL on OOM). */
static rt_diags *diags_of(rtgpu_diags *d, rt_diags **scratch)
{
    *scratch = NULL;
    if (d)
        return d->d;
    return *scratch = rt_diag_new(MAX_DIAGS);
}

/* The loaders of load_input: path read into the wrapper w; false on an error (recorded in d). */
static bool load_taskset(void *w, const char *path, rt_diags *d)
{
    return (((rtgpu_taskset *)w)->ts = rt_taskset_load(path, d)) != NULL;
}

static bool load_gpu(void *w, const char *path, rt_diags *d)
{
    return (((rtgpu_gpu *)w)->gpu = rt_gpu_load(path, d)) != NULL;
}

/* A wrapper of size bytes that load fills from path, its diagnostics in d (or a scratch list);
 * NULL on an error or out of memory. */
static void *load_input(const char *path, rtgpu_diags *d, size_t size,
                        bool (*load)(void *w, const char *path, rt_diags *d))
{
    if (!path)
        return NULL;
    rt_diags *scratch;
    rt_diags *dl = diags_of(d, &scratch);
    void *w = dl ? malloc(size) : NULL;
    if (w && !load(w, path, dl)) {
        free(w);
        w = NULL;
    }
    rt_diag_free(scratch);
    return w;
}

rtgpu_taskset *rtgpu_taskset_load(const char *path, rtgpu_diags *d)
{
    return load_input(path, d, sizeof(rtgpu_taskset), load_taskset);
}

void rtgpu_taskset_free(rtgpu_taskset *ts)
{
    if (!ts)
        return;
    rt_taskset_free(ts->ts);
    free(ts);
}

size_t rtgpu_taskset_tasks(const rtgpu_taskset *ts)
{
    return ts ? ts->ts->n_tasks : 0;
}

rtgpu_gpu *rtgpu_gpu_load(const char *path, rtgpu_diags *d)
{
    return load_input(path, d, sizeof(rtgpu_gpu), load_gpu);
}

void rtgpu_gpu_free(rtgpu_gpu *gpu)
{
    if (!gpu)
        return;
    rt_gpu_free(gpu->gpu);
    free(gpu);
}

rtgpu_options *rtgpu_options_new(void)
{
    rtgpu_options *o = malloc(sizeof *o);
    if (o)
        rt_options_default(&o->o);
    return o;
}

void rtgpu_options_free(rtgpu_options *o)
{
    free(o);
}

int rtgpu_options_set_layout(rtgpu_options *o, rtgpu_layout_mode mode)
{
    if (!o)
        return -1;
    switch (mode) {
    case RTGPU_LAYOUT_AUTO: o->o.assign = RT_ASSIGN_AUTO; return 0;
    case RTGPU_LAYOUT_GIVEN: o->o.assign = RT_ASSIGN_GIVEN; return 0;
    case RTGPU_LAYOUT_SEARCH: o->o.assign = RT_ASSIGN_SEARCH; return 0;
    default: return -1;
    }
}

int rtgpu_options_set_objective(rtgpu_options *o, rtgpu_objective objective)
{
    if (!o)
        return -1;
    switch (objective) {
    case RTGPU_OBJECTIVE_MIN_SMS: o->o.objective = RT_OBJ_MIN_SMS; return 0;
    case RTGPU_OBJECTIVE_MAX_MIN_SLACK: o->o.objective = RT_OBJ_MAX_MIN_SLACK; return 0;
    default: return -1;
    }
}

/* The ranges are rtgpu-analyze's (--time-limit, --budget, --margin: docs/rtgpu-analyze.1). */
int rtgpu_options_set_time_limit(rtgpu_options *o, double seconds)
{
    if (!o || !isfinite(seconds) || seconds < 0 || seconds > 1e7 ||
        (seconds > 0 && seconds < 0.001))
        return -1;
    o->o.time_limit_s = seconds;
    return 0;
}

int rtgpu_options_set_budget(rtgpu_options *o, uint64_t units)
{
    if (!o || units < 1 || units > ((uint64_t)1 << 62))
        return -1;
    o->o.budget_units = units;
    return 0;
}

int rtgpu_options_set_margin(rtgpu_options *o, double margin)
{
    if (!o || !isfinite(margin) || margin < 0 || margin > 10)
        return -1;
    o->o.margin = margin;
    return 0;
}

int rtgpu_options_set_gpu_preemption(rtgpu_options *o, rtgpu_preemption p)
{
    if (!o || (p != RTGPU_PREEMPT_JOB && p != RTGPU_PREEMPT_KERNEL))
        return -1;
    o->o.gpu_kernel_preemption = p == RTGPU_PREEMPT_KERNEL;
    return 0;
}

void rtgpu_result_free(rtgpu_result *r)
{
    if (!r)
        return;
    free(r->text);
    free(r->steps);
    free(r->chains);
    free(r->undecided);
    free(r->names);
    free(r->tasks);
    rt_layout_free(r->layout);
    free(r);
}

/* The resource of step k of s as the reports name it (nb: room for a core's name). */
static const char *resource_of(const rt_system *s, const rt_gpu *gpu, const rt_layout *l,
                               size_t k, char nb[32])
{
    const char *name = rt_system_resource_name(s, gpu, l, s->steps[k].resource, nb, 32);
    return name ? name : "";
}

/* The result's text block: every step's resource and every chain's name. false on OOM. */
static bool make_text(rtgpu_result *r, const rt_taskset *ts, const rt_gpu *gpu,
                      const rt_layout *l, const rt_eval *e, const run_result *x)
{
    size_t bytes = 1;
    char nb[32];
    for (size_t k = 0; e->system && k < e->system->n_steps; k++)
        bytes += strlen(resource_of(e->system, gpu, l, k, nb)) + 1;
    for (size_t c = 0; x->chains && c < ts->n_chains; c++)
        bytes += strlen(ts->chains[c].name) + 1;
    return (r->text = malloc(bytes)) != NULL;
}

/* Copy s into a text block (the names or the text) at *at; returns the copy. */
static const char *put_text(char **at, const char *s)
{
    size_t n = strlen(s) + 1;
    memcpy(*at, s, n);
    const char *copy = *at;
    *at += n;
    return copy;
}

/* A whole system's steps of e (e->system) into r, task by task, their names at *at. false on
 * OOM. */
static bool keep_steps(rtgpu_result *r, const rt_taskset *ts, const rt_gpu *gpu,
                       const rt_layout *l, const rt_eval *e, char **at)
{
    const rt_system *s = e->system;
    if (!s)
        return true;
    r->steps = calloc(s->n_steps ? s->n_steps : 1, sizeof *r->steps);
    if (!r->steps)
        return false;
    for (size_t i = 0; i < ts->n_tasks && i < s->sys.n_tasks; i++) {
        const hol_task *t = &s->tasks[i];
        r->tasks[i].first_step = t->first_step;
        r->tasks[i].n_steps = t->n_steps;
        for (size_t k = t->first_step; k < t->first_step + t->n_steps; k++) {
            const hol_step_result *x = &s->res.steps[k];
            hol_res_kind kind = s->resources[s->steps[k].resource].kind;
            char nb[32];
            r->steps[k] = (step_res){
                .kind = kind == HOL_CPU_CORE ? RTGPU_STEP_CPU
                      : kind == HOL_COPY_ENGINE ? RTGPU_STEP_COPY : RTGPU_STEP_GPU,
                .resource = put_text(at, resource_of(s, gpu, l, k, nb)),
                .offset_ns = x->offset_ns, .jitter_ns = x->jitter_ns,
                .wcrt_ns = x->status == HOL_BOUNDED ? x->response_ns : -1 };
        }
    }
    r->n_steps = s->n_steps;
    return true;
}

/* The chains' bounds and verdicts of x into r, their names at *at. false on OOM. */
static bool keep_chains(rtgpu_result *r, const rt_taskset *ts, const run_result *x, char **at)
{
    if (!x->chains || ts->n_chains == 0)
        return true;
    r->chains = calloc(ts->n_chains, sizeof *r->chains);
    if (!r->chains)
        return false;
    for (size_t c = 0; c < ts->n_chains; c++) {
        const chain_result *b = &x->chains[c];
        r->chains[c] = (chain_res){
            .name = put_text(at, ts->chains[c].name),
            .mrt_ns = b->has_mrt ? b->mrt_ns : -1, .mda_ns = b->has_mda ? b->mda_ns : -1,
            .mrt_by = b->has_mrt ? chain_bound_name(b->binding_mrt) : NULL,
            .mda_by = b->has_mda ? chain_bound_name(b->binding_mda) : NULL,
            .status = b->passes ? RTGPU_CHAIN_PASSES
                    : b->undecided ? RTGPU_CHAIN_UNDECIDED : RTGPU_CHAIN_FAILS };
    }
    r->n_chains = ts->n_chains;
    return true;
}

/* Copy the figures of the analysed layout x->layout (taken over by r) out of x. false on OOM. */
static bool keep_figures(rtgpu_result *r, const rt_taskset *ts, const rt_gpu *gpu,
                         run_result *x)
{
    rt_layout *l = x->layout;
    const rt_eval *e = &x->eval;
    x->layout = NULL;
    r->layout = l;
    size_t bytes = 1;
    for (size_t i = 0; i < ts->n_tasks; i++)
        bytes += strlen(ts->tasks[i].name) + 1;     /* strings in memory: no overflow */
    r->names = malloc(bytes);
    r->tasks = calloc(ts->n_tasks ? ts->n_tasks : 1, sizeof *r->tasks);
    if (!r->names || !r->tasks)
        return false;
    char *at = r->names;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rta_result *a = &e->rta[i];
        r->tasks[i] = (task_res){
            .name = put_text(&at, ts->tasks[i].name),
            .part = (long)l->task_part[i],
            .deadline_ns = ts->tasks[i].deadline_ns,
            .wcrt_ns = a->status == RTA_BOUNDED ? a->wcrt_ns : -1,
            .status = a->status == RTA_BUDGET ? RTGPU_TASK_UNDECIDED
                    : a->schedulable          ? RTGPU_TASK_SCHEDULABLE
                                              : RTGPU_TASK_MISS,
        };
    }
    r->n_tasks = ts->n_tasks;
    if (!make_text(r, ts, gpu, l, e, x))
        return false;
    char *text = r->text;
    return keep_steps(r, ts, gpu, l, e, &text) && keep_chains(r, ts, x, &text);
}

/* Why x's verdict is undecided, in words, into r->undecided (the last diagnostic the pipeline
 * wrote into dl past first_diag, when it stopped on an error). false on OOM. */
static bool keep_reason(rtgpu_result *r, const rt_taskset *ts, const run_result *x,
                        const rt_diags *dl, size_t first_diag)
{
    if (r->verdict != RTGPU_VERDICT_UNDECIDED)
        return true;
    char buf[1200];
    if (x->have_eval && !x->eval.decided) {
        run_budget_text(ts, &x->budget, &x->eval, buf, sizeof buf);
    } else if (x->undecided_chain != SIZE_MAX) {
        snprintf(buf, sizeof buf, "the work budget of %llu units ran out in the chain analysis "
                 "at chain \"%s\" (every deadline holds)",
                 (unsigned long long)x->budget.limit_units, ts->chains[x->undecided_chain].name);
    } else if (x->searched && !x->failed) {
        snprintf(buf, sizeof buf, "the search stopped at its limit before it could decide "
                 "(status %s)", assign_status_name(x->assign.status));
    } else {
        const rt_diag *g = rt_diag_count(dl) > first_diag
                               ? rt_diag_get(dl, rt_diag_count(dl) - 1) : NULL;
        snprintf(buf, sizeof buf, "the analysis could not finish%s%s", g ? ": " : "",
                 g ? g->msg : "");
    }
    return (r->undecided = strdup(buf)) != NULL;
}

rtgpu_result *rtgpu_analyse(const rtgpu_taskset *ts, const rtgpu_gpu *gpu, const rtgpu_options *o,
                            rtgpu_diags *d)
{
    if (!ts || !gpu)
        return NULL;
    rt_diags *scratch;
    rt_diags *dl = diags_of(d, &scratch);
    rtgpu_result *r = dl ? calloc(1, sizeof *r) : NULL;
    if (!r) {
        rt_diag_free(scratch);
        return NULL;
    }
    r->verdict = RTGPU_VERDICT_UNDECIDED;
    rt_options opt;
    if (o)
        opt = o->o;
    else
        rt_options_default(&opt);
    opt.verbosity = -1;
    opt.write_lp = NULL;
    size_t first = rt_diag_count(dl), errors = rt_diag_errors(dl);
    rt_inputs_check(ts->ts, gpu->gpu, dl);
    occupancy_check_launches(ts->ts, gpu->gpu, dl);
    /* the library is a door of the verdict pipeline like rtgpu-analyze (run/run.h) */
    run_door door = { .who = NULL, .chains = true };   /* a message about no file names none */
    model *m = NULL;
    run_result x;
    memset(&x, 0, sizeof x);
    x.undecided_chain = SIZE_MAX;
    bool ok = true;
    if (rt_diag_errors(dl) > errors || run_check(ts->ts, gpu->gpu, &door, &opt, dl) != 0) {
        r->verdict = RTGPU_VERDICT_INVALID;
    } else if (!(m = model_new(gpu->gpu, ts->ts))) {
        ok = false;
    } else {
        r->verdict = (rtgpu_verdict)run_exit_status(run_analyse(m, ts->ts, &opt, &door, 0, &x,
                                                                dl));
        r->searched = x.searched;
        if (!x.failed && x.layout && x.have_eval)
            ok = keep_figures(r, ts->ts, gpu->gpu, &x);
        ok = ok && keep_reason(r, ts->ts, &x, dl, first);
    }
    run_result_fini(&x);
    model_free(m);
    rt_diag_free(scratch);
    if (!ok) {
        rtgpu_result_free(r);
        return NULL;
    }
    return r;
}

rtgpu_verdict rtgpu_result_verdict(const rtgpu_result *r)
{
    return r ? r->verdict : RTGPU_VERDICT_UNDECIDED;
}

int rtgpu_result_searched(const rtgpu_result *r)
{
    return r && r->searched;
}

size_t rtgpu_result_partitions(const rtgpu_result *r)
{
    return r && r->layout ? r->layout->n_parts : 0;
}

const char *rtgpu_result_partition_name(const rtgpu_result *r, size_t j)
{
    return j < rtgpu_result_partitions(r) ? r->layout->part_name[j] : NULL;
}

int64_t rtgpu_result_partition_sms(const rtgpu_result *r, size_t j)
{
    return j < rtgpu_result_partitions(r) ? r->layout->part_sms[j] : -1;
}

size_t rtgpu_result_tasks(const rtgpu_result *r)
{
    return r ? r->n_tasks : 0;
}

/* What the task, step and chain accessors answer out of range (rtgpu.h). */
static const task_res no_task = { .name = NULL, .part = -1, .wcrt_ns = -1, .deadline_ns = -1,
                                  .status = RTGPU_TASK_UNDECIDED, .n_steps = 0 };
static const step_res no_step = { .kind = RTGPU_STEP_GPU, .resource = NULL, .offset_ns = -1,
                                  .jitter_ns = -1, .wcrt_ns = -1 };
static const chain_res no_chain = { .name = NULL, .mrt_ns = -1, .mda_ns = -1, .mrt_by = NULL,
                                    .mda_by = NULL, .status = RTGPU_CHAIN_UNDECIDED };

static const task_res *task_at(const rtgpu_result *r, size_t i)
{
    return r && i < r->n_tasks ? &r->tasks[i] : &no_task;
}

const char *rtgpu_result_task_name(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->name;
}

long rtgpu_result_task_partition(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->part;
}

int64_t rtgpu_result_task_wcrt_ns(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->wcrt_ns;
}

int64_t rtgpu_result_task_deadline_ns(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->deadline_ns;
}

rtgpu_task_status rtgpu_result_task_status(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->status;
}

const char *rtgpu_result_undecided_reason(const rtgpu_result *r)
{
    return r ? r->undecided : NULL;
}

static const step_res *step_at(const rtgpu_result *r, size_t i, size_t k)
{
    const task_res *t = task_at(r, i);
    return t != &no_task && k < t->n_steps && t->first_step + k < r->n_steps
               ? &r->steps[t->first_step + k] : &no_step;
}

size_t rtgpu_result_task_steps(const rtgpu_result *r, size_t i)
{
    return task_at(r, i)->n_steps;
}

rtgpu_step_kind rtgpu_result_step_kind(const rtgpu_result *r, size_t i, size_t k)
{
    return step_at(r, i, k)->kind;
}

const char *rtgpu_result_step_resource(const rtgpu_result *r, size_t i, size_t k)
{
    return step_at(r, i, k)->resource;
}

int64_t rtgpu_result_step_offset_ns(const rtgpu_result *r, size_t i, size_t k)
{
    return step_at(r, i, k)->offset_ns;
}

int64_t rtgpu_result_step_jitter_ns(const rtgpu_result *r, size_t i, size_t k)
{
    return step_at(r, i, k)->jitter_ns;
}

int64_t rtgpu_result_step_wcrt_ns(const rtgpu_result *r, size_t i, size_t k)
{
    return step_at(r, i, k)->wcrt_ns;
}

static const chain_res *chain_at(const rtgpu_result *r, size_t c)
{
    return r && c < r->n_chains ? &r->chains[c] : &no_chain;
}

size_t rtgpu_result_chains(const rtgpu_result *r)
{
    return r ? r->n_chains : 0;
}

const char *rtgpu_result_chain_name(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->name;
}

int64_t rtgpu_result_chain_reaction_ns(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->mrt_ns;
}

int64_t rtgpu_result_chain_age_ns(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->mda_ns;
}

const char *rtgpu_result_chain_reaction_analysis(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->mrt_by;
}

const char *rtgpu_result_chain_age_analysis(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->mda_by;
}

rtgpu_chain_status rtgpu_result_chain_status(const rtgpu_result *r, size_t c)
{
    return chain_at(r, c)->status;
}
