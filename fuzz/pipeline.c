/* pipeline: fuzz harness of the whole rtgpu-analyze pipeline, from both input files to every
 * report format, through the library calls src/cli/pipeline.c and src/cli/analyze.c make.
 *
 * Input: TASKSET NUL GPU [NUL MEASUREMENTS [NUL OPTIONS]], the three files' bytes and option
 * words (any of "synchronous", "audsley", "given", "naive", "none", "spread", "quiet",
 * "kernel" (--gpu-preemption kernel), and
 * "name=" followed by the bytes, control characters included, that name the task-set file up to
 * the end of the input); an input without a NUL is skipped. The text reports must hold no
 * control character but the line feeds they write themselves: a file name can never forge a line
 * (docs/formats.md, "Text outputs"). Steps: load and check both files (rt_inputs_check,
 * occupancy_check_launches) and the measurements; build the model; analyse the task set's own
 * partitions, or, when it fixes none, all tasks on one partition of the whole GPU (the search
 * is left out: its limits are wall-clock, not deterministic); sensitivity, measurements check,
 * block-level models, deployment; then the text (quiet, normal, verbose), JSON and HTML reports,
 * the four --emit-partitions files, the rewritten task set, the --emit-launch lines and the
 * --emit-mast model, each into memory (a whole system: the text and JSON reports, the partitions,
 * the launch lines and the model, as the CLI takes them).
 *
 * Work stays small by construction: the combination cap is 64 and the run's work budget
 * (--budget, src/analysis/budget.c) is FUZZ_BUDGET_UNITS, shared by the windows, the RTA and the
 * sensitivity, so every input ends quickly, with an answer that may be "undecided". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/channels.h"
#include "analysis/concurrency.h"
#include "analysis/deploy.h"
#include "analysis/measure.h"
#include "analysis/sens.h"
#include "analysis/sysdeploy.h"
#include "common.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "report/deploy_write.h"
#include "report/mast_write.h"
#include "report/provenance.h"
#include "report/report.h"
#include "report/report_html.h"
#include "report/report_json.h"
#include "report/report_text.h"
#include "taskset/inputs.h"
#include "taskset/measurements.h"
#include "taskset/measurements_load.h"
#include "taskset/taskset_write.h"

#define FUZZ_TRACE_STEPS 64

/* Everything one input owns, freed by run_fini. */
typedef struct run {
    rt_diags *d;
    rt_gpu *gpu;
    rt_taskset *ts;
    rt_measurements *meas_in;
    rt_options o;
    model *m;
    rt_layout *l;
    rt_eval ev;
    sens_result sens;
    bool have_sens;
    meas_result meas;
    bool have_meas;
    rt_concurrency *conc;
    rt_provenance prov;
    rt_deploy dep;
} run;

static void run_fini(run *r)
{
    rt_deploy_fini(&r->dep);
    provenance_fini(&r->prov);
    concurrency_free(r->conc);
    measure_result_fini(&r->meas);
    sens_result_fini(&r->sens);
    rt_eval_fini(&r->ev);
    rt_layout_free(r->l);
    model_free(r->m);
    rt_measurements_free(r->meas_in);
    rt_taskset_free(r->ts);
    rt_gpu_free(r->gpu);
    rt_diag_free(r->d);
}

/* rtgpu-analyze's options after cli_pipeline_resolve_options, as the option words ask. */
static void set_options(run *r, const fuzz_part *opt)
{
    fuzz_options(&r->o);
    if (fuzz_has_word(opt, "synchronous"))
        r->o.windows = RT_WINDOWS_SYNCHRONOUS;
    if (fuzz_has_word(opt, "naive"))
        r->o.interference = RT_INTF_NAIVE;
    else if (fuzz_has_word(opt, "none"))
        r->o.interference = RT_INTF_NONE;
    if (fuzz_has_word(opt, "spread"))
        r->o.leftover = LO_SPREAD;
    if (fuzz_has_word(opt, "quiet"))
        r->o.verbosity = -1;
    if (fuzz_has_word(opt, "kernel"))
        r->o.gpu_kernel_preemption = true;   /* --gpu-preemption kernel */
    bool file_prio = r->ts->n_tasks && r->ts->tasks[0].has_priority;
    r->o.priorities = fuzz_has_word(opt, "audsley") ? RT_PRIO_AUDSLEY
                    : fuzz_has_word(opt, "given") && file_prio ? RT_PRIO_GIVEN : RT_PRIO_DM;
    /* what the CLI refuses for the holistic analysis (src/cli/pipeline.c, system_refusal) */
    if (rt_taskset_has_system_steps(r->ts) || r->o.gpu_kernel_preemption) {
        r->o.windows = RT_WINDOWS_WORST_CASE;
        if (r->o.priorities == RT_PRIO_AUDSLEY)
            r->o.priorities = RT_PRIO_DM;
    }
}

