/* Whole systems (task sets with CPU or copy steps, docs/system.md) through the commands: what
 * cannot take them refuses them with exit 2 and a message located at the first CPU or copy step,
 * naming what is refused and what to do (docs/system.md sec. 5); nothing is written on a refusal.
 * rtgpu-analyze with given partitions analyses them end to end.
 * tests/data/good/system.xml: line 6 is the <cpu> step of task "detector", its first step. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "runcmd.h"

void test_system_cli_register(void);

#define SYS_TS "tests/data/good/system.xml"
#define SYS_GPU "tests/data/good/system-gpu.xml"
#define SYS_AT "tests/data/good/system.xml:6: error: task \"detector\" has a cpu step, which " \
               "makes the task set a whole system (docs/system.md): "

/* tool (NULL: rtgpu-analyze) on argv exits 2, prints nothing on stdout, and says at, then why. */
static void expect_refused(const char *tool, char *const argv[], const char *at, const char *why)
{
    runcmd_out r = runcmd_tool(tool, argv, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.err);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "SCHEDULABLE") == NULL);
    const char *m = strstr(r.err, at);
    CU_ASSERT_PTR_NOT_NULL(m);
    CU_ASSERT_PTR_NOT_NULL(m && strstr(m + strlen(at), why) == m + strlen(at));
    if (!m || strstr(m + strlen(at), why) != m + strlen(at))
        fprintf(stderr, "\n  stderr: %s\n", r.err);
    runcmd_free(&r);
}

static void test_system_explore(void)
{
    expect_refused("rtgpu-explore", (char *[]){ "x", "sweep", "tests/data/explore/bad-system.xml",
                                                NULL },
                   "tests/data/explore/../good/system.xml:6: error: task \"detector\" has a cpu "
                   "step, which makes the task set a whole system (docs/system.md): ",
                   "rtgpu-explore does not explore whole systems yet");
    expect_refused("rtgpu-explore", (char *[]){ "x", "split", SYS_TS, "--gpu", SYS_GPU, "--pair",
                                                "DET_BACKBONE,DET_HEAD", NULL },
                   SYS_AT, "rtgpu-explore split does not take whole systems yet");
}

/* The search takes whole systems whose tasks have one GPU step each (docs/assignment.md sec.
 * 13): system-nopart.xml (no partitions, so the default) is searched. Its one task "pre" copies
 * 1000 bytes on h2d (8 us + ceil(1000 / 25) ns = 8.04 us) then runs K (1 ms on the whole 30-SM
 * GPU, margin 0.2): about 30 / n x 1.2 ms on n SMs, 12 ms on 3 SMs (above T = D = 10 ms: the
 * partition's utilisation passes 1) and 9.000432 ms on 4 by the model, so R = 9.008472 ms <= 10
 * ms and 4 SMs is the fewest. system.xml's detector has two GPU steps: refused, located at its
 * first CPU step, with the reason. */
static void test_system_search(void)
{
    char *argv[] = { "x", "tests/data/cli/system-nopart.xml", "--gpu", SYS_GPU, NULL };
    runcmd_out r = runcmd_tool(NULL, argv, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "Assignment: search (min-sms): optimal, 4 SMs "
                                                  "used"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "9.008472 ms"));
    runcmd_free(&r);
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--assign", "search", NULL },
                   SYS_AT, "the partition search does not take a task with several GPU steps");
    expect_refused(NULL, (char *[]){ "x", "tests/data/cli/system-nopart.xml", "--gpu", SYS_GPU,
                                     "--gpu-preemption", "kernel", NULL },
                   "tests/data/cli/system-nopart.xml:7: error: task \"pre\" has a copy step",
                   ", which makes the task set a whole system (docs/system.md): the partition "
                   "search does not take --gpu-preemption kernel");
}

