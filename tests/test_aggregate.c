/* Tests for explore/aggregate (the counts and fractions behind the sweep charts), on records set
 * by hand over the points of two test sweeps; every expected count is worked in the comments. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "explore/aggregate.h"
#include "explore/run.h"
#include "explore/spec.h"
#include "explore/spec_load.h"
#include "util/diag.h"

void test_aggregate_register(void);

static xp_spec *load(const char *path)
{
    rt_diags *d = rt_diag_new(10);
    xp_spec *s = xp_spec_load(path, d);
    if (!s)
        rt_diag_print(d, stderr);
    rt_diag_free(d);
    CU_ASSERT_PTR_NOT_NULL(s);
    return s;
}

/* tests/data/explore/generate.xml: utilization 0.1..1.0 (10 values) x set (6) x interference
 * (3), point p = (u * 6 + set) * 3 + i. Records: schedulable when set <= i, else a miss; for
 * u = 9 and i = 2 an error (invalid); for u = 0 and set = 5 no result. */
static xp_record *gen_records(const xp_spec *s)
{
    xp_record *rec = calloc(s->n_points, sizeof *rec);
    CU_ASSERT_PTR_NOT_NULL_FATAL(rec);
    for (size_t u = 0; u < 10; u++)
        for (size_t set = 0; set < 6; set++)
            for (size_t i = 0; i < 3; i++) {
                xp_record *r = &rec[(u * 6 + set) * 3 + i];
                if (u == 9 && i == 2)
                    r->state = XP_REC_ERROR;
                else if (u == 0 && set == 5)
                    r->state = XP_REC_NONE;
                else
                    r->state = set <= i ? XP_REC_SCHED : XP_REC_MISS;
            }
    return rec;
}

/* Rows: utilization; columns: interference (the acceptance lines); the sets summed over. */
static void test_acceptance_lines(void)
{
    xp_spec *s = load("tests/data/explore/generate.xml");
    if (!s)
        return;
    CU_ASSERT_EQUAL_FATAL(s->n_dims, 3);
    CU_ASSERT_EQUAL_FATAL(s->n_points, 180);
    xp_record *rec = gen_records(s);
    CU_ASSERT_EQUAL(xp_aggregate_combos(s, 2, 3), 3);
    CU_ASSERT_EQUAL(xp_aggregate_combos(s, 0, 3), 180);
    CU_ASSERT_EQUAL(xp_aggregate_combos(s, 2, 2), 1);
    xp_tally t;
    CU_ASSERT_EQUAL_FATAL(xp_aggregate_tally_count(s, rec, 2, 3, &t), 0);
    CU_ASSERT_EQUAL(t.n_rows, 10);
    CU_ASSERT_EQUAL_FATAL(t.n_cols, 3);
    /* u = 3: 6 sets each; schedulable: set <= i, so 1, 2, 3 of 6 */
    CU_ASSERT_EQUAL(t.valid[3 * 3 + 0], 6);
    CU_ASSERT_EQUAL(t.sched[3 * 3 + 0], 1);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[3 * 3 + 0], 1.0 / 6, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[3 * 3 + 1], 2.0 / 6, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[3 * 3 + 2], 3.0 / 6, 1e-15);
    /* u = 0: set 5 has no result, 5 sets valid; set 5 was never schedulable: 1, 2, 3 of 5 */
    CU_ASSERT_EQUAL(t.valid[0], 5);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[0], 0.2, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[1], 0.4, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[2], 0.6, 1e-15);
    /* u = 9, i = 2: every point invalid, no fraction */
    CU_ASSERT_EQUAL(t.valid[9 * 3 + 2], 0);
    CU_ASSERT(isnan(t.fraction[9 * 3 + 2]));
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[9 * 3 + 1], 2.0 / 6, 1e-15);
    xp_aggregate_tally_fini(&t);
    CU_ASSERT_PTR_NULL(t.fraction);
    free(rec);
    xp_spec_free(s);
}

/* Rows: utilization; columns: set (a heat map of the first two); interference summed over. */
static void test_heat_cells(void)
{
    xp_spec *s = load("tests/data/explore/generate.xml");
    if (!s)
        return;
    xp_record *rec = gen_records(s);
    xp_tally t;
    CU_ASSERT_EQUAL_FATAL(xp_aggregate_tally_count(s, rec, 1, 2, &t), 0);
    CU_ASSERT_EQUAL_FATAL(t.n_cols, 6);
    /* u = 4: 3 interferences each; schedulable when i >= set: set 0: 3, 1: 2, 2: 1, 3..5: 0 */
    CU_ASSERT_EQUAL(t.valid[4 * 6 + 0], 3);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[4 * 6 + 0], 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[4 * 6 + 1], 2.0 / 3, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[4 * 6 + 2], 1.0 / 3, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[4 * 6 + 5], 0.0, 1e-15);
    /* u = 9: i = 2 invalid, 2 valid per set: set 0: 2 of 2, set 1: 1 of 2, set 2: 0 of 2 */
    CU_ASSERT_EQUAL(t.valid[9 * 6 + 1], 2);
    CU_ASSERT_EQUAL(t.sched[9 * 6 + 1], 1);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[9 * 6 + 0], 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[9 * 6 + 1], 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(t.fraction[9 * 6 + 2], 0.0, 1e-15);
    /* u = 0, set 5: no result at all */
    CU_ASSERT_EQUAL(t.valid[5], 0);
    CU_ASSERT(isnan(t.fraction[5]));
    xp_aggregate_tally_fini(&t);
    free(rec);
    xp_spec_free(s);
}

void test_aggregate_register(void)
{
    CU_pSuite s = CU_add_suite("aggregate", NULL, NULL);
    CU_add_test(s, "acceptance lines: per utilization and interference", test_acceptance_lines);
    CU_add_test(s, "heat cells: the first two parameters, the rest summed", test_heat_cells);
}
