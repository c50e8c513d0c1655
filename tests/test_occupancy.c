/* Tests for models/occupancy and the <sm> attributes: the occupancy examples O1-O16
 * (docs/concurrency.md sec. 6), the compute-capability tables of sec. 1, the room on an occupied
 * SM of sec. 2. Every expected value is worked by hand in the comment next to it from the
 * formulas of docs/concurrency.md sec. 2 and the GPU files' values, never copied from output. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "models/occupancy.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"

/* The <sm> of a GPU file (examples/gpus or tests/data/good); fails the test if it does not load. */
static rt_sm_limits load_sm(const char *path)
{
    rt_diags *d = rt_diag_new(20);
    rt_gpu *g = rt_gpu_load(path, d);
    rt_sm_limits sm;
    memset(&sm, 0, sizeof sm);
    CU_ASSERT_PTR_NOT_NULL(g);
    CU_ASSERT_EQUAL(rt_diag_count(d), 0);
    if (g) {
        CU_ASSERT(g->has_sm_limits);
        sm = g->sm;
    }
    rt_gpu_free(g);
    rt_diag_free(d);
    return sm;
}

#define K40 "examples/gpus/tesla-k40.xml"
#define K40_CC35 "examples/gpus/tesla-k40-cc35.xml"
#define PASCAL "examples/gpus/pascal-gil.xml"
#define RTX2080TI "examples/gpus/rtx2080ti.xml"
#define CC75 "tests/data/good/gpu-cc75.xml"
#define CC86 "tests/data/good/gpu-cc86.xml"
#define CC87 "tests/data/good/gpu-cc87.xml"
#define CC90 "tests/data/good/gpu-cc90.xml"
#define CC70 "tests/data/good/gpu-cc70.xml"
#define CC72 "tests/data/good/gpu-cc72.xml"
#define CC80 "tests/data/good/gpu-cc80.xml"
#define CC89 "tests/data/good/gpu-cc89.xml"

static rt_launch_cfg launch(int64_t grid, int64_t block, int64_t regs, int64_t smem)
{
    return (rt_launch_cfg){ .grid = {grid, 1, 1}, .block = {block, 1, 1}, .registers = regs,
                            .shared_memory = smem };
}

enum { TH = 1u << OCC_THREADS, WA = 1u << OCC_WARPS, BL = 1u << OCC_BLOCKS,
       RE = 1u << OCC_REGISTERS, SH = 1u << OCC_SHARED_MEMORY };

/* A(L) and the set of limiting factors of (T, r, S) on the GPU file. */
static void expect_occ(const char *gpu, int64_t T, int64_t r, int64_t S, int64_t a, unsigned lim)
{
    rt_sm_limits sm = load_sm(gpu);
    rt_launch_cfg l = launch(1, T, r, S);
    occ_result o;
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.active_blocks, a);
    CU_ASSERT_EQUAL(o.limiting, lim);
}

/* O1 PFL (128, 13, 0) on K40: threads 2048/128 = 16, warps 64/4 = 16, blocks 16,
 * regs R_w = 416: floor(65536/416) = 157, /4 = 39; A = 16 ([CRUZ] 6.4.1: 47 < 16*15). */
static void test_o1(void)
{
    expect_occ(K40, 128, 13, 0, 16, TH | WA | BL);
    rt_sm_limits sm = load_sm(K40);
    rt_launch_cfg l = launch(47, 128, 13, 0);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.limit[OCC_REGISTERS], 39);
    CU_ASSERT_EQUAL(o.limit[OCC_SHARED_MEMORY], OCC_NO_LIMIT); /* S_b = 0 */
    CU_ASSERT(o.d.grid < o.active_blocks * 15);                /* 47 < 240 */
    CU_ASSERT_EQUAL(o.occ_num, 64);                            /* 16 * 4 / 64 = 1 */
    CU_ASSERT_EQUAL(o.occ_den, 64);
}

/* O2 kNN (256, 8, 0): threads 8, warps 8, regs 256/warp: 256/8 = 32; A = 8. */
static void test_o2(void) { expect_occ(K40, 256, 8, 0, 8, TH | WA); }