/* Refused for good, with the reason (docs/system.md sec. 2 and 5). */
static void test_system_permanent(void)
{
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--priorities", "audsley",
                                     NULL },
                   SYS_AT, "--priorities audsley is for task sets of GPU steps only: Audsley's "
                           "algorithm is not optimal under the holistic analysis of flows");
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--windows", "synchronous",
                                     NULL },
                   SYS_AT, "--windows synchronous assumes every partition starts at 0");
}

static void test_system_outputs(void)
{
    /* --sensitivity takes whole systems (its figures: tests/test_syssens.c): a step table */
    runcmd_out sr = runcmd_tool(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--sensitivity",
                                                  NULL }, 60);
    CU_ASSERT_EQUAL(sr.status, 0);
    CU_ASSERT_PTR_NOT_NULL(sr.out && strstr(sr.out, "WCET headroom of each step"));
    CU_ASSERT_PTR_NOT_NULL(sr.out && strstr(sr.out, "Scaling factor of every step's WCET"));
    runcmd_free(&sr);
    char parts[] = "build/test-system-cli-parts.json", ts[] = "build/test-system-cli-ts.xml";
    unlink(parts);
    unlink(ts);
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-partitions", "json",
                                     "-O", parts, "--emit-taskset", ts, NULL },
                   SYS_AT, "--emit-taskset does not take whole systems yet: the task set it "
                           "writes would lose the CPU and copy steps");
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--check-measurements",
                                     "tests/data/meas/system-kernels.csv", NULL },
                   SYS_AT, "--check-measurements does not take whole systems yet");
    CU_ASSERT_NOT_EQUAL(access(parts, F_OK), 0);
    CU_ASSERT_NOT_EQUAL(access(ts, F_OK), 0);
}

/* rtgpu-analyze with the given partition analyses system.xml end to end (docs/system.md sec. 3),
 * worked by hand (ns; T = 33.333 ms for detector, whose J = 1 ms):
 *   1 cpu core 1, prio 2, C 2.5 ms, Cb 1.8 ms, alone above step 5:  rho = J + C = 3.5 ms,
 *     R1 = 3.5 ms, Rb1 = 1.8 ms
 *   2 copy h2d (fifo, alone), C = 8 us + ceil(6220800 / 25) = 256832, Cb 0.2 ms: O = 1.8 ms,
 *     J = 3.5 - 1.8 = 1.7 ms, rho = J + C, R2 = 1.8 ms + 1.7 ms + 256832 = 3756832, Rb2 = 2 ms
 *   3 gpu P0, prio 2: launches 2 ms and 0.5 ms with margin 0.2, alone on the GPU: C = 3 ms,
 *     Cb 1.25 ms; blocked by step 6 (lower priority, 0.6 ms) on P0: O = 2 ms,
 *     J = 3756832 - 2000000 = 1756832, rho = J + B + C = 5356832, R3 = 7356832, Rb3 = 3.25 ms
 *   4 copy d2h (priority), prio 1, C = 1 us + ceil(100 / 3) = 1034, blocked by logger's copy
 *     (20 us): O = 3.25 ms, J = 7356832 - 3250000 = 4106832, rho = J + 20000 + 1034,
 *     R4 = 3250000 + 4127866 = 7377866, Rb4 = 3.25 ms
 *   5 cpu core 1, prio 3, C 0.8 ms, step 1 above it (one job): O = 3.25 ms,
 *     J = 7377866 - 3250000 = 4127866, rho = J + 0.8 ms + 2.5 ms = 7427866, R5 = 10677866
 *   6 gpu P0, prio 4, C 0.6 ms, step 3 above it (one job, non-preemptive): O = 3.25 ms,
 *     J = 10677866 - 3250000 = 7427866, rho = J + 3 ms + 0.6 ms = 11027866,
 *     R6 = 3250000 + 11027866 = 14277866 = R of detector, within D = 60 ms.
 * logger (CPU task, no partition): core 3 alone: R = 1 ms (Rb 0); its d2h copy (prio 5, 20 us)
 * with J = 1 ms and detector's copy above it once: R = 1 ms + 1034 + 20 us = 1021034. */
