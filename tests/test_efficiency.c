/* Tests for models/efficiency and models/mapping: Janzen et al.'s speed-up, efficiency and
 * launch mapping (docs/concurrency.md sec. 6). Expected values: the paper's prints ([R], [R≠]),
 * derivations from its data ([D]) and synthetic examples ([S]), worked by hand here. */
#include <CUnit/CUnit.h>
#include <math.h>

#include "fixture_model.h"
#include "models/efficiency.h"
#include "models/mapping.h"
#include "models/model.h"
#include "models/occupancy.h"

/* A K20-like GPU for the model: 13 SMs (only sms, g and the clock matter for these tests). */
static rt_gpu k20(int64_t g)
{
    rt_gpu gpu = fx_gpu_1ghz();
    gpu.sms = 13;
    gpu.l2_banks = 10;
    gpu.granularity = g;
    return gpu;
}

/* [S] curve: C = 6000, 1200, 1000, 750 cycles at n = 1, 6, 7, 13 -> S = 1, 5, 6, 8;
 * E(6) = 5/6 = 0.8333, E(7) = 6/7 = 0.8571, E(13) = 8/13 = 0.6154. */
static void test_curve(void)
{
    rt_gpu gpu = k20(1);
    rt_taskset *ts = fx_ts_new(1, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    fx_kernel(ts, 0, 750.0, 1.0, 1.0);
    CU_ASSERT(fx_measured(ts, 0, 1, 6000.0, -1.0));
    CU_ASSERT(fx_measured(ts, 0, 6, 1200.0, -1.0));
    CU_ASSERT(fx_measured(ts, 0, 7, 1000.0, -1.0));
    model *m = model_new(&gpu, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(efficiency_anchor(&gpu), 1);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 1), 1.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 6), 5.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 7), 6.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 13), 8.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(5.0, 6), 5.0 / 6.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(6.0, 7), 0.857142857142857, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(8.0, 13), 0.615384615384615, 1e-12);
    /* printed as in the report: 4 decimals */
    char buf[32];
    snprintf(buf, sizeof buf, "%.4f", efficiency_of(efficiency_kernel_speedup(m, 0, 6), 6));
    CU_ASSERT_STRING_EQUAL(buf, "0.8333");
    model_free(m);
    fx_ts_free(ts);
}

/* [R] DTRSM on K20: S(13) = 7.5 -> E = 7.5/13 = 0.5769 (paper: 58%). Built as C(1) = 7500,
 * C(13) = 1000 cycles so that S(13) = 7500/1000. */
static void test_dtrsm(void)
{
    rt_gpu gpu = k20(1);
    rt_taskset *ts = fx_ts_new(1, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    fx_kernel(ts, 0, 1000.0, 1.0, 1.0);
    CU_ASSERT(fx_measured(ts, 0, 1, 7500.0, -1.0));
    model *m = model_new(&gpu, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    double s13 = efficiency_kernel_speedup(m, 0, 13), e13 = efficiency_of(s13, 13);
    CU_ASSERT_DOUBLE_EQUAL(s13, 7.5, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(e13, 0.576923076923077, 1e-12);
    CU_ASSERT_EQUAL((int)floor(e13 * 100 + 0.5), 58);
    model_free(m);
    fx_ts_free(ts);
    /* [R≠] S(5) = 4.3 -> E = 0.86, the paper prints 87%: 87% needs S(5) in [4.325, 4.375). */
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(4.3, 5), 0.86, 1e-15);
    CU_ASSERT_EQUAL((int)floor(efficiency_of(4.3, 5) * 100 + 0.5), 86);
    CU_ASSERT_EQUAL((int)floor(efficiency_of(4.325, 5) * 100 + 0.5), 87);
    /* [D] DGEMM: E(13) = 92% <=> S(13) = 0.92 * 13 = 11.96 */
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(11.96, 13), 0.92, 1e-15);
    /* [D] Fig. 1b: 6 + 7 SMs raise throughput 1.57x: S(6) + S(7) = 1.57 * 7.5 = 11.775,
     * E_P = 11.775 / 13 = 0.906 */
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(1.57 * 7.5, 13), 0.906, 5e-4);
}

/* Anchor n0 = g for g > 1: with g = 2 on 12 SMs, S(n) = 2 C(2) / C(n); the curve starts at 2. */
static void test_anchor(void)
{
    rt_gpu gpu = k20(2);
    gpu.sms = 12;
    rt_taskset *ts = fx_ts_new(1, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    fx_kernel(ts, 0, 1000.0, 1.0, 1.0);
    CU_ASSERT(fx_measured(ts, 0, 2, 4000.0, -1.0));
    model *m = model_new(&gpu, ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    CU_ASSERT_EQUAL(efficiency_anchor(&gpu), 2);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 2), 2.0, 1e-12);   /* = n0 */
    CU_ASSERT_DOUBLE_EQUAL(efficiency_kernel_speedup(m, 0, 12), 8.0, 1e-12);  /* 2 * 4000 / 1000 */
    CU_ASSERT_DOUBLE_EQUAL(efficiency_of(efficiency_kernel_speedup(m, 0, 12), 12), 8.0 / 12.0, 1e-12);
    model_free(m);
    fx_ts_free(ts);
}

