/* chain_load: the <chain> elements of a task-set file (docs/chains.md sec. 1), read by
 * taskset_load. Internal to the loaders (it sees libxml2); not installed. */
#ifndef RT_CHAIN_LOAD_H
#define RT_CHAIN_LOAD_H

#include <libxml/tree.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* Read every <chain> child of root into ts->chains (owned by ts, freed by rt_taskset_free), with
 * one located error in d per problem: a duplicate chain name, an invalid or missing requirement
 * (neither max-reaction nor max-age), an unknown communication, a task-ref naming no task (with
 * a did-you-mean hint), a task listed twice, fewer than two tasks, and under "let" a task whose
 * deadline exceeds its period. Needs ts->tasks read. */
void chain_load_read_all(const char *path, rt_diags *d, xmlNodePtr root, rt_taskset *ts);

#endif
