/* The evidence report of a whole system and of a task set of GPU steps alone (docs/evidence.md
 * sec. 2): the interference-channel register with the status of every row, the configuration
 * record, and derivation figures of tests/data/good/system.xml worked by hand
 * (tests/test_system_cli.c works the whole flow of its task "detector"). */
#include <CUnit/CUnit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runcmd.h"

void test_system_html_register(void);

#define SYS_TS "tests/data/good/system.xml"
#define SYS_GPU "tests/data/good/system-gpu.xml"

/* The text of the last cell of the register row whose first cell is channel, into buf; "" when
 * there is no such row. */
static const char *row_status(const char *html, const char *channel, char *buf, size_t size)
{
    char key[200];
    snprintf(key, sizeof key, "<tr><td class=\"l\">%s</td>", channel);
    buf[0] = '\0';
    const char *row = html ? strstr(html, key) : NULL;
    const char *end = row ? strstr(row, "</td></tr>") : NULL;
    if (!end)
        return buf;
    const char *cell = end;
    while (cell > row && strncmp(cell, "<td class=\"l\">", 14) != 0)
        cell--;
    size_t n = (size_t)(end - cell - 14);
    if (n >= size)
        n = size - 1;
    memcpy(buf, cell + 14, n);
    buf[n] = '\0';
    return buf;
}

/* The register of html, row by row: want[c] the status of channel c in the report's order. */
static void expect_register(const char *html, const char *const want[9])
{
    static const char *const channel[9] = {
        "SMs / TPCs between partitions", "L2 cache and DRAM bandwidth between partitions",
        "Dispatch within a partition", "Copy engines", "CPU cores",
        "CPU and copy traffic on DRAM against kernels", "Driver and launch path",
        "Host interrupts and operating system", "Other accelerators (DLA, video engines)",
    };
    char got[200];
    for (int c = 0; c < 9; c++) {
        row_status(html, channel[c], got, sizeof got);
        CU_ASSERT_STRING_EQUAL(got, want[c]);
        if (strcmp(got, want[c]) != 0)
            fprintf(stderr, "\n  %s: \"%s\", expected \"%s\"\n", channel[c], got, want[c]);
    }
}

static void expect_has(const char *html, const char *s)
{
    CU_ASSERT_PTR_NOT_NULL(html && strstr(html, s));
    if (!html || !strstr(html, s))
        fprintf(stderr, "\n  not in the report: %s\n", s);
}

#define NM "not modelled: stated assumption"

/* system.xml: 3 CPU steps on cores 1 and 3, 3 copies on h2d and d2h (d2h twice), one partition
 * P0 of all 30 SMs with granularity 1: TPCs 0-29, libsmctrl disable mask = every bit but 0-29 =
 * 0xffffffffc0000000. Step priorities: detector's CPU steps 2 and 3 (its own), logger's 5; its
 * GPU steps 2 (step 3) and 4 (step 6); the d2h copies 1 and 5, the h2d one fifo. Derivations
 * (ns, T = 33333000), as in tests/test_system_cli.c:
 *   step 2 (h2d): O = Rb1 = 0 + 1800000, J = R1 - Rb1 = 3500000 - 1800000 = 1700000
 *   step 3 (P0, prio 2): B = step 6's C = 600000 (lower priority);
 *     t = B + ceil((t + J3) / T) C3 = 600000 + 3000000 = 3600000 (one job: J3 = 1756832),
 *     Q = ceil((3600000 + 1756832) / 33333000) = 1, R3 = O + rho = 2000000 + 5356832 = 7356832
 *   step 4 (d2h, np-fp, prio 1): B = logger's copy = 20000
 *   step 5 (core 1, prio 3): R5 = 3250000 + 7427866 = 10677866 */
