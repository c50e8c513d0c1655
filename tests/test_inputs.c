/* Tests for taskset/inputs (rt_inputs_check): checks that need both files. The records are loaded
 * from tests/data, then single fields are changed; expected values worked out by hand. */
#include <CUnit/CUnit.h>
#include <string.h>

#include "models/model.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset_load.h"

typedef struct pair {
    rt_diags *d;
    rt_taskset *ts;
    rt_gpu *gpu;
} pair;

static void pair_load(pair *p, const char *ts, const char *gpu)
{
    rt_diags *d = rt_diag_new(100);
    p->ts = rt_taskset_load(ts, d);
    p->gpu = rt_gpu_load(gpu, d);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
    p->d = rt_diag_new(100);
}

static void pair_free(pair *p)
{
    rt_taskset_free(p->ts);
    rt_gpu_free(p->gpu);
    rt_diag_free(p->d);
}

/* Exactly one error, at line with msg (warnings beside it are not counted: taskset-full.xml's
 * task "c" has a 3 ns deadline that its kernel exceeds, which is warned). */
static void expect_one(const pair *p, int errors, long line, const char *msg)
{
    CU_ASSERT_EQUAL(errors, 1);
    CU_ASSERT_EQUAL_FATAL(rt_diag_errors(p->d), 1);
    const rt_diag *g = NULL;
    for (size_t i = 0; i < rt_diag_count(p->d) && !g; i++)
        if (rt_diag_get(p->d, i)->kind == RT_DIAG_ERROR)
            g = rt_diag_get(p->d, i);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(g->line, line);
    CU_ASSERT_STRING_EQUAL(g->msg, msg);
    CU_ASSERT_STRING_EQUAL(g->file, p->ts->path);
}

static void test_good_pairs(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.gpu);
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    CU_ASSERT_EQUAL(rt_diag_count(p.d), 0);   /* 24 banks < 30 SMs: no warning either */
    pair_free(&p);
    pair_load(&p, "tests/data/good/taskset-full.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    pair_free(&p);
}

/* The example task set of docs/formats.md sec. 5 (15-SM partition, point at 15 SMs) on a GPU with
 * granularity 2. */
static void test_granularity(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset.xml", "tests/data/good/gpu-tpc.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 2);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(p.d), 2);
    CU_ASSERT_EQUAL(rt_diag_get(p.d, 0)->line, 8);
    CU_ASSERT_STRING_EQUAL(rt_diag_get(p.d, 0)->msg, "kernel \"COPY\": measured sms \"15\" is not "
                           "a multiple of the GPU's partition-granularity 2");
    CU_ASSERT_EQUAL(rt_diag_get(p.d, 1)->line, 15);
    CU_ASSERT_STRING_EQUAL(rt_diag_get(p.d, 1)->msg, "partition \"P0\": sms \"15\" is not a "
                           "multiple of the GPU's partition-granularity 2");
    pair_free(&p);
}

static void test_measured_range(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    p.ts->kernels[0].measured[0].sms = 30;
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 8, "kernel \"COPY\": measured sms \"30\" is "
               "the whole GPU; the kernel's time or cycles and bw-gbps are its measurement on all "
               "SMs (remove this point)");
    rt_diag_free(p.d);
    p.d = rt_diag_new(100);
    p.ts->kernels[0].measured[0].sms = 31;
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 8, "kernel \"COPY\": measured sms \"31\" is "
               "outside 1..30 (the GPU has 30 SMs)");
    pair_free(&p);
}

