/* explore_conc: rtgpu-explore split | coschedule | mct (docs/explore.md, docs/concurrency.md).
 * Parsing, loading, printing and exit statuses only. */
#include "cli/explore_conc.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/options.h"
#include "cli/args.h"
#include "cli/files.h"
#include "explore/cosched.h"
#include "explore/split.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "report/cosched_report.h"
#include "report/split_report.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset_load.h"
#include "util/atomicfile.h"
#include "util/memstream.h"
#include "util/diag.h"

#define PROG "rtgpu-explore"
#define MAX_DIAGS 50
#define MAX_PARTS 256

enum { FMT_TEXT, FMT_JSON, FMT_SVG };

typedef struct conc_args {
    const char *cmd;
    const char *taskset, *gpu, *out;
    int format;
    const char *pair, *kernel;
    split_unit unit;
    int64_t slots;
    bool gave_intf;           /* --interference or --naive-factor given */
    int64_t parts[MAX_PARTS];
    size_t n_parts;
    rt_options opt;
} conc_args;

static int usage(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int usage(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, PROG " %s: error: ", cmd);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '" PROG " %s --help' for more information.\n", cmd);
    return 2;
}

static void help(const char *cmd)
{
    if (strcmp(cmd, "split") == 0)
        fputs("Usage: " PROG " split TASKSET.xml --gpu GPU.xml --pair A,B [options]\n"
              "Sweep every split of the GPU between kernels A and B (Gregg et al.'s KernelMerge,\n"
              "docs/concurrency.md) and compare the best with running them one after the other.\n\n"
              "  --gpu FILE                the GPU description (required)\n"
              "  --pair A,B                the two kernels (names of the task set; required)\n"
              "  --split-unit sms|slots    SMs through the model's synchronous windows (default),\n"
              "                            or KernelMerge slots (<sm>, <launch block-time>)\n"
              "  --slots W                 slots: W slots instead of N x A(merged kernel)\n"
              "  --interference masola|naive|none  sms: interference model (default masola)\n"
              "  --naive-factor F          sms: the naive factor (default 0.73)\n"
              "  --format text|json|svg    table (default), JSON, or an SVG bar chart\n"
              "  -o, --output FILE         write FILE (whole, or not at all) instead of stdout\n"
              "Exit status: 0 done; 2 bad usage or input; 3 out of memory or a write failure.\n",
              stdout);
    else if (strcmp(cmd, "coschedule") == 0)
        fputs("Usage: " PROG " coschedule TASKSET.xml --gpu GPU.xml --kernel K --partitions N1,N2,...\n"
              "Speed-up and efficiency per SM of kernel K on partitions of N1, N2, ... SMs, the gain\n"
              "of running one instance on each against one at a time on the whole GPU, and the\n"
              "partitioned efficiency (Janzen et al., docs/concurrency.md).\n\n"
              "  --gpu FILE                the GPU description (required)\n"
              "  --kernel K                the kernel (a name of the task set; required)\n"
              "  --partitions N1,N2,...    the partition sizes in SMs (required)\n"
              "  --format text|json        (default text)\n"
              "  -o, --output FILE         write FILE (whole, or not at all) instead of stdout\n"
              "Exit status: 0 done; 2 bad usage or input; 3 out of memory or a write failure.\n",
              stdout);
    else
        fputs("Usage: " PROG " mct TASKSET.xml --gpu GPU.xml [--partitions N1,N2,...]\n"
              "Place one job per task (all ready at 0) on the task set's partitions (or on\n"
              "partitions of N1, N2, ... SMs) by minimum completion time (Janzen et al.,\n"
              "docs/concurrency.md): a heuristic, not an analysis.\n\n"
              "  --gpu FILE                the GPU description (required)\n"
              "  --partitions N1,N2,...    partitions of these sizes in SMs instead of the task\n"
              "                            set's own\n"
              "  --jobs FILE               not available in this version (a usage error)\n"
              "  --format text|json        (default text)\n"
              "  -o, --output FILE         write FILE (whole, or not at all) instead of stdout\n"
              "Exit status: 0 done; 2 bad usage or input; 3 out of memory or a write failure.\n",
              stdout);
}