static void test_system_analyse(void)
{
    runcmd_out r = runcmd((char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--format", "json", NULL },
                          60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *tasks = json_object_get(j, "tasks");
    CU_ASSERT_EQUAL_FATAL(json_array_size(tasks), 2);
    json_t *det = json_array_get(tasks, 0), *log = json_array_get(tasks, 1);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(det, "wcrt_ns")), 14277866);
    CU_ASSERT_TRUE(json_is_true(json_object_get(det, "schedulable")));
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(det, "partition")), "P0");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(log, "wcrt_ns")), 1021034);
    CU_ASSERT_TRUE(json_is_null(json_object_get(log, "partition")));
    /* C, B, t and Q belong to the steps of a flow */
    CU_ASSERT_TRUE(json_is_null(json_object_get(det, "wcet_ns")));
    CU_ASSERT_TRUE(json_is_null(json_object_get(det, "blocking_ns")));
    /* the flow, step by step (the figures above) */
    static const struct { const char *kind, *res; json_int_t c, o, j, rho, r; } want[6] = {
        { "cpu", "core 1", 2500000, 0, 1000000, 3500000, 3500000 },
        { "copy", "h2d", 256832, 1800000, 1700000, 1956832, 3756832 },
        { "gpu", "P0", 3000000, 2000000, 1756832, 5356832, 7356832 },
        { "copy", "d2h", 1034, 3250000, 4106832, 4127866, 7377866 },
        { "cpu", "core 1", 800000, 3250000, 4127866, 7427866, 10677866 },
        { "gpu", "P0", 600000, 3250000, 7427866, 11027866, 14277866 },
    };
    json_t *steps = json_object_get(det, "steps");
    CU_ASSERT_EQUAL_FATAL(json_array_size(steps), 6);
    for (size_t k = 0; k < 6; k++) {
        json_t *s = json_array_get(steps, k);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(s, "kind")), want[k].kind);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(s, "resource")), want[k].res);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(s, "wcet_ns")), want[k].c);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(s, "offset_ns")), want[k].o);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(s, "jitter_ns")), want[k].j);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(s, "local_response_ns")), want[k].rho);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(s, "response_ns")), want[k].r);
    }
    /* the GPU step's launches: 2.4 ms and 0.6 ms (margin 0.2), bcet 1 ms and 0.25 ms */
    json_t *l = json_object_get(json_array_get(steps, 2), "launches");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(l, 0), "wcet_ns")), 2400000);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(l, 1), "bcet_ns")), 250000);
    CU_ASSERT_TRUE(json_is_null(json_object_get(json_array_get(steps, 0), "launches")));
    /* resources: cores 0-3, engines h2d, d2h, pcie, partition P0; core 1 serves steps 1 and 5:
     * 2.5 / 33.333 + 0.8 / 33.333 = 3.3 / 33.333 */
    json_t *res = json_object_get(j, "resources");
    CU_ASSERT_EQUAL_FATAL(json_array_size(res), 8);
    json_t *c1 = json_array_get(res, 1), *d2h = json_array_get(res, 5);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c1, "name")), "core 1");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c1, "policy")), "preemptive-fp");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(c1, "steps")), 2);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(c1, "utilisation")), 3.3 / 33.333,
                           1e-12);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(d2h, "policy")), "np-fp");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_array_get(res, 4), "policy")),
                           "fifo");
    json_t *opt = json_object_get(j, "options");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(opt, "flow_analysis")), "holistic");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(opt, "gpu_preemption")), "job");
    json_decref(j);
    runcmd_free(&r);
    /* text: the CPU task apart, detector's last step R6 in its flow */
    r = runcmd((char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\nCPU tasks (no partition):\n"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "3.25 ms   7.427866 ms  11.027866 ms  "
                                                  "14.277866 ms\n"));
    runcmd_free(&r);
    r = runcmd((char *[]){ "x", "--validate-only", SYS_TS, "--gpu", SYS_GPU, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
}

/* A run's bcet above its launch WCET (2.5 ms > 2.4 ms), and step priorities beside
 * deadline-monotonic ranks: refused, located. */
static void test_system_refused_inputs(void)
{
    expect_refused(NULL, (char *[]){ "x", "tests/data/cli/system-bcet.xml", "--gpu", SYS_GPU,
                                     NULL },
                   "tests/data/cli/system-bcet.xml:9: error: task \"detector\": ",
                   "the bcet 2.5 ms of this run of kernel \"DET_BACKBONE\" exceeds its WCET "
                   "2.4 ms on partition \"P0\"");
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--priorities", "dm", NULL },
                   "tests/data/good/system.xml:10: error: task \"detector\": ",
                   "a copy step gives its own priority, but the tasks' priorities are "
                   "deadline-monotonic ranks (--priorities dm)");
}

