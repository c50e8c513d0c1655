/* rtgpu-explore split | coschedule | mct end to end (src/cli/explore_conc.c): the bundled Fig. 6
 * example and the 4-SM example of docs/concurrency.md sec. 6 through the command, and every bad
 * usage or input exits 2 with a message naming what was expected (file and line for file
 * errors). */
#include <CUnit/CUnit.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runcmd.h"

#define FIG6 "examples/tasksets/kernelmerge-fig6.xml"
#define FERMI "examples/gpus/gtx460-kernelmerge.xml"
#define K20TS "examples/tasksets/janzen-k20.xml"
#define K20 "examples/gpus/tesla-k20.xml"
#define SMS "tests/data/explore/split-sms.xml"
#define FOUR "tests/data/explore/split-four-gpu.xml"

static runcmd_out xrun_rlimit(char *const argv[], int resource, rlim_t lim)
{
    return runcmd_tool_rlimit("rtgpu-explore", argv, 60, resource, lim);
}

static runcmd_out xrun(char *const argv[])
{
    return xrun_rlimit(argv, -1, 0);
}

/* Fig. 6 shape: 27 split rows and the sequential row; the best split u = 7 at 8 ms (X1). */
static void test_fig6(void)
{
    char *argv[] = { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "slots",
                     NULL };
    runcmd_out r = xrun(argv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    size_t lines = 0;
    for (const char *p = r.out; *p; p++)
        lines += *p == '\n';
    CU_ASSERT(runcmd_has_line(r.out, "     7     21             8 ms             8 ms             8 ms  best"));
    CU_ASSERT(runcmd_has_line(r.out, "    27      1             3 ms           112 ms           112 ms"));
    CU_ASSERT(runcmd_has_line(r.out, "sequential                2 ms             4 ms             6 ms"));
    CU_ASSERT(runcmd_has_line(r.out, "work stealing: A ends at 6 ms, B at 8 ms; makespan 8 ms"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "best split: 7 + 21 slots, 8 ms; sequential 6 ms; gain "
                                         "0.7500: sequential"));
    /* 2 heading lines, the column titles, 27 split rows, the sequential row, the best split and
     * work stealing */
    CU_ASSERT_EQUAL(lines, 33);
    runcmd_free(&r);
}

/* The sms example with naive interference (docs/concurrency.md sec. 6): 316.8 > 220: sequential. */
static void test_sms_naive(void)
{
    char *argv[] = { "x", "split", SMS, "--gpu", FOUR, "--pair", "a,b", "--interference", "naive",
                     NULL };
    runcmd_out r = xrun(argv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(runcmd_has_line(r.out, "     1      3            487.6            207.6            487.6"));
    CU_ASSERT(runcmd_has_line(r.out, "     2      2            316.8            276.8            316.8  best"));
    CU_ASSERT(runcmd_has_line(r.out, "     3      1            259.5            409.5            409.5"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "gain 0.6944: sequential"));
    runcmd_free(&r);
    char *none[] = { "x", "split", SMS, "--gpu", FOUR, "--pair", "a,b", "--interference", "none",
                     "--format", "json", NULL };
    r = xrun(none);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"verdict\": \"concurrent\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"gain\": 1.1"));
    runcmd_free(&r);
}

/* coschedule and mct on the K20 example (the [S] curve; 706 MHz, so MCT times are
 * ceil(cycles * 1000 / 706) ns: 1000 -> 1417, 1200 -> 1700, 750 -> 1063). */
static void test_cosched_mct(void)
{
    char *argv[] = { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "SYN", "--partitions",
                     "6,7", NULL };
    runcmd_out r = xrun(argv);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(runcmd_has_line(r.out, "gain: 1.3750 (2 instances on 13 of 13 SMs against one at a time "
                              "on all 13)"));
    CU_ASSERT(runcmd_has_line(r.out, "partitioned efficiency E_P: 0.8462"));
    runcmd_free(&r);
    char *mct[] = { "x", "mct", K20TS, "--gpu", K20, NULL };
    r = xrun(mct);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(runcmd_has_line(r.out, "left -> P1 (7 SMs): 0 ns .. 1.417 us"));
    CU_ASSERT(runcmd_has_line(r.out, "right -> P0 (6 SMs): 0 ns .. 1.7 us"));
    CU_ASSERT(runcmd_has_line(r.out, "makespan 1.7 us; one after another on all 13 SMs: 2.126 us (1.2506x)"));
    runcmd_free(&r);
}

/* The number after the n-th (from 0) occurrence of key in text, or -1. */
static double nth_number(const char *text, const char *key, int n)
{
    const char *p = text;
    for (int i = 0; p && i <= n; i++) {
        p = strstr(p, key);
        if (p && i < n)
            p += strlen(key);
    }
    return p ? strtod(p + strlen(key), NULL) : -1.0;
}

