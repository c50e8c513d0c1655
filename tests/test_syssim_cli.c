/* rtgpu-simulate on whole systems (docs/simulation.md, "Whole systems"): the examples through the
 * binary with every observed figure worked out by hand below from a schedule on paper, --exec
 * random, the Gantt chart's lanes, an observed deadline miss (exit 1 with --fail-on-miss), and
 * what is refused (--exec dynamic, --format csv; --exec random on GPU steps alone). An observed
 * response above its bound (exit 3) cannot be produced from valid inputs: test_counter_example
 * breaks a bound on purpose at library level and checks the writers (tests/test_syssim.c checks
 * syssim_exceeded itself). */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/options.h"
#include "analysis/system.h"
#include "fixture_simcli.h"
#include "report/syssim_report.h"
#include "runcmd.h"
#include "sim/syssim.h"

void test_syssim_cli_register(void);

#define INF_TS "examples/tasksets/inference-server.xml"
#define INF_GPU "examples/gpus/rtx2060-server.xml"
#define ORIN_TS "examples/tasksets/orin-system-pipeline.xml"
#define ORIN_GPU "examples/gpus/jetson-agx-orin-system.xml"
#define KP_TS "examples/tasksets/kernel-preemption.xml"
#define KP_GPU "examples/gpus/rtx2060.xml"
#define MISS_TS "tests/data/cli/system-miss.xml"
#define SYS_GPU "tests/data/good/system-gpu.xml"

/* One task's expected figures: jobs, observed min and max, analysed R, and every step's
 * observed worst completion (ns from the nominal release; -1 ends the list). */
typedef struct want_task {
    const char *name;
    json_int_t jobs, min, max, wcrt;
    json_int_t step_max[6];
} want_task;

static void check_tasks(const json_t *j, const want_task *want, size_t n)
{
    const json_t *tasks = json_object_get(j, "tasks");
    CU_ASSERT_EQUAL_FATAL(json_array_size(tasks), n);
    for (size_t i = 0; i < n; i++) {
        const json_t *t = json_array_get(tasks, i);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(t, "name")), want[i].name);
        CU_ASSERT_EQUAL(fx_jint(t, "jobs"), want[i].jobs);
        CU_ASSERT_EQUAL(fx_jint(t, "observed_min_ns"), want[i].min);
        CU_ASSERT_EQUAL(fx_jint(t, "observed_max_ns"), want[i].max);
        CU_ASSERT_EQUAL(fx_jint(t, "wcrt_ns"), want[i].wcrt);
        CU_ASSERT_EQUAL(fx_jint(t, "missed_jobs"), 0);
        const json_t *steps = json_object_get(t, "steps");
        size_t k = 0;
        for (; k < 6 && want[i].step_max[k] >= 0; k++)
            CU_ASSERT_EQUAL(fx_jint(json_array_get(steps, k), "observed_max_ns"),
                            want[i].step_max[k]);
        CU_ASSERT_EQUAL(json_array_size(steps), k);
    }
    CU_ASSERT_TRUE(json_is_false(json_object_get(j, "bound_exceeded")));
}

/* inference-server (its header gives the WCETs: camA core 0 1 ms, h2d 60176 ns, NET_A 2.4 ms,
 * d2h 10334 ns, core 0 0.3 ms; camB core 1 2 ms, h2d 110352 ns, NET_B 6 ms, d2h 11334 ns, core 1
 * 0.5 ms; stats core 0 2 ms), every job at its period, every step its WCET, horizon 100 ms (the
 * hyperperiod of 10, 20 and 50 ms). Jobs at 0 (in ms):
 *   core 0: camA (priority 1) 0 .. 1, then stats (priority 3) 1 .. 3: stats' response 3;
 *   core 1: camB 0 .. 2;
 *   h2d: camA 1 .. 1.060176; camB 2 .. 2.110352;
 *   ALL (non-preemptive): camA 1.060176 .. 3.460176; camB, ready at 2.110352, waits until
 *     3.460176 and runs to 9.460176;
 *   d2h: camA 3.460176 .. 3.47051; camB 9.460176 .. 9.47151;
 *   core 0: camA's post-processing 3.47051 .. 3.77051 (stats has ended at 3): R 3.77051;
 *   core 1: camB 9.47151 .. 9.97151: response 9.97151.
 * camB is done before camA's next job at 10, and the jobs at 20, 40, 60, 80 repeat those at 0:
 * every camA job 3.77051 ms (10 jobs), every camB job 9.97151 ms (5), stats 3 ms (2, at 0 and
 * 50, where core 0 is as at 0). Bounds from the analysis (docs/system.md sec. 5; camA's worked
 * in the example's header): 11.492196, 13.60253 and 3.6 ms. */
