/* rtgpu-analyze: load and check the inputs, analyse (or search), render, exit with the verdict. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/analysis.h"
#include "search/assign.h"
#include "report/report.h"
#include "cli/args.h"
#include "taskset/gpu.h"
#include "taskset/inputs.h"
#include "models/model.h"
#include "taskset/taskset.h"
#include "util/atomicfile.h"
#include "util/diag.h"

#define MAX_DIAGS 50
#define TRACE_STEPS 64

/* Everything one run owns; freed by run_fini. */
typedef struct run {
    cli_args args;
    rt_diags *diags;
    rt_diags *search_diags;  /* the search's own messages, printed after it */
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
    rt_layout *layout;   /* the analysed layout (given or found) */
    rt_eval eval;
    bool have_eval;
    assign_result assign;
    bool searched;
} run;

static void run_fini(run *r)
{
    assign_result_fini(&r->assign);
    rt_eval_fini(&r->eval);
    rt_layout_free(r->layout);
    model_free(r->m);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diags_free(r->search_diags);
    rt_diags_free(r->diags);
}

static void oom(void)
{
    fputs("rtgpu-analyze: out of memory\n", stderr);
}

/* Load both files (all errors of both are reported), then the checks that need both. */
static int load_inputs(run *r)
{
    if (r->args.gpu_path)
        r->gpu = rt_gpu_load(r->args.gpu_path, r->diags);
    if (r->args.taskset_path)
        r->ts = rt_taskset_load(r->args.taskset_path, r->diags);
    if (r->gpu && r->ts)
        rt_inputs_check(r->ts, r->gpu, r->diags);
    bool quiet = r->args.opt.verbosity < 0;
    if (rt_diags_errors(r->diags) > 0 || !quiet)
        rt_diags_print(r->diags, stderr);
    bool missing = (r->args.gpu_path && !r->gpu) || (r->args.taskset_path && !r->ts);
    return (rt_diags_errors(r->diags) > 0 || missing) ? 2 : 0;
}

