/* --check-measurements: the CSV loader (good and bad files, one defect each), the bounds an
 * observation is checked against, worked by hand on tests/data/meas/ (a 4-SM GPU at 1000 MHz,
 * so 1 cycle = 1 ns), the tightness statistics, and the exit status through the CLI. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/eval.h"
#include "analysis/measure.h"
#include "models/model.h"
#include "runcmd.h"
#include "suites.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/measurements.h"
#include "taskset/measurements_load.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"

#define DIR "tests/data/meas/"
#define BAD "tests/data/bad/measurements/"

/* The inputs of tests/data/meas, the model, the given layout analysed with options o. */
typedef struct sys {
    rt_gpu *gpu;
    rt_taskset *ts;
    model *m;
    rt_layout *l;
    rt_options o;
    rt_eval e;
    rt_measurements *obs;
    meas_result r;
} sys;

static void sys_fini(sys *y)
{
    measure_result_fini(&y->r);
    rt_measurements_free(y->obs);
    rt_eval_fini(&y->e);
    rt_layout_free(y->l);
    model_free(y->m);
    rt_taskset_free(y->ts);
    rt_gpu_free(y->gpu);
}

/* Load everything, analyse with margin, check csv: measure_check's status, or -9 on a load error. */
static int sys_run(sys *y, const char *csv, double margin)
{
    memset(y, 0, sizeof *y);
    rt_diags *d = rt_diag_new(10);
    y->gpu = rt_gpu_load(DIR "gpu.xml", d);
    y->ts = rt_taskset_load(DIR "taskset.xml", d);
    if (y->gpu && y->ts)
        rt_inputs_check(y->ts, y->gpu, d);
    if (y->gpu && y->ts && rt_diag_errors(d) == 0)
        y->obs = rt_measurements_load(csv, y->ts, y->gpu, d);
    bool bad = !d || rt_diag_errors(d) > 0 || !y->obs;
    rt_diag_free(d);
    if (bad)
        return -9;
    rt_options_default(&y->o);
    y->o.margin = margin;
    y->o.priorities = RT_PRIO_DM;
    y->m = model_new(y->gpu, y->ts);
    y->l = rt_layout_from_taskset(y->ts);
    if (!y->m || !y->l || rt_eval_layout(y->m, y->ts, y->l, &y->o, NULL, 0, &y->e) != EVAL_OK)
        return -9;
    return measure_check(y->m, y->ts, y->obs, &y->o, &y->e, &y->r);
}

/* Kernel times (kernels.csv) with the default margin 0.2. The GPU: N = 4, f = 1000 MHz,
 * BWmax = 100, Sp = 2/4 = 0.5, so the eq. 7 denominator BWmax Sp = 50 GB/s; EMBW = 90 GB/s.
 * On 2 SMs (measured points): A: C 2000, BW 30; B: C 1500, BW 45; C: C 2500, BW 65; L2 1000.
 *   line 3, A alone: M* = 1; bound = ceil(1.2 * 2000) = 2400 ns; 1950 / 2400 = 0.8125.
 *   line 4, A beside B@2: S = {B}: B(S) = 30 + 45 = 75 < EMBW, so M = I = 75 / 50 = 1.5
 *     (S = {} gives 1); Tc = 2000 * 1.5 = 3000; bound = ceil(1.2 * 3000) = 3600 ns. The
 *     observation is exactly 3600 ns: at the bound, it passes, tightness 1.
 *   line 5, the same with 3601 ns: 1 ns above, it fails; tightness 3601 / 3600.
 *   line 6, A beside C@2: B(S) = 30 + 65 = 95 >= EMBW; I = 95 / 50 = 1.9;
 *     P_BW = BW(A) |K| / BWmax = 30 * 2 / 100 = 0.6; Pi_lo = MIN(2, MAX(1, MIN(0.6, 1.9))) = 1;
 *     rho = (1000/2000) / (1000/2000 + 1000/2500) = 0.5 / 0.9; c = (4/2)/2 * rho * 0.6 = 0.333;
 *     M* = 1.9 * MAX(1, MIN(2, 0.333)) = 1.9 (short-window); Tc = 3800;
 *     bound = ceil(1.2 * 3800) = 4560 ns; 2280 / 4560 = 0.5.
 *   line 7, C beside A@2: I = 1.9 as above; P_BW = 65 * 2 / 100 = 1.3;
 *     Pi_lo = MIN(2, MAX(1, MIN(1.3, 1.9))) = 1.3; rho = 0.4 / 0.9 = 0.444;
 *     c = 1 * 0.444 * 1.3 = 0.578 < 1.3; M* = 1.9 * 1.3 = 2.47; Tc = 2500 * 2.47 = 6175;
 *     bound = ceil(1.2 * 6175) = 7410 ns; observed 7410: at the bound. */
