/* pipeline: what every command does before its own work: load and check both inputs, resolve
 * the options that depend on the task set, and analyse the given layout or search one. */
#include "cli/pipeline.h"
#include "cli/files.h"
#include "taskset/gpu_load.h"
#include "taskset/taskset_load.h"
#include "util/atomicfile.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/deploy.h"
#include "models/occupancy.h"
#include "run/run.h"
#include "taskset/inputs.h"
#include "util/textesc.h"

#define MAX_DIAGS 50
#define TRACE_STEPS 64

/* Steps of every busy period kept for the report: the HTML report shows all of them. */
static size_t trace_steps(const cli_run *r)
{
    if (r->args.format == CLI_FORMAT_HTML)
        return SIZE_MAX;
    return r->args.opt.verbosity > 0 ? TRACE_STEPS : 0;
}

const char *cli_pipeline_prog(cli_command cmd)
{
    return cmd == CLI_SIMULATE ? "rtgpu-simulate" : "rtgpu-analyze";
}

void cli_pipeline_run_fini(cli_run *r)
{
    free(r->chains);
    measure_result_fini(&r->meas);
    rt_measurements_free(r->meas_in);
    provenance_fini(&r->prov);
    sens_result_fini(&r->sens);
    assign_result_fini(&r->assign);
    rt_eval_fini(&r->eval);
    rt_layout_free(r->layout);
    model_free(r->m);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diag_free(r->search_diags);
    rt_diag_free(r->diags);
}

void cli_pipeline_oom(const cli_run *r)
{
    fprintf(stderr, "%s: error: out of memory\n", cli_pipeline_prog(r->args.cmd));
}

/* Load both files (all errors of both are reported), then the checks that need both. */
int cli_pipeline_load_inputs(cli_run *r)
{
    if (r->args.gpu_path)
        r->gpu = rt_gpu_load(r->args.gpu_path, r->diags);
    if (r->args.taskset_path)
        r->ts = rt_taskset_load(r->args.taskset_path, r->diags);
    if (r->gpu && r->ts) {
        rt_inputs_check(r->ts, r->gpu, r->diags);
        occupancy_check_launches(r->ts, r->gpu, r->diags);
        /* the model's warnings need checked inputs; cli_pipeline_analyse uses this model */
        if (rt_diag_errors(r->diags) == 0 && (r->m = model_new(r->gpu, r->ts)) != NULL)
            model_check_bandwidth(r->m, r->ts, r->diags);
    }
    bool quiet = r->args.opt.verbosity < 0;
    if (rt_diag_errors(r->diags) > 0 || !quiet)
        rt_diag_print(r->diags, stderr);
    bool missing = (r->args.gpu_path && !r->gpu) || (r->args.taskset_path && !r->ts);
    return (rt_diag_errors(r->diags) > 0 || missing) ? 2 : 0;
}

/* The search-only options on the command line, NULL-terminated, for run_check's warning when a
 * given layout runs no search. */
static void unused_search_options(const cli_run *r, const char *names[7])
{
    static const struct { unsigned bit; const char *name; } opts[] = {
        { CLI_GAVE_TIME_LIMIT, "--time-limit" }, { CLI_GAVE_MAX_ITERATIONS, "--max-iterations" },
        { CLI_GAVE_WRITE_LP, "--write-lp" }, { CLI_GAVE_OBJECTIVE, "--objective" },
        { CLI_GAVE_MAX_SMS, "--max-sms" }, { CLI_GAVE_MIN_PART, "--min-partition-sms" },
    };
    size_t n = 0;
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (r->args.search_options_given & opts[i].bit)
            names[n++] = opts[i].name;
    names[n] = NULL;
}

/* The door the verdict pipeline sees: this command and what it was asked to write. */
static run_door door_of(const cli_run *r, const char **unused)
{
    return (run_door){ .who = cli_pipeline_prog(r->args.cmd), .chains = r->args.cmd == CLI_ANALYZE,
                       .simulate = r->args.cmd == CLI_SIMULATE,
                       .exec_dynamic = r->args.sim.exec == SIM_EXEC_DYNAMIC,
                       .format_csv = r->args.format == CLI_FORMAT_CSV,
                       .scenario = r->args.scenario != NULL,
                       .emit_taskset = r->args.emit_taskset_path != NULL,
                       .measurements = r->args.measurements_path != NULL,
                       .priorities_given = r->args.priorities_given_explicitly,
                       .unused_search_options = unused };
}

/* A search for one mechanism, written for another (json holds every form). */
static void warn_deploy_emit(const cli_run *r)
{
    const rt_options *o = &r->args.opt;
    cli_emit_format e = r->args.emit_partitions;
    bool gc_deploy = o->deploy == RT_DEPLOY_GREEN_CONTEXTS, gc_emit = e == CLI_EMIT_GREEN_CONTEXTS;
    if (o->assign == RT_ASSIGN_SEARCH && o->deploy != RT_DEPLOY_ANY && e != CLI_EMIT_NONE &&
        e != CLI_EMIT_JSON && gc_deploy != gc_emit && o->verbosity >= 0)
        fprintf(stderr, "%s: warning: --deploy %s with --emit-partitions %s: %s\n",
                cli_pipeline_prog(r->args.cmd), rt_options_deploy_target_name(o->deploy),
                gc_emit ? "green-contexts" : e == CLI_EMIT_LIBSMCTRL ? "libsmctrl" : "nvtaskset",
                gc_deploy ? "the search keeps to the sizes green contexts can create, which "
                            "this format does not need (it may cost SMs)"
                          : "the search may choose sizes green contexts cannot create, and then "
                            "nothing is written (use --deploy green-contexts)");
}

