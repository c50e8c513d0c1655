/* Tests for the installed API (src/rtgpu.h): located diagnostics of a bad file, verdicts equal
 * to rtgpu-analyze's exit status for the same inputs and options, figures against the hand
 * calculations in the examples' headers, option ranges, free paths and NULL safety. This file
 * includes rtgpu.h only, as a program embedding the library would. */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <string.h>

#include "rtgpu.h"
#include "runcmd.h"
#include "suites.h"

#define EXP4 "examples/tasksets/paper-exp4.xml"
#define MISS "examples/tasksets/rtx2060-interference-miss.xml"
#define RTX "examples/gpus/rtx2060.xml"

/* Exit status of rtgpu-analyze on ts and gpu with extra (NULL-terminated, at most 4) options. */
static int cli_status(char *ts, char *gpu, char *const *extra)
{
    char *argv[10] = { "rtgpu-analyze", ts, "--gpu", gpu, "-q" };
    size_t n = 5;
    for (size_t i = 0; extra && extra[i] && n < 9; i++)
        argv[n++] = extra[i];
    argv[n] = NULL;
    runcmd_out r = runcmd(argv, 120);
    int st = r.status;
    runcmd_free(&r);
    return st;
}

/* Load ts and gpu (both must load), analyse with o; the caller frees the result. */
static rtgpu_result *analyse(const char *ts_path, const char *gpu_path, const rtgpu_options *o)
{
    rtgpu_diags *d = rtgpu_diags_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    rtgpu_taskset *ts = rtgpu_taskset_load(ts_path, d);
    rtgpu_gpu *gpu = rtgpu_gpu_load(gpu_path, d);
    CU_ASSERT_PTR_NOT_NULL(ts);
    CU_ASSERT_PTR_NOT_NULL(gpu);
    CU_ASSERT_EQUAL(rtgpu_diags_errors(d), 0);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, o, d);
    /* the result owns its figures: the inputs may go first */
    rtgpu_taskset_free(ts);
    rtgpu_gpu_free(gpu);
    rtgpu_diags_free(d);
    return r;
}

/* tests/data/multi-errors.xml: every error with file and line (lines counted in the file, as in
 * test_taskset.c), severity error, the message without location. */
static void test_bad_file_diagnostics(void)
{
    rtgpu_diags *d = rtgpu_diags_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(d);
    CU_ASSERT_PTR_NULL(rtgpu_taskset_load("tests/data/multi-errors.xml", d));
    CU_ASSERT_EQUAL(rtgpu_diags_errors(d), 6);
    CU_ASSERT_EQUAL_FATAL(rtgpu_diags_count(d), 6);
    static const long lines[] = { 3, 3, 4, 5, 6, 8 };
    for (size_t i = 0; i < 6; i++) {
        CU_ASSERT_EQUAL(rtgpu_diag_line(d, i), lines[i]);
        CU_ASSERT_EQUAL(rtgpu_diag_severity(d, i), RTGPU_ERROR);
        CU_ASSERT_STRING_EQUAL(rtgpu_diag_file(d, i), "tests/data/multi-errors.xml");
    }
    CU_ASSERT_STRING_EQUAL(rtgpu_diag_message(d, 2), "kernel \"K\" is defined twice (first at line 3)");
    CU_ASSERT_STRING_EQUAL(rtgpu_severity_name(rtgpu_diag_severity(d, 0)), "error");
    CU_ASSERT_STRING_EQUAL(rtgpu_severity_name(RTGPU_WARNING), "warning");
    CU_ASSERT_STRING_EQUAL(rtgpu_severity_name(RTGPU_NOTE), "note");
    /* out of range: nothing */
    CU_ASSERT_PTR_NULL(rtgpu_diag_message(d, 6));
    CU_ASSERT_PTR_NULL(rtgpu_diag_file(d, 6));
    CU_ASSERT_EQUAL(rtgpu_diag_line(d, 6), 0);
    /* a missing file: one error, no line */
    CU_ASSERT_PTR_NULL(rtgpu_gpu_load("tests/data/does-not-exist.xml", d));
    CU_ASSERT_EQUAL_FATAL(rtgpu_diags_count(d), 7);
    CU_ASSERT_EQUAL(rtgpu_diag_line(d, 6), 0);
    CU_ASSERT_STRING_EQUAL(rtgpu_diag_message(d, 6), "cannot open file: No such file or directory");
    /* without a list the load still fails cleanly */
    CU_ASSERT_PTR_NULL(rtgpu_taskset_load("tests/data/multi-errors.xml", NULL));
    rtgpu_diags_free(d);
}

