/* scenario_load: the <scenario> elements of a task-set file (docs/concurrency.md sec. 8), read by
 * taskset_load. Internal to the loaders (it sees libxml2); not installed. */
#ifndef RT_SCENARIO_LOAD_H
#define RT_SCENARIO_LOAD_H

#include <libxml/tree.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* Read every <scenario> child of root into ts->scenarios (owned by ts, freed by
 * rt_taskset_free), with one located error in d per problem: a duplicate scenario name, a
 * submit naming no kernel or a kernel without <launch>, a kernel submitted twice in one
 * scenario, an invalid at. Needs ts->kernels read. */
void scenario_load_read_all(const char *path, rt_diags *d, xmlNodePtr root, rt_taskset *ts);

#endif
