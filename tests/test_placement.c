/* Tests for models/placement and sim/placement_sim: the worked examples G1-G8 of
 * docs/concurrency.md sec. 8 (the rooms are worked by hand in the comments from the room of sec. 2
 * and the GPU files' <sm> values), the placement orders of sec. 8, and a property test that
 * checks every placement of random scenarios against an independent re-computation of the
 * policy from the recorded blocks alone. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "models/placement.h"
#include "sim/placement_sim.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/taskset.h"

void test_placement_register(void);

#define PASCAL "examples/gpus/pascal-gil.xml"
#define RTX2080TI "examples/gpus/rtx2080ti.xml"
#define US 1000

static rt_gpu *load_gpu(const char *path)
{
    rt_diags *d = rt_diag_new(20);
    rt_gpu *g = rt_gpu_load(path, d);
    CU_ASSERT_PTR_NOT_NULL(g);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
    return g;
}

/* A submitted kernel of a test scenario: name, grid, threads per block, block-time, at. */
typedef struct kdef {
    const char *name;
    int64_t grid, threads, block_time_ns, at_ns;
} kdef;

/* A task set holding only kernels (r = 16, S = 0) and one scenario submitting each in order. */
typedef struct fixture {
    rt_taskset ts;
    rt_kernel k[8];
    rt_scenario sc;
    rt_submit sub[8];
} fixture;

static void fixture_init(fixture *f, const kdef *kd, size_t n)
{
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < n; i++) {
        f->k[i].name = (char *)(uintptr_t)kd[i].name;
        f->k[i].has_launch = true;
        f->k[i].launch = (rt_launch_cfg){ .grid = {kd[i].grid, 1, 1},
                                          .block = {kd[i].threads, 1, 1}, .registers = 16,
                                          .shared_memory = 0,
                                          .block_time_ns = kd[i].block_time_ns };
        f->sub[i] = (rt_submit){ i, kd[i].at_ns, 0 };
    }
    f->sc = (rt_scenario){ .name = (char *)(uintptr_t)"s", .submits = f->sub, .n_submits = n };
    f->ts = (rt_taskset){ .path = (char *)(uintptr_t)"test", .kernels = f->k, .n_kernels = n,
                          .scenarios = &f->sc, .n_scenarios = 1 };
}

/* Run the scenario; fails the test unless PSIM_OK. */
static int run(const fixture *f, const rt_gpu *g, psim_result *res)
{
    int rc = placement_sim_run(&f->ts, g, 0, NULL, res);
    CU_ASSERT_EQUAL(rc, PSIM_OK);
    return rc;
}

/* The n blocks of queue kernel k, in blockIdx order, must be on the SMs sm[] with rooms room[]
 * (NULL: not checked) and run [start, end]. */
static void expect_blocks(const psim_result *r, size_t k, size_t n, const size_t *sm,
                          const int64_t *room, int64_t start, int64_t end)
{
    size_t seen = 0;
    for (size_t b = 0; b < r->n_blocks; b++) {
        const psim_block *bl = &r->blocks[b];
        if (bl->kernel != k)
            continue;
        CU_ASSERT_EQUAL_FATAL(bl->block, (int64_t)seen);
        CU_ASSERT_EQUAL(bl->sm, sm[seen]);
        if (room)
            CU_ASSERT_EQUAL(bl->room, room[seen]);
        CU_ASSERT_EQUAL(bl->start_ns, start);
        CU_ASSERT_EQUAL(bl->end_ns, end);
        seen++;
    }
    CU_ASSERT_EQUAL(seen, n);
}

/* ---- orders (docs/concurrency.md sec. 8: Pascal ascending, Turing even-odd) -------------- */

