/* rtgpu-simulate: load and analyse as rtgpu-analyze does (worst-case windows: the bound that
 * holds for every release pattern), simulate the layout, write the summary, the trace or the
 * Gantt chart, and exit 3 with the counter-example if an observed response exceeds its bound. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/pipeline.h"
#include "report/gantt.h"
#include "report/placement_report.h"
#include "report/placement_svg.h"
#include "draw/svg.h"
#include "report/sim_report.h"
#include "report/syssim_report.h"
#include "sim/chainrun.h"
#include "sim/placement_sim.h"
#include "sim/sim.h"
#include "sim/syssim.h"
#include "util/atomicfile.h"
#include "util/grow.h"

/* The Gantt chart shows at most this many jobs (the first ones): memory stays bounded. */
#define GANTT_MAX_JOBS 2000
/* A whole system's chart: at most this many segments (the first ones to end). */
#define GANTT_MAX_SEGMENTS 20000
/* warnings of one placement (one per kernel at most), stored before they are printed */
#define MAX_PLACEMENT_WARNINGS 50

/* Jobs kept for the Gantt chart. */
typedef struct gantt_keep {
    sim_job *jobs;
    size_t n, cap;
    uint64_t seen;
} gantt_keep;

static int keep_job(void *ctx, const sim_job *j)
{
    gantt_keep *g = ctx;
    g->seen++;
    if (g->n == GANTT_MAX_JOBS)
        return 0;
    sim_job *p = rt_grow(g->jobs, &g->cap, g->n + 1, sizeof *p, 64);
    if (!p)
        return SIM_ENOMEM;
    g->jobs = p;
    g->jobs[g->n++] = *j;
    return 0;
}

/* The time a chart covers: --horizon when given; else two of the longest periods plus the
 * longest deadline, enough to see every task's jobs recur (the caller stops it at the last job
 * or segment kept). */
static double chart_window(const rt_taskset *ts, int64_t horizon_ns)
{
    int64_t tmax = 0, dmax = 0;
    for (size_t t = 0; t < ts->n_tasks; t++) {
        if (ts->tasks[t].period_ns > tmax)
            tmax = ts->tasks[t].period_ns;
        if (ts->tasks[t].deadline_ns > dmax)
            dmax = ts->tasks[t].deadline_ns;
    }
    return horizon_ns > 0 ? (double)horizon_ns : 2.0 * (double)tmax + (double)dmax;
}

static int write_gantt(const sim_report *rep, const gantt_keep *g, const sim_result *res,
                       FILE *out)
{
    /* the chart window, never beyond the last job kept */
    double t1 = 0, window = chart_window(rep->ts, rep->so->horizon_ns);
    for (size_t i = 0; i < g->n; i++)
        if (g->jobs[i].finish_ns > t1)
            t1 = g->jobs[i].finish_ns;
    if (t1 > window)
        t1 = window;
    size_t shown = 0;
    for (size_t i = 0; i < g->n; i++)
        shown += g->jobs[i].start_ns < t1;
    char title[256], note[160];
    snprintf(title, sizeof title, "%s: %s releases, --exec %s", rep->ts->name ? rep->ts->name : "",
             sim_release_name(rep->so->release), sim_exec_name(rep->so->exec));
    snprintf(note, sizeof note, "%zu of %llu jobs shown%s", shown, (unsigned long long)res->jobs,
             res->capped ? " (releases stopped at the job cap)" : "");
    gantt_input in = { .ts = rep->ts, .layout = rep->l, .jobs = g->jobs, .n_jobs = g->n,
                       .t0_ns = 0, .t1_ns = t1 >= 1 ? (int64_t)ceil(t1) : 1, .title = title,
                       .note = note };
    return gantt_write_svg(out, &in, SVG_XML_DECL);
}

