/* rtgpu: the installed API (rtgpu.h), a thin facade over the library's layers: it loads the
 * inputs, runs the same steps as rtgpu-analyze's pipeline (checks that need both inputs, option
 * resolution, the analysis of the given layout or the search) and copies out the figures. */
#include "rtgpu.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/analysis.h"
#include "analysis/budget.h"
#include "analysis/recheck.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "search/assign.h"
#include "taskset/gpu.h"
#include "taskset/inputs.h"
#include "taskset/taskset.h"
#include "util/diag.h"

#define MAX_DIAGS 50    /* as rtgpu-analyze */

struct rtgpu_diags { rt_diags *d; };
struct rtgpu_taskset { rt_taskset *ts; };
struct rtgpu_gpu { rt_gpu *gpu; };
struct rtgpu_options { rt_options o; };

typedef struct {
    const char *name;           /* in the result's names */
    size_t part;
    int64_t wcrt_ns;            /* -1: none */
    int64_t deadline_ns;
    rtgpu_task_status status;
} task_res;

struct rtgpu_result {
    rtgpu_verdict verdict;
    bool searched;
    rt_layout *layout;          /* owned; the analysed layout, NULL without one */
    task_res *tasks;            /* owned, task-set order; n_tasks entries when layout */
    size_t n_tasks;
    char *names;                /* owned: the task names, each NUL-terminated, in one block */
};

const char *rtgpu_version(void)
{
    return RTGPU_VERSION;
}

rtgpu_diags *rtgpu_diags_new(void)
{
    rtgpu_diags *d = malloc(sizeof *d);
    if (d && !(d->d = rt_diags_new(MAX_DIAGS))) {
        free(d);
        return NULL;
    }
    return d;
}

void rtgpu_diags_free(rtgpu_diags *d)
{
    if (!d)
        return;
    rt_diags_free(d->d);
    free(d);
}

size_t rtgpu_diags_count(const rtgpu_diags *d)
{
    return d ? rt_diags_count(d->d) : 0;
}

size_t rtgpu_diags_errors(const rtgpu_diags *d)
{
    return d ? rt_diags_errors(d->d) : 0;
}

static const rt_diag *diag_at(const rtgpu_diags *d, size_t i)
{
    return d && i < rt_diags_count(d->d) ? rt_diags_get(d->d, i) : NULL;
}

rtgpu_severity rtgpu_diag_severity(const rtgpu_diags *d, size_t i)
{
    const rt_diag *g = diag_at(d, i);
    if (!g || g->kind == RT_DIAG_ERROR)
        return RTGPU_ERROR;
    return g->kind == RT_DIAG_WARNING ? RTGPU_WARNING : RTGPU_NOTE;
}

const char *rtgpu_diag_file(const rtgpu_diags *d, size_t i)
{
    const rt_diag *g = diag_at(d, i);
    return g ? g->file : NULL;
}

long rtgpu_diag_line(const rtgpu_diags *d, size_t i)
{
    const rt_diag *g = diag_at(d, i);
    return g ? g->line : 0;
}

const char *rtgpu_diag_message(const rtgpu_diags *d, size_t i)
{
    const rt_diag *g = diag_at(d, i);
    return g ? g->msg : NULL;
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
    return *scratch = rt_diags_new(MAX_DIAGS);
}

rtgpu_taskset *rtgpu_taskset_load(const char *path, rtgpu_diags *d)
{
    if (!path)
        return NULL;
    rt_diags *scratch;
    rt_diags *dl = diags_of(d, &scratch);
    rtgpu_taskset *w = dl ? malloc(sizeof *w) : NULL;
    if (w && !(w->ts = rt_taskset_load(path, dl))) {
        free(w);
        w = NULL;
    }
    rt_diags_free(scratch);
    return w;
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
    if (!path)
        return NULL;
    rt_diags *scratch;
    rt_diags *dl = diags_of(d, &scratch);
    rtgpu_gpu *w = dl ? malloc(sizeof *w) : NULL;
    if (w && !(w->gpu = rt_gpu_load(path, dl))) {
        free(w);
        w = NULL;
    }
    rt_diags_free(scratch);
    return w;
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

void rtgpu_result_free(rtgpu_result *r)
{
    if (!r)
        return;
    free(r->names);
    free(r->tasks);
    rt_layout_free(r->layout);
    free(r);
}

/* Copy the figures of the analysed layout l (taken over by r) out of e. false on OOM. */
static bool keep_figures(rtgpu_result *r, const rt_taskset *ts, rt_layout *l, const rt_eval *e)
{
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
        size_t n = strlen(ts->tasks[i].name) + 1;
        memcpy(at, ts->tasks[i].name, n);
        r->tasks[i] = (task_res){
            .name = at,
            .part = l->task_part[i],
            .deadline_ns = ts->tasks[i].deadline_ns,
            .wcrt_ns = a->status == RTA_BOUNDED ? a->wcrt_ns : -1,
            .status = a->status == RTA_BUDGET ? RTGPU_TASK_UNDECIDED
                    : a->schedulable          ? RTGPU_TASK_SCHEDULABLE
                                              : RTGPU_TASK_MISS,
        };
        at += n;
    }
    r->n_tasks = ts->n_tasks;
    return true;
}