static void test_inference_server(void)
{
    static const want_task want[3] = {
        { "camA", 10, 3770510, 3770510, 11492196,
          { 1000000, 1060176, 3460176, 3470510, 3770510, -1 } },
        { "camB", 5, 9971510, 9971510, 13602530,
          { 2000000, 2110352, 9460176, 9471510, 9971510, -1 } },
        { "stats", 2, 3000000, 3000000, 3600000, { 3000000, -1 } },
    };
    runcmd_out r = fx_simcmd((char *[]){ "x", INF_TS, "--gpu", INF_GPU, "--format", "json", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    if (j) {
        CU_ASSERT_EQUAL(fx_jint(j, "horizon_ns"), 100000000);
        CU_ASSERT_EQUAL(fx_jint(j, "jobs_simulated"), 17);
        const json_t *o = json_object_get(j, "options");
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "exec")), "wcet");
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "flow_analysis")),
                               "holistic");
        CU_ASSERT_TRUE(json_is_null(json_object_get(j, "trace")));
        check_tasks(j, want, 3);
        json_decref(j);
    }
    runcmd_free(&r);
    /* the text report: the headline and camA's row */
    r = fx_simcmd((char *[]){ "x", INF_TS, "--gpu", INF_GPU, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "NO DEADLINE MISS; NO OBSERVED RESPONSE ABOVE "
                                                  "ITS BOUND (17 jobs simulated over 100 ms"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "3.77051 ms  11.492196 ms"));
    runcmd_free(&r);
}

/* orin-system-pipeline (its header: detector core 1 2 ms, h2d 321.04 us, DET 9.862164 ms, d2h
 * 30.48 us, core 1 1 ms; tracker core 2 0.5 ms, h2d and d2h 10 us + ceil(65536 / 20) ns =
 * 13.277 us each, TRK 0.721983 ms, core 2 1 ms; logger core 1 3 ms) over --horizon 100ms: jobs
 * k with k x 33.333 ms < 100 ms: 4 detector and 4 tracker jobs, 1 logger job. At 0 (in ms):
 *   tracker: core 2 0 .. 0.5, h2d .. 0.513277, TRK .. 1.23526, d2h .. 1.248537, core 2 ..
 *     2.248537;
 *   detector: core 1 0 .. 2 (above the logger), h2d 2 .. 2.32104 (the tracker's copy ended at
 *     0.513277), DET .. 12.183204, d2h .. 12.213684, core 1 .. 13.213684;
 *   logger: core 1 2 .. 5 (done before the detector's publish step at 12.213684): 5.
 * The later jobs meet nothing else (each flow is done long before the next period): all the
 * same. Bounds (the example's header): 16.740238, 4.100057 and 6 ms. */
static const want_task orin_want[3] = {
    { "detector", 4, 13213684, 13213684, 16740238,
      { 2000000, 2321040, 12183204, 12213684, 13213684, -1 } },
    { "tracker", 4, 2248537, 2248537, 4100057, { 500000, 513277, 1235260, 1248537, 2248537, -1 } },
    { "logger", 1, 5000000, 5000000, 6000000, { 5000000, -1 } },
};

static void test_orin_pipeline(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", ORIN_TS, "--gpu", ORIN_GPU, "--horizon", "100ms",
                                      "--format", "json", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    if (j) {
        check_tasks(j, orin_want, 3);
        json_decref(j);
    }
    runcmd_free(&r);
}

/* The same system on a GPU file of 8192 cores (the largest count, 12 of them used as before):
 * the same hand-worked figures (the cores that serve no step are never visited, so the run costs
 * what the 12-core one does); 8193 cores are refused where they are written (line 25 of the
 * file, after its added comment), by rtgpu-analyze and rtgpu-simulate alike. */