/* The task-set file's name: "ts-" and the bytes after "name=" in the option words (control
 * characters kept; '/', '.' and NUL dropped, so the name stays in the temporary folder), ".xml". */
static void task_set_name(const fuzz_part *opt, char *name, size_t size)
{
    size_t o = (size_t)snprintf(name, size, "ts-");
    for (size_t i = 0; opt && opt->size >= 5 && i <= opt->size - 5; i++) {
        if (memcmp(opt->data + i, "name=", 5) != 0)
            continue;
        for (size_t j = i + 5; j < opt->size && o + 5 < size; j++)
            if (opt->data[j] != '/' && opt->data[j] != '.' && opt->data[j] != '\0')
                name[o++] = (char)opt->data[j];
        break;
    }
    snprintf(name + o, size - o, ".xml");
}

/* One writer into memory: it must succeed (nothing can fail but memory) and write something. */
typedef int (*writer)(const run *r, const rt_report *rep, FILE *out);

static void render(const run *r, const rt_report *rep, writer w, bool text)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    FUZZ_ASSERT(mem != NULL);
    int rc = w(r, rep, mem);
    FUZZ_ASSERT(fclose(mem) == 0);
    FUZZ_ASSERT(rc == 0);
    FUZZ_ASSERT(len > 0 || r->o.verbosity < 0);
    for (size_t i = 0; text && i < len; i++)
        FUZZ_ASSERT(buf[i] == '\n' || ((unsigned char)buf[i] >= 0x20 && buf[i] != 0x7f));
    free(buf);
}

static int w_text_quiet(const run *r, const rt_report *rep, FILE *out)
{
    (void)r;
    return report_text(rep, out, -1);
}

static int w_text(const run *r, const rt_report *rep, FILE *out)
{
    (void)r;
    return report_text(rep, out, 0);
}

static int w_text_verbose(const run *r, const rt_report *rep, FILE *out)
{
    (void)r;
    return report_text(rep, out, 1);
}

static int w_json(const run *r, const rt_report *rep, FILE *out)
{
    (void)r;
    return report_json(rep, out);
}

static int w_html(const run *r, const rt_report *rep, FILE *out)
{
    (void)r;
    /* the CLI renders a whole system without sensitivity (docs/system.md sec. 5) */
    return rep->sens || rep->eval->system ? report_html(rep, out)
                                          : fputs("no sensitivity\n", out) < 0;
}

static rt_deploy_info deploy_info(const run *r)
{
    return (rt_deploy_info){ r->ts, r->gpu, RTGPU_VERSION, false, r->ev.schedulable, NULL };
}

static int w_deploy_json(const run *r, const rt_report *rep, FILE *out)
{
    (void)rep;
    rt_deploy_info info = deploy_info(r);
    return deploy_write_json(&r->dep, &info, out);
}

static int w_deploy_libsmctrl(const run *r, const rt_report *rep, FILE *out)
{
    (void)rep;
    rt_deploy_info info = deploy_info(r);
    return deploy_write_libsmctrl(&r->dep, &info, out);
}

static int w_deploy_nvtaskset(const run *r, const rt_report *rep, FILE *out)
{
    (void)rep;
    rt_deploy_info info = deploy_info(r);
    return deploy_write_nvtaskset(&r->dep, &info, out);
}

static int w_deploy_gc(const run *r, const rt_report *rep, FILE *out)
{
    (void)rep;
    rt_deploy_info info = deploy_info(r);
    return r->dep.has_gc_rule ? deploy_write_green_contexts(&r->dep, &info, out)
                              : fputs("no green-context rule\n", out) < 0;
}

/* --emit-taskset: the task set rewritten with the analysed layout (as src/cli/emit.c does). */
static void emit_taskset(const run *r)
{
    rt_partition_out *parts = calloc(r->dep.n_parts ? r->dep.n_parts : 1, sizeof *parts);
    FUZZ_ASSERT(parts != NULL);
    for (size_t p = 0; p < r->dep.n_parts; p++)
        parts[p] = (rt_partition_out){ r->dep.parts[p].name, r->dep.parts[p].first_sm,
                                       r->dep.parts[p].sms, r->dep.parts[p].tasks,
                                       r->dep.parts[p].n_tasks };
    rt_diags *d = fuzz_diags();
    char *buf = NULL;
    size_t len = 0;
    int rc = rt_taskset_write_layout(r->ts, r->l->task_prio, parts, r->dep.n_parts, " fuzz ",
                                     &buf, &len, d);
    /* the file was analysed as read: rewriting it can only fail for memory */
    FUZZ_ASSERT(rc == 0 && buf != NULL && len > 0);
    free(buf);
    rt_diag_free(d);
    free(parts);
}

