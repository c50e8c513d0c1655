/* rtgpu-explore: many systems in one run (docs/explore.md). Subcommands: sweep (the points of a
 * sweep file, sharded, resumable, on worker processes), merge (shard outputs into one, checked),
 * plot (a chart of results); split, coschedule and mct are in cli/explore_conc.c. This file
 * parses the command line, prints diagnostics, the progress
 * bar and the summary, and chooses the exit status; the work is in src/explore/. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/explore_conc.h"
#include "cli/args.h"
#include "cli/files.h"
#include "explore/spec_load.h"
#include "report/explore_plot.h"
#include "explore/merge.h"
#include "explore/result.h"
#include "explore/run.h"
#include "explore/spec.h"
#include "util/atomicfile.h"
#include "util/diag.h"

#define PROG "rtgpu-explore"
#define MAX_DIAGS 50
#define MAX_JOBS 1024
/* Points one sweep run evaluates unless --max-points says more (docs/explore.md, "How many
 * points"): a 250-byte sweep file can describe 6e7 points, hours of work and gigabytes of lines. */
#define DEFAULT_MAX_POINTS 1000000u

static void usage_hint(void)
{
    fprintf(stderr, "Try '" PROG " --help' for more information.\n");
}

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, PROG ": error: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    usage_hint();
    return 2;
}

static void help(FILE *out)
{
    fputs("Usage: " PROG " sweep SPEC.xml [-o OUT.jsonl|OUT.csv] [options]\n"
          "       " PROG " merge OUT1.jsonl... -o ALL.jsonl\n"
          "       " PROG " plot SPEC.xml RESULTS.jsonl... -o FILE.svg\n"
          "       " PROG " split TASKSET.xml --gpu GPU.xml --pair A,B [options]\n"
          "       " PROG " coschedule TASKSET.xml --gpu GPU.xml --kernel K --partitions N1,N2,...\n"
          "       " PROG " mct TASKSET.xml --gpu GPU.xml [--partitions N1,N2,...]\n"
          "Analyse every point of a design space described in one sweep file (the Cartesian\n"
          "product of its <vary> elements, or random task sets of a <generate>), one result\n"
          "line per point (JSON lines, or CSV), in this process or on worker processes, in\n"
          "shards over many machines, resumable after an interruption.\n\n"
          "sweep options:\n"
          "  -o, --output FILE         results (default standard output); FILE must not exist\n"
          "                            unless --resume\n"
          "  --format json|csv         (default: csv for a FILE ending in .csv, else json)\n"
          "  --jobs N                  N worker processes on this machine (default 1)\n"
          "  --shard I/N               only the points p with p mod N = I-1 (1 <= I <= N)\n"
          "  --resume                  keep the points already in FILE, run the others\n"
          "  --max-points N            refuse a run of more than N points (default 1000000)\n"
          "  --plot FILE.svg           chart of the results (docs/explore.md, Plots)\n"
          "  --sensitivity             also the critical scaling factor of each point's layout\n"
          "                            (column scaling_factor, null without it; plot needs it too)\n"
          "  --progress, --no-progress progress bar on standard error (default: if a terminal)\n"
          "  -q, --quiet               no summary\n"
          "merge: check that the shard outputs hold every point of one sweep exactly once and\n"
          "  write them in point order to -o FILE.\n"
          "plot: chart the results of a sweep (e.g. merged shards) into -o FILE.svg\n"
          "  (with --sensitivity for results of a --sensitivity sweep).\n"
          "split, coschedule, mct: the block-level co-scheduling models of docs/concurrency.md\n"
          "  (" PROG " COMMAND --help lists their options).\n"
          "  --version | -h, --help\n\n"
          "Exit status: 0 done (whatever the verdicts of the points); 2 usage error, invalid\n"
          "sweep file or inputs, more points than --max-points, or results that do not\n"
          "merge; 3 the run failed (a write error, a worker process ended early): the lines\n"
          "written are whole, --resume continues.\n",
          out);
}

/* ---- progress -------------------------------------------------------------------------- */

typedef struct progress {
    bool on;
    double t0, last;
    bool drawn;
} progress;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void fmt_duration(double s, char *buf, size_t size)
{
    long long t = (long long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, size, "%lld:%02lld:%02lld", t / 3600, t / 60 % 60, t % 60);
    else
        snprintf(buf, size, "%lld:%02lld", t / 60, t % 60);
}

