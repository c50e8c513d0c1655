/* rtgpu-analyze: load and check the inputs, analyse (or search), render, exit with the verdict. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/concurrency.h"
#include "cli/pipeline.h"
#include "report/report.h"
#include "util/atomicfile.h"

/* Render the report into memory, then emit it whole: stdout, or -o FILE atomically. */
static int emit_report(cli_run *r, int verdict, const rt_concurrency *conc)
{
    rt_report rep = {
        .conc = conc,
        .ts = r->ts, .gpu = r->gpu, .m = r->m, .o = &r->args.opt,
        .layout = r->have_eval ? r->layout : NULL, .eval = r->have_eval ? &r->eval : NULL,
        .assign = r->searched ? &r->assign : NULL, .exit_status = verdict,
        .tool_version = RTGPU_VERSION,
    };
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        cli_oom(r);
        return 3;
    }
    int rc = r->args.format == CLI_FORMAT_JSON ? report_json(&rep, mem)
                                                : report_text(&rep, mem, r->args.opt.verbosity);
    if (fclose(mem) != 0 || rc != 0) {
        free(buf);
        cli_oom(r);
        return 3;
    }
    const char *path = r->args.output_path;
    if (path && rt_write_atomic(path, buf, len) != 0) {
        fprintf(stderr, "rtgpu-analyze: cannot write report to %s: %s\n", path, strerror(errno));
        free(buf);
        return 2;
    }
    if (!path && (r->args.opt.verbosity >= 0 || r->args.format == CLI_FORMAT_TEXT)) {
        bool quiet_json = r->args.format == CLI_FORMAT_JSON && r->args.opt.verbosity < 0;
        if (!quiet_json && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)) {
            fprintf(stderr, "rtgpu-analyze: cannot write the report: %s\n", strerror(errno));
            free(buf);
            return 2;
        }
    }
    free(buf);
    return 0;
}

static int run_main(cli_run *r)
{
    int rc = cli_load_inputs(r);
    if (rc || r->args.validate_only)
        return rc;
    if ((rc = cli_resolve_options(r)) != 0)
        return rc;
    int verdict = 0;
    rc = cli_analyse(r, &verdict);
    if (rc)
        return rc;
    if (r->have_eval && !r->eval.exhaustive)
        fprintf(stderr, "%s: warning: the co-runner combinations of some launch exceed "
                        "--combination-cap %llu: its bound is the coarser sound fallback "
                        "(2 I(S_max) or 1 + f), not the exhaustive maximum; the verdict says "
                        "exhaustive: false\n",
                r->ts->path, (unsigned long long)r->args.opt.combination_cap);
    /* The block-level models of docs/concurrency.md: notes beside the verdict, never part of it. */
    rt_concurrency *conc = conc_new(r->m, r->ts, r->have_eval ? r->layout : NULL,
                                    r->args.opt.leftover);
    if (!conc) {
        cli_oom(r);
        return 3;
    }
    rc = emit_report(r, verdict, conc);
    conc_free(conc);
    return rc ? rc : verdict;
}

int main(int argc, char **argv)
{
    return cli_main(argc, argv, CLI_ANALYZE, run_main);
}
