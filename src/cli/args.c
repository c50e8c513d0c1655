/* args: the command line of rtgpu-analyze (FORMATS.md "Command line"), parsed with getopt_long. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/args.h"

enum {
    OPT_GPU = 256, OPT_FORMAT, OPT_MARGIN, OPT_WINDOWS, OPT_INTERFERENCE, OPT_NAIVE,
    OPT_CAP, OPT_ASSIGN, OPT_OBJECTIVE, OPT_PRIORITIES, OPT_TIME_LIMIT, OPT_MAX_ITER,
    OPT_WRITE_LP, OPT_VALIDATE, OPT_VERSION
};

static const struct option long_opts[] = {
    {"gpu", required_argument, NULL, OPT_GPU},
    {"format", required_argument, NULL, OPT_FORMAT},
    {"output", required_argument, NULL, 'o'},
    {"margin", required_argument, NULL, OPT_MARGIN},
    {"windows", required_argument, NULL, OPT_WINDOWS},
    {"interference", required_argument, NULL, OPT_INTERFERENCE},
    {"naive-factor", required_argument, NULL, OPT_NAIVE},
    {"combination-cap", required_argument, NULL, OPT_CAP},
    {"assign", required_argument, NULL, OPT_ASSIGN},
    {"objective", required_argument, NULL, OPT_OBJECTIVE},
    {"priorities", required_argument, NULL, OPT_PRIORITIES},
    {"time-limit", required_argument, NULL, OPT_TIME_LIMIT},
    {"max-iterations", required_argument, NULL, OPT_MAX_ITER},
    {"write-lp", required_argument, NULL, OPT_WRITE_LP},
    {"validate-only", no_argument, NULL, OPT_VALIDATE},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"version", no_argument, NULL, OPT_VERSION},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

void cli_print_help(FILE *out)
{
    fputs("Usage: rtgpu-analyze TASKSET.xml --gpu GPU.xml [options]\n"
          "Bound GPU kernel WCETs on SM partitions (memory-aware model of Masola et al.,\n"
          "JSSPP 2023) and check every deadline with non-preemptive fixed-priority\n"
          "response-time analysis.\n\n"
          "  --gpu FILE                GPU description (required)\n"
          "  --format text|json        report format (default text)\n"
          "  -o, --output FILE         write the report to FILE, atomically (default stdout)\n"
          "  --margin X                WCET margin, a fraction (default 0.2 = 20%; at most 10)\n"
          "  --windows worst-case|synchronous      execution windows (default worst-case)\n"
          "  --interference masola|naive|none      interference model (default masola)\n"
          "  --naive-factor F          naive slowdown factor (default 0.73)\n"
          "  --combination-cap N       worst-case co-runner combinations (default 1048576)\n"
          "  --assign given|search     default: given if the task set has partitions\n"
          "  --objective min-sms       assignment objective (the only one)\n"
          "  --priorities given|dm|audsley   (default given; dm where the file gives none)\n"
          "  --time-limit SECONDS      assignment search wall-clock limit (default 60; 0: none)\n"
          "  --max-iterations N        assignment search: at most N MIP solves\n"
          "  --write-lp FILE           write the first assignment MIP in CPLEX LP format\n"
          "  --validate-only           check the inputs, print nothing on success\n"
          "  -q, --quiet               print only the verdict line (text) / nothing on stdout\n"
          "  -v, --verbose             add every derivation (windows, WCETs, busy periods)\n"
          "  --version                 print the version\n"
          "  -h, --help                print this help\n\n"
          "Exit status: 0 every deadline holds; 1 a deadline can be missed or no assignment\n"
          "exists; 2 usage error or invalid input; 3 undecided (search limit) or solver failure.\n",
          out);
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("rtgpu-analyze: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\nTry 'rtgpu-analyze --help' for more information.\n", stderr);
    return 2;
}

static int parse_double(const char *opt, const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    /* plain decimal only: no leading blanks, sign or hexadecimal (strtod takes " 5", "0x10") */
    bool plain = ((s[0] >= '0' && s[0] <= '9') || s[0] == '.') && !strpbrk(s, "xXpP");
    double v = plain ? strtod(s, &end) : 0.0;
    if (!plain || end == s || *end || errno == ERANGE || !isfinite(v) || v < lo || v > hi) {
        fprintf(stderr, "rtgpu-analyze: %s \"%s\": expected a number from %g to %g\n", opt, s,
                lo, hi);
        fputs("Try 'rtgpu-analyze --help' for more information.\n", stderr);
        return 2;
    }
    *out = v;
    return 0;
}

static int parse_count(const char *opt, const char *s, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = (s[0] >= '0' && s[0] <= '9') ? strtoll(s, &end, 10) : -1;
    if (v < 1 || *end || errno == ERANGE || v > max) {
        fprintf(stderr, "rtgpu-analyze: %s \"%s\": expected a whole number from 1 to %lld\n", opt,
                s, max);
        fputs("Try 'rtgpu-analyze --help' for more information.\n", stderr);
        return 2;
    }
    *out = v;
    return 0;
}

