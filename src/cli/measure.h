/* measure: the --check-measurements steps of rtgpu-analyze: read the CSV, check it. */
#ifndef RT_CLI_MEASURE_H
#define RT_CLI_MEASURE_H

#include "cli/pipeline.h"

/* Load --check-measurements FILE (after both inputs): 0, or 2 after printing why. */
int cli_measure_load(cli_run *r);
/* Option checks that need the observations (after cli_pipeline_resolve_options): 0 or 2. */
int cli_measure_resolve(cli_run *r);
/* Check the observations against the analysis (after cli_pipeline_analyse): 0, or the exit status of a
 * failure after printing why. */
int cli_measure_check(cli_run *r);

#endif