/* True if path names the same file (device and inode) as an input. */
static bool same_file(const char *path, const char *input)
{
    struct stat a, b;
    return path && input && stat(path, &a) == 0 && stat(input, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

/* Search-only options given in given mode do nothing: say so. */
static void warn_unused_search_options(const run *r)
{
    static const struct { unsigned bit; const char *name; } opts[] = {
        { CLI_GAVE_TIME_LIMIT, "--time-limit" }, { CLI_GAVE_MAX_ITERATIONS, "--max-iterations" },
        { CLI_GAVE_WRITE_LP, "--write-lp" },
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (r->args.search_options_given & opts[i].bit)
            fprintf(stderr, "%s: warning: %s is ignored: the task set fixes its partitions, so "
                            "no search runs (use --assign search to search)\n",
                    r->ts->path, opts[i].name);
}

/* Option checks that need the task set. */
static int resolve_options(run *r)
{
    rt_options *o = &r->args.opt;
    bool has_parts = r->ts->n_partitions > 0;
    const char *out = r->args.output_path;
    if (same_file(out, r->ts->path) || same_file(out, r->gpu->path)) {
        fprintf(stderr, "rtgpu-analyze: error: -o %s is one of the input files; refusing to "
                        "overwrite it (choose another report file)\n", out);
        return 2;
    }
    if (o->assign == RT_ASSIGN_GIVEN && !has_parts) {
        fprintf(stderr, "%s: error: --assign given, but the task set fixes no partitions "
                        "(add <partition> elements or use --assign search)\n",
                r->ts->path);
        return 2;
    }
    if (o->assign == RT_ASSIGN_AUTO)
        o->assign = has_parts ? RT_ASSIGN_GIVEN : RT_ASSIGN_SEARCH;
    if (o->assign == RT_ASSIGN_GIVEN && o->verbosity >= 0)
        warn_unused_search_options(r);
    bool file_prio = r->ts->n_tasks && r->ts->tasks[0].has_priority;
    if (o->priorities == RT_PRIO_GIVEN && !file_prio)
        o->priorities = RT_PRIO_DM;
    return 0;
}

static int eval_error(const run *r, int rc)
{
    if (rc == EVAL_ERANGE)
        fprintf(stderr, "%s: error: a WCET or response time does not fit in 2^62 ns "
                        "(kernel durations or margin out of range)\n",
                r->ts->path);
    else
        oom();
    return rc == EVAL_ERANGE ? 2 : 3;
}

static int analyse_given(run *r, int *verdict)
{
    r->layout = rt_layout_from_taskset(r->ts);
    if (!r->layout) {
        oom();
        return 3;
    }
    size_t trace = r->args.opt.verbosity > 0 ? TRACE_STEPS : 0;
    int rc = rt_eval_layout(r->m, r->ts, r->layout, &r->args.opt, trace, &r->eval);
    if (rc != EVAL_OK)
        return eval_error(r, rc);
    r->have_eval = true;
    *verdict = r->eval.schedulable ? 0 : 1;
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

static int analyse_search(run *r, int *verdict)
{
    r->searched = true;
    r->search_diags = rt_diags_new(MAX_DIAGS);
    if (!r->search_diags) {
        oom();
        return 3;
    }
    int rc = assign_search(r->m, r->ts, &r->args.opt, &r->assign, r->search_diags);
    if (rc != ASSIGN_OK || r->args.opt.verbosity >= 0)
        rt_diags_print(r->search_diags, stderr);
    if (rc != ASSIGN_OK) {
        if (rc == ASSIGN_ENOMEM)
            oom();
        return rc == ASSIGN_EIO ? 2 : 3;
    }
    *verdict = search_verdict(r->assign.status);
    if (!r->assign.layout)
        return 0;
    /* Re-analyse the found layout with traces for the report (same options: same result). */
    r->layout = rt_layout_copy(r->assign.layout);
    if (!r->layout) {
        oom();
        return 3;
    }
    size_t trace = r->args.opt.verbosity > 0 ? TRACE_STEPS : 0;
    rc = rt_eval_layout(r->m, r->ts, r->layout, &r->args.opt, trace, &r->eval);
    if (rc != EVAL_OK)
        return eval_error(r, rc);
    r->have_eval = true;
    if (!r->eval.schedulable) {
        fputs("rtgpu-analyze: internal error: the found assignment fails re-analysis\n", stderr);
        return 3;
    }
    return 0;
}

/* Render the report into memory, then emit it whole: stdout, or -o FILE atomically. */
static int emit_report(run *r, int verdict)
{
    rt_report rep = {
        .ts = r->ts, .gpu = r->gpu, .m = r->m, .o = &r->args.opt,
        .layout = r->have_eval ? r->layout : NULL, .eval = r->have_eval ? &r->eval : NULL,
        .assign = r->searched ? &r->assign : NULL, .exit_status = verdict,
        .tool_version = RTGPU_VERSION,
    };
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        oom();
        return 3;
    }
    int rc = r->args.format == CLI_FORMAT_JSON ? report_json(&rep, mem)
                                                : report_text(&rep, mem, r->args.opt.verbosity);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        oom();
        return 3;
    }
    const char *path = r->args.output_path;
    if (path && rt_write_atomic(path, buf, len) != 0) {
        fprintf(stderr, "rtgpu-analyze: cannot write report to %s: %s\n", path, strerror(errno));
        free(buf);
        return 2;
    }
    if (!path && (r->args.opt.verbosity >= 0 || r->args.format == CLI_FORMAT_TEXT)) {
        bool quiet_json = r->args.format == CLI_FORMAT_JSON && r->args.opt.verbosity < 0;
        if (!quiet_json && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)) {
            fprintf(stderr, "rtgpu-analyze: cannot write the report: %s\n", strerror(errno));
            free(buf);
            return 2;
        }
    }
    free(buf);
    return 0;
}

static int run_main(run *r)
{
    int rc = load_inputs(r);
    if (rc || r->args.validate_only)
        return rc;
    if ((rc = resolve_options(r)) != 0)
        return rc;
    r->m = model_new(r->gpu, r->ts);
    if (!r->m) {
        oom();
        return 3;
    }
    int verdict = 0;
    rc = r->args.opt.assign == RT_ASSIGN_SEARCH ? analyse_search(r, &verdict)
                                                  : analyse_given(r, &verdict);
    if (rc)
        return rc;
    if (r->have_eval && !r->eval.exhaustive)
        fprintf(stderr, "%s: warning: the co-runner combinations of some launch exceed "
                        "--combination-cap %llu: its bound is the coarser sound fallback "
                        "(2 I(S_max) or 1 + f), not the exhaustive maximum; the verdict says "
                        "exhaustive: false\n",
                r->ts->path, (unsigned long long)r->args.opt.combination_cap);
    rc = emit_report(r, verdict);
    return rc ? rc : verdict;
}

int main(int argc, char **argv)
{
    run r;
    memset(&r, 0, sizeof r);
    int rc = cli_args_parse(argc, argv, &r.args);
    if (rc)
        return rc;
    if (r.args.help) {
        cli_print_help(stdout);
        return 0;
    }
    if (r.args.version) {
        printf("rtgpu-analyze %s\n", RTGPU_VERSION);
        return 0;
    }
    r.diags = rt_diags_new(MAX_DIAGS);
    if (!r.diags) {
        oom();
        return 3;
    }
    rc = run_main(&r);
    run_fini(&r);
    return rc;
}
