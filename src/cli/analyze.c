/* rtgpu-analyze: load and check the inputs, analyse (or search), render, exit with the verdict. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/emit.h"
#include "analysis/channels.h"
#include "analysis/concurrency.h"
#include "analysis/deploy.h"
#include "cli/measure.h"
#include "cli/outputs.h"
#include "cli/pipeline.h"
#include "report/report.h"
#include "report/report_html.h"
#include "report/report_json.h"
#include "report/report_text.h"

static int render(const cli_run *r, const rt_report *rep, FILE *out)
{
    return r->args.format == CLI_FORMAT_JSON   ? report_json(rep, out)
         : r->args.format == CLI_FORMAT_HTML ? report_html(rep, out)
                                             : report_text(rep, out, r->args.opt.verbosity);
}

/* Render the report straight to where it goes, so that a large report is never held in memory:
 * -o FILE into its atomic stream among the run's outputs (committed with the others by the
 * caller: the file appears complete or not at all), else standard output (nothing under -q but
 * the text verdict line). A write failure is exit 2; a report that could not be built (out of
 * memory) is exit 3. */
static int emit_report(cli_run *r, int verdict, const rt_concurrency *conc, cli_outputs *outs,
                       const rt_channels *channels, const rt_deploy *deploy)
{
    rt_report rep = {
        .channels = channels, .deploy = deploy,
        .conc = conc,
        .ts = r->ts, .gpu = r->gpu, .m = r->m, .o = &r->args.opt,
        .layout = r->have_eval ? r->layout : NULL, .eval = r->have_eval ? &r->eval : NULL,
        .assign = r->searched ? &r->assign : NULL, .exit_status = verdict,
        .tool_version = RTGPU_VERSION, .prov = &r->prov,
        .sens = r->have_sens ? &r->sens : NULL, .diags = r->diags,
        .search_diags = r->search_diags,
        .meas_in = r->have_meas ? r->meas_in : NULL, .meas = r->have_meas ? &r->meas : NULL,
        .budget = &r->budget, .chains = r->chains,
    };
    const char *path = r->args.output_path;
    if (!path) {
        if (r->args.opt.verbosity < 0 && r->args.format != CLI_FORMAT_TEXT)
            return 0;
        int rc = render(r, &rep, stdout);
        int err = errno;
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fprintf(stderr, "rtgpu-analyze: error: cannot write the report: %s\n",
                    strerror(errno ? errno : err));
            return 2;
        }
        if (rc != 0) {
            cli_pipeline_oom(r);
            return 3;
        }
        return 0;
    }
    FILE *f = cli_outputs_open(outs, "report", path);
    if (!f)
        return 2;
    int rc = render(r, &rep, f);
    if (rc != 0) {
        if (ferror(f))
            return cli_outputs_error(outs, "report", path, errno);
        cli_pipeline_oom(r);
        return 3;
    }
    return 0;
}

/* The date and command line of the report; SOURCE_DATE_EPOCH makes it reproducible. */
static int stamp(cli_run *r)
{
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    int rc = provenance_init(&r->prov, "rtgpu-analyze", RTGPU_VERSION, r->args.argc,
                             r->args.argv, sde);
    if (rc == PROV_EDATE) {
        fprintf(stderr, "rtgpu-analyze: error: SOURCE_DATE_EPOCH \"%s\": expected a whole number of "
                        "seconds since 1970-01-01 UTC (e.g. $(git log -1 --format=%%ct))\n",
                cli_args_shown(sde));
        return 2;
    }
    if (rc != PROV_OK) {
        cli_pipeline_oom(r);
        return 3;
    }
    return 0;
}

/* --sensitivity (always for html): margins of the analysed layout, end to end for a whole
 * system (docs/evidence.md sec. 1). */
