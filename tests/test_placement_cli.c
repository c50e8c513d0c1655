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

#define DENSE "tests/data/placement/dense-2080ti.xml"

/* rtgpu-simulate DENSE --scenario sc --format svg into a temporary file; its text (free it). */
static char *dense_svg(char *sc, runcmd_out *r)
{
    char path[] = "/tmp/rtgpu-placement-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        return NULL;
    close(fd);
    *r = simcmd((char *[]){ "x", DENSE, "--gpu", GPU, "--scenario", sc, "--format", "svg",
                            "-o", path, NULL });
    FILE *f = fopen(path, "rb");
    char *svg = f ? runcmd_slurp(f) : NULL;
    if (f)
        fclose(f);
    unlink(path);
    return svg;
}

static size_t count(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* Scenario "dense" (the file's comment): 20,400 BIG blocks then 680 SMALL blocks, 21,080 in all,
 * past the 20,000 blocks drawn one by one: one band per kernel per SM. BIG runs on every SM
 * (75 waves of 4 per SM); SMALL's first 544 blocks are placed at 750 us on 68 empty SMs, 8 on
 * each (room 8 everywhere), so it too runs on every SM: 68 bands each. Drawing the first 20,000
 * blocks instead showed BIG alone. The block-time check: BIG 75 x 10 us = 750 us against 1 ms is
 * 25% apart, not more: no warning; SMALL 2 x 5 us = 10 us against 1 ms: -99%: a warning at its
 * <launch> (line 23). */
static void test_placement_cli_dense(void)
{
    runcmd_out r;
    char *svg = dense_svg((char[]){ "dense" }, &r);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    CU_ASSERT_EQUAL(count(svg, "<title>BIG: "), 68);
    CU_ASSERT_EQUAL(count(svg, "<title>SMALL: "), 68);
    CU_ASSERT_EQUAL(count(svg, " block "), 0);   /* no single block drawn */
    CU_ASSERT_PTR_NOT_NULL(strstr(r.err, DENSE ":23: warning: kernel \"SMALL\": block-time 5000 "
                                  "ns x 2 waves (680 blocks in waves of 68 SMs x 8 resident) = "
                                  "10000 ns alone on the GPU, but the kernel's own time is "
                                  "1000000 ns (-99%, more than 25% apart)"));
    CU_ASSERT_PTR_NULL(strstr(r.err, "\"BIG\""));
    free(svg);
    runcmd_free(&r);
    /* -q keeps the warning back */
    r = simcmd((char *[]){ "x", DENSE, "--gpu", GPU, "--scenario", "dense", "-q", NULL });
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_STRING_EQUAL(r.err, "");
    runcmd_free(&r);
}

/* An upper bound of a text's width at 12 px, independent of the chart's own: per character the
 * advance width of DejaVu Sans (the face headless Chromium draws sans-serif with here) rounded
 * up: W .989 and m .974 -> 1 em, other capitals <= .863 -> 0.9 em, e-acute .615 and anything
 * else outside ASCII -> 1 em, the other letters, digits and punctuation of these texts <= .636
 * -> 0.64 em. UTF-8 continuation bytes add nothing. */
static double dejavu_w(const char *s, size_t n)
{
    double em = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        em += (c & 0xC0) == 0x80 ? 0.0 : c >= 0x80 || c == 'W' || c == 'm' ? 1.0
              : c >= 'A' && c <= 'Z' ? 0.9 : 0.64;
    }
    return em * 12.0;
}

/* Scenario "legend": twelve kernels, 46-character names and 3-character names in turn, and one
 * named with 150 e-acutes (300 bytes: its legend text and tooltip were cut inside a character,
 * and the chart refused as invalid UTF-8, exit 2; now the text ends in "..."). Every
 * legend entry (swatch from its x, text from its x to x + its width bound) must end before the
 * next entry of its row starts and before the right margin (1100 - 16); rows 18 px apart. The
 * four fixed columns of 267 px drew the long names across their neighbours. */
static void test_placement_cli_legend(void)
{
    runcmd_out r;
    char *svg = dense_svg((char[]){ "legend" }, &r);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(svg);
    const char *p = strstr(svg, "<g class=\"legend\"");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    size_t entries = 0, rows = 0;
    double prev_end = 0, prev_y = -1;
    for (;;) {
        double rx, ry, tx, ty;
        const char *rect = strstr(p, "<rect x=\""), *end = strstr(p, "</g>");
        if (!rect || (end && end < rect))
            break;
        CU_ASSERT_FATAL(sscanf(rect, "<rect x=\"%lf\" y=\"%lf\"", &rx, &ry) == 2);
        const char *text = strstr(rect, "<text x=\"");
        CU_ASSERT_PTR_NOT_NULL_FATAL(text);
        CU_ASSERT_FATAL(sscanf(text, "<text x=\"%lf\" y=\"%lf\"", &tx, &ty) == 2);
        const char *t0 = strchr(text, '>') + 1, *t1 = strstr(t0, "</text>");
        CU_ASSERT_PTR_NOT_NULL_FATAL(t1);
        CU_ASSERT(tx >= rx + 14.0);                 /* text right of its swatch */
        CU_ASSERT_DOUBLE_EQUAL(ty - ry, 10.0, 1e-9);   /* swatch beside its text */
        if (ry == prev_y) {
            CU_ASSERT(rx >= prev_end);              /* no overlap within a row */
        } else {
            CU_ASSERT(prev_y < 0 || ry >= prev_y + 18.0);
            rows++;
        }
        prev_end = tx + dejavu_w(t0, (size_t)(t1 - t0));
        CU_ASSERT(prev_end <= 1100.0 - 16.0);
        prev_y = ry;
        entries++;
        p = t1;
    }
    CU_ASSERT_EQUAL(entries, 13);
    CU_ASSERT(rows >= 2 && rows < 13);   /* rows shared, none overfull */
    CU_ASSERT_PTR_NOT_NULL(strstr(svg, "\xc3\xa9..." "</text>"));
    free(svg);
    runcmd_free(&r);
}

void test_placement_cli_register(void)
{
    CU_pSuite s = CU_add_suite("placement_cli", NULL, NULL);
    CU_add_test(s, "the placement is charged to the work budget", test_placement_cli_budget);
    CU_add_test(s, "json placement (G5)", test_placement_cli_json);
    CU_add_test(s, "svg chart (G6)", test_placement_cli_svg);
    CU_add_test(s, "svg past 20,000 blocks: bands; block-time check", test_placement_cli_dense);
    CU_add_test(s, "svg legend in rows without overlap", test_placement_cli_legend);
    CU_add_test(s, "errors", test_placement_cli_errors);
    CU_add_test(s, "quiet", test_placement_cli_quiet);
}
