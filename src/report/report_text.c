/* report_text: the human-readable report: the verdict first, the provenance, the GPU, the model
 * and the assignment, then its parts in order: the task tables (report_text_tasks.c), the chains,
 * a whole system's flows (report_text_flows.c), the derivations (report_text_derive.c), the
 * block-level notes, the sensitivity (report_text_sens.c) and the measurements. */
#include "report/report_text.h"

#include "report/report.h"
#include "report/report_chains.h"
#include "report/report_concurrency.h"
#include "report/report_meas.h"
#include "report/report_text_assign.h"
#include "report/report_text_derive.h"
#include "report/report_text_flows.h"
#include "report/report_text_sens.h"
#include "report/report_text_tasks.h"
#include "util/textesc.h"

#include <inttypes.h>
#include <stdio.h>

#define MISSES_NAMED 10   /* tasks named on the verdict's "Misses:" line */

static void verdict_line(const rt_report *r, FILE *out)
{
    const assign_result *a = r->assign;
    size_t n = r->ts->n_tasks;
    char failing[300];
    bool only_chains = !report_budget_out(r) && r->exit_status != 0 && r->eval &&
                       r->eval->n_misses == 0 &&
                       chain_failing_words(r->ts, r->chains, failing, sizeof failing) > 0;
    if (report_budget_out(r)) {
        fprintf(out, "UNDECIDED: the work budget of %llu units ran out in %s",
                (unsigned long long)r->budget->limit_units, budget_step_text(r->budget->step));
        if (r->budget->task < n)
            fprintf(out, " at task \"%s\"", r->ts->tasks[r->budget->task].name);
        if (r->eval && r->eval->n_undecided)
            fprintf(out, "; %zu of %zu tasks undecided", r->eval->n_undecided, n);
        if (r->budget->step == BUDGET_STEP_SENSITIVITY && r->eval && r->eval->decided)
            fprintf(out, ": no sensitivity figures (the analysis itself: %s)",
                    r->eval->schedulable ? "every deadline holds" : "a deadline can be missed");
        else
            fprintf(out, "; no verdict (a larger --budget may decide it)");
    } else if (r->exit_status == 0 && r->chains)
        fprintf(out, "SCHEDULABLE: every deadline holds and every chain meets its requirements");
    else if (r->exit_status == 0)
        fprintf(out, "SCHEDULABLE: every deadline holds");
    else if (only_chains)
        fprintf(out, "REQUIREMENTS NOT MET: every deadline holds; %s", failing);
    else if (a && a->status == ASSIGN_INFEASIBLE)
        fprintf(out, "INFEASIBLE: no partitioning meets every deadline under the model");
    else if (a && a->status == ASSIGN_UNKNOWN && a->undecided_analyses > 0)
        fprintf(out, "UNDECIDED: the search found no schedulable partitioning and proved none "
                     "impossible; %ld of its analyses ran out of the work budget (a larger "
                     "--budget may decide them)", a->undecided_analyses);
    else if (a && a->status == ASSIGN_UNKNOWN)
        fprintf(out, "UNDECIDED: the search hit a limit before finding a schedulable partitioning");
    else
        fprintf(out, "NOT SCHEDULABLE: %zu of %zu tasks can miss their deadline",
                r->eval ? r->eval->n_misses : 0, n);
    fprintf(out, " (%zu tasks, task set \"%s\", GPU \"%s\")", n,
            r->ts->name ? r->ts->name : "", r->gpu->name ? r->gpu->name : "");
    if (r->eval && !r->eval->exhaustive)
        fprintf(out, " [exhaustive: false: combination cap hit, coarser sound bound used]");
    fputc('\n', out);
    report_chains_text_verdict(r, !only_chains, out);
    if (r->exit_status == 1 && r->eval && !(r->chains && r->eval->n_misses == 0)) {
        /* a line a person reads: the first MISSES_NAMED, then how many more */
        fprintf(out, "Misses:");
        size_t shown = 0;
        for (size_t i = 0; i < n && shown < MISSES_NAMED; i++)
            if (!r->eval->rta[i].schedulable) {
                fprintf(out, " %s", r->ts->tasks[i].name);
                shown++;
            }
        if (r->eval->n_misses > shown)
            fprintf(out, " and %zu more (the task table names every one)",
                    r->eval->n_misses - shown);
        fprintf(out, "\n");
    }
}

