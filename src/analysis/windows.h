/* windows: execution windows of a layout: synchronous timeline and worst-case co-runners
 * (docs/model.md sec. 3). */
#ifndef RT_WINDOWS_H
#define RT_WINDOWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/interference.h"
#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "taskset/taskset.h"

enum { WIN_OK = 0, WIN_ENOMEM = -1, WIN_ERANGE = -2 };

/* One kernel launch: run `run` of task `task`. */
typedef struct win_launch {
    size_t task, run;
    size_t member;                 /* its (partition, kernel) in win_layout.members */
    double start_cycles, end_cycles;   /* synchronous timeline only */
    size_t first_window, n_windows;    /* synchronous: its windows, consecutive in time */
} win_launch;

/* One elementary interval of the synchronous timeline and the launches running in it. */
typedef struct win_span {
    double start_cycles, end_cycles;
    size_t first, count;           /* running[first .. first+count-1], by partition index */
} win_span;

/* What the windows of a layout are built from. Launch i of task t is launches[task_first[t] + i]. */
typedef struct win_layout {
    size_t n_parts;
    size_t *part_first;            /* n_parts + 1 offsets: members of partition p */
    size_t n_members;
    intf_member *members;          /* distinct (partition, kernel) launched, by partition then kernel */
    size_t *part_best_bw;          /* per partition: its member of highest BW (first on ties) */
    size_t *bw_order;              /* per partition's member range: its members by BW, highest
                                      first (ties: lower index first) */
    size_t *dup_of;                /* per member: the lowest member of its partition with the same
                                      SMs, C, BW and L2 (itself if none): same windows and M */
    bool plain;                    /* tests: the plain search (no BW order, no duplicates) */
    size_t n_hosting;
    size_t *hosting;               /* partitions with at least one kernel, ascending */
    size_t n_tasks;
    size_t *task_first;            /* n_tasks + 1 offsets into launches */
    size_t n_launches;
    win_launch *launches;
    size_t n_windows;              /* synchronous timeline (after windows_sync_build) */
    win_span *windows;
    size_t *running;               /* launch indices */
    size_t *scratch;               /* 4 * n_hosting entries for windows_worst */
    intf_acc *scratch_acc;         /* n_hosting + 1 entries for windows_worst */
    double *scratch_suffix;        /* n_hosting + 1 entries for windows_worst */
    intf_contrib *scratch_contrib; /* n_members entries for windows_worst */
} win_layout;

/* A co-runner combination chosen by windows_worst; members are valid until the next call. */
typedef struct win_combo {
    size_t n;                      /* |K(w)| */
    const size_t *members;         /* the launch's member first, then co-runners by partition */
    intf_terms terms;              /* I, Pi, M ... of the launch's kernel */
    bool exhaustive;               /* false if the combination cap made it use the heuristic */
} win_combo;

/* Collect launches and distinct (partition, kernel) members of layout l with their C, BW, L2.
 * WIN_ERANGE if a task's partition or a partition size is not valid for the model. */
int windows_layout_init(win_layout *wl, const model *m, const rt_taskset *ts, const rt_layout *l);
/* Free what windows_layout_init and windows_sync_build allocated; safe on a zeroed struct. */
void windows_layout_fini(win_layout *wl);
/* Synchronous timeline: partitions start at 0 and run their tasks by priority (ties by index),
 * each task's runs in order, each for C(k, n_p); windows between consecutive boundaries. */
int windows_sync_build(win_layout *wl, const rt_layout *l);
/* Worst-case window of member `self`: maximise M over the co-runner combinations of the other
 * hosting partitions (odometer in partition order, "nothing" first, then kernels ascending,
 * last partition fastest; first maximum kept), or the max-bandwidth heuristic past the cap.
 * Work is charged to budget (when not NULL); if it runs out, the heuristic is used
 * (out->exhaustive false). */
void windows_worst(win_layout *wl, const intf_gpu *g, const rt_options *o, rt_budget *budget,
               size_t self, win_combo *out);
/* Number of combinations for member self: product over other hosting partitions of
 * (distinct kernels + 1), saturated at UINT64_MAX. */
uint64_t windows_combinations(const win_layout *wl, size_t self);

#endif
