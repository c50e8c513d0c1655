/* kernel_params: a kernel's cycles on the whole GPU, Ck(N), and its KAI, from what its file gives (docs/model.md sec. 2). */
#ifndef RT_KERNEL_PARAMS_H
#define RT_KERNEL_PARAMS_H

#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Ck(N) of kernel k in cycles: its `cycles`, or time_ns * clock_mhz / 1000. */
double rt_kernel_params_cycles_full(const rt_kernel *k, const rt_gpu *gpu);

/* KAI of kernel k: given, or instructions / l2_accesses / 1000 (eq. 3). */
double rt_kernel_params_kai(const rt_kernel *k);

#endif
