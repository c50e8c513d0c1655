/* Tests of the command line: usage errors, help, version, atomic -o. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runcmd.h"
#include "suites.h"

#define GOOD_GPU "tests/data/good/gpu.xml"
#define GOOD_TS "tests/data/good/taskset.xml"

static void expect_usage_error(char *const argv[], const char *phrase)
{
    runcmd_out r = runcmd(argv, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, phrase));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--help"));
    runcmd_free(&r);
}

static void test_usage_errors(void)
{
    expect_usage_error((char *[]){"x", "--bogus", NULL}, "bogus");
    expect_usage_error((char *[]){"x", GOOD_TS, NULL}, "missing --gpu");
    expect_usage_error((char *[]){"x", "--gpu", GOOD_GPU, NULL}, "missing the task-set file");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format", "yaml", NULL},
                       "expected one of text json html");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format=csv", NULL},
                       "is a format of rtgpu-simulate");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "-O", "x.h", NULL},
                       "give --emit-partitions");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--emit-partitions", "json",
                                  NULL}, "needs -O FILE");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--emit-partitions", "mig",
                                  "-O", "x", NULL}, "libsmctrl nvtaskset green-contexts");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--margin", "-0.1", NULL},
                       "--margin");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--margin", "nan", NULL},
                       "--margin");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--combination-cap", "0", NULL},
                       "--combination-cap");
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--max-iterations", "1x", NULL},
                       "--max-iterations");
    expect_usage_error((char *[]){"x", GOOD_TS, GOOD_TS, "--gpu", GOOD_GPU, NULL},
                       "unexpected argument");
}

static void test_help_and_version(void)
{
    runcmd_out r = runcmd((char *[]){"x", "--help", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Usage: rtgpu-analyze TASKSET.xml --gpu GPU.xml"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "--version", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "rtgpu-analyze " RTGPU_VERSION));
    runcmd_free(&r);
}

static void test_validate_only_prints_nothing(void)
{
    runcmd_out r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--validate-only", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    runcmd_free(&r);
}

static void test_output_is_atomic(void)
{
    /* A failed run must not create or truncate the -o file. */
    char dir[] = "/tmp/rtgpu-cli-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char path[64];
    snprintf(path, sizeof path, "%s/report.json", dir);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("previous\n", f);
    fclose(f);
    runcmd_out r = runcmd((char *[]){"x", "tests/data/does-not-exist.xml", "--gpu", GOOD_GPU,
                                     "-o", path, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    runcmd_free(&r);
    f = fopen(path, "r");
    char line[32] = "";
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    CU_ASSERT_PTR_NOT_NULL(fgets(line, sizeof line, f));
    fclose(f);
    CU_ASSERT_STRING_EQUAL(line, "previous\n");
    /* A good run replaces it whole, and prints nothing on stdout. */
    r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format", "json", "-o", path, NULL},
               20);
    CU_ASSERT(r.status == 0 || r.status == 1);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    runcmd_free(&r);
    struct stat st;
    CU_ASSERT_EQUAL(stat(path, &st), 0);
    CU_ASSERT(st.st_size > 100);
    /* An unwritable destination is an error (2), and leaves no temporary file. */
    char bad[80];
    snprintf(bad, sizeof bad, "%s/no-such-dir/r.json", dir);
    r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "-o", bad, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot write report"));
    runcmd_free(&r);
    unlink(path);
    rmdir(dir);
}

static void test_output_special_files(void)
{
    /* -o /dev/null must write into the device, never rename a regular file over it. */
    runcmd_out r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "-o", "/dev/null", NULL},
                          20);
    CU_ASSERT(r.status == 0 || r.status == 1);
    runcmd_free(&r);
    struct stat st;
    CU_ASSERT_EQUAL(stat("/dev/null", &st), 0);
    CU_ASSERT(S_ISCHR(st.st_mode));
    /* -o through a symbolic link replaces the file it points to and keeps the link. */
    char dir[] = "/tmp/rtgpu-cli-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
    char target[64], link[64];
    snprintf(target, sizeof target, "%s/target.json", dir);
    snprintf(link, sizeof link, "%s/link.json", dir);
    FILE *f = fopen(target, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fclose(f);
    CU_ASSERT_EQUAL(symlink("target.json", link), 0);
    r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format", "json", "-o", link, NULL},
               20);
    CU_ASSERT(r.status == 0 || r.status == 1);
    runcmd_free(&r);
    CU_ASSERT_EQUAL(lstat(link, &st), 0);
    CU_ASSERT(S_ISLNK(st.st_mode));
    CU_ASSERT_EQUAL(stat(target, &st), 0);
    CU_ASSERT(st.st_size > 100);
    unlink(link);
    unlink(target);
    rmdir(dir);
}

#define TINY_GPU "tests/data/cli/tiny-gpu.xml"
#define TINY_GPU_SHA256 "715447aaea3c1760e4794c86f9bda040a494edc76d50a8b02613f90812be9d41"

/* tests/data/cli/tiny.xml, worked by hand (f = 1000 MHz so 1 cycle = 1 ns; one partition of all
 * 4 SMs, so C(k,4) is the profile and no co-runner exists: M = 1):
 *   WCET fast = ceil(1.2 * 1000) = 1200 ns, slow = ceil(1.2 * 2000) = 2400 ns.
 *   fast (hp): B = 2400; t = 2400 + ceil(t/5000)*1200 = 3600; Q = 1; w(0) = 2400; R = 3600.
 *   slow (lp): B = 0; t = ceil(t/5000)*1200 + ceil(t/10000)*2400 = 3600; Q = 1;
 *              w(0) = (floor(w/5000)+1)*1200 = 1200; R = 1200 + 2400 = 3600.
 *   Kernel rows: Ubw = 1/100, Sp = 2/4, Sat = 1/(1+e^49); eq. 4: C(K1,n) = 1000/((1+Sat)*3.99)
 *   * 16/n = 4010.0, 2005.0, 1336.7 for n = 1..3; eq. 17 linear (1 < BWthr = 50): n/4 GB/s;
 *   L2 = 1e9 * 1000/(1000e6) / 32 = 31.25.
 *   Speed-up (docs/concurrency.md sec. 4, n0 = g = 1): S(n) = C(k,1) / C(k,n) = n on the eq. 4
 *   rows (eq. 4 is proportional to 1/n); on the measured 4-SM row 4010.025/1000 = 4.010 for K1
 *   and 8020.05/2000 = 4.010 for K2, E = 4.010025/4 = 1.0025. No <sm>: the block-level models
 *   are listed as skipped. The golden file holds exactly these figures. */
#define TINY_TS_SHA256 "59bfc44d81c1f6052ba59b7c49302e279b2d0643685e1d24e5c43ff1951b871e"