static void header(const rt_report *r, FILE *out)
{
    const rt_gpu *g = r->gpu;
    const rt_options *o = r->o;
    fprintf(out, "\nGPU: %" PRId64 " SMs (granularity %" PRId64 "), %" PRId64
                 " L2 banks, %.6g/%.6g GB/s nominal/effective, %.6g MHz\n",
            g->sms, g->granularity, g->l2_banks, g->bw_nominal_gbps, g->bw_effective_gbps,
            g->clock_mhz);
    fprintf(out, "Model (revision %d): %s windows, %s interference", RT_MODEL_REVISION,
            rt_options_windows_name(o->windows),
            rt_interference_name(o->interference));
    if (o->interference == RT_INTF_NAIVE)
        fprintf(out, " (factor %.6g)", o->naive_factor);
    fprintf(out, ", margin %.6g, alpha %.6g; priorities %s%s\n", o->margin, g->alpha,
            rt_options_prio_name(o->priorities),
            o->gpu_kernel_preemption ? "; GPU preemption at kernel boundaries" : "");
    report_text_assign(r, out);
}

static void provenance_block(const rt_report *r, FILE *out)
{
    const rt_provenance *p = r->prov;
    char ts_hex[65], gpu_hex[65];
    for (int i = 0; i < 32; i++) {
        snprintf(ts_hex + 2 * i, 3, "%02x", r->ts->sha256[i]);
        snprintf(gpu_hex + 2 * i, 3, "%02x", r->gpu->sha256[i]);
    }
    fprintf(out, "%s %s (model revision %d)\n", p->tool, p->version, RT_MODEL_REVISION);
    fputs("Command line: ", out);
    rt_textesc_fputs(p->command_line, out);
    fputc('\n', out);
    fprintf(out, "Date: %s%s\n", p->date,
            p->from_source_date_epoch ? " (from SOURCE_DATE_EPOCH)" : "");
    fputs("Task set: ", out);
    rt_textesc_fputs(r->ts->path, out);
    fprintf(out, " (sha256 %s)\nGPU: ", ts_hex);
    rt_textesc_fputs(r->gpu->path, out);
    fprintf(out, " (sha256 %s)\n", gpu_hex);
    fprintf(out, "Libraries: libxml2 %s, GLPK %s, jansson %s, %s\n", p->libxml2, p->glpk,
            p->jansson, p->libc);
}

int report_text(const rt_report *r, FILE *out, int verbosity)
{
    verdict_line(r, out);
    report_meas_verdict(r, out);
    if (verbosity < 0)
        return ferror(out) ? -1 : 0;
    if (r->prov) {
        fputc('\n', out);
        provenance_block(r, out);
    }
    header(r, out);
    if (r->layout && r->eval)
        report_text_tasks(r, out);
    report_chains_text(r, out, verbosity);
    if (r->layout && r->eval && r->eval->system)
        report_text_flows(r, out);
    if (verbosity > 0)
        report_text_derive_kernels(r, out);
    report_concurrency_text(r, out, verbosity);
    if (r->layout && r->eval) {
        if (verbosity > 0)
            report_text_derive_launches(r, verbosity, out);
        if (r->sens)
            report_text_sens(r, out);
        if (verbosity > 0 && !r->eval->system)
            report_text_derive_rtas(r, out);
    }
    report_meas_text(r, out, verbosity);
    if (verbosity == 0)
        fprintf(out, "\n-v adds the per-kernel C(k,n) tables, each launch's windows, the "
                     "block-level notes and the response-time derivations.\n");
    return ferror(out) ? -1 : 0;
}