/* examples/tasksets/inference-server.xml, camA worked by hand in its comment: R1 = 1.6 ms (its
 * own post-processing interferes once on core 0), R3 = 1770528 + 6 ms + 2.4 ms = 10170528,
 * R5 = 10192196 + 1.3 ms = 11492196 <= 12 ms; stats, the CPU task, has no partition. */
static void test_inference_server_example(void)
{
    runcmd_out r = runcmd((char *[]){ "x", "examples/tasksets/inference-server.xml", "--gpu",
                                      "examples/gpus/rtx2060-server.xml", "--format", "json",
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *tasks = json_object_get(j, "tasks");
    json_t *a = json_array_get(tasks, 0), *steps = json_object_get(a, "steps");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "wcrt_ns")), 11492196);
    static const json_int_t want_r[5] = { 1600000, 1770528, 10170528, 10192196, 11492196 };
    CU_ASSERT_EQUAL_FATAL(json_array_size(steps), 5);
    for (size_t k = 0; k < 5; k++)
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(steps, k),
                                                           "response_ns")), want_r[k]);
    CU_ASSERT_TRUE(json_is_null(json_object_get(json_array_get(tasks, 2), "partition")));
    json_decref(j);
    runcmd_free(&r);
}

/* rtgpu-analyze ts --gpu gpu --format json --gpu-preemption job (kernel false) or kernel, and
 * --margin margin unless NULL: exits status and gives the two tasks the WCRTs want[0] and want[1].
 * Returns the report (the caller json_decrefs it); one that does not parse stops the test. */
static json_t *analyse_preemption(char *ts, char *gpu, char *margin, bool kernel, int status,
                                  const json_int_t want[2])
{
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", gpu, "--format", "json",
                                      "--gpu-preemption", kernel ? "kernel" : "job",
                                      margin ? "--margin" : NULL, margin, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, status);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    runcmd_free(&r);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *tasks = json_object_get(j, "tasks");
    for (size_t i = 0; i < 2; i++)
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_array_get(tasks, i), "wcrt_ns")),
                        want[i]);
    return j;
}

/* examples/tasksets/kernel-preemption.xml (worked by hand in its comment, margin 0.2: launches
 * of 6 ms): job mode R_H = 18 ms > 13 ms (exit 1), R_L = 18 ms; kernel mode R_H = 12 ms,
 * R_L = 36 ms (exit 0). */
static void test_kernel_preemption_example(void)
{
    static const json_int_t want[2][2] = { { 18000000, 18000000 }, { 12000000, 36000000 } };
    for (int kernel = 0; kernel < 2; kernel++)
        json_decref(analyse_preemption("examples/tasksets/kernel-preemption.xml",
                                       "examples/gpus/rtx2060.xml", NULL, kernel, kernel ? 0 : 1,
                                       want[kernel]));
}

/* examples/tasksets/kernel-preemption-cost.xml (worked by hand in its comment, margin 0.2:
 * launches of 6 ms): job mode R_H = 18 ms, R_L = 18 ms, both within 20 ms (exit 0); kernel mode
 * R_H = 12 ms but the preempted L takes R_L = 24 ms > 20 ms (exit 1). */
