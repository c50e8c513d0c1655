/* Tests for co-scheduling on partitions (models/efficiency gain and E_P, models/mct,
 * explore/cosched; docs/concurrency.md secs. 6 and 10). Expected values: the synthetic [S] curve
 * and MCT example and the paper-derived [R]/[D] values, worked by hand in the comments; the
 * property test checks MCT's placement rule against enumeration. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "explore/cosched.h"
#include "fixture_model.h"
#include "models/efficiency.h"
#include "models/mct.h"
#include "models/model.h"

/* 13-SM K20-like GPU at 1000 MHz (1 cycle = 1 ns) with granularity g. */
static rt_gpu k20(int64_t g)
{
    rt_gpu gpu = fx_gpu_1ghz();
    gpu.sms = 13;
    gpu.l2_banks = 10;
    gpu.granularity = g;
    gpu.name = "K20";
    gpu.path = "k20.xml";
    return gpu;
}

/* The [S] curve C = 6000, 1200, 1000, 750 at n = 1, 6, 7, 13, and n_tasks tasks each running it
 * once (task names "j1".. "jN"). */
static model *curve(rt_gpu *gpu, rt_taskset **tsp, size_t n_tasks)
{
    static char *names[] = { "j1", "j2", "j3", "j4", "j5", "j6" };
    rt_taskset *ts = fx_ts_new(1, n_tasks);
    if (!ts)
        return NULL;
    *tsp = ts;
    ts->path = "curve.xml";
    ts->name = "curve";
    ts->kernels[0].name = "SYN";
    fx_kernel(ts, 0, 750.0, 1.0, 1.0);
    if (!fx_measured(ts, 0, 1, 6000.0, -1.0) || !fx_measured(ts, 0, 6, 1200.0, -1.0) ||
        !fx_measured(ts, 0, 7, 1000.0, -1.0))
        return NULL;
    size_t run = 0;
    for (size_t t = 0; t < n_tasks; t++) {
        if (!fx_task(ts, t, (int64_t)t + 1, &run, 1))
            return NULL;
        ts->tasks[t].name = names[t];
    }
    return model_new(gpu, ts);
}

/* [S]: gain(6 + 7) = 750/1200 + 750/1000 = 0.625 + 0.75 = 1.375; E_P = (5 + 6) / 13 = 0.8462;
 * per partition S = 5, 6 and E = 5/6, 6/7; whole GPU S(13) = 8. */
