/* gpu_load: read a GPU description file into an rt_gpu record and check every value. */
#ifndef RT_GPU_LOAD_H
#define RT_GPU_LOAD_H

#include "taskset/gpu.h"

/* Read, schema-validate and check a GPU file; NULL (with errors in d) if invalid. Caller frees. */
rt_gpu *rt_gpu_load(const char *path, rt_diags *d);

#endif
