/* Cause-effect chains observed by rtgpu-simulate (docs/simulation.md, "Cause-effect chains"):
 * the observed maximum reaction time and data age of tests/data/chain-sim.xml worked by hand,
 * the LET observation of orin-chain-let.xml equal to the analysed exact LET bound (two
 * implementations agreeing), the implicit observations of orin-chain-implicit.xml under the
 * bounds that rtgpu-analyze reports, and an observation above its bound: flagged, with the
 * counter-example (a bound made up below the observation: a sound analysis gives none); a task
 * set of GPU steps alone, observed by the GPU-only simulator, worked by hand. */
#include <CUnit/CUnit.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/sim_report.h"
#include "report/syssim_report.h"
#include "runcmd.h"
#include "sim/chainrun.h"

void test_chain_sim_cli_register(void);

#define SYS_GPU "examples/gpus/jetson-agx-orin-system.xml"
#define MS 1000000

static json_int_t jint(json_t *o, const char *k)
{
    return json_integer_value(json_object_get(o, k));
}

/* argv through rtgpu-simulate (or rtgpu-analyze) as JSON, exit status 0 asserted; NULL when
 * it is no JSON. */
static json_t *run_json(const char *tool, char *const argv[])
{
    runcmd_out r = runcmd_tool(tool, argv, 120);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    runcmd_free(&r);
    return j;
}

static void expect_job(json_t *jobs, size_t i, const char *task, json_int_t job,
                       json_int_t read_ns, json_int_t write_ns)
{
    json_t *o = json_array_get(jobs, i);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(o, "task")), task);
    CU_ASSERT_EQUAL(jint(o, "job"), job);
    CU_ASSERT_EQUAL(jint(o, "read_ns"), read_ns);
    CU_ASSERT_EQUAL(jint(o, "write_ns"), write_ns);
}

/* chain-sim.xml: a (T 10, C 2 on core 0), b (T 20, C 3 on core 1, offset 5) alone on their
 * cores (g is on the GPU): a's job k reads at 10k and writes at 10k + 2; b's reads at 20k + 5 and
 * writes at 20k + 8 (ms). Horizon: the task set's hyperperiod 20 is below the chains' rule
 * 2 * lcm(10, 20) + 5 + (10 + 10) + (20 + 20) = 105 ms: a's jobs 0..10, b's 0..4 (b's job 5 at
 * 105 is not released).
 * Reaction: an event just after a's read at 10m is read by a's job m+1 at 10m + 10, written at
 * 10m + 12; b's first read at or after that: 25 (m = 0, 1), 45 (m = 2, 3), 65 (4, 5), 85 (6, 7);
 * the length b's write - 10m: 28, 18, 28, 18, ... ; m = 8 writes at 92 and would need b's job 5
 * (105): the enumeration stops. 8 job chains, MRT 28 ms, first at m = 0: a's job 1 (10, 12),
 * b's job 1 (25, 28), from 0 to 28.
 * Data age: b's job m >= 1 writes at 20m + 8; before it the output of b's job m-1 (read at
 * 20m - 15) is used, whose input is a's last write at or before 20m - 15: a's job 2m - 2 (write
 * 20m - 18, read 20m - 20): length 28 for m = 1..4: 4 job chains, MDA 28 ms, first at m = 1:
 * a's job 0 (0, 2), b's job 0 (5, 8), from 0 to 28. Both below the analysed bounds: Davare
 * (10 + 2) + (20 + 3) = 35 ms, compared here with rtgpu-analyze's own. */
