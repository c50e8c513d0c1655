/* Tests for taskset/gpu_load: the GPU record read from files in tests/data (expected values read
 * off the files by hand). */
#include <CUnit/CUnit.h>
#include <string.h>

#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "util/sha256.h"

static void expect_diag(const rt_diags *d, size_t i, long line, const char *msg)
{
    const rt_diag *g = rt_diag_get(d, i);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_ERROR);
    CU_ASSERT_EQUAL(g->line, line);
    CU_ASSERT_STRING_EQUAL(g->msg, msg);
}

/* The GPU of the example in docs/formats.md sec. 4. */
static void test_formats_example(void)
{
    rt_diags *d = rt_diag_new(100);
    rt_gpu *g = rt_gpu_load("tests/data/good/gpu.xml", d);
    CU_ASSERT_EQUAL(rt_diag_count(d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_STRING_EQUAL(g->path, "tests/data/good/gpu.xml");
    CU_ASSERT_STRING_EQUAL(g->name, "NVIDIA GeForce RTX 2060 (GPGPU-Sim)");
    CU_ASSERT_EQUAL(g->line, 2);
    CU_ASSERT_EQUAL(g->sms, 30);
    CU_ASSERT_EQUAL(g->clock_mhz, 1365.0);
    CU_ASSERT_EQUAL(g->l2_banks, 24);
    CU_ASSERT_EQUAL(g->bw_nominal_gbps, 348.0);
    CU_ASSERT_EQUAL(g->bw_effective_gbps, 330.0);
    CU_ASSERT_EQUAL(g->granularity, 1);          /* default */
    CU_ASSERT_EQUAL(g->launch_overhead_ns, 0);   /* default */
    CU_ASSERT_EQUAL(g->alpha, 100.0);
    CU_ASSERT(g->has_sm_limits);
    CU_ASSERT_EQUAL(g->sm.threads, 1024);
    CU_ASSERT_EQUAL(g->sm.blocks, 16);
    CU_ASSERT_EQUAL(g->sm.warps, 32);
    CU_ASSERT_EQUAL(g->sm.registers, 65536);
    CU_ASSERT_EQUAL(g->sm.shared_memory, 65536);
    /* coreutils: sha256sum tests/data/good/gpu.xml */
    char hex[65];
    rt_sha256_hex(g->sha256, hex);
    CU_ASSERT_STRING_EQUAL(hex, "8270f8c2aabf0c4192b2d2a65fa29d7f5ec4e5240bdb5ce69de88ada0d35f9ef");
    rt_gpu_free(g);
    rt_diag_free(d);
}

/* Optional attributes given, optional elements absent: tests/data/good/gpu-tpc.xml. */
static void test_tpc(void)
{
    rt_diags *d = rt_diag_new(100);
    rt_gpu *g = rt_gpu_load("tests/data/good/gpu-tpc.xml", d);
    CU_ASSERT_EQUAL(rt_diag_count(d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_STRING_EQUAL(g->name, "gpu-tpc");   /* no name: the file's base name */
    CU_ASSERT_EQUAL(g->clock_mhz, 1500.5);
    CU_ASSERT_EQUAL(g->bw_effective_gbps, 348.0); /* equal to nominal is allowed */
    CU_ASSERT_EQUAL(g->granularity, 2);
    CU_ASSERT_EQUAL(g->launch_overhead_ns, 2500); /* 2.5 us */
    CU_ASSERT_EQUAL(g->alpha, 100.0);             /* no <model>: default alpha */
    CU_ASSERT(!g->has_sm_limits);
    rt_gpu_free(g);
    rt_diag_free(d);
}

static void test_all_errors(void)
{
    rt_diags *d = rt_diag_new(100);
    rt_gpu *g = rt_gpu_load("tests/data/multi-errors-gpu.xml", d);
    CU_ASSERT_PTR_NULL(g);
    CU_ASSERT_EQUAL_FATAL(rt_diag_errors(d), 3);
    expect_diag(d, 0, 2, "gpu \"multi\": sms \"0\" must be at least 1");
    expect_diag(d, 1, 2, "gpu \"multi\": clock-mhz \"-1\" must be positive");
    expect_diag(d, 2, 4, "gpu \"multi\": model alpha \"0\" must be positive");
    rt_diag_free(d);
}

static void test_bad_messages(void)
{
    static const struct { const char *file; long line; const char *msg; } cases[] = {
        {"gpu-bw-effective-too-high.xml", 2, "gpu \"bad-gpu\": bw-effective-gbps \"400\" exceeds "
         "bw-nominal-gbps \"348\" (the measured saturation cannot exceed the nominal bandwidth)"},
        {"gpu-granularity-not-divisor.xml", 2, "gpu \"bad-gpu\": partition-granularity \"4\" does "
         "not divide sms \"30\" (partition sizes are multiples of it)"},
        {"gpu-launch-overhead-not-whole.xml", 2, "gpu \"bad-gpu\": launch-overhead \"0.5ns\" is not "
         "a whole number of nanoseconds (nearest safe value: 1ns, rounded up: a longer "
         "launch-overhead is the safe side)"},
        {"gpu-sm-threads-zero.xml", 4, "gpu \"bad-gpu\": sm threads \"0\" must be at least 1"},
        {"gpu-wrong-root.xml", 2, "root element is <taskset>, expected <gpu> (this looks like a "
         "task-set file)"},
        {"gpu-gzip.xml", 0, "file is gzip-compressed; compressed inputs are not accepted "
         "(decompress it first)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[200];
        snprintf(path, sizeof path, "tests/data/bad/%s", cases[i].file);
        rt_diags *d = rt_diag_new(100);
        rt_gpu *g = rt_gpu_load(path, d);
        CU_ASSERT_PTR_NULL(g);
        CU_ASSERT_EQUAL(rt_diag_errors(d), 1);
        expect_diag(d, 0, cases[i].line, cases[i].msg);
        CU_ASSERT_STRING_EQUAL(rt_diag_get(d, 0)->file, path);
        rt_gpu_free(g);
        rt_diag_free(d);
    }
    rt_gpu_free(NULL);   /* a no-op */
}

void test_gpu_register(void);
void test_gpu_register(void)
{
    CU_pSuite s = CU_add_suite("gpu", NULL, NULL);
    CU_add_test(s, "docs/formats.md sec. 4 example", test_formats_example);
    CU_add_test(s, "granularity and defaults", test_tpc);
    CU_add_test(s, "all errors reported", test_all_errors);
    CU_add_test(s, "bad-file messages", test_bad_messages);
}