/* "6,7": positive whole numbers, at most MAX_PARTS of them. */
static int parse_parts(conc_args *a, const char *s)
{
    a->n_parts = 0;
    const char *p = s;
    for (;;) {
        char *end;
        errno = 0;
        long long v = (*p >= '0' && *p <= '9') ? strtoll(p, &end, 10) : 0;
        if (v < 1 || errno || (*end != ',' && *end != '\0') || a->n_parts == MAX_PARTS)
            return usage(a->cmd, "--partitions \"%s\": expected SM counts separated by commas "
                         "(e.g. 6,7), at most %d of them", s, MAX_PARTS);
        a->parts[a->n_parts++] = v;
        if (*end == '\0')
            return 0;
        p = end + 1;
    }
}

enum { OPT_GPU = 256, OPT_PAIR, OPT_UNIT, OPT_SLOTS, OPT_INTF, OPT_NAIVE, OPT_FORMAT, OPT_KERNEL,
       OPT_PARTS, OPT_JOBS };

static const struct option opts[] = {
    { "gpu", required_argument, NULL, OPT_GPU }, { "pair", required_argument, NULL, OPT_PAIR },
    { "split-unit", required_argument, NULL, OPT_UNIT },
    { "slots", required_argument, NULL, OPT_SLOTS },
    { "interference", required_argument, NULL, OPT_INTF },
    { "naive-factor", required_argument, NULL, OPT_NAIVE },
    { "format", required_argument, NULL, OPT_FORMAT },
    { "kernel", required_argument, NULL, OPT_KERNEL },
    { "partitions", required_argument, NULL, OPT_PARTS },
    { "jobs", required_argument, NULL, OPT_JOBS },
    { "output", required_argument, NULL, 'o' }, { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

/* Is option c one that subcommand cmd takes? */
static bool takes(const char *cmd, int c)
{
    bool split = strcmp(cmd, "split") == 0, cos = strcmp(cmd, "coschedule") == 0;
    switch (c) {
    case OPT_PAIR: case OPT_UNIT: case OPT_SLOTS: case OPT_INTF: case OPT_NAIVE: return split;
    case OPT_KERNEL: return cos;
    case OPT_PARTS: return !split;
    case OPT_JOBS: return !split && !cos;
    default: return true;
    }
}

/* Parse argv; -1 after --help, 0, or 2 after a message. */
static int parse(int argc, char **argv, conc_args *a)
{
    const char *cmd = a->cmd;
    rt_options_default(&a->opt);
    int c;
    optind = 1;
    opterr = 0;
    int li = -1;
    while ((c = getopt_long(argc, argv, ":o:h", opts, &li)) != -1) {
        char *end;
        if (c == '?' || c == ':') {
            char name[32];
            snprintf(name, sizeof name, PROG " %s", cmd);
            cli_args_getopt_error(name, c, argv, opts);
            fprintf(stderr, "Try '" PROG " %s --help' for more information.\n", cmd);
            return 2;
        }
        if (!takes(cmd, c))
            return usage(cmd, "option \"--%s\" does not apply to %s", li >= 0 ? opts[li].name : "?",
                         cmd);
        li = -1;
        switch (c) {
        case 'h': help(cmd); return -1;
        case 'o': a->out = optarg; break;
        case OPT_GPU: a->gpu = optarg; break;
        case OPT_PAIR: a->pair = optarg; break;
        case OPT_KERNEL: a->kernel = optarg; break;
        case OPT_UNIT:
            if (strcmp(optarg, "sms") != 0 && strcmp(optarg, "slots") != 0)
                return usage(cmd, "--split-unit \"%s\": expected sms or slots", optarg);
            a->unit = strcmp(optarg, "slots") == 0 ? SPLIT_UNIT_SLOTS : SPLIT_UNIT_SMS;
            break;
        case OPT_SLOTS:
            errno = 0;
            a->slots = (optarg[0] >= '0' && optarg[0] <= '9') ? strtoll(optarg, &end, 10) : 0;
            if (a->slots < 2 || *end || errno || a->slots > (INT64_C(1) << 20))
                return usage(cmd, "--slots \"%s\": expected a whole number from 2 to 1048576",
                             optarg);
            break;
        case OPT_INTF:
            a->gave_intf = true;
            if (strcmp(optarg, "masola") == 0)
                a->opt.interference = RT_INTF_MASOLA;
            else if (strcmp(optarg, "naive") == 0)
                a->opt.interference = RT_INTF_NAIVE;
            else if (strcmp(optarg, "none") == 0)
                a->opt.interference = RT_INTF_NONE;
            else
                return usage(cmd, "--interference \"%s\": expected masola, naive or none", optarg);
            break;
        case OPT_NAIVE:
            a->gave_intf = true;
            errno = 0;
            a->opt.naive_factor = strtod(optarg, &end);
            if (end == optarg || *end || errno || !(a->opt.naive_factor >= 0) ||
                a->opt.naive_factor > 100)
                return usage(cmd, "--naive-factor \"%s\": expected a number from 0 to 100", optarg);
            break;
        case OPT_FORMAT:
            if (strcmp(optarg, "text") == 0)
                a->format = FMT_TEXT;
            else if (strcmp(optarg, "json") == 0)
                a->format = FMT_JSON;
            else if (strcmp(optarg, "svg") == 0 && strcmp(cmd, "split") == 0)
                a->format = FMT_SVG;
            else
                return usage(cmd, "--format \"%s\": expected text or json%s", optarg,
                             strcmp(cmd, "split") == 0 ? " or svg" : "");
            break;
        case OPT_PARTS:
            if (parse_parts(a, optarg))
                return 2;
            break;
        case OPT_JOBS:
            return usage(cmd, "--jobs FILE is not available in this version (one job per task, "
                         "ready at 0, is used)");
        default: return 2;
        }
    }
    if (optind >= argc)
        return usage(cmd, "missing the task set (" PROG " %s TASKSET.xml --gpu GPU.xml ...)", cmd);
    a->taskset = argv[optind++];
    if (optind < argc)
        return usage(cmd, "unexpected argument \"%s\" (one task set)", argv[optind]);
    if (!a->gpu)
        return usage(cmd, "missing --gpu GPU.xml");
    if (strcmp(cmd, "split") == 0 && !a->pair)
        return usage(cmd, "missing --pair A,B (the two kernels to split the GPU between)");
    if (strcmp(cmd, "split") == 0 && a->slots && a->unit != SPLIT_UNIT_SLOTS)
        return usage(cmd, "--slots needs --split-unit slots");
    if (strcmp(cmd, "split") == 0 && a->unit == SPLIT_UNIT_SLOTS && a->gave_intf)
        return usage(cmd, "--interference and --naive-factor apply to --split-unit sms only (slots "
                     "times come from the block times)");
    if (strcmp(cmd, "coschedule") == 0 && !a->kernel)
        return usage(cmd, "missing --kernel K");
    if (strcmp(cmd, "coschedule") == 0 && a->n_parts == 0)
        return usage(cmd, "missing --partitions N1,N2,... (the partition sizes, in SMs)");
    if (a->out && !a->out[0])
        return usage(cmd, "-o needs a file name");
    if (a->out && strcmp(a->out, "-") == 0)
        return usage(cmd, "-o \"-\": a file named \"-\" is not written (without -o the output "
                          "goes to standard output; for a file of that name write ./-)");
    return 0;
}

/* What one run owns. */
typedef struct conc_run {
    conc_args a;
    rt_diags *d;
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
} conc_run;

static void run_fini(conc_run *r)
{
    model_free(r->m);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diag_free(r->d);
}

/* Load and check both files, build the model: 0, 2 or 3 (after a message). */
static int load(conc_run *r)
{
    r->d = rt_diag_new(MAX_DIAGS);
    if (!r->d) {
        fprintf(stderr, PROG ": error: out of memory\n");
        return 3;
    }
    r->gpu = rt_gpu_load(r->a.gpu, r->d);
    r->ts = rt_taskset_load(r->a.taskset, r->d);
    if (r->gpu && r->ts) {
        rt_inputs_check(r->ts, r->gpu, r->d);
        occupancy_check_launches(r->ts, r->gpu, r->d);
        const rt_task *t = NULL;
        const rt_step *s = rt_taskset_first_system_step(r->ts, &t);
        if (s)
            rt_diag_error(r->d, r->ts->path, s->line, "task \"%s\" has a %s step, which makes "
                          "the task set a whole system (docs/system.md): rtgpu-explore %s does "
                          "not take whole systems yet (use a task set of the GPU steps alone)",
                          t->name, rt_taskset_step_kind_name(s->kind), r->a.cmd);
        if (r->ts->n_chains > 0)
            rt_diag_error(r->d, r->ts->path, r->ts->chains[0].line, "chain \"%s\": "
                          "rtgpu-explore %s does not check cause-effect chains "
                          "(docs/chains.md): its verdicts would leave the chain's requirements "
                          "out (analyse the task set with rtgpu-analyze)", r->ts->chains[0].name,
                          r->a.cmd);
    }
    rt_diag_print(r->d, stderr);
    if (!r->gpu || !r->ts || rt_diag_errors(r->d) > 0)
        return 2;
    char prog[40];
    snprintf(prog, sizeof prog, PROG " %s", r->a.cmd);
    cli_files f = { 0 };
    cli_files_add(&f, "the task set", r->a.taskset, false);
    cli_files_add(&f, "--gpu", r->a.gpu, false);
    cli_files_add(&f, "-o", r->a.out, true);
    int rc = cli_files_check(&f, prog);
    if (rc != 0)
        return rc;
    r->m = model_new(r->gpu, r->ts);
    if (!r->m) {
        fprintf(stderr, PROG ": error: out of memory\n");
        return 3;
    }
    return 0;
}

/* Kernel named name, or -1 after a message naming the task set's kernels. */
static long find_kernel(const conc_run *r, const char *opt, const char *given, const char *name)
{
    long k = rt_taskset_find_kernel(r->ts, name);
    if (k >= 0)
        return k;
    char h[140];
    fprintf(stderr, PROG " %s: error: %s %s: task set %s has no kernel \"%s\"%s (expected one "
            "of:", r->a.cmd, opt, given, cli_args_shown(r->ts->path), name,
            rt_taskset_hint_kernel(r->ts, name, h, sizeof h));
    for (size_t i = 0; i < r->ts->n_kernels; i++)
        fprintf(stderr, "%s %s", i ? "," : "", r->ts->kernels[i].name);
    fprintf(stderr, ")\n");
    return -1;
}

/* Print the library's diagnostics; the status of a failed library call. */
static int lib_failed(conc_run *r, int enomem)
{
    rt_diag_print(r->d, stderr);
    if (enomem) {
        fprintf(stderr, PROG ": error: out of memory\n");
        return 3;
    }
    return 2;
}

/* A finished output buffer to stdout or, whole, to -o. 0 or 3. */
static int emit(const conc_run *r, char *buf, size_t len, int wrote)
{
    int status = 0;
    if (wrote != 0 || !buf) {
        fprintf(stderr, PROG " %s: error: out of memory while writing the output\n", r->a.cmd);
        status = 3;
    } else if (r->a.out) {
        if (rt_atomicfile_write(r->a.out, buf, len) != 0) {
            fprintf(stderr, PROG " %s: error: cannot write %s: %s\n", r->a.cmd,
                    cli_args_shown(r->a.out), strerror(errno));
            status = 3;
        }
    } else if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0) {
        fprintf(stderr, PROG " %s: error: cannot write the standard output\n", r->a.cmd);
        status = 3;
    }
    free(buf);
    return status;
}

/* Writes one result to out in the format asked for: 0, or nonzero when it could not. */
typedef int (*render_fn)(const conc_run *r, const void *res, FILE *out);

/* Render res with fn into memory, then write it whole (emit): never half an output. */
static int render_emit(const conc_run *r, render_fn fn, const void *res)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = rt_memstream_open(&buf, &len);
    int wrote = -1;
    if (mem) {
        wrote = fn(r, res, mem);
        if (ferror(mem))   /* a write the buffer could not hold: never emit a cut-off text */
            wrote = -1;
        if (fclose(mem) != 0)
            wrote = -1;
    }
    return emit(r, buf, len, wrote);
}