static void test_hand_worked(void)
{
    json_t *j = run_json("rtgpu-simulate", (char *[]){ "x", "tests/data/chain-sim.xml", "--gpu",
                                                       SYS_GPU, "--format", "json", NULL });
    json_t *a = run_json("rtgpu-analyze", (char *[]){ "x", "tests/data/chain-sim.xml", "--gpu",
                                                      SYS_GPU, "--format", "json", NULL });
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    CU_ASSERT_EQUAL(jint(j, "horizon_ns"), 105 * MS);
    json_t *c = json_array_get(json_object_get(j, "chains"), 0);
    json_t *ac = json_array_get(json_object_get(a, "chains"), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ac);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "name")), "ab");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "communication")), "implicit");
    json_t *mrt = json_object_get(c, "reaction"), *mda = json_object_get(c, "data_age");
    CU_ASSERT_EQUAL(jint(mrt, "observed_ns"), 28 * MS);
    CU_ASSERT_EQUAL(jint(mrt, "job_chains"), 8);
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), jint(ac, "mrt_ns"));
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), 35 * MS);
    CU_ASSERT_TRUE(json_is_false(json_object_get(mrt, "exceeded")));
    json_t *w = json_object_get(mrt, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 0);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 28 * MS);
    expect_job(json_object_get(w, "jobs"), 0, "a", 1, 10 * MS, 12 * MS);
    expect_job(json_object_get(w, "jobs"), 1, "b", 1, 25 * MS, 28 * MS);
    CU_ASSERT_EQUAL(jint(mda, "observed_ns"), 28 * MS);
    CU_ASSERT_EQUAL(jint(mda, "job_chains"), 4);
    CU_ASSERT_EQUAL(jint(mda, "bound_ns"), jint(ac, "mda_ns"));
    w = json_object_get(mda, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 0);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 28 * MS);
    expect_job(json_object_get(w, "jobs"), 0, "a", 0, 0, 2 * MS);
    expect_job(json_object_get(w, "jobs"), 1, "b", 0, 5 * MS, 8 * MS);
    CU_ASSERT_TRUE(json_is_false(json_object_get(j, "bound_exceeded")));
    json_decref(j);
    json_decref(a);
}

/* orin-chain-let.xml (its header works it out): under LET the observation is exact, so over
 * a run that holds the longest job chain (planner's job 2 reads at 6 T = 199.998 ms and writes
 * at 219.998 ms; 300 ms holds it) the observed MRT and MDA equal the exact LET bound 219.998 ms,
 * which the analysis found by its own enumeration. */
static void test_let_equals_bound(void)
{
    json_t *j = run_json("rtgpu-simulate",
                         (char *[]){ "x", "examples/tasksets/orin-chain-let.xml", "--gpu", SYS_GPU,
                                     "--horizon", "300ms", "--format", "json", NULL });
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *c = json_array_get(json_object_get(j, "chains"), 0);
    json_t *mrt = json_object_get(c, "reaction"), *mda = json_object_get(c, "data_age");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "communication")), "let");
    CU_ASSERT_EQUAL(jint(mrt, "observed_ns"), 219998000);
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), 219998000);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(mrt, "binding")), "let_exact");
    CU_ASSERT_EQUAL(jint(mda, "observed_ns"), 219998000);
    CU_ASSERT_EQUAL(jint(mda, "bound_ns"), 219998000);
    /* the first longest: from camera's read at 0 to planner's job 2's write at 219.998 ms */
    json_t *w = json_object_get(mrt, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 0);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 219998000);
    expect_job(json_object_get(w, "jobs"), 3, "planner", 2, 199998000, 219998000);
    json_decref(j);
}

/* Memory follows what is live, not the horizon: tests/data/cli/system-let-long.xml (a LET chain
 * a -> b, T_a = 50 ms, T_b = 50 ms + 1 ns, D = T) over 200,000 s releases 4,000,000 jobs of each
 * task (b: k (5e7 + 1) < 2e14 up to k = 3,999,999), whose records alone took 192 MB; under an
 * 80 MB address-space limit the run must still finish. By hand: a's job m + 1 reads at
 * (m + 1) 50 ms and writes at (m + 2) 50 ms, and b's first job reading at or after that is
 * job m + 2 (while m + 2 < 5e7 + 1), which writes at (m + 3)(5e7 + 1): the reaction time from
 * a's job m's read is 3 (5e7) + m + 3 ns, growing with m; the last chain the run holds starts at
 * m = 3,999,997 (b's job m + 2 = 3,999,999 is its last): MRT = 154,000,000 ns, over 3,999,998
 * job chains, from 199,999,850,000,000 to 200,000,004,000,000 ns. Skipped under AddressSanitizer
 * (its shadow memory needs terabytes of address space) and valgrind. */
static void test_long_horizon_memory(void)
{
    if (!runcmd_rlimit_as_ok()) {
        CU_PASS("skipped under AddressSanitizer or valgrind (RLIMIT_AS)");
        return;
    }
    runcmd_out r = runcmd_tool_rlimit("rtgpu-simulate",
                                      (char *[]){ "x", "tests/data/cli/system-let-long.xml",
                                                  "--gpu", "tests/data/good/system-gpu.xml",
                                                  "--horizon", "200000s", "--format", "json",
                                                  NULL }, 120, RLIMIT_AS, (rlim_t)80 << 20);
    CU_ASSERT_EQUAL(r.status, 0);
    json_error_t err;
    json_t *j = r.out ? json_loads(r.out, 0, &err) : NULL;
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    json_t *mrt = json_object_get(json_array_get(json_object_get(j, "chains"), 0), "reaction");
    CU_ASSERT_EQUAL(jint(mrt, "observed_ns"), 154000000);
    CU_ASSERT_EQUAL(jint(mrt, "job_chains"), 3999998);
    json_t *w = json_object_get(mrt, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 199999850000000LL);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 200000004000000LL);
    json_decref(j);
    runcmd_free(&r);
}

