/* leftover: Cruz et al.'s leftover check for an ordered pair of kernels on nSM SMs: do they run
 * concurrently (case A), only in k1's last round (B) or one after the other (C), and k2's
 * slowdown for lack of SM resources as an exact fraction (docs/concurrency.md sec. 3). */
#ifndef RT_LEFTOVER_H
#define RT_LEFTOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/occupancy.h"
#include "taskset/gpu.h"

/* Where k1's blocks sit when k2 arrives (docs/concurrency.md sec. 3, C2): packed (the default: full
 * SMs, one partial SM, free SMs) or spread (evenly over every SM, [GIL]'s most-room on an empty
 * GPU). */
typedef enum { LO_PACKED, LO_SPREAD } lo_distribution;
typedef enum { LO_CASE_A, LO_CASE_B, LO_CASE_C } lo_case;

/* SMs that hold the same number of k1 blocks, and the k2 blocks that fit beside them. */
typedef struct lo_group {
    int64_t sms;           /* how many SMs */
    int64_t first_blocks;  /* k1 blocks on each */
    int64_t alloc;         /* Alloc(first_blocks) of Algorithm 2 (A2 on an empty SM) */
} lo_group;

typedef struct lo_result {
    lo_case kase;
    bool evaluated;        /* line 2 held (ExecTime_k1 > Launch_overhead): cond1 was evaluated */
    bool cond1;            /* B1 < A1 * nSM (meaningful when evaluated) */
    bool placed;           /* cond1 held: the placement fields, capacity and cond2 are set */
    bool cond2;            /* Cap > 0 (meaningful when placed) */
    int64_t active_first, active_second;   /* A1, A2 */
    int64_t rounds_first;                  /* Rounds(k1, nSM), eq. 1 */
    int64_t last_round_blocks;             /* B1 mod (A1 * nSM) */
    /* packed placement (placed and LO_PACKED; else -1): F, q, Alloc(A1), Alloc(q) (-1 if q = 0) */
    int64_t full_sms, partial_blocks, alloc_full, alloc_partial;
    int64_t free_sms;                      /* SMs holding no k1 block (placed) */
    lo_group groups[3];                    /* the placement, SMs with blocks first (placed) */
    size_t n_groups;
    int64_t capacity;                      /* Cap = sum over groups of sms * alloc (placed) */
    int64_t rounds_second;                 /* Rounds(k2, nSM), eq. 1 */
    bool has_slowdown;                     /* case A: the next three are set */
    int64_t rounds_lim_res;                /* eq. 3: cdiv(B2, Cap) */
    int64_t slowdown_num, slowdown_den;    /* eq. 2: RoundsLimRes / Rounds(k2, nSM), unreduced */
    double slowdown;                       /* the same as a real */
} lo_result;

/* eq. 1: Rounds(k, n) = cdiv(blocks, active * n) (blocks, active, n >= 1). */
int64_t leftover_rounds(int64_t blocks, int64_t active, int64_t n);
/* Algorithm 2 with C1 and C4: k2 blocks that fit on an SM holding x blocks of k1 and nothing
 * else (0 <= x <= A1; k1, k2 with status OCC_OK). */
int64_t leftover_alloc(const rt_sm_limits *sm, const occ_result *k1, const occ_result *k2, int64_t x);
/* Algorithm 1 and eq. 1-3 for k1 then k2 on n_sms SMs; past_overhead is line 2
 * (ExecTime_k1 > Launch_overhead). Returns 0, or -1 if a count overflows 64 bits. */
int leftover_pair(const rt_sm_limits *sm, const occ_result *k1, const occ_result *k2, int64_t n_sms,
            bool past_overhead, lo_distribution dist, lo_result *out);
/* "A", "B", "C"; "packed", "spread". */
const char *leftover_case_name(lo_case c);
const char *leftover_distribution_name(lo_distribution d);

#endif
