/* Tests of the command line: usage errors, help, version, atomic -o. */
#include <CUnit/CUnit.h>
#include <sys/stat.h>

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
    expect_usage_error((char *[]){"x", GOOD_TS, "--gpu", GOOD_GPU, "--format=html", NULL},
                       "not available");
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

void test_cli_register(void)
{
    CU_pSuite s = CU_add_suite("cli", NULL, NULL);
    CU_add_test(s, "usage errors exit 2 with a hint", test_usage_errors);
    CU_add_test(s, "--help and --version", test_help_and_version);
    CU_add_test(s, "--validate-only prints nothing", test_validate_only_prints_nothing);
    CU_add_test(s, "-o is written atomically", test_output_is_atomic);
}