static void test_golden_verbose_text(void)
{
    /* The verdict comes first (docs/report.md sec. 1), then after an empty line the provenance
     * block, up to the next empty line; its date is pinned by SOURCE_DATE_EPOCH = 0
     * (1970-01-01T00:00:00Z), its hashes are coreutils' sha256sum. */
    setenv("SOURCE_DATE_EPOCH", "0", 1);
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "-v",
                                     NULL}, 20);
    unsetenv("SOURCE_DATE_EPOCH");
    char *want = runcmd_read_file("tests/data/cli/tiny.verbose.txt");
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    static const char verdict[] = "SCHEDULABLE: every deadline holds (2 tasks, task set "
                                  "\"tiny\", GPU \"tiny\")\n\n";
    CU_ASSERT_FATAL(strncmp(r.out, verdict, sizeof verdict - 1) == 0);
    const char *prov = r.out + sizeof verdict - 1;
    static const char first[] = "rtgpu-analyze " RTGPU_VERSION " (model revision 2)\n";
    CU_ASSERT(strncmp(prov, first, sizeof first - 1) == 0);
    const char *body = strstr(prov, "\n\n");
    CU_ASSERT_PTR_NOT_NULL_FATAL(body);
    CU_ASSERT_STRING_EQUAL(body + 2, want);
    /* runcmd runs the binary by its path: argv[0] is that path */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nCommand line: "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "rtgpu-analyze tests/data/cli/tiny.xml --gpu "
                                         TINY_GPU " -v\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nDate: 1970-01-01T00:00:00Z (from SOURCE_DATE_EPOCH)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nTask set: tests/data/cli/tiny.xml (sha256 "
                                         TINY_TS_SHA256 ")\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nGPU: " TINY_GPU " (sha256 " TINY_GPU_SHA256 ")\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nLibraries: libxml2 "));
    CU_ASSERT_STRING_EQUAL(r.err, "");
    free(want);
    runcmd_free(&r);
}

/* A path holding a newline (issue 30 item 6): copied to a file named
 * "evil<LF>SCHEDULABLE: every deadline holds (forged).xml", tiny-miss.xml must print no line of
 * its own starting "SCHEDULABLE:" beside its real "NOT SCHEDULABLE" verdict (the first line): the header shows the
 * newline as \x0a, in the command line and the task-set line alike. The same path with a GPU file
 * that does not exist: the diagnostic on stderr names the escaped path on one line. */
static void test_control_chars_escaped(void)
{
    char dir[256], path[512];
    snprintf(dir, sizeof dir, "%s/rtgpu-cli-esc-%ld", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (long)getpid());
    CU_ASSERT_EQUAL_FATAL(mkdir(dir, 0700), 0);
    snprintf(path, sizeof path, "%s/evil\nSCHEDULABLE: every deadline holds (forged).xml", dir);
    char *text = runcmd_read_file("tests/data/cli/tiny-miss.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(text);
    FILE *f = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
    free(text);
    runcmd_out r = runcmd((char *[]){"x", path, "--gpu", TINY_GPU, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NULL(r.out && strstr(r.out, "\nSCHEDULABLE: every deadline holds (forged)"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "/evil\\x0aSCHEDULABLE: every deadline holds "
                                                  "(forged).xml (sha256 "));
    CU_ASSERT(r.out && strncmp(r.out, "NOT SCHEDULABLE", 15) == 0);   /* the verdict, first */
    runcmd_free(&r);
    r = runcmd((char *[]){"x", path, "--gpu", "tests/data/cli/no-such-gpu.xml", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NULL(r.err && strstr(r.err, "\nSCHEDULABLE"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/tiny-miss.xml", "--gpu", path, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NULL(r.err && strstr(r.err, "\nSCHEDULABLE"));
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "/evil\\x0aSCHEDULABLE: every deadline holds "
                                                  "(forged).xml"));
    runcmd_free(&r);
    /* the other commands' messages too: a scenario name typed with a newline, an output path */
    r = runcmd_tool("rtgpu-simulate", (char *[]){"x", "examples/tasksets/gilman-placement-2080ti.xml",
                                                  "--gpu", "examples/gpus/rtx2080ti.xml",
                                                  "--scenario", "x\nSCHEDULABLE", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NULL(r.err && strstr(r.err, "\nSCHEDULABLE"));
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "no <scenario name=\"x\\x0aSCHEDULABLE\">"));
    runcmd_free(&r);
    char bad_out[600];
    snprintf(bad_out, sizeof bad_out, "%s/no-such-dir/out\nSCHEDULABLE.jsonl", dir);
    r = runcmd_tool("rtgpu-explore", (char *[]){"x", "sweep", "examples/explore/acceptance.xml",
                                                 "-o", bad_out, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 3);   /* an output that cannot be opened: docs/explore.md */
    CU_ASSERT_PTR_NULL(r.err && strstr(r.err, "\nSCHEDULABLE"));
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "out\\x0aSCHEDULABLE.jsonl"));
    runcmd_free(&r);
    unlink(path);
    rmdir(dir);
}

static json_int_t jget_int(json_t *root, const char *path_a, size_t i, const char *key)
{
    json_t *o = json_object_get(json_array_get(json_object_get(root, path_a), i), key);
    return json_is_integer(o) ? json_integer_value(o) : -1;
}

static void test_golden_json(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny-miss.xml", "--gpu", TINY_GPU,
                                     "--format=json", NULL}, 20);
    /* tiny-miss: as tiny but fast has D = 3 us < R = 3600 ns: a miss, exit 1. */
    CU_ASSERT_EQUAL(r.status, 1);
    json_error_t err;
    json_t *root = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(root, "schema")), 2);
    CU_ASSERT_EQUAL(jget_int(root, "tasks", 0, "wcet_ns"), 1200);
    CU_ASSERT_EQUAL(jget_int(root, "tasks", 0, "blocking_ns"), 2400);
    CU_ASSERT_EQUAL(jget_int(root, "tasks", 0, "wcrt_ns"), 3600);
    CU_ASSERT_EQUAL(jget_int(root, "tasks", 0, "deadline_ns"), 3000);
    CU_ASSERT_EQUAL(jget_int(root, "tasks", 1, "wcrt_ns"), 3600);
    CU_ASSERT_EQUAL(jget_int(root, "partitions", 0, "sms"), 4);
    json_t *v = json_object_get(root, "verdict");
    CU_ASSERT(json_is_false(json_object_get(v, "schedulable")));
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(v, "exit_status")), 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(json_object_get(v, "missed_tasks"), 0)),
                           "fast");
    /* sha256 of tests/data/cli/tiny-gpu.xml as printed by coreutils' sha256sum. */
    json_t *gpu = json_object_get(json_object_get(root, "inputs"), "gpu");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(gpu, "sha256")), TINY_GPU_SHA256);
    json_t *kern = json_array_get(json_object_get(root, "kernels"), 0);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(kern, "l2_accesses")), 31.25, 1e-12);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(kern, "class")), "compute");
    json_decref(root);
    runcmd_free(&r);
}