/* Option checks that need the task set. */
int cli_pipeline_resolve_options(cli_run *r)
{
    rt_options *o = &r->args.opt;
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
    int rc = cli_files_check(&f, cli_pipeline_prog(r->args.cmd));
    if (rc != 0)
        return rc;
    const char *unused[7];
    unused_search_options(r, unused);
    run_door door = door_of(r, unused);
    rt_diags *d = rt_diag_new(MAX_DIAGS);
    if (!d) {
        cli_pipeline_oom(r);
        return 3;
    }
    rc = run_check(r->ts, r->gpu, &door, o, d);
    rt_diag_print(d, stderr);
    rt_diag_free(d);
    if (rc == 0)
        warn_deploy_emit(r);
    return rc;
}

void cli_pipeline_budget_statement(const cli_run *r)
{
    char why[1024];
    run_budget_text(r->ts, &r->budget, r->have_eval ? &r->eval : NULL, why, sizeof why);
    fprintf(stderr, "%s: undecided: ", cli_args_shown(r->ts->path));
    rt_textesc_fputs(why, stderr);
    if (r->budget.step == BUDGET_STEP_SENSITIVITY && r->have_eval && r->eval.decided)
        fprintf(stderr, ": no sensitivity figures (the analysis itself: %s)\n",
                r->eval.schedulable ? "every deadline holds" : "a deadline can be missed");
    else
        fprintf(stderr, "; no verdict (a larger --budget may decide it)\n");
}

int cli_pipeline_analyse(cli_run *r, int *verdict)
{
    if (!r->m)
        r->m = model_new(r->gpu, r->ts);
    if (!r->m) {
        cli_pipeline_oom(r);
        return 3;
    }
    rt_diags *d = rt_diag_new(MAX_DIAGS);
    if (!d) {
        cli_pipeline_oom(r);
        return 3;
    }
    const char *unused[7];
    unused_search_options(r, unused);
    run_door door = door_of(r, unused);
    run_result res;
    run_verdict v = run_analyse(r->m, r->ts, &r->args.opt, &door, trace_steps(r), &res, d);
    /* the search's own messages first (only its failure's when quiet), then the pipeline's */
    if (res.search_diags && ((res.failed && !res.layout) || r->args.opt.verbosity >= 0))
        rt_diag_print(res.search_diags, stderr);
    rt_diag_print(d, stderr);
    rt_diag_free(d);
    /* the results are the run's from here on (cli_pipeline_run_fini frees them) */
    r->budget = res.budget;
    r->searched = res.searched;
    r->assign = res.assign;
    r->search_diags = res.search_diags;
    r->layout = res.layout;
    r->eval = res.eval;
    r->have_eval = res.have_eval;
    r->chains = res.chains;
    if (res.failed)
        return run_exit_status(v);
    if (r->have_eval && !r->eval.decided)
        cli_pipeline_budget_statement(r);
    if (res.undecided_chain != SIZE_MAX) {
        const rt_chain *c = &r->ts->chains[res.undecided_chain];
        fprintf(stderr, "%s:%ld: undecided: the work budget of %llu units (--budget) ran out in "
                        "the chain analysis at chain \"%s\" (every deadline holds); no verdict "
                        "(a larger --budget may decide it)\n", cli_args_shown(r->ts->path), c->line,
                (unsigned long long)r->budget.limit_units, cli_args_shown(c->name));
    }
    *verdict = run_exit_status(v);
    return 0;
}

int cli_pipeline_main(int argc, char **argv, cli_command cmd, int (*run_main)(cli_run *r))
{
    cli_run r;
    memset(&r, 0, sizeof r);
    /* getopt_long permutes argv: keep the command line as typed for the provenance */
    char **typed = malloc(((size_t)argc + 1) * sizeof *typed);
    if (!typed) {
        cli_pipeline_oom(&r);
        return 3;
    }
    memcpy(typed, argv, ((size_t)argc + 1) * sizeof *typed);
    int rc = cli_args_parse(argc, argv, cmd, &r.args);
    r.args.argv = typed;
    /* a SIGINT or SIGTERM during -o removes any visible temporary file (util/atomicfile.h) */
    if (rc == 0 && rt_atomicfile_signals_init() != 0) {
        fprintf(stderr, "%s: error: cannot install the signal handlers: %s\n", cli_pipeline_prog(cmd),
                strerror(errno));
        rc = 3;
    }
    if (rc || r.args.help || r.args.version) {
        if (r.args.help)
            cli_args_print_help(stdout, cmd);
        else if (r.args.version)
            printf("%s %s\n", cli_pipeline_prog(cmd), RTGPU_VERSION);
        free(typed);
        return rc;
    }
    r.diags = rt_diag_new(MAX_DIAGS);
    rc = r.diags ? run_main(&r) : 3;
    if (!r.diags)
        cli_pipeline_oom(&r);
    cli_pipeline_run_fini(&r);
    free(typed);
    return rc;
}