/* N - KAI*Ubw > 0 (docs/model.md sec. 2), N = 30, BWmax = 348. */
static void test_domain(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    rt_kernel *k = &p.ts->kernels[0];   /* bw 250.33: Ubw = 250.33/348 = 0.7193390805 */
    k->kai = 41;                         /* 30 - 41*0.71934 = 0.5071 > 0 */
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    k->kai = 42;                         /* 30 - 42*0.71934 = 30 - 30.2122414 = -0.2122414 */
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 4, "kernel \"COPY\" is outside the model's "
               "domain: N - KAI*Ubw = 30 - 42*0.719339 = -0.212241 must be positive (eq. 4; Ubw = "
               "bw-gbps / bw-nominal-gbps)");
    rt_diag_free(p.d);
    p.d = rt_diag_new(100);
    k->bw_gbps = 348;                    /* Ubw = 1 exactly */
    k->kai = 29.999;                     /* 30 - 29.999 = 0.001 > 0 */
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    k->kai = 30;                         /* 30 - 30 = 0: not positive */
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 1);
    rt_diag_free(p.d);
    p.d = rt_diag_new(100);
    k->has_kai = false;                  /* eq. 3: KAI = 3e7 / 1000 / 1000 = 30 */
    k->has_instructions = k->has_l2_accesses = true;
    k->instructions = 3e7;
    k->l2_accesses = 1000;
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 1);
    k->l2_accesses = 1001;               /* KAI = 29.97 */
    rt_diag_free(p.d);
    p.d = rt_diag_new(100);
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    pair_free(&p);
}

static void test_cycles_range(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset-full.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    p.ts->kernels[1].time_ns = 1e306;    /* * 1365 overflows a double */
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 5, "kernel \"SAXPY\": its time at clock-mhz "
               "1365 gives inf cycles, which is out of range");
    pair_free(&p);
}

static void test_partitions(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset-full.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    rt_partition *pt = p.ts->partitions;   /* P0 0..3, P1 10..15, P2 16..17, EMPTY 18..21 */
    pt[2].first_sm = 14;                   /* P2 14..15 inside P1 */
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 28,
               "partition \"P2\" overlaps partition \"P1\"");
    rt_diag_free(p.d);
    p.d = rt_diag_new(100);
    pt[2].first_sm = 16;
    pt[3].first_sm = 28;                   /* EMPTY 28..31, beyond SM 29 */
    pt[3].has_first_sm = true;
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 31, "partition \"EMPTY\" (SMs 28..31) does "
               "not fit the GPU's 30 SMs (0..29)");
    pair_free(&p);
}

static void test_banks_warning(void)
{
    pair p;
    pair_load(&p, "tests/data/good/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.gpu);
    p.gpu->l2_banks = 30;
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    CU_ASSERT_EQUAL(rt_diag_errors(p.d), 0);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(p.d), 1);
    const rt_diag *g = rt_diag_get(p.d, 0);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_WARNING);
    CU_ASSERT_STRING_EQUAL(g->file, "tests/data/good/gpu.xml");
    CU_ASSERT_EQUAL(g->line, 2);
    CU_ASSERT(strstr(g->msg, "l2-banks 30 >= sms 30") != NULL);
    pair_free(&p);
}

/* Root causes only: P0 (40 SMs on 30) pushes P1 and P2, packed after it, out of the GPU; only
 * P0 is reported (before: three errors, P1 at SMs 40..43 and P2 at 44..47 as well). */