static void test_search_infeasible_without_columns(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/infeasible.xml", "--gpu", TINY_GPU,
                                     "--write-lp", "/dev/null", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "INFEASIBLE"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "search (min-sms): infeasible"));
    runcmd_free(&r);
    struct stat st;
    CU_ASSERT_EQUAL(stat("/dev/null", &st), 0);
    CU_ASSERT(S_ISCHR(st.st_mode)); /* --write-lp writes devices in place too */
}

/* Copy src to dst (a test fixture in a scratch folder). */
static void copy_text(const char *src, const char *dst)
{
    char *t = runcmd_read_file(src);
    FILE *f = fopen(dst, "w");
    CU_ASSERT_FATAL(t && f);
    fputs(t, f);
    fclose(f);
    free(t);
}

/* argv is refused with exit 2 and a message containing want; input is byte-identical after it,
 * and absent (a new output's name) was not created. */
/* rtgpu-analyze with argv refused: see runcmd_assert_refused. */
static void refused(char *const argv[], const char *input, const char *absent, const char *want)
{
    runcmd_assert_refused(NULL, argv, input, absent, want);
}

/* Output safety (docs/report.md): no output overwrites an input or another output, whatever
 * the spelling: --write-lp over the task set or the GPU file, -o, -O and --emit-taskset over
 * the --check-measurements CSV, --write-lp and -o, and one new file named as d/out.txt and
 * d/./out.txt, d/a/../out.txt, d/link/out.txt (link -> d). Each is refused before anything is
 * written. */
static void test_outputs_overwrite_inputs(void)
{
    char d[] = "/tmp/rtgpu-files-XXXXXX";
    CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(d));
    char ts[64], gpu[64], csv[64], out[64], a[64], up[64], dot[64], link[64], via[64];
    snprintf(ts, sizeof ts, "%s/taskset.xml", d);
    snprintf(gpu, sizeof gpu, "%s/gpu.xml", d);
    snprintf(csv, sizeof csv, "%s/jobs.csv", d);
    snprintf(out, sizeof out, "%s/out.txt", d);
    snprintf(a, sizeof a, "%s/a", d);
    snprintf(up, sizeof up, "%s/a/../out.txt", d);
    snprintf(dot, sizeof dot, "%s/./out.txt", d);
    snprintf(link, sizeof link, "%s/link", d);
    snprintf(via, sizeof via, "%s/link/out.txt", d);
    copy_text("tests/data/meas/taskset.xml", ts);
    copy_text("tests/data/meas/gpu.xml", gpu);
    copy_text("tests/data/meas/jobs.csv", csv);
    CU_ASSERT_EQUAL_FATAL(mkdir(a, 0700), 0);
    CU_ASSERT_EQUAL_FATAL(symlink(d, link), 0);
    const char *in_file = "is one of the input files";
    refused((char *[]){"x", ts, "--gpu", gpu, "--assign", "search", "--write-lp", ts, NULL}, ts,
            out, "--write-lp");
    refused((char *[]){"x", ts, "--gpu", gpu, "--assign", "search", "--write-lp", gpu, NULL}, gpu,
            out, in_file);
    refused((char *[]){"x", ts, "--gpu", gpu, "--check-measurements", csv, "--emit-taskset", csv,
                       NULL}, csv, out, "--check-measurements");
    refused((char *[]){"x", ts, "--gpu", gpu, "--check-measurements", csv, "--emit-partitions",
                       "json", "-O", csv, NULL}, csv, out, in_file);
    refused((char *[]){"x", ts, "--gpu", gpu, "--check-measurements", csv, "-o", csv, NULL}, csv,
            out, in_file);
    refused((char *[]){"x", ts, "--gpu", gpu, "--assign", "search", "-o", out, "--write-lp", out,
                       NULL}, ts, out, "-o and --write-lp both name the same file");
    refused((char *[]){"x", ts, "--gpu", gpu, "-o", out, "--emit-taskset", dot, NULL}, ts, out,
            "both name the same file");
    refused((char *[]){"x", ts, "--gpu", gpu, "-o", up, "--emit-taskset", out, NULL}, ts, out,
            "both name the same file");
    refused((char *[]){"x", ts, "--gpu", gpu, "--emit-partitions", "json", "-O", via,
                       "-o", out, NULL},
            ts, out, "both name the same file");
    unlink(link);
    rmdir(a);
    unlink(ts), unlink(gpu), unlink(csv);
    rmdir(d);
}

/* --margin 20 is 2000%: refused with the word "fraction"; -o onto an input file is refused and
 * the file is left as it was; --time-limit in given mode warns; strtod's leniencies refused. */
static void test_new_user_options(void)
{
    char ts[] = "examples/tasksets/paper-exp4.xml", gpu[] = "examples/gpus/rtx2060.xml";
    runcmd_out r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--margin", "20", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "fraction"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--margin", "10", "-q", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 1);            /* accepted: 11x the WCETs miss the 2 ms deadlines */
    runcmd_free(&r);
    char *before = runcmd_read_file(gpu);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "-o", gpu, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "is one of the input files"));
    char *after = runcmd_read_file(gpu);
    CU_ASSERT_FATAL(before && after);
    CU_ASSERT_STRING_EQUAL(before, after);
    free(before);
    free(after);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--time-limit", "5",
                          "--max-iterations", "3", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--time-limit is ignored"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--max-iterations is ignored"));
    runcmd_free(&r);
    static char *const bad_limits[] = { "0x10", " 5", "-1", "0.0001", "" };
    for (size_t i = 0; i < sizeof bad_limits / sizeof bad_limits[0]; i++) {
        r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--time-limit",
                              bad_limits[i], NULL}, 20);
        CU_ASSERT_EQUAL(r.status, 2);
        runcmd_free(&r);
    }
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--write-lp", "", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--write-lp needs a file name"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "--help", NULL}, 20);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "(default 60; 0: none)"));
    runcmd_free(&r);
}

