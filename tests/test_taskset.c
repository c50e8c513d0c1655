/* Tests for taskset/taskset_load: records, defaults and located messages, read from files in
 * tests/data (expected values read off the files by hand; line numbers counted in them). */
#include <CUnit/CUnit.h>
#include <string.h>

#include "taskset/taskset.h"
#include "taskset/taskset_load.h"
#include "util/sha256.h"

/* The i-th diagnostic, checked for kind error, line and exact text. */
static void expect_diag(const rt_diags *d, size_t i, long line, const char *msg)
{
    const rt_diag *g = rt_diag_get(d, i);
    CU_ASSERT_PTR_NOT_NULL_FATAL(g);
    CU_ASSERT_EQUAL(g->kind, RT_DIAG_ERROR);
    CU_ASSERT_EQUAL(g->line, line);
    CU_ASSERT_STRING_EQUAL(g->msg, msg);
}

/* Load a file expected to fail; returns its diagnostics (caller frees). */
static rt_diags *load_bad(const char *path)
{
    rt_diags *d = rt_diag_new(100);
    rt_taskset *ts = rt_taskset_load(path, d);
    CU_ASSERT_PTR_NULL(ts);
    CU_ASSERT(rt_diag_errors(d) > 0);
    rt_taskset_free(ts);
    return d;
}

/* The example of docs/formats.md sec. 5, verbatim. */
static void test_formats_example(void)
{
    rt_diags *d = rt_diag_new(100);
    rt_taskset *ts = rt_taskset_load("tests/data/good/taskset.xml", d);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_STRING_EQUAL(ts->path, "tests/data/good/taskset.xml");
    CU_ASSERT_STRING_EQUAL(ts->name, "paper-exp4");
    CU_ASSERT_EQUAL_FATAL(ts->n_kernels, 1);
    const rt_kernel *k = &ts->kernels[0];
    CU_ASSERT_STRING_EQUAL(k->name, "COPY");
    CU_ASSERT_EQUAL(k->line, 4);
    CU_ASSERT(k->has_time && !k->has_cycles);
    CU_ASSERT_EQUAL(k->time_ns, 271000.0);   /* 0.271 ms */
    CU_ASSERT_EQUAL(k->bw_gbps, 250.33);
    CU_ASSERT(k->has_kai && !k->has_instructions && !k->has_l2_accesses);
    CU_ASSERT_EQUAL(k->kai, 0.064);
    CU_ASSERT(k->has_launch);
    CU_ASSERT_EQUAL(k->launch.grid[0], 81920);
    CU_ASSERT_EQUAL(k->launch.grid[1], 1);
    CU_ASSERT_EQUAL(k->launch.grid[2], 1);
    CU_ASSERT_EQUAL(k->launch.block[0], 128);
    CU_ASSERT_EQUAL(k->launch.block[1], 1);
    CU_ASSERT_EQUAL(k->launch.registers, 16);
    CU_ASSERT_EQUAL(k->launch.shared_memory, 0);
    CU_ASSERT_EQUAL_FATAL(k->n_measured, 1);
    CU_ASSERT_EQUAL(k->measured[0].sms, 15);
    CU_ASSERT_EQUAL(k->measured[0].cycles, 369915.0);
    CU_ASSERT_EQUAL(k->measured[0].bw_gbps, 250.33);
    CU_ASSERT_EQUAL(k->measured[0].line, 8);

    CU_ASSERT_EQUAL_FATAL(ts->n_tasks, 1);
    const rt_task *t = &ts->tasks[0];
    CU_ASSERT_STRING_EQUAL(t->name, "copy");
    CU_ASSERT_EQUAL(t->line, 10);
    CU_ASSERT_EQUAL(t->period_ns, 2000000);
    CU_ASSERT_EQUAL(t->deadline_ns, 2000000);
    CU_ASSERT_EQUAL(t->jitter_ns, 0);
    CU_ASSERT(t->has_priority);
    CU_ASSERT_EQUAL(t->priority, 1);
    CU_ASSERT_EQUAL_FATAL(t->n_runs, 1);
    CU_ASSERT_EQUAL(t->runs[0], 0);
    CU_ASSERT_EQUAL(t->run_lines[0], 12);

    CU_ASSERT_EQUAL_FATAL(ts->n_partitions, 1);
    const rt_partition *p = &ts->partitions[0];
    CU_ASSERT_STRING_EQUAL(p->name, "P0");
    CU_ASSERT_EQUAL(p->line, 15);
    CU_ASSERT_EQUAL(p->sms, 15);
    CU_ASSERT(!p->has_first_sm);
    CU_ASSERT_EQUAL(p->first_sm, 0);   /* packed: the first partition starts at SM 0 */
    CU_ASSERT_EQUAL_FATAL(p->n_tasks, 1);
    CU_ASSERT_EQUAL(p->tasks[0], 0);

    /* coreutils: sha256sum tests/data/good/taskset.xml */
    char hex[65];
    rt_sha256_hex(ts->sha256, hex);
    CU_ASSERT_STRING_EQUAL(hex, "33cb6caf5ed6ee505186ed2fec21c0b3472ad4f58fc60342e260a6beff332013");

    CU_ASSERT_EQUAL(rt_taskset_find_kernel(ts, "COPY"), 0);
    CU_ASSERT_EQUAL(rt_taskset_find_kernel(ts, "copy"), -1);
    CU_ASSERT_EQUAL(rt_taskset_find_task(ts, "copy"), 0);
    CU_ASSERT_EQUAL(rt_taskset_find_task(ts, "COPY"), -1);
    rt_taskset_free(ts);
    rt_diag_free(d);
}