static void test_placement_orders(void)
{
    rt_gpu *g = load_gpu(RTX2080TI);
    if (!g)
        return;
    size_t order[68];
    CU_ASSERT_EQUAL(g->placement_order, RT_ORDER_EVEN_ODD);
    placement_order_fill(g, order);
    /* 0, 2, ..., 66 (34 SMs), then 1, 3, ..., 67 */
    CU_ASSERT_EQUAL(order[0], 0);
    CU_ASSERT_EQUAL(order[1], 2);
    CU_ASSERT_EQUAL(order[33], 66);
    CU_ASSERT_EQUAL(order[34], 1);
    CU_ASSERT_EQUAL(order[67], 67);
    g->placement_order = RT_ORDER_ASCENDING;
    placement_order_fill(g, order);
    CU_ASSERT_EQUAL(order[5], 5);
    int64_t perm[68];
    for (int i = 0; i < 68; i++)
        perm[i] = 67 - i;
    g->placement_order = RT_ORDER_EXPLICIT;
    g->placement_sms = perm;
    placement_order_fill(g, order);
    CU_ASSERT_EQUAL(order[0], 67);
    CU_ASSERT_EQUAL(order[67], 0);
    g->placement_sms = NULL;
    rt_gpu_free(g);
}

/* ---- G1-G3: Pascal (5 SMs, 2048 threads, 32 blocks, 64 warps), ascending ---------------- */

/* X0 (1 block, 10us) and X (4 blocks, 100us) at 0, Y (3 blocks, 50us) at 20us: X0 -> SM0 and
 * X -> SMs 1..4 (X's room on SM0 is one less than elsewhere while X0 is there); X0 ends at
 * 10us, so Y meets SM0 empty and SMs 1-4 holding one X block each. */
static void pascal_case(int64_t x_threads, int64_t y_threads, const size_t *y_sms,
                        const int64_t *y_rooms, size_t n_x_coloc)
{
    rt_gpu *g = load_gpu(PASCAL);
    if (!g)
        return;
    kdef kd[] = { {"X0", 1, x_threads, 10 * US, 0}, {"X", 4, x_threads, 100 * US, 0},
                  {"Y", 3, y_threads, 50 * US, 20 * US} };
    fixture f;
    fixture_init(&f, kd, 3);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        expect_blocks(&r, 0, 1, (size_t[]){0}, NULL, 0, 10 * US);
        expect_blocks(&r, 1, 4, (size_t[]){1, 2, 3, 4}, NULL, 0, 100 * US);
        expect_blocks(&r, 2, 3, y_sms, y_rooms, 20 * US, 70 * US);
        CU_ASSERT_EQUAL(r.kernels[2].start_ns, 20 * US);
        CU_ASSERT_EQUAL(r.kernels[2].finish_ns, 70 * US);
        CU_ASSERT_EQUAL(r.kernels[1].finish_ns, 100 * US);
        CU_ASSERT_EQUAL(r.kernels[0].n_colocated, 0);    /* X0 ended before Y came */
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, n_x_coloc);
        CU_ASSERT_EQUAL(r.waiting, 0);
        CU_ASSERT_EQUAL(r.end_ns, 100 * US);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* G1 [GIL] sec. 4.1: X 256 threads, Y 160: Y's room on SM0 = floor(2048/160) = 12 (threads;
 * warps 64/5 = 12), on SMs 1-4 floor(1792/160) = 11 -> SM0; then SM0 floor(1888/160) = 11 ties,
 * first in order -> SM0; then SM0 floor(1728/160) = 10 < 11 -> SM1. Y on [0, 0, 1]. */
static void test_placement_g1(void)
{
    pascal_case(256, 160, (size_t[]){0, 0, 1}, (int64_t[]){12, 11, 11}, 1);
}

/* G2 sec. 4.2: X 1024, Y 32 (1 warp): rooms 32 (blocks per SM) on SM0 vs 31 (32 - 1 X block)
 * elsewhere; then 31 ties -> SM0; then 30 vs 31 -> SM1. [0, 0, 1]. */
static void test_placement_g2(void)
{
    pascal_case(1024, 32, (size_t[]){0, 0, 1}, (int64_t[]){32, 31, 31}, 1);
}

/* G3 sec. 4.2: X 1024, Y 33 (2 warps): room on SM0 = min(64/2, 32) = 32 against
 * (64 - 32)/2 = 16 elsewhere (warps), so 32, 31, 30 on SM0: [0, 0, 0]; X stays isolated. */
static void test_placement_g3(void)
{
    pascal_case(1024, 33, (size_t[]){0, 0, 0}, (int64_t[]){32, 31, 30}, 0);
}