/* The K20 <sm> of examples/gpus/tesla-k20.xml (2048 threads, 16 blocks, 64 warps, 65536
 * registers, 49152 B), typed in: the loader is tested elsewhere. */
static rt_sm_limits k20_sm(void)
{
    return (rt_sm_limits){ .threads = 2048, .blocks = 16, .warps = 64, .registers = 65536,
                           .shared_memory = 49152, .warp_size = 32, .threads_per_block = 1024,
                           .registers_per_thread = 255, .registers_per_block = 65536,
                           .register_unit = 1, .warp_granularity = 1,
                           .shared_memory_per_block = 49152, .shared_memory_unit = 1,
                           .shared_memory_reserved = 0 };
}

/* [S] mapping: K20, launch 256 threads, 32 registers, 0 B: m = 8 (threads 2048/256; registers
 * 65536/8192), b = 13 * 8 = 104; partition of 6 SMs: 48 workers; G = 1000: rounds 21, workers
 * 0-39 run 21 blocks and 40-47 run 20 (840 + 160 = 1000). sec. 5: rounds 21, 18, 10 at n = 6, 7,
 * 13. */
static void test_mapping(void)
{
    rt_sm_limits sm = k20_sm();
    rt_launch_cfg l = { .grid = {1000, 1, 1}, .block = {256, 1, 1}, .registers = 32,
                        .shared_memory = 0 };
    occ_result o;
    CU_ASSERT_EQUAL_FATAL(occupancy_isolated(&sm, &l, &o), OCC_OK);
    CU_ASSERT_EQUAL(o.active_blocks, 8);
    CU_ASSERT_EQUAL(o.limit[OCC_THREADS], 8);
    CU_ASSERT_EQUAL(o.limit[OCC_REGISTERS], 8);
    map_result r;
    CU_ASSERT_EQUAL_FATAL(mapping_launch(&o, 13, 6, &r), 0);
    CU_ASSERT_EQUAL(r.blocks_per_sm, 8);
    CU_ASSERT_EQUAL(r.launched_blocks, 104);
    CU_ASSERT_EQUAL(r.workers, 48);
    CU_ASSERT_EQUAL(r.rounds, 21);
    CU_ASSERT_EQUAL(r.workers_at_rounds, 40);
    int64_t total = 0;
    for (int64_t i = 0; i < 48; i++) {
        int64_t b = mapping_worker_blocks(1000, 48, i);
        CU_ASSERT_EQUAL(b, i < 40 ? 21 : 20);
        total += b;
    }
    CU_ASSERT_EQUAL(total, 1000);
    CU_ASSERT_EQUAL_FATAL(mapping_launch(&o, 13, 7, &r), 0);
    CU_ASSERT_EQUAL(r.rounds, 18);
    CU_ASSERT_EQUAL_FATAL(mapping_launch(&o, 13, 13, &r), 0);
    CU_ASSERT_EQUAL(r.rounds, 10);
    /* Listing 2: the 8 blocks of each of SMs 0..5 read nb = 8..1 and become workers 0..47,
     * each once */
    int seen[48] = {0};
    for (int64_t s = 0; s < 6; s++)
        for (int64_t nb = 8; nb >= 1; nb--) {
            int64_t w = mapping_worker_index(s, 0, 8, nb);
            CU_ASSERT_FATAL(w >= 0 && w < 48);
            seen[w]++;
        }
    for (int i = 0; i < 48; i++)
        CU_ASSERT_EQUAL(seen[i], 1);
    /* a partition starting at SM 6: its first block is worker 0 */
    CU_ASSERT_EQUAL(mapping_worker_index(6, 6, 8, 8), 0);
    CU_ASSERT_EQUAL(mapping_worker_blocks(10, 48, 9), 1);
    CU_ASSERT_EQUAL(mapping_worker_blocks(10, 48, 10), 0);
}

void test_efficiency_register(void);
void test_efficiency_register(void)
{
    CU_pSuite s = CU_add_suite("efficiency and mapping (docs/concurrency.md sec. 4)", NULL, NULL);
    CU_add_test(s, "[S] efficiency curve", test_curve);
    CU_add_test(s, "[R] DTRSM, [R!=] S(5), [D] DGEMM, Fig. 1b", test_dtrsm);
    CU_add_test(s, "anchor n0 = g", test_anchor);
    CU_add_test(s, "[S] mapping on K20, Listing 2 workers", test_mapping);
}
