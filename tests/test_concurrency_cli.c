/* rtgpu-analyze's block-level report (docs/concurrency.md, docs/report.md): JSON keys and values
 * for Cruz et al.'s Table 3 pair S1 -> S2 (worked in docs/concurrency.md sec. 6 and in
 * examples/tasksets/cruz-table3.xml), the spread variant, skipped models, the option's errors,
 * and the rule that these models never change the verdict. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <string.h>

#include "runcmd.h"
#include "suites.h"

#define K40 "examples/gpus/tesla-k40.xml"
#define T3 "examples/tasksets/cruz-table3.xml"
#define T5 "examples/tasksets/cruz-table5.xml"

static json_t *run_json(char *const argv[], int want_status)
{
    runcmd_out r = runcmd(argv, 60);
    CU_ASSERT_EQUAL(r.status, want_status);
    json_error_t e;
    json_t *root = r.out ? json_loads(r.out, 0, &e) : NULL;
    runcmd_free(&r);
    return root;
}

/* The leftover entry first -> second. */
static json_t *pair(json_t *root, const char *first, const char *second)
{
    json_t *a = json_object_get(root, "leftover"), *v;
    size_t i;
    json_array_foreach(a, i, v) {
        if (strcmp(json_string_value(json_object_get(v, "first")), first) == 0 &&
            strcmp(json_string_value(json_object_get(v, "second")), second) == 0)
            return v;
    }
    return NULL;
}

static json_int_t geti(json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_integer(v) ? json_integer_value(v) : -12345;
}

static const char *gets(json_t *o, const char *k)
{
    const char *s = json_string_value(json_object_get(o, k));
    return s ? s : "(none)";
}