/* O3 HS3 (256, 36, 0) plain: R_w = 1152, floor(65536/1152) = 56, /8 = 7 (= floor(65536/9216)). */
static void test_o3(void)
{
    expect_occ(K40, 256, 36, 0, 7, RE);
    rt_sm_limits sm = load_sm(K40);
    rt_launch_cfg l = launch(1, 256, 36, 0);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.d.registers, 9216);
    /* HS3: 7 blocks/SM (registers), occupancy 0.875: 7*8/64 */
    CU_ASSERT_EQUAL(o.occ_num, 56);
    CU_ASSERT_EQUAL(o.occ_den, 64);
    CU_ASSERT_DOUBLE_EQUAL(o.occupancy, 0.875, 0.0);
}

/* O4 HS3 with cc 3.5 rules: R_w = roundup(1152, 256) = 1280; floor(16384/1280) = 12, *4 = 48
 * warps, /8 = 6. */
static void test_o4(void)
{
    expect_occ(K40_CC35, 256, 36, 0, 6, RE);
    rt_sm_limits sm = load_sm(K40_CC35);
    rt_launch_cfg l = launch(1, 256, 36, 0);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.d.registers_per_warp, 1280);
}

/* O5 BFS (512, 19, 0): threads 4, warps 64/16 = 4, regs R_w = 608: 107/16 = 6; A = 4. */
static void test_o5(void) { expect_occ(K40, 512, 19, 0, 4, TH | WA); }
/* O6 HS2 (256, 38, 3072): regs R_w = 1216: 53/8 = 6; smem 49152/3072 = 16; A = 6. */
static void test_o6(void) { expect_occ(K40, 256, 38, 3072, 6, RE); }
/* O7 SRAD (256, 21, 5120): threads 8, warps 8, regs 672: 97/8 = 12, smem 9; A = 8. */
static void test_o7(void) { expect_occ(K40, 256, 21, 5120, 8, TH | WA); }
/* O8 Y (160, 16, 0) on Pascal: threads floor(2048/160) = 12, W_b = 5, warps floor(64/5) = 12,
 * blocks 32, regs 512/warp: 128/5 = 25; A = 12 ([GIL] 4.1 "room for up to 12 blocks"). */
static void test_o8(void) { expect_occ(PASCAL, 160, 16, 0, 12, TH | WA); }
/* O9 Y (33, 16, 0) on Pascal: threads 62, W_b = 2, warps 32, blocks 32; A = 32. */
static void test_o9(void) { expect_occ(PASCAL, 33, 16, 0, 32, WA | BL); }
/* O10 B (33, 16, 0) on the 2080 Ti (cc 7.5): threads 31, warps 32/2 = 16, blocks 16,
 * regs R_w = 512: floor(16384/512)*4/2 = 64; A = 16. */
static void test_o10(void) { expect_occ(RTX2080TI, 33, 16, 0, 16, WA | BL); }
/* O11 A (512, 16, 0) on the 2080 Ti: threads 1024/512 = 2, warps 32/16 = 2; A = 2. */
static void test_o11(void) { expect_occ(RTX2080TI, 512, 16, 0, 2, TH | WA); }

/* O12 (96, 40, 0) on cc 9.0: W_b = 3, R_w = roundup(1280, 256) = 1280; floor(16384/1280) = 12,
 * *4 = 48 warps, /3 = 16; threads 2048/96 = 21, warps 64/3 = 21, blocks 32. A = 16. One
 * register pool would give floor(65536/3840) = 17: the contrast. */
static void test_o12(void)
{
    expect_occ(CC90, 96, 40, 0, 16, RE);
    CU_ASSERT_EQUAL(65536 / (1280 * 3), 17);
}

/* O13 (32, 8, 12288) on cc 9.0: S_b = roundup(12288 + 1024, 128) = 13312;
 * floor(233472/13312) = 17. Forgetting the 1 KB reserve: floor(233472/12288) = 19. */
static void test_o13(void)
{
    expect_occ(CC90, 32, 8, 12288, 17, SH);
    rt_sm_limits sm = load_sm(CC90);
    rt_launch_cfg l = launch(1, 32, 8, 12288);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.d.shared_memory_block, 13312);
    sm.shared_memory_reserved = 0;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.active_blocks, 19);
}

/* O14 (128, 32, 49152): 7.5: S_b = 49152, 65536/49152 = 1; 8.6: S_b = 50176, 102400/50176 = 2;
 * 8.7: 167936/50176 = 3; 9.0: 233472/50176 = 4. */