/* What simulate() ended with: the exit status, and whether the output is complete. */
enum { SIMULATED = 0, DEADLINE_MISSED = 1, BOUND_EXCEEDED = 3, WRITE_FAILED = 2,
       RUN_FAILED = 4, TRACE_CAPPED = 5 };

/* ---- whole systems (docs/simulation.md, "Whole systems") ---- */

/* The chart of a whole system: a lane per used core and copy engine, and per partition; a bar
 * per segment, over the same window as a job chart. */
static int write_system_gantt(const syssim_report *rep, const syssim_result *res, FILE *out)
{
    const rt_system *sys = rep->sys;
    size_t R = sys->sys.n_resources, n = 0, shown = 0;
    size_t *lane = malloc(R * sizeof *lane);
    const char **name = malloc(R * sizeof *name), **note = malloc(R * sizeof *note);
    char (*nb)[48] = malloc(R * sizeof *nb), (*nt)[48] = malloc(R * sizeof *nt);
    sim_job *jobs = malloc((res->n_trace ? res->n_trace : 1) * sizeof *jobs);
    int rc = -1;
    if (!lane || !name || !note || !nb || !nt || !jobs)
        goto done;
    for (size_t r = 0; r < R; r++) {
        bool part = sys->resources[r].kind == HOL_PARTITION;
        lane[r] = SIZE_MAX;
        if (!part && sys->res_steps[r] == 0)
            continue;   /* an unused core or engine */
        lane[r] = n;
        name[n] = rt_system_resource_name(sys, rep->gpu, rep->l, r, nb[n], sizeof nb[n]);
        if (part)
            snprintf(nt[n], sizeof nt[n], "%" PRId64 " SMs",
                     rep->l->part_sms[r - sys->n_cores - sys->n_engines]);
        else if (sys->resources[r].kind == HOL_CPU_CORE)
            snprintf(nt[n], sizeof nt[n], "CPU core");
        else
            snprintf(nt[n], sizeof nt[n], "copy engine, %s", sys->resources[r].fifo ? "fifo"
                                                                                   : "priority");
        note[n] = nt[n];
        n++;
    }
    int64_t t1 = 1;
    double window = chart_window(rep->ts, rep->cli->horizon_ns);
    for (size_t i = 0; i < res->n_trace; i++) {
        const syssim_segment *g = &res->trace[i];
        if (g->end_ns > t1)
            t1 = g->end_ns;
        int64_t act = rep->ts->tasks[g->task].offset_ns +
                      (int64_t)g->job * sys->tasks[g->task].period_ns;
        jobs[i] = (sim_job){ .task = g->task, .part = lane[g->resource], .index = g->job,
                             .activation_ns = (double)act, .release_ns = (double)act,
                             .start_ns = (double)g->start_ns, .finish_ns = (double)g->end_ns,
                             .response_ns = (double)(g->end_ns - act) };
    }
    if ((double)t1 > window)
        t1 = (int64_t)window;
    for (size_t i = 0; i < res->n_trace; i++)
        shown += res->trace[i].start_ns < t1;
    char title[256], note_line[200];
    snprintf(title, sizeof title, "%s: whole system, %s releases, --exec %s",
             rep->ts->name ? rep->ts->name : "",
             rep->cli->release == SIM_RELEASE_RANDOM ? "jittered" : "synchronous",
             rep->exec_name);
    snprintf(note_line, sizeof note_line, "%zu segments shown%s", shown,
             res->trace_dropped ? " (the first ones; later segments not kept)" : "");
    gantt_input in = { .ts = rep->ts, .layout = rep->l, .jobs = jobs, .n_jobs = res->n_trace,
                       .t0_ns = 0, .t1_ns = t1, .title = title, .note = note_line,
                       .lane_name = name, .lane_note = note, .n_lanes = n };
    rc = gantt_write_svg(out, &in, SVG_XML_DECL);
done:
    free(lane);
    free(name);
    free(note);
    free(nb);
    free(nt);
    free(jobs);
    return rc;
}