static void test_kernel_preemption_cost_example(void)
{
    static const json_int_t want[2][2] = { { 18000000, 18000000 }, { 12000000, 24000000 } };
    for (int kernel = 0; kernel < 2; kernel++)
        json_decref(analyse_preemption("examples/tasksets/kernel-preemption-cost.xml",
                                       "examples/gpus/rtx2060.xml", NULL, kernel, kernel ? 1 : 0,
                                       want[kernel]));
}

/* --gpu-preemption kernel on tests/data/cli/kernel-preempt.xml (worked by hand in its comment,
 * margin 0): job mode R_H = 15 us > D_H = 12 us (exit 1), R_L = 15 us; kernel mode R_H = 10 us,
 * R_L = 20 us (exit 0). Refused with the partition search. */
static void test_kernel_preemption(void)
{
    static const json_int_t want[2][2] = { { 15000, 15000 }, { 10000, 20000 } };
    for (int kernel = 0; kernel < 2; kernel++) {
        json_t *j = analyse_preemption("tests/data/cli/kernel-preempt.xml",
                                       "tests/data/sim/gpu-1ghz.xml", "0", kernel, kernel ? 0 : 1,
                                       want[kernel]);
        json_t *tasks = json_object_get(j, "tasks");
        /* job mode keeps the GPU-only analysis: no flows; kernel mode: the holistic one */
        json_t *opt = json_object_get(j, "options"), *res = json_object_get(j, "resources");
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(opt, "gpu_preemption")),
                               kernel ? "kernel" : "job");
        CU_ASSERT_EQUAL(json_is_null(json_object_get(opt, "flow_analysis")), !kernel);
        CU_ASSERT_EQUAL(json_is_null(res), !kernel);
        CU_ASSERT_EQUAL(json_is_null(json_object_get(json_array_get(tasks, 0), "steps")), !kernel);
        if (kernel)
            CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(json_array_get(res, 0),
                                                                     "policy")),
                                   "deferred-preemption");
        json_decref(j);
    }
    expect_refused(NULL, (char *[]){ "x", "tests/data/cli/kernel-preempt.xml", "--gpu",
                                     "tests/data/sim/gpu-1ghz.xml", "--gpu-preemption", "kernel",
                                     "--assign", "search", NULL },
                   "rtgpu-analyze: error: --gpu-preemption kernel is analysed by the holistic "
                   "analysis of whole systems (docs/system.md sec. 4): ",
                   "the partition search does not take --gpu-preemption kernel");
}

void test_system_cli_register(void)
{
    CU_pSuite s = CU_add_suite("system_cli", NULL, NULL);
    CU_add_test(s, "rtgpu-explore sweep and split refuse a whole system", test_system_explore);
    CU_add_test(s, "the partition search refuses a whole system", test_system_search);
    CU_add_test(s, "--priorities audsley and --windows synchronous: refused for good",
                test_system_permanent);
    CU_add_test(s, "--sensitivity, --emit-taskset, --check-measurements: refused, nothing written",
                test_system_outputs);
    CU_add_test(s, "rtgpu-analyze: system.xml end to end, worked by hand", test_system_analyse);
    CU_add_test(s, "bcet above a launch WCET, step priorities under dm: refused",
                test_system_refused_inputs);
    CU_add_test(s, "--gpu-preemption kernel: a miss turned into a pass, worked by hand",
                test_kernel_preemption);
    CU_add_test(s, "examples/tasksets/kernel-preemption.xml: job misses, kernel passes",
                test_kernel_preemption_example);
    CU_add_test(s, "examples/tasksets/kernel-preemption-cost.xml: job passes, kernel misses",
                test_kernel_preemption_cost_example);
    CU_add_test(s, "examples/tasksets/inference-server.xml: camA end to end, worked by hand",
                test_inference_server_example);
}
