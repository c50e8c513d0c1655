/* rtgpu-analyze's outputs for deploying and cross-checking a whole system (docs/system.md sec. 6):
 * --emit-launch (taskset/chrt/nvtaskset lines), --emit-mast (a MAST 1.7 model), and
 * --emit-partitions on a whole system. Every expected line is derived by hand in the comments. */
#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runcmd.h"

void test_sysemit_cli_register(void);

#define SYS_TS "tests/data/good/system.xml"
#define SYS_GPU "tests/data/good/system-gpu.xml"

static void assert_line(const char *text, const char *line)
{
    bool ok = text && runcmd_has_line(text, line);
    CU_ASSERT_TRUE(ok);
    if (!ok)
        fprintf(stderr, "\n  missing line: %s\n", line);
}

/* tests/data/good/system.xml on system-gpu.xml (30 SMs, no TPC grouping given: 1 SM per TPC).
 * CPU steps: detector's step 1 (core 1, the task's priority 2) and step 5 (core 1, its own
 * priority 3), logger's step 1 (core 3, priority 5). Three distinct numbers {2, 3, 5}, ranked
 * from 98 down: 2 -> 98, 3 -> 97, 5 -> 96. detector is on partition P0 (SMs 0-29 = TPCs 0-29):
 * nvtaskset -t 0-29 on both its lines; logger is a CPU task (no partition), so no nvtaskset, and
 * --emit-partitions leaves it out of P0's line. */
