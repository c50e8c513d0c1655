/* run: the verdict pipeline (run.h). Every refusal and every verdict of the front doors is
 * decided here, once; the doors print the diagnostics and copy the results out. */
#include "run/run.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/deploy.h"
#include "analysis/recheck.h"
#include "analysis/wcet.h"
#include "search/sizes.h"
#include "search/sysview.h"
#include "util/fmt.h"

#define SEARCH_DIAGS 50

int run_exit_status(run_verdict v)
{
    return (int)v;
}

/* ---- the check ---------------------------------------------------------------------------- */

/* Why door cannot take a whole system (CPU or copy steps, docs/system.md sec. 5), the first
 * reason in this order, or NULL: a given layout is analysed end to end. Audsley and synchronous
 * windows are refused for good. */
static const char *system_refusal(const rt_taskset *ts, const run_door *door,
                                  const rt_options *o)
{
    if (door->simulate && door->exec_dynamic)
        return "rtgpu-simulate --exec dynamic does not simulate whole systems yet: its launch "
               "rates come from the job simulation of GPU steps alone (use --exec wcet or "
               "--exec random)";
    if (door->simulate && door->format_csv)
        return "rtgpu-simulate --format csv does not trace whole systems yet: its rows are jobs "
               "and launches of one partition each (use --format json --trace)";
    if (o->priorities == RT_PRIO_AUDSLEY)
        return "--priorities audsley is for task sets of GPU steps only: Audsley's algorithm is "
               "not optimal under the holistic analysis of flows (give priorities in the file, "
               "or use --priorities dm)";
    if (o->windows == RT_WINDOWS_SYNCHRONOUS)
        return "--windows synchronous assumes every partition starts at 0 and runs its GPU steps "
               "back to back, which a CPU or copy step before a GPU step, or a preemption between "
               "kernels, breaks (use --windows worst-case)";
    const char *search_why = o->assign == RT_ASSIGN_SEARCH ? sysview_refusal(ts, o) : NULL;
    if (search_why)
        return search_why;
    if (door->emit_taskset)
        return "--emit-taskset does not take whole systems yet: the task set it writes would "
               "lose the CPU and copy steps (leave it out; --emit-partitions, --emit-launch and "
               "--emit-mast take whole systems)";
    if (door->measurements)
        return "--check-measurements does not take whole systems yet (leave it out)";
    return NULL;
}

/* A step's own priority beside deadline-monotonic task ranks would mix two scales: refused
 * (docs/system.md sec. 5). 0, or RUN_INVALID after an error located at the step. */
static int refuse_step_priority(const rt_taskset *ts, const run_door *door, const rt_options *o,
                                rt_diags *d)
{
    if (o->priorities == RT_PRIO_GIVEN)
        return 0;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        for (size_t k = 0; k < t->n_steps; k++)
            if (t->steps[k].has_priority) {
                rt_diag_error(d, ts->path, t->steps[k].line, "task \"%s\": a %s step gives its "
                              "own priority, but the tasks' priorities are deadline-monotonic "
                              "ranks (%s): a step priority needs given task priorities (give "
                              "every task a priority, or leave the step's out)", t->name,
                              rt_taskset_step_kind_name(t->steps[k].kind),
                              door->priorities_given ? "--priorities dm" : "the file gives none");
                return RUN_INVALID;
            }
    }
    return 0;
}

/* A whole system, or kernel preemption, where the door cannot take it: located at its first CPU
 * or copy step. 0, or RUN_INVALID after the error. */
