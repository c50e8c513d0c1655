/* args: the command lines of rtgpu-analyze and rtgpu-simulate (docs/rtgpu-analyze.1,
 * docs/simulation.md), parsed with getopt_long from one table of options, each marked with the
 * commands that take it. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"
#include "util/textesc.h"
#include "taskset/units.h"
#include "util/suggest.h"

enum {
    OPT_GPU = 256, OPT_FORMAT, OPT_MARGIN, OPT_WINDOWS, OPT_INTERFERENCE, OPT_NAIVE,
    OPT_CAP, OPT_ASSIGN, OPT_OBJECTIVE, OPT_PRIORITIES, OPT_TIME_LIMIT, OPT_MAX_ITER, OPT_MAX_SMS,
    OPT_WRITE_LP, OPT_VALIDATE, OPT_VERSION, OPT_HORIZON, OPT_RELEASE, OPT_SEED, OPT_EXEC,
    OPT_TRACE, OPT_FAIL_ON_MISS, OPT_JOB_CAP, OPT_TRACE_CAP, OPT_SENSITIVITY, OPT_EMIT_PARTITIONS, OPT_EMIT_TASKSET,
    OPT_EMIT_LAUNCH, OPT_EMIT_MAST,
    OPT_LEFTOVER, OPT_CHECK_MEAS, OPT_SCENARIO, OPT_BUDGET, OPT_DEPLOY, OPT_MIN_PART,
    OPT_GPU_PREEMPTION
};

/* Which commands take an option. */
enum { FOR_ANALYZE = 1, FOR_SIMULATE = 2, FOR_BOTH = 3 };

static const struct { struct option opt; int cmds; } all_opts[] = {
    {{"gpu", required_argument, NULL, OPT_GPU}, FOR_BOTH},
    {{"format", required_argument, NULL, OPT_FORMAT}, FOR_BOTH},
    {{"output", required_argument, NULL, 'o'}, FOR_BOTH},
    {{"margin", required_argument, NULL, OPT_MARGIN}, FOR_BOTH},
    {{"windows", required_argument, NULL, OPT_WINDOWS}, FOR_ANALYZE},
    {{"gpu-preemption", required_argument, NULL, OPT_GPU_PREEMPTION}, FOR_BOTH},
    {{"interference", required_argument, NULL, OPT_INTERFERENCE}, FOR_BOTH},
    {{"naive-factor", required_argument, NULL, OPT_NAIVE}, FOR_BOTH},
    {{"combination-cap", required_argument, NULL, OPT_CAP}, FOR_BOTH},
    {{"budget", required_argument, NULL, OPT_BUDGET}, FOR_BOTH},
    {{"assign", required_argument, NULL, OPT_ASSIGN}, FOR_BOTH},
    {{"objective", required_argument, NULL, OPT_OBJECTIVE}, FOR_BOTH},
    {{"priorities", required_argument, NULL, OPT_PRIORITIES}, FOR_BOTH},
    {{"time-limit", required_argument, NULL, OPT_TIME_LIMIT}, FOR_BOTH},
    {{"max-iterations", required_argument, NULL, OPT_MAX_ITER}, FOR_BOTH},
    {{"max-sms", required_argument, NULL, OPT_MAX_SMS}, FOR_BOTH},
    {{"deploy", required_argument, NULL, OPT_DEPLOY}, FOR_BOTH},
    {{"min-partition-sms", required_argument, NULL, OPT_MIN_PART}, FOR_BOTH},
    {{"write-lp", required_argument, NULL, OPT_WRITE_LP}, FOR_ANALYZE},
    {{"validate-only", no_argument, NULL, OPT_VALIDATE}, FOR_ANALYZE},
    {{"sensitivity", no_argument, NULL, OPT_SENSITIVITY}, FOR_ANALYZE},
    {{"emit-partitions", required_argument, NULL, OPT_EMIT_PARTITIONS}, FOR_ANALYZE},
    {{"emit-taskset", required_argument, NULL, OPT_EMIT_TASKSET}, FOR_ANALYZE},
    {{"emit-launch", required_argument, NULL, OPT_EMIT_LAUNCH}, FOR_ANALYZE},
    {{"emit-mast", required_argument, NULL, OPT_EMIT_MAST}, FOR_ANALYZE},
    {{"leftover-distribution", required_argument, NULL, OPT_LEFTOVER}, FOR_ANALYZE},
    {{"check-measurements", required_argument, NULL, OPT_CHECK_MEAS}, FOR_ANALYZE},
    {{"horizon", required_argument, NULL, OPT_HORIZON}, FOR_SIMULATE},
    {{"release", required_argument, NULL, OPT_RELEASE}, FOR_SIMULATE},
    {{"seed", required_argument, NULL, OPT_SEED}, FOR_SIMULATE},
    {{"exec", required_argument, NULL, OPT_EXEC}, FOR_SIMULATE},
    {{"trace", no_argument, NULL, OPT_TRACE}, FOR_SIMULATE},
    {{"fail-on-miss", no_argument, NULL, OPT_FAIL_ON_MISS}, FOR_SIMULATE},
    {{"job-cap", required_argument, NULL, OPT_JOB_CAP}, FOR_SIMULATE},
    {{"trace-cap", required_argument, NULL, OPT_TRACE_CAP}, FOR_SIMULATE},
    {{"scenario", required_argument, NULL, OPT_SCENARIO}, FOR_SIMULATE},
    {{"quiet", no_argument, NULL, 'q'}, FOR_BOTH},
    {{"verbose", no_argument, NULL, 'v'}, FOR_BOTH},
    {{"version", no_argument, NULL, OPT_VERSION}, FOR_BOTH},
    {{"help", no_argument, NULL, 'h'}, FOR_BOTH},
};
#define N_OPTS (sizeof all_opts / sizeof all_opts[0])

