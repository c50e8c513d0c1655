/* kmerge: Gregg et al.'s KernelMerge in its own unit, slots (docs/concurrency.md sec. 9): the
 * merged launch and its slot count, the split times, the native sequential baseline and work
 * stealing. */
#ifndef RT_KMERGE_H
#define RT_KMERGE_H

#include <stddef.h>
#include <stdint.h>

#include "models/occupancy.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"

/* One kernel of the pair as KernelMerge sees it. */
typedef struct km_kernel {
    int64_t grid;            /* G: blocks */
    int64_t block_time_ns;   /* d: one block running alone, > 0 */
    int64_t active_blocks;   /* A of its own launch: its native sequential run, eq. 1 */
} km_kernel;

/* One split: a gets `a` slots, b gets `b` = W - a; times in ns. */
typedef struct km_row {
    int64_t a, b;
    int64_t time_a_ns, time_b_ns, time_ns;
} km_row;

/* Work stealing (Fig. 3a): when each kernel's last block ends, and the later of the two. */
typedef struct km_steal {
    int64_t time_a_ns, time_b_ns, time_ns;
} km_steal;

enum { KM_OK = 0, KM_ERANGE = -1, KM_ENOMEM = -2 };

/* The most blocks kmerge_work_stealing simulates (one heap step each); beyond it the caller reports
 * work stealing as not computed. */
#define KM_STEAL_MAX_BLOCKS (INT64_C(1) << 24)

/* The merged launch m of a and b: T, r and S the larger of the two (registers or shared memory
 * given by neither stay "not given"); its occupancy on sm into *out. Returns out->status. */
occ_status kmerge_merged(const rt_sm_limits *sm, const rt_launch_cfg *a, const rt_launch_cfg *b,
                     occ_result *out);
/* T(k, u) = cdiv(G, u) * d: kernel k on u slots (u >= 1), its blocks back to back. */
int kmerge_time_ns(const km_kernel *k, int64_t slots, int64_t *ns);
/* Rounds(k, N) d of k's native run on N SMs, Rounds(k, N) = cdiv(G, A N) (eq. 1). */
int kmerge_native_ns(const km_kernel *k, int64_t sms, int64_t *ns);
/* T_seq = Rounds(a, N) d_a + Rounds(b, N) d_b, Rounds(k, N) = cdiv(G, A N) (eq. 1). */
int kmerge_sequential_ns(const km_kernel *a, const km_kernel *b, int64_t sms, int64_t *ns);
/* Every split u = 1 .. W-1 of W slots (W >= 2) into rows[0 .. W-2] (caller's array), and the
 * best row (smallest time, ties to the smaller u) into *best. */
int kmerge_sweep(const km_kernel *a, const km_kernel *b, int64_t slots, km_row *rows, size_t *best);
/* Work stealing on W slots: queue a0, b0, a1, b1, ..., then the rest of the longer kernel; the
 * slot free earliest (ties: lowest index) takes the head. KM_ERANGE also when G_a + G_b exceeds
 * KM_STEAL_MAX_BLOCKS. Allocates and frees its own heap. */
int kmerge_work_stealing(const km_kernel *a, const km_kernel *b, int64_t slots, km_steal *out);

#endif