static int split_render(const conc_run *r, const void *res, FILE *out)
{
    split_report rep = { .ts = r->ts, .gpu = r->gpu, .o = &r->a.opt, .res = res,
                         .tool_version = PROG " " RTGPU_VERSION };
    return r->a.format == FMT_JSON  ? split_report_json(&rep, out)
           : r->a.format == FMT_SVG ? split_report_svg(&rep, out)
                                    : split_report_text(&rep, out);
}

static int cosched_render(const conc_run *r, const void *res, FILE *out)
{
    return r->a.format == FMT_JSON
               ? cosched_report_json(r->ts, r->gpu, res, PROG " " RTGPU_VERSION, out)
               : cosched_report_text(r->ts, r->gpu, res, out);
}

static int mct_render(const conc_run *r, const void *res, FILE *out)
{
    return r->a.format == FMT_JSON
               ? cosched_report_mct_json(r->ts, r->gpu, res, PROG " " RTGPU_VERSION, out)
               : cosched_report_mct_text(r->ts, r->gpu, res, out);
}

static int split_body(conc_run *r)
{
    char *comma = strchr(r->a.pair, ',');
    if (!comma || comma == r->a.pair || !comma[1] || strchr(comma + 1, ','))
        return usage("split", "--pair \"%s\": expected two kernel names A,B", r->a.pair);
    size_t la = (size_t)(comma - r->a.pair);
    char *name_a = strndup(r->a.pair, la);
    if (!name_a)
        return 3;
    long ka = find_kernel(r, "--pair", r->a.pair, name_a);
    long kb = ka >= 0 ? find_kernel(r, "--pair", r->a.pair, comma + 1) : -1;
    free(name_a);
    if (ka < 0 || kb < 0)
        return 2;
    split_opts so = { .unit = r->a.unit, .slots = r->a.slots, .opt = &r->a.opt };
    split_result res;
    int rc = split_run(r->m, r->ts, r->gpu, (size_t)ka, (size_t)kb, &so, &res, r->d);
    if (rc != SPLIT_OK)
        return lib_failed(r, rc == SPLIT_ENOMEM);
    int status = render_emit(r, split_render, &res);
    split_result_fini(&res);
    return status;
}