/* The chains of r observed in the whole-system run that cs watched or else the GPU-only run
 * gpu_res (docs/simulation.md, "Cause-effect chains") and their bounds: SIMULATED with both
 * arrays in *bounds and *chains (the caller frees them), or RUN_FAILED after a message. */
static int observe_chains(cli_run *r, chainrun_stream *cs, const sim_result *gpu_res,
                          chain_result **bounds, chainrun_chain **chains)
{
    *bounds = chain_analyse_all(r->ts, &r->eval, &r->budget);
    int rc = !*bounds ? CHAINRUN_ENOMEM
           : cs       ? chainrun_stream_finish(cs, *bounds, chains)
                      : chainrun_observe_sim(r->ts, gpu_res, *bounds, chains);
    if (rc == CHAINRUN_OK)
        return SIMULATED;
    free(*bounds);
    *bounds = NULL;
    if (rc == CHAINRUN_ENOMEM)
        cli_pipeline_oom(r);
    else if (rc == CHAINRUN_ERANGE)
        fprintf(stderr, "rtgpu-simulate: error: a chain's read or write instant is beyond 2^63 "
                        "ns (shorten --horizon)\n");
    else
        fprintf(stderr, "rtgpu-simulate: error: the chains cannot be observed (an invalid job "
                        "record: a defect)\n");
    return RUN_FAILED;
}

/* What the writers show of the chains observed (cc NULL: none). */
static simchains_view chains_view(const cli_run *r, const chain_result *cb,
                                  const chainrun_chain *cc)
{
    simchains_view v = { .ts = r->ts, .n = cc ? r->ts->n_chains : 0, .bounds = cb, .obs = cc };
    v.exceeded = chainrun_exceeded(cc, v.n, &v.chain, &v.mda);
    return v;
}

/* Simulate the whole system of r (analysed: r->eval.system) and write everything to out.
 * Returns one of the values of simulate(). */
/* Each task's offset, the phase it is first released at (malloc'd, the caller frees); NULL
 * after reporting out of memory. */
static int64_t *task_offsets(cli_run *r)
{
    int64_t *phase = malloc((r->ts->n_tasks ? r->ts->n_tasks : 1) * sizeof *phase);
    if (!phase) {
        cli_pipeline_oom(r);
        return NULL;
    }
    for (size_t i = 0; i < r->ts->n_tasks; i++)
        phase[i] = r->ts->tasks[i].offset_ns;
    return phase;
}