/* The program name in messages. */
static const char *prog = "rtgpu-analyze";

static void help_analyze(FILE *out)
{
    fputs("Usage: rtgpu-analyze TASKSET.xml --gpu GPU.xml [options]\n"
          "Bound GPU kernel WCETs on SM partitions (memory-aware model of Masola et al.,\n"
          "JSSPP 2023) and check every deadline with non-preemptive fixed-priority\n"
          "response-time analysis.\n\n"
          "  --gpu FILE                GPU description (required)\n"
          "  --format text|json|html   report format (default text); html: the self-contained\n"
          "                            certification evidence report (docs/evidence.md)\n"
          "  -o, --output FILE         write the report to FILE, atomically (default stdout)\n"
          "  --margin X                WCET margin, a fraction (default 0.2 = 20%; at most 10)\n"
          "  --windows worst-case|synchronous      execution windows (default worst-case)\n"
          "  --gpu-preemption job|kernel  a partition switches between GPU steps (job, the\n"
          "                            default) or between kernels (kernel: holistic analysis,\n"
          "                            docs/system.md sec. 4)\n"
          "  --interference masola|naive|none      interference model (default masola)\n"
          "  --naive-factor F          naive slowdown factor (default 0.73)\n"
          "  --combination-cap N       worst-case co-runner combinations (default 1048576)\n"
          "  --budget N                work units for the whole analysis, a plain decimal\n"
          "                            (default 17179869184 = 2^34); when spent: exit 3\n"
          "  --assign given|search     default: given if the task set has partitions\n"
          "  --objective min-sms|max-min-slack\n"
          "                            assignment objective: fewest SMs (default), or the\n"
          "                            largest smallest relative slack within --max-sms\n"
          "  --max-sms N               max-min-slack: at most N SMs (default: all)\n"
          "  --deploy green-contexts|libsmctrl|nvtaskset\n"
          "                            search only partition sizes the mechanism can create\n"
          "                            (green contexts: the compute capability's minimum and\n"
          "                            step; libsmctrl, nvtaskset: any multiple of a TPC)\n"
          "  --min-partition-sms N     search only partitions of at least N SMs\n"
          "  --priorities given|dm|audsley   (default given; dm where the file gives none)\n"
          "  --time-limit SECONDS      assignment search wall-clock limit (default 60; 0: none)\n"
          "  --max-iterations N        assignment search: at most N MIP solves\n"
          "  --write-lp FILE           write the first assignment MIP in CPLEX LP format\n"
          "  --sensitivity             slack, WCET headroom, scaling factor, largest margin,\n"
          "                            smallest partition sizes, miss explanations\n"
          "  --emit-partitions json|libsmctrl|nvtaskset|green-contexts -O FILE\n"
          "                            write the analysed layout for a partitioning mechanism\n"
          "  --emit-taskset FILE       write the task set with the analysed layout and explicit\n"
          "                            priorities as <partition> elements (re-check with\n"
          "                            --assign given)\n"
          "  --emit-launch FILE        write taskset/chrt (and nvtaskset) lines that start each\n"
          "                            task with its cores, SCHED_FIFO priorities and partition\n"
          "  --emit-mast FILE          write the analysed system as a MAST 1.7 model for\n"
          "                            mast_analysis holistic (docs/system.md sec. 6)\n"
          "  --leftover-distribution packed|spread   k1's blocks in the leftover check of\n"
          "                            Cruz et al. (default packed; docs/concurrency.md)\n"
          "  --check-measurements FILE.csv  check observed kernel times or job response\n"
          "                            times against their bounds; exit 1 if one exceeds\n"
          "                            its bound (docs/calibration.md)\n"
          "  --validate-only           check the inputs, print nothing on success\n"
          "  -q, --quiet               print only the verdict line (text) / nothing on stdout\n"
          "  -v, --verbose             add every derivation (windows, WCETs, busy periods)\n"
          "  --version                 print the version\n"
          "  -h, --help                print this help\n\n"
          "Exit status: 0 every deadline holds; 1 a deadline can be missed, no assignment\n"
          "exists, or a measurement exceeds its bound; 2 usage error or invalid input; 3 undecided\n"
          "(search limit, work budget spent) or solver failure.\n",
          out);
}

