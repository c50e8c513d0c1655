/* measure: the --check-measurements steps of rtgpu-analyze (docs/calibration.md sec. 4). */
#include "cli/measure.h"

#include <stdio.h>

#include "taskset/measurements.h"
#include "taskset/measurements_load.h"

int cli_measure_load(cli_run *r)
{
    const char *path = r->args.measurements_path;
    if (!path)
        return 0;
    if (!r->gpu || !r->ts) {
        fprintf(stderr, "rtgpu-analyze: error: --check-measurements needs the task set and "
                        "--gpu FILE (the observations name their kernels and tasks)\n");
        return 2;
    }
    /* its own list: the inputs' warnings are printed already */
    rt_diags *d = rt_diag_new(50);
    if (!d) {
        cli_pipeline_oom(r);
        return 3;
    }
    r->meas_in = rt_measurements_load(path, r->ts, r->gpu, d);
    if (rt_diag_count(d) > 0 || rt_diag_errors(d) > 0)
        rt_diag_print(d, stderr);
    rt_diag_free(d);
    return r->meas_in ? 0 : 2;
}

int cli_measure_resolve(cli_run *r)
{
    if (!r->meas_in)
        return 0;
    /* -o onto the measurements file is refused with every other clash (cli_pipeline_resolve_options). */
    if (r->meas_in->kind == RT_MEAS_JOBS && r->args.opt.assign == RT_ASSIGN_SEARCH) {
        fprintf(stderr, "%s: error: job response times are checked against the response times "
                        "of the layout the jobs ran on: give it as <partition> elements in the "
                        "task set (with --assign given, the default then)\n",
                cli_args_shown(r->meas_in->path));
        return 2;
    }
    return 0;
}

int cli_measure_check(cli_run *r)
{
    if (!r->meas_in)
        return 0;
    int rc = measure_check(r->m, r->ts, r->meas_in, &r->args.opt, r->have_eval ? &r->eval : NULL,
                        &r->meas);
    if (rc == MEAS_OK) {
        r->have_meas = true;
        return 0;
    }
    if (rc == MEAS_ERANGE) {
        fprintf(stderr, "%s: error: the bound of an observation does not fit in 2^62 ns "
                        "(kernel durations or margin out of range)\n",
                cli_args_shown(r->meas_in->path));
        return 2;
    }
    if (rc == MEAS_ENOEVAL)
        fprintf(stderr, "rtgpu-analyze: internal error: no analysed layout for the job "
                        "observations\n");
    else
        cli_pipeline_oom(r);
    return 3;
}