static void test_gain_curve(void)
{
    rt_gpu gpu = k20(1);
    rt_taskset *ts = NULL;
    model *m = curve(&gpu, &ts, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    const int64_t sms[] = { 6, 7 };
    CU_ASSERT_DOUBLE_EQUAL(efficiency_coschedule_gain(m, 0, sms, 2), 1.375, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(efficiency_partitioned(m, 0, sms, 2), 11.0 / 13.0, 1e-12);
    rt_diags *d = rt_diag_new(10);
    cosched_result r;
    CU_ASSERT_EQUAL_FATAL(cosched_run(m, 0, sms, 2, &r, d), COSCHED_OK);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 1.375, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.efficiency, 0.846153846153846, 1e-12);
    CU_ASSERT_EQUAL(r.used_sms, 13);
    CU_ASSERT_DOUBLE_EQUAL(r.parts[0].speedup, 5.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.parts[1].speedup, 6.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.parts[0].efficiency, 5.0 / 6.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.parts[1].efficiency, 6.0 / 7.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(r.full_speedup, 8.0, 1e-12);
    cosched_result_fini(&r);
    /* one instance on the whole GPU: gain 1, E_P = E(13) = 8/13 */
    const int64_t all[] = { 13 };
    CU_ASSERT_EQUAL_FATAL(cosched_run(m, 0, all, 1, &r, d), COSCHED_OK);
    CU_ASSERT_DOUBLE_EQUAL(r.gain, 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(r.efficiency, 8.0 / 13.0, 1e-15);
    cosched_result_fini(&r);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* Paper values ([JAN] Fig. 1; docs/concurrency.md sec. 6) through the same functions:
 * [R] DTRSM S(13) = 7.5 -> E = 0.5769; [D] Fig. 1b: S(6) + S(7) = 1.57 * 7.5 = 11.775 on 13 SMs
 * -> E_P = 0.906 (as the efficiency of 11.775 over 13 SMs). */
static void test_paper_values(void)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%.4f", efficiency_of(7.5, 13));
    CU_ASSERT_STRING_EQUAL(buf, "0.5769");
    snprintf(buf, sizeof buf, "%.3f", efficiency_of(1.57 * 7.5, 13));
    CU_ASSERT_STRING_EQUAL(buf, "0.906");
}

/* Partition sizes against the GPU: above N in all, not a multiple of g, over N alone. */
static void test_bad_sizes(void)
{
    rt_gpu gpu = k20(1);
    rt_taskset *ts = NULL;
    model *m = curve(&gpu, &ts, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_diags *d = rt_diag_new(10);
    cosched_result r;
    const int64_t over[] = { 6, 8 }, big[] = { 14 };
    CU_ASSERT_EQUAL(cosched_run(m, 0, over, 2, &r, d), COSCHED_EINPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 0)->msg, "14 SMs in all"));
    CU_ASSERT_EQUAL(cosched_run(m, 0, big, 1, &r, d), COSCHED_EINPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 1)->msg, "not a size"));
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
    /* g = 2 (a 12-SM GPU): 3 is not a multiple of 2 */
    gpu = k20(2);
    gpu.sms = 12;
    m = curve(&gpu, &ts, 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    d = rt_diag_new(10);
    const int64_t odd[] = { 3, 6 };
    CU_ASSERT_EQUAL(cosched_run(m, 0, odd, 2, &r, d), COSCHED_EINPUT);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 1);
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* [S] MCT: P0 = 6 SMs, P1 = 7 SMs, 4 jobs of the curve's kernel ready at 0, overhead 0:
 * j1 -> P1 (fin 1000 < 1200), j2 -> P0 (1200 < 2000), j3 -> P1 (2000 < 2400), j4 -> P0 (2400 <
 * 3000); makespan 2400 against 4 * 750 = 3000 on the whole GPU: 1.25x. */
static void test_mct_example(void)
{
    const int64_t ready[4] = { 0 }, time[8] = { 1200, 1000, 1200, 1000, 1200, 1000, 1200, 1000 };
    mct_job out[4];
    int64_t mk;
    CU_ASSERT_EQUAL_FATAL(mct_place(ready, time, 4, 2, out, &mk), MCT_OK);
    const size_t part[4] = { 1, 0, 1, 0 };
    const int64_t start[4] = { 0, 0, 1000, 1200 }, fin[4] = { 1000, 1200, 2000, 2400 };
    for (size_t i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(out[i].job, i);
        CU_ASSERT_EQUAL(out[i].partition, part[i]);
        CU_ASSERT_EQUAL(out[i].start_ns, start[i]);
        CU_ASSERT_EQUAL(out[i].finish_ns, fin[i]);
    }
    CU_ASSERT_EQUAL(mk, 2400);
    /* the same from the model and a task set (1 GHz: 1 cycle = 1 ns) */
    rt_gpu gpu = k20(1);
    rt_taskset *ts = NULL;
    model *m = curve(&gpu, &ts, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_options o;
    rt_options_default(&o);   /* margin 0.2: ignored by MCT */
    rt_diags *d = rt_diag_new(10);
    const int64_t sms[] = { 6, 7 };
    mct_result r;
    CU_ASSERT_EQUAL_FATAL(cosched_mct(m, ts, &o, sms, 2, &r, d), COSCHED_OK);
    CU_ASSERT_EQUAL(r.n_jobs, 4);
    for (size_t i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL(r.jobs[i].partition, part[i]);
        CU_ASSERT_EQUAL(r.jobs[i].finish_ns, fin[i]);
    }
    CU_ASSERT_EQUAL(r.makespan_ns, 2400);
    CU_ASSERT_EQUAL(r.whole_gpu_ns, 3000);
    CU_ASSERT_DOUBLE_EQUAL(r.speedup, 1.25, 1e-15);
    xp_cosched_mct_result_fini(&r);
    /* launch overhead 100 ns is added to every job: 1100 / 1300 -> j1 P1 1100, j2 P0 1300,
     * j3 P1 2200, j4 P0 2600 */
    gpu.launch_overhead_ns = 100;
    CU_ASSERT_EQUAL_FATAL(cosched_mct(m, ts, &o, sms, 2, &r, d), COSCHED_OK);
    CU_ASSERT_EQUAL(r.makespan_ns, 2600);
    CU_ASSERT_EQUAL(r.jobs[2].finish_ns, 2200);
    xp_cosched_mct_result_fini(&r);
    /* without --partitions the task set must have its own */
    CU_ASSERT_EQUAL(cosched_mct(m, ts, &o, NULL, 0, &r, d), COSCHED_EINPUT);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(d, 0)->msg, "no <partition>"));
    rt_diag_free(d);
    model_free(m);
    fx_ts_free(ts);
}