static void test_o14(void)
{
    expect_occ(CC75, 128, 32, 49152, 1, SH);
    expect_occ(CC86, 128, 32, 49152, 2, SH);
    expect_occ(CC87, 128, 32, 49152, 3, SH);
    expect_occ(CC90, 128, 32, 49152, 4, SH);
}

/* O15 (1024, 65, 0): R_w = roundup(2080, 256) = 2304; W_b = 32; 2304 * 32 = 73728 > 65536. */
static void test_o15(void)
{
    const char *gpus[] = {CC75, CC86, CC87, CC90};
    for (size_t i = 0; i < 4; i++) {
        rt_sm_limits sm = load_sm(gpus[i]);
        rt_launch_cfg l = launch(1, 1024, 65, 0);
        occ_result o;
        CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_REGISTERS_PER_BLOCK);
        CU_ASSERT_EQUAL(o.d.registers_checked, 73728);
    }
}

/* O16 HS3 (256, 36, 0): R_w = 1280, lim_regs = 12*4/8 = 6 on every cc;
 * 7.5: threads 1024/256 = 4, warps 32/8 = 4 -> A = 4;
 * 8.6 and 8.7: threads 1536/256 = 6, warps 48/8 = 6, regs 6 -> A = 6;
 * 9.0: threads 8, warps 8, regs 6 -> A = 6.
 * The spec's limiting column names "warps" / "warps+regs"; by its own definition (every factor
 * equal to A) threads is limiting too whenever it equals warps (threads = warps * 32 on every
 * cc of sec. 6 and T a multiple of 32): the test follows the definition. */
static void test_o16(void)
{
    expect_occ(CC75, 256, 36, 0, 4, TH | WA);
    expect_occ(CC86, 256, 36, 0, 6, TH | WA | RE);
    expect_occ(CC87, 256, 36, 0, 6, TH | WA | RE);
    expect_occ(CC90, 256, 36, 0, 6, RE);
}

/* Other invalid launches (docs/concurrency.md sec. 2), one rule each (cc 8.6 values of sec. 1). */
static void test_invalid(void)
{
    rt_sm_limits sm = load_sm(CC86);
    occ_result o;
    rt_launch_cfg l = launch(1, 1025, 0, 0);          /* T > 1024 */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_THREADS_PER_BLOCK);
    l = launch(1, 32, 256, 0);                        /* r > 255 */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_REGISTERS_PER_THREAD);
    l = launch(1, 32, 0, 101377);                     /* S > 101376 */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_SHARED_PER_BLOCK);
    l = launch(1, 32, 0, 101376);                     /* S_b = 102400 = the SM: A = 1, valid */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.active_blocks, 1);
    sm.shared_memory = 102399;                        /* one byte less: A = 0 */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_NO_BLOCK_FITS);
    l = (rt_launch_cfg){ .grid = {INT64_MAX, 2, 1}, .block = {32, 1, 1}, .registers = 0,
                         .shared_memory = 0 };        /* G overflows */
    CU_ASSERT_EQUAL(occupancy_isolated(&sm, &l, &o), OCC_E_RANGE);
}

/* Not given registers / shared memory are 0 (no limit) and flagged. */
static void test_assumed(void)
{
    rt_sm_limits sm = load_sm(K40);
    rt_launch_cfg l = launch(10, 256, -1, -1);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT(o.d.registers_assumed && o.d.shared_memory_assumed);
    CU_ASSERT_EQUAL(o.limit[OCC_REGISTERS], OCC_NO_LIMIT);
    CU_ASSERT_EQUAL(o.active_blocks, 8); /* threads 2048/256 */
}

/* Registers counted per warp (docs/concurrency.md sec. 2): LUD (16, 32, 1024) on K40: W_b = 1,
 * R_w = 32*32 = 1024, R_b = 1024 (not r*T = 512). */
static void test_registers_per_warp(void)
{
    rt_sm_limits sm = load_sm(K40);
    rt_launch_cfg l = launch(1, 16, 32, 1024);
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.d.warps, 1);
    CU_ASSERT_EQUAL(o.d.registers, 1024);
    CU_ASSERT_EQUAL(o.active_blocks, 16); /* threads 128, warps 64, blocks 16, regs 64, smem 48 */
}

/* docs/concurrency.md sec. 2: room on an empty SM is A(L); next to resident blocks it is the least
 * left. */
