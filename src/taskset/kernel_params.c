/* kernel_params: the two kernel quantities derived directly from the inputs (docs/model.md
 * sec. 1). */
#include "taskset/kernel_params.h"
#include "taskset/inputs.h"

double rt_kernel_params_cycles_full(const rt_kernel *k, const rt_gpu *gpu)
{
    /* cycles = ns * clock-mhz / 1000 (docs/formats.md sec. 5) */
    return k->has_cycles ? k->cycles : k->time_ns * gpu->clock_mhz / 1000.0;
}

double rt_kernel_params_kai(const rt_kernel *k)
{
    /* eq. 3: KAI = instructions / L2 accesses / 1000 */
    return k->has_kai ? k->kai : k->instructions / k->l2_accesses / 1000.0;
}