static int simulate_system(cli_run *r, FILE *out)
{
    const cli_args *a = &r->args;
    const rt_system *sys = r->eval.system;
    syssim_options so;
    syssim_options_default(&so);
    so.exec = a->exec_random ? SYSSIM_EXEC_RANDOM : SYSSIM_EXEC_WCET;
    so.jitter = a->sim.release == SIM_RELEASE_RANDOM ? SYSSIM_JITTER_RANDOM : SYSSIM_JITTER_NONE;
    so.seed = a->sim.seed;
    so.horizon_ns = a->sim.horizon_ns > 0 ? a->sim.horizon_ns
                                          : chainrun_horizon(r->ts, sim_default_horizon(r->ts));
    int64_t *phase = task_offsets(r);
    if (!phase)
        return RUN_FAILED;
    so.phase_ns = phase;
    /* the chains are observed as the run goes: no job is recorded, whatever the horizon */
    chainrun_stream *cs = NULL;
    if (r->ts->n_chains > 0) {
        int crc = chainrun_stream_new(r->ts, phase, so.horizon_ns, &cs);
        if (crc != CHAINRUN_OK) {
            free(phase);
            if (crc == CHAINRUN_ENOMEM)
                cli_pipeline_oom(r);
            else
                fprintf(stderr, "rtgpu-simulate: error: a chain's read or write instant is "
                                "beyond 2^63 ns (shorten --horizon)\n");
            return RUN_FAILED;
        }
        so.job_event = chainrun_stream_event;
        so.job_ctx = cs;
    }
    so.trace = a->format == CLI_FORMAT_SVG || (a->format == CLI_FORMAT_JSON && a->trace);
    so.trace_cap = a->format == CLI_FORMAT_SVG ? GANTT_MAX_SEGMENTS : a->sim.trace_cap;
    syssim_result res;
    int rc = syssim_run(&sys->sys, &so, &res);
    free(phase);
    so.phase_ns = NULL;
    int status = SIMULATED;
    if (rc == SYSSIM_ESINK)   /* the chains' observer failed: its error says why */
        rc = chainrun_stream_error(cs) == CHAINRUN_ENOMEM ? SYSSIM_ENOMEM : SYSSIM_EINVAL;
    if (rc == SYSSIM_ENOMEM) {
        cli_pipeline_oom(r);
        status = RUN_FAILED;
    } else if (rc == SYSSIM_ERANGE) {
        fprintf(stderr, "rtgpu-simulate: error: a time beyond 2^63 ns (shorten --horizon)\n");
        status = RUN_FAILED;
    } else if (rc == SYSSIM_ELIMIT) {
        fprintf(stderr, "rtgpu-simulate: error: more than %" PRIu64 " instants simulated; "
                        "stopped (shorten --horizon)\n", so.event_cap);
        status = RUN_FAILED;
    } else if (rc != SYSSIM_OK) {
        fprintf(stderr, "rtgpu-simulate: error: the whole system cannot be simulated (an "
                        "invalid record: a defect)\n");
        status = RUN_FAILED;
    } else if (a->format == CLI_FORMAT_JSON && a->trace && res.trace_dropped) {
        fprintf(stderr, "rtgpu-simulate: error: the trace has more than %" PRIu64 " segments; "
                        "stopped (--trace-cap N raises the limit, --horizon shortens the run)\n",
                a->sim.trace_cap);
        status = TRACE_CAPPED;
    }
    int64_t *bound = status == SIMULATED
                         ? malloc((sys->sys.n_tasks ? sys->sys.n_tasks : 1) * sizeof *bound)
                         : NULL;
    if (status == SIMULATED && !bound) {
        cli_pipeline_oom(r);
        status = RUN_FAILED;
    }
    if (status != SIMULATED) {
        chainrun_stream_free(cs);
        syssim_result_fini(&res);
        return status;
    }
    for (size_t i = 0; i < sys->sys.n_tasks; i++)
        bound[i] = sys->res.tasks[i].status == HOL_BOUNDED ? sys->res.tasks[i].response_ns : -1;
    syssim_report rep = { .ts = r->ts, .gpu = r->gpu, .l = r->layout, .sys = sys, .o = &a->opt,
                          .cli = &a->sim, .so = &so, .exec_name = a->exec_random ? "random"
                                                                                 : "wcet",
                          .tool_version = RTGPU_VERSION };
    rep.exceeded = syssim_exceeded(&res, bound, &rep.exceeded_task);
    free(bound);
    chain_result *cb = NULL;
    chainrun_chain *cc = NULL;
    if (cs)
        status = observe_chains(r, cs, NULL, &cb, &cc);
    chainrun_stream_free(cs);
    if (status != SIMULATED) {
        syssim_result_fini(&res);
        return status;
    }
    rep.chains = chains_view(r, cb, cc);
    int wrc = a->format == CLI_FORMAT_JSON ? syssim_report_json(&rep, &res, out)
            : a->format == CLI_FORMAT_SVG  ? write_system_gantt(&rep, &res, out)
                                           : syssim_report_text(&rep, &res, out);
    syssim_report_violation(&rep, &res, stderr);
    uint64_t misses = 0;
    for (size_t i = 0; i < res.n_tasks; i++)
        misses += res.tasks[i].misses;
    if (wrc != 0 || fflush(out) != 0 || ferror(out)) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write %s: %s\n",
                a->output_path ? a->output_path : "the standard output", strerror(errno));
        status = WRITE_FAILED;
    } else if (rep.exceeded || rep.chains.exceeded) {
        status = BOUND_EXCEEDED;
    } else if (a->fail_on_miss && misses > 0) {
        status = DEADLINE_MISSED;
    }
    syssim_result_fini(&res);
    chainrun_free(cc, rep.chains.n);
    free(cb);
    return status;
}