/* One model, every command: the sms row 3 + 27 of COPY and MVT equals the Tc that rtgpu-analyze
 * computes for the same two partitions with --windows synchronous --margin 0 (masola). */
static void test_same_as_analyze(void)
{
#define CONS_TS "tests/data/explore/split-consistency.xml"
#define CONS_GPU "examples/gpus/rtx2060.xml"
    char *an[] = { "x", CONS_TS, "--gpu", CONS_GPU, "--windows", "synchronous", "--margin", "0",
                   "--format", "json", NULL };
    runcmd_out a = runcmd(an, 60);
    char *sp[] = { "x", "split", CONS_TS, "--gpu", CONS_GPU, "--pair", "COPY,MVT", "--format",
                   "json", NULL };
    runcmd_out b = xrun(sp);
    CU_ASSERT_EQUAL(a.status, 0);
    CU_ASSERT_EQUAL(b.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b.out);
    double tc_a = nth_number(a.out, "\"interference_cycles\": ", 0);
    double tc_b = nth_number(a.out, "\"interference_cycles\": ", 1);
    const char *row = strstr(b.out, "\"a\": 3,");
    CU_ASSERT_PTR_NOT_NULL_FATAL(row);
    double ta = nth_number(row, "\"time_a\": ", 0), tb = nth_number(row, "\"time_b\": ", 0);
    CU_ASSERT(tc_a > 0 && tc_b > 0);
    CU_ASSERT_DOUBLE_EQUAL(ta, tc_a, 0);
    CU_ASSERT_DOUBLE_EQUAL(tb, tc_b, 0);
    runcmd_free(&a);
    runcmd_free(&b);
}

typedef struct bad_case {
    const char *why;
    char *argv[16];
    int status;
    const char *phrase;
} bad_case;

static void test_bad(void)
{
    static const bad_case cases[] = {
        { "unknown kernel", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,Z" }, 2,
          "has no kernel \"Z\" (expected one of: A, B)" },
        { "pair of one", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A" }, 2,
          "expected two kernel names A,B" },
        { "no pair", { "x", "split", FIG6, "--gpu", FERMI }, 2, "missing --pair" },
        { "no gpu", { "x", "split", FIG6, "--pair", "A,B" }, 2, "missing --gpu" },
        { "unit", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "warps" },
          2, "expected sms or slots" },
        { "slots 1", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "slots",
                       "--slots", "1" }, 2, "expected a whole number from 2" },
        /* 2^20 + 1: the bound (it was 2^24, 2.8 GB of rows; issue 30 item 1) */
        { "slots over 2^20", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit",
                               "slots", "--slots", "1048577" }, 2,
          "expected a whole number from 2 to 1048576" },
        { "interference in slots", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B",
                                     "--split-unit", "slots", "--interference", "none" }, 2,
          "apply to --split-unit sms only" },
        { "slots in sms", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--slots", "5" },
          2, "--slots needs --split-unit slots" },
        { "no block-time", { "x", "split", K20TS, "--gpu", K20, "--pair", "SYN,SYN", "--split-unit",
                             "slots" }, 2,
          "janzen-k20.xml:27: error: kernel \"SYN\": --split-unit slots needs the <launch> "
          "attribute block-time" },
        { "sum above the GPU", { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "SYN",
                                 "--partitions", "6,8" }, 2,
          "tesla-k20.xml:18: error: partitions of 14 SMs in all: more than the 13 SMs" },
        { "size list", { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "SYN",
                         "--partitions", "6,x" }, 2, "expected SM counts separated by commas" },
        { "zero size", { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "SYN",
                         "--partitions", "0,7" }, 2, "expected SM counts separated by commas" },
        { "kernel", { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "DGEMM",
                      "--partitions", "6,7" }, 2, "has no kernel \"DGEMM\"" },
        { "no kernel", { "x", "coschedule", K20TS, "--gpu", K20, "--partitions", "6,7" }, 2,
          "missing --kernel K" },
        { "svg", { "x", "coschedule", K20TS, "--gpu", K20, "--kernel", "SYN", "--partitions", "6",
                   "--format", "svg" }, 2, "expected text or json" },
        { "pair on coschedule", { "x", "coschedule", K20TS, "--gpu", K20, "--pair", "SYN,SYN" }, 2,
          "option \"--pair\" does not apply to coschedule" },
        { "no partitions", { "x", "mct", "examples/tasksets/paper-kernels.xml", "--gpu",
                             "examples/gpus/rtx2060.xml" }, 2, "has no <partition>" },
        { "jobs file", { "x", "mct", K20TS, "--gpu", K20, "--jobs", "jobs.csv" }, 2,
          "--jobs FILE is not available" },
        { "bad gpu file", { "x", "mct", K20TS, "--gpu", "tests/data/explore/none.xml" }, 2,
          "none.xml" },
        { "output onto an input", { "x", "mct", K20TS, "--gpu", K20, "-o", K20TS }, 2,
          "is one of the input files" },
        { "unwritable output", { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "-o",
                                 "tests/data/explore/no-such-dir/out.txt" }, 3, "cannot write" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        runcmd_out r = xrun(cases[i].argv);
        if (r.status != cases[i].status || !r.err || !strstr(r.err, cases[i].phrase))
            fprintf(stderr, "\n%s: status %d, stderr: %s\n", cases[i].why, r.status,
                    r.err ? r.err : "(none)");
        CU_ASSERT_EQUAL(r.status, cases[i].status);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, cases[i].phrase));
        CU_ASSERT(r.out && r.out[0] == '\0');
        runcmd_free(&r);
    }
    CU_ASSERT_NOT_EQUAL(access("tests/data/explore/no-such-dir", F_OK), 0);
}

