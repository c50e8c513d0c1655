/* placement: most-room block placement of Gilman et al. with the leftover head-of-line rule.
 *
 * docs/concurrency.md sec. 8 ([GIL] secs. 1, 4.1-4.3 and 6):
 *   MostRoom(L):  best = none
 *                 for s in placement-order:
 *                     if room(s, L) >= 1 and (best = none or room(s, L) > room(best, L)): best = s
 *                 return best                                  (none: the block waits)
 *   room(s, L) is that of docs/concurrency.md sec. 2 (models/occupancy.c, occupancy_room): the five
 *   resources left on s, and the cap A(L) - n_L(s).
 *   Leftover: only the kernel at the head of the submission queue places blocks, one at a time in
 *   blockIdx order, room re-evaluated after each; a kernel leaves the head when all its blocks
 *   are placed; while the head kernel has a block that fits nowhere, no later kernel places any.
 *
 * Data: per SM the resources its resident blocks hold (occ_usage) and, in one n_sms x n_kernels
 * array, how many blocks of each kernel it holds (n_L(s)); per kernel the next unplaced block.
 * MostRoom is one pass over the order; since room(s, L) <= A(L), the pass stops at the first SM
 * whose room is A(L): a later SM could only tie, and ties go to the earlier SM. */
#include "models/placement.h"

#include <stdlib.h>
#include <string.h>

struct place_state {
    const rt_sm_limits *sm;
    size_t n_sms, n_kernels;
    size_t *order;              /* owned copy of the tie-break order */
    occ_usage *used;            /* per SM */
    int64_t *resident;          /* [s * n_kernels + k]: n_k(s) */
    const occ_result *kernels;  /* borrowed */
    int64_t *blocks, *next;     /* per kernel: G, next unplaced block */
};

void placement_order_fill(const rt_gpu *gpu, size_t *order)
{
    size_t n = (size_t)gpu->sms, i = 0;
    if (gpu->placement_order == RT_ORDER_EXPLICIT && gpu->placement_sms) {
        for (i = 0; i < n; i++)
            order[i] = (size_t)gpu->placement_sms[i];
    } else if (gpu->placement_order == RT_ORDER_EVEN_ODD) {
        for (size_t s = 0; s < n; s += 2)
            order[i++] = s;
        for (size_t s = 1; s < n; s += 2)
            order[i++] = s;
    } else {
        for (i = 0; i < n; i++)
            order[i] = i;
    }
}

place_state *placement_new(const rt_sm_limits *sm, const size_t *order, size_t n_sms,
                       const occ_result *kernels, const int64_t *blocks, size_t n_kernels)
{
    place_state *p = calloc(1, sizeof *p);
    size_t nk = n_kernels ? n_kernels : 1;
    if (!p || n_sms == 0 || n_sms > SIZE_MAX / nk)
        goto fail;
    p->sm = sm;
    p->n_sms = n_sms;
    p->n_kernels = n_kernels;
    p->kernels = kernels;
    p->order = malloc(n_sms * sizeof *p->order);
    p->used = calloc(n_sms, sizeof *p->used);
    p->resident = calloc(n_sms * nk, sizeof *p->resident);
    p->blocks = calloc(nk, sizeof *p->blocks);
    p->next = calloc(nk, sizeof *p->next);
    if (!p->order || !p->used || !p->resident || !p->blocks || !p->next)
        goto fail;
    memcpy(p->order, order, n_sms * sizeof *order);
    if (n_kernels)
        memcpy(p->blocks, blocks, n_kernels * sizeof *blocks);
    return p;
fail:
    placement_free(p);
    return NULL;
}

void placement_free(place_state *p)
{
    if (!p)
        return;
    free(p->next);
    free(p->blocks);
    free(p->resident);
    free(p->used);
    free(p->order);
    free(p);
}

int64_t placement_resident(const place_state *p, size_t sm, size_t k)
{
    return p->resident[sm * p->n_kernels + k];
}

int64_t placement_room(const place_state *p, size_t sm, size_t k)
{
    return occupancy_room(p->sm, &p->used[sm], &p->kernels[k], placement_resident(p, sm, k));
}

long placement_most_room(const place_state *p, size_t k, int64_t *room)
{
    long best = -1;
    int64_t best_room = 0, most = p->kernels[k].active_blocks;
    for (size_t i = 0; i < p->n_sms; i++) {
        size_t s = p->order[i];
        int64_t r = placement_room(p, s, k);
        if (r >= 1 && r > best_room) {
            best = (long)s;
            best_room = r;
            if (r >= most)
                break;
        }
    }
    *room = best_room;
    return best;
}

/* Add n (+1 or -1) blocks of kernel k on sm. */
static int change(place_state *p, size_t k, size_t sm, int64_t n)
{
    int64_t *res = &p->resident[sm * p->n_kernels + k];
    if (n < 0 && *res < 1)
        return -1;
    if (!occupancy_usage_add(&p->used[sm], &p->kernels[k], n))
        return -1;
    *res += n;
    return 0;
}

int placement_add(place_state *p, size_t k, size_t sm)
{
    return change(p, k, sm, 1);
}

int placement_remove(place_state *p, size_t k, size_t sm)
{
    return change(p, k, sm, -1);
}

int placement_drain(place_state *p, size_t *head, size_t arrived, place_cb cb, void *ctx)
{
    while (*head < arrived) {
        size_t k = *head;
        if (p->next[k] >= p->blocks[k]) {
            ++*head;
            continue;
        }
        int64_t room;
        long s = placement_most_room(p, k, &room);
        if (s < 0)
            return 0;
        if (placement_add(p, k, (size_t)s) != 0)
            return -1;
        int rc = cb ? cb(ctx, k, p->next[k], (size_t)s, room) : 0;
        p->next[k]++;
        if (rc)
            return rc;
    }
    return 0;
}