/* ---- G4-G8: RTX 2080 Ti (68 SMs, 1024 threads, 16 blocks, 32 warps), even-odd ----------- */

/* A 67 x 512 threads (100us): room 2 on an empty SM (1024/512 threads, 32/16 warps) against 1 on
 * an SM with an A block, so one per SM in the order 0, 2, ..., 66, 1, 3, ..., 65 (the first 67
 * of the order: every SM but 67). Returns the result for the B checks. */
static int turing_case(int64_t b_grid, int64_t b_threads, psim_result *r, rt_gpu **g)
{
    *g = load_gpu(RTX2080TI);
    if (!*g)
        return -1;
    kdef kd[] = { {"A", 67, 512, 100 * US, 0}, {"B", b_grid, b_threads, 10 * US, 0} };
    fixture f;
    fixture_init(&f, kd, 2);
    int rc = run(&f, *g, r);
    if (rc == PSIM_OK) {
        CU_ASSERT_EQUAL(r->kernels[0].n_sms, 67);
        CU_ASSERT_EQUAL(r->kernels[0].sms[66], 66);   /* SMs 0..66, SM67 left empty */
        for (size_t b = 0; b < 67; b++)
            CU_ASSERT_EQUAL(r->blocks[b].room, 2);
    }
    return rc;
}

/* G4 sec. 5.1 concurrent-isolated: B 8 x 33 threads (2 warps): on SM67 min(32/2, 16) = 16, then
 * 15, ..., 9; elsewhere (32 - 16)/2 = 8 (warps) -> all 8 on SM67. */