static void test_room(void)
{
    rt_sm_limits sm = load_sm(K40);
    rt_launch_cfg lp = launch(47, 128, 13, 0), lk = launch(3840, 256, 8, 0);
    occ_result pfl, knn;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &lp, &pfl), OCC_OK);
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &lk, &knn), OCC_OK);
    occ_usage u = {0, 0, 0, 0, 0};
    CU_ASSERT_EQUAL(occupancy_room(&sm, &u, &knn, 0), 8);   /* = A(kNN) */
    CU_ASSERT_EQUAL(occupancy_room(&sm, &u, &pfl, 0), 16);  /* = A(PFL) */
    CU_ASSERT(occupancy_usage_add(&u, &pfl, 15));
    /* 15 PFL blocks: 1920 threads, 60 warps, 15 blocks, 15*1664 = 24960 registers:
     * kNN: threads 128/256 = 0 -> 0; PFL itself: min(128/128 = 1, 4/4 = 1, 1, ..., 16 - 15 = 1) = 1 */
    CU_ASSERT_EQUAL(u.registers, 24960);
    CU_ASSERT_EQUAL(occupancy_room(&sm, &u, &knn, 0), 0);
    CU_ASSERT_EQUAL(occupancy_room(&sm, &u, &pfl, 15), 1);
    CU_ASSERT(occupancy_usage_add(&u, &pfl, 1));
    CU_ASSERT_EQUAL(occupancy_room(&sm, &u, &pfl, 16), 0);
    /* the warp-granularity cap: cc 3.5 rules, HS3 alone has room 6 (O4), not the pool's 6 or 7 */
    rt_sm_limits sm35 = load_sm(K40_CC35);
    rt_launch_cfg lh = launch(1, 256, 36, 0);
    occ_result hs3;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm35, &lh, &hs3), OCC_OK);
    occ_usage e = {0, 0, 0, 0, 0};
    CU_ASSERT_EQUAL(occupancy_room(&sm35, &e, &hs3, 0), 6);
}

