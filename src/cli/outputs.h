/* outputs: the files one run writes, each rendered into its atomic stream and held there until
 * every output of the run is complete, then all committed (docs/report.md "Output safety"). */
#ifndef RT_CLI_OUTPUTS_H
#define RT_CLI_OUTPUTS_H

#include <stddef.h>
#include <stdio.h>

#include "util/atomicfile.h"

#define CLI_OUTPUTS_MAX 6

/* One output being written: its stream (owned until commit or abort), what it is ("report",
 * "the partitions") and where it goes, both borrowed for the messages. */
typedef struct cli_output {
    rt_atomic_stream st;
    const char *what;
    const char *path;
} cli_output;

/* The outputs of a run in the order they were opened; zero-initialise, set prog. */
typedef struct cli_outputs {
    cli_output o[CLI_OUTPUTS_MAX];
    size_t n;
    const char *prog;   /* borrowed: the command's name for the messages */
} cli_outputs;

/* Open path for what; its stream to write into (owned by outs), or NULL after the message
 * "cannot write WHAT to PATH: reason" (exit 2). */
FILE *cli_outputs_open(cli_outputs *outs, const char *what, const char *path);
/* Print "cannot write WHAT to PATH: reason" for err (an errno value). Returns 2. */
int cli_outputs_error(const cli_outputs *outs, const char *what, const char *path, int err);
/* Once every output is rendered: flush all (a device or a full disk fails here, and then nothing
 * is committed), then commit each in order. 0, or 2 after one message naming the file; every
 * output not committed is discarded. Leaves outs empty. */
int cli_outputs_commit(cli_outputs *outs);
/* Discard every output not committed; their targets are untouched. Leaves outs empty. */
void cli_outputs_abort(cli_outputs *outs);

#endif