static void test_cores_bound(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", ORIN_TS, "--gpu",
                                         "tests/data/cli/orin-system-8192-cores.xml", "--horizon",
                                         "100ms", "--format", "json", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    if (j) {
        check_tasks(j, orin_want, 3);
        json_decref(j);
    }
    runcmd_free(&r);
    static const char *const tools[] = { NULL, "rtgpu-simulate" };
    for (size_t k = 0; k < 2; k++) {
        r = runcmd_tool(tools[k], (char *[]){ "x", ORIN_TS, "--gpu",
                                              "tests/data/cli/orin-system-8193-cores.xml", NULL },
                        60);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "tests/data/cli/orin-system-8193-cores.xml:"
                                                   "25: error: gpu \"NVIDIA Jetson AGX Orin 64GB "
                                                   "(GA10B, MAXN)\": cpu cores \"8193\" must be "
                                                   "at most 8192"));
        runcmd_free(&r);
    }
}

/* kernel-preemption with --gpu-preemption kernel (its header: C_H = 6 ms, one launch; L two
 * launches of 6 ms), horizon 200 ms (lcm of 8 and 100). In ms: H 0 .. 6, L's first launch
 * 6 .. 12; H of 8 waits for that launch: 12 .. 18 (response 10); H of 16 goes before L's
 * second launch: 18 .. 24 (8); H of 24: 24 .. 30 (6); L 30 .. 36: R_L 36; H of 32: 36 .. 42
 * (10), 40: 42 .. 48 (8), then 6 each until 96: 96 .. 102. At 100: L 102 .. 108; H of 104:
 * 108 .. 114 (10), of 112: 114 .. 120 (8), of 120: 120 .. 126 (6, before L, which waits since
 * 108); L 126 .. 132: 32; H of 128: 132 .. 138 (10), 136: 138 .. 144 (8), then 6 each. H: 25
 * jobs, 6 .. 10 ms (bound 12); L: 2 jobs, 32 and 36 ms (bound 36, reached). */
static void test_kernel_preemption(void)
{
    static const want_task want[2] = {
        { "H", 25, 6000000, 10000000, 12000000, { 10000000, -1 } },
        { "L", 2, 32000000, 36000000, 36000000, { 36000000, -1 } },
    };
    runcmd_out r = fx_simcmd((char *[]){ "x", KP_TS, "--gpu", KP_GPU, "--gpu-preemption", "kernel",
                                      "--format", "json", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    if (j) {
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_object_get(j, "options"),
                                                                 "gpu_preemption")), "kernel");
        check_tasks(j, want, 2);
        json_decref(j);
    }
    runcmd_free(&r);
}

/* --exec random draws each step in [bcet, wcet] (inference-server: every bcet 0): no observed
 * response above its bound (exit 0), the same seed gives the same report, another seed another
 * one, and camA's best job is faster than under wcet (3.77051 ms), where no draw is below. */
static void test_exec_random(void)
{
    char *argv[] = { "x", INF_TS, "--gpu", INF_GPU, "--format", "json", "--exec", "random",
                     "--seed", "7", NULL };
    runcmd_out a = fx_simcmd(argv), b = fx_simcmd(argv);
    argv[9] = "8";
    runcmd_out c = fx_simcmd(argv);
    CU_ASSERT_EQUAL(a.status, 0);
    CU_ASSERT_EQUAL(c.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c.out);
    CU_ASSERT_STRING_EQUAL(a.out, b.out);
    CU_ASSERT_STRING_NOT_EQUAL(a.out, c.out);
    json_t *j = fx_parse_json(a.out, a.err);
    if (j) {
        const json_t *o = json_object_get(j, "options");
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "exec")), "random");
        CU_ASSERT_EQUAL(fx_jint(o, "seed"), 7);
        const json_t *t = json_array_get(json_object_get(j, "tasks"), 0);
        CU_ASSERT_TRUE(fx_jint(t, "observed_min_ns") < 3770510);
        CU_ASSERT_TRUE(fx_jint(t, "observed_max_ns") <= 11492196);
        json_decref(j);
    }
    runcmd_free(&a);
    runcmd_free(&b);
    runcmd_free(&c);
}

/* --release random on orin-system-pipeline: the detector's jobs are released up to J = 0.5 ms
 * late (seeded), the others have no jitter. Released alone as in test_orin_pipeline, a detector
 * job of delay j responds in j + 13.213684 ms from its nominal release (its flow meets the
 * tracker's only on the copy engines, where it cannot wait longer than the tracker's 13.277 us
 * copy): every response in [13.213684, 13.213684 + 0.5 + 0.013277 x 2] ms, some above the
 * undelayed 13.213684, none above R = 16.740238. The tracker's stay between 2.248537 ms and
 * R = 4.100057 ms. */
