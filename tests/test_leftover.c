/* Tests for models/leftover: Cruz et al.'s Tables 3 and 5 (all thirteen pairs, docs/concurrency.md
 * sec. 6), the case B/C derivations, line 2 (C6), and the rejected readings (C1, spread as the
 * default, eq. 3 read literally) as contrast tests. Kernel inputs are [CRUZ] Tables 2 and 4 (as in
 * examples/tasksets/cruz-table3.xml and cruz-table5.xml), on the K40 of [CRUZ] Table 1
 * (examples/gpus/tesla-k40.xml); the expected values are recomputed by hand in the comments. */
#include <CUnit/CUnit.h>
#include <math.h>
#include <string.h>

#include "models/leftover.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"

static rt_sm_limits k40(const char *path)
{
    rt_diags *d = rt_diag_new(20);
    rt_gpu *g = rt_gpu_load(path, d);
    rt_sm_limits sm;
    memset(&sm, 0, sizeof sm);
    CU_ASSERT_PTR_NOT_NULL(g);
    if (g)
        sm = g->sm;
    rt_gpu_free(g);
    rt_diag_free(d);
    return sm;
}

typedef struct kdef { const char *name; int64_t grid, block, regs, smem; } kdef;

static occ_result occ(const rt_sm_limits *sm, kdef k)
{
    rt_launch_cfg l = { .grid = {k.grid, 1, 1}, .block = {k.block, 1, 1}, .registers = k.regs,
                        .shared_memory = k.smem };
    occ_result o;
    CU_ASSERT_EQUAL(occupancy_isolated(sm, &l, &o), OCC_OK);
    return o;
}

/* [CRUZ] Table 2 with registers="16" (the paper gives none; any r <= 32 gives the same). */
static const kdef S[13] = {
    {"-", 0, 0, 0, 0},
    {"S1", 110, 256, 16, 1024}, {"S2", 450, 256, 16, 0},    {"S3", 100, 256, 16, 4096},
    {"S4", 60, 256, 16, 0},     {"S5", 42, 512, 16, 256},   {"S6", 120, 128, 16, 0},
    {"S7", 90, 256, 16, 896},   {"S8", 467, 512, 16, 256},  {"S9", 35, 256, 16, 2048},
    {"S10", 130, 512, 16, 1024}, {"S11", 35, 256, 16, 0},   {"S12", 230, 256, 16, 0},
};
/* [CRUZ] Table 4 (Rodinia), as docs/concurrency.md sec. 6 lists them. */
static const kdef PFL = {"PFL", 47, 128, 13, 0};
static const kdef T5[7] = {
    {"kNN", 3840, 256, 8, 0},      {"PF", 463, 256, 13, 2048},   {"HS3", 1024, 256, 36, 0},
    {"BFS", 1954, 512, 19, 0},     {"HS2", 1849, 256, 38, 3072}, {"SRAD", 16384, 256, 21, 5120},
    {"LUD", 1, 16, 32, 1024},
};

/* One expected row: A1, F, q, nFree, Alloc(A1), Alloc(q), A2, Cap, Rounds(k2), RoundsLimRes,
 * and the paper's printed slowdown times 100. */
typedef struct row {
    kdef k1, k2;
    int64_t a1, f, q, nfree, alloc_full, alloc_q, a2, cap, rounds2, rlr, paper100;
} row;

#define K40 "examples/gpus/tesla-k40.xml"