static void test_kernel_bounds_by_hand(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_run(&y, DIR "kernels.csv", 0.2), MEAS_OK);
    const meas_result *r = &y.r;
    CU_ASSERT_EQUAL_FATAL(r->n, 5);
    static const int64_t bound[] = {2400, 3600, 3600, 4560, 7410};
    static const int64_t obs[] = {1950, 3600, 3601, 2280, 7410};
    static const bool above[] = {false, false, true, false, false};
    static const double mult[] = {1.0, 1.5, 1.5, 1.9, 2.47};
    static const intf_case cases[] = {INTF_CASE_ALONE, INTF_CASE_BELOW_EMBW,
                                      INTF_CASE_BELOW_EMBW, INTF_CASE_SHORT_WINDOW,
                                      INTF_CASE_SHORT_WINDOW};
    static const long lines[] = {3, 4, 5, 6, 7};
    for (size_t i = 0; i < 5; i++) {
        const meas_kernel_check *c = &r->kernels[i];
        CU_ASSERT_EQUAL(y.obs->kernels[i].line, lines[i]);
        CU_ASSERT_EQUAL(c->observed_ns, obs[i]);
        CU_ASSERT_EQUAL(c->bound_ns, bound[i]);
        CU_ASSERT_EQUAL(c->above, above[i]);
        CU_ASSERT_DOUBLE_EQUAL(c->multiplier, mult[i], 1e-12);
        CU_ASSERT_EQUAL(c->sup_case, cases[i]);
        CU_ASSERT(c->exhaustive);
        /* S*: nothing for A alone, the one co-runner otherwise */
        CU_ASSERT_EQUAL(c->n_star, i == 0 ? 0u : 1u);
    }
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[0].tightness, 0.8125, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[1].tightness, 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[2].tightness, 3601.0 / 3600.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[3].tightness, 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[4].tightness, 1.0, 1e-15);
    /* model values without the margin: 2000, 3000, 3000, 3800, 6175 ns */
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[0].model_ns, 2000.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[3].model_ns, 3800.0, 1e-9);
    CU_ASSERT_DOUBLE_EQUAL(r->kernels[4].model_ns, 6175.0, 1e-9);
    CU_ASSERT_EQUAL(r->n_above, 1);
    /* above the model alone: 3600 > 3000, 3601 > 3000, 7410 > 6175 */
    CU_ASSERT_EQUAL(r->n_above_model, 3);
    /* sorted tightness: 0.5, 0.8125, 1, 1, 3601/3600. Nearest rank over n = 5: median is the
     * ceil(2.5) = 3rd = 1; p90 the ceil(4.5) = 5th; mean (0.5 + 0.8125 + 2 + 3601/3600) / 5 */
    const meas_stats *s = &r->stats;
    CU_ASSERT_EQUAL(s->n, 5);
    CU_ASSERT_DOUBLE_EQUAL(s->min, 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s->median, 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s->p90, 3601.0 / 3600.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s->max, 3601.0 / 3600.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s->mean, (0.5 + 0.8125 + 2.0 + 3601.0 / 3600.0) / 5.0, 1e-12);
    /* bins: 0.5 -> [0.5,0.6); 0.8125 -> [0.8,0.9); both 1s -> [0.9,1.0]; 3601/3600 -> above */
    static const size_t bins[MEAS_BINS] = {0, 0, 0, 0, 0, 1, 0, 0, 1, 2, 1};
    for (size_t b = 0; b < MEAS_BINS; b++)
        CU_ASSERT_EQUAL(s->bins[b], bins[b]);
    sys_fini(&y);
}

/* --margin 0: the bound is the model itself, ceil(Tc): 2000, 3000, 3000, 3800, 6175 ns, so
 * 3600, 3601 and 7410 are above it. */
static void test_kernel_bounds_margin_zero(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_run(&y, DIR "kernels.csv", 0.0), MEAS_OK);
    static const int64_t bound[] = {2000, 3000, 3000, 3800, 6175};
    for (size_t i = 0; i < 5; i++)
        CU_ASSERT_EQUAL(y.r.kernels[i].bound_ns, bound[i]);
    CU_ASSERT_EQUAL(y.r.n_above, 3);
    CU_ASSERT_DOUBLE_EQUAL(y.r.kernels[4].tightness, 7410.0 / 6175.0, 1e-15);
    sys_fini(&y);
}

