/* Tests of --emit-partitions FORMAT -O FILE and --emit-taskset FILE through the command line.
 * Masks and ranges are the hand computations of tests/test_deploy.c (TPC = 2 SMs, bit i set =
 * TPC i disabled); each is repeated where it is asserted. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runcmd.h"
#include "suites.h"

#define ORIN "examples/gpus/jetson-agx-orin.xml"
#define H100 "examples/gpus/h100-sxm.xml"
#define ORIN_GIVEN "examples/tasksets/orin-camera-pipeline.xml"
#define ORIN_SEARCH "examples/tasksets/orin-perception-search.xml"
#define H100_ILLEGAL "tests/data/deploy/h100-64-68.xml"
#define H100_LEGAL "tests/data/deploy/h100-64-64.xml"

static char dir[] = "/tmp/rtgpu-emit-XXXXXX";

static int suite_init(void)
{
    return mkdtemp(dir) ? 0 : -1;
}

static int suite_clean(void)
{
    const char *names[] = {"o", "t.xml", "keep", "r.json", "r2.json", "p.json", "p1.json", "t1.xml"};
    char p[96];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
    return 0;
}

static char *path_in_dir(const char *name)
{
    static char p[4][96];
    static int k;
    k = (k + 1) % 4;
    snprintf(p[k], sizeof p[k], "%s/%s", dir, name);
    return p[k];
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *s = runcmd_slurp(f);
    fclose(f);
    return s;
}

/* Run, expect status, return the -O file's text (caller frees; NULL if absent). */
static char *emit(char *ts, char *gpu, char *fmt, int status)
{
    char *out = path_in_dir("o");
    unlink(out);
    runcmd_out r = runcmd((char *[]){"x", ts, "--gpu", gpu, "-q", "--emit-partitions", fmt,
                                     "-O", out, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, status);
    runcmd_free(&r);
    return slurp(out);
}

static void test_orin_libsmctrl_nvtaskset(void)
{
    char *h = emit(ORIN_GIVEN, ORIN, "libsmctrl", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    /* camera SMs 0-3 = TPCs 0-1: ~0x3; detector SMs 4-11 = TPCs 2-5: ~0x3c; lidar SMs 12-15 =
     * TPCs 6-7: ~0xc0. 8 TPCs <= 64: uint64_t, libsmctrl_set_stream_mask. */
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "#define RTGPU_TPCS 8\n#define RTGPU_PARTITIONS 3\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h,
        "/* partition 0: SMs 0-3 (4 SMs), TPCs 0-1; tasks \"cam_preprocess\", \"tracker\" */\n"
        "#define RTGPU_PARTITION_0_NAME \"camera\"\n"
        "#define RTGPU_PARTITION_0_MASK UINT64_C(0xfffffffffffffffc)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "#define RTGPU_PARTITION_1_MASK UINT64_C(0xffffffffffffffc3)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "#define RTGPU_PARTITION_2_MASK UINT64_C(0xffffffffffffff3f)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "libsmctrl_set_stream_mask(s, RTGPU_PARTITION_<i>_MASK);"));
    CU_ASSERT_PTR_NULL(strstr(h, "_ext"));
    free(h);
    char *n = emit(ORIN_GIVEN, ORIN, "nvtaskset", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\nnvtaskset -t 0-1 COMMAND  # partition \"camera\": SMs 0-3;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\nnvtaskset -t 2-5 COMMAND  # partition \"detector\": SMs 4-11;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\nnvtaskset -t 6-7 COMMAND  # partition \"lidar\": SMs 12-15;"));
    free(n);
}

static void test_orin_json(void)
{
    char *j = emit(ORIN_GIVEN, ORIN, "json", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_error_t e;
    json_t *root = json_loads(j, 0, &e);
    free(j);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *gpu = json_object_get(root, "gpu");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(gpu, "tpcs")), 8);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(gpu, "compute_capability")), "8.7");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(root, "layout")), "given");
    json_t *p1 = json_array_get(json_object_get(root, "partitions"), 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(p1, "name")), "detector");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(p1, "first_sm")), 4);
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(p1, "sms")), 8);
    json_t *tpcs = json_object_get(p1, "tpcs");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(tpcs, "first")), 2);   /* 4 / 2 */
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(tpcs, "last")), 5);    /* 12 / 2 - 1 */
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(p1, "libsmctrl_disable_mask")),
                           "0xffffffffffffffc3");                             /* ~0x3c */
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(p1, "nvtaskset")), "nvtaskset -t 2-5");
    json_t *gc = json_object_get(p1, "green_context");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(gc, "sm_count")), 8);
    CU_ASSERT(json_is_true(json_object_get(gc, "legal")));                    /* 8 >= 4, even */
    json_decref(root);
}