static int refuse_system(const rt_taskset *ts, const run_door *door, const rt_options *o,
                         rt_diags *d)
{
    const rt_task *t = NULL;
    const rt_step *s = rt_taskset_first_system_step(ts, &t);
    if ((!s && !o->gpu_kernel_preemption) || (door->simulate && door->scenario))
        return 0;   /* --scenario places kernels alone: steps play no part */
    const char *why = system_refusal(ts, door, o);
    if (!why)
        return refuse_step_priority(ts, door, o, d);
    if (!s)
        rt_diag_error(d, door->who, 0, "--gpu-preemption kernel is analysed by the holistic "
                      "analysis of whole systems (docs/system.md sec. 4): %s", why);
    else
        rt_diag_error(d, ts->path, s->line, "task \"%s\" has a %s step, which makes the task set "
                      "a whole system (docs/system.md): %s", t->name, rt_taskset_step_kind_name(s->kind),
                      why);
    return RUN_INVALID;
}

/* The partition search does not take chains into account (docs/chains.md sec. 5): refused at the
 * first <chain>, so that no layout it finds leaves a chain's requirement out. */
static int refuse_chains(const rt_taskset *ts, const run_door *door, const rt_options *o,
                         rt_diags *d)
{
    if (ts->n_chains == 0 || !door->chains || o->assign != RT_ASSIGN_SEARCH)
        return 0;
    const rt_chain *c = &ts->chains[0];
    rt_diag_error(d, ts->path, c->line, "chain \"%s\": the partition search does not take chains "
                  "into account: a layout it finds could fail them (give the partitions as "
                  "<partition> elements and use --assign given)", c->name);
    return RUN_INVALID;
}

/* The sizes the search may choose (docs/assignment.md sec. 12): --deploy green-contexts takes the
 * compute capability's rule (analysis/deploy.h), --min-partition-sms adds a minimum; libsmctrl and
 * nvtaskset create every multiple of a TPC, so they add nothing. A rule that no size of the GPU
 * meets is refused; so is green contexts without a compute capability. Given partitions are
 * analysed as they are: one that the mechanism cannot create is warned about. */
static int resolve_sizes(const rt_taskset *ts, const rt_gpu *gpu, const run_door *door,
                         rt_options *o, rt_diags *d)
{
    o->part_min_sms = o->min_partition_sms;
    o->part_step_sms = 0;
    rt_gc_rule gc = { 0, 0 };
    if (o->deploy == RT_DEPLOY_GREEN_CONTEXTS) {
        if (!rt_deploy_gc_rule(gpu->compute_capability, &gc)) {
            rt_diag_error(d, door->who, 0, "--deploy green-contexts needs the GPU's compute "
                          "capability (the SM counts green contexts can create depend on it): "
                          "add compute-capability=\"X.Y\" to the <sm> element of %s", gpu->path);
            return RUN_INVALID;
        }
        o->part_step_sms = gc.step_sms;
        if (gc.min_sms > o->part_min_sms)
            o->part_min_sms = gc.min_sms;
    }
    int64_t g = gpu->granularity > 0 ? gpu->granularity : 1;
    size_rule rule = sizes_rule_of(o, g);
    if (o->assign == RT_ASSIGN_SEARCH && sizes_down(&rule, gpu->sms / g) == 0) {
        char step[48] = "", why[96] = "";
        if (o->part_step_sms > 1)
            snprintf(step, sizeof step, " and a multiple of %" PRId64, o->part_step_sms);
        if (o->deploy != RT_DEPLOY_ANY)
            snprintf(why, sizeof why, "--deploy %s%s", rt_options_deploy_target_name(o->deploy),
                     o->min_partition_sms > 0 ? ", " : "");
        if (o->min_partition_sms > 0)
            snprintf(why + strlen(why), sizeof why - strlen(why), "--min-partition-sms %" PRId64,
                     o->min_partition_sms);
        rt_diag_error(d, door->who, 0, "no partition of %s (%" PRId64 " SMs, granularity %"
                      PRId64 ") can have at least %" PRId64 " SMs%s (%s): nothing to search",
                      gpu->path, gpu->sms, g, o->part_min_sms, step, why);
        return RUN_INVALID;
    }
    if (o->assign == RT_ASSIGN_GIVEN && o->deploy == RT_DEPLOY_GREEN_CONTEXTS &&
        o->verbosity >= 0)
        for (size_t p = 0; p < ts->n_partitions; p++) {
            const rt_partition *pt = &ts->partitions[p];
            if (pt->sms >= gc.min_sms && pt->sms % gc.step_sms == 0)
                continue;
            rt_diag_warning(d, ts->path, pt->line, "--deploy green-contexts: partition \"%s\" "
                            "has %" PRId64 " SMs, which green contexts cannot create on compute "
                            "capability %d.%d (at least %" PRId64 " SMs and a multiple of %"
                            PRId64 "); the given layout is analysed as it is", pt->name, pt->sms,
                            gpu->compute_capability / 10, gpu->compute_capability % 10,
                            gc.min_sms, gc.step_sms);
        }
    return 0;
}