/* Table 3, worked (K40: 2048 threads, 64 warps, 16 blocks, 65536 regs, 49152 B; nSM 15):
 * S1-S2: A1 = min(2048/256, 64/8, 16, 65536/512/8 = 16, 49152/1024 = 48) = 8; F = 110/8 = 13,
 *   q = 6, nFree = 15-14 = 1; Alloc(8) = 0 (no free thread); Alloc(6) = min(512/256 = 2,
 *   40960/4096 = 10, 16, (64-48)/8 = 2, 10, 8) = 2; Cap = 1*8 + 0 + 2 = 10;
 *   Rounds(S2) = cdiv(450, 120) = 4; RLR = cdiv(450, 10) = 45: 45/4 = 11.25.
 * S3-S4: A1 = 8 (smem 12); F 12, q 4, nFree 2; Alloc(4) = 1024/256 = 4; Cap 16+4 = 20; 60/120 -> 1;
 *   cdiv(60, 20) = 3.
 * S5-S6: A1 = 4 (threads); F 10, q 2, nFree 4; A2 = 16; Alloc(2) = min(1024/128 = 8, 49152/2048,
 *   (64-32)/4 = 8, 14, 16) = 8; Cap 64+8 = 72; rounds 1; cdiv(120, 72) = 2.
 * S7-S8: A1 = 8; F 11, q 2, nFree 3; A2 = 4; Alloc(2) = min(1536/512 = 3, (64-16)/16 = 3) = 3;
 *   Cap 12+3 = 15; cdiv(467, 60) = 8; cdiv(467, 15) = 32: 32/8 = 4.
 * S9-S10: A1 = 8; F 4, q 3, nFree 10; A2 = 4; Alloc(3) = min(1280/512, 40/16) = 2; Cap 40+2 = 42;
 *   cdiv(130, 60) = 3; cdiv(130, 42) = 4: 4/3 (paper prints 1.30: [R≠]).
 * S11-S12: F 4, q 3, nFree 10; Alloc(3) = 1280/256 = 5; Cap 80+5 = 85; cdiv(230,120) = 2;
 *   cdiv(230, 85) = 3: 3/2.
 * Table 5, k1 = PFL: A1 = 16, F = 2, q = 15, nFree = 12; Alloc(16) = 0; Alloc(15) = 0 for T2 >= 256
 *   (128 free threads); Cap = 12*A2 (+ Alloc(15)); e.g. kNN: 96, cdiv(3840, 120) = 32,
 *   cdiv(3840, 96) = 40; HS3 A2 = 7: Cap 84, cdiv(1024, 105) = 10, cdiv(1024, 84) = 13 ([R≠]:
 *   paper 1.29); LUD (16 threads, W_b 1): Alloc(15) = min(128/16 = 8, 40576/1024 = 39, 48,
 *   (64-60)/1 = 4, 16-15 = 1, 16) = 1 (block slots, C4): Cap = 192 + 1 = 193. */
static const row rows[13] = {
    {{0}, {0}, 8, 13, 6, 1, 0, 2, 8, 10, 4, 45, 1125},
    {{0}, {0}, 8, 12, 4, 2, 0, 4, 8, 20, 1, 3, 300},
    {{0}, {0}, 4, 10, 2, 4, 0, 8, 16, 72, 1, 2, 200},
    {{0}, {0}, 8, 11, 2, 3, 0, 3, 4, 15, 8, 32, 400},
    {{0}, {0}, 8, 4, 3, 10, 0, 2, 4, 42, 3, 4, 130},
    {{0}, {0}, 8, 4, 3, 10, 0, 5, 8, 85, 2, 3, 150},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 8, 96, 32, 40, 125},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 8, 96, 4, 5, 125},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 7, 84, 10, 13, 129},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 4, 48, 33, 41, 124},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 6, 72, 21, 26, 124},
    {{0}, {0}, 16, 2, 15, 12, 0, 0, 8, 96, 137, 171, 125},
    {{0}, {0}, 16, 2, 15, 12, 0, 1, 16, 193, 1, 1, 100},
};

static kdef first_of(size_t i) { return i < 6 ? S[2 * i + 1] : PFL; }
static kdef second_of(size_t i) { return i < 6 ? S[2 * i + 2] : T5[i - 6]; }

/* The paper prints 2 decimals (C5): does x round to the printed value? */
static bool matches_print(int64_t num, int64_t den, int64_t paper100)
{
    return (int64_t)floor((double)num * 100.0 / (double)den + 0.5) == paper100;
}

