/* emit: --emit-partitions FORMAT -O FILE and --emit-taskset FILE for the analysed layout. */
#ifndef RT_CLI_EMIT_H
#define RT_CLI_EMIT_H

#include "cli/outputs.h"
#include "cli/pipeline.h"

/* After cli_pipeline_analyse, before the report: check that the layout can be expressed in every asked
 * form, render all into memory, then open each file in outs and write it there, for the caller
 * to commit with the report (cli_outputs_commit) or discard (cli_outputs_abort). An illegal layout
 * writes nothing and returns 2 after one message per problem; no layout (the search found
 * none) writes nothing, says so and returns 0 so the run ends with the verdict. Returns 0, 2
 * (illegal layout, changed input, write error) or 3 (out of memory). */
int cli_emit(cli_run *r, int verdict, cli_outputs *outs);

#endif
