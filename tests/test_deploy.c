/* Tests of analysis/deploy (TPC ranges, libsmctrl masks, green-context legality) and of
 * taskset/taskset_write, on layouts built by hand. Every expected value is worked out in the
 * comment beside it: TPC = g SMs, mask bit i set = TPC i disabled, all 128 bits of the
 * complement of the partition's TPC range (libsmctrl.h, "Notes on Bitmasks"). */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/deploy.h"
#include "suites.h"
#include "taskset/taskset_load.h"
#include "taskset/taskset_write.h"

/* A layout of n partitions (first SM, size) and one task per partition (task p in partition p,
 * priority p + 1). */
static rt_layout *layout_of(size_t n, const int64_t first[], const int64_t sms[])
{
    rt_layout *l = rt_layout_new(n, n);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    for (size_t p = 0; p < n; p++) {
        char name[32];
        snprintf(name, sizeof name, "P%zu", p);
        l->part_name[p] = strdup(name);
        l->part_first_sm[p] = first[p];
        l->part_sms[p] = sms[p];
        l->task_part[p] = p;
        l->task_prio[p] = (int64_t)p + 1;
    }
    return l;
}

static rt_gpu gpu_of(int64_t sms, int64_t g, int cc)
{
    rt_gpu gpu;
    memset(&gpu, 0, sizeof gpu);
    gpu.sms = sms;
    gpu.granularity = g;
    gpu.compute_capability = cc;
    return gpu;
}

static void test_gc_rules(void)
{
    /* NVIDIA driver API 12.4, "Green Contexts": 6.X min 1; 7.X min 2, x2; 8.X min 4, x2;
     * 9.0+ min 8, x8. */
    rt_gc_rule r;
    CU_ASSERT_FALSE(rt_deploy_gc_rule(0, &r));
    CU_ASSERT_FALSE(rt_deploy_gc_rule(53, &r));
    CU_ASSERT(rt_deploy_gc_rule(61, &r) && r.min_sms == 1 && r.step_sms == 1);
    CU_ASSERT(rt_deploy_gc_rule(75, &r) && r.min_sms == 2 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(86, &r) && r.min_sms == 4 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(87, &r) && r.min_sms == 4 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(72, &r) && r.min_sms == 2 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(80, &r) && r.min_sms == 4 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(89, &r) && r.min_sms == 4 && r.step_sms == 2);
    CU_ASSERT(rt_deploy_gc_rule(90, &r) && r.min_sms == 8 && r.step_sms == 8);
}

/* Orin (16 SMs, g = 2: 8 TPCs, cc 8.7), the layout of examples/tasksets/orin-camera-pipeline.xml:
 * camera SMs 0-3, detector SMs 4-11, lidar SMs 12-15. */