/* Orin, the layout the search finds (2 + 6 + 4 SMs, the example's hand result): the 2-SM
 * partition is below the 8.X minimum of 4; the -O file is left as it was. */
static void test_orin_green_illegal(void)
{
    char *keep = path_in_dir("keep");
    FILE *f = fopen(keep, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs("previous\n", f);
    fclose(f);
    char *t = path_in_dir("t.xml");
    unlink(t);
    runcmd_out r = runcmd((char *[]){"x", ORIN_SEARCH, "--gpu", ORIN, "-q", "--emit-partitions",
                                     "green-contexts", "-O", keep, "--emit-taskset", t, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out, "");   /* nothing written, not even the report */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "partition \"P0\" has 2 SMs"));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "compute capability 8.7 (at least 4 SMs and a multiple "
                                         "of 2); nearest legal sizes: 4 SMs; nothing written"));
    runcmd_free(&r);
    char *s = slurp(keep);
    CU_ASSERT_STRING_EQUAL(s, "previous\n");
    free(s);
    CU_ASSERT_NOT_EQUAL(access(t, F_OK), 0);
}

/* A report that cannot be written (-o /dev/full: a device, written in place, fails with ENOSPC)
 * leaves no -O or --emit-taskset file behind: every output of a run is committed only when all
 * are complete (docs/report.md "Output safety"). Exit 2, the report named. */
static void test_report_fails_nothing_written(void)
{
    char *p = path_in_dir("p.json"), *t = path_in_dir("t.xml");
    char *both[] = {"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "-o", "/dev/full", "--emit-partitions",
                    "json", "-O", p, "--emit-taskset", t, NULL};
    char *part[] = {"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "-o", "/dev/full", "--emit-partitions",
                    "json", "-O", p, NULL};
    char *task[] = {"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "-o", "/dev/full", "--emit-taskset", t,
                    NULL};
    char **runs[] = {both, part, task};
    for (size_t i = 0; i < 3; i++) {
        unlink(p);
        unlink(t);
        runcmd_out r = runcmd(runs[i], 60);
        CU_ASSERT_EQUAL(r.status, 2);
        CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "cannot write report to /dev/full: No space left"));
        runcmd_free(&r);
        CU_ASSERT_NOT_EQUAL(access(p, F_OK), 0);
        CU_ASSERT_NOT_EQUAL(access(t, F_OK), 0);
    }
}

/* The normal case: report, partitions and task set all written, the last two byte for byte what
 * a run asking for that output alone writes (path_in_dir keeps 4 names: r1 is read before the
 * fifth). */
