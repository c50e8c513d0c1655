/* Tests for taskset/units: exact numbers and durations (expected values worked out by hand). */
#include <CUnit/CUnit.h>
#include <stdint.h>

#include "taskset/units.h"

static int64_t dur(const char *s, units_status expect)
{
    int64_t v = -12345;
    CU_ASSERT_EQUAL(units_parse_duration_ns(s, &v), expect);
    return v;
}

static void test_duration_whole(void)
{
    CU_ASSERT_EQUAL(dur("0.271ms", UNITS_OK), 271000);   /* 0.271 * 10^6 */
    CU_ASSERT_EQUAL(dur("2ms", UNITS_OK), 2000000);
    CU_ASSERT_EQUAL(dur("2.5ms", UNITS_OK), 2500000);
    CU_ASSERT_EQUAL(dur("1000us", UNITS_OK), 1000000);
    CU_ASSERT_EQUAL(dur("1s", UNITS_OK), 1000000000);
    CU_ASSERT_EQUAL(dur("0.000000001s", UNITS_OK), 1);   /* 10^-9 * 10^9 */
    CU_ASSERT_EQUAL(dur("7ns", UNITS_OK), 7);
    CU_ASSERT_EQUAL(dur("1.500ns", UNITS_NOT_WHOLE), -12345);
    CU_ASSERT_EQUAL(dur("3.000ns", UNITS_OK), 3);         /* trailing zeros are whole */
    CU_ASSERT_EQUAL(dur("0us", UNITS_OK), 0);
    CU_ASSERT_EQUAL(dur("0.0s", UNITS_OK), 0);
    CU_ASSERT_EQUAL(dur("000120us", UNITS_OK), 120000);
    CU_ASSERT_EQUAL(dur(".5us", UNITS_OK), 500);
    CU_ASSERT_EQUAL(dur("5.us", UNITS_OK), 5000);
    CU_ASSERT_EQUAL(dur("-3us", UNITS_OK), -3000);       /* sign kept; callers check */
    CU_ASSERT_EQUAL(dur("+3us", UNITS_OK), 3000);
    /* 1.0000000000000000000000000s has 26 digits but is exactly 10^9 ns */
    CU_ASSERT_EQUAL(dur("1.0000000000000000000000000s", UNITS_OK), 1000000000);
}

static void test_duration_not_whole(void)
{
    dur("1.5ns", UNITS_NOT_WHOLE);
    dur("0.0000000001s", UNITS_NOT_WHOLE);   /* 0.1 ns */
    dur("0.2718ms", UNITS_OK);               /* 271800 ns: whole */
    dur("0.1234567us", UNITS_NOT_WHOLE);     /* 123.4567 ns */
}

static void test_duration_syntax(void)
{
    dur("10", UNITS_NO_UNIT);
    dur("10.5", UNITS_NO_UNIT);
    dur("", UNITS_EMPTY);
    dur(" 10ms", UNITS_SPACE);
    dur("10ms ", UNITS_SPACE);
    dur("10 ms", UNITS_SPACE);
    dur("ms", UNITS_NOT_DURATION);
    dur(".ms", UNITS_NOT_DURATION);
    dur("-", UNITS_NOT_DURATION);
    dur("10MS", UNITS_BAD_UNIT);
    dur("10sec", UNITS_BAD_UNIT);
    dur("10m", UNITS_BAD_UNIT);
    dur("10msx", UNITS_BAD_UNIT);
    dur("1e3ms", UNITS_EXPONENT);
    dur("1e400ms", UNITS_EXPONENT);
    dur("1E-3s", UNITS_EXPONENT);
    dur("0x10ns", UNITS_BAD_UNIT);
    dur("infms", UNITS_NOT_DURATION);
    dur("nanms", UNITS_NOT_DURATION);
}