static void test_partition_root_cause(void)
{
    pair p;
    pair_load(&p, "tests/data/bad/partition-pushes-others.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.gpu);
    expect_one(&p, rt_inputs_check(p.ts, p.gpu, p.d), 9,
               "partition \"P0\" (SMs 0..39) does not fit the GPU's 30 SMs (0..29)");
    pair_free(&p);
}

/* tests/data/warn/taskset.xml on the RTX 2060 file (N = 30, f = 1365 MHz):
 * *  - UNUSED (line 7) is run by no task;
 *  - SLOW, 3 ms = 4,095,000 cycles, back to 4,095,000 / 1365 x 1000 = 3,000,000 ns alone on all
 *    30 SMs, is run by "cam" (line 10) whose deadline is 2 ms (< period 5 ms);
 *  - FAST (line 5): BWiso 300 >= BWthr = 348 x 24/30 = 278.4, so eq. 17 takes the saturated
 *    branch EMBW (1 - exp(-n / Missbanks)), Missbanks = 30 - 24 = 6, rising with n; at n = 29:
 *    exp(-29/6) = exp(-4.8333) = 0.0079599, 330 x 0.9920401 = 327.37 GB/s > 300 (n = 28:
 *    330 x (1 - exp(-4.6667)) = 330 x 0.990600 = 326.90, also above but smaller). SLOW (100 <
 *    278.4) is linear, 100/30 x n <= 100: no warning. */
static void test_warnings(void)
{
    pair p;
    pair_load(&p, "tests/data/warn/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.gpu);
    CU_ASSERT_EQUAL(rt_inputs_check(p.ts, p.gpu, p.d), 0);
    CU_ASSERT_EQUAL(rt_diag_errors(p.d), 0);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(p.d), 2);
    const rt_diag *g = rt_diag_get(p.d, 0);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_WARNING);
    CU_ASSERT_EQUAL(g->line, 7);
    CU_ASSERT_STRING_EQUAL(g->msg, "kernel \"UNUSED\" is run by no task (no <run kernel> names "
                           "it): nothing analyses it");
    g = rt_diag_get(p.d, 1);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_WARNING);
    CU_ASSERT_EQUAL(g->line, 10);
    CU_ASSERT_STRING_EQUAL(g->msg, "task \"cam\": kernel \"SLOW\" takes 3 ms alone on all "
                           "30 SMs, longer than the task's deadline of 2 ms: the task "
                           "misses it on any partition");
    model *m = model_new(p.gpu, p.ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(m);
    rt_diags *d = rt_diag_new(10);
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    model_check_bandwidth(m, p.ts, d);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(d), 1);
    g = rt_diag_get(d, 0);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_WARNING);
    CU_ASSERT_EQUAL(g->line, 5);
    CU_ASSERT_STRING_EQUAL(g->msg, "kernel \"FAST\": the model gives it 327.4 GB/s on 29 SMs "
                           "(eq. 17, saturated branch, towards the GPU's bw-effective-gbps 330), "
                           "more than its own bw-gbps 300 measured on all 30 SMs; a <measured "
                           "sms=\"29\" bw-gbps=\"...\"/> point replaces the model there");
    rt_diag_free(d);
    model_free(m);
    pair_free(&p);
}

/* The period is the limit when it is shorter than the deadline. */
static void test_warning_period(void)
{
    pair p;
    pair_load(&p, "tests/data/warn/taskset.xml", "tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(p.ts);
    p.ts->tasks[0].period_ns = 2500000;
    p.ts->tasks[0].deadline_ns = 4000000;
    rt_inputs_check(p.ts, p.gpu, p.d);
    CU_ASSERT_EQUAL_FATAL(rt_diag_count(p.d), 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(rt_diag_get(p.d, 1)->msg, "longer than the task's period of "
                                  "2.5 ms"));
    pair_free(&p);
}

void test_inputs_register(void);
void test_inputs_register(void)
{
    CU_pSuite s = CU_add_suite("inputs", NULL, NULL);
    CU_add_test(s, "good pairs", test_good_pairs);
    CU_add_test(s, "partition granularity", test_granularity);
    CU_add_test(s, "measured points in range", test_measured_range);
    CU_add_test(s, "model domain N - KAI*Ubw > 0", test_domain);
    CU_add_test(s, "cycles in range", test_cycles_range);
    CU_add_test(s, "partition overlap and fit", test_partitions);
    CU_add_test(s, "a partition out of the GPU: only the root cause", test_partition_root_cause);
    CU_add_test(s, "banks >= SMs warning", test_banks_warning);
    CU_add_test(s, "warnings: unused kernel, kernel over deadline, model bandwidth", test_warnings);
    CU_add_test(s, "warning: kernel over period", test_warning_period);
}