/* -o writes the same bytes as standard output, whole. */
static void test_output_file(void)
{
    char path[256];
    snprintf(path, sizeof path, "%s/rtgpu-split-test-%ld.json",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
    char *to_file[] = { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "slots",
                        "--format", "json", "-o", path, NULL };
    char *to_out[] = { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "slots",
                       "--format", "json", NULL };
    runcmd_out a = xrun(to_file), b = xrun(to_out);
    CU_ASSERT_EQUAL(a.status, 0);
    CU_ASSERT_EQUAL(b.status, 0);
    FILE *f = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    char *text = runcmd_slurp(f);
    fclose(f);
    CU_ASSERT_STRING_EQUAL(text, b.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"work_stealing\": {"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "\"best\": {\n        \"a\": 7,"));
    free(text);
    unlink(path);
    runcmd_free(&a);
    runcmd_free(&b);
}


/* A report that memory cannot hold (glibc's open_memstream let fprintf fail unseen, and a cut-off
 * file was written with exit 0): 300000 slots of Fig. 6 render about 19.5 MB of text; under an
 * 80 MB address-space limit the rendering runs out. The run must then fail with exit 3 and
 * write nothing; should it fit after all, the file must be whole (its last line is the
 * work-stealing line). Skipped under AddressSanitizer, whose shadow memory needs terabytes of
 * address space, and under valgrind (make valgrind traces the child, and valgrind itself does not
 * start within 80 MB; it is seen by its preload library in LD_PRELOAD). */
static void test_output_out_of_memory(void)
{
    if (!runcmd_rlimit_as_ok()) {
        CU_PASS("skipped under AddressSanitizer or valgrind (RLIMIT_AS)");
        return;
    }
    char out[300];
    snprintf(out, sizeof out, "%s/rtgpu-split-oom-%ld.txt",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
    unlink(out);
    char *argv[] = { "x", "split", FIG6, "--gpu", FERMI, "--pair", "A,B", "--split-unit", "slots",
                     "--slots", "300000", "-o", out, NULL };
    runcmd_out r = xrun_rlimit(argv, RLIMIT_AS, (rlim_t)80 << 20);
    struct stat st;
    if (r.status != 0) {
        CU_ASSERT_EQUAL(r.status, 3);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "out of memory"));
        CU_ASSERT_NOT_EQUAL(stat(out, &st), 0);
    } else {
        FILE *f = fopen(out, "rb");
        char tail[64] = "";
        if (f && fseek(f, -(long)strlen("makespan 4 ms\n"), SEEK_END) == 0 &&
            fgets(tail, sizeof tail, f)) {
            CU_ASSERT_STRING_EQUAL(tail, "makespan 4 ms\n");
        } else {
            CU_FAIL("the output is missing");
        }
        if (f)
            fclose(f);
    }
    runcmd_free(&r);
    unlink(out);
}

void test_split_cli_register(void);
void test_split_cli_register(void)
{
    CU_pSuite s = CU_add_suite("rtgpu-explore split, coschedule, mct", NULL, NULL);
    CU_add_test(s, "Fig. 6: 27 splits and sequential", test_fig6);
    CU_add_test(s, "sms example, naive and none", test_sms_naive);
    CU_add_test(s, "coschedule and mct on the K20 example", test_cosched_mct);
    CU_add_test(s, "sms rows equal rtgpu-analyze --windows synchronous", test_same_as_analyze);
    CU_add_test(s, "bad usage and input: exit 2 with a message", test_bad);
    CU_add_test(s, "-o writes the output whole", test_output_file);
    CU_add_test(s, "out of memory while rendering: exit 3, nothing written",
                test_output_out_of_memory);
}