static void test_tables_3_and_5(void)
{
    rt_sm_limits sm = k40(K40);
    int matches = 0;
    for (size_t i = 0; i < 13; i++) {
        const row *w = &rows[i];
        occ_result k1 = occ(&sm, first_of(i)), k2 = occ(&sm, second_of(i));
        lo_result r;
        CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 15, true, LO_PACKED, &r), 0);
        CU_ASSERT_EQUAL(r.kase, LO_CASE_A);   /* paper: case A for all 13 */
        CU_ASSERT(r.cond1 && r.cond2 && r.placed && r.evaluated);
        CU_ASSERT_EQUAL(r.active_first, w->a1);
        CU_ASSERT_EQUAL(r.full_sms, w->f);
        CU_ASSERT_EQUAL(r.partial_blocks, w->q);
        CU_ASSERT_EQUAL(r.free_sms, w->nfree);
        CU_ASSERT_EQUAL(r.alloc_full, w->alloc_full);
        CU_ASSERT_EQUAL(r.alloc_partial, w->alloc_q);
        CU_ASSERT_EQUAL(r.active_second, w->a2);
        CU_ASSERT_EQUAL(r.capacity, w->cap);
        CU_ASSERT_EQUAL(r.rounds_second, w->rounds2);
        CU_ASSERT_EQUAL(r.rounds_lim_res, w->rlr);
        CU_ASSERT(r.has_slowdown);
        CU_ASSERT_EQUAL(r.slowdown_num, w->rlr);
        CU_ASSERT_EQUAL(r.slowdown_den, w->rounds2);
        CU_ASSERT_DOUBLE_EQUAL(r.slowdown, (double)w->rlr / (double)w->rounds2, 0.0);
        matches += matches_print(r.slowdown_num, r.slowdown_den, w->paper100);
    }
    /* 11 of 13 printed estimates reproduced; S9-S10 (4/3 vs 1.30) and PFL-HS3 (13/10 vs 1.29)
     * are the [R≠] rows where the paper's print disagrees with its own inputs. */
    CU_ASSERT_EQUAL(matches, 11);
    CU_ASSERT_DOUBLE_EQUAL(45.0 / 4.0, 11.25, 0.0);
}

/* HS3 with cc 3.5 rules: A2 = 6 (O4), Cap = 12*6 = 72, cdiv(1024, 90) = 12, cdiv(1024, 72) = 15. */
static void test_hs3_cc35(void)
{
    rt_sm_limits sm = k40("examples/gpus/tesla-k40-cc35.xml");
    occ_result k1 = occ(&sm, PFL), k2 = occ(&sm, T5[2]);
    lo_result r;
    CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 15, true, LO_PACKED, &r), 0);
    CU_ASSERT_EQUAL(r.kase, LO_CASE_A);
    CU_ASSERT_EQUAL(r.active_first, 16);
    CU_ASSERT_EQUAL(r.active_second, 6);
    CU_ASSERT_EQUAL(r.capacity, 72);
    CU_ASSERT_EQUAL(r.slowdown_num, 15);
    CU_ASSERT_EQUAL(r.slowdown_den, 12);
}

/* LUD next to 15 PFL blocks: Alloc(15) = 1 by the block slots (C4); Alg. 2 as printed (threads,
 * registers, shared memory only) would count min(128/16, 40576/1024, 49152/1024) = 8. */
static void test_lud_c4(void)
{
    rt_sm_limits sm = k40(K40);
    occ_result k1 = occ(&sm, PFL), k2 = occ(&sm, T5[6]);
    CU_ASSERT_EQUAL(leftover_alloc(&sm, &k1, &k2, 15), 1);
    CU_ASSERT_EQUAL((2048 - 15 * 128) / 16, 8);
    rt_sm_limits loose = sm;       /* lift the warp and block-slot caps: the printed reading */
    loose.blocks = 1000;
    loose.warps = 1000;
    CU_ASSERT_EQUAL(leftover_alloc(&loose, &k1, &k2, 15), 8);
}

