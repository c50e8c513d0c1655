/* kernel_load: the <kernel> elements of a task-set file, for taskset_load (it sees libxml2). */
#ifndef RT_KERNEL_LOAD_H
#define RT_KERNEL_LOAD_H

#include <libxml/tree.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* Read <kernel> element n of file path into k (what k owns is freed by rt_taskset_free), with
 * one located error in d per problem. */
void kernel_load(const char *path, rt_diags *d, xmlNodePtr n, rt_kernel *k);

#endif
