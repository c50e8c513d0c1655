/* wcet: execution windows, interference multipliers and per-launch WCETs (docs/model.md
 * secs. 3-5). */
#ifndef RT_WCET_H
#define RT_WCET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/layout.h"
#include "analysis/options.h"
#include "models/interference.h"
#include "models/model.h"
#include "taskset/taskset.h"

/* One execution window as seen by one launch. */
typedef struct wcet_window {
    double start_cycles, end_cycles;   /* worst-case mode: 0 and C(k,n) */
    size_t n_kernels;                  /* |K(w)|, the launch's own kernel first */
    size_t *kernels;                   /* owned: kernel indices of K(w) */
    size_t *parts;                     /* owned: partition of each kernel of K(w) */
    double bw_gbps;                    /* B(w) */
    double I, Pi, M;                   /* eq. 7, eq. 6/15 clamped, I*Pi (naive: 1, 1, 1+f) */
    intf_case sup_case;                /* worst-case mode: which case gave M*(k,S) */
} wcet_window;

typedef struct wcet_launch {
    size_t kernel;                     /* kernel index */
    int64_t sms;                       /* n of the task's partition */
    double isolated_cycles;            /* C(k,n) */
    double interference_cycles;        /* Tc(k,n,W) */
    double multiplier;                 /* Tc(k,n,W) / C(k,n) */
    bool exhaustive;                   /* false if the combination cap was hit */
    int64_t wcet_ns;                   /* ceil((1+margin) Tc * 1000/f) + launch overhead */
    size_t n_windows;
    wcet_window *windows;              /* owned, unless windows_shared */
    bool windows_shared;               /* worst-case mode: the window (and its co-runner list) of
                                          the first launch of the same kernel on the same
                                          partition, borrowed; freed with that launch */
} wcet_launch;

typedef struct wcet_task {
    int64_t wcet_ns;                   /* C_i: sum over launches */
    size_t n_launches;
    wcet_launch *launches;             /* owned, in <run> order */
} wcet_task;

typedef struct wcet_result {
    size_t n_tasks;
    wcet_task *tasks;                  /* owned, task-set order */
} wcet_result;

enum { WCET_OK = 0, WCET_ENOMEM = -1, WCET_ERANGE = -2 };

/* Compute windows, multipliers and WCETs of every launch of every task for layout l.
 * WCET_ERANGE: some WCET does not fit in 2^62 ns or is not finite; also a layout the model cannot
 * evaluate (task on a missing partition, size not a row of the model) or, in synchronous mode, a
 * timeline too long for double precision (a launch's windows miss C(k,n) by over 1e-6 relative).
 * The window searches charge budget (NULL: no limit). On failure out holds nothing to free. */
int wcet_compute(const model *m, const rt_taskset *ts, const rt_layout *l, const rt_options *o,
                 rt_budget *budget, wcet_result *out);
/* Free what wcet_compute put in r (not r itself); safe on a zeroed struct. */
void wcet_result_fini(wcet_result *r);
/* ceil to whole ns (docs/model.md sec. 5): only representation noise is forgiven, an x at most
 * min(1e-12 x, 0.001) ns above an integer is that integer; never rounded down by more.
 * Returns false if x is not finite, negative, or does not fit in 2^62. */
bool wcet_ceil_ns(double x, int64_t *ns);
/* M*(k,S) of kernel k on n SMs with the single co-runner l on nl SMs (docs/model.md sec. 3), summed
 * in the order the worst-case window search uses, so that it equals that search's value for
 * this combination; a lower bound of k's multiplier in every worst-case layout where some
 * other partition of nl SMs runs l. 1 if a size is not a row of the model. */
double wcet_pair_multiplier(const model *m, const rt_options *o, size_t k, int64_t n, size_t l,
                            int64_t nl);
/* WCET of one launch of kernel k on n SMs with multiplier mult (at least 1): the rounding of
 * docs/model.md sec. 5 as wcet_compute applies it, so a multiplier at most the layout's gives a
 * WCET at most the layout's. Returns false on range overflow or if n is not a row of the model. */
bool wcet_launch_lb_ns(const model *m, const rt_options *o, size_t k, int64_t n, double mult,
                       int64_t *ns);
/* WCET of task t alone on n SMs (multiplier 1): a lower bound of its WCET in any layout.
 * Returns false on range overflow. */
bool wcet_isolated_task_ns(const model *m, const rt_taskset *ts, size_t t, int64_t n,
                           const rt_options *o, int64_t *ns);
/* Who slowed whom: the co-runners that made window w's multiplier are its kernels 1 .. the
 * returned index - 1 (every one of K(w); naive model: the first alone, its multiplier asks
 * |K| >= 2 and nothing more). */
size_t wcet_window_blamed(const wcet_window *w, const rt_options *o);

#endif