static void test_placement_g4(void)
{
    psim_result r;
    rt_gpu *g = NULL;
    if (turing_case(8, 33, &r, &g) == PSIM_OK) {
        expect_blocks(&r, 1, 8, (size_t[]){67, 67, 67, 67, 67, 67, 67, 67},
                      (int64_t[]){16, 15, 14, 13, 12, 11, 10, 9}, 0, 10 * US);
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, 0);
        CU_ASSERT_EQUAL(r.kernels[0].n_colocated, 0);
        CU_ASSERT_EQUAL(r.kernels[1].finish_ns, 10 * US);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* G5 sec. 5.1 concurrent-colocated: B 8 x 32 (1 warp): B0 -> SM67 (16 vs 15 = 16 - 1 block
 * slot); then SM67 and SMs 0..66 tie at 15, even-odd order -> 0, 2, 4, 6, 8, 10, 12. */
static void test_placement_g5(void)
{
    psim_result r;
    rt_gpu *g = NULL;
    if (turing_case(8, 32, &r, &g) == PSIM_OK) {
        expect_blocks(&r, 1, 8, (size_t[]){67, 0, 2, 4, 6, 8, 10, 12},
                      (int64_t[]){16, 15, 15, 15, 15, 15, 15, 15}, 0, 10 * US);
        CU_ASSERT_EQUAL(r.kernels[1].n_sms, 8);
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, 1);
        CU_ASSERT_EQUAL(r.kernels[0].n_colocated, 1);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* G6 sec. 5.2: B 9 x 33: 8 on SM67 (16..9), then SM67's room 8 ties with 8 elsewhere -> SM0. */
static void test_placement_g6(void)
{
    psim_result r;
    rt_gpu *g = NULL;
    if (turing_case(9, 33, &r, &g) == PSIM_OK) {
        expect_blocks(&r, 1, 9, (size_t[]){67, 67, 67, 67, 67, 67, 67, 67, 0},
                      (int64_t[]){16, 15, 14, 13, 12, 11, 10, 9, 8}, 0, 10 * US);
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, 1);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* G7 [S] head-of-line: K1 69 x 768 threads (100us), K2 1 x 32 (10us), both at 0. K1's first 68
 * blocks go one per SM (2 * 768 > 1024); its 69th fits nowhere, so K2 waits although 256
 * threads are free on every SM. At 100us the 68 blocks end; K1 block 68 -> SM0 (first in
 * order), then K2: room 16 on every empty SM, (1024 - 768)/32 = 8 on SM0 -> SM2. K2 runs
 * [100, 110]us, K1 finishes at 200us. */
static void test_placement_g7(void)
{
    rt_gpu *g = load_gpu(RTX2080TI);
    if (!g)
        return;
    kdef kd[] = { {"K1", 69, 768, 100 * US, 0}, {"K2", 1, 32, 10 * US, 0} };
    fixture f;
    fixture_init(&f, kd, 2);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        CU_ASSERT_EQUAL(r.n_blocks, 70);
        CU_ASSERT_EQUAL(r.blocks[68].kernel, 0);
        CU_ASSERT_EQUAL(r.blocks[68].block, 68);
        CU_ASSERT_EQUAL(r.blocks[68].sm, 0);
        CU_ASSERT_EQUAL(r.blocks[68].start_ns, 100 * US);
        expect_blocks(&r, 1, 1, (size_t[]){2}, (int64_t[]){16}, 100 * US, 110 * US);
        CU_ASSERT_EQUAL(r.kernels[1].start_ns, 100 * US);
        CU_ASSERT_EQUAL(r.kernels[1].finish_ns, 110 * US);
        CU_ASSERT_EQUAL(r.kernels[0].finish_ns, 200 * US);
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, 0);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* G8 [S]: A 68 x 1024 (100us) fills every SM's threads; B 4 x 64 (10us) at 0 cannot start
 * before A's blocks end; then rooms 16 everywhere, ties in even-odd order -> SMs 0, 2, 4, 6
 * during [100, 110]us. */
static void test_placement_g8(void)
{
    rt_gpu *g = load_gpu(RTX2080TI);
    if (!g)
        return;
    kdef kd[] = { {"A", 68, 1024, 100 * US, 0}, {"B", 4, 64, 10 * US, 0} };
    fixture f;
    fixture_init(&f, kd, 2);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        expect_blocks(&r, 1, 4, (size_t[]){0, 2, 4, 6}, (int64_t[]){16, 16, 16, 16},
                      100 * US, 110 * US);
        CU_ASSERT_EQUAL(r.kernels[1].n_colocated, 0);
        CU_ASSERT_EQUAL(r.end_ns, 110 * US);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* Placement only (no block-time): blocks never end; what fits nowhere waits. A 68 x 1024 fills
 * the GPU; B (1 block) waits forever and has no start. */
static void test_placement_only(void)
{
    rt_gpu *g = load_gpu(RTX2080TI);
    if (!g)
        return;
    kdef kd[] = { {"A", 68, 1024, 0, 0}, {"B", 1, 64, 10 * US, 5 * US} };
    fixture f;
    fixture_init(&f, kd, 2);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        CU_ASSERT_EQUAL(r.n_blocks, 68);
        CU_ASSERT_EQUAL(r.waiting, 1);
        CU_ASSERT_EQUAL(r.kernels[0].finish_ns, -1);
        CU_ASSERT_EQUAL(r.blocks[0].end_ns, -1);
        CU_ASSERT_EQUAL(r.kernels[1].placed, 0);
        CU_ASSERT_EQUAL(r.kernels[1].start_ns, -1);
        CU_ASSERT_EQUAL(r.end_ns, 5 * US);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* A later submission time puts a kernel behind one submitted earlier, whatever the file order;
 * equal times keep file order. */
static void test_placement_queue_order(void)
{
    rt_gpu *g = load_gpu(PASCAL);
    if (!g)
        return;
    kdef kd[] = { {"late", 1, 32, 1 * US, 7 * US}, {"early", 1, 32, 1 * US, 3 * US},
                  {"early2", 1, 32, 1 * US, 3 * US} };
    fixture f;
    fixture_init(&f, kd, 3);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        CU_ASSERT_EQUAL(r.kernels[0].kernel, 1);
        CU_ASSERT_EQUAL(r.kernels[1].kernel, 2);
        CU_ASSERT_EQUAL(r.kernels[2].kernel, 0);
        CU_ASSERT_EQUAL(r.kernels[2].start_ns, 7 * US);
        /* early -> SM0 (32 = 32 ties? no: both empty, room 32 everywhere: first SM); early2: SM0
         * room 31 < 32 on SM1 -> SM1 */
        CU_ASSERT_EQUAL(r.blocks[0].sm, 0);
        CU_ASSERT_EQUAL(r.blocks[1].sm, 1);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* ---- property: every placement is the most-room choice and obeys head-of-line ------------ */

/* A small deterministic generator (xorshift64). */
static uint64_t rng_next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Reference room on SM s for kernel k just before block index `upto` of r is placed, from the
 * recorded blocks alone (plain arithmetic: the test GPU has units and granularity 1). */
static int64_t ref_room(const psim_result *r, const rt_taskset *ts, const rt_sm_limits *sm,
                        size_t upto, int64_t t, size_t s, size_t k)
{
    int64_t thr = 0, warps = 0, blocks = 0, regs = 0, nk = 0;
    for (size_t b = 0; b < upto; b++) {
        const psim_block *x = &r->blocks[b];
        if (x->sm != s || (x->end_ns >= 0 && x->end_ns <= t))
            continue;
        int64_t T = ts->kernels[r->kernels[x->kernel].kernel].launch.block[0];
        int64_t W = (T + 31) / 32;
        thr += T;
        warps += W;
        blocks += 1;
        regs += 16 * 32 * W;
        nk += x->kernel == k;
    }
    int64_t T = ts->kernels[r->kernels[k].kernel].launch.block[0], W = (T + 31) / 32;
    int64_t a = sm->threads / T;
    if (sm->warps / W < a) a = sm->warps / W;
    if (sm->blocks < a) a = sm->blocks;
    if (sm->registers / (16 * 32 * W) < a) a = sm->registers / (16 * 32 * W);
    int64_t room = (sm->threads - thr) / T;
    if ((sm->warps - warps) / W < room) room = (sm->warps - warps) / W;
    if (sm->blocks - blocks < room) room = sm->blocks - blocks;
    if ((sm->registers - regs) / (16 * 32 * W) < room) room = (sm->registers - regs) / (16 * 32 * W);
    if (a - nk < room) room = a - nk;
    return room < 0 ? 0 : room;
}

static void check_scenario(const fixture *f, const rt_gpu *g, const psim_result *r)
{
    size_t order[5] = {0, 1, 2, 3, 4};
    size_t nk = r->n_kernels;
    for (size_t b = 0; b < r->n_blocks; b++) {
        const psim_block *x = &r->blocks[b];
        int64_t best = 0;
        size_t best_sm = 99;
        for (size_t i = 0; i < 5; i++) {
            int64_t rm = ref_room(r, &f->ts, &g->sm, b, x->start_ns, order[i], x->kernel);
            if (rm > best) {
                best = rm;
                best_sm = order[i];
            }
        }
        CU_ASSERT_EQUAL(x->sm, best_sm);
        CU_ASSERT_EQUAL(x->room, best);
        /* head-of-line: every kernel ahead in the queue, submitted by now, is fully placed */
        for (size_t j = 0; j < x->kernel; j++) {
            if (r->kernels[j].at_ns > x->start_ns)
                continue;
            int64_t placed_before = 0;
            for (size_t c = 0; c < b; c++)
                placed_before += r->blocks[c].kernel == j;
            CU_ASSERT_EQUAL(placed_before, r->kernels[j].blocks);
        }
    }
    /* no idling: after the last placement at each event time, the first kernel of the queue
     * with unplaced blocks has no room anywhere (checked at every block start and at 0) */
    for (size_t b = 0; b <= r->n_blocks; b++) {
        int64_t t = b < r->n_blocks ? r->blocks[b].start_ns : r->end_ns;
        size_t upto = b;
        if (b < r->n_blocks && b + 1 < r->n_blocks && r->blocks[b + 1].start_ns == t)
            continue;   /* not the last placement at t */
        if (b < r->n_blocks)
            upto = b + 1;
        for (size_t k = 0; k < nk; k++) {
            if (r->kernels[k].at_ns > t)
                break;
            int64_t placed = 0;
            for (size_t c = 0; c < upto; c++)
                placed += r->blocks[c].kernel == k;
            if (placed == r->kernels[k].blocks)
                continue;
            for (size_t s = 0; s < 5; s++)
                CU_ASSERT_EQUAL(ref_room(r, &f->ts, &g->sm, upto, t, s, k), 0);
            break;
        }
    }
}

static void test_placement_property(void)
{
    rt_gpu *g = load_gpu(PASCAL);
    if (!g)
        return;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    static const int64_t threads[] = {32, 33, 64, 96, 160, 256, 512, 768, 1024};
    for (int iter = 0; iter < 150; iter++) {
        kdef kd[4];
        size_t n = 1 + rng_next(&seed) % 4;
        static const char *names[] = {"k0", "k1", "k2", "k3"};
        for (size_t i = 0; i < n; i++) {
            kd[i] = (kdef){ names[i], 1 + (int64_t)(rng_next(&seed) % 40),
                            threads[rng_next(&seed) % 9],
                            (int64_t)(rng_next(&seed) % 4) * 5 * US,   /* 0: never ends */
                            (int64_t)(rng_next(&seed) % 3) * 5 * US };
        }
        fixture f;
        fixture_init(&f, kd, n);
        psim_result r;
        if (run(&f, g, &r) != PSIM_OK)
            break;
        check_scenario(&f, g, &r);
        int64_t placed = 0;
        for (size_t k = 0; k < r.n_kernels; k++)
            placed += r.kernels[k].placed;
        CU_ASSERT_EQUAL((int64_t)r.n_blocks, placed);
        CU_ASSERT_EQUAL(r.total_blocks - placed, r.waiting);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* An explicit order (blanks around commas allowed): ties go to SM 3, then 1. Two blocks of
 * 1024 threads take one empty SM each (room 1 everywhere). */
static void test_placement_explicit_order(void)
{
    rt_gpu *g = load_gpu("tests/data/placement/gpu-explicit.xml");
    if (!g)
        return;
    CU_ASSERT_EQUAL(g->placement_order, RT_ORDER_EXPLICIT);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g->placement_sms);
    CU_ASSERT_EQUAL(g->placement_sms[0], 3);
    CU_ASSERT_EQUAL(g->placement_sms[1], 1);
    CU_ASSERT_EQUAL(g->placement_sms[2], 0);
    CU_ASSERT_EQUAL(g->placement_sms[3], 2);
    kdef kd[] = { {"K", 3, 1024, 0, 0} };
    fixture f;
    fixture_init(&f, kd, 1);
    psim_result r;
    if (run(&f, g, &r) == PSIM_OK) {
        expect_blocks(&r, 0, 3, (size_t[]){3, 1, 0}, (int64_t[]){1, 1, 1}, 0, -1);
        placement_sim_result_fini(&r);
    }
    rt_gpu_free(g);
}

/* A GPU without <sm>: no placement (the CLI says why). */
static void test_placement_no_sm(void)
{
    rt_gpu g = { .sms = 4 };
    kdef kd[] = { {"A", 1, 32, 0, 0} };
    fixture f;
    fixture_init(&f, kd, 1);
    psim_result r;
    CU_ASSERT_EQUAL(placement_sim_run(&f.ts, &g, 0, NULL, &r), PSIM_ENOSM);
}

void test_placement_register(void)
{
    CU_pSuite s = CU_add_suite("placement", NULL, NULL);
    CU_add_test(s, "orders ascending, even-odd, explicit", test_placement_orders);
    CU_add_test(s, "G1 Pascal sec. 4.1 threads", test_placement_g1);
    CU_add_test(s, "G2 Pascal sec. 4.2 blocks per SM", test_placement_g2);
    CU_add_test(s, "G3 Pascal sec. 4.2 warps", test_placement_g3);
    CU_add_test(s, "G4 2080 Ti sec. 5.1 isolated", test_placement_g4);
    CU_add_test(s, "G5 2080 Ti sec. 5.1 co-located", test_placement_g5);
    CU_add_test(s, "G6 2080 Ti sec. 5.2 nine blocks", test_placement_g6);
    CU_add_test(s, "G7 head-of-line", test_placement_g7);
    CU_add_test(s, "G8 B waits for A", test_placement_g8);
    CU_add_test(s, "placement only, waiting blocks", test_placement_only);
    CU_add_test(s, "queue order: at, then file order", test_placement_queue_order);
    CU_add_test(s, "property: most-room and head-of-line", test_placement_property);
    CU_add_test(s, "explicit order", test_placement_explicit_order);
    CU_add_test(s, "no <sm>", test_placement_no_sm);
}
