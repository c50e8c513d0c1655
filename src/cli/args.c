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
#include "cli/help.h"
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

void cli_args_print_help(FILE *out, cli_command cmd)
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

bool cli_args_parse_uint(const char *s, uint64_t max, uint64_t *out)
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

bool cli_args_parse_decimal(const char *s, double *out)
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
    if (!cli_args_parse_decimal(s, &v) || v < lo || v > hi)
        return usage_error("%s \"%s\": expected a plain decimal number%s from %.15g to %.15g "
                           "(%sdigits and an optional point, as 0.25)", opt, s, unit, lo, hi, note);
    *out = v;
    return 0;
}

static int parse_count(const char *opt, const char *s, long long max, long long *out)
{
    uint64_t v = 0;
    if (!cli_args_parse_uint(s, (uint64_t)max, &v) || v < 1)
        return usage_error("%s \"%s\": expected a whole number from 1 to %lld (decimal digits "
                           "only)", opt, s, max);
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

/* The option c given the word arg (one of the options handle passes here). */
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
    static const struct { int c; const char *opt; const char *const *words; } choices[] = {
        {OPT_LEFTOVER, "--leftover-distribution", leftover}, {OPT_FORMAT, "--format", formats},
        {OPT_RELEASE, "--release", releases}, {OPT_EXEC, "--exec", execs},
        {OPT_WINDOWS, "--windows", windows}, {OPT_GPU_PREEMPTION, "--gpu-preemption", preemption},
        {OPT_INTERFERENCE, "--interference", intf}, {OPT_ASSIGN, "--assign", assign},
        {OPT_OBJECTIVE, "--objective", objective}, {OPT_DEPLOY, "--deploy", deploy},
        {OPT_EMIT_PARTITIONS, "--emit-partitions", emit}, {OPT_PRIORITIES, "--priorities", prio},
    };
    size_t i = 0;
    while (i + 1 < sizeof choices / sizeof choices[0] && choices[i].c != c)
        i++;   /* the last, --priorities, as the default */
    const char *const *valid = c != OPT_FORMAT ? NULL
                             : a->cmd == CLI_SIMULATE ? simulate_formats : analyze_formats;
    int k = pick_of(choices[i].opt, arg, choices[i].words, valid);
    if (k < 0)
        return 2;
    switch (c) {
    case OPT_LEFTOVER: a->opt.leftover = k ? LO_SPREAD : LO_PACKED; return 0;
    case OPT_FORMAT:
        if (k == 2 && a->cmd != CLI_ANALYZE)
            return usage_error("--format html is a format of rtgpu-analyze (use text, json, csv "
                               "or svg)");
        if (k >= 3 && a->cmd != CLI_SIMULATE)
            return usage_error("--format %s is a format of rtgpu-simulate (use text, json or "
                               "html)", arg);
        a->format = k == 1 ? CLI_FORMAT_JSON : k == 2 ? CLI_FORMAT_HTML : k == 3 ? CLI_FORMAT_CSV
                  : k == 4 ? CLI_FORMAT_SVG : CLI_FORMAT_TEXT;
        return 0;
    case OPT_RELEASE: a->sim.release = k ? SIM_RELEASE_RANDOM : SIM_RELEASE_SYNCHRONOUS; return 0;
    case OPT_EXEC:
        a->sim.exec = k == 1 ? SIM_EXEC_DYNAMIC : SIM_EXEC_WCET;
        a->exec_random = k == 2;
        return 0;
    case OPT_WINDOWS: a->opt.windows = k ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE; return 0;
    case OPT_GPU_PREEMPTION: a->opt.gpu_kernel_preemption = k == 1; return 0;
    case OPT_INTERFERENCE:
        a->opt.interference = k == 0 ? RT_INTF_MASOLA : k == 1 ? RT_INTF_NAIVE : RT_INTF_NONE;
        return 0;
    case OPT_ASSIGN: a->opt.assign = k ? RT_ASSIGN_SEARCH : RT_ASSIGN_GIVEN; return 0;
    case OPT_OBJECTIVE:
        a->search_options_given |= CLI_GAVE_OBJECTIVE;
        a->opt.objective = k ? RT_OBJ_MAX_MIN_SLACK : RT_OBJ_MIN_SMS;
        return 0;
    case OPT_DEPLOY: a->opt.deploy = (rt_deploy_target)(k + 1); return 0;
    case OPT_EMIT_PARTITIONS: a->emit_partitions = (cli_emit_format)(k + 1); return 0;
    default:
        a->opt.priorities = k == 0 ? RT_PRIO_GIVEN : k == 1 ? RT_PRIO_DM : RT_PRIO_AUDSLEY;
        a->priorities_given_explicitly = true;
        return 0;
    }
}

/* The option c given the whole number arg (one of the counts set_number passes here). */
static int set_count(int c, const char *arg, cli_args *a)
{
    static const struct { int c; const char *opt; long long max; unsigned gave; } counts[] = {
        {OPT_CAP, "--combination-cap", (long long)1 << 62, 0},
        {OPT_BUDGET, "--budget", (long long)1 << 62, 0},
        {OPT_JOB_CAP, "--job-cap", 1000000000LL, 0},
        {OPT_TRACE_CAP, "--trace-cap", 1000000000000LL, 0},
        {OPT_MIN_PART, "--min-partition-sms", 1000000LL, CLI_GAVE_MIN_PART},
        {OPT_MAX_SMS, "--max-sms", 1000000000LL, CLI_GAVE_MAX_SMS},
        {OPT_MAX_ITER, "--max-iterations", 1000000000LL, CLI_GAVE_MAX_ITERATIONS},
    };
    size_t i = 0;
    while (i + 1 < sizeof counts / sizeof counts[0] && counts[i].c != c)
        i++;   /* the last, --max-iterations, as the default */
    a->search_options_given |= counts[i].gave;
    long long n = 0;   /* parse_count leaves it unset on an error */
    int rc = parse_count(counts[i].opt, arg, counts[i].max, &n);
    switch (c) {
    case OPT_CAP: a->opt.combination_cap = (uint64_t)n; break;
    case OPT_BUDGET: a->opt.budget_units = (uint64_t)n; break;
    case OPT_JOB_CAP: a->sim.job_cap = (uint64_t)n; break;
    case OPT_TRACE_CAP: a->sim.trace_cap = (uint64_t)n; break;
    case OPT_MIN_PART: a->opt.min_partition_sms = (int64_t)n; break;
    case OPT_MAX_SMS: a->opt.max_sms = (int64_t)n; break;
    default: a->opt.max_iterations = (long)n; break;
    }
    return rc;
}

static int set_number(int c, const char *arg, cli_args *a)
{
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
    default:
        return set_count(c, arg, a);
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

void cli_args_getopt_error(const char *prog_name, int c, char **argv, const struct option *opts)
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
    opterr = 0;   /* getopt would name argv[0], path and all: cli_args_getopt_error speaks instead */
    int c;
    const char *shorts = cmd == CLI_ANALYZE ? ":o:O:qvh" : ":o:qvh";
    while ((c = getopt_long(argc, argv, shorts, long_opts, NULL)) != -1) {
        if (c == '?' || c == ':') {
            cli_args_getopt_error(prog, c, argv, long_opts);
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

const char *cli_args_shown(const char *s)
{
    static char buf[2][RT_ESC_PATH_SIZE];
    static unsigned next;
    char *b = buf[next++ & 1u];
    return rt_textesc(s ? s : "", NULL, b, sizeof buf[0]);
}