int run_check(const rt_taskset *ts, const rt_gpu *gpu, const run_door *door, rt_options *o,
              rt_diags *d)
{
    bool has_parts = ts->n_partitions > 0;
    if (o->assign == RT_ASSIGN_GIVEN && !has_parts) {
        rt_diag_error(d, ts->path, 0, "--assign given, but the task set fixes no partitions (add "
                      "<partition> elements or use --assign search)");
        return RUN_INVALID;
    }
    if (o->assign == RT_ASSIGN_AUTO)
        o->assign = has_parts ? RT_ASSIGN_GIVEN : RT_ASSIGN_SEARCH;
    int rc;
    if ((rc = refuse_system(ts, door, o, d)) != 0 || (rc = refuse_chains(ts, door, o, d)) != 0)
        return rc;
    if (o->assign == RT_ASSIGN_GIVEN && o->verbosity >= 0)
        for (size_t i = 0; door->unused_search_options && door->unused_search_options[i]; i++)
            rt_diag_warning(d, door->who, 0, "%s is ignored: the task set fixes its partitions, "
                            "so no search runs (use --assign search to search)",
                            door->unused_search_options[i]);
    if ((rc = resolve_sizes(ts, gpu, door, o, d)) != 0)
        return rc;
    bool file_prio = ts->n_tasks && ts->tasks[0].has_priority;
    if (o->priorities == RT_PRIO_GIVEN && !file_prio)
        o->priorities = RT_PRIO_DM;
    return 0;
}

/* ---- the analysis ------------------------------------------------------------------------- */

/* Memory ran out: said in d, and the analysis stops. */
static void out_of_memory(const run_door *door, run_result *r, rt_diags *d)
{
    rt_diag_error(d, door->who, 0, "out of memory");
    r->failed = r->oom = true;
}

/* The first run of l whose WCET alone (multiplier 1) does not fit in 2^62 ns, located at its
 * kernel: the root cause of most EVAL_ERANGE. False if every one fits. */
static bool locate_range_error(const model *m, const rt_taskset *ts, const rt_layout *l,
                               const rt_options *o, rt_diags *d)
{
    for (size_t i = 0; l && i < ts->n_tasks && i < l->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        size_t p = l->task_part[i];
        for (size_t j = 0; j < t->n_runs && p < l->n_parts; j++) {
            const rt_kernel *k = &ts->kernels[t->runs[j]];
            int64_t ns;
            if (wcet_launch_lb_ns(m, o, t->runs[j], l->part_sms[p], 1.0, &ns))
                continue;
            rt_diag_error(d, ts->path, k->line, "kernel \"%s\" (task \"%s\"): its WCET on the "
                          "%lld SMs of partition \"%s\", with margin %g, does not fit in 2^62 ns "
                          "(about 146 years): its time or cycles are out of range", k->name,
                          t->name, (long long)l->part_sms[p],
                          l->part_name[p] ? l->part_name[p] : "", o->margin);
            return true;
        }
    }
    return false;
}