/* A text written into buf: no control character but the line feeds it writes itself. */
static void assert_text(const char *buf, size_t len)
{
    for (size_t i = 0; i < len; i++)
        FUZZ_ASSERT(buf[i] == '\n' || ((unsigned char)buf[i] >= 0x20 && buf[i] != 0x7f));
}

/* --emit-launch and --emit-mast (as src/cli/emit.c does): the analysed flows, or each task of a
 * task set of GPU steps alone as one flow built here. The MAST model is left out where the CLI
 * refuses it (kernel preemption, synchronous windows). */
static void emit_system(const run *r)
{
    rt_system own;
    memset(&own, 0, sizeof own);
    const rt_system *s = r->ev.system;
    if (!s) {
        size_t bad_task = 0, bad_run = 0;
        int rc = rt_system_build(r->gpu, r->ts, r->l, &r->ev.wcet, r->o.gpu_kernel_preemption,
                                 &own, &bad_task,
                                 &bad_run);
        FUZZ_ASSERT(rc != SYS_ENOMEM);
        if (rc != SYS_OK)
            return;     /* a run's bcet above its WCET: refused by the CLI */
        s = &own;
    }
    rt_deploy_info info = deploy_info(r);
    char *buf = NULL;
    size_t len = 0;
    rt_launch_plan plan;
    int rc = rt_sysdeploy_launch_plan(&s->sys, &plan);
    FUZZ_ASSERT(rc == SYSDEPLOY_OK || rc == SYSDEPLOY_ELEVELS);
    if (rc == SYSDEPLOY_OK) {
        FILE *mem = open_memstream(&buf, &len);
        FUZZ_ASSERT(mem != NULL);
        rc = deploy_write_launch(&r->dep, &info, r->l, &plan, mem);
        FUZZ_ASSERT(fclose(mem) == 0 && rc == 0 && len > 0);
        assert_text(buf, len);
        free(buf);
        rt_sysdeploy_launch_plan_fini(&plan);
    }
    if (!r->o.gpu_kernel_preemption && r->o.windows != RT_WINDOWS_SYNCHRONOUS) {
        int *prio = malloc((s->n_steps ? s->n_steps : 1) * sizeof *prio);
        size_t n_levels = 0;
        FUZZ_ASSERT(prio != NULL);
        rc = rt_sysdeploy_mast_priorities(&s->sys, prio, &n_levels);
        FUZZ_ASSERT(rc == SYSDEPLOY_OK || rc == SYSDEPLOY_ELEVELS);
        if (rc == SYSDEPLOY_OK) {
            buf = NULL;
            len = 0;
            FILE *mem = open_memstream(&buf, &len);
            FUZZ_ASSERT(mem != NULL);
            rc = mast_write(s, prio, n_levels, r->l, &r->ev, &r->dep, &info, mem);
            FUZZ_ASSERT(fclose(mem) == 0 && rc == 0 && len > 0);
            assert_text(buf, len);
            free(buf);
        }
        free(prio);
    }
    rt_system_fini(&own);
}

