/* inputs: semantic checks that need both the task set and the GPU (docs/model.md secs. 1 and 2). */
#ifndef RT_INPUTS_H
#define RT_INPUTS_H

#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* Check measured points (sms in 1..N and a multiple of g), partitions
 * (multiples of g, fit in N, no overlap), N - KAI*Ubw > 0, the steps against the platform (a
 * cpu step needs <cpu> and a core below its cores, a copy a known engine, a copy of bytes a WCET
 * within int64 and not below its bcet), and record located errors in d;
 * warn (docs/formats.md sec. 1) of a bandwidth above the GPU's nominal one, a kernel run by no
 * task, and a kernel whose time alone on the whole GPU exceeds its task's deadline or period.
 * Returns the number of errors found (0: the pair is analysable). */
int rt_inputs_check(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d);
/* WCET of copy step st (docs/formats.md sec. 5) into *out: its time, or setup + ceil(bytes /
 * gbps) ns on engine e (1 GB/s = 1 byte/ns), exact on the rational rate; e may be NULL with time.
 * Returns 0, or -1 (nothing written) when st is not a valid copy or the result leaves int64. */
int rt_inputs_copy_wcet_ns(const rt_copy_engine *e, const rt_step *st, int64_t *out);

#endif