static void help_simulate(FILE *out)
{
    fputs("Usage: rtgpu-simulate TASKSET.xml --gpu GPU.xml [options]\n"
          "Simulate the analysed layout job by job (non-preemptive fixed priority per\n"
          "partition) and show the observed response times next to the analysed bounds.\n"
          "A whole system (CPU or copy steps; docs/system.md) is simulated step by step:\n"
          "preemptive fixed priority per core, non-preemptive per copy engine and partition.\n\n"
          "  --gpu FILE                GPU description (required)\n"
          "  --format text|json|csv|svg   summary (text, json), trace (csv), Gantt chart (svg)\n"
          "  -o, --output FILE         write to FILE, atomically (default stdout)\n"
          "  --horizon DURATION        simulated time, e.g. 100ms (default: hyperperiod plus\n"
          "                            the largest jitter)\n"
          "  --job-cap N               stop releasing after N jobs (default 1000000)\n"
          "  --trace-cap N             refuse a trace of more than N launches (default 1000000)\n"
          "  --release synchronous|random   all tasks at 0, or random offsets and jitters\n"
          "                            (a whole system: random jitters, no offsets)\n"
          "  --seed S                  seed of the random releases and times (default 1)\n"
          "  --exec wcet|dynamic|random   launches take their WCET, or progress at\n"
          "                            1/M*(k,S); random (whole systems): each step a seeded\n"
          "                            uniform time in [bcet, wcet]\n"
          "  --gpu-preemption job|kernel  as for rtgpu-analyze (kernel: a whole-system run)\n"
          "  --trace                   json: add every job and launch (streamed; a whole\n"
          "                            system: every segment a resource served)\n"
          "  --fail-on-miss            exit 1 when a simulated job misses its deadline\n"
          "  --scenario NAME           instead: place the blocks of the task set's <scenario>\n"
          "                            NAME on the GPU's SMs (most-room policy, leftover\n"
          "                            head-of-line, block-time; docs/concurrency.md sec. 2);\n"
          "                            text, json or svg (SMs over time); -v: every block\n"
          "  --margin X, --interference masola|naive|none, --naive-factor F,\n"
          "  --combination-cap N, --budget N, --priorities given|dm|audsley,\n"
          "  --assign given|search, --objective min-sms|max-min-slack, --max-sms N,\n"
          "  --deploy green-contexts|libsmctrl|nvtaskset, --min-partition-sms N,\n"
          "  --time-limit SECONDS, --max-iterations N   as for rtgpu-analyze (the bound the\n"
          "                            simulation is checked against; worst-case windows)\n"
          "  -q, --quiet | -v, --verbose | --version | -h, --help\n\n"
          "Exit status: 0 no observed response time above its bound; 2 usage error, invalid\n"
          "input or a trace over --trace-cap; 3 an observed response time above its analysed bound (a defect: the\n"
          "counter-example is printed), or no layout to simulate. With --scenario: 0 placed\n"
          "(blocks that fit nowhere are reported, not an error), 2 usage error, invalid\n"
          "input or no such scenario, 3 out of memory or times beyond 2^63 ns.\n",
          out);
}