/* Everything after a successful analysis: margins, observations, notes, deployment, outputs. */
static void after_analysis(run *r)
{
    FUZZ_ASSERT(r->ev.n_tasks == r->ts->n_tasks &&
                r->ev.n_misses + r->ev.n_undecided <= r->ev.n_tasks);
    FUZZ_ASSERT(r->ev.decided == (r->ev.n_undecided == 0));
    FUZZ_ASSERT(r->ev.schedulable == (r->ev.n_misses == 0 && r->ev.decided));
    /* a whole system, or kernel preemption, goes to the sensitivity, the text, JSON and HTML
     * reports, the partitions, the launch lines and the MAST model: the CLI refuses the
     * measurements and --emit-taskset for it (docs/system.md sec. 5) */
    bool flows = rt_taskset_has_system_steps(r->ts) || r->o.gpu_kernel_preemption;
    /* the small work budget may run out in the sensitivity: then there are no figures */
    int rc = sens_compute(r->m, r->ts, r->l, &r->o, NULL, &r->ev, &r->sens);
    FUZZ_ASSERT(rc == SENS_OK || rc == SENS_BUDGET);
    r->have_sens = rc == SENS_OK;
    if (r->meas_in && !flows) {
        rc = measure_check(r->m, r->ts, r->meas_in, &r->o, &r->ev, &r->meas);
        FUZZ_ASSERT(rc == MEAS_OK || rc == MEAS_ERANGE);
        r->have_meas = rc == MEAS_OK;
    }
    r->conc = concurrency_new(r->m, r->ts, r->l, r->o.leftover);
    FUZZ_ASSERT(r->conc != NULL);
    char *argv[] = { "rtgpu-analyze", r->ts->path, NULL };
    FUZZ_ASSERT(provenance_init(&r->prov, "rtgpu-analyze", RTGPU_VERSION, 2, argv, "0") ==
                PROV_OK);
    int verdict = r->ev.schedulable ? 0 : 1;
    /* the register and the deployable forms, as the CLI computes them for the HTML report */
    rt_channels ch;
    FUZZ_ASSERT(rt_channels_compute(r->ts, r->gpu, &r->o, &ch) == 0);
    size_t bad = 0;
    rt_deploy_status st = rt_deploy_compute(r->l, r->gpu, &r->dep, &bad);
    FUZZ_ASSERT(st != DEPLOY_ENOMEM);
    /* the chains, as rtgpu-analyze computes them for every report (NULL without chains) */
    chain_result *chains = chain_analyse_all(r->ts, &r->ev, NULL);
    FUZZ_ASSERT(chains != NULL || r->ts->n_chains == 0);
    rt_report rep = {
        .chains = chains, .channels = &ch, .deploy = st == DEPLOY_EUNALIGNED ? NULL : &r->dep,
        .ts = r->ts, .gpu = r->gpu, .m = r->m, .o = &r->o, .layout = r->l, .eval = &r->ev,
        .conc = r->conc, .exit_status = verdict, .tool_version = RTGPU_VERSION, .prov = &r->prov,
        .sens = r->have_sens ? &r->sens : NULL, .diags = r->d,
        .meas_in = r->have_meas ? r->meas_in : NULL, .meas = r->have_meas ? &r->meas : NULL,
    };
    static const writer reports[] = { w_text_quiet, w_text, w_text_verbose, w_json, w_html };
    for (size_t i = 0; i < sizeof reports / sizeof reports[0]; i++)
        render(r, &rep, reports[i], i < 3);
    rep.chains = NULL;   /* the deployable forms do not read them */
    free(chains);
    if (st == DEPLOY_EUNALIGNED) {
        FUZZ_ASSERT(bad < r->l->n_parts);
        return;
    }
    static const writer deploys[] = { w_deploy_json, w_deploy_libsmctrl, w_deploy_nvtaskset,
                                      w_deploy_gc };
    for (size_t i = st == DEPLOY_OK ? 0 : 3; i < sizeof deploys / sizeof deploys[0]; i++)
        render(r, &rep, deploys[i], false);
    emit_system(r);
    if (r->ts->n_partitions && !flows)
        emit_taskset(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_part part[FUZZ_MAX_PARTS];
    size_t n = fuzz_split(data, size, part, FUZZ_MAX_PARTS);
    if (n < 2)
        return 0;
    run r;
    memset(&r, 0, sizeof r);
    r.d = fuzz_diags();
    char ts_name[80];
    task_set_name(n > 3 ? &part[3] : NULL, ts_name, sizeof ts_name);
    const char *ts_path;
    if (!fuzz_load_inputs(&part[0], &part[1], ts_name, r.d, &r.ts, &r.gpu, &ts_path)) {
        run_fini(&r);
        return 0;
    }
    if (n > 2 && part[2].size > 0) {
        rt_diags *md = fuzz_diags();
        const char *meas_path = fuzz_write(2, "measurements.csv", part[2].data, part[2].size);
        r.meas_in = rt_measurements_load(meas_path, r.ts, r.gpu, md);
        fuzz_check_loaded(r.meas_in, md);
        rt_diag_free(md);
        if (!r.meas_in) {
            run_fini(&r);
            fuzz_remove(ts_path);
            return 0;
        }
    }
    fuzz_part none = { NULL, 0 };
    set_options(&r, n > 3 ? &part[3] : &none);
    r.m = model_new(r.gpu, r.ts);
    FUZZ_ASSERT(r.m != NULL);
    r.l = fuzz_layout(r.ts, r.gpu);
    int rc = rt_eval_layout(r.m, r.ts, r.l, &r.o, NULL, FUZZ_TRACE_STEPS, &r.ev);
    /* EVAL_ERANGE (a time past 2^62 ns) and EVAL_EBCET (a run's bcet above its WCET on its
     * partition) are the refusals rtgpu-analyze reports as bad input (exit 2) */
    FUZZ_ASSERT(rc == EVAL_OK || rc == EVAL_ERANGE || rc == EVAL_EBCET);
    if (rc == EVAL_OK)
        after_analysis(&r);
    run_fini(&r);
    fuzz_remove(ts_path);   /* a name per input: none may pile up */
    return 0;
}