static void test_release_random(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", ORIN_TS, "--gpu", ORIN_GPU, "--horizon", "1s",
                                      "--release", "random", "--seed", "5", "--format", "json",
                                      NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_t *j = fx_parse_json(r.out, r.err);
    if (j) {
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_object_get(j, "options"),
                                                                 "release")), "random");
        const json_t *tasks = json_object_get(j, "tasks");
        const json_t *det = json_array_get(tasks, 0), *trk = json_array_get(tasks, 1);
        CU_ASSERT_EQUAL(fx_jint(det, "jobs"), 31);   /* k x 33.333 ms < 1 s: k = 0 .. 30 */
        CU_ASSERT_TRUE(fx_jint(det, "observed_min_ns") >= 13213684);
        CU_ASSERT_TRUE(fx_jint(det, "observed_max_ns") > 13213684);
        CU_ASSERT_TRUE(fx_jint(det, "observed_max_ns") <= 13213684 + 500000 + 2 * 13277);
        CU_ASSERT_TRUE(fx_jint(trk, "observed_min_ns") >= 2248537);
        CU_ASSERT_TRUE(fx_jint(trk, "observed_max_ns") <= 4100057);
        json_decref(j);
    }
    runcmd_free(&r);
}

/* The Gantt chart: one lane per used core and copy engine, then the partitions (inference-server:
 * core 0, core 1, h2d, d2h, ALL; orin: cores 1 and 2 of 12, h2d, d2h, DET, TRK). */
static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = s; p && (p = strstr(p, what)) != NULL; p += strlen(what))
        n++;
    return n;
}

static void test_gantt_lanes(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", INF_TS, "--gpu", INF_GPU, "--format", "svg",
                                      "--horizon", "30ms", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(count(r.out, "class=\"lane\""), 5);
    CU_ASSERT_EQUAL(count(r.out, ">core 0<"), 1);
    CU_ASSERT_EQUAL(count(r.out, ">copy engine, fifo<"), 2);
    CU_ASSERT_EQUAL(count(r.out, ">30 SMs<"), 1);
    /* the jobs at 0, 10 and 20 ms: camA 5 segments each (its first CPU step is never
     * preempted), camB 5 each for the jobs at 0 and 20, stats 1: 15 + 10 + 1 */
    CU_ASSERT_EQUAL(count(r.out, "26 segments shown"), 1);
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", ORIN_TS, "--gpu", ORIN_GPU, "--format", "svg", "--horizon",
                           "40ms", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_EQUAL(count(r.out, "class=\"lane\""), 6);
    CU_ASSERT_EQUAL(count(r.out, ">core 0<"), 0);
    CU_ASSERT_EQUAL(count(r.out, ">core 1<"), 1);
    CU_ASSERT_EQUAL(count(r.out, ">core 2<"), 1);
    runcmd_free(&r);
}

/* system-miss.xml (worked in its comment): lo misses in its one job, as analysed (R 9 ms): exit
 * 1 with --fail-on-miss, 0 without; never 3 (no bound exceeded). */