static void test_all_outputs_written(void)
{
    char *r1 = path_in_dir("r.json"), *p = path_in_dir("p.json"), *t = path_in_dir("t.xml");
    runcmd_out r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "--format", "json",
                                     "-o", r1, "--emit-partitions", "json", "-O", p,
                                     "--emit-taskset", t, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    json_error_t e;
    json_t *rep = json_load_file(r1, 0, &e);
    CU_ASSERT_PTR_NOT_NULL(rep);
    json_decref(rep);
    char *p1 = path_in_dir("p1.json"), *t1 = path_in_dir("t1.xml");
    r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "--emit-partitions", "json", "-O",
                          p1, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "--emit-taskset", t1, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *a = slurp(p), *b = slurp(p1), *c = slurp(t), *d = slurp(t1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_STRING_EQUAL(a, b);
    CU_ASSERT_STRING_EQUAL(c, d);
    free(a);
    free(b);
    free(c);
    free(d);
}

static void test_orin_green_legal(void)
{
    char *g = emit(ORIN_GIVEN, ORIN, "green-contexts", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "# Compute capability 8.7: a count must be at least 4 SMs "
                                     "and a multiple of 2\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n4 \"camera\"  # SMs 0-3;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n8 \"detector\"  # SMs 4-11;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n4 \"lidar\"  # SMs 12-15;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "cuDevSmResourceSplitByCount"));
    free(g);
}

/* More compute capabilities (docs/evidence.md, "Green contexts"): the Orin search layout (P0 of
 * 2 SMs) on the same 16-SM GPU with cc 7.2 (7.X: at least 2, multiple of 2: legal) and 8.9
 * (8.X: at least 4: refused, nearest 4). Before 7.2 and 8.9 were known, both GPU files were
 * refused at load. */
static void test_more_cc(void)
{
    char *g = emit(ORIN_SEARCH, "tests/data/deploy/gpu16-cc72.xml", "green-contexts", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "# Compute capability 7.2: a count must be at least 2 SMs "
                                     "and a multiple of 2\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n2 \"P0\"  # SMs 0-1;"));
    free(g);
    runcmd_out r = runcmd((char *[]){"x", ORIN_SEARCH, "--gpu", "tests/data/deploy/gpu16-cc89.xml",
                                     "-q", "--emit-partitions", "green-contexts", "-O",
                                     path_in_dir("o"), NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "partition \"P0\" has 2 SMs, which CUDA green contexts "
                                         "cannot create on compute capability 8.9 (at least 4 SMs "
                                         "and a multiple of 2); nearest legal sizes: 4 SMs"));
    runcmd_free(&r);
}

/* H100: 66 TPCs, 128-bit masks (see test_deploy.c for the bits). */
static void test_h100(void)
{
    char *h = emit(H100_ILLEGAL, H100, "libsmctrl", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(h);
    /* left SMs 0-63 = TPCs 0-31; right SMs 64-131 = TPCs 32-65 */
    CU_ASSERT_PTR_NOT_NULL(strstr(h,
        "#define RTGPU_PARTITION_0_MASK_HI UINT64_C(0xffffffffffffffff)\n"
        "#define RTGPU_PARTITION_0_MASK_LO UINT64_C(0xffffffff00000000)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h,
        "/* partition 1: SMs 64-131 (68 SMs), TPCs 32-65; task \"b\" */\n"
        "#define RTGPU_PARTITION_1_NAME \"right\"\n"
        "#define RTGPU_PARTITION_1_MASK_HI UINT64_C(0xfffffffffffffffc)\n"
        "#define RTGPU_PARTITION_1_MASK_LO UINT64_C(0x00000000ffffffff)\n"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "libsmctrl_set_stream_mask_ext(s, RTGPU_PARTITION_<i>_MASK);"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "Compute capability 9.0: libsmctrl's README"));
    free(h);
    char *n = emit(H100_LEGAL, H100, "nvtaskset", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(n);
    /* right SMs 68-131 = TPCs 34-65 */
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\nnvtaskset -t 0-31 COMMAND  # partition \"left\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(n, "\nnvtaskset -t 34-65 COMMAND  # partition \"right\""));
    free(n);
    /* 68 SMs on 9.0 (minimum 8, multiple of 8): the nearest are 64 and 72. */
    runcmd_out r = runcmd((char *[]){"x", H100_ILLEGAL, "--gpu", H100, "-q", "--emit-partitions",
                                     "green-contexts", "-O", path_in_dir("o"), NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "partition \"right\" has 68 SMs, which CUDA green "
                                         "contexts cannot create on compute capability 9.0 (at "
                                         "least 8 SMs and a multiple of 8); nearest legal sizes: "
                                         "64 or 72 SMs"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "\"left\""));   /* 64 is legal */
    runcmd_free(&r);
    char *g = emit(H100_LEGAL, H100, "green-contexts", 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n64 \"left\"  # SMs 0-63;"));
    CU_ASSERT_PTR_NOT_NULL(strstr(g, "\n64 \"right\"  # SMs 68-131;"));
    free(g);
}

static void test_bad_uses(void)
{
    /* No compute capability in the GPU file: green contexts cannot be checked. */
    char *g = emit("tests/data/good/taskset.xml", "tests/data/good/gpu.xml", "green-contexts", 2);
    CU_ASSERT_PTR_NULL(g);
    free(g);
    runcmd_out r = runcmd((char *[]){"x", "tests/data/good/taskset.xml", "--gpu",
                                     "tests/data/good/gpu.xml", "--emit-partitions",
                                     "green-contexts", "-O", path_in_dir("o"), NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "needs the GPU's compute capability"));
    runcmd_free(&r);
    /* -O and --emit-taskset onto an input, or onto each other. */
    r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "--emit-partitions", "json", "-O",
                          ORIN, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-O examples/gpus/jetson-agx-orin.xml is one of the "
                                         "input files"));
    runcmd_free(&r);
    r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "--emit-taskset", ORIN_GIVEN, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--emit-taskset " ORIN_GIVEN " is one of the input files"));
    runcmd_free(&r);
    char *o = path_in_dir("o");
    r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "--emit-partitions", "json", "-O", o,
                          "--emit-taskset", o, NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "-O and --emit-taskset both name"));
    runcmd_free(&r);
    /* No layout: the search finds none, so nothing is written and the verdict stands (1). */
    unlink(o);
    r = runcmd((char *[]){"x", "tests/data/cli/infeasible.xml", "--gpu",
                          "tests/data/cli/tiny-gpu.xml", "--emit-partitions", "json", "-O", o,
                          NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "no layout to emit"));
    CU_ASSERT_NOT_EQUAL(access(o, F_OK), 0);
    runcmd_free(&r);
}

/* The response times, priorities and partitions of a JSON report, as one comparable string. */
static char *summary(const char *json)
{
    json_error_t e;
    json_t *root = json_loads(json, 0, &e);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *keep = json_pack("{s:O,s:O,s:O}", "verdict", json_object_get(root, "verdict"),
                             "partitions", json_object_get(root, "partitions"), "tasks",
                             json_object_get(root, "tasks"));
    char *s = json_dumps(keep, JSON_SORT_KEYS | JSON_COMPACT);
    json_decref(keep);
    json_decref(root);
    return s;
}