/* eq. 1 example: 128 blocks, A = 8, 2 SMs: 8 rounds; as k1, 128 mod 16 = 0: C. kNN has A = 8. */
static void test_eq1_case_c(void)
{
    rt_sm_limits sm = k40(K40);
    kdef k = {"k", 128, 256, 8, 0};
    occ_result k1 = occ(&sm, k), k2 = occ(&sm, PFL);
    CU_ASSERT_EQUAL(leftover_rounds(128, 8, 2), 8);
    lo_result r;
    CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 2, true, LO_PACKED, &r), 0);
    CU_ASSERT_EQUAL(r.rounds_first, 8);
    CU_ASSERT(!r.cond1);
    CU_ASSERT(!r.placed);
    CU_ASSERT_EQUAL(r.last_round_blocks, 0);
    CU_ASSERT_EQUAL(r.kase, LO_CASE_C);
    CU_ASSERT(!r.has_slowdown);
}

/* [D] kNN -> PFL: 3840 = 32 * 120, no partial round: C. SRAD -> PFL: 137 rounds, last 64: B.
 * PF -> PFL: 4 rounds, last 463 - 360 = 103: B. */
static void test_reverse_orders(void)
{
    rt_sm_limits sm = k40(K40);
    occ_result pfl = occ(&sm, PFL);
    struct { kdef k; lo_case c; int64_t rounds, last; } t[] = {
        {T5[0], LO_CASE_C, 32, 0}, {T5[5], LO_CASE_B, 137, 64}, {T5[1], LO_CASE_B, 4, 103},
    };
    for (size_t i = 0; i < 3; i++) {
        occ_result k1 = occ(&sm, t[i].k);
        lo_result r;
        CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &pfl, 15, true, LO_PACKED, &r), 0);
        CU_ASSERT_EQUAL(r.kase, t[i].c);
        CU_ASSERT_EQUAL(r.rounds_first, t[i].rounds);
        CU_ASSERT_EQUAL(r.last_round_blocks, t[i].last);
        CU_ASSERT(!r.cond1);
        CU_ASSERT(!r.has_slowdown);
    }
}

/* [D] ExecTime_k1 = launch overhead (10 us each): line 2 is false, C for any pair (C6). */
static void test_overhead(void)
{
    rt_sm_limits sm = k40(K40);
    for (size_t i = 0; i < 13; i++) {
        occ_result k1 = occ(&sm, first_of(i)), k2 = occ(&sm, second_of(i));
        lo_result r;
        CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 15, false, LO_PACKED, &r), 0);
        CU_ASSERT_EQUAL(r.kase, LO_CASE_C);
        CU_ASSERT(!r.evaluated && !r.placed && !r.has_slowdown);
    }
}

/* Contrast, C1 rejected: with ActiveBlocks_k1 = A1 on every SM, Alg. 2 returns 0 for all 13
 * pairs, so cond2 fails and, since B1 mod (A1 nSM) = B1 > 0, Alg. 1 returns B for all 13. */
static void test_rejected_c1(void)
{
    rt_sm_limits sm = k40(K40);
    for (size_t i = 0; i < 13; i++) {
        occ_result k1 = occ(&sm, first_of(i)), k2 = occ(&sm, second_of(i));
        CU_ASSERT_EQUAL(leftover_alloc(&sm, &k1, &k2, k1.active_blocks), 0);
        lo_result r;
        CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 15, true, LO_PACKED, &r), 0);
        CU_ASSERT(r.last_round_blocks > 0); /* so cond2 = false would give B */
    }
}

/* Contrast, eq. 3 read literally (one AllocBl = Alloc(A1) for all cdiv(B1, A1) occupied SMs):
 * Cap = nFree*A2 + cdiv(B1,A1)*Alloc(A1) = nFree*A2 here; matches 8 of 13 prints, e.g.
 * S1-S2 cdiv(450, 8) = 57: 57/4 = 14.25 against 11.25. */
