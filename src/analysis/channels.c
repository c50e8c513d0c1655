/* channels: the interference-channel register (docs/evidence.md sec. 2).
 *
 * Rows and their status:
 *   SMs/TPCs            eliminated: partitions are disjoint SM ranges (an input rule), created by
 *                       the masks of the configuration record
 *   L2 and DRAM         bounded by the interference model, case per launch (docs/model.md);
 *                       with --interference none not modelled (isolated bounds only)
 *   dispatch            bounded: non-preemptive fixed priority per partition, or deferred
 *                       preemption at kernel boundaries (--gpu-preemption kernel)
 *   copy engines        bounded when some step copies, else not used
 *   CPU cores           bounded when some step runs on a core, else not used
 *   CPU/copy on DRAM    not modelled (stated assumption)
 *   driver, launch      the GPU file's launch overhead only
 *   interrupts, OS      not modelled (stated assumption)
 *   accelerators        not modelled (stated assumption) */
#include "analysis/channels.h"

#include <stdbool.h>
#include <stdlib.h>

const char *rt_channels_status_name(rt_channel_status s)
{
    switch (s) {
    case RT_CHS_ELIMINATED: return "eliminated";
    case RT_CHS_BOUNDED: return "bounded";
    case RT_CHS_NOT_USED: return "not used";
    case RT_CHS_ASSUMED: return "not modelled: stated assumption";
    case RT_CHS_LAUNCH_ONLY: return "launch overhead only";
    }
    return "unknown";
}

/* Count the steps of each kind of ts and the distinct cores and engines they use; a task of
 * runs alone (no step list) is one GPU step. used: room for the cores, then the engines. */
static void count_steps(const rt_taskset *ts, const rt_gpu *gpu, bool *used, rt_channels *c)
{
    size_t n_cores = gpu->cpu_cores > 0 ? (size_t)gpu->cpu_cores : 0;
    for (size_t i = 0; i < ts->n_tasks; i++) {
        const rt_task *t = &ts->tasks[i];
        if (t->n_steps == 0 && t->n_runs > 0)
            c->gpu_steps++;
        for (size_t k = 0; k < t->n_steps; k++) {
            const rt_step *s = &t->steps[k];
            if (s->kind == RT_STEP_GPU) {
                c->gpu_steps++;
            } else if (s->kind == RT_STEP_CPU) {
                c->cpu_steps++;
                if (s->core >= 0 && (size_t)s->core < n_cores && !used[s->core]) {
                    used[s->core] = true;
                    c->cores_used++;
                }
            } else {
                c->copy_steps++;
                long e = rt_gpu_find_engine(gpu, s->engine);
                if (e >= 0 && !used[n_cores + (size_t)e]) {
                    used[n_cores + (size_t)e] = true;
                    c->engines_used++;
                }
            }
        }
    }
}

int rt_channels_compute(const rt_taskset *ts, const rt_gpu *gpu, const rt_options *o,
                        rt_channels *out)
{
    *out = (rt_channels){ 0 };
    size_t n_cores = gpu->cpu_cores > 0 ? (size_t)gpu->cpu_cores : 0;
    bool *used = calloc(n_cores + gpu->n_engines + 1, sizeof *used);
    if (!used)
        return -1;
    count_steps(ts, gpu, used, out);
    free(used);
    rt_channel_status *s = out->status;
    s[RT_CH_SMS] = RT_CHS_ELIMINATED;
    s[RT_CH_MEMORY] = o->interference == RT_INTF_NONE ? RT_CHS_ASSUMED : RT_CHS_BOUNDED;
    s[RT_CH_DISPATCH] = RT_CHS_BOUNDED;
    s[RT_CH_COPY] = out->copy_steps ? RT_CHS_BOUNDED : RT_CHS_NOT_USED;
    s[RT_CH_CPU] = out->cpu_steps ? RT_CHS_BOUNDED : RT_CHS_NOT_USED;
    s[RT_CH_HOST_TRAFFIC] = RT_CHS_ASSUMED;
    s[RT_CH_LAUNCH] = RT_CHS_LAUNCH_ONLY;
    s[RT_CH_OS] = RT_CHS_ASSUMED;
    s[RT_CH_ACCELERATORS] = RT_CHS_ASSUMED;
    return 0;
}
