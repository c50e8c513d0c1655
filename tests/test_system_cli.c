/* Whole systems (task sets with CPU or copy steps, docs/system.md) through the commands: what
 * cannot take them refuses them with exit 2 and a message located at the first CPU or copy step,
 * naming what is refused and what to do (docs/system.md sec. 5). Nothing is written on a refusal.
 * tests/data/good/system.xml: line 6 is the <cpu> step of task "detector", its first step. */
#include <CUnit/CUnit.h>
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

static void test_system_simulate(void)
{
    expect_refused("rtgpu-simulate", (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, NULL }, SYS_AT,
                   "rtgpu-simulate does not simulate whole systems yet");
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

/* The search: asked for, or the default of a task set without partitions (line 7 of
 * system-nopart.xml is its <copy>). */
static void test_system_search(void)
{
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--assign", "search", NULL },
                   SYS_AT, "the partition search does not take whole systems yet");
    expect_refused(NULL, (char *[]){ "x", "tests/data/cli/system-nopart.xml", "--gpu", SYS_GPU,
                                     NULL },
                   "tests/data/cli/system-nopart.xml:7: error: task \"pre\" has a copy step",
                   ", which makes the task set a whole system (docs/system.md): the partition "
                   "search does not take whole systems yet");
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
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--format", "html", NULL },
                   SYS_AT, "--format html does not report whole systems yet");
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--sensitivity", NULL },
                   SYS_AT, "--sensitivity does not take whole systems yet");
    char parts[] = "build/test-system-cli-parts.json", ts[] = "build/test-system-cli-ts.xml";
    unlink(parts);
    unlink(ts);
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-partitions", "json",
                                     "-O", parts, NULL },
                   SYS_AT, "--emit-partitions and --emit-taskset do not take whole systems yet");
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, "--emit-taskset",
                                     ts, NULL },
                   SYS_AT, "--emit-partitions and --emit-taskset do not take whole systems yet");
    CU_ASSERT_NOT_EQUAL(access(parts, F_OK), 0);
    CU_ASSERT_NOT_EQUAL(access(ts, F_OK), 0);
}

/* The analysis itself ignores CPU and copy steps until the end-to-end analysis is wired in:
 * refused rather than unsound. --validate-only still checks the files. */
static void test_system_analyse(void)
{
    expect_refused(NULL, (char *[]){ "x", SYS_TS, "--gpu", SYS_GPU, NULL }, SYS_AT,
                   "rtgpu-analyze does not analyse whole systems yet");
    runcmd_out r = runcmd((char *[]){ "x", "--validate-only", SYS_TS, "--gpu", SYS_GPU, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
}

void test_system_cli_register(void)
{
    CU_pSuite s = CU_add_suite("system_cli", NULL, NULL);
    CU_add_test(s, "rtgpu-simulate refuses a whole system", test_system_simulate);
    CU_add_test(s, "rtgpu-explore sweep and split refuse a whole system", test_system_explore);
    CU_add_test(s, "the partition search refuses a whole system", test_system_search);
    CU_add_test(s, "--priorities audsley and --windows synchronous: refused for good",
                test_system_permanent);
    CU_add_test(s, "--format html, --sensitivity, --emit-*: refused, nothing written",
                test_system_outputs);
    CU_add_test(s, "rtgpu-analyze refuses rather than ignore CPU and copy steps",
                test_system_analyse);
}