/* An analysis that could not run (rc of rt_eval_layout or rt_recheck, not EVAL_OK): why, in d;
 * the verdict. */
static run_verdict eval_error(const model *m, const rt_taskset *ts, const rt_options *o,
                              const run_door *door, run_result *r, int rc, rt_diags *d)
{
    r->failed = true;
    if (rc == EVAL_EBCET) {
        const rt_task *t = &ts->tasks[r->eval.bcet_task];
        size_t j = r->eval.bcet_run;
        rt_diag_error(d, ts->path, t->run_lines[j], "task \"%s\": the bcet %s of this run of "
                      "kernel \"%s\" exceeds its WCET %s on partition \"%s\" (a best case must "
                      "be a lower bound of every execution; docs/system.md sec. 2)", t->name,
                      fmt_dur_of(t->run_bcet_ns ? t->run_bcet_ns[j] : 0).s,
                      ts->kernels[t->runs[j]].name, fmt_dur_of(r->eval.bcet_wcet_ns).s,
                      r->layout->part_name[r->layout->task_part[r->eval.bcet_task]]);
        return RUN_INVALID;
    }
    if (rc == EVAL_ERANGE && locate_range_error(m, ts, r->layout, o, d))
        return RUN_INVALID;
    if (rc == EVAL_ERANGE) {
        rt_diag_error(d, ts->path, 0, "a WCET or response time does not fit in 2^62 ns (kernel "
                      "durations or margin out of range)");
        return RUN_INVALID;
    }
    out_of_memory(door, r, d);
    return RUN_UNDECIDED;
}

static run_verdict eval_verdict(const rt_eval *e)
{
    return !e->decided ? RUN_UNDECIDED : e->schedulable ? RUN_SCHEDULABLE : RUN_UNSCHEDULABLE;
}

static run_verdict search_verdict(assign_status s)
{
    switch (s) {
    case ASSIGN_OPTIMAL: case ASSIGN_FEASIBLE: return RUN_SCHEDULABLE;
    case ASSIGN_INFEASIBLE: return RUN_UNSCHEDULABLE;
    default: return RUN_UNDECIDED;
    }
}

static run_verdict analyse_given(const model *m, const rt_taskset *ts, const rt_options *o,
                                 const run_door *door, size_t trace, run_result *r, rt_diags *d)
{
    if (!(r->layout = rt_layout_from_taskset(ts))) {
        out_of_memory(door, r, d);
        return RUN_UNDECIDED;
    }
    int rc = rt_eval_layout(m, ts, r->layout, o, &r->budget, trace, &r->eval);
    if (rc != EVAL_OK)
        return eval_error(m, ts, o, door, r, rc, d);
    r->have_eval = true;
    return eval_verdict(&r->eval);
}

static run_verdict analyse_search(const model *m, const rt_taskset *ts, const rt_options *o,
                                  const run_door *door, size_t trace, run_result *r,
                                  rt_diags *d)
{
    r->searched = true;
    if (!(r->search_diags = rt_diag_new(SEARCH_DIAGS))) {
        out_of_memory(door, r, d);
        return RUN_UNDECIDED;
    }
    /* each analysis of the search counts a budget of its own: the search itself is bounded by
     * --time-limit and --max-iterations */
    int rc = assign_search(m, ts, o, &r->assign, r->search_diags);
    if (rc != ASSIGN_OK) {
        if (rc == ASSIGN_ENOMEM)
            out_of_memory(door, r, d);
        return rc == ASSIGN_EIO ? RUN_INVALID : RUN_UNDECIDED;
    }
    run_verdict v = search_verdict(r->assign.status);
    if (!r->assign.layout)
        return v;
    /* the found layout analysed again with traces for the report (same options: same result) */
    if (!(r->layout = rt_layout_copy(r->assign.layout))) {
        out_of_memory(door, r, d);
        return RUN_UNDECIDED;
    }
    bool contradicts = false;
    rc = rt_recheck(m, ts, r->layout, o, &r->budget, trace, &r->eval, &contradicts);
    if (rc != EVAL_OK)
        return eval_error(m, ts, o, door, r, rc, d);
    r->have_eval = true;
    if (contradicts) {
        rt_diag_error(d, door->who, 0, "%s", RT_RECHECK_FAILS);
        r->failed = true;
        return RUN_UNDECIDED;
    }
    return r->eval.decided ? v : RUN_UNDECIDED;
}

