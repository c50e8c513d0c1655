/* kernel_load: the <kernel> elements of a task-set file, read by taskset_load. Internal to the
 * loaders (it sees libxml2); not installed. */
#ifndef RT_KERNEL_LOAD_H
#define RT_KERNEL_LOAD_H

#include <libxml/tree.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* Read the <kernel> element n of file path into k (its name, measured points and launch owned
 * by k's task set, freed by rt_taskset_free), with one located error in d per problem: not
 * exactly one of time and cycles, neither kai nor instructions (or instructions without
 * l2-accesses), no bw-gbps, an invalid <launch>, a <measured> point with neither cycles nor
 * bw-gbps, or two at one partition size. */
void kernel_load(const char *path, rt_diags *d, xmlNodePtr n, rt_kernel *k);

#endif
