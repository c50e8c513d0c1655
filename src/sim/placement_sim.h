/* placement_sim: the timed block simulation of docs/concurrency.md sec. 8 (a tool extension: the
 * paper has no timing model): a scenario's kernels are submitted to the whole GPU at their times,
 * placed block by block by the most-room policy with the leftover head-of-line rule
 * (models/placement.h), and each block holds its SM's resources for its kernel's block-time.
 * Without block-time a kernel's blocks never end (placement only). */
#ifndef RT_PLACEMENT_SIM_H
#define RT_PLACEMENT_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/budget.h"
#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* The most blocks one scenario may have (every block is recorded). */
#define PSIM_MAX_BLOCKS 2000000

typedef enum {
    PSIM_OK = 0,
    PSIM_ENOMEM = -1,   /* out of memory */
    PSIM_ERANGE = -2,   /* a block ends beyond 2^63 - 1 ns */
    PSIM_ETOOBIG = -3,  /* more than PSIM_MAX_BLOCKS blocks */
    PSIM_ENOSM = -4,    /* the GPU has no <sm> limits */
    PSIM_ELAUNCH = -5,  /* a kernel's launch cannot run on the GPU (occupancy error) */
    PSIM_EBUDGET = -6   /* the work budget ran out (budget->exhausted; no result) */
} psim_status;

/* One placed block. */
typedef struct psim_block {
    size_t kernel;          /* index into psim_result.kernels (queue order) */
    int64_t block;          /* blockIdx: 0 .. blocks - 1 */
    size_t sm;
    int64_t room;           /* room(sm, kernel) just before the block was placed */
    int64_t start_ns;
    int64_t end_ns;         /* -1: never ends (the kernel has no block-time) */
    size_t slot;            /* lowest slot of its SM free at start (slots: blocks resident at
                               once), so that blocks resident together never share one */
} psim_block;

/* One submitted kernel. */
typedef struct psim_kernel {
    size_t kernel;          /* task-set kernel index */
    int64_t at_ns;          /* submission time */
    int64_t blocks;         /* G */
    int64_t placed;         /* blocks placed; blocks - placed wait forever */
    int64_t active_blocks;  /* A(L) */
    int64_t block_time_ns;  /* 0: none (placement only) */
    int64_t start_ns;       /* start of its first block; -1 if none was placed */
    int64_t finish_ns;      /* end of its last block; -1 unless every block was placed and ended */
    size_t *sms;            /* owned: the SMs that ran one of its blocks, ascending */
    size_t n_sms;
    size_t *colocated;      /* owned: kernels (psim_result.kernels indices, ascending) with a block
                               resident on one of its SMs at the same time */
    size_t n_colocated;
} psim_kernel;

typedef struct psim_result {
    size_t scenario;        /* task-set scenario index */
    size_t n_sms;
    psim_block *blocks;     /* owned, in the order they were placed */
    size_t n_blocks;
    psim_kernel *kernels;   /* owned, queue order: by at, then file order */
    size_t n_kernels;
    int64_t total_blocks;   /* sum of G */
    int64_t waiting;        /* blocks never placed */
    int64_t end_ns;         /* the last event: the last block's end, or the last placement */
    size_t *sm_slots;       /* owned: per SM, the slots used (most blocks resident at once) */
} psim_result;

/* Units of the work budget charged per block placed and per SM or kernel its placement visits:
 * the most-room choice scans every SM and the co-location record every kernel. 73 s for 2 M
 * blocks on 4,096 SMs is about 9 ns per SM visited, three units of about 3 ns each (the budget's
 * default 2^34 units are about 50 s of analysis, docs/analysis.md). */
#define PSIM_UNITS_PER_VISIT 3
/* Simulate scenario (index into ts->scenarios) on gpu, each block charged to budget (NULL: no
 * limit) PSIM_UNITS_PER_VISIT x (SMs + kernels) units. Returns PSIM_OK with *out filled (free
 * with placement_sim_result_fini), or a negative psim_status (*out empty). */
int placement_sim_run(const rt_taskset *ts, const rt_gpu *gpu, size_t scenario, rt_budget *budget,
             psim_result *out);
/* Free what r owns; r is left empty. */
void placement_sim_result_fini(psim_result *r);

/* One kernel's blocks on one SM taken together, for a chart too dense to draw every block. */
typedef struct psim_band {
    size_t sm;
    size_t kernel;          /* index into psim_result.kernels */
    int64_t first_ns;       /* start of its first block on the SM */
    int64_t last_ns;        /* end of its last block there; -1 if one of them never ends */
    int64_t blocks;         /* its blocks that ran on the SM (>= 1) */
} psim_band;

/* One band per (SM, kernel) that ran a block, ordered by SM then kernel, into *out (owned by
 * the caller: free) and *n. Returns PSIM_OK or PSIM_ENOMEM (*out NULL). */
int placement_sim_bands(const psim_result *r, psim_band **out, size_t *n);

/* How far a kernel's block-time may take its scenario from the kernel's own time before
 * placement_sim_check_block_times warns: more than this percentage of the kernel's time. */
#define PSIM_TIME_TOLERANCE_PCT 25
/* Warn (at the kernel's <launch>, file ts->path) for each kernel of r with a block-time whose
 * duration alone on the GPU, block-time x ceil(G / (SMs x A(L))) (its blocks run in waves of
 * SMs x A(L)), differs from its own time (time, or cycles at gpu's clock) by more than
 * PSIM_TIME_TOLERANCE_PCT percent of that time (docs/concurrency.md sec. 8). */
void placement_sim_check_block_times(const rt_taskset *ts, const rt_gpu *gpu, const psim_result *r,
                            rt_diags *d);
/* A status in words, for messages ("out of memory", ...). */
const char *placement_sim_status_text(int status);

#endif