/* S1 -> S2 on the K40, packed: every field of sec. 1.4 with its hand value. */
static void test_json_table3(void)
{
    json_t *root = run_json((char *[]){"x", T3, "--gpu", K40, "--format", "json", NULL}, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *p = pair(root, "S1", "S2");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(gets(p, "partition"), "GPU15");
    CU_ASSERT_EQUAL(geti(p, "sms"), 15);
    CU_ASSERT_STRING_EQUAL(gets(p, "case"), "A");
    CU_ASSERT_STRING_EQUAL(gets(p, "distribution"), "packed");
    CU_ASSERT_EQUAL(geti(p, "exec_time_ns"), 1000000);  /* 745000 cycles at 745 MHz */
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(p, "exec_time_cycles")), 745000.0, 0.0);
    CU_ASSERT_EQUAL(geti(p, "launch_overhead_ns"), 0);
    CU_ASSERT(json_is_true(json_object_get(p, "cond1")));
    CU_ASSERT(json_is_true(json_object_get(p, "cond2")));
    CU_ASSERT_EQUAL(geti(p, "active_blocks_first"), 8);
    CU_ASSERT_EQUAL(geti(p, "active_blocks_second"), 8);
    CU_ASSERT_EQUAL(geti(p, "rounds_first"), 1);       /* cdiv(110, 120) */
    CU_ASSERT_EQUAL(geti(p, "last_round_blocks"), 110); /* 110 mod 120 */
    CU_ASSERT_EQUAL(geti(p, "full_sms"), 13);
    CU_ASSERT_EQUAL(geti(p, "partial_blocks"), 6);
    CU_ASSERT_EQUAL(geti(p, "free_sms"), 1);
    CU_ASSERT_EQUAL(geti(p, "alloc_full"), 0);
    CU_ASSERT_EQUAL(geti(p, "alloc_partial"), 2);
    CU_ASSERT_EQUAL(geti(p, "capacity"), 10);
    CU_ASSERT_EQUAL(geti(p, "rounds_second"), 4);
    CU_ASSERT_EQUAL(geti(p, "rounds_lim_res"), 45);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(p, "slowdown")), 11.25, 0.0);
    CU_ASSERT_STRING_EQUAL(gets(p, "slowdown_fraction"), "45/4");
    /* S2 -> S1: 450 blocks over 120 slots: not cond1, 450 mod 120 = 90 > 0: B, no slowdown */
    p = pair(root, "S2", "S1");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(gets(p, "case"), "B");
    CU_ASSERT(json_is_false(json_object_get(p, "cond1")));
    CU_ASSERT(json_is_null(json_object_get(p, "cond2")));
    CU_ASSERT(json_is_null(json_object_get(p, "capacity")));
    CU_ASSERT(json_is_null(json_object_get(p, "slowdown")));
    CU_ASSERT(json_is_null(json_object_get(p, "slowdown_fraction")));
    CU_ASSERT_EQUAL(geti(p, "last_round_blocks"), 90);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "leftover")), 132);
    /* occupancy of S1: A = 8 limited by threads and warps; W_b 8, R_b 16*32*8 = 4096, S_b 1024 */
    json_t *o = json_array_get(json_object_get(root, "occupancy"), 0);
    CU_ASSERT_STRING_EQUAL(gets(o, "kernel"), "S1");
    CU_ASSERT_EQUAL(geti(o, "active_blocks"), 8);
    CU_ASSERT_EQUAL(geti(o, "warps_per_block"), 8);
    CU_ASSERT_EQUAL(geti(o, "registers_per_block"), 4096);
    CU_ASSERT_EQUAL(geti(o, "shared_memory_per_block"), 1024);
    json_t *lim = json_object_get(o, "limits");
    CU_ASSERT_EQUAL(geti(lim, "threads"), 8);
    CU_ASSERT_EQUAL(geti(lim, "registers"), 16);      /* 65536/512 = 128 warps, /8 */
    CU_ASSERT_EQUAL(geti(lim, "shared_memory"), 48);  /* 49152/1024 */
    CU_ASSERT_EQUAL(json_array_size(json_object_get(o, "limiting")), 2);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(o, "occupancy")), 1.0, 0.0);
    /* the effective <sm> values with their sources */
    json_t *sm = json_object_get(json_object_get(root, "gpu"), "sm");
    CU_ASSERT(json_is_true(json_object_get(sm, "plain_arithmetic")));
    CU_ASSERT(json_is_null(json_object_get(sm, "compute_capability")));
    json_t *vals = json_object_get(sm, "values");
    CU_ASSERT_EQUAL(geti(json_object_get(vals, "threads"), "value"), 2048);
    CU_ASSERT_STRING_EQUAL(gets(json_object_get(vals, "threads"), "source"), "given");
    CU_ASSERT_STRING_EQUAL(gets(json_object_get(vals, "warp_size"), "source"), "default");
    /* speed-up and efficiency on every row, anchor n0 = 1; mapping per kernel */
    json_t *k0 = json_array_get(json_object_get(root, "kernels"), 0);
    CU_ASSERT_EQUAL(geti(k0, "scaling_anchor"), 1);
    json_t *row0 = json_array_get(json_object_get(k0, "table"), 0);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(row0, "speedup")), 1.0, 0.0);
    CU_ASSERT_DOUBLE_EQUAL(json_real_value(json_object_get(row0, "efficiency")), 1.0, 0.0);
    json_t *m0 = json_array_get(json_object_get(root, "mapping"), 0);
    CU_ASSERT_STRING_EQUAL(gets(m0, "kernel"), "S1");
    CU_ASSERT_EQUAL(geti(m0, "blocks_per_sm"), 8);
    CU_ASSERT_EQUAL(geti(m0, "launched_blocks"), 120);
    CU_ASSERT_EQUAL(geti(m0, "rounds"), 1);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(m0, "per_sm")), 15);
    json_t *note = json_array_get(json_object_get(root, "leftover_notes"), 0);
    CU_ASSERT_EQUAL(geti(note, "pairs"), 132);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "models_skipped")), 0);
    CU_ASSERT_STRING_EQUAL(gets(json_object_get(root, "options"), "leftover_distribution"),
                           "packed");
    json_decref(root);
}

