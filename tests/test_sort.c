/* Tests of util/sort: hand-computed orders, ties in input order, the context, n = 0 and 1, and
 * runs longer than the merge buffer (the merge without buffer) and elements larger than it; the
 * three-way compares and sort_key's order. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/sort.h"

typedef struct item {
    int key;
    char tag;
} item;

static int calls;

static int by_key(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    calls++;
    int x = ((const item *)a)->key, y = ((const item *)b)->key;
    return (x > y) - (x < y);
}

static int by_int(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Indices by the value ctx gives them, highest first (ties: input order). */
static int by_value_desc(const void *a, const void *b, void *ctx)
{
    const double *v = ctx;
    size_t i = *(const size_t *)a, j = *(const size_t *)b;
    return (v[i] < v[j]) - (v[i] > v[j]);
}

static void test_empty_and_one(void)
{
    item one = {7, 'a'};
    calls = 0;
    sort_ctx(NULL, 0, sizeof one, by_key, NULL);
    sort_ctx(&one, 0, sizeof one, by_key, NULL);
    sort_ctx(&one, 1, sizeof one, by_key, NULL);
    CU_ASSERT_EQUAL(calls, 0);
    CU_ASSERT_EQUAL(one.key, 7);
    CU_ASSERT_EQUAL(one.tag, 'a');
}

static void test_small(void)
{
    int a[] = {5, 3, 9, 1, 3, -2, 8};
    const int want[] = {-2, 1, 3, 3, 5, 8, 9};
    sort_ctx(a, 7, sizeof a[0], by_int, NULL);
    CU_ASSERT_EQUAL(memcmp(a, want, sizeof a), 0);
    int two[] = {2, 1};
    sort_ctx(two, 2, sizeof two[0], by_int, NULL);
    CU_ASSERT_EQUAL(two[0], 1);
    CU_ASSERT_EQUAL(two[1], 2);
}

static void test_ties_keep_order(void)
{
    item a[] = {{2, 'a'}, {1, 'b'}, {2, 'c'}, {1, 'd'}, {0, 'e'}, {2, 'f'}, {1, 'g'}};
    const char want[] = "ebdgacf";
    sort_ctx(a, 7, sizeof a[0], by_key, NULL);
    for (size_t i = 0; i < 7; i++)
        CU_ASSERT_EQUAL(a[i].tag, want[i]);
    /* 26 items, past the insertion runs: keys by tag, i % 3; each key's tags in input order */
    item b[26];
    for (int i = 0; i < 26; i++)
        b[i] = (item){ (i * 2) % 3, (char)('a' + i) };
    const char want_b[] = "adgjmpsvy" "cfilorux" "behknqtwz";
    sort_ctx(b, 26, sizeof b[0], by_key, NULL);
    for (size_t i = 0; i < 26; i++)
        CU_ASSERT_EQUAL(b[i].tag, want_b[i]);
}

static void test_context(void)
{
    double v[] = {0.5, 2.0, -1.0, 2.0, 0.5};
    size_t idx[] = {0, 1, 2, 3, 4};
    const size_t want[] = {1, 3, 0, 4, 2};
    sort_ctx(idx, 5, sizeof idx[0], by_value_desc, v);
    CU_ASSERT_EQUAL(memcmp(idx, want, sizeof idx), 0);
}

typedef struct wide {
    int key;
    int pos;
    char pad[56];
} wide;

static int by_wide(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    int x = ((const wide *)a)->key, y = ((const wide *)b)->key;
    return (x > y) - (x < y);
}

/* 500 elements of 64 bytes (32 KB, the buffer holds 64 of them): key 37 i mod 11; the order
 * expected is every key in turn, its positions ascending. */
static void test_past_the_buffer(void)
{
    enum { N = 500 };
    static wide a[N];
    for (int i = 0; i < N; i++)
        a[i] = (wide){ .key = (i * 37) % 11, .pos = i };
    sort_ctx(a, N, sizeof a[0], by_wide, NULL);
    size_t r = 0;
    for (int k = 0; k < 11; k++)
        for (int i = 0; i < N; i++)
            if ((i * 37) % 11 == k) {
                CU_ASSERT_EQUAL(a[r].key, k);
                CU_ASSERT_EQUAL(a[r].pos, i);
                r++;
            }
    CU_ASSERT_EQUAL(r, N);
}

typedef struct huge {
    int key;
    char tag;
    char pad[5000];
} huge;

static int by_huge(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    int x = ((const huge *)a)->key, y = ((const huge *)b)->key;
    return (x > y) - (x < y);
}

