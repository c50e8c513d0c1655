/* measurements_load: the measurements CSV, read as untrusted input and checked against the task set. */
#ifndef RT_MEASUREMENTS_LOAD_H
#define RT_MEASUREMENTS_LOAD_H

#include "taskset/measurements.h"

/* Read and check a measurements CSV against the loaded task set and GPU (names resolve, sizes
 * are multiples of the granularity and fit the GPU). NULL with located errors in d if invalid
 * (or out of memory). Caller frees. */
rt_measurements *rt_measurements_load(const char *path, const rt_taskset *ts, const rt_gpu *gpu,
                                      rt_diags *d);

#endif
