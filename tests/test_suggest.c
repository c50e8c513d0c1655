/* Tests of src/util/suggest.c: the one "did you mean" rule of every name lookup, and the
 * messages that use it (units; kernel, task and scenario names are in tests/data/bad/MANIFEST
 * and test_cli.c). Distances worked by hand in the comments. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <string.h>

#include "taskset/units.h"
#include "util/suggest.h"

static void test_distance(void)
{
    CU_ASSERT_EQUAL(rt_suggest_distance("KALMANN", "KALMAN"), 1);   /* delete one N */
    CU_ASSERT_EQUAL(rt_suggest_distance("kitten", "sitting"), 3);   /* k->s, e->i, +g */
    CU_ASSERT_EQUAL(rt_suggest_distance("ab", "ba"), 1);            /* one transposition */
    CU_ASSERT_EQUAL(rt_suggest_distance("STEERO", "STEREO"), 1);    /* ER <-> RE */
    /* optimal string alignment: "ca" -> "abc" is 3 (c->a... no substring edited twice), where
     * unrestricted Damerau-Levenshtein would give 2 */
    CU_ASSERT_EQUAL(rt_suggest_distance("ca", "abc"), 3);
    CU_ASSERT_EQUAL(rt_suggest_distance("Depth", "depth"), 0);      /* letters without case */
    CU_ASSERT_EQUAL(rt_suggest_distance("", "abc"), 3);
    char longer[RT_SUGGEST_MAX_LEN + 2];
    memset(longer, 'a', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    CU_ASSERT_EQUAL(rt_suggest_distance(longer, "a"), SIZE_MAX);
}

static const char *best_of(const char *word, const char *const *cands)
{
    rt_suggest sg;
    rt_suggest_init(&sg, word);
    for (size_t i = 0; cands[i]; i++)
        rt_suggest_add(&sg, cands[i]);
    return rt_suggest_best(&sg);
}

static void test_best(void)
{
    static const char *const kernels[] = { "STEREO_SGM", "KALMAN", "DEPTH_FUSE", NULL };
    CU_ASSERT_STRING_EQUAL(best_of("KALMANN", kernels), "KALMAN");
    CU_ASSERT_STRING_EQUAL(best_of("kalman", kernels), "KALMAN");
    /* same but for case beats a closer-looking candidate listed first: "Depth2" is at 1 */
    static const char *const tasks[] = { "Depth2", "depth", NULL };
    CU_ASSERT_STRING_EQUAL(best_of("Depth", tasks), "depth");
    /* nothing close: "RADAR" is 5 edits from KALMAN (limit 5/3 = 1) */
    CU_ASSERT_PTR_NULL(best_of("RADAR", kernels));
    /* "NOPE" is 2 edits from "COPY" (N->C, E->Y), over its limit 4/3 = 1 */
    CU_ASSERT_PTR_NULL(best_of("NOPE", (const char *const[]){ "COPY", NULL }));
    /* a one-letter name has limit 0: only a case away ("Z" is no "A", but is "z") */
    CU_ASSERT_PTR_NULL(best_of("Z", (const char *const[]){ "A", "B", NULL }));
    CU_ASSERT_STRING_EQUAL(best_of("Z", (const char *const[]){ "A", "z", NULL }), "z");
    /* the limit len/3: "abcdefgh" (limit 2) and "abcdexyz" are 3 apart, "abcdefyz" 2 */
    CU_ASSERT_PTR_NULL(best_of("abcdefgh", (const char *const[]){ "abcdexyz", NULL }));
    CU_ASSERT_STRING_EQUAL(best_of("abcdefgh", (const char *const[]){ "abcdefyz", NULL }),
                           "abcdefyz");
    /* a tie goes to the first candidate offered (file order) */
    CU_ASSERT_STRING_EQUAL(best_of("cat", (const char *const[]){ "bat", "cap", NULL }), "bat");
    static const char *const none[] = { NULL };
    CU_ASSERT_PTR_NULL(best_of("x", none));
}

static void test_units_hint(void)
{
    char buf[200];
    CU_ASSERT_STRING_EQUAL(units_status_explain(UNITS_BAD_UNIT, "20MS", buf, sizeof buf),
                           "has an unknown unit (expected ns, us, ms or s; did you mean 20ms?)");
    CU_ASSERT_STRING_EQUAL(units_status_explain(UNITS_BAD_UNIT, "2.5mss", buf, sizeof buf),
                           "has an unknown unit (expected ns, us, ms or s; did you mean 2.5ms?)");
    /* "sec": every unit is at least 2 edits away, over the limit 3/3 = 1: no guess */
    CU_ASSERT_STRING_EQUAL(units_status_explain(UNITS_BAD_UNIT, "10sec", buf, sizeof buf),
                           "has an unknown unit (expected ns, us, ms or s)");
    CU_ASSERT_STRING_EQUAL(units_status_explain(UNITS_NO_UNIT, "10", buf, sizeof buf),
                           "has no unit (expected e.g. 10ms)");
}

void test_suggest_register(void);
void test_suggest_register(void)
{
    CU_pSuite s = CU_add_suite("suggest", NULL, NULL);
    CU_add_test(s, "optimal string alignment distance", test_distance);
    CU_add_test(s, "the suggestion: case first, then the closest within the limit", test_best);
    CU_add_test(s, "units: did you mean 20ms", test_units_hint);
}