/* exp4 with the defaults: the hand calculation of paper-exp4.xml's header (worst-case windows,
 * margin 0.2): COPY's WCET 1.8243 ms and SAXPY's 1.5032 ms, each alone in its 15-SM partition so
 * R = WCET; deadline = period = 2 ms; both hold. The CLI agrees (exit 0). */
static void test_exp4_figures_and_cli(void)
{
    rtgpu_result *r = analyse(EXP4, RTX, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_SCHEDULABLE);
    CU_ASSERT_EQUAL((int)rtgpu_result_verdict(r), cli_status(EXP4, RTX, NULL));
    CU_ASSERT_EQUAL(rtgpu_result_searched(r), 0);
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_partitions(r), 2);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_partition_name(r, 0), "P0");
    CU_ASSERT_STRING_EQUAL(rtgpu_result_partition_name(r, 1), "P1");
    CU_ASSERT_EQUAL(rtgpu_result_partition_sms(r, 0), 15);
    CU_ASSERT_EQUAL(rtgpu_result_partition_sms(r, 1), 15);
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_tasks(r), 2);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_task_name(r, 0), "copy");
    CU_ASSERT_STRING_EQUAL(rtgpu_result_task_name(r, 1), "saxpy");
    CU_ASSERT_EQUAL(rtgpu_result_task_partition(r, 0), 0);
    CU_ASSERT_EQUAL(rtgpu_result_task_partition(r, 1), 1);
    /* to the 0.1 us of the hand calculation */
    CU_ASSERT_EQUAL((rtgpu_result_task_wcrt_ns(r, 0) + 50) / 100, 18243);
    CU_ASSERT_EQUAL((rtgpu_result_task_wcrt_ns(r, 1) + 50) / 100, 15032);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(r, 0), 2000000);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(r, 1), 2000000);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 0), RTGPU_TASK_SCHEDULABLE);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 1), RTGPU_TASK_SCHEDULABLE);
    /* out of range */
    CU_ASSERT_PTR_NULL(rtgpu_result_task_name(r, 2));
    CU_ASSERT_EQUAL(rtgpu_result_task_wcrt_ns(r, 2), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(r, 2), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_partition(r, 2), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 2), RTGPU_TASK_UNDECIDED);
    CU_ASSERT_PTR_NULL(rtgpu_result_partition_name(r, 2));
    CU_ASSERT_EQUAL(rtgpu_result_partition_sms(r, 2), -1);
    rtgpu_result_free(r);
}

/* rtx2060-interference-miss.xml: exp4's kernels with deadlines 0.8 ms (copy) and 1 ms (saxpy),
 * so the same bounds as exp4 (1.8243 and 1.5032 ms, header of the file) miss both: verdict 1,
 * as the CLI's exit status (and the example's .expect: exit=1). */
static void test_miss_and_cli(void)
{
    rtgpu_result *r = analyse(MISS, RTX, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_UNSCHEDULABLE);
    CU_ASSERT_EQUAL((int)rtgpu_result_verdict(r), cli_status(MISS, RTX, NULL));
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_tasks(r), 2);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(r, 0), 800000);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(r, 1), 1000000);
    CU_ASSERT_EQUAL((rtgpu_result_task_wcrt_ns(r, 0) + 50) / 100, 18243);
    CU_ASSERT_EQUAL((rtgpu_result_task_wcrt_ns(r, 1) + 50) / 100, 15032);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 0), RTGPU_TASK_MISS);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 1), RTGPU_TASK_MISS);
    rtgpu_result_free(r);
}

/* Options map to the CLI's: a search (--assign search), a budget of 1 unit (--budget 1:
 * undecided, 3), a margin of 10 (--margin 10: copy's WCET grows elevenfold over its unmargined
 * 1.52 ms, far past 2 ms: 1). Each verdict equals the CLI's exit status. */