/* Search, freeze the found layout with --emit-taskset, re-check it with --assign given: the
 * same verdict, partitions, priorities and response times. */
static void test_freeze_and_recheck(void)
{
    char *t = path_in_dir("t.xml"), *r1 = path_in_dir("r.json"), *r2 = path_in_dir("r2.json");
    runcmd_out r = runcmd((char *[]){"x", ORIN_SEARCH, "--gpu", ORIN, "--format", "json", "-o",
                                     r1, "--emit-taskset", t, NULL}, 120);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *frozen = slurp(t);
    CU_ASSERT_PTR_NOT_NULL_FATAL(frozen);
    /* everything else kept: the file's comments, kernels and jitter, priorities explicit */
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "The perception pipeline of orin-camera-pipeline.xml"));
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "<kernel name=\"PP_HEAD\" time=\"1.0ms\" bw-gbps=\"60\" "
                                          "kai=\"1.0\"/>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "<task name=\"lidar\" period=\"100ms\" deadline=\"50ms\" "
                                          "priority=\"4\" jitter=\"1ms\">"));
    /* the example's hand result: cam_preprocess alone on 2 SMs */
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "<partition name=\"P0\" sms=\"2\" first-sm=\"0\">\n"
                                          "    <task-ref name=\"cam_preprocess\"/>\n  </partition>"));
    free(frozen);
    r = runcmd((char *[]){"x", t, "--gpu", ORIN, "--assign", "given", "--format", "json", "-o",
                          r2, NULL}, 120);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *j1 = slurp(r1), *j2 = slurp(r2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j1);
    CU_ASSERT_PTR_NOT_NULL_FATAL(j2);
    char *s1 = summary(j1), *s2 = summary(j2);
    CU_ASSERT_PTR_NOT_NULL(s1);
    CU_ASSERT_PTR_NOT_NULL(s2);
    if (s1 && s2)
        CU_ASSERT_STRING_EQUAL(s1, s2);
    /* 12 SMs in all, as the example's comment derives: 2 + 6 + 4 */
    CU_ASSERT_PTR_NOT_NULL(strstr(j2, "\"sms\": 2") && strstr(j2, "\"sms\": 6") &&
                           strstr(j2, "\"sms\": 4"));
    free(s1);
    free(s2);
    free(j1);
    free(j2);
}

/* A given layout written back: partitions replaced (first-sm explicit), verdict unchanged. */
static void test_given_round_trip(void)
{
    char *t = path_in_dir("t.xml");
    runcmd_out r = runcmd((char *[]){"x", ORIN_GIVEN, "--gpu", ORIN, "-q", "--emit-taskset", t,
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
    char *frozen = slurp(t);
    CU_ASSERT_PTR_NOT_NULL_FATAL(frozen);
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "<partition name=\"detector\" sms=\"8\" first-sm=\"4\">"));
    CU_ASSERT_PTR_NOT_NULL(strstr(frozen, "<partition name=\"lidar\" sms=\"4\" first-sm=\"12\">"));
    CU_ASSERT_PTR_NULL(strstr(frozen, "<partition name=\"camera\" sms=\"4\">"));   /* replaced */
    free(frozen);
    r = runcmd((char *[]){"x", t, "--gpu", ORIN, "-q", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    runcmd_free(&r);
}

void test_emit_register(void)
{
    CU_pSuite s = CU_add_suite("emit", suite_init, suite_clean);
    CU_add_test(s, "Orin: libsmctrl header and nvtaskset lines", test_orin_libsmctrl_nvtaskset);
    CU_add_test(s, "Orin: JSON", test_orin_json);
    CU_add_test(s, "Orin: green contexts cannot make 2 SMs; nothing written",
                test_orin_green_illegal);
    CU_add_test(s, "Orin: green contexts of the given layout", test_orin_green_legal);
    CU_add_test(s, "-o /dev/full: no -O or --emit-taskset file written",
                test_report_fails_nothing_written);
    CU_add_test(s, "report, partitions and task set all written", test_all_outputs_written);
    CU_add_test(s, "green contexts on compute capabilities 7.2 and 8.9", test_more_cc);
    CU_add_test(s, "H100: 128-bit masks, 68 SMs illegal, 64 + 64 legal", test_h100);
    CU_add_test(s, "bad uses: no compute capability, onto an input, no layout", test_bad_uses);
    CU_add_test(s, "search, --emit-taskset, --assign given: the same result",
                test_freeze_and_recheck);
    CU_add_test(s, "a given layout written back re-checks", test_given_round_trip);
}