void cli_print_help(FILE *out, cli_command cmd)
{
    if (cmd == CLI_SIMULATE)
        help_simulate(out);
    else
        help_analyze(out);
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: error: ", prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
    return 2;
}

bool cli_parse_uint(const char *s, uint64_t max, uint64_t *out)
{
    uint64_t v = 0;
    if (!s[0])
        return false;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned d = (unsigned)(*p - '0');
        if (v > (max - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *out = v;
    return true;
}

bool cli_parse_decimal(const char *s, double *out)
{
    const char *p = s;
    while (*p >= '0' && *p <= '9')
        p++;
    if (p == s)
        return false;
    if (*p == '.') {
        const char *frac = ++p;
        while (*p >= '0' && *p <= '9')
            p++;
        if (p == frac)
            return false;
    }
    if (*p)
        return false;
    errno = 0;
    double v = strtod(s, NULL);
    if (errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* A plain decimal from lo to hi; unit names its unit (" of seconds" or ""), note what it means
 * (ending in "; ", or ""). */
static int parse_double(const char *opt, const char *s, double lo, double hi, const char *unit,
                        const char *note, double *out)
{
    double v = 0;
    if (!cli_parse_decimal(s, &v) || v < lo || v > hi) {
        fprintf(stderr, "%s: error: %s \"%s\": expected a plain decimal number%s from %.15g to "
                        "%.15g (%sdigits and an optional point, as 0.25)\n", prog, opt, s, unit,
                lo, hi, note);
        fprintf(stderr, "Try '%s --help' for more information.\n", prog);
        return 2;
    }
    *out = v;
    return 0;
}

static int parse_count(const char *opt, const char *s, long long max, long long *out)
{
    uint64_t v = 0;
    if (!cli_parse_uint(s, (uint64_t)max, &v) || v < 1) {
        fprintf(stderr, "%s: error: %s \"%s\": expected a whole number from 1 to %lld (decimal digits "
                        "only)\n", prog, opt, s, max);
        fprintf(stderr, "Try '%s --help' for more information.\n", prog);
        return 2;
    }
    *out = (long long)v;
    return 0;
}

/* Index of s in the NULL-terminated list, or -1 after a usage error that offers valid (the
 * words this command accepts; NULL: all of words). */
static int pick_of(const char *opt, const char *s, const char *const *words,
                   const char *const *valid)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0)
            return i;
    if (!valid)
        valid = words;
    fprintf(stderr, "%s: error: %s \"%s\": expected one of", prog, opt, s);
    rt_suggest sg;
    rt_suggest_init(&sg, s);
    for (int i = 0; valid[i]; i++) {
        fprintf(stderr, " %s", valid[i]);
        rt_suggest_add(&sg, valid[i]);
    }
    if (rt_suggest_best(&sg))
        fprintf(stderr, " (did you mean %s?)", rt_suggest_best(&sg));
    fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
    return -1;
}

static int pick(const char *opt, const char *s, const char *const *words)
{
    return pick_of(opt, s, words, NULL);
}

static int set_choice(int c, const char *arg, cli_args *a)
{
    static const char *const formats[] = {"text", "json", "html", "csv", "svg", NULL};
    static const char *const analyze_formats[] = {"text", "json", "html", NULL};
    static const char *const simulate_formats[] = {"text", "json", "csv", "svg", NULL};
    static const char *const releases[] = {"synchronous", "random", NULL};
    static const char *const execs[] = {"wcet", "dynamic", "random", NULL};
    static const char *const windows[] = {"worst-case", "synchronous", NULL};
    static const char *const preemption[] = {"job", "kernel", NULL};
    static const char *const intf[] = {"masola", "naive", "none", NULL};
    static const char *const assign[] = {"given", "search", NULL};
    static const char *const objective[] = {"min-sms", "max-min-slack", NULL};
    static const char *const prio[] = {"given", "dm", "audsley", NULL};
    static const char *const emit[] = {"json", "libsmctrl", "nvtaskset", "green-contexts", NULL};
    static const char *const leftover[] = {"packed", "spread", NULL};
    static const char *const deploy[] = {"green-contexts", "libsmctrl", "nvtaskset", NULL};
    int k;
    switch (c) {
    case OPT_LEFTOVER:
        if ((k = pick("--leftover-distribution", arg, leftover)) < 0)
            return 2;
        a->opt.leftover = k ? LO_SPREAD : LO_PACKED;
        return 0;
    case OPT_FORMAT:
        if ((k = pick_of("--format", arg, formats,
                         a->cmd == CLI_SIMULATE ? simulate_formats : analyze_formats)) < 0)
            return 2;
        if (k == 2 && a->cmd != CLI_ANALYZE)
            return usage_error("--format html is a format of rtgpu-analyze (use text, json, csv "
                               "or svg)");
        if (k >= 3 && a->cmd != CLI_SIMULATE)
            return usage_error("--format %s is a format of rtgpu-simulate (use text, json or "
                               "html)", arg);
        a->format = k == 1 ? CLI_FORMAT_JSON : k == 2 ? CLI_FORMAT_HTML : k == 3 ? CLI_FORMAT_CSV
                  : k == 4 ? CLI_FORMAT_SVG : CLI_FORMAT_TEXT;
        return 0;
    case OPT_RELEASE:
        if ((k = pick("--release", arg, releases)) < 0)
            return 2;
        a->sim.release = k ? SIM_RELEASE_RANDOM : SIM_RELEASE_SYNCHRONOUS;
        return 0;
    case OPT_EXEC:
        if ((k = pick("--exec", arg, execs)) < 0)
            return 2;
        a->sim.exec = k == 1 ? SIM_EXEC_DYNAMIC : SIM_EXEC_WCET;
        a->exec_random = k == 2;
        return 0;
    case OPT_WINDOWS:
        if ((k = pick("--windows", arg, windows)) < 0)
            return 2;
        a->opt.windows = k ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE;
        return 0;
    case OPT_GPU_PREEMPTION:
        if ((k = pick("--gpu-preemption", arg, preemption)) < 0)
            return 2;
        a->opt.gpu_kernel_preemption = k == 1;
        return 0;
    case OPT_INTERFERENCE:
        if ((k = pick("--interference", arg, intf)) < 0)
            return 2;
        a->opt.interference = k == 0 ? RT_INTF_MASOLA : k == 1 ? RT_INTF_NAIVE : RT_INTF_NONE;
        return 0;
    case OPT_ASSIGN:
        if ((k = pick("--assign", arg, assign)) < 0)
            return 2;
        a->opt.assign = k ? RT_ASSIGN_SEARCH : RT_ASSIGN_GIVEN;
        return 0;
    case OPT_OBJECTIVE:
        a->search_options_given |= CLI_GAVE_OBJECTIVE;
        if ((k = pick("--objective", arg, objective)) < 0)
            return 2;
        a->opt.objective = k ? RT_OBJ_MAX_MIN_SLACK : RT_OBJ_MIN_SMS;
        return 0;
    case OPT_DEPLOY:
        if ((k = pick("--deploy", arg, deploy)) < 0)
            return 2;
        a->opt.deploy = (rt_deploy_target)(k + 1);
        return 0;
    case OPT_EMIT_PARTITIONS:
        if ((k = pick("--emit-partitions", arg, emit)) < 0)
            return 2;
        a->emit_partitions = (cli_emit_format)(k + 1);
        return 0;
    default:
        if ((k = pick("--priorities", arg, prio)) < 0)
            return 2;
        a->opt.priorities = k == 0 ? RT_PRIO_GIVEN : k == 1 ? RT_PRIO_DM : RT_PRIO_AUDSLEY;
        a->priorities_given_explicitly = true;
        return 0;
    }
}

static int set_number(int c, const char *arg, cli_args *a)
{
    long long n = 0;   /* parse_count leaves it unset on an error */
    int rc;
    switch (c) {
    case OPT_MARGIN:
        return parse_double("--margin", arg, 0, 10, "", "a fraction of the WCET: 0.2 for 20%; ",
                            &a->opt.margin);
    case OPT_NAIVE:
        return parse_double("--naive-factor", arg, 0, 100, "", "", &a->opt.naive_factor);
    case OPT_TIME_LIMIT:
        /* 0: no limit */
        a->search_options_given |= CLI_GAVE_TIME_LIMIT;
        if ((rc = parse_double("--time-limit", arg, 0, 1e7, " of seconds",
                               "0: no limit, 60 for a minute; ", &a->opt.time_limit_s)) != 0)
            return rc;
        if (a->opt.time_limit_s > 0 && a->opt.time_limit_s < 0.001)
            return usage_error("--time-limit \"%s\": expected 0 (no limit) or at least 0.001 "
                               "seconds", arg);
        return 0;
    case OPT_CAP:
        rc = parse_count("--combination-cap", arg, (long long)1 << 62, &n);
        a->opt.combination_cap = (uint64_t)n;
        return rc;
    case OPT_BUDGET:
        rc = parse_count("--budget", arg, (long long)1 << 62, &n);
        a->opt.budget_units = (uint64_t)n;
        return rc;
    case OPT_JOB_CAP:
        rc = parse_count("--job-cap", arg, 1000000000LL, &n);
        a->sim.job_cap = (uint64_t)n;
        return rc;
    case OPT_TRACE_CAP:
        rc = parse_count("--trace-cap", arg, 1000000000000LL, &n);
        a->sim.trace_cap = (uint64_t)n;
        return rc;
    case OPT_SEED: {
        char *end;
        errno = 0;
        unsigned long long v = arg[0] >= '0' && arg[0] <= '9' ? strtoull(arg, &end, 10) : 0;
        if (!(arg[0] >= '0' && arg[0] <= '9') || *end || errno == ERANGE)
            return usage_error("--seed \"%s\": expected a whole number from 0 to %llu", arg,
                               (unsigned long long)UINT64_MAX);
        a->sim.seed = (uint64_t)v;
        return 0;
    }
    case OPT_HORIZON: {
        int64_t ns = 0;
        char why[200];
        units_status st = units_parse_duration_ns(arg, &ns);
        if (st != UNITS_OK || ns < 1)
            return usage_error("--horizon \"%s\": expected a positive duration in whole ns, "
                               "e.g. 100ms (%s)", arg,
                               st != UNITS_OK ? units_status_explain(st, arg, why, sizeof why)
                                              : "must be positive");
        a->sim.horizon_ns = ns;
        return 0;
    }
    case OPT_MIN_PART:
        a->search_options_given |= CLI_GAVE_MIN_PART;
        rc = parse_count("--min-partition-sms", arg, 1000000LL, &n);
        a->opt.min_partition_sms = (int64_t)n;
        return rc;
    case OPT_MAX_SMS:
        a->search_options_given |= CLI_GAVE_MAX_SMS;
        rc = parse_count("--max-sms", arg, 1000000000LL, &n);
        a->opt.max_sms = (int64_t)n;
        return rc;
    default:
        a->search_options_given |= CLI_GAVE_MAX_ITERATIONS;
        rc = parse_count("--max-iterations", arg, 1000000000LL, &n);
        a->opt.max_iterations = (long)n;
        return rc;
    }
}

/* An option that names a file: refused empty or given twice, as the last one silently winning
 * would leave a file the user asked for unwritten (or an input unread). */
static int set_path(const char *opt, const char **slot, const char *arg)
{
    if (!arg[0])
        return usage_error("%s needs a file name", opt);
    if (*slot)
        return usage_error("%s given twice (\"%s\", then \"%s\"): name one file", opt, *slot,
                           arg);
    *slot = arg;
    return 0;
}

static int handle(int c, const char *arg, cli_args *a)
{
    switch (c) {
    case OPT_GPU: a->gpu_path = arg; return 0;
    case 'o': return set_path("-o", &a->output_path, arg);
    case OPT_WRITE_LP:
        a->search_options_given |= CLI_GAVE_WRITE_LP;
        return set_path("--write-lp", &a->opt.write_lp, arg);
    case OPT_VALIDATE: a->validate_only = true; return 0;
    case 'q': a->opt.verbosity = -1; return 0;
    case 'v': a->opt.verbosity = 1; return 0;
    case OPT_VERSION: a->version = true; return 0;
    case 'h': a->help = true; return 0;
    case OPT_FORMAT: case OPT_WINDOWS: case OPT_GPU_PREEMPTION: case OPT_INTERFERENCE:
    case OPT_ASSIGN: case OPT_OBJECTIVE: case OPT_PRIORITIES: case OPT_LEFTOVER: case OPT_DEPLOY:
        return set_choice(c, arg, a);
    case OPT_MARGIN: case OPT_NAIVE: case OPT_TIME_LIMIT: case OPT_CAP: case OPT_MAX_ITER:
    case OPT_MAX_SMS: case OPT_MIN_PART:
    case OPT_JOB_CAP: case OPT_TRACE_CAP: case OPT_SEED: case OPT_HORIZON: case OPT_BUDGET:
        return set_number(c, arg, a);
    case OPT_RELEASE: case OPT_EXEC:
        return set_choice(c, arg, a);
    case OPT_TRACE: a->trace = true; return 0;
    case OPT_FAIL_ON_MISS: a->fail_on_miss = true; return 0;
    case OPT_SCENARIO:
        if (!arg[0])
            return usage_error("--scenario needs a scenario name");
        a->scenario = arg;
        return 0;
    case OPT_SENSITIVITY: a->sensitivity = true; return 0;
    case OPT_EMIT_PARTITIONS: return set_choice(c, arg, a);
    case 'O': return set_path("-O", &a->emit_partitions_path, arg);
    case OPT_CHECK_MEAS:
        return set_path("--check-measurements", &a->measurements_path, arg);
    case OPT_EMIT_TASKSET:
        return set_path("--emit-taskset", &a->emit_taskset_path, arg);
    case OPT_EMIT_LAUNCH: return set_path("--emit-launch", &a->emit_launch_path, arg);
    case OPT_EMIT_MAST: return set_path("--emit-mast", &a->emit_mast_path, arg);
    default:
        return 2;
    }
}

void cli_getopt_error(const char *prog_name, int c, char **argv, const struct option *opts)
{
    const char *arg = argv[optind - 1];
    if (optopt && !(arg[0] == '-' && arg[1] == '-'))
        fprintf(stderr, c == ':' ? "%s: error: option '-%c' needs a value\n"
                                 : "%s: error: unknown option '-%c'\n", prog_name, optopt);
    else if (c == ':')
        fprintf(stderr, "%s: error: option '%s' needs a value\n", prog_name, arg);
    else {
        size_t len = strcspn(arg + 2, "=");
        int matches = 0;
        for (const struct option *o = opts; o->name; o++)
            if (strncmp(o->name, arg + 2, len) == 0)
                matches++;
        if (arg[2 + len] == '=' && matches == 1)
            fprintf(stderr, "%s: error: option '%.*s' takes no value\n", prog_name,
                    (int)len + 2, arg);
        else if (matches > 1) {
            fprintf(stderr, "%s: error: option '%.*s' is ambiguous (", prog_name, (int)len + 2, arg);
            int k = 0;
            for (const struct option *o = opts; o->name; o++)
                if (strncmp(o->name, arg + 2, len) == 0)
                    fprintf(stderr, "%s--%s", k++ ? (k == matches ? " or " : ", ") : "", o->name);
            fputs(")\n", stderr);
        }
        else {
            char word[RT_SUGGEST_MAX_LEN + 1];
            snprintf(word, sizeof word, "%.*s", (int)len, arg + 2);
            rt_suggest sg;
            rt_suggest_init(&sg, word);
            for (const struct option *o = opts; o->name; o++)
                rt_suggest_add(&sg, o->name);
            const char *best = len <= RT_SUGGEST_MAX_LEN ? rt_suggest_best(&sg) : NULL;
            fprintf(stderr, "%s: error: unknown option '%.*s'%s%s%s\n", prog_name, (int)len + 2,
                    arg, best ? " (did you mean '--" : "", best ? best : "", best ? "'?)" : "");
        }
    }
}

int cli_args_parse(int argc, char **argv, cli_command cmd, cli_args *a)
{
    memset(a, 0, sizeof *a);
    a->cmd = cmd;
    a->argc = argc;
    a->argv = argv;
    prog = cmd == CLI_SIMULATE ? "rtgpu-simulate" : "rtgpu-analyze";
    rt_options_default(&a->opt);
    sim_options_default(&a->sim);
    struct option long_opts[N_OPTS + 1];
    size_t n = 0;
    int mask = cmd == CLI_SIMULATE ? FOR_SIMULATE : FOR_ANALYZE;
    for (size_t i = 0; i < N_OPTS; i++)
        if (all_opts[i].cmds & mask)
            long_opts[n++] = all_opts[i].opt;
    long_opts[n] = (struct option){ NULL, 0, NULL, 0 };
    optind = 1;
    opterr = 0;   /* getopt would name argv[0], path and all: cli_getopt_error speaks instead */
    int c;
    const char *shorts = cmd == CLI_ANALYZE ? ":o:O:qvh" : ":o:qvh";
    while ((c = getopt_long(argc, argv, shorts, long_opts, NULL)) != -1) {
        if (c == '?' || c == ':') {
            cli_getopt_error(prog, c, argv, long_opts);
            fprintf(stderr, "Try '%s --help' for more information.\n", prog);
            return 2;
        }
        int rc = handle(c, optarg, a);
        if (rc)
            return rc;
    }
    if (a->help || a->version)
        return 0;
    if (optind < argc)
        a->taskset_path = argv[optind++];
    if (optind < argc)
        return usage_error("unexpected argument \"%s\" (one task-set file only)", argv[optind]);
    /* "-" is no stream here (docs/formats.md, "Files, not streams") */
    const char *ins[] = { a->taskset_path, a->gpu_path, a->measurements_path };
    static const char *const in_names[] = { "the task-set file", "--gpu", "--check-measurements" };
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++)
        if (ins[i] && strcmp(ins[i], "-") == 0)
            return usage_error("%s \"-\": standard input is not read; every input is read "
                               "whole from a regular file, so that the report's sha256 names "
                               "exactly what was analysed (pipes and FIFOs are refused for the "
                               "same reason): save it to a file first", in_names[i]);
    const char *outs[] = { a->output_path, a->emit_partitions_path, a->emit_taskset_path,
                           a->emit_launch_path, a->emit_mast_path, a->opt.write_lp };
    static const char *const out_names[] = { "-o", "-O", "--emit-taskset", "--emit-launch",
                                             "--emit-mast", "--write-lp" };
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++)
        if (outs[i] && strcmp(outs[i], "-") == 0)
            return usage_error("%s \"-\": a file named \"-\" is not written (without -o the "
                               "report goes to standard output; for a file of that name write "
                               "./-)", out_names[i]);
    if (!a->gpu_path && !(a->validate_only && a->taskset_path))
        return usage_error("missing --gpu FILE");
    if (!a->taskset_path && !a->validate_only)
        return usage_error("missing the task-set file (%s TASKSET.xml --gpu GPU.xml)", prog);
    if (a->opt.objective == RT_OBJ_MAX_MIN_SLACK && a->opt.priorities == RT_PRIO_AUDSLEY)
        return usage_error("--objective max-min-slack needs fixed priorities (given or dm): "
                           "with audsley the slack of a layout depends on the order chosen");
    if (a->opt.max_sms > 0 && a->opt.objective != RT_OBJ_MAX_MIN_SLACK)
        return usage_error("--max-sms applies to --objective max-min-slack");
    if (a->emit_partitions != CLI_EMIT_NONE && !a->emit_partitions_path)
        return usage_error("--emit-partitions needs -O FILE (where to write the partitions)");
    if (a->emit_partitions_path && a->emit_partitions == CLI_EMIT_NONE)
        return usage_error("-O FILE is where --emit-partitions writes: give --emit-partitions "
                           "FORMAT too");
    if (a->scenario && (a->format == CLI_FORMAT_CSV || a->trace))
        return usage_error("--scenario writes text, json or svg (%s is a format of the job "
                           "simulation)", a->trace ? "--trace" : "csv");
    if (a->emit_mast_path && a->opt.gpu_kernel_preemption)
        return usage_error("--emit-mast with --gpu-preemption kernel: MAST 1.7 has no "
                           "preemption at kernel boundaries inside a step (docs/system.md sec. "
                           "6); leave --gpu-preemption kernel out to write the job-mode model");
    if (a->emit_mast_path && a->opt.windows == RT_WINDOWS_SYNCHRONOUS)
        return usage_error("--emit-mast with --windows synchronous: those launch WCETs assume "
                           "every partition starts at 0 and runs back to back, which a MAST "
                           "model cannot state; use the default worst-case windows");
    if (a->measurements_path && a->opt.windows == RT_WINDOWS_SYNCHRONOUS)
        return usage_error("--check-measurements compares observations with bounds, and "
                           "--windows synchronous gives none (it assumes one release pattern); "
                           "use the default worst-case windows");
    return 0;
}

const char *cli_shown(const char *s)
{
    static char buf[2][RT_ESC_PATH_SIZE];
    static unsigned next;
    char *b = buf[next++ & 1u];
    return rt_esc(s ? s : "", NULL, b, sizeof buf[0]);
}