static void on_progress(void *ctx, uint64_t done, uint64_t todo)
{
    progress *p = ctx;
    double t = now_s();
    if (!p->on || (done < todo && done > 0 && t - p->last < 0.1))
        return;
    p->last = t;
    double el = t - p->t0, rate = el > 0 ? (double)done / el : 0;
    int width = 30, fill = todo ? (int)((double)done / (double)todo * width) : width;
    char bar[64], eta[32] = "--:--";
    for (int i = 0; i < width; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[width] = '\0';
    if (rate > 0)
        fmt_duration((double)(todo - done) / rate, eta, sizeof eta);
    fprintf(stderr, "\r[%s] %3d%% %" PRIu64 "/%" PRIu64 " points  %.0f points/s  ETA %s ", bar,
            todo ? (int)(100.0 * (double)done / (double)todo) : 100, done, todo, rate, eta);
    p->drawn = true;
}

/* ---- sweep ----------------------------------------------------------------------------- */

typedef struct sweep_args {
    const char *spec, *out, *plot;
    int format;          /* -1 auto, 0 json, 1 csv */
    long jobs;
    uint64_t shard, shards;
    bool resume, quiet;
    bool sensitivity;    /* the scaling_factor column */
    uint64_t max_points; /* most points this run may evaluate (its shard's) */
    int progress;        /* -1 auto */
} sweep_args;

static int parse_shard(const char *s, sweep_args *a)
{
    uint64_t i = 0, n = 0;
    const char *slash = strchr(s, '/');
    char first[24];
    size_t len = slash ? (size_t)(slash - s) : 0;
    bool ok = slash && len < sizeof first;
    if (ok) {
        memcpy(first, s, len);
        first[len] = '\0';
        ok = cli_args_parse_uint(first, XP_MAX_POINTS, &i) && cli_args_parse_uint(slash + 1, XP_MAX_POINTS, &n);
    }
    if (!ok || n < 1 || i < 1 || i > n)
        return usage_error("--shard \"%s\": expected I/N with 1 <= I <= N (e.g. 3/64)", s);
    a->shard = i;
    a->shards = n;
    return 0;
}

enum { OPT_FORMAT = 256, OPT_JOBS, OPT_SHARD, OPT_RESUME, OPT_PLOT, OPT_PROGRESS, OPT_NO_PROGRESS,
       OPT_SENSITIVITY, OPT_VERSION, OPT_MAX_POINTS };

static const struct option long_opts[] = {
    { "output", required_argument, NULL, 'o' }, { "format", required_argument, NULL, OPT_FORMAT },
    { "jobs", required_argument, NULL, OPT_JOBS }, { "shard", required_argument, NULL, OPT_SHARD },
    { "resume", no_argument, NULL, OPT_RESUME }, { "plot", required_argument, NULL, OPT_PLOT },
    { "progress", no_argument, NULL, OPT_PROGRESS },
    { "no-progress", no_argument, NULL, OPT_NO_PROGRESS },
    { "sensitivity", no_argument, NULL, OPT_SENSITIVITY },
    { "max-points", required_argument, NULL, OPT_MAX_POINTS },
    { "quiet", no_argument, NULL, 'q' }, { "version", no_argument, NULL, OPT_VERSION },
    { "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
};

static int parse_sweep(int argc, char **argv, sweep_args *a)
{
    *a = (sweep_args){ .format = -1, .jobs = 1, .shard = 1, .shards = 1, .progress = -1,
                      .max_points = DEFAULT_MAX_POINTS };
    int c;
    optind = 1;
    opterr = 0;   /* cli_args_getopt_error names the program, not argv[0] */
    while ((c = getopt_long(argc, argv, ":o:qh", long_opts, NULL)) != -1) {
        uint64_t u = 0;
        switch (c) {
        case '?': case ':':
            cli_args_getopt_error(PROG " sweep", c, argv, long_opts);
            usage_hint();
            return 2;
        case 'o': a->out = optarg; break;
        case 'q': a->quiet = true; break;
        case OPT_FORMAT:
            if (strcmp(optarg, "json") != 0 && strcmp(optarg, "csv") != 0)
                return usage_error("--format \"%s\": expected json or csv", optarg);
            a->format = strcmp(optarg, "csv") == 0;
            break;
        case OPT_JOBS:
            if (!cli_args_parse_uint(optarg, MAX_JOBS, &u) || u < 1)
                return usage_error("--jobs \"%s\": expected a whole number from 1 to 1024", optarg);
            a->jobs = (long)u;
            break;
        case OPT_SHARD:
            if (parse_shard(optarg, a))
                return 2;
            break;
        case OPT_RESUME: a->resume = true; break;
        case OPT_PLOT: a->plot = optarg; break;
        case OPT_PROGRESS: a->progress = 1; break;
        case OPT_NO_PROGRESS: a->progress = 0; break;
        case OPT_SENSITIVITY: a->sensitivity = true; break;
        case OPT_MAX_POINTS:
            if (!cli_args_parse_uint(optarg, XP_MAX_POINTS, &u) || u < 1)
                return usage_error("--max-points \"%s\": expected a whole number from 1 "
                                   "to %" PRIu64, optarg, XP_MAX_POINTS);
            a->max_points = u;
            break;
        case 'h': help(stdout); return -1;
        case OPT_VERSION: printf(PROG " %s\n", RTGPU_VERSION); return -1;
        default: usage_hint(); return 2;
        }
    }
    if (optind >= argc)
        return usage_error("%s", "sweep: missing the sweep file (" PROG " sweep SPEC.xml)");
    a->spec = argv[optind++];
    if (optind < argc)
        return usage_error("sweep: unexpected argument \"%s\" (one sweep file)", argv[optind]);
    if (a->out && strcmp(a->out, "-") == 0)
        return usage_error("%s", "-o \"-\": a file named \"-\" is not written (without -o the "
                                 "lines go to standard output; for a file of that name write ./-)");
    if (a->resume && !a->out)
        return usage_error("%s", "--resume needs -o FILE (the output to continue)");
    if (a->plot && !a->plot[0])
        return usage_error("%s", "--plot needs a file name");
    if (a->format < 0) {
        size_t n = a->out ? strlen(a->out) : 0;
        a->format = n > 4 && strcmp(a->out + n - 4, ".csv") == 0;
    }
    return 0;
}

/* The chart of a spec's records into path. 0, or 2/3 after a message. */
static int write_plot(const xp_spec *s, const xp_record *rec, const char *path, const char *note)
{
    strbuf svg = { 0 };
    char why[200];
    int rc = explore_plot_svg(s, rec, note, &svg, why, sizeof why);
    if (rc != 0) {
        fprintf(stderr, PROG ": error: %s: no plot: %s\n", cli_args_shown(path), why);
        strbuf_fini(&svg);
        return rc == XP_PLOT_ENOMEM ? 3 : 2;
    }
    if (rt_atomicfile_write(path, svg.data, svg.len) != 0) {
        fprintf(stderr, PROG ": error: cannot write %s: %s\n", cli_args_shown(path), strerror(errno));
        strbuf_fini(&svg);
        return 3;
    }
    strbuf_fini(&svg);
    return 0;
}

static void summary(const xp_spec *s, const sweep_args *a, const xp_run_result *res)
{
    uint64_t have = res->resumed + res->evaluated, valid = have - res->errors;
    fprintf(stderr, "%s: %" PRIu64 " points", s->name, s->n_points);
    if (a->shards > 1)
        fprintf(stderr, " (shard %" PRIu64 "/%" PRIu64 ": %" PRIu64 ")", a->shard, a->shards,
                res->shard_points);
    fprintf(stderr, ", %" PRIu64 " done", have);
    if (res->resumed)
        fprintf(stderr, " (%" PRIu64 " resumed)", res->resumed);
    fprintf(stderr, "; schedulable %" PRIu64 " of %" PRIu64 " valid", res->schedulable, valid);
    if (valid)
        fprintf(stderr, " (%.1f%%)", 100.0 * (double)res->schedulable / (double)valid);
    fprintf(stderr, "; %" PRIu64 " errors; %.3f s, %.0f points/s\n", res->errors, res->seconds,
            res->seconds > 0 ? (double)res->evaluated / res->seconds : 0.0);
}

/* The files a loaded sweep file names, which every command that loads it reads: its task set,
 * its GPUs and its kernel pool. */
static void add_spec_inputs(cli_files *f, const xp_spec *s)
{
    if (s->ts)
        cli_files_add(f, "its task set", s->ts->path, false);
    for (size_t i = 0; i < s->n_gpus; i++)
        cli_files_add(f, "its GPU", s->gpus[i]->path, false);
    if (s->gen.pool)
        cli_files_add(f, "its kernel pool", s->gen.pool->path, false);
}

/* No output of a sweep (-o, --plot) is the sweep file, a file it names or the other output. */
static int check_sweep_files(const xp_spec *s, const sweep_args *a)
{
    cli_files f = { 0 };
    cli_files_add(&f, "the sweep file", a->spec, false);
    add_spec_inputs(&f, s);
    cli_files_add(&f, "-o", a->out, true);
    cli_files_add(&f, "--plot", a->plot, true);
    return cli_files_check(&f, PROG " sweep");
}

/* No -o of merge or plot is one of the files it reads: the files named on its command line and,
 * for plot, those its loaded sweep file s names (NULL: none). */
static int check_out(const char *cmd, char **in, int n, const xp_spec *s, const char *out)
{
    char prog[32];
    snprintf(prog, sizeof prog, PROG " %s", cmd);
    cli_files f = { 0 };
    for (int i = 0; i < n; i++)
        cli_files_add(&f, i == 0 && strcmp(cmd, "plot") == 0 ? "the sweep file" : "a result file",
                      in[i], false);
    if (s)
        add_spec_inputs(&f, s);
    cli_files_add(&f, "-o", out, true);
    return cli_files_check(&f, prog);
}

static int cmd_sweep(int argc, char **argv)
{
    sweep_args a;
    int rc = parse_sweep(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    rt_diags *d = rt_diag_new(MAX_DIAGS);
    if (!d) {
        fprintf(stderr, PROG ": error: out of memory\n");
        return 3;
    }
    xp_spec *s = xp_spec_load(a.spec, d);
    rt_diag_print(d, stderr);
    if (!s) {
        rt_diag_free(d);
        return 2;
    }
    /* the points of this shard: p < n with p mod N = I - 1 */
    uint64_t run_points = s->n_points / a.shards + (a.shard - 1 < s->n_points % a.shards);
    if (run_points > a.max_points) {
        fprintf(stderr, "%s: error: this run has %" PRIu64 " points, more than the limit of %"
                PRIu64 " (--max-points N raises it; --shard I/N divides the sweep among runs)\n",
                a.spec, run_points, a.max_points);
        rt_diag_free(d);
        xp_spec_free(s);
        return 2;
    }
    if (a.sensitivity)
        xp_spec_set_sensitivity(s);
    rt_diag_free(d);
    if ((rc = check_sweep_files(s, &a)) != 0) {
        xp_spec_free(s);
        return rc;
    }
    d = rt_diag_new(MAX_DIAGS);
    progress pg = { .on = a.progress == 1 || (a.progress < 0 && isatty(STDERR_FILENO)),
                    .t0 = now_s() };
    xp_run_opts o = { .out_path = a.out, .csv = a.format == 1, .jobs = (int)a.jobs,
                      .shard = a.shard, .shards = a.shards, .resume = a.resume,
                      .keep_records = a.plot != NULL, .progress = on_progress,
                      .progress_ctx = &pg };
    xp_run_result res;
    rc = d ? xp_run(s, &o, &res, d) : XP_RUN_ENOMEM;
    if (pg.drawn)
        fputc('\n', stderr);
    if (d)
        rt_diag_print(d, stderr);
    int status = rc == XP_RUN_OK ? 0 : rc == XP_RUN_EINPUT ? 2 : 3;
    if (rc == XP_RUN_OK && !a.quiet)
        summary(s, &a, &res);
    if (rc == XP_RUN_OK && a.plot) {
        char note[80] = "";
        if (a.shards > 1)
            snprintf(note, sizeof note, "shard %" PRIu64 "/%" PRIu64 " only", a.shard, a.shards);
        status = write_plot(s, res.records, a.plot, note);
    }
    if (d)
        xp_run_result_fini(&res);
    rt_diag_free(d);
    xp_spec_free(s);
    return status;
}

/* ---- merge and plot -------------------------------------------------------------------- */

/* The positional files and -o of merge / plot. */
/* merge's and plot's arguments; sens (plot only, else NULL) takes --sensitivity. */
static int parse_files(int argc, char **argv, const char *cmd, const char **out, int *first,
                       bool *sens)
{
    int c;
    optind = 1;
    *out = NULL;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":o:h", long_opts, NULL)) != -1) {
        if (c == '?' || c == ':') {
            char name[32];
            snprintf(name, sizeof name, PROG " %s", cmd);
            cli_args_getopt_error(name, c, argv, long_opts);
            usage_hint();
            return 2;
        }
        if (c == 'o' && strcmp(optarg, "-") == 0) {
            fprintf(stderr, PROG " %s: error: -o \"-\": a file named \"-\" is not written "
                            "(without -o the output goes to standard output; for a file of that "
                            "name write ./-)\n", cmd);
            usage_hint();
            return 2;
        } else if (c == 'o')
            *out = optarg;
        else if (c == OPT_SENSITIVITY && sens)
            *sens = true;
        else if (c == 'h') {
            help(stdout);
            return -1;
        } else {
            fprintf(stderr, PROG " %s: error: it takes only -o FILE%s\n", cmd,
                    sens ? " and --sensitivity" : "");
            usage_hint();
            return 2;
        }
    }
    if (!*out)
        return usage_error("%s: missing -o FILE", cmd);
    if (optind >= argc)
        return usage_error("%s: no result files given", cmd);
    *first = optind;
    return 0;
}

