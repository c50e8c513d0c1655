/* pipeline: what every command does before its own work: load and check both inputs, resolve
 * the options that depend on the task set, and analyse the given layout or search one. */
#include "cli/pipeline.h"
#include "cli/files.h"
#include "util/atomicfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/deploy.h"
#include "analysis/recheck.h"
#include "analysis/wcet.h"
#include "models/occupancy.h"
#include "search/sizes.h"
#include "search/sysview.h"
#include "taskset/inputs.h"

#define MAX_DIAGS 50
#define TRACE_STEPS 64

/* Steps of every busy period kept for the report: the HTML report shows all of them. */
static size_t trace_steps(const cli_run *r)
{
    if (r->args.format == CLI_FORMAT_HTML)
        return SIZE_MAX;
    return r->args.opt.verbosity > 0 ? TRACE_STEPS : 0;
}

const char *cli_prog(cli_command cmd)
{
    return cmd == CLI_SIMULATE ? "rtgpu-simulate" : "rtgpu-analyze";
}

void cli_run_fini(cli_run *r)
{
    free(r->chains);
    meas_result_fini(&r->meas);
    rt_measurements_free(r->meas_in);
    provenance_fini(&r->prov);
    sens_result_fini(&r->sens);
    assign_result_fini(&r->assign);
    rt_eval_fini(&r->eval);
    rt_layout_free(r->layout);
    model_free(r->m);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diags_free(r->search_diags);
    rt_diags_free(r->diags);
}

void cli_oom(const cli_run *r)
{
    fprintf(stderr, "%s: error: out of memory\n", cli_prog(r->args.cmd));
}

/* Load both files (all errors of both are reported), then the checks that need both. */
int cli_load_inputs(cli_run *r)
{
    if (r->args.gpu_path)
        r->gpu = rt_gpu_load(r->args.gpu_path, r->diags);
    if (r->args.taskset_path)
        r->ts = rt_taskset_load(r->args.taskset_path, r->diags);
    if (r->gpu && r->ts) {
        rt_inputs_check(r->ts, r->gpu, r->diags);
        occ_check_launches(r->ts, r->gpu, r->diags);
        /* the model's warnings need checked inputs; cli_analyse uses this model */
        if (rt_diags_errors(r->diags) == 0 && (r->m = model_new(r->gpu, r->ts)) != NULL)
            model_check_bandwidth(r->m, r->ts, r->diags);
    }
    bool quiet = r->args.opt.verbosity < 0;
    if (rt_diags_errors(r->diags) > 0 || !quiet)
        rt_diags_print(r->diags, stderr);
    bool missing = (r->args.gpu_path && !r->gpu) || (r->args.taskset_path && !r->ts);
    return (rt_diags_errors(r->diags) > 0 || missing) ? 2 : 0;
}