/* Analyse layout l (taken over: kept in r or freed) with o; fills r. false on OOM. */
static bool evaluate(rtgpu_result *r, const model *m, const rt_taskset *ts, rt_layout *l,
                     const rt_options *o, rt_diags *dl)
{
    rt_eval e;
    bool contradicts = false;   /* a found layout's re-analysis contradicts the search */
    int rc = r->searched ? rt_recheck(m, ts, l, o, 0, &e, &contradicts)
                         : rt_eval_layout(m, ts, l, o, 0, &e);
    if (rc != EVAL_OK) {
        rt_layout_free(l);
        if (rc != EVAL_ERANGE)
            return false;
        rt_diag_error(dl, ts->path, 0, "a WCET or response time does not fit in 2^62 ns "
                                       "(kernel durations or margin out of range)");
        r->verdict = RTGPU_VERDICT_INVALID;
        return true;
    }
    bool ok = keep_figures(r, ts, l, &e);
    if (!e.decided)
        r->verdict = RTGPU_VERDICT_UNDECIDED;
    else if (contradicts) {
        rt_diag_error(dl, ts->path, 0, "%s", RT_RECHECK_FAILS);
        r->verdict = RTGPU_VERDICT_UNDECIDED;
    } else if (!r->searched)
        r->verdict = e.schedulable ? RTGPU_VERDICT_SCHEDULABLE : RTGPU_VERDICT_UNSCHEDULABLE;
    rt_eval_fini(&e);
    return ok;
}

/* The search's verdict, as rtgpu-analyze's exit status. */
static rtgpu_verdict search_verdict(assign_status s)
{
    switch (s) {
    case ASSIGN_OPTIMAL: case ASSIGN_FEASIBLE: return RTGPU_VERDICT_SCHEDULABLE;
    case ASSIGN_INFEASIBLE: return RTGPU_VERDICT_UNSCHEDULABLE;
    default: return RTGPU_VERDICT_UNDECIDED;
    }
}

/* Search a layout, then analyse the found one for its figures. false on OOM. */
static bool search(rtgpu_result *r, const model *m, const rt_taskset *ts, rt_options *o,
                   rt_diags *dl)
{
    r->searched = true;
    /* each analysis of the search counts a budget of its own, as in rtgpu-analyze */
    rt_budget *run_budget = o->budget;
    o->budget = NULL;
    assign_result a;
    memset(&a, 0, sizeof a);
    int rc = assign_search(m, ts, o, &a, dl);
    o->budget = run_budget;
    if (rc != ASSIGN_OK) {
        assign_result_fini(&a);
        if (rc == ASSIGN_ENOMEM)
            return false;
        r->verdict = rc == ASSIGN_EIO ? RTGPU_VERDICT_INVALID : RTGPU_VERDICT_UNDECIDED;
        return true;
    }
    r->verdict = search_verdict(a.status);
    rt_layout *l = a.layout ? rt_layout_copy(a.layout) : NULL;
    bool had_layout = a.layout != NULL;
    assign_result_fini(&a);
    if (!had_layout)
        return true;
    return l && evaluate(r, m, ts, l, o, dl);
}