static void test_rejected_literal(void)
{
    rt_sm_limits sm = k40(K40);
    int matches = 0;
    for (size_t i = 0; i < 13; i++) {
        occ_result k1 = occ(&sm, first_of(i)), k2 = occ(&sm, second_of(i));
        int64_t occupied = (k1.d.grid + k1.active_blocks - 1) / k1.active_blocks;
        int64_t nfree = 15 - occupied;
        int64_t cap = nfree * k2.active_blocks + occupied * leftover_alloc(&sm, &k1, &k2, k1.active_blocks);
        int64_t rlr = (k2.d.grid + cap - 1) / cap;
        int64_t rounds = leftover_rounds(k2.d.grid, k2.active_blocks, 15);
        if (i == 0) {
            CU_ASSERT_EQUAL(rlr, 57);
            CU_ASSERT_EQUAL(rounds, 4);
        }
        matches += matches_print(rlr, rounds, rows[i].paper100);
    }
    CU_ASSERT_EQUAL(matches, 8);
}

/* Contrast, spread (offered as --leftover-distribution spread, not the default): PFL-kNN: 47
 * blocks on 15 SMs = 13 SMs with 3 and 2 with 4; Alloc(3) = min(1664/256 = 6, (64-12)/8 = 6) = 6,
 * Alloc(4) = min(1536/256, 48/8) = 6; Cap = 90, cdiv(3840, 90) = 43: 43/32 = 1.34 against 1.25.
 * Matches 6 of 13 prints (Table 3: 5 of 6, Table 5: 1 of 7). */
static void test_spread(void)
{
    rt_sm_limits sm = k40(K40);
    int matches = 0, t3 = 0;
    for (size_t i = 0; i < 13; i++) {
        occ_result k1 = occ(&sm, first_of(i)), k2 = occ(&sm, second_of(i));
        lo_result r;
        CU_ASSERT_EQUAL_FATAL(leftover_pair(&sm, &k1, &k2, 15, true, LO_SPREAD, &r), 0);
        CU_ASSERT_EQUAL(r.kase, LO_CASE_A);
        CU_ASSERT_EQUAL(r.full_sms, -1);   /* packed-only fields stay unset */
        if (i == 6) {
            CU_ASSERT_EQUAL(r.n_groups, 2);
            CU_ASSERT_EQUAL(r.groups[0].sms, 2);
            CU_ASSERT_EQUAL(r.groups[0].first_blocks, 4);
            CU_ASSERT_EQUAL(r.groups[1].sms, 13);
            CU_ASSERT_EQUAL(r.groups[1].first_blocks, 3);
            CU_ASSERT_EQUAL(r.capacity, 90);
            CU_ASSERT_EQUAL(r.slowdown_num, 43);
            CU_ASSERT_EQUAL(r.slowdown_den, 32);
        }
        bool m = matches_print(r.slowdown_num, r.slowdown_den, rows[i].paper100);
        matches += m;
        t3 += m && i < 6;
    }
    CU_ASSERT_EQUAL(matches, 6);
    CU_ASSERT_EQUAL(t3, 5);
}

void test_leftover_register(void);
void test_leftover_register(void)
{
    CU_pSuite s = CU_add_suite("leftover (docs/concurrency.md sec. 3)", NULL, NULL);
    CU_add_test(s, "Tables 3 and 5: all 13 pairs", test_tables_3_and_5);
    CU_add_test(s, "PFL-HS3 with cc 3.5 rules: 15/12", test_hs3_cc35);
    CU_add_test(s, "LUD: block-slot cap C4", test_lud_c4);
    CU_add_test(s, "eq. 1 example: case C", test_eq1_case_c);
    CU_add_test(s, "reverse orders: C, B, B", test_reverse_orders);
    CU_add_test(s, "ExecTime = launch overhead: C", test_overhead);
    CU_add_test(s, "contrast: C1 rejected reading gives B", test_rejected_c1);
    CU_add_test(s, "contrast: eq. 3 literal matches 8 of 13", test_rejected_literal);
    CU_add_test(s, "contrast: spread matches 6 of 13", test_spread);
}