/* --leftover-distribution spread: PFL -> kNN 43/32 with the packed-only fields null. */
static void test_json_spread(void)
{
    json_t *root = run_json((char *[]){"x", T5, "--gpu", K40, "--format=json",
                                       "--leftover-distribution", "spread", NULL}, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *p = pair(root, "PFL", "kNN");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_STRING_EQUAL(gets(p, "distribution"), "spread");
    CU_ASSERT_STRING_EQUAL(gets(p, "slowdown_fraction"), "43/32");
    CU_ASSERT_EQUAL(geti(p, "capacity"), 90);
    CU_ASSERT(json_is_null(json_object_get(p, "full_sms")));
    CU_ASSERT_EQUAL(json_array_size(json_object_get(p, "groups")), 2);
    CU_ASSERT_EQUAL(geti(p, "free_sms"), 0);
    json_decref(root);
}

/* The verdict and the task rows do not depend on the leftover distribution. */
static void test_verdict_unchanged(void)
{
    runcmd_out a = runcmd((char *[]){"x", T5, "--gpu", K40, "-q", NULL}, 60);
    runcmd_out b = runcmd((char *[]){"x", T5, "--gpu", K40, "-q", "--leftover-distribution",
                                     "spread", NULL}, 60);
    CU_ASSERT_EQUAL(a.status, 0);
    CU_ASSERT_EQUAL(b.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a.out);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b.out);
    CU_ASSERT_STRING_EQUAL(a.out, b.out);
    runcmd_free(&a);
    runcmd_free(&b);
}

/* No <sm>: JSON names the skipped models; text says why. */
static void test_skipped(void)
{
    json_t *root = run_json((char *[]){"x", "tests/data/cli/tiny.xml", "--gpu",
                                       "tests/data/cli/tiny-gpu.xml", "--format", "json", NULL},
                            0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(root);
    json_t *s = json_object_get(root, "models_skipped");
    CU_ASSERT_EQUAL(json_array_size(s), 3);
    CU_ASSERT_STRING_EQUAL(gets(json_array_get(s, 0), "model"), "occupancy");
    CU_ASSERT(json_is_null(json_object_get(json_array_get(s, 0), "kernel")));
    CU_ASSERT(strstr(gets(json_array_get(s, 0), "reason"), "no <sm> element") != NULL);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "occupancy")), 0);
    CU_ASSERT_EQUAL(json_array_size(json_object_get(root, "leftover")), 0);
    CU_ASSERT(json_is_null(json_object_get(json_object_get(root, "gpu"), "sm")));
    json_decref(root);
    runcmd_out r = runcmd((char *[]){"x", "tests/data/good/conc-partial.xml", "--gpu", K40,
                                     NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.out);
    CU_ASSERT(strstr(r.out, "skipped: leftover for kernel K2: the kernel has no <launch> "
                            "element\n") != NULL);
    runcmd_free(&r);
}

/* A wrong value is a usage error (exit 2) naming the choices; rtgpu-simulate does not take it. */
/* The HTML evidence report shows the same notes (section 4): S1 -> S2's slowdown 45/4 (sec. 1.5)
 * and S5's occupancy: 16 warps per block, 64 warps per SM on the K40 -> 4 blocks per SM. */
static void test_html_notes(void)
{
    runcmd_out r = runcmd((char *[]){"x", T3, "--gpu", K40, "--format", "html", NULL}, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    const char *h = r.out ? r.out : "";
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "<h3>Block-level notes</h3>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "<td class=\"l\">S1</td><td class=\"l\">S2</td>"
                                     "<td class=\"l\">GPU15 (15 SMs)</td><td class=\"l\">A</td>"
                                     "<td>45/4 (11.250)</td>"));
    CU_ASSERT_PTR_NOT_NULL(strstr(h, "<td class=\"l\">S5</td><td>4</td>"));
    runcmd_free(&r);
}

static void test_option_errors(void)
{
    runcmd_out r = runcmd((char *[]){"x", T3, "--gpu", K40, "--leftover-distribution", "even",
                                     NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 2);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r.err);
    CU_ASSERT(strstr(r.err, "--leftover-distribution \"even\": expected one of packed spread") !=
              NULL);
    runcmd_free(&r);
    r = runcmd((char *[]){"x", "--help", NULL}, 20);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT(r.out && strstr(r.out, "--leftover-distribution packed|spread") != NULL);
    runcmd_free(&r);
}

void test_concurrency_cli_register(void);
void test_concurrency_cli_register(void)
{
    CU_pSuite s = CU_add_suite("concurrency report (CLI)", NULL, NULL);
    CU_add_test(s, "JSON: Cruz Table 3, S1 -> S2 field by field", test_json_table3);
    CU_add_test(s, "JSON: --leftover-distribution spread", test_json_spread);
    CU_add_test(s, "verdict unchanged by the distribution", test_verdict_unchanged);
    CU_add_test(s, "skipped models named", test_skipped);
    CU_add_test(s, "HTML: block-level notes in section 4", test_html_notes);
    CU_add_test(s, "option errors and help", test_option_errors);
}