/* Jobs (jobs.csv) against R of the given layout: ta alone on P0 with A, co-runner B on P1:
 * its WCET is the 3600 ns above, B = 0, so R(ta) = 3600 ns; R(tb) = ceil(1.2 * 1500 * 1.5) =
 * 2700 ns. Rows: ta 0 -> 3600 (at R: passes, 1.0); ta 10 us -> 13601 ns (3601: 1 ns above);
 * tb 0 -> 1350 (0.5); tb 20 us -> 22.7 us (2700: 1.0). */
static void test_job_bounds_by_hand(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_run(&y, DIR "jobs.csv", 0.2), MEAS_OK);
    CU_ASSERT_EQUAL_FATAL(y.r.n, 4);
    CU_ASSERT_EQUAL(y.r.kind, RT_MEAS_JOBS);
    static const int64_t resp[] = {3600, 3601, 1350, 2700}, bound[] = {3600, 3600, 2700, 2700};
    static const double tight[] = {1.0, 3601.0 / 3600.0, 0.5, 1.0};
    for (size_t i = 0; i < 4; i++) {
        CU_ASSERT(y.r.jobs[i].bounded);
        CU_ASSERT_EQUAL(y.r.jobs[i].observed_ns, resp[i]);
        CU_ASSERT_EQUAL(y.r.jobs[i].bound_ns, bound[i]);
        CU_ASSERT_EQUAL(y.r.jobs[i].above, i == 1);
        CU_ASSERT_DOUBLE_EQUAL(y.r.jobs[i].tightness, tight[i], 1e-15);
    }
    CU_ASSERT_EQUAL(y.r.n_above, 1);
    CU_ASSERT_EQUAL(y.r.stats.n, 4);
    CU_ASSERT_DOUBLE_EQUAL(y.r.stats.median, 1.0, 1e-15);   /* ceil(2)-nd of .5, 1, 1, 1.0003 */
    CU_ASSERT_EQUAL(y.r.stats.bins[5], 1);
    CU_ASSERT_EQUAL(y.r.stats.bins[9], 2);
    CU_ASSERT_EQUAL(y.r.stats.bins[10], 1);
    sys_fini(&y);
}

/* A file with a byte-order mark, CRLF line ends, comments, quoted fields and an extra column
 * (ignored): its one row is A beside B@2 at 3600 ns, at the bound of line 4 above. */
static void test_csv_syntax_accepted(void)
{
    sys y;
    CU_ASSERT_EQUAL_FATAL(sys_run(&y, DIR "quoted.csv", 0.2), MEAS_OK);
    CU_ASSERT_EQUAL_FATAL(y.r.n, 1);
    CU_ASSERT_EQUAL(y.obs->kernels[0].line, 4);
    CU_ASSERT_EQUAL(y.obs->kernels[0].n_corunners, 1);
    CU_ASSERT_EQUAL(y.r.kernels[0].bound_ns, 3600);
    CU_ASSERT_FALSE(y.r.kernels[0].above);
    sys_fini(&y);
}

/* measure_stats_of by hand: tightness 0.1, 0.2, 0.3, 0.4, 1.0, 1.1 (n = 6). Median: the
 * ceil(3)-rd = 0.3; p90: the ceil(5.4) = 6th = 1.1; p99 the same; bins decided on integers
 * (3/10 is bin 3 even though 0.3 is not exact in binary; 10/10 goes to [0.9, 1.0]). */