/* The chains over the analysed layout, charged to the run's budget: a chain that fails makes a
 * schedulable verdict a miss; one left undecided by the budget leaves it open unless a deadline
 * or another chain already fails. */
static run_verdict analyse_chains(const rt_taskset *ts, const run_door *door, run_result *r,
                                  run_verdict v, rt_diags *d)
{
    if (!(r->chains = chain_analyse_all(ts, &r->eval, &r->budget))) {
        out_of_memory(door, r, d);
        return RUN_UNDECIDED;
    }
    size_t undecided = SIZE_MAX;
    for (size_t c = 0; c < ts->n_chains; c++)
        if (r->chains[c].undecided && undecided == SIZE_MAX)
            undecided = c;
        else if (!r->chains[c].passes && !r->chains[c].undecided && v == RUN_SCHEDULABLE)
            v = RUN_UNSCHEDULABLE;
    if (v != RUN_SCHEDULABLE || undecided == SIZE_MAX)
        return v;
    r->undecided_chain = undecided;
    return RUN_UNDECIDED;
}

run_verdict run_analyse(const model *m, const rt_taskset *ts, const rt_options *opt,
                        const run_door *door, size_t trace_steps, run_result *out, rt_diags *d)
{
    memset(out, 0, sizeof *out);
    out->undecided_chain = SIZE_MAX;
    /* the options are the caller's configuration; the run's budget is run state, passed beside
     * them to every analysis of the run but the search's candidates */
    budget_init(&out->budget, opt->budget_units);
    const rt_options *o = opt;
    run_verdict v = o->assign == RT_ASSIGN_SEARCH
                        ? analyse_search(m, ts, o, door, trace_steps, out, d)
                        : analyse_given(m, ts, o, door, trace_steps, out, d);
    if (!out->failed && out->have_eval && door->chains && ts->n_chains > 0)
        v = analyse_chains(ts, door, out, v, d);
    out->verdict = v;
    return v;
}

void run_result_fini(run_result *r)
{
    if (!r)
        return;
    free(r->chains);
    rt_eval_fini(&r->eval);
    rt_layout_free(r->layout);
    assign_result_fini(&r->assign);
    rt_diag_free(r->search_diags);
    memset(r, 0, sizeof *r);
}

void run_budget_text(const rt_taskset *ts, const rt_budget *b, const rt_eval *e, char *buf,
                     size_t size)
{
    int n = snprintf(buf, size, "the work budget of %llu units (--budget) ran out in %s",
                     (unsigned long long)b->limit_units, budget_step_text(b->step));
    size_t at = n > 0 && (size_t)n < size ? (size_t)n : size ? size - 1 : 0;
#define PUT(...) do { int k = snprintf(buf + at, size - at, __VA_ARGS__); \
                      at = k > 0 && (size_t)k < size - at ? at + (size_t)k : size - 1; } while (0)
    if (b->task < ts->n_tasks)
        PUT(" at task \"%s\"", ts->tasks[b->task].name);
    if (e && e->n_undecided > 0) {
        PUT("; %zu of %zu tasks undecided:", e->n_undecided, e->n_tasks);
        for (size_t i = 0, shown = 0; i < e->n_tasks; i++)
            if (e->rta[i].status == RTA_BUDGET && shown++ < 20)
                PUT(" %s", ts->tasks[i].name);
        if (e->n_undecided > 20)
            PUT(" ...");
    }
#undef PUT
}