static int sensitivity(cli_run *r)
{
    bool want = r->args.sensitivity || r->args.format == CLI_FORMAT_HTML;
    if (!want || !r->have_eval || !r->eval.decided)
        return 0;   /* an undecided analysis has no margins (its statement is out already) */
    int rc = sens_compute(r->m, r->ts, r->layout, &r->args.opt, &r->budget, &r->eval,
                          &r->sens);
    if (rc == SENS_BUDGET) {
        cli_pipeline_budget_statement(r);    /* the report goes out without figures; exit 3 */
        return 0;
    }
    if (rc != SENS_OK) {
        cli_pipeline_oom(r);
        return 3;
    }
    r->have_sens = true;
    return 0;
}

static int run_main(cli_run *r)
{
    int rc = stamp(r);
    if (rc)
        return rc;
    rc = cli_pipeline_load_inputs(r);
    if (rc == 0)
        rc = cli_measure_load(r);
    if (rc || r->args.validate_only)
        return rc;
    if ((rc = cli_pipeline_resolve_options(r)) != 0 || (rc = cli_measure_resolve(r)) != 0)
        return rc;
    int verdict = 0;
    rc = cli_pipeline_analyse(r, &verdict);
    if (rc)
        return rc;
    if (r->have_eval && !r->eval.exhaustive && !r->budget.exhausted)
        fprintf(stderr, "%s: warning: the co-runner combinations of some launch exceed "
                        "--combination-cap %llu: its bound is the coarser sound fallback "
                        "(2 I(S_max) or 1 + f), not the exhaustive maximum; the verdict says "
                        "exhaustive: false\n",
                cli_args_shown(r->ts->path), (unsigned long long)r->args.opt.combination_cap);
    /* Every output is rendered into its stream first and committed only when all are complete. */
    cli_outputs outs = { .n = 0, .prog = "rtgpu-analyze" };
    if ((rc = cli_emit(r, verdict, &outs)) != 0 || (rc = sensitivity(r)) != 0 ||
        (rc = cli_measure_check(r)) != 0) {
        cli_outputs_abort(&outs);
        return rc;
    }
    /* The block-level models of docs/concurrency.md: notes beside the verdict, never part of it. */
    if (r->budget.exhausted)
        verdict = 3;            /* the sensitivity ran out: its figures are missing */
    rt_concurrency *conc = concurrency_new(r->m, r->ts, r->have_eval ? r->layout : NULL,
                                    r->args.opt.leftover);
    if (!conc) {
        cli_outputs_abort(&outs);
        cli_pipeline_oom(r);
        return 3;
    }
    /* html: the interference-channel register and the partitions' deployable forms */
    rt_channels ch;
    rt_deploy dep = { 0 };
    bool have_dep = false;
    if (r->args.format == CLI_FORMAT_HTML) {
        size_t bad = 0;
        rt_deploy_status st = r->have_eval ? rt_deploy_compute(r->layout, r->gpu, &dep, &bad)
                                           : DEPLOY_EUNALIGNED;
        have_dep = st == DEPLOY_OK || st == DEPLOY_ETOOMANY;
        if (st == DEPLOY_ENOMEM || rt_channels_compute(r->ts, r->gpu, &r->args.opt, &ch) != 0) {
            rt_deploy_fini(&dep);
            concurrency_free(conc);
            cli_outputs_abort(&outs);
            cli_pipeline_oom(r);
            return 3;
        }
    }
    rc = emit_report(r, verdict, conc, &outs,
                     r->args.format == CLI_FORMAT_HTML ? &ch : NULL, have_dep ? &dep : NULL);
    rt_deploy_fini(&dep);
    concurrency_free(conc);
    if (rc)
        cli_outputs_abort(&outs);
    else
        rc = cli_outputs_commit(&outs);
    return rc ? rc : (r->have_meas && r->meas.n_above ? 1 : verdict);
}

int main(int argc, char **argv)
{
    return cli_pipeline_main(argc, argv, CLI_ANALYZE, run_main);
}
