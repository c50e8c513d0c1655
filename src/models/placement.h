/* placement: Gilman et al.'s most-room block placement with the leftover head-of-line rule
 * (docs/concurrency.md sec. 8): the SMs' resident blocks, MostRoom, and the placing of the queued
 * kernels' blocks. No clock: the timed simulation is sim/placement_sim.h. */
#ifndef RT_PLACEMENT_H
#define RT_PLACEMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/occupancy.h"
#include "taskset/gpu.h"

typedef struct place_state place_state;   /* opaque */

/* Called for every block placed by placement_drain: kernel (its index in the queue), the block's
 * index (blockIdx order), the SM and room(SM, kernel) before placing. Nonzero stops the drain
 * and is returned by it. */
typedef int (*place_cb)(void *ctx, size_t kernel, int64_t block, size_t sm, int64_t room);

/* Fill order[0..gpu->sms) with the tie-break order of gpu's <sm placement-order>: ascending
 * 0, 1, ...; even-odd 0, 2, ..., 1, 3, ...; or the file's permutation. */
void placement_order_fill(const rt_gpu *gpu, size_t *order);
/* A GPU of n_sms empty SMs with limits sm (borrowed) and tie-break order (copied); the kernels
 * (borrowed, status OCC_OK) are the submissions in queue order, kernel i with blocks[i] >= 1
 * blocks. NULL when out of memory. Free with placement_free. */
place_state *placement_new(const rt_sm_limits *sm, const size_t *order, size_t n_sms,
                       const occ_result *kernels, const int64_t *blocks, size_t n_kernels);
/* Free p; NULL is a no-op. */
void placement_free(place_state *p);
/* MostRoom(L) of docs/concurrency.md sec. 8: the first SM in the tie-break order whose room for
 * kernel k is the largest and at least 1, with that room in *room; -1 (room 0) when the block fits
 * nowhere. */
long placement_most_room(const place_state *p, size_t k, int64_t *room);
/* room(sm, kernel k) of docs/concurrency.md sec. 2 on the current state. */
int64_t placement_room(const place_state *p, size_t sm, size_t k);
/* Put one block of kernel k on sm / take one off (a block ends). Return 0, or -1 (nothing
 * changed) on a count overflow or, for placement_remove, when sm holds no block of k. */
int placement_add(place_state *p, size_t k, size_t sm);
int placement_remove(place_state *p, size_t k, size_t sm);
/* Blocks of kernel k resident on sm. */
int64_t placement_resident(const place_state *p, size_t sm, size_t k);
/* Step 3 of the timed loop (the leftover head-of-line rule): kernels [*head, arrived) are the
 * queue; while it is not empty, the head kernel places its next unplaced block on MostRoom,
 * calling cb; a kernel with no unplaced block leaves the queue (*head advances); a block that
 * fits nowhere stops the drain, so no later kernel places a block. Returns 0, -1 on a count
 * overflow, or cb's nonzero value. */
int placement_drain(place_state *p, size_t *head, size_t arrived, place_cb cb, void *ctx);

#endif