static void test_launch_system(void)
{
    char launch[] = "build/test-sysemit.launch", parts[] = "build/test-sysemit.nvtaskset";
    unlink(launch);
    unlink(parts);
    runcmd_out r = runcmd((char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-launch", launch,
                                      "--emit-partitions", "nvtaskset", "-O", parts, "-q", NULL },
                          60);
    CU_ASSERT_EQUAL(r.status, 0);
    char *l = runcmd_read_file(launch), *p = runcmd_read_file(parts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    assert_line(l, "taskset -c 1 chrt -f 98 nvtaskset -t 0-29 -- detector  # task \"detector\", "
                   "step 1: core 1, priority 2; partition \"P0\": SMs 0-29");
    assert_line(l, "taskset -c 1 chrt -f 97 nvtaskset -t 0-29 -- detector  # task \"detector\", "
                   "step 5: core 1, priority 3; partition \"P0\": SMs 0-29");
    assert_line(l, "taskset -c 3 chrt -f 96 logger  # task \"logger\", step 1: core 3, "
                   "priority 5");
    CU_ASSERT_PTR_NOT_NULL(strstr(l, "The 3 distinct priority numbers of the CPU steps"));
    assert_line(p, "nvtaskset -t 0-29 COMMAND  # partition \"P0\": SMs 0-29; task \"detector\"");
    free(l);
    free(p);
    runcmd_free(&r);
}

/* A task set of GPU steps only (tests/data/cli/kernel-preempt.xml: H and L on P0, 4 SMs of a
 * 4-SM GPU): one line per task under chrt -o 0, no taskset and no chrt -f (no CPU step),
 * nvtaskset -t 0-3 and -- before the name. */
static void test_launch_gpu_only(void)
{
    char launch[] = "build/test-sysemit-gpu.launch";
    unlink(launch);
    runcmd_out r = runcmd((char *[]){ "x", "tests/data/cli/kernel-preempt.xml", "--gpu",
                                      "tests/data/sim/gpu-1ghz.xml", "--margin", "0",
                                      "--emit-launch", launch, "-q", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 1);    /* H misses in job mode (docs/system.md sec. 4) */
    char *l = runcmd_read_file(launch);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    assert_line(l, "chrt -o 0 nvtaskset -t 0-3 -- H  # task \"H\": no CPU step; partition \"P0\": SMs 0-3");
    assert_line(l, "chrt -o 0 nvtaskset -t 0-3 -- L  # task \"L\": no CPU step; partition \"P0\": SMs 0-3");
    CU_ASSERT_PTR_NULL(strstr(l, "\ntaskset "));
    free(l);
    runcmd_free(&r);
}

/* tests/data/cli/system-99-levels.xml: CPU tasks c1 .. c99 with priorities 1 .. 99, one more
 * level than SCHED_FIFO's 98: exit 2, nothing written. With c99 at priority 98 too, 98 levels:
 * c1 -> 98, c2 -> 97, ..., c98 and c99 (both 98) -> 98 - 97 = 1. */
static void test_launch_levels(void)
{
    char launch[] = "build/test-sysemit-levels.launch", ts98[] = "build/test-sysemit-98.xml";
    unlink(launch);
    runcmd_assert_refused(NULL, (char *[]){ "x", "tests/data/cli/system-99-levels.xml", "--gpu",
                                            SYS_GPU, "--emit-launch", launch, NULL },
                          "tests/data/cli/system-99-levels.xml", launch,
                          "rtgpu-analyze: error: --emit-launch: the CPU steps have 99 distinct "
                          "priority numbers, more than the 98 SCHED_FIFO levels (98 down to 1) "
                          "the launch lines rank them into; nothing written");
    char *src = runcmd_read_file("tests/data/cli/system-99-levels.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    char *at = strstr(src, "name=\"c99\" period=\"1s\" priority=\"99\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    memcpy(strstr(at, "\"99\"><cpu"), "\"98\"", 4);
    runcmd_write_file(ts98, src);
    free(src);
    runcmd_out r = runcmd((char *[]){ "x", ts98, "--gpu", SYS_GPU, "--emit-launch", launch, "-q",
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    char *l = runcmd_read_file(launch);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    assert_line(l, "taskset -c 0 chrt -f 98 c1  # task \"c1\", step 1: core 0, priority 1");
    assert_line(l, "taskset -c 0 chrt -f 97 c2  # task \"c2\", step 1: core 0, priority 2");
    assert_line(l, "taskset -c 0 chrt -f 1 c98  # task \"c98\", step 1: core 0, priority 98");
    assert_line(l, "taskset -c 0 chrt -f 1 c99  # task \"c99\", step 1: core 0, priority 98");
    assert_line(l, "chrt -o 0 nvtaskset -t 0-29 -- g  # task \"g\": no CPU step; partition \"P0\": SMs 0-29");
    free(l);
    runcmd_free(&r);
    unlink(ts98);
}

/* The MAST model of system.xml against tests/data/cli/system.mast, compared from its "-- Time
 * unit" line (the lines above name the tool's version and the inputs' SHA-256). Its numbers, by
 * hand (ns; the figures of tests/test_system_cli.c's test_system_analyse):
 *   processors: only the resources that serve a step: core 1, core 3, h2d (fifo), d2h, P0.
 *   priorities: the numbers of the steps not on a fifo engine are {2, 2, 1, 3, 4} (detector's
 *     steps 1, 3, 4, 5, 6) and {5, 5} (logger's): five levels, 1 -> 5, 2 -> 4, 3 -> 3, 4 -> 2,
 *     5 -> 1; detector's h2d copy (fifo) -> 1. Every scheduler: Max_Priority 5, Min_Priority 1.
 *   detector: T = 33.333 ms = 33333000, J = 1 ms = 1000000, D = 60 ms = 60000000;
 *     step 1 cpu core 1: C 2.5 ms = 2500000, Cb 1.8 ms = 1800000, preemptive, priority 4;
 *     step 2 copy h2d: C = 8 us + ceil(6220800 B / 25 B/ns) = 8000 + 248832 = 256832, Cb 200 us
 *       = 200000, non-preemptible, priority 1;
 *     step 3 gpu P0: C = 2.4 ms + 0.6 ms (launches 2 ms and 0.5 ms with margin 0.2) = 3000000,
 *       Cb = 1 ms + 0.25 ms = 1250000, non-preemptible, priority 4;
 *     step 4 copy d2h: C = 1 us + ceil(100 B / 3 B/ns) = 1000 + 34 = 1034, Cb 0, priority 5;
 *     step 5 cpu core 1: C 0.8 ms = 800000, Cb 0, preemptive, priority 3;
 *     step 6 gpu P0: C = 0.6 ms = 600000 (DET_HEAD, margin 0.2), Cb 0, priority 2;
 *     rtgpu's R = 14277866 (test_system_analyse).
 *   logger: T = D = 100 ms = 100000000, J 0; step 1 cpu core 3: C 1 ms = 1000000, Cb 0,
 *     priority 1; step 2 copy d2h: C 20 us = 20000 (given time), Cb 0, priority 1; R = 1021034.
 * MAST 1.7 (mast_analysis holistic, built from github: istr-uc/MAST) reads this file as is and
 * gives detector 10407866 and logger 1021034 (docs/system.md sec. 3.4). */
static void test_mast_golden(void)
{
    char mast[] = "build/test-sysemit.mast";
    unlink(mast);
    runcmd_out r = runcmd((char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-mast", mast, "-q",
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    char *got = runcmd_read_file(mast), *want = runcmd_read_file("tests/data/cli/system.mast");
    CU_ASSERT_PTR_NOT_NULL_FATAL(got);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    const char *from = "-- Time unit: 1 ns.";
    char *g = strstr(got, from), *w = strstr(want, from);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_PTR_NOT_NULL_FATAL(w);
    CU_ASSERT_STRING_EQUAL(g, w);
    CU_ASSERT_PTR_NOT_NULL(strstr(got, "-- MAST 1.7 model of the analysed whole system, written "
                                       "by rtgpu-analyze "));
    free(got);
    free(want);
    runcmd_free(&r);
}

/* What a MAST model cannot state is refused before anything runs (exit 2, nothing written). */
static void test_mast_refused(void)
{
    char mast[] = "build/test-sysemit-refused.mast";
    unlink(mast);
    runcmd_assert_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-mast", mast,
                                            "--gpu-preemption", "kernel", NULL },
                          SYS_TS, mast,
                          "rtgpu-analyze: error: --emit-mast with --gpu-preemption kernel: MAST "
                          "1.7 has no preemption at kernel boundaries inside a step");
    runcmd_assert_refused(NULL, (char *[]){ "x", "tests/data/cli/kernel-preempt.xml", "--gpu",
                                            "tests/data/sim/gpu-1ghz.xml", "--emit-mast", mast,
                                            "--windows", "synchronous", NULL },
                          "tests/data/cli/kernel-preempt.xml", mast,
                          "rtgpu-analyze: error: --emit-mast with --windows synchronous");
    runcmd_assert_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-mast", SYS_TS,
                                            NULL },
                          SYS_TS, mast, "--emit-mast");
}

/* MAST reads times as real numbers, exact up to 2^53 = 9007199254740992 ns: logger's period of
 * 2^53 + 1 ns (tests/data/cli/system-mast-2p53.xml, line 15) is refused, nothing written; at
 * 2^53 exactly the model is written with that period. --emit-mast given twice is refused. */
static void test_mast_exact(void)
{
    char mast[] = "build/test-sysemit-2p53.mast", ts[] = "build/test-sysemit-2p53.xml";
    unlink(mast);
    runcmd_assert_refused(NULL, (char *[]){ "x", "tests/data/cli/system-mast-2p53.xml", "--gpu",
                                            SYS_GPU, "--emit-mast", mast, NULL },
                          "tests/data/cli/system-mast-2p53.xml", mast,
                          "tests/data/cli/system-mast-2p53.xml:15: error: task \"logger\": "
                          "period is 9007199254740993 ns, above 2^53 ns (104 days)");
    char *src = runcmd_read_file("tests/data/cli/system-mast-2p53.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(src);
    char *at = strstr(src, "9007199254740993ns");
    CU_ASSERT_PTR_NOT_NULL_FATAL(at);
    at[15] = '2';
    runcmd_write_file(ts, src);
    free(src);
    runcmd_out r = runcmd((char *[]){ "x", ts, "--gpu", SYS_GPU, "--emit-mast", mast, "-q",
                                      NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    char *m = runcmd_read_file(mast);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    assert_line(m, "          Period     => 9007199254740992.0,");
    free(m);
    runcmd_free(&r);
    unlink(ts);
    unlink(mast);
    runcmd_assert_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-mast", mast,
                                            "--emit-mast", "build/test-sysemit-b.mast", NULL },
                          SYS_TS, mast,
                          "rtgpu-analyze: error: --emit-mast given twice (\"build/test-sysemit-"
                          "2p53.mast\", then \"build/test-sysemit-b.mast\"): name one file");
    CU_ASSERT_EQUAL(access("build/test-sysemit-b.mast", F_OK), -1);
}

void test_sysemit_cli_register(void)
{
    CU_pSuite s = CU_add_suite("sysemit_cli", NULL, NULL);
    CU_add_test(s, "--emit-launch and --emit-partitions on system.xml, by hand",
                test_launch_system);
    CU_add_test(s, "--emit-launch on GPU steps only: nvtaskset lines", test_launch_gpu_only);
    CU_add_test(s, "--emit-launch: 99 levels refused, 98 ranked down to 1", test_launch_levels);
    CU_add_test(s, "--emit-mast: system.xml against its golden model", test_mast_golden);
    CU_add_test(s, "--emit-mast: kernel preemption, synchronous windows, an input: refused",
                test_mast_refused);
    CU_add_test(s, "--emit-mast: times up to 2^53 ns written, above refused; given twice refused",
                test_mast_exact);
}
