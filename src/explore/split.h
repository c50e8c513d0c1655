/* split: Gregg et al.'s split sweep of the device between two kernels (docs/concurrency.md sec. 9),
 * in SMs through the synchronous windows of docs/model.md sec. 3 or in KernelMerge's slots, with
 * the sequential baseline, the best split, the gain and (slots) work stealing. */
#ifndef RT_SPLIT_H
#define RT_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/options.h"
#include "models/model.h"
#include "models/occupancy.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

typedef enum { SPLIT_UNIT_SMS, SPLIT_UNIT_SLOTS } split_unit;

/* One split: a gets `a` units, b gets `b`; times in cycles (sms) or ns (slots). */
typedef struct split_row {
    int64_t a, b;
    double time_a, time_b, time;
} split_row;

typedef struct split_opts {
    split_unit unit;
    int64_t slots;            /* --slots W; 0: W = N * A(merged) */
    const rt_options *opt;    /* sms: --interference and --naive-factor */
} split_opts;

typedef struct split_result {
    split_unit unit;
    size_t kernel_a, kernel_b;
    int64_t units;            /* sms: N; slots: W */
    int64_t granularity;      /* sms: g; slots: 1 */
    rt_interference_mode interference;   /* sms */
    occ_result merged;        /* slots: the merged launch's occupancy (A(m) = active_blocks) */
    bool slots_given;         /* slots: W came from --slots */
    size_t n_rows;
    split_row *rows;          /* owned: u ascending */
    size_t best;              /* index into rows */
    double sequential_a, sequential_b, sequential;   /* C(a,N) + C(b,N), or the native runs */
    double gain;              /* sequential / rows[best].time */
    bool concurrent;          /* rows[best].time < sequential (a tie is not a win) */
    bool has_steal;           /* slots, and at most KM_STEAL_MAX_BLOCKS blocks */
    double steal_a, steal_b, steal;
} split_result;

enum { SPLIT_OK = 0, SPLIT_EINPUT = -1, SPLIT_ENOMEM = -2 };

/* Sweep the splits between kernels a and b of ts (m built from gpu and ts). SPLIT_EINPUT after
 * recording a located error in d (no split possible, a missing <sm>, <launch> or block-time, a
 * merged launch that fits no SM, a count out of range). Free out with split_result_fini. */
int split_run(const model *m, const rt_taskset *ts, const rt_gpu *gpu, size_t a, size_t b,
              const split_opts *o, split_result *out, rt_diags *d);
/* Free what split_run put in r (not r); safe on a zeroed struct. */
void split_result_fini(split_result *r);
/* "sms" or "slots". */
const char *split_unit_name(split_unit u);

#endif