static void test_stats_by_hand(void)
{
    static const int64_t o[] = {1, 2, 3, 4, 10, 11}, b[] = {10, 10, 10, 10, 10, 10};
    meas_stats s;
    CU_ASSERT_EQUAL_FATAL(measure_stats_of(o, b, 6, &s), MEAS_OK);
    CU_ASSERT_EQUAL(s.n, 6);
    CU_ASSERT_DOUBLE_EQUAL(s.min, 0.1, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s.median, 0.3, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s.p90, 1.1, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s.p99, 1.1, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s.max, 1.1, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(s.mean, 3.1 / 6.0, 1e-12);
    static const size_t bins[MEAS_BINS] = {0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1};
    for (size_t i = 0; i < MEAS_BINS; i++)
        CU_ASSERT_EQUAL(s.bins[i], bins[i]);
    CU_ASSERT_EQUAL(measure_stats_of(o, b, 0, &s), MEAS_OK);
    CU_ASSERT_EQUAL(s.n, 0);
}

static runcmd_out run(const char *csv, const char *extra)
{
    char *argv[] = {"rtgpu-analyze", DIR "taskset.xml", "--gpu", DIR "gpu.xml",
                    "--check-measurements", (char *)(uintptr_t)csv, (char *)(uintptr_t)extra,
                    NULL};
    return runcmd(argv, 30);
}

/* Exit 1 with an observation above its bound (and the report lists its line), 0 when all are
 * within, the verdict line under -q, 2 with --windows synchronous. */
static void test_cli_exit_status(void)
{
    runcmd_out r = run(DIR "kernels.csv", NULL);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "MEASUREMENTS: 1 of 5 observations exceed their bound"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "line 5: kernel \"A\" on 2 SMs beside B@2: observed "
                                         "3.601 us > bound 3.6 us"));
    runcmd_free(&r);
    r = run(DIR "quoted.csv", "-q");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "MEASUREMENTS: all 1 observations within their bounds"));
    runcmd_free(&r);
    r = run(DIR "jobs.csv", "--format=json");
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"above_bound\": 1"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"exit_status\": 1"));
    runcmd_free(&r);
    r = run(DIR "kernels.csv", "--format=html");
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "8. Measurements against the bounds"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "MODEL INVALID: 1 of 5 observations exceed their bound"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "1: 1 of 5 measurements exceed their bound (section 8)"));
    runcmd_free(&r);
    r = run(DIR "kernels.csv", "--windows=synchronous");
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--windows synchronous gives none"));
    runcmd_free(&r);
    /* job observations need the layout they ran on: a task set without partitions is refused */
    char *argv[] = {"rtgpu-analyze", DIR "taskset-nopart.xml", "--gpu", DIR "gpu.xml",
                    "--check-measurements", DIR "jobs.csv", NULL};
    r = runcmd(argv, 30);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "give it as <partition> elements"));
    runcmd_free(&r);
    /* kernel times need no layout: the same task set is searched and the kernels checked */
    argv[5] = DIR "kernels.csv";
    r = runcmd(argv, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    runcmd_free(&r);
}

/* Every file of tests/data/bad/measurements/MANIFEST: exit 2, nothing on stdout, the
 * location and the key phrase on stderr. */
static void test_bad_files(void)
{
    FILE *f = fopen(BAD "MANIFEST", "r");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char line[512];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        char file[128], gpu[128];
        long at;
        int used = 0;
        if (line[0] == '#' || sscanf(line, "%127s %127s %ld %n", file, gpu, &at, &used) != 3)
            continue;
        char *phrase = line + used;
        phrase[strcspn(phrase, "\n")] = '\0';
        char csv[300], gpath[300], loc[400];
        snprintf(csv, sizeof csv, BAD "%s", file);
        snprintf(gpath, sizeof gpath, DIR "%s", gpu);
        if (at > 0)
            snprintf(loc, sizeof loc, "%s:%ld: ", csv, at);
        else
            snprintf(loc, sizeof loc, "%s: ", csv);
        char *argv[] = {"rtgpu-analyze", DIR "taskset.xml", "--gpu", gpath,
                        "--check-measurements", csv, NULL};
        runcmd_out r = runcmd(argv, 30);
        bool ok = r.status == 2 && r.out && r.out[0] == '\0' && r.err && strstr(r.err, loc) &&
                  strstr(r.err, phrase);
        if (!ok)
            fprintf(stderr, "\n%s: exit %d, stderr: %s", file, r.status, r.err ? r.err : "");
        CU_ASSERT(ok);
        runcmd_free(&r);
        cases++;
    }
    fclose(f);
    CU_ASSERT(cases >= 30);
}

void test_measure_register(void)
{
    CU_pSuite s = CU_add_suite("measure", NULL, NULL);
    CU_add_test(s, "kernel times against their launch WCET, by hand", test_kernel_bounds_by_hand);
    CU_add_test(s, "kernel times with --margin 0", test_kernel_bounds_margin_zero);
    CU_add_test(s, "job response times against R, by hand", test_job_bounds_by_hand);
    CU_add_test(s, "CSV: BOM, CRLF, comments, quotes, extra column", test_csv_syntax_accepted);
    CU_add_test(s, "tightness statistics by hand", test_stats_by_hand);
    CU_add_test(s, "CLI exit status", test_cli_exit_status);
    CU_add_test(s, "bad measurement files: exit 2, file:line, phrase", test_bad_files);
}