static void test_duration_int64_edge(void)
{
    /* INT64_MAX = 9223372036854775807 */
    CU_ASSERT_EQUAL(dur("9223372036854775807ns", UNITS_OK), INT64_MAX);
    dur("9223372036854775808ns", UNITS_RANGE);
    CU_ASSERT_EQUAL(dur("9223372036854775.807us", UNITS_OK), INT64_MAX);
    dur("9223372036854775.808us", UNITS_RANGE);
    CU_ASSERT_EQUAL(dur("9223372036.854775807s", UNITS_OK), INT64_MAX);
    dur("9223372036.854775808s", UNITS_RANGE);
    dur("9223372037s", UNITS_RANGE);          /* 9223372037000000000 > INT64_MAX */
    CU_ASSERT_EQUAL(dur("9223372036s", UNITS_OK), INT64_C(9223372036000000000));
    dur("99999999999999999999ns", UNITS_RANGE);
    dur("100000000000000000000000000000000000000000s", UNITS_RANGE);
}

static void test_duration_real(void)
{
    double v = -1;
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("0.271ms", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 271000.0);
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("1.5ns", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 1.5);
    /* 0.1 ns is not representable; one correctly rounded conversion of 1e-1 */
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("0.0000000001s", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 0.1);
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("5.us", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 5000.0);
    CU_ASSERT_EQUAL(units_parse_duration_real_ns(".25us", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 250.0);
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("10", &v), UNITS_NO_UNIT);
    CU_ASSERT_EQUAL(units_parse_duration_real_ns("1e3ns", &v), UNITS_EXPONENT);
    /* a 400-digit number of seconds does not fit a double */
    char big[420];
    big[0] = '1';
    for (int i = 1; i <= 400; i++)
        big[i] = '0';
    big[401] = 's';
    big[402] = '\0';
    CU_ASSERT_EQUAL(units_parse_duration_real_ns(big, &v), UNITS_RANGE);
}