/* orin-chain-implicit.xml: every observation at or below the binding bound that rtgpu-analyze
 * reports for the same layout. */
static void test_implicit_below_bound(void)
{
    char *ts = "examples/tasksets/orin-chain-implicit.xml";
    json_t *j = run_json("rtgpu-simulate", (char *[]){ "x", ts, "--gpu", SYS_GPU, "--horizon",
                                                       "1s", "--format", "json", NULL });
    json_t *a = run_json("rtgpu-analyze",
                         (char *[]){ "x", ts, "--gpu", SYS_GPU, "--format", "json", NULL });
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_PTR_NOT_NULL_FATAL(a);
    json_t *c = json_array_get(json_object_get(j, "chains"), 0);
    json_t *ac = json_array_get(json_object_get(a, "chains"), 0);
    json_t *mrt = json_object_get(c, "reaction"), *mda = json_object_get(c, "data_age");
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), jint(ac, "mrt_ns"));
    CU_ASSERT_EQUAL(jint(mda, "bound_ns"), jint(ac, "mda_ns"));
    CU_ASSERT(jint(mrt, "observed_ns") > 0 && jint(mrt, "observed_ns") <= jint(mrt, "bound_ns"));
    CU_ASSERT(jint(mda, "observed_ns") > 0 && jint(mda, "observed_ns") <= jint(mda, "bound_ns"));
    CU_ASSERT(jint(mrt, "job_chains") > 0 && jint(mda, "job_chains") > 0);
    json_decref(j);
    json_decref(a);
}

/* An observation above its bound. x, y (T 10 ms): x's job k reads at 10k, writes at 10k + 1;
 * y's reads at 10k + 2, writes at 10k + 3; jobs 0..2. Reaction: m = 0: x's job 1 writes at 11, y's
 * job 1 reads at 12, writes at 13: 13 ms; m = 1: x's job 2, y's job 2: 23 - 10 = 13 ms; m = 2
 * would need x's job 3: stop. MRT 13 ms (2 job chains) above a made-up bound of 12 ms. Data age:
 * y's job m >= 1 (write 10m + 3) uses y's job m-1 (read 10m - 8), whose input is x's last write
 * at or before it: x's job m-1 (write 10m - 9, read 10m - 10): 13 ms for m = 1, 2. MDA 13 ms
 * (2 job chains), no bound given: not exceeded. */
