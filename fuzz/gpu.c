/* gpu: fuzz harness of the GPU loader (rt_gpu_load, src/taskset/gpu_load.c). The input is the
 * file's bytes; the loader returns a GPU within the ranges docs/formats.md states, or NULL with
 * a located error. */
#include "common.h"
#include "taskset/gpu.h"
#include "taskset/gpu_load.h"

/* The ranges of docs/formats.md that every later stage relies on. */
static void check_gpu(const rt_gpu *g)
{
    FUZZ_ASSERT(g->sms >= 1 && g->l2_banks >= 1);
    FUZZ_ASSERT(g->bw_nominal_gbps > 0 && g->bw_effective_gbps > 0);
    FUZZ_ASSERT(g->bw_effective_gbps <= g->bw_nominal_gbps);
    FUZZ_ASSERT(g->clock_mhz > 0 && g->alpha > 0);
    FUZZ_ASSERT(g->granularity >= 1 && g->sms % g->granularity == 0);
    FUZZ_ASSERT(g->launch_overhead_ns >= 0);
    FUZZ_ASSERT(g->has_cpu ? g->cpu_cores >= 1 : g->cpu_cores == 0 && !g->cpu_name);
    for (size_t i = 0; i < g->n_engines; i++) {
        const rt_copy_engine *e = &g->engines[i];
        FUZZ_ASSERT(e->name && e->gbps_num > 0 && e->gbps_den > 0 && e->setup_ns >= 0);
        FUZZ_ASSERT(rt_gpu_find_engine(g, e->name) == (long)i);
    }
    if (g->has_sm_limits)
        for (int i = 0; i < RT_SM_N_ATTRS; i++)
            FUZZ_ASSERT(rt_gpu_sm_attr_name(i) != NULL && rt_gpu_sm_value(&g->sm, i) >= 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write(0, "gpu.xml", data, size);
    rt_diags *d = fuzz_diags();
    rt_gpu *g = rt_gpu_load(path, d);
    fuzz_check_loaded(g, d);
    if (g)
        check_gpu(g);
    rt_gpu_free(g);
    rt_diag_free(d);
    return 0;
}
