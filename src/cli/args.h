/* args: the command lines of rtgpu-analyze and rtgpu-simulate, parsed with getopt_long. */
#ifndef RT_CLI_ARGS_H
#define RT_CLI_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>

#include "analysis/options.h"
#include "sim/sim.h"

typedef enum { CLI_ANALYZE, CLI_SIMULATE } cli_command;
typedef enum { CLI_FORMAT_TEXT, CLI_FORMAT_JSON, CLI_FORMAT_CSV, CLI_FORMAT_SVG, CLI_FORMAT_HTML } cli_format;
/* --emit-partitions FORMAT (docs/evidence.md sec. 4); CLI_EMIT_NONE when not asked. */
typedef enum { CLI_EMIT_NONE, CLI_EMIT_JSON, CLI_EMIT_LIBSMCTRL, CLI_EMIT_NVTASKSET,
               CLI_EMIT_GREEN_CONTEXTS } cli_emit_format;
enum { CLI_GAVE_TIME_LIMIT = 1, CLI_GAVE_MAX_ITERATIONS = 2, CLI_GAVE_WRITE_LP = 4,
       CLI_GAVE_OBJECTIVE = 8, CLI_GAVE_MAX_SMS = 16, CLI_GAVE_MIN_PART = 32 };

typedef struct cli_args {
    const char *taskset_path;   /* positional; NULL only with --validate-only */
    const char *gpu_path;       /* --gpu */
    const char *output_path;    /* -o; NULL: standard output */
    cli_format format;
    bool validate_only;
    bool help, version;
    bool priorities_given_explicitly;
    unsigned search_options_given;   /* CLI_GAVE_* bits: search-only options on the line */
    rt_options opt;
    cli_command cmd;
    sim_options sim;            /* rtgpu-simulate */
    bool exec_random;           /* rtgpu-simulate --exec random (whole systems; sim.exec wcet) */
    bool trace;                 /* rtgpu-simulate --trace */
    bool fail_on_miss;          /* rtgpu-simulate --fail-on-miss: an observed miss exits 1 */
    const char *scenario;       /* rtgpu-simulate --scenario NAME: block placement instead */
    bool sensitivity;           /* --sensitivity (always on for --format html) */
    cli_emit_format emit_partitions;   /* --emit-partitions FORMAT */
    const char *emit_partitions_path;  /* -O FILE: where --emit-partitions writes */
    const char *emit_taskset_path;     /* --emit-taskset FILE */
    const char *emit_launch_path;      /* --emit-launch FILE (docs/system.md sec. 6) */
    const char *emit_mast_path;        /* --emit-mast FILE (docs/system.md sec. 6) */
    const char *measurements_path;     /* --check-measurements FILE.csv */
    int argc;                   /* the command line as given, for the provenance */
    char **argv;                /* as typed (cli_pipeline_main keeps a copy: getopt permutes argv) */
} cli_args;

/* Parse argv into a (borrowed strings). Returns 0, or 2 after printing a usage error with a
 * hint to standard error. */
int cli_args_parse(int argc, char **argv, cli_command cmd, cli_args *a);
/* After getopt_long returned '?' or ':' (opterr 0, optstring starting with ':'): print
 * "PROG: error: ..." naming the option that was wrong (unknown, ambiguous, missing or extra
 * value); opts is the table given to getopt_long. */
void cli_args_getopt_error(const char *prog, int c, char **argv, const struct option *opts);
/* Print the --help text of a command. */
void cli_args_print_help(FILE *out, cli_command cmd);
/* s as a plain decimal whole number from 0 to max (digits only: no blank, sign, hexadecimal or
 * exponent; overflow refused): true and *out, else false. */
bool cli_args_parse_uint(const char *s, uint64_t max, uint64_t *out);
/* s (a path or a name from the command line or a file) as a message may print it: control
 * characters as \xHH (util/textesc.h), so that it cannot start a line of its own. The text lives
 * in one of two static buffers used in turn: one message may show two such strings. */
const char *cli_args_shown(const char *s);
/* s as a plain decimal number (digits, optionally a point and more digits, as 0.25): true and
 * *out, else false. */
bool cli_args_parse_decimal(const char *s, double *out);

#endif
