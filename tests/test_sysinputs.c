/* Tests for the inputs of whole systems (docs/formats.md secs. 4 and 5): <cpu> and <copy-engine>
 * in the GPU file, the steps of a task, the exact copy WCET, the cross-file checks, the copy and
 * free of the steps and their round trip through taskset_write. Expected values are read off
 * tests/data/good/system.xml and system-gpu.xml by hand (lines counted in them). */
#include <CUnit/CUnit.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/inputs.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"
#include "taskset/taskset_write.h"

#define SYS_TS "tests/data/good/system.xml"
#define SYS_GPU "tests/data/good/system-gpu.xml"

static rt_taskset *load_ts(const char *path)
{
    rt_diags *d = rt_diag_new(100);
    rt_taskset *ts = rt_taskset_load(path, d);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
    return ts;
}

static rt_gpu *load_gpu(const char *path)
{
    rt_diags *d = rt_diag_new(100);
    rt_gpu *g = rt_gpu_load(path, d);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    rt_diag_free(d);
    return g;
}

static void test_gpu_platform(void)
{
    rt_gpu *g = load_gpu(SYS_GPU);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT(g->has_cpu);
    CU_ASSERT_EQUAL(g->cpu_cores, 4);
    CU_ASSERT_STRING_EQUAL(g->cpu_name, "Cortex-A78AE");
    CU_ASSERT_EQUAL_FATAL(g->n_engines, 3);
    const rt_copy_engine *e = g->engines;
    /* <copy-engine name="h2d" gbps="25" setup="8us"/>, line 7, fifo by default */
    CU_ASSERT_STRING_EQUAL(e[0].name, "h2d");
    CU_ASSERT_EQUAL(e[0].line, 7);
    CU_ASSERT(e[0].gbps_num == 25 && e[0].gbps_den == 1);
    CU_ASSERT_EQUAL(e[0].setup_ns, 8000);
    CU_ASSERT(e[0].fifo);
    /* <copy-engine name="d2h" gbps="3" setup="1us" policy="priority"/> */
    CU_ASSERT_STRING_EQUAL(e[1].name, "d2h");
    CU_ASSERT(e[1].gbps_num == 3 && e[1].gbps_den == 1);
    CU_ASSERT_EQUAL(e[1].setup_ns, 1000);
    CU_ASSERT(!e[1].fifo);
    /* gbps="12.5" = 125/10 = 25/2 in lowest terms; no setup: 0 */
    CU_ASSERT_STRING_EQUAL(e[2].name, "pcie");
    CU_ASSERT(e[2].gbps_num == 25 && e[2].gbps_den == 2);
    CU_ASSERT_EQUAL(e[2].setup_ns, 0);
    CU_ASSERT(e[2].fifo);
    CU_ASSERT_EQUAL(rt_gpu_find_engine(g, "d2h"), 1);
    CU_ASSERT_EQUAL(rt_gpu_find_engine(g, "D2H"), -1);
    rt_gpu_free(g);

    /* A GPU file without them: no CPU, no engines. */
    g = load_gpu("tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT(!g->has_cpu);
    CU_ASSERT_EQUAL(g->cpu_cores, 0);
    CU_ASSERT_PTR_NULL(g->cpu_name);
    CU_ASSERT_EQUAL(g->n_engines, 0);
    CU_ASSERT_PTR_NULL(g->engines);
    CU_ASSERT_EQUAL(rt_gpu_find_engine(g, "h2d"), -1);
    rt_gpu_free(g);
}

static void expect_step(const rt_step *s, rt_step_kind kind, long line, int64_t bcet,
                        bool has_prio, int64_t prio)
{
    CU_ASSERT_EQUAL(s->kind, kind);
    CU_ASSERT_EQUAL(s->line, line);
    CU_ASSERT_EQUAL(s->bcet_ns, bcet);
    CU_ASSERT_EQUAL(s->has_priority, has_prio);
    if (has_prio)
        CU_ASSERT_EQUAL(s->priority, prio);
}

static void test_steps(void)
{
    rt_taskset *ts = load_ts(SYS_TS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT(rt_taskset_has_system_steps(ts));
    CU_ASSERT_EQUAL_FATAL(ts->n_tasks, 2);
    const rt_task *t = &ts->tasks[0];
    CU_ASSERT_EQUAL_FATAL(t->n_steps, 6);
    const rt_step *s = t->steps;
    /* line 6: <cpu core="1" wcet="2.5ms" bcet="1.8ms"/> */
    expect_step(&s[0], RT_STEP_CPU, 6, 1800000, false, 0);
    CU_ASSERT_EQUAL(s[0].core, 1);
    CU_ASSERT_EQUAL(s[0].wcet_ns, 2500000);
    CU_ASSERT_PTR_NULL(s[0].engine);
    /* line 7: <copy engine="h2d" bytes="6220800" bcet="200us"/> */
    expect_step(&s[1], RT_STEP_COPY, 7, 200000, false, 0);
    CU_ASSERT_STRING_EQUAL(s[1].engine, "h2d");
    CU_ASSERT(s[1].has_bytes && !s[1].has_time);
    CU_ASSERT_EQUAL(s[1].bytes, 6220800);
    /* lines 8-9: two runs, one GPU step, bcet 1ms + 0.25ms */
    expect_step(&s[2], RT_STEP_GPU, 8, 1250000, false, 0);
    CU_ASSERT(s[2].first_run == 0 && s[2].n_runs == 2);
    /* line 10: <copy engine="d2h" bytes="100" priority="1"/> */
    expect_step(&s[3], RT_STEP_COPY, 10, 0, true, 1);
    CU_ASSERT_STRING_EQUAL(s[3].engine, "d2h");
    CU_ASSERT_EQUAL(s[3].bytes, 100);
    /* line 11: <cpu core="1" wcet="0.8ms" priority="3"/> */
    expect_step(&s[4], RT_STEP_CPU, 11, 0, true, 3);
    CU_ASSERT_EQUAL(s[4].wcet_ns, 800000);
    /* line 12: a second GPU step of one run, priority 4 */
    expect_step(&s[5], RT_STEP_GPU, 12, 0, true, 4);
    CU_ASSERT(s[5].first_run == 2 && s[5].n_runs == 1);
    /* the launches as before: every run of the task, in order */
    CU_ASSERT_EQUAL_FATAL(t->n_runs, 3);
    CU_ASSERT(t->runs[0] == 0 && t->runs[1] == 1 && t->runs[2] == 1);
    CU_ASSERT(t->run_lines[0] == 8 && t->run_lines[1] == 9 && t->run_lines[2] == 12);
    CU_ASSERT(t->run_bcet_ns[0] == 1000000 && t->run_bcet_ns[1] == 250000 &&
              t->run_bcet_ns[2] == 0);

    /* logger: a CPU task, no launch, in no partition */
    t = &ts->tasks[1];
    CU_ASSERT_EQUAL(t->n_runs, 0);
    CU_ASSERT_EQUAL_FATAL(t->n_steps, 2);
    expect_step(&t->steps[0], RT_STEP_CPU, 15, 0, false, 0);
    CU_ASSERT_EQUAL(t->steps[0].core, 3);
    CU_ASSERT_EQUAL(t->steps[0].wcet_ns, 1000000);
    expect_step(&t->steps[1], RT_STEP_COPY, 16, 0, false, 0);
    CU_ASSERT(t->steps[1].has_time && !t->steps[1].has_bytes);
    CU_ASSERT_EQUAL(t->steps[1].time_ns, 20000);
    CU_ASSERT_EQUAL_FATAL(ts->n_partitions, 1);
    CU_ASSERT_EQUAL(ts->partitions[0].n_tasks, 1);

    rt_gpu *g = load_gpu(SYS_GPU);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    rt_diags *d = rt_diag_new(100);
    CU_ASSERT_EQUAL(rt_inputs_check(ts, g, d), 0);
    rt_diag_free(d);
    rt_gpu_free(g);
    rt_taskset_free(ts);

    /* A task of runs only: exactly one GPU step over all its runs; not a whole system. */
    ts = load_ts("tests/data/good/taskset.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT(!rt_taskset_has_system_steps(ts));
    CU_ASSERT_EQUAL_FATAL(ts->tasks[0].n_steps, 1);
    expect_step(&ts->tasks[0].steps[0], RT_STEP_GPU, 12, 0, false, 0);
    CU_ASSERT(ts->tasks[0].steps[0].first_run == 0 && ts->tasks[0].steps[0].n_runs == 1);
    CU_ASSERT_EQUAL(ts->tasks[0].run_bcet_ns[0], 0);
    rt_taskset_free(ts);
}

static void test_copy_wcet(void)
{
    rt_copy_engine h2d = {NULL, 0, 25, 1, 8000, true};
    rt_copy_engine d2h = {NULL, 0, 3, 1, 1000, true};
    rt_copy_engine pcie = {NULL, 0, 25, 2, 0, true};      /* 12.5 GB/s */
    rt_copy_engine slow = {NULL, 0, 3, 10, 0, true};      /* 0.3 GB/s */
    rt_step st = {.kind = RT_STEP_COPY, .has_bytes = true, .bytes = 6220800};
    int64_t ns = -1;
    /* 6220800 bytes at 25 GB/s = 248832 ns exactly, + setup 8000 ns */
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&h2d, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 256832);
    /* 100 bytes at 3 GB/s = 33.33 ns, rounded up to 34, + setup 1000 ns */
    st.bytes = 100;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&d2h, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 1034);
    /* 100 bytes at 12.5 GB/s = 8 ns exactly; 101 bytes = 8.08 ns, rounded up to 9 */
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&pcie, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 8);
    st.bytes = 101;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&pcie, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 9);
    /* 1 byte at 0.3 GB/s = 3.33 ns: 4 (a double would give 1 / 0.3 = 3.3333333333333335) */
    st.bytes = 1;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&slow, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 4);
    /* 3 bytes at 0.3 GB/s = 10 ns exactly (3 / 0.3 in doubles is 10.000000000000002: 11) */
    st.bytes = 3;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&slow, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, 10);
    /* 2^63 - 1 bytes: times 2 (12.5 = 25/2) leaves int64; at 25 GB/s the setup sum fits */
    st.bytes = INT64_MAX;
    ns = 7;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&pcie, &st, &ns), -1);
    CU_ASSERT_EQUAL(ns, 7);
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&h2d, &st, &ns), 0);
    CU_ASSERT_EQUAL(ns, INT64_MAX / 25 + 1 + 8000);   /* 2^63 - 1 = 7 mod 25: rounded up */
    /* the setup pushing the sum out of int64 */
    rt_copy_engine late = {NULL, 0, 1, 1, INT64_MAX, true};
    st.bytes = 1;
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&late, &st, &ns), -1);
    /* given time: the engine is not needed */
    rt_step timed = {.kind = RT_STEP_COPY, .has_time = true, .time_ns = 20000};
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(NULL, &timed, &ns), 0);
    CU_ASSERT_EQUAL(ns, 20000);
    /* not a copy, or bytes without an engine */
    rt_step cpu = {.kind = RT_STEP_CPU, .wcet_ns = 5};
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(&h2d, &cpu, &ns), -1);
    CU_ASSERT_EQUAL(rt_inputs_copy_wcet_ns(NULL, &st, &ns), -1);
}