static void test_exceeded(void)
{
    rt_task tasks[2] = { { .name = "x", .period_ns = 10 * MS, .deadline_ns = 10 * MS },
                         { .name = "y", .period_ns = 10 * MS, .deadline_ns = 10 * MS } };
    size_t idx[2] = { 0, 1 };
    rt_chain chain = { .name = "xy", .communication = RT_COMM_IMPLICIT, .tasks = idx,
                       .n_tasks = 2 };
    rt_taskset ts = { .name = "t", .tasks = tasks, .n_tasks = 2, .chains = &chain,
                      .n_chains = 1 };
    syssim_job jx[3], jy[3];
    for (int k = 0; k < 3; k++) {
        jx[k] = (syssim_job){ .release_ns = 10 * k * MS, .first_start_ns = 10 * k * MS,
                              .last_end_ns = (10 * k + 1) * MS };
        jy[k] = (syssim_job){ .release_ns = 10 * k * MS, .first_start_ns = (10 * k + 2) * MS,
                              .last_end_ns = (10 * k + 3) * MS };
    }
    syssim_task_result tr[2] = { { .released = 3, .completed = 3, .jobs = jx },
                                 { .released = 3, .completed = 3, .jobs = jy } };
    syssim_result res = { .n_tasks = 2, .tasks = tr };
    chain_result b = { .has_mrt = true, .mrt_ns = 12 * MS, .binding_mrt = CHAIN_DAVARE };
    chainrun_chain *cc = NULL;
    CU_ASSERT_EQUAL_FATAL(chainrun_observe(&ts, &res, &b, &cc), CHAINRUN_OK);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cc);
    CU_ASSERT_EQUAL(cc[0].obs.mrt.length_ns, 13 * MS);
    CU_ASSERT_EQUAL(cc[0].obs.mrt.chains, 2);
    CU_ASSERT_TRUE(cc[0].mrt_exceeded);
    CU_ASSERT_EQUAL(cc[0].obs.mda.length_ns, 13 * MS);
    CU_ASSERT_EQUAL(cc[0].obs.mda.chains, 2);
    CU_ASSERT_FALSE(cc[0].mda_exceeded);
    size_t k = 9;
    bool mda = true;
    CU_ASSERT_TRUE(chainrun_exceeded(cc, 1, &k, &mda));
    CU_ASSERT_EQUAL(k, 0);
    CU_ASSERT_FALSE(mda);
    syssim_report rep = { .ts = &ts, .chains = { .ts = &ts, .n = 1, .bounds = &b, .obs = cc,
                                                 .exceeded = true, .chain = 0, .mda = false } };
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    syssim_report_violation(&rep, &res, f);
    fclose(f);
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "DEFECT: chain \"xy\" (implicit): observed maximum "
                                        "reaction time 13000000 ns, above the analysed bound "
                                        "12000000 ns (davare)"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "from the read of job 0 of \"x\" at 0 ns to the write of "
                                        "job 1 of \"y\" at 13000000 ns"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "task \"x\" job 1: read at 10000000 ns, write at "
                                        "11000000 ns"));
    CU_ASSERT_PTR_NOT_NULL(strstr(text, "task \"y\" job 1: read at 12000000 ns, write at "
                                        "13000000 ns"));
    /* the GPU-only writer prints the same counter-example, by the same code */
    sim_report grep = { .ts = &ts, .chains = rep.chains };
    sim_result gres = { 0 };
    char *gtext = NULL;
    size_t glen = 0;
    f = open_memstream(&gtext, &glen);
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    sim_report_violation(&grep, &gres, f);
    fclose(f);
    CU_ASSERT_STRING_EQUAL(gtext, text);
    free(gtext);
    free(text);
    chainrun_free(cc, 1);
}

/* A task set of GPU steps alone (examples/tasksets/rtx2060-chain-gpu.xml, whose header works
 * every job out): one partition of all 30 SMs of the RTX 2060 runs camera (T 10, WCET 1.2 ms),
 * detector (T 20, 4.8) and planner (T 40, 2.4), synchronous at 0, non-preemptively by priority:
 * camera's job k runs [10k, 10k + 1.2], detector's job j [20j + 1.2, 20j + 6], the planner's
 * job i [40i + 6, 40i + 8.4] (ms). Horizon: 2 x lcm 40 + (10 + 10) + (20 + 20) + (40 + 40) =
 * 220 ms: camera's jobs 0..21, detector's 0..10, the planner's 0..5.
 * Reaction: camera's job k >= 1 writes at 10k + 1.2; detector's job ceil(k/2) reads first at or
 * after it, the planner's job ceil(ceil(k/2)/2) after that; the length from camera's read at
 * 10(k-1): k = 1: 48.4 (detector job 1, planner job 1 writing at 48.4); 2: 38.4; 3: 28.4 (the
 * detector's job 2 writes at 46.0 when the planner's job 1 reads: the write comes first); 4:
 * 18.4; the same every 4 jobs up to k = 20; k = 21 needs detector's job 11 (not run): 20 job
 * chains, MRT 48.4 ms, first at k = 1: camera job 1 (10, 11.2), detector job 1 (21.2, 26),
 * planner job 1 (46, 48.4), from 0 to 48.4.
 * Data age: the planner's job m = 1..5 replaces job m-1's output (read at 40(m-1) + 6), whose
 * input is detector job 2(m-1) (write at that instant, read at 40(m-1) + 1.2), whose input is
 * camera job 4(m-1) (write 40(m-1) + 1.2, read 40(m-1)): 40m + 8.4 - 40(m-1) = 48.4 ms; 5 job
 * chains, first at m = 1: camera job 0 (0, 1.2), detector job 0 (1.2, 6), planner job 0 (6,
 * 8.4), from 0 to 48.4. Bound: Davare (10 + 6) + (20 + 8.4) + (40 + 8.4) = 92.8 ms (R from
 * the RTA: 4.8 + 1.2, 2.4 + 1.2 + 4.8, 1.2 + 4.8 + 2.4).
 * The LET chain camera -> planner: camera's job 4 reads at 40, writes at 50; the planner's job 2
 * reads at 80, writes at 120; from camera's job 3 read at 30: 90 ms, the exact LET bound. */