/* Search-only options given in given mode do nothing: say so. */
static void warn_unused_search_options(const cli_run *r)
{
    static const struct { unsigned bit; const char *name; } opts[] = {
        { CLI_GAVE_TIME_LIMIT, "--time-limit" }, { CLI_GAVE_MAX_ITERATIONS, "--max-iterations" },
        { CLI_GAVE_WRITE_LP, "--write-lp" }, { CLI_GAVE_OBJECTIVE, "--objective" },
        { CLI_GAVE_MAX_SMS, "--max-sms" }, { CLI_GAVE_MIN_PART, "--min-partition-sms" },
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (r->args.search_options_given & opts[i].bit)
            fprintf(stderr, "%s: warning: %s is ignored: the task set fixes its partitions, so "
                            "no search runs (use --assign search to search)\n",
                    cli_shown(r->ts->path), opts[i].name);
}

/* The sizes the search may choose (docs/assignment.md sec. 12): --deploy green-contexts takes the
 * compute capability's rule (analysis/deploy.h), --min-partition-sms adds a minimum; libsmctrl and
 * nvtaskset create every multiple of a TPC, so they add nothing. A rule that no size of the GPU
 * meets is refused (2); so is green contexts without a compute capability. Given partitions are
 * analysed as they are: one that the mechanism cannot create is warned about. */
static int resolve_sizes(cli_run *r)
{
    rt_options *o = &r->args.opt;
    const char *prog = cli_prog(r->args.cmd);
    o->part_min_sms = o->min_partition_sms;
    o->part_step_sms = 0;
    rt_gc_rule gc = { 0, 0 };
    if (o->deploy == RT_DEPLOY_GREEN_CONTEXTS) {
        if (!rt_deploy_gc_rule(r->gpu->compute_capability, &gc)) {
            fprintf(stderr, "%s: error: --deploy green-contexts needs the GPU's compute capability "
                            "(the SM counts green contexts can create depend on it): add "
                            "compute-capability=\"X.Y\" to the <sm> element of %s\n",
                    prog, cli_shown(r->gpu->path));
            return 2;
        }
        o->part_step_sms = gc.step_sms;
        if (gc.min_sms > o->part_min_sms)
            o->part_min_sms = gc.min_sms;
    }
    int64_t g = r->gpu->granularity > 0 ? r->gpu->granularity : 1;
    size_rule rule = size_rule_of(o, g);
    if (o->assign == RT_ASSIGN_SEARCH && size_down(&rule, r->gpu->sms / g) == 0) {
        char step[48] = "", why[96] = "";
        if (o->part_step_sms > 1)
            snprintf(step, sizeof step, " and a multiple of %" PRId64, o->part_step_sms);
        if (o->deploy != RT_DEPLOY_ANY)
            snprintf(why, sizeof why, "--deploy %s%s", rt_deploy_target_name(o->deploy),
                     o->min_partition_sms > 0 ? ", " : "");
        if (o->min_partition_sms > 0)
            snprintf(why + strlen(why), sizeof why - strlen(why), "--min-partition-sms %" PRId64,
                     o->min_partition_sms);
        fprintf(stderr, "%s: error: no partition of %s (%" PRId64 " SMs, granularity %" PRId64
                        ") can have at least %" PRId64 " SMs%s (%s): nothing to search\n",
                prog, cli_shown(r->gpu->path), r->gpu->sms, g, o->part_min_sms, step, why);
        return 2;
    }
    if (o->assign == RT_ASSIGN_GIVEN && o->deploy == RT_DEPLOY_GREEN_CONTEXTS &&
        o->verbosity >= 0)
        for (size_t p = 0; p < r->ts->n_partitions; p++) {
            const rt_partition *pt = &r->ts->partitions[p];
            if (pt->sms >= gc.min_sms && pt->sms % gc.step_sms == 0)
                continue;
            fprintf(stderr, "%s:%ld: warning: --deploy green-contexts: partition \"%s\" has %"
                            PRId64 " SMs, which green contexts cannot create on compute "
                            "capability %d.%d (at least %" PRId64 " SMs and a multiple of %"
                            PRId64 "); the given layout is analysed as it is\n",
                    cli_shown(r->ts->path), pt->line, cli_shown(pt->name), pt->sms,
                    r->gpu->compute_capability / 10, r->gpu->compute_capability % 10,
                    gc.min_sms, gc.step_sms);
        }
    /* a search for one mechanism, written for another (json holds every form) */
    cli_emit_format e = r->args.emit_partitions;
    bool gc_deploy = o->deploy == RT_DEPLOY_GREEN_CONTEXTS, gc_emit = e == CLI_EMIT_GREEN_CONTEXTS;
    if (o->assign == RT_ASSIGN_SEARCH && o->deploy != RT_DEPLOY_ANY && e != CLI_EMIT_NONE &&
        e != CLI_EMIT_JSON && gc_deploy != gc_emit && o->verbosity >= 0)
        fprintf(stderr, "%s: warning: --deploy %s with --emit-partitions %s: %s\n", prog,
                rt_deploy_target_name(o->deploy),
                gc_emit ? "green-contexts" : e == CLI_EMIT_LIBSMCTRL ? "libsmctrl" : "nvtaskset",
                gc_deploy ? "the search keeps to the sizes green contexts can create, which "
                            "this format does not need (it may cost SMs)"
                          : "the search may choose sizes green contexts cannot create, and then "
                            "nothing is written (use --deploy green-contexts)");
    return 0;
}

/* Why r cannot take a whole system (CPU or copy steps, docs/system.md sec. 5), the first reason
 * in this order, or NULL: rtgpu-analyze with given partitions analyses it end to end. Audsley
 * and synchronous windows are refused for good. */
static const char *system_refusal(const cli_run *r)
{
    const rt_options *o = &r->args.opt;
    if (r->args.cmd == CLI_SIMULATE && r->args.sim.exec == SIM_EXEC_DYNAMIC)
        return "rtgpu-simulate --exec dynamic does not simulate whole systems yet: its launch "
               "rates come from the job simulation of GPU steps alone (use --exec wcet or "
               "--exec random)";
    if (r->args.cmd == CLI_SIMULATE && r->args.format == CLI_FORMAT_CSV)
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
    const char *search_why = o->assign == RT_ASSIGN_SEARCH ? sysview_refusal(r->ts, o) : NULL;
    if (search_why)
        return search_why;
    if (r->args.emit_taskset_path)
        return "--emit-taskset does not take whole systems yet: the task set it writes would "
               "lose the CPU and copy steps (leave it out; --emit-partitions, --emit-launch and "
               "--emit-mast take whole systems)";
    if (r->args.measurements_path)
        return "--check-measurements does not take whole systems yet (leave it out)";
    return NULL;
}

/* A step's own priority beside deadline-monotonic task ranks would mix two scales: refused
 * (docs/system.md sec. 5). 0, or 2 after a message located at the step. */
static int refuse_step_priority(const cli_run *r)
{
    if (r->args.opt.priorities == RT_PRIO_GIVEN)
        return 0;
    for (size_t i = 0; i < r->ts->n_tasks; i++) {
        const rt_task *t = &r->ts->tasks[i];
        for (size_t k = 0; k < t->n_steps; k++)
            if (t->steps[k].has_priority) {
                fprintf(stderr, "%s:%ld: error: task \"%s\": a %s step gives its own priority, "
                                "but the tasks' priorities are deadline-monotonic ranks (%s): a "
                                "step priority needs given task priorities (give every task a "
                                "priority, or leave the step's out)\n",
                        cli_shown(r->ts->path), t->steps[k].line, cli_shown(t->name),
                        rt_step_kind_name(t->steps[k].kind),
                        r->args.priorities_given_explicitly ? "--priorities dm"
                                                            : "the file gives none");
                return 2;
            }
    }
    return 0;
}

/* A whole system, or --gpu-preemption kernel, where something cannot take it: say what, located
 * at its first CPU or copy step (or second GPU step). 0, or 2 after the message. */
static int refuse_system(const cli_run *r)
{
    const rt_task *t = NULL;
    const rt_step *s = rt_taskset_first_system_step(r->ts, &t);
    bool kernel = r->args.opt.gpu_kernel_preemption;
    if ((!s && !kernel) || (r->args.cmd == CLI_SIMULATE && r->args.scenario))
        return 0;   /* --scenario places kernels alone: steps play no part */
    const char *why = system_refusal(r);
    if (!why)
        return refuse_step_priority(r);
    if (!s) {
        fprintf(stderr, "%s: error: --gpu-preemption kernel is analysed by the holistic analysis "
                        "of whole systems (docs/system.md sec. 4): %s\n",
                cli_prog(r->args.cmd), why);
        return 2;
    }
    fprintf(stderr, "%s:%ld: error: task \"%s\" has a %s step, which makes the task set a whole "
                    "system (docs/system.md): %s\n",
            cli_shown(r->ts->path), s->line, cli_shown(t->name), rt_step_kind_name(s->kind), why);
    return 2;
}

/* The partition search does not take chains into account (docs/chains.md sec. 5): a located
 * refusal at the first <chain>, so that no layout it finds leaves a chain's requirement out. 0,
 * or 2 after the message. */
static int refuse_chains(const cli_run *r)
{
    if (r->ts->n_chains == 0 || r->args.cmd != CLI_ANALYZE
        || r->args.opt.assign != RT_ASSIGN_SEARCH)
        return 0;
    const rt_chain *c = &r->ts->chains[0];
    fprintf(stderr, "%s:%ld: error: chain \"%s\": the partition search does not take chains into "
                    "account: a layout it finds could fail them (give the partitions as "
                    "<partition> elements and use --assign given)\n",
            cli_shown(r->ts->path), c->line, cli_shown(c->name));
    return 2;
}

/* Option checks that need the task set. */
int cli_resolve_options(cli_run *r)
{
    rt_options *o = &r->args.opt;
    bool has_parts = r->ts->n_partitions > 0;
    /* No output may overwrite an input or another output (docs/report.md, Output safety). */
    cli_files f = { 0 };
    cli_files_add(&f, "the task set", r->args.taskset_path, false);
    cli_files_add(&f, "--gpu", r->args.gpu_path, false);
    cli_files_add(&f, "--check-measurements", r->args.measurements_path, false);
    cli_files_add(&f, "-o", r->args.output_path, true);
    cli_files_add(&f, "-O", r->args.emit_partitions_path, true);
    cli_files_add(&f, "--emit-taskset", r->args.emit_taskset_path, true);
    cli_files_add(&f, "--emit-launch", r->args.emit_launch_path, true);
    cli_files_add(&f, "--emit-mast", r->args.emit_mast_path, true);
    cli_files_add(&f, "--write-lp", o->write_lp, true);
    int rc = cli_files_check(&f, cli_prog(r->args.cmd));
    if (rc != 0)
        return rc;
    if (o->assign == RT_ASSIGN_GIVEN && !has_parts) {
        fprintf(stderr, "%s: error: --assign given, but the task set fixes no partitions "
                        "(add <partition> elements or use --assign search)\n",
                cli_shown(r->ts->path));
        return 2;
    }
    if (o->assign == RT_ASSIGN_AUTO)
        o->assign = has_parts ? RT_ASSIGN_GIVEN : RT_ASSIGN_SEARCH;
    if ((rc = refuse_system(r)) != 0 || (rc = refuse_chains(r)) != 0)
        return rc;
    if (o->assign == RT_ASSIGN_GIVEN && o->verbosity >= 0)
        warn_unused_search_options(r);
    if ((rc = resolve_sizes(r)) != 0)
        return rc;
    bool file_prio = r->ts->n_tasks && r->ts->tasks[0].has_priority;
    if (o->priorities == RT_PRIO_GIVEN && !file_prio)
        o->priorities = RT_PRIO_DM;
    return 0;
}

/* The first run of r->layout whose WCET alone (multiplier 1) does not fit in 2^62 ns, located at
 * its kernel: the root cause of most EVAL_ERANGE. False if every one fits. */
static bool locate_range_error(const cli_run *r)
{
    const rt_layout *l = r->layout;
    for (size_t i = 0; l && i < r->ts->n_tasks && i < l->n_tasks; i++) {
        const rt_task *t = &r->ts->tasks[i];
        size_t p = l->task_part[i];
        for (size_t j = 0; j < t->n_runs && p < l->n_parts; j++) {
            const rt_kernel *k = &r->ts->kernels[t->runs[j]];
            int64_t ns;
            if (wcet_launch_lb_ns(r->m, &r->args.opt, t->runs[j], l->part_sms[p], 1.0, &ns))
                continue;
            fprintf(stderr, "%s:%ld: error: kernel \"%s\" (task \"%s\"): its WCET on the %lld "
                            "SMs of partition \"%s\", with margin %g, does not fit in 2^62 ns "
                            "(about 146 years): its time or cycles are out of range\n",
                    cli_shown(r->ts->path), k->line, k->name, t->name,
                    (long long)l->part_sms[p],
                    l->part_name[p] ? l->part_name[p] : "", r->args.opt.margin);
            return true;
        }
    }
    return false;
}

static int eval_error(const cli_run *r, int rc)
{
    if (rc == EVAL_EBCET) {
        const rt_task *t = &r->ts->tasks[r->eval.bcet_task];
        size_t j = r->eval.bcet_run;
        fprintf(stderr, "%s:%ld: error: task \"%s\": ", cli_shown(r->ts->path),
                t->run_lines[j], cli_shown(t->name));
        fprintf(stderr, "the bcet %" PRId64 " ns of this run of kernel \"%s\" exceeds its WCET "
                        "%" PRId64 " ns on partition \"%s\" (a best case must be a lower bound "
                        "of every execution; docs/system.md sec. 2)\n",
                t->run_bcet_ns ? t->run_bcet_ns[j] : 0, cli_shown(r->ts->kernels[t->runs[j]].name),
                r->eval.bcet_wcet_ns,
                cli_shown(r->layout->part_name[r->layout->task_part[r->eval.bcet_task]]));
        return 2;
    }
    if (rc == EVAL_ERANGE && locate_range_error(r))
        return 2;
    if (rc == EVAL_ERANGE)
        fprintf(stderr, "%s: error: a WCET or response time does not fit in 2^62 ns "
                        "(kernel durations or margin out of range)\n",
                cli_shown(r->ts->path));
    else
        cli_oom(r);
    return rc == EVAL_ERANGE ? 2 : 3;
}

void cli_budget_statement(const cli_run *r)
{
    const rt_budget *b = &r->budget;
    fprintf(stderr, "%s: undecided: the work budget of %llu units (--budget) ran out in %s",
            cli_shown(r->ts->path), (unsigned long long)b->limit_units, budget_step_text(b->step));
    if (b->task < r->ts->n_tasks)
        fprintf(stderr, " at task \"%s\"", r->ts->tasks[b->task].name);
    if (r->have_eval && r->eval.n_undecided > 0) {
        fprintf(stderr, "; %zu of %zu tasks undecided:", r->eval.n_undecided, r->eval.n_tasks);
        for (size_t i = 0, shown = 0; i < r->eval.n_tasks; i++)
            if (r->eval.rta[i].status == RTA_BUDGET && shown++ < 20)
                fprintf(stderr, " %s", r->ts->tasks[i].name);
        if (r->eval.n_undecided > 20)
            fprintf(stderr, " ...");
    }
    if (b->step == BUDGET_STEP_SENSITIVITY && r->have_eval && r->eval.decided)
        fprintf(stderr, ": no sensitivity figures (the analysis itself: %s)\n",
                r->eval.schedulable ? "every deadline holds" : "a deadline can be missed");
    else
        fprintf(stderr, "; no verdict (a larger --budget may decide it)\n");
}

/* The verdict of an analysed layout: 0, 1, or 3 when the budget left tasks undecided. */
static int eval_verdict(const cli_run *r)
{
    if (!r->eval.decided) {
        cli_budget_statement(r);
        return 3;
    }
    return r->eval.schedulable ? 0 : 1;
}

static int analyse_given(cli_run *r, int *verdict)
{
    r->layout = rt_layout_from_taskset(r->ts);
    if (!r->layout) {
        cli_oom(r);
        return 3;
    }
    size_t trace = trace_steps(r);
    int rc = rt_eval_layout(r->m, r->ts, r->layout, &r->args.opt, trace, &r->eval);
    if (rc != EVAL_OK)
        return eval_error(r, rc);
    r->have_eval = true;
    *verdict = eval_verdict(r);
    return 0;
}

static int search_verdict(assign_status s)
{
    switch (s) {
    case ASSIGN_OPTIMAL: case ASSIGN_FEASIBLE: return 0;
    case ASSIGN_INFEASIBLE: return 1;
    default: return 3;
    }
}

static int analyse_search(cli_run *r, int *verdict)
{
    r->searched = true;
    r->search_diags = rt_diags_new(MAX_DIAGS);
    if (!r->search_diags) {
        cli_oom(r);
        return 3;
    }
    /* each analysis of the search counts a budget of its own (opt.budget NULL): the search
     * itself is bounded by --time-limit and --max-iterations */
    r->args.opt.budget = NULL;
    int rc = assign_search(r->m, r->ts, &r->args.opt, &r->assign, r->search_diags);
    r->args.opt.budget = &r->budget;
    if (rc != ASSIGN_OK || r->args.opt.verbosity >= 0)
        rt_diags_print(r->search_diags, stderr);
    if (rc != ASSIGN_OK) {
        if (rc == ASSIGN_ENOMEM)
            cli_oom(r);
        return rc == ASSIGN_EIO ? 2 : 3;
    }
    *verdict = search_verdict(r->assign.status);
    if (!r->assign.layout)
        return 0;
    /* Re-analyse the found layout with traces for the report (same options: same result). */
    r->layout = rt_layout_copy(r->assign.layout);
    if (!r->layout) {
        cli_oom(r);
        return 3;
    }
    bool contradicts = false;
    rc = rt_recheck(r->m, r->ts, r->layout, &r->args.opt, trace_steps(r), &r->eval, &contradicts);
    if (rc != EVAL_OK)
        return eval_error(r, rc);
    r->have_eval = true;
    if (contradicts) {
        fprintf(stderr, "%s: %s\n", cli_prog(r->args.cmd), RT_RECHECK_FAILS);
        return 3;
    }
    if (!r->eval.decided)
        *verdict = eval_verdict(r);
    return 0;
}

int cli_analyse(cli_run *r, int *verdict)
{
    budget_init(&r->budget, r->args.opt.budget_units);
    r->args.opt.budget = &r->budget;
    if (!r->m)
        r->m = model_new(r->gpu, r->ts);
    if (!r->m) {
        cli_oom(r);
        return 3;
    }
    int rc = r->args.opt.assign == RT_ASSIGN_SEARCH ? analyse_search(r, verdict)
                                                    : analyse_given(r, verdict);
    if (rc || r->args.cmd != CLI_ANALYZE || r->ts->n_chains == 0 || !r->have_eval)
        return rc;
    if (!(r->chains = chain_analyse_all(r->ts, &r->eval, &r->budget))) {
        cli_oom(r);
        return 3;
    }
    /* a chain that fails is a miss; one left undecided by the budget leaves the verdict open
     * unless a deadline or another chain already fails */
    size_t undecided = SIZE_MAX;
    for (size_t c = 0; c < r->ts->n_chains; c++)
        if (r->chains[c].undecided && undecided == SIZE_MAX)
            undecided = c;
        else if (!r->chains[c].passes && !r->chains[c].undecided && *verdict == 0)
            *verdict = 1;
    if (undecided != SIZE_MAX && *verdict == 0) {
        const rt_chain *c = &r->ts->chains[undecided];
        fprintf(stderr, "%s:%ld: undecided: the work budget of %llu units (--budget) ran out in "
                        "the chain analysis at chain \"%s\" (every deadline holds); no verdict "
                        "(a larger --budget may decide it)\n", cli_shown(r->ts->path), c->line,
                (unsigned long long)r->budget.limit_units, cli_shown(c->name));
        *verdict = 3;
    }
    return 0;
}

int cli_main(int argc, char **argv, cli_command cmd, int (*run_main)(cli_run *r))
{
    cli_run r;
    memset(&r, 0, sizeof r);
    /* getopt_long permutes argv: keep the command line as typed for the provenance */
    char **typed = malloc(((size_t)argc + 1) * sizeof *typed);
    if (!typed) {
        cli_oom(&r);
        return 3;
    }
    memcpy(typed, argv, ((size_t)argc + 1) * sizeof *typed);
    int rc = cli_args_parse(argc, argv, cmd, &r.args);
    r.args.argv = typed;
    /* a SIGINT or SIGTERM during -o removes any visible temporary file (util/atomicfile.h) */
    if (rc == 0 && rt_atomic_signals_init() != 0) {
        fprintf(stderr, "%s: error: cannot install the signal handlers: %s\n", cli_prog(cmd),
                strerror(errno));
        rc = 3;
    }
    if (rc || r.args.help || r.args.version) {
        if (r.args.help)
            cli_print_help(stdout, cmd);
        else if (r.args.version)
            printf("%s %s\n", cli_prog(cmd), RTGPU_VERSION);
        free(typed);
        return rc;
    }
    r.diags = rt_diags_new(MAX_DIAGS);
    rc = r.diags ? run_main(&r) : 3;
    if (!r.diags)
        cli_oom(&r);
    cli_run_fini(&r);
    free(typed);
    return rc;
}