/* Index of s in the NULL-terminated list, or -1 after a usage error. */
static int pick(const char *opt, const char *s, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0)
            return i;
    fprintf(stderr, "rtgpu-analyze: %s \"%s\": expected one of", opt, s);
    for (int i = 0; words[i]; i++)
        fprintf(stderr, " %s", words[i]);
    fputs("\nTry 'rtgpu-analyze --help' for more information.\n", stderr);
    return -1;
}

static int set_choice(int c, const char *arg, cli_args *a)
{
    static const char *const formats[] = {"text", "json", "html", NULL};
    static const char *const windows[] = {"worst-case", "synchronous", NULL};
    static const char *const intf[] = {"masola", "naive", "none", NULL};
    static const char *const assign[] = {"given", "search", NULL};
    static const char *const objective[] = {"min-sms", NULL};
    static const char *const prio[] = {"given", "dm", "audsley", NULL};
    int k;
    switch (c) {
    case OPT_FORMAT:
        if ((k = pick("--format", arg, formats)) < 0)
            return 2;
        if (k == 2)
            return usage_error("--format html is planned but not available in this version "
                               "(use text or json)");
        a->format = k == 1 ? CLI_FORMAT_JSON : CLI_FORMAT_TEXT;
        return 0;
    case OPT_WINDOWS:
        if ((k = pick("--windows", arg, windows)) < 0)
            return 2;
        a->opt.windows = k ? RT_WINDOWS_SYNCHRONOUS : RT_WINDOWS_WORST_CASE;
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
        return pick("--objective", arg, objective) < 0 ? 2 : 0;
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
    long long n;
    int rc;
    switch (c) {
    case OPT_MARGIN:
        if ((rc = parse_double("--margin", arg, 0, 1e6, &a->opt.margin)) != 0)
            return rc;
        if (a->opt.margin > 10)
            return usage_error("--margin \"%s\": the margin is a fraction of the WCET (0.2 = 20%%), "
                               "at most 10 (1000%%)", arg);
        return 0;
    case OPT_NAIVE:
        return parse_double("--naive-factor", arg, 0, 100, &a->opt.naive_factor);
    case OPT_TIME_LIMIT:
        /* 0: no limit */
        a->search_options_given |= CLI_GAVE_TIME_LIMIT;
        if ((rc = parse_double("--time-limit", arg, 0, 1e7, &a->opt.time_limit_s)) != 0)
            return rc;
        if (a->opt.time_limit_s > 0 && a->opt.time_limit_s < 0.001)
            return usage_error("--time-limit \"%s\": expected 0 (no limit) or at least 0.001 s", arg);
        return 0;
    case OPT_CAP:
        rc = parse_count("--combination-cap", arg, (long long)1 << 62, &n);
        a->opt.combination_cap = (uint64_t)n;
        return rc;
    default:
        a->search_options_given |= CLI_GAVE_MAX_ITERATIONS;
        rc = parse_count("--max-iterations", arg, 1000000000LL, &n);
        a->opt.max_iterations = (long)n;
        return rc;
    }
}

static int handle(int c, const char *arg, cli_args *a)
{
    switch (c) {
    case OPT_GPU: a->gpu_path = arg; return 0;
    case 'o': a->output_path = arg; return 0;
    case OPT_WRITE_LP:
        if (!arg[0])
            return usage_error("--write-lp needs a file name");
        a->opt.write_lp = arg;
        a->search_options_given |= CLI_GAVE_WRITE_LP;
        return 0;
    case OPT_VALIDATE: a->validate_only = true; return 0;
    case 'q': a->opt.verbosity = -1; return 0;
    case 'v': a->opt.verbosity = 1; return 0;
    case OPT_VERSION: a->version = true; return 0;
    case 'h': a->help = true; return 0;
    case OPT_FORMAT: case OPT_WINDOWS: case OPT_INTERFERENCE: case OPT_ASSIGN:
    case OPT_OBJECTIVE: case OPT_PRIORITIES:
        return set_choice(c, arg, a);
    case OPT_MARGIN: case OPT_NAIVE: case OPT_TIME_LIMIT: case OPT_CAP: case OPT_MAX_ITER:
        return set_number(c, arg, a);
    default:
        /* getopt_long has printed what was wrong */
        fputs("Try 'rtgpu-analyze --help' for more information.\n", stderr);
        return 2;
    }
}

int cli_args_parse(int argc, char **argv, cli_args *a)
{
    memset(a, 0, sizeof *a);
    rt_options_default(&a->opt);
    optind = 1;
    opterr = 1;
    int c;
    while ((c = getopt_long(argc, argv, "o:qvh", long_opts, NULL)) != -1) {
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
    if (!a->gpu_path && !(a->validate_only && a->taskset_path))
        return usage_error("missing --gpu FILE");
    if (!a->taskset_path && !a->validate_only)
        return usage_error("missing the task-set file (rtgpu-analyze TASKSET.xml --gpu GPU.xml)");
    return 0;
}