/* Defaults, packing, instructions, multi-line tags: tests/data/good/taskset-full.xml. */
static void test_full(void)
{
    rt_diags *d = rt_diag_new(100);
    rt_taskset *ts = rt_taskset_load("tests/data/good/taskset-full.xml", d);
    CU_ASSERT_EQUAL(rt_diag_errors(d), 0);
    CU_ASSERT_PTR_NOT_NULL_FATAL(ts);
    CU_ASSERT_STRING_EQUAL(ts->name, "taskset-full");   /* no name: the file's base name */
    CU_ASSERT_EQUAL_FATAL(ts->n_kernels, 2);
    const rt_kernel *v = &ts->kernels[0], *s = &ts->kernels[1];
    CU_ASSERT_EQUAL(v->line, 3);   /* the start tag spans lines 3-4; its '<' is on line 3 */
    CU_ASSERT(v->has_cycles && !v->has_time);
    CU_ASSERT_EQUAL(v->cycles, 120000.0);
    CU_ASSERT(!v->has_kai && v->has_instructions && v->has_l2_accesses);
    CU_ASSERT_EQUAL(v->instructions, 5e6);
    CU_ASSERT_EQUAL(v->l2_accesses, 2.5e6);
    CU_ASSERT(!v->has_launch);
    CU_ASSERT_EQUAL(v->n_measured, 0);
    CU_ASSERT(s->has_time);
    CU_ASSERT_EQUAL(s->time_ns, 50500.0);   /* 50.5 us */
    CU_ASSERT_EQUAL(s->bw_gbps, 0.0);
    CU_ASSERT(s->has_kai && s->has_l2_accesses);
    CU_ASSERT_EQUAL(s->kai, 0.0);
    CU_ASSERT_EQUAL(s->l2_accesses, 1000.0);
    CU_ASSERT(s->has_launch);
    CU_ASSERT_EQUAL(s->launch.grid[0], 32);
    CU_ASSERT_EQUAL(s->launch.grid[1], 8);
    CU_ASSERT_EQUAL(s->launch.grid[2], 1);
    CU_ASSERT_EQUAL(s->launch.block[0], 16);
    CU_ASSERT_EQUAL(s->launch.block[1], 16);
    CU_ASSERT_EQUAL(s->launch.block[2], 2);
    CU_ASSERT_EQUAL(s->launch.registers, -1);      /* not given */
    CU_ASSERT_EQUAL(s->launch.shared_memory, -1);
    CU_ASSERT_EQUAL_FATAL(s->n_measured, 2);
    CU_ASSERT_EQUAL(s->measured[0].sms, 5);
    CU_ASSERT_EQUAL(s->measured[0].cycles, 1e5);
    CU_ASSERT_EQUAL(s->measured[1].sms, 10);
    CU_ASSERT_EQUAL(s->measured[1].line, 8);

    CU_ASSERT_EQUAL_FATAL(ts->n_tasks, 3);
    const rt_task *a = &ts->tasks[0], *b = &ts->tasks[1], *c = &ts->tasks[2];
    CU_ASSERT_EQUAL(a->period_ns, 1000000);
    CU_ASSERT_EQUAL(a->deadline_ns, 1000000);   /* default: deadline = period */
    CU_ASSERT_EQUAL(a->jitter_ns, 0);           /* default jitter */
    CU_ASSERT(!a->has_priority);
    CU_ASSERT_EQUAL_FATAL(a->n_runs, 3);
    CU_ASSERT_EQUAL(a->runs[0], 0);
    CU_ASSERT_EQUAL(a->runs[1], 1);
    CU_ASSERT_EQUAL(a->runs[2], 0);
    CU_ASSERT_EQUAL(a->run_lines[0], 11);
    CU_ASSERT_EQUAL(a->run_lines[1], 12);
    CU_ASSERT_EQUAL(a->run_lines[2], 13);       /* "<run" on 13, its '/>' on 14 */
    CU_ASSERT_EQUAL(b->period_ns, 2500000);
    CU_ASSERT_EQUAL(b->deadline_ns, 2000000);
    CU_ASSERT_EQUAL(b->jitter_ns, 10000);
    CU_ASSERT_EQUAL(c->period_ns, 3);           /* 0.000000003 s */
    CU_ASSERT_EQUAL(c->deadline_ns, 3);

    CU_ASSERT_EQUAL_FATAL(ts->n_partitions, 4);
    const rt_partition *p = ts->partitions;
    /* packing in file order: P0 at 0 (4 SMs, ends at 4); P1 given at 10 (ends at 16);
     * P2 after P1's end: 16 (ends at 18); EMPTY after P2: 18 */
    CU_ASSERT_EQUAL(p[0].first_sm, 0);
    CU_ASSERT(!p[0].has_first_sm);
    CU_ASSERT_EQUAL(p[1].first_sm, 10);
    CU_ASSERT(p[1].has_first_sm);
    CU_ASSERT_EQUAL(p[2].first_sm, 16);
    CU_ASSERT_EQUAL(p[3].first_sm, 18);
    CU_ASSERT_EQUAL(p[3].sms, 4);
    CU_ASSERT_EQUAL(p[3].n_tasks, 0);
    CU_ASSERT_EQUAL_FATAL(p[0].n_tasks, 1);
    CU_ASSERT_EQUAL(p[0].tasks[0], 1);   /* b */
    CU_ASSERT_EQUAL(p[1].tasks[0], 0);   /* a */
    CU_ASSERT_EQUAL(p[2].tasks[0], 2);   /* c */
    rt_taskset_free(ts);
    rt_diag_free(d);
}