/* Write text to a scratch file; returns its path (static buffer). */
static char *scratch(const char *name, const char *text)
{
    static char path[256];
    snprintf(path, sizeof path, "/tmp/rtgpu-cli-%ld-%s", (long)getpid(), name);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* 16.6666667 ms is 16666666.7 ns: refused with the safe hint 16666666ns (rounded down); a
 * jitter of 0.5 ns gets 1ns (rounded up). A kernel at 400 GB/s on a 348 GB/s GPU: warned. */
static void test_new_user_inputs(void)
{
    char *p = scratch("ns.xml",
        "<taskset name=\"t\">\n"
        "  <kernel name=\"K\" cycles=\"20\" bw-gbps=\"10\" kai=\"0.01\"/>\n"
        "  <task name=\"cam\" period=\"16.6666667ms\" jitter=\"0.5ns\"><run kernel=\"K\"/></task>\n"
        "</taskset>\n");
    runcmd_out r = runcmd((char *[]){"x", p, "--gpu", "examples/gpus/rtx2060.xml", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, ":3: error: task \"cam\": period \"16.6666667ms\" is not a "
                                         "whole number of nanoseconds (nearest safe value: "
                                         "16666666ns, rounded down"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "nearest safe value: 1ns, rounded up"));
    CU_ASSERT_STRING_EQUAL(r.out, "");
    runcmd_free(&r);
    unlink(p);
    p = scratch("bw.xml",
        "<taskset name=\"t\">\n"
        "  <kernel name=\"K\" cycles=\"20\" bw-gbps=\"400\" kai=\"0.01\">\n"
        "    <measured sms=\"10\" bw-gbps=\"350\"/>\n"
        "  </kernel>\n"
        "  <task name=\"cam\" period=\"1ms\"><run kernel=\"K\"/></task>\n"
        "  <partition name=\"P\" sms=\"10\"><task-ref name=\"cam\"/></partition>\n"
        "</taskset>\n");
    r = runcmd((char *[]){"x", p, "--gpu", "examples/gpus/rtx2060.xml", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, ":2: warning: kernel \"K\": bw-gbps 400 is above the GPU's "
                                         "bw-nominal-gbps 348"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, ":3: warning: kernel \"K\": measured bw-gbps 350 on 10 SMs"));
    runcmd_free(&r);
    unlink(p);
}

/* paper-exp4 (COPY and SAXPY on 15 + 15 SMs of the RTX 2060) in JSON, revision 2 fields:
 * B = 250.33 + 291.77 = 542.1 GB/s (Table 3 bandwidths on 15 SMs), I = 542.1/278.4 = 1.9471983;
 * COPY: P_BW = 250.33 * 2/348 = 1.4386782 < I, and c = rho * P_SM * P_BW < P_BW (P_SM = 1,
 * rho < 1), so M* = I * P_BW = 2.8013916, case short-window. With --combination-cap 1 the
 * 2 combinations exceed the cap: M = 2 I(S_max) = 3.8943966, case capped, not exhaustive. */
static void test_json_revision2(void)
{
    char ts[] = "examples/tasksets/paper-exp4.xml", gpu[] = "examples/gpus/rtx2060.xml";
    for (int capped = 0; capped <= 1; capped++) {
        runcmd_out r = runcmd(capped ? (char *[]){"x", ts, "--gpu", gpu, "--format", "json",
                                                  "--combination-cap", "1", NULL}
                                     : (char *[]){"x", ts, "--gpu", gpu, "--format", "json", NULL},
                              20);
        json_error_t err;
        json_t *j = json_loads(r.out, 0, &err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(j);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(json_object_get(j, "options"),
                                                           "model_revision")), 2);
        json_t *copy = json_array_get(json_object_get(j, "tasks"), 0);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(copy, "name")), "copy");
        json_t *la = json_array_get(json_object_get(copy, "launches"), 0);
        json_t *w = json_array_get(json_object_get(la, "windows"), 0);
        double M = json_real_value(json_object_get(w, "M"));
        CU_ASSERT_DOUBLE_EQUAL(M, capped ? 3.8943966 : 2.8013916, 1e-6);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(w, "case")),
                               capped ? "capped" : "short-window");
        CU_ASSERT_EQUAL(json_is_true(json_object_get(la, "exhaustive")), !capped);
        json_t *v = json_object_get(j, "verdict");
        CU_ASSERT_EQUAL(json_is_true(json_object_get(v, "exhaustive")), !capped);
        CU_ASSERT_EQUAL(strstr(r.err, "exhaustive: false") != NULL, capped);
        json_decref(j);
        runcmd_free(&r);
    }
    /* a failed search analyses no layout: missed_tasks is null, and the text says so */
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/infeasible.xml", "--gpu",
                                     TINY_GPU, "--format", "json", NULL}, 20);
    json_error_t err;
    json_t *j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_TRUE(json_is_null(json_object_get(json_object_get(j, "verdict"), "missed_tasks")));
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/infeasible.xml", "--gpu", TINY_GPU, NULL}, 20);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no schedulable layout found"));
    runcmd_free(&r);
}

/* --objective max-min-slack: tiny.xml searched within 3 SMs reports its objective, the proven
 * slack (a fraction of a deadline, between 0 and 1) and the limit in JSON; audsley and a stray
 * --max-sms are usage errors (exit 2). Values of the slack are checked by brute force in
 * tests/test_slack.c. */
/* Which task sets the smallest relative slack (D - R) / D, by hand: tests/data/cli/tiny.xml on
 * tiny within 3 SMs. A compute kernel below N = 4 SMs takes C(k,n) = C(k,4) x 4/n x 1.00250625
 * cycles (eq. 4; so C(K1,2) = 2005.0125 and C(K1,1) = 4010.025), WCET ceil(1.2 C) ns:
 *   fast on 2, slow on 1: R_fast = 2407, R_slow = ceil(1.2 x 8020.05) = 9625:
 *     slacks 2593/5000 = 0.5186 and 375/10000 = 0.0375: smallest 0.0375, set by slow;
 *   fast on 1, slow on 2: R_fast = 4813: 187/5000 = 0.0374 (fast), a hair smaller;
 *   both on 3: C(K1,3) = 1336.675 (WCET 1605), C(K2,3) = 2673.35 (WCET 3209):
 *     R_fast = 1605 + B 3209 = 4814: 186/5000 = 0.0372 (fast);
 *   fewer SMs only grow the WCETs. So the best is 0.0375 = 3/80, and the task is slow.
 * The given layout (both on 4 SMs) is no max-min-slack search: the key is there, null. */
