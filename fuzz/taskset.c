/* taskset: fuzz harness of the task-set loader (rt_taskset_load, src/taskset/taskset_load.c).
 * The input is the file's bytes; the loader returns a task set whose indices all point inside
 * it, or NULL with a located error. */
#include <string.h>

#include "common.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"

/* The steps of t (docs/formats.md sec. 5): at least one; the GPU steps cover runs[] in order, each
 * with at least one launch; every other step within its ranges. */
static void check_steps(const rt_task *t)
{
    FUZZ_ASSERT(t->n_steps >= 1);
    size_t next_run = 0;
    for (size_t s = 0; s < t->n_steps; s++) {
        const rt_step *st = &t->steps[s];
        FUZZ_ASSERT(st->bcet_ns >= 0);
        if (st->kind == RT_STEP_GPU) {
            FUZZ_ASSERT(st->first_run == next_run && st->n_runs >= 1);
            next_run += st->n_runs;
        } else if (st->kind == RT_STEP_CPU) {
            FUZZ_ASSERT(st->core >= 0 && st->wcet_ns >= 1 && st->bcet_ns <= st->wcet_ns);
            FUZZ_ASSERT(st->n_runs == 0 && !st->engine);
        } else {
            FUZZ_ASSERT(st->kind == RT_STEP_COPY && st->engine && st->n_runs == 0);
            FUZZ_ASSERT(st->has_bytes != st->has_time);
            FUZZ_ASSERT(st->has_bytes ? st->bytes >= 1 : st->time_ns >= st->bcet_ns);
        }
        FUZZ_ASSERT(!st->has_priority || st->priority >= 0);
    }
    FUZZ_ASSERT(next_run == t->n_runs);
}

/* Every index the loader stores points inside the task set, and every name finds its owner. */
static void check_taskset(const rt_taskset *ts)
{
    FUZZ_ASSERT(ts->name != NULL && ts->n_tasks > 0);
    for (size_t k = 0; k < ts->n_kernels; k++)
        FUZZ_ASSERT(rt_taskset_find_kernel(ts, ts->kernels[k].name) == (long)k);
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        FUZZ_ASSERT(rt_taskset_find_task(ts, t->name) == (long)i);
        FUZZ_ASSERT(t->period_ns > 0 && t->deadline_ns > 0 && t->jitter_ns >= 0);
        for (size_t r = 0; r < t->n_runs; r++)
            FUZZ_ASSERT(t->runs[r] < ts->n_kernels && t->run_bcet_ns[r] >= 0);
        check_steps(t);
    }
    for (size_t p = 0; p < ts->n_partitions; p++) {
        const rt_partition *part = &ts->partitions[p];
        FUZZ_ASSERT(part->sms > 0 && part->first_sm >= 0);
        for (size_t j = 0; j < part->n_tasks; j++)
            FUZZ_ASSERT(part->tasks[j] < ts->n_tasks && ts->tasks[part->tasks[j]].n_runs > 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(0, "taskset.xml", data, size);
    rt_diags *d = fuzz_diags();
    rt_taskset *ts = rt_taskset_load(path, d);
    fuzz_check_loaded(ts, d);
    if (ts)
        check_taskset(ts);
    rt_taskset_free(ts);
    rt_diag_free(d);
    return 0;
}