/* Field-by-field equality of two tasks' launches and steps (owned pointers distinct). */
static void expect_same_task(const rt_task *a, const rt_task *b, bool distinct)
{
    CU_ASSERT_STRING_EQUAL(a->name, b->name);
    CU_ASSERT_EQUAL(a->line, b->line);
    CU_ASSERT_EQUAL_FATAL(a->n_runs, b->n_runs);
    CU_ASSERT_EQUAL_FATAL(a->n_steps, b->n_steps);
    for (size_t r = 0; r < a->n_runs; r++) {
        CU_ASSERT_EQUAL(a->runs[r], b->runs[r]);
        CU_ASSERT_EQUAL(a->run_lines[r], b->run_lines[r]);
        CU_ASSERT_EQUAL(a->run_bcet_ns[r], b->run_bcet_ns[r]);
    }
    for (size_t s = 0; s < a->n_steps; s++) {
        const rt_step *x = &a->steps[s], *y = &b->steps[s];
        CU_ASSERT(x->kind == y->kind && x->line == y->line && x->core == y->core);
        CU_ASSERT(x->has_bytes == y->has_bytes && x->bytes == y->bytes);
        CU_ASSERT(x->has_time == y->has_time && x->time_ns == y->time_ns);
        CU_ASSERT(x->wcet_ns == y->wcet_ns && x->bcet_ns == y->bcet_ns);
        CU_ASSERT(x->has_priority == y->has_priority && x->priority == y->priority);
        CU_ASSERT(x->first_run == y->first_run && x->n_runs == y->n_runs);
        CU_ASSERT_EQUAL(x->engine == NULL, y->engine == NULL);
        if (x->engine && y->engine) {
            CU_ASSERT_STRING_EQUAL(x->engine, y->engine);
            if (distinct)
                CU_ASSERT_PTR_NOT_EQUAL(x->engine, y->engine);
        }
    }
    if (distinct && a->n_steps)
        CU_ASSERT_PTR_NOT_EQUAL(a->steps, b->steps);
}