static void test_options_match_cli(void)
{
    rtgpu_options *o = rtgpu_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(rtgpu_options_set_layout(o, RTGPU_LAYOUT_SEARCH), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_time_limit(o, 60), 0);
    rtgpu_result *r = analyse(EXP4, RTX, o);
    CU_ASSERT_PTR_NOT_NULL_FATAL(r);
    CU_ASSERT_EQUAL(rtgpu_result_searched(r), 1);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_SCHEDULABLE);
    static char *const search[] = { "--assign", "search", NULL };
    CU_ASSERT_EQUAL((int)rtgpu_result_verdict(r), cli_status(EXP4, RTX, search));
    /* a found layout uses at most the GPU's 30 SMs and places every task */
    int64_t sms = 0;
    for (size_t j = 0; j < rtgpu_result_partitions(r); j++)
        sms += rtgpu_result_partition_sms(r, j);
    CU_ASSERT(sms > 0 && sms <= 30);
    CU_ASSERT_EQUAL(rtgpu_result_tasks(r), 2);
    for (size_t i = 0; i < rtgpu_result_tasks(r); i++)
        CU_ASSERT((size_t)rtgpu_result_task_partition(r, i) < rtgpu_result_partitions(r));
    rtgpu_result_free(r);

    CU_ASSERT_EQUAL(rtgpu_options_set_layout(o, RTGPU_LAYOUT_GIVEN), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_budget(o, 1), 0);
    r = analyse(EXP4, RTX, o);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_UNDECIDED);
    static char *const budget[] = { "--budget", "1", NULL };
    CU_ASSERT_EQUAL((int)rtgpu_result_verdict(r), cli_status(EXP4, RTX, budget));
    CU_ASSERT_EQUAL(rtgpu_result_task_status(r, 0), RTGPU_TASK_UNDECIDED);
    CU_ASSERT_EQUAL(rtgpu_result_task_wcrt_ns(r, 0), -1);
    rtgpu_result_free(r);

    CU_ASSERT_EQUAL(rtgpu_options_set_budget(o, (uint64_t)1 << 34), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_margin(o, 10), 0);
    r = analyse(EXP4, RTX, o);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_UNSCHEDULABLE);
    static char *const margin[] = { "--margin", "10", NULL };
    CU_ASSERT_EQUAL((int)rtgpu_result_verdict(r), cli_status(EXP4, RTX, margin));
    rtgpu_result_free(r);
    rtgpu_options_free(o);
}

/* The setters take the CLI's ranges and leave o unchanged outside them. */
static void test_option_ranges(void)
{
    rtgpu_options *o = rtgpu_options_new();
    CU_ASSERT_PTR_NOT_NULL_FATAL(o);
    CU_ASSERT_EQUAL(rtgpu_options_set_margin(o, -0.1), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_margin(o, 10.5), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_margin(o, 0), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_time_limit(o, 0.0005), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_time_limit(o, -1), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_time_limit(o, 0), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_budget(o, 0), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_budget(o, ((uint64_t)1 << 62) + 1), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_layout(o, (rtgpu_layout_mode)7), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_objective(o, (rtgpu_objective)7), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_objective(o, RTGPU_OBJECTIVE_MAX_MIN_SLACK), 0);
    rtgpu_options_free(o);
}