static void test_min_slack_task(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU,
                                     "--assign", "search", "--objective", "max-min-slack",
                                     "--max-sms", "3", "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *a = json_object_get(j, "assignment");
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(a, "min_relative_slack")), 0.0375,
                           1e-15);
    const char *who = json_string_value(json_object_get(a, "min_slack_task"));
    CU_ASSERT(who && strcmp(who, "slow") == 0);
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "--assign", "search",
                          "--objective", "max-min-slack", "--max-sms", "3", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Smallest relative slack: 0.037500 of a deadline, set by "
                                         "task \"slow\", within 3 SMs (proven the largest)\n"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "--format", "json",
                          NULL}, 20);
    j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    a = json_object_get(j, "assignment");
    /* every key in both modes, null where the given mode has none (docs/report.md) */
    static const char *const search_only[] = {
        "objective", "iterations", "seconds", "time_limit_hit", "iteration_limit_hit",
        "lower_bound_sms", "gap_sms", "one_partition_sms", "analyses", "undecided_analyses",
        "first_layout_seconds", "best_layout_seconds", "min_relative_slack", "min_slack_task",
        "max_sms"};
    for (size_t i = 0; i < sizeof search_only / sizeof *search_only; i++)
        CU_ASSERT_TRUE(json_is_null(json_object_get(a, search_only[i])));
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "sms_used")), 4);
    json_decref(j);
    runcmd_free(&r);
}

/* The "Misses:" line names ten tasks, then counts the rest: tests/data/cli/many-miss.xml has
 * twelve tasks whose WCET 1.2 us exceeds their deadline 1 us, so all twelve miss: t01..t10
 * named, "and 2 more". */
static void test_misses_line_capped(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/many-miss.xml", "--gpu", TINY_GPU, "-q",
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\nMisses: t01 t02 t03 t04 t05 t06 t07 t08 t09 "
                                                  "t10 and 2 more (the task table names every "
                                                  "one)\n"));
    runcmd_free(&r);
}

/* A miss explanation names the lower-priority task whose kernel blocks (B), by hand:
 * tests/data/cli/tiny-miss.xml, fast (D = 3 us) before slow on 4 SMs: B_fast = C_slow = 2.4 us,
 * C_fast = 1.2 us, no higher-priority task: R = 3.6 us, 600 ns late. */
static void test_miss_names_blocking_task(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny-miss.xml", "--gpu", TINY_GPU,
                                     "--sensitivity", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "  fast misses: R - D = 600 ns; worst job q = 0: R = J 0 ns "
                                         "+ B 2.4 us (slow, lower priority) + q*C 0 ns + C 1.2 us "
                                         "- q*T 0 ns\n"));
    runcmd_free(&r);
}

static void test_search_max_min_slack(void)
{
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU,
                                     "--assign", "search", "--objective", "max-min-slack",
                                     "--max-sms", "3", "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *a = json_object_get(j, "assignment");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "objective")), "max-min-slack");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "status")), "optimal");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "max_sms")), 3);
    CU_ASSERT(json_integer_value(json_object_get(a, "sms_used")) <= 3);
    double sl = json_real_value(json_object_get(a, "min_relative_slack"));
    CU_ASSERT(sl >= 0 && sl < 1);
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "--objective",
                          "max-min-slack", "--priorities", "audsley", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "fixed priorities"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "--max-sms", "3",
                          NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    runcmd_free(&r);
}

/* A search whose per-analysis work budget is tiny (--budget 100 on the 4-task Orin example;
 * --time-limit 0: no clock, the same run everywhere): its analyses run out, so it finds no
 * layout and may not claim one impossible: exit 3, status unknown, the count of undecided
 * analyses in JSON (positive) and in text, and its proven bound never above the layout the same
 * search finds with the default budget (which leaves nothing undecided and says nothing). */
#define ORIN_TS "examples/tasksets/orin-perception-search.xml"
#define ORIN_GPU "examples/gpus/jetson-agx-orin.xml"
static void test_search_budget_undecided(void)
{
    runcmd_out r = runcmd((char *[]){"x", ORIN_TS, "--gpu", ORIN_GPU, "--time-limit", "0",
                                     "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *a = json_object_get(j, "assignment");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(a, "undecided_analyses")), 0);
    json_int_t used = json_integer_value(json_object_get(a, "sms_used"));
    CU_ASSERT(used > 0);
    json_decref(j);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ORIN_TS, "--gpu", ORIN_GPU, "--time-limit", "0", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(strstr(r.out, "Undecided:"));
    runcmd_free(&r);

    r = runcmd((char *[]){"x", ORIN_TS, "--gpu", ORIN_GPU, "--time-limit", "0",
                          "--budget", "100", "--format", "json", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    j = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    a = json_object_get(j, "assignment");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(a, "status")), "unknown");
    CU_ASSERT(json_integer_value(json_object_get(a, "undecided_analyses")) > 0);
    json_t *lb = json_object_get(a, "lower_bound_sms");
    CU_ASSERT(json_is_null(lb) || json_integer_value(lb) <= used);
    json_decref(j);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "claims no proof that rests on an undecided layout"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ORIN_TS, "--gpu", ORIN_GPU, "--time-limit", "0",
                          "--budget", "100", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "UNDECIDED: the search found no schedulable "
                                         "partitioning and proved none impossible"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Undecided: "));
    runcmd_free(&r);
}

static void test_search_capped_claims_no_proof(void)
{
    /* With --combination-cap 1 every layout of two or more busy partitions is analysed with the
     * cap fallback (M = 2 I(S_max), docs/model.md sec. 3), so the search may claim neither an
     * optimum nor infeasibility: feasible (exit 0) or unknown (exit 3), never optimal or
     * infeasible. */
    runcmd_out r = runcmd((char *[]){"x", "examples/tasksets/paper-kernels.xml", "--gpu",
                                     "examples/gpus/rtx2060.xml", "--combination-cap", "1",
                                     "--time-limit", "3", NULL},
                          120);
    CU_ASSERT(r.status == 0 || r.status == 3);
    CU_ASSERT_PTR_NULL(strstr(r.out, "search (min-sms): optimal"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "search (min-sms): infeasible"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "claims no proof"));
    runcmd_free(&r);
}

/* --sensitivity in JSON, with the values of tiny.xml worked by hand in tests/test_sensitivity.c
 * (scaling 1.3887, margin 0.6665, min size 3, headroom 1400 / 1400), and the provenance block. */
static void test_sensitivity_json(void)
{
    setenv("SOURCE_DATE_EPOCH", "86400", 1);
    runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU,
                                     "--format", "json", "--sensitivity", NULL}, 20);
    unsetenv("SOURCE_DATE_EPOCH");
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *root = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *s = json_object_get(root, "sensitivity");
    CU_ASSERT_PTR_NOT_NULL_FATAL(s);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(s, "scaling_factor")), 1.3887, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(s, "max_margin")), 0.6665, 1e-12);
    CU_ASSERT_EQUAL(jget_int(s, "partitions", 0, "min_sms"), 3);
    CU_ASSERT_EQUAL(jget_int(s, "tasks", 0, "wcet_headroom_ns"), 1400);
    CU_ASSERT_EQUAL(jget_int(s, "tasks", 1, "wcet_headroom_ns"), 1400);
    CU_ASSERT_EQUAL(jget_int(s, "tasks", 1, "slack_ns"), 6400);
    CU_ASSERT(json_is_null(json_object_get(json_array_get(json_object_get(s, "tasks"), 0),
                                           "explanation")));
    json_t *p = json_object_get(root, "provenance");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(p, "date")), "1970-01-02T00:00:00Z");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(p, "date_source")),
                           "SOURCE_DATE_EPOCH");
    const char *cl = json_string_value(json_object_get(p, "command_line"));
    CU_ASSERT(cl && strstr(cl, "tests/data/cli/tiny.xml --gpu " TINY_GPU " --format json "
                               "--sensitivity"));
    json_t *libs = json_object_get(p, "libraries");
    CU_ASSERT(json_is_string(json_object_get(libs, "libxml2")) &&
              json_is_string(json_object_get(libs, "glpk")) &&
              json_is_string(json_object_get(libs, "jansson")) &&
              json_is_string(json_object_get(libs, "libc")));
    json_decref(root);
    runcmd_free(&r);
    /* without --sensitivity the sensitivity key is there, null (docs/report.md) */
    r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, "--format", "json",
                          NULL}, 20);
    root = json_loads(r.out, 0, &err);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    CU_ASSERT_TRUE(json_is_null(json_object_get(root, "sensitivity")));
    json_decref(root);
    runcmd_free(&r);
}

