/* pipeline: what every command does before its own work: load and check both inputs, resolve
 * the options that depend on the task set, analyse the given layout or search one. */
#ifndef RT_CLI_PIPELINE_H
#define RT_CLI_PIPELINE_H

#include <stdbool.h>

#include "analysis/eval.h"
#include "analysis/chain.h"
#include "analysis/measure.h"
#include "analysis/sens.h"
#include "cli/args.h"
#include "models/model.h"
#include "report/provenance.h"
#include "search/assign.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Everything one run owns; freed by cli_pipeline_run_fini. */
typedef struct cli_run {
    cli_args args;
    rt_diags *diags;
    rt_diags *search_diags;  /* the search's own messages, printed after it */
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
    rt_layout *layout;       /* the analysed layout (given or found) */
    rt_eval eval;
    bool have_eval;
    rt_budget budget;        /* the whole run's work budget (--budget), shared by the analysis
                                of the layout and the sensitivity; each search candidate has
                                its own */
    assign_result assign;
    bool searched;
    sens_result sens;        /* --sensitivity or --format html, when there is a layout */
    bool have_sens;
    rt_provenance prov;      /* rtgpu-analyze */
    rt_measurements *meas_in;   /* --check-measurements: the observations */
    meas_result meas;        /* ... checked against the bounds */
    bool have_meas;
    chain_result *chains;    /* rtgpu-analyze: one per chain of ts, after the analysis (owned);
                                NULL when ts has none */
} cli_run;

/* "rtgpu-analyze" or "rtgpu-simulate", for messages. */
const char *cli_pipeline_prog(cli_command cmd);
/* Print "<prog>: out of memory". */
void cli_pipeline_oom(const cli_run *r);
/* Load both files (every error of both reported), then the checks that need both: 0 or 2. */
int cli_pipeline_load_inputs(cli_run *r);
/* Options that need the task set (assign and priority defaults), and no output over an input or
 * another output (cli/files.h): 0, 2, or 3 (out of memory). */
int cli_pipeline_resolve_options(cli_run *r);
/* Build the model, then analyse the given layout or search one, then the task set's chains
 * (docs/chains.md; a failed chain makes a verdict of 0 a 1); *verdict gets rtgpu-analyze's exit
 * status (0, 1, 3).
 * Returns 0, or the exit status of a failure after printing why. */
int cli_pipeline_analyse(cli_run *r, int *verdict);
/* A command's main: parse argv for cmd, answer --help and --version, then run_main on a fresh
 * run (diagnostics list ready), free it, and return run_main's exit status. */
int cli_pipeline_main(int argc, char **argv, cli_command cmd, int (*run_main)(cli_run *r));
/* The work budget ran out: say so on stderr (which step, which tasks are undecided). */
void cli_pipeline_budget_statement(const cli_run *r);
/* Free everything r owns (not r). */
void cli_pipeline_run_fini(cli_run *r);

#endif