/* conc-partial.xml, a task set without partitions, and layout given: verdict INVALID, an error naming the file. */
static void test_given_without_partitions(void)
{
    rtgpu_diags *d = rtgpu_diags_new();
    rtgpu_taskset *ts = rtgpu_taskset_load("tests/data/good/conc-partial.xml", d);
    rtgpu_gpu *gpu = rtgpu_gpu_load(RTX, d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu);
    CU_ASSERT_EQUAL(rtgpu_taskset_tasks(ts), 1);
    rtgpu_options *o = rtgpu_options_new();
    CU_ASSERT_EQUAL(rtgpu_options_set_layout(o, RTGPU_LAYOUT_GIVEN), 0);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, o, d);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_INVALID);
    CU_ASSERT_EQUAL(rtgpu_result_tasks(r), 0);
    CU_ASSERT_EQUAL(rtgpu_result_partitions(r), 0);
    CU_ASSERT_EQUAL(rtgpu_diags_errors(d), 1);
    size_t last = rtgpu_diags_count(d) - 1;     /* after any warnings of the inputs */
    CU_ASSERT_EQUAL(rtgpu_diag_severity(d, last), RTGPU_ERROR);
    CU_ASSERT_STRING_EQUAL(rtgpu_diag_file(d, last), "tests/data/good/conc-partial.xml");
    CU_ASSERT_PTR_NOT_NULL(strstr(rtgpu_diag_message(d, last), "fixes no partitions"));
    rtgpu_result_free(r);
    rtgpu_options_free(o);
    rtgpu_gpu_free(gpu);
    rtgpu_taskset_free(ts);
    rtgpu_diags_free(d);
}

/* Every function answers NULL arguments with nothing, and every free takes NULL. */
static void test_null_safety(void)
{
    CU_ASSERT_STRING_EQUAL(rtgpu_version(), RTGPU_VERSION);
    rtgpu_diags_free(NULL);
    rtgpu_taskset_free(NULL);
    rtgpu_gpu_free(NULL);
    rtgpu_options_free(NULL);
    rtgpu_result_free(NULL);
    CU_ASSERT_EQUAL(rtgpu_diags_count(NULL), 0);
    CU_ASSERT_EQUAL(rtgpu_diags_errors(NULL), 0);
    CU_ASSERT_PTR_NULL(rtgpu_diag_file(NULL, 0));
    CU_ASSERT_PTR_NULL(rtgpu_diag_message(NULL, 0));
    CU_ASSERT_EQUAL(rtgpu_diag_line(NULL, 0), 0);
    CU_ASSERT_EQUAL(rtgpu_diag_severity(NULL, 0), RTGPU_ERROR);
    CU_ASSERT_PTR_NULL(rtgpu_taskset_load(NULL, NULL));
    CU_ASSERT_PTR_NULL(rtgpu_gpu_load(NULL, NULL));
    CU_ASSERT_EQUAL(rtgpu_taskset_tasks(NULL), 0);
    CU_ASSERT_EQUAL(rtgpu_options_set_layout(NULL, RTGPU_LAYOUT_AUTO), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_objective(NULL, RTGPU_OBJECTIVE_MIN_SMS), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_time_limit(NULL, 1), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_budget(NULL, 1), -1);
    CU_ASSERT_EQUAL(rtgpu_options_set_margin(NULL, 0.2), -1);
    CU_ASSERT_PTR_NULL(rtgpu_analyse(NULL, NULL, NULL, NULL));
    rtgpu_gpu *gpu = rtgpu_gpu_load(RTX, NULL);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu);
    CU_ASSERT_PTR_NULL(rtgpu_analyse(NULL, gpu, NULL, NULL));
    /* analyse without a diagnostics list */
    rtgpu_taskset *ts = rtgpu_taskset_load(EXP4, NULL);
    CU_ASSERT_PTR_NULL(rtgpu_analyse(ts, NULL, NULL, NULL));
    rtgpu_result *r = rtgpu_analyse(ts, gpu, NULL, NULL);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_SCHEDULABLE);
    rtgpu_result_free(r);
    rtgpu_taskset_free(ts);
    rtgpu_gpu_free(gpu);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(NULL), RTGPU_VERDICT_UNDECIDED);
    CU_ASSERT_EQUAL(rtgpu_result_searched(NULL), 0);
    CU_ASSERT_EQUAL(rtgpu_result_partitions(NULL), 0);
    CU_ASSERT_PTR_NULL(rtgpu_result_partition_name(NULL, 0));
    CU_ASSERT_EQUAL(rtgpu_result_partition_sms(NULL, 0), -1);
    CU_ASSERT_EQUAL(rtgpu_result_tasks(NULL), 0);
    CU_ASSERT_PTR_NULL(rtgpu_result_task_name(NULL, 0));
    CU_ASSERT_EQUAL(rtgpu_result_task_partition(NULL, 0), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_wcrt_ns(NULL, 0), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_deadline_ns(NULL, 0), -1);
    CU_ASSERT_EQUAL(rtgpu_result_task_status(NULL, 0), RTGPU_TASK_UNDECIDED);
}