/* Simulate the task set of GPU steps of r and write everything to out. Synchronous releases, and
 * every release when the task set has chains, start each task at its offset; with chains the
 * run records each job's start and finish and covers the chains (docs/simulation.md,
 * "Cause-effect chains"). Returns one of the values above. */
static int simulate(cli_run *r, FILE *out)
{
    if (r->eval.system)
        return simulate_system(r, out);
    const cli_args *a = &r->args;
    bool chains = r->ts->n_chains > 0;
    sim_options so = a->sim;
    int64_t *phase = NULL;
    if (chains || so.release == SIM_RELEASE_SYNCHRONOUS) {
        phase = task_offsets(r);
        if (!phase)
            return RUN_FAILED;
        so.phase_ns = phase;
    }
    if (chains) {
        so.job_records = true;
        if (so.horizon_ns <= 0)
            so.horizon_ns = chainrun_horizon(r->ts, sim_default_horizon(r->ts));
    }
    sim_report rep = { .ts = r->ts, .gpu = r->gpu, .l = r->layout, .o = &a->opt, .so = &a->sim,
                       .tool_version = RTGPU_VERSION };
    sim_trace_writer tw = { .r = &rep, .out = out, .json = a->format == CLI_FORMAT_JSON };
    gantt_keep keep = { 0 };
    sim_sink sink = { 0 };
    bool trace = a->format == CLI_FORMAT_CSV || (a->format == CLI_FORMAT_JSON && a->trace);
    int wrc = 0;
    if (trace)
        sink = sim_report_trace_sink(&tw);
    if (a->format == CLI_FORMAT_SVG)
        sink = (sim_sink){ .ctx = &keep, .job = keep_job };
    if (a->format == CLI_FORMAT_CSV)
        wrc = sim_report_csv_header(out);
    if (a->format == CLI_FORMAT_JSON)
        wrc = sim_report_json_begin(&tw, trace);
    sim_result res = { 0 };
    int rc = wrc ? SIM_ESINK : sim_run(r->m, r->ts, r->layout, &r->eval, &a->opt, &so, &sink, &res);
    free(phase);
    chain_result *cb = NULL;
    chainrun_chain *cc = NULL;
    int status = SIMULATED;
    if (rc == SIM_OK && chains && (status = observe_chains(r, NULL, &res, &cb, &cc)) !=
                                     SIMULATED) {
        sim_result_fini(&res);
        free(keep.jobs);
        return status;
    }
    rep.chains = chains_view(r, cb, cc);
    if (rc == SIM_OK) {
        if (a->format == CLI_FORMAT_JSON)
            wrc = sim_report_json_end(&tw, trace, &res);
        else if (a->format == CLI_FORMAT_TEXT)
            wrc = sim_report_text(&rep, &res, out);
        else if (a->format == CLI_FORMAT_SVG)
            wrc = write_gantt(&rep, &keep, &res, out);
        sim_report_violation(&rep, &res, stderr);
    }
    if (rc == SIM_ENOMEM) {
        cli_pipeline_oom(r);
        status = RUN_FAILED;
    } else if (rc == SIM_ERANGE) {
        fprintf(stderr, "rtgpu-simulate: error: a job finishes beyond 2^53 ns (104 days), where "
                        "times stop being exact (shorten --horizon)\n");
        status = RUN_FAILED;
    } else if (rc == SIM_ETRACE) {
        fprintf(stderr, "rtgpu-simulate: error: the trace has more than %" PRIu64 " launches; "
                        "stopped (--trace-cap N raises the limit, --horizon or --job-cap shorten "
                        "the run)\n", a->sim.trace_cap);
        status = TRACE_CAPPED;
    } else if (rc != SIM_OK || wrc != 0 || fflush(out) != 0 || ferror(out)) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write %s: %s\n",
                a->output_path ? a->output_path : "the standard output", strerror(errno));
        status = WRITE_FAILED;
    } else if (res.violation.found || rep.chains.exceeded) {
        status = BOUND_EXCEEDED;
    } else if (a->fail_on_miss && res.misses > 0) {
        status = DEADLINE_MISSED;
    }
    sim_result_fini(&res);
    chainrun_free(cc, rep.chains.n);
    free(cb);
    free(keep.jobs);
    return status;
}

