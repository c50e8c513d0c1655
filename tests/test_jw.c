/* Tests of util/jw.c, the streaming JSON writer: its bytes against jansson's json_dumps of the
 * same value (the layout the reports had when they were built as jansson trees), escapes and
 * reals worked out by hand, misuse; and every JSON report of a few inputs against jansson's own
 * rendering of it (parsed, then dumped again), so the streamed reports stay byte-identical to
 * what json_dumps would write. */
#include <CUnit/CUnit.h>
#include <float.h>
#include <jansson.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/jw.h"
#include "runcmd.h"
#include "suites.h"
#include "util/rng.h"

/* What the writer filled in: a memory stream's text. */
typedef struct sink {
    FILE *f;
    char *buf;
    size_t len;
} sink;

static void sink_open(sink *s)
{
    s->buf = NULL;
    s->len = 0;
    s->f = open_memstream(&s->buf, &s->len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(s->f);
}

static void sink_close(sink *s)
{
    fclose(s->f);
}

/* The same document with jansson (tree, json_dumps) and with jw, compared byte for byte. */
static json_t *tree_doc(void)
{
    json_t *root = json_object();
    json_object_set_new(root, "schema", json_integer(1));
    json_object_set_new(root, "empty_array", json_array());
    json_object_set_new(root, "empty_object", json_object());
    json_t *a = json_array();
    json_array_append_new(a, json_integer(INT64_MIN));
    json_array_append_new(a, json_integer(INT64_MAX));
    json_array_append_new(a, json_integer(0));
    json_array_append_new(a, json_integer(-42));
    json_array_append_new(a, json_true());
    json_array_append_new(a, json_false());
    json_array_append_new(a, json_null());
    json_t *inner = json_object();
    json_object_set_new(inner, "s", json_string("tab\there \"q\" back\\slash /slash \x01\x1f\x7f"));
    json_object_set_new(inner, "utf8", json_string("\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"));
    json_object_set_new(inner, "nested", json_pack("[[],{},[i,[i]]]", 1, 2));
    json_array_append_new(a, inner);
    json_object_set_new(root, "values", a);
    json_object_set_new(root, "last", json_string(""));
    return root;
}

static void jw_doc(jw *w)
{
    jw_object_begin(w);
    jw_kint(w, "schema", 1);
    jw_key(w, "empty_array");
    jw_array_begin(w);
    jw_array_end(w);
    jw_key(w, "empty_object");
    jw_object_begin(w);
    jw_object_end(w);
    jw_key(w, "values");
    jw_array_begin(w);
    jw_int(w, INT64_MIN);
    jw_int(w, INT64_MAX);
    jw_int(w, 0);
    jw_int(w, -42);
    jw_bool(w, true);
    jw_bool(w, false);
    jw_null(w);
    jw_object_begin(w);
    jw_kstr(w, "s", "tab\there \"q\" back\\slash /slash \x01\x1f\x7f");
    jw_kstr(w, "utf8", "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    jw_key(w, "nested");
    jw_array_begin(w);
    jw_array_begin(w);
    jw_array_end(w);
    jw_object_begin(w);
    jw_object_end(w);
    jw_array_begin(w);
    jw_int(w, 1);
    jw_array_begin(w);
    jw_int(w, 2);
    jw_array_end(w);
    jw_array_end(w);
    jw_array_end(w);
    jw_object_end(w);
    jw_array_end(w);
    jw_kstr(w, "last", "");
    jw_object_end(w);
}

static void check_layout(int indent, size_t flags)
{
    json_t *t = tree_doc();
    char *want = json_dumps(t, flags);
    json_decref(t);
    sink s;
    sink_open(&s);
    jw w;
    jw_init(&w, s.f, indent);
    jw_doc(&w);
    CU_ASSERT_EQUAL(jw_finish(&w), 0);
    sink_close(&s);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    CU_ASSERT_STRING_EQUAL(s.buf, want);
    free(want);
    free(s.buf);
}

static void test_jw_layout_as_jansson(void)
{
    check_layout(2, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
    check_layout(4, JSON_INDENT(4) | JSON_REAL_PRECISION(17));
    check_layout(0, JSON_COMPACT | JSON_REAL_PRECISION(17));
}

static void check_real(double x)
{
    json_t *v = json_real(x);
    char *want = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(17));
    json_decref(v);
    char got[40];
    jw_fmt_real(x, got, sizeof got);
    CU_ASSERT_PTR_NOT_NULL_FATAL(want);
    if (strcmp(got, want) != 0)
        fprintf(stderr, "\n  real %a: jw \"%s\", jansson \"%s\"\n", x, got, want);
    CU_ASSERT_STRING_EQUAL(got, want);
    free(want);
}

static void test_jw_reals_as_jansson(void)
{
    static const double fixed[] = { 0.0, -0.0, 1.0, 3.0, 0.1, 0.5, 1e16, 1e17, 1e20, 1e21,
                                    1e22, 123456789012345678.0, 1e-5, 1e-7, 5e-324, DBL_MIN,
                                    DBL_MAX, -DBL_MAX, 1.0 / 3, 2.5e-308, 9007199254740993.0 };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        check_real(fixed[i]);
    uint64_t seed = 17;
    for (int i = 0; i < 2000; i++) {
        uint64_t bits = rng_next(&seed);
        double x;
        memcpy(&x, &bits, sizeof x);
        if (isfinite(x))
            check_real(x);
        check_real((double)(int64_t)(bits >> 12) / 1024.0); /* decimals of everyday size */
    }
}

static void test_jw_by_hand(void)
{
    /* worked out by hand: %.17g, ".0" for a whole number, the exponent without '+' or zeros */
    char b[40];
    jw_fmt_real(2.0, b, sizeof b);
    CU_ASSERT_STRING_EQUAL(b, "2.0");
    jw_fmt_real(0.25, b, sizeof b);
    CU_ASSERT_STRING_EQUAL(b, "0.25");
    jw_fmt_real(1e20, b, sizeof b);
    CU_ASSERT_STRING_EQUAL(b, "1e20");
    jw_fmt_real(1.5e-7, b, sizeof b);
    CU_ASSERT_STRING_EQUAL(b, "1.4999999999999999e-7");
    sink s;
    sink_open(&s);
    jw w;
    jw_init(&w, s.f, 0);
    jw_array_begin(&w);
    jw_real(&w, NAN);                 /* JSON has no NaN: null */
    jw_real(&w, -INFINITY);
    jw_str(&w, NULL);                 /* no string: null */
    jw_str(&w, "a\xff" "b\xc0\xaf" "c\xed\xa0\x80"); /* invalid UTF-8: one U+FFFD per bad byte */
    jw_str(&w, "\n\r\b\f\x02");
    jw_array_end(&w);
    CU_ASSERT_EQUAL(jw_finish(&w), 0);
    sink_close(&s);
    CU_ASSERT_STRING_EQUAL(s.buf, "[null,null,null,\"a\xef\xbf\xbd" "b\xef\xbf\xbd\xef\xbf\xbd"
                                  "c\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\",\"\\n\\r\\b\\f\\u0002\"]");
    free(s.buf);
}

static void test_jw_misuse(void)
{
    sink s;
    sink_open(&s);
    jw w;
    jw_init(&w, s.f, 2);
    jw_object_begin(&w);               /* never closed */
    CU_ASSERT_EQUAL(jw_finish(&w), -1);
    jw_init(&w, s.f, 2);
    jw_array_end(&w);                  /* nothing open */
    CU_ASSERT_EQUAL(jw_finish(&w), -1);
    jw_init(&w, s.f, 2);
    jw_object_begin(&w);
    jw_key(&w, "k");                   /* a key without its value */
    jw_object_end(&w);
    CU_ASSERT_EQUAL(jw_finish(&w), -1);
    jw_init(&w, s.f, 2);
    for (int i = 0; i < JW_MAX_DEPTH + 1; i++)
        jw_array_begin(&w);            /* deeper than the writer holds */
    CU_ASSERT_EQUAL(jw_finish(&w), -1);
    sink_close(&s);
    free(s.buf);
}

/* The report of these inputs, parsed and dumped again by jansson (JSON_INDENT(2) with 17
 * digits, as report_json was written before it was streamed; compact for rtgpu-simulate), must
 * come back byte for byte. (jansson keeps the parsed key order, so this checks the bytes of each
 * value and the layout; the key order is the one docs/report.md lists.) */
static void check_roundtrip(const char *tool, char *const argv[], size_t flags)
{
    runcmd_out r = runcmd_tool(tool, argv, 120);
    CU_ASSERT(r.status == 0 || r.status == 1);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL(j);
    char *again = j ? json_dumps(j, flags) : NULL;
    json_decref(j);
    if (again) {
        size_t n = strlen(again);
        CU_ASSERT(strlen(r.out) == n + 1 && strncmp(r.out, again, n) == 0 && r.out[n] == '\n');
        if (!(strlen(r.out) == n + 1 && strncmp(r.out, again, n) == 0))
            fprintf(stderr, "\n  report of %s differs from jansson's rendering\n", argv[1]);
    }
    free(again);
    runcmd_free(&r);
}

static void check_report_roundtrip(char *const argv[])
{
    check_roundtrip(NULL, argv, JSON_INDENT(2) | JSON_REAL_PRECISION(17));
}

/* rtgpu-simulate's JSON (compact, streamed record by record), as jansson would write it. */
static void test_sim_as_jansson(void)
{
    check_roundtrip("rtgpu-simulate", (char *[]){ "x", "tests/data/sim/davis.xml", "--gpu",
                                "tests/data/sim/gpu-1ghz.xml", "--format", "json", "--trace",
                                "--job-cap", "200", NULL },
                    JSON_COMPACT | JSON_REAL_PRECISION(17));
    check_roundtrip("rtgpu-simulate", (char *[]){ "x", "examples/tasksets/paper-exp1.xml", "--gpu",
                                "examples/gpus/rtx2060.xml", "--format", "json", "--trace",
                                "--release", "random", "--exec", "dynamic", "--job-cap", "200",
                                NULL },
                    JSON_COMPACT | JSON_REAL_PRECISION(17));
}

static void test_report_as_jansson(void)
{
    check_report_roundtrip((char *[]){ "x", "tests/data/cli/tiny-miss.xml", "--gpu",
                                       "tests/data/cli/tiny-gpu.xml", "--format", "json",
                                       "--sensitivity", NULL });
    check_report_roundtrip((char *[]){ "x", "tests/data/good/taskset-full.xml", "--gpu",
                                       "tests/data/good/gpu-cc86.xml", "--format", "json",
                                       "--sensitivity", NULL });
    check_report_roundtrip((char *[]){ "x", "tests/data/meas/taskset.xml", "--gpu",
                                       "tests/data/meas/gpu.xml", "--format", "json",
                                       "--check-measurements", "tests/data/meas/kernels.csv",
                                       NULL });
    check_report_roundtrip((char *[]){ "x", "tests/data/meas/taskset.xml", "--gpu",
                                       "tests/data/meas/gpu.xml", "--format", "json",
                                       "--check-measurements", "tests/data/meas/jobs.csv", NULL });
    check_report_roundtrip((char *[]){ "x", "examples/tasksets/paper-exp1.xml", "--gpu",
                                       "examples/gpus/rtx2060.xml", "--format", "json",
                                       "--windows", "synchronous", NULL });
    check_report_roundtrip((char *[]){ "x", "tests/data/cli/infeasible.xml", "--gpu",
                                       "tests/data/cli/tiny-gpu.xml", "--format", "json", NULL });
}

void test_jw_register(void)
{
    CU_pSuite s = CU_add_suite("jw", NULL, NULL);
    CU_add_test(s, "layout, escapes, integers as jansson", test_jw_layout_as_jansson);
    CU_add_test(s, "reals as jansson (random bit patterns)", test_jw_reals_as_jansson);
    CU_add_test(s, "by hand: reals, null, invalid UTF-8", test_jw_by_hand);
    CU_add_test(s, "misuse is reported", test_jw_misuse);
    CU_add_test(s, "JSON reports read as jansson writes them", test_report_as_jansson);
    CU_add_test(s, "rtgpu-simulate JSON reads as jansson writes it", test_sim_as_jansson);
}