/* A malformed SOURCE_DATE_EPOCH is a usage error (reproducible-builds rules), not a silent
 * fallback to the clock. */
static void test_bad_source_date_epoch(void)
{
    static const char *const bad[] = {"abc", "-5", "1e9", " 1", "99999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("SOURCE_DATE_EPOCH", bad[i], 1);
        runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu", TINY_GPU, NULL},
                              20);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_STRING_EQUAL(r.out, "");
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "SOURCE_DATE_EPOCH"));
        runcmd_free(&r);
    }
    unsetenv("SOURCE_DATE_EPOCH");
}

/* --max-iterations N: at most N MIP solves, whatever stage runs them (the max-min-slack search of
 * this set ran 2 under a limit of 1: its inner searches' pattern MIPs were not held to it), and
 * "iteration_limit_hit" is set when the limit stopped a solve. */
static void test_max_iterations_honoured(void)
{
    static char *const objectives[] = { "min-sms", "max-min-slack" };
    for (size_t o = 0; o < 2; o++) {
        for (long n = 1; n <= 2; n++) {
            char lim[24];
            snprintf(lim, sizeof lim, "%ld", n);
            runcmd_out r = runcmd((char *[]){"x", "tests/data/cli/slack-10x30.xml", "--gpu",
                                             "tests/data/cli/gpu30.xml", "--assign", "search",
                                             "--objective", objectives[o], "--max-iterations",
                                             lim, "--format", "json", NULL}, 60);
            CU_ASSERT(r.status == 0 || r.status == 1);
            json_error_t err;
            json_t *root = json_loads(r.out ? r.out : "", 0, &err);
            CU_ASSERT_PTR_NOT_NULL_FATAL(root);
            json_t *a = json_object_get(root, "assignment");
            json_int_t it = json_integer_value(json_object_get(a, "iterations"));
            CU_ASSERT(it <= n);
            if (it > n)
                fprintf(stderr, "%s, --max-iterations %ld: %lld MIP solves\n", objectives[o], n,
                        (long long)it);
            json_decref(root);
            runcmd_free(&r);
        }
    }
}

/* docs/report.md, "Reproducibility": under SOURCE_DATE_EPOCH a search's reports are byte-identical
 * run after run (the wall-clock seconds were in all three formats); without it the seconds are
 * there. The search set's own seconds differ between runs by more than the 1 ms the reports print
 * (it runs 2000 analyses), so comparing two runs catches a time that is left in. */