static void test_gpu_only_hand_worked(void)
{
    char *ts = "examples/tasksets/rtx2060-chain-gpu.xml", *gpu = "examples/gpus/rtx2060.xml";
    json_t *j = run_json("rtgpu-simulate",
                         (char *[]){ "x", ts, "--gpu", gpu, "--format", "json", NULL });
    CU_ASSERT_PTR_NOT_NULL_FATAL(j);
    CU_ASSERT_EQUAL(jint(j, "horizon_ns"), 220 * MS);
    json_t *c = json_array_get(json_object_get(j, "chains"), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "name")), "camera-to-plan");
    json_t *mrt = json_object_get(c, "reaction"), *mda = json_object_get(c, "data_age");
    CU_ASSERT_EQUAL(jint(mrt, "observed_ns"), 48400000);
    CU_ASSERT_EQUAL(jint(mrt, "job_chains"), 20);
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), 92800000);
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(mrt, "binding")), "davare");
    json_t *w = json_object_get(mrt, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 0);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 48400000);
    expect_job(json_object_get(w, "jobs"), 0, "camera", 1, 10 * MS, 11200000);
    expect_job(json_object_get(w, "jobs"), 1, "detector", 1, 21200000, 26 * MS);
    expect_job(json_object_get(w, "jobs"), 2, "planner", 1, 46 * MS, 48400000);
    CU_ASSERT_EQUAL(jint(mda, "observed_ns"), 48400000);
    CU_ASSERT_EQUAL(jint(mda, "job_chains"), 5);
    CU_ASSERT_EQUAL(jint(mda, "bound_ns"), 92800000);
    w = json_object_get(mda, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 0);
    CU_ASSERT_EQUAL(jint(w, "to_ns"), 48400000);
    expect_job(json_object_get(w, "jobs"), 0, "camera", 0, 0, 1200000);
    expect_job(json_object_get(w, "jobs"), 1, "detector", 0, 1200000, 6 * MS);
    expect_job(json_object_get(w, "jobs"), 2, "planner", 0, 6 * MS, 8400000);
    c = json_array_get(json_object_get(j, "chains"), 1);
    mrt = json_object_get(c, "reaction");
    CU_ASSERT_STRING_EQUAL(json_string_value(json_object_get(c, "communication")), "let");
    CU_ASSERT_EQUAL(jint(mrt, "observed_ns"), 90 * MS);
    CU_ASSERT_EQUAL(jint(mrt, "bound_ns"), 90 * MS);
    w = json_object_get(mrt, "witness");
    CU_ASSERT_EQUAL(jint(w, "from_ns"), 30 * MS);
    expect_job(json_object_get(w, "jobs"), 0, "camera", 4, 40 * MS, 50 * MS);
    expect_job(json_object_get(w, "jobs"), 1, "planner", 2, 80 * MS, 120 * MS);
    CU_ASSERT_EQUAL(jint(json_object_get(c, "data_age"), "observed_ns"), 90 * MS);
    CU_ASSERT_TRUE(json_is_false(json_object_get(j, "bound_exceeded")));
    json_decref(j);
}

/* A task set of GPU steps alone is no longer left unobserved: no warning, and the text summary
 * has the chains' table with a row per chain and metric (tests/data/good/chain-gpu.xml: chains
 * "abc" and "ac-let"). */
static void test_gpu_only_observed(void)
{
    char *ts = "tests/data/good/chain-gpu.xml", *gpu = "tests/data/good/gpu.xml";
    runcmd_out r = runcmd_tool("rtgpu-simulate", (char *[]){ "x", ts, "--gpu", gpu, NULL }, 60);
    CU_ASSERT_EQUAL(r.status, 0);
    CU_ASSERT_TRUE(r.err && !strstr(r.err, "warning"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "\nChains (observed maximum"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "  abc    implicit reaction"));
    CU_ASSERT_PTR_NOT_NULL(r.out && strstr(r.out, "  ac-let let      age"));
    runcmd_free(&r);
}

void test_chain_sim_cli_register(void)
{
    CU_pSuite s = CU_add_suite("chain_sim_cli", NULL, NULL);
    CU_add_test(s, "hand-worked MRT and MDA, horizon", test_hand_worked);
    CU_add_test(s, "a long horizon in bounded memory, by hand", test_long_horizon_memory);
    CU_add_test(s, "LET observed = exact LET bound", test_let_equals_bound);
    CU_add_test(s, "implicit observed <= bound", test_implicit_below_bound);
    CU_add_test(s, "observation above its bound", test_exceeded);
    CU_add_test(s, "GPU steps alone: hand-worked MRT and MDA", test_gpu_only_hand_worked);
    CU_add_test(s, "GPU steps alone: observed, no warning", test_gpu_only_observed);
}