/* A whole system through the library (tests/data/good/system.xml on system-gpu.xml, the flows
 * worked by hand in tests/test_system_cli.c, test_system_analyse): verdict 0 as rtgpu-analyze;
 * detector end to end R = 14277866 ns, its six steps with their O, J and R (ns): core 1 (0,
 * 1000000, 3500000), h2d (1800000, 1700000, 3756832), P0 (2000000, 1756832, 7356832), d2h
 * (3250000, 4106832, 7377866), core 1 (3250000, 4127866, 10677866), P0 (3250000, 7427866,
 * 14277866); logger R = 1021034 over core 3 (R 1 ms) and d2h. No chain, no undecided reason. */
static void test_whole_system(void)
{
    rtgpu_diags *d = rtgpu_diags_new();
    rtgpu_taskset *ts = rtgpu_taskset_load("tests/data/good/system.xml", d);
    rtgpu_gpu *gpu = rtgpu_gpu_load("tests/data/good/system-gpu.xml", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, NULL, d);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_SCHEDULABLE);
    CU_ASSERT_EQUAL(rtgpu_diags_errors(d), 0);
    CU_ASSERT_PTR_NULL(rtgpu_result_undecided_reason(r));
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_tasks(r), 2);
    CU_ASSERT_EQUAL(rtgpu_result_task_wcrt_ns(r, 0), 14277866);
    CU_ASSERT_EQUAL(rtgpu_result_task_wcrt_ns(r, 1), 1021034);
    static const struct {
        rtgpu_step_kind kind;
        const char *res;
        int64_t o, j, rr;
    } want[6] = {
        { RTGPU_STEP_CPU, "core 1", 0, 1000000, 3500000 },
        { RTGPU_STEP_COPY, "h2d", 1800000, 1700000, 3756832 },
        { RTGPU_STEP_GPU, "P0", 2000000, 1756832, 7356832 },
        { RTGPU_STEP_COPY, "d2h", 3250000, 4106832, 7377866 },
        { RTGPU_STEP_CPU, "core 1", 3250000, 4127866, 10677866 },
        { RTGPU_STEP_GPU, "P0", 3250000, 7427866, 14277866 },
    };
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_task_steps(r, 0), 6);
    for (size_t k = 0; k < 6; k++) {
        CU_ASSERT_EQUAL(rtgpu_result_step_kind(r, 0, k), want[k].kind);
        CU_ASSERT_STRING_EQUAL(rtgpu_result_step_resource(r, 0, k), want[k].res);
        CU_ASSERT_EQUAL(rtgpu_result_step_offset_ns(r, 0, k), want[k].o);
        CU_ASSERT_EQUAL(rtgpu_result_step_jitter_ns(r, 0, k), want[k].j);
        CU_ASSERT_EQUAL(rtgpu_result_step_wcrt_ns(r, 0, k), want[k].rr);
    }
    CU_ASSERT_EQUAL(rtgpu_result_task_steps(r, 1), 2);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_step_resource(r, 1, 0), "core 3");
    CU_ASSERT_EQUAL(rtgpu_result_step_wcrt_ns(r, 1, 0), 1000000);
    CU_ASSERT_EQUAL(rtgpu_result_step_wcrt_ns(r, 1, 1), 1021034);
    CU_ASSERT_EQUAL(rtgpu_result_step_wcrt_ns(r, 1, 2), -1);      /* out of range */
    CU_ASSERT_PTR_NULL(rtgpu_result_step_resource(r, 2, 0));
    CU_ASSERT_EQUAL(rtgpu_result_chains(r), 0);
    rtgpu_result_free(r);
    rtgpu_gpu_free(gpu);
    rtgpu_taskset_free(ts);
    rtgpu_diags_free(d);
}

/* Chains through the library (tests/data/good/chain-gpu.xml, by hand in tests/test_chain_cli.c,
 * test_chain_json): ac-let's exact LET bound 91 ms for both metrics (let_exact), abc's implicit
 * bounds from Davare, both chains passing, verdict 0; a task set of GPU steps alone has no
 * steps. With a budget of 1 unit nothing is decided: UNDECIDED, and the reason says the budget
 * ran out in the worst-case window search. */
