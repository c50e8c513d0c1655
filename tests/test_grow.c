/* Tests for util/grow: the capacities it chooses, its overflow checks, and that a failure
 * leaves the array and its capacity as they were. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

/* From nothing: the first capacity, or the first doubled until the need fits (16 -> 32 -> 64
 * for 40). */
static void test_first(void)
{
    size_t cap = 0;
    int *p = rt_grow(NULL, &cap, 1, sizeof *p, 16);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(cap, 16);
    free(p);
    cap = 0;
    p = rt_grow(NULL, &cap, 40, sizeof *p, 16);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    CU_ASSERT_EQUAL(cap, 64);
    p[39] = 7;
    free(p);
}

/* Room already there: the same pointer, the same capacity. A full array doubles (4 -> 8) and
 * keeps its elements. */
static void test_room_and_double(void)
{
    size_t cap = 0;
    int *p = rt_grow(NULL, &cap, 4, sizeof *p, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    for (int i = 0; i < 4; i++)
        p[i] = 10 * i;
    CU_ASSERT_PTR_EQUAL(rt_grow(p, &cap, 3, sizeof *p, 4), p);
    CU_ASSERT_PTR_EQUAL(rt_grow(p, &cap, 4, sizeof *p, 4), p);
    CU_ASSERT_EQUAL(cap, 4);
    int *q = rt_grow(p, &cap, 5, sizeof *q, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(q);
    CU_ASSERT_EQUAL(cap, 8);
    CU_ASSERT_EQUAL(q[0], 0);
    CU_ASSERT_EQUAL(q[3], 30);
    free(q);
}

/* A size that does not fit in size_t fails cleanly: NULL, the old array and capacity kept. */
static void test_overflow(void)
{
    size_t cap = 0;
    char *p = rt_grow(NULL, &cap, 8, 1, 8);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    memcpy(p, "abcdefg", 8);
    CU_ASSERT_PTR_NULL(rt_grow(p, &cap, SIZE_MAX / 2 + 2, 1, 8));   /* doubling overflows */
    CU_ASSERT_EQUAL(cap, 8);
    CU_ASSERT_PTR_NULL(rt_grow(p, &cap, 9, SIZE_MAX / 8, 8));       /* 16 x size overflows */
    CU_ASSERT_EQUAL(cap, 8);
    CU_ASSERT_STRING_EQUAL(p, "abcdefg");
    free(p);
}

void test_grow_register(void);
void test_grow_register(void)
{
    CU_pSuite s = CU_add_suite("grow", NULL, NULL);
    CU_add_test(s, "first capacity", test_first);
    CU_add_test(s, "room kept, full array doubled", test_room_and_double);
    CU_add_test(s, "overflow fails cleanly", test_overflow);
}