static int cmd_merge(int argc, char **argv)
{
    const char *out = NULL;
    int first = 0, rc = parse_files(argc, argv, "merge", &out, &first, NULL);
    if (rc)
        return rc < 0 ? 0 : rc;
    if ((rc = check_out("merge", argv + first, argc - first, NULL, out)) != 0)
        return rc;
    rt_diags *d = rt_diag_new(MAX_DIAGS);
    strbuf b = { 0 };
    rc = d ? xp_merge((const char *const *)argv + first, (size_t)(argc - first), &b, d) : -1;
    if (d)
        rt_diag_print(d, stderr);
    int status = rc == 0 ? 0 : 2;
    if (rc == 0 && rt_atomicfile_write(out, b.data, b.len) != 0) {
        fprintf(stderr, PROG ": error: cannot write %s: %s\n", out, strerror(errno));
        status = 3;
    }
    strbuf_fini(&b);
    rt_diag_free(d);
    return status;
}

static int cmd_plot(int argc, char **argv)
{
    const char *out = NULL;
    bool sens = false;
    int first = 0, rc = parse_files(argc, argv, "plot", &out, &first, &sens);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (argc - first < 2)
        return usage_error("%s", "plot: expected SPEC.xml and at least one result file");
    if ((rc = check_out("plot", argv + first, argc - first, NULL, out)) != 0)
        return rc;
    rt_diags *d = rt_diag_new(MAX_DIAGS);
    if (!d)
        return 3;
    xp_spec *s = xp_spec_load(argv[first], d);
    if (s && sens)
        xp_spec_set_sensitivity(s);
    xp_record *rec = NULL;
    int status = 2;
    /* the sweep file's own inputs are read too: -o must not be one of them either */
    if (s && (rc = check_out("plot", argv + first, argc - first, s, out)) != 0) {
        xp_spec_free(s);
        rt_diag_free(d);
        return rc;
    }
    if (s && xp_run_read_records(s, (const char *const *)argv + first + 1, (size_t)(argc - first - 1),
                             &rec, d) == 0)
        status = 0;
    rt_diag_print(d, stderr);
    if (status == 0)
        status = write_plot(s, rec, out, "");
    free(rec);
    xp_spec_free(s);
    rt_diag_free(d);
    return status;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return usage_error("%s", "missing a command: sweep, merge, plot, split, coschedule or mct");
    const char *cmd = argv[1];
    if (rt_atomicfile_signals_init() != 0) { /* SIGINT/SIGTERM during -o: no temporary left */
        fprintf(stderr, PROG ": error: cannot install the signal handlers: %s\n", strerror(errno));
        return 3;
    }
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        help(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf(PROG " %s\n", RTGPU_VERSION);
        return 0;
    }
    if (strcmp(cmd, "sweep") == 0)
        return cmd_sweep(argc - 1, argv + 1);
    if (strcmp(cmd, "merge") == 0)
        return cmd_merge(argc - 1, argv + 1);
    if (strcmp(cmd, "plot") == 0)
        return cmd_plot(argc - 1, argv + 1);
    if (strcmp(cmd, "split") == 0)
        return cli_explore_conc_split(argc - 1, argv + 1);
    if (strcmp(cmd, "coschedule") == 0)
        return cli_explore_conc_coschedule(argc - 1, argv + 1);
    if (strcmp(cmd, "mct") == 0)
        return cli_explore_conc_mct(argc - 1, argv + 1);
    return usage_error("unknown command \"%s\" (expected sweep, merge, plot, split, coschedule "
                       "or mct)", cmd);
}
