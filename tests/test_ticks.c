/* Tests for draw/ticks (the nice step shared by every chart axis) and its use by
 * axes_nice (draw/axes); svg_time_ticks is tested in test_gantt.c. Expected values are
 * worked by hand in the comments. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <string.h>

#include "draw/axes.h"
#include "draw/ticks.h"

void test_ticks_register(void);

static void test_step(void)
{
    /* raw 1: p = 1, 1 x 1 >= 1 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(1, 0), 1, 1e-12);
    /* raw 1.5: p = 1, 1 < 1.5 <= 2 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(1.5, 0), 2, 1e-12);
    /* raw 3: 2 < 3 <= 5 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(3, 0), 5, 1e-12);
    /* raw 7: 5 < 7 <= 10 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(7, 0), 10, 1e-12);
    /* raw 0.03: p = 0.01; 0.01, 0.02 < 0.03 <= 0.05 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(0.03, 0), 0.05, 1e-15);
    /* raw 250: p = 100; 200 < 250 <= 500 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(250, 0), 500, 1e-9);
    /* raw 2 (1 + 1e-13), a rounding above 2: without slack the next step, 5; with a slack of
     * 1e-12, 2 >= raw (1 - 1e-12) = 2 - about 1.8e-12, so 2 */
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(2 * (1 + 1e-13), 0), 5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(ticks_step(2 * (1 + 1e-13), 1e-12), 2, 1e-12);
}

static void test_step_next(void)
{
    CU_ASSERT_EQUAL(ticks_step_next(1), 2);
    CU_ASSERT_EQUAL(ticks_step_next(2), 5);
    CU_ASSERT_EQUAL(ticks_step_next(5), 10);
    CU_ASSERT_EQUAL(ticks_step_next(10), 20);
    CU_ASSERT_EQUAL(ticks_step_next(500), 1000);
    CU_ASSERT_EQUAL(ticks_step_next(INT64_C(2000000000000000000)), INT64_C(5000000000000000000));
    /* 10^19 passes INT64_MAX (about 9.22 x 10^18) */
    CU_ASSERT_EQUAL(ticks_step_next(INT64_C(5000000000000000000)), 0);
}

static void test_axis_nice(void)
{
    chart_axis a;
    /* [0, 27], 12 intervals: raw 2.25, step 5; 0 .. ceil(27 / 5) = 6 -> 0, 5, ..., 30 */
    CU_ASSERT_EQUAL_FATAL(axes_nice(0, 27, 12, &a), 0);
    CU_ASSERT_DOUBLE_EQUAL(a.step, 5, 1e-12);
    CU_ASSERT_EQUAL_FATAL(a.n, 7);
    CU_ASSERT_DOUBLE_EQUAL(a.hi, 30, 1e-12);
    CU_ASSERT_STRING_EQUAL(a.label[6], "30");
    /* [0.9, 10.1], 2 intervals: raw 4.6, step 5 gives floor(0.18) = 0 .. ceil(2.02) = 3, three
     * intervals; the step doubles to 10: 0 .. ceil(1.01) = 2 -> 0, 10, 20 */
    CU_ASSERT_EQUAL_FATAL(axes_nice(0.9, 10.1, 2, &a), 0);
    CU_ASSERT_DOUBLE_EQUAL(a.step, 10, 1e-12);
    CU_ASSERT_EQUAL_FATAL(a.n, 3);
    CU_ASSERT_STRING_EQUAL(a.label[0], "0");
    CU_ASSERT_STRING_EQUAL(a.label[2], "20");
    /* [0, 25000], 5 intervals: raw 5000, step 5000; labels above 10^4 in k: "25k" */
    CU_ASSERT_EQUAL_FATAL(axes_nice(0, 25000, 5, &a), 0);
    CU_ASSERT_DOUBLE_EQUAL(a.step, 5000, 1e-9);
    CU_ASSERT_EQUAL_FATAL(a.n, 6);
    CU_ASSERT_STRING_EQUAL(a.label[1], "5000");
    CU_ASSERT_STRING_EQUAL(a.label[5], "25k");
}

void test_ticks_register(void)
{
    CU_pSuite s = CU_add_suite("ticks", NULL, NULL);
    CU_add_test(s, "nice step of a real range", test_step);
    CU_add_test(s, "next nice integer step", test_step_next);
    CU_add_test(s, "axes_nice on the shared step", test_axis_nice);
}