/* Ties go to the lowest partition index; ready times order the jobs (ties: index order). */
static void test_mct_ties(void)
{
    const int64_t ready[3] = { 50, 0, 0 }, time[6] = { 10, 10, 10, 10, 10, 10 };
    mct_job out[3];
    int64_t mk;
    CU_ASSERT_EQUAL_FATAL(mct_place(ready, time, 3, 2, out, &mk), MCT_OK);
    CU_ASSERT_EQUAL(out[0].job, 1);
    CU_ASSERT_EQUAL(out[0].partition, 0);
    CU_ASSERT_EQUAL(out[1].job, 2);
    CU_ASSERT_EQUAL(out[1].partition, 1);
    CU_ASSERT_EQUAL(out[2].job, 0);
    CU_ASSERT_EQUAL(out[2].partition, 0);   /* both free at 50: the lowest index */
    CU_ASSERT_EQUAL(out[2].start_ns, 50);
    CU_ASSERT_EQUAL(mk, 60);
    const int64_t huge[2] = { INT64_MAX, INT64_MAX }, r1[1] = { 1 };
    CU_ASSERT_EQUAL(mct_place(r1, huge, 1, 2, out, &mk), MCT_ERANGE);
}

static uint64_t rng = 0x9E3779B97F4A7C15u;
static int64_t rnd(int64_t lo, int64_t hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

/* 300 random instances, replayed independently: jobs leave in ready order; each job starts at
 * max(ready, the end of the previous job on its partition) and runs its time there; no other
 * partition would have finished it strictly earlier, nor equally early at a lower index; the
 * makespan is the last finish. */
static void test_property_mct(void)
{
    for (int it = 0; it < 300; it++) {
        size_t J = (size_t)rnd(1, 8), P = (size_t)rnd(1, 4);
        int64_t ready[8], time[32], avail[4] = { 0 }, last = 0;
        for (size_t j = 0; j < J; j++) {
            ready[j] = rnd(0, 3) * 10;
            for (size_t r = 0; r < P; r++)
                time[j * P + r] = rnd(1, 30);
        }
        mct_job out[8];
        int64_t mk;
        CU_ASSERT_EQUAL_FATAL(mct_place(ready, time, J, P, out, &mk), MCT_OK);
        bool used[8] = { false };
        for (size_t i = 0; i < J; i++) {
            size_t j = out[i].job, p = out[i].partition;
            CU_ASSERT_FALSE(used[j]);
            used[j] = true;
            if (i > 0)
                CU_ASSERT(ready[out[i - 1].job] < ready[j] ||
                          (ready[out[i - 1].job] == ready[j] && out[i - 1].job < j));
            int64_t start = avail[p] > ready[j] ? avail[p] : ready[j];
            CU_ASSERT_EQUAL(out[i].start_ns, start);
            CU_ASSERT_EQUAL(out[i].finish_ns, start + time[j * P + p]);
            for (size_t r = 0; r < P; r++) {
                int64_t f = (avail[r] > ready[j] ? avail[r] : ready[j]) + time[j * P + r];
                CU_ASSERT(f > out[i].finish_ns || (f == out[i].finish_ns && r >= p));
            }
            avail[p] = out[i].finish_ns;
            if (avail[p] > last)
                last = avail[p];
        }
        CU_ASSERT_EQUAL(mk, last);
    }
}

void test_cosched_register(void);
void test_cosched_register(void)
{
    CU_pSuite s = CU_add_suite("co-scheduling gain and MCT (docs/concurrency.md sec. 10)", NULL,
                               NULL);
    CU_add_test(s, "[S] gain and E_P of the curve", test_gain_curve);
    CU_add_test(s, "[R] DTRSM E(13), [D] Fig. 1b E_P", test_paper_values);
    CU_add_test(s, "partition sizes against the GPU", test_bad_sizes);
    CU_add_test(s, "[S] MCT on 6 + 7 SMs", test_mct_example);
    CU_add_test(s, "MCT ties and ready order", test_mct_ties);
    CU_add_test(s, "property: MCT replayed", test_property_mct);
}