static void test_search_reproducible(void)
{
    static char *const formats[] = { "text", "json", "html" };
    char *argv[] = {"x", "tests/data/cli/slack-10x30.xml", "--gpu", "tests/data/cli/gpu30.xml",
                    "--assign", "search", "-v", "--format", NULL, NULL};
    setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
    for (size_t f = 0; f < 3; f++) {
        argv[8] = formats[f];
        runcmd_out a = runcmd(argv, 60), b = runcmd(argv, 60);
        CU_ASSERT_EQUAL(a.status, 0);
        CU_ASSERT_PTR_NOT_NULL_FATAL(a.out);
        CU_ASSERT_PTR_NOT_NULL_FATAL(b.out);
        CU_ASSERT_STRING_EQUAL(a.out, b.out);
        if (f == 1) {
            json_t *root = json_loads(a.out, 0, NULL);
            CU_ASSERT_PTR_NOT_NULL_FATAL(root);
            json_t *as = json_object_get(root, "assignment");
            CU_ASSERT(json_is_null(json_object_get(as, "seconds")));
            CU_ASSERT(json_is_null(json_object_get(as, "first_layout_seconds")));
            CU_ASSERT(json_is_null(json_object_get(as, "best_layout_seconds")));
            json_decref(root);
        }
        runcmd_free(&a);
        runcmd_free(&b);
    }
    unsetenv("SOURCE_DATE_EPOCH");
    argv[8] = "json";
    runcmd_out c = runcmd(argv, 60);
    json_t *root = json_loads(c.out ? c.out : "", 0, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *as = json_object_get(root, "assignment");
    CU_ASSERT(json_is_real(json_object_get(as, "seconds")));
    CU_ASSERT(json_is_real(json_object_get(as, "best_layout_seconds")));
    json_decref(root);
    runcmd_free(&c);
}

/* One correct range per option, valid values only, units named, a warning for every ignored
 * option (issue "reports people read"): --margin is refused above 10 (the message said 1e+06),
 * --format of rtgpu-analyze offers only text json html (it offered csv and svg, refused), the
 * time limit names seconds, --objective and --max-sms on given partitions warn (silent). */
static void test_option_messages(void)
{
    char ts[] = "examples/tasksets/paper-exp4.xml", gpu[] = "examples/gpus/rtx2060.xml";
    runcmd_out r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--margin", "20%", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "from 0 to 10 ("));
    CU_ASSERT_PTR_NULL(strstr(r.err, "e+"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--format", "htm", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "expected one of text json html (did you mean html?)\n"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "csv"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--time-limit", "1m", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "number of seconds from 0 to 10000000"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ts, "--gpu", gpu, "--objective", "max-min-slack", "--max-sms", "5",
                          NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    /* a warning about the command line starts with the program's name, not the task set's */
    const char *w = r.err ? strstr(r.err, "rtgpu-analyze: warning: --objective is ignored: the "
                                          "task set fixes its partitions") : NULL;
    CU_ASSERT(w && (w == r.err || w[-1] == '\n'));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "warning: --max-sms is ignored"));
    runcmd_free(&r);
}

/* Run the program name (a sibling of RTGPU_BIN, so argv[0] holds a directory) with argv. */
static runcmd_out run_prog(const char *name, char *const argv[])
{
    return runcmd_tool(name, argv, 20);
}

/* Every usage error starts "PROG: error: " with the program's bare name, never argv[0] with its
 * directory (getopt's own messages did: "build/rtgpu-analyze: unrecognized option"). */
static void expect_prefixed(const char *name, char *const argv[], const char *first_line)
{
    runcmd_out r = run_prog(name, argv);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.err);
    size_t n = strlen(first_line);
    CU_ASSERT_EQUAL(strncmp(r.err, first_line, n), 0);
    CU_ASSERT_EQUAL(r.err[n], '\n');
    if (strncmp(r.err, first_line, n) != 0)
        fprintf(stderr, "\nexpected \"%s\", got \"%s\"\n", first_line, r.err);
    runcmd_free(&r);
}

static void test_error_prefix(void)
{
    expect_prefixed("rtgpu-analyze", (char *[]){"x", "--bogus", NULL},
                    "rtgpu-analyze: error: unknown option '--bogus'");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", "-Z", NULL},
                    "rtgpu-analyze: error: unknown option '-Z'");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", GOOD_TS, "--gpu", NULL},
                    "rtgpu-analyze: error: option '--gpu' needs a value");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", GOOD_TS, "-o", NULL},
                    "rtgpu-analyze: error: option '-o' needs a value");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", "--validate-only=yes", GOOD_TS, NULL},
                    "rtgpu-analyze: error: option '--validate-only' takes no value");
    /* --emit-partitions, --emit-taskset, --emit-launch and --emit-mast all begin with --emit */
    expect_prefixed("rtgpu-analyze", (char *[]){"x", "--emit", "json", GOOD_TS, NULL},
                    "rtgpu-analyze: error: option '--emit' is ambiguous (--emit-partitions, "
                    "--emit-taskset, --emit-launch or --emit-mast)");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format",
                                                "yaml", NULL},
                    "rtgpu-analyze: error: --format \"yaml\": expected one of text json html");
    expect_prefixed("rtgpu-analyze", (char *[]){"x", GOOD_TS, NULL},
                    "rtgpu-analyze: error: missing --gpu FILE");
    /* --windows is an option of rtgpu-analyze only */
    expect_prefixed("rtgpu-simulate", (char *[]){"x", "--windows", "synchronous", NULL},
                    "rtgpu-simulate: error: unknown option '--windows'");
    expect_prefixed("rtgpu-simulate", (char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--seed", "-1",
                                                 NULL},
                    "rtgpu-simulate: error: --seed \"-1\": expected a whole number from 0 to "
                    "18446744073709551615");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "frobnicate", NULL},
                    "rtgpu-explore: error: unknown command \"frobnicate\" (expected sweep, merge, "
                    "plot, split, coschedule or mct)");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "sweep", "--bogus", NULL},
                    "rtgpu-explore sweep: error: unknown option '--bogus'");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "sweep", "--jobs", NULL},
                    "rtgpu-explore sweep: error: option '--jobs' needs a value");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "merge", "-q", NULL},
                    "rtgpu-explore merge: error: unknown option '-q'");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "split", "--bogus", NULL},
                    "rtgpu-explore split: error: unknown option '--bogus'");
    expect_prefixed("rtgpu-explore", (char *[]){"x", "mct", GOOD_TS, NULL},
                    "rtgpu-explore mct: error: missing --gpu GPU.xml");
}

#define EDGE_TS "examples/tasksets/rtx3070-camera-edge.xml"
#define EDGE_GPU "examples/gpus/rtx3070.xml"

/* Count the lines of a text. */
static size_t count_lines(const char *s)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* True when a decimal number in s has 12 or more significant digits (a real printed to 15-17
 * digits; six-digit reals and durations, at most "100.474139 ms" here, have fewer). */
static bool has_long_fraction(const char *s)
{
    for (const char *p = strchr(s, '.'); p; p = strchr(p + 1, '.')) {
        const char *b = p;
        while (b > s && b[-1] >= '0' && b[-1] <= '9')
            b--;
        size_t sig = 0;
        bool lead = true;
        for (const char *q = b; *q == '.' || (*q >= '0' && *q <= '9'); q++) {
            if (*q == '.')
                continue;
            lead = lead && *q == '0';
            sig += !lead;
        }
        if (sig >= 12)
            return true;
    }
    return false;
}

/* What a new user saw on a 46-SM RTX 3070 with six tasks and 13 kernels (issue 31): the default
 * report fits one screen, with the verdict on its first line; the 39 "skipped" lines (3 models x
 * 13 kernels without <launch>) are one line per model; -v keeps the kernel tables and launch
 * windows; reals have six significant digits in text and HTML. Hand figures: Sp = 32 / 46 =
 * 0.69565217..., shown 0.695652; BWthr = 448 x 32 / 46 = 311.65217... GB/s, shown 311.652. */
static void test_newcomer_one_screen(void)
{
    runcmd_out r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(strncmp(r.out, "SCHEDULABLE: every deadline holds (6 tasks", 42) == 0);
    CU_ASSERT(count_lines(r.out) <= 45);
    CU_ASSERT_PTR_NULL(strstr(r.out, "cycles C(k,n)"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "window ["));
    CU_ASSERT_PTR_NULL(strstr(r.out, "skipped: occupancy for kernel "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  skipped: occupancy for 13 kernels (the kernel has no "
                                         "<launch> element): DEBAYER, RESIZE, BACKBONE, NECK, "
                                         "HEAD, NMS, TRACK_ASSOC, TRACK_UPDATE, SEG_ENCODER, "
                                         "SEG_DECODER, LANE_FIT, ENCODE_H264, STATS\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  skipped: mapping for 13 kernels "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n-v adds the per-kernel C(k,n) tables"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, "-v", "--sensitivity", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "cycles C(k,n)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\nLaunches ("));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "      window [0, "));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  skipped: leftover for 13 kernels "));
    CU_ASSERT_FALSE(has_long_fraction(r.out));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, "--format", "html", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "0.695652<"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "311.652 GB/s"));
    CU_ASSERT_PTR_NULL(strstr(r.out, "0.6956521"));
    CU_ASSERT_FALSE(has_long_fraction(r.out));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "Not computed: occupancy for kernels DEBAYER, RESIZE, "));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, "--format", "json", NULL}, 60);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_TRUE(has_long_fraction(r.out)); /* full precision stays in the JSON */
    runcmd_free(&r);
}

