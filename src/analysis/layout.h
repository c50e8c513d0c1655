/* layout: partitions, task-to-partition mapping and effective priorities of one candidate. */
#ifndef RT_LAYOUT_H
#define RT_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "taskset/taskset.h"

typedef struct rt_layout {
    size_t n_parts;
    char **part_name;       /* owned strings */
    int64_t *part_sms;      /* size n_p of each partition, a multiple of g */
    int64_t *part_first_sm; /* first SM of each partition */
    size_t n_tasks;
    size_t *task_part;      /* partition index of each task; SIZE_MAX: a CPU task (no <run>,
                               docs/system.md), on no partition */
    int64_t *task_prio;     /* effective priority of each task (smaller = higher) */
} rt_layout;

/* Empty layout for n_parts partitions and n_tasks tasks (names NULL, values 0). NULL on OOM. */
rt_layout *rt_layout_new(size_t n_parts, size_t n_tasks);
/* Free a layout; NULL is a no-op. */
void rt_layout_free(rt_layout *l);
/* Layout of the task set's own partitions, priorities as given or deadline-monotonic. */
rt_layout *rt_layout_from_taskset(const rt_taskset *ts);
/* Set priorities deadline-monotonic (ties by file order), distinct numbers 1..n. */
void rt_layout_prio_dm(rt_layout *l, const rt_taskset *ts);
/* Base priorities into prio (ts->n_tasks entries, the caller's): the file's when given is true
 * and the file has them (then every task has one), else deadline-monotonic as above. */
void rt_layout_prio_base(const rt_taskset *ts, bool given, int64_t *prio);
/* Deep copy; NULL on OOM. */
rt_layout *rt_layout_copy(const rt_layout *l);

#endif