/* Elements larger than the buffer: every merge goes without it. */
static void test_huge_elements(void)
{
    static huge a[20];
    for (int i = 0; i < 20; i++)
        a[i] = (huge){ .key = (20 - i) / 3, .tag = (char)('a' + i) };
    /* keys 6 6 6 5 5 5 4 4 4 3 3 3 2 2 2 1 1 1 0 0 for tags a .. t */
    const char want[] = "stpqrmnojklghidefabc";
    sort_ctx(a, 20, sizeof a[0], by_huge, NULL);
    for (size_t i = 0; i < 20; i++)
        CU_ASSERT_EQUAL(a[i].tag, want[i]);
}

/* The three-way compares at the ends of each width, and the double one's NaN and zeros. */
static void test_cmp_primitives(void)
{
    CU_ASSERT_EQUAL(sort_cmp_i64(INT64_MIN, INT64_MAX), -1);
    CU_ASSERT_EQUAL(sort_cmp_i64(INT64_MAX, INT64_MIN), 1);
    CU_ASSERT_EQUAL(sort_cmp_i64(-5, -5), 0);
    CU_ASSERT_EQUAL(sort_cmp_u64(0, UINT64_MAX), -1);
    CU_ASSERT_EQUAL(sort_cmp_u64(UINT64_MAX, 0), 1);
    CU_ASSERT_EQUAL(sort_cmp_u64(7, 7), 0);
    CU_ASSERT_EQUAL(sort_cmp_size(0, SIZE_MAX), -1);
    CU_ASSERT_EQUAL(sort_cmp_size(SIZE_MAX, 0), 1);
    CU_ASSERT_EQUAL(sort_cmp_size(3, 3), 0);
    CU_ASSERT_EQUAL(sort_cmp_long(-1, 1), -1);
    CU_ASSERT_EQUAL(sort_cmp_long(1, -1), 1);
    CU_ASSERT_EQUAL(sort_cmp_long(0, 0), 0);
    CU_ASSERT_EQUAL(sort_cmp_double(-1.5, 2.0), -1);
    CU_ASSERT_EQUAL(sort_cmp_double(2.0, -1.5), 1);
    CU_ASSERT_EQUAL(sort_cmp_double(0.0, -0.0), 0);
    CU_ASSERT_EQUAL(sort_cmp_double(-INFINITY, INFINITY), -1);
    /* NaN on either side: 1, as `if (a != b) return a < b ? -1 : 1;` gives */
    CU_ASSERT_EQUAL(sort_cmp_double(NAN, 1.0), 1);
    CU_ASSERT_EQUAL(sort_cmp_double(1.0, NAN), 1);
    CU_ASSERT_EQUAL(sort_cmp_double(NAN, NAN), 1);
}

/* sort_key_cmp: by key, then index; with qsort, equal keys come out in index order. */
static void test_sort_key(void)
{
    sort_key a = {5, 2}, b = {5, 3}, c = {-9, 7};
    CU_ASSERT_EQUAL(sort_key_cmp(&a, &b), -1);
    CU_ASSERT_EQUAL(sort_key_cmp(&b, &a), 1);
    CU_ASSERT_EQUAL(sort_key_cmp(&a, &a), 0);
    CU_ASSERT_EQUAL(sort_key_cmp(&c, &a), -1);
    CU_ASSERT_EQUAL(sort_key_cmp(&a, &c), 1);
    sort_key v[] = {{3, 4}, {1, 0}, {3, 1}, {INT64_MIN, 5}, {1, 3}, {3, 2}};
    const size_t want[] = {5, 0, 3, 1, 2, 4};
    qsort(v, 6, sizeof v[0], sort_key_cmp);
    for (size_t i = 0; i < 6; i++)
        CU_ASSERT_EQUAL(v[i].idx, want[i]);
}

void test_sort_register(void);
void test_sort_register(void)
{
    CU_pSuite s = CU_add_suite("sort", NULL, NULL);
    CU_add_test(s, "n = 0 and n = 1: nothing compared, nothing moved", test_empty_and_one);
    CU_add_test(s, "small arrays, hand-computed", test_small);
    CU_add_test(s, "ties keep their input order", test_ties_keep_order);
    CU_add_test(s, "the context reaches the comparison", test_context);
    CU_add_test(s, "runs longer than the merge buffer", test_past_the_buffer);
    CU_add_test(s, "elements larger than the merge buffer", test_huge_elements);
    CU_add_test(s, "three-way compares of each width and of doubles", test_cmp_primitives);
    CU_add_test(s, "sort_key: by key, then index", test_sort_key);
}
