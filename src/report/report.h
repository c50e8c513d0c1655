/* report: the text and JSON renderings of one analysis run (docs/report.md "The JSON report"). */
#ifndef RT_REPORT_H
#define RT_REPORT_H

#include <stdbool.h>

#include "analysis/budget.h"
#include "analysis/chain.h"
#include "analysis/channels.h"
#include "analysis/concurrency.h"
#include "analysis/deploy.h"
#include "analysis/eval.h"
#include "analysis/layout.h"
#include "analysis/measure.h"
#include "analysis/options.h"
#include "analysis/sens.h"
#include "models/model.h"
#include "report/provenance.h"
#include "search/assign.h"
#include "taskset/gpu.h"
#include "taskset/measurements.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* Everything a report shows, borrowed from the run. layout and eval are NULL when the search
 * found no schedulable layout; assign is NULL when the task set's own partitions were analysed. */
typedef struct rt_report {
    const rt_taskset *ts;
    const rt_gpu *gpu;
    const model *m;
    const rt_options *o;
    const rt_layout *layout;
    const rt_eval *eval;
    const assign_result *assign;
    const rt_concurrency *conc;   /* block-level models (docs/concurrency.md); NULL: not shown */
    int exit_status;
    const char *tool_version;
    const rt_provenance *prov;     /* NULL: no provenance block (library callers) */
    const sens_result *sens;       /* NULL unless --sensitivity (always given for html) */
    const rt_diags *diags;         /* warnings of the inputs (html lists them); may be NULL */
    const rt_diags *search_diags;  /* the search's messages; may be NULL */
    const rt_measurements *meas_in;   /* --check-measurements: the observations; else NULL */
    const meas_result *meas;          /* their check against the bounds; NULL without */
    const rt_budget *budget;          /* the run's work budget; exhausted: UNDECIDED; may be NULL */
    /* html: the interference-channel register and the deployment forms of the layout
     * (docs/evidence.md sec. 2); NULL: those sections say they were not computed */
    const rt_channels *channels;
    const rt_deploy *deploy;
    const chain_result *chains;       /* one per chain of ts (docs/chains.md); NULL: none */
} rt_report;

/* True when the report may show wall-clock seconds: not under SOURCE_DATE_EPOCH, whose reports
 * are byte-identical run after run (docs/report.md, "Reproducibility"). */
static inline bool report_wall_times(const rt_report *r)
{
    return !(r->prov && r->prov->from_source_date_epoch);
}

/* True when the run's work budget ran out: the verdict is UNDECIDED (exit status 3). */
static inline bool report_budget_out(const rt_report *r)
{
    return r->budget && r->budget->exhausted;
}

/* The exit status of the run: 1 when --check-measurements found an observation above its
 * bound, else the analysis's exit_status. */
static inline int report_exit_status(const rt_report *r)
{
    return r->meas && r->meas->n_above ? 1 : r->exit_status;
}

#endif
