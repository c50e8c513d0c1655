/* system: a whole system (docs/system.md) as the holistic analysis sees it, built from the task
 * set, the GPU file and a layout with its launch WCETs, and analysed end to end. */
#ifndef RT_SYSTEM_H
#define RT_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"
#include "analysis/holistic.h"
#include "analysis/layout.h"
#include "analysis/wcet.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* The flat record and its result; everything owned, freed by rt_system_fini. */
typedef struct rt_system {
    hol_resource *resources;   /* the GPU file's cores 0 .. cores-1, then its copy engines in
                                  file order, then the layout's partitions */
    size_t n_cores, n_engines, n_parts;
    hol_task *tasks;           /* task-set order */
    hol_step *steps;           /* every task's steps in file order */
    size_t n_steps;
    int64_t *launch_wcet_ns;   /* every launch of every task, task by task, in <run> order */
    int64_t *launch_bcet_ns;
    double *utilisation;       /* per resource: sum over its steps of C/T (demand over
                                  capacity, docs/system.md sec. 5) */
    size_t *res_steps;         /* per resource: how many steps it serves */
    hol_system sys;            /* views of the arrays above */
    hol_result res;            /* after rt_system_analyse */
} rt_system;

enum { SYS_OK = 0, SYS_ENOMEM = -1, SYS_ERANGE = -2, SYS_EBCET = -3 };

/* Build the record of ts on gpu with layout l (l->task_prio: each task's priority; a step's own
 * priority replaces it on that step), its partitions preemptive at kernel boundaries when
 * kernel_preemption (docs/system.md sec. 4), and the launch WCETs w (w->tasks[i] for task i, a CPU task
 * with none). SYS_ERANGE: a step's WCET leaves int64; SYS_EBCET: a launch's bcet exceeds its
 * WCET, that <run> in *bad_task and *bad_run (index into the task's runs). On failure out holds
 * nothing to free. */
int rt_system_build(const rt_gpu *gpu, const rt_taskset *ts, const rt_layout *l,
                    const wcet_result *w, bool kernel_preemption, rt_system *out,
                    size_t *bad_task, size_t *bad_run);
/* The resource of index r of s as a report names it: "core N" into buf, an engine's or a
 * partition's name; l as given to rt_system_build. */
const char *rt_system_resource_name(const rt_system *s, const rt_gpu *gpu, const rt_layout *l,
                                    size_t r, char *buf, size_t size);
/* "cpu-core", "copy-engine" or "partition"; policy: "preemptive-fp", "fifo", "np-fp" or
 * "deferred-preemption" (kernel preemption). */
const char *rt_system_resource_kind(const rt_system *s, size_t r);
const char *rt_system_resource_policy(const rt_system *s, size_t r);
/* Analyse s (built) with the holistic analysis, work charged to budget: SYS_OK or SYS_ENOMEM. */
int rt_system_analyse(rt_system *s, rt_budget *budget);
/* Free what s owns; safe on a zeroed record. */
void rt_system_fini(rt_system *s);

#endif