static void test_chains(void)
{
    rtgpu_diags *d = rtgpu_diags_new();
    rtgpu_taskset *ts = rtgpu_taskset_load("tests/data/good/chain-gpu.xml", d);
    rtgpu_gpu *gpu = rtgpu_gpu_load("tests/data/good/gpu.xml", d);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(gpu);
    rtgpu_result *r = rtgpu_analyse(ts, gpu, NULL, d);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_SCHEDULABLE);
    CU_ASSERT_EQUAL_FATAL(rtgpu_result_chains(r), 2);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_chain_name(r, 0), "abc");
    CU_ASSERT_STRING_EQUAL(rtgpu_result_chain_reaction_analysis(r, 0), "davare");
    /* Davare: (10 + R_a) + (20 + R_b) + (40 + R_c) ms, from the library's own R */
    int64_t davare = 70000000 + rtgpu_result_task_wcrt_ns(r, 0) + rtgpu_result_task_wcrt_ns(r, 1) +
                     rtgpu_result_task_wcrt_ns(r, 2);
    CU_ASSERT_EQUAL(rtgpu_result_chain_reaction_ns(r, 0), davare);
    CU_ASSERT_EQUAL(rtgpu_result_chain_age_ns(r, 0), davare);
    CU_ASSERT_EQUAL(rtgpu_result_chain_status(r, 0), RTGPU_CHAIN_PASSES);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_chain_name(r, 1), "ac-let");
    CU_ASSERT_EQUAL(rtgpu_result_chain_reaction_ns(r, 1), 91000000);
    CU_ASSERT_EQUAL(rtgpu_result_chain_age_ns(r, 1), 91000000);
    CU_ASSERT_STRING_EQUAL(rtgpu_result_chain_age_analysis(r, 1), "let_exact");
    CU_ASSERT_EQUAL(rtgpu_result_chain_status(r, 1), RTGPU_CHAIN_PASSES);
    CU_ASSERT_EQUAL(rtgpu_result_task_steps(r, 0), 0);
    CU_ASSERT_PTR_NULL(rtgpu_result_chain_name(r, 2));
    CU_ASSERT_EQUAL(rtgpu_result_chain_status(r, 2), RTGPU_CHAIN_UNDECIDED);
    rtgpu_result_free(r);
    rtgpu_options *o = rtgpu_options_new();
    CU_ASSERT_EQUAL(rtgpu_options_set_budget(o, 1), 0);
    r = rtgpu_analyse(ts, gpu, o, d);
    CU_ASSERT_EQUAL(rtgpu_result_verdict(r), RTGPU_VERDICT_UNDECIDED);
    const char *why = rtgpu_result_undecided_reason(r);
    CU_ASSERT_PTR_NOT_NULL(why && strstr(why, "the work budget of 1 units (--budget) ran out in "
                                              "the worst-case window search"));
    rtgpu_result_free(r);
    rtgpu_options_free(o);
    rtgpu_gpu_free(gpu);
    rtgpu_taskset_free(ts);
    rtgpu_diags_free(d);
}

void test_api_register(void)
{
    CU_pSuite s = CU_add_suite("api", NULL, NULL);
    CU_add_test(s, "bad file: located diagnostics as strings", test_bad_file_diagnostics);
    CU_add_test(s, "exp4: figures of the hand calculation, verdict of the CLI",
                test_exp4_figures_and_cli);
    CU_add_test(s, "interference miss: verdict of the CLI", test_miss_and_cli);
    CU_add_test(s, "options: search, budget, margin as the CLI's", test_options_match_cli);
    CU_add_test(s, "option ranges", test_option_ranges);
    CU_add_test(s, "layout given without partitions: invalid", test_given_without_partitions);
    CU_add_test(s, "NULL safety and free paths", test_null_safety);
    CU_add_test(s, "a whole system: its flows by hand, the CLI's verdict", test_whole_system);
    CU_add_test(s, "chains: their bounds by hand, the budget's reason", test_chains);
}