/* All semantic errors of one file are reported, in file order, each with its line. */
static void test_all_errors(void)
{
    rt_diags *d = load_bad("tests/data/multi-errors.xml");
    CU_ASSERT_EQUAL_FATAL(rt_diag_errors(d), 6);
    expect_diag(d, 0, 3, "kernel \"K\": time \"10\" has no unit (expected e.g. 10ms)");
    expect_diag(d, 1, 3, "kernel \"K\": bw-gbps \"-1\" must not be negative");
    expect_diag(d, 2, 4, "kernel \"K\" is defined twice (first at line 3)");
    expect_diag(d, 3, 5, "task \"t1\": period \"1.5ns\" is not a whole number of nanoseconds "
                         "(nearest safe value: 1ns, rounded down: a shorter period is the safe side)");
    expect_diag(d, 4, 6, "task \"t1\": run kernel \"NOPE\" does not name a kernel");
    expect_diag(d, 5, 8, "task \"t2\" has no priority, but task \"t1\" has one (give priority on "
                         "every task or on none)");
    CU_ASSERT_STRING_EQUAL(rt_diag_get(d, 0)->file, "tests/data/multi-errors.xml");
    rt_diag_free(d);
}

/* A selection of one-defect files with their exact messages (the whole corpus is run through
 * the CLI by test_badinput). */
static void test_bad_messages(void)
{
    static const struct { const char *file; long line; const char *msg; } cases[] = {
        {"period-no-unit.xml", 8,
         "task \"cam\": period \"10\" has no unit (expected e.g. 10ms)"},
        {"kernel-duplicate-name.xml", 7, "kernel \"COPY\" is defined twice (first at line 3)"},
        {"partition-overlap.xml", 17,
         "partition \"P1\" (SMs 10..23) overlaps partition \"P0\" (SMs 0..15)"},
        {"partition-missing-task.xml", 11, "task \"lidar\" is in no partition (when partitions "
                                           "are given, every task must be in exactly one)"},
        {"taskref-dangling.xml", 19, "partition \"P1\": task-ref \"radar\" does not name a task"},
        {"measured-duplicate.xml", 6,
         "kernel \"COPY\": measured sms \"10\" is given twice (first at line 5)"},
        {"doctype.xml", 2, "a DOCTYPE is not allowed (DTDs and entity declarations are rejected)"},
        {"empty.xml", 0, "file is empty"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[200];
        snprintf(path, sizeof path, "tests/data/bad/%s", cases[i].file);
        rt_diags *d = load_bad(path);
        CU_ASSERT_EQUAL(rt_diag_errors(d), 1);
        expect_diag(d, 0, cases[i].line, cases[i].msg);
        rt_diag_free(d);
    }
}

static void test_missing_file(void)
{
    rt_diags *d = load_bad("tests/data/does-not-exist.xml");
    expect_diag(d, 0, 0, "cannot open file: No such file or directory");
    rt_diag_free(d);
    rt_taskset_free(NULL);   /* a no-op */
}

void test_taskset_register(void);
void test_taskset_register(void)
{
    CU_pSuite s = CU_add_suite("taskset", NULL, NULL);
    CU_add_test(s, "docs/formats.md sec. 5 example", test_formats_example);
    CU_add_test(s, "defaults and packing", test_full);
    CU_add_test(s, "all errors reported", test_all_errors);
    CU_add_test(s, "bad-file messages", test_bad_messages);
    CU_add_test(s, "missing file", test_missing_file);
}