/* Write the placement in the asked format; 0, or -1 on a write error. */
static int write_placement(const cli_run *r, const psim_result *res, FILE *out)
{
    placement_report rep = { .ts = r->ts, .gpu = r->gpu, .res = res,
                             .tool_version = RTGPU_VERSION };
    int rc;
    if (r->args.format == CLI_FORMAT_JSON)
        rc = placement_report_json(&rep, out);
    else if (r->args.format == CLI_FORMAT_SVG)
        rc = placement_svg_write(&rep, out);
    else
        rc = placement_report_text(&rep, out, r->args.opt.verbosity);
    return rc || fflush(out) != 0 || ferror(out) ? -1 : 0;
}

/* --scenario NAME: the block placement of docs/concurrency.md sec. 8 instead of the job simulation
 * (no analysis: the scenario submits kernels to the whole GPU). */
static int run_placement(cli_run *r)
{
    int rc = cli_pipeline_load_inputs(r);
    if (rc)
        return rc;
    const char *name = r->args.scenario, *path = r->args.output_path;
    long sc = rt_taskset_find_scenario(r->ts, name);
    if (sc < 0) {
        char h[140];
        fprintf(stderr, "%s: error: no <scenario name=\"%s\"> in the task set%s (",
                cli_args_shown(r->ts->path), cli_args_shown(name),
                rt_taskset_hint_scenario(r->ts, name, h, sizeof h));
        for (size_t i = 0; i < r->ts->n_scenarios; i++)
            fprintf(stderr, "%s\"%s\"", i ? ", " : "it has ", r->ts->scenarios[i].name);
        fprintf(stderr, "%s)\n", r->ts->n_scenarios ? "" : "it has none");
        return 2;
    }
    if (!r->gpu->has_sm_limits) {
        fprintf(stderr, "%s:%ld: error: gpu \"%s\" has no <sm> element (the placement model "
                        "needs the SM limits: threads, blocks, warps, registers, shared-memory, "
                        "or compute-capability)\n", cli_args_shown(r->gpu->path), r->gpu->line,
                r->gpu->name);
        return 2;
    }
    if ((rc = cli_pipeline_resolve_options(r)) != 0)   /* -o onto an input */
        return rc;
    psim_result res;
    budget_init(&r->budget, r->args.opt.budget_units);
    rc = placement_sim_run(r->ts, r->gpu, (size_t)sc, &r->budget, &res);
    if (rc == PSIM_EBUDGET) {
        fprintf(stderr, "%s: undecided: the work budget of %llu units (--budget) ran out in %s of "
                        "scenario \"%s\"; no placement is reported (a larger --budget may finish "
                        "it)\n", cli_args_shown(r->ts->path),
                (unsigned long long)r->budget.limit_units, budget_step_text(r->budget.step),
                cli_args_shown(name));
        return 3;
    }
    if (rc != PSIM_OK) {
        fprintf(stderr, "%s: error: scenario \"%s\": %s\n", cli_args_shown(r->ts->path),
                cli_args_shown(name), placement_sim_status_text(rc));
        return rc == PSIM_ETOOBIG || rc == PSIM_ELAUNCH ? 2 : 3;
    }
    rt_diags *warn = rt_diag_new(MAX_PLACEMENT_WARNINGS);
    if (!warn) {
        placement_sim_result_fini(&res);
        cli_pipeline_oom(r);
        return 3;
    }
    placement_sim_check_block_times(r->ts, r->gpu, &res, warn);
    if (r->args.opt.verbosity >= 0)
        rt_diag_print(warn, stderr);
    rt_diag_free(warn);
    rt_atomic_stream st;
    if (path && rt_atomicfile_open(&st, path) != 0) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write to %s: %s\n", cli_args_shown(path),
                strerror(errno));
        placement_sim_result_fini(&res);
        return 2;
    }
    errno = 0;   /* a writer's failure that is no system call's leaves it 0 */
    rc = write_placement(r, &res, path ? st.f : stdout);
    placement_sim_result_fini(&res);
    if (rc != 0) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write the output%s%s: %s\n",
                path ? " to " : "", path ? cli_args_shown(path) : "",
                errno ? strerror(errno) : "the writer failed on the content, not on the system");
        if (path)
            rt_atomicfile_abort(&st);   /* never a partial file */
        return 2;
    }
    if (path && rt_atomicfile_commit(&st) != 0) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write to %s: %s\n", cli_args_shown(path),
                strerror(errno));
        return 2;
    }
    return 0;
}

