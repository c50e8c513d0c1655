/* occupancy: per-block demand, isolated occupancy A(L) with its limiting factors, and the room
 * left on an occupied SM (docs/concurrency.md sec. 2); the primitive of leftover and mapping. */
#ifndef RT_OCCUPANCY_H
#define RT_OCCUPANCY_H

#include <stdbool.h>
#include <stdint.h>

#include "taskset/gpu.h"
#include "taskset/taskset.h"
#include "util/diag.h"

/* The five per-SM limits of docs/concurrency.md sec. 2, in the order the report lists them. */
typedef enum {
    OCC_THREADS, OCC_WARPS, OCC_BLOCKS, OCC_REGISTERS, OCC_SHARED_MEMORY, OCC_N_FACTORS
} occ_factor;

/* A limit that does not bind (R_w = 0 or S_b = 0: "no limit", null in JSON). */
#define OCC_NO_LIMIT INT64_C(-1)

typedef enum {
    OCC_OK,
    OCC_E_THREADS_PER_BLOCK,     /* T > threads-per-block */
    OCC_E_REGISTERS_PER_THREAD,  /* r > registers-per-thread */
    OCC_E_SHARED_PER_BLOCK,      /* S > shared-memory-per-block */
    OCC_E_REGISTERS_PER_BLOCK,   /* R_w * roundup(W_b, warp-granularity) > registers-per-block */
    OCC_E_NO_BLOCK_FITS,         /* A(L) = 0 */
    OCC_E_RANGE                  /* a product does not fit in 64 bits */
} occ_status;

/* What one block of a launch asks of an SM (docs/concurrency.md sec. 2). */
typedef struct occ_demand {
    int64_t grid;                 /* G: blocks of the launch (product of the dimensions) */
    int64_t threads;              /* T: threads per block (product of the dimensions) */
    int64_t registers_per_thread; /* r: as given, 0 if not given */
    int64_t shared_memory;        /* S: bytes per block as given, 0 if not given */
    bool registers_assumed;       /* r was not given: 0 assumed */
    bool shared_memory_assumed;   /* S was not given: 0 assumed */
    int64_t warps;                /* W_b = cdiv(T, warp-size) */
    int64_t registers_per_warp;   /* R_w = roundup(r * warp-size, register-unit) */
    int64_t registers;            /* R_b = R_w * W_b */
    int64_t shared_memory_block;  /* S_b = roundup(S + reserved, shared-memory-unit) */
    int64_t registers_checked;    /* R_w * roundup(W_b, warp-granularity), the per-block check */
} occ_demand;

/* A launch's isolated occupancy A(L) on one SM (docs/concurrency.md sec. 2). */
typedef struct occ_result {
    occ_status status;            /* OCC_OK: every field below is set */
    occ_demand d;
    int64_t limit[OCC_N_FACTORS]; /* lim_threads .. lim_smem; OCC_NO_LIMIT for infinity */
    int64_t active_blocks;        /* A(L) = min of the limits */
    unsigned limiting;            /* bit (1u << f) for every factor f whose limit equals A(L) */
    int64_t occ_num, occ_den;     /* occupancy = A * W_b / warps, as a fraction */
    double occupancy;             /* the same as a real */
} occ_result;

/* Resources held on one SM by resident blocks (docs/concurrency.md sec. 2). */
typedef struct occ_usage {
    int64_t threads, warps, blocks, registers, shared_memory;
} occ_usage;

/* Demand, limits and A(L) of launch l on an SM with limits sm; returns out->status. On an
 * error status the fields after d may be unset. */
occ_status occupancy_isolated(const rt_sm_limits *sm, const rt_launch_cfg *l, occ_result *out);
/* room(s, L) of docs/concurrency.md sec. 2: blocks of k that still fit on an SM holding u, of which
 * n_k are blocks of k itself (>= 0). k must have status OCC_OK. */
int64_t occupancy_room(const rt_sm_limits *sm, const occ_usage *u, const occ_result *k, int64_t n_k);
/* Add n blocks of k to u; false (u unchanged) on overflow. */
bool occupancy_usage_add(occ_usage *u, const occ_result *k, int64_t n);
/* "threads", "warps", "blocks", "registers", "shared memory" (JSON: "shared_memory"). */
const char *occupancy_factor_name(occ_factor f);
const char *occupancy_factor_key(occ_factor f);
/* Check every kernel's <launch> against gpu's <sm> (docs/concurrency.md sec. 2: invalid launches),
 * recording one located error per invalid launch in d (file ts->path, line of the <launch>). Does
 * nothing without <sm>. Returns the number of errors recorded. */
int occupancy_check_launches(const rt_taskset *ts, const rt_gpu *gpu, rt_diags *d);

#endif