/* sec. 6 tables through the loader, with sources; explicit values win; plain defaults. */
static void test_cc_tables(void)
{
    static const struct { const char *path; int cc; int64_t v[RT_SM_N_ATTRS]; } t[] = {
        /* threads blocks warps registers smem warp-size tpb rpt rpb reg-unit wg smem/blk unit reserved */
        {CC75, 75, {1024, 16, 32, 65536, 65536, 32, 1024, 255, 65536, 256, 4, 65536, 256, 0}},
        {CC86, 86, {1536, 16, 48, 65536, 102400, 32, 1024, 255, 65536, 256, 4, 101376, 128, 1024}},
        {CC87, 87, {1536, 16, 48, 65536, 167936, 32, 1024, 255, 65536, 256, 4, 166912, 128, 1024}},
        {CC90, 90, {2048, 32, 64, 65536, 233472, 32, 1024, 255, 65536, 256, 4, 232448, 128, 1024}},
        /* CUDA C++ Programming Guide, "Technical Specifications per Compute Capability": 7.0
         * and 7.2 (Volta) 2048 threads, 32 blocks, 64 warps, 96 KB = 98304 B of shared memory
         * per SM and per block; 8.0 (A100) 2048, 32, 64, 164 KB = 167936 B per SM, 163 KB =
         * 166912 B per block; 8.9 (Ada) 1536, 24, 48, 100 KB = 102400 B, 99 KB = 101376 B.
         * cuda_occupancy.h: allocation unit 256 B and no reserve below 8.0, 128 B and 1 KB from
         * 8.0. */
        {CC70, 70, {2048, 32, 64, 65536, 98304, 32, 1024, 255, 65536, 256, 4, 98304, 256, 0}},
        {CC72, 72, {2048, 32, 64, 65536, 98304, 32, 1024, 255, 65536, 256, 4, 98304, 256, 0}},
        {CC80, 80, {2048, 32, 64, 65536, 167936, 32, 1024, 255, 65536, 256, 4, 166912, 128, 1024}},
        {CC89, 89, {1536, 24, 48, 65536, 102400, 32, 1024, 255, 65536, 256, 4, 101376, 128, 1024}},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        rt_diags *d = rt_diag_new(20);
        rt_gpu *g = rt_gpu_load(t[i].path, d);
        CU_ASSERT_PTR_NOT_NULL_FATAL(g);
        CU_ASSERT_EQUAL(g->compute_capability, t[i].cc);
        CU_ASSERT(!rt_gpu_sm_plain_arithmetic(g));
        for (int a = 0; a < RT_SM_N_ATTRS; a++) {
            CU_ASSERT_EQUAL(rt_gpu_sm_value(&g->sm, a), t[i].v[a]);
            CU_ASSERT_EQUAL(g->sm.source[a], RT_SM_FROM_CC);
        }
        rt_gpu_free(g);
        rt_diag_free(d);
    }
    rt_diags *d = rt_diag_new(20);
    rt_gpu *g = rt_gpu_load("tests/data/good/gpu-cc86-override.xml", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(g->sm.threads, 1024);
    CU_ASSERT_EQUAL(g->sm.source[RT_SM_THREADS], RT_SM_GIVEN);
    CU_ASSERT_EQUAL(g->sm.shared_memory_reserved, 0);
    CU_ASSERT_EQUAL(g->sm.source[RT_SM_SHARED_MEMORY_RESERVED], RT_SM_GIVEN);
    CU_ASSERT_EQUAL(g->sm.warps, 48);
    CU_ASSERT_EQUAL(g->sm.source[RT_SM_WARPS], RT_SM_FROM_CC);
    rt_gpu_free(g);
    g = rt_gpu_load(K40, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(g->compute_capability, 0);
    CU_ASSERT(rt_gpu_sm_plain_arithmetic(g));
    CU_ASSERT_EQUAL(g->sm.source[RT_SM_THREADS], RT_SM_GIVEN);
    CU_ASSERT_EQUAL(g->sm.warp_size, 32);
    CU_ASSERT_EQUAL(g->sm.registers_per_block, 65536);      /* = registers */
    CU_ASSERT_EQUAL(g->sm.shared_memory_per_block, 49152);  /* = shared-memory */
    CU_ASSERT_EQUAL(g->sm.register_unit, 1);
    CU_ASSERT_EQUAL(g->sm.warp_granularity, 1);
    CU_ASSERT_EQUAL(g->sm.shared_memory_unit, 1);
    CU_ASSERT_EQUAL(g->sm.shared_memory_reserved, 0);
    CU_ASSERT_EQUAL(g->sm.source[RT_SM_REGISTERS_PER_BLOCK], RT_SM_DEFAULT);
    rt_gpu_free(g);
    g = rt_gpu_load(K40_CC35, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT(!rt_gpu_sm_plain_arithmetic(g)); /* unit attributes given */
    rt_gpu_free(g);
    CU_ASSERT_EQUAL(rt_diag_count(d), 0);
    rt_diag_free(d);
}

void test_occupancy_register(void);
void test_occupancy_register(void)
{
    CU_pSuite s = CU_add_suite("occupancy (docs/concurrency.md secs. 1 and 2)", NULL, NULL);
    CU_add_test(s, "O1 PFL on K40", test_o1);
    CU_add_test(s, "O2 kNN on K40", test_o2);
    CU_add_test(s, "O3 HS3 on K40", test_o3);
    CU_add_test(s, "O4 HS3 on K40, cc 3.5 rules", test_o4);
    CU_add_test(s, "O5 BFS on K40", test_o5);
    CU_add_test(s, "O6 HS2 on K40", test_o6);
    CU_add_test(s, "O7 SRAD on K40", test_o7);
    CU_add_test(s, "O8 Y(160) on Pascal", test_o8);
    CU_add_test(s, "O9 Y(33) on Pascal", test_o9);
    CU_add_test(s, "O10 B(33) on 2080 Ti", test_o10);
    CU_add_test(s, "O11 A(512) on 2080 Ti", test_o11);
    CU_add_test(s, "O12 sub-partition registers, cc 9.0", test_o12);
    CU_add_test(s, "O13 shared-memory reserve, cc 9.0", test_o13);
    CU_add_test(s, "O14 shared memory per cc", test_o14);
    CU_add_test(s, "O15 registers per block invalid", test_o15);
    CU_add_test(s, "O16 HS3 per cc", test_o16);
    CU_add_test(s, "invalid launches", test_invalid);
    CU_add_test(s, "registers and shared memory not given", test_assumed);
    CU_add_test(s, "registers counted per warp", test_registers_per_warp);
    CU_add_test(s, "room on an occupied SM", test_room);
    CU_add_test(s, "compute-capability tables and sources", test_cc_tables);
}
