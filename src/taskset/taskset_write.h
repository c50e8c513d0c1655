/* taskset_write: the task-set file rewritten with a layout (--emit-taskset, docs/evidence.md
 * sec. 4): the input re-read with the safe loader, its <partition> elements replaced, every
 * priority made explicit, everything else (kernels, comments, formatting) kept. */
#ifndef RT_TASKSET_WRITE_H
#define RT_TASKSET_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "taskset/taskset.h"
#include "util/diag.h"

/* One partition to write: plain values (the analysis layer's layout stays above this one). */
typedef struct rt_partition_out {
    const char *name;
    int64_t first_sm, sms;
    const size_t *tasks;    /* indices into ts->tasks, written as <task-ref> in this order */
    size_t n_tasks;
} rt_partition_out;

/* Re-read ts->path (the same checks as rt_taskset_load), require its SHA-256 to equal
 * ts->sha256 (the file analysed), set task i's priority attribute to prio[i], replace every
 * <partition> by parts (with explicit first-sm) preceded by the comment `note` (may be NULL),
 * and serialise the result as UTF-8 into *out (caller frees): *len bytes, then a NUL.
 * Returns 0, or -1 with an error in d (nothing allocated). */
int rt_taskset_write_layout(const rt_taskset *ts, const int64_t *prio,
                            const rt_partition_out *parts, size_t n_parts, const char *note,
                            char **out, size_t *len, rt_diags *d);

#endif
