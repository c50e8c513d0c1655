/* Tests of the report helpers: exact human durations. */
#include <CUnit/CUnit.h>
#include <stdint.h>

#include "report/report.h"
#include "suites.h"
#include "util/fmt.h"

static void check(int64_t ns, const char *want)
{
    char buf[40];
    fmt_ns(ns, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, want);
}

static void test_fmt_ns_exact(void)
{
    check(0, "0 ns");
    check(999, "999 ns");
    check(1000, "1 us");
    check(1500, "1.5 us");
    check(271000, "271 us");
    check(16666667, "16.666667 ms");       /* 1/60 s rounded up to ns: every digit kept */
    check(2000000000, "2 s");
    check(1234567891, "1.234567891 s");
    check(-1500, "-1.5 us");               /* negative slack */
    check(INT64_MAX, "9223372036.854775807 s");
}

void test_report_register(void)
{
    CU_pSuite s = CU_add_suite("report", NULL, NULL);
    CU_add_test(s, "durations printed exactly", test_fmt_ns_exact);
}