static void test_copy_free(void)
{
    rt_taskset *ts = load_ts(SYS_TS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    rt_taskset *cp = rt_taskset_copy(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cp);
    for (size_t i = 0; i < ts->n_tasks; i++)
        expect_same_task(&ts->tasks[i], &cp->tasks[i], true);
    rt_taskset_free(ts);
    /* the copy outlives the original: nothing shared */
    CU_ASSERT_STRING_EQUAL(cp->tasks[0].steps[1].engine, "h2d");
    rt_taskset_free(cp);
}

/* load -> taskset_write (priorities and a partition set) -> load gives the same steps. */
static void test_round_trip(void)
{
    rt_taskset *ts = load_ts(SYS_TS);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    rt_diags *d = rt_diag_new(10);
    int64_t prio[2] = {2, 5};   /* the file's own */
    rt_partition_out parts[1] = {{"all", 0, 30, (size_t[]){0}, 1}};
    char *out = NULL;
    size_t len = 0;
    CU_ASSERT_EQUAL_FATAL(rt_taskset_write_layout(ts, prio, parts, 1, "layout", &out, &len, d),
                          0);
    char path[] = "/tmp/rtgpu-sysinputs-XXXXXX";
    int fd = mkstemp(path);
    CU_ASSERT_FATAL(fd >= 0);
    CU_ASSERT_EQUAL(write(fd, out, len), (ssize_t)len);
    close(fd);
    free(out);
    rt_taskset *back = load_ts(path);
    unlink(path);
    CU_ASSERT_PTR_NOT_NULL_FATAL(back);
    CU_ASSERT_EQUAL_FATAL(back->n_tasks, ts->n_tasks);
    for (size_t i = 0; i < ts->n_tasks; i++) {
        expect_same_task(&ts->tasks[i], &back->tasks[i], false);
        CU_ASSERT_EQUAL(back->tasks[i].priority, prio[i]);
    }
    CU_ASSERT_EQUAL_FATAL(back->n_partitions, 1);
    CU_ASSERT_STRING_EQUAL(back->partitions[0].name, "all");
    rt_taskset_free(back);
    rt_taskset_free(ts);
    rt_diag_free(d);
}

/* The warnings of a task its steps alone make miss: a CPU step of 120 ms in a task of deadline
 * 100 ms (warned at the step's line 5); a CPU step of 60 ms and a copy of 50 ms, each shorter
 * than 100 ms, 110 ms in sum (warned at the task's line 4). */
static const char *steps_warning(const char *steps, long *line)
{
    static char msg[400];
    char path[64], text[800];
    snprintf(path, sizeof path, "/tmp/rtgpu-steps-%ld.xml", (long)getpid());
    snprintf(text, sizeof text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<taskset name=\"steps\">\n  <kernel name=\"K\" time=\"1ms\" bw-gbps=\"10\" kai=\"0.05\"/>\n"
             "  <task name=\"logger\" period=\"100ms\" "
             "priority=\"5\">\n%s  </task>\n</taskset>\n", steps);
    FILE *f = fopen(path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(f);
    fputs(text, f);
    fclose(f);
    rt_taskset *ts = load_ts(path);
    rt_gpu *g = load_gpu(SYS_GPU);
    rt_diags *d = rt_diag_new(100);
    msg[0] = '\0';
    *line = 0;
    if (ts && g) {
        CU_ASSERT_EQUAL(rt_inputs_check(ts, g, d), 0);
        for (size_t i = 0; i < rt_diag_count(d); i++)
            if (rt_diag_get(d, i)->kind == RT_DIAG_WARNING && strstr(rt_diag_get(d, i)->msg, "alone")) {
                snprintf(msg, sizeof msg, "%s", rt_diag_get(d, i)->msg);
                *line = rt_diag_get(d, i)->line;
            }
    }
    rt_diag_free(d);
    rt_gpu_free(g);
    rt_taskset_free(ts);
    unlink(path);
    return msg;
}

static void test_steps_vs_task(void)
{
    long line;
    CU_ASSERT_STRING_EQUAL(steps_warning("    <cpu core=\"3\" wcet=\"120ms\"/>\n", &line),
                           "task \"logger\": its cpu step takes 120 ms alone, longer than the "
                           "task's deadline of 100 ms: the analysis finds the task missing it "
                           "whatever the layout");
    CU_ASSERT_EQUAL(line, 5);
    CU_ASSERT_STRING_EQUAL(steps_warning("    <cpu core=\"3\" wcet=\"60ms\"/>\n"
                                         "    <copy engine=\"d2h\" time=\"50ms\"/>\n", &line),
                           "task \"logger\": its 2 steps take 110 ms in sum alone, longer than "
                           "the task's deadline of 100 ms: the analysis finds the task missing "
                           "it whatever the layout");
    CU_ASSERT_EQUAL(line, 4);
    CU_ASSERT_STRING_EQUAL(steps_warning("    <cpu core=\"3\" wcet=\"60ms\"/>\n"
                                         "    <copy engine=\"d2h\" time=\"40ms\"/>\n", &line),
                           "");                     /* 100 ms in sum: not longer */
}

/* A GPU file with neither <cpu> nor <copy-engine>: one error per missing resource, at the first
 * step that needs it, listing the others (system.xml: cpu steps at lines 6, 11 and 15; copies at
 * 7 on h2d, 10 and 16 on d2h), not one error per step. */
static void test_one_error_per_cause(void)
{
    rt_taskset *ts = load_ts(SYS_TS);
    rt_gpu *g = load_gpu("tests/data/good/gpu.xml");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    rt_diags *d = rt_diag_new(100);
    CU_ASSERT_NOT_EQUAL(rt_inputs_check(ts, g, d), 0);
    CU_ASSERT_EQUAL_FATAL(rt_diag_errors(d), 2);
    CU_ASSERT_EQUAL(rt_diag_get(d, 0)->line, 6);
    CU_ASSERT_STRING_EQUAL(rt_diag_get(d, 0)->msg, "task \"detector\": cpu step on core 1, but "
                           "the GPU file tests/data/good/gpu.xml has no <cpu> (add <cpu "
                           "cores=\"N\"/> to it); 2 more cpu steps need it too: lines 11 and 15");
    CU_ASSERT_EQUAL(rt_diag_get(d, 1)->line, 7);
    CU_ASSERT_STRING_EQUAL(rt_diag_get(d, 1)->msg, "task \"detector\": copy on engine \"h2d\", "
                           "but the GPU file tests/data/good/gpu.xml has no <copy-engine> (add "
                           "one named so, e.g. <copy-engine name=\"h2d\" gbps=\"25\" "
                           "setup=\"8us\"/>); 2 more copies need it too: lines 10 (engine "
                           "\"d2h\") and 16 (engine \"d2h\")");
    rt_diag_free(d);
    rt_gpu_free(g);
    rt_taskset_free(ts);
}

void test_sysinputs_register(void);
void test_sysinputs_register(void)
{
    CU_pSuite s = CU_add_suite("sysinputs (whole-system inputs)", NULL, NULL);
    CU_add_test(s, "GPU file: <cpu> and <copy-engine>", test_gpu_platform);
    CU_add_test(s, "task set: steps, GPU steps, CPU tasks", test_steps);
    CU_add_test(s, "exact copy WCET", test_copy_wcet);
    CU_add_test(s, "copy and free of the steps", test_copy_free);
    CU_add_test(s, "round trip through taskset_write", test_round_trip);
    CU_add_test(s, "steps that alone miss the deadline are warned", test_steps_vs_task);
    CU_add_test(s, "no <cpu>, no engines: one error per cause", test_one_error_per_cause);
}
