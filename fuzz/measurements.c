/* measurements: fuzz harness of the measurements CSV loader (rt_measurements_load,
 * src/taskset/measurements_load.c). The input is the CSV's bytes, read against the task set and
 * GPU of tests/data/meas/ (loaded once); the loader returns observations that name existing
 * kernels and tasks on sizes the GPU has, or NULL with a located error. */
#include <stdio.h>
#include <stdlib.h>

#include "common.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"
#include "taskset/measurements.h"
#include "taskset/measurements_load.h"
#include "taskset/taskset.h"
#include "taskset/taskset_load.h"

static rt_taskset *ts;
static rt_gpu *gpu;

static void free_inputs(void)
{
    rt_taskset_free(ts);
    rt_gpu_free(gpu);
}

/* The fixed task set and GPU the observations refer to. */
static void load_inputs(void)
{
    char path[4096];
    rt_diags *d = fuzz_diags();
    snprintf(path, sizeof path, "%s/tests/data/meas/taskset.xml", fuzz_root());
    ts = rt_taskset_load(path, d);
    snprintf(path, sizeof path, "%s/tests/data/meas/gpu.xml", fuzz_root());
    gpu = rt_gpu_load(path, d);
    if (!ts || !gpu) {
        rt_diag_print(d, stderr);
        fprintf(stderr, "fuzz: run from the source root or set RTGPU_SRC\n");
        abort();
    }
    rt_diag_free(d);
    atexit(free_inputs);
}

static void check_meas(const rt_measurements *m)
{
    for (size_t i = 0; i < m->n_kernels; i++) {
        const rt_meas_kernel *k = &m->kernels[i];
        FUZZ_ASSERT(k->kernel < ts->n_kernels && k->time_ns > 0);
        FUZZ_ASSERT(k->sms >= 1 && k->sms <= gpu->sms);
        for (size_t c = 0; c < k->n_corunners; c++)
            FUZZ_ASSERT(k->corunners[c].kernel < ts->n_kernels && k->corunners[c].sms >= 1);
    }
    for (size_t i = 0; i < m->n_jobs; i++) {
        const rt_meas_job *j = &m->jobs[i];
        FUZZ_ASSERT(j->task < ts->n_tasks && j->finish_ns >= j->release_ns);
        FUZZ_ASSERT(j->response_ns == j->finish_ns - j->release_ns);
    }
    FUZZ_ASSERT(rt_measurements_kind_name(m->kind) != NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!ts)
        load_inputs();
    const char *path = fuzz_write(0, "measurements.csv", data, size);
    rt_diags *d = fuzz_diags();
    rt_measurements *m = rt_measurements_load(path, ts, gpu, d);
    fuzz_check_loaded(m, d);
    if (m)
        check_meas(m);
    rt_measurements_free(m);
    rt_diag_free(d);
    return 0;
}