static void test_int(void)
{
    int64_t v = 0;
    CU_ASSERT_EQUAL(units_parse_int("30", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 30);
    CU_ASSERT_EQUAL(units_parse_int("-4", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, -4);
    CU_ASSERT_EQUAL(units_parse_int("9223372036854775807", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, INT64_MAX);
    CU_ASSERT_EQUAL(units_parse_int("-9223372036854775808", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, INT64_MIN);
    CU_ASSERT_EQUAL(units_parse_int("9223372036854775808", &v), UNITS_RANGE);
    CU_ASSERT_EQUAL(units_parse_int("99999999999999999999", &v), UNITS_RANGE);
    CU_ASSERT_EQUAL(units_parse_int("1.0", &v), UNITS_NOT_INT);
    CU_ASSERT_EQUAL(units_parse_int("1e3", &v), UNITS_NOT_INT);
    CU_ASSERT_EQUAL(units_parse_int("0x10", &v), UNITS_NOT_INT);
    CU_ASSERT_EQUAL(units_parse_int("", &v), UNITS_EMPTY);
    CU_ASSERT_EQUAL(units_parse_int(" 3", &v), UNITS_SPACE);
    CU_ASSERT_EQUAL(units_parse_int("+", &v), UNITS_NOT_INT);
}

static void test_real(void)
{
    double v = 0;
    CU_ASSERT_EQUAL(units_parse_real("250.33", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 250.33);
    CU_ASSERT_EQUAL(units_parse_real("1.2e9", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 1200000000.0);
    CU_ASSERT_EQUAL(units_parse_real("5E-1", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 0.5);
    CU_ASSERT_EQUAL(units_parse_real(".5", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, 0.5);
    CU_ASSERT_EQUAL(units_parse_real("-0.064", &v), UNITS_OK);
    CU_ASSERT_EQUAL(v, -0.064);
    CU_ASSERT_EQUAL(units_parse_real("1e400", &v), UNITS_RANGE);
    CU_ASSERT_EQUAL(units_parse_real("-1e400", &v), UNITS_RANGE);
    CU_ASSERT_EQUAL(units_parse_real("1e-400", &v), UNITS_RANGE);
    CU_ASSERT_EQUAL(units_parse_real("1.7976931348623157e308", &v), UNITS_OK); /* DBL_MAX */
    CU_ASSERT_EQUAL(units_parse_real("inf", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("nan", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("0x1p3", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("1e", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("1.2.3", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("12GB/s", &v), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_real("", &v), UNITS_EMPTY);
    CU_ASSERT_EQUAL(units_parse_real("1 ", &v), UNITS_SPACE);
}

/* Exact decimals: mant / 10^digits, canonical (trailing zeros after the point dropped). */
static void test_decimal(void)
{
    int64_t m = -1;
    int d = -1;
    CU_ASSERT_EQUAL(units_parse_decimal("0.25", &m, &d), UNITS_OK);
    CU_ASSERT_EQUAL(m, 25);
    CU_ASSERT_EQUAL(d, 2);
    CU_ASSERT_EQUAL(units_parse_decimal("1.500", &m, &d), UNITS_OK);   /* 1.5 = 15 / 10^1 */
    CU_ASSERT_EQUAL(m, 15);
    CU_ASSERT_EQUAL(d, 1);
    CU_ASSERT_EQUAL(units_parse_decimal(".5", &m, &d), UNITS_OK);
    CU_ASSERT_EQUAL(m, 5);
    CU_ASSERT_EQUAL(d, 1);
    CU_ASSERT_EQUAL(units_parse_decimal("5.", &m, &d), UNITS_OK);
    CU_ASSERT_EQUAL(m, 5);
    CU_ASSERT_EQUAL(d, 0);
    CU_ASSERT_EQUAL(units_parse_decimal("0.000000001", &m, &d), UNITS_OK);   /* 9 decimals */
    CU_ASSERT_EQUAL(m, 1);
    CU_ASSERT_EQUAL(d, 9);
    CU_ASSERT_EQUAL(units_parse_decimal("999999999999999", &m, &d), UNITS_OK);   /* 10^15 - 1 */
    CU_ASSERT_EQUAL(m, INT64_C(999999999999999));
    m = -1;
    CU_ASSERT_EQUAL(units_parse_decimal("1000000000000000", &m, &d), UNITS_NOT_NUMBER); /* 10^15 */
    CU_ASSERT_EQUAL(units_parse_decimal("0.1000000000", &m, &d), UNITS_NOT_NUMBER);   /* 10 */
    CU_ASSERT_EQUAL(units_parse_decimal("-1", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal("+1", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal("1e3", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal("1.2.3", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal(".", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal("", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(units_parse_decimal(" 1", &m, &d), UNITS_NOT_NUMBER);
    CU_ASSERT_EQUAL(m, -1);   /* untouched on failure */
    char buf[48];
    units_decimal_text(15, 2, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "0.15");
    units_decimal_text(1005, 3, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "1.005");
    units_decimal_text(12, 0, buf, sizeof buf);
    CU_ASSERT_STRING_EQUAL(buf, "12");
    CU_ASSERT_EQUAL(units_decimal_scale(15, 1, 3), 1500);   /* 1.5 with 3 decimals: 1500 */
    CU_ASSERT_DOUBLE_EQUAL(units_decimal_value(25, 2), 0.25, 0.0);
}

static void test_texts(void)
{
    CU_ASSERT_STRING_EQUAL(units_status_text(UNITS_NO_UNIT), "has no unit (expected e.g. 10ms)");
    CU_ASSERT_STRING_EQUAL(units_status_text(UNITS_NOT_WHOLE),
                           "is not a whole number of nanoseconds");
}

void test_units_register(void);
void test_units_register(void)
{
    CU_pSuite s = CU_add_suite("units", NULL, NULL);
    CU_add_test(s, "whole durations", test_duration_whole);
    CU_add_test(s, "durations not whole", test_duration_not_whole);
    CU_add_test(s, "duration syntax", test_duration_syntax);
    CU_add_test(s, "duration int64 edge", test_duration_int64_edge);
    CU_add_test(s, "real durations", test_duration_real);
    CU_add_test(s, "integers", test_int);
    CU_add_test(s, "real numbers", test_real);
    CU_add_test(s, "exact decimals", test_decimal);
    CU_add_test(s, "message texts", test_texts);
}