static int coschedule_body(conc_run *r)
{
    long k = find_kernel(r, "--kernel", r->a.kernel, r->a.kernel);
    if (k < 0)
        return 2;
    cosched_result res;
    int rc = cosched_run(r->m, (size_t)k, r->a.parts, r->a.n_parts, &res, r->d);
    if (rc != COSCHED_OK)
        return lib_failed(r, rc == COSCHED_ENOMEM);
    int status = render_emit(r, cosched_render, &res);
    cosched_result_fini(&res);
    return status;
}

static int mct_body(conc_run *r)
{
    mct_result res;
    int rc = cosched_mct(r->m, r->ts, &r->a.opt, r->a.parts, r->a.n_parts, &res, r->d);
    if (rc != COSCHED_OK)
        return lib_failed(r, rc == COSCHED_ENOMEM);
    int status = render_emit(r, mct_render, &res);
    xp_cosched_mct_result_fini(&res);
    return status;
}

static int conc_main(int argc, char **argv, int (*body)(conc_run *r))
{
    conc_run r = { .a = { .cmd = argv[0] } };
    int rc = parse(argc, argv, &r.a);
    if (rc)
        return rc < 0 ? 0 : rc;
    rc = load(&r);
    if (rc == 0)
        rc = body(&r);
    run_fini(&r);
    return rc;
}

int cli_explore_conc_split(int argc, char **argv)
{
    return conc_main(argc, argv, split_body);
}

int cli_explore_conc_coschedule(int argc, char **argv)
{
    return conc_main(argc, argv, coschedule_body);
}

int cli_explore_conc_mct(int argc, char **argv)
{
    return conc_main(argc, argv, mct_body);
}