static void test_system_report(void)
{
    runcmd_out r = runcmd((char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--format", "html", NULL },
                          60);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *h = r.out;
    static const char *const want[9] = { "eliminated", "bounded", "bounded", "bounded", "bounded",
                                         NM, "launch overhead only", NM, NM };
    expect_register(h, want);
    expect_has(h, "3 copy steps on 2 engines");
    expect_has(h, "3 CPU steps on 2 cores");
    /* the configuration record */
    expect_has(h, "<td class=\"l\"><code>0xffffffffc0000000</code></td><td class=\"l\"><code>"
                  "nvtaskset -t 0-29</code></td><td class=\"l\">compute capability not given</td>");
    expect_has(h, "<td class=\"l\">detector</td><td>2 (step 3), 4 (step 6)</td>");
    expect_has(h, "<tr><td class=\"l\">detector</td><td>1</td><td class=\"l\">core 1</td>"
                  "<td class=\"l\">SCHED_FIFO</td><td>2</td></tr>");
    expect_has(h, "<tr><td class=\"l\">detector</td><td>5</td><td class=\"l\">core 1</td>"
                  "<td class=\"l\">SCHED_FIFO</td><td>3</td></tr>");
    expect_has(h, "<tr><td class=\"l\">logger</td><td>1</td><td class=\"l\">core 3</td>"
                  "<td class=\"l\">SCHED_FIFO</td><td>5</td></tr>");
    expect_has(h, "<tr><td class=\"l\">detector</td><td>2</td><td class=\"l\">h2d</td>"
                  "<td class=\"l\">fifo</td><td>not used (fifo)</td></tr>");
    expect_has(h, "<tr><td class=\"l\">logger</td><td>2</td><td class=\"l\">d2h</td>"
                  "<td class=\"l\">np-fp</td><td>5</td></tr>");
    /* the derivations */
    expect_has(h, "O = Rb of step 1 = O + Cb = 0 + 1800000 = 1800000 ns\n"
                  "J = R - Rb of step 1 = 3500000 - 1800000 = 1700000 ns\n");
    expect_has(h, "B = largest C of a lower-priority step = 600000 ns\n"
                  "t = smallest fixpoint of t = B + sum over hep of ceil((t + J_x) / T_x) C_x = "
                  "3600000 ns\nQ = ceil((t + J) / T) = ceil((3600000 + 1756832) / 33333000) = "
                  "1 jobs\n");
    expect_has(h, "R = O + rho = 2000000 + 5356832 = 7356832 ns");
    expect_has(h, "B = largest C of a lower-priority step = 20000 ns\n");
    expect_has(h, "R = O + rho = 3250000 + 7427866 = 10677866 ns");
    expect_has(h, "<h4>detector: T 33.333 ms, D 60 ms, J 1 ms; end to end R 14.277866 ms: "
                  "ok</h4>");
    /* the sensitivity of a whole system: one headroom per step, with its resource and C */
    expect_has(h, "<th>WCET headroom</th></tr>");
    expect_has(h, "<tr><td class=\"l\">detector</td><td>1</td><td class=\"l\">cpu</td>"
                  "<td class=\"l\">core 1</td><td>2.5 ms</td>");
    expect_has(h, "every step's WCET (CPU, copy, every GPU launch) w becomes ceil(a w)");
    runcmd_free(&r);
}

/* A whole system that misses, in HTML: examples/tasksets/kernel-preemption-cost.xml with
 * --gpu-preemption kernel (worked by hand in its header): L misses with R_L = 24 ms against
 * D = 20 ms, so its explanation says R - D = 4 ms end to end, and no step has headroom. */
static void test_system_miss_report(void)
{
    runcmd_out r = runcmd((char *[]){ "x", "examples/tasksets/kernel-preemption-cost.xml", "--gpu",
                                      "examples/gpus/rtx2060.xml", "--gpu-preemption", "kernel",
                                      "--format", "html", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    expect_has(r.out, "<h3>Why L misses its deadline</h3>");
    expect_has(r.out, "<tr><th>R - D, end to end</th><td>4 ms</td></tr>");
    expect_has(r.out, "<td>none (a deadline misses)</td>");
    runcmd_free(&r);
}

/* Task sets of GPU steps alone: the CPU and copy rows "not used", and the configuration record
 * says so too. orin-camera-pipeline.xml: partition camera is SMs 0-3 with g = 2, TPCs 0-1:
 * disable mask ~0b11 = 0xfffffffffffffffc, nvtaskset -t 0-1, 4 SMs legal for green contexts on
 * compute capability 8.7 (at least 4, a multiple of 2). With --interference none the L2 and DRAM
 * row is not modelled. */
static void test_gpu_only_report(void)
{
    for (int none = 0; none < 2; none++) {
        runcmd_out r = runcmd((char *[]){ "x", "examples/tasksets/orin-camera-pipeline.xml",
                                          "--gpu", "examples/gpus/jetson-agx-orin.xml",
                                          "--format", "html", none ? "--interference" : NULL,
                                          "none", NULL }, 60);
        CU_ASSERT_EQUAL(r.status, 0);
        const char *h = r.out;
        const char *const want[9] = { "eliminated", none ? NM : "bounded", "bounded", "not used",
                                      "not used", NM, "launch overhead only", NM, NM };
        expect_register(h, want);
        expect_has(h, "<td class=\"l\">camera</td><td class=\"l\">0-3 (4)</td><td class=\"l\">"
                      "0-1</td><td class=\"l\"><code>0xfffffffffffffffc</code></td>"
                      "<td class=\"l\"><code>nvtaskset -t 0-1</code></td>"
                      "<td class=\"l\">4 SMs</td>");
        expect_has(h, "Not used: no step of the task set runs on a CPU core.");
        expect_has(h, "Not used: no step of the task set copies.");
        expect_has(h, "<h2>8. Interference-channel register</h2>");
        expect_has(h, "<h2>9. Configuration record</h2>");
        runcmd_free(&r);
    }
}

/* --gpu-preemption kernel on kernel-preemption.xml: the holistic analysis of GPU steps alone;
 * dispatch is bounded by deferred preemption, CPU and copies not used. H's derivation (launches of
 * 6 ms, T_H = 8 ms): B = one launch of L = 6 ms; t = B + ceil(t / 8 ms) 6 ms: 6 + 6 = 12,
 * 6 + 12 = 18, 6 + 18 = 24, 6 + ceil(24 / 8) 6 = 24: t = 24 ms, Q = ceil(24 / 8) = 3; the worst
 * job is q = 0: rho = w(0) + F = 6 + 6 = 12 ms. */
static void test_kernel_preemption_report(void)
{
    runcmd_out r = runcmd((char *[]){ "x", "examples/tasksets/kernel-preemption.xml", "--gpu",
                                      "examples/gpus/rtx2060.xml", "--gpu-preemption", "kernel",
                                      "--format", "html", NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    static const char *const want[9] = { "eliminated", "bounded", "bounded", "not used",
                                         "not used", NM, "launch overhead only", NM, NM };
    expect_register(r.out, want);
    expect_has(r.out, "preemption deferred to kernel boundaries");
    expect_has(r.out, "deferred preemption at kernel boundaries (docs/system.md sec. 4), F = "
                      "last launch = 6000000 ns\nB = largest launch of a lower-priority step = "
                      "6000000 ns\n");
    expect_has(r.out, "C_x = 24000000 ns\nQ = ceil((t + J) / T) = ceil((24000000 + 0) / "
                      "8000000) = 3 jobs\n");
    expect_has(r.out, "q T = 12000000 ns, reached at q = 0\n");
    runcmd_free(&r);
}

void test_system_html_register(void)
{
    CU_pSuite s = CU_add_suite("system_html", NULL, NULL);
    CU_add_test(s, "system.xml: register, configuration record, derivations worked by hand",
                test_system_report);
    CU_add_test(s, "a whole system that misses: its explanation end to end", test_system_miss_report);
    CU_add_test(s, "GPU steps alone: CPU and copy rows not used", test_gpu_only_report);
    CU_add_test(s, "--gpu-preemption kernel: the register says deferred preemption",
                test_kernel_preemption_report);
}
