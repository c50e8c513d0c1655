/* concurrency: the block-level models of docs/concurrency.md applied to one analysed layout:
 * occupancy per kernel (sec. 2), Cruz et al.'s leftover check per ordered pair of kernels in a
 * partition (sec. 3), Janzen et al.'s speed-up, efficiency and launch mapping (sec. 4).
 * Everything the report shows is computed here; none of it changes the verdict. */
#ifndef RT_CONCURRENCY_H
#define RT_CONCURRENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/layout.h"
#include "models/leftover.h"
#include "models/mapping.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "taskset/taskset.h"

/* One ordered pair k1 -> k2 in one partition (or the whole GPU). */
typedef struct conc_pair {
    size_t first, second;       /* kernel indices of k1 and k2 */
    const char *partition;      /* borrowed from the layout; NULL: the whole GPU */
    int64_t sms;                /* nSM */
    double exec_time_cycles;    /* C(k1, nSM) */
    int64_t exec_time_ns;       /* ExecTime_k1 = C(k1, nSM) * 1000 / clock-mhz, rounded up to
                                 * whole ns (wcet_ceil_ns): exact for the strict comparison with
                                 * the whole-ns launch overhead (line 2) */
    int64_t launch_overhead_ns;
    bool range_error;           /* a count overflowed 64 bits: r is not set */
    lo_result r;
} conc_pair;

/* Per partition: how many of its ordered pairs would overlap on separate streams (A or B). */
typedef struct conc_note {
    const char *partition;      /* borrowed; NULL: the whole GPU */
    int64_t sms;
    size_t n_kernels;           /* kernels with a <launch> launched in it */
    size_t n_pairs, n_overlap;  /* ordered pairs, and those of case A or B */
    bool over_cap;              /* more than CONC_MAX_PAIRS ordered pairs: none computed */
} conc_note;

/* The most ordered pairs checked in one partition (a bound on time, memory and report size). */
#define CONC_MAX_PAIRS 10000

/* The launch mapping of one kernel confined to one partition. */
typedef struct conc_mapping {
    size_t kernel;
    const char *partition;      /* borrowed; NULL: the whole GPU */
    int64_t first_sm, sms;
    bool range_error;           /* a count overflowed 64 bits: m and per_sm are not set */
    map_result m;
    int64_t *per_sm;            /* owned: gpu sms entries, m on the partition's SMs, 0 elsewhere */
} conc_mapping;

/* A model not computed, and why (static strings). kernel < 0: for every kernel. */
typedef struct conc_skip {
    const char *model;          /* "occupancy", "leftover", "mapping" */
    long kernel;
    const char *reason;
} conc_skip;

typedef struct rt_concurrency {
    lo_distribution distribution;
    bool has_sm;                /* the GPU has <sm> */
    bool plain_arithmetic;      /* neither compute-capability nor a unit attribute given */
    size_t n_kernels;
    bool *has_occ;              /* owned, per kernel: occ[k] is set (<sm> and <launch>) */
    occ_result *occ;            /* owned, per kernel */
    int64_t anchor;             /* n0 of the speed-up curve */
    size_t n_sizes;             /* rows per kernel, as in the model's table */
    double *speedup;            /* owned: n_kernels * n_sizes, kernel-major, S(k, n); the
                                 * efficiency E(k, n) = S / n is concurrency_efficiency's (not stored:
                                 * a 1,000-kernel, 4,096-SM input would spend 33 MB on it) */
    conc_pair *pairs;           /* owned */
    size_t n_pairs;
    conc_note *notes;           /* owned: one per partition (or the whole GPU) */
    size_t n_notes;
    conc_mapping *maps;         /* owned */
    size_t n_maps;
    conc_skip *skips;           /* owned */
    size_t n_skips;
} rt_concurrency;

/* Compute every model for the task set on m's GPU and the layout l (NULL: no layout, the whole
 * GPU as one partition holding every task). Launches must have passed occupancy_check_launches.
 * Returns NULL when out of memory; the caller frees with concurrency_free. */
rt_concurrency *concurrency_new(const model *m, const rt_taskset *ts, const rt_layout *l,
                         lo_distribution dist);
/* Free c and everything it owns; NULL is a no-op. */
void concurrency_free(rt_concurrency *c);

/* Efficiency E(k, n) = S(k, n) / n of kernel k at row s of the model's table (n SMs). */
double concurrency_efficiency(const rt_concurrency *c, size_t k, size_t s, int64_t n);

#endif
