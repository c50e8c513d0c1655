/* sysdeploy: the settings an analysed whole system is launched with on Linux, and the priorities
 * of its MAST model (docs/system.md sec. 6). Computes, never prints; the writers are in
 * report/system_write.h. */
#ifndef RT_SYSDEPLOY_H
#define RT_SYSDEPLOY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/holistic.h"

/* SCHED_FIFO levels the launch lines use: 98 down to 1 (99 is left to the kernel's own threads). */
#define RT_FIFO_TOP 98
/* MAST priorities are 1 .. 2^15 - 1 (larger = higher). */
#define RT_MAST_TOP 32767

/* One launch line: the CPU steps of one task on one core at one priority number. */
typedef struct rt_launch_line {
    size_t task;               /* task-set index */
    size_t core;
    int64_t priority;          /* the steps' priority number (smaller = higher) */
    int fifo;                  /* its SCHED_FIFO priority, RT_FIFO_TOP downwards */
    size_t first, n;           /* its steps: rt_launch_plan.steps[first .. first + n - 1] */
} rt_launch_line;

/* Every launch line of a system, task by task, each task's lines in the order of their first
 * step; all owned. */
typedef struct rt_launch_plan {
    rt_launch_line *lines;
    size_t n_lines;
    size_t *steps;             /* 0-based step numbers within their task, line by line */
    size_t n_levels;           /* distinct priority numbers over every CPU step */
} rt_launch_plan;

enum { SYSDEPLOY_OK = 0, SYSDEPLOY_ENOMEM = -1, SYSDEPLOY_ELEVELS = -2 };

/* The launch lines of s (no analysis needed; a CPU core's resource index is its core number): the distinct priority numbers of its CPU
 * steps ranked, the smallest RT_FIFO_TOP, the next one below, and so on. SYSDEPLOY_ELEVELS when
 * there are more than RT_FIFO_TOP of them (out->n_levels says how many; nothing else to free),
 * SYSDEPLOY_ENOMEM, or SYSDEPLOY_OK; free with rt_sysdeploy_launch_plan_fini. */
int rt_sysdeploy_launch_plan(const hol_system *s, rt_launch_plan *out);
/* Free what p owns; safe on a zeroed plan. */
void rt_sysdeploy_launch_plan_fini(rt_launch_plan *p);

/* The MAST priority of every step of s into prio[0 .. s->n_steps - 1]: the distinct priority
 * numbers of the steps not on a fifo copy engine ranked, the smallest *n_levels, the largest 1;
 * every step of a fifo engine 1 (one shared priority: the engine serves them in turn). Returns
 * SYSDEPLOY_OK, SYSDEPLOY_ENOMEM, or SYSDEPLOY_ELEVELS (more than RT_MAST_TOP levels). */
int rt_sysdeploy_mast_priorities(const hol_system *s, int *prio, size_t *n_levels);

/* Times MAST reads exactly: it reads a real number into 15 significant digits, so a whole number
 * of ns is exact up to 2^53. */
#define RT_MAST_EXACT_NS (INT64_C(1) << 53)
/* The first time of s the MAST model would write above RT_MAST_EXACT_NS (a task's period, jitter
 * or deadline, a step's WCET or BCET): true with its task in *task and its name ("period",
 * "jitter", "deadline", "a step's WCET", "a step's BCET") in *what and value in *ns; false when
 * every time is exact. */
bool rt_sysdeploy_mast_inexact(const hol_system *s, size_t *task, const char **what, int64_t *ns);

#endif