static void test_orin_given(void)
{
    rt_layout *l = layout_of(3, (int64_t[]){0, 4, 12}, (int64_t[]){4, 8, 4});
    rt_gpu gpu = gpu_of(16, 2, 87);
    rt_deploy d;
    size_t bad = 99;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    CU_ASSERT_EQUAL(d.tpcs, 8);     /* 16 / 2 */
    CU_ASSERT_FALSE(d.wide);        /* 8 <= 64: uint64_t masks */
    /* SMs 0-3 -> TPCs 0/2 .. 4/2-1 = 0-1; SMs 4-11 -> TPCs 2-5; SMs 12-15 -> TPCs 6-7. */
    CU_ASSERT(d.parts[0].first_tpc == 0 && d.parts[0].last_tpc == 1);
    CU_ASSERT(d.parts[1].first_tpc == 2 && d.parts[1].last_tpc == 5);
    CU_ASSERT(d.parts[2].first_tpc == 6 && d.parts[2].last_tpc == 7);
    CU_ASSERT(d.parts[1].first_sm == 4 && d.parts[1].last_sm == 11);
    /* TPCs 0-1 enabled = 0b11 = 0x3 -> disable ~0x3 = 0x...fffc;
     * TPCs 2-5 = 0b00111100 = 0x3c -> ~0x3c = 0x...ffc3; TPCs 6-7 = 0xc0 -> ~0xc0 = 0x...ff3f. */
    CU_ASSERT_EQUAL(d.parts[0].disable.lo, UINT64_C(0xfffffffffffffffc));
    CU_ASSERT_EQUAL(d.parts[1].disable.lo, UINT64_C(0xffffffffffffffc3));
    CU_ASSERT_EQUAL(d.parts[2].disable.lo, UINT64_C(0xffffffffffffff3f));
    CU_ASSERT_EQUAL(d.parts[0].disable.hi, UINT64_MAX);
    /* 4, 8, 4 SMs: each >= 4 and even, legal on 8.7. */
    CU_ASSERT(d.has_gc_rule && d.parts[0].gc_legal && d.parts[1].gc_legal && d.parts[2].gc_legal);
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* Orin, the layout the search finds for orin-perception-search.xml (its comment: 2 + 6 + 4 SMs):
 * 2 SMs is below the 8.X minimum of 4: illegal, nearest legal size 4 (none below). */
static void test_orin_search_green_illegal(void)
{
    rt_layout *l = layout_of(3, (int64_t[]){0, 2, 8}, (int64_t[]){2, 6, 4});
    rt_gpu gpu = gpu_of(16, 2, 87);
    rt_deploy d;
    size_t bad;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    CU_ASSERT_FALSE(d.parts[0].gc_legal);
    CU_ASSERT_EQUAL(d.parts[0].gc_below, 0);
    CU_ASSERT_EQUAL(d.parts[0].gc_above, 4);
    CU_ASSERT(d.parts[1].gc_legal && d.parts[2].gc_legal);   /* 6 and 4: >= 4, even */
    /* SMs 0-1 -> TPC 0: ~0x1 = 0x...fffe; SMs 2-7 -> TPCs 1-3: ~0xe = 0x...fff1;
     * SMs 8-11 -> TPCs 4-5: ~0x30 = 0x...ffcf. */
    CU_ASSERT_EQUAL(d.parts[0].disable.lo, UINT64_C(0xfffffffffffffffe));
    CU_ASSERT_EQUAL(d.parts[1].disable.lo, UINT64_C(0xfffffffffffffff1));
    CU_ASSERT_EQUAL(d.parts[2].disable.lo, UINT64_C(0xffffffffffffffcf));
    rt_deploy_fini(&d);
    /* Without a compute capability there is no rule at all. */
    gpu.compute_capability = 0;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    CU_ASSERT_FALSE(d.has_gc_rule);
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* H100 (132 SMs, g = 2: 66 TPCs > 64, so 128-bit masks; cc 9.0). */
static void test_h100_wide(void)
{
    rt_layout *l = layout_of(3, (int64_t[]){0, 64, 128}, (int64_t[]){64, 64, 4});
    rt_gpu gpu = gpu_of(132, 2, 90);
    rt_deploy d;
    size_t bad;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    CU_ASSERT_EQUAL(d.tpcs, 66);
    CU_ASSERT(d.wide);
    /* P0: SMs 0-63 -> TPCs 0-31: enabled lo 0x00000000ffffffff, hi 0
     *     -> disable lo 0xffffffff00000000, hi 0xffffffffffffffff. */
    CU_ASSERT(d.parts[0].first_tpc == 0 && d.parts[0].last_tpc == 31);
    CU_ASSERT_EQUAL(d.parts[0].disable.lo, UINT64_C(0xffffffff00000000));
    CU_ASSERT_EQUAL(d.parts[0].disable.hi, UINT64_C(0xffffffffffffffff));
    /* P1: SMs 64-127 -> TPCs 32-63: enabled lo 0xffffffff00000000 -> disable lo
     *     0x00000000ffffffff, hi all ones. */
    CU_ASSERT(d.parts[1].first_tpc == 32 && d.parts[1].last_tpc == 63);
    CU_ASSERT_EQUAL(d.parts[1].disable.lo, UINT64_C(0x00000000ffffffff));
    CU_ASSERT_EQUAL(d.parts[1].disable.hi, UINT64_C(0xffffffffffffffff));
    /* P2: SMs 128-131 -> TPCs 64-65 (bits 0-1 of the high half): disable lo all ones,
     *     hi ~0x3 = 0xfffffffffffffffc. */
    CU_ASSERT(d.parts[2].first_tpc == 64 && d.parts[2].last_tpc == 65);
    CU_ASSERT_EQUAL(d.parts[2].disable.lo, UINT64_C(0xffffffffffffffff));
    CU_ASSERT_EQUAL(d.parts[2].disable.hi, UINT64_C(0xfffffffffffffffc));
    /* 64 = 8 x 8: legal. 4 < 8: illegal, nothing legal below, 8 above. */
    CU_ASSERT(d.parts[0].gc_legal && d.parts[1].gc_legal);
    CU_ASSERT_FALSE(d.parts[2].gc_legal);
    CU_ASSERT(d.parts[2].gc_below == 0 && d.parts[2].gc_above == 8);
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* H100, tests/data/deploy/h100-64-68.xml: "right" SMs 64-131 (68 SMs) straddles bit 64. */
static void test_h100_straddle(void)
{
    rt_layout *l = layout_of(2, (int64_t[]){0, 64}, (int64_t[]){64, 68});
    rt_gpu gpu = gpu_of(132, 2, 90);
    rt_deploy d;
    size_t bad;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    /* TPCs 32-65: enabled lo bits 32-63, hi bits 0-1 -> disable lo 0x00000000ffffffff,
     * hi 0xfffffffffffffffc. */
    CU_ASSERT(d.parts[1].first_tpc == 32 && d.parts[1].last_tpc == 65);
    CU_ASSERT_EQUAL(d.parts[1].disable.lo, UINT64_C(0x00000000ffffffff));
    CU_ASSERT_EQUAL(d.parts[1].disable.hi, UINT64_C(0xfffffffffffffffc));
    /* 68 is not a multiple of 8: below 64 (8 x 8), above 72 (9 x 8 <= 132). */
    CU_ASSERT_FALSE(d.parts[1].gc_legal);
    CU_ASSERT(d.parts[1].gc_below == 64 && d.parts[1].gc_above == 72);
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* A partition off the TPC grid is refused, not rounded; more than 128 TPCs has no mask. */
static void test_refusals(void)
{
    rt_layout *l = layout_of(2, (int64_t[]){0, 3}, (int64_t[]){2, 4});
    rt_gpu gpu = gpu_of(16, 2, 87);
    rt_deploy d;
    size_t bad = 99;
    CU_ASSERT_EQUAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_EUNALIGNED);
    CU_ASSERT_EQUAL(bad, 1);   /* first SM 3 is not a multiple of 2 */
    rt_deploy_fini(&d);
    l->part_first_sm[1] = 14;  /* 14 + 4 = 18 > 16 SMs */
    CU_ASSERT_EQUAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_EUNALIGNED);
    rt_deploy_fini(&d);
    rt_layout_free(l);
    /* 258 SMs / 2 = 129 TPCs > 128 */
    l = layout_of(1, (int64_t[]){0}, (int64_t[]){8});
    gpu = gpu_of(258, 2, 90);
    CU_ASSERT_EQUAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_ETOOMANY);
    CU_ASSERT(d.parts[0].gc_legal);   /* the green-context check still ran: 8 is legal */
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* Tasks are listed highest priority (smallest number) first, ties in file order. */
static void test_task_order(void)
{
    rt_layout *l = rt_layout_new(1, 3);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    l->part_name[0] = strdup("only");
    l->part_sms[0] = 16;
    l->task_prio[0] = 5;
    l->task_prio[1] = 2;
    l->task_prio[2] = 5;
    rt_gpu gpu = gpu_of(16, 2, 0);
    rt_deploy d;
    size_t bad;
    CU_ASSERT_EQUAL_FATAL(rt_deploy_compute(l, &gpu, &d, &bad), DEPLOY_OK);
    CU_ASSERT_EQUAL_FATAL(d.parts[0].n_tasks, 3);
    CU_ASSERT(d.parts[0].tasks[0] == 1 && d.parts[0].tasks[1] == 0 && d.parts[0].tasks[2] == 2);
    rt_deploy_fini(&d);
    rt_layout_free(l);
}

/* taskset_write refuses a file whose bytes are not the ones analysed. */
static void test_write_refuses_changed_file(void)
{
    rt_diags *d = rt_diag_new(10);
    rt_taskset *ts = rt_taskset_load("tests/data/deploy/h100-64-68.xml", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    int64_t prio[2] = {1, 2};
    rt_partition_out parts[1] = {{"all", 0, 132, (size_t[]){0, 1}, 2}};
    char *out = NULL;
    size_t len = 0;
    /* Unchanged: the partitions are replaced, priorities explicit, the comment kept. */
    CU_ASSERT_EQUAL_FATAL(rt_taskset_write_layout(ts, prio, parts, 1, "note", &out, &len, d), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "<task name=\"a\" period=\"10ms\" priority=\"1\">"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "<task name=\"b\" period=\"20ms\" priority=\"2\">"));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "  <!--note-->\n  <partition name=\"all\" sms=\"132\" "
                                       "first-sm=\"0\">\n    <task-ref name=\"a\"/>\n    "
                                       "<task-ref name=\"b\"/>\n  </partition>\n</taskset>"));
    CU_ASSERT_PTR_NULL(strstr(out, "<partition name=\"left\""));
    CU_ASSERT_PTR_NOT_NULL(strstr(out, "libsmctrl needs 128-bit masks"));
    free(out);
    /* A note that would end the comment early is left out. */
    CU_ASSERT_EQUAL_FATAL(rt_taskset_write_layout(ts, prio, parts, 1, "a -- b", &out, &len, d), 0);
    CU_ASSERT_PTR_NULL(strstr(out, "a -- b"));
    free(out);
    /* Changed: one byte of the recorded hash differs. */
    ts->sha256[0] ^= 1;
    out = NULL;
    CU_ASSERT_EQUAL(rt_taskset_write_layout(ts, prio, parts, 1, NULL, &out, &len, d), -1);
    CU_ASSERT_PTR_NULL(out);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 1);
    rt_taskset_free(ts);
    rt_diag_free(d);
}

void test_deploy_register(void)
{
    CU_pSuite s = CU_add_suite("deploy", NULL, NULL);
    CU_add_test(s, "green-context rules per compute capability", test_gc_rules);
    CU_add_test(s, "Orin given layout: TPC ranges, 64-bit masks, legal counts", test_orin_given);
    CU_add_test(s, "Orin found layout: 2 SMs is no green context", test_orin_search_green_illegal);
    CU_add_test(s, "H100: 128-bit masks, 4 SMs illegal on 9.0", test_h100_wide);
    CU_add_test(s, "H100: a partition across bit 64, 68 SMs illegal", test_h100_straddle);
    CU_add_test(s, "off the TPC grid, outside the GPU, more than 128 TPCs", test_refusals);
    CU_add_test(s, "tasks by priority", test_task_order);
    CU_add_test(s, "taskset_write: edits the tree, refuses a changed file",
                test_write_refuses_changed_file);
}