static int run_main(cli_run *r)
{
    if (r->args.scenario)
        return run_placement(r);
    /* the bound a simulation is checked against must hold for every release pattern */
    r->args.opt.windows = RT_WINDOWS_WORST_CASE;
    int rc = cli_pipeline_load_inputs(r);
    if (rc)
        return rc;
    if ((rc = cli_pipeline_resolve_options(r)) != 0)
        return rc;
    if (r->args.exec_random && !rt_taskset_has_system_steps(r->ts) &&
        !r->args.opt.gpu_kernel_preemption) {
        fprintf(stderr, "rtgpu-simulate: error: --exec random draws each step's time in [bcet, "
                        "wcet], which the whole-system simulation does (a task set with a CPU or "
                        "copy step, or --gpu-preemption kernel; docs/simulation.md): for a task "
                        "set of GPU steps use --exec wcet or --exec dynamic\n");
        return 2;
    }
    int verdict = 0;
    if ((rc = cli_pipeline_analyse(r, &verdict)) != 0)
        return rc;
    if (r->have_eval && !r->eval.decided) {
        fprintf(stderr, "%s: error: no bound to simulate against: the analysis is undecided\n",
                cli_args_shown(r->ts->path));
        return 3;
    }
    if (!r->have_eval) {
        fprintf(stderr, "%s: error: no layout to simulate: the search found no schedulable "
                        "partitioning (run rtgpu-analyze for the details)\n",
                cli_args_shown(r->ts->path));
        return 3;
    }
    const char *path = r->args.output_path;
    if (!path) {
        rc = simulate(r, stdout);
        return rc == RUN_FAILED ? 3 : rc == TRACE_CAPPED ? 2 : rc;
    }
    rt_atomic_stream st;
    if (rt_atomicfile_open(&st, path) != 0) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write to %s: %s\n", cli_args_shown(path),
                strerror(errno));
        return 2;
    }
    rc = simulate(r, st.f);
    if (rc == WRITE_FAILED || rc == RUN_FAILED || rc == TRACE_CAPPED) {
        rt_atomicfile_abort(&st);   /* never a partial file */
        return rc == RUN_FAILED ? 3 : rc == TRACE_CAPPED ? 2 : rc;
    }
    if (rt_atomicfile_commit(&st) != 0) {
        fprintf(stderr, "rtgpu-simulate: error: cannot write to %s: %s\n", cli_args_shown(path),
                strerror(errno));
        return 2;
    }
    return rc;
}

int main(int argc, char **argv)
{
    return cli_pipeline_main(argc, argv, CLI_SIMULATE, run_main);
}