static void test_observed_miss(void)
{
    runcmd_out r = fx_simcmd((char *[]){ "x", MISS_TS, "--gpu", SYS_GPU, "--fail-on-miss", NULL });
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "DEADLINE MISSES: lo 1 of 1 jobs; no response "
                                                  "above its bound"));
    runcmd_free(&r);
    r = fx_simcmd((char *[]){ "x", MISS_TS, "--gpu", SYS_GPU, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
}

/* What is refused: exit 2 with one message, located at the first CPU step (line 9). */
static void test_refused(void)
{
    static const struct { char opt[16], val[16]; const char *why; } cases[] = {
        { "--exec", "dynamic", "rtgpu-simulate --exec dynamic does not simulate whole systems" },
        { "--format", "csv", "rtgpu-simulate --format csv does not trace whole systems yet" },
    };
    for (size_t i = 0; i < 2; i++) {
        char opt[16], val[16];
        memcpy(opt, cases[i].opt, sizeof opt);
        memcpy(val, cases[i].val, sizeof val);
        runcmd_out r = fx_simcmd((char *[]){ "x", MISS_TS, "--gpu", SYS_GPU, opt, val, NULL });
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "system-miss.xml:9: error: task \"hi\" has "
                                                      "a cpu step"));
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, cases[i].why));
        CU_ASSERT_TRUE(r.out && r.out[0] == '\0');
        runcmd_free(&r);
    }
    runcmd_out r = fx_simcmd((char *[]){ "x", KP_TS, "--gpu", KP_GPU, "--exec", "random", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--exec random draws each step's time"));
    runcmd_free(&r);
}

/* A bound broken on purpose: task A (T = D = 10 ns, one CPU step of 4 ns on core 0) simulated
 * over 10 ns (one job, response 4) against an R of 3: syssim_exceeded names A; the text
 * headline says BOUND EXCEEDED, JSON has bound_exceeded true, and the counter-example on
 * standard error names the job, its nominal release, 4 against 3, and the step. */
static void test_counter_example(void)
{
    hol_resource res[1] = { { .kind = HOL_CPU_CORE } };
    hol_task ht[1] = { { .period_ns = 10, .deadline_ns = 10, .first_step = 0, .n_steps = 1 } };
    hol_step hs[1] = { { .resource = 0, .priority = 1, .wcet_ns = 4 } };
    hol_step_result sr[1] = { { .status = HOL_BOUNDED, .response_ns = 3 } };
    hol_task_result tr[1] = { { .status = HOL_BOUNDED, .response_ns = 3 } };
    rt_system sys = { .resources = res, .n_cores = 1, .tasks = ht, .steps = hs, .n_steps = 1,
                      .sys = { res, 1, ht, 1, hs, 1 },
                      .res = { .steps = sr, .tasks = tr } };
    rt_task task = { .name = (char[]){ "A" }, .period_ns = 10, .deadline_ns = 10 };
    rt_taskset ts = { .name = (char[]){ "broken" }, .tasks = &task, .n_tasks = 1 };
    rt_gpu gpu = { .name = (char[]){ "G" } };
    size_t task_part[1] = { SIZE_MAX };
    rt_layout l = { .n_tasks = 1, .task_part = task_part };
    rt_options o;
    rt_options_default(&o);
    sim_options cli;
    sim_options_default(&cli);
    syssim_options so;
    syssim_options_default(&so);
    so.horizon_ns = 10;
    syssim_result r;
    CU_ASSERT_EQUAL_FATAL(syssim_run(&sys.sys, &so, &r), SYSSIM_OK);
    syssim_report rep = { .ts = &ts, .gpu = &gpu, .l = &l, .sys = &sys, .o = &o, .cli = &cli,
                          .so = &so, .exec_name = "wcet", .tool_version = "t" };
    rep.exceeded = syssim_exceeded(&r, (const int64_t[]){ 3 }, &rep.exceeded_task);
    CU_ASSERT_TRUE(rep.exceeded);
    CU_ASSERT_EQUAL(rep.exceeded_task, 0);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    syssim_report_violation(&rep, &r, f);
    CU_ASSERT_EQUAL(syssim_report_text(&rep, &r, f), 0);
    CU_ASSERT_EQUAL(syssim_report_json(&rep, &r, f), 0);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "rtgpu-simulate: DEFECT: task \"A\" job 0 (nominal "
                                       "release at 0 ns) completed its last step 4 ns after its "
                                       "nominal release, above the analysed end-to-end bound R "
                                       "= 3 ns\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "    step 1 (cpu, core 0): 4 against 3\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "NO DEADLINE MISS; BOUND EXCEEDED (1 jobs simulated"));
    CU_ASSERT_PTR_NOT_NULL(strstr(buf, "\"bound_exceeded\":true"));
    free(buf);
    syssim_result_fini(&r);
}

void test_syssim_cli_register(void)
{
    CU_pSuite s = CU_add_suite("syssim_cli", NULL, NULL);
    CU_add_test(s, "inference-server: every observed figure, worked by hand",
                test_inference_server);
    CU_add_test(s, "orin-system-pipeline over 100 ms, worked by hand", test_orin_pipeline);
    CU_add_test(s, "8192 cores: the same figures; 8193 refused", test_cores_bound);
    CU_add_test(s, "kernel-preemption with --gpu-preemption kernel, worked by hand",
                test_kernel_preemption);
    CU_add_test(s, "--exec random: seeded, within the bounds", test_exec_random);
    CU_add_test(s, "--release random: seeded jitters within [0, J]", test_release_random);
    CU_add_test(s, "the Gantt chart: a lane per used core and engine", test_gantt_lanes);
    CU_add_test(s, "an observed miss: exit 1 with --fail-on-miss", test_observed_miss);
    CU_add_test(s, "--exec dynamic, --format csv, random on GPU steps: refused", test_refused);
    CU_add_test(s, "a bound broken on purpose: the counter-example", test_counter_example);
}
