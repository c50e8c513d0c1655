/* sysview: a whole system (docs/system.md) as the partition search sees it. The search places
 * and sizes the tasks with GPU work only; its necessary tests and bounds run on the view below,
 * its judge on the whole system (docs/assignment.md sec. 13). */
#ifndef RT_SYSVIEW_H
#define RT_SYSVIEW_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/eval.h"
#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/model.h"
#include "taskset/taskset.h"

/* The view: the tasks with GPU work in file order, each as a task of GPU work alone with
 *   deadline  D_i - (sum of the BCETs of its CPU and copy steps), at least 1 ns,
 *   priority  that of its GPU step in the whole system (fixed: the view's options say given),
 *   jitter    J_i,
 * so that a layout the holistic analysis accepts is one the GPU-only analysis of the view accepts
 * (docs/assignment.md sec. 13): every necessary test and bound of the view holds for the system. */
typedef struct sysview {
    const rt_taskset *sys;     /* the whole system (borrowed) */
    const rt_options *sys_o;   /* its options (borrowed): the judge's */
    rt_taskset ts;             /* the view; ts.tasks owned, shallow copies (runs shared) */
    rt_options o;              /* the view's options: priorities given */
    size_t *map;               /* owned: view task k is task map[k] of the system */
    size_t *inv;               /* owned: system task i is view task inv[i], SIZE_MAX: a CPU task */
} sysview;

/* Why the search cannot take ts under o (a sentence), or NULL when it can: GPU-only task sets
 * and whole systems whose every task has at most one GPU step, with non-preemptive GPU steps. */
const char *sysview_refusal(const rt_taskset *ts, const rt_options *o);
/* Build the view of ts (sysview_refusal NULL) under o, both borrowed until sysview_fini.
 * 0, or -1 on out of memory (v then holds nothing to free). */
int sysview_init(sysview *v, const rt_taskset *ts, const rt_options *o);
void sysview_fini(sysview *v);
/* A layout of the view (l: its tasks, or the n view tasks idx[0..n-1] when idx is not NULL) as
 * a layout of the system: every CPU task and those view tasks, in the system's order, the CPU
 * tasks on no partition; sub receives that task set (tasks in *sub_tasks, caller frees).
 * NULL on out of memory. */
rt_layout *sysview_layout(const sysview *v, const rt_layout *l, const size_t *idx, size_t n,
                          rt_taskset *sub, rt_task **sub_tasks);
/* rt_eval_layout of the system for the view's layout l (tasks as for sysview_layout), with the
 * system's options, and its result recast for the view: ev->rta and ev->wcet.tasks hold the n
 * view tasks in l's order; schedulable, decided, n_misses and n_undecided are the whole
 * system's (a CPU task that misses makes the layout fail, though no view task misses);
 * has_min_slack is false. *other_overshoot: sum over the CPU tasks that miss of their overshoot
 * (R - D) / D, each at most cap (cap itself when unbounded). l->task_prio gets the view tasks'
 * priorities. Returns rt_eval_layout's code; on EVAL_OK the caller frees ev with rt_eval_fini. */
int sysview_eval(const sysview *v, const model *m, rt_layout *l, const size_t *idx, size_t n,
                 double cap, rt_eval *ev, double *other_overshoot);

#endif
