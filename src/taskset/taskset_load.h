/* taskset_load: read a task-set file into an rt_taskset record and check every value. */
#ifndef RT_TASKSET_LOAD_H
#define RT_TASKSET_LOAD_H

#include "taskset/taskset.h"

/* Read, schema-validate and check a task-set file; NULL (with errors in d) if invalid.
 * Checks that need the GPU are done by rt_inputs_check (taskset/inputs.h). Caller frees. */
rt_taskset *rt_taskset_load(const char *path, rt_diags *d);

#endif
