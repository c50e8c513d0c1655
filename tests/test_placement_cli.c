/* Tests of rtgpu-simulate --scenario (docs/concurrency.md sec. 8): the JSON key "placement" for
 * the G5 experiment (Gilman et al. sec. 5.1, examples/tasksets/gilman-placement-2080ti.xml), the
 * SVG chart, -o, and the errors: an unknown scenario, a GPU without <sm>, --format csv. The
 * expected values are G5's (B32 on SMs 67, 0, 2, 4, 6, 8, 10, 12 with rooms 16 then 15), not
 * output pasted back. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runcmd.h"

void test_placement_cli_register(void);

#define TS "examples/tasksets/gilman-placement-2080ti.xml"
#define GPU "examples/gpus/rtx2080ti.xml"

/* rtgpu-simulate beside RTGPU_BIN. */
static runcmd_out simcmd(char *const argv[])
{
    return runcmd_tool("rtgpu-simulate", argv, 60);
}

static void test_placement_cli_json(void)
{
    runcmd_out r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "colocated",
                                      "--format", "json", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *pl = json_object_get(j, "placement");
    CU_ASSERT_TRUE(json_is_array(pl) && json_array_size(pl) == 1);
    json_t *sc = json_array_get(pl, 0);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(sc, "scenario")), "colocated");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(sc, "placement_order")), "even-odd");
    json_t *blocks = json_object_get(sc, "blocks");
    CU_ASSERT_EQUAL(json_array_size(blocks), 75);   /* 67 A + 8 B32 */
    static const int sms[8] = {67, 0, 2, 4, 6, 8, 10, 12};
    for (size_t i = 0; i < 8 && json_array_size(blocks) == 75; i++) {
        json_t *b = json_array_get(blocks, 67 + i);
        CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(b, "kernel")), "B32");
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(b, "block")), (json_int_t)i);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(b, "sm")), sms[i]);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(b, "room")), i ? 15 : 16);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(b, "start_ns")), 0);
        CU_ASSERT_EQUAL(json_integer_value(json_object_get(b, "end_ns")), 10000);
    }
    json_t *ks = json_object_get(sc, "kernels");
    CU_ASSERT_EQUAL(json_array_size(ks), 2);
    json_t *b32 = json_array_get(ks, 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(b32, "kernel")), "B32");
    CU_ASSERT_EQUAL(json_integer_value(json_object_get(b32, "finish_ns")), 10000);
    json_t *bsms = json_object_get(b32, "sms");   /* sorted */
    CU_ASSERT_EQUAL(json_array_size(bsms), 8);
    CU_ASSERT_EQUAL(json_integer_value(json_array_get(bsms, 0)), 0);
    CU_ASSERT_EQUAL(json_integer_value(json_array_get(bsms, 7)), 67);
    json_t *co = json_object_get(b32, "colocated_with");
    CU_ASSERT_EQUAL(json_array_size(co), 1);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_array_get(co, 0)), "A");
    json_decref(j);
    runcmd_free(&r);
}

static void test_placement_cli_svg(void)
{
    char path[] = "/tmp/rtgpu-placement-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    close(fd);
    runcmd_out r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "nine-blocks",
                                      "--format", "svg", "-o", path, NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    FILE *f = fopen(path, "rb");
    char *svg = f ? runcmd_slurp(f) : NULL;
    if (f)
        fclose(f);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "<svg"));
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "B33x9 block 8 on SM 0 (room 8): 0 ns to 10 us"));
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "class=\"legend\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "SM 67"));
    /* 68 rows and 76 blocks */
    size_t rows = 0, blocks = 0;
    for (const char *p = strstr(svg, "class=\"sm\""); p; p = strstr(p + 1, "class=\"sm\""))
        rows++;
    for (const char *p = strstr(svg, "<title>"); p; p = strstr(p + 1, "<title>"))
        blocks++;
    CU_ASSERT_EQUAL(rows, 68);
    CU_ASSERT_EQUAL(blocks, 76);
    free(svg);
    unlink(path);
    runcmd_free(&r);
}

static void test_placement_cli_errors(void)
{
    runcmd_out r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "nope", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, TS ": error: no <scenario name=\"nope\"> in the task "
                                  "set (it has \"isolated\", \"colocated\", \"nine-blocks\")"));
    runcmd_free(&r);
    r = simcmd((char *[]){ "x", TS, "--gpu", "tests/data/placement/gpu-no-sm.xml", "--scenario",
                           "colocated", NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "tests/data/placement/gpu-no-sm.xml:4: error: gpu \"no sm\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "has no <sm> element"));
    runcmd_free(&r);
    r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "colocated", "--format", "csv",
                           NULL });
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, "--scenario writes text, json or svg"));
    runcmd_free(&r);
    r = simcmd((char *[]){ "x", "--help", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(r.out, "--scenario NAME"));
    runcmd_free(&r);
}

/* -q prints nothing; the text lines are checked by tests/check_examples.sh. */
static void test_placement_cli_quiet(void)
{
    runcmd_out r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "isolated", "-q",
                                      NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.out, "");
    runcmd_free(&r);
}

/* The placement is charged to the work budget (issue 30 item 4: 2 M blocks on 4,096 SMs ran
 * 73 s with no bound). "colocated" places 67 blocks of A and 8 of B32 = 75 blocks on 68 SMs with
 * 2 kernels; each block costs PSIM_UNITS_PER_VISIT x (68 + 2) = 3 x 70 = 210 units, so the whole
 * placement costs 75 x 210 = 15,750 units: --budget 15750 finishes it, 15749 does not (exit 3,
 * no output, the step named). */
static void test_placement_cli_budget(void)
{
    runcmd_out r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "colocated",
                                      "--budget", "15750", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "2 kernels, 75 blocks, 0 waiting"));
    runcmd_free(&r);
    r = simcmd((char *[]){ "x", TS, "--gpu", GPU, "--scenario", "colocated", "--budget", "15749",
                           NULL });
    CU_ASSERT_EQUAL(r.status, 3);
    CU_ASSERT(r.out && r.out[0] == '\0');
    CU_ASSERT_PTR_NOT_NULL(r.err && strstr(r.err, "undecided: the work budget of 15749 units "
                                                  "(--budget) ran out in the block placement of "
                                                  "scenario \"colocated\""));
    runcmd_free(&r);
}

void test_placement_cli_register(void)
{
    CU_pSuite s = CU_add_suite("placement_cli", NULL, NULL);
    CU_add_test(s, "the placement is charged to the work budget", test_placement_cli_budget);
    CU_add_test(s, "json placement (G5)", test_placement_cli_json);
    CU_add_test(s, "svg chart (G6)", test_placement_cli_svg);
    CU_add_test(s, "errors", test_placement_cli_errors);
    CU_add_test(s, "quiet", test_placement_cli_quiet);
}
