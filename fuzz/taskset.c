/* taskset: fuzz harness of the task-set loader (rt_taskset_load, src/taskset/taskset_load.c).
 * The input is the file's bytes; the loader returns a task set whose indices all point inside
 * it, or NULL with a located error. */
#include <string.h>

#include "common.h"
#include "taskset/taskset.h"

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
        FUZZ_ASSERT(t->n_runs > 0);
        for (size_t r = 0; r < t->n_runs; r++)
            FUZZ_ASSERT(t->runs[r] < ts->n_kernels);
    }
    for (size_t p = 0; p < ts->n_partitions; p++) {
        const rt_partition *part = &ts->partitions[p];
        FUZZ_ASSERT(part->sms > 0 && part->first_sm >= 0);
        for (size_t j = 0; j < part->n_tasks; j++)
            FUZZ_ASSERT(part->tasks[j] < ts->n_tasks);
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
    rt_diags_free(d);
    return 0;
}