/* rtx2060-interference-miss --sensitivity (issue 31 item 4): the smallest-size scan of a
 * partition covers the granularity g = 1 up to what the other partition leaves, 30 - 15 = 15
 * SMs (gpus/rtx2060.xml: 30 SMs; the task set: two partitions of 15); both tasks miss on 15 SMs
 * and eq. 4 only lengthens them on fewer, so none passes, and the report names the range. */
static void test_sensitivity_scan_range(void)
{
    char *argv[] = {"x", "examples/tasksets/rtx2060-interference-miss.xml", "--gpu",
                    "examples/gpus/rtx2060.xml", "--sensitivity", NULL, NULL, NULL};
    runcmd_out r = runcmd(argv, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\n  Smallest size of P0 (others fixed): none passes in "
                                         "1..15 SMs (a larger size would overlap the other "
                                         "partitions)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "no size of P1 in 1..15 SMs makes saxpy meet its "
                                         "deadline"));
    runcmd_free(&r);
    argv[5] = "--format";
    argv[6] = "json";
    r = runcmd(argv, 60);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "\"min_sms\": null,\n        \"min_sms_scan_first\": 1,\n"
                                         "        \"min_sms_scan_last\": 15\n"));
    runcmd_free(&r);
}

/* "-" (issue 31 item 10): no stream is read or written under that name. As an input it is
 * refused with the reason (a regular file, hashed whole); as -o, -O, --emit-taskset, --write-lp
 * or the explorer's -o it is refused too, and no file named "-" appears. */
static void test_dash_is_no_stream(void)
{
    struct stat st;
    CU_ASSERT_NOT_EQUAL_FATAL(stat("-", &st), 0);   /* the test needs no "-" in the way */
    runcmd_out r = runcmd((char *[]){"x", "-", "--gpu", GOOD_GPU, NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "rtgpu-analyze: error: the task-set file \"-\": "
                                                  "standard input is not read"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", GOOD_TS, "--gpu", "-", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "--gpu \"-\": standard input is not read"));
    runcmd_free(&r);
    static char *const outs[] = { "-o", "--emit-taskset", "--write-lp" };
    for (size_t i = 0; i < 3; i++) {
        r = runcmd((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, outs[i], "-", NULL}, 20);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "a file named \"-\" is not written"));
        runcmd_free(&r);
    }
    r = runcmd_tool("rtgpu-simulate", (char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "-o", "-",
                                                  NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    runcmd_free(&r);
    r = runcmd_tool("rtgpu-explore", (char *[]){"x", "sweep", "examples/explore/acceptance.xml",
                                                 "-o", "-", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "a file named \"-\" is not written"));
    runcmd_free(&r);
    CU_ASSERT_NOT_EQUAL(stat("-", &st), 0);
}

/* Unused SMs said out loud (issue 31 item 5): the edge example's min-sms search is proven
 * optimal at 26 SMs of 46, so 46 - 26 = 20 are unused and the hint names --max-sms 46; the hint's
 * own command runs and reports the smallest relative slack; a given layout prints no hint. */
static void test_unused_sms_hint(void)
{
    runcmd_out r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "optimal, 26 SMs used"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\n  20 of 46 SMs unused; `--objective "
                                                  "max-min-slack --max-sms 46` gives them to the "
                                                  "tasks"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", EDGE_TS, "--gpu", EDGE_GPU, "--objective", "max-min-slack",
                          "--max-sms", "46", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\nSmallest relative slack: "));
    CU_ASSERT_PTR_NULL(r.out && strstr(r.out, "SMs unused"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "examples/tasksets/paper-exp4.xml", "--gpu",
                          "examples/gpus/rtx2060.xml", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NULL(r.out && strstr(r.out, "SMs unused"));
    runcmd_free(&r);
}

void test_cli_register(void)
{
    CU_pSuite s = CU_add_suite("cli", NULL, NULL);
    CU_add_test(s, "\"-\" is no stream: refused as input and as output", test_dash_is_no_stream);
    CU_add_test(s, "unused SMs said out loud after a min-sms search", test_unused_sms_hint);
    CU_add_test(s, "usage errors exit 2 with a hint", test_usage_errors);
    CU_add_test(s, "--help and --version", test_help_and_version);
    CU_add_test(s, "errors start \"PROG: error: \", never argv[0]", test_error_prefix);
    CU_add_test(s, "--validate-only prints nothing", test_validate_only_prints_nothing);
    CU_add_test(s, "-o is written atomically", test_output_is_atomic);
    CU_add_test(s, "-o /dev/null and -o through a link", test_output_special_files);
    CU_add_test(s, "golden: verbose text of a hand-worked case", test_golden_verbose_text);
    CU_add_test(s, "golden: JSON of a hand-worked miss", test_golden_json);
    CU_add_test(s, "JSON: sensitivity by hand and provenance", test_sensitivity_json);
    CU_add_test(s, "SOURCE_DATE_EPOCH must be whole seconds", test_bad_source_date_epoch);
    CU_add_test(s, "search: a capped analysis proves nothing", test_search_capped_claims_no_proof);
    CU_add_test(s, "search: --objective max-min-slack", test_search_max_min_slack);
    CU_add_test(s, "the task that sets the smallest relative slack, by hand", test_min_slack_task);
    CU_add_test(s, "the Misses: line names ten tasks, then counts", test_misses_line_capped);
    CU_add_test(s, "a miss explanation names the blocking task", test_miss_names_blocking_task);
    CU_add_test(s, "JSON: model revision, window case, exhaustive, null misses", test_json_revision2);
    CU_add_test(s, "what a new user hit: margin, -o onto an input, ignored search options",
                test_new_user_options);
    CU_add_test(s, "what a new user hit: whole-ns hint, bandwidth above nominal",
                test_new_user_inputs);
    CU_add_test(s, "control characters of a path escaped in the text and on stderr",
                test_control_chars_escaped);
    CU_add_test(s, "search: a tiny --budget leaves analyses undecided, no proof",
                test_search_budget_undecided);
    CU_add_test(s, "search: --max-iterations bounds every MIP solve", test_max_iterations_honoured);
    CU_add_test(s, "search: byte-identical reports under SOURCE_DATE_EPOCH",
                test_search_reproducible);
    CU_add_test(s, "output safety: no output over an input or another output",
                test_outputs_overwrite_inputs);
    CU_add_test(s, "option messages: ranges, valid values, units, ignored options",
                test_option_messages);
    CU_add_test(s, "search: no task fits anywhere -> infeasible",
                test_search_infeasible_without_columns);
    CU_add_test(s, "what a new user saw: a one-screen report, readable numbers",
                test_newcomer_one_screen);
    CU_add_test(s, "sensitivity: the range a smallest-size scan covered",
                test_sensitivity_scan_range);
}