/* The steps after the inputs are accepted: resolve the options, build the model, analyse. */
static bool run(rtgpu_result *r, const rt_taskset *ts, const rt_gpu *gpu, rt_options *o,
                rt_diags *dl)
{
    bool has_parts = ts->n_partitions > 0;
    const rt_task *st = NULL;
    const rt_step *sys = rt_taskset_first_system_step(ts, &st);
    if (sys) {
        /* docs/system.md sec. 5: what rtgpu-analyze refuses, the library refuses too */
        rt_diag_error(dl, ts->path, sys->line, "task \"%s\" has a %s step, which makes the task "
                      "set a whole system (docs/system.md): the library does not analyse whole "
                      "systems yet (leaving the CPU and copy steps out would be unsound)",
                      st->name, rt_step_kind_name(sys->kind));
        r->verdict = RTGPU_VERDICT_INVALID;
        return true;
    }
    if (ts->n_chains > 0) {
        /* docs/chains.md sec. 5: a verdict must not leave a chain's requirement out */
        rt_diag_error(dl, ts->path, ts->chains[0].line, "chain \"%s\": the library does not "
                      "check cause-effect chains yet (its verdict would leave the chain's "
                      "requirements out; use rtgpu-analyze)", ts->chains[0].name);
        r->verdict = RTGPU_VERDICT_INVALID;
        return true;
    }
    if (o->assign == RT_ASSIGN_GIVEN && !has_parts) {
        rt_diag_error(dl, ts->path, 0, "layout given, but the task set fixes no partitions "
                                       "(add <partition> elements or search a layout)");
        r->verdict = RTGPU_VERDICT_INVALID;
        return true;
    }
    if (o->assign == RT_ASSIGN_AUTO)
        o->assign = has_parts ? RT_ASSIGN_GIVEN : RT_ASSIGN_SEARCH;
    if (o->priorities == RT_PRIO_GIVEN && !(ts->n_tasks && ts->tasks[0].has_priority))
        o->priorities = RT_PRIO_DM;
    if (o->objective == RT_OBJ_MAX_MIN_SLACK && o->priorities == RT_PRIO_AUDSLEY) {
        rt_diag_error(dl, ts->path, 0, "the max-min-slack objective needs fixed priorities");
        r->verdict = RTGPU_VERDICT_INVALID;
        return true;
    }
    model *m = model_new(gpu, ts);
    if (!m)
        return false;
    rt_budget budget;
    budget_init(&budget, o->budget_units);
    o->budget = &budget;
    bool ok;
    if (o->assign == RT_ASSIGN_SEARCH)
        ok = search(r, m, ts, o, dl);
    else {
        rt_layout *l = rt_layout_from_taskset(ts);
        ok = l && evaluate(r, m, ts, l, o, dl);
    }
    model_free(m);
    o->budget = NULL;   /* the counter lives in this frame only */
    return ok;
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
        rt_diags_free(scratch);
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
    size_t errors = rt_diags_errors(dl);
    rt_inputs_check(ts->ts, gpu->gpu, dl);
    occ_check_launches(ts->ts, gpu->gpu, dl);
    bool ok = true;
    if (rt_diags_errors(dl) > errors)
        r->verdict = RTGPU_VERDICT_INVALID;
    else
        ok = run(r, ts->ts, gpu->gpu, &opt, dl);
    rt_diags_free(scratch);
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

static const task_res *task_at(const rtgpu_result *r, size_t i)
{
    return r && i < r->n_tasks ? &r->tasks[i] : NULL;
}

const char *rtgpu_result_task_name(const rtgpu_result *r, size_t i)
{
    const task_res *t = task_at(r, i);
    return t ? t->name : NULL;
}

long rtgpu_result_task_partition(const rtgpu_result *r, size_t i)
{
    const task_res *t = task_at(r, i);
    return t ? (long)t->part : -1;
}

int64_t rtgpu_result_task_wcrt_ns(const rtgpu_result *r, size_t i)
{
    const task_res *t = task_at(r, i);
    return t ? t->wcrt_ns : -1;
}

int64_t rtgpu_result_task_deadline_ns(const rtgpu_result *r, size_t i)
{
    const task_res *t = task_at(r, i);
    return t ? t->deadline_ns : -1;
}

rtgpu_task_status rtgpu_result_task_status(const rtgpu_result *r, size_t i)
{
    const task_res *t = task_at(r, i);
    return t ? t->status : RTGPU_TASK_UNDECIDED;
}
